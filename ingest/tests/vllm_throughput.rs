//! vLLM offline throughput (`benchmark_throughput.py`, `vllm bench throughput`): the
//! console line in both of its spellings, with the scenario from the command above it, and
//! the `--output-json` file.
//!
//! No published `--output-json` file was found: the samples session searched `find_string`
//! `"total_num_tokens":` (the writers in vLLM's scripts and copies of them, test fixtures
//! with round numbers) and the issues corpus for `benchmark_throughput.py --output-json
//! "elapsed_time" "requests_per_second" "tokens_per_second"` (vllm-project/vllm #29495 shows
//! an "example new JSON output" in a diff, not a run; #4847 asks for the option).
//! Searched again (samples4 session): `find_string` `"requests_per_second": ` (10 hits, none
//! written by vLLM: API gateways, load testers, Elasticsearch): still none.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture, numbers_trace_to_their_lines};
use serde_json::json;

/// vLLM's first `benchmark_serving.py` (2023) prints `Total time: 165.50 s` above the same
/// `Throughput: X requests/s` line as the offline script, then `Average latency: 77.68 s`: an
/// online run (`vllm-serving-2023`, not an offline one), its duration and mean end-to-end
/// latency read (both had been lost), its rate and prompts from the `Namespace` it printed.
#[test]
fn the_2023_serving_client_is_an_online_run_with_its_latency() {
    let text = fixture("vllm-throughput/legacy_serving_client_2023_zh.md");
    let findings = check(
        "raw/notes.md",
        &text,
        &[&[
            ("/format", json!("vllm-serving-2023")),
            ("/source/line", json!(16)),
            ("/metrics/duration_s", json!(165.5)),
            ("/metrics/request_throughput", json!(6.04)),
            ("/metrics/e2e_ms/mean", json!(77680.0)),
            ("/metrics/extra/average latency per output token (s)", json!(1.03)),
            ("/scenario/request_rate", json!(40.0)),
            ("/scenario/num_prompts", json!(1000)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
    numbers_trace_to_their_lines(&text, &parse_file("raw/notes.md", &text, None));
}

#[test]
fn reads_the_old_line_whose_tokens_are_prompt_plus_output() {
    let text = fixture("vllm-throughput/self-llm-qwen1.5.md");
    let findings = check(
        "raw/self-llm.md",
        &text,
        &[
            &[
                ("/format", json!("vllm-throughput")),
                ("/metrics/request_throughput", json!(6.34)),
                ("/metrics/total_throughput", json!(1216.34)),
                ("/metrics/output_throughput", json!(null)),
                ("/scenario/input_len", json!(64)),
                ("/scenario/output_len", json!(128)),
                ("/scenario/num_prompts", json!(25)),
                ("/model", json!("qwen/Qwen1.5-7B-Chat")),
                ("/framework", json!("vllm")),
                ("/source/line", json!(16)),
                ("/source/context/scenario.input_len", json!({"line": 4, "kind": "command"})),
            ],
            &[
                ("/metrics/request_throughput", json!(4.03)),
                ("/metrics/total_throughput", json!(773.74)),
                ("/backend", json!("hf")),
                ("/framework", json!(null)),
                ("/scenario/num_prompts", json!(25)),
            ],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_total_and_output_tokens_and_the_token_counts_below() {
    let text = fixture("vllm-throughput/vllm-benchmarks-readme.md");
    let out = parse_file("raw/vllm-readme.md", &text, None);
    check_output_runs(&out);
    numbers_trace_to_their_lines(&text, &out);
}

fn check_output_runs(out: &benchsite_ingest::FileOutput) {
    common::check_output(
        "raw/vllm-readme.md",
        out,
        &[
            &[
                ("/metrics/request_throughput", json!(7.15)),
                ("/metrics/total_throughput", json!(4656.0)),
                ("/metrics/output_throughput", json!(1072.15)),
                ("/metrics/total_input_tokens", json!(5014)),
                ("/metrics/total_output_tokens", json!(1500)),
                ("/model", json!("NousResearch/Hermes-3-Llama-3.1-8B")),
                ("/scenario/dataset", json!("sonnet")),
                ("/scenario/num_prompts", json!(10)),
                ("/source/end_line", json!(17)),
            ],
            &[
                ("/metrics/output_throughput", json!(326.9)),
                ("/backend", json!("vllm-chat")),
                ("/framework", json!("vllm")),
                ("/scenario/dataset", json!("hf")),
                ("/scenario/num_prompts", json!(1000)),
            ],
            &[
                ("/metrics/request_throughput", json!(104.77)),
                ("/metrics/total_input_tokens", json!(261136)),
                ("/model", json!("meta-llama/Meta-Llama-3-8B-Instruct")),
                ("/scenario/num_prompts", json!(2048)),
                // The hf dataset takes its own prompt lengths.
                ("/scenario/input_len", json!(null)),
                ("/source/context/model", json!({"line": 43, "kind": "command"})),
            ],
        ],
    );
}

#[test]
fn the_runs_own_namespace_wins_over_nothing_and_sets_tp() {
    // The shape of the old script's output (`print(args)` then the result), as in
    // AUGMXNT's MI300 notes; trimmed to the lines that matter.
    let text = "\
$ python benchmarks/benchmark_throughput.py --backend vllm --input-len 512 --output-len 128 --model meta-llama/Llama-2-7b-chat-hf -tp 8
Namespace(backend='vllm', dataset=None, input_len=512, output_len=128, model='meta-llama/Llama-2-7b-chat-hf', tensor_parallel_size=8, num_prompts=1000)
Processed prompts: 100%|███| 1000/1000 [00:17<00:00, 55.93it/s, est. speed input: 28636.95 toks/s, output: 7159.24 toks/s]
Throughput: 54.94 requests/s, 35163.95 tokens/s
";
    let findings = check(
        "raw/mi300.log",
        text,
        &[&[
            ("/tp", json!(8)),
            ("/scenario/num_prompts", json!(1000)),
            ("/scenario/input_len", json!(512)),
            ("/source/context/tp", json!({"line": 2, "kind": "namespace"})),
            ("/source/context/scenario.num_prompts", json!({"line": 2, "kind": "namespace"})),
            ("/framework", json!("vllm")),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn reads_the_output_json_of_the_script() {
    // The keys `benchmark_throughput.py` writes with `--output-json` (`json.dump(results,
    // f, indent=4)`); no published file was found (searched for `"total_num_tokens": `,
    // `"elapsed_time": `, `"requests_per_second": `, files named `throughput*.json`, and
    // issues quoting `--output-json`: the one example, in vllm PR 29495, is hand-written), so
    // the values are the README's run.
    let text = "{\n    \"elapsed_time\": 1.3986,\n    \"num_requests\": 10,\n    \"total_num_tokens\": 6514,\n    \
                \"requests_per_second\": 7.15,\n    \"tokens_per_second\": 4657.5\n}\n";
    let findings = check(
        "raw/throughput.json",
        text,
        &[&[
            ("/format", json!("vllm-throughput-json")),
            ("/metrics/duration_s", json!(1.3986)),
            ("/metrics/completed", json!(10)),
            ("/metrics/request_throughput", json!(7.15)),
            ("/metrics/total_throughput", json!(4657.5)),
            ("/metrics/extra/total tokens", json!(6514.0)),
            ("/source/lines/metrics.request_throughput", json!(5)),
        ]],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

#[test]
fn hostile_inputs_give_findings_not_runs() {
    // Wrong types and a huge number: no panic, nothing invented.
    let out = parse_file("raw/t.json", "{\"elapsed_time\": \"soon\", \"requests_per_second\": [1], \"num_requests\": 1e308}", None);
    assert!(out.runs.iter().all(|r| r.metrics.request_throughput.is_none()));
    // A `Throughput:` line of another tool is not read.
    let out = parse_file("raw/t.log", "Throughput: 12.5 samples/s\n", None);
    assert!(out.runs.is_empty());
    // A cut line keeps what it printed.
    let out = parse_file("raw/t.log", "Throughput: 6.34 requests/s, 12", None);
    assert_eq!(out.runs.len(), 1);
    assert_eq!(out.runs[0].metrics.total_throughput, None);
}

#[test]
fn every_prefix_of_each_fixture_parses() {
    for name in ["vllm-throughput/self-llm-qwen1.5.md", "vllm-throughput/vllm-benchmarks-readme.md"] {
        let text = fixture(name);
        let step = (text.len() / 200).max(1);
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let _ = parse_file("raw/cut.md", &text[..cut], None);
            }
            cut += step;
        }
    }
}

/// vLLM's `benchmark_guided.py` (a PR's output, index id of the round-14 sample): its own words
/// after the output rate (`2212.46 output tokens/s Correct rate is 0.0 %`) leave the rate the
/// output throughput (it had been an extra named `output tokens/s correct rate is 0.0 %`).
#[test]
fn words_after_the_output_rate_leave_it_read() {
    let text = "Throughput: 4.32 requests/s, 3517.24 total tokens/s, 2212.46 output tokens/s Correct rate is 0.0 % \n";
    check(
        "raw/guided.log",
        text,
        &[&[("/metrics/request_throughput", json!(4.32)), ("/metrics/total_throughput", json!(3517.24)), ("/metrics/output_throughput", json!(2212.46))]],
    );
}

/// A PR comment's shell loop runs one `benchmark_throughput.py` command three times a pass and
/// greps its `Throughput:` lines: the command ran every line after it (it had given its
/// model, TP and prompts to the first only). The `--input-len $isl` of the loop names no
/// length. The last line, cut inside its unit (`766.70 output to`), still reads its output
/// rate; it had been an extra named `output to`.
#[test]
fn a_loops_command_runs_every_line_after_it() {
    let text = fixture("vllm-throughput/loop_of_commands_line_cut_in_unit.log");
    let run = |line: u32, output: f64| {
        vec![
            ("/source/line", json!(line)),
            ("/model", json!("Llama-3.1-70B-Instruct")),
            ("/tp", json!(4)),
            ("/scenario/num_prompts", json!(1000)),
            ("/scenario/output_len", json!(100)),
            ("/scenario/input_len", json!(null)),
            ("/metrics/output_throughput", json!(output)),
        ]
    };
    let findings = check("raw/pr13305.log", &text, &[&run(11, 766.56), &run(12, 767.07), &run(13, 766.7)]);
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/pr13305.log", &text, None);
    assert!(out.runs.iter().all(|r| r.metrics.more.extra.is_empty()), "no extra: {:?}", out.runs[2].metrics.more.extra);
    numbers_trace_to_their_lines(&text, &out);
    // A unit cut where two units begin alike (`tok`), or with no unit at all, leaves the
    // number out.
    for cut in ["Throughput: 7.67 requests/s, 8793.23 to", "Throughput: 7.67 requests/s, 8793.23"] {
        let out = parse_file("raw/cut.log", cut, None);
        assert_eq!(out.runs.len(), 1, "{cut}");
        let m = &out.runs[0].metrics;
        assert_eq!((m.request_throughput, m.total_throughput, m.output_throughput), (Some(7.67), None, None), "{cut}");
        assert!(m.more.extra.is_empty(), "{cut}: {:?}", m.more.extra);
    }
}
