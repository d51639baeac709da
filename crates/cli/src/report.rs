//! Output formats, outcomes and exit codes shared by every subcommand.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

use grid_core::{Positioned, TextPosition};
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
    /// The input was malformed or broke the puzzle's rules (exit 2).
    BadInput,
}

impl Outcome {
    /// The process exit code for this outcome.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Answered => ExitCode::SUCCESS,
            Outcome::NoSolution => ExitCode::from(1),
            Outcome::BadInput => ExitCode::from(2),
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

/// `source:line:column` (or `source:line` without a column), the position prefix of
/// every error message about input, in the form editors and compilers use.
pub fn location(source: &str, line: usize, column: Option<usize>) -> String {
    match column {
        Some(column) => format!("{source}:{line}:{column}"),
        None => format!("{source}:{line}"),
    }
}

/// The message for a puzzle crate's error about the input `source`, composed from the
/// error's position fields: `source:line:column: message` for a place in the text,
/// `source: row R, column C: message` (1-based) for a cell, `source: message` otherwise.
pub fn input_error(source: &str, err: &(impl Positioned + Display + ?Sized)) -> String {
    if let Some(TextPosition { line, column }) = err.text_position() {
        return format!("{}: {err}", location(source, line, column));
    }
    if let Some(cell) = err.cell() {
        return format!(
            "{source}: row {}, column {}: {err}",
            cell.row + 1,
            cell.col + 1
        );
    }
    // Transitional: errors whose crate has not yet moved its positions into fields.
    locate_message(source, &err.to_string())
}

/// `source:line:column: detail` for an error about the text of `source`.
///
/// The puzzle crates' errors about a place in a text start with it, as `line L, column
/// C: detail` or `line L: detail` (1-based); that prefix becomes the
/// [`location`] form, so that every subcommand names positions alike. A message with
/// no such prefix (an empty input, a cell of a matrix, a board rule) follows the source:
/// `source: message`.
pub fn locate_message(source: &str, message: &str) -> String {
    match text_position(message) {
        Some((line, column, detail)) => format!("{}: {detail}", location(source, line, column)),
        None => format!("{source}: {message}"),
    }
}

/// Splits `line L, column C: detail` or `line L: detail` into L, C and the detail.
fn text_position(message: &str) -> Option<(usize, Option<usize>, &str)> {
    fn leading_number(s: &str) -> Option<(usize, &str)> {
        let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        Some((s[..end].parse().ok()?, &s[end..]))
    }
    let (line, rest) = leading_number(message.strip_prefix("line ")?)?;
    let (column, rest) = match rest.strip_prefix(", column ") {
        Some(rest) => {
            let (column, rest) = leading_number(rest)?;
            (Some(column), rest)
        }
        None => (None, rest),
    };
    Some((line, column, rest.strip_prefix(": ")?))
}

/// Reports one bad record of a batch on standard error, `gridsolve: where: what`, and
/// lets the batch go on.
pub fn report_bad_record(place: &str, message: impl Display) {
    eprint!("{}", bad_record_line(place, message));
}

/// The line [`report_bad_record`] writes, with its newline, for callers that gather
/// messages (on worker threads) and write them later in input order.
pub fn bad_record_line(place: &str, message: impl Display) -> String {
    format!("gridsolve: {place}: {message}\n")
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
    use super::locate_message;

    #[test]
    fn positions_at_the_start_of_a_message_become_file_line_column() {
        assert_eq!(
            locate_message("m.txt", "line 2, column 7: expected `#`, found '%'"),
            "m.txt:2:7: expected `#`, found '%'"
        );
        assert_eq!(
            locate_message(
                "<stdin>",
                "line 3: row 3 has 2 values, expected 3 like row 1"
            ),
            "<stdin>:3: row 3 has 2 values, expected 3 like row 1"
        );
    }

    #[test]
    fn other_messages_follow_the_source() {
        for message in [
            "no maze found: the input is empty",
            "row 1, column 2: expected 0 (blocked) or 1 (open), found 2",
            "line of sight",
            "line 4 is fine",
            "line 4, column x: odd",
        ] {
            assert_eq!(locate_message("f", message), format!("f: {message}"));
        }
    }
}
