//! llm-d Benchmark Report (v0.1 and v0.2, YAML and JSON): a real v0.1 report from the llm-d
//! inference-scheduling guide and the v0.2 schema's own example from llm-d-benchmark.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

const V01: &str = "llmd-report/inference_scheduling_v0_1.yaml";
const V02: &str = "llmd-report/br_v0_2_example.yaml";

#[test]
fn reads_a_v0_1_report_with_units_from_each_statistic() {
    let text = fixture(V01);
    let findings = check(
        "raw/benchmark_report.yaml",
        &text,
        &[&[
            ("/format", json!("llmd-report")),
            // `scenario.model.name` is `unknown`; the inference-perf server names the model.
            ("/model", json!("Qwen/Qwen3-32B")),
            ("/source/context/model", json!({"line": 135, "kind": "metadata"})),
            ("/scenario/num_prompts", json!(1520)),
            ("/metrics/failed", json!(0)),
            ("/metrics/duration_s", json!(38.32603927399032)),
            ("/metrics/request_throughput", json!(15.393174958037951)),
            ("/metrics/output_throughput", json!(14533.223086500615)),
            ("/metrics/total_throughput", json!(131155.19774536352)),
            // `units: s` and `units: s/token`: seconds, stored in ms.
            ("/metrics/ttft_ms/mean", json!(112.928480699)),
            ("/metrics/ttft_ms/p99.9", json!(234.203606778)),
            ("/metrics/ttft_ms/p0.1", json!(49.342036039)),
            ("/metrics/tpot_ms/p50", json!(60.088896817)),
            ("/metrics/itl_ms/max", json!(380.971117993)),
            ("/metrics/e2e_ms/p99", json!(70074.163166441)),
            ("/metrics/extra/latency.normalized_time_per_output_token.mean (s~1token)", json!(0.15128580076064482)),
            ("/metrics/extra/requests.input_length.mean (count)", json!(7576.2131578947365)),
            ("/gpu", json!(null)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/benchmark_report.yaml", &text, None));
}

#[test]
fn reads_a_v0_2_report_with_its_stack_and_workload() {
    let text = fixture(V02);
    let findings = check(
        "raw/br.yaml",
        &text,
        &[&[
            ("/model", json!("Qwen/Qwen3-0.6B")),
            ("/gpu", json!("H100")),
            ("/gpu_count", json!(8)),
            ("/tp", json!(8)),
            ("/source/context/gpu", json!({"line": 30, "kind": "metadata"})),
            ("/source/context/tp", json!({"line": 36, "kind": "metadata"})),
            ("/source/context/scenario.input_len", json!({"line": 74, "kind": "metadata"})),
            // `tool: llm-d` is the stack, not an engine the site compares.
            ("/framework", json!(null)),
            ("/scenario/input_len", json!(2148)),
            ("/scenario/output_len", json!(1000)),
            ("/scenario/request_rate", json!(10.0)),
            // `concurrency: .inf` is no limit.
            ("/scenario/max_concurrency", json!(null)),
            ("/metrics/duration_s", json!(49.97206788184121)),
            ("/scenario/num_prompts", json!(500)),
            ("/metrics/request_throughput", json!(2262.448)),
            ("/metrics/output_throughput", json!(2262.448)),
            ("/metrics/extra/throughput.requests_rate.p99 (queries~1s)", json!(2322.0)),
            ("/metrics/ttft_ms/p99.9", json!(57.014757215)),
            ("/metrics/e2e_ms/mean", json!(36.857823413)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/br.yaml", &text, None));
}

/// The same v0.1 report as the harness also writes it, in JSON (`json.dump(..., indent=2)`).
const V01_JSON: &str = r#"{
  "metrics": {
    "latency": {
      "time_to_first_token": {"max": 0.25903939799172804, "mean": 0.112928480698917, "p99": 0.2188875796733188, "units": "s"},
      "request_latency": {"mean": 54.72027827918535, "units": "s"}
    },
    "requests": {"failures": 0, "total": 1520},
    "throughput": {"output_tokens_per_sec": 14533.223086500615, "requests_per_sec": 15.393174958037951,
      "total_tokens_per_sec": 131155.19774536352},
    "time": {"duration": 38.32603927399032}
  },
  "scenario": {
    "host": {"accelerator": [{"model": "H100", "count": 2, "parallelism": {"tp": 2}},
      {"model": "H100", "count": 2, "parallelism": {"tp": 2}}], "type": ["replica", "replica"]},
    "platform": {"engine": [{"name": "vllm", "version": "0.10.1"}, {"name": "vllm", "version": "0.10.1"}]},
    "load": {"name": "inference-perf"},
    "model": {"name": "Qwen/Qwen3-32B", "quantization": "fp8"}
  },
  "version": "0.1"
}
"#;

/// llm-d's P/D guide: a v0.1 report of a `vllm-benchmark` load, whose `scenario.load.args`
/// are the client's own arguments: its concurrency, request rate (`inf`) and prompts are the
/// run's (all three had been lost; only inference-perf stages were read).
#[test]
fn a_vllm_benchmark_load_gives_its_concurrency_rate_and_prompts() {
    let text = fixture("llmd-report/pd_guide_vllm_benchmark_load.md");
    let findings = check(
        "raw/pd_guide.md",
        &text,
        &[&[
            ("/format", json!("llmd-report")),
            ("/model", json!("RedHatAI/Qwen2-0.5B-Instruct-FP8")),
            ("/scenario/max_concurrency", json!(1)),
            ("/source/context/scenario.max_concurrency", json!({"line": 139, "kind": "metadata"})),
            ("/scenario/request_rate", json!("inf")),
            ("/scenario/num_prompts", json!(32)),
            ("/metrics/output_throughput", json!(484.96805257844136)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/pd_guide.md", &text, None));
}

#[test]
fn reads_the_json_form_and_the_host_section() {
    let findings = check(
        "raw/report.json",
        V01_JSON,
        &[&[
            ("/format", json!("llmd-report")),
            ("/model", json!("Qwen/Qwen3-32B")),
            ("/precision", json!("FP8")),
            ("/gpu", json!("H100")),
            ("/gpu_count", json!(4)),
            ("/tp", json!(2)),
            ("/framework", json!("vllm")),
            ("/framework_version", json!("0.10.1")),
            ("/source/context/framework", json!({"line": 15, "kind": "metadata"})),
            ("/metrics/ttft_ms/p99", json!(218.887579673)),
            ("/metrics/request_throughput", json!(15.393174958037951)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn an_unknown_unit_keeps_the_numbers_in_extra_with_a_finding() {
    let text = V01_JSON.replace(r#""p99": 0.2188875796733188, "units": "s""#, r#""p99": 0.2188875796733188, "units": "fortnights""#);
    let findings = check(
        "raw/report.json",
        &text,
        &[&[
            ("/metrics/ttft_ms", json!(null)),
            ("/metrics/extra/latency.time_to_first_token.p99 (fortnights)", json!(0.2188875796733188)),
            ("/metrics/e2e_ms/mean", json!(54720.278279185)),
        ]],
    );
    assert_eq!(findings, ["unit-unknown@4"]);
}

#[test]
fn a_json_that_is_not_a_report_is_left_to_other_formats() {
    let other = r#"{"version": "0.1", "metrics": {"x": 1}}"#;
    let out = parse_file("raw/o.json", other, None);
    assert!(out.runs.iter().all(|r| r.format != "llmd-report"));
}

#[test]
fn hostile_reports_give_findings_not_panics() {
    for text in [
        "version: '0.1'\nscenario: {}\nmetrics:\n  throughput:\n    requests_per_sec: fast\n",
        "version: '0.1'\nscenario:\n  host:\n    accelerator:\n    - {model: H100, count: 4294967295}\n    - {model: H100, count: 4294967295}\nmetrics:\n  time: {duration: 1e308}\n",
        "version: '0.2'\nscenario: {stack: [1, {metadata: []}]}\nresults: {request_performance: {aggregate: {latency: {time_to_first_token: 3}}}}\n",
        "version: '0.2'\nrun: {time: {duration: PTxS}}\nscenario: {}\nresults: {request_performance: {aggregate: {requests: {total: -1}}}}\n",
        "version: '0.1'\nscenario: {}\nmetrics: {latency: {time_to_first_token: {units: s, mean: [1]}}}\n",
        "version: '0.1'\nmetrics: {time: {duration: [unclosed\n",
        "version: '0.1'\nscenario: &a {}\nmetrics: *a\n? [complex, key]\n: 1\n",
    ] {
        let out = parse_file("raw/h.yaml", text, None);
        assert!(out.runs.iter().all(|r| r.gpu_count.is_none() || r.gpu_count == Some(u32::MAX)), "{text}");
    }
    let deep = format!("version: '0.1'\nscenario: {}\n", "[".repeat(5000));
    let out = parse_file("raw/deep.yaml", &deep, None);
    assert!(out.runs.is_empty());
}

#[test]
fn every_prefix_parses() {
    for text in [fixture(V01), fixture(V02), V01_JSON.to_string()] {
        let step = (text.len() / 250).max(1);
        for cut in (0..text.len()).step_by(step).filter(|&c| text.is_char_boundary(c)) {
            let _ = parse_file("raw/cut.yaml", &text[..cut], None);
            let _ = parse_file("raw/cut.json", &text[..cut], None);
        }
    }
}

const README: &str = "llmd-report/inference_scheduling_readme.md";

/// The report as the guide publishes it: a ```yaml block, indented inside `<details>`, in
/// the README. Every number points to its line in the markdown file.
#[test]
fn a_report_in_a_readme_code_block_is_read_with_its_lines_in_the_readme() {
    let text = fixture(README);
    let findings = check(
        "docs/inference-scheduling.md",
        &text,
        &[&[
            ("/format", json!("llmd-report")),
            ("/model", json!("Qwen/Qwen3-32B")),
            ("/section", json!("Benchmarking Report")),
            ("/scenario/num_prompts", json!(1500)),
            ("/metrics/request_throughput", json!(14.41229929064271)),
            ("/metrics/ttft_ms/mean", json!(120.340861858)),
            ("/metrics/duration_s", json!(24.984177332022227)),
            ("/source/line", json!(27)),
            ("/source/lines/metrics.request_throughput", json!(72)),
            ("/source/lines/model", json!(104)),
            ("/source/context/model", json!({"line": 104, "kind": "metadata"})),
        ], &[
            // The guide's comparison table (metrics as rows): its `k8s (Mean)` column is a run
            // of its own; its `llm-d (Mean)` column repeats the report and is recorded once.
            ("/format", json!("markdown-table")),
            ("/source/line", json!(120)),
            ("/metrics/request_throughput", json!(5.7306)),
            ("/metrics/ttft_ms/mean", json!(34914.5)),
            ("/notes/0/text", json!("column: k8s (Mean)")),
        ]],
    );
    assert_eq!(findings, ["comparison-column@120", "duplicate@120"]);
    let out = parse_file("docs/inference-scheduling.md", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    // The block's text saved as its own file holds the same numbers.
    let block: String = text
        .lines()
        .skip_while(|l| !l.contains("```yaml"))
        .skip(1)
        .take_while(|l| !l.contains("```"))
        .map(|l| format!("{}\n", l.strip_prefix("  ").unwrap_or(l)))
        .collect();
    let own = parse_file("raw/report.yaml", &block, None);
    assert_eq!((&own.runs[0].metrics, &own.runs[0].model), (&out.runs[0].metrics, &out.runs[0].model));
}

/// A YAML block in a doc that is not a report (a config example, a broken snippet) gives no
/// run and no finding: what the report reader says about it is not the doc's business.
#[test]
fn yaml_blocks_that_are_not_reports_are_quiet() {
    for block in [
        "metrics:\n  enabled: true\n  port: 9090\n",
        "version: '0.1'\nmetrics:\n  sample_interval_s: <float>\n",
        "version: '0.1'\nmetrics: {time_to_first_token: [unclosed\n",
        "version: '0.2'\nresults: {request_performance: {aggregate: {}}}\n",
    ] {
        let text = format!("# Doc\n\n## Config\n\n```yaml\n{block}```\n");
        let out = parse_file("docs/config.md", &text, None);
        assert!(out.runs.is_empty(), "{block}: {:?}", out.runs);
        let leaked = ["invalid-yaml", "invalid-json", "not-a-benchmark", "unit-unknown", "unread-duration"];
        assert!(!out.findings.iter().any(|f| leaked.contains(&f.code.as_str())), "{block}: {:?}", out.findings);
    }
}

#[test]
fn every_prefix_of_the_readme_parses() {
    let text = fixture(README);
    let step = (text.len() / 300).max(1);
    for cut in (0..text.len()).step_by(step).filter(|&c| text.is_char_boundary(c)) {
        let _ = parse_file("docs/cut.md", &text[..cut], None);
    }
}

/// The end of a document with no final newline is its last line: saphyr reports the mapping's
/// end one line further, and the report's run spanned a line the text does not have (found by
/// the property `any_damaged_sample_under_any_name_reads_alike_in_the_cli_and_the_browser`
/// on this fixture with a blank first line and the final newline cut).
#[test]
fn a_report_without_its_final_newline_ends_on_its_last_line() {
    let fixture = fixture(V01);
    for text in [format!("\n{}", fixture.trim_end()), fixture.trim_end().to_string(), fixture.clone()] {
        let lines = text.split('\n').count() as u32;
        let out = parse_file("raw/benchmark_report.yaml", &text, None);
        assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
        let source = &out.runs[0].source;
        assert!(source.end_line <= lines, "run ends on line {} of a {lines}-line text", source.end_line);
        // The report's last line is `version: '0.1'`.
        assert_eq!(text.split('\n').nth(source.end_line as usize - 1).map(str::trim), Some("version: '0.1'"));
    }
}

/// An inference-perf report of several stages is of the stage `load.metadata.stage` names:
/// its rate and concurrency are the run's; a stage the list does not hold gives none.
#[test]
fn a_v0_1_report_takes_the_rate_of_its_own_stage() {
    let report = |stage: u32| {
        format!(
            "metrics:\n  throughput:\n    requests_per_sec: 9.5\n    output_tokens_per_sec: 950.0\n  time:\n    duration: 60.0\nscenario:\n  load:\n    args:\n      load:\n        stages:\n        - concurrency_level: null\n          rate: 5.0\n        - concurrency_level: 16\n          rate: 10.0\n    metadata:\n      stage: {stage}\n    name: inference-perf\n  model:\n    name: unknown\nversion: '0.1'\n"
        )
    };
    check(
        "raw/benchmark_report.yaml",
        &report(1),
        &[&[("/scenario/request_rate", json!(10.0)), ("/scenario/max_concurrency", json!(16)), ("/source/context/scenario.request_rate", json!({"line": 15, "kind": "metadata"}))]],
    );
    check("raw/benchmark_report.yaml", &report(0), &[&[("/scenario/request_rate", json!(5.0)), ("/scenario/max_concurrency", json!(null))]]);
    check("raw/benchmark_report.yaml", &report(2), &[&[("/scenario/request_rate", json!(null)), ("/scenario/max_concurrency", json!(null))]]);
}

/// llm-d's precise-prefix-cache guide pastes a report converted from guidellm's: its
/// `request_latency` says `units: ms` but holds seconds (mean 0.1244, under a TTFT mean of
/// 13.2 ms it includes). Read as seconds, with a warning; it had been 0.12 ms.
#[test]
fn a_request_latency_labelled_ms_that_holds_seconds() {
    let text = fixture("llmd-report/precise_prefix_report_latency_seconds_labelled_ms.md");
    let out = parse_file("raw/precise_prefix.md", &text, None);
    let report = out.runs.iter().find(|r| r.format == "llmd-report").expect("the report's run");
    let e2e = report.metrics.more.e2e_ms.as_ref().expect("e2e");
    // (Seconds times 1000, rounded to the digits the value was written with.)
    assert_eq!(e2e.get("mean").copied(), Some(124.427248168));
    assert_eq!(report.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(13.210789469264498));
    assert_eq!(common::found(&out).iter().filter(|f| f.starts_with("latency-ms-holds-seconds")).cloned().collect::<Vec<_>>(), vec!["latency-ms-holds-seconds@132"]);
    numbers_trace_to_their_lines(&text, &out);
}
