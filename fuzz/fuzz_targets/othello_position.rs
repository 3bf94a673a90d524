//! Fuzz target `othello_position`: see `fuzz_checks::othello_position` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::othello_position(data);
});
