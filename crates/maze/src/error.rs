//! The crate's one error type.

use grid_core::{Coord, Positioned, TextPosition};

/// Why a maze could not be read or a question could not be asked of it.
///
/// `Display` is the message alone; where the error points is data: a place in the text
/// ([`TextPosition`], **1-based** line and column, see [`Positioned::text_position`]) or
/// a matrix cell ([`Coord`], **0-based**, see [`Positioned::cell`]).
///
/// # Examples
///
/// ```
/// use grid_core::{Positioned, TextPosition};
/// use maze::{Format, MazeFile};
///
/// let err = MazeFile::parse("S.%\n.#G\n", Some(Format::Ascii)).unwrap_err();
/// assert_eq!(err.text_position(), Some(TextPosition::at(1, 3)));
/// assert!(err.to_string().starts_with("expected `#` (blocked)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MazeError {
    /// The 0/1 matrix text is malformed (not an integer, ragged rows, bad JSON, empty).
    #[error(transparent)]
    Matrix(#[from] grid_core::ParseError),
    /// A matrix cell holds something other than 0 (blocked) or 1 (open).
    #[error("expected 0 (blocked) or 1 (open), found {found}")]
    CellValue {
        /// The cell, 0-based (see [`Positioned::cell`]).
        cell: Coord,
        /// The value found.
        found: i64,
    },
    /// The input holds no maze at all: nothing but whitespace, `[]`, or, read as a
    /// matrix, `#` comment lines only (ASCII art forced into the matrix form).
    #[error(
        "no maze found: the input has no rows (it is empty or `[]`, or read as a matrix its lines are all `#` comments)"
    )]
    Empty,
    /// A character that the format does not allow at that place.
    #[error("expected {expected}, found {found:?}")]
    Unexpected {
        /// Where the character is (1-based line and column in characters).
        position: TextPosition,
        /// What the format allows there.
        expected: &'static str,
        /// The character found.
        found: char,
    },
    /// A line of a micromouse file has the wrong length or the file the wrong shape, or
    /// a row of labelled ASCII art has not the row label expected.
    #[error("{message}")]
    Shape {
        /// The line (1-based) that shows the problem.
        position: TextPosition,
        /// What is wrong, naming what was expected.
        message: String,
    },
    /// Two start markers `S` in one file.
    #[error(
        "a second start marker `S` (the first is at line {}, column {})",
        first_position.line,
        first_position.column.unwrap_or(1)
    )]
    SecondStart {
        /// Where the second marker is (1-based line and column).
        position: TextPosition,
        /// The cell (0-based) of the first marker.
        first: Coord,
        /// Where the first marker is (1-based line and column).
        first_position: TextPosition,
    },
    /// A row of ASCII art differs in length from the first row (short rows are padded
    /// with open cells only when asked, see [`crate::MazeReader::pad`]); a row of no
    /// cells is a blank line inside the art, and the message says so.
    #[error(
        "{}",
        ragged_message(*row, *found, *expected, *first_line)
    )]
    RaggedArt {
        /// The row's line (1-based).
        position: TextPosition,
        /// The row's number, 1-based.
        row: usize,
        /// Its length in cells (characters).
        found: usize,
        /// The first row's length.
        expected: usize,
        /// The first row's line (1-based).
        first_line: usize,
    },
    /// No format fits the text: each format tried, with its own error, the one that read
    /// furthest first. The position ([`Positioned`]) is the first error's.
    #[error("{}", no_format_message(tried))]
    NoFormat {
        /// The formats tried and where and why each stopped.
        tried: Vec<(crate::Format, MazeError)>,
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
    /// A JSON or brace matrix longer than [`crate::MAX_MATRIX_TEXT_BYTES`]: these forms
    /// are read whole, and the reader stops at that length.
    #[error(
        "a JSON or brace matrix is longer than {} MiB ({max} bytes), the most read whole; write a larger maze as 0/1 rows",
        max >> 20
    )]
    TextTooLarge {
        /// The line where the text passed the limit.
        position: TextPosition,
        /// The most text held, in bytes.
        max: usize,
    },
    /// More than [`crate::MAX_LEADING_BLANK_BYTES`] of blank lines before the first row:
    /// no maze file starts so, and the reader stops rather than wait for ever on an
    /// endless stream of blank lines.
    #[error(
        "no maze in the first {} MiB ({max} bytes): nothing but blank lines, and reading stops",
        max >> 20
    )]
    BlankText {
        /// The line where the blank text passed the limit.
        position: TextPosition,
        /// The most blank text read before the first row, in bytes.
        max: usize,
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

impl Positioned for MazeError {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            MazeError::Matrix(e) => e.text_position(),
            MazeError::Unexpected { position, .. }
            | MazeError::Shape { position, .. }
            | MazeError::SecondStart { position, .. }
            | MazeError::RaggedArt { position, .. }
            | MazeError::TextTooLarge { position, .. }
            | MazeError::BlankText { position, .. } => Some(*position),
            MazeError::NoFormat { tried } => tried.first().and_then(|(_, e)| e.text_position()),
            MazeError::CellValue { .. }
            | MazeError::Empty
            | MazeError::TooLarge { .. }
            | MazeError::OffMaze { .. }
            | MazeError::NoGoal
            | MazeError::Size(_) => None,
        }
    }

    /// The matrix cell of a [`MazeError::CellValue`]. The cell of
    /// [`MazeError::OffMaze`] is not reported here: it lies off the maze, and its
    /// message names it as it was asked for (0-based).
    fn cell(&self) -> Option<Coord> {
        match self {
            MazeError::Matrix(e) => e.cell(),
            MazeError::CellValue { cell, .. } => Some(*cell),
            _ => None,
        }
    }
}

/// The message of [`MazeError::NoFormat`]: every format with its error, the first one's
/// place left to the error's position unless it is a matrix cell.
fn no_format_message(tried: &[(crate::Format, MazeError)]) -> String {
    let mut message = String::from("not a maze in any format:");
    for (k, (format, err)) in tried.iter().enumerate() {
        let name = match format {
            crate::Format::Matrix => "a 0/1 matrix",
            crate::Format::Ascii => "ASCII art",
            crate::Format::Micromouse => "a micromouse file",
        };
        let place = if k == 0 && err.text_position().is_some() {
            None
        } else {
            crate::format::place(err)
        };
        let sep = if k == 0 { " " } else { "; " };
        match place {
            Some(place) => message.push_str(&format!("{sep}as {name}, {place}: {err}")),
            None => message.push_str(&format!("{sep}as {name}, {err}")),
        }
    }
    message
}

/// The message of [`MazeError::RaggedArt`].
fn ragged_message(row: usize, found: usize, expected: usize, first_line: usize) -> String {
    if found == 0 {
        format!(
            "row {row} is a blank line inside the art, expected {expected} cells like row 1 \
             (line {first_line}); a maze has no blank lines between its rows"
        )
    } else {
        format!(
            "row {row} has {found} cell{}, expected {expected} like row 1 (line {first_line})",
            if found == 1 { "" } else { "s" }
        )
    }
}
