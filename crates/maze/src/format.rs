//! Reading mazes: 0/1 matrices, ASCII art and micromouse files; writing them back; and
//! drawing a path over a maze in the style it was read in.

use std::fmt::Write as _;

use grid_core::{Coord, Direction, Grid};

use crate::{Maze, MazeError, Path};

/// The text formats a maze can be read from and written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A 0/1 matrix, `1` = open, `0` = blocked: JSON (`[[1,0],[1,1]]`, the
    /// GeeksforGeeks/LeetCode form), whitespace-separated rows (`1 0` / `1 1`), or compact
    /// rows of `0`/`1` digits without spaces (`10` / `11`). Start and goal default to
    /// the top-left and bottom-right corners.
    Matrix,
    /// ASCII art, one character per cell: `#` blocked; `.` or space open; `S` the start,
    /// `G` or `E` a goal (several allowed), all open. Lines may differ in length (a short
    /// line is padded with open cells). Without `S` the start is the top-left corner;
    /// without `G`/`E` the goal is the bottom-right corner.
    Ascii,
    /// The micromouse text format of the micromouseonline/mazefiles collection: walls
    /// *between* cells. A maze of H x W cells is 2H+1 lines of 4W+1 characters: post rows
    /// `o---o   o` (a wall `---` or a gap of three spaces between posts `o`) alternate
    /// with cell rows `|   | S |` (a wall `|` or a space between cells, the cell's mark at
    /// its centre: space, `S` start or `G` goal). Row 0 is the north edge. The outer wall
    /// is closed: the first and last lines are all posts and `---`, and every cell row
    /// starts and ends with `|`. Reading stops at the first line that starts with neither
    /// `o` nor `|` (text after the maze is ignored; such a line followed by more maze
    /// lines, or one that leaves the maze short, is an error). Without `S` the start is
    /// the south-west corner cell (row H-1, column 0), where micromouse contests start;
    /// without `G` the goal is the centre (the 2 x 2 centre cells of an even maze).
    Micromouse,
}

impl Format {
    /// The format's name as the command line spells it: `matrix`, `ascii`, `micromouse`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Matrix => "matrix",
            Format::Ascii => "ascii",
            Format::Micromouse => "micromouse",
        }
    }

    /// Guesses the format of `text` (a leading byte-order mark is ignored):
    ///
    /// 1. the first non-blank character is `[`: [`Format::Matrix`] (JSON);
    /// 2. the first non-blank line starts with `o`: [`Format::Micromouse`];
    /// 3. every non-blank line is made of digits, signs and whitespace, apart from comment
    ///    lines starting with `#`, and at least one such line exists: [`Format::Matrix`];
    /// 4. otherwise [`Format::Ascii`].
    pub fn detect(text: &str) -> Format {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        if first.trim_start().starts_with('[') {
            return Format::Matrix;
        }
        if first.starts_with('o') {
            return Format::Micromouse;
        }
        let mut numeric = false;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let body = line.trim_start();
            if body
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '+' || c.is_whitespace())
            {
                numeric = true;
            } else if !body.starts_with('#') {
                return Format::Ascii;
            }
        }
        if numeric {
            Format::Matrix
        } else {
            Format::Ascii
        }
    }
}

/// How a maze was drawn in its file, kept so that [`MazeFile::draw`] can draw a path in
/// the same style.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Style {
    Matrix,
    /// The file's characters, one row per maze row, padded to the width.
    Art(Vec<Vec<char>>),
}

/// A maze read from text, with the start and goal markers the file had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MazeFile {
    /// The maze.
    pub maze: Maze,
    /// The format it was read in.
    pub format: Format,
    /// The start marker (`S`), if the file had one; 0-based.
    pub start: Option<Coord>,
    /// The goal markers (`G` or `E`), in row-major order; empty if the file had none.
    pub goals: Vec<Coord>,
    style: Style,
}

impl MazeFile {
    /// Reads a maze in `format`, or in the format [`Format::detect`] guesses when `None`.
    ///
    /// # Errors
    ///
    /// [`MazeError::Empty`] for input with no maze; [`MazeError::Matrix`] and
    /// [`MazeError::CellValue`] for a malformed matrix; [`MazeError::Unexpected`],
    /// [`MazeError::Shape`] and [`MazeError::SecondStart`] for malformed art or micromouse
    /// files (all naming the 1-based line and column); [`MazeError::TooLarge`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::Coord;
    /// use maze::{Format, MazeFile};
    ///
    /// let file = MazeFile::parse("#####\n#S..#\n###G#\n", None)?;
    /// assert_eq!(file.format, Format::Ascii);
    /// assert_eq!((file.maze.rows(), file.maze.cols()), (3, 5));
    /// assert_eq!(file.start_or_default(), Coord::new(1, 1));
    /// assert_eq!(file.goals_or_default(), [Coord::new(2, 3)]);
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn parse(text: &str, format: Option<Format>) -> Result<MazeFile, MazeError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        match format.unwrap_or_else(|| Format::detect(text)) {
            Format::Matrix => parse_matrix(text),
            Format::Ascii => parse_ascii(text),
            Format::Micromouse => parse_micromouse(text),
        }
    }

    /// The start cell: the file's `S` marker, else the format's default (see [`Format`]).
    pub fn start_or_default(&self) -> Coord {
        self.start.unwrap_or(match self.format {
            Format::Micromouse => Coord::new(self.maze.rows().saturating_sub(1), 0),
            Format::Matrix | Format::Ascii => Coord::new(0, 0),
        })
    }

    /// The goal cells: the file's `G`/`E` markers, else the format's default (see
    /// [`Format`]).
    pub fn goals_or_default(&self) -> Vec<Coord> {
        if !self.goals.is_empty() {
            return self.goals.clone();
        }
        let (rows, cols) = (self.maze.rows(), self.maze.cols());
        match self.format {
            Format::Micromouse => {
                let centre = |n: usize| {
                    if n.is_multiple_of(2) && n > 0 {
                        vec![n / 2 - 1, n / 2]
                    } else {
                        vec![n / 2]
                    }
                };
                let mut goals = Vec::new();
                for &row in &centre(rows) {
                    for &col in &centre(cols) {
                        goals.push(Coord::new(row, col));
                    }
                }
                goals
            }
            Format::Matrix | Format::Ascii => {
                vec![Coord::new(rows.saturating_sub(1), cols.saturating_sub(1))]
            }
        }
    }

    /// The maze with `path` drawn over it, in the file's own style:
    ///
    /// - matrix: the rows of `0`/`1` with `*` on the path's cells;
    /// - ASCII art: the file's characters with `*` on the path's cells (markers kept);
    /// - micromouse: the file's lines with `*` at the centre of the path's cells (markers
    ///   kept) and in the gap between consecutive cells.
    pub fn draw(&self, path: &Path) -> String {
        match &self.style {
            Style::Matrix => {
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
            Style::Art(lines) => {
                let mut lines = lines.clone();
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
    }
}

impl std::str::FromStr for Maze {
    type Err = MazeError;

    /// Reads a maze in any [`Format`], detected with [`Format::detect`]; markers are dropped
    /// (use [`MazeFile::parse`] to keep them).
    fn from_str(text: &str) -> Result<Maze, MazeError> {
        MazeFile::parse(text, None).map(|file| file.maze)
    }
}

fn parse_matrix(text: &str) -> Result<MazeFile, MazeError> {
    if let Some(maze) = binary_rows(text) {
        return Ok(MazeFile {
            maze: maze?,
            format: Format::Matrix,
            start: None,
            goals: Vec::new(),
            style: Style::Matrix,
        });
    }
    let grid = match compact_rows(text) {
        Some(grid) => grid,
        None => grid_core::parse_matrix(text)?,
    };
    if grid.rows() == 0 || grid.cols() == 0 {
        return Err(MazeError::Empty);
    }
    let mut maze = Maze::new(grid.rows(), grid.cols(), false)?;
    for (cell, &value) in grid.iter() {
        match value {
            0 => {}
            1 => maze.set_open(cell, true),
            found => {
                return Err(MazeError::CellValue {
                    row: cell.row + 1,
                    column: cell.col + 1,
                    found,
                });
            }
        }
    }
    Ok(MazeFile {
        maze,
        format: Format::Matrix,
        start: None,
        goals: Vec::new(),
        style: Style::Matrix,
    })
}

/// Well-formed whitespace rows of `0` and `1` read straight into the maze's bits, without
/// an intermediate integer grid (8 bytes per cell), so huge mazes read in a fraction of the
/// memory. `None` when the text is anything else (JSON, other tokens, ragged rows, no
/// rows): the general parser then reads it and reports any error precisely.
fn binary_rows(text: &str) -> Option<Result<Maze, MazeError>> {
    let rows_of = || {
        text.lines().filter(|l| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
    };
    let mut rows = 0;
    let mut cols = None;
    for line in rows_of() {
        let mut n = 0;
        for token in line.split_ascii_whitespace() {
            if token != "0" && token != "1" {
                return None;
            }
            n += 1;
        }
        if n == 0 || cols.is_some_and(|c| c != n) {
            return None;
        }
        cols = Some(n);
        rows += 1;
    }
    let cols = cols?;
    let mut maze = match Maze::new(rows, cols, false) {
        Ok(maze) => maze,
        Err(err) => return Some(Err(err)),
    };
    for (row, line) in rows_of().enumerate() {
        for (col, token) in line.split_ascii_whitespace().enumerate() {
            if token == "1" {
                maze.set_open(Coord::new(row, col), true);
            }
        }
    }
    Some(Ok(maze))
}

/// Rows of `0`/`1` digits without separators (`0110`), when every non-comment line is
/// such a row and some row has more than one digit.
fn compact_rows(text: &str) -> Option<Grid<i64>> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let compact = !rows.is_empty()
        && rows.iter().any(|r| r.len() > 1)
        && rows
            .iter()
            .all(|r| r.bytes().all(|b| b == b'0' || b == b'1'));
    if !compact || rows.iter().any(|r| r.len() != rows[0].len()) {
        // Ragged compact rows fall through to the whitespace parser, which reports them.
        return None;
    }
    let cells = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| i64::from(b - b'0')))
        .collect();
    Grid::from_vec(rows.len(), rows[0].len(), cells).ok()
}

/// Lines without their endings; leading and trailing empty lines dropped. Each item is the
/// 1-based line number and the characters.
fn body_lines(text: &str) -> Vec<(usize, Vec<char>)> {
    let mut lines: Vec<(usize, Vec<char>)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.chars().collect()))
        .collect();
    while lines
        .last()
        .is_some_and(|(_, l)| l.iter().all(|c| c.is_whitespace()))
    {
        lines.pop();
    }
    let lead = lines
        .iter()
        .take_while(|(_, l)| l.iter().all(|c| c.is_whitespace()))
        .count();
    lines.drain(..lead);
    lines
}

fn parse_ascii(text: &str) -> Result<MazeFile, MazeError> {
    let lines = body_lines(text);
    if lines.is_empty() {
        return Err(MazeError::Empty);
    }
    let rows = lines.len();
    let cols = lines.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    if cols == 0 {
        return Err(MazeError::Empty);
    }
    let mut maze = Maze::new(rows, cols, false)?;
    let mut start = None;
    // The 1-based line and column of the start marker, for a second marker's message.
    let mut start_at: Option<(usize, usize)> = None;
    let mut goals = Vec::new();
    let mut art = Vec::with_capacity(rows);
    for (row, (line_no, chars)) in lines.into_iter().enumerate() {
        for (col, &ch) in chars.iter().enumerate() {
            let cell = Coord::new(row, col);
            match ch {
                '#' => {}
                '.' | ' ' => maze.set_open(cell, true),
                'S' => {
                    if let Some((first, (first_line, first_column))) = start.zip(start_at) {
                        return Err(MazeError::SecondStart {
                            line: line_no,
                            column: col + 1,
                            first,
                            first_line,
                            first_column,
                        });
                    }
                    start = Some(cell);
                    start_at = Some((line_no, col + 1));
                    maze.set_open(cell, true);
                }
                'G' | 'E' => {
                    goals.push(cell);
                    maze.set_open(cell, true);
                }
                found => {
                    return Err(MazeError::Unexpected {
                        line: line_no,
                        column: col + 1,
                        expected: "`#` (blocked), `.` or space (open), `S` (start), `G` or `E` (goal)",
                        found,
                    });
                }
            }
        }
        let mut padded = chars;
        for col in padded.len()..cols {
            maze.set_open(Coord::new(row, col), true);
            padded.push(' ');
        }
        art.push(padded);
    }
    Ok(MazeFile {
        maze,
        format: Format::Ascii,
        start,
        goals,
        style: Style::Art(art),
    })
}

fn parse_micromouse(text: &str) -> Result<MazeFile, MazeError> {
    let all = body_lines(text);
    if all.is_empty() {
        return Err(MazeError::Empty);
    }
    // The repository's reader stops at the first line starting with neither `o` nor `|`.
    let is_maze_line = |l: &Vec<char>| matches!(l.first(), Some('o' | '|'));
    let read = all.iter().take_while(|(_, l)| is_maze_line(l)).count();
    // What the line that stopped the reading, line `k` of the maze, should have been.
    let stopped_at = |k: usize| {
        let (line_no, chars) = &all[k];
        let expected = if k.is_multiple_of(2) {
            "a post row starting with `o`"
        } else {
            "a cell row starting with `|`"
        };
        match chars.first() {
            Some(&found) if chars.iter().any(|c| !c.is_whitespace()) => MazeError::Unexpected {
                line: *line_no,
                column: 1,
                expected,
                found,
            },
            _ => MazeError::Shape {
                line: *line_no,
                message: format!("expected {expected}, found a blank line"),
            },
        }
    };
    if read == 0 {
        return Err(stopped_at(0));
    }
    let (first_no, first) = all[0].clone();
    let trimmed_len = |l: &Vec<char>| l.len() - l.iter().rev().take_while(|c| **c == ' ').count();
    let width = trimmed_len(&first);
    if width < 5 || (width - 1) % 4 != 0 {
        return Err(MazeError::Shape {
            line: first_no,
            message: format!(
                "a post row has 4 x columns + 1 characters (`o---o---o` for 2 columns), found {width}"
            ),
        });
    }
    let bad_count = read < 3 || read.is_multiple_of(2);
    // Stopping early is an error when the count is wrong at that point, or when maze
    // lines follow the line that stopped the reading (it sits inside the maze).
    if read < all.len() && (bad_count || all[read..].iter().any(|(_, l)| is_maze_line(l))) {
        return Err(stopped_at(read));
    }
    if bad_count {
        let (last_no, _) = all[read - 1];
        return Err(MazeError::Shape {
            line: last_no,
            message: format!(
                "a micromouse maze has 2 x rows + 1 lines, alternating post rows and cell rows, found {}",
                plural(read, "line")
            ),
        });
    }
    let mut lines = all;
    lines.truncate(read);
    let cols = (width - 1) / 4;
    let rows = (lines.len() - 1) / 2;
    let mut maze = Maze::new(rows, cols, true)?;
    let mut start = None;
    // The 1-based line and column of the start marker, for a second marker's message.
    let mut start_at: Option<(usize, usize)> = None;
    let mut goals = Vec::new();
    let mut art = Vec::with_capacity(lines.len());
    for (k, (line_no, chars)) in lines.into_iter().enumerate() {
        if trimmed_len(&chars) > width {
            return Err(MazeError::Shape {
                line: line_no,
                message: format!(
                    "expected {width} characters like line {first_no}, found {}",
                    trimmed_len(&chars)
                ),
            });
        }
        let mut chars = chars;
        chars.resize(width, ' ');
        let unexpected = |col: usize, expected, found| MazeError::Unexpected {
            line: line_no,
            column: col + 1,
            expected,
            found,
        };
        if k % 2 == 0 {
            // Post row k / 2: walls on the south side of row k / 2 - 1.
            for (x, &ch) in chars.iter().enumerate() {
                if x % 4 == 0 {
                    if ch != 'o' {
                        return Err(unexpected(x, "a post `o`", ch));
                    }
                } else {
                    let col = x / 4;
                    let segment = &chars[4 * col + 1..4 * col + 4];
                    let wall = match segment {
                        ['-', '-', '-'] => true,
                        [' ', ' ', ' '] => false,
                        _ => return Err(unexpected(x, "a wall `---` or three spaces", ch)),
                    };
                    if !wall && (k == 0 || k == 2 * rows) {
                        return Err(unexpected(x, "the closed outer wall `---`", ch));
                    }
                    if x % 4 == 1 && wall && k > 0 && k < 2 * rows {
                        maze.set_wall(Coord::new(k / 2 - 1, col), Direction::Down, true);
                    }
                }
            }
        } else {
            let row = k / 2;
            for (x, &ch) in chars.iter().enumerate() {
                match x % 4 {
                    0 if (x == 0 || x == width - 1) && ch != '|' => {
                        return Err(unexpected(x, "the closed outer wall `|`", ch));
                    }
                    0 => match ch {
                        '|' => {
                            if x > 0 && x < width - 1 {
                                maze.set_wall(Coord::new(row, x / 4 - 1), Direction::Right, true);
                            }
                        }
                        ' ' => {}
                        _ => return Err(unexpected(x, "a wall `|` or a space", ch)),
                    },
                    2 => {
                        let cell = Coord::new(row, x / 4);
                        match ch {
                            ' ' => {}
                            'S' => {
                                if let Some((first, (first_line, first_column))) =
                                    start.zip(start_at)
                                {
                                    return Err(MazeError::SecondStart {
                                        line: line_no,
                                        column: x + 1,
                                        first,
                                        first_line,
                                        first_column,
                                    });
                                }
                                start = Some(cell);
                                start_at = Some((line_no, x + 1));
                            }
                            'G' => goals.push(cell),
                            _ => {
                                return Err(unexpected(
                                    x,
                                    "a space, `S` (start) or `G` (goal) at a cell centre",
                                    ch,
                                ));
                            }
                        }
                    }
                    _ => {
                        if ch != ' ' {
                            return Err(unexpected(x, "a space beside a cell centre", ch));
                        }
                    }
                }
            }
        }
        art.push(chars);
    }
    goals.sort();
    Ok(MazeFile {
        maze,
        format: Format::Micromouse,
        start,
        goals,
        style: Style::Art(art),
    })
}

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
pub fn render(
    maze: &Maze,
    format: Format,
    json: bool,
    start: Option<Coord>,
    goals: &[Coord],
) -> Result<String, MazeError> {
    let (rows, cols) = (maze.rows(), maze.cols());
    let mut out = String::new();
    match format {
        Format::Matrix if json => {
            out.push('[');
            for row in 0..rows {
                out.push_str(if row > 0 { ",[" } else { "[" });
                for col in 0..cols {
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
        }
        Format::Matrix => out = maze.to_string(),
        Format::Ascii => {
            for row in 0..rows {
                for col in 0..cols {
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
        }
        Format::Micromouse => {
            if maze.open_cells() != rows * cols {
                return Err(MazeError::Size(
                    "the micromouse format cannot show blocked cells: every cell must be open"
                        .into(),
                ));
            }
            for row in 0..=rows {
                for col in 0..cols {
                    let wall = row == 0
                        || row == rows
                        || maze.has_wall(Coord::new(row - 1, col), Direction::Down);
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
        }
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

/// `"1 line"`, `"2 lines"`: a count and a noun that agree.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
