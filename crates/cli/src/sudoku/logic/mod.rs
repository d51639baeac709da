//! The human-style verbs, `gridsolve sudoku hint|explain|grade`, over
//! [`sudoku::logic`]: their arguments, the answer step (a record to a typed answer) and
//! the rendering (text through `report::Render`, JSON through serde), streamed through
//! [`crate::batch`] like `solve`. The answer types and their rendering are in [`render`].
//!
//! A record is a puzzle in any form `solve` reads, or pencil marks in either form of
//! [`Candidates::parse`]: 729 characters, nine per cell, or a grid of nine rows of
//! candidate lists as HoDoKu prints it (without `--input-format`, a one-line record of
//! 729 characters and a grid whose first row has a list of two digits or more are
//! read as pencil marks; `--input-format candidates` forces them; the techniques are
//! for 9 x 9 grids only, so no puzzle line of another size is lost).

mod render;

use grid_core::text::count_of;
use std::collections::BTreeMap;
use std::fmt::Display;
use std::io::Write;

use clap::Args;
use grid_core::{Positioned, TextPosition};
use sudoku::Record;
use sudoku::logic::{self, Candidates, CandidatesError, Explanation, Options, Rating, Technique};

use self::render::{LogicAnswer, Path, Status, StepAnswer};
use super::answer::Item;
use super::args::{InputArgs, InputFormat};
use crate::args::DrawArg;
use crate::batch::{self, Rendered};
use crate::report::{self, Format, Outcome};

/// What `hint`, `explain` and `grade` read.
#[derive(Debug, Args)]
pub(super) struct LogicInput {
    /// The puzzle input; its `--input-format candidates` reads pencil marks, any other
    /// value puzzles, and without it a one-line record of 729 characters is read as
    /// pencil marks.
    #[command(flatten)]
    pub input: InputArgs,
}

/// `gridsolve sudoku hint`.
#[derive(Debug, Args)]
pub(super) struct HintArgs {
    #[command(flatten)]
    pub input: LogicInput,
}

/// `gridsolve sudoku explain`.
#[derive(Debug, Args)]
pub(super) struct ExplainArgs {
    #[command(flatten)]
    pub input: LogicInput,
    // Draw the candidate grid before every step.
    #[command(flatten)]
    pub draw: DrawArg,
}

/// `gridsolve sudoku grade`.
#[derive(Debug, Args)]
pub(super) struct GradeArgs {
    #[command(flatten)]
    pub input: LogicInput,
}

/// The question asked of every record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verb {
    /// The next step.
    Hint,
    /// Every step; with the grid before each when `draw`.
    Explain { draw: bool },
    /// The hardest step and its rating.
    Grade,
}

/// A record that cannot be read as a grid: its message, and its position in the whole
/// input (1-based line and column).
#[derive(Debug)]
struct BadRecord {
    message: String,
    position: Option<TextPosition>,
}

impl Positioned for BadRecord {
    fn text_position(&self) -> Option<TextPosition> {
        self.position
    }
}

impl Display for BadRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl BadRecord {
    fn new(err: &(impl Positioned + Display), line: usize) -> BadRecord {
        BadRecord {
            message: err.to_string(),
            position: Some(err.text_position().unwrap_or(TextPosition::line(line))),
        }
    }
}

/// A grid to reason about, and whether it is known to have exactly one solution
/// (which allows the uniqueness techniques).
struct Start {
    grid: Candidates,
    unique: bool,
}

/// Reads one record as a puzzle or as pencil marks.
fn start(record: &Record, args: &InputArgs) -> Result<Start, BadRecord> {
    let one_line = !record.text.contains('\n');
    let token = record.text.split_whitespace().next().unwrap_or("");
    let marks = match args.input_format {
        Some(InputFormat::Candidates) => true,
        Some(_) => false,
        None => (one_line && token.chars().count() == 729) || record.is_candidate_grid(),
    };
    if marks {
        // The 729 pencil marks of a one-line record are its first token (what follows
        // is a comment, as for puzzle lines); a grid of several lines is read whole.
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
            .map_err(|e| placed(&e, record.first_line, skip));
    }
    let puzzle = record
        .parse(args.box_shape)
        .map_err(|e| BadRecord::new(&e, record.first_line))?;
    let grid = Candidates::from_sudoku(&puzzle).map_err(|e| placed(&e, record.first_line, 0))?;
    Ok(Start {
        grid,
        unique: puzzle.solution().is_some(),
    })
}

/// A [`CandidatesError`] placed in the whole input: its line counted from the record's
/// first line, its column shifted by the `skip` characters before the marks.
fn placed(err: &CandidatesError, first_line: usize, skip: usize) -> BadRecord {
    let position = match err.text_position() {
        Some(p) => TextPosition {
            line: first_line + p.line - 1,
            column: p.column.map(|c| c + skip),
        },
        None => TextPosition::line(first_line),
    };
    BadRecord {
        message: err.to_string(),
        position: Some(position),
    }
}

/// The answer step of `hint`: the next step of a grid.
fn hint(start: &Start) -> Status {
    let options = Options::default().assume_unique(start.unique);
    match logic::next_step_with(&start.grid, options) {
        Some(step) => Status::Step(StepAnswer::new(&step, None)),
        None => ended(&logic::explain_with(&start.grid, options), None),
    }
}

/// The answer step of `explain` (with every step) and `grade` (without).
fn explained(start: &Start, verb: Verb) -> Status {
    let options = Options::default().assume_unique(start.unique);
    let explanation = logic::explain_with(&start.grid, options);
    ended(&explanation, Some(verb))
}

/// The status of an explanation, for `verb` (`None`: hint, which shows only the end).
fn ended(explanation: &Explanation, verb: Option<Verb>) -> Status {
    let mut path = Path {
        verb,
        ..Path::default()
    };
    if let Some(verb) = verb {
        let grade = explanation.grade();
        path.hardest = grade.hardest;
        path.rating = Some(grade.rating.value());
        path.exact = grade.rating;
        path.step_count = Some(grade.steps);
        if let Verb::Explain { draw } = verb {
            path.assumed_unique = Some(explanation.assumed_unique);
            path.steps = Some(if draw {
                explanation
                    .before_each_step()
                    .map(|(before, step)| StepAnswer::new(step, Some(&before)))
                    .collect()
            } else {
                explanation
                    .steps
                    .iter()
                    .map(|s| StepAnswer::new(s, None))
                    .collect()
            });
            path.end = (!explanation.is_solved()).then(|| explanation.end.pencil_marks());
        }
    }
    match explanation.outcome {
        logic::Outcome::Solved => Status::Solved(path),
        logic::Outcome::Contradiction => Status::Contradiction(path),
        _ => Status::Stuck(path),
    }
}

/// What a batch adds up: the outcomes, and for grade the ratings per hardest technique.
#[derive(Debug, Default)]
pub(super) struct Tally {
    puzzles: u64,
    solved: u64,
    stuck: u64,
    contradiction: u64,
    invalid: u64,
    /// Ratings (in tenths) of the graded puzzles, per hardest technique: counts.
    ratings: BTreeMap<Option<Technique>, BTreeMap<Rating, u64>>,
}

impl batch::Tally for Tally {
    fn add(&mut self, other: &Tally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.stuck += other.stuck;
        self.contradiction += other.contradiction;
        self.invalid += other.invalid;
        for (technique, counts) in &other.ratings {
            let mine = self.ratings.entry(*technique).or_default();
            for (rating, n) in counts {
                *mine.entry(*rating).or_default() += n;
            }
        }
    }
}

/// Everything a worker needs to answer a record.
struct Grids<'a> {
    source: &'a str,
    args: &'a LogicInput,
    verb: Verb,
    format: Format,
}

impl Grids<'_> {
    fn answer(&self, item: &Item) -> (LogicAnswer, Option<String>) {
        let record = match item {
            Item::Text(record) => record,
            Item::Unreadable(bad) => {
                let line = bad.text_position().map_or(0, |p| p.line);
                return LogicAnswer::rejected(self.source, line, bad);
            }
            Item::NotJson(bad) => {
                let line = bad.text_position().map_or(0, |p| p.line);
                return LogicAnswer::rejected(self.source, line, bad);
            }
        };
        match start(record, &self.args.input) {
            Ok(start) => {
                let status = match self.verb {
                    Verb::Hint => hint(&start),
                    verb => explained(&start, verb),
                };
                let answer = LogicAnswer {
                    line: record.first_line,
                    status,
                };
                (answer, None)
            }
            Err(e) => LogicAnswer::rejected(self.source, record.first_line, &e),
        }
    }
}

impl batch::Batch for Grids<'_> {
    type Record = Item;
    type Tally = Tally;

    fn answer(&self, item: &Item, into: &mut Rendered<Tally>) -> anyhow::Result<Outcome> {
        let (answer, message) = self.answer(item);
        into.push_answer(self.format, &answer, message)?;
        let tally = &mut into.tally;
        tally.puzzles += 1;
        let outcome = match &answer.status {
            Status::Step(_) | Status::Solved(_) => {
                tally.solved += 1;
                Outcome::Answered
            }
            Status::Stuck(_) => {
                tally.stuck += 1;
                Outcome::NoSolution
            }
            Status::Contradiction(_) => {
                tally.contradiction += 1;
                Outcome::NoSolution
            }
            Status::Invalid { .. } => {
                tally.invalid += 1;
                Outcome::BadInput
            }
        };
        if let (Status::Solved(p) | Status::Stuck(p) | Status::Contradiction(p), Verb::Grade) =
            (&answer.status, self.verb)
        {
            *tally
                .ratings
                .entry(p.hardest)
                .or_default()
                .entry(p.exact)
                .or_default() += 1;
        }
        Ok(outcome)
    }
}

/// Runs `hint`, `explain` or `grade` over the input: answers on standard output in input
/// order; bad records, the summary (and grade's table) on standard error.
pub(super) fn run(
    args: &LogicInput,
    verb: Verb,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (mut records, source, bar) = super::answer::open_records(&args.input)?;
    let grids = Grids {
        source: &source,
        args,
        verb,
        format,
    };
    let summary = batch::run(&mut records, &grids, args.input.jobs, &bar, out)?;
    bar.finish_and_clear();
    out.flush()?;
    let tally = summary.tally;
    if tally.puzzles == 0 {
        report::message(records.no_puzzle_message());
        return Ok(Outcome::BadInput);
    }
    let done = if verb == Verb::Hint {
        "answered"
    } else {
        "solved"
    };
    report::message(format_args!(
        "{source}: {}: {} {done}, {} stuck, {} contradiction, {} invalid",
        count_of(tally.puzzles, "puzzle"),
        tally.solved,
        tally.stuck,
        tally.contradiction,
        tally.invalid
    ));
    if verb == Verb::Grade && !tally.ratings.is_empty() {
        for line in grade_table(&tally.ratings) {
            report::message(line);
        }
    }
    Ok(summary.outcome)
}

/// The grade summary: per hardest technique (in the order they are tried) the number of
/// puzzles and their min / median / max rating, then all puzzles.
fn grade_table(ratings: &BTreeMap<Option<Technique>, BTreeMap<Rating, u64>>) -> Vec<String> {
    let mut all: BTreeMap<Rating, u64> = BTreeMap::new();
    let mut lines = vec![format!(
        "{:<36} {:>7} {:>5} {:>6} {:>5}",
        "hardest technique", "puzzles", "min", "median", "max"
    )];
    let row = |name: &str, counts: &BTreeMap<Rating, u64>| {
        let total: u64 = counts.values().sum();
        let min = counts.keys().next().copied().unwrap_or_default();
        let max = counts.keys().next_back().copied().unwrap_or_default();
        // The lower median: the rating of the ((total + 1) / 2)-th puzzle in order.
        let mut seen = 0;
        let median = counts
            .iter()
            .find(|(_, n)| {
                seen += **n;
                seen >= total.div_ceil(2)
            })
            .map_or(min, |(r, _)| *r);
        format!(
            "{name:<36} {total:>7} {:>5} {:>6} {:>5}",
            min.to_string(),
            median.to_string(),
            max.to_string()
        )
    };
    for (technique, counts) in ratings {
        let name = technique.map_or("(none: already full)".to_owned(), |t| t.to_string());
        lines.push(row(&name, counts));
        for (rating, n) in counts {
            *all.entry(*rating).or_default() += n;
        }
    }
    lines.push(row("all", &all));
    lines
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
when the techniques stop (the puzzle has several solutions) or the grid has no solution,
2 for bad input (reported with file:line:column; the batch goes on).";
