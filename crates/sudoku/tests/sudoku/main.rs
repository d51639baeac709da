//! The `sudoku` crate's one integration-test binary (one link on 2 cores):
//! property tests in [`properties`], every public data set in [`data_sets`], the
//! human-style techniques of `sudoku::logic` in [`logic`], and the data file helpers
//! in [`common`]. Both check every solution with the
//! independent verifier of the dev-only `verify` crate.

mod common;
mod data_sets;
mod logic;
mod properties;
