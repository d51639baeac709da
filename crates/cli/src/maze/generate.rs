//! `gridsolve maze generate`: a seeded random maze, written in a maze format.

use std::io::{self, Write};

use anyhow::Context;
use clap::{Args, ValueEnum};
use grid_core::Coord;
use maze::{Format as MazeFormat, MazeFile, MoveSet};
use serde::Serialize;

use crate::args::{DrawArg, SeedArg};
use crate::report::Render;

/// The largest maze `maze generate` makes, in cells (stated in `--rows`' help).
const MAX_GENERATED_CELLS: usize = 100_000_000;

/// `maze generate`.
#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Rows of the generated maze. ROWS x COLS may be at most 100,000,000 cells (such as
    /// 10,000 x 10,000): the whole maze is built in memory before it is written.
    #[arg(long, value_name = "R")]
    rows: usize,
    /// Columns of the generated maze (see --rows for the size limit).
    #[arg(long, value_name = "C")]
    cols: usize,
    // `--seed`: the same seed gives the same maze (ChaCha8).
    #[command(flatten)]
    seed: SeedArg,
    /// Carving algorithm.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Backtracker)]
    algorithm: AlgorithmArg,
    /// Probability (0 to 1) of knocking down each wall left standing, adding loops.
    #[arg(long, value_name = "P", default_value_t = 0.0)]
    loops: f64,
    /// The maze's text format (the counterpart of the solving verbs' --input-format).
    /// matrix and ascii give a ROWS x COLS grid of open and blocked cells (corridors one
    /// cell wide), micromouse a ROWS x COLS maze of walled cells.
    #[arg(long, value_enum, default_value_t = OutputFormat::Ascii)]
    output_format: OutputFormat,
    // `--draw`: the shortest path from start to goal over the maze.
    #[command(flatten)]
    draw: DrawArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum AlgorithmArg {
    /// Recursive backtracker (explicit stack): long winding corridors.
    Backtracker,
    /// Wilson's loop-erased random walks: an unbiased (uniform) maze.
    Wilson,
}

/// `--output-format`, named in JSON answers as on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
enum OutputFormat {
    /// Whitespace rows of 0/1 (1 = open).
    Matrix,
    /// The JSON 0/1 matrix, one line.
    Json,
    /// ASCII art with S and G.
    Ascii,
    /// Micromouse maze file with S (south-west) and G (centre).
    Micromouse,
}

/// A generated maze: its size, seed and format, and its text.
#[derive(Debug, Serialize)]
pub(super) struct GenerateAnswer {
    rows: usize,
    cols: usize,
    seed: u64,
    format: OutputFormat,
    /// The maze in `format`, with the path drawn over it under `--draw`.
    maze: String,
}

impl Render for GenerateAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.maze.as_bytes())
    }
}

/// Generates the maze `args` asks for.
///
/// # Errors
///
/// A size over [`MAX_GENERATED_CELLS`] (refused before any work), or one the library
/// refuses (such as 0 rows).
pub(super) fn answer(args: &GenerateArgs) -> anyhow::Result<GenerateAnswer> {
    let (rows, cols) = (args.rows, args.cols);
    // Refused before any work: the maze, the carving stack and the text all live in memory.
    if rows
        .checked_mul(cols)
        .is_none_or(|n| n > MAX_GENERATED_CELLS)
    {
        anyhow::bail!(
            "a {rows} x {cols} maze is too large to generate (at most 100,000,000 cells, such as 10,000 x 10,000)"
        );
    }
    let text = carve(args)?;
    let maze = if args.draw.draw {
        draw_shortest(text)?
    } else {
        text
    };
    Ok(GenerateAnswer {
        rows,
        cols,
        seed: args.seed.seed,
        format: args.output_format,
        maze,
    })
}

/// The generated maze's text in `--output-format`, with its start and goal markers.
fn carve(args: &GenerateArgs) -> anyhow::Result<String> {
    let (rows, cols) = (args.rows, args.cols);
    let options = maze::GenerateOptions {
        algorithm: match args.algorithm {
            AlgorithmArg::Backtracker => maze::Algorithm::Backtracker,
            AlgorithmArg::Wilson => maze::Algorithm::Wilson,
        },
        loops: args.loops,
        seed: args.seed.seed,
    };
    let (format, json) = match args.output_format {
        OutputFormat::Micromouse => {
            let walled = maze::generate_walled(rows, cols, &options)?;
            let start = Coord::new(rows - 1, 0);
            let goals = centre(rows, cols);
            let text = maze::render(&walled, MazeFormat::Micromouse, false, Some(start), &goals)?;
            return Ok(text);
        }
        OutputFormat::Matrix => (MazeFormat::Matrix, false),
        OutputFormat::Json => (MazeFormat::Matrix, true),
        OutputFormat::Ascii => (MazeFormat::Ascii, false),
    };
    let cells = maze::generate_cells(rows, cols, &options)?;
    let goal = [Coord::new(rows - 1, cols - 1)];
    Ok(maze::render(
        &cells,
        format,
        json,
        Some(Coord::new(0, 0)),
        &goal,
    )?)
}

/// `text` read back with the shortest path from its start to its goal drawn over it
/// (unchanged when there is none, which a perfect maze never lacks).
fn draw_shortest(text: String) -> anyhow::Result<String> {
    let file = MazeFile::parse(&text, None).context("reading the generated maze back")?;
    let query = file.maze.query(
        file.start_or_default(),
        &file.goals_or_default(),
        MoveSet::Four,
    )?;
    Ok(match query.shortest_path() {
        Some(path) => file.draw(&path),
        None => text,
    })
}

/// The centre cells of a `rows x cols` maze (2 x 2 when both are even).
fn centre(rows: usize, cols: usize) -> Vec<Coord> {
    let mid = |n: usize| {
        if n.is_multiple_of(2) {
            vec![n / 2 - 1, n / 2]
        } else {
            vec![n / 2]
        }
    };
    let mut cells = Vec::new();
    for &r in &mid(rows) {
        for &c in &mid(cols) {
            cells.push(Coord::new(r, c));
        }
    }
    cells
}
