//! sgl-project genai-bench's per-run result JSON: the run's totals over its duration, the
//! per-request statistics of TTFT, TPOT and end-to-end latency in the file's `_time_unit`,
//! a deterministic scenario's lengths, the concurrency; every number on its line.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::{json, Value};

/// GLM-4.6 behind an API at concurrency 1, `D(100,100)`: a run (it had been
/// `results-not-read`), latencies in seconds converted to ms, the token sums its totals.
#[test]
fn a_concurrency_run_in_seconds() {
    let text = fixture("genai-bench/d100_100_concurrency_1_glm46.json");
    let findings = check(
        "raw/genai_bench.json",
        &text,
        &[&[
            ("/format", json!("genai-bench")),
            ("/model", Value::Null),
            ("/framework", Value::Null),
            ("/scenario/max_concurrency", json!(1)),
            ("/scenario/input_len", json!(100)),
            ("/scenario/output_len", json!(100)),
            ("/metrics/duration_s", json!(58.08198849999826)),
            ("/metrics/output_throughput", json!(86.0852069484527)),
            ("/metrics/input_throughput", json!(91.25031936535986)),
            ("/metrics/total_throughput", json!(177.33552631381255)),
            ("/metrics/request_throughput", json!(0.860852069484527)),
            ("/metrics/completed", json!(50)),
            ("/metrics/failed", json!(0)),
            ("/metrics/total_input_tokens", json!(5300)),
            ("/metrics/total_output_tokens", json!(5000)),
            ("/metrics/ttft_ms/mean", json!(280.79207424)),
            ("/metrics/ttft_ms/p99", json!(607.38103275)),
            ("/metrics/ttft_ms/std", json!(90.647897646)),
            ("/metrics/tpot_ms/p50", json!(8.330418136)),
            ("/metrics/e2e_ms/p99", json!(1901.420786921)),
            ("/metrics/extra/genai-bench output_inference_speed mean", json!(119.34582570701448)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/genai_bench.json", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    let run = &out.runs[0];
    assert!(run.source.lines["metrics.ttft_ms.p99"] > run.source.line);
    // A sum of latencies is no statistic of one.
    assert_eq!(run.metrics.ttft_ms.as_ref().and_then(|l| l.get("sum")), None);
}

/// Cut anywhere, the file gives no panic; a cut inside the JSON is reported, not read.
#[test]
fn every_cut_is_survived() {
    let text = fixture("genai-bench/d100_100_concurrency_1_glm46.json");
    for (i, _) in text.char_indices().step_by(97) {
        let out = parse_file("raw/genai_bench.json", &text[..i], None);
        assert!(out.runs.len() <= 1);
    }
}
