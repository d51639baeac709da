//! Every file of `../shared/data/sudoku/` with the outcome its `SOURCES.md` states.
//! The small files are copied under `fixtures/sudoku/data/`; the large ones are read
//! from `../shared/data/sudoku/` and sampled (every k-th puzzle) to keep the suite fast.
//! Every solution is checked by the independent verifier `verify::sudoku`.

use crate::common::{fixture_lines, shared_lines};
use sudoku::{BoundedCount, Engine, Error, Sudoku, Verdict};
use verify::sudoku::check_solution_text;

/// Asserts that every puzzle is valid, has exactly one solution, and that the solution
/// passes the verifier. Returns the solutions.
fn assert_all_unique<'a>(name: &str, lines: impl Iterator<Item = &'a String>) -> Vec<String> {
    let mut solutions = Vec::new();
    for (i, line) in lines.enumerate() {
        let puzzle: Sudoku = line
            .parse()
            .unwrap_or_else(|e| panic!("{name} #{i}: {line}: {e}"));
        match puzzle.analyse(2).verdict() {
            Verdict::Unique(solution) => {
                let text = solution.to_string();
                if let Err(e) = check_solution_text(line, &text, 3, 3) {
                    panic!("{name} #{i}: bad solution {text}: {e}");
                }
                solutions.push(text);
            }
            other => panic!("{name} #{i}: {line}: expected a unique solution, got {other:?}"),
        }
    }
    assert!(!solutions.is_empty(), "{name}: no puzzles read");
    solutions
}

#[test]
fn small_unique_sets() {
    for (name, count) in [
        ("top95.txt", 95),
        ("hardest.txt", 11),
        ("easy50.txt", 50),
        ("hard20.txt", 20),
        ("famous_hard.txt", 10),
        ("forum_hardest_1106.txt", 375),
    ] {
        let lines = fixture_lines(name);
        assert_eq!(lines.len(), count, "{name}");
        assert_all_unique(name, lines.iter());
    }
}

#[test]
fn famous_anti_brute_force_puzzle_row_one() {
    let lines = fixture_lines("famous_hard.txt");
    let solutions = assert_all_unique("famous_hard.txt", lines.iter().take(1));
    assert_eq!(&solutions[0][..9], "987654321");
}

#[test]
fn top1465_all() {
    let lines = shared_lines("top1465.txt");
    assert_eq!(lines.len(), 1465);
    assert_all_unique("top1465.txt", lines.iter());
}

#[test]
fn large_sets_sampled() {
    for (name, total, step) in [
        ("17clue.txt", 49_158, 50),
        ("forum_hardest_1905_11plus.txt", 48_766, 50),
        ("norvig10k.txt", 10_000, 20),
    ] {
        let lines = shared_lines(name);
        assert_eq!(lines.len(), total, "{name}");
        let solved = assert_all_unique(name, lines.iter().step_by(step));
        assert_eq!(solved.len(), total.div_ceil(step));
    }
}

#[test]
fn serg_benchmark_sampled_has_several_solutions() {
    let lines = shared_lines("serg_benchmark.txt");
    assert_eq!(lines.len(), 10_000);
    for line in lines.iter().step_by(50) {
        let puzzle: Sudoku = line.parse().expect("serg puzzles parse");
        match puzzle.analyse(2).verdict() {
            Verdict::Multiple { count, example } if count == BoundedCount::at_least(2) => {
                check_solution_text(line, &example.to_string(), 3, 3)
                    .expect("the example solution is valid");
            }
            other => panic!("{line}: expected several solutions, got {other:?}"),
        }
    }
}

#[test]
fn invalid_givens_name_cells_and_unit() {
    let expected = [
        "r4c6 and r5c4 are both 5 in box 5",
        "r2c5 and r4c5 are both 1 in column 5",
        "r5c1 and r5c9 are both 2 in row 5",
        "r1c2 and r1c3 are both 9 in row 1",
        "r8c1 and r8c4 are both 9 in row 8",
        "r1c1 and r1c2 are both 1 in row 1",
        "r1c1 and r1c2 are both 8 in row 1",
    ];
    let lines = fixture_lines("invalid_givens.txt");
    assert_eq!(lines.len(), expected.len());
    for (line, want) in lines.iter().zip(expected) {
        match line.parse::<Sudoku>() {
            Err(Error::Clash(clash)) => assert_eq!(clash.to_string(), want, "{line}"),
            other => panic!("{line}: expected clashing givens, got {other:?}"),
        }
    }
}

#[test]
fn no_solution_set() {
    let lines = fixture_lines("no_solution.txt");
    assert_eq!(lines.len(), 14);
    for line in &lines {
        let puzzle: Sudoku = line.parse().expect("givens are consistent");
        for engine in [Engine::Auto, Engine::General] {
            let analysis = puzzle.analyse_with(2, engine);
            assert_eq!(
                (analysis.count.count, analysis.count.exact),
                (0, true),
                "{line} {engine:?}"
            );
            assert_eq!(analysis.verdict(), Verdict::NoSolution);
        }
    }
}

/// `(puzzle, count, solution)` from `tdoku_test_puzzles_with_counts.txt`.
fn tdoku_counts() -> Vec<(String, u64, Option<String>)> {
    fixture_lines("tdoku_test_puzzles_with_counts.txt")
        .iter()
        .map(|line| {
            let mut parts = line.split(':');
            let puzzle = parts.next().expect("puzzle").to_owned();
            let count = parts.next().expect("count").parse().expect("a count");
            (puzzle, count, parts.next().map(str::to_owned))
        })
        .collect()
}

#[test]
fn exact_counts_match_tdoku_for_both_engines() {
    let cases = tdoku_counts();
    assert_eq!(cases.len(), 43);
    for (puzzle, count, solution) in &cases {
        let sudoku: Sudoku = puzzle.parse().expect("tdoku puzzles parse");
        for engine in [Engine::Auto, Engine::General] {
            let analysis = sudoku.analyse_with(10_000, engine);
            assert_eq!(
                analysis.count.count,
                u128::from(*count),
                "{puzzle} {engine:?}"
            );
            assert!(analysis.count.exact);
            if let Some(first) = &analysis.first {
                check_solution_text(puzzle, &first.to_string(), 3, 3).expect("valid solution");
            }
            if let Some(solution) = solution {
                assert_eq!(
                    analysis.first.map(|s| s.to_string()).as_ref(),
                    Some(solution)
                );
            }
        }
    }
    // The puzzles-only copy holds the same puzzles in the same order.
    let plain = fixture_lines("tdoku_test_puzzles.txt");
    let from_counts: Vec<&String> = cases.iter().map(|(p, _, _)| p).collect();
    assert_eq!(plain.iter().collect::<Vec<_>>(), from_counts);
}

#[test]
fn multi_solution_set() {
    let lines = fixture_lines("multi_solution.txt");
    assert_eq!(lines.len(), 18);
    let counts = tdoku_counts();
    let exact = [
        125, 601, 113, 122, 91, 132, 13, 9, 3, 102, 633, 787, 838, 826, 847,
    ];
    for (i, line) in lines.iter().enumerate() {
        let puzzle: Sudoku = line.parse().expect("parses");
        let analysis = puzzle.analyse(1000);
        let first = analysis.first.as_ref().expect("a solution");
        check_solution_text(line, &first.to_string(), 3, 3).expect("valid solution");
        match i {
            2..=16 => {
                assert_eq!(
                    (analysis.count.count, analysis.count.exact),
                    (exact[i - 2], true),
                    "#{}",
                    i + 1
                );
                let known = counts
                    .iter()
                    .find(|(p, _, _)| p == line)
                    .expect("in tdoku's list");
                assert_eq!(u128::from(known.1), exact[i - 2]);
            }
            _ => assert_eq!(
                (analysis.count.count, analysis.count.exact),
                (1000, false),
                "#{}",
                i + 1
            ),
        }
    }
}

#[test]
fn edge_cases() {
    let lines = fixture_lines("edge_cases.txt");
    let empty: Sudoku = lines[0].parse().expect("empty grid");
    assert_eq!(empty.givens(), 0);
    assert_eq!(
        empty.count_solutions_up_to(5000),
        BoundedCount::at_least(5000)
    );
    let solved: Sudoku = lines[1].parse().expect("solved grid");
    assert!(solved.is_complete());
    assert_eq!(solved.solution(), Some(solved.clone()));
    check_solution_text(&lines[1], &lines[1], 3, 3).expect("line 2 is a valid grid");
    for line in &lines[2..4] {
        let puzzle: Sudoku = line.parse().expect("parses");
        assert_eq!(
            puzzle.solution().map(|s| s.to_string()).as_deref(),
            Some(lines[1].as_str())
        );
    }
    // Norvig's grid1 needs no guessing.
    let grid1: Sudoku = lines[3].parse().expect("grid1");
    assert_eq!(grid1.analyse(2).stats.guesses, 0);
}

#[test]
fn engines_agree_on_samples() {
    let mut lines = shared_lines("17clue.txt");
    lines.truncate(300);
    lines.extend(fixture_lines("hard20.txt"));
    for line in &lines {
        let puzzle: Sudoku = line.parse().expect("parses");
        let a = puzzle.analyse_with(2, Engine::Auto);
        let b = puzzle.analyse_with(2, Engine::General);
        assert_eq!((a.count, a.first), (b.count, b.first), "{line}");
    }
}

#[test]
fn larger_grids_are_solved_and_verified() {
    for (name, box_rows, box_cols) in [
        ("sixteen.txt", 4, 4),
        ("twentyfive.txt", 5, 5),
        ("six.txt", 2, 3),
    ] {
        let path = crate::common::repo_root()
            .join("fixtures/sudoku")
            .join(name);
        let line = std::fs::read_to_string(&path).expect("fixture");
        let line = line.trim();
        let shape = sudoku::BoxShape::new(box_rows, box_cols).expect("shape");
        let puzzle = Sudoku::parse(line, Some(shape)).expect("parses");
        let solution = puzzle.solution().expect("a unique solution");
        assert_eq!(
            check_solution_text(line, &solution.to_string(), box_rows, box_cols),
            Ok(()),
            "{name}"
        );
    }
}

/// The general solver keeps its branch points on the heap, not one call frame per
/// guess: the empty 25 x 25 and 32 x 32 grids, whose first solutions lie 461 and 794
/// nested guesses deep (counted when this test was written), are solved on a thread with
/// a 64 KiB stack (the recursive search it replaced overflowed it), and each solution is
/// checked by the independent verifier.
#[test]
fn deep_searches_run_on_a_small_stack() {
    for (box_rows, box_cols) in [(5, 5), (4, 8)] {
        let shape = sudoku::BoxShape::new(box_rows, box_cols).expect("shape");
        let analysis = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || Sudoku::empty(shape).analyse(2))
            .expect("a thread")
            .join()
            .expect("the search finishes");
        assert_eq!(analysis.count, BoundedCount::at_least(2), "{shape}");
        let first = analysis.first.expect("a solution");
        let givens = vec![0u8; shape.cells()];
        assert_eq!(
            verify::sudoku::check_solution(&givens, first.cells(), box_rows, box_cols),
            Ok(()),
            "{shape}"
        );
    }
}
