//! The human-style techniques of `sudoku::logic`, checked against an independent
//! reference: the unique solution the exhaustive solver finds (`Sudoku::solution`).
//!
//! - Soundness: every placement and every removed candidate of every step, on every
//!   puzzle of top1465, hardest and easy50 and every 100th puzzle of
//!   forum_hardest_1905_11plus, agrees with the solution, and every explanation ends
//!   in it.
//! - Grades: singles solve the easy50 puzzles an independent propagation of singles
//!   solves (40 of 50), and the rest need no more than pairs; the median grade rises
//!   from easy50 to top95 to the forum's hardest.
//! - Golden steps: for each technique, a candidate grid (`fixtures/sudoku/logic/`) where
//!   it is the next step, with its deductions.
//!
//! The large sets are read from `../shared/data/sudoku/` (next to the repository); when
//! that folder is absent the tests that need it say so on stderr and pass.

use std::path::{Path, PathBuf};

use grid_core::Coord;
use sudoku::Sudoku;
use sudoku::logic::{
    Candidates, Explanation, Options, Outcome, Rating, Technique, explain, explain_with,
    next_step_with,
};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The lines of `../shared/data/sudoku/<name>`, or `None` (with a note) when the shared
/// data folder is absent.
fn shared_lines(name: &str) -> Option<Vec<String>> {
    let dir = repo_root().join("../shared/data/sudoku");
    if !dir.is_dir() {
        eprintln!("skipping: {} is absent", dir.display());
        return None;
    }
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Some(text.lines().map(str::to_owned).collect())
}

/// What the soundness check counted.
#[derive(Debug, Default)]
struct Tally {
    puzzles: usize,
    steps: usize,
    placements: usize,
    eliminations: usize,
}

/// Explains `line` and checks every step against the solution from the exhaustive
/// solver; returns the explanation.
fn check_sound(name: &str, number: usize, line: &str, tally: &mut Tally) -> Explanation {
    let puzzle: Sudoku = line
        .parse()
        .unwrap_or_else(|e| panic!("{name}:{number}: {e}"));
    let solution = puzzle
        .solution()
        .unwrap_or_else(|| panic!("{name}:{number}: expected a unique solution"));
    let truth = |c: Coord| solution.cells()[c.row * 9 + c.col];
    let explanation = explain(&puzzle).expect("9 x 9");
    for (k, step) in explanation.steps.iter().enumerate() {
        for &(cell, digit) in &step.placements {
            assert_eq!(
                truth(cell),
                digit,
                "{name}:{number} step {k}: wrong placement: {}",
                step.sentence()
            );
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(
                truth(cell),
                digit,
                "{name}:{number} step {k}: removed the true digit: {}",
                step.sentence()
            );
        }
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{name}:{number} step {k}: a step without effect"
        );
        tally.steps += 1;
        tally.placements += step.placements.len();
        tally.eliminations += step.eliminations.len();
    }
    assert_eq!(
        explanation.outcome,
        Outcome::Solved,
        "{name}:{number}: not solved"
    );
    assert_eq!(explanation.end.cells(), solution.cells(), "{name}:{number}");
    assert!(explanation.assumed_unique);
    tally.puzzles += 1;
    explanation
}

fn check_set(name: &str, step_by: usize) -> Option<(Tally, Vec<Explanation>)> {
    let lines = shared_lines(name)?;
    let mut tally = Tally::default();
    let explanations = lines
        .iter()
        .enumerate()
        .step_by(step_by)
        .map(|(i, line)| check_sound(name, i + 1, line, &mut tally))
        .collect();
    eprintln!("{name}: {tally:?}");
    Some((tally, explanations))
}

fn median(mut ratings: Vec<Rating>) -> Rating {
    ratings.sort();
    ratings[ratings.len() / 2]
}

#[test]
fn every_step_of_top1465_is_sound() {
    let Some((tally, explanations)) = check_set("top1465.txt", 1) else {
        return;
    };
    assert_eq!(tally.puzzles, 1465);
    assert!(tally.eliminations > tally.puzzles);
    // Each technique is used on some puzzle of top1465, so the check above covered
    // steps of every one.
    let used: std::collections::BTreeSet<Technique> = explanations
        .iter()
        .flat_map(|e| e.steps.iter().map(|s| s.technique))
        .collect();
    let unused: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !used.contains(t))
        .collect();
    assert!(unused.is_empty(), "never used on top1465: {unused:?}");
}

#[test]
fn every_step_of_hardest_is_sound() {
    let Some((tally, _)) = check_set("hardest.txt", 1) else {
        return;
    };
    assert_eq!(tally.puzzles, 11);
}

#[test]
fn every_100th_forum_hardest_puzzle_is_sound_and_hard() {
    let Some((tally, explanations)) = check_set("forum_hardest_1905_11plus.txt", 100) else {
        return;
    };
    assert_eq!(tally.puzzles, 488);
    // SE rates all of them 11 or more: none is within reach of the basic techniques.
    for e in &explanations {
        let grade = e.grade();
        assert!(grade.rating >= Rating(66), "{grade:?}");
    }
}

/// Naked and hidden singles to a fixed point, written here from the rules alone (no
/// code of the crate): the number of cells left empty.
fn empty_after_singles(line: &str) -> usize {
    let mut values: Vec<u8> = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
    let unit_cells = |u: usize| -> Vec<usize> {
        (0..9)
            .map(|k| match u / 9 {
                0 => (u % 9) * 9 + k,
                1 => k * 9 + u % 9,
                _ => ((u % 9) / 3 * 3 + k / 3) * 9 + (u % 9) % 3 * 3 + k % 3,
            })
            .collect()
    };
    let units: Vec<Vec<usize>> = (0..27).map(unit_cells).collect();
    let fits = |values: &[u8], i: usize, d: u8| -> bool {
        values[i] == 0
            && units
                .iter()
                .filter(|u| u.contains(&i))
                .all(|u| u.iter().all(|&j| values[j] != d))
    };
    loop {
        let mut placed = false;
        for i in 0..81 {
            let options: Vec<u8> = (1..=9).filter(|&d| fits(&values, i, d)).collect();
            if options.len() == 1 {
                values[i] = options[0];
                placed = true;
            }
        }
        for u in &units {
            for d in 1..=9 {
                let spots: Vec<usize> =
                    u.iter().copied().filter(|&i| fits(&values, i, d)).collect();
                if spots.len() == 1 {
                    values[spots[0]] = d;
                    placed = true;
                }
            }
        }
        if !placed {
            return values.iter().filter(|&&v| v == 0).count();
        }
    }
}

#[test]
fn easy50_is_sound_and_singles_go_exactly_as_far_as_an_independent_propagation() {
    let Some((tally, explanations)) = check_set("easy50.txt", 1) else {
        return;
    };
    assert_eq!(tally.puzzles, 50);
    let lines = shared_lines("easy50.txt").expect("read above");
    let mut singles_only = 0;
    for (line, e) in lines.iter().zip(&explanations) {
        let by_singles = e.steps.iter().all(|s| s.technique.is_single());
        assert_eq!(by_singles, empty_after_singles(line) == 0, "{line}");
        singles_only += usize::from(by_singles);
        // The rest need no more than locked candidates and pairs.
        assert!(e.grade().rating <= Rating(34), "{line}: {:?}", e.grade());
    }
    // Not all 50: ten of Project Euler's easy grids (lines 6, 7, 10, 25, 42, 43, 47-50)
    // need a pointing, claiming or pair step beside the singles.
    assert_eq!(singles_only, 40);
}

#[test]
fn median_grades_rise_from_easy50_to_top95_to_forum_hardest() {
    let mut medians = Vec::new();
    for (name, step_by) in [
        ("easy50.txt", 1),
        ("top95.txt", 1),
        ("forum_hardest_1905_11plus.txt", 500),
    ] {
        let Some(lines) = shared_lines(name) else {
            return;
        };
        let ratings: Vec<Rating> = lines
            .iter()
            .step_by(step_by)
            .map(|l| {
                let puzzle: Sudoku = l.parse().expect("parses");
                sudoku::logic::grade(&puzzle).expect("9 x 9").rating
            })
            .collect();
        eprintln!("{name}: median grade {}", median(ratings.clone()));
        medians.push(median(ratings));
    }
    assert!(
        medians[0] < medians[1] && medians[1] < medians[2],
        "{medians:?}"
    );
}

#[test]
fn a_puzzle_with_no_solution_ends_in_a_contradiction_and_one_with_many_is_never_guessed() {
    // Emerentius' "unsolvable box" (no_solution.txt line 2).
    let none: Sudoku =
        "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3.."
            .parse()
            .expect("parses");
    assert_eq!(
        none.count_solutions_up_to(2),
        grid_core::BoundedCount::exact(0)
    );
    let e = explain(&none).expect("9 x 9");
    assert_eq!(e.outcome, Outcome::Contradiction);
    assert!(!e.assumed_unique);

    // The empty grid: nothing is forced, so nothing is deduced (and no guess is made).
    let empty: Sudoku = ".".repeat(81).parse().expect("parses");
    let e = explain(&empty).expect("9 x 9");
    assert_eq!((e.outcome, e.steps.len()), (Outcome::Stuck, 0));
}

/// One pinned case of `fixtures/sudoku/logic/techniques.txt`: the technique's name,
/// the puzzle, the candidate grid before the step, the step's sentence.
struct Golden {
    name: String,
    puzzle: String,
    marks: String,
    sentence: String,
}

fn golden_cases() -> Vec<Golden> {
    let path = repo_root().join("fixtures/sudoku/logic/techniques.txt");
    let text = std::fs::read_to_string(&path).expect("the golden technique file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            // A fifth field, `# file line N step K`, says where the case was found.
            assert!(f.len() == 4 || f.len() == 5 && f[4].starts_with('#'), "{l}");
            Golden {
                name: f[0].to_owned(),
                puzzle: f[1].to_owned(),
                marks: f[2].to_owned(),
                sentence: f[3].to_owned(),
            }
        })
        .collect()
}

#[test]
fn each_technique_is_the_next_step_of_its_golden_grid() {
    let cases = golden_cases();
    for technique in Technique::ALL {
        assert!(
            cases.iter().any(|c| c.name == technique.name()),
            "no golden grid for {technique}"
        );
    }
    for case in &cases {
        let puzzle: Sudoku = case.puzzle.parse().expect("parses");
        let solution = puzzle.solution().expect("unique");
        let grid = Candidates::parse(&case.marks).expect("valid marks");
        // The grid is a state of this puzzle: its placed values are the solution's.
        for (i, &v) in grid.cells().iter().enumerate() {
            assert!(v == 0 || v == solution.cells()[i], "{}", case.name);
        }
        let step = next_step_with(&grid, Options::default().assume_unique(true))
            .unwrap_or_else(|| panic!("{}: no step", case.name));
        assert_eq!(step.technique.name(), case.name);
        assert_eq!(step.sentence(), case.sentence);
        for &(c, d) in &step.placements {
            assert_eq!(solution.cells()[c.row * 9 + c.col], d, "{}", case.name);
        }
        for &(c, d) in &step.eliminations {
            assert!(grid.has(c, d), "{}: removes what is not there", case.name);
            assert_ne!(solution.cells()[c.row * 9 + c.col], d, "{}", case.name);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Any text: parsing never panics; any grid it accepts is explained to an end
    /// (every step changing the grid, the last resorts included) without panicking,
    /// and each step's sentence and rating can be asked for.
    #[test]
    fn any_pencil_marks_parse_or_fail_cleanly_and_explain_to_an_end(
        text in "[.0-9x \n]{700,740}",
        marks in proptest::collection::vec(1u16..512, 81),
    ) {
        let _ = Candidates::parse(&text);
        let dense: String = marks
            .iter()
            .flat_map(|m| (1..=9u8).map(move |d| if m >> (d - 1) & 1 == 1 { char::from(b'0' + d) } else { '.' }))
            .collect();
        let grid = Candidates::parse(&dense).expect("every cell has a candidate");
        let explanation = explain_with(&grid, Options::default());
        for step in &explanation.steps {
            proptest::prop_assert!(!step.sentence().is_empty());
            let _ = step.rating();
        }
        // The steps were found on this grid: replaying them gives the same end.
        let mut replay = grid.clone();
        for step in &explanation.steps {
            replay.apply(step);
        }
        proptest::prop_assert_eq!(replay, explanation.end);
    }
}
