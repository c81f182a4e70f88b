//! `cargo xtask fuzz [TARGET] [--seconds N]`: runs the `cargo fuzz` targets in `fuzz/`
//! (readers, any content file, the explorer's data, URL state, docs renderer) for N seconds each (default 60), then prints per
//! target the executions, executions per second, corpus growth and any failure.
//!
//! It installs what it needs: a nightly toolchain (`rustup toolchain install nightly`) and
//! `cargo-fuzz` (`cargo install cargo-fuzz`); when either cannot be had, it says so and
//! points at the stable property tests that check the same properties. Seeds are cut from
//! `content/` at run time (a result block, a section, a doc section per file) and joined
//! with the checked-in ones in `fuzz/seeds/<target>/`; what libFuzzer finds goes to
//! `fuzz/corpus/<target>/` (kept between runs, not committed) and failing inputs to
//! `fuzz/artifacts/<target>/`. Not part of CI: it needs nightly and it takes time.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every target, and where its seeds come from in `content/` (files with these endings).
/// `ingest_any` and `explore_data` take a path line before the bytes ([`seed_with_paths`]).
const TARGETS: [(&str, &[&str]); 7] = [
    ("ingest_log", &[".log", ".txt", ".sh"]),
    ("ingest_result_md", &[".md"]),
    ("ingest_json", &[".json", ".jsonl"]),
    ("ingest_any", &[".md", ".log", ".txt", ".json", ".jsonl", ".csv", ".yaml", ".yml", ".html"]),
    ("explore_data", &[".md", ".log"]),
    ("view_state_query", &[]),
    ("docs_render", &[".en.md", ".zh.md"]),
];

/// Seeds stay small: libFuzzer mutates small inputs far faster, and every format's
/// interesting part (a block, a section) fits.
const SEED_BYTES: usize = 6 * 1024;

pub fn fuzz(args: &[String], root: &Path) -> Result<(), String> {
    let seconds: u64 = match super::flag(args, "--seconds") {
        Some(s) => s.parse().map_err(|_| format!("--seconds {s}: not a whole number of seconds"))?,
        None => 60,
    };
    let named: Vec<&str> = args.iter().enumerate().filter(|(i, a)| !a.starts_with("--") && (*i == 0 || args[i - 1] != "--seconds")).map(|(_, a)| a.as_str()).collect();
    let targets: Vec<&(&str, &[&str])> = match named.as_slice() {
        [] => TARGETS.iter().collect(),
        names => names
            .iter()
            .map(|n| TARGETS.iter().find(|(t, _)| t == n).ok_or_else(|| format!("no fuzz target {n}; the targets are {}", TARGETS.map(|(t, _)| t).join(", "))))
            .collect::<Result<_, _>>()?,
    };
    ensure_nightly()?;
    ensure_cargo_fuzz()?;
    let mut reports = Vec::new();
    for (target, endings) in targets {
        let seeds = seed(root, target, endings)?;
        super::run(cargo_fuzz(root).args(["build", "--sanitizer", "none", target]))?;
        reports.push(run_target(root, target, &seeds, seconds)?);
    }
    println!("\n{:<18} {:>12} {:>8} {:>10} {:>8}  result", "target", "executions", "seconds", "exec/s", "corpus");
    for r in &reports {
        println!("{:<18} {:>12} {:>8} {:>10} {:>8}  {}", r.target, r.execs, r.seconds, r.per_second, r.corpus, r.failure.as_deref().unwrap_or("no failure"));
    }
    let failed: Vec<&str> = reports.iter().filter(|r| r.failure.is_some()).map(|r| r.target.as_str()).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} found a failure; the input is in fuzz/artifacts/<target>/. Replay it with `cargo +nightly fuzz run <target> <file>`, fix the cause and add a regression test",
            failed.join(", ")
        ))
    }
}

/// `cargo fuzz` on the nightly toolchain, from the repository root. The outer cargo's
/// variables are removed so that the nightly cargo and rustc are the ones used.
fn cargo_fuzz(root: &Path) -> Command {
    let mut cmd = super::toolchain_command("nightly", "cargo");
    cmd.current_dir(root).arg("fuzz").env_remove("CARGO_TARGET_DIR");
    cmd
}

fn works(cmd: &mut Command) -> bool {
    cmd.stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

fn ensure_nightly() -> Result<(), String> {
    if works(Command::new("rustup").args(["run", "nightly", "rustc", "--version"])) {
        return Ok(());
    }
    eprintln!("xtask: cargo fuzz needs a nightly toolchain; installing one");
    super::run(Command::new("rustup").args(["toolchain", "install", "nightly", "--profile", "minimal"])).map_err(|e| {
        format!("{e}.\nA nightly toolchain could not be installed, and cargo fuzz needs one. Install it by hand (`rustup toolchain install nightly`), or check the same properties on stable: `cargo test -p benchsite-tests --test properties`")
    })
}

fn cargo_fuzz_works() -> bool {
    works(Command::new("rustup").args(["run", "nightly", "cargo", "fuzz", "--version"]).env_remove("CARGO"))
}

fn ensure_cargo_fuzz() -> Result<(), String> {
    if cargo_fuzz_works() {
        return Ok(());
    }
    eprintln!("xtask: cargo-fuzz is not installed; installing it (a few minutes)");
    super::run(Command::new("cargo").args(["install", "cargo-fuzz", "--locked"]).env_remove("CARGO"))
        .map_err(|e| format!("{e}.\ncargo-fuzz could not be installed. Install it by hand (`cargo install cargo-fuzz`), or check the same properties on stable: `cargo test -p benchsite-tests --test properties`"))?;
    if cargo_fuzz_works() {
        Ok(())
    } else {
        Err("cargo-fuzz was installed but `cargo +nightly fuzz --version` still fails; is ~/.cargo/bin on the PATH?".into())
    }
}

/// Writes the seeds of `target` into `target/fuzz-seeds/<target>/`: the checked-in ones and
/// pieces of every content file with one of `endings`.
fn seed(root: &Path, target: &str, endings: &[&str]) -> Result<PathBuf, String> {
    let dir = root.join("target/fuzz-seeds").join(target);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut n = 0;
    let mut write = |bytes: &[u8]| -> Result<(), String> {
        n += 1;
        std::fs::write(dir.join(format!("seed-{n:04}")), bytes).map_err(|e| e.to_string())
    };
    for file in files(&root.join("fuzz/seeds").join(target)) {
        write(&std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?)?;
    }
    if matches!(target, "ingest_any" | "explore_data") {
        return seed_with_paths(root, target, endings, &dir, files(&dir).len());
    }
    for file in files(&root.join("content")) {
        let name = file.to_string_lossy();
        let is_doc = name.contains("/docs/");
        let wanted = endings.iter().any(|e| name.ends_with(e)) && (is_doc == (target == "docs_render"));
        if !wanted {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        for piece in pieces(&text) {
            write(piece.as_bytes())?;
        }
    }
    Ok(dir)
}

/// The seeds of the targets whose input is `<path>\n<bytes>` (`fuzz/src/properties.rs`,
/// `split_path`): every real sample the readers are tested on (`ingest/tests/fixtures`,
/// whole, under `raw/` with its own file name, which some readers look at) and pieces of
/// every scanned content file under its content path. `explore_data` also gets each seed
/// followed by a NUL and one edit of the written data.
fn seed_with_paths(root: &Path, target: &str, endings: &[&str], dir: &Path, mut n: usize) -> Result<PathBuf, String> {
    let mut write = |path: &str, bytes: &[u8]| -> Result<(), String> {
        let mut seed = format!("{path}\n").into_bytes();
        seed.extend_from_slice(bytes);
        let mut variants = vec![seed.clone()];
        if target == "explore_data" {
            seed.extend_from_slice(&[0, 3, 1, 40, 0, b'9']);
            variants.push(seed);
        }
        for v in variants {
            n += 1;
            std::fs::write(dir.join(format!("seed-{n:04}")), v).map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let wanted = |name: &str| endings.iter().any(|e| name.ends_with(e));
    let fixtures = root.join("ingest/tests/fixtures");
    for file in files(&fixtures) {
        let name = file.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if !wanted(&name) {
            continue;
        }
        let bytes = without_source_line(&name, std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?);
        if bytes.len() <= SEED_BYTES + 1024 {
            write(&format!("raw/{name}"), &bytes)?;
        } else if let Ok(text) = std::str::from_utf8(&bytes) {
            for piece in pieces(text) {
                write(&format!("raw/{name}"), piece.as_bytes())?;
            }
        }
    }
    let content = root.join("content");
    for file in files(&content) {
        let rel = file.strip_prefix(&content).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        let scanned = !["docs/", "i18n/", "tuning/"].iter().any(|d| rel.starts_with(d));
        if !scanned || !wanted(&rel) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        for piece in pieces(&text) {
            write(&rel, piece.as_bytes())?;
        }
    }
    Ok(dir.to_path_buf())
}

/// A fixture as the readers' tests read it (`ingest/tests/common/mod.rs`, `fixture`): the
/// first line names its source, and is blanked in a file of a syntax of its own (a `# `
/// line before a JSON document makes it no JSON at all).
fn without_source_line(name: &str, mut bytes: Vec<u8>) -> Vec<u8> {
    let structured = [".json", ".jsonl", ".csv", ".yaml", ".yml", ".html", ".md"].iter().any(|e| name.ends_with(e));
    if structured {
        let first = bytes.iter().position(|&b| b == b'\n').unwrap_or(bytes.len());
        bytes.drain(..first);
    }
    bytes
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A text cut where a section (`## `) or a result block (`=====`) starts, each piece at
/// most [`SEED_BYTES`] at a line end: a seed per block or section.
fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let starts_piece = line.starts_with("## ") || (line.starts_with("=====") && line.contains("Result"));
        if (starts_piece && at > start) || at + line.len() - start > SEED_BYTES {
            if at > start {
                out.push(&text[start..at]);
            }
            start = at;
        }
        at += line.len();
    }
    if at > start {
        out.push(&text[start..at]);
    }
    out.into_iter().filter(|p| p.len() <= SEED_BYTES).collect()
}

struct Report {
    target: String,
    execs: u64,
    seconds: u64,
    per_second: u64,
    corpus: u64,
    failure: Option<String>,
}

/// Runs one target; libFuzzer's own lines that matter (final statistics, errors, where a
/// failing input was written) are passed through.
fn run_target(root: &Path, target: &str, seeds: &Path, seconds: u64) -> Result<Report, String> {
    let corpus = root.join("fuzz/corpus").join(target);
    std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let mut cmd = cargo_fuzz(root);
    cmd.args(["run", "--sanitizer", "none", target])
        .arg(&corpus)
        .arg(seeds)
        .args(["--", &format!("-max_total_time={seconds}"), "-timeout=10", "-rss_limit_mb=2048", "-max_len=8192", "-print_final_stats=1"])
        .stderr(Stdio::piped());
    eprintln!("xtask: fuzzing {target} for {seconds} s");
    let started = std::time::Instant::now();
    let mut child = cmd.spawn().map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    let mut report = Report { target: target.into(), execs: 0, seconds, per_second: 0, corpus: 0, failure: None };
    let mut panic_message = false;
    for line in BufReader::new(child.stderr.take().expect("piped")).lines().map_while(Result::ok) {
        let stat = |name: &str| line.strip_prefix(name).and_then(|v| v.trim().parse::<u64>().ok());
        if let Some(v) = stat("stat::number_of_executed_units:") {
            report.execs = v;
        } else if let Some(v) = stat("stat::average_exec_per_sec:") {
            report.per_second = v;
        } else if line.contains("Test unit written to") {
            report.failure = Some(line.rsplit("Test unit written to").next().unwrap_or("").trim().to_string());
        }
        // The panic message runs from `panicked at` to the backtrace or libFuzzer's report.
        panic_message = (panic_message || line.contains("panicked at")) && !line.starts_with("stack backtrace") && !line.starts_with("==") && !line.starts_with("note:");
        let shown = panic_message || ["stat::", "Done ", "==", "Test unit written", "SUMMARY", "INFO: seed corpus"].iter().any(|p| line.starts_with(p)) || line.contains("Test unit written") || line.starts_with('#') && line.contains("INITED");
        if shown {
            eprintln!("  {}", line.chars().take(400).collect::<String>());
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    report.seconds = started.elapsed().as_secs();
    report.corpus = std::fs::read_dir(&corpus).map(|d| d.count() as u64).unwrap_or(0);
    if !status.success() && report.failure.is_none() {
        report.failure = Some(format!("cargo fuzz exited with {status}; see the messages above"));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_cut_at_sections_and_blocks_and_stay_small() {
        let text = "intro\n## A\nx\n============ Serving Benchmark Result ============\ny\n## B\nz\n";
        assert_eq!(pieces(text), ["intro\n", "## A\nx\n", "============ Serving Benchmark Result ============\ny\n", "## B\nz\n"]);
        let long = "a line of forty bytes or so, for a test\n".repeat(1000);
        let cut = pieces(&long);
        assert!(cut.len() > 1 && cut.iter().all(|p| p.len() <= SEED_BYTES && p.ends_with('\n')), "{}", cut.len());
        assert_eq!(cut.concat(), long);
    }

    #[test]
    fn a_structured_fixture_loses_its_source_line_and_keeps_its_line_numbers() {
        let json = b"# source: x/y.json\n{\"a\": 1}\n".to_vec();
        assert_eq!(without_source_line("y.json", json), b"\n{\"a\": 1}\n");
        let log = b"# source: x/y.log\nline\n".to_vec();
        assert_eq!(without_source_line("y.log", log.clone()), log);
    }
}
