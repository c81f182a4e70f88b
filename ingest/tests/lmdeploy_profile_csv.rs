//! LMDeploy's `--csv` output. The headers are those the scripts write
//! (InternLM/lmdeploy `benchmark/profile_restful_api.py`, `profile_throughput.py`,
//! `profile_generation.py`); no committed CSV file was found in the searchable index, so the
//! data rows below are one run each, written as the scripts format them (`{:.3f}`, `-`). The
//! one real output found is a `profile_throughput.py` row pasted as a markdown table
//! (fixture `lmdeploy-profile-csv/aichipbenchmark_llama_inference.md`).

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

const RESTFUL: &str = "\
batch,num_prompts,RPS,RPM,FTL(ave)(s),FTL(min)(s),FTL(max)(s),throughput(out tok/s),throughput(total tok/s)
128,5000,12.345,740.700,0.585,0.068,5.116,2650.120,5400.880
";

const THROUGHPUT: &str = "\
batch,num_promts,RPS,RPM,FTL(ave)(s),FTL(min)(s),FTL(max)(s),50%(s),75%(s),95%(s),99%(s),throughput(out tok/s),throughput(total tok/s)
256,10000,20.100,1206.000,-,-,-,-,-,-,-,4300.500,8800.250
64,10000,15.500,930.000,1.204,0.100,3.500,0.036,0.038,0.050,0.168,3300.000,6700.000
";

#[test]
fn reads_the_restful_api_csv_in_a_file_named_jsonl() {
    let findings = check(
        "raw/profile.jsonl",
        RESTFUL,
        &[&[
            ("/format", json!("lmdeploy-profile-csv")),
            ("/scenario/max_concurrency", json!(128)),
            ("/scenario/num_prompts", json!(5000)),
            ("/metrics/request_throughput", json!(12.345)),
            ("/metrics/extra/rpm", json!(740.7)),
            ("/metrics/ttft_ms/mean", json!(585.0)),
            ("/metrics/ttft_ms/max", json!(5116.0)),
            ("/metrics/output_throughput", json!(2650.12)),
            ("/metrics/total_throughput", json!(5400.88)),
            ("/source/line", json!(2)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(RESTFUL, &parse_file("raw/profile.jsonl", RESTFUL, None));
}

#[test]
fn a_dash_is_a_latency_not_measured_and_percentiles_are_per_token() {
    let findings = check(
        "raw/profile.csv",
        THROUGHPUT,
        &[
            &[("/metrics/ttft_ms", json!(null)), ("/metrics/itl_ms", json!(null)), ("/metrics/output_throughput", json!(4300.5))],
            &[("/metrics/itl_ms/p99", json!(168.0)), ("/metrics/itl_ms/p50", json!(36.0)), ("/scenario/max_concurrency", json!(64))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_profile_generation_rows_with_their_lengths() {
    let text = "batch,prompt_tokens,completion_tokens,throughput(total tok/s),throughput(out tok/s),mem(GB),FTL(ave)(s),FTL(min)(s),FTL(max)(s),50%(s),75%(s),95%(s),99%(s)\n\
                1,1,128,85.12,84.46,15.25,0.011,0.01,0.012,0.011,0.012,0.012,0.013\n";
    check(
        "raw/gen.csv",
        text,
        &[&[("/scenario/input_len", json!(1)), ("/scenario/output_len", json!(128)), ("/metrics/extra/mem(gb)", json!(15.25))]],
    );
}

#[test]
fn a_short_row_is_a_finding_and_other_csv_is_not_ours() {
    let out = parse_file("raw/p.csv", "batch,num_prompts,RPS,RPM,throughput(out tok/s),throughput(total tok/s)\n1,2,3\n", None);
    assert!(out.runs.is_empty());
    assert!(out.findings.iter().any(|f| f.code == "csv-row-width" && f.line == 2));
    let out = parse_file("raw/other.csv", "Metric,avg,min\nTTFT,1,2\n", None);
    assert!(out.runs.iter().all(|r| r.format != "lmdeploy-profile-csv"));
    let out = parse_file("raw/h.csv", "batch,num_prompts,RPS,RPM,throughput(out tok/s),throughput(total tok/s)\nx,1e999,-1,abc,,\n", None);
    assert!(out.runs.iter().all(|r| r.metrics.request_throughput.is_none()));
}

#[test]
fn every_prefix_parses() {
    for text in [RESTFUL, THROUGHPUT] {
        for cut in 0..text.len() {
            let _ = parse_file("raw/cut.csv", &text[..cut], None);
        }
    }
}

const DOC: &str = "lmdeploy-profile-csv/aichipbenchmark_llama_inference.md";

/// The real row: the `N%(s)` columns are per-token latency percentiles in seconds and
/// `num_promts` (the script's spelling) the prompt count, as in the CSV itself.
#[test]
fn the_csv_header_pasted_as_a_markdown_table_keeps_its_meaning() {
    let text = fixture(DOC);
    let findings = check(
        "docs/llama.md",
        &text,
        &[&[
            ("/format", json!("markdown-table")),
            ("/scenario/max_concurrency", json!(128)),
            ("/scenario/num_prompts", json!(10000)),
            ("/metrics/request_throughput", json!(5.049)),
            ("/metrics/ttft_ms", json!({"mean": 152.0, "min": 57.0, "max": 4544.0})),
            ("/metrics/itl_ms", json!({"p50": 44.0, "p75": 55.0, "p95": 89.0, "p99": 112.0})),
            ("/metrics/output_throughput", json!(2582.949)),
            ("/metrics/total_throughput", json!(5167.244)),
            ("/metrics/extra/rpm (request per minute)", json!(302.963)),
            ("/source/line", json!(47)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/llama.md", &text, None));
    // The same row as the CSV the script writes reads the same numbers.
    let csv = "batch,num_promts,RPS,RPM,FTL(ave)(s),FTL(min)(s),FTL(max)(s),50%(s),75%(s),95%(s),99%(s),throughput(out tok/s),throughput(total tok/s)\n\
               128,10000,5.049,302.963,0.152,0.057,4.544,0.044,0.055,0.089,0.112,2582.949,5167.244\n";
    let (a, b) = (parse_file("docs/llama.md", &text, None), parse_file("raw/p.csv", csv, None));
    assert_eq!((a.runs[0].metrics.itl_ms.clone(), a.runs[0].metrics.ttft_ms.clone()), (b.runs[0].metrics.itl_ms.clone(), b.runs[0].metrics.ttft_ms.clone()));
}

#[test]
fn every_prefix_of_the_document_parses() {
    let text = fixture(DOC);
    for cut in (0..text.len()).filter(|&c| text.is_char_boundary(c)) {
        let _ = parse_file("docs/cut.md", &text[..cut], None);
    }
}
