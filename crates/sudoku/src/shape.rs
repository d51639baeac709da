//! Box shapes: how an n x n grid is cut into n boxes of `rows x cols` cells.

use std::fmt;
use std::str::FromStr;

use grid_core::Coord;

use crate::unit::Unit;

/// The largest side length supported: candidates of a cell fit in a `u32` bit mask.
pub const MAX_SIZE: usize = 32;

/// The longest line of Sudoku text a reader should accept, in bytes: 1 MiB. The
/// longest real line is far shorter: a 32 x 32 grid on one line is 1,024 symbols (about
/// 3 KiB as numbers with separators), a rated-list line adds an id and ratings, a
/// LeetCode JSON board on one line of a 32 x 32 grid is about 6 KiB, and a whole
/// pencil-mark grid of 32 x 32 cells with every candidate under 100 KiB. A longer
/// line is no puzzle of any supported size, and is refused when it passes this length.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The smallest side length supported: the 4 x 4 grid of `2x2` boxes. Smaller grids have
/// only `1xn` boxes (each box a row), so they are Latin squares, not Sudoku.
pub const MIN_SIZE: usize = 4;

/// The shape of one box: `rows x cols` cells. The grid is `n x n` with `n = rows * cols`,
/// and holds `n` boxes, numbered 1..=n row-major in messages.
///
/// The classic Sudoku is `3x3` (n = 9); `2x3` boxes make the 6 x 6 variant,
/// `3x4` the 12 x 12 one, `4x4` the 16 x 16 one.
///
/// # Examples
///
/// ```
/// use sudoku::BoxShape;
///
/// let shape: BoxShape = "2x3".parse()?;
/// assert_eq!((shape.rows(), shape.cols(), shape.size()), (2, 3, 6));
/// assert_eq!(BoxShape::for_size(12), Some(BoxShape::new(3, 4)?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape {
    rows: u8,
    cols: u8,
}

/// A box shape that cannot be used (see [`BoxShape::new`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// The text is not of the form `RxC` (two positive integers around an `x`).
    #[error("box shape {0:?} is not of the form RxC, for example 3x3 or 2x3")]
    Syntax(String),
    /// `rows * cols` is below [`MIN_SIZE`] or above [`MAX_SIZE`].
    #[error(
        "box shape {rows}x{cols} gives a {size} x {size} grid; sizes {MIN_SIZE} to {MAX_SIZE} are supported"
    )]
    Size {
        /// Rows of one box.
        rows: usize,
        /// Columns of one box.
        cols: usize,
        /// `rows * cols`.
        size: usize,
    },
}

impl BoxShape {
    /// The classic 9 x 9 Sudoku's 3 x 3 boxes.
    pub const CLASSIC: BoxShape = BoxShape { rows: 3, cols: 3 };

    /// A box of `rows x cols` cells.
    ///
    /// # Errors
    ///
    /// [`ShapeError::Size`] when `rows * cols` is below [`MIN_SIZE`] or above
    /// [`MAX_SIZE`].
    pub fn new(rows: usize, cols: usize) -> Result<BoxShape, ShapeError> {
        let size = rows.saturating_mul(cols);
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(ShapeError::Size { rows, cols, size });
        }
        // invariant: rows and cols are at most 32 here, as their product is.
        Ok(BoxShape {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// The usual box shape for an `n x n` grid: the most square one with boxes at least as
    /// wide as tall (`2x2` for 4, `2x3` for 6, `3x3` for 9, `3x4` for 12, `4x4` for 16,
    /// `5x5` for 25). `None` when `n` is outside [`MIN_SIZE`]`..=`[`MAX_SIZE`] or prime
    /// (its only box would be a whole row); a prime n can still be built with an explicit
    /// `1xn` [`BoxShape::new`].
    pub fn for_size(n: usize) -> Option<BoxShape> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return None;
        }
        let rows = (2..=n)
            .take_while(|r| r * r <= n)
            .filter(|&r| n.is_multiple_of(r))
            .last()?;
        BoxShape::new(rows, n / rows).ok()
    }

    /// Rows of one box.
    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of one box.
    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// The side length `n = rows * cols` of the grid (and the number of symbols).
    pub fn size(self) -> usize {
        self.rows() * self.cols()
    }

    /// The number of cells, `n * n`.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The 0-based box number (row-major) of a 0-based cell.
    ///
    /// ```
    /// use grid_core::Coord;
    /// use sudoku::BoxShape;
    /// let six = BoxShape::new(2, 3)?;
    /// assert_eq!(six.box_of(Coord::new(2, 4)), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn box_of(self, cell: Coord) -> usize {
        self.box_index(cell.row, cell.col)
    }

    /// [`BoxShape::box_of`] on raw indices, for the solvers' set-up.
    pub(crate) fn box_index(self, row: usize, col: usize) -> usize {
        (row / self.rows()) * self.rows() + col / self.cols()
    }

    /// The 0-based cell of a unit at 0-based position `i` along it: rows left to right,
    /// columns top to bottom, boxes row-major. `i` is below n.
    pub(crate) fn cell_of(self, unit: Unit, i: usize) -> Coord {
        let (br, bc) = (self.rows(), self.cols());
        match unit {
            Unit::Row(r) => Coord::new(r, i),
            Unit::Column(c) => Coord::new(i, c),
            Unit::Box(b) => Coord::new((b / br) * br + i / bc, (b % br) * bc + i % bc),
        }
    }

    /// The n cells (0-based) of a unit, in order: a row left to right, a column top to
    /// bottom, a box row-major.
    ///
    /// ```
    /// use grid_core::Coord;
    /// use sudoku::{BoxShape, Unit};
    /// let four = BoxShape::new(2, 2)?;
    /// let cells: Vec<Coord> = four.unit_cells(Unit::Box(3)).collect();
    /// assert_eq!(cells, [Coord::new(2, 2), Coord::new(2, 3), Coord::new(3, 2), Coord::new(3, 3)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unit_cells(self, unit: Unit) -> impl Iterator<Item = Coord> {
        (0..self.size()).map(move |i| self.cell_of(unit, i))
    }

    /// The 3n units of the grid with their cells: the rows top to bottom, then the
    /// columns left to right, then the boxes row-major (the order in which clashes are
    /// looked for).
    ///
    /// ```
    /// use sudoku::{BoxShape, Unit};
    /// let units: Vec<Unit> = BoxShape::new(2, 2)?.units().map(|(unit, _)| unit).collect();
    /// assert_eq!((units.len(), units[4], units[8]), (12, Unit::Column(0), Unit::Box(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn units(self) -> impl Iterator<Item = (Unit, impl Iterator<Item = Coord>)> {
        let kinds: [fn(usize) -> Unit; 3] = [Unit::Row, Unit::Column, Unit::Box];
        kinds
            .into_iter()
            .flat_map(move |kind| (0..self.size()).map(kind))
            .map(move |unit| (unit, self.unit_cells(unit)))
    }
}

impl Default for BoxShape {
    fn default() -> Self {
        BoxShape::CLASSIC
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for BoxShape {
    type Err = ShapeError;

    /// Parses `RxC` (also `R*C` or `RXC`), for example `3x3` or `2x3`.
    fn from_str(s: &str) -> Result<BoxShape, ShapeError> {
        let syntax = || ShapeError::Syntax(s.to_owned());
        let (r, c) = s.trim().split_once(['x', 'X', '*']).ok_or_else(syntax)?;
        let rows = r.trim().parse::<usize>().map_err(|_| syntax())?;
        let cols = c.trim().parse::<usize>().map_err(|_| syntax())?;
        BoxShape::new(rows, cols)
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn usual_shapes() {
        let shape = |n| BoxShape::for_size(n).map(|s| (s.rows(), s.cols()));
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(25), Some((5, 5)));
        assert_eq!(shape(7), None);
        assert_eq!(shape(33), None);
    }

    #[test]
    fn box_numbers_are_row_major() {
        let s = BoxShape::new(2, 3).unwrap();
        assert_eq!(s.box_of(Coord::new(0, 0)), 0);
        assert_eq!(s.box_of(Coord::new(0, 3)), 1);
        assert_eq!(s.box_of(Coord::new(2, 0)), 2);
        assert_eq!(s.box_of(Coord::new(5, 5)), 5);
    }

    #[test]
    fn every_cell_is_in_its_row_column_and_box_once() {
        for shape in [BoxShape::new(2, 3).unwrap(), BoxShape::CLASSIC] {
            let n = shape.size();
            let mut seen = vec![0; n * n];
            for (unit, cells) in shape.units() {
                for cell in cells {
                    seen[cell.row * n + cell.col] += 1;
                    if let Unit::Box(b) = unit {
                        assert_eq!(shape.box_of(cell), b);
                    }
                }
            }
            assert!(seen.iter().all(|&k| k == 3));
        }
    }

    #[test]
    fn parse_rejects_bad_shapes() {
        assert!("3x".parse::<BoxShape>().is_err());
        assert!("0x3".parse::<BoxShape>().is_err());
        assert!("6x6".parse::<BoxShape>().is_err());
        // Below 4 x 4 the boxes are rows: 1x2 and 3x1 are no Sudoku shapes.
        for small in ["1x1", "1x2", "3x1", "1x3"] {
            let err = small.parse::<BoxShape>().unwrap_err();
            assert!(
                err.to_string().ends_with("sizes 4 to 32 are supported"),
                "{err}"
            );
        }
        assert_eq!("1x4".parse::<BoxShape>(), BoxShape::new(1, 4));
        assert_eq!("4x4".parse::<BoxShape>(), BoxShape::new(4, 4));
    }
}
