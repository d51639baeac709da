//! What every verb that reads mazes is given: the maze files and the question's setting
//! ([`MazeInput`]: start, goals, move set, input format) and the long help about the
//! input formats.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use grid_core::Coord;
use maze::{Format as MazeFormat, MoveSet, Symbols};

use crate::args::JobsArg;

/// The long help of every verb that reads mazes.
pub(super) const INPUT_HELP: &str = "\
Input formats (detected automatically; force one with --input-format):

  matrix      0/1 rows, 1 = open, 0 = blocked; JSON, braces (GeeksforGeeks),
              whitespace- or comma-separated (CSV), or compact digits:
                [[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]
              or
                {{1, 0, 0, 0}, {1, 1, 0, 1}, {1, 1, 0, 0}, {0, 1, 1, 1}}
              or
                1 0 0 0
                1 1 0 1
                1 1 0 0
                0 1 1 1
              Start top-left, goal bottom-right. --open 0 reads grids where 0 is
              open and every other value blocked: LeetCode 1091's 0/1 grids,
              GeeksforGeeks' -1/0 grids.
  ascii       one character per cell: # blocked, . or space open, S start,
              G or E goal (several allowed):
                #S####
                #..#.#
                ##...G
              Without S the start is the top-left cell, without G the
              bottom-right one (when that cell is blocked the answer is no
              path, and a note says why). Every row is as long as the first;
              --pad fills short rows with open cells. Other symbols: --wall '#'
              (those blocked, the rest open) or --open '.o' (those open, the
              rest blocked); after a # other characters are read as open, with
              a note. Axis labels (column numbers above, row numbers from 0 or
              1 before each row, as Advent of Code grids are often printed) are
              dropped, with a note:
                   0123
                 0 #S.#
                 1 #..G
              A JSON grid of strings is art too, one string a cell (LeetCode
              1926, with --wall +) or one string a row (Python's and NumPy's
              print of one too), errors placed at the string:
                [[\"+\",\"+\",\".\"],[\".\",\".\",\"+\"]]
                [\"#S.#\", \"#..G\"]
              A grid of booleans is refused (is true open or blocked?): write
              1/0 or strings.
  micromouse  walls between cells (micromouseonline/mazefiles): posts o,
              walls --- and |, S and G at cell centres:
                o---o---o
                | S     |
                o   o---o
                |     G |
                o---o---o
              Without S the start is the south-west corner, without G the
              centre cells.

Without --input-format, a text that is neither JSON/braces nor micromouse is read
as a 0/1 matrix and as ASCII art at once; when neither fits, the error names
each format tried and where and why it stopped. Files are read line by line (a
huge 0/1 or ASCII maze is never held as text). One maze per file: a blank line
between two rows is an error, so two mazes written one after the other are not
read as one taller maze.

Limits: a line of at most 32 MiB; a JSON or brace matrix, read whole, of at most
64 MiB (about 32 million cells); 0/1 rows, ASCII art and micromouse files stream, up
to 4,294,967,295 cells with a 1-cell border. A longer line or matrix, more than
1 MiB of blank lines before the first row, or a control byte (NUL, ESC, ...: binary
data), stops reading at once with one error.

Cells are 0-based (row, column), row 0 at the top. Paths never visit a cell twice
and end at the first goal cell they reach. Moves are D (down), L (left), R (right),
U (up), and with --moves eight or king also DL, DR, UL, UR (eight: a diagonal
needs both L-shaped routes open, or one with --cut-corners; king: only its target
cell, so it may pass between two blocked cells, as in LeetCode 1091). A blocked
start or goal is no path, with a note naming the cell. Paths are ordered move by
move in that order, D < L < R < U < DL < DR < UL < UR (not letter by letter:
with eight moves `R DR` comes before `DR R`).

Exit status: 0 answered, 1 no path, 2 bad input or usage, 130 when Ctrl-C stopped `paths` or
`count` (what was found so far is written, marked interrupted).";

/// The maze files and the question's setting, shared by every verb that reads mazes.
#[derive(Debug, Args)]
pub(super) struct MazeInput {
    /// Maze files, answered in order; standard input when none is given or for `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The input format; detected from the text when omitted.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<InputFormat>,
    /// ASCII art: pad rows shorter than the widest with open cells (without it a row of
    /// another length than the first is an error naming its line).
    #[arg(long)]
    pub pad: bool,
    /// The move set. The default, four, is the GeeksforGeeks statement's D, L, R, U.
    #[arg(long, value_enum, default_value_t = Moves::Four)]
    pub moves: Moves,
    /// The open symbols: matrix values (comma-separated; every other value is then
    /// blocked) or ASCII-art characters (every other character blocked). Default: 1 in a
    /// matrix; `.` and space in art. `--open 0` reads LeetCode 1091 and GeeksforGeeks
    /// -1/0 grids.
    #[arg(long, value_name = "SYMBOLS", allow_hyphen_values = true, value_parser = non_empty)]
    pub open: Option<String>,
    /// ASCII art: the wall characters (every other character open; S, G, E stay
    /// markers). Default: `#`.
    #[arg(long, value_name = "CHARS", value_parser = non_empty)]
    pub wall: Option<String>,
    /// With --moves eight: let a diagonal move pass one blocked corner (never squeezing
    /// between two).
    #[arg(long)]
    pub cut_corners: bool,
    /// Start cell as ROW,COL (0-based); default: the file's S marker or its format's
    /// default corner.
    #[arg(long, value_name = "R,C", value_parser = parse_cell, allow_hyphen_values = true)]
    pub start: Option<Coord>,
    /// Goal cell as ROW,COL (0-based); repeat for a set of goal cells. Default: the file's
    /// G/E markers or its format's default.
    #[arg(long = "goal", value_name = "R,C", value_parser = parse_cell, allow_hyphen_values = true)]
    pub goals: Vec<Coord>,
    // `--jobs`: files answered at once (each one by one thread); the answers are written
    // in the order of the files whatever it is.
    #[command(flatten)]
    pub jobs: JobsArg,
}

impl MazeInput {
    /// The library's move set for `--moves` and `--cut-corners`.
    pub fn move_set(&self) -> MoveSet {
        match self.moves {
            Moves::RightDown => MoveSet::RightDown,
            Moves::Four => MoveSet::Four,
            Moves::Eight => MoveSet::Eight {
                cut_corners: self.cut_corners,
            },
            Moves::King => MoveSet::King,
        }
    }

    /// Notes for flags that the other flags leave without effect, said once before any
    /// maze is read: `--cut-corners` without `--moves eight`, `--pad` on a format other
    /// than ASCII art.
    pub fn unused_flag_notes(&self) -> Vec<&'static str> {
        let mut notes = Vec::new();
        if self.cut_corners && self.moves != Moves::Eight {
            notes.push(
                "note: --cut-corners has no effect without --moves eight (it lets a diagonal \
                 move pass one blocked corner)",
            );
        }
        if self.pad && matches!(self.input_format, Some(f) if f != InputFormat::Ascii) {
            notes.push("note: --pad has no effect on this --input-format (it pads ASCII-art rows)");
        }
        notes
    }

    /// The library's symbols for `--open` and `--wall`.
    pub fn symbols(&self) -> Symbols {
        let open = self.open.as_deref().map(Symbols::open).unwrap_or_default();
        match self.wall.as_deref() {
            Some(wall) => open.with_walls(Symbols::wall(wall)),
            None => open,
        }
    }
}

/// `--input-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum InputFormat {
    /// 0/1 matrix, JSON or whitespace rows (1 = open).
    Matrix,
    /// ASCII art: # blocked, . or space open, S start, G/E goal.
    Ascii,
    /// Micromouse maze file: walls between cells.
    Micromouse,
}

impl From<InputFormat> for MazeFormat {
    fn from(f: InputFormat) -> MazeFormat {
        match f {
            InputFormat::Matrix => MazeFormat::Matrix,
            InputFormat::Ascii => MazeFormat::Ascii,
            InputFormat::Micromouse => MazeFormat::Micromouse,
        }
    }
}

/// `--moves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Moves {
    /// Right and down only.
    RightDown,
    /// Down, left, right, up.
    Four,
    /// The four directions plus the diagonals DL, DR, UL, UR; a diagonal never brushes a
    /// blocked corner (one with --cut-corners).
    Eight,
    /// The eight moves of a chess king: a diagonal needs only its target open, so it may
    /// pass between two blocked cells (LeetCode 1091).
    King,
}

/// A value for `--open` or `--wall`: not empty.
fn non_empty(text: &str) -> Result<String, String> {
    if text.is_empty() {
        Err("expected at least one symbol, found none".to_owned())
    } else {
        Ok(text.to_owned())
    }
}

/// Reads `ROW,COL` (0-based) for `--start` and `--goal`.
fn parse_cell(text: &str) -> Result<Coord, String> {
    let (r, c) = text.split_once(',').ok_or_else(|| {
        format!(
            "expected ROW,COL such as 0,3, found {}",
            grid_core::text::quote(text)
        )
    })?;
    let num = |s: &str| {
        s.trim().parse::<usize>().map_err(|_| {
            format!(
                "expected ROW,COL of non-negative integers, found {}",
                grid_core::text::quote(text)
            )
        })
    };
    Ok(Coord::new(num(r)?, num(c)?))
}
