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

pub(super) fn parse_block(
    rows: &[TextLine<'_>],
    shape: Option<BoxShape>,
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
    let shape = resolve_shape(n, shape, first_number, 1)?;
    let mut cells = Vec::with_capacity(n * n);
    for (row, line) in rows.iter().enumerate() {
        cells.extend(block_row(line.number, line.text, n, row + 1)?);
    }
    Ok((shape, cells))
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
