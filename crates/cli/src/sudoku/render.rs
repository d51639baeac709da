//! The typed answers of the sudoku verbs and their one rendering: text through
//! [`Render`], JSON through `serde` (written by [`crate::report::write_answer`]).

use std::fmt::Display;
use std::io::{self, Write};

use grid_core::{BoundedCount, Positioned};
use serde::{Serialize, Serializer};
use sudoku::{Alphabet, Sudoku};

use crate::report::Render;

/// What the text of an answer shows (JSON always shows the same fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Show {
    /// The solution (solve): one line, or a block followed by a blank line.
    Solution {
        /// Whether grids are drawn as blocks.
        block: bool,
    },
    /// The number of solutions (count).
    Count,
    /// The verdict in words (check).
    Check,
}

/// The answer to one record of a batch. JSON:
/// `{"line": L, "status": "solved", "solution": "...", "count": N, "exact": true,
/// "givens": G, "guesses": K}`, or `{"line": L, "status": "invalid", "error": "...",
/// "column": C}`. The keys are those of the status; `solution` (solve only) is null
/// when there is no unique solution, `column` is left out when the error names a
/// whole line.
#[derive(Debug, Serialize)]
pub(super) struct PuzzleAnswer {
    /// 1-based line of the record (of the error, for an invalid record).
    pub line: usize,
    /// The verdict and what goes with it.
    #[serde(flatten)]
    pub status: Status,
    /// What the text shows.
    #[serde(skip)]
    pub show: Show,
}

/// The verdict on one record; `status` in JSON.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub(super) enum Status {
    /// One solution (solve, count), or the first found (`solve --first`).
    Solved(Analysed),
    /// Exactly one solution (check).
    Unique(Analysed),
    /// No solution.
    NoSolution(Analysed),
    /// More than one solution.
    Multiple(Analysed),
    /// `check` of a JSON board (LeetCode 36): the givens do not clash.
    Valid {
        /// Filled cells of the board.
        givens: usize,
    },
    /// `check` of a JSON board (LeetCode 36): two givens clash.
    NotValid {
        /// The clash, in words.
        error: String,
    },
    /// Malformed text, clashing givens, or a line that is not text.
    Invalid(Invalid),
}

/// A record that is not a valid puzzle, as every sudoku verb answers it: in JSON
/// `"status": "invalid"` with the message and the column; the line is the answer's.
#[derive(Debug, Serialize)]
pub(super) struct Invalid {
    /// The message, without its position.
    pub error: String,
    /// 1-based column the error points at, when it points inside the line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl Invalid {
    /// The answer to a record (whose first line is `line`) rejected with `err`: the
    /// line the error points at (else `line`) and the answer.
    pub fn of(line: usize, err: &(impl Positioned + Display)) -> (usize, Invalid) {
        let position = err.text_position();
        let invalid = Invalid {
            error: err.to_string(),
            column: position.and_then(|p| p.column),
        };
        (position.map_or(line, |p| p.line), invalid)
    }
}

/// A solution, written in the input's alphabet (the standard one when `alphabet` is
/// `None`).
#[derive(Debug)]
pub(super) struct Solution {
    /// The solved grid.
    pub grid: Sudoku,
    /// The input's alphabet, when it is not the standard one.
    pub alphabet: Option<Alphabet>,
}

impl Solution {
    /// The block form, in the input's alphabet.
    pub fn block(&self) -> String {
        match &self.alphabet {
            Some(a) => a.block(&self.grid),
            None => self.grid.block().to_string(),
        }
    }
}

impl Display for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.alphabet {
            Some(a) => f.write_str(&a.line(&self.grid)),
            None => self.grid.fmt(f),
        }
    }
}

/// What the search found for a valid puzzle.
#[derive(Debug, Serialize)]
pub(super) struct Analysed {
    /// The solution, when the verb shows it (`None`: count and check, no key);
    /// `Some(None)` (`null`) when there is no solution to show.
    #[serde(serialize_with = "shown_text", skip_serializing_if = "Option::is_none")]
    pub solution: Option<Option<Solution>>,
    /// Solutions found up to the search's limit (`count`, `exact`).
    #[serde(flatten)]
    pub count: BoundedCount,
    /// Filled cells of the puzzle.
    pub givens: usize,
    /// Values tried at branch points.
    pub guesses: u64,
}

impl PuzzleAnswer {
    /// The answer for a record of `source` that could not be read or parsed, at the
    /// position the error carries (`line` when it carries none), and its message for
    /// standard error.
    pub fn rejected(
        source: &str,
        line: usize,
        err: &(impl Positioned + Display),
        show: Show,
    ) -> (PuzzleAnswer, Option<String>) {
        let (line, invalid) = Invalid::of(line, err);
        let answer = PuzzleAnswer {
            line,
            status: Status::Invalid(invalid),
            show,
        };
        (answer, Some(crate::report::input_error(source, err)))
    }
}

impl Render for PuzzleAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let analysed = match &self.status {
            Status::Invalid { .. } | Status::Valid { .. } | Status::NotValid { .. } => None,
            Status::Solved(a) | Status::Unique(a) | Status::NoSolution(a) | Status::Multiple(a) => {
                Some(a)
            }
        };
        match (&self.status, self.show, analysed) {
            (Status::Invalid { .. }, ..) => writeln!(out, "invalid")?,
            (Status::Valid { .. }, ..) => writeln!(out, "valid")?,
            (Status::NotValid { error }, ..) => writeln!(out, "not valid: {error}")?,
            (_, Show::Count, Some(a)) if a.count.exact => writeln!(out, "{}", a.count)?,
            (_, Show::Count, Some(a)) => writeln!(out, "{} (limit reached)", a.count)?,
            (Status::NoSolution(_), ..) => writeln!(out, "no solution")?,
            (Status::Multiple(_), ..) => writeln!(out, "multiple solutions")?,
            (Status::Unique(_), ..) => writeln!(out, "unique")?,
            (Status::Solved(a), Show::Solution { block }, _) => {
                match a.solution.as_ref().and_then(Option::as_ref) {
                    Some(s) if block => write!(out, "{}", s.block())?,
                    Some(s) => writeln!(out, "{s}")?,
                    None => writeln!(out, "solved")?,
                }
            }
            (Status::Solved(_), ..) => writeln!(out, "unique")?,
        }
        if self.show == (Show::Solution { block: true }) {
            writeln!(out)?;
        }
        Ok(())
    }
}

/// Serializes a value as the string of its `Display`, written straight into the
/// output (no `String` per value).
pub(super) fn text<S: Serializer>(value: &impl Display, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// [`text`] for an optional value (`null` for `None`).
pub(super) fn optional_text<S: Serializer>(
    value: &Option<impl Display>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

/// [`optional_text`] for a value a verb may not show at all (its key is then left
/// out by `skip_serializing_if`).
fn shown_text<S: Serializer>(
    value: &Option<Option<impl Display>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    optional_text(&value.as_ref().and_then(Option::as_ref), serializer)
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    fn solved(show: Show) -> PuzzleAnswer {
        let puzzle: Sudoku = "1...\n....\n....\n...4".parse().expect("parses");
        let analysis = puzzle.analyse(2);
        PuzzleAnswer {
            line: 3,
            status: Status::Multiple(Analysed {
                solution: None,
                count: analysis.count,
                givens: puzzle.givens(),
                guesses: analysis.stats.guesses,
            }),
            show,
        }
    }

    #[test]
    fn json_has_the_status_and_the_bounded_count() {
        let mut out = Vec::new();
        crate::report::write_json_line(&mut out, &solved(Show::Count)).expect("writes");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(
            text.starts_with(r#"{"line":3,"status":"multiple","count":2,"exact":false,"givens":2"#),
            "{text}"
        );
    }

    #[test]
    fn text_says_when_a_count_stopped_at_the_limit() {
        let mut out = Vec::new();
        solved(Show::Count).write_text(&mut out).expect("writes");
        assert_eq!(out, b"2+ (limit reached)\n");
    }
}
