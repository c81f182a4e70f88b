//! SGLang's static-batch benchmark (`sglang.bench_one_batch`, formerly `sglang.bench_latency`):
//! prefill latency as TTFT, the median decode step as ITL, the total latency as e2e, all in
//! seconds as printed; the warmup run before `Benchmark ...` is no run. Before this reader
//! these outputs gave no run (a `results-not-read` warning at best).

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

/// Three kernels compared by one command, each output under a short line naming it, one with
/// a colon (`Default triton backend:`), two without (`Vec column sweep`, `Rec unroll`, right
/// above their fences): each run keeps its name as a note (the two had looked like repeats of
/// one run), and all three take the command's TP and batch.
#[test]
fn variants_named_right_above_their_blocks_without_a_colon() {
    let name = "sglang-one-batch/variants_captioned_without_colons.md";
    let text = fixture(name);
    let run = |line: u32, note_line: u32, note: &str| -> Vec<(&'static str, serde_json::Value)> {
        vec![
            ("/source/line", json!(line)),
            ("/tp", json!(4)),
            ("/scenario/max_concurrency", json!(32)),
            ("/notes/0", json!({"line": note_line, "text": note})),
        ]
    };
    let findings = check("raw/qwen3_next_a2.md", &text, &[&run(18, 16, "Default triton backend"), &run(30, 28, "Vec column sweep"), &run(42, 40, "Rec unroll")]);
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/qwen3_next_a2.md", &text, None));
}

#[test]
fn the_run_after_benchmark_is_read_and_the_warmup_before_it_is_not() {
    let text = fixture("sglang-one-batch/minicpm_notes.sh");
    let findings = check(
        "raw/notes.sh",
        &text,
        &[&[
            ("/format", json!("sglang-one-batch")),
            ("/framework", json!("sglang")),
            ("/model", json!("/data/share/MiniCPM-SALA")),
            ("/tp", json!(1)),
            ("/source/context/tp", json!({"line": 8, "kind": "command"})),
            ("/scenario/max_concurrency", json!(4)),
            ("/source/lines/scenario.max_concurrency", json!(22)),
            ("/scenario/input_len", json!(1024)),
            ("/scenario/output_len", json!(512)),
            ("/source/line", json!(21)),
            ("/metrics/ttft_ms/mean", json!(371.83)),
            ("/metrics/itl_ms/median", json!(11.75)),
            ("/metrics/e2e_ms/mean", json!(6395.0)),
            ("/metrics/total_throughput", json!(960.75)),
            ("/metrics/extra/sglang prefill throughput (tok~1s)", json!(11015.86)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/notes.sh", &text, None));
}

#[test]
fn an_issue_quoting_bench_latency_gives_its_run() {
    let text = fixture("sglang-one-batch/bench_latency_issue.log");
    let findings = check(
        "raw/issue.log",
        &text,
        &[&[
            ("/model", json!("Qwen2-7B-Instruct")),
            ("/scenario/max_concurrency", json!(1)),
            ("/scenario/input_len", json!(200)),
            ("/scenario/output_len", json!(100)),
            ("/metrics/ttft_ms/mean", json!(35.08)),
            ("/metrics/itl_ms/median", json!(19.24)),
            ("/metrics/e2e_ms/mean", json!(1942.0)),
            ("/metrics/total_throughput", json!(154.52)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/issue.log", &text, None));
}

/// `--batch-size 1 8 16`: a sweep; each run's batch size comes from its decode lines, never
/// the list's first value, and lengths named as lists are left unknown. The lines are the
/// script's prints (sgl-project/sglang `python/sglang/bench_one_batch.py`, `latency_test`), the
/// numbers written for the test: no published sweep output was found (find_string `Prefill.
/// latency:` gave single runs only).
#[test]
fn a_sweep_command_gives_no_single_size_to_its_runs() {
    let text = "python3 -m sglang.bench_one_batch --model-path m --batch-size 1 8 --input-len 128 256 --output-len 16\n\
                Benchmark ...\n\
                Prefill. latency: 0.02000 s, throughput:   6400.00 token/s\n\
                Decode 0. Batch size: 1, latency: 0.01000 s, throughput:    100.00 token/s\n\
                Decode.  median latency: 0.01000 s, median throughput:    100.00 token/s\n\
                Total. latency:  0.170 s, throughput:    847.06 token/s\n\
                Prefill. latency: 0.04000 s, throughput:   6400.00 token/s\n\
                Decode 0. Batch size: 1, latency: 0.01000 s, throughput:    100.00 token/s\n\
                Decode.  median latency: 0.01000 s, median throughput:    100.00 token/s\n\
                Total. latency:  0.190 s, throughput:   1431.58 token/s\n";
    let run = |ttft: f64| vec![("/scenario/max_concurrency", json!(1)), ("/scenario/input_len", json!(null)), ("/scenario/output_len", json!(16)), ("/metrics/ttft_ms/mean", json!(ttft))];
    check("raw/sweep.log", text, &[&run(20.0), &run(40.0)]);
}

/// A PR's paste of a run cut before its `Total.` line (`Prefill.` and `Decode.  median` only,
/// sgl-project/sglang#4832's third block): still a run, of its prefill and decode (it had been
/// dropped without a word); a run that prints its total keeps it.
#[test]
fn a_run_cut_before_its_total_line_is_still_read() {
    let text = "```\nPrefill. latency: 0.37004 s, throughput:  44276.59 token/s\nDecode.  median latency: 0.00771 s, median throughput:   2074.53 token/s\nTotal. latency:  4.315 s, throughput:   5695.23 token/s\n```\n\nPage Size = 128\n```\nPrefill. latency: 0.37472 s, throughput:  43723.00 token/s\nDecode.  median latency: 0.00777 s, median throughput:   2058.87 token/s\n```\n";
    let out = benchsite_ingest::parse_file("raw/pr.md", text, None);
    let got: Vec<(u32, Option<f64>, Option<f64>)> = out
        .runs
        .iter()
        .map(|r| (r.source.line, r.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean").copied()), r.metrics.itl_ms.as_ref().and_then(|l| l.get("median").copied())))
        .collect();
    assert_eq!(got, [(2, Some(370.04), Some(7.71)), (9, Some(374.72), Some(7.77))]);
    assert!(out.runs[0].metrics.more.e2e_ms.is_some() && out.runs[1].metrics.more.e2e_ms.is_none());
}

/// `bench_one_batch_server`'s `result.jsonl`: a run per line, the batch its concurrency,
/// `latency` the longest end-to-end latency and the duration, `last_ttft` the longest TTFT
/// (seconds, as the script times them with `time.perf_counter()`), the phases' rates extras,
/// `acc_length: -1.0` no acceptance length. The file had given no run (`results-not-read`).
#[test]
fn the_server_scripts_result_file() {
    let text = fixture("sglang-one-batch/server_result_disagg.jsonl");
    let out = parse_file("raw/result.jsonl", &text, None);
    let first: Vec<(&str, serde_json::Value)> = vec![
        ("/format", json!("sglang-one-batch-server-jsonl")),
        ("/framework", json!("sglang")),
        ("/source/line", json!(2)),
        ("/scenario/max_concurrency", json!(256)),
        ("/scenario/input_len", json!(3300)),
        ("/scenario/output_len", json!(400)),
        ("/metrics/duration_s", json!(157.1848)),
        ("/metrics/e2e_ms/max", json!(157184.8)),
        ("/metrics/ttft_ms/max", json!(101591.6)),
        ("/metrics/total_throughput", json!(6026.03)),
        ("/metrics/output_throughput", json!(null)),
        ("/metrics/extra/sglang prefill throughput (tok~1s)", json!(8315.65)),
    ];
    let mut expected: Vec<&[(&str, serde_json::Value)]> = vec![&first];
    expected.extend(std::iter::repeat_n(&[][..], 17));
    let findings = check("raw/result.jsonl", &text, &expected);
    assert!(out.runs.iter().all(|r| r.metrics.more.accept_length.is_none()));
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &out);
}

/// `bench_one_batch`'s result file (in the process): the console's lines as keys, the batch
/// and lengths of each run of a sweep its own (the console prints neither); objects written
/// one after another without a line break between them.
#[test]
fn the_in_process_scripts_result_file() {
    let text = fixture("sglang-one-batch/result_file_objects_one_after_another.jsonl");
    let run = |line: u32, batch: u64, output: u64, ttft: f64, e2e: f64| {
        vec![
            ("/format", json!("sglang-one-batch-jsonl")),
            ("/source/line", json!(line)),
            ("/scenario/max_concurrency", json!(batch)),
            ("/scenario/output_len", json!(output)),
            ("/metrics/ttft_ms/mean", json!(ttft)),
            ("/metrics/e2e_ms/mean", json!(e2e)),
            ("/notes/0/text", json!("run name: test_run")),
        ]
    };
    let findings = check(
        "raw/benchmark.jsonl",
        &text,
        &[&run(2, 4, 1, 3736.421108246, 3736.421108246), &run(11, 4, 1024, 3582.474470139, 22969.415187836), &run(23, 8, 1, 7195.620775223, 7195.620775223), &run(34, 8, 1024, 7162.742376328, 30811.896800995)],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/benchmark.jsonl", &text, None));
}
