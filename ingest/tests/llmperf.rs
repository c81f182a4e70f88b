//! llmperf `*_summary.json`: seconds converted from the keys, counts, configuration, the
//! individual-responses file noted and skipped, hostile inputs.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

#[test]
fn reads_the_leaderboard_summary_in_ms() {
    let text = fixture("llmperf/anyscale_70b_summary.json");
    let findings = check(
        "raw/anyscale_70b_summary.json",
        &text,
        &[&[
            ("/format", json!("llmperf")),
            ("/model", json!("meta-llama/Llama-2-70b-chat-hf")),
            ("/scenario/max_concurrency", json!(5)),
            ("/scenario/input_len", json!(550)),
            ("/scenario/output_len", json!(150)),
            ("/scenario/num_prompts", json!(150)),
            ("/metrics/completed", json!(150)),
            ("/metrics/failed", json!(0)),
            ("/metrics/output_throughput", json!(207.52121071152493)),
            ("/metrics/ttft_ms/mean", json!(248.902694647)),
            ("/metrics/ttft_ms/p99", json!(474.53051906)),
            ("/metrics/ttft_ms/std", json!(70.682254678)),
            ("/metrics/itl_ms/p50", json!(14.559224685)),
            ("/metrics/e2e_ms/max", json!(3797.026938)),
            ("/metrics/extra/llmperf number output tokens max", json!(151.0)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/anyscale_70b_summary.json", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    let run = &out.runs[0];
    assert_eq!(run.source.lines["metrics.ttft_ms.p99"], 26);
    let rps = run.metrics.request_throughput.unwrap();
    assert!((rps - 84.73327721639254 / 60.0).abs() < 1e-6, "{rps}");
}

#[test]
fn individual_responses_are_noted_not_read() {
    let text = fixture("llmperf/groq_70b_individual_responses.json");
    let findings = check("raw/groq_70b_individual_responses.json", &text, &[]);
    assert_eq!(findings, ["llmperf-individual-responses@3"]);
}

#[test]
fn errors_and_missing_requests_are_failures() {
    let text = "{\"results_num_requests_started\": 10,\n\"results_num_completed_requests\": 7,\n\"results_number_errors\": 1,\n\
                \"results_ttft_s_mean\": 0.5}\n";
    let expected = [("/metrics/completed", json!(7)), ("/metrics/failed", json!(3)), ("/metrics/ttft_ms/mean", json!(500.0))];
    let findings = check("r_summary.json", text, &[&expected]);
    assert_eq!(findings, ["failed-requests@3", "incomplete-requests@2"]);
}

#[test]
fn hostile_summaries_give_findings_not_runs() {
    // Wrong types, placeholders, huge numbers, a truncated file.
    let wrong = "{\"results_num_completed_requests\": \"many\", \"results_ttft_s_mean\": [1]}";
    let out = parse_file("a_summary.json", wrong, None);
    assert!(out.runs.is_empty() && !out.findings.is_empty(), "{:?}", out.findings);
    let huge = "{\"results_num_completed_requests\": 1e308, \"results_ttft_s_mean\": 1e308}";
    let out = parse_file("b_summary.json", huge, None);
    assert_eq!(out.runs.len(), 1);
    let placeholder = "{\"results_num_completed_requests\": \"xxx\", \"results_ttft_s_mean\": 0.1}";
    let out = parse_file("c_summary.json", placeholder, None);
    // The other numbers are kept, with a warning (issue 10, item 5).
    assert!(out.runs.len() == 1 && out.findings.iter().any(|f| f.code == "placeholder-value"), "{:?}", out.findings);
    let out = parse_file("d_summary.json", "{\"results_ttft_s_mean\": 0.1,", None);
    assert!(out.runs.is_empty() && out.findings.iter().any(|f| f.code == "invalid-json"));
}

/// llmperf-bench's `*_results.json`: the summaries of a concurrency sweep in one object keyed
/// by concurrency (`{"1": {…}, "2": {…}}`): a run each (the file gave none, with a
/// `results-not-read` warning).
#[test]
fn summaries_gathered_under_their_concurrency() {
    let text = fixture("llmperf/summaries_keyed_by_concurrency.json");
    let run = |line: u32, c: u64, ttft: f64| {
        vec![
            ("/format", json!("llmperf")),
            ("/source/line", json!(line)),
            ("/model", json!("mistralai/Mistral-7B-Instruct-v0.2")),
            ("/scenario/max_concurrency", json!(c)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
        ]
    };
    let findings = check("raw/mistral_results.json", &text, &[&run(3, 1, 190.81361823), &run(81, 2, 228.15450065)]);
    assert_eq!(findings, Vec::<String>::new());
    numbers_trace_to_their_lines(&text, &parse_file("raw/mistral_results.json", &text, None));
}

#[test]
fn every_cut_of_the_samples_parses() {
    for name in ["llmperf/anyscale_70b_summary.json", "llmperf/groq_70b_individual_responses.json", "llmperf/summaries_keyed_by_concurrency.json"] {
        let text = fixture(name);
        let step = (text.len() / 400).max(1);
        for cut in (0..text.len()).step_by(step).filter(|&c| text.is_char_boundary(c)) {
            let _ = parse_file("x_summary.json", &text[..cut], None);
        }
    }
}

/// llmperf's console summary (`ttft_s` then `    mean = 0.2538…`, `Overall Output Throughput:`)
/// is a run of its own when pasted alone, with seconds converted; pasted beside the summary
/// JSON of the same run (a Korean workshop blog), it is the same run: one run, from the JSON,
/// and a `duplicate` note for the console.
#[test]
fn reads_the_console_summary_and_knows_it_from_the_json() {
    let text = fixture("llmperf/console_and_summary_blog_ko.md");
    let findings = check(
        "raw/blog.md",
        &text,
        &[&[
            ("/format", json!("llmperf")),
            ("/metrics/ttft_ms/mean", json!(253.82229144)),
            ("/metrics/output_throughput", json!(335.40081105324157)),
        ]],
    );
    assert!(findings.iter().any(|f| f.starts_with("duplicate@")), "{findings:?}");
    let console: String = text.lines().take(62).collect::<Vec<_>>().join("\n");
    let findings = check(
        "raw/console.md",
        &console,
        &[&[
            ("/format", json!("llmperf-console")),
            ("/metrics/ttft_ms/mean", json!(253.82229144)),
            ("/metrics/ttft_ms/p99", json!(587.469376919)),
            ("/metrics/e2e_ms/p50", json!(1181.625857002)),
            ("/metrics/itl_ms/mean", json!(11.929198805)),
            ("/metrics/output_throughput", json!(335.40081105324157)),
            ("/metrics/completed", json!(50)),
            ("/metrics/failed", json!(0)),
            ("/source/lines/metrics.ttft_ms.mean", json!(42)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&console, &parse_file("raw/console.md", &console, None));
}
