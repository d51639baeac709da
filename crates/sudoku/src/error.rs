//! The crate's errors: malformed text and givens that break the rules.

//!
//! Every error implements [`grid_core::Positioned`]: its `Display` is the message alone,
//! and the place it points at (a line and column of the text, or a cell) is a field.

use std::fmt;

use grid_core::text::{count_of, quote};
use grid_core::{Coord, Positioned, TextPosition};

use crate::shape::{BoxShape, ShapeError};
use crate::unit::Unit;
use crate::variant::{VariantClash, VariantKind};

/// The name of a cell in messages: a 0-based [`Coord`] shown 1-based as `r5c4` (row 5,
/// column 4), the notation of Sudoku forums and solvers.
///
/// ```
/// use grid_core::Coord;
/// use sudoku::CellName;
/// assert_eq!(CellName(Coord::new(4, 3)).to_string(), "r5c4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellName(pub Coord);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0.row + 1, self.0.col + 1)
    }
}

/// Two givens with the same value in one unit: the puzzle breaks the rules before any
/// solving starts, so it is rejected as bad input (never answered with a bogus solution).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} and {} are both {value} in {unit}", CellName(*first), CellName(*second))]
pub struct ClashingGivens {
    /// The earlier of the two cells (0-based) in row-major order.
    pub first: Coord,
    /// The later cell (0-based); [`Positioned::cell`] points at it.
    pub second: Coord,
    /// The value both cells hold (1..=n).
    pub value: u8,
    /// The unit (row, column or box) they share; a row is named before a column, a
    /// column before a box.
    pub unit: Unit,
}

/// What is wrong with a piece of puzzle text (see [`ParseError`] for where).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text holds no cells at all (empty, only blanks or comments).
    #[error("no puzzle found: expected 81 cells on one line, or a grid of rows")]
    Empty,
    /// A character that is neither a cell symbol, a blank, nor a separator.
    #[error("unexpected {found:?}, expected {expected}")]
    UnexpectedChar {
        /// The character found.
        found: char,
        /// What the parser expected there, in words.
        expected: String,
    },
    /// A cell value outside 1..=n.
    #[error("value {value} is out of range, expected 1 to {size} (or 0 or . for a blank)")]
    ValueOutOfRange {
        /// The value as written.
        value: String,
        /// The grid size n.
        size: usize,
    },
    /// A one-line puzzle whose cell count is not n² for any supported grid.
    #[error(
        "expected a puzzle: 81 cells on one line (digits 1-9, `.`, `0` or `_` for a blank), or n x n cells for an n x n grid (16, 36, 64, 144, 256, ...); found {}",
        count_of(*found, "cell")
    )]
    LineLength {
        /// Cells found: the characters of the line's first token, or the numbers of a
        /// line of numbers separated by blanks, `,` or `;`.
        found: usize,
    },
    /// A one-line puzzle read in an alphabet other than the standard one (`--symbols`)
    /// whose cell count is not n² for any supported grid.
    #[error(
        "expected a puzzle: n x n cells on one line for an n x n grid (81, 256, ...), each {cell}; found {}",
        count_of(*found, "cell")
    )]
    AlphabetLineLength {
        /// Cells found, counted as for [`ParseErrorKind::LineLength`].
        found: usize,
        /// What a cell is, in words: `` a symbol of 0-F, or `.` or `_` for a blank ``.
        cell: String,
    },
    /// A one-line puzzle whose cell count is not the n² cells of the box shape asked for
    /// (and not n² for another n either: that is [`ParseErrorKind::ShapeMismatch`]).
    #[error(
        "expected {cells} cells on one line for {shape} boxes (a {size} x {size} grid); found {}",
        count_of(*found, "cell"),
        cells = shape.cells(),
        size = shape.size()
    )]
    ShapeLineLength {
        /// Cells found, counted as for [`ParseErrorKind::LineLength`].
        found: usize,
        /// The box shape asked for.
        shape: BoxShape,
    },
    /// A row of a block (several-line) puzzle with the wrong number of cells.
    #[error("row {row} has {}, expected {expected}", count_of(*found, "cell"))]
    RowLength {
        /// 1-based row of the grid.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected (the number of rows).
        expected: usize,
    },
    /// A block (several-line) puzzle whose number of rows differs from the number of
    /// cells in its first row.
    #[error(
        "found {}, expected {expected} (as many as the first row has cells)",
        count_of(*found, "row")
    )]
    RowCount {
        /// Rows found.
        found: usize,
        /// Cells in the first row.
        expected: usize,
    },
    /// Under [`crate::Layout::Block`] (puzzles of n rows, never one-line puzzles), a
    /// line that is no row of a block grid: a one-line puzzle, or any line too long for
    /// a row.
    #[error(
        "expected a row of a block grid (this layout reads puzzles of n rows, never \
         one-line puzzles), found a line of {} that is none",
        count_of(*found, "character")
    )]
    NotABlockRow {
        /// Characters on the line.
        found: usize,
    },
    /// A one-line puzzle of n² cells for an n beyond [`crate::MAX_SIZE`].
    #[error(
        "found {found} cells on the line: a {size} x {size} grid, larger than the largest supported ({max} x {max})",
        found = size * size,
        max = crate::MAX_SIZE
    )]
    TooLarge {
        /// The grid size n.
        size: usize,
    },
    /// A grid smaller than the smallest supported, [`crate::MIN_SIZE`] x
    /// [`crate::MIN_SIZE`] (a 2 x 2 or 3 x 3 grid).
    #[error(
        "found a {size} x {size} grid, smaller than the smallest supported ({min} x {min})",
        min = crate::MIN_SIZE
    )]
    TooSmall {
        /// The grid size n.
        size: usize,
    },
    /// A grid size without a usual box shape (for example a prime like 7).
    #[error("a {size} x {size} grid has no usual box shape; give one as RxC")]
    NoBoxShape {
        /// The grid size n.
        size: usize,
    },
    /// The grid size does not match the box shape that was asked for.
    #[error(
        "a {size} x {size} grid does not fit {shape} boxes (they make {expected} x {expected})"
    )]
    ShapeMismatch {
        /// The grid size found.
        size: usize,
        /// The box shape asked for.
        shape: BoxShape,
        /// The grid size that shape makes.
        expected: usize,
    },
    /// A block drawn with boxes (the cells between its bars, the rows between its
    /// border lines) that do not tile its grid: 3-cell groups and a border after
    /// every third row on a 6 x 6 grid.
    #[error(
        "the grid is drawn with boxes of {rows} rows by {cols} columns, which do not tile a \
         {size} x {size} grid: redraw it, or give the box shape to read it with"
    )]
    DrawnShapeMismatch {
        /// The grid size found.
        size: usize,
        /// The rows of a box as drawn (between border lines).
        rows: usize,
        /// The columns of a box as drawn (between bars).
        cols: usize,
    },
    /// A block whose bars or border lines do not all lie on the boundaries of the
    /// boxes it is read with (drawn or usual): bars after columns 1 and 3 of a 6 x 6
    /// grid, or one row's bars elsewhere than the others'.
    #[error(
        "{what} is no boundary of the {shape} boxes the grid is read with (boxes {} rows \
         by {} columns): redraw it, or give the box shape",
        shape.rows(),
        shape.cols()
    )]
    DrawnOffBoundary {
        /// The bar or border line, in words: `row 2's bar after column 3`, `the border
        /// line after row 2`.
        what: String,
        /// The box shape the grid is read with.
        shape: BoxShape,
    },
    /// A box shape that cannot be used.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The text ends before what it opened is closed (a JSON board's `]`).
    #[error("the text ends here, expected {expected}")]
    UnexpectedEnd {
        /// What was expected, in words.
        expected: String,
    },
    /// A JSON board that is not JSON, or not an array of rows: the JSON reader's words
    /// (`grid_core::JsonText`).
    #[error("{message}")]
    Json {
        /// What was expected.
        message: String,
    },
    /// A framed row (`|     3 |   2   | 6     |`) whose frame is broken: it opens with
    /// `|` but does not close with one; the column is just past the row's end.
    #[error("row {row} opens with `|` but does not end with one: expected `|` to close the frame")]
    OpenFrame {
        /// 1-based row of the grid.
        row: usize,
    },
    /// An XML element that is not an OpenSudoku puzzle (`<game data="..."/>`), or a
    /// `<game>` element without its `data` attribute; the column is its `<`. The
    /// element is quoted as every quotation of input is ([`grid_core::text::quote`]:
    /// at most 40 characters).
    #[error(
        "XML element {} is not an OpenSudoku puzzle: expected `<game data=\"...\"/>` (81 digits, 0 for a blank) inside `<opensudoku>`",
        quote(&format!("<{element}>"))
    )]
    NotOpenSudoku {
        /// The element's name as written (`game` for a `<game>` without `data`).
        element: String,
    },
    /// An XML attribute whose quoted value is not closed on its line (an OpenSudoku
    /// `<game>` element is one line); the column is the opening quote.
    #[error(
        "the `{attribute}` attribute's value is not closed on this line: expected `{attribute}=\"...\"` with its closing quote (an OpenSudoku `<game>` is one line)"
    )]
    UnclosedAttribute {
        /// The attribute's name.
        attribute: String,
    },
    /// A line laid out as a Sudoku Exchange `hash puzzle rating` line (a token of hex
    /// digits, then a puzzle) whose hash is not the bank's 12 hex digits; the column is
    /// the hash's first.
    #[error(
        "expected a Sudoku Exchange hash of 12 hex digits before the puzzle (`hash puzzle rating`); found {}",
        count_of(*found, "digit")
    )]
    ExchangeHash {
        /// Hex digits found in the hash.
        found: usize,
    },
    /// A line laid out as a Sudoku Exchange line whose 12-character hash holds a
    /// character that is not a hex digit; the column is that character's.
    #[error(
        "expected a Sudoku Exchange hash of 12 hex digits (0-9, a-f or A-F) before the puzzle (`hash puzzle rating`); found {found:?}"
    )]
    ExchangeHashChar {
        /// The first character of the hash that is not a hex digit.
        found: char,
    },
    /// A row of a CSV file whose header names its columns, with no field where the
    /// header puts the puzzle (and no puzzle when read as a line); the column is
    /// just past the row's end.
    #[error(
        "this CSV row has {}; the header puts the puzzle in field {puzzle}",
        count_of(*found, "field")
    )]
    CsvFields {
        /// Fields in the row (split at the header's separator: `,`, `;` or a tab).
        found: usize,
        /// The puzzle's field, 1-based, as the header names it.
        puzzle: usize,
    },
    /// A row of a CSV file whose header names its columns, whose puzzle field is
    /// empty (and that is no puzzle when read as a line); the column is the field's.
    #[error("the puzzle's field (field {puzzle}, as the header names it) of this CSV row is empty")]
    CsvEmptyField {
        /// The puzzle's field, 1-based.
        puzzle: usize,
    },
}

/// Malformed puzzle text: what is wrong and where, 1-based `line` and `column`
/// (columns count characters) relative to the start of the text parsed.
///
/// `Display` is the message alone; the position is [`Positioned::text_position`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct ParseError {
    /// 1-based line within the parsed text.
    pub line: usize,
    /// 1-based column (in characters) within that line.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Everything that can make a text or a cell list not a Sudoku.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The text is malformed (see [`ParseError`] for where).
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The givens already break the rules.
    #[error("invalid givens: {0}")]
    Clash(#[from] ClashingGivens),
    /// The givens already break a variant's rules (one of its units, the extra units
    /// or a jigsaw's regions; see [`crate::Variant::check_givens`]).
    #[error("invalid givens: {0}")]
    VariantClash(#[from] VariantClash),
    /// A variant's rules asked of a grid other than 9 x 9.
    #[error("{variant} rules are for 9 x 9 grids; found a {size} x {size} grid")]
    VariantSize {
        /// The variant asked for.
        variant: VariantKind,
        /// The grid's size n.
        size: usize,
    },
    /// An alphabet ([`crate::Alphabet`], `--symbols`) of another size than the grid
    /// read in it: `1-7` on a 9 x 9 grid, whose 8s and 9s it does not name.
    #[error(
        "the alphabet {alphabet} has {symbols} symbols, but the grid is {size} x {size}, \
         which needs {size}"
    )]
    AlphabetSize {
        /// The alphabet as named (`1-7`, `A-J`).
        alphabet: String,
        /// How many symbols it names.
        symbols: usize,
        /// The grid's size n.
        size: usize,
    },
    /// A cell list whose length is not n² for the shape, or a value outside 0..=n.
    #[error(
        "expected {expected} cells with values 0 to {size}, got {found} cells{}",
        bad_value.map_or(String::new(), |(i, v)| format!(" (cell {} holds {v})", i + 1))
    )]
    Cells {
        /// n² for the shape.
        expected: usize,
        /// n.
        size: usize,
        /// Cells given.
        found: usize,
        /// The first value above n, if any: its 0-based index in the list and the
        /// value. When the list has n² cells, [`Positioned::cell`] names its cell.
        bad_value: Option<(usize, u8)>,
    },
}

impl Positioned for CellName {
    fn cell(&self) -> Option<Coord> {
        Some(self.0)
    }
}

impl Positioned for ClashingGivens {
    /// The later of the two cells.
    fn cell(&self) -> Option<Coord> {
        Some(self.second)
    }
}

impl Positioned for ParseErrorKind {}

impl Positioned for ShapeError {}

impl Positioned for ParseError {
    fn text_position(&self) -> Option<TextPosition> {
        Some(TextPosition::at(self.line, self.column))
    }
}

impl Positioned for Error {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            Error::Parse(e) => e.text_position(),
            Error::Clash(_)
            | Error::VariantClash(_)
            | Error::VariantSize { .. }
            | Error::AlphabetSize { .. }
            | Error::Cells { .. } => None,
        }
    }

    fn cell(&self) -> Option<Coord> {
        match self {
            Error::Clash(e) => e.cell(),
            Error::VariantClash(e) => e.cell(),
            &Error::Cells {
                expected,
                size,
                found,
                bad_value: Some((i, _)),
            } if found == expected => Some(Coord::new(i / size, i % size)),
            Error::Parse(_)
            | Error::VariantSize { .. }
            | Error::AlphabetSize { .. }
            | Error::Cells { .. } => None,
        }
    }
}

/// An [`Error`] of one record of a larger input (see [`crate::Record::parse`]), placed
/// in the whole input: a parse error's line counts from the input's first line, and an
/// error without a place in the text (clashing givens) points at the record's first
/// line.
///
/// `Display` is the error's message alone.
///
/// ```
/// use grid_core::{Positioned, TextPosition};
/// use sudoku::Record;
///
/// let record = Record::new(7, format!("{}x{}", ".".repeat(40), ".".repeat(40)));
/// let err = record.parse(None).unwrap_err();
/// assert_eq!(err.text_position(), Some(TextPosition::at(7, 41)));
/// assert_eq!(err.to_string(), "unexpected 'x', expected a digit 1-9, or `.`, `0` or `_` for a blank");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct RecordError {
    /// 1-based line, in the whole input, of the record's first line.
    pub first_line: usize,
    /// What is wrong, with positions relative to the record's text.
    pub error: Error,
}

impl Positioned for RecordError {
    fn text_position(&self) -> Option<TextPosition> {
        Some(match self.error.text_position() {
            Some(p) => TextPosition {
                line: self.first_line + p.line - 1,
                column: p.column,
            },
            None => TextPosition::line(self.first_line),
        })
    }

    fn cell(&self) -> Option<Coord> {
        self.error.cell()
    }
}
