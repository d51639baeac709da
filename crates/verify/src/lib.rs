//! Independent references for testing gridsolve: **dev-only**, never a dependency of a
//! library or of the `gridsolve` binary (`publish = false`).
//!
//! One module per puzzle (and one for grid-core's matrix parser), each with two parts:
//!
//! - a **rules verifier** (`check_*`), written from the puzzle's rules alone. It reads
//!   the puzzle only through plain data (cell values, columns, squares and jumps, open
//!   cells and walls) and never calls the solver's own move, attack or unit code, so a
//!   solver bug cannot hide behind the same bug in its checker. It returns `Err` with a
//!   description of the first violation.
//! - an **any-input invariant checker** (`invariants`): arbitrary bytes in, a panic when
//!   an invariant breaks (parse what parses, answer it, check the answers against each
//!   other and against the rules verifier). Returning normally means the input was either
//!   rejected with an error or answered consistently.
//!
//! The invariant checkers are run three ways: as proptest properties and as replays of the
//! minimized libFuzzer corpus in `fuzz/corpus/` by the CLI's integration tests
//! (`crates/cli/tests/cli/robustness.rs`), and as the libFuzzer targets in `fuzz/`
//! (a Cargo workspace of its own). A crash found by the fuzzer is therefore a stable test
//! failure as soon as its input is added to the corpus.
//!
//! # Examples
//!
//! ```
//! // Norvig's grid1 and its solution, on a 9 x 9 grid of 3 x 3 boxes.
//! let solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
//! let givens = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! verify::sudoku::check_solution_text(givens, solution, 3, 3)?;
//! assert!(verify::queens::check_solution(&[1, 3, 0, 2]).is_ok());
//! assert!(verify::queens::check_solution(&[0, 1, 2, 3]).is_err());
//! # Ok::<(), String>(())
//! ```

#![deny(missing_docs)]

pub mod grid;
pub mod ladders;
pub mod maze;
pub mod queens;
pub mod sudoku;

/// The input as text, or `None` for bytes that are not UTF-8 (every parser takes `&str`).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}
