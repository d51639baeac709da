//! `gridsolve maze paths`: every path as a move string, sorted (D < L < R < U), at most
//! `--limit` of them, each written as soon as it is found.

use std::io::{self, Write};
use std::ops::ControlFlow;

use clap::Args;
use grid_core::BoundedCount;
use serde::Serialize;

use super::found_path::moves_text;
use super::input::MazeInput;
use super::paths_noun;
use super::read::Asked;
use crate::interrupt;
use crate::report::{Answer, Items, Listing, Outcome};

/// `maze paths`.
#[derive(Debug, Args)]
pub(super) struct PathsArgs {
    #[command(flatten)]
    pub input: MazeInput,
    /// List at most this many paths (at least 1); the output says when more exist. Each
    /// path is written as soon as it is found, so memory does not grow with K.
    #[arg(long, value_name = "K", default_value_t = 1000,
          value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    pub limit: usize,
}

/// The answer of `maze paths`, written as a [`Listing`]: every path's moves in order
/// (`paths`), at most `limit` of them, then how many there are (`count`, `exact`:
/// `false` when more exist than were listed) and the `limit`. It has no keys before the
/// list (the file's name comes first: see `InFile`).
#[derive(Debug, Serialize)]
pub(super) struct PathsAnswer {}

/// What `maze paths` knows once its list is written: the number of paths and the limit.
#[derive(Debug, Serialize)]
pub(super) struct PathsEnd {
    #[serde(flatten)]
    count: BoundedCount,
    limit: usize,
    /// Ctrl-C stopped the listing: the paths written are the first ones, and more may
    /// exist (`exact` is false); text says so, JSON's `"status"` is `interrupted`.
    #[serde(skip)]
    interrupted: bool,
}

/// Lists the maze's paths in move order into `items`, at most `--limit` of them, each as
/// it is found; stops early on Ctrl-C (the paths written so far stay written).
///
/// # Errors
///
/// A write error of the output (a closed pipe ends the listing).
pub(super) fn list(
    args: &PathsArgs,
    asked: &Asked<'_>,
    items: &mut Items<'_, impl Listing<Item = str>>,
) -> io::Result<PathsEnd> {
    let moves = asked.query.moves();
    let mut written: usize = 0;
    let mut more = false;
    let mut failed = None;
    let _watch = interrupt::watch();
    let mut interrupted = false;
    asked.query.each_path(|path| {
        if interrupt::requested() {
            interrupted = true;
            return ControlFlow::Break(());
        }
        if written == args.limit {
            more = true;
            return ControlFlow::Break(());
        }
        written += 1;
        match items.push(&moves_text(path, moves)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                failed = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(err) = failed {
        return Err(err);
    }
    let listed = written as u128;
    Ok(PathsEnd {
        count: if more || interrupted {
            BoundedCount::at_least(listed)
        } else {
            BoundedCount::exact(listed)
        },
        limit: args.limit,
        interrupted,
    })
}

impl Listing for PathsAnswer {
    const KEY: &'static str = "paths";
    type Item = str;
    type End = PathsEnd;

    /// Every key of its JSON lines (a file's columns come first: see `InFile`).
    fn csv_columns() -> Vec<&'static str> {
        vec!["paths", "count", "exact", "limit", "status"]
    }

    fn write_item_text(&self, moves: &str, out: &mut dyn Write) -> io::Result<()> {
        if moves.is_empty() {
            writeln!(out, "(empty path: the start is a goal)")
        } else {
            writeln!(out, "{moves}")
        }
    }
}

impl Answer for PathsEnd {
    /// Answered when a path was listed or more exist, else no path (exit 1);
    /// interrupted (exit 130) on Ctrl-C.
    fn outcome(&self) -> Outcome {
        if self.interrupted {
            Outcome::Interrupted
        } else {
            Outcome::found(self.count.count > 0 || !self.count.exact)
        }
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.count.count;
        if self.interrupted {
            writeln!(
                out,
                "(interrupted after {n} {}: these are the first; more may exist)",
                paths_noun(n)
            )
        } else if !self.count.exact {
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
