//! AISBench (`ais_bench --mode perf`): its performance and common tables, drawn in box
//! characters, make one run of the `total` stage. Before this reader they gave no run, only
//! a `results-not-read` warning.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

/// vLLM-Ascend's quick start: 8 requests at a concurrency of 1; a P99 cell cut by a space
/// (`50 .0551 ms`) is kept as a note, not read as 50.
#[test]
fn the_two_tables_of_a_quick_start() {
    let text = fixture("ais-bench/vllm_ascend_quickstart_perf_zh.md");
    let findings = check(
        "raw/ais.md",
        &text,
        &[&[
            ("/format", json!("ais-bench")),
            ("/source/line", json!(108)),
            ("/scenario/max_concurrency", json!(1)),
            ("/scenario/num_prompts", json!(8)),
            ("/metrics/completed", json!(8)),
            ("/metrics/failed", json!(0)),
            ("/metrics/duration_s", json!(19.8978505)),
            ("/metrics/e2e_ms/p99", json!(3424.4354)),
            ("/metrics/ttft_ms/mean", json!(50.332)),
            ("/metrics/tpot_ms/median", json!(10.7495)),
            ("/metrics/output_throughput", json!(115.7835)),
            ("/metrics/total_output_tokens", json!(2299)),
            ("/notes/0/text", json!("TTFT P99: 50 .0551 ms")),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/ais.md", &text, None);
    assert!(!out.runs[0].metrics.ttft_ms.as_ref().is_some_and(|l| l.contains_key("p99")), "the cut cell read as a number");
    numbers_trace_to_their_lines(&text, &out);
    for cut in text.char_indices().map(|(i, _)| i).step_by(61) {
        numbers_trace_to_their_lines(&text[..cut], &parse_file("raw/ais.md", &text[..cut], None));
    }
}
