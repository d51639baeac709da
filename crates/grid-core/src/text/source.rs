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

/// The longest line (in bytes, without its line ending) a [`LineSource`] accepts
/// unless told otherwise ([`LineSource::max_line`]): 1 MiB, a thousand times a
/// 32 x 32 Sudoku written on one line. A reader of longer lines (a maze row, a
/// board written on one line) sets its own.
pub const DEFAULT_MAX_LINE: usize = 1 << 20;

/// Why a line could not be read: the source failed, the input is not text, or it is
/// longer than the reader accepts. Only [`LineError::NotUtf8`] lets the stream go on;
/// after any other the source is at its end, so that a binary or endless input costs
/// one error, one buffer of memory and no time.
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
    /// A control byte that no text format has (NUL, ESC, ...: any of `0x00` to `0x1f`
    /// and `0x7f` but tab, line feed, vertical tab, form feed and carriage return):
    /// the input is binary, and the stream ends at once.
    #[error("the input is not text: it has the control byte {}", ControlName(*byte))]
    ControlByte {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in bytes.
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// The line passed the longest the reader accepts; it was refused when it did,
    /// without reading the rest of it, and the stream ends.
    #[error("the line is longer than {}, the longest a line of this input can be", Bytes(*max))]
    TooLong {
        /// 1-based line number.
        line: usize,
        /// The longest line accepted, in bytes, without the line ending.
        max: usize,
    },
    /// The input passed the most [`LineSource::read_to_string`] holds; it was refused
    /// when it did, and the stream ends.
    #[error("the input is longer than {}, the most this input can hold", Bytes(*max))]
    TooLarge {
        /// 1-based line number where the input passed the limit.
        line: usize,
        /// The largest input accepted, in bytes.
        max: usize,
    },
    /// [`LineSource::read_to_string`] read more than [`MAX_LEADING_BLANK_BYTES`] of
    /// blank lines before any text: no puzzle file starts so, and the stream ends
    /// (an endless pipe of blank lines costs one error, not a wait for ever).
    #[error("nothing but blank lines in the first {}: no puzzle starts so, and reading stops", Bytes(*max))]
    BlankText {
        /// 1-based line number where the blank text passed the limit.
        line: usize,
        /// The most blank text read before the first text, in bytes.
        max: usize,
    },
}

/// The most blank text (whitespace, line endings counted) [`LineSource::read_to_string`]
/// reads before the first text: past it, [`LineError::BlankText`].
pub const MAX_LEADING_BLANK_BYTES: usize = 1 << 20;

/// A size for a message: `1 MiB (1048576 bytes)`, `100 bytes`.
struct Bytes(usize);

impl std::fmt::Display for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0;
        match n {
            _ if n >= 1 << 20 && n.is_multiple_of(1 << 20) => {
                write!(f, "{} MiB ({n} bytes)", n >> 20)
            }
            _ if n >= 1 << 10 && n.is_multiple_of(1 << 10) => {
                write!(f, "{} KiB ({n} bytes)", n >> 10)
            }
            _ => write!(f, "{n} bytes"),
        }
    }
}

/// A control byte for a message: `0x00 (NUL)`.
struct ControlName(u8);

impl std::fmt::Display for ControlName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const NAMES: [&str; 32] = [
            "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF",
            "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
            "SUB", "ESC", "FS", "GS", "RS", "US",
        ];
        let name = NAMES.get(usize::from(self.0)).copied().unwrap_or("DEL");
        write!(f, "0x{:02x} ({name})", self.0)
    }
}

/// Where the first line feed of `bytes` is. Not generic, so that it is compiled (and
/// optimized) here, not in each caller of the generic [`LineSource`].
fn line_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// Where the first control byte no text has is in `bytes` (see [`is_binary`]); not
/// generic, as [`line_end`].
fn first_binary(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| is_binary(b))
}

/// Whether `byte` is a control byte no text format has (see [`LineError::ControlByte`]).
fn is_binary(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r')) || byte == 0x7f
}

impl Positioned for LineError {
    fn text_position(&self) -> Option<TextPosition> {
        match *self {
            LineError::Io(_) => None,
            LineError::NotUtf8 { line, column } | LineError::ControlByte { line, column, .. } => {
                Some(TextPosition::at(line, column))
            }
            LineError::TooLong { line, .. }
            | LineError::TooLarge { line, .. }
            | LineError::BlankText { line, .. } => Some(TextPosition::line(line)),
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
/// **Limits, checked as bytes arrive.** A line longer than [`LineSource::max_line`]
/// bytes ([`DEFAULT_MAX_LINE`] unless set) is refused ([`LineError::TooLong`]) once it
/// passes that length, having read at most the limit and one buffer of the reader; a
/// control byte no text has (NUL, ESC, ...) is refused where it stands
/// ([`LineError::ControlByte`]). Either ends the stream, so a binary file, `/dev/zero`
/// or an endless pipe costs one error and one line of memory.
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
    /// The longest line accepted, in bytes, without its line ending.
    max_line: usize,
    /// After an error that ends the stream.
    ended: bool,
}

impl<R: BufRead> LineSource<R> {
    /// The lines of `reader`, from its start, none longer than [`DEFAULT_MAX_LINE`].
    pub fn new(reader: R) -> LineSource<R> {
        LineSource {
            reader,
            number: 0,
            buf: Vec::new(),
            max_line: DEFAULT_MAX_LINE,
            ended: false,
        }
    }

    /// The same source, refusing lines longer than `bytes` (without the line ending)
    /// with [`LineError::TooLong`].
    ///
    /// ```
    /// use grid_core::text::{LineError, LineSource};
    ///
    /// let mut source = LineSource::new(&b"1234\n12345\n1\n"[..]).max_line(4);
    /// assert_eq!(source.next_line().unwrap()?.text, "1234");
    /// assert!(matches!(
    ///     source.next_line(),
    ///     Some(Err(LineError::TooLong { line: 2, max: 4 }))
    /// ));
    /// assert!(source.next_line().is_none(), "the stream ends");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_line(mut self, bytes: usize) -> LineSource<R> {
        self.max_line = bytes;
        self
    }

    /// The next line, borrowed from the source's buffer until the next call; `None` at
    /// the end of the input. A final line ending does not start another line.
    ///
    /// # Errors
    ///
    /// [`LineError::NotUtf8`] for a line that is not UTF-8 (the next call reads the
    /// line after it); [`LineError::ControlByte`], [`LineError::TooLong`] and
    /// [`LineError::Io`] end the stream (the next call returns `None`).
    pub fn next_line(&mut self) -> Option<Result<TextLine<'_>, LineError>> {
        let (number, bytes) = match self.next_raw(self.max_line) {
            None => return None,
            Some(Err(err)) => return Some(Err(err)),
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
    /// from line 1; refused as soon as it passes the longest line or has a control
    /// byte (the stream then ends).
    fn next_raw(&mut self, max_line: usize) -> Option<Result<(usize, &[u8]), LineError>> {
        self.buf.clear();
        if self.ended {
            return None;
        }
        let line = self.number + 1;
        // The line's bytes may carry a byte-order mark and `\r\n` beyond the limit.
        let bom = if line == 1 { BOM.len() } else { 0 };
        let most = max_line.saturating_add(bom + 2);
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => {
                    self.ended = true;
                    return Some(Err(err.into()));
                }
            };
            if chunk.is_empty() {
                break;
            }
            let end = line_end(chunk);
            let take = end.map_or(chunk.len(), |i| i + 1);
            let room = most - self.buf.len();
            let part = &chunk[..take.min(room)];
            if let Some(at) = first_binary(part) {
                let byte = part[at];
                self.buf.extend_from_slice(&part[..at]);
                let skipped = if line == 1 && self.buf.starts_with(BOM) {
                    bom
                } else {
                    0
                };
                let column = self.buf.len() - skipped + 1;
                self.ended = true;
                self.buf.clear();
                return Some(Err(LineError::ControlByte { line, column, byte }));
            }
            let taken = part.len();
            self.buf.extend_from_slice(part);
            self.reader.consume(taken);
            if end.is_some() && take <= room {
                break;
            }
            if self.buf.len() >= most {
                // `most` bytes and no line feed: more than `max_line` before any ending.
                self.ended = true;
                self.buf.clear();
                return Some(Err(LineError::TooLong {
                    line,
                    max: max_line,
                }));
            }
        }
        if self.buf.is_empty() {
            return None;
        }
        self.number = line;
        let mut bytes = self.buf.as_slice();
        if line == 1 {
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        // A line at the limit without its ending yet: it may still be too long.
        let content = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        if content.len() > max_line {
            self.ended = true;
            return Some(Err(LineError::TooLong {
                line,
                max: max_line,
            }));
        }
        Some(Ok((line, bytes)))
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

    /// The rest of the input as one string of at most `max` bytes, for the forms that
    /// are read whole: the lines as [`LineSource::next_line`] checks them, kept with
    /// their line endings as written (a final line ending, `\r\n`), so positions in the
    /// text are those of the input.
    ///
    /// # Errors
    ///
    /// As [`LineSource::next_line`], at the first line that is not UTF-8, and
    /// [`LineError::TooLarge`] as soon as the text passes `max` bytes (having read at
    /// most `max` and one buffer of the reader).
    ///
    /// ```
    /// use grid_core::text::{LineError, LineSource};
    /// let text = LineSource::new(&b"\xef\xbb\xbf[1,\r\n2]\n"[..]).read_to_string(100)?;
    /// assert_eq!(text, "[1,\r\n2]\n");
    /// let err = LineSource::new(&b"[1,\n2]\n"[..]).read_to_string(5).unwrap_err();
    /// assert!(matches!(err, LineError::TooLarge { line: 2, max: 5 }));
    /// let blank = "\n".repeat(2 << 20);
    /// let err = LineSource::new(blank.as_bytes()).read_to_string(64 << 20).unwrap_err();
    /// assert!(matches!(err, LineError::BlankText { line: 1048577, .. }));
    /// # Ok::<(), grid_core::text::LineError>(())
    /// ```
    pub fn read_to_string(&mut self, max: usize) -> Result<String, LineError> {
        let longest = self.max_line;
        let mut text = String::new();
        // Whether every line so far is blank.
        let mut blank = true;
        loop {
            // Line endings count in the text: a line may take what is left of `max`.
            let left = max - text.len();
            let Some(raw) = self.next_raw(longest.min(left)) else {
                break;
            };
            let (number, bytes) = match raw {
                Ok(raw) => raw,
                Err(LineError::TooLong { line, .. }) if left < longest => {
                    return Err(LineError::TooLarge { line, max });
                }
                Err(err) => return Err(err),
            };
            if bytes.len() > left {
                self.ended = true;
                return Err(LineError::TooLarge { line: number, max });
            }
            let line = std::str::from_utf8(bytes).map_err(|e| LineError::NotUtf8 {
                line: number,
                column: e.valid_up_to() + 1,
            })?;
            text.push_str(line);
            blank &= line.trim().is_empty();
            if blank && text.len() > MAX_LEADING_BLANK_BYTES {
                self.ended = true;
                return Err(LineError::BlankText {
                    line: number,
                    max: MAX_LEADING_BLANK_BYTES,
                });
            }
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
            .read_to_string(100)
            .unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
        assert_eq!(err.to_string(), "the input is not valid UTF-8 text");
    }

    /// A reader of `byte` for ever that counts what it hands out.
    struct Endless {
        byte: u8,
        given: std::rc::Rc<std::cell::Cell<usize>>,
    }

    impl io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            buf.fill(self.byte);
            self.given.set(self.given.get() + buf.len());
            Ok(buf.len())
        }
    }

    fn endless(byte: u8) -> (io::BufReader<Endless>, std::rc::Rc<std::cell::Cell<usize>>) {
        let given = std::rc::Rc::default();
        let reader = Endless {
            byte,
            given: std::rc::Rc::clone(&given),
        };
        (io::BufReader::with_capacity(4096, reader), given)
    }

    #[test]
    fn an_endless_line_is_refused_past_the_limit_having_read_one_buffer_more() {
        let (reader, given) = endless(b'x');
        let mut source = LineSource::new(reader).max_line(10_000);
        let err = source.next_line().unwrap().unwrap_err();
        assert!(
            matches!(
                err,
                LineError::TooLong {
                    line: 1,
                    max: 10_000
                }
            ),
            "{err:?}"
        );
        assert!(
            given.get() <= 10_000 + 4096 + 2 + BOM.len(),
            "read {}",
            given.get()
        );
        assert!(source.next_line().is_none(), "the stream ends");
        assert_eq!(
            err.to_string(),
            "the line is longer than 10000 bytes, the longest a line of this input can be"
        );
    }

    #[test]
    fn a_line_at_the_limit_is_read_and_one_past_it_is_not() {
        for (text, ok) in [
            (&b"abcd\r\n"[..], true),
            (b"\xef\xbb\xbfabcd\n", true),
            (b"abcd", true),
            (b"abcde", false),
            (b"abcde\n", false),
            (b"abcd\rx\n", false),
        ] {
            let mut source = LineSource::new(text).max_line(4);
            let line = source.next_line().unwrap();
            assert_eq!(line.is_ok(), ok, "{text:?}");
        }
    }

    #[test]
    fn a_control_byte_ends_the_stream_at_once() {
        let (reader, given) = endless(0);
        let mut source = LineSource::new(reader);
        let err = source.next_line().unwrap().unwrap_err();
        assert!(
            matches!(
                err,
                LineError::ControlByte {
                    line: 1,
                    column: 1,
                    byte: 0
                }
            ),
            "{err:?}"
        );
        assert_eq!(given.get(), 4096);
        assert!(source.next_line().is_none());
        assert_eq!(
            err.to_string(),
            "the input is not text: it has the control byte 0x00 (NUL)"
        );
        let mut source = LineSource::new(&b"ok\n\xef\xbb\xbfa\tb\x1b[0m\n"[..]);
        assert_eq!(source.next_line().unwrap().unwrap().text, "ok");
        let err = source.next_line().unwrap().unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 7)));
        let err = LineSource::new(&b"\xef\xbb\xbf\x7f"[..])
            .read_to_string(100)
            .unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 1)));
        assert!(err.to_string().ends_with("0x7f (DEL)"));
    }

    #[test]
    fn a_whole_read_stops_at_its_limit() {
        let (reader, given) = endless(b'\n');
        let err = LineSource::new(reader).read_to_string(50_000).unwrap_err();
        assert!(
            matches!(err, LineError::TooLarge { max: 50_000, .. }),
            "{err:?}"
        );
        assert!(given.get() <= 50_000 + 4096, "read {}", given.get());
        let (reader, given) = endless(b' ');
        let err = LineSource::new(reader).read_to_string(50_000).unwrap_err();
        assert!(
            matches!(
                err,
                LineError::TooLarge {
                    line: 1,
                    max: 50_000
                }
            ),
            "{err:?}"
        );
        assert!(given.get() <= 50_000 + 4096 + 5, "read {}", given.get());
        assert_eq!(
            LineSource::new(&b"12\n34\n"[..]).read_to_string(6).unwrap(),
            "12\n34\n"
        );
    }
}
