//! Fuzz target `nqueens_sizes`: see `fuzz_checks::nqueens_sizes` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::nqueens_sizes(data);
});
