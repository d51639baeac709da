//! `gridsolve queens count N [--shard I/K]`: the number of solutions and of fundamental
//! solutions, on `--jobs` threads, or the partial count of one shard of a split count
//! (added up by `queens merge`).

use std::io::{self, Write};

use clap::Args;
use grid_core::text::count_of;
use queens::{CountOptions, Counts, PartialCount, Shard};
use serde::Serialize;

use super::notes;
use crate::args::JobsArg;
use crate::report::{self, Answer, Format, Outcome};

/// Counts with n at least this large show a progress bar (when stderr is a terminal).
const PROGRESS_FROM_N: usize = 16;

/// `queens count N`.
#[derive(Debug, Args)]
pub(super) struct CountArgs {
    /// The board size.
    #[arg(value_parser = crate::args::whole_number::<usize>(0, u64::MAX))]
    pub n: usize,
    /// Count only part I of K (1-based) of the search, for running a count on several
    /// machines: the K parts are disjoint, balanced by estimated work, and the same on
    /// every machine running the same gridsolve version (the output names the split);
    /// `gridsolve queens merge` adds up the K partial results.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<Shard>,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// The count, with a note on long counts first and a progress bar on a terminal.
pub(super) fn run(
    args: &CountArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let n = args.n;
    // Refuse impossible sizes before the note and the threads.
    queens::check_count_size(n)?;
    if let Some(mut text) = notes::count_note(n, args.jobs.threads()) {
        if let Some(shard) = args.shard {
            text.push_str(&format!(
                "; shard {shard} is about 1/{} of that",
                shard.of()
            ));
        }
        report::message(text);
    }
    let bar = (n >= PROGRESS_FROM_N).then(|| report::progress_bar(0, "tasks"));
    let progress = |done: u64, total: u64| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    let mut options = CountOptions::new().parallel().progress(&progress);
    if let Some(shard) = args.shard {
        options = options.shard(shard);
    }
    let counts = args
        .jobs
        .pool()?
        .install(|| queens::count_with(n, &options))?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let answer = match args.shard {
        Some(shard) => CountAnswer::shard(PartialCount::new(n, shard, counts)),
        None => CountAnswer::new(n, counts),
    };
    Ok(report::emit(out, format, &answer)?)
}

/// The answer of `queens count` (and `queens merge`): `n = 8: 92 solutions, 12
/// fundamental`, JSON `{"n":8,"count":92,"fundamental":12,"status":"answered"}`; a shard's is its
/// [`PartialCount`] line, `n = 10, shard 2/3 of the constellations-1 split: ...` (JSON
/// adds `"shard":2,"shards":3,"split":"constellations-1"`), which `queens merge` reads
/// back.
#[derive(Debug, Serialize)]
pub(super) struct CountAnswer {
    n: usize,
    /// With `--shard I/K`: I (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    shard: Option<usize>,
    /// With `--shard I/K`: K.
    #[serde(skip_serializing_if = "Option::is_none")]
    shards: Option<usize>,
    /// With `--shard I/K`: the name of the split ([`queens::Shard::SPLIT`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    split: Option<String>,
    count: u128,
    fundamental: u128,
    /// With `--shard I/K`: the partial count, whose `Display` is the text line.
    #[serde(skip)]
    part: Option<PartialCount>,
}

impl CountAnswer {
    /// The counts for an `n x n` board.
    pub fn new(n: usize, counts: Counts) -> Self {
        CountAnswer {
            n,
            shard: None,
            shards: None,
            split: None,
            count: counts.total,
            fundamental: counts.fundamental,
            part: None,
        }
    }

    /// The partial count of one shard of a split count.
    pub fn shard(part: PartialCount) -> Self {
        CountAnswer {
            shard: Some(part.shard.index()),
            shards: Some(part.shard.of()),
            split: Some(part.split.clone()),
            ..CountAnswer::new(part.n, part.counts)
        }
        .with_part(part)
    }

    fn with_part(mut self, part: PartialCount) -> Self {
        self.part = Some(part);
        self
    }
}

impl Answer for CountAnswer {
    /// Answered when there is a solution, else no solution (exit 1); a shard is
    /// answered even when it holds none.
    fn outcome(&self) -> Outcome {
        Outcome::found(self.count > 0 || self.part.is_some())
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.part {
            Some(part) => writeln!(
                out,
                "{part} (a partial count: `gridsolve queens merge` adds up all {} shards)",
                part.shard.of()
            ),
            None => writeln!(
                out,
                "n = {}: {}, {} fundamental",
                self.n,
                count_of(self.count, "solution"),
                self.fundamental
            ),
        }
    }
}
