//! Completing a partial board: some queens already placed, some squares blocked.
//!
//! Gent, Jefferson and Nightingale (2017) proved n-Queens Completion NP-complete, so this
//! is a backtracking search (the same lexicographic bitboard search as
//! [`crate::Solutions`], with each row limited to the squares the pre-placed queens leave
//! free) and counting takes a limit.

use std::fmt;
use std::str::FromStr;

use grid_core::text::{self, TextLine};
use grid_core::{BoundedCount, Coord, TextPosition};

use crate::search::{Engine, MAX_ENUMERATE_N, Solutions, check_size, full_mask};
use crate::{AttackLine, QueensError};

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
/// A one-line text containing a digit is a column list; anything else is a board. Both
/// forms are read by [`grid_core::text`]: a leading byte-order mark, `\r\n` endings and
/// `#` comment lines are ignored.
///
/// # Examples
///
/// ```
/// use grid_core::BoundedCount;
/// use queens::PartialBoard;
///
/// let board: PartialBoard = ". Q . .\n. . . .\n. . . .\n. . . .".parse()?;
/// assert_eq!(board.complete(), Some(vec![1, 3, 0, 2]));
///
/// let holes: PartialBoard = "# eight queens, the first one in the corner\n1 . . . . . . .".parse()?;
/// assert_eq!(holes.count_completions_up_to(u64::MAX), BoundedCount::exact(4));
/// assert_eq!(holes.count_completions_up_to(3), BoundedCount::at_least(3));
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
    /// [`MAX_ENUMERATE_N`] rows, [`QueensError::QueenOffBoard`] for a column outside the
    /// board, [`QueensError::Attacking`] for pre-placed queens that attack each other.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{PartialBoard, QueensError};
    ///
    /// let board = PartialBoard::from_columns(&[Some(1), None, None, None])?;
    /// assert_eq!(board.complete(), Some(vec![1, 3, 0, 2]));
    /// assert_eq!(
    ///     PartialBoard::from_columns(&[None, Some(2)]),
    ///     Err(QueensError::QueenOffBoard { row: 1, col: 2, n: 2 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_columns(columns: &[Option<usize>]) -> Result<PartialBoard, QueensError> {
        let n = columns.len();
        check_size(n)?;
        if let Some((row, col)) = columns
            .iter()
            .enumerate()
            .find_map(|(row, c)| c.filter(|&c| c >= n).map(|c| (row, c)))
        {
            return Err(QueensError::QueenOffBoard { row, col, n });
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

    /// How many rows have no pre-placed queen (the rows the search fills).
    pub fn rows_to_fill(&self) -> usize {
        self.queens.iter().filter(|queen| queen.is_none()).count()
    }

    /// Whether `square` (0-based) is blocked; squares outside the board are not.
    pub fn is_blocked(&self, square: Coord) -> bool {
        self.blocked
            .get(square.row)
            .is_some_and(|row| square.col < 64 && row >> square.col & 1 == 1)
    }

    /// Whether any square is blocked.
    pub fn has_blocked_squares(&self) -> bool {
        self.blocked.iter().any(|&row| row != 0)
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

    /// The number of completions, counting no further than `limit`: `count` is
    /// `min(true count, limit)`, and `exact` says whether that is the true count (the
    /// search looks for one completion beyond `limit` to tell). The time grows with
    /// `limit` and, the problem being NP-complete, can be large even for small limits.
    pub fn count_completions_up_to(&self, limit: u64) -> BoundedCount {
        let mut solutions = self.completions();
        let mut found = 0;
        while found < limit {
            if solutions.next_solution().is_none() {
                return BoundedCount::exact(u128::from(found));
            }
            found += 1;
        }
        let more = solutions.next_solution().is_some();
        BoundedCount {
            count: u128::from(found),
            exact: !more,
        }
    }

    /// The search rules: each row may use only the squares the pre-placed queens leave
    /// free (a pre-placed row only its own square) and that are not blocked.
    fn engine(&self) -> Engine {
        let n = self.n();
        let full = full_mask(n);
        let mut allowed: Vec<u64> = self.blocked.iter().map(|b| full & !b).collect();
        for Coord {
            row: qrow,
            col: qcol,
        } in self.placed()
        {
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

    fn placed(&self) -> impl Iterator<Item = Coord> + '_ {
        self.queens
            .iter()
            .enumerate()
            .filter_map(|(row, col)| col.map(|col| Coord::new(row, col)))
    }

    /// Checks that no queen stands on a blocked square and no two queens attack each
    /// other; `extra` are further queens found in rows that already have one (from a
    /// board with two `Q` in a row).
    fn check_queens(&self, extra: &[Coord]) -> Result<(), QueensError> {
        let mut all: Vec<Coord> = self.placed().chain(extra.iter().copied()).collect();
        all.sort();
        for (i, &first) in all.iter().enumerate() {
            if self.is_blocked(first) {
                return Err(QueensError::QueenOnBlockedSquare { square: first });
            }
            for &second in &all[i + 1..] {
                let line = if first.row == second.row {
                    AttackLine::Row
                } else if first.col == second.col {
                    AttackLine::Column
                } else if first.row.abs_diff(second.row) == first.col.abs_diff(second.col) {
                    AttackLine::Diagonal
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

    /// Reads the column-list form from its one line.
    fn parse_columns(line: TextLine<'_>) -> Result<PartialBoard, QueensError> {
        let entries = column_entries(line.text);
        let n = entries.len();
        check_size(n)?;
        let mut queens = Vec::with_capacity(n);
        for &(column, entry) in &entries {
            queens.push(match entry {
                "." | "?" | "_" | "-" => None,
                text => match text.parse::<usize>() {
                    Ok(col) if (1..=n).contains(&col) => Some(col - 1),
                    _ => {
                        return Err(parse_error(
                            line.at(column),
                            format!(
                                "expected a column from 1 to {n} or `.` for an empty row, found `{text}`"
                            ),
                        ));
                    }
                },
            });
        }
        let board = PartialBoard {
            queens,
            blocked: vec![0; n],
        };
        board.check_queens(&[])?;
        Ok(board)
    }

    /// Reads the board form: one line per row.
    fn parse_board(lines: &[TextLine<'_>]) -> Result<PartialBoard, QueensError> {
        let n = lines.len();
        if n > MAX_ENUMERATE_N {
            return Err(QueensError::TooLargeToSearch {
                n,
                max: MAX_ENUMERATE_N,
            });
        }
        let mut board = PartialBoard {
            queens: vec![None; n],
            blocked: vec![0; n],
        };
        let mut extra = Vec::new();
        for (row, line) in lines.iter().enumerate() {
            let mut col = 0;
            for (column, ch) in squares(line) {
                if col >= n {
                    let message = format!(
                        "this row has more than {}; {}",
                        count_of(n, "square"),
                        row_rule(n)
                    );
                    return Err(parse_error(line.at(column), message));
                }
                match ch {
                    'Q' | 'q' if board.queens[row].is_some() => extra.push(Coord::new(row, col)),
                    'Q' | 'q' => board.queens[row] = Some(col),
                    '.' => {}
                    'x' | 'X' => board.blocked[row] |= 1 << col,
                    other => {
                        let message = format!(
                            "expected `Q` (queen), `.` (empty) or `x` (blocked), found `{}`",
                            other.escape_debug()
                        );
                        return Err(parse_error(line.at(column), message));
                    }
                }
                col += 1;
            }
            if col < n {
                let message = format!("this row has {}; {}", count_of(col, "square"), row_rule(n));
                return Err(parse_error(line.at(end_column(line)), message));
            }
        }
        board.check_queens(&extra)?;
        Ok(board)
    }
}

fn parse_error(position: TextPosition, message: String) -> QueensError {
    QueensError::Parse { position, message }
}

/// The 1-based column just past the end of `line`, where a missing square would go.
fn end_column(line: &TextLine<'_>) -> usize {
    line.text.chars().count() + 1
}

/// The squares of a board row with their 1-based columns: every character that is not
/// whitespace (`Q.x.` and `Q . x .` are the same row).
fn squares<'a>(line: &TextLine<'a>) -> impl Iterator<Item = (usize, char)> + 'a {
    text::tokens(line.text).flat_map(|token| {
        token
            .text
            .chars()
            .enumerate()
            .map(move |(i, ch)| (token.column + i, ch))
    })
}

/// The entries of a column list with their 1-based columns: tokens separated by
/// whitespace or commas.
fn column_entries(line: &str) -> Vec<(usize, &str)> {
    let mut entries = Vec::new();
    for token in text::tokens(line) {
        let mut column = token.column;
        for piece in token.text.split(',') {
            if !piece.is_empty() {
                entries.push((column, piece));
            }
            column += piece.chars().count() + 1;
        }
    }
    entries
}

/// `1 square`, `2 squares`: a count and a noun that takes a plain `s` in the plural.
pub(crate) fn count_of(count: usize, noun: &str) -> String {
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

/// Whether the lone data line of a text is a column list: it has a column number, or
/// several holes (`. . . .`; a one-row board has a single square, so it cannot be that).
fn is_column_list(line: &str) -> bool {
    line.chars().any(|c| c.is_ascii_digit())
        || (text::tokens(line).count() > 1 && text::tokens(line).all(|token| token.text == "."))
}

impl FromStr for PartialBoard {
    type Err = QueensError;

    /// Reads either text form (see [`PartialBoard`]).
    ///
    /// # Errors
    ///
    /// [`QueensError::Parse`] with the 1-based line and column of the first problem
    /// (empty input, a blank line inside the board, an unknown square, a ragged row, a
    /// bad column number), [`QueensError::Empty`] and [`QueensError::TooLargeToSearch`]
    /// for sizes the search cannot take, [`QueensError::Attacking`] and
    /// [`QueensError::QueenOnBlockedSquare`] for pre-placed queens that break the rules.
    fn from_str(text: &str) -> Result<PartialBoard, QueensError> {
        // Blank lines may surround the board but not split it; comment lines go anywhere.
        let lines: Vec<TextLine<'_>> = text::lines(text)
            .filter(|line| !line.text.trim_start().starts_with('#'))
            .collect();
        let is_data = |line: &TextLine<'_>| !text::is_blank_or_comment(line.text);
        let (Some(first), Some(last)) = (
            lines.iter().position(is_data),
            lines.iter().rposition(is_data),
        ) else {
            return Err(parse_error(
                TextPosition::at(1, 1),
                "the input is empty; expected a board of `Q`, `.` and `x` or a column list"
                    .to_owned(),
            ));
        };
        let body = &lines[first..=last];
        if let Some(blank) = body.iter().find(|line| !is_data(line)) {
            return Err(parse_error(
                blank.at(end_column(blank)),
                "blank line inside the board; a board is n consecutive lines".to_owned(),
            ));
        }
        match body {
            [line] if is_column_list(line.text) => PartialBoard::parse_columns(*line),
            _ => PartialBoard::parse_board(body),
        }
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
                let mark = if self.queens[row] == Some(col) {
                    'Q'
                } else if self.is_blocked(Coord::new(row, col)) {
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
    use grid_core::Positioned;

    use super::*;

    /// The error's position (when it has one) and message.
    fn located(result: Result<PartialBoard, QueensError>) -> (Option<TextPosition>, String) {
        let err = result.expect_err("the board is malformed");
        (err.text_position(), err.to_string())
    }

    #[test]
    fn messages_use_the_singular_for_one() {
        assert_eq!(
            located("Q Q".parse()),
            (
                Some(TextPosition::at(1, 3)),
                "this row has more than 1 square; \
                 a board of 1 row must have 1 square in every row"
                    .to_owned()
            )
        );
        assert_eq!(
            located(". Q\n.\n".parse()),
            (
                Some(TextPosition::at(2, 2)),
                "this row has 1 square; a board of 2 rows must have 2 squares in every row"
                    .to_owned()
            )
        );
        assert_eq!(
            located(PartialBoard::from_columns(&[Some(1)])),
            (
                None,
                "row 1 has its queen in column index 1, \
                 but the board has 1 column (0-based indices 0..1)"
                    .to_owned()
            )
        );
        assert_eq!(
            located(PartialBoard::from_columns(&[Some(0), None, Some(3)])),
            (
                None,
                "row 3 has its queen in column index 3, \
                 but the board has 3 columns (0-based indices 0..3)"
                    .to_owned()
            )
        );
    }

    #[test]
    fn columns_count_characters_after_bom_comments_and_compact_rows() {
        // The byte-order mark is not a character of line 1; `é` is one character.
        assert_eq!(
            located("\u{feff}# é\nQ.\n.é\n".parse()).0,
            Some(TextPosition::at(3, 2))
        );
        // Commas and spaces both separate column-list entries.
        assert_eq!(
            located("1,., 9".parse()),
            (
                Some(TextPosition::at(1, 6)),
                "expected a column from 1 to 3 or `.` for an empty row, found `9`".to_owned()
            )
        );
        assert_eq!(
            located("Q . .\n\n. . .\n. . .".parse()).0,
            Some(TextPosition::at(2, 1))
        );
    }

    #[test]
    fn comment_lines_and_crlf_are_not_part_of_the_board() {
        let board: PartialBoard =
            "# four\r\n. Q . .\r\n# a note\r\n. . . .\r\n. . . .\r\n. . . .\r\n"
                .parse()
                .unwrap();
        assert_eq!(board.n(), 4);
        assert_eq!(board.queens(), &[Some(1), None, None, None]);
        assert_eq!(board.rows_to_fill(), 3);
        assert!(!board.has_blocked_squares());
    }

    #[test]
    fn bounded_counts_are_exact_only_when_nothing_is_left() {
        let holes = PartialBoard::from_columns(&[None; 6]).unwrap();
        // 6 queens have 4 solutions.
        assert_eq!(holes.count_completions_up_to(3), BoundedCount::at_least(3));
        assert_eq!(holes.count_completions_up_to(4), BoundedCount::exact(4));
        assert_eq!(holes.count_completions_up_to(5), BoundedCount::exact(4));
        assert_eq!(holes.count_completions_up_to(0), BoundedCount::at_least(0));
        let none = PartialBoard::from_columns(&[None; 3]).unwrap();
        assert_eq!(none.count_completions_up_to(0), BoundedCount::exact(0));
    }
}
