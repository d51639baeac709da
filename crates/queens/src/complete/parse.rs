//! Reading a [`PartialBoard`] from text: the board form and the column-list form.

use std::collections::BTreeSet;
use std::str::FromStr;

use grid_core::text::{self, TextLine, count_of};
use grid_core::{Coord, TextPosition};

use super::PartialBoard;
use crate::QueensError;

impl PartialBoard {
    /// Reads the column-list form from its one line.
    fn parse_columns(line: TextLine<'_>) -> Result<PartialBoard, QueensError> {
        let entries = column_entries(line.text);
        let n = entries.len();
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
                                "expected a column from 1 to {n} or `.` for an empty row, found {}",
                                grid_core::text::quote(text)
                            ),
                        ));
                    }
                },
            });
        }
        let board = PartialBoard {
            queens,
            blocked: BTreeSet::new(),
        };
        board.check_queens(&[])?;
        Ok(board)
    }

    /// Reads the board form: one line per row.
    fn parse_board(lines: &[TextLine<'_>]) -> Result<PartialBoard, QueensError> {
        let n = lines.len();
        if let Some(err) = not_square(lines) {
            return Err(err);
        }
        let mut board = PartialBoard {
            queens: vec![None; n],
            blocked: BTreeSet::new(),
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
                    'x' | 'X' => {
                        board.blocked.insert(Coord::new(row, col));
                    }
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

/// The error for rows that all have the same number of squares, but not as many as
/// there are rows (a board cut short, or one with a row too many): it names both counts,
/// at the end of the last row, where a missing row would start.
fn not_square(lines: &[TextLine<'_>]) -> Option<QueensError> {
    let n = lines.len();
    let width = squares(lines.first()?).count();
    if width == n || lines.iter().any(|line| squares(line).count() != width) {
        return None;
    }
    let last = lines.last()?;
    let message = format!(
        "the board has {} of {}; a board must be square (n rows of n squares)",
        count_of(n, "row"),
        count_of(width, "square")
    );
    Some(parse_error(last.at(end_column(last)), message))
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
    /// bad column number), [`QueensError::Attacking`] and
    /// [`QueensError::QueenOnBlockedSquare`] for pre-placed queens that break the rules.
    fn from_str(text: &str) -> Result<PartialBoard, QueensError> {
        // Blank lines may surround the board but not split it; comment lines go anywhere,
        // and a comment may end a line of the board (`2 . . .  # the first queen`): no
        // form uses `#`.
        let lines: Vec<TextLine<'_>> = text::lines(text)
            .filter(|line| !line.text.trim_start().starts_with('#'))
            .map(|line| TextLine {
                number: line.number,
                text: line
                    .text
                    .split_once('#')
                    .map_or(line.text, |(data, _)| data),
            })
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
        if let Some(blank) = body.iter().position(|line| !is_data(line)) {
            let before = &body[..blank];
            let whole = matches!(before, [line] if is_column_list(line.text))
                || before
                    .iter()
                    .all(|line| squares(line).count() == before.len());
            let message = if whole {
                "the board ends before this blank line, and more follows it: one board a file \
                 (give each board its own file)"
            } else {
                "blank line inside the board; a board is n consecutive lines"
            };
            let blank = &body[blank];
            return Err(parse_error(blank.at(end_column(blank)), message.to_owned()));
        }
        if let [list, second, ..] = body
            && is_column_list(list.text)
            && second.text.chars().any(|ch| ch.is_ascii_digit())
            && squares(second).all(|(_, ch)| ch.is_ascii_digit() || ".?_-,".contains(ch))
        {
            return Err(parse_error(
                second.at(1),
                "a column list is one line, and another follows it: one board a file (give \
                 each board its own file)"
                    .to_owned(),
            ));
        }
        match body {
            [line] if is_column_list(line.text) => PartialBoard::parse_columns(*line),
            _ => PartialBoard::parse_board(body),
        }
    }
}
