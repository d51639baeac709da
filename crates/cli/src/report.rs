//! Output formats, outcomes and exit codes shared by every subcommand.

use std::fmt::Display;
use std::io::{self, Write};
use std::path::PathBuf;
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

    /// The `"status"` of a JSON line whose answer has no status of its own:
    /// `answered`, `no_solution`, `undecided` or `invalid`.
    pub fn status(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::NoSolution => "no_solution",
            Outcome::Undecided => "undecided",
            Outcome::BadInput => "invalid",
        }
    }

    /// The worse of two outcomes.
    pub fn worst(self, other: Outcome) -> Outcome {
        self.max(other)
    }
}

/// One answer of a verb, ready to be written for people or for scripts.
///
/// Every verb returns a typed answer that implements this trait: its text (for
/// people), its `serde::Serialize` form (for scripts) and its [`Outcome`] (for the
/// exit code). Only [`emit`] chooses between the forms, so every verb honours
/// `--format` the same way and a new output form is one new branch there.
///
/// Every JSON line has a `"status"`: the answer's own when its serde form writes one
/// (return `None` from [`Answer::status`]), else the word of its outcome
/// ([`Outcome::status`]), written after the answer's own keys.
pub trait Answer: Serialize {
    /// How it went: answered, no solution, undecided or bad input (the exit code).
    fn outcome(&self) -> Outcome;

    /// The `"status"` of its JSON line; `None` when its serde form writes its own.
    fn status(&self) -> Option<&'static str> {
        Some(self.outcome().status())
    }

    /// Writes the answer as readable text, ending with a newline (or nothing at all,
    /// as for [`Invalid`], whose message goes to standard error).
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()>;

    /// The answer's SVG picture, when `--draw svg` asked for one (and the answer has
    /// something to draw): [`emit`] writes it instead of the text, or in JSON as the
    /// `"drawing"` (or `"drawing_file"` under `--output-dir`).
    fn picture(&self) -> Option<&Picture> {
        None
    }
}

/// An answer's picture: one standalone SVG document (made with the `svg` crate by
/// `crate::picture`), and the file it goes to under `--output-dir` (`None`: standard
/// output).
#[derive(Clone, Debug)]
pub struct Picture {
    svg: String,
    file: Option<PathBuf>,
}

impl Picture {
    /// The picture `document` (an `svg::Document`, or the text of one as plotters
    /// writes it), written to `file` when there is one.
    pub fn new(document: &impl Display, file: Option<PathBuf>) -> Picture {
        Picture {
            svg: format!("{document}\n"),
            file,
        }
    }

    /// The SVG document, with its XML declaration, ending with a newline.
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// Writes the file of `--output-dir` (creating the folder), when there is one.
    fn save(&self) -> io::Result<Option<String>> {
        let Some(file) = &self.file else {
            return Ok(None);
        };
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| named(e, "cannot create", dir))?;
        }
        std::fs::write(file, &self.svg).map_err(|e| named(e, "cannot write", file))?;
        Ok(Some(file.display().to_string()))
    }
}

/// `e` with what could not be done to `path` in its message, its kind kept.
fn named(e: io::Error, what: &str, path: &std::path::Path) -> io::Error {
    io::Error::new(e.kind(), format!("{what} {}: {e}", path.display()))
}

/// The JSON line of an answer: its own keys, its picture when it has one, then
/// `"status"` when it has none.
#[derive(Serialize)]
struct JsonLine<'a, A> {
    #[serde(flatten)]
    answer: &'a A,
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'static str>,
}

/// Writes `answer` in `format` (its text, its SVG picture, or one line of JSON) and
/// returns its outcome. The one place that chooses between the output forms.
///
/// With a [`Picture`] (`--draw svg`), text is the SVG document alone, so that standard
/// output is a valid SVG file for one answer (and one document after another for a
/// batch); under `--output-dir` the document goes to its file and the text is the
/// file's path. JSON keeps every key and adds `"drawing"` (the document) or
/// `"drawing_file"` (its path).
///
/// # Errors
///
/// A write error of `out` or of the picture's file, or an answer that cannot be
/// serialized.
pub fn emit(out: &mut dyn Write, format: Format, answer: &impl Answer) -> io::Result<Outcome> {
    let picture = answer.picture();
    let saved = match picture {
        Some(picture) => picture.save()?,
        None => None,
    };
    match format {
        Format::Text => match (picture, saved) {
            (_, Some(file)) => writeln!(out, "{file}")?,
            (Some(picture), None) => out.write_all(picture.svg().as_bytes())?,
            (None, None) => answer.write_text(out)?,
        },
        Format::Json => {
            let line = JsonLine {
                answer,
                drawing: picture.filter(|p| p.file.is_none()).map(Picture::svg),
                drawing_file: saved,
                status: answer.status(),
            };
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(answer.outcome())
}

/// Bad input, as an answer: a file or record that could not be answered. Its message
/// (`file:line:column: what was expected`) goes to standard error; in JSON it is also
/// a line on standard output, so scripts get one line per input whatever happened to
/// it: `{"file", "line", "column", "cell", "error", "status": "invalid"}`, the place
/// in keys of its own (1-based line and column in characters; the cell `[row,
/// column]` 0-based like every cell of the JSON answers), absent when the problem has
/// none.
///
/// It is also an error (`std::error::Error`), so a verb that answers one input returns
/// it through `?`; `main` then writes it as the verb's answer.
#[derive(Clone, Debug, Serialize)]
pub struct Invalid {
    /// The file (or `<stdin>`) the input came from.
    file: String,
    /// 1-based line the error points at.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// 1-based column, in characters, the error points at.
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    /// The cell the error is about, `[row, column]`, 0-based.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<[usize; 2]>,
    /// What is wrong, without the file and the place.
    error: String,
}

impl Invalid {
    /// The puzzle crate's error `err` about the input `source` (a file name or
    /// `<stdin>`), with its place taken from the error's fields .
    pub fn new(source: &str, err: &(impl Positioned + Display + ?Sized)) -> Invalid {
        let position = err.text_position();
        Invalid {
            file: source.to_owned(),
            line: position.map(|p| p.line),
            column: position.and_then(|p| p.column),
            cell: err.cell().map(|c| [c.row, c.col]),
            error: err.to_string(),
        }
    }

    /// A problem of the input `source` with no place in it (a file that cannot be
    /// read, a setting that does not fit it): `error` says it all.
    pub fn whole(source: &str, error: impl Display) -> Invalid {
        Invalid {
            file: source.to_owned(),
            line: None,
            column: None,
            cell: None,
            error: error.to_string(),
        }
    }

    /// `self` with `more` after its message (a hint: `; did you mean ...`).
    pub fn with_hint(mut self, more: &str) -> Invalid {
        self.error.push_str(more);
        self
    }

    /// The message for standard error, naming the file and the place: see its `Display`.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// The message: `file:line:column: error`, `file: row R, column C: error` (1-based) or
/// `file: error`: the place in the text when the error has one, else its cell.
impl Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Invalid {
            file,
            line,
            column,
            cell,
            error,
        } = self;
        match (line, cell) {
            (Some(line), _) => {
                let position = match column {
                    Some(column) => TextPosition::at(*line, *column),
                    None => TextPosition::line(*line),
                };
                write!(f, "{file}:{position}: {error}")
            }
            (None, Some([row, col])) => {
                write!(f, "{file}: row {}, column {}: {error}", row + 1, col + 1)
            }
            (None, None) => write!(f, "{file}: {error}"),
        }
    }
}

impl std::error::Error for Invalid {}

impl Answer for Invalid {
    fn outcome(&self) -> Outcome {
        Outcome::BadInput
    }

    fn write_text(&self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
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
    use super::*;
    use grid_core::{Coord, Positioned, TextPosition};

    #[derive(Serialize)]
    struct Found {
        n: u32,
    }

    impl Answer for Found {
        fn outcome(&self) -> Outcome {
            Outcome::found(self.n > 0)
        }
        fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
            writeln!(out, "n = {}", self.n)
        }
    }

    fn emitted(format: Format, answer: &impl Answer) -> (String, Outcome) {
        let mut out = Vec::new();
        let outcome = emit(&mut out, format, answer).expect("writes to memory");
        (String::from_utf8(out).expect("UTF-8"), outcome)
    }

    #[test]
    fn every_json_line_has_a_status() {
        assert_eq!(
            emitted(Format::Json, &Found { n: 3 }),
            (
                "{\"n\":3,\"status\":\"answered\"}\n".to_owned(),
                Outcome::Answered
            )
        );
        assert_eq!(
            emitted(Format::Json, &Found { n: 0 }),
            (
                "{\"n\":0,\"status\":\"no_solution\"}\n".to_owned(),
                Outcome::NoSolution
            )
        );
        assert_eq!(
            emitted(Format::Text, &Found { n: 3 }),
            ("n = 3\n".to_owned(), Outcome::Answered)
        );
    }

    #[test]
    fn bad_input_is_an_answer_with_its_place_in_keys() {
        let invalid = Invalid::new("m.txt", &At(Some(TextPosition::at(2, 7)), None));
        assert_eq!(invalid.message(), "m.txt:2:7: expected `#`");
        assert_eq!(
            emitted(Format::Json, &invalid),
            (
                "{\"file\":\"m.txt\",\"line\":2,\"column\":7,\"error\":\"expected `#`\",\"status\":\"invalid\"}\n"
                    .to_owned(),
                Outcome::BadInput
            )
        );
        assert_eq!(
            emitted(Format::Text, &invalid),
            (String::new(), Outcome::BadInput)
        );
        let cell = Invalid::new("f", &At(None, Some(Coord::new(0, 1)))).with_hint("; hint");
        assert_eq!(cell.message(), "f: row 1, column 2: expected `#`; hint");
        assert_eq!(
            emitted(Format::Json, &cell).0,
            "{\"file\":\"f\",\"cell\":[0,1],\"error\":\"expected `#`; hint\",\"status\":\"invalid\"}\n"
        );
        assert_eq!(
            Invalid::whole("<stdin>", "empty").message(),
            "<stdin>: empty"
        );
    }

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
        assert_eq!(
            Invalid::new("m.txt", &text).message(),
            "m.txt:2:7: expected `#`"
        );
        let line = At(Some(TextPosition::line(3)), Some(Coord::new(0, 0)));
        assert_eq!(
            Invalid::new("<stdin>", &line).message(),
            "<stdin>:3: expected `#`"
        );
        let cell = At(None, Some(Coord::new(0, 1)));
        assert_eq!(
            Invalid::new("f", &cell).message(),
            "f: row 1, column 2: expected `#`"
        );
        assert_eq!(
            Invalid::new("f", &At(None, None)).message(),
            "f: expected `#`"
        );
    }
}
