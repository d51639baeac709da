//! Writing a maze back as text, and the open/blocked-cell form of a walled maze.

use std::fmt::Write as _;

use grid_core::{Coord, Direction};

use super::Format;
use super::draw::Links;
use crate::bits::BitSet;
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
    let mut out = String::new();
    render_rows(maze, format, json, start, goals, |row| out.push_str(row))?;
    Ok(out)
}

/// [`render`] a row at a time: calls `piece` with the text of each row in order, newline
/// included (the JSON form: `[`, then each row, then `]` and the newline), so that a
/// 10,000 x 10,000 maze is written without its whole text in memory.
///
/// # Errors
///
/// As [`render`], before any row is written.
pub fn render_rows(
    maze: &Maze,
    format: Format,
    json: bool,
    start: Option<Coord>,
    goals: &[Coord],
    mut piece: impl FnMut(&str),
) -> Result<(), MazeError> {
    let (rows, cols) = (maze.rows(), maze.cols());
    if format == Format::Micromouse {
        if maze.open_cells() != rows * cols {
            return Err(MazeError::Size(
                "the micromouse format cannot show blocked cells: every cell must be open".into(),
            ));
        }
        micromouse_rows(maze, start, goals, None, piece);
        return Ok(());
    }
    let mut text = String::new();
    if json {
        piece("[");
    }
    for row in 0..rows {
        text.clear();
        if json && row > 0 {
            text.push(',');
        }
        text.push_str(if json { "[" } else { "" });
        for col in 0..cols {
            let cell = Coord::new(row, col);
            let open = maze.is_open(cell);
            match format {
                Format::Matrix => {
                    if col > 0 {
                        text.push(if json { ',' } else { ' ' });
                    }
                    text.push(if open { '1' } else { '0' });
                }
                _ => text.push(if start == Some(cell) {
                    'S'
                } else if goals.contains(&cell) {
                    'G'
                } else if open {
                    '.'
                } else {
                    '#'
                }),
            }
        }
        text.push_str(if json { "]" } else { "\n" });
        piece(&text);
    }
    if json {
        piece("]\n");
    }
    Ok(())
}

/// A micromouse maze (every cell open) as posts and walls, a line at a time, with `S`
/// and `G` marks, and `drawn`: the path's cells (`*` at their centre, markers kept) and
/// the gaps it crosses between consecutive cells.
pub(super) fn micromouse_rows(
    maze: &Maze,
    start: Option<Coord>,
    goals: &[Coord],
    drawn: Option<(&BitSet, &Links)>,
    mut piece: impl FnMut(&str),
) {
    let (rows, cols) = (maze.rows(), maze.cols());
    let on_path = |cell: Coord| drawn.is_some_and(|(marks, _)| marks.get(maze.index(cell)));
    let crosses = |cell: Coord, dir| drawn.is_some_and(|(_, l)| l.crosses(maze.index(cell), dir));
    let mut text = String::new();
    for row in 0..=rows {
        text.clear();
        for col in 0..cols {
            let wall =
                row == 0 || row == rows || maze.has_wall(Coord::new(row - 1, col), Direction::Down);
            let gap = if row > 0 && row < rows && crosses(Coord::new(row - 1, col), Direction::Down)
            {
                "o * "
            } else {
                "o   "
            };
            text.push_str(if wall { "o---" } else { gap });
        }
        text.push_str("o\n");
        piece(&text);
        if row == rows {
            break;
        }
        text.clear();
        for col in 0..cols {
            let cell = Coord::new(row, col);
            text.push(if maze.has_wall(cell, Direction::Left) {
                '|'
            } else if col > 0 && crosses(Coord::new(row, col - 1), Direction::Right) {
                '*'
            } else {
                ' '
            });
            let mark = if start == Some(cell) {
                'S'
            } else if goals.contains(&cell) {
                'G'
            } else if on_path(cell) {
                '*'
            } else {
                ' '
            };
            let _ = write!(text, " {mark} ");
        }
        text.push_str("|\n");
        piece(&text);
    }
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
