//! SGLang `bench_offline_throughput`: the `Offline Throughput Benchmark Result` block (the
//! engine runs in the client's process, so the block has counts and throughputs, no
//! latencies), its command's model, TP and prompts as context, behind the prefixes that MPI
//! (`[1,0]<stdout>:`) and `grep -A` (`FILE:` on the header, `FILE-` after it) put on it.
//! Before this reader every sample below gave no run.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

#[test]
fn reads_the_block_behind_mpi_tags_with_the_command_of_the_job_script() {
    let text = fixture("sglang-offline/hpcac_deepseek_r1_mpi.md");
    let findings = check(
        "docs/hpcac.md",
        &text,
        &[&[
            ("/format", json!("sglang-offline")),
            ("/framework", json!("sglang")),
            ("/backend", json!("engine")),
            ("/model", json!("deepseek-ai/DeepSeek-R1")),
            ("/tp", json!(16)),
            ("/scenario/num_prompts", json!(2000)),
            ("/scenario/request_rate", json!(null)),
            ("/metrics/completed", json!(2000)),
            ("/metrics/duration_s", json!(172.37)),
            ("/metrics/total_input_tokens", json!(626729)),
            ("/metrics/total_output_tokens", json!(388685)),
            ("/metrics/request_throughput", json!(11.6)),
            ("/metrics/input_throughput", json!(3635.89)),
            ("/metrics/output_throughput", json!(2254.91)),
            ("/metrics/total_throughput", json!(5890.8)),
            ("/metrics/extra/last generation throughput (tok~1s)", json!(33.36)),
            ("/metrics/ttft_ms", json!(null)),
            // The command runs in `bash -c '…'` under mpirun, in a job script of its own section.
            ("/source/context/model", json!({"line": 21, "kind": "command"})),
            ("/source/context/tp", json!({"line": 21, "kind": "command"})),
            ("/source/line", json!(62)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/hpcac.md", &text, None));
}

#[test]
fn reads_tp_and_prompts_of_the_command_block_above() {
    let text = fixture("sglang-offline/offline_qwen72b_zh.md");
    let findings = check(
        "docs/qwen72b.md",
        &text,
        &[&[
            ("/format", json!("sglang-offline")),
            ("/framework", json!("sglang")),
            ("/model", json!("Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4")),
            ("/tp", json!(2)),
            ("/scenario/dataset", json!("sharegpt")),
            ("/scenario/num_prompts", json!(1000)),
            ("/metrics/completed", json!(1000)),
            ("/metrics/duration_s", json!(622.93)),
            ("/metrics/output_throughput", json!(314.28)),
            ("/metrics/total_throughput", json!(799.27)),
            ("/source/context/tp", json!({"line": 10, "kind": "command"})),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/qwen72b.md", &text, None));
}

#[test]
fn reads_grep_context_extracts_of_two_clusters() {
    let text = fixture("sglang-offline/grep_context_baselines.md");
    let run = |line: u32, duration: f64, total: f64| {
        vec![
            ("/format", json!("sglang-offline")),
            ("/source/line", json!(line)),
            ("/metrics/completed", json!(2000)),
            ("/metrics/duration_s", json!(duration)),
            ("/metrics/total_throughput", json!(total)),
        ]
    };
    let findings = check("docs/baselines.md", &text, &[&run(9, 173.88, 5839.65), &run(28, 85.41, 11889.1)]);
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("docs/baselines.md", &text, None));
}
