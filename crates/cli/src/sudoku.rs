//! `gridsolve sudoku solve|count|check|bench|generate`.
//!
//! Batches stream: records (one line, or one block of rows) are read in chunks of at
//! most [`CHUNK`] records and answered in input order, so memory stays bounded whatever
//! the size of the file. With `--jobs 1` everything runs on the calling thread. With
//! `--jobs J`, a rayon pool of J - 1 threads parses, solves and renders (as the text to
//! write) chunk N while the calling thread writes the answers of chunk N-1 and reads
//! chunk N+1, then answers groups of chunk N beside them: J threads, none idle and none
//! waiting for a core.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;

use ::sudoku::{
    Analysis, BoxShape, Error, GenerateOptions, Record, RecordSplitter, Sudoku, Symmetry,
};

use crate::input::Input;
use crate::report::{self, Format, Outcome};

/// Records handled per parallel chunk: large enough to keep every core busy, small
/// enough that memory does not grow with the input.
const CHUNK: usize = 4096;

/// Records answered and rendered together by one pool task: enough to make the calling
/// thread's share (one write per group) negligible, few enough to balance the load.
const GROUP: usize = 16;

const INPUT_HELP: &str = "\
Input: FILE, or standard input when FILE is omitted or `-`. One puzzle per line, or one
puzzle per block of rows. Blank lines, `#` comment lines and border lines are skipped.

  One line (81 cells row-major; `.`, `0` or `_` for a blank; anything after whitespace,
  `,`, `;` or `:` is a comment):
    ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..

  Block (9 rows; spaces, `|`, `-` and `+` separators allowed):
    . . 3 | . 2 . | 6 . .
    9 . . | 3 . 5 | . . 1
    ------+-------+------
    ...

  Other sizes (4x4, 6x6 with 2x3 boxes, 12x12, 16x16, 25x25, ...): a line of n*n
  symbols `1`-`9` then `A`-`Z`, a line of n*n whitespace-separated numbers, or n rows.
  The box shape is detected (the most square one, boxes wider than tall) or given with
  `--box RxC`.";

const EXIT_HELP: &str = "\
Exit status: 0 when every puzzle was answered (solved, or counted), 1 when a valid
puzzle has no solution (or, for solve and check, not exactly one), 2 for bad input
(malformed text or clashing givens; the batch goes on and reports each bad record
with file:line:column).";

/// Solve, count, check, benchmark and generate Sudoku puzzles of any box shape.
#[derive(Debug, Args)]
#[command(after_long_help = INPUT_HELP)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Debug, Subcommand)]
enum SudokuCommand {
    /// Solve every puzzle; checks that the solution is unique unless --first.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExample:\n  gridsolve sudoku solve puzzles.txt --jobs 2 --output json"))]
    Solve(SolveArgs),
    /// Count the solutions of every puzzle, up to --limit.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExample:\n  gridsolve sudoku count --limit 1000 multi_solution.txt"))]
    Count(CountArgs),
    /// Tell whether every puzzle is proper (exactly one solution), without printing it.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExample:\n  gridsolve sudoku check puzzles.txt --format json"))]
    Check(CheckArgs),
    /// Time the solver on a file, single-threaded, uniqueness checked: puzzles/s,
    /// µs/puzzle, % solved without guessing, guesses per puzzle.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExample:\n  gridsolve sudoku bench top1465.txt"))]
    Bench(BenchArgs),
    /// Generate puzzles with a unique solution, minimal by default, reproducibly from --seed.
    #[command(
        after_long_help = "A puzzle of a box shape other than the usual one for its size (--box 3x2 \
                           rather than 2x3 for 6 x 6) must be read back with the same --box: \
                           neither output form records the shape.\n\n\
                           Example:\n  gridsolve sudoku generate --count 3 --seed 7 --symmetry central\n  \
                           gridsolve sudoku generate --box 2x3 --seed 1 --output block"
    )]
    Generate(GenerateArgs),
}

#[derive(Debug, Args)]
struct InputArgs {
    /// Puzzle file (standard input when omitted or `-`).
    file: Option<PathBuf>,
    /// Box shape RxC (rows x columns of one box), for example 2x3; detected when omitted.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<BoxShape>,
    /// Threads (default: all cores); 1 runs everything on the calling thread.
    ///
    /// With 1, reading, solving and writing all run on the calling thread, one after
    /// the other. With J >= 2, J - 1 worker threads parse, solve and format a chunk of
    /// records while the calling thread writes the answers of the previous chunk and
    /// reads the next one, then helps with the chunk: J threads in all.
    #[arg(long, short = 'j', value_name = "J")]
    jobs: Option<usize>,
}

/// How solutions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OutputForm {
    /// One line of n*n symbols.
    Line,
    /// n rows with box separators.
    Block,
    /// JSON Lines (as --format json).
    Json,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop at the first solution: skip the uniqueness check.
    #[arg(long)]
    first: bool,
    /// Output form (default: the form of each input).
    #[arg(long, value_enum)]
    output: Option<OutputForm>,
}

#[derive(Debug, Args)]
struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting at K solutions (the empty 9x9 grid has about 6.7e21).
    #[arg(long, value_name = "K", default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Puzzle file (standard input when omitted or `-`).
    file: Option<PathBuf>,
    /// Box shape RxC; detected when omitted.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<BoxShape>,
}

/// Symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    /// None.
    None,
    /// 180-degree rotation.
    Central,
    /// Reflection in the main diagonal.
    Diagonal,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// Number of puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    count: u64,
    /// Seed of the random generator (ChaCha8): the same seed gives the same puzzles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Box shape RxC (default 3x3, the classic 9x9).
    #[arg(long = "box", value_name = "RxC", conflicts_with = "size")]
    box_shape: Option<BoxShape>,
    /// Grid size n, with its usual box shape (4, 6, 9, 12, 16, 25, ...).
    #[arg(long)]
    size: Option<usize>,
    /// Symmetry of the givens.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// Stop removing givens at this many (default: remove while the solution stays
    /// unique, giving a minimal puzzle).
    #[arg(long, value_name = "K")]
    givens: Option<usize>,
    /// Threads (default: all cores); 1 generates on the calling thread.
    ///
    /// With 1, puzzles are generated and written on the calling thread. With J >= 2,
    /// J worker threads generate a chunk of puzzles, then the calling thread writes
    /// them in order.
    #[arg(long, short = 'j', value_name = "J")]
    jobs: Option<usize>,
    /// Output form (`--format json` gives JSON lines whatever this says).
    #[arg(long, value_enum, default_value_t = OutputForm::Line)]
    output: OutputForm,
}

/// Runs `gridsolve sudoku ...`.
pub fn run(args: SudokuArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        SudokuCommand::Solve(a) => {
            let mode = if a.first { Mode::First } else { Mode::Solve };
            if format == Format::Json
                && let Some(o @ (OutputForm::Line | OutputForm::Block)) = a.output
            {
                anyhow::bail!(
                    "--output {} asks for text, but --format json asks for JSON lines: give one",
                    if o == OutputForm::Line {
                        "line"
                    } else {
                        "block"
                    }
                );
            }
            batch(&a.input, mode, output_form(a.output, format), out)
        }
        SudokuCommand::Count(a) => batch(
            &a.input,
            Mode::Count(a.limit),
            output_form(None, format),
            out,
        ),
        SudokuCommand::Check(a) => batch(&a.input, Mode::Check, output_form(None, format), out),
        SudokuCommand::Bench(a) => bench(a, format, out),
        SudokuCommand::Generate(a) => generate(a, format, out),
    }
}

fn output_form(output: Option<OutputForm>, format: Format) -> Option<OutputForm> {
    match (output, format) {
        (_, Format::Json) => Some(OutputForm::Json),
        (o, Format::Text) => o,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Solve,
    First,
    Count(u64),
    Check,
}

impl Mode {
    fn limit(self) -> u64 {
        match self {
            Mode::Solve | Mode::Check => 2,
            Mode::First => 1,
            Mode::Count(k) => k,
        }
    }

    /// Whether answers can be grids (solve), so that in the block form each answer is
    /// a paragraph ended by a blank line; counts and checks are one line each.
    fn answers_with_grids(self) -> bool {
        matches!(self, Mode::Solve | Mode::First)
    }
}

/// One unit of batch work: a record's text, or a line that could not be read.
enum Item {
    Text(Record),
    Unreadable {
        line: usize,
        column: usize,
        message: String,
    },
}

/// What became of one record.
enum Answer {
    Invalid {
        line: usize,
        column: Option<usize>,
        message: String,
    },
    Analysed {
        line: usize,
        block: bool,
        givens: usize,
        analysis: Analysis,
    },
}

fn answer(item: &Item, shape: Option<BoxShape>, limit: u64) -> Answer {
    let record = match item {
        Item::Unreadable {
            line,
            column,
            message,
        } => {
            return Answer::Invalid {
                line: *line,
                column: Some(*column),
                message: message.clone(),
            };
        }
        Item::Text(record) => record,
    };
    match Sudoku::parse(&record.text, shape) {
        Ok(puzzle) => Answer::Analysed {
            line: record.first_line,
            block: record.text.contains('\n'),
            givens: puzzle.givens(),
            analysis: puzzle.analyse(limit),
        },
        Err(e) => {
            let (line, column, message) = where_and_why(record.first_line, e);
            Answer::Invalid {
                line,
                column,
                message,
            }
        }
    }
}

/// For a record starting on line `first_line` that did not parse: the line (and column,
/// for malformed text) the error points at in the whole input, and its message.
fn where_and_why(first_line: usize, e: Error) -> (usize, Option<usize>, String) {
    match e {
        Error::Parse(e) => (first_line + e.line - 1, Some(e.column), e.kind.to_string()),
        e => (first_line, None, e.to_string()),
    }
}

/// The first chunk's size: small, so that the pool starts solving soon; each chunk
/// then doubles up to [`CHUNK`].
const FIRST_CHUNK: usize = 256;

/// Reads items (records and unreadable lines) in input order, `chunk` at a time.
struct ItemReader {
    /// The input's name for messages (a path, or `<stdin>`).
    name: String,
    /// Records to read for the next chunk: [`FIRST_CHUNK`], doubling up to [`CHUNK`].
    chunk: usize,
    lines: crate::input::Lines,
    splitter: RecordSplitter,
    /// The records completed by the last line (kept to reuse its allocation).
    done_records: Vec<Record>,
    done: bool,
    bytes: u64,
}

impl ItemReader {
    fn next_chunk(&mut self) -> anyhow::Result<Vec<Item>> {
        let size = self.chunk;
        self.chunk = (size * 2).min(CHUNK);
        let mut items = Vec::with_capacity(size + 1);
        while items.len() < size && !self.done {
            match self.lines.next_line() {
                None => {
                    self.done = true;
                    items.extend(self.splitter.finish().map(Item::Text));
                }
                Some(line) => {
                    let line = line.with_context(|| format!("cannot read {}", self.name))?;
                    match line.text {
                        Ok(text) => {
                            self.bytes += text.len() as u64 + 1;
                            self.splitter
                                .push_line_into(line.number, text, &mut self.done_records);
                            items.extend(self.done_records.drain(..).map(Item::Text));
                        }
                        Err(bad) => {
                            items.extend(self.splitter.finish().map(Item::Text));
                            items.push(Item::Unreadable {
                                line: line.number,
                                column: bad.column,
                                message: bad.to_string(),
                            });
                        }
                    }
                }
            }
        }
        Ok(items)
    }
}

/// The threads for `--jobs J` (all cores by default), or `None` for one thread: the
/// calling thread does all the work (as when the default, all cores, is one core).
/// With `caller_works`, the pool has J - 1 threads, because the calling thread works
/// alongside them (see [`batch`]): J threads in all, none waiting for a core.
fn thread_pool(
    jobs: Option<usize>,
    caller_works: bool,
) -> anyhow::Result<Option<rayon::ThreadPool>> {
    let threads = match jobs {
        Some(0) => anyhow::bail!("--jobs must be at least 1"),
        Some(j) => j,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let pool_threads = if caller_works { threads - 1 } else { threads };
    if threads == 1 || pool_threads == 0 {
        return Ok(None);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(pool_threads)
        .build()
        .context("cannot start the worker threads")?;
    Ok(Some(pool))
}

#[derive(Default)]
struct Tally {
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    multiple: u64,
    invalid: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.multiple += other.multiple;
        self.invalid += other.invalid;
    }
}

/// What a batch needs to answer a record and render the answer.
struct Job<'a> {
    source: &'a str,
    shape: Option<BoxShape>,
    mode: Mode,
    form: Option<OutputForm>,
}

/// The answers to a run of records, rendered: the bytes for standard output, the
/// messages for standard error (each a whole line), what they count for, and the worst
/// outcome. The calling thread only writes and adds them up, in input order.
#[derive(Default)]
struct Rendered {
    out: Vec<u8>,
    err: String,
    tally: Tally,
    outcome: Outcome,
}

impl Job<'_> {
    /// Parses, solves and renders `items` in order.
    fn render(&self, items: &[Item]) -> anyhow::Result<Rendered> {
        let mut r = Rendered::default();
        for item in items {
            let a = answer(item, self.shape, self.mode.limit());
            let o = render_answer(&mut r, self.source, &a, self.mode, self.form)?;
            r.outcome = r.outcome.worst(o);
        }
        Ok(r)
    }
}

/// Writes rendered answers in order, adding up their tallies and outcomes.
fn emit(
    out: &mut dyn Write,
    rendered: &[Rendered],
    tally: &mut Tally,
    outcome: &mut Outcome,
) -> anyhow::Result<()> {
    for r in rendered {
        if !r.err.is_empty() {
            eprint!("{}", r.err);
        }
        out.write_all(&r.out)?;
        tally.add(&r.tally);
        *outcome = outcome.worst(r.outcome);
    }
    Ok(())
}

#[derive(Serialize)]
struct JsonAnswer<'a> {
    line: usize,
    status: &'a str,
    solution: Option<String>,
    error: Option<&'a str>,
    column: Option<usize>,
    /// Solutions found (up to the limit of the search); null for invalid input.
    count: Option<u64>,
    /// Whether `count` is exact (the search ended below its limit).
    exact: Option<bool>,
    givens: Option<usize>,
    guesses: Option<u64>,
}

fn batch(
    args: &InputArgs,
    mode: Mode,
    form: Option<OutputForm>,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let input = Input::open(args.file.as_deref())?;
    let source = input.name.clone();
    let size = args
        .file
        .as_deref()
        .filter(|p| p.as_os_str() != "-")
        .and_then(|p| std::fs::metadata(p).ok())
        .map_or(0, |m| m.len());
    let bar = report::progress_bar(size, "bytes");
    let pool = thread_pool(args.jobs, true)?;
    let mut reader = ItemReader {
        name: source.clone(),
        chunk: FIRST_CHUNK,
        lines: input.lines(),
        splitter: RecordSplitter::new(args.box_shape),
        done_records: Vec::new(),
        done: false,
        bytes: 0,
    };
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut outcome = Outcome::Answered;
    let job = Job {
        source: &source,
        shape: args.box_shape,
        mode,
        form,
    };
    let mut items = reader.next_chunk()?;
    match pool {
        None => {
            while !items.is_empty() {
                let rendered = job.render(&items)?;
                emit(out, &[rendered], &mut tally, &mut outcome)?;
                bar.set_position(reader.bytes);
                items = reader.next_chunk()?;
            }
        }
        Some(pool) => {
            // The pool starts on one chunk while this thread writes the previous
            // chunk's answers and reads the next chunk; then this thread answers groups
            // of the chunk too. Groups go to whichever thread asks next (a shared
            // counter), and each answer has its own slot, so the order is kept.
            let mut previous: Vec<Rendered> = Vec::new();
            while !items.is_empty() {
                let groups: Vec<&[Item]> = items.chunks(GROUP).collect();
                let slots: Vec<OnceLock<anyhow::Result<Rendered>>> =
                    groups.iter().map(|_| OnceLock::new()).collect();
                let claimed = AtomicUsize::new(0);
                let answer_groups = || {
                    loop {
                        let g = claimed.fetch_add(1, Ordering::Relaxed);
                        let (Some(group), Some(slot)) = (groups.get(g), slots.get(g)) else {
                            break;
                        };
                        // Each index is claimed once, so the slot is empty.
                        let _ = slot.set(job.render(group));
                    }
                };
                let (written, next) = pool.in_place_scope(|scope| {
                    for _ in 0..pool.current_num_threads() {
                        scope.spawn(|_| answer_groups());
                    }
                    let written = emit(out, &previous, &mut tally, &mut outcome);
                    bar.set_position(reader.bytes);
                    let next = match written {
                        Ok(()) => reader.next_chunk(),
                        Err(_) => Ok(Vec::new()),
                    };
                    answer_groups();
                    (written, next)
                });
                written?;
                previous = slots
                    .into_iter()
                    .map(|slot| {
                        // invariant: the scope ends only after every claimed group
                        // is answered, and the counter passes every index.
                        slot.into_inner()
                            .expect("every group is answered before the scope ends")
                    })
                    .collect::<anyhow::Result<Vec<Rendered>>>()?;
                items = next?;
            }
            emit(out, &previous, &mut tally, &mut outcome)?;
            bar.set_position(reader.bytes);
        }
    }
    bar.finish_and_clear();
    out.flush()?;
    if tally.puzzles == 0 {
        report::report_bad_record(&source, "no puzzle found in the input");
        return Ok(Outcome::BadInput);
    }
    let mut summary = format!(
        "{} puzzle{}: {} solved, {} no solution, {} multiple, {} invalid",
        tally.puzzles,
        if tally.puzzles == 1 { "" } else { "s" },
        tally.solved,
        tally.no_solution,
        tally.multiple,
        tally.invalid
    );
    if mode == Mode::First {
        summary = summary.replace(
            " solved",
            " solved (first solution, not checked for uniqueness)",
        );
    }
    if mode == Mode::Check {
        // The word `check` prints for a puzzle with one solution.
        summary = summary.replace(" solved", " unique");
    }
    if std::io::stderr().is_terminal() {
        let secs = started.elapsed().as_secs_f64();
        summary.push_str(&format!(
            ", {:.0} puzzles/s",
            tally.puzzles as f64 / secs.max(1e-9)
        ));
    }
    eprintln!("gridsolve: {source}: {summary}");
    Ok(outcome)
}

/// Renders one answer into `r` (its standard output, its message, its tally) and
/// returns its outcome.
fn render_answer(
    r: &mut Rendered,
    source: &str,
    answer: &Answer,
    mode: Mode,
    form: Option<OutputForm>,
) -> anyhow::Result<Outcome> {
    let (out, tally) = (&mut r.out, &mut r.tally);
    tally.puzzles += 1;
    match answer {
        Answer::Invalid {
            line,
            column,
            message,
        } => {
            tally.invalid += 1;
            r.err.push_str(&report::bad_record_line(
                &report::location(source, *line, *column),
                message,
            ));
            if form == Some(OutputForm::Json) {
                report::write_json_line(
                    out,
                    &JsonAnswer {
                        line: *line,
                        status: "invalid",
                        solution: None,
                        error: Some(message),
                        column: *column,
                        count: None,
                        exact: None,
                        givens: None,
                        guesses: None,
                    },
                )?;
            } else {
                writeln!(out, "invalid")?;
                if form == Some(OutputForm::Block) && mode.answers_with_grids() {
                    writeln!(out)?;
                }
            }
            Ok(Outcome::BadInput)
        }
        Answer::Analysed {
            line,
            block,
            givens,
            analysis,
        } => {
            let count = u64::try_from(analysis.count.count).unwrap_or(u64::MAX);
            let (status, outcome) = match (mode, count) {
                (_, 0) => {
                    tally.no_solution += 1;
                    ("no_solution", Outcome::NoSolution)
                }
                (Mode::First, _) | (_, 1) => {
                    tally.solved += 1;
                    ("solved", Outcome::Answered)
                }
                (Mode::Count(_), _) => {
                    tally.multiple += 1;
                    ("multiple", Outcome::Answered)
                }
                _ => {
                    tally.multiple += 1;
                    ("multiple", Outcome::NoSolution)
                }
            };
            let solution = match (mode, count) {
                (Mode::Check, _) => None,
                (Mode::Count(_), _) => None,
                (_, 1) | (Mode::First, _) => analysis.first.as_ref(),
                _ => None,
            };
            let form = form.unwrap_or(if *block {
                OutputForm::Block
            } else {
                OutputForm::Line
            });
            match form {
                OutputForm::Json => report::write_json_line(
                    out,
                    &JsonAnswer {
                        line: *line,
                        status: if matches!(mode, Mode::Check) && status == "solved" {
                            "unique"
                        } else {
                            status
                        },
                        solution: solution.map(ToString::to_string),
                        error: None,
                        column: None,
                        count: Some(count),
                        exact: Some(analysis.count.exact),
                        givens: Some(*givens),
                        guesses: Some(analysis.stats.guesses),
                    },
                )?,
                OutputForm::Line | OutputForm::Block => {
                    let text = match (mode, solution) {
                        (Mode::Count(_), _) => {
                            if analysis.count.exact {
                                count.to_string()
                            } else {
                                format!("{count}+ (limit reached)")
                            }
                        }
                        (Mode::Check, _) => match status {
                            "solved" => "unique".to_owned(),
                            "no_solution" => "no solution".to_owned(),
                            _ => "multiple solutions".to_owned(),
                        },
                        (_, Some(s)) if form == OutputForm::Block => s.block().to_string(),
                        (_, Some(s)) => s.to_string(),
                        (_, None) if status == "no_solution" => "no solution".to_owned(),
                        (_, None) => "multiple solutions".to_owned(),
                    };
                    writeln!(out, "{}", text.trim_end())?;
                    if form == OutputForm::Block && mode.answers_with_grids() {
                        writeln!(out)?;
                    }
                }
            }
            Ok(outcome)
        }
    }
}

#[derive(Serialize)]
struct BenchReport {
    puzzles: usize,
    puzzles_per_second: f64,
    us_per_puzzle: f64,
    no_guess_percent: f64,
    guesses_per_puzzle: f64,
}

fn bench(args: BenchArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let input = Input::open(args.file.as_deref())?;
    let source = input.name.clone();
    let mut splitter = RecordSplitter::new(args.box_shape);
    let mut puzzles = Vec::new();
    let mut outcome = Outcome::Answered;
    let mut records = Vec::new();
    for line in input.lines() {
        let line = line.with_context(|| format!("cannot read {source}"))?;
        match line.text {
            Ok(text) => records.extend(splitter.push_line(line.number, &text)),
            Err(bad) => {
                report::report_bad_record(
                    &report::location(&source, line.number, Some(bad.column)),
                    bad,
                );
                outcome = Outcome::BadInput;
            }
        }
    }
    records.extend(splitter.finish());
    for record in records {
        match Sudoku::parse(&record.text, args.box_shape) {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(e) => {
                let (line, column, message) = where_and_why(record.first_line, e);
                report::report_bad_record(&report::location(&source, line, column), message);
                outcome = Outcome::BadInput;
            }
        }
    }
    anyhow::ensure!(!puzzles.is_empty(), "{source}: no puzzle to time");
    let started = Instant::now();
    let mut guesses = 0u64;
    let mut no_guess = 0usize;
    for p in &puzzles {
        let a = p.analyse(2);
        guesses += a.stats.guesses;
        no_guess += usize::from(a.stats.guesses == 0);
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let n = puzzles.len() as f64;
    let r = BenchReport {
        puzzles: puzzles.len(),
        puzzles_per_second: n / secs,
        us_per_puzzle: secs * 1e6 / n,
        no_guess_percent: 100.0 * no_guess as f64 / n,
        guesses_per_puzzle: guesses as f64 / n,
    };
    match format {
        Format::Json => report::write_json_line(out, &r)?,
        Format::Text => {
            writeln!(
                out,
                "{:>10} {:>12} {:>11} {:>11} {:>15}",
                "puzzles", "puzzles/s", "µs/puzzle", "no guess %", "guesses/puzzle"
            )?;
            writeln!(
                out,
                "{:>10} {:>12.0} {:>11.2} {:>11.1} {:>15.2}",
                r.puzzles,
                r.puzzles_per_second,
                r.us_per_puzzle,
                r.no_guess_percent,
                r.guesses_per_puzzle
            )?;
        }
    }
    Ok(outcome)
}

#[derive(Serialize)]
struct JsonPuzzle {
    index: u64,
    seed: u64,
    puzzle: String,
    givens: usize,
    solution: Option<String>,
}

fn generate(args: GenerateArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let shape = match (args.box_shape, args.size) {
        (Some(s), _) => s,
        (None, Some(n)) if !(4..=::sudoku::MAX_SIZE).contains(&n) => {
            anyhow::bail!(
                "--size {n}: sizes 4 to {} are supported",
                ::sudoku::MAX_SIZE
            )
        }
        (None, Some(n)) => BoxShape::for_size(n).with_context(|| {
            format!("--size {n}: {n} is prime, so a {n} x {n} grid has no r x c boxes (r, c >= 2)")
        })?,
        (None, None) => BoxShape::CLASSIC,
    };
    let options = GenerateOptions {
        shape,
        symmetry: match args.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Central => Symmetry::Central,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        },
        target_givens: args.givens,
    };
    let form = output_form(Some(args.output), format).unwrap_or(OutputForm::Line);
    let pool = thread_pool(args.jobs, false)?;
    // Puzzles that kept more givens than asked for (the target is a wish: givens are
    // removed only while the solution stays unique), and the fewest of those.
    let (mut above_target, mut fewest_above) = (0u64, usize::MAX);
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + CHUNK as u64);
        let one = |i| ::sudoku::generate(&options, args.seed, i);
        let puzzles: Vec<Sudoku> = match &pool {
            None => (start..end).map(one).collect(),
            Some(pool) => pool.install(|| (start..end).into_par_iter().map(one).collect()),
        };
        for (i, p) in (start..end).zip(&puzzles) {
            if args.givens.is_some_and(|k| p.givens() > k) {
                above_target += 1;
                fewest_above = fewest_above.min(p.givens());
            }
            match form {
                OutputForm::Json => report::write_json_line(
                    out,
                    &JsonPuzzle {
                        index: i,
                        seed: args.seed,
                        puzzle: p.to_string(),
                        givens: p.givens(),
                        solution: p.solution().map(|s| s.to_string()),
                    },
                )?,
                OutputForm::Line => writeln!(out, "{p}")?,
                OutputForm::Block => writeln!(out, "{}", p.block())?,
            }
        }
        start = end;
    }
    if let Some(k) = args.givens
        && above_target > 0
    {
        eprintln!(
            "gridsolve: {above_target} of {} puzzle{} could not be brought down to {k} givens \
             with a unique solution (the fewest kept: {fewest_above})",
            args.count,
            if args.count == 1 { "" } else { "s" },
        );
    }
    Ok(Outcome::Answered)
}

/// The classic statement's example: Norvig's `grid1`, solved.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle: Sudoku = GRID1.parse()?;
    let analysis = puzzle.analyse(2);
    let guesses = analysis.stats.guesses;
    let solution = analysis.first.context("Norvig's grid1 has a solution")?;
    match format {
        Format::Json => report::write_json_line(
            out,
            &JsonAnswer {
                line: 1,
                status: "solved",
                solution: Some(solution.to_string()),
                error: None,
                column: None,
                count: Some(u64::try_from(analysis.count.count).unwrap_or(u64::MAX)),
                exact: Some(analysis.count.exact),
                givens: Some(puzzle.givens()),
                guesses: Some(guesses),
            },
        )?,
        Format::Text => {
            writeln!(out, "Puzzle (Norvig's grid1, {} givens):", puzzle.givens())?;
            write!(out, "{}", puzzle.block())?;
            writeln!(
                out,
                "\nSolution (unique: {} found with a limit of 2; {guesses} guesses):",
                analysis.count
            )?;
            write!(out, "{}", solution.block())?;
        }
    }
    Ok(())
}
