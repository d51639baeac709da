//! `gridsolve sudoku dedupe`: the first puzzle of each equivalence class, by minlex
//! form (`sudoku::canon`), streaming.

use std::collections::HashSet;
use std::io::{self, Write};

use clap::Args;
use rayon::prelude::*;
use serde::Serialize;
use sudoku::Record;

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
}

/// A kept puzzle. JSON: `{"line": L, "puzzle": P, "id": I, "given_rating": R,
/// "canonical": "000...", "status": "kept"}` (`id` and `given_rating` when the input
/// gave them); text: the puzzle as read.
#[derive(Debug, Serialize)]
pub(super) struct Kept {
    /// 1-based line of the record.
    line: usize,
    /// The record's text as read.
    puzzle: String,
    /// The id and rating the record was given with.
    #[serde(flatten)]
    given: super::records::Given,
    /// Its minlex form, 0 for a blank.
    canonical: String,
}

impl Answer for Kept {
    fn csv_columns() -> Vec<&'static str> {
        vec![
            "line",
            "puzzle",
            "id",
            "given_rating",
            "canonical",
            "status",
            "file",
            "column",
            "cell",
            "error",
        ]
    }

    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn status(&self) -> Option<&'static str> {
        Some("kept")
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.puzzle)
    }
}

/// Runs `dedupe`: writes each puzzle whose minlex form has not been seen before, bad
/// records on standard error (and as `"status": "invalid"` lines in JSON and CSV), the
/// counts on standard error.
pub(super) fn run(
    args: &DedupeArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let reading = Reading::new(&args.input)?;
    let pool = args.input.jobs.pool()?;
    let (mut records, _bar) = Records::open(&args.input)?;
    let source = records.name.clone();
    let mut seen: HashSet<[u8; 81]> = HashSet::new();
    let (mut total, mut kept, mut invalid) = (0u64, 0u64, 0u64);
    let mut header = true;
    let mut items = Vec::with_capacity(CHUNK + 1);
    // Small chunks until a record is good, so that an input of no puzzles (`yes 1 |`)
    // stops after a few error lines, as a batch does (Reader::bad_start_limit).
    let bad_start = records.bad_start_limit().unwrap_or(CHUNK);
    let mut chunk = bad_start;
    loop {
        items.clear();
        records.read(chunk, &mut items)?;
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
                    if seen.insert(form) {
                        kept += 1;
                        let answer = Kept {
                            line: record.first_line,
                            puzzle: record.text.clone(),
                            given: super::records::Given::of(record),
                            canonical: form_text(&form),
                        };
                        report::emit_in::<Kept>(out, format, &answer, &mut header)?;
                    }
                }
                Err(bad) => {
                    invalid += 1;
                    report::message(bad.message());
                    // Nothing on standard output in text; a line in JSON and CSV.
                    report::emit_in::<Kept>(out, format, bad.as_ref(), &mut header)?;
                }
            }
        }
        if invalid < total {
            chunk = CHUNK;
        } else if usize::try_from(invalid).is_ok_and(|bad| bad >= bad_start) {
            out.flush()?;
            return Err(records.not_puzzles(bad_start));
        }
    }
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
