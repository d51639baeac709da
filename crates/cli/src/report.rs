//! Output formats, outcomes and exit codes shared by every subcommand.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

use grid_core::Positioned;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

/// How answers are written to standard output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable text.
    #[default]
    Text,
    /// JSON Lines: one JSON object per answer, one per line.
    Json,
}

/// The result of answering one input, ordered from best to worst so that a batch's
/// exit status is the worst outcome of its records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Answered (exit 0).
    #[default]
    Answered,
    /// The input was valid but has no solution (exit 1).
    NoSolution,
    /// The search spent its budget without an answer either way (exit 3): a search
    /// that cannot prove that no solution exists gave up (`queens complete` on large
    /// boards).
    Undecided,
    /// The input was malformed or broke the puzzle's rules (exit 2).
    BadInput,
}

impl Outcome {
    /// The process exit code for this outcome.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Answered => ExitCode::SUCCESS,
            Outcome::NoSolution => ExitCode::from(1),
            Outcome::Undecided => ExitCode::from(3),
            Outcome::BadInput => ExitCode::from(2),
        }
    }

    /// [`Outcome::Answered`] when something was found, else [`Outcome::NoSolution`].
    pub fn found(found: bool) -> Outcome {
        if found {
            Outcome::Answered
        } else {
            Outcome::NoSolution
        }
    }

    /// The worse of two outcomes.
    pub fn worst(self, other: Outcome) -> Outcome {
        self.max(other)
    }
}

/// One answer of a verb, ready to be written for people or for scripts.
///
/// A puzzle module's `answer` step returns a typed answer; its render step is this
/// trait (text) plus `serde::Serialize` (JSON). Only [`write_answer`] chooses between
/// them, so every verb honours `--format` the same way.
pub trait Render: Serialize {
    /// Writes the answer as readable text, ending with a newline.
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// Writes `answer` in `format`: its text, or one line of JSON.
pub fn write_answer(out: &mut dyn Write, format: Format, answer: &impl Render) -> io::Result<()> {
    match format {
        Format::Text => answer.write_text(out),
        Format::Json => write_json_line(out, answer),
    }
}

/// Writes `value` as one line of JSON.
pub fn write_json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// The message for a puzzle crate's error about the input `source`, composed from the
/// error's position fields: `source:line:column: message` for a place in the text,
/// `source: row R, column C: message` (1-based) for a cell, `source: message` otherwise.
pub fn input_error(source: &str, err: &(impl Positioned + Display + ?Sized)) -> String {
    if let Some(position) = err.text_position() {
        return format!("{source}:{position}: {err}");
    }
    if let Some(cell) = err.cell() {
        return format!(
            "{source}: row {}, column {}: {err}",
            cell.row + 1,
            cell.col + 1
        );
    }
    format!("{source}: {err}")
}

/// Writes `gridsolve: message` on standard error: every error, warning and note of the
/// binary goes through here (or through [`message_line`] when it is gathered on a
/// worker thread and written later in input order).
pub fn message(message: impl Display) {
    eprint!("{}", message_line(message));
}

/// The line [`message`] writes, `gridsolve: message` with its newline, for callers that
/// gather messages and write them later in input order.
pub fn message_line(message: impl Display) -> String {
    format!("gridsolve: {message}\n")
}

/// A progress bar on standard error over `len` units of work. It draws only when
/// standard error is a terminal, so pipes and tests see nothing.
pub fn progress_bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let template = format!(
        "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// Whether the error chain ends in a closed pipe (as with `gridsolve ... | head`),
/// which ends the program quietly with exit 0.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::input_error;
    use grid_core::{Coord, Positioned, TextPosition};

    #[derive(Debug)]
    struct At(Option<TextPosition>, Option<Coord>);

    impl std::fmt::Display for At {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("expected `#`")
        }
    }

    impl Positioned for At {
        fn text_position(&self) -> Option<TextPosition> {
            self.0
        }
        fn cell(&self) -> Option<Coord> {
            self.1
        }
    }

    #[test]
    fn positions_come_from_fields() {
        let text = At(Some(TextPosition::at(2, 7)), None);
        assert_eq!(input_error("m.txt", &text), "m.txt:2:7: expected `#`");
        let line = At(Some(TextPosition::line(3)), Some(Coord::new(0, 0)));
        assert_eq!(input_error("<stdin>", &line), "<stdin>:3: expected `#`");
        let cell = At(None, Some(Coord::new(0, 1)));
        assert_eq!(input_error("f", &cell), "f: row 1, column 2: expected `#`");
        assert_eq!(input_error("f", &At(None, None)), "f: expected `#`");
    }
}
