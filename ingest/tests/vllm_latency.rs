//! vLLM's offline latency benchmark (`benchmark_latency.py`, `vllm bench latency`): `Avg
//! latency: X seconds` and `N% percentile latency: X seconds`, the batch's end-to-end latency,
//! with lengths, batch size (its concurrency), model and TP from its command. Before this
//! reader these blocks gave no run; beside another tool's run in the same file they were
//! lost without a word.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

#[test]
fn a_results_page_gives_its_latency_run_beside_its_throughput_run() {
    let text = fixture("vllm-latency/rocm_throughput_latency_zh_tw.md");
    let findings = check(
        "docs/rocm.md",
        &text,
        &[
            &[("/format", json!("vllm-throughput")), ("/framework", json!("vllm")), ("/metrics/request_throughput", json!(5.35))],
            &[
                ("/format", json!("vllm-latency")),
                ("/framework", json!("vllm")),
                ("/model", json!("meta-llama/Llama-3.1-70B-Instruct")),
                ("/source/context/model", json!({"line": 25, "kind": "command"})),
                ("/tp", json!(1)),
                ("/scenario/input_len", json!(256)),
                ("/scenario/output_len", json!(128)),
                ("/scenario/max_concurrency", json!(8)),
                ("/metrics/e2e_ms/mean", json!(5256.41568937)),
                ("/source/lines/metrics.e2e_ms.mean", json!(36)),
                ("/metrics/e2e_ms/p10", json!(5241.3612586)),
                ("/metrics/e2e_ms/p99", json!(5273.11447982)),
                ("/source/lines/metrics.e2e_ms.p99", json!(42)),
            ],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/rocm.md", &text, None));
}

/// A notes file with the commands written right above their output: each run takes the
/// command above it (`--model ${model_path}` names no model).
#[test]
fn a_notes_file_gives_each_latency_run_its_own_command() {
    let text = fixture("vllm-latency/notes_latency_throughput_serving.txt");
    let latency = |command: u32, mean: f64, p99: f64| {
        vec![
            ("/format", json!("vllm-latency")),
            ("/framework", json!("vllm")),
            ("/model", json!(null)),
            ("/scenario/input_len", json!(700)),
            ("/scenario/max_concurrency", json!(10)),
            ("/source/context/scenario.max_concurrency", json!({"line": command, "kind": "command"})),
            ("/metrics/e2e_ms/mean", json!(mean)),
            ("/metrics/e2e_ms/p99", json!(p99)),
        ]
    };
    let findings = check(
        "raw/notes.txt",
        &text,
        &[
            &latency(5, 1567.179586994, 1614.079956446),
            &latency(14, 2346.280702867, 2418.612389042),
            &[("/format", json!("vllm-throughput")), ("/model", json!(null)), ("/metrics/total_throughput", json!(11970.13))],
            // Each serving block takes the command printed above it, as a markdown code block's
            // would: its rate, dataset and backend (the second, `--backend 'lmdeploy'`, is
            // LMDeploy's); not its `--num-prompts 100`, since the block completed 1000.
            &[
                ("/format", json!("serving-text")),
                ("/metrics/request_throughput", json!(9.77)),
                ("/scenario/request_rate", json!(10.0)),
                ("/source/context/scenario.request_rate", json!({"line": 31, "kind": "command"})),
                ("/scenario/dataset", json!("sharegpt")),
                ("/scenario/num_prompts", json!(null)),
                ("/framework", json!("vllm")),
            ],
            &[
                ("/format", json!("serving-text")),
                ("/metrics/request_throughput", json!(9.78)),
                ("/scenario/request_rate", json!(10.0)),
                ("/source/context/scenario.request_rate", json!({"line": 53, "kind": "command"})),
                ("/backend", json!("lmdeploy")),
                ("/framework", json!("lmdeploy")),
            ],
        ],
    );
    assert!(!findings.iter().any(|f| f.starts_with("unit-unknown") || f.starts_with("results-not-read")), "{findings:?}");
    assert!(findings.contains(&"command-prompts-not-applied@31".to_string()), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/notes.txt", &text, None));
}

/// A line of another tool that only looks alike (no `seconds`) is not this tool's.
#[test]
fn latency_lines_without_seconds_are_not_read() {
    check("raw/x.log", "Avg latency: 12\n50% percentile latency: 11\n", &[]);
}

/// Notes comparing two kernels, each pair of outputs under `helion:` / `cutlass:` (also
/// `"helion":`), and two serving blocks whose banners name them (`=== Helion Serving Benchmark
/// Result ===`): each run keeps its label as a note (the pairs had looked like repeats).
#[test]
fn labels_right_above_blocks_and_in_banners_tell_runs_apart() {
    let text = fixture("vllm-latency/labelled_pairs_helion_cutlass.md");
    let out = parse_file("raw/helion.md", &text, None);
    let labels: Vec<(u32, Option<&str>)> = out.runs.iter().map(|r| (r.source.line, r.notes.first().map(|n| n.text.as_str()))).collect();
    assert_eq!(
        labels,
        [
            (45, Some("helion")),
            (53, Some("cutlass")),
            (77, Some("helion")),
            (85, Some("cutlass")),
            (111, Some("helion")),
            (120, Some("cutlass")),
            (140, None),
            (145, None),
            (176, Some("Helion")),
            (203, Some("Cutlass"))
        ]
    );
    numbers_trace_to_their_lines(&text, &out);
}
