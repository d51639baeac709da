//! `gridsolve maze generate`: a seeded random maze, written in a maze format.

use std::fmt;
use std::io::{self, Write};

use clap::{Args, ValueEnum};
use grid_core::Coord;
use maze::{Format as MazeFormat, MazeFile, MoveSet, Path};
use serde::{Serialize, Serializer};

use crate::args::{DrawArg, SeedArg};
use crate::report::{self, Answer, Outcome};

/// The largest maze `maze generate` makes, in cells (stated in `--rows`' help).
const MAX_GENERATED_CELLS: usize = 100_000_000;

/// `maze generate`.
#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Rows of the generated maze. ROWS x COLS may be at most 100,000,000 cells (such as
    /// 10,000 x 10,000): the whole maze is built in memory before it is written.
    #[arg(long, value_name = "R", value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    rows: usize,
    /// Columns of the generated maze (see --rows for the size limit).
    #[arg(long, value_name = "C", value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    cols: usize,
    // `--seed`: the same seed gives the same maze (ChaCha8).
    #[command(flatten)]
    seed: SeedArg,
    /// Carving algorithm.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Backtracker)]
    algorithm: AlgorithmArg,
    /// Probability (0 to 1) of knocking down each wall left standing, adding loops.
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = crate::args::probability)]
    loops: f64,
    /// The maze's text format (the counterpart of the solving verbs' --input-format).
    /// matrix and ascii give a ROWS x COLS grid of open and blocked cells (corridors one
    /// cell wide), micromouse a ROWS x COLS maze of walled cells. With --draw, the
    /// shortest path from start to goal is drawn over the maze with `*`; a json maze is
    /// then drawn as whitespace rows of 0, 1 and `*` (a JSON matrix holds only 0 and 1).
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

/// A generated maze: its size, seed and format, and its picture.
#[derive(Debug, Serialize)]
pub(super) struct GenerateAnswer {
    rows: usize,
    cols: usize,
    seed: u64,
    format: OutputFormat,
    /// The maze in `format`, with the path drawn over it under `--draw`: one string in
    /// JSON, written row by row as it is made (serde's `collect_str` escapes each piece
    /// as it comes), never held whole.
    #[serde(serialize_with = "picture_text")]
    maze: Picture,
    /// `--draw svg`: the maze and its shortest path as an SVG picture.
    #[serde(skip)]
    svg: Option<report::Picture>,
}

/// A generated maze as it will be written: the maze with its markers, the JSON matrix
/// form or not, and the path to draw over it.
#[derive(Debug)]
struct Picture {
    file: MazeFile,
    json: bool,
    path: Option<Path>,
}

impl fmt::Display for Picture {
    /// The text, row by row ([`MazeFile::draw_rows`], [`maze::render_rows`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut result = Ok(());
        let mut piece = |text: &str| {
            if result.is_ok() {
                result = f.write_str(text);
            }
        };
        let file = &self.file;
        match &self.path {
            Some(path) => file.draw_rows(path, &mut piece),
            None => {
                let (start, goals) = (file.start, &file.goals);
                // invariant: a generated micromouse maze has every cell open, the one
                // thing rendering refuses
                maze::render_rows(&file.maze, file.format, self.json, start, goals, &mut piece)
                    .map_err(|_| fmt::Error)?;
            }
        }
        result
    }
}

/// The picture as one JSON string, escaped piece by piece.
fn picture_text<S: Serializer>(picture: &Picture, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(picture)
}

impl Answer for GenerateAnswer {
    /// Always answered: a size that cannot be generated is an error instead.
    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn picture(&self) -> Option<&report::Picture> {
        self.svg.as_ref()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{}", self.maze)
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
    // Refused before any work: the maze and the carving stack live in memory.
    if rows
        .checked_mul(cols)
        .is_none_or(|n| n > MAX_GENERATED_CELLS)
    {
        anyhow::bail!(
            "a {rows} x {cols} maze is too large to generate (at most 100,000,000 cells, such as 10,000 x 10,000)"
        );
    }
    let mut picture = carve(args)?;
    if args.draw.text() || args.draw.svg() {
        // The shortest path from the start to the goal the text marks (or its format's
        // default ones: a matrix has no markers).
        let file = &picture.file;
        let query = file.maze.query(
            file.start_or_default(),
            &file.goals_or_default(),
            MoveSet::Four,
        )?;
        picture.path = query.shortest_path();
    }
    let name = format!("maze-{rows}x{cols}-seed{}", args.seed.seed);
    let svg = args.draw.picture(&name, || {
        let file = &picture.file;
        crate::picture::maze::picture(
            &file.maze,
            picture.path.as_ref(),
            file.start_or_default(),
            &file.goals_or_default(),
        )
    });
    Ok(GenerateAnswer {
        svg,
        rows,
        cols,
        seed: args.seed.seed,
        format: args.output_format,
        maze: picture,
    })
}

/// The generated maze in `--output-format`, with its start and goal markers.
fn carve(args: &GenerateArgs) -> anyhow::Result<Picture> {
    let (rows, cols) = (args.rows, args.cols);
    let options = maze::GenerateOptions {
        algorithm: match args.algorithm {
            AlgorithmArg::Backtracker => maze::Algorithm::Backtracker,
            AlgorithmArg::Wilson => maze::Algorithm::Wilson,
        },
        loops: args.loops,
        seed: args.seed.seed,
    };
    let picture = |file, json| Picture {
        file,
        json,
        path: None,
    };
    Ok(match args.output_format {
        OutputFormat::Micromouse => {
            let walled = maze::generate_walled(rows, cols, &options)?;
            let start = Some(Coord::new(rows - 1, 0));
            let file =
                MazeFile::from_maze(walled, MazeFormat::Micromouse, start, &centre(rows, cols));
            picture(file, false)
        }
        OutputFormat::Json | OutputFormat::Matrix => {
            let cells = maze::generate_cells(rows, cols, &options)?;
            let file = MazeFile::from_maze(cells, MazeFormat::Matrix, None, &[]);
            picture(file, matches!(args.output_format, OutputFormat::Json))
        }
        OutputFormat::Ascii => {
            let cells = maze::generate_cells(rows, cols, &options)?;
            let (start, corner) = (Coord::new(0, 0), [Coord::new(rows - 1, cols - 1)]);
            picture(
                MazeFile::from_maze(cells, MazeFormat::Ascii, Some(start), &corner),
                false,
            )
        }
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
