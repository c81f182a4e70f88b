//! Text Generation Inference's `text-generation-benchmark` tables: a run per batch size, the
//! prefill latency as TTFT and the decode step's as ITL (with their statistics), the decode
//! throughput as the output rate, model and lengths from the parameter table. Before this
//! reader such tables gave no run (a `table-not-read` warning at best).

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture};
use serde_json::{json, Value};

const SAMPLES: [(&str, &str); 3] = [
    ("tgi-benchmark/bloomz_batches_1_2.log", "raw/tgi.log"),
    ("tgi-benchmark/mi300_workshop_param_table.md", "raw/tgi_mi300.md"),
    ("tgi-benchmark/two_benchmarks_top_n_tokens.log", "raw/tgi_top_n.log"),
];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 41 + 12 * 17);
}

/// The tool's output saved as a log: two batch sizes, two runs.
#[test]
fn a_run_per_batch_size() {
    let text = fixture("tgi-benchmark/bloomz_batches_1_2.log");
    let run = |batch: u64, line: u32, end: u32, ttft: Value, itl_mean: f64, out: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/format", json!("tgi-benchmark")),
            ("/framework", json!("tgi")),
            ("/model", json!("bigscience/bloomz-7b1-mt")),
            ("/source/context/model", json!({"line": 4, "kind": "table-row"})),
            ("/scenario/input_len", json!(1024)),
            ("/scenario/output_len", json!(8)),
            ("/scenario/max_concurrency", json!(batch)),
            ("/source/line", json!(line)),
            ("/source/end_line", json!(end)),
            ("/metrics/ttft_ms", ttft),
            ("/metrics/itl_ms/mean", json!(itl_mean)),
            ("/metrics/output_throughput", json!(out)),
            ("/notes/0/text", json!("N Runs: 10")),
        ]
    };
    let findings = check(
        "raw/tgi.log",
        &text,
        &[
            &run(1, 20, 31, json!({"mean": 141.97, "min": 141.41, "max": 143.99, "p50": 141.65, "p90": 143.99, "p99": 143.99}), 29.11, 34.35),
            &run(2, 21, 32, json!({"mean": 274.07, "min": 273.46, "max": 275.13, "p50": 273.84, "p90": 275.13, "p99": 275.13}), 35.91, 55.69),
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // The prefill's `tokens/secs` (batch ÷ latency: sequences) is no input token rate.
    let out = parse_file("raw/tgi.log", &text, None);
    assert_eq!(out.runs[0].metrics.input_throughput, None);
    assert_eq!(out.runs[0].metrics.extra.get("tgi prefill sequences per second mean").copied(), Some(7.04));
}

/// A workshop README pastes the tables under a launch command of another model (8B): the
/// parameter table names the model measured (70B).
#[test]
fn a_documents_tables_take_the_parameter_tables_model() {
    let text = fixture("tgi-benchmark/mi300_workshop_param_table.md");
    let out = parse_file("raw/tgi_mi300.md", &text, None);
    assert_eq!(out.runs.len(), 6);
    assert!(out.runs.iter().all(|r| r.model.as_deref() == Some("meta-llama/Meta-Llama-3-70B-Instruct")), "{:?}", out.runs.iter().map(|r| &r.model).collect::<Vec<_>>());
    assert_eq!(out.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>(), [1, 2, 4, 8, 16, 32].map(Some));
    assert!(!common::found(&out).iter().any(|f| f.starts_with("table-not-read")), "{:?}", common::found(&out));
}

/// Two benchmarks in one file, each with its parameter table (`Top N Tokens | None`, then
/// `| Some(10)`): a run per batch of each, the parameter that differs a note of each run (the
/// second's rows had been folded into the first's runs as extras). The model row names a
/// tokenizer's repository: a note, no model.
#[test]
fn two_benchmarks_each_with_its_parameters() {
    let text = fixture("tgi-benchmark/two_benchmarks_top_n_tokens.log");
    let out = benchsite_ingest::parse_file("raw/tgi_top_n.log", &text, None);
    assert_eq!(out.runs.len(), 12);
    let first: Vec<(u32, Option<u64>, Option<&str>)> =
        out.runs.iter().map(|r| (r.source.line, r.scenario.max_concurrency, r.notes.iter().find(|n| n.text.starts_with("Top N")).map(|n| n.text.as_str()))).collect();
    assert_eq!(first[0], (26, Some(1), Some("Top N Tokens: None")));
    assert_eq!(first[6], (85, Some(1), Some("Top N Tokens: Some(10)")));
    assert_eq!(out.runs[6].metrics.ttft_ms.as_ref().and_then(|l| l.get("mean")), Some(&32.47));
    assert!(out.runs.iter().all(|r| r.model.is_none() && r.metrics.more.extra.keys().all(|k| !k.contains('|'))));
    assert!(out.findings.iter().all(|f| f.code != "repeated-label"), "{:?}", out.findings.iter().map(|f| &f.code).collect::<Vec<_>>());
}
