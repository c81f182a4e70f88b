//! `cargo xtask bench-site [--runs 1000,10000,100000] [--viewer DIR] [--dir DIR] [--keep] [--timeout S]`:
//! for each size, a generated corpus (`corpus.rs`, seed 1) is built by the release
//! `benchsite build` into a fresh folder; prints one table — wall time, CPU time (user +
//! sys of the build, from GNU time's `wait4`), peak RSS, output size and files — and the
//! growth of time and memory per run from each size to the next (1.00 = linear). A build
//! running past `--timeout` seconds is stopped and shown as such. Numbers only: nothing here asserts on timing.

use std::path::{Path, PathBuf};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIME: &str = "/usr/bin/time";

struct Row {
    runs: u64,
    read: String,
    corpus_s: f64,
    corpus_mb: f64,
    wall_s: f64,
    /// User + sys seconds and peak RSS in KB, when GNU time is there to measure them.
    cpu_s: Option<f64>,
    rss_kb: Option<u64>,
    out_bytes: u64,
    out_files: u64,
}

pub fn bench_site(args: &[String]) -> Result<(), String> {
    let root = crate::root();
    let sizes: Vec<u64> = match crate::flag(args, "--runs") {
        Some(list) => list.split(',').map(|s| s.trim().replace('_', "").parse::<u64>().map_err(|e| format!("--runs {s}: {e}"))).collect::<Result<_, _>>()?,
        None => vec![1_000, 10_000, 100_000],
    };
    let work = crate::flag(args, "--dir").map_or_else(|| root.join("target/bench-site"), PathBuf::from);
    let keep = args.iter().any(|a| a == "--keep");
    let timeout = crate::flag(args, "--timeout").map(|t| t.parse::<f64>().map_err(|e| format!("--timeout {t}: {e}"))).transpose()?;
    // The explorer's package when `cargo xtask site` has made one: the build then writes
    // what the published site holds (without it the explore page embeds every run).
    let viewer = crate::flag(args, "--viewer").map(PathBuf::from).or_else(|| Some(root.join("target/viewer-pkg")).filter(|p| p.join("benchsite_viewer_bg.wasm").exists()));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    crate::run(Command::new(&cargo).current_dir(&root).args(["build", "--locked", "--release", "-p", "benchsite"]))?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let benchsite = target.join("release/benchsite");
    let timed = Path::new(TIME).exists();
    if !timed {
        eprintln!("xtask: {TIME} (GNU time) is missing: CPU time and peak memory are not measured (apt-get install time)");
    }
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let mut rows = Vec::new();
    for &n in &sizes {
        let corpus = work.join(format!("corpus-{n}"));
        let started = Instant::now();
        let stats = crate::corpus::write(&root.join("content"), &corpus, n, 1)?;
        let corpus_s = started.elapsed().as_secs_f64();
        let out = work.join(format!("site-{n}"));
        if out.exists() {
            std::fs::remove_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        }
        let stats_file = work.join(format!("time-{n}.txt"));
        let mut cmd = if timed {
            let mut c = Command::new(TIME);
            c.args(["-f", "%e %U %S %M", "-o"]).arg(&stats_file).arg(&benchsite);
            c
        } else {
            Command::new(&benchsite)
        };
        cmd.arg("build").arg("--content").arg(&corpus).arg("--out").arg(&out);
        if let Some(v) = &viewer {
            cmd.arg("--viewer").arg(v);
        }
        eprintln!("xtask: {n} runs: building with {}", benchsite.display());
        let started = Instant::now();
        let log = work.join(format!("build-{n}.log"));
        let log_file = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
        // Its own process group, so a build past --timeout is ended with GNU time around it.
        let mut child = cmd.stdout(Stdio::null()).stderr(log_file).process_group(0).spawn().map_err(|e| format!("could not start {cmd:?}: {e}"))?;
        let mut hwm_kb = None;
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                break Some(status);
            }
            if timeout.is_some_and(|t| started.elapsed().as_secs_f64() > t) {
                hwm_kb = peak_so_far(child.id());
                let _ = Command::new("kill").args(["-s", "KILL", "--", &format!("-{}", child.id())]).status();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let wall_s = started.elapsed().as_secs_f64();
        let stderr = std::fs::read_to_string(&log).unwrap_or_default();
        let summary = stderr.lines().rev().find(|l| l.starts_with("read ")).unwrap_or("").to_string();
        let Some(status) = status else {
            eprintln!("xtask:   stopped after {wall_s:.0} s (--timeout); peak RSS so far {}", hwm_kb.map_or("unknown".into(), |k| format!("{} MB", k / 1024)));
            rows.push(Row { runs: n, read: "timeout".into(), corpus_s, corpus_mb: stats.bytes as f64 / 1e6, wall_s, cpu_s: None, rss_kb: hwm_kb, out_bytes: 0, out_files: 0 });
            let _ = std::fs::remove_dir_all(&out);
            continue;
        };
        if !status.success() && summary.is_empty() {
            return Err(format!("benchsite build of {n} runs failed ({status}):\n{}", tail(&stderr, 20)));
        }
        eprintln!("xtask:   {summary}");
        let (mut cpu_s, mut rss_kb) = (None, None);
        if timed {
            // `-o` holds the format's line, after a "Command exited with non-zero status" line if any.
            let text = std::fs::read_to_string(&stats_file).unwrap_or_default();
            let fields: Vec<f64> = text.lines().last().unwrap_or("").split_whitespace().filter_map(|w| w.parse().ok()).collect();
            if let [_, user, sys, rss] = fields[..] {
                cpu_s = Some(user + sys);
                rss_kb = Some(rss as u64);
            }
        }
        let (out_bytes, out_files) = du(&out);
        let read = summary.split(':').nth(1).and_then(|s| s.split(',').next()).map_or("?".to_string(), |s| s.trim().trim_end_matches(" runs").to_string());
        // Each size as it is measured, so a long run stopped early still tells what it found.
        eprintln!(
            "xtask:   {n} runs: wall {wall_s:.1} s, cpu {} s, peak RSS {} MB, output {:.1} MB in {out_files} files",
            cpu_s.map_or("n/a".into(), |c| format!("{c:.1}")),
            rss_kb.map_or("n/a".into(), |k| format!("{:.0}", k as f64 / 1024.0)),
            out_bytes as f64 / 1e6
        );
        rows.push(Row { runs: n, read, corpus_s, corpus_mb: stats.bytes as f64 / 1e6, wall_s, cpu_s, rss_kb, out_bytes, out_files });
        if !keep {
            let _ = std::fs::remove_dir_all(&out);
            let _ = std::fs::remove_dir_all(&corpus);
        }
    }
    print_table(&rows, viewer.as_deref());
    Ok(())
}

/// The peak RSS (KB) of the build running under GNU time `pid` (its child), from `/proc`.
fn peak_so_far(pid: u32) -> Option<u64> {
    let children = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
    let build = children.split_whitespace().next().unwrap_or(&pid.to_string()).to_string();
    let status = std::fs::read_to_string(format!("/proc/{build}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Total bytes and number of files under `dir`.
fn du(dir: &Path) -> (u64, u64) {
    let mut total = (0, 0);
    let Ok(entries) = std::fs::read_dir(dir) else { return total };
    for e in entries.filter_map(Result::ok) {
        let Ok(meta) = e.metadata() else { continue };
        if meta.is_dir() {
            let (b, f) = du(&e.path());
            total = (total.0 + b, total.1 + f);
        } else {
            total = (total.0 + meta.len(), total.1 + 1);
        }
    }
    total
}

fn print_table(rows: &[Row], viewer: Option<&Path>) {
    let opt = |x: Option<f64>, digits: usize| x.map_or("n/a".to_string(), |v| format!("{v:.digits$}"));
    println!();
    println!("benchsite build on generated corpora ({}, {} cores)", viewer.map_or("no explorer package".to_string(), |v| format!("--viewer {}", v.display())), cores());
    println!(
        "{:>9} {:>9} {:>10} {:>8} {:>8} {:>11} {:>10} {:>9} {:>10} {:>10}",
        "runs", "read", "corpus MB", "wall s", "cpu s", "peak RSS MB", "out MB", "out files", "µs/run", "KB RSS/run"
    );
    for r in rows {
        let rss_mb = r.rss_kb.map(|k| k as f64 / 1024.0);
        if r.read == "timeout" {
            println!(
                "{:>9} {:>9} {:>10.1} {:>8} {:>8} {:>11} {:>10} {:>9} {:>10} {:>10}",
                r.runs,
                "stopped",
                r.corpus_mb,
                format!(">{:.1}", r.wall_s),
                "n/a",
                rss_mb.map_or("n/a".into(), |m| format!("≥{m:.0}")),
                "-",
                "-",
                format!(">{:.0}", r.wall_s * 1e6 / r.runs as f64),
                "n/a"
            );
            continue;
        }
        println!(
            "{:>9} {:>9} {:>10.1} {:>8.2} {:>8} {:>11} {:>10.1} {:>9} {:>10.1} {:>10}",
            r.runs,
            r.read,
            r.corpus_mb,
            r.wall_s,
            opt(r.cpu_s, 2),
            opt(rss_mb, 0),
            r.out_bytes as f64 / 1e6,
            r.out_files,
            r.wall_s * 1e6 / r.runs as f64,
            opt(r.rss_kb.map(|k| k as f64 / r.runs as f64), 2),
        );
    }
    println!("(corpus written in {} s)", rows.iter().map(|r| format!("{:.1}", r.corpus_s)).collect::<Vec<_>>().join(" / "));
    if rows.len() > 1 {
        println!("growth per run from one size to the next (1.00 = linear; time is wall, memory peak RSS, output bytes):");
        for w in rows.windows(2).filter(|w| w[0].read != "timeout" && w[1].read != "timeout") {
            let scale = w[1].runs as f64 / w[0].runs as f64;
            let per = |a: f64, b: f64| if a > 0.0 { format!("{:.2}", b / a / scale) } else { "n/a".to_string() };
            let rss = match (w[0].rss_kb, w[1].rss_kb) {
                (Some(a), Some(b)) => per(a as f64, b as f64),
                _ => "n/a".to_string(),
            };
            let cpu = match (w[0].cpu_s, w[1].cpu_s) {
                (Some(a), Some(b)) => per(a, b),
                _ => "n/a".to_string(),
            };
            println!(
                "  {} → {} runs (×{scale:.0}): time ×{:.1} (per run {}), cpu per run {cpu}, memory per run {rss}, output per run {}",
                w[0].runs,
                w[1].runs,
                w[1].wall_s / w[0].wall_s,
                per(w[0].wall_s, w[1].wall_s),
                per(w[0].out_bytes as f64, w[1].out_bytes as f64),
            );
        }
    }
    println!("targets (issue 11): 100,000 runs ≤ 10 s and < 1 GB; 1,000,000 runs ≤ 100 s and < 2 GB; time linear in runs");
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
