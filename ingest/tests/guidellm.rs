//! guidellm: the console tables (0.2 with the mislabelled `Req Latency (ms)`, 0.3 sweeps)
//! and the JSON report (0.5), units from guidellm's own code; hostile inputs.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

#[test]
fn reads_a_commented_v0_2_console_with_its_info_table() {
    let text = fixture("guidellm/v0.2_concurrent_commented.txt");
    let findings = check(
        "raw/guidellm.sh",
        &text,
        &[&[
            ("/format", json!("guidellm")),
            ("/scenario/max_concurrency", json!(5)),
            ("/metrics/request_throughput", json!(0.26)),
            ("/metrics/concurrency", json!(5.0)),
            ("/metrics/output_throughput", json!(33.0)),
            ("/metrics/total_throughput", json!(98.7)),
            // `Req Latency (ms)` prints seconds: 19.40 s, not 19.40 ms.
            ("/metrics/e2e_ms/mean", json!(19400.0)),
            ("/metrics/ttft_ms/p99", json!(2143.0)),
            ("/metrics/tpot_ms/median", json!(136.8)),
            ("/metrics/completed", json!(10)),
            ("/metrics/failed", json!(0)),
            ("/metrics/total_input_tokens", json!(1280)),
            ("/metrics/extra/guidellm incomplete requests", json!(5.0)),
            ("/metrics/extra/guidellm duration (s)", json!(57.9)),
            ("/client/namespace/strategy", json!("concurrent@5")),
            ("/source/line", json!(22)),
        ]],
    );
    assert_eq!(findings, ["guidellm-latency-seconds@17"]);
    let out = parse_file("raw/guidellm.sh", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    assert_eq!(out.runs[0].source.lines["metrics.completed"], 13);
}

#[test]
fn reads_every_row_of_a_v0_3_sweep() {
    let text = fixture("guidellm/v0.3_sweep_stats.txt");
    let findings = check(
        "raw/sweep.txt",
        &text,
        &[
            &[("/client/namespace/strategy", json!("synchronous")), ("/metrics/e2e_ms/p99", json!(8790.0)), ("/source/line", json!(7))],
            &[("/client/namespace/strategy", json!("throughput")), ("/metrics/concurrency", json!(15.96))],
            &[("/scenario/request_rate", json!(0.61)), ("/metrics/ttft_ms/mean", json!(337.4)), ("/metrics/itl_ms/p99", json!(91.5))],
            &[("/scenario/request_rate", json!(1.1)), ("/metrics/tpot_ms/p99", json!(111.4)), ("/source/line", json!(10))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/sweep.txt", &text, None));
}

#[test]
fn reads_the_v0_5_boxed_console_tables_as_one_run_per_benchmark() {
    let text = fixture("guidellm/v0.5_console_bench.log");
    let findings = check(
        "raw/bench.log",
        &text,
        &[&[
            ("/format", json!("guidellm")),
            ("/source/line", json!(50)),
            ("/client/namespace/strategy", json!("concurrent")),
            ("/metrics/e2e_ms/median", json!(24900.0)),
            ("/metrics/ttft_ms/p95", json!(172.6)),
            ("/metrics/itl_ms/median", json!(24.2)),
            ("/metrics/tpot_ms/p95", json!(24.3)),
            ("/metrics/request_throughput", json!(0.1)),
            ("/metrics/concurrency", json!(4.0)),
            ("/metrics/input_throughput", json!(1411167.7)),
            ("/metrics/output_throughput", json!(165.6)),
            ("/metrics/total_throughput", json!(181.6)),
            ("/metrics/total_input_tokens", json!(396)),
            ("/metrics/total_output_tokens", json!(4096)),
            ("/metrics/extra/guidellm dur (s)", json!(24.9)),
            ("/metrics/extra/guidellm output tokens per sec median", json!(84.9)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/bench.log", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    let lines = &out.runs[0].source.lines;
    assert_eq!((lines["metrics.total_input_tokens"], lines["metrics.output_throughput"]), (14, 60));
}

#[test]
fn reads_the_v0_5_json_report() {
    let text = fixture("guidellm/v0.5_concurrent_benchmarks.json");
    let findings = check(
        "raw/benchmarks.json",
        &text,
        &[&[
            ("/format", json!("guidellm")),
            ("/model", json!("Qwen/Qwen3-4B-Thinking-2507")),
            ("/scenario/max_concurrency", json!(4)),
            ("/scenario/dataset", json!("/root/aime_2024_v2.jsonl")),
            ("/metrics/completed", json!(4)),
            ("/metrics/failed", json!(0)),
            ("/metrics/total_input_tokens", json!(396)),
            ("/metrics/total_output_tokens", json!(4096)),
            ("/metrics/request_throughput", json!(0.12043527909470322)),
            ("/metrics/output_throughput", json!(165.59511945248636)),
            ("/metrics/ttft_ms/mean", json!(171.7655062675476)),
            ("/metrics/ttft_ms/p99.9", json!(172.63293266296387)),
            ("/metrics/ttft_ms/std", json!(0.5197889030630578)),
            ("/metrics/itl_ms/median", json!(24.178653868062757)),
            ("/metrics/tpot_ms/p1", json!(24.322516517713666)),
            // request_latency is seconds.
            ("/metrics/e2e_ms/mean", json!(24908.659815788)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/benchmarks.json", &text, None));
}

#[test]
fn reads_the_data_the_v0_5_html_report_embeds() {
    let text = fixture("guidellm/v0.5_benchmarks.html");
    let findings = check(
        "raw/benchmarks.html",
        &text,
        &[&[
            ("/format", json!("guidellm")),
            ("/model", json!("Qwen/Qwen3-4B-Thinking-2507")),
            ("/source/line", json!(20)),
            ("/metrics/request_throughput", json!(0.12043527909470322)),
            ("/metrics/output_throughput", json!(165.59511945248636)),
            ("/metrics/ttft_ms/mean", json!(171.7655062675476)),
            ("/metrics/ttft_ms/p90", json!(172.63293266296387)),
            ("/metrics/ttft_ms/std", json!(0.5197889030630578)),
            ("/metrics/itl_ms/p99.9", json!(24.178931207367867)),
            ("/metrics/e2e_ms/median", json!(24908.423662186)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/benchmarks.html", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    assert_eq!(out.runs[0].source.lines["metrics.ttft_ms.mean"], 58);
    assert_eq!(out.runs[0].source.lines["model"], 4);
    // A report whose data script is cut says so.
    let cut = &text[..text.find("\"timePerRequest\"").unwrap()];
    let out = parse_file("raw/cut.html", cut, None);
    assert!(out.runs.is_empty() && out.findings.iter().any(|f| f.code == "guidellm-html"), "{:?}", out.findings);
}

#[test]
fn a_pretty_printed_report_points_each_value_to_its_line() {
    let text = "{\"args\": {\"data\": [\"{\\\"prompt_tokens\\\": 256, \\\"output_tokens\\\": 128}\"]},\n\"benchmarks\": [\n \
                {\"args\": {\"strategy\": {\"type_\": \"constant\",\n  \"rate\": 2.5}},\n  \"metrics\": {\n   \
                \"request_totals\": {\"successful\": 9, \"errored\": 1, \"incomplete\": 0, \"total\": 10},\n   \
                \"time_to_first_token_ms\": {\"successful\": {\n    \"mean\": 12.5,\n    \"percentiles\": {\"p99\": 30.0}}}}}]}\n";
    let findings = check(
        "b.json",
        text,
        &[&[
            ("/scenario/request_rate", json!(2.5)),
            ("/scenario/input_len", json!(256)),
            ("/scenario/output_len", json!(128)),
            ("/metrics/completed", json!(9)),
            ("/metrics/failed", json!(1)),
            ("/metrics/ttft_ms/p99", json!(30.0)),
        ]],
    );
    assert_eq!(findings, ["failed-requests@6"]);
    let out = parse_file("b.json", text, None);
    assert_eq!(out.runs[0].source.lines["metrics.ttft_ms.mean"], 8);
    assert_eq!(out.runs[0].source.lines["scenario.request_rate"], 4);
    assert_eq!(out.runs[0].source.lines["scenario.input_len"], 1);
    numbers_trace_to_their_lines(text, &out);
}

#[test]
fn hostile_inputs_give_findings_not_runs() {
    // A Stats title without its table, a table of another layout, a row cut short.
    let cut = "Benchmarks Stats:\nnothing here\n";
    let out = parse_file("a.log", cut, None);
    assert!(out.runs.is_empty() && out.findings.iter().any(|f| f.code == "guidellm-table"));
    let other = "Benchmarks Stats:\n=====\nMetadata | X\nBenchmark| a| b\n---|---|---\nsync| 1| 2\n=====\n";
    let out = parse_file("b.log", other, None);
    assert!(out.runs.is_empty() && out.findings.iter().any(|f| f.code == "guidellm-table"));
    let text = fixture("guidellm/v0.3_sweep_stats.txt");
    let short = text.replace("| 111.4", "");
    let out = parse_file("c.log", &short, None);
    assert_eq!(out.runs.len(), 3);
    assert!(out.findings.iter().any(|f| f.code == "guidellm-row" && f.line == 10));
    // Placeholders and words instead of numbers.
    let placeholder = text.replace("  14.5|", "   xxx|");
    let out = parse_file("d.log", &placeholder, None);
    // A row with one placeholder keeps its other numbers, with a warning (issue 10, item 5).
    assert_eq!(out.runs.len(), 4);
    assert!(out.findings.iter().any(|f| f.code == "placeholder-value"));
    // JSON: wrong types, a benchmark without metrics, huge numbers.
    let json = "{\"benchmarks\": [1, {\"metrics\": {\"request_totals\": {\"successful\": \"x\"}}}, {\"x\": 1},\n\
                {\"metrics\": {\"requests_per_second\": {\"successful\": {\"mean\": 1e300}}}}]}";
    let out = parse_file("e.json", json, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
    assert!(out.findings.iter().any(|f| f.code == "guidellm-benchmark"));
    // Boxed tables: a title without a table, a row with a missing cell, no latency table.
    let boxed = fixture("guidellm/v0.5_console_bench.log");
    let out = parse_file("f.log", &boxed.replace("| 24.3 | 24.3 |", "| 24.3 |"), None);
    assert!(out.findings.iter().any(|f| f.code == "guidellm-row" && f.line == 50), "{:?}", out.findings);
    let out = parse_file("g.log", "ℹ Request Latency Statistics (Completed Requests)\n| x |\n", None);
    assert!(out.runs.is_empty() && out.findings.iter().any(|f| f.code == "guidellm-table"));
    let only_summary = boxed.replace("Request Latency Statistics", "Request Latency Stats");
    let out = parse_file("h.log", &only_summary, None);
    assert!(out.runs.is_empty() && out.findings.iter().any(|f| f.code == "guidellm-table"), "{:?}", out.findings);
}

/// A README that pastes three `Benchmark Stats:` tables (the title without the `s`, the
/// same 17 columns, cells run together as `16.7| 16.4`), one per model under a heading that
/// names it. Before: no run and only a `no-runs` note.
#[test]
fn reads_benchmark_stats_tables_pasted_under_model_headings() {
    let text = fixture("guidellm/benchmark_stats_ollama_readme.md");
    let out = parse_file("raw/guidellm.md", &text, None);
    assert_eq!(out.runs.len(), 12, "{:?}", out.findings);
    let run = |line: u32| serde_json::to_value(out.runs.iter().find(|r| r.source.line == line).unwrap_or_else(|| panic!("no run at {line}"))).unwrap();
    let first = run(45);
    assert_eq!(first["scenario"]["max_concurrency"], json!(1));
    assert_eq!(first["metrics"]["e2e_ms"]["mean"], json!(1970.0));
    assert_eq!(first["metrics"]["ttft_ms"]["p99"], json!(272.8));
    assert_eq!(first["metrics"]["itl_ms"]["p99"], json!(16.7));
    assert_eq!(first["metrics"]["tpot_ms"]["mean"], json!(16.4));
    assert_eq!(first["metrics"]["output_throughput"], json!(52.4));
    assert_eq!(first["model"], json!("Qwen2.5:1.5B"));
    assert_eq!(first["source"]["context"]["model"], json!({"line": 37, "kind": "heading"}));
    let big = run(76);
    assert_eq!(big["scenario"]["max_concurrency"], json!(2));
    assert_eq!(big["metrics"]["e2e_ms"]["median"], json!(30780.0));
    assert_eq!(big["metrics"]["ttft_ms"]["mean"], json!(11911.1));
    assert_eq!(big["model"], json!("Qwen2.5:14B"));
    assert!(out.findings.iter().all(|f| f.code != "no-runs"), "{:?}", out.findings);
    numbers_trace_to_their_lines(&text, &out);
}

#[test]
fn every_cut_of_the_samples_parses() {
    for (name, path) in [
        ("guidellm/v0.2_concurrent_commented.txt", "x.log"),
        ("guidellm/v0.3_sweep_stats.txt", "x.log"),
        ("guidellm/v0.5_concurrent_benchmarks.json", "x.json"),
        ("guidellm/v0.5_console_bench.log", "x.log"),
        ("guidellm/v0.5_benchmarks.html", "x.html"),
        ("guidellm/benchmark_stats_ollama_readme.md", "x.md"),
    ] {
        let text = fixture(name);
        let step = (text.len() / 400).max(1);
        for cut in (0..text.len()).step_by(step).filter(|&c| text.is_char_boundary(c)) {
            let _ = parse_file(path, &text[..cut], None);
        }
    }
}

/// A 0.2 console pasted in a guide with its `Benchmarks Metadata:` block: the model
/// (`backend_model='…'`) and the synthetic data (`data='prompt_tokens=512,output_tokens=256'`)
/// it states were not read; the numbers were. The model is the checkpoint its local folder is
/// named for (`/root/.cache/instructlab/models/ibm-granite/granite-3.3-8b-instruct`).
#[test]
fn reads_model_and_data_of_the_v0_2_metadata_block() {
    let text = fixture("guidellm/v0.2_console_metadata_readme.md");
    let findings = check(
        "docs/guide.md",
        &text,
        &[&[
            ("/format", json!("guidellm")),
            // The local folder's checkpoint, the path kept as a note.
            ("/model", json!("ibm-granite/granite-3.3-8b-instruct")),
            ("/notes/0/text", json!("model path: /root/.cache/instructlab/models/ibm-granite/granite-3.3-8b-instruct")),
            ("/source/lines/model", json!(45)),
            ("/scenario/input_len", json!(512)),
            ("/scenario/output_len", json!(256)),
            ("/source/lines/scenario.input_len", json!(48)),
            ("/metrics/e2e_ms/mean", json!(4090.0)),
            ("/metrics/ttft_ms/p99", json!(61.8)),
            ("/metrics/total_input_tokens", json!(5122)),
        ]],
    );
    assert_eq!(findings, ["guidellm-latency-seconds@62"]);
    numbers_trace_to_their_lines(&text, &parse_file("docs/guide.md", &text, None));
}

/// guidellm 0.2's JSON report (the project's own stripped test asset of a real synchronous
/// run): its `duration` (seconds) was dropped; now kept, as the console's `Duration` is,
/// under guidellm's name. The request latency in seconds is read in ms.
#[test]
fn reads_a_v0_2_json_report_with_its_duration() {
    let text = fixture("guidellm/v0.2_benchmarks_stripped.json");
    let findings = check(
        "raw/benchmarks.json",
        &text,
        &[&[
            ("/format", json!("guidellm")),
            ("/scenario/input_len", json!(256)),
            ("/scenario/output_len", json!(128)),
            ("/metrics/extra/guidellm duration (s)", json!(29.997201442718506)),
            ("/metrics/e2e_ms/mean", json!(644.474366437)),
            ("/metrics/extra/guidellm incomplete requests", json!(1.0)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/benchmarks.json", &text, None));
}

/// guidellm runs of a server that did not stream (GB10 and GH200, `synchronous`): TTFT and ITL
/// printed as `0.0` in every statistic. They are no measurements: left out with a
/// `not-streamed` warning (they had been a zero TTFT); the TPOT, the latency over the output
/// tokens, is kept; the streamed runs beside them keep theirs.
#[test]
fn runs_not_streamed_have_no_ttft_or_itl() {
    let text = fixture("guidellm/not_streamed_zero_ttft_itl.md");
    let out = parse_file("docs/qwen36.md", &text, None);
    let at = |line: u32| out.runs.iter().find(|r| r.source.line == line).unwrap_or_else(|| panic!("no run at {line}"));
    let flat = at(128);
    assert_eq!((flat.metrics.ttft_ms.is_none(), flat.metrics.itl_ms.is_none()), (true, true));
    assert_eq!(flat.metrics.tpot_ms.as_ref().and_then(|l| l.get("median").copied()), Some(33.8));
    let streamed = at(250);
    assert_eq!(streamed.metrics.ttft_ms.as_ref().and_then(|l| l.get("median").copied()), Some(13282.8));
    let warned: Vec<u32> = out.findings.iter().filter(|f| f.code == "not-streamed").map(|f| f.line).collect();
    assert_eq!(warned, [128, 189, 310, 371]);
    numbers_trace_to_their_lines(&text, &out);
}
