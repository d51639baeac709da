//! Answers checked against independent references: published OEIS counts, the rules
//! verifier written separately from the search (`verify::queens`), and brute force on
//! small boards.

use grid_core::{BoundedCount, Positioned};
use queens::{
    CountOptions, FundamentalSolutions, PartialBoard, PartialCount, Shard, Solutions, canonical,
    count, count_with, is_solution,
};
// The checker independent of the bitboards: pairwise attacks on explicit coordinates, an
// `Err` naming the first attacking pair.
use verify::queens::check_solution;

/// OEIS A000170: the number of solutions, n = 1..=17.
const A000170: [u128; 17] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104,
];

/// OEIS A002562: the number of fundamental solutions, n = 1..=17.
const A002562: [u128; 17] = [
    1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
];

/// `count` (the constellations counter from n = 4) at the sizes issue 15 times; n = 4..=14
/// are checked below. About 10 s of CPU time in all.
#[test]
fn counts_match_oeis_at_15_16_and_17() {
    for n in 15..=17 {
        let counts = count(n).unwrap();
        assert_eq!(
            (counts.total, counts.fundamental),
            (A000170[n - 1], A002562[n - 1]),
            "n = {n}"
        );
    }
}

#[test]
fn counts_match_oeis_up_to_14() {
    for n in 1..=14 {
        let counts = count(n).unwrap();
        assert_eq!(counts.total, A000170[n - 1], "total for n = {n}");
        assert_eq!(
            counts.fundamental,
            A002562[n - 1],
            "fundamental for n = {n}"
        );
    }
}

/// The constellations counter against Takaki's corner / edge scheme (the crate's
/// earlier counter, now `verify::queens::count_classes`).
#[test]
fn counts_match_the_corner_and_edge_counter() {
    for n in 1..=13 {
        let counts = count(n).unwrap();
        assert_eq!(
            (counts.total, counts.fundamental),
            verify::queens::count_classes(n),
            "n = {n}"
        );
    }
}

/// Counts the `k` shards of the n-queens count, writes each as the line a shard's output
/// holds and merges the lines back (in reverse order).
fn merged(n: usize, k: usize) -> (u128, u128) {
    let parts: Vec<(String, String)> = (1..=k)
        .rev()
        .map(|i| {
            let shard = Shard::new(i, k).unwrap();
            let counts = count_with(n, &CountOptions::new().shard(shard)).unwrap();
            (
                format!("part-{i}"),
                PartialCount::new(n, shard, counts).to_string(),
            )
        })
        .collect();
    let merged = queens::merge(
        parts
            .iter()
            .map(|(name, line)| (name.as_str(), line.as_str())),
    )
    .unwrap();
    assert_eq!(merged.n, n);
    (merged.counts.total, merged.counts.fundamental)
}

#[test]
fn merged_shards_match_oeis() {
    let cases = (8..=16).flat_map(|n| [1, 2, 3, 7, 64].map(|k| (n, k)));
    for (n, k) in cases {
        assert_eq!(
            merged(n, k),
            (A000170[n - 1], A002562[n - 1]),
            "n = {n}, {k} shards"
        );
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_shards_match_the_serial_ones() {
    for (n, k) in [(11, 7), (13, 3)] {
        for i in 1..=k {
            let shard = CountOptions::new().shard(Shard::new(i, k).unwrap());
            assert_eq!(
                count_with(n, &shard.parallel()).unwrap(),
                count_with(n, &shard).unwrap(),
                "n = {n}, shard {i}/{k}"
            );
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_counts_match_oeis_up_to_16() {
    for n in 1..=16 {
        let counts = count_with(n, &CountOptions::new().parallel()).unwrap();
        assert_eq!(counts.total, A000170[n - 1], "total for n = {n}");
        assert_eq!(
            counts.fundamental,
            A002562[n - 1],
            "fundamental for n = {n}"
        );
    }
}

#[test]
fn every_enumerated_solution_is_valid_sorted_and_counted() {
    for n in 1..=11 {
        let mut previous: Option<Vec<usize>> = None;
        let mut total = 0u128;
        let mut classes = std::collections::BTreeSet::new();
        for columns in Solutions::new(n).unwrap() {
            assert_eq!(check_solution(&columns), Ok(()), "n = {n}: {columns:?}");
            assert!(is_solution(&columns));
            if let Some(prev) = &previous {
                assert!(prev < &columns, "n = {n}: not in lexicographic order");
            }
            classes.insert(canonical(&columns));
            previous = Some(columns);
            total += 1;
        }
        let counts = count(n).unwrap();
        assert_eq!(total, counts.total, "n = {n}");
        assert_eq!(classes.len() as u128, counts.fundamental, "n = {n}");
        let fundamental: Vec<Vec<usize>> = FundamentalSolutions::new(n).unwrap().collect();
        assert_eq!(
            fundamental,
            classes.into_iter().collect::<Vec<_>>(),
            "n = {n}"
        );
    }
}

#[test]
fn enumeration_of_12_and_13_matches_the_counter() {
    for n in [12, 13] {
        let mut solutions = Solutions::new(n).unwrap();
        let mut total = 0u128;
        while let Some(columns) = solutions.next_solution() {
            assert_eq!(check_solution(columns), Ok(()), "n = {n}: {columns:?}");
            total += 1;
        }
        assert_eq!(total, A000170[n - 1]);
    }
}

/// Every permutation of 0..n in lexicographic order (Heap-free: next_permutation).
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap();
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[test]
fn enumeration_equals_brute_force_over_permutations() {
    for n in 1..=8 {
        let mut p: Vec<usize> = (0..n).collect();
        let mut brute = Vec::new();
        loop {
            if check_solution(&p).is_ok() {
                brute.push(p.clone());
            }
            if !next_permutation(&mut p) {
                break;
            }
        }
        let found: Vec<Vec<usize>> = Solutions::new(n).unwrap().collect();
        assert_eq!(found, brute, "n = {n}");
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_enumeration_is_identical_to_serial() {
    for n in [1, 4, 6, 8, 10, 12] {
        let serial: Vec<Vec<usize>> = Solutions::new(n).unwrap().collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let parallel: Vec<Vec<usize>> =
            pool.install(|| queens::ParallelSolutions::new(n).unwrap().collect());
        assert_eq!(parallel, serial, "n = {n}");
    }
}

#[test]
fn construction_is_valid_for_every_n_up_to_5000() {
    assert_eq!(queens::construct(1), Some(vec![0]));
    for n in [0, 2, 3] {
        assert_eq!(queens::construct(n), None);
    }
    for n in 4..=5000 {
        let columns = queens::construct(n).unwrap();
        assert_eq!(columns.len(), n);
        assert!(is_solution(&columns), "n = {n}");
    }
    // The pairwise checker agrees on the small ones.
    for n in 4..=300 {
        assert_eq!(
            check_solution(&queens::construct(n).unwrap()),
            Ok(()),
            "n = {n}"
        );
    }
}

#[test]
fn construction_is_valid_for_huge_n() {
    for n in [
        1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 1_000_005,
    ] {
        let columns = queens::construct(n).unwrap();
        assert!(is_solution(&columns), "n = {n}");
    }
}

#[test]
fn the_verifier_rejects_attacks_and_out_of_range_columns() {
    assert!(!is_solution(&[]));
    assert!(!is_solution(&[0, 0]));
    assert!(!is_solution(&[0, 1]));
    assert!(!is_solution(&[1, 0]));
    assert!(!is_solution(&[1, 3, 0, 4]));
    // Agreement with the pairwise checker on every array of length 1..=5 over 0..6.
    for n in 1..=5u32 {
        for code in 0..6usize.pow(n) {
            let columns: Vec<usize> = (0..n).map(|i| code / 6usize.pow(i) % 6).collect();
            let verdict = check_solution(&columns);
            assert_eq!(
                is_solution(&columns),
                verdict.is_ok(),
                "{columns:?}: {verdict:?}"
            );
        }
    }
}

mod completion {
    use super::*;
    use proptest::prelude::*;

    /// Brute force: all solutions that agree with the pre-placed queens and avoid blocks.
    fn brute(n: usize, fixed: &[Option<usize>], blocked: &[(usize, usize)]) -> Vec<Vec<usize>> {
        Solutions::new(n)
            .unwrap()
            .filter(|s| {
                s.iter().zip(fixed).all(|(c, f)| f.is_none_or(|f| f == *c))
                    && blocked.iter().all(|&(r, c)| s[r] != c)
            })
            .collect()
    }

    fn board_text(n: usize, fixed: &[Option<usize>], blocked: &[(usize, usize)]) -> String {
        let mut text = String::new();
        for (r, f) in fixed.iter().enumerate() {
            for c in 0..n {
                text.push(if *f == Some(c) {
                    'Q'
                } else if blocked.contains(&(r, c)) {
                    'x'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        text
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn completion_agrees_with_brute_force(
            n in 1usize..=9,
            seed in proptest::collection::vec((0usize..9, 0usize..9, 0u8..6), 0..8),
        ) {
            let mut fixed = vec![None; n];
            let mut blocked = Vec::new();
            for (r, c, kind) in seed {
                let (r, c) = (r % n, c % n);
                match kind {
                    0 => fixed[r] = Some(c),
                    1 => blocked.push((r, c)),
                    _ => {}
                }
            }
            // Keep the blocked squares off the queens.
            blocked.retain(|&(r, c)| fixed[r] != Some(c));
            let attacking = (0..n).any(|a| (a + 1..n).any(|b| match (fixed[a], fixed[b]) {
                (Some(x), Some(y)) => x == y || x.abs_diff(y) == b - a,
                _ => false,
            }));
            let parsed = board_text(n, &fixed, &blocked).parse::<PartialBoard>();
            if attacking {
                let is_attack = matches!(parsed, Err(queens::QueensError::Attacking { .. }));
                prop_assert!(is_attack, "expected an attack error");
            } else {
                let board = parsed.unwrap();
                // The Display form reads back as the same board.
                prop_assert_eq!(&board.to_string().parse::<PartialBoard>().unwrap(), &board);
                let expected = brute(n, &fixed, &blocked);
                let completion = board.first_completion().unwrap();
                if let Some(columns) = &completion {
                    let blocks = |row, col| blocked.contains(&(row, col));
                    prop_assert_eq!(verify::queens::check_completion(&fixed, blocks, columns), Ok(()));
                }
                prop_assert_eq!(completion, expected.first().cloned());
                prop_assert_eq!(board.count_completions_up_to(u64::MAX).unwrap(), BoundedCount::exact(expected.len() as u128));
                match board.find_completion(n as u64, 1_000_000) {
                    queens::Completion::Found(columns) => prop_assert!(expected.contains(&columns)),
                    queens::Completion::Impossible(_) => prop_assert!(expected.is_empty()),
                    other => prop_assert!(false, "small boards are settled: {:?}", other),
                }
                let two = board.count_completions_up_to(2).unwrap();
                prop_assert_eq!(two.count, expected.len().min(2) as u128);
                prop_assert_eq!(two.exact, expected.len() <= 2);
                let all: Vec<Vec<usize>> = board.completions().unwrap().collect();
                prop_assert_eq!(&all, &expected);
                if blocked.is_empty() {
                    let holes = PartialBoard::from_columns(&fixed).unwrap();
                    prop_assert_eq!(holes.count_completions_up_to(u64::MAX).unwrap(), BoundedCount::exact(expected.len() as u128));
                }
            }
        }
    }

    /// Whether a queen may stand on `(row, col)` in a completion, from the rules alone:
    /// its row's own queen, or not blocked and attacked by no placed queen.
    fn open(fixed: &[Option<usize>], blocked: &[(usize, usize)], row: usize, col: usize) -> bool {
        match fixed[row] {
            Some(queen) => queen == col,
            None => {
                !blocked.contains(&(row, col))
                    && fixed.iter().enumerate().all(|(r, f)| {
                        f.is_none_or(|c| c != col && c.abs_diff(col) != r.abs_diff(row))
                    })
            }
        }
    }

    /// Brute force over every permutation: whether each row can take a distinct column
    /// on an open square (a perfect matching of rows and columns).
    fn has_perfect_matching(n: usize, is_open: &dyn Fn(usize, usize) -> bool) -> bool {
        fn extend(
            row: usize,
            n: usize,
            used: &mut Vec<bool>,
            is_open: &dyn Fn(usize, usize) -> bool,
        ) -> bool {
            if row == n {
                return true;
            }
            for col in 0..n {
                if !used[col] && is_open(row, col) {
                    used[col] = true;
                    if extend(row + 1, n, used, is_open) {
                        return true;
                    }
                    used[col] = false;
                }
            }
            false
        }
        extend(0, n, &mut vec![false; n], is_open)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// The checks before any search: an obstruction only on boards brute force cannot
        /// complete; it is found exactly when no perfect matching of rows to columns on
        /// open squares exists (brute force over permutations); and the reason it gives
        /// holds on the board (the row or column has no open square, the rows' open
        /// squares lie in the fewer columns named).
        #[test]
        fn obstructions_are_sound_and_find_every_missing_matching(
            n in 1usize..=8,
            queens in proptest::collection::vec((0usize..8, 0usize..8), 0..3),
            blocked in proptest::collection::vec((0usize..8, 0usize..8), 0..24),
        ) {
            let mut fixed = vec![None; n];
            for (r, c) in queens {
                fixed[r % n] = Some(c % n);
            }
            let mut blocked: Vec<(usize, usize)> =
                blocked.into_iter().map(|(r, c)| (r % n, c % n)).collect();
            blocked.retain(|&(r, c)| fixed[r] != Some(c));
            let Ok(board) = board_text(n, &fixed, &blocked).parse::<PartialBoard>() else {
                // Attacking queens: an error, checked in the test above.
                return Ok(());
            };
            let is_open = |r: usize, c: usize| open(&fixed, &blocked, r, c);
            let matching = has_perfect_matching(n, &is_open);
            let obstruction = board.obstruction();
            prop_assert_eq!(obstruction.is_some(), !matching, "{:?}", obstruction);
            if let Some(obstruction) = obstruction {
                prop_assert!(brute(n, &fixed, &blocked).is_empty());
                prop_assert!(matches!(board.find_completion(0, 1_000), queens::Completion::Impossible(Some(_))));
                prop_assert_eq!(board.count_completions_up_to(10).unwrap(), BoundedCount::exact(0));
                match obstruction {
                    queens::Obstruction::Row { row } => {
                        prop_assert!(fixed[row].is_none());
                        prop_assert!((0..n).all(|c| !is_open(row, c)));
                    }
                    queens::Obstruction::Column { col } => {
                        prop_assert!(!fixed.contains(&Some(col)));
                        prop_assert!((0..n).all(|r| !is_open(r, col)));
                    }
                    queens::Obstruction::Pigeonhole { rows, columns } => {
                        prop_assert_eq!(columns.len() + 1, rows.len());
                        for &r in &rows {
                            prop_assert!(fixed[r].is_none());
                            prop_assert!((0..n).all(|c| !is_open(r, c) || columns.contains(&c)));
                        }
                    }
                    other => prop_assert!(false, "no such check: {:?}", other),
                }
            }
        }
    }

    /// The pigeonhole boards of the issue: rows 1-16 of a 30 x 30 board blocked from
    /// column 16 on (16 rows, 15 columns), and a 70-row board whose first row is all
    /// blocked; both proven impossible before any search, whatever the budget.
    #[test]
    fn pigeonhole_boards_are_impossible_at_once() {
        let pigeon = |n: usize, rows: usize, cols: usize| {
            let blocked: Vec<(usize, usize)> = (0..rows)
                .flat_map(|r| (cols..n).map(move |c| (r, c)))
                .collect();
            board_text(n, &vec![None; n], &blocked)
                .parse::<PartialBoard>()
                .unwrap()
        };
        let board = pigeon(30, 16, 15);
        let expected = queens::Obstruction::Pigeonhole {
            rows: (0..16).collect(),
            columns: (0..15).collect(),
        };
        assert_eq!(board.obstruction(), Some(expected.clone()));
        assert_eq!(
            expected.to_string(),
            "rows 1-16 can only use 15 columns (1-15)"
        );
        assert_eq!(
            board.find_completion(0, 1),
            queens::Completion::Impossible(Some(expected))
        );
        assert_eq!(
            board.count_completions_up_to(5).unwrap(),
            BoundedCount::exact(0)
        );
        // 15 rows in 15 columns is no pigeonhole (rows and columns can be matched).
        assert_eq!(pigeon(30, 15, 15).obstruction(), None);

        let row = pigeon(70, 1, 0);
        assert_eq!(row.obstruction(), Some(queens::Obstruction::Row { row: 0 }));
        assert_eq!(
            row.find_completion(0, 1),
            queens::Completion::Impossible(Some(queens::Obstruction::Row { row: 0 }))
        );
        assert_eq!(
            queens::Obstruction::Row { row: 0 }.to_string(),
            "row 1 has no open square (each is blocked or attacked by a placed queen)"
        );
    }

    #[test]
    fn bad_boards_name_the_place() {
        let err = |text: &str| {
            let err = text.parse::<PartialBoard>().unwrap_err();
            match err.text_position() {
                Some(position) => format!("{position}: {err}"),
                None => err.to_string(),
            }
        };
        assert_eq!(
            err("Q..\n.Q.\n..."),
            "the queens on row 1, column 1 and row 2, column 2 attack each other along a diagonal"
        );
        assert_eq!(
            err("Q.Q\n...\n..."),
            "the queens on row 1, column 1 and row 1, column 3 attack each other along a row"
        );
        assert_eq!(
            err("1 . 1"),
            "the queens on row 1, column 1 and row 3, column 1 attack each other along a column"
        );
        assert_eq!(
            err("...\n.a.\n..."),
            "2:2: expected `Q` (queen), `.` (empty) or `x` (blocked), found `a`"
        );
        assert_eq!(
            err("...\n..\n..."),
            "2:3: this row has 2 squares; a board of 3 rows must have 3 squares in every row"
        );
        assert_eq!(
            err("1 . 4"),
            "1:5: expected a column from 1 to 3 or `.` for an empty row, found `4`"
        );
        assert_eq!(
            err("  \n"),
            "1:1: the input is empty; expected a board of `Q`, `.` and `x` or a column list"
        );
    }
}
