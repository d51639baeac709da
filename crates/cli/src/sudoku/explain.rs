//! `gridsolve sudoku explain`: every logical step to the solution, numbered; `--draw`
//! shows the candidates before each.

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use grid_core::text::count_of;
use serde::Serialize;
use sudoku::Record;
use sudoku::logic::Technique;

use super::logic::{self, Ended, LogicTally, StepAnswer};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::args::DrawArg;
use crate::picture;
use crate::report::{Answer, Format, Invalid, Outcome, Picture};

/// `gridsolve sudoku explain`.
#[derive(Debug, Args)]
pub(super) struct ExplainArgs {
    /// The puzzle input; its `--input-format candidates` reads pencil marks, any other
    /// value puzzles, and without it a one-line record of 729 characters is read as
    /// pencil marks.
    #[command(flatten)]
    pub input: InputArgs,
    /// `--variant`, refused: classic puzzles only.
    #[command(flatten)]
    pub classic: super::puzzles::ClassicOnly,
    // Draw the candidate grid before every step.
    #[command(flatten)]
    draw: DrawArg,
    /// Show Sudoku Explainer's own solution path instead: the steps its rating takes
    /// (SE's technique names and ratings, what each places or removes), then the
    /// rating as `grade` prints it. 9 x 9 puzzles with one solution; pencil marks
    /// are refused (SE starts from the givens). Exit statuses as `grade`'s.
    #[arg(long, conflicts_with_all = ["draw", "output_dir"])]
    pub(super) se: bool,
    /// With --se: give up on a puzzle's path once it has taken this long or this many
    /// steps, as `grade --budget` does; the path is listed as far as it went.
    #[arg(long, value_name = "TIME|Nsteps", requires = "se", allow_hyphen_values = true,
          value_parser = super::grade::Budget::parse)]
    budget: Option<super::grade::Budget>,
}

/// Runs `explain` over its input.
pub(super) fn run(
    args: &ExplainArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    if args.se {
        return super::grade::run_path(&args.input, args.budget, format, out);
    }
    record_batch::run(&Explain { args }, &args.input, format, out)
}

/// `explain` at work.
struct Explain<'a> {
    args: &'a ExplainArgs,
}

/// The answer of `explain` to one record. JSON: `{"line": L, "puzzle": P, "status": "solved",
/// "hardest": "X-Wing", "step_count": N, "assumed_unique": true,
/// "steps": [...], "end": "..."}`: the status `stuck` or `contradiction` when the
/// techniques stop, `end` the pencil marks where they stopped (absent when solved),
/// `contradiction` where the grid broke (`r5c1 is left with no candidate`; null
/// unless the status says so),
/// every step as [`StepAnswer`] (with `"candidates"` under `--draw`).
/// `"puzzle"` is the puzzle as written (its lines joined by `\n`), so that a
/// line can be matched to its input without counting lines.
#[derive(Debug, Serialize)]
pub(super) struct ExplainAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]: its lines joined by
    /// `\n`, without the fields its line holds around it).
    puzzle: String,
    /// The id and rating the record was given with.
    #[serde(flatten)]
    given: super::records::Given,
    status: Ended,
    /// The hardest technique used.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::optional_text"
    )]
    hardest: Option<Technique>,
    /// Number of steps taken.
    step_count: usize,
    /// Whether uniqueness techniques were allowed.
    assumed_unique: bool,
    /// Every step.
    steps: Vec<StepAnswer>,
    /// The pencil marks where the steps stopped, when not solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<String>,
    /// Where the grid broke (`r5c1 is left with no candidate`), for the status
    /// `contradiction`; null otherwise (as `hint` has it).
    contradiction: Option<String>,
    /// `--draw svg`: every step's candidates with the step marked, top to bottom.
    #[serde(skip)]
    picture: Option<Picture>,
}

impl RecordVerb for Explain<'_> {
    type Answer = ExplainAnswer;
    type Tally = LogicTally;

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<ExplainAnswer>, Invalid> {
        let start = logic::start(record, &self.args.input, source)?;
        let explanation = sudoku::logic::explain_with(&start.grid, start.options());
        let grade = explanation.grade();
        let steps = if self.args.draw.text() {
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
        };
        let picture = self
            .args
            .draw
            .picture(&picture::file_name(source, Some(record.first_line)), || {
                picture::sudoku::steps(explanation.before_each_step())
            });
        Ok(Noted::plain(ExplainAnswer {
            picture,
            line: record.first_line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            status: Ended::of(&explanation),
            hardest: grade.hardest,
            step_count: grade.steps,
            assumed_unique: explanation.assumed_unique,
            steps,
            end: (!explanation.is_solved()).then(|| explanation.end.pencil_marks()),
            contradiction: (Ended::of(&explanation) == Ended::Contradiction)
                .then(|| explanation.end.contradiction_reason())
                .flatten(),
        }))
    }

    fn pictures(&self) -> bool {
        self.args.draw.svg()
    }

    fn count(&self, answer: &ExplainAnswer, tally: &mut LogicTally) {
        tally.count(answer.status);
    }

    fn summary(&self, source: &str, tally: &Counted<LogicTally>, _: Instant) -> Vec<String> {
        vec![logic::summary_line(source, tally, "solved")]
    }
}

impl Answer for ExplainAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        [
            "line",
            "puzzle",
            "id",
            "given_rating",
            "status",
            "hardest",
            "step_count",
            "assumed_unique",
            "end",
            "contradiction",
            "steps",
            "drawing",
            "drawing_file",
        ]
        .into_iter()
        .chain(super::puzzles::PLACE_COLUMNS)
        .collect()
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    fn outcome(&self) -> Outcome {
        self.status.outcome()
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "Puzzle at line {}:", self.line)?;
        for (k, step) in self.steps.iter().enumerate() {
            if let Some(drawn) = &step.drawn {
                write!(out, "{drawn}")?;
            }
            writeln!(out, "{:>3}. {}", k + 1, step.sentence)?;
        }
        let steps = count_of(self.step_count as u64, "step");
        // Where the grid broke, after the count of steps that broke it.
        let why = Ended::why(self.contradiction.as_deref());
        match (self.status, self.hardest) {
            (Ended::Solved, Some(t)) => writeln!(out, "solved in {steps}; hardest: {t}\n"),
            (_, Some(t)) => writeln!(
                out,
                "{} after {steps}{why}; hardest so far: {t}\n",
                self.status.words()
            ),
            (_, None) => writeln!(out, "{}: no step{why}\n", self.status.words()),
        }
    }
}
