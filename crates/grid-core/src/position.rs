//! Where an error points: a place in the input text, or a cell of the grid.

use std::fmt;

use crate::Coord;

/// A place in input text: a **1-based** line and, when known, a **1-based** column that
/// counts characters (not bytes), as editors show them.
///
/// `Display` writes `L:C` (or `L` without a column), the form that follows a file name
/// in compiler and editor messages, so a caller writes `format!("{file}:{position}")`.
///
/// # Examples
///
/// ```
/// use grid_core::TextPosition;
/// assert_eq!(TextPosition::at(3, 7).to_string(), "3:7");
/// assert_eq!(TextPosition::line(3).to_string(), "3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextPosition {
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters, when the error points inside the line.
    pub column: Option<usize>,
}

impl TextPosition {
    /// A position at `line`, `column` (both 1-based).
    pub const fn at(line: usize, column: usize) -> Self {
        TextPosition {
            line,
            column: Some(column),
        }
    }

    /// A position that names a whole line (1-based).
    pub const fn line(line: usize) -> Self {
        TextPosition { line, column: None }
    }

    /// This position, counted in a part of a larger text that starts at `origin` of
    /// it, as a position in the larger text: the lines after the part's first are
    /// moved down by `origin.line - 1`, and a column on its first line moved right by
    /// `origin.column - 1` (a part that starts a line has `origin` column 1). For a
    /// reader given one value cut out of a file of many (one board of a batch), so
    /// that its errors point into the file.
    ///
    /// ```
    /// use grid_core::TextPosition;
    /// let origin = TextPosition::at(3, 5);
    /// assert_eq!(TextPosition::at(1, 2).within(origin), TextPosition::at(3, 6));
    /// assert_eq!(TextPosition::at(2, 2).within(origin), TextPosition::at(4, 2));
    /// assert_eq!(TextPosition::line(1).within(origin), TextPosition::line(3));
    /// ```
    #[must_use]
    pub const fn within(self, origin: TextPosition) -> TextPosition {
        let column = match (self.column, origin.column) {
            (Some(column), Some(start)) if self.line == 1 => Some(column + start - 1),
            (column, _) => column,
        };
        TextPosition {
            line: self.line + origin.line - 1,
            column,
        }
    }
}

impl fmt::Display for TextPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "{}:{column}", self.line),
            None => write!(f, "{}", self.line),
        }
    }
}

/// An error that may point at a place in the input text or at a cell of the grid.
///
/// Every library error of the gridsolve crates implements it. The error's `Display`
/// is only the message ("expected 9 cells, found 8"); the position is a field, so a
/// caller composes `file:line:column: message` (or names the cell) in its own words and
/// never reads a position out of a message.
///
/// # Examples
///
/// ```
/// use grid_core::{Positioned, TextPosition};
///
/// let err = grid_core::parse_matrix("1 2\n3 x\n").unwrap_err();
/// assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
/// assert_eq!(err.to_string(), "expected an integer, found `x`");
/// ```
pub trait Positioned {
    /// The place in the input text the error is about, if any.
    fn text_position(&self) -> Option<TextPosition> {
        None
    }

    /// The cell (0-based) the error is about, when it points at a cell rather than at
    /// text (a value of a JSON matrix, a square of a board).
    fn cell(&self) -> Option<Coord> {
        None
    }
}
