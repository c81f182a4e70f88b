//! The `benchsite` binary on content folders written to break it: empty, binary, invalid
//! UTF-8, truncated and huge files, a folder with a single log and no docs. Each test gets
//! its own temporary directory.

use std::path::Path;
use std::process::{Command, Output};

fn benchsite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchsite")).args(args).output().expect("benchsite runs")
}

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

const BLOCK: &str = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\n-----Time per Output Token (excl. 1st token)------\nMean TPOT (ms): 20.0\n---------------Inter-token Latency----------------\nMean ITL (ms): 20.0\n==================================================\n";

fn runs_json(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("data/runs.json")).unwrap()).unwrap()
}

#[test]
fn builds_a_folder_holding_a_single_log() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "one.log", BLOCK.as_bytes());
    let o = benchsite(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let data = runs_json(&out);
    assert_eq!(data["schema"], "1.0");
    assert_eq!(data["runs"][0]["metrics"]["ttft_ms"]["mean"], 10.5);
    assert_eq!(data["runs"][0]["derived"]["interactivity"], 50.0);
    assert!(String::from_utf8_lossy(&o.stderr).contains("read 1 files: 1 runs, 0 errors"));
}

#[test]
fn hostile_files_become_findings_and_good_ones_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("c");
    write(&content, "good.log", BLOCK.as_bytes());
    write(&content, "empty.log", b"");
    write(&content, "binary.bin", &[0x7f, b'E', b'L', b'F', 0, 0, 1, 2, 0xff]);
    let mut latin1 = BLOCK.as_bytes().to_vec();
    latin1.splice(60..60, [b'\n', 0xe9, 0xe8, b'\n']);
    write(&content, "latin1.log", &latin1);
    write(&content, "truncated.log", &BLOCK.as_bytes()[..BLOCK.len() / 2]);
    write(&content, "placeholder.txt", BLOCK.replace("10.5", "xxx").as_bytes());
    let mut huge = String::with_capacity(12 << 20);
    while huge.len() < (12 << 20) {
        huge.push_str("INFO some server noise: 1234 tokens in flight, nothing to see\n");
    }
    huge.push_str(BLOCK);
    write(&content, "huge.log", huge.as_bytes());
    let o = benchsite(&["check", "--content", content.to_str().unwrap(), "--format", "json"]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let findings: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let codes: Vec<String> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| format!("{}:{}:{}", f["code"].as_str().unwrap(), f["path"].as_str().unwrap(), f["line"]))
        .collect();
    assert!(codes.contains(&"binary-file:binary.bin:0".to_string()), "{codes:?}");
    assert!(codes.contains(&"invalid-utf8:latin1.log:3".to_string()), "{codes:?}");
    assert!(codes.contains(&"placeholder-value:placeholder.txt:6".to_string()), "{codes:?}");
    assert!(codes.iter().any(|c| c.starts_with("partial-block:truncated.log")), "{codes:?}");
    assert_eq!(o.status.code(), Some(1), "errors fail the check");
    let stderr = String::from_utf8_lossy(&o.stderr);
    // good, latin1, truncated, huge and the half-filled placeholder each keep their run.
    assert!(stderr.contains("5 runs"), "{stderr}");
}

#[test]
fn strict_fails_on_warnings_and_plain_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("c");
    write(&content, "cut.log", &BLOCK.as_bytes()[..BLOCK.len() - 60]);
    let c = content.to_str().unwrap();
    assert_eq!(benchsite(&["check", "--content", c]).status.code(), Some(0));
    assert_eq!(benchsite(&["check", "--content", c, "--strict"]).status.code(), Some(1));
    let missing = benchsite(&["check", "--content", dir.path().join("nope").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("does not exist"));
}

#[test]
fn human_diagnostics_name_the_file_line_and_show_it() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("c");
    write(&content, "raw/p.log", BLOCK.replace("20.0\n---", "TBD\n---").as_bytes());
    let o = benchsite(&["check", "--content", content.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("warning[placeholder-value]"), "{stderr}");
    assert!(stderr.contains("raw/p.log:8:1"), "{stderr}");
    assert!(stderr.contains("Mean TPOT (ms): TBD"), "{stderr}");
}

#[test]
fn rebuild_replaces_output_and_failed_build_keeps_the_old_one() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "a.log", BLOCK.as_bytes());
    let args = ["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()];
    assert!(benchsite(&args).status.success());
    write(&out, "stale.html", b"old");
    assert!(benchsite(&args).status.success());
    assert!(!out.join("stale.html").exists(), "files that no longer belong are gone");
    let first = std::fs::read(out.join("data/runs.json")).unwrap();
    assert!(benchsite(&args).status.success());
    assert_eq!(first, std::fs::read(out.join("data/runs.json")).unwrap(), "byte-identical rebuild");
    // A build that cannot run (missing content) leaves the previous output untouched.
    let missing = dir.path().join("missing");
    let bad = ["build", "--content", missing.to_str().unwrap(), "--out", out.to_str().unwrap()];
    assert_eq!(benchsite(&bad).status.code(), Some(2));
    assert_eq!(first, std::fs::read(out.join("data/runs.json")).unwrap());
}

/// Kills the server when the test ends, passed or failed.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A plain HTTP/1.0 GET on 127.0.0.1; returns the status line and the body.
fn get(addr: &str, path: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("server listens");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    (head.lines().next().unwrap_or("").to_string(), body.to_string())
}

#[test]
fn serve_answers_on_localhost_and_rebuilds_when_content_changes() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "first.log", BLOCK.as_bytes());
    let child = Command::new(env!("CARGO_BIN_EXE_benchsite"))
        .args(["serve", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap(), "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut child = Child(child);
    let mut line = String::new();
    std::io::BufReader::new(child.0.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("http://").nth(1).and_then(|s| s.split('/').next()).unwrap_or_else(|| panic!("no address in {line:?}")).to_string();
    let (status, body) = get(&addr, "/en/");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("first.log") && !body.contains("second.log"));
    // Live reload: every page loads the script with the build it was served from.
    assert!(body.contains(r#"<script src="/__benchsite/reload.js?build=1" defer></script>"#), "no live-reload script in the page");
    assert_eq!(get(&addr, "/__benchsite/build").1, "1");
    assert!(get(&addr, "/__benchsite/reload.js").1.contains("location.reload()"));
    assert!(!std::fs::read_to_string(out.join("en/index.html")).unwrap().contains("__benchsite"), "the script must not reach the built site");
    assert!(get(&addr, "/en/no-such-page/").0.contains("404"));
    assert!(get(&addr, "/../../etc/passwd").0.contains("404"));
    write(&content, "second.log", BLOCK.as_bytes());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        if get(&addr, "/en/").1.contains("second.log") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no rebuild within 30 s of a content change");
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    // The number moves when the build has returned, a moment after its pages are in place.
    while get(&addr, "/__benchsite/build").1 != "2" {
        assert!(std::time::Instant::now() < deadline, "the build number did not move to 2: open pages would not reload");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The model catalog: a valid entry gives precision to runs that state none; a malformed
/// catalog is a finding with its file and line, and the build goes on without it.
#[test]
fn model_catalog_fills_precision_and_a_malformed_one_is_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    let log = format!("Namespace(backend='vllm', model='Qwen/Qwen3-32B', dataset_name='random', num_prompts=4)\n{BLOCK}");
    write(&content, "one.log", log.as_bytes());
    let catalog = "[[model]]\nfamily = \"Qwen3-32B\"\nprecision = \"bf16\"\nparameters_billion = 32.8\nsource = \"https://huggingface.co/Qwen/Qwen3-32B\"\n";
    write(&content, "models.toml", catalog.as_bytes());
    let build = || benchsite(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let o = build();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let data = runs_json(&out);
    assert_eq!(data["runs"].as_array().unwrap().len(), 1, "models.toml is not scanned for results");
    let run = &data["runs"][0];
    assert_eq!((&run["family"], &run["precision"], &run["precision_from"]), (&serde_json::json!("Qwen3-32B"), &serde_json::json!("BF16"), &serde_json::json!("catalog")));

    write(&content, "models.toml", b"[[model]]\nfamily = \"Qwen3-32B\"\nprecision = \n");
    let o = build();
    assert!(out.join("data/runs.json").exists());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("models-invalid") && stderr.contains("models.toml:3"), "{stderr}");
    let data = runs_json(&out);
    assert_eq!(data["runs"][0]["precision"], serde_json::Value::Null, "nothing else states a precision");
    let f = data["findings"].as_array().unwrap().iter().find(|f| f["code"] == "models-invalid").expect("finding in runs.json");
    assert_eq!((&f["path"], &f["line"]), (&serde_json::json!("models.toml"), &serde_json::json!(3)));
}

/// The GPU table in `content/tuning/gpus.toml` decides memory-based defaults (SGLang's
/// `--mem-fraction-static` on an H800); a malformed one is a finding with its line, and the
/// built-in table decides instead.
#[test]
fn gpu_table_from_content_decides_memory_defaults_and_a_malformed_one_is_a_finding() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("content");
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    for f in ["sglang/H800_v0.5.1.md", "tuning/parameters.toml"] {
        write(&content, f, &std::fs::read(repo.join(f)).unwrap());
    }
    let build = || benchsite(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let fraction = |data: &serde_json::Value| -> Vec<String> {
        let mut v: Vec<String> = data["runs"].as_array().unwrap().iter().flat_map(|r| r["params"]["effective"].as_array().cloned().unwrap_or_default()).filter(|e| e["flag"] == "--mem-fraction-static").map(|e| e["value"].to_string()).collect();
        v.sort();
        v.dedup();
        v
    };
    assert!(build().status.success());
    let builtin = fraction(&runs_json(&out));
    assert!(!builtin.is_empty(), "no --mem-fraction-static resolved on H800");
    let table = std::fs::read_to_string(repo.join("tuning/gpus.toml")).unwrap().replace("memory_gib = [80]", "memory_gib = [40]");
    write(&content, "tuning/gpus.toml", table.as_bytes());
    assert!(build().status.success());
    assert_ne!(fraction(&runs_json(&out)), builtin, "a 40 GiB H800 in the content's table changes the default");
    write(&content, "tuning/gpus.toml", b"[[gpu]]\nname = \"H800\"\nmemory_gib = [\n");
    let o = build();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("gpus-invalid") && stderr.contains("tuning/gpus.toml:"), "{stderr}");
    assert_eq!(fraction(&runs_json(&out)), builtin, "the built-in table decides instead");
}

/// A file nothing reads is named (a page in one language outside `docs/`, a sidecar whose
/// file is missing), and a result file with a language suffix is read as a result file.
#[test]
fn skipped_files_are_named_and_a_language_suffixed_result_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "vllm/A100_v1.0.zh.md", format!("## Qwen3-8B\n\n```text\n{BLOCK}```\n").as_bytes());
    write(&content, "notes.zh.md", b"# Notes\n");
    write(&content, "raw/gone.log.meta.toml", b"framework = \"vllm\"\n");
    let o = benchsite(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let data = runs_json(&out);
    let runs = data["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert_eq!((&runs[0]["framework"], &runs[0]["framework_version"], &runs[0]["gpu"]), (&serde_json::json!("vllm"), &serde_json::json!("1.0"), &serde_json::json!("A100")));
    let skipped: Vec<&str> = data["findings"].as_array().unwrap().iter().filter(|f| f["code"] == "skipped-file").map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(skipped, ["notes.zh.md", "raw/gone.log.meta.toml"]);
    // No page for a file nothing read.
    assert!(!out.join("en/results/notes.zh/index.html").exists());
}

/// A path with an escape sequence in an error message reaches the terminal as text.
#[test]
fn error_messages_show_control_characters_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("c\u{1b}]0;pwned\u{7}\u{1b}[31m");
    let o = benchsite(&["build", "--content", content.to_str().unwrap(), "--out", dir.path().join("o").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!stderr.contains('\u{1b}') && !stderr.contains('\u{7}'), "{stderr:?}");
    assert!(stderr.contains("\\u{1b}"), "{stderr}");
}

/// A README showing the output's shape with placeholders beside a real log: the build
/// succeeds with the log's run, the template is a note; a tool benchsite cannot read yet is
/// named with `results-not-read` instead of vanishing.
#[test]
fn template_readme_does_not_fail_the_build_and_unread_results_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    let template = BLOCK.replace("4\n", "<value>\n").replace("2.00\n", "<value>\n").replace("10.5", "xxx").replace("20.0", "{tpot}");
    write(&content, "README.md", format!("# How to run\n\n```\n{template}```\n").as_bytes());
    write(&content, "good.log", BLOCK.as_bytes());
    // Sample: defai-digital/mlx-serving's report, raw statistics of a tool benchsite does not read.
    write(&content, "mlx.txt", b"Mean TTFT:            104.99 ms\nMean Throughput:      120.27 tok/s\n");
    let o = benchsite(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let data = runs_json(&out);
    let runs = data["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{runs:#?}");
    assert_eq!(runs[0]["source"]["path"], "good.log");
    let codes: Vec<String> = data["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| format!("{}:{}:{}:{}", f["severity"].as_str().unwrap(), f["code"].as_str().unwrap(), f["path"].as_str().unwrap(), f["line"]))
        .collect();
    assert!(codes.contains(&"info:template-block:README.md:4".to_string()), "{codes:?}");
    assert!(codes.contains(&"warning:results-not-read:mlx.txt:1".to_string()), "{codes:?}");
    assert!(!codes.iter().any(|c| c.starts_with("error:")), "{codes:?}");
}

/// `names.toml` maps the content's spellings to one name; a broken table is a finding with
/// its line and the built-in names apply.
#[test]
fn name_table_maps_gpu_and_framework_spellings_and_a_broken_one_is_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("c"), dir.path().join("o"));
    write(&content, "raw/a.log", BLOCK.as_bytes());
    write(&content, "raw/a.log.meta.toml", b"framework = \"SGLang\"\ngpu = \"NVIDIA A100 80GB PCIe\"\n");
    write(&content, "names.toml", b"[gpu]\nA100-80G = [\"NVIDIA A100 80GB PCIe\"]\n");
    let args = ["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()];
    let o = benchsite(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let run = &runs_json(&out)["runs"][0];
    assert_eq!((run["gpu"].as_str(), run["framework"].as_str()), (Some("A100-80G"), Some("SGLang")), "the content's table replaces the built-in one");
    write(&content, "names.toml", b"[gpu]\nA100 = [\"x\"\n");
    let o = benchsite(&args);
    let data = runs_json(&out);
    let names: Vec<&serde_json::Value> = data["findings"].as_array().unwrap().iter().filter(|f| f["path"] == "names.toml").collect();
    assert_eq!((names[0]["code"].as_str(), names[0]["line"].as_u64()), (Some("names-invalid"), Some(3)), "{names:?}");
    assert_eq!((data["runs"][0]["gpu"].as_str(), data["runs"][0]["framework"].as_str()), (Some("A100"), Some("sglang")));
    assert_eq!(o.status.code(), Some(1), "a table that cannot be read is an error; the site is still written");
}
