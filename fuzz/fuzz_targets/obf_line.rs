//! Fuzz target `obf_line`: see `fuzz_checks::obf_line` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::obf_line(data);
});
