//! The 0/1 matrix reader: JSON, whitespace rows, or compact rows of digits.

use grid_core::text::{self, TextLine};
use grid_core::{Coord, Grid};

use super::{Format, MazeFile, Style};
use crate::{Maze, MazeError};

/// Reads a [`Format::Matrix`] maze.
pub(super) fn parse(text: &str) -> Result<MazeFile, MazeError> {
    let maze = match binary_rows(text) {
        Some(maze) => maze?,
        None => from_integers(text)?,
    };
    Ok(MazeFile {
        maze,
        format: Format::Matrix,
        start: None,
        goals: Vec::new(),
        style: Style::Matrix,
    })
}

/// The maze of an integer matrix (compact digit rows, JSON or whitespace rows), every
/// value 0 or 1.
fn from_integers(text: &str) -> Result<Maze, MazeError> {
    let grid = match compact_rows(text) {
        Some(grid) => grid,
        None => grid_core::parse_matrix(text)?,
    };
    if grid.rows() == 0 || grid.cols() == 0 {
        return Err(MazeError::Empty);
    }
    let mut maze = Maze::new(grid.rows(), grid.cols(), false)?;
    for (cell, &value) in grid.iter() {
        match value {
            0 => {}
            1 => maze.set_open(cell, true),
            found => return Err(MazeError::CellValue { cell, found }),
        }
    }
    Ok(maze)
}

/// Well-formed whitespace rows of `0` and `1` read straight into the maze's bits, without
/// an intermediate integer grid (8 bytes per cell), so huge mazes read in a fraction of the
/// memory. `None` when the text is anything else (JSON, other tokens, ragged rows, no
/// rows): the general parser then reads it and reports any error precisely.
fn binary_rows(text: &str) -> Option<Result<Maze, MazeError>> {
    let mut rows = 0;
    let mut cols = None;
    for line in text::data_lines(text) {
        let mut n = 0;
        for token in line.text.split_ascii_whitespace() {
            if token != "0" && token != "1" {
                return None;
            }
            n += 1;
        }
        if n == 0 || cols.is_some_and(|c| c != n) {
            return None;
        }
        cols = Some(n);
        rows += 1;
    }
    let cols = cols?;
    let mut maze = match Maze::new(rows, cols, false) {
        Ok(maze) => maze,
        Err(err) => return Some(Err(err)),
    };
    for (row, line) in text::data_lines(text).enumerate() {
        // Token columns are not needed here: every token is a valid `0` or `1`.
        for (col, token) in line.text.split_ascii_whitespace().enumerate() {
            if token == "1" {
                maze.set_open(Coord::new(row, col), true);
            }
        }
    }
    Some(Ok(maze))
}

/// Rows of `0`/`1` digits without separators (`0110`), when every data line (see
/// [`text::data_lines`]) is such a row and some row has more than one digit.
fn compact_rows(text: &str) -> Option<Grid<i64>> {
    let rows: Vec<&str> = text::data_lines(text)
        .map(|l: TextLine<'_>| l.text.trim())
        .collect();
    let compact = !rows.is_empty()
        && rows.iter().any(|r| r.len() > 1)
        && rows
            .iter()
            .all(|r| r.bytes().all(|b| b == b'0' || b == b'1'));
    if !compact || rows.iter().any(|r| r.len() != rows[0].len()) {
        // Ragged compact rows fall through to the whitespace parser, which reports them.
        return None;
    }
    let cells = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| i64::from(b - b'0')))
        .collect();
    Grid::from_vec(rows.len(), rows[0].len(), cells).ok()
}
