//! Fuzz target `heuristic`: see `fuzz_checks::heuristic` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::heuristic(data);
});
