//! libFuzzer target: see `verify::grid::invariants` for what must hold for every input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| verify::grid::invariants(data));
