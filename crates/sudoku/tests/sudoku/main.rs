//! The `sudoku` crate's one integration-test binary (one link on 2 cores): property
//! tests in [`properties`], every input format and alphabet in [`formats`], every public
//! data set in [`data_sets`], the human-style techniques of `sudoku::logic` in
//! [`logic`], and the data file helpers in [`common`]. Solutions are checked with the
//! independent verifier of the dev-only `verify` crate.

mod canon;
mod common;
mod data_sets;
mod formats;
mod logic;
mod properties;
mod se_reference;
mod variants;
