//! Markdown documents outside the result layout (`checks::document`, `context`): a docs page
//! or README read with the context around its results (heading path, serve command, client
//! command, front matter), each filled field recording where it came from. Real, trimmed
//! pages in `tests/fixtures/markdown-document/` (the first line names the page), plus
//! handwritten cases for what they do not show.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::{json, Value};

const SAMPLES: [&str; 2] = ["sglang_cookbook_gemma4.md", "dgxc_deepseek_r1_sglang.md"];

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

