//! libFuzzer target: see `verify::queens::invariants` for what must hold for every input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| verify::queens::invariants(data));
