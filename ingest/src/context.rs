//! What a markdown document says around its results: the heading path above a log or table
//! (`## gemma-4-E2B-it (1x H200, TP=1)` → model, GPU, GPU count, TP), the benchmark client
//! command that ran it (`vllm bench serve --model … --num-prompts …`, `python -m
//! sglang.bench_serving …`, `python benchmarks/benchmark_serving.py …`), the serve command of
//! its section and the document's front matter.
//!
//! Each source is turned into [`Fact`]s, and [`give`] fills a run's field from a fact only
//! when nothing more direct filled it, recording `source.context[field] = {line, kind}`.
//! Callers hand the sources over from the most direct to the least: the block or table row
//! itself, the client command (or `Namespace`), the section's serve command, the heading path
//! (innermost heading first), the front matter. A file name is not evidence.

use crate::client::flags;
use crate::text::Needle;
use crate::framework;
use crate::serve::Serve;
use crate::value::integer;
use benchsite_model::{ContextRef, RequestRate, Run};
use std::collections::BTreeMap;

/// One statement about a run, as a context source makes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    Model(String),
    Gpu(String),
    GpuCount(u32),
    Tp(u32),
    Framework(String),
    FrameworkVersion(String),
    /// A version stated for one framework (`SGLang Version: 0.5.6.post1`): only a run of that
    /// framework takes it (a page may list the versions of several engines).
    VersionOf(&'static str, String),
    Backend(String),
    Dataset(String),
    NumPrompts(u64),
    InputLen(u64),
    OutputLen(u64),
    MaxConcurrency(u64),
    RequestRate(RequestRate),
    /// How far a random dataset's lengths may fall below the ones named
    /// (`--random-range-ratio 0.9`): another load than `1.0`.
    RangeRatio(f64),
    /// As stated, not normalised: `precision::apply` weighs it with the other statements.
    Precision(String),
}

impl Fact {
    /// The key the field has in `source.lines` and `source.context`.
    pub fn key(&self) -> &'static str {
        match self {
            Fact::Model(_) => "model",
            Fact::Gpu(_) => "gpu",
            Fact::GpuCount(_) => "gpu_count",
            Fact::Tp(_) => "tp",
            Fact::Framework(_) => "framework",
            Fact::FrameworkVersion(_) | Fact::VersionOf(..) => "framework_version",
            Fact::Backend(_) => "backend",
            Fact::Dataset(_) => "scenario.dataset",
            Fact::NumPrompts(_) => "scenario.num_prompts",
            Fact::InputLen(_) => "scenario.input_len",
            Fact::OutputLen(_) => "scenario.output_len",
            Fact::MaxConcurrency(_) => "scenario.max_concurrency",
            Fact::RequestRate(_) => "scenario.request_rate",
            Fact::RangeRatio(_) => "scenario.range_ratio",
            Fact::Precision(_) => "precision",
        }
    }
}

/// Whether a command's value is a template's placeholder (`<model>`, `{model_path}`).
fn placeholder(value: &str) -> bool {
    crate::value::is_placeholder(&value.to_lowercase())
}

/// The kinds of context a field can come from (`ContextRef::kind`).
pub const COMMAND: &str = "command";
pub const SERVE: &str = "serve";
pub const HEADING: &str = "heading";
pub const FRONT_MATTER: &str = "front-matter";
pub const TABLE_ROW: &str = "table-row";
/// A client command's `--metadata KEY=VALUE` entries, as a saved result records them.
pub const METADATA: &str = "metadata";
/// A labelled line of the document's prose (`**Hardware:** DGX Spark NVIDIA GB10`, `- GPU: H200`).
pub const LABELLED_LINE: &str = "labelled-line";
/// The line introducing a result block with the flags it changed from the command above
/// (`--tensor-parallel-size=1 结果：`, `With \`--max-concurrency 64\`:`).
pub const FLAGS_LINE: &str = "flags-line";
/// A short line of its own right above a code block or table, captioning it (`Single L4 GPU
/// vLLM 0.6.2`, `**Table 1: Throughput on 8x H100 (TP=8)**`): what it states holds for that
/// block or table only.
pub const CAPTION: &str = "caption";
/// A code block that only sets environment variables above the result (`INPUT_LEN=512
/// OUTPUT_LEN=256 TP=4`): the settings of the wrapper script that ran it ([`EnvBlock`]).
pub const ENVIRONMENT: &str = "environment";
/// The folder a sweep tool wrote a run's exports to, named for its point
/// (`…/concurrency_96/profile_export_aiperf.json`).
pub const EXPORT_PATH: &str = "export-path";

/// A path whose last folder is a generic name for weights (`/model`, `/data/models/`,
/// `./ckpt`): where a container or a script keeps them, not which checkpoint.
pub(crate) fn is_mount_point(path: &str) -> bool {
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    path.contains('/') && matches!(last.as_str(), "model" | "models" | "ckpt" | "ckpts" | "checkpoint" | "checkpoints" | "weights" | "hf_model" | "hf-model" | "llm" | "" | ".")
}

/// Fills the field `fact` names when the run has no value for it yet, and records where the
/// value came from. Returns whether it filled the field.
pub fn give(run: &mut Run, fact: Fact, line: u32, kind: &str) -> bool {
    let key = fact.key();
    let s = &mut run.scenario;
    let filled = match fact {
        // `--model M` in a command written as a template: one letter names no checkpoint.
        Fact::Model(v) if v.chars().count() <= 1 => false,
        // `--model-path /model`: the folder a container mounts the weights at names none.
        Fact::Model(v) if is_mount_point(&v) => false,
        Fact::Model(v) => fill(&mut run.model, hub_cache_model(&v).unwrap_or(v)),
        Fact::Gpu(v) => fill(&mut run.gpu, v),
        Fact::GpuCount(v) => fill(&mut run.gpu_count, v),
        Fact::Tp(v) => fill(&mut run.tp, v),
        Fact::Framework(v) => fill(&mut run.framework, v),
        Fact::FrameworkVersion(v) => fill(&mut run.framework_version, v),
        Fact::VersionOf(framework, v) => run.framework.as_deref() == Some(framework) && fill(&mut run.framework_version, v),
        Fact::Backend(v) => fill(&mut run.backend, v),
        Fact::Dataset(v) => fill(&mut s.dataset, v),
        Fact::NumPrompts(v) => fill(&mut s.num_prompts, v),
        Fact::InputLen(v) => fill(&mut s.input_len, v),
        Fact::OutputLen(v) => fill(&mut s.output_len, v),
        Fact::MaxConcurrency(v) => fill(&mut s.max_concurrency, v),
        Fact::RequestRate(v) => fill(&mut s.request_rate, v),
        Fact::RangeRatio(v) => fill(&mut s.range_ratio, v),
        Fact::Precision(v) => fill(&mut run.precision, v),
    };
    if filled {
        run.source.context.insert(key, ContextRef { line, kind: kind.to_string() });
    }
    filled
}

/// The checkpoint a Hugging Face cache folder holds: `…/hub/models--mlx-community--gemma-4-E2B-it-bf16/snapshots/22a27…`
/// is `mlx-community/gemma-4-E2B-it-bf16`.
pub(crate) fn hub_cache_model(path: &str) -> Option<String> {
    let folder = path.split('/').find_map(|p| p.strip_prefix("models--"))?;
    let (org, name) = folder.split_once("--")?;
    (!org.is_empty() && !name.is_empty() && !name.contains("--")).then(|| format!("{org}/{name}"))
}

/// The checkpoint a local folder holds, by its name: `/root/.cache/instructlab/models/ibm-granite/granite-3.3-8b-instruct`
/// is `ibm-granite/granite-3.3-8b-instruct`, `/ssd/hf_models/DeepSeek-V3.2-Exp` is
/// `DeepSeek-V3.2-Exp` (the folder above it a place, not an organisation). `None` for a
/// name that is no path (`Qwen/Qwen3-8B`) or a folder that names no model.
pub(crate) fn checkpoint_of_path(path: &str) -> Option<String> {
    let p = path.trim().trim_end_matches('/');
    if !(p.starts_with('/') || p.starts_with("./") || p.starts_with("~/") || p.starts_with("../")) {
        return None;
    }
    let mut parts = p.rsplit('/');
    let name = parts.next().filter(|n| is_model_word(n))?;
    // The folder above is the organisation only when it is a known publisher's (`/data1/rcai/…`
    // is a user's folder).
    let above = parts.next().unwrap_or("");
    let publisher = PUBLISHERS.iter().any(|p| p.eq_ignore_ascii_case(above));
    Some(if publisher { format!("{above}/{name}") } else { name.to_string() })
}

/// Organisations publishing checkpoints on Hugging Face or ModelScope, as a local folder above
/// a checkpoint names them.
const PUBLISHERS: [&str; 36] = [
    "Qwen", "meta-llama", "deepseek-ai", "mistralai", "google", "microsoft", "ibm-granite", "nvidia", "THUDM", "zai-org", "moonshotai",
    "internlm", "Internlm", "Shanghai_AI_Laboratory", "LLM-Research", "01-ai", "baichuan-inc", "tiiuae", "openai", "MiniMaxAI", "stepfun-ai",
    "nm-testing", "neuralmagic", "RedHatAI", "unsloth", "bartowski", "TheBloke", "lmstudio-community", "mlx-community", "ZhipuAI", "AI-ModelScope",
    "openbmb", "tencent", "baidu", "Salesforce", "allenai",
];

fn fill<T>(slot: &mut Option<T>, value: T) -> bool {
    if slot.is_some() {
        return false;
    }
    *slot = Some(value);
    true
}

// ---------------------------------------------------------------------------------------
// Headings

/// Model families whose names open a checkpoint name (`Qwen3-8B`, `gemma-4-E2B-it`,
/// `Meta-Llama-3-8B-Instruct`), lower case.
const FAMILIES: [&str; 41] = [
    // `facebook/opt-125m`: vLLM's examples' model.
    "opt-", "llama", "meta-llama", "codellama", "qwen", "qwq", "gemma", "mistral", "mixtral", "ministral", "devstral", "magistral",
    "deepseek", "gpt-oss", "gpt", "phi", "internlm", "intern", "internvl", "glm", "chatglm", "yi-", "baichuan", "falcon",
    "kimi", "minimax", "nemotron", "ernie", "hunyuan", "step", "mimo", "seed-oss", "olmo", "granite", "dbrx", "jamba",
    "starcoder", "vicuna", "tinyllama", "smollm", "lfm",
];

/// GPU names (upper case) a heading or table cell may name, longest first where one is the
/// prefix of another.
const GPUS: [&str; 104] = [
    "GB300", "GB200", "B300", "B200", "B100", "H800", "H200", "H100", "H20", "A800", "A100", "A6000", "A5000", "A4000", "A40", "A30", "A10G",
    "A10", "L40S", "L40", "L20", "L4", "V100", "T4", "MI355X", "MI355", "MI350X", "MI325X", "MI300X", "MI300A", "MI300", "MI250X",
    "MI250", "MI210", "MI100", "MI60", "MI50", "RTX PRO 6000", "RTX PRO 5000", "RTX PRO 4500", "RTX PRO 4000", "RTX 6000 ADA", "RTX 6000",
    "RTX 5090", "RTX 5080", "RTX 5070 TI", "RTX 5060 TI",
    // A laptop's card is another part than the desktop card of its number (less memory, lower clocks).
    "RTX 5090 LAPTOP", "RTX 5080 LAPTOP", "RTX 5070 TI LAPTOP", "RTX 5070 LAPTOP", "RTX 5060 LAPTOP", "RTX 4090 LAPTOP", "RTX 4080 LAPTOP",
    "RTX 4070 LAPTOP", "RTX 4060 LAPTOP", "RTX 3080 TI LAPTOP", "RTX 3080 LAPTOP", "RTX 3070 TI LAPTOP", "RTX 3070 LAPTOP", "RTX 3060 LAPTOP",
    "RTX 4090D", "RTX 4090 D", "RTX 4090", "RTX 4080", "RTX 4070 TI", "RTX 4070", "RTX 4060 TI", "RTX 4060",
    "RTX 3090 TI", "RTX 3090", "RTX 3080 TI", "RTX 3080", "RTX 3070", "RTX 3060", "RTX 2080 TI", "910B4", "910B3", "910B2", "910B", "910C",
    "ATLAS 800I A3", "ATLAS 800T A3", "ATLAS A3", "ATLAS 800I A2", "GAUDI3", "GAUDI2", "GH200", "GB10",
    // MetaX's Xiyun cards (`MetaX C500，8 卡`, `C550 TP4`).
    "C550", "C500",
    // NVIDIA's desktop Grace Blackwell machine, named for its GB10 (the name table says so).
    "DGX SPARK",
    // Google's TPUs, the accelerator a JAX engine's results ran on.
    "TPU V7X", "TPU7X", "TPU V6E", "TPU6E", "TPU V5P", "TPU V5E", "TPU V4",
    // Jetson modules, named without a number (`Jetson Orin` alone names no one module).
    "JETSON AGX THOR", "JETSON THOR", "JETSON AGX ORIN", "JETSON ORIN NANO", "JETSON ORIN NX",
];

/// What one heading states.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Heading {
    pub model: Option<String>,
    pub gpu: Option<String>,
    pub gpu_count: Option<u32>,
    pub tp: Option<u32>,
    pub framework: Option<&'static str>,
    /// One precision named as a word of its own (`### FP8`): `precision::named_in_heading`.
    pub precision: Option<String>,
    /// The load it states as `KEY=VALUE` (`CONC=64`, `ISL=1024`): [`settings_in`].
    pub load: Vec<Fact>,
    /// The release right after its one framework (`vLLM 0.11.2`, `SGLang v0.4.1`).
    pub version: Option<String>,
}

impl Heading {
    pub fn facts(&self) -> Vec<Fact> {
        let mut out = Vec::new();
        out.extend(self.model.clone().map(Fact::Model));
        out.extend(self.gpu.clone().map(Fact::Gpu));
        out.extend(self.gpu_count.map(Fact::GpuCount));
        out.extend(self.tp.map(Fact::Tp));
        out.extend(self.framework.map(|f| Fact::Framework(f.to_string())));
        // After the framework it belongs to.
        out.extend(self.framework.zip(self.version.clone()).map(|(f, v)| Fact::VersionOf(f, v)));
        // A release alone (`### v0.7.2 + \`1e77ed2\``): of whichever engine the run is.
        out.extend(self.version.clone().filter(|_| self.framework.is_none()).map(Fact::FrameworkVersion));
        out.extend(self.precision.clone().map(Fact::Precision));
        out.extend(self.load.iter().cloned());
        out
    }
}

/// The load a heading or a labelled line states as `KEY=VALUE` pairs: `(TP=4, CONC=64 unless
/// noted)`, `ISL=1024, OSL=1024, random_range_ratio=0.8`, `(…, input=128, output=128, …)`.
/// Only keys that name a load field, and whole numbers (a ratio in 0..=1); `1k` is no length
/// (1000 or 1024).
pub fn settings_in(text: &str) -> Vec<Fact> {
    if !text.contains('=') {
        return Vec::new();
    }
    let mut out = Vec::new();
    let parts: Vec<&str> = text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | ',' | ';' | '|' | '（' | '）' | '，')).collect();
    for (i, pair) in parts.iter().enumerate() {
        let Some((key, value)) = pair.split_once('=') else { continue };
        // `concurrency=2,32`: a list of values, of which none is the run's. (Each part is a
        // slice of `text`: where it ends there, the separator after it.)
        let end = pair.as_ptr() as usize - text.as_ptr() as usize + pair.len();
        let listed = text[end..].starts_with(',') && parts.get(i + 1).is_some_and(|next| !next.is_empty() && next.bytes().all(|b| b.is_ascii_digit()));
        if listed {
            continue;
        }
        let key = key.trim_matches(|c: char| matches!(c, '`' | '*' | '-')).to_ascii_lowercase().replace('-', "_");
        let value = value.trim_matches(|c: char| matches!(c, '`' | '*' | '.' | ':' | '：'));
        // `ISL:OSL=3000:150`, `ISL/OSL=1024/128`: two settings in one.
        let pair = key.split_once([':', '/']).zip(value.split_once([':', '/']));
        let settings: Vec<(&str, &str)> = match &pair {
            Some(((k1, k2), (v1, v2))) => vec![(k1, v1), (k2, v2)],
            None => vec![(key.as_str(), value)],
        };
        for (key, value) in settings {
            if let Some(fact) = load_setting(key, value).filter(|f| !out.iter().any(|o: &Fact| o.key() == f.key())) {
                out.push(fact);
            }
        }
    }
    out
}

/// The load a heading states as a benchmark client's flags (``## High-concurrency
/// (`--request-rate inf --max-concurrency 64 --num-prompts 500`)``: its code spans' text is the
/// heading's), each flag with one value (`--max-concurrency 1 vs --max-concurrency 64` states
/// none).
fn flags_in_heading(title: &str) -> Vec<Fact> {
    if !title.contains(" --") && !title.contains("(--") && !title.starts_with("--") {
        return Vec::new();
    }
    let spaced: String = title.chars().map(|c| if matches!(c, '(' | ')' | ',' | '，' | '（' | '）' | '`') { ' ' } else { c }).collect();
    let mut found: Vec<(&str, String)> = Vec::new();
    for (name, value) in crate::client::flags(&spaced) {
        let Some(value) = value else { continue };
        let key = match name.as_str() {
            "--max-concurrency" => "max_concurrency",
            "--request-rate" => "request_rate",
            "--num-prompts" => "num_prompts",
            "--random-input-len" | "--input-len" => "input_len",
            "--random-output-len" | "--output-len" => "output_len",
            _ => continue,
        };
        found.push((key, value));
    }
    let once = |key: &str| found.iter().filter(|(k, _)| *k == key).map(|(_, v)| v).collect::<std::collections::HashSet<_>>().len() == 1;
    let mut out: Vec<Fact> = Vec::new();
    for (key, value) in &found {
        if once(key) {
            if let Some(fact) = load_setting(key, value).filter(|f| !out.iter().any(|o| o.key() == f.key())) {
                out.push(fact);
            }
        }
    }
    out
}

/// The load field one `key=value` setting states (`key` lower-case, `_` between words):
/// a whole number for a length, concurrency or prompt count, a ratio in 0..=1.
fn load_setting(key: &str, value: &str) -> Option<Fact> {
    let whole = || value.parse::<u64>().ok().filter(|&n| n > 0);
    match key {
        // (`parallel` and `number`: EvalScope's `--parallel` and `--number`.)
        "c" | "conc" | "concurrency" | "max_concurrency" | "parallel" => whole().map(Fact::MaxConcurrency),
        "isl" | "input_len" | "input" | "random_input_len" => whole().map(Fact::InputLen),
        "osl" | "output_len" | "output" | "random_output_len" => whole().map(Fact::OutputLen),
        "num_prompts" | "num_prompt" | "prompts" | "number" => whole().map(Fact::NumPrompts),
        // `rps=inf`, `request_rate=8`: the client's request rate.
        "rps" | "qps" | "request_rate" => match value.to_ascii_lowercase().as_str() {
            "inf" | "infinity" => Some(Fact::RequestRate(RequestRate::Inf)),
            v => v.parse::<f64>().ok().filter(|r| r.is_finite() && *r > 0.0).map(|r| Fact::RequestRate(RequestRate::PerSecond(r))),
        },
        "random_range_ratio" | "range_ratio" => value.parse::<f64>().ok().filter(|r| (0.0..=1.0).contains(r)).map(Fact::RangeRatio),
        _ => None,
    }
}

/// A code block that only sets environment variables (`INPUT_LEN=512 OUTPUT_LEN=256 TP=4`,
/// `export MODEL=Qwen/Qwen3-8B`): the settings a wrapper script runs the benchmark with. What
/// its variables state (load, TP, model) holds for the result blocks below it, up to the
/// next heading or the next such block.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvBlock {
    /// The block's closing fence: it holds for the runs of blocks that begin after it...
    pub last: u32,
    /// ...up to this line (the next heading's or environment block's, or the end).
    pub until: u32,
    /// Each fact with the line of the variable that states it.
    pub facts: Vec<(Fact, u32)>,
}

/// One variable of an environment line: `NAME=value` (quotes around the value dropped).
fn assignment(word: &str) -> Option<(&str, &str)> {
    let (name, value) = word.split_once('=')?;
    let ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    ok.then(|| (name, value.trim_matches(['"', '\''])))
}

/// What one environment variable states: a load (`INPUT_LEN`, `ISL`, `CONCURRENCY`,
/// `NUM_PROMPTS`), TP (`TP`, `TP_SIZE`, `TENSOR_PARALLEL_SIZE`) or a model (`MODEL`,
/// `MODEL_NAME`, `MODEL_ID`, `MODEL_PATH` holding a checkpoint name). Other variables (paths,
/// engine switches, `MAX_MODEL_LEN`) state none of a run's fields.
fn env_fact(name: &str, value: &str) -> Option<Fact> {
    let key = name.to_ascii_lowercase();
    match key.as_str() {
        "tp" | "tp_size" | "tensor_parallel_size" | "tensor_parallel" => value.parse::<u32>().ok().filter(|&n| n > 0).map(Fact::Tp),
        "model" | "model_name" | "model_id" | "model_path" => {
            let name = value.trim_end_matches('/');
            let checkpoint = is_checkpoint_id(name) || (!name.contains('/') && is_model_word(name));
            checkpoint.then(|| Fact::Model(name.to_string()))
        }
        "input_length" => load_setting("input_len", value),
        "output_length" => load_setting("output_len", value),
        _ => load_setting(&key, value),
    }
}

/// The environment blocks of a document ([`EnvBlock`]): a fenced block whose every line is
/// blank, a comment or `[export] NAME=value …` assignments, and that states a run's field.
pub fn env_blocks(text: &str, first_line: u32) -> Vec<EnvBlock> {
    let mut out: Vec<EnvBlock> = Vec::new();
    let mut fence: Option<(&str, usize)> = None;
    // Whether the open block is still only assignments, and what they state.
    let mut only_assignments = true;
    let mut facts: Vec<(Fact, u32)> = Vec::new();
    let at = |k: usize| first_line + k as u32;
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if let Some((open, opened)) = fence {
            if t.starts_with(open) {
                fence = None;
                if only_assignments && !facts.is_empty() {
                    if let Some(prev) = out.last_mut().filter(|p| p.until > at(opened)) {
                        prev.until = at(opened);
                    }
                    out.push(EnvBlock { last: at(i), until: u32::MAX, facts: std::mem::take(&mut facts) });
                }
                continue;
            }
            if !only_assignments || t.is_empty() || t.starts_with('#') {
                continue;
            }
            let words = t.strip_prefix("export ").unwrap_or(t).split_whitespace();
            let mut pairs = Vec::new();
            for w in words {
                match assignment(w) {
                    Some(pair) => pairs.push(pair),
                    None => {
                        only_assignments = false;
                        break;
                    }
                }
            }
            for (name, value) in pairs.into_iter().filter(|_| only_assignments) {
                if let Some(fact) = env_fact(name, value).filter(|f| !facts.iter().any(|(o, _)| o.key() == f.key())) {
                    facts.push((fact, at(i)));
                }
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some((&t[..3], i));
            only_assignments = true;
            facts.clear();
        } else if t.starts_with('#') {
            // A heading ends what the block above it holds for.
            if let Some(prev) = out.last_mut().filter(|p| p.until == u32::MAX) {
                prev.until = at(i);
            }
        }
    }
    out
}

/// Reads a heading: `gemma-4-31B-it (2x H200, TP=2)` → model `gemma-4-31B-it`, GPU `H200`,
/// 2 GPUs, TP 2. A heading that names no checkpoint-like word (`5.1 Speed Benchmark`,
/// `GSM8K`) states no model; one naming two frameworks (`SGLang vs vLLM`) states none.
pub fn heading(title: &str) -> Heading {
    // (A document's headings are read again for each of its tables, checks and captions.)
    thread_local! {
        static READ: crate::memo::Table<Heading> = Default::default();
    }
    crate::memo::answer(&READ, title, read_heading)
}

/// What [`heading`] answers, worked out.
fn read_heading(title: &str) -> Heading {
    let mut h = Heading::default();
    let title = unnumbered(title);
    let words = words(title);
    // `Gemma4 12B FP8 Benchmark Scaffold — 26B Alignment Results`: a heading naming another
    // size than its model's names two models; which one ran is not said.
    h.model = model_in(&words).filter(|m| {
        let sizes = |w: &str| w.split(['-', '/']).filter(|p| is_size(p)).map(str::to_ascii_lowercase).collect::<Vec<_>>();
        let own = sizes(m);
        // (`Qwen2.5-7B (7.62B参数)`: a model's exact count of parameters is its own size.)
        let exact_of = |s: &str| {
            let (n, unit) = s.split_at(s.len() - 1);
            n.contains('.') && n.parse::<f64>().is_ok_and(|n| own.iter().any(|o| o.strip_suffix(unit).and_then(|o| o.parse::<f64>().ok()).is_some_and(|o| n.floor() == o || n.round() == o)))
        };
        own.is_empty() || words.iter().flat_map(|w| sizes(w)).all(|s| own.contains(&s) || exact_of(&s))
    });
    // `DS-R1 FP4 on B200 vs DS-R1 FP8 on H200`: two GPUs named, neither is every run's.
    if let Some((gpu, count)) = gpu_in(title).filter(|(g, _)| !names_another_gpu(title, g)) {
        h.gpu = Some(gpu);
        h.gpu_count = count;
    }
    if h.gpu_count.is_none() {
        h.gpu_count = gpus_in(title).or_else(|| data_expert_ranks(&words));
    }
    // `单卡 910B3`, `Single H100`: one card, said with the GPU named right after.
    if h.gpu_count.is_none() {
        if let Some(gpu) = h.gpu.as_deref() {
            let single = ["单卡", "單卡", "single"].iter().any(|w| {
                let lower = title.to_lowercase();
                lower.find(w).is_some_and(|at| lower[at + w.len()..].trim_start().to_uppercase().starts_with(&gpu.to_uppercase()))
            });
            h.gpu_count = single.then_some(1);
        }
    }
    h.tp = tp_in(title);
    // `### DeepSeek-V3 (TP4_flashinfer) [8-gpu-h200]`: more GPUs than the TP, and no other
    // parallelism named, count the machine (its runner's label), not what the run used.
    if let (Some(count), Some(tp)) = (h.gpu_count, h.tp) {
        let lower = title.to_ascii_lowercase();
        let other = ["dp", "pp", "ep", "data parallel", "pipeline", "replica", "expert"].iter().any(|w| {
            lower.match_indices(w).any(|(at, _)| !lower[..at].ends_with(|c: char| c.is_ascii_alphabetic()) && !lower[at + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
        });
        if count > tp && !other {
            h.gpu_count = None;
        }
    }
    h.load = settings_in(title);
    // ``## High-concurrency (`--request-rate inf --max-concurrency 64 --num-prompts 500`)``: the
    // client's flags in a code span of the heading.
    for fact in flags_in_heading(title) {
        if !h.load.iter().any(|f| f.key() == fact.key()) {
            h.load.push(fact);
        }
    }
    if !h.load.iter().any(|f| matches!(f, Fact::InputLen(_) | Fact::OutputLen(_))) {
        h.load.extend(length_pair(title));
    }
    if !h.load.iter().any(|f| matches!(f, Fact::InputLen(_) | Fact::OutputLen(_))) {
        h.load.extend(counted_lengths(title));
    }
    // `Benchmark (input 1000 / output 1000)`: each word before its count, both of them.
    if !h.load.iter().any(|f| matches!(f, Fact::InputLen(_) | Fact::OutputLen(_))) {
        let named = lengths_in(&title.replace(['/', '(', ')'], " "));
        if named.len() == 2 {
            h.load.extend(named);
        }
    }
    if !h.load.iter().any(|f| matches!(f, Fact::MaxConcurrency(_))) {
        h.load.extend(concurrency_in(&words).map(Fact::MaxConcurrency));
    }
    // `1k1k/w4a16-cutedsl/tp4_conc8`: a run's settings as a path, each part a word of its own.
    let path_parts: Vec<&str> = words.iter().filter(|w| w.contains('/')).flat_map(|w| w.split(['/', '_', '-'])).filter(|p| !p.is_empty()).collect();
    if !path_parts.is_empty() {
        let glued = |prefix: &str| -> Vec<u64> { path_parts.iter().filter_map(|p| p.strip_prefix(prefix)?.parse::<u64>().ok()).filter(|&n| n > 0).collect() };
        if !h.load.iter().any(|f| matches!(f, Fact::MaxConcurrency(_))) {
            if let [n] = glued("conc").as_slice() {
                h.load.push(Fact::MaxConcurrency(*n));
            }
        }
    }
    // `(opt-125m, input=128, output=128, 200 prompts)`: the prompts sent.
    if !h.load.iter().any(|f| matches!(f, Fact::NumPrompts(_))) {
        // (`Run 3 prompts per category` counts no run's prompts.)
        let each = |i: usize| words.get(i).is_some_and(|w| matches!(w.to_ascii_lowercase().as_str(), "per" | "each"));
        let counts: Vec<u64> = (1..words.len())
            .filter(|&i| words[i].eq_ignore_ascii_case("prompts") && !each(i + 1))
            .filter_map(|i| words[i - 1].parse::<u64>().ok().filter(|&n| n > 0))
            .collect();
        if let [n] = counts.as_slice() {
            h.load.push(Fact::NumPrompts(*n));
        }
    }
    h.precision = crate::precision::named_in_heading(words.iter().copied()).or_else(|| crate::precision::named_in_heading(path_parts.iter().copied()));
    let frameworks: Vec<&'static str> = {
        let mut f: Vec<&'static str> = words.iter().filter_map(|w| framework_word(w)).collect();
        f.dedup();
        f
    };
    // `추론 성능 비교 (versus vLLM)`, `compared with SGLang`, `vLLM 대비`: the engine measured
    // against, not the one measured.
    let compared = words.iter().enumerate().any(|(i, w)| {
        let bare = |k: usize| words.get(k).map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()).unwrap_or_default();
        framework_word(w).is_some()
            && ((i >= 1 && matches!(bare(i - 1).as_str(), "vs" | "versus" | "against" | "than" | "对比" | "相比"))
                || matches!(bare(i + 1).as_str(), "대비" | "对比" | "相比" | "比较"))
    });
    if let ([one], false) = (frameworks.as_slice(), compared) {
        h.framework = Some(one);
        // `vLLM 0.6.2`, `SGLang v0.4.1`: the release right after the engine's name.
        let at = words.iter().position(|w| framework_word(w).is_some());
        h.version = at.and_then(|i| words.get(i + 1)).and_then(|w| exact_version(w));
    } else if frameworks.is_empty() {
        // `### v0.7.1 + \`9528a74\``: a section per release of the document's engine.
        h.version = words.first().filter(|w| w.starts_with(['v', 'V'])).and_then(|w| exact_version(w));
    }
    h
}

/// `4 节点, DP32 + EP32`: attention data parallel and expert parallel over the same ranks,
/// one GPU each: that many GPUs (a TP the serve command of another setup states is not this
/// one's). `None` unless both are named, with one size.
fn data_expert_ranks(words: &[&str]) -> Option<u32> {
    let size = |prefix: &str| -> Option<u32> {
        let mut found = words.iter().filter_map(|w| {
            let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
            let (head, n) = w.split_at(w.len().min(2));
            (head.eq_ignore_ascii_case(prefix) && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then(|| n.parse::<u32>().ok()).flatten()
        });
        let first = found.next()?;
        found.all(|n| n == first).then_some(first)
    };
    match (size("dp"), size("ep")) {
        (Some(dp), Some(ep)) if dp == ep && dp >= 2 => Some(dp),
        _ => None,
    }
}

/// A heading without its section number (`1. Concurrency Sweep`, `2) Results`, `3.2.1 Setup`),
/// which states no value: `1. Concurrency` is no concurrency of 1.
fn unnumbered(title: &str) -> &str {
    let t = title.trim_start();
    let Some((first, rest)) = t.split_once(char::is_whitespace) else { return title };
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let closed = first.strip_suffix(['.', ')']).is_some_and(|n| n.split('.').all(digits));
    let dotted = first.matches('.').count() >= 2 && first.split('.').all(digits);
    if closed || dotted { rest } else { title }
}

/// The input and output lengths a heading names as a pair of whole numbers (`/` or `→` between)
/// right after a word saying they are the input and output lengths (`均衡负载 1024/1024`,
/// `ISL/OSL 8000/1024`, `workload 1024/128`, `random 1024→1024`) or right before `tokens`
/// (`1024/128 tokens`); a pair in `k` (`1K/1K`:
/// 1000 or 1024?), one after another word (`concurrency 32/64`, `200/200 requests`), or after
/// `OSL/ISL` (the other order) is none, and so are two pairs.
fn length_pair(title: &str) -> Vec<Fact> {
    const BEFORE: [&str; 11] = ["负载", "isl/osl", "workload", "长度", "length", "lengths", "in/out", "input/output", "输入/输出", "i/o", "random"];
    let lower = title.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '，' | '（' | '）' | ':' | '：')).filter(|w| !w.is_empty()).collect();
    let whole = |t: &str| (!t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse::<u64>().ok()).flatten().filter(|&n| n >= 16);
    let mut found = Vec::new();
    for (k, word) in words.iter().enumerate() {
        // (`random 1024→1024`: the arrow from input to output.)
        let mut parts = word.split(['/', '→']);
        let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (Some(a), Some(b)) = (whole(a), whole(b)) else { continue };
        let named = k > 0 && BEFORE.iter().any(|w| words[k - 1].ends_with(w));
        let tokens = words.get(k + 1).is_some_and(|w| w.starts_with("token"));
        if named || tokens {
            found.push((a, b));
        }
    }
    match found.as_slice() {
        [(a, b)] => vec![Fact::InputLen(*a), Fact::OutputLen(*b)],
        _ => Vec::new(),
    }
}

/// [`heading`], with a GPU the name table knows as one of the heading's words when the
/// built-in GPU words name none (`## 2080Ti 실측` → `RTX 2080 Ti`): the table a GPU cell of a
/// markdown table is read with. A bare number (`3090`) counts only beside a word saying it is
/// a card (`Nvidia`, `GeForce`, `RTX`, `GPU`, `显卡`, `卡`, a memory size: `4090 24GB`).
/// The subtitle of a document: its first line after the title (`# Title` on line
/// `title_line`), when that line is wholly bold or italic (`**Llama-8B on NVIDIA A40 |
/// SGLang vs LMDeploy**`), without its markup, with its line. What it names holds for the
/// whole document, as the title's words do.
pub fn subtitle(text: &str, title_line: u32) -> Option<(String, u32)> {
    let (i, line) = text.lines().enumerate().skip(title_line as usize).find(|(_, l)| !l.trim().is_empty())?;
    let t = line.trim();
    let inner = ["**", "__", "*", "_"].iter().find_map(|m| t.strip_prefix(m).and_then(|r| r.strip_suffix(m)))?;
    let plain = !inner.is_empty() && !inner.contains(['*', '`']) && inner.len() <= 200;
    plain.then(|| (inner.trim().to_string(), i as u32 + 1))
}

pub fn heading_with(title: &str, names: &crate::names::Names) -> Heading {
    let mut h = heading(title);
    // (Not when the heading names two GPUs, which `heading` left unsaid.)
    if h.gpu.is_none() && gpu_in(title).is_none() {
        let lower = title.to_lowercase();
        let words = words(title);
        // `4090 24GB`: a memory size beside the number says it is a card as well.
        let memory = |w: &&str| w.strip_suffix(['B', 'b']).unwrap_or(w).strip_suffix(['G', 'g']).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let card = ["nvidia", "geforce", "rtx", "gpu", "显卡", "卡"].iter().any(|w| lower.contains(w)) || words.iter().any(memory);
        h.gpu = words.iter().filter(|w| card || !w.bytes().all(|b| b.is_ascii_digit())).find_map(|w| names.known_gpu(w));
    }
    h
}

/// The concurrency a heading names as a number beside a load word (`### 1 并发`, `10
/// 同時リクエスト`, `Concurrency 64`, `64 users`, `Concurrency User 1`, `(Batch Size 128)`),
/// or `Single Request` (one at a time); `None` when it names none or several.
fn concurrency_in(words: &[&str]) -> Option<u64> {
    const LOAD: [&str; 11] = ["并发", "并发数", "并发量", "并发数量", "concurrency", "concurrent", "users", "同時リクエスト", "同時接続", "clients", "동시"];
    let load = |w: &str| LOAD.iter().any(|l| w.eq_ignore_ascii_case(l));
    let number = |w: &str| w.parse::<u64>().ok().filter(|&n| n > 0);
    let is = |i: usize, word: &str| words.get(i).is_some_and(|w| w.eq_ignore_ascii_case(word));
    let mut found = None;
    for (i, w) in words.iter().enumerate() {
        let n = number(w).filter(|_| words.get(i + 1).is_some_and(|next| load(next)))
            .or_else(|| words.get(i + 1).and_then(|next| number(next)).filter(|_| load(w)))
            // `Concurrency User 1`: a user count after its word (not `10 user turns`).
            .or_else(|| words.get(i + 1).and_then(|next| number(next)).filter(|_| is(i, "user")))
            // `(Batch Size 128)`, not a server's `max batch size 256`.
            .or_else(|| words.get(i + 2).and_then(|n| number(n)).filter(|_| is(i, "batch") && is(i + 1, "size") && !(i > 0 && is(i - 1, "max"))))
            .or_else(|| (is(i, "single") && (is(i + 1, "request") || is(i + 1, "user"))).then_some(1))
            // `Single-request Latency Profile`.
            .or_else(|| (w.eq_ignore_ascii_case("single-request") || w.eq_ignore_ascii_case("single-user")).then_some(1));
        if let Some(n) = n {
            if found.is_some_and(|f| f != n) {
                return None;
            }
            found = Some(n);
        }
    }
    found
}

/// The concurrency a cell's brackets state when they hold nothing else: `batch 64`, `bs=64`,
/// `c=8`, `concurrency 16`, `64 users` (not `3.2x vs batch 1`).
pub fn concurrency_stated(text: &str) -> Option<u64> {
    let t = text.trim().to_lowercase().replace('=', " ");
    let ws: Vec<&str> = t.split_whitespace().collect();
    let number = |w: &str| w.parse::<u64>().ok().filter(|&n| n > 0);
    match ws.as_slice() {
        [word, n] if ["batch", "bs", "c", "concurrency", "并发"].contains(word) => number(n),
        [n, word] if ["users", "concurrent", "并发"].contains(word) => number(n),
        _ => None,
    }
}

/// The words of a heading or cell, with markup and punctuation around them removed. Words
/// of a script written without spaces are apart from the Latin ones they touch:
/// `MiniMax-M2.5模型在不同芯片下` is `MiniMax-M2.5` and `模型在不同芯片下`.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | ',' | ';' | '|' | '（' | '）' | '，'))
        .flat_map(|w| {
            let mut parts = Vec::new();
            let mut start = 0;
            let mut ascii = w.starts_with(|c: char| c.is_ascii());
            for (i, c) in w.char_indices() {
                if c.is_ascii() != ascii {
                    parts.push(&w[start..i]);
                    (start, ascii) = (i, c.is_ascii());
                }
            }
            parts.push(&w[start..]);
            parts
        })
        .map(|w| w.trim_matches(|c: char| matches!(c, '`' | '*' | '_' | '"' | '\'' | ':' | '.' | '!' | '?' | '：')))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The model a heading's words name: the first checkpoint-like word (`Qwen3-8B-FP8`), or a
/// name written with spaces (`Llama 3.1 8B Instruct`, `Qwen2.5 7B`, `Qwen 2.5 Coder 7B`,
/// `DeepSeek R1`) joined as its checkpoints are named (`Llama-3.1-8B-Instruct`,
/// `Qwen2.5-7B`: Qwen glues its version to the family), so the model catalog knows it.
fn model_in(words: &[&str]) -> Option<String> {
    // Every model name holds a digit (a size, a version, DeepSeek's `V3`): headings and
    // header cells without one (most of them) are done without trying each word.
    if !words.iter().any(|w| w.bytes().any(|b| b.is_ascii_digit())) {
        return None;
    }
    for (i, w) in words.iter().enumerate() {
        if let Some(spaced) = spaced_model(w, &words[i + 1..]) {
            return Some(spaced);
        }
        if is_model_word(w) {
            return Some(w.to_string());
        }
    }
    None
}

/// Words that may follow a family name in a model written with spaces, before or after its
/// size (lower case): variants and precisions.
const MODEL_VARIANTS: [&str; 31] = [
    "instruct", "chat", "coder", "base", "it", "vl", "math", "omni", "distill", "mini", "small", "medium", "large", "nemo",
    // `DeepSeek V4 Flash`: another model than `DeepSeek V4 Pro`.
    "flash", "pro", "lite", "air", "turbo", "thinking", "preview",
    "fp8", "fp16", "bf16", "awq", "gptq", "int4", "int8", "nvfp4", "mxfp4", "w8a8",
];

/// A model written with spaces, starting at `first`: a family word (`Llama`, `qwen`) or a
/// family with its version and no size (`Qwen2.5`, `Llama-3.1`), then at most one version
/// (`3.1`, `V3`, `R1`) before one size (`8B`, `8x7B`, `A3B`) and variant words (`Instruct`,
/// `FP8`). Only a name with a size, or DeepSeek's `V3`/`R1`, is a model: `Qwen 2.5 Series`
/// and `Llama 3` name families.
fn spaced_model(first: &str, rest: &[&str]) -> Option<String> {
    let lower = first.to_ascii_lowercase();
    let bare = FAMILIES.iter().any(|f| !f.ends_with('-') && f.len() > 2 && *f == lower);
    // A checkpoint or tag name (`org/name`, ollama's `llama3.1:latest`) is whole as written.
    let plain = first.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'));
    let versioned = plain && is_model_word(first) && !first.split('-').any(is_size);
    if !(bare || versioned) || rest.is_empty() {
        return None;
    }
    let (mut version, mut size, mut named) = (versioned, false, false);
    let mut parts: Vec<&str> = vec![first];
    for w in rest {
        let l = w.to_ascii_lowercase();
        if !size && is_size(w) {
            size = true;
        } else if !size && !version && is_version_and_size(w) {
            (version, size) = (true, true);
        } else if !size && !version && (is_version(w) || is_series(&l)) {
            version = true;
            named |= is_series(&l) && lower == "deepseek";
        } else if MODEL_VARIANTS.contains(&l.as_str()) {
        } else {
            break;
        }
        parts.push(w);
    }
    if !(size || named) || parts.len() < 2 {
        return None;
    }
    let mut name = parts[0].to_string();
    for (k, part) in parts.iter().enumerate().skip(1) {
        // Qwen's checkpoints glue the version to the family: `Qwen2.5-7B`, `Qwen3-8B`.
        if k == 1 && bare && matches!(lower.as_str(), "qwen" | "qwq") && (is_version(part) || is_version_and_size(part)) {
            name.push_str(part);
        } else {
            name.push('-');
            name.push_str(part);
        }
    }
    Some(name)
}

/// `3-8B`, `2.5-7B`: a version and a size joined by a hyphen (`Llama 3-8B`).
fn is_version_and_size(w: &str) -> bool {
    w.split_once('-').is_some_and(|(v, size)| is_version(v) && is_size(size))
}

/// `3`, `3.1`, `2.5`: a version written apart from its family.
fn is_version(w: &str) -> bool {
    !w.is_empty() && w.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) && w.len() <= 5
}

/// DeepSeek's and Mistral's lettered versions: `V3`, `v2.5`, `R1`.
fn is_series(lower: &str) -> bool {
    lower.strip_prefix(['v', 'r']).is_some_and(is_version)
}

/// What a heading or column header says of a model family, for a table cell that holds only
/// a size (`0.8B`): the family it names without a size (`# mlllm Qwen3.5 优化日志` →
/// `Qwen3.5`), or that it names a whole model (`Qwen3-8B`: the cell's size is not to be
/// joined to it). `None` when it names neither.
pub enum FamilyWord {
    Family(String),
    Model(String),
}

pub fn family_word_in(text: &str) -> Option<FamilyWord> {
    // A family or model word holds a digit ([`is_model_word`], [`model_in`]).
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let words = words(text);
    if let Some(m) = model_in(&words).filter(|m| m.split(['-', '/']).any(is_size)) {
        return Some(FamilyWord::Model(m));
    }
    words.iter().find(|w| is_model_word(w) && !w.split(['-', '/']).any(is_size)).map(|w| FamilyWord::Family(w.to_string()))
}

/// A parameter count: `8B`, `0.5B`, `135M`, `8x7B`, `A3B`, `E2B`, `30B-A3B`.
pub fn is_size(w: &str) -> bool {
    let one = |p: &str| {
        let p = p.strip_prefix(['A', 'E', 'a', 'e']).unwrap_or(p);
        let p = p.split_once(['x', 'X']).map_or(p, |(n, rest)| if n.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty() { rest } else { p });
        p.strip_suffix(['B', 'b', 'M', 'm']).is_some_and(|n| !n.is_empty() && n.split('.').all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())))
    };
    !w.is_empty() && w.split('-').all(one)
}

/// `Qwen/Qwen3-8B-FP8`, `gpt-oss-120b`, `gemma-4-E2B-it`: a family name followed by a
/// version or size.
pub fn is_model_word(word: &str) -> bool {
    if word.len() > 120 || word.contains("://") {
        return false;
    }
    let base = word.trim_end_matches('/').rsplit('/').next().unwrap_or(word);
    // A version or size has a digit: most words (of headings, cells, prose) have none and
    // are done without looking for a family.
    if !base.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    // The family name ends where a version, size or separator begins (`internal-2` is no
    // InternLM). Compared without case, in place (no lower-case copy of the word).
    let family = FAMILIES.iter().any(|f| {
        let head = base.as_bytes().get(..f.len()).is_some_and(|h| h.eq_ignore_ascii_case(f.as_bytes()));
        // The head matched ASCII bytes, so `f.len()` is a character boundary.
        head && {
            let rest = &base[f.len()..];
            let c = rest.chars().next();
            // DeepSeek's lettered versions are glued on in some docs: `DeepSeekV3`, `DeepSeekR1`.
            let lettered = *f == "deepseek" && rest.strip_prefix(['v', 'r', 'V', 'R']).is_some_and(|r| r.starts_with(|d: char| d.is_ascii_digit()));
            lettered || c.is_some_and(|c| f.ends_with('-') || c.is_ascii_digit() || matches!(c, '-' | '_' | '.'))
        }
    });
    family && gpu_in(word).is_none()
}

fn framework_word(word: &str) -> Option<&'static str> {
    let w = word.to_ascii_lowercase();
    match w.as_str() {
        "vllm" | "sglang" | "lmdeploy" | "trt-llm" | "tensorrt-llm" | "trtllm" | "mlc-llm" | "tgi" | "llama.cpp" | "ollama" | "sglang-jax" | "sgl-jax" => framework::of_backend(&w),
        _ => None,
    }
}

/// A GPU name and the count written with it: `1x H200`, `8xH100-SXM`, `H100 x 8`,
/// `A100-80G`, `2 × MI300X`. The name is returned as written (`H100-SXM`), a series glued to
/// its number set apart (`RTX-4090` → `RTX 4090`).
pub fn gpu_in(text: &str) -> Option<(String, Option<u32>)> {
    gpu_as_written(text).or_else(|| {
        // `1 × RTX-4090`, `2xRTX4090`: the series glued to the number, as the table's names
        // are not (`RTX 4090`).
        let spaced = series_spaced(text)?;
        gpu_as_written(&spaced)
    })
}

/// `text` with `RTX` or `GTX` and the number glued to it apart (`RTX-4090`, `RTX4090` →
/// `RTX 4090`), in one pass over its bytes; `None` when nothing was glued.
fn series_spaced(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut copied = 0;
    let mut i = 0;
    while i + 3 <= bytes.len() {
        let series = bytes[i..i + 3].eq_ignore_ascii_case(b"RTX") || bytes[i..i + 3].eq_ignore_ascii_case(b"GTX");
        // Not inside a word, but after a count's `2x`.
        let apart = match &bytes[..i] {
            [.., d, b'x' | b'X'] => d.is_ascii_digit(),
            [.., b] => !b.is_ascii_alphanumeric(),
            [] => true,
        };
        if !(series && apart) {
            i += 1;
            continue;
        }
        let end = i + 3;
        let digits = end + usize::from(bytes.get(end) == Some(&b'-'));
        if bytes.get(digits).is_some_and(u8::is_ascii_digit) {
            out.push_str(&text[copied..end]);
            out.push(' ');
            copied = digits;
        }
        i = end;
    }
    (copied > 0).then(|| {
        out.push_str(&text[copied..]);
        out
    })
}

fn gpu_as_written(text: &str) -> Option<(String, Option<u32>)> {
    // A name is looked for only when its first and last bytes occur in the text (most of the
    // forty names are not in a heading or a cell at all).
    // Every name but a Jetson's and the DGX Spark's holds a digit: a text without one (most
    // headings and cells) names none.
    if !text.bytes().any(|b| b.is_ascii_digit())
        && !crate::text::contains_ignore_ascii_case(text, "jetson")
        && !crate::text::contains_ignore_ascii_case(text, "dgx spark")
    {
        return None;
    }
    let mut present = [false; 256];
    for &b in text.as_bytes() {
        present[usize::from(b.to_ascii_uppercase())] = true;
    }
    // Upper-cased once a name may be in the text.
    let mut upper_case: Option<String> = None;
    for name in GPUS {
        let (first, last) = (name.as_bytes()[0], name.as_bytes()[name.len() - 1]);
        if !present[usize::from(first)] || !present[usize::from(last)] {
            continue;
        }
        let upper = upper_case.get_or_insert_with(|| text.to_ascii_uppercase()).as_str();
        let bytes = upper.as_bytes();
        let mut from = 0;
        while let Some(pos) = crate::text::find_short(&upper[from..], name) {
            let start = from + pos;
            let end = start + name.len();
            from = start + 1;
            let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphanumeric() || count_before(&upper[..start]).is_some();
            // `H800x1`: a count glued to the name (`count_after` reads it).
            let after_ok = end == upper.len() || !bytes[end].is_ascii_alphanumeric() || (bytes[end] == b'X' && count_after(&upper[end..]).is_some());
            if !before_ok || !after_ok {
                continue;
            }
            // The name as written, with a suffix such as `-80G`, `-SXM4-80GB`, ` SXM`.
            let mut stop = end;
            let rest = &text[end..];
            if rest.starts_with('-') {
                stop = end + rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(rest.len());
            }
            let written = text[start..stop].trim_end_matches('-').to_string();
            // `每台 8× RTX PRO 6000`, `8x H100 per node`: one machine's, not the run's, unless
            // the nodes are counted too (`2 nodes x 8x H100 per node`: 16) or there is one
            // (`单机`).
            let per_node = PER_NODE.iter().any(|w| upper[..start].contains(w) || upper[stop..].trim_start().starts_with(w))
                && !SINGLE_NODE.iter().any(|w| upper.contains(w));
            let before = without_vendor(&upper[..start]);
            let machine = times_before(before.trim_end()).and_then(trailing_number).map(|(n, _)| n);
            let count = count_before(before).or_else(|| count_after(&upper[stop..])).filter(|&n| !per_node || machine.is_some_and(|m| m != n));
            return Some((written, count));
        }
    }
    None
}

/// Words saying a GPU count is each machine's (upper case).
const PER_NODE: [&str; 9] = ["每台", "每节点", "每个节点", "每机", "每臺", "PER NODE", "EACH NODE", "PER SERVER", "PER MACHINE"];
/// Words saying there is one machine, whose count is the run's (upper case).
const SINGLE_NODE: [&str; 5] = ["单机", "单节点", "SINGLE NODE", "SINGLE-NODE", "ONE NODE"];

/// `8x `, `8 x `, `2×`, `8*` right before a GPU name; nodes of GPUs, `2x8x`, `2 x 8 x`,
/// `2 nodes x 8 `, `2 nodes of 8 `, `2 nodes x 8x ` (upper case): the GPUs of all the nodes, 16. A bare number
/// (`96 H100 GPUs`) is no count: a heading may name the cluster a result ran on part of.
/// The text before a GPU's name without the vendor written right before it (`8x AMD ` of
/// `8x AMD MI350X`, `4 x NVIDIA `): the count stands before the vendor.
fn without_vendor(before: &str) -> &str {
    let t = before.trim_end();
    for vendor in ["NVIDIA", "AMD", "INTEL", "HUAWEI"] {
        if let Some(rest) = t.strip_suffix(vendor).filter(|r| !ends_alphanumeric(r)) {
            return rest;
        }
    }
    before
}

fn count_before(before: &str) -> Option<u32> {
    let t = before.trim_end();
    let (per, rest) = match times_before(t) {
        Some(t) => trailing_number(t)?,
        // `2 NODES OF 8 `: the per-node count needs the nodes before it.
        None => {
            let (per, rest) = trailing_number(t)?;
            let rest = rest.trim_end();
            let nodes = nodes_before(rest.strip_suffix("OF").or_else(|| times_before(rest))?)?;
            return nodes.checked_mul(per).filter(|&n| n > 0);
        }
    };
    let raw_rest = rest;
    let rest = rest.trim_end();
    let nodes = times_before(rest).and_then(|r| trailing_number(r).filter(|(_, r)| !ends_alphanumeric(r)).map(|(n, _)| n)).or_else(|| {
        let r = times_before(rest)?;
        nodes_before(r)
    });
    if let Some(nodes) = nodes {
        return nodes.checked_mul(per).filter(|&n| n > 0);
    }
    if ends_alphanumeric(raw_rest) {
        return None;
    }
    Some(per).filter(|&n| n > 0)
}

/// The text before a times sign that ends `t` (`8x`, `8 ×`, `8*`), trimmed.
fn times_before(t: &str) -> Option<&str> {
    Some(t.strip_suffix(['X', '*']).or_else(|| t.strip_suffix('×'))?.trim_end())
}

/// The number `t` ends with, and the text before it.
fn trailing_number(t: &str) -> Option<(u32, &str)> {
    let digits = t.len() - t.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 6 {
        return None;
    }
    Some((t[t.len() - digits..].parse().ok()?, &t[..t.len() - digits]))
}

/// `2 NODES` (or `NODE`) ending `t`: the node count.
fn nodes_before(t: &str) -> Option<u32> {
    let t = t.trim_end();
    let t = t.strip_suffix("NODES").or_else(|| t.strip_suffix("NODE"))?.trim_end();
    let (n, rest) = trailing_number(t)?;
    (!ends_alphanumeric(rest)).then_some(n)
}

fn ends_alphanumeric(t: &str) -> bool {
    t.chars().last().is_some_and(|c| c.is_ascii_alphanumeric())
}

/// A GPU count a heading states without a GPU name: `2 GPU pods`, `4 GPUs`, `8-GPU`,
/// `8xGPU`.
fn gpus_in(text: &str) -> Option<u32> {
    let upper = text.to_ascii_uppercase();
    let bytes = upper.as_bytes();
    let mut from = 0;
    while let Some(pos) = crate::text::find_short(&upper[from..], "GPU") {
        let start = from + pos;
        from = start + 3;
        let after = &upper[start + 3..];
        let after = after.strip_prefix('S').unwrap_or(after);
        if after.starts_with(|c: char| c.is_ascii_alphanumeric()) || (start > 0 && bytes[start - 1].is_ascii_alphabetic() && bytes[start - 1] != b'X') {
            continue;
        }
        let before = upper[..start].trim_end();
        let before = before.strip_suffix('-').or_else(|| before.strip_suffix('X')).unwrap_or(before).trim_end();
        if let Some((n, rest)) = trailing_number(before) {
            // `RTX 4090 GPU`, `GeForce 3090 GPU`: the number is the card's name, not a count.
            let series = rest.split_whitespace().last().is_some_and(|w| ["RTX", "GTX", "GEFORCE", "PRO", "TESLA", "QUADRO", "RADEON", "ARC", "NVIDIA", "AMD"].contains(&w));
            if !ends_alphanumeric(rest) && !series && n > 0 {
                return Some(n);
            }
        }
    }
    None
}

/// ` x 8`, `*8`, `×8` right after a GPU name.
fn count_after(after: &str) -> Option<u32> {
    let t = after.trim_start();
    let t = t.strip_prefix(['X', '*']).or_else(|| t.strip_prefix('×'))?.trim_start();
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    let rest = &t[digits.len()..];
    if digits.is_empty() || rest.chars().next().is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

/// `TP=8`, `TP8`, `TP 8`, `tp-2`, `TP: 4`.
pub fn tp_in(text: &str) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut from = 0;
    while let Some(pos) = crate::text::find_short(&lower[from..], "tp") {
        let start = from + pos;
        from = start + 2;
        if start > 0 && bytes[start - 1].is_ascii_alphanumeric() {
            continue;
        }
        let rest = lower[start + 2..].trim_start_matches([' ', '=', ':', '-']);
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = &rest[digits.len()..];
        if !digits.is_empty() && !after.chars().next().is_some_and(|c| c.is_ascii_alphanumeric()) {
            return digits.parse().ok().filter(|&n| n > 0);
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Client commands

/// A benchmark client command found in a code block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClientCommand {
    /// Line the command starts on.
    pub line: u32,
    pub command: String,
    /// `--flag value` pairs after the tool's name (the last one wins); switches map to "".
    pub flags: BTreeMap<String, String>,
    /// The `KEY=VALUE` entries of `--metadata`, in order.
    pub metadata: Vec<(String, String)>,
    /// The first line of the code block the command is in (commands of one block share it).
    pub block: u32,
}

/// The words that make a line a benchmark client command.
static CLIENTS: [Needle; 23] = [
    Needle::new("vllm bench serve"),
    // The same, by its module (`python -m vllm.entrypoints.cli.main bench serve`).
    Needle::new("cli.main bench serve"),
    // TensorRT-LLM's copy of vLLM's client (`python -m tensorrt_llm.serve.scripts.benchmark_serving`).
    Needle::new("serve.scripts.benchmark_serving"),
    Needle::new("sglang.bench_serving"),
    Needle::new("benchmark_serving.py"),
    Needle::new("bench_serving.py"),
    Needle::new("profile_restful_api.py"),
    Needle::new("sglang bench serving"),
    // Offline throughput: the client runs the engine itself, so its TP is the run's.
    Needle::new("vllm bench throughput"),
    Needle::new("benchmark_throughput.py"),
    // vLLM's structured-output benchmark (offline, `--model … --num-prompts …`).
    Needle::new("benchmark_guided.py"),
    Needle::new("vllm bench latency"),
    Needle::new("benchmark_latency.py"),
    Needle::new("sglang.bench_offline_throughput"),
    Needle::new("sglang.bench_one_batch"),
    Needle::new("sglang.bench_latency"),
    // LMDeploy's engine in the client's process (`profile_throughput.py DATASET MODEL …`).
    Needle::new("profile_throughput.py"),
    Needle::new("profile_generation.py"),
    // NVIDIA GenAI-Perf and its successor AIPerf.
    Needle::new("genai-perf profile"),
    Needle::new("aiperf profile"),
    // TensorRT-LLM's offline benchmark (`trtllm-bench --model M throughput --tp 8 …`): the
    // engine in the client's process.
    Needle::new("trtllm-bench"),
    // Anyscale's llmperf (`python token_benchmark_ray.py --model … --mean-input-tokens …`).
    Needle::new("token_benchmark_ray.py"),
    // ModelScope EvalScope's load test.
    Needle::new("evalscope perf"),
];
static BENCH: Needle = Needle::new("bench");
/// `evalscope perf`, the one client whose words hold neither `bench` nor `profile`.
static EVALSCOPE: Needle = Needle::new("evalscope perf");
/// LMDeploy's `profile_restful_api.py`, `genai-perf profile`, `aiperf profile`.
static PROFILE: Needle = Needle::new("profile");
/// GenAI-Perf's first releases (0.0.x) took their flags without the `profile` subcommand
/// (`genai-perf -m gpt2 --concurrency 1 …`, the 24.03-era README).
static GENAI_PERF: Needle = Needle::new("genai-perf");

/// Every client command in a code block whose first line is `first_line`; continuation
/// lines (`\`) are joined, prompts (`$ `) dropped. Every client's words hold `bench` or
/// `profile`: only the commands holding one of them are joined and read (a log's lines are
/// never copied).
pub fn client_commands(block: &str, first_line: u32) -> Vec<ClientCommand> {
    // Most blocks holding `bench` are logs (`Running benchmark`, `Serving Benchmark`): no
    // command is joined for them when no client's words stand around any of its hits.
    let genai_perf = GENAI_PERF.is_in(block);
    let evalscope = EVALSCOPE.is_in(block);
    if !genai_perf && !evalscope && !may_hold_client(block) {
        return Vec::new();
    }
    let mut words: Vec<&Needle> = vec![&BENCH, &PROFILE];
    words.extend(genai_perf.then_some(&GENAI_PERF));
    words.extend(evalscope.then_some(&EVALSCOPE));
    let commands = crate::client::joined_commands_with(block, first_line, &words);
    commands.into_iter().filter_map(|(line, text)| client_command(&text, line)).map(|c| ClientCommand { block: first_line, ..c }).collect()
}

/// Whether a client's words (a [`CLIENTS`] entry) may stand in a command joined from
/// `block`: around some `bench` or `profile` of the block, the rest of the entry's bytes as
/// written, where the entry has a space any run of the bytes a join turns into one (blanks,
/// line breaks, `\`, and, to be safe, every non-ASCII byte). A joined command is its lines,
/// trimmed, without a last `\`, put together with spaces, so every client it holds passes
/// this test; a log's `Running benchmark` does not, and is not joined.
fn may_hold_client(block: &str) -> bool {
    let b = block.as_bytes();
    let gap = |c: u8| c == b' ' || (b'\t'..=b'\r').contains(&c) || c == b'\\' || !c.is_ascii();
    // Whether `part` (with spaces as gaps) is written at `at` going forwards (ending at `at`
    // going backwards).
    let forwards = |mut at: usize, part: &[u8]| {
        part.iter().all(|&p| {
            if p == b' ' {
                while b.get(at).is_some_and(|&c| gap(c)) {
                    at += 1;
                }
                return true;
            }
            let ok = b.get(at) == Some(&p);
            at += 1;
            ok
        })
    };
    let backwards = |mut at: usize, part: &[u8]| {
        part.iter().rev().all(|&p| {
            if p == b' ' {
                while at > 0 && gap(b[at - 1]) {
                    at -= 1;
                }
                return true;
            }
            let ok = at > 0 && b[at - 1] == p;
            at = at.saturating_sub(1);
            ok
        })
    };
    [&BENCH, &PROFILE].iter().any(|word| {
        let w = word.text();
        let mut hits = word.find_iter(block).peekable();
        if hits.peek().is_none() {
            return false;
        }
        // The entries holding the word, split around it (each holds it once at most: a test
        // says so).
        let mut places = [(&b""[..], &b""[..]); CLIENTS.len()];
        let mut n = 0;
        for c in &CLIENTS {
            if let Some(k) = crate::text::find_short(c.text(), w) {
                places[n] = (&c.text().as_bytes()[..k], &c.text().as_bytes()[k + w.len()..]);
                n += 1;
            }
        }
        hits.any(|hit| places[..n].iter().any(|&(before, after)| backwards(hit, before) && forwards(hit + w.len(), after)))
    })
}

fn client_command(text: &str, line: u32) -> Option<ClientCommand> {
    let text = crate::client::without_prompt(text);
    // `Running: python …/benchmark_serving.py --model …`: a job script echoing the command it
    // runs next (llm-d's vllm-bench job logs); what follows the echo is that command.
    let text = ["Running: ", "Running command: "].iter().find_map(|p| text.strip_prefix(p)).map_or(text, str::trim_start);
    // Every client's words hold `bench` or `profile`: one search rules out most lines.
    if !BENCH.is_in(text) && !PROFILE.is_in(text) && !GENAI_PERF.is_in(text) && !EVALSCOPE.is_in(text) {
        return None;
    }
    // A join leaves two blanks where a line ended in ` \` (`genai-perf \` over `  profile \`):
    // a client's words split over two lines are matched with one space between them.
    let spaced;
    let text = if text.contains("  ") || text.contains('\t') {
        spaced = text.split_whitespace().collect::<Vec<_>>().join(" ");
        spaced.as_str()
    } else {
        text
    };
    let at = CLIENTS.iter().filter_map(|c| c.find(text).map(|i| (i, c.text().len()))).min().or_else(|| bare_genai_perf(text))?;
    // Only a launcher may stand before the tool (`python3 -m`, `KEY=value`, `uv run`); a log
    // line that quotes a command is no command.
    let word_start = text[..at.0].char_indices().rev().find(|(_, c)| c.is_whitespace()).map_or(0, |(i, c)| i + c.len_utf8());
    let launcher = |w: &str| {
        w.starts_with("python")
            || w.rsplit('/').next().is_some_and(|b| b.starts_with("python"))
            || matches!(w, "-m" | "-u" | "uv" | "run" | "nohup" | "time" | "sudo" | "env" | "&&" | "then" | "do")
            || w.split_once('=').is_some_and(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
    };
    // A client run inside a container (`docker exec -e KEY=1 bench vllm bench serve …`):
    // the container's name and exec's options stand before the tool.
    let mut words = text[..word_start].split_whitespace().skip_while(|&w| w == "sudo");
    let in_container = matches!((words.next(), words.next()), (Some("docker" | "podman"), Some("exec")));
    // A client a shell starts for another launcher (`mpirun … bash -c 'python3 -m …'`): only
    // the words inside the quoted script must be a launcher's.
    let script = [" -c '", " -c \""].iter().filter_map(|q| text[..word_start].rfind(q).map(|i| i + q.len())).max();
    let before = &text[script.unwrap_or(0)..word_start];
    let before = in_pod(before).unwrap_or(before);
    if !in_container && !before.split_whitespace().all(launcher) {
        return None;
    }
    let args = &text[at.0 + at.1..];
    let mut flag_map = BTreeMap::new();
    for (name, value) in flags(args) {
        flag_map.insert(name.replace('_', "-"), value.unwrap_or_default());
    }
    Some(ClientCommand { line, command: text.to_string(), flags: flag_map, metadata: metadata(args), block: line })
}

/// Where `genai-perf` stands as a command of GenAI-Perf 0.0.x, its flags right after it
/// (`genai-perf -m gpt2 …`, no `profile`), and its length.
fn bare_genai_perf(text: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(i) = GENAI_PERF.find(&text[from..]).map(|i| from + i) {
        let end = i + GENAI_PERF.text().len();
        let word_start = i == 0 || text[..i].ends_with(char::is_whitespace);
        let rest = &text[end..];
        let flag = rest.trim_start();
        let asks = ["--help", "-h", "--version"].iter().any(|h| flag.split_whitespace().next() == Some(*h));
        if word_start && rest.starts_with(char::is_whitespace) && flag.starts_with('-') && !asks {
            return Some((i, GENAI_PERF.text().len()));
        }
        from = end;
    }
    None
}

/// The words a client command runs after in a Kubernetes pod (`kubectl exec -it POD --
/// python3 -m sglang.bench_serving …`, AI-Hypercomputer's gpu-recipes): those after
/// `kubectl exec`'s `--`, its options and the pod's name before it being kubectl's.
fn in_pod(before: &str) -> Option<&str> {
    let mut words = before.split_whitespace().skip_while(|&w| w == "sudo");
    if (words.next(), words.next()) != (Some("kubectl"), Some("exec")) {
        return None;
    }
    let dashes = before.find(" -- ")?;
    Some(&before[dashes + " -- ".len()..])
}

/// A shell comment in a log stating the flags the block below it ran with (`# --max-concurrency
/// = 32 (then multiply throughput x 4)`): the flags, written `--name value`. `None` for any
/// other line, and for a comment whose flags are not all given numbers.
pub fn comment_flags(line: &str) -> Option<String> {
    let t = line.trim().strip_prefix('#')?.trim_start();
    if !t.starts_with("--") || t.len() > 120 {
        return None;
    }
    // `--name = value` → `--name value`.
    let mut words: Vec<&str> = t.split_whitespace().filter(|w| *w != "=").collect();
    // The words from the last flag's value on are prose (`(then multiply …)`).
    let last_flag = words.iter().rposition(|w| w.starts_with("--"))?;
    words.truncate(last_flag + 2);
    let flags = words.join(" ");
    numbered_flags(flags)
}

/// `--metadata gpu=GB10 precision=bf16 env=TP4PP1`: the `KEY=VALUE` words after the flag
/// (vLLM's client writes them into the saved result), keys lower-cased.
fn metadata(args: &str) -> Vec<(String, String)> {
    let mut words = args.split_whitespace().skip_while(|&w| w != "--metadata").skip(1);
    let mut out = Vec::new();
    while let Some((k, v)) = words.next().filter(|w| !w.starts_with('-')).and_then(|w| w.split_once('=')) {
        let v = v.trim_matches(['"', '\'']);
        if !k.is_empty() && !v.is_empty() {
            out.push((k.trim_matches(['"', '\'']).to_ascii_lowercase(), v.to_string()));
        }
    }
    out
}

/// `flags` when each flag it names is a `--name` with a number (`--tp 2`, `--request-rate
/// inf`), else `None`: `--tensor-parallel-size must divide …` is prose.
fn numbered_flags(flags: String) -> Option<String> {
    let named = crate::client::flags(&flags);
    let number = |v: &str| v.starts_with(|c: char| c.is_ascii_digit()) || v.eq_ignore_ascii_case("inf");
    let all_valued = !named.is_empty() && named.iter().all(|(k, v)| k.starts_with("--") && v.as_deref().is_some_and(number));
    all_valued.then_some(flags)
}

/// The list items of `text` outside fenced code (`- x`, `* x`, `+ x`), with their index and
/// text after the marker.
fn list_items(text: &str) -> impl Iterator<Item = (usize, &str)> {
    outside_fences(text).filter_map(|(i, raw)| raw.trim_start().strip_prefix(['-', '*', '+', '•', '・']).filter(|r| r.starts_with(' ')).map(|item| (i, item)))
}

/// The list items of a document that state a run's load flags and nothing else (`* --max-concurrency
/// 6`, `- \`--num-prompts 50\``, `* max-concurrency 25`), with their lines: what a section
/// changed from the document's client command (a flag written without `--` only when it is
/// a serving client's load flag). Code blocks are skipped.
pub fn flag_items(text: &str, first_line: u32) -> Vec<(u32, String)> {
    const LOAD_FLAGS: [&str; 7] = ["max-concurrency", "num-prompts", "request-rate", "random-input-len", "random-output-len", "input-len", "output-len"];
    let mut out = Vec::new();
    for (i, item) in list_items(text) {
        let item = item.replace('`', " ");
        let item = item.trim();
        if item.len() > 80 {
            continue;
        }
        let flags = if item.starts_with("--") {
            item.to_string()
        } else {
            let name = item.split_whitespace().next().unwrap_or_default();
            if !LOAD_FLAGS.contains(&name) {
                continue;
            }
            format!("--{item}")
        };
        if let Some(flags) = numbered_flags(flags) {
            out.push((first_line + i as u32, flags));
        }
    }
    out
}

/// The list items of a document that hold one checkpoint name and nothing else (`*
/// btbtyler09/cogito-v1-preview-qwen-32B-gptq-8bit`, `- \`Qwen/Qwen3-8B\``), with their
/// lines: the model a section's runs served, as written (its heading may name it loosely:
/// `## Cogito v1 Preview Qwen 32B GPTQ 8 bit`). Code blocks are skipped.
pub fn checkpoint_items(text: &str, first_line: u32) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for (i, item) in list_items(text) {
        let item = item.trim().trim_matches(['`', '*']).trim_end_matches('/');
        if is_checkpoint_id(item) {
            out.push((first_line + i as u32, item.to_string()));
        }
    }
    out
}

/// The flags a line introducing a result block states (`--tensor-parallel-size=1 结果：`,
/// `With \`--max-concurrency 64\`:`): a short prose line that ends with a colon and names
/// flags with numbers; the text from its first flag on. `None` for any other line.
pub fn flags_line(line: &str) -> Option<String> {
    let t = line.trim();
    if t.len() > 100 || !t.ends_with([':', '：']) || t.starts_with(['#', '|', '>', '<', '`']) && !t.starts_with("`--") {
        return None;
    }
    let from = t.find("--")?;
    let flags = t[from..].trim_end_matches([':', '：']).replace('`', " ");
    numbered_flags(flags)
}

/// A flag's value as a whole number (`8`, `8.0`); `None` for a fraction, words or no value.
fn whole_value(value: Option<&str>) -> Option<u64> {
    value.and_then(|v| v.parse::<f64>().ok()).and_then(integer)
}

impl ClientCommand {
    /// The latencies `--percentile-metrics` asks the client to report (`ttft,tpot,itl` unless
    /// stated; `e2el` is vLLM's name of the end-to-end latency), in lower case.
    pub fn percentile_metrics(&self) -> Option<Vec<String>> {
        let asked = self.get(&["--percentile-metrics"])?;
        Some(asked.trim_matches(['"', '\'']).split(',').map(|m| m.trim().to_ascii_lowercase()).filter(|m| !m.is_empty()).collect())
    }

    /// A command of nothing but `flags` (a log's comment stating them, no command known): its
    /// facts are the flags' own, read as every serving client reads them.
    pub fn of_flags(flags: &str, line: u32) -> ClientCommand {
        let flag_map = crate::client::flags(flags).into_iter().map(|(k, v)| (k.replace('_', "-"), v.unwrap_or_default())).collect();
        ClientCommand { line, command: flags.to_string(), flags: flag_map, metadata: Vec::new(), block: line }
    }

    /// This command with `flags` written after its own (the later flag wins): what ran when
    /// the prose above a result says which flags changed.
    pub fn with_flags(&self, flags: &str) -> ClientCommand {
        let command = format!("{} {flags}", self.command);
        client_command(&command, self.line).map(|c| ClientCommand { block: self.block, ..c }).unwrap_or_else(|| self.clone())
    }

    fn get(&self, names: &[&str]) -> Option<&str> {
        // `--model <model>`, `--model $MODEL`: a template's, no value; `--model None`
        // (SGLang's `bench_one_batch_server` against a running server): Python's none.
        names.iter().find_map(|n| self.flags.get(*n)).map(String::as_str).filter(|v| !v.is_empty() && !v.contains('$') && !placeholder(v) && !matches!(*v, "None" | "null"))
    }

    /// Whether this is GenAI-Perf or AIPerf, whose flags name other things.
    fn is_profiler(&self) -> bool {
        self.command.contains("genai-perf profile") || self.command.contains("aiperf profile") || bare_genai_perf(&self.command).is_some()
    }

    /// What `genai-perf profile` / `aiperf profile` say about the run (flag names from
    /// AIPerf's `docs/cli_options.md`, aliases included). Their `--num-prompts` counts the
    /// distinct prompts generated, not the requests sent (`--request-count`); the synthetic
    /// input length says nothing when the prompts come from a file or a public dataset.
    fn profiler_facts(&self) -> Vec<Fact> {
        let mut out = Vec::new();
        // `-m adapter1 adapter2` (LoRA adapters, round-robin): several models, none the run's.
        let model = self.get(&["--model", "-m", "--model-names"]).filter(|m| !m.contains(',') && self.values_after(&["--model", "-m", "--model-names"]) <= 1);
        out.extend(model.map(|m| Fact::Model(m.to_string())));
        out.extend(self.get(&["--backend"]).map(|b| Fact::Backend(b.to_string())));
        let dataset = self.get(&["--public-dataset"]);
        out.extend(dataset.map(|d| Fact::Dataset(d.to_string())));
        out.extend(whole_value(self.get(&["--request-count", "--num-requests"])).map(Fact::NumPrompts));
        if dataset.is_none() && self.get(&["--input-file", "--input-dataset"]).is_none() {
            let input = self.get(&["--synthetic-input-tokens-mean", "--prompt-input-tokens-mean", "--isl"]);
            out.extend(whole_value(input).map(Fact::InputLen));
        }
        out.extend(whole_value(self.get(&["--output-tokens-mean", "--prompt-output-tokens-mean", "--osl"])).map(Fact::OutputLen));
        out.extend(whole_value(self.get(&["--concurrency"])).map(Fact::MaxConcurrency));
        out.extend(self.request_rate().map(Fact::RequestRate));
        out
    }

    fn request_rate(&self) -> Option<RequestRate> {
        let rate = self.get(&["--request-rate"])?;
        match rate.to_ascii_lowercase().as_str() {
            "inf" | "infinity" => Some(RequestRate::Inf),
            r => r.parse().ok().filter(|r: &f64| r.is_finite() && *r > 0.0).map(RequestRate::PerSecond),
        }
    }

    /// What the command's `--metadata KEY=VALUE` entries say about the hardware (the keys a
    /// saved result's metadata is read with: `gpu`, `hardware`, ...; `tp`; `env=TP4PP1`) and
    /// the precision (`precision=bf16`), given with kind [`METADATA`].
    pub fn metadata_facts(&self) -> Vec<Fact> {
        metadata_facts(&self.metadata)
    }

    /// What the command says about the run it started.
    pub fn facts(&self) -> Vec<Fact> {
        if self.is_profiler() {
            return self.profiler_facts();
        }
        // `bench_one_batch --batch-size 1 8 16 --input-len 256 512`: its sizes and lengths may be
        // lists (a sweep); the reader takes them from the output or a command of single values.
        if self.command.contains("sglang.bench_one_batch") || self.command.contains("sglang.bench_latency") {
            let mut out: Vec<Fact> = self.get(&["--model-path", "--model"]).map(|m| Fact::Model(m.to_string())).into_iter().collect();
            let tp = self.get(&["--tp-size", "--tp", "--tensor-parallel-size"]).and_then(|v| v.parse::<u32>().ok());
            out.extend(tp.map(Fact::Tp));
            // A flag naming one value is every run's; a list (`--output-len 1 1024`) is not.
            out.extend(self.single(&["--batch-size", "--batch"]).map(Fact::MaxConcurrency));
            out.extend(self.single(&["--input-len", "--input"]).map(Fact::InputLen));
            out.extend(self.single(&["--output-len", "--output"]).map(Fact::OutputLen));
            out.push(Fact::Framework("sglang".to_string()));
            return out;
        }
        if self.command.contains("trtllm-bench") {
            return self.trtllm_bench_facts();
        }
        if self.command.contains("token_benchmark_ray.py") {
            return self.llmperf_facts();
        }
        if EVALSCOPE.is_in(&self.command) {
            return self.evalscope_facts();
        }
        let mut out = Vec::new();
        // SGLang's offline client starts the engine itself and takes the server's flags.
        let sglang_offline = self.command.contains("bench_offline_throughput");
        let model: &[&str] = if sglang_offline { &["--model-path", "--model"] } else { &["--model"] };
        // `--model "llama3" --tokenizer "Meta-Llama-3-8B-Instruct"`: the name a server was
        // started under (no size in it) beside the checkpoint its tokenizer is; the checkpoint.
        let sized = |m: &str| m.trim_end_matches('/').rsplit('/').next().is_some_and(|b| b.split(['-', '_']).any(is_size));
        let tokenizer = self.get(&["--tokenizer"]).filter(|t| sized(t) && is_model_word(t));
        let model = match (self.get(model), tokenizer) {
            (Some(m), Some(t)) if !sized(m) => Some(t),
            (m, _) => m,
        };
        out.extend(model.map(|m| Fact::Model(m.to_string())));
        // `profile_throughput.py DATASET MODEL_PATH [flags]`, `profile_generation.py MODEL_PATH
        // [flags]`: LMDeploy's engine in the client's process; the model is a positional word.
        let lmdeploy_script = [("profile_throughput.py", 1), ("profile_generation.py", 0)].into_iter().find(|(s, _)| self.command.contains(s));
        let lmdeploy_offline = lmdeploy_script.is_some();
        if let Some((script, at)) = lmdeploy_script {
            let after = self.command.split_once(script).map_or("", |(_, rest)| rest);
            let positional: Vec<&str> = after.split_whitespace().take_while(|w| !w.starts_with('-')).filter(|w| *w != "\\").collect();
            let model = positional.get(at).filter(|m| !m.contains('$'));
            out.extend(model.map(|m| Fact::Model(m.to_string())));
            // `profile_throughput.py ShareGPT_V3_unfiltered_cleaned_split.json MODEL`: the
            // prompts of the ShareGPT file it names.
            let sharegpt = at == 1 && positional.first().is_some_and(|d| d.to_ascii_lowercase().contains("sharegpt"));
            out.extend(sharegpt.then(|| Fact::Dataset("sharegpt".into())));
            out.push(Fact::Framework("lmdeploy".to_string()));
        }
        out.extend(self.get(&["--backend"]).map(|b| Fact::Backend(b.to_string())));
        let dataset = self.get(&["--dataset-name", "--dataset"]);
        out.extend(dataset.map(|d| Fact::Dataset(d.to_string())));
        out.extend(whole_value(self.get(&["--num-prompts", "--num-prompt"])).map(Fact::NumPrompts));
        let dataset = dataset.unwrap_or("");
        // ShareGPT and Hugging Face datasets bring their own prompts: an input length the
        // command also names is not what ran.
        // A dataset's own flags are spelled with dashes (`prefix_repetition`'s
        // `--prefix-repetition-output-len`).
        let flag_name = dataset.replace('_', "-");
        if flag_name == "prefix-repetition" {
            // Each prompt is one of the shared prefixes and a suffix of its own.
            let part = |flag: &str| whole_value(self.get(&[flag]));
            let input = part("--prefix-repetition-prefix-len").zip(part("--prefix-repetition-suffix-len")).map(|(p, s)| p + s);
            out.extend(input.map(Fact::InputLen));
        } else if !matches!(dataset, "sharegpt" | "hf" | "burstgpt") {
            let own = format!("--{flag_name}-input-len");
            let input = self.get(&[own.as_str(), "--random-input-len", "--random-input", "--input-len"]);
            out.extend(whole_value(input).map(Fact::InputLen));
        }
        let own = format!("--{flag_name}-output-len");
        let random: &[&str] = if dataset == "sharegpt" { &[] } else { &["--random-output-len", "--random-output"] };
        let names: Vec<&str> = std::iter::once(own.as_str()).chain(random.iter().copied()).chain(["--output-len"]).collect();
        out.extend(whole_value(self.get(&names)).map(Fact::OutputLen));
        // Only random prompts take it (a ShareGPT run ignores the flag it was given): SGLang's
        // `random-ids` and `image` prompts and vLLM's `random-mm` are random text too.
        if matches!(dataset, "" | "random" | "random-ids" | "random-mm" | "image" | "random-image") {
            let ratio = self.get(&["--random-range-ratio"]).and_then(|r| r.parse::<f64>().ok()).filter(|r| (0.0..=1.0).contains(r));
            out.extend(ratio.map(Fact::RangeRatio));
        }
        out.extend(whole_value(self.get(&["--max-concurrency", "--concurrency"])).map(Fact::MaxConcurrency));
        let latency = self.command.contains("bench latency") || self.command.contains("benchmark_latency.py");
        let offline = latency || self.command.contains("bench throughput") || self.command.contains("benchmark_throughput.py");
        if latency {
            // One batch of `--batch-size` prompts, all in flight at once.
            out.extend(whole_value(self.get(&["--batch-size"])).map(Fact::MaxConcurrency));
        }
        // vLLM's offline client runs vLLM's engine unless `--backend` names another (`hf`, `mii`).
        if offline && self.get(&["--backend"]).is_none() {
            out.push(Fact::Framework("vllm".to_string()));
        }
        if offline || sglang_offline || lmdeploy_offline {
            let tp = self.get(&["--tensor-parallel-size", "-tp", "--tp-size", "--tp"]);
            out.extend(whole_value(tp).and_then(|n| u32::try_from(n).ok()).map(Fact::Tp));
        }
        out.extend(self.request_rate().map(Fact::RequestRate));
        out
    }

    /// The whole number a flag names when it names one (`--input-len 1024`), not a list
    /// (`--batch 4 8`) nor a placeholder; the last time the flag is written.
    /// What llmperf's `token_benchmark_ray.py` says (flag names from its argparse): the
    /// model, the requests in flight at once (`--num-concurrent-requests`, exactly that many),
    /// the requests it waits for (`--max-num-completed-requests`), and a length only when its
    /// spread is zero: `--mean-input-tokens 10000 --stddev-input-tokens 0` (the spread is 150
    /// input and 80 output tokens unless stated).
    fn llmperf_facts(&self) -> Vec<Fact> {
        let mut out: Vec<Fact> = self.get(&["--model"]).map(|m| Fact::Model(m.to_string())).into_iter().collect();
        out.extend(whole_value(self.get(&["--num-concurrent-requests"])).map(Fact::MaxConcurrency));
        out.extend(whole_value(self.get(&["--max-num-completed-requests"])).map(Fact::NumPrompts));
        let fixed = |mean: &str, spread: &str| whole_value(self.get(&[mean])).filter(|_| whole_value(self.get(&[spread])) == Some(0));
        out.extend(fixed("--mean-input-tokens", "--stddev-input-tokens").map(Fact::InputLen));
        out.extend(fixed("--mean-output-tokens", "--stddev-output-tokens").map(Fact::OutputLen));
        out
    }

    /// What `evalscope perf` says (flag names from EvalScope's `perf/arguments.py`): the
    /// model, the dataset, one `--parallel` level and one `--number` of requests (lists are a
    /// sweep: each summary says its own), and a length when its least and most agree
    /// (`--min-prompt-length 2048 --max-prompt-length 2048`, `--min-tokens`/`--max-tokens`).
    fn evalscope_facts(&self) -> Vec<Fact> {
        let mut out: Vec<Fact> = self.get(&["--model"]).map(|m| Fact::Model(m.to_string())).into_iter().collect();
        out.extend(self.get(&["--dataset"]).map(|d| Fact::Dataset(d.to_string())));
        out.extend(self.single(&["--parallel"]).map(Fact::MaxConcurrency));
        out.extend(self.single(&["--number"]).map(Fact::NumPrompts));
        let fixed = |least: &str, most: &str| whole_value(self.get(&[most])).filter(|&m| whole_value(self.get(&[least])) == Some(m));
        out.extend(fixed("--min-prompt-length", "--max-prompt-length").map(Fact::InputLen));
        out.extend(fixed("--min-tokens", "--max-tokens").map(Fact::OutputLen));
        out
    }

    /// How many values follow the last of `names` in the command (`-m a b`: 2).
    fn values_after(&self, names: &[&str]) -> usize {
        let words: Vec<&str> = self.command.split_whitespace().collect();
        // Up to the next flag or shell operator (`2>&1 | tee genai.log`).
        let value = |w: &&&str| !w.starts_with(['-', '|', '>', '&', ';', '<']) && !w.contains('>');
        words.iter().rposition(|w| names.contains(w)).map_or(0, |at| words[at + 1..].iter().take_while(value).count())
    }

    fn single(&self, names: &[&str]) -> Option<u64> {
        let words: Vec<&str> = self.command.split_whitespace().collect();
        let at = words.iter().rposition(|w| names.contains(w))?;
        match words[at + 1..].iter().take_while(|w| !w.starts_with('-')).collect::<Vec<_>>().as_slice() {
            [one] => one.parse::<f64>().ok().and_then(integer),
            _ => None,
        }
    }

    /// What `trtllm-bench [--model M] [--tp N] throughput|latency [flags]` says (flag names
    /// from TensorRT-LLM's `tensorrt_llm/bench/benchmark/throughput.py`, `_` read as `-`): the
    /// model, the TP of the engine it runs, the requests it sends (`--num_requests`) and the
    /// most it keeps in flight (`--concurrency`). Its prompts come from `--dataset`, so no
    /// lengths; `--backend pytorch` names TensorRT-LLM's flow, not a serving API.
    fn trtllm_bench_facts(&self) -> Vec<Fact> {
        let mut out: Vec<Fact> = self.get(&["--model", "-m"]).map(|m| Fact::Model(m.to_string())).into_iter().collect();
        out.extend(whole_value(self.get(&["--tp"])).and_then(|n| u32::try_from(n).ok()).filter(|&n| n > 0).map(Fact::Tp));
        out.extend(whole_value(self.get(&["--num-requests"])).map(Fact::NumPrompts));
        out.extend(whole_value(self.get(&["--concurrency"])).map(Fact::MaxConcurrency));
        // The framework is the report's own (trtllm-bench prints only TensorRT-LLM's runs).
        out
    }

    /// The port the client sends to: `--port`, or the one in `--base-url` / `--url`.
    fn port(&self) -> Option<u32> {
        if let Some(p) = self.get(&["--port"]) {
            return p.parse().ok();
        }
        let url = self.get(&["--base-url", "--url", "-u"])?;
        let host = url.split_once("://").map_or(url, |(_, rest)| rest);
        let host = host.split('/').next()?;
        host.rsplit_once(':')?.1.parse().ok()
    }

    /// The model names the client may ask a server for: what it sends
    /// (`--served-model-name`), the model it names (`--model`) and its tokenizer's.
    fn model_names(&self) -> Vec<&str> {
        ["--served-model-name", "--model", "-m", "--model-names", "--tokenizer"].iter().filter_map(|n| self.get(&[n])).collect()
    }
}

/// What `--metadata KEY=VALUE` entries (keys lower-cased) say about the hardware and the
/// precision, as [`ClientCommand::metadata_facts`] reads them; also the entries of a client's
/// `Namespace(... metadata=['gpu=4xNVIDIA_L40S', ...])` ([`namespace_metadata`]). A GPU
/// value may lead with its count (`4xNVIDIA_L40S`: 4 GPUs).
pub fn metadata_facts(metadata: &[(String, String)]) -> Vec<Fact> {
    let get = |keys: &[&str]| keys.iter().find_map(|k| metadata.iter().find(|(key, _)| key == k)).map(|(_, v)| v.as_str());
    let mut out = Vec::new();
    if let Some(v) = get(&["gpu", "hardware", "device", "gpu_type", "gpu_name", "accelerator"]) {
        let (lead, v) = leading_count(v);
        match gpu_in(v) {
            Some((gpu, count)) => {
                out.push(Fact::Gpu(gpu));
                out.extend(lead.or(count).map(Fact::GpuCount));
            }
            None => {
                out.push(Fact::Gpu(v.to_string()));
                out.extend(lead.map(Fact::GpuCount));
            }
        }
    }
    let tp = get(&["tp", "tp_size", "tensor_parallel_size"]).and_then(|v| v.parse::<u32>().ok()).or_else(|| get(&["env"]).and_then(env_tp));
    out.extend(tp.filter(|&n| n > 0).map(Fact::Tp));
    out.extend(get(&["precision", "dtype", "quantization"]).map(|v| Fact::Precision(v.to_string())));
    out
}

/// `4xNVIDIA_L40S` → (4, `NVIDIA_L40S`): a count and `x` before a name; else the value whole.
fn leading_count(v: &str) -> (Option<u32>, &str) {
    let digits = v.bytes().take_while(u8::is_ascii_digit).count();
    let name = v[digits..].strip_prefix(['x', 'X', '*']).filter(|n| n.starts_with(|c: char| c.is_ascii_alphabetic()));
    match (v[..digits].parse::<u32>().ok().filter(|&n| n > 0), name) {
        (Some(n), Some(name)) if digits > 0 => (Some(n), name),
        _ => (None, v),
    }
}

/// The entries of a `Namespace(...)`'s `metadata` list (`['deployment=base',
/// 'gpu=4xNVIDIA_L40S']`), keys lower-cased, as [`metadata`] reads them from a command.
pub fn namespace_metadata(list: &str) -> Vec<(String, String)> {
    let inner = list.trim().strip_prefix('[').and_then(|l| l.strip_suffix(']')).unwrap_or("");
    let words: Vec<&str> = inner.split(',').map(|w| crate::client::unquote(w.trim())).collect();
    metadata(&format!("--metadata {}", words.join(" ")))
}

/// The TP of an environment label (`TP4PP1`, `tp8`).
fn env_tp(label: &str) -> Option<u32> {
    let lower = label.to_ascii_lowercase();
    let at = lower.find("tp")?;
    lower[at + 2..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// The name a model is served and asked under, compared without folders and case
/// (`/models/Qwen3-8B` = `Qwen/Qwen3-8B`); ModelScope's download folders write `.` as `___`.
/// Whether a serve command serves another checkpoint than `model` (a result's own): neither
/// its model nor a `--served-model-name` is that model, compared by the checkpoint's name.
pub fn serves_another_model(serve: &Serve, model: &str) -> bool {
    let served = served_keys(serve, std::iter::empty());
    !served.is_empty() && !served.contains(&model_key(model))
}

/// The [`model_key`]s of the names a server answers for: its `--served-model-name`s, its
/// model, and `more` (a template's `$MODEL` none of them).
fn served_keys(serve: &Serve, more: impl Iterator<Item = String>) -> Vec<String> {
    let names = serve.params.flags.iter().filter(|f| f.name == "--served-model-name").filter_map(|f| f.value.clone());
    names.chain(serve.model.clone()).chain(more).filter(|m| !m.contains('$')).map(|m| model_key(&m)).collect()
}

fn model_key(name: &str) -> String {
    let base = name.trim_end_matches('/').rsplit('/').next().unwrap_or(name);
    base.replace("___", ".").to_ascii_lowercase()
}

/// Why `serve` did not serve what `client` measured: the client asks a vLLM server for a model
/// it does not serve under any of its names, or sends to another port than the server's
/// (its `--port`, or the framework's default outside a container). `None` when nothing
/// contradicts (either side may not say).
pub fn serve_contradicts(serve: &Serve, client: &ClientCommand) -> Option<String> {
    let flag = |names: &[&str]| serve.params.flags.iter().filter(|f| names.contains(&f.name.as_str())).filter_map(|f| f.value.clone()).collect::<Vec<_>>();
    // `--lora-modules adapter1=/path adapter2=/path`: vLLM answers for each adapter's name too.
    let command = serve.params.command.as_deref().unwrap_or("");
    let adapters = command.split_once("--lora-modules").into_iter().flat_map(|(_, after)| {
        after.split_whitespace().take_while(|w| !w.starts_with('-')).filter_map(|m| m.split_once('=')).map(|(name, _)| name.to_string())
    });
    let served = served_keys(serve, adapters);
    let asked = client.model_names();
    // vLLM answers only for the names it serves; SGLang and LMDeploy answer for any name.
    let checks_names = serve_framework(serve) == Some("vllm");
    if checks_names && !served.is_empty() && !asked.is_empty() && !asked.iter().any(|a| served.contains(&model_key(a))) {
        return Some(format!("the client asks for `{}`, which the server does not serve", asked[0]));
    }
    // A server in a container may be published on another port; its own port says nothing.
    let default = match serve_framework(serve) {
        _ if serve.params.image.is_some() => None,
        Some("vllm" | "trtllm") => Some(8000),
        Some("sglang") => Some(30000),
        Some("lmdeploy") => Some(23333),
        _ => None,
    };
    let listens = flag(&["--port", "--server-port"]).first().and_then(|p| p.parse::<u32>().ok()).or(default.filter(|_| serve.params.image.is_none()));
    match (listens, client.port()) {
        (Some(s), Some(c)) if s != c => Some(format!("the client sends to port {c}, the server listens on port {s}")),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Serve commands

/// The framework a serve command starts: its program or its container image.
pub fn serve_framework(serve: &Serve) -> Option<&'static str> {
    let command = serve.params.command.as_deref().unwrap_or("");
    let image = serve.params.image.as_deref().unwrap_or("").to_ascii_lowercase();
    if command.contains("vllm serve") || command.contains("vllm.entrypoints") || image.contains("vllm") {
        Some("vllm")
    } else if command.contains("sglang") || image.contains("sglang") {
        Some("sglang")
    } else if command.contains("lmdeploy") || image.contains("lmdeploy") {
        Some("lmdeploy")
    } else if command.contains("trtllm-serve") || image.contains("tensorrt") {
        Some("trtllm")
    } else if command.contains("fastdeploy.entrypoints") {
        Some("fastdeploy")
    } else if command.contains("atom.entrypoints") {
        Some("atom")
    } else if command.contains("lightllm.server") {
        Some("lightllm")
    } else if command.contains("mindie serve") {
        Some("mindie")
    } else if image.contains("text-generation-inference") {
        Some("tgi")
    } else if image.contains("predibase/lorax") {
        Some("lorax")
    } else if command.contains("llama-server") {
        Some("llama.cpp")
    } else {
        None
    }
}

/// What a serve command says about the runs it served (a template's model says nothing).
pub fn serve_facts(serve: &Serve) -> Vec<Fact> {
    let mut out = Vec::new();
    out.extend(serve.model.clone().filter(|m| !serve.template && !m.contains('$') && !placeholder(m)).map(Fact::Model));
    out.extend(serve.tp.map(Fact::Tp));
    out.extend(serve.gpu_count.map(Fact::GpuCount));
    out.extend(serve_framework(serve).map(|f| Fact::Framework(f.to_string())));
    out
}

// ---------------------------------------------------------------------------------------
// Labelled lines

/// What the labelled lines of a document's prose state, with their lines: `**Hardware:** DGX
/// Spark NVIDIA GB10 128GB`, `- **GPU**: \`Tesla T4\` (16G)`, `- Hardware: H200`, `**Model:**
/// Qwen/Qwen3-8B`, `- **模型**: Qwen/Qwen3-4B`. Only a GPU name the GPU words know, a
/// checkpoint-like model word, a whole TP and a framework word are taken; code blocks (fenced
/// or indented) are skipped. `first_line` is the number of the text's first line.
/// The label and value of a line that starts with a bold label, `**Label:** value` or
/// `**Label**: value` (list marker already removed); `None` when no colon follows the label.
pub(crate) fn bold_label(t: &str) -> Option<(&str, &str)> {
    let (label, rest) = t.strip_prefix("**")?.split_once("**")?;
    let rest = rest.trim_start();
    match label.strip_suffix([':', '：']) {
        Some(label) => Some((label, rest)),
        None => Some((label, rest.strip_prefix([':', '：'])?)),
    }
}

pub fn labelled_lines(text: &str, first_line: u32) -> Vec<(Fact, u32)> {
    let mut out = Vec::new();
    // `Hardware:` over `- 1 × NVIDIA L4 GPU (24 GB VRAM)`: a label whose value is the list below it.
    let mut listed: Option<String> = None;
    for (i, raw) in labelled_sources(text) {
        let line = first_line + i as u32;
        let t = raw.trim();
        if raw.starts_with("    ") || raw.starts_with('\t') || t.len() > 200 {
            continue;
        }
        // `> 모델: Qwen/Qwen2.5-1.5B`: a quoted list of the setup is labelled lines too.
        let t = t.strip_prefix('>').map_or(t, str::trim_start);
        // List markers, also typed as a bullet character (`• **Model**: Qwen3-8B`, `・`).
        let item = t.strip_prefix(['-', '*', '+', '•', '・']).filter(|r| r.starts_with(' '));
        let t = item.map_or(t, str::trim_start);
        match (&listed, item) {
            (Some(label), Some(_)) if !t.contains([':', '：']) => {
                label_facts(label, &t.replace(['`', '*'], ""), line, &mut out);
                continue;
            }
            (_, Some(_)) => {}
            _ => listed = None,
        }
        // `**Label:** value`, `**Label**: value`, `Label: value`.
        let bold = t.strip_prefix("**").is_some_and(|r| r.contains("**"));
        let pair = match bold {
            true => bold_label(t),
            false => t.split_once([':', '：']).filter(|(label, _)| label.chars().count() <= 24 && !label.contains('`')),
        };
        let Some((label, value)) = pair else { continue };
        let label = label.trim().to_lowercase();
        let value = value.trim().replace(['`', '*'], "");
        let value = value.trim();
        if value.is_empty() {
            // Only the hardware's list (a list of settings may hold several runs' values).
            listed = matches!(label.as_str(), "hardware" | "gpu" | "gpus" | "硬件" | "硬件环境" | "测试硬件" | "hardware configuration").then_some(label);
            continue;
        }
        // `Model: X · GPU: 1×B200 (SM100) ·`: labelled pairs in one line, each read alone.
        if value.split(" · ").skip(1).any(|p| p.contains([':', '：'])) {
            let mut parts = value.split(" · ").map(str::trim);
            out_label(&label, parts.next().unwrap_or(""), line, &mut out);
            for part in parts {
                if let Some((l, v)) = part.split_once([':', '：']).filter(|(l, _)| l.chars().count() <= 24) {
                    out_label(&l.trim().to_lowercase(), v.trim().trim_end_matches('·').trim(), line, &mut out);
                }
            }
            continue;
        }
        out_label(&label, value, line, &mut out);
    }
    // `**vLLM Version**: 0.13.0` in a setup list: with no other engine's version and no
    // engine named on a labelled line, the document's engine.
    let mut versioned = out.iter().filter_map(|(f, l)| if let Fact::VersionOf(fw, _) = f { Some((*fw, *l)) } else { None });
    if let Some((fw, line)) = versioned.next() {
        let one = versioned.all(|(other, _)| other == fw);
        if one && !out.iter().any(|(f, _)| matches!(f, Fact::Framework(_))) {
            out.push((Fact::Framework(fw.to_string()), line));
        }
    }
    out
}

/// [`label_facts`], and under a label of parameters (`统一参数：cases 1024,1024,128｜concurrency
/// 64｜max-num-seqs 64`) each `name value` item read as a labelled line of its own.
fn out_label(label: &str, value: &str, line: u32, out: &mut Vec<(Fact, u32)>) {
    if value.is_empty() {
        return;
    }
    if matches!(label, "parameters" | "test parameters" | "benchmark parameters" | "参数" | "统一参数" | "测试参数" | "压测参数") {
        for item in value.split(['｜', '|', ';', '；']).map(str::trim) {
            if let Some((l, v)) = item.split_once([' ', '=', ':', '：']) {
                label_facts(&l.trim().to_lowercase(), v.trim(), line, out);
            }
        }
        return;
    }
    let before = out.len();
    label_facts(label, value, line, out);
    // `**Input Prompt Length (ISL)**: 10,240 tokens`: a label whose bracket is the field's
    // abbreviation, read by it (a bracket qualifying the label, `Model (draft)`, `Concurrency
    // (per GPU)`, says it is not the run's value).
    if out.len() == before {
        if let Some((_, bracket)) = label.split_once(['(', '（']) {
            let bracket = bracket.trim_end_matches([')', '）']).trim();
            if matches!(bracket, "isl" | "osl" | "tp") {
                label_facts(bracket, value, line, out);
            }
        }
    }
}

/// The GPUs a setup line counts in all (`…，共 32 卡`, `32 GPUs in total`, `total of 16 GPUs`).
fn total_cards(value: &str) -> Option<u32> {
    let number = |t: &str| -> Option<u32> {
        let digits: String = t.trim_start().chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok().filter(|&n| n > 0)
    };
    if let Some((_, after)) = value.split_once(['共', '计']) {
        let n = number(after)?;
        let rest = after.trim_start().trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
        return ["卡", "张", "块", "颗", "gpu", "GPU", "npu", "NPU"].iter().any(|w| rest.starts_with(w)).then_some(n);
    }
    let lower = value.to_ascii_lowercase();
    if let Some((_, after)) = lower.split_once("total of ") {
        return number(after);
    }
    let at = lower.find(" in total")?;
    let before = lower[..at].trim_end().trim_end_matches("gpus").trim_end_matches("gpu").trim_end();
    before.rsplit(|c: char| !c.is_ascii_digit()).next().and_then(|d| d.parse().ok()).filter(|&n: &u32| n > 0)
}

/// The nodes a setup line multiplies its GPUs by (`4 节点 × 8×H20`, `2 nodes x 8 H100`).
fn nodes_of(value: &str) -> Option<u32> {
    let lower = value.to_lowercase();
    let (before, after) = ["节点", "nodes", "node", "台机器", "机"].iter().find_map(|w| lower.split_once(w))?;
    let n: u32 = before.trim_end().rsplit(|c: char| !c.is_ascii_digit()).next()?.parse().ok().filter(|&n| n > 1)?;
    after.trim_start().starts_with(['×', 'x', '*', '✕']).then_some(n)
}

/// What one labelled line or setup row states: `label` in lower case, `value` without markup.
fn label_facts(label: &str, value: &str, line: u32, out: &mut Vec<(Fact, u32)>) {
    match label {
        "gpu" | "gpus" | "hardware" | "hardware configuration" | "hardware config" | "device" | "设备" | "accelerator" | "gpu type" | "gpu model" | "显卡" | "硬件" | "测试硬件" | "硬件平台"
        // Ascend setups: `| NPU类型 | Ascend 910B |`.
        | "npu" | "npu类型" | "npu型号" | "npu type" | "npu model" | "加速卡" | "加速卡型号" | "昇腾设备" | "昇腾硬件"
        // `| GPUs Available | 2 × L40S |`: the machine's GPUs.
        | "gpus available" | "available gpus" | "gpu available"
        // `환경: i9-12900KF (16코어) + RTX 3090 24GB`: a setup line; only a GPU it names is taken.
        | "environment" | "test environment" | "hardware environment" | "环境" | "测试环境" | "硬件环境" | "환경" | "테스트 환경" | "실행 환경"
        | "被测芯片" | "実行環境" | "環境" | "platform" | "平台" | "测试平台"
        // `| Cluster | 2x g4-standard-384 (16x RTX PRO 6000 Blackwell, …) |`: the GPUs it names.
        | "cluster" | "machine" | "instance" | "instance type" | "node" | "server" | "机器" | "服务器" | "集群" => {
            // `被测芯片: inspur_MetaX_C550, nvidia_h100`: the chips compared, no one GPU.
            if label == "被测芯片" && value.contains([',', '、', '，', ';', '；']) {
                return;
            }
            // `NVIDIA H200/B300 GPU (8x)`: two GPUs named, which ran is not said.
            if let Some((gpu, count)) = gpu_in(value).filter(|(g, _)| !names_another_gpu(value, g)) {
                out.push((Fact::Gpu(gpu), line));
                // `TPU v6e-4 (4 chips, 2x2 topology)`: the chips counted.
                let lower = value.to_lowercase();
                let chips = lower.split_once(" chips").and_then(|(before, _)| before.rsplit(|c: char| !c.is_ascii_digit()).next()?.parse::<u32>().ok()).filter(|&n| n > 0);
                // `4 节点 × 8×H20-3e，共 32 卡`: the total said, or the nodes times each one's.
                let count = total_cards(value).or_else(|| count.and_then(|c| nodes_of(value).and_then(|n| n.checked_mul(c)))).or(count);
                out.extend(count.or(chips).map(|c| (Fact::GpuCount(c), line)));
                // `Ascend 910B3 × 4（TP=4）`: the TP said beside the GPUs.
                out.extend(tp_in(value).map(|tp| (Fact::Tp(tp), line)));
            } else if matches!(label, "gpus" | "gpu count" | "显卡") {
                // `**GPUs**: 16 total`, `GPUs: 8`: a count alone.
                out.extend(count_alone(value).map(|c| (Fact::GpuCount(c), line)));
            }
        }
        "number of gpus" | "num gpus" | "gpu 数量" | "gpu数量" | "显卡数量" | "卡数" | "npu数量" | "npu 数量" | "number of npus" | "npu count" | "npus"
        // `| GPUs Used | **2 (two)** |`: the GPUs the run used.
        | "gpus used" | "used gpus" | "gpus in use" | "gpu used" => {
            out.extend(count_alone(value).map(|c| (Fact::GpuCount(c), line)));
        }
        "model" | "model name" | "模型" | "测试模型" | "被测模型" | "모델" | "테스트 모델" | "モデル" | "ターゲットモデル" | "対象モデル" | "使用モデル"
        | "target model" | "모델명" | "模型名称" => {
            let model = model_value(value).filter(|w| is_model_word(w)).map(|w| w.trim_end_matches([',', ';', '.']).to_string());
            // `Llama 3.1 70B Instruct (BF16)`: written with spaces, as a heading may be.
            let model = model.or_else(|| heading(value.split(['(', '（']).next().unwrap_or(value)).model);
            if let Some(m) = model {
                // `Qwen2.5-14B-Instruct，单卡 H20，…`: the one GPU named among the other items.
                let items: Vec<&str> = value.split([',', '，', ';', '；']).skip(1).collect();
                if let [gpu] = items.iter().filter_map(|item| gpu_in(item)).collect::<Vec<_>>().as_slice() {
                    out.push((Fact::Gpu(gpu.0.clone()), line));
                    let single = items.iter().any(|i| i.contains("单卡") || i.to_lowercase().contains("single gpu"));
                    out.extend(gpu.1.or(single.then_some(1)).map(|c| (Fact::GpuCount(c), line)));
                }
                out.push((Fact::Model(m), line));
                // `Llama-3-70B-Instruct (FP8)`: the precision in its brackets is the model's.
                if let Some((_, bracket)) = value.split_once(['(', '（']) {
                    out.extend(crate::precision::named_in_heading(words(bracket).into_iter()).map(|p| (Fact::Precision(p), line)));
                }
            }
        }
        // `**Serving config**: TP=8, max_model_len=65536, eager mode`: the TP it writes so.
        // `| Workers | 1x TP=1 |` (Dynamo's worker layout) too.
        "serving config" | "server config" | "serving configuration" | "server configuration" | "parallelism" | "服务配置" | "部署配置" | "并行配置"
        // `| 并行方式 | TP8 × PP4 |`: the TP among the parallelisms named.
        | "workers" | "worker" | "并行策略" | "并行方式" | "parallel strategy" | "topology" | "deployment" => {
            // `8 TP=1 prefills … and 2 TP=4 decoders`: two TPs, neither the run's.
            let tps: Vec<u32> = value.split([',', ';', '，', '；']).flat_map(|p| p.split(" and ")).filter_map(tp_in).collect();
            if tps.windows(2).all(|w| w[0] == w[1]) {
                out.extend(tps.first().map(|&tp| (Fact::Tp(tp), line)));
            }
        }
        // `| tensor-parallel-size | 1 |`: the flag's name as a label.
        "tp" | "tensor parallel" | "tensor parallelism" | "tensor parallel size" | "tp size" | "张量并行" | "tensor-parallel-size" | "tp-size"
        | "tensor_parallel_size" | "张量并行度" => {
            if let Some(tp) = value.split_whitespace().next().and_then(|w| w.parse::<u32>().ok()).filter(|&n| n > 0) {
                out.push((Fact::Tp(tp), line));
            }
        }
        // Not `Tool:`: a report's tool is the benchmark client (`vllm bench serve` measures
        // any server), not the engine served.
        // `**Software:** ROCm 7.0.0, vLLM 0.11.2`: the one engine it lists.
        // `**Backend**: vLLM OpenAI API Server`: the server measured (an attention backend,
        // `Backend: FlashInfer`, names no engine).
        "framework" | "engine" | "inference engine" | "serving engine" | "推理框架" | "框架" | "推理引擎" | "引擎" | "software" | "软件" | "推理框架后端"
        | "推論エンジン" | "推論フレームワーク" | "サービングエンジン" | "추론 엔진" | "서빙 엔진" | "추론 프레임워크"
        | "backend" | "serving backend" | "inference server" | "推理后端" => {
            let mut named: Vec<&'static str> = words(value).iter().filter_map(|w| framework_word(w)).collect();
            // `SGLang-JAX (sgl-jax)`: one engine, named twice.
            named.dedup();
            if let [one] = named.as_slice() {
                // `Engine: vLLM v0.27.1`: the release right after the engine's name, the
                // last word (`vLLM 0.10 or newer` names no one release). Listed before the
                // engine: the facts of the lines above a run are given last line first,
                // and a version is given only to a run of its framework.
                // `vLLM 0.26.0, NCCL 2.28.9, CUDA 13.0`: the one word of its item of a list.
                let ws = words(value);
                let item = value.split([',', ';', '，', '；', '、', '|']).find(|item| words(item).iter().any(|w| framework_word(w).is_some())).map(words).unwrap_or_default();
                fn last_of<'a>(ws: &[&'a str]) -> Option<&'a str> {
                    ws.iter().position(|w| framework_word(w).is_some()).filter(|&i| i + 2 == ws.len()).and_then(|i| ws.get(i + 1).copied())
                }
                let after = last_of(&ws).or_else(|| last_of(&item));
                if let Some(version) = after.and_then(exact_version) {
                    out.push((Fact::VersionOf(one, version), line));
                }
                out.push((Fact::Framework(one.to_string()), line));
            }
        }
        // `| 推理框架后端版本 | 0.20.2 |`: the release of the engine another line names.
        "框架版本" | "推理框架版本" | "推理框架后端版本" | "framework version" | "engine version" | "inference engine version" => {
            out.extend(value.split_whitespace().next().and_then(exact_version).map(|v| (Fact::FrameworkVersion(v), line)));
        }
        // `| **总请求数** | 320 |`, `Input length: 1024 tokens`: a whole number first (a list,
        // `1, 2, 4`, states no one value).
        "num prompts" | "number of prompts" | "prompts" | "prompts per run" | "总请求数" | "请求数" | "请求总数" => {
            out.extend(first_count(value, &["prompts", "requests", "条", "个"]).map(|n| (Fact::NumPrompts(n), line)));
        }
        "input length" | "input len" | "input tokens" | "isl" | "输入长度" | "请求输入上下文长度" | "输入上下文长度" | "输入token数" | "input sequence length"
        | "prompt length" | "input seq len" => {
            out.extend(first_count(value, &["tokens", "token", "tok"]).map(|n| (Fact::InputLen(n), line)));
        }
        // `**测试形状**：256 输入 token + 128 输出 token`.
        "测试形状" | "形状" | "shape" | "test shape" => out.extend(counted_lengths(value).into_iter().map(|f| (f, line))),
        "output length" | "output len" | "output tokens" | "osl" | "输出长度" | "请求输出上下文长度" | "输出上下文长度" | "输出token数" | "generation" | "generation length" | "生成长度"
        | "output sequence length" | "output seq len" => {
            out.extend(first_count(value, &["tokens", "token", "tok"]).map(|n| (Fact::OutputLen(n), line)));
        }
        "concurrency" | "max concurrency" | "并发" | "并发数" | "并发量" | "并发数量" => {
            out.extend(first_count(value, &["users", "concurrent", "并发", "路"]).map(|n| (Fact::MaxConcurrency(n), line)));
        }
        // `**Precision**: FP16`, `精度：BF16`: one precision named (two name none; nor does
        // one said of an engine, `Default (GGUF for Ollama, safetensors for vLLM)`).
        "precision" | "dtype" | "data type" | "quantization" | "精度" | "数据类型" | "量化" | "量化方式" | "权重数制" | "权重精度" => {
            let words = words(value);
            if !words.iter().any(|w| framework_word(w).is_some()) {
                out.extend(crate::precision::named_in_heading(words.into_iter()).map(|p| (Fact::Precision(p), line)));
            }
        }
        // `**Dataset**: ShareGPT (100 prompts, …)`: a dataset a benchmark client knows by name.
        "dataset" | "dataset mode" | "dataset name" | "数据集" | "测试数据集" => {
            let first = value.split(|c: char| c.is_whitespace() || matches!(c, '(' | ',' | '，' | '（' | ';')).next().unwrap_or_default();
            let known = ["sharegpt", "random", "random-mm", "sonnet", "burstgpt", "hf", "lmsys", "instructcoder", "mmlu", "gsm8k"];
            if let Some(d) = known.iter().find(|d| first.eq_ignore_ascii_case(d)) {
                out.push((Fact::Dataset(d.to_string()), line));
            }
        }
        // `负载：输入 10000 tokens；输出 800 tokens`, `Workload: input 512, output 128 tokens`.
        // `Workload: 32 concurrent users, 1024 input / 128 output`: numbers before their words.
        "负载" | "工作负载" | "load" | "workload" => {
            let lengths = lengths_in(value);
            let lengths = if lengths.is_empty() { counted_lengths(value) } else { lengths };
            out.extend(lengths.into_iter().map(|f| (f, line)));
            out.extend(settings_in(value).into_iter().map(|f| (f, line)));
        }
        _ => {
            if let Some(fact) = version_of(label, value) {
                out.push((fact, line));
            }
            // `**Benchmark**: ISL=1024, OSL=1024, random_range_ratio=0.8`.
            out.extend(settings_in(value).into_iter().map(|f| (f, line)));
        }
    }
}

/// The GPU an `nvidia-smi` output pasted in a document lists: its CSV query (`name, …` over
/// `NVIDIA A40, 8.6, 45489 MiB, …`) or its table's device rows (`|   0  NVIDIA H100 80GB HBM3
/// On  |   00000000:18:00.0 Off |`), when every device it lists is of one kind; read as a
/// labelled line of that GPU, holding for the runs below it. (How many it lists is the
/// machine's count, not what a run used: not taken.)
pub fn nvidia_smi(text: &str, first_line: u32) -> Vec<(Fact, u32)> {
    /// A device row's name: `0  NVIDIA H100 80GB HBM3   On` before a bus id cell.
    fn device_row(line: &str) -> Option<&str> {
        let mut cells = line.trim().strip_prefix('|')?.split('|');
        let (first, bus) = (cells.next()?.trim(), cells.next()?.trim());
        let bus_id = bus.split_whitespace().next().is_some_and(|b| b.len() >= 12 && b.contains(':') && b.contains('.') && b.bytes().all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.'));
        let (index, rest) = first.split_once(char::is_whitespace)?;
        let name = rest.trim().strip_suffix("On").or_else(|| rest.trim().strip_suffix("Off"))?.trim();
        (bus_id && index.bytes().all(|b| b.is_ascii_digit()) && !name.is_empty()).then_some(name)
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        let mut names: Vec<(&str, usize)> = Vec::new();
        if t.as_bytes().get(..5).is_some_and(|b| b.eq_ignore_ascii_case(b"name,")) {
            i += 1;
            while let Some(l) = lines.get(i).map(|l| l.trim()).filter(|l| !l.is_empty() && !l.starts_with("```") && l.contains(',')) {
                names.push((l.split(',').next().unwrap_or("").trim(), i));
                i += 1;
            }
        } else if device_row(t).is_some() {
            // The table's rows of devices, each followed by its second line and a rule.
            while i < lines.len() && (device_row(lines[i]).is_some() || lines[i].trim().starts_with('|') || lines[i].trim().starts_with('+')) {
                if let Some(name) = device_row(lines[i]) {
                    names.push((name, i));
                }
                i += 1;
            }
        } else {
            i += 1;
            continue;
        }
        if let Some(&(name, at)) = names.first().filter(|(n, _)| !n.is_empty() && names.iter().all(|(m, _)| m == n)) {
            label_facts("gpu", name, first_line + at as u32, &mut out);
        }
    }
    out.retain(|(f, _)| matches!(f, Fact::Gpu(_)));
    out
}

/// The rows of a document's setup tables: a label and its value, maybe a note (`| **数据集** |
/// random |`, `| 실행 환경 | Google Colab, T4 GPU |`, `| モデル | … (FP16) |`), read as the
/// labelled lines they say, with their lines. They hold for the runs below them (not, as a
/// prose setup list may, for the runs above).
pub fn setup_rows(text: &str, first_line: u32) -> Vec<(Fact, u32)> {
    let mut out = Vec::new();
    // Whether the current table's third column is a note (`| 参数 | 值 | 说明 |`), not a second
    // setup beside the first (`| Parameter | H200 | B200 |`: neither is the document's).
    let mut third_is_note = false;
    let mut previous: Option<usize> = None;
    for (i, raw) in outside_fences(text) {
        let Some(row) = raw.trim().strip_prefix('|') else { continue };
        let cells: Vec<&str> = row.trim_end_matches('|').split('|').map(str::trim).collect();
        if previous != Some(i.wrapping_sub(1)) {
            // A table's first row, its header.
            let note_words = ["note", "notes", "comment", "comments", "description", "remark", "remarks", "说明", "备注", "描述", "注释", "비고", "備考"];
            third_is_note = cells.get(2).is_some_and(|c| note_words.contains(&c.trim_matches('*').trim().to_lowercase().as_str()));
        }
        previous = Some(i);
        let (label, value) = match cells.as_slice() {
            [label, value] if label.chars().count() <= 24 => (label.trim_matches('*').trim(), *value),
            [label, value, third] if (third_is_note || third.is_empty()) && label.chars().count() <= 24 => (label.trim_matches('*').trim(), *value),
            _ => continue,
        };
        let value = value.replace(['`', '*'], "");
        // `[Qwen/Qwen3-32B](https://…)`: the link's text.
        let value = match value.trim().strip_prefix('[').and_then(|v| v.split_once("](")) {
            Some((text, _)) => text.trim(),
            None => value.trim(),
        };
        if !value.is_empty() {
            label_facts(&label.to_lowercase(), value, first_line + i as u32, &mut out);
        }
    }
    out
}

/// The whole number a value is (`320`, `10240（10k）`, `1024 tokens.`), followed by nothing, a
/// bracket or one of `units`; `None` for a list (`1, 2, 4`, `128/256`) or another unit (`200
/// prompts` under a concurrency).
fn first_count(value: &str, units: &[&str]) -> Option<u64> {
    // `10,240 tokens`: groups of three digits after a comma are the number's, when the first
    // group has one or two digits (`128,256` is a list of two lengths).
    let b = value.as_bytes();
    let first_group = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut digits = first_group;
    while (1..=2).contains(&first_group) && b.get(digits) == Some(&b',') && b.len() >= digits + 4 && b[digits + 1..digits + 4].iter().all(u8::is_ascii_digit) && !b.get(digits + 4).is_some_and(u8::is_ascii_digit) {
        digits += 4;
    }
    let n = value[..digits].replace(',', "").parse::<u64>().ok().filter(|&n| n > 0)?;
    let rest = value[digits..].trim_start().trim_end_matches(['.', '。']);
    let unit = rest.split(['(', '（']).next().unwrap_or_default().trim();
    (unit.is_empty() || units.iter().any(|u| unit.eq_ignore_ascii_case(u))).then_some(n)
}

/// A GPU count written alone (`16`, `16 total`, `8 GPUs`, `4 张`, `8卡`): a whole number and
/// at most a word saying it counts GPUs. `16 (8 prefill + 8 decode)` and `2 nodes` are no
/// count here.
fn count_alone(value: &str) -> Option<u32> {
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    let n = value[..digits].parse::<u32>().ok().filter(|&n| n > 0)?;
    let rest = value[digits..].trim().trim_end_matches(['.', ',', ';']).to_lowercase();
    // (`2 (two)`: the number again in words.)
    let words = ["one", "two", "three", "four", "five", "six", "seven", "eight"];
    let spelled = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')).is_some_and(|w| words.get(n as usize - 1) == Some(&w.trim()));
    (spelled || matches!(rest.as_str(), "" | "total" | "gpus" | "gpu" | "gpus total" | "x" | "张" | "卡" | "张卡" | "块")).then_some(n)
}

/// The model a `Model:` line names: its first word, ending at a bracket unless the bracket
/// holds the size (`Qwen/Qwen3-32B-FP8（FP8 checkpoint）` → `Qwen/Qwen3-32B-FP8`;
/// `LLAMA-V1（65B）` stays whole).
fn model_value(value: &str) -> Option<&str> {
    if let Some(linked) = linked_model(value) {
        return Some(linked);
    }
    let word = value.split(|c: char| c.is_whitespace() || matches!(c, '，' | '；')).next()?;
    match word.find(['（', '(']) {
        Some(at) => {
            let inside = word[at..].trim_start_matches(['（', '(']).trim_end_matches(['）', ')']);
            if is_size(inside) { Some(word) } else { Some(&word[..at]) }
        }
        None => Some(word),
    }
}

/// The model a markdown link names (`Meta's [LLaMA-2-7B-Chat](https://huggingface.co/meta-llama/Llama-2-7b-chat-hf)`):
/// the checkpoint of a Hugging Face or ModelScope address (`meta-llama/Llama-2-7b-chat-hf`),
/// else the link's text when it is one word.
fn linked_model(value: &str) -> Option<&str> {
    let open = value.find('[')?;
    // The link is the value (`[Qwen/Qwen3-8B](…)`, `Meta's [LLaMA-2-7B-Chat](…)`), not a
    // reference after it (`Llama-3.1-70B ([paper](…))`).
    let before = value[..open].trim();
    if !(before.is_empty() || (before.ends_with("'s") && !before.contains(char::is_whitespace))) {
        return None;
    }
    let (text, rest) = value[open + 1..].split_once("](")?;
    let url = rest.split(')').next()?;
    let hub = ["huggingface.co/", "hf.co/", "modelscope.cn/models/"].iter().find_map(|h| url.split_once(h).map(|(_, path)| path));
    if let Some(path) = hub {
        let mut parts = path.split(['/', '?', '#']).filter(|p| !p.is_empty());
        let not_models = ["blog", "docs", "datasets", "spaces", "papers", "collections", "learn", "models"];
        if let (Some(org), Some(name)) = (parts.next().filter(|o| !not_models.contains(o)), parts.next()) {
            let start = path.find(org).unwrap_or(0);
            return Some(&path[start..start + org.len() + 1 + name.len()]);
        }
    }
    let text = text.trim().trim_matches('`');
    (!text.is_empty() && !text.contains(char::is_whitespace) && is_model_word(text)).then_some(text)
}

/// The input and output lengths written as counts of what goes in and out, the number before
/// its word: `(3500 in / 1500 out)`, `16000-in / 100-out`, `1024 input / 128 output`, `256 输入
/// token + 128 输出 token`; none unless the text writes one such pair.
fn counted_lengths(text: &str) -> Vec<Fact> {
    let lower = text.to_lowercase();
    let mut spaced = String::with_capacity(lower.len() + 8);
    let mut prev = ' ';
    for c in lower.chars() {
        match c {
            '/' => spaced.push_str(" / "),
            '+' => spaced.push_str(" + "),
            // `16000-in`: the number and its word.
            '-' if prev.is_ascii_digit() => spaced.push(' '),
            '(' | ')' | ',' | '，' | '（' | '）' | '；' | ';' => spaced.push(' '),
            // `128 Token 输入、128 Token 输出`: the enumeration comma between the two.
            '、' => spaced.push_str(" 、 "),
            _ => spaced.push(c),
        }
        prev = c;
    }
    let words: Vec<&str> = spaced.split_whitespace().map(|w| w.trim_end_matches(['.', ':', '：', '的'])).collect();
    let count = |w: &str| w.parse::<u64>().ok().filter(|&n| n > 0);
    // (`512 prompt + 256 output tokens`: the prompt's tokens.)
    let input = |w: &str| w == "in" || w.starts_with("input") || w == "prompt" || w.starts_with("输入");
    let output = |w: &str| w == "out" || w.starts_with("output") || w.starts_with("输出");
    let unit = |w: &str| matches!(w, "token" | "tokens" | "tok");
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for i in 0..words.len() {
        let Some(n) = count(words[i]) else { continue };
        // `128 Token 输入`: the unit before the word passed over too.
        let mut k = i + 1;
        if words.get(k).is_some_and(|w| unit(w)) && words.get(k + 1).is_some_and(|w| input(w)) {
            k += 1;
        }
        if !words.get(k).is_some_and(|w| input(w)) {
            continue;
        }
        // `256 输入 token + 128 输出 token`: the unit after the word passed over.
        k += 1;
        if words.get(k).is_some_and(|w| unit(w)) {
            k += 1;
        }
        if !matches!(words.get(k), Some(&"/" | &"+" | &"、")) {
            continue;
        }
        let Some(m) = words.get(k + 1).and_then(|w| count(w)) else { continue };
        let mut o = k + 2;
        if words.get(o).is_some_and(|w| unit(w)) && words.get(o + 1).is_some_and(|w| output(w)) {
            o += 1;
        }
        if words.get(o).is_some_and(|w| output(w)) {
            pairs.push((n, m));
        }
    }
    match pairs.as_slice() {
        [(i, o)] => vec![Fact::InputLen(*i), Fact::OutputLen(*o)],
        _ => Vec::new(),
    }
}

/// The input and output lengths a workload line names as a word and a whole number
/// (`输入 10000 tokens；输出 800 tokens`, `input 512, output 128`); `1k` is no length.
fn lengths_in(value: &str) -> Vec<Fact> {
    let words: Vec<&str> = value.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '，' | '；' | '、')).filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        let Some(n) = pair[1].parse::<u64>().ok().filter(|&n| n > 0) else { continue };
        let fact = match pair[0].to_lowercase().as_str() {
            "输入" | "input" => Fact::InputLen(n),
            "输出" | "output" => Fact::OutputLen(n),
            _ => continue,
        };
        if !out.iter().any(|o: &Fact| o.key() == fact.key()) {
            out.push(fact);
        }
    }
    out
}

/// A caption line and the lines of the code block or table it captions.
#[derive(Clone, Debug, PartialEq)]
pub struct Caption {
    pub line: u32,
    /// First and last line of the captioned block or table (the fences included).
    pub first: u32,
    pub last: u32,
    pub facts: Vec<Fact>,
    /// A caption of no fact introducing a code block (`Before this PR:`, `优化前：`): what
    /// tells its runs from those of the blocks beside it, kept as their note.
    pub label: Option<String>,
    /// The caption says the numbers below are no single measured run's: what it says, and its
    /// words.
    pub aggregate: Option<(Caveat, String)>,
}

/// What a caption says of the numbers below it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Caveat {
    /// A mean over several runs (`数値は6並列度（1, 5, 25, 50, 100, 200）の幾何平均である。`).
    Aggregate,
    /// Approximate or estimated values (`Valores aproximados, baseados em benchmarks públicos`).
    Approximate,
}

/// Words saying a table's numbers are approximate or estimated, not measured as printed.
const APPROXIMATE_WORDS: [&str; 10] = ["approximate values", "values are approximate", "approximated", "valores aproximados", "rough estimate", "estimated values", "估算", "概算", "近似值", "推定値"];

/// Words saying a table's or block's numbers are a mean over several runs, not one run's:
/// a geometric or harmonic mean.
const AGGREGATE_WORDS: [&str; 8] = ["geometric mean", "geomean", "harmonic mean", "幾何平均", "几何平均", "기하 평균", "기하평균", "調和平均"];

/// The captions of a document: a short line of its own (markup aside, at most 100 bytes, no
/// heading, list item or quote, not ending as a sentence or an introduction does: `.`, `:`)
/// followed, after at most one blank line, by a code fence or a table, that states a GPU, a
/// GPU count, TP or one framework as a heading would (`Single L4 GPU vLLM 0.6.2` → GPU `L4`,
/// one GPU, vLLM `0.6.2`). Prose above a block is read only in this form: a sentence is not
/// evidence of what one block ran on.
pub fn captions(text: &str, first_line: u32) -> Vec<Caption> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, raw) in outside_fences(text) {
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        // The block or table right below: the next line, or the one after a blank line. Looked
        // at first: most lines stand above neither, and are not read as captions at all.
        let next = (i + 1..lines.len().min(i + 3)).find(|&j| !lines[j].trim().is_empty());
        let Some(j) = next.filter(|&j| j == i + 1 || lines[i + 1].trim().is_empty()) else { continue };
        let below = lines[j].trim_start();
        let fenced = below.starts_with("```") || below.starts_with("~~~");
        // A list of `Label: value` items, which reads as a table (`markdown::list_tables`).
        let item = |l: &str| (l.starts_with("- ") || l.starts_with("* ")) && l.contains([':', '：']);
        if !fenced && !below.starts_with('|') && !item(below) {
            continue;
        }
        // `수정 전후 비교 (facebook/opt-125m, input=128, …):` introducing a table of another model
        // than the document's: the checkpoint and the load it names are that table's (rows
        // naming their own keep theirs), not the ones a setup line names for the rest.
        let prose = t.len() <= 200 && !t.starts_with(['#', '-', '+', '>', '|', '<', '!', '[']);
        // (`Benchmark 对比（TP=4, random 20k/1k, parallel=1）：`: its settings and TP.)
        let mut facts = caption_facts(t).unwrap_or_else(|| if prose { settings_in(t).into_iter().chain(tp_in(t).map(Fact::Tp)).chain(counted_lengths(t)).collect() } else { Vec::new() });
        facts.extend(introduced_checkpoint(t).map(Fact::Model));
        // (A caption naming only the engine, `使用CPU运行(…重新运行\`ollama serve\`)`, still labels the block.)
        let only_engine = facts.iter().all(|f| matches!(f, Fact::Framework(_) | Fact::FrameworkVersion(_) | Fact::VersionOf(..)));
        let label = (only_engine && fenced && prose).then(|| block_label(t, j == i + 1)).flatten();
        let says = |words: &[&str]| t.len() <= 400 && words.iter().any(|w| crate::text::contains_ignore_ascii_case(t, w));
        let caveat = if says(&AGGREGATE_WORDS) {
            Some(Caveat::Aggregate)
        } else if says(&APPROXIMATE_WORDS) {
            Some(Caveat::Approximate)
        } else {
            None
        };
        let aggregate = caveat.map(|c| (c, t.trim_start_matches(['>', ' ']).replace("**", "").trim_matches(['*', '_']).trim().to_string()));
        if facts.is_empty() && label.is_none() && aggregate.is_none() {
            continue;
        }
        let last = if fenced {
            let open = &below[..3];
            (j + 1..lines.len()).find(|&k| lines[k].trim_start().starts_with(open)).unwrap_or(lines.len() - 1)
        } else if below.starts_with('|') {
            (j..lines.len()).take_while(|&k| lines[k].trim_start().starts_with('|')).last().unwrap_or(j)
        } else {
            (j..lines.len()).take_while(|&k| item(lines[k].trim_start())).last().unwrap_or(j)
        };
        let at = |k: usize| first_line + k as u32;
        out.push(Caption { line: at(i), first: at(j), last: at(last), facts, label, aggregate });
    }
    out
}

/// The words of a short line introducing a code block, `Before this PR:`, `优化前：`,
/// `mindie + V1 + compile：` (markup and the colon removed), or a line without the colon
/// right above the fence (`Vec column sweep`: `adjacent`), when they can name what ran: not
/// a sentence, and not a generic introduction (`Output:`, `A sample output that looks like
/// this:`, `结果如下：`).
fn block_label(line: &str, adjacent: bool) -> Option<String> {
    // `**Before this PR:**`: the markup around it first.
    let bare = line.trim().trim_matches(['*', '_', '`']).trim();
    // `a. 使用GPU运行`, `2) Before`: the label without its list mark; `使用CPU运行(清理环境变量，…)`
    // without the aside after it.
    let bare = match bare.split_once([')', '.']) {
        Some((mark, rest)) if rest.starts_with(' ') && !mark.is_empty() && mark.len() <= 2 && mark.chars().all(|c| c.is_ascii_alphanumeric()) => rest.trim_start(),
        _ => bare,
    };
    // (A generic word in the aside, `(Completed Requests)`, still makes the label generic.)
    let whole = bare.to_lowercase();
    let bare = match bare.split_once(['(', '（']) {
        Some((before, _)) if !before.trim().is_empty() && !bare.trim_end().ends_with([':', '：']) => before.trim_end(),
        _ => bare,
    };
    let t = bare.trim_end_matches([':', '：']).trim().trim_matches(['*', '_', '`']).trim();
    // Without its colon (`Vec column sweep` over the fence), only right above the block, and
    // no list item or flag (`* --num-prompts 50`).
    let item = line.trim_start().starts_with("* ") || t.starts_with('-');
    let introduces = bare.ends_with([':', '：']) || (adjacent && !item);
    if t.is_empty() || t.chars().count() > 40 || t.ends_with(['.', '。', '!', '?']) || !introduces {
        return None;
    }
    let lower = t.to_lowercase();
    const GENERIC: [&str; 16] = [
        "output", "result", "sample", "example", "looks like", "as follows", "log", "command", "completed", "如下", "示例", "例如", "输出", "结果", "日志", "命令",
    ];
    let generic = GENERIC.iter().any(|g| lower.contains(g) || whole.contains(g)) || lower.split_whitespace().any(|w| w == "run" || w == "runs");
    // Part of a sentence (`… we expose). Sample`, `…终端。例如`) is no label either.
    let sentence = t.contains(['。', '，', ';', '；']) || t.contains(". ") || (t.contains(')') && !t.contains('('));
    (!generic && !sentence).then(|| t.to_string())
}

/// The comment lines of a document's logs that caption the result blocks below them (`#
/// llama.cpp - c=16`, `# vLLM TP=16`, `# c=1`): what a heading of those words would state
/// (precision aside; a model only when one is named), holding for the blocks after the
/// comment up to the next such comment or the end of the code block. A comment of flags
/// (`# --max-concurrency = 32`) is read as flags elsewhere.
pub fn log_captions(text: &str, first_line: u32) -> Vec<Caption> {
    let mut out: Vec<Caption> = Vec::new();
    let mut fence: Option<&str> = None;
    let at = |k: usize| first_line + k as u32;
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if let Some(open) = fence {
            if t.starts_with(open) {
                fence = None;
                if let Some(last) = out.last_mut().filter(|c| c.last == u32::MAX) {
                    last.last = at(i);
                }
                continue;
            }
            let Some(comment) = t.strip_prefix("# ").map(str::trim) else { continue };
            if comment.is_empty() || comment.len() > 80 || comment.starts_with('-') || comment.contains(['$', '=']) && !comment.split_whitespace().any(|w| w.contains('=') && settings_in(w).len() + usize::from(tp_in(w).is_some()) > 0) {
                continue;
            }
            let h = heading(comment);
            let ws = words(comment);
            let mentions = ws.iter().filter(|w| is_model_word(w)).count();
            // A log's `# Batch size: 10000` describes what its tool printed (SGLang's prompts
            // sent at once), not a concurrency its client was given.
            let batch = comment.to_ascii_lowercase().contains("batch size");
            let facts: Vec<Fact> = h
                .facts()
                .into_iter()
                .filter(|f| match f {
                    Fact::Precision(_) => false,
                    Fact::Model(_) => mentions == 1,
                    Fact::MaxConcurrency(_) => !batch,
                    _ => true,
                })
                .collect();
            if facts.is_empty() {
                continue;
            }
            if let Some(last) = out.last_mut().filter(|c| c.last == u32::MAX) {
                last.last = at(i);
            }
            out.push(Caption { line: at(i), first: at(i) + 1, last: u32::MAX, facts, label: None, aggregate: None });
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
        }
    }
    out
}

/// The lines of `text` outside fenced code blocks, with their index (the fence lines left
/// out too): what the prose readers ([`labelled_lines`], [`captions`]) look at.
/// The lines labelled lines are read from, in order: those outside code blocks, and those of
/// a code block that lists the machine, one `Label: value` a line (```` ```txt ```` holding
/// `CPU: AMD EPYC 9654 *2`, `GPU: AMD MI325X *8 # …`, `RAM: 2.3TB`), each without its `#`
/// comment. A block of any other line (a log, a command, a config file of many keys) gives none.
fn labelled_sources(text: &str) -> Vec<(usize, &str)> {
    let hardware = |l: &str| {
        let label = l.split_once([':', '：']).map_or("", |(l, _)| l).trim().to_ascii_lowercase();
        matches!(label.as_str(), "gpu" | "gpus" | "npu" | "显卡" | "顯卡" | "accelerator")
    };
    let labelled = |l: &str| {
        l.split_once([':', '：']).is_some_and(|(label, value)| {
            let label = label.trim();
            !label.is_empty() && label.chars().count() <= 24 && !label.contains(['`', '=', '/', '$']) && !value.trim().is_empty() && !l.starts_with([' ', '\t'])
        })
    };
    let mut out = Vec::new();
    // The open fence, and the lines of its block when it is plain text.
    let mut fence: Option<(&str, bool)> = None;
    let mut block: Vec<(usize, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        match fence {
            Some((open, plain)) if t.starts_with(open) => {
                fence = None;
                if plain && (2..=12).contains(&block.len()) && block.iter().all(|(_, l)| labelled(l)) && block.iter().any(|(_, l)| hardware(l)) {
                    out.extend(block.iter().map(|(k, l)| (*k, l.split_once(" #").map_or(*l, |(before, _)| before.trim_end()))));
                }
                block.clear();
            }
            Some((_, plain)) => {
                if plain && !t.is_empty() {
                    block.push((i, raw));
                }
            }
            None if t.starts_with("```") || t.starts_with("~~~") => {
                let lang = t[3..].trim().to_ascii_lowercase();
                fence = Some((&t[..3], matches!(lang.as_str(), "" | "txt" | "text" | "plaintext")));
            }
            None => out.push((i, raw)),
        }
    }
    out
}

pub(crate) fn outside_fences(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut fence: Option<&str> = None;
    text.lines().enumerate().filter(move |(_, raw)| {
        let t = raw.trim();
        if let Some(open) = fence {
            if t.starts_with(open) {
                fence = None;
            }
            return false;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            return false;
        }
        true
    })
}

/// The one Hugging Face checkpoint (`org/name`, a digit in the name) a short line of prose
/// names, as a line introducing a table or block does; `None` when it names none or several,
/// or is a heading or a list item.
fn introduced_checkpoint(line: &str) -> Option<String> {
    if line.len() > 200 || line.starts_with(['#', '-', '+', '>', '|', '<', '!', '[']) {
        return None;
    }
    let ids: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';' | '`' | '*' | '"' | '\'' | '（' | '）' | '，'))
        .map(|w| w.trim_end_matches([':', '：', '.']))
        .filter(|w| is_checkpoint_id(w))
        .collect();
    match ids.as_slice() {
        [one, rest @ ..] if rest.iter().all(|w| w == one) => Some(one.to_string()),
        _ => None,
    }
}

/// `facebook/opt-125m`, `Qwen/Qwen2.5-7B-Instruct`: one `/` between an organisation and a
/// name with a digit, word characters only; not a path or a file (`a/b.json`, `./x`).
fn is_checkpoint_id(word: &str) -> bool {
    let Some((org, name)) = word.split_once('/') else { return false };
    let ok = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')) && !p.starts_with('.');
    let file = [".json", ".py", ".sh", ".md", ".yaml", ".yml", ".txt", ".csv", ".log"].iter().any(|e| name.to_ascii_lowercase().ends_with(e));
    // `20k/1k`, `1k/128`: input and output lengths.
    let length = |p: &str| p.trim_end_matches(['k', 'K', 'm', 'M']).parse::<f64>().is_ok();
    ok(org) && ok(name) && name.bytes().any(|b| b.is_ascii_digit()) && !file && org.bytes().any(|b| b.is_ascii_alphabetic()) && !(length(org) && length(name))
}

/// What a caption line states (see [`captions`]), or `None` for a line that is no caption.
fn caption_facts(line: &str) -> Option<Vec<Fact>> {
    let t = line.trim_matches(|c: char| c == '*' || c == '_').trim();
    let listed = t.starts_with(['#', '-', '+', '>', '|', '<', '!', '[']) || t.split_once(". ").is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()));
    if t.is_empty() || t.len() > 100 || listed || t.ends_with(['.', ':', '：', '。', ',', ';']) {
        return None;
    }
    let h = heading(t);
    let mut facts = h.facts();
    let ws = words(t);
    // (The release after the framework is the heading's own: `Heading::version`.)
    // A model named in a caption (`Table 2: Llama-3-8B vs Qwen2-7B`) may be one of several of
    // the table's rows: kept only when the caption names one model (`` `Llama 3.1 8B`: `tp=1`
    // ``), which rows naming their own do not take. (A precision is read from headings only.)
    let mentions = models_mentioned(&ws);
    facts.retain(|f| match f {
        Fact::Model(_) => mentions == 1,
        Fact::Precision(_) => false,
        _ => true,
    });
    (!facts.is_empty()).then_some(facts)
}

/// How many models a line's words name: checkpoint-like words (`Llama-3-8B`) and families
/// written alone (`Mixtral`, `DeepSeek`).
fn models_mentioned(ws: &[&str]) -> usize {
    ws.iter().filter(|w| is_model_word(w) || FAMILIES.iter().any(|f| !f.ends_with('-') && f.len() > 2 && f.eq_ignore_ascii_case(w))).count()
}

/// Whether a heading names more than one model (`Benchmarks reproduzíveis (Llama 70B, Mixtral,
/// DeepSeek)`): then it names no one run's model.
pub fn names_several_models(title: &str) -> bool {
    models_mentioned(&words(title)) > 1
}

/// Whether `value` names a GPU other than `found` (`H200/B300` names two).
fn names_another_gpu(value: &str, found: &str) -> bool {
    let upper = value.to_ascii_uppercase();
    let Some(at) = upper.find(&found.to_ascii_uppercase()) else { return false };
    let rest = format!("{} {}", &value[..at], &value[at + found.len()..]);
    gpu_in(&rest).is_some_and(|(other, _)| !other.eq_ignore_ascii_case(found) && !machine_of(&other, found) && !machine_of(found, &other))
        || counted_beyond_vs(value, at)
}

/// `2x H100 GPUs (TP=2) vs. 1x G4 GPU (TP=1)`: across a `vs` from the GPU found (at `at`),
/// a count of machines of another name (one no list here knows: still another machine).
fn counted_beyond_vs(value: &str, at: usize) -> bool {
    let lower = value.to_ascii_lowercase();
    let Some(vs) = [" vs. ", " vs ", " versus "].iter().find_map(|w| lower.find(w).map(|i| (i, w.len()))) else { return false };
    let other = if at < vs.0 { &value[vs.0 + vs.1..] } else { &value[..vs.0] };
    let words: Vec<&str> = other.split_whitespace().collect();
    // A machine's name: letters and digits (`G4`, `MI300X`), not a word (`3x higher`).
    let machine = |w: &str| w.bytes().any(|b| b.is_ascii_digit()) && w.bytes().any(|b| b.is_ascii_uppercase()) && w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    words.windows(2).any(|w| {
        let n = w[0].strip_suffix(['x', 'X', '×']).unwrap_or("");
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && machine(w[1])
    })
}

/// Machines named for the one chip they carry: `DGX Spark NVIDIA GB10` names one GPU.
fn machine_of(machine: &str, chip: &str) -> bool {
    const MACHINES: [(&str, &str); 5] = [("DGX SPARK", "GB10"), ("ATLAS A3", "910C"), ("ATLAS 800I A3", "910C"), ("ATLAS 800T A3", "910C"), ("ATLAS 800I A2", "910B")];
    MACHINES.iter().any(|(m, c)| machine.eq_ignore_ascii_case(m) && chip.to_ascii_uppercase().starts_with(c))
}

/// `SGLang Version: 0.5.6.post1`, `vLLM version: v0.10.1`, `LMDeploy 版本: 0.9.2`: the label
/// names one framework and the value starts with an exact release (`0.5.8+`, `≥ 0.3`, `Latest`
/// name none).
fn version_of(label: &str, value: &str) -> Option<Fact> {
    let name = label.strip_suffix("version").or_else(|| label.strip_suffix("版本"))?.trim();
    let framework = framework_word(name)?;
    let version = exact_version(value.split_whitespace().next()?)?;
    Some(Fact::VersionOf(framework, version))
}

/// `v0.10.1`, `0.5.6.post1,` → the release it names; `0.5.8+`, `≥`, `Latest` name none.
pub fn exact_version(word: &str) -> Option<String> {
    let version = word.strip_prefix(['v', 'V']).unwrap_or(word).trim_end_matches([',', ';', '.']);
    let exact = version.starts_with(|c: char| c.is_ascii_digit())
        && version.contains('.')
        && version.chars().all(|c| c.is_ascii_alphanumeric() || c == '.');
    exact.then(|| version.to_string())
}

// ---------------------------------------------------------------------------------------
// Front matter

/// A document's front matter (`---` … `---` at the top): its `key: value` lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrontMatter {
    /// Lower-cased key → (value, line).
    pub fields: BTreeMap<String, (String, u32)>,
    /// Byte offset just past the closing `---` line.
    pub end: usize,
}

/// Reads a YAML-style front matter block; nested values and lists are skipped.
pub fn front_matter(text: &str) -> Option<FrontMatter> {
    let mut lines = text.split_inclusive('\n');
    if lines.next()?.trim_end() != "---" {
        return None;
    }
    let mut fm = FrontMatter { end: 4, ..FrontMatter::default() };
    let mut offset = text.find('\n')? + 1;
    for (i, line) in lines.enumerate() {
        offset += line.len();
        let trimmed = line.trim_end();
        if trimmed == "---" || trimmed == "..." {
            fm.end = offset;
            return Some(fm);
        }
        if line.starts_with([' ', '\t', '-']) {
            continue;
        }
        if let Some((k, v)) = trimmed.split_once(':') {
            let v = v.trim().trim_matches(['"', '\'']);
            if !v.is_empty() {
                fm.fields.insert(k.trim().to_ascii_lowercase(), (v.to_string(), i as u32 + 2));
            }
        }
    }
    None
}

impl FrontMatter {
    /// What the front matter states about every run of the document, with the line of each.
    pub fn facts(&self) -> Vec<(Fact, u32)> {
        let mut out = Vec::new();
        let get = |names: &[&str]| names.iter().find_map(|n| self.fields.get(*n)).cloned();
        let int = |v: &str| v.parse::<f64>().ok().and_then(integer);
        if let Some((v, l)) = get(&["model", "model_id", "model_name"]) {
            out.push((Fact::Model(v), l));
        }
        if let Some((v, l)) = get(&["gpu", "hardware", "accelerator", "device"]) {
            match gpu_in(&v) {
                Some((gpu, count)) => {
                    out.push((Fact::Gpu(gpu), l));
                    out.extend(count.map(|c| (Fact::GpuCount(c), l)));
                }
                None => out.push((Fact::Gpu(v), l)),
            }
        }
        if let Some((v, l)) = get(&["gpu_count", "gpus", "num_gpus"]) {
            out.extend(int(&v).map(|n| (Fact::GpuCount(n as u32), l)));
        }
        if let Some((v, l)) = get(&["tp", "tensor_parallel_size", "tp_size"]) {
            out.extend(int(&v).map(|n| (Fact::Tp(n as u32), l)));
        }
        if let Some((v, l)) = get(&["framework", "engine"]) {
            let named = framework::of_backend(&v).map(str::to_string).unwrap_or(v);
            out.push((Fact::Framework(named), l));
        }
        if let Some((v, l)) = get(&["framework_version", "version"]) {
            out.push((Fact::FrameworkVersion(v.trim_start_matches('v').to_string()), l));
        }
        if let Some((v, l)) = get(&["dataset"]) {
            out.push((Fact::Dataset(v), l));
        }
        // `title: "Jetson Thor 大模型推理性能基准测试"`: the document's title, read as a heading.
        if let Some((v, l)) = get(&["title"]) {
            let title = heading(v.trim_matches(['"', '\'']));
            out.extend(title.facts().into_iter().filter(|f| !out.iter().any(|(o, _)| o.key() == f.key())).map(|f| (f, l)).collect::<Vec<_>>());
        }
        // `tags: [Jetson, Thor, Qwen3, vLLM, FP8]`: one framework among the tags is the
        // document's (two name none).
        if let Some((v, l)) = get(&["tags", "categories", "keywords"]).filter(|_| !out.iter().any(|(f, _)| matches!(f, Fact::Framework(_)))) {
            let mut named: Vec<&'static str> = v
                .split([',', '[', ']', ' ', '"', '\''])
                .filter_map(framework_word)
                .collect();
            named.dedup();
            if let [one] = named.as_slice() {
                out.push((Fact::Framework(one.to_string()), l));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search [`gpu_in`] replaced: every name looked for.
    fn gpu_in_by_every_name(text: &str) -> Option<(String, Option<u32>)> {
        let upper = text.to_ascii_uppercase();
        let bytes = upper.as_bytes();
        for name in GPUS {
            let mut from = 0;
            while let Some(pos) = crate::text::find_short(&upper[from..], name) {
                let start = from + pos;
                let end = start + name.len();
                from = start + 1;
                let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphanumeric() || count_before(&upper[..start]).is_some();
                let after_ok = end == upper.len() || !bytes[end].is_ascii_alphanumeric() || (bytes[end] == b'X' && count_after(&upper[end..]).is_some());
                if !before_ok || !after_ok {
                    continue;
                }
                let mut stop = end;
                let rest = &text[end..];
                if rest.starts_with('-') {
                    stop = end + rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(rest.len());
                }
                let written = text[start..stop].trim_end_matches('-').to_string();
                let count = count_before(&upper[..start]).or_else(|| count_after(&upper[stop..]));
                return Some((written, count));
            }
        }
        None
    }

    /// What [`is_model_word`] was before it compared families in place: on a lower-cased copy.
    fn is_model_word_by_lower_copy(word: &str) -> bool {
        if word.len() > 120 || word.contains("://") {
            return false;
        }
        let base = word.trim_end_matches('/').rsplit('/').next().unwrap_or(word).to_ascii_lowercase();
        let family = FAMILIES.iter().any(|f| {
            base.strip_prefix(f).is_some_and(|rest| {
                let c = rest.chars().next();
                let lettered = *f == "deepseek" && rest.strip_prefix(['v', 'r']).is_some_and(|r| r.starts_with(|d: char| d.is_ascii_digit()));
                lettered || c.is_some_and(|c| f.ends_with('-') || c.is_ascii_digit() || matches!(c, '-' | '_' | '.'))
            })
        });
        family && base.chars().any(|c| c.is_ascii_digit()) && gpu_in(word).is_none()
    }

    /// `nvidia-smi`'s table (device rows from public logs, index ids 23161972012 and
    /// 53065424572) and its CSV query (a Korean study note, index id 66294485322): the GPU
    /// they list when all are one kind; a machine of two kinds names none.
    /// Ascend setups name the NPU and its count (`| NPU类型 | Ascend 910B |`, `| NPU数量 | 1 |`),
    /// more exactly than the server (`| 硬件平台 | Atlas 800I A2 |`) above them.
    #[test]
    fn npu_labels_of_an_ascend_setup() {
        let text = "| 项目 | 配置 |\n|------|------|\n| 硬件平台 | Atlas 800I A2 |\n| NPU数量 | 1 |\n| NPU类型 | Ascend 910B |\n";
        let rows = setup_rows(text, 1);
        assert!(rows.contains(&(Fact::GpuCount(1), 4)), "{rows:?}");
        assert!(rows.contains(&(Fact::Gpu("910B".into()), 5)), "{rows:?}");
    }

    #[test]
    fn the_gpu_an_nvidia_smi_output_lists() {
        let table = "```\n|=========================================+======================+======================|\n|   0  NVIDIA H100 80GB HBM3          On  | 00000000:19:00.0 Off |                    0 |\n| N/A   33C    P0              72W / 700W |      2MiB / 81559MiB |      0%      Default |\n|                                         |                      |             Disabled |\n+-----------------------------------------+----------------------+----------------------+\n|   1  NVIDIA H100 80GB HBM3          On  |   00000000:05:00.0 Off |                    0 |\n```\n";
        assert_eq!(nvidia_smi(table, 1), vec![(Fact::Gpu("H100".into()), 3)]);
        let csv = "$ nvidia-smi --query-gpu=name,compute_cap,memory.free --format=csv\nname, compute_cap, memory.free [MiB]\nNVIDIA A40, 8.6, 45489 MiB\n";
        assert_eq!(nvidia_smi(csv, 10), vec![(Fact::Gpu("A40".into()), 12)]);
        let mixed = table.replacen("1  NVIDIA H100 80GB HBM3", "1  NVIDIA A100-SXM4-80GB ", 1);
        assert!(nvidia_smi(&mixed, 1).is_empty());
        // A line that starts a CSV header without a device below it, and multibyte text.
        assert!(nvidia_smi("name, value\n\n## 1단계 : GPU\n| 0 | x |\n", 1).is_empty());
    }

    #[test]
    fn an_environment_block_holds_for_the_blocks_below_it_up_to_the_next_heading() {
        let text = "# A\n\n```bash\nexport INPUT_LEN=512 OUTPUT_LEN=\"256\"\nTP=4\n# a comment\nMODEL=Qwen/Qwen3-8B\nMAX_MODEL_LEN=2048\n```\n\n\
                    ```\nresult\n```\n\n## B\n\n```sh\nCONCURRENCY=8 MODEL=/models/weights\n```\n```sh\nNUM_PROMPTS=100\n```\n";
        let blocks = env_blocks(text, 1);
        assert_eq!(
            blocks,
            vec![
                EnvBlock {
                    last: 9,
                    until: 15,
                    facts: vec![
                        (Fact::InputLen(512), 4),
                        (Fact::OutputLen(256), 4),
                        (Fact::Tp(4), 5),
                        (Fact::Model("Qwen/Qwen3-8B".into()), 7),
                    ],
                },
                // A path names no model; the next environment block ends this one's reach.
                EnvBlock { last: 19, until: 20, facts: vec![(Fact::MaxConcurrency(8), 18)] },
                EnvBlock { last: 22, until: u32::MAX, facts: vec![(Fact::NumPrompts(100), 21)] },
            ]
        );
        // A block that runs something, or sets nothing a run has, is no environment block.
        assert!(env_blocks("```bash\nINPUT_LEN=512 python bench.py\n```\n", 1).is_empty());
        assert!(env_blocks("```bash\nINPUT_LEN=512\nvllm bench serve --model m\n```\n", 1).is_empty());
        assert!(env_blocks("```\nCUDA_VISIBLE_DEVICES=0,1\nHF_HOME=/data\n```\n", 1).is_empty());
        // Not a number, zero, a ratio above 1: nothing.
        assert!(env_blocks("```\nINPUT_LEN=$LEN TP=0 RANGE_RATIO=1.5\n```\n", 1).is_empty());
    }

    #[test]
    fn a_front_matter_title_reads_as_a_heading_and_one_engine_among_its_tags_is_the_documents() {
        let fm = |text: &str| front_matter(text).map(|f| f.facts()).unwrap_or_default();
        assert_eq!(
            fm("---\ntitle: \"4x MI100 benchmarks\"\ntags: [vLLM, FP8]\n---\n"),
            vec![(Fact::Gpu("MI100".into()), 2), (Fact::GpuCount(4), 2), (Fact::Framework("vllm".into()), 3)]
        );
        // Two engines among the tags name none; a stated framework wins over the tags.
        assert_eq!(fm("---\ntags: [vLLM, SGLang]\n---\n"), vec![]);
        assert_eq!(fm("---\nframework: lmdeploy\ntags: [vLLM]\n---\n"), vec![(Fact::Framework("lmdeploy".into()), 2)]);
        // A GPU named without a number: only the Jetson modules.
        assert_eq!(gpu_in("Jetson Thor 大模型推理性能基准测试"), Some(("Jetson Thor".to_string(), None)));
        assert_eq!(gpu_in("Jetson Orin dev kit"), None);
        assert_eq!(gpu_in("on the Thor chip"), None);
    }

    #[test]
    fn a_heading_names_lengths_as_a_pair_beside_a_word_saying_so() {
        let lengths = |t: &str| heading(t).load;
        assert_eq!(lengths("5.1 均衡负载 1024/1024"), vec![Fact::InputLen(1024), Fact::OutputLen(1024)]);
        assert_eq!(lengths("ISL/OSL 8000/1024 (TP8)"), vec![Fact::InputLen(8000), Fact::OutputLen(1024)]);
        assert_eq!(lengths("Throughput at 1024/128 tokens"), vec![Fact::InputLen(1024), Fact::OutputLen(128)]);
        assert_eq!(lengths("V2 multi-host: Layout B (random 1024→1024, N=100, c=16) on v6e-32"), vec![Fact::MaxConcurrency(16), Fact::InputLen(1024), Fact::OutputLen(1024)]);
        assert_eq!(lengths("v1→v2 upgrade"), vec![]);
        assert_eq!(heading("A. Serving throughput (3500 in / 1500 out)").load, vec![Fact::InputLen(3500), Fact::OutputLen(1500)]);
        let path = heading("1k1k/w4a16-cutedsl/tp4_conc8");
        assert_eq!((path.tp, path.load, path.precision.as_deref()), (Some(4), vec![Fact::MaxConcurrency(8)], Some("W4A16")));
        let one = |t: &str| { let h = heading(t); (h.gpu, h.gpu_count) };
        assert_eq!(one("实验 A：ACL Graph 行为分析（2026-04-01，Qwen3-4B，单卡 910B3）"), (Some("910B3".to_string()), Some(1)));
        assert_eq!(one("Single H100 results"), (Some("H100".to_string()), Some(1)));
        assert_eq!(one("单卡时分复用 on H100"), (Some("H100".to_string()), None));
        assert_eq!(counted_lengths("bench random 16000-in / 100-out，20 prompts"), vec![Fact::InputLen(16000), Fact::OutputLen(100)]);
        assert_eq!(counted_lengths("Decode-focused profiling 对比（32 input / 200 output, rank0）"), vec![Fact::InputLen(32), Fact::OutputLen(200)]);
        assert_eq!(counted_lengths("1 in / 2 out vs 3 in / 4 out"), vec![]);
        assert_eq!(counted_lengths("plug in / out of the box"), vec![]);
        assert_eq!(lengths("6.3 workload 4K/4K + TTFT"), vec![], "1K is 1000 or 1024");
        assert_eq!(lengths("Workload 2024/11"), vec![], "11 is no length");
        assert_eq!(lengths("1024/1024"), vec![], "no word saying they are lengths");
        assert_eq!(lengths("Output throughput (tokens/s), concurrency 32/64"), vec![], "a pair of loads");
        assert_eq!(lengths("1024 input tokens: 200/200 requests succeeded"), vec![], "a count of successes");
        assert_eq!(lengths("OSL/ISL 128/2048"), vec![], "the other order");
        assert_eq!(lengths("workload 1024/1024 vs workload 2048/2048"), vec![], "two pairs: which one?");
    }

    #[test]
    fn a_gpu_count_is_the_runs_unless_it_is_each_machines_and_a_glued_series_is_a_name() {
        assert_eq!(gpu_in("1 × RTX-4090"), Some(("RTX 4090".to_string(), Some(1))));
        assert_eq!(gpu_in("2xRTX4090"), Some(("RTX 4090".to_string(), Some(2))));
        assert_eq!(gpu_in("2 × RTX 4090"), Some(("RTX 4090".to_string(), Some(2))));
        assert_eq!(gpu_in("QRTX4090"), None);
        // A machine's GPUs, beside two machines: no count of the run's.
        assert_eq!(gpu_in("每台 8× RTX PRO 6000 Blackwell (96GB)"), Some(("RTX PRO 6000".to_string(), None)));
        assert_eq!(gpu_in("8x H100 per node"), Some(("H100".to_string(), None)));
        assert_eq!(gpu_in("2 nodes x 8x H100 per node"), Some(("H100".to_string(), Some(16))));
        assert_eq!(gpu_in("每台服务器共 4× A100（单机测试）"), Some(("A100".to_string(), Some(4))));
        assert_eq!(gpu_in("8x H100"), Some(("H100".to_string(), Some(8))));
        assert_eq!(gpu_in("TPU v7x, 4 chips (2x2x1 topology)"), Some(("TPU v7x".to_string(), None)));
        assert_eq!(labelled_lines("- **Framework**: SGLang-JAX (sgl-jax)\n", 1), vec![(Fact::Framework("sglang-jax".into()), 1)]);
    }

    #[test]
    fn a_serving_config_line_states_its_tp() {
        assert_eq!(labelled_lines("- **Serving config**: TP=8, max_model_len=65536, eager mode\n", 1), vec![(Fact::Tp(8), 1)]);
        assert_eq!(labelled_lines("- **Serving config**: eager mode\n", 1), vec![]);
        assert_eq!(labelled_lines("- **Topology**: 2 TP=8 SGLang replicas\n", 1), vec![(Fact::Tp(8), 1)]);
        assert_eq!(labelled_lines("- Topology: 8 TP=1 prefills on one node and 2 TP=4 decoders\n", 1), vec![]);
        assert_eq!(labelled_lines("- **Cluster**: 2x g4-standard-384 (16x RTX PRO 6000 Blackwell)\n", 1).first().map(|(f, _)| f.clone()), Some(Fact::Gpu("RTX PRO 6000".into())));
    }

    #[test]
    fn a_model_line_states_the_precision_in_its_brackets() {
        assert_eq!(
            labelled_lines("**Model:** Llama-3-70B-Instruct (FP8)\n", 1),
            vec![(Fact::Model("Llama-3-70B-Instruct".into()), 1), (Fact::Precision("FP8".into()), 1)]
        );
        assert_eq!(labelled_lines("**Model:** Mixtral 8x7B (FP16)\n", 1), vec![(Fact::Model("Mixtral-8x7B".into()), 1), (Fact::Precision("FP16".into()), 1)]);
        assert_eq!(labelled_lines("**Model:** Qwen3-8B (8 GPUs)\n", 1), vec![(Fact::Model("Qwen3-8B".into()), 1)]);
    }

    #[test]
    fn labelled_lines_state_one_precision_and_a_known_dataset() {
        assert_eq!(labelled_lines("- **Precision**: FP16\n- 精度：BF16（权重）\n", 1), vec![(Fact::Precision("FP16".into()), 1), (Fact::Precision("BF16".into()), 2)]);
        assert_eq!(labelled_lines("**Dataset**: ShareGPT (100 prompts)\n", 1), vec![(Fact::Dataset("sharegpt".into()), 1)]);
        assert_eq!(labelled_lines("- prompts per run: `500`\n- dataset mode: `random-mm`\n", 1), vec![(Fact::NumPrompts(500), 1), (Fact::Dataset("random-mm".into()), 2)]);
        // Two precisions name none; a dataset no client knows by that name, or a count, none.
        assert!(labelled_lines("Precision: FP8 weights, BF16 activations\nDataset: 1000 prompts\nDataset: our-internal-set\n", 1).is_empty());
        // One engine's version names the engine; two engines' versions name none.
        assert_eq!(
            labelled_lines("- **vLLM Version**: 0.13.0\n", 1),
            vec![(Fact::VersionOf("vllm", "0.13.0".into()), 1), (Fact::Framework("vllm".into()), 1)]
        );
        assert_eq!(labelled_lines("vLLM version: 0.8.5\nSGLang version: 0.4.6\n", 1).len(), 2);
        // A platform with its TP; a label of parameters, each item read; pairs in one line;
        // a label's bracket (`(ISL)`) when its words are no label; a count with a comma.
        assert_eq!(
            labelled_lines("- 平台：Ascend 910B3 × 4（TP=4），CANN 9.0.0\n- 统一参数：cases 1024,1024,128｜concurrency 64｜gmem 0.6\n", 1),
            vec![(Fact::Gpu("910B3".into()), 1), (Fact::GpuCount(4), 1), (Fact::Tp(4), 1), (Fact::MaxConcurrency(64), 2)]
        );
        assert_eq!(
            labelled_lines("Model: `Qwen/Qwen3-8B` · GPU: 1×B200 (SM100) ·\n", 1),
            vec![(Fact::Model("Qwen/Qwen3-8B".into()), 1), (Fact::Gpu("B200".into()), 1), (Fact::GpuCount(1), 1)]
        );
        assert_eq!(labelled_lines("- **Input Prompt Length (ISL)**: **10,240 tokens**\n", 1), vec![(Fact::InputLen(10240), 1)]);
        // A test's shape: both lengths; `Generation: 128 tokens` the output's.
        assert_eq!(labelled_lines("- **测试形状**：256 输入 token + 128 输出 token\n", 1), vec![(Fact::InputLen(256), 1), (Fact::OutputLen(128), 1)]);
        assert_eq!(labelled_lines("- Generation：128 tokens\n", 1), vec![(Fact::OutputLen(128), 1)]);
        // A hardware label over a list; a model line naming its one GPU among other items.
        assert_eq!(
            labelled_lines("Hardware:\n- 4 x vCPU cores\n- 1 × NVIDIA L4 GPU (24 GB VRAM)\n\nSimulated traffic:\n- 250 concurrent users\n", 1),
            vec![(Fact::Gpu("L4".into()), 3), (Fact::GpuCount(1), 3)]
        );
        assert_eq!(
            labelled_lines("- **模型**：Qwen2.5-14B-Instruct，单卡 H20，`--enable-hierarchical-cache`\n", 1),
            vec![(Fact::Gpu("H20".into()), 1), (Fact::GpuCount(1), 1), (Fact::Model("Qwen2.5-14B-Instruct".into()), 1)]
        );
    }

    #[test]
    fn a_served_name_without_a_size_gives_way_to_its_tokenizers_checkpoint() {
        let facts = |cmd: &str| client_commands(cmd, 1).first().map(|c| c.facts()).unwrap_or_default();
        let model = |cmd: &str| facts(cmd).into_iter().find_map(|f| if let Fact::Model(m) = f { Some(m) } else { None });
        let cmd = "python benchmarks/benchmark_serving.py --backend lmdeploy --model llama3 --tokenizer Meta-Llama-3-8B-Instruct --num-prompts 200";
        assert_eq!(model(cmd).as_deref(), Some("Meta-Llama-3-8B-Instruct"));
        // A --model naming its size is the model; a tokenizer naming none does not replace it.
        let sized = "python benchmarks/benchmark_serving.py --model Qwen/Qwen3-8B --tokenizer Qwen/Qwen3-8B-Base --num-prompts 2";
        assert_eq!(model(sized).as_deref(), Some("Qwen/Qwen3-8B"));
        let plain = "python benchmarks/benchmark_serving.py --model llama3 --tokenizer /models/tok --num-prompts 2";
        assert_eq!(model(plain).as_deref(), Some("llama3"));
    }

    #[test]
    fn setup_rows_headings_and_scripts_without_spaces() {
        let rows = setup_rows("| 参数 | 值 |\n|---|---|\n| **数据集** | random | |\n| **并发数** | 1, 2, 4 |\n| Model | [Qwen/Qwen3-32B](https://x) |\n| GPU | H100 | 2 | 9 |\n", 1);
        assert_eq!(rows, vec![(Fact::Dataset("random".into()), 3), (Fact::Model("Qwen/Qwen3-32B".into()), 5)]);
        let rows = setup_rows("| **总请求数** | 320 |\n| **请求输入上下文长度** | 10240（10k） |\n| **并发** | 200 prompts |\n", 1);
        assert_eq!(rows, vec![(Fact::NumPrompts(320), 1), (Fact::InputLen(10240), 2)]);
        let load = |t: &str| heading(t).load;
        assert_eq!(load("1 并发"), vec![Fact::MaxConcurrency(1)]);
        assert_eq!(load("Concurrency: 8"), vec![Fact::MaxConcurrency(8)]);
        assert_eq!(load("SGLang BF16/FP8 三卡对比 (200 并发)"), vec![Fact::MaxConcurrency(200)]);
        assert!(load("1 并发 vs 8 并发").is_empty());
        // Across a `vs`, a count of machines no list knows: two machines, neither the run's.
        assert_eq!(heading("Side-by-Side: 2x H100 GPUs (TP=2) vs. 1x G4 GPU (TP=1)").gpu, None);
        assert_eq!(heading("2x H100 vs baseline").gpu.as_deref(), Some("H100"));
        assert_eq!(heading("4 节点, DP32 + EP32").gpu_count, Some(32));
        assert_eq!(counted_lengths("先看 128 Token 输入、128 Token 输出的短请求："), vec![Fact::InputLen(128), Fact::OutputLen(128)]);
        assert_eq!(counted_lengths("512 prompt + 256 output tokens"), vec![Fact::InputLen(512), Fact::OutputLen(256)]);
        assert!(heading("Single-request Latency Profile (21 runs, short/medium/long prompts)").load.contains(&Fact::MaxConcurrency(1)));
        // The machine listed in a plain block is read; prose between other blocks once.
        let text = "```txt\nGPU: AMD MI325X *8 # four loaded\nRAM: 2.3TB\n```\n```bash\nls\n```\nGPU: H100\nCPU: x\n```\nlog\n```\n";
        assert_eq!(labelled_sources(text), vec![(1, "GPU: AMD MI325X *8"), (2, "RAM: 2.3TB"), (7, "GPU: H100"), (8, "CPU: x")]);
        assert_eq!(total_cards("4 节点 × 8×H20-3e，共 32 卡"), Some(32));
        assert_eq!(total_cards("8x H100, 16 GPUs in total"), Some(16));
        assert_eq!(total_cards("共享内存 64GB"), None);
        assert_eq!((nodes_of("4 节点 × 8×H20-3e"), nodes_of("2 nodes x 8 H100"), nodes_of("8x H100")), (Some(4), Some(2), None));
        let runner = heading("deepseek-ai/DeepSeek-V3 (TP4_flashinfer_trtllm) [8-gpu-h200]");
        assert_eq!((runner.gpu.is_some(), runner.gpu_count, runner.tp), (true, None, Some(4)));
        assert_eq!(heading("Llama-3-70B (8x H100, TP4, DP2)").gpu_count, Some(8));
        assert_eq!(heading("DP8 + EP16").gpu_count, None);
        // A block's label without its list mark or the aside after it; generic ones none.
        assert_eq!(block_label("a. 使用GPU运行", true).as_deref(), Some("使用GPU运行"));
        assert_eq!(block_label("b. 使用CPU运行(清理环境变量，重新运行`ollama serve`)", true).as_deref(), Some("使用CPU运行"));
        assert_eq!(block_label("**Request Latency Statistics (Completed Requests)**", true), None);
        assert_eq!(block_label("Before:", false).as_deref(), Some("Before"));
        // A section per release of the document's engine gives the release, not an engine.
        assert_eq!(heading("v0.7.2 + `1e77ed2`").facts(), vec![Fact::FrameworkVersion("0.7.2".into())]);
        assert_eq!(heading("vLLM 0.6.2").facts(), vec![Fact::Framework("vllm".into()), Fact::VersionOf("vllm", "0.6.2".into())]);
        assert!(load("8 GPUs").is_empty());
        // A section's number is no load (`1. Concurrency Sweep`); a count before its word is.
        assert!(load("1. Concurrency Sweep Summary Table").is_empty());
        // The prompts a heading counts, and a model of OPT's family.
        let h = heading("Results (opt-125m, input=128, output=128, 200 prompts)");
        assert_eq!((h.model.as_deref(), h.load.contains(&Fact::NumPrompts(200))), (Some("opt-125m"), true));
        assert!(load("2) Concurrency results").is_empty());
        assert!(load("3.2.1 Concurrency").is_empty());
        assert_eq!(load("16 Concurrency"), vec![Fact::MaxConcurrency(16)]);
        // A Hugging Face cache folder names its checkpoint.
        assert_eq!(checkpoint_of_path("/root/.cache/instructlab/models/ibm-granite/granite-3.3-8b-instruct").as_deref(), Some("ibm-granite/granite-3.3-8b-instruct"));
        assert_eq!(checkpoint_of_path("/ssd/hf_models/DeepSeek-V3.2-Exp").as_deref(), Some("DeepSeek-V3.2-Exp"));
        assert_eq!(checkpoint_of_path("/data/Qwen2.5-7B-Instruct/").as_deref(), Some("Qwen2.5-7B-Instruct"));
        assert_eq!(checkpoint_of_path("Qwen/Qwen3-8B"), None);
        assert_eq!(checkpoint_of_path("/data/models/latest"), None);
        let hub = "/Users/x/.cache/huggingface/hub/models--mlx-community--gemma-4-E2B-it-bf16/snapshots/22a2753af6";
        assert_eq!(hub_cache_model(hub).as_deref(), Some("mlx-community/gemma-4-E2B-it-bf16"));
        assert_eq!(hub_cache_model("/models/Qwen/Qwen3-8B"), None);
        // A model given as a checkpoint's cache folder names the checkpoint; one letter (a
        // template's `--model M`) names none.
        let mut run = benchsite_model::Run::default();
        assert!(!give(&mut run, Fact::Model("M".into()), 3, COMMAND));
        assert!(give(&mut run, Fact::Model(hub.into()), 3, COMMAND));
        assert_eq!(run.model.as_deref(), Some("mlx-community/gemma-4-E2B-it-bf16"));
        assert_eq!(heading("MiniMax-M2.5模型在不同芯片下的基准测试报告").model.as_deref(), Some("MiniMax-M2.5"));
        // The release right after the heading's one framework.
        let h = heading("Performance (vLLM 0.11.2)");
        assert_eq!((h.framework, h.version.as_deref()), (Some("vllm"), Some("0.11.2")));
        assert_eq!(heading("Benchmark for SGLang v0.4.1").facts(), vec![Fact::Framework("sglang".into()), Fact::VersionOf("sglang", "0.4.1".into())]);
        assert_eq!(heading("vLLM 0.6 vs SGLang 0.4").version, None);
        // A heading naming another size than its model's names no one model.
        assert_eq!(heading("Gemma4 12B FP8 Benchmark Scaffold — 26B Alignment Results").model, None);
        // Its exact count of parameters is the model's own size.
        assert_eq!(heading("Qwen2.5-7B (7.62B参数, 28层)").model.as_deref(), Some("Qwen2.5-7B"));
        assert_eq!(heading("Qwen2.5-7B vs 8.03B").model, None);
        // The engine measured against is not the one measured.
        assert_eq!(heading("추론 성능 비교 (versus vLLM)").framework, None);
        assert_eq!(heading("Faster than SGLang").framework, None);
        assert_eq!(heading("SGLang 0.4.6 results").framework, Some("sglang"));
        assert_eq!(heading("Serving Llama 3 with vLLM").framework, Some("vllm"));
        assert_eq!(heading("Qwen3-30B-A3B on 2x H100").model.as_deref(), Some("Qwen3-30B-A3B"));
        assert_eq!(heading("DeepSeek-V3 (671B) on 8x H200").model.as_deref(), Some("DeepSeek-V3-671B"));
    }

    #[test]
    fn key_value_settings_state_the_load() {
        let load = |t: &str| settings_in(t);
        assert_eq!(load("Full Results Table (TP=4, CONC=64 unless noted)"), vec![Fact::MaxConcurrency(64)]);
        assert_eq!(
            load("ISL=1024, OSL=1024, random_range_ratio=0.8"),
            vec![Fact::InputLen(1024), Fact::OutputLen(1024), Fact::RangeRatio(0.8)]
        );
        assert_eq!(load("(facebook/opt-125m, input=128, output=128, 200 prompts):"), vec![Fact::InputLen(128), Fact::OutputLen(128)]);
        // No length in `1k`, no ratio above 1, no file as an output, the first of a key kept.
        assert_eq!(load("ISL=1k output=results.json range_ratio=1.5 CONC=8 CONC=16"), vec![Fact::MaxConcurrency(8)]);
        assert!(load("no settings here").is_empty());
        // A list of values states none (a finding's `（除 concurrency=2,32 略高）`).
        assert_eq!(load("~4.5s（除 concurrency=2,32 略高），说明 batching"), vec![]);
        assert_eq!(load("concurrency=2, input=128"), vec![Fact::MaxConcurrency(2), Fact::InputLen(128)]);
        // Lengths counted in a heading's words.
        let lengths = |t: &str| heading(t).load.into_iter().filter(|f| matches!(f, Fact::InputLen(_) | Fact::OutputLen(_))).collect::<Vec<_>>();
        assert_eq!(lengths("512 prompt + 256 output tokens, 1 stream, 60s duration"), vec![Fact::InputLen(512), Fact::OutputLen(256)]);
        assert_eq!(lengths("Benchmark (input 1000 / output 1000)"), vec![Fact::InputLen(1000), Fact::OutputLen(1000)]);
        assert_eq!(lengths("Output 1000 tokens"), vec![]);
        // Two settings in one: `## Benchmark Result (ISL:OSL=3000:150)`.
        assert_eq!(load("Benchmark Result (ISL:OSL=3000:150)"), vec![Fact::InputLen(3000), Fact::OutputLen(150)]);
        assert_eq!(load("isl/osl=1024/128"), vec![Fact::InputLen(1024), Fact::OutputLen(128)]);
    }

    #[test]
    fn a_line_introducing_a_table_names_its_one_checkpoint() {
        assert_eq!(introduced_checkpoint("수정 전후 비교 (facebook/opt-125m, input=128, output=128, 200 prompts):").as_deref(), Some("facebook/opt-125m"));
        assert_eq!(introduced_checkpoint("0.2.2 serving `meta-llama/Llama-3-8B-Instruct`.").as_deref(), Some("meta-llama/Llama-3-8B-Instruct"));
        assert_eq!(introduced_checkpoint("We compare Qwen/Qwen2-7B with meta-llama/Llama-3-8B:"), None);
        assert_eq!(introduced_checkpoint("Results saved to results/run1.json and logs/bench_2.log"), None);
        assert_eq!(introduced_checkpoint("- model: Qwen/Qwen3-8B"), None);
        assert_eq!(introduced_checkpoint("See ./ckpt/v2 and a/b"), None);
        assert!(is_mount_point("/model") && is_mount_point("/data/models/") && is_mount_point("./ckpt"));
        assert!(!is_mount_point("/models/Qwen3-8B") && !is_mount_point("model") && !is_mount_point("Qwen/Qwen3-8B"));
        assert_eq!(introduced_checkpoint("Benchmark 对比（TP=4, Phy 8-11, random 20k/1k, `parallel=1`）："), None);
        assert_eq!(introduced_checkpoint("01-ai/Yi-34B (random 1k/128)").as_deref(), Some("01-ai/Yi-34B"));
    }

    proptest::proptest! {
        #[test]
        fn model_words_are_told_as_the_lower_case_copy_told_them(
            word in "(org/|/)?(Qwen|qwen|QWEN|DeepSeek|deepseek|Yi-|yI-|Llama|meta-llama|x)(v|R|V|r|3|8B|-|_|\\.|H100|é|首|://|/|x){0,4}"
        ) {
            proptest::prop_assert_eq!(is_model_word(&word), is_model_word_by_lower_copy(&word), "{}", word);
        }

        /// Blocks turned away by `may_hold_client` (and holding no `genai-perf`) hold no
        /// client command: the commands are those of every joined command of the block, read
        /// one by one.
        #[test]
        fn client_commands_are_those_every_joined_command_gives(
            block in r#"(Running benchmark|bench|'|\n| ){0,2}(\$ )?(vllm|sglang|genai-perf|python)( |\\\n|\n|\x{a0}\n|'|\\)(bench|profile|-m|sglang\.bench_serving)( |\\\n|\n|\x{a0}\n|'|\\)(serve|serving|throughput)(Running benchmark|bench|'|\n| ){0,2}"#
        ) {
            let every: Vec<ClientCommand> =
                crate::client::joined_commands_with(&block, 3, &[&BENCH, &PROFILE, &GENAI_PERF]).into_iter().filter_map(|(line, text)| client_command(&text, line)).map(|c| ClientCommand { block: 3, ..c }).collect();
            proptest::prop_assert_eq!(client_commands(&block, 3), every);
        }

        #[test]
        fn gpus_are_found_as_looking_for_every_name_found_them(text in "(h100|H200|a100-80g|mi300x|rtx 4090|Gaudi3|8x |x 2| |-|é|L4|T4|Model)*") {
            proptest::prop_assert_eq!(gpu_in(&text), gpu_in_by_every_name(&text));
        }
    }

    #[test]
    fn reads_headings() {
        let h = heading("gemma-4-E2B-it (1x H200, TP=1)");
        assert_eq!(h.model.as_deref(), Some("gemma-4-E2B-it"));
        assert_eq!((h.gpu.as_deref(), h.gpu_count, h.tp), (Some("H200"), Some(1), Some(1)));
        let h = heading("gemma-4-26B-A4B-it (MoE, 1x H200, TP=1)");
        assert_eq!(h.model.as_deref(), Some("gemma-4-26B-A4B-it"));
        let h = heading("Qwen/Qwen3-235B-A22B-FP8 on 8xH100-SXM TP8");
        assert_eq!(h.model.as_deref(), Some("Qwen/Qwen3-235B-A22B-FP8"));
        assert_eq!((h.gpu.as_deref(), h.gpu_count, h.tp), (Some("H100-SXM"), Some(8), Some(8)));
        assert_eq!(heading("A100-80G x 4").gpu_count, Some(4));
        assert_eq!(gpu_in("H800x1"), Some(("H800".to_string(), Some(1))));
        assert_eq!(gpu_in("H800X2B"), None, "a longer word, no count");
        assert_eq!(heading("A100-80G x 4").gpu.as_deref(), Some("A100-80G"));
        for nothing in ["5.1 Speed Benchmark", "GSM8K", "MMLU", "Benchmark 结果", "Step 3: run the client", "Output tp"] {
            assert_eq!(heading(nothing), Heading::default(), "{nothing}");
        }
        assert_eq!(heading("### vLLM").framework, Some("vllm"));
        assert_eq!(heading("SGLang v0.3.0 compared to vLLM v0.6.0").framework, None);
        assert_eq!(heading("HTTP2 and H100").gpu.as_deref(), Some("H100"));
        assert_eq!(heading("NH100").gpu, None);
        // Ascend's 910B variants and consumer cards are GPU names of their own.
        assert_eq!(heading("Qwen3-8B on Ascend 910B3").gpu.as_deref(), Some("910B3"));
        assert_eq!(heading("2x RTX 2080 Ti").gpu.as_deref(), Some("RTX 2080 Ti"));
        assert_eq!(heading("RTX 3090 Ti").gpu.as_deref(), Some("RTX 3090 Ti"));
        // sbnb-io/sbnb README-SGLANG.md: `### Example Output of the Benchmark (RTX 5060 Ti 16GB)`.
        assert_eq!(heading("Example Output of the Benchmark (RTX 5060 Ti 16GB)").gpu.as_deref(), Some("RTX 5060 Ti"));
    }

    /// GPU counts a heading states as nodes of GPUs or without a GPU name; a bare number
    /// before a GPU name is none (`96 H100 GPUs` may name the cluster, not the run).
    #[test]
    fn reads_gpu_counts_of_nodes_and_pods() {
        let count = |t: &str| {
            let h = heading(t);
            (h.gpu, h.gpu_count)
        };
        assert_eq!(count("DeepSeek V3 on 2x8xH200 (multi-node)"), (Some("H200".into()), Some(16)));
        assert_eq!(count("DeepSeek V3 on 8xH200 (single-node)"), (Some("H200".into()), Some(8)));
        assert_eq!(count("2 x 8 x H100"), (Some("H100".into()), Some(16)));
        assert_eq!(count("DeepSeek-R1 on 2 nodes of 8 H800"), (Some("H800".into()), Some(16)));
        assert_eq!(count("2 nodes x 8 H800"), (Some("H800".into()), Some(16)));
        assert_eq!(count("8x H100"), (Some("H100".into()), Some(8)));
        assert_eq!(count("Llama-3.1-8B on 2 GPU pods"), (None, Some(2)));
        assert_eq!(count("Qwen3-32B, 4 GPUs"), (None, Some(4)));
        assert_eq!(count("8-GPU node"), (None, Some(8)));
        assert_eq!(count("SGLang on 96 H100 GPUs"), (Some("H100".into()), None));
        assert_eq!(count("GPU utilisation"), (None, None));
        assert_eq!(count("Qwen3-8B on an RTX 4090 GPU"), (Some("RTX 4090".into()), None));
        assert_eq!(count("GeForce 3090 GPU"), (None, None));
        assert_eq!(count("of 8 H100"), (Some("H100".into()), None));
    }

    /// Model names written with spaces, as result READMEs title their sections; family
    /// names with no size are no model.
    #[test]
    fn reads_model_names_written_with_spaces() {
        let cases = [
            ("Llama 3.1 8B Instruct 1 x A100 80G", Some("Llama-3.1-8B-Instruct")),
            ("Llama 3.1 70B Instruct 4 x H100 80G", Some("Llama-3.1-70B-Instruct")),
            ("Qwen 2.5 Coder 7B — Q4_K_M", Some("Qwen2.5-Coder-7B")),
            ("Qwen3 8B on 1x H100", Some("Qwen3-8B")),
            ("Qwen2.5 7B Instruct (TP=1)", Some("Qwen2.5-7B-Instruct")),
            ("Mixtral 8x7B", Some("Mixtral-8x7B")),
            ("Gemma 3 27B it", Some("Gemma-3-27B-it")),
            ("DeepSeek R1 on 8x H200", Some("DeepSeek-R1")),
            ("DeepSeek V4 Flash 0731 on V100 SXM3 32GB × 16", Some("DeepSeek-V4-Flash")),
            ("DeepSeekV3", Some("DeepSeekV3")),
            ("DeepSeekVL tips", None),
            ("Mistral Small 3.1 24B", Some("Mistral-Small-3.1-24B")),
            ("Llama 3.1 8B FP8", Some("Llama-3.1-8B-FP8")),
            ("Throughput comparison (Llama 3-8B, A100)", Some("Llama-3-8B")),
            ("Qwen 2.5-7B Instruct", Some("Qwen2.5-7B-Instruct")),
            ("Qwen/Qwen3-8B 2 GPUs", Some("Qwen/Qwen3-8B")),
            ("部分平台的测试结果，llama3.1:latest（8B）", Some("llama3.1:latest")),
            ("Qwen 2.5 Series (Stable, 2024)", None),
            ("Qwen Team results", None),
            ("Llama 3 results", None),
            ("Gemma Series", None),
            ("Phi 3 notes", None),
            ("Online benchmark results", None),
        ];
        for (title, want) in cases {
            assert_eq!(heading(title).model.as_deref(), want, "{title}");
        }
    }

    #[test]
    fn no_client_holds_bench_or_profile_twice() {
        for c in &CLIENTS {
            for w in [&BENCH, &PROFILE] {
                assert!(c.text().matches(w.text()).count() <= 1, "{} holds {} twice: may_hold_client looks at one place", c.text(), w.text());
            }
        }
    }

    /// A Chinese copy of Triton's speculative-decoding tutorial writes `genai-perf \` and
    /// `  profile \` on two lines: the joined command is GenAI-Perf's all the same.
    #[test]
    fn reads_a_client_whose_words_span_two_lines() {
        let block = "genai-perf \\\n  profile \\\n  -m ensemble \\\n  --concurrency 1\n";
        let c = client_commands(block, 3);
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].facts(), vec![Fact::Model("ensemble".into()), Fact::MaxConcurrency(1)]);
        let c = client_commands("python3 -m sglang.bench_serving \\\n    --num-prompts 10\n", 1);
        assert_eq!(c[0].facts(), vec![Fact::NumPrompts(10)]);
        // `env KEY=VALUE` before the tool; vLLM's client by its module.
        let c = client_commands("env VLLM_LOGGING_LEVEL=ERROR \\\n  /venv/bin/vllm bench latency \\\n  --input-len 2205\n", 1);
        assert_eq!(c[0].facts(), vec![Fact::InputLen(2205), Fact::Framework("vllm".into())]);
        let c = client_commands("python -m vllm.entrypoints.cli.main bench serve --num-prompts 500\n", 1);
        assert_eq!(c.len(), 1, "{c:?}");
    }

    /// Chinese notes on `bench_one_batch --batch 4 8 --input-len 1024 --output-len 1 1024`: the
    /// one input length is every run's, the listed batch sizes and output lengths are not.
    #[test]
    fn a_one_batch_command_gives_its_single_values_only() {
        let block = "python -m sglang.bench_one_batch \\\n    --model-path /data1/rcai/Qwen2.5-32B-Instruct  \\\n    --tp 8 \\\n    --batch 4 8 \\\n    --input-len 1024 \\\n    --output-len 1 1024 \\\n    --run-name test_run \\\n";
        let c = client_commands(block, 2);
        assert_eq!(
            c[0].facts(),
            vec![Fact::Model("/data1/rcai/Qwen2.5-32B-Instruct".into()), Fact::Tp(8), Fact::InputLen(1024), Fact::Framework("sglang".into())]
        );
        let c = client_commands("python3 -m sglang.bench_one_batch --model-path m --batch-size 32 --input-len 256 --output-len 32", 1);
        assert_eq!(
            c[0].facts(),
            vec![Fact::Model("m".into()), Fact::MaxConcurrency(32), Fact::InputLen(256), Fact::OutputLen(32), Fact::Framework("sglang".into())]
        );
    }

    #[test]
    fn reads_a_trtllm_bench_command() {
        let block = "trtllm-bench -m nvidia/DeepSeek-R1-FP4 \\\n    throughput \\\n    --tp 8 \\\n    --ep 8 \\\n    --backend pytorch \\\n    --num_requests 49152 \\\n    --concurrency 3072\n";
        let c = client_commands(block, 7);
        assert_eq!(c.len(), 1);
        assert_eq!(
            c[0].facts(),
            vec![
                Fact::Model("nvidia/DeepSeek-R1-FP4".into()),
                Fact::Tp(8),
                Fact::NumPrompts(49152),
                Fact::MaxConcurrency(3072),
            ]
        );
        // Placeholders name nothing.
        let c = client_commands("trtllm-bench --tp $tp_size --model $model_name throughput --dataset $dataset_file", 1);
        assert!(c[0].facts().is_empty());
    }

    #[test]
    fn reads_client_commands_across_continuation_lines() {
        let block = "python3 -m sglang.bench_serving --backend sglang \\\n  --host 0.0.0.0 --port 30000 \\\n  --dataset-name random --num-prompts 10 --max-concurrency 1\n";
        let c = client_commands(block, 40);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].line, 40);
        assert_eq!(
            c[0].facts(),
            vec![Fact::Backend("sglang".into()), Fact::Dataset("random".into()), Fact::NumPrompts(10), Fact::MaxConcurrency(1)]
        );
        let c = client_commands("$ vllm bench serve --model Qwen/Qwen3-8B --dataset-name random --random-input-len 1024 --random-output-len 128 --request-rate inf", 1);
        assert_eq!(
            c[0].facts(),
            vec![
                Fact::Model("Qwen/Qwen3-8B".into()),
                Fact::Dataset("random".into()),
                Fact::InputLen(1024),
                Fact::OutputLen(128),
                Fact::RequestRate(RequestRate::Inf)
            ]
        );
        let c = client_commands("python benchmarks/benchmark_serving.py --backend vllm --dataset-name sharegpt --sharegpt-output-len 256 --random-input-len 9 --random-range-ratio 0.5", 1);
        assert_eq!(c[0].facts(), vec![Fact::Backend("vllm".into()), Fact::Dataset("sharegpt".into()), Fact::OutputLen(256)]);
        let c = client_commands("vllm bench serve --dataset-name random --random-input-len 8 --random-range-ratio 0.5", 1);
        assert_eq!(c[0].facts(), vec![Fact::Dataset("random".into()), Fact::InputLen(8), Fact::RangeRatio(0.5)]);
        let c = client_commands("python3 -m sglang.bench_serving --dataset-name image --random-input-len 256 --random-range-ratio 0.0", 1);
        assert_eq!(c[0].facts(), vec![Fact::Dataset("image".into()), Fact::InputLen(256), Fact::RangeRatio(0.0)]);
        // vLLM's prefix-repetition prompts: a shared prefix and a suffix of their own each.
        let c = client_commands("vllm bench serve --dataset-name prefix_repetition --random-input-len 9 --prefix-repetition-prefix-len 256 --prefix-repetition-suffix-len 256 --prefix-repetition-output-len 128", 1);
        assert_eq!(c[0].facts(), vec![Fact::Dataset("prefix_repetition".into()), Fact::InputLen(512), Fact::OutputLen(128)]);
        assert!(client_commands("Successful requests: 10\nls benchmarks/", 1).is_empty());
        // Run inside a container: exec's options and the container's name come first.
        let c = client_commands("docker exec -e PYTHONUNBUFFERED=1 vllm-bench vllm bench serve --model m --num-prompts 50", 3);
        assert_eq!(c[0].facts(), vec![Fact::Model("m".into()), Fact::NumPrompts(50)]);
        assert!(client_commands("docker logs vllm-bench vllm bench serve --model m", 1).is_empty());
        // GenAI-Perf 0.0.x: flags right after `genai-perf` (its README's, 24.03 era).
        let c = client_commands("genai-perf \\\n  -m gpt2 \\\n  --synthetic-input-tokens-mean 200 \\\n  --output-tokens-mean 100 \\\n  --concurrency 1\n", 1);
        assert_eq!(c[0].facts(), vec![Fact::Model("gpt2".into()), Fact::InputLen(200), Fact::OutputLen(100), Fact::MaxConcurrency(1)]);
        assert!(client_commands("pip install genai-perf --upgrade\ngenai-perf --help\ngenai-perf -h\n", 1).is_empty());
        // In a Kubernetes pod: kubectl's options and the pod's name before `--`.
        let c = client_commands("kubectl exec -it <POD_NAME> -- python3 -m sglang.bench_serving --backend sglang --num-prompt 5", 2);
        assert_eq!(c[0].facts(), vec![Fact::Backend("sglang".into()), Fact::NumPrompts(5)]);
        assert!(client_commands("kubectl logs pod -- python3 -m sglang.bench_serving --backend sglang", 1).is_empty());
        // `--metadata KEY=VALUE ...` as vLLM's client takes it.
        let c = client_commands("vllm bench serve --model m --metadata hardware=8xH100 env=TP4PP1 note=x --save-result", 1);
        assert_eq!(c[0].metadata_facts(), vec![Fact::Gpu("H100".into()), Fact::GpuCount(8), Fact::Tp(4)]);
        // nerdalert/vllm-bench-automation's `gpu=4xNVIDIA_L40S`, and its client's `Namespace` list.
        let c = client_commands("vllm bench serve --model m --metadata deployment=base gpu=4xNVIDIA_L40S", 1);
        assert_eq!(c[0].metadata_facts(), vec![Fact::Gpu("L40S".into()), Fact::GpuCount(4)]);
        let listed = namespace_metadata("['deployment=base', 'gpu=4xNVIDIA_L40S', 'decode_replicas=4']");
        assert_eq!(metadata_facts(&listed), vec![Fact::Gpu("L40S".into()), Fact::GpuCount(4)]);
        assert_eq!(c[0].facts(), vec![Fact::Model("m".into())]);
    }

    #[test]
    fn reads_captions_right_above_a_block_or_table() {
        let text = "Single L4 GPU vLLM 0.6.2\n```\nlog\n```\n\n**Table 1: Throughput on 8x H100 (TP=8)**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nWe ran this on 8x H100.\n```\nx\n```\nExample output on H200:\n```\ny\n```\nSingle L4 GPU\n\nprose between\n```\nz\n```\n";
        let got = captions(text, 1);
        assert_eq!(
            got,
            vec![
                Caption { line: 1, first: 2, last: 4, facts: vec![Fact::Gpu("L4".into()), Fact::GpuCount(1), Fact::Framework("vllm".into()), Fact::VersionOf("vllm", "0.6.2".into())], label: None, aggregate: None },
                Caption { line: 6, first: 8, last: 10, facts: vec![Fact::Gpu("H100".into()), Fact::GpuCount(8), Fact::Tp(8)], label: None, aggregate: None },
                // Right above its fence, a short line is the block's label (its runs' note),
                // with no facts: `Single L4 GPU` two lines up is no caption of it.
                Caption { line: 22, first: 23, last: 25, facts: vec![], label: Some("prose between".into()), aggregate: None },
            ]
        );
    }

    #[test]
    fn reads_labelled_lines() {
        let text = "**Generated:** 2026-08-06\n**Model:** nvidia/Nemotron-3-Nano-30B-BF16\n**Hardware:** DGX Spark NVIDIA GB10 128GB\n**Tool:** vllm\n**Engine:** SGLang\n- **GPU**: `Tesla T4` (16G)\n```\nGPU: H100\n```\n    Hardware: A100\n- Hardware: 8x H200\nModel: the big one\n";
        assert_eq!(
            labelled_lines(text, 1),
            vec![
                (Fact::Model("nvidia/Nemotron-3-Nano-30B-BF16".into()), 2),
                (Fact::Gpu("GB10".into()), 3),
                (Fact::Framework("sglang".into()), 5),
                (Fact::Gpu("T4".into()), 6),
                (Fact::Gpu("H200".into()), 11),
                (Fact::GpuCount(8), 11),
            ]
        );
        // The sgl-cookbook's "Test Environment" lists (index ids 70761211768, 53857427308,
        // 6010368294, 6399045451) and a Chinese page's: a version only when exact; two GPUs
        // named (`H200/B300`) name none.
        assert_eq!(labelled_lines("- Hardware: NVIDIA H200/B300 GPU (8x)\n- Hardware: 8x H100-SXM\n", 1), vec![(Fact::Gpu("H100-SXM".into()), 2), (Fact::GpuCount(8), 2)]);
        let text = "* Tensor Parallelism: 8\n* SGLang Version: 0.5.6.post1\n- sglang version: 0.5.8+\n- SGLang Version: Latest\n\
                    - SGLang version: ≥ 0.3 recommended\n- vLLM version: `v0.10.1`\n- LMDeploy 版本: 0.9.2\n- CUDA version: 12.8\n";
        assert_eq!(
            labelled_lines(text, 1),
            vec![
                (Fact::Tp(8), 1),
                (Fact::VersionOf("sglang", "0.5.6.post1".into()), 2),
                (Fact::VersionOf("vllm", "0.10.1".into()), 6),
                (Fact::VersionOf("lmdeploy", "0.9.2".into()), 7),
            ]
        );
        // `- **GPUs**: 16 total` (a parallel-strategy guide), `GPU 数量: 8卡`: a count alone;
        // `16 (8 prefill + 8 decode)` and `2 nodes` are none.
        let text = "- **GPUs**: 16 total\n- GPU 数量: 8卡\n- **GPUs**: 16 (8 prefill + 8 decode)\n- GPUs: 2 nodes\n- Number of GPUs: 4\n";
        assert_eq!(labelled_lines(text, 1), vec![(Fact::GpuCount(16), 1), (Fact::GpuCount(8), 2), (Fact::GpuCount(4), 5)]);
        // llm-d's multi-tier report: `- Engine: vLLM v0.27.1.`, the engine and its release.
        let text = "- Engine: vLLM v0.27.1.\n- Engine: SGLang (latest)\n- Framework: vLLM 0.10 or newer\n";
        assert_eq!(
            labelled_lines(text, 1),
            vec![
                (Fact::VersionOf("vllm", "0.27.1".into()), 1),
                (Fact::Framework("vllm".into()), 1),
                (Fact::Framework("sglang".into()), 2),
                (Fact::Framework("vllm".into()), 3),
            ]
        );
    }

    /// Lines that introduce a block with the flags it changed, and lines that only mention flags.
    #[test]
    fn flags_lines_are_short_lines_ending_in_a_colon_with_valued_flags() {
        assert_eq!(flags_line("--tensor-parallel-size=1 结果："), Some("--tensor-parallel-size=1 结果".to_string()));
        assert_eq!(flags_line("With `--max-concurrency 64`:"), Some("--max-concurrency 64 ".to_string()));
        assert_eq!(flags_line("Results with --tp 2 --num-prompts 100:"), Some("--tp 2 --num-prompts 100".to_string()));
        for no in [
            "--tensor-parallel-size=1 结果",
            "Note: --tensor-parallel-size must divide the heads, see below:",
            "Run the client with --disable-tqdm:",
            "# Results with --tp 2:",
            "结果：",
            &format!("{} --tp 2:", "x".repeat(100)),
        ] {
            assert_eq!(flags_line(no), None, "{no}");
        }
    }

    #[test]
    fn reads_front_matter() {
        let text = "---\ntitle: x\nmodel: Qwen/Qwen3-8B\ngpu: 8x H100\ntags:\n  - a\n---\n# Doc\n";
        let fm = front_matter(text).unwrap();
        assert_eq!(&text[fm.end..], "# Doc\n");
        let facts = fm.facts();
        assert!(facts.contains(&(Fact::Model("Qwen/Qwen3-8B".into()), 3)));
        assert!(facts.contains(&(Fact::Gpu("H100".into()), 4)));
        assert!(facts.contains(&(Fact::GpuCount(8), 4)));
        assert_eq!(front_matter("# no\n---\n"), None);
        assert_eq!(front_matter("---\nunclosed: yes\n"), None);
    }
}
