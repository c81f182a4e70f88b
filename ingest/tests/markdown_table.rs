//! Markdown result tables (`formats::markdown_table`): real, trimmed tables from public
//! READMEs and docs in `tests/fixtures/markdown-table/` (the first line names the page), plus
//! small handwritten cases for what the samples do not show. Each case reads as data: the
//! input, then the values each run must hold, with the line every value and every piece of
//! context came from.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::{json, Value};

const SAMPLES: [&str; 25] = [
    "zh_xllm_caption_settings_and_lengths_pair.md",
    "zh_atlas_model_columns_under_another_models_command.md",
    "zh_aicompass_concurrency_volume_indented.md",
    "zh_dfkv_duration_column.md",
    "ko_llmperf_per_request_rate_rows.md",
    "precision_sections_fp8_fp4_zh.md",
    "lmdeploy_a100_fp16.md",
    "framework_comparison_zh.md",
    "vllm_vs_trtllm.md",
    "ollama_bench_zh.md",
    "trtllm_performance.md",
    "per_metric_tables_report_ko.md",
    "vllm_nightly_serving_table.md",
    "sglang_vs_vllm_rps.md",
    "lmdeploy_deepseekv3_zh.md",
    "llama_bench_pp_tg_zh.md",
    "treni_leaderboard_two_ttft.md",
    "lmdeploy_deepseekv3_en.md",
    "engine_columns_per_metric.md",
    "batch_cell_with_condition_zh.md",
    "thousands_suffix_cells.md",
    "plus_minus_cells_ascend_zh.md",
    "metric_headings_dflash_report.md",
    "stacked_header_loads_ja.md",
    "flag_columns_then_best_serve_command.md",
];

fn context(line: u32, kind: &str) -> Value {
    json!({ "line": line, "kind": kind })
}

/// Every sample: each number its run holds is printed on the line its provenance names.
#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    for name in SAMPLES {
        let text = fixture(&format!("markdown-table/{name}"));
        let out = parse_file(&format!("raw/{name}"), &text, None);
        assert!(!out.runs.is_empty(), "{name}");
        numbers_trace_to_their_lines(&text, &out);
    }
}

/// Every cut of every sample (at char boundaries) parses without a panic, and what it
/// yields still traces to its lines.
#[test]
fn every_cut_of_every_sample_parses() {
    for name in SAMPLES {
        let text = fixture(&format!("markdown-table/{name}"));
        let cuts: Vec<usize> = text.char_indices().map(|(i, _)| i).step_by(5).collect();
        for cut in cuts {
            let part = &text[..cut];
            let out = parse_file("raw/cut.md", part, None);
            numbers_trace_to_their_lines(part, &out);
        }
    }
}

/// Hostile tables: ragged rows, a header alone, numbers too big, units that do not fit the
/// column, negative values. Findings or nothing; never a panic or an invented value.
#[test]
fn hostile_tables_give_findings_not_panics_or_invented_runs() {
    let header_only = "| Model | TTFT (ms) |\n|---|---|\n";
    assert!(check("raw/h.md", header_only, &[]).iter().all(|f| f == "no-runs@0"));
    let ragged = "\
| Model | TTFT (ms) | Output throughput (tok/s) |
|---|---|---|
| a | 12.5 |
| b | 13.5 | 400 | 999 | extra |
| c |
";
    check(
        "raw/r.md",
        ragged,
        &[
            &[("/model", json!("a")), ("/metrics/ttft_ms/mean", json!(12.5)), ("/metrics/output_throughput", Value::Null)],
            // Cells past the header are no cells (GFM drops them).
            &[("/model", json!("b")), ("/metrics/output_throughput", json!(400.0))],
        ],
    );
    let odd = "\
| Model | TTFT (ms) | Output throughput (tok/s) | Mean TPOT (ms) |
|---|---|---|---|
| huge | 1e400 | 99999999999999999999999 | 12 GB |
| negative | -5 | -1 | 7 |
| ratio | 1.2x | +15% | ~3 |
";
    let out = parse_file("raw/o.md", odd, None);
    for run in &out.runs {
        let m = &run.metrics;
        assert!(m.ttft_ms.is_none(), "{}: {m:?}", run.id);
        assert!(m.output_throughput.is_none_or(|t| t.is_finite() && t > 0.0), "{}: {m:?}", run.id);
    }
    numbers_trace_to_their_lines(odd, &out);
    assert_eq!(out.runs.len(), 2, "the ratio row holds no measurement: {:#?}", out.runs);
    // Rows naming a metric twice are targets, not a run's metrics: the most QPS each engine
    // kept under each SLO is no TTFT of 12 or 20. The table is named as results not read.
    let targets = "\
| SLO | vLLM | SGLang |
|---|---|---|
| TTFT < 200 ms | 12 | 14 |
| TTFT < 500 ms | 20 | 23 |
| TPOT < 50 ms | 30 | 31 |
";
    assert_eq!(check("raw/slo.md", targets, &[]), ["table-not-read@3"]);
}

/// LMDeploy's own benchmark page: units in the header (`FTL(ave)(s)`, `throughput(out
/// tok/s)`), the model in the heading or in a first column left empty for the rows below.
#[test]
fn lmdeploy_benchmark_tables_read_one_run_per_row() {
    let text = fixture("markdown-table/lmdeploy_a100_fp16.md");
    let findings = check(
        "raw/a100_fp16.md",
        &text,
        &[
            &[
                ("/format", json!("markdown-table")),
                ("/source/line", json!(23)),
                ("/model", json!("llama2-7b")),
                ("/source/context/model", context(19, "heading")),
                ("/gpu", json!("A100")),
                ("/source/context/gpu", context(2, "heading")),
                ("/scenario/max_concurrency", json!(1)),
                ("/source/context/scenario.max_concurrency", context(23, "table-row")),
                ("/scenario/input_len", json!(1)),
                ("/scenario/output_len", json!(128)),
                ("/tp", json!(1)),
                ("/source/context/tp", context(23, "table-row")),
                ("/metrics/output_throughput", json!(100.02)),
                ("/source/lines/metrics.output_throughput", json!(23)),
                // Seconds in the header, milliseconds in the run.
                ("/metrics/ttft_ms", json!({ "mean": 11.0, "min": 10.0, "max": 11.0 })),
                // Columns this reader does not know keep their numbers.
                ("/metrics/extra/mem(gb)", json!(76.55)),
                // The header is `profile_generation.py`'s: its `N%(s)` columns are per-token
                // latency percentiles in seconds, read as the LMDeploy CSV reader reads them.
                ("/metrics/itl_ms", json!({"p50": 9.0, "p75": 9.0, "p95": 10.0, "p99": 11.0})),
                ("/section", json!("llama2-7b")),
            ],
            &[("/source/line", json!(24)), ("/scenario/input_len", json!(2048))],
            &[("/source/line", json!(25)), ("/scenario/max_concurrency", json!(64)), ("/metrics/ttft_ms/max", json!(116285.0))],
            &[("/model", json!("llama2-13b")), ("/source/context/model", context(27, "heading"))],
            &[
                ("/source/line", json!(39)),
                ("/model", json!("llama2-7b")),
                ("/source/context/model", context(39, "table-row")),
                ("/scenario/num_prompts", json!(3000)),
                ("/metrics/total_throughput", json!(5283.547)),
                ("/metrics/extra/prs", json!(10.275)),
                ("/section", json!("Request Throughput Benchmark")),
            ],
            // The model cell is empty: the row above states it.
            &[("/source/line", json!(40)), ("/model", json!("llama2-7b")), ("/source/context/model", context(39, "table-row"))],
            &[("/model", json!("llama2-13b"))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A README comparing engines: each engine's section starts its server (an unlabelled
/// block, server log included), runs `benchmark_serving.py`, and shows a result table.
/// The framework list, the hardware table and the model table hold no results.
#[test]
fn a_comparison_readme_gives_its_tables_the_command_above_them() {
    let text = fixture("markdown-table/framework_comparison_zh.md");
    let findings = check(
        "raw/README.md",
        &text,
        &[
            &[
                ("/format", json!("markdown-table")),
                ("/source/line", json!(55)),
                ("/model", json!("Meta-Llama-3-8B-Instruct")),
                ("/source/context/model", context(48, "command")),
                ("/backend", json!("vllm")),
                ("/framework", json!("vllm")),
                ("/scenario/dataset", json!("sharegpt")),
                ("/source/context/scenario.dataset", context(48, "command")),
                // The row states its own rate and prompts; the command's are another row's.
                ("/scenario/request_rate", json!(1.0)),
                ("/source/context/scenario.request_rate", context(55, "table-row")),
                ("/scenario/num_prompts", json!(100)),
                ("/metrics/duration_s", json!(105.08)),
                ("/metrics/ttft_ms/p99", json!(216.07)),
                ("/metrics/tpot_ms/p50", json!(24.68)),
                ("/params/command", json!("python -m vllm.entrypoints.openai.api_server --model Meta-Llama-3-8B-Instruct --dtype auto  --disable-log-requests")),
                ("/source/lines/params.command", json!(37)),
                ("/section", json!("Benchmark 结果")),
            ],
            &[("/scenario/request_rate", json!(2.0)), ("/scenario/num_prompts", json!(200))],
            &[
                // `--model "llama3" --tokenizer "Meta-Llama-3-8B-Instruct"`: the server's
                // name for the model beside the checkpoint its tokenizer is.
                ("/model", json!("Meta-Llama-3-8B-Instruct")),
                ("/source/context/model", context(73, "command")),
                ("/framework", json!("lmdeploy")),
                // The server was started with a commented-out command: no serve command.
                ("/params/command", Value::Null),
            ],
            &[
                ("/source/line", json!(92)),
                ("/params/command", json!("lmdeploy serve api_server Meta-Llama-3-8B-Instruct --quant-policy 8")),
                ("/source/lines/params.command", json!(86)),
                ("/metrics/request_throughput", json!(7.0)),
            ],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A blog-style table: backend per row, seconds in the header, `80 / 80` requests, and a
/// `Tokens/sec` column that does not say which tokens.
/// TensorRT-LLM's performance page: `TP (1)` is the TP column with a footnote mark, and
/// `Throughput (out tok/s/GPU)` is per GPU, so a TP 2 row's number is not the run's output
/// throughput: it stays under its header in `metrics.extra`. The tables' blank spacer rows
/// are no runs.
#[test]
fn a_vendor_performance_page_reads_tp_and_keeps_per_gpu_throughput_apart() {
    let text = fixture("markdown-table/trtllm_performance.md");
    let out = parse_file("raw/performance.md", &text, None);
    assert_eq!(out.runs.len(), 16 + 8 + 8, "{:#?}", out.findings);
    let run = |line: u32| {
        let r = out.runs.iter().find(|r| r.source.line == line).unwrap_or_else(|| panic!("no run at {line}"));
        serde_json::to_value(r).unwrap()
    };
    let tp2 = run(37);
    for (pointer, want) in [
        ("/model", json!("LLaMA 70B")),
        ("/gpu", json!("H100")),
        ("/framework", json!("trtllm")),
        ("/tp", json!(2)),
        ("/source/context/tp", context(37, "table-row")),
        ("/scenario/max_concurrency", json!(1024)),
        ("/scenario/input_len", json!(128)),
        ("/metrics/output_throughput", json!(null)),
        ("/metrics/extra/throughput (out tok~1s~1gpu)", json!(2657.0)),
        ("/source/lines/metrics.extra.throughput (out tok~1s~1gpu)", json!(37)),
    ] {
        assert_eq!(tp2.pointer(pointer), Some(&want), "{pointer}: {tp2:#}");
    }
    let l40s = run(54);
    assert_eq!(l40s.pointer("/gpu"), Some(&json!("L40S")));
    assert_eq!(l40s.pointer("/tp"), Some(&json!(1)));
    assert_eq!(l40s.pointer("/metrics/output_throughput"), Some(&json!(3630.0)));
    let latency = run(84);
    assert_eq!(latency.pointer("/tp"), Some(&json!(4)));
    assert_eq!(latency.pointer("/metrics/ttft_ms/mean"), Some(&json!(26.0)));
    assert_eq!(latency.pointer("/scenario/max_concurrency"), Some(&json!(1)));
    assert!(out.runs.iter().all(|r| r.metrics.extra.keys().all(|k| !k.starts_with("tp"))), "TP read as a metric");
}

/// A generated report with one table per metric, the metric named only by the heading above
/// it (`### 2.1 TTFT` over `Mean (s) | Median (s) | P95 (s)`, `### 2.2 총 응답 시간` = total
/// response time), a token-rate table whose columns are statistics over the requests
/// (`Mean (tokens/s) | Median (tokens/s) | P95 (tokens/s)`: labelled numbers, not the run's
/// throughput) and a success table. The four tables list the same configurations in the same
/// order (`Target | Model | Workload`), so each row is one run read from four tables; the
/// all-`nan` row is no run.
#[test]
fn per_metric_tables_named_by_their_headings_join_into_one_run_per_row() {
    let text = fixture("markdown-table/per_metric_tables_report_ko.md");
    let row = |ttft: f64, ttft_line: u32, e2e_p99: f64, failed: u64, rate_p95: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/source/line", json!(ttft_line)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/source/lines/metrics.ttft_ms.mean", json!(ttft_line)),
            ("/metrics/e2e_ms/p99", json!(e2e_p99)),
            ("/source/lines/metrics.e2e_ms.p99", json!(ttft_line + 13)),
            ("/metrics/failed", json!(failed)),
            ("/source/lines/metrics.failed", json!(ttft_line + 39)),
            ("/metrics/extra/p95 (tokens~1s)", json!(rate_p95)),
        ]
    };
    let runs = [
        row(91.0, 23, 14454.0, 0, 26.3),
        row(228.0, 24, 136879.0, 0, 7.7),
        row(282886.0, 25, 696204.0, 6272, 6.4),
        row(225.0, 26, 40992.0, 0, 12.1),
        row(36490.0, 28, 110753.0, 0, 7.7),
        row(283006.0, 29, 738701.0, 4722, 6.4),
        row(39697.0, 30, 118652.0, 0, 7.7),
    ];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/report.md", &text, &expected);
    assert!(!findings.iter().any(|f| f.starts_with("results-not-read")), "{findings:?}");
    // The Model column is cut (`Qwen/Qwen3-Coder-30B-A3B-Instr...`): no model is made of it;
    // the report's `- **테스트 모델:** Qwen/Qwen3-Coder-30B-A3B-Instruct` line names it.
    let out = parse_file("raw/report.md", &text, None);
    for run in &out.runs {
        assert_eq!(run.model.as_deref(), Some("Qwen/Qwen3-Coder-30B-A3B-Instruct"), "{}", run.id);
        assert_eq!(run.source.context["model"].kind, "labelled-line");
        assert!(run.notes.iter().any(|n| n.text.contains("Instr...")), "{:?}", run.notes);
    }
    numbers_trace_to_their_lines(&text, &parse_file("raw/report.md", &text, None));
    // A throughput column that names no other statistic beside it is still read.
    let one = "| Model | Mean output throughput (tok/s) |\n|---|---|\n| m | 25.3 |\n";
    check("raw/one.md", one, &[&[("/metrics/output_throughput", json!(25.3))]]);
}

/// Per-metric tables whose rows do not list the same configurations are not joined: each
/// keeps its own runs, and a finding says why.
#[test]
fn per_metric_tables_with_different_rows_stay_apart() {
    let text = "\
## Results

### TTFT

| Model | Mean (ms) |
|---|---|
| a | 10 |
| b | 20 |

### Throughput

| Model | Output throughput (tok/s) |
|---|---|
| b | 300 |
| a | 400 |
";
    let findings = check(
        "raw/apart.md",
        text,
        &[
            &[("/metrics/ttft_ms/mean", json!(10.0))],
            &[("/metrics/ttft_ms/mean", json!(20.0))],
            &[("/metrics/output_throughput", json!(300.0))],
            &[("/metrics/output_throughput", json!(400.0))],
        ],
    );
    assert!(findings.contains(&"tables-not-joined@12".to_string()), "{findings:?}");
    // Sibling sections whose headings name different GPUs hold different runs, even with
    // the same rows.
    let gpus = "## H100\n\n| Model | TTFT (ms) |\n|---|---|\n| a | 10 |\n\n## A100\n\n| Model | Output throughput (tok/s) |\n|---|---|\n| a | 400 |\n";
    check("raw/gpus.md", gpus, &[&[("/gpu", json!("H100"))], &[("/gpu", json!("A100"))]]);
}

#[test]
fn a_blog_table_reads_backend_units_and_counts() {
    let text = fixture("markdown-table/vllm_vs_trtllm.md");
    let findings = check(
        "raw/vllm_vs_trtllm.md",
        &text,
        &[
            &[
                ("/backend", json!("vLLM")),
                ("/source/context/backend", context(15, "table-row")),
                ("/framework", json!("vllm")),
                ("/scenario/max_concurrency", json!(80)),
                ("/metrics/e2e_ms/mean", json!(1363.4)),
                ("/metrics/duration_s", json!(1.5618)),
                ("/metrics/output_throughput", json!(2547.06)),
                ("/metrics/completed", json!(80)),
                ("/source/lines/metrics.completed", json!(15)),
            ],
            &[("/backend", json!("TensorRT-LLM")), ("/framework", json!("trtllm"))],
            &[("/scenario/max_concurrency", json!(20)), ("/metrics/output_throughput", json!(452.8))],
            &[("/metrics/output_throughput", json!(672.83))],
        ],
    );
    assert_eq!(findings, ["throughput-tokens-unstated@13"]);
}

/// A Chinese README: the header names no unit, the cells do (`30token/s`); the model is in
/// the heading, remarks become notes. The platform column's cells are kept as notes; those
/// the name table knows once vendor and memory are set aside (`Nvidia 2080ti（22G）`,
/// `Nvidia 3090（24G）`) name the GPU too (they were notes only); a laptop, a CPU and a
/// cloud service name none.
#[test]
fn a_chinese_table_takes_units_from_its_cells() {
    let text = fixture("markdown-table/ollama_bench_zh.md");
    let note = |line: u32, text: &str| json!({ "line": line, "text": text });
    let findings = check(
        "raw/README_zh.md",
        &text,
        &[
            &[
                ("/model", json!("llama3.1:latest")),
                ("/source/context/model", context(6, "heading")),
                ("/gpu", json!(null)),
                ("/notes/0", note(9, "测试平台: MacBook Pro M1 Pro")),
                ("/metrics/output_throughput", json!(30.0)),
            ],
            &[("/metrics/output_throughput", json!(11.0)), ("/notes/1", note(10, "备注: 纯 CPU 推理"))],
            &[
                ("/gpu", json!("RTX 2080 Ti")),
                ("/source/context/gpu", context(11, "table-row")),
                ("/notes/0", note(11, "测试平台: Nvidia 2080ti(22G)")),
                ("/metrics/output_throughput", json!(86.0)),
            ],
            &[("/gpu", json!("RTX 3090")), ("/source/context/gpu", context(12, "table-row")), ("/metrics/output_throughput", json!(124.0))],
            &[("/gpu", json!(null)), ("/notes/0", note(13, "测试平台: Groq Cloud")), ("/metrics/output_throughput", json!(581.0))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

const SUMMARY: &str = "\
# Results

## Qwen/Qwen3-8B on 1x H100

```
$ vllm bench serve --model Qwen/Qwen3-8B --dataset-name random --random-input-len 1024 --random-output-len 128 --num-prompts 200 --max-concurrency 16
============ Serving Benchmark Result ============
Successful requests:                     200
Benchmark duration (s):                  20.00
Total input tokens:                      204800
Total generated tokens:                  25600
Request throughput (req/s):              10.00
Output token throughput (tok/s):         1280.00
---------------Time to First Token----------------
Mean TTFT (ms):                          95.10
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          12.50
---------------Inter-token Latency----------------
Mean ITL (ms):                           11.20
==================================================
```

## Summary

| Model | Output tok/s | Mean TTFT (ms) |
|---|---|---|
| Qwen3-8B | 1280.0 | 95.1 |
| Qwen3-32B | 610.4 | 180.2 |

| Metric | Value |
|---|---:|
| Output token throughput (tok/s) | 1,280.00 |
| Mean TTFT (ms) | 95.10 |
| Request throughput (req/s) | 10.0 |
";

/// A summary that repeats a log above (in a row table or as `Metric | Value`) is no new
/// run; a row it does not repeat is one.
#[test]
fn a_summary_table_yields_duplicates_not_runs() {
    let findings = check(
        "raw/summary.md",
        SUMMARY,
        &[
            &[
                ("/format", json!("serving-text")),
                ("/model", json!("Qwen/Qwen3-8B")),
                ("/source/context/model", context(6, "command")),
                ("/scenario/input_len", json!(1024)),
                ("/source/context/scenario.input_len", context(6, "command")),
                ("/scenario/output_len", json!(128)),
                ("/scenario/max_concurrency", json!(16)),
                ("/gpu", json!("H100")),
                ("/gpu_count", json!(1)),
                ("/source/context/gpu_count", context(3, "heading")),
            ],
            &[("/format", json!("markdown-table")), ("/source/line", json!(28)), ("/model", json!("Qwen3-32B"))],
        ],
    );
    assert_eq!(findings, ["duplicate@27", "duplicate@30"]);
}

/// Tables that hold no results (flags, a glossary of metrics, a feature matrix, commands)
/// yield no run and no finding; a latency without a unit anywhere is not guessed.
#[test]
fn tables_without_results_yield_nothing_and_unitless_latencies_are_not_guessed() {
    let text = "\
# Tuning

| Flag | Default | Description |
|---|---|---|
| `--max-num-seqs` | 256 | Maximum number of sequences per iteration |
| `--gpu-memory-utilization` | 0.9 | Fraction of GPU memory for the model and KV cache |

| Metric | Meaning |
|---|---|
| TTFT (ms) | Time to first token |
| Output token throughput | Generated tokens per second |

| Feature | vLLM | SGLang |
|---|---|---|
| Prefix caching | ✅ | ✅ |

| GPU | Server launch command |
|---|---|
| H100 | `vllm serve Qwen/Qwen3-8B --tp 1` |
";
    assert!(check("raw/tuning.md", text, &[]).iter().all(|f| f == "no-runs@0"));
    let unitless = "\
| Engine | TTFT | Output throughput (tok/s) |
|---|---|---|
| vLLM | 120 | 3000 |
";
    let findings = check(
        "raw/unitless.md",
        unitless,
        &[&[
            ("/framework", json!("vllm")),
            ("/metrics/ttft_ms", Value::Null),
            ("/metrics/extra/ttft", json!(120.0)),
            ("/source/lines/metrics.extra.ttft", json!(3)),
            ("/metrics/output_throughput", json!(3000.0)),
        ]],
    );
    assert_eq!(findings, ["unit-unknown@1"]);
}

/// In a result file the path still supplies framework, GPU and version, and the section's
/// serve command its parameters; a table's rows are runs like its logs.
#[test]
fn a_result_file_reads_its_tables_with_the_sections_context() {
    let text = "\
# vLLM v0.10.1

## Qwen3-8B-FP8

```shell
vllm serve Qwen/Qwen3-8B-FP8 --tensor-parallel-size 2
```

| Concurrency | Output token throughput (tok/s) | Mean TTFT (ms) |
|---|---|---|
| 1 | 120.5 | 30.1 |
| 64 | 3500.2 | 210.4 |
";
    let out = parse_file("vllm/H100_v0.10.1.md", text, None);
    let runs: Vec<Value> = out.runs.iter().map(|r| serde_json::to_value(r).unwrap()).collect();
    assert_eq!(runs.len(), 2, "{:#?}", out.findings);
    for (run, (line, conc)) in runs.iter().zip([(11, 1), (12, 64)]) {
        assert_eq!(run["format"], "markdown-table");
        assert_eq!((run["framework"].clone(), run["framework_version"].clone(), run["gpu"].clone()), (json!("vllm"), json!("0.10.1"), json!("H100")));
        assert_eq!((run["tp"].clone(), run["model"].clone()), (json!(2), json!("Qwen/Qwen3-8B-FP8")));
        assert_eq!(run["source"]["line"], line);
        assert_eq!(run["scenario"]["max_concurrency"], conc);
        assert_eq!(run["source"]["lines"]["params.command"], 6);
    }
    numbers_trace_to_their_lines(text, &out);
}

/// The lines of every sample, read once.
fn sample_lines() -> &'static [String] {
    static LINES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| SAMPLES.iter().flat_map(|n| fixture(&format!("markdown-table/{n}")).lines().map(str::to_string).collect::<Vec<_>>()).collect())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// Lines of the real samples in any order and number (rows under another table's header,
    /// headings and commands between rows) never panic and never break provenance.
    #[test]
    fn shuffled_lines_of_the_samples_never_panic(picks in proptest::collection::vec(0usize..10_000, 0..60)) {
        let lines = sample_lines();
        let text: String = picks.iter().map(|&i| format!("{}\n", lines[i % lines.len()])).collect();
        let out = parse_file("raw/shuffled.md", &text, None);
        numbers_trace_to_their_lines(&text, &out);
    }
}

/// vLLM's nightly-benchmarks table (`convert-results-json-to-markdown.py`): `# of req.` is
/// the script's `completed`, and the `Test name` (`tp8_pp1_qps_01`) states the TP and the
/// request rate of the row. The pandas JSON of the same numbers below it adds no run.
#[test]
fn vllm_nightly_table_reads_completed_requests_and_its_test_names() {
    let text = fixture("markdown-table/vllm_nightly_serving_table.md");
    let row = |line: u32, rate: Value, tput: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/metrics/completed", json!(200)),
            ("/source/lines/metrics.completed", json!(line)),
            ("/tp", json!(8)),
            ("/source/context/tp", context(line, "table-row")),
            ("/scenario/request_rate", rate),
            ("/source/context/scenario.request_rate", context(line, "table-row")),
            ("/metrics/request_throughput", json!(tput)),
        ]
    };
    let runs = [row(31, json!(1.0), 0.974567), row(32, json!(4.0), 3.17519), row(33, json!(16.0), 6.33325), row(34, json!("inf"), 8.3983)];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/benchmark_results.md", &text, &expected);
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/benchmark_results.md", &text, None);
    assert!(out.runs.iter().all(|r| r.metrics.extra.is_empty()), "{:?}", out.runs[0].metrics.extra);
    // The GPU column holds the Azure VM size (`1xStandard_ND96asr_v4 x 1`), no GPU name: a note.
    for run in &out.runs {
        assert_eq!(run.gpu, None, "{}", run.id);
        assert!(run.notes.iter().any(|n| n.text == "GPU: 1xStandard_ND96asr_v4 x 1"), "{}: {:?}", run.id, run.notes);
    }
}

/// SGLang's comparison with vLLM 0.6.0: `RPS` holds the rate the client sent at (`4`, `8`,
/// `inf`; the commands below say `--request-rate 4`), not a measured throughput: whole
/// numbers and `inf`, in a column before the measurements, beside a `Request throughput`
/// column in the offline tables. The latency columns state no unit: kept aside, as before.
#[test]
fn a_whole_number_rps_column_is_the_request_rate() {
    let text = fixture("markdown-table/sglang_vs_vllm_rps.md");
    let out = parse_file("raw/README.md", &text, None);
    assert_eq!(out.runs.len(), 12, "{:?}", out.findings);
    let run = |line: u32| serde_json::to_value(out.runs.iter().find(|r| r.source.line == line).unwrap()).unwrap();
    let online = run(12);
    assert_eq!(online["scenario"]["request_rate"], json!(4.0));
    assert_eq!(online["source"]["context"]["scenario.request_rate"], context(12, "table-row"));
    assert_eq!(online["metrics"]["request_throughput"], Value::Null);
    assert_eq!(online["framework"], json!("sglang"));
    let offline = run(32);
    assert_eq!(offline["scenario"]["request_rate"], json!("inf"));
    assert_eq!(offline["metrics"]["request_throughput"], json!(22.03));
    assert_eq!(offline["metrics"]["output_throughput"], json!(4281.51));
    // A measured RPS with decimals (LMDeploy's `--csv`) is still the throughput.
    let measured = "| batch | RPS | throughput(out tok/s) |\n|---|---|---|\n| 128 | 5.049 | 2582.949 |\n";
    check("raw/m.md", measured, &[&[("/metrics/request_throughput", json!(5.049))]]);
}

/// The same README titles each table with its model written with spaces (`### Llama 3.1 8B
/// Instruct 1 x A100 80G`): the heading gives the model as its checkpoints spell it, with
/// the GPU and count, each from the heading's line.
#[test]
fn a_model_written_with_spaces_in_the_heading_is_the_runs_model() {
    let text = fixture("markdown-table/sglang_vs_vllm_rps.md");
    check(
        "raw/README.md",
        &text,
        &[
            &[("/source/line", json!(12)), ("/model", json!("Llama-3.1-8B-Instruct")), ("/source/context/model", context(8, "heading")), ("/gpu", json!("A100"))],
            &[("/source/line", json!(13)), ("/model", json!("Llama-3.1-8B-Instruct"))],
            &[("/source/line", json!(14)), ("/model", json!("Llama-3.1-8B-Instruct"))],
            &[("/source/line", json!(15)), ("/model", json!("Llama-3.1-8B-Instruct"))],
            &[
                ("/source/line", json!(21)),
                ("/model", json!("Llama-3.1-70B-Instruct")),
                ("/source/context/model", context(17, "heading")),
                ("/gpu", json!("H100")),
                ("/gpu_count", json!(4)),
            ],
            &[("/source/line", json!(22)), ("/model", json!("Llama-3.1-70B-Instruct"))],
            &[("/source/line", json!(23)), ("/model", json!("Llama-3.1-70B-Instruct"))],
            &[("/source/line", json!(24)), ("/model", json!("Llama-3.1-70B-Instruct"))],
            &[("/source/line", json!(32)), ("/model", json!("Llama-3.1-8B-Instruct")), ("/source/context/model", context(28, "heading"))],
            &[("/source/line", json!(33)), ("/model", json!("Llama-3.1-8B-Instruct"))],
            &[("/source/line", json!(39)), ("/model", json!("Llama-3.1-70B-Instruct")), ("/source/context/model", context(35, "heading"))],
            &[("/source/line", json!(40)), ("/model", json!("Llama-3.1-70B-Instruct"))],
        ],
    );
}

/// LMDeploy's own DeepSeekV3 page (Chinese docs): `prompt no` is the number of prompts, `RPS`
/// with decimals the measured request throughput, `max bsz` the server's batch limit (kept
/// aside, no concurrency); the two rows left empty (output 4096, 8192) are no runs; the
/// title `# DeepSeekV3` names the model. The serve and client commands come after the table,
/// in other sections, and give it nothing.
#[test]
fn lmdeploy_deepseekv3_zh_table_reads_prompt_no_and_the_title_model() {
    let text = fixture("markdown-table/lmdeploy_deepseekv3_zh.md");
    let row = |line: u32, prompts: u64, out: u64, rps: f64, output: f64, bsz: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/source/line", json!(line)),
            // The heading's spelling is kept as the model; the family is the name table's.
            ("/model", json!("DeepSeekV3")),
            ("/family", json!("DeepSeek-V3")),
            ("/source/context/model", context(2, "heading")),
            ("/scenario/num_prompts", json!(prompts)),
            ("/source/context/scenario.num_prompts", context(line, "table-row")),
            ("/scenario/input_len", json!(2048)),
            ("/scenario/output_len", json!(out)),
            ("/metrics/request_throughput", json!(rps)),
            ("/metrics/output_throughput", json!(output)),
            ("/metrics/extra/max bsz", json!(bsz)),
            ("/scenario/max_concurrency", Value::Null),
            // The page's only serve command, in section 3 below the table, names the same
            // model (`deepseek-ai/DeepSeek-V3`) and nothing contradicts it: its TP, framework
            // and flags are the runs', with its line.
            ("/tp", json!(16)),
            ("/source/context/tp", context(24, "serve")),
            ("/framework", json!("lmdeploy")),
            ("/source/context/framework", context(24, "serve")),
            ("/params/flags/0/name", json!("--backend")),
        ]
    };
    let runs = [
        row(6, 10000, 1024, 3.4, 1743.56, 1024.0),
        row(7, 10000, 2048, 1.62, 1682.41, 1024.0),
        row(10, 2000, 16384, 0.07, 600.07, 128.0),
        row(11, 2000, 32768, 0.02, 281.89, 128.0),
    ];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/deepseekv3.md", &text, &expected);
    assert!(findings.is_empty(), "{findings:?}");
    // A page whose title names another model: the one serve command did not serve these
    // rows, so nothing of it is given, and a finding says why (once).
    let other = text.replacen("# DeepSeekV3\n", "# Qwen3-235B-A22B\n", 1);
    let out = parse_file("raw/other.md", &other, None);
    assert_eq!(out.runs.len(), 4);
    assert!(out.runs.iter().all(|r| r.tp.is_none() && r.framework.is_none() && r.params.command.is_none()), "{:?}", out.runs);
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, ["serve-elsewhere-not-applied@6"]);
}

/// llama-bench's columns as an engine-comparison table writes them (`pp256 t/s`, `tg64 t/s`):
/// `pp` is prompt processing (prefill tokens per second), `tg` text generation. Both were read
/// as output throughput, the prefill number lost; the row of dashes is no run.
#[test]
fn llama_bench_pp_and_tg_columns_are_prefill_and_generation_throughput() {
    let text = fixture("markdown-table/llama_bench_pp_tg_zh.md");
    // The model column holds only sizes (`0.8B`, `4B`): a size is no model (it was stored as
    // the model `0.8B`). The title names the family, `Qwen3.5`: the model is the two joined,
    // from the row's cell, and the note keeps the cell and says where the family came from.
    let row = |line: u32, fw: &str, size: &str, pp: f64, tg: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/source/line", json!(line)),
            ("/framework", json!(fw)),
            ("/model", json!(format!("Qwen3.5-{size}"))),
            ("/source/context/model", context(line, "table-row")),
            ("/notes/0/text", json!(format!("模型: {size} (Qwen3.5 from the heading `mlllm Qwen3.5 优化日志`)"))),
            ("/metrics/input_throughput", json!(pp)),
            ("/source/lines/metrics.input_throughput", json!(line)),
            ("/metrics/output_throughput", json!(tg)),
        ]
    };
    let runs =
        [row(10, "llama.cpp", "0.8B", 749.44, 100.44), row(11, "llama.cpp", "4B", 143.32, 22.87), row(12, "mlllm", "0.8B", 207.50, 76.12)];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/optimization_log.md", &text, &expected);
    assert!(findings.is_empty(), "{findings:?}");
    // With no family above it, a size stays a note and the run has no model.
    let untitled = text.replacen("# mlllm Qwen3.5 优化日志\n", "# mlllm 优化日志\n", 1);
    let out = parse_file("raw/untitled.md", &untitled, None);
    assert_eq!(out.runs.len(), 3);
    assert!(out.runs.iter().all(|r| r.model.is_none()), "{:?}", out.runs);
    assert_eq!(out.runs[0].notes[0].text, "模型: 0.8B");
    // A heading that names a whole model is not joined to a size; where the sizes disagree a
    // finding says so (the heading still names the run's model, as for any run).
    let whole = text.replacen("# mlllm Qwen3.5 优化日志\n", "# mlllm Qwen3-4B 优化日志\n", 1);
    let out = parse_file("raw/whole.md", &whole, None);
    assert!(out.runs.iter().all(|r| r.model.as_deref() == Some("Qwen3-4B")), "{:?}", out.runs);
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, ["model-size-differs@10", "model-size-differs@12"]);
}

/// A leaderboard whose table has two TTFT columns, `Early TTFT` and `clean4 TTFT` (two
/// versions of the runtime): the second used to overwrite the first as the run's mean TTFT,
/// and `Early TTFT`'s numbers were lost. Neither is taken as the run's TTFT; both are kept
/// under their own headers, each on its line, and a finding names the columns. Two columns
/// with the same header are kept apart by position.
#[test]
fn two_columns_of_one_field_are_both_kept_and_named() {
    let text = fixture("markdown-table/treni_leaderboard_two_ttft.md");
    let row = |line: u32, model: &str, early: f64, clean4: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/source/line", json!(line)),
            ("/model", json!(model)),
            ("/metrics/ttft_ms", Value::Null),
            ("/metrics/extra/early ttft (ms)", json!(early)),
            ("/metrics/extra/clean4 ttft (ms)", json!(clean4)),
            ("/source/lines/metrics.extra.early ttft (ms)", json!(line)),
        ]
    };
    let runs = [
        row(16, "qwen", 27574.564, 1100.044),
        row(17, "donut", 67360.388, 150.322),
        row(18, "bart", 77520.798, 125.011),
        row(19, "minilm", 23.342, 22.621),
    ];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let out = parse_file("raw/leaderboard.md", &text, None);
    let findings = common::check_output("raw/leaderboard.md", &out, &expected);
    assert_eq!(findings, ["duplicate-columns@14"]);
    assert_eq!(out.findings[0].runs.len(), 4);
    // The same header twice: each number under its position.
    let same = "| Model | Throughput (tok/s) | Throughput (tok/s) |\n|---|---|---|\n| a | 10.5 | 20.5 |\n";
    let findings = check(
        "raw/same.md",
        same,
        &[&[
            ("/metrics/output_throughput", Value::Null),
            ("/metrics/extra/throughput (tok~1s) (column 2)", json!(10.5)),
            ("/metrics/extra/throughput (tok~1s) (column 3)", json!(20.5)),
        ]],
    );
    assert_eq!(findings, ["duplicate-columns@1"]);
    // Columns told apart by their statistic or unit are no duplicates.
    let apart = "| Model | Mean TTFT (ms) | P99 TTFT (ms) | Throughput (tok/s) | Throughput (req/s) |\n|---|---|---|---|---|\n| a | 1 | 2 | 3 | 4 |\n";
    let findings = check("raw/apart.md", apart, &[&[("/metrics/ttft_ms/mean", json!(1.0)), ("/metrics/ttft_ms/p99", json!(2.0))]]);
    assert!(findings.iter().all(|f| !f.starts_with("duplicate-columns")), "{findings:?}");
}

/// The English deepseekv3 page holds three tables, one per version, and says under the third
/// that it was "measured using 4 nodes (DP32 + EP32), whereas the previous results were
/// recorded using 2 nodes (TP16)"; its one serve command says `--tp 16`. Runs in several
/// sections may come from several setups: the serve command is given to none, and a finding
/// says why (the Chinese page's single table takes it, see above).
#[test]
fn the_only_serve_command_is_not_given_to_runs_spread_over_sections() {
    let text = fixture("markdown-table/lmdeploy_deepseekv3_en.md");
    let out = parse_file("raw/deepseekv3_en.md", &text, None);
    assert_eq!(out.runs.len(), 18);
    assert!(out.runs.iter().all(|r| r.tp.is_none() && r.params.command.is_none() && r.family.as_deref() == Some("DeepSeek-V3")), "{:?}", out.runs);
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, ["serve-elsewhere-not-applied@12"]);
    assert!(out.findings[0].message.contains("3 sections"), "{}", out.findings[0].message);
}

/// One column per engine (`| Batch Size | TensorRT-LLM | vLLM | Difference |`), the metric
/// named by the section heading (`### Throughput (tokens/sec)`, `### Time to First Token
/// (TTFT) in ms`), one table per metric: a run per engine and batch size, with both metrics.
/// The file gave no run (its results-not-read warning pointed at a prose line below). The
/// configuration list's precision and dataset are every run's.
#[test]
fn engine_columns_under_metric_headings_give_a_run_per_engine_and_row() {
    let text = fixture("markdown-table/engine_columns_per_metric.md");
    let run = |row: u32, framework: &str, batch: u64, tput: f64, ttft: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/format", json!("markdown-table")),
            ("/framework", json!(framework)),
            ("/source/context/framework", context(16, "table-row")),
            ("/model", json!("Qwen2.5-3B-Instruct")),
            ("/gpu", json!("A10G")),
            ("/scenario/max_concurrency", json!(batch)),
            ("/source/lines/scenario.max_concurrency", json!(row)),
            ("/metrics/output_throughput", json!(tput)),
            ("/source/lines/metrics.output_throughput", json!(row)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/source/lines/metrics.ttft_ms.mean", json!(row + 12)),
            // `- **Precision**: FP16`, `- **Dataset**: ShareGPT (100 prompts …)`.
            ("/precision", json!("FP16")),
            ("/precision_from", json!("labelled-line")),
            ("/source/context/precision", context(6, "labelled-line")),
            ("/scenario/dataset", json!("sharegpt")),
            ("/source/context/scenario.dataset", context(8, "labelled-line")),
        ]
    };
    let expected = [
        run(18, "trtllm", 1, 71.26, 17.64),
        run(18, "vllm", 1, 68.18, 208.59),
        run(19, "trtllm", 2, 141.35, 21.51),
        run(19, "vllm", 2, 129.89, 343.32),
        run(20, "trtllm", 4, 282.0, 23.85),
        run(20, "vllm", 4, 253.91, 269.55),
        run(21, "trtllm", 8, 490.7, 41.2),
        run(21, "vllm", 8, 504.92, 390.26),
        run(22, "trtllm", 16, 852.21, 246.45),
        run(22, "vllm", 16, 924.24, 1137.57),
        run(23, "trtllm", 32, 1458.65, 435.34),
        run(23, "vllm", 32, 1636.74, 1176.09),
        run(24, "trtllm", 64, 2359.84, 705.37),
        run(24, "vllm", 64, 2545.08, 1415.44),
    ];
    let expected: Vec<&[(&str, Value)]> = expected.iter().map(Vec::as_slice).collect();
    let findings = check("docs/summary.md", &text, &expected);
    assert_eq!(findings, ["throughput-tokens-unstated@16"]);
    let out = parse_file("docs/summary.md", &text, None);
    let ids: Vec<&str> = out.runs.iter().take(2).map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["docs/summary.md#L18", "docs/summary.md#L18.2"]);
}

/// The same layout in a result file (`vllm/A100_v0.10.1.md`): the SGLang column's runs are
/// SGLang's, not vLLM v0.10.1's as the path would say; they keep their framework, no
/// version, and a warning each. The table is the fixture's layout, its engines swapped.
#[test]
fn engine_columns_of_another_framework_in_a_result_file_keep_their_framework() {
    let text = "# vLLM v0.10.1 on A100\n\n## Throughput (tokens/sec)\n\n| Batch Size | vLLM | SGLang |\n|---|---|---|\n| 1 | 68.18 | 71.26 |\n";
    let findings = check(
        "vllm/A100_v0.10.1.md",
        text,
        &[
            &[("/framework", json!("vllm")), ("/framework_version", json!("0.10.1")), ("/metrics/output_throughput", json!(68.18))],
            &[("/framework", json!("sglang")), ("/framework_version", json!(null)), ("/gpu", json!("A100")), ("/metrics/output_throughput", json!(71.26))],
        ],
    );
    assert!(findings.contains(&"framework-not-path@5".to_string()), "{findings:?}");
}

/// `| 64 + prefix cache | 327 | 21.9 | 2712 |` under `Batch`: the words are how this run
/// differs from the `64` row above it (a prefix cache, a TTFT nine times lower); the run keeps
/// them as a note and no concurrency. They were dropped: the run looked like a plain one.
#[test]
fn a_context_cell_the_column_cannot_read_is_kept_as_a_note() {
    let text = fixture("markdown-table/batch_cell_with_condition_zh.md");
    let out = parse_file("docs/runtime.md", &text, None);
    assert_eq!(out.runs.len(), 7);
    let last = &out.runs[6];
    assert_eq!(last.scenario.max_concurrency, None);
    assert_eq!(last.metrics.ttft_ms.as_ref().map(|t| t["mean"]), Some(327.0));
    let notes: Vec<(u32, &str)> = last.notes.iter().map(|n| (n.line, n.text.as_str())).collect();
    assert_eq!(notes, [(16, "Batch: 64 + prefix cache")]);
    assert!(out.runs[5].notes.is_empty() && out.runs[5].scenario.max_concurrency == Some(64));
    // `测试设备：… · input=512 tokens · output=200 tokens` above the tables: every run's lengths.
    assert!(out.runs.iter().all(|r| (r.scenario.input_len, r.scenario.output_len) == (Some(512), Some(200))));
    assert_eq!(last.source.context["scenario.input_len"].kind, "labelled-line");
}

/// `20.7k tok/s` under `Aggregate Prompt tok/s`: 20,700 input tokens a second. The column was
/// dropped without a word (a `k` is no unit the cells knew); seconds in the cells (`0.310s`)
/// were read.
#[test]
fn a_thousands_suffix_in_a_throughput_cell_is_read() {
    let text = fixture("markdown-table/thousands_suffix_cells.md");
    let run = |row: u32, concurrency: u64, ttft: f64, prompt: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/scenario/max_concurrency", json!(concurrency)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/metrics/input_throughput", json!(prompt)),
            ("/source/lines/metrics.input_throughput", json!(row)),
        ]
    };
    let findings = check(
        "docs/nccl.md",
        &text,
        &[&run(8, 1, 310.0, 20700.0), &run(9, 1, 1329.0, 6750.0), &run(10, 16, 903.0, 115300.0), &run(11, 16, 999.0, 108100.0)],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// Words where a measurement stands (`HTTP 400` in a tok/s column: the request failed) are
/// the row's note, not dropped. Rows from a speculative-decoding write-up (index id
/// 69399148089, its eight-case table, two rows).
#[test]
fn words_in_a_measure_column_are_kept_as_a_note() {
    let text = "| Case | Target tok/s | dSpark tok/s | Official Flash tok/s (one request) |\n|---|---:|---:|---:|\n\
                | Natural JSON | 38.05 | 81.74 | 175.33 |\n| Schema JSON | 37.78 | 70.74 | HTTP 400 |\n";
    let out = parse_file("docs/dspark.md", text, None);
    let notes: Vec<&str> = out.runs[1].notes.iter().map(|n| n.text.as_str()).collect();
    assert!(notes.contains(&"Official Flash tok/s (one request): HTTP 400"), "{notes:?}");
}

/// A report's three-run table writes each cell `mean ± spread` (`819.69 ± 8.40`); the spread
/// was dropped. The mean stays the value and the spread is kept in `metrics.spread` under the
/// value's field, labelled `±` (the table does not say what it measures).
#[test]
fn a_plus_minus_cell_keeps_its_spread() {
    let text = fixture("markdown-table/plus_minus_cells_ascend_zh.md");
    let spread = |pm: f64| json!({ "plus_minus": pm, "label": "±" });
    check(
        "raw/ascend.md",
        &text,
        &[
            &[
                ("/metrics/output_throughput", json!(6.72)),
                ("/metrics/spread/output_throughput", spread(0.24)),
                ("/metrics/ttft_ms/mean", json!(819.69)),
                ("/metrics/spread/ttft_ms.mean", spread(8.4)),
                ("/metrics/tpot_ms/mean", json!(148.28)),
                ("/metrics/spread/tpot_ms.mean", spread(5.28)),
            ],
            &[("/metrics/ttft_ms/mean", json!(901.67)), ("/metrics/spread/ttft_ms.mean", spread(12.98))],
            &[("/metrics/output_throughput", json!(5.6)), ("/metrics/spread/output_throughput", spread(0.04))],
            &[("/metrics/ttft_ms/mean", json!(1105.74)), ("/metrics/spread/ttft_ms.mean", spread(11.76))],
        ],
    );
}

/// A result file whose tables sit under metric headings (`### Decode tps`, `### TTFT (ms)`):
/// the heading was taken as the runs' model. A metric heading names no model; the heading
/// above it (`## Full statistics (n=5 per cell)`) names none either, so the model stays unstated.
#[test]
fn a_metric_heading_is_no_model_in_a_result_file() {
    let text = fixture("markdown-table/metric_headings_dflash_report.md");
    let out = parse_file("dflash-mlx/M5Max_v0.1.7.md", &text, None);
    assert!(!out.runs.is_empty(), "{:?}", out.findings);
    for run in &out.runs {
        assert_eq!(run.model, None, "{}: {:?}", run.id, run.source.lines.get("model"));
    }
}

/// A slide's table stacks each header over a load with `<br>` (`TTFT<br>1並列 | TTFT<br>8並列 |
/// TTFT<br>64並列 | TPOT<br>1並列 …`). The `<br>` was read as a space, so the three TTFT columns
/// were three columns filling one field (`duplicate-columns`) and no run had its concurrency.
/// Each load is now a run of its row, its concurrency stated by the header; the numbers stay
/// where the table puts them (no unit in the table: extras, as before).
#[test]
fn a_header_stacking_a_metric_over_a_load_gives_a_run_per_load() {
    let text = fixture("markdown-table/stacked_header_loads_ja.md");
    let load = |c: u64, ttft: f64, tpot: f64| {
        vec![
            ("/scenario/max_concurrency", json!(c)),
            ("/source/context/scenario.max_concurrency", context(6, "table-row")),
            ("/metrics/extra/ttft", json!(ttft)),
            ("/metrics/extra/tpot", json!(tpot)),
            ("/gpu", json!("L4")),
        ]
    };
    let out = parse_file("raw/slides.md", &text, None);
    assert_eq!(out.runs.len(), 24, "8 rows of 3 loads");
    let first: Vec<Vec<(&str, Value)>> = vec![load(1, 59.0, 39.1), load(8, 132.0, 40.7), load(64, 428.0, 53.9)];
    let first: Vec<&[(&str, Value)]> = first.iter().map(Vec::as_slice).collect();
    let three = benchsite_ingest::FileOutput { runs: out.runs[..3].to_vec(), ..out.clone() };
    common::check_output("raw/slides.md", &three, &first);
    assert!(!out.findings.iter().any(|f| f.code == "duplicate-columns"), "{:?}", out.findings);
}

/// A README that varies two vLLM flags, one row each (`| gpu_memory_utilization |
/// max_num_batched_tokens | requests/sec | ttft (s) | itl (ms) |`), then gives the serve command
/// of its best row. Each run holds its row's flags, each linked to its row; the serve command
/// runs only the row whose flags it sets (0.9 and 8192), not the 0.65 and 0.80 rows, which
/// are told so once. The line introducing the table (`… using vLLM 0.2.2 serving
/// \`meta-llama/Llama-3-8B-Instruct\`.`) names the model of every row.
#[test]
fn flag_columns_are_the_rows_flags_and_keep_a_serve_command_of_other_values_away() {
    let text = fixture("markdown-table/flag_columns_then_best_serve_command.md");
    let row = |line: u32, util: &str, tokens: &str, rps: f64, ttft: f64, command: bool| -> Vec<(&'static str, Value)> {
        let mut fields = vec![
            ("/source/line", json!(line)),
            ("/framework", json!("vllm")),
            ("/model", json!("meta-llama/Llama-3-8B-Instruct")),
            ("/source/context/model", json!({ "line": 7, "kind": "caption" })),
            ("/metrics/request_throughput", json!(rps)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
        ];
        if command {
            fields.extend([
                ("/params/flags/1", json!({ "name": "--gpu-memory-utilization", "value": "0.9" })),
                ("/source/lines/params.command", json!(22)),
            ]);
        } else {
            fields.extend([
                ("/params/command", Value::Null),
                ("/params/flags", json!([{ "name": "--gpu-memory-utilization", "value": util }, { "name": "--max-num-batched-tokens", "value": tokens }])),
                ("/source/lines/params.flags.--gpu-memory-utilization", json!(line)),
            ]);
        }
        fields
    };
    let runs = [row(11, "0.65", "4096", 6.0, 1800.0, false), row(12, "0.80", "8192", 8.0, 1500.0, false), row(13, "", "", 9.0, 1300.0, true)];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/README.md", &text, &expected);
    assert_eq!(findings, ["serve-elsewhere-not-applied@11"]);
}

/// A page names its model once (`模型：Qwen/Qwen3-32B-FP8（FP8 checkpoint）`, the name ending
/// at the bracket) and its workload in words (`负载：输入 10000 tokens；输出 800 tokens`), then
/// has a section per precision, `### FP8` and `### FP4`. Each section's rows take the
/// precision of their heading (the FP4 rows were FP8, from the model's name), and where the
/// heading contradicts the model's name a `precision-differs` warning says the model may not
/// be the one that ran (the FP4 rows' notes name `RedHatAI/Qwen3-32B-NVFP4`).
#[test]
fn a_heading_naming_a_precision_gives_its_rows_that_precision() {
    let text = fixture("markdown-table/precision_sections_fp8_fp4_zh.md");
    let row = |line: u32, heading: u32, precision: &str, conc: u64, ttft: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/id", json!(format!("raw/qwen32b.md#L{line}"))),
            ("/model", json!("Qwen/Qwen3-32B-FP8")),
            ("/family", json!("Qwen3-32B")),
            ("/precision", json!(precision)),
            ("/precision_from", json!("heading")),
            ("/source/context/precision", context(heading, "heading")),
            ("/scenario/input_len", json!(10000)),
            ("/scenario/output_len", json!(800)),
            ("/source/context/scenario.input_len", context(6, "labelled-line")),
            ("/scenario/max_concurrency", json!(conc)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/source/lines/metrics.ttft_ms.mean", json!(line)),
        ]
    };
    let runs = [
        row(18, 14, "FP8", 1, 81.174),
        row(19, 14, "FP8", 10, 102.166),
        row(20, 14, "FP8", 40, 164.491),
        row(26, 22, "FP4", 10, 101.209),
        row(27, 22, "FP4", 40, 141.805),
    ];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/qwen32b.md", &text, &expected);
    assert_eq!(findings, ["precision-differs@26", "precision-differs@27"]);
    // A heading naming two precisions names none: the setup line's model says FP8 in its
    // brackets (`Qwen/Qwen3-32B-FP8（FP8 checkpoint）`).
    let both = text.replacen("### FP4\n", "### FP4 vs FP8\n", 1);
    let out = parse_file("raw/both.md", &both, None);
    let said: Vec<(Option<&str>, Option<&str>)> = out.runs.iter().map(|r| (r.precision.as_deref(), r.precision_from.as_deref())).collect();
    assert_eq!(said, [(Some("FP8"), Some("heading")); 3].into_iter().chain([(Some("FP8"), Some("labelled-line")); 2]).collect::<Vec<_>>());
    assert!(out.findings.is_empty(), "{:?}", out.findings);
}

/// A `Model` column holding engine configurations (`vllm_fp8_quantization`,
/// `sglang_torch_compile`, `baseline_llama_cpp`; a public H100 comparison README's layout):
/// each row's engine, the configuration kept as a note, no model.
#[test]
fn engine_configurations_under_a_model_header() {
    let text = "| Model | TTFT (ms) | Tokens/sec |\n|---|---|---|\n| baseline_llama_cpp | 33.81 | 79.41 |\n| vllm_fp8_quantization | 18.36 | 187.08 |\n| sglang_torch_compile | 54.35 | 143.67 |\n| Qwen3-8B | 20.1 | 150.2 |\n";
    let findings = check(
        "raw/engines.md",
        text,
        &[
            &[("/framework", json!("llama.cpp")), ("/model", Value::Null), ("/notes/0/text", json!("Model: baseline_llama_cpp"))],
            &[("/framework", json!("vllm")), ("/model", Value::Null), ("/notes/0/text", json!("Model: vllm_fp8_quantization"))],
            &[("/framework", json!("sglang")), ("/model", Value::Null), ("/metrics/ttft_ms/mean", json!(54.35))],
            &[("/framework", Value::Null), ("/model", json!("Qwen3-8B"))],
        ],
    );
    assert_eq!(findings, ["throughput-tokens-unstated@1"]);
}

/// Columns named by an engine and a statistic under a heading naming the metric (`###
/// Time to First Token` over `| Concurrency | vLLM P50 | SGLang P50 | vLLM P95 | SGLang P95
/// |`, a public vLLM-vs-SGLang README's layout) are not read yet: a `table-not-read`
/// warning says so (the table was lost in silence).
#[test]
fn engine_and_statistic_columns_under_a_metric_heading_are_said_unread() {
    let text = "### Time to First Token\n\n| Concurrency | vLLM P50 | SGLang P50 | vLLM P95 | SGLang P95 |\n|---|---|---|---|---|\n| c=1 | **15.4 ms** | 20.0 ms | **16.3 ms** | 23.2 ms |\n";
    let out = parse_file("raw/engines.md", text, None);
    assert!(out.runs.is_empty());
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, ["table-not-read@5"]);
    // The same numbers under a heading naming no metric stay as they were: no run, no claim.
    let plain = text.replace("### Time to First Token", "### Notes");
    assert!(parse_file("raw/engines.md", &plain, None).findings.iter().all(|f| f.code != "table-not-read"));
}

/// TensorRT-LLM's perf overview: `## Throughput Measurements` over `#### Llama 4 Scout` over
/// columns named by a GPU, its TP and precision (`B200<br/>TP1 (FP4)`) holding plain numbers.
/// Not read yet (which throughput, per GPU or not, is not said in the table): a
/// `table-not-read` warning per table, where every table was lost in silence.
#[test]
fn gpu_columns_under_an_enclosing_throughput_heading_are_said_unread() {
    let text = "## Throughput Measurements\n\n#### Llama 4 Scout\n\n| Sequence Length (ISL/OSL) | B200<br/>TP1 (FP4) | H200<br/>TP4 (FP8) |\n|---|---|---|\n| 128/128 | 25,342 | 30,354 |\n| 128/2048 | 14,699 | 34,316 |\n";
    let out = parse_file("raw/perf.md", text, None);
    assert!(out.runs.is_empty());
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, ["table-not-read@7"]);
    // Under headings naming no metric, a grid of plain numbers claims nothing.
    let plain = text.replace("## Throughput Measurements", "## Models");
    assert!(parse_file("raw/perf.md", &plain, None).findings.iter().all(|f| f.code != "table-not-read"));
}

/// A labelled precision the model's name contradicts is taken, with a `precision-differs`
/// warning that names the line it came from as a labelled line (it said "heading").
#[test]
fn a_labelled_precision_against_the_models_name_says_where_it_came_from() {
    let text = "- **Precision**: FP16\n\n| Model | Throughput (tok/s) |\n|---|---|\n| Qwen/Qwen3-8B-AWQ | 812.5 |\n";
    let out = parse_file("raw/precision.md", text, None);
    assert_eq!((out.runs[0].precision.as_deref(), out.runs[0].precision_from.as_deref()), (Some("FP16"), Some("labelled-line")));
    let warning = out.findings.iter().find(|f| f.code == "precision-differs").expect("precision-differs");
    assert!(warning.message.starts_with("the labelled line at line 1 names FP16"), "{}", warning.message);
    assert_eq!(warning.values.get("from_line").map(String::as_str), Some("1"));
    assert!(!warning.values.contains_key("heading_line"));
}

/// The header of SGLang's Ascend best-practice tables (`docs/platforms/ascend_npu_best_practice.md`):
/// `CardNum` is the run's accelerator count and `Output TPS(per card)` a throughput per card,
/// kept as one (it was read as the whole system's output throughput, 32 times too small).
#[test]
fn per_card_throughput_and_card_count() {
    let text = "| Model | Hardware | CardNum | Deploy Mode | Dataset | Quantization | TPOT(ms) | Output TPS(per card) |\n\
                |---|---|---|---|---|---|:---:|:---:|\n\
                | Deepseek-R1 | Atlas 800I A3 | 32 | PD Separation | 6K-1.6K | W8A8 | 19.81 | 36.906 |\n";
    let expected = [
        ("/gpu_count", json!(32)),
        ("/metrics/tpot_ms/mean", json!(19.81)),
        ("/metrics/output_throughput", Value::Null),
        ("/metrics/extra/output tps(per card)", json!(36.906)),
    ];
    let findings = check("raw/ascend.md", text, &[&expected]);
    assert!(!findings.iter().any(|f| f.starts_with("table-not-read")), "{findings:?}");
}

/// A table of differences between runs (ROCm blog `glm52-mxfp4-mi355/README.md`: "derived …
/// rather than measured separately"): `ΔTPOT (ms/token)` is a difference, not a TPOT, and
/// `Prefill saving` / `Decode penalty` are none either (three runs had been invented from it).
#[test]
fn columns_of_differences_are_no_measurements() {
    let text = "| Workload, all at concurrency 1 | Prefill saving | ΔTPOT (ms/token) | Decode penalty | Net | Measured throughput delta |\n\
                | :--- | :---: | :---: | :---: | :---: | :---: |\n\
                | Reference, ~1928 in / ~281 out | 43 ms | 1.690 | 473 ms | −431 ms | −26.5% |\n\
                | 40,960 in / 512 out | 827 ms | 1.251 | 639 ms | +188 ms | +4.10% |\n";
    let out = parse_file("raw/glm.md", text, None);
    assert!(out.runs.is_empty(), "{:?}", out.runs.iter().map(|r| &r.metrics).collect::<Vec<_>>());
}

/// ROCm/vllm `docs/dev-docker/README.md`: a model cell naming its checkpoint in brackets is
/// that checkpoint (the family had been `…FP8-KV)`), a bracket naming another size than the
/// display name (a copy-paste slip of the page) leaves the display name, and the TP of a
/// merged cell holds for the rows under it as the model's does.
#[test]
fn bracketed_checkpoints_and_merged_tp_cells() {
    let text = "| Model | Precision | TP Size | Input | Output | Num Prompts | Max Num Seqs | Throughput (tokens/s) |\n\
                |-------|-----------|---------|-------|--------|-------------|--------------|-----------------------|\n\
                | Llama 3.1 70B (amd/Llama-3.1-70B-Instruct-FP8-KV) | FP8 | 8 | 128 | 2048 | 3200 | 3200 | 15105 |\n\
                |       |           |         | 128   | 4096   | 1500        | 1500         | 10505                 |\n\
                | Llama 3.1 405B (amd/Llama-3.1-70B-Instruct-FP8-KV) | FP8 | 8 | 128 | 2048 | 1500 | 1500 | 4065 |\n";
    let run = |line: u32, model: &str, tps: f64| vec![("/source/line", json!(line)), ("/model", json!(model)), ("/tp", json!(8)), ("/source/lines/tp", json!(if line == 4 { 3 } else { line })), ("/metrics/output_throughput", json!(tps))];
    let findings = check("raw/rocm.md", text, &[&run(3, "amd/Llama-3.1-70B-Instruct-FP8-KV", 15105.0), &run(4, "amd/Llama-3.1-70B-Instruct-FP8-KV", 10505.0), &run(5, "Llama 3.1 405B", 4065.0)]);
    assert_eq!(findings, ["throughput-tokens-unstated@1"]);
}

/// Headers of one metric where one is the end of another (`TTFT (ms)` in `Mean TTFT (ms)`,
/// `吞吐` in `基线吞吐`) tell no variants apart, and read without a panic.
#[test]
fn a_header_ending_another_names_no_variant() {
    for text in [
        "| Concurrency | TTFT (ms) | Mean TTFT (ms) |\n|---|---|---|\n| 1 | 12 | 13 |\n",
        "| 并发 | 基线吞吐 | 吞吐 |\n|---|---|---|\n| 1 | 77 | 118 |\n",
        "| c | TTFT (ms) | TTFT (ms) |\n|---|---|---|\n| 1 | 12 | 13 |\n",
    ] {
        let out = parse_file("raw/t.md", text, None);
        assert!(out.runs.len() <= 1, "{text}");
    }
}

/// A German vLLM-vs-SGLang report on an RTX 4090 (project_kaspar): the corner of a table of
/// metrics as rows says how many requests each engine's run sent (`N = 10 queries`, `N = 6200
/// queries`); the runs of the two tables could not be told apart.
#[test]
fn a_corner_cell_states_the_request_count() {
    let text = "| N = 10 queries   | vLLM    | SGLang |\n\
                | ---------------- | ------- | ------ |\n\
                | Mean TTFT (ms)   | 125.68  | 66.53  |\n\
                | P99 TTFT (ms)    | 427.94* | 84.02  |\n\
                \n\
                | N = 6200 queries | vLLM  | SGLang |\n\
                | ---------------- | ----- | ------ |\n\
                | Mean TTFT (ms)   | 34.57 | 48.74  |\n\
                | P99 TTFT (ms)    | 79.27 | 153.23 |\n";
    let run = |line: u32, framework: &str, n: u64, mean: f64| {
        vec![("/source/line", json!(line)), ("/framework", json!(framework)), ("/scenario/num_prompts", json!(n)), ("/source/lines/scenario.num_prompts", json!(line)), ("/metrics/ttft_ms/mean", json!(mean))]
    };
    let findings = check("raw/kaspar.md", text, &[&run(1, "vllm", 10, 125.68), &run(1, "sglang", 10, 66.53), &run(6, "vllm", 6200, 34.57), &run(6, "sglang", 6200, 48.74)]);
    assert_eq!(findings, Vec::<String>::new());
    assert!(parse_file("raw/t.md", "| 1k/1k queries | vLLM |\n|---|---|\n| Mean TTFT (ms) | 12 |\n", None).runs.iter().all(|r| r.scenario.num_prompts.is_none()));
}

/// Rules about one kind of table that must not catch others: a `Source` column of where the
/// models came from cites no one; `Lowest TTFT` beside `Mean TTFT` is one run's statistic, not
/// a table of best values; a row of another engine that shares two numbers with a later row
/// is not its summary; a bracket comparing (`3.2x vs batch 1`) states no load.
#[test]
fn rules_for_one_kind_of_table_leave_the_others() {
    let sources = "# M\n\n| Model | Source | Output Throughput (tok/s) | Mean TTFT (ms) |\n|---|---|---|---|\n| Qwen3-8B | Hugging Face | 1000 | 50 |\n| Qwen3-8B | ModelScope | 1010 | 52 |\n";
    let out = parse_file("docs/s.md", sources, None);
    assert_eq!(out.runs.len(), 2, "{:?}", out.findings);
    let lowest = "# Llama-3.1-8B on H100\n\n| Metric | Value |\n|---|---|\n| Output throughput (tok/s) | 2100.4 |\n| Mean TTFT (ms) | 120.2 |\n| Lowest TTFT (ms) | 40.1 |\n| Highest TTFT (ms) | 400.7 |\n| Mean TPOT (ms) | 22.3 |\n";
    let out = parse_file("docs/l.md", lowest, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
    let engines = "# C\n\n## vLLM\n\n| Concurrency | Output Throughput (tok/s) | Total Throughput (tok/s) |\n|---|---|---|\n| 16 | 2000 | 4000 |\n\n## SGLang\n\n| Concurrency | Output Throughput (tok/s) | Total Throughput (tok/s) | Mean TTFT (ms) |\n|---|---|---|---|\n| 16 | 2001 | 4003 | 150 |\n";
    let out = parse_file("docs/e.md", engines, None);
    assert_eq!(out.runs.len(), 2, "{:?}", out.findings);
    let speedup = "# S\n\n## Concurrency 64\n\n| Engine | Output Throughput (tok/s) |\n|---|---|\n| vLLM | 2400.5 (3.2x vs batch 1) |\n";
    let out = parse_file("docs/x.md", speedup, None);
    assert_eq!(out.runs[0].scenario.max_concurrency, Some(64));
}

/// Two rows of a `Metric | Value` table naming one field with other words (`Average
/// Throughput`, `Concurrent Throughput (2 parallel)`): the first is the run's, the second an
/// extra value, and the warning names both labels (it had said the first was printed twice).
#[test]
fn two_labels_of_one_field_are_both_named() {
    let text = "# R\n\n| Metric | Value |\n|---|---|\n| Average Throughput | 76.05 tokens/sec |\n| Concurrent Throughput (2 parallel) | 152.14 tokens/sec |\n| Mean TTFT | 20 ms |\n";
    let out = parse_file("docs/r.md", text, None);
    assert_eq!(out.runs[0].metrics.output_throughput, Some(76.05));
    let warning = out.findings.iter().find(|f| f.code == "repeated-label").expect("a warning");
    assert!(warning.message.contains("`Concurrent Throughput (2 parallel)`") && warning.message.contains("`Average Throughput`"), "{}", warning.message);
}

/// TensorRT-LLM's H100 vs A100 blog: rows grouped under `| **H100**` and `| **A100** |` rows
/// take their group's GPU (the A100 rows had the title's H100), and the rows under `|
/// **Speedup** |` are ratios, no runs.
#[test]
fn rows_grouped_under_a_gpu_row_are_that_gpus() {
    let text = "# H100 has 4.6x A100 Performance in TensorRT-LLM\n\n| Model | Batch Size | Input Length | Output Length | Throughput (out tok/s) |\n| :-- | :-- | :-- | :-- | --: |\n| **H100**\n| GPT-J 6B | 64 | 128 | 128 | **10,907** |\n| **A100** |\n| GPT-J 6B | 64 | 128 | 128 | 3,679 |\n| **Speedup** |\n| GPT-J 6B | 64 | 128 | 128 | **3.0x** |\n";
    let out = parse_file("docs/h100.md", text, None);
    let got: Vec<_> = out.runs.iter().map(|r| (r.source.line, r.gpu.as_deref(), r.metrics.output_throughput)).collect();
    assert_eq!(got, [(6, Some("H100"), Some(10907.0)), (8, Some("A100"), Some(3679.0))]);
}

/// The words a reviewer found the new column rules misreading: a `总吞吐` beside an output rate
/// is the total; a concurrency column holding `P50` and `P99` holds statistics; `Total time
/// cost (s)` is a duration; a statistic-column table's context rows give no least or largest
/// value as the run's.
#[test]
fn column_words_read_in_the_company_they_keep() {
    let read = |text: &str| parse_file("raw/t.md", text, None);
    let out = read("| 并发 | 总吞吐 (tokens/s) | 输出吞吐 (tokens/s) |\n|---|---|---|\n| 8 | 2400 | 800 |\n");
    let m = &out.runs[0].metrics;
    assert_eq!((m.total_throughput, m.output_throughput), (Some(2400.0), Some(800.0)));
    let alone = read("| 并发 | 总吞吐(tok/s) | 总延迟 avg(s) |\n|---|---|---|\n| 1 | 73.8 | 13.9 |\n");
    let m = &alone.runs[0].metrics;
    assert_eq!((m.total_throughput, m.output_throughput), (None, Some(73.8)), "all users' rate, the table's only one");
    let out = read("| 并发 | TTFT (ms) | TPOT (ms) |\n|---|---|---|\n| P50 | 120 | 20 |\n| P99 | 300 | 45 |\n");
    assert!(out.runs.iter().all(|r| r.scenario.max_concurrency.is_none()), "P50 is no load");
    let levels = read("| 并发 | TTFT (ms) |\n|---|---|\n| P8 | 120 |\n| P64 | 300 |\n");
    assert_eq!(levels.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>(), [Some(8), Some(64)]);
    let out = read("| Concurrency | Total time cost (s) | Output throughput (tok/s) |\n|---|---|---|\n| 8 | 120.5 | 800 |\n");
    assert_eq!(out.runs[0].metrics.duration_s, Some(120.5));
    let money = read("| QPS | Duration (s) | Cost / benchmark duration | Throughput (req/s) |\n|---|---|---|---|\n| 1 | 190.21 | $0.106 | 1.05 |\n");
    assert_eq!(money.runs[0].metrics.duration_s, Some(190.21));
    let done = read("| Engine | n | Succ | Tokens/s |\n|---|---:|---:|---:|\n| vllm | 1 | 900/900 | 113.7 |\n");
    assert_eq!(done.runs[0].metrics.completed, Some(900), "`Succ` over done/sent");
    let stats = read("| Metric | avg | min | max | p99 |\n|---|---|---|---|---|\n| Time to First Token (ms) | 50 | 40 | 70 | 69 |\n| Output Token Throughput (tok/s) | 800 | — | — | — |\n| Input length | 1000.5 | 950 | 1100 | 1090 |\n");
    let run = &stats.runs[0];
    assert_eq!((run.metrics.output_throughput, run.scenario.input_len), (Some(800.0), None));
    assert!(run.metrics.more.extra.keys().all(|k| !k.starts_with("min ") && !k.starts_with("max ") && !k.starts_with("p99 ")), "{:?}", run.metrics.more.extra);
}

/// Japanese metric rows (a Red Hat EAGLE-3 write-up): `総スループット` is the total,
/// `リクエストレイテンシ中央値 (s)` the median end-to-end latency in seconds (both had been extras,
/// one with a finding saying it was read as output throughput).
#[test]
fn japanese_total_throughput_and_median_latency() {
    let text = "| 指標 | ベースライン | 投機的デコーディング | 改善率 |\n|:--|:--|:--|:--|\n| 出力スループット (tok/s) | 970.9 | 1,171.7 | +20.7% |\n| 総スループット (tok/s) | 1,098.7 | 1,329.0 | +21.0% |\n| リクエストレイテンシ中央値 (s) | 25.8 | 20.6 | +20.3% |\n";
    let out = parse_file("raw/ja.md", text, None);
    let m = &out.runs[0].metrics;
    assert_eq!((m.output_throughput, m.total_throughput), (Some(970.9), Some(1098.7)));
    assert_eq!(m.e2e_ms.as_ref().and_then(|l| l.get("median").copied()), Some(25800.0));
    assert!(out.findings.iter().all(|f| f.code != "throughput-tokens-unstated" && f.code != "repeated-label"), "{:?}", out.findings);
}

/// Runs as columns named by their load (`| Metric | conc32 | conc64 |`, a Kimi-K2.5 P/D
/// report; `Concurrency 16`, a Dynamo one): each column's concurrency (they had been notes).
#[test]
fn columns_of_runs_named_by_their_concurrency() {
    let text = "| Metric | conc32 | conc64 |\n|---|---|---|\n| Request throughput | 0.52 rps | 0.48 rps |\n| Output token throughput | 443 tok/s | 375 tok/s |\n| TTFT (avg) | 5.0 s | 17.8 s |\n";
    let out = parse_file("raw/conc.md", text, None);
    assert_eq!(out.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>(), [Some(32), Some(64)]);
    assert_eq!(out.runs[0].source.context.get("scenario.max_concurrency").map(|c| c.line), Some(1));
    let text = "| Metric | Concurrency 16 | Concurrency 32 |\n|---|---|---|\n| Mean TTFT | 7,513.46 ms | 13,144.97 ms |\n| Output Token Throughput | 688.28 tok/s | 900.1 tok/s |\n";
    let out = parse_file("raw/conc2.md", text, None);
    assert_eq!(out.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>(), [Some(16), Some(32)]);
}

/// Headers read whole: a rate's unit before a bracket of other words (`Peak output tok/s
/// (window)`, `Total tok/s (in+out)`), `Peak concurrent`, a count of requests done and failed
/// (`成功/失败` over `120/8`), EvalScope's abbreviations (`Conc.`, `Avg Lat.(s)`, `Gen.
/// Toks/s`). All had been extras, the failed count lost.
#[test]
fn headers_with_brackets_of_words_and_abbreviations() {
    let text = "| Concurrency | Peak output tok/s (window) | Total tok/s (in+out) | Peak concurrent | 成功/失败 | TTFT (ms) |\n|---|---|---|---|---|---|\n| 2 | 150 | 300 | 5 | 120/8 | 60 |\n";
    let out = parse_file("raw/peak.md", text, None);
    let m = &out.runs[0].metrics;
    assert_eq!((m.more.peak_output_throughput, m.total_throughput, m.more.peak_concurrent_requests), (Some(150.0), Some(300.0), Some(5.0)));
    assert_eq!((m.completed, m.failed), (Some(120), Some(8)));
    assert!(m.more.extra.is_empty(), "{:?}", m.more.extra);
    let text = "| Conc. | RPS | Avg Lat.(s)| P99 Lat.(s)| Gen. Toks/s| Avg TTFT(s)|\n|---|---|---|---|---|---|\n| 10 | 0.53 | 18.927 | 19.337 | 540.17 | 0.096 |\n";
    let out = parse_file("raw/es.md", text, None);
    let run = &out.runs[0];
    assert_eq!((run.scenario.max_concurrency, run.metrics.output_throughput), (Some(10), Some(540.17)));
    assert_eq!(run.metrics.more.e2e_ms.as_ref().map(|l| (l.get("mean").copied(), l.get("p99").copied())), Some((Some(18927.0), Some(19337.0))));
    assert!(out.findings.iter().all(|f| f.code != "throughput-tokens-unstated"), "{:?}", out.findings);
}

/// A glossary of metrics (`| **12 Mean TTFT** | **Prefill 节点** | 从发请求 → 收到第1个token… |`)
/// holds no measurement: no `table-not-read`. A row of numbers in a layout not understood
/// still gets one.
#[test]
fn a_glossary_of_metrics_is_no_unread_table() {
    let glossary = "| 指标 | 对应节点 | 物理含义 |\n|---|---|---|\n| **12 Mean TTFT** | **Prefill 节点** | 从发请求 → 收到第1个token |\n| **15 Mean TPOT** | **Decode 节点** | 每生成1个后续token的平均耗时 |\n";
    assert!(check("raw/g.md", glossary, &[]).iter().all(|f| !f.starts_with("table-not-read")));
    let before_after = "| Change | TTFT (ms) | Throughput |\n|---|---|---|\n| mtp-3 → mtp3 | 0.6309 → 0.6478 | 5437 → 4034 |\n";
    assert!(check("raw/b.md", before_after, &[]).iter().any(|f| f.starts_with("table-not-read")));
}

/// A range or an estimate where a measurement stands (`47–51`, `~500` under `TTFT (ms)`) is no
/// one value, and is kept as a note of its run (it had been dropped).
#[test]
fn a_range_under_a_metric_is_kept_as_a_note() {
    let text = "| Config | TTFT (ms) | Output tok/s |\n|---|---|---|\n| no-spec | 47–51 | 31.2 |\n| spec | ~500 | 40.1 |\n";
    let out = parse_file("raw/range.md", text, None);
    let notes: Vec<Vec<&str>> = out.runs.iter().map(|r| r.notes.iter().map(|n| n.text.as_str()).collect()).collect();
    assert!(notes[0].contains(&"TTFT (ms): 47–51") && notes[1].contains(&"TTFT (ms): ~500"), "{notes:?}");
    assert!(out.runs.iter().all(|r| r.metrics.ttft_ms.is_none()));
}

/// `| Percentile | TTFT (ms) | TPOT (ms) |` over `| P50 | … |`, `| P99 | … |`: one run, each
/// number under its row's statistic (each row had been a run of its own, its P99 read as a
/// mean). Two engines' columns of one metric are no such table.
#[test]
fn statistics_as_rows_are_one_run() {
    let text = "| Percentile | TTFT (ms) | TPOT (ms) |\n|---|---|---|\n| P50 | 120 | 12 |\n| P90 | 150 | 14 |\n| P99 | 200 | 19 |\n";
    let out = parse_file("raw/pct.md", text, None);
    assert_eq!(out.runs.len(), 1);
    let ttft = out.runs[0].metrics.ttft_ms.as_ref().expect("TTFT");
    assert_eq!((ttft.get("p50").copied(), ttft.get("p99").copied(), ttft.get("mean").copied()), (Some(120.0), Some(200.0), None));
    assert_eq!(out.runs[0].source.lines.get("metrics.tpot_ms.p99").copied(), Some(5));
    let engines = "| Percentile | vLLM TTFT (ms) | SGLang TTFT (ms) |\n|---|---|---|\n| P50 | 120 | 90 |\n| P99 | 200 | 150 |\n";
    assert_ne!(parse_file("raw/two.md", engines, None).runs.len(), 1);
}

/// An export's column names (`mean_ttft_ms`, `median_tpot_ms`, `e2e_mean_s`): words joined by
/// underscores, the unit last (each had been an extra with a `unit-unknown` warning).
#[test]
fn snake_case_column_names_with_their_unit_last() {
    let text = "| model | mean_ttft_ms | median_tpot_ms | e2e_mean_s |\n|---|---|---|---|\n| m | 329.57 | 6.15 | 1.898 |\n";
    let out = parse_file("raw/export.md", text, None);
    let m = &out.runs[0].metrics;
    assert_eq!(m.ttft_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(329.57));
    assert_eq!(m.tpot_ms.as_ref().and_then(|l| l.get("median").copied()), Some(6.15));
    assert_eq!(m.more.e2e_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(1898.0));
    assert!(out.findings.iter().all(|f| f.code != "unit-unknown"), "{:?}", out.findings);
}

/// Runs as columns named by a setup and a load (`| Metric | TP8 c20 | PD c20 | TP8 c40 | PD c40 |`,
/// a GLM report): each column's concurrency from its load word (all four had taken 20 from a
/// caption), its name kept as a note; `s/token` is seconds per token.
#[test]
fn a_load_word_among_a_column_names_words() {
    let text = "| Metric | TP8 c20 | PD c20 | TP8 c40 | PD c40 |\n|---|---|---|---|---|\n| Output tok/s | 396 | 456 | 500 | 600 |\n| Mean ITL (s/token) | 0.0384 | 0.04 | 0.05 | 0.06 |\n";
    let out = parse_file("raw/glm.md", text, None);
    assert_eq!(out.runs.iter().map(|r| r.scenario.max_concurrency).collect::<Vec<_>>(), [Some(20), Some(20), Some(40), Some(40)]);
    assert_eq!(out.runs[1].notes.iter().map(|n| n.text.as_str()).collect::<Vec<_>>(), ["column: PD c20"]);
    assert_eq!(out.runs[0].metrics.itl_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(38.4));
}

/// `实际速率` (the actual rate) over `10.33 RPS`: the request throughput (it had been an extra).
#[test]
fn an_actual_rate_is_the_request_throughput() {
    let out = parse_file("raw/rate.md", "| 并发 | 实际速率 |\n|---|---|\n| 16 | 10.33 RPS |\n", None);
    assert_eq!(out.runs[0].metrics.request_throughput, Some(10.33));
}

/// `并发量` ("amount of concurrency") is the concurrency column (it had been an extra value,
/// the 20 runs of the README's four tables told apart by nothing); `时长(s)` the benchmark's
/// duration (it had been an extra); a Korean row of `요청당 출력 처리량` ("output throughput per
/// request") is one request's speed, kept as an extra, not the run's output rate, which the
/// console lines below the table state (`Overall Output Throughput: 340.67 tok/s`).
#[test]
fn concurrency_volume_duration_and_a_per_request_rate() {
    let text = fixture("markdown-table/zh_aicompass_concurrency_volume_indented.md");
    let row = |line: u32, c: u64, ttft: f64| vec![("/source/line", json!(line)), ("/scenario/max_concurrency", json!(c)), ("/metrics/ttft_ms/mean", json!(ttft))];
    let findings = check("raw/aicompass.md", &text, &[&row(7, 1, 56.03), &row(8, 8, 156.04), &row(9, 16, 221.9), &row(10, 32, 349.12), &row(11, 64, 524.92)]);
    assert_eq!(findings, vec!["throughput-tokens-unstated@5"]);
    // (`并发数量`, "number of concurrency", likewise.)
    let renamed = text.replace("| 并发量 |", "| 并发数量 |");
    let findings = check("raw/aicompass.md", &renamed, &[&row(7, 1, 56.03), &row(8, 8, 156.04), &row(9, 16, 221.9), &row(10, 32, 349.12), &row(11, 64, 524.92)]);
    assert_eq!(findings, vec!["throughput-tokens-unstated@5"]);

    let text = fixture("markdown-table/zh_dfkv_duration_column.md");
    // (The lengths from the setup line above: `bench random 16000-in / 100-out`.)
    let row = |line: u32, duration: f64, out: f64| vec![("/source/line", json!(line)), ("/metrics/duration_s", json!(duration)), ("/metrics/output_throughput", json!(out)), ("/scenario/input_len", json!(16000)), ("/scenario/output_len", json!(100))];
    let findings = check("raw/dfkv.md", &text, &[&row(8, 181.6, 1774.0), &row(9, 126.5, 2547.0), &row(10, 68.7, 4688.0)]);
    assert_eq!(findings, vec!["throughput-tokens-unstated@6"]);

    let text = fixture("markdown-table/ko_llmperf_per_request_rate_rows.md");
    let findings = check(
        "raw/trn1.md",
        &text,
        &[
            &[("/source/line", json!(4)), ("/metrics/output_throughput", json!(null)), ("/metrics/extra/mean 요청당 출력 처리량 (tok~1s)", json!(84.9)), ("/metrics/e2e_ms/p99", json!(1757.0))],
            &[("/source/line", json!(12)), ("/metrics/output_throughput", json!(340.67))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// Two tables comparing models in their columns (`DeepSeek-R1-7B (Float16)` beside
/// `DeepSeek-R1-7B (W8A8)`, `DeepSeek-R1-7B` beside `Qwen2.5-7B`) below a benchmark command of
/// another checkpoint (`--tokenizer …/Qwen2.5-32B-Instruct`): each run is its column's model,
/// and the command, which did not run them, gives them nothing (its model, 256 input tokens
/// and 640 prompts had been given to all four).
#[test]
fn model_columns_under_another_models_command() {
    let text = fixture("markdown-table/zh_atlas_model_columns_under_another_models_command.md");
    let run = |line: u32, model: &str, precision: Option<&str>, out: f64| {
        vec![
            ("/source/line", json!(line)),
            ("/model", json!(model)),
            ("/source/context/model", context(line, "table-row")),
            ("/precision", json!(precision)),
            ("/metrics/output_throughput", json!(out)),
            ("/scenario/num_prompts", json!(null)),
            ("/scenario/input_len", json!(null)),
        ]
    };
    let findings = check(
        "raw/atlas.md",
        &text,
        &[&run(21, "DeepSeek-R1-7B", Some("FP16"), 2619.0), &run(21, "DeepSeek-R1-7B", Some("W8A8"), 2859.0), &run(32, "DeepSeek-R1-7B", None, 2888.0), &run(32, "Qwen2.5-7B", None, 2856.0)],
    );
    assert_eq!(findings, vec!["command-not-applied@5"]);
}

/// A caption of settings ending with its colon (`Benchmark 对比（TP=4, Phy 8-11, random
/// 20k/1k, \`parallel=1\`, \`number=5\`, …）：`): TP 4, EvalScope's `parallel` as the
/// concurrency and `number` as the prompts; `20k/1k` (input and output lengths) is no model,
/// which it had been for both runs.
#[test]
fn a_caption_of_settings_gives_tp_and_load_and_no_lengths_as_model() {
    let text = fixture("markdown-table/zh_xllm_caption_settings_and_lengths_pair.md");
    let run = |line: u32, out: f64| {
        vec![
            ("/source/line", json!(line)),
            ("/model", json!(null)),
            ("/tp", json!(4)),
            ("/source/context/tp", context(2, "caption")),
            ("/scenario/max_concurrency", json!(1)),
            ("/scenario/num_prompts", json!(5)),
            ("/metrics/output_throughput", json!(out)),
        ]
    };
    let findings = check("raw/xllm.md", &text, &[&run(6, 66.82), &run(7, 69.31)]);
    assert!(findings.is_empty(), "{findings:?}");
}

/// A footnote's superscript after a number (`98¹`) leaves the number; words after a number
/// where a measurement stands (`98 abc`) are kept as the row's note. Both cells had been
/// dropped without a word.
#[test]
fn footnote_marks_and_words_in_a_measurement_cell() {
    let text = "# R\n\n| Engine | Output tok/s | TTFT (ms) |\n|---|---|---|\n| vLLM | 36.4§ | 98¹ |\n| SGLang | 12.5 | 98 abc |\n";
    let findings = check(
        "raw/notes.md",
        text,
        &[
            &[("/metrics/output_throughput", json!(36.4)), ("/metrics/ttft_ms/mean", json!(98.0))],
            &[("/metrics/ttft_ms", json!(null)), ("/notes", json!([{"line": 6, "text": "TTFT (ms): 98 abc"}]))],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// `Target QPS` is the rate the requests were sent at (its last word, a unit, had hidden the
/// rule: it was a request throughput beside `req/s`, both then set apart as duplicates);
/// `goodput req/s` the requests served within their objectives; `Predicted TTFT (ms)` a
/// model's number, kept under its header, never the run's TTFT (it had made the measured
/// one a duplicate too).
#[test]
fn target_rate_goodput_and_predicted_columns() {
    let text = "# R\n\n| Concurrency | Target QPS | Output tok/s | req/s | goodput req/s | TTFT (ms) | Predicted TTFT (ms) |\n|---|---|---|---|---|---|---|\n| 8 | 4 | 100 | 3.9 | 3.1 | 120 | 110 |\n";
    let findings = check(
        "raw/goodput.md",
        text,
        &[&[
            ("/scenario/request_rate", json!(4.0)),
            ("/scenario/max_concurrency", json!(8)),
            ("/metrics/request_throughput", json!(3.9)),
            ("/metrics/request_goodput", json!(3.1)),
            ("/metrics/ttft_ms", json!({"mean": 120.0})),
            ("/metrics/extra", json!({"predicted ttft (ms)": 110.0})),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// `Duration P50` over `33.1s` is the median request's latency (it had been the benchmark's
/// duration, 33.1 s); `Duration (s)` beside it stays the benchmark's.
#[test]
fn a_percentile_of_durations_is_a_latency() {
    let text = "# R\n\n| Mode | Duration P50 | Duration (s) |\n|---|---|---|\n| c1 | 33.1s | 100 |\n";
    let findings = check("raw/durations.md", text, &[&[("/metrics/e2e_ms/p50", json!(33100.0)), ("/metrics/duration_s", json!(100.0))]]);
    assert!(findings.is_empty(), "{findings:?}");
}

/// A row named by a range (`4-8K` under `档`, a bucket of prompt lengths) keeps its name as a
/// note: the three rows of a Hygon report had been told apart by nothing.
#[test]
fn a_row_named_by_a_range_keeps_its_name() {
    let text = "# R\n\n| 档 | output tok/s | TPOT-P99 |\n|---|---|---|\n| 4-8K | 12.23 | 69.2 ms |\n| 8-16K | 7.23 | 70.5 ms |\n";
    let findings = check(
        "raw/buckets.md",
        text,
        &[&[("/notes", json!([{"line": 5, "text": "档: 4-8K"}])), ("/metrics/output_throughput", json!(12.23))], &[("/notes", json!([{"line": 6, "text": "档: 8-16K"}]))]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}
