//! Writing a maze back as text, and the open/blocked-cell form of a walled maze.

use std::fmt::Write as _;

use grid_core::{Coord, Direction};

use super::Format;
use crate::{Maze, MazeError};

/// Writes `maze` in `format`.
///
/// - [`Format::Matrix`]: whitespace rows of `0`/`1` (`1` = open); with `json = true`
///   the JSON form `[[1,0],[1,1]]` on one line.
/// - [`Format::Ascii`]: `#` blocked, `.` open, `S` at `start`, `G` at each goal.
/// - [`Format::Micromouse`]: posts and walls with `S`/`G` marks; the maze must have every
///   cell open (walls only), as micromouse mazes do.
///
/// Walls between cells show only in the micromouse format; convert a walled maze with
/// [`Maze::to_cell_form`] first to write it as a matrix or ASCII art.
///
/// # Errors
///
/// [`MazeError::Size`] when a micromouse file is asked for a maze with blocked cells.
///
/// # Examples
///
/// ```
/// use grid_core::Coord;
/// use maze::{Format, Maze, render};
///
/// let maze: Maze = "1 0\n1 1".parse()?;
/// let goal = [Coord::new(1, 1)];
/// assert_eq!(render(&maze, Format::Matrix, true, None, &goal)?, "[[1,0],[1,1]]\n");
/// assert_eq!(render(&maze, Format::Ascii, false, Some(Coord::new(0, 0)), &goal)?, "S#\n.G\n");
/// # Ok::<(), maze::MazeError>(())
/// ```
pub fn render(
    maze: &Maze,
    format: Format,
    json: bool,
    start: Option<Coord>,
    goals: &[Coord],
) -> Result<String, MazeError> {
    match format {
        Format::Matrix if json => Ok(json_matrix(maze)),
        Format::Matrix => Ok(maze.to_string()),
        Format::Ascii => Ok(ascii(maze, start, goals)),
        Format::Micromouse => micromouse(maze, start, goals),
    }
}

fn json_matrix(maze: &Maze) -> String {
    let mut out = String::from("[");
    for row in 0..maze.rows() {
        out.push_str(if row > 0 { ",[" } else { "[" });
        for col in 0..maze.cols() {
            if col > 0 {
                out.push(',');
            }
            out.push(if maze.is_open(Coord::new(row, col)) {
                '1'
            } else {
                '0'
            });
        }
        out.push(']');
    }
    out.push_str("]\n");
    out
}

fn ascii(maze: &Maze, start: Option<Coord>, goals: &[Coord]) -> String {
    let mut out = String::new();
    for row in 0..maze.rows() {
        for col in 0..maze.cols() {
            let cell = Coord::new(row, col);
            out.push(if start == Some(cell) {
                'S'
            } else if goals.contains(&cell) {
                'G'
            } else if maze.is_open(cell) {
                '.'
            } else {
                '#'
            });
        }
        out.push('\n');
    }
    out
}

fn micromouse(maze: &Maze, start: Option<Coord>, goals: &[Coord]) -> Result<String, MazeError> {
    let (rows, cols) = (maze.rows(), maze.cols());
    if maze.open_cells() != rows * cols {
        return Err(MazeError::Size(
            "the micromouse format cannot show blocked cells: every cell must be open".into(),
        ));
    }
    let mut out = String::new();
    for row in 0..=rows {
        for col in 0..cols {
            let wall =
                row == 0 || row == rows || maze.has_wall(Coord::new(row - 1, col), Direction::Down);
            out.push_str(if wall { "o---" } else { "o   " });
        }
        out.push_str("o\n");
        if row == rows {
            break;
        }
        for col in 0..cols {
            let cell = Coord::new(row, col);
            out.push(if maze.has_wall(cell, Direction::Left) {
                '|'
            } else {
                ' '
            });
            let mark = if start == Some(cell) {
                'S'
            } else if goals.contains(&cell) {
                'G'
            } else {
                ' '
            };
            let _ = write!(out, " {mark} ");
        }
        out.push_str("|\n");
    }
    Ok(out)
}

impl Maze {
    /// The maze in open/blocked-cell form: a walled `rows x cols` maze becomes a
    /// `(2 rows - 1) x (2 cols - 1)` maze in which cell `(r, c)` sits at `(2r, 2c)`, the
    /// cell between two horizontally or vertically adjacent cells is open exactly when no
    /// wall separates them, and the cells between four cells (the posts) are blocked. The
    /// outer wall needs no cells: outside the maze is blocked anyway. Distances double.
    /// Blocked cells stay blocked (and close the cells between them and their neighbours).
    ///
    /// # Errors
    ///
    /// [`MazeError::TooLarge`] when the doubled maze is too large.
    pub fn to_cell_form(&self) -> Result<Maze, MazeError> {
        if self.rows() == 0 || self.cols() == 0 {
            return Ok(self.clone());
        }
        let mut out = Maze::new(2 * self.rows() - 1, 2 * self.cols() - 1, false)?;
        for row in 0..self.rows() {
            for col in 0..self.cols() {
                let cell = Coord::new(row, col);
                if !self.is_open(cell) {
                    continue;
                }
                out.set_open(Coord::new(2 * row, 2 * col), true);
                if col + 1 < self.cols()
                    && self.is_open(Coord::new(row, col + 1))
                    && !self.has_wall(cell, Direction::Right)
                {
                    out.set_open(Coord::new(2 * row, 2 * col + 1), true);
                }
                if row + 1 < self.rows()
                    && self.is_open(Coord::new(row + 1, col))
                    && !self.has_wall(cell, Direction::Down)
                {
                    out.set_open(Coord::new(2 * row + 1, 2 * col), true);
                }
            }
        }
        Ok(out)
    }
}
