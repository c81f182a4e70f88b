//! OpenVINO GenAI's `benchmark_genai` report (mean ± standard deviation over its iterations):
//! a run of one request at a time. It had given no run, and its `results-not-read` warning
//! pointed at the asker's question.

mod common;

use common::{check, fixture};
use serde_json::json;

const SAMPLES: [(&str, &str); 1] = [("openvino-genai/benchmark_genai_issue875.log", "raw/benchmark_genai.log")];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 7 + 4);
}

/// Generate time as e2e, TTFT and TPOT as named, the throughput the output rate, each `±` a
/// standard deviation; load and (de)tokenization times extras.
#[test]
fn a_report_of_means_and_deviations() {
    let text = fixture("openvino-genai/benchmark_genai_issue875.log");
    let findings = check(
        "raw/benchmark_genai.log",
        &text,
        &[&[
            ("/format", json!("openvino-genai")),
            ("/framework", json!("openvino")),
            ("/source/line", json!(5)),
            ("/metrics/e2e_ms/mean", json!(21.88)),
            ("/metrics/ttft_ms/mean", json!(20.88)),
            ("/metrics/tpot_ms/mean", json!(20.88)),
            ("/metrics/output_throughput", json!(47.89)),
            ("/metrics/spread/ttft_ms.mean/std", json!(0.47)),
            ("/metrics/spread/output_throughput/std", json!(1.07)),
            ("/metrics/extra/openvino load time (ms)", json!(18507.0)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // A `Load time:` alone is no report.
    assert!(benchsite_ingest::parse_file("raw/x.log", "Load time: 12.00 ms\nThroughput : fast\n", None).runs.is_empty());
}
