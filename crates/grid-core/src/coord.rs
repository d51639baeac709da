use std::fmt;

/// A cell position: `row` and `col`, both **0-based**, row 0 at the top and column 0 at the left.
///
/// `Coord` orders row-major (first by `row`, then by `col`), which is also the storage
/// order of [`Grid`](crate::Grid).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    /// Row index, 0-based from the top.
    pub row: usize,
    /// Column index, 0-based from the left.
    pub col: usize,
}

impl Coord {
    /// Makes a coordinate from a 0-based row and column.
    pub const fn new(row: usize, col: usize) -> Self {
        Coord { row, col }
    }

    /// The neighbouring cell one step in `dir`, or `None` when that step leaves a
    /// `rows x cols` board.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{Coord, Direction};
    /// assert_eq!(Coord::new(0, 0).step(Direction::Up, 3, 3), None);
    /// assert_eq!(Coord::new(1, 1).step(Direction::DownRight, 3, 3), Some(Coord::new(2, 2)));
    /// ```
    pub fn step(self, dir: Direction, rows: usize, cols: usize) -> Option<Coord> {
        let (dr, dc) = dir.delta();
        let row = self.row.checked_add_signed(dr)?;
        let col = self.col.checked_add_signed(dc)?;
        (row < rows && col < cols).then_some(Coord { row, col })
    }

    /// The row-major index of this cell in a grid with `cols` columns.
    pub const fn index(self, cols: usize) -> usize {
        self.row * cols + self.col
    }
}

impl fmt::Display for Coord {
    /// Writes `(row, col)`, 0-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// One of the eight compass moves on a grid.
///
/// The derived order is `Down < Left < Right < Up` for the cardinal moves, the
/// lexicographic order of their letters, so sorting move strings and sorting by
/// `Direction` agree. Diagonals come after the cardinal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// One row down (towards larger `row`), letter `D`.
    Down,
    /// One column left (towards smaller `col`), letter `L`.
    Left,
    /// One column right (towards larger `col`), letter `R`.
    Right,
    /// One row up (towards smaller `row`), letter `U`.
    Up,
    /// Down and left at once.
    DownLeft,
    /// Down and right at once.
    DownRight,
    /// Up and left at once.
    UpLeft,
    /// Up and right at once.
    UpRight,
}

impl Direction {
    /// The four cardinal moves in letter order: `D`, `L`, `R`, `U`.
    pub const CARDINAL: [Direction; 4] = [
        Direction::Down,
        Direction::Left,
        Direction::Right,
        Direction::Up,
    ];

    /// All eight moves: the cardinal ones in letter order, then the diagonals.
    pub const ALL: [Direction; 8] = [
        Direction::Down,
        Direction::Left,
        Direction::Right,
        Direction::Up,
        Direction::DownLeft,
        Direction::DownRight,
        Direction::UpLeft,
        Direction::UpRight,
    ];

    /// The `(row, col)` change of this move.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
            Direction::Up => (-1, 0),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
        }
    }

    /// Whether this is one of the four diagonal moves.
    pub const fn is_diagonal(self) -> bool {
        let (dr, dc) = self.delta();
        dr != 0 && dc != 0
    }

    /// The move's conventional name: `D`, `L`, `R`, `U` for the cardinal moves and
    /// `DL`, `DR`, `UL`, `UR` for the diagonals.
    pub const fn letters(self) -> &'static str {
        match self {
            Direction::Down => "D",
            Direction::Left => "L",
            Direction::Right => "R",
            Direction::Up => "U",
            Direction::DownLeft => "DL",
            Direction::DownRight => "DR",
            Direction::UpLeft => "UL",
            Direction::UpRight => "UR",
        }
    }

    /// The move that undoes this one.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
            Direction::Up => Direction::Down,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letters())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_stays_on_board_and_opposite_undoes_it() {
        for row in 0..3 {
            for col in 0..4 {
                let here = Coord::new(row, col);
                for dir in Direction::ALL {
                    if let Some(next) = here.step(dir, 3, 4) {
                        assert!(next.row < 3 && next.col < 4);
                        assert_eq!(next.step(dir.opposite(), 3, 4), Some(here));
                    }
                }
            }
        }
    }

    #[test]
    fn cardinal_order_is_letter_order() {
        let mut letters: Vec<_> = Direction::CARDINAL.iter().map(|d| d.letters()).collect();
        let expected = letters.clone();
        letters.sort();
        assert_eq!(letters, expected);
    }
}
