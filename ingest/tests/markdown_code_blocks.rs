//! Tool outputs pasted into a markdown document inside a fenced code block (```` ```json ````,
//! ```` ```yaml ````, an unlabelled block holding a JSON object or a CSV export): each is read by the format
//! that reads the file itself, and every number points to its line in the markdown file. The
//! samples are the real exports of the other format tests, pasted as a README would.

mod common;

use benchsite_ingest::parse_file;
use common::{fixture, numbers_trace_to_their_lines};

const JSON_SAMPLES: [&str; 7] = [
    "aiperf/profile_export_aiperf.json",
    "aiperf/profile_export_genai_perf.json",
    "aiperf/profile_export_aiperf_aggregate.json",
    "guidellm/v0.5_concurrent_benchmarks.json",
    "llmperf/anyscale_70b_summary.json",
    "inferencex/agg_bmk_offline_trt_b300.json",
    "vocab/sglang_sharegpt_defaults.jsonl",
];

/// Lines above the block's first line in [`pasted`].
const ABOVE: u32 = 7;

fn pasted(fence: &str, body: &str) -> String {
    format!("# Results\n\n## Run\n\nWhat we measured.\n\n```{fence}\n{body}```\n\nMore prose.\n")
}

#[test]
fn json_exports_pasted_in_a_json_block_read_as_their_own_files() {
    for name in JSON_SAMPLES {
        let text = fixture(name);
        // The fixture's first line is its source note, blanked: the export starts on line 2.
        let body = text.strip_prefix('\n').unwrap();
        let ext = name.rsplit('.').next().unwrap();
        let own = parse_file(&format!("raw/{}", name.rsplit('/').next().unwrap()), &text, None);
        assert!(!own.runs.is_empty(), "{name}");
        for fence in ["json", "JSON", "json title=\"result\""] {
            let doc = pasted(fence, body);
            let out = parse_file("docs/results.md", &doc, None);
            assert_eq!(out.runs.len(), own.runs.len(), "{name} in ```{fence}: {:#?}", out.findings);
            for (a, b) in own.runs.iter().zip(&out.runs) {
                if ext == "json" || ext == "jsonl" {
                    assert_eq!(a.format, b.format, "{name}");
                }
                assert_eq!(a.metrics, b.metrics, "{name}");
                assert_eq!(a.scenario, b.scenario, "{name}");
                assert_eq!(b.section.as_deref(), Some("Run"), "{name}");
                for (field, &line) in &a.source.lines {
                    assert_eq!(b.source.lines.get(field), Some(&(line - 1 + ABOVE)), "{name}: {field}");
                }
            }
            numbers_trace_to_their_lines(&doc, &out);
        }
    }
}

#[test]
fn an_unlabelled_block_holding_a_json_object_is_read_too() {
    let text = fixture("llmperf/anyscale_70b_summary.json");
    let doc = pasted("", text.strip_prefix('\n').unwrap());
    let out = parse_file("docs/results.md", &doc, None);
    assert_eq!(out.runs.len(), 1);
    assert_eq!(out.runs[0].format, "llmperf");
    numbers_trace_to_their_lines(&doc, &out);
}

/// A JSON block that is not a benchmark (an API example, a config, a broken snippet) yields
/// no run and none of the JSON readers' findings.
#[test]
fn json_blocks_that_are_not_results_are_quiet() {
    for body in [
        "{\n  \"date\": \"2024-08-22\",\n  \"serial\": \"GAS-2024\"\n}\n",
        "{\n  \"metrics\": {\"request_throughput\": 1, ...}\n}\n",
        "[1, 2, 3]\n",
        "{\"unit\": \"ms\", \"avg\": 1}\n",
        "{\"per_combination_metrics\": [{\"parameters\": {\"concurrency\": \"x\"}, \"metrics\": []}]}\n",
        "{\"completed\": 10, \"duration\": null, \"request_throughput\": \"fast\"}\n",
    ] {
        let out = parse_file("docs/api.md", &pasted("json", body), None);
        // (`no-runs` is the document's own note that it holds no result; it stays.)
        let leaked = ["invalid-json", "not-a-benchmark", "aiperf-no-result", "aiperf-value-unreadable"];
        assert!(!out.findings.iter().any(|f| leaked.contains(&f.code.as_str())), "{body}: {:?}", out.findings);
    }
}

#[test]
fn every_prefix_of_a_pasted_export_parses() {
    for name in ["aiperf/profile_export_aiperf_aggregate.json", "aiperf/parameter_sweeping_doc.md"] {
        let text = fixture(name);
        let doc = if name.ends_with(".md") { text } else { pasted("json", text.strip_prefix('\n').unwrap()) };
        let step = (doc.len() / 400).max(1);
        for cut in (0..doc.len()).step_by(step).filter(|&c| doc.is_char_boundary(c)) {
            let _ = parse_file("docs/cut.md", &doc[..cut], None);
        }
    }
}

/// Blocks written to break the reader: deep nesting, a block that never closes, thousands of
/// small JSON blocks (each read from its own lines, with no copy of the text above it).
#[test]
fn hostile_blocks_give_no_panic() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    for body in [deep.as_str(), "{\"completed\": 1e999, \"duration\": -0, \"request_throughput\": NaN}", "{\"a\":", "\u{feff}{}", "{\"\\ud800\": 1}"] {
        let _ = parse_file("docs/h.md", &pasted("json", &format!("{body}\n")), None);
        let _ = parse_file("docs/h.md", &format!("# T\n\n```json\n{body}"), None);
    }
    let one = "```json\n{\"completed\": 1, \"duration\": 2.0, \"request_throughput\": 0.5}\n```\n\n";
    let many = one.repeat(5000);
    let out = parse_file("docs/many.md", &many, None);
    assert_eq!(out.runs.len(), 5000);
    assert_eq!(out.runs[4999].source.line, 4999 * 4 + 2);
}

/// NVIDIA CloudAI's AI Dynamo page pastes genai-perf's `profile_genai_perf.csv` in an
/// unlabelled block (quoted thousands: `"1,146.31"`): read as the CSV export it is (as
/// `aiperf/profile_export_genai_perf.csv`, the same text as a file), each number on its line
/// of the page, instead of `results-not-read`. A block whose first line is prose with commas
/// is still read as text.
#[test]
fn an_unlabelled_block_holding_a_csv_export_is_read_too() {
    let text = fixture("markdown-document/cloudai_genai_perf_csv_block.md");
    let out = parse_file("docs/ai_dynamo.md", &text, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
    assert!(out.findings.is_empty(), "{:?}", out.findings);
    let own = parse_file("raw/profile_genai_perf.csv", &fixture("aiperf/profile_export_genai_perf.csv"), None);
    assert_eq!(own.runs[0].metrics, out.runs[0].metrics);
    // The page's name says nothing of the tool; the CSV's header (percentiles from p99 down)
    // and its `(per sec)` rates are genai-perf's (it was labelled `aiperf` by the file name).
    assert_eq!((out.runs[0].format.as_str(), own.runs[0].format.as_str()), ("genai-perf", "genai-perf"));
    let run = serde_json::to_value(&out.runs[0]).unwrap();
    assert_eq!(run["metrics"]["ttft_ms"]["mean"], serde_json::json!(1146.31));
    assert_eq!(run["source"]["lines"]["metrics.ttft_ms.mean"], serde_json::json!(12));
    assert_eq!(run["metrics"]["completed"], serde_json::json!(40));
    numbers_trace_to_their_lines(&text, &out);
    let prose = pasted("", "We ran it twice, once cold, once warm.\nMean TTFT (ms): 12.5\n");
    let out = parse_file("docs/prose.md", &prose, None);
    assert!(out.runs.iter().all(|r| r.format != "aiperf"), "{:?}", out.runs);
}

/// A result file pasted into a shell block (```` ```bash ```` over `{ "backend": "sglang", … }`,
/// SGLang's `--output-file`) is the JSON it shows; it had given no run, only
/// `results-not-read`.
#[test]
fn a_result_json_in_a_shell_block() {
    let text = "# Run\n\n```bash\n{\n  \"backend\": \"sglang\",\n  \"dataset_name\": \"random\",\n  \"request_rate\": \"Infinity\",\n  \"max_concurrency\": 128,\n  \"duration\": 577.28,\n  \"completed\": 128,\n  \"total_input_tokens\": 448000,\n  \"total_output_tokens\": 161431,\n  \"request_throughput\": 0.2217,\n  \"output_throughput\": 279.63,\n  \"mean_ttft_ms\": 220795.97\n}\n```\n";
    let out = benchsite_ingest::parse_file("raw/notes.md", text, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
    let run = &out.runs[0];
    assert_eq!((run.scenario.max_concurrency, run.metrics.completed, run.metrics.output_throughput), (Some(128), Some(128), Some(279.63)));
    assert_eq!(run.source.lines.get("metrics.output_throughput").copied(), Some(14));
}
