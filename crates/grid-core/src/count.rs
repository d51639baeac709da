//! A count that may have stopped at a limit.

use std::fmt;

/// The result of counting with a limit: `count` things were found, and `exact` says
/// whether that is all of them (`false`: the search stopped at the limit, so there are
/// at least `count`).
///
/// Every bounded count of the gridsolve crates (Sudoku solutions, maze paths, N-Queens
/// completions) is one of these, so a script reads the same two fields everywhere.
/// `Display` writes the count, with `+` when it is a lower bound.
///
/// # Examples
///
/// ```
/// use grid_core::BoundedCount;
/// assert_eq!(BoundedCount::exact(2).to_string(), "2");
/// assert_eq!(BoundedCount::at_least(1000).to_string(), "1000+");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoundedCount {
    /// How many were found (all of them when `exact`, else a lower bound).
    pub count: u128,
    /// Whether `count` is the whole count (`false`: the limit was reached first).
    pub exact: bool,
}

impl BoundedCount {
    /// A count that is complete.
    pub const fn exact(count: u128) -> Self {
        BoundedCount { count, exact: true }
    }

    /// A count that stopped at a limit: there are at least `count`.
    pub const fn at_least(count: u128) -> Self {
        BoundedCount {
            count,
            exact: false,
        }
    }

    /// The count of a search that found `found` things and stopped when it reached
    /// `limit`: exact when `found < limit`.
    pub fn with_limit(found: u128, limit: u128) -> Self {
        BoundedCount {
            count: found,
            exact: found < limit,
        }
    }
}

impl fmt::Display for BoundedCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            write!(f, "{}", self.count)
        } else {
            write!(f, "{}+", self.count)
        }
    }
}
