//! `ollama run --verbose` timings (ollama's `api.Metrics.Summary`): one request each, the total
//! duration its end-to-end latency, the prompt's rate the input rate, the eval rate the output
//! rate, Go durations converted. They had given no run (`results-not-read` at best).

mod common;

use common::{check, fixture};
use serde_json::json;

const SAMPLES: [(&str, &str); 3] = [
    ("ollama-verbose/before_after_pr12742.log", "raw/ollama.log"),
    ("ollama-verbose/igpu_780m_rocm_notes.md", "raw/igpu.md"),
    ("ollama-verbose/timings_as_a_list.md", "raw/answer.md"),
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
