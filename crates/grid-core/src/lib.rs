//! Shared coordinate and board types for the gridsolve puzzle crates.
//!
//! `grid-core` knows no puzzle rules. It provides:
//!
//! - [`Coord`]: a named `(row, col)` cell position, **0-based, row 0 at the top**,
//!   column 0 at the left. Never a bare tuple, so `(x, y)` and `(row, col)` cannot be mixed up.
//! - [`Direction`]: the eight compass moves with their row/column deltas and the
//!   conventional letters `D`, `L`, `R`, `U` for the four cardinal ones.
//! - [`Grid`]: a dense, row-major `rows x cols` grid. [`Grid::get`] returns `Option`;
//!   indexing with `grid[coord]` panics when out of bounds, like slices.
//! - [`parse_matrix`]: integer matrices from the JSON form used by LeetCode and
//!   GeeksforGeeks (`[[1,0],[0,1]]`), the brace form of C-family array literals that
//!   GeeksforGeeks prints (`{{1, 0}, {0, 1}}`), or whitespace-separated rows, with a
//!   [`ParseError`] that names the line and column (both **1-based**, as editors show them).
//! - [`TextPosition`] and the [`Positioned`] trait: every error of the gridsolve crates
//!   carries its place in the input (text line and column, or a cell) as data, and its
//!   `Display` is the message alone.
//! - [`text`]: the one reader of puzzle text (byte-order mark, line endings, blank and
//!   `#` comment lines, tokens with their columns) that every crate uses: the
//!   [`text::LineReader`] protocol every puzzle's reader implements, fed by
//!   [`text::LineSource`] from any `BufRead`.
//! - `JsonText` (feature `json`): the one JSON reader (serde), whose values keep their
//!   line and column; `JsonText::rows` reads the grids of the puzzles (integer
//!   matrices, LeetCode boards).
//! - [`BoundedCount`]: a count that may have stopped at a limit (`count`, `exact`).
//! - [`SplitMix64`]: the small seeded generator behind seeded searches and generated
//!   boards.
//!
//! # Features
//!
//! - `json` (default): the JSON and brace forms of [`parse_matrix`] and the JSON readers
//!   the puzzles share (`parse_json_matrix`, `json_error_at`), with `serde_json`. The
//!   puzzle crates that read JSON forward it as their own `json` feature; without it
//!   nothing pulls `serde_json`.
//! - `serde`: `Serialize` / `Deserialize` for [`BoundedCount`].
//!
//! # Example
//!
//! ```
//! use grid_core::{parse_matrix, Coord, Direction};
//!
//! let grid = parse_matrix("[[1, 0],\n [1, 1]]")?;
//! assert_eq!((grid.rows(), grid.cols()), (2, 2));
//! assert_eq!(grid.get(Coord::new(1, 0)), Some(&1));
//! let below = Coord::new(0, 0).step(Direction::Down, grid.rows(), grid.cols());
//! assert_eq!(below, Some(Coord::new(1, 0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod coord;
mod count;
mod grid;
#[cfg(feature = "json")]
mod json;
mod parse;
mod position;
mod splitmix;
pub mod text;

pub use coord::{Coord, Direction};
pub use count::BoundedCount;
pub use grid::{Grid, ShapeError};
#[cfg(feature = "json")]
pub use json::{
    JsonCell, JsonError, JsonField, JsonRow, JsonRows, JsonText, StringRow, StringRowsError,
    json_error_at, json_error_message, parse_brace_matrix, parse_json_matrix,
};
pub use parse::{ParseError, RowGaps, parse_matrix, parse_whitespace_matrix};
pub use position::{Positioned, TextPosition};
pub use splitmix::SplitMix64;
