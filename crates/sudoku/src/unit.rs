//! The units of a grid: its rows, columns and boxes.

use std::fmt;

/// One of the 3n units of an n x n grid (a row, a column or a box: the groups of cells
/// that hold each value once), **0-based** inside (`Row(0)` is the top row, `Box(0)`
/// the top-left box, boxes numbered row-major) and shown 1-based the way players name
/// them: `row 5`, `column 4`, `box 5`.
///
/// *Unit* is the usual term for the three kinds together (Norvig's "Solving Every Sudoku
/// Puzzle" and most solver literature); HoDoKu and SudokuWiki.org call a unit a
/// *house*, the word that survives in technique names such as "Full House" and in
/// [`Step::houses`](crate::logic::Step::houses). One type serves the whole crate:
/// clashing givens ([`ClashingGivens::unit`](crate::ClashingGivens::unit)), the units
/// of any box shape ([`BoxShape::units`](crate::BoxShape::units)) and the units that
/// justify a logical step. Units order rows before columns before boxes, each kind by
/// its number.
///
/// # Examples
///
/// ```
/// use sudoku::{BoxShape, Coord, Unit};
///
/// assert_eq!(Unit::Box(4).to_string(), "box 5");
/// assert_eq!(BoxShape::CLASSIC.unit_cells(Unit::Row(0)).nth(1), Some(Coord::new(0, 1)));
/// assert!(Unit::Row(8) < Unit::Column(0) && Unit::Column(8) < Unit::Box(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// A row, 0-based from the top.
    Row(usize),
    /// A column, 0-based from the left.
    Column(usize),
    /// A box, 0-based row-major (box 0 is the top-left, box n - 1 the bottom-right).
    Box(usize),
}

impl Unit {
    /// The unit of index `i` (0..3n) of an n x n grid, in [`BoxShape::units`]'s order:
    /// rows 0..n, columns n..2n, boxes 2n..3n.
    ///
    /// [`BoxShape::units`]: crate::BoxShape::units
    pub(crate) fn from_index(i: usize, n: usize) -> Unit {
        match i / n {
            0 => Unit::Row(i),
            1 => Unit::Column(i - n),
            _ => Unit::Box(i - 2 * n),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn indices_follow_the_order_of_box_shape_units() {
        let shape = crate::BoxShape::new(2, 3).expect("valid shape");
        for (i, (unit, _)) in shape.units().enumerate() {
            assert_eq!(Unit::from_index(i, 6), unit);
        }
    }
}
