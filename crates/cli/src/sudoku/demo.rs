//! The Sudoku part of `gridsolve demo`: Norvig's `grid1`, solved.

use std::io::{self, Write};

use anyhow::Context;
use serde::Serialize;
use sudoku::Sudoku;

use super::puzzles::Search;
use crate::report::{Answer, Outcome};

/// Norvig's `grid1` and its solution. JSON: as `solve` answers it, `{"line": 1,
/// "status": "solved", "solution": "...", "count": 1, "exact": true, "givens": G,
/// "guesses": K}`; the text shows the puzzle and the solution as blocks.
#[derive(Debug, Serialize)]
struct DemoAnswer {
    line: usize,
    status: &'static str,
    #[serde(serialize_with = "super::text")]
    solution: Sudoku,
    #[serde(flatten)]
    search: Search,
    /// The puzzle (text only).
    #[serde(skip)]
    puzzle: Sudoku,
}

impl Answer for DemoAnswer {
    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "Puzzle (Norvig's grid1, {} givens):",
            self.search.givens
        )?;
        write!(out, "{}", self.puzzle.block())?;
        writeln!(
            out,
            "\nSolution (unique: {} found with a limit of 2; {} guesses):",
            self.search.count, self.search.guesses
        )?;
        write!(out, "{}", self.solution.block())
    }
}

/// The classic statement's example: Norvig's `grid1`, solved, its uniqueness checked.
///
/// # Errors
///
/// None in practice: the grid is a constant with one solution.
pub fn demo() -> anyhow::Result<impl Answer> {
    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle: Sudoku = GRID1.parse()?;
    let analysis = puzzle.analyse(2);
    let search = Search {
        count: analysis.count,
        givens: puzzle.givens(),
        guesses: analysis.stats.guesses,
        variant: None,
        given_solution: None,
    };
    let solution = analysis.first.context("Norvig's grid1 has a solution")?;
    Ok(DemoAnswer {
        line: 1,
        status: "solved",
        solution,
        search,
        puzzle,
    })
}
