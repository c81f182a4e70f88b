//! Helpers the CLI test files share: run the binary, write files, read what a build wrote.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const BLOCK: &str = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\n-----Time per Output Token (excl. 1st token)------\nMean TPOT (ms): 20.0\n---------------Inter-token Latency----------------\nMean ITL (ms): 20.0\n==================================================\n";

pub fn benchsite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchsite")).args(args).output().expect("benchsite runs")
}

/// Runs `benchsite` and kills it when it has not finished within `limit` (a read that
/// blocks must fail the test, not hang it).
pub fn benchsite_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_benchsite"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("benchsite starts");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("benchsite {args:?} still ran after {limit:?}: a read blocked the build");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("output")
}

pub fn build(content: &Path, out: &Path) -> Output {
    benchsite(&["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()])
}

pub fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn runs_json(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("data/runs.json")).unwrap()).unwrap()
}

/// Every file below `root` (links not followed), as sorted `/`-separated relative paths.
pub fn files(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path: PathBuf = entry.unwrap().path();
            if path.symlink_metadata().unwrap().is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// Every file below `root` whose bytes contain `needle`.
pub fn files_containing(root: &Path, needle: &str) -> Vec<String> {
    files(root).into_iter().filter(|f| String::from_utf8_lossy(&std::fs::read(root.join(f)).unwrap_or_default()).contains(needle)).collect()
}
