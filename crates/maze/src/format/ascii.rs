//! The ASCII-art reader: one character per cell.

use grid_core::Coord;

use super::{Format, MazeFile, StartMarker, Style, art_lines};
use crate::{Maze, MazeError};

/// What an ASCII-art cell may hold.
const CELL_CHARS: &str = "`#` (blocked), `.` or space (open), `S` (start), `G` or `E` (goal)";

/// Reads a [`Format::Ascii`] maze.
pub(super) fn parse(text: &str) -> Result<MazeFile, MazeError> {
    let lines = art_lines(text);
    let rows = lines.len();
    let cols = lines.iter().map(|l| l.chars.len()).max().unwrap_or(0);
    if rows == 0 || cols == 0 {
        return Err(MazeError::Empty);
    }
    let mut maze = Maze::new(rows, cols, false)?;
    let mut start = StartMarker::default();
    let mut goals = Vec::new();
    let mut art = Vec::with_capacity(rows);
    for (row, line) in lines.into_iter().enumerate() {
        for (col, &ch) in line.chars.iter().enumerate() {
            let cell = Coord::new(row, col);
            match ch {
                '#' => {}
                '.' | ' ' => maze.set_open(cell, true),
                'S' => {
                    start.mark(cell, line.at(col))?;
                    maze.set_open(cell, true);
                }
                'G' | 'E' => {
                    goals.push(cell);
                    maze.set_open(cell, true);
                }
                found => {
                    return Err(MazeError::Unexpected {
                        position: line.at(col),
                        expected: CELL_CHARS,
                        found,
                    });
                }
            }
        }
        let mut padded = line.chars;
        for col in padded.len()..cols {
            maze.set_open(Coord::new(row, col), true);
            padded.push(' ');
        }
        art.push(padded);
    }
    Ok(MazeFile {
        maze,
        format: Format::Ascii,
        start: start.cell(),
        goals,
        style: Style::Art(art),
    })
}
