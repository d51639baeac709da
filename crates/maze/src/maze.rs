//! The maze model: open/blocked cells, bit-packed, with optional walls between cells.

use grid_core::{Coord, Direction, Grid};

use crate::MazeError;
use crate::bits::BitSet;

/// Which moves the rat may make.
///
/// Moves are tried, and path lists sorted, in the order of [`MoveSet::directions`]:
/// `D`, `L`, `R`, `U` (letter order), then the diagonals `DL`, `DR`, `UL`, `UR`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveSet {
    /// Only right (`R`) and down (`D`): the oldest form of the puzzle.
    RightDown,
    /// Down, left, right, up (`D`, `L`, `R`, `U`): the GeeksforGeeks statement, the default.
    #[default]
    Four,
    /// The four cardinal moves plus the four diagonals.
    ///
    /// A diagonal move needs an open target cell and is a shortcut for an L-shaped pair of
    /// cardinal moves. With `cut_corners: false` (the usual rule) **both** L-shaped routes
    /// must be passable, so the rat never brushes a blocked cell's corner or a wall's end.
    /// With `cut_corners: true` **one** passable L-shaped route suffices; the rat still never
    /// squeezes between two blocked cells that touch at a corner.
    Eight {
        /// Whether a diagonal may pass one blocked corner.
        cut_corners: bool,
    },
    /// The eight moves of a chess king: the four cardinal moves plus the four diagonals,
    /// where a diagonal needs **only its target cell open**. The rat may pass diagonally
    /// between two blocked cells that touch at a corner, as LeetCode 1091 ("Shortest Path
    /// in Binary Matrix") allows. Walls between cells (micromouse mazes) bound the
    /// cardinal moves only: a king's diagonal looks at the target cell alone.
    King,
}

impl MoveSet {
    /// The moves of this set in the order they are tried.
    pub fn directions(self) -> &'static [Direction] {
        match self {
            MoveSet::RightDown => &[Direction::Down, Direction::Right],
            MoveSet::Four => &Direction::CARDINAL,
            MoveSet::Eight { .. } | MoveSet::King => &Direction::ALL,
        }
    }

    /// Whether the set has the diagonal moves ([`MoveSet::Eight`], [`MoveSet::King`]).
    pub fn has_diagonals(self) -> bool {
        matches!(self, MoveSet::Eight { .. } | MoveSet::King)
    }

    /// Whether every move of the set can be undone by another move of the set
    /// (false only for [`MoveSet::RightDown`]).
    pub fn is_symmetric(self) -> bool {
        !matches!(self, MoveSet::RightDown)
    }
}

/// A `rows x cols` maze of open and blocked cells, optionally with walls between
/// neighbouring cells (the micromouse model).
///
/// Cells are addressed by [`Coord`], **0-based, row 0 at the top**. The rat may stand on
/// open cells only and may step between two cardinal neighbours when both are open and no
/// wall separates them. Outside the maze everything is blocked.
///
/// Storage is one bit per cell (plus two wall bits per cell when walls are used), in a
/// row-major layout with a one-cell blocked border so that the searches need no bounds
/// checks. A 10,000 x 10,000 maze takes 12.5 MB (37.5 MB with walls).
///
/// # Examples
///
/// ```
/// use grid_core::{Coord, Direction};
/// use maze::Maze;
///
/// let mut maze = Maze::new(2, 3, true)?;
/// maze.set_open(Coord::new(0, 1), false);
/// maze.set_wall(Coord::new(1, 1), Direction::Right, true);
/// assert!(!maze.is_open(Coord::new(0, 1)));
/// assert!(maze.has_wall(Coord::new(1, 2), Direction::Left));
/// assert_eq!(maze.to_string(), "1 0 1\n1 1 1\n");
/// # Ok::<(), maze::MazeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Maze {
    rows: usize,
    cols: usize,
    /// Padded row length: `cols + 2`.
    stride: usize,
    open: BitSet,
    walls: Option<Walls>,
}

/// Wall bits in the padded layout: `east[i]` separates cell `i` from `i + 1`,
/// `south[i]` separates cell `i` from `i + stride`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Walls {
    east: BitSet,
    south: BitSet,
}

impl Maze {
    /// A `rows x cols` maze whose cells are all open (`open = true`) or all blocked, with
    /// no walls.
    ///
    /// # Errors
    ///
    /// [`MazeError::TooLarge`] when `(rows + 2) * (cols + 2)` does not fit in a `u32`.
    pub fn new(rows: usize, cols: usize, open: bool) -> Result<Maze, MazeError> {
        let padded = Maze::padded_len(rows, cols)?;
        let stride = cols + 2;
        let mut maze = Maze {
            rows,
            cols,
            stride,
            open: BitSet::new(padded),
            walls: None,
        };
        if open {
            for row in 0..rows {
                for col in 0..cols {
                    maze.open.set(maze.index(Coord::new(row, col)));
                }
            }
        }
        Ok(maze)
    }

    /// `(rows + 2) * (cols + 2)`, the padded cell count, when it fits in a `u32`.
    fn padded_len(rows: usize, cols: usize) -> Result<usize, MazeError> {
        cols.checked_add(2)
            .and_then(|stride| rows.checked_add(2)?.checked_mul(stride))
            .filter(|&n| u32::try_from(n).is_ok())
            .ok_or(MazeError::TooLarge { rows, cols })
    }

    /// A maze from its open-cell bits in the padded layout (see [`Maze::index`]), made
    /// the full padded length; the border bits and any past the end must be clear.
    ///
    /// # Errors
    ///
    /// [`MazeError::TooLarge`] as for [`Maze::new`].
    pub(crate) fn from_open_bits(
        rows: usize,
        cols: usize,
        mut open: BitSet,
    ) -> Result<Maze, MazeError> {
        let padded = Maze::padded_len(rows, cols)?;
        open.fit_to(padded);
        Ok(Maze {
            rows,
            cols,
            stride: cols + 2,
            open,
            walls: None,
        })
    }

    /// An all-open maze from its wall bits in the padded layout (see [`Maze::index`]):
    /// `east` separates a cell from the one to its right, `south` from the one below;
    /// both are made the full padded length, and bits on the outer edge, the border or
    /// past the end must be clear. No bit set gives a maze without walls, as
    /// [`Maze::new`] does.
    ///
    /// # Errors
    ///
    /// [`MazeError::TooLarge`] as for [`Maze::new`].
    pub(crate) fn from_wall_bits(
        rows: usize,
        cols: usize,
        mut east: BitSet,
        mut south: BitSet,
    ) -> Result<Maze, MazeError> {
        let mut maze = Maze::new(rows, cols, true)?;
        let padded = maze.open_len();
        east.fit_to(padded);
        south.fit_to(padded);
        let any = |bits: &BitSet| bits.words().iter().any(|&w| w != 0);
        if any(&east) || any(&south) {
            maze.walls = Some(Walls { east, south });
        }
        Ok(maze)
    }

    /// Whether [`Maze::new`] would accept `rows x cols`, without allocating.
    pub(crate) fn check_size(rows: usize, cols: usize) -> Result<(), MazeError> {
        Maze::padded_len(rows, cols).map(|_| ())
    }

    /// A maze from a grid of booleans (`true` = open).
    ///
    /// # Errors
    ///
    /// [`MazeError::TooLarge`] as for [`Maze::new`].
    pub fn from_grid(grid: &Grid<bool>) -> Result<Maze, MazeError> {
        let mut maze = Maze::new(grid.rows(), grid.cols(), false)?;
        for (coord, &open) in grid.iter() {
            if open {
                maze.open.set(maze.index(coord));
            }
        }
        Ok(maze)
    }

    /// The open/blocked cells as a grid of booleans (`true` = open); walls are not included.
    pub fn to_grid(&self) -> Grid<bool> {
        let cells = (0..self.rows)
            .flat_map(|row| (0..self.cols).map(move |col| Coord::new(row, col)))
            .map(|c| self.is_open(c))
            .collect();
        Grid::from_vec(self.rows, self.cols, cells).expect("rows * cols cells") // invariant: one per cell
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `cell` lies on the maze.
    pub fn contains(&self, cell: Coord) -> bool {
        cell.row < self.rows && cell.col < self.cols
    }

    /// Whether the maze stores walls between cells (it was read from a micromouse file, or
    /// [`Maze::set_wall`] was called).
    pub fn has_walls(&self) -> bool {
        self.walls.is_some()
    }

    /// Whether `cell` is open; cells off the maze are blocked.
    pub fn is_open(&self, cell: Coord) -> bool {
        self.contains(cell) && self.open.get(self.index(cell))
    }

    /// Opens (`true`) or blocks (`false`) `cell`; a cell off the maze is ignored.
    pub fn set_open(&mut self, cell: Coord, open: bool) {
        if self.contains(cell) {
            let i = self.index(cell);
            self.open.assign(i, open);
        }
    }

    /// Whether a wall separates `cell` from its neighbour in the cardinal direction `dir`.
    /// The maze's outer edge always counts as a wall; a diagonal `dir` gives `false`.
    pub fn has_wall(&self, cell: Coord, dir: Direction) -> bool {
        if !self.contains(cell) {
            return false;
        }
        if cell.step(dir, self.rows, self.cols).is_none() {
            return !dir.is_diagonal();
        }
        let Some(walls) = &self.walls else {
            return false;
        };
        let i = self.index(cell);
        match dir {
            Direction::Right => walls.east.get(i),
            Direction::Left => walls.east.get(i - 1),
            Direction::Down => walls.south.get(i),
            Direction::Up => walls.south.get(i - self.stride),
            _ => false,
        }
    }

    /// Puts up (`true`) or takes down (`false`) the wall between `cell` and its neighbour
    /// in the cardinal direction `dir`. Walls on the outer edge, diagonal directions and
    /// cells off the maze are ignored.
    pub fn set_wall(&mut self, cell: Coord, dir: Direction, wall: bool) {
        if dir.is_diagonal()
            || !self.contains(cell)
            || cell.step(dir, self.rows, self.cols).is_none()
        {
            return;
        }
        let i = self.index(cell);
        let stride = self.stride;
        let len = self.open_len();
        let walls = self.walls.get_or_insert_with(|| Walls {
            east: BitSet::new(len),
            south: BitSet::new(len),
        });
        match dir {
            Direction::Right => walls.east.assign(i, wall),
            Direction::Left => walls.east.assign(i - 1, wall),
            Direction::Down => walls.south.assign(i, wall),
            Direction::Up => walls.south.assign(i - stride, wall),
            _ => {}
        }
    }

    /// Number of open cells.
    pub fn open_cells(&self) -> usize {
        (0..self.rows)
            .map(|row| {
                (0..self.cols)
                    .filter(|&col| self.open.get(self.index(Coord::new(row, col))))
                    .count()
            })
            .sum()
    }

    /// Bytes of heap memory the maze holds.
    pub fn heap_bytes(&self) -> usize {
        self.open.heap_bytes()
            + self
                .walls
                .as_ref()
                .map_or(0, |w| w.east.heap_bytes() + w.south.heap_bytes())
    }

    // ---- the padded layout, used by the searches -------------------------------------

    /// Number of slots of the padded layout.
    pub(crate) fn open_len(&self) -> usize {
        (self.rows + 2) * self.stride
    }

    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// Padded index of an on-maze cell.
    #[inline]
    pub(crate) fn index(&self, cell: Coord) -> usize {
        (cell.row + 1) * self.stride + cell.col + 1
    }

    /// The cell at a padded index of an on-maze cell.
    #[inline]
    pub(crate) fn coord(&self, index: usize) -> Coord {
        Coord::new(index / self.stride - 1, index % self.stride - 1)
    }

    /// The open-cell bits in the padded layout.
    pub(crate) fn open_bits(&self) -> &BitSet {
        &self.open
    }

    #[inline]
    pub(crate) fn open_at(&self, index: usize) -> bool {
        self.open.get(index)
    }

    /// The padded index one cardinal or diagonal step from `index`.
    #[inline]
    pub(crate) fn offset(&self, index: usize, dir: Direction) -> usize {
        let s = self.stride;
        match dir {
            Direction::Down => index + s,
            Direction::Up => index - s,
            Direction::Right => index + 1,
            Direction::Left => index - 1,
            Direction::DownLeft => index + s - 1,
            Direction::DownRight => index + s + 1,
            Direction::UpLeft => index - s - 1,
            Direction::UpRight => index - s + 1,
        }
    }

    /// The cell reached from the open cell at `index` by one cardinal move, if the move is
    /// allowed (target open, no wall between).
    #[inline]
    pub(crate) fn cardinal_step(&self, index: usize, dir: Direction) -> Option<usize> {
        let next = self.offset(index, dir);
        if !self.open.get(next) {
            return None;
        }
        if let Some(walls) = &self.walls {
            let blocked = match dir {
                Direction::Right => walls.east.get(index),
                Direction::Left => walls.east.get(next),
                Direction::Down => walls.south.get(index),
                Direction::Up => walls.south.get(next),
                _ => false,
            };
            if blocked {
                return None;
            }
        }
        Some(next)
    }

    /// The cell reached from the open cell at `index` by `dir` under `moves`' rules.
    /// Diagonals follow the corner rule of [`MoveSet::Eight`].
    #[inline]
    pub(crate) fn step(&self, index: usize, dir: Direction, moves: MoveSet) -> Option<usize> {
        let (vertical, horizontal) = match dir {
            Direction::DownLeft => (Direction::Down, Direction::Left),
            Direction::DownRight => (Direction::Down, Direction::Right),
            Direction::UpLeft => (Direction::Up, Direction::Left),
            Direction::UpRight => (Direction::Up, Direction::Right),
            _ => return self.cardinal_step(index, dir),
        };
        let target = self.offset(index, dir);
        if !self.open.get(target) {
            return None;
        }
        if moves == MoveSet::King {
            return Some(target);
        }
        let via_vertical = self
            .cardinal_step(index, vertical)
            .and_then(|m| self.cardinal_step(m, horizontal))
            .is_some();
        let via_horizontal = self
            .cardinal_step(index, horizontal)
            .and_then(|m| self.cardinal_step(m, vertical))
            .is_some();
        let cut_corners = matches!(moves, MoveSet::Eight { cut_corners: true });
        let allowed = if cut_corners {
            via_vertical || via_horizontal
        } else {
            via_vertical && via_horizontal
        };
        allowed.then_some(target)
    }
}

impl std::fmt::Display for Maze {
    /// The open/blocked cells as a whitespace 0/1 matrix (`1` = open), one line per row;
    /// walls are not shown (see [`crate::render`] for the formats that show them).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in 0..self.rows {
            for col in 0..self.cols {
                if col > 0 {
                    f.write_str(" ")?;
                }
                f.write_str(if self.is_open(Coord::new(row, col)) {
                    "1"
                } else {
                    "0"
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
