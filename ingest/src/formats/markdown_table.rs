//! Markdown result tables: a table whose header names result metrics (throughput, RPS/QPS,
//! TTFT, TPOT, ITL, latency, tokens/s, req/s; English or Chinese: `TTFT (ms)`,
//! `吞吐量 (token/s)`, `首token延迟`) yields one run per row. The row's other columns
//! (framework/engine/backend, model, GPU, batch/concurrency, input/output lengths, TP,
//! precision, dataset) describe it (`source.context[...] = table-row`); a column this reader
//! does not know keeps its numbers in `metrics.extra` and its words as a note. Every number
//! links to its cell's line (`source.lines`).
//!
//! Units come from the header (`TTFT (ms)`, `FTL(ave)(s)`, `throughput(out tok/s)`) or the
//! cell (`12.3 ms`, `0.8s`). A latency or duration whose unit is stated nowhere is not
//! guessed: its numbers go to `metrics.extra` under the header's name, with a finding. A
//! latency without a statistic (`TTFT (ms)`) is recorded as the mean.
//!
//! Also read, as one run: a table of `Metric | Value` rows, and `Metric | Mean | Median | P99`.
//! Not read (no run, no finding): tables without a result column (flags, feature matrices,
//! commands, metric glossaries), evaluation tables (accuracy, scores, WER), tables with runs as
//! columns (`Metric | before | after`), and cells that are no measurement: ranges (`47–51`),
//! estimates (`~500`, `<100ms`), ratios (`4.0x`) and percentages of a non-percent metric
//! (a `Percentage Difference` row).
//!
//! A row stating the same numbers as a run earlier in the file (a summary table of logs or of
//! an earlier table) is no new run: [`summaries`] reports it as a `duplicate`.

use super::{Format, Input, Read, TableInput};
use crate::block;
use crate::context::{self, Fact, TABLE_ROW};
use crate::fields;
use crate::framework;
use crate::scan::{Block, Format as ScanFormat, Row};
use crate::sink::{FindingExt, Sink};
use crate::text::contains_short;
use crate::value::{self, Cell, Value};
use benchsite_model::{ContextRef, Note, RequestRate, Run, Spread};
use std::collections::{BTreeMap, HashMap, HashSet};

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Table(read) };

pub(crate) const NAME: &str = "markdown-table";

/// Tables are offered by the markdown walk, never found in plain text.
fn detect(_: &Input<'_>) -> bool {
    false
}

// ---------------------------------------------------------------------------------------
// Units

#[derive(Clone, Copy, Debug, PartialEq)]
enum Unit {
    None,
    /// A time unit: milliseconds per unit.
    Time(f64),
    TokenRate,
    RequestRate,
    /// Requests per minute: kept as an extra number.
    PerMinute,
    /// Tokens per second per user: kept as an extra number.
    PerUser,
    /// Tokens per second per GPU (`out tok/s/GPU`): kept as an extra number under its
    /// header, since the run's throughput is the total, which the row does not state.
    PerGpu,
    Percent,
    Other,
}

fn unit_of(text: &str) -> Unit {
    // A short ASCII text (every unit) is squeezed on the stack, as [`squeeze_lower`] does.
    let t = text.trim();
    let mut buf = [0u8; 48];
    if t.is_ascii() && t.len() <= buf.len() {
        let mut n = 0;
        for b in t.bytes().filter(|&b| b != b' ') {
            buf[n] = b.to_ascii_lowercase();
            n += 1;
        }
        return unit_of_squeezed(std::str::from_utf8(&buf[..n]).expect("ASCII"));
    }
    unit_of_squeezed(&squeeze_lower(text))
}

/// [`unit_of`] of a text [`squeeze_lower`] made.
fn unit_of_squeezed(squeezed: &str) -> Unit {
    let t = strip_token_words(squeezed);
    match t {
        "" => Unit::None,
        "ms" | "msec" | "msecs" | "millisecond" | "milliseconds" | "毫秒" => Unit::Time(1.0),
        // `ITL (ms/tok)`: a time per token, which only a per-token latency may be ([`column`]).
        "ms/tok" | "ms/token" | "ms/tokens" => Unit::Time(1.0),
        "s/tok" | "s/token" | "s/tokens" => Unit::Time(1000.0),
        "s" | "sec" | "secs" | "second" | "seconds" | "秒" => Unit::Time(1000.0),
        "us" | "µs" | "μs" | "microseconds" | "微秒" => Unit::Time(0.001),
        "min" | "mins" | "minute" | "minutes" | "分钟" => Unit::Time(60_000.0),
        "%" | "percent" => Unit::Percent,
        // `tok/s/user`, `tokens per user`: a rate per user (`Users` alone counts them).
        _ if contains_short(t, "/u") || contains_short(t, "peruser") || contains_short(t, "/用户") => Unit::PerUser,
        // `Output TPS(per card)`, `/NPU`, `每卡`: per accelerator, whatever it is called.
        _ if ["/gpu", "pergpu", "/卡", "每卡", "/card", "percard", "/npu", "pernpu"].iter().any(|u| t.ends_with(u)) => Unit::PerGpu,
        _ if t.ends_with("/min") || t == "rpm" || t == "qpm" => Unit::PerMinute,
        "qps" | "rps" | "req/s" | "reqs/s" | "request/s" | "requests/s" | "req/sec" | "requests/sec" | "request/sec" | "请求/s"
        | "请求/秒" | "it/s" | "prompts/s" | "prompts/sec" | "prompt/s" => Unit::RequestRate,
        "tok/s" | "tokens/s" | "token/s" | "tokens/sec" | "token/sec" | "tok/sec" | "t/s" | "tps" | "tokens/second"
        | "token/秒" | "tokens/秒" | "词/秒" | "toks/s" | "toks/sec" | "トークン/秒" | "トークン/s" => Unit::TokenRate,
        _ => Unit::Other,
    }
}

/// A unit without the words before it that say which tokens (`outtok/s` → `tok/s`):
/// `trim_start_matches` for each word in turn, without building a searcher for each.
fn strip_token_words(mut t: &str) -> &str {
    for word in ["out", "total", "output", "input"] {
        while let Some(rest) = t.strip_prefix(word) {
            t = rest;
        }
    }
    t
}

// ---------------------------------------------------------------------------------------
// Headers

#[derive(Clone, Debug, PartialEq)]
enum Measure {
    Latency { group: &'static str, stat: String },
    Tokens(Kind),
    /// Peak output token throughput.
    Peak,
    Requests,
    /// A throughput that says neither tokens nor requests and has no unit, and which tokens
    /// it would count were they tokens (`Total Throughput` over `1292.40 tok/s` cells).
    Throughput(Kind),
    Duration,
    AcceptLength,
    /// The most requests in flight at once (vLLM's `Peak concurrent requests`).
    PeakConcurrent,
    /// Requests per second that met their latency objectives (`goodput req/s`).
    Goodput,
    Completed,
    Failed,
    TotalInput,
    TotalOutput,
    /// The share of requests that failed (`Error rate %`): kept as an extra number under the
    /// header, with its spread; no field of the run holds it.
    ErrorRate,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Output,
    Total,
    Input,
    /// Tokens per second without saying which tokens: read as output, with a finding.
    Unqualified,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ctx {
    Framework,
    Backend,
    Model,
    Gpu,
    GpuCount,
    Tp,
    Precision,
    Dataset,
    MaxConcurrency,
    NumPrompts,
    InputLen,
    OutputLen,
    /// `ISL/OSL` with `1024/128` cells.
    InputOutput,
    RequestRate,
    /// The engine's release (`vLLM version` over `v0.6.0`, or `Version` beside an engine
    /// column): the engine the header names, if any.
    Version(Option<&'static str>),
    /// vLLM nightly-benchmarks' `Test name` (`serving_llama8B_tp1_sharegpt_qps_16`): kept as a
    /// note, and its `tpN` and `qps_R` are the row's TP and request rate.
    TestName,
    /// An engine flag a table varies (`gpu_memory_utilization`, `max_num_seqs`): the row's
    /// server flag, as a serve command would state it (`FLAG_COLUMNS`).
    Flag(&'static str),
    /// Where a row's numbers come from (`| Source |` over `This benchmark`, `vLLM Blog`): a row
    /// citing another's result is no run of this file.
    Source,
}

/// Headers naming an engine's serving flag (normalised: `_` and `-` read as spaces), and the
/// flag as its serve command writes it. Only names no metric or load shares.
const FLAG_COLUMNS: [(&str, &str); 12] = [
    ("gpu memory utilization", "--gpu-memory-utilization"),
    ("max num batched tokens", "--max-num-batched-tokens"),
    ("max num seqs", "--max-num-seqs"),
    ("max model len", "--max-model-len"),
    ("block size", "--block-size"),
    ("kv cache dtype", "--kv-cache-dtype"),
    ("mem fraction static", "--mem-fraction-static"),
    ("chunked prefill size", "--chunked-prefill-size"),
    ("max running requests", "--max-running-requests"),
    ("max prefill tokens", "--max-prefill-tokens"),
    ("cache max entry count", "--cache-max-entry-count"),
    ("max prefill token num", "--max-prefill-token-num"),
];

#[derive(Clone, Debug, PartialEq)]
enum Column {
    Measure(Measure),
    Context(Ctx),
    /// Unknown: numbers go to `metrics.extra`, words to a note.
    Label,
    /// A comparison column (`change`, `speedup`, `提升`): not a measurement.
    Skip,
    /// An evaluation column (accuracy, score): the table is no serving benchmark.
    Eval,
    /// One of several columns that would fill the same field (`Early TTFT | clean4 TTFT`, two
    /// `Throughput`): which one is the run's is not stated, so none fills it; each number is
    /// kept in `metrics.extra` under its own header (and position when the headers are the
    /// same), and `duplicate-columns` says so. `result`: the field is a result.
    Duplicate { result: bool },
}

#[derive(Clone, Debug, PartialEq)]
struct Col {
    /// The header as written, without markup.
    raw: String,
    column: Column,
    unit: Unit,
    /// The header's normalised name, the key of `metrics.extra`.
    key: String,
    /// The statistic a throughput header names (`Median (tokens/s)`): a statistic over the
    /// requests' own rates, not the run's throughput.
    throughput_stat: Option<String>,
}

/// `text.trim().to_lowercase().replace(' ', "")`, in one pass for ASCII text (most headers).
fn squeeze_lower(text: &str) -> String {
    if text.is_ascii() {
        let t = text.trim();
        return t.bytes().filter(|&b| b != b' ').map(|b| char::from(b.to_ascii_lowercase())).collect();
    }
    text.trim().to_lowercase().replace(' ', "")
}

/// A header cell without markup (`*`, `` ` ``), full-width brackets made ASCII, blanks
/// collapsed to one space.
fn clean(text: &str) -> String {
    if plain(text) {
        return text.to_string(); // nothing to clean: copied whole, not char by char
    }
    if text.is_ascii() {
        // What the general path below makes of ASCII text, in one pass.
        let mut out = String::with_capacity(text.len());
        let mut space = false;
        for c in text.chars().filter(|c| !matches!(c, '*' | '`')) {
            if c.is_whitespace() {
                space = !out.is_empty();
            } else {
                if space {
                    out.push(' ');
                    space = false;
                }
                out.push(c);
            }
        }
        return out;
    }
    let t: String = text.chars().filter(|c| !matches!(c, '*' | '`')).collect();
    let t = t.replace(['（', '【'], "(").replace(['）', '】'], ")").replace('\u{a0}', " ");
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// [`clean`], borrowing a cell that has nothing to clean (an ASCII cell without markup and
/// without a blank at either end or two together: nearly every cell), not copying it.
fn cleaned(text: &str) -> std::borrow::Cow<'_, str> {
    if plain(text) {
        std::borrow::Cow::Borrowed(text)
    } else {
        std::borrow::Cow::Owned(clean(text))
    }
}

/// Whether [`clean`] leaves `text` as it is: ASCII without markup, without a blank at either
/// end or two together.
fn plain(text: &str) -> bool {
    text.is_ascii()
        && !text.bytes().any(|c| matches!(c, b'*' | b'`' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r'))
        && !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
}

/// Whether `word` is one of the words of `text` (split at every character that is not
/// alphanumeric, `@` or `.`): an occurrence with no word character on either side, found
/// without splitting the text.
fn has_word(text: &str, word: &str) -> bool {
    if word.len() > text.len() {
        return false; // no part of the text is that long
    }
    let inside = |c: char| c.is_alphanumeric() || c == '@' || c == '.';
    let word_chars = if word.is_ascii() {
        word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'@' || b == b'.')
    } else {
        word.chars().all(inside)
    };
    if word.is_empty() || !word_chars {
        return text.split(|c: char| !inside(c)).any(|w| w == word);
    }
    let mut from = 0;
    while let Some(at) = crate::text::find_short(&text[from..], word).map(|p| from + p) {
        let end = at + word.len();
        if !text[..at].chars().next_back().is_some_and(inside) && !text[end..].chars().next().is_some_and(inside) {
            return true;
        }
        from = at + text[at..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

fn stat_word(word: &str) -> Option<String> {
    let w = word.trim().trim_end_matches('.');
    let s = match w {
        "mean" | "avg" | "average" | "ave" | "平均" | "平均值" | "均值" => "mean",
        "median" | "med" | "mdn" | "中位数" | "中位" | "中央値" => "median",
        // (`Slowest request TTFT`: the longest of the requests'; `Fastest …` the shortest.)
        "min" | "minimum" | "最小" | "最小值" | "fastest" => "min",
        "max" | "maximum" | "最大" | "最大值" | "slowest" => "max",
        "std" | "stdev" | "stddev" | "标准差" => "std",
        _ => {
            let digits = w.strip_prefix('p').or_else(|| w.strip_prefix("tp")).or_else(|| w.strip_suffix('%')).or_else(|| w.strip_suffix("th"))?;
            let ok = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.') && digits.starts_with(|c: char| c.is_ascii_digit());
            return ok.then(|| format!("p{digits}"));
        }
    };
    Some(s.to_string())
}

/// The statistic a header names (`Mean TTFT`, `P99 ITL`, `FTL(ave)`, `平均首token延迟`).
fn stat_in(text: &str) -> Option<String> {
    for w in text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '-' | '_' | '/' | ',')) {
        if let Some(s) = stat_word(w) {
            return Some(s);
        }
    }
    for (zh, s) in [("平均", "mean"), ("中位", "median"), ("中央値", "median"), ("最小", "min"), ("最大", "max")] {
        if contains_short(text, zh) {
            return Some(s.to_string());
        }
    }
    None
}

/// A header's text and the bytes it holds: a word is looked for only when its first and last
/// bytes occur in the text (most of the vocabulary's words are in no given header).
struct Words<'t> {
    text: &'t str,
    seen: [bool; 256],
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Self {
        let mut seen = [false; 256];
        for &b in text.as_bytes() {
            seen[usize::from(b)] = true;
        }
        Words { text, seen }
    }

    /// Whether the text may hold `needle`: false only when it cannot.
    #[inline]
    fn may_hold(&self, needle: &str) -> bool {
        match (needle.as_bytes().first(), needle.as_bytes().last()) {
            (Some(&f), Some(&l)) => self.seen[usize::from(f)] && self.seen[usize::from(l)],
            _ => true,
        }
    }

    /// [`contains_short`].
    #[inline]
    fn has(&self, needle: &str) -> bool {
        self.may_hold(needle) && contains_short(self.text, needle)
    }

    /// [`has_word`].
    #[inline]
    fn word(&self, word: &str) -> bool {
        self.may_hold(word) && has_word(self.text, word)
    }

    /// Whether the text holds any of `needles`.
    fn any(&self, needles: &[&str]) -> bool {
        needles.iter().any(|n| self.has(n))
    }
}

const EVAL: [&str; 12] = ["accuracy", "mmlu", "gsm8k", "humaneval", "pass@", "bleu", "rouge", "exact match", "准确率", "正确率", "得分", "评分"];
const SKIP: [&str; 18] = [
    "change", "diff", "difference", "delta", "speedup", "speed-up", "improvement", "ratio", "提升", "变化", "差距", "倍数", "gain", "relative", "saving",
    "savings", "penalty", "增益",
];

fn latency_group(h: &Words<'_>) -> Option<&'static str> {
    // TPOT first: `TPOT (excl. 1st token)` mentions the first token too.
    if h.any(&["tpot", "time per output token", "time-per-output-token", "每token", "每 token", "每个token", "每输出token"]) {
        Some("tpot_ms")
    } else if h.any(&["ttft", "time to first token", "time-to-first-token", "first token", "first-token", "1st token", "first time to token", "ftl", "首token", "首 token", "首字", "首词"]) {
        Some("ttft_ms")
    } else if h.any(&["itl", "inter-token", "inter token", "intertoken", "per-token latency", "per token latency", "token间", "token 间"]) {
        Some("itl_ms")
    } else if h.any(&["e2e", "end-to-end", "end to end", "latency", "response time", "延迟", "时延", "响应时间", "端到端", "응답 시간", "응답시간", "지연", "レイテンシ", "遅延"])
        // EvalScope's summary: `Avg Lat.(s)`, `P99 Lat.(s)`.
        || h.word("lat.")
        // `Avg Response` over `0.75s`: the time a response took (not its length).
        || (h.any(&["avg response", "mean response", "average response", "median response"]) && !h.any(&["length", "token", "len", "size", "char"]))
    {
        Some("e2e_ms")
    } else {
        None
    }
}

/// llama-bench's test names: `pp512` (prompt processing: prefill tokens per second of a
/// 512-token prompt) and `tg128` (text generation: generated tokens per second).
fn bench_test(h: &Words<'_>, prefix: &str) -> bool {
    h.has(prefix) && h.text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w.strip_prefix(prefix).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
}

fn token_kind(h: &Words<'_>) -> Kind {
    // `Total Throughput (input+output tok/s)`: both kinds named, the total of them.
    let both = ["prompt + completion", "prompt+completion", "input+output", "input + output", "in+out", "输入+输出", "输入 + 输出", "prefill+decode"];
    if both.iter().any(|w| h.has(w)) {
        Kind::Total
    } else if h.any(&["output", "generat", "decode", "decoding", "completion", "输出", "生成", "解码", "出力"]) || h.word("out") || h.word("gen") || h.word("gen.") || bench_test(h, "tg") {
        Kind::Output
    } else if h.any(&["input", "prompt", "prefill", "pre-fill", "输入", "预填充"]) || h.word("in") || bench_test(h, "pp") {
        Kind::Input
    } else if h.has("total") || h.word("tot") || h.has("总") || h.has("総") || h.has("overall") || h.has("合計") || h.has("合计") {
        Kind::Total
    } else {
        Kind::Unqualified
    }
}

fn context_of(body: &str) -> Option<Ctx> {
    let replaced = body.replace(['_', '-'], " ");
    let b = replaced.trim_start_matches('#').trim();
    let one_of = |names: &[&str]| names.contains(&b);
    let ctx = if one_of(&[
        "framework", "engine", "engine name", "inference engine", "serving engine", "serving framework", "框架", "推理框架", "引擎", "推理引擎", "框架名称",
        "推理框架名称", "引擎名称", "服务", "推理服务",
    ]) {
        Ctx::Framework
    } else if let Some(engine) = version_header(b) {
        Ctx::Version(engine)
    } else if one_of(&["backend", "后端"]) {
        Ctx::Backend
    } else if one_of(&["model", "models", "模型", "model name", "模型名称", "checkpoint", "llm"]) {
        Ctx::Model
    } else if one_of(&[
        "gpus", "num gpus", "gpu count", "number of gpus", "n gpus", "卡数", "gpu数", "gpu 数", "gpu数量", "显卡数", "cardnum", "card num", "cards",
        "num cards", "number of cards", "npus", "npu count", "npu num", "num of hardware", "number of hardware", "hardware count", "num of gpus",
        "num of devices", "number of devices", "num devices", "device count", "gpu num", "gpus num", "npu数", "卡数量",
    ]) {
        Ctx::GpuCount
    } else if one_of(&[
        "gpu", "device", "hardware", "accelerator", "显卡", "硬件", "设备", "gpu type", "gpu model", "instance", "platform", "平台", "测试平台", "硬件平台",
        "gpu名称", "gpu 名称", "gpu型号", "gpu 型号", "显卡型号", "显卡名称", "gpu name",
    ]) {
        Ctx::Gpu
    } else if one_of(&["tp", "tp size", "tensor parallel", "tensor parallelism", "tensor parallel size", "张量并行", "tp degree"]) {
        Ctx::Tp
    } else if one_of(&["precision", "dtype", "quantization", "quant", "精度", "量化", "data type", "量化方式", "weight dtype"]) {
        Ctx::Precision
    } else if one_of(&["dataset", "dataset name", "数据集"]) {
        Ctx::Dataset
    } else if one_of(&[
        "concurrency", "max concurrency", "batch", "batch size", "bs", "并发", "并发数", "并发度", "并发量", "并发数量", "clients", "num clients",
        "users", "concurrent users", "concurrent requests", "批大小", "批次大小", "parallel requests", "c", "conc", "concur", "concurrence", "at conc", "concurrency level",
        "並列数", "同時リクエスト数", "同時実行数", "동시 요청", "동시 요청 수", "동시성", "全局并发", "总并发", "global concurrency", "conc.",
        // A summary's `最佳Batch` beside its `峰值吞吐量`: the load of the best row, the run it restates.
        // (Not `Optimal Concurrency`, which a list gives as a range: `64-256 requests`.)
        "best batch", "best batch size", "optimal batch", "optimal batch size", "最佳batch", "最佳 batch", "最佳批大小", "最优batch", "最佳并发", "最优并发",
        "最佳并发数",
    ]) {
        Ctx::MaxConcurrency
    } else if one_of(&["num prompts", "number of prompts", "prompt no", "prompt num", "prompts", "requests", "request count", "num requests", "请求数", "请求数量", "请求总数", "total requests"]) {
        Ctx::NumPrompts
    } else if one_of(&[
        "input len", "input length", "input tokens", "prompt tokens", "prompt len", "prompt length", "isl", "输入长度", "输入token数",
        "输入 token", "输入token", "input", "in", "tokens in", "input seq len", "input sequence length",
    ]) {
        Ctx::InputLen
    } else if one_of(&[
        "output len", "output length", "output tokens", "osl", "max tokens", "gen len", "输出长度", "输出token数", "输出 token",
        "输出token", "output", "out", "tokens out", "output seq len", "output sequence length",
    ]) {
        Ctx::OutputLen
    } else if one_of(&["request rate", "rate", "req rate", "请求速率", "arrival rate", "target qps", "target rps", "到达率", "请求到达率", "target request rate"]) {
        Ctx::RequestRate
    } else if one_of(&["test name", "run", "trial", "iteration", "repetition"]) {
        Ctx::TestName
    } else if one_of(&["source", "sources", "reference", "ref", "citation", "来源", "出处", "数据来源", "引用"]) {
        Ctx::Source
    } else if let Some(&(_, flag)) = FLAG_COLUMNS.iter().find(|(h, _)| *h == b.trim_start_matches(' ')) {
        Ctx::Flag(flag)
    } else if let Some((a, c)) = b.split_once('/') {
        let (a, c) = (a.trim(), c.trim());
        let input = ["isl", "input", "in", "输入", "input len", "prompt"].contains(&a);
        let output = ["osl", "output", "out", "输出", "output len", "output len", "gen"].iter().any(|o| c == *o || c.starts_with(o));
        return (input && output).then_some(Ctx::InputOutput);
    } else {
        return None;
    };
    Some(ctx)
}

/// The one engine a configuration's name starts with or holds as a word (`sglang_torch_compile`,
/// `baseline_llama_cpp`): `None` when it names none or several.
fn engine_named(text: &str) -> Option<&'static str> {
    let lower = text.to_ascii_lowercase().replace("llama_cpp", "llama.cpp").replace("llama-cpp", "llama.cpp").replace("sglang-jax", "sglangjax").replace("sgl-jax", "sglangjax");
    let mut found = lower.split([' ', '_', '-', '/', '+']).filter_map(framework::of_backend);
    let first = found.next()?;
    found.all(|f| f == first).then_some(first)
}

/// A header naming an engine's release: `version`, `版本`, `框架版本` (the row's engine's) or
/// `vLLM version` (that engine's); `None` for any other header.
fn version_header(body: &str) -> Option<Option<&'static str>> {
    if matches!(body, "version" | "版本" | "框架版本" | "engine version" | "framework version") {
        return Some(None);
    }
    let name = body.strip_suffix("version").or_else(|| body.strip_suffix("版本"))?.trim();
    framework::of_backend(name).filter(|f| ["vllm", "sglang", "lmdeploy", "trtllm"].contains(f)).map(Some)
}

/// Classifies one header cell, once per thread for each text ([`crate::memo`]): a table's
/// headers are classified again and again (its first cells as metric names, joined with a
/// heading's metric, as each layout is tried), and a site's files share many.
fn column(raw: &str) -> Col {
    thread_local! {
        static CLASSIFIED: crate::memo::Table<Col> = Default::default();
    }
    crate::memo::answer(&CLASSIFIED, raw, classify)
}

/// An export's column name, its words joined by underscores, as a header writes it: the
/// words apart (`mean_ttft_ms` → `mean ttft ms`), a rate's two words one unit
/// (`throughput_tok_s`, `tokens_per_s` → `tok/s`), and a statistic written after the unit
/// (`ttft_ms_p50`) before it (`ttft p50 ms`), where the unit is the last word.
fn snake_header(lower: &str) -> String {
    let words: Vec<&str> = lower.split('_').filter(|w| !w.is_empty()).collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let rate = matches!(w, "tok" | "toks" | "token" | "tokens" | "req" | "reqs" | "request" | "requests");
        let per_second = |k: usize| words.get(k).is_some_and(|w| matches!(*w, "s" | "sec"));
        if rate && per_second(i + 1) {
            out.push(format!("{w}/s"));
            i += 2;
        } else if rate && words.get(i + 1) == Some(&"per") && per_second(i + 2) {
            out.push(format!("{w}/s"));
            i += 3;
        } else {
            out.push(w.to_string());
            i += 1;
        }
    }
    let n = out.len();
    if n >= 3 && stat_word(&out[n - 1]).is_some() && matches!(unit_of(&out[n - 2]), Unit::Time(_)) {
        out.swap(n - 2, n - 1);
    }
    out.join(" ")
}

/// What [`column`] answers, worked out.
fn classify(raw: &str) -> Col {
    let raw = clean(raw);
    let key = fields::normalise(&raw);
    // `to_lowercase` is `to_ascii_lowercase` on ASCII text, without its look-ups.
    let lower = if raw.is_ascii() { raw.to_ascii_lowercase() } else { raw.to_lowercase() };
    // `mean_ttft_ms`, `e2e_mean_s`: an export's column name, its words (the unit last) joined
    // by underscores.
    let snake = raw.contains('_') && !raw.contains(char::is_whitespace);
    let lower = if snake { snake_header(&lower) } else { lower };
    // Bracketed parts hold units (`(ms)`, `[s]`, `(out tok/s)`) or statistics (`(ave)`).
    let mut body = String::new();
    let mut groups: Vec<String> = Vec::new();
    let mut depth = 0;
    for c in lower.chars() {
        match c {
            '(' | '[' => {
                depth += 1;
                groups.push(String::new());
            }
            ')' | ']' if depth > 0 => depth -= 1,
            _ if depth > 0 => groups.last_mut().expect("opened").push(c),
            _ => body.push(c),
        }
    }
    // The words outside brackets (`Peak output tok/s` of `Peak output tok/s (window)`).
    let outside_last = body.split_whitespace().next_back().map(str::to_string);
    let mut unit = Unit::None;
    let mut stat = None;
    let per_token = groups.iter().any(|g| matches!(g.replace(' ', "").as_str(), "ms/tok" | "ms/token" | "ms/tokens" | "s/tok" | "s/token" | "s/tokens"));
    // `FTL(min)(s)`: with another time unit beside it, `min` is the minimum, not minutes.
    let times = groups.iter().filter(|g| matches!(unit_of(g), Unit::Time(_))).count();
    // `(tok/s，均值±SD)`, `(ms, p50)`: each part of a bracket read alone; a part saying what a
    // cell's `±` is says nothing of the column.
    let listed = |g: &String| g.contains([',', '，']) && matches!(unit_of(g), Unit::None | Unit::Other);
    if groups.iter().any(listed) {
        groups = groups
            .iter()
            .flat_map(|g| if listed(g) { g.split([',', '，']).map(|p| p.trim().to_string()).collect() } else { vec![g.clone()] })
            .filter(|p| !p.is_empty() && !p.contains('±'))
            .collect();
    }
    for g in &groups {
        // A footnote mark (`TP (1)`, `Throughput [2]`, `(*)`) says nothing about the column.
        if !g.is_empty() && g.chars().all(|c| c.is_ascii_digit() || matches!(c, '*' | '†')) {
            continue;
        }
        let u = unit_of(g);
        let minimum = g.trim() == "min" && times > 1;
        match u {
            Unit::None | Unit::Other => match stat_word(g) {
                Some(s) => stat = Some(s),
                None => {
                    body.push(' ');
                    body.push_str(g);
                }
            },
            _ if minimum => stat = Some("min".to_string()),
            u => unit = u,
        }
        // `throughput(out tok/s)`: the words of the unit still say which tokens.
        if matches!(u, Unit::TokenRate | Unit::PerGpu) {
            body.push(' ');
            body.push_str(g);
        }
    }
    let mut body = {
        // `split_whitespace().collect::<Vec<_>>().join(" ")`, without the Vec.
        let mut joined = String::with_capacity(body.len());
        for w in body.split_whitespace() {
            if !joined.is_empty() {
                joined.push(' ');
            }
            joined.push_str(w);
        }
        joined
    };
    // A unit as the last word (`TTFT ms`, `gen tok/s`) or as the whole header (`Tokens/sec`).
    if unit == Unit::None {
        let (rest, last) = body.rsplit_once(' ').unwrap_or(("", body.as_str()));
        let u = unit_of(last);
        // `E2E Min` is the least E2E latency, not one in minutes (`(min)` in brackets is).
        // `Tokens per second`: a rate, its last word no time unit.
        let per = rest == "per" || rest.ends_with(" per");
        let word_unit = matches!(u, Unit::TokenRate | Unit::RequestRate | Unit::PerMinute | Unit::PerUser | Unit::PerGpu)
            || (matches!(u, Unit::Time(_)) && !rest.is_empty() && !per && stat_word(&last.to_lowercase()).is_none());
        if word_unit {
            unit = u;
            if !matches!(u, Unit::TokenRate | Unit::PerGpu) {
                body = rest.to_string();
            }
        }
    }
    // `Peak output tok/s (window)`, `Total tok/s (in+out)`: a rate's unit before a bracket of
    // other words (not `Output tok/s per GPU`, a rate of a part).
    if unit == Unit::None {
        if let Some(u) = outside_last.as_deref().map(unit_of).filter(|u| matches!(u, Unit::TokenRate | Unit::RequestRate)) {
            unit = u;
        }
    }
    // vLLM's result keys as column names (an export of its JSON): their units are the tool's.
    if unit == Unit::None {
        unit = match raw.as_str() {
            "output_throughput" | "total_token_throughput" | "input_throughput" => Unit::TokenRate,
            "request_throughput" => Unit::RequestRate,
            _ => unit,
        };
    }
    // `Token-per-second`: words joined by hyphens, read as the words.
    let body = if body.contains("-per-") { body.replace("-per-", " per ") } else { body };
    let col = move |column| Col { raw, column, unit, key, throughput_stat: None };
    let t = body.as_str();
    // `| # | Experiment | … |`, `| Round |`: the row's number in the table or the repeat, no measurement.
    if matches!(t.trim(), "#" | "no." | "序号" | "round" | "rounds" | "轮次" | "轮" | "trial" | "iteration" | "repeat") {
        return col(Column::Skip);
    }
    // `成功/失败` over `128/0`: both counts, read from the cell ([`ok_fail`]).
    if names_ok_fail(t) {
        return col(Column::Label);
    }
    let h = Words::new(t);
    // `ΔTPOT (ms/token)`: a difference between runs, glued to the metric it is of.
    let skip = SKIP.iter().any(|s| if s.is_ascii() { h.word(s) } else { h.has(s) }) || t.contains('δ');
    // (`v.s. kv fp16`: a ratio to another row, written with dots.)
    if skip || h.word("vs") || t.trim_start().starts_with("v.s.") || h.has(" v.s. ") {
        return col(Column::Skip);
    }
    // `acc length`: SGLang's report of speculative decoding (`bench_one_batch_server
    // --show-report`), the accepted tokens per step, not an accuracy.
    let accepted = h.any(&["acc length", "acc len"]);
    if !accepted && (EVAL.iter().any(|e| h.has(e)) || ["acc", "wer", "cer", "f1", "score", "分数"].iter().any(|w| h.word(w))) {
        return col(Column::Eval);
    }
    // `Predicted TTFT (ms)`, `AIC predicted (req/s)`, `理论吞吐`: a model's number beside the
    // measured one, kept under its header, never the run's measurement.
    let predicted = ["predicted", "prediction", "estimated", "theoretical", "projected", "modelled", "modeled", "simulated"].iter().any(|w| h.word(w))
        || ["预测", "理论", "估算", "预估"].iter().any(|w| h.has(w));
    if predicted {
        return col(Column::Label);
    }
    // `ドラフト数`, `Draft tokens`, `num_speculative_tokens`: how many tokens a draft proposes,
    // a setting of speculative decoding, kept as the row's note.
    let draft = h.any(&["draft token", "draft count", "num speculative tokens", "speculative tokens", "ドラフト数", "ドラフトトークン数", "草稿token数", "draft tokens"]);
    if draft && !h.any(&["tok/s", "token/s", "tokens/s", "per second", "accept", "受理"]) {
        return col(Column::Label);
    }
    // `itl_jitter_p95_ms`: the spread of a request's inter-token times, no latency of its own.
    if h.word("jitter") {
        return col(Column::Label);
    }
    // `avg_tokens_per_sec` in a script's export: the requests' mean rate (tokens over each
    // one's latency), not the run's throughput, which such names call `throughput`.
    if snake && unit == Unit::TokenRate && ["avg", "mean", "average", "median"].iter().any(|w| t.starts_with(&format!("{w} "))) && !h.any(&["throughput", "tput"]) {
        return Col { throughput_stat: stat_in(t), ..col(Column::Label) };
    }
    // `TTFT (per user)`: each user's first token, a latency as any other (a rate per user,
    // `tok/s/u`, is kept under its header).
    let latency_per_user = unit == Unit::PerUser && latency_group(&h).is_some() && !h.any(&["tok/s", "token/s", "tokens/s", "t/s"]);
    if (unit == Unit::PerUser && !latency_per_user) || unit == Unit::PerMinute {
        return col(Column::Label);
    }
    // `Average generation speed per rank`, `Throughput per card`: one GPU's (or rank's) share,
    // kept under its header (a count of the GPUs it divides by is not read from it).
    let per_rank = ["per rank", "per-rank", "per card", "per npu", "每卡", "单卡吞吐"].iter().any(|w| h.has(w));
    if per_rank && latency_group(&h).is_none() {
        return col(Column::Label);
    }
    // `Tput User (TPS)`, `Per-user throughput`: one user's rate, as `tok/s/u` is, beside the
    // run's (`Users` alone counts them).
    let user_rate = (h.word("user") || h.has("per user") || h.has("per-user") || h.has("每用户")) && latency_group(&h).is_none();
    if user_rate && (h.any(&["tput", "throughput", "tps", "tok/s", "tokens/s", "吞吐"]) || unit != Unit::None) {
        return col(Column::Label);
    }
    let unit = if latency_per_user { Unit::None } else { unit };
    // `Cost / benchmark duration`, `Hardware pricing / h`: money, kept under its header
    // (a cost per duration is no duration); `Total time cost (s)` is a time.
    let time = matches!(unit, Unit::Time(_)) || h.any(&["time cost", "时间成本", "耗时"]);
    if h.any(&["cost", "pricing", "price", "成本", "价格", "费用", "花费"]) && !time {
        return col(Column::Label);
    }
    // vLLM's `Peak concurrent requests`: requests in flight at once, at the most.
    if h.any(&["peak concurrent", "max concurrent requests"]) && unit == Unit::None {
        return col(Column::Measure(Measure::PeakConcurrent));
    }
    // `到达率 (req/s)`, `Arrival rate`, `Target QPS`: the rate requests were sent at, a setting
    // of the run, not the rate it served them at (a bare `Request rate (req/s)` may be either:
    // read as before).
    // (Matched on the whole header: a last word `QPS` is its unit, no longer in `t`.)
    let whole = Words::new(&lower);
    let target = whole.any(&["arrival rate", "到达率", "target qps", "target rps", "target request rate", "offered load", "offered rate", "offered qps", "目标qps", "目标 qps"])
        // `qps_target`, `target_rate` in a script's export.
        || matches!(t.trim(), "qps target" | "rps target" | "target rate" | "rate target" | "target qps" | "request rate target");
    if target && !h.has("actual") {
        return col(Column::Context(Ctx::RequestRate));
    }
    // `goodput req/s` beside `req/s`: the requests served within their objectives.
    if h.word("goodput") && matches!(unit, Unit::None | Unit::RequestRate) {
        return col(Column::Measure(Measure::Goodput));
    }
    // `实际速率` over `10.33 RPS`: the rate the requests were served at.
    if h.any(&["实际速率", "actual rate", "achieved rate", "actual qps", "achieved qps", "actual rps"]) && matches!(unit, Unit::None | Unit::RequestRate) {
        return col(Column::Measure(Measure::Requests));
    }
    let throughput_words = h.any(&["throughput", "吞吐", "처리량", "スループット", "speed", "速度", "每秒", "per second", "per sec"]) || ["tps", "qps", "rps"].iter().any(|w| h.word(w));
    let rate_unit = matches!(unit, Unit::TokenRate | Unit::RequestRate | Unit::PerGpu);
    // `per node output token thr (tok/s)`: one node's share of a run over several nodes, a
    // rate of the run's part as a GPU's is: an extra number under its header, the row a run.
    if (throughput_words || rate_unit) && ["per node", "per-node", "每节点", "每个节点"].iter().any(|w| h.has(w)) && latency_group(&h).is_none() {
        let c = col(Column::Measure(Measure::Tokens(token_kind(&h))));
        return Col { unit: Unit::PerGpu, ..c };
    }
    // `单用户输出 (tok/s)`, `Output tok/s per user`: the rate one user sees beside the
    // run's (`总生成吞吐`), kept under its header as a `tok/s/user` unit is.
    // `Stream tok/s` beside `Aggregate tok/s`, `单流 tok/s` beside `聚合 tok/s`: one stream's.
    // (`Stream throughput` beside `Non-stream throughput` is a mode's throughput.)
    let per_stream = (h.word("stream") && !h.any(&["throughput", "吞吐", "non"])) || h.any(&["per stream", "per-stream", "单流", "每流", "単発", "単一ストリーム"]);
    if (throughput_words || rate_unit) && (per_stream || h.any(&["per user", "per-user", "/user", "单用户", "每用户", "/用户", "单路", "每路", "per request", "per-request", "per-req", "per req", "每请求", "单请求", "요청당", "사용자당", "リクエストあたり", "ユーザーあたり"])) {
        return col(Column::Label);
    }
    if let (Some(group), false, false) = (latency_group(&h), throughput_words, rate_unit) {
        if per_token && !matches!(group, "tpot_ms" | "itl_ms") {
            return col(Column::Label); // `Latency (ms/token)`: no request's latency
        }
        let stat = stat.or_else(|| stat_in(t)).unwrap_or_else(|| "mean".to_string());
        return col(Column::Measure(Measure::Latency { group, stat }));
    }
    if throughput_words || rate_unit {
        // `prefill 吞吐`, `decode 速度`, `Prefill speed (tok/s)`: the rate of one phase of a
        // request (its prompt over its TTFT, one over its TPOT), not the tokens of the run
        // over its duration; kept under its header.
        if h.any(&["prefill", "pre-fill", "decode", "decoding", "预填充", "解码"]) {
            return col(Column::Label);
        }
        // `P95 (tokens/s)`: a percentile of the requests' rates, kept under its header.
        let named = stat.clone().or_else(|| stat_in(t));
        if named.as_deref().is_some_and(|s| s != "mean") {
            return Col { throughput_stat: named, ..col(Column::Label) };
        }
        let tokens = h.any(&["token", "tok/", "tokens", "词"]) || h.word("tps") || h.word("tok");
        let requests = h.any(&["request", "req/", "请求"]) || h.word("qps") || h.word("rps") || h.word("req");
        let measure = match unit {
            // `최대 처리량` beside `평균 처리량`, `峰值吞吐`: the peak, not the run's throughput
            // (of output tokens, as vLLM prints it). A summary's `peak tot tok/s` is the total
            // rate of the sweep's best run, the run it names.
            _ if h.any(&["peak", "峰值", "최대"]) && !requests && matches!(token_kind(&h), Kind::Output | Kind::Unqualified) => Measure::Peak,
            Unit::TokenRate => Measure::Tokens(token_kind(&h)),
            Unit::PerGpu if !requests => Measure::Tokens(token_kind(&h)),
            Unit::RequestRate => Measure::Requests,
            _ if tokens && !requests => Measure::Tokens(token_kind(&h)),
            _ if requests => Measure::Requests,
            _ => Measure::Throughput(token_kind(&h)),
        };
        return Col { throughput_stat: named, ..col(Column::Measure(measure)) };
    }
    if h.any(&["error rate", "failure rate", "fail rate", "错误率", "失败率"]) && matches!(unit, Unit::None | Unit::Percent) {
        return col(Column::Measure(Measure::ErrorRate));
    }
    // `Duration P50` over `33.1s`: a percentile of the requests' durations, their latency (a
    // benchmark has one duration, no percentiles of it).
    if h.word("duration") && matches!(unit, Unit::None | Unit::Time(_)) {
        if let Some(stat) = stat.clone().or_else(|| stat_in(t)).filter(|s| s.starts_with('p') || s == "median") {
            return col(Column::Measure(Measure::Latency { group: "e2e_ms", stat }));
        }
    }
    if h.any(&["duration", "total time", "elapsed", "wall time", "measurement window", "耗时", "总时间", "用时", "运行时间", "benchmark time", "时长"]) {
        return col(Column::Measure(Measure::Duration));
    }
    if accepted || h.any(&["accept length", "acceptance length", "accept len", "接受长度"]) {
        return col(Column::Measure(Measure::AcceptLength));
    }
    // `# of req.`: what vLLM's nightly-benchmarks tables print for `completed`.
    let vllm_count = matches!(t.trim(), "# of req." | "# of req" | "# of requests");
    // `Succ` over `900/900`: the requests done, of those sent.
    let success = h.word("success") || h.word("succ") || h.word("succeeded");
    if vllm_count || h.any(&["successful", "completed", "成功", "完成请求", "完成数"]) || (success && !h.word("rate")) {
        return col(Column::Measure(Measure::Completed));
    }
    // GuideLLM's `error_requests` (the requests that ended in an error) are failures too.
    let errored = (h.word("error") || h.word("errored") || h.word("errors")) && h.word("requests");
    if h.any(&["failed", "failures", "失败"]) || errored {
        return col(Column::Measure(Measure::Failed));
    }
    if (h.has("total") || h.has("总")) && h.any(&["input token", "prompt token", "输入"]) {
        return col(Column::Measure(Measure::TotalInput));
    }
    if (h.has("total") || h.has("总")) && h.any(&["generated token", "output token", "输出", "生成"]) {
        return col(Column::Measure(Measure::TotalOutput));
    }
    // `runtime` over `llamacpp` / `ollama` / `vllm`: the engine (`Runtime (s)` is a time).
    if t.trim() == "runtime" && unit == Unit::None {
        return col(Column::Context(Ctx::Framework));
    }
    match context_of(t) {
        Some(ctx) => col(Column::Context(ctx)),
        None => col(Column::Label),
    }
}

/// How many of `headers` name a result metric (`output_throughput_tok_s`, `mean_ttft_ms`):
/// what makes a CSV of unknown origin a table of results (`super::csv_table`).
pub(crate) fn results_named(headers: &[&str]) -> usize {
    headers.iter().filter(|h| is_result(&column(h))).count()
}

fn is_result(col: &Col) -> bool {
    matches!(
        &col.column,
        Column::Measure(Measure::Latency { .. } | Measure::Tokens(_) | Measure::Peak | Measure::Requests | Measure::Throughput(_))
            | Column::Duplicate { result: true }
    )
}

// ---------------------------------------------------------------------------------------
// Cells

#[derive(Clone, Debug, PartialEq)]
enum Num {
    Number(f64, Unit),
    Inf,
    Text(String),
    /// Nothing in the cell (`—`, `N/A`, empty).
    Absent,
    Placeholder(String),
    /// Not a measurement: a range, an estimate, a ratio.
    NotMeasured,
}

/// Removes thousands separators: `4,371,285` → `4371285`, `3 150.8` → `3150.8`.
fn ungroup(s: &str) -> std::borrow::Cow<'_, str> {
    let (sign, body) = match s.strip_prefix(['+', '-']) {
        Some(b) => (&s[..1], b),
        None => ("", s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    for sep in [',', ' ', '\u{202f}', '\u{2009}', '_'] {
        if !int.contains(sep) {
            continue;
        }
        let groups: Vec<&str> = int.split(sep).collect();
        let digits = |g: &str| g.chars().all(|c| c.is_ascii_digit());
        let ok = (1..=3).contains(&groups[0].len()) && digits(groups[0]) && groups[1..].iter().all(|g| g.len() == 3 && digits(g));
        if ok {
            let dot = if body.contains('.') { "." } else { "" };
            return std::borrow::Cow::Owned(format!("{sign}{}{dot}{frac}", groups.concat()));
        }
    }
    std::borrow::Cow::Borrowed(s)
}

/// A cell stacking lines (`<br>`). `**27 tok/s**<br>*linear in context*`, a number over words,
/// is that number; several lines holding digits (`12<br>456`, `19.9 tok/s @ d384<br>24.0 @
/// d64`) are no one value: words, kept as a note, so no number is glued to another (`12 456`
/// read as 12456) or filed under the column's name. `None`: read as one line, the lines
/// joined by spaces (`vLLM<br>0.6.3`).
fn stacked(raw: &str) -> Option<Num> {
    let parts: Vec<String> = raw.split('\n').map(clean).filter(|p| !p.is_empty()).collect();
    if parts.len() < 2 {
        return None;
    }
    let digits = |p: &String| p.bytes().any(|b| b.is_ascii_digit());
    match parts.iter().filter(|p| digits(p)).count() {
        0 => None,
        1 if digits(&parts[0]) => match cell_general(&parts[0]) {
            n @ Num::Number(..) => Some(n),
            _ => None,
        },
        1 => None,
        _ => Some(Num::Text(parts.join("; "))),
    }
}

/// The number after `±` in a cell (`819.69 ± 8.40`, `**6.72 ± 0.24**`), when it is one.
fn plus_minus(raw: &str) -> Option<f64> {
    let (_, after) = raw.split_once('±')?;
    let t = after.trim().trim_matches(['*', ' ']);
    let end = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    t[..end].parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0)
}

/// What a header calls the spread after its `±` (`Mean ± Std` → `Std`), `None` when it
/// writes no `±` or names nothing after it.
fn spread_label(header: &str) -> Option<String> {
    let (_, after) = header.split_once('±')?;
    let word: String = after.trim().chars().take_while(|c| c.is_alphanumeric() || matches!(c, '%' | ' ')).collect();
    Some(word.trim().to_string()).filter(|w| !w.is_empty())
}

fn is_absent(lower: &str) -> bool {
    matches!(
        lower,
        "" | "-" | "--" | "—" | "–" | "n/a" | "na" | "none" | "null" | "nan" | "/" | "×" | "✗" | "❌"
    )
}

fn cell(raw: &str) -> Num {
    match plain_number(raw) {
        Some(n) => Num::Number(n, Unit::None),
        None => cell_general(raw),
    }
}

/// A cell that is only a decimal number (`711.21`, maybe padded with spaces), half of a
/// result table's cells: read as [`cell_general`] reads it, without its copies.
fn plain_number(raw: &str) -> Option<f64> {
    let t = raw.trim_matches(' ').as_bytes();
    let mut dots = 0;
    for &b in t {
        match b {
            b'0'..=b'9' => {}
            b'.' => dots += 1,
            _ => return None,
        }
    }
    if dots > 1 || t.len() == dots {
        return None;
    }
    let n: f64 = raw.trim_matches(' ').parse().ok()?;
    Some(if n == 0.0 { 0.0 } else { n })
}

fn cell_general(raw: &str) -> Num {
    if raw.contains('\n') {
        if let Some(n) = stacked(raw) {
            return n;
        }
    }
    let s = cleaned(raw);
    // Footnote marks (`711.21*`, `TBD\*`), emphasis leftovers and a best value's mark
    // (`**0.45** ⭐`, `🏆`, `**128** ⚡`: any pictograph or dingbat, with its variation selector).
    // A footnote's superscript number (`98¹`) too.
    let mark = |c: char| matches!(c, '*' | '\\' | '†' | '‡' | '§' | ' ' | '\u{fe0f}' | '\u{200d}' | '¹' | '²' | '³' | '⁴' | '⁵' | '⁶' | '⁷' | '⁸' | '⁹' | '⁰') || crate::text::is_pictograph(c);
    let s = match s.trim().trim_end_matches(mark).trim() {
        // A cell of marks alone (`❌`, `✅`) says something, not nothing.
        "" if !s.trim().trim_end_matches(['*', '\\', ' ']).is_empty() => s.trim(),
        bare => bare,
    };
    // Copied only when a letter changes (`to_lowercase` is `to_ascii_lowercase` on ASCII).
    let lower = match s.is_ascii() {
        true if !s.bytes().any(|b| b.is_ascii_uppercase()) => std::borrow::Cow::Borrowed(s),
        true => std::borrow::Cow::Owned(s.to_ascii_lowercase()),
        false => std::borrow::Cow::Owned(s.to_lowercase()),
    };
    if is_absent(&lower) {
        return Num::Absent;
    }
    if s.starts_with(['~', '≈', '<', '>', '≤', '≥', '约']) || lower.starts_with("about") || lower.starts_with("up to") {
        return Num::NotMeasured;
    }
    // `12.3 ± 0.4` is the value and its spread.
    let s = s.split('±').next().unwrap_or(s).trim();
    // The leading number, group separators included, and what follows it.
    let seg_end = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || matches!(c, ',' | '.' | ' ' | '\u{202f}' | '\u{2009}' | '_') || (i == 0 && matches!(c, '+' | '-'))))
        .map_or(s.len(), |(i, _)| i);
    let (seg, rest) = s.split_at(seg_end);
    let rest = rest.trim();
    if !seg.chars().any(|c| c.is_ascii_digit()) {
        let c = value::parse_cell(s);
        return match c.value {
            Value::Placeholder(p) => Num::Placeholder(p.to_string()),
            Value::Absent(_) => Num::Absent,
            Value::Inf => Num::Inf,
            _ => Num::Text(s.to_string()),
        };
    }
    // A range: `47–51`, `2-5`, `800 ~ 1500ms`.
    if rest.starts_with(['-', '–', '—', '~']) && rest[rest.chars().next().map_or(0, char::len_utf8)..].trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        return Num::NotMeasured;
    }
    let Ok(n) = ungroup(seg.trim()).parse::<f64>() else { return Num::Text(s.to_string()) };
    if !n.is_finite() {
        return Num::Text(s.to_string());
    }
    let n = if n == 0.0 { 0.0 } else { n };
    if let Some(count) = rest.strip_prefix('/') {
        // `80 / 80`: the first count is what was done.
        return if count.trim().parse::<f64>().is_ok() { Num::Number(n, Unit::None) } else { Num::Text(s.to_string()) };
    }
    if rest.starts_with(['x', 'X', '×']) && rest.chars().count() <= 8 {
        return Num::NotMeasured;
    }
    let unit = unit_of(rest);
    if unit == Unit::Other && (rest.split_whitespace().count() > 1 || rest.chars().count() > 12) {
        return Num::Text(s.to_string());
    }
    if s.starts_with('+') && unit == Unit::Percent {
        return Num::NotMeasured;
    }
    Num::Number(n, unit)
}

// ---------------------------------------------------------------------------------------
// Reading

/// One cell to read: its column, its text and the line it is written on.
#[derive(Clone)]
struct Entry<'t> {
    col: &'t Col,
    /// Line the column's name is written on: the header, or the row of a `Metric | Value` table.
    head_line: u32,
    text: &'t str,
    line: u32,
}

/// Column-wide statements, reported once per column: (line, header) → (key, run ids).
#[derive(Default)]
struct Notice {
    /// Columns whose unit is stated nowhere.
    unitless: BTreeMap<(u32, String), (String, Vec<String>)>,
    /// Token throughput columns that do not say which tokens.
    unqualified: BTreeMap<(u32, String), (String, Vec<String>)>,
    /// Columns whose unit is no unit of their metric (`Throughput (s)`).
    mismatched: BTreeMap<(u32, String), (String, Vec<String>)>,
}

/// An owned row for the resolver: its label made here, its raw label mostly the column's
/// header, borrowed.
struct Owned<'a> {
    line: u32,
    label: String,
    raw: std::borrow::Cow<'a, str>,
    value: OwnedValue,
}

enum OwnedValue {
    Number(f64),
    Text(String),
    Inf,
}

/// A column that is a run of its row, what names it (the framework, GPU or precision column)
/// and its name.
type Named = (usize, &'static Col, String);

/// A table with its columns classified, read once.
struct Prepared<'t> {
    input: &'t TableInput<'t>,
    cols: Vec<Col>,
    /// Groups of columns that would fill the same field (see [`Column::Duplicate`]).
    duplicates: Vec<Vec<usize>>,
    /// An evaluation table: no run.
    eval: bool,
    /// Columns that say which run a row is (context and words, no measurement): what must
    /// agree, row by row, for tables to be joined. Read through [`Prepared::keys`].
    keys: std::cell::OnceCell<Vec<usize>>,
    /// One column per engine (`| Batch Size | TensorRT-LLM | vLLM |` under `### Throughput
    /// (tokens/sec)`), GPU or precision (`| Batch Size | NVIDIA L4 (tok/s) | NVIDIA H100
    /// (tok/s) |`): each such column, read as the metric the heading or its header names, is
    /// a run of its row; the column's name (its header, units aside) fills the framework,
    /// GPU or precision column given with it.
    engines: Vec<Named>,
    /// Columns whose header stacks a metric over a load (`TTFT<br>8並列`, `TPOT<br>8並列`):
    /// the column and its load's index in `loads`. Each load is a run of its row, the columns
    /// of other loads set aside.
    load_of: Vec<(usize, usize)>,
    /// What names each load's (or variant's) run, in header order: the cells it is given, a
    /// load's concurrency as its headers write the number (`8`), a variant's engine, GPU,
    /// precision or name (see [`variant_columns`]).
    loads: Vec<Given>,
    /// Columns whose cells list labelled metrics, `Total TPS: 9743.28<br>Mean TPOT(ms): 48.57`
    /// ([`labelled_cells`]): each is a run of its row, named by its header.
    labelled: Vec<usize>,
    /// The columns the labels of those cells name, one per label.
    cell_cols: Vec<Col>,
}

impl Prepared<'_> {
    /// [`Prepared::keys`], found when first asked for: only a table that may be joined to
    /// another needs them (finding them reads every cell of its word columns).
    fn keys(&self) -> &[usize] {
        self.keys.get_or_init(|| {
            let (table, cols) = (self.input.table, &self.cols);
            let words_only =
                |i: usize| table.rows.iter().all(|r| matches!(cell(r.cells.get(i).map_or("", String::as_str)), Num::Text(_) | Num::Absent));
            (0..cols.len())
                .filter(|&i| match &cols[i].column {
                    Column::Context(_) => true,
                    Column::Label => cols[i].throughput_stat.is_none() && words_only(i),
                    _ => false,
                })
                .collect()
        })
    }
}

/// Whether a table samples one run as it goes (`| 进度 | Prompt 吞吐 (tokens/s) | … |` over
/// `| 40% | 3492.7 | …`: an engine's periodic log lines at points of its progress): its rows
/// are no runs.
fn progress_samples(table: &crate::markdown::Table) -> bool {
    let named = table.header.first().is_some_and(|h| matches!(clean(h).to_lowercase().as_str(), "进度" | "progress" | "進捗"));
    named && table.rows.iter().all(|r| r.cells.first().is_some_and(|c| clean(c).trim().ends_with('%')))
}

/// `| Percentile | TTFT (ms) | TPOT (ms) |` over `| P50 | 120 | 12 |`, `| P99 | 200 | 19 |`
/// (`| 百分位 | 延迟 (ms) |` over `| **Avg** | 2184.23 ms |`): statistics as rows, metrics as
/// columns, one run's. The run, each number read under its column with its row's statistic
/// (and from its own line); `None` for any other table. A column repeating another's metric in
/// another unit (`延迟 (秒)` beside `延迟 (ms)`) is left out when every value agrees with it.
fn stats_as_rows(input: &TableInput<'_>, sink: &mut Sink, notice: &mut Notice) -> Option<Run> {
    let table = input.table;
    // (`| 并发 | TTFT (ms) |` over `| P8 |`, `| P64 |`: parallel levels, loads of runs; a
    // measured first column, `| Cache hit rate |` over `| 50% |`, is the runs' own.)
    if column(table.header.first()?).column != Column::Label {
        return None;
    }
    // Statistics as the tools print them: `Avg`, `P50`, `P99.9`; not `TP1` or a test `P2`.
    let stat_of = |r: &crate::markdown::TableRow| {
        let label = clean(r.cells.first()?).trim().to_lowercase();
        let pct = label.strip_prefix('p').filter(|n| ["1", "5", "10", "25", "50", "75", "90", "95", "99", "99.9", "99.99"].contains(n));
        (pct.is_some() || matches!(label.as_str(), "mean" | "avg" | "average" | "median" | "mdn" | "min" | "max" | "std" | "stdev")).then(|| stat_word(&label)).flatten()
    };
    let stats: Vec<String> = table.rows.iter().map(stat_of).collect::<Option<_>>()?;
    let distinct = stats.iter().enumerate().all(|(i, s)| !stats[..i].contains(s));
    let common = stats.iter().any(|s| matches!(s.as_str(), "mean" | "median" | "p50" | "p90" | "p95" | "p99"));
    if stats.len() < 2 || !distinct || !common || table.header.len() < 2 {
        return None;
    }
    // A cell's value in milliseconds: its own unit, else its column's.
    let ms = |k: usize, c: &Col, r: &crate::markdown::TableRow| match cell(r.cells.get(k).map_or("", String::as_str)) {
        Num::Number(n, Unit::Time(per)) => Some(n * per),
        Num::Number(n, _) => Some(n * if let Unit::Time(per) = c.unit { per } else { 1.0 }),
        _ => None,
    };
    // Each metric column once (in the first unit it is written in).
    let mut kept: Vec<(usize, Col)> = Vec::new();
    for (j, h) in table.header.iter().enumerate().skip(1) {
        let col = column(h);
        let Column::Measure(Measure::Latency { group, .. }) = &col.column else {
            return None;
        };
        match kept.iter_mut().find(|(_, c)| matches!(&c.column, Column::Measure(Measure::Latency { group: g, .. }) if g == group)) {
            Some(same) => {
                let agree = table.rows.iter().all(|r| match (ms(same.0, &same.1, r), ms(j, &col, r)) {
                    (Some(a), Some(b)) => rounded_alike(a, b) || rounded_alike(b, a),
                    _ => false,
                });
                if !agree {
                    return None;
                }
                // The more exact of the two (more digits written) is read.
                let digits = |k: usize| table.rows.iter().map(|r| r.cells.get(k).map_or(0, |c| c.bytes().filter(u8::is_ascii_digit).count())).sum::<usize>();
                if digits(j) > digits(same.0) {
                    *same = (j, col);
                }
            }
            None => kept.push((j, col)),
        }
    }
    let cols: Vec<Vec<Col>> = kept
        .iter()
        .map(|(_, col)| {
            stats
                .iter()
                .map(|stat| {
                    let mut c = col.clone();
                    if let Column::Measure(Measure::Latency { group, .. }) = &col.column {
                        c.column = Column::Measure(Measure::Latency { group, stat: stat.clone() });
                    }
                    c
                })
                .collect()
        })
        .collect();
    let mut entries = Vec::new();
    for ((j, _), col_stats) in kept.iter().zip(&cols) {
        for (row, col) in table.rows.iter().zip(col_stats) {
            entries.push(Entry { col, head_line: table.line, text: row.cells.get(*j).map_or("", String::as_str), line: row.line });
        }
    }
    let end = table.rows.last().map_or(table.line, |r| r.line);
    build(input, &entries, table.line, end, sink, notice)
}

fn read(inputs: &[TableInput<'_>], sink: &mut Sink) -> Vec<Run> {
    let inputs: Vec<TableInput<'_>> = inputs.iter().filter(|i| !progress_samples(i.table)).copied().collect();
    let mut notice = Notice::default();
    let mut runs = Vec::new();
    // Statistics as rows: one run a table; the other tables read on.
    let mut rest: Vec<TableInput<'_>> = Vec::with_capacity(inputs.len());
    for input in inputs {
        match stats_as_rows(&input, sink, &mut notice) {
            Some(run) => runs.push(run),
            None => rest.push(input),
        }
    }
    let inputs = rest.as_slice();
    // Metric rows over load columns, a configuration to each group of rows: a table of runs as
    // columns per configuration.
    let by_load: Vec<Option<Vec<crate::markdown::Table>>> = inputs.iter().map(|i| metric_rows_by_load(i.table).or_else(|| keyed_metric_rows(i.table))).collect();
    for (input, tables) in inputs.iter().zip(&by_load) {
        for table in tables.iter().flatten() {
            let end = table.rows.last().map_or(table.line, |r| r.line);
            runs.extend(runs_of_columns(&TableInput { table, ..*input }, end, input.table.line, sink, &mut notice));
        }
    }
    let inputs: Vec<TableInput<'_>> = inputs.iter().zip(&by_load).filter(|(_, t)| t.is_none()).map(|(i, _)| *i).collect();
    // Cross tables (`| 服务 \ 吞吐(tokens/s) \ 并发 | 1 | 2 | 4 |`) read as the metric over
    // each load they are.
    let crossed: Vec<Option<crate::markdown::Table>> =
        inputs.iter().map(|i| crosstab(i.table).or_else(|| group_rows(i.table, i.names)).or_else(|| one_metric_by_setting(i.table))).collect();
    let inputs: Vec<TableInput<'_>> = inputs.iter().zip(&crossed).map(|(i, c)| TableInput { table: c.as_ref().unwrap_or(i.table), ..*i }).collect();
    let prepared: Vec<Prepared<'_>> = inputs.iter().map(prepare).collect();
    let mut i = 0;
    while i < prepared.len() {
        let mut end = i + 1;
        while end < prepared.len() && joins(&prepared[i..end], &prepared[end], sink) {
            end += 1;
        }
        let group = &prepared[i..end];
        let before = runs.len();
        let said = sink.findings.len();
        if group.len() > 1 {
            runs.extend(read_joined(group, sink, &mut notice));
        } else {
            runs.extend(read_one(&group[0], sink, &mut notice));
        }
        for p in group.iter().filter(|p| !p.eval) {
            report_duplicates(p, &runs[before..], sink);
        }
        if runs.len() == before && sink.findings.len() == said {
            for p in group.iter().filter(|p| !p.eval) {
                not_read(p.input.table, p.input.headings, sink);
            }
        }
        i = end;
    }
    report(&notice, sink);
    runs
}

/// `|  | Batch Size | ND H200 V5 |` over rows of one metric (`| Tokens per second | 16 | 647.78
/// |`, `| Tokens per second | 32 | 861.77 |`): a run per row, at its setting, named by the
/// column that holds the numbers (as a first column, `| ND H200 V5 | 16 | 647.78 |`, whose GPU is
/// the row's). `None` for any other table.
fn one_metric_by_setting(table: &crate::markdown::Table) -> Option<crate::markdown::Table> {
    use crate::markdown::{Table, TableRow};
    let header = &table.header;
    let corner = clean(header.first()?).trim().to_lowercase();
    if !(corner.is_empty() || METRIC_COLUMN.contains(&corner.as_str())) || table.rows.is_empty() {
        return None;
    }
    let metric = clean(table.rows[0].cells.first()?).trim().to_string();
    if !is_result(&column(&metric)) || !table.rows.iter().all(|r| r.cells.first().is_some_and(|c| clean(c).trim() == metric)) {
        return None;
    }
    let (settings, values): (Vec<usize>, Vec<usize>) = (1..header.len()).partition(|&j| names_setting(&header[j]));
    let [value] = values.as_slice() else { return None };
    if settings.is_empty() {
        return None;
    }
    let mut head = vec!["Config".to_string()];
    head.extend(settings.iter().map(|&j| header[j].clone()));
    head.push(metric);
    let rows = table
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![clean(&header[*value]).trim().to_string()];
            cells.extend(settings.iter().map(|&j| r.cells.get(j).cloned().unwrap_or_default()));
            cells.push(r.cells.get(*value).cloned().unwrap_or_default());
            TableRow { line: r.line, cells, cell_lines: Vec::new() }
        })
        .collect();
    Some(Table { line: table.line, header: head, rows, intro: table.intro.clone() })
}

/// Whether a header names a setting of the run (`Batch Size`, `GPU`, `Concurrency`), not a
/// measurement or a run.
fn names_setting(header: &str) -> bool {
    matches!(column(header).column, Column::Context(_))
}

/// NVIDIA NIM's benchmark tables: `| Model | Dtype | GPUs | Input/Output sequence length |
/// Concurrency | 1 | 2 | 4 | … |` over a row per metric of each configuration (`|
/// meta/llama3-8b-instruct | fp16 | 1xA10 | 200/114 | Token-per-second | 33.59 | … |`, then `|  |
/// |  |  | Time-to-first-token(sec) | 0.1 | … |`). Each configuration becomes a table of its own,
/// runs as columns named by their load (`| Metric | 1 Concurrency | 2 Concurrency | … |`, read by
/// [`runs_of_columns`]): its settings as rows every column shares, from its first row's line
/// (a GPU count written with its GPU, `1xA10`, under a `GPUs` header, named as the GPU), each
/// metric's row from its own line. `None` for any other table.
fn metric_rows_by_load(table: &crate::markdown::Table) -> Option<Vec<crate::markdown::Table>> {
    use crate::markdown::{Table, TableRow};
    let header = &table.header;
    let k = header.iter().position(|h| LOAD_WORDS.contains(&clean(h).trim().to_lowercase().as_str())).filter(|&k| k > 0)?;
    let loads: Vec<String> = header[k + 1..].iter().map(|h| clean(h).trim().to_string()).collect();
    if loads.len() < 2 || !loads.iter().all(|l| l.parse::<u64>().is_ok()) {
        return None;
    }
    // The metric a row names (`Token-per-second`).
    let metric = |r: &TableRow| r.cells.get(k).map(|c| clean(c)).filter(|m| matches!(column(m).column, Column::Measure(_)));
    let starts = |r: &TableRow| r.cells[..k.min(r.cells.len())].iter().any(|c| !c.trim().is_empty());
    if table.rows.is_empty() || !starts(&table.rows[0]) || !table.rows.iter().all(|r| metric(r).is_some()) {
        return None;
    }
    let load_word = clean(&header[k]).trim().to_string();
    let mut groups: Vec<Vec<&TableRow>> = Vec::new();
    for row in &table.rows {
        match groups.last_mut() {
            Some(group) if !starts(row) => group.push(row),
            _ => groups.push(vec![row]),
        }
    }
    let tables = groups.into_iter().map(|group| {
        let first = group[0];
        let mut head = vec!["Metric".to_string()];
        head.extend(loads.iter().map(|l| format!("{l} {load_word}")));
        let mut rows = Vec::new();
        for (c, name) in header[..k].iter().enumerate() {
            let value = first.cells.get(c).map_or("", |v| v.trim());
            let name = clean(name);
            if value.is_empty() || name.trim().is_empty() {
                continue;
            }
            let named_gpu = context_of(&name.to_lowercase()) == Some(Ctx::GpuCount) && context::gpu_in(value).is_some();
            let mut cells = vec![if named_gpu { "GPU".to_string() } else { name }];
            cells.extend(std::iter::repeat_n(value.to_string(), loads.len()));
            rows.push(TableRow { line: first.line, cells, cell_lines: Vec::new() });
        }
        for row in group {
            let mut cells = vec![metric(row).unwrap_or_default()];
            cells.extend((0..loads.len()).map(|j| row.cells.get(k + 1 + j).cloned().unwrap_or_default()));
            rows.push(TableRow { line: row.line, cells, cell_lines: Vec::new() });
        }
        Table { line: first.line, header: head, rows, intro: None }
    });
    Some(tables.collect())
}

/// `| Probe | Metric | M2 Max | 3090 ×1 |` over `| P2 — 5870-tok prompt | pre-fill tok/s | … |`,
/// `| P2 | TTFT (ms) | … |`: metric rows under a key column (a test, a workload), runs as the
/// columns after the metric's. Each key's rows (the key repeated, cut short — `P2` for `P2 —
/// 5870-tok prompt` — or left blank) are a table of runs as columns, the key a row of its own
/// (a note of each run).
fn keyed_metric_rows(table: &crate::markdown::Table) -> Option<Vec<crate::markdown::Table>> {
    use crate::markdown::{Table, TableRow};
    let header = &table.header;
    let k = header.iter().position(|h| METRIC_COLUMN.contains(&fields::normalise(&clean(h)).as_str())).filter(|&k| k > 0)?;
    let runs = header.len().checked_sub(k + 1).filter(|&n| n >= 1)?;
    // `| workload | point | metric | avg | p50 (median) | p99 |`: the columns after the metric's
    // are its statistics, not runs.
    if header[k + 1..].iter().any(|h| stat_word(&clean(h).to_lowercase()).is_some() || is_bare_stat(h)) {
        return None;
    }
    let metric = |r: &TableRow| r.cells.get(k).map(|c| clean(c)).filter(|m| matches!(column(m).column, Column::Measure(_)));
    if table.rows.len() < 2 || table.rows.iter().filter(|r| metric(r).is_some()).count() * 2 < table.rows.len() {
        return None;
    }
    // A summary of other tables' runs (`| **14B** | Max Throughput | … |` over `| **14B** | E2E
    // P50 (c=2) | … |`: the best of a sweep beside one load of it) joins no run's metrics.
    let summary = |r: &TableRow| {
        let name = r.cells.get(k).map(|c| clean(c).to_lowercase()).unwrap_or_default();
        ["max ", "peak ", "best ", "min "].iter().any(|w| name.starts_with(w)) || best_of(&name)
            || name.split(['(', ')']).nth(1).is_some_and(|b| context::concurrency_stated(b).is_some())
    };
    if table.rows.iter().any(summary) {
        return None;
    }
    // `| Model | Metric | Value | Unit |`: a run per key, the unit column no run's.
    let unit_column = |h: &String| matches!(clean(h).trim().to_lowercase().as_str(), "unit" | "units" | "单位");
    // One key written again, whole or cut short before a dash, colon or bracket (`P2` for `P2 —
    // 5870-tok prompt`); `Llama 3.1 8B` and `Llama 3.1 70B` are two.
    let same = |a: &str, b: &str| {
        let (a, b) = (clean(a), clean(b));
        let (short, long) = if a.len() <= b.len() { (a.trim(), b.trim()) } else { (b.trim(), a.trim()) };
        short == long || long.strip_prefix(short).is_some_and(|rest| rest.trim_start().starts_with(['—', '–', '-', ':', '：', '(', '（']) && rest.starts_with(char::is_whitespace))
    };
    let key_of = |r: &TableRow| r.cells[..k].iter().map(|c| c.trim()).collect::<Vec<_>>().join(" ");
    let mut groups: Vec<(String, Vec<&TableRow>)> = Vec::new();
    for row in &table.rows {
        let key = key_of(row);
        match groups.last_mut() {
            Some((first, rows)) if key.trim().is_empty() || same(&key, first) => rows.push(row),
            _ => groups.push((key, vec![row])),
        }
    }
    if groups.len() < 2 || groups.iter().any(|(key, _)| clean(key).trim().is_empty()) {
        return None;
    }
    let name = header[..k].iter().map(|h| clean(h)).collect::<Vec<_>>().join(" ");
    // `| QPS | Metric | … |` over `| 1 | Tput | 0.997964 |`: a key shared by a group of metric
    // rows is what the runs were given, not what they measured: the request rate sent (each
    // group's own throughput is among its rows).
    let name = if matches!(column(&name).column, Column::Measure(Measure::Requests)) { "Request rate".to_string() } else { name };
    let tables = groups.into_iter().map(|(key, rows)| {
        let mut head = vec!["Metric".to_string()];
        head.extend(header[k + 1..].iter().cloned());
        let keys = header[k + 1..].iter().map(|h| if unit_column(h) { String::new() } else { key.clone() });
        let mut out = vec![TableRow { line: rows[0].line, cells: std::iter::once(name.clone()).chain(keys).collect(), cell_lines: Vec::new() }];
        for row in rows {
            let mut cells = vec![row.cells.get(k).cloned().unwrap_or_default()];
            cells.extend((0..runs).map(|j| row.cells.get(k + 1 + j).cloned().unwrap_or_default()));
            out.push(TableRow { line: row.line, cells, cell_lines: Vec::new() });
        }
        Table { line: out[0].line, header: head, rows: out, intro: None }
    });
    Some(tables.collect())
}

/// Rows averaging the rows above them (`| AVG | 29374 | 10.97 | …` under rounds 1–3, `| 平均 |`):
/// a summary of runs, not one; left out of the table with an info finding, so its numbers
/// are not read as another run's. Rows of ratios between the rows around them (`| Speed-up
/// |`, `| 提升 |`) are left out too. Not in a table of statistics as rows (`| Mean |`, `| P99 |`),
/// where the row is the mean of one run's requests.
pub(crate) fn aggregate_rows(table: &mut crate::markdown::Table, sink: &mut Sink) {
    // Each row's name, read once.
    let mut names: Vec<String> = table.rows.iter().map(|r| clean(r.cells.first().map_or("", String::as_str)).trim().to_lowercase()).collect();
    // The rows (and their names) whose name `gone` takes, left out.
    fn remove(table: &mut crate::markdown::Table, names: &mut Vec<String>, gone: impl Fn(&str) -> bool) {
        let mut keep = names.iter().map(|n| !gone(n));
        table.rows.retain(|_| keep.next().unwrap_or(true));
        names.retain(|n| !gone(n));
    }
    // `| Speed-up |   |   | 2.03 | 1.63 |` between the rows it compares: a ratio of runs, none.
    let comparison = |n: &str| n.split_whitespace().count() <= 2 && compares(&n.replace('-', ""));
    if names.len() > 2 && names.iter().any(|n| comparison(n)) && !names.iter().all(|n| comparison(n)) {
        remove(table, &mut names, comparison);
    }
    // (`Three-run mean`, `Average of 3 runs`, `3次平均` too.)
    let over_runs = |n: &str| {
        (n.contains("mean") || n.contains("average") || n.contains("平均")) && ["run", "round", "trial", "轮", "次", "回"].iter().any(|w| n.contains(w))
    };
    let aggregate = |n: &str| matches!(n, "avg" | "avg." | "average" | "mean" | "平均" | "平均值" | "均值" | "平均値") || (n.split_whitespace().count() <= 4 && over_runs(n));
    let others: Vec<&String> = names.iter().filter(|n| !aggregate(n)).collect();
    if others.len() == names.len() || others.len() < 2 || others.iter().any(|n| stat_word(n).is_some() || stat_in(n).is_some() || n.contains("percentile")) {
        return;
    }
    for (row, _) in table.rows.iter().zip(&names).filter(|(_, n)| aggregate(n)) {
        let written = clean(row.cells.first().map_or("", String::as_str));
        sink.info(
            "aggregate-row",
            row.line,
            format!("this table row averages the rows above it (`{}`); it is a summary of those runs, not a run of its own, and is not read as one.", written.trim()),
        );
    }
    remove(table, &mut names, aggregate);
}

/// A table that gave no run and no finding but looks like results (a measured number under
/// a metric header or beside a metric label, `unread::table_results_row`): a
/// `table-not-read` warning naming the row, so a table lost beside a file's other runs is
/// not lost in silence.
fn not_read(table: &crate::markdown::Table, headings: &[&str], sink: &mut Sink) {
    // A table of comparisons only (`| Metric | t-statistic | p-value | Effect Size |`): numbers
    // about the results, none of them a result.
    if table.header.len() > 1 && table.header.iter().skip(1).all(|h| compares(&clean(h))) {
        return;
    }
    // Result columns of nothing but `-` (a report's rows of runs not done yet, the setup's
    // numbers filled in): no result is there to lose.
    let results: Vec<usize> = table.header.iter().enumerate().filter(|(_, h)| is_result(&column(h))).map(|(j, _)| j).collect();
    let empty = |c: Option<&String>| c.is_none_or(|c| matches!(cell(c), Num::Absent));
    if !results.is_empty() && table.rows.iter().all(|r| results.iter().all(|&j| empty(r.cells.get(j)))) {
        return;
    }
    // A glossary (`| **12 Mean TTFT** | **Prefill 节点** | 从发请求 → 收到第1个token… |`): no
    // number of two digits or more beside the rows' names, nothing to lose.
    let measured = |c: &String| c.as_bytes().windows(2).any(|w| w[0].is_ascii_digit() && (w[1].is_ascii_digit() || w[1] == b'.'));
    if !table.rows.iter().any(|r| r.cells.iter().skip(1).any(measured)) {
        return;
    }
    let rows = table.rows.iter().map(|r| (r.line, r.cells.as_slice()));
    // Under a heading naming a metric (`### Time to First Token` over `| Concurrency | vLLM
    // P50 | SGLang P50 |`; `## Throughput Measurements` over `#### Llama 4 Scout` over
    // GPU columns), a row of numbers is a measurement too: with units under the table's own
    // heading, two numbers or more under an enclosing one.
    let quote = |r: &crate::markdown::TableRow| (r.line, format!("| {} |", r.cells.join(" | ").replace('\n', " ")).chars().take(120).collect::<String>());
    let names_metric = |h: &str| names_a_metric(h) || heading_metric(h).is_some();
    let measured_under_heading = || {
        let own = headings.first().is_some_and(|h| names_metric(h));
        let enclosing = headings.iter().skip(1).any(|h| names_metric(h));
        let with_unit = |c: &String| matches!(cell(c), Num::Number(_, u) if u != Unit::None && u != Unit::Other);
        let number = |c: &String| matches!(cell(c), Num::Number(_, u) if u != Unit::Other);
        let row = table.rows.iter().find(|r| {
            (own && r.cells.iter().skip(1).any(with_unit)) || (enclosing && r.cells.iter().skip(1).filter(|c| number(c)).count() >= 2)
        });
        row.map(quote)
    };
    // A grid of number pairs (`1517.54/42.85` in every filled cell, a "throughput/latency"
    // the prose explains): two measurements a cell, whatever the headers say.
    let pairs = || {
        let pair = |c: &str| c.trim().split_once('/').is_some_and(|(a, b)| plain_number(a).is_some() && plain_number(b).is_some());
        let filled: Vec<&String> = table.rows.iter().flat_map(|r| r.cells.iter().skip(1)).filter(|c| !is_absent(&c.trim().to_lowercase())).collect();
        let all_pairs = filled.len() >= 4 && filled.iter().all(|c| pair(c));
        table.rows.iter().find(|r| r.cells.iter().skip(1).any(|c| pair(c))).filter(|_| all_pairs).map(quote)
    };
    let Some((line, quoted)) = crate::unread::table_results_row(&table.header, rows).or_else(measured_under_heading).or_else(pairs) else { return };
    sink.warn(
        "table-not-read",
        line,
        format!(
            "this table looks like benchmark results (`{quoted}`) but its layout was not understood, so none of its numbers \
             appear in the results. Please send a sample of the page so its layout can be read."
        ),
    )
    .value("line_text", quoted);
}

fn prepare<'t>(input: &'t TableInput<'t>) -> Prepared<'t> {
    let table = input.table;
    // LMDeploy's `--csv` header pasted as a table: its columns are named by that script.
    let lmdeploy = super::lmdeploy_profile_csv::is_header(&table.header);
    let column = |h: &String| if lmdeploy { column(&super::lmdeploy_profile_csv::label_of(h)) } else { column(h) };
    let mut cols: Vec<Col> = table.header.iter().map(column).collect();
    // `Throughput, output tok/s:` right above the table, a line introducing it, names what
    // its cells measure, as a heading would (and nearer).
    let intro = table.intro.as_deref().and_then(|t| t.strip_suffix([':', '：'])).map(str::trim).filter(|t| names_a_metric(t));
    let heading = intro.unwrap_or(input.heading);
    // `### 2.1 TTFT` over `Mean (s) | Median (s) | P95 (s)`: the heading names the metric
    // of the columns that name only a statistic.
    if let Some(metric) = heading_metric(heading) {
        for c in cols.iter_mut().filter(|c| c.column == Column::Label && c.throughput_stat.is_none() && is_bare_stat(&c.raw)) {
            let named = self::column(&format!("{metric} {}", c.raw));
            if matches!(named.column, Column::Measure(Measure::Latency { .. })) {
                *c = named;
            }
        }
    }
    // `Mean | Median | P95 (tokens/s)`: beside the other statistics, the mean is one more
    // statistic of the requests' rates, not the run's throughput.
    if cols.iter().any(|c| c.throughput_stat.as_deref().is_some_and(|s| s != "mean")) {
        for c in cols.iter_mut().filter(|c| c.throughput_stat.as_deref() == Some("mean")) {
            c.column = Column::Label;
        }
    }
    elided_metric(table, &mut cols);
    rates_not_throughputs(table, &mut cols);
    totals_not_lengths(table, &mut cols);
    peak_at_best_load(&mut cols);
    aggregate_alone(&mut cols);
    unqualified_beside_output(&mut cols);
    percentile_levels(table, &mut cols);
    batch_beside_concurrency(&mut cols);
    phase_columns(heading, &mut cols);
    units_carried_down(table, &mut cols);
    let (load_of, loads) = load_columns(&table.header);
    for &(i, _) in &load_of {
        if let Some((metric, _)) = metric_over_load(&table.header[i]) {
            cols[i] = self::column(&metric);
        }
    }
    let engines = match engine_columns(&table.header, &cols, heading, input.names) {
        Some((metric, engines)) => {
            for (i, _, _) in &engines {
                if let Some(metric) = &metric {
                    cols[*i] = metric.clone();
                }
            }
            engines
        }
        None => Vec::new(),
    };
    // Engine columns hold one metric each by design (a run per engine), load columns one per
    // load: no duplicates.
    let (load_of, loads) = match engines.is_empty() && load_of.is_empty() {
        true => variant_columns(&table.header, &cols, input.names),
        false => (load_of, loads),
    };
    let (labelled, cell_cols) = match engines.is_empty() && load_of.is_empty() && !cols.iter().any(is_result) {
        true => labelled_cells(table),
        false => (Vec::new(), Vec::new()),
    };
    let duplicates = if engines.is_empty() && load_of.is_empty() { set_apart_duplicates(&mut cols) } else { Vec::new() };
    let eval = cols.iter().any(|c| c.column == Column::Eval);
    Prepared { input, cols, duplicates, eval, keys: std::cell::OnceCell::new(), engines, load_of, loads, labelled, cell_cols }
}

/// The columns every table's engine and load runs are given, classified once, not per table.
static FRAMEWORK: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("framework"));
static CONCURRENCY: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("concurrency"));
static GPU: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("gpu"));
static MODEL: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("model"));
static PRECISION: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("precision"));
/// A runs-as-columns table's column name that names no engine, GPU or precision: a note
/// (`column: Baseline`) whose TP or rate, if it states one, is the run's (as a test name's).
static COLUMN_NAME: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| Col {
    raw: "column".into(),
    column: Column::Context(Ctx::TestName),
    unit: Unit::None,
    key: "column".into(),
    throughput_stat: None,
});
static TP: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("tp"));
static GPU_COUNT: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("gpus"));
static RATE: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("request rate"));
static NUM_PROMPTS: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("num prompts"));
static LOAD: std::sync::LazyLock<Col> = std::sync::LazyLock::new(|| column("load"));

/// The words that say a number is a load (`8並列`, `8 并发`, `c=8`, `8 users`).
/// (`500 高并发`, `10 低并发`: a concurrency said high or low.)
const LOAD_WORDS: [&str; 15] = ["並列", "並行", "并发", "并行", "高并发", "低并发", "concurrency", "concurrent", "conc", "c", "users", "user", "clients", "bsz", "bs"];

/// What names one load's or variant's run: the cells it is given (column, text).
type Given = Vec<(&'static Col, String)>;

/// Columns of loads or variants: each column with its load's index, and what each load gives.
type Grouped = (Vec<(usize, usize)>, Vec<Given>);

/// Columns whose header stacks a metric over a load (`TTFT<br>1並列 | TTFT<br>8並列`): the
/// metric part names a measurement, the load part one number and a load word. Read only
/// when at least two loads are named (else the stack is a header's line break, as in
/// `TTFT<br>(ms)`). Returns each such column with its load's index, and the loads.
/// A cross table: its first header cell names the rows' dimension, the metric and the
/// columns' load apart with backslashes (`服务 \ 吞吐(tokens/s) \ 并发`, `Engine \ Throughput
/// (tok/s) \ Concurrency`) over columns each named by a number (`1`, `2`, `4`). The same
/// table with each column named as the metric over its load (`吞吐(tokens/s)` over `1 并发`,
/// as [`load_columns`] reads them) and the first named by the rows' dimension; `None` for any
/// other table. A row comparing the others (`同比`) is left out.
fn crosstab(table: &crate::markdown::Table) -> Option<crate::markdown::Table> {
    let corner = table.header.first()?;
    let parts: Vec<&str> = corner.split('\\').map(str::trim).filter(|p| !p.is_empty()).collect();
    let [rows_by, metric, load] = parts.as_slice() else { return None };
    let load_word = clean(load).to_lowercase();
    let load_word = load_word.trim();
    if !LOAD_WORDS.contains(&load_word) || !matches!(column(metric).column, Column::Measure(_)) || table.header.len() < 3 {
        return None;
    }
    let loads: Vec<u64> = table.header[1..].iter().map(|h| clean(h).trim().parse::<u64>().ok()).collect::<Option<_>>()?;
    let mut header = vec![rows_by.to_string()];
    header.extend(loads.iter().map(|n| format!("{metric}\n{n} {load_word}")));
    let rows = table.rows.iter().filter(|r| !r.cells.first().is_some_and(|c| compares(&clean(c)))).cloned().collect();
    Some(crate::markdown::Table { line: table.line, header, rows, intro: table.intro.clone() })
}

/// A table whose rows are grouped under rows naming a GPU in their first cell alone (`| **H100**
/// |` over its rows, `| **A100** |` over the next): the same table with a `GPU` column giving
/// each row its group's; the group rows, and the rows under a group of ratios (`| **Speedup**
/// |`), are left out. `None` for any other table.
fn group_rows(table: &crate::markdown::Table, names: &crate::names::Names) -> Option<crate::markdown::Table> {
    let label = |r: &crate::markdown::TableRow| {
        let first = clean(r.cells.first()?);
        (!first.trim().is_empty() && r.cells[1..].iter().all(|c| clean(c).trim().is_empty())).then_some(first)
    };
    let gpu_of = |t: &str| context::gpu_in(t).map(|(g, _)| g).or_else(|| names.known_gpu(t.trim()));
    if !table.rows.iter().any(|r| label(r).is_some_and(|l| gpu_of(&l).is_some())) {
        return None;
    }
    // The group's GPU; `None` under a group of ratios (left out), `Some("")` under any other.
    let mut group: Option<String> = Some(String::new());
    let mut rows = Vec::new();
    for row in &table.rows {
        if let Some(l) = label(row) {
            group = if compares(&l) { None } else { Some(gpu_of(&l).unwrap_or_default()) };
            continue;
        }
        if let Some(gpu) = &group {
            let mut cells = row.cells.clone();
            cells.resize(table.header.len(), String::new());
            cells.push(gpu.clone());
            rows.push(crate::markdown::TableRow { line: row.line, cells, cell_lines: Vec::new() });
        }
    }
    let mut header = table.header.clone();
    header.push("GPU".to_string());
    Some(crate::markdown::Table { line: table.line, header, rows, intro: table.intro.clone() })
}

/// A header of a metric over a load: two lines (`Throughput\nC=4`), or `TPS@4`, `QPS @ 16`
/// (the metric at that many requests at once).
fn metric_over_load(h: &str) -> Option<(String, String)> {
    if !h.contains('\n') {
        let (metric, n) = h.split_once('@')?;
        let n = n.trim();
        return (!metric.trim().is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then(|| (clean(metric), format!("c{n}")));
    }
    let mut parts = h.split('\n').map(clean).filter(|p| !p.is_empty());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(metric), Some(load), None) => Some((metric, load)),
        _ => None,
    }
}

fn load_columns(header: &[String]) -> Grouped {
    let mut load_of = Vec::new();
    let mut loads: Vec<String> = Vec::new();
    for (i, h) in header.iter().enumerate() {
        let Some((metric, load)) = metric_over_load(h) else { continue };
        if !matches!(column(&metric).column, Column::Measure(_)) {
            continue;
        }
        let digits: String = load.chars().filter(char::is_ascii_digit).collect();
        let word: String = load.chars().filter(|c| !c.is_ascii_digit()).collect::<String>().to_lowercase();
        let word = word.trim_matches(|c: char| c.is_whitespace() || matches!(c, '=' | ':'));
        let one_number = !digits.is_empty() && load.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).count() == 1;
        if !one_number || !LOAD_WORDS.contains(&word) {
            continue;
        }
        let k = loads.iter().position(|l| *l == digits).unwrap_or_else(|| {
            loads.push(digits.clone());
            loads.len() - 1
        });
        load_of.push((i, k));
    }
    if loads.len() < 2 {
        return (Vec::new(), Vec::new());
    }
    (load_of, loads.into_iter().map(|n| vec![(&*CONCURRENCY, n)]).collect())
}

/// `| Concurrency | vLLM V0 TTFT(s) | vLLM V1 TTFT(s) | sglang TTFT(s) |`, `| TTFT vLLM (p50)
/// | TTFT TGI (p50) | TPOT vLLM | TPOT TGI |`, `| 基线 TTFT | 最终 TTFT | 基线吞吐 | 最终吞吐 |`:
/// result columns that would fill the same field, told apart by what their headers do not
/// share (the words before or after the metric). Each such name is a run of the row, with
/// its own columns (any column whose header holds the name as a word) and what the name
/// says: its engine, GPU or precision ([`named_by`]), and the name itself as a note. Read
/// only when every result column belongs to one name and the names are engines, GPUs or
/// precisions or recur over two or more metrics (`Early TTFT | clean4 TTFT` names nothing
/// this reader can tell apart: [`set_apart_duplicates`]). Returns each column with its
/// name's index, and what each name gives its run.
fn variant_columns(header: &[String], cols: &[Col], names: &crate::names::Names) -> Grouped {
    let none = || (Vec::new(), Vec::new());
    if cols.iter().any(|c| c.column == Column::Eval || (is_result(c) && c.throughput_stat.is_some())) {
        return none();
    }
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    // The names each metric's columns are told apart by.
    let mut named_together: Vec<Vec<String>> = Vec::new();
    for i in (0..cols.len()).filter(|&i| is_result(&cols[i])) {
        let Some(field) = measured(&cols[i]) else { return none() };
        match groups.iter_mut().find(|(f, _)| *f == field) {
            Some((_, members)) => members.push(i),
            None => groups.push((field, vec![i])),
        }
    }
    let headers: Vec<String> = header.iter().map(|h| clean(h)).collect();
    let mut variants: Vec<String> = Vec::new();
    let mut repeated = 0;
    for (_, members) in groups.iter().filter(|(_, m)| m.len() > 1) {
        let texts: Vec<&str> = members.iter().map(|&i| headers[i].as_str()).collect();
        let Some(names) = told_apart(&texts) else { return none() };
        named_together.push(names.clone());
        repeated += usize::from(names.iter().all(|n| variants.contains(n)));
        for n in names {
            if !variants.contains(&n) {
                variants.push(n);
            }
        }
    }
    // `2x H100 (TP=2) Output Tok/s` beside `2x H100 Median TTFT (ms)`: one variant, written
    // out in full over some columns. Each is matched by its shortest form and named by its
    // fullest.
    let mut full: Vec<String> = variants.clone();
    let mut k = 0;
    while k < variants.len() {
        // (`vLLM TTFT | vLLM V1 TTFT`: two names of one metric's columns are two variants.)
        let apart = |a: &str, b: &str| named_together.iter().any(|n| n.iter().any(|x| x == a) && n.iter().any(|x| x == b));
        match (0..variants.len()).find(|&j| j != k && variants[k].starts_with(&variants[j]) && names_variant(&variants[k], &variants[j]) && !apart(&variants[k], &variants[j])) {
            Some(j) => {
                if full[j].len() < full[k].len() {
                    full[j] = full[k].clone();
                }
                repeated += 1;
                variants.remove(k);
                full.remove(k);
            }
            None => k += 1,
        }
    }
    if variants.len() < 2 {
        return none();
    }
    let named = |v: &str| named_in(v, names).map(|(c, part)| (c, part.to_string()));
    if repeated == 0 && !variants.iter().all(|v| named(v).is_some()) {
        return none();
    }
    // Every column naming one variant is that variant's; every result column must be one's.
    let mut of = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        let mine: Vec<usize> = (0..variants.len()).filter(|&k| names_variant(h, &variants[k])).collect();
        match mine.as_slice() {
            [k] => of.push((i, *k)),
            _ if is_result(&cols[i]) => return none(),
            _ => {}
        }
    }
    // `2x H100` beside `1x G4`: variants of hardware; one the name table does not know is
    // still named by its words (not given the GPU a heading names for the other).
    let of_gpus = full.iter().any(|v| named(v).is_some_and(|(c, _)| std::ptr::eq(c, &*GPU)));
    let gives = full
        .iter()
        .map(|v| {
            let mut given = Vec::new();
            let (count, machine) = counted(v);
            match named(v) {
                Some((col, text)) => {
                    if let Some(precision) = precision_beside(col, v) {
                        given.push((&*PRECISION, precision.to_string()));
                    }
                    given.push((col, text));
                }
                None if of_gpus && !machine.is_empty() => given.push((&*GPU, machine.to_string())),
                None => {}
            }
            if let Some(n) = count.filter(|_| of_gpus) {
                given.push((&*GPU_COUNT, n.to_string()));
            }
            // `1x G4 (TP=1)`: its TP.
            if let Some(tp) = crate::context::tp_in(v) {
                given.push((&*TP, tp.to_string()));
            }
            given.push((&*COLUMN_NAME, v.clone()));
            given
        })
        .collect();
    (of, gives)
}

/// A variant's count of machines and their name: `2x H100 (TP=2)` → (2, `H100`), `G4` →
/// (none, `G4`); the name empty when it is more than one word.
fn counted(variant: &str) -> (Option<u32>, &str) {
    let v = variant.split(['(', '（']).next().unwrap_or(variant).trim();
    let (count, rest) = match v.split_once(['x', '×', 'X']) {
        Some((n, rest)) if !n.trim().is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()) => (n.trim().parse().ok(), rest.trim()),
        _ => (None, v),
    };
    (count, if rest.contains(char::is_whitespace) { "" } else { rest })
}

/// What tells apart headers measuring one thing (`vLLM V0 TTFT(s)`, `sglang TTFT(s)`): each
/// without the start and end all share, cut where a word or a CJK character ends (`基线吞吐`,
/// `最终吞吐` → `基线`, `最终`); `None` unless every one keeps a distinct, non-empty name.
fn told_apart(texts: &[&str]) -> Option<Vec<String>> {
    let chars: Vec<Vec<char>> = texts.iter().map(|t| t.chars().collect()).collect();
    let shortest = chars.iter().map(Vec::len).min()?;
    let cjk = |c: char| c as u32 >= 0x2E80;
    // A cut between `a` and `b` keeps words whole.
    let boundary = |a: Option<char>, b: Option<char>| match (a, b) {
        (None, _) | (_, None) => true,
        (Some(a), Some(b)) => a.is_whitespace() || b.is_whitespace() || matches!(b, '(' | '（') || matches!(a, ')' | '）') || (cjk(a) && cjk(b)),
    };
    // A header may share all of itself with the others (`TTFT (ms)` ends `Mean TTFT (ms)`):
    // no name is left for it, which `distinct` below refuses.
    let mut front = (0..shortest).take_while(|&n| chars.iter().all(|c| c[..=n] == chars[0][..=n])).count();
    while front > 0 && !chars.iter().all(|c| boundary(Some(c[front - 1]), c.get(front).copied())) {
        front -= 1;
    }
    let rest = shortest - front;
    let mut back = (0..rest).take_while(|&n| chars.iter().all(|c| c[c.len() - 1 - n] == chars[0][chars[0].len() - 1 - n])).count();
    // `back` may take all of the shortest header (`front` 0): the char before it is none.
    while back > 0 && !chars.iter().all(|c| boundary((c.len() - back).checked_sub(1).map(|j| c[j]), Some(c[c.len() - back]))) {
        back -= 1;
    }
    let names: Vec<String> = chars.iter().map(|c| c[front..c.len() - back].iter().collect::<String>().trim().to_string()).collect();
    let distinct = names.iter().enumerate().all(|(i, n)| !n.is_empty() && !names[..i].contains(n));
    (distinct && front + back > 0).then_some(names)
}

/// Whether `header` holds `name` as a whole word (`TTFT vLLM (p50)` with `vLLM`, `基线吞吐`
/// with `基线`).
fn names_variant(header: &str, name: &str) -> bool {
    let cjk = |c: char| c as u32 >= 0x2E80;
    let whole = |outside: Option<char>, inside: Option<char>| outside.is_none_or(|c| !c.is_alphanumeric() || (cjk(c) && inside.is_some_and(cjk)));
    header.match_indices(name).any(|(at, _)| {
        whole(header[..at].chars().next_back(), name.chars().next()) && whole(header[at + name.len()..].chars().next(), name.chars().next_back())
    })
}

/// The cells of load `k` of a row: the row's cells but the other loads' columns, and the
/// load as the run's concurrency, stated by the header.
fn load_entries<'t>(p: &'t Prepared<'t>, entries: &[Entry<'t>], k: usize) -> Vec<Entry<'t>> {
    let mut out: Vec<Entry<'t>> = entries
        .iter()
        .enumerate()
        .filter(|(i, _)| p.load_of.iter().find(|(c, _)| c == i).is_none_or(|&(_, l)| l == k))
        .map(|(_, e)| e.clone())
        .collect();
    let line = p.input.table.line;
    out.extend(p.loads[k].iter().map(|(col, text)| Entry { col, head_line: line, text: text.as_str(), line }));
    out
}

/// Columns that would fill the same field of the run (`Early TTFT | clean4 TTFT`: both the
/// mean TTFT) or the same extra key (two `mem(GB)`): a later one used to overwrite the
/// earlier. Nothing in a table says which is the run's (a header's other words, `Early`,
/// `clean4`, name runs or variants this reader cannot tell apart), so every column of such a
/// group becomes [`Column::Duplicate`], keyed by its own header, with its position when the
/// headers are the same. Columns told apart by their units or statistics are no group.
fn set_apart_duplicates(cols: &mut [Col]) -> Vec<Vec<usize>> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, c) in cols.iter().enumerate() {
        let field = match &c.column {
            // `Total tok/s/GPU` beside `Total tok/s`: kept under its header, no run's field.
            Column::Measure(_) if c.unit == Unit::PerGpu => Some(format!("extra:{}", c.key)),
            Column::Measure(_) => measured(c),
            Column::Label if c.throughput_stat.is_none() => Some(format!("extra:{}", c.key)),
            _ => None,
        };
        let Some(field) = field else { continue };
        match groups.iter_mut().find(|(f, _)| *f == field) {
            Some((_, members)) => members.push(i),
            None => groups.push((field, vec![i])),
        }
    }
    let groups: Vec<Vec<usize>> = groups.into_iter().map(|(_, m)| m).filter(|m| m.len() > 1).collect();
    for members in &groups {
        let same_header = members.iter().any(|&i| members.iter().any(|&j| j != i && cols[j].key == cols[i].key));
        for &i in members {
            let c = &mut cols[i];
            // Words only (a `Notes` column twice) stay notes: nothing is overwritten.
            if c.column == Column::Label {
                if same_header {
                    c.key = format!("{} (column {})", c.key, i + 1);
                }
                continue;
            }
            let result = is_result(c);
            c.column = Column::Duplicate { result };
            if same_header {
                c.key = format!("{} (column {})", c.key, i + 1);
            }
        }
    }
    groups
}

/// `| Batch Size | TensorRT-LLM | vLLM | Difference |` under `### Throughput (tokens/sec)`: a
/// table that measures nothing by its headers, whose columns named only by an engine, a GPU
/// or a precision ([`named_by`]: `| Model | H100 | A100 |`) hold the metric its heading names
/// (without its numbering). Also `| Batch Size | NVIDIA L4 (tok/s) | NVIDIA H100 (tok/s) |`:
/// two or more columns measuring one thing, each named by a GPU, engine or precision besides
/// its unit, and no other result column. The metric the heading names (`None`: each column's
/// own) and the columns with what names them, or `None` for any other table.
fn engine_columns(header: &[String], cols: &[Col], heading: &str, names: &crate::names::Names) -> Option<(Option<Col>, Vec<Named>)> {
    if cols.iter().any(|c| c.column == Column::Eval) {
        return None;
    }
    if cols.iter().any(is_result) {
        // The metric in each header: every result column one of the group, named besides it.
        let results: Vec<usize> = (0..cols.len()).filter(|&i| is_result(&cols[i])).collect();
        let metric = measured(&cols[results[0]]);
        if results.len() < 2 || results.iter().any(|&i| measured(&cols[i]) != metric || cols[i].throughput_stat.is_some()) {
            return None;
        }
        let named: Vec<Named> = results
            .iter()
            .filter_map(|&i| {
                let name = clean(&unbracketed(&header[i]));
                named_by(&name, names).map(|col| (i, col, name))
            })
            .collect();
        return (named.len() == results.len()).then_some((None, named));
    }
    // `| Metric | vLLM | SGLang | Improvement |` under `### Latency Reduction`: the rows name
    // their metrics (`P50 latency`, `P99 latency`), which the heading's must not replace.
    if header.first().is_some_and(|h| METRIC_COLUMN.contains(&fields::normalise(&clean(h)).as_str())) {
        return None;
    }
    let mut engines: Vec<Named> = header
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let name = clean(h);
            named_by(&name, names).map(|col| (i, col, name))
        })
        .collect();
    if engines.is_empty() {
        // `| Path | λ=8 | λ=16 | λ=24 |`: two or more columns named by a load alone.
        engines = header.iter().enumerate().filter_map(|(i, h)| load_named(&clean(h)).map(|(col, text)| (i, col, text))).collect();
        if engines.len() < 2 {
            return None;
        }
    }
    let h = heading.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | ' ' | '#'));
    // `Time to First Token (TTFT) in ms`: the unit after `in`, as a header writes it.
    let h = h.replace(" in ms", " (ms)").replace(" in s", " (s)");
    // `TTFT p95 (ms, mean ± std)`: the unit read without what the cells' `±` is; the heading
    // stays the column's name, which says what the spread is (`std`).
    let mut metric = column(&without_spread(&h));
    metric.raw = clean(&h);
    // `### Error rate % (mean ± std)` over the same columns: read beside the results.
    (is_result(&metric) || metric.column == Column::Measure(Measure::ErrorRate)).then_some((Some(metric), engines))
}

/// A heading's bracketed parts without the ones saying what a `±` is: `TTFT p95 (ms, mean ±
/// std)` → `TTFT p95 (ms)`, `Output tokens/s (mean ± std)` → `Output tokens/s`.
fn without_spread(heading: &str) -> String {
    if !heading.contains('±') {
        return heading.to_string();
    }
    let mut out = String::with_capacity(heading.len());
    let mut rest = heading;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            rest = &rest[open..];
            break;
        };
        let kept: Vec<&str> = rest[open + 1..close].split(',').map(str::trim).filter(|p| !p.contains('±') && !p.is_empty()).collect();
        if !kept.is_empty() {
            out.push('(');
            out.push_str(&kept.join(", "));
            out.push(')');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out.trim().to_string()
}

/// A column header that names a load and nothing else, and the column it fills: `c=8`, `8
/// users`, `conc 8` (the concurrency, `8`); `QPS=4`, `4 rps` (the request rate, `4`); `λ=8`,
/// an arrival rate whose unit the header does not state, kept as a note (`load: λ=8`).
fn load_named(name: &str) -> Option<(&'static Col, String)> {
    let lower = name.to_lowercase();
    let digits: Vec<&str> = lower.split(|c: char| !(c.is_ascii_digit() || c == '.')).filter(|p| !p.is_empty()).collect();
    let [number] = digits.as_slice() else { return None };
    let word: String = lower.chars().filter(|c| !(c.is_ascii_digit() || *c == '.')).collect();
    let word = word.trim_matches(|c: char| c.is_whitespace() || matches!(c, '=' | ':'));
    if LOAD_WORDS.contains(&word) {
        Some((&CONCURRENCY, (*number).to_string()))
    } else if matches!(word, "qps" | "rps" | "req/s") {
        Some((&RATE, (*number).to_string()))
    } else if word == "λ" {
        Some((&LOAD, name.to_string()))
    } else {
        None
    }
}

/// A concurrency or request rate a run's column name states and nothing else (`conc32`,
/// `Concurrency 16`, `QPS=4`: [`load_named`]), with the number as written in the name.
fn load_in_name(header: &str) -> Option<(&'static Col, &str)> {
    let name = clean(header);
    let (col, _) = load_named(&name).filter(|(col, _)| std::ptr::eq(*col, &*CONCURRENCY) || std::ptr::eq(*col, &*RATE))?;
    let start = header.find(|c: char| c.is_ascii_digit())?;
    let end = header[start..].find(|c: char| !(c.is_ascii_digit() || c == '.')).map_or(header.len(), |e| start + e);
    Some((col, &header[start..end]))
}

/// A header without its bracketed parts (`NVIDIA L4  (tok/s)` → `NVIDIA L4  `).
fn unbracketed(header: &str) -> String {
    let mut out = String::with_capacity(header.len());
    let mut depth = 0usize;
    for c in header.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// `RPS | Num prompts | Engine | Median TTFT`: a bare `RPS`/`QPS` column of whole numbers and
/// `inf` is the rate the client sent at, not a measured throughput (a measured rate has
/// decimals and is never infinite) when it says so by an `inf`, by standing beside another
/// request-throughput column, or by coming before every measurement, with the run's settings.
fn rates_not_throughputs(table: &crate::markdown::Table, cols: &mut [Col]) {
    let first_measure = |cols: &[Col], except: usize| cols.iter().enumerate().position(|(j, c)| j != except && matches!(c.column, Column::Measure(_)));
    for i in 0..cols.len() {
        if cols[i].column != Column::Measure(Measure::Requests) {
            continue;
        }
        let bare = matches!(squeeze_lower(&cols[i].raw).as_str(), "rps" | "qps") || rate_named(&cols[i].raw);
        if !bare {
            continue;
        }
        let cells: Vec<Num> = table.rows.iter().map(|r| cell(r.cells.get(i).map_or("", String::as_str))).filter(|n| *n != Num::Absent).collect();
        let whole = !cells.is_empty()
            && cells.iter().all(|n| matches!(n, Num::Inf) || matches!(n, Num::Number(v, Unit::None | Unit::RequestRate) if v.fract() == 0.0));
        if !whole {
            continue;
        }
        let inf = cells.contains(&Num::Inf);
        let other = cols.iter().enumerate().any(|(j, c)| j != i && c.column == Column::Measure(Measure::Requests));
        let before = first_measure(cols, i).is_none_or(|j| i < j);
        if inf || other || before {
            cols[i].column = Column::Context(Ctx::RequestRate);
        }
    }
}

/// `| 框架 | 峰值吞吐量 | 最佳Batch |`: the peak is the throughput of the best load's run, which
/// the row restates (its duplicate when the file holds that run), not vLLM's peak of one run.
fn peak_at_best_load(cols: &mut [Col]) {
    let best = cols.iter().any(|c| {
        let h = c.raw.to_lowercase();
        c.column == Column::Context(Ctx::MaxConcurrency) && ["best", "optimal", "最佳", "最优"].iter().any(|w| h.contains(w))
    });
    if best {
        for c in cols.iter_mut().filter(|c| c.column == Column::Measure(Measure::Peak)) {
            c.column = Column::Measure(Measure::Tokens(Kind::Output));
        }
    }
}

/// `| Batch Size | Output Tokens | Time (s) | Throughput (tokens/s) |` over `| 128 | 63,488 |
/// 83.13s | 763.73 |`: the tokens are the run's total (63,488 in 83.13 s is its 763.73 tok/s),
/// not a request's output length, and the time is the run's duration. Taken so only when
/// every row with all three numbers agrees within 1% (a per-request length over a batch's
/// time is far from its rate).
fn totals_not_lengths(table: &crate::markdown::Table, cols: &mut [Col]) {
    let find = |cols: &[Col], want: &dyn Fn(&Col) -> bool| cols.iter().position(want);
    let Some(tokens) = find(cols, &|c| matches!(c.column, Column::Context(Ctx::OutputLen | Ctx::InputLen)) || (c.column == Column::Label && squeeze_lower(&c.raw) == "tokens")) else { return };
    let timed = |c: &Col| {
        let h = squeeze_lower(&c.raw);
        (h == "time" || h.starts_with("time(") || h == "耗时" || h.starts_with("耗时(")) && matches!(c.column, Column::Label | Column::Measure(Measure::Duration | Measure::Latency { .. }))
    };
    let Some(time) = find(cols, &timed) else { return };
    let Some(rate) = find(cols, &|c| matches!(c.column, Column::Measure(Measure::Tokens(_) | Measure::Throughput(_)))) else { return };
    let Column::Measure(Measure::Tokens(kind) | Measure::Throughput(kind)) = cols[rate].column else { return };
    let is_input = cols[tokens].column == Column::Context(Ctx::InputLen);
    if is_input != (kind == Kind::Input) {
        return;
    }
    // The header's unit, else the cell's, else seconds.
    let header_unit = match cols[time].unit {
        Unit::Time(ms) => Some(ms),
        _ => None,
    };
    let seconds = |raw: &str| match cell(raw) {
        Num::Number(v, Unit::Time(ms)) => Some(v * ms / 1000.0),
        Num::Number(v, Unit::None) => Some(v * header_unit.unwrap_or(1000.0) / 1000.0),
        _ => None,
    };
    let mut agreeing = 0;
    for row in &table.rows {
        let at = |i: usize| row.cells.get(i).map_or("", String::as_str);
        let (Num::Number(n, _), Some(t), Num::Number(r, _)) = (cell(at(tokens)), seconds(at(time)), cell(at(rate))) else { continue };
        if t <= 0.0 || r <= 0.0 || ((n / t) - r).abs() > r * 0.01 {
            return;
        }
        agreeing += 1;
    }
    if agreeing > 0 {
        cols[tokens].column = Column::Measure(if is_input { Measure::TotalInput } else { Measure::TotalOutput });
        cols[time].column = Column::Measure(Measure::Duration);
        if header_unit.is_none() {
            cols[time].unit = Unit::Time(1000.0);
        }
    }
}

/// `| 并发 | 总吞吐(tok/s) | 总延迟 avg(s) |`: a `总` rate that says nothing of tokens (not `总
/// token 吞吐`), the table's only token rate, is the rate of all users together (1024 tokens
/// in 13.9 s at concurrency 1 is 73.8), of the tokens an unqualified rate counts; beside an
/// output rate (`| 总吞吐 | 输出吞吐 |`) it is the total, as `Total` is.
fn aggregate_alone(cols: &mut [Col]) {
    let rates: Vec<usize> = (0..cols.len()).filter(|&i| matches!(cols[i].column, Column::Measure(Measure::Tokens(_) | Measure::Throughput(_)))).collect();
    let [only] = rates.as_slice() else { return };
    let c = &mut cols[*only];
    let lower = c.raw.to_lowercase();
    let tokens = ["token", "tok ", "总tok", "总 tok"].iter().any(|w| lower.split('(').next().unwrap_or("").contains(w));
    // (`合計 tok/s` beside `単発 tok/s`: the Japanese sum of the streams' rates.)
    if (lower.contains('总') || lower.contains("合計") || lower.contains("合计")) && !tokens {
        c.column = match &c.column {
            Column::Measure(Measure::Tokens(Kind::Total)) => Column::Measure(Measure::Tokens(Kind::Unqualified)),
            Column::Measure(Measure::Throughput(Kind::Total)) => Column::Measure(Measure::Throughput(Kind::Unqualified)),
            other => other.clone(),
        };
    }
}

/// `| Throughput | Completion tok/s | Prompts/sec |` over `| 743.6 tok/s | 723.8 tok/s |`: a
/// token rate that does not say which tokens, beside one of the generated tokens, counts the
/// others too, the total (it had been read as the output rate, and the output column set
/// apart as its duplicate).
fn unqualified_beside_output(cols: &mut [Col]) {
    let output = cols.iter().any(|c| matches!(c.column, Column::Measure(Measure::Tokens(Kind::Output))) && c.throughput_stat.is_none());
    let unqualified: Vec<usize> = (0..cols.len())
        .filter(|&i| matches!(cols[i].column, Column::Measure(Measure::Tokens(Kind::Unqualified) | Measure::Throughput(Kind::Unqualified))) && cols[i].throughput_stat.is_none())
        .collect();
    if let ([only], true) = (unqualified.as_slice(), output) {
        cols[*only].column = match cols[*only].column {
            Column::Measure(Measure::Throughput(_)) => Column::Measure(Measure::Throughput(Kind::Total)),
            _ => Column::Measure(Measure::Tokens(Kind::Total)),
        };
    }
}

/// A concurrency column holding percentiles' names (`P50`, `P99`) holds statistics, not
/// loads: its cells stay words (a load written `P64`, as TPU sweeps name it, is read only in
/// a column of none).
fn percentile_levels(table: &crate::markdown::Table, cols: &mut [Col]) {
    let percentile = |t: &str| matches!(clean(t).to_ascii_lowercase().as_str(), "p50" | "p75" | "p90" | "p95" | "p99" | "p99.9" | "p999");
    for (i, col) in cols.iter_mut().enumerate().filter(|(_, c)| c.column == Column::Context(Ctx::MaxConcurrency)) {
        if table.rows.iter().any(|r| r.cells.get(i).is_some_and(|t| percentile(t))) {
            col.column = Column::Label;
        }
    }
}

/// `Rate (req/s)`, `Request rate (req/s)`: a header naming a rate, with a request unit and
/// nothing else, names what the client was told to send when its cells say so as a bare
/// `RPS` does (whole numbers, `inf`, beside a throughput or before every measurement).
fn rate_named(raw: &str) -> bool {
    let lower = raw.to_lowercase();
    let name = lower.split_once('(').map_or(lower.as_str(), |(name, _)| name).trim();
    matches!(name, "rate" | "request rate" | "req rate" | "target rate" | "arrival rate" | "sending rate")
}

/// The metric a heading names, without its numbering (`2.1 TTFT (Time To First Token)` →
/// `TTFT (Time To First Token)`), when it names a latency.
fn heading_metric(heading: &str) -> Option<String> {
    let h = heading.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | ' ' | '#'));
    let h = clean(h);
    let lower = h.to_lowercase();
    latency_group(&Words::new(&lower)).map(|_| h)
}

/// Whether a heading names a metric (`Throughput (tokens/s)`, `2.1 TTFT`, `Decode tps`)
/// rather than what was measured: read as a table's column header would be, numbering aside.
pub fn names_a_metric(heading: &str) -> bool {
    let h = heading.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | ' ' | '#'));
    !h.is_empty() && matches!(column(h).column, Column::Measure(_))
}

/// How a bullet list's `**Label**: value` item reads as a row of a `Metric | Value` table
/// (`markdown::list_tables`): `Some(true)` for a result metric, `Some(false)` for another
/// row, `None` for one no run holds (an evaluation score, `Accuracy Drop`).
pub fn list_row(label: &str) -> Option<bool> {
    let col = column(label);
    (col.column != Column::Eval).then(|| is_result(&col))
}

/// A header that names a statistic and nothing else, units aside (`Mean (s)`, `P95`).
fn is_bare_stat(raw: &str) -> bool {
    let lower = raw.to_lowercase();
    let mut body = String::new();
    let mut depth = 0usize;
    for c in lower.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => body.push(c),
            _ => {}
        }
    }
    stat_word(body.trim()).is_some()
}

/// `| Input throughput (tok/s) | Output |`: a bare `Output` (or `Input`, `Total`) right after
/// a token throughput of another kind is that throughput of its kind, the metric and unit
/// left unsaid (its 380 had been an output length).
fn elided_metric(table: &crate::markdown::Table, cols: &mut [Col]) {
    for j in 1..cols.len() {
        let bare = clean(&table.header[j]).trim().to_lowercase();
        if !matches!(bare.as_str(), "output" | "input" | "total" | "输出" | "输入" | "总") {
            continue;
        }
        if !matches!(cols[j - 1].column, Column::Measure(Measure::Tokens(_))) {
            continue;
        }
        let previous = clean(&table.header[j - 1]);
        let kind = ["input", "output", "total", "Input", "Output", "Total", "输入", "输出", "总"].iter().find(|k| previous.contains(**k));
        if let Some(kind) = kind {
            let named = previous.replacen(kind, bare.as_str(), 1);
            let col = column(&named);
            if matches!(col.column, Column::Measure(Measure::Tokens(_))) && col.column != cols[j - 1].column {
                cols[j] = col;
            }
        }
    }
}

/// `| Batch Size | Concurrency Level |`: beside a column of the concurrency, a batch size is
/// the server's batch, not the load; kept under its header.
fn batch_beside_concurrency(cols: &mut [Col]) {
    let concurrency = |c: &Col| c.column == Column::Context(Ctx::MaxConcurrency);
    let batch = |c: &Col| {
        let raw = clean(&c.raw).to_lowercase();
        raw.contains("batch") || raw.split_whitespace().any(|w| w == "bs") || raw.contains("批")
    };
    if cols.iter().any(|c| concurrency(c) && !batch(c)) {
        for c in cols.iter_mut().filter(|c| concurrency(c) && batch(c)) {
            c.column = Column::Label;
        }
    }
}

/// `| 2 572.6 ms |` over `| 5 363.5 |`: a measure whose header states no unit, whose first
/// row's cell does and whose other cells state that one or none, has it in every row.
fn units_carried_down(table: &crate::markdown::Table, cols: &mut [Col]) {
    let Some(first) = table.rows.first() else { return };
    for (i, c) in cols.iter_mut().enumerate() {
        if c.unit != Unit::None || !matches!(c.column, Column::Measure(_)) {
            continue;
        }
        let unit_of = |row: &crate::markdown::TableRow| match row.cells.get(i).map(|t| cell(t)) {
            Some(Num::Number(_, u)) => Some(u),
            _ => None,
        };
        let Some(u) = unit_of(first).filter(|u| matches!(u, Unit::Time(_) | Unit::TokenRate | Unit::RequestRate)) else { continue };
        let bare = table.rows[1..].iter().any(|r| unit_of(r) == Some(Unit::None));
        if bare && table.rows[1..].iter().all(|r| unit_of(r).is_none_or(|v| v == u || v == Unit::None)) {
            c.unit = u;
        }
    }
}

/// `### Prefill Performance` or `### Decode Performance (Median)` over `| Batch Size |
/// Latency (s) | Throughput (tok/s) |`: the latency and rate of one phase of a static batch
/// (SGLang's `bench_one_batch`), not the requests' end-to-end latency or the run's
/// throughput. A column that names neither a per-token latency nor a phase itself is kept
/// under the phase and its header (`prefill latency (s)`).
fn phase_columns(heading: &str, cols: &mut [Col]) {
    let h = heading.to_lowercase();
    // The heading's subject is the phase (`Prefill Performance`, `解码阶段`), not a workload
    // or a technique that names it (`Prefill-only A/B`, `Speculative decoding`, `Chunked
    // prefill`, `Decode-heavy workload`).
    let of_phase = |phase: &[&str]| {
        phase.iter().any(|p| {
            // Each place the phase is named, followed by what is measured of it, at once or
            // after a blank (most headings name no phase: nothing more is done).
            h.match_indices(p).any(|(at, _)| {
                let after = &h[at + p.len()..];
                ["performance", "latency", "throughput", "phase", "stage", "speed", " perf", "性能", "阶段", "速度", "延迟", "吞吐"]
                    .iter()
                    .any(|what| after.strip_prefix(' ').is_some_and(|a| a.starts_with(what.trim_start())) || after.starts_with(what))
            })
        })
    };
    let prefill = of_phase(&["prefill", "pre-fill", "预填充"]);
    let decode = of_phase(&["decode", "decoding", "解码"]);
    let phase = match (prefill, decode) {
        (true, false) => "prefill",
        (false, true) => "decode",
        _ if (h.contains("total") || h.contains("总")) && h.contains("prefill") && h.contains("decode") => {
            // `### Total Throughput (Prefill + Decode)` over `Throughput (tok/s)`: every token.
            for c in cols.iter_mut() {
                if let Column::Measure(Measure::Tokens(kind) | Measure::Throughput(kind)) = &mut c.column {
                    if *kind == Kind::Unqualified {
                        *kind = Kind::Total;
                    }
                }
            }
            return;
        }
        _ => return,
    };
    for c in cols.iter_mut() {
        let aggregate = ["aggregate", "total", "overall", "总"].iter().any(|w| c.raw.to_lowercase().contains(w));
        let generic = match &c.column {
            Column::Measure(Measure::Latency { group, .. }) => *group == "e2e_ms",
            Column::Measure(Measure::Tokens(_) | Measure::Throughput(_) | Measure::Requests) => !aggregate,
            _ => false,
        };
        if generic {
            c.column = Column::Label;
            c.key = format!("{phase} {}", c.key);
        }
    }
}

/// What a column measures, so that two tables are seen to measure different things.
fn measured(col: &Col) -> Option<String> {
    match &col.column {
        Column::Measure(Measure::Latency { group, stat }) => Some(format!("{group}.{stat}")),
        // What `format!("{m:?}")` writes, without formatting it.
        Column::Measure(m) => Some(
            match m {
                Measure::Latency { .. } => unreachable!("matched above"),
                Measure::Tokens(Kind::Output) => "Tokens(Output)",
                Measure::Tokens(Kind::Total) => "Tokens(Total)",
                Measure::Tokens(Kind::Input) => "Tokens(Input)",
                Measure::Tokens(Kind::Unqualified) => "Tokens(Unqualified)",
                Measure::Peak => "Peak",
                Measure::Requests => "Requests",
                Measure::Throughput(Kind::Output) => "Throughput(Output)",
                Measure::Throughput(Kind::Total) => "Throughput(Total)",
                Measure::Throughput(Kind::Input) => "Throughput(Input)",
                Measure::Throughput(Kind::Unqualified) => "Throughput(Unqualified)",
                Measure::Duration => "Duration",
                Measure::AcceptLength => "AcceptLength",
                Measure::PeakConcurrent => "PeakConcurrent",
                Measure::Goodput => "Goodput",
                Measure::Completed => "Completed",
                Measure::Failed => "Failed",
                Measure::TotalInput => "TotalInput",
                Measure::TotalOutput => "TotalOutput",
                Measure::ErrorRate => "ErrorRate",
            }
            .to_string(),
        ),
        Column::Label | Column::Duplicate { .. } => Some(col.key.clone()),
        _ => None,
    }
}

/// Whether `next` holds more of the runs of `group` (the tables just before it): tables of
/// one section or of sibling sections whose headings say nothing about the run (`### 2.1
/// TTFT`, `### 2.2 E2E`), naming their rows by the same columns and measuring different
/// things. Their rows must name the same runs in the same order; when they do not, the
/// tables are read apart and a finding says so.
fn joins(group: &[Prepared<'_>], next: &Prepared<'_>, sink: &mut Sink) -> bool {
    let first = &group[0];
    let has_measure = |p: &Prepared<'_>| !p.eval && p.cols.iter().any(|c| matches!(c.column, Column::Measure(_)) || c.throughput_stat.is_some());
    if !has_measure(next) || !group.iter().all(has_measure) || next.input.scope != first.input.scope || first.keys().is_empty() {
        return false;
    }
    if !next.load_of.is_empty() || group.iter().any(|p| !p.load_of.is_empty()) {
        return false; // a table of loads is read alone
    }
    let states_nothing = |p: &Prepared<'_>| context::heading(p.input.heading) == context::Heading::default();
    if next.input.section != first.input.section && !(states_nothing(first) && states_nothing(next)) {
        return false;
    }
    let key_names = |p: &Prepared<'_>| p.keys().iter().map(|&k| p.cols[k].key.clone()).collect::<Vec<_>>();
    let engines = |p: &Prepared<'_>| p.engines.iter().map(|(_, c, name)| (c.key.clone(), name.clone())).collect::<Vec<_>>();
    if key_names(first) != key_names(next) || engines(first) != engines(next) {
        return false;
    }
    let taken: Vec<String> =
        group.iter().flat_map(|p| p.cols.iter().enumerate().filter(|(i, _)| !p.keys().contains(i)).filter_map(|(_, c)| measured(c))).collect();
    let mut own: Vec<String> = next.cols.iter().enumerate().filter(|(i, _)| !next.keys().contains(i)).filter_map(|(_, c)| measured(c)).collect();
    // Engine columns all hold the one metric of their table.
    own.dedup();
    if own.is_empty() || own.iter().any(|m| taken.contains(m)) {
        return false;
    }
    let row_keys = |p: &Prepared<'_>| -> Vec<Vec<String>> {
        p.input.table.rows.iter().map(|r| p.keys().iter().map(|&k| clean(r.cells.get(k).map_or("", String::as_str))).collect()).collect()
    };
    if row_keys(first) == row_keys(next) {
        return true;
    }
    if group.iter().chain([next]).any(|p| p.cols.iter().any(is_result)) {
        let (a, b) = (first.input.table.line, next.input.table.line);
        sink.info(
            "tables-not-joined",
            b,
            format!(
                "this table names its rows by the same columns as the table at line {a} and measures other things, but its rows \
                 do not list the same runs in the same order; each table's rows are read as runs of their own. If they are the \
                 same runs, list them in the same order in both tables."
            ),
        )
        .value("table", a.to_string());
    }
    false
}

/// One row's cells, a merged cell (left empty under a text column) repeating the row above.
fn row_entries<'t>(p: &'t Prepared<'t>, row: &'t crate::markdown::TableRow, above: &mut HashMap<usize, (&'t str, u32)>) -> Vec<Entry<'t>> {
    let mut entries = Vec::new();
    for (i, col) in p.cols.iter().enumerate() {
        let text = row.cells.get(i).map(String::as_str).unwrap_or("");
        let fills_down =
            matches!(col.column, Column::Context(Ctx::Framework | Ctx::Backend | Ctx::Model | Ctx::Gpu | Ctx::Precision | Ctx::Dataset | Ctx::Tp | Ctx::GpuCount));
        // A load's cells (`| 2048 | 4096 | BF16 |` over `|  |  | INT4 |`) fill down only where
        // the row starts blank up to them: cells merged across rows, not a load left unsaid.
        let load = matches!(col.column, Column::Context(Ctx::InputLen | Ctx::OutputLen | Ctx::InputOutput | Ctx::NumPrompts | Ctx::MaxConcurrency));
        let leading = row.cells.iter().take(i + 1).all(|c| c.trim().is_empty()) && row.cells.iter().skip(i + 1).any(|c| !c.trim().is_empty());
        // `-` (or `〃`, `同上`) under a model or engine named above: the same one again (a dash
        // there names no other model; the serve command's had been taken).
        let ditto = matches!(col.column, Column::Context(Ctx::Model | Ctx::Framework | Ctx::Gpu)) && matches!(text.trim(), "-" | "–" | "—" | "〃" | "\"" | "同上" | "ditto");
        let (text, line) = match (text.trim().is_empty() || ditto, above.get(&i)) {
            (true, Some(&(t, l))) if fills_down || (load && leading) => (t, l),
            _ => (text, row.line_of(i)),
        };
        if (fills_down || load) && !text.trim().is_empty() {
            above.insert(i, (text, line));
        }
        entries.push(Entry { col, head_line: p.input.table.line, text, line });
    }
    entries
}

/// `| Benchmark Case | baseline (vLLM) | Optimized |` over cells listing labelled metrics
/// (`Total TPS: 9743.28<br>Mean TPOT(ms): 48.57`): the columns (not the first) whose every
/// filled cell is such lines, each label naming a result (a `Label: number` line the table's
/// header vocabulary reads as a throughput or latency), and the columns those labels name.
fn labelled_cells(table: &crate::markdown::Table) -> (Vec<usize>, Vec<Col>) {
    let mut labelled = Vec::new();
    let mut cols: Vec<Col> = Vec::new();
    for i in 1..table.header.len() {
        let cells: Vec<&str> = table.rows.iter().filter_map(|r| r.cells.get(i)).map(String::as_str).filter(|c| !c.trim().is_empty()).collect();
        // A note between the lines (`(+12.1%)`, a highlighted change) is no metric of its own.
        let lines = || cells.iter().flat_map(|c| c.split('\n')).map(str::trim).filter(|l| !l.is_empty() && !is_bracketed_note(l));
        let pairs: Option<Vec<(String, &str)>> = lines().map(|l| cell_pair(l)).collect();
        let Some(pairs) = pairs.filter(|p| !p.is_empty()) else { continue };
        let named: Vec<Col> = pairs.iter().map(|(label, _)| column(label)).collect();
        if !named.iter().all(is_result) {
            continue;
        }
        labelled.push(i);
        for col in named {
            if !cols.iter().any(|c| c.raw == col.raw) {
                cols.push(col);
            }
        }
    }
    (labelled, cols)
}

/// The number of requests a table's corner cell states (`N = 10 queries`, `6200 prompts`),
/// its digits as written; `None` for any other corner.
fn corner_count(corner: &str) -> Option<&str> {
    let lower = corner.to_ascii_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let counted = words.iter().any(|w| matches!(*w, "queries" | "prompts" | "requests")) || lower.trim_start().starts_with("n =") || lower.trim_start().starts_with("n=");
    let start = corner.find(|c: char| c.is_ascii_digit())?;
    let digits = &corner[start..];
    let digits = &digits[..digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len())];
    // One number only: `1k/1k queries` or two counts say no one count.
    let numbers = words.iter().filter(|w| w.bytes().any(|b| b.is_ascii_digit())).count();
    (counted && numbers == 1 && words.contains(&digits)).then_some(digits)
}

/// `(+12.1%)`: a bracketed note on a line of its own.
fn is_bracketed_note(line: &str) -> bool {
    line.starts_with(['(', '（']) && line.ends_with([')', '）'])
}

/// A `Label: number` line of a cell (`Mean TPOT(ms): 48.57`, `Total TPS: 10919.92 (+12.1%)`).
fn cell_pair(line: &str) -> Option<(String, &str)> {
    let (label, value) = line.split_once([':', '：'])?;
    let value = value.trim();
    value.starts_with(|c: char| c.is_ascii_digit()).then(|| (clean(label), value))
}

/// The runs of a table of labelled cells: a run per row and labelled column, with the row's
/// other cells and the column's name (an engine, GPU or precision it names, and the name as a
/// note).
fn labelled_runs(p: &Prepared<'_>, sink: &mut Sink, notice: &mut Notice) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut above = HashMap::new();
    let line = p.input.table.line;
    for row in &p.input.table.rows {
        let entries = row_entries(p, row, &mut above);
        for (k, &c) in p.labelled.iter().enumerate() {
            let Some(cell) = row.cells.get(c).filter(|c| !c.trim().is_empty()) else { continue };
            let mut own: Vec<Entry<'_>> = entries.iter().enumerate().filter(|(i, _)| !p.labelled.contains(i)).map(|(_, e)| e.clone()).collect();
            for (label, value) in cell.split('\n').filter_map(|l| cell_pair(l.trim())) {
                if let Some(col) = p.cell_cols.iter().find(|c| c.raw == label) {
                    own.push(Entry { col, head_line: row.line, text: value, line: row.line });
                }
            }
            let header = p.input.table.header[c].as_str();
            own.push(Entry { col: &COLUMN_NAME, head_line: line, text: header, line });
            if let Some((col, part)) = named_in(header, p.input.names) {
                own.push(Entry { col, head_line: line, text: part, line });
            }
            runs.extend(build_as(p.input, &own, row.line, row.line, &engine_suffix(k), sink, notice));
        }
    }
    runs
}

fn read_one(p: &Prepared<'_>, sink: &mut Sink, notice: &mut Notice) -> Vec<Run> {
    if p.eval {
        return Vec::new();
    }
    let mut runs = Vec::new();
    if !p.labelled.is_empty() {
        runs.extend(labelled_runs(p, sink, notice));
    } else if !p.load_of.is_empty() && p.engines.is_empty() {
        let mut above = HashMap::new();
        for row in &p.input.table.rows {
            let entries = row_entries(p, row, &mut above);
            for k in 0..p.loads.len() {
                let own = load_entries(p, &entries, k);
                runs.extend(build_as(p.input, &own, row.line, row.line, &engine_suffix(k), sink, notice));
            }
        }
    } else if !p.engines.is_empty() {
        let mut above = HashMap::new();
        for row in &p.input.table.rows {
            let entries = row_entries(p, row, &mut above);
            for k in 0..p.engines.len() {
                let own = engine_entries(p, &entries, k);
                runs.extend(build_as(p.input, &own, row.line, row.line, &engine_suffix(k), sink, notice));
            }
        }
    } else if p.cols.iter().any(is_result) && !metrics_as_rows(p.input.table) {
        let mut above = HashMap::new();
        for row in &p.input.table.rows {
            let entries = row_entries(p, row, &mut above);
            runs.extend(build(p.input, &entries, row.line, row.line, sink, notice));
        }
    } else {
        runs.extend(transposed(p.input, sink, notice));
    }
    runs
}

/// `| Metric | TP8 (Low Latency) | TP8+DCP8 (High Throughput) |` over rows naming metrics
/// (`Request Throughput (req/s)`, `Mean TTFT (sec)`): a table of metrics as rows, whatever
/// words its other headers hold (a configuration named for what it is good at, or a
/// `### Latency` heading over `| Metric | Mean | Median | P99 |`).
fn metrics_as_rows(table: &crate::markdown::Table) -> bool {
    let first = table.header.first().map(|h| fields::normalise(&clean(h))).unwrap_or_default();
    if !METRIC_COLUMN.contains(&first.as_str()) || table.rows.len() < 2 {
        return false;
    }
    let metrics = table.rows.iter().filter(|r| r.cells.first().is_some_and(|c| is_result(&column(c)))).count();
    metrics * 2 >= table.rows.len()
}

/// Tables that spread each run over several tables (one per metric): row `i` of every table
/// is one run, named by the first table's row.
fn read_joined(group: &[Prepared<'_>], sink: &mut Sink, notice: &mut Notice) -> Vec<Run> {
    let mut above: Vec<HashMap<usize, (&str, u32)>> = vec![HashMap::new(); group.len()];
    let mut runs = Vec::new();
    if !group[0].engines.is_empty() {
        // Engine `k` of row `r`: the first table's row names it, each table gives its metric.
        for r in 0..group[0].input.table.rows.len() {
            let rows: Vec<Vec<Entry<'_>>> = group.iter().enumerate().map(|(t, p)| row_entries(p, &p.input.table.rows[r], &mut above[t])).collect();
            let start = group[0].input.table.rows[r].line;
            let end = group.iter().map(|p| p.input.table.rows[r].line).max().unwrap_or(start);
            for k in 0..group[0].engines.len() {
                let mut own = engine_entries(&group[0], &rows[0], k);
                for (p, entries) in group.iter().zip(&rows).skip(1) {
                    let i = p.engines[k].0;
                    own.extend(entries.iter().enumerate().filter(|(j, _)| *j == i).map(|(_, e)| e.clone()));
                }
                runs.extend(build_as(group[0].input, &own, start, end, &engine_suffix(k), sink, notice));
            }
        }
        return runs;
    }
    for r in 0..group[0].input.table.rows.len() {
        let mut entries = Vec::new();
        let mut end = 0;
        for (k, p) in group.iter().enumerate() {
            let row = &p.input.table.rows[r];
            end = end.max(row.line);
            let own = row_entries(p, row, &mut above[k]);
            entries.extend(own.into_iter().enumerate().filter(|(i, _)| k == 0 || !p.keys().contains(i)).map(|(_, e)| e));
        }
        let start = group[0].input.table.rows[r].line;
        runs.extend(build(group[0].input, &entries, start, end, sink, notice));
    }
    runs
}

/// The cells of engine `k` of a row: the row's cells but the other engines', and the
/// engine's name from the header as its framework.
fn engine_entries<'t>(p: &'t Prepared<'t>, entries: &[Entry<'t>], k: usize) -> Vec<Entry<'t>> {
    let (own, col, name) = &p.engines[k];
    let mut out: Vec<Entry<'t>> =
        entries.iter().enumerate().filter(|(i, _)| i == own || !p.engines.iter().any(|(e, _, _)| e == i)).map(|(_, e)| e.clone()).collect();
    let line = p.input.table.line;
    out.push(Entry { col, head_line: line, text: name.as_str(), line });
    if let Some(precision) = precision_beside(col, name) {
        out.push(Entry { col: &PRECISION, head_line: line, text: precision, line });
    }
    out
}

/// `H100 FP8` beside `H100`, `vLLM BF16`: the precision a column named by its GPU or engine
/// adds, which is its run's.
fn precision_beside<'n>(named: &Col, name: &'n str) -> Option<&'n str> {
    if std::ptr::eq(named, &*PRECISION) {
        return None;
    }
    name.split_whitespace().skip(1).find(|w| is_precision(w))
}

/// The first engine's runs keep the row's id (`path#L12`), the others are told apart
/// (`path#L12.2`).
fn engine_suffix(k: usize) -> String {
    if k == 0 {
        String::new()
    } else {
        format!(".{}", k + 1)
    }
}

/// The first header of a table whose rows are metrics (`| Metric | Value |`, `| 指标 | … |`).
const METRIC_COLUMN: [&str; 7] = ["metric", "metrics", "指标", "measure", "指標", "메트릭", "지표"];

/// `Metric | Value` rows, or `Metric | Mean | Median | P99`: one run. Metrics as rows and
/// runs as columns (`| Metric | vllm | sglang |`, `| 指标 | Baseline | Tuned N=128 | 变化 |`):
/// one run per column, each number linked to its cell's line; a column named by an engine,
/// a GPU or a precision gives its run that ([`named_by`]), any other name is kept as a note;
/// a column comparing the others (`变化`, `Difference`, `Winner`) is no run
/// ([`compares`], `comparison-column`).
fn transposed(input: &TableInput<'_>, sink: &mut Sink, notice: &mut Notice) -> Vec<Run> {
    let table = input.table;
    let Some(first) = table.header.first() else { return Vec::new() };
    let first = fields::normalise(&clean(first));
    if table.header.len() < 2 {
        return Vec::new();
    }
    let named = METRIC_COLUMN.contains(&first.as_str()) || ["", "name", "item", "项目"].contains(&first.as_str());
    let stats: Vec<Option<String>> = table.header[1..].iter().map(|h| stat_word(&fields::normalise(&clean(h)))).collect();
    let stat_columns = stats.iter().all(Option::is_some);
    let runs_as_columns = !stat_columns && table.header.len() > 2;
    let row_cols: Vec<Vec<Col>> = table
        .rows
        .iter()
        .map(|row| {
            let name = row.cells.first().map(String::as_str).unwrap_or("");
            if stat_columns {
                table.header[1..].iter().map(|h| column(&format!("{} {name}", clean(h)))).collect()
            } else {
                vec![column(name)]
            }
        })
        .collect();
    let results = row_cols.iter().filter(|c| c.first().is_some_and(is_result)).count();
    if results < 2 || row_cols.iter().flatten().any(|c| c.column == Column::Eval) {
        return Vec::new();
    }
    // A first header in a language or word not listed (`| 지표 | GPU Only | Hybrid |`) still
    // makes a table of metrics when most of its rows name a result metric and no metric is
    // named twice: rows of SLO targets (`TTFT < 200 ms`, `TTFT < 500 ms`) are not metrics.
    if !named && (results * 2 < row_cols.len() || !each_metric_once(&row_cols)) {
        return Vec::new();
    }
    let end = table.rows.last().map_or(table.line, |r| r.line);
    // `| Best Throughput | 1142.8 tok/s (vLLM, …) |` over `| Best TTFT | 153.31 ms (TGI, …) |`:
    // the best of each metric over runs read elsewhere, no run of its own.
    // Two such rows at least, and half the metrics (`Lowest TTFT` beside `Mean TTFT` is a
    // statistic of one run).
    let best_rows = table.rows.iter().zip(&row_cols).filter(|(r, c)| c.first().is_some_and(is_result) && best_of(r.cells.first().map_or("", String::as_str)));
    let best = best_rows.clone().count();
    if let Some(row) = best_rows.clone().next().filter(|_| best >= 2 && best * 2 >= results) {
        let label = row.0.cells.first().map_or("", String::as_str);
        sink.info(
            "best-of-table",
            row.0.line,
            format!("this table lists the best value of a metric (`{label}`), each possibly from another run; it is no run of its own and is not read."),
        );
        return Vec::new();
    }
    if runs_as_columns {
        // `1 user, 2K: decode, tokens/s` over `4 users, 30K: …`: rows of several loads or
        // lengths are runs of their own, not metrics of the columns' runs: not read.
        let mut stated: Vec<Vec<String>> = table.rows.iter().map(|r| row_scenario(r.cells.first().map_or("", String::as_str))).collect();
        stated.retain(|s| !s.is_empty());
        stated.dedup();
        if stated.len() > 1 {
            return Vec::new();
        }
        return runs_of_columns(input, end, input.table.line, sink, notice);
    }
    // `| **TTFT** | 78ms p50, 150ms p95 |`, `| **E2E latency** | 3.25s avg (300 max_tokens) |`:
    // statistics written in the cell, each read under its own statistic.
    let in_cell: Vec<Option<Vec<(Col, &str)>>> = table
        .rows
        .iter()
        .zip(&row_cols)
        .map(|(row, own)| {
            let col = own.first().filter(|_| !stat_columns)?;
            let parts = stats_in_cell(row.cells.get(1).map_or("", String::as_str))?;
            let read: Vec<(Col, &str)> = parts
                .into_iter()
                .filter_map(|(stat, value)| match &col.column {
                    Column::Measure(Measure::Latency { group, .. }) => Some((Col { column: Column::Measure(Measure::Latency { group, stat }), ..col.clone() }, value)),
                    // A rate's mean is the run's; its percentiles are the requests'.
                    Column::Measure(Measure::Tokens(_) | Measure::Requests | Measure::Throughput(_)) if stat == "mean" => Some((col.clone(), value)),
                    _ => None,
                })
                .collect();
            (!read.is_empty()).then_some(read)
        })
        .collect();
    let mut entries = Vec::new();
    for ((row, own), split) in table.rows.iter().zip(&row_cols).zip(&in_cell) {
        if let Some(split) = split {
            entries.extend(split.iter().map(|(col, text)| Entry { col, head_line: row.line, text, line: row.line }));
            continue;
        }
        // What the row's name alone is (`Concurrency`, `Input length`: context, whose least or
        // 99th percentile value is no run's).
        let row_kind = column(row.cells.first().map_or("", String::as_str));
        for (j, col) in own.iter().enumerate() {
            // Under statistic columns, a latency's every statistic; any other row's mean (AIPerf's
            // `| Output Token Throughput (tok/s) | 77.04 | — | — |`: the run's), and the other
            // statistics of what is kept under its header (a rate per user); not those of a
            // row naming context (the least input length or concurrency is not the run's).
            let kept = match &col.column {
                Column::Measure(Measure::Latency { .. }) => true,
                _ if stats[j].as_deref() == Some("mean") => true,
                Column::Label => !matches!(row_kind.column, Column::Context(_)),
                _ => false,
            };
            if stat_columns && !kept {
                continue;
            }
            let text = row.cells.get(j + 1).map(String::as_str).unwrap_or("");
            entries.push(Entry { col, head_line: row.line, text, line: row.line });
        }
    }
    build(input, &entries, table.line, end, sink, notice).into_iter().collect()
}

/// The statistics a cell writes after its numbers (`78ms p50, 150ms p95`, `23.2ms mean,
/// 31.3ms p95`, `43.1 tok/s avg (40.7 – 45.1)`, `3.25s avg (300 max_tokens)`): each part's
/// statistic and its number with its unit; `None` unless every part is so written.
fn stats_in_cell(cell: &str) -> Option<Vec<(String, &str)>> {
    let cell = cell.split(['(', '（']).next().unwrap_or(cell).trim();
    if cell.is_empty() || !cell.contains(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    cell.split([',', ';', '，'])
        .map(|part| {
            let part = part.trim();
            let (value, stat) = part.rsplit_once(' ')?;
            let stat = stat_word(&stat.to_lowercase())?;
            let value = value.trim();
            value.starts_with(|c: char| c.is_ascii_digit()).then_some((stat, value))
        })
        .collect()
}

/// A row naming the best of a metric over runs: `Best Throughput`, `Lowest TTFT`, `最佳吞吐`
/// (not `Max TTFT`, a statistic of one run's requests, nor `Peak throughput`, vLLM's metric).
fn best_of(label: &str) -> bool {
    let l = clean(label).to_lowercase();
    let l = l.trim_start_matches(['*', '_', ' ']);
    ["best ", "fastest ", "worst "].iter().any(|w| l.starts_with(w)) || ["最佳", "最优", "最好", "最快"].iter().any(|w| l.starts_with(w))
}

/// Whether no result metric is named by two rows (same column, same statistic).
fn each_metric_once(row_cols: &[Vec<Col>]) -> bool {
    let named: Vec<&Column> = row_cols.iter().flatten().filter(|c| is_result(c)).map(|c| &c.column).collect();
    named.iter().enumerate().all(|(i, c)| !named[..i].contains(c))
}

/// The runs of a table whose rows are metrics and whose columns are runs: column `j` is run
/// `path#L{header}` (the first), `path#L{header}.{j}` (the others). A row naming two counts,
/// `Successful / Failed` over `94 / 6`, gives both; `Throughput avg (tok/s)` beside `Output
/// throughput (tok/s)` is the requests' mean rate, kept under its name (as beside other
/// statistics in [`prepare`]), not the run's output throughput.
/// `head_line`: the line of the header whose column names are read (the table's own, or, for
/// a configuration of [`metric_rows_by_load`], the original table's).
fn runs_of_columns(input: &TableInput<'_>, end: u32, head_line: u32, sink: &mut Sink, notice: &mut Notice) -> Vec<Run> {
    let table = input.table;
    let mut row_cols: Vec<Vec<Col>> = table
        .rows
        .iter()
        .map(|row| {
            let name = clean(row.cells.first().map_or("", String::as_str));
            let halves: Vec<Col> = name.split('/').map(column).collect();
            if halves.len() == 2 && halves.iter().all(|c| matches!(c.column, Column::Measure(_))) {
                halves
            } else {
                vec![column(&name)]
            }
        })
        .collect();
    if row_cols.iter().flatten().any(|c| c.column == Column::Measure(Measure::Tokens(Kind::Output))) {
        for c in row_cols.iter_mut().flatten().filter(|c| c.column == Column::Measure(Measure::Tokens(Kind::Unqualified)) && c.throughput_stat.is_some()) {
            c.column = Column::Label;
        }
    }
    let mut runs = Vec::new();
    let mut compared: Vec<String> = Vec::new();
    // `| 指标 | 数值 | 单位 |`: a unit column gives each row's unit to the value beside it.
    let is_unit = |h: &String| matches!(clean(h).to_lowercase().as_str(), "unit" | "units" | "单位");
    let unit = table.header.iter().position(is_unit);
    // `|  | Batch Size | ND H200 V5 |` over `| Tokens per second | 64 | 2822.37 |`: a column
    // naming a setting is no run (its 64 had been a throughput); its cell is every run's when
    // all rows agree.
    let settings: Vec<(usize, Col)> = table.header.iter().enumerate().skip(1).filter(|(_, h)| names_setting(h)).map(|(j, h)| (j, column(h))).collect();
    // `DeepSeek-R1-7B (W8A8)` beside `Qwen2.5-7B`: columns that lead with a model's name, when
    // two or more do (one beside engines' columns, `Qwen3.5_0.8B_Deploy`, names a deployment).
    fn model_led<'h>(header: &'h str, names: &crate::names::Names) -> Option<&'h str> {
        let lead = header.split(['(', '（']).next().unwrap_or(header).trim();
        (!lead.is_empty() && context::heading(lead).model.is_some() && context::gpu_in(lead).is_none() && named_by(lead, names).is_none()).then_some(lead)
    }
    let models_compared = table.header.iter().skip(1).filter(|h| model_led(h, input.names).is_some()).count() >= 2;
    for (j, header) in table.header.iter().enumerate().skip(1) {
        let name = clean(header);
        if Some(j) == unit || settings.iter().any(|(k, _)| *k == j) {
            continue;
        }
        let with_units: Vec<String> = table
            .rows
            .iter()
            .map(|r| {
                let (text, unit) = (r.cells.get(j).map_or("", String::as_str), unit.and_then(|u| r.cells.get(u)).map_or("", |u| u.trim()));
                if unit.is_empty() || unit == "-" || text.trim().is_empty() {
                    text.to_string()
                } else {
                    format!("{} {unit}", text.trim())
                }
            })
            .collect();
        let cells = || with_units.iter().map(String::as_str);
        // `+0.44%`, `-8.27%`, `1.30x` in every metric's cell: a comparison of the columns
        // beside it, whatever its name (`Optimization`).
        let relative = |c: &str| {
            let t = c.trim().trim_matches('*').trim();
            let signed_percent = t.ends_with('%') && t.starts_with(['+', '-', '−']);
            let times = t.strip_suffix(['x', '×']).is_some_and(|n| n.trim().parse::<f64>().is_ok());
            signed_percent || times
        };
        let measured_cells: Vec<&str> =
            row_cols.iter().zip(cells()).filter(|(own, t)| own.iter().any(|c| matches!(c.column, Column::Measure(_))) && !t.trim().is_empty()).map(|(_, t)| t).collect();
        let relative_only = !measured_cells.is_empty() && measured_cells.iter().all(|c| relative(c));
        if compares(&name) || relative_only {
            if cells().any(|c| c.bytes().any(|b| b.is_ascii_digit())) && !compared.contains(&name) {
                compared.push(name);
            }
            continue;
        }
        let mut entries: Vec<Entry<'_>> = Vec::new();
        for (k, col) in &settings {
            let values: Vec<&str> = table.rows.iter().map(|r| r.cells.get(*k).map_or("", |c| c.trim())).collect();
            if let (Some(first), Some(row)) = (values.first().filter(|v| !v.is_empty()), table.rows.first()) {
                if values.iter().all(|v| v == first) {
                    entries.push(Entry { col, head_line: table.line, text: first, line: row.line });
                }
            }
        }
        for ((row, own), text) in table.rows.iter().zip(&row_cols).zip(cells()) {
            let parts: Vec<&str> = if own.len() == 2 { text.split('/').map(str::trim).collect() } else { Vec::new() };
            if parts.len() == 2 {
                entries.extend(own.iter().zip(parts).map(|(col, text)| Entry { col, head_line: row.line, text, line: row.line }));
            } else {
                entries.push(Entry { col: &own[0], head_line: row.line, text, line: row.line });
            }
        }
        let value = matches!(name.to_lowercase().as_str(), "value" | "values" | "result" | "数值" | "值" | "结果");
        // A column named otherwise (`Baseline`, `第1天 TP=2`) is kept as a note, a TP or request
        // rate its name states read as a test name's.
        match named_by(&name, input.names) {
            Some(col) => {
                entries.push(Entry { col, head_line, text: header.as_str(), line: head_line });
                if let Some(precision) = precision_beside(col, header) {
                    entries.push(Entry { col: &PRECISION, head_line, text: precision, line: head_line });
                }
            }
            None if !name.is_empty() && !value => {
                // `| Metric | conc32 | conc64 |`, `| Concurrency 16 |`: the load the name states. A
                // name that is only a load says nothing the run's concurrency does not: no note of it.
                let load = load_in_name(header);
                if load.is_none() {
                    entries.push(Entry { col: &COLUMN_NAME, head_line, text: header.as_str(), line: head_line });
                }
                // `TP8 c40`, `PD c20`: one word of the name a load.
                let load = load.or_else(|| {
                    // (`EPYC 64c` counts cores: the load's word first, `c40`.)
                    let mut loads = header.split_whitespace().filter(|w| w.starts_with(|c: char| c.is_alphabetic())).filter_map(load_in_name);
                    loads.next().filter(|_| loads.next().is_none())
                });
                // `vLLama (vLLM)`, `BF16 (オリジナル)`: the engine, GPU or precision a part of the
                // name names is the run's.
                if let Some((col, part)) = named_in(header, input.names) {
                    entries.push(Entry { col, head_line, text: part, line: head_line });
                }
                if let Some(lead) = model_led(header, input.names).filter(|_| models_compared) {
                    entries.push(Entry { col: &MODEL, head_line, text: lead, line: head_line });
                }
                if let Some((col, number)) = load {
                    entries.push(Entry { col, head_line, text: number, line: head_line });
                }
            }
            None => {}
        }
        // `| N = 10 queries | vLLM | SGLang |`: the corner states how many requests every
        // column's run sent.
        if let Some(count) = table.header.first().and_then(|h| corner_count(h)) {
            entries.push(Entry { col: &NUM_PROMPTS, head_line, text: count, line: head_line });
        }
        if let Some(run) = build_as(input, &entries, table.line, end, &engine_suffix(j - 1), sink, notice) {
            runs.push(run);
        }
    }
    if !compared.is_empty() && !runs.is_empty() {
        let names = compared.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ");
        let (compare, its, their) = if compared.len() == 1 { ("compares", "its", "its") } else { ("compare", "their", "their") };
        let names = if compared.len() == 1 { format!("the column {names}") } else { format!("the columns {names}") };
        sink.info(
            "comparison-column",
            table.line,
            format!(
                "the table's columns are runs and its rows metrics; {names} {compare} the runs of the other columns (a change, a \
                 difference or a winner), so {its} cells are not read as a run of {their} own."
            ),
        )
        .value("columns", &names);
    }
    runs
}

/// A column header that compares the runs of the other columns (`变化`, `Difference`,
/// `Improvement`, `Winner`, `vLLM vs SGLang`) or annotates the rows (`Notes`, `备注`).
fn compares(name: &str) -> bool {
    let lower = name.to_lowercase();
    // (A test of significance between the runs, `t-statistic`, `p-value`, `Effect Size
    // (Cohen's d)`, compares them too.)
    const WORDS: [&str; 28] = [
        "change", "changes", "diff", "difference", "delta", "improvement", "speedup", "speed-up", "gain", "ratio", "winner", "vs", "vs.", "notes", "note",
        "comment", "relative", "saving", "savings", "penalty", "speedups", "t-statistic", "statistic", "p-value", "significance", "significant", "effect",
        "reject",
    ];
    const CJK: [&str; 18] = ["变化", "差异", "差值", "差距", "提升", "改善", "对比", "增幅", "降幅", "波动", "涨幅", "备注", "说明", "Δ", "同比", "环比", "倍数", "增益"];
    WORDS.iter().any(|w| has_word(&lower, w)) || CJK.iter().any(|w| lower.contains(w)) || lower.contains('δ') || lower.contains("p-value")
}

/// The `org/name` checkpoint a model cell writes in brackets after a display name
/// (`Llama 3.1 70B (amd/Llama-3.1-70B-Instruct-FP8-KV)`), when it is one; the display name
/// when the two name different sizes (`Llama 3.1 405B (amd/Llama-3.1-70B-…)`, a copy-paste
/// slip: the row's numbers are the named model's).
fn bracketed_checkpoint(text: &str) -> Option<&str> {
    let (shown, rest) = text.split_once(['(', '（'])?;
    let (inner, after) = rest.split_once([')', '）'])?;
    let inner = inner.trim();
    let checkpoint = inner.split_once('/').is_some_and(|(org, name)| !org.is_empty() && !name.is_empty() && !name.contains('/'))
        && !inner.contains(char::is_whitespace);
    if !checkpoint || !after.trim().is_empty() {
        return None;
    }
    let sizes = |t: &str| -> Vec<String> {
        t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.')).filter(|w| context::is_size(w)).map(str::to_ascii_lowercase).collect()
    };
    let (a, b) = (sizes(shown), sizes(inner));
    Some(if !a.is_empty() && !b.is_empty() && a != b { shown.trim() } else { inner })
}

/// [`named_by`] of a name, of its first word (`vLLM V0`) or of its bracketed part (`vLLama
/// (vLLM)`), with the part that names it.
fn named_in<'n>(name: &'n str, names: &crate::names::Names) -> Option<(&'static Col, &'n str)> {
    let first = name.split_whitespace().next().unwrap_or(name);
    let inner = name.split_once(['(', '（']).and_then(|(_, r)| r.split_once([')', '）'])).map(|(i, _)| i.trim());
    [Some(name), Some(first), inner].into_iter().flatten().find_map(|part| named_by(part, names).map(|col| (col, part)))
}

/// The column a header names a run by: an engine (`vllm`, `TensorRT-LLM`, one the name
/// table knows: `HF Transformers`), a GPU (`H100`,
/// a GPU the name table knows) or a precision (`FP8`, `BF16`); `None` for any other name.
fn named_by(name: &str, names: &crate::names::Names) -> Option<&'static Col> {
    if framework::of_backend(name).is_some() || names.known_framework(name).is_some() {
        Some(&FRAMEWORK)
    } else if context::gpu_in(name).is_some() || names.known_gpu(name).is_some() {
        Some(&GPU)
    } else if is_precision(name) {
        Some(&PRECISION)
    } else {
        None
    }
}

/// The load and length a row label states (`4 users, 30K: decode` → `4 users`, `30k`): a
/// number before a load word, a number with a `K` suffix.
fn row_scenario(label: &str) -> Vec<String> {
    let lower = clean(label).to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let number = !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
        if number && words.get(i + 1).is_some_and(|next| LOAD_WORDS.contains(next)) {
            out.push(format!("{w} {}", words[i + 1]));
        }
        // `Peak Throughput (100u)`, `TTFT P95 @ 50u`, `64c`: a number with its load word glued
        // on (`u` for users).
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        let glued = &w[digits..];
        if digits > 0 && (glued == "u" || LOAD_WORDS.contains(&glued)) {
            let word = if glued == "u" { "users" } else { glued };
            out.push(format!("{} {word}", &w[..digits]));
        }
        if w.len() > 1 && w.ends_with('k') && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit()) {
            out.push((*w).to_string());
        }
    }
    out
}

/// A header that is a precision (`FP8`, `bf16`, `W8A8`), a variant's name after it allowed
/// (`FP8-Dynamic`); not one naming more (`bf16 weights, f32 KV`).
fn is_precision(name: &str) -> bool {
    let lower = name.trim().to_ascii_lowercase();
    if lower.contains(char::is_whitespace) {
        return false;
    }
    let first = lower.split(['-', '_']).next().unwrap_or("");
    matches!(
        first,
        "fp32" | "fp16" | "bf16" | "fp8" | "fp4" | "nvfp4" | "mxfp4" | "int8" | "int4" | "w8a8" | "w4a16" | "w4a8" | "w8a16" | "awq" | "gptq" | "bfloat16" | "float16"
    )
}

/// Whether a row's name or engine cell calls it computed rather than measured
/// (`friendli_modeled`, `simulated`, `predicted (roofline)`): one of its words.
fn modeled(text: &str) -> bool {
    const WORDS: [&str; 7] = ["modeled", "modelled", "simulated", "simulation", "predicted", "projected", "extrapolated"];
    text.split(|c: char| !c.is_alphanumeric()).any(|w| WORDS.iter().any(|m| w.eq_ignore_ascii_case(m)))
}

/// Reads one run from its cells; `None` when no cell holds a measured result.
fn build(input: &TableInput<'_>, entries: &[Entry<'_>], start: u32, end: u32, sink: &mut Sink, notice: &mut Notice) -> Option<Run> {
    build_as(input, entries, start, end, "", sink, notice)
}

/// [`build`], the run's id `path#L{start}{suffix}` (several runs of one row).
fn build_as(input: &TableInput<'_>, entries: &[Entry<'_>], start: u32, end: u32, suffix: &str, sink: &mut Sink, notice: &mut Notice) -> Option<Run> {
    let path = input.path;
    let mut owned: Vec<Owned> = Vec::new();
    let mut extras: Vec<(String, f64, u32)> = Vec::new();
    let mut facts: Vec<(Fact, u32)> = Vec::new();
    let mut notes: Vec<Note> = Vec::new();
    // Engine flags the row states: (flag, value as written, line).
    let mut flags: Vec<(&'static str, String, u32)> = Vec::new();
    let mut results = 0;
    let mut unitless: Vec<(u32, &Col)> = Vec::new();
    let mut unqualified: Vec<(u32, &Col)> = Vec::new();
    let mut mismatched: Vec<(u32, &Col)> = Vec::new();
    let mut placeholder: Option<(u32, String, String)> = None;
    // Numbers of duplicate columns: into `metrics.extra` as they are, never through the
    // resolver (which would read `early ttft` as the run's TTFT again).
    let mut kept: Vec<(String, f64, u32)> = Vec::new();
    // A size-only model cell under a heading that names a model of another size.
    let mut sizes_differ: Option<(u32, String, String, String)> = None;
    // Spreads written after `±`: (the value's label, the spread, what the header calls it).
    let mut spreads: Vec<(String, f64, Option<String>)> = Vec::new();
    let mut extra_spreads: Vec<(String, f64, Option<String>)> = Vec::new();
    let id = format!("{path}#L{start}{suffix}");
    // `friendli_modeled` under `engine`: a row a model computed, not a measurement; no run.
    if let Some(e) = entries.iter().find(|e| matches!(e.col.column, Column::Context(Ctx::Framework | Ctx::Model | Ctx::Backend) | Column::Label) && modeled(e.text)) {
        sink.info(
            "modeled-row",
            e.line,
            format!("this row names itself modelled, not measured (`{}`: `{}`); it is not read as a run.", e.col.raw, clean(e.text)),
        )
        .value("cell", clean(e.text));
        return None;
    }
    for e in entries {
        let col = e.col;
        let num = match (&col.column, cell(e.text)) {
            // `20.7k tok/s` under a throughput: thousands (lengths such as `8K` are not read so:
            // a context column keeps them as words).
            (Column::Measure(_) | Column::Duplicate { .. }, num @ (Num::Text(_) | Num::Number(_, Unit::Other))) => match multiplied(&clean(e.text)) {
                Some((n, u)) => Num::Number(n, u),
                // `16.8 ms (AWQ)`, `20.0 (70B)`: the number, the words beside it kept as a note.
                None => match annotated(e.text) {
                    Some(n) => {
                        let text = clean(e.text);
                        // `487.72 (batch 64)`: the row's run had that load, not its table's.
                        let bracket = text.rsplit_once('(').map_or("", |(_, b)| b.trim_end_matches(')'));
                        if let Some(c) = context::concurrency_stated(bracket) {
                            facts.push((Fact::MaxConcurrency(c), e.line));
                        }
                        notes.push(Note { line: e.line, text: format!("{}: {text}", col.raw) });
                        n
                    }
                    None => num,
                },
            },
            (_, num) => num,
        };
        match (&col.column, num) {
            (Column::Skip | Column::Eval, _) => {}
            (_, Num::Placeholder(p)) => {
                placeholder.get_or_insert((e.line, col.raw.clone(), p));
            }
            // A name cut short by the table's writer (`Qwen/Qwen3-Coder-30B-A3B-Instr...`) is no
            // model: kept as a note, so a fuller statement elsewhere can name it.
            (Column::Context(Ctx::Model), Num::Text(t)) if t.ends_with("...") || t.ends_with('…') => {
                notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) });
            }
            // A model cell that holds only a size (`0.8B`, `7B`) names no model: joined to the
            // family its column header or the headings above name (`# mlllm Qwen3.5 优化日志`
            // → `Qwen3.5-0.8B`), else kept as a note. The note says where the family came from.
            // `Large (70-123B)`, `Small`: a class of sizes names no model; kept as a note.
            (Column::Context(Ctx::Model), Num::Text(t)) if is_size_class(&clean(&t)) => {
                notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) });
            }
            (Column::Context(Ctx::Model), _) if context::is_size(&clean(e.text)) => {
                let size = clean(e.text);
                match size_family(input, col) {
                    Some(Ok((family, from))) => {
                        facts.push((Fact::Model(format!("{family}-{size}")), e.line));
                        notes.push(Note { line: e.line, text: format!("{}: {size} ({family} from {from})", col.raw) });
                    }
                    Some(Err((model, from))) => {
                        notes.push(Note { line: e.line, text: format!("{}: {size}", col.raw) });
                        let sizes = model.split(['-', '/']).any(|p| p.eq_ignore_ascii_case(&size));
                        if !sizes {
                            sizes_differ.get_or_insert((e.line, size.clone(), model, from));
                        }
                    }
                    None => notes.push(Note { line: e.line, text: format!("{}: {size}", col.raw) }),
                }
            }
            // A GPU column's cell naming no GPU of the name list (an Azure VM size,
            // `1xStandard_ND96asr_v4 x 1`; a laptop, `MacBook Pro M1 Pro`; a service, `Groq
            // Cloud`) is no GPU name: kept as a note. One the name table knows, as written or
            // without its vendor and memory (`Nvidia 2080ti（22G）`: a card whose memory was
            // modded), names that GPU; the cell stays a note too, so its memory is not lost.
            (Column::Context(Ctx::Gpu), Num::Text(t)) if context::gpu_in(&t).is_none() => {
                if let Some(gpu) = input.names.known_gpu(&clean(&t)) {
                    facts.push((Fact::Gpu(gpu), e.line));
                }
                notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) });
            }
            (Column::Context(Ctx::TestName), Num::Text(t)) => {
                notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) });
                context_cell(Ctx::TestName, Num::Text(t), e, &mut owned, &mut facts, &mut extras);
            }
            // `| 指标 | 8 | 16 | 32 |`: a column named by a bare number (a load, a batch, a length:
            // the table does not say) is told apart by it, kept as a note.
            (Column::Context(Ctx::TestName), Num::Number(..)) => {
                notes.push(Note { line: e.line, text: format!("{}: {}", col.raw, clean(e.text)) });
            }
            (Column::Context(Ctx::Flag(flag)), Num::Number(..) | Num::Text(_) | Num::Inf) => {
                flags.push((*flag, clean(e.text), e.line));
            }
            (Column::Context(Ctx::Source), Num::Text(t)) if !own_source(&t) && cites_others(input.table, col) => {
                sink.info("cited-result", e.line, format!("this row cites a result measured elsewhere (`{}`: `{t}`); it is not read as one of this file's runs.", col.raw))
                    .value("source", &t);
                return None;
            }
            (Column::Context(Ctx::Source), _) => {
                notes.push(Note { line: e.line, text: format!("{}: {}", col.raw, clean(e.text)) });
            }
            (Column::Context(ctx), num) => {
                // `32K` under a length: 32,000 or 32,768 tokens, the cell does not say which; its
                // digits are not the length. Kept as words (a note).
                let num = match num {
                    Num::Number(_, Unit::Other) if multiplied(&clean(e.text)).is_some() => Num::Text(clean(e.text)),
                    num => num,
                };
                let stated = (owned.len(), facts.len(), extras.len());
                let words = match &num {
                    Num::Text(t) => Some(t.clone()),
                    _ => None,
                };
                context_cell(*ctx, num, e, &mut owned, &mut facts, &mut extras);
                // Words the column's meaning cannot take (`64 + prefix cache` under `Batch`)
                // say how the run differs: kept as a note, never dropped.
                // (A model cell naming an engine's configuration gave the engine: its words too.)
                let unread = stated == (owned.len(), facts.len(), extras.len()) || (*ctx == Ctx::Model && owned.len() == stated.0);
                if let Some(t) = words.filter(|_| unread) {
                    notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) });
                }
            }
            // `TTFT P50/P95` over `1200.8 / 1812.5 ms` (or bare `93 / 169` under `(ms)`), `TTFT
            // mean / p50 / p99 ms` over `25438 / 26982 / 30596`: statistics a cell, in the
            // header's order (a dash, one not measured).
            (Column::Measure(Measure::Latency { group, .. }), Num::Number(..) | Num::Text(_) | Num::NotMeasured)
                if stat_list(&col.raw).zip(number_list(e.text)).is_some_and(|(s, (n, _))| s.len() == n.len()) =>
            {
                let (stats, (numbers, cell_unit)) = (stat_list(&col.raw).unwrap_or_default(), number_list(e.text).unwrap_or((Vec::new(), Unit::None)));
                let unit = if cell_unit == Unit::None { col.unit } else { cell_unit };
                for (stat, n) in stats.into_iter().zip(numbers) {
                    let Some(n) = n else { continue };
                    match measure(&Measure::Latency { group, stat }, n, unit) {
                        Measured::Row(label, v) => {
                            results += usize::from(is_result(col));
                            owned.push(Owned { line: e.line, label, raw: col.raw.as_str().into(), value: OwnedValue::Number(v) });
                        }
                        _ => notes.push(Note { line: e.line, text: format!("{}: {}", col.raw, e.text.trim()) }),
                    }
                }
            }
            // `47–51` or `~500` under `TTFT (ms)`: no one measurement, but what the row says of
            // it, kept as a note.
            // `4-8K` under `档` (a row named by a range of lengths): the row's name, kept too.
            (Column::Measure(_) | Column::Label, Num::NotMeasured) => notes.push(Note { line: e.line, text: format!("{}: {}", col.raw, clean(e.text)) }),
            (_, Num::Absent | Num::NotMeasured) => {}
            // `Error Rate` over `1/16`: the requests that failed, of those sent.
            (Column::Measure(Measure::ErrorRate), Num::Number(..))
                if number_pair(e.text).is_some_and(|(a, b, u)| u == Unit::None && a.fract() == 0.0 && b.fract() == 0.0 && a <= b) =>
            {
                let (failed, _, _) = number_pair(e.text).unwrap_or((0.0, 0.0, Unit::None));
                owned.push(Owned { line: e.line, label: "failed requests".into(), raw: col.raw.as_str().into(), value: OwnedValue::Number(failed) });
            }
            // `1619.48 / 84.71` under a rate or a latency whose header names no two statistics:
            // two values it does not tell apart, each kept under the header with its place
            // (`吞吐性能 #1`, `#2`), neither read as the field (under a count, `80 / 80`, the
            // first is what was done).
            (Column::Measure(m), Num::Number(..))
                if !matches!(m, Measure::Completed | Measure::Failed | Measure::TotalInput | Measure::TotalOutput)
                    && stat_list(&col.raw).is_none()
                    && number_pair(e.text).is_some() =>
            {
                let (a, b, _) = number_pair(e.text).unwrap_or((0.0, 0.0, Unit::None));
                results += usize::from(is_result(col));
                for (place, n) in [(1, a), (2, b)] {
                    extras.push((format!("{} #{place}", col.key), n, e.line));
                }
            }
            (Column::Measure(m), Num::Number(n, cell_unit)) => {
                // `98 abc`, `-3` where a measurement stands: what the row says, kept as words.
                if n < 0.0 || cell_unit == Unit::Other {
                    notes.push(Note { line: e.line, text: format!("{}: {}", col.raw, clean(e.text)) });
                    continue;
                }
                let unit = if cell_unit == Unit::None { col.unit } else { cell_unit };
                match measure(m, n, unit) {
                    Measured::Row(label, v) => {
                        results += usize::from(is_result(col));
                        // `819.69 ± 8.40`: the spread, in the value's unit, under the field's key.
                        if let Some(pm) = plus_minus(e.text) {
                            if let Measured::Row(_, w) = measure(m, pm, unit) {
                                spreads.push((label.clone(), w, spread_label(&col.raw)));
                            }
                        }
                        owned.push(Owned { line: e.line, label, raw: col.raw.as_str().into(), value: OwnedValue::Number(v) });
                        if *m == Measure::Tokens(Kind::Unqualified) {
                            unqualified.push((e.head_line, col));
                        }
                    }
                    Measured::Unitless => {
                        results += usize::from(is_result(col));
                        extras.push((col.key.clone(), n, e.line));
                        unitless.push((e.head_line, col));
                    }
                    Measured::Extra(suffix) => {
                        results += usize::from(is_result(col));
                        let key = format!("{}{suffix}", col.key);
                        // `0.0 ± 0.0` under `Error rate % (mean ± std)`: the spread, under the
                        // extra number's field.
                        if let Some(pm) = plus_minus(e.text).filter(|_| *m == Measure::ErrorRate) {
                            extra_spreads.push((format!("extra.{key}"), pm, spread_label(&col.raw)));
                        }
                        extras.push((key, n, e.line));
                    }
                    // A throughput in seconds: the number is kept, under its header, and the
                    // column is named in a finding.
                    // (No result of the row's own: a row of `Metric | fp16 | W8A8` whose
                    // `weights on device` cells hold sizes is no run.)
                    Measured::No => {
                        extras.push((col.key.clone(), n, e.line));
                        if mismatch(m, unit) {
                            mismatched.push((e.head_line, col));
                        }
                    }
                }
            }
            // Words where a measurement stands (`HTTP 400`): what the row says instead, kept.
            (Column::Measure(_), Num::Text(t)) => notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) }),
            (Column::Measure(_), _) => {}
            // `OK/fail` over `1,133/19`: the requests that completed and those that failed.
            (Column::Label, Num::Number(..)) if ok_fail(&col.raw, e.text).is_some() => {
                let (ok, failed) = ok_fail(&col.raw, e.text).unwrap_or_default();
                for (label, n) in [("completed", ok), ("failed requests", failed)] {
                    owned.push(Owned { line: e.line, label: label.into(), raw: col.raw.as_str().into(), value: OwnedValue::Number(n) });
                }
            }
            // `128K` (no unit, a multiplier) or `1619.48 / 84.71` (two numbers) under a column
            // of no known meaning: its first digits would be a wrong number; the words, kept.
            (Column::Label, Num::Number(_, u)) if u == Unit::Other || number_pair(e.text).is_some() => {
                notes.push(Note { line: e.line, text: format!("{}: {}", col.raw, clean(e.text)) });
            }
            (Column::Label, Num::Number(n, u)) => {
                // A unit only the cell states goes into the key, so the number keeps its meaning.
                let suffix = match (col.unit, u) {
                    (Unit::None, Unit::Time(f)) => time_suffix(f),
                    (Unit::None, Unit::Percent) => " (%)",
                    _ => "",
                };
                extras.push((format!("{}{suffix}", col.key), n, e.line));
            }
            (Column::Label, Num::Text(t)) => {
                // A row named by its tensor parallelism alone (`**TP=2**` under 配置): the run's
                // TP, before any a heading states (`TP=1 vs TP=2`).
                // The row's name in the first column (`Vanilla BF16 TP=1`, `パッチ MXFP4 TP=2`):
                // the TP and the one precision it names are the run's.
                let first = input.table.header.first().is_some_and(|h| clean(h) == col.raw);
                if let Some(tp) = only_tp(&t).or_else(|| context::tp_in(&t).filter(|_| first)) {
                    owned.push(Owned { line: e.line, label: "tp size".into(), raw: col.raw.as_str().into(), value: OwnedValue::Number(f64::from(tp)) });
                }
                let precision = first.then(|| crate::precision::named_in_heading(t.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_')).filter(|w| !w.is_empty()))).flatten();
                if let Some(p) = precision {
                    owned.push(Owned { line: e.line, label: "quantization".into(), raw: col.raw.as_str().into(), value: OwnedValue::Text(p) });
                }
                // `4× H100 BF16`: the GPU and count it names are the row's, before a heading's.
                if let Some((gpu, count)) = first.then(|| context::gpu_in(&t)).flatten() {
                    facts.push((Fact::Gpu(gpu), e.line));
                    facts.extend(count.map(|c| (Fact::GpuCount(c), e.line)));
                }
                // `attn=fa3,random_input_len=1024,random_output_len=1024`: the load the row's
                // name sets (`KEY=VALUE` of known load keys only).
                if first {
                    facts.extend(context::settings_in(&t).into_iter().map(|f| (f, e.line)));
                }
                let text = if col.raw.is_empty() { t } else { format!("{}: {t}", col.raw) };
                notes.push(Note { line: e.line, text });
            }
            (Column::Label, Num::Inf) => {}
            (Column::Duplicate { result }, Num::Number(n, u)) => {
                if u == Unit::Other {
                    continue;
                }
                results += usize::from(*result);
                let suffix = match (col.unit, u) {
                    (Unit::None, Unit::Time(f)) => time_suffix(f),
                    (Unit::None, Unit::Percent) => " (%)",
                    _ => "",
                };
                kept.push((format!("{}{suffix}", col.key), n, e.line));
            }
            (Column::Duplicate { .. }, Num::Text(t)) => {
                notes.push(Note { line: e.line, text: format!("{}: {t}", col.raw) });
            }
            (Column::Duplicate { .. }, Num::Inf) => {}
        }
    }
    if results == 0 {
        return None;
    }
    if let Some((line, size, model, from)) = sizes_differ {
        sink.warn(
            "model-size-differs",
            line,
            format!(
                "the model cell holds only the size `{size}`, while {from} names the model `{model}`; the two disagree, so the \
                 run's model may be wrong. Write the whole model name in the cell."
            ),
        )
        .value("size", &size)
        .value("model", &model)
        .run(&id);
    }
    if let Some((line, label, p)) = placeholder {
        sink.info(
            "placeholder-value",
            line,
            format!("`{label}` holds the placeholder `{p}` instead of a number; that cell is left empty and the row's other values are kept."),
        )
        .value("label", &label)
        .value("placeholder", &p)
        .run(&id);
    }
    // An extra number the resolver files under its own name goes through it as a row: a row
    // whose only result is such a number (a throughput per GPU) is still a run, with the
    // row's context, which a number added afterwards would not give it.
    let (extras, as_rows): (Vec<_>, Vec<_>) =
        extras.into_iter().partition(|(key, _, _)| !matches!(fields::classify(key), Some(fields::Target::Extra(k)) if k == *key));
    for (key, n, line) in as_rows {
        owned.push(Owned { line, label: key.clone(), raw: key.into(), value: OwnedValue::Number(n) });
    }
    // The labels move into the rows (the facts below read them back from there).
    let labels: Vec<String> = owned.iter_mut().map(|o| std::mem::take(&mut o.label)).collect();
    let rows: Vec<Row<'_>> = owned
        .iter()
        .zip(labels)
        .map(|(o, label)| Row {
            line: o.line,
            label,
            raw_label: &o.raw,
            cell: Cell {
                value: match &o.value {
                    OwnedValue::Number(n) => Value::Number(*n),
                    OwnedValue::Text(t) => Value::Text(t.as_str()),
                    OwnedValue::Inf => Value::Inf,
                },
                unit: "",
            },
            section: None,
        })
        .collect();
    let block = Block { format: ScanFormat::Named(NAME), start, end, terminated: true, rows, context: Default::default(), sweep: None, cut_at: None };
    // A row of extra numbers only is a run too: the resolver's "empty block" does not apply.
    let mut scratch = Sink::new(&sink.path);
    let mut resolved = block::resolve(&block, &[], &mut scratch);
    scratch.findings.retain(|f| f.code != "empty-block");
    if !suffix.is_empty() {
        let old = format!("{path}#L{start}");
        if let Some(r) = resolved.as_mut() {
            r.id = id.as_str().into();
        }
        for f in &mut scratch.findings {
            for r in f.runs.iter_mut().filter(|r| r.as_str() == old) {
                *r = id.as_str().into();
            }
        }
    }
    sink.findings.append(&mut scratch.findings);
    let resolved_any = resolved.is_some();
    let mut run = resolved.unwrap_or_else(|| {
        let mut r = Run { id: id.as_str().into(), format: NAME.into(), ..Run::default() };
        r.source.path = path.into();
        r.source.line = start;
        r.source.end_line = end;
        r
    });
    // A row whose only results are numbers kept aside (latencies without a unit) was not
    // resolved: what its cells state about the run is given directly, so it is not lost.
    if !resolved_any {
        facts.extend(owned.iter().zip(&block.rows).filter_map(|(o, row)| Some((row_fact(&row.label, &o.value)?, o.line))));
    }
    let spreads = spreads.into_iter().filter_map(|(label, pm, name)| Some((fields::classify(&label).as_ref().and_then(super::aiperf::field_key)?, pm, name)));
    for (key, pm, name) in spreads.chain(extra_spreads) {
        let std = name.as_deref().is_some_and(|n| matches!(n.to_ascii_lowercase().as_str(), "std" | "sd" | "stdev" | "stddev" | "σ"));
        let spread = Spread { std: std.then_some(pm), plus_minus: Some(pm), label: Some(name.unwrap_or_else(|| "±".into())), ..Spread::default() };
        run.metrics.spread.insert(key, spread);
    }
    for (key, n, line) in extras.into_iter().chain(kept) {
        run.metrics.extra.insert(key.clone(), n);
        run.source.lines.insert(format!("metrics.extra.{key}"), line);
    }
    for (name, value, line) in flags {
        run.source.lines.insert(format!("params.flags.{name}"), line);
        run.params.flags.push(benchsite_model::Flag { name: name.to_string(), value: Some(value) });
    }
    // What the row states about the run is its context, kind `table-row`.
    let stated = [
        "model", "backend", "precision", "tp", "scenario.dataset", "scenario.num_prompts", "scenario.input_len", "scenario.output_len",
        "scenario.max_concurrency", "scenario.request_rate",
    ];
    for key in stated {
        if let Some(&line) = run.source.lines.get(key) {
            run.source.context.insert(key, ContextRef { line, kind: TABLE_ROW.to_string() });
        }
    }
    for (fact, line) in facts {
        let key = fact.key();
        if context::give(&mut run, fact, line, TABLE_ROW) {
            run.source.lines.insert(key, line);
        }
    }
    run.notes = notes;
    for (columns, noticed) in [(unitless, &mut notice.unitless), (unqualified, &mut notice.unqualified), (mismatched, &mut notice.mismatched)] {
        for (line, col) in columns {
            noticed.entry((line, col.raw.clone())).or_insert_with(|| (col.key.clone(), Vec::new())).1.push(run.id.to_string());
        }
    }
    Some(run)
}

/// A number followed by words in brackets (`16.8 ms (AWQ)`, `20.0 (70B)`): the number with
/// its unit, when the rest is one.
fn annotated(raw: &str) -> Option<Num> {
    let text = clean(raw);
    let head = text.strip_suffix(')')?.rsplit_once('(')?.0.trim();
    match cell(head) {
        n @ Num::Number(_, u) if u != Unit::Other => Some(n),
        _ => None,
    }
}

/// A source cell naming the document's own measurement (`This benchmark`, `Ours`, `Local
/// run`, `本文`): one of its words, or a phrase written without spaces.
fn own_source(text: &str) -> bool {
    let t = text.to_lowercase();
    let own_words = ["this", "ours", "our", "local", "locally", "reproduced", "measured", "self"];
    t.trim().is_empty()
        || t.split(|c: char| !c.is_alphanumeric()).any(|w| own_words.contains(&w))
        || ["本文", "本次", "本测试", "我们", "实测", "自测"].iter().any(|w| t.contains(w))
}

/// Whether a `Source` column tells this document's results from others' (`This benchmark`
/// beside `vLLM Blog`): some row's cell is its own. A column of sources only (`Hugging Face`,
/// `ModelScope`: where a model came from) cites no one.
fn cites_others(table: &crate::markdown::Table, col: &Col) -> bool {
    let Some(i) = table.header.iter().position(|h| *h == col.raw) else { return false };
    table.rows.iter().any(|r| r.cells.get(i).is_some_and(|c| !clean(c).trim().is_empty() && own_source(&clean(c))))
}

/// The model family a size-only model cell belongs to, and where it was named: the column's
/// header, then the headings above the table, innermost first. A header or heading that
/// names a whole model (`Qwen3-8B`) ends the search: the cell's size is not joined to it.
/// `Err` with the whole model and where it is named when that comes first.
fn size_family(input: &TableInput<'_>, col: &Col) -> Option<Result<(String, String), (String, String)>> {
    let places = std::iter::once((col.raw.as_str(), "the column header".to_string()))
        .chain(input.headings.iter().filter(|h| !h.is_empty()).map(|h| (*h, format!("the heading `{h}`"))));
    for (text, from) in places {
        match context::family_word_in(text) {
            Some(context::FamilyWord::Family(f)) => return Some(Ok((f, from))),
            Some(context::FamilyWord::Model(m)) => return Some(Err((m, from))),
            None => {}
        }
    }
    None
}

/// A model cell naming a class of sizes, not a model: `Large`, `Small`, `Large (70-123B)` (a
/// size word, and in brackets a size or a range of sizes, if anything).
fn is_size_class(text: &str) -> bool {
    let (word, sizes) = match text.split_once('(') {
        Some((w, rest)) => (w.trim(), rest.strip_suffix(')').map(str::trim)),
        None => (text.trim(), Some("")),
    };
    let Some(sizes) = sizes else { return false };
    let word = word.to_ascii_lowercase();
    let size_word = matches!(word.as_str(), "tiny" | "small" | "medium" | "mid" | "large" | "xl" | "xlarge" | "huge");
    // `70-123B`: a range whose unit is written once, at its end.
    let range = |s: &str| s.split_once(['-', '–']).is_some_and(|(a, b)| context::is_size(b) && (context::is_size(a) || context::is_size(&format!("{a}{}", &b[b.len() - 1..]))));
    size_word && (sizes.is_empty() || context::is_size(sizes) || range(sizes))
}

/// `20.7k tok/s`, `1.3k`, `2.1M tok/s`: a number with a thousands or millions suffix, and the
/// unit after it (none, or one [`unit_of`] knows).
fn multiplied(text: &str) -> Option<(f64, Unit)> {
    let t = text.trim();
    let end = t.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))?;
    let (digits, rest) = t.split_at(end);
    let factor = match rest.chars().next()? {
        'k' | 'K' => 1e3,
        'M' => 1e6,
        _ => return None,
    };
    let unit = unit_of(rest[1..].trim());
    let n: f64 = ungroup(digits).parse().ok()?;
    (unit != Unit::Other && !digits.is_empty()).then_some((n * factor, unit))
}

/// The fact a context row states (what the resolver would have read from it).
fn row_fact(label: &str, value: &OwnedValue) -> Option<Fact> {
    let whole = |v: f64| value::integer(v).filter(|&n| n > 0);
    Some(match (label, value) {
        ("model", OwnedValue::Text(t)) => Fact::Model(t.clone()),
        ("backend", OwnedValue::Text(t)) => Fact::Backend(t.clone()),
        ("dataset", OwnedValue::Text(t)) => Fact::Dataset(t.clone()),
        ("num prompts", OwnedValue::Number(n)) => Fact::NumPrompts(whole(*n)?),
        ("input len", OwnedValue::Number(n)) => Fact::InputLen(whole(*n)?),
        ("output len", OwnedValue::Number(n)) => Fact::OutputLen(whole(*n)?),
        ("max concurrency", OwnedValue::Number(n)) => Fact::MaxConcurrency(whole(*n)?),
        ("tp size", OwnedValue::Number(n)) => Fact::Tp(u32::try_from(whole(*n)?).ok()?),
        ("request rate", OwnedValue::Number(n)) if *n > 0.0 && n.is_finite() => Fact::RequestRate(RequestRate::PerSecond(*n)),
        ("request rate", OwnedValue::Inf) => Fact::RequestRate(RequestRate::Inf),
        _ => return None,
    })
}

fn time_suffix(ms_per_unit: f64) -> &'static str {
    if ms_per_unit == 1.0 {
        " (ms)"
    } else if ms_per_unit == 1000.0 {
        " (s)"
    } else if ms_per_unit < 1.0 {
        " (us)"
    } else {
        " (min)"
    }
}

enum Measured {
    /// A row for the resolver: canonical label and the value in its unit.
    Row(String, f64),
    /// No unit stated anywhere: kept as an extra number, with a finding.
    Unitless,
    /// Kept as an extra number under the header's name plus this suffix.
    Extra(&'static str),
    /// The cell's unit does not fit the column (a percentage in a latency column).
    No,
}

/// Converts units without float noise (`0.585 s` → `585` ms).
fn scale(n: f64, factor: f64) -> f64 {
    if factor == 1.0 {
        return n;
    }
    ((n * factor) * 1e9).round() / 1e9
}

/// Whether `unit` is one of another kind of metric than `m`'s: a time for a throughput, a
/// rate for a latency or a duration (a percentage under `请求成功率` is none of these).
fn mismatch(m: &Measure, unit: Unit) -> bool {
    let rate = matches!(m, Measure::Tokens(_) | Measure::Requests | Measure::Peak | Measure::Throughput(_) | Measure::Goodput);
    let time = matches!(m, Measure::Latency { .. } | Measure::Duration);
    (rate && matches!(unit, Unit::Time(_))) || (time && matches!(unit, Unit::TokenRate | Unit::RequestRate))
}

fn measure(m: &Measure, n: f64, unit: Unit) -> Measured {
    let short = |g: &str| match g {
        "ttft_ms" => "ttft",
        "tpot_ms" => "tpot",
        "itl_ms" => "itl",
        _ => "e2el",
    };
    match (m, unit) {
        (Measure::Latency { group, stat }, Unit::Time(f)) => Measured::Row(format!("{stat} {} (ms)", short(group)), scale(n, f)),
        (Measure::Latency { .. } | Measure::Duration, Unit::None) => Measured::Unitless,
        (Measure::Duration, Unit::Time(f)) => Measured::Row("benchmark duration (s)".into(), scale(n, f / 1000.0)),
        (Measure::Tokens(kind), Unit::TokenRate | Unit::None) => {
            let label = match kind {
                Kind::Output | Kind::Unqualified => "output token throughput (tok/s)",
                Kind::Total => "total token throughput (tok/s)",
                Kind::Input => "input token throughput (tok/s)",
            };
            Measured::Row(label.into(), n)
        }
        (Measure::Requests, Unit::RequestRate | Unit::None) => Measured::Row("request throughput (req/s)".into(), n),
        (Measure::Peak, Unit::TokenRate | Unit::None) => Measured::Row("peak output token throughput (tok/s)".into(), n),
        (Measure::Tokens(_) | Measure::Peak | Measure::Requests | Measure::Throughput(_), Unit::PerMinute) => Measured::Extra(" (per minute)"),
        (Measure::Tokens(_) | Measure::Peak | Measure::Requests | Measure::Throughput(_), Unit::PerGpu) => Measured::Extra(""),
        (Measure::Throughput(kind), Unit::TokenRate) => measure(&Measure::Tokens(*kind), n, unit),
        (Measure::Throughput(_), Unit::RequestRate) => Measured::Row("request throughput (req/s)".into(), n),
        (Measure::Throughput(_), Unit::None) => Measured::Unitless,
        (Measure::AcceptLength, Unit::None) => Measured::Row("accept length".into(), n),
        (Measure::Goodput, Unit::RequestRate | Unit::None) => Measured::Row("request goodput (req/s)".into(), n),
        (Measure::PeakConcurrent, Unit::None) => Measured::Row("peak concurrent requests".into(), n),
        // A count is whole; a fraction under a count's header is kept as it is printed.
        (Measure::Completed | Measure::Failed | Measure::TotalInput | Measure::TotalOutput, Unit::None) if n.fract() != 0.0 => {
            Measured::Extra("")
        }
        (Measure::Completed, Unit::None) => Measured::Row("successful requests".into(), n),
        (Measure::Failed, Unit::None) => Measured::Row("failed requests".into(), n),
        (Measure::TotalInput, Unit::None) => Measured::Row("total input tokens".into(), n),
        (Measure::TotalOutput, Unit::None) => Measured::Row("total generated tokens".into(), n),
        (Measure::ErrorRate, Unit::None | Unit::Percent) => Measured::Extra(""),
        _ => Measured::No,
    }
}

fn context_cell<'a>(ctx: Ctx, num: Num, e: &Entry<'a>, owned: &mut Vec<Owned<'a>>, facts: &mut Vec<(Fact, u32)>, extras: &mut Vec<(String, f64, u32)>) {
    let text = clean(e.text);
    let line = e.line;
    // Counts (GPUs, TP, concurrency, prompts, lengths) are whole; a fraction under such a
    // header is kept as printed, under the header's name.
    let counted = matches!(ctx, Ctx::Gpu | Ctx::GpuCount | Ctx::Tp | Ctx::MaxConcurrency | Ctx::NumPrompts | Ctx::InputLen | Ctx::OutputLen);
    if let (true, Num::Number(n, _)) = (counted, &num) {
        if n.fract() != 0.0 {
            extras.push((e.col.key.clone(), *n, line));
            return;
        }
    }
    let raw: &'a str = e.col.raw.as_str();
    let mut push = |label: &str, value: OwnedValue| owned.push(Owned { line, label: label.into(), raw: raw.into(), value });
    let words = !matches!(num, Num::Absent | Num::Placeholder(_));
    match (ctx, num) {
        // `vllm_fp8_quantization`, `sglang_torch_compile` under `Model`: a configuration of
        // an engine, which gives the engine and no model (the words stay a note).
        (Ctx::Model, _) if words => match engine_named(&text).filter(|_| !context::is_model_word(&text)) {
            Some(engine) => facts.push((Fact::Framework(engine.to_string()), line)),
            // `Llama 3.1 70B (amd/Llama-3.1-70B-Instruct-FP8-KV)`: the checkpoint in brackets is
            // the model that ran (its family was read from `…FP8-KV)`).
            None => {
                let model = bracketed_checkpoint(&text).map(str::to_string).unwrap_or(text);
                push("model", OwnedValue::Text(model))
            }
        },
        (Ctx::Backend, _) if words => push("backend", OwnedValue::Text(text)),
        (Ctx::Dataset, _) if words => push("dataset", OwnedValue::Text(text)),
        (Ctx::Precision, _) if words => push("quantization", OwnedValue::Text(text)),
        (Ctx::Framework, _) if words => {
            let named = framework::of_backend(&text).map(str::to_string).unwrap_or(text);
            facts.push((Fact::Framework(named), line));
        }
        // `v0.6.0`: a release (`v0.6.0+step10`, `latest`, `0.5.x` name none: notes, as every
        // cell its column cannot take).
        (Ctx::Version(engine), _) if words => match (context::exact_version(&text), engine) {
            // A column of one engine's releases: the row's engine too.
            (Some(v), Some(engine)) => facts.extend([(Fact::Framework(engine.to_string()), line), (Fact::VersionOf(engine, v), line)]),
            (Some(v), None) => facts.push((Fact::FrameworkVersion(v), line)),
            (None, _) => {}
        },
        (Ctx::Gpu | Ctx::GpuCount, Num::Number(n, Unit::None)) if ctx == Ctx::GpuCount || n < 16.0 => {
            facts.extend(value::integer(n).filter(|&c| c > 0).map(|c| (Fact::GpuCount(c as u32), line)));
        }
        // A cell naming no GPU is a note (see `build`), never the GPU.
        (Ctx::Gpu, _) if words => {
            if let Some((gpu, count)) = context::gpu_in(&text) {
                facts.push((Fact::Gpu(gpu), line));
                facts.extend(count.map(|c| (Fact::GpuCount(c), line)));
            }
        }
        (Ctx::GpuCount, _) if words => {
            if let Some((_, Some(c))) = context::gpu_in(&text) {
                facts.push((Fact::GpuCount(c), line));
            }
        }
        (Ctx::Tp, Num::Number(n, Unit::None)) => push("tp size", OwnedValue::Number(n)),
        (Ctx::Tp, Num::Text(t)) => {
            if let Some(tp) = context::tp_in(&t).or_else(|| t.trim_start_matches(['x', 'X']).parse().ok()) {
                push("tp size", OwnedValue::Number(f64::from(tp)));
            }
        }
        (Ctx::MaxConcurrency, Num::Number(n, Unit::None)) => push("max concurrency", OwnedValue::Number(n)),
        // `C8`, `c32`, `c=16`, `P64` (parallel), `CONC4`: a concurrency level as sweep reports
        // name it.
        (Ctx::MaxConcurrency, Num::Text(t)) if concurrency_name(&t).is_some() => {
            push("max concurrency", OwnedValue::Number(concurrency_name(&t).unwrap_or_default()));
        }
        // `×4`, `×8 (float32)` under `并发`: that many at once (the words after it stay the
        // row's note).
        (Ctx::MaxConcurrency, Num::Text(t)) if times_count(&t).is_some() => {
            push("max concurrency", OwnedValue::Number(times_count(&t).unwrap_or_default()));
        }
        (Ctx::NumPrompts, Num::Number(n, Unit::None)) => push("num prompts", OwnedValue::Number(n)),
        (Ctx::InputLen, Num::Number(n, Unit::None | Unit::Other)) => push("input len", OwnedValue::Number(n)),
        (Ctx::OutputLen, Num::Number(n, Unit::None | Unit::Other)) => push("output len", OwnedValue::Number(n)),
        (Ctx::RequestRate, Num::Number(n, Unit::None | Unit::RequestRate)) => push("request rate", OwnedValue::Number(n)),
        (Ctx::RequestRate, Num::Inf) => push("request rate", OwnedValue::Inf),
        (Ctx::TestName, Num::Text(t)) => {
            if let Some(tp) = context::tp_in(&t) {
                push("tp size", OwnedValue::Number(f64::from(tp)));
            }
            match qps_in(&t) {
                Some(Some(rate)) => push("request rate", OwnedValue::Number(rate)),
                Some(None) => push("request rate", OwnedValue::Inf),
                None => {}
            }
        }
        (Ctx::InputOutput, _) => {
            let parts: Vec<Option<f64>> = text.split(['/', ':']).map(|p| ungroup(p.trim()).parse().ok()).collect();
            if let [Some(i), Some(o)] = parts.as_slice() {
                push("input len", OwnedValue::Number(*i));
                push("output len", OwnedValue::Number(*o));
            }
        }
        _ => {}
    }
}

/// `×8`, `x16`, `×8 (float32)`: a count written as a multiple, with at most a bracket after it.
fn times_count(text: &str) -> Option<f64> {
    let rest = text.trim().strip_prefix(['×', 'x', 'X'])?.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = rest[digits..].trim_start();
    (digits > 0 && (after.is_empty() || after.starts_with(['(', '（']))).then(|| rest[..digits].parse().ok()).flatten()
}

/// The two statistics a header names as a pair: `TTFT P50/P95` → (`p50`, `p95`).
/// A header naming the requests that succeeded and those that failed (`OK/fail`,
/// `Success/Failed`, `成功/失败`) over a cell of two counts (`1,133/19`): the two counts.
fn ok_fail(header: &str, cell: &str) -> Option<(f64, f64)> {
    if !names_ok_fail(&clean(header).to_lowercase()) {
        return None;
    }
    let (a, b) = clean(cell).split_once('/').map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))?;
    let count = |t: &str| ungroup(t).parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0 && n.fract() == 0.0);
    Some((count(&a)?, count(&b)?))
}

/// Whether a header (lower case) names the requests that succeeded and those that failed:
/// `ok/fail`, `success / failed`, `成功/失败`.
fn names_ok_fail(header: &str) -> bool {
    let ok_words = ["ok", "success", "successful", "succeeded", "completed", "成功"];
    let fail_words = ["fail", "failed", "failure", "failures", "error", "errors", "失败"];
    header.split_once('/').is_some_and(|(ok, fail)| ok_words.contains(&ok.trim()) && fail_words.contains(&fail.trim()))
}

/// The statistics a header names apart with slashes, in order: `TTFT p50 / p95 (ms)` (also
/// written `p50/p95`), `TTFT mean / p50 / p99 ms`.
fn stat_list(raw: &str) -> Option<Vec<String>> {
    let lower = raw.to_lowercase().replace(" / ", "/");
    lower.split_whitespace().find_map(|w| {
        let w = w.trim_matches(['(', ')']);
        w.contains('/').then(|| w.split('/').map(stat_word).collect::<Option<Vec<String>>>()).flatten()
    })
}

/// Numbers a cell lists apart with slashes, `1200.8 / 1812.5 ms`, `25438 / 26982 / 30596`,
/// with the unit written after the last or after each (`5.7s / 5.8s`), in groups of thousands
/// or not (`17,400 / 32,831`); a dash for one not measured (`8019 / - / 11069`), but not for
/// all of them.
fn number_list(text: &str) -> Option<(Vec<Option<f64>>, Unit)> {
    let side = |t: &str| -> Option<(Option<f64>, Unit)> {
        let t = t.trim();
        if matches!(t, "-" | "—" | "–") {
            return Some((None, Unit::None));
        }
        let end = t.find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | ','))).unwrap_or(t.len());
        let digits = &t[..end];
        // A comma only between groups of three digits (`17,400`), never a list (`1,2`).
        if digits.split(',').skip(1).any(|g| g.len() != 3 || g.contains('.')) {
            return None;
        }
        let n = plain_number(&digits.replace(',', ""))?;
        let rest = t[end..].trim();
        Some((Some(n), if rest.is_empty() { Unit::None } else { unit_of(rest) }))
    };
    if !text.contains('/') {
        return None;
    }
    let mut numbers = Vec::new();
    let mut unit = Unit::None;
    for part in text.split('/') {
        let (n, u) = side(part)?;
        unit = match (unit, u) {
            (u, Unit::None) | (Unit::None, u) => u,
            (u, v) if u == v => u,
            _ => return None,
        };
        numbers.push(n);
    }
    (unit != Unit::Other && numbers.iter().any(Option::is_some)).then_some((numbers, unit))
}

/// Two numbers a cell ([`number_list`] of two, both written).
fn number_pair(text: &str) -> Option<(f64, f64, Unit)> {
    match number_list(text)? {
        (list, unit) if list.len() == 2 => Some((list[0]?, list[1]?, unit)),
        _ => None,
    }
}

/// The TP a cell states and nothing else: `TP=2`, `tp 4`, `TP8`.
fn only_tp(text: &str) -> Option<u32> {
    let t = text.trim();
    let rest = t.get(..2).filter(|p| p.eq_ignore_ascii_case("tp")).map(|_| t[2..].trim_start_matches([' ', '=', ':', '-']))?;
    (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())).then(|| context::tp_in(t)).flatten()
}

/// The rate a test name states (`qps_16` → 16, `qps_inf` → infinite: `Some(None)`).
fn qps_in(name: &str) -> Option<Option<f64>> {
    let lower = name.to_ascii_lowercase();
    let at = lower.find("qps")?;
    let rest = lower[at + 3..].trim_start_matches(['_', '-', '=']);
    if rest.starts_with("inf") {
        return Some(None);
    }
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.parse::<f64>().ok().filter(|r| r.is_finite() && *r > 0.0).map(Some)
}

/// Findings about columns, once per column.
/// `duplicate-columns`, once per group of a table that yielded runs.
fn report_duplicates(p: &Prepared<'_>, runs: &[Run], sink: &mut Sink) {
    if runs.is_empty() {
        return;
    }
    for members in &p.duplicates {
        let cols: Vec<&Col> = members.iter().map(|&i| &p.cols[i]).collect();
        if cols.iter().all(|c| c.column == Column::Label) {
            continue; // extra numbers under a position each: nothing to choose between
        }
        let named: Vec<String> = members.iter().map(|&i| format!("`{}` (column {})", p.cols[i].raw, i + 1)).collect();
        let keys: Vec<&str> = cols.iter().map(|c| c.key.as_str()).collect();
        let finding = sink.warn(
            "duplicate-columns",
            p.input.table.line,
            format!(
                "{} would fill the same field of each run, and the table does not say which is the run's; none of them \
                 fills it, and each number is kept as an extra value ({}). Name the columns apart (a unit, a statistic, or \
                 a table per run) to have them read.",
                named.join(" and "),
                keys.join(", ")
            ),
        )
        .value("columns", named.join(", "));
        for run in runs {
            finding.runs.push(run.id.clone());
        }
    }
}

fn report(notice: &Notice, sink: &mut Sink) {
    for ((line, raw), (key, ids)) in &notice.unitless {
        let f = sink.warn(
            "unit-unknown",
            *line,
            format!(
                "`{raw}` states no unit, neither in the header nor in its cells; its numbers are kept under `{key}` in the extra \
                 metrics, not read as a latency or throughput. Write the unit into the header (`TTFT (ms)`) to have them read."
            ),
        );
        f.value("label", raw).value("field", format!("metrics.extra.{key}"));
        f.runs(ids.iter().map(String::as_str));
    }
    for ((line, raw), (key, ids)) in &notice.mismatched {
        let f = sink.warn(
            "unit-mismatch",
            *line,
            format!(
                "`{raw}`, or its cells, give a unit that is no unit of the metric named (a time for a throughput, a rate for \
                 a latency); its numbers are kept under `{key}` in the extra metrics, not read as that metric. Correct the header's unit."
            ),
        );
        f.value("label", raw).value("field", format!("metrics.extra.{key}"));
        f.runs(ids.iter().map(String::as_str));
    }
    for ((line, raw), (_, ids)) in &notice.unqualified {
        let f = sink.info(
            "throughput-tokens-unstated",
            *line,
            format!("`{raw}` does not say whether it counts generated tokens or all tokens; it is read as output token throughput."),
        );
        f.value("label", raw);
        f.runs(ids.iter().map(String::as_str));
    }
}

// ---------------------------------------------------------------------------------------
// Summaries

/// Every number a run states, keyed like `source.lines` (`metrics.ttft_ms.mean`).
/// A number a run states: its field (`request_throughput`, or a latency group) and, for a
/// latency, its statistic; borrowed from the run, so indexing every run allocates no key.
type Key<'r> = (&'static str, &'r str);

/// How a duplicate finding names a number: `request_throughput`, `ttft_ms.mean`.
fn key_name((field, stat): Key<'_>) -> String {
    if stat.is_empty() {
        field.to_string()
    } else {
        format!("{field}.{stat}")
    }
}

fn numbers(run: &Run) -> Vec<(Key<'_>, f64)> {
    let m = &run.metrics;
    let mut out: Vec<(Key<'_>, f64)> = [
        ("request_throughput", m.request_throughput),
        ("output_throughput", m.output_throughput),
        ("total_throughput", m.total_throughput),
        ("input_throughput", m.input_throughput),
        ("duration_s", m.duration_s),
        ("completed", m.completed.map(|c| c as f64)),
        ("total_input_tokens", m.total_input_tokens.map(|c| c as f64)),
        ("total_output_tokens", m.total_output_tokens.map(|c| c as f64)),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| ((k, ""), v)))
    .collect();
    for (group, lat) in [("ttft_ms", &m.ttft_ms), ("tpot_ms", &m.tpot_ms), ("itl_ms", &m.itl_ms), ("e2e_ms", &m.e2e_ms)] {
        for (stat, v) in lat.iter().flatten() {
            out.push(((group, &stat[..]), *v));
        }
    }
    // A summary's `| 总吞吐 |` with no unit, kept under its header: a throughput of some kind.
    for (label, v) in m.extra.iter() {
        if UNITLESS_THROUGHPUT.contains(&label.to_lowercase().as_str()) {
            out.push((ANY_THROUGHPUT, *v));
        }
    }
    // The load a summary names with its number (`| vLLM | 7,431.5 tok/s | 128 |` over the
    // batch-128 row): after the metrics, so that a row is looked up by a measured number.
    if !out.is_empty() {
        out.extend(run.scenario.max_concurrency.map(|c| (LOAD_KEY, c as f64)));
    }
    out
}

/// The key of a row's concurrency among its numbers (a scenario field the findings do not
/// list as a repeated number).
const LOAD_KEY: Key<'static> = ("max_concurrency", "");

/// Headers of a throughput that states no unit (`| 总吞吐 |` in a summary of the tables
/// above, whose own headers say `总吞吐(tok/s)`).
const UNITLESS_THROUGHPUT: [&str; 8] = ["throughput", "total throughput", "吞吐", "吞吐量", "总吞吐", "总吞吐量", "吞吐率", "tps"];

/// The key of a throughput of unstated kind: the same number as any throughput of another run.
const ANY_THROUGHPUT: Key<'static> = ("throughput", "");

/// The value `theirs` holds under `key`, or, for a token rate, under the other one (a table's
/// `tokens/s`, read as output tokens, over a log's total), or, for a throughput of unstated
/// kind, under any throughput; whether it is close to `v` to the precision `close` allows.
fn states_value(theirs: &HashMap<Key<'_>, f64>, key: &Key<'_>, v: f64, close: impl Fn(f64, f64) -> bool) -> bool {
    const RATES: [Key<'static>; 5] = [("output_throughput", ""), ("total_throughput", ""), ("input_throughput", ""), ("request_throughput", ""), ANY_THROUGHPUT];
    let twin = || token_twin(key).and_then(|t| theirs.get(&t)).is_some_and(|&w| close(v, w));
    match theirs.get(key) {
        // A table's unqualified `Throughput (tok/s)`, read as output tokens, over a log that
        // prints both rates: its total, when that is the number.
        Some(&w) => close(v, w) || twin(),
        None if *key == ANY_THROUGHPUT => RATES.iter().any(|k| theirs.get(k).is_some_and(|&w| close(v, w))),
        None => twin(),
    }
}

/// Whether two printed values may be one number rounded twice: within half the last
/// decimal of the coarser (`0.97` and `0.974567`), at most 1% apart. A whole value may
/// have been printed with decimals (`13.0`, not `13`): its own rounding is not known, and
/// only the other's counts.
fn rounded_alike(v: f64, w: f64) -> bool {
    let theirs = if w.fract() == 0.0 { 0.0 } else { tolerance(w).min(0.01 * v.abs().max(w.abs())) };
    (v - w).abs() <= tolerance(v).max(theirs)
}

/// How far a printed value may be from the one it rounds: half its last decimal.
fn tolerance(v: f64) -> f64 {
    // A whole number below 2^53 prints no decimals (most counts and many rates).
    if v.fract() == 0.0 && v.abs() < 9.0e15 {
        return 0.5 + 1e-9 * v.abs();
    }
    let text = format!("{v}");
    let decimals = text.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    0.5 * 10f64.powi(-decimals) + 1e-9 * v.abs()
}

/// [`tolerance`] for a summary's value: a whole number of thousands there may be a value
/// converted from a coarser unit (`106.2 s` is 106200 ms, the detail row's `106 182` ms): it
/// holds to its fourth digit or so.
fn summary_tolerance(v: f64) -> f64 {
    let printed = tolerance(v);
    if v.fract() == 0.0 && v.abs() >= 1000.0 {
        printed.max(v.abs() * 1e-3)
    } else {
        printed
    }
}

/// Scenario fields both runs state must agree for one to repeat the other. A table row's
/// load given by the context around the table (the nearest command above a comparison of two
/// workloads, which ran one of them) is no statement of the row's: its own cells are.
fn same_scenario(a: &Run, b: &Run) -> bool {
    fn agree<T: PartialEq>(x: &Option<T>, y: &Option<T>) -> bool {
        x.is_none() || y.is_none() || x == y
    }
    fn stated<T>(run: &Run, key: &str, x: impl Fn(&Run) -> Option<T>) -> Option<T> {
        let own = run.format != NAME || run.source.context.get(key).is_none_or(|c| c.kind == TABLE_ROW);
        if own { x(run) } else { None }
    }
    fn field<T: PartialEq>(a: &Run, b: &Run, key: &str, x: impl Fn(&Run) -> Option<T> + Copy) -> bool {
        agree(&stated(a, key, x), &stated(b, key, x))
    }
    let base = |m: &Option<String>| m.as_deref().map(|m| m.trim_end_matches('/').rsplit('/').next().unwrap_or(m).to_ascii_lowercase());
    field(a, b, "scenario.dataset", |r| r.scenario.dataset.clone())
        && field(a, b, "scenario.num_prompts", |r| r.scenario.num_prompts)
        && field(a, b, "scenario.input_len", |r| r.scenario.input_len)
        && field(a, b, "scenario.output_len", |r| r.scenario.output_len)
        && field(a, b, "scenario.max_concurrency", |r| r.scenario.max_concurrency)
        && field(a, b, "scenario.request_rate", |r| r.scenario.request_rate)
        && field(a, b, "tp", |r| r.tp)
        && (agree(&base(&a.model), &base(&b.model)) || !own_model(a))
        // Another engine, GPU or precision is another run, whatever numbers it shares.
        && agree_text(a.framework.as_deref(), b.framework.as_deref())
        && agree_text(a.gpu.as_deref(), b.gpu.as_deref())
        && agree_text(a.precision.as_deref(), b.precision.as_deref())
}

/// Two labels agree when either is unstated or they name the same thing, case aside.
fn agree_text(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => true,
    }
}

/// Whether a table row's model is its own (a model cell), not the document's around it (a
/// heading, a `Model:` line): a row repeating a log's numbers under a heading naming the
/// base model (`FP8-Dynamic` beside `Qwen2.5-3B-Instruct`, the log's `--model` the quantized
/// one) is that log's run all the same.
fn own_model(run: &Run) -> bool {
    run.model.is_some() && run.source.context.get("model").is_none_or(|c| c.kind == TABLE_ROW)
}

/// A concurrency level named as sweep reports name it: `C8`, `c32`, `c=16`, `P64`, `CONC4`,
/// `conc=8`.
fn concurrency_name(t: &str) -> Option<f64> {
    let lower = t.to_ascii_lowercase();
    let digits = ["conc", "c", "p"].iter().find_map(|p| lower.strip_prefix(p))?.trim_start_matches('=');
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
}

/// The other token throughput: output for total and total for output.
fn token_twin(key: &Key<'_>) -> Option<Key<'static>> {
    match *key {
        ("output_throughput", "") => Some(("total_throughput", "")),
        ("total_throughput", "") => Some(("output_throughput", "")),
        _ => None,
    }
}

/// Earlier runs compared with one table row, at most: a row repeats a run of a few, not of
/// hundreds sharing one number.
const MAX_CANDIDATES: usize = 16;

/// Removes table rows that repeat another run of the file: a summary of the logs above or
/// below it (`| 지표 | GPU Only | Hybrid |` over the two raw outputs further down), or of an
/// earlier table. Every number the row states (at least two) equals the other run's to the
/// row's printed precision, and no scenario field disagrees. The runs of other formats, and
/// the table rows before the row, are indexed by every number they state, so a row is
/// compared only with runs sharing its first number. `runs` are in line order.
pub fn summaries(runs: &mut Vec<Run>, sink: &mut Sink) {
    // Only table rows are dropped: a file without any (most logs) has nothing to compare.
    if !runs.iter().any(|r| r.format == NAME) {
        return;
    }
    let mut keep = vec![true; runs.len()];
    let mut summarised_by = Vec::new();
    let drop = duplicates(runs, &mut keep, &mut summarised_by, sink);
    // A summary row above states what its run's own table may not (the lengths of the
    // workload its row names): the run takes it, from the summary's line.
    for (summary, run) in summarised_by {
        let facts = stated_scenario(&runs[summary]);
        for (fact, line) in facts {
            let key = fact.key();
            if context::give(&mut runs[run], fact, line, TABLE_ROW) {
                runs[run].source.lines.insert(key, line);
            }
        }
    }
    if drop {
        let mut flags = keep.into_iter();
        runs.retain(|_| flags.next().unwrap_or(true));
    }
}

/// Marks in `keep` the table rows of `runs` that repeat an earlier run, with a finding each;
/// whether any was marked.
fn duplicates(runs: &[Run], keep: &mut [bool], summarised_by: &mut Vec<(usize, usize)>, sink: &mut Sink) -> bool {
    let mut dropped = false;
    let mut index: HashMap<Key<'_>, BTreeMap<u64, Vec<usize>>> = HashMap::new();
    fn add<'a>(index: &mut HashMap<Key<'a>, BTreeMap<u64, Vec<usize>>>, i: usize, own: Vec<(Key<'a>, f64)>) {
        for (k, v) in own {
            if v >= 0.0 {
                index.entry(k).or_default().entry(v.to_bits()).or_default().push(i);
            }
        }
    }
    for (i, run) in runs.iter().enumerate().filter(|(_, r)| r.format != NAME) {
        add(&mut index, i, numbers(run));
    }
    for i in 0..runs.len() {
        let own = numbers(&runs[i]);
        if runs[i].format == NAME && own.len() >= 2 {
            let (key, v) = &own[0];
            // A log may print the row's number to fewer decimals (`0.97` for the table's
            // `0.974567`): runs within 1% are looked at, under the row's key or its token
            // twin (an unqualified `Throughput (tok/s)` over the log's total).
            let keys: Vec<&BTreeMap<u64, Vec<usize>>> = std::iter::once(*key).chain(token_twin(key)).filter_map(|k| index.get(&k)).collect();
            let within = |tol: f64| {
                let (low, high) = ((v - tol).max(0.0).to_bits(), (v + tol).to_bits());
                keys.iter().flat_map(move |by_value| by_value.range(low..=high)).flat_map(|(_, js)| js.iter().copied())
            };
            // Those equal to the row's first number to its own precision first, then (when few:
            // a value many rows come near points to none of them) those within 1%.
            let mut candidates: Vec<usize> = within(tolerance(*v)).collect();
            candidates.sort_unstable();
            let wide = tolerance(*v).max(v.abs() * 0.01);
            if within(wide).take(4 * MAX_CANDIDATES + 1).count() <= 4 * MAX_CANDIDATES {
                let mut near: Vec<usize> = within(wide).collect();
                near.sort_unstable();
                candidates.extend(near);
            }
            let mut seen = HashSet::new();
            candidates.retain(|&j| seen.insert(j));
            // The earliest kept run that states every number of the row; runs sharing the first
            // number are few, and only the first of them are compared. A log's run is kept over
            // a table row, wherever it stands.
            let original = candidates.into_iter().filter(|&j| keep[j]).take(MAX_CANDIDATES).find(|&j| {
                let theirs: HashMap<Key<'_>, f64> = numbers(&runs[j]).into_iter().collect();
                same_scenario(&runs[i], &runs[j]) && own.iter().all(|(k, v)| states_value(&theirs, k, *v, rounded_alike))
            });
            if let Some(j) = original {
                keep[i] = false;
                dropped = true;
                let fields: Vec<String> = own.iter().filter(|(k, _)| *k != LOAD_KEY).map(|(k, _)| key_name(*k)).collect();
                sink.info(
                    "duplicate",
                    runs[i].source.line,
                    format!(
                        "this table row repeats the run at line {} ({}); it is recorded once.",
                        runs[j].source.line,
                        fields.join(", ")
                    ),
                )
                .value("original_line", runs[j].source.line)
                .run(&runs[j].id);
                continue;
            }
            // A summary above the rows it picks from (`| workload | peak tok/s | at conc |`
            // over a table per workload): the earlier row, all of whose numbers this one
            // states, repeats this one.
            for j in summarised(runs, keep, &index, i, &own) {
                keep[j] = false;
                dropped = true;
                summarised_by.push((j, i));
                let fields: Vec<String> = numbers(&runs[j]).iter().filter(|(k, _)| *k != LOAD_KEY).map(|(k, _)| key_name(*k)).collect();
                sink.info(
                    "duplicate",
                    runs[j].source.line,
                    format!("this table row repeats the run at line {} ({}); it is recorded once.", runs[i].source.line, fields.join(", ")),
                )
                .value("original_line", runs[i].source.line)
                .run(&runs[i].id);
            }
        }
        if runs[i].format == NAME {
            add(&mut index, i, own);
        }
    }
    dropped
}

/// The scenario a table row states, each field with its line, as facts to give another run.
fn stated_scenario(run: &Run) -> Vec<(Fact, u32)> {
    let s = &run.scenario;
    let facts = [
        ("scenario.dataset", s.dataset.clone().map(Fact::Dataset)),
        ("scenario.num_prompts", s.num_prompts.map(Fact::NumPrompts)),
        ("scenario.input_len", s.input_len.map(Fact::InputLen)),
        ("scenario.output_len", s.output_len.map(Fact::OutputLen)),
        ("scenario.max_concurrency", s.max_concurrency.map(Fact::MaxConcurrency)),
        ("scenario.request_rate", s.request_rate.map(Fact::RequestRate)),
    ];
    facts.into_iter().filter_map(|(key, fact)| Some((fact?, *run.source.lines.get(key)?))).collect()
}

/// The earlier table rows still kept that state at least two numbers, each of which table row
/// `i` (whose numbers are `own`) states too, in the same scenario: summaries of row `i`.
fn summarised(runs: &[Run], keep: &[bool], index: &HashMap<Key<'_>, BTreeMap<u64, Vec<usize>>>, i: usize, own: &[(Key<'_>, f64)]) -> Vec<usize> {
    let close = |v: f64, w: f64| (v - w).abs() <= summary_tolerance(v);
    let mine: HashMap<Key<'_>, f64> = own.iter().copied().collect();
    let mut candidates: Vec<usize> = own
        .iter()
        .filter_map(|(k, v)| {
            // A summary's value may be coarser than this row's: its range, around ours.
            let tol = summary_tolerance(*v) * 1.01;
            let found: Vec<usize> = index.get(k)?.range((v - tol).max(0.0).to_bits()..=(v + tol).to_bits()).flat_map(|(_, js)| js.iter().copied()).collect();
            // A value many rows share (every run's 60 s duration) points to none of them.
            (found.len() <= MAX_CANDIDATES).then_some(found)
        })
        .flatten()
        .filter(|&j| j < i && keep[j] && runs[j].format == NAME)
        .collect();
    candidates.sort_unstable();
    candidates.dedup();
    candidates.into_iter().take(MAX_CANDIDATES).filter(|&j| {
        let theirs = numbers(&runs[j]);
        theirs.len() >= 2 && theirs.len() < own.len() && same_scenario(&runs[j], &runs[i]) && theirs.iter().all(|(k, v)| states_value(&mine, k, *v, close))
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test of significance between runs (a blog's `| Metric | t-statistic | p-value | Reject
    /// H0? | Effect Size (Cohen's d) |`) compares them: no run, no `table-not-read`.
    #[test]
    fn a_table_of_significance_tests_holds_no_run() {
        for h in ["t-statistic", "p-value", "Reject H0?", "Effect Size (Cohen's d)"] {
            assert!(compares(&clean(h)), "{h}");
        }
        let text = "| Metric | t-statistic | p-value | Reject H0? | Effect Size (Cohen's d) |\n|---|---|---|---|---|\n| Throughput (high concurrency) | 12.45 | <0.001 | ✅ Yes | 2.34 (very large) |\n| TPOT | 9.87 | <0.001 | ✅ Yes | 1.98 (large) |\n";
        let out = crate::parse_file("raw/stats.md", text, None);
        assert!(out.runs.is_empty(), "{:?}", out.runs);
        assert!(out.findings.iter().all(|f| f.code != "table-not-read"), "{:?}", out.findings);
    }

    #[test]
    fn concurrency_levels_as_sweep_reports_name_them() {
        for (name, n) in [("C8", 8.0), ("c=16", 16.0), ("P64", 64.0), ("CONC4", 4.0), ("conc=32", 32.0)] {
            assert_eq!(concurrency_name(name), Some(n), "{name}");
        }
        for name in ["C", "conc", "CONCURRENCY", "c8x", "B4"] {
            assert_eq!(concurrency_name(name), None, "{name}");
        }
    }

    #[test]
    fn a_header_of_successes_and_failures_over_two_counts() {
        assert_eq!(ok_fail("OK/fail", "1,133/19"), Some((1133.0, 19.0)));
        assert_eq!(ok_fail("Success / Failed", "10,800/0"), Some((10800.0, 0.0)));
        assert_eq!(ok_fail("成功/失败", "98/2"), Some((98.0, 2.0)));
        assert_eq!(ok_fail("Done/total", "80/80"), None);
        assert_eq!(ok_fail("OK/fail", "5400"), None);
        assert_eq!(ok_fail("OK/fail", "1.5/2"), None);
    }

    #[test]
    fn a_header_and_cell_of_two_statistics() {
        let list = |l: &[&str]| Some(l.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(stat_list("TTFT P50/P95"), list(&["p50", "p95"]));
        assert_eq!(stat_list("请求延迟 P50/P95"), list(&["p50", "p95"]));
        assert_eq!(stat_list("TTFT p50 / p95 (ms)"), list(&["p50", "p95"]));
        assert_eq!(stat_list("TTFT mean / p50 / p99 ms"), list(&["mean", "p50", "p99"]));
        assert_eq!(stat_list("Input/Output"), None);
        assert_eq!(number_list("25438 / 26982 / 30596"), Some((vec![Some(25438.0), Some(26982.0), Some(30596.0)], Unit::None)));
        assert_eq!(number_list("8019 / - / 11069"), Some((vec![Some(8019.0), None, Some(11069.0)], Unit::None)));
        assert_eq!(number_list("- / -"), None);
        assert_eq!(number_pair("1200.8 / 1812.5 ms"), Some((1200.8, 1812.5, Unit::Time(1.0))));
        assert_eq!(number_pair("80 / 80"), Some((80.0, 80.0, Unit::None)));
        assert_eq!(number_pair("1K / 128"), None);
        assert_eq!(number_pair("3 / 5 GPUs"), None);
    }

    #[test]
    fn a_cell_of_tp_alone_states_the_tp() {
        assert_eq!(only_tp("TP=2"), Some(2));
        assert_eq!(only_tp("tp 4"), Some(4));
        assert_eq!(only_tp("TP8"), Some(8));
        assert_eq!(only_tp("TP=2, EP=8"), None);
        assert_eq!(only_tp("TPU v5e"), None);
        assert_eq!(only_tp("差异"), None);
    }

    proptest::proptest! {
        #[test]
        fn header_words_are_found_as_searching_the_whole_text_finds_them(text in "(tps| |a|b|\\.|@|首|/|é|ttft){0,10}", word in "(tps|a|b|\\.|@|首| |t|é){0,3}") {
            let words = Words::new(&text);
            proptest::prop_assert_eq!(words.has(&word), contains_short(&text, &word));
            proptest::prop_assert_eq!(words.word(&word), has_word(&text, &word));
        }

        #[test]
        fn words_are_found_as_splitting_finds_them(text in "(tps| |a|b|\\.|@|首|/|é){0,10}", word in "(tps|a|b|\\.|@|首| ){0,3}") {
            let split = text.split(|c: char| !(c.is_alphanumeric() || c == '@' || c == '.')).any(|w| w == word);
            proptest::prop_assert_eq!(has_word(&text, &word), split);
        }

        #[test]
        fn plain_numbers_read_as_the_general_cell_reader_reads_them(raw in "[0-9. ]{0,8}|[0-9. ,x+\\-*\t]{0,8}") {
            proptest::prop_assert_eq!(cell(&raw), cell_general(&raw));
        }

        #[test]
        fn cells_are_borrowed_only_when_cleaning_leaves_them_as_they_are(text in "[a *`\t\n\x0b\r\u{a0}é（]{0,10}") {
            let borrowed = matches!(cleaned(&text), std::borrow::Cow::Borrowed(_));
            proptest::prop_assert_eq!(cleaned(&text), clean(&text));
            proptest::prop_assert!(!borrowed || clean(&text) == text);
        }

        #[test]
        fn units_are_read_as_from_the_squeezed_copy(text in "( |\u{a0}|\t|M|S|ms|s|tok|/|out|%|秒|é|x{40}){0,8}") {
            proptest::prop_assert_eq!(unit_of(&text), unit_of_squeezed(&squeeze_lower(&text)));
        }

        #[test]
        fn cleans_as_the_general_path_does(text in "[aB( *`\t\n\x0b\x0c\r\u{a0}é（】]{0,12}") {
            let t: String = text.chars().filter(|c| !matches!(c, '*' | '`')).collect();
            let t = t.replace(['（', '【'], "(").replace(['）', '】'], ")").replace('\u{a0}', " ");
            proptest::prop_assert_eq!(clean(&text), t.split_whitespace().collect::<Vec<_>>().join(" "));
        }

        #[test]
        fn grouped_numbers_read_as_before(s in "[+-]?[0-9]{1,4}([, _][0-9]{3}){0,2}(\\.[0-9]{0,3})?") {
            let (sign, body) = match s.strip_prefix(['+', '-']) { Some(b) => (&s[..1], b), None => ("", s.as_str()) };
            let (int, frac) = body.split_once('.').unwrap_or((body, ""));
            let expected = [',', ' ', '_'].iter().find_map(|&sep| {
                let groups: Vec<&str> = int.split(sep).collect();
                (int.contains(sep) && (1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3))
                    .then(|| format!("{sign}{}{}{frac}", groups.concat(), if body.contains('.') { "." } else { "" }))
            });
            proptest::prop_assert_eq!(ungroup(&s).into_owned(), expected.unwrap_or_else(|| s.clone()));
        }

        #[test]
        fn token_words_are_stripped_as_trim_start_matches_did(t in "(out|total|output|input|in|o|tok/s|put)*") {
            let by_trim = t.trim_start_matches("out").trim_start_matches("total").trim_start_matches("output").trim_start_matches("input");
            proptest::prop_assert_eq!(strip_token_words(&t), by_trim);
        }
    }

    #[test]
    fn cleans_and_squeezes_ascii_as_the_general_path_does() {
        fn clean_general(text: &str) -> String {
            let t: String = text.chars().filter(|c| !matches!(c, '*' | '`')).collect();
            let t = t.replace(['（', '【'], "(").replace(['）', '】'], ")").replace('\u{a0}', " ");
            t.split_whitespace().collect::<Vec<_>>().join(" ")
        }
        for text in ["", " ", "**TTFT** (ms)", "a * b", "`x`\t\u{b}y ", "  Mean  TTFT  ", "*", "Tok/s\n", "\u{c}p99\r", "Out Tok/s"] {
            assert_eq!(clean(text), clean_general(text), "{text:?}");
            assert_eq!(squeeze_lower(text), text.trim().to_lowercase().replace(' ', ""), "{text:?}");
        }
    }

    #[test]
    fn finds_words_as_splitting_did() {
        fn split(text: &str, word: &str) -> bool {
            text.split(|c: char| !(c.is_alphanumeric() || c == '@' || c == '.')).any(|w| w == word)
        }
        for text in ["", "tps", "out tps", "tps/gpu", "mtps tps2", "a.tps", "(tps)", "首token tps", "vs. old", "pass@1 acc", "ab ab", "abab ab"] {
            for word in ["tps", "acc", "vs", "ab", "", "pass@1", "a b", "首token"] {
                assert_eq!(has_word(text, word), split(text, word), "{text:?} {word:?}");
            }
        }
    }

    fn kind(h: &str) -> (Column, Unit) {
        let c = column(h);
        (c.column, c.unit)
    }

    fn latency(group: &'static str, stat: &str) -> Column {
        Column::Measure(Measure::Latency { group, stat: stat.into() })
    }

    #[test]
    fn measured_names_are_the_debug_names() {
        let kinds = [Kind::Output, Kind::Total, Kind::Input, Kind::Unqualified];
        let mut all: Vec<Measure> = kinds.iter().map(|&k| Measure::Tokens(k)).collect();
        all.extend(kinds.iter().map(|&k| Measure::Throughput(k)));
        all.extend([
            Measure::Peak, Measure::Requests, Measure::Duration, Measure::AcceptLength, Measure::PeakConcurrent, Measure::Goodput,
            Measure::Completed, Measure::Failed, Measure::TotalInput, Measure::TotalOutput,
        ]);
        for m in all {
            let col = Col { raw: String::new(), column: Column::Measure(m.clone()), unit: Unit::None, key: String::new(), throughput_stat: None };
            assert_eq!(measured(&col), Some(format!("{m:?}")));
        }
    }

    #[test]
    fn classifies_headers() {
        assert_eq!(kind("TTFT (ms)"), (latency("ttft_ms", "mean"), Unit::Time(1.0)));
        // Statistics written in a cell after each number.
        assert_eq!(stats_in_cell("78ms p50, 150ms p95"), Some(vec![("p50".to_string(), "78ms"), ("p95".to_string(), "150ms")]));
        assert_eq!(stats_in_cell("3.25s avg (300 max_tokens)"), Some(vec![("mean".to_string(), "3.25s")]));
        assert_eq!(stats_in_cell("78ms"), None);
        assert_eq!(stats_in_cell("p50 only"), None);
        // One request's rate beside the aggregate: kept under its header.
        assert_eq!(kind("Per-req tok/s").0, Column::Label);
        // One node's share of a run over several nodes: kept under its header.
        assert_eq!(kind("per node output token thr (tok/s)"), (Column::Measure(Measure::Tokens(Kind::Output)), Unit::PerGpu));
        // An export's snake_case names: the unit's words, the statistic after the unit.
        assert_eq!(kind("ttft_ms_p95"), (latency("ttft_ms", "p95"), Unit::Time(1.0)));
        assert_eq!(kind("e2e_latency_s_p99"), (latency("e2e_ms", "p99"), Unit::Time(1000.0)));
        assert_eq!(kind("throughput_tok_s"), (Column::Measure(Measure::Tokens(Kind::Unqualified)), Unit::TokenRate));
        assert_eq!(kind("output_tokens_per_s"), (Column::Measure(Measure::Tokens(Kind::Output)), Unit::TokenRate));
        assert_eq!(kind("request_throughput_req_s"), (Column::Measure(Measure::Requests), Unit::RequestRate));
        assert_eq!(kind("P99 TTFT (ms)"), (latency("ttft_ms", "p99"), Unit::Time(1.0)));
        assert_eq!(kind("FTL(ave)(s)"), (latency("ttft_ms", "mean"), Unit::Time(1000.0)));
        assert_eq!(kind("FTL(min)(s)"), (latency("ttft_ms", "min"), Unit::Time(1000.0)));
        assert_eq!(kind("首token延迟 (ms)"), (latency("ttft_ms", "mean"), Unit::Time(1.0)));
        assert_eq!(kind("平均首 Token 延迟（毫秒）"), (latency("ttft_ms", "mean"), Unit::Time(1.0)));
        assert_eq!(kind("Avg Latency (sec)"), (latency("e2e_ms", "mean"), Unit::Time(1000.0)));
        assert_eq!(kind("Median TPOT"), (latency("tpot_ms", "median"), Unit::None));
        assert_eq!(kind("throughput(out tok/s)"), (Column::Measure(Measure::Tokens(Kind::Output)), Unit::TokenRate));
        assert_eq!(kind("throughput(total tok/s)"), (Column::Measure(Measure::Tokens(Kind::Total)), Unit::TokenRate));
        assert_eq!(kind("吞吐量 (token/s)"), (Column::Measure(Measure::Tokens(Kind::Unqualified)), Unit::TokenRate));
        assert_eq!(kind("Tokens/sec"), (Column::Measure(Measure::Tokens(Kind::Unqualified)), Unit::TokenRate));
        assert_eq!(kind("Output Token Throughput (tok/s)").0, Column::Measure(Measure::Tokens(Kind::Output)));
        assert_eq!(kind("Total Token Throughput (tok/s)").0, Column::Measure(Measure::Tokens(Kind::Total)));
        assert_eq!(kind("Input token throughput (tok/s)").0, Column::Measure(Measure::Tokens(Kind::Input)));
        assert_eq!(kind("Request Throughput (req/s)").0, Column::Measure(Measure::Requests));
        assert_eq!(kind("QPS").0, Column::Measure(Measure::Requests));
        assert_eq!(kind("吞吐 (req/s)").0, Column::Measure(Measure::Requests));
        assert_eq!(kind("Throughput").0, Column::Measure(Measure::Throughput(Kind::Unqualified)));
        // Told apart by the tokens they count (the unit in their cells), and `Min` is the
        // statistic, not minutes: no duplicate columns.
        assert_eq!(kind("Total Throughput").0, Column::Measure(Measure::Throughput(Kind::Total)));
        assert_eq!(kind("Output Throughput").0, Column::Measure(Measure::Throughput(Kind::Output)));
        assert_eq!(kind("E2E Min").0, Column::Measure(Measure::Latency { group: "e2e_ms", stat: "min".into() }));
        assert_eq!(kind("Peak Concurrent Requests").0, Column::Measure(Measure::PeakConcurrent));
        assert_eq!(kind("gen tok/s").0, Column::Measure(Measure::Tokens(Kind::Output)));
        // A phase's rate (a prompt over its TTFT, one over the TPOT) is no throughput of the run.
        assert_eq!(kind("pre-fill tok/s").0, Column::Label);
        assert_eq!(kind("Decode TPS (token/s)").0, Column::Label);
        assert_eq!(kind("prefill 吞吐").0, Column::Label);
        assert_eq!(kind("Speed (t/s/u)").0, Column::Label);
        // TensorRT-LLM's performance page: a footnote mark, and a throughput per GPU.
        assert_eq!(kind("TP (1)").0, Column::Context(Ctx::Tp));
        assert_eq!(kind("Throughput (out tok/s/GPU)"), (Column::Measure(Measure::Tokens(Kind::Output)), Unit::PerGpu));
        assert_eq!(kind("Output tokens/s/GPU"), (Column::Measure(Measure::Tokens(Kind::Output)), Unit::PerGpu));
        // A statistic of a throughput is one of the requests' rates, not the run's.
        assert_eq!(kind("P95 (tokens/s)").0, Column::Label);
        assert_eq!(kind("Median output throughput (tok/s)").0, Column::Label);
        assert_eq!(kind("Mean (tokens/s)").0, Column::Measure(Measure::Tokens(Kind::Unqualified)));
        assert_eq!(kind("duration (s)"), (Column::Measure(Measure::Duration), Unit::Time(1000.0)));
        assert_eq!(kind("v.s. kv fp16").0, Column::Skip);
        assert_eq!(kind("Average generation speed per rank").0, Column::Label);
        assert!(matches!(kind("Slowest request TTFT").0, Column::Measure(Measure::Latency { group: "ttft_ms", ref stat }) if stat == "max"));
        assert_eq!(kind("Num of Hardware").0, Column::Context(Ctx::GpuCount));
        // One user's rate is no run's throughput.
        assert_eq!(kind("Tput User (TPS)").0, Column::Label);
        assert_eq!(kind("Concur").0, Column::Context(Ctx::MaxConcurrency));
        // How many tokens a draft proposes is a setting, not a measurement.
        assert_eq!(kind("ドラフト数").0, Column::Label);
        assert_eq!(kind("Draft tokens").0, Column::Label);
        // `Avg Response` (seconds in its cells) is a latency; a response's length is none.
        assert!(matches!(kind("Avg Response").0, Column::Measure(Measure::Latency { group: "e2e_ms", .. })));
        assert!(!matches!(kind("Avg Response Length").0, Column::Measure(Measure::Latency { .. })));
        assert_eq!(kind("Total input tokens").0, Column::Measure(Measure::TotalInput));
        assert_eq!(kind("Total generated tokens").0, Column::Measure(Measure::TotalOutput));
        assert_eq!(kind("request-rate").0, Column::Context(Ctx::RequestRate));
        assert_eq!(kind("num-prompts").0, Column::Context(Ctx::NumPrompts));
        assert_eq!(kind("prompt_tokens").0, Column::Context(Ctx::InputLen));
        assert_eq!(kind("output_tokens").0, Column::Context(Ctx::OutputLen));
        assert_eq!(kind("ISL/OSL").0, Column::Context(Ctx::InputOutput));
        assert_eq!(kind("batch").0, Column::Context(Ctx::MaxConcurrency));
        assert_eq!(kind("框架").0, Column::Context(Ctx::Framework));
        assert_eq!(kind("Backend").0, Column::Context(Ctx::Backend));
        assert_eq!(kind("tp").0, Column::Context(Ctx::Tp));
        assert_eq!(kind("Accuracy").0, Column::Eval);
        assert_eq!(kind("WER").0, Column::Eval);
        assert_eq!(kind("Percentage Diff").0, Column::Skip);
        assert_eq!(kind("vLLM 相对 HF 提升").0, Column::Skip);
        assert_eq!(kind("mem(GB)").0, Column::Label);
        assert_eq!(kind("50%(s)").0, Column::Label);
        assert_eq!(kind("Description").0, Column::Label);
    }

    #[test]
    fn reads_cells() {
        assert_eq!(cell("**2113.78**"), Num::Number(2113.78, Unit::None));
        assert_eq!(cell("4,371,285"), Num::Number(4_371_285.0, Unit::None));
        assert_eq!(cell("313,680.33"), Num::Number(313_680.33, Unit::None));
        assert_eq!(cell("3 150.8"), Num::Number(3150.8, Unit::None));
        assert_eq!(cell("12.3 ms"), Num::Number(12.3, Unit::Time(1.0)));
        assert_eq!(cell("0.8963s"), Num::Number(0.8963, Unit::Time(1000.0)));
        assert_eq!(cell("31.28 tok/s"), Num::Number(31.28, Unit::TokenRate));
        assert_eq!(cell("80 / 80"), Num::Number(80.0, Unit::None));
        assert_eq!(cell("711.21"), Num::Number(711.21, Unit::None));
        assert_eq!(cell("12.1 ± 0.3"), Num::Number(12.1, Unit::None));
        // Stacked lines (`<br>`; cells of index id 71035659335's progress table): a number
        // over words is the number; numbers on two lines are no one value.
        assert_eq!(cell("**27 tok/s**\n*linear in context*"), Num::Number(27.0, Unit::TokenRate));
        assert!(matches!(cell("**19.9 tok/s @ d384**\n*24.0 @ d64*"), Num::Text(_)));
        assert!(matches!(cell("12\n456"), Num::Text(_)), "not 12456");
        assert_eq!(cell("vLLM\n0.6.3"), Num::Text("vLLM 0.6.3".into()));
        assert_eq!(cell("23.86%"), Num::Number(23.86, Unit::Percent));
        for not_measured in ["~500", "<100ms", "47–51", "~2-5", "4.0x", "5.0x faster", "+21.60%", "800 ~ 1500ms", "≈ 3"] {
            assert_eq!(cell(not_measured), Num::NotMeasured, "{not_measured}");
        }
        for absent in ["—", "-", "N/A", ""] {
            assert_eq!(cell(absent), Num::Absent, "{absent}");
        }
        // A failure is no blank: what the row says, kept as its note.
        for failed in ["OOM", "Not Supported"] {
            assert_eq!(cell(failed), Num::Text(failed.to_string()), "{failed}");
        }
        assert_eq!(cell("TBD\\*"), Num::Placeholder("TBD".into()));
        assert_eq!(cell("vLLM TP=8"), Num::Text("vLLM TP=8".into()));
        assert_eq!(cell("1x H200"), Num::NotMeasured);
        assert_eq!(cell("inf"), Num::Inf);
    }
}
