//! MindIE's `benchmark` tool: its performance table (TTFT, decode step as ITL, generate time
//! as end-to-end latency, with their statistics) and its common table (duration, requests,
//! concurrency, model, rates) make one run. Before this reader they gave no run, only a
//! `results-not-read` warning.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture};
use serde_json::json;

const SAMPLES: [(&str, &str); 2] = [("mindie-benchmark/two_runs_sampling_on_off.md", "raw/mindie.md"), ("mindie-benchmark/qwq32b_gsm8k_conc10_zh.md", "raw/mindie_qwq.md")];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 53);
}

/// Two runs, each a pair of tables, under `## DoSampling True` and `## DoSampling False`.
#[test]
fn each_pair_of_tables_is_a_run() {
    let text = fixture("mindie-benchmark/two_runs_sampling_on_off.md");
    let run = |line: u32, ttft: f64, itl_p99: f64, duration: f64, out: f64| {
        vec![
            ("/format", json!("mindie-benchmark")),
            ("/framework", json!("mindie")),
            ("/model", json!("deepseek-v3")),
            ("/source/line", json!(line)),
            ("/scenario/max_concurrency", json!(128)),
            ("/scenario/num_prompts", json!(1)),
            ("/metrics/completed", json!(1)),
            ("/metrics/failed", json!(0)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/metrics/itl_ms/p99", json!(itl_p99)),
            ("/metrics/duration_s", json!(duration)),
            ("/metrics/output_throughput", json!(out)),
        ]
    };
    let findings = check("raw/mindie.md", &text, &[&run(6, 394.7728, 226.8792, 9.5827, 5.3221), &run(54, 425.2379, 228.1467, 10.7436, 5.2124)]);
    assert!(findings.is_empty(), "{findings:?}");
    // Queue waits in μs are kept as printed, under their name and unit.
    let out = parse_file("raw/mindie.md", &text, None);
    assert_eq!(out.runs[0].metrics.extra.get("mindie QueueWaitTime mean (μs)").copied(), Some(162.8431), "{:?}", out.runs[0].metrics.extra.keys().collect::<Vec<_>>());
}

/// An older release's common table (`GenerateSpeed`, no input or total rate), in a Chinese
/// report: 8792 requests at concurrency 10, a duration in seconds.
#[test]
fn an_older_common_table() {
    let text = fixture("mindie-benchmark/qwq32b_gsm8k_conc10_zh.md");
    let findings = check(
        "raw/mindie_qwq.md",
        &text,
        &[&[
            ("/model", json!("QwQ-32B")),
            ("/scenario/max_concurrency", json!(10)),
            ("/metrics/completed", json!(8792)),
            ("/metrics/duration_s", json!(10714.4325)),
            ("/metrics/output_throughput", json!(368.6777)),
            ("/metrics/input_throughput", json!(null)),
            ("/metrics/e2e_ms/p99", json!(14394.8389)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}
