//! Any markdown rendered as a doc: no panic, nothing active, nothing posing as the site.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(text) = std::str::from_utf8(bytes) {
        if let Err(e) = benchsite_fuzz::docs_are_inert(text) {
            panic!("{e}");
        }
    }
});
