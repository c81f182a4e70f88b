//! Work that must grow with the input and no faster. Speed itself is measured by the
//! benchmark (`cargo bench -p benchsite-ingest --bench parse`, the `synthetic` group); these
//! tests bound the work structurally, so they cannot be flaky: the JSON reader examines each
//! byte a bounded number of times, whatever the shape.

#[path = "../benches/synthetic/mod.rs"]
mod synthetic;

use benchsite_ingest::json;
use benchsite_ingest::parse_file;

/// Bytes the JSON reader examines per input byte, at most (each byte once, digits twice).
const STEPS_PER_BYTE: usize = 2;

fn steps(text: &str) -> usize {
    let (parsed, steps) = json::parse_counted(text);
    assert!(matches!(parsed, json::Parsed::Objects(ref o) if !o.is_empty()), "not read as JSON objects");
    steps
}

#[test]
fn one_megabyte_json_parses_in_linear_time() {
    for bytes in [1 << 20, 4 << 20] {
        for (shape, text) in [("wide object", synthetic::wide_json(bytes)), ("pretty array", synthetic::pretty_array(bytes))] {
            let n = steps(&text);
            assert!(n <= STEPS_PER_BYTE * text.len(), "{shape} of {} bytes took {n} steps", text.len());
        }
    }
    // And the values of the wide object still point to their own lines.
    let text = synthetic::wide_json(1 << 20);
    let out = parse_file("raw/wide.json", &text, None);
    let run = &out.runs[0];
    let line_of = |key: &str| text.lines().position(|l| l.trim_start().starts_with(&format!("\"{key}\""))).map(|i| i as u32 + 1);
    assert_eq!(run.source.lines.get("metrics.completed").copied(), line_of("completed"));
    assert_eq!(run.source.lines.get("metrics.extra.custom metric 0012345").copied(), line_of("custom_metric_0012345"));
    assert_eq!(run.source.lines.get("metrics.ttft_ms.mean").copied(), line_of("mean_ttft_ms"));
}
