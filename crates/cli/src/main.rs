//! `gridsolve`: fast, correct solvers for classic grid puzzles behind one command line.
//!
//! Each puzzle has its own subcommand module (`sudoku`, `queens`, `ladders`, `maze`)
//! that parses its arguments, reads input through [`input`], calls the puzzle crate and
//! writes answers through [`report`]. The solver crates do no I/O; this binary does
//! all of it.
//!
//! Exit codes: 0 every input answered, 1 a valid input had no solution, 2 bad input
//! or usage (clap exits 2 for usage errors too), 3 a search gave up within its budget
//! without an answer either way (`queens complete` on large boards, `ladders stats` when
//! the iterative solver does not converge, `sudoku grade` when a rating is not known),
//! 130 when Ctrl-C stopped long work (the
//! partial answer is written first, marked interrupted: see [`interrupt`]).

mod args;
mod batch;
mod demo;
mod input;
mod interrupt;
mod ladders;
mod maze;
mod picture;
mod queens;
mod report;
mod shell;
mod sudoku;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::report::{Format, Invalid, Outcome};

/// Fast, correct solvers for classic grid puzzles: Sudoku, N-Queens, Snakes and Ladders,
/// Rat in a Maze.
///
/// Every answering subcommand reads FILE (or standard input when FILE is omitted or `-`),
/// writes answers to standard output and problems to standard error. Exit status: 0 when
/// every input was answered, 1 when an input was valid but has no solution, 2 for bad
/// input or usage, 3 when a search gave up within its budget without an answer either
/// way (`queens complete` past its --budget with neither a completion nor a proof there
/// is none,
/// `ladders stats` when the iterative solver of a huge board does not converge, `sudoku
/// grade` when a puzzle's rating is not known within its --budget), 130
/// when Ctrl-C stopped long work (`ladders simulate`, `ladders stats`, `queens count`, `queens all`, `queens complete --count`, `maze paths`,
/// `maze count`, a batch of many puzzles or files), after writing what it had found,
/// marked interrupted.
#[derive(Debug, Parser)]
#[command(name = "gridsolve", version = shell::VERSION)]
struct Cli {
    /// Output format: `text` for people, `json` for scripts (JSON Lines: one object per
    /// answer per line), `csv` for spreadsheets (a header row, then one row per answer
    /// with the fields of its JSON line), `serate` for `sudoku grade` alone (Sudoku
    /// Explainer's own line, `PUZZLE ED=ER/EP/ED`).
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    format: Format,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle's classic example and print the answers readably.
    Demo,
    /// Sudoku of any box shape: solve, count, check, bench, generate (variants: X, windoku,
    /// disjoint, jigsaw); hint and explain (9 x 9, the way people solve); grade (Sudoku
    /// Explainer's rating); canon and dedupe (minlex forms).
    Sudoku(sudoku::SudokuArgs),
    /// N-Queens: one solution, every solution, counts, and completion of partial boards.
    Queens(queens::QueensArgs),
    /// Snakes and Ladders: fewest rolls (LeetCode 909) with the route, the game's length
    /// as a Markov chain, and seeded simulation.
    Ladders(ladders::LaddersArgs),
    /// Rat in a Maze: path exists, one path, all paths, shortest path, path count;
    /// generate mazes.
    Maze(maze::MazeArgs),
    /// Write a completion script for bash, zsh, fish, powershell or elvish to standard
    /// output (`--help` says where each shell looks for it).
    Completions(shell::CompletionsArgs),
}

/// Standard output whose write errors say so ("cannot write to standard output: No
/// space left on device"), keeping their kind (a closed pipe stays a closed pipe).
struct StandardOutput<W>(W);

impl<W: Write> Write for StandardOutput<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(name_stdout)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(name_stdout)
    }
}

fn name_stdout(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot write to standard output: {e}"))
}

fn main() -> ExitCode {
    // The hidden `gridsolve manpages DIR` (`cargo xtask man`) is added here, not in
    // `Command`, so that neither the completion scripts nor the pages offer it.
    let command = Cli::command().subcommand(shell::manpages_command());
    let matches = args::accept_negative_numbers(command)
        .get_matches_from(args::join_draw_values(std::env::args_os()));
    if let Some((shell::MANPAGES, sub)) = matches.subcommand() {
        let written = shell::ManpagesArgs::from_arg_matches(sub)
            .map_err(anyhow::Error::from)
            .and_then(|args| shell::manpages(&args, Cli::command(), &mut io::stdout().lock()));
        return match written {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                report::message(format_args!("{err:#}"));
                Outcome::BadInput.exit_code()
            }
        };
    }
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit());
    let stdout = io::stdout();
    let mut out = BufWriter::new(StandardOutput(stdout.lock()));
    let format = cli.format;
    let columns = cli.command.csv_columns();
    let result = run(cli, &mut out).and_then(|outcome| {
        out.flush()?;
        Ok(outcome)
    });
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(err) if report::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Bad input is an answer too: in JSON, its `"status": "invalid"` line.
            if let Some(invalid) = err.downcast_ref::<Invalid>() {
                let written = report::emit_in_columns(&mut out, format, invalid, &columns)
                    .and_then(|_| out.flush());
                if written.is_err() {
                    report::message("cannot write to standard output");
                }
            }
            report::message(format_args!("{err:#}"));
            Outcome::BadInput.exit_code()
        }
    }
}

impl Command {
    /// The CSV columns of the command's answers, bad input's included, so that a bad
    /// file is a row under the header its good answers have; empty where the
    /// command's answers name their own (a maze's, in its file's row).
    fn csv_columns(&self) -> Vec<&'static str> {
        match self {
            Command::Sudoku(args) => args.csv_columns(),
            Command::Queens(args) => args.csv_columns(),
            Command::Ladders(args) => args.csv_columns(),
            _ => Vec::new(),
        }
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    cli.format
        .refuse_serate(matches!(&cli.command, Command::Sudoku(args) if args.is_grade()))?;
    match cli.command {
        Command::Demo => demo::run(out, cli.format),
        Command::Sudoku(args) => sudoku::run(args, cli.format, out),
        Command::Queens(args) => queens::run(args, cli.format, out),
        Command::Ladders(args) => ladders::run(args, cli.format, out),
        Command::Maze(args) => maze::run(args, cli.format, out),
        Command::Completions(args) => {
            shell::completions(&args, Cli::command(), out)?;
            Ok(Outcome::Answered)
        }
    }
}
