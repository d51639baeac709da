//! The arguments of each `gridsolve sudoku` verb: one struct per verb.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use sudoku::{Alphabet, BoxShape, Layout};

use crate::args::{DrawArg, JobsArg, SeedArg};

/// What every batch verb (solve, count, check) reads.
#[derive(Debug, Args)]
pub(super) struct InputArgs {
    /// Puzzle file (standard input when omitted or `-`).
    pub file: Option<PathBuf>,
    /// Box shape RxC (rows x columns of one box), for example 2x3; detected when omitted.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<BoxShape>,
    /// Symbols of the values: 1-9, 1-9A-G, 0-F (hexadoku: 0 is a value, . the blank),
    /// A-P, A-Y, or the symbols in order (123456789ABCDEFG); detected when omitted.
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<Alphabet>,
    /// The input format, when detection would guess wrong; detected per record when
    /// omitted.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<InputFormat>,
    // With 1, reading, solving and writing all run on the calling thread, one after
    // the other. With J >= 2, J - 1 worker threads parse, solve and format a chunk of
    // records while the calling thread writes the answers of the previous chunk and
    // reads the next one, then helps with the chunk: J threads in all.
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// `--input-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum InputFormat {
    /// One puzzle per line; what follows the cells is a comment.
    Line,
    /// CSV `puzzle,solution` rows (as line; a header is skipped).
    Csv,
    /// Puzzles of n rows, never one-line puzzles.
    Block,
    /// Framed boards (as block).
    Framed,
    /// LeetCode 36/37 JSON boards.
    LeetcodeJson,
    /// Pencil marks (`hint`, `explain` and `grade` only): 729 characters, nine per
    /// cell, or a grid of nine rows of candidate lists (`123 4 56 ...`, framed or not).
    Candidates,
}

impl From<InputFormat> for Layout {
    fn from(f: InputFormat) -> Layout {
        match f {
            InputFormat::Line | InputFormat::Csv => Layout::Line,
            InputFormat::Candidates => Layout::Candidates,
            InputFormat::Block | InputFormat::Framed => Layout::Block,
            InputFormat::LeetcodeJson => Layout::Json,
        }
    }
}

/// The old `--output` values, kept hidden for scripts: `--draw` and `--format json`
/// are the shared spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum OutputForm {
    /// One line of n*n symbols.
    Line,
    /// n rows with box separators (as --draw).
    Block,
    /// JSON Lines (as --format json).
    Json,
}

/// `gridsolve sudoku solve`.
#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop at the first solution: skip the uniqueness check.
    #[arg(long)]
    pub first: bool,
    // Draw every solution as rows with box separators (default: the form of each
    // input).
    #[command(flatten)]
    pub draw: DrawArg,
    /// Output form: line, block (as --draw) or json (as --format json); default: the
    /// form of each input.
    #[arg(long, value_enum, hide = true, conflicts_with = "draw")]
    pub output: Option<OutputForm>,
}

/// `gridsolve sudoku count`.
#[derive(Debug, Args)]
pub(super) struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop counting at K solutions (the empty 9x9 grid has about 6.7e21).
    #[arg(long, value_name = "K", default_value_t = 100_000,
          value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    pub limit: u64,
}

/// `gridsolve sudoku check`.
#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
}

/// `gridsolve sudoku bench`.
#[derive(Debug, Args)]
pub(super) struct BenchArgs {
    /// Puzzle file (standard input when omitted or `-`).
    pub file: Option<PathBuf>,
    /// Box shape RxC; detected when omitted.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<BoxShape>,
}

/// Symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum SymmetryArg {
    /// None.
    None,
    /// 180-degree rotation.
    Central,
    /// Reflection in the main diagonal.
    Diagonal,
}

/// `gridsolve sudoku generate`.
#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Number of puzzles.
    #[arg(long, short = 'n', default_value_t = 1, value_parser = crate::args::whole_number::<u64>(0, u64::MAX))]
    pub count: u64,
    // The random generator is ChaCha8, seeded per puzzle from the seed and the
    // puzzle's index.
    #[command(flatten)]
    pub seed: SeedArg,
    /// Box shape RxC (default 3x3, the classic 9x9).
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    pub box_shape: Option<BoxShape>,
    /// Grid size n, with its usual box shape (4, 6, 9, 12, 16, 25, ...).
    #[arg(long, value_parser = crate::args::whole_number::<usize>(0, u64::MAX))]
    pub size: Option<usize>,
    /// Symmetry of the givens.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// Stop removing givens at this many (default: remove while the solution stays
    /// unique, giving a minimal puzzle).
    #[arg(long, value_name = "K", value_parser = crate::args::whole_number::<usize>(0, u64::MAX))]
    pub givens: Option<usize>,
    // With 1, puzzles are generated and written on the calling thread. With J >= 2,
    // J - 1 worker threads and the calling thread generate a chunk of puzzles while
    // the calling thread writes the previous chunk in order.
    #[command(flatten)]
    pub jobs: JobsArg,
    // Draw every puzzle as rows with box separators instead of one line.
    #[command(flatten)]
    pub draw: DrawArg,
    /// Output form: line (default), block (as --draw) or json (as --format json).
    #[arg(long, value_enum, hide = true, conflicts_with = "draw")]
    pub output: Option<OutputForm>,
}
