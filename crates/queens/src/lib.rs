//! The N-Queens puzzle: place `n` queens on an `n x n` board so that no two share a row,
//! a column or a diagonal.
//!
//! What this crate does, and how:
//!
//! - **Count** ([`count`]): the total number of solutions (OEIS [A000170]) and the number
//!   of fundamental solutions, one per class under the 8 symmetries of the square
//!   (the dihedral group D4; OEIS [A002562]), in one run. The search is bitboard
//!   backtracking (one machine word per row for the attacked columns and the two diagonal
//!   directions, as in Martin Richards' 1997 bit-parallel program and Jeff Somers' widely
//!   used C program) with an explicit stack instead of recursion. From n = 4 symmetry is
//!   used through *constellations*, as in the Q27 project and Ingo Schäfer's counter: the
//!   queens in the first and last rows and columns are placed first, one representative
//!   per class under the 8 symmetries of the square (the dihedral group D4) with the size
//!   of its class, and the inner board is completed by the backtracking; the fundamental
//!   count follows by Burnside's lemma from the total and the (few) solutions that a half
//!   or quarter turn fixes, counted by a separate small search. Boards with n < 4 have no
//!   constellation and are answered directly; the tests' independent reference is Kenji
//!   Takaki's corner / edge counter, in the dev-only `verify` crate. Counts are `u128`;
//!   `n` is limited to [`MAX_COUNT_N`] = 32 because each row is a 32-bit word (and no
//!   count beyond n = 27 is even known; see [`QueensError::TooLargeToCount`]), which
//!   [`check_count_size`] checks without counting. [`count_with`] takes
//!   [`CountOptions`]: one shard of a split count, the parallel count, a progress callback;
//!   [`count_until`] also takes a stop flag (`&AtomicBool`, checked between searches) and
//!   returns what the searches run so far found when it is set ([`Counted`]).
//! - **Count in parallel** (feature `parallel`, off by default): `CountOptions::parallel`
//!   runs the constellations' searches (hundreds, biggest first) as independent tasks on
//!   the current rayon pool and lets work stealing balance their uneven sizes. Same
//!   answers as [`count`].
//! - **Enumerate** ([`Solutions`]): a streaming iterator over every solution in
//!   lexicographic order of the column list, holding only one search stack in memory.
//!   [`FundamentalSolutions`] yields one representative per symmetry class: the
//!   lexicographically smallest member of the class. With `parallel`,
//!   `ParallelSolutions` gives exactly the same sequence, computed by many threads.
//! - **One solution for huge n** ([`construct`]): the explicit construction of Hoffman,
//!   Loessi and Moore (1969) for every `n >= 4` (and `n = 1`) in O(n) time, and an O(n)
//!   verifier, [`is_solution`].
//! - **Split a count** ([`CountOptions::shard`], [`Shard`], written `"2/7"`): the `i`-th
//!   of `k` disjoint parts of the constellations counter's searches, balanced by a
//!   shallow estimate of each search's work, for running one count on several machines;
//!   [`merge`] reads the `k` partial counts back ([`PartialCount`], whose `Display` is the
//!   line a shard's output holds; JSON too with the feature `json`), checks them (every
//!   shard once, one count, one split, plausible numbers) and adds them up to [`count`].
//! - **Complete a partial board** ([`PartialBoard`]): some queens already placed, some
//!   squares blocked. Gent, Jefferson and Nightingale (2017) proved this NP-complete.
//!   [`PartialBoard::find_completion`] finds one completion of a board of any size
//!   within a budget of steps ([`Completion`]): the construction with the pre-placed
//!   queens swapped in when that fits, else backtracking (which also proves that none
//!   exists, up to n = 64) raced with a seeded min-conflicts local search (Sosič and Gu,
//!   1994); so it is some completion, not necessarily the lexicographically first. The
//!   lexicographically first completion ([`PartialBoard::first_completion`]) and counts
//!   up to a limit ([`grid_core::BoundedCount`]) are plain backtracking (n <= 64).
//!   Pre-placed queens that attack each other are bad input ([`QueensError::Attacking`]).
//!
//! # Conventions
//!
//! A solution is a column list: `columns[row]` is the column of the queen in `row`. Rows and
//! columns are **0-based** in the API (row 0 at the top, column 0 at the left); a square is
//! a [`grid_core::Coord`]. Text that people read (error messages, board files) counts rows
//! and columns **from 1**, and every message says so. Errors carry their place in the
//! input as data ([`grid_core::Positioned`]); their `Display` is the message alone.
//!
//! # Example
//!
//! ```
//! use queens::{count, construct, is_solution, Solutions};
//!
//! let counts = count(8)?;
//! assert_eq!((counts.total, counts.fundamental), (92, 12));
//!
//! // The lexicographically first 8-queens solution.
//! let first = Solutions::new(8)?.next();
//! assert_eq!(first, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
//!
//! // One solution for a large board in O(n).
//! let big = construct(100_000).expect("every n >= 4 has a solution");
//! assert!(is_solution(&big));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Sources
//!
//! - OEIS [A000170] (number of solutions) and [A002562] (number of fundamental solutions).
//! - E. J. Hoffman, J. C. Loessi and R. C. Moore, "Constructions for the Solution of the
//!   m Queens Problem", *Mathematics Magazine* 42(2), 1969, pp. 66-72.
//! - R. Sosič and J. Gu, "Efficient Local Search with Conflict Minimization: A Case
//!   Study of the n-Queens Problem", *IEEE Transactions on Knowledge and Data
//!   Engineering* 6(5), 1994, pp. 661-668.
//! - I. P. Gent, C. Jefferson and P. Nightingale, "Complexity of n-Queens Completion",
//!   *Journal of Artificial Intelligence Research* 59, 2017, pp. 815-848.
//! - M. Richards, "Backtracking Algorithms in MCPL using Bit Patterns and Recursion",
//!   University of Cambridge, 1997; Jeff Somers, "The N Queens Problem: a study in
//!   optimization" (the bitboard C program with mirror halving).
//! - K. Takaki's N-Queens counter (the corner / edge-distance restriction and the rotation
//!   check, the tests' reference).
//! - T. B. Preußer and M. R. Engelhardt, "Putting Queens in Carry Chains, No27", *Journal
//!   of Signal Processing Systems* 88, 2017, pp. 185-201 (the Q27 project: the border
//!   queens pre-placed up to symmetry), and Ingo Schäfer's NQueensFaf counter (the same
//!   constellations on CPUs and GPUs), for [`count`]; W. Burnside, *Theory of Groups of
//!   Finite Order*, 1897, for the fundamental count.
//!
//! [A000170]: https://oeis.org/A000170
//! [A002562]: https://oeis.org/A002562
#![deny(missing_docs)]

use grid_core::{Coord, Positioned, TextPosition};

/// The most text a partial board ([`PartialBoard`]) should be read from, in bytes:
/// 64 MiB, read whole. Enough for a board of 8,000 rows drawn with `.` and `Q`, and
/// for the one-line column form of a board of millions of rows; a longer input is
/// refused when it passes this length.
pub const MAX_BOARD_TEXT_BYTES: usize = 64 << 20;

/// The longest line of partial counts ([`Merge::add_line`]) a reader should accept, in
/// bytes: 64 KiB. A shard writes one line of under 300 bytes, text or JSON; files of
/// partial counts are read a line at a time, so a file may hold every shard's line.
pub const MAX_PARTIAL_COUNT_LINE_BYTES: usize = 64 << 10;

mod complete;
mod construct;
mod count;
mod merge;
#[cfg(feature = "parallel")]
mod parallel;
mod repair;
mod search;
mod shard;
mod symmetry;

pub use complete::{Completion, CompletionCount, MAX_MATCHING_N, Obstruction, PartialBoard};
pub use construct::{construct, is_solution};
pub use count::{
    CountOptions, Counted, Counts, MAX_COUNT_N, check_count_size, count, count_until, count_with,
};
pub use merge::{
    Implausible, Merge, MergeError, MergedCount, PUBLISHED, PartialCount, Place, merge,
};
#[cfg(feature = "parallel")]
pub use parallel::ParallelSolutions;
pub use search::{FundamentalSolutions, MAX_ENUMERATE_N, Solutions};
pub use shard::Shard;
pub use symmetry::{canonical, is_canonical, symmetry_class_size};

/// The README's examples run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Everything that can go wrong in this crate: sizes it cannot handle and malformed or
/// contradictory partial boards. A board with no solution is not an error (the functions
/// return `None` or a zero count).
///
/// Positions are data, not text: `Display` is the message alone, and
/// [`Positioned::text_position`] gives the 1-based line and column of a
/// [`QueensError::Parse`] error. Squares are [`Coord`] fields (0-based); messages name
/// them in 1-based words, `row 2, column 5`, the way people count the lines and
/// characters of a board file, so [`Positioned::cell`] is `None` for every variant (an
/// attack names two squares, and both are in the message).
///
/// # Examples
///
/// ```
/// use grid_core::{Positioned, TextPosition};
/// use queens::{PartialBoard, QueensError};
///
/// let err = "Q . .\n. K .\n. . .".parse::<PartialBoard>().unwrap_err();
/// assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
/// assert_eq!(err.to_string(), "expected `Q` (queen), `.` (empty) or `x` (blocked), found `K`");
///
/// let err = "Q . .\n. . .\n. . Q".parse::<PartialBoard>().unwrap_err();
/// assert!(matches!(err, QueensError::Attacking { .. }));
/// assert_eq!(err.text_position(), None);
/// assert_eq!(
///     err.to_string(),
///     "the queens on row 1, column 1 and row 3, column 3 attack each other along a diagonal"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QueensError {
    /// The board size is 0; the smallest board has one square.
    #[error("the board size must be at least 1, got 0")]
    Empty,
    /// `n` is larger than the counter supports.
    #[error(
        "cannot count solutions for n = {n}: the counter handles n <= {max} (one 32-bit word per row), \
         and no count beyond n = 27 is known (n = 27 took about a year of FPGA time)"
    )]
    TooLargeToCount {
        /// The board size asked for.
        n: usize,
        /// The largest supported size, [`MAX_COUNT_N`].
        max: usize,
    },
    /// `n` is larger than backtracking enumeration supports (one 64-bit word per row).
    #[error(
        "cannot enumerate solutions for n = {n}: the backtracking search handles n <= {max} \
         (one 64-bit word per row); use the construction for one solution of a larger board"
    )]
    TooLargeToSearch {
        /// The board size asked for.
        n: usize,
        /// The largest supported size, [`MAX_ENUMERATE_N`].
        max: usize,
    },
    /// The text of a partial board could not be read.
    #[error("{message}")]
    Parse {
        /// Where in the text: 1-based line and 1-based character column.
        position: TextPosition,
        /// What was found and what was expected.
        message: String,
    },
    /// A column list given as values ([`PartialBoard::from_columns`]) places a queen
    /// outside the board.
    #[error(
        "row {} has its queen in column index {col}, but the board has {} (0-based indices 0..{n})",
        .row + 1,
        grid_core::text::count_of(*.n, "column")
    )]
    QueenOffBoard {
        /// The 0-based row.
        row: usize,
        /// The 0-based column given for it, `>= n`.
        col: usize,
        /// The board size.
        n: usize,
    },
    /// A shard `index/of` of a split count outside `1..=of` (1-based), or `of = 0`.
    #[error("shard {index}/{of} does not exist: {}", shard_range(*.of))]
    InvalidShard {
        /// The 1-based index asked for.
        index: usize,
        /// The number of shards.
        of: usize,
    },
    /// A shard written as text (`I/K`, as in `2/7`) that is not two whole numbers around
    /// a `/`.
    #[error("expected I/K {}such as 3/8, found {}", if *.slash { "with whole numbers " } else { "" }, grid_core::text::quote(text))]
    ShardSyntax {
        /// The text.
        text: String,
        /// Whether it has the `/` (then a number is not a whole number).
        slash: bool,
    },
    /// A shard written as text whose number is too large for any split.
    #[error(
        "{} is too large: a count splits into at most {max} shards",
        grid_core::text::quote(number)
    )]
    ShardNumberTooLarge {
        /// The number as written.
        number: String,
        /// [`Shard::MAX_SHARDS`].
        max: usize,
    },
    /// A count split into more than [`Shard::MAX_SHARDS`] shards.
    #[error("a count splits into at most {max} shards, not {of}")]
    TooManyShards {
        /// The number of shards asked for.
        of: usize,
        /// [`Shard::MAX_SHARDS`].
        max: usize,
    },
    /// Two pre-placed queens attack each other.
    #[error(
        "the queens on {} and {} attack each other along a {line}",
        OneBased(*.first),
        OneBased(*.second)
    )]
    Attacking {
        /// The first queen (0-based, in reading order).
        first: Coord,
        /// The second queen (0-based).
        second: Coord,
        /// The line they share.
        line: AttackLine,
    },
    /// A queen was pre-placed on a blocked square.
    #[error("a queen is placed on {}, which is blocked", OneBased(*.square))]
    QueenOnBlockedSquare {
        /// The square (0-based).
        square: Coord,
    },
}

impl Positioned for QueensError {
    fn text_position(&self) -> Option<TextPosition> {
        match self {
            QueensError::Parse { position, .. } => Some(*position),
            _ => None,
        }
    }
}

/// The line along which two queens attack each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackLine {
    /// The same row.
    Row,
    /// The same column.
    Column,
    /// The same diagonal or anti-diagonal.
    Diagonal,
}

impl std::fmt::Display for AttackLine {
    /// `row`, `column` or `diagonal`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AttackLine::Row => "row",
            AttackLine::Column => "column",
            AttackLine::Diagonal => "diagonal",
        })
    }
}

/// A square in the words of messages: `row 2, column 5`, **1-based**.
struct OneBased(Coord);

impl std::fmt::Display for OneBased {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "row {}, column {}", self.0.row + 1, self.0.col + 1)
    }
}

/// The valid shard numbers of a split into `of` shards, for [`QueensError::InvalidShard`].
fn shard_range(of: usize) -> String {
    if of == 0 {
        "a count splits into at least 1 shard".to_string()
    } else {
        format!("shards are numbered from 1 to {of}")
    }
}
