//! `gridsolve sudoku solve`: the solution of every puzzle, checked for uniqueness unless
//! `--first`.

use std::io::{self, Write};
use std::time::Instant;

use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku::{Record, RecordForm, Verdict};

use super::puzzles::{self, Found, PuzzleTally, Reading, Search, Solution};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::args::DrawArg;
use crate::picture;
use crate::report::{Answer, Format, Invalid, Outcome, Picture};

/// `gridsolve sudoku solve`.
#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    variant: super::puzzles::VariantArg,
    /// Stop at the first solution: skip the uniqueness check.
    #[arg(long)]
    first: bool,
    // Draw every solution as rows with box separators (default: the form of each
    // input).
    #[command(flatten)]
    draw: DrawArg,
    /// Output form: line, block (as --draw) or json (as --format json); default: the
    /// form of each input.
    #[arg(long, value_enum, hide = true, conflicts_with = "draw")]
    output: Option<OutputForm>,
}

/// The old `--output` values of `solve` and `generate`, kept hidden for scripts:
/// `--draw` and `--format json` are the shared spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum OutputForm {
    /// One line of n*n symbols.
    Line,
    /// n rows with box separators (as --draw).
    Block,
    /// JSON Lines (as --format json).
    Json,
}

impl OutputForm {
    /// `--output` resolved with `--format` into the one output format: `--output json`
    /// is `--format json`; `--output line` or `block` ask for text. Any other
    /// `--format` than the one implied (left at text unless given) contradicts it.
    ///
    /// # Errors
    ///
    /// `--output line` or `block` with `--format json` or `csv`; `--output json` with
    /// `--format csv` (it had written JSON without a word).
    pub(super) fn resolve(output: Option<OutputForm>, format: Format) -> anyhow::Result<Format> {
        let (implied, name) = match output {
            None => return Ok(format),
            Some(OutputForm::Json) => (Format::Json, "json"),
            Some(OutputForm::Line) => (Format::Text, "line"),
            Some(OutputForm::Block) => (Format::Text, "block"),
        };
        let asked = clap::ValueEnum::to_possible_value(&format)
            .map_or_else(String::new, |v| v.get_name().to_owned());
        // `--output json` overrides the default `--format` (text), given or not.
        let overrides_default = output == Some(OutputForm::Json) && format == Format::default();
        anyhow::ensure!(
            implied == format || overrides_default,
            "--output {name} asks for {}, but --format {asked} asks for {}: give one",
            implied.words(),
            format.words()
        );
        Ok(implied)
    }
}

/// How solutions are laid out in text: as each record is written, or always one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Like the record: a block for rows, a line for a line.
    AsInput,
    /// Always one line.
    Line,
    /// Always a block.
    Block,
}

/// Runs `solve` over its input.
pub(super) fn run(
    args: &SolveArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let format = OutputForm::resolve(args.output, format)?;
    anyhow::ensure!(
        args.variant.variant != sudoku::VariantKind::Jigsaw
            || !(args.draw.text() || args.output == Some(OutputForm::Block)),
        "--variant jigsaw takes neither --draw text nor the block form, which show the classic \
         boxes, not the puzzle's regions: use --draw svg, which draws the regions, or neither \
         (each solution as one line of 81 cells)"
    );
    let layout = match args.output {
        _ if args.draw.text() => Layout::Block,
        Some(OutputForm::Block) => Layout::Block,
        Some(OutputForm::Line) => Layout::Line,
        Some(OutputForm::Json) | None => Layout::AsInput,
    };
    let solve = Solve {
        reading: Reading::new(&args.input, "solve")?.with_variant(args.variant),
        first: args.first,
        layout,
        draw: &args.draw,
    };
    record_batch::run(&solve, &args.input, format, out)
}

/// `solve` at work.
struct Solve<'a> {
    reading: Reading,
    first: bool,
    layout: Layout,
    draw: &'a DrawArg,
}

/// The answer of `solve` to one puzzle. JSON: `{"line": L, "puzzle": P, "status": "solved",
/// "solution": "...", "count": N, "exact": true, "givens": G, "guesses": K}`, the
/// status `solved`, `no_solution` or `multiple`, the solution `null` when there is no
/// unique one (with `--first`, the first found).
/// `"puzzle"` is the puzzle as written (its lines joined by `\n`), so that a
/// line can be matched to its input without counting lines.
#[derive(Debug, Serialize)]
pub(super) struct SolveAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]: its lines joined by
    /// `\n`, without the fields its line holds around it).
    puzzle: String,
    /// Its id and rating as the input gives them.
    #[serde(flatten)]
    given: super::records::Given,
    #[serde(rename = "status", serialize_with = "puzzles::solved_status")]
    found: Found,
    #[serde(serialize_with = "super::optional_text")]
    solution: Option<Solution>,
    #[serde(flatten)]
    search: Search,
    /// Whether the text draws the solution as a block (followed by a blank line).
    #[serde(skip)]
    block: bool,
    /// `--draw svg`: the solved grid, givens told apart from the filled digits.
    #[serde(skip)]
    picture: Option<Picture>,
}

impl RecordVerb for Solve<'_> {
    type Answer = SolveAnswer;
    type Tally = PuzzleTally;

    fn variant(&self) -> Option<&'static str> {
        self.reading.variant_name()
    }

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<SolveAnswer>, Invalid> {
        let limit = if self.first { 1 } else { 2 };
        let searched = self.reading.search(record, source, limit)?;
        let found = Found::of(&searched.verdict);
        let puzzle = &searched.puzzle;
        let solution = match searched.verdict {
            Verdict::Unique(grid) => Some(Solution {
                grid,
                alphabet: searched.alphabet.clone(),
            }),
            _ => None,
        };
        // Without a unique solution, the puzzle alone: one picture per answer.
        let picture = self
            .draw
            .picture(&picture::file_name(source, Some(searched.line)), || {
                let (grid, alphabet) = match &solution {
                    Some(s) => (&s.grid, s.alphabet.as_ref()),
                    None => (puzzle, searched.alphabet.as_ref()),
                };
                picture::sudoku::solved(puzzle, grid, alphabet, &searched.variant)
            });
        let answer = SolveAnswer {
            picture,
            line: searched.line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            found,
            solution,
            search: searched.search,
            block: self.block(record),
        };
        Ok(Noted {
            answer,
            note: searched.note,
        })
    }

    fn paragraphs(&self) -> bool {
        self.layout == Layout::Block
    }

    fn pictures(&self) -> bool {
        self.draw.svg()
    }

    fn count(&self, answer: &SolveAnswer, tally: &mut PuzzleTally) {
        tally.count(answer.found);
        tally.differs += u64::from(answer.search.given_solution_differs());
    }

    fn summary(&self, source: &str, tally: &Counted<PuzzleTally>, started: Instant) -> Vec<String> {
        let solved = if self.first {
            "solved (first solution, not checked for uniqueness)"
        } else {
            "solved"
        };
        vec![puzzles::summary_line(source, tally, solved, started)]
    }
}

impl Solve<'_> {
    /// Whether the solution of `record` is drawn as a block.
    fn block(&self, record: &Record) -> bool {
        match self.layout {
            Layout::Line => false,
            Layout::Block => true,
            Layout::AsInput => match record.form {
                RecordForm::Line => false,
                RecordForm::Block | RecordForm::Candidates => true,
                // A JSON board as it is laid out: on one line, or pretty-printed.
                _ => record.text.contains('\n'),
            },
        }
    }
}

impl Answer for SolveAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        let mut columns = puzzles::SEARCH_COLUMNS.to_vec();
        columns.insert(3, "solution"); // after "status", as in its JSON line
        // `--draw svg`'s picture, or under `--output-dir` its file, before the place.
        let place = columns.len() - puzzles::PLACE_COLUMNS.len();
        columns.splice(place..place, ["drawing", "drawing_file"]);
        columns
    }

    fn outcome(&self) -> Outcome {
        Outcome::found(self.solution.is_some())
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.solution, self.found) {
            (Some(s), _) if self.block => write!(out, "{}", s.block())?,
            (Some(s), _) => writeln!(out, "{s}")?,
            (None, Found::NoSolution) => writeln!(out, "no solution")?,
            (None, _) => writeln!(out, "multiple solutions")?,
        }
        if self.block {
            writeln!(out)?;
        }
        Ok(())
    }
}
