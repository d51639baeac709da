//! The `sudoku` crate's one integration-test binary (one link on 2 cores):
//! property tests in [`properties`], every public data set in [`data_sets`], and the
//! independent verifier both use in [`common`].

mod common;
mod data_sets;
mod formats;
mod properties;
