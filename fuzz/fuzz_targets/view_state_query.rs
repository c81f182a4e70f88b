//! Any query string: `to_query(from_query(x))` reads back as the same view.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(query) = std::str::from_utf8(bytes) {
        if let Err(e) = benchsite_fuzz::query_round_trips(query) {
            panic!("{e}");
        }
    }
});
