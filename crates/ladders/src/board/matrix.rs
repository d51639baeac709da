//! The LeetCode 909 matrix: the boustrophedon numbering and boards read from it.

use std::collections::HashMap;

use grid_core::{Coord, Grid};

use super::{Board, BoardError, Jump, JumpSource, MAX_SQUARES};

/// The 0-based matrix cell (row from the top, column from the left) of 1-based square
/// `square` on an `n x n` LeetCode board: boustrophedon from the bottom-left, the
/// bottom row left to right, the next one right to left, and so on. Rows alternate
/// counted from the **bottom** row, so on odd `n` the top row runs left to right and
/// square n² is top-right, not top-left.
///
/// # Panics
///
/// If `square` is not in `1..=n²`.
///
/// # Examples
///
/// ```
/// use grid_core::Coord;
/// assert_eq!(ladders::square_to_cell(1, 6), Coord { row: 5, col: 0 });
/// assert_eq!(ladders::square_to_cell(7, 6), Coord { row: 4, col: 5 });
/// assert_eq!(ladders::square_to_cell(36, 6), Coord { row: 0, col: 0 });
/// assert_eq!(ladders::square_to_cell(9, 3), Coord { row: 0, col: 2 });
/// ```
pub fn square_to_cell(square: u32, n: u32) -> Coord {
    assert!(
        square >= 1 && u64::from(square) <= u64::from(n) * u64::from(n),
        "square {square} is not on an {n} x {n} board"
    );
    let idx = square - 1;
    let from_bottom = idx / n;
    let along = idx % n;
    let col = if from_bottom.is_multiple_of(2) {
        along
    } else {
        n - 1 - along
    };
    Coord {
        row: (n - 1 - from_bottom) as usize,
        col: col as usize,
    }
}

/// The 1-based square of the 0-based cell `cell` on an `n x n` LeetCode board; the
/// inverse of [`square_to_cell`].
///
/// # Panics
///
/// If `cell` is outside the board.
pub fn cell_to_square(cell: Coord, n: u32) -> u32 {
    let (row, col) = (cell.row as u32, cell.col as u32);
    assert!(
        row < n && col < n,
        "cell {cell:?} is not on an {n} x {n} board"
    );
    let from_bottom = n - 1 - row;
    let along = if from_bottom.is_multiple_of(2) {
        col
    } else {
        n - 1 - col
    };
    from_bottom * n + along + 1
}

impl Board {
    /// Builds a board from the LeetCode 909 matrix: `n x n`, squares labelled `1..=n²`
    /// boustrophedon from the bottom-left ([`square_to_cell`]), `-1` a plain square,
    /// any other value the destination of the snake or ladder starting there. A cell
    /// holding its own square is a jump to itself, which LeetCode allows and which
    /// changes nothing; it is read as a plain square, as a jump list's `5 5` is, and
    /// listed in [`Board::idle_jumps`]. A jump on square 1, which
    /// LeetCode's constraints leave out, is kept as a jump list's is: the physical game
    /// has them (Milton Bradley's ladder 1 -> 38), taken by a token that starts off the
    /// board, never by one that starts on square 1 ([`crate::Start`]).
    ///
    /// # Errors
    ///
    /// [`BoardError::NotSquare`] for a non-square or empty matrix,
    /// [`BoardError::CellOutOfRange`] for a value outside `-1` and `1..=n²`,
    /// [`BoardError::JumpFromLast`] for a jump on square n² (the game ends there),
    /// [`BoardError::BadSize`] beyond [`MAX_SQUARES`].
    /// The errors about a cell name it ([`JumpSource::Cell`], 0-based).
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = grid_core::parse_matrix("[[-1,4],[-1,3]]")?;
    /// let board = ladders::Board::from_matrix(&grid)?;
    /// assert_eq!(board.squares(), 4);
    /// // Bottom row [-1, 3] is squares 1, 2; top row [-1, 4] is squares 4, 3.
    /// assert_eq!(board.jump(2), Some(3));
    /// assert_eq!(board.jump(3), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_matrix(grid: &Grid<i64>) -> Result<Board, BoardError> {
        let (rows, cols) = (grid.rows(), grid.cols());
        if rows != cols || rows == 0 {
            return Err(BoardError::NotSquare { rows, cols });
        }
        let squares = (rows as u64) * (rows as u64);
        if squares > MAX_SQUARES {
            return Err(BoardError::BadSize {
                squares: i64::try_from(squares).unwrap_or(i64::MAX),
                max: MAX_SQUARES,
                at: None,
            });
        }
        let n = rows as u32;
        let last = n * n;
        let mut dest: Vec<u32> = (0..=last).collect();
        let mut idle = Vec::new();
        for (cell, &value) in grid.iter() {
            let square = cell_to_square(cell, n);
            if value == -1 {
                continue;
            }
            if value < 1 || value > i64::from(last) {
                return Err(BoardError::CellOutOfRange {
                    cell,
                    square,
                    value,
                    squares: last,
                });
            }
            let jump = Jump {
                from: square,
                to: value as u32,
            };
            let at = JumpSource::Cell(cell);
            if jump.from == jump.to {
                idle.push((square, at));
                continue;
            }
            if square == last {
                return Err(BoardError::JumpFromLast {
                    at,
                    jump,
                    squares: last,
                });
            }
            dest[square as usize] = jump.to;
        }
        Ok(Board {
            dest,
            side: Some(n),
            sources: HashMap::new(),
            idle,
        })
    }

    /// Parses the LeetCode matrix in JSON or whitespace form (see
    /// [`grid_core::parse_matrix`]) and builds the board with [`Board::from_matrix`].
    ///
    /// # Errors
    ///
    /// [`BoardError::Matrix`] when the text is not an integer matrix (with its line
    /// and column), else as [`Board::from_matrix`].
    pub fn parse_matrix(text: &str) -> Result<Board, BoardError> {
        Board::from_matrix(&grid_core::parse_matrix(text)?)
    }

    /// The LeetCode matrix of this board when its size is a perfect square `n²`
    /// (row 0 is the top row), else `None`.
    pub fn to_matrix(&self) -> Option<Grid<i64>> {
        let squares = self.squares();
        let n = (f64::from(squares)).sqrt().round() as u32;
        if n * n != squares {
            return None;
        }
        let mut grid = Grid::new(n as usize, n as usize, -1_i64);
        for jump in self.jumps() {
            grid[square_to_cell(jump.from, n)] = i64::from(jump.to);
        }
        Some(grid)
    }
}
