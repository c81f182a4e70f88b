//! `cargo xtask mem [--mb N] [--only pathological|realistic] [--keep DIR] [--bin PATH]`: how much memory and time `benchsite build` takes
//! on one large content file, for two shapes of input — the worst one known (many tiny
//! serving-benchmark blocks, three rows each, so nearly every byte becomes a run) and a
//! realistic log (full vLLM blocks with the client's `Running benchmark` and `Namespace(...)`
//! lines before each). Each is written into a content folder of its own, built with the
//! release binary, and measured from the child's own resource usage (GNU time): peak resident
//! memory, user + system CPU, wall time, against the input and the largest file written.
//!
//! Issue 9 asks that memory stay within a few times the largest file; the ratios printed
//! here are the numbers to compare.

mod tiny_block;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use tiny_block::tiny_block;

/// One input shape: a name and the text of block number `i`.
struct Shape {
    name: &'static str,
    file: &'static str,
    block: fn(u64, &mut String),
}

const SHAPES: [Shape; 2] = [
    Shape { name: "pathological", file: "raw/tiny-blocks.log", block: tiny_block },
    Shape { name: "realistic", file: "raw/sweep.log", block: full_block },
];

pub fn mem(args: &[String], root: &Path) -> Result<(), String> {
    let mb: u64 = super::flag(args, "--mb").map_or(Ok(100), |s| s.parse()).map_err(|e| format!("--mb: {e}"))?;
    let keep = super::flag(args, "--keep").map(PathBuf::from);
    let only = super::flag(args, "--only");
    let bin = match super::flag(args, "--bin") {
        // Another build of the binary, to compare (a copy of an older commit's).
        Some(bin) => PathBuf::from(bin),
        None => {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            super::run(Command::new(&cargo).current_dir(root).args(["build", "--locked", "--release", "-p", "benchsite"]))?;
            root.join("target/release/benchsite")
        }
    };
    let base = keep.unwrap_or_else(|| std::env::temp_dir().join(format!("benchsite-mem-{}", std::process::id())));
    println!("{:<13} {:>9} {:>6} {:>9} {:>12} {:>8} {:>7} {:>9} {:>9}", "input", "input MB", "blocks", "peak MB", "largest MB", "÷input", "÷largest", "wall s", "cpu s");
    for shape in SHAPES.iter().filter(|s| only.as_deref().is_none_or(|o| o == s.name)) {
        let dir = base.join(shape.name);
        let _ = std::fs::remove_dir_all(&dir);
        let content = dir.join("content");
        let input = content.join(shape.file);
        std::fs::create_dir_all(input.parent().expect("a file has a folder")).map_err(|e| e.to_string())?;
        let blocks = write_input(&input, mb * 1_000_000, shape.block)?;
        let out = dir.join("out");
        let log = dir.join("build.log");
        let m = measure(Command::new(&bin).arg("build").arg("--content").arg(&content).arg("--out").arg(&out), &log)?;
        let input_mb = file_mb(&input);
        let largest = largest_file(&out);
        println!(
            "{:<13} {:>9.1} {:>6} {:>9.0} {:>12.1} {:>8.1} {:>7.1} {:>9.1} {:>9.1}",
            shape.name, input_mb, blocks, m.peak_mb, largest.1, m.peak_mb / input_mb, m.peak_mb / largest.1.max(input_mb), m.wall_s, m.cpu_s
        );
        println!("{:<13} largest file written: {}", "", largest.0.strip_prefix(&out).unwrap_or(&largest.0).display());
    }
    if super::flag(args, "--keep").is_none() {
        let _ = std::fs::remove_dir_all(&base);
    }
    Ok(())
}

/// Writes blocks until the file holds `bytes`; returns how many.
fn write_input(path: &Path, bytes: u64, block: fn(u64, &mut String)) -> Result<u64, String> {
    use std::io::Write;
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?);
    let (mut written, mut i, mut text) = (0u64, 0u64, String::new());
    while written < bytes {
        text.clear();
        block(i, &mut text);
        file.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        written += text.len() as u64;
        i += 1;
    }
    file.flush().map_err(|e| e.to_string())?;
    Ok(i)
}

/// A block as vLLM's `benchmark_serving.py` prints it, after the client's own lines (about
/// 2.3 KB), its throughputs agreeing with its counts: what a long sweep log looks like.
fn full_block(i: u64, out: &mut String) {
    let prompts = 1u64 << (i % 12);
    let (input, output) = (prompts * 1024, prompts * 1024 - i % 13);
    let duration = 4.0 + (i % 6000) as f64 / 100.0;
    let (ttft, tpot, itl) = (300.0 + (i % 997) as f64 / 10.0, 50.0 + (i % 400) as f64 / 10.0, 49.0 + (i % 300) as f64 / 10.0);
    let _ = write!(
        out,
        "Running benchmark --dataset-name random --num-prompts {prompts} --random-input-len 1024 --random-output-len 1024 with backend: vllm\n\
         Namespace(backend='vllm', base_url=None, host='0.0.0.0', port=8000, endpoint='/v1/completions', dataset_name='random', dataset_path=None, max_concurrency=None, model='Qwen/Qwen3-8B', tokenizer=None, best_of=1, use_beam_search=False, num_prompts={prompts}, logprobs=None, request_rate=inf, burstiness=1.0, seed={i}, trust_remote_code=False, disable_tqdm=False, profile=False, save_result=False, random_input_len=1024, random_output_len=1024, random_range_ratio=1.0, percentile_metrics='ttft,tpot,itl', metric_percentiles='99')\n\
         Starting initial single prompt test run...\n\
         Initial test run completed. Starting main benchmark run...\n\
         100%|██████████████████████████████████████████████████| {prompts}/{prompts} [00:{:02}<00:00,  3.15it/s]\n\
         ============ Serving Benchmark Result ============\n\
         Successful requests:                     {prompts}\n\
         Benchmark duration (s):                  {duration:.2}\n\
         Total input tokens:                      {input}\n\
         Total generated tokens:                  {output}\n\
         Request throughput (req/s):              {:.2}\n\
         Output token throughput (tok/s):         {:.2}\n\
         Total Token throughput (tok/s):          {:.2}\n\
         ---------------Time to First Token----------------\n\
         Mean TTFT (ms):                          {ttft:.2}\n\
         Median TTFT (ms):                        {:.2}\n\
         P99 TTFT (ms):                           {:.2}\n\
         -----Time per Output Token (excl. 1st token)------\n\
         Mean TPOT (ms):                          {tpot:.2}\n\
         Median TPOT (ms):                        {:.2}\n\
         P99 TPOT (ms):                           {:.2}\n\
         ---------------Inter-token Latency----------------\n\
         Mean ITL (ms):                           {itl:.2}\n\
         Median ITL (ms):                         {:.2}\n\
         P99 ITL (ms):                            {:.2}\n\
         ==================================================\n\n",
        i % 60,
        prompts as f64 / duration,
        output as f64 / duration,
        (input + output) as f64 / duration,
        ttft - 0.5,
        ttft * 1.2,
        tpot - 0.3,
        tpot * 1.5,
        itl - 0.2,
        itl * 1.9,
    );
}

struct Measured {
    peak_mb: f64,
    wall_s: f64,
    cpu_s: f64,
}

/// Runs `cmd` under GNU time (`/usr/bin/time`, Debian package `time`), which reports the
/// child's own peak resident memory and CPU from `wait4` (the workspace forbids the unsafe
/// call that would do it here).
fn measure(cmd: &mut Command, log: &Path) -> Result<Measured, String> {
    let report = std::env::temp_dir().join(format!("benchsite-mem-time-{}", std::process::id()));
    let mut timed = Command::new(TIME);
    timed.args(["-f", "%M %U %S", "-o"]).arg(&report).arg(cmd.get_program()).args(cmd.get_args());
    let started = Instant::now();
    let log = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let status = timed.stdout(std::process::Stdio::null()).stderr(log).status().map_err(|e| format!("could not start {TIME} (apt-get install time): {e}"))?;
    let wall_s = started.elapsed().as_secs_f64();
    // Exit 1 is a build with error findings, which is still a build.
    if !matches!(status.code(), Some(0 | 1)) {
        return Err(format!("{cmd:?} failed with {status}"));
    }
    let text = std::fs::read_to_string(&report).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&report);
    let fields: Vec<f64> = text.lines().last().unwrap_or("").split_whitespace().filter_map(|f| f.parse().ok()).collect();
    let [kb, user, system] = fields[..] else { return Err(format!("{TIME} printed {text:?}")) };
    Ok(Measured { peak_mb: kb * 1024.0 / 1e6, wall_s, cpu_s: user + system })
}

const TIME: &str = "/usr/bin/time";

fn file_mb(p: &Path) -> f64 {
    super::file_len(p) as f64 / 1e6
}

/// The largest file below `dir` and its size in MB.
fn largest_file(dir: &Path) -> (PathBuf, f64) {
    let mut best = (PathBuf::new(), 0u64);
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(t) if t.is_file() => {
                    let len = super::file_len(&path);
                    if len > best.1 {
                        best = (path, len);
                    }
                }
                _ => {}
            }
        }
    }
    (best.0, best.1 as f64 / 1e6)
}
