//! Why a board could not be built, and where: [`BoardError`] and [`JumpSource`].

use std::fmt;

use grid_core::{Coord, Positioned, TextPosition};

use super::Jump;

/// Where a jump was written: the position an error about that jump points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpSource {
    /// The `index`-th jump (1-based) of the list given to
    /// [`Board::from_jumps`](crate::Board::from_jumps), which has no text.
    Item(usize),
    /// A place in the text of a jump list: the line of a `from to` line of the text
    /// form (no column), or the line and column of the `[from, to]` pair of a JSON
    /// list. Both 1-based, columns in characters.
    Text(TextPosition),
    /// The LeetCode matrix cell at `coord` (0-based row from the top, 0-based column).
    Cell(Coord),
}

/// `jump I`, `line L`, `line L, column C` or `row R, column C` (all 1-based), the
/// words used when a message names a second jump (see [`BoardError::TwoJumpsFrom`]).
impl fmt::Display for JumpSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JumpSource::Item(i) => write!(f, "jump {i}"),
            JumpSource::Text(TextPosition { line, column: None }) => write!(f, "line {line}"),
            JumpSource::Text(TextPosition {
                line,
                column: Some(column),
            }) => write!(f, "line {line}, column {column}"),
            JumpSource::Cell(c) => write!(f, "row {}, column {}", c.row + 1, c.col + 1),
        }
    }
}

impl JumpSource {
    /// Where the jump was written, for a board cut out of a larger text at `origin`
    /// (one board of a file of many): a place in the text moved into that text
    /// ([`TextPosition::within`]); an index or a cell, which belong to the board, kept.
    #[must_use]
    pub fn within(self, origin: TextPosition) -> JumpSource {
        match self {
            JumpSource::Text(at) => JumpSource::Text(at.within(origin)),
            other => other,
        }
    }
}

impl Positioned for JumpSource {
    fn text_position(&self) -> Option<TextPosition> {
        match *self {
            JumpSource::Text(at) => Some(at),
            JumpSource::Item(_) | JumpSource::Cell(_) => None,
        }
    }

    fn cell(&self) -> Option<Coord> {
        match *self {
            JumpSource::Cell(cell) => Some(cell),
            JumpSource::Item(_) | JumpSource::Text(_) => None,
        }
    }
}

/// Why a board could not be built. Squares are 1-based.
///
/// `Display` is the message alone. Where the error points is in its fields and in
/// [`Positioned`]: [`Positioned::text_position`] for a place in a jump list's text or
/// a malformed matrix, [`Positioned::cell`] (0-based) for a cell of a LeetCode matrix.
/// A jump given to [`Board::from_jumps`](crate::Board::from_jumps) is named by
/// [`JumpSource::Item`] in the `at` field and has neither.
///
/// # Examples
///
/// ```
/// use grid_core::{Positioned, TextPosition};
/// let err = ladders::Board::parse("squares 10\n4 11\n").unwrap_err();
/// assert_eq!(err.text_position(), Some(TextPosition::line(2)));
/// assert_eq!(err.to_string(), "jump 4 -> 11 names a square outside 1..=10");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The LeetCode matrix could not be read as an integer matrix. A cell that is no
    /// integer (`1e3`, `x`) says what a cell holds: `expected -1 or a square number
    /// (an integer), found `1e3``.
    #[error("{}", matrix_message(.0))]
    Matrix(#[from] grid_core::ParseError),
    /// The LeetCode matrix is not n x n (or is empty).
    #[error("the board is {rows} x {cols}, expected a square n x n matrix with n >= 1")]
    NotSquare {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// A matrix cell holds neither `-1` nor a square in `1..=n²`.
    #[error("square {square} holds {value}, which is neither -1 nor a square in 1..={squares}")]
    CellOutOfRange {
        /// The cell, 0-based (row from the top).
        cell: Coord,
        /// The square that cell is (boustrophedon label).
        square: u32,
        /// The value found.
        value: i64,
        /// n².
        squares: u32,
    },
    /// A cell of a heights matrix (Codeforces 1245E) holds a negative height or one
    /// that leaves the board.
    #[error(
        "a ladder of height {height} cannot rise from this cell: {above} row{} above it (a heights matrix holds, per cell, how many rows its ladder rises, 0 for none)",
        if *above == 1 { " lies" } else { "s lie" }
    )]
    BadHeight {
        /// The cell, 0-based (row from the top).
        cell: Coord,
        /// The height found.
        height: i64,
        /// Rows above the cell.
        above: usize,
    },
    /// A jump starts on the last square (the game is over there).
    #[error("{jump} starts on the last square {squares}, where the game ends")]
    JumpFromLast {
        /// Where it was written.
        at: JumpSource,
        /// The jump.
        jump: Jump,
        /// The last square.
        squares: u32,
    },
    /// A jump names a square outside `1..=squares`.
    #[error("jump {from} -> {to} names a square outside 1..={squares}")]
    OutOfRange {
        /// Where it was written.
        at: JumpSource,
        /// Start square as written.
        from: i64,
        /// End square as written.
        to: i64,
        /// The number of squares.
        squares: u32,
    },
    /// Two jumps start on the same square.
    #[error("{jump} starts on square {}, which already has {first} ({first_at})", jump.from)]
    TwoJumpsFrom {
        /// Where the second jump was written.
        at: JumpSource,
        /// The second jump.
        jump: Jump,
        /// The first jump from that square.
        first: Jump,
        /// Where the first jump was written.
        first_at: JumpSource,
    },
    /// Under chained jumps ([`Board::chained`](crate::Board::chained)), jumps that
    /// lead back to their own start: the token would never stop.
    #[error("jumps {} form a loop ({})", loop_squares(.cycle), loop_places(.cycle, .sources))]
    JumpLoop {
        /// The jumps of the loop in the order they are taken, from the lowest square.
        cycle: Vec<Jump>,
        /// Where each of them was written, in the same order.
        sources: Vec<JumpSource>,
    },
    /// The board has too many (or too few) squares.
    #[error("the board has {}, expected 1..={max}", grid_core::text::count_of(*squares, "square"))]
    BadSize {
        /// Squares asked for.
        squares: i64,
        /// [`MAX_SQUARES`](crate::MAX_SQUARES).
        max: u64,
        /// Where the number of squares was written (1-based line and column), when it
        /// was read from text: the `squares N` header or the JSON `"squares"` value.
        at: Option<TextPosition>,
    },
    /// The input holds nothing but whitespace and comments.
    #[error("no board found: the input is empty")]
    Empty,
    /// The JSON jump list is malformed.
    #[error("{message}")]
    Json {
        /// Where the JSON parser stopped (1-based line and column).
        at: TextPosition,
        /// What was expected.
        message: String,
    },
    /// The JSON jump list is well-formed JSON but not of the expected shape (not an
    /// object, a missing or unknown field, a field of the wrong type).
    #[error("{message}")]
    JumpListShape {
        /// Where (1-based line and column): the unknown field's name, the value of
        /// the wrong type, or the object's `{` for a missing field.
        at: TextPosition,
        /// What was expected.
        message: String,
    },
    /// A jump of the JSON jump list is not a pair of integers.
    #[error("expected a pair of integers [from, to], found {found}")]
    JumpShape {
        /// Where the jump was written.
        at: JumpSource,
        /// The jump as written (compact JSON).
        found: String,
    },
    /// A line of the text form could not be read.
    #[error("{message}")]
    Text {
        /// Where (1-based line and column, in characters).
        at: TextPosition,
        /// What was expected.
        message: String,
    },
}

/// `5 -> 20 -> 5`: the squares of a loop of jumps, back to the first.
fn loop_squares(cycle: &[Jump]) -> String {
    let mut squares: Vec<String> = cycle.iter().map(|j| j.from.to_string()).collect();
    squares.extend(cycle.first().map(|j| j.from.to_string()));
    squares.join(" -> ")
}

/// `5 -> 20 at line 2, 20 -> 5 at line 3`: each jump of a loop and where it was written.
fn loop_places(cycle: &[Jump], sources: &[JumpSource]) -> String {
    let places: Vec<String> = cycle
        .iter()
        .zip(sources)
        .map(|(j, at)| format!("{} -> {} at {at}", j.from, j.to))
        .collect();
    places.join(", ")
}

impl BoardError {
    /// Where the jump this error is about was written, for the errors about one jump.
    pub fn jump_source(&self) -> Option<JumpSource> {
        match *self {
            BoardError::JumpFromLast { at, .. }
            | BoardError::OutOfRange { at, .. }
            | BoardError::TwoJumpsFrom { at, .. }
            | BoardError::JumpShape { at, .. } => Some(at),
            BoardError::CellOutOfRange { cell, .. } | BoardError::BadHeight { cell, .. } => {
                Some(JumpSource::Cell(cell))
            }
            BoardError::JumpLoop { ref sources, .. } => sources.first().copied(),
            _ => None,
        }
    }
}

impl BoardError {
    /// The error of a board read from a part of a larger text that starts at `origin`
    /// (one board of a file of many), every place in the text it holds, its message's
    /// too, moved into that text ([`TextPosition::within`]); cells and indices, which
    /// belong to the board, are kept.
    ///
    /// ```
    /// use grid_core::{Positioned, TextPosition};
    /// let err = ladders::Board::parse("{\"squares\": 9,\n \"jumps\": [[3, 12]]}").unwrap_err();
    /// assert_eq!(err.text_position(), Some(TextPosition::at(2, 12)));
    /// let moved = err.within(TextPosition::at(5, 1));
    /// assert_eq!(moved.text_position(), Some(TextPosition::at(6, 12)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn within(mut self, origin: TextPosition) -> BoardError {
        match &mut self {
            BoardError::Matrix(err) => {
                *err = std::mem::replace(err, grid_core::ParseError::Empty).within(origin);
            }
            BoardError::JumpFromLast { at, .. }
            | BoardError::OutOfRange { at, .. }
            | BoardError::JumpShape { at, .. } => *at = at.within(origin),
            BoardError::TwoJumpsFrom { at, first_at, .. } => {
                *at = at.within(origin);
                *first_at = first_at.within(origin);
            }
            BoardError::JumpLoop { sources, .. } => {
                for source in sources {
                    *source = source.within(origin);
                }
            }
            BoardError::BadSize { at, .. } => *at = at.map(|at| at.within(origin)),
            BoardError::Json { at, .. }
            | BoardError::JumpListShape { at, .. }
            | BoardError::Text { at, .. } => *at = at.within(origin),
            BoardError::NotSquare { .. }
            | BoardError::CellOutOfRange { .. }
            | BoardError::BadHeight { .. }
            | BoardError::Empty => {}
        }
        self
    }
}

impl Positioned for BoardError {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            BoardError::Matrix(e) => e.text_position(),
            BoardError::Json { at, .. }
            | BoardError::Text { at, .. }
            | BoardError::JumpListShape { at, .. } => Some(*at),
            BoardError::BadSize { at, .. } => *at,
            _ => self.jump_source().and_then(|at| at.text_position()),
        }
    }

    fn cell(&self) -> Option<Coord> {
        match self {
            BoardError::Matrix(e) => e.cell(),
            _ => self.jump_source().and_then(|at| at.cell()),
        }
    }
}

/// The message of [`BoardError::Matrix`]: the matrix parser's, but for a cell that is
/// no integer at all, which is named with what a cell of the board holds.
fn matrix_message(err: &grid_core::ParseError) -> String {
    match err {
        grid_core::ParseError::InvalidNumber { token, .. }
            if !grid_core::text::is_integer_literal(token) =>
        {
            format!(
                "expected -1 or a square number (an integer), found {}",
                grid_core::text::quote(token)
            )
        }
        other => other.to_string(),
    }
}
