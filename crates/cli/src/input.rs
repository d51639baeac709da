//! Reading puzzle input from a file or standard input, with names for error messages.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::Context;

/// Where puzzle text comes from: a named file or standard input.
pub struct Input {
    /// The name used in messages: the path as given, or `<stdin>`.
    pub name: String,
    reader: Box<dyn BufRead>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input").field("name", &self.name).finish()
    }
}

/// A line that is not UTF-8 text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    /// 1-based column (in bytes) of the first byte that is not UTF-8.
    pub column: usize,
}

impl std::fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the line is not valid UTF-8 text")
    }
}

impl Input {
    /// Opens `path`, or standard input when `path` is `None` or `-`.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened; the message names the path.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Input> {
        match path {
            None => Ok(Input::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Input::stdin()),
            Some(p) => {
                let file = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
                Ok(Input {
                    name: p.display().to_string(),
                    reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                })
            }
        }
    }

    fn stdin() -> Input {
        Input {
            name: "<stdin>".to_owned(),
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        }
    }

    /// Reads the whole input as text, for formats that need all of it at once.
    /// A leading byte-order mark is removed.
    ///
    /// # Errors
    ///
    /// On a read error, or when the input is not UTF-8 (naming the line and column).
    pub fn read_to_string(mut self) -> anyhow::Result<(String, String)> {
        let mut bytes = Vec::new();
        self.reader
            .read_to_end(&mut bytes)
            .with_context(|| format!("cannot read {}", self.name))?;
        match String::from_utf8(bytes) {
            Ok(mut text) => {
                if text.starts_with('\u{feff}') {
                    text.drain(..'\u{feff}'.len_utf8());
                }
                Ok((self.name, text))
            }
            Err(err) => {
                let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
                let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
                let column = valid.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
                anyhow::bail!(
                    "{}:{}: the input is not valid UTF-8 text",
                    self.name,
                    grid_core::TextPosition::at(line, column)
                )
            }
        }
    }

    /// Streams the input line by line without holding more than one line in memory.
    ///
    /// Read it with [`Lines::next_line`]; an I/O error ends the stream with `Err`.
    pub fn lines(self) -> Lines {
        Lines {
            reader: self.reader,
            number: 0,
            buf: Vec::new(),
        }
    }
}

/// The lines of an [`Input`], one at a time; see [`Input::lines`].
pub struct Lines {
    reader: Box<dyn BufRead>,
    number: usize,
    buf: Vec<u8>,
}

impl Lines {
    /// The next line, borrowed from the reader's buffer until the next call (no new
    /// `String` per line).
    pub fn next_line(&mut self) -> Option<io::Result<LineRef<'_>>> {
        self.buf.clear();
        match self.reader.read_until(b'\n', &mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                let mut bytes = self.buf.as_slice();
                if let Some(rest) = bytes.strip_suffix(b"\n") {
                    bytes = rest.strip_suffix(b"\r").unwrap_or(rest);
                }
                if self.number == 1 {
                    bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
                }
                let text = std::str::from_utf8(bytes).map_err(|e| NotUtf8 {
                    column: e.valid_up_to() + 1,
                });
                Some(Ok(LineRef {
                    number: self.number,
                    text,
                }))
            }
            Err(err) => Some(Err(err)),
        }
    }
}

/// One line of a line-oriented input, borrowed from the reader's buffer; see
/// [`Lines::next_line`].
#[derive(Debug)]
pub struct LineRef<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The text without its line ending (`\n` or `\r\n`) and without a leading
    /// byte-order mark on line 1; `Err` when the line is not UTF-8.
    pub text: Result<&'a str, NotUtf8>,
}
