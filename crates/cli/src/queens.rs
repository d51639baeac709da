//! `gridsolve queens`: one solution, every solution, counts, and completion of partial
//! boards for the N-Queens puzzle.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use queens::{Counts, FundamentalSolutions, PartialBoard, Solutions};
use serde::Serialize;

use crate::input::Input;
use crate::report::{self, Format, Outcome};

/// The largest board `queens solve` builds: the answer alone is n numbers.
const MAX_SOLVE_N: usize = 100_000_000;

/// Counts with n at least this large show a progress bar (when stderr is a terminal).
const PROGRESS_FROM_N: usize = 16;

/// The default `--limit` of `queens complete --count`.
const DEFAULT_COMPLETION_LIMIT: u64 = 1_000_000;

/// `all`, and `complete` with at least this many rows to fill, print a note that the
/// search can take minutes. Measured for the first solution (`queens all N --limit 1`,
/// release build): under 0.05 s up to n = 29, then 0.5 s (30), 0.1 s (31), 0.7 s (32),
/// 1.2 s (33), 16 s (34), 1.4 s (35) and more than a minute for n = 36 and 40.
const SLOW_SEARCH_FROM_N: usize = 30;

/// `count` prints an estimate of its running time from this n on (about 2 minutes of
/// CPU time for n = 18).
const SLOW_COUNT_FROM_N: usize = 18;

/// Measured: `queens count 16 --jobs 1` takes about 2 s, and n = 17 about 16 s.
const COUNT_16_SECONDS: f64 = 2.0;
const COUNT_GROWTH_PER_N: f64 = 8.0;

/// Place N queens on an N x N board so that no two attack each other.
#[derive(Debug, Args)]
#[command(after_long_help = "\
Solutions are column lists: text prints the 1-based column of the queen in each row, \
from the top row down, as chess problem books do (`2 4 1 3` for n = 4); JSON prints \
{\"columns\": [1, 3, 0, 2]} with 0-based columns; --board draws Q and . squares. \
n = 2 and n = 3 have no solution (exit 1).

Running time: `solve` is instant for any n. `all` and `complete` search by backtracking: \
the first solution in lexicographic order takes under 2 s up to n = 33 but 16 s for \
n = 34 and more than a minute for n = 36 and 40, irregularly in n, so from n = 30 (for \
`complete`, 30 rows to fill) they print a note on standard error first. `count` takes \
about 2 s for n = 16 on one core and about 8 times longer for each further n; from \
n = 18 it prints its estimate on standard error first. Notes do not stop the work.

Examples:
  gridsolve queens solve 8 --board
  gridsolve queens all 8 --fundamental
  gridsolve queens all 14 --limit 10 --format json
  gridsolve queens count 16 --jobs 2
  gridsolve queens complete partial.txt --count")]
pub struct QueensArgs {
    #[command(subcommand)]
    command: QueensCommand,
}

#[derive(Debug, Subcommand)]
enum QueensCommand {
    /// One solution for any N in O(N), by the construction of Hoffman, Loessi and Moore
    /// (1969), checked by an O(N) verifier before it is printed (N up to 100,000,000).
    Solve {
        /// The board size.
        n: usize,
        /// Draw the board with `Q` and `.` instead of listing columns.
        #[arg(long)]
        board: bool,
    },
    /// Every solution, streamed in lexicographic order of the column list (N up to 64;
    /// from N = 30 a note warns that the first solution can take minutes).
    All {
        /// The board size.
        n: usize,
        /// Stop after K solutions (at least 1).
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// List only the fundamental solutions: one per class under rotation and reflection,
        /// the lexicographically smallest member of each class.
        #[arg(long)]
        fundamental: bool,
        /// Draw each solution with `Q` and `.`, a blank line between boards.
        #[arg(long)]
        board: bool,
        /// Search with J threads; the output is identical, in the same order.
        #[arg(long, short = 'j', value_name = "J", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
        jobs: u16,
    },
    /// The number of solutions and of fundamental solutions (N up to 32), using the
    /// symmetries of the square; text `n = 8: 92 solutions, 12 fundamental`, JSON
    /// `{"n": 8, "count": 92, "fundamental": 12}`. From N = 18 a note estimates the time
    /// (n = 16 takes about 2 s on one core, each further n about 8 times longer).
    Count {
        /// The board size.
        n: usize,
        /// Threads to use (default: all cores). The answer does not depend on it.
        #[arg(long, short = 'j', value_name = "J", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
    },
    /// Complete a partial board: keep the queens already placed and fill the other rows.
    ///
    /// The input (FILE, or standard input when FILE is omitted or `-`) is either a board,
    /// N lines of N squares (`Q` a queen, `.` empty, `x` a blocked square no queen may use;
    /// spaces between squares are allowed):
    ///
    ///     . Q . .
    ///     . . . .
    ///     . . . .
    ///     . . . .
    ///
    /// or one line of N entries, each the 1-based column of the queen in that row or `.`
    /// for a row to fill: `2 . . .`. Queens that already attack each other are bad input
    /// (exit 2); a board that cannot be completed exits 1. Rows and columns in messages
    /// count from 1.
    ///
    /// Completion is NP-complete and searched by backtracking: with 30 or more rows to
    /// fill it can take minutes (a note on standard error says so first; --limit caps
    /// the count, not the time). For an empty board, `gridsolve queens solve N` is instant.
    #[command(verbatim_doc_comment)]
    Complete {
        /// The partial board (omit or `-` for standard input).
        file: Option<PathBuf>,
        /// Count the completions instead of printing the first one.
        #[arg(long)]
        count: bool,
        /// With --count, stop counting at K (at least 1; default 1,000,000). Needs --count.
        #[arg(long, value_name = "K", requires = "count",
              value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Draw the completion with `Q` and `.` instead of listing columns.
        #[arg(long)]
        board: bool,
    },
}

#[derive(Serialize)]
struct SolutionJson<'a> {
    n: usize,
    columns: Option<&'a [usize]>,
}

#[derive(Serialize)]
struct ColumnsJson<'a> {
    columns: &'a [usize],
}

/// The answer of `queens count`: `n = 8: 92 solutions, 12 fundamental`.
#[derive(Serialize)]
struct CountJson {
    n: usize,
    count: u64,
    fundamental: u64,
}

impl report::Render for CountJson {
    fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "n = {}: {} solution{}, {} fundamental",
            self.n,
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.fundamental
        )
    }
}

#[derive(Serialize)]
struct CompletionCountJson {
    count: u64,
    truncated: bool,
}

/// Runs one `gridsolve queens` command.
pub fn run(args: QueensArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        QueensCommand::Solve { n, board } => solve(n, board, format, out),
        QueensCommand::All {
            n,
            limit,
            fundamental,
            board,
            jobs,
        } => all(n, limit, fundamental, board, usize::from(jobs), format, out),
        QueensCommand::Count { n, jobs } => {
            let counts = count(n, jobs.map(usize::from))?;
            write_count(n, counts, format, out)?;
            Ok(outcome(counts.total > 0))
        }
        QueensCommand::Complete {
            file,
            count,
            limit,
            board,
        } => complete(file, count, limit, board, format, out),
    }
}

fn outcome(found: bool) -> Outcome {
    if found {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    }
}

fn solve(n: usize, board: bool, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if n == 0 {
        bail!(queens::QueensError::Empty);
    }
    if n > MAX_SOLVE_N {
        bail!(
            "n = {n} is too large: `queens solve` builds boards up to n = {MAX_SOLVE_N} \
             (the answer alone would take {} MB of memory)",
            n / 125_000
        );
    }
    let columns = queens::construct(n);
    if let Some(columns) = &columns {
        // invariant: the construction is proven and tested; a failure here is a bug.
        anyhow::ensure!(
            queens::is_solution(columns),
            "internal error: the construction for n = {n} failed verification"
        );
    }
    match format {
        Format::Json => report::write_json_line(
            out,
            &SolutionJson {
                n,
                columns: columns.as_deref(),
            },
        )?,
        Format::Text => match &columns {
            Some(columns) if board => write_board(out, columns)?,
            Some(columns) => write_columns(out, columns)?,
            None => writeln!(out, "no solution for n = {n}")?,
        },
    }
    Ok(outcome(columns.is_some()))
}

#[allow(clippy::too_many_arguments)]
fn all(
    n: usize,
    limit: Option<u64>,
    fundamental: bool,
    board: bool,
    jobs: usize,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    // Refuse sizes the search cannot take before saying anything about its time.
    Solutions::new(n)?;
    if let Some(note) = search_note(n) {
        eprintln!("gridsolve: {note}");
    }
    let limit = limit.unwrap_or(u64::MAX);
    let mut written = 0u64;
    let mut line = Vec::new();
    let mut emit = |columns: &[usize]| -> anyhow::Result<bool> {
        if written >= limit {
            return Ok(false);
        }
        match format {
            Format::Json => report::write_json_line(out, &ColumnsJson { columns })?,
            Format::Text if board => {
                if written > 0 {
                    writeln!(out)?;
                }
                write_board(out, columns)?;
            }
            Format::Text => write_columns_with(out, &mut line, columns)?,
        }
        written += 1;
        Ok(written < limit)
    };
    if jobs > 1 {
        let solutions = queens::ParallelSolutions::with_pool(n, thread_pool(jobs)?)?;
        for columns in solutions {
            if fundamental && !queens::is_canonical(&columns) {
                continue;
            }
            if !emit(&columns)? {
                break;
            }
        }
    } else if fundamental {
        let mut solutions = FundamentalSolutions::new(n)?;
        while let Some(columns) = solutions.next_solution() {
            if !emit(columns)? {
                break;
            }
        }
    } else {
        let mut solutions = Solutions::new(n)?;
        while let Some(columns) = solutions.next_solution() {
            if !emit(columns)? {
                break;
            }
        }
    }
    // No output means no solution, said in the same words and shape as `queens solve`.
    if written == 0 {
        match format {
            Format::Json => report::write_json_line(out, &SolutionJson { n, columns: None })?,
            Format::Text => writeln!(out, "no solution for n = {n}")?,
        }
    }
    Ok(outcome(written > 0))
}

/// The note `all` prints before a search that can take minutes (n from
/// [`SLOW_SEARCH_FROM_N`] up to the search's limit), or `None`.
fn search_note(n: usize) -> Option<String> {
    (SLOW_SEARCH_FROM_N..=queens::MAX_ENUMERATE_N)
        .contains(&n)
        .then(|| {
            format!(
                "note: for n >= {SLOW_SEARCH_FROM_N} the first solution in lexicographic order \
                 can take minutes to find (the backtracking time grows irregularly with n); \
                 `gridsolve queens solve {n}` constructs one solution at once"
            )
        })
}

/// The note `complete` prints when `rows_to_fill` empty rows (of `n`) may take the
/// search minutes, or `None`; `empty` says the board has no queens and no blocked squares.
fn completion_note(n: usize, rows_to_fill: usize, empty: bool, count: bool) -> Option<String> {
    if rows_to_fill < SLOW_SEARCH_FROM_N {
        return None;
    }
    let task = if count {
        "counting completions"
    } else {
        "finding the first completion"
    };
    let mut note = format!(
        "note: with {rows_to_fill} rows to fill, {task} by backtracking can take minutes \
         (from about {SLOW_SEARCH_FROM_N} empty rows the time grows irregularly with n)"
    );
    if count {
        note.push_str("; --limit caps the count, not the time");
    } else if empty {
        note.push_str(&format!(
            "; `gridsolve queens solve {n}` constructs a solution of the empty board at once"
        ));
    }
    Some(note)
}

/// The note `count` prints before a count that takes more than about a minute on one
/// core (n from [`SLOW_COUNT_FROM_N`]), with an estimate for `threads` threads, or `None`.
fn count_note(n: usize, threads: usize) -> Option<String> {
    if !(SLOW_COUNT_FROM_N..=queens::MAX_COUNT_N).contains(&n) {
        return None;
    }
    let cpu_seconds = COUNT_16_SECONDS * COUNT_GROWTH_PER_N.powi((n - 16) as i32);
    let threads = threads.max(1);
    Some(format!(
        "note: counting n = {n} takes roughly {} with {} ({} of CPU time: n = 16 takes \
         about 2 seconds on one core, and each further n about 8 times longer); \
         --jobs J sets the number of threads",
        rough_duration(cpu_seconds / threads as f64),
        count_of(threads as u64, "thread"),
        rough_duration(cpu_seconds),
    ))
}

/// `1 thread`, `2 threads`.
fn count_of(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// A duration in the largest unit that keeps the number readable, to two significant
/// digits: `64 seconds`, `2.1 minutes`, `270 years`, `18 million years`.
fn rough_duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    let (value, unit, units) = if seconds < 90.0 {
        (seconds, "second", "seconds")
    } else if seconds < 90.0 * MINUTE {
        (seconds / MINUTE, "minute", "minutes")
    } else if seconds < 2.0 * DAY {
        (seconds / HOUR, "hour", "hours")
    } else if seconds < 2.0 * YEAR {
        (seconds / DAY, "day", "days")
    } else if seconds < 1e6 * YEAR {
        (seconds / YEAR, "year", "years")
    } else {
        (seconds / YEAR / 1e6, "million years", "million years")
    };
    let number = two_digits(value);
    format!("{number} {}", if number == "1" { unit } else { units })
}

/// `value` rounded to two significant digits (`272` is `270`, `2.13` is `2.1`, `2.0` is `2`).
fn two_digits(value: f64) -> String {
    if value >= 10.0 {
        let scale = 10f64.powi(value.log10().floor() as i32 - 1);
        format!("{}", ((value / scale).round() * scale) as u64)
    } else {
        let text = format!("{value:.1}");
        text.strip_suffix(".0").map_or(text.clone(), str::to_owned)
    }
}

fn thread_pool(jobs: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")
}

fn count(n: usize, jobs: Option<usize>) -> anyhow::Result<Counts> {
    // Refuse impossible sizes before starting threads.
    if n == 0 || n > queens::MAX_COUNT_N {
        return Ok(queens::count(n)?);
    }
    let pool = thread_pool(jobs.unwrap_or(0))?;
    if let Some(note) = count_note(n, pool.current_num_threads()) {
        eprintln!("gridsolve: {note}");
    }
    let bar = (n >= PROGRESS_FROM_N).then(|| report::progress_bar(0, "tasks"));
    let counts = pool.install(|| {
        queens::count_parallel_with_progress(n, |done, total| {
            if let Some(bar) = &bar {
                bar.set_length(total);
                bar.set_position(done);
            }
        })
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(counts)
}

fn write_count(
    n: usize,
    counts: Counts,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let answer = CountJson {
        n,
        count: counts.total,
        fundamental: counts.fundamental,
    };
    report::write_answer(out, format, &answer)?;
    Ok(())
}

fn complete(
    file: Option<PathBuf>,
    count: bool,
    limit: Option<u64>,
    board: bool,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (name, text) = Input::open(file.as_deref())?.read_to_string()?;
    let partial: PartialBoard = text
        .parse()
        .map_err(|err: queens::QueensError| anyhow::anyhow!(report::input_error(&name, &err)))?;
    let n = partial.n();
    let rows_to_fill = partial.rows_to_fill();
    let empty = rows_to_fill == n && !partial.has_blocked_squares();
    if let Some(note) = completion_note(n, rows_to_fill, empty, count) {
        eprintln!("gridsolve: {note}");
    }
    if count {
        let limit = limit.unwrap_or(DEFAULT_COMPLETION_LIMIT);
        let counted = partial.count_completions_up_to(limit);
        // invariant: the count stops at `limit`, a u64.
        let found = u64::try_from(counted.count).unwrap_or(limit);
        let truncated = !counted.exact;
        match format {
            Format::Json => report::write_json_line(
                out,
                &CompletionCountJson {
                    count: found,
                    truncated,
                },
            )?,
            Format::Text if truncated => writeln!(
                out,
                "at least {} (stopped at --limit {limit})",
                count_of(found, "completion")
            )?,
            Format::Text => writeln!(
                out,
                "{found} completion{}",
                if found == 1 { "" } else { "s" }
            )?,
        }
        return Ok(outcome(found > 0));
    }
    let completion = partial.complete();
    match format {
        Format::Json => report::write_json_line(
            out,
            &SolutionJson {
                n: partial.n(),
                columns: completion.as_deref(),
            },
        )?,
        Format::Text => match &completion {
            Some(columns) if board => write_board(out, columns)?,
            Some(columns) => write_columns(out, columns)?,
            None => writeln!(out, "no completion")?,
        },
    }
    Ok(outcome(completion.is_some()))
}

/// Writes the 1-based columns separated by spaces, one line.
fn write_columns(out: &mut dyn Write, columns: &[usize]) -> std::io::Result<()> {
    write_columns_with(out, &mut Vec::new(), columns)
}

/// [`write_columns`] reusing `line` as scratch space, for long listings.
fn write_columns_with(
    out: &mut dyn Write,
    line: &mut Vec<u8>,
    columns: &[usize],
) -> std::io::Result<()> {
    line.clear();
    for (i, &col) in columns.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        push_decimal(line, col + 1);
        // Hand long lines (huge boards) to the writer in pieces.
        if line.len() >= 1 << 16 {
            out.write_all(line)?;
            line.clear();
        }
    }
    line.push(b'\n');
    out.write_all(line)
}

fn push_decimal(buf: &mut Vec<u8>, mut value: usize) {
    // Board columns are almost always one or two digits.
    if value < 10 {
        buf.push(b'0' + value as u8);
        return;
    }
    if value < 100 {
        buf.extend_from_slice(&[b'0' + (value / 10) as u8, b'0' + (value % 10) as u8]);
        return;
    }
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (value % 10) as u8;
        len += 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    buf.extend(digits[..len].iter().rev());
}

/// Draws the board: `Q` for a queen, `.` for an empty square, separated by spaces.
fn write_board(out: &mut dyn Write, columns: &[usize]) -> std::io::Result<()> {
    let n = columns.len();
    if n == 0 {
        return Ok(());
    }
    let mut line = vec![b' '; 2 * n];
    line[2 * n - 1] = b'\n';
    for &col in columns {
        for square in 0..n {
            line[2 * square] = if square == col { b'Q' } else { b'.' };
        }
        out.write_all(&line)?;
    }
    Ok(())
}

/// The 8-queens classic: the first solution as a board, and the counts.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    let first = Solutions::new(8)?
        .next()
        .context("the eight queens puzzle has solutions")?;
    let counts = queens::count(8)?;
    match format {
        Format::Json => {
            report::write_json_line(
                out,
                &SolutionJson {
                    n: 8,
                    columns: Some(&first),
                },
            )?;
            report::write_json_line(
                out,
                &CountJson {
                    n: 8,
                    count: counts.total,
                    fundamental: counts.fundamental,
                },
            )?;
        }
        Format::Text => {
            writeln!(
                out,
                "Eight queens, the first solution in lexicographic order:"
            )?;
            write_board(out, &first)?;
            write_count(8, counts, format, out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_note_only_for_large_boards_the_search_accepts() {
        assert_eq!(search_note(29), None);
        assert_eq!(search_note(65), None);
        assert_eq!(
            search_note(36).as_deref(),
            Some(
                "note: for n >= 30 the first solution in lexicographic order can take minutes \
                 to find (the backtracking time grows irregularly with n); \
                 `gridsolve queens solve 36` constructs one solution at once"
            )
        );
        assert!(search_note(64).is_some());
    }

    #[test]
    fn completion_note_counts_rows_to_fill() {
        assert_eq!(completion_note(40, 29, false, false), None);
        assert_eq!(
            completion_note(40, 40, true, false).as_deref(),
            Some(
                "note: with 40 rows to fill, finding the first completion by backtracking can \
                 take minutes (from about 30 empty rows the time grows irregularly with n); \
                 `gridsolve queens solve 40` constructs a solution of the empty board at once"
            )
        );
        assert_eq!(
            completion_note(64, 60, false, true).as_deref(),
            Some(
                "note: with 60 rows to fill, counting completions by backtracking can take \
                 minutes (from about 30 empty rows the time grows irregularly with n); \
                 --limit caps the count, not the time"
            )
        );
        assert!(
            !completion_note(40, 35, false, false)
                .unwrap()
                .contains("solve")
        );
    }

    #[test]
    fn count_note_estimates_from_n_18() {
        assert_eq!(count_note(17, 1), None);
        assert_eq!(count_note(33, 1), None);
        assert_eq!(
            count_note(18, 1).as_deref(),
            Some(
                "note: counting n = 18 takes roughly 2.1 minutes with 1 thread (2.1 minutes of \
                 CPU time: n = 16 takes about 2 seconds on one core, and each further n about 8 \
                 times longer); --jobs J sets the number of threads"
            )
        );
        let note = count_note(27, 2).unwrap();
        assert!(
            note.starts_with("note: counting n = 27 takes roughly 270 years with 2 threads (540 years of CPU time"),
            "{note}"
        );
        assert!(
            count_note(32, 4)
                .unwrap()
                .contains("4.5 million years with 4 threads")
        );
    }

    #[test]
    fn rough_durations() {
        assert_eq!(rough_duration(1.0), "1 second");
        assert_eq!(rough_duration(64.0), "64 seconds");
        assert_eq!(rough_duration(128.0), "2.1 minutes");
        assert_eq!(rough_duration(60.0 * 60.0), "60 minutes");
        assert_eq!(rough_duration(2.0 * 3600.0), "2 hours");
        assert_eq!(rough_duration(3.0 * 86400.0), "3 days");
        assert_eq!(rough_duration(272.0 * 365.25 * 86400.0), "270 years");
        assert_eq!(rough_duration(1.0e6 * 365.25 * 86400.0), "1 million years");
    }
}
