//! The real seed files in `content/`: all 167 runs, every number traceable to its line, and
//! the findings the data's known flaws must produce. The whole `runs.json` is a reviewed
//! snapshot (`cargo insta review` after an intended change). Last, the same hostile bytes
//! read by the CLI from a content folder and dropped into the browser give the same runs.

use benchsite_model::RunsFile;
use std::path::PathBuf;

fn content() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content")
}

fn seeds() -> RunsFile {
    benchsite::check(&content()).expect("content folder readable").data
}

#[test]
fn every_seed_result_block_becomes_a_run() {
    let data = seeds();
    assert_eq!(data.runs.len(), 167);
    let per_file = |p: &str| data.runs.iter().filter(|r| r.source.path == p).count();
    assert_eq!(per_file("lmdeploy/H800_v0.10.0.md"), 24);
    assert_eq!(per_file("lmdeploy/H800_v0.9.2.md"), 16);
    assert_eq!(per_file("lmdeploy/A100_v0.9.2.md"), 16);
    assert_eq!(per_file("sglang/H800_v0.5.1.md"), 16, "its gpt-oss sections have empty logs");
    assert_eq!(per_file("vllm/H800_v0.10.1.md"), 24);
    assert_eq!(per_file("vllm/A100_v0.10.1.md"), 24);
    assert_eq!(per_file("sglang/A100_v0.5.1.md"), 24);
    assert_eq!(per_file("raw/vllm_sweep.log"), 23);
    assert!(data.findings.iter().all(|f| f.severity != benchsite_model::Severity::Error), "{:#?}", data.findings);
}

/// Every value with a recorded line must be printed on that line of the source file.
#[test]
fn every_metric_is_printed_on_the_line_it_points_to() {
    let data = seeds();
    let mut checked = 0;
    for run in &data.runs {
        let text = std::fs::read_to_string(content().join(&run.source.path)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let json = serde_json::to_value(run).unwrap();
        for (key, &line) in &run.source.lines {
            let Some(rest) = key.strip_prefix("metrics.") else { continue };
            let pointer = format!("/metrics/{}", rest.replace('.', "/").replace("p99/9", "p99.9"));
            let Some(value) = json.pointer(&pointer).and_then(|v| v.as_f64()) else { continue };
            let source = lines[line as usize - 1];
            let printed = source.rsplit(':').next().unwrap().trim();
            let printed: f64 = printed.parse().unwrap_or_else(|_| panic!("{}:{line} `{source}`", run.source.path));
            assert_eq!(printed, value, "{} {key} at {}:{line}", run.id, run.source.path);
            checked += 1;
        }
    }
    assert!(checked > 167 * 15, "only {checked} values checked");
}

#[test]
fn seed_flaws_are_reported_where_they_are() {
    let data = seeds();
    let has = |code: &str, path: &str, line: u32| {
        data.findings.iter().any(|f| f.code == code && f.path == path && f.line == line)
    };
    // gpt-oss-120b section serves gpt-oss-20b; the client measured 120b.
    assert!(has("model-mismatch", "lmdeploy/H800_v0.10.0.md", 1003));
    let run = data.runs.iter().find(|r| r.id == "lmdeploy/H800_v0.10.0.md#L1047").unwrap();
    assert_eq!(run.model.as_deref(), Some("openai/gpt-oss-120b"));
    assert!(!run.findings.is_empty());
    // The note claims 10000 prompts; the log ran 1000.
    assert!(has("note-contradicts-log", "sglang/A100_v0.5.1.md", 858));
    assert!(has("note-contradicts-log", "sglang/A100_v0.5.1.md", 1062));
    // Those runs differ from the same slot in the other sections.
    assert!(has("scenario-differs", "sglang/A100_v0.5.1.md", 891));
    assert!(has("scenario-differs", "sglang/A100_v0.5.1.md", 1095));
    // The table of contents names another version than the path.
    assert!(has("version-mismatch", "sglang/A100_v0.5.1.md", 25));
    // Sections served without the environment the others set.
    assert!(has("settings-differ", "vllm/A100_v0.10.1.md", 453));
    // The title and the table of contents say v0.10.1 in an SGLang v0.5.1 file.
    assert!(has("version-mismatch", "sglang/H800_v0.5.1.md", 1));
    assert!(has("version-mismatch", "sglang/H800_v0.5.1.md", 24));
    // gpt-oss sections with a serve command and an empty log.
    assert!(has("section-without-results", "sglang/H800_v0.5.1.md", 861));
    assert!(has("section-without-results", "sglang/H800_v0.5.1.md", 878));
    // "Pytorch engine" headings with nothing under them.
    assert!(has("empty-sections", "lmdeploy/A100_v0.9.2.md", 703));
    assert!(has("empty-sections", "lmdeploy/H800_v0.9.2.md", 689));
    // The first block of three sections has no `Running benchmark` and no `Namespace(...)`.
    for line in [204, 368, 532] {
        assert!(has("scenario-inferred", "lmdeploy/H800_v0.9.2.md", line), "line {line}");
    }
}

/// In lmdeploy/H800_v0.9.2.md the sharegpt block of the 32B, 30B-A3B and 235B-A22B FP8
/// sections states no scenario. Each is inferred from run 1 of `Qwen3-8B-FP8`, the only
/// section that states it (lines 37 and 39), and must equal it field by field; the other
/// runs of those sections state their own and equal the 8B section's in the same position.
#[test]
fn h800_v0_9_2_inferred_scenarios_equal_what_the_file_states() {
    let data = seeds();
    let path = "lmdeploy/H800_v0.9.2.md";
    let sections = ["Qwen3-8B-FP8", "Qwen3-32B-FP8", "Qwen3-30B-A3B-FP8", "Qwen3-235B-A22B-FP8"];
    let runs_of = |title: &str| -> Vec<&benchsite_model::Run> {
        data.runs.iter().filter(|r| r.source.path == path && r.section.as_deref() == Some(title)).collect()
    };
    let stated = runs_of(sections[0]);
    assert_eq!(stated.len(), 4);
    // What lines 37 and 39 of the file say, read off by hand.
    let sharegpt = &stated[0].scenario;
    assert_eq!(
        (sharegpt.dataset.as_deref(), sharegpt.num_prompts, sharegpt.input_len, sharegpt.output_len, sharegpt.request_rate),
        (Some("sharegpt"), Some(10000), None, None, Some(benchsite_model::RequestRate::Inf))
    );
    let inferred_lines = [204, 368, 532];
    for (title, planned_line) in sections[1..].iter().zip(inferred_lines) {
        let runs = runs_of(title);
        assert_eq!(runs.len(), 4, "{title}");
        let first = runs[0];
        assert!(first.client.namespace.is_empty() && first.client.args.is_none(), "{title}: the log states nothing");
        assert_eq!(first.client.planned_input_tokens, stated[0].client.planned_input_tokens, "{title}");
        assert_eq!(first.scenario.dataset, sharegpt.dataset, "{title} dataset");
        assert_eq!(first.scenario.num_prompts, sharegpt.num_prompts, "{title} num_prompts");
        assert_eq!(first.scenario.input_len, sharegpt.input_len, "{title} input_len");
        assert_eq!(first.scenario.output_len, sharegpt.output_len, "{title} output_len");
        assert_eq!(first.scenario.range_ratio, sharegpt.range_ratio, "{title} range_ratio");
        assert_eq!(first.scenario.request_rate, sharegpt.request_rate, "{title} request_rate");
        assert_eq!(first.scenario.max_concurrency, sharegpt.max_concurrency, "{title} max_concurrency");
        assert_eq!(first.source.lines["scenario.dataset"], 39, "{title}: points at the line it came from");
        assert_eq!(first.source.lines["scenario.num_prompts"], 39, "{title}");
        let finding = data
            .findings
            .iter()
            .find(|f| f.code == "scenario-inferred" && f.line == planned_line)
            .unwrap_or_else(|| panic!("{title}: no scenario-inferred finding"));
        assert_eq!(finding.runs, vec![first.id.clone()]);
        assert_eq!((finding.values["from_section"].as_str(), finding.values["from_line"].as_str()), ("Qwen3-8B-FP8", "39"));
        assert!(finding.values["evidence"].contains("2258583") && finding.values["evidence"].contains("1992177"));
        for (slot, (run, want)) in runs.iter().zip(&stated).enumerate().skip(1) {
            assert_eq!(run.scenario, want.scenario, "{title} run {}", slot + 1);
            assert!(run.source.lines["scenario.num_prompts"] > 200, "{title} run {}: stated in its own log", slot + 1);
        }
    }
    assert!(!data.findings.iter().any(|f| f.path == path && f.code == "scenario-differs"));
}

/// Family and precision of every run with a model: dense Qwen3 checkpoints are BF16 from the
/// catalog, `-FP8` models FP8 from their name, gpt-oss MXFP4 from the catalog.
#[test]
fn every_seed_model_has_a_family_and_a_precision() {
    let data = seeds();
    let mut seen = std::collections::BTreeMap::new();
    for run in &data.runs {
        let Some(model) = run.model.as_deref() else {
            assert_eq!((run.family.as_ref(), run.precision.as_ref()), (None, None), "{}: no model, nothing to say", run.id);
            continue;
        };
        let got = (run.family.clone().unwrap(), run.precision.clone().unwrap_or_default(), run.precision_from.clone().unwrap_or_default());
        assert_eq!(seen.entry(model.to_string()).or_insert_with(|| got.clone()), &got, "{}", run.id);
    }
    let want = |f: &str, p: &str, from: &str| (f.to_string(), p.to_string(), from.to_string());
    assert_eq!(seen["Qwen/Qwen3-32B"], want("Qwen3-32B", "BF16", "catalog"));
    assert_eq!(seen["Qwen/Qwen3-32B-FP8"], want("Qwen3-32B", "FP8", "model-name"));
    assert_eq!(seen["Qwen/Qwen3-235B-A22B-FP8"], want("Qwen3-235B-A22B", "FP8", "model-name"));
    assert_eq!(seen["Qwen/Qwen3-30B-A3B"], want("Qwen3-30B-A3B", "BF16", "catalog"));
    assert_eq!(seen["openai/gpt-oss-120b"], want("gpt-oss-120b", "MXFP4", "catalog"));
    assert_eq!(seen["openai/gpt-oss-20b"], want("gpt-oss-20b", "MXFP4", "catalog"));
    assert_eq!(seen.len(), 10, "{seen:?}");
}

/// Every finding code the seeds produce has a title and an explanation in both languages.
#[test]
fn every_seed_finding_has_a_title_in_both_catalogs() {
    let data = seeds();
    for lang in ["zh", "en"] {
        let text = std::fs::read_to_string(content().join(format!("i18n/{lang}.toml"))).unwrap();
        let table = text.parse::<toml::Table>().unwrap();
        for f in &data.findings {
            for section in ["finding", "finding_help"] {
                assert!(table[section].as_table().unwrap().contains_key(f.code.as_str()), "{lang}.toml [{section}] lacks {}", f.code);
            }
        }
    }
}

#[test]
fn raw_sweep_log_runs_carry_their_sweep_and_only_stated_metadata() {
    let data = seeds();
    let raw: Vec<_> = data.runs.iter().filter(|r| r.source.path == "raw/vllm_sweep.log").collect();
    assert!(raw.iter().all(|r| r.framework.as_deref() == Some("vllm") && r.gpu.is_none() && r.model.is_none()));
    let axes: Vec<(String, u32)> = raw.iter().map(|r| r.sweep.as_ref().map(|s| (s.axis.clone(), s.index)).unwrap()).collect();
    assert_eq!(axes[0], ("num_prompts".to_string(), 0));
    assert_eq!(axes[11], ("num_prompts".to_string(), 11));
    assert_eq!(axes[12], ("num_prompts".to_string(), 0));
    assert_eq!(axes[19], ("input_len".to_string(), 0));
    let long = raw[19].sweep.as_ref().unwrap();
    assert_eq!((long.requests, long.input_tokens_per_request), (Some(1), Some(128000.0)));
}

#[test]
fn runs_json_snapshot() {
    let json = serde_json::to_string_pretty(&seeds()).unwrap();
    insta::assert_snapshot!("runs_json", json);
}

/// A vLLM `bench serve` block with its context rows (as in content/vllm/A100_v0.10.1.md).
const BLOCK: &str = "Maximum request concurrency: 32
============ Serving Benchmark Result ============
Successful requests:                     32
Failed requests:                         0
Benchmark duration (s):                  150.87
Total input tokens:                      65536
Total generated tokens:                  65536
Request throughput (req/s):              0.21
Output token throughput (tok/s):         434.40
---------------Time to First Token----------------
Mean TTFT (ms):                          7279.56
P99 TTFT (ms):                           10999.46
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          70.14
---------------Inter-token Latency----------------
Mean ITL (ms):                           70.14
==================================================
";

/// A run as both paths must agree on: without its id, path and finding indices (the
/// browser's file is `local/<name>`), the effective parameters the two apply afterwards,
/// and, for a result file, the framework (the browser has no folder to name it).
fn comparable(run: &benchsite_model::Run, result_file: bool) -> serde_json::Value {
    let mut v = serde_json::to_value(run).unwrap();
    let o = v.as_object_mut().unwrap();
    for key in ["id", "findings"] {
        o.remove(key);
    }
    if result_file {
        o.remove("framework");
    }
    o["source"].as_object_mut().unwrap().remove("path");
    o["params"].as_object_mut().unwrap().remove("effective");
    v
}

/// The CLI reads bytes from a content folder; the browser reads the same file with
/// `File.text()` (UTF-8, byte-order mark dropped) and hands it to the parser module
/// (`viewer-parse`'s `parse_log_json` = `benchsite_ingest::parse_dropped` serialised). For
/// each hostile shape both must give the same runs and the same findings.
#[test]
fn the_cli_and_the_browser_read_the_same_bytes_the_same_way() {
    let prefixed = |p: &str| BLOCK.lines().map(|l| format!("{p}{l}\n")).collect::<String>();
    let jsonl = "{\"backend\": \"sglang\", \"request_rate\": Infinity, \"duration\": 100.0, \"completed\": 500, \"total_output_tokens\": 256000, \"request_throughput\": 5.0, \"output_throughput\": 2560.0, \"mean_ttft_ms\": 200.0, \"std_ttft_ms\": NaN, \"server_info\": {\"completed\": 1}}\n{\"backend\": \"sglang\", \"duration\": 120.0, \"completed\": 500, \"total_output_tokens\": 256000, \"request_throughput\": 4.17, \"output_throughput\": 2133.3, \"mean_ttft_ms\": 150.0}\n";
    let pretty = "{\n  \"server_info\": {\"completed\": 7},\n  \"completed\": 32,\n  \"duration\": 150.87,\n  \"total_output_tokens\": 65536,\n  \"request_throughput\": 0.21,\n  \"mean_ttft_ms\": 7279.56\n}\n";
    let cases: Vec<(&str, String)> = vec![
        ("raw/bom.log", format!("\u{feff}{BLOCK}")),
        ("raw/logging.log", prefixed("2025-08-01 12:00:00,123 INFO ")),
        ("raw/rank.txt", prefixed("[rank0]: ")),
        ("raw/compose.log", prefixed("vllm-1  | ")),
        ("raw/crlf.log", BLOCK.replace('\n', "\r\n")),
        ("raw/folded.md", format!("# Notes\n\n<details>\n<summary>log</summary>\n<pre>\n{BLOCK}</pre>\n</details>\n")),
        ("raw/sglang.jsonl", jsonl.to_string()),
        ("raw/result.json", pretty.to_string()),
        ("vllm/A100_v1.0.md", format!("\u{feff}# vLLM v1.0\n\n## Qwen3-8B\n\n```\n{BLOCK}```\n\n## Qwen3-32B\n\n<details>\n<pre>\n{BLOCK}</pre>\n</details>\n\n## Qwen3-14B\n\n{BLOCK}\nDone.\n")),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in &cases {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text.as_bytes()).unwrap();
    }
    let cli = benchsite::check(dir.path()).expect("content folder readable").data;
    let expected_runs = [1, 1, 1, 1, 1, 1, 2, 1, 3];
    let mut differ = Vec::new();
    for ((rel, text), want) in cases.iter().zip(expected_runs) {
        let result_file = rel.starts_with("vllm/");
        let name = rel.rsplit('/').next().unwrap();
        let browser = benchsite_ingest::parse_dropped(name, text.strip_prefix('\u{feff}').unwrap_or(text));
        let from_cli: Vec<_> = cli.runs.iter().filter(|r| r.source.path == *rel).map(|r| comparable(r, result_file)).collect();
        let from_browser: Vec<_> = browser.runs.iter().map(|r| comparable(r, result_file)).collect();
        let codes = |f: &benchsite_model::Finding| (f.code.clone(), f.line);
        let cli_findings: Vec<_> = cli.findings.iter().filter(|f| f.path == *rel).map(codes).collect();
        let browser_findings: Vec<_> = browser.findings.iter().map(codes).collect();
        if from_cli.len() != want {
            differ.push(format!("{rel}: the CLI read {} run(s), not {want}; findings {cli_findings:?}", from_cli.len()));
        }
        if from_cli != from_browser {
            differ.push(format!("{rel}: CLI runs {from_cli:#?}\nbrowser runs {from_browser:#?}"));
        }
        if cli_findings != browser_findings {
            differ.push(format!("{rel}: CLI findings {cli_findings:?}, browser findings {browser_findings:?}"));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
