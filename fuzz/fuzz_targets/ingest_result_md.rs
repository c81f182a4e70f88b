//! Any bytes read as a result file (`<framework>/<GPU>_v<version>.md`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Err(e) = benchsite_fuzz::parse_anything(benchsite_fuzz::RESULT_MD, bytes) {
        panic!("{e}");
    }
});
