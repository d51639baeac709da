//! Drawing a path over a maze in the style its file was read in, one row at a time.

use grid_core::{Coord, Direction};

use super::{Format, MazeFile, Style, render};
use crate::bits::BitSet;
use crate::{Maze, Path};

impl MazeFile {
    /// A maze file for `maze` as if read from its rendering in `format` ([`render`], not
    /// the JSON form) with these markers: what a generator draws on without writing the
    /// text and reading it back. Goals are sorted row-major.
    pub fn from_maze(maze: Maze, format: Format, start: Option<Coord>, goals: &[Coord]) -> Self {
        let style = match format {
            Format::Matrix => Style::Matrix,
            Format::Ascii => Style::Ascii {
                dots: maze.open_bits().clone(),
                exits: Vec::new(),
            },
            Format::Micromouse => Style::Walls,
        };
        let mut goals = goals.to_vec();
        goals.sort_unstable();
        goals.dedup();
        MazeFile {
            maze,
            format,
            start,
            goals,
            detected_open: Vec::new(),
            lone_letters: Vec::new(),
            axis_labels: None,
            style,
        }
    }

    /// The maze with `path` drawn over it, in the file's own style:
    ///
    /// - matrix: the rows of `0`/`1` with `*` on the path's cells;
    /// - ASCII art: the file's characters with `*` on the path's cells (markers kept);
    /// - micromouse: the file's lines with `*` at the centre of the path's cells (markers
    ///   kept) and in the gap between consecutive cells.
    ///
    /// The whole picture as one string; [`MazeFile::draw_rows`] gives it a row at a time.
    pub fn draw(&self, path: &Path) -> String {
        let mut out = String::new();
        self.draw_rows(path, |row| out.push_str(row));
        out
    }

    /// [`MazeFile::draw`] a line at a time, newline included, in order (their
    /// concatenation is `draw`'s string), so that a 10,000 x 10,000 picture is never held
    /// whole: memory is one line plus a bit per cell for the path (three in the
    /// micromouse format).
    pub fn draw_rows(&self, path: &Path, mut line: impl FnMut(&str)) {
        let maze = &self.maze;
        let mut marks = BitSet::new(maze.open_len());
        for cell in path.cells() {
            if maze.contains(cell) {
                marks.set(maze.index(cell));
            }
        }
        match &self.style {
            Style::Matrix => {
                let mut text = String::new();
                for row in 0..maze.rows() {
                    text.clear();
                    for col in 0..maze.cols() {
                        if col > 0 {
                            text.push(' ');
                        }
                        let at = maze.index(Coord::new(row, col));
                        text.push(if marks.get(at) {
                            '*'
                        } else if maze.open_at(at) {
                            '1'
                        } else {
                            '0'
                        });
                    }
                    text.push('\n');
                    line(&text);
                }
            }
            Style::Ascii { dots, exits } => self.draw_ascii(dots, exits, &marks, &mut line),
            Style::Walls => {
                let links = Links::of(maze, path);
                let drawn = Some((&marks, &links));
                render::micromouse_rows(maze, self.start, &self.goals, drawn, line);
            }
        }
    }

    /// ASCII art from the maze's bits: `#` blocked, the markers, `*` on the path, `.` or
    /// a space as the file had it; trailing spaces trimmed.
    fn draw_ascii(
        &self,
        dots: &BitSet,
        exits: &[Coord],
        marks: &BitSet,
        line: &mut impl FnMut(&str),
    ) {
        let maze = &self.maze;
        let mut text = String::new();
        for row in 0..maze.rows() {
            text.clear();
            for col in 0..maze.cols() {
                let cell = Coord::new(row, col);
                let at = maze.index(cell);
                text.push(if !maze.open_at(at) {
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
            text.truncate(text.trim_end().len());
            text.push('\n');
            line(&text);
        }
    }
}

/// The gaps a path crosses between consecutive cells, by the padded index of the cell on
/// the left of (above) the gap: one bit per cell each way.
pub(super) struct Links {
    /// The path steps between this cell and the one to its right.
    pub(super) right: BitSet,
    /// The path steps between this cell and the one below it.
    pub(super) down: BitSet,
}

impl Links {
    fn of(maze: &Maze, path: &Path) -> Links {
        let mut links = Links {
            right: BitSet::new(maze.open_len()),
            down: BitSet::new(maze.open_len()),
        };
        let mut previous: Option<Coord> = None;
        for cell in path.cells() {
            if let Some(p) = previous
                && maze.contains(p)
                && maze.contains(cell)
            {
                let first = maze.index(p.min(cell));
                if p.row == cell.row && p.col.abs_diff(cell.col) == 1 {
                    links.right.set(first);
                } else if p.col == cell.col && p.row.abs_diff(cell.row) == 1 {
                    links.down.set(first);
                }
            }
            previous = Some(cell);
        }
        links
    }

    /// Whether the path crosses the gap on the `dir` side (right or down) of `at`.
    pub(super) fn crosses(&self, at: usize, dir: Direction) -> bool {
        match dir {
            Direction::Right => self.right.get(at),
            _ => self.down.get(at),
        }
    }
}
