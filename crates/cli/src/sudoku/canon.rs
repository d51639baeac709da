//! `gridsolve sudoku canon`: the minlex form of every 9 x 9 puzzle, or with `--grid`
//! the canonical form of its solution grid (`sudoku::canon`).

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use sudoku::{Record, Sudoku};

use super::puzzles::{self, Found, Reading};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::report::{Answer, Format, Invalid, Outcome};

/// `gridsolve sudoku canon`.
#[derive(Debug, Args)]
pub(super) struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// `--variant`, refused: classic puzzles only.
    #[command(flatten)]
    pub classic: super::puzzles::ClassicOnly,
    /// The canonical form of each puzzle's solution grid (the other convention: two
    /// puzzles with equivalent solutions share it) instead of the puzzle's minlex form;
    /// a puzzle without exactly one solution has none.
    #[arg(long)]
    pub grid: bool,
}

/// Runs `canon` over its input.
pub(super) fn run(
    args: &CanonArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let canon = Canon {
        reading: Reading::new(&args.input, "canon")?,
        grid: args.grid,
    };
    record_batch::run(&canon, &args.input, format, out)
}

/// `canon` at work.
struct Canon {
    reading: Reading,
    grid: bool,
}

/// Which canonical form an answer holds; `"form"` in JSON.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "snake_case")]
enum Form {
    /// The puzzle's minlex form.
    PuzzleMinlex,
    /// The minlex form of the puzzle's solution grid.
    SolutionGridMinlex,
}

/// The answer of `canon` to one record. JSON: `{"line": L, "puzzle": P, "status":
/// "canonical", "form": "puzzle_minlex", "canonical": "000000001..."}` (`"form":
/// "solution_grid_minlex"` under `--grid`), or under `--grid` `"status": "no_solution"`
/// or `"multiple"` with `"canonical": null`.
#[derive(Debug, Serialize)]
pub(super) struct CanonAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]).
    puzzle: String,
    /// The id and rating the record was given with.
    #[serde(flatten)]
    given: super::records::Given,
    /// `canonical`, `no_solution` or `multiple`.
    status: &'static str,
    form: Form,
    /// The 81-character form, 0 for a blank; null when there is none.
    canonical: Option<String>,
}

/// The text of a form: its 81 digits, 0 for a blank.
pub(super) fn form_text(form: &[u8; 81]) -> String {
    form.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The minlex form of `puzzle`, or an [`Invalid`] for a puzzle that is not 9 x 9 with
/// 3 x 3 boxes, or whose record holds a jigsaw region map after its cells (the classic
/// form would give jigsaw puzzles with the same givens and different maps one form).
pub(super) fn minlex(puzzle: &Sudoku, record: &Record, source: &str) -> Result<[u8; 81], Invalid> {
    let not_classic = |jigsaw| {
        Invalid::new(
            source,
            &NotClassic {
                line: record.first_line,
                size: puzzle.size(),
                jigsaw,
            },
        )
    };
    if puzzles::has_region_map(record) {
        return Err(not_classic(true));
    }
    puzzle.minlex().ok_or_else(|| not_classic(false))
}

/// A puzzle of another size or box shape than 9 x 9 with 3 x 3 boxes, or a jigsaw
/// line, at its line.
#[derive(Debug)]
struct NotClassic {
    line: usize,
    size: usize,
    /// A jigsaw region map follows the cells.
    jigsaw: bool,
}

impl std::fmt::Display for NotClassic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.jigsaw {
            return write!(
                f,
                "canonical forms are defined for classic puzzles; what follows the cells reads \
                 as a jigsaw region map, and jigsaw puzzles with the same givens and different \
                 maps would get one form"
            );
        }
        write!(
            f,
            "canonical forms are defined for 9 x 9 puzzles with 3 x 3 boxes; this one is {0} x {0}",
            self.size
        )
    }
}

impl sudoku::Positioned for NotClassic {
    fn text_position(&self) -> Option<sudoku::TextPosition> {
        Some(sudoku::TextPosition {
            line: self.line,
            column: None,
        })
    }
}

impl RecordVerb for Canon {
    type Answer = CanonAnswer;
    type Tally = CanonTally;

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<CanonAnswer>, Invalid> {
        let parsed = self.reading.parse(record, source);
        let puzzle = parsed
            .puzzle
            .map_err(|e| puzzles::rejected(record, source, &e, true))?;
        let form = if self.grid {
            Form::SolutionGridMinlex
        } else {
            Form::PuzzleMinlex
        };
        let mut answer = CanonAnswer {
            line: record.first_line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            status: "canonical",
            form,
            canonical: None,
        };
        if self.grid {
            minlex(&puzzle, record, source)?;
            let analysis = puzzle.analyse(2);
            match Found::of(&analysis.verdict()) {
                Found::Unique => {}
                Found::NoSolution => answer.status = "no_solution",
                Found::Multiple => answer.status = "multiple",
            }
            if let Some(solution) = puzzle.solution() {
                answer.canonical = Some(form_text(&minlex(&solution, record, source)?));
            }
        } else {
            answer.canonical = Some(form_text(&minlex(&puzzle, record, source)?));
        }
        Ok(Noted {
            answer,
            note: parsed.note,
        })
    }

    fn count(&self, answer: &CanonAnswer, tally: &mut CanonTally) {
        if answer.canonical.is_some() {
            tally.canonical += 1;
        } else {
            tally.unsolved += 1;
        }
    }

    fn summary(&self, source: &str, tally: &Counted<CanonTally>, _: Instant) -> Vec<String> {
        let done = if self.grid {
            let grids = grid_core::text::count_of(tally.of.canonical, "solution grid");
            format!("{grids} canonicalised")
        } else {
            format!("{} canonicalised (minlex)", tally.of.canonical)
        };
        let mut line = format!(
            "{source}: {}: {done}, {} invalid",
            grid_core::text::count_of(tally.records, "puzzle"),
            tally.invalid
        );
        if self.grid {
            line.push_str(&format!(
                ", {} without exactly one solution",
                tally.of.unsolved
            ));
        }
        vec![line]
    }
}

/// What `canon` counts.
#[derive(Debug, Default)]
pub(super) struct CanonTally {
    canonical: u64,
    unsolved: u64,
}

impl crate::batch::Tally for CanonTally {
    fn add(&mut self, other: &Self) {
        self.canonical += other.canonical;
        self.unsolved += other.unsolved;
    }
}

impl Answer for CanonAnswer {
    fn csv_columns() -> Vec<&'static str> {
        [
            "line",
            "puzzle",
            "id",
            "given_rating",
            "status",
            "form",
            "canonical",
        ]
        .into_iter()
        .chain(puzzles::PLACE_COLUMNS)
        .collect()
    }

    fn outcome(&self) -> Outcome {
        Outcome::found(self.canonical.is_some())
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.canonical, self.status) {
            (Some(form), _) => writeln!(out, "{form}"),
            (None, "no_solution") => writeln!(out, "no solution"),
            (None, _) => writeln!(out, "multiple solutions"),
        }
    }
}
