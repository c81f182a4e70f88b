//! AIPerf and GenAI-Perf: console tables (wrapped labels, old and new spellings), the JSON
//! and CSV exports, and the multi-run aggregate, each from a real public sample.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

/// Every fixture, with the path it is parsed as.
const SAMPLES: [(&str, &str); 14] = [
    ("raw/rag_speed.md", "aiperf/genai_perf_untitled_console_beside_csv.md"),
    ("raw/calibrate.log", "aiperf/console_sweep_footer_cut_units.log"),
    ("raw/aiperf.log", "aiperf/console_wrapped.log"),
    ("raw/genai.log", "aiperf/genai_perf_console.log"),
    ("raw/genai_old.log", "aiperf/genai_perf_console_old.log"),
    ("raw/profile_export_aiperf.json", "aiperf/profile_export_aiperf.json"),
    ("raw/profile_export_genai_perf.json", "aiperf/profile_export_genai_perf.json"),
    ("raw/profile_export_aiperf.csv", "aiperf/profile_export_aiperf.csv"),
    ("raw/profile_export_genai_perf.csv", "aiperf/profile_export_genai_perf.csv"),
    ("raw/aggregate/profile_export_aiperf_aggregate.json", "aiperf/profile_export_aiperf_aggregate.json"),
    ("raw/run1/profile_export_aiperf.csv", "aiperf/profile_export_aiperf_reasoning.csv"),
    ("raw/run1/profile_export_aiperf.json", "aiperf/profile_export_aiperf_records.json"),
    ("raw/smoke/profile_export_aiperf.json", "aiperf/profile_export_aiperf_0.8_datasets.json"),
    ("raw/issue340.json", "aiperf/profile_export_aiperf_pasted_without_config.json"),
];

/// A README's excerpt of a sweep's console: GenAI-Perf's table without its `NVIDIA GenAI-Perf
/// | LLM Metrics` title line (its `┃ Statistic ┃ avg ┃` header says whose it is), beside the
/// CSV export of another point. Both are runs (the table had been lost without a word, as
/// the CSV was read).
#[test]
fn a_genai_perf_table_without_its_title_line() {
    let findings = check(
        "raw/rag_speed.md",
        &fixture("aiperf/genai_perf_untitled_console_beside_csv.md"),
        &[
            &[
                ("/format", json!("genai-perf")),
                ("/source/line", json!(75)),
                ("/model", json!("meta/llama-3.1-70b-instruct")),
                ("/metrics/ttft_ms/mean", json!(59.16)),
                ("/metrics/tpot_ms/p99", json!(27.27)),
                ("/metrics/e2e_ms/mean", json!(3397.78)),
                ("/metrics/output_throughput", json!(37.59)),
                ("/metrics/request_throughput", json!(0.29)),
                ("/metrics/completed", json!(50)),
            ],
            &[("/format", json!("genai-perf")), ("/source/line", json!(113)), ("/metrics/e2e_ms/mean", json!(5919.16))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_aiperf_table_with_wrapped_labels() {
    let findings = check(
        "raw/aiperf.log",
        &fixture("aiperf/console_wrapped.log"),
        &[&[
            ("/format", json!("aiperf")),
            ("/source/line", json!(13)),
            ("/metrics/ttft_ms/mean", json!(19.99)),
            ("/metrics/ttft_ms/p50", json!(13.93)),
            ("/metrics/tpot_ms/p99", json!(3.63)),
            ("/metrics/itl_ms", json!(null)),
            ("/metrics/e2e_ms/max", json!(7319.35)),
            ("/metrics/output_throughput", json!(527.06)),
            ("/metrics/request_throughput", json!(0.63)),
            ("/metrics/completed", json!(10)),
            ("/metrics/extra/p99 time to second token (ms)", json!(7.94)),
            ("/metrics/extra/avg output token throughput per user (tokens~1sec~1user)", json!(284.54)),
            ("/metrics/extra/avg input sequence length (tokens)", json!(5.0)),
            ("/scenario/input_len", json!(null)),
            ("/source/lines/metrics.completed", json!(38)),
            ("/gpu", json!(null)),
            ("/framework", json!(null)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// An AIPerf concurrency sweep in a pod's log: the footer under each table (`CLI Command:`
/// wrapped at the terminal's width, `Benchmark Duration:`, the exports in `concurrency_N/`)
/// gives each run its model, lengths, concurrency and duration (the runs could not be told
/// apart); a unit cut short, `(requests/se…`, is the one unit that starts so (the last run's
/// request throughput was an extra); `Goodput` is the request goodput.
#[test]
fn a_sweeps_footers_and_units_cut_short() {
    let text = fixture("aiperf/console_sweep_footer_cut_units.log");
    let run = |line: u32, concurrency: u64, duration: f64, rps: f64, goodput: f64, export: u32| {
        vec![
            ("/source/line", json!(line)),
            ("/model", json!("qwen3-8b")),
            ("/scenario/input_len", json!(4096)),
            ("/scenario/output_len", json!(256)),
            ("/scenario/max_concurrency", json!(concurrency)),
            ("/source/context/scenario.max_concurrency/kind", json!("export-path")),
            ("/source/lines/scenario.max_concurrency", json!(export)),
            ("/metrics/duration_s", json!(duration)),
            ("/metrics/request_throughput", json!(rps)),
            ("/metrics/request_goodput", json!(goodput)),
        ]
    };
    let findings = check(
        "raw/calibrate.log",
        &text,
        &[&run(39, 2, 54.33, 0.18, 0.18, 88), &run(109, 4, 54.09, 0.3, 0.22, 159), &run(171, 96, 58.49, 0.41, 0.0, 226)],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_genai_perf_tables_new_and_old_spellings() {
    let findings = check(
        "raw/genai.log",
        &fixture("aiperf/genai_perf_console.log"),
        &[&[
            ("/format", json!("genai-perf")),
            ("/metrics/ttft_ms/p75", json!(41.29)),
            ("/metrics/e2e_ms/mean", json!(1799.53)),
            ("/metrics/tpot_ms/mean", json!(17.96)),
            ("/metrics/output_throughput", json!(54.52)),
            ("/metrics/request_throughput", json!(0.55)),
            ("/metrics/completed", json!(10)),
            ("/metrics/extra/max output token throughput per user (tokens~1sec~1user)", json!(55.71)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // Lower-case labels, lengths without a unit, the table cut before its bottom border.
    let findings = check(
        "raw/genai_old.log",
        &fixture("aiperf/genai_perf_console_old.log"),
        &[&[
            ("/source/end_line", json!(12)),
            ("/metrics/ttft_ms/max", json!(21.5)),
            ("/metrics/tpot_ms/p90", json!(2.01)),
            ("/metrics/e2e_ms/p99", json!(225.45)),
            ("/metrics/output_throughput", json!(504.02)),
            ("/metrics/request_throughput", json!(4.87)),
            ("/metrics/extra/avg output sequence length", json!(103.46)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_aiperf_json_with_its_configuration() {
    let findings = check(
        "raw/profile_export_aiperf.json",
        &fixture("aiperf/profile_export_aiperf.json"),
        &[&[
            ("/format", json!("aiperf")),
            ("/model", json!("qwen3.6-nvfp4")),
            ("/source/context/model", json!({"line": 89, "kind": "metadata"})),
            ("/scenario/max_concurrency", json!(16)),
            ("/source/context/scenario.max_concurrency", json!({"line": 123, "kind": "metadata"})),
            ("/scenario/num_prompts", json!(96)),
            ("/scenario/input_len", json!(null)),
            ("/metrics/completed", json!(96)),
            ("/metrics/duration_s", json!(44.52261098)),
            ("/metrics/ttft_ms/p99", json!(687.6198782499999)),
            ("/metrics/tpot_ms/mean", json!(11.847342175364519)),
            ("/metrics/e2e_ms/p1", json!(650.7154706)),
            ("/metrics/total_output_tokens", json!(52187)),
            ("/metrics/total_input_tokens", json!(361086)),
            ("/metrics/total_throughput", json!(9282.317251916027)),
            ("/metrics/extra/count request latency (ms)", json!(96.0)),
            ("/metrics/extra/avg http req data sent (kb)", json!(15.043935139973959)),
            ("/metrics/extra/avg osl mismatch diff pct (%)", json!(-73.45631917317708)),
            ("/gpu", json!(null)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_genai_perf_json_lengths_from_its_configuration() {
    let findings = check(
        "raw/profile_export_genai_perf.json",
        &fixture("aiperf/profile_export_genai_perf.json"),
        &[&[
            ("/format", json!("genai-perf")),
            ("/model", json!("ensemble")),
            ("/scenario/max_concurrency", json!(100)),
            ("/scenario/input_len", json!(200)),
            ("/scenario/output_len", json!(500)),
            ("/source/context/scenario.output_len", json!({"line": 106, "kind": "metadata"})),
            // request_count 0 and request_rate null are "not set".
            ("/scenario/num_prompts", json!(null)),
            ("/scenario/request_rate", json!(null)),
            ("/metrics/ttft_ms/p25", json!(124.51677875)),
            ("/metrics/output_throughput", json!(44190.56002502682)),
            ("/metrics/extra/avg output sequence length (tokens)", json!(2565.855)),
        ]],
    );
    assert_eq!(findings, vec!["aiperf-length-varies@111"]);
}

#[test]
fn reads_aiperf_csv_and_skips_gpu_telemetry() {
    let findings = check(
        "raw/profile_export_aiperf.csv",
        &fixture("aiperf/profile_export_aiperf.csv"),
        &[&[
            ("/format", json!("aiperf")),
            ("/metrics/duration_s", json!(44.52)),
            ("/metrics/completed", json!(96)),
            ("/metrics/request_throughput", json!(2.16)),
            ("/metrics/output_throughput", json!(1172.15)),
            ("/metrics/total_throughput", json!(9282.32)),
            ("/metrics/total_output_tokens", json!(52187)),
            ("/metrics/ttft_ms/p1", json!(81.45)),
            ("/metrics/extra/sum inter token latency (ms)", json!(1137.34)),
            ("/metrics/extra/avg inter chunk latency (ms)", json!(11.99)),
            ("/metrics/extra/avg http duration (excl. conn) (ms)", json!(6737.75)),
            ("/gpu", json!(null)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A reasoning model's run (AIPerf's early CSV, `examples/artifacts/run1`): `Total Output
/// Tokens` counts the answers' 1,832 tokens, `Total Output Sequence Length` all 21,624
/// generated (19,792 reasoning), which is what its output throughput counts (21,624 / 9.32 s
/// = 2,320). The run's output tokens are the whole sequence's; taking the answers' raised a
/// false `inconsistent-throughput` ("1832 / 9.32 s = 196.57").
#[test]
fn a_reasoning_runs_output_tokens_are_its_whole_sequences() {
    let findings = check(
        "raw/run1/profile_export_aiperf.csv",
        &fixture("aiperf/profile_export_aiperf_reasoning.csv"),
        &[&[
            ("/format", json!("aiperf")),
            ("/metrics/total_output_tokens", json!(21624)),
            ("/source/lines/metrics.total_output_tokens", json!(23)),
            // (A `Metric,Value` row: no statistic in its name.)
            ("/metrics/extra/total output tokens (tokens)", json!(1832.0)),
            ("/metrics/extra/total reasoning tokens (tokens)", json!(19792.0)),
            ("/metrics/output_throughput", json!(2320.72)),
            ("/metrics/duration_s", json!(9.32)),
            ("/metrics/completed", json!(89)),
            ("/metrics/failed", json!(11)),
            ("/metrics/ttft_ms/p50", json!(2369.32)),
            ("/metrics/tpot_ms/mean", json!(27.76)),
        ]],
    );
    assert_eq!(findings, vec!["failed-requests@16"]);
}

/// An export pasted into an issue (ai-dynamo/aiperf#340, October 2025) as far as its fourth
/// metric, its closing brace added: no `input_config` and no version, but metric objects
/// only AIPerf and GenAI-Perf write under their names. It had given no run and a
/// `results-not-read` warning.
#[test]
fn an_export_pasted_without_its_configuration() {
    let findings = check(
        "raw/issue340.json",
        &fixture("aiperf/profile_export_aiperf_pasted_without_config.json"),
        &[&[
            ("/format", json!("aiperf")),
            ("/metrics/request_throughput", json!(0.14968841618235815)),
            ("/metrics/e2e_ms/p99", json!(6686.540937939999)),
            ("/metrics/ttft_ms/mean", json!(44.166079325)),
            ("/metrics/ttft_ms/std", json!(3.440228207609689)),
            ("/source/lines/metrics.ttft_ms.p50", json!(34)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A JSON object of `{"unit", "avg"}` metrics under other names is no AIPerf export.
#[test]
fn unit_objects_under_other_names_are_not_an_export() {
    let text = r#"{"latency": {"unit": "ms", "avg": 12.5}, "throughput": {"unit": "tok/s", "avg": 100.0}}"#;
    let out = parse_file("raw/other.json", text, None);
    assert!(out.runs.is_empty(), "{:?}", out.runs);
}

/// AIPerf's first JSON export (October 2025): the metric objects under `records`, keyed by
/// tag (`ttft`, `total_osl`) with the console's `header`; it gave no run. The same run as the
/// reasoning CSV: the same numbers, at full precision, and the model, concurrency, requests
/// and output length from its `input_config`.
#[test]
fn reads_aiperf_records_json() {
    let findings = check(
        "raw/run1/profile_export_aiperf.json",
        &fixture("aiperf/profile_export_aiperf_records.json"),
        &[&[
            ("/format", json!("aiperf")),
            ("/model", json!("openai/gpt-oss-20b")),
            ("/scenario/max_concurrency", json!(100)),
            ("/scenario/output_len", json!(250)),
            ("/metrics/ttft_ms/p50", json!(2369.317693)),
            ("/source/lines/metrics.ttft_ms.p50", json!(50)),
            ("/metrics/tpot_ms/mean", json!(27.763065454471807)),
            ("/metrics/total_output_tokens", json!(21624)),
            ("/metrics/output_throughput", json!(2320.7222350404572)),
            ("/metrics/completed", json!(89)),
            ("/metrics/failed", json!(11)),
        ]],
    );
    assert_eq!(findings, vec!["failed-requests@8", "request-errors@408"]);
}

/// AIPerf 0.8.0 (schema 1.0): its configuration names the dataset's lengths under
/// `datasets[0].prompts.isl/osl`; the run had no lengths.
#[test]
fn reads_aiperf_0_8_dataset_lengths() {
    let findings = check(
        "raw/smoke/profile_export_aiperf.json",
        &fixture("aiperf/profile_export_aiperf_0.8_datasets.json"),
        &[&[
            ("/format", json!("aiperf")),
            ("/model", json!("mock")),
            ("/scenario/input_len", json!(128)),
            ("/source/context/scenario.input_len", json!({"line": 237, "kind": "metadata"})),
            ("/scenario/output_len", json!(128)),
            ("/scenario/max_concurrency", json!(100000)),
            ("/scenario/num_prompts", json!(500000)),
            ("/metrics/failed", json!(18586)),
        ]],
    );
    assert_eq!(findings, vec!["failed-requests@180", "request-errors@336"]);
}

#[test]
fn reads_genai_perf_csv_with_quoted_thousands() {
    let findings = check(
        "raw/profile_export_genai_perf.csv",
        &fixture("aiperf/profile_export_genai_perf.csv"),
        &[&[
            ("/format", json!("genai-perf")),
            ("/metrics/ttft_ms/mean", json!(1146.31)),
            ("/metrics/e2e_ms/p25", json!(5493.63)),
            ("/metrics/tpot_ms/p95", json!(33.88)),
            ("/metrics/output_throughput", json!(261.25)),
            ("/metrics/request_throughput", json!(1.5)),
            ("/metrics/completed", json!(40)),
            ("/metrics/extra/avg input sequence length (tokens)", json!(3000.05)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_aggregate_mean_with_its_spread() {
    let findings = check(
        "raw/aggregate/profile_export_aiperf_aggregate.json",
        &fixture("aiperf/profile_export_aiperf_aggregate.json"),
        &[&[
            ("/format", json!("aiperf")),
            ("/metrics/request_throughput", json!(255.4)),
            (
                "/metrics/spread/request_throughput",
                json!({"runs": 5, "std": 12.3, "min": 240.1, "max": 270.2, "ci_level": 0.95, "ci_low": 243.2, "ci_high": 267.6}),
            ),
            // A key the documentation wrote by hand (`ttft_p99_ms`) is kept, not guessed at.
            ("/metrics/extra/avg ttft p99 ms (ms)", json!(152.7)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn aggregate_latency_spread_is_keyed_by_field_and_converted() {
    let text = r#"{"schema_version": "1.0", "metadata": {"aggregation_type": "confidence", "num_successful_runs": 3},
 "metrics": {"time_to_first_token_p99": {"mean": 0.5, "std": 0.01, "min": 0.49, "max": 0.51, "ci_low": 0.48, "ci_high": 0.52, "unit": "sec"},
 "time_to_first_token_count": {"mean": 100.0, "std": 0.0, "unit": "requests"}}}"#;
    let findings = check(
        "raw/aggregate/profile_export_aiperf_aggregate.json",
        text,
        &[&[
            ("/metrics/ttft_ms/p99", json!(500.0)),
            ("/metrics/spread/ttft_ms.p99/ci_high", json!(520.0)),
            ("/metrics/spread/ttft_ms.p99/runs", json!(3)),
            ("/metrics/extra/count time to first token (requests)", json!(100.0)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn older_aiperf_configuration_groups_fill_the_scenario() {
    // AIPerf's UserConfig layout (endpoint / loadgen / input.prompt), as its tests build it.
    let text = r#"{"request_latency": {"unit": "ns", "avg": 1500000.0},
"input_config": {"endpoint": {"model_names": ["m"], "type": "chat"},
"loadgen": {"concurrency": 4, "request_rate": 2.5, "request_count": 100},
"input": {"prompt": {"input_tokens": {"mean": 550, "stddev": 0}, "output_tokens": {"mean": 256, "stddev": 0}}}}}"#;
    let findings = check(
        "raw/profile_export_aiperf.json",
        text,
        &[&[
            ("/format", json!("aiperf")),
            ("/metrics/e2e_ms/mean", json!(1.5)),
            ("/model", json!("m")),
            ("/scenario/max_concurrency", json!(4)),
            ("/scenario/request_rate", json!(2.5)),
            ("/scenario/num_prompts", json!(100)),
            ("/scenario/input_len", json!(550)),
            ("/scenario/output_len", json!(256)),
            ("/source/context/scenario.request_rate", json!({"line": 3, "kind": "metadata"})),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn numbers_trace_to_their_lines_in_every_sample() {
    for (path, name) in SAMPLES {
        let text = fixture(name);
        let out = parse_file(path, &text, None);
        // A sweep's console holds three points; a table beside a CSV export, two runs.
        let runs = if name.contains("sweep") { 3 } else if name.contains("beside_csv") { 2 } else { 1 };
        assert_eq!(out.runs.len(), runs, "{name}: {:?}", out.findings);
        numbers_trace_to_their_lines(&text, &out);
    }
}

#[test]
fn every_prefix_cut_parses_without_panic() {
    for (path, name) in SAMPLES {
        let text = fixture(name);
        let step = (text.len() / 300).max(1);
        let mut cut = 0;
        while cut < text.len() {
            while !text.is_char_boundary(cut) {
                cut += 1;
            }
            let out = parse_file(path, &text[..cut], None);
            for run in &out.runs {
                assert!(run.metrics.ttft_ms.is_some() || run.metrics.request_throughput.is_some() || run.metrics.completed.is_some()
                    || run.metrics.e2e_ms.is_some() || run.metrics.output_throughput.is_some() || run.metrics.duration_s.is_some()
                    || run.metrics.tpot_ms.is_some(), "{name} cut at {cut}: a run with no metric");
            }
            cut += step;
        }
    }
}

#[test]
fn hostile_inputs_give_findings_not_runs() {
    let codes = |path: &str, text: &str| {
        let out = parse_file(path, text, None);
        (out.runs.len(), out.findings.iter().map(|f| f.code.to_string()).collect::<Vec<_>>())
    };
    // A value cut by a narrow terminal is named, the rest of the row kept.
    let cut = "NVIDIA GenAI-Perf | LLM Metrics\n┃ Statistic ┃ avg ┃ p90 ┃\n│ Inter token latency (ms) │ 11.… │ 11.80 │\n";
    let (runs, found) = codes("raw/a.log", cut);
    assert_eq!((runs, found), (1, vec!["aiperf-value-cut".to_string()]));
    // A title with no table under it.
    let (runs, found) = codes("raw/a.log", "NVIDIA AIPerf | LLM Metrics\nINFO done\n");
    assert_eq!((runs, found), (0, vec!["aiperf-table-cut".to_string()]));
    // Wrong types and a metric without a unit: left out, never guessed.
    let wrong = r#"{"aiperf_version": "0.3", "time_to_first_token": {"unit": "ms", "avg": "fast", "p99": 12.5},
 "request_count": {"avg": 10}, "request_latency": {"unit": 5, "avg": 3}}"#;
    let out = parse_file("raw/profile_export_aiperf.json", wrong, None);
    assert_eq!(out.runs.len(), 1);
    assert_eq!(out.runs[0].metrics.ttft_ms.as_ref().map(|l| l.len()), Some(1));
    assert_eq!(out.runs[0].metrics.completed, None);
    assert_eq!(out.runs[0].metrics.e2e_ms, None);
    assert!(out.findings.iter().any(|f| f.code == "aiperf-value-unreadable"), "{:?}", out.findings);
    // An unknown latency unit goes to extra under its own label.
    let odd = r#"{"aiperf_version": "0.3", "request_count": {"unit": "requests", "avg": 4}, "time_to_first_token": {"unit": "fortnights", "avg": 2}}"#;
    let out = parse_file("raw/profile_export_aiperf.json", odd, None);
    assert_eq!(out.runs[0].metrics.ttft_ms, None);
    assert_eq!(out.runs[0].metrics.extra.get("avg time to first token (fortnights)"), Some(&2.0));
    // Huge numbers do not overflow into invented counts.
    let huge = r#"{"aiperf_version": "0.3", "request_count": {"unit": "requests", "avg": 1e300}, "request_latency": {"unit": "ms", "avg": 1e308}}"#;
    let out = parse_file("raw/profile_export_aiperf.json", huge, None);
    assert_eq!(out.runs[0].metrics.completed, None);
    assert_eq!(out.runs[0].metrics.extra.get("avg request count (requests)"), Some(&1e300));
    // Truncated JSON is an invalid-json error, not a run.
    let (runs, found) = codes("raw/profile_export_aiperf.json", r#"{"aiperf_version": "0.3", "request_count": {"unit": "#);
    assert_eq!((runs, found), (0, vec!["invalid-json".to_string()]));
    // A CSV of another tool that happens to start with `Metric,`.
    let (runs, found) = codes("raw/profile_export_x.csv", "Metric,Value\nbananas,yes\n");
    assert_eq!((runs, found), (0, vec!["aiperf-value-unreadable".to_string(), "aiperf-no-result".to_string()]));
    // A GPU telemetry table is not a result.
    let (runs, _) = codes("raw/a.log", "NVIDIA AIPerf | GPU Telemetry\n┃ Metric ┃ avg ┃\n│ Power (W) │ 300 │\n");
    assert_eq!(runs, 0);
}

#[test]
fn reads_a_table_in_a_readme_code_block() {
    let table = fixture("aiperf/genai_perf_console.log");
    let readme = format!("# Benchmark\n\nExample output:\n\n```\n{}```\n", table.split_once('\n').unwrap().1);
    let out = parse_file("raw/README.md", &readme, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
    assert_eq!(out.runs[0].format, "genai-perf");
    numbers_trace_to_their_lines(&readme, &out);
}

/// A docs page saved as markdown with the sample output pasted without a fence: the table's
/// centred title is indented by more than four spaces, so markdown makes it a code block of
/// its own and the table a paragraph. Before, the title alone was read (`aiperf-table-cut`)
/// and the table not at all.
#[test]
fn reads_a_table_pasted_without_a_fence_under_its_indented_title() {
    let text = fixture("aiperf/genai_perf_unfenced_docs_page.md");
    let findings = check(
        "raw/speculative_decoding.md",
        &text,
        &[&[
            ("/format", json!("genai-perf")),
            ("/source/line", json!(19)),
            ("/metrics/e2e_ms/mean", json!(7510.69)),
            ("/metrics/e2e_ms/p75", json!(7832.68)),
            ("/metrics/output_throughput", json!(43.27)),
            ("/metrics/request_throughput", json!(0.13)),
            ("/metrics/completed", json!(4)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/speculative_decoding.md", &text, None));
}

/// AIPerf 0.11's sweep aggregate of one run per value: each metric keyed by its name alone
/// (`request_count`, `time_to_first_token`) with its requests' `min`, `max` and `p1` … `p99`
/// beside the `mean`. Of one run those are the run's statistics (only the means had been
/// read), and `request_count` is the completed requests (it had been an extra `count
/// request`); `min` and `max` are no spread over runs.
#[test]
fn a_one_trial_sweep_aggregate_keeps_its_requests_percentiles() {
    let name = "aiperf/profile_export_aiperf_sweep_0.11_one_trial.json";
    let path = "raw/sweep_aggregate/profile_export_aiperf_sweep.json";
    let text = fixture(name);
    let findings = check(
        path,
        &text,
        &[
            &[
                ("/scenario/max_concurrency", json!(16)),
                ("/metrics/completed", json!(2044)),
                ("/metrics/ttft_ms/mean", json!(28.736161119863013)),
                ("/metrics/ttft_ms/p50", json!(26.7700945)),
                ("/metrics/ttft_ms/p99", json!(66.76023583999999)),
                ("/metrics/ttft_ms/min", json!(22.086802)),
                ("/metrics/e2e_ms/max", json!(10145.211403)),
                ("/metrics/request_throughput", json!(6.814794988917071)),
            ],
            &[("/scenario/max_concurrency", json!(768)), ("/metrics/completed", json!(5097)), ("/metrics/e2e_ms/p50", json!(41389.434642))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file(path, &text, None));
}

/// The sweep aggregate AIPerf writes to `sweep_aggregate/profile_export_aiperf_sweep.json`,
/// as its documentation shows it (in a ```json block): one run per combination, the mean
/// over the trials as the value with its spread, the swept concurrency as the scenario.
#[test]
fn a_sweep_aggregate_is_one_run_per_combination() {
    let text = fixture("aiperf/parameter_sweeping_doc.md");
    let spread = |std: f64, ci: Option<(f64, f64)>, min_max: Option<(f64, f64)>| {
        let mut s = json!({"runs": 5, "std": std, "ci_level": 0.95});
        if let Some((low, high)) = ci {
            s["ci_low"] = json!(low);
            s["ci_high"] = json!(high);
        }
        if let Some((min, max)) = min_max {
            s["min"] = json!(min);
            s["max"] = json!(max);
        }
        s
    };
    let findings = check(
        "docs/parameter-sweeping.md",
        &text,
        &[
            &[
                ("/format", json!("aiperf")),
                ("/section", json!("Example Sweep Aggregate")),
                ("/scenario/max_concurrency", json!(10)),
                ("/source/context/scenario.max_concurrency", json!({"line": 45, "kind": "metadata"})),
                ("/metrics/request_throughput", json!(95.2)),
                ("/metrics/spread/request_throughput", spread(3.1, Some((91.6, 98.8)), Some((91.5, 99.0)))),
                // The documentation's hand-written `ttft_p99_ms` names no statistic AIPerf writes.
                ("/metrics/extra/avg ttft p99 ms (ms)", json!(125.4)),
                ("/source/line", json!(43)),
            ],
            &[("/scenario/max_concurrency", json!(20)), ("/metrics/request_throughput", json!(175.8)), ("/metrics/spread/request_throughput", spread(5.4, None, None))],
            &[("/scenario/max_concurrency", json!(30)), ("/metrics/request_throughput", json!(245.3))],
            &[("/scenario/max_concurrency", json!(40)), ("/metrics/request_throughput", json!(255.1)), ("/source/line", json!(106))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/parameter-sweeping.md", &text, None));
}

/// The layout AIPerf's exporter also writes (`aggregation_type: sweep`, combinations under
/// `metrics`), with AIPerf's own keys, a swept rate, a single trial (no spread) and a
/// parameter runs have no field for.
#[test]
fn a_sweep_listed_under_metrics_with_one_trial() {
    let text = r#"{"aggregation_type": "sweep", "num_runs": 1, "metadata": {"num_trials_per_value": 1},
"metrics": [
 {"parameters": {"phases.profiling.rate": 2.5, "phases.profiling.concurrency": 8},
  "metrics": {"time_to_first_token_p99": {"mean": 0.25, "std": 0.0, "unit": "sec"}, "request_throughput": {"mean": 2.4, "std": 0.0, "unit": "requests/sec"}}},
 {"parameters": {"datasets.main.prompts.isl": 512},
  "metrics": {"request_latency_avg": {"mean": 900.0, "std": 0.0, "unit": "ms"}}}
]}"#;
    let findings = check(
        "raw/sweep_aggregate/profile_export_aiperf_sweep.json",
        text,
        &[
            &[
                ("/metrics/ttft_ms/p99", json!(250.0)),
                ("/metrics/request_throughput", json!(2.4)),
                ("/scenario/request_rate", json!(2.5)),
                ("/scenario/max_concurrency", json!(8)),
            ],
            &[("/metrics/e2e_ms/mean", json!(900.0)), ("/scenario/max_concurrency", json!(null))],
        ],
    );
    assert_eq!(findings, vec!["aiperf-sweep-parameter@5"]);
    let out = parse_file("raw/sweep_aggregate/profile_export_aiperf_sweep.json", text, None);
    assert!(out.runs.iter().all(|r| r.metrics.spread.is_empty()), "one trial has no spread");
}

#[test]
fn hostile_sweep_aggregates_give_no_runs_and_no_panic() {
    for text in [
        r#"{"per_combination_metrics": []}"#,
        r#"{"per_combination_metrics": [1, "x", null, {"metrics": 3}, {"parameters": [], "metrics": {}}]}"#,
        r#"{"per_combination_metrics": [{"parameters": {"concurrency": -4, "request_rate": 1e999}, "metrics": {"request_throughput_avg": {"mean": 1.0, "unit": "requests/sec"}}}]}"#,
        r#"{"per_combination_metrics": [{"parameters": {"concurrency": 1}, "metrics": {"request_throughput_avg": {"mean": "fast", "unit": "requests/sec"}}}]}"#,
        r#"{"aggregation_type": "sweep", "metrics": {"not": "a list"}}"#,
    ] {
        let out = parse_file("raw/profile_export_aiperf_sweep.json", text, None);
        for run in &out.runs {
            assert!(run.scenario.max_concurrency.is_none_or(|c| c > 0), "{text}");
            assert!(run.metrics.request_throughput.is_some_and(f64::is_finite), "{text}");
        }
    }
}

/// GenAI-Perf's config-file layout of `input_config` (`model_names`, `endpoint`,
/// `perf_analyzer.stimulus`, `input.synthetic_tokens`), as genai-perf's own tests build it
/// (perf_analyzer `genai-perf/tests/test_process_export_files.py`); no published export in
/// this layout was found, so the metrics are those of that test.
#[test]
fn genai_perf_config_file_layout_fills_the_scenario() {
    let text = r#"{
  "request_throughput": {"unit": "requests/sec", "avg": 15.0},
  "output_token_throughput": {"unit": "tokens/sec", "avg": 200.0},
  "input_config": {
    "model_names": ["small_model"],
    "input": {"batch_size": 1, "num_dataset_entries": 10, "synthetic_tokens": {"mean": 550, "stddev": 0},
              "output_tokens": {"mean": 16, "stddev": 0, "deterministic": false}, "prompt_source": "synthetic"},
    "endpoint": {"backend": "vllm", "url": "localhost:8001", "service_kind": "triton", "output_format": "vllm"},
    "perf_analyzer": {"path": "perf_analyzer", "stimulus": {"concurrency": 4}, "request_count": {"num": 100, "warmup": 0}}
  }
}"#;
    let findings = check(
        "raw/artifacts/profile_export.json",
        text,
        &[&[
            ("/format", json!("genai-perf")),
            ("/model", json!("small_model")),
            ("/scenario/max_concurrency", json!(4)),
            ("/scenario/input_len", json!(550)),
            ("/scenario/output_len", json!(16)),
            ("/scenario/num_prompts", json!(100)),
            ("/source/context/scenario.max_concurrency", json!({"line": 9, "kind": "metadata"})),
            ("/source/context/scenario.input_len", json!({"line": 6, "kind": "metadata"})),
            ("/metrics/request_throughput", json!(15.0)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // A request rate instead of a concurrency; a file as the prompt source has no input length.
    let text = text.replace(r#""concurrency": 4"#, r#""request_rate": 2.5"#).replace(r#""prompt_source": "synthetic""#, r#""prompt_source": "file""#);
    check(
        "raw/artifacts/profile_export.json",
        &text,
        &[&[("/scenario/request_rate", json!(2.5)), ("/scenario/max_concurrency", json!(null)), ("/scenario/input_len", json!(null))]],
    );
}

/// AIPerf's template-endpoint tutorial: the console prints `-` for the statistics a rate has
/// not (`Request Throughput (req/s) │ 8.78 │ - │ - │`), as GenAI-Perf printed `N/A`. A dash is
/// "not applicable", not an unreadable value: no warning, and the run keeps its numbers and
/// the `aiperf profile` command's model.
#[test]
fn a_dash_under_a_rates_statistics_is_not_applicable() {
    let text = fixture("aiperf/template_endpoint_dash_cells.md");
    let findings = check(
        "raw/template.md",
        &text,
        &[&[
            ("/metrics/request_throughput", json!(8.78)),
            ("/metrics/ttft_ms/p99", json!(109.23)),
            ("/metrics/e2e_ms/mean", json!(456.78)),
            ("/model", json!("your-model")),
            ("/source/context/model", json!({"line": 7, "kind": "command"})),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// The same tutorial's command passes a JSON payload template in single quotes over four lines
/// (`--extra-inputs payload_template:'` … `}' \\`): the quote keeps the command joined, so the
/// flags after it (`--synthetic-input-tokens-mean 100 … --concurrency 4 --request-count 20`)
/// still give the run its scenario, each from the command's first line.
#[test]
fn a_quoted_argument_spanning_lines_does_not_end_the_command() {
    check(
        "raw/template.md",
        &fixture("aiperf/template_endpoint_dash_cells.md"),
        &[&[
            ("/scenario/max_concurrency", json!(4)),
            ("/scenario/num_prompts", json!(20)),
            ("/scenario/input_len", json!(100)),
            ("/scenario/output_len", json!(50)),
            ("/source/context/scenario.max_concurrency", json!({"line": 7, "kind": "command"})),
        ]],
    );
}

/// A walkthrough's console table wraps `Output Token` over `Throughput (tok/sec)` and
/// `Request Count` over `(successful)`: the output throughput and the completed requests (both
/// were kept as extras); `Benchmark Duration: 63.35 sec` under the table is the run's duration.
#[test]
fn tok_sec_throughput_and_successful_request_count() {
    let text = fixture("aiperf/walkthrough_tok_sec_successful.md");
    let expected = [("/metrics/output_throughput", json!(4675.0)), ("/metrics/completed", json!(1690)), ("/metrics/request_throughput", json!(26.68)), ("/metrics/ttft_ms/p99", json!(951.16)), ("/metrics/duration_s", json!(63.35)), ("/source/lines/metrics.duration_s", json!(24))];
    assert_eq!(check("raw/aiperf_walkthrough.md", &text, &[&expected]), Vec::<String>::new());
}

/// AIPerf's CSV of a llama.cpp server at concurrency 1 with HTTP trace rows and errored
/// requests: the `Metric,Value` block's totals keep their names (`total error input sequence
/// length (tokens)`, not `avg …`: they had been labelled as averages), the counts the run's.
#[test]
fn value_rows_are_no_averages() {
    let text = fixture("aiperf/llamacpp_concurrency1_http_trace_errors.csv");
    let out = parse_file("raw/profile_export_aiperf.csv", &text, None);
    assert_eq!(out.runs.len(), 1);
    let r = &out.runs[0];
    assert_eq!((r.metrics.completed, r.metrics.failed, r.metrics.output_throughput), (Some(15), Some(5), Some(13.01)));
    assert_eq!(r.metrics.more.extra.get("total error input sequence length (tokens)").copied(), Some(45.0));
    assert!(r.metrics.more.extra.keys().all(|k| !k.starts_with("avg total")), "{:?}", r.metrics.more.extra.keys().collect::<Vec<_>>());
    numbers_trace_to_their_lines(&text, &out);
}
