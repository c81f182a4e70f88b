//! Serving blocks without their `Serving Benchmark Result` banner: vLLM's `benchmark_serving.py`
//! of early 2024 printed none (JetStream's fork still prints its rows so), and summaries pasted
//! into issues and pull requests often start at `Successful requests:`. Both gave no run and a
//! `results-not-read` warning.

mod common;

use common::{check, fixture};
use serde_json::json;

const SAMPLES: [(&str, &str); 2] = [
    ("serving-text/bare_rows_jetstream_2024.log", "raw/jetstream.log"),
    ("serving-text/bare_rows_vllm_summary_pasted.log", "raw/summary.log"),
];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 26 + 23);
}

/// Two models' rows one after the other, units in the values (`29.060651 s`, `430.24
/// tokens/s`, `1274.09 ms`): a run each, the second opening at its own `Successful requests`,
/// each labelled by the `LLAMA 3:` / `LLAMA 2:` line right above it.
#[test]
fn rows_of_an_early_client_with_units_in_their_values() {
    let text = fixture("serving-text/bare_rows_jetstream_2024.log");
    let run = |line: u32, completed: u64, duration: f64, input: f64, ttft_p99: f64| {
        vec![
            ("/format", json!("serving-text")),
            ("/source/line", json!(line)),
            ("/metrics/completed", json!(completed)),
            ("/metrics/duration_s", json!(duration)),
            ("/metrics/input_throughput", json!(input)),
            ("/metrics/ttft_ms/p99", json!(ttft_p99)),
        ]
    };
    let mut first = run(4, 1780, 294.101467, 730.75, 243659.12);
    first.push(("/notes/0", json!({"line": 3, "text": "LLAMA 3"})));
    let mut second = run(19, 100, 29.060651, 430.24, 1276.27);
    second.push(("/notes/0", json!({"line": 18, "text": "LLAMA 2"})));
    let findings = check("raw/jetstream.log", &text, &[&first, &second]);
    assert_eq!(findings, ["headerless-block@4", "headerless-block@19"]);
}

/// A `vllm bench serve` summary pasted from `Successful requests:` on, its section rules kept:
/// every row read, as with its banner.
#[test]
fn a_summary_pasted_without_its_banner() {
    let text = fixture("serving-text/bare_rows_vllm_summary_pasted.log");
    let with_banner = text.replacen("Successful requests:", "============ Serving Benchmark Result ============\nSuccessful requests:", 1);
    let bare = benchsite_ingest::parse_file("raw/summary.log", &text, None);
    let bannered = benchsite_ingest::parse_file("raw/summary.log", &with_banner, None);
    assert_eq!(bare.runs.len(), 1);
    assert_eq!(serde_json::to_value(&bare.runs[0].metrics).unwrap(), serde_json::to_value(&bannered.runs[0].metrics).unwrap());
    let findings = check(
        "raw/summary.log",
        &text,
        &[&[("/source/line", json!(8)), ("/metrics/request_throughput", json!(0.03)), ("/metrics/itl_ms/p99", json!(4508.9)), ("/scenario/request_rate", json!(10.0))]],
    );
    assert_eq!(findings, ["headerless-block@8"]);
}

/// Rows that only look like a block's beginning are no run: a count without any throughput or
/// latency, a short list, prose going on after the count.
#[test]
fn a_lone_count_is_no_block() {
    for text in [
        "Successful requests: 3\nFailed requests: 0\n",
        "Successful requests: 3\nMean TTFT (ms): 20\n",
        "Successful requests: 3\nsome prose follows here\nMean TTFT (ms): 20\nMedian TTFT (ms): 21\nP99 TTFT (ms): 22\n",
    ] {
        let out = benchsite_ingest::parse_file("raw/x.log", text, None);
        assert!(out.runs.is_empty(), "{text}: {:?}", out.runs);
    }
}

/// A load tester's blocks under vLLM's banner, a timestamp before each line, with no closing
/// rule: the statistic after the unit (`End to End Latency (ms) p90`), the mean of a rate
/// (`Prompt throughput (tokens/second) avg`) the run's input rate, `Benchmark Duration (sec)`;
/// the next banner ends a block without a `partial-block` warning (the tool prints no rule).
#[test]
fn a_load_testers_blocks_with_statistics_after_their_units() {
    let text = fixture("serving-text/load_tester_stat_after_unit_timestamped.md");
    let run = |line: u32, duration: f64, input: f64, p50: f64| {
        vec![
            ("/source/line", json!(line)),
            ("/metrics/duration_s", json!(duration)),
            ("/metrics/input_throughput", json!(input)),
            ("/metrics/e2e_ms/p50", json!(p50)),
        ]
    };
    let findings = check("raw/trtllm_1938.md", &text, &[&run(7, 120.18, 32.751, 182.0), &run(20, 120.07, 121.179, 247.0)]);
    assert!(!findings.iter().any(|f| f == "partial-block@17"), "{findings:?}");
    let out = benchsite_ingest::parse_file("raw/trtllm_1938.md", &text, None);
    assert_eq!(out.runs[0].metrics.more.e2e_ms.as_ref().and_then(|l| l.get("p90")), Some(&183.0));
    common::numbers_trace_to_their_lines(&text, &out);
}
