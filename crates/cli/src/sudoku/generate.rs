//! `gridsolve sudoku generate`: puzzles with a unique solution, through the batch
//! runner (one record per puzzle index).

use grid_core::text::count_of;
use std::io::{self, Write};

use anyhow::Context;
use serde::Serialize;
use sudoku::{BoxShape, GenerateOptions, MAX_SIZE, MIN_SIZE, Sudoku, Symmetry};

use super::args::{GenerateArgs, OutputForm, SymmetryArg};
use super::render::{optional_text, text};
use crate::batch::{self, Rendered};
use crate::report::{self, Format, Outcome, Render};

/// One generated puzzle. JSON: `{"index": I, "seed": S, "puzzle": "...", "givens": G,
/// "solution": "..."}`.
#[derive(Debug, Serialize)]
struct Generated {
    /// 0-based index of the puzzle in the run.
    index: u64,
    /// The run's seed.
    seed: u64,
    #[serde(serialize_with = "text")]
    puzzle: Sudoku,
    givens: usize,
    /// The solution (computed for JSON only).
    #[serde(serialize_with = "optional_text")]
    solution: Option<Sudoku>,
    /// Whether the text draws the puzzle as a block.
    #[serde(skip)]
    block: bool,
}

impl Render for Generated {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.block {
            writeln!(out, "{}", self.puzzle.block())
        } else {
            writeln!(out, "{}", self.puzzle)
        }
    }
}

/// Puzzles that kept more givens than asked for (the target is a wish: givens are
/// removed only while the solution stays unique), and the fewest of those.
#[derive(Debug)]
struct AboveTarget {
    puzzles: u64,
    fewest: usize,
}

impl Default for AboveTarget {
    fn default() -> Self {
        AboveTarget {
            puzzles: 0,
            fewest: usize::MAX,
        }
    }
}

impl batch::Tally for AboveTarget {
    fn add(&mut self, other: &Self) {
        self.puzzles += other.puzzles;
        self.fewest = self.fewest.min(other.fewest);
    }
}

/// The indices `0..count` of the puzzles to generate.
struct Indices {
    next: u64,
    count: u64,
}

impl batch::Reader for Indices {
    type Record = u64;

    fn read(&mut self, max: usize, into: &mut Vec<u64>) -> anyhow::Result<()> {
        let end = self.count.min(self.next.saturating_add(max as u64));
        into.extend(self.next..end);
        self.next = end;
        Ok(())
    }

    fn position(&self) -> u64 {
        self.next
    }
}

struct Generator {
    options: GenerateOptions,
    seed: u64,
    block: bool,
    format: Format,
}

impl Generator {
    /// The answer step: the puzzle of index `index`.
    fn answer(&self, index: u64) -> Generated {
        let puzzle = sudoku::generate(&self.options, self.seed, index);
        Generated {
            index,
            seed: self.seed,
            givens: puzzle.givens(),
            solution: (self.format == Format::Json)
                .then(|| puzzle.solution())
                .flatten(),
            puzzle,
            block: self.block,
        }
    }
}

impl batch::Batch for Generator {
    type Record = u64;
    type Tally = AboveTarget;

    fn answer(&self, &index: &u64, into: &mut Rendered<AboveTarget>) -> anyhow::Result<Outcome> {
        let generated = self.answer(index);
        if self
            .options
            .target_givens
            .is_some_and(|k| generated.givens > k)
        {
            into.tally.puzzles += 1;
            into.tally.fewest = into.tally.fewest.min(generated.givens);
        }
        report::write_answer(&mut into.out, self.format, &generated)?;
        Ok(Outcome::Answered)
    }
}

/// The box shape asked for by `--box` or `--size` (3x3 by default).
fn shape(args: &GenerateArgs) -> anyhow::Result<BoxShape> {
    Ok(match (args.box_shape, args.size) {
        (Some(s), _) => s,
        (None, Some(n)) if !(MIN_SIZE..=MAX_SIZE).contains(&n) => {
            anyhow::bail!("--size {n}: sizes {MIN_SIZE} to {MAX_SIZE} are supported")
        }
        (None, Some(n)) => BoxShape::for_size(n).with_context(|| {
            format!("--size {n}: {n} is prime, so a {n} x {n} grid has no r x c boxes (r, c >= 2)")
        })?,
        (None, None) => BoxShape::CLASSIC,
    })
}

pub(super) fn generate(
    args: GenerateArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let options = GenerateOptions {
        shape: shape(&args)?,
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Central => Symmetry::Central,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        },
        target_givens: args.givens,
    };
    let generator = Generator {
        options,
        seed: args.seed.seed,
        block: args.draw.draw || args.output == Some(OutputForm::Block),
        format: match args.output {
            Some(OutputForm::Json) => Format::Json,
            _ => format,
        },
    };
    let mut indices = Indices {
        next: 0,
        count: args.count,
    };
    let bar = indicatif::ProgressBar::hidden();
    let summary = batch::run(&mut indices, &generator, args.jobs, &bar, out)?;
    let above = summary.tally;
    if let Some(k) = args.givens
        && above.puzzles > 0
    {
        report::message(format_args!(
            "{} of {} could not be brought down to {k} givens \
             with a unique solution (the fewest kept: {})",
            above.puzzles,
            count_of(args.count, "puzzle"),
            above.fewest,
        ));
    }
    Ok(summary.outcome)
}
