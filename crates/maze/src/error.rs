//! The crate's one error type.

use grid_core::Coord;

/// Why a maze could not be read or a question could not be asked of it.
///
/// Lines, columns and matrix rows/columns in messages are **1-based** (as editors show
/// them); the [`Coord`] values carried for start and goal are **0-based** like every
/// `Coord`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MazeError {
    /// The 0/1 matrix text is malformed (not an integer, ragged rows, bad JSON, empty).
    #[error(transparent)]
    Matrix(#[from] grid_core::ParseError),
    /// A matrix cell holds something other than 0 (blocked) or 1 (open).
    #[error("row {row}, column {column}: expected 0 (blocked) or 1 (open), found {found}")]
    CellValue {
        /// 1-based matrix row.
        row: usize,
        /// 1-based matrix column.
        column: usize,
        /// The value found.
        found: i64,
    },
    /// The input holds no maze at all (nothing but whitespace, or `[]`).
    #[error("no maze found: the input is empty")]
    Empty,
    /// A character that the format does not allow at that place.
    #[error("line {line}, column {column}: expected {expected}, found {found:?}")]
    Unexpected {
        /// 1-based line.
        line: usize,
        /// 1-based column (characters).
        column: usize,
        /// What the format allows there.
        expected: &'static str,
        /// The character found.
        found: char,
    },
    /// A line of a micromouse file has the wrong length or the file the wrong shape.
    #[error("line {line}: {message}")]
    Shape {
        /// 1-based line.
        line: usize,
        /// What is wrong, naming what was expected.
        message: String,
    },
    /// Two start markers `S` in one file.
    #[error(
        "line {line}, column {column}: a second start marker `S` (the first is at line {first_line}, column {first_column})"
    )]
    SecondStart {
        /// 1-based line of the second marker.
        line: usize,
        /// 1-based column of the second marker.
        column: usize,
        /// The cell (0-based) of the first marker.
        first: Coord,
        /// 1-based line of the first marker.
        first_line: usize,
        /// 1-based column of the first marker.
        first_column: usize,
    },
    /// The maze is too large to index: it must have fewer than about 4.29e9 cells
    /// (`(rows + 2) * (cols + 2) < 2^32`).
    #[error(
        "a {rows} x {cols} maze is too large (at most 4,294,967,295 cells including a 1-cell border)"
    )]
    TooLarge {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
    /// A start or goal cell lies off the maze.
    #[error("the {role} cell {cell} (0-based row, column) is off the {rows} x {cols} maze")]
    OffMaze {
        /// `"start"` or `"goal"`.
        role: &'static str,
        /// The cell, 0-based.
        cell: Coord,
        /// Maze rows.
        rows: usize,
        /// Maze columns.
        cols: usize,
    },
    /// A question was asked with an empty goal set.
    #[error("no goal cell given")]
    NoGoal,
    /// A maze size that generation or a format cannot produce (such as 0 rows).
    #[error("{0}")]
    Size(String),
}

impl grid_core::Positioned for MazeError {
    fn text_position(&self) -> Option<grid_core::TextPosition> {
        match self {
            MazeError::Matrix(e) => e.text_position(),
            _ => None,
        }
    }
}
