//! `ollama run --verbose` timings (ollama's `api.Metrics.Summary`): one request each, the total
//! duration its end-to-end latency, the prompt's rate the input rate, the eval rate the output
//! rate, Go durations converted. They had given no run (`results-not-read` at best).

mod common;

use common::{check, fixture};
use serde_json::json;

const SAMPLES: [(&str, &str); 4] = [
    ("ollama-verbose/before_after_pr12742.log", "raw/ollama.log"),
    ("ollama-verbose/igpu_780m_rocm_notes.md", "raw/igpu.md"),
    ("ollama-verbose/timings_as_a_list.md", "raw/answer.md"),
    ("ollama-verbose/grep_filtered_rate_loops_zh.md", "raw/ollama_780m.md"),
];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 2 * 8 + 8 + 8);
}

/// Two blocks under `Before:` and `After:`: a run each, told apart by those lines, the
/// durations of its phases kept as extras in seconds.
#[test]
fn blocks_under_their_labels() {
    let text = fixture("ollama-verbose/before_after_pr12742.log");
    let run = |line: u32, label: &str, e2e: f64, input: f64, prompt_s: f64| {
        vec![
            ("/format", json!("ollama-verbose")),
            ("/framework", json!("ollama")),
            ("/source/line", json!(line)),
            ("/notes/0/text", json!(label)),
            ("/metrics/e2e_ms/mean", json!(e2e)),
            ("/metrics/input_throughput", json!(input)),
            ("/metrics/total_input_tokens", json!(32768)),
            ("/metrics/extra/ollama prompt eval duration (s)", json!(prompt_s)),
        ]
    };
    let findings = check("raw/ollama.log", &text, &[&run(5, "Before", 31273.112939, 139356.8, 0.235137439), &run(15, "After", 30024.798033, 4212.03, 7.779621548)]);
    assert!(findings.is_empty(), "{findings:?}");
}

/// The model of the `ollama run MODEL … --verbose` command above the timings (a shell prompt
/// glued to it), and milliseconds (`465.157ms`) in seconds.
#[test]
fn the_model_of_the_command_above() {
    let text = fixture("ollama-verbose/igpu_780m_rocm_notes.md");
    let findings = check(
        "raw/igpu.md",
        &text,
        &[&[
            ("/model", json!("llama2:latest")),
            ("/source/context/model", json!({"line": 6, "kind": "command"})),
            ("/metrics/output_throughput", json!(19.26)),
            ("/metrics/total_output_tokens", json!(26)),
            ("/metrics/extra/ollama prompt eval duration (s)", json!(0.465157)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// Two shell loops of ten requests each, `… | ollama run tinyllama --verbose 2>&1 >/dev/null
/// | grep "eval rate:"`, on the GPU and then the CPU: each request's two rate lines a run (they
/// had given none), the model from the loop's command, each loop's runs labelled by the line
/// above its block (`a. 使用GPU运行`, `b. 使用CPU运行(…)`); the GPU loop's last request, cut
/// after its prompt rate, a run of that rate alone.
#[test]
fn rate_lines_kept_by_grep_in_a_loop() {
    let text = fixture("ollama-verbose/grep_filtered_rate_loops_zh.md");
    let out = benchsite_ingest::parse_file("raw/ollama_780m.md", &text, None);
    assert_eq!(out.runs.len(), 20);
    let first = &out.runs[0];
    assert_eq!((first.source.line, first.model.as_deref(), first.metrics.input_throughput, first.metrics.output_throughput), (56, Some("tinyllama"), Some(1354.84), Some(88.77)));
    let cut = &out.runs[9];
    assert_eq!((cut.source.line, cut.metrics.input_throughput, cut.metrics.output_throughput), (74, Some(14000.0), None));
    let labels: Vec<&str> = out.runs.iter().map(|r| r.notes.first().map_or("", |n| n.text.as_str())).collect();
    assert_eq!(labels, [vec!["使用GPU运行"; 10], vec!["使用CPU运行"; 10]].concat());
    assert!(out.runs.iter().all(|r| r.framework.as_deref() == Some("ollama")));
    assert!(out.findings.iter().all(|f| f.code != "results-not-read"), "{:?}", out.findings);
}
