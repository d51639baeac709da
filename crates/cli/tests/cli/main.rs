//! End-to-end tests of the `gridsolve` binary: golden fixtures plus per-puzzle checks.
//!
//! One integration-test binary for the whole CLI keeps link time down on 2 cores.

mod fixtures;
#[allow(dead_code)] // TEMPORARY: used by the puzzle test modules as they are merged in
mod harness;
mod maze;
