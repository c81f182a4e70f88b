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

/// Rules of the round-13/14 change a review read ordinary tables wrongly with (`r33_*`):
/// row names that are settings or tests are no statistics; a table of timestamps is runs; keys
/// are told apart whole; `Model | Metric | Value | Unit` rows are a run per key.
#[test]
fn statistics_progress_and_keys_are_not_taken_for_what_they_resemble() {
    let tps = |name: &str| parsed(name).1.runs.iter().map(|r| r.tp).collect::<Vec<_>>();
    assert_eq!(tps("r33_a1_tp_rows.md"), [Some(1), Some(2), Some(4)], "TP1…TP4 rows are three runs");
    for name in ["r33_a2_p_tests.md", "r33_b2_prefix_hit_rows.md"] {
        let (text, out) = parsed(name);
        assert_eq!(out.runs.len(), 3, "{name}: test names P1–P3 and hit rates 0–90% are no percentiles");
        numbers_trace_to_their_lines(&text, &out);
    }
    assert_eq!(parsed("r33_b1_timestamp_runs.md").1.runs.len(), 2, "a Timestamp column is no progress of one run");
    let (text, out) = parsed("r33_a7_keyed_models.md");
    let models: Vec<Option<&str>> = out.runs.iter().map(|r| r.model.as_deref()).collect();
    assert_eq!(models, [Some("Llama 3.1 8B"), Some("Llama 3.1 8B"), Some("Llama 3.1 70B"), Some("Llama 3.1 70B"), Some("Qwen3-32B"), Some("Qwen3-32B")]);
    numbers_trace_to_their_lines(&text, &out);
    let (text, out) = parsed("r33_a8_keyed_value_unit.md");
    let got: Vec<(Option<&str>, Option<f64>)> = out.runs.iter().map(|r| (r.model.as_deref(), r.metrics.output_throughput)).collect();
    assert_eq!(got, [(Some("Qwen3-8B"), Some(2500.0)), (Some("Llama-3.1-8B"), Some(2300.0))]);
    numbers_trace_to_their_lines(&text, &out);
}

/// A rate of a part (`Output tok/s per GPU`, `… output tokens/s per GPU` in a log) is no
/// system's throughput; `Actual rate (tok/s)` is a token rate, not requests.
#[test]
fn rates_of_a_part_stay_under_their_name() {
    let out = parsed("r33_c7_per_gpu.md").1;
    assert!(out.runs.iter().all(|r| r.metrics.output_throughput.is_none()));
    let text = fixture("review/r33_f3_throughput.log");
    let out = parse_file("raw/r33_f3_throughput.log", &text, None);
    assert!(out.runs.iter().all(|r| r.metrics.output_throughput.is_none()), "{:?}", out.runs[0].metrics);
    let out = parsed("r33_b3_actual_rate_tok.md").1;
    assert_eq!(out.runs.iter().map(|r| r.metrics.output_throughput).collect::<Vec<_>>(), [Some(950.5), Some(2900.1)]);
}

/// Context rules the review read wrongly: a list of lengths is no number with thousands; a
/// workload line's lengths are the numbers before `input` and `output`; a label's bracket
/// qualifying it (`Model (draft)`, `Concurrency (per GPU)`) gives nothing (the `Target model`
/// beside the draft is the run's); `3x higher` across a
/// `vs` is no machine; a sweep's example command still gives its rows its model; a title naming
/// a release keeps its engine; `3 prompts per category` counts no run's prompts; `EPYC 64c`
/// counts cores.
#[test]
fn context_rules_keep_to_what_is_said() {
    let run = |name: &str| parsed(name).1.runs.into_iter().next().expect(name);
    let lists = run("r33_d3_lists.md");
    assert_eq!((lists.scenario.input_len, lists.scenario.output_len), (None, None));
    let workload = run("r33_b5_workload_line.md");
    assert_eq!((workload.scenario.input_len, workload.scenario.output_len), (Some(1024), Some(128)));
    let bracket = run("r33_h1_bracket_label.md");
    // The target model is the one served; the draft (`Model (draft)`) is not the run's.
    assert_eq!((bracket.model.as_deref(), bracket.scenario.max_concurrency), (Some("Qwen3-32B"), None));
    assert_eq!(run("r33_d1_vs_faster.md").gpu.as_deref(), Some("H100"));
    let sweep = parsed("r33_e1_cmd_sweep.md").1;
    assert!(sweep.runs.iter().all(|r| r.model.as_deref() == Some("Qwen/Qwen3-8B")));
    // The example command's prompts are its own load's (16): other rows may have sent other
    // numbers (a public page's `16 / 64 / 256` for concurrency 1 / 8 / 32 under one `--max-concurrency 8 --num-prompts 64`).
    assert_eq!(sweep.runs.iter().map(|r| r.scenario.num_prompts).collect::<Vec<_>>(), [None, None, Some(200)]);
    assert!(sweep.findings.iter().all(|f| f.code != "command-not-applied"));
    let titled = run("r33_e5_title_engine.md");
    assert_eq!((titled.framework.as_deref(), titled.framework_version.as_deref()), (Some("sglang"), Some("0.4.6")));
    let prompts = parsed("r33_e6_heading_prompts.md").1;
    assert_eq!(prompts.runs.last().and_then(|r| r.scenario.num_prompts), None);
    let cores = parsed("r33_c4_load_in_name.md").1;
    assert_eq!(cores.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>(), [Some(40), Some(20), None]);
}
