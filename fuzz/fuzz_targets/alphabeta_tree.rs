//! Fuzz target `alphabeta_tree`: see `fuzz_checks::alphabeta_tree` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::alphabeta_tree(data);
});
