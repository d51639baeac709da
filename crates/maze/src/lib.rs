//! Rat in a Maze: every classic question on mazes of any size.
//!
//! A rat stands on a start cell of a rectangular maze and must reach a goal cell, moving
//! through open cells only (the GeeksforGeeks "Rat in a Maze" statement: a 0/1 matrix,
//! `1` = open, start top-left, goal bottom-right, moves `D`, `L`, `R`, `U`). This crate
//! answers, for any start, any set of goal cells and four [`MoveSet`]s (right-and-down,
//! four directions, eight directions with or without corner cutting, and the chess
//! king's eight moves of LeetCode 1091):
//!
//! - does a path exist ([`Query::path_exists`], breadth-first search);
//! - one path, as the classic 0/1 solution matrix and as a move string
//!   ([`Query::some_path`], linear-time depth-first search in a documented move order);
//! - every simple path, sorted, with a limit ([`Query::all_paths`]), or handed to a
//!   callback one at a time as each is found ([`Query::each_path`], memory independent of
//!   their number);
//! - a shortest path and its length ([`Query::shortest_path`], breadth-first search,
//!   Moore 1959);
//! - the number of paths ([`Query::count_paths`], a [`grid_core::BoundedCount`]: exact
//!   dynamic programming in `u128` for right-and-down, enumeration with a limit otherwise).
//!
//! Mazes come as open/blocked cells or with walls *between* cells (micromouse contest
//! mazes); see [`Format`] for the 0/1 matrix, ASCII-art and micromouse text formats
//! ([`Symbols`] for other open values and characters, such as LeetCode 1091's `0` = open;
//! ASCII art may carry axis labels, [`AxisLabels`]) (read
//! whole with [`MazeFile::parse`] or line by line with [`MazeReader`], which packs the rows
//! into bits as they arrive; errors carry their line and column or cell as data, see
//! [`MazeError`]), and
//! [`MazeFile::draw`] to draw a path over a maze in its own style. Storage is one bit per
//! cell with a blocked border, searches use explicit stacks and frontier vectors (nothing
//! recurses), so a 10,000 x 10,000 maze (12.5 MB) is searched with 12.5 MB (existence,
//! distance) or 37.5 MB (shortest path) more, in about two seconds.
//!
//! With the `generate` feature, [`generate_walled`] and [`generate_cells`] carve seeded
//! perfect mazes with the recursive backtracker or Wilson's algorithm (Wilson 1996; see
//! Jamis Buck, *Mazes for Programmers*, 2015), optionally with loops.
//!
//! The `json` feature (default) reads the JSON and brace matrix forms (`[[1,0],[1,1]]`,
//! `{{1,0},{1,1}}`) and pulls `serde_json`; without it they are an error that says so.
//!
//! # Coordinates
//!
//! Cells are [`grid_core::Coord`]s: **0-based, row 0 at the top**, column 0 at the left.
//! In a micromouse file row 0 is the north edge; the contests' `(x, y)` cell (x from the
//! west, y from the south) is `Coord { row: rows - 1 - y, col: x }`.
//!
//! # Example
//!
//! The GeeksforGeeks example:
//!
//! ```
//! use maze::{MazeFile, MoveSet};
//!
//! let file = MazeFile::parse("[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]", None)?;
//! let query = file.maze.query(file.start_or_default(), &file.goals_or_default(), MoveSet::Four)?;
//! assert!(query.path_exists());
//! let all: Vec<String> = query.all_paths(100).paths.iter().map(|p| p.move_string()).collect();
//! assert_eq!(all, ["DDRDRR", "DRDDRR"]);
//! let one = query.some_path().expect("a path exists");
//! assert_eq!(one.move_string(), "DDRDRR");
//! assert_eq!(one.solution_matrix(4, 4).to_string(), "1 0 0 0\n1 0 0 0\n1 1 0 0\n0 1 1 1\n");
//! # Ok::<(), maze::MazeError>(())
//! ```
//!
//! # Sources
//!
//! - GeeksforGeeks, "Rat in a Maze" (problem statement, the `D L R U` move letters and
//!   the 4 x 4 example).
//! - E. F. Moore, "The shortest path through a maze", 1959 (breadth-first search).
//! - D. B. Wilson, "Generating random spanning trees more quickly than the cover time",
//!   STOC 1996 (loop-erased random walks).
//! - J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf 2015 (recursive backtracker).
//! - micromouseonline/mazefiles (the micromouse text format).
#![deny(missing_docs)]

mod bits;
mod error;
mod format;
#[cfg(feature = "generate")]
mod generate;
mod maze;
mod search;
mod tiled;

pub use error::MazeError;

/// The longest line of maze text a reader should accept, in bytes: 32 MiB. Rows are
/// read one line at a time and packed into bits, so only one line is held as text:
/// this is a compact 0/1 row of 32 million cells, a spaced one of 16 million, or a
/// JSON or brace matrix of about 16 million cells (4,000 x 4,000) written on one
/// line. A longer line is refused when it passes this length.
pub const MAX_LINE_BYTES: usize = 32 << 20;

/// The most text of a JSON or brace matrix the reader holds, in bytes: 64 MiB. These
/// two forms are read whole ([`MazeError::TextTooLarge`] past this), which is about 32
/// million cells (5,600 x 5,600) written compactly; larger mazes are read from 0/1
/// rows, micromouse files or ASCII art, which stream (up to 4,294,967,295 cells).
pub const MAX_MATRIX_TEXT_BYTES: usize = 64 << 20;

/// The most blank text (in bytes, line endings counted) read before a maze's first
/// row: past it the reader refuses the input ([`MazeError::BlankText`]), so that an
/// endless stream of blank lines ends at once. A maze file's leading blank lines are
/// far shorter.
pub const MAX_LEADING_BLANK_BYTES: usize = 1 << 20;
pub use format::{
    AxisLabels, Defaulted, Format, MazeFile, MazeReader, Symbols, render, render_rows,
};
#[cfg(feature = "generate")]
pub use generate::{Algorithm, GenerateOptions, generate_cells, generate_walled};
pub use maze::{Maze, MoveSet};
pub use search::{Path, Paths, Query};
