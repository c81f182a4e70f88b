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
            ("/model", json!("Meta-Llama-3-8B-Instruct")),
            ("/scenario/num_prompts", json!(10000)),
            ("/scenario/max_concurrency", json!(256)),
            // The ShareGPT file the command's first word names.
            ("/scenario/dataset", json!("sharegpt")),
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

/// `profile_generation.py` (LMDeploy's static benchmark: a fixed batch, fixed lengths) prints
/// its own block (`total time`, `first_token latency(min, max, ave)`, `token_latency
/// percentiles(50%,75%,95%,99%)(s)`, `throughput(output)`); it was not read, and beside the
/// page's serving run it was lost without a word.
#[test]
fn a_profile_generation_block_is_one_run_in_seconds() {
    let text = fixture("lmdeploy-profile/profile_generation_maca_zh.md");
    let findings = check(
        "docs/maca.md",
        &text,
        &[
            &[
                ("/format", json!("lmdeploy-generation")),
                ("/framework", json!("lmdeploy")),
                ("/model", json!("Internlm/internlm2-chat-7b")),
                ("/tp", json!(1)),
                ("/scenario/max_concurrency", json!(1)),
                ("/scenario/input_len", json!(256)),
                ("/scenario/output_len", json!(128)),
                ("/metrics/duration_s", json!(5.51)),
                ("/metrics/ttft_ms/mean", json!(46.0)),
                ("/metrics/ttft_ms/min", json!(45.0)),
                ("/metrics/e2e_ms/max", json!(1846.0)),
                ("/metrics/itl_ms/p95", json!(20.0)),
                ("/source/lines/metrics.itl_ms.p95", json!(17)),
                ("/metrics/output_throughput", json!(69.68)),
                ("/metrics/total_throughput", json!(209.04)),
                ("/metrics/extra/lmdeploy test rounds", json!(3.0)),
            ],
            // Its server's model is written after the flags (`api_server --server-port 23333 … /pde_ai/…`).
            &[
                ("/format", json!("serving-text")),
                ("/framework", json!("lmdeploy")),
                ("/metrics/completed", json!(1000)),
                ("/model", json!("Internlm/internlm2-chat-7b")),
                ("/source/context/model", json!({"line": 34, "kind": "serve"})),
            ],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/maca.md", &text, None));
}

/// The script before it printed both throughputs: `throughput: X token/s`, the generated tokens.
/// The lines are those of its print statement (an older `profile_generation.py`, index id
/// 1263137689: `throughput = token_latency_stats.size / elapsed_time`); no published output of
/// that version was found (find_string `token_latency percentiles(50%,75%,95%,99%)(s)`: the
/// scripts and one page of the newer version), so the numbers are written for the test.
#[test]
fn the_old_profile_generation_throughput_is_the_output_throughput() {
    let text = "--------------------------------------------------\ntotal time: 9.70s\nconcurrency: 1, test_round: 3\n\
                input_tokens: 1, output_tokens: 512\nfirst_token latency(min, max, ave): 0.011s, 0.015s, 0.013s\n\
                total_token latency(min, max, ave): 3.2s, 3.3s, 3.23s\ntoken_latency percentiles(50%,75%,95%,99%)(s): [0.006, 0.006, 0.007, 0.007]\n\
                throughput: 158.27 token/s\n--------------------------------------------------\n";
    check("raw/gen.log", text, &[&[("/metrics/output_throughput", json!(158.27)), ("/metrics/total_throughput", json!(null)), ("/metrics/e2e_ms/mean", json!(3230.0))]]);
}
