//! The micromouse reader: walls between cells, in the text format of the
//! micromouseonline/mazefiles collection (see [`Format::Micromouse`]), fed one line at
//! a time and packed into the maze's wall bits as the lines arrive.

use grid_core::text::count_of;
use grid_core::{Coord, TextPosition};

use super::{ArtLine, Format, MazeFile, StartMarker, Style};
use crate::bits::BitSet;
use crate::{Maze, MazeError};

#[cfg(test)]
mod tests;

/// A [`Format::Micromouse`] maze being read, one line at a time.
///
/// The walls go straight into two bits per cell (`east`, `south`) in the maze's padded
/// layout, which does not depend on the row count, so the sets just grow as rows
/// arrive. The errors are those of a reader that sees the whole text first: a line
/// count that is not `2 x rows + 1`, or a line that stops the reading inside the maze,
/// is reported before a malformed character on an earlier line, and a maze too large
/// before either. So every error waits for [`Mouse::finish`]; after the first one only
/// the lines' first characters are looked at.
#[derive(Debug, Default)]
pub(super) struct Mouse {
    /// Maze lines read (post rows and cell rows), up to the first other line.
    read: usize,
    /// The width of the first line (trailing spaces trimmed) and its line number.
    width: usize,
    first_line: usize,
    /// The line number of the last maze line.
    last_line: usize,
    /// Wall bits in the padded layout (see [`Maze::index`]), `cols + 2` to a row.
    east: BitSet,
    south: BitSet,
    start: StartMarker,
    goals: Vec<Coord>,
    /// The last post row read, until the next line says whether it is the closed
    /// outer wall at the bottom (at the end) or inside the maze (a cell row follows).
    held: Option<ArtLine>,
    /// An error on the first line: nothing can come before it.
    fatal: Option<MazeError>,
    /// The first malformed maze line's error.
    bad_line: Option<MazeError>,
    /// The rows read so far are already too many: no more packing.
    too_large: bool,
    /// What the first line that is no maze line should have been.
    stop: Option<MazeError>,
    /// Whether that line or a later one is not blank.
    text_after: bool,
    /// Whether a maze line follows it.
    maze_after: bool,
}

impl Mouse {
    /// Reads line `number` (1-based) of the text; the first call gives the first
    /// non-blank line. Errors wait for [`Mouse::finish`].
    pub(super) fn push(&mut self, number: usize, line: &str) {
        if self.fatal.is_some() {
            return;
        }
        let is_maze = line.starts_with(['o', '|']);
        if self.stop.is_some() {
            self.text_after |= !line.trim().is_empty();
            self.maze_after |= is_maze;
            return;
        }
        let art = ArtLine {
            number,
            chars: line.chars().collect(),
        };
        if self.read == 0 {
            if !is_maze {
                self.fatal = Some(stopped_at(&art, 0));
                return;
            }
            match post_row_width(&art) {
                Ok(width) => (self.width, self.first_line) = (width, number),
                Err(err) => {
                    self.fatal = Some(err);
                    return;
                }
            }
        }
        if !is_maze {
            self.stop = Some(stopped_at(&art, self.read));
            self.text_after = !line.trim().is_empty();
            return;
        }
        let k = self.read;
        self.read += 1;
        self.last_line = number;
        if k % 2 == 1 {
            self.grow(k / 2 + 1);
        }
        if self.bad_line.is_some() || self.too_large {
            return;
        }
        if k == 0 {
            self.line(art, 0, true);
        } else if k.is_multiple_of(2) {
            self.held = Some(art);
        } else {
            if let Some(held) = self.held.take() {
                self.line(held, k - 1, false);
            }
            self.line(art, k, false);
        }
    }

    fn cols(&self) -> usize {
        (self.width - 1) / 4
    }

    /// The padded index of `cell` (see [`Maze::index`]).
    fn index(&self, cell: Coord) -> usize {
        (cell.row + 1) * (self.cols() + 2) + cell.col + 1
    }

    /// Makes room for `rows` rows, or notes that they are too many.
    fn grow(&mut self, rows: usize) {
        if self.too_large || Maze::check_size(rows, self.cols()).is_err() {
            self.too_large = true;
            return;
        }
        // The padded length for `rows` rows; `Vec` growth doubles, so this is amortised.
        let len = (rows + 2) * (self.cols() + 2);
        self.east.grow_to(len);
        self.south.grow_to(len);
    }

    /// Reads maze line `k` (0-based), padded to the width; `outer` for the first and
    /// last post rows. The first error is kept.
    fn line(&mut self, mut line: ArtLine, k: usize, outer: bool) {
        if self.bad_line.is_some() {
            return;
        }
        let width = self.width;
        let found = trimmed_len(&line.chars);
        let result = if found > width {
            Err(MazeError::Shape {
                position: TextPosition::line(line.number),
                message: format!(
                    "expected {width} characters like line {}, found {found}",
                    self.first_line
                ),
            })
        } else {
            line.chars.resize(width, ' ');
            if k.is_multiple_of(2) {
                self.post_row(k / 2, outer, &line)
            } else {
                self.cell_row(k / 2, &line)
            }
        };
        if let Err(err) = result {
            self.bad_line = Some(err);
        }
    }

    /// The maze read.
    ///
    /// # Errors
    ///
    /// As [`MazeFile::parse`] for a micromouse file, in this order: the first line is
    /// no post row of the right width; the reading stops inside the maze or leaves a
    /// line count that is not `2 x rows + 1`; [`MazeError::TooLarge`]; the first
    /// malformed line.
    pub(super) fn finish(mut self) -> Result<MazeFile, MazeError> {
        if let Some(err) = self.fatal {
            return Err(err);
        }
        let read = self.read;
        let bad_count = read < 3 || read.is_multiple_of(2);
        if let Some(stop) = self.stop.take()
            && self.text_after
            && (bad_count || self.maze_after)
        {
            return Err(stop);
        }
        if bad_count {
            return Err(MazeError::Shape {
                position: TextPosition::line(self.last_line),
                message: format!(
                    "a micromouse maze has 2 x rows + 1 lines, alternating post rows and cell rows, found {}",
                    count_of(read, "line")
                ),
            });
        }
        let (rows, cols) = ((read - 1) / 2, self.cols());
        Maze::check_size(rows, cols)?;
        if let Some(held) = self.held.take() {
            self.line(held, read - 1, true);
        }
        if let Some(err) = self.bad_line {
            return Err(err);
        }
        let maze = Maze::from_wall_bits(rows, cols, self.east, self.south)?;
        let mut goals = self.goals;
        goals.sort();
        Ok(MazeFile {
            detected_open: Vec::new(),
            lone_letters: Vec::new(),
            axis_labels: None,
            maze,
            format: Format::Micromouse,
            start: self.start.cell(),
            goals,
            style: Style::Walls,
        })
    }

    /// Post row `post` (0 to `rows`), padded to the width: the walls on the south side
    /// of row `post - 1`; the first and last (`outer`) are the closed outer wall.
    fn post_row(&mut self, post: usize, outer: bool, line: &ArtLine) -> Result<(), MazeError> {
        let chars = &line.chars;
        for (x, &ch) in chars.iter().enumerate() {
            if x % 4 == 0 {
                if ch != 'o' {
                    return Err(unexpected(line, x, "a post `o`"));
                }
                continue;
            }
            let col = x / 4;
            let wall = match &chars[4 * col + 1..4 * col + 4] {
                ['-', '-', '-'] => true,
                [' ', ' ', ' '] => false,
                side => {
                    let (at, expected) = side_error(side);
                    return Err(unexpected(line, 4 * col + 1 + at, expected));
                }
            };
            if !wall && outer {
                return Err(unexpected(line, x, "the closed outer wall `---`"));
            }
            if x % 4 == 1 && wall && !outer {
                let at = self.index(Coord::new(post - 1, col));
                self.south.set(at);
            }
        }
        Ok(())
    }

    /// Cell row `row`, padded to the width: walls `|` between cells (closed at both
    /// ends) and the cells' marks at their centres.
    fn cell_row(&mut self, row: usize, line: &ArtLine) -> Result<(), MazeError> {
        let width = self.width;
        for (x, &ch) in line.chars.iter().enumerate() {
            match x % 4 {
                0 if (x == 0 || x == width - 1) && ch != '|' => {
                    return Err(unexpected(line, x, "the closed outer wall `|`"));
                }
                0 => match ch {
                    '|' if x > 0 && x < width - 1 => {
                        let at = self.index(Coord::new(row, x / 4 - 1));
                        self.east.set(at);
                    }
                    '|' | ' ' => {}
                    _ => return Err(unexpected(line, x, "a wall `|` or a space")),
                },
                2 => self.centre(Coord::new(row, x / 4), line, x)?,
                _ if ch != ' ' => {
                    return Err(unexpected(line, x, "a space beside a cell centre"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The mark at the centre of `cell`, character `x` of `line`.
    fn centre(&mut self, cell: Coord, line: &ArtLine, x: usize) -> Result<(), MazeError> {
        match line.chars[x] {
            ' ' => {}
            'S' => self.start.mark(cell, line.at(x))?,
            'G' => self.goals.push(cell),
            _ => {
                return Err(unexpected(
                    line,
                    x,
                    "a space, `S` (start) or `G` (goal) at a cell centre",
                ));
            }
        }
        Ok(())
    }
}

/// The length of `chars` without trailing spaces.
fn trimmed_len(chars: &[char]) -> usize {
    chars.len() - chars.iter().rev().take_while(|c| **c == ' ').count()
}

/// Where the side between two posts, `side` (three characters, neither `---` nor three
/// spaces), goes wrong: the index in `side` of the first character that is neither `-`
/// nor a space, else of the first that differs from the first character (`- -`, `-  `);
/// and what was expected there.
fn side_error(side: &[char]) -> (usize, &'static str) {
    let first = side.first().copied().unwrap_or(' ');
    let at = side
        .iter()
        .position(|c| !matches!(c, '-' | ' '))
        .or_else(|| side.iter().position(|&c| c != first))
        .unwrap_or(0);
    let expected = match (at, first) {
        (0, _) => "a wall `---` or three spaces",
        (_, '-') => "`-` to continue the wall `---`",
        _ => "a space to continue the gap of three spaces",
    };
    (at, expected)
}

/// The width of the first line, a post row: `4 x columns + 1` characters.
fn post_row_width(first: &ArtLine) -> Result<usize, MazeError> {
    let width = trimmed_len(&first.chars);
    if width < 5 || !(width - 1).is_multiple_of(4) {
        return Err(MazeError::Shape {
            position: TextPosition::line(first.number),
            message: format!(
                "a post row has 4 x columns + 1 characters (`o---o---o` for 2 columns), found {width}"
            ),
        });
    }
    Ok(width)
}

/// What `line`, line `k` (0-based) of the maze, that stopped the reading should have
/// been. As the collection's reader does, reading stops at the first line that starts
/// with neither `o` nor `|`; that is an error when it leaves a count of lines that is
/// not `2 x rows + 1`, or when maze lines follow it (it sits inside the maze).
fn stopped_at(line: &ArtLine, k: usize) -> MazeError {
    let expected = if k.is_multiple_of(2) {
        "a post row starting with `o`"
    } else {
        "a cell row starting with `|`"
    };
    match line.chars.first() {
        Some(&found) if line.chars.iter().any(|c| !c.is_whitespace()) => MazeError::Unexpected {
            position: line.at(0),
            expected,
            found,
        },
        _ => MazeError::Shape {
            position: TextPosition::line(line.number),
            message: format!("expected {expected}, found a blank line"),
        },
    }
}

/// The character at 0-based index `x` of `line` is not what the format allows there.
fn unexpected(line: &ArtLine, x: usize, expected: &'static str) -> MazeError {
    MazeError::Unexpected {
        position: line.at(x),
        expected,
        found: line.chars[x],
    }
}
