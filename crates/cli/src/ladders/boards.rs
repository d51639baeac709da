//! The boards of a ladders input: one board per file, or a batch of JSON boards one
//! after another (JSON Lines, or JSON values separated by whitespace), each answered
//! through the shared batch runner ([`crate::batch`]) in input order.
//!
//! [`split`] decides, once, whether the text is a batch: it is when it starts with a
//! well-formed JSON value (`[` or `{`, not a brace matrix) followed by another value.
//! Anything else (one value, a text jump list, whitespace rows, a first value that is
//! malformed) is one board, read exactly as before. In a batch, a malformed value is
//! one bad board, from its start to the next line that starts (in its first column)
//! with `[` or `{`, where reading goes on; without such a line it is the last board.

use std::collections::BTreeMap;
use std::fmt::{self, Display};
use std::io::{self, Write};
use std::ops::Range;

use grid_core::{Positioned, TextPosition};
use ladders::BoardFormat;
use serde::Serialize;
use serde_json::value::RawValue;

use super::{BoardArgs, Game, Loading};
use crate::args::JobsArg;
use crate::batch::{self, Pace, Rendered};
use crate::input::Input;
use crate::interrupt;
use crate::report::{self, Answer, Format, Invalid, Outcome, Picture};

/// One board of an input: where its text is, where that text starts, and the line of
/// the JSON value it came from (for a batch's answers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Piece {
    /// The board's text in the input (the whole input for one board; the value of
    /// `"board"` for an object `{"board": [[...]]}`).
    pub range: Range<usize>,
    /// Where `range` starts in the input (1-based line and column in characters).
    pub origin: TextPosition,
    /// The 1-based line of the JSON value the board came from.
    pub line: usize,
}

/// What an input holds: one board, or a batch of them.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Boards {
    /// One board (the whole text, or the value of an object `{"board": ...}`).
    One(Piece),
    /// Two or more JSON boards, in input order.
    Batch(Vec<Piece>),
}

/// The boards of `text`, read in the form `forced` (or detected): see the module docs.
pub(super) fn split(text: &str, forced: Option<BoardFormat>) -> Boards {
    let whole = || {
        Boards::One(Piece {
            range: 0..text.len(),
            origin: TextPosition::at(1, 1),
            line: 1,
        })
    };
    if forced == Some(BoardFormat::JumpsText) {
        return whole();
    }
    let body = text.len() - grid_core::text::strip_bom(text).len();
    let Some(first) = next_value(text, body) else {
        return whole();
    };
    if !opens_value(text, first) || grid_core::text::opens_brace_matrix(&text[first..]) {
        return whole();
    }
    let mut values: Vec<Range<usize>> = Vec::new();
    let mut at = first;
    loop {
        let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<&RawValue>();
        // Where text that is no board starts, when it does here.
        let bad = match stream.next() {
            Some(Ok(_)) => {
                let end = at + stream.byte_offset();
                values.push(at..end);
                match next_value(text, end) {
                    None => break,
                    Some(next) if opens_value(text, next) => {
                        at = next;
                        continue;
                    }
                    // Text after the value that opens no other: one board with that
                    // error, as ever, unless boards came before.
                    Some(_) if values.len() < 2 => return whole(),
                    Some(next) => next,
                }
            }
            // The first value malformed: one board, with the reader's error.
            Some(Err(_)) if values.is_empty() => return whole(),
            Some(Err(_)) => at,
            None => break,
        };
        // One bad board, up to the next line that opens a value (or the end).
        match resume(text, bad) {
            Some(resumed) => {
                values.push(bad..resumed);
                at = resumed;
            }
            None => {
                values.push(bad..text.len());
                break;
            }
        }
    }
    let mut places = Places::new(text);
    let mut piece = |value: Range<usize>| {
        let line = places.at(value.start).line;
        let range = unwrap_board(text, &value).unwrap_or(value);
        let origin = places.at(range.start);
        Piece {
            range: trimmed(text, range),
            origin,
            line,
        }
    };
    match <[_; 1]>::try_from(values) {
        // One value: a board as ever, or the board of `{"board": ...}` alone.
        Ok([value]) => match unwrap_board(text, &value) {
            Some(_) => Boards::One(piece(value)),
            None => whole(),
        },
        Err(values) => Boards::Batch(values.into_iter().map(piece).collect()),
    }
}

/// `range` without the whitespace at its end (a malformed board runs up to the next
/// line that opens a value).
fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let kept = text[range.clone()].trim_end().len();
    range.start..range.start + kept
}

/// The first byte at or after `from` that is not JSON whitespace, if any.
fn next_value(text: &str, from: usize) -> Option<usize> {
    text[from..]
        .find(|c: char| !matches!(c, ' ' | '\t' | '\n' | '\r'))
        .map(|i| from + i)
}

/// Whether a JSON array or object starts at `at`.
fn opens_value(text: &str, at: usize) -> bool {
    matches!(text.as_bytes().get(at), Some(b'[' | b'{'))
}

/// Where reading goes on after a malformed value starting at `from`: the start of the
/// next line that opens a value in its first column.
fn resume(text: &str, from: usize) -> Option<usize> {
    text[from..]
        .match_indices('\n')
        .map(|(i, _)| from + i + 1)
        .find(|&start| opens_value(text, start))
}

/// The value of `"board"` in an object `{"board": [[...]], ...}` (LeetCode's name for
/// the matrix; other keys but a jump list's are ignored), as a range of `text`.
fn unwrap_board(text: &str, value: &Range<usize>) -> Option<Range<usize>> {
    let json = &text[value.clone()];
    if !json.starts_with('{') {
        return None;
    }
    let object: BTreeMap<String, &RawValue> = serde_json::from_str(json).ok()?;
    if object.contains_key("squares") || object.contains_key("jumps") {
        return None;
    }
    let board = object.get("board")?.get();
    let start = (board.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (start + board.len() <= text.len()).then(|| start..start + board.len())
}

/// Lines and columns of byte offsets of a text, asked in increasing order.
struct Places<'a> {
    text: &'a str,
    /// The last offset asked, its line, and the offset its line starts at.
    offset: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Places<'a> {
    fn new(text: &'a str) -> Places<'a> {
        let bom = text.len() - grid_core::text::strip_bom(text).len();
        Places {
            text,
            offset: bom,
            line: 1,
            line_start: bom,
        }
    }

    /// The place of `offset` (not before the last one asked).
    fn at(&mut self, offset: usize) -> TextPosition {
        let from = self.offset.min(offset);
        for (i, _) in self.text[from..offset].match_indices('\n') {
            self.line += 1;
            self.line_start = from + i + 1;
        }
        self.offset = offset;
        let column = self.text[self.line_start..offset].chars().count() + 1;
        TextPosition::at(self.line, column)
    }
}

/// A board's error, placed for a batch: an error with no place in the text (a cell of
/// the matrix, a board that is not square, a setting that does not fit the board)
/// points at the board's first character, and a cell is named in the message.
pub(super) struct AtBoard<'a, E: ?Sized> {
    pub err: &'a E,
    pub origin: TextPosition,
}

impl<E: Positioned + ?Sized> Positioned for AtBoard<'_, E> {
    fn text_position(&self) -> Option<TextPosition> {
        self.err.text_position().or(Some(self.origin))
    }

    fn cell(&self) -> Option<grid_core::Coord> {
        self.err.cell()
    }
}

impl<E: Positioned + Display + ?Sized> Display for AtBoard<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.err.text_position(), self.err.cell()) {
            (None, Some(cell)) => write!(
                f,
                "row {}, column {}: {}",
                cell.row + 1,
                cell.col + 1,
                self.err
            ),
            _ => write!(f, "{}", self.err),
        }
    }
}

/// A message with no place of its own, as an error for [`AtBoard`].
pub(super) struct Whole<D>(pub D);

impl<D> Positioned for Whole<D> {}

impl<D: Display> Display for Whole<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The answer to one board of a batch: the line its JSON value starts on, with the
/// verb's answer. Text: `Board at line L:`, the answer, a blank line (as `sudoku
/// explain` writes each puzzle of a file). JSON: `"line"` first, then the verb's keys.
#[derive(Debug, Serialize)]
pub(super) struct OnLine<A> {
    line: usize,
    #[serde(flatten)]
    answer: A,
}

impl<A: Answer> Answer for OnLine<A> {
    /// `line`, then the verb's columns (with those of a bad board).
    fn csv_columns() -> Vec<&'static str> {
        let mut columns = vec!["line"];
        columns.extend(A::csv_columns().into_iter().filter(|&c| c != "line"));
        columns
    }

    fn outcome(&self) -> Outcome {
        self.answer.outcome()
    }

    fn status(&self) -> Option<&'static str> {
        self.answer.status()
    }

    fn picture(&self) -> Option<&Picture> {
        self.answer.picture()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "Board at line {}:", self.line)?;
        self.answer.write_text(out)?;
        writeln!(out)
    }
}

/// Reads the boards of `input` and answers each with `answer` (one board: as ever,
/// its notes on standard error and its answer, or its error returned; a batch: every
/// board in input order through [`batch::run`], a bad one reported and the batch going
/// on, and the worst outcome returned). `watched`: Ctrl-C is watched from before the
/// input is read (for verbs that stop their long work on it).
///
/// # Errors
///
/// The input cannot be read, or (one board) the board's [`Invalid`]; a write error.
pub(super) fn run<A: Answer>(
    input: &BoardArgs,
    loading: Loading,
    watched: bool,
    format: Format,
    out: &mut dyn Write,
    answer: impl Fn(&Game) -> anyhow::Result<A> + Sync,
) -> anyhow::Result<Outcome> {
    let watch = watched.then(interrupt::watch);
    let (name, text) =
        Input::open(input.file.as_deref())?.read_to_string(ladders::MAX_TEXT_BYTES)?;
    let pieces = match split(&text, input.forced()) {
        Boards::One(piece) => {
            let mut notes = Vec::new();
            let game = input.game(&name, &text, &piece, false, loading, &mut notes);
            for note in notes {
                report::message(note);
            }
            let answered = answer(&game?)?;
            drop(watch);
            return Ok(report::emit(out, format, &answered)?);
        }
        Boards::Batch(pieces) => pieces,
    };
    let per_board = PerBoard {
        input,
        name: &name,
        text: &text,
        loading,
        format,
        answer,
    };
    // One bar over the boards (on a terminal only); a board's own bars stay hidden.
    let bar = report::progress_bar(pieces.len() as u64, "boards");
    let mut boards = Records {
        pieces: pieces.into_iter(),
        read: 0,
    };
    // One board at a time, in order: `stats` and `simulate` write their notes while
    // they work.
    let summary = batch::run(&mut boards, &per_board, JobsArg::one(), &bar, out)?;
    bar.finish_and_clear();
    drop(watch);
    // A closing count, as a Sudoku batch has (a fresh user's finding: a batch's notes
    // can bury its few bad boards); an interrupted batch says so instead.
    if summary.outcome != Outcome::Interrupted {
        report::message(summary_line(&name, &summary.tally, summary.bad));
    }
    Ok(summary.outcome)
}

/// How the good boards of a batch came out, for its closing line.
#[derive(Debug, Default)]
pub(super) struct BoardTally {
    answered: usize,
    no_solution: usize,
    undecided: usize,
}

impl batch::Tally for BoardTally {
    fn add(&mut self, other: &Self) {
        self.answered += other.answered;
        self.no_solution += other.no_solution;
        self.undecided += other.undecided;
    }
}

/// The closing line of a batch on standard error: `batch.jsonl: 6 boards: 4 answered,
/// 1 no solution, 1 invalid` (and how many were undecided, where any were).
fn summary_line(name: &str, tally: &BoardTally, bad: usize) -> String {
    let total = tally.answered + tally.no_solution + tally.undecided + bad;
    let undecided = match tally.undecided {
        0 => String::new(),
        n => format!(", {n} undecided"),
    };
    format!(
        "{name}: {}: {} answered, {} no solution{undecided}, {bad} invalid",
        grid_core::text::count_of(total, "board"),
        tally.answered,
        tally.no_solution,
    )
}

/// The boards of a batch, in input order.
struct Records {
    pieces: std::vec::IntoIter<Piece>,
    read: u64,
}

impl batch::Reader for Records {
    type Record = Piece;

    fn read(&mut self, max: usize, into: &mut Vec<Piece>) -> anyhow::Result<()> {
        let before = into.len();
        into.extend(self.pieces.by_ref().take(max));
        self.read += (into.len() - before) as u64;
        Ok(())
    }

    fn position(&self) -> u64 {
        self.read
    }
}

/// A verb's answer asked of each board of a batch.
struct PerBoard<'a, F> {
    input: &'a BoardArgs,
    name: &'a str,
    text: &'a str,
    loading: Loading,
    format: Format,
    answer: F,
}

impl<F, A> batch::Batch for PerBoard<'_, F>
where
    F: Fn(&Game) -> anyhow::Result<A> + Sync,
    A: Answer,
{
    type Record = Piece;
    type Tally = BoardTally;

    /// A board can be large (a file may hold one of millions of squares beside small
    /// ones): one at a time.
    fn pace(&self, threads: usize) -> Pace {
        Pace::large_records(threads)
    }

    fn format(&self) -> Format {
        self.format
    }

    fn csv_columns(&self) -> Vec<&'static str> {
        OnLine::<A>::csv_columns()
    }

    /// Reads the board and answers it, or reports what is wrong with it (the batch
    /// goes on); its notes go to standard error before its answer's message.
    fn answer(&self, piece: &Piece, into: &mut Rendered<BoardTally>) -> anyhow::Result<Outcome> {
        let mut notes = Vec::new();
        let answered = self
            .input
            .game(self.name, self.text, piece, true, self.loading, &mut notes)
            .and_then(|game| (self.answer)(&game));
        for note in notes {
            into.err.push_str(&report::message_line(note));
        }
        match answered {
            Ok(answer) => {
                let answer = OnLine {
                    line: piece.line,
                    answer,
                };
                let outcome = into.push(self.format, &answer, None::<&str>)?;
                match outcome {
                    Outcome::NoSolution => into.tally.no_solution += 1,
                    Outcome::Undecided => into.tally.undecided += 1,
                    _ => into.tally.answered += 1,
                }
                Ok(outcome)
            }
            Err(err) => match err.downcast::<Invalid>() {
                Ok(invalid) => Ok(into.push_invalid::<OnLine<A>>(self.format, &invalid)?),
                Err(err) => Err(err),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    /// The boards of a batch, each as its line and its text.
    fn batch(text: &str) -> Vec<(usize, &str)> {
        match split(text, None) {
            Boards::Batch(pieces) => pieces
                .iter()
                .map(|p| (p.origin.line, &text[p.range.clone()]))
                .collect(),
            one => panic!("not a batch: {one:?}"),
        }
    }

    #[test]
    fn json_values_one_after_another_are_a_batch() {
        let text = "[[-1,-1],[-1,3]]\n[[-1,-1],\n [-1,2]]  [[-1]]\n";
        assert_eq!(
            batch(text),
            [
                (1, "[[-1,-1],[-1,3]]"),
                (2, "[[-1,-1],\n [-1,2]]"),
                (3, "[[-1]]")
            ]
        );
    }

    #[test]
    fn a_malformed_value_runs_to_the_next_line_that_opens_one() {
        let text = "[[-1,-1],[-1,3]]\n[[-1,-1],[-1,3]\n[[-1]]\n[[1,\n";
        assert_eq!(
            batch(text),
            [
                (1, "[[-1,-1],[-1,3]]"),
                (2, "[[-1,-1],[-1,3]"),
                (3, "[[-1]]"),
                (4, "[[1,")
            ]
        );
    }

    #[test]
    fn one_board_or_a_text_form_is_the_whole_text() {
        for text in [
            "[[-1,-1],[-1,3]]\n",
            "[[-1,-1],[-1,3]] x\n",
            "[[-1,-1],[-1,3]\n[[-1]]\n",
            "squares 9\n1 5\n",
            "-1 -1\n-1 -1\n",
            "{{-1, -1}, {-1, 3}}\n",
            "board = [[-1,-1],[-1,3]]\n",
        ] {
            let whole = Piece {
                range: 0..text.len(),
                origin: TextPosition::at(1, 1),
                line: 1,
            };
            assert_eq!(split(text, None), Boards::One(whole), "{text:?}");
        }
    }

    #[test]
    fn the_board_of_an_object_is_its_value_at_its_place() {
        let text = "{\"board\": [[-1,-1],[-1,3]]}\n  {\"board\": [[-1]], \"expected\": 1}\n";
        let Boards::Batch(pieces) = split(text, None) else {
            panic!("a batch");
        };
        assert_eq!(&text[pieces[0].range.clone()], "[[-1,-1],[-1,3]]");
        assert_eq!(pieces[0].origin, TextPosition::at(1, 11));
        assert_eq!(&text[pieces[1].range.clone()], "[[-1]]");
        assert_eq!(
            (pieces[1].line, pieces[1].origin),
            (2, TextPosition::at(2, 13))
        );
        let Boards::One(one) = split("{\"board\": [[-1]]}", None) else {
            panic!("one board");
        };
        assert_eq!((one.range, one.origin), (10..16, TextPosition::at(1, 11)));
    }
}
