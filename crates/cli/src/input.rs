//! Reading puzzle input from a file or standard input, with names for error messages.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use anyhow::Context;
use grid_core::Positioned;
use grid_core::text::{LineError, LineSource};

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

    /// Reads the whole input as text, for formats that need all of it at once
    /// ([`LineSource::read_to_string`]: no byte-order mark, line endings as written).
    ///
    /// # Errors
    ///
    /// On a read error, or when the input is not UTF-8 (naming the line and column).
    pub fn read_to_string(self) -> anyhow::Result<(String, String)> {
        let Input { name, reader } = self;
        match LineSource::new(reader).read_to_string() {
            Ok(text) => Ok((name, text)),
            Err(err @ LineError::NotUtf8 { .. }) => {
                let at = err.text_position().map(|at| format!(":{at}"));
                anyhow::bail!("{name}{}: {err}", at.unwrap_or_default())
            }
            Err(err) => Err(anyhow::Error::new(err).context(format!("cannot read {name}"))),
        }
    }

    /// Streams the input line by line without holding more than one line in memory
    /// (`grid_core::text::LineSource::next_line`, or `read_all` into a
    /// `grid_core::text::LineReader`).
    pub fn lines(self) -> Lines {
        LineSource::new(self.reader)
    }
}

/// The lines of an [`Input`]; see [`Input::lines`].
pub type Lines = LineSource<Box<dyn BufRead>>;
