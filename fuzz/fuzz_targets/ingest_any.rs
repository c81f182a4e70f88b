//! Any bytes as any content file: the first line names the file (the fuzzer picks its folder,
//! name and extension, so every reader of the registry is reached), the rest is read through
//! the CLI's entry point and the browser's parser, which must agree.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Err(e) = benchsite_fuzz::any_file(bytes) {
        panic!("{e}");
    }
});
