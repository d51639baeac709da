//! Reading mazes: 0/1 matrices, ASCII art and micromouse files; writing them back; and
//! drawing a path over a maze in the style it was read in.
//!
//! One reader per format ([`matrix`], [`ascii`], [`micromouse`]), all on top of
//! [`grid_core::text`] (byte-order mark, line endings, comment lines, tokens and their
//! columns); [`render`] writes a maze back and `draw` draws a path over one.

mod ascii;
mod draw;
mod matrix;
mod micromouse;
mod read;
mod render;
#[cfg(feature = "json")]
mod strings;
mod symbols;

use grid_core::text;
use grid_core::{Coord, TextPosition};

use crate::bits::BitSet;
use crate::{Maze, MazeError};

pub use ascii::AxisLabels;
pub use read::MazeReader;
pub(crate) use read::place;
pub use render::{render, render_rows};
pub use symbols::Symbols;

/// The text formats a maze can be read from and written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A 0/1 matrix, `1` = open, `0` = blocked: JSON (`[[1,0],[1,1]]`, the LeetCode
    /// form), braces (`{{1, 0}, {1, 1}}`, the GeeksforGeeks form as printed; one line or
    /// many), whitespace-separated rows (`1 0` / `1 1`), or compact rows of `0`/`1`
    /// digits without spaces (`10` / `11`). It has no markers: the start is the top-left
    /// corner and the goal the bottom-right one, as in the puzzle's statement (nothing is
    /// [`MazeFile::defaulted`]).
    Matrix,
    /// ASCII art, one character per cell: `#` blocked; `.` or space open; `S` the start,
    /// `G` or `E` a goal (several allowed), all open. Every row has the length of the
    /// first ([`MazeError::RaggedArt`]) unless padding is asked for
    /// ([`MazeReader::pad`]; [`MazeFile::parse`] pads). Without `S` the start is the top-left corner;
    /// without `G`/`E` the goal is the bottom-right corner, with one marker as with none
    /// ([`MazeFile::start_or_default`], [`MazeFile::goals_or_default`];
    /// [`MazeFile::defaulted`] says which were defaulted). A blocked corner is then "no
    /// path"; the CLI adds a note naming the corner.
    ///
    /// A JSON grid of strings is art too, written in JSON as LeetCode 1926 and many
    /// online judges write a maze: one string a cell (`[["+","+","."],[".",".","+"]]`)
    /// or one string a row (`["#..", ".#."]`), each cell one character read with the
    /// same [`Symbols`] (`+` walls: [`Symbols::wall`]`("+")`). Its errors are placed at
    /// the string in the JSON text (a row string's at its character). A grid of
    /// booleans is refused ([`MazeError::Shape`]): `true` may mean open or blocked.
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
    /// 1. the first non-blank character is `[` or `{`: [`Format::Matrix`] (JSON or
    ///    braces);
    /// 2. the first non-blank line starts with `o`: [`Format::Micromouse`];
    /// 3. every non-blank line is made of digits, signs and whitespace, apart from comment
    ///    lines starting with `#`, and at least one such line exists: [`Format::Matrix`];
    /// 4. otherwise [`Format::Ascii`].
    ///
    /// [`MazeFile::parse`] and [`MazeReader`] need no guess for the last two: they read
    /// the 0/1 matrix and the art side by side and keep the one that fits.
    pub fn detect(text: &str) -> Format {
        let filled = || text::lines(text).filter(|l| !l.text.trim().is_empty());
        let first = filled().next().map_or("", |l| l.text);
        if first.trim_start().starts_with(['[', '{']) {
            return Format::Matrix;
        }
        if first.starts_with('o') {
            return Format::Micromouse;
        }
        let mut numeric = false;
        for line in filled() {
            if line
                .text
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '+' || c.is_whitespace())
            {
                numeric = true;
            } else if !text::is_blank_or_comment(line.text) {
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
    /// ASCII art: the open cells drawn `.` (the others are spaces) in the maze's padded
    /// layout, and the goals marked `E` (the others are `G`).
    Ascii {
        dots: BitSet,
        exits: Vec<Coord>,
    },
    /// Posts and walls drawn from the maze itself (micromouse files, whose every
    /// character follows from the walls and markers, and [`MazeFile::from_maze`]).
    Walls,
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
    /// ASCII art read with the default [`Symbols`]: the characters other than `#`, `.`,
    /// space and the markers that were read as open because a `#` came before them (a
    /// symbol grid whose walls are `#`, as Advent of Code draws them), in order of first
    /// appearance. Empty for every other file.
    pub detected_open: Vec<char>,
    /// The letters of [`MazeFile::detected_open`] that stand in one cell alone, with
    /// that cell (0-based): a marker the reader does not know (a goal written `F`,
    /// `X` or `T`) looks so. Empty for every other file.
    pub lone_letters: Vec<(char, Coord)>,
    /// ASCII art read with axis labels (column numbers above, a row number before each
    /// row), which were dropped; `None` for every other file.
    pub axis_labels: Option<AxisLabels>,
    style: Style,
}

impl MazeFile {
    /// Reads a maze in `format`, or in whichever format fits when `None` (see
    /// [`MazeReader`], which this feeds line by line). Short ASCII-art rows are padded
    /// with open cells here; read with [`MazeReader`] to refuse them.
    ///
    /// # Errors
    ///
    /// [`MazeError::Empty`] for input with no maze; [`MazeError::Matrix`] and
    /// [`MazeError::CellValue`] for a malformed matrix; [`MazeError::Unexpected`],
    /// [`MazeError::Shape`] and [`MazeError::SecondStart`] for malformed art or micromouse
    /// files (all naming the 1-based line and column); [`MazeError::NoFormat`] when
    /// several formats were tried and none fits; [`MazeError::TooLarge`].
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
        let mut reader = MazeReader::new(format).pad(true);
        for line in text::lines(text) {
            reader.push_line(line.text)?;
        }
        reader.finish()
    }

    /// The start cell: the file's `S` marker, else the format's default (see [`Format`]).
    pub fn start_or_default(&self) -> Coord {
        self.start.unwrap_or(match self.format {
            Format::Micromouse => Coord::new(self.maze.rows().saturating_sub(1), 0),
            Format::Matrix | Format::Ascii => Coord::new(0, 0),
        })
    }

    /// Which markers the file lacks, so that [`MazeFile::start_or_default`] and
    /// [`MazeFile::goals_or_default`] give its format's default cells in their place.
    ///
    /// Only ASCII art and micromouse files have markers (`S`, `G`/`E`): a missing one is
    /// defaulted (see [`Format`] for the cells). A 0/1 matrix has none to miss: its
    /// corners are the puzzle's own start and goal, so nothing is reported defaulted.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::Coord;
    /// use maze::{Defaulted, MazeFile};
    ///
    /// // ASCII art with a start marker and no goal marker: the goal is the bottom-right
    /// // corner, here blocked.
    /// let file = MazeFile::parse("S..#\n.#.#\n...#\n", None)?;
    /// assert_eq!(file.defaulted(), Defaulted { start: false, goal: true });
    /// assert_eq!(file.goals_or_default(), [Coord::new(2, 3)]);
    /// assert!(!file.maze.is_open(Coord::new(2, 3)));
    ///
    /// // A matrix: no markers, nothing defaulted.
    /// let file = MazeFile::parse("1 1\n0 1\n", None)?;
    /// assert_eq!(file.defaulted(), Defaulted::default());
    /// # Ok::<(), maze::MazeError>(())
    /// ```
    pub fn defaulted(&self) -> Defaulted {
        let marked = self.format != Format::Matrix;
        Defaulted {
            start: marked && self.start.is_none(),
            goal: marked && self.goals.is_empty(),
        }
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
}

/// The markers a [`MazeFile`] lacks, so that its format's default cells stand in for
/// them ([`MazeFile::defaulted`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Defaulted {
    /// No start marker `S`: [`MazeFile::start_or_default`] is the format's default cell
    /// (ASCII art: the top-left corner; micromouse: the south-west corner).
    pub start: bool,
    /// No goal marker `G`/`E`: [`MazeFile::goals_or_default`] are the format's default
    /// cells (ASCII art: the bottom-right corner; micromouse: the centre cells).
    pub goal: bool,
}

impl std::str::FromStr for Maze {
    type Err = MazeError;

    /// Reads a maze in any [`Format`], detected with [`Format::detect`]; markers are dropped
    /// (use [`MazeFile::parse`] to keep them).
    fn from_str(text: &str) -> Result<Maze, MazeError> {
        MazeFile::parse(text, None).map(|file| file.maze)
    }
}

/// A line of art (ASCII or micromouse) as characters, with its 1-based line number.
#[derive(Clone, Debug)]
struct ArtLine {
    number: usize,
    chars: Vec<char>,
}

impl ArtLine {
    /// The position of the 0-based character index `index` of this line.
    fn at(&self, index: usize) -> TextPosition {
        TextPosition::at(self.number, index + 1)
    }
}

/// The position of the first non-blank character of `line`, line `number`.
fn first_char(number: usize, line: &str) -> TextPosition {
    TextPosition::at(
        number,
        line.chars().take_while(|c| c.is_whitespace()).count() + 1,
    )
}

/// The start marker met so far in a file, to refuse a second one.
#[derive(Clone, Copy, Debug, Default)]
struct StartMarker(Option<(Coord, TextPosition)>);

impl StartMarker {
    /// Records the start marker of `cell` at `position`.
    ///
    /// # Errors
    ///
    /// [`MazeError::SecondStart`] when a marker was recorded before.
    fn mark(&mut self, cell: Coord, position: TextPosition) -> Result<(), MazeError> {
        if let Some((first, first_position)) = self.0 {
            return Err(MazeError::SecondStart {
                position,
                first,
                first_position,
            });
        }
        self.0 = Some((cell, position));
        Ok(())
    }

    fn cell(self) -> Option<Coord> {
        self.0.map(|(cell, _)| cell)
    }
}
