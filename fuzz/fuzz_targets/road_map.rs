//! Fuzz target `road_map`: see `fuzz_checks::road_map` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz_checks::road_map(data);
});
