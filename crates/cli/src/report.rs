//! Output formats, outcomes and exit codes shared by every subcommand.

use std::collections::BTreeSet;
use std::fmt::Display;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

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
    /// CSV (RFC 4180): a header row, then one row per answer with the fields of its
    /// JSON line (lists joined by spaces).
    Csv,
    /// Sudoku Explainer's `serate` line, `PUZZLE ED=ER/EP/ED` (`sudoku grade` only).
    Serate,
}

impl Format {
    /// What the format writes, in words: `text`, `JSON lines`, `CSV`.
    pub fn words(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "JSON lines",
            Format::Csv => "CSV",
            Format::Serate => "serate lines",
        }
    }

    /// Refuses `--format serate` for every command but `sudoku grade`, the one whose
    /// answers are Sudoku Explainer's ratings.
    ///
    /// # Errors
    ///
    /// `--format serate` when `rates` is false.
    pub fn refuse_serate(self, rates: bool) -> anyhow::Result<()> {
        anyhow::ensure!(
            self != Format::Serate || rates,
            "--format serate: only `gridsolve sudoku grade` prints Sudoku Explainer's ratings (PUZZLE ED=ER/EP/ED); use --format text, json or csv"
        );
        Ok(())
    }

    /// Refuses CSV for a command whose answers are not rows of one kind (`what`
    /// says why), with a message that names the forms it has.
    ///
    /// # Errors
    ///
    /// `--format csv`.
    pub fn refuse_csv(self, what: &str) -> anyhow::Result<()> {
        anyhow::ensure!(
            self != Format::Csv,
            "--format csv: {what}, so they make no one table; use --format json (one JSON object per line) or text"
        );
        Ok(())
    }
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
    /// Ctrl-C stopped the work; the answer is what it had found (exit 130, see
    /// [`crate::interrupt`]).
    Interrupted,
}

impl Outcome {
    /// The process exit code for this outcome.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Answered => ExitCode::SUCCESS,
            Outcome::NoSolution => ExitCode::from(1),
            Outcome::Undecided => ExitCode::from(3),
            Outcome::BadInput => ExitCode::from(2),
            Outcome::Interrupted => ExitCode::from(crate::interrupt::EXIT_CODE),
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
    /// `answered`, `no_solution`, `undecided`, `invalid` or `interrupted`.
    pub fn status(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::NoSolution => "no_solution",
            Outcome::Undecided => "undecided",
            Outcome::BadInput => "invalid",
            Outcome::Interrupted => "interrupted",
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

    /// The CSV columns of a stream of answers of this type, in order: every key its
    /// JSON lines can have that a table should keep, `"status"` and (for a batch, whose
    /// bad records are rows too) `"error"`. Empty (the default) for an answer written
    /// alone: its own keys, in the order of its JSON line.
    fn csv_columns() -> Vec<&'static str>
    where
        Self: Sized,
    {
        Vec::new()
    }

    /// The answer's SVG picture, when `--draw svg` asked for one (and the answer has
    /// something to draw): [`emit`] writes it instead of the text, or in JSON as the
    /// `"drawing"` (or `"drawing_file"` under `--output-dir`).
    fn picture(&self) -> Option<&Picture> {
        None
    }

    /// Writes the answer as Sudoku Explainer's `serate` prints a rating (`--format
    /// serate`: `PUZZLE ED=ER/EP/ED`), ending with a newline; the text form by default
    /// (a bad record's `invalid`), since only `sudoku grade` takes this form.
    fn write_serate(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_text(out)
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

    /// Writes the file of `--output-dir` (creating the folder), when there is one, and
    /// returns the path it wrote. Two inputs whose names give one file name (`a/m.txt`
    /// and `b/m.json`) never overwrite each other: a path this run has already written
    /// gets `-2`, `-3`, ... before its extension (`m-2.svg`), and the answer names the
    /// file it got.
    ///
    /// # Errors
    ///
    /// When the folder or the file cannot be written.
    fn save(&self) -> io::Result<Option<String>> {
        let Some(wanted) = &self.file else {
            return Ok(None);
        };
        let file = unused_path(wanted);
        let file = &file;
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| named(e, "cannot create", dir))?;
        }
        std::fs::write(file, &self.svg).map_err(|e| named(e, "cannot write", file))?;
        Ok(Some(file.display().to_string()))
    }
}

/// `wanted`, or `wanted` with the first `-N` (N = 2, 3, ...) before its extension that
/// this run has not written yet; marked as written.
fn unused_path(wanted: &std::path::Path) -> PathBuf {
    static WRITTEN: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let Ok(mut written) = WRITTEN.lock() else {
        return wanted.to_path_buf();
    };
    let stem = wanted.file_stem().unwrap_or_default().to_string_lossy();
    let extension = wanted.extension().map(|e| e.to_string_lossy());
    let mut path = wanted.to_path_buf();
    let mut n = 1;
    while written.contains(&path) {
        n += 1;
        let name = match &extension {
            Some(extension) => format!("{stem}-{n}.{extension}"),
            None => format!("{stem}-{n}"),
        };
        path = wanted.with_file_name(name);
    }
    written.insert(path.clone());
    path
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

/// Writes `answer` in `format` (its text, its SVG picture, one line of JSON, or a CSV
/// header and one row) and returns its outcome. The one place that chooses between the
/// output forms (with [`emit_in`], its form for a stream of answers).
///
/// With a [`Picture`] (`--draw svg`), text is the SVG document alone, so that standard
/// output is a valid SVG file for one answer (and one document after another for a
/// batch); under `--output-dir` the document goes to its file and the text is the
/// file's path. JSON keeps every key and adds `"drawing"` (the document) or
/// `"drawing_file"` (its path).
///
/// CSV: the header names the columns ([`Answer::csv_columns`], or the answer's own
/// keys), the row holds the values of its JSON line under them, quoted by RFC 4180
/// (a field with a comma, a quote, a CR or LF is quoted, its quotes doubled; rows end
/// in LF, as Unix tools and the `csv` crate write them; spreadsheets read both). Values
/// are flattened: a string as it is, a number or `true`/`false` as in JSON, `null` or an
/// absent key as an empty field, a list of scalars as its items separated by spaces
/// (`1 15 22`), a list of lists of scalars the same way with each inner list joined by
/// commas (`0,0 0,1`), anything deeper as its compact JSON text.
///
/// # Errors
///
/// A write error of `out` or of the picture's file, or an answer that cannot be
/// serialized.
pub fn emit<A: Answer>(out: &mut dyn Write, format: Format, answer: &A) -> io::Result<Outcome> {
    emit_as(out, format, answer, &A::csv_columns(), &mut true)
}

/// The columns bad input fills (the keys of [`Invalid`] but `"status"`): a verb that
/// reads a file lists them after its answer's columns ([`with_error_columns`]), so that
/// one CSV header fits every outcome, a bad file's included.
pub const ERROR_COLUMNS: [&str; 5] = ["file", "line", "column", "cell", "error"];

/// `columns` followed by the [`ERROR_COLUMNS`] they lack.
pub fn with_error_columns(columns: &[&'static str]) -> Vec<&'static str> {
    let mut all = columns.to_vec();
    all.extend(ERROR_COLUMNS.iter().filter(|c| !columns.contains(c)));
    all
}

/// [`emit`] in CSV in `columns` (empty: the answer's own keys): bad input, written in
/// the columns of the answers of the verb that read it.
///
/// # Errors
///
/// A write error of `out`, or an answer that cannot be serialized.
pub fn emit_in_columns(
    out: &mut dyn Write,
    format: Format,
    answer: &impl Answer,
    columns: &[&str],
) -> io::Result<Outcome> {
    emit_as(out, format, answer, columns, &mut true)
}

/// Writes `answer` as one answer of a stream of answers of type `C` (a batch, or a
/// listing): as [`emit`], but in CSV in the columns of `C` and with the header only
/// while `*header` is true (it is then cleared), so a stream has one header.
///
/// # Errors
///
/// A write error of `out` or of the picture's file, or an answer that cannot be
/// serialized.
pub fn emit_in<C: Answer>(
    out: &mut dyn Write,
    format: Format,
    answer: &impl Answer,
    header: &mut bool,
) -> io::Result<Outcome> {
    emit_as(out, format, answer, &C::csv_columns(), header)
}

/// Writes `lines` (each ended with a newline) in text only: the frame of a text
/// output whose answers are records written as read, such as the elements of an
/// OpenSudoku document around its games (`sudoku dedupe`). JSON and CSV have one line
/// or row per answer and no place for them.
///
/// # Errors
///
/// A write error of `out`.
pub fn write_text_frame<'a>(
    out: &mut dyn Write,
    format: Format,
    lines: impl IntoIterator<Item = &'a str>,
) -> io::Result<()> {
    if format == Format::Text {
        for line in lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// [`emit`] with the CSV columns given (empty: the answer's own keys).
fn emit_as<A: Answer>(
    out: &mut dyn Write,
    format: Format,
    answer: &A,
    columns: &[&str],
    header: &mut bool,
) -> io::Result<Outcome> {
    let picture = answer.picture();
    let saved = match picture {
        Some(picture) => picture.save()?,
        None => None,
    };
    let line = JsonLine {
        answer,
        drawing: picture.filter(|p| p.file.is_none()).map(Picture::svg),
        drawing_file: saved.clone(),
        status: answer.status(),
    };
    match format {
        Format::Text => match (picture, saved) {
            (_, Some(file)) => writeln!(out, "{file}")?,
            (Some(picture), None) => out.write_all(picture.svg().as_bytes())?,
            (None, None) => answer.write_text(out)?,
        },
        Format::Json => {
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
        Format::Csv => csv::write(out, &line, columns, std::mem::take(header))?,
        Format::Serate => answer.write_serate(out)?,
    }
    Ok(answer.outcome())
}

/// An answer with one list that grows with the input (every path of a maze), written
/// item by item as the verb finds them by [`emit_listing`], so that memory does not
/// grow with the list. Its serde form is the answer's keys before the list (often none
/// of its own: a maze file's name comes first through its wrapper); the list follows
/// under [`Listing::KEY`], then the keys of [`Listing::End`], what the verb knows once
/// the list is complete (a count, whether more exist), with its outcome and status.
///
/// Each form reads as if the answer had been written whole with [`emit`]: the same JSON
/// line (`{"file":"m.txt","paths":["DR","RD"],"count":2,...}`), the same text (the
/// head, one item after another, then the end's text), the same CSV row, except that
/// the list's CSV field is always quoted, since it is written before its content is
/// known, and its items are separated by `;` (`"DR;RD"`), since an item may hold
/// spaces (a path under the diagonal moves, `D DR R`).
pub trait Listing: Serialize {
    /// The list's key in JSON and its CSV column.
    const KEY: &'static str;
    /// One item of the list.
    type Item: Serialize + ?Sized;
    /// What is known when the list is complete: its keys follow the list, its outcome
    /// and `"status"` are the answer's, its text follows the items.
    type End: Answer;

    /// Every column of a stream of answers of this type (see [`Answer::csv_columns`]):
    /// the head's keys, [`Listing::KEY`], then the end's keys and `"status"`.
    fn csv_columns() -> Vec<&'static str>;

    /// The text before the items (a `== file ==` header); nothing by default.
    fn write_head_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let _ = out;
        Ok(())
    }

    /// One item as text, ending with a newline.
    fn write_item_text(&self, item: &Self::Item, out: &mut dyn Write) -> io::Result<()>;
}

/// Where a verb puts the items of a [`Listing`] as it finds them: [`emit_listing`]
/// hands it one, and each [`Items::push`] writes the item at once, in the output form.
pub struct Items<'a, L: Listing> {
    out: &'a mut dyn Write,
    format: Format,
    head: &'a L,
    written: u64,
}

impl<L: Listing> Items<'_, L> {
    /// Writes `item` as the next item of the list.
    ///
    /// # Errors
    ///
    /// A write error of the output (a closed pipe ends the listing), or an item that
    /// cannot be serialized.
    pub fn push(&mut self, item: &L::Item) -> io::Result<()> {
        let first = self.written == 0;
        self.written += 1;
        match self.format {
            Format::Text | Format::Serate => self.head.write_item_text(item, self.out),
            Format::Json => {
                if !first {
                    self.out.write_all(b",")?;
                }
                serde_json::to_writer(&mut *self.out, item).map_err(io::Error::from)
            }
            Format::Csv => {
                // `;` between the items, which may hold spaces themselves (a maze path
                // under the diagonal moves, `D DR R`).
                if !first {
                    self.out.write_all(b";")?;
                }
                let json = serde_json::to_string(item)?;
                let raw = serde_json::value::RawValue::from_string(json)?;
                self.out
                    .write_all(csv::flatten(&raw).replace('"', "\"\"").as_bytes())
            }
        }
    }
}

/// Writes the listing `head` in `format` as one answer of a stream of such answers
/// (the CSV header only while `*header` is true, then cleared), its items as `list`
/// pushes them into the [`Items`] it is given (see [`Listing`]), then the end `list`
/// returns; returns the end's outcome. The streaming form of [`emit_in`]: the list is
/// never held.
///
/// # Errors
///
/// A write error of `out`, or what `list` returns.
pub fn emit_listing<L: Listing>(
    out: &mut dyn Write,
    format: Format,
    head: &L,
    header: &mut bool,
    list: impl FnOnce(&mut Items<'_, L>) -> io::Result<L::End>,
) -> io::Result<Outcome> {
    let columns = L::csv_columns();
    let key_at = columns.iter().position(|c| *c == L::KEY);
    match format {
        // `--format serate` is refused before any listing verb runs (refuse_serate).
        Format::Text | Format::Serate => head.write_head_text(out)?,
        Format::Json => {
            let own = serde_json::to_string(head)?;
            let own = own.strip_suffix('}').unwrap_or("{");
            let comma = if own == "{" { "" } else { "," };
            let key = serde_json::to_string(L::KEY)?;
            write!(out, "{own}{comma}{key}:[")?;
        }
        Format::Csv => {
            let mut text = String::new();
            if std::mem::take(header) {
                csv::row(&mut text, columns.iter().map(|c| (*c).to_owned()));
            }
            let fields = csv::ordered(head)?;
            for column in &columns[..key_at.unwrap_or(columns.len())] {
                csv::cell_into(&mut text, &csv::field(&fields, column));
                text.push(',');
            }
            text.push('"');
            out.write_all(text.as_bytes())?;
        }
    }
    let mut items = Items {
        out: &mut *out,
        format,
        head,
        written: 0,
    };
    let end = list(&mut items)?;
    let line = JsonLine {
        answer: &end,
        drawing: None,
        drawing_file: None,
        status: end.status(),
    };
    match format {
        Format::Text | Format::Serate => end.write_text(out)?,
        Format::Json => {
            let rest = serde_json::to_string(&line)?;
            let rest = rest.strip_prefix('{').unwrap_or("}");
            let comma = if rest == "}" { "" } else { "," };
            writeln!(out, "]{comma}{rest}")?;
        }
        Format::Csv => {
            let fields = csv::ordered(&line)?;
            let mut text = String::from("\"");
            let after = key_at.map_or(&[][..], |at| &columns[at + 1..]);
            for column in after {
                text.push(',');
                csv::cell_into(&mut text, &csv::field(&fields, column));
            }
            text.push('\n');
            out.write_all(text.as_bytes())?;
        }
    }
    Ok(end.outcome())
}

/// Writes `answer` (a bad input) as one answer of a stream of [`Listing`]s of type `L`:
/// as [`emit_in`], in CSV a row in the columns of `L`.
///
/// # Errors
///
/// A write error of `out`, or an answer that cannot be serialized.
pub fn emit_among<L: Listing>(
    out: &mut dyn Write,
    format: Format,
    answer: &impl Answer,
    header: &mut bool,
) -> io::Result<Outcome> {
    emit_as(out, format, answer, &L::csv_columns(), header)
}

/// The CSV form of [`emit`]: a JSON line's keys, in their order, flattened into one row.
mod csv {
    use std::fmt;
    use std::io::{self, Write};

    use serde::de::{Deserializer as _, MapAccess, Visitor};
    use serde_json::Value;
    use serde_json::value::RawValue;

    /// The keys of a JSON object in their order, each with its value's JSON text.
    struct Ordered(Vec<(String, Box<RawValue>)>);

    /// Writes the header (when `header`) and the row of `line` in `columns` (empty:
    /// the line's own keys).
    pub(super) fn write(
        out: &mut dyn Write,
        line: &impl serde::Serialize,
        columns: &[&str],
        header: bool,
    ) -> io::Result<()> {
        let fields = ordered(line)?;
        let own: Vec<&str>;
        let columns = if columns.is_empty() {
            own = fields.iter().map(|(k, _)| k.as_str()).collect();
            &own[..]
        } else {
            columns
        };
        let mut text = String::new();
        if header {
            row(&mut text, columns.iter().map(|c| (*c).to_owned()));
        }
        row(
            &mut text,
            columns.iter().map(|column| field(&fields, column)),
        );
        out.write_all(text.as_bytes())
    }

    /// The keys of `line`'s JSON object in their order, each with its value's JSON text.
    pub(super) fn ordered(
        line: &impl serde::Serialize,
    ) -> io::Result<Vec<(String, Box<RawValue>)>> {
        let json = serde_json::to_string(line)?;
        let mut de = serde_json::Deserializer::from_str(&json);
        let Ordered(fields) = (&mut de).deserialize_map(OrderedSeed)?;
        Ok(fields)
    }

    /// The field of `column` among `fields`, flattened (see [`flatten`]); empty when
    /// absent. Not quoted.
    pub(super) fn field(fields: &[(String, Box<RawValue>)], column: &str) -> String {
        fields
            .iter()
            .find(|(k, _)| k == column)
            .map_or_else(String::new, |(_, v)| flatten(v))
    }

    /// Deserializes an [`Ordered`] from a deserializer that is asked for a map.
    struct OrderedSeed;

    impl<'de> Visitor<'de> for OrderedSeed {
        type Value = Ordered;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Ordered, M::Error> {
            let mut keys = Vec::new();
            while let Some(entry) = map.next_entry()? {
                keys.push(entry);
            }
            Ok(Ordered(keys))
        }
    }

    /// Appends one row: the fields quoted where RFC 4180 asks, separated by commas,
    /// ended by LF.
    pub(super) fn row(text: &mut String, cells: impl Iterator<Item = String>) {
        for (i, cell) in cells.enumerate() {
            if i > 0 {
                text.push(',');
            }
            cell_into(text, &cell);
        }
        text.push('\n');
    }

    /// Appends one field, quoted where RFC 4180 asks (a comma, a quote, CR or LF).
    pub(super) fn cell_into(text: &mut String, cell: &str) {
        if cell.contains([',', '"', '\r', '\n']) {
            text.push('"');
            text.push_str(&cell.replace('"', "\"\""));
            text.push('"');
        } else {
            text.push_str(cell);
        }
    }

    /// A scalar as a field: a string as it is, `null` empty, a number or a boolean as
    /// the JSON line writes it (a count beyond 2^64 keeps every digit: read into a
    /// `serde_json::Value` it would become a double, `2.721701486919903e+22`).
    fn scalar(raw: &RawValue) -> Option<String> {
        match serde_json::from_str::<Value>(raw.get()).ok()? {
            Value::Null => Some(String::new()),
            Value::String(s) => Some(s),
            Value::Bool(_) | Value::Number(_) => Some(raw.get().trim().to_owned()),
            Value::Array(_) | Value::Object(_) => None,
        }
    }

    /// One value as a field (see [`super::emit`]): scalars as they are, lists of
    /// scalars (or of lists of scalars) joined, anything deeper as its JSON text.
    pub(super) fn flatten(raw: &RawValue) -> String {
        if let Some(field) = scalar(raw) {
            return field;
        }
        let joined = serde_json::from_str::<Vec<Box<RawValue>>>(raw.get())
            .ok()
            .and_then(|items| {
                items
                    .iter()
                    .map(|item| {
                        scalar(item).or_else(|| {
                            serde_json::from_str::<Vec<Box<RawValue>>>(item.get())
                                .ok()?
                                .iter()
                                .map(|inner| scalar(inner))
                                .collect::<Option<Vec<_>>>()
                                .map(|inner| inner.join(","))
                        })
                    })
                    .collect::<Option<Vec<_>>>()
            });
        joined.map_or_else(|| raw.get().to_owned(), |items| items.join(" "))
    }
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
    /// The record is a puzzle all the same (its givens clash): see
    /// [`Invalid::of_a_puzzle`].
    #[serde(skip)]
    a_puzzle: bool,
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
            a_puzzle: false,
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
            a_puzzle: false,
        }
    }

    /// `self` about a record that is a puzzle all the same, read whole but breaking
    /// the rules (givens that clash): a batch does not count it among the bad records
    /// that make an input no puzzle file ([`crate::batch::Reader::bad_start_limit`]).
    pub fn of_a_puzzle(mut self) -> Invalid {
        self.a_puzzle = true;
        self
    }

    /// Whether [`Invalid::of_a_puzzle`] marked it.
    pub fn is_a_puzzle(&self) -> bool {
        self.a_puzzle
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
            a_puzzle: _,
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

/// Ends the standard output of a batch that Ctrl-C stopped: in JSON, the line
/// `{"status":"interrupted","answered":N}` (`N` the records answered above it); CSV
/// one more row in the answers' `columns` (after the header, while `*header` is true),
/// empty but for its `status`, `interrupted`; text nothing (standard error says it).
///
/// # Errors
///
/// A write error of `out`.
pub fn write_interrupted(
    out: &mut dyn Write,
    format: Format,
    answered: usize,
    columns: &[&str],
    header: &mut bool,
) -> io::Result<()> {
    let status = Outcome::Interrupted.status();
    match format {
        Format::Json => {
            let line = serde_json::json!({ "status": status, "answered": answered });
            writeln!(out, "{line}")
        }
        Format::Csv if !columns.is_empty() => csv::write(
            out,
            &serde_json::json!({ "status": status }),
            columns,
            std::mem::take(header),
        ),
        _ => Ok(()),
    }
}

/// Ends a listing that stopped at its `--limit` with more answers left: in JSON
/// `{"status": "limit", "answered": K, "exact": false}` (`exact` as every count that
/// stopped at a limit says it); in CSV one more row in the answers' `columns`, empty
/// but for its `status`, `limit`; nothing in text (standard error says it there).
///
/// # Errors
///
/// A write error of `out`.
pub fn write_limit_reached(
    out: &mut dyn Write,
    format: Format,
    answered: u64,
    columns: &[&str],
) -> io::Result<()> {
    match format {
        Format::Json => {
            let line =
                serde_json::json!({ "status": "limit", "answered": answered, "exact": false });
            writeln!(out, "{line}")
        }
        Format::Csv if !columns.is_empty() => csv::write(
            out,
            &serde_json::json!({ "status": "limit" }),
            columns,
            false,
        ),
        _ => Ok(()),
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

/// A duration in the largest unit that keeps the number readable, to two significant
/// digits: `64 seconds`, `2.1 minutes`, `270 years`, `18 million years`.
pub fn rough_duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    let (value, unit, units) = if seconds < 90.0 {
        (seconds, "second", "seconds")
    } else if seconds < 90.0 * MINUTE {
        (seconds / MINUTE, "minute", "minutes")
    } else if seconds < 2.0 * DAY {
        (seconds / HOUR, "hour", "hours")
    } else if seconds < 2.0 * YEAR {
        (seconds / DAY, "day", "days")
    } else if seconds < 1e6 * YEAR {
        (seconds / YEAR, "year", "years")
    } else {
        (seconds / YEAR / 1e6, "million years", "million years")
    };
    let number = two_digits(value);
    format!("{number} {}", if number == "1" { unit } else { units })
}

/// `value` rounded to two significant digits (`272` is `270`, `2.13` is `2.1`, `2.0` is `2`).
fn two_digits(value: f64) -> String {
    if value >= 10.0 {
        let scale = 10f64.powi(value.log10().floor() as i32 - 1);
        format!("{}", ((value / scale).round() * scale) as u64)
    } else {
        let text = format!("{value:.1}");
        text.strip_suffix(".0").map_or(text.clone(), str::to_owned)
    }
}

/// A progress bar on standard error over `len` units of work. It draws only when
/// standard error is a terminal, so pipes and tests see nothing.
pub fn progress_bar(len: u64, unit: &str) -> ProgressBar {
    styled_bar(
        len,
        &format!(
            "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {unit} ({{rate}}, eta {{eta}})"
        ),
    )
}

/// A spinner on standard error for a count of unknown length (`maze count`'s
/// enumeration, `queens complete --count`): `what` (the file's name, the board's size)
/// and the `unit`s counted so far;
/// like [`progress_bar`], drawn only on a terminal, and ticking on its own (the
/// elapsed time runs on where reports are rare). Add it to a `MultiProgress`
/// so that counts running side by side (`--jobs`) each keep a line.
pub fn count_spinner(what: &str, unit: &str) -> ProgressBar {
    let bar = styled_bar(
        0,
        &format!(
            "{{spinner}} [{{elapsed_precise}}] {{prefix}}: {{human_pos}} {unit} counted so far"
        ),
    );
    bar.set_prefix(what.to_owned());
    // Ticks on its own, so the elapsed time runs on between reports.
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

/// A bar over `len` units drawn with indicatif's `template`, which may also name
/// `{rate}`: units a second, rounded (`12.5/s`, `3402/s`; indicatif's `{per_sec}`
/// writes every digit, `40.1088/s`).
fn styled_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", rate(state.per_sec()));
            },
        ));
    }
    bar
}

/// Units a second as a progress bar shows them: one decimal below 100, none above.
fn rate(per_second: f64) -> String {
    if per_second < 100.0 {
        format!("{per_second:.1}/s")
    } else {
        format!("{per_second:.0}/s")
    }
}

/// A progress bar on standard error over an input file of `len` bytes, the part read
/// so far in readable units (`12.3 MiB/48.0 MiB of the input`), with the time left;
/// like [`progress_bar`], drawn only on a terminal.
pub fn input_progress_bar(len: u64) -> ProgressBar {
    styled_bar(
        len,
        "{spinner} [{elapsed_precise}] {wide_bar} {binary_bytes}/{binary_total_bytes} \
         of the input ({binary_bytes_per_sec}, eta {eta})",
    )
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
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    /// A fresh user's finding: the rate showed every digit indicatif had (`40.1088/s`).
    #[test]
    fn a_progress_rate_is_rounded() {
        assert_eq!(rate(40.1088), "40.1/s");
        assert_eq!(rate(0.04), "0.0/s");
        assert_eq!(rate(3402.49), "3402/s");
    }
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

    #[derive(Serialize)]
    struct Row {
        line: usize,
        text: &'static str,
        route: Vec<u32>,
        path: Vec<[usize; 2]>,
        steps: Vec<Found>,
        missing: Option<u32>,
    }

    impl Answer for Row {
        fn outcome(&self) -> Outcome {
            Outcome::Answered
        }
        fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
            writeln!(out, "{}", self.line)
        }
        fn csv_columns() -> Vec<&'static str> {
            vec![
                "line", "text", "route", "path", "steps", "missing", "status", "error",
            ]
        }
    }

    fn row(line: usize, text: &'static str) -> Row {
        Row {
            line,
            text,
            route: vec![1, 15, 22],
            path: vec![[0, 0], [1, 0]],
            steps: vec![Found { n: 2 }],
            missing: None,
        }
    }

    #[test]
    fn csv_quotes_by_rfc_4180_and_flattens_lists() {
        let (text, outcome) = emitted(Format::Csv, &row(3, "a, \"b\"\nc"));
        assert_eq!(outcome, Outcome::Answered);
        assert_eq!(
            text,
            "line,text,route,path,steps,missing,status,error\n\
             3,\"a, \"\"b\"\"\nc\",1 15 22,\"0,0 1,0\",\"[{\"\"n\"\":2}]\",,answered,\n"
        );
        // An answer written alone, with no columns of its own: its keys.
        assert_eq!(
            emitted(Format::Csv, &Found { n: 0 }).0,
            "n,status\n0,no_solution\n"
        );
    }

    /// A float in a CSV field is the double of the JSON line, digit for digit, in a list
    /// too (read back without serde_json's `float_roundtrip`, 0.012783576722298429 came
    /// out as ...427, one unit in the last place off).
    #[test]
    fn csv_floats_are_the_json_lines_doubles() {
        let values = [
            0.012_783_576_722_298_429_f64,
            0.223_387_134_024_963_19,
            1e-300,
            0.1,
        ];
        let line = serde_json::json!({ "x": values[0], "list": values });
        let mut out = Vec::new();
        csv::write(&mut out, &line, &[], true).expect("writes");
        let text = String::from_utf8(out).expect("UTF-8");
        let row = text.lines().nth(1).expect("a row");
        let json: Vec<String> = values
            .iter()
            .map(|v| serde_json::to_string(v).expect("a number"))
            .collect();
        // `json!` orders its keys: the list first.
        assert_eq!(row, format!("{},{}", json.join(" "), json[0]));
    }

    /// An integer beyond 2^64 (a maze's path count is a u128) keeps every digit in a
    /// CSV field, alone and in a list; it had come out as `2.721701486919903e+22`.
    #[test]
    fn csv_integers_beyond_64_bits_keep_every_digit() {
        #[derive(Serialize)]
        struct Counts {
            count: u128,
            counts: Vec<u128>,
            pairs: Vec<[u128; 2]>,
        }
        let big = 27_217_014_869_199_032_015_600_u128;
        let counts = Counts {
            count: big,
            counts: vec![u128::MAX, 7],
            pairs: vec![[big, 1]],
        };
        let mut out = Vec::new();
        csv::write(&mut out, &counts, &[], true).expect("writes");
        let text = String::from_utf8(out).expect("UTF-8");
        assert_eq!(
            text,
            format!("count,counts,pairs\n{big},{} 7,\"{big},1\"\n", u128::MAX)
        );
    }

    #[test]
    fn a_stream_has_one_header_and_bad_records_take_its_columns() {
        let mut out = Vec::new();
        let mut header = true;
        emit_in::<Row>(&mut out, Format::Csv, &row(1, "x"), &mut header).expect("writes");
        let invalid = Invalid::new("f.txt", &At(Some(TextPosition::at(2, 7)), None));
        let outcome = emit_in::<Row>(&mut out, Format::Csv, &invalid, &mut header).expect("writes");
        assert_eq!(outcome, Outcome::BadInput);
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "line,text,route,path,steps,missing,status,error\n\
             1,x,1 15 22,\"0,0 1,0\",\"[{\"\"n\"\":2}]\",,answered,\n\
             2,,,,,,invalid,expected `#`\n"
        );
    }

    /// A listing's head (a name before the list) and its end (a count after it).
    #[derive(Serialize)]
    struct Listed {
        name: &'static str,
    }

    impl Listing for Listed {
        const KEY: &'static str = "items";
        type Item = str;
        type End = Found;
        fn csv_columns() -> Vec<&'static str> {
            vec!["name", "items", "n", "status"]
        }
        fn write_head_text(&self, out: &mut dyn Write) -> io::Result<()> {
            writeln!(out, "== {} ==", self.name)
        }
        fn write_item_text(&self, item: &str, out: &mut dyn Write) -> io::Result<()> {
            writeln!(out, "- {item}")
        }
    }

    /// The same answer held whole, as `emit` writes it.
    #[derive(Serialize)]
    struct Whole {
        name: &'static str,
        items: Vec<&'static str>,
        n: u32,
    }

    impl Answer for Whole {
        fn outcome(&self) -> Outcome {
            Outcome::found(self.n > 0)
        }
        fn write_text(&self, _: &mut dyn Write) -> io::Result<()> {
            Ok(())
        }
        fn csv_columns() -> Vec<&'static str> {
            Listed::csv_columns()
        }
    }

    fn listed(format: Format, items: &[&str], header: &mut bool) -> (String, Outcome) {
        let mut out = Vec::new();
        let head = Listed { name: "m, \"x\"" };
        let outcome = emit_listing(&mut out, format, &head, header, |sink| {
            for item in items {
                sink.push(item)?;
            }
            Ok(Found {
                n: items.len() as u32,
            })
        })
        .expect("writes to memory");
        (String::from_utf8(out).expect("UTF-8"), outcome)
    }

    #[test]
    fn a_listing_reads_as_the_answer_written_whole() {
        for items in [&["a", "b\"c"][..], &[]] {
            let whole = Whole {
                name: "m, \"x\"",
                items: items.to_vec(),
                n: items.len() as u32,
            };
            let (json, outcome) = listed(Format::Json, items, &mut true);
            assert_eq!((json, outcome), emitted(Format::Json, &whole));
            // CSV: the same row, the list's field always quoted (here it has to be
            // anyway, or it is the empty field `""`), its items separated by `;`.
            let (csv, _) = listed(Format::Csv, items, &mut true);
            let (expected, _) = emitted(Format::Csv, &whole);
            let expected = expected.replace(",,0,", ",\"\",0,").replace("a b", "a;b");
            assert_eq!(csv, expected, "{items:?}");
            assert_eq!(listed(Format::Csv, items, &mut false).0.lines().count(), 1);
        }
        assert_eq!(
            listed(Format::Text, &["a", "b"], &mut true),
            (
                "== m, \"x\" ==\n- a\n- b\nn = 2\n".to_owned(),
                Outcome::Answered
            )
        );
        assert_eq!(listed(Format::Json, &[], &mut true).1, Outcome::NoSolution);
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
