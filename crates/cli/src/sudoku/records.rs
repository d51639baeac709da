//! The input of the record verbs (solve, count, check, bench, hint, explain, grade): its
//! flags ([`InputArgs`]) and [`Records`], the [`batch::Reader`] that cuts it into puzzle
//! records with [`sudoku::RecordSplitter`] (each record carrying the form the splitter
//! found), lines that are not text kept in input order as bad records of their own.

use std::fmt;

use clap::{Args, ValueEnum};
use grid_core::text::{LineError, LineReader, count_of};
use grid_core::{Positioned, TextPosition};
use indicatif::ProgressBar;
use std::path::PathBuf;
use sudoku::{Alphabet, BoxShape, Layout, Record, RecordSplitter};

use crate::args::JobsArg;
use crate::batch;
use crate::input::Input;
use crate::report::{self, Invalid};

/// What every verb that reads puzzle records reads.
#[derive(Debug, Args)]
pub(super) struct InputArgs {
    /// Puzzle file (standard input when omitted or `-`).
    pub file: Option<PathBuf>,
    /// Box shape RxC (rows x columns of one box), for example 2x3; when omitted, the
    /// one a block draws with its bars and border lines, else the usual one of its size.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<BoxShape>,
    /// Symbols of the values: 1-9, 1-9A-G, 0-F (hexadoku: 0 is a value, . the blank),
    /// A-P, A-Y, or the symbols in order (123456789ABCDEFG); detected when omitted.
    #[arg(long, value_name = "ALPHABET")]
    pub symbols: Option<Alphabet>,
    /// The input format, when detection would guess wrong; detected per record when
    /// omitted.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<InputFormat>,
    /// Answer only the records on these input lines: `--line N` (the record that
    /// line N belongs to: the line an answer's `line` names, or any line of a block),
    /// `--lines A-B` (every record with a line from A to B), `--lines A-` (from line A
    /// on). Lines count from 1, blank and comment lines included, as an editor shows
    /// them.
    #[arg(long, visible_alias = "line", value_name = "N|A-B", value_parser = LineRange::parse)]
    pub lines: Option<LineRange>,
    // With 1, reading, solving and writing all run on the calling thread, one after
    // the other. With J >= 2, J - 1 worker threads parse, solve and format a chunk of
    // records while the calling thread writes the answers of the previous chunk and
    // reads the next one, then helps with the chunk: J threads in all.
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// `--input-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum InputFormat {
    /// One puzzle per line; what follows the cells is a comment.
    Line,
    /// CSV `puzzle,solution` rows (as line; a header is skipped).
    Csv,
    /// Puzzles of n rows, never one-line puzzles.
    Block,
    /// Framed boards (as block).
    Framed,
    /// LeetCode 36/37 JSON boards.
    LeetcodeJson,
    /// Pencil marks (`hint` and `explain` only): 729 characters, nine per
    /// cell, or a grid of nine rows of candidate lists (`123 4 56 ...`, framed or not).
    Candidates,
}

impl From<InputFormat> for Layout {
    fn from(f: InputFormat) -> Layout {
        match f {
            InputFormat::Line | InputFormat::Csv => Layout::Line,
            InputFormat::Candidates => Layout::Candidates,
            InputFormat::Block | InputFormat::Framed => Layout::Block,
            InputFormat::LeetcodeJson => Layout::Json,
        }
    }
}

/// The input lines whose records are answered (`--lines`): 1-based, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LineRange {
    /// The first line.
    pub first: usize,
    /// The last line; `None` for the end of the input.
    pub last: Option<usize>,
}

impl LineRange {
    /// `N`, `A-B` or `A-`, lines counted from 1.
    ///
    /// # Errors
    ///
    /// Anything else, a line 0, or a range that ends before it starts, in words.
    pub fn parse(text: &str) -> Result<LineRange, String> {
        let number = |part: &str| -> Result<usize, String> {
            crate::args::whole_number::<usize>(1, u64::MAX)(part.trim()).map_err(|e| {
                format!("{e} (a line number N, or a range A-B or A- of line numbers from 1)")
            })
        };
        let range = match text.split_once('-') {
            None => {
                let n = number(text)?;
                LineRange {
                    first: n,
                    last: Some(n),
                }
            }
            Some((a, "")) => LineRange {
                first: number(a)?,
                last: None,
            },
            Some((a, b)) => LineRange {
                first: number(a)?,
                last: Some(number(b)?),
            },
        };
        if let Some(last) = range.last
            && last < range.first
        {
            return Err(format!(
                "the range {text} ends before it starts: give A-B with A <= B"
            ));
        }
        Ok(range)
    }

    /// Whether the lines `first..=last` meet the range.
    fn meets(self, first: usize, last: usize) -> bool {
        last >= self.first && self.last.is_none_or(|end| first <= end)
    }
}

impl fmt::Display for LineRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last {
            Some(last) if last == self.first => write!(f, "--line {last}"),
            Some(last) => write!(f, "--lines {}-{last}", self.first),
            None => write!(f, "--lines {}-", self.first),
        }
    }
}

/// One unit of batch work: a record's text, or a line that is not text.
#[derive(Debug)]
pub(super) enum Item {
    /// A record, in the form its splitter found.
    Text(Record),
    /// A line that is not UTF-8 text.
    Unreadable(Unreadable),
}

/// A line that is not UTF-8 text, with its position (the line and the 1-based byte
/// column of its first byte that is not UTF-8).
#[derive(Debug)]
pub(super) struct Unreadable {
    at: TextPosition,
}

impl Unreadable {
    /// The line that `err` could not read, when it is one that is not UTF-8 text (an
    /// I/O error ends the input instead).
    fn of(err: &LineError) -> Option<Unreadable> {
        match err {
            LineError::NotUtf8 { .. } => err.text_position().map(|at| Unreadable { at }),
            _ => None,
        }
    }
}

/// The most lines in a row that are not UTF-8 text a batch reports one by one: past
/// them the input is taken for binary data ([`NotText`]) and reading stops, so that a
/// wrong file costs a few lines of errors, not one per line.
const MAX_UNREADABLE_RUN: usize = 16;

/// Too many lines in a row that are not UTF-8 text: the input is no text.
#[derive(Debug)]
struct NotText {
    at: TextPosition,
    /// How many lines in a row, this one included.
    run: usize,
}

impl Positioned for NotText {
    fn text_position(&self) -> Option<TextPosition> {
        Some(self.at)
    }
}

impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} lines in a row are not UTF-8 text: the input is not text, and reading stops",
            self.run
        )
    }
}

/// The most text (in bytes, line endings counted) a batch reads without finding a
/// record: past it the input is taken for no puzzle file ([`NoPuzzleIn`]) and reading
/// stops, so that a pipe of blank lines or of prose does not run for ever. A puzzle
/// file's titles, comments and headers between two puzzles are far shorter.
const MAX_GAP_BYTES: u64 = sudoku::MAX_LINE_BYTES as u64;

/// [`MAX_GAP_BYTES`] of text without a record.
#[derive(Debug)]
struct NoPuzzleIn {
    /// The first line after the last record.
    from: usize,
    /// The line where the gap passed the limit.
    to: usize,
}

impl Positioned for NoPuzzleIn {
    fn text_position(&self) -> Option<TextPosition> {
        Some(TextPosition::line(self.from))
    }
}

impl fmt::Display for NoPuzzleIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no puzzle in {} MiB of text (lines {} to {}): the input holds no puzzles here, and reading stops",
            MAX_GAP_BYTES >> 20,
            self.from,
            self.to
        )
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

/// An input that holds no puzzle: what it held instead (its first line of text, read
/// as a title), or nothing at all.
#[derive(Debug)]
struct NoPuzzle {
    /// The first line of text, its number, and how many more lines of text there were.
    first_text: Option<(usize, String, u64)>,
}

impl Positioned for NoPuzzle {
    fn text_position(&self) -> Option<TextPosition> {
        self.first_text
            .as_ref()
            .map(|(line, ..)| TextPosition::line(*line))
    }
}

impl fmt::Display for NoPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = "expected a puzzle of 81 cells on one line (digits 1-9, `.` or `0` \
                        for a blank) or a grid of 9 rows of 9";
        let Some((_, text, more)) = &self.first_text else {
            return write!(
                f,
                "no puzzle found: the input is empty (blank or `#` comment lines only); {expected}"
            );
        };
        // An XML document (an OpenSudoku pack without games): its tags were read.
        if text.trim_start().starts_with('<') {
            return write!(
                f,
                "no puzzle found: the XML holds no OpenSudoku game (`<game data=\"...\"/>` \
                 inside `<opensudoku>`)"
            );
        }
        let more = match more {
            0 => String::new(),
            1 => " (as was 1 more line)".to_owned(),
            n => format!(" (as were {n} more lines)"),
        };
        write!(
            f,
            "no puzzle found: {} reads as a title and was skipped{more}; {expected}",
            grid_core::text::quote(text.trim())
        )
    }
}

/// Reads items (records and unreadable lines) in input order: the batch's
/// [`batch::Reader`], also read whole by `bench`.
pub(super) struct Records {
    /// The input's name for messages (a path, or `<stdin>`).
    pub name: String,
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
    /// Only the records on these lines (`--lines`), and how many lines were read.
    lines_wanted: Option<LineRange>,
    lines_read: usize,
    /// Lines in a row, up to the last read, that were not UTF-8 text.
    unreadable_run: usize,
    /// Bytes read since the last record, and the line after it.
    gap: u64,
    gap_from: usize,
    /// An error that ends the input, held back while the records read before it are
    /// answered: the next read returns it.
    pending: Option<Invalid>,
}

impl Records {
    /// The records of `input` cut for puzzles of `shape` (detected when `None`), in
    /// `layout`.
    pub fn new(input: Input, shape: Option<BoxShape>, layout: Layout) -> Records {
        Records {
            name: input.name.clone(),
            lines: input.lines(sudoku::MAX_LINE_BYTES),
            splitter: RecordSplitter::with_layout(shape, layout),
            done_records: Vec::new(),
            done: false,
            bytes: 0,
            first_text: None,
            text_lines: 0,
            lines_wanted: None,
            lines_read: 0,
            unreadable_run: 0,
            gap: 0,
            gap_from: 1,
            pending: None,
        }
    }

    /// `self` answering only the records on `lines` (all when `None`).
    pub fn on_lines(mut self, lines: Option<LineRange>) -> Records {
        self.lines_wanted = lines;
        self
    }

    /// The input of `args` opened as a stream of records, and a progress bar over its
    /// bytes (for a file; standard input has no known length).
    pub fn open(args: &InputArgs) -> anyhow::Result<(Records, ProgressBar)> {
        let input = Input::open(args.file.as_deref())?;
        let size = args
            .file
            .as_deref()
            .filter(|p| p.as_os_str() != "-")
            .and_then(|p| std::fs::metadata(p).ok())
            .map_or(0, |m| m.len());
        let layout = args.input_format.map_or(Layout::default(), Into::into);
        let records = Records::new(input, args.box_shape, layout).on_lines(args.lines);
        Ok((records, report::input_progress_bar(size)))
    }

    /// The bad input of an input in which no puzzle was found: what was expected, and
    /// what the input held instead (its first line of text, skipped as a title).
    pub fn no_puzzle(&self) -> Invalid {
        if let Some(range) = self.lines_wanted
            && self.text_lines > 0
        {
            let lines = count_of(self.lines_read as u64, "line");
            return Invalid::whole(
                &self.name,
                format!("{range}: no puzzle there (the input has {lines})"),
            );
        }
        let first_text = self
            .first_text
            .clone()
            .map(|(line, text)| (line, text, self.text_lines.saturating_sub(1)));
        Invalid::new(&self.name, &NoPuzzle { first_text })
    }
}

impl batch::Reader for Records {
    type Record = Item;

    /// With `--lines`, only the records that meet the range are kept; the rest of the
    /// input is read (to the end: a record is cut only when a later line completes it)
    /// but not answered.
    fn read(&mut self, max: usize, items: &mut Vec<Item>) -> anyhow::Result<()> {
        if let Some(invalid) = self.pending.take() {
            return Err(invalid.into());
        }
        let start = items.len();
        loop {
            self.read_lines(max, items)?;
            let Some(range) = self.lines_wanted else {
                return Ok(());
            };
            let mut kept = start;
            for i in start..items.len() {
                let (first, last) = match &items[i] {
                    Item::Text(record) => (
                        record.first_line,
                        record.first_line + record.text.matches('\n').count(),
                    ),
                    Item::Unreadable(bad) => (bad.at.line, bad.at.line),
                };
                if range.meets(first, last) {
                    items.swap(kept, i);
                    kept += 1;
                }
            }
            items.truncate(kept);
            if kept > start || self.done {
                return Ok(());
            }
        }
    }

    fn position(&self) -> u64 {
        self.bytes
    }

    fn bad_start_limit(&self) -> Option<usize> {
        Some(MAX_BAD_START)
    }

    fn not_puzzles(&self, bad: usize) -> anyhow::Error {
        let stop = NotPuzzles { bad };
        Invalid::new(&self.name, &stop).into()
    }
}

/// How many bad records in a row at the start of a batch, with no good one, make the
/// input no puzzle file ([`NotPuzzles`]): reading stops, so that an endless stream of
/// lines that are no puzzle (`yes 1 | gridsolve sudoku solve`) costs a few error lines,
/// not one per line for ever. Once a record is good, every later record is answered,
/// bad or not.
const MAX_BAD_START: usize = 8;

/// The first [`MAX_BAD_START`] or more records are all bad.
#[derive(Debug)]
struct NotPuzzles {
    /// How many bad records were answered.
    bad: usize,
}

impl Positioned for NotPuzzles {
    fn text_position(&self) -> Option<TextPosition> {
        None
    }
}

impl fmt::Display for NotPuzzles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "none of the first {} records is a puzzle: the input is no puzzle file, and reading stops",
            self.bad
        )
    }
}

impl Records {
    /// Ends the input with `invalid`: at once, or, when this read has `items` for the
    /// batch to answer first, at the next read.
    fn stop(&mut self, invalid: Invalid, items: bool) -> anyhow::Result<()> {
        self.done = true;
        if items {
            self.pending = Some(invalid);
            Ok(())
        } else {
            Err(invalid.into())
        }
    }

    /// Reads lines until `max` more items (records and unreadable lines) are in
    /// `items` or the input ends.
    fn read_lines(&mut self, max: usize, items: &mut Vec<Item>) -> anyhow::Result<()> {
        let start = items.len();
        while items.len() - start < max && !self.done {
            let Some(line) = self.lines.next_line() else {
                self.done = true;
                items.extend(self.splitter.finish().into_iter().map(Item::Text));
                break;
            };
            match line {
                Ok(line) => {
                    self.unreadable_run = 0;
                    self.lines_read = line.number;
                    let text = line.text;
                    self.bytes += text.len() as u64 + 1;
                    if !grid_core::text::is_blank_or_comment(text) {
                        self.text_lines += 1;
                        if self.first_text.is_none() {
                            self.first_text = Some((line.number, text.to_owned()));
                        }
                    }
                    let number = line.number;
                    self.gap += text.len() as u64 + 1;
                    let Ok(()) =
                        LineReader::push_line(&mut self.splitter, line, &mut self.done_records);
                    if !self.done_records.is_empty() {
                        self.gap = 0;
                        self.gap_from = number + 1;
                    } else if self.gap > MAX_GAP_BYTES {
                        let gap = NoPuzzleIn {
                            from: self.gap_from,
                            to: number,
                        };
                        let invalid = Invalid::new(&self.name, &gap);
                        return self.stop(invalid, items.len() > start);
                    }
                    items.extend(self.done_records.drain(..).map(Item::Text));
                }
                Err(err) => {
                    let Some(bad) = Unreadable::of(&err) else {
                        let invalid = Invalid::new(&self.name, &err);
                        return self.stop(invalid, items.len() > start);
                    };
                    self.unreadable_run += 1;
                    if self.unreadable_run > MAX_UNREADABLE_RUN {
                        let not_text = NotText {
                            at: bad.at,
                            run: self.unreadable_run,
                        };
                        let invalid = Invalid::new(&self.name, &not_text);
                        return self.stop(invalid, items.len() > start);
                    }
                    items.extend(self.splitter.finish().into_iter().map(Item::Text));
                    items.push(Item::Unreadable(bad));
                }
            }
        }
        Ok(())
    }
}

/// What a rated list writes beside a puzzle (`sudoku::Record::id`,
/// `sudoku::Record::given_rating`): JSON keys `id` and `given_rating`, absent when the
/// input has none (flattened into an answer after its `puzzle`).
#[derive(Debug, Default, serde::Serialize)]
pub(super) struct Given {
    /// The puzzle's id as written: a Sudoku Exchange hash, an OpenSudoku or CSV id.
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// The rating written with the puzzle, as written (`1.2`, `7.1/1.2/1.2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    given_rating: Option<String>,
}

impl Given {
    /// The rating as written with the puzzle, if any.
    pub(super) fn rating(&self) -> Option<&str> {
        self.given_rating.as_deref()
    }

    /// The id and rating `record` was given with.
    pub(super) fn of(record: &Record) -> Given {
        Given {
            id: record.id.clone(),
            given_rating: record.given_rating.clone(),
        }
    }
}
