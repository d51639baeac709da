//! `gridsolve sudoku generate`: puzzles with a unique solution, through the batch
//! runner (one record per puzzle index).

use std::io::{self, Write};

use anyhow::Context;
use clap::{Args, ValueEnum};
use grid_core::text::count_of;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use sudoku::{
    BoxShape, GenerateOptions, MAX_SIZE, MIN_SIZE, Sudoku, Symmetry, Variant, VariantKind, Verdict,
};

use super::solve::OutputForm;
use crate::args::{DrawArg, JobsArg, SeedArg};
use crate::batch::{self, Rendered};
use crate::picture;
use crate::report::{self, Answer, Format, Outcome, Picture};

/// `gridsolve sudoku generate`.
#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Number of puzzles (at least 1).
    #[arg(long, short = 'n', default_value_t = 1, value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    count: u64,
    // The random generator is ChaCha8, seeded per puzzle from the seed and the
    // puzzle's index.
    #[command(flatten)]
    seed: SeedArg,
    /// Box shape RxC (default 3x3, the classic 9x9).
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    box_shape: Option<BoxShape>,
    /// Grid size n, with its usual box shape (4, 6, 9, 12, 16, 25, ...).
    #[arg(long, value_parser = crate::args::whole_number::<usize>(0, u64::MAX))]
    size: Option<usize>,
    /// Symmetry of the givens.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    // --variant: puzzles unique under the variant's rules (9x9); jigsaw puzzles are
    // written as one line, the cells, a space and a fresh region map.
    #[command(flatten)]
    variant: super::puzzles::VariantArg,
    /// Stop removing givens at this many, never fewer (default: remove while the solution stays
    /// unique, giving a minimal puzzle). At most the grid's cells, and at least the
    /// proven minimum where one is known (17 for 9x9, 4 for 4x4; 8 under --variant,
    /// whose extra units can make fewer than 17 enough).
    #[arg(long, value_name = "K", value_parser = crate::args::whole_number::<usize>(0, u64::MAX))]
    givens: Option<usize>,
    /// Symbols to write the puzzles in, as `solve` reads them (`0-F`, `A-P`, ...;
    /// as many as the grid's side); the standard `1`-`9` then `A`-`Z` when omitted.
    #[arg(long, value_name = "ALPHABET")]
    symbols: Option<sudoku::Alphabet>,
    // With 1, puzzles are generated and written on the calling thread. With J >= 2,
    // J - 1 worker threads and the calling thread generate a chunk of puzzles while
    // the calling thread writes the previous chunk in order.
    #[command(flatten)]
    jobs: JobsArg,
    // Draw every puzzle as rows with box separators instead of one line.
    #[command(flatten)]
    draw: DrawArg,
    /// Output form: line (default), block (as --draw) or json (as --format json).
    #[arg(long, value_enum, hide = true, conflicts_with = "draw")]
    output: Option<OutputForm>,
}

/// Symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    /// None.
    None,
    /// 180-degree rotation.
    Central,
    /// Reflection in the main diagonal.
    Diagonal,
}

/// One generated puzzle. JSON: `{"index": I, "seed": S, "variant": "classic", "puzzle": "...", "givens": G,
/// "solution": "..."}`; the solution is found when the JSON is written (the text
/// shows only the puzzle).
#[derive(Debug)]
pub(super) struct Generated {
    /// 0-based index of the puzzle in the run.
    index: u64,
    /// The run's seed.
    seed: u64,
    puzzle: Sudoku,
    /// The rules it is unique under.
    variant: Variant,
    givens: usize,
    /// Whether the text draws the puzzle as a block.
    block: bool,
    /// `--draw svg`: the puzzle, its givens on grey squares.
    picture: Option<Picture>,
    /// `--symbols`: the alphabet the puzzle is written in.
    alphabet: Option<sudoku::Alphabet>,
}

impl Generated {
    /// `grid` on one line, in the puzzle's alphabet.
    fn grid_line(&self, grid: &Sudoku) -> String {
        match &self.alphabet {
            Some(alphabet) => alphabet.line(grid),
            None => grid.to_string(),
        }
    }

    /// The puzzle as one line; a jigsaw puzzle followed by a space and its region map.
    fn line(&self) -> String {
        let cells = self.grid_line(&self.puzzle);
        match self.variant.regions() {
            Some(map) => format!("{cells} {map}"),
            None => cells,
        }
    }
}

impl Serialize for Generated {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Generated", 6)?;
        s.serialize_field("index", &self.index)?;
        s.serialize_field("seed", &self.seed)?;
        s.serialize_field("variant", &self.variant.kind().to_string())?;
        s.serialize_field("puzzle", &self.line())?;
        s.serialize_field("givens", &self.givens)?;
        let solution = match self.puzzle.analyse_variant(2, &self.variant).verdict() {
            Verdict::Unique(s) => Some(self.grid_line(&s)),
            _ => None,
        };
        s.serialize_field("solution", &solution)?;
        s.end()
    }
}

impl Answer for Generated {
    /// Every key of its JSON lines.
    fn csv_columns() -> Vec<&'static str> {
        vec![
            "index", "seed", "variant", "puzzle", "givens", "solution", "status",
        ]
    }

    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.alphabet, self.block) {
            (Some(alphabet), true) => writeln!(out, "{}", alphabet.block(&self.puzzle)),
            (None, true) => writeln!(out, "{}", self.puzzle.block()),
            (_, false) => writeln!(out, "{}", self.line()),
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
    variant: VariantKind,
    seed: u64,
    block: bool,
    format: Format,
    draw: DrawArg,
    symbols: Option<sudoku::Alphabet>,
}

impl Generator {
    /// The answer step: the puzzle of index `index`.
    fn answer(&self, index: u64) -> Generated {
        let (puzzle, variant) = if self.variant == VariantKind::Classic {
            let puzzle = sudoku::generate(&self.options, self.seed, index);
            (puzzle, Variant::Classic)
        } else {
            sudoku::generate_variant(&self.options, self.variant, self.seed, index)
        };
        // Puzzle k (1-based) of seed S is `sudoku-seedS-k.svg` under --output-dir.
        let name = format!("sudoku-seed{}-{}", self.seed, index + 1);
        Generated {
            picture: self.draw.picture(&name, || {
                picture::sudoku::solved(&puzzle, &puzzle, self.symbols.as_ref(), &variant)
            }),
            alphabet: self.symbols.clone(),
            index,
            seed: self.seed,
            givens: puzzle.givens(),
            puzzle,
            variant,
            block: self.block,
        }
    }
}

impl batch::Batch for Generator {
    type Record = u64;
    type Tally = AboveTarget;

    fn format(&self) -> Format {
        self.format
    }

    fn csv_columns(&self) -> Vec<&'static str> {
        Generated::csv_columns()
    }

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
        Ok(into.push(self.format, &generated, None::<&str>)?)
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

/// The fewest givens a Sudoku of `shape` with a unique solution can have, where it is
/// proven: 17 for 9 x 9 (McGuire, Tugemann and Civario, "There is no 16-clue Sudoku",
/// 2012, an exhaustive search), 4 for 4 x 4 (small enough to enumerate).
fn proven_minimum(shape: BoxShape) -> Option<usize> {
    match (shape.rows(), shape.cols()) {
        (3, 3) => Some(17),
        (2, 2) => Some(4),
        _ => None,
    }
}

/// Refuses a `--givens` that no puzzle of `shape` under `variant` can have: more than
/// its cells, or fewer than its proven minimum. A variant's extra units can make
/// fewer givens enough (generated X puzzles go down to 15, jigsaw to 13), so the
/// classic minimum is not theirs; theirs is 8: with 7 givens two of the nine values
/// are missing, and swapping them gives a second solution.
fn check_givens(
    givens: Option<usize>,
    shape: BoxShape,
    variant: VariantKind,
) -> anyhow::Result<()> {
    let Some(k) = givens else {
        return Ok(());
    };
    let (n, cells) = (shape.size(), shape.cells());
    anyhow::ensure!(
        k <= cells,
        "--givens {k}: a {n} x {n} grid has only {cells} cells; give at most {cells}"
    );
    if variant != VariantKind::Classic {
        anyhow::ensure!(
            k >= 8,
            "--givens {k}: no {variant} Sudoku with a unique solution has fewer than 8 givens \
             (two of the nine values would be missing, and swapping them gives another \
             solution); give 8 or more"
        );
        return Ok(());
    }
    if let Some(min) = proven_minimum(shape) {
        anyhow::ensure!(
            k >= min,
            "--givens {k}: no {n} x {n} Sudoku with a unique solution has fewer than {min} givens \
             (proven by exhaustive search); give {min} or more"
        );
    }
    Ok(())
}

/// Generates the puzzles `args` ask for, written in input order as they are made.
pub(super) fn run(
    args: &GenerateArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let shape = shape(args)?;
    check_givens(args.givens, shape, args.variant.variant)?;
    anyhow::ensure!(
        args.variant.variant == VariantKind::Classic || shape == BoxShape::CLASSIC,
        "--variant {v}: {v} rules are for 9 x 9 grids; --box/--size asks for a {n} x {n} grid",
        v = args.variant.variant,
        n = shape.size()
    );
    anyhow::ensure!(
        args.variant.variant != VariantKind::Jigsaw
            || !(args.draw.text() || args.output == Some(OutputForm::Block)),
        "--variant jigsaw takes neither --draw text nor the block form, which have no place for \
         the regions: use --draw svg, which draws them, or neither (each puzzle as one line: its \
         cells, a space, its region map)"
    );
    // A line does not say its boxes: read back, it gets the usual ones (a block draws
    // them, and is read with the boxes it draws).
    let drawn = args.draw.text() || args.output == Some(OutputForm::Block);
    if let Some(usual) = BoxShape::for_size(shape.size())
        && usual != shape
        && !drawn
    {
        let n = shape.size();
        report::message(format_args!(
            "note: {shape} boxes are not the usual boxes of {n} x {n} grids ({usual}), \
             which a line is read with unless told: give --box {shape} to read these \
             puzzles back (or --output block, whose drawing says its boxes)"
        ));
    }
    if let Some(symbols) = &args.symbols {
        anyhow::ensure!(
            symbols.len() == shape.size(),
            "--symbols {symbols}: {} symbols, but a {n} x {n} grid needs {n}",
            symbols.len(),
            n = shape.size()
        );
    }
    let options = GenerateOptions {
        shape,
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Central => Symmetry::Central,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        },
        target_givens: args.givens,
    };
    let generator = Generator {
        options,
        variant: args.variant.variant,
        seed: args.seed.seed,
        block: args.draw.text() || args.output == Some(OutputForm::Block),
        draw: args.draw.clone(),
        symbols: args.symbols.clone(),
        // `--output json` is `--format json`, `--output line|block` text: a `--format`
        // that says otherwise is refused.
        format: OutputForm::resolve(args.output, format)?,
    };
    let mut indices = Indices {
        next: 0,
        count: args.count,
    };
    // A data set of many puzzles takes minutes: a bar with the time left (on a
    // terminal only), and Ctrl-C keeps the puzzles made (see `batch::run`).
    let bar = report::progress_bar(args.count, "puzzles");
    let summary = batch::run(&mut indices, &generator, args.jobs, &bar, out)?;
    bar.finish_and_clear();
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
