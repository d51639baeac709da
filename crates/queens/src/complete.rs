//! Completing a partial board: some queens already placed, some squares blocked.
//!
//! Gent, Jefferson and Nightingale (2017) proved n-Queens Completion NP-complete, so this
//! is a backtracking search (the same lexicographic bitboard search as
//! [`crate::Solutions`], with each row limited to the squares the pre-placed queens leave
//! free) and counting takes a limit.

use std::fmt;
use std::str::FromStr;

use crate::QueensError;
use crate::search::{Engine, MAX_ENUMERATE_N, Solutions, check_size, full_mask};

/// A square of the board. The fields are **0-based** (row 0 at the top, column 0 at the
/// left); [`Display`](fmt::Display) writes them **1-based**, as `row 2, column 5`, the way
/// people count the lines and characters of a board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// An `n x n` board with some queens already placed (at most one per row) and some
/// squares blocked, read from text or built from a column list with holes.
///
/// Text forms ([`FromStr`]):
///
/// - **Board**: `n` lines of `n` squares, `Q` (or `q`) for a queen, `.` for an empty
///   square, `x` (or `X`) for a blocked square that no queen may use. Spaces and tabs
///   between squares are ignored, as are blank lines before and after the board.
/// - **Column list**: one line of `n` entries separated by spaces or commas, each the
///   **1-based** column of the queen in that row or `.` (also `?`, `_`, `-`) for a row
///   still to fill, e.g. `2 . . 3` for n = 4.
///
/// A one-line text containing a digit is a column list; anything else is a board.
///
/// # Examples
///
/// ```
/// use queens::PartialBoard;
///
/// let board: PartialBoard = ". Q . .\n. . . .\n. . . .\n. . . .".parse()?;
/// assert_eq!(board.complete(), Some(vec![1, 3, 0, 2]));
///
/// let holes: PartialBoard = "1 . . . . . . .".parse()?;
/// assert_eq!(holes.count_completions(u64::MAX), 4);
///
/// let clash = "Q . . .\n. . . .\n. . Q .\n. . . .".parse::<PartialBoard>();
/// assert_eq!(
///     clash.unwrap_err().to_string(),
///     "the queens on row 1, column 1 and row 3, column 3 attack each other along a diagonal"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialBoard {
    queens: Vec<Option<usize>>,
    blocked: Vec<u64>,
}

impl PartialBoard {
    /// A board of `columns.len()` rows where `columns[row]` is `Some(col)` (0-based) for a
    /// pre-placed queen and `None` for a row to fill; no square is blocked.
    ///
    /// # Errors
    ///
    /// [`QueensError::Empty`], [`QueensError::TooLargeToSearch`] for more than
    /// [`MAX_ENUMERATE_N`] rows, [`QueensError::Parse`] (line 1, column = the 1-based row)
    /// for a column outside the board, [`QueensError::Attacking`] for pre-placed queens
    /// that attack each other.
    pub fn from_columns(columns: &[Option<usize>]) -> Result<PartialBoard, QueensError> {
        let n = columns.len();
        check_size(n)?;
        if let Some((row, col)) = columns
            .iter()
            .enumerate()
            .find_map(|(row, c)| c.filter(|&c| c >= n).map(|c| (row, c)))
        {
            return Err(QueensError::Parse {
                line: 1,
                column: row + 1,
                message: format!(
                    "row {} has its queen in column index {col}, but the board has {} (0-based indices 0..{n})",
                    row + 1,
                    count_of(n, "column")
                ),
            });
        }
        let board = PartialBoard {
            queens: columns.to_vec(),
            blocked: vec![0; n],
        };
        board.check_queens(&[])?;
        Ok(board)
    }

    /// The board size `n`.
    pub fn n(&self) -> usize {
        self.queens.len()
    }

    /// The pre-placed queens: `Some(col)` (0-based) per row, `None` for a row to fill.
    pub fn queens(&self) -> &[Option<usize>] {
        &self.queens
    }

    /// Whether `square` is blocked.
    pub fn is_blocked(&self, square: Square) -> bool {
        self.blocked
            .get(square.row)
            .is_some_and(|row| square.col < 64 && row >> square.col & 1 == 1)
    }

    /// Every completion (a full solution that keeps the pre-placed queens and avoids the
    /// blocked squares), streamed in lexicographic order of the column list.
    pub fn completions(&self) -> Solutions {
        Solutions::from_engine(self.engine())
    }

    /// The lexicographically first completion, or `None` when there is none.
    pub fn complete(&self) -> Option<Vec<usize>> {
        self.completions().next()
    }

    /// The number of completions, counting no further than `limit` (so the answer is
    /// `min(true count, limit)`).
    pub fn count_completions(&self, limit: u64) -> u64 {
        let mut solutions = self.completions();
        let mut found = 0;
        while found < limit && solutions.next_solution().is_some() {
            found += 1;
        }
        found
    }

    /// The search rules: each row may use only the squares the pre-placed queens leave
    /// free (a pre-placed row only its own square) and that are not blocked.
    fn engine(&self) -> Engine {
        let n = self.n();
        let full = full_mask(n);
        let mut allowed: Vec<u64> = self.blocked.iter().map(|b| full & !b).collect();
        for (qrow, qcol) in self.placed() {
            for (row, mask) in allowed.iter_mut().enumerate() {
                if row == qrow {
                    *mask = 1 << qcol;
                    continue;
                }
                let distance = row.abs_diff(qrow);
                let mut attacked = 1u64 << qcol;
                if qcol + distance < n {
                    attacked |= 1 << (qcol + distance);
                }
                if let Some(col) = qcol.checked_sub(distance) {
                    attacked |= 1 << col;
                }
                *mask &= !attacked;
            }
        }
        Engine::with_rows(n, allowed)
    }

    fn placed(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.queens
            .iter()
            .enumerate()
            .filter_map(|(row, col)| col.map(|col| (row, col)))
    }

    /// Checks that no two queens attack each other; `extra` are further queens found in
    /// rows that already have one (from a board with two `Q` in a row).
    fn check_queens(&self, extra: &[Square]) -> Result<(), QueensError> {
        let mut all: Vec<Square> = self
            .placed()
            .map(|(row, col)| Square { row, col })
            .chain(extra.iter().copied())
            .collect();
        all.sort();
        for (i, &first) in all.iter().enumerate() {
            if self.is_blocked(first) {
                return Err(QueensError::QueenOnBlockedSquare { square: first });
            }
            for &second in &all[i + 1..] {
                let line = if first.row == second.row {
                    "row"
                } else if first.col == second.col {
                    "column"
                } else if first.row.abs_diff(second.row) == first.col.abs_diff(second.col) {
                    "diagonal"
                } else {
                    continue;
                };
                return Err(QueensError::Attacking {
                    first,
                    second,
                    line,
                });
            }
        }
        Ok(())
    }

    fn parse_columns(line_number: usize, line: &str) -> Result<PartialBoard, QueensError> {
        let mut entries = Vec::new();
        let mut start = None;
        let chars: Vec<char> = line.chars().collect();
        for (i, &ch) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
            let separator = ch.is_whitespace() || ch == ',';
            match (separator, start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    entries.push((s, chars[s..i].iter().collect::<String>()));
                    start = None;
                }
                _ => {}
            }
        }
        let n = entries.len();
        check_size(n)?;
        let mut queens = Vec::with_capacity(n);
        for (position, token) in &entries {
            let entry = match token.as_str() {
                "." | "?" | "_" | "-" => None,
                text => match text.parse::<usize>() {
                    Ok(col) if (1..=n).contains(&col) => Some(col - 1),
                    _ => {
                        return Err(QueensError::Parse {
                            line: line_number,
                            column: position + 1,
                            message: format!(
                                "expected a column from 1 to {n} or `.` for an empty row, found `{text}`"
                            ),
                        });
                    }
                },
            };
            queens.push(entry);
        }
        let board = PartialBoard {
            queens,
            blocked: vec![0; n],
        };
        board.check_queens(&[])?;
        Ok(board)
    }

    fn parse_board(lines: &[(usize, &str)]) -> Result<PartialBoard, QueensError> {
        let n = lines.len();
        if n > MAX_ENUMERATE_N {
            return Err(QueensError::TooLargeToSearch {
                n,
                max: MAX_ENUMERATE_N,
            });
        }
        let mut queens = vec![None; n];
        let mut blocked = vec![0u64; n];
        let mut extra = Vec::new();
        for (row, &(line_number, text)) in lines.iter().enumerate() {
            let mut col = 0;
            for (position, ch) in text.chars().enumerate() {
                if ch == ' ' || ch == '\t' {
                    continue;
                }
                if col >= n {
                    return Err(QueensError::Parse {
                        line: line_number,
                        column: position + 1,
                        message: format!(
                            "this row has more than {}; {}",
                            count_of(n, "square"),
                            row_rule(n)
                        ),
                    });
                }
                match ch {
                    'Q' | 'q' => {
                        if queens[row].is_some() {
                            extra.push(Square { row, col });
                        } else {
                            queens[row] = Some(col);
                        }
                    }
                    '.' => {}
                    'x' | 'X' => blocked[row] |= 1 << col,
                    other => {
                        return Err(QueensError::Parse {
                            line: line_number,
                            column: position + 1,
                            message: format!(
                                "expected `Q` (queen), `.` (empty) or `x` (blocked), found `{}`",
                                other.escape_debug()
                            ),
                        });
                    }
                }
                col += 1;
            }
            if col < n {
                return Err(QueensError::Parse {
                    line: line_number,
                    column: text.chars().count() + 1,
                    message: format!("this row has {}; {}", count_of(col, "square"), row_rule(n)),
                });
            }
        }
        let board = PartialBoard { queens, blocked };
        board.check_queens(&extra)?;
        Ok(board)
    }
}

/// `1 square`, `2 squares`: a count and a noun that takes a plain `s` in the plural.
fn count_of(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The rule a ragged board breaks: `a board of 4 rows must have 4 squares in every row`.
fn row_rule(n: usize) -> String {
    format!(
        "a board of {} must have {} in every row",
        count_of(n, "row"),
        count_of(n, "square")
    )
}

impl FromStr for PartialBoard {
    type Err = QueensError;

    fn from_str(text: &str) -> Result<PartialBoard, QueensError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
            .collect();
        let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
        let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(QueensError::Parse {
                line: 1,
                column: 1,
                message:
                    "the input is empty; expected a board of `Q`, `.` and `x` or a column list"
                        .to_owned(),
            });
        };
        let body = &lines[first..=last];
        if let Some((line_number, text)) = body.iter().find(|(_, l)| l.trim().is_empty()) {
            return Err(QueensError::Parse {
                line: *line_number,
                column: text.chars().count() + 1,
                message: "blank line inside the board; a board is n consecutive lines".to_owned(),
            });
        }
        // One line is a column list when it has a column number, or several holes
        // (`. . . .`): a one-row board has a single square, so it cannot be that.
        if let [(line_number, line)] = body
            && (line.chars().any(|c| c.is_ascii_digit())
                || (line.split_whitespace().count() > 1
                    && line.split_whitespace().all(|token| token == ".")))
        {
            return PartialBoard::parse_columns(*line_number, line);
        }
        PartialBoard::parse_board(body)
    }
}

impl fmt::Display for PartialBoard {
    /// The board form: `Q`, `.` and `x` separated by spaces, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        for row in 0..n {
            for col in 0..n {
                if col > 0 {
                    f.write_str(" ")?;
                }
                let square = Square { row, col };
                let mark = if self.queens[row] == Some(col) {
                    'Q'
                } else if self.is_blocked(square) {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<PartialBoard, QueensError>) -> String {
        result.expect_err("the board is malformed").to_string()
    }

    #[test]
    fn messages_use_the_singular_for_one() {
        assert_eq!(
            message("Q Q".parse()),
            "line 1, column 3: this row has more than 1 square; \
             a board of 1 row must have 1 square in every row"
        );
        assert_eq!(
            message(". Q\n.\n".parse()),
            "line 2, column 2: this row has 1 square; \
             a board of 2 rows must have 2 squares in every row"
        );
        assert_eq!(
            message(PartialBoard::from_columns(&[Some(1)])),
            "line 1, column 1: row 1 has its queen in column index 1, \
             but the board has 1 column (0-based indices 0..1)"
        );
        assert_eq!(
            message(PartialBoard::from_columns(&[Some(0), None, Some(3)])),
            "line 1, column 3: row 3 has its queen in column index 3, \
             but the board has 3 columns (0-based indices 0..3)"
        );
    }
}
