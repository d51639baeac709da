//! The block form: n rows of n cells, with box separators, border lines and comments.

use grid_core::text::TextLine;

use super::framed::framed_cells;
use super::{
    cell_tokens, err, is_blank, is_number_token, is_separator, number_cell, resolve_shape,
    symbol_cell, symbol_value,
};
use crate::error::{Error, ParseErrorKind};
use crate::shape::{BoxShape, MAX_SIZE};

fn block_row(number: usize, line: &str, n: usize, row: usize) -> Result<Vec<u8>, Error> {
    if let Some(cells) = framed_cells(line) {
        if cells.len() != n {
            return Err(err(
                number,
                1,
                ParseErrorKind::RowLength {
                    row,
                    found: cells.len(),
                    expected: n,
                },
            ));
        }
        return cells
            .iter()
            .map(|&(col, c)| {
                if c == ' ' {
                    Ok(0)
                } else {
                    symbol_cell(c, n, number, col)
                }
            })
            .collect();
    }
    let toks = cell_tokens(line, true);
    if toks.len() == n && toks.iter().all(|t| is_number_token(t.text)) {
        return toks
            .iter()
            .map(|t| number_cell(t.text, n, number, t.column))
            .collect();
    }
    // As many tokens as cells, one of them no number (`1a` among numbers): that token.
    if toks.len() == n
        && toks.iter().any(|t| t.text.chars().count() > 1)
        && let Some(bad) = toks.iter().find(|t| !is_number_token(t.text))
    {
        number_cell(bad.text, n, number, bad.column)?;
    }
    let chars: Vec<(usize, char)> = toks
        .iter()
        .flat_map(|t| {
            t.text
                .chars()
                .enumerate()
                .map(move |(i, c)| (t.column + i, c))
        })
        .collect();
    if chars.len() == n {
        return chars
            .iter()
            .map(|&(col, c)| symbol_cell(c, n, number, col))
            .collect();
    }
    let trimmed = line.trim_end();
    if trimmed.trim_start().starts_with('|') && !trimmed.ends_with('|') {
        let end = trimmed.chars().count() + 1;
        return Err(err(number, end, ParseErrorKind::OpenFrame { row }));
    }
    let found = if toks.iter().all(|t| t.text.chars().count() == 1) || toks.len() < 2 {
        chars.len()
    } else {
        toks.len()
    };
    Err(err(
        number,
        1,
        ParseErrorKind::RowLength {
            row,
            found,
            expected: n,
        },
    ))
}

/// Parses a block's rows (`rows`, its lines that hold cells; `borders[i]`: the line
/// number of a border line between rows `i` and `i + 1`, if any). Without a given
/// `shape`, the box shape is the one the block draws ([`drawn_shape`]), else the
/// usual one of its size, and every bar and border line drawn must then lie on a box
/// boundary of that shape ([`off_boundary`]).
pub(super) fn parse_block(
    rows: &[TextLine<'_>],
    shape: Option<BoxShape>,
    borders: &[Option<usize>],
    total_lines: usize,
) -> Result<(BoxShape, Vec<u8>), Error> {
    let n = rows.len();
    let (first_number, first) = (rows[0].number, rows[0].text);
    let toks = cell_tokens(first, true);
    let chars: usize = toks.iter().map(|t| t.text.chars().count()).sum();
    let fits = match framed_cells(first) {
        Some(cells) => cells.len() == n,
        None => toks.len() == n || chars == n,
    };
    if !fits {
        let width = row_width(first);
        let (line, kind) = if n > width {
            (
                rows[width.min(n - 1)].number,
                ParseErrorKind::RowCount {
                    found: n,
                    expected: width,
                },
            )
        } else {
            (
                total_lines.max(first_number),
                ParseErrorKind::RowCount {
                    found: n,
                    expected: width,
                },
            )
        };
        return Err(err(line, 1, kind));
    }
    // Each row's groups of cells between bars, read once for the drawn shape and the
    // boundary check (neither is asked when the shape is given).
    let groups: Vec<Vec<usize>> = match shape {
        Some(_) => Vec::new(),
        None => rows.iter().map(|row| bar_groups(row.text)).collect(),
    };
    let drawn = match shape {
        Some(_) => None,
        None => drawn_shape(&groups, borders, n).map_err(|(box_rows, box_cols)| {
            err(
                first_number,
                1,
                ParseErrorKind::DrawnShapeMismatch {
                    size: n,
                    rows: box_rows,
                    cols: box_cols,
                },
            )
        })?,
    };
    let given = shape.is_some();
    let shape = resolve_shape(n, shape.or(drawn), first_number, 1)?;
    let mut cells = Vec::with_capacity(n * n);
    for (row, line) in rows.iter().enumerate() {
        cells.extend(block_row(line.number, line.text, n, row + 1)?);
    }
    // (After the rows: a row that is no row says so first.)
    if !given && let Some((line, column, kind)) = off_boundary(rows, &groups, borders, shape) {
        return Err(err(line, column, kind));
    }
    Ok((shape, cells))
}

/// The box shape an `n` x `n` block draws: boxes as wide as the cells between the bars
/// of its first row that has bars between cells (`1 2 | 3 4 | 5 6`: 2 wide), as tall as
/// the rows between its border lines (`----+-----+----` after every third row: 3 tall);
/// either alone gives the other. `None` when it draws neither, or groups of unequal
/// sizes (then the usual shape of the size holds); the box's rows and columns as
/// drawn when both are drawn and do not tile the grid (3 x 3 boxes on a 6 x 6 grid).
fn drawn_shape(
    groups: &[Vec<usize>],
    borders: &[Option<usize>],
    n: usize,
) -> Result<Option<BoxShape>, (usize, usize)> {
    // A box side: every group the same size, more than one cell and less than the grid.
    let side = |groups: &[usize]| match groups {
        [first, rest @ ..]
            if !rest.is_empty()
                && rest.iter().all(|g| g == first)
                && *first > 1
                && n.is_multiple_of(*first) =>
        {
            Some(*first)
        }
        _ => None,
    };
    let width = groups
        .iter()
        .find(|groups| groups.len() > 1)
        .and_then(|groups| side(groups));
    let mut heights = vec![1];
    for border in borders {
        match (border, heights.last_mut()) {
            (None, Some(height)) => *height += 1,
            _ => heights.push(1),
        }
    }
    let height = side(&heights);
    let (rows, cols) = match (height, width) {
        (Some(h), Some(w)) if h * w != n => return Err((h, w)),
        (Some(h), Some(w)) => (h, w),
        (Some(h), None) => (h, n / h),
        (None, Some(w)) => (n / w, w),
        (None, None) => return Ok(None),
    };
    Ok(BoxShape::new(rows, cols).ok())
}

/// The first bar or border line a block draws off the box boundaries of `shape`
/// (`1 2 3 | 4 5 6` with boxes two columns wide), as its line, column and error;
/// `groups` are the rows' [`bar_groups`].
fn off_boundary(
    rows: &[TextLine<'_>],
    groups: &[Vec<usize>],
    borders: &[Option<usize>],
    shape: BoxShape,
) -> Option<(usize, usize, ParseErrorKind)> {
    for (row, (line, groups)) in rows.iter().zip(groups).enumerate() {
        // A bar between every two cells (`|5|3| |`) frames cells, not boxes.
        if groups.iter().all(|&g| g == 1) {
            continue;
        }
        let mut before = 0;
        for (bar, group) in groups
            .iter()
            .enumerate()
            .take(groups.len().saturating_sub(1))
        {
            before += group;
            if before % shape.cols() != 0 {
                // The bar's column: the (bar + 1)-th inner bar of the line.
                let trimmed = line.text.trim_start();
                let lead = line.text.len() - trimmed.len();
                let skip = usize::from(trimmed.starts_with('|'));
                let at = trimmed
                    .match_indices('|')
                    .nth(bar + skip)
                    .map_or(0, |(at, _)| lead + at);
                let kind = ParseErrorKind::DrawnOffBoundary {
                    what: format!("row {}'s bar after column {before}", row + 1),
                    shape,
                };
                return Some((line.number, grid_core::text::column_of(line.text, at), kind));
            }
        }
    }
    // Likewise a border line between every two rows.
    if borders.iter().all(Option::is_some) {
        return None;
    }
    let mut height = 0;
    for (row, border) in borders.iter().enumerate() {
        height += 1;
        if let Some(number) = border
            && height % shape.rows() != 0
        {
            let kind = ParseErrorKind::DrawnOffBoundary {
                what: format!("the border line after row {}", row + 1),
                shape,
            };
            return Some((*number, 1, kind));
        }
    }
    None
}

/// The cells of each group of a block row between its bars (`5 3 . | . 7 .`: 3 and 3;
/// a framed row's frame aside); one group for a row without bars between cells.
pub(super) fn bar_groups(line: &str) -> Vec<usize> {
    let trimmed = line.trim();
    let groups: Vec<usize> = if framed_cells(line).is_some() {
        trimmed[1..trimmed.len() - 1]
            .split('|')
            .map(|piece| framed_cells(&format!("|{piece}|")).map_or(0, |cells| cells.len()))
            .collect()
    } else {
        // A frame around numbers (`| 10 . 3 | 4 . . |`) is no group.
        let inner = trimmed.strip_prefix('|').unwrap_or(trimmed);
        let inner = inner.strip_suffix('|').unwrap_or(inner);
        // A row of numbers counts its numbers in every group (`| 12 |` is one cell).
        let numbers = row_width(inner) != inner.split('|').map(row_width).sum::<usize>();
        inner
            .split('|')
            .map(|piece| match numbers {
                true => cell_tokens(piece, true).len(),
                false => row_width(piece),
            })
            .collect()
    };
    // A doubled bar (`||`, a box's edge among cells each boxed) holds no group.
    groups.into_iter().filter(|&g| g > 0).collect()
}

/// The number of cells a block row shows: its numbers when it is written as numbers
/// with some of two digits (`10 . 3 16`), else its symbols (`5 3 . | . 7 .`,
/// `53..7....`).
fn row_width(line: &str) -> usize {
    if let Some(cells) = framed_cells(line) {
        return cells.len();
    }
    let toks = cell_tokens(line, true);
    if toks.len() >= 2
        && toks
            .iter()
            .all(|t| is_number_token(t.text) && t.text.len() <= 2)
        && toks.iter().any(|t| t.text.len() == 2)
    {
        toks.len()
    } else {
        toks.iter().map(|t| t.text.chars().count()).sum()
    }
}

/// The number of cells when `line` can be a row of a block: only cell symbols, blanks,
/// separators and whitespace, with 2 to 32 cells. It is the width the row shows, even
/// when a box shape is given: a block whose rows do not fit the shape stays one record,
/// and parsing it names the mismatch.
pub(super) fn block_width(line: &str) -> Option<usize> {
    // A spreadsheet's row: its fields, quoted or not.
    if let Some(fields) = super::separated_fields(line) {
        let width = fields.len();
        return (fields.iter().all(|f| {
            is_number_token(f.text) || f.text.chars().all(|c| symbol_value(c).is_some())
        }) && (2..=MAX_SIZE).contains(&width))
        .then_some(width);
    }
    if let Some(cells) = framed_cells(line) {
        let width = cells.len();
        return (cells
            .iter()
            .all(|&(_, c)| c == ' ' || is_blank(c) || symbol_value(c).is_some())
            && (2..=MAX_SIZE).contains(&width))
        .then_some(width);
    }
    if !line
        .chars()
        .all(|c| is_blank(c) || symbol_value(c).is_some() || is_separator(c))
    {
        return None;
    }
    let width = row_width(line);
    (2..=MAX_SIZE).contains(&width).then_some(width)
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use crate::{BoxShape, Positioned, Sudoku};

    /// A 6 x 6 solution grid under 3x2 boxes (three rows tall, two columns wide), row
    /// by row; under the usual 2x3 boxes r1c3 and r2c2 are both 1 in box 1.
    const TALL: [&str; 6] = ["421356", "315624", "564213", "632541", "153462", "246135"];

    /// `TALL` drawn: each row's cells in groups of `width` with `bar` between them,
    /// and `border` after every `height` rows (no border when `height` is 0).
    fn drawn(width: usize, bar: &str, height: usize, border: &str) -> String {
        let mut lines = Vec::new();
        for (r, row) in TALL.iter().enumerate() {
            if height > 0 && r > 0 && r % height == 0 {
                lines.push(border.to_owned());
            }
            let cells: Vec<String> = row.chars().map(String::from).collect();
            let groups: Vec<String> = cells.chunks(width).map(|g| g.join(" ")).collect();
            lines.push(groups.join(bar));
        }
        lines.join("\n")
    }

    /// Whether `cells` (36 values) keep every row, column and `rows` x `cols` box.
    fn valid(cells: &[u8], rows: usize, cols: usize) -> bool {
        let unit_ok = |unit: Vec<usize>| {
            let mut seen = [false; 7];
            unit.iter()
                .all(|&c| !std::mem::replace(&mut seen[cells[c] as usize], true))
        };
        (0..6).all(|i| {
            let (br, bc) = (i / (6 / cols) * rows, i % (6 / cols) * cols);
            unit_ok((0..6).map(|j| 6 * i + j).collect())
                && unit_ok((0..6).map(|j| 6 * j + i).collect())
                && unit_ok(
                    (0..6)
                        .map(|j| 6 * (br + j / cols) + bc + j % cols)
                        .collect(),
                )
        })
    }

    #[test]
    fn a_block_is_read_with_the_boxes_it_draws() {
        let tall = BoxShape::new(3, 2).unwrap();
        let cells: Vec<u8> = TALL.concat().bytes().map(|b| b - b'0').collect();
        // The reference: the grid keeps 3x2 boxes and breaks 2x3 ones.
        assert!(valid(&cells, 3, 2));
        assert!(!valid(&cells, 2, 3));
        for (what, text) in [
            ("bars and borders", drawn(2, " | ", 3, "----+-----+----")),
            ("bars alone", drawn(2, " | ", 0, "")),
            ("borders alone", drawn(6, "", 3, "-----------")),
            (
                "framed rows",
                drawn(2, "|", 3, "+---+---+---+")
                    .lines()
                    .map(|l| {
                        if l.starts_with('+') {
                            l.to_owned()
                        } else {
                            format!("|{l}|")
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        ] {
            let sudoku =
                Sudoku::parse(&text, None).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
            assert_eq!(sudoku.shape(), tall, "{what}\n{text}");
            assert_eq!(sudoku.cells(), cells.as_slice(), "{what}");
        }
    }

    #[test]
    fn a_drawing_that_tiles_no_grid_or_a_given_shape_leaves_the_shape_to_them() {
        let wide = BoxShape::new(2, 3).unwrap();
        // Bars every second cell and borders every second row: boxes of 2 x 2 do not
        // tile a 6 x 6 grid, which is an error (at the first row).
        let text = drawn(2, " | ", 2, "----+-----+----");
        let err = Sudoku::parse(&text, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the grid is drawn with boxes of 2 rows by 2 columns, which do not tile a 6 x 6 \
             grid: redraw it, or give the box shape to read it with"
        );
        // Read with a shape given, the drawing is not asked.
        assert!(Sudoku::parse(&text, Some(BoxShape::new(3, 2).unwrap())).is_ok());
        // Groups of unequal sizes draw no boxes: the usual shape is read, and a bar
        // off its boundaries is an error at the bar.
        let uneven = TALL
            .iter()
            .map(|r| format!("{} | {}", &r[..2], &r[2..]))
            .collect::<Vec<_>>();
        let err = Sudoku::parse(&uneven.join("\n"), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "row 1's bar after column 2 is no boundary of the 2x3 boxes the grid is read \
             with (boxes 2 rows by 3 columns): redraw it, or give the box shape"
        );
        assert_eq!(
            err.text_position().map(|p| (p.line, p.column)),
            Some((1, Some(4)))
        );
        // One row's bars elsewhere than the others', and a border line off the
        // boundaries of the boxes the bars draw.
        let mut text: Vec<String> = drawn(2, " | ", 3, "----+-----+----")
            .lines()
            .map(String::from)
            .collect();
        text[1] = "3 1 5 | 6 2 4".to_owned();
        let err = Sudoku::parse(&text.join("\n"), None).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("row 2's bar after column 3 is no boundary of the 3x2"),
            "{err}"
        );
        let text = drawn(2, " | ", 0, "").replacen('\n', "\n----+-----+----\n", 2);
        let err = Sudoku::parse(&text, None).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("the border line after row 1 is no boundary"),
            "{err}"
        );
        // Bars and borders around every cell frame cells, not boxes (numbers of two
        // digits, or doubled bars at the boxes' edges, too).
        let boxed = |row: &str| {
            let cells: String = [row, "\n", "+---+---+---+---+---+---+\n"].concat();
            cells.repeat(6)
        };
        let twelve = ["| 12 | . | . | . | . | . | . | . | . | . | . | . |\n"; 12].concat();
        assert!(Sudoku::parse(&twelve, None).is_err_and(|e| e.to_string().contains("both 12")));
        let doubled = boxed("| . | . | . || . | . | . |");
        assert_eq!(Sudoku::parse(&doubled, None).unwrap().shape(), wide);
        let cells = ["|.|.|.|.|.|.|\n", "+-+-+-+-+-+-+\n"].concat().repeat(6);
        assert_eq!(Sudoku::parse(&cells, None).unwrap().shape(), wide);
        // A given shape wins over the drawing.
        let text = drawn(2, " | ", 3, "----+-----+----");
        assert!(Sudoku::parse(&text, Some(wide)).is_err());
        // The usual shapes still come from a drawing that shows them, and from none.
        let (row, border) = (". . . | . . . | . . .", "------+-------+------");
        let nine = [row, row, row, border, row, row, row, border, row, row, row].join("\n");
        assert_eq!(
            Sudoku::parse(&nine, None).unwrap().shape(),
            BoxShape::new(3, 3).unwrap()
        );
        // Numbers in a frame, groups of three cells (no border lines): boxes three
        // cells wide, so four rows tall, not the usual 3x4.
        let row = |first: &str| format!("| {first} . . | . . . | . . . | . . . |");
        let twelve: Vec<String> = (0..12)
            .map(|r| row(if r == 0 { "10" } else { "." }))
            .collect();
        let sudoku = Sudoku::parse(&twelve.join("\n"), None).unwrap();
        assert_eq!(sudoku.shape(), BoxShape::new(4, 3).unwrap());
        assert_eq!(sudoku.cells()[0], 10);
        let plain: String = TALL
            .iter()
            .map(|r| format!("{}\n", ".".repeat(r.len())))
            .collect();
        assert_eq!(Sudoku::parse(&plain, None).unwrap().shape(), wide);
    }

    #[test]
    fn rows_of_numbers_take_two_dots_for_a_blank_and_name_a_stray_symbol() {
        // A 12 x 12 grid of numbers (a shifted pattern), some cells `..`.
        let value = |r: usize, c: usize| (r % 3 * 4 + r / 3 + c) % 12 + 1;
        let rows: Vec<String> = (0..12)
            .map(|r| {
                (0..12)
                    .map(|c| match (r + c) % 3 {
                        0 => "..".to_owned(),
                        _ => format!("{:>2}", value(r, c)),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let line: String = (0..144)
            .map(|i| match (i / 12 + i % 12) % 3 {
                0 => '.',
                _ => char::from_digit(value(i / 12, i % 12) as u32, 36)
                    .unwrap()
                    .to_ascii_uppercase(),
            })
            .collect();
        let expected = Sudoku::parse(&line, None).unwrap();
        assert_eq!(Sudoku::parse(&rows.join("\n"), None).unwrap(), expected);
        // A token that is no number among numbers: named at its character.
        let mut bad = rows.clone();
        // Row 3's first cell (a number: (2 + 0) % 3 != 0) with a letter after it.
        let mut tokens: Vec<String> = bad[2].split_whitespace().map(String::from).collect();
        tokens[0].push('a');
        bad[2] = tokens.join(" ");
        let err = Sudoku::parse(&bad.join("\n"), None).unwrap_err();
        assert!(err.to_string().starts_with("unexpected 'a'"), "{err}");
        let at = bad[2].find('a').unwrap() + 1;
        assert_eq!(
            err.text_position(),
            Some(grid_core::TextPosition::at(3, at))
        );
    }
}
