//! The banded elimination and the convolution-based length distribution against the
//! dense elimination (the reference): every fixture board under every rule, random
//! small boards, and boards dense with snakes.

use ladders::{Board, Chain, EndRule, Rules, SolveMethod, Start};
use proptest::prelude::*;

/// Every board among the fixtures (the `bad-*` files are not boards).
fn fixture_boards() -> Vec<(String, Board)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/ladders");
    let mut boards = Vec::new();
    for entry in std::fs::read_dir(dir).expect("fixtures/ladders exists") {
        let path = entry.expect("readable").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        let is_board = name.ends_with(".txt") || name.ends_with(".json");
        if !is_board || name.starts_with("bad-") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        boards.push((name, Board::parse(&text).expect("fixture board parses")));
    }
    boards.push(("chutes and ladders".into(), ladders::chutes_and_ladders()));
    boards.sort_by(|a, b| a.0.cmp(&b.0));
    boards
}

fn every_rule() -> Vec<Rules> {
    let mut all = Vec::new();
    for faces in [1, 2, 3, 6, 10] {
        for end in [EndRule::Exact, EndRule::OvershootWins, EndRule::Bounce] {
            for start in [Start::OffBoard, Start::SquareOne] {
                let rules = Rules::new(faces).expect("faces").with_end(end);
                all.push(rules.with_start(start));
            }
        }
    }
    all
}

/// `a` and `b` agree to 1e-9 relative (both `None` counts as agreeing).
fn agree(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        // Equal infinities (too large to represent) agree too.
        (Some(a), Some(b)) => a == b || (a - b).abs() <= 1e-9 * a.abs().max(1.0),
        (None, None) => true,
        _ => false,
    }
}

/// Expected turns on `staircase.txt` with a six-sided die, computed in exact rational
/// arithmetic by `exact_staircase.py` (beside this file: Gaussian elimination over
/// Python fractions, then `float()`). These games last 4e7 to 7e7 turns; an
/// elimination that subtracts loses up to 3.4e-9 of the figure to cancellation there
/// (the dense one did), the banded and dense ones (which never subtract) do not.
const STAIRCASE_EXACT: [(EndRule, Start, f64); 6] = [
    (EndRule::Exact, Start::OffBoard, 57_020_939.631_248_2),
    (EndRule::Exact, Start::SquareOne, 57_020_939.630_712_29),
    (
        EndRule::OvershootWins,
        Start::OffBoard,
        39_771_393.719_321_7,
    ),
    (
        EndRule::OvershootWins,
        Start::SquareOne,
        39_771_393.718_785_8,
    ),
    (EndRule::Bounce, Start::OffBoard, 66_230_898.874_885_4),
    (EndRule::Bounce, Start::SquareOne, 66_230_898.874_349_49),
];

#[test]
fn banded_equals_dense_on_every_fixture_board() {
    let boards = fixture_boards();
    assert!(boards.len() >= 10, "found {} boards", boards.len());
    for (name, board) in &boards {
        for rules in every_rule() {
            let chain = Chain::new(board, &rules);
            let dense = chain.expected_turns_dense().map(|e| e.turns);
            let banded = chain.expected_turns_banded().map(|e| e.turns);
            let chosen = chain.expected_turns().expect("solves").map(|e| e.turns);
            let exact = STAIRCASE_EXACT.iter().find(|&&(end, start, _)| {
                name == "staircase.txt"
                    && rules.faces() == 6
                    && (end, start) == (rules.end(), rules.start())
            });
            if let Some(&(_, _, exact)) = exact {
                let (dense, banded) = (dense.expect("ends"), banded.expect("ends"));
                assert!(
                    (banded - exact).abs() <= 1e-12 * exact,
                    "{banded} vs {exact}"
                );
                assert!((dense - exact).abs() <= 1e-12 * exact, "{dense} vs {exact}");
                continue;
            }
            assert!(
                agree(dense, banded),
                "{name} {rules:?}: {dense:?} vs {banded:?}"
            );
            assert!(
                agree(dense, chosen),
                "{name} {rules:?}: {dense:?} vs {chosen:?}"
            );
        }
    }
}

#[test]
fn banded_equals_dense_on_boards_dense_with_snakes() {
    for (squares, max_drop, seed) in [(300, 6, 1), (500, 10, 2), (700, 3, 3), (400, 12, 4)] {
        let board = Board::snake_heavy(squares, max_drop, seed);
        let chain = Chain::new(&board, &Rules::classic());
        let dense = chain.expected_turns_dense().expect("every game ends");
        let banded = chain.expected_turns_banded().expect("every game ends");
        assert!(
            agree(Some(dense.turns), Some(banded.turns)),
            "{squares} {max_drop}: {} vs {}",
            dense.turns,
            banded.turns
        );
        // The length distribution's mean is a third, independent route to the figure.
        let dist = chain.length_distribution(1e-13, 1_000_000);
        assert!(dist.unfinished <= 1e-13);
        let mean = dist.mean();
        assert!(
            (mean - dense.turns).abs() <= 1e-8 * dense.turns,
            "{mean} vs {}",
            dense.turns
        );
    }
}

#[test]
fn a_board_dense_with_short_snakes_is_solved_in_a_band() {
    let board = Board::snake_heavy(10_000, 6, 1);
    let chain = Chain::new(&board, &Rules::classic());
    let e = chain
        .expected_turns()
        .expect("solves")
        .expect("every game ends");
    assert_eq!(e.method, SolveMethod::Banded { lower: 5, upper: 6 });
}

/// A random board of 2..=60 squares; jumps anywhere (the dense system's worst case
/// for the band) or short (the band's best case).
fn board() -> impl Strategy<Value = Board> {
    (
        2u32..=60,
        1u32..=60,
        proptest::collection::vec((any::<u32>(), any::<u32>()), 0..30),
    )
        .prop_map(|(squares, reach, raw)| {
            let mut used = vec![false; squares as usize + 1];
            let mut jumps = Vec::new();
            for (a, b) in raw {
                let from = 1 + a % squares;
                let span = 1 + b % reach.min(squares);
                let to = if b % 2 == 0 {
                    from.saturating_sub(span).max(1)
                } else {
                    (from + span).min(squares)
                };
                if from == squares || to == from || used[from as usize] {
                    continue;
                }
                used[from as usize] = true;
                jumps.push((i64::from(from), i64::from(to)));
            }
            Board::from_jumps(u64::from(squares), &jumps).expect("valid")
        })
}

proptest! {
    /// The banded, dense and chosen methods agree on random boards and rules.
    #[test]
    fn methods_agree_on_random_boards(
        board in board(),
        faces in 1u32..=8,
        end in prop_oneof![Just(EndRule::Exact), Just(EndRule::OvershootWins), Just(EndRule::Bounce)],
        square_one in any::<bool>(),
    ) {
        let start = if square_one { Start::SquareOne } else { Start::OffBoard };
        let rules = Rules::new(faces).expect("faces").with_end(end).with_start(start);
        let chain = Chain::new(&board, &rules);
        let dense = chain.expected_turns_dense().map(|e| e.turns);
        let banded = chain.expected_turns_banded().map(|e| e.turns);
        let chosen = chain.expected_turns().expect("solves").map(|e| e.turns);
        prop_assert_eq!(dense.is_some(), chain.trap().is_none());
        prop_assert!(agree(dense, banded), "{:?} vs {:?}", dense, banded);
        prop_assert!(agree(dense, chosen), "{:?} vs {:?}", dense, chosen);
    }
}

/// `squares 6m` where every square but the multiples of 6 (and square 1) has a snake to
/// square 1: a game ends only after m rolls in a row that each land on the next
/// multiple of 6, and any other roll starts it again from square 1. The expected
/// length is that of a run of m successes of probability p = 1/6,
/// `(p^-m - 1) / (1 - p)` = 6 (6^m - 1) / 5 turns, which passes 10³⁰⁸ at m = 396.
fn run_of_sixes(m: u32) -> Board {
    let last = 6 * i64::from(m);
    let snakes: Vec<(i64, i64)> = (2..last).filter(|s| s % 6 != 0).map(|s| (s, 1)).collect();
    Board::from_jumps(last as u64, &snakes).expect("a valid board")
}

#[test]
fn a_game_that_almost_never_ends_has_its_huge_expectation() {
    // The dense elimination once found 1 - (1 - 6^-50) as rounding noise and answered
    // 7.2 turns here.
    for m in [10, 25, 50, 100, 300] {
        let chain = Chain::new(&run_of_sixes(m), &Rules::classic());
        let exact = 6.0 * (6f64.powi(m as i32) - 1.0) / 5.0;
        for e in [
            chain.expected_turns().expect("solved"),
            chain.expected_turns_dense(),
        ] {
            let e = e.expect("every game ends");
            assert!(!e.is_too_large());
            assert!(
                (e.turns - exact).abs() <= 1e-12 * exact,
                "m = {m}: {} turns, expected {exact}",
                e.turns
            );
        }
    }
}

#[test]
fn an_expectation_beyond_f64_is_too_large_not_nonsense() {
    // 6^400 overflows the expectation; 6^-1000 underflows the chance of a run.
    for m in [400, 1000] {
        let chain = Chain::new(&run_of_sixes(m), &Rules::classic());
        assert_eq!(chain.trap(), None, "every game ends");
        let e = chain
            .expected_turns()
            .expect("solved")
            .expect("every game ends");
        assert!(e.is_too_large(), "m = {m}: {} turns", e.turns);
        assert_eq!(e.turns, f64::INFINITY);
    }
}

/// A board of `n` squares with long snakes (from square 300 up, dropping 150 squares
/// or more) on about one square in eight and a few ladders 100 to 300 squares long:
/// games that last 10⁹ to 10²² turns, with a hundred or more back-reached squares.
fn long_snakes(n: u64, seed: u64) -> Board {
    let mut rng = grid_core::SplitMix64::new(seed);
    let mut starts = std::collections::HashSet::new();
    let mut jumps = Vec::new();
    for _ in 0..n / 8 {
        let from = 300 + rng.below(n as usize - 301) as i64;
        if starts.insert(from) {
            jumps.push((from, 2 + rng.below(from as usize - 152) as i64));
        }
    }
    for _ in 0..n / 30 {
        let from = 2 + rng.below(n as usize / 2) as i64;
        let to = from + 100 + rng.below(200) as i64;
        if !starts.contains(&from) && !starts.contains(&to) && to < n as i64 {
            starts.insert(from);
            jumps.push((from, to));
        }
    }
    Board::from_jumps(n, &jumps).expect("a valid board")
}

#[test]
fn dense_equals_banded_on_games_of_1e9_to_1e22_turns() {
    // The dense elimination once found its pivots as 1 - B[d][d] and lost the figure
    // to cancellation past 1e16 turns (a factor 2 off at n = 3000); the banded one
    // never subtracted. Now neither does.
    for (n, seed) in [(1000, 3), (1200, 1), (1200, 2), (1500, 4), (2000, 6)] {
        let chain = Chain::new(&long_snakes(n, seed), &Rules::classic());
        let dense = chain.expected_turns_dense().expect("every game ends");
        let banded = chain.expected_turns_banded().expect("every game ends");
        assert!(matches!(dense.method, SolveMethod::Elimination { unknowns } if unknowns > 100));
        assert!(
            (dense.turns - banded.turns).abs() <= 1e-12 * banded.turns,
            "n = {n}: dense {:e}, banded {:e}",
            dense.turns,
            banded.turns
        );
    }
}
