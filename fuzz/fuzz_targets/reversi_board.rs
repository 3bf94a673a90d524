//! Fuzz target `reversi_board`: see `fuzz_checks::reversi_board` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::reversi_board(data);
});
