//! What a search found: the engines, the work done, bounded counts and verdicts.

use grid_core::BoundedCount;

use crate::Sudoku;

/// Which solver to run (see the crate docs for their design).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// The dedicated bitboard solver for 9 x 9, the general one otherwise.
    #[default]
    Auto,
    /// Always the general bit-mask solver (used in tests to cross-check the 9 x 9 one).
    General,
}

/// Work done by a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Values tried at branch points (cells where propagation left several
    /// candidates). 0 means the puzzle was solved by propagation alone, without guessing.
    pub guesses: u64,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct SearchResult {
    pub(crate) count: u64,
    pub(crate) first: Option<Vec<u8>>,
    pub(crate) stats: SolveStats,
}

/// What a bounded search found: see [`Sudoku::analyse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Solutions found, at most the limit asked for, and whether that is all of them
    /// (`exact`: the search finished below the limit).
    pub count: BoundedCount,
    /// The first solution found (in the search's order), if any.
    pub first: Option<Sudoku>,
    /// Work done.
    pub stats: SolveStats,
}

/// The outcome of a puzzle with consistent givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No way to fill the grid.
    NoSolution,
    /// Exactly one solution.
    Unique(Sudoku),
    /// More than one solution.
    Multiple {
        /// Solutions counted (at least 2; at most the limit of the search), and
        /// whether that is the exact number of solutions.
        count: BoundedCount,
        /// One of the solutions.
        example: Sudoku,
    },
}

impl Analysis {
    /// The outcome; a search limited to one solution cannot tell unique from several
    /// and reports a found solution as unique.
    pub fn verdict(self) -> Verdict {
        match (self.count.count, self.first) {
            (_, None) => Verdict::NoSolution,
            (1, Some(s)) => Verdict::Unique(s),
            (_, Some(example)) => Verdict::Multiple {
                count: self.count,
                example,
            },
        }
    }
}
