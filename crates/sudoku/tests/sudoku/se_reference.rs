//! `sudoku::se` against Sudoku Explainer itself: every reference rating of the
//! fixtures part of `fixtures/sudoku/se-reference` (serate's own output, see
//! `scripts/serate/README.md`) that the engine rates fully must be equal, ER, EP and
//! ED; a puzzle whose path needs a technique the engine lacks must be answered
//! `Beyond`, never with a number, and its partial rating must not exceed serate's ER.

#[path = "se_files.rs"]
mod se_files;

use sudoku::Sudoku;
use sudoku::se::{SeOutcome, rate};

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
