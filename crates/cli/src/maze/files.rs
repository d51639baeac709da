//! The maze files of a verb, answered through the shared batch runner
//! ([`crate::batch`]): each file is read into a question ([`super::read`]), the verb's
//! `answer` step answers it, and the answer is rendered as an [`InFile`] (the file's
//! name with the verb's answer) or, for a bad file, as an [`report::Invalid`]; the runner
//! writes them in the order of the files.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::input::MazeInput;
use super::read::{self, Asked};
use crate::batch::{self, Pace, Rendered};
use crate::report::{self, Answer, Format, Outcome, Picture};

/// The answer about one maze file: the verb's answer with the file's name. Text: the
/// verb's answer, under a `== file ==` header when the verb was given several files.
/// JSON: `"file"` first, then the verb's keys.
#[derive(Debug, Serialize)]
pub(super) struct InFile<A> {
    /// The file's name as messages show it (`<stdin>` for standard input).
    file: String,
    /// Several files: the text has a header naming the file.
    #[serde(skip)]
    header: bool,
    #[serde(flatten)]
    answer: A,
}

impl<A: Answer> Answer for InFile<A> {
    /// `file`, the verb's columns, then where a bad file went wrong and what.
    fn csv_columns() -> Vec<&'static str> {
        let mut columns = vec!["file"];
        columns.extend(A::csv_columns());
        columns.extend(["line", "column", "cell", "error"]);
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
        if self.header {
            writeln!(out, "== {} ==", self.file)?;
        }
        self.answer.write_text(out)
    }
}

/// A verb's `answer` step asked of one maze file at a time.
struct PerFile<'a, F> {
    answer: F,
    input: &'a MazeInput,
    format: Format,
    /// Several files: text answers get a `== file ==` header.
    many: bool,
}

impl<F, A> batch::Batch for PerFile<'_, F>
where
    F: Fn(&Asked<'_>) -> A + Sync,
    A: Answer,
{
    type Record = Option<PathBuf>;
    type Tally = ();

    /// A maze file can be large: one file per thread at a time.
    fn pace(&self, threads: usize) -> Pace {
        Pace::large_records(threads)
    }

    /// Reads the file, asks the question and renders the answer, or the file's problem
    /// when it cannot be answered (the batch goes on); notes about a blocked default
    /// start or goal go to standard error after the answer.
    fn answer(&self, path: &Self::Record, into: &mut Rendered<()>) -> anyhow::Result<Outcome> {
        let (name, file) = match read::read_maze(path.as_deref(), self.input) {
            Ok(read) => read,
            Err(invalid) => return Ok(into.push_invalid::<InFile<A>>(self.format, &invalid)?),
        };
        let asked = match read::ask(&name, &file, self.input) {
            Ok(asked) => asked,
            Err(invalid) => return Ok(into.push_invalid::<InFile<A>>(self.format, &invalid)?),
        };
        let notes = read::notes(&name, &file, self.input);
        let answer = InFile {
            answer: (self.answer)(&asked),
            file: name,
            header: self.many,
        };
        let outcome = into.push(self.format, &answer, None::<&str>)?;
        for note in notes {
            into.err.push_str(&report::message_line(note));
        }
        Ok(outcome)
    }
}

/// The maze files of a verb, in command-line order (`None` for standard input).
struct Files {
    paths: std::vec::IntoIter<Option<PathBuf>>,
    read: u64,
}

impl batch::Reader for Files {
    type Record = Option<PathBuf>;

    fn read(&mut self, max: usize, into: &mut Vec<Self::Record>) -> anyhow::Result<()> {
        let before = into.len();
        into.extend(self.paths.by_ref().take(max));
        self.read += (into.len() - before) as u64;
        Ok(())
    }

    fn position(&self) -> u64 {
        self.read
    }
}

/// Answers every maze file of `input` (standard input when there is none) with
/// `answer` and writes the answers in `format`, in the order of the files; a bad file
/// is an [`report::Invalid`] answer (its message on standard error, in JSON also its line) and
/// the batch goes on. With `--jobs J`, J files at a time are read and answered in
/// parallel, one thread each, so up to J mazes (and their answers) are in memory at
/// once. Returns the worst outcome.
///
/// # Errors
///
/// A write error of `out`, or the worker threads failing to start.
pub(super) fn each_file<A: Answer>(
    input: &MazeInput,
    format: Format,
    out: &mut dyn Write,
    answer: impl Fn(&Asked<'_>) -> A + Sync,
) -> anyhow::Result<Outcome> {
    let paths: Vec<Option<PathBuf>> = if input.files.is_empty() {
        vec![None]
    } else {
        input.files.iter().cloned().map(Some).collect()
    };
    let per_file = PerFile {
        answer,
        input,
        format,
        many: paths.len() > 1,
    };
    let mut files = Files {
        paths: paths.into_iter(),
        read: 0,
    };
    let bar = indicatif::ProgressBar::hidden();
    let summary = batch::run(&mut files, &per_file, input.jobs, &bar, out)?;
    Ok(summary.outcome)
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[derive(Serialize)]
    struct Found {
        found: bool,
    }

    impl Answer for Found {
        fn outcome(&self) -> Outcome {
            Outcome::found(self.found)
        }
        fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
            writeln!(out, "found: {}", self.found)
        }
    }

    fn emitted(format: Format, header: bool) -> String {
        let answer = InFile {
            file: "m.txt".to_owned(),
            header,
            answer: Found { found: false },
        };
        let mut out = Vec::new();
        let outcome = report::emit(&mut out, format, &answer).expect("writes to memory");
        assert_eq!(outcome, Outcome::NoSolution);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn the_file_is_a_header_in_text_and_a_key_in_json() {
        assert_eq!(emitted(Format::Text, false), "found: false\n");
        assert_eq!(emitted(Format::Text, true), "== m.txt ==\nfound: false\n");
        let json = "{\"file\":\"m.txt\",\"found\":false,\"status\":\"no_solution\"}\n";
        assert_eq!(emitted(Format::Json, false), json);
        assert_eq!(emitted(Format::Json, true), json);
    }
}
