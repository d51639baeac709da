//! The ASCII-art reader, fed one line at a time: one character per cell, packed into
//! bits as the lines arrive.

use grid_core::{Coord, TextPosition};

use super::{Format, MazeFile, StartMarker, Style};
use crate::bits::BitSet;
use crate::{Maze, MazeError};

/// What an ASCII-art cell may hold.
const CELL_CHARS: &str = "`#` (blocked), `.` or space (open), `S` (start), `G` or `E` (goal)";

/// A [`Format::Ascii`] maze being read.
///
/// The rows are packed back to back (`open` and `dots`, one bit per cell, row `r` from
/// bit `ends[r - 1]`) because the width is known only at the end when short rows are
/// padded; [`Art::finish`] lays them out in the maze.
#[derive(Debug, Default)]
pub(super) struct Art {
    /// Pad short rows with open cells instead of refusing them.
    pad: bool,
    open: BitSet,
    /// Open cells drawn as `.` (the others as spaces), for drawing in the file's style.
    dots: BitSet,
    /// Where each row ends in `open` and `dots`.
    ends: Vec<usize>,
    /// The first row's length and line.
    first: Option<(usize, usize)>,
    widest: usize,
    /// Blank lines after the last row: rows if more art follows, dropped otherwise.
    blank: Vec<(usize, String)>,
    start: StartMarker,
    goals: Vec<Coord>,
    /// The goals marked `E` rather than `G`.
    exits: Vec<Coord>,
    /// The first non-blank character of the first row.
    first_data: Option<TextPosition>,
}

impl Art {
    /// A reader; `pad` accepts rows shorter than the widest (padded with open cells).
    pub(super) fn new(pad: bool) -> Art {
        Art {
            pad,
            ..Art::default()
        }
    }

    /// Reads line `number` (1-based) of the text.
    ///
    /// # Errors
    ///
    /// [`MazeError::Unexpected`], [`MazeError::SecondStart`], [`MazeError::RaggedArt`]
    /// (without padding), [`MazeError::TooLarge`].
    pub(super) fn push(&mut self, number: usize, line: &str) -> Result<(), MazeError> {
        if line.trim().is_empty() {
            // Leading and trailing blank lines are not rows; blank lines inside are.
            if self.first.is_some() {
                self.blank.push((number, line.to_owned()));
            }
            return Ok(());
        }
        for (blank_number, blank) in std::mem::take(&mut self.blank) {
            self.row(blank_number, &blank)?;
        }
        self.row(number, line)
    }

    /// Reads the row on line `number`.
    fn row(&mut self, number: usize, line: &str) -> Result<(), MazeError> {
        let row = self.ends.len();
        let begin = self.ends.last().copied().unwrap_or(0);
        let len = line.chars().count();
        Maze::check_size(row + 1, len.max(self.widest))?;
        match self.first {
            None => {
                self.first = Some((len, number));
                self.first_data = Some(super::first_char(number, line));
            }
            Some((expected, first_line)) if len != expected && !self.pad => {
                return Err(MazeError::RaggedArt {
                    position: TextPosition::line(number),
                    row: row + 1,
                    found: len,
                    expected,
                    first_line,
                });
            }
            Some(_) => {}
        }
        let end = begin + len;
        if self.open.capacity() < end {
            let grown = end.max(self.open.capacity() * 2);
            self.open.grow_to(grown);
            self.dots.grow_to(grown);
        }
        for (col, ch) in line.chars().enumerate() {
            let cell = Coord::new(row, col);
            let at = begin + col;
            match ch {
                '#' => continue,
                '.' => self.dots.set(at),
                ' ' => {}
                'S' => self.start.mark(cell, TextPosition::at(number, col + 1))?,
                'G' => self.goals.push(cell),
                'E' => {
                    self.goals.push(cell);
                    self.exits.push(cell);
                }
                found => {
                    return Err(MazeError::Unexpected {
                        position: TextPosition::at(number, col + 1),
                        expected: CELL_CHARS,
                        found,
                    });
                }
            }
            self.open.set(at);
        }
        self.ends.push(end);
        self.widest = self.widest.max(len);
        Ok(())
    }

    /// Where the first row starts, once there is one.
    pub(super) fn first_data(&self) -> Option<TextPosition> {
        self.first_data
    }

    /// The maze read.
    ///
    /// # Errors
    ///
    /// [`MazeError::Empty`] without rows.
    pub(super) fn finish(self) -> Result<MazeFile, MazeError> {
        let (rows, cols) = (self.ends.len(), self.widest);
        if rows == 0 || cols == 0 {
            return Err(MazeError::Empty);
        }
        let mut open = Maze::new(rows, cols, false)?;
        let stride = cols + 2;
        let mut dots = BitSet::new(open.open_len());
        let mut begin = 0;
        for (row, &end) in self.ends.iter().enumerate() {
            let base = (row + 1) * stride + 1;
            for col in 0..cols {
                let at = begin + col;
                // Cells past the end of a short row are padding: open, drawn as spaces.
                if at >= end || self.open.get(at) {
                    open.set_open(Coord::new(row, col), true);
                }
                if at < end && self.dots.get(at) {
                    dots.set(base + col);
                }
            }
            begin = end;
        }
        Ok(MazeFile {
            maze: open,
            format: Format::Ascii,
            start: self.start.cell(),
            goals: self.goals,
            style: Style::Ascii {
                dots,
                exits: self.exits,
            },
        })
    }
}
