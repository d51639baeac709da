//! Drawing a path over a maze in the style its file was read in.

use grid_core::{Coord, Grid};

use super::{Format, MazeFile, Style};
use crate::Path;

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
