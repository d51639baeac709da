//! Integer matrices from text: the JSON form and the whitespace-separated form.

use crate::text::{self, strip_bom};
use crate::{Grid, Positioned, TextPosition};

/// Why a matrix could not be parsed. Lines and columns are **1-based** and count
/// characters (not bytes), as editors show them; rows are 1-based too.
///
/// `Display` is the message alone; the position is in the fields and in
/// [`Positioned::text_position`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The input holds nothing but whitespace (or comment lines).
    #[error("no matrix found: the input is empty")]
    Empty,
    /// A token is not an integer that fits in an `i64`: not an integer at all
    /// (`expected an integer, found `x4``), or one too large or too small for an
    /// `i64` (`integer 99999999999999999999 is too large (at most 9223372036854775807)`),
    /// in the whitespace form or the JSON form alike.
    #[error("{}", invalid_number_message(token))]
    InvalidNumber {
        /// Line of the token.
        line: usize,
        /// Column of the token's first character.
        column: usize,
        /// The offending token as written (shown escaped in the message, so control
        /// characters such as NUL stay visible).
        token: String,
    },
    /// A row has a different length from the first row.
    #[error(
        "row {row} has {}, expected {expected} like row 1",
        text::count_of(*found, "value")
    )]
    Ragged {
        /// Line on which the row starts.
        line: usize,
        /// Column where the row starts: its `[` (or `{`) in the JSON and brace forms,
        /// its first value in the whitespace form.
        column: usize,
        /// The row's number, 1-based.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A blank line between two rows of the whitespace form: a matrix has none, so two
    /// matrices written one after the other are not read as one taller matrix.
    #[error(
        "a blank line between rows {row} and {}: a matrix has no blank lines between its \
         rows (one matrix per input)",
        row + 1
    )]
    BlankLine {
        /// The blank line (the first, where there are several).
        line: usize,
        /// The row before it, 1-based.
        row: usize,
    },
    /// The JSON form is malformed or is not an array of arrays of integers.
    #[error("{message}")]
    Json {
        /// Line where the JSON parser stopped.
        line: usize,
        /// Column where the JSON parser stopped.
        column: usize,
        /// What the parser expected, in its words.
        message: String,
    },
}

/// The message of [`ParseError::InvalidNumber`]: what `token` is, as an `i64`.
fn invalid_number_message(token: &str) -> String {
    match text::parse_integer(token, i64::MIN, i64::MAX) {
        Err(err) => err.to_string(),
        // Not built for a token that fits; say what was expected all the same.
        Ok(_) => format!("expected an integer, found {}", text::quote(token)),
    }
}

impl ParseError {
    /// The error of a matrix cut out of a larger text at `origin`, its place moved
    /// into that text (see [`TextPosition::within`]).
    ///
    /// ```
    /// use grid_core::{Positioned, TextPosition};
    /// let err = grid_core::parse_matrix("[[1, x]]").unwrap_err();
    /// let moved = err.within(TextPosition::at(4, 3));
    /// assert_eq!(moved.text_position(), Some(TextPosition::at(4, 8)));
    /// ```
    #[must_use]
    pub fn within(mut self, origin: TextPosition) -> ParseError {
        match &mut self {
            ParseError::InvalidNumber { line, column, .. }
            | ParseError::Ragged { line, column, .. }
            | ParseError::Json { line, column, .. } => {
                let at = TextPosition::at(*line, *column).within(origin);
                (*line, *column) = (at.line, at.column.unwrap_or(*column));
            }
            ParseError::BlankLine { line, .. } => {
                *line = TextPosition::line(*line).within(origin).line
            }
            ParseError::Empty => {}
        }
        self
    }
}

impl Positioned for ParseError {
    fn text_position(&self) -> Option<TextPosition> {
        match *self {
            ParseError::Empty => None,
            ParseError::InvalidNumber { line, column, .. }
            | ParseError::Json { line, column, .. }
            | ParseError::Ragged { line, column, .. } => Some(TextPosition::at(line, column)),
            ParseError::BlankLine { line, .. } => Some(TextPosition::line(line)),
        }
    }
}

/// Parses an integer matrix, choosing the form from the first non-blank character:
/// `[` means [JSON](crate::parse_json_matrix) (or NumPy's print of an array, the JSON
/// form without its commas: [`text::with_numpy_commas`]), `{` the [brace
/// form](crate::parse_brace_matrix) of C-family array literals (both with the `json`
/// feature), anything else the [whitespace form](parse_whitespace_matrix).
///
/// A leading byte-order mark is ignored and CRLF line endings are accepted, and so is
/// an assignment before the value (`grid = [[1,0],[0,1]]`: [`text::assignment_end`]).
///
/// # Errors
///
/// See [`crate::parse_json_matrix`] and [`parse_whitespace_matrix`]; without the `json`
/// feature, [`ParseError::Json`] at the `[` or `{` of a JSON or brace form.
///
/// # Examples
///
/// ```
/// let a = grid_core::parse_matrix("[[1,0],[0,1]]")?;
/// let b = grid_core::parse_matrix("1 0\n0 1\n")?;
/// assert_eq!(a, b);
/// # #[cfg(feature = "json")]
/// assert_eq!(grid_core::parse_matrix("[[1 0]\n [0 1]]")?, a);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_matrix(text: &str) -> Result<Grid<i64>, ParseError> {
    // `grid = [[1,0],[0,1]]`, as a problem statement writes it: the value alone.
    let unassigned = text::without_assignment(strip_bom(text));
    let text: &str = &unassigned;
    let start = text.trim_start();
    if start.starts_with(['[', '{']) {
        json_form(text)
    } else {
        parse_whitespace_matrix(text)
    }
}

/// The JSON or brace form of [`parse_matrix`], read with serde_json.
#[cfg(feature = "json")]
fn json_form(text: &str) -> Result<Grid<i64>, ParseError> {
    // What programs write in an array literal and JSON may not (comments, a comma
    // before a closing bracket), one space for each byte.
    let text = text::without_program_syntax(text);
    if text.trim_start().starts_with('[') {
        // NumPy's print (`[[1 0 0]` then ` [0 1 0]` a line) is the JSON form without
        // its commas.
        crate::parse_json_matrix(&text::with_numpy_commas(&text))
    } else {
        crate::parse_brace_matrix(&text)
    }
}

/// The JSON or brace form of [`parse_matrix`], which this build cannot read: an error at
/// the opening bracket.
#[cfg(not(feature = "json"))]
fn json_form(text: &str) -> Result<Grid<i64>, ParseError> {
    let line = text::lines(text).find(|l| !l.text.trim().is_empty());
    let (line, column) = line.map_or((1, 1), |l| {
        (
            l.number,
            text::column_of(l.text, l.text.len() - l.text.trim_start().len()),
        )
    });
    Err(ParseError::Json {
        line,
        column,
        message: "a matrix in the JSON or brace form needs grid-core's `json` feature".into(),
    })
}

/// Sorts the lines of a matrix read line by line (as [`parse_whitespace_matrix`] and
/// streaming readers do) into rows and lines to skip, and finds a blank line between two
/// rows ([`ParseError::BlankLine`]): blank lines before the first row and after the last
/// are skipped, and so are `#` comment lines anywhere.
///
/// ```
/// use grid_core::{ParseError, RowGaps};
/// let mut gaps = RowGaps::default();
/// assert_eq!(gaps.is_row(1, "", 0), Ok(false)); // before the first row
/// assert_eq!(gaps.is_row(2, "1 0", 0), Ok(true));
/// assert_eq!(gaps.is_row(3, "# note", 1), Ok(false));
/// assert_eq!(gaps.is_row(4, "  ", 1), Ok(false)); // maybe after the last row
/// assert_eq!(gaps.is_row(5, "0 1", 1), Err(ParseError::BlankLine { line: 4, row: 1 }));
/// ```
#[derive(Clone, Debug, Default)]
pub struct RowGaps {
    /// The first blank line after a row, until the next row shows it lies between two.
    blank: Option<usize>,
}

impl RowGaps {
    /// Whether line `number` (1-based), `line`, is a row of the matrix, `rows` rows
    /// having been read before it: `false` for a blank or comment line.
    ///
    /// # Errors
    ///
    /// [`ParseError::BlankLine`] for a row after a blank line that followed a row.
    pub fn is_row(&mut self, number: usize, line: &str, rows: usize) -> Result<bool, ParseError> {
        if line.trim().is_empty() {
            if rows > 0 {
                self.blank = self.blank.or(Some(number));
            }
            return Ok(false);
        }
        if text::is_blank_or_comment(line) {
            return Ok(false);
        }
        match self.blank {
            Some(blank) => Err(ParseError::BlankLine {
                line: blank,
                row: rows,
            }),
            None => Ok(true),
        }
    }
}

/// Parses rows of whitespace-separated integers, one row per line (spaces or tabs).
/// Lines whose first non-blank character is `#` are skipped, and so are blank lines
/// before the first row and after the last.
///
/// # Errors
///
/// - [`ParseError::Empty`] when no row is found.
/// - [`ParseError::InvalidNumber`] for a token that is not an `i64`, with its position.
/// - [`ParseError::Ragged`] when a row's length differs from the first row's.
/// - [`ParseError::BlankLine`] for a blank line between two rows (two matrices one
///   after the other, which would otherwise read as one).
pub fn parse_whitespace_matrix(text: &str) -> Result<Grid<i64>, ParseError> {
    let mut cells = Vec::new();
    let mut cols = None;
    let mut n_rows = 0;
    let mut gaps = RowGaps::default();
    for line in text::lines(text) {
        if !gaps.is_row(line.number, line.text, n_rows)? {
            continue;
        }
        let before = cells.len();
        for token in line.tokens() {
            let value = token
                .text
                .parse::<i64>()
                .map_err(|_| ParseError::InvalidNumber {
                    line: line.number,
                    column: token.column,
                    token: token.text.to_owned(),
                })?;
            cells.push(value);
        }
        let found = cells.len() - before;
        n_rows += 1;
        match cols {
            None => cols = Some(found),
            Some(expected) if expected != found => {
                return Err(ParseError::Ragged {
                    line: line.number,
                    column: line.tokens().next().map_or(1, |token| token.column),
                    row: n_rows,
                    expected,
                    found,
                });
            }
            Some(_) => {}
        }
    }
    let cols = cols.ok_or(ParseError::Empty)?;
    let grid = Grid::from_vec(n_rows, cols, cells);
    Ok(grid.expect("rows checked to be equal length")) // invariant: every row pushed `cols` cells
}

#[cfg(all(test, feature = "json"))]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::json_error_at;
    use proptest::prelude::*;

    #[test]
    fn a_blank_line_between_rows_is_refused_where_it_is() {
        // Two 2 x 2 matrices one after the other are not one 4 x 2 matrix.
        let err = parse_matrix("1 0\n1 1\n\n\n1 1\n1 1\n").unwrap_err();
        assert_eq!(err, ParseError::BlankLine { line: 3, row: 2 });
        assert_eq!(err.text_position(), Some(TextPosition::line(3)));
        assert!(
            err.to_string()
                .starts_with("a blank line between rows 2 and 3")
        );
        // Blank lines around the rows, and comments between them, are fine.
        let grid = parse_matrix("\n\n1 0\n# note\n0 1\n\n\n").unwrap();
        assert_eq!((grid.rows(), grid.cols()), (2, 2));
    }

    #[test]
    fn json_and_whitespace_forms_agree() {
        let json = parse_matrix("[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]").unwrap();
        let text = parse_matrix("\n1 0 0 0\n1 1 0 1\r\n# a comment\n1 1 0 0\n0 1 1 1\n\n").unwrap();
        assert_eq!(json, text);
        assert_eq!((json.rows(), json.cols()), (4, 4));
        assert_eq!(json.cells()[4..8], [1, 1, 0, 1]);
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            parse_matrix("1 2\n3 x4\n"),
            Err(ParseError::InvalidNumber {
                line: 2,
                column: 3,
                token: "x4".into()
            })
        );
        assert_eq!(
            parse_matrix("1 2\n# a comment\n 3\n"),
            Err(ParseError::Ragged {
                line: 3,
                column: 2,
                row: 2,
                expected: 2,
                found: 1
            })
        );
        assert_eq!(
            parse_matrix("[[1,2],\n [3]]"),
            Err(ParseError::Ragged {
                line: 2,
                column: 2,
                row: 2,
                expected: 2,
                found: 1
            })
        );
        let huge = "99999999999999999999999";
        assert_eq!(
            parse_matrix(&format!("[[1,2],\n [3, {huge}]]")),
            Err(ParseError::InvalidNumber {
                line: 2,
                column: 6,
                token: huge.into()
            })
        );
        let err = parse_matrix(&format!("1 2\n3 -{huge}\n")).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
        assert_eq!(
            err.to_string(),
            format!("integer -{huge} is too small (at least -9223372036854775808)")
        );
        let err = parse_matrix("{{1, 9223372036854775808}}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 6)));
        assert_eq!(
            err.to_string(),
            "integer 9223372036854775808 is too large (at most 9223372036854775807)"
        );
        let err = parse_matrix("[[1,2],\n [3,").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 4)));
        assert_eq!(parse_matrix(" \n\t\n"), Err(ParseError::Empty));
        assert_eq!(parse_matrix("\u{feff}"), Err(ParseError::Empty));
    }

    #[test]
    fn brace_form_reads_like_json() {
        let brace =
            parse_matrix("{{1, 0, 0, 0}, {1, 1, 0, 1},\n {1, 1, 0, 0}, {0, 1, 1, 1}}").unwrap();
        let json = parse_matrix("[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]").unwrap();
        assert_eq!(brace, json);
        assert_eq!(parse_matrix("{}").unwrap().rows(), 0);
        assert_eq!(
            parse_matrix("{{1, 2},\n {3}}"),
            Err(ParseError::Ragged {
                line: 2,
                column: 2,
                row: 2,
                expected: 2,
                found: 1
            })
        );
        let err = parse_matrix("{{1, 0, 1}, {1, 1}}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 13)));
        assert_eq!(err.to_string(), "row 2 has 2 values, expected 3 like row 1");
        let err = parse_matrix("{{1, 2} {3, 4}}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 9)));
        assert_eq!(err.to_string(), "expected `,` or `}`");
        let err = parse_matrix("{{1, 2},\n [3, 4]}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 2)));
    }

    #[test]
    fn integers_beyond_u128_are_named_at_their_first_digit() {
        let text = format!(r#"{{"count": 1{}}}"#, "0".repeat(42));
        let e = serde_json::from_str::<std::collections::HashMap<String, u128>>(&text).unwrap_err();
        let (at, message) = json_error_at(&text, &e);
        assert_eq!(at, TextPosition::at(1, 11));
        assert_eq!(
            message,
            format!(
                "integer 1{} is too large (at most 340282366920938463463374607431768211455)",
                "0".repeat(42)
            )
        );
    }

    #[test]
    fn tokens_out_of_place_are_named_as_written() {
        let err = parse_matrix("[[-1,-1],[-1,1e3]]").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 14)));
        assert_eq!(err.to_string(), "expected an integer, found `1e3`");
        let err = parse_matrix("{{1, 0}, {1, x}}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 14)));
        assert_eq!(err.to_string(), "expected an integer, found `x`");
        let err = parse_matrix("{\"maze\":[[1]]}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 2)));
        assert_eq!(
            err.to_string(),
            "expected `{` to open a row, found `\"maze\"`"
        );
        let err = parse_matrix("{abc{1, 1}, {1, 1}}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 2)));
        assert_eq!(err.to_string(), "expected `{` to open a row, found `abc`");
        let err = parse_matrix("{\"a\" {1, 1}, {1, 1}}").unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 2)));
        assert_eq!(err.to_string(), "expected `{` to open a row, found `\"a\"`");
    }

    #[test]
    fn bom_and_tabs_are_accepted() {
        let grid = parse_matrix("\u{feff}1\t-1\n2  3").unwrap();
        assert_eq!(grid.cells(), [1, -1, 2, 3]);
    }

    #[test]
    fn deeply_nested_json_is_an_error_not_a_crash() {
        let text = "[".repeat(100_000);
        assert!(matches!(parse_matrix(&text), Err(ParseError::Json { .. })));
    }

    proptest! {
        #[test]
        fn display_round_trips(rows in 1usize..6, cols in 1usize..6, seed in any::<u64>()) {
            let cells: Vec<i64> = (0..rows * cols)
                .map(|i| (seed.wrapping_mul(i as u64 + 1) % 201) as i64 - 100)
                .collect();
            let grid = Grid::from_vec(rows, cols, cells).unwrap();
            prop_assert_eq!(parse_matrix(&grid.to_string()).unwrap(), grid);
        }

        #[test]
        fn arbitrary_text_never_panics(text in ".{0,200}") {
            let _ = parse_matrix(&text);
        }

        #[test]
        fn brace_text_never_panics(text in "[{}\\[\\], 0-9\n-]{0,80}") {
            let _ = parse_matrix(&format!("{{{text}"));
        }
    }
}
