//! Fuzz target `power_grid`: see `fuzz_checks::power_grid` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::power_grid(data);
});
