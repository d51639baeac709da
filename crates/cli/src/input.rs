//! Reading puzzle input from a file or standard input, with names for error messages.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use grid_core::text::LineSource;

use crate::report::Invalid;

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
    /// An [`Invalid`] naming the path when the file cannot be opened (`missing.txt: No
    /// such file or directory (os error 2)`, as ripgrep says it).
    pub fn open(path: Option<&Path>) -> Result<Input, Invalid> {
        match path {
            None => Ok(Input::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Input::stdin()),
            Some(p) => {
                let name = p.display().to_string();
                let file = File::open(p).map_err(|err| Invalid::whole(&name, err))?;
                Ok(Input {
                    name,
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

    /// Reads the whole input as text of at most `max` bytes, for formats that need all
    /// of it at once ([`LineSource::read_to_string`]: no byte-order mark, line endings
    /// as written), stopping as soon as it passes `max`.
    ///
    /// # Errors
    ///
    /// An [`Invalid`] naming the input: a read error (a directory, a device that fails),
    /// a control byte (binary input) or text that is not UTF-8 (at its line and byte
    /// column), or more than `max` bytes.
    pub fn read_to_string(self, max: usize) -> Result<(String, String), Invalid> {
        let Input { name, reader } = self;
        match LineSource::new(reader).max_line(max).read_to_string(max) {
            Ok(text) => Ok((name, text)),
            Err(err) => Err(Invalid::new(&name, &err)),
        }
    }

    /// Streams the input line by line without holding more than one line in memory
    /// (`grid_core::text::LineSource::next_line`, or `read_all` into a
    /// `grid_core::text::LineReader`), refusing a line once it passes `max_line` bytes.
    pub fn lines(self, max_line: usize) -> Lines {
        LineSource::new(self.reader).max_line(max_line)
    }
}

/// The lines of an [`Input`]; see [`Input::lines`].
pub type Lines = LineSource<Box<dyn BufRead>>;
