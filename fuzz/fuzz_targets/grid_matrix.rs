//! libFuzzer target: see `invariants::grid_matrix` for what must hold for every input.
#![no_main]

#[path = "../../crates/cli/tests/cli/invariants.rs"]
mod invariants;

libfuzzer_sys::fuzz_target!(|data: &[u8]| invariants::grid_matrix(data));
