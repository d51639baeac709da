//! `gridsolve maze count`: the number of paths, exact for `--moves right-down` (u128),
//! otherwise counted by enumeration up to `--limit`.

use std::io::{self, Write};

use clap::Args;
use grid_core::BoundedCount;
use indicatif::MultiProgress;
use maze::MoveSet;
use serde::Serialize;

use super::input::MazeInput;
use super::paths_noun;
use super::read::Asked;
use crate::interrupt;
use crate::report::{self, Answer, Outcome};

/// `maze count`.
#[derive(Debug, Args)]
pub(super) struct CountArgs {
    #[command(flatten)]
    pub input: MazeInput,
    /// Stop enumerating after this many paths (at least 1; ignored for right-down, which
    /// is exact).
    #[arg(long, value_name = "K", default_value_t = 1_000_000,
          value_parser = crate::args::whole_number::<u128>(1, u64::MAX))]
    pub limit: u128,
}

/// The answer of `maze count`: the number of paths (`count`, `exact`: `false` means
/// more than `count`).
#[derive(Debug, Serialize)]
pub(super) struct CountAnswer {
    #[serde(flatten)]
    count: BoundedCount,
    /// The `--limit` that stopped an inexact count, for the text's advice.
    #[serde(skip)]
    limit: u128,
    /// Ctrl-C stopped the count: `count` paths were counted (`exact` false); JSON's
    /// `"status"` is `interrupted`.
    #[serde(skip)]
    interrupted: bool,
}

/// The number of the maze's paths, up to `--limit`.
/// Ctrl-C stops the count at the next path (the answer says so). An enumeration (every
/// move set but right-down, which is one pass) shows the paths counted so far on a
/// spinner of `spinners`, one line a file, while it runs (on a terminal only).
pub(super) fn answer(args: &CountArgs, asked: &Asked<'_>, spinners: &MultiProgress) -> CountAnswer {
    let watch = interrupt::watch();
    let spinner = (asked.query.moves() != MoveSet::RightDown)
        .then(|| spinners.add(report::count_spinner(&asked.name, "paths")));
    let count = asked
        .query
        .count_paths_watched(args.limit, interrupt::flag(), &mut |n| {
            if let Some(spinner) = &spinner {
                spinner.set_position(u64::try_from(n).unwrap_or(u64::MAX));
            }
        });
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
        spinners.remove(&spinner);
    }
    drop(watch);
    CountAnswer {
        interrupted: !count.exact && interrupt::requested(),
        count,
        limit: args.limit,
    }
}

impl Answer for CountAnswer {
    /// Every key of its JSON lines (a file's columns come first: see `InFile`).
    fn csv_columns() -> Vec<&'static str> {
        vec!["count", "exact", "status"]
    }

    /// Zero paths is "no solution", as for every other puzzle's count.
    fn outcome(&self) -> Outcome {
        if self.interrupted {
            return Outcome::Interrupted;
        }
        Outcome::found(self.count.count > 0)
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let BoundedCount { count: n, exact } = self.count;
        if self.interrupted {
            writeln!(
                out,
                "at least {n} {} (interrupted: Ctrl-C stopped the count)",
                paths_noun(n)
            )
        } else if exact {
            writeln!(out, "{n} {}", paths_noun(n))
        } else if n == u128::MAX {
            writeln!(out, "more than {n} paths (the count exceeds 2^128 - 1)")
        } else {
            writeln!(
                out,
                "more than {n} {} (stopped at --limit {}; raise it to count further)",
                paths_noun(n),
                self.limit
            )
        }
    }
}
