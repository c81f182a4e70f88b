//! `benchsite serve` after edits, on a copy of the real `content/`, over real HTTP on
//! 127.0.0.1: an edited number shows on its page and in `runs.json`, pages the edit does not
//! touch are not written again, a deleted file's page disappears, a broken file is reported
//! and the preview goes on serving. After every edit the served folder must equal, byte for
//! byte, what a fresh `benchsite build` of the same content writes: a rebuild that skipped a
//! page it should have rewritten shows here.

use benchsite::build::{build, BuildOptions};
use benchsite::serve::{serve, ServeOptions};
use benchsite_model::Severity;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let dest = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// Writes a file as editors save one: a hidden file beside it, renamed over it, so the
/// watcher never sees it half written.
fn save(root: &Path, rel: &str, bytes: &[u8]) {
    let tmp = root.join(".saving");
    std::fs::write(&tmp, bytes).unwrap();
    std::fs::rename(&tmp, root.join(rel)).unwrap();
}

/// Per build: whether it was a rebuild of the edited files only, and its errors.
type Report = (bool, Vec<String>);

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Status and body of a GET; status 0 while the preview does not listen yet (it does after
/// the first build).
fn get(port: u16, path: &str) -> (u16, String) {
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else { return (0, String::new()) };
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").unwrap();
    let mut got = Vec::new();
    stream.read_to_end(&mut got).unwrap();
    let text = String::from_utf8_lossy(&got).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Waits until the build number is past `seen` (a rebuild was announced) and returns it.
fn next_build(port: u16, seen: u64) -> u64 {
    let started = Instant::now();
    loop {
        if let (200, n) = get(port, "/__benchsite/build") {
            let n: u64 = n.trim().parse().unwrap_or(0);
            if n > seen {
                return n;
            }
        }
        assert!(started.elapsed() < Duration::from_secs(120), "no rebuild was announced within 120 s after build {seen}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Every file of a folder: modification time and bytes.
fn snapshot(root: &Path) -> BTreeMap<String, (SystemTime, Vec<u8>)> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            (rel, (e.metadata().unwrap().modified().unwrap(), std::fs::read(e.path()).unwrap()))
        })
        .collect()
}

/// Small explorer shards, so that an edit moves runs between several of them.
const SHARD_RUNS: usize = 40;

/// The served folder holds exactly what a full build of the same content writes.
fn assert_same_as_full_build(content: &Path, served: &Path, after: &str) {
    let full = served.with_file_name(format!("full-{}", after.replace(' ', "-")));
    build(&BuildOptions { content: content.to_path_buf(), out: full.clone(), www: None, base_url: None, viewer: None, explore_shard_runs: Some(SHARD_RUNS) }).expect("the full build runs");
    let (a, b) = (snapshot(served), snapshot(&full));
    let names = |s: &BTreeMap<String, (SystemTime, Vec<u8>)>| s.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b), "after {after}, the served folder and a full build hold different files");
    for (rel, (_, bytes)) in &a {
        assert!(bytes == &b[rel].1, "after {after}, {rel} differs from what a full build writes");
    }
    std::fs::remove_dir_all(&full).unwrap();
}

#[test]
fn edits_rewrite_what_they_touch_and_the_preview_equals_a_full_build() {
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("content"), dir.path().join("out"));
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../content"), &content);
    let port = free_port();
    let reports: Arc<Mutex<Vec<Report>>> = Arc::default();
    let log = reports.clone();
    let opts = ServeOptions { build: BuildOptions { content: content.clone(), out: out.clone(), www: None, base_url: None, viewer: None, explore_shard_runs: Some(SHARD_RUNS) }, port };
    std::thread::spawn(move || {
        serve(opts, move |result| {
            let outcome = result.expect("every build of this content succeeds");
            let errors: Vec<String> = outcome.data.findings.iter().filter(|f| f.severity == Severity::Error).map(|f| format!("{} {}", f.path, f.code)).collect();
            let partial = outcome.notices.iter().any(|n| n.starts_with("rebuilt after an edit"));
            log.lock().unwrap().push((partial, errors));
        })
    });
    let build = next_build(port, 0);
    assert_same_as_full_build(&content, &out, "the first build");
    let partial = || reports.lock().unwrap().last().is_some_and(|r| r.0);

    // A number edited in one result file.
    let edited = "vllm/A100_v0.10.1.md";
    let text = std::fs::read_to_string(content.join(edited)).unwrap();
    assert!(text.contains("Mean TTFT (ms):                          275009.37"), "the seed changed; pick another number");
    let before = snapshot(&out);
    save(&content, edited, text.replace("275009.37", "275123.45").as_bytes());
    let build = next_build(port, build);
    let (status, page) = get(port, "/en/results/vllm/A100_v0.10.1/");
    assert_eq!(status, 200);
    // Shown in s, with the printed ms in the cell's title (the line itself is on the source page).
    assert!(page.contains("275,123.45 ms") && !page.contains("275,009.37 ms"), "the result page does not show the edited number");
    let (_, source) = get(port, "/source/vllm/A100_v0.10.1/");
    assert!(source.contains("275123.45") && !source.contains("275009.37"), "the source page does not show the edited line");
    let (_, runs) = get(port, "/data/runs.json");
    assert!(runs.contains("275123.45") && !runs.contains("275009.37"), "runs.json does not hold the edited number");
    let after = snapshot(&out);
    let untouched = ["en/results/lmdeploy/H800_v0.10.0/index.html", "zh/results/sglang/A100_v0.5.1/index.html", "source/lmdeploy/H800_v0.10.0/index.html", "en/methodology/index.html", "404.html"];
    for rel in untouched {
        assert!(before[rel] == after[rel], "{rel} was written again (time or bytes), though the edit does not touch it");
    }
    let rewritten = after.iter().filter(|(rel, now)| before.get(*rel) != Some(now)).count();
    assert!(rewritten < after.len() / 3, "{rewritten} of {} files were written again for one edited number", after.len());
    assert!(partial(), "the edited number was not a rebuild of its file only");
    assert_same_as_full_build(&content, &out, "an edited number");

    // A deleted file: its page disappears, its runs leave runs.json.
    // The first of its framework's (version, GPU) pairs: the shades of the others move.
    std::fs::remove_file(content.join("sglang/A100_v0.5.1.md")).unwrap();
    let build = next_build(port, build);
    assert_eq!(get(port, "/en/results/sglang/A100_v0.5.1/").0, 404);
    assert_eq!(get(port, "/source/sglang/A100_v0.5.1/").0, 404);
    assert!(!get(port, "/data/runs.json").1.contains("sglang/A100_v0.5.1.md"));
    assert!(partial(), "the deletion was not a rebuild of what the file touched");
    assert_same_as_full_build(&content, &out, "a deleted file");

    // A broken file: reported as an error; the preview goes on serving the rest.
    let broken = "lmdeploy/A100_v0.9.2.md";
    save(&content, broken, b"\0\0\0 not a log");
    let build = next_build(port, build);
    let reported = reports.lock().unwrap().last().cloned().unwrap();
    assert!(reported.1.iter().any(|e| e.starts_with(broken)), "no error reported for the broken file: {:?}", reported.1);
    assert_eq!(get(port, "/en/").0, 200);
    assert!(partial(), "the broken file was not a rebuild of its file only");
    assert_same_as_full_build(&content, &out, "a broken file");

    // A sidecar stating a version and GPU: the raw log's runs become vLLM 0.10.1 on an A10,
    // which sorts first among vLLM's (version, GPU) pairs and so moves the shade of the series
    // on both vLLM result pages, whose files did not change.
    let sidecar = "raw/vllm_sweep.log.meta.toml";
    let text = std::fs::read_to_string(content.join(sidecar)).unwrap();
    save(&content, sidecar, text.replace("framework = \"vllm\"", "framework = \"vllm\"\nversion = \"0.10.1\"\ngpu = \"A10\"").as_bytes());
    let build = next_build(port, build);
    assert!(partial(), "the sidecar edit was not a rebuild of its file only");
    assert_same_as_full_build(&content, &out, "a sidecar edit");

    // All back: the pages come back.
    save(&content, broken, &std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../content").join(broken)).unwrap());
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/sglang"), &content.join("sglang"));
    save(&content, sidecar, text.as_bytes());
    let _ = next_build(port, build);
    assert_eq!(get(port, "/en/results/sglang/A100_v0.5.1/").0, 200);
    wait_settled(port);
    assert!(partial(), "restoring the files was not a rebuild of those files only");
    assert_same_as_full_build(&content, &out, "the files restored");
    assert!(reports.lock().unwrap().last().unwrap().1.is_empty(), "errors remain after the broken file was restored");
}

/// Two edits may land in one rebuild or two: waits until no rebuild follows for a second.
fn wait_settled(port: u16) {
    let mut seen = get(port, "/__benchsite/build").1.trim().parse::<u64>().unwrap_or(0);
    loop {
        std::thread::sleep(Duration::from_millis(1000));
        let now = get(port, "/__benchsite/build").1.trim().parse::<u64>().unwrap_or(0);
        if now == seen {
            return;
        }
        seen = now;
    }
}
