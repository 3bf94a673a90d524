//! Fuzz target `connect4_game`: see `fuzz_checks::connect4_game` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::connect4_game(data);
});
