//! The `maze` crate's one integration-test binary (one link on 2 cores). Every question is
//! checked against an independent brute force and every returned path against the
//! independent rules verifier (`verify::maze::check_path`) in [`properties`]; the published
//! examples and large mazes in [`questions`]; the formats and the micromouse contest mazes
//! of `../shared/data/maze` (against the distances their SOURCES.md lists) in [`reading`];
//! error messages and the positions they carry in [`errors`]; the breadth-first searches on
//! larger mazes against the reference search of `verify::maze` in [`distances`].

mod conventions;
mod distances;
mod errors;
mod properties;
mod questions;
mod reading;
