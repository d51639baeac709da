//! The micromouse reader: walls between cells, in the text format of the
//! micromouseonline/mazefiles collection (see [`Format::Micromouse`]).

use grid_core::text::count_of;
use grid_core::{Coord, Direction, TextPosition};

use super::{ArtLine, Format, MazeFile, StartMarker, Style, art_lines};
use crate::{Maze, MazeError};

/// Reads a [`Format::Micromouse`] maze.
pub(super) fn parse(text: &str) -> Result<MazeFile, MazeError> {
    let mut lines = art_lines(text);
    if lines.is_empty() {
        return Err(MazeError::Empty);
    }
    if !is_maze_line(&lines[0]) {
        return Err(stopped_at(&lines[0], 0));
    }
    let width = post_row_width(&lines[0])?;
    let read = maze_line_count(&lines)?;
    lines.truncate(read);
    let mut reader = Reader::new((read - 1) / 2, (width - 1) / 4, width)?;
    let first_line = lines[0].number;
    let mut art = Vec::with_capacity(read);
    for (k, line) in lines.into_iter().enumerate() {
        let found = trimmed_len(&line.chars);
        if found > width {
            return Err(MazeError::Shape {
                position: TextPosition::line(line.number),
                message: format!(
                    "expected {width} characters like line {first_line}, found {found}"
                ),
            });
        }
        let mut line = line;
        line.chars.resize(width, ' ');
        if k % 2 == 0 {
            reader.post_row(k / 2, &line)?;
        } else {
            reader.cell_row(k / 2, &line)?;
        }
        art.push(line.chars);
    }
    let Reader {
        maze,
        start,
        mut goals,
        ..
    } = reader;
    goals.sort();
    Ok(MazeFile {
        maze,
        format: Format::Micromouse,
        start: start.cell(),
        goals,
        style: Style::Art(art),
    })
}

/// The length of `chars` without trailing spaces.
fn trimmed_len(chars: &[char]) -> usize {
    chars.len() - chars.iter().rev().take_while(|c| **c == ' ').count()
}

/// Whether a line belongs to the maze: it starts with a post `o` or a wall `|`.
fn is_maze_line(line: &ArtLine) -> bool {
    matches!(line.chars.first(), Some('o' | '|'))
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

/// How many lines the maze has. As the collection's reader does, reading stops at the
/// first line that starts with neither `o` nor `|`; that is an error when it leaves a
/// count of lines that is not `2 x rows + 1`, or when maze lines follow it (it sits
/// inside the maze).
fn maze_line_count(lines: &[ArtLine]) -> Result<usize, MazeError> {
    // At least 1: the caller checked the first line.
    let read = lines.iter().take_while(|l| is_maze_line(l)).count();
    let bad_count = read < 3 || read.is_multiple_of(2);
    if read < lines.len() && (bad_count || lines[read..].iter().any(is_maze_line)) {
        return Err(stopped_at(&lines[read], read));
    }
    if bad_count {
        return Err(MazeError::Shape {
            position: TextPosition::line(lines[read - 1].number),
            message: format!(
                "a micromouse maze has 2 x rows + 1 lines, alternating post rows and cell rows, found {}",
                count_of(read, "line")
            ),
        });
    }
    Ok(read)
}

/// What `line`, line `k` (0-based) of the maze, that stopped the reading should have
/// been.
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

/// The maze being read, row by row.
struct Reader {
    maze: Maze,
    rows: usize,
    width: usize,
    start: StartMarker,
    goals: Vec<Coord>,
}

impl Reader {
    fn new(rows: usize, cols: usize, width: usize) -> Result<Reader, MazeError> {
        Ok(Reader {
            maze: Maze::new(rows, cols, true)?,
            rows,
            width,
            start: StartMarker::default(),
            goals: Vec::new(),
        })
    }

    /// Post row `post` (0 to `rows`), padded to the width: the walls on the south side
    /// of row `post - 1`; the first and last are the closed outer wall.
    fn post_row(&mut self, post: usize, line: &ArtLine) -> Result<(), MazeError> {
        let outer = post == 0 || post == self.rows;
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
                _ => return Err(unexpected(line, x, "a wall `---` or three spaces")),
            };
            if !wall && outer {
                return Err(unexpected(line, x, "the closed outer wall `---`"));
            }
            if x % 4 == 1 && wall && !outer {
                self.maze
                    .set_wall(Coord::new(post - 1, col), Direction::Down, true);
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
                        self.maze
                            .set_wall(Coord::new(row, x / 4 - 1), Direction::Right, true);
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

/// The character at 0-based index `x` of `line` is not what the format allows there.
fn unexpected(line: &ArtLine, x: usize, expected: &'static str) -> MazeError {
    MazeError::Unexpected {
        position: line.at(x),
        expected,
        found: line.chars[x],
    }
}
