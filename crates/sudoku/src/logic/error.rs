//! The error of the `logic` module: a grid the techniques cannot take.

use grid_core::{Coord, Positioned, TextPosition};

/// Why a candidate grid could not be built: from a [`Sudoku`](crate::Sudoku) that is not
/// 9 x 9, or from malformed pencil-mark text ([`Candidates::parse`](super::Candidates::parse):
/// the 729-character form or the grid of candidate lists).
///
/// The message names no text position; [`Positioned::text_position`] gives it (1-based
/// line and column) and [`Positioned::cell`] the cell (0-based), where there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CandidatesError {
    /// The human-style techniques are written for the 9 x 9 grid only.
    #[error("human-style techniques need a 9 x 9 grid, found {size} x {size}")]
    UnsupportedSize {
        /// The side length of the grid given.
        size: usize,
    },
    /// The text does not hold 81 x 9 = 729 candidate characters.
    #[error("expected 729 candidate characters (9 per cell), found {found}")]
    Length {
        /// Characters found (whitespace not counted).
        found: usize,
    },
    /// A character that is neither the digit of its slot nor an absence mark.
    #[error("expected `{digit}`, `.` or `0` for candidate {digit} of {cell_name}, found `{found}`", cell_name = crate::CellName(*.cell))]
    Symbol {
        /// The character found.
        found: char,
        /// The digit (1..=9) the slot stands for.
        digit: u8,
        /// The cell (0-based) whose slot it is.
        cell: Coord,
        /// Where it is (1-based line and column).
        position: TextPosition,
    },
    /// A cell with no candidate at all: the position cannot be completed.
    #[error("{cell_name} has no candidate", cell_name = crate::CellName(*.cell))]
    NoCandidates {
        /// The cell (0-based).
        cell: Coord,
        /// Where its nine characters start (1-based line and column).
        position: TextPosition,
    },
    /// A character in a candidate list that is not a digit 1-9.
    #[error("expected a candidate digit 1-9 in the list of {cell_name}, found `{found}`", cell_name = crate::CellName(*.cell))]
    ListSymbol {
        /// The character found.
        found: char,
        /// The cell (0-based) whose list it is in.
        cell: Coord,
        /// Where it is (1-based line and column).
        position: TextPosition,
    },
    /// A digit written twice in one candidate list.
    #[error("expected each candidate once in the list of {cell_name}, found {digit} again", cell_name = crate::CellName(*.cell))]
    Repeated {
        /// The digit (1..=9).
        digit: u8,
        /// The cell (0-based).
        cell: Coord,
        /// Where the second one is (1-based line and column).
        position: TextPosition,
    },
    /// A row of the grid of lists without nine candidate lists.
    #[error("expected 9 candidate lists in row {}, found {found}", row + 1)]
    RowLength {
        /// The row, **0-based** (the message names it 1-based).
        row: usize,
        /// The lists found on the line.
        found: usize,
        /// The tenth list, or the end of a short line (1-based line and column).
        position: TextPosition,
    },
    /// A grid of lists without nine rows (frame lines not counted).
    #[error("expected 9 rows of candidate lists, found {found}")]
    Rows {
        /// The rows found.
        found: usize,
        /// The tenth row, or the last row of a short grid (1-based line).
        position: TextPosition,
    },
}

impl Positioned for CandidatesError {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            CandidatesError::Symbol { position, .. }
            | CandidatesError::NoCandidates { position, .. }
            | CandidatesError::ListSymbol { position, .. }
            | CandidatesError::Repeated { position, .. }
            | CandidatesError::RowLength { position, .. }
            | CandidatesError::Rows { position, .. } => Some(*position),
            CandidatesError::UnsupportedSize { .. } | CandidatesError::Length { .. } => None,
        }
    }

    fn cell(&self) -> Option<Coord> {
        match self {
            CandidatesError::Symbol { cell, .. }
            | CandidatesError::NoCandidates { cell, .. }
            | CandidatesError::ListSymbol { cell, .. }
            | CandidatesError::Repeated { cell, .. } => Some(*cell),
            CandidatesError::UnsupportedSize { .. }
            | CandidatesError::Length { .. }
            | CandidatesError::RowLength { .. }
            | CandidatesError::Rows { .. } => None,
        }
    }
}
