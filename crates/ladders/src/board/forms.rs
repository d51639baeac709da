//! The board forms contest sites paste: a bare JSON list of jumps `[[3, 22], [5, 8]]`
//! (the number of squares given, or inferred) and the Codeforces 1245E heights matrix
//! (each cell the height of the ladder rising from it), with [`Board::read`], which
//! detects them beside the three classic forms and says what it decided ([`Reading`]).

use grid_core::{Coord, Grid};

use super::matrix::cell_to_square;
use super::{Board, BoardError, BoardFormat, JumpSource};

/// How [`Board::read`] read a board: the form, and the number of squares when it was
/// inferred rather than written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The form the board was read in.
    pub format: BoardFormat,
    /// Whether the form was detected (`false` when it was given).
    pub detected: bool,
    /// A bare jump list without a number of squares: the number inferred (the
    /// smallest `n²` that holds every square named) and the largest square named.
    pub inferred_squares: Option<(u32, u32)>,
}

impl Board {
    /// The Codeforces 1245E ("Hyakugoku and Ladders") heights matrix: an `n x n` matrix
    /// of non-negative integers (JSON, braces or whitespace rows), the cell in row `i`,
    /// column `j` (0-based from the top) holding the height `h` of the ladder rising
    /// from it to the cell `h` rows up in the same column (0: no ladder). Squares are
    /// numbered as in LeetCode 909 ([`crate::square_to_cell`]): boustrophedon from the
    /// bottom-left, so on the 10 x 10 board of the problem square 100 is the top-left
    /// cell, where the game ends.
    ///
    /// (In the Codeforces game a player may decline a ladder; the jumps here are the
    /// board's, and the rules are the caller's.)
    ///
    /// # Errors
    ///
    /// [`BoardError::Matrix`] for text that is no integer matrix, [`BoardError::NotSquare`],
    /// [`BoardError::BadHeight`] for a height that is negative or leaves the board (at
    /// its cell), else as [`Board::from_jumps`] with each jump named by its cell.
    ///
    /// # Examples
    ///
    /// ```
    /// // A 3 x 3 board: the ladder on the bottom row's middle cell (square 2) rises 2
    /// // rows, to the top row's middle cell (square 8).
    /// let board = ladders::Board::parse_heights("0 0 0\n0 0 0\n0 2 0")?;
    /// assert_eq!(board.jump(2), Some(8));
    /// # Ok::<(), ladders::BoardError>(())
    /// ```
    pub fn parse_heights(text: &str) -> Result<Board, BoardError> {
        Board::from_heights(&grid_core::parse_matrix(text)?)
    }

    /// [`Board::parse_heights`] for a matrix already read.
    ///
    /// # Errors
    ///
    /// As [`Board::parse_heights`].
    pub fn from_heights(grid: &Grid<i64>) -> Result<Board, BoardError> {
        let (rows, cols) = (grid.rows(), grid.cols());
        if rows != cols || rows == 0 {
            return Err(BoardError::NotSquare { rows, cols });
        }
        super::checked_size(i64::try_from(rows * rows).unwrap_or(i64::MAX), None)?;
        let n = rows as u32;
        let mut listed = Vec::new();
        for (cell, &height) in grid.iter() {
            if height == 0 {
                continue;
            }
            if height < 0 || height > cell.row as i64 {
                return Err(BoardError::BadHeight {
                    cell,
                    height,
                    above: cell.row,
                });
            }
            let top = Coord::new(cell.row - height as usize, cell.col);
            listed.push((
                JumpSource::Cell(cell),
                i64::from(cell_to_square(cell, n)),
                i64::from(cell_to_square(top, n)),
            ));
        }
        let mut board = Board::build(u64::from(n) * u64::from(n), &listed)?;
        board.side = Some(n);
        Ok(board)
    }

    /// Reads a board in the form given, or detects it, and says how it was read.
    /// `squares` is the number of squares of a bare jump list `[[from, to], ...]`
    /// (ignored by the other forms, whose size is written).
    ///
    /// Detection, beyond [`BoardFormat::detect`]:
    /// - a JSON array of `[from, to]` pairs of squares (1 or more) is a bare jump list
    ///   ([`BoardFormat::JumpPairs`]) when `squares` is given or it has other than 2
    ///   pairs (two pairs of squares also read as a 2 x 2 LeetCode matrix, which wins);
    ///   without `squares` the number is the smallest `n²` that holds every square
    ///   named ([`Reading::inferred_squares`]);
    /// - a square matrix that is no LeetCode board, with a 0 (a LeetCode cell is never
    ///   0) and no negative value, is a heights matrix ([`BoardFormat::Heights`]).
    ///
    /// # Errors
    ///
    /// As the reader of the form; a detected form's errors are those of the form it
    /// was detected as.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{Board, BoardFormat};
    ///
    /// let (board, reading) = Board::read("[[3, 22], [5, 8], [11, 26]]", None, None)?;
    /// assert_eq!(reading.format, BoardFormat::JumpPairs);
    /// assert_eq!(reading.inferred_squares, Some((36, 26)));
    /// assert_eq!((board.squares(), board.jump(3)), (36, Some(22)));
    ///
    /// let (board, _) = Board::read("[[3, 22], [5, 8]]", None, Some(30))?;
    /// assert_eq!(board.squares(), 30);
    /// # Ok::<(), ladders::BoardError>(())
    /// ```
    pub fn read(
        text: &str,
        format: Option<BoardFormat>,
        squares: Option<u32>,
    ) -> Result<(Board, Reading), BoardError> {
        // `board = [[-1,-1],[-1,3]]`, as LeetCode writes an example: the value alone,
        // every place kept.
        let unassigned = grid_core::text::without_assignment(text);
        let text: &str = &unassigned;
        let reading = |format, detected, inferred_squares| Reading {
            format,
            detected,
            inferred_squares,
        };
        match format {
            Some(BoardFormat::JumpPairs) => {
                let (board, inferred) = Board::parse_jump_pairs(text, squares)?;
                return Ok((board, reading(BoardFormat::JumpPairs, false, inferred)));
            }
            Some(BoardFormat::Heights) => {
                return Ok((
                    Board::parse_heights(text)?,
                    reading(BoardFormat::Heights, false, None),
                ));
            }
            Some(other) => {
                return Ok((
                    Board::parse_as(text, Some(other))?,
                    reading(other, false, None),
                ));
            }
            None => {}
        }
        let detected = BoardFormat::detect(text);
        if detected != BoardFormat::Matrix {
            return Ok((Board::parse_as(text, None)?, reading(detected, true, None)));
        }
        if let Some(pairs) = pairs_of(text)
            && (squares.is_some() || pairs != 2)
        {
            let (board, inferred) = Board::parse_jump_pairs(text, squares)?;
            return Ok((board, reading(BoardFormat::JumpPairs, true, inferred)));
        }
        match Board::parse_as(text, None) {
            Ok(board) => Ok((board, reading(BoardFormat::Matrix, true, None))),
            Err(err) => match grid_core::parse_matrix(text) {
                Ok(grid)
                    if grid.rows() == grid.cols()
                        && grid.iter().all(|(_, &v)| v >= 0)
                        && grid.iter().any(|(_, &v)| v == 0) =>
                {
                    let board = Board::from_heights(&grid)?;
                    Ok((board, reading(BoardFormat::Heights, true, None)))
                }
                _ => Err(err),
            },
        }
    }

    /// A bare JSON jump list `[[from, to], ...]` of `squares` squares, or of the
    /// smallest `n²` that holds every square named when `None`; with the inferred
    /// number and the largest square named.
    ///
    /// # Errors
    ///
    /// [`BoardError::JumpListShape`] for text that is not a JSON array of pairs of
    /// integers, else as [`Board::from_jumps`] with each jump named by its place.
    pub fn parse_jump_pairs(
        text: &str,
        squares: Option<u32>,
    ) -> Result<(Board, Option<(u32, u32)>), BoardError> {
        let grid = grid_core::parse_matrix(text)?;
        if grid.cols() != 2 && grid.rows() > 0 {
            return Err(BoardError::JumpListShape {
                at: grid_core::TextPosition::at(1, 1),
                message: format!(
                    "expected a list of [from, to] pairs, found rows of {} values",
                    grid.cols()
                ),
            });
        }
        let listed: Vec<(JumpSource, i64, i64)> = (0..grid.rows())
            .map(|r| {
                (
                    JumpSource::Item(r + 1),
                    grid[Coord::new(r, 0)],
                    grid[Coord::new(r, 1)],
                )
            })
            .collect();
        let (n, inferred) = match squares {
            Some(n) => (u64::from(n), None),
            None => {
                let largest = listed
                    .iter()
                    .flat_map(|&(_, f, t)| [f, t])
                    .max()
                    .unwrap_or(1)
                    .clamp(1, i64::from(u32::MAX)) as u64;
                let mut side = (largest as f64).sqrt() as u64;
                while side * side < largest {
                    side += 1;
                }
                let n = (side * side).max(1);
                (
                    n,
                    Some((u32::try_from(n).unwrap_or(u32::MAX), largest as u32)),
                )
            }
        };
        Ok((Board::build(n, &listed)?, inferred))
    }
}

/// The number of pairs when `text` is a JSON array of `[from, to]` pairs of squares
/// (integers of 1 or more); `None` otherwise.
fn pairs_of(text: &str) -> Option<usize> {
    if !grid_core::text::strip_bom(text)
        .trim_start()
        .starts_with('[')
    {
        return None;
    }
    let grid = grid_core::parse_matrix(text).ok()?;
    (grid.cols() == 2 && grid.rows() > 0 && grid.iter().all(|(_, &v)| v >= 1))
        .then_some(grid.rows())
}
