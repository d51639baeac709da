//! The line-reader protocol ([`LineReader`]) and the one streaming source of lines
//! ([`LineSource`]) that feeds it from any [`BufRead`].

use std::io::{self, BufRead};

use super::{TextLine, lines};
use crate::{Positioned, TextPosition};

/// A reader of line-oriented puzzle text, fed one numbered line at a time: the protocol
/// every gridsolve reader implements, so that the byte-order mark, line endings,
/// UTF-8 and line numbers are dealt with once, by whoever feeds it ([`LineSource`]
/// for a file or standard input, [`read_str`] for text already in memory).
///
/// A reader hands out what it reads as `Item`s: a record splitter one record per
/// puzzle as soon as a line completes it, a reader of one whole puzzle a single item at
/// [`LineReader::finish`]. Items go into a vector the caller owns and drains, so a
/// stream of millions of records needs no allocation per line.
pub trait LineReader {
    /// What the reader makes of the lines: a record, a whole puzzle.
    type Item;
    /// Why the reader refuses a line or the end of the input.
    type Error;

    /// Reads the next line (its text has no line ending and, on line 1, no byte-order
    /// mark; numbers count from 1 without gaps), appending to `done` the items it
    /// completes.
    ///
    /// # Errors
    ///
    /// When the line cannot belong to the input; pushing more lines after an error is
    /// not meaningful.
    fn push_line(
        &mut self,
        line: TextLine<'_>,
        done: &mut Vec<Self::Item>,
    ) -> Result<(), Self::Error>;

    /// Ends the input, appending to `done` what is still pending; the reader is then
    /// as new.
    ///
    /// # Errors
    ///
    /// When what was read is not a whole input (a truncated puzzle, nothing at all).
    fn finish(&mut self, done: &mut Vec<Self::Item>) -> Result<(), Self::Error>;
}

/// Feeds every line of `text` (as [`lines`] numbers them) to `reader`, then ends it,
/// and returns the items it made.
///
/// # Errors
///
/// The reader's first error.
///
/// # Examples
///
/// ```
/// use grid_core::text::{LineReader, TextLine, read_str};
///
/// /// Sums the integers of each line.
/// struct Sums;
/// impl LineReader for Sums {
///     type Item = (usize, i64);
///     type Error = std::num::ParseIntError;
///     fn push_line(&mut self, line: TextLine<'_>, done: &mut Vec<(usize, i64)>) -> Result<(), Self::Error> {
///         let mut sum = 0;
///         for token in line.tokens() {
///             sum += token.text.parse::<i64>()?;
///         }
///         done.push((line.number, sum));
///         Ok(())
///     }
///     fn finish(&mut self, _: &mut Vec<(usize, i64)>) -> Result<(), Self::Error> {
///         Ok(())
///     }
/// }
///
/// assert_eq!(read_str("\u{feff}1 2\r\n3\n", &mut Sums)?, [(1, 3), (2, 3)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_str<R: LineReader>(text: &str, reader: &mut R) -> Result<Vec<R::Item>, R::Error> {
    let mut done = Vec::new();
    for line in lines(text) {
        reader.push_line(line, &mut done)?;
    }
    reader.finish(&mut done)?;
    Ok(done)
}

/// Why a line could not be read: the source failed, or the line is not UTF-8 text.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// Reading failed; the stream ends.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The line is not UTF-8 text; the stream goes on with the next line.
    #[error("the input is not valid UTF-8 text")]
    NotUtf8 {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in bytes, of the first byte that is not UTF-8 (after the
        /// byte-order mark on line 1).
        column: usize,
    },
}

impl Positioned for LineError {
    fn text_position(&self) -> Option<TextPosition> {
        match *self {
            LineError::Io(_) => None,
            LineError::NotUtf8 { line, column } => Some(TextPosition::at(line, column)),
        }
    }
}

/// Why [`LineSource::read_all`] stopped: a line that could not be read, or the
/// reader's own error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError<E> {
    /// The source failed or a line is not UTF-8 (see [`LineError`]).
    #[error(transparent)]
    Line(#[from] LineError),
    /// The reader refused a line or the end.
    #[error("{0}")]
    Reader(E),
}

/// The place of the line that could not be read, or of the reader's error.
impl<E: Positioned> Positioned for ReadError<E> {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            ReadError::Line(err) => err.text_position(),
            ReadError::Reader(err) => err.text_position(),
        }
    }

    fn cell(&self) -> Option<crate::Coord> {
        match self {
            ReadError::Line(err) => err.cell(),
            ReadError::Reader(err) => err.cell(),
        }
    }
}

/// The lines of a [`BufRead`] (a file, standard input, a byte slice), streamed one at a
/// time without holding more than one line in memory: the one place where the
/// byte-order mark is removed, `\n` and `\r\n` endings are taken off, lines are
/// numbered from 1 and checked to be UTF-8.
///
/// # Examples
///
/// ```
/// use grid_core::text::{LineError, LineSource};
///
/// let mut source = LineSource::new(&b"\xef\xbb\xbfa\r\nb\xff\nc"[..]);
/// let first = source.next_line().unwrap()?;
/// assert_eq!((first.number, first.text), (1, "a"));
/// assert!(matches!(
///     source.next_line(),
///     Some(Err(LineError::NotUtf8 { line: 2, column: 2 }))
/// ));
/// assert_eq!(source.next_line().unwrap()?.text, "c");
/// assert!(source.next_line().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct LineSource<R> {
    reader: R,
    /// The number of the last line read.
    number: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineSource<R> {
    /// The lines of `reader`, from its start.
    pub fn new(reader: R) -> LineSource<R> {
        LineSource {
            reader,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The next line, borrowed from the source's buffer until the next call; `None` at
    /// the end of the input. A final line ending does not start another line.
    ///
    /// # Errors
    ///
    /// [`LineError::NotUtf8`] for a line that is not UTF-8 (the next call reads the
    /// line after it), [`LineError::Io`] when reading fails.
    pub fn next_line(&mut self) -> Option<Result<TextLine<'_>, LineError>> {
        let (number, bytes) = match self.next_raw() {
            None => return None,
            Some(Err(err)) => return Some(Err(err.into())),
            Some(Ok(raw)) => raw,
        };
        let content = bytes
            .strip_suffix(b"\n")
            .map_or(bytes, |rest| rest.strip_suffix(b"\r").unwrap_or(rest));
        Some(
            std::str::from_utf8(content)
                .map(|text| TextLine { number, text })
                .map_err(|e| LineError::NotUtf8 {
                    line: number,
                    column: e.valid_up_to() + 1,
                }),
        )
    }

    /// The next line's bytes with their line ending, and the byte-order mark removed
    /// from line 1.
    fn next_raw(&mut self) -> Option<io::Result<(usize, &[u8])>> {
        self.buf.clear();
        match self.reader.read_until(b'\n', &mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                let mut bytes = self.buf.as_slice();
                if self.number == 1 {
                    bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
                }
                Some(Ok((self.number, bytes)))
            }
            Err(err) => Some(Err(err)),
        }
    }

    /// Feeds every line to `reader`, then ends it, and returns the items it made.
    ///
    /// # Errors
    ///
    /// The first line that cannot be read ([`ReadError::Line`]) or the reader's first
    /// error ([`ReadError::Reader`]).
    pub fn read_all<L: LineReader>(
        &mut self,
        reader: &mut L,
    ) -> Result<Vec<L::Item>, ReadError<L::Error>> {
        let mut done = Vec::new();
        while let Some(line) = self.next_line() {
            reader
                .push_line(line?, &mut done)
                .map_err(ReadError::Reader)?;
        }
        reader.finish(&mut done).map_err(ReadError::Reader)?;
        Ok(done)
    }

    /// The rest of the input as one string, for the forms that are read whole: the
    /// lines as [`LineSource::next_line`] checks them, kept with their line endings as
    /// written (a final line ending, `\r\n`), so positions in the text are those of the
    /// input.
    ///
    /// # Errors
    ///
    /// As [`LineSource::next_line`], at the first line that is not UTF-8.
    ///
    /// ```
    /// use grid_core::text::LineSource;
    /// let text = LineSource::new(&b"\xef\xbb\xbf[1,\r\n2]\n"[..]).read_to_string()?;
    /// assert_eq!(text, "[1,\r\n2]\n");
    /// # Ok::<(), grid_core::text::LineError>(())
    /// ```
    pub fn read_to_string(&mut self) -> Result<String, LineError> {
        let mut text = String::new();
        while let Some(raw) = self.next_raw() {
            let (number, bytes) = raw?;
            let line = std::str::from_utf8(bytes).map_err(|e| LineError::NotUtf8 {
                line: number,
                column: e.valid_up_to() + 1,
            })?;
            text.push_str(line);
        }
        Ok(text)
    }

    /// The number of the last line read (0 before the first).
    pub fn line_number(&self) -> usize {
        self.number
    }
}

/// The UTF-8 byte-order mark, as `text::strip_bom` removes it from a string.
const BOM: &[u8] = "\u{feff}".as_bytes();

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::text::strip_bom;

    #[test]
    fn the_source_reads_what_lines_reads() {
        let text = "\u{feff}# t\r\n1 2\r\n\n3";
        let mut source = LineSource::new(text.as_bytes());
        let mut streamed = Vec::new();
        while let Some(line) = source.next_line() {
            let line = line.unwrap();
            streamed.push((line.number, line.text.to_owned()));
        }
        let whole: Vec<_> = lines(text).map(|l| (l.number, l.text.to_owned())).collect();
        assert_eq!(streamed, whole);
        assert_eq!(strip_bom(text).len(), text.len() - BOM.len());
    }

    #[test]
    fn a_bad_byte_is_placed_by_line_and_byte_column() {
        let err = LineSource::new(&b"ab\n\xc3\xa9\xff\n"[..])
            .read_to_string()
            .unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
        assert_eq!(err.to_string(), "the input is not valid UTF-8 text");
    }
}
