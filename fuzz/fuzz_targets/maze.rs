//! libFuzzer target: see `verify::maze::invariants` for what must hold for every input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| verify::maze::invariants(data));
