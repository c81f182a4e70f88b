//! EvalScope `evalscope perf`: each layout its releases print (the `key: value` summary of
//! 0.5, the grids of 0.7–1.6 with their percentile tables, the sweep's `Detailed Performance
//! Metrics`, 1.7's box in ms) and `benchmark_summary.json`, from real outputs; seconds
//! converted, the wall-time `Average time per output token` of the old releases kept apart
//! from TPOT, a failed sweep's `-1.00`/`nan` no numbers.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::{json, Value};

fn read(name: &str, path: &str) -> (String, benchsite_ingest::FileOutput) {
    let text = fixture(&format!("evalscope/{name}"));
    let out = parse_file(path, &text, None);
    numbers_trace_to_their_lines(&text, &out);
    (text, out)
}

#[test]
fn the_key_value_summary_of_the_first_releases() {
    let text = fixture("evalscope/keyvalue_atlas800_mindie.txt");
    let run = |line: u32, c: u64, mean: f64, p99: f64, tps: f64| {
        vec![
            ("/format", json!("evalscope")),
            ("/source/line", json!(line)),
            ("/scenario/max_concurrency", json!(c)),
            ("/scenario/num_prompts", json!(1000)),
            ("/metrics/e2e_ms/mean", json!(mean)),
            ("/metrics/e2e_ms/p99", json!(p99)),
            ("/metrics/output_throughput", json!(tps)),
            // The test's duration over its output tokens, not a per-request TPOT.
            ("/metrics/tpot_ms", Value::Null),
            // Not streamed (`Average package per request: 1.000`): the TTFT printed equals the
            // request latency in every statistic, the time to the whole response.
            ("/metrics/ttft_ms", Value::Null),
        ]
    };
    let mut first = run(19, 8, 3213.0, 6854.5, 594.929);
    first.extend([("/model", json!("qwen")), ("/scenario/dataset", json!("openqa")), ("/metrics/extra/evalscope average time per output token", json!(0.00168))]);
    // The command pasted once above them all holds for every summary below it.
    let mut later = [run(57, 16, 3391.0, 7247.8, 1119.102), run(96, 8, 3712.0, 7441.5, 480.043)];
    for run in &mut later {
        run.extend([("/model", json!("qwen")), ("/scenario/dataset", json!("openqa")), ("/source/lines/model", json!(7))]);
    }
    let findings = check("raw/atlas800.log", &text, &[&first, &later[0], &later[1]]);
    assert_eq!(findings, ["not-streamed@29", "not-streamed@67", "failed-requests@102", "not-streamed@106"]);
    read("keyvalue_atlas800_mindie.txt", "raw/atlas800.log");
}

#[test]
fn the_grid_summary_and_its_percentiles_in_seconds() {
    let text = fixture("evalscope/grid_v016_full_log.txt");
    let expected = [
        ("/model", json!("DeepSeek-R1-Distill-Qwen-32B")),
        ("/scenario/dataset", json!("openqa")),
        ("/scenario/max_concurrency", json!(64)),
        ("/scenario/num_prompts", json!(10)),
        ("/metrics/completed", json!(10)),
        ("/metrics/duration_s", json!(84.7137)),
        ("/metrics/output_throughput", json!(144.793)),
        ("/metrics/ttft_ms/mean", json!(524.7)),
        ("/metrics/ttft_ms/p99", json!(525.8)),
        ("/metrics/tpot_ms/mean", json!(52.8)),
        ("/metrics/itl_ms/p50", json!(52.2)),
        ("/metrics/e2e_ms/p90", json!(84713.0)),
    ];
    assert_eq!(check("raw/evalscope.log", &text, &[&expected]), Vec::<String>::new());
    let (_, out) = read("grid_v017_itl.txt", "raw/evalscope2.log");
    assert_eq!(out.runs.len(), 1);
    assert_eq!(out.runs[0].metrics.itl_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(4.9));
    let (_, out) = read("grid_v017_gptoss_no_command.txt", "raw/evalscope3.log");
    assert_eq!((out.runs.len(), out.runs[0].model.as_deref()), (1, None), "no command: no model");
    assert_eq!((out.runs[0].scenario.max_concurrency, out.runs[0].metrics.output_throughput), (Some(5), Some(514.391)));
}

#[test]
fn a_sweeps_detailed_metrics_are_a_run_per_concurrency() {
    let text = fixture("evalscope/rich_sweep_gptoss.txt");
    let run = |line: u32, c: u64, rps: f64, ttft: f64, p99: f64| {
        let prompts = [(1, 5), (10, 20), (50, 100), (100, 200)].iter().find(|(p, _)| *p == c).map(|(_, n)| *n);
        vec![
            ("/source/line", json!(line)),
            ("/model", json!("gpt-oss-20b")),
            // `--dataset random`, prompts and outputs of 1024 tokens fixed by the command's
            // least and most; `--number 5 20 100 200` a count per run, paired with `--parallel
            // 1 10 50 100` (from its line).
            ("/scenario/dataset", json!("random")),
            ("/scenario/input_len", json!(1024)),
            ("/scenario/output_len", json!(1024)),
            ("/scenario/num_prompts", json!(prompts)),
            ("/source/lines/scenario.num_prompts", json!(4)),
            ("/scenario/max_concurrency", json!(c)),
            ("/metrics/request_throughput", json!(rps)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/metrics/ttft_ms/p99", json!(p99)),
        ]
    };
    let findings = check("raw/sweep.log", &text, &[&run(36, 1, 0.15, 94.0, 96.0), &run(37, 10, 0.96, 865.0, 1278.0), &run(38, 50, 2.47, 2051.0, 5446.0), &run(39, 100, 3.37, 2354.0, 6936.0)]);
    assert_eq!(findings, Vec::<String>::new());
    read("rich_sweep_gptoss.txt", "raw/sweep.log");
}

#[test]
fn a_failed_sweep_row_holds_no_numbers_and_cut_headers_take_their_metrics_unit() {
    let (_, out) = read("rich_rate_column_failed_run.txt", "raw/failed.log");
    let failed = &out.runs[0];
    assert_eq!((failed.model.as_deref(), failed.scenario.dataset.as_deref()), (Some("qwen2:0.5b-instruct"), Some("openqa")));
    assert!(failed.metrics.request_throughput.is_none() && failed.metrics.e2e_ms.is_none(), "-1.00 and nan are no measurements");
    // `P99 TTFT(…` cut short: seconds, as its `Avg TTFT(s)` column says.
    let rated = &out.runs[1];
    assert_eq!(rated.metrics.ttft_ms.as_ref().and_then(|l| l.get("p99").copied()), Some(29.0));
    assert_eq!(rated.scenario.request_rate, Some(benchsite_model::RequestRate::PerSecond(10.0)));
    // (A success rate of 0%: every request failed, which the run's warning says.)
    let codes: Vec<String> = common::found(&out);
    assert_eq!(codes, ["only-extra-metrics@34", "failed-requests@34"]);
}

#[test]
fn the_box_of_the_latest_releases_in_ms() {
    let text = fixture("evalscope/box_ms_v17_docs.txt");
    let expected = [
        ("/scenario/max_concurrency", json!(200)),
        ("/scenario/num_prompts", json!(400)),
        ("/metrics/completed", json!(400)),
        ("/metrics/failed", json!(0)),
        ("/metrics/ttft_ms/mean", json!(717.63)),
        ("/metrics/ttft_ms/p99", json!(2319.52)),
        ("/metrics/tpot_ms/mean", json!(17.66)),
        ("/metrics/e2e_ms/mean", json!(18780.0)),
        ("/metrics/e2e_ms/p50", json!(18710.0)),
        ("/metrics/total_throughput", json!(21384.91)),
    ];
    assert_eq!(check("raw/box.log", &text, &[&expected]), Vec::<String>::new());
    read("box_ms_v17_docs.txt", "raw/box.log");
}

#[test]
fn benchmark_summary_json() {
    let text = fixture("evalscope/benchmark_summary_a100.json");
    let expected = [
        ("/format", json!("evalscope-json")),
        ("/scenario/max_concurrency", json!(1)),
        ("/metrics/ttft_ms/mean", json!(273.4)),
        ("/metrics/tpot_ms/mean", json!(24.8)),
        ("/metrics/e2e_ms/mean", json!(25589.2)),
        ("/metrics/total_throughput", json!(81.5323)),
    ];
    assert_eq!(check("raw/benchmark_summary.json", &text, &[&expected]), Vec::<String>::new());
    read("benchmark_summary_a100.json", "raw/benchmark_summary.json");
}

#[test]
fn hostile_summaries_give_no_panic() {
    for text in [
        "Benchmarking summary:\n",
        "Benchmarking summary:\n| Key | Value |\n| Time taken for tests (s) | nan |\n",
        "Detailed Performance Metrics\n┃ Conc. ┃\n│ x │\n",
        "Percentile results:\nBenchmarking summary:\n Percentile of time to first token:\n     p50: -1\n",
        "{\"Time taken for tests (s)\": \"x\", \"Test Duration (s)\": null}",
    ] {
        let _ = parse_file("raw/x.log", text, None);
    }
}

/// A sweep whose rows at concurrency 10 and more succeeded for 23–30% of their requests: each
/// such run is warned of its failures (the counts it states are the successful ones'), with
/// the requests its `--number` sent at that concurrency.
#[test]
fn low_success_rates_of_a_sweep_are_failures() {
    let (_, out) = read("sweep_low_success_rate_zh.log", "raw/muxi.log");
    let sent: Vec<Option<u64>> = out.runs.iter().map(|r| r.scenario.num_prompts).collect();
    assert_eq!(sent, [Some(10), Some(20), Some(100), Some(200), Some(400)]);
    let failed: Vec<u32> = out.findings.iter().filter(|f| f.code == "failed-requests").map(|f| f.line).collect();
    assert_eq!(failed, [76, 77, 78, 79]);
    assert!(out.findings.iter().any(|f| f.message.contains("70.0% of this run's requests failed (20 sent, success rate 30%)")));
}

/// A Chinese page on vLLM over four MetaX MXC500 (evalscope-perf 0.5.5), not streamed: the
/// time to first token equals the request latency in the mean and every percentile, so no
/// TTFT is read (it would have been compared with streamed runs' first tokens) and a
/// warning says why; the request latency stays.
#[test]
fn a_time_to_first_token_equal_to_the_latency_is_no_first_token() {
    let (_, out) = read("not_streamed_mxc500_zh.md", "raw/mxc500.md");
    assert_eq!(out.runs.len(), 1);
    let r = &out.runs[0];
    assert_eq!(r.metrics.ttft_ms, None);
    assert_eq!(r.metrics.more.e2e_ms.as_ref().and_then(|l| l.get("p99").copied()), Some(116997.4));
    let warned: Vec<u32> = out.findings.iter().filter(|f| f.code == "not-streamed").map(|f| f.line).collect();
    assert_eq!(warned, [61]);
}
