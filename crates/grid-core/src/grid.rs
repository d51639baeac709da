use std::fmt;
use std::ops::{Index, IndexMut};

use crate::{Coord, Direction};

/// A dense `rows x cols` grid stored row-major in one `Vec<T>`.
///
/// Cell `(row, col)` lives at index `row * cols + col`. A grid may have zero rows or
/// zero columns; then it has no cells.
///
/// # Examples
///
/// ```
/// use grid_core::{Coord, Grid};
///
/// let mut grid = Grid::new(2, 3, 0u8);
/// grid[Coord::new(1, 2)] = 7;
/// assert_eq!(grid.get(Coord::new(1, 2)), Some(&7));
/// assert_eq!(grid.get(Coord::new(2, 0)), None);
/// assert_eq!(grid.to_string(), "0 0 0\n0 0 7\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

/// The cell count does not match the requested shape (see [`Grid::from_vec`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{cells} cells cannot fill a {rows} x {cols} grid")]
pub struct ShapeError {
    /// Requested number of rows.
    pub rows: usize,
    /// Requested number of columns.
    pub cols: usize,
    /// Number of cells supplied.
    pub cells: usize,
}

/// A shape mismatch has no place in any text: the caller names the input.
impl crate::Positioned for ShapeError {}

impl<T: Clone> Grid<T> {
    /// A `rows x cols` grid with every cell set to `fill`.
    ///
    /// # Panics
    ///
    /// Panics if `rows * cols` overflows `usize`.
    pub fn new(rows: usize, cols: usize, fill: T) -> Self {
        // invariant: a documented panic; no user input reaches it: the workspace's callers
        // pass the shape of a grid already held in memory or a ladders board side of at
        // most 2^16 (`n * n` squares fit a u32).
        let len = rows.checked_mul(cols).expect("grid size overflows usize");
        Grid {
            rows,
            cols,
            cells: vec![fill; len],
        }
    }
}

impl<T> Grid<T> {
    /// A grid from its cells in row-major order.
    ///
    /// # Errors
    ///
    /// [`ShapeError`] when `cells.len() != rows * cols`.
    pub fn from_vec(rows: usize, cols: usize, cells: Vec<T>) -> Result<Self, ShapeError> {
        if rows.checked_mul(cols) != Some(cells.len()) {
            return Err(ShapeError {
                rows,
                cols,
                cells: cells.len(),
            });
        }
        Ok(Grid { rows, cols, cells })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `coord` lies on the grid.
    pub fn contains(&self, coord: Coord) -> bool {
        coord.row < self.rows && coord.col < self.cols
    }

    /// The cell at `coord`, or `None` when it is off the grid.
    pub fn get(&self, coord: Coord) -> Option<&T> {
        self.contains(coord)
            .then(|| &self.cells[coord.index(self.cols)])
    }

    /// The cell at `coord` mutably, or `None` when it is off the grid.
    pub fn get_mut(&mut self, coord: Coord) -> Option<&mut T> {
        if self.contains(coord) {
            Some(&mut self.cells[coord.index(self.cols)])
        } else {
            None
        }
    }

    /// All cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells in row-major order, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The cells of one row, or `None` when `row >= rows()`.
    pub fn row(&self, row: usize) -> Option<&[T]> {
        (row < self.rows).then(|| &self.cells[row * self.cols..(row + 1) * self.cols])
    }

    /// Iterates over the rows, top to bottom, each as a slice of `cols()` cells.
    pub fn iter_rows(&self) -> impl Iterator<Item = &[T]> {
        // `max(1)` keeps `chunks` legal for a zero-column grid, which has no cells anyway.
        self.cells.chunks(self.cols.max(1)).take(self.rows)
    }

    /// Iterates over `(coord, cell)` in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Coord, &T)> {
        let cols = self.cols.max(1);
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, cell)| (Coord::new(i / cols, i % cols), cell))
    }

    /// The neighbours of `coord` that lie on the grid, one per direction of `moves`,
    /// in the order of `moves`.
    pub fn neighbours<'a>(
        &self,
        coord: Coord,
        moves: &'a [Direction],
    ) -> impl Iterator<Item = (Direction, Coord)> + 'a {
        let (rows, cols) = (self.rows, self.cols);
        moves
            .iter()
            .filter_map(move |&dir| coord.step(dir, rows, cols).map(|next| (dir, next)))
    }

    /// A grid of the same shape with `f` applied to every cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(f).collect(),
        }
    }

    /// The cells in row-major order, consuming the grid.
    pub fn into_vec(self) -> Vec<T> {
        self.cells
    }
}

impl<T> Index<Coord> for Grid<T> {
    type Output = T;

    /// # Panics
    ///
    /// Panics when `coord` is off the grid; use [`Grid::get`] to avoid that.
    fn index(&self, coord: Coord) -> &T {
        assert!(
            self.contains(coord),
            "{coord} is off a {} x {} grid",
            self.rows,
            self.cols
        );
        &self.cells[coord.index(self.cols)]
    }
}

impl<T> IndexMut<Coord> for Grid<T> {
    /// # Panics
    ///
    /// Panics when `coord` is off the grid; use [`Grid::get_mut`] to avoid that.
    fn index_mut(&mut self, coord: Coord) -> &mut T {
        assert!(
            self.contains(coord),
            "{coord} is off a {} x {} grid",
            self.rows,
            self.cols
        );
        &mut self.cells[coord.index(self.cols)]
    }
}

impl<T: fmt::Display> fmt::Display for Grid<T> {
    /// Writes one line per row, cells separated by single spaces, each line ending in `\n`.
    /// This is the whitespace form that [`parse_whitespace_matrix`](crate::parse_whitespace_matrix)
    /// reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.iter_rows() {
            for (i, cell) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{cell}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
