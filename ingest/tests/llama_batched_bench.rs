//! llama.cpp's `llama-batched-bench` (B sequences at once: the prompt rate, the generation rate,
//! the total rate over the whole time) and ik_llama.cpp's `llama-sweep-bench` (one sequence at
//! growing context depths). Both tables had given no run in a log, and in a document runs
//! of extras only (`s pp t/s`), with a `duplicate-columns` warning.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture};
use serde_json::json;

const SAMPLES: [(&str, &str); 4] = [
    ("llama-batched-bench/first_table_pr3545.log", "raw/batched.log"),
    ("llama-batched-bench/settings_line_two_batches.log", "raw/batched2.log"),
    ("llama-batched-bench/sweep_bench_per_device_ik_pr566.md", "raw/sweep.md"),
    ("llama-batched-bench/driver_kv_cache_sweep_commands.log", "raw/kv_sweep.log"),
];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 11 * 9 + 2 * 9 + 10 * 6);
}

/// A row per batch size: the lengths, the batch as the concurrency, `S_PP` the input rate,
/// `S_TG` the output rate, `S` the total rate over `T`, the duration; the phase times extras.
#[test]
fn a_row_per_batch_size() {
    let text = fixture("llama-batched-bench/first_table_pr3545.log");
    let out = parse_file("raw/batched.log", &text, None);
    let batches: Vec<Option<u64>> = out.runs.iter().map(|r| r.scenario.max_concurrency).collect();
    assert_eq!(batches, [1, 2, 4, 8, 16, 32, 1, 2, 4, 8, 16].map(Some));
    let findings = check(
        "raw/batched.log",
        &text,
        &[
            &[],
            &[],
            &[],
            &[
                ("/format", json!("llama-batched-bench")),
                ("/framework", json!("llama.cpp")),
                ("/source/line", json!(7)),
                ("/scenario/input_len", json!(128)),
                ("/scenario/output_len", json!(128)),
                ("/scenario/max_concurrency", json!(8)),
                ("/metrics/input_throughput", json!(1363.27)),
                ("/metrics/output_throughput", json!(139.43)),
                ("/metrics/total_throughput", json!(252.99)),
                ("/metrics/duration_s", json!(8.095)),
                ("/metrics/extra/llama.cpp prompt time (s)", json!(0.751)),
            ],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
            &[],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // In a document's prose, the same runs, not a table of extras.
    let doc = parse_file("raw/batched.md", &text, None);
    assert_eq!(doc.runs.len(), 11);
    assert!(doc.runs.iter().all(|r| r.format == "llama-batched-bench"));
}

/// A sweep's rows differ by the context depth before them (`N_KV`), kept as a note; the
/// device comes from each table's heading.
#[test]
fn sweep_rows_at_growing_depths() {
    let text = fixture("llama-batched-bench/sweep_bench_per_device_ik_pr566.md");
    let findings = check(
        "raw/sweep.md",
        &text,
        &[
            &[
                ("/format", json!("llama-sweep-bench")),
                ("/gpu", json!("RTX 4080")),
                ("/scenario/input_len", json!(512)),
                ("/scenario/output_len", json!(128)),
                ("/scenario/max_concurrency", json!(null)),
                ("/metrics/input_throughput", json!(7932.94)),
                ("/metrics/output_throughput", json!(144.38)),
                ("/notes/0/text", json!("after a context of 512 tokens (N_KV)")),
            ],
            &[],
            &[],
            &[],
            &[],
            &[("/source/line", json!(31)), ("/gpu", json!(null))],
            &[],
            &[],
            &[],
            &[],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
    // Depth 0 states no context.
    let out = parse_file("raw/sweep.md", &text, None);
    assert!(out.runs[5].notes.is_empty(), "{:?}", out.runs[5].notes);
}

/// A driver's log of five KV-cache configurations, each table under its command
/// (`## q8k-q4v-depth: llama-batched-bench -ctk q8_0 -ctv q4_0 …`): each run notes its
/// configuration's label, cache types and command, so the tables are told apart (three had
/// given identical-looking runs); the configuration that crashed (`exit 134`) gives none.
#[test]
fn each_tables_command_above_it() {
    let text = fixture("llama-batched-bench/driver_kv_cache_sweep_commands.log");
    let out = parse_file("raw/kv_sweep.log", &text, None);
    let notes: Vec<(u32, Vec<&str>)> = out.runs.iter().map(|r| (r.source.line, r.notes.iter().take(2).map(|n| n.text.as_str()).collect())).collect();
    assert_eq!(
        notes,
        vec![
            (7, vec!["q8k-q4v-depth", "KV cache: K q8_0, V q4_0"]),
            (8, vec!["q8k-q4v-depth", "KV cache: K q8_0, V q4_0"]),
            (14, vec!["q8k-q8v-depth", "KV cache: K q8_0, V q8_0"]),
            (15, vec!["q8k-q8v-depth", "KV cache: K q8_0, V q8_0"]),
            (21, vec!["f16-depth", "command: llama-batched-bench -c 278528 -npp 2048,32768 -ntg 128 -npl 8"]),
            (22, vec!["f16-depth", "command: llama-batched-bench -c 278528 -npp 2048,32768 -ntg 128 -npl 8"]),
            (31, vec!["fit-8x256k-q8q4", "KV cache: K q8_0, V q4_0"]),
        ]
    );
    common::numbers_trace_to_their_lines(&text, &out);
}
