//! `sudoku::se` against Sudoku Explainer itself: every reference rating of the
//! fixtures part of `fixtures/sudoku/se-reference` (serate's own output, see
//! `scripts/serate/README.md`) that the engine rates fully must be equal, ER, EP and
//! ED; a puzzle whose path needs a technique the engine lacks must be answered
//! `Beyond`, never with a number, and its partial rating must not exceed serate's ER.

#[path = "se_files.rs"]
mod se_files;

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use sudoku::Sudoku;
use sudoku::se::{SeOutcome, rate, rate_until, rate_with_path};

#[test]
fn every_fixture_rating_the_engine_reaches_is_serates() {
    let references = se_files::part("fixtures");
    assert!(references.len() > 50, "the reference fixtures are missing");
    let mut rated = 0;
    let mut nishio = 0;
    let mut wrong = Vec::new();
    for r in &references {
        let puzzle: Sudoku = r.puzzle.parse().expect("reference puzzles parse");
        match rate(&puzzle).expect("9 x 9") {
            SeOutcome::Rated(got) => {
                rated += 1;
                nishio += usize::from(got.hardest == "Nishio Forcing Chains");
                if (got.er.0, got.ep.0, got.ed.0) != (r.er, r.ep, r.ed) {
                    wrong.push(format!(
                        "{} ({}): serate ED={}.{}/{}.{}/{}.{}, engine {got}",
                        r.puzzle,
                        r.set,
                        r.er / 10,
                        r.er % 10,
                        r.ep / 10,
                        r.ep % 10,
                        r.ed / 10,
                        r.ed % 10
                    ));
                }
            }
            outcome @ SeOutcome::Beyond { partial, .. } => {
                // The bound `grade` prints (er_at_least) must hold, and the ED and
                // EP already known must be serate's.
                let bound = outcome.er_at_least().expect("a bound");
                if bound.0 > r.er
                    || partial.ed.is_some_and(|ed| ed.0 != r.ed)
                    || partial.ep.is_some_and(|ep| ep.0 != r.ep)
                {
                    wrong.push(format!(
                        "{}: partial {partial:?} (ER >= {bound}) is not serate's",
                        r.puzzle
                    ));
                }
            }
            SeOutcome::Stopped(_) | SeOutcome::Stuck => wrong.push(format!("{}: stuck", r.puzzle)),
        }
    }
    assert!(rated > 0);
    // Nishio forcing chains are compared too: some paths' hardest step is one.
    assert!(
        nishio > 5,
        "{nishio} puzzles rated by a Nishio forcing chain"
    );
    assert!(
        wrong.is_empty(),
        "{} of {rated} rated puzzles differ from serate:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// serate's `ED=10.3/1.2/1.2` (fixtures/forum_hardest_1106.txt): SE's path takes a
/// nested forcing chain of level 2 (9.5 + 0.8) at its second step, and Dynamic
/// Forcing Chains (+) (9.7, 9.8) later.
const NESTED: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn every_step_of_a_nested_path_agrees_with_the_solution() {
    let puzzle: Sudoku = NESTED.parse().expect("a puzzle");
    let solution = puzzle.solution().expect("unique").cells().to_vec();
    let (outcome, path) = rate_with_path(&puzzle).expect("9 x 9");
    let SeOutcome::Rated(rating) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(rating.to_string(), "ED=10.3/1.2/1.2");
    assert_eq!(
        rating.hardest,
        "Dynamic Region Forcing Chains (+ Forcing Chains)"
    );
    let names: Vec<&str> = path.iter().map(|h| h.name).collect();
    assert!(names.contains(&"Dynamic Contradiction Forcing Chains (+)"));
    for hint in &path {
        if let Some((cell, v)) = hint.placement {
            assert_eq!(solution[cell as usize], v, "{hint:?}");
        }
        for &(cell, mask) in &hint.removals {
            let true_digit = 1u16 << (solution[cell as usize] - 1);
            assert_eq!(
                mask & true_digit,
                0,
                "{hint:?} removes the solution's digit"
            );
        }
    }
}

#[test]
fn a_budget_ends_a_nested_step_promptly() {
    // The first step is a hidden single; the second is the nested one. The hook is
    // asked once before each step, then every 1,024 implications inside a chaining
    // step: its second call with one step taken is from inside the nested step, and
    // breaking there must end the path at once (no timing decides which step is cut).
    let puzzle: Sudoku = NESTED.parse().expect("a puzzle");
    let mut calls_after_one_step = 0;
    let mut stopped_at = None;
    let outcome = rate_until(&puzzle, |steps| {
        if steps == 1 {
            calls_after_one_step += 1;
        }
        if calls_after_one_step < 2 {
            ControlFlow::Continue(())
        } else {
            stopped_at.get_or_insert_with(Instant::now);
            ControlFlow::Break(())
        }
    })
    .expect("9 x 9");
    let took = stopped_at.map(|at| at.elapsed());
    let SeOutcome::Stopped(partial) = outcome else {
        panic!("{outcome:?}")
    };
    assert_eq!(partial.steps, 1, "{partial:?}");
    let took = took.expect("the hook broke");
    assert!(
        took < Duration::from_secs(2),
        "stopped {took:?} after asked to"
    );
}
