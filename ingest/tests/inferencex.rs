//! InferenceX (InferenceMAX) result rows: a real `agg_bmk.json` excerpt, and the row shapes
//! `utils/process_result.py` writes (single node with `tp`, multi-node with prefill/decode
//! GPUs) and the dashboard serves (numbers under `metrics`).

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

const AGG: &str = "inferencex/agg_bmk_offline_trt_b300.json";

#[test]
fn reads_agg_rows_with_latencies_in_seconds() {
    let text = fixture(AGG);
    let findings = check(
        "raw/agg_bmk.json",
        &text,
        &[
            &[
                ("/format", json!("inferencex")),
                ("/gpu", json!("b300")),
                ("/model", json!("deepseek-ai/DeepSeek-V4-Pro")),
                ("/framework", json!("trtllm")),
                ("/precision", json!("FP4")),
                // prefill_tp = decode_tp = 8; not multi-node, so no GPU sum.
                ("/tp", json!(8)),
                ("/gpu_count", json!(null)),
                ("/source/context/tp", json!({"line": 10, "kind": "metadata"})),
                ("/source/context/gpu", json!({"line": 14, "kind": "metadata"})),
                ("/scenario/input_len", json!(8192)),
                ("/scenario/output_len", json!(1025)),
                ("/scenario/max_concurrency", json!(16)),
                ("/params/image", json!("ghcr.io#semianalysisai/trtllm-deepseek-v4:feat-deepseek_v4-c185066")),
                ("/metrics/ttft_ms/mean", json!(1169.159437501)),
                ("/metrics/tpot_ms/median", json!(7.308731625)),
                ("/metrics/e2e_ms/p99", json!(10272.390650002)),
                ("/metrics/extra/tput_per_gpu", json!(272.04060371365455)),
                ("/metrics/extra/output_tput_per_gpu", json!(272.04060371365455)),
                ("/metrics/extra/mean_intvty", json!(136.02030185682727)),
                ("/metrics/extra/decode_round_tpot_ms", json!(22.069890185656302)),
                ("/metrics/output_throughput", json!(null)),
            ],
            &[("/scenario/max_concurrency", json!(64)), ("/metrics/ttft_ms/p90", json!(4976.919700019))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/agg_bmk.json", &text, None));
}

/// The agentic benchmark's rows (`scenario_type: agentic-coding`) carry their totals:
/// `output_tput_tps`, `total_tput_tps`, `input_tput_tps`, `num_requests_successful` and
/// `duration_seconds` are the run's (all had been extra numbers, every throughput empty);
/// `total_generation_tokens`, which counts more than the measured requests, stays under its
/// key. `offloading: lmcache` beside `none` sets two runs of one load apart, as a note (`none`
/// is none).
#[test]
fn agentic_rows_carry_their_totals_and_what_sets_them_apart() {
    let name = "inferencex/agg_bmk_agentic_offloading_mi355x.json";
    let text = fixture(name);
    let findings = check(
        "raw/agg_bmk.json",
        &text,
        &[
            &[
                ("/scenario/max_concurrency", json!(40)),
                ("/metrics/output_throughput", json!(35.680267940987584)),
                ("/metrics/total_throughput", json!(7278.190920283756)),
                ("/metrics/input_throughput", json!(7242.510652342768)),
                ("/metrics/completed", json!(130)),
                ("/metrics/duration_s", json!(1829.582673201)),
                ("/metrics/ttft_ms/mean", json!(384773.385197115)),
                ("/metrics/total_output_tokens", json!(null)),
                ("/metrics/extra/total_generation_tokens", json!(79270.0)),
                ("/notes", json!([{"line": 13, "text": "scenario_type: agentic-coding"}])),
            ],
            &[("/scenario/max_concurrency", json!(64)), ("/notes/1/text", json!("offloading: lmcache"))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/agg_bmk.json", &text, None));
}

#[test]
fn a_multinode_row_counts_prefill_and_decode_gpus() {
    let row = r#"{"hw": "gb200", "conc": 256, "model": "deepseek-ai/DeepSeek-R1", "framework": "sglang", "precision": "fp8",
"isl": "1024", "osl": "1024", "is_multinode": true, "prefill_tp": 4, "decode_tp": 8, "num_prefill_gpu": 8, "num_decode_gpu": 16,
"tput_per_gpu": 1500.5, "output_tput_per_gpu": 1200.25, "input_tput_per_gpu": 450.0,
"median_ttft": 0.5, "p99.9_ttft": 2.25, "median_tpot": 0.02, "median_intvty": 50.0}"#;
    let findings = check(
        "raw/agg_x.json",
        row,
        &[&[
            ("/gpu_count", json!(24)),
            ("/tp", json!(null)),
            ("/framework", json!("sglang")),
            ("/scenario/input_len", json!(1024)),
            ("/metrics/ttft_ms/p99.9", json!(2250.0)),
            ("/metrics/tpot_ms/median", json!(20.0)),
            ("/metrics/extra/input_tput_per_gpu", json!(450.0)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn a_dashboard_row_reads_its_metrics_object() {
    let row = r#"{"hardware": "h100", "framework": "vllm", "precision": "fp8", "isl": 1024, "osl": 1024, "conc": 64, "tp": 8,
"metrics": {"tput_per_gpu": 450.5, "output_tput_per_gpu": 400.2, "median_ttft": 0.15, "p99_ttft": 0.35, "median_e2el": 2.3}}"#;
    let findings = check(
        "raw/rows.json",
        row,
        &[&[("/gpu", json!("H100")), ("/tp", json!(8)), ("/metrics/ttft_ms/p99", json!(350.0)), ("/metrics/e2e_ms/median", json!(2300.0))]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn hostile_rows_give_findings_not_panics() {
    for text in [
        r#"{"hw": 5, "conc": -1, "tput_per_gpu": "fast", "mean_ttft": null}"#,
        r#"{"hw": "h100", "tput_per_gpu": 1e308, "mean_ttft": -1, "tp": 1e20, "is_multinode": true, "num_prefill_gpu": 4294967295, "num_decode_gpu": 4294967295}"#,
        r#"[{"conc": 1, "output_tput_per_gpu": 1.0, "metrics": [1, 2]}, {"hw": "x"}]"#,
        r#"{"conc": 1, "tput_per_gpu": 1.0, "p_ttft": 1, "pp_ttft": 2, "mean_": 3}"#,
    ] {
        let out = parse_file("raw/h.json", text, None);
        assert!(out.runs.iter().all(|r| r.gpu_count.is_none()), "{text}");
    }
}

#[test]
fn every_prefix_parses() {
    let text = fixture(AGG);
    let step = (text.len() / 300).max(1);
    for cut in (0..text.len()).step_by(step).filter(|&c| text.is_char_boundary(c)) {
        let _ = parse_file("raw/cut.json", &text[..cut], None);
    }
}

/// An AgentX result of one concurrency (SGLang on 4 MI355X, agentic coding traces): the
/// identity at the top, the measurements under `request_metrics` (latencies in seconds). A
/// run (it had been `results-not-read`): TTFT, TPOT, ITL and E2E in ms, the token rates and
/// duration the run's, the successful requests, GPUs from `num_gpus`, the dataset's name;
/// interactivity, per-GPU rates, token counts and the QPS series kept under their paths.
#[test]
fn an_agentx_result_of_one_concurrency() {
    let text = fixture("inferencex/agentx_per_concurrency_mi355x.json");
    let findings = check(
        "raw/agentx.json",
        &text,
        &[&[
            ("/format", json!("inferencex")),
            ("/model", json!("amd/GLM-5.3-Flash-Quark-MXFP4")),
            ("/framework", json!("sglang")),
            ("/gpu_count", json!(4)),
            ("/tp", json!(4)),
            ("/scenario/max_concurrency", json!(4)),
            ("/scenario/dataset", json!("semianalysisai/cc-traces-weka-062126")),
            ("/metrics/ttft_ms/p90", json!(1744.93)),
            ("/metrics/e2e_ms/mean", json!(4473.29)),
            ("/metrics/tpot_ms/mean", json!(4.11)),
            ("/metrics/output_throughput", json!(185.95128)),
            ("/metrics/input_throughput", json!(32951.24183)),
            ("/metrics/total_throughput", json!(33137.1931)),
            ("/metrics/duration_s", json!(3591.08587)),
            ("/metrics/completed", json!(647)),
            ("/metrics/extra/per_gpu output_tput_tps", json!(46.48782)),
            ("/metrics/extra/e2e_norm_intvty p90", json!(87.78121)),
            ("/metrics/extra/full_response_itl mean (s)", json!(0.00411)),
            ("/metrics/extra/qps mean", json!(0.18015)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/agentx.json", &text, None);
    numbers_trace_to_their_lines(&text, &out);
    let run = &out.runs[0];
    assert_eq!((run.source.lines["metrics.ttft_ms.p90"], run.source.lines["metrics.output_throughput"]), (60, 152));
    // The per-second QPS series is no request throughput.
    assert_eq!(run.metrics.request_throughput, None);
}
