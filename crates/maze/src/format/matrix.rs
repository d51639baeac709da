//! The 0/1 matrix reader, fed one line at a time: whitespace rows, rows with commas
//! between the values (CSV) and compact rows of digits are packed into the maze's bits
//! as they arrive; the JSON and brace forms are kept as text and parsed whole at the
//! end.

use grid_core::text;
use grid_core::{Coord, ParseError, RowGaps, TextPosition};

use super::{Format, MazeFile, Style, Symbols};
use crate::bits::BitSet;
use crate::{Maze, MazeError};

/// What a compact row may hold.
const COMPACT_CHARS: &str = "`0` (blocked) or `1` (open)";

/// How the rows are written, decided by the first data line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// Whitespace-separated values (`1 0 1`).
    Spaced,
    /// Digits without separators (`101`).
    Compact,
    /// Values separated by commas, with or without spaces (`1,0,1`, `1, 0, 1`; a
    /// spreadsheet's CSV), a comma after the last allowed.
    Commas,
}

/// A [`Format::Matrix`] maze being read.
#[derive(Debug, Default)]
pub(super) struct Rows {
    /// The form and the number of columns, from the first data line.
    shape: Option<(Form, usize)>,
    rows: usize,
    /// Open cells in the maze's padded layout, stride `cols + 2`.
    open: Option<BitSet>,
    /// The JSON or brace form, read whole: the text so far.
    whole: Option<String>,
    /// The first non-blank character of the first data line.
    first_data: Option<TextPosition>,
    /// Which values are open.
    symbols: Symbols,
    /// A blank line between two rows, found as the rows arrive.
    gaps: RowGaps,
    /// A JSON grid of strings, read as art: pad short rows with open cells (a build
    /// without JSON reads no such grid).
    #[cfg_attr(not(feature = "json"), allow(dead_code))]
    pad: bool,
}

impl Rows {
    /// A reader of the values `symbols` names open (1 by default); `pad` pads the
    /// short rows of a JSON grid of strings, which is read as ASCII art.
    pub(super) fn new(symbols: Symbols, pad: bool) -> Rows {
        Rows {
            symbols,
            pad,
            ..Rows::default()
        }
    }

    /// Reads line `number` (1-based) of the text.
    ///
    /// # Errors
    ///
    /// The first malformed row: [`ParseError::InvalidNumber`], [`ParseError::Ragged`],
    /// [`ParseError::BlankLine`] (a row after a blank line), [`MazeError::CellValue`],
    /// [`MazeError::Unexpected`] (compact rows), [`MazeError::TooLarge`].
    pub(super) fn push(&mut self, number: usize, line: &str) -> Result<(), MazeError> {
        if let Some(whole) = &mut self.whole {
            if whole.len() + 1 + line.len() > crate::MAX_MATRIX_TEXT_BYTES {
                return Err(MazeError::TextTooLarge {
                    position: TextPosition::line(number),
                    max: crate::MAX_MATRIX_TEXT_BYTES,
                });
            }
            whole.push('\n');
            whole.push_str(line);
            return Ok(());
        }
        if !self.gaps.is_row(number, line, self.rows)? {
            return Ok(());
        }
        let Some((form, cols)) = self.shape else {
            return self.first(number, line);
        };
        let row = self.rows;
        Maze::check_size(row + 1, cols)?;
        let stride = cols + 2;
        let base = (row + 1) * stride + 1;
        let open = self.open.get_or_insert_with(|| BitSet::new(0));
        if open.capacity() < base + stride {
            // Double, so that growing row by row costs linear time overall.
            open.grow_to((base + stride).max(open.capacity() * 2));
        }
        let found = match form {
            Form::Spaced
                if !self.symbols.values_named() && single_spaced(open, base, cols, line) =>
            {
                cols
            }
            Form::Spaced => pack(
                open,
                base,
                (row, cols),
                (number, line),
                spaced_fields(line),
                &self.symbols,
            )?,
            Form::Compact => compact(open, base, cols, number, line, &self.symbols)?,
            Form::Commas => pack(
                open,
                base,
                (row, cols),
                (number, line),
                comma_fields(line),
                &self.symbols,
            )?,
        };
        if found != cols {
            return Err(ParseError::Ragged {
                line: number,
                column: text::column_of(line, line.len() - line.trim_start().len()),
                row: row + 1,
                expected: cols,
                found,
            }
            .into());
        }
        self.rows += 1;
        Ok(())
    }

    /// The first data line: it decides the form (JSON, brace, compact or spaced) and
    /// the number of columns.
    fn first(&mut self, number: usize, line: &str) -> Result<(), MazeError> {
        self.first_data = Some(super::first_char(number, line));
        let trimmed = line.trim();
        if trimmed.starts_with('[') || trimmed.starts_with('{') {
            // Earlier lines were blank or comments: keep the line numbers right.
            let mut whole = "\n".repeat(number - 1);
            whole.push_str(line);
            self.whole = Some(whole);
            return Ok(());
        }
        let compact = trimmed.len() > 1 && trimmed.bytes().all(|b| b == b'0' || b == b'1');
        let (form, cols) = if compact {
            (Form::Compact, trimmed.len())
        } else if trimmed.contains(',') {
            (Form::Commas, comma_fields(line).count())
        } else {
            (Form::Spaced, line.split_ascii_whitespace().count())
        };
        self.shape = Some((form, cols));
        self.push(number, line)
    }

    /// Where the first data line starts, once there is one.
    pub(super) fn first_data(&self) -> Option<TextPosition> {
        self.first_data
    }

    /// The maze read.
    ///
    /// # Errors
    ///
    /// [`MazeError::Empty`] without rows; any error of the JSON and brace forms.
    pub(super) fn finish(self) -> Result<MazeFile, MazeError> {
        // Python's and NumPy's prints of a grid of strings, read as its JSON.
        #[cfg(feature = "json")]
        let whole = self.whole.map(super::strings::from_python);
        #[cfg(not(feature = "json"))]
        let whole = self.whole;
        let maze = match (whole, self.shape) {
            // A JSON grid of strings is ASCII art written in JSON.
            #[cfg(feature = "json")]
            (Some(whole), _) if super::strings::is_string_grid(&whole) => {
                return super::strings::read(&whole, self.pad, self.symbols);
            }
            (Some(whole), _) => from_integers(&whole, &self.symbols)?,
            (None, Some((_, cols))) if cols > 0 => {
                Maze::from_open_bits(self.rows, cols, self.open.unwrap_or_else(|| BitSet::new(0)))?
            }
            (None, _) => return Err(MazeError::Empty),
        };
        Ok(MazeFile {
            detected_open: Vec::new(),
            lone_letters: Vec::new(),
            axis_labels: None,
            maze,
            format: Format::Matrix,
            start: None,
            goals: Vec::new(),
            style: Style::Matrix,
        })
    }
}

/// The values of a whitespace row, each with its byte offset in `line`.
fn spaced_fields(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_ascii_whitespace()
        .map(move |token| (token.as_ptr() as usize - line.as_ptr() as usize, token))
}

/// The fields of a row with commas between its values, each trimmed, with its byte
/// offset in `line`; a comma after the last value ends the row (no empty last field).
fn comma_fields(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let trimmed = line.trim_end();
    let trimmed = trimmed.strip_suffix(',').unwrap_or(trimmed);
    let mut offset = 0;
    trimmed.split(',').map(move |field| {
        let at = offset + (field.len() - field.trim_start().len());
        offset += field.len() + 1;
        (at, field.trim())
    })
}

/// Packs the values `tokens` (each with its byte offset in `line`, line `number`) of
/// row `row` into `open` from padded index `base`, the first `cols` of them; the number
/// of values. A value is open by `symbols` (by default `1` open, `0` blocked, any other
/// spelling of them read as an integer).
fn pack<'a>(
    open: &mut BitSet,
    base: usize,
    (row, cols): (usize, usize),
    (number, line): (usize, &str),
    tokens: impl Iterator<Item = (usize, &'a str)>,
    symbols: &Symbols,
) -> Result<usize, MazeError> {
    let mut col = 0;
    for (at, token) in tokens {
        let value = match (token, symbols.values_named()) {
            ("1", false) => true,
            ("0", false) => false,
            // Another spelling of 0 or 1 (`+1`, `01`), another value, or an error.
            _ => match token.parse::<i64>() {
                Ok(found) => symbols.value_open(found).ok_or(MazeError::CellValue {
                    cell: Coord::new(row, col),
                    found,
                })?,
                Err(_) => {
                    return Err(ParseError::InvalidNumber {
                        line: number,
                        column: text::column_of(line, at),
                        token: token.to_owned(),
                    }
                    .into());
                }
            },
        };
        if value && col < cols {
            open.set(base + col);
        }
        col += 1;
    }
    Ok(col)
}

/// The hot path of huge mazes: a row written `1 0 1 ... 0`, `cols` values of one digit
/// each `0` or `1` separated by single spaces, packed eight cells at a time. `false`
/// (nothing stored that matters: the general reader then reads the row again) for any
/// other row.
fn single_spaced(open: &mut BitSet, base: usize, cols: usize, line: &str) -> bool {
    let bytes = line.as_bytes();
    if cols == 0 || bytes.len() != 2 * cols - 1 {
        return false;
    }
    // Four cells per 8-byte word: digits at the even bytes, spaces at the odd ones.
    const SPACES: u64 = 0x2000_2000_2000_2000;
    const DIGITS: u64 = 0x0030_0030_0030_0030;
    const LOW_BITS: u64 = 0x0001_0001_0001_0001;
    // Gathers bit 0 of bytes 0, 2, 4, 6 into bits 48 to 51 (no two terms collide).
    const GATHER: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    let mut col = 0;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in chunks.by_ref() {
        let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes")); // invariant: chunks_exact
        if w & 0xFF00_FF00_FF00_FF00 != SPACES || w & 0x00FE_00FE_00FE_00FE != DIGITS {
            return false;
        }
        let four = ((w & LOW_BITS).wrapping_mul(GATHER) >> 48) & 0xF;
        open.or_bits(base + col, four, 4);
        col += 4;
    }
    for (k, &b) in chunks.remainder().iter().enumerate() {
        match (k % 2, b) {
            (0, b'1') => {
                open.set(base + col);
                col += 1;
            }
            (0, b'0') => col += 1,
            (1, b' ') => {}
            _ => return false,
        }
    }
    col == cols
}

/// Packs a compact row of digits into `open` from padded index `base`; the number of
/// digits (only the first `cols` are stored).
fn compact(
    open: &mut BitSet,
    base: usize,
    cols: usize,
    number: usize,
    line: &str,
    symbols: &Symbols,
) -> Result<usize, MazeError> {
    let lead = line.len() - line.trim_start().len();
    let digits = line.trim();
    for (col, b) in digits.bytes().enumerate() {
        match b {
            b'0' | b'1' if col < cols => {
                if symbols.value_open(i64::from(b - b'0')) == Some(true) {
                    open.set(base + col);
                }
            }
            b'0' | b'1' => {}
            _ => {
                let byte = lead + col;
                return Err(MazeError::Unexpected {
                    position: TextPosition::at(number, text::column_of(line, byte)),
                    expected: COMPACT_CHARS,
                    found: line[byte..].chars().next().unwrap_or(' '),
                });
            }
        }
    }
    Ok(digits.len())
}

/// The maze of an integer matrix in the JSON or brace form, every value 0 or 1 (or any
/// value, when `symbols` names the open ones).
fn from_integers(text: &str, symbols: &Symbols) -> Result<Maze, MazeError> {
    let grid = grid_core::parse_matrix(text).map_err(|err| match err {
        // `true` open or `true` blocked? Either is written somewhere: refused, with
        // what to write instead.
        ParseError::InvalidNumber {
            line,
            column,
            token,
        } if token == "true" || token == "false" => MazeError::Shape {
            position: TextPosition::at(line, column),
            message: format!(
                "expected 0 or 1, found `{token}`: a grid of booleans is not read, since `true` \
                 may mean open or blocked; write 1 for open and 0 for blocked (or each cell as a \
                 string, \".\" open and \"#\" blocked)"
            ),
        },
        other => other.into(),
    })?;
    if grid.rows() == 0 || grid.cols() == 0 {
        return Err(MazeError::Empty);
    }
    let mut maze = Maze::new(grid.rows(), grid.cols(), false)?;
    for (cell, &value) in grid.iter() {
        match symbols.value_open(value) {
            Some(open) => maze.set_open(cell, open),
            None => return Err(MazeError::CellValue { cell, found: value }),
        }
    }
    Ok(maze)
}
