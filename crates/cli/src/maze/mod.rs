//! `gridsolve maze`: Rat in a Maze, every question, on matrix, ASCII-art and micromouse
//! mazes, plus seeded generation.
//!
//! One file per verb, each in the CLI template: its clap `Args`, an `answer` step that
//! asks the `maze` crate and returns a typed answer, and the answer's
//! [`report::Answer`] (text, JSON through `serde::Serialize`, outcome), written by
//! [`report::emit`]. The verbs that ask a question of each maze file ([`exists`],
//! [`solve`], [`paths`], [`shortest`], [`count`]) share their flags ([`input`]), the
//! reading of a file into a question ([`read`]) and the per-file batch runner
//! ([`files`], which gives each answer the file's name and renders a bad file as a
//! [`report::Invalid`]); [`found_path`] is how `solve` and `shortest` write a path.
//! [`generate`] makes mazes, [`demo()`] answers the GeeksforGeeks example.

mod count;
mod demo;
mod exists;
mod files;
mod found_path;
mod generate;
mod input;
mod paths;
mod read;
mod shortest;
mod solve;

use std::io::Write;

use clap::{Args, Subcommand};

use self::files::each_file;
use self::input::{INPUT_HELP, MazeInput};
use crate::report::{self, Format, Outcome};

pub use demo::demo;

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
    Exists(exists::ExistsArgs),
    /// One path, as moves and as the 0/1 solution matrix (depth-first, moves tried in the
    /// order D, L, R, U; linear time).
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze solve maze.json --draw\n  gridsolve maze solve ascii.txt --moves eight --cut-corners"))]
    Solve(solve::SolveArgs),
    /// Every path as a move string, sorted (D < L < R < U), at most --limit of them.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze paths maze.json --moves right-down\n  gridsolve maze paths maze.txt --limit 10 --format json"))]
    Paths(paths::PathsArgs),
    /// A shortest path (breadth-first search): its length in moves and the path.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze shortest mouse.txt --draw\n  gridsolve maze shortest huge.txt --draw svg > path.svg\n  gridsolve maze shortest maze.txt --start 0,0 --goal 9,9"))]
    Shortest(shortest::ShortestArgs),
    /// The number of paths: exact for --moves right-down (u128), otherwise counted by
    /// enumeration up to --limit.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExamples:\n  gridsolve maze count maze.json --moves right-down\n  gridsolve maze count maze.txt --limit 100000"))]
    Count(count::CountArgs),
    /// Generate a seeded random maze (a perfect maze, optionally with loops).
    #[command(
        after_long_help = "Examples:\n  gridsolve maze generate --rows 9 --cols 21 --seed 7 --draw\n  gridsolve maze generate --rows 99 --cols 99 --algorithm wilson --loops 0.1 > m.txt"
    )]
    Generate(generate::GenerateArgs),
}

/// Runs `gridsolve maze ...`: the verb's answer for each maze file (or the generated
/// maze), written in `format`.
pub fn run(args: MazeArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let input = match &args.command {
        MazeCommand::Exists(args) => Some(&args.input),
        MazeCommand::Solve(args) => Some(&args.input),
        MazeCommand::Paths(args) => Some(&args.input),
        MazeCommand::Shortest(args) => Some(&args.input),
        MazeCommand::Count(args) => Some(&args.input),
        MazeCommand::Generate(_) => None,
    };
    for note in input.map(MazeInput::unused_flag_notes).unwrap_or_default() {
        report::message(note);
    }
    match args.command {
        MazeCommand::Exists(args) => {
            each_file(&args.input, format, out, |maze| exists::answer(&args, maze))
        }
        MazeCommand::Solve(args) => {
            each_file(&args.input, format, out, |maze| solve::answer(&args, maze))
        }
        MazeCommand::Paths(args) => files::each_file_listed(
            &args.input,
            format,
            out,
            |_| paths::PathsAnswer {},
            |maze, items| paths::list(&args, maze, items),
        ),
        MazeCommand::Shortest(args) => each_file(&args.input, format, out, |maze| {
            shortest::answer(&args, maze)
        }),
        MazeCommand::Count(args) => {
            // One spinner line a count running (drawn on a terminal only).
            let spinners = indicatif::MultiProgress::new();
            each_file(&args.input, format, out, |maze| {
                count::answer(&args, maze, &spinners)
            })
        }
        MazeCommand::Generate(args) => Ok(report::emit(out, format, &generate::answer(&args)?)?),
    }
}

/// `"path"` or `"paths"` for a number of paths: `1 path`, `2 paths`.
fn paths_noun(n: impl Into<u128>) -> &'static str {
    if n.into() == 1 { "path" } else { "paths" }
}
