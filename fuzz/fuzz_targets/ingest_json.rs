//! Any bytes read as a saved result: vLLM `--save-result` JSON and SGLang JSON lines.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    for path in [benchsite_fuzz::JSON, benchsite_fuzz::JSONL] {
        if let Err(e) = benchsite_fuzz::parse_anything(path, bytes) {
            panic!("{path}: {e}");
        }
    }
});
