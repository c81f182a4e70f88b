//! TensorRT-LLM's benchmarks before `trtllm-bench`: `benchmarks/python/benchmark.py`'s one
//! `[BENCHMARK] model_name …` line per static batch, and `gptManagerBenchmark`'s report of one
//! `[BENCHMARK] key value` per line. Before this reader both gave no run.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

/// The 2024 line: `tokens_per_sec` is the batch's output rate (64 × 128 / 1111.06 ms), the
/// latency and its percentiles the requests' end-to-end latency, the FP8 quantization mode the
/// precision (over `precision float16`, the activations' type). The C++ benchmark below it
/// takes its rate and prompts from its command.
#[test]
fn a_python_line_and_a_gpt_manager_report() {
    let name = "trtllm-legacy/python_and_gpt_manager_llama7b_fp8.md";
    let text = fixture(name);
    let findings = check(
        "raw/trt.md",
        &text,
        &[
            &[
                ("/format", json!("trtllm-benchmark-py")),
                ("/framework", json!("trtllm")),
                ("/model", json!("llama_7b")),
                ("/gpu_count", json!(1)),
                ("/precision", json!("FP8")),
                ("/scenario/max_concurrency", json!(64)),
                ("/scenario/input_len", json!(128)),
                ("/scenario/output_len", json!(128)),
                ("/metrics/output_throughput", json!(7373.14)),
                ("/metrics/e2e_ms", json!({"mean": 1111.06, "p95": 1116.268, "p99": 1118.393})),
                ("/metrics/extra/generation phase throughput (tok~1s)", json!(8271.238)),
                ("/source/line", json!(11)),
            ],
            &[
                ("/format", json!("trtllm-gpt-manager")),
                ("/framework", json!("trtllm")),
                ("/metrics/completed", json!(500)),
                ("/metrics/failed", json!(0)),
                ("/metrics/duration_s", json!(52.37221)),
                ("/metrics/request_throughput", json!(9.55)),
                ("/metrics/output_throughput", json!(2870.8)),
                ("/metrics/e2e_ms", json!({"max": 3198.22, "mean": 2755.07, "min": 2353.59, "p50": 2747.11, "p90": 2942.41, "p99": 3108.04})),
                ("/scenario/request_rate", json!(10.0)),
                ("/scenario/num_prompts", json!(500)),
                ("/source/context/scenario.num_prompts", json!({"line": 17, "kind": "command"})),
                ("/source/line", json!(18)),
                ("/source/end_line", json!(31)),
            ],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/trt.md", &text, None));
}

/// The 2023 README's batch sweep: there `tokens_per_sec` was `output_length / latency`, one
/// request's speed (20 / 55.392 ms = 361.06 at batch 8), so only the batch of one (where both
/// readings agree) has an output rate; the others keep it as a request's speed.
#[test]
fn the_2023_tokens_per_sec_is_a_requests_speed_past_a_batch_of_one() {
    let text = fixture("trtllm-legacy/python_readme_batch_sweep_2023.md");
    let run = |line: u32, batch: u64, out: Option<f64>, speed: Option<f64>| {
        let mut fields = vec![("/source/line", json!(line)), ("/scenario/max_concurrency", json!(batch)), ("/metrics/output_throughput", json!(out)), ("/precision", json!("FP16"))];
        fields.extend(speed.map(|s| ("/metrics/extra/output speed per request (tok~1s)", json!(s))));
        fields
    };
    let findings = check("raw/readme.md", &text, &[&run(15, 1, Some(378.12), None), &run(16, 8, None, Some(361.06)), &run(17, 64, None, Some(246.03))]);
    assert!(findings.is_empty(), "{findings:?}");
}

/// A line cut off in the middle of a key (an issue's paste) keeps every pair before the cut;
/// `world_size 2` is the GPU count.
#[test]
fn a_cut_line_keeps_its_pairs() {
    let text = fixture("trtllm-legacy/python_issue1410_llama13b_tp2_cut.md");
    let findings = check(
        "raw/issue.md",
        &text,
        &[&[("/gpu_count", json!(2)), ("/scenario/max_concurrency", json!(1)), ("/metrics/output_throughput", json!(43.09)), ("/metrics/e2e_ms/mean", json!(4409.816)), ("/precision", json!("FP16"))]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// Four lines of a streaming report (a guide's excerpt): a run of its TTFT and TPOT (each
/// request's mean gap between tokens), with no rate from a command in another code block.
#[test]
fn a_streaming_excerpt_is_a_run_of_its_latencies() {
    let text = fixture("trtllm-legacy/gpt_manager_streaming_partial_ko.md");
    let findings = check(
        "raw/guide.md",
        &text,
        &[&[("/metrics/ttft_ms", json!({"mean": 465.21, "max": 525.54})), ("/metrics/tpot_ms", json!({"mean": 31.62, "max": 31.65})), ("/metrics/output_throughput", json!(null))]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// Lines this reader must not take: a BERT run (no output), a report of counts alone, and a
/// second report right after the first (a repeated key starts it).
#[test]
fn counts_alone_are_no_run_and_a_repeated_key_starts_the_next_report() {
    let text = "[BENCHMARK] model_name bert_base world_size 1 num_heads 12 precision float16 batch_size 1 input_length 128\n\
                [BENCHMARK] num_samples 8\n[BENCHMARK] num_error_samples 0\n\nsome other line\n\
                [BENCHMARK] num_samples 100\n[BENCHMARK] token_throughput(token/sec) 10.5\n[BENCHMARK] avg_sequence_latency(ms) 12.0\n\
                [BENCHMARK] num_samples 200\n[BENCHMARK] token_throughput(token/sec) 20.5\n";
    let findings = check(
        "raw/x.log",
        text,
        &[&[("/source/line", json!(6)), ("/metrics/completed", json!(100)), ("/metrics/output_throughput", json!(10.5))], &[("/source/line", json!(9)), ("/metrics/completed", json!(200)), ("/metrics/output_throughput", json!(20.5))]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A command written over several lines (`mpirun -n 8 gptManagerBenchmark \` over its flags):
/// each value points to the line its flag is on, the ranks to the command's first line.
#[test]
fn a_wrapped_command_s_values_point_to_their_lines() {
    let text = "mpirun --allow-run-as-root -n 8 gptManagerBenchmark \\\n    --engine_dir /e/8-gpu/ \\\n    --type IFB --request_rate 0.1 --max_num_samples 8 \\\n    --streaming true\n[BENCHMARK] num_samples 8\n[BENCHMARK] avg_time_to_first_token(ms) 465.21\n";
    let findings = check(
        "raw/wrapped.log",
        text,
        &[&[
            ("/scenario/request_rate", json!(0.1)),
            ("/source/lines/scenario.request_rate", json!(3)),
            ("/scenario/num_prompts", json!(8)),
            ("/source/lines/scenario.num_prompts", json!(3)),
            ("/gpu_count", json!(8)),
            ("/source/lines/gpu_count", json!(1)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(text, &parse_file("raw/wrapped.log", text, None));
}
