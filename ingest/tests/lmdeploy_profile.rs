//! LMDeploy `profile_throughput.py` console output (`concurrency: N` … `RPM (request per
//! minute)`) in the documents that publish it, with the command above it: the script runs
//! LMDeploy's engine itself (`profile_throughput.py DATASET MODEL_PATH --concurrency …`), so it
//! names the framework, the model (its second word) and the prompts.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

#[test]
fn a_tutorials_profile_throughput_run_takes_model_and_framework_from_its_command() {
    let text = fixture("lmdeploy-profile/profile_throughput_llama3_tutorial_zh.md");
    let findings = check(
        "docs/llama3.md",
        &text,
        &[&[
            ("/format", json!("lmdeploy-profile")),
            ("/framework", json!("lmdeploy")),
            ("/source/context/framework", json!({"line": 23, "kind": "command"})),
            ("/model", json!("/root/model/Meta-Llama-3-8B-Instruct")),
            ("/scenario/num_prompts", json!(10000)),
            ("/scenario/max_concurrency", json!(256)),
            ("/metrics/duration_s", json!(399.739)),
            ("/metrics/ttft_ms/mean", json!(285.0)),
            ("/metrics/itl_ms/p99", json!(227.0)),
            ("/metrics/request_throughput", json!(25.016)),
            ("/metrics/output_throughput", json!(5016.892)),
            // The prose's `A100（80G）` is no labelled line: the GPU stays unstated.
            ("/gpu", json!(null)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/llama3.md", &text, None));
}
