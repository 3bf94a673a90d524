//! Fuzz target `maze_grid`: see `fuzz_checks::maze_grid` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::maze_grid(data);
});
