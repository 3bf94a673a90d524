//! Fuzz target `maze_graph`: see `fuzz_checks::maze_graph` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::maze_graph(data);
});
