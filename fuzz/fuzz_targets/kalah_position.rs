//! Fuzz target `kalah_position`: see `fuzz_checks::kalah_position` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::kalah_position(data);
});
