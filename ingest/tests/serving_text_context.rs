//! What a serving log's client context (`Namespace(...)`, `Running benchmark …`) gives a run:
//! real logs in `tests/fixtures/serving-text/` (the first line names the log).

mod common;

use common::{check, fixture};
use serde_json::json;

/// A custom client (`lora_bench_multi.py`) prints a `Namespace` with no `dataset_name` but
/// SGLang's defaults `random_input_len=1024, random_output_len=128` while it replays an Azure
/// trace (`use_trace=True`; the block's 342460 input tokens over 996 requests are ~344 a
/// prompt). The run recorded 1024 and 128 as its lengths; a `Namespace`'s random lengths count
/// only when it names a random dataset. Its prompt count and rate are still its own.
#[test]
fn a_namespace_without_a_random_dataset_gives_no_random_lengths() {
    let text = fixture("serving-text/sglang_lora_trace_namespace.log");
    check(
        "raw/lora.log",
        &text,
        &[&[
            ("/scenario/input_len", json!(null)),
            ("/scenario/output_len", json!(null)),
            ("/scenario/num_prompts", json!(1000)),
            ("/source/lines/scenario.num_prompts", json!(7)),
            ("/scenario/request_rate", json!(2.0)),
            ("/metrics/total_input_tokens", json!(342460)),
        ]],
    );
    // The lengths a `Namespace` of a random dataset states are kept.
    let random = text.replace("num_prompts=1000, random_input_len", "num_prompts=1000, dataset_name='random', random_input_len");
    check("raw/lora.log", &random, &[&[("/scenario/input_len", json!(1024)), ("/scenario/output_len", json!(128))]]);
}

/// The same SGLang-dLoRA run printed every inter-token latency as `0.00` (and a median TPOT of
/// `-0.00`) while its requests generated ~219 tokens each: the responses were not streamed.
/// Its ITL and TPOT are no measurements (an interactivity of 565 tok/s had been derived from
/// them); they are left out with a `not-streamed` warning, not named missing. A streamed run
/// with one zero among its statistics keeps them.
#[test]
fn zero_inter_token_latencies_of_many_tokens_were_not_streamed() {
    let text = fixture("serving-text/sglang_lora_trace_namespace.log");
    let expected = [("/metrics/itl_ms", json!(null)), ("/metrics/tpot_ms", json!(null)), ("/derived/interactivity", json!(null)), ("/metrics/ttft_ms/median", json!(576.1))];
    let findings = check("raw/lora.log", &text, &[&expected]);
    assert!(findings.iter().any(|f| f.starts_with("not-streamed@")) && !findings.iter().any(|f| f.starts_with("missing-metrics@")), "{findings:?}");
    let streamed = text.replace("Mean ITL (ms):                           0.00", "Mean ITL (ms):                           9.81");
    assert_ne!(streamed, text);
    let findings = check("raw/lora.log", &streamed, &[&[("/metrics/itl_ms/mean", json!(9.81)), ("/metrics/itl_ms/median", json!(0.0))]]);
    assert!(!findings.iter().any(|f| f.starts_with("not-streamed@")), "{findings:?}");
}

/// Two runs at different loads can end with the same counts, duration and throughput (a
/// generated corpus of 1,000,000 runs had one such pair: rates `inf` and 8, both 427.76 s).
/// They stay two runs when they state different rates or latencies; the same block pasted
/// twice is still one run and a `duplicate` note. The block is the first of
/// `content/raw/vllm_sweep.log`.
#[test]
fn runs_at_other_loads_with_the_same_totals_are_not_duplicates() {
    let log = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/raw/vllm_sweep.log")).unwrap();
    let block: String = log.lines().skip(4).take(21).map(|l| format!("{l}\n")).collect();
    assert!(block.starts_with("============ Serving Benchmark Result") && block.trim_end().ends_with("======"), "{block}");
    let at = |rate: &str| format!("Traffic request rate: {rate}\n{block}\n");
    // Pasted twice under one rate: one run.
    let twice = format!("{}{}", at("inf"), at("inf"));
    let findings = check("raw/x.log", &twice, &[&[("/scenario/request_rate", json!("inf"))]]);
    assert!(findings.iter().any(|f| f.starts_with("duplicate@")), "{findings:?}");
    // Under two rates: two runs, no duplicate.
    let two = format!("{}{}", at("inf"), at("8.0"));
    let findings = check("raw/x.log", &two, &[&[("/scenario/request_rate", json!("inf"))], &[("/scenario/request_rate", json!(8.0))]]);
    assert!(!findings.iter().any(|f| f.starts_with("duplicate@")), "{findings:?}");
    // Under no rate, with another mean TTFT: two runs.
    let other = block.replace("Mean TTFT (ms):                          314.58", "Mean TTFT (ms):                          299.10");
    assert_ne!(other, block);
    let findings = check("raw/x.log", &format!("{block}\n{other}"), &[&[("/metrics/ttft_ms/mean", json!(314.58))], &[("/metrics/ttft_ms/mean", json!(299.1))]]);
    assert!(!findings.iter().any(|f| f.starts_with("duplicate@")), "{findings:?}");
}

/// A command asking for `--percentile-metrics "itl,tps,ttft,e2el"` (no TPOT) above its result:
/// the block's missing TPOT rows are no cut paste, and no `missing-metrics` warning says so.
#[test]
fn latencies_the_command_did_not_ask_for_are_not_missing() {
    let text = fixture("serving-text/percentile_metrics_without_tpot.md");
    let out = benchsite_ingest::parse_file("raw/moreh.md", &text, None);
    assert!(!out.runs.is_empty());
    assert!(out.findings.iter().all(|f| f.code != "missing-metrics"), "{:?}", out.findings.iter().map(|f| (&f.code, f.line)).collect::<Vec<_>>());
    // Without the flag, TPOT is asked for: its rows are missing.
    let asked = text.replace("    --percentile-metrics \"itl,tps,ttft,e2el\" \\\n", "");
    let out = benchsite_ingest::parse_file("raw/moreh.md", &asked, None);
    assert!(out.findings.iter().any(|f| f.code == "missing-metrics"));
}
