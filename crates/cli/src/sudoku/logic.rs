//! What the human-style verbs (`hint`, `explain`) share, over
//! [`sudoku::logic`]: reading a record as a grid of candidates ([`start`]), a step as
//! answered ([`StepAnswer`]), where the techniques ended ([`Ended`]), what the verbs add
//! up ([`LogicTally`]) and their help.
//!
//! A record is a puzzle in any form `solve` reads, or pencil marks (a record whose
//! [`RecordForm`] is [`RecordForm::Candidates`]: the splitter found a grid of candidate
//! lists or a line of 729 characters, or `--input-format candidates` said so); the
//! techniques are for 9 x 9 grids only, so no puzzle line of another size is lost.

use std::fmt::Display;

use grid_core::text::count_of;
use grid_core::{Coord, Positioned, TextPosition};
use serde::Serialize;
use sudoku::logic::{Candidates, CandidatesError, Explanation, Step, Technique};
use sudoku::{CellName, Record, RecordForm, Variant};

use super::record_batch::Counted;
use super::records::InputArgs;
use crate::batch;
use crate::report::{Invalid, Outcome};

/// A grid to reason about, and whether it is known to have exactly one solution
/// (which allows the uniqueness techniques).
pub(super) struct Start {
    pub grid: Candidates,
    pub unique: bool,
}

impl Start {
    /// The options of the techniques for this grid.
    pub fn options(&self) -> sudoku::logic::Options {
        sudoku::logic::Options::default().assume_unique(self.unique)
    }
}

/// Reads `record` of `source` as pencil marks or as a puzzle, by the form its splitter
/// found.
pub(super) fn start(record: &Record, args: &InputArgs, source: &str) -> Result<Start, Invalid> {
    if record.form == RecordForm::Candidates {
        // The 729 pencil marks of a one-line record are its first token (what follows
        // is a comment, as for puzzle lines); a grid of several lines is read whole.
        let one_line = !record.text.contains('\n');
        let token = record.text.split_whitespace().next().unwrap_or("");
        let (text, skip) = if one_line && token.chars().count() >= 100 {
            let lead = record.text.len() - record.text.trim_start().len();
            (token, record.text[..lead].chars().count())
        } else {
            (record.text.as_str(), 0)
        };
        return Candidates::parse(text)
            .map(|grid| Start {
                grid,
                unique: false,
            })
            .map_err(|e| Invalid::new(source, &placed(&e, record.first_line, skip)));
    }
    // In the alphabet of `--symbols` or the one it is written in, as solve, count and
    // check read it (the techniques then say what they take: 9 x 9 grids).
    let puzzle = super::puzzles::parse_in_alphabet(
        record,
        source,
        args.box_shape,
        args.symbols.as_ref(),
        &Variant::Classic,
    )
    .puzzle
    .map_err(|e| super::puzzles::record_invalid(source, &e))?;
    let grid = Candidates::from_sudoku(&puzzle)
        .map_err(|e| Invalid::new(source, &placed(&e, record.first_line, 0)))?;
    Ok(Start {
        grid,
        unique: puzzle.solution().is_some(),
    })
}

/// A [`CandidatesError`] placed in the whole input.
#[derive(Debug)]
struct Placed {
    message: String,
    position: TextPosition,
    cell: Option<Coord>,
}

impl Positioned for Placed {
    fn text_position(&self) -> Option<TextPosition> {
        Some(self.position)
    }

    fn cell(&self) -> Option<Coord> {
        self.cell
    }
}

impl Display for Placed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// `err` placed in the whole input: its line counted from the record's first line, its
/// column shifted by the `skip` characters before the marks.
fn placed(err: &CandidatesError, first_line: usize, skip: usize) -> Placed {
    let position = match err.text_position() {
        Some(p) => TextPosition {
            line: first_line + p.line - 1,
            column: p.column.map(|c| c + skip),
        },
        None => TextPosition::line(first_line),
    };
    Placed {
        message: err.to_string(),
        position,
        cell: err.cell(),
    }
}

/// Where the techniques ended; `status` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Ended {
    /// Solved to the end (hint: nothing left to do).
    Solved,
    /// No allowed technique finds anything more (several solutions).
    Stuck,
    /// The grid broke: the puzzle has no solution.
    Contradiction,
}

impl Ended {
    /// Where `explanation` ended.
    pub fn of(explanation: &Explanation) -> Ended {
        match explanation.outcome {
            sudoku::logic::Outcome::Solved => Ended::Solved,
            sudoku::logic::Outcome::Contradiction => Ended::Contradiction,
            _ => Ended::Stuck,
        }
    }

    /// The end in words, for the text.
    pub fn words(self) -> &'static str {
        match self {
            Ended::Solved => "solved",
            Ended::Stuck => "stuck: no technique finds a step",
            Ended::Contradiction => "contradiction: no solution",
        }
    }

    /// Why the grid broke, as text puts it after the end's words: ` (r5c1 is left
    /// with no candidate)`, or nothing.
    pub fn why(contradiction: Option<&str>) -> String {
        contradiction.map_or_else(String::new, |why| format!(" ({why})"))
    }

    /// Answered when solved; else no solution (exit 1).
    pub fn outcome(self) -> Outcome {
        Outcome::found(self == Ended::Solved)
    }
}

/// A cell and a digit: `{"cell": "r5c4", "digit": 7}`.
#[derive(Debug, Serialize)]
pub(super) struct CellDigit {
    #[serde(serialize_with = "super::text")]
    cell: CellName,
    digit: u8,
}

/// One step as answered: JSON `{"technique": "X-Wing", "placements":
/// [...], "eliminations": [...], "houses": ["row 2", ...], "cells": ["r2c4", ...],
/// "digits": [4], "sentence": "..."}`, and `"candidates"` (the pencil marks before the
/// step) with `explain --draw`.
#[derive(Debug, Serialize)]
pub(super) struct StepAnswer {
    #[serde(serialize_with = "super::text")]
    technique: Technique,
    placements: Vec<CellDigit>,
    eliminations: Vec<CellDigit>,
    houses: Vec<String>,
    #[serde(serialize_with = "cell_names")]
    cells: Vec<Coord>,
    digits: Vec<u8>,
    /// The step in one sentence.
    pub sentence: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<String>,
    /// The grid before the step, drawn (text only).
    #[serde(skip)]
    pub drawn: Option<String>,
}

fn cell_names<S: serde::Serializer>(cells: &[Coord], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(|&c| CellName(c).to_string()))
}

impl StepAnswer {
    /// `step` as answered, with the grid `before` it when it is drawn.
    pub fn new(step: &Step, before: Option<&Candidates>) -> StepAnswer {
        let pairs = |v: &[(Coord, u8)]| {
            v.iter()
                .map(|&(cell, digit)| CellDigit {
                    cell: CellName(cell),
                    digit,
                })
                .collect()
        };
        StepAnswer {
            technique: step.technique,
            placements: pairs(&step.placements),
            eliminations: pairs(&step.eliminations),
            houses: step.houses.iter().map(ToString::to_string).collect(),
            cells: step.cells.clone(),
            digits: step.digits.clone(),
            sentence: step.sentence(),
            candidates: before.map(Candidates::pencil_marks),
            drawn: before.map(ToString::to_string),
        }
    }
}

/// What `hint` and `explain` add up: where the techniques ended.
#[derive(Debug, Default)]
pub(super) struct LogicTally {
    pub solved: u64,
    pub stuck: u64,
    pub contradiction: u64,
}

impl LogicTally {
    /// Counts an end.
    pub fn count(&mut self, ended: Ended) {
        match ended {
            Ended::Solved => self.solved += 1,
            Ended::Stuck => self.stuck += 1,
            Ended::Contradiction => self.contradiction += 1,
        }
    }
}

impl batch::Tally for LogicTally {
    fn add(&mut self, other: &LogicTally) {
        self.solved += other.solved;
        self.stuck += other.stuck;
        self.contradiction += other.contradiction;
    }
}

/// `source: 10 puzzles: 8 solved, 1 stuck, 0 contradiction, 1 invalid`; `done` is the
/// verb's word for the first count.
pub(super) fn summary_line(source: &str, tally: &Counted<LogicTally>, done: &str) -> String {
    format!(
        "{source}: {}: {} {done}, {} stuck, {} contradiction, {} invalid",
        count_of(tally.records, "puzzle"),
        tally.of.solved,
        tally.of.stuck,
        tally.of.contradiction,
        tally.invalid
    )
}

/// The part of `--help` the three verbs share.
pub(super) const HELP: &str = "\
Pencil marks, in either form players and programs exchange (a 9 x 9 grid; a cell with
one candidate that no peer holds is taken as placed):
- a grid of candidate lists as HoDoKu (Copy PM grid), Sudoku Explainer and Simple
  Sudoku print it and --draw draws it: nine rows of nine lists (`123 4 56 ...`),
  separated by blanks and optionally `|`; frame lines such as .----.----. or
  +-----+-----+ are skipped; a blank line ends a grid early:
    .--------------------.------------------.----------------.
    | 7    126  8        | 459   2459 249   | 3    1456 1259 |
    | 249  3    249      | 6     2459 1     | 27   457  8    |
    ...  (nine rows in all)
- 729 characters (on one line, or across lines), nine per cell in row-major order,
  slot d holding the digit d when it is a candidate and `.` or `0` when it is not:
    ...45....12..56..912..56789....5.789..3......  (and so on, 729 in all)
Without --input-format, a line of 729 characters and a grid whose first row has a
list of two or more digits are read as pencil marks; --input-format candidates reads
nothing else (a grid whose first row is all single digits needs it); any other
--input-format reads puzzles only.

The techniques (singles, locked candidates, subsets, basic and finned fish, wings,
uniqueness, chains, then a forcing chain and a bounded trial as last resorts) are those
of the library's sudoku::logic; 9 x 9 grids only. A puzzle with exactly one solution may
use the uniqueness techniques (Unique Rectangle types 1, 2 and 4, BUG+1); a pencil-mark
grid never does.

Exit status: 0 when every record was answered (a hint given, or solved to the end), 1
when the techniques stop (the puzzle has several solutions) or the grid breaks (no
solution; hint: the grid as given, since a puzzle without a solution may still have a
next step), 2 for bad input (reported with file:line:column; the batch goes on).";
