//! `gridsolve sudoku check`: whether every puzzle is proper (exactly one solution),
//! and for a LeetCode JSON board, LeetCode 36's question: do the givens clash?

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use sudoku::Record;

use super::puzzles::{self, Found, PuzzleTally, Reading, Search};
use super::record_batch::{self, Counted, Noted, RecordVerb};
use super::records::InputArgs;
use crate::report::{Answer, Format, Invalid, Outcome};

/// `gridsolve sudoku check`.
#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    variant: super::puzzles::VariantArg,
}

/// Runs `check` over its input.
pub(super) fn run(
    args: &CheckArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let check = Check {
        reading: Reading::new(&args.input, "check")?.with_variant(args.variant),
    };
    record_batch::run(&check, &args.input, format, out)
}

/// `check` at work.
struct Check {
    reading: Reading,
}

/// The answer of `check` to one record. JSON: `{"line": L, "puzzle": P, "status": "unique",
/// "count": N, "exact": true, "givens": G, "guesses": K}` (status `unique`,
/// `no_solution` or `multiple`), or for a JSON board `{"line": L, "status": "valid",
/// "givens": G}` or `{"line": L, "status": "not_valid", "error": "..."}`.
/// `"puzzle"` is the puzzle as written (its lines joined by `\n`), so that a
/// line can be matched to its input without counting lines.
#[derive(Debug, Serialize)]
pub(super) struct CheckAnswer {
    /// 1-based line of the record.
    line: usize,
    /// The puzzle as written ([`sudoku::Record::puzzle_as_written`]: its lines joined by
    /// `\n`, without the fields its line holds around it).
    puzzle: String,
    /// Its id and rating as the input gives them.
    #[serde(flatten)]
    given: super::records::Given,
    #[serde(flatten)]
    checked: Checked,
}

/// The verdict of `check`; `status` in JSON.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
enum Checked {
    /// Exactly one solution.
    Unique(Search),
    /// No solution.
    NoSolution(Search),
    /// More than one solution.
    Multiple(Search),
    /// A JSON board (LeetCode 36) whose givens do not clash.
    Valid {
        /// Filled cells of the board.
        givens: usize,
    },
    /// A JSON board (LeetCode 36) with two clashing givens.
    NotValid {
        /// The clash, in words.
        error: String,
    },
}

impl RecordVerb for Check {
    type Answer = CheckAnswer;
    type Tally = PuzzleTally;

    fn variant(&self) -> Option<&'static str> {
        self.reading.variant_name()
    }

    fn answer(&self, record: &Record, source: &str) -> Result<Noted<CheckAnswer>, Invalid> {
        if record.is_leetcode_board() {
            return self.check_board(record, source).map(Noted::plain);
        }
        let searched = self.reading.search(record, source, 2)?;
        let search = searched.search;
        let checked = match Found::of(&searched.verdict) {
            Found::Unique => Checked::Unique(search),
            Found::NoSolution => Checked::NoSolution(search),
            Found::Multiple => Checked::Multiple(search),
        };
        let answer = CheckAnswer {
            line: searched.line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            checked,
        };
        Ok(Noted {
            answer,
            note: searched.note,
        })
    }

    fn count(&self, answer: &CheckAnswer, tally: &mut PuzzleTally) {
        match answer.checked {
            Checked::Unique(_) => tally.solved += 1,
            Checked::NoSolution(_) => tally.no_solution += 1,
            Checked::Multiple(_) => tally.multiple += 1,
            Checked::Valid { .. } => tally.valid += 1,
            Checked::NotValid { .. } => tally.not_valid += 1,
        }
        if let Checked::Unique(search) = &answer.checked {
            tally.differs += u64::from(search.given_solution_differs());
        }
    }

    fn summary(&self, source: &str, tally: &Counted<PuzzleTally>, started: Instant) -> Vec<String> {
        vec![puzzles::summary_line(source, tally, "unique", started)]
    }
}

impl Check {
    /// `check` of a JSON board, with LeetCode 36's meaning: valid when the givens do
    /// not clash, whether or not the board has a solution.
    fn check_board(&self, record: &Record, source: &str) -> Result<CheckAnswer, Invalid> {
        let variant = self.reading.variant_of(record, source)?;
        let checked = match self.reading.parse_variant(record, source, &variant).puzzle {
            Ok(puzzle) => Checked::Valid {
                givens: puzzle.givens(),
            },
            Err(e) => match &e.error {
                sudoku::Error::Clash(clash) => Checked::NotValid {
                    error: clash.to_string(),
                },
                sudoku::Error::VariantClash(clash) => Checked::NotValid {
                    error: clash.to_string(),
                },
                _ => {
                    return Err(puzzles::rejected(
                        record,
                        source,
                        &e,
                        self.reading.map_unused(),
                    ));
                }
            },
        };
        Ok(CheckAnswer {
            line: record.first_line,
            puzzle: record.puzzle_as_written().to_owned(),
            given: super::records::Given::of(record),
            checked,
        })
    }
}

impl Answer for CheckAnswer {
    /// Every key of its JSON lines, a bad record's `error` last.
    fn csv_columns() -> Vec<&'static str> {
        puzzles::SEARCH_COLUMNS.to_vec()
    }

    fn outcome(&self) -> Outcome {
        // A proper puzzle whose given solution differs fails the check too: the
        // record is wrong, whichever half of it.
        Outcome::found(match &self.checked {
            Checked::Unique(search) => !search.given_solution_differs(),
            Checked::Valid { .. } => true,
            _ => false,
        })
    }

    fn status(&self) -> Option<&'static str> {
        None
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match &self.checked {
            Checked::Unique(_) => writeln!(out, "unique"),
            Checked::NoSolution(_) => writeln!(out, "no solution"),
            Checked::Multiple(_) => writeln!(out, "multiple solutions"),
            Checked::Valid { .. } => writeln!(out, "valid"),
            Checked::NotValid { error } => writeln!(out, "not valid: {error}"),
        }
    }
}
