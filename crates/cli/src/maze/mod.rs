//! `gridsolve maze`: Rat in a Maze, every question, on matrix, ASCII-art and micromouse
//! mazes, plus seeded generation.
//!
//! The module follows the CLI template: [`args`] holds one clap struct per verb,
//! [`answer`] one `answer` step per verb (a [`Question`] asked of each maze file,
//! returning a typed answer) with its rendering, and [`generate`] the generating verb.
//! [`PerFile::answer_file`] answers one maze file to a [`Reply`] (rendered bytes for
//! standard output and standard error, and an outcome) and writes nothing itself; the
//! shared batch runner ([`crate::batch`]) calls it for every file on `--jobs` threads
//! and writes the replies in the order of the files.

mod answer;
mod args;
mod generate;

use std::io::{self, Write};

use clap::{Args, Subcommand};
use grid_core::text::{LineError, ReadError};
use grid_core::{Coord, Positioned, TextPosition};
use maze::{MazeError, MazeFile, MazeReader, MoveSet, Path};
use serde::Serialize;

use self::answer::{Asked, MazeAnswer, Question};
use self::args::{
    CountArgs, ExistsArgs, INPUT_HELP, MazeInput, PathsArgs, ShortestArgs, SolveArgs,
};
use crate::batch::{self, Pace, Rendered};
use crate::input::Input;
use crate::report::{self, Format, Outcome, Render};

/// Rat in a Maze: does a path exist, one path, every path, the shortest path, how many
/// paths; on 0/1 matrices, ASCII-art mazes and micromouse maze files.
#[derive(Debug, Args)]
#[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze paths maze.json\n  gridsolve maze shortest maze.txt --draw\n  gridsolve maze generate --rows 9 --cols 21 --seed 7 --draw"))]
pub struct MazeArgs {
    #[command(subcommand)]
    command: MazeCommand,
}

#[derive(Debug, Subcommand)]
enum MazeCommand {
    /// Say whether a path leads from the start to a goal.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze exists maze.txt\n  gridsolve maze exists a.json b.json c.txt --jobs 2 --format json"))]
    Exists(ExistsArgs),
    /// One path, as moves and as the 0/1 solution matrix (depth-first, moves tried in the
    /// order D, L, R, U; linear time).
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze solve maze.json --draw\n  gridsolve maze solve ascii.txt --moves eight --cut-corners"))]
    Solve(SolveArgs),
    /// Every path as a move string, sorted (D < L < R < U), at most --limit of them.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze paths maze.json --moves right-down\n  gridsolve maze paths maze.txt --limit 10 --format json"))]
    Paths(PathsArgs),
    /// A shortest path (breadth-first search): its length in moves and the path.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze shortest mouse.txt --draw\n  gridsolve maze shortest maze.txt --start 0,0 --goal 9,9"))]
    Shortest(ShortestArgs),
    /// The number of paths: exact for --moves right-down (u128), otherwise counted by
    /// enumeration up to --limit.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze count maze.json --moves right-down\n  gridsolve maze count maze.txt --limit 100000"))]
    Count(CountArgs),
    /// Generate a seeded random maze (a perfect maze, optionally with loops).
    #[command(
        after_long_help = "Examples:\n  gridsolve maze generate --rows 9 --cols 21 --seed 7 --draw\n  gridsolve maze generate --rows 99 --cols 99 --algorithm wilson --loops 0.1 > m.txt"
    )]
    Generate(generate::GenerateArgs),
}

/// Runs `gridsolve maze ...`.
pub fn run(args: MazeArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        MazeCommand::Exists(args) => each_file(&args, &args.input, format, out),
        MazeCommand::Solve(args) => each_file(&args, &args.input, format, out),
        MazeCommand::Paths(args) => each_file(&args, &args.input, format, out),
        MazeCommand::Shortest(args) => each_file(&args, &args.input, format, out),
        MazeCommand::Count(args) => each_file(&args, &args.input, format, out),
        MazeCommand::Generate(args) => {
            report::write_answer(out, format, &generate::answer(&args)?)?;
            Ok(Outcome::Answered)
        }
    }
}

/// What answering one maze file produced, ready to be written in input order.
pub struct Reply {
    /// The rendered answer (with its `== file ==` header in a text batch), for standard
    /// output; empty for a bad file.
    pub stdout: Vec<u8>,
    /// The error message with its newline (`gridsolve: file:line:column: ...`), for
    /// standard error; empty for a good file.
    pub stderr: String,
    /// How it went.
    pub outcome: Outcome,
}

/// A maze file that could not be answered, as a JSON line: scripts get one line per
/// file, in the order of the files, whatever happened to each. The place is in keys
/// of its own, as in the invalid records of `sudoku`.
#[derive(Serialize)]
struct BadFile<'a> {
    file: &'a str,
    status: BadFileStatus,
    /// What is wrong, without the file and the place.
    error: &'a str,
    /// 1-based line the error points at, when it points into the text.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// 1-based column (in characters) the error points at, when it names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    /// The cell the error is about, `[row, column]` 0-based like a path's cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<[usize; 2]>,
}

/// Why a maze file could not be answered: the line for standard error (naming the
/// file and the place) and the parts of its JSON line.
struct Problem {
    /// The whole message, as written on standard error.
    message: String,
    /// The message alone.
    error: String,
    /// Where in the text, when the error points into it.
    position: Option<TextPosition>,
    /// The cell (0-based), when the error is about one.
    cell: Option<Coord>,
}

impl Problem {
    /// A problem without a place in the text (a file that cannot be opened or read):
    /// the message says it all.
    fn plain(message: String) -> Self {
        Problem {
            error: message.clone(),
            message,
            position: None,
            cell: None,
        }
    }

    /// The problem `err` of the maze from `name`, with `hint` after its message.
    fn of(name: &str, err: &(impl Positioned + std::fmt::Display), hint: &str) -> Self {
        Problem {
            message: format!("{}{hint}", report::input_error(name, err)),
            error: format!("{err}{hint}"),
            position: err.text_position(),
            cell: err.cell(),
        }
    }
}

/// The status of a file that could not be answered.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum BadFileStatus {
    /// Unreadable, malformed, or a question that cannot be asked of it.
    Invalid,
}

/// One verb's question with its settings, asked of one maze file at a time.
struct PerFile<'a, Q> {
    question: &'a Q,
    input: &'a MazeInput,
    format: Format,
    /// Several files: text answers get a `== file ==` header.
    many: bool,
}

impl<Q: Question> PerFile<'_, Q> {
    /// A bad input: `message` (already naming the file) on standard error and, in JSON,
    /// a `{"file", "status": "invalid", "error"}` line on standard output, with
    /// `"line"` and `"column"` or `"cell"` when the problem has a place.
    fn bad(&self, file: &str, problem: Problem) -> io::Result<Reply> {
        let mut stdout = Vec::new();
        if self.format == Format::Json {
            let line = BadFile {
                file,
                status: BadFileStatus::Invalid,
                error: &problem.error,
                line: problem.position.map(|p| p.line),
                column: problem.position.and_then(|p| p.column),
                cell: problem.cell.map(|c| [c.row, c.col]),
            };
            report::write_json_line(&mut stdout, &line)?;
        }
        Ok(Reply {
            stdout,
            stderr: report::message_line(problem.message),
            outcome: Outcome::BadInput,
        })
    }

    /// Answers one maze file (standard input for `None`): streams its lines into a
    /// [`MazeReader`] (the text is never held whole), then [`PerFile::answer_maze`]. A
    /// file that cannot be read is a bad input like a malformed one.
    ///
    /// # Errors
    ///
    /// None in practice: rendering writes to memory.
    fn answer_file(&self, path: Option<&std::path::Path>) -> io::Result<Reply> {
        let input = match Input::open(path) {
            Ok(input) => input,
            Err(err) => {
                let file = path.map_or_else(|| "<stdin>".to_owned(), |p| p.display().to_string());
                return self.bad(&file, Problem::plain(format!("{err:#}")));
            }
        };
        let name = input.name.clone();
        let mut reader =
            MazeReader::new(self.input.input_format.map(Into::into)).pad(self.input.pad);
        match input.lines().read_all(&mut reader) {
            Ok(mut files) => match files.pop() {
                Some(file) => self.answer_maze(&name, &file),
                None => self.bad(&name, maze_error(&name, &MazeError::Empty)),
            },
            Err(ReadError::Reader(err)) => self.bad(&name, maze_error(&name, &err)),
            Err(ReadError::Line(err @ LineError::NotUtf8 { .. })) => {
                let at = err.text_position();
                let problem = Problem {
                    message: format!(
                        "{name}:{}: {err}",
                        at.map(|a| a.to_string()).unwrap_or_default()
                    ),
                    error: err.to_string(),
                    position: at,
                    cell: None,
                };
                self.bad(&name, problem)
            }
            Err(err) => self.bad(&name, Problem::plain(format!("cannot read {name}: {err}"))),
        }
    }

    /// Answers the maze `file` read from `name`: sets up the query, asks the question
    /// and renders the answer. It writes nothing itself, so a batch runner may call it
    /// on any thread and write the replies in input order.
    ///
    /// # Errors
    ///
    /// None in practice: rendering writes to memory.
    fn answer_maze(&self, name: &str, file: &MazeFile) -> io::Result<Reply> {
        let input = self.input;
        let start = input.start.unwrap_or_else(|| file.start_or_default());
        let goals = if input.goals.is_empty() {
            file.goals_or_default()
        } else {
            input.goals.clone()
        };
        let query = match file.maze.query(start, &goals, input.move_set()) {
            Ok(query) => query,
            Err(err) => return self.bad(name, setting_error(name, &err)),
        };
        let answer = self.question.answer(&Asked { name, file, query });
        let mut stdout = Vec::new();
        if self.many && self.format == Format::Text {
            writeln!(stdout, "== {name} ==")?;
        }
        report::write_answer(&mut stdout, self.format, &answer)?;
        Ok(Reply {
            stdout,
            stderr: blocked_default_notes(name, file, input),
            outcome: answer.outcome(),
        })
    }
}

/// Notes for standard error when ASCII art leaves the start or the goal unmarked (no
/// `S`, or no `G`/`E`, and no `--start` / `--goal`) and the corner it then defaults to
/// (see [`maze::Format::Ascii`]) is blocked: the answer is "no path", and the note says
/// why. Cells are named 1-based, as in error messages. Empty otherwise: a matrix has no
/// markers (its corners are the puzzle's start and goal) and micromouse cells are
/// never blocked.
fn blocked_default_notes(name: &str, file: &MazeFile, input: &MazeInput) -> String {
    if file.format != maze::Format::Ascii {
        return String::new();
    }
    let (rows, cols) = (file.maze.rows(), file.maze.cols());
    let defaults = [
        (
            file.start.is_none() && input.start.is_none(),
            "start `S`",
            "start",
            "top-left",
            Coord::new(0, 0),
            "mark the start with `S` or give --start ROW,COL",
        ),
        (
            file.goals.is_empty() && input.goals.is_empty(),
            "goal `G`",
            "goal",
            "bottom-right",
            Coord::new(rows.saturating_sub(1), cols.saturating_sub(1)),
            "mark the goal with `G` or give --goal ROW,COL",
        ),
    ];
    let mut notes = String::new();
    for (unmarked, marker, role, corner, cell, fix) in defaults {
        if unmarked && !file.maze.is_open(cell) {
            notes.push_str(&report::message_line(format_args!(
                "{name}: no {marker} is marked, so the {role} defaults to the {corner} cell (row {}, column {}), which is blocked (`#`); {fix}",
                cell.row + 1,
                cell.col + 1
            )));
        }
    }
    notes
}

/// The problem of a maze from `name` that cannot be read; ragged art names `--pad`.
fn maze_error(name: &str, err: &MazeError) -> Problem {
    let hint = match err {
        MazeError::RaggedArt { .. } => "; --pad fills short rows with open cells",
        _ => "",
    };
    Problem::of(name, err, hint)
}

/// The message for a question that cannot be asked of the maze from `name`. A start or
/// goal off the maze can only come from `--start` / `--goal` (markers and defaults lie
/// inside), so it is named as the user wrote it, 0-based `ROW,COL`, with the valid range.
fn setting_error(name: &str, err: &MazeError) -> Problem {
    match *err {
        MazeError::OffMaze {
            role,
            cell,
            rows,
            cols,
        } => {
            let error = format!(
                "--{role} {},{} is off the {rows} x {cols} maze (rows 0 to {}, columns 0 to {})",
                cell.row,
                cell.col,
                rows.saturating_sub(1),
                cols.saturating_sub(1)
            );
            Problem {
                message: format!("{name}: {error}"),
                error,
                position: None,
                cell: None,
            }
        }
        _ => Problem::of(name, err, ""),
    }
}

/// The maze files of a verb, in command-line order (`None` for standard input).
struct Files {
    paths: std::vec::IntoIter<Option<std::path::PathBuf>>,
    read: u64,
}

impl batch::Reader for Files {
    type Record = Option<std::path::PathBuf>;

    fn read(&mut self, max: usize, into: &mut Vec<Self::Record>) -> anyhow::Result<()> {
        let before = into.len();
        into.extend(self.paths.by_ref().take(max));
        self.read += (into.len() - before) as u64;
        Ok(())
    }

    fn position(&self) -> u64 {
        self.read
    }
}

impl<Q: Question + Sync> batch::Batch for PerFile<'_, Q> {
    type Record = Option<std::path::PathBuf>;
    type Tally = ();

    /// A maze file can be large: one file per thread at a time.
    fn pace(&self, threads: usize) -> Pace {
        Pace::large_records(threads)
    }

    fn answer(&self, path: &Self::Record, into: &mut Rendered<()>) -> anyhow::Result<Outcome> {
        let reply = self.answer_file(path.as_deref())?;
        into.out.extend_from_slice(&reply.stdout);
        into.err.push_str(&reply.stderr);
        Ok(reply.outcome)
    }
}

/// Answers every maze file of `input` (standard input when there is none) through the
/// shared batch runner and writes the replies in the order of the files; a bad file is
/// reported on standard error and the batch goes on. With `--jobs J`, J files at a
/// time are read and answered in parallel, one thread each, so up to J mazes (and
/// their answers) are in memory at once.
fn each_file<Q: Question + Sync>(
    question: &Q,
    input: &MazeInput,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let paths: Vec<Option<std::path::PathBuf>> = if input.files.is_empty() {
        vec![None]
    } else {
        input.files.iter().cloned().map(Some).collect()
    };
    let per_file = PerFile {
        question,
        input,
        format,
        many: paths.len() > 1,
    };
    let mut files = Files {
        paths: paths.into_iter(),
        read: 0,
    };
    let bar = indicatif::ProgressBar::hidden();
    let summary = batch::run(&mut files, &per_file, input.jobs, &bar, out)?;
    Ok(summary.outcome)
}

/// The demo's answer: the GeeksforGeeks maze, its paths and the shortest length.
#[derive(Serialize)]
struct Demo {
    maze: Vec<Vec<u8>>,
    paths: Vec<String>,
    shortest: Option<usize>,
    /// Text only: the maze as read, for its drawing.
    #[serde(skip)]
    file: MazeFile,
}

impl Render for Demo {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "maze (1 = open), start top-left, goal bottom-right:")?;
        write!(out, "{}", self.file.maze)?;
        writeln!(out, "paths: {}", self.paths.join(" "))?;
        if let Some(n) = self.shortest {
            writeln!(out, "shortest: {n} moves")?;
        }
        Ok(())
    }
}

/// The GeeksforGeeks example: `[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]`, paths
/// `DDRDRR DRDDRR`.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    let text = "[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]";
    let file = MazeFile::parse(text, None)?;
    let query = file.maze.query(
        file.start_or_default(),
        &file.goals_or_default(),
        MoveSet::Four,
    )?;
    let paths = query
        .all_paths(100)
        .paths
        .iter()
        .map(Path::move_string)
        .collect();
    let shortest = query.shortest_distance();
    let demo = Demo {
        maze: vec![
            vec![1, 0, 0, 0],
            vec![1, 1, 0, 1],
            vec![1, 1, 0, 0],
            vec![0, 1, 1, 1],
        ],
        paths,
        shortest,
        file,
    };
    report::write_answer(out, format, &demo)?;
    Ok(())
}
