//! The LeetCode 36/37 board: a JSON array of n rows of n one-character strings, `.` for
//! a blank (`[["5","3",".",...],...]`), on one line or several. Numbers work too
//! (`[[5,3,0,...],...]`, 0 a blank), and so do the arrays C, C++, Java and C# programs
//! write (`{{3, 0, 6, ...}, ...}`, GeeksforGeeks' form) and NumPy prints (`[[3 0 6 ...]`
//! then ` [5 2 0 ...]` a line). Read with grid-core's JSON grid reader
//! ([`grid_core::JsonText::rows`]), which keeps every row's and cell's place.

use std::borrow::Cow;

use grid_core::{JsonCell, JsonRow, JsonText, TextPosition};

use super::{err, number_cell, resolve_shape, symbol_cell};
use crate::error::{Error, ParseErrorKind};
use crate::shape::BoxShape;

/// Parses a JSON board (the whole of `text`, which starts with `[` after whitespace),
/// or one as Python or Java prints it (see [`as_json`]).
pub(super) fn parse_board(
    text: &str,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let braces = text.trim_start().starts_with('{');
    // The `;` that ends a statement (`int grid[9][9] = {...};`, whose assignment the
    // splitter has already turned into spaces), one space for it.
    let text = grid_core::text::without_assignment(text);
    let text = as_json(&text);
    let board = JsonText::new(&text).rows().map_err(|e| {
        let (line, column) = (e.at.line, e.at.column.unwrap_or(1));
        // A token where a cell belongs (`x`), named as written.
        let found = (e.message == "expected value")
            .then(|| {
                text.lines()
                    .nth(line.checked_sub(1)?)?
                    .chars()
                    .nth(column.checked_sub(1)?)
            })
            .flatten()
            .filter(|c| !c.is_whitespace());
        let message = match found {
            Some(c) => {
                format!("unexpected '{c}', expected a cell: a number, or a symbol in quotes")
            }
            None => e.message,
        };
        // The brace form's own brackets in the message, as it is written.
        let message = match braces {
            true => message
                .replace("`]`", "`}`")
                .replace("`[`", "`{`")
                .replace("the JSON", "the array"),
            false => message,
        };
        err(line, column, ParseErrorKind::Json { message })
    })?;
    board_cells(&board.rows, board.end, shape)
}

/// The JSON board that a board printed by Python (`print(board)`: `[['5', '3', '.',
/// ...], ...]`, strings in single quotes), by Java (`Arrays.deepToString` of a
/// `char[][]`: `[[5, 3, ., ...], ...]`, the blanks bare) or by NumPy (`[[3 0 6 ...]`,
/// no commas), or written as a C-family array (`{{3, 0, 6, ...}, ...}`, `{'5', '3',
/// '.'}` for chars) stands for: braces read as brackets, in a text without commas a
/// comma between two values or rows ([`grid_core::text::with_numpy_commas`]; NumPy
/// prints an array of strings `[['5' '3' '.' ...]`), single quotes as double ones
/// where the text holds no double quote, and in a text without quotes a bare `.` or
/// `_` as `0`, the blank of a board of numbers. One byte for one, so every place an
/// error names is where it is in the text as written.
fn as_json(text: &str) -> Cow<'_, str> {
    let text = match text.trim_start().starts_with('{') {
        true => Cow::Owned(text.replace('{', "[").replace('}', "]")),
        false => Cow::Borrowed(text),
    };
    let text = match grid_core::text::without_program_syntax(&text) {
        Cow::Owned(plain) => Cow::Owned(plain),
        Cow::Borrowed(_) => text,
    };
    let text = match grid_core::text::with_numpy_commas(&text) {
        Cow::Owned(commas) => Cow::Owned(commas),
        Cow::Borrowed(_) => text,
    };
    if text.contains('"') {
        return text;
    }
    if text.contains('\'') {
        return Cow::Owned(text.replace('\'', "\""));
    }
    let bytes = text.as_bytes();
    let bare_blank = |i: usize| {
        let before = bytes[..i].iter().rev().find(|b| !b.is_ascii_whitespace());
        let after = bytes[i + 1..].iter().find(|b| !b.is_ascii_whitespace());
        matches!(before, Some(b'[' | b',')) && matches!(after, Some(b']' | b','))
    };
    let blanks: Vec<usize> = (0..bytes.len())
        .filter(|&i| matches!(bytes[i], b'.' | b'_') && bare_blank(i))
        .collect();
    if blanks.is_empty() {
        return text;
    }
    let mut owned = bytes.to_vec();
    for i in blanks {
        owned[i] = b'0';
    }
    // Only ASCII bytes were replaced by ASCII bytes: still UTF-8.
    Cow::Owned(String::from_utf8(owned).unwrap_or_else(|_| text.into_owned()))
}

/// The cells of the rows read, checked for an n x n grid. Rows all of one length m
/// but not m of them: the row count is wrong (at the first extra row, or at the
/// board's closing `]` where a missing row would go). Otherwise the row count is n and
/// the first row of another length is wrong (at its `[`), whatever n is.
fn board_cells(
    rows: &[JsonRow<'_>],
    end: TextPosition,
    shape: Option<BoxShape>,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let place = |at: TextPosition| (at.line, at.column.unwrap_or(1));
    let n = rows.len();
    let (first_line, first_column) = rows.first().map_or((1, 1), |r| place(r.at));
    if n == 0 {
        return Err(err(first_line, first_column, ParseErrorKind::Empty));
    }
    let width = rows[0].cells.len();
    if width != n && rows.iter().all(|row| row.cells.len() == width) {
        let (line, column) = place(rows.get(width).map_or(end, |r| r.at));
        let kind = ParseErrorKind::RowCount {
            found: n,
            expected: width,
        };
        return Err(err(line, column, kind));
    }
    // A short or long row is named before the grid's size is judged: a ragged 2-row
    // board is a board with a short row, not a 2 x 2 grid without a box shape.
    for (index, row) in rows.iter().enumerate() {
        if row.cells.len() != n {
            let (line, column) = place(row.at);
            let kind = ParseErrorKind::RowLength {
                row: index + 1,
                found: row.cells.len(),
                expected: n,
            };
            return Err(err(line, column, kind));
        }
    }
    let shape = resolve_shape(n, shape, first_line, first_column)?;
    let mut cells = Vec::with_capacity(n * n);
    for row in rows {
        for cell in &row.cells {
            cells.push(cell_value(cell, n)?);
        }
    }
    Ok((shape, cells))
}

/// The value of `cell`: a one-character string is a symbol (`"5"`, `"."`), an empty
/// string a blank, anything else is read as a number (placed at its first character,
/// inside the quotes for a string).
fn cell_value(cell: &JsonCell<'_>, n: usize) -> Result<u8, Error> {
    let (line, column) = (cell.at.line, cell.at.column.unwrap_or(1));
    match cell.unquoted() {
        Some(inside) => {
            let mut chars = inside.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => symbol_cell(c, n, line, column + 1),
                (None, _) => Ok(0),
                _ => number_cell(inside, n, line, column + 1),
            }
        }
        None => number_cell(cell.raw, n, line, column),
    }
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
    fn boards_printed_by_python_and_java_read_as_their_json() {
        let json = r#"[["1",".",".","."],[".",".","2","."],[".","3",".","."],[".",".",".","4"]]"#;
        let expected = parse_board(json, None).expect("reads").1;
        let python = json.replace('"', "'").replace(',', ", ");
        assert_eq!(parse_board(&python, None).expect("reads").1, expected);
        let java = "[[1, ., ., .], [., ., 2, .],\n [., 3, ., .], [_, ., ., 4]]";
        assert_eq!(parse_board(java, None).expect("reads").1, expected);
        // Places stay as written: the stray `x` at line 2, column 3.
        let Error::Parse(p) = parse_board(
            "[[1, ., ., .], [., ., 2, .],\n [x, 3, ., .], [., ., ., 4]]",
            None,
        )
        .unwrap_err() else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (2, 3));
        let Error::Parse(p) = parse_board(&python.replacen("'2'", "'x'", 1), None).unwrap_err()
        else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (1, 36));
    }

    #[test]
    fn arrays_of_c_family_programs_and_numpy_read_as_their_json() {
        let json = "[[1,0,0,0],[0,0,2,0],[0,3,0,0],[0,0,0,4]]";
        let expected = parse_board(json, None).expect("reads").1;
        for text in [
            "{{1,0,0,0},{0,0,2,0},{0,3,0,0},{0,0,0,4}}",
            "{ { 1, 0, 0, 0 },\n  { 0, 0, 2, 0 },\n  { 0, 3, 0, 0 },\n  { 0, 0, 0, 4 } };",
            "{{'1','.','.','.'},{'.','.','2','.'},{'.','3','.','.'},{'.','.','.','4'}}",
            "[[1 0 0 0]\n [0 0 2 0]\n [0 3 0 0]\n [0 0 0 4]]",
            "[[1 0 0 0] [0 0 2 0] [0 3 0 0] [0 0 0 4]]",
            "[[ 1  0  0  0]\n [ 0  0  2  0]\n [ 0  3  0  0]\n [ 0  0  0  4]]",
            "[['1' '.' '.' '.']\n ['.' '.' '2' '.']\n ['.' '3' '.' '.']\n ['.' '.' '.' '4']]",
            "{ {1, 0, 0, 0}, // row 1\n  {0, 0, 2, 0},\n  {0, 3, 0, 0},\n  {0, 0, 0, 4,},\n};",
            "[[1, 0, 0, 0],  # the givens\n [0, 0, 2, 0],\n [0, 3, 0, 0],\n [0, 0, 0, 4],\n]",
        ] {
            assert_eq!(parse_board(text, None).expect(text).1, expected, "{text}");
        }
        // Places stay as written, and the brace form's messages name braces.
        let Error::Parse(p) =
            parse_board("[[1 0 0 0]\n [0 0 2 0]\n [0 x 0 0]\n [0 0 0 4]]", None).unwrap_err()
        else {
            panic!("a parse error")
        };
        assert_eq!((p.line, p.column), (3, 5));
        assert_eq!(
            p.to_string(),
            "unexpected 'x', expected a cell: a number, or a symbol in quotes"
        );
        let Error::Parse(p) = parse_board("{{1,0,0,0},{0,0,2,0}", None).unwrap_err() else {
            panic!("a parse error")
        };
        assert!(p.to_string().contains("the array"), "{p}");
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
