//! The shared vocabulary's rules: units come from keys, cells, headers or a tool's rule and
//! never from a default; templates are notes, not errors; JSON `null`s and lengths a dataset
//! ignores are not findings or values; files that look like results but give no run say so.

mod common;

use benchsite_ingest::parse_file;
use benchsite_model::Severity;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::{json, Value};

/// SGLang writes `random_input_len`/`random_output_len` defaults and `null`s for what it did
/// not measure, even for a ShareGPT run: neither lengths nor findings.
#[test]
fn sglang_sharegpt_run_keeps_no_random_lengths_and_no_null_findings() {
    let text = fixture("vocab/sglang_sharegpt_defaults.jsonl");
    let findings = check(
        "raw/sglang.jsonl",
        &text,
        &[&[
            ("/format", json!("sglang-jsonl")),
            ("/scenario/dataset", json!("sharegpt")),
            ("/scenario/input_len", Value::Null),
            ("/scenario/output_len", Value::Null),
            ("/scenario/range_ratio", Value::Null),
            ("/scenario/request_rate", json!(4.0)),
            ("/metrics/ttft_ms/median", json!(68.27884959056973)),
            ("/metrics/e2e_ms/median", json!(1988.5655880207196)),
            ("/metrics/completed", json!(1200)),
            ("/source/lines/metrics.ttft_ms.median", json!(2)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/sglang.jsonl", &text, None));
}

/// The same run with the random lengths a random dataset takes.
#[test]
fn random_dataset_keeps_its_lengths() {
    let text = fixture("vocab/sglang_sharegpt_defaults.jsonl").replace("\"sharegpt\"", "\"random\"");
    check("raw/sglang.jsonl", &text, &[&[("/scenario/input_len", json!(1024)), ("/scenario/range_ratio", json!(0.0))]]);
}

/// A post-processor that drops the `_ms` suffix (InferenceX's `process_result.py` does, and
/// divides by 1000 on the way) leaves latencies whose unit nobody states: kept as written in
/// `metrics.extra`, never stored as ms.
#[test]
fn latency_keys_without_a_unit_are_kept_aside_with_a_finding() {
    let text = fixture("vocab/sglang_sharegpt_defaults.jsonl").replace("_ms\"", "\"");
    let out = parse_file("raw/summary.jsonl", &text, None);
    let run = &out.runs[0];
    assert!(run.metrics.ttft_ms.is_none() && run.metrics.e2e_ms.is_none(), "{:?}", run.metrics);
    assert_eq!(run.metrics.extra.get("median ttft"), Some(&68.27884959056973));
    let unknown: Vec<u32> = out.findings.iter().filter(|f| f.code == "unit-unknown").map(|f| f.line).collect();
    // mean and median e2e latency, median TTFT, median ITL.
    assert_eq!(unknown, vec![2; 4], "{:?}", out.findings);
    numbers_trace_to_their_lines(&text, &out);
}

/// A unit printed after the number or in the section header is a stated unit.
#[test]
fn latency_unit_from_the_cell_or_the_section_header() {
    let block = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\n\
                 Mean TTFT: 1.5s\n---------------Time to First Token (ms)----------------\nMedian TTFT: 10.5\n\
                 ==================================================\n";
    check("raw/u.log", block, &[&[("/metrics/ttft_ms/mean", json!(1500.0)), ("/metrics/ttft_ms/median", json!(10.5))]]);
}

/// A README that shows the output's shape with placeholders is a template: a note, no run,
/// nothing that fails the build.
#[test]
fn template_block_is_a_note() {
    let text = "# Benchmark\n\nRun it and you will see:\n\n```\n============ Serving Benchmark Result ============\n\
                Successful requests: <value>\nBenchmark duration (s): <value>\nRequest throughput (req/s): xxx\n\
                Mean TTFT (ms): {ttft}\nMedian TTFT (ms): N/A\n==================================================\n```\n";
    let out = parse_file("README.md", text, None);
    assert!(out.runs.is_empty());
    let codes: Vec<(&str, Severity)> = out.findings.iter().map(|f| (f.code.as_str(), f.severity)).collect();
    assert_eq!(codes, vec![("template-block", Severity::Info)]);
}

/// Hand annotations after a value keep the value.
#[test]
fn annotated_values_keep_their_number() {
    let text = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\n\
                Request throughput (req/s): 2.00      ← key metric\nMean TTFT (ms): 149.03 (best)\n\
                ==================================================\n";
    check("raw/a.log", text, &[&[("/metrics/request_throughput", json!(2.0)), ("/metrics/ttft_ms/mean", json!(149.03))]]);
}

/// A tool benchsite does not read: the first line that looks like a result is named.
#[test]
fn results_of_an_unsupported_tool_are_named_not_dropped() {
    let text = fixture("vocab/mlx_serving_raw_stats.txt");
    let out = parse_file("raw/mlx.md", &text, None);
    assert!(out.runs.is_empty());
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, vec!["results-not-read@7"]);
    assert_eq!(out.findings[0].severity, Severity::Warning);
}

/// InferenceX's aggregated JSON (seconds under unsuffixed keys) is read by its own reader,
/// which knows the seconds, not as a vLLM result whose keys would be taken for ms.
#[test]
fn inferencex_aggregate_is_read_in_seconds_not_misread() {
    let text = fixture("vocab/inferencex_agg.json");
    let out = parse_file("raw/agg_gptoss.json", &text, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
    let run = &out.runs[0];
    assert_eq!(run.format, "inferencex");
    assert_eq!(run.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean")), Some(&123.0), "0.123 s");
    assert_eq!(run.metrics.tpot_ms.as_ref().and_then(|l| l.get("median")), Some(&4.5), "0.0045 s");
}

/// Prose and configuration without results stay quiet (a `no-runs` note at most).
#[test]
fn files_without_results_get_no_warning() {
    let out = parse_file("raw/notes.txt", "We ran on the H800 with v0.9.2.\nThroughput is discussed later.\n", None);
    assert!(out.findings.iter().all(|f| f.severity == Severity::Info), "{:?}", out.findings);
}

/// Every prefix of every fixture parses without a panic.
#[test]
fn every_prefix_of_the_fixtures_parses() {
    for name in ["vocab/sglang_sharegpt_defaults.jsonl", "vocab/mlx_serving_raw_stats.txt", "vocab/inferencex_agg.json"] {
        let text = fixture(name);
        let step = (text.len() / 200).max(1);
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let _ = parse_file("raw/cut.json", &text[..cut], None);
            }
            cut += step;
        }
    }
}

/// Hostile values: wrong types, huge numbers and nulls everywhere give findings or nothing,
/// never a panic or an invented number.
#[test]
fn hostile_json_values_give_no_invented_numbers() {
    let text = "{\"completed\": null, \"duration\": \"soon\", \"request_throughput\": 1e308, \"mean_ttft\": [1, 2], \"median_ttft\": 1e400}";
    let out = parse_file("raw/h.json", text, None);
    for run in &out.runs {
        assert!(run.metrics.ttft_ms.is_none(), "{run:?}");
    }
}

/// vLLM `--metadata KEY=VALUE` entries are top-level keys of the saved result (string
/// values); they fill GPU and TP with `metadata` provenance when nothing better states them.
/// Keys as in `--metadata pp=1 tp=1 rank0=T4x1` (swjeong9/vllm-example
/// benchmark/run_benchmark_example.sh) and `hardware=910B3 env=TP4PP1` (issue 10's sample).
#[test]
fn metadata_entries_fill_gpu_and_tp_with_their_provenance() {
    let base = fixture("vocab/sglang_sharegpt_defaults.jsonl");
    let text = base.replacen("{\"backend\": \"sglang\",", "{\"backend\": \"vllm\", \"hardware\": \"Ascend910B3\", \"env\": \"TP4PP1\",", 1);
    check(
        "raw/result.json",
        &text,
        &[&[
            ("/gpu", json!("910B3")),
            ("/tp", json!(4)),
            ("/framework", json!("vllm")),
            ("/source/context/gpu", json!({"line": 2, "kind": "metadata"})),
            ("/source/context/tp", json!({"line": 2, "kind": "metadata"})),
        ]],
    );
    let text = base.replacen("{\"backend\": \"sglang\",", "{\"backend\": \"sglang\", \"tp\": \"1\", \"pp\": \"1\", \"gpu\": \"H100\",", 1);
    check("raw/result.json", &text, &[&[("/gpu", json!("H100")), ("/tp", json!(1)), ("/framework", json!("sglang"))]]);
    // A sidecar, stated by the content's author, comes first.
    let meta = benchsite_ingest::Meta { gpu: Some("H800".into()), ..Default::default() };
    let out = parse_file("raw/result.json", &text, Some(&meta));
    assert_eq!(out.runs[0].gpu.as_deref(), Some("H800"));
    assert!(!out.runs[0].source.context.contains_key("gpu"));
}

/// `Namespace(backend='vllm', ...)` is all a dropped log says of its framework: taken, and
/// the run says it is only the client's backend (kind `client-backend`, it was `namespace`).
#[test]
fn framework_from_the_namespace_records_its_context() {
    let text = "Namespace(backend='vllm', base_url=None, dataset_name='random', num_prompts=4)\n\
                ============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\n\
                Request throughput (req/s): 2.00\nMean TTFT (ms): 10.5\n==================================================\n";
    check("dropped.log", text, &[&[("/framework", json!("vllm")), ("/source/context/framework", json!({"line": 1, "kind": "client-backend"}))]]);
}

/// A survey of cloud ASR services: its overview table has a first-token latency column, but
/// every cell there is an estimate (`~200ms`, `<150ms`) and the numbers beside it are prices:
/// no measured result, no `results-not-read`.
#[test]
fn estimates_and_prices_are_no_results_not_read() {
    let out = parse_file("raw/asr.md", &fixture("vocab/asr_vendor_survey_zh.md"), None);
    assert!(out.runs.is_empty());
    assert!(out.findings.iter().all(|f| f.code != "results-not-read"), "{:?}", out.findings);
}

/// A README's measured table: `83–98 ms/token ≈ 10–12 tok/s` is a range, not a result, but
/// the row below it (`首字延迟 … | **25.2 s**`, a time to first token) is one, and is named
/// (by the table's own finding, which makes the file's `results-not-read` redundant).
#[test]
fn a_range_is_passed_over_for_the_measured_row_below_it() {
    let out = parse_file("raw/README.md", &fixture("vocab/measured_ranges_readme_zh.md"), None);
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, vec!["table-not-read@9"]);
}

/// A line of SGLang's `--output-file` as a script's author pasted it, wrapped over ten lines:
/// one run; every value keeps the line of its own key; the measured `concurrency` and the
/// spread (`std_*`) are kept, the ShareGPT run's `random_*_len` defaults and `accept_length:
/// null` say nothing.
#[test]
fn sglang_output_line_wrapped_over_lines_keeps_each_values_line() {
    let text = fixture("vocab/sglang_output_wrapped.jsonl");
    let findings = check(
        "raw/sglang.jsonl",
        &text,
        &[&[
            ("/format", json!("sglang-jsonl")),
            ("/framework", json!("sglang")),
            ("/scenario/dataset", json!("sharegpt")),
            ("/scenario/input_len", Value::Null),
            ("/scenario/output_len", Value::Null),
            ("/scenario/request_rate", json!(5.0)),
            ("/scenario/max_concurrency", json!(256)),
            ("/metrics/completed", json!(1000)),
            ("/metrics/concurrency", json!(11.780263008980727)),
            ("/metrics/ttft_ms/p99", json!(327.9139723521075)),
            ("/source/lines/metrics.ttft_ms.p99", json!(9)),
            ("/metrics/itl_ms/p95", json!(18.839622958330438)),
            ("/source/lines/metrics.itl_ms.p95", json!(12)),
            ("/metrics/e2e_ms/std", json!(2620.270331568627)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/sglang.jsonl", &text, None));
}

/// `vllm bench serve --goodput ttft:200 tpot:50 --metric-percentiles 50,90,99` against a
/// simulator, as a book lab publishes it: `Request goodput`, `Request rate configured`,
/// `Peak output token throughput`, `Peak concurrent requests` and the P50/P90 rows of recent
/// versions, every number as printed (it was read right; no fixture had these lines); each
/// run marked as a simulator's.
#[test]
fn vllm_goodput_and_peaks_are_read_as_printed() {
    let text = fixture("vocab/vllm_goodput_peaks_simulated.md");
    let run = |rate: f64, goodput: f64, peak: f64, p90_ttft: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/format", json!("serving-text")),
            ("/scenario/request_rate", json!(rate)),
            ("/metrics/request_goodput", json!(goodput)),
            ("/metrics/peak_concurrent_requests", json!(peak)),
            ("/metrics/failed", json!(0)),
            ("/metrics/ttft_ms/p90", json!(p90_ttft)),
        ]
    };
    let findings = check("docs/ch03.md", &text, &[&run(4.0, 3.78, 21.0, 155.39), &run(8.0, 0.48, 82.0, 8977.8)]);
    // The `# SIMULATED: llm-d-inference-sim …` line above each block marks its run, with a
    // warning and a note naming the line.
    assert_eq!(findings, vec!["simulated-result@32", "simulated-result@74"]);
    let out = parse_file("docs/ch03.md", &text, None);
    assert!(out.runs.iter().all(|r| r.notes.iter().any(|n| n.text.starts_with("measured against a simulator: # SIMULATED"))), "{:?}", out.runs.iter().map(|r| &r.notes).collect::<Vec<_>>());
    numbers_trace_to_their_lines(&text, &out);
}

/// An issue digest with the issue's body flattened onto one line (a serve command and a whole
/// result block, cut): no reader can read it, and the warning names that line (27), not the
/// title above it, which names one metric (`TTFT latency issue`) beside the issue's number.
#[test]
fn results_not_read_names_the_line_holding_the_results() {
    let text = fixture("serving-text/flattened_block_in_issue_digest_zh.md");
    let out = parse_file("raw/issue_35625.md", &text, None);
    assert!(out.runs.is_empty());
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, vec!["results-not-read@27"]);
}

/// A wiki page holding a vLLM issue's bench_serving block squashed onto one line of prose,
/// cut short: the warning names that line (19), not `no-runs` alone.
#[test]
fn a_result_block_flattened_into_prose_is_named() {
    let text = "<!-- source: handwritten after a vLLM issue digest (issue #20298's body flattened onto one line) -->\n# vllm#20298\n\nBody: ============ Serving Benchmark Result ============ Successful requests: 2048 Benchmark duration (s): 120.50 Request throughput (req/s): 17.00 Output token throughput (tok/s): 2176.33 Mean TTFT (ms): 55010.10 Median TTFT (ms): 54421.75 Median TPOT...\n";
    let out = parse_file("raw/issue_20298.md", text, None);
    assert!(out.runs.is_empty());
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, vec!["results-not-read@4"]);
}

/// Only lines right above a run (or its own) mark it as a simulator's: a document whose
/// introduction mentions its simulator runs says nothing of a real run far below it.
#[test]
fn a_simulator_named_far_above_marks_no_run() {
    let block = "============ Serving Benchmark Result ============\nSuccessful requests:                     100\nBenchmark duration (s):                  10.0\nRequest throughput (req/s):              10.0\nOutput token throughput (tok/s):         1000.0\n==================================================\n";
    let text = format!("Some runs used a simulator; this one did not.\n{}{block}", "\n".repeat(20));
    let out = parse_file("raw/real.log", &text, None);
    assert_eq!(out.runs.len(), 1);
    assert!(common::found(&out).iter().all(|f| !f.starts_with("simulated-result")), "{:?}", common::found(&out));
    let marked = format!("# SIMULATED: llm-d-inference-sim\n{block}");
    // (The block has no latency rows: `missing-metrics`.)
    assert_eq!(common::found(&parse_file("raw/sim.log", &marked, None)), vec!["missing-metrics@2", "simulated-result@1"]);
}

/// A run whose requests generated one token each (a prefill test) prints TPOT and ITL of
/// 0.00: no time between tokens was measured, so they are left out (they had ranked as the
/// best decode latency), with an info naming the first of those lines.
#[test]
fn one_token_requests_have_no_decode_latency() {
    let text = "============ Serving Benchmark Result ============\nSuccessful requests:                     64\nBenchmark duration (s):                  10.0\nTotal input tokens:                      64000\nTotal generated tokens:                  64\nRequest throughput (req/s):              6.4\nOutput token throughput (tok/s):         6.4\n---------------Time to First Token----------------\nMean TTFT (ms):                          150.0\n-----Time per Output Token (excl. 1st token)------\nMean TPOT (ms):                          0.00\n---------------Inter-token Latency----------------\nMean ITL (ms):                           0.00\n==================================================\n";
    let findings = check("raw/prefill.log", text, &[&[("/metrics/ttft_ms/mean", json!(150.0)), ("/metrics/tpot_ms", json!(null)), ("/metrics/itl_ms", json!(null))]]);
    assert_eq!(findings, vec!["one-token-requests@11"]);
    // Two tokens a request: the zeros stay what they are (no rule hides them).
    let two = text.replace("Total generated tokens:                  64", "Total generated tokens:                  128");
    let out = parse_file("raw/two.log", &two, None);
    assert!(out.runs[0].metrics.tpot_ms.is_some());
}

/// A skill's template of SGLang's result block, every value `0` under a `...` where the
/// request counts were: a template (a note), no run of zeros. A run whose requests all
/// failed still prints its `Successful requests: 0` and is read as one.
#[test]
fn a_block_of_zeros_that_counts_no_request_is_a_template() {
    let text = "```\n============ Serving Benchmark Result ============\n...\nOutput token throughput (tok/s):         0\nTotal token throughput (tok/s):          0\nMean TTFT (ms):                          0\nMean TPOT (ms):                          0\nMean ITL (ms):                           0\n==================================================\n```\n";
    let out = parse_file("raw/skill.md", text, None);
    assert!(out.runs.is_empty(), "{:?}", out.runs);
    assert_eq!(common::found(&out), vec!["template-block@2"]);
}
