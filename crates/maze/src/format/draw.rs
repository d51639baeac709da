//! Drawing a path over a maze in the style its file was read in.

use grid_core::{Coord, Grid};

use super::{Format, MazeFile, Style};
use crate::Path;
use crate::bits::BitSet;

impl MazeFile {
    /// The maze with `path` drawn over it, in the file's own style:
    ///
    /// - matrix: the rows of `0`/`1` with `*` on the path's cells;
    /// - ASCII art: the file's characters with `*` on the path's cells (markers kept);
    /// - micromouse: the file's lines with `*` at the centre of the path's cells (markers
    ///   kept) and in the gap between consecutive cells.
    pub fn draw(&self, path: &Path) -> String {
        match &self.style {
            Style::Matrix => self.draw_matrix(path),
            Style::Ascii { dots, exits } => self.draw_ascii(dots, exits, path),
            Style::Art(lines) => self.draw_art(lines, path),
        }
    }

    fn draw_matrix(&self, path: &Path) -> String {
        let mut marks = Grid::new(self.maze.rows(), self.maze.cols(), false);
        for cell in path.cells() {
            if let Some(m) = marks.get_mut(cell) {
                *m = true;
            }
        }
        let mut out = String::new();
        for row in 0..self.maze.rows() {
            for col in 0..self.maze.cols() {
                if col > 0 {
                    out.push(' ');
                }
                let cell = Coord::new(row, col);
                out.push(if marks[cell] {
                    '*'
                } else if self.maze.is_open(cell) {
                    '1'
                } else {
                    '0'
                });
            }
            out.push('\n');
        }
        out
    }

    /// ASCII art from the maze's bits: `#` blocked, the markers, `*` on the path, `.` or
    /// a space as the file had it; trailing spaces trimmed.
    fn draw_ascii(&self, dots: &BitSet, exits: &[Coord], path: &Path) -> String {
        let maze = &self.maze;
        let mut marks = BitSet::new(maze.open_len());
        for cell in path.cells() {
            if maze.contains(cell) {
                marks.set(maze.index(cell));
            }
        }
        let mut out = String::new();
        let mut line = String::new();
        for row in 0..maze.rows() {
            line.clear();
            for col in 0..maze.cols() {
                let cell = Coord::new(row, col);
                let at = maze.index(cell);
                line.push(if !maze.open_at(at) {
                    '#'
                } else if self.start == Some(cell) {
                    'S'
                } else if exits.binary_search(&cell).is_ok() {
                    'E'
                } else if self.goals.binary_search(&cell).is_ok() {
                    'G'
                } else if marks.get(at) {
                    '*'
                } else if dots.get(at) {
                    '.'
                } else {
                    ' '
                });
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    fn draw_art(&self, lines: &[Vec<char>], path: &Path) -> String {
        let mut lines = lines.to_vec();
        let micromouse = self.format == Format::Micromouse;
        let mut mark = |line: usize, col: usize| {
            if let Some(ch) = lines.get_mut(line).and_then(|l| l.get_mut(col))
                && matches!(*ch, ' ' | '.')
            {
                *ch = '*';
            }
        };
        let mut previous: Option<Coord> = None;
        for cell in path.cells() {
            if micromouse {
                mark(2 * cell.row + 1, 4 * cell.col + 2);
                if let Some(p) = previous {
                    if p.row == cell.row && p.col.abs_diff(cell.col) == 1 {
                        mark(2 * cell.row + 1, 4 * p.col.max(cell.col));
                    } else if p.col == cell.col && p.row.abs_diff(cell.row) == 1 {
                        mark(2 * p.row.max(cell.row), 4 * cell.col + 2);
                    }
                }
            } else {
                mark(cell.row, cell.col);
            }
            previous = Some(cell);
        }
        let mut out = String::new();
        for line in lines {
            let text: String = line.into_iter().collect();
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}
