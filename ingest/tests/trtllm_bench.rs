//! `trtllm-bench --report_json`: the sections and keys `ReportUtility.get_statistics_dict`
//! writes (TensorRT-LLM `tensorrt_llm/bench/dataclasses/reporting.py`). No published report
//! was found in the searchable index (searched again for the keys `system_output_throughput_tok_s`,
//! `request_latency_percentiles_ms`, `avg_num_concurrent_requests`, `kv_cache_percentage`,
//! `token_output_speed_tok_s` and for `--report_json` in issues and pages: only scripts that
//! read the report, and a synthetic one in a test, came up), so the input below has the
//! source's keys and layout (`json.dump(..., indent=4)`) with numbers of one run.
//! Searched again (samples session): `find_string` on `"output_throughput_per_gpu_tok_s":`
//! (4 hits: TensorRT-LLM's writer, two parsers, and a self-test fixture in a parse script
//! that "mirrors the real 1.3.0rc12 bench_report.json schema" with model `selftest/model`,
//! which shows a newer top-level `energy` section; read as a schema check, it gives one run
//! and the section is ignored), code search on `trtllm-bench report_json output
//! request_throughput_req_s system_output_throughput_tok_s` (scripts that pass
//! `--report_json`, e.g. alexm-redhat/vllm_bench_scripts `trt/trt_bench.sh`, whose stored
//! files hold no report), and the issues corpus on `trtllm-bench --report_json report.json`
//! (NVIDIA/TensorRT-LLM #4071 and #10528 discuss the file; neither pastes one): still no
//! published report.
//! Searched again (samples4 session): `find_string` `"avg_num_concurrent_requests": ` (1 hit,
//! the self-test report above); for the console's speculative-decoding section `= DECODING
//! STATISTICS` and `[AL] AVERAGE` (only copies of `reporting.py` and unrelated programs) and
//! for its `= MACHINE DETAILS` line (no trtllm-bench output): no published sample of either,
//! so the console reader is not taught them. The console's `= PYTORCH BACKEND` report is
//! tested below from NVIDIA's tuning blog.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

const REPORT: &str = r#"{
    "engine": {
        "model": "meta-llama/Llama-3.1-8B",
        "model_path": "None",
        "engine_dir": "None",
        "version": "0.21.0",
        "backend": "Pytorch",
        "dtype": "bfloat16",
        "kv_cache_dtype": "FP8",
        "quantization": "FP8"
    },
    "machine": {
        "name": "NVIDIA H100 80GB HBM3",
        "memory.total": 79.18
    },
    "world_info": {
        "tp_size": 2,
        "pp_size": 1,
        "ep_size": 1,
        "world_size": 2,
        "max_batch_size": 512,
        "max_num_tokens": 2048,
        "scheduling_policy": "GUARANTEED_NO_EVICT",
        "kv_cache_percentage": 0.9,
        "issue_rate": 1.2e+18
    },
    "request_info": {
        "num_requests": 1000,
        "avg_num_concurrent_requests": 470.5,
        "avg_input_length": 128.0,
        "avg_output_length": 128.0
    },
    "performance": {
        "total_latency_ms": 7000.0,
        "avg_request_latency_ms": 3300.5,
        "request_throughput_req_s": 142.857,
        "system_output_throughput_tok_s": 18285.7,
        "system_total_throughput_tok_s": 36571.4,
        "output_throughput_per_user_tok_s": 40.1,
        "output_throughput_per_gpu_tok_s": 9142.85,
        "request_latency_percentiles_ms": {
            "p50": 3200.1,
            "p90": 5000.2,
            "p95": 5500.3,
            "p99": 6100.4,
            "minimum": 900.5,
            "maximum": 6900.6,
            "average": 3300.5
        }
    },
    "streaming_metrics": {
        "token_output_speed_tok_s": 45.2,
        "avg_ttft_ms": 450.25,
        "avg_tpot_ms": 22.1,
        "tpot_percentiles": {"p50": 21.5, "p90": 25.0, "p95": 26.1, "p99": 30.2, "minimum": 15.0, "maximum": 35.5, "average": 22.1},
        "ttft_percentiles": {"p50": 400.0, "p90": 700.0, "p95": 800.0, "p99": 950.0, "minimum": 50.0, "maximum": 1000.0, "average": 450.25},
        "gen_tps_percentiles": {"p50": 46.0, "average": 45.2}
    },
    "dataset": {"num_requests": 1000, "avg_isl": 128, "avg_osl": 128}
}
"#;

#[test]
fn reads_a_streaming_report_with_its_metadata() {
    let findings = check(
        "raw/report.json",
        REPORT,
        &[&[
            ("/format", json!("trtllm-bench-json")),
            ("/framework", json!("trtllm")),
            ("/framework_version", json!("0.21.0")),
            ("/model", json!("meta-llama/Llama-3.1-8B")),
            ("/precision", json!("FP8")),
            // The report's own `engine.quantization`: printed by the tool, not a client's `--metadata`.
            ("/precision_from", json!("log")),
            ("/tp", json!(2)),
            ("/gpu_count", json!(2)),
            ("/source/context/tp", json!({"line": 17, "kind": "metadata"})),
            ("/source/context/precision", json!({"line": 10, "kind": "metadata"})),
            ("/metrics/completed", json!(1000)),
            ("/metrics/duration_s", json!(7.0)),
            ("/metrics/concurrency", json!(470.5)),
            ("/metrics/request_throughput", json!(142.857)),
            ("/metrics/output_throughput", json!(18285.7)),
            ("/metrics/total_throughput", json!(36571.4)),
            ("/metrics/e2e_ms/p99", json!(6100.4)),
            ("/metrics/e2e_ms/min", json!(900.5)),
            ("/metrics/e2e_ms/mean", json!(3300.5)),
            ("/metrics/ttft_ms/mean", json!(450.25)),
            ("/metrics/ttft_ms/p90", json!(700.0)),
            ("/metrics/tpot_ms/max", json!(35.5)),
            ("/derived/output_throughput_per_gpu", json!(9142.85)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(REPORT, &parse_file("raw/report.json", REPORT, None));
}

#[test]
fn a_non_streaming_report_has_no_latency_but_throughput() {
    let text = REPORT.split("    \"streaming_metrics\"").next().unwrap().trim_end().trim_end_matches(',').to_string() + "\n}\n";
    let findings = check("raw/r.json", &text, &[&[("/metrics/ttft_ms", json!(null)), ("/metrics/request_throughput", json!(142.857))]]);
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn hostile_reports_give_findings_not_panics() {
    for text in [
        "{\"performance\": {\"request_throughput_req_s\": \"fast\"}}",
        "{\"performance\": {\"request_throughput_req_s\": 1e308, \"total_latency_ms\": -1}, \"world_info\": {\"world_size\": -3}}",
        "{\"performance\": {\"request_throughput_req_s\": null}, \"engine\": [1, 2]}",
        "{\"performance\": {\"request_throughput_req_s\": 1.0, \"request_latency_percentiles_ms\": {\"p50\": {\"x\": 1}}}",
    ] {
        let out = parse_file("raw/h.json", text, None);
        assert!(out.runs.iter().all(|r| r.gpu_count.is_none()), "{text}");
    }
    let cut = &REPORT[..REPORT.len() / 2];
    let out = parse_file("raw/cut.json", cut, None);
    assert!(out.runs.is_empty() && !out.findings.is_empty());
}

#[test]
fn every_prefix_parses() {
    let step = (REPORT.len() / 300).max(1);
    for cut in (0..REPORT.len()).step_by(step).filter(|&c| REPORT.is_char_boundary(c)) {
        let _ = parse_file("raw/cut.json", &REPORT[..cut], None);
    }
}

/// The 1.3 layout (a parser's self-test copy of a real report): `machine.name` "NVIDIA GB10"
/// is the run's GPU (through the name table), `engine.version` is the framework version and
/// no extra number, and the new `energy` section is kept in `metrics.extra` with the unit
/// its key states (`_j`, `_per_w`); `average_gpu_power` states none and keeps its name.
#[test]
fn a_1_3_report_gives_gpu_energy_and_version_once() {
    let text = fixture("trtllm-bench/selftest_1.3_report.json");
    let findings = check(
        "raw/bench_report.json",
        &text,
        &[&[
            ("/gpu", json!("GB10")),
            ("/source/context/gpu", json!({"line": 13, "kind": "metadata"})),
            ("/source/lines/gpu", json!(13)),
            ("/framework_version", json!("1.2")),
            ("/metrics/extra/total energy (J)", json!(56.1)),
            ("/metrics/extra/output throughput per watt (tok~1s~1W)", json!(0.285)),
            ("/metrics/extra/average gpu power", json!(11.83)),
            ("/source/lines/metrics.extra.total energy (J)", json!(43)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/bench_report.json", &text, None);
    assert!(!out.runs[0].metrics.extra.contains_key("version"), "{:?}", out.runs[0].metrics.extra);
    numbers_trace_to_their_lines(&text, &out);
}

/// The console report of the PyTorch flow (0.21.0rc0), as NVIDIA's tuning blog prints it: its
/// first section is `= PYTORCH BACKEND`, not `= ENGINE DETAILS`, so the model, version, request
/// count and TP above `PERFORMANCE OVERVIEW` were lost, and `Number of concurrent requests:
/// 94.6050` (the measured `avg_num_concurrent_requests`, `reporting.py`) was stored as the
/// configured limit, rounded to 95. The overview quoted again below it is the same run.
#[test]
fn reads_the_pytorch_backend_console_report_of_a_blog() {
    let text = fixture("trtllm-bench/pytorch_backend_blog.md");
    let findings = check(
        "docs/trtllm_blog.md",
        &text,
        &[&[
            ("/format", json!("trtllm-bench")),
            ("/framework", json!("trtllm")),
            ("/source/line", json!(26)),
            ("/model", json!("meta-llama/Llama-3.1-8B-Instruct")),
            ("/source/lines/model", json!(28)),
            ("/framework_version", json!("0.21.0rc0")),
            ("/source/lines/framework_version", json!(30)),
            ("/tp", json!(1)),
            ("/metrics/completed", json!(100)),
            ("/metrics/concurrency", json!(94.605)),
            ("/source/lines/metrics.concurrency", json!(39)),
            ("/scenario/max_concurrency", json!(null)),
            ("/metrics/request_throughput", json!(86.5373)),
            ("/metrics/output_throughput", json!(11076.77)),
            ("/metrics/ttft_ms/p99", json!(232.4339)),
            ("/metrics/tpot_ms/mean", json!(7.3272)),
            ("/metrics/e2e_ms/p50", json!(1091.7905)),
        ]],
    );
    assert_eq!(findings, ["duplicate@136"]);
    numbers_trace_to_their_lines(&text, &parse_file("docs/trtllm_blog.md", &text, None));
}

/// TensorRT-LLM's own docs (`docs/source/performance/perf-benchmarking.md`, the benchmark
/// corpus' sample): `Number of concurrent requests: 5.3019` under `ENGINE DETAILS` is measured.
#[test]
fn concurrent_requests_of_an_engine_report_are_measured_not_a_limit() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/corpus/trtllm_bench_throughput.log")).unwrap();
    let expected = [
        ("/metrics/concurrency", json!(5.3019)),
        ("/scenario/max_concurrency", json!(null)),
        ("/framework_version", json!("0.17.0")),
    ];
    check("raw/trtllm_bench_throughput.log", &text, &[&expected]);
}

/// A Chinese translation of TensorRT-LLM's benchmarking guide: the multimodal example's report
/// opens with `REQUEST DETAILS` and `WORLD + RUNTIME INFORMATION`, as later releases print it;
/// the run starts there and takes its TP and request counts (it had started at `PERFORMANCE
/// OVERVIEW` without them).
#[test]
fn a_report_opening_with_its_request_details() {
    let text = fixture("trtllm-bench/request_details_first_zh.md");
    let out = parse_file("docs/perf_zh.md", &text, None);
    let run = out.runs.iter().find(|r| r.model.as_deref() == Some("Qwen/Qwen2-VL-2B-Instruct")).expect("the multimodal run");
    assert_eq!((run.source.line, run.tp, run.metrics.completed), (115, Some(1), Some(10)));
    assert_eq!((run.metrics.concurrency, run.metrics.request_throughput), (Some(5.3019), Some(1.4439)));
    assert_eq!(run.source.lines.get("tp"), Some(&124));
    numbers_trace_to_their_lines(&text, &out);
}

/// trtllm-bench's `Dtype: bfloat16` with `Quantization: None` is the run's precision (it had none);
/// a quantization it prints is read after the dtype and wins.
#[test]
fn the_engine_dtype_is_the_precision_unless_quantized() {
    let block = |quant: &str| format!("===========================================================\n= PYTORCH BACKEND\n===========================================================\nModel:                  meta-llama/Llama-3.1-8B-Instruct\nTensorRT-LLM Version:   0.21.0rc0\nDtype:                  bfloat16\nKV Cache Dtype:         None\nQuantization:           {quant}\n\n===========================================================\n= PERFORMANCE OVERVIEW\n===========================================================\nRequest Throughput (req/sec):                     10.4473\nTotal Output Throughput (tokens/sec):             1337.2590\nTotal Latency (ms):                               9571.7250\n");
    let precision = |quant: &str| benchsite_ingest::parse_file("raw/t.log", &block(quant), None).runs.first().and_then(|r| r.precision.clone());
    assert_eq!(precision("None").as_deref(), Some("BF16"));
    assert_eq!(precision("FP8").as_deref(), Some("FP8"));
}

/// An issue's excerpt cut inside the dataset's table of lengths (`-- Percentiles statistics
/// --`, its header `Input  Output  Seq. Length`, then `MIN:   128.00`): that row is the
/// dataset's shortest input, no metric of the run; it had been kept as an extra `min: 128`.
#[test]
fn a_cut_row_of_the_length_table_is_no_metric() {
    let text = fixture("trtllm-bench/issue_excerpt_cut_in_length_table.log");
    let out = parse_file("raw/h100.log", &text, None);
    assert_eq!(out.runs.len(), 1);
    let run = &out.runs[0];
    assert_eq!(run.metrics.request_throughput, Some(248.4751));
    assert_eq!(run.metrics.more.e2e_ms.as_ref().and_then(|l| l.get("p99")), Some(&68887.7569));
    let extras: Vec<&str> = run.metrics.more.extra.iter().map(|(k, _)| k.as_str()).collect();
    assert!(!extras.iter().any(|k| k.contains("min")), "{extras:?}");
    numbers_trace_to_their_lines(&text, &out);
}
