//! `gridsolve queens count N [--shard I/K]`: the number of solutions and of fundamental
//! solutions, on `--jobs` threads, or the partial count of one shard of a split count
//! (added up by `queens merge`).

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;

use clap::Args;
use grid_core::text::count_of;
use queens::{CountOptions, Counted, Counts, PartialCount, Shard};
use serde::Serialize;

use super::notes;
use crate::args::JobsArg;
use crate::interrupt;
use crate::report::{self, Answer, Format, Outcome};

/// Counts with n at least this large show a progress bar (when stderr is a terminal).
const PROGRESS_FROM_N: usize = 16;

/// `queens count N`.
#[derive(Debug, Args)]
pub(super) struct CountArgs {
    /// The board size.
    #[arg(value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    pub n: usize,
    /// Count only part I of K (1-based) of the search, for running a count on several
    /// machines: the K parts are disjoint, balanced by estimated work, and the same on
    /// every machine running the same gridsolve version (the output names the split);
    /// `gridsolve queens merge` adds up the K partial results.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<Shard>,
    /// Keep FILE up to date with the count's progress, one line rewritten at most once a
    /// second: `n = 18, shard 3/8: 19 of 87 searches done (21%), 3 s elapsed` (searches
    /// differ in size: the share of searches is not the share of time), for
    /// watching a long count that runs without a terminal (a batch job, `nohup`); the last
    /// line says `done`. (On a terminal, counts from n = 16 show a progress bar anyway.)
    #[arg(long, value_name = "FILE")]
    pub progress: Option<PathBuf>,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// The CSV columns of `count`'s answers (and of `merge`'s sum, which prints what the
/// unsplit count prints): every key a count's JSON line can have, then the place and
/// message of bad input, so that the tables of many counts and merges stack.
pub(super) fn csv_columns() -> Vec<&'static str> {
    report::with_error_columns(&CountAnswer::csv_columns())
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
    let bar = (n >= PROGRESS_FROM_N).then(|| report::progress_bar(0, "searches"));
    let file = match &args.progress {
        Some(path) => Some(ProgressFile::create(path, n, args.shard)?),
        None => None,
    };
    let progress = |done: u64, total: u64| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
        if let Some(file) = &file {
            file.update(done, total);
        }
    };
    let mut options = CountOptions::new().parallel().progress(&progress);
    if let Some(shard) = args.shard {
        options = options.shard(shard);
    }
    let watch = interrupt::watch();
    let counted = args
        .jobs
        .pool()?
        .install(|| queens::count_until(n, &options, interrupt::flag()))?;
    drop(watch);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let counts = match counted {
        Counted::Done(counts) => counts,
        Counted::Stopped {
            found,
            searches_done,
            searches,
        } => {
            if let Some(file) = &file {
                file.finish("interrupted")?;
            }
            let answer = CountAnswer::stopped(n, args.shard, found, [searches_done, searches]);
            return Ok(report::emit_in_columns(
                out,
                format,
                &answer,
                &csv_columns(),
            )?);
        }
    };
    if let Some(file) = &file {
        file.finish("done")?;
    }
    let answer = match args.shard {
        Some(shard) => CountAnswer::shard(PartialCount::new(n, shard, counts)),
        None => CountAnswer::new(n, counts),
    };
    Ok(report::emit_in_columns(
        out,
        format,
        &answer,
        &csv_columns(),
    )?)
}

/// The file of `--progress FILE`: one line, replaced whole (written beside it, then
/// renamed, so that a reader never sees half a line) when a search finishes and a second
/// has passed since the last time, and at the start and the end.
struct ProgressFile {
    path: PathBuf,
    /// Where the next line is written before it is renamed to `path`.
    temporary: PathBuf,
    /// `n = 20` or `n = 20, shard 3/64`.
    what: String,
    started: Instant,
    /// How often the line is rewritten at most ([`ProgressFile::EVERY`]).
    every: Duration,
    /// When the line was last written, and the last (finished, searches) seen.
    state: Mutex<(Instant, u64, u64)>,
}

impl ProgressFile {
    /// How often the line is rewritten at most.
    const EVERY: Duration = Duration::from_secs(1);

    /// Writes the first line (`starting`), so that a path that cannot be written is an
    /// error before the count.
    fn create(path: &Path, n: usize, shard: Option<Shard>) -> anyhow::Result<Self> {
        let mut temporary = OsString::from(path.as_os_str());
        temporary.push(".tmp");
        let what = match shard {
            Some(shard) => format!("n = {n}, shard {shard}"),
            None => format!("n = {n}"),
        };
        let started = Instant::now();
        let file = ProgressFile {
            path: path.to_owned(),
            temporary: temporary.into(),
            what,
            started,
            every: Self::EVERY,
            state: Mutex::new((started, 0, 0)),
        };
        file.write(&format!("{}: starting", file.what))
            .with_context(|| format!("cannot write the progress file {}", path.display()))?;
        Ok(file)
    }

    fn write(&self, line: &str) -> io::Result<()> {
        fs::write(&self.temporary, format!("{line}\n"))?;
        fs::rename(&self.temporary, &self.path)
    }

    fn line(&self, done: u64, total: u64) -> String {
        let percent = (done * 100).checked_div(total).unwrap_or(100);
        format!(
            "{}: {done} of {total} searches done ({percent}%), {} s elapsed",
            self.what,
            self.started.elapsed().as_secs()
        )
    }

    /// After a search: rewrites the line if a second has passed. A failed write is
    /// skipped (the count goes on; the next write may succeed).
    fn update(&self, done: u64, total: u64) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        let now = Instant::now();
        let (last, _, _) = *state;
        *state = (last, done, total);
        if now.duration_since(last) < self.every {
            return;
        }
        if self.write(&self.line(done, total)).is_ok() {
            state.0 = now;
        }
    }

    /// The last line: `..., done, 87 of 87 searches, in 41 s` (`how`: `done`, or
    /// `interrupted` after Ctrl-C).
    fn finish(&self, how: &str) -> anyhow::Result<()> {
        let (done, total) = self
            .state
            .lock()
            .map(|state| (state.1, state.2))
            .unwrap_or((0, 0));
        let elapsed = self.started.elapsed().as_secs_f64();
        self.write(&format!(
            "{}: {how}, {done} of {total} searches, in {elapsed:.1} s",
            self.what
        ))
        .with_context(|| format!("cannot write the progress file {}", self.path.display()))
    }
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
    /// Ctrl-C stopped the count after `[searches_done, searches]`: `count` and
    /// `fundamental` are what those searches found (lower bounds); JSON adds
    /// `"searches_done"` and `"searches"`, its `"status"` is `interrupted`.
    #[serde(flatten, serialize_with = "stopped_keys")]
    stopped: Option<[u64; 2]>,
}

/// The keys of an interrupted count: `"searches_done"` and `"searches"` (none when the
/// count finished).
fn stopped_keys<S: serde::Serializer>(
    stopped: &Option<[u64; 2]>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(None)?;
    if let Some([done, of]) = stopped {
        map.serialize_entry("searches_done", done)?;
        map.serialize_entry("searches", of)?;
    }
    map.end()
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
            stopped: None,
        }
    }

    /// What a count that Ctrl-C stopped after `[searches done, searches]` found (lower
    /// bounds). A stopped shard still names itself, so that `queens merge --missing`
    /// lists it as one to count again.
    fn stopped(n: usize, shard: Option<Shard>, found: Counts, searches: [u64; 2]) -> Self {
        CountAnswer {
            shard: shard.map(|shard| shard.index()),
            shards: shard.map(|shard| shard.of()),
            split: shard.map(|_| Shard::SPLIT.to_owned()),
            stopped: Some(searches),
            ..CountAnswer::new(n, found)
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
    /// Every key a count's JSON line can have, so that the tables of many counts stack
    /// (sharded or not, finished or interrupted; a fresh user's finding: an interrupted
    /// count's row had other columns).
    fn csv_columns() -> Vec<&'static str> {
        vec![
            "n",
            "shard",
            "shards",
            "split",
            "count",
            "fundamental",
            "searches_done",
            "searches",
            "status",
        ]
    }

    /// Answered when there is a solution, else no solution (exit 1); a shard is
    /// answered even when it holds none.
    fn outcome(&self) -> Outcome {
        if self.stopped.is_some() {
            return Outcome::Interrupted;
        }
        Outcome::found(self.count > 0 || self.part.is_some())
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some([done, of]) = self.stopped {
            // A shard's line is the one `queens merge` reads as interrupted.
            let shard = match (self.shard, self.shards, &self.split) {
                (Some(i), Some(k), Some(split)) => format!(", shard {i}/{k} of the {split} split"),
                _ => String::new(),
            };
            return writeln!(
                out,
                "n = {}{shard}: interrupted (Ctrl-C) after {done} of {of} searches: at least {} and {} fundamental so far (a partial count)",
                self.n,
                count_of(self.count, "solution"),
                self.fundamental
            );
        }
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

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn the_progress_file_holds_one_line_at_a_time() {
        let dir = std::env::temp_dir().join(format!("gridsolve-progress-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("shard.progress");
        let shard: Shard = "2/3".parse().unwrap();
        let mut file = ProgressFile::create(&path, 9, Some(shard)).unwrap();
        let read = || fs::read_to_string(&path).unwrap();
        assert_eq!(read(), "n = 9, shard 2/3: starting\n");
        // Within the second nothing is rewritten ...
        file.update(1, 10);
        assert_eq!(read(), "n = 9, shard 2/3: starting\n");
        // ... after it, the line is replaced whole.
        file.every = Duration::ZERO;
        file.update(3, 10);
        assert_eq!(
            read(),
            "n = 9, shard 2/3: 3 of 10 searches done (30%), 0 s elapsed\n"
        );
        file.update(10, 10);
        file.finish("done").unwrap();
        let last = read();
        assert!(
            last.starts_with("n = 9, shard 2/3: done, 10 of 10 searches, in 0.")
                && last.ends_with(" s\n"),
            "{last}"
        );
        // The line is written beside the file and renamed: nothing is left over.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A fresh user's finding: an interrupted shard's line did not name its shard, so
    /// `queens merge --missing` stopped at it ("missing field `shard`") instead of
    /// listing the shard to count again. Now it names the shard, in text and JSON, and a
    /// merge reads it as interrupted: the shard stays missing (its counts are partial)
    /// unless a finished count of it comes too.
    #[test]
    fn an_interrupted_shard_names_itself_and_merges_as_missing() {
        let shard: Shard = "1/2".parse().unwrap();
        let partial = Counts {
            total: 4,
            fundamental: 1,
        };
        let stopped = CountAnswer::stopped(8, Some(shard), partial, [3, 10]);
        let second =
            queens::count_with(8, &CountOptions::new().shard("2/2".parse().unwrap())).unwrap();
        let second = CountAnswer::shard(PartialCount::new(8, "2/2".parse().unwrap(), second));
        let first = queens::count_with(8, &CountOptions::new().shard(shard)).unwrap();
        let first = CountAnswer::shard(PartialCount::new(8, shard, first));
        for format in [Format::Text, Format::Json] {
            let line = |answer: &CountAnswer| {
                let mut out = Vec::new();
                report::emit(&mut out, format, answer).unwrap();
                String::from_utf8(out).unwrap()
            };
            let text = line(&stopped);
            assert!(
                text.contains("shard") && text.contains("interrupted"),
                "{format:?}: {text}"
            );
            let mut merge = queens::Merge::new();
            merge.add_text("a", &text).unwrap();
            merge.add_text("b", &line(&second)).unwrap();
            let err = merge.finish().unwrap_err();
            let queens::MergeError::MissingShards {
                missing,
                interrupted,
                ..
            } = &err
            else {
                panic!("{format:?}: {err}");
            };
            assert_eq!(missing, &[1]);
            assert_eq!(interrupted.len(), 1);
            assert_eq!(interrupted[0].1.to_string(), "a:1");
            assert!(
                err.to_string().contains("shard 1 at a:1 was interrupted"),
                "{err}"
            );
            // With the finished count of the shard too, the merge is the whole count.
            let mut merge = queens::Merge::new();
            merge.add_text("a", &text).unwrap();
            merge.add_text("b", &line(&second)).unwrap();
            merge.add_text("c", &line(&first)).unwrap();
            let merged = merge.finish().unwrap();
            assert_eq!((merged.counts.total, merged.counts.fundamental), (92, 12));
        }
    }
}
