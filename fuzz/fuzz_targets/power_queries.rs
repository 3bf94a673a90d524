//! Fuzz target `power_queries`: see `fuzz_checks::power_queries` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::power_queries(data);
});
