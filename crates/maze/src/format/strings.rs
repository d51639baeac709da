//! JSON grids of strings, the form LeetCode 1926 and many online judges write a maze
//! in: an array of rows, each an array of one-character strings (`[["+","+","."],
//! [".",".","+"]]`) or one string (`["#..", ".#."]`). The cells are ASCII art's
//! characters, read by the art reader with its symbols ([`Symbols`]: `#` blocked, `.`
//! or space open, `S`, `G`, `E` markers, `--wall` and `--open`), row by row as the JSON
//! parser hands them out; an error is placed at the string in the JSON text.

use grid_core::text::quote;
use grid_core::{Coord, JsonText, ParseError, StringRow, StringRowsError, TextPosition};

use super::ascii::Art;
use super::{MazeFile, Symbols};
use crate::MazeError;

/// `text` as JSON when it is a grid of strings as Python's `print` writes one
/// (`[['S', '.', '#'], ...]`, `['S.#', '..#']`: single quotes) or NumPy's (`[['S' '.'
/// '#']`, then ` ['.' '.' 'G']]` a line: no commas either); `text` itself otherwise.
/// One byte for one, so every place stays where it was.
pub(super) fn from_python(text: String) -> String {
    if text.contains('"') || !text.contains('\'') {
        return text;
    }
    grid_core::text::with_numpy_commas(&text).replace('\'', "\"")
}

/// Whether the JSON text `text` is a grid of strings: its first value inside the outer
/// array is a string, or an array whose first value is one.
pub(super) fn is_string_grid(text: &str) -> bool {
    let Some(rest) = text.trim_start().strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('[').map_or(rest, str::trim_start);
    rest.starts_with('"')
}

/// The maze of the JSON grid of strings `text` (see the module's docs); `pad` fills
/// short rows with open cells, as in art.
///
/// # Errors
///
/// [`MazeError::Matrix`] for malformed JSON or a value that is no string;
/// [`MazeError::Shape`] for a cell that is not one character or a row without cells;
/// the art reader's errors ([`MazeError::Unexpected`], [`MazeError::SecondStart`],
/// [`MazeError::RaggedArt`], [`MazeError::TooLarge`]); each at its string in `text`.
pub(super) fn read(text: &str, pad: bool, symbols: Symbols) -> Result<MazeFile, MazeError> {
    let json = JsonText::new(text);
    let mut art = Art::new(pad, symbols);
    let mut cells = String::new();
    let read = json.string_rows(|row, written| {
        let line = match written {
            StringRow::Cells(strings) => {
                cells.clear();
                for (col, cell) in strings.iter().enumerate() {
                    let mut chars = cell.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => cells.push(ch),
                        _ => {
                            return Err(MazeError::Shape {
                                position: place(&json, written, Coord::new(row, col)),
                                message: format!(
                                    "expected one character for a cell, found {}",
                                    match cell.is_empty() {
                                        true => "an empty string".to_owned(),
                                        false => quote(cell).to_string(),
                                    }
                                ),
                            });
                        }
                    }
                }
                cells.as_str()
            }
            StringRow::Text(text) => text,
        };
        if line.is_empty() {
            return Err(MazeError::Shape {
                position: row_place(&json, row),
                message: format!("row {} has no cells", row + 1),
            });
        }
        // The art reader numbers its lines from 1: row r is line r + 1, cell c column
        // c + 1.
        art.row(row + 1, line, 0)
            .map_err(|err| placed(&json, written, err))
    });
    match read {
        Ok(()) => art.finish(),
        Err(StringRowsError::Stopped(err)) => Err(err),
        Err(StringRowsError::Json(err)) => Err(MazeError::Matrix(ParseError::Json {
            line: err.at.line,
            column: err.at.column.unwrap_or(1),
            message: err.message,
        })),
    }
}

/// The art reader's error `err` about a row written `written`, its places (lines and
/// columns of the art, one line a row) moved to the strings in the JSON text.
fn placed(json: &JsonText<'_>, written: StringRow<'_>, err: MazeError) -> MazeError {
    let cell_of = |at: TextPosition| {
        Coord::new(
            at.line.saturating_sub(1),
            at.column.unwrap_or(1).saturating_sub(1),
        )
    };
    match err {
        MazeError::Unexpected {
            position,
            expected,
            found,
        } => MazeError::Unexpected {
            position: place(json, written, cell_of(position)),
            expected,
            found,
        },
        MazeError::SecondStart {
            position,
            first,
            first_position,
        } => MazeError::SecondStart {
            position: place(json, written, cell_of(position)),
            first,
            // The first marker's row may be written in the other form: its character
            // when that row is one string, else its string.
            first_position: json
                .string_char_position(&[first.row], first.col)
                .or_else(|| json.value_position(&[first.row, first.col]))
                .unwrap_or(first_position),
        },
        MazeError::RaggedArt {
            position: _,
            row,
            found,
            expected,
            first_line,
        } => MazeError::RaggedArt {
            position: row_place(json, row.saturating_sub(1)),
            row,
            found,
            expected,
            first_line: json.value_position(&[0]).map_or(first_line, |at| at.line),
        },
        other => other,
    }
}

/// Where the cell `cell` is written: its string in a row of strings, its character
/// in a row written as one string; the start of the text when not found.
fn place(json: &JsonText<'_>, written: StringRow<'_>, cell: Coord) -> TextPosition {
    let found = match written {
        StringRow::Cells(_) => json.value_position(&[cell.row, cell.col]),
        StringRow::Text(_) => json.string_char_position(&[cell.row], cell.col),
    };
    found.unwrap_or_else(|| json.start())
}

/// Where row `row` (0-based) is written: its `[` or its string's opening quote.
fn row_place(json: &JsonText<'_>, row: usize) -> TextPosition {
    json.value_position(&[row]).unwrap_or_else(|| json.start())
}
