//! Any bytes read as a raw benchmark log (`raw/*.log`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Err(e) = benchsite_fuzz::parse_anything(benchsite_fuzz::LOG, bytes) {
        panic!("{e}");
    }
});
