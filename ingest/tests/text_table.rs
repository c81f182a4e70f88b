//! Tables drawn with plain characters in a code block or a log (`text-table`): a markdown
//! table printed to a console (SGLang's `bench_one_batch_server --show-report`, tabulate's
//! `github`), grid tables, column tables under a rule of dashes. They had given no run
//! (`results-not-read` at best).

mod common;

use common::{check, fixture};
use serde_json::{json, Value};

const SAMPLES: [(&str, &str); 2] = [
    ("text-table/sglang_report_table_in_markdown_block.md", "raw/neurips.md"),
    ("text-table/nat_sizing_console_tables_th.md", "raw/nat.md"),
];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 2 * 8 + 8 + 8);
}

/// SGLang's report in a ```` ```markdown ```` block, under the heading the workflow writes
/// over it (`### deepseek-ai/DeepSeek-V3 (TP4_flashinfer_trtllm) [8-gpu-h200]`): its model,
/// GPU and TP from that heading (the 8 GPUs are the runner's machine, not the TP-4 run's: no
/// count, the per-GPU rate over the TP); `acc length` (`n/a`, accepted tokens per step of
/// speculative decoding) is no accuracy column (the whole table had been taken for an
/// accuracy table), `latency (s)` the batch's end-to-end latency.
#[test]
fn a_report_table_under_its_heading() {
    let text = fixture("text-table/sglang_report_table_in_markdown_block.md");
    let heading = json!({"line": 19, "kind": "heading"});
    let findings = check(
        "raw/neurips.md",
        &text,
        &[&[
            ("/format", json!("text-table")),
            ("/source/line", json!(22)),
            ("/model", json!("deepseek-ai/DeepSeek-V3")),
            ("/gpu", json!("H200")),
            // `[8-gpu-h200]` is the runner's machine; the run used TP 4 of it, no count said.
            ("/gpu_count", Value::Null),
            ("/tp", json!(4)),
            ("/derived/output_throughput_per_gpu", json!(25.725)),
            ("/source/context/model", heading.clone()),
            ("/source/context/tp", heading),
            ("/scenario/max_concurrency", json!(1)),
            ("/scenario/input_len", json!(4096)),
            ("/metrics/e2e_ms/mean", json!(5170.0)),
            ("/metrics/input_throughput", json!(21040.18)),
            ("/metrics/output_throughput", json!(102.9)),
            ("/metrics/itl_ms/mean", json!(9.72)),
            ("/metrics/extra/output cost ($~11m)", json!(5.4)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A NeMo Agent Toolkit console: a tabulate pipe table without units (a run per
/// concurrency, its numbers kept as extras with `unit-unknown`), then column tables drawn
/// under `───` rules behind a `│ ` margin: the same runtimes again and a fit (slope,
/// intercept), which hold no load and no standard metric and give nothing.
#[test]
fn console_tables_without_units() {
    let text = fixture("text-table/nat_sizing_console_tables_th.md");
    let out = benchsite_ingest::parse_file("raw/nat.md", &text, None);
    let lines: Vec<u32> = out.runs.iter().map(|r| r.source.line).collect();
    assert_eq!(lines, [19, 20]);
    assert_eq!(out.runs[1].scenario.max_concurrency, Some(2));
    assert_eq!(out.runs[1].metrics.extra.get("p95 llm latency"), Some(&16.1058));
    assert!(out.findings.iter().any(|f| f.code == "unit-unknown" && f.line == 17));
}

/// Each drawing, written to break the reader: a grid with rules between rows, tabulate's
/// `simple` and `rst`, a psql table; a markdown file's own tables stay the markdown walk's.
#[test]
fn every_drawing_reads_its_rows() {
    let grid = "```\n+-------------+-----------+\n| concurrency | TTFT (ms) |\n+=============+===========+\n| 1           | 23.4      |\n+-------------+-----------+\n| 8           | 40.2      |\n+-------------+-----------+\n```\n";
    let simple = "```\n  concurrency    TTFT (ms)    Output (tok/s)\n-------------  -----------  ----------------\n            1         23.4             120.3\n            8         40.2             801.5\n```\n";
    let rst = "```\n=============  =========\nconcurrency    TTFT (ms)\n=============  =========\n1              23.4\n8              40.2\n=============  =========\n```\n";
    let psql = "```\n+-------------+-----------+\n| concurrency | TTFT (ms) |\n|-------------+-----------|\n| 1           | 23.4      |\n| 8           | 40.2      |\n+-------------+-----------+\n```\n";
    for text in [grid, simple, rst, psql] {
        let out = benchsite_ingest::parse_file("raw/t.md", text, None);
        let got: Vec<(Option<u64>, Option<f64>, String)> =
            out.runs.iter().map(|r| (r.scenario.max_concurrency, r.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean").copied()), r.format.to_string())).collect();
        assert_eq!(got, [(Some(1), Some(23.4), "text-table".into()), (Some(8), Some(40.2), "text-table".into())], "{text}");
        common::numbers_trace_to_their_lines(text, &out);
    }
    // The same pipe table outside a code block is a markdown table.
    let out = benchsite_ingest::parse_file("raw/t.md", "| concurrency | TTFT (ms) |\n|---|---|\n| 1 | 23.4 |\n", None);
    assert_eq!(out.runs.iter().map(|r| r.format.as_str()).collect::<Vec<_>>(), ["markdown-table"]);
    // In a log, a table of settings is no result: no run, and only the file's `no-runs` note.
    let out = benchsite_ingest::parse_file("raw/t.log", "flag          value\n------------  -----\nmax-num-seqs  256\ntp            8\n", None);
    assert!(out.runs.is_empty(), "{:?}", out.runs);
    assert_eq!(out.findings.iter().map(|f| f.code.as_str()).collect::<Vec<_>>(), ["no-runs"]);
}
