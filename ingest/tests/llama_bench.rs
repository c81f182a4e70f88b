//! llama.cpp's `llama-bench` tables: a run per row, `ppN` the prompt's (input) rate with N
//! input tokens, `tgN` the generation's (output) rate with N output tokens, the `±` the
//! standard deviation of the repetitions, the device and model file from the log above. Before
//! this reader, tables in logs and code blocks gave no run, and tables in a document's prose
//! gave each rate as an output rate with no length.

mod common;

use benchsite_ingest::parse_file;
use common::{check, fixture};
use serde_json::{json, Value};

const SAMPLES: [(&str, &str); 5] = [
    ("llama-bench/llama_benchy_against_vllm.md", "raw/benchy.md"),
    ("llama-bench/spaced_test_names_cuda_2024.log", "raw/spaced.log"),
    ("llama-bench/apple_m4_metal_depth_tests.log", "raw/m4.log"),
    ("llama-bench/ik_llama_cpu_lines_inside_table.log", "raw/ik.log"),
    ("llama-bench/four_tables_kv_cache_types.md", "raw/kv_types.md"),
];

#[test]
fn numbers_of_every_sample_trace_to_their_lines() {
    common::samples_trace(&SAMPLES, 37 + 10 + 54);
}

/// A Metal run log: the device from `GPU name: MTL0 (Apple M4)`, tests after a context
/// (`tg64 @ d1500`) as output rates of 64 tokens with the depth in a note.
#[test]
fn a_log_with_its_device_and_depth_tests() {
    let text = fixture("llama-bench/apple_m4_metal_depth_tests.log");
    let run = |line: u32, rate: f64, std: f64, depth: u32| -> Vec<(&'static str, Value)> {
        vec![
            ("/format", json!("llama-bench")),
            ("/framework", json!("llama.cpp")),
            ("/model", json!("llama 3B Q8_0")),
            ("/gpu", json!("Apple M4")),
            ("/source/context/gpu", json!({"line": 7, "kind": "log"})),
            ("/source/line", json!(line)),
            ("/scenario/output_len", json!(64)),
            ("/scenario/input_len", json!(null)),
            ("/metrics/output_throughput", json!(rate)),
            ("/metrics/spread/output_throughput/std", json!(std)),
            ("/notes/0/text", json!(format!("test: tg64 @ d{depth} (after a context of {depth} tokens)"))),
        ]
    };
    let findings = check("raw/m4.log", &text, &[&run(23, 25.69, 0.24, 1500), &run(24, 18.97, 0.10, 8012)]);
    assert!(findings.is_empty(), "{findings:?}");
}

/// Builds of early 2024 name their tests with a space (`pp 512`, `tg 128`): the same runs,
/// in a log and in a document's prose. Before, the log gave none, and the document gave
/// every prompt rate as an output rate.
#[test]
fn spaced_test_names_of_early_builds() {
    let text = fixture("llama-bench/spaced_test_names_cuda_2024.log");
    let prompt = [("/source/line", json!(10)), ("/gpu", json!("NVIDIA GeForce RTX 4090")), ("/scenario/input_len", json!(512)), ("/metrics/input_throughput", json!(11048.22)), ("/metrics/output_throughput", json!(null))];
    let generation = [("/source/line", json!(11)), ("/scenario/output_len", json!(128)), ("/metrics/output_throughput", json!(61.03)), ("/metrics/input_throughput", json!(null))];
    for path in ["raw/spaced.log", "raw/spaced.md"] {
        let findings = check(path, &text, &[&prompt, &generation, &[], &[], &[]]);
        assert!(findings.is_empty(), "{path}: {findings:?}");
    }
}

/// llama-benchy's table (llama-bench's tests against an OpenAI-compatible server, here vLLM):
/// its own format and no engine (all 18 runs had been llama.cpp's), its `e2e_ttft (ms)` the
/// prompt rows' TTFT with its deviation.
#[test]
fn llama_benchy_measures_a_server_not_llama_cpp() {
    let text = fixture("llama-bench/llama_benchy_against_vllm.md");
    let out = parse_file("raw/benchy.md", &text, None);
    assert_eq!(out.runs.len(), 18);
    assert!(out.runs.iter().all(|r| r.format == "llama-benchy" && r.framework.is_none()), "{:?}", out.runs[0].framework);
    let findings = check(
        "raw/benchy.md",
        &text,
        &[
            &[("/scenario/input_len", json!(2048)), ("/metrics/input_throughput", json!(2342.39)), ("/metrics/ttft_ms/mean", json!(952.97)), ("/metrics/spread/ttft_ms.mean/std", json!(69.15))],
            &[("/scenario/output_len", json!(480)), ("/metrics/output_throughput", json!(71.15)), ("/metrics/ttft_ms", json!(null))],
            &[], &[], &[], &[], &[], &[], &[], &[], &[], &[], &[], &[], &[], &[], &[], &[],
        ],
    );
    assert!(findings.is_empty(), "{findings:?}");
}

/// A build printing lines between the header and its row (`[iqk] ACTIVE: …`): the row is
/// still the table's.
#[test]
fn lines_between_the_header_and_its_rows() {
    let text = fixture("llama-bench/ik_llama_cpu_lines_inside_table.log");
    let findings = check("raw/ik.log", &text, &[&[("/source/line", json!(15)), ("/scenario/output_len", json!(128)), ("/metrics/output_throughput", json!(27.52))]]);
    assert!(findings.is_empty(), "{findings:?}");
}

/// Four tables in a document's prose: prompt tests are input rates with their prompt
/// length (`pp8192`: 8192 tokens, 571.01 tok/s), generation tests output rates, the KV
/// cache's types notes.
#[test]
fn prompt_and_generation_tests_in_a_documents_tables() {
    let text = fixture("llama-bench/four_tables_kv_cache_types.md");
    let out = parse_file("raw/kv_types.md", &text, None);
    assert_eq!(out.runs.len(), 10);
    assert!(out.runs.iter().all(|r| r.format == "llama-bench"), "{:?}", out.runs.iter().map(|r| r.format.as_str()).collect::<Vec<_>>());
    let first = &out.runs[0];
    assert_eq!((first.scenario.input_len, first.scenario.output_len, first.metrics.input_throughput, first.metrics.output_throughput), (Some(8192), None, Some(571.01), None));
    let kv = out.runs.iter().find(|r| r.source.line == 12).expect("the tg1024 row");
    assert_eq!((kv.scenario.output_len, kv.metrics.output_throughput), (Some(1024), Some(40.74)));
    assert!(kv.notes.iter().any(|n| n.text == "type_k: q4_1"), "{:?}", kv.notes);
    assert!(common::found(&out).is_empty(), "{:?}", common::found(&out));
}

/// `llama-bench -o json` as a llama-bench front end's docs page shows it (index id
/// 61417728261, "Example llama-bench output", build 10700, SYCL on an Intel Arc Pro B70; one
/// stored line break inside `false` joined): a run per test object, `n_prompt`/`n_gen` the
/// test, `avg_ts ± stddev_ts` its rate, the model file's stem and `gpu_info` the model and
/// device, the settings notes. The same objects a line each (`-o jsonl`) read alike. They had
/// given no run (`not-a-benchmark`).
#[test]
fn json_and_jsonl_output() {
    let text = fixture("llama-bench/json_sycl_arc_b70.json");
    let file = json!({"line": 9, "kind": "result-file"});
    let run = |line: u32, field: &str, rate: f64, len: (&str, u64)| -> Vec<(String, Value)> {
        vec![
            ("/format".into(), json!("llama-bench")),
            ("/framework".into(), json!("llama.cpp")),
            ("/source/line".into(), json!(line)),
            ("/gpu".into(), json!("Intel(R) Arc(TM) Pro B70 Graphics")),
            (format!("/metrics/{field}"), json!(rate)),
            (format!("/scenario/{}", len.0), json!(len.1)),
        ]
    };
    let first = run(3, "input_throughput", 1334.103112, ("input_len", 512));
    let second = run(48, "output_throughput", 101.152055, ("output_len", 128));
    let first: Vec<(&str, Value)> = first.iter().map(|(k, v)| (k.as_str(), v.clone())).chain([
        ("/model", json!("Qwen3.6-35B-A3B-Q4_K_M")),
        ("/source/context/model", file),
        ("/metrics/spread/input_throughput/std", json!(15.184918)),
        ("/scenario/output_len", json!(null)),
        ("/notes/0/text", json!("model_type: qwen35moe 35B.A3B Q4_K - Medium")),
    ]).collect();
    let second: Vec<(&str, Value)> = second.iter().map(|(k, v)| (k.as_str(), v.clone())).chain([("/metrics/spread/output_throughput/std", json!(0.421949))]).collect();
    let findings = check("raw/bench.json", &text, &[&first, &second]);
    assert!(findings.is_empty(), "{findings:?}");
    let out = parse_file("raw/bench.json", &text, None);
    common::numbers_trace_to_their_lines(&text, &out);
    // `-o jsonl`: each object on its own line.
    let objects: Vec<Value> = serde_json::from_str(&text).expect("the fixture is JSON");
    let lines: Vec<String> = objects.iter().map(|o| o.to_string()).collect();
    let out = parse_file("raw/bench.jsonl", &lines.join("\n"), None);
    let rates: Vec<(u32, Option<f64>, Option<f64>)> = out.runs.iter().map(|r| (r.source.line, r.metrics.input_throughput, r.metrics.output_throughput)).collect();
    assert_eq!(rates, [(1, Some(1334.103112), None), (2, None, Some(101.152055))]);
}

/// A shell driver's log around llama-bench: its echo of the run (`Qwen3.8-27B-UD-IQ3_S.gguf
/// ub=2048 … kv=q8_0/q8_0`) and a cut of the table in spaced columns (`split kv n_ubatch test
/// t/s stddev`), no model column. Six runs (it had given none and only an info): the model
/// file from the echo above each table, the stddev column the spread, the KV cache type a note
/// that tells the two tables apart.
#[test]
fn a_drivers_spaced_cut_of_the_table() {
    let text = fixture("llama-bench/driver_spaced_columns_p100.log");
    let out = parse_file("raw/driver.log", &text, None);
    let runs: Vec<_> = out
        .runs
        .iter()
        .map(|r| (r.source.line, r.model.as_deref(), r.scenario.input_len, r.scenario.output_len, r.metrics.input_throughput.or(r.metrics.output_throughput)))
        .collect();
    let model = Some("Qwen3.8-27B-UD-IQ3_S");
    assert_eq!(
        runs,
        vec![
            (12, model, Some(4096), None, Some(202.44)),
            (13, model, Some(16384), None, Some(184.13)),
            (14, model, None, Some(128), Some(11.21)),
            (27, model, Some(4096), None, Some(202.05)),
            (28, model, Some(16384), None, Some(184.05)),
            (29, model, None, Some(128), Some(11.18)),
        ]
    );
    assert_eq!(out.runs[0].metrics.spread.get("input_throughput").and_then(|s| s.std), Some(0.41));
    assert_eq!(out.runs[3].source.context.get("model").map(|c| c.line), Some(22));
    assert!(out.runs[3].notes.iter().any(|n| n.text == "kv: q4_0"), "{:?}", out.runs[3].notes);
    common::numbers_trace_to_their_lines(&text, &out);
}
