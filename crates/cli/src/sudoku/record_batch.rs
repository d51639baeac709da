//! The batch of a record verb (solve, count, check, hint, explain, grade): every record
//! of the input answered through [`crate::batch`] (in input order, on `--jobs`
//! threads, memory bounded), a record that is no puzzle answered as a [`Rejected`]
//! one, and the verb's summary on standard error.
//!
//! A verb supplies a [`RecordVerb`]: how to answer one record, what it counts, and
//! its summary.

use std::io::{self, Write};
use std::time::Instant;

use serde::Serialize;
use sudoku::Record;

use super::records::{Given, InputArgs, Item, Records};
use crate::batch::{self, Rendered};
use crate::report::{self, Answer, Format, Invalid, Outcome};

/// A verb that answers every record of its input.
pub(super) trait RecordVerb: Sync {
    /// The answer to one record.
    type Answer: Answer;
    /// What the verb adds up over its answers, for its summary.
    type Tally: batch::Tally;

    /// Answers `record` of the input `source`, with a note for standard error when
    /// there is one; `Err` when the record is no puzzle (bad input).
    fn answer(&self, record: &Record, source: &str) -> Result<Noted<Self::Answer>, Invalid>;

    /// The rules the verb reads its records under when not the classic ones
    /// (`--variant`), which a bad record's JSON and CSV name as its answers do; `None`
    /// by default.
    fn variant(&self) -> Option<&'static str> {
        None
    }

    /// Whether a bad record's text (`invalid`) is followed by a blank line, a paragraph
    /// of its own as every answer is (`solve --draw`); no by default.
    fn paragraphs(&self) -> bool {
        false
    }

    /// Whether the answers are SVG pictures on standard output or their files' paths
    /// (`--draw svg`, `--output-dir`): a bad record then writes nothing there (its
    /// error is on standard error, its JSON line still has it), so that standard
    /// output holds pictures or paths only; no by default.
    fn pictures(&self) -> bool {
        false
    }

    /// How many records to read and answer at a time on `threads` threads (see
    /// [`batch::Pace`]); many small records by default.
    fn pace(&self, threads: usize) -> batch::Pace {
        let _ = threads;
        batch::Pace::SMALL_RECORDS
    }

    /// Counts `answer` in `tally`.
    fn count(&self, answer: &Self::Answer, tally: &mut Self::Tally);

    /// The summary lines for standard error (without the `gridsolve: ` prefix) of an
    /// input `source` whose records came to `tally`, begun at `started`.
    fn summary(&self, source: &str, tally: &Counted<Self::Tally>, started: Instant) -> Vec<String>;
}

/// An answer and its note for standard error (`file:line: ...`), if any.
pub(super) struct Noted<A> {
    /// The answer.
    pub answer: A,
    /// A line for standard error beside the answer.
    pub note: Option<String>,
}

impl<A> Noted<A> {
    /// `answer` without a note.
    pub fn plain(answer: A) -> Noted<A> {
        Noted { answer, note: None }
    }
}

/// The tally of a batch: its records, the bad ones, and what the verb counts.
#[derive(Debug, Default)]
pub(super) struct Counted<T> {
    /// Records answered, bad ones included.
    pub records: u64,
    /// Records that are no puzzle.
    pub invalid: u64,
    /// What the verb counts.
    pub of: T,
}

impl<T: batch::Tally> batch::Tally for Counted<T> {
    fn add(&mut self, other: &Self) {
        self.records += other.records;
        self.invalid += other.invalid;
        self.of.add(&other.of);
    }
}

/// A record that is no puzzle, as the record verbs answer it: the [`Invalid`] answer
/// and the record's text (JSON `{"file", "line", "column", "cell", "error", "puzzle",
/// "variant", "id", "given_rating", "status": "invalid"}`, no `"puzzle"` for a line
/// that is not text, `"variant"` under other rules than the classic ones, `"id"` and
/// `"given_rating"` when the line gave them), whose text is the word
/// `invalid`, so that standard output keeps one answer per record.
#[derive(Debug, Serialize)]
pub(super) struct Rejected {
    #[serde(flatten)]
    invalid: Invalid,
    /// The record's text as read.
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    /// The rules it was to be read under ([`RecordVerb::variant`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
    /// The id and rating the record was given with, read though the puzzle was not,
    /// so that a script can match the error to its record.
    #[serde(flatten)]
    given: Given,
    /// Whether the text is a paragraph (followed by a blank line).
    #[serde(skip)]
    paragraph: bool,
    /// Whether the text says `invalid` (a verb with one answer per record); a verb that
    /// keeps some records (`dedupe`) or draws its answers ([`RecordVerb::pictures`])
    /// writes nothing for a bad one.
    #[serde(skip)]
    in_text: bool,
}

impl Rejected {
    /// The record (if it is text) rejected for `invalid`, as a verb that writes
    /// nothing for it in text (`dedupe`) answers it: JSON and CSV still have its line,
    /// with the text as `"puzzle"` and its id and given rating.
    pub(super) fn silent_in_text(invalid: Invalid, record: Option<&Record>) -> Rejected {
        Rejected {
            invalid,
            puzzle: record.map(|r| r.echo().to_owned()),
            variant: None,
            given: record.map(Given::of).unwrap_or_default(),
            paragraph: false,
            in_text: false,
        }
    }

    /// The message for standard error, naming the file and the place.
    pub(super) fn message(&self) -> String {
        self.invalid.message()
    }

    /// Whether the record is a puzzle all the same ([`Invalid::is_a_puzzle`]).
    pub(super) fn is_a_puzzle(&self) -> bool {
        self.invalid.is_a_puzzle()
    }
}

impl Answer for Rejected {
    fn outcome(&self) -> Outcome {
        self.invalid.outcome()
    }

    fn status(&self) -> Option<&'static str> {
        self.invalid.status()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if !self.in_text {
            return Ok(());
        }
        writeln!(out, "invalid")?;
        if self.paragraph {
            writeln!(out)?;
        }
        Ok(())
    }

    /// serate's line shape, so that every puzzle record still gives one `ED=` line:
    /// the record's first line as read, then `ED=?/?/?` (`?` for a line that is not
    /// text); the reason is on standard error. No words follow, so that the line read
    /// back is the same bad record again, not a title.
    fn write_serate(&self, out: &mut dyn Write) -> io::Result<()> {
        let first = self
            .puzzle
            .as_deref()
            .and_then(|text| text.lines().next())
            // A serate line read back: its old `ED=` goes, as on a rated line.
            .map(|line| line.split_once(" ED=").map_or(line, |(cells, _)| cells))
            .map_or("?", str::trim);
        writeln!(out, "{first} ED=?/?/?")
    }
}

/// A [`RecordVerb`] at work on one input: what a worker needs.
struct Answering<'a, V> {
    verb: &'a V,
    source: &'a str,
    format: Format,
}

impl<V: RecordVerb> batch::Batch for Answering<'_, V> {
    type Record = Item;
    type Tally = Counted<V::Tally>;

    fn pace(&self, threads: usize) -> batch::Pace {
        self.verb.pace(threads)
    }

    fn format(&self) -> Format {
        self.format
    }

    fn csv_columns(&self) -> Vec<&'static str> {
        V::Answer::csv_columns()
    }

    fn answer(&self, item: &Item, into: &mut Rendered<Self::Tally>) -> anyhow::Result<Outcome> {
        into.tally.records += 1;
        let (answered, record) = match item {
            Item::Text(record) => (self.verb.answer(record, self.source), Some(record)),
            Item::Unreadable(bad) => (Err(Invalid::new(self.source, bad)), None),
        };
        let outcome = match answered {
            Ok(Noted { answer, note }) => {
                self.verb.count(&answer, &mut into.tally.of);
                into.push(self.format, &answer, note)?
            }
            Err(invalid) => {
                into.tally.invalid += 1;
                if invalid.is_a_puzzle() {
                    into.a_puzzle();
                }
                let rejected = Rejected {
                    invalid,
                    puzzle: record.map(|r| r.echo().to_owned()),
                    variant: self.verb.variant(),
                    given: record.map(Given::of).unwrap_or_default(),
                    paragraph: self.verb.paragraphs(),
                    in_text: !self.verb.pictures(),
                };
                let message = Some(rejected.invalid.message());
                into.push_as::<V::Answer>(self.format, &rejected, message)?
            }
        };
        Ok(outcome)
    }

    /// The stop as a bad answer in the verb's columns (no record, no text line: the
    /// message on standard error says it all).
    fn push_stop(
        &self,
        invalid: &Invalid,
        into: &mut Rendered<Self::Tally>,
    ) -> io::Result<Outcome> {
        let rejected = Rejected::silent_in_text(invalid.clone(), None);
        let message = Some(rejected.invalid.message());
        into.push_as::<V::Answer>(self.format, &rejected, message)
    }
}

/// Runs `verb` over the input of `args`: every answer on standard output in input
/// order, bad records and the summary on standard error.
///
/// # Errors
///
/// An input that cannot be opened or read, a write error, or an input that holds no
/// puzzle at all (an [`Invalid`]).
pub(super) fn run<V: RecordVerb>(
    verb: &V,
    args: &InputArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (mut records, bar) = Records::open(args)?;
    let started = Instant::now();
    let source = records.name.clone();
    let answering = Answering {
        verb,
        source: &source,
        format,
    };
    let summary = batch::run(&mut records, &answering, args.jobs, &bar, out)?;
    bar.finish_and_clear();
    out.flush()?;
    if summary.tally.records == 0 {
        return Err(records.no_puzzle().into());
    }
    // After a stop, its message is the last word (as when nothing was answered).
    if !summary.stopped {
        for line in verb.summary(&source, &summary.tally, started) {
            report::message(line);
        }
    }
    Ok(summary.outcome)
}
