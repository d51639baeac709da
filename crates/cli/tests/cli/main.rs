//! End-to-end tests of the `gridsolve` binary: golden fixtures plus per-puzzle checks.
//!
//! One integration-test binary for the whole CLI keeps link time down on 2 cores.

mod bad_input;
mod csv;
mod fixtures;
mod harness;
mod interruption;
mod ladders;
mod ladders_batch;
mod limits;
mod maze;
mod pictures;
mod queens;
mod readme;
mod robustness;
mod shell;
mod streaming;
mod sudoku;
