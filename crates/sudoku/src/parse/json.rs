//! The LeetCode 36/37 board: a JSON array of n rows of n one-character strings, `.` for
//! a blank (`[["5","3",".",...],...]`), on one line or several. Numbers work too
//! (`[[5,3,0,...],...]`, 0 a blank).

use grid_core::text;

use super::{err, number_cell, resolve_shape, symbol_cell};
use crate::error::{Error, ParseErrorKind};
use crate::shape::BoxShape;

/// One cell as written: its text (the string's content, or a number), line and column.
struct RawCell<'a> {
    text: &'a str,
    quoted: bool,
    line: usize,
    column: usize,
}

const EXPECTED: &str = "a cell such as \"5\" or \".\", `,`, `[` or `]`";

/// Parses a JSON board (the whole of `text`, which starts with `[` after whitespace).
pub(super) fn parse_board(
    text: &str,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let mut rows: Vec<Vec<RawCell<'_>>> = Vec::new();
    let mut row_starts = Vec::new();
    let mut depth = 0usize;
    let mut closed = false;
    let mut end = (1, 1);
    let mut last = (1, 1);
    for line in text::lines(text) {
        let mut chars = line.text.char_indices().peekable();
        // The 1-based column of `i`, counted as the scan goes (not from the line's start
        // for every character: a board on one line is thousands of characters long).
        let (mut counted_to, mut column) = (0, 1);
        while let Some((i, c)) = chars.next() {
            column += line.text[counted_to..i].chars().count();
            counted_to = i;
            last = (line.number, column + 1);
            if c.is_whitespace() || (c == ',' && !closed) {
                continue;
            }
            let unexpected = || {
                err(
                    line.number,
                    column,
                    ParseErrorKind::UnexpectedChar {
                        found: c,
                        expected: EXPECTED.to_owned(),
                    },
                )
            };
            match c {
                _ if closed => return Err(unexpected()),
                '[' if depth < 2 => {
                    depth += 1;
                    if depth == 2 {
                        rows.push(Vec::new());
                        row_starts.push((line.number, column));
                    }
                }
                ']' if depth > 0 => {
                    depth -= 1;
                    closed = depth == 0;
                    end = (line.number, column);
                }
                '"' if depth == 2 => {
                    let start = i + 1;
                    let end = line.text[start..]
                        .find('"')
                        .map(|k| start + k)
                        .ok_or_else(unexpected)?;
                    while chars.peek().is_some_and(|&(k, _)| k <= end) {
                        chars.next();
                    }
                    let Some(row) = rows.last_mut() else {
                        // Unreachable: the `[` that entered depth 2 pushed a row.
                        return Err(unexpected());
                    };
                    row.push(RawCell {
                        text: &line.text[start..end],
                        quoted: true,
                        line: line.number,
                        column: column + 1,
                    });
                }
                '0'..='9' if depth == 2 => {
                    let end = line.text[i..]
                        .find(|d: char| !d.is_ascii_digit())
                        .map_or(line.text.len(), |k| i + k);
                    while chars.peek().is_some_and(|&(k, _)| k < end) {
                        chars.next();
                    }
                    let Some(row) = rows.last_mut() else {
                        // Unreachable: the `[` that entered depth 2 pushed a row.
                        return Err(unexpected());
                    };
                    row.push(RawCell {
                        text: &line.text[i..end],
                        quoted: false,
                        line: line.number,
                        column,
                    });
                }
                _ => return Err(unexpected()),
            }
        }
    }
    if !closed {
        return Err(err(
            last.0,
            last.1,
            ParseErrorKind::UnexpectedEnd {
                expected: "`]` to close the board".to_owned(),
            },
        ));
    }
    board_cells(&rows, &row_starts, end, shape)
}

/// The cells of the rows read, checked for an n x n grid. Rows all of one length m
/// but not m of them: the row count is wrong (at the first extra row, or at the
/// board's closing `]` where a missing row would go). Otherwise the row count is n and
/// the first row of another length is wrong (at its `[`), whatever n is. `starts` are the rows' `[`
/// and `end` the board's closing `]`, as (line, column).
fn board_cells(
    rows: &[Vec<RawCell<'_>>],
    starts: &[(usize, usize)],
    end: (usize, usize),
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let n = rows.len();
    let (first_line, first_column) = starts.first().copied().unwrap_or((1, 1));
    if n == 0 {
        return Err(err(first_line, first_column, ParseErrorKind::Empty));
    }
    let width = rows[0].len();
    if width != n && rows.iter().all(|row| row.len() == width) {
        let (line, column) = starts.get(width).copied().unwrap_or(end);
        let kind = ParseErrorKind::RowCount {
            found: n,
            expected: width,
        };
        return Err(err(line, column, kind));
    }
    // A short or long row is named before the grid's size is judged: a ragged 2-row
    // board is a board with a short row, not a 2 x 2 grid without a box shape.
    for (row, (raw, &(line, column))) in rows.iter().zip(starts).enumerate() {
        if raw.len() != n {
            let kind = ParseErrorKind::RowLength {
                row: row + 1,
                found: raw.len(),
                expected: n,
            };
            return Err(err(line, column, kind));
        }
    }
    let shape = resolve_shape(n, shape, first_line, first_column)?;
    let mut cells = Vec::with_capacity(n * n);
    for raw in rows {
        for cell in raw {
            let mut chars = cell.text.chars();
            let value = match (cell.quoted, chars.next(), chars.next()) {
                (true, Some(c), None) => symbol_cell(c, n, cell.line, cell.column)?,
                (true, None, _) => 0,
                _ => number_cell(cell.text, n, cell.line, cell.column)?,
            };
            cells.push(value);
        }
    }
    Ok((shape, cells))
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn a_leetcode_board_reads_on_one_line_or_several() {
        let one = r#"[["1",".",".","."],[".",".","2","."],[".","3",".","."],[".",".",".","4"]]"#;
        let (_, cells) = parse_board(one, None).expect("reads");
        assert_eq!(cells, [1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4]);
        let several = "[\n  [1, 0, 0, 0],\n  [0, 0, 2, 0],\n  [0, 3, 0, 0],\n  [0, 0, 0, 4]\n]";
        assert_eq!(parse_board(several, None).expect("reads").1, cells);
    }

    #[test]
    fn errors_point_at_the_cell() {
        let short = r#"[["1",".","."],[".",".","2","."],[".","3",".","."],[".",".",".","4"]]"#;
        let e = parse_board(short, None).unwrap_err();
        assert_eq!(e.to_string(), "row 1 has 3 cells, expected 4");
        let short = r#"[["1",".",".","."],[".",".","2","."],[".","3","."],[".",".",".","4"]]"#;
        let Error::Parse(p) = parse_board(short, None).unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (1, 38));
        assert_eq!(p.to_string(), "row 3 has 3 cells, expected 4");
        let row = r#"["5","3",".",".","7",".",".",".","."]"#;
        let one = format!("[{row}]");
        let Error::Parse(p) = parse_board(&one, None).unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (1, 39));
        assert_eq!(
            p.to_string(),
            "found 1 row, expected 9 (as many as the first row has cells)"
        );
        let eight = format!("[\n{}\n]", [row; 8].join(",\n"));
        let Error::Parse(p) = parse_board(&eight, None).unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (10, 1));
        assert_eq!(
            p.to_string(),
            "found 8 rows, expected 9 (as many as the first row has cells)"
        );
        let ten = format!("[\n{}\n]", [row; 10].join(",\n"));
        let Error::Parse(p) = parse_board(&ten, None).unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (11, 1));
        let bad = r#"[["1",".",".","x"],[".",".","2","."],[".","3",".","."],[".",".",".","4"]]"#;
        let Error::Parse(p) = parse_board(bad, None).unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (1, 16));
        let open = r#"[["1",".",".","."],[".",".","2","."]"#;
        assert!(parse_board(open, None).is_err());
    }

    #[test]
    fn a_short_row_is_named_before_the_grid_size() {
        // Two rows, the second short: not "a 2 x 2 grid has no usual box shape".
        let Error::Parse(p) = parse_board(r#"[["5","3"],["6"]]"#, None).unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (1, 12));
        assert_eq!(p.to_string(), "row 2 has 1 cell, expected 2");
    }
}
