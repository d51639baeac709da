//! The batch verbs (solve, count, check): reading records, the `answer` step, and the
//! batch through [`crate::batch`].

use grid_core::text::count_of;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::time::Instant;

use anyhow::Context;
use grid_core::text::{LineError, LineReader};
use grid_core::{Positioned, TextPosition};
use sudoku::{
    Alphabet, Analysis, BoxShape, Layout as RecordLayout, Record, RecordError, RecordSplitter,
    Sudoku,
};

use super::args::InputArgs;
use super::render::{Analysed, PuzzleAnswer, Show, Solution, Status};
use crate::batch::{self, Rendered};
use crate::input::Input;
use crate::report::{self, Format, Outcome};

/// The question asked of every puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The solution, checked for uniqueness.
    Solve,
    /// The first solution found.
    First,
    /// The number of solutions up to a limit.
    Count(u64),
    /// Whether there is exactly one solution.
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
}

/// How solutions are laid out in text: as each input is written, or always one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
    /// Like the record: a block for a block, a line for a line.
    AsInput,
    /// Always one line.
    Line,
    /// Always a block.
    Block,
}

/// One unit of batch work: a record's text, a line that is not text, or a record
/// that is not in the form `--input-format` forced.
pub(super) enum Item {
    Text(Record),
    Unreadable(Unreadable),
    NotJson(NotJson),
}

/// A record read under `--input-format leetcode-json` that does not open a JSON board,
/// at its first character.
#[derive(Debug)]
pub(super) struct NotJson {
    line: usize,
    column: usize,
    found: char,
}

impl NotJson {
    /// `record` as a JSON board: `None` when it is one (it opens with `[`).
    fn check(record: &Record) -> Option<NotJson> {
        if record.is_json_board() {
            return None;
        }
        let line = grid_core::text::data_lines(&record.text).next()?;
        let lead = line.text.len() - line.text.trim_start().len();
        Some(NotJson {
            line: record.first_line + line.number - 1,
            column: grid_core::text::column_of(line.text, lead),
            found: line.text[lead..].chars().next()?,
        })
    }
}

impl Positioned for NotJson {
    fn text_position(&self) -> Option<TextPosition> {
        Some(TextPosition::at(self.line, self.column))
    }
}

impl fmt::Display for NotJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected a JSON board (--input-format leetcode-json) opening with `[`, \
             as [[\"5\",\"3\",\".\",...],...], found {:?}",
            self.found
        )
    }
}

/// A line that is not UTF-8 text, with its position.
#[derive(Debug)]
pub(super) struct Unreadable {
    /// The line, and the 1-based byte column of its first byte that is not UTF-8.
    at: TextPosition,
}

impl Unreadable {
    /// The line that `err` could not read, when it is one that is not UTF-8 text.
    pub fn of(err: &LineError) -> Option<Unreadable> {
        match err {
            LineError::NotUtf8 { .. } => err.text_position().map(|at| Unreadable { at }),
            _ => None,
        }
    }
}

impl Positioned for Unreadable {
    fn text_position(&self) -> Option<TextPosition> {
        Some(self.at)
    }
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the line is not valid UTF-8 text")
    }
}

/// Reads items (records and unreadable lines) in input order: the batch's
/// [`batch::Reader`], also used by `bench`.
pub(super) struct Records {
    /// The input's name for messages (a path, or `<stdin>`).
    name: String,
    lines: crate::input::Lines,
    splitter: RecordSplitter,
    /// The records completed by the last line (kept to reuse its allocation).
    done_records: Vec<Record>,
    done: bool,
    bytes: u64,
    /// The first line that is neither blank nor a `#` comment, and how many such
    /// lines there are: what the input held when it holds no puzzle.
    first_text: Option<(usize, String)>,
    text_lines: u64,
    /// Every record must be a JSON board (`--input-format leetcode-json`).
    json: bool,
}

impl Records {
    /// The message for an input in which no puzzle was found: what was expected, and
    /// what the input held instead (its first line of text, skipped as a title).
    pub fn no_puzzle_message(&self) -> String {
        let expected = "expected a puzzle of 81 cells on one line (digits 1-9, `.` or `0` \
                        for a blank) or a grid of 9 rows of 9";
        let Some((line, text)) = &self.first_text else {
            return format!(
                "{}: no puzzle found: the input is empty (blank or `#` comment lines only); {expected}",
                self.name
            );
        };
        let shown: String = text.trim().chars().take(40).collect();
        let cut = if text.trim().chars().count() > 40 {
            "..."
        } else {
            ""
        };
        let more = match self.text_lines - 1 {
            0 => String::new(),
            1 => " (as was 1 more line)".to_owned(),
            n => format!(" (as were {n} more lines)"),
        };
        format!(
            "{}:{line}: no puzzle found: `{shown}{cut}` reads as a title and was skipped{more}; {expected}",
            self.name
        )
    }

    pub fn new(input: Input, shape: Option<BoxShape>, layout: RecordLayout) -> Records {
        Records {
            name: input.name.clone(),
            lines: input.lines(),
            splitter: RecordSplitter::with_layout(shape, layout),
            done_records: Vec::new(),
            done: false,
            bytes: 0,
            first_text: None,
            text_lines: 0,
            json: layout == RecordLayout::Json,
        }
    }
}

impl batch::Reader for Records {
    type Record = Item;

    fn read(&mut self, max: usize, items: &mut Vec<Item>) -> anyhow::Result<()> {
        let start = items.len();
        while items.len() - start < max && !self.done {
            let Some(line) = self.lines.next_line() else {
                self.done = true;
                let json = self.json;
                items.extend(self.splitter.finish().map(|r| item(r, json)));
                break;
            };
            match line {
                Ok(line) => {
                    let text = line.text;
                    self.bytes += text.len() as u64 + 1;
                    if !grid_core::text::is_blank_or_comment(text) {
                        self.text_lines += 1;
                        if self.first_text.is_none() {
                            self.first_text = Some((line.number, text.to_owned()));
                        }
                    }
                    let Ok(()) =
                        LineReader::push_line(&mut self.splitter, line, &mut self.done_records);
                    let json = self.json;
                    items.extend(self.done_records.drain(..).map(|r| item(r, json)));
                }
                Err(err) => {
                    let bad = Unreadable::of(&err)
                        .ok_or(err)
                        .with_context(|| format!("cannot read {}", self.name))?;
                    let json = self.json;
                    items.extend(self.splitter.finish().map(|r| item(r, json)));
                    items.push(Item::Unreadable(bad));
                }
            }
        }
        Ok(())
    }

    fn position(&self) -> u64 {
        self.bytes
    }
}

/// The work item of `record`: the record, or (when every record must be a JSON board,
/// `json`) the reason it is not one.
fn item(record: Record, json: bool) -> Item {
    match json.then(|| NotJson::check(&record)).flatten() {
        Some(not_json) => Item::NotJson(not_json),
        None => Item::Text(record),
    }
}

/// What a batch adds up for its summary.
#[derive(Debug, Default)]
pub(super) struct Tally {
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    multiple: u64,
    invalid: u64,
    /// JSON boards checked as LeetCode 36 boards.
    valid: u64,
    not_valid: u64,
}

impl batch::Tally for Tally {
    fn add(&mut self, other: &Tally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.multiple += other.multiple;
        self.invalid += other.invalid;
        self.valid += other.valid;
        self.not_valid += other.not_valid;
    }
}

/// Everything a worker needs to answer a record and render the answer.
pub(super) struct Puzzles<'a> {
    pub source: &'a str,
    pub shape: Option<BoxShape>,
    /// The alphabet of `--symbols`; detected per record when `None`.
    pub symbols: Option<Alphabet>,
    pub mode: Mode,
    pub layout: Layout,
    pub format: Format,
}

impl Puzzles<'_> {
    /// How the text of an answer shows, for a record written as a block or not.
    fn show(&self, block: bool) -> Show {
        match self.mode {
            Mode::Count(_) => Show::Count,
            Mode::Check => Show::Check,
            Mode::Solve | Mode::First => Show::Solution {
                block: match self.layout {
                    Layout::AsInput => block,
                    Layout::Line => false,
                    Layout::Block => true,
                },
            },
        }
    }

    /// The answer step: parses and analyses one record. The second value is the
    /// message for standard error, for a record that is not a valid puzzle.
    pub fn answer(&self, item: &Item) -> (PuzzleAnswer, Option<String>) {
        let record = match item {
            Item::Text(record) => record,
            Item::Unreadable(bad) => {
                return PuzzleAnswer::rejected(self.source, bad.at.line, bad, self.show(false));
            }
            Item::NotJson(bad) => {
                return PuzzleAnswer::rejected(self.source, bad.line, bad, self.show(false));
            }
        };
        let show = self.show(record.text.contains('\n'));
        if self.mode == Mode::Check && record.is_json_board() {
            return self.check_board(record, show);
        }
        let (parsed, alphabet, note) = self.parse(record);
        match parsed {
            Ok(puzzle) => {
                let givens = puzzle.givens();
                let analysis = puzzle.analyse(self.mode.limit());
                let note = note.or_else(|| self.given_solution_note(record, &analysis, &alphabet));
                let answer = PuzzleAnswer {
                    line: record.first_line,
                    status: status(self.mode, givens, analysis, alphabet),
                    show,
                };
                (answer, note)
            }
            // As before the template: a bad record is a paragraph of its own only when
            // every answer is drawn as a block.
            Err(e) => {
                let (answer, message) =
                    PuzzleAnswer::rejected(self.source, record.first_line, &e, self.show(false));
                (answer, message.map(|m| self.pencil_mark_hint(record, m)))
            }
        }
    }

    /// `message`, followed by a pointer to `sudoku hint` when the record that is no
    /// puzzle reads as a grid of candidates (pencil marks), which solve and count do
    /// not take.
    fn pencil_mark_hint(&self, record: &Record, message: String) -> String {
        if sudoku::logic::Candidates::parse(&record.text).is_ok() {
            format!(
                "{message}; this reads as a grid of candidates (pencil marks), which \
                 `sudoku hint`, `explain` and `grade` take"
            )
        } else {
            message
        }
    }

    /// Parses a record in the alphabet of `--symbols`, or the one it is written in.
    /// Returns the puzzle, its alphabet when not the standard one, and a note for
    /// standard error when the alphabet was a choice between two readings.
    fn parse(
        &self,
        record: &Record,
    ) -> (
        Result<Sudoku, RecordError>,
        Option<Alphabet>,
        Option<String>,
    ) {
        if let Some(symbols) = &self.symbols {
            let alphabet = (!symbols.is_standard()).then(|| symbols.clone());
            return (symbols.parse_record(record, self.shape), alphabet, None);
        }
        let Some(detected) = Alphabet::detect(&record.text) else {
            return (record.parse(self.shape), None, None);
        };
        let parsed = detected.alphabet.parse_record(record, self.shape);
        let note = (detected.had_choice && parsed.is_ok()).then(|| {
            format!(
                "{}:{}: symbols read as {} (the standard {} would read them too); give --symbols to choose",
                self.source,
                record.first_line,
                detected.alphabet,
                Alphabet::standard(detected.alphabet.len())
            )
        });
        (parsed, Some(detected.alphabet), note)
    }

    /// A note when the record gives a solution (CSV `puzzle,solution`) that is not the
    /// one found: the first cell where they differ. Only for a unique solution found
    /// by solve or check, and records in the standard alphabet.
    fn given_solution_note(
        &self,
        record: &Record,
        analysis: &Analysis,
        alphabet: &Option<Alphabet>,
    ) -> Option<String> {
        let ours = analysis.first.as_ref()?;
        if analysis.count.count != 1
            || alphabet.is_some()
            || record.text.len() <= ours.cells().len()
        {
            return None;
        }
        let given = record.given_solution()?;
        let n = ours.size();
        let line = ours.to_string();
        let (i, (g, o)) = given
            .chars()
            .zip(line.chars())
            .enumerate()
            .find(|(_, (g, o))| !g.eq_ignore_ascii_case(o))?;
        Some(format!(
            "{}:{}: the given solution differs from ours at {} (given {g}, ours {o})",
            self.source,
            record.first_line,
            sudoku::CellName(grid_core::Coord::new(i / n, i % n)),
        ))
    }

    /// `check` of a JSON board, with LeetCode 36's meaning: valid when the givens do
    /// not clash, whether or not the board has a solution.
    fn check_board(&self, record: &Record, show: Show) -> (PuzzleAnswer, Option<String>) {
        let status = match self.parse(record).0 {
            Ok(puzzle) => Status::Valid {
                givens: puzzle.givens(),
            },
            Err(e) => match &e.error {
                sudoku::Error::Clash(clash) => Status::NotValid {
                    error: clash.to_string(),
                },
                _ => return PuzzleAnswer::rejected(self.source, record.first_line, &e, show),
            },
        };
        let answer = PuzzleAnswer {
            line: record.first_line,
            status,
            show,
        };
        (answer, None)
    }

    /// The outcome of an answer for the exit status.
    fn outcome(&self, status: &Status) -> Outcome {
        match status {
            Status::Solved(_) | Status::Unique(_) | Status::Valid { .. } => Outcome::Answered,
            Status::NotValid { .. } => Outcome::NoSolution,
            Status::Multiple(_) if matches!(self.mode, Mode::Count(_)) => Outcome::Answered,
            Status::Multiple(_) | Status::NoSolution(_) => Outcome::NoSolution,
            Status::Invalid { .. } => Outcome::BadInput,
        }
    }
}

/// The verdict of an analysis under `mode`; the solution is kept only where the verb
/// shows it (solve), as `Some(None)` when there is no (unique) solution.
fn status(mode: Mode, givens: usize, analysis: Analysis, alphabet: Option<Alphabet>) -> Status {
    let count = analysis.count.count;
    let shows_solution = matches!(mode, Mode::Solve | Mode::First);
    let solved = count == 1 || (mode == Mode::First && count > 0);
    let analysed = Analysed {
        solution: shows_solution.then(|| {
            analysis
                .first
                .filter(|_| solved)
                .map(|grid| Solution { grid, alphabet })
        }),
        count: analysis.count,
        givens,
        guesses: analysis.stats.guesses,
    };
    match (mode, count) {
        (_, 0) => Status::NoSolution(analysed),
        (Mode::Check, 1) => Status::Unique(analysed),
        _ if solved => Status::Solved(analysed),
        _ => Status::Multiple(analysed),
    }
}

impl batch::Batch for Puzzles<'_> {
    type Record = Item;
    type Tally = Tally;

    fn answer(&self, item: &Item, into: &mut Rendered<Tally>) -> anyhow::Result<Outcome> {
        let (answer, message) = self.answer(item);
        into.push_answer(self.format, &answer, message)?;
        let tally = &mut into.tally;
        tally.puzzles += 1;
        match answer.status {
            Status::Solved(_) | Status::Unique(_) => tally.solved += 1,
            Status::Valid { .. } => tally.valid += 1,
            Status::NotValid { .. } => tally.not_valid += 1,
            Status::NoSolution(_) => tally.no_solution += 1,
            Status::Multiple(_) => tally.multiple += 1,
            Status::Invalid { .. } => tally.invalid += 1,
        }
        Ok(self.outcome(&answer.status))
    }
}

/// The input of `args` opened as a stream of records, with its name for messages and
/// a progress bar over its bytes (for a file; standard input has no known length).
pub(super) fn open_records(
    args: &InputArgs,
) -> anyhow::Result<(Records, String, indicatif::ProgressBar)> {
    let input = Input::open(args.file.as_deref())?;
    let source = input.name.clone();
    let size = args
        .file
        .as_deref()
        .filter(|p| p.as_os_str() != "-")
        .and_then(|p| std::fs::metadata(p).ok())
        .map_or(0, |m| m.len());
    let records = Records::new(
        input,
        args.box_shape,
        args.input_format
            .map_or(RecordLayout::default(), Into::into),
    );
    Ok((records, source, report::progress_bar(size, "bytes")))
}

/// Runs a batch verb over the input of `args`: every answer on standard output in
/// input order, bad records and a summary on standard error.
pub(super) fn batch(
    args: &InputArgs,
    mode: Mode,
    layout: Layout,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    anyhow::ensure!(
        args.input_format != Some(super::args::InputFormat::Candidates),
        "--input-format candidates (pencil marks) is read by `sudoku hint`, `explain` and `grade`; \
         solve, count and check read puzzles"
    );
    let (mut records, source, bar) = open_records(args)?;
    let started = Instant::now();
    let puzzles = Puzzles {
        source: &source,
        shape: args.box_shape,
        symbols: args.symbols.clone(),
        mode,
        layout,
        format,
    };
    let summary = batch::run(&mut records, &puzzles, args.jobs, &bar, out)?;
    bar.finish_and_clear();
    out.flush()?;
    let tally = summary.tally;
    if tally.puzzles == 0 {
        report::message(records.no_puzzle_message());
        return Ok(Outcome::BadInput);
    }
    report::message(format_args!(
        "{source}: {}",
        summary_line(&tally, mode, started)
    ));
    Ok(summary.outcome)
}

/// `10 puzzles: 5 solved, 1 no solution, 1 multiple, 3 invalid` (and the rate on a
/// terminal).
fn summary_line(tally: &Tally, mode: Mode, started: Instant) -> String {
    let solved = match mode {
        Mode::First => "solved (first solution, not checked for uniqueness)",
        Mode::Check => "unique",
        Mode::Solve | Mode::Count(_) => "solved",
    };
    let mut summary = format!(
        "{}: {} {solved}, {} no solution, {} multiple, {} invalid",
        count_of(tally.puzzles, "puzzle"),
        tally.solved,
        tally.no_solution,
        tally.multiple,
        tally.invalid
    );
    if tally.valid + tally.not_valid > 0 {
        summary.push_str(&format!(
            " ({} checked for clashing givens: {} valid, {} not valid)",
            count_of(tally.valid + tally.not_valid, "board"),
            tally.valid,
            tally.not_valid
        ));
    }
    if std::io::stderr().is_terminal() {
        let secs = started.elapsed().as_secs_f64();
        summary.push_str(&format!(
            ", {:.0} puzzles/s",
            tally.puzzles as f64 / secs.max(1e-9)
        ));
    }
    summary
}
