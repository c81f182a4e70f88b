//! Cases a review of the context rules found read wrongly (handwritten, one rule each, in
//! `fixtures/review/`; the genai-perf one trimmed from a real page): each rule gives a run
//! only what the document says of that run, and gives nothing when it leaves it unsaid.

mod common;

use benchsite_ingest::{parse_file, FileOutput};
use common::{fixture, numbers_trace_to_their_lines};

fn parsed(name: &str) -> (String, FileOutput) {
    let text = fixture(&format!("review/{name}"));
    let out = parse_file(&format!("raw/{name}"), &text, None);
    (text, out)
}

/// A command section, its result section, then a result "run by hand" under its own heading:
/// the command above two sections is not that run's (it had taken the other model, 200
/// prompts and concurrency 16 over its own 500 and 64).
#[test]
fn a_command_is_not_passed_on_over_a_section_of_results() {
    let (text, out) = parsed("cmd2.md");
    let qwen = out.runs.iter().find(|r| r.source.line == 29).expect("the Qwen run");
    assert_eq!((qwen.model.as_deref(), qwen.scenario.max_concurrency, qwen.scenario.num_prompts), (Some("Qwen2.5-72B"), Some(64), Some(500)));
    let llama = out.runs.iter().find(|r| r.source.line == 13).expect("the Llama run");
    assert_eq!(llama.model.as_deref(), Some("meta-llama/Llama-3.1-8B-Instruct"), "the section right after its command takes it");
    numbers_trace_to_their_lines(&text, &out);
}

/// Two sections starting two servers (another model each, or another engine each) before
/// the results: which served them is not said; no run takes either's TP or model.
#[test]
fn two_earlier_server_sections_serve_no_run() {
    for name in ["serve3.md", "serve2.md"] {
        let (text, out) = parsed(name);
        assert!(!out.runs.is_empty(), "{name}");
        for run in &out.runs {
            assert_eq!((run.tp, run.params.command.as_deref()), (None, None), "{name}: {}", run.id);
            assert!(run.source.context.get("gpu_count").is_none_or(|c| c.kind != "serve"), "{name}: {}", run.id);
        }
        numbers_trace_to_their_lines(&text, &out);
    }
}

/// `| Metric | Batch 1 | Batch 2 |`: two repeats, not two loads; the heading's concurrency
/// holds for both.
#[test]
fn batch_columns_are_no_loads() {
    let (_, out) = parsed("b1.md");
    assert_eq!(out.runs.len(), 2);
    assert!(out.runs.iter().all(|r| r.scenario.max_concurrency == Some(64)), "{:?}", out.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>());
}

/// `| 框架版本 | 0.8.5 |` beside a results table of two engines: no engine's release.
#[test]
fn an_unnamed_engines_release_is_no_table_rows_release() {
    let (_, out) = parsed("ver.md");
    assert_eq!(out.runs.len(), 2);
    assert!(out.runs.iter().all(|r| r.framework_version.is_none()), "{:?}", out.runs.iter().map(|r| &r.framework_version).collect::<Vec<_>>());
}

/// `| Concurrency | Request rate (req/s) |`: beside a concurrency, the rate measured.
#[test]
fn a_request_rate_beside_a_concurrency_is_measured() {
    let (text, out) = parsed("rr.md");
    let got: Vec<(Option<f64>, bool)> = out.runs.iter().map(|r| (r.metrics.request_throughput, r.scenario.request_rate.is_none())).collect();
    assert_eq!(got, [(Some(0.74), true), (Some(4.77), true), (Some(11.2), true)]);
    numbers_trace_to_their_lines(&text, &out);
}

/// Statistics as rows (`| Average |`, `| 90th percentile |`): the average is no summary of
/// other runs, and its row stays.
#[test]
fn an_average_among_percentile_rows_stays() {
    let (_, out) = parsed("agg.md");
    assert!(!out.findings.iter().any(|f| f.code == "aggregate-row"), "{:?}", out.findings);
    assert!(out.runs.iter().any(|r| r.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean")) == Some(&120.5)));
}

/// Lengths listed below a table in the table's own section (`## Throughput sweep`) are its
/// runs'.
#[test]
fn lengths_below_a_table_in_its_own_section() {
    let (_, out) = parsed("below2.md");
    assert_eq!(out.runs.len(), 2);
    assert!(out.runs.iter().all(|r| (r.scenario.input_len, r.scenario.output_len) == (Some(1024), Some(128))));
}

/// `Stream throughput` beside `Non-stream throughput`: two modes' throughputs, not one
/// stream's rate; the table is read, not reported unread.
#[test]
fn a_streaming_modes_throughput_is_no_single_streams() {
    let (_, out) = parsed("stream.md");
    assert!(out.runs.iter().any(|r| r.source.line == 11), "{:?}", out.runs.iter().map(|r| r.source.line).collect::<Vec<_>>());
    assert!(!out.findings.iter().any(|f| f.code == "table-not-read"), "{:?}", out.findings);
}

/// `genai-perf profile … -m Qwen/Qwen2.5-72B-Instruct 2>&1 | tee genai.log`: one model; the
/// shell's redirection is no second one.
#[test]
fn a_last_model_flag_before_a_pipe() {
    let (_, out) = parsed("gp_tee_last_model_flag.md");
    assert_eq!(out.runs.len(), 1);
    assert_eq!(out.runs[0].model.as_deref(), Some("Qwen/Qwen2.5-72B-Instruct"));
}
