//! The parser's output on every input the benchmark and tests know, for checking that a
//! speed change leaves runs and findings byte-identical, and a loop over the benchmark's
//! mixed corpus for profiling (`valgrind --tool=callgrind`).
//!
//! `cargo run --release -p benchsite-ingest --example parse_dump -- dump out.json`: one JSON
//! line per input (every file of `content/`, the fuzz seeds, the test fixtures, and the
//! benchmark's groups, logs cut from code blocks included): its path, runs and findings.
//! `... -- loop N`: parses the mixed corpus N times (`PARSE_ONLY=<group substring>` keeps
//! only the groups whose name contains it).
//! `... -- slowest [N]`: the N inputs of the mixed corpus that cost the most CPU time per
//! pass, with their MB/s (per-file costs the bench's groups average away).
//! `... -- file FILE [AS]`: one file's runs and findings, pretty-printed, read as the content
//! path `AS` (default `raw/<file name>`), for checking a public sample by hand.

#[path = "../benches/corpus/mod.rs"]
mod corpus;

use benchsite_ingest::parse_file;
use std::io::Write;
use std::path::Path;

// The benchsite binary's allocator, as the parse bench uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Nanoseconds this thread has run on a CPU (Linux; wall time elsewhere), as the bench counts.
fn cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok();
    match stat.and_then(|s| s.split_whitespace().next()?.parse().ok()) {
        Some(ns) => ns,
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
    }
}

/// The profiled part (`valgrind --tool=callgrind --toggle-collect=parse_dump::parse_loop`).
#[inline(never)]
fn parse_loop(items: &[corpus::Item], n: usize) -> usize {
    let mut runs = 0;
    for _ in 0..n {
        runs += items.iter().map(|i| parse_file(&i.path, &i.text, None).runs.len()).sum::<usize>();
    }
    runs
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    match args.get(1).map(String::as_str) {
        Some("dump") => {
            let mut out = std::io::BufWriter::new(std::fs::File::create(&args[2]).unwrap());
            let mut inputs: Vec<(String, String)> = Vec::new();
            for (dir, prefix) in [("content", ""), ("fuzz/seeds", "raw/"), ("ingest/tests/fixtures", ""), ("ingest/benches/corpus", "raw/")] {
                let base = root.join(dir);
                let mut files = Vec::new();
                walk(&base, &mut files);
                files.sort();
                for f in files {
                    let Ok(text) = std::fs::read_to_string(&f) else { continue };
                    let rel = f.strip_prefix(&base).unwrap().to_string_lossy().replace('\\', "/");
                    inputs.push((format!("{prefix}{rel}"), text.clone()));
                    if !prefix.is_empty() {
                        // Also as a raw log / as a result file where the path allows.
                        inputs.push((rel, text));
                    }
                }
            }
            for g in corpus::groups() {
                for i in g.items {
                    inputs.push((i.path, i.text));
                }
            }
            for (path, text) in &inputs {
                let o = parse_file(path, text, None);
                let line = serde_json::json!({ "path": path, "source": o.source, "runs": o.runs, "findings": o.findings });
                writeln!(out, "{line}").unwrap();
            }
            eprintln!("{} inputs", inputs.len());
        }
        Some("loop") => {
            let n: usize = args[2].parse().unwrap();
            let only = std::env::var("PARSE_ONLY").ok();
            let items: Vec<corpus::Item> = corpus::groups()
                .into_iter()
                .filter(|g| only.as_deref().is_none_or(|o| g.name.contains(o)))
                .flat_map(|g| g.items)
                .collect();
            let bytes: usize = items.iter().map(|i| i.text.len()).sum();
            let runs = parse_loop(&items, n);
            eprintln!("{} files, {bytes} bytes, {runs} runs", items.len());
        }
        Some("slowest") => {
            // Each input of the mixed corpus parsed alone until it has used about 2 ms of CPU
            // time; the `n` slowest (CPU time per pass), with their MB/s: a small file that
            // costs as much as a large one points to work repeated per cell or per section.
            let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(30);
            let mut rows: Vec<(f64, usize, String)> = Vec::new();
            for i in corpus::groups().into_iter().flat_map(|g| g.items) {
                let passes = (2_000_000 / (i.text.len() + 1)).clamp(3, 2000);
                std::hint::black_box(parse_file(&i.path, &i.text, None));
                let start = cpu_ns();
                for _ in 0..passes {
                    std::hint::black_box(parse_file(&i.path, &i.text, None));
                }
                rows.push(((cpu_ns() - start) as f64 / passes as f64, i.text.len(), i.path));
            }
            let total: f64 = rows.iter().map(|r| r.0).sum();
            rows.sort_by(|a, b| b.0.total_cmp(&a.0));
            println!("mixed corpus: {:.0} us of CPU per pass", total / 1e3);
            for (ns, bytes, path) in rows.iter().take(n) {
                println!("{:8.0} us {:5.1}% {bytes:8} B {:7.1} MB/s  {path}", ns / 1e3, 100.0 * ns / total, *bytes as f64 * 1e3 / ns);
            }
        }
        Some("file") => {
            let text = std::fs::read_to_string(&args[2]).unwrap();
            let name = Path::new(&args[2]).file_name().unwrap().to_string_lossy();
            let path = args.get(3).cloned().unwrap_or_else(|| format!("raw/{name}"));
            let o = parse_file(&path, &text, None);
            let line = serde_json::json!({ "path": path, "runs": o.runs, "findings": o.findings });
            println!("{}", serde_json::to_string_pretty(&line).unwrap());
        }
        _ => eprintln!("usage: parse_dump dump <out.json> | loop <n> | slowest [<n>] | file <file> [<content path>]"),
    }
}
