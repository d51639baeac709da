//! The answers of `hint`, `explain` and `grade` and their one rendering: text through
//! [`Render`], JSON through serde (written by [`crate::report::write_answer`]).

use std::fmt::Display;
use std::io::{self, Write};

use grid_core::{Coord, Positioned};
use serde::Serialize;
use sudoku::CellName;
use sudoku::logic::{Candidates, Rating, Step, Technique};

use super::Verb;
use crate::report::Render;
use crate::sudoku::render::Invalid;

/// A cell and a digit: `{"cell": "r5c4", "digit": 7}`.
#[derive(Debug, Serialize)]
pub(super) struct CellDigit {
    #[serde(serialize_with = "crate::sudoku::render::text")]
    pub(super) cell: CellName,
    pub(super) digit: u8,
}

/// One step as answered: JSON `{"technique": "X-Wing", "rating": 3.2, "placements":
/// [...], "eliminations": [...], "houses": ["row 2", ...], "cells": ["r2c4", ...],
/// "digits": [4], "sentence": "..."}`, and `"candidates"` (the pencil marks before the
/// step) with `explain --draw`.
#[derive(Debug, Serialize)]
pub(super) struct StepAnswer {
    #[serde(serialize_with = "crate::sudoku::render::text")]
    pub(super) technique: Technique,
    pub(super) rating: f64,
    pub(super) placements: Vec<CellDigit>,
    pub(super) eliminations: Vec<CellDigit>,
    pub(super) houses: Vec<String>,
    #[serde(serialize_with = "cell_names")]
    pub(super) cells: Vec<Coord>,
    pub(super) digits: Vec<u8>,
    pub(super) sentence: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) candidates: Option<String>,
    /// The grid before the step, drawn (text only).
    #[serde(skip)]
    pub(super) drawn: Option<String>,
}

pub(super) fn cell_names<S: serde::Serializer>(cells: &[Coord], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(|&c| CellName(c).to_string()))
}

impl StepAnswer {
    pub(super) fn new(step: &Step, before: Option<&Candidates>) -> StepAnswer {
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
            rating: step.rating().value(),
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

/// The answer to one record; JSON `{"line": L, "status": ..., ...}`.
#[derive(Debug, Serialize)]
pub(super) struct LogicAnswer {
    /// 1-based line of the record (of the error, for an invalid record).
    pub(super) line: usize,
    #[serde(flatten)]
    pub(super) status: Status,
}

/// How far the techniques got; `status` in JSON.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub(super) enum Status {
    /// hint: the next step.
    Step(StepAnswer),
    /// explain, grade: solved to the end (hint: nothing left to do).
    Solved(Path),
    /// No allowed technique finds anything more (several solutions).
    Stuck(Path),
    /// The grid broke: the puzzle has no solution.
    Contradiction(Path),
    /// Malformed text, clashing givens, a grid other than 9 x 9, a line not text.
    Invalid(Invalid),
}

/// What explain and grade found (hint: nothing but the kind of end).
#[derive(Debug, Default, Serialize)]
pub(super) struct Path {
    /// The hardest technique used (grade, explain).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "crate::sudoku::render::optional_text"
    )]
    pub(super) hardest: Option<Technique>,
    /// Its rating on Sudoku Explainer's scale (grade, explain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) rating: Option<f64>,
    /// Number of steps taken (grade, explain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) step_count: Option<usize>,
    /// Whether uniqueness techniques were allowed (explain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) assumed_unique: Option<bool>,
    /// Every step (explain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) steps: Option<Vec<StepAnswer>>,
    /// The pencil marks where the steps stopped, when not solved (explain).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) end: Option<String>,
    /// The verb, for the text form.
    #[serde(skip)]
    pub(super) verb: Option<Verb>,
    /// The rating, exactly, for the summary.
    #[serde(skip)]
    pub(super) exact: Rating,
}

impl Render for LogicAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let (word, path) = match &self.status {
            Status::Step(step) => return writeln!(out, "{}", step.sentence),
            Status::Invalid { .. } => return writeln!(out, "invalid"),
            Status::Solved(p) => ("solved", p),
            Status::Stuck(p) => ("stuck: no technique finds a step", p),
            Status::Contradiction(p) => ("contradiction: no solution", p),
        };
        match path.verb {
            Some(Verb::Grade) => {
                let hardest = path.hardest.map_or("-".to_owned(), |t| t.to_string());
                let steps = path.step_count.unwrap_or(0);
                match word {
                    "solved" => writeln!(out, "{}  {hardest} ({steps} steps)", path.exact),
                    _ => writeln!(out, "{}  {hardest} ({steps} steps; {word})", path.exact),
                }
            }
            Some(Verb::Explain { .. }) => {
                writeln!(out, "Puzzle at line {}:", self.line)?;
                for (k, step) in path.steps.iter().flatten().enumerate() {
                    if let Some(drawn) = &step.drawn {
                        write!(out, "{drawn}")?;
                    }
                    writeln!(out, "{:>3}. {}", k + 1, step.sentence)?;
                }
                match path.hardest {
                    Some(t) => writeln!(
                        out,
                        "{word} in {} steps; hardest: {t} ({})\n",
                        path.step_count.unwrap_or(0),
                        path.exact
                    ),
                    None => writeln!(out, "{word}: no step\n"),
                }
            }
            _ => writeln!(out, "{word}"),
        }
    }
}

impl LogicAnswer {
    /// The answer for a record of `source` that could not be read or parsed, at the
    /// position the error carries (`line` when it carries none), and its message for
    /// standard error.
    pub(super) fn rejected(
        source: &str,
        line: usize,
        err: &(impl Positioned + Display),
    ) -> (LogicAnswer, Option<String>) {
        let (line, invalid) = Invalid::of(line, err);
        let answer = LogicAnswer {
            line,
            status: Status::Invalid(invalid),
        };
        (answer, Some(crate::report::input_error(source, err)))
    }
}
