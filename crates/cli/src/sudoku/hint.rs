//! `gridsolve sudoku hint`: the next logical step of every puzzle or pencil-mark grid,
//! in one sentence.

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use sudoku::Record;

use super::logic::{self, Ended, LogicTally, StepAnswer};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::args::DrawArg;
use crate::picture;
use crate::report::{Answer, Format, Invalid, Outcome, Picture};

/// `gridsolve sudoku hint`.
#[derive(Debug, Args)]
pub(super) struct HintArgs {
    /// The puzzle input; its `--input-format candidates` reads pencil marks, any other
    /// value puzzles, and without it a one-line record of 729 characters is read as
    /// pencil marks.
    #[command(flatten)]
    pub input: InputArgs,
    /// `--variant`, refused: classic puzzles only.
    #[command(flatten)]
    pub classic: super::puzzles::ClassicOnly,
    // `--draw`: the candidates before the step, drawn (text; with no step, as they
    // stand), or with the step's cells, eliminations and placements coloured (`--draw
    // svg`; with no step, unmarked).
    #[command(flatten)]
    draw: DrawArg,
}

/// Runs `hint` over its input.
pub(super) fn run(args: &HintArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    record_batch::run(&Hint { args }, &args.input, format, out)
}

/// `hint` at work.
struct Hint<'a> {
    args: &'a HintArgs,
}

/// The answer of `hint` to one record. JSON: `{"line": L, "puzzle": P, "status": "step", ...the
/// step}` (see [`StepAnswer`]), or when there is no next step the status `solved`,
/// `stuck` or `contradiction` with the step's keys null (`"technique": null`, ...: an
/// answer's keys are null when there is none, never left out, as ARCHITECTURE.md
/// says).
/// `"puzzle"` is the puzzle as written (its lines joined by `\n`), so that a
/// line can be matched to its input without counting lines.
#[derive(Debug, Serialize)]
pub(super) struct HintAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]: its lines joined by
    /// `\n`, without the fields its line holds around it).
    puzzle: String,
    /// The id and rating the record was given with.
    #[serde(flatten)]
    given: super::records::Given,
    /// `step`, or where the techniques ended.
    status: Hinted,
    /// The next step, or its keys null.
    #[serde(flatten)]
    step: NextStep,
    /// Where the grid is broken (`r5c1 is left with no candidate`), for the status
    /// `contradiction`; null otherwise.
    contradiction: Option<String>,
    /// `--draw svg`: the candidates with the step marked (none where there is no step).
    #[serde(skip)]
    picture: Option<Picture>,
    /// `--draw` (text) with no step: the candidates as they stand, drawn before the
    /// status word (a step's own drawing is in [`StepAnswer`]).
    #[serde(skip)]
    drawn: Option<String>,
}

/// Whether there is a next step, or where the techniques ended; `status` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Hinted {
    /// The next step.
    Step,
    /// Nothing left to do.
    Solved,
    /// No technique finds a step.
    Stuck,
    /// The grid has no solution.
    Contradiction,
}

/// The next step, or (none) the keys of one, null.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum NextStep {
    Found(Box<StepAnswer>),
    None(NoStep),
}

/// A step's keys, each null (`()` is JSON's null).
#[derive(Debug, Default, Serialize)]
struct NoStep {
    technique: (),
    placements: (),
    eliminations: (),
    houses: (),
    cells: (),
    digits: (),
    sentence: (),
}

impl RecordVerb for Hint<'_> {
    type Answer = HintAnswer;
    type Tally = LogicTally;

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<HintAnswer>, Invalid> {
        let start = logic::start(record, &self.args.input, source)?;
        let options = start.options();
        let name = picture::file_name(source, Some(record.first_line));
        let picture;
        let mut drawn = None;
        // With no step, the grid is broken where it stands, or not at all.
        let mut contradiction = None;
        let (status, step) = match sudoku::logic::next_step_with(&start.grid, options) {
            Some(step) => {
                picture = self
                    .args
                    .draw
                    .picture(&name, || picture::sudoku::step(&start.grid, &step));
                let before = self.args.draw.text().then_some(&start.grid);
                let step = StepAnswer::new(&step, before);
                (Hinted::Step, NextStep::Found(Box::new(step)))
            }
            None => {
                // No step to mark: the candidates as they stand, one picture per answer.
                picture = self
                    .args
                    .draw
                    .picture(&name, || picture::sudoku::candidates(&start.grid));
                drawn = self.args.draw.text().then(|| start.grid.to_string());
                let status = match Ended::of(&sudoku::logic::explain_with(&start.grid, options)) {
                    Ended::Solved => Hinted::Solved,
                    Ended::Stuck => Hinted::Stuck,
                    Ended::Contradiction => {
                        contradiction = start.grid.contradiction_reason();
                        Hinted::Contradiction
                    }
                };
                (status, NextStep::None(NoStep::default()))
            }
        };
        Ok(Noted::plain(HintAnswer {
            line: record.first_line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            status,
            step,
            contradiction,
            picture,
            drawn,
        }))
    }

    fn pictures(&self) -> bool {
        self.args.draw.svg()
    }

    fn count(&self, answer: &HintAnswer, tally: &mut LogicTally) {
        tally.count(answer.ended());
    }

    fn summary(&self, source: &str, tally: &Counted<LogicTally>, _: Instant) -> Vec<String> {
        vec![logic::summary_line(source, tally, "answered")]
    }
}

impl HintAnswer {
    /// Where the techniques ended; a step counts as solved (the hint is given).
    fn ended(&self) -> Ended {
        match self.status {
            Hinted::Step | Hinted::Solved => Ended::Solved,
            Hinted::Stuck => Ended::Stuck,
            Hinted::Contradiction => Ended::Contradiction,
        }
    }
}

impl Answer for HintAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        [
            "line",
            "puzzle",
            "id",
            "given_rating",
            "status",
            "technique",
            "placements",
            "eliminations",
            "houses",
            "cells",
            "digits",
            "sentence",
            "contradiction",
            "candidates",
            "drawing",
            "drawing_file",
        ]
        .into_iter()
        .chain(super::puzzles::PLACE_COLUMNS)
        .collect()
    }

    fn outcome(&self) -> Outcome {
        self.ended().outcome()
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.step {
            NextStep::Found(step) => {
                if let Some(drawn) = &step.drawn {
                    write!(out, "{drawn}")?;
                }
                writeln!(out, "{}", step.sentence)
            }
            NextStep::None(_) => {
                if let Some(drawn) = &self.drawn {
                    write!(out, "{drawn}")?;
                }
                let why = Ended::why(self.contradiction.as_deref());
                writeln!(out, "{}{why}", self.ended().words())
            }
        }
    }
}
