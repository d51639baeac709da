//! `gridsolve maze`: Rat in a Maze, every question, on matrix, ASCII-art and micromouse
//! mazes, plus seeded generation.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use grid_core::Coord;
use maze::{Format as MazeFormat, MazeFile, MoveSet, Path};
use serde::Serialize;

use crate::input::Input;
use crate::report::{self, Format, Outcome};

const INPUT_HELP: &str = "\
Input formats (detected automatically; force one with --input-format):

  matrix      0/1 rows, 1 = open, 0 = blocked; JSON or whitespace-separated:
                [[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]
              or
                1 0 0 0
                1 1 0 1
                1 1 0 0
                0 1 1 1
              Start top-left, goal bottom-right.
  ascii       one character per cell: # blocked, . or space open, S start,
              G or E goal (several allowed):
                #S####
                #..#.#
                ##...G
              Without S the start is the top-left cell, without G the
              bottom-right one.
  micromouse  walls between cells (micromouseonline/mazefiles): posts o,
              walls --- and |, S and G at cell centres:
                o---o---o
                | S     |
                o   o---o
                |     G |
                o---o---o
              Without S the start is the south-west corner, without G the
              centre cells.

Cells are 0-based (row, column), row 0 at the top. Paths never visit a cell twice
and end at the first goal cell they reach. Moves are D (down), L (left), R (right),
U (up), and with --moves eight also DL, DR, UL, UR; paths are listed in that order
(lexicographically for the letters D < L < R < U).

Exit status: 0 answered, 1 no path, 2 bad input or usage.";

/// Rat in a Maze: does a path exist, one path, every path, the shortest path, how many
/// paths; on 0/1 matrices, ASCII-art mazes and micromouse maze files.
#[derive(Debug, Args)]
#[command(after_long_help = INPUT_HELP)]
pub struct MazeArgs {
    #[command(subcommand)]
    command: MazeCommand,
}

#[derive(Debug, Subcommand)]
enum MazeCommand {
    /// Say whether a path leads from the start to a goal.
    #[command(after_long_help = INPUT_HELP)]
    Exists {
        #[command(flatten)]
        input: MazeInput,
    },
    /// One path, as moves and as the 0/1 solution matrix (depth-first, moves tried in the
    /// order D, L, R, U; linear time).
    #[command(after_long_help = INPUT_HELP)]
    Solve {
        #[command(flatten)]
        input: MazeInput,
        /// Draw the path over the maze in the input's own style instead of printing the
        /// solution matrix.
        #[arg(long)]
        draw: bool,
    },
    /// Every path as a move string, sorted (D < L < R < U), at most --limit of them.
    #[command(after_long_help = INPUT_HELP)]
    Paths {
        #[command(flatten)]
        input: MazeInput,
        /// List at most this many paths; the output says when more exist.
        #[arg(long, value_name = "K", default_value_t = 1000)]
        limit: usize,
    },
    /// A shortest path (breadth-first search): its length in moves and the path.
    #[command(after_long_help = INPUT_HELP)]
    Shortest {
        #[command(flatten)]
        input: MazeInput,
        /// Draw the path over the maze in the input's own style.
        #[arg(long)]
        draw: bool,
    },
    /// The number of paths: exact for --moves right-down (u128), otherwise counted by
    /// enumeration up to --limit.
    #[command(after_long_help = INPUT_HELP)]
    Count {
        #[command(flatten)]
        input: MazeInput,
        /// Stop enumerating after this many paths (ignored for right-down, which is exact).
        #[arg(long, value_name = "K", default_value_t = 1_000_000)]
        limit: u128,
    },
    /// Generate a seeded random maze (a perfect maze, optionally with loops).
    Generate(GenerateArgs),
}

#[derive(Debug, Args)]
struct MazeInput {
    /// Maze files, answered in order; standard input when none is given or for `-`.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The input format; detected from the text when omitted.
    #[arg(long, value_enum, value_name = "FORMAT")]
    input_format: Option<InputFormat>,
    /// The move set. The default, four, is the GeeksforGeeks statement's D, L, R, U.
    #[arg(long, value_enum, default_value_t = Moves::Four)]
    moves: Moves,
    /// With --moves eight: let a diagonal move pass one blocked corner (never squeezing
    /// between two).
    #[arg(long)]
    cut_corners: bool,
    /// Start cell as ROW,COL (0-based); default: the file's S marker or its format's
    /// default corner.
    #[arg(long, value_name = "R,C", value_parser = parse_cell)]
    start: Option<Coord>,
    /// Goal cell as ROW,COL (0-based); repeat for a set of goal cells. Default: the file's
    /// G/E markers or its format's default.
    #[arg(long = "goal", value_name = "R,C", value_parser = parse_cell)]
    goals: Vec<Coord>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum InputFormat {
    /// 0/1 matrix, JSON or whitespace rows (1 = open).
    Matrix,
    /// ASCII art: # blocked, . or space open, S start, G/E goal.
    Ascii,
    /// Micromouse maze file: walls between cells.
    Micromouse,
}

impl From<InputFormat> for MazeFormat {
    fn from(f: InputFormat) -> MazeFormat {
        match f {
            InputFormat::Matrix => MazeFormat::Matrix,
            InputFormat::Ascii => MazeFormat::Ascii,
            InputFormat::Micromouse => MazeFormat::Micromouse,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Moves {
    /// Right and down only.
    RightDown,
    /// Down, left, right, up.
    Four,
    /// The four directions plus the diagonals DL, DR, UL, UR.
    Eight,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// Rows of the generated maze. ROWS x COLS may be at most 100,000,000 cells (such as
    /// 10,000 x 10,000): the whole maze is built in memory before it is written.
    #[arg(long, value_name = "R")]
    rows: usize,
    /// Columns of the generated maze (see --rows for the size limit).
    #[arg(long, value_name = "C")]
    cols: usize,
    /// Seed of the random generator (ChaCha8): the same seed gives the same maze.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Carving algorithm.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Backtracker)]
    algorithm: AlgorithmArg,
    /// Probability (0 to 1) of knocking down each wall left standing, adding loops.
    #[arg(long, value_name = "P", default_value_t = 0.0)]
    loops: f64,
    /// Output format. matrix and ascii give a ROWS x COLS grid of open and blocked cells
    /// (corridors one cell wide), micromouse a ROWS x COLS maze of walled cells.
    #[arg(long, value_enum, default_value_t = OutputFormat::Ascii)]
    output_format: OutputFormat,
    /// Draw the shortest path from start to goal over the maze.
    #[arg(long)]
    draw: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum AlgorithmArg {
    /// Recursive backtracker (explicit stack): long winding corridors.
    Backtracker,
    /// Wilson's loop-erased random walks: an unbiased (uniform) maze.
    Wilson,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
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

fn parse_cell(text: &str) -> Result<Coord, String> {
    let (r, c) = text
        .split_once(',')
        .ok_or_else(|| format!("expected ROW,COL such as 0,3, found `{text}`"))?;
    let num = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected ROW,COL of non-negative integers, found `{text}`"))
    };
    Ok(Coord::new(num(r)?, num(c)?))
}

fn cell_json(c: Coord) -> [usize; 2] {
    [c.row, c.col]
}

/// The move string: letters run together, or separated by spaces for the eight-direction
/// move set so that every path of a list reads alike.
fn moves_text(path: &Path, moves: MoveSet) -> String {
    if matches!(moves, MoveSet::Eight { .. }) {
        path.move_string_separated(" ")
    } else {
        path.move_string()
    }
}

fn path_json(path: &Path) -> Vec<[usize; 2]> {
    path.cells().map(cell_json).collect()
}

/// Runs `gridsolve maze ...`.
pub fn run(args: MazeArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        MazeCommand::Exists { input } => {
            each_maze(&input, out, |ctx, out| exists(ctx, format, out))
        }
        MazeCommand::Solve { input, draw } => {
            each_maze(&input, out, |ctx, out| solve(ctx, draw, format, out))
        }
        MazeCommand::Paths { input, limit } => {
            each_maze(&input, out, |ctx, out| paths(ctx, limit, format, out))
        }
        MazeCommand::Shortest { input, draw } => {
            each_maze(&input, out, |ctx, out| shortest(ctx, draw, format, out))
        }
        MazeCommand::Count { input, limit } => {
            each_maze(&input, out, |ctx, out| count(ctx, limit, format, out))
        }
        MazeCommand::Generate(gen_args) => generate(&gen_args, format, out),
    }
}

/// One maze and the question's setting.
struct Ctx<'a> {
    name: &'a str,
    many: bool,
    file: &'a MazeFile,
    query: maze::Query<'a>,
}

impl Ctx<'_> {
    /// In text mode with several files, a header line naming the file.
    fn header(&self, format: Format, out: &mut dyn Write) -> std::io::Result<()> {
        if self.many && format == Format::Text {
            writeln!(out, "== {} ==", self.name)?;
        }
        Ok(())
    }
}

/// Reads each input, sets up the query, and calls `answer`; a bad input is reported on
/// standard error and the batch goes on.
fn each_maze(
    input: &MazeInput,
    out: &mut dyn Write,
    mut answer: impl FnMut(&Ctx<'_>, &mut dyn Write) -> anyhow::Result<Outcome>,
) -> anyhow::Result<Outcome> {
    let files: Vec<Option<&std::path::Path>> = if input.files.is_empty() {
        vec![None]
    } else {
        input.files.iter().map(|p| Some(p.as_path())).collect()
    };
    let many = files.len() > 1;
    let moves = match input.moves {
        Moves::RightDown => MoveSet::RightDown,
        Moves::Four => MoveSet::Four,
        Moves::Eight => MoveSet::Eight {
            cut_corners: input.cut_corners,
        },
    };
    let mut outcome = Outcome::Answered;
    for path in files {
        let (name, text) = match Input::open(path).and_then(Input::read_to_string) {
            Ok(read) => read,
            Err(err) => {
                eprintln!("gridsolve: {err:#}");
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
        };
        let file = match MazeFile::parse(&text, input.input_format.map(Into::into)) {
            Ok(file) => file,
            Err(err) => {
                eprintln!("gridsolve: {}", report::input_error(&name, &err));
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
        };
        let start = input.start.unwrap_or_else(|| file.start_or_default());
        let goals = if input.goals.is_empty() {
            file.goals_or_default()
        } else {
            input.goals.clone()
        };
        let query = match file.maze.query(start, &goals, moves) {
            Ok(query) => query,
            Err(err) => {
                report::report_bad_record(&name, err);
                outcome = outcome.worst(Outcome::BadInput);
                continue;
            }
        };
        let ctx = Ctx {
            name: &name,
            many,
            file: &file,
            query,
        };
        outcome = outcome.worst(answer(&ctx, out)?);
    }
    Ok(outcome)
}

fn found_outcome(found: bool) -> Outcome {
    if found {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    }
}

fn exists(ctx: &Ctx<'_>, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    #[derive(Serialize)]
    struct Answer<'a> {
        file: &'a str,
        found: bool,
    }
    let found = ctx.query.path_exists();
    ctx.header(format, out)?;
    match format {
        Format::Json => report::write_json_line(
            out,
            &Answer {
                file: ctx.name,
                found,
            },
        )?,
        Format::Text => writeln!(out, "{}", if found { "path exists" } else { "no path" })?,
    }
    Ok(found_outcome(found))
}

fn solve(
    ctx: &Ctx<'_>,
    draw: bool,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    #[derive(Serialize)]
    struct Answer<'a> {
        file: &'a str,
        found: bool,
        path: Vec<[usize; 2]>,
        moves: String,
        /// The classic 0/1 solution matrix (1 on the path).
        solution: Vec<Vec<u8>>,
    }
    let path = ctx.query.some_path();
    let (rows, cols) = (ctx.file.maze.rows(), ctx.file.maze.cols());
    ctx.header(format, out)?;
    match format {
        Format::Json => {
            let answer = match &path {
                Some(p) => Answer {
                    file: ctx.name,
                    found: true,
                    path: path_json(p),
                    moves: moves_text(p, ctx.query.moves()),
                    solution: p
                        .solution_matrix(rows, cols)
                        .iter_rows()
                        .map(<[u8]>::to_vec)
                        .collect(),
                },
                None => Answer {
                    file: ctx.name,
                    found: false,
                    path: Vec::new(),
                    moves: String::new(),
                    solution: Vec::new(),
                },
            };
            report::write_json_line(out, &answer)?;
        }
        Format::Text => match &path {
            Some(p) => {
                writeln!(out, "moves: {}", display_moves(p, ctx.query.moves()))?;
                if draw {
                    write!(out, "{}", ctx.file.draw(p))?;
                } else {
                    write!(out, "{}", p.solution_matrix(rows, cols))?;
                }
            }
            None => writeln!(out, "no path")?,
        },
    }
    Ok(found_outcome(path.is_some()))
}

/// The move string, or `(none)` for the empty path of a start that is already a goal.
fn display_moves(path: &Path, moves: MoveSet) -> String {
    if path.is_empty() {
        "(none: the start is a goal)".to_owned()
    } else {
        moves_text(path, moves)
    }
}

fn paths(
    ctx: &Ctx<'_>,
    limit: usize,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    #[derive(Serialize)]
    struct Answer<'a> {
        file: &'a str,
        paths: Vec<String>,
        truncated: bool,
        limit: usize,
    }
    let found = ctx.query.all_paths(limit);
    let strings: Vec<String> = found
        .paths
        .iter()
        .map(|p| moves_text(p, ctx.query.moves()))
        .collect();
    ctx.header(format, out)?;
    match format {
        Format::Json => report::write_json_line(
            out,
            &Answer {
                file: ctx.name,
                paths: strings.clone(),
                truncated: found.truncated,
                limit,
            },
        )?,
        Format::Text => {
            for s in &strings {
                writeln!(
                    out,
                    "{}",
                    if s.is_empty() {
                        "(empty path: the start is a goal)"
                    } else {
                        s
                    }
                )?;
            }
            if found.truncated {
                writeln!(
                    out,
                    "(stopped after {} path{}: more exist; raise --limit to list them)",
                    strings.len(),
                    if strings.len() == 1 { "" } else { "s" }
                )?;
            } else if strings.is_empty() {
                writeln!(out, "no path")?;
            } else {
                writeln!(
                    out,
                    "({} path{})",
                    strings.len(),
                    if strings.len() == 1 { "" } else { "s" }
                )?;
            }
        }
    }
    Ok(found_outcome(!strings.is_empty() || found.truncated))
}

fn shortest(
    ctx: &Ctx<'_>,
    draw: bool,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    #[derive(Serialize)]
    struct Answer<'a> {
        file: &'a str,
        /// Length in moves, or null when there is no path.
        moves: Option<usize>,
        path: Option<Vec<[usize; 2]>>,
        route: Option<String>,
    }
    let path = ctx.query.shortest_path();
    ctx.header(format, out)?;
    match format {
        Format::Json => report::write_json_line(
            out,
            &Answer {
                file: ctx.name,
                moves: path.as_ref().map(Path::len),
                path: path.as_ref().map(path_json),
                route: path.as_ref().map(|p| moves_text(p, ctx.query.moves())),
            },
        )?,
        Format::Text => match &path {
            Some(p) => {
                let n = p.len();
                writeln!(
                    out,
                    "{n} move{}: {}",
                    if n == 1 { "" } else { "s" },
                    display_moves(p, ctx.query.moves())
                )?;
                if draw {
                    write!(out, "{}", ctx.file.draw(p))?;
                }
            }
            None => writeln!(out, "no path")?,
        },
    }
    Ok(found_outcome(path.is_some()))
}

fn count(
    ctx: &Ctx<'_>,
    limit: u128,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    #[derive(Serialize)]
    struct Answer<'a> {
        file: &'a str,
        count: u128,
        /// `true`: exactly `count` paths; `false`: more than `count`.
        exact: bool,
    }
    let counted = ctx.query.count_paths(limit);
    let grid_core::BoundedCount { count: n, exact } = counted;
    ctx.header(format, out)?;
    match format {
        Format::Json => report::write_json_line(
            out,
            &Answer {
                file: ctx.name,
                count: n,
                exact,
            },
        )?,
        Format::Text => {
            if exact {
                writeln!(out, "{n} path{}", if n == 1 { "" } else { "s" })?;
            } else if n == u128::MAX {
                writeln!(out, "more than {n} paths (the count exceeds 2^128 - 1)")?;
            } else {
                writeln!(
                    out,
                    "more than {n} path{} (stopped at --limit {limit}; raise it to count further)",
                    if n == 1 { "" } else { "s" }
                )?;
            }
        }
    }
    // Zero paths is "no solution", as for every other puzzle's count.
    Ok(found_outcome(n > 0))
}

/// The largest maze `maze generate` makes, in cells (stated in `--rows`' help).
const MAX_GENERATED_CELLS: usize = 100_000_000;

fn generate(args: &GenerateArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    #[derive(Serialize)]
    struct Answer<'a> {
        rows: usize,
        cols: usize,
        seed: u64,
        format: &'a str,
        maze: String,
    }
    let options = maze::GenerateOptions {
        algorithm: match args.algorithm {
            AlgorithmArg::Backtracker => maze::Algorithm::Backtracker,
            AlgorithmArg::Wilson => maze::Algorithm::Wilson,
        },
        loops: args.loops,
        seed: args.seed,
    };
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
    let text = match args.output_format {
        OutputFormat::Micromouse => {
            let m = maze::generate_walled(rows, cols, &options)?;
            let goals = centre(rows, cols);
            maze::render(
                &m,
                MazeFormat::Micromouse,
                false,
                Some(Coord::new(rows - 1, 0)),
                &goals,
            )?
        }
        OutputFormat::Matrix | OutputFormat::Json | OutputFormat::Ascii => {
            let m = maze::generate_cells(rows, cols, &options)?;
            let (fmt, json) = match args.output_format {
                OutputFormat::Matrix => (MazeFormat::Matrix, false),
                OutputFormat::Json => (MazeFormat::Matrix, true),
                _ => (MazeFormat::Ascii, false),
            };
            let goal = [Coord::new(rows - 1, cols - 1)];
            maze::render(&m, fmt, json, Some(Coord::new(0, 0)), &goal)?
        }
    };
    let text = if args.draw {
        let file = MazeFile::parse(&text, None).context("reading the generated maze back")?;
        let query = file.maze.query(
            file.start_or_default(),
            &file.goals_or_default(),
            MoveSet::Four,
        )?;
        match query.shortest_path() {
            Some(path) => file.draw(&path),
            None => text,
        }
    } else {
        text
    };
    match format {
        Format::Text => out.write_all(text.as_bytes())?,
        Format::Json => report::write_json_line(
            out,
            &Answer {
                rows,
                cols,
                seed: args.seed,
                format: match args.output_format {
                    OutputFormat::Matrix => "matrix",
                    OutputFormat::Json => "json",
                    OutputFormat::Ascii => "ascii",
                    OutputFormat::Micromouse => "micromouse",
                },
                maze: text,
            },
        )?,
    }
    Ok(Outcome::Answered)
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

/// The GeeksforGeeks example: `[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]`, paths
/// `DDRDRR DRDDRR`.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    #[derive(Serialize)]
    struct Demo {
        maze: Vec<Vec<u8>>,
        paths: Vec<String>,
        shortest: Option<usize>,
    }
    let text = "[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]";
    let file = MazeFile::parse(text, None)?;
    let query = file.maze.query(
        file.start_or_default(),
        &file.goals_or_default(),
        MoveSet::Four,
    )?;
    let paths: Vec<String> = query
        .all_paths(100)
        .paths
        .iter()
        .map(Path::move_string)
        .collect();
    let shortest = query.shortest_distance();
    match format {
        Format::Json => report::write_json_line(
            out,
            &Demo {
                maze: vec![
                    vec![1, 0, 0, 0],
                    vec![1, 1, 0, 1],
                    vec![1, 1, 0, 0],
                    vec![0, 1, 1, 1],
                ],
                paths,
                shortest,
            },
        )?,
        Format::Text => {
            writeln!(out, "maze (1 = open), start top-left, goal bottom-right:")?;
            write!(out, "{}", file.maze)?;
            writeln!(out, "paths: {}", paths.join(" "))?;
            if let Some(n) = shortest {
                writeln!(out, "shortest: {n} moves")?;
            }
        }
    }
    Ok(())
}
