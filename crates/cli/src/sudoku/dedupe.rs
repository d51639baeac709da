//! `gridsolve sudoku dedupe`: the first puzzle of each equivalence class, by minlex
//! form (`sudoku::canon`), streaming.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{self, Write};

use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use sudoku::{Record, XmlContext};

use super::canon::{form_text, minlex};
use super::puzzles::{self, Reading};
use super::record_batch::Rejected;
use super::records::{InputArgs, Item, Records};
use crate::batch::Reader;
use crate::report::{self, Answer, Format, Invalid, Outcome};

/// Records read and canonicalised together (on `--jobs` threads) before the kept ones
/// are written in input order.
const CHUNK: usize = 4096;

/// A record's minlex form, and the record.
type Canonical<'a> = ([u8; 81], &'a Record);

/// `gridsolve sudoku dedupe`.
#[derive(Debug, Args)]
pub(super) struct DedupeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// `--variant`, refused: classic puzzles only.
    #[command(flatten)]
    pub classic: super::puzzles::ClassicOnly,
    /// Answer the dropped duplicates too, each where it was read: in JSON and CSV as
    /// `"status": "duplicate"` with `"duplicate_of"`, the line of the kept puzzle of
    /// its class; each is also named on standard error (`FILE:LINE: duplicate of line
    /// N`, and the kept puzzle's column when its cells do not start the line), and
    /// text leaves it out of standard output, the deduplicated collection.
    #[arg(long)]
    pub duplicates: bool,
}

/// A kept puzzle, or with `--duplicates` a dropped one. JSON: `{"line": L, "puzzle": P,
/// "id": I, "given_rating": R, "canonical": "000...", "status": "kept"}` (`id` and
/// `given_rating` when the input gave them), a dropped one `"status": "duplicate",
/// "duplicate_of": M` (the kept puzzle's line); text: a kept record as read.
#[derive(Debug, Serialize)]
pub(super) struct Kept {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written, without the fields its line holds around it
    /// ([`Record::puzzle_as_written`]), as the other verbs answer it.
    puzzle: String,
    /// The record's text as read, id, rating and comment too: what text writes.
    #[serde(skip)]
    text: String,
    /// The id and rating the record was given with.
    #[serde(flatten)]
    given: super::records::Given,
    /// Its minlex form, 0 for a blank.
    canonical: String,
    /// For a dropped duplicate, the 1-based line of the kept puzzle of its class.
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicate_of: Option<usize>,
    /// The header line of the CSV table this kept row is the first of, as read:
    /// text writes it before the row, so that the output is a table too.
    #[serde(skip)]
    header_first: Option<String>,
    /// The lines text writes before the record: the OpenSudoku elements to close
    /// and to open around a kept game (see [`OpenSudokuOutput`]).
    #[serde(skip)]
    frame: Vec<String>,
    /// For an OpenSudoku game, what text writes in place of `text`: its element
    /// alone, indented (the rest of its line is the document's tags).
    #[serde(skip)]
    element: Option<String>,
}

impl Answer for Kept {
    fn csv_columns() -> Vec<&'static str> {
        [
            "line",
            "puzzle",
            "id",
            "given_rating",
            "canonical",
            "status",
            "duplicate_of",
        ]
        .into_iter()
        .chain(puzzles::PLACE_COLUMNS)
        .collect()
    }

    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn status(&self) -> Option<&'static str> {
        Some(if self.duplicate_of.is_some() {
            "duplicate"
        } else {
            "kept"
        })
    }

    /// The puzzle as read, after its table's header when it is the first kept row of
    /// a CSV table; nothing for a duplicate, so that standard output stays the
    /// deduplicated collection (the duplicate is named on standard error).
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.duplicate_of.is_some() {
            return Ok(());
        }
        for line in &self.frame {
            writeln!(out, "{line}")?;
        }
        if let Some(header) = &self.header_first {
            writeln!(out, "{header}")?;
        }
        writeln!(out, "{}", self.element.as_deref().unwrap_or(&self.text))
    }
}

/// The OpenSudoku document that text output writes the kept games of OpenSudoku files
/// in: the first document's declaration, then each kept game inside the elements open
/// around it where it was read (its [`sudoku::XmlContext`]: the `<opensudoku>` root with
/// a pack's details, a version 2 export's `<folder>`), an element opened when the first
/// kept game inside it is written and closed when a game outside it is, or at the end.
/// Every file's games go into one root, so that concatenated files make one document;
/// an element whose games were all dropped (or that held none) is left out.
#[derive(Debug, Default)]
struct OpenSudokuOutput {
    /// Whether a game was written: the declaration goes before the first.
    started: bool,
    /// The elements open in the output, outermost first: name and start tag.
    open: Vec<(String, String)>,
}

impl OpenSudokuOutput {
    /// The lines to write before a kept game that stands in `context`: the elements
    /// to close, then those to open, each with its details. The root is the same for
    /// every file (by name); other elements are the same when their start tags are.
    fn before(&mut self, context: &XmlContext) -> Vec<String> {
        let mut lines = Vec::new();
        if !self.started {
            lines.extend(context.declaration.clone());
            self.started = true;
        }
        // A game outside any element (after its file's `</opensudoku>`) goes into the
        // output's root, so that the output stays one document.
        let same = if context.open.is_empty() {
            self.open.len().min(1)
        } else {
            self.open
                .iter()
                .zip(&context.open)
                .enumerate()
                .take_while(|(depth, ((name, start), element))| match depth {
                    0 => *name == element.name,
                    _ => *start == element.start_tag,
                })
                .count()
        };
        lines.extend(self.close_from(same));
        for element in context.open.iter().skip(same) {
            let depth = self.open.len();
            lines.push(format!("{}{}", indent(depth), element.start_tag));
            let details = element.details.iter();
            lines.extend(details.map(|detail| format!("{}{detail}", indent(depth + 1))));
            self.open
                .push((element.name.clone(), element.start_tag.clone()));
        }
        lines
    }

    /// A kept game's element, indented by its depth in the output; closed where its
    /// `</game>` stood on another line.
    fn game(&self, element: &str) -> String {
        let close = if element.ends_with("/>") || element.ends_with("</game>") {
            ""
        } else {
            "</game>"
        };
        format!("{}{element}{close}", indent(self.open.len()))
    }

    /// The end tags of the elements open from depth `depth` on, innermost first.
    fn close_from(&mut self, depth: usize) -> Vec<String> {
        let closed: Vec<(String, String)> = self.open.drain(depth.min(self.open.len())..).collect();
        closed
            .iter()
            .enumerate()
            .rev()
            .map(|(i, (name, _))| format!("{}</{name}>", indent(depth + i)))
            .collect()
    }
}

/// Two spaces a level, as the app writes its files.
fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

/// Ends a dedupe that bad input stopped (`stop`: an input found to be no puzzle file,
/// binary data): after `total` records answered, one more bad answer in their columns
/// (the CSV header is out: no second one), its message on standard error, and exit 2;
/// before any, the error itself, as every verb gives it.
fn stopped(
    stop: anyhow::Error,
    total: u64,
    format: Format,
    out: &mut dyn Write,
    header: &mut bool,
) -> anyhow::Result<Outcome> {
    out.flush()?;
    match stop.downcast::<Invalid>() {
        Ok(invalid) if total > 0 => {
            report::message(invalid.message());
            let rejected = Rejected::silent_in_text(invalid, None);
            report::emit_in::<Kept>(out, format, &rejected, header)?;
            out.flush()?;
            Ok(Outcome::BadInput)
        }
        Ok(invalid) => Err(invalid.into()),
        Err(stop) => Err(stop),
    }
}

/// Runs `dedupe`: writes each puzzle whose minlex form has not been seen before (with
/// `--duplicates`, the others too, as such), bad records on standard error (and as
/// `"status": "invalid"` lines in JSON and CSV), the counts on standard error.
pub(super) fn run(
    args: &DedupeArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let reading = Reading::new(&args.input, "dedupe")?;
    let pool = args.input.jobs.pool()?;
    let (mut records, _bar) = Records::open(&args.input)?;
    let source = records.name.clone();
    // Each form seen, and the line and column of the puzzle kept for it.
    let mut seen: HashMap<[u8; 81], (usize, usize)> = HashMap::new();
    let (mut total, mut kept, mut invalid) = (0u64, 0u64, 0u64);
    // Bad records that are no puzzle at all (a puzzle whose givens clash is one).
    let mut not_puzzles = 0u64;
    let mut header = true;
    // The header line of the CSV table the kept rows come from, which text writes
    // before the first of them (and again should a later table have another), so that
    // the output reads back as the table it came from.
    let mut table_header: Option<String> = None;
    // The OpenSudoku document the kept games of OpenSudoku files are written in.
    let mut xml = OpenSudokuOutput::default();
    let mut items = Vec::with_capacity(CHUNK + 1);
    // Small chunks until a record is good, so that an input of no puzzles (`yes 1 |`)
    // stops after a few error lines, as a batch does (Reader::bad_start_limit).
    let bad_start = records.bad_start_limit().unwrap_or(CHUNK);
    let mut chunk = bad_start;
    loop {
        items.clear();
        if let Err(stop) = records.read(chunk, &mut items) {
            return stopped(stop, total, format, out, &mut header);
        }
        if items.is_empty() {
            break;
        }
        let forms: Vec<Result<Canonical<'_>, Box<Rejected>>> = pool.install(|| {
            items
                .par_iter()
                .map(|item| match item {
                    Item::Text(record) => {
                        let parsed = reading.parse(record, &source);
                        let puzzle = parsed.puzzle.map_err(|e| {
                            let invalid = puzzles::rejected(record, &source, &e, true);
                            Box::new(Rejected::silent_in_text(invalid, Some(record)))
                        })?;
                        let form = minlex(&puzzle, record, &source).map_err(|invalid| {
                            Box::new(Rejected::silent_in_text(invalid, Some(record)))
                        })?;
                        Ok((form, record))
                    }
                    Item::Unreadable(bad) => Err(Box::new(Rejected::silent_in_text(
                        Invalid::new(&source, bad),
                        None,
                    ))),
                })
                .collect()
        });
        for form in forms {
            total += 1;
            match form {
                Ok((form, record)) => {
                    // (Not by comparing lines: one line may hold several games.)
                    let (offset, _) = record.puzzle_text();
                    let column = record.text[..offset].chars().count() + 1;
                    let first = match seen.entry(form) {
                        Entry::Vacant(new) => {
                            new.insert((record.first_line, column));
                            None
                        }
                        Entry::Occupied(first) => Some(*first.get()),
                    };
                    match first {
                        None => kept += 1,
                        Some(_) if !args.duplicates => continue,
                        // Named on standard error; a line in JSON and CSV, nothing
                        // on standard output in text (see `Kept::write_text`). Its
                        // cells' column when they do not start the line (a CSV row, an
                        // XML game, one of several on a line).
                        Some((line, column)) => report::message(format!(
                            "{source}:{}: duplicate of line {line}{}",
                            record.first_line,
                            if column > 1 {
                                format!(", column {column}")
                            } else {
                                String::new()
                            }
                        )),
                    }
                    let duplicate_of = first.map(|(line, _)| line);
                    // The table's header before its first kept row (text only).
                    let header_first = match record.table_header() {
                        Some(this)
                            if duplicate_of.is_none() && table_header.as_deref() != Some(this) =>
                        {
                            table_header = Some(this.to_owned());
                            table_header.clone()
                        }
                        _ => None,
                    };
                    // A kept game inside its document's elements; a kept record of
                    // another kind after the document's last game.
                    let (frame, element) = match (duplicate_of, record.xml_context()) {
                        (Some(_), _) => (Vec::new(), None),
                        (None, Some((context, element))) => {
                            (xml.before(context), Some(xml.game(element)))
                        }
                        (None, None) => (xml.close_from(0), None),
                    };
                    let answer = Kept {
                        line: record.first_line,
                        puzzle: record.puzzle_as_written().to_owned(),
                        text: record.echo().to_owned(),
                        given: super::records::Given::of(record),
                        canonical: form_text(&form),
                        duplicate_of,
                        header_first,
                        frame,
                        element,
                    };
                    report::emit_in::<Kept>(out, format, &answer, &mut header)?;
                }
                Err(bad) => {
                    invalid += 1;
                    not_puzzles += u64::from(!bad.is_a_puzzle());
                    report::message(bad.message());
                    // Nothing on standard output in text; a line in JSON and CSV.
                    report::emit_in::<Kept>(out, format, bad.as_ref(), &mut header)?;
                }
            }
        }
        if not_puzzles < total {
            chunk = CHUNK;
        } else if usize::try_from(not_puzzles).is_ok_and(|bad| bad >= bad_start) {
            let stop = records.not_puzzles(bad_start);
            return stopped(stop, total, format, out, &mut header);
        }
    }
    // The elements still open after the last kept game.
    let closing = xml.close_from(0);
    report::write_text_frame(out, format, closing.iter().map(String::as_str))?;
    out.flush()?;
    if total == 0 {
        return Err(records.no_puzzle().into());
    }
    report::message(format!(
        "{source}: {}: {kept} kept (one per equivalence class), {} dropped, {invalid} invalid",
        grid_core::text::count_of(total, "puzzle"),
        grid_core::text::count_of(total - kept - invalid, "duplicate")
    ));
    Ok(if invalid > 0 {
        Outcome::BadInput
    } else {
        Outcome::Answered
    })
}
