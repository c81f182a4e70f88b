//! The real seed files in `content/`: all 95 runs, every number traceable to its line, and
//! the findings the data's known flaws must produce. The whole `runs.json` is a reviewed
//! snapshot (`cargo insta review` after an intended change).

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
    assert_eq!(data.runs.len(), 95);
    let per_file = |p: &str| data.runs.iter().filter(|r| r.source.path == p).count();
    assert_eq!(per_file("lmdeploy/H800_v0.10.0.md"), 24);
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
    assert!(checked > 95 * 15, "only {checked} values checked");
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
