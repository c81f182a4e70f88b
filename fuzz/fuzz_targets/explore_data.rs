//! The explorer's data (`data/explore/`): the runs of any log written and read back as they
//! were; with edits to the written text, the viewer's hand-written decoder refuses or reads it
//! and never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Err(e) = benchsite_fuzz::explore_data(bytes) {
        panic!("{e}");
    }
});
