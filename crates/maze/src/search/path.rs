//! A route through the maze, and the list of routes of [`Query::all_paths`].

use grid_core::{BoundedCount, Coord, Direction, Grid};

#[cfg(doc)]
use crate::{MoveSet, Query};

/// A route through the maze: a start cell and the moves taken from it.
///
/// Stored as one byte per move, so even a path through most of a 10^8-cell maze fits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path {
    start: Coord,
    pub(super) moves: Vec<Direction>,
}

impl Path {
    /// A path from `start` taking `moves` in order. It is not checked against any maze.
    pub fn new(start: Coord, moves: Vec<Direction>) -> Path {
        Path { start, moves }
    }

    /// The first cell.
    pub fn start(&self) -> Coord {
        self.start
    }

    /// The moves in order.
    pub fn moves(&self) -> &[Direction] {
        &self.moves
    }

    /// Number of moves (one less than the number of cells).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the path has no moves (start and goal are the same cell).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Every cell of the path in order, the start first.
    ///
    /// # Panics
    ///
    /// Panics if a move leaves row or column 0 (only for a hand-made [`Path::new`] that
    /// leaves the board; paths found by a [`Query`] never do).
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        // invariant: a documented panic, for a hand-made path only; paths from input
        // are found by a `Query` on the maze, whose moves stay on it.
        let mut here = self.start;
        std::iter::once(here).chain(self.moves.iter().map(move |dir| {
            let (dr, dc) = dir.delta();
            here = Coord::new(
                here.row
                    .checked_add_signed(dr)
                    .expect("path stays on the board"), // invariant: documented panic
                here.col
                    .checked_add_signed(dc)
                    .expect("path stays on the board"), // invariant: documented panic
            );
            here
        }))
    }

    /// The last cell.
    pub fn end(&self) -> Coord {
        self.cells().last().unwrap_or(self.start)
    }

    /// The moves as text: `"DDRDRR"`. Cardinal moves are single letters written without a
    /// separator; when the path has a diagonal move (`DL`, `DR`, `UL`, `UR`), every move is
    /// followed by a space except the last (`"D DR R"`), so the text is never ambiguous.
    pub fn move_string(&self) -> String {
        let spaced = self.moves.iter().any(|d| d.is_diagonal());
        let mut text = String::with_capacity(self.moves.len() * if spaced { 3 } else { 1 });
        for (i, dir) in self.moves.iter().enumerate() {
            if spaced && i > 0 {
                text.push(' ');
            }
            text.push_str(dir.letters());
        }
        text
    }

    /// The moves as text with `separator` between them (`"D DR R"` for `" "`), the
    /// uniform form for lists of eight-direction paths.
    pub fn move_string_separated(&self, separator: &str) -> String {
        let letters: Vec<&str> = self.moves.iter().map(|d| d.letters()).collect();
        letters.join(separator)
    }

    /// The classic statement's solution matrix: a `rows x cols` grid with `1` on every
    /// cell of the path and `0` elsewhere.
    pub fn solution_matrix(&self, rows: usize, cols: usize) -> Grid<u8> {
        let mut grid = Grid::new(rows, cols, 0u8);
        for cell in self.cells() {
            if let Some(slot) = grid.get_mut(cell) {
                *slot = 1;
            }
        }
        grid
    }
}

/// Every path found by [`Query::all_paths`], in order, and whether more exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// The paths, sorted by their moves in [`MoveSet::directions`] order (for the
    /// four-direction and right-and-down sets: lexicographically, `D < L < R < U`).
    pub paths: Vec<Path>,
    /// `true` when more paths exist than the limit allowed to be listed.
    pub truncated: bool,
}

impl Paths {
    /// The number of paths as a [`BoundedCount`]: the paths listed, exact unless
    /// [`Paths::truncated`] (then more than that many exist).
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{BoundedCount, Coord};
    /// use maze::{Maze, MoveSet};
    ///
    /// let maze: Maze = "1 1\n1 1".parse()?;
    /// let query = maze.query(Coord::new(0, 0), &[Coord::new(1, 1)], MoveSet::Four)?;
    /// assert_eq!(query.all_paths(10).count(), BoundedCount::exact(2));
    /// assert_eq!(query.all_paths(1).count(), BoundedCount::at_least(1));
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn count(&self) -> BoundedCount {
        let listed = self.paths.len() as u128;
        if self.truncated {
            BoundedCount::at_least(listed)
        } else {
            BoundedCount::exact(listed)
        }
    }
}
