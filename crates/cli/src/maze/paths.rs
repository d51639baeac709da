//! `gridsolve maze paths`: every path as a move string, sorted (D < L < R < U), at most
//! `--limit` of them.

use std::io::{self, Write};

use clap::Args;
use grid_core::BoundedCount;
use serde::Serialize;

use super::found_path::moves_text;
use super::input::MazeInput;
use super::paths_noun;
use super::read::Asked;
use crate::report::{Answer, Outcome};

/// `maze paths`.
#[derive(Debug, Args)]
pub(super) struct PathsArgs {
    #[command(flatten)]
    pub input: MazeInput,
    /// List at most this many paths (at least 1); the output says when more exist.
    #[arg(long, value_name = "K", default_value_t = 1000,
          value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    pub limit: usize,
}

/// The answer of `maze paths`: every path's moves in order, at most `limit` of them,
/// and how many there are (`count`, `exact`: `false` when more exist than were listed).
#[derive(Debug, Serialize)]
pub(super) struct PathsAnswer {
    paths: Vec<String>,
    #[serde(flatten)]
    count: BoundedCount,
    limit: usize,
}

/// The maze's paths in move order, at most `--limit` of them.
pub(super) fn answer(args: &PathsArgs, asked: &Asked<'_>) -> PathsAnswer {
    let found = asked.query.all_paths(args.limit);
    PathsAnswer {
        paths: found
            .paths
            .iter()
            .map(|p| moves_text(p, asked.query.moves()))
            .collect(),
        count: found.count(),
        limit: args.limit,
    }
}

impl Answer for PathsAnswer {
    /// Every key of its JSON lines (a file's columns come first: see `InFile`).
    fn csv_columns() -> Vec<&'static str> {
        vec!["paths", "count", "exact", "limit", "status"]
    }

    /// Answered when a path was listed or more exist, else no path (exit 1).
    fn outcome(&self) -> Outcome {
        Outcome::found(!self.paths.is_empty() || !self.count.exact)
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        for moves in &self.paths {
            if moves.is_empty() {
                writeln!(out, "(empty path: the start is a goal)")?;
            } else {
                writeln!(out, "{moves}")?;
            }
        }
        let n = self.paths.len() as u128;
        if !self.count.exact {
            writeln!(
                out,
                "(stopped after {n} {}: more exist; raise --limit to list them)",
                paths_noun(n)
            )
        } else if n == 0 {
            writeln!(out, "no path")
        } else {
            writeln!(out, "({n} {})", paths_noun(n))
        }
    }
}
