//! Markdown documents outside the result layout (`checks::document`, `context`): a docs page
//! or README read with the context around its results (heading path, serve command, client
//! command, front matter), each filled field recording where it came from. Real, trimmed
//! pages in `tests/fixtures/markdown-document/` (the first line names the page), plus
//! handwritten cases for what they do not show.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::{json, Value};

const SAMPLES: [&str; 13] = [
    "sglang_cookbook_gemma4.md",
    "dgxc_deepseek_r1_sglang.md",
    "docker_exec_fp8_readme.md",
    "command_then_results_report.md",
    "trtllm_recipe_placeholders.md",
    "genai_perf_command_ko.md",
    "serve_for_another_client.md",
    "one_client_command_zh_blog.md",
    "datacrunch_h200_nodes.md",
    "sglang_mintlify_deepseek_r1.md",
    "vllm_ascend_flags_line_zh.md",
    "mi300x_notes_concurrency_comment.md",
    "korean_metric_rows_before_raw_logs.md",
];

fn context(line: u32, kind: &str) -> Value {
    json!({ "line": line, "kind": kind })
}

/// Every sample: each number its run holds is printed on the line its provenance names, and
/// every piece of context points into the file.
#[test]
fn numbers_and_context_of_every_sample_point_into_the_file() {
    for name in SAMPLES {
        let text = fixture(&format!("markdown-document/{name}"));
        let out = parse_file(&format!("raw/{name}"), &text, None);
        numbers_trace_to_their_lines(&text, &out);
        for run in &out.runs {
            for (field, c) in &run.source.context {
                assert!(c.line >= 1 && (c.line as usize) <= text.lines().count(), "{}: {field} points past the end", run.id);
            }
        }
    }
}

/// Every cut of every sample (at char boundaries) parses without a panic.
#[test]
fn every_cut_of_every_sample_parses() {
    for name in SAMPLES {
        let text = fixture(&format!("markdown-document/{name}"));
        for cut in text.char_indices().map(|(i, _)| i).step_by(7) {
            let part = &text[..cut];
            let out = parse_file("raw/cut.md", part, None);
            numbers_trace_to_their_lines(part, &out);
        }
    }
}

/// SGLang cookbook: `#### gemma-4-E2B-it (1x H200, TP=1)`, the section's `sglang serve`
/// command, and the `bench_serving` command in the block right above each log.
#[test]
fn a_cookbook_page_gives_its_logs_heading_serve_and_client_context() {
    let text = fixture("markdown-document/sglang_cookbook_gemma4.md");
    let findings = check(
        "raw/gemma4.md",
        &text,
        &[
            &[
                ("/format", json!("serving-text")),
                ("/model", json!("google/gemma-4-E2B-it")),
                ("/source/context/model", context(28, "serve")),
                ("/params/command", json!("sglang serve --model-path google/gemma-4-E2B-it")),
                ("/source/lines/params.command", json!(28)),
                ("/framework", json!("sglang")),
                ("/gpu", json!("H200")),
                ("/source/context/gpu", context(24, "heading")),
                ("/gpu_count", json!(1)),
                ("/source/context/gpu_count", context(24, "heading")),
                ("/tp", json!(1)),
                ("/source/context/tp", context(24, "heading")),
                ("/scenario/dataset", json!("random")),
                ("/source/context/scenario.dataset", context(34, "command")),
                ("/scenario/num_prompts", json!(10)),
                ("/source/context/scenario.num_prompts", context(34, "command")),
                // The block states its concurrency itself: no context for it.
                ("/scenario/max_concurrency", json!(1)),
                ("/source/lines/scenario.max_concurrency", json!(43)),
                ("/section", json!("gemma-4-E2B-it (1x H200, TP=1)")),
                ("/metrics/ttft_ms/median", json!(54.22)),
            ],
            &[
                ("/source/line", json!(67)),
                ("/scenario/num_prompts", json!(1000)),
                ("/source/context/scenario.num_prompts", context(61, "command")),
                ("/scenario/max_concurrency", json!(100)),
            ],
            // No client command in this section: the dataset stays unknown; TP comes from
            // the serve command before the heading's `TP=2`.
            &[
                ("/model", json!("google/gemma-4-31B-it")),
                ("/tp", json!(2)),
                ("/source/context/tp", context(89, "serve")),
                ("/gpu_count", json!(2)),
                ("/source/context/gpu_count", context(89, "serve")),
                ("/source/context/gpu", context(85, "heading")),
                ("/scenario/dataset", Value::Null),
                ("/scenario/num_prompts", Value::Null),
            ],
        ],
    );
    // The hardware table and the accuracy tables (GSM8K, ASR) are no serving results.
    assert!(findings.is_empty(), "{findings:?}");
}

/// NVIDIA's recipe README: configuration tables with ISL/OSL, concurrency and TP columns
/// but no measured value, a metric glossary, and a command template: no run.
/// A README that runs the client inside the server's container (`docker exec -it vllm vllm
/// bench serve …`): the command is the run's client command all the same. Its results table
/// has the runs as columns (`Metric | … | bf16 | FP8-Dynamic`): each column repeats a log's
/// run (the FP8 one under a `Model:` line naming the base model) and is recorded once, the
/// `Change` column no run.
#[test]
fn a_client_run_with_docker_exec_gives_its_context() {
    let text = fixture("markdown-document/docker_exec_fp8_readme.md");
    let findings = check(
        "raw/fp8.md",
        &text,
        &[
            &[
                ("/model", json!("Qwen/Qwen2.5-3B-Instruct")),
                ("/source/context/model", context(37, "command")),
                ("/scenario/num_prompts", json!(200)),
                ("/scenario/input_len", json!(1024)),
                ("/scenario/output_len", json!(256)),
                ("/scenario/max_concurrency", json!(4)),
                ("/source/context/scenario.max_concurrency", context(37, "command")),
                // `--metadata precision=bf16 model=Qwen2.5-3B gpu=GB10` on the command.
                ("/gpu", json!("GB10")),
                ("/source/context/gpu", context(37, "metadata")),
                ("/precision", json!("BF16")),
                ("/precision_from", json!("metadata")),
                ("/source/context/precision", context(37, "metadata")),
                ("/metrics/output_throughput", json!(139.66)),
                ("/metrics/ttft_ms/median", json!(257.05)),
            ],
            &[
                ("/model", json!("Qwen2.5-3B-FP8")),
                ("/source/context/model", context(82, "command")),
                ("/framework", json!("vllm")),
                ("/source/context/framework", context(69, "serve")),
                ("/scenario/dataset", json!("random")),
                ("/gpu", json!("GB10")),
                ("/source/context/gpu", context(82, "metadata")),
                // `precision=fp8-dynamic`, above the model name's `-FP8`.
                ("/precision", json!("FP8")),
                ("/precision_from", json!("metadata")),
                ("/metrics/tpot_ms/median", json!(16.57)),
            ],
        ],
    );
    assert_eq!(findings, ["missing-metrics@97", "comparison-column@109", "duplicate@109", "duplicate@109"]);
}

/// A generated report: `## Command` holds the one client command, `## Results` the one
/// result (not fenced). The command is in the section before the result's, not above it in
/// the same one; it is still the command that ran it.
#[test]
fn a_report_takes_the_command_of_its_command_section() {
    let text = fixture("markdown-document/command_then_results_report.md");
    let findings = check(
        "raw/09-reasoning.md",
        &text,
        &[&[
            ("/source/line", json!(18)),
            ("/model", json!("nvidia/Nemotron-3-Nano-Omni-30B-A3B-Reasoning-BF16")),
            ("/source/context/model", context(13, "command")),
            ("/backend", json!("openai-chat")),
            ("/scenario/input_len", json!(1024)),
            ("/scenario/output_len", json!(4096)),
            ("/scenario/num_prompts", json!(50)),
            ("/scenario/request_rate", json!(0.2)),
            // `--random-range-ratio 0.9`: lengths from 90 % to 100 % of those named, another
            // load than a fixed 1024/4096.
            ("/scenario/range_ratio", json!(0.9)),
            ("/source/context/scenario.range_ratio", context(13, "command")),
            ("/metrics/e2e_ms/p99", json!(939497.39)),
            ("/metrics/peak_output_throughput", json!(133.0)),
            // `**Hardware:** DGX Spark NVIDIA GB10 128GB` under the title.
            ("/gpu", json!("GB10")),
            ("/source/context/gpu", context(7, "labelled-line")),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // Two commands in the section before: which one ran the result is not known.
    let two = text.replacen("```bash\n", "```bash\nvllm bench serve --model other --num-prompts 9\n", 1);
    let out = parse_file("raw/two.md", &two, None);
    assert_eq!(out.runs[0].scenario.num_prompts, None);
    // The report's own `**Model:**` line still names the model.
    assert_eq!(out.runs[0].model.as_deref(), Some("nvidia/Nemotron-3-Nano-Omni-30B-A3B-Reasoning-BF16"));
    assert_eq!(out.runs[0].source.context["model"].kind, "labelled-line");
}

/// TensorRT-LLM's deployment recipe: its client is `python -m
/// tensorrt_llm.serve.scripts.benchmark_serving` (its own copy of vLLM's), and its sample
/// output keeps the counts but shows `[result]` for every rate and latency. Before, the
/// command gave nothing and each `[result]` was a warning of its own (15 of them).
#[test]
fn a_recipe_with_bracketed_placeholders_keeps_its_counts_and_its_command() {
    let text = fixture("markdown-document/trtllm_recipe_placeholders.md");
    let findings = check(
        "raw/recipe.md",
        &text,
        &[&[
            ("/model", json!("nvidia/Llama-3.3-70B-Instruct-FP8")),
            ("/source/context/model", context(16, "command")),
            ("/scenario/dataset", json!("random")),
            ("/metrics/completed", json!(16)),
            ("/metrics/duration_s", json!(17.66)),
            ("/metrics/request_throughput", json!(null)),
            ("/metrics/ttft_ms", json!(null)),
        ]],
    );
    // Its latencies are placeholders, which `placeholder-value` already reports: they are not
    // "missing" rows as well (this used to add `missing-metrics@43`).
    assert_eq!(findings, ["placeholder-value@48"]);
    // `N/A` and `-` latency rows (absent values) are each reported once too, not again as
    // missing; a latency with no row at all still is.
    let absent = text.replace("Mean TTFT (ms):                           [result]", "Mean TTFT (ms):                           N/A")
        .replace("Median TTFT (ms):                         [result]", "Median TTFT (ms):                         -")
        .replace("P99 TTFT (ms):                            [result]\n", "")
        .replace("Mean ITL (ms):                            [result]\nMedian ITL (ms):                          [result]\nP99 ITL (ms):                             [result]\n", "");
    let out = parse_file("raw/recipe.md", &absent, None);
    let found: Vec<String> = common::found(&out);
    assert_eq!(found, ["non-numeric-value@53", "non-numeric-value@54", "placeholder-value@48", "missing-metrics@43"]);
    assert_eq!(out.findings[3].values.get("missing").map(|v| v.as_str()), Some("ITL"));
}

#[test]
fn configuration_tables_and_glossaries_yield_nothing() {
    let text = fixture("markdown-document/dgxc_deepseek_r1_sglang.md");
    let findings = check("raw/README.md", &text, &[]);
    assert_eq!(findings, ["no-runs@0"], "only the file-level note that nothing was found");
}

/// The front matter is the last resort: it fills what nothing nearer states.
#[test]
fn front_matter_fills_what_nothing_nearer_states() {
    let text = "\
---
title: Results
model: Qwen/Qwen3-8B
gpu: 8x H20
framework: SGLang
---

## Run on 2x H100

| Concurrency | Output token throughput (tok/s) | Mean TTFT (ms) |
|---|---|---|
| 8 | 900.5 | 40.2 |
";
    let findings = check(
        "raw/front.md",
        text,
        &[&[
            ("/model", json!("Qwen/Qwen3-8B")),
            ("/source/context/model", context(3, "front-matter")),
            ("/framework", json!("sglang")),
            ("/source/context/framework", context(5, "front-matter")),
            // The heading is nearer than the front matter.
            ("/gpu", json!("H100")),
            ("/gpu_count", json!(2)),
            ("/source/context/gpu_count", context(8, "heading")),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}


/// `genai-perf profile --model … --concurrency 10 --num-prompts 100` above its console table:
/// the command gives the run its model and concurrency. GenAI-Perf's `--num-prompts` is the
/// number of distinct prompts generated, not of requests sent (the table counts 20), so it
/// is not the run's prompt count. The heading `추론 성능 비교 (versus vLLM)` names the engine
/// measured against (the page measures a TensorRT-LLM service): no framework (it had been vLLM).
#[test]
fn a_genai_perf_command_gives_its_run_model_and_concurrency() {
    let text = fixture("markdown-document/genai_perf_command_ko.md");
    let findings = check(
        "raw/genai.md",
        &text,
        &[&[
            ("/model", json!("Qwen/Qwen2.5-72B-Instruct")),
            ("/source/context/model", context(6, "command")),
            ("/scenario/max_concurrency", json!(10)),
            ("/source/context/scenario.max_concurrency", context(6, "command")),
            ("/scenario/num_prompts", Value::Null),
            ("/framework", Value::Null),
            ("/metrics/e2e_ms/mean", json!(37719.87)),
            ("/metrics/output_throughput", json!(91.19)),
        ]],
    );
    assert!(findings.iter().all(|f| !f.starts_with("results-not-read")), "{findings:?}");
    let aiperf = "```bash\naiperf profile -m Qwen/Qwen3-0.6B --url localhost:8000 --endpoint-type chat --streaming \\\n  --isl 128 --osl 64 --concurrency 8 --request-count 40 --request-rate 2\n```\n";
    let c = &benchsite_ingest::context::client_commands(aiperf, 1)[0];
    use benchsite_ingest::context::Fact;
    assert_eq!(
        c.facts(),
        vec![Fact::Model("Qwen/Qwen3-0.6B".into()), Fact::NumPrompts(40), Fact::InputLen(128), Fact::OutputLen(64), Fact::MaxConcurrency(8), Fact::RequestRate(benchsite_model::RequestRate::PerSecond(2.0))]
    );
}

/// moguizhizi/learning_project: `vllm serve` (TP 4, served as `qwen2_5_vl_72B_quant`), a
/// client asking for that name, then a client asking another server (`--host 10.20.42.106
/// --port 7013`) for another model. The serve command is the first run's; the second gets
/// none of it, and a note says why.
#[test]
fn a_serve_command_gives_nothing_to_a_client_of_another_server() {
    let text = fixture("markdown-document/serve_for_another_client.md");
    let findings = check(
        "raw/learning.md",
        &text,
        &[
            &[("/tp", json!(4)), ("/source/context/tp", context(10, "serve")), ("/framework", json!("vllm")), ("/params/command", json!(text.lines().nth(9).unwrap()))],
            &[
                ("/tp", Value::Null),
                ("/framework", Value::Null),
                ("/params/command", Value::Null),
                ("/model", json!("Qwen/Qwen2.5-VL-72B-Instruct")),
                ("/scenario/num_prompts", json!(32)),
            ],
        ],
    );
    assert!(findings.contains(&"serve-not-applied@47".to_string()), "{findings:?}");
}

/// A Chinese blog: one benchmark command (`### 基准测试的命令`, under `## 准备`) and, in the
/// next chapter, one section per server configuration with its `vllm serve` and its log. The
/// document's only client command ran every log after it: each run takes its dataset,
/// prompts and backend (its model agrees with the serve command's); the summary table repeats
/// the two runs. The table of gains (`| 性能指标 | 基准 | + chunked prefill (8192) | 提升绝对值 |
/// …`, metrics as rows) repeats the first and holds the third run, whose log the fixture
/// leaves out; its columns of differences are no runs.
#[test]
fn a_documents_only_client_command_gives_the_runs_after_it_their_scenario() {
    let text = fixture("markdown-document/one_client_command_zh_blog.md");
    let run = |serve: u32| -> Vec<(&'static str, Value)> {
        vec![
            ("/scenario/dataset", json!("sharegpt")),
            ("/source/context/scenario.dataset", context(20, "command")),
            ("/scenario/num_prompts", json!(100)),
            ("/backend", json!("vllm")),
            ("/model", json!("Qwen/Qwen3-4B")),
            ("/source/context/model", context(20, "command")),
            ("/framework", json!("vllm")),
            ("/source/lines/params.command", json!(serve)),
            // `- **GPU**: \`Tesla T4\` (16G)` in the setup chapter's list.
            ("/gpu", json!("T4")),
            ("/source/context/gpu", context(4, "labelled-line")),
        ]
    };
    let (a, b) = (run(36), run(71));
    let mut c: Vec<(&'static str, Value)> = run(0).into_iter().filter(|(k, _)| *k != "/source/lines/params.command" && *k != "/framework").collect();
    c.extend([
        ("/source/line", json!(114)),
        ("/framework", json!("vllm")),
        ("/metrics/request_throughput", json!(1.38)),
        ("/source/lines/metrics.request_throughput", json!(116)),
        ("/metrics/total_throughput", json!(643.33)),
        ("/metrics/ttft_ms/mean", json!(6631.39)),
        ("/metrics/e2e_ms/mean", json!(27798.67)),
        ("/source/lines/metrics.e2e_ms.mean", json!(120)),
    ]);
    let findings = check("raw/blog.md", &text, &[&a, &b, &c]);
    let duplicates: Vec<&String> = findings.iter().filter(|f| f.starts_with("duplicate@")).collect();
    assert_eq!(duplicates, ["duplicate@109", "duplicate@110", "duplicate@114"], "{findings:?}");
    assert!(findings.iter().any(|f| f == "comparison-column@114"), "{findings:?}");
}

/// DataCrunch's H200 results: `## DeepSeek V3 on 8xH200 (single-node)` and `## DeepSeek V3
/// on 2x8xH200 (multi-node)`. Two nodes of eight GPUs are sixteen GPUs (the multi-node runs
/// had no GPU, no count: `2x8x` was not read); each count is taken from its heading, with
/// the heading's line.
#[test]
fn nodes_of_gpus_in_a_heading_are_the_runs_gpu_count() {
    let text = fixture("markdown-document/datacrunch_h200_nodes.md");
    let run = |line: u32, count: u32, heading: u32| -> Vec<(&'static str, Value)> {
        vec![
            ("/source/line", json!(line)),
            ("/gpu", json!("H200")),
            ("/gpu_count", json!(count)),
            ("/source/context/gpu_count", context(heading, "heading")),
            ("/source/context/gpu", context(heading, "heading")),
        ]
    };
    let runs: Vec<Vec<(&str, Value)>> = (24..28).map(|l| run(l, 8, 18)).chain((35..39).map(|l| run(l, 16, 29))).collect();
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/README.md", &text, &expected);
    assert!(findings.iter().all(|f| !f.starts_with("gpu")), "{findings:?}");
}

/// An SGLang docs page in Mintlify markdown (fences `bash Command theme={null}`, `text Output
/// theme={null}`): its "Test Environment" list states the SGLang version and TP
/// (`* SGLang Version: 0.5.6.post1`, `* Tensor Parallelism: 8`); the version was lost.
#[test]
fn a_test_environment_list_gives_the_framework_its_version() {
    let text = fixture("markdown-document/sglang_mintlify_deepseek_r1.md");
    let run = |client: u32, concurrency: u64, ttft: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/framework", json!("sglang")),
            ("/framework_version", json!("0.5.6.post1")),
            ("/source/context/framework_version", context(13, "labelled-line")),
            ("/gpu", json!("B200")),
            ("/tp", json!(8)),
            ("/model", json!("deepseek-ai/DeepSeek-R1-0528")),
            ("/source/context/model", context(client, "command")),
            ("/scenario/max_concurrency", json!(concurrency)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
        ]
    };
    let findings = check("docs/r1.md", &text, &[&run(30, 1, 153.0), &run(83, 16, 273.51)]);
    assert!(findings.is_empty(), "{findings:?}");
    // A version line names its framework: a vLLM run of the same page does not take it.
    let vllm = text
        .replace("--backend sglang", "--backend vllm")
        .replace("Backend:                                 sglang", "Backend:                                 vllm")
        .replace("sglang.launch_server", "vllm.entrypoints.openai.api_server");
    let out = parse_file("docs/r1.md", &vllm, None);
    assert!(out.runs.iter().all(|r| r.framework.as_deref() == Some("vllm") && r.framework_version.is_none()), "{:?}", out.runs[0].framework);
}

/// vllm-ascend notes: three `vllm bench throughput` runs with `--tensor-parallel-size 4`, then
/// two more introduced by `--tensor-parallel-size=1 结果：` (the flag the author changed): those
/// had TP 4 from the command. `vllm bench throughput` runs vLLM's own engine: the framework is
/// vLLM (it was not stated).
#[test]
fn a_flags_line_above_a_block_overrides_the_command() {
    let text = fixture("markdown-document/vllm_ascend_flags_line_zh.md");
    let run = |tp: u32, tp_from: Value, rps: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/format", json!("vllm-throughput")),
            ("/framework", json!("vllm")),
            ("/source/context/framework", context(11, "command")),
            ("/model", json!("Qwen/Qwen3-0.6B")),
            ("/scenario/num_prompts", json!(200)),
            ("/tp", json!(tp)),
            ("/source/context/tp", tp_from),
            ("/metrics/request_throughput", json!(rps)),
        ]
    };
    let (four, one) = (context(11, "command"), context(36, "flags-line"));
    let serve = |concurrency: u64| -> Vec<(&'static str, Value)> {
        vec![("/format", json!("serving-text")), ("/tp", json!(4)), ("/scenario/max_concurrency", json!(concurrency)), ("/scenario/num_prompts", json!(null))]
    };
    let findings = check(
        "docs/ascend.md",
        &text,
        &[
            &run(4, four.clone(), 1.84),
            &run(4, four.clone(), 2.13),
            &run(4, four, 2.16),
            &run(1, one.clone(), 1.64),
            &run(1, one, 1.64),
            &serve(1),
            &serve(8),
        ],
    );
    assert!(findings.iter().all(|f| !f.starts_with("duplicate")), "{findings:?}");
}

/// Notes of a vLLM run on MI300X: a first command (`--max-concurrency 1`, another model) in a
/// section of no run, the benchmark command pasted with its shell prompt (`(vllm-rocm)
/// hotaisle@…$ python benchmark_serving.py … --max-concurrency 128`), and a result block whose
/// log states its own concurrency in a comment (`# --max-concurrency = 32`). The first command
/// was taken as the document's only one and gave every run its concurrency 1 and its model;
/// the block's own statement wins, and a command no longer reaches runs it did not run.
#[test]
fn a_blocks_own_concurrency_comment_wins_over_a_command() {
    let text = fixture("markdown-document/mi300x_notes_concurrency_comment.md");
    let findings = check(
        "raw/mi300x.md",
        &text,
        &[
            &[
                ("/source/line", json!(21)),
                ("/model", json!("meta-llama/Llama-3.1-70B-Instruct")),
                ("/source/context/model", context(19, "serve")),
                ("/tp", json!(8)),
                ("/scenario/max_concurrency", json!(null)),
            ],
            &[
                ("/source/line", json!(49)),
                ("/model", json!("meta-llama/Llama-3.1-70B-Instruct")),
                ("/tp", json!(2)),
                ("/scenario/max_concurrency", json!(32)),
                ("/source/context/scenario.max_concurrency", context(48, "flags-line")),
            ],
        ],
    );
    assert!(!findings.iter().any(|f| f.starts_with("serve-not-applied")), "{findings:?}");
}

/// A heading naming its GPU as the name table spells it (`## 2080Ti 실측`, index id 71015447881:
/// a Korean report's section on an RTX 2080 Ti; `4090 24GB`, index id 59736293742) gave no GPU:
/// only a table's GPU cells were read with the name table. The headings are the samples'; the
/// result block under them is the MI300X notes' (index id 43489263684), since neither sample's
/// section holds one a reader knows.
#[test]
fn a_heading_names_a_gpu_the_name_table_knows() {
    let block = "```\n============ Serving Benchmark Result ============\nSuccessful requests:                     1024      \n\
                 Benchmark duration (s):                  63.81     \nRequest throughput (req/s):              16.05     \n\
                 Output token throughput (tok/s):         2993.85   \n==================================================\n```\n";
    for (heading, gpu) in [("## 2080Ti 실측", "RTX 2080 Ti"), ("### 4090 24GB: đo thật, chạy được, thừa 40% VRAM", "RTX 4090")] {
        let text = format!("{heading}\n\n{block}");
        check("raw/gpu.md", &text, &[&[("/gpu", json!(gpu)), ("/source/context/gpu", context(1, "heading"))]]);
    }
    // A bare number with nothing saying it is a card names no GPU.
    let text = format!("## 3090 requests\n\n{block}");
    check("raw/gpu.md", &text, &[&[("/gpu", json!(null))]]);
}

/// A Korean report: a table of metrics as rows (`| 지표 | GPU Only | Hybrid (GPU+CPU) | 차이 |`,
/// a first header no list names) summarises the two raw outputs printed further down. The
/// logs' runs are kept, with their full precision; the table's columns are each a `duplicate`
/// of the log below (rounded: `9,799` over `9799.19`), the difference column no run. The
/// later table of three routing strategies has no log: its three columns are runs, of the
/// model its introducing line names (`(facebook/opt-125m, …):`), not the setup's
/// (`> 모델: Qwen/Qwen2.5-1.5B`, which the logs' runs take, with the GPU of `> 환경: … RTX 3090`).
#[test]
fn a_summary_table_above_the_logs_it_repeats_gives_duplicates_not_runs() {
    let text = fixture("markdown-document/korean_metric_rows_before_raw_logs.md");
    let log = |line: u32, output: f64, ttft: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/source/line", json!(line)),
            ("/format", json!("serving-text")),
            ("/framework", json!("vllm")),
            ("/model", json!("Qwen/Qwen2.5-1.5B")),
            ("/source/context/model", context(5, "labelled-line")),
            ("/gpu", json!("RTX 3090")),
            ("/source/context/gpu", context(4, "labelled-line")),
            ("/metrics/output_throughput", json!(output)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
        ]
    };
    let column = |id: &str, output: f64, p99: f64| -> Vec<(&'static str, Value)> {
        vec![
            ("/id", json!(id)),
            ("/format", json!("markdown-table")),
            ("/model", json!("facebook/opt-125m")),
            ("/source/context/model", context(124, "caption")),
            ("/scenario/input_len", json!(128)),
            ("/scenario/output_len", json!(128)),
            ("/metrics/output_throughput", json!(output)),
            ("/metrics/ttft_ms/p99", json!(p99)),
        ]
    };
    let runs = [
        log(69, 9799.19, 45092.77),
        log(95, 9404.76, 46920.03),
        column("raw/report.md#L126", 6122.0, 26.0),
        column("raw/report.md#L126.2", 4655.0, 1198.0),
        column("raw/report.md#L126.3", 5444.0, 1047.0),
    ];
    let expected: Vec<&[(&str, Value)]> = runs.iter().map(Vec::as_slice).collect();
    let findings = check("raw/report.md", &text, &expected);
    let duplicates: Vec<&String> = findings.iter().filter(|f| f.starts_with("duplicate@")).collect();
    assert_eq!(duplicates, ["duplicate@46", "duplicate@46"], "{findings:?}");
    assert!(!findings.iter().any(|f| f.starts_with("results-not-read")), "{findings:?}");
}

/// A vLLM serving block, to be put under the headings and prose of the cases below.
const BLOCK: &str = "```\n============ Serving Benchmark Result ============\nSuccessful requests:                     100\nBenchmark duration (s):                  10.00\nRequest throughput (req/s):              10.00\nOutput token throughput (tok/s):         1000.00\n---------------Time to First Token----------------\nMean TTFT (ms):                          100.00\n==================================================\n```\n";

/// The parts of a setup chapter (`### Hardware`, `### Model` under `## Setup`) hold for the
/// results chapter after it; one variant's subsection among several that each start a server
/// does not (its TP is that variant's).
#[test]
fn a_setup_chapters_parts_reach_the_results_a_variants_do_not() {
    let setup = format!("# Report\n\n## Setup\n\n### Hardware\n\n- **GPU**: 8x H100\n- **Tensor Parallel**: 8\n\n### Model\n\n- **Model**: meta-llama/Llama-3.1-70B-Instruct\n\n## Results\n\n{BLOCK}");
    check("docs/setup.md", &setup, &[&[("/gpu", json!("H100")), ("/gpu_count", json!(8)), ("/tp", json!(8)), ("/model", json!("meta-llama/Llama-3.1-70B-Instruct"))]]);
    let variants = format!(
        "# Report\n\n## Configurations\n\n### A\n\n```bash\nvllm serve m --tensor-parallel-size 2\n```\n\n### B\n\n```bash\nvllm serve m --tensor-parallel-size 4\n```\n\n- **Tensor Parallel**: 4\n\n## Results\n\n{BLOCK}"
    );
    let out = parse_file("docs/variants.md", &variants, None);
    assert_eq!(out.runs[0].tp, None, "{:?}", out.runs[0].source.context);
}

/// A log pasted without a fence takes the commands typed above it in its section, not one
/// written after it (a maintainer's own setup in a comment below).
#[test]
fn an_unfenced_log_takes_no_command_written_after_it() {
    let log = BLOCK.trim_start_matches("```\n").trim_end_matches("```\n");
    let text = format!("# Issue\n\n### Description\n\nI ran it and got:\n\n{log}\n### Comments\n\nfor comparison we use\n\nvllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8\n");
    let out = parse_file("docs/issue.md", &text, None);
    assert_eq!(out.runs.len(), 1);
    assert_eq!((out.runs[0].model.as_deref(), out.runs[0].tp), (None, None), "{:?}", out.runs[0].source.context);
}

/// Headings and labelled lines that name no concurrency or model of the run: a server's `max
/// batch size`, a conversation's user turns, a link to a paper or a blog after the model.
#[test]
fn words_that_name_no_load_or_model() {
    for heading in ["## vLLM, max batch size 256", "## Multi-turn chat, 10 user turns per conversation", "## Speculative decoding (EAGLE-3)"] {
        let out = parse_file("docs/h.md", &format!("# Report\n\n{heading}\n\n{BLOCK}"), None);
        assert_eq!(out.runs[0].scenario.max_concurrency, None, "{heading}");
        assert_eq!(out.runs[0].metrics.output_throughput, Some(1000.0), "{heading}");
    }
    for (line, model) in [
        ("**Model**: Llama-3.1-70B-Instruct ([paper](https://arxiv.org/abs/2407.21783))", Some("Llama-3.1-70B-Instruct")),
        // The words name it (not the blog post the link points to).
        ("**Model**: [Llama 3.1 70B](https://huggingface.co/blog/llama31)", Some("Llama-3.1-70B")),
        ("**Model**: [Qwen3-8B](https://huggingface.co/Qwen/Qwen3-8B)", Some("Qwen3-8B")),
    ] {
        let out = parse_file("docs/m.md", &format!("# Report\n\n{line}\n\n{BLOCK}"), None);
        assert_eq!(out.runs[0].model.as_deref(), model, "{line}");
    }
    // Written bold, the line introducing a block still names its run.
    let out = parse_file("docs/pr.md", &format!("# PR\n\n**Before this PR:**\n\n{BLOCK}"), None);
    assert_eq!(out.runs[0].notes.first().map(|n| n.text.as_str()), Some("Before this PR"));
}

/// A table comparing two setups (`| Parameter | H200 | B200 |` over `| Max Concurrency | 128 |
/// 256 |`) states neither for the document's runs (a run on H20 had taken the H200 column's
/// concurrency 128); a third column of notes (`| 参数 | 值 | 说明 |`) is no setup of its own.
#[test]
fn a_table_of_two_setups_states_neither() {
    let two = format!("# Report\n\n## Differences\n\n| Parameter | H200 | B200 |\n|---|---|---|\n| Max Concurrency | 128 | 256 |\n\n## H20 results\n\n{BLOCK}");
    check("docs/two.md", &two, &[&[("/scenario/max_concurrency", Value::Null)]]);
    let noted = format!("# Report\n\n## Setup\n\n| 参数 | 值 | 说明 |\n|---|---|---|\n| 并发 | 64 | 压力测试 |\n\n## Results\n\n{BLOCK}");
    check("docs/noted.md", &noted, &[&[("/scenario/max_concurrency", json!(64))]]);
}

/// Cards the name table now knows (`RTX 4090D`, China's variant, is not the 4090; `RTX 6000
/// Ada` is not the RTX 6000), a model written with spaces in a setup row with its precision in
/// brackets, and a batch size beside a concurrency column (the server's batch, not the load).
#[test]
fn more_cards_a_spaced_model_and_a_batch_beside_the_concurrency() {
    for (gpu, want) in [("RTX 4090D", "RTX 4090D"), ("RTX 5080", "RTX 5080"), ("RTX 6000 Ada", "RTX 6000 Ada"), ("RTX 4090", "RTX 4090")] {
        let out = parse_file("docs/g.md", &format!("# Qwen3-8B on 1x {gpu}\n\n{BLOCK}"), None);
        assert_eq!(out.runs[0].gpu.as_deref(), Some(want), "{gpu}");
    }
    let spaced = format!("# Report\n\n| Parameter | Value |\n|---|---|\n| **Model** | Llama 3.1 70B Instruct (BF16) |\n\n{BLOCK}");
    check("docs/m.md", &spaced, &[&[("/model", json!("Llama-3.1-70B-Instruct")), ("/precision", json!("BF16"))]]);
    let table = "# R\n\n| Batch Size | Concurrency Level | Framework | Throughput (tokens/sec) |\n|---|---|---|---|\n| 16 | 8 | vLLM | 1,250 |\n";
    check("docs/b.md", table, &[&[("/scenario/max_concurrency", json!(8)), ("/metrics/extra/batch size", json!(16.0))]]);
}

/// A setup list over a later section's own results (`### Production Workload Simulation`:
/// `- Model: …70B`, `- Hardware: 4x A100-80GB`, then its table) is that section's, not the
/// runs' above it in other sections (9 runs of a size table had taken its model and 4 GPUs); a
/// configuration chapter of no results after the tables still holds for them.
#[test]
fn a_later_sections_setup_over_its_own_results_is_its_own() {
    let text = format!(
        "# Bench\n\n## Single GPU\n\n{BLOCK}\n## Production\n\n**Test Setup:**\n- Model: Meta-Llama-3.1-70B-Instruct\n- Hardware: 4x A100-80GB\n\n{}",
        BLOCK.replace("1000.00", "2000.00")
    );
    let out = parse_file("docs/p.md", &text, None);
    assert_eq!((out.runs[0].model.as_deref(), out.runs[0].gpu_count), (None, None));
    assert_eq!((out.runs[1].model.as_deref(), out.runs[1].gpu_count), (Some("Meta-Llama-3.1-70B-Instruct"), Some(4)));
    let config = format!("# Bench\n\n## Results\n\n{BLOCK}\n## Test Configuration\n\n- Model: Meta-Llama-3.1-70B-Instruct\n- Hardware: 4x A100-80GB\n");
    check("docs/c.md", &config, &[&[("/model", json!("Meta-Llama-3.1-70B-Instruct")), ("/gpu_count", json!(4))]]);
}

/// A document's first line, a comment of a sentence with commas (`trimmed: Table of Contents,
/// the Background prose, …`), over tables of configurations: no CSV. It had been read as a CSV
/// header, each table row below a run of extra values named after the sentence's parts. A
/// tool's CSV header (no space after its commas) opening the text after a code block still is.
#[test]
fn a_sentence_with_commas_is_no_csv_header() {
    let text = "<!-- trimmed: Table of Contents, the Background prose, Future Work left out -->\n# Tuning\n\n\
                | Config | Batch Size Sequence | Total Graphs |\n|---|---|---|\n| x2 | 256, 512, 1024 | 23 |\n| +64 | 192, 256, 320 | 49 |\n";
    let out = parse_file("raw/blog.md", text, None);
    assert!(out.runs.iter().all(|r| r.format != "csv-table"), "{:?}", out.runs);
    assert!(out.runs.is_empty(), "{:?}", out.runs);
    let pasted = "```\nls\n```\nMetric,avg,min,max\nTime To First Token (ms),12.5,10.0,15.0\nRequest Latency (ms),100.0,90.0,110.0\n";
    let out = parse_file("raw/issue.md", pasted, None);
    assert_eq!(out.runs.len(), 1, "{:?}", out.findings);
}

/// A document of several `#` headings (`# 环境信息`, `# vllm 单机测试`, `# sglang 单机测试`): the
/// first is its title, each later one a top-level section, whose engine its runs take. Later
/// `#` headings had been dropped, and both tables' runs had no engine.
#[test]
fn later_top_level_headings_are_sections() {
    let text = "# 环境信息\n\ntext\n\n# vllm 单机测试\n\n## 测试数据\n\n| Concurrency | Mean TTFT (ms) | Output Throughput (tokens/s) |\n|---|---|---|\n| 1 | 377.24 | 8.97 |\n\n# sglang 单机测试\n\n## 测试数据\n\n| Concurrency | Mean TTFT (ms) | Output Throughput (tokens/s) |\n|---|---|---|\n| 1 | 300.0 | 9.5 |\n";
    let findings = check(
        "raw/two_engines.md",
        text,
        &[&[("/framework", json!("vllm")), ("/source/context/framework", context(5, "heading"))], &[("/framework", json!("sglang")), ("/source/context/framework", context(13, "heading"))]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // A shell comment markdown reads as a heading (`# This is where the results will be
    // saved.`, `# --concurrency 144`) is no section.
    let comments = "# Guide\n\n# results are saved here.\n\n# --concurrency 8\n\n| Concurrency | Output Throughput (tokens/s) |\n|---|---|\n| 8 | 9.5 |\n";
    let out = parse_file("raw/guide.md", comments, None);
    assert_eq!(out.runs.iter().map(|r| r.section.clone()).collect::<Vec<_>>(), vec![None]);
}
