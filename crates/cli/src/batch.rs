//! The one batch runner: records are read in chunks, answered in parallel and written
//! in input order, with bounded memory whatever the size of the input.
//!
//! A verb that answers many records supplies two things:
//! - a [`Reader`]: how to read the next records of the input (lines of a file, puzzle
//!   records cut by a splitter, files named on the command line, indices of puzzles to
//!   generate, ...), and how far it has read (for the progress bar);
//! - a [`Batch`]: how to answer one record on a worker thread, appending the record's
//!   standard output (already rendered, as bytes) and standard error lines to a
//!   [`Rendered`], adding it to the verb's [`Tally`], and returning its [`Outcome`].
//!
//! [`run`] does the rest. Chunks start at [`FIRST_CHUNK`] records, so that the workers
//! start soon, and double up to [`CHUNK`]; a verb whose records are large (whole files)
//! sets a smaller [`Pace`] so that only a few are in memory at once. With one thread (`--jobs 1`) the calling
//! thread reads, answers and writes each chunk in turn. With `--jobs J`, a rayon pool of
//! J - 1 threads answers chunk N (in groups of [`GROUP`] records, each group claimed by
//! whichever thread asks next) while the calling thread writes the answers of chunk
//! N-1 and reads chunk N+1, then answers groups of chunk N beside them: J threads in
//! all, none idle and none waiting for a core. Every group has its own slot, so the
//! output keeps the input order; nothing is copied between answering and writing.
//!
//! For example, a verb that answers many files (one record per file, as `maze` may)
//! needs only this much; the runner keeps the order, the threads and the memory:
//!
//! ```text
//! struct Files { paths: std::vec::IntoIter<PathBuf>, done: u64 }
//!
//! impl batch::Reader for Files {
//!     type Record = PathBuf;
//!     fn read(&mut self, max: usize, into: &mut Vec<PathBuf>) -> anyhow::Result<()> {
//!         into.extend(self.paths.by_ref().take(max));
//!         self.done += into.len() as u64;
//!         Ok(())
//!     }
//!     fn position(&self) -> u64 { self.done }
//! }
//!
//! impl batch::Batch for Solver {
//!     type Record = PathBuf;
//!     type Tally = ();
//!     fn answer(&self, path: &PathBuf, into: &mut Rendered<()>) -> anyhow::Result<Outcome> {
//!         // read and parse the file; on bad input
//!         //     return Ok(into.push_invalid::<InFile>(format, &report::Invalid::new(&name, &err))?);
//!         // else answer it and
//!         //     Ok(into.push(format, &answer, None::<&str>)?)
//!     }
//! }
//!
//! let summary = batch::run(&mut files, &solver, args.jobs, &bar, out)?;
//! ```
//!
//! A record's answer is written by the thread that answers it into its group's
//! buffer, so the calling thread's share is one `write_all` per group.

use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use indicatif::ProgressBar;

use crate::args::JobsArg;
use crate::interrupt;
use crate::report::{self, Answer, Format, Invalid, Outcome};

/// Records handled per chunk once the batch is under way: large enough to keep every
/// core busy, small enough that memory does not grow with the input.
pub const CHUNK: usize = 4096;

/// The first chunk's size: small, so that the workers start soon; each chunk then
/// doubles up to [`CHUNK`].
pub const FIRST_CHUNK: usize = 256;

/// Records answered and rendered together by one task: enough to make the calling
/// thread's share (one write per group) negligible, few enough to balance the load.
pub const GROUP: usize = 16;

/// Reads the records of a batch in input order.
pub trait Reader {
    /// One unit of work (a puzzle's text, a line that could not be read, a file name).
    type Record: Send + Sync;

    /// Appends up to `max` (at least 1) more records to `into`, in input order;
    /// appending none means the input is exhausted. It may append one more than `max`
    /// when one line completes two records.
    ///
    /// # Errors
    ///
    /// When the input cannot be read; the batch stops there.
    fn read(&mut self, max: usize, into: &mut Vec<Self::Record>) -> anyhow::Result<()>;

    /// How far the input has been read, in the progress bar's unit (bytes, records).
    fn position(&self) -> u64;

    /// How many bad records ([`Outcome::BadInput`]) in a row at the start, with no
    /// good one, make the input no puzzle file at all: the batch then stops reading
    /// with [`Reader::not_puzzles`], so that an endless stream of lines that are no
    /// puzzle (`yes 1 |`) costs a few error lines, not one per line for ever. `None`
    /// (the default): every record is answered however many are bad.
    fn bad_start_limit(&self) -> Option<usize> {
        None
    }

    /// The error that ends an input whose first `bad` records are all bad (see
    /// [`Reader::bad_start_limit`]).
    fn not_puzzles(&self, bad: usize) -> anyhow::Error {
        anyhow::anyhow!("the first {bad} records are all bad, and reading stops")
    }
}

/// What a verb adds up over its records (solved, invalid, ...), for its summary.
pub trait Tally: Default + Send + Sync {
    /// Adds `other` (the tally of a later group of records) to `self`.
    fn add(&mut self, other: &Self);
}

impl Tally for () {
    fn add(&mut self, _: &Self) {}
}

/// How many records a batch reads and answers at a time: chunks start at
/// `first_chunk` records and double up to `chunk`; a task answers `group` records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Records in the first chunk (at least 1).
    pub first_chunk: usize,
    /// Records per chunk once the batch is under way (at least `first_chunk`).
    pub chunk: usize,
    /// Records answered together by one task (at least 1).
    pub group: usize,
}

impl Pace {
    /// For many small records (puzzle lines): [`FIRST_CHUNK`], [`CHUNK`], [`GROUP`].
    pub const SMALL_RECORDS: Pace = Pace {
        first_chunk: FIRST_CHUNK,
        chunk: CHUNK,
        group: GROUP,
    };

    /// For records that each take long (hard puzzles to rate: a tenth of a second to
    /// seconds each): a first chunk of one record per thread, chunks of eight per
    /// thread, one record per task, so that both cores work on a file of a few dozen
    /// and answers are written every few records rather than every few hundred.
    pub fn slow_records(threads: usize) -> Pace {
        let threads = threads.max(1);
        Pace {
            first_chunk: threads,
            chunk: 8 * threads,
            group: 1,
        }
    }

    /// For few large records (whole files): one record per thread per chunk and per
    /// task, so that at most `threads` records (and their answers) are in memory.
    pub fn large_records(threads: usize) -> Pace {
        let threads = threads.max(1);
        Pace {
            first_chunk: threads,
            chunk: threads,
            group: 1,
        }
    }
}

/// Answers records; shared by every thread of the batch.
pub trait Batch: Sync {
    /// The records it answers (see [`Reader::Record`]).
    type Record: Send + Sync;
    /// What it adds up.
    type Tally: Tally;

    /// How many records to read and answer at a time on `threads` threads; many small
    /// records by default.
    fn pace(&self, threads: usize) -> Pace {
        let _ = threads;
        Pace::SMALL_RECORDS
    }

    /// The output form of its answers: after Ctrl-C, a JSON Lines stream ends with a
    /// line that says so (see [`report::write_interrupted`]). Text by default, which
    /// also suits a batch whose answers mark themselves interrupted (maze files).
    fn format(&self) -> Format {
        Format::Text
    }

    /// The CSV columns of its answers (see [`report::Answer::csv_columns`]), for the row
    /// that ends a CSV table interrupted by Ctrl-C; none by default.
    fn csv_columns(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// Answers one record: appends its rendered standard output to `into.out` and any
    /// message to `into.err` (whole lines, ending in `\n`), counts it in `into.tally`,
    /// and returns its outcome. It runs on any thread, records of one group in order.
    ///
    /// # Errors
    ///
    /// When rendering fails (not for bad records: those are answers); the batch stops.
    fn answer(
        &self,
        record: &Self::Record,
        into: &mut Rendered<Self::Tally>,
    ) -> anyhow::Result<Outcome>;

    /// Renders the bad input that stopped reading after some records were answered
    /// (an input that turned out to be no puzzle file, binary data after good records)
    /// as one more bad answer, so that a CSV table keeps its one header and its
    /// columns: by default the [`Invalid`] alone, in its own columns.
    ///
    /// # Errors
    ///
    /// When the answer cannot be serialized.
    fn push_stop(
        &self,
        invalid: &Invalid,
        into: &mut Rendered<Self::Tally>,
    ) -> std::io::Result<Outcome> {
        into.push_invalid::<Invalid>(self.format(), invalid)
    }
}

/// The answers to a run of records, rendered: the bytes for standard output, the
/// messages for standard error (whole lines), what they count for, and the worst
/// outcome. The calling thread only writes and adds them up, in input order.
#[derive(Debug, Default)]
pub struct Rendered<T> {
    /// Standard output of the records, in order.
    pub out: Vec<u8>,
    /// Standard error lines of the records, in order.
    pub err: String,
    /// What the records count for.
    pub tally: T,
    /// The worst outcome of the records.
    pub outcome: Outcome,
    /// Whether the stream's CSV header is still to be written: true for the first
    /// group of a batch only, cleared by the first answer pushed.
    header: bool,
    /// How many of the records were bad input, and how many were not.
    bad: usize,
    good: usize,
    /// Set by [`Rendered::a_puzzle`] for the record being answered.
    a_puzzle: bool,
}

impl<T: Default> Rendered<T> {
    /// Nothing rendered yet; `first` for the batch's first group (which writes the
    /// CSV header).
    fn new(first: bool) -> Rendered<T> {
        Rendered {
            header: first,
            ..Rendered::default()
        }
    }
}

impl<T> Rendered<T> {
    /// Marks the record being answered, bad input though it is, as a puzzle (its
    /// givens clash): it counts as good for [`Reader::bad_start_limit`], so that a
    /// file that starts with such puzzles is answered whole.
    pub fn a_puzzle(&mut self) {
        self.a_puzzle = true;
    }

    /// Appends one record's answer in `format` to [`Rendered::out`] (through
    /// [`report::emit_in`], in CSV in the answer's columns, the header before the
    /// batch's first record) and, when there is one, its message as a `gridsolve: `
    /// line to [`Rendered::err`]; returns the answer's outcome.
    ///
    /// # Errors
    ///
    /// When the answer cannot be serialized.
    pub fn push<A: Answer>(
        &mut self,
        format: Format,
        answer: &A,
        message: Option<impl std::fmt::Display>,
    ) -> std::io::Result<Outcome> {
        self.push_as::<A>(format, answer, message)
    }

    /// [`Rendered::push`] of an answer that stands in a batch of answers of type `C`
    /// (a bad record): in CSV a row in the columns of `C`.
    ///
    /// # Errors
    ///
    /// When the answer cannot be serialized.
    pub fn push_as<C: Answer>(
        &mut self,
        format: Format,
        answer: &impl Answer,
        message: Option<impl std::fmt::Display>,
    ) -> std::io::Result<Outcome> {
        if let Some(message) = message {
            self.err.push_str(&report::message_line(message));
        }
        report::emit_in::<C>(&mut self.out, format, answer, &mut self.header)
    }

    /// Appends a bad record of a batch of answers of type `C`: its message to
    /// [`Rendered::err`] and, in JSON, its `"status": "invalid"` line to
    /// [`Rendered::out`] (in CSV its row in the columns of `C`); returns
    /// [`Outcome::BadInput`].
    ///
    /// # Errors
    ///
    /// When the answer cannot be serialized.
    pub fn push_invalid<C: Answer>(
        &mut self,
        format: Format,
        invalid: &Invalid,
    ) -> std::io::Result<Outcome> {
        self.push_as::<C>(format, invalid, Some(invalid.message()))
    }
}

/// What a whole batch came to.
#[derive(Debug, Default)]
pub struct Summary<T> {
    /// The sum of every record's tally.
    pub tally: T,
    /// The worst outcome of every record.
    pub outcome: Outcome,
    /// How many records were bad input, and how many were not.
    pub bad: usize,
    pub good: usize,
    /// Bad input stopped reading after some answers (written as one more bad answer,
    /// see [`Batch::push_stop`]): its message is the batch's last word.
    pub stopped: bool,
}

/// Answers `records` in order into one [`Rendered`]; `first` for the batch's first
/// group.
fn answer_group<B: Batch>(
    batch: &B,
    records: &[B::Record],
    first: bool,
) -> anyhow::Result<Rendered<B::Tally>> {
    let mut rendered = Rendered::new(first);
    for record in records {
        let outcome = batch.answer(record, &mut rendered)?;
        let a_puzzle = std::mem::take(&mut rendered.a_puzzle);
        if outcome == Outcome::BadInput && !a_puzzle {
            rendered.bad += 1;
        } else {
            rendered.good += 1;
        }
        rendered.outcome = rendered.outcome.worst(outcome);
    }
    Ok(rendered)
}

/// Writes rendered answers in order (per group, its standard output, then its standard
/// error lines, after a flush of `out`, so that a terminal or `2>&1` shows a bad
/// record's message after its answer; the progress bar is lifted while they print)
/// and adds up their tallies and outcomes.
fn emit<T: Tally>(
    out: &mut dyn Write,
    bar: &ProgressBar,
    rendered: &[Rendered<T>],
    summary: &mut Summary<T>,
) -> anyhow::Result<()> {
    for r in rendered {
        out.write_all(&r.out)?;
        if !r.err.is_empty() {
            out.flush()?;
            bar.suspend(|| eprint!("{}", r.err));
        }
        summary.tally.add(&r.tally);
        summary.outcome = summary.outcome.worst(r.outcome);
        summary.bad += r.bad;
        summary.good += r.good;
    }
    Ok(())
}

/// Whether chunks may grow: always, but for a reader that gives up on bad records at
/// the start ([`Reader::bad_start_limit`]) until a record is good.
fn may_grow<R: Reader, T>(reader: &R, summary: &Summary<T>) -> bool {
    summary.good > 0 || reader.bad_start_limit().is_none()
}

/// The error that stops `reader` when every record written so far is bad and there
/// are at least its [`Reader::bad_start_limit`] of them.
fn bad_start<R: Reader, T>(reader: &R, summary: &Summary<T>) -> Option<anyhow::Error> {
    let limit = reader.bad_start_limit()?;
    (summary.good == 0 && summary.bad >= limit).then(|| reader.not_puzzles(summary.bad))
}

/// Reads every record of `reader`, answers each with `batch` on `jobs` threads and
/// writes the answers to `out` in input order, moving `bar` to the reader's position
/// after each chunk. Returns the sum of the tallies and the worst outcome.
///
/// Ctrl-C stops the batch after the records read so far: no more are read, those are
/// answered and written, a `gridsolve: interrupted` line follows them on standard
/// error (and, in JSON, a `{"status":"interrupted","answered":N}` line ends standard
/// output, so a script reading the stream knows it was cut short), and the outcome is
/// [`Outcome::Interrupted`] (exit 130).
///
/// # Errors
///
/// A read error of the input, a write error of `out`, a rendering error, or the
/// worker threads failing to start.
pub fn run<R, B>(
    reader: &mut R,
    batch: &B,
    jobs: JobsArg,
    bar: &ProgressBar,
    out: &mut dyn Write,
) -> anyhow::Result<Summary<B::Tally>>
where
    R: Reader,
    B: Batch<Record = R::Record>,
{
    let watch = interrupt::watch();
    let mut summary = Summary::default();
    if let Err(stop) = run_watched(reader, batch, jobs, bar, out, &mut summary) {
        // Bad input that stops reading after some answers (the header of a CSV table
        // is out): one more bad answer in the batch's columns, then the summary.
        match stop.downcast::<Invalid>() {
            Ok(invalid) if summary.good + summary.bad > 0 => {
                let mut rendered = Rendered::new(false);
                rendered.outcome = batch.push_stop(&invalid, &mut rendered)?;
                emit(out, bar, &[rendered], &mut summary)?;
                summary.stopped = true;
            }
            Ok(invalid) => return Err(invalid.into()),
            Err(stop) => return Err(stop),
        }
    }
    drop(watch);
    if interrupt::requested() {
        let answered = summary.good + summary.bad;
        let columns = batch.csv_columns();
        report::write_interrupted(
            out,
            batch.format(),
            answered,
            &columns,
            &mut (answered == 0),
        )?;
        out.flush()?;
        bar.suspend(|| {
            report::message(
                "interrupted (Ctrl-C): no more input was read; the answers above are those of the records read before it",
            );
        });
        summary.outcome = summary.outcome.worst(Outcome::Interrupted);
    }
    Ok(summary)
}

/// [`run`] until the input ends or Ctrl-C asks it to stop, adding up into `summary`
/// (which holds what was written when an error stops it).
fn run_watched<R, B>(
    reader: &mut R,
    batch: &B,
    jobs: JobsArg,
    bar: &ProgressBar,
    out: &mut dyn Write,
    summary: &mut Summary<B::Tally>,
) -> anyhow::Result<()>
where
    R: Reader,
    B: Batch<Record = R::Record>,
{
    let threads = jobs.threads();
    let pace = batch.pace(threads);
    // With a limit on bad records at the start, the first chunk is no larger, so that
    // a file of no puzzles is given up after about that many error lines.
    let first_chunk = match reader.bad_start_limit() {
        Some(limit) => pace.first_chunk.min(limit),
        None => pace.first_chunk,
    };
    let mut chunk = first_chunk.max(1);
    // Chunks grow only once a record is good when the reader gives up on bad ones.
    let mut next_chunk = |reader: &mut R, grow: bool| -> anyhow::Result<Vec<R::Record>> {
        if interrupt::requested() {
            return Ok(Vec::new());
        }
        let mut records = Vec::with_capacity(chunk + 1);
        reader.read(chunk, &mut records)?;
        if grow {
            chunk = (chunk * 2).min(pace.chunk.max(1));
        }
        Ok(records)
    };
    if threads == 1 {
        let mut first = true;
        loop {
            let records = next_chunk(reader, may_grow(reader, summary))?;
            if records.is_empty() {
                return Ok(());
            }
            let rendered = answer_group(batch, &records, std::mem::take(&mut first))?;
            emit(out, bar, &[rendered], summary)?;
            bar.set_position(reader.position());
            if let Some(err) = bad_start(reader, summary) {
                return Err(err);
            }
        }
    }
    // The calling thread works beside the pool: J - 1 pool threads, J in all.
    let pool = crate::args::thread_pool(threads - 1)?;
    let group = pace.group.max(1);
    run_pooled(reader, next_chunk, (batch, group), &pool, bar, out, summary)
}

/// [`run`] on `pool` and the calling thread (see the module docs).
fn run_pooled<R, B>(
    reader: &mut R,
    mut next_chunk: impl FnMut(&mut R, bool) -> anyhow::Result<Vec<R::Record>>,
    (batch, group): (&B, usize),
    pool: &rayon::ThreadPool,
    bar: &ProgressBar,
    out: &mut dyn Write,
    summary: &mut Summary<B::Tally>,
) -> anyhow::Result<()>
where
    R: Reader,
    B: Batch<Record = R::Record>,
{
    let mut records = next_chunk(reader, may_grow(reader, summary))?;
    let mut previous: Vec<Rendered<B::Tally>> = Vec::new();
    let mut first_chunk = true;
    while !records.is_empty() {
        let groups: Vec<&[R::Record]> = records.chunks(group).collect();
        let slots: Vec<OnceLock<anyhow::Result<Rendered<B::Tally>>>> =
            groups.iter().map(|_| OnceLock::new()).collect();
        let claimed = AtomicUsize::new(0);
        let answer_groups = || {
            loop {
                let g = claimed.fetch_add(1, Ordering::Relaxed);
                let (Some(group), Some(slot)) = (groups.get(g), slots.get(g)) else {
                    break;
                };
                // Each index is claimed once, so the slot is empty.
                let _ = slot.set(answer_group(batch, group, first_chunk && g == 0));
            }
        };
        let (written, next) = pool.in_place_scope(|scope| {
            for _ in 0..pool.current_num_threads() {
                scope.spawn(|_| answer_groups());
            }
            let written = emit(out, bar, &previous, summary);
            bar.set_position(reader.position());
            // While a reader that gives up on bad records has seen no good one, the
            // next chunk is read only after this one is written (below), so that it
            // stops after the same records on any number of threads.
            let next = match written {
                Ok(()) if !may_grow(reader, summary) => Ok(None),
                Ok(()) => next_chunk(reader, true).map(Some),
                Err(_) => Ok(Some(Vec::new())),
            };
            answer_groups();
            (written, next)
        });
        written?;
        first_chunk = false;
        previous = slots
            .into_iter()
            .map(|slot| {
                // invariant: the scope ends only after every claimed group is
                // answered, and the counter passes every index.
                slot.into_inner()
                    .expect("every group is answered before the scope ends")
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        records = match next {
            Ok(Some(records)) => records,
            Ok(None) => {
                emit(out, bar, &previous, summary)?;
                previous.clear();
                bar.set_position(reader.position());
                if let Some(err) = bad_start(reader, summary) {
                    return Err(err);
                }
                next_chunk(reader, may_grow(reader, summary))?
            }
            Err(err) => {
                // The input ends in an error: what was read before it is answered first.
                emit(out, bar, &previous, summary)?;
                return Err(err);
            }
        };
    }
    emit(out, bar, &previous, summary)?;
    bar.set_position(reader.position());
    Ok(())
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    /// Numbers 0..n as records; the answer writes the number and counts it.
    struct Numbers {
        next: u64,
        end: u64,
    }

    impl Reader for Numbers {
        type Record = u64;

        fn read(&mut self, max: usize, into: &mut Vec<u64>) -> anyhow::Result<()> {
            let end = self.end.min(self.next + max as u64);
            into.extend(self.next..end);
            self.next = end;
            Ok(())
        }

        fn position(&self) -> u64 {
            self.next
        }
    }

    #[derive(Default)]
    struct Count(u64);

    impl Tally for Count {
        fn add(&mut self, other: &Self) {
            self.0 += other.0;
        }
    }

    struct Echo;

    impl Batch for Echo {
        type Record = u64;
        type Tally = Count;

        fn answer(&self, record: &u64, into: &mut Rendered<Count>) -> anyhow::Result<Outcome> {
            writeln!(into.out, "{record}")?;
            into.tally.0 += 1;
            Ok(if record % 1000 == 999 {
                Outcome::NoSolution
            } else {
                Outcome::Answered
            })
        }
    }

    #[test]
    fn answers_keep_the_input_order_on_any_number_of_threads() {
        let n = 20_000;
        let expected: String = (0..n).map(|i| format!("{i}\n")).collect();
        for jobs in ["1", "2", "3"] {
            #[derive(clap::Parser)]
            struct Cli {
                #[command(flatten)]
                jobs: JobsArg,
            }
            let cli = <Cli as clap::Parser>::parse_from(["t", "--jobs", jobs]);
            let mut out = Vec::new();
            let summary = run(
                &mut Numbers { next: 0, end: n },
                &Echo,
                cli.jobs,
                &ProgressBar::hidden(),
                &mut out,
            )
            .expect("runs");
            assert_eq!(
                String::from_utf8(out).expect("text"),
                expected,
                "--jobs {jobs}"
            );
            assert_eq!(summary.tally.0, n);
            assert_eq!(summary.outcome, Outcome::NoSolution);
        }
    }
}
