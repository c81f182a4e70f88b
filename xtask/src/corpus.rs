//! `cargo xtask corpus N [--out DIR] [--seed S]`: writes a content folder of exactly N runs
//! that looks like real content, for measuring the build and the explorer at scale.
//!
//! Result files `<framework>/<GPU>_v<version>.md`, one per framework, GPU and version (each
//! release measured on one to three GPUs; past the real releases, further minor versions, so
//! files keep a realistic 1–50 runs at any N; compare pages stay one or a few per file)
//! hold a section per model with its serve command and one log block per workload: the
//! `benchmark_serving.sh` style of the seed content (`Running benchmark …`, `Namespace(…)`,
//! SGLang's `Serving Benchmark Result`) for every framework, and for vLLM also `vllm bench
//! serve` with its own result block. About one run in twenty sits in a raw log under `raw/`
//! with a sidecar. Values are drawn from model size, GPU, framework and workload with noise,
//! and the throughputs agree with counts ÷ duration as a real log's do. `i18n/`, `tuning/`,
//! `docs/`, `models.toml` and `names.toml` are copied from the repository's `content/`.
//!
//! Deterministic for a seed, linear in N, one pass with buffered writes.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// The repository content the site needs besides results.
const COPIED: [&str; 5] = ["i18n", "tuning", "docs", "models.toml", "names.toml"];

struct Fw {
    name: &'static str,
    versions: &'static [&'static str],
    speed: f64,
}

const FRAMEWORKS: [Fw; 3] = [
    Fw { name: "vllm", versions: &["0.8.5", "0.9.2", "0.10.0", "0.10.1", "0.10.2", "0.11.0", "0.11.1"], speed: 1.0 },
    Fw { name: "sglang", versions: &["0.4.9", "0.4.10", "0.5.0", "0.5.1", "0.5.2", "0.5.3"], speed: 1.05 },
    Fw { name: "lmdeploy", versions: &["0.9.0", "0.9.2", "0.10.0", "0.10.1"], speed: 1.1 },
];

/// GPU name as files name it, relative speed, memory (GB).
const GPUS: [(&str, f64, u32); 8] =
    [("H800", 1.0, 80), ("A100", 0.45, 80), ("H100", 1.0, 80), ("H200", 1.2, 141), ("H20", 0.35, 96), ("L20", 0.25, 48), ("A800", 0.45, 80), ("B200", 2.0, 192)];

/// Repository id, billions of parameters active per token, total billions (memory).
const MODELS: [(&str, f64, f64); 10] = [
    ("Qwen/Qwen3-8B-FP8", 8.2, 8.2),
    ("Qwen/Qwen3-8B", 8.2, 16.4),
    ("Qwen/Qwen3-32B-FP8", 32.8, 32.8),
    ("Qwen/Qwen3-32B", 32.8, 65.6),
    ("Qwen/Qwen3-30B-A3B-FP8", 3.3, 30.5),
    ("Qwen/Qwen3-30B-A3B", 3.3, 61.0),
    ("Qwen/Qwen3-235B-A22B-FP8", 22.0, 235.0),
    ("openai/gpt-oss-20b", 3.6, 13.0),
    ("openai/gpt-oss-120b", 5.1, 65.0),
    ("Qwen/Qwen3-235B-A22B", 22.0, 470.0),
];

/// A workload: dataset, prompts, input and output length per request (sharegpt: the mean),
/// request rate (`None`: inf), max concurrency.
#[derive(Clone, Copy)]
struct Workload {
    sharegpt: bool,
    prompts: u64,
    input: u64,
    output: u64,
    rate: Option<f64>,
    concurrency: Option<u64>,
}

/// splitmix64: small, fast, and the same numbers on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    /// Uniform in [lo, hi).
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

pub fn corpus(args: &[String]) -> Result<(), String> {
    let n: u64 = args.first().and_then(|a| a.replace(['_', ','], "").parse().ok()).ok_or("usage: cargo xtask corpus N [--out DIR] [--seed S]")?;
    let out = crate::flag(args, "--out").map_or_else(|| crate::root().join(format!("target/corpus-{n}")), std::path::PathBuf::from);
    let seed = crate::flag(args, "--seed").map_or(Ok(1), |s| s.parse::<u64>().map_err(|e| format!("--seed: {e}")))?;
    let started = std::time::Instant::now();
    let stats = write(&crate::root().join("content"), &out, n, seed)?;
    eprintln!(
        "xtask: corpus of {n} runs in {} ({} result files, {} raw logs, {:.1} MB) in {:.1} s",
        out.display(),
        stats.files,
        stats.logs,
        stats.bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[derive(Default)]
pub struct Stats {
    pub files: u64,
    pub logs: u64,
    pub bytes: u64,
}

/// Writes the corpus into `out` (replaced when it holds an earlier corpus: a folder with a
/// `.benchsite-corpus` marker, or an empty one; anything else is refused).
pub fn write(repo_content: &Path, out: &Path, n: u64, seed: u64) -> Result<Stats, String> {
    let marker = out.join(".benchsite-corpus");
    if out.exists() {
        let empty = std::fs::read_dir(out).map_err(|e| format!("{}: {e}", out.display()))?.next().is_none();
        if !empty && !marker.exists() {
            return Err(format!("{} exists and is not a corpus written by `cargo xtask corpus`; choose another --out", out.display()));
        }
        std::fs::remove_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    std::fs::write(&marker, format!("{n} runs, seed {seed}\n")).map_err(|e| e.to_string())?;
    for item in COPIED {
        copy(&repo_content.join(item), &out.join(item))?;
    }
    let mut rng = Rng(seed);
    let mut stats = Stats::default();
    let mut left = n;
    let mut text = String::new();
    // Releases in turn across the frameworks; each release measured on one to three GPUs,
    // one file per framework, GPU and version as a results repository keeps them.
    let mut release = 0usize;
    while left > 0 {
        let fw = &FRAMEWORKS[release % FRAMEWORKS.len()];
        let version = version_name(fw, release / FRAMEWORKS.len());
        release += 1;
        let mut gpus: Vec<usize> = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let g = rng.below(GPUS.len() as u64) as usize;
            if !gpus.contains(&g) {
                gpus.push(g);
            }
        }
        for g in gpus {
            if left == 0 {
                break;
            }
            text.clear();
            let gpu = GPUS[g];
            let raw = rng.below(20) == 0;
            let runs = if raw { raw_log(&mut text, &mut rng, fw, gpu, &version, left) } else { result_file(&mut text, &mut rng, fw, gpu, &version, left) };
            left -= runs;
            let path = if raw {
                let p = out.join(format!("raw/{}-{}-v{version}-sweep.log", fw.name, gpu.0));
                let meta = format!(
                    "# What the log does not print.\nframework = \"{}\"\nversion = \"{version}\"\ngpu = \"{}\"\nnotes = [\"Concurrency sweep of the nightly job.\"]\n",
                    fw.name, gpu.0
                );
                write_file(&p.with_extension("log.meta.toml"), meta.as_bytes())?;
                stats.logs += 1;
                p
            } else {
                stats.files += 1;
                out.join(format!("{}/{}_v{version}.md", fw.name, gpu.0))
            };
            write_file(&path, text.as_bytes())?;
            stats.bytes += text.len() as u64;
        }
    }
    Ok(stats)
}

/// The `k`-th release of `fw`: its real releases, then minor versions beyond the last.
fn version_name(fw: &Fw, k: usize) -> String {
    if let Some(v) = fw.versions.get(k) {
        return v.to_string();
    }
    let last = fw.versions[fw.versions.len() - 1];
    let minor: usize = last.split('.').nth(1).and_then(|m| m.parse().ok()).unwrap_or(0);
    let j = k - fw.versions.len();
    format!("0.{}.{}", minor + 1 + j / 10, j % 10)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?);
    f.write_all(bytes).and_then(|()| f.flush()).map_err(|e| format!("{}: {e}", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    if from.is_dir() {
        std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
        let mut entries: Vec<_> = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?.filter_map(Result::ok).collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            copy(&e.path(), &to.join(e.file_name()))?;
        }
        Ok(())
    } else if from.is_file() {
        std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))
    } else {
        Err(format!("{} is missing: the corpus copies it from the repository's content/", from.display()))
    }
}

/// The workloads of one model section: a common set, sometimes a sweep of request rates or
/// concurrency.
fn workloads(rng: &mut Rng) -> Vec<Workload> {
    let random = |prompts, input, output| Workload { sharegpt: false, prompts, input, output, rate: None, concurrency: None };
    let mut w = vec![Workload { sharegpt: true, prompts: 10000, input: 226, output: 199, rate: None, concurrency: None }];
    let shapes = [(2000, 1024, 1024), (500, 2000, 6000), (500, 6000, 2000), (1000, 128, 128), (1000, 4096, 512), (200, 32000, 1000), (1000, 1024, 128)];
    // Distinct shapes, and distinct prompt counts within each sweep: two runs of one model
    // with equal counts and scenario would be one run printed twice (`duplicate`).
    let mut chosen = Vec::new();
    for _ in 0..1 + rng.below(4) {
        let shape = *rng.pick(&shapes);
        if !chosen.contains(&shape) {
            chosen.push(shape);
            w.push(random(shape.0, shape.1, shape.2));
        }
    }
    match rng.below(4) {
        0 => {
            let &(_, i, o) = rng.pick(&shapes);
            for c in [1u64, 4, 16, 64, 256].iter().take(2 + rng.below(4) as usize) {
                w.push(Workload { concurrency: Some(*c), ..random(c * 20, i, o) });
            }
        }
        1 => {
            for r in [1.0, 2.0, 4.0, 8.0, 16.0].iter().take(2 + rng.below(4) as usize) {
                w.push(Workload { rate: Some(*r), ..random((250.0 * r) as u64, 1024, 1024) });
            }
        }
        _ => {}
    }
    w
}

/// Values of one run, consistent with each other as a real log's are.
struct Values {
    duration: f64,
    completed: u64,
    input_tokens: u64,
    output_tokens: u64,
    retokenized: u64,
    ttft: [f64; 3],
    tpot: [f64; 3],
    itl: [f64; 3],
    e2e: [f64; 2],
}

fn values(rng: &mut Rng, w: &Workload, fw: &Fw, gpu: (&str, f64, u32), active: f64, tp: u32) -> Values {
    let noise = rng.range(0.85, 1.15);
    // Output tokens per second the deployment sustains at full load.
    let capacity = 9000.0 * gpu.1 * fw.speed * f64::from(tp).sqrt() / (active / 8.0).sqrt() * noise;
    let (input_tokens, output_tokens) = if w.sharegpt {
        (w.prompts * w.input + rng.below(5000), w.prompts * w.output + rng.below(5000))
    } else {
        (w.prompts * w.input, w.prompts * w.output)
    };
    let load = match (w.rate, w.concurrency) {
        (_, Some(c)) => (c as f64 / 256.0).min(1.0),
        (Some(r), None) => (r * w.output as f64 / capacity).min(1.0),
        (None, None) => 1.0,
    };
    let throughput = capacity * load.max(0.1) * rng.range(0.9, 1.0);
    let duration = ((output_tokens as f64 / throughput).max(0.5) * 100.0).round() / 100.0;
    let tpot = 1000.0 / (capacity / (load * 256.0).max(1.0)).min(200.0 * gpu.1) * rng.range(0.9, 1.1);
    let ttft = (w.input as f64 / (20.0 * capacity)) * 1000.0 * (1.0 + 40.0 * load * load) * rng.range(0.8, 1.2);
    let e2e = ttft + tpot * w.output as f64;
    let r2 = |x: f64| (x * 100.0).round() / 100.0;
    Values {
        duration,
        completed: w.prompts,
        input_tokens,
        output_tokens,
        retokenized: output_tokens - rng.below(output_tokens / 1000 + 1),
        ttft: [r2(ttft), r2(ttft * rng.range(0.85, 1.0)), r2(ttft * rng.range(1.5, 3.0))],
        tpot: [r2(tpot), r2(tpot * rng.range(0.9, 1.0)), r2(tpot * rng.range(1.2, 2.5))],
        itl: [r2(tpot * rng.range(0.95, 1.05)), r2(tpot * rng.range(0.8, 1.0)), r2(tpot * rng.range(2.0, 5.0))],
        e2e: [r2(e2e), r2(e2e * rng.range(0.9, 1.05))],
    }
}

fn model_choice(rng: &mut Rng, gpu: (&str, f64, u32)) -> ((&'static str, f64, f64), u32) {
    let m = *rng.pick(&MODELS);
    // The smallest power-of-two TP whose memory holds the weights, sometimes one step more.
    let mut tp = 1u32;
    while f64::from(tp * gpu.2) < m.2 * 1.3 && tp < 8 {
        tp *= 2;
    }
    if tp < 8 && rng.below(4) == 0 {
        tp *= 2;
    }
    (m, tp)
}

fn serve_command(text: &mut String, fw: &Fw, version: &str, model: &str, tp: u32) {
    let _ = match fw.name {
        "vllm" => writeln!(
            text,
            "```shell\ndocker run --runtime nvidia --gpus all \\\n    -v $HF_HOME:/root/.cache/huggingface_hub \\\n    -p 8000:8000 --ipc host --rm --name vllm \\\n    vllm/vllm-openai:v{version} \\\n    --model {model} --tensor-parallel-size {tp} \\\n    --host 0.0.0.0\n```\n"
        ),
        "sglang" => writeln!(
            text,
            "```shell\ndocker run --runtime nvidia --gpus all \\\n    -p 30000:30000 --ipc host --rm --name sglang \\\n    lmsysorg/sglang:v{version}-cu126 \\\n    python3 -m sglang.launch_server --model-path {model} --tp {tp} --host 0.0.0.0\n```\n"
        ),
        _ => writeln!(text, "```shell\nlmdeploy serve api_server {model} --tp {tp} --enable-metrics\n```\n"),
    };
}

/// A result file of at most `left` runs; returns how many it holds.
fn result_file(text: &mut String, rng: &mut Rng, fw: &Fw, gpu: (&str, f64, u32), version: &str, left: u64) -> u64 {
    let title = match fw.name {
        "vllm" => "vLLM",
        "sglang" => "SGLang",
        _ => "LMDeploy",
    };
    let _ = writeln!(text, "# {title} v{version}\n\nBenchmarks on {}, one section per model.\n", gpu.0);
    let native = fw.name == "vllm" && rng.below(2) == 0;
    let mut runs = 0;
    // One benchmark script per file: every model section runs the same workloads.
    let plan = workloads(rng);
    // Distinct models: the same model twice with the same workloads would be a duplicate.
    let mut used = Vec::new();
    for _ in 0..1 + rng.below(5) {
        let (model, tp) = model_choice(rng, gpu);
        if used.contains(&model.0) {
            continue;
        }
        if runs == left {
            break;
        }
        used.push(model.0);
        let _ = writeln!(text, "## {}\n", model.0.rsplit('/').next().unwrap_or(model.0));
        serve_command(text, fw, version, model.0, tp);
        for &w in &plan {
            if runs == left {
                return runs;
            }
            let v = values(rng, &w, fw, gpu, model.1, tp);
            text.push_str("```{text}\n");
            if native {
                vllm_native(text, model.0, &w, &v, rng);
            } else {
                serving_script(text, fw.name, model.0, &w, &v);
            }
            text.push_str("```\n\n");
            runs += 1;
        }
    }
    runs
}

/// A raw log: one model, a concurrency sweep of the benchmark script's blocks.
fn raw_log(text: &mut String, rng: &mut Rng, fw: &Fw, gpu: (&str, f64, u32), version: &str, left: u64) -> u64 {
    let (model, tp) = model_choice(rng, gpu);
    let _ = writeln!(text, "$ bash benchmark_serving.sh {}  # v{version}, TP {tp}", fw.name);
    let mut runs = 0;
    for c in [1u64, 2, 4, 8, 16, 32, 64, 128, 256] {
        if runs == left {
            break;
        }
        let w = Workload { sharegpt: false, prompts: c * 10, input: 1024, output: 512, rate: None, concurrency: Some(c) };
        let v = values(rng, &w, fw, gpu, model.1, tp);
        serving_script(text, fw.name, model.0, &w, &v);
        runs += 1;
    }
    runs
}

fn rate_text(w: &Workload) -> String {
    w.rate.map_or_else(|| "inf".to_string(), |r| format!("{r:.1}"))
}

/// The seed content's `benchmark_serving.sh` output: its banner, SGLang's `Namespace` and
/// `Serving Benchmark Result`.
fn serving_script(text: &mut String, backend: &str, model: &str, w: &Workload, v: &Values) {
    let (dataset, lens) = if w.sharegpt {
        ("sharegpt", format!("--num-prompts {}", w.prompts))
    } else {
        ("random", format!("--num-prompts {} --random-input-len {} --random-output-len {} --random-range-ratio 1.0", w.prompts, w.input, w.output))
    };
    let extra = match (w.rate, w.concurrency) {
        (Some(r), _) => format!(" --request-rate {r}"),
        (_, Some(c)) => format!(" --max-concurrency {c}"),
        _ => String::new(),
    };
    let opt = |x: Option<u64>| x.map_or("None".to_string(), |n| n.to_string());
    let (ri, ro) = if w.sharegpt { (None, None) } else { (Some(w.input), Some(w.output)) };
    let port = if backend == "sglang" { 30000 } else if backend == "lmdeploy" { 23333 } else { 8000 };
    let _ = write!(
        text,
        "Running benchmark --dataset-name {dataset} {lens}{extra} with backend: {backend}\n\
Namespace(backend='{backend}', base_url=None, host='0.0.0.0', port={port}, dataset_name='{dataset}', dataset_path='/data/ShareGPT_V3_unfiltered_cleaned_split.json', model='{model}', tokenizer=None, num_prompts={}, sharegpt_output_len=None, random_input_len={}, random_output_len={}, random_range_ratio=1.0, request_rate={}, max_concurrency={}, seed=1, multi=False, output_file=None, disable_tqdm=False, disable_stream=False, disable_ignore_eos=False, extra_request_body=None)\n\n\
#Input tokens: {}\n#Output tokens: {}\nStarting initial single prompt test run...\nInitial test run completed. Starting main benchmark run...\n\n\
============ Serving Benchmark Result ============\n",
        w.prompts,
        opt(ri),
        opt(ro),
        rate_text(w),
        opt(w.concurrency),
        v.input_tokens,
        v.output_tokens,
    );
    let row = |text: &mut String, label: &str, value: &dyn std::fmt::Display| {
        let _ = writeln!(text, "{:<41}{value}", format!("{label}:"));
    };
    row(text, "Backend", &backend);
    row(text, "Traffic request rate", &rate_text(w));
    row(text, "Max request concurrency", &w.concurrency.map_or("not set".to_string(), |c| c.to_string()));
    row(text, "Successful requests", &v.completed);
    row(text, "Benchmark duration (s)", &format!("{:.2}", v.duration));
    row(text, "Total input tokens", &v.input_tokens);
    row(text, "Total generated tokens", &v.output_tokens);
    row(text, "Total generated tokens (retokenized)", &v.retokenized);
    row(text, "Request throughput (req/s)", &format!("{:.2}", v.completed as f64 / v.duration));
    row(text, "Input token throughput (tok/s)", &format!("{:.2}", v.input_tokens as f64 / v.duration));
    row(text, "Output token throughput (tok/s)", &format!("{:.2}", v.output_tokens as f64 / v.duration));
    text.push_str("----------------End-to-End Latency----------------\n");
    row(text, "Mean E2E Latency (ms)", &format!("{:.2}", v.e2e[0]));
    row(text, "Median E2E Latency (ms)", &format!("{:.2}", v.e2e[1]));
    latencies(text, v, "TTFT", "TPOT", "ITL");
    text.push_str("==================================================\n");
}

fn latencies(text: &mut String, v: &Values, ttft: &str, tpot: &str, itl: &str) {
    for (rule, name, x) in [
        ("---------------Time to First Token----------------", ttft, v.ttft),
        ("-----Time per Output Token (excl. 1st token)------", tpot, v.tpot),
        ("---------------Inter-token Latency----------------", itl, v.itl),
    ] {
        let _ = writeln!(text, "{rule}");
        for (stat, value) in ["Mean", "Median", "P99"].iter().zip(x) {
            let _ = writeln!(text, "{:<41}{value:.2}", format!("{stat} {name} (ms):"));
        }
    }
}

/// `vllm bench serve` with its command line and its own result block.
fn vllm_native(text: &mut String, model: &str, w: &Workload, v: &Values, rng: &mut Rng) {
    let dataset = if w.sharegpt {
        "--dataset-name sharegpt --dataset-path /data/ShareGPT_V3_unfiltered_cleaned_split.json".to_string()
    } else {
        format!("--dataset-name random --random-input-len {} --random-output-len {}", w.input, w.output)
    };
    let _ = write!(text, "$ vllm bench serve --model {model} {dataset} --num-prompts {}", w.prompts);
    if let Some(r) = w.rate {
        let _ = write!(text, " --request-rate {r}");
    }
    if let Some(c) = w.concurrency {
        let _ = write!(text, " --max-concurrency {c}");
    }
    // `vllm bench serve` prints its arguments first.
    let (name, input, output) = if w.sharegpt { ("sharegpt", "None".to_string(), "None".to_string()) } else { ("random", w.input.to_string(), w.output.to_string()) };
    let _ = write!(
        text,
        "\nNamespace(subparser='bench', bench_type='serve', backend='vllm', base_url=None, host='127.0.0.1', port=8000, endpoint='/v1/completions', \
dataset_name='{name}', model='{model}', tokenizer=None, num_prompts={}, random_input_len={input}, random_output_len={output}, random_range_ratio=0.0, \
request_rate={}, burstiness=1.0, max_concurrency={}, seed=0, save_result=False)",
        w.prompts,
        w.rate.map_or("inf".to_string(), |r| r.to_string()),
        w.concurrency.map_or("None".to_string(), |c| c.to_string()),
    );
    let _ = writeln!(text, "\nTraffic request rate: {}\nBurstiness factor: 1.0 (Poisson process)", rate_text(w));
    if let Some(c) = w.concurrency {
        let _ = writeln!(text, "Maximum request concurrency: {c}");
    }
    text.push_str("============ Serving Benchmark Result ============\n");
    let row = |text: &mut String, label: &str, value: &dyn std::fmt::Display| {
        let _ = writeln!(text, "{:<41}{value}", format!("{label}:"));
    };
    row(text, "Successful requests", &v.completed);
    if let Some(c) = w.concurrency {
        row(text, "Maximum request concurrency", &c);
    }
    row(text, "Benchmark duration (s)", &format!("{:.2}", v.duration));
    row(text, "Total input tokens", &v.input_tokens);
    row(text, "Total generated tokens", &v.output_tokens);
    row(text, "Request throughput (req/s)", &format!("{:.2}", v.completed as f64 / v.duration));
    let out = v.output_tokens as f64 / v.duration;
    row(text, "Output token throughput (tok/s)", &format!("{out:.2}"));
    row(text, "Peak output token throughput (tok/s)", &format!("{:.2}", (out * rng.range(1.1, 1.6)).round()));
    row(text, "Total Token throughput (tok/s)", &format!("{:.2}", (v.input_tokens + v.output_tokens) as f64 / v.duration));
    latencies(text, v, "TTFT", "TPOT", "ITL");
    text.push_str("----------------End-to-end Latency----------------\n");
    let _ = writeln!(text, "{:<41}{:.2}", "Mean E2EL (ms):", v.e2e[0]);
    let _ = writeln!(text, "{:<41}{:.2}", "Median E2EL (ms):", v.e2e[1]);
    text.push_str("==================================================\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator reads exactly the runs written, and the corpus is the same for a seed.
    #[test]
    fn benchsite_reads_exactly_n_runs() {
        let dir = tempfile::tempdir().unwrap();
        let content = crate::root().join("content");
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        write(&content, &a, 500, 7).unwrap();
        write(&content, &b, 500, 7).unwrap();
        let listing = |d: &Path| {
            let mut v: Vec<(String, Vec<u8>)> = walk(d).into_iter().map(|p| (p.strip_prefix(d).unwrap().display().to_string(), std::fs::read(&p).unwrap())).collect();
            v.sort();
            v
        };
        assert!(listing(&a) == listing(&b), "same seed, same corpus");
        let outcome = benchsite::check(&a).unwrap();
        assert_eq!(outcome.data.runs.len(), 500);
        let errors: Vec<_> = outcome.data.findings.iter().filter(|f| f.severity == benchsite_model::Severity::Error).map(|f| format!("{f:?}")).collect();
        assert!(errors.is_empty(), "{errors:#?}");
        let warnings = outcome.count(benchsite_model::Severity::Warning);
        assert!(warnings < 25, "a realistic corpus has few warnings, got {warnings}: {:#?}", outcome.data.findings.iter().filter(|f| f.severity == benchsite_model::Severity::Warning).take(10).collect::<Vec<_>>());
        // Every workload dimension varies, and every run knows its framework, GPU and model.
        let runs = &outcome.data.runs;
        assert!(runs.iter().all(|r| r.framework.is_some() && r.gpu.is_some() && r.model.is_some()), "{:?}", runs.iter().find(|r| r.model.is_none()));
        let distinct = |f: &dyn Fn(&benchsite_model::Run) -> String| runs.iter().map(f).collect::<std::collections::BTreeSet<_>>().len();
        assert!(distinct(&|r| format!("{:?}", r.framework)) == 3);
        assert!(distinct(&|r| format!("{:?}", r.gpu)) >= 6);
        assert!(distinct(&|r| format!("{:?}", r.scenario.max_concurrency)) >= 4);
        assert!(distinct(&|r| format!("{:?}", r.scenario.input_len)) >= 4);
        assert!(runs.iter().all(|r| r.metrics.ttft_ms.is_some() && r.metrics.output_throughput.is_some()));
        // A different size is a prefix-free, exact count too.
        let c = dir.path().join("c");
        write(&content, &c, 37, 7).unwrap();
        assert_eq!(benchsite::check(&c).unwrap().data.runs.len(), 37);
    }

    fn walk(d: &Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
        out
    }
}
