//! `gridsolve sudoku grade`: the difficulty of every puzzle (its hardest technique and
//! an SE-style rating), with a summary table per hardest technique on standard error.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use sudoku::Record;
use sudoku::logic::{Rating, Technique};

use super::logic::{self, Ended, LogicTally};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::report::{Answer, Format, Invalid, Outcome};

/// `gridsolve sudoku grade`.
#[derive(Debug, Args)]
pub(super) struct GradeArgs {
    /// The puzzle input; its `--input-format candidates` reads pencil marks, any other
    /// value puzzles, and without it a one-line record of 729 characters is read as
    /// pencil marks.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Runs `grade` over its input.
pub(super) fn run(
    args: &GradeArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    record_batch::run(&Grade { args }, &args.input, format, out)
}

/// `grade` at work.
struct Grade<'a> {
    args: &'a GradeArgs,
}

/// The answer of `grade` to one record. JSON: `{"line": L, "puzzle": P, "status": "solved",
/// "hardest": "X-Wing", "rating": 3.2, "step_count": N}` (status `stuck` or
/// `contradiction` when the techniques stop; no `hardest` when no step was needed).
/// `"puzzle"` is the record's text as read (its lines joined by `\n`), so that a
/// line can be matched to its input without counting lines.
#[derive(Debug, Serialize)]
pub(super) struct GradeAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The record's text as read (its lines joined by `\n`).
    puzzle: String,
    /// Its id and rating as the input gives them.
    #[serde(flatten)]
    given: super::records::Given,
    status: Ended,
    /// The hardest technique used.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::optional_text"
    )]
    hardest: Option<Technique>,
    /// Its rating on Sudoku Explainer's scale.
    rating: f64,
    /// Number of steps taken.
    step_count: usize,
    /// The rating, exactly, for the text and the summary.
    #[serde(skip)]
    exact: Rating,
}

impl RecordVerb for Grade<'_> {
    type Answer = GradeAnswer;
    type Tally = LogicTally;

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<GradeAnswer>, Invalid> {
        let start = logic::start(record, &self.args.input, source)?;
        let explanation = sudoku::logic::explain_with(&start.grid, start.options());
        let grade = explanation.grade();
        Ok(Noted::plain(GradeAnswer {
            line: record.first_line,
            puzzle: record.text.clone(),
            given: super::records::Given::of(record),
            status: Ended::of(&explanation),
            hardest: grade.hardest,
            rating: grade.rating.value(),
            step_count: grade.steps,
            exact: grade.rating,
        }))
    }

    /// Only a solved puzzle is graded: a stuck or broken grid's rating is that of the
    /// steps found before the techniques stopped, no difficulty.
    fn count(&self, answer: &GradeAnswer, tally: &mut LogicTally) {
        tally.count(answer.status);
        if answer.status != Ended::Solved {
            return;
        }
        *tally
            .ratings
            .entry(answer.hardest)
            .or_default()
            .entry(answer.exact)
            .or_default() += 1;
    }

    fn summary(&self, source: &str, tally: &Counted<LogicTally>, _: Instant) -> Vec<String> {
        let mut lines = vec![logic::summary_line(source, tally, "solved")];
        let ungraded = [
            ("stuck (several solutions)", tally.of.stuck),
            ("contradiction (no solution)", tally.of.contradiction),
            ("invalid", tally.invalid),
        ];
        // A table when the techniques ran on something (not for bad records alone,
        // which the summary line counts).
        if !tally.of.ratings.is_empty() || tally.of.stuck + tally.of.contradiction > 0 {
            lines.extend(grade_table(&tally.of.ratings, &ungraded));
        }
        lines
    }
}

impl Answer for GradeAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        vec![
            "line",
            "puzzle",
            "status",
            "hardest",
            "rating",
            "step_count",
            "id",
            "given_rating",
            "error",
        ]
    }

    fn outcome(&self) -> Outcome {
        self.status.outcome()
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let hardest = self.hardest.map_or("-".to_owned(), |t| t.to_string());
        let steps = self.step_count;
        match self.status {
            Ended::Solved => writeln!(out, "{}  {hardest} ({steps} steps)", self.exact),
            _ => writeln!(
                out,
                "{}  {hardest} ({steps} steps; {})",
                self.exact,
                self.status.words()
            ),
        }
    }
}

/// The grade summary: per hardest technique (in the order they are tried) the number of
/// solved puzzles and their min / median / max rating, then all of them (`all graded`),
/// then a row of its own, without ratings, for each kind of puzzle that was not graded
/// (`ungraded`: its name and count; rows of none are left out).
fn grade_table(
    ratings: &BTreeMap<Option<Technique>, BTreeMap<Rating, u64>>,
    ungraded: &[(&str, u64)],
) -> Vec<String> {
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
    if !ratings.is_empty() {
        lines.push(row("all graded", &all));
    }
    for (name, n) in ungraded.iter().filter(|(_, n)| *n > 0) {
        lines.push(format!(
            "{name:<36} {n:>7} {:>5} {:>6} {:>5}",
            "-", "-", "-"
        ));
    }
    lines
}
