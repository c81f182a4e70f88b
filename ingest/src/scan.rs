//! Stage one of log parsing: walk the logical lines of any text and cut out result blocks
//! (vLLM/SGLang/LMDeploy `Serving Benchmark Result`, SGLang's `Offline Throughput Benchmark
//! Result`, LMDeploy `profile_throughput`,
//! `trtllm-bench` reports) together with the client context printed before each block and
//! the sweep header it falls under. Nothing is interpreted here beyond "this line says X".

use crate::client;
use crate::fields::{named, normalise, normalise_into, Target};
use crate::prefix::{self, Prefix};
use crate::text::{contains_ignore_ascii_case, is_rule, section_title, trim, unwrap, Line};
use crate::value::{parse_cell, Cell};

/// A `label: value` row inside a block, or a context row before one.
#[derive(Clone, Debug, PartialEq)]
pub struct Row<'a> {
    pub line: u32,
    /// Normalised label.
    pub label: String,
    pub raw_label: &'a str,
    pub cell: Cell<'a>,
    /// Section title the row sits under (`Time to First Token`, `Speculative Decoding`).
    pub section: Option<&'a str>,
}

impl<'a> Row<'a> {
    /// A row of a number under a label of [`crate::fields`]' vocabulary (a reader that turns
    /// its tool's output into rows).
    pub fn number(line: u32, label: String, n: f64, raw_label: &'a str) -> Row<'a> {
        Row { line, label, raw_label, cell: Cell { value: crate::value::Value::Number(n), unit: "" }, section: None }
    }

    /// A row of words (a model's name).
    pub fn text(line: u32, label: &str, text: &'a str, raw_label: &'a str) -> Row<'a> {
        Row { line, label: label.to_string(), raw_label, cell: Cell { value: crate::value::Value::Text(text), unit: "" }, section: None }
    }
}

/// What the client printed since the previous block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Context<'a> {
    pub running: Option<(u32, &'a str, Option<&'a str>)>,
    pub namespace: Option<(u32, benchsite_model::Map<benchsite_model::map::Text>)>,
    pub planned_input: Option<(u32, u64)>,
    pub planned_output: Option<(u32, u64)>,
    pub warmup: Option<(u32, f64)>,
    pub progress: Option<(u32, u64, u64, f64)>,
    /// Rows such as `Traffic request rate:` that vLLM prints above the block.
    pub rows: Vec<Row<'a>>,
    /// Lines of `Error N:` entries and tracebacks.
    pub errors: Vec<u32>,
    /// What tells this block from the ones beside it: a short `label:` line right above it
    /// (`helion:`, `Before:`, `LLAMA 2:`) or the word its banner adds (`=== Helion Serving
    /// Benchmark Result ===`).
    pub label: Option<(u32, &'a str)>,
}

impl Context<'_> {
    fn is_empty(&self) -> bool {
        self.running.is_none() && self.namespace.is_none() && self.rows.is_empty() && self.errors.is_empty()
    }
}

/// A sweep header (`num_prompts: 1, 2, 4`, `seq_length: 80`, `num_prompt:1`).
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    pub line: u32,
    pub end_line: u32,
    pub header: String,
    /// Keys with a list of values (what the sweep varies).
    pub lists: Vec<(String, Vec<f64>)>,
    /// Keys with one value (held fixed).
    pub fixed: Vec<(String, f64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Serving,
    /// A serving block pasted without its `Serving Benchmark Result` banner, or printed
    /// without one (vLLM's `benchmark_serving.py` of early 2024, JetStream's fork of it): it
    /// opens at `Successful requests: N` and ends at the first line that is no row.
    ServingBare,
    /// SGLang `bench_offline_throughput`: the engine run in the client's process, all prompts
    /// at once, so no latencies and no request rate.
    SglangOffline,
    LmdeployProfile,
    TrtllmBench,
    VllmJson,
    SglangJson,
    /// Rows a reader in [`crate::formats`] took from its tool's output (a JSON report, a
    /// CSV, a table): resolved like saved JSON results, recorded under the reader's name.
    Named(&'static str),
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Serving | Format::ServingBare => "serving-text",
            Format::SglangOffline => "sglang-offline",
            Format::LmdeployProfile => "lmdeploy-profile",
            Format::TrtllmBench => "trtllm-bench",
            Format::VllmJson => "vllm-json",
            Format::SglangJson => "sglang-jsonl",
            Format::Named(name) => name,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block<'a> {
    pub format: Format,
    pub start: u32,
    pub end: u32,
    /// False when the block was cut off before its closing rule.
    pub terminated: bool,
    pub rows: Vec<Row<'a>>,
    pub context: Context<'a>,
    /// Index into [`Scan::sweeps`] and position within that sweep.
    pub sweep: Option<(usize, u32)>,
    /// The line at which the block was cut because it ran past [`MAX_BLOCK_ROWS`] rows.
    pub cut_at: Option<u32>,
}

impl<'a> Block<'a> {
    /// A complete block of rows that a reader in [`crate::formats`] took from its tool's
    /// output (a JSON report, a CSV row, a table row), resolved under the reader's name.
    pub fn of_rows(name: &'static str, start: u32, end: u32, rows: Vec<Row<'a>>) -> Block<'a> {
        Block { format: Format::Named(name), start, end, terminated: true, rows, context: Context::default(), sweep: None, cut_at: None }
    }
}


/// No printer writes a result block of more rows than this; a block that runs on (a header
/// whose closing rule never came, followed by a long log of `key: value` lines) is cut here,
/// so memory holds a bounded number of rows, and the rest is read as ordinary log lines.
pub const MAX_BLOCK_ROWS: usize = 1000;

/// The rows a block's list has room for when its first row comes (a serving block prints
/// 20 to 30).
const ROWS_AT_ONCE: usize = 32;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scan<'a> {
    pub blocks: Vec<Block<'a>>,
    pub sweeps: Vec<Sweep>,
    /// Context after the last block that no block claimed (errors of a crashed run).
    pub trailing: Option<Context<'a>>,
}

/// Splits `label: value` at the first colon.
pub fn split_row(text: &str) -> Option<(&str, &str)> {
    let colon = memchr::memchr(b':', text.as_bytes())?;
    let (label, value) = (trim(&text[..colon]), &text[colon + 1..]);
    if label.is_empty() || label.len() > 90 {
        return None;
    }
    Some((label, value))
}

/// Splits a right-aligned table row `label      value` at its last run of 2+ spaces.
pub fn split_columns(text: &str) -> Option<(&str, &str)> {
    let idx = text.rfind("  ")?;
    let label = text[..idx].trim();
    let value = text[idx..].trim();
    (!label.is_empty() && !value.is_empty()).then_some((label, value))
}

const SWEEP_KEYS: [&str; 6] = ["num prompts", "num prompt", "seq length", "seq len", "input len", "output len"];

/// What a scan leaves once the text is read: the sweeps its blocks point into, how many
/// blocks each sweep holds, and the context no block claimed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct End<'a> {
    pub sweeps: Vec<Sweep>,
    /// Blocks per sweep, by index into `sweeps`.
    pub blocks_per_sweep: Vec<usize>,
    /// Context after the last block that no block claimed (errors of a crashed run).
    pub trailing: Option<Context<'a>>,
}

/// Stage one as a stream: feed logical lines one at a time and take each block as soon as
/// it is closed, so a long log never holds more than one block's rows (the caller resolves
/// each block and drops it). A block points to its sweep by index; the sweep is complete
/// when the block is closed (a header only grows before its first block).
#[derive(Default)]
pub struct Scanner<'a> {
    end: End<'a>,
    context: Context<'a>,
    block: Option<Block<'a>>,
    section: Option<&'a str>,
    sweep: Option<(usize, u32)>,
    closed: Vec<Block<'a>>,
    /// The line prefix learned from the last block header that had one.
    prefix: Option<Prefix>,
    /// A buffer for the labels of context lines.
    label: String,
    /// The row list of a block already resolved, for the next block to fill.
    spare_rows: Vec<Row<'a>>,
    /// The normalised labels of a resolved block's rows, by raw label: the next block of the
    /// same printer takes them back instead of normalising (and allocating) its labels anew.
    labels: Labels<'a>,
    /// The last `Backend: X` line outside a block: the first row of a bare block that opens
    /// on the line after it (SGLang's and LMDeploy's rows pasted from `Backend:` on).
    backend: Option<Row<'a>>,
}

/// Normalised labels kept by raw label, one per slot of a small table (a label whose slot
/// another took is normalised again: nothing but time is lost).
#[derive(Default)]
struct Labels<'a> {
    slots: Vec<Option<(&'a str, String)>>,
}

impl<'a> Labels<'a> {
    const SLOTS: usize = 128;

    /// The slot of a raw label: its first and last eight bytes (where a block's labels
    /// differ: `Mean TTFT (ms)`, `Median TPOT (ms)`) and its length, multiplied and rotated,
    /// so the ~30 labels of a serving block seldom share a slot.
    fn slot(raw: &str) -> usize {
        let b = raw.as_bytes();
        let word = |s: &[u8]| {
            let mut w = [0u8; 8];
            w[..s.len()].copy_from_slice(s);
            u64::from_le_bytes(w)
        };
        let (head, tail) = if b.len() >= 8 { (word(&b[..8]), word(&b[b.len() - 8..])) } else { (word(b), 0) };
        let h = (head ^ tail.rotate_left(29) ^ b.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 57) as usize // the top 7 bits: one of 128 slots
    }

    /// `normalise(raw)`, taken from the table when a row of an earlier block left it there.
    fn take(&mut self, raw: &'a str) -> String {
        let slot = self.slots.get_mut(Self::slot(raw));
        match slot {
            Some(slot) if slot.as_ref().is_some_and(|(r, _)| *r == raw) => slot.take().expect("checked").1,
            _ => normalise(raw),
        }
    }

    fn keep(&mut self, raw: &'a str, label: String) {
        if self.slots.is_empty() {
            self.slots.resize_with(Self::SLOTS, || None);
        }
        self.slots[Self::slot(raw)] = Some((raw, label));
    }
}

/// Scans logical lines for result blocks, all at once (tests and small texts).
pub fn scan<'a>(lines: impl IntoIterator<Item = Line<'a>>) -> Scan<'a> {
    let mut s = Scanner::default();
    let mut blocks = Vec::new();
    for line in lines {
        s.feed(line, &mut blocks);
    }
    let (last, end) = s.finish();
    blocks.extend(last);
    Scan { blocks, sweeps: end.sweeps, trailing: end.trailing }
}

impl<'a> Scanner<'a> {
    /// Reads one logical line; blocks it closes are appended to `out`.
    pub fn feed(&mut self, line: Line<'a>, out: &mut Vec<Block<'a>>) {
        self.line(line);
        out.append(&mut self.closed);
    }

    /// Takes back the row list of a block the caller is done with: the next block fills it
    /// (a log of many blocks allocates it once).
    pub fn recycle(&mut self, mut rows: Vec<Row<'a>>) {
        for row in rows.drain(..) {
            self.labels.keep(row.raw_label, row.label);
        }
        if rows.capacity() > self.spare_rows.capacity() {
            self.spare_rows = rows;
        }
    }

    /// The sweeps read so far (the ones closed blocks point into).
    pub fn sweeps(&self) -> &[Sweep] {
        &self.end.sweeps
    }

    /// Ends the text: the block still open (cut off, or closed by the end of the text) and
    /// what the scan leaves.
    pub fn finish(mut self) -> (Option<Block<'a>>, End<'a>) {
        let last = self.block.take().and_then(|b| self.keeps(b)).map(|b| Block { terminated: b.terminated || b.format == Format::ServingBare, ..b });
        if let Some((i, _)) = last.as_ref().and_then(|b| b.sweep) {
            self.end.blocks_per_sweep[i] += 1;
        }
        if !self.context.is_empty() {
            // Errors of earlier runs without a result stay counted beside the last ones.
            let earlier = self.end.trailing.take().map(|t| t.errors).unwrap_or_default();
            let mut trailing = std::mem::take(&mut self.context);
            trailing.errors.splice(0..0, earlier);
            self.end.trailing = Some(trailing);
        }
        (last, self.end)
    }

    /// The line without the logger prefix it carries: the one learned from an earlier
    /// header, or a new one learned from this header.
    fn unprefix(&mut self, line: Line<'a>) -> Line<'a> {
        if let Some(rest) = self.prefix.as_ref().and_then(|p| p.strip(line.text)) {
            return Line { text: unwrap(rest), ..line };
        }
        match prefix::learn(line.text) {
            Some((p, header)) => {
                self.prefix = Some(p);
                Line { text: header, ..line }
            }
            None => line,
        }
    }

    fn line(&mut self, line: Line<'a>) {
        let line = self.unprefix(line);
        let t = line.text;
        if t.is_empty() {
            // A bare block's rows stand together; an empty line ends it.
            if self.block.as_ref().is_some_and(|b| b.format == Format::ServingBare) {
                self.close(true);
            }
            return;
        }
        if let Some(format) = block_start(t, self.block.as_ref().map(|b| b.format)) {
            // The next block's banner after a block of rows: the printer went on to its next
            // run (a tool that prints no closing rule), no paste cut the block short.
            let rows = self.block.as_ref().is_some_and(|b| b.rows.len() >= 5);
            self.close(rows);
            self.open(format, line.no);
            if let Some(word) = banner_label(t) {
                if let Some(b) = self.block.as_mut() {
                    b.context.label = Some((line.no, word));
                }
            }
            if format != Format::LmdeployProfile {
                return;
            }
        } else if self.bare_start(t) {
            self.close(true);
            self.open(Format::ServingBare, line.no);
            if let (Some(b), Some(backend)) = (self.block.as_mut(), self.backend.take().filter(|r| r.line + 1 == line.no)) {
                b.start = backend.line;
                b.rows.push(backend);
            }
        }
        if self.block.is_some() {
            if self.block_line(line) {
                return;
            }
            self.close(false);
        }
        self.context_line(line);
    }

    fn open(&mut self, format: Format, no: u32) {
        let sweep = self.sweep.map(|(i, n)| {
            self.sweep = Some((i, n + 1));
            (i, n)
        });
        self.section = None;
        self.block = Some(Block {
            format,
            start: no,
            end: no,
            terminated: false,
            rows: std::mem::take(&mut self.spare_rows),
            context: std::mem::take(&mut self.context),
            sweep,
            cut_at: None,
        });
    }

    /// `Successful requests: 10` outside a block, or after a bare block's own (JetStream's
    /// second model, under the first's rows).
    fn bare_start(&self, t: &str) -> bool {
        if !t.as_bytes()[0].eq_ignore_ascii_case(&b's') || t.len() > 80 {
            return false;
        }
        let starts = split_row(t).is_some_and(|(label, value)| label.eq_ignore_ascii_case("successful requests") && value.trim().parse::<u64>().is_ok());
        starts
            && match &self.block {
                None => true,
                Some(b) => b.format == Format::ServingBare && b.rows.iter().any(|r| r.label == "successful requests"),
            }
    }

    /// A bare block is a result only when it holds one: a throughput or a latency among four
    /// rows or more (a lone `Successful requests: 3` in a page's prose is none). Otherwise its
    /// context is given back, as if it had never opened.
    fn keeps(&mut self, b: Block<'a>) -> Option<Block<'a>> {
        let measures = |r: &Row| ["throughput", "ttft", "tpot", "itl", "latency"].iter().any(|w| r.label.contains(w));
        if b.format != Format::ServingBare || (b.rows.len() >= 4 && b.rows.iter().any(measures)) {
            return Some(b);
        }
        self.context = b.context;
        if b.sweep.is_some() {
            self.sweep = b.sweep;
        }
        self.recycle(b.rows);
        None
    }

    fn close(&mut self, terminated: bool) {
        if let Some(mut b) = self.block.take().and_then(|b| self.keeps(b)) {
            b.terminated = terminated;
            if let Some((i, _)) = b.sweep {
                self.end.blocks_per_sweep[i] += 1;
            }
            self.closed.push(b);
        }
    }

    /// Handles a line inside a block; returns false when the line ends the block and
    /// belongs to the context of the next one.
    fn block_line(&mut self, line: Line<'a>) -> bool {
        let t = line.text;
        let format = self.block.as_ref().map(|b| b.format).unwrap_or(Format::Serving);
        if is_rule(t, '=') {
            self.touch(line.no);
            // trtllm-bench frames every section title with '=' rules; elsewhere a rule after
            // rows closes the block.
            let has_rows = self.block.as_ref().is_some_and(|b| !b.rows.is_empty());
            if format != Format::TrtllmBench && has_rows {
                self.close(true);
            }
            return true;
        }
        if is_rule(t, '-') {
            if format == Format::LmdeployProfile {
                self.touch(line.no);
                self.close(true);
            }
            return true;
        }
        if client::running_benchmark(t).is_some() || client::has_namespace(t) || client::planned_tokens(t).is_some() {
            return false;
        }
        if let Some(title) = section_title(t) {
            self.section = Some(title);
            self.touch(line.no);
            return true;
        }
        // trtllm-bench's dataset table of lengths (`-- Percentiles statistics --`, then
        // `MIN:   128.0000   128.0000   256.0000` under `Input  Output  Seq. Length`): the
        // lengths of the dataset, which the report states again as averages; a row cut after
        // its first column (`MIN:   128.00`) is no metric of the run.
        if format == Format::TrtllmBench && self.section.is_some_and(|s| contains_ignore_ascii_case(s, "percentiles statistics")) {
            self.touch(line.no);
            return true;
        }
        // `LLAMA 2:` after a bare block's rows: the next block's label, not a row of this one.
        if format == Format::ServingBare && label_line(t).is_some() {
            return false;
        }
        let split = split_row(t).or_else(|| match format {
            Format::LmdeployProfile => split_columns(t),
            _ => None,
        });
        let Some((raw_label, value)) = split else {
            // Interleaved server output or progress noise: skip without ending the block. A
            // markdown heading (`## Issue #2354`) is the page going on past a block cut short.
            // A bare block, which no rule closes, ends at its first line of no row.
            return !is_markdown_heading(t) && format != Format::ServingBare;
        };
        // `**Comments**: 2`: a page's bold label after a block cut short, no row of a tool's.
        if raw_label.starts_with("**") {
            return false;
        }
        let label = self.labels.take(raw_label);
        if is_sweep_header(&label, value) {
            return false;
        }
        if format == Format::LmdeployProfile && label == "concurrency" && self.has(|r| r.label == "concurrency") {
            return false;
        }
        if let Some(b) = self.block.as_mut().filter(|b| b.rows.len() >= MAX_BLOCK_ROWS) {
            b.cut_at = Some(line.no);
            return false;
        }
        let row = Row { line: line.no, label, raw_label, cell: parse_cell(value), section: self.section };
        if let Some(b) = self.block.as_mut() {
            if b.rows.capacity() == 0 {
                // Room for a serving block's rows at once, not grown through four sizes.
                b.rows.reserve(ROWS_AT_ONCE);
            }
            b.rows.push(row);
            b.end = line.no;
        }
        true
    }

    fn has(&self, f: impl Fn(&Row) -> bool) -> bool {
        self.block.as_ref().is_some_and(|b| b.rows.iter().any(f))
    }

    fn touch(&mut self, no: u32) {
        if let Some(b) = self.block.as_mut() {
            b.end = no;
        }
    }

    fn context_line(&mut self, line: Line<'a>) {
        let (no, t) = (line.no, line.text);
        let c = &mut self.context;
        // Only the line right above the block labels it.
        c.label = label_line(t).map(|l| (no, l));
        if let Some((args, backend)) = client::running_benchmark(t) {
            // A new run starts: anything still pending belonged to a run without result.
            if c.running.is_some() || c.namespace.is_some() {
                self.end.trailing.get_or_insert_with(Context::default).errors.append(&mut c.errors);
                *c = Context::default();
            }
            c.running = Some((no, args, backend));
        } else if let Some(ns) = client::has_namespace(t).then(|| client::namespace(t)).flatten() {
            c.namespace = Some((no, ns));
        } else if let Some((input, n)) = client::planned_tokens(t) {
            if input {
                c.planned_input = Some((no, n));
            } else {
                c.planned_output = Some((no, n));
            }
        } else if let Some(w) = client::warmup(t) {
            c.warmup = Some((no, w));
        } else if let Some((done, total, secs)) = client::progress(t) {
            c.progress = Some((no, done, total, secs));
        } else if client::is_error_line(t) {
            c.errors.push(no);
        } else if let Some((raw_label, value)) = split_row(t).filter(|(l, v)| l.len() <= 40 && v.len() <= 80) {
            // Most such lines are not kept: their label is read in a reused buffer.
            let mut label = std::mem::take(&mut self.label);
            normalise_into(raw_label, &mut label);
            if is_sweep_header(&label, value) {
                self.sweep_header(no, t, &label, value);
            } else if label == "backend" && !value.trim().is_empty() && !value.trim().contains(' ') {
                self.backend = Some(Row { line: no, label: label.clone(), raw_label, cell: parse_cell(value), section: None });
            } else if matches!(named(&label), Some(Target::RequestRate | Target::MaxConcurrency))
                || label == "burstiness factor"
            {
                c.rows.push(Row { line: no, label: label.clone(), raw_label, cell: parse_cell(value), section: None });
            }
            self.label = label;
        }
    }

    fn sweep_header(&mut self, no: u32, text: &str, label: &str, value: &str) {
        let values: Vec<f64> = value.split(',').filter_map(|v| v.trim().parse().ok()).collect();
        let key = match label {
            "num prompt" | "num prompts" => "num_prompts",
            "seq length" | "seq len" | "input len" => "input_len",
            _ => "output_len",
        };
        // Consecutive header lines extend one sweep; a header after a block opens a new one.
        let extend = self.sweep.is_some_and(|(i, n)| n == 0 && self.end.sweeps[i].end_line + 1 == no);
        if !extend {
            self.end.sweeps.push(Sweep { line: no, end_line: no, header: String::new(), lists: vec![], fixed: vec![] });
            self.end.blocks_per_sweep.push(0);
            self.sweep = Some((self.end.sweeps.len() - 1, 0));
        }
        let sweep = self.end.sweeps.last_mut().expect("just pushed");
        sweep.end_line = no;
        if !sweep.header.is_empty() {
            sweep.header.push('\n');
        }
        sweep.header.push_str(text);
        if values.len() > 1 {
            sweep.lists.push((key.to_string(), values));
        } else if let Some(v) = values.first() {
            sweep.fixed.push((key.to_string(), *v));
        }
    }
}

/// A short line naming what follows (`helion:`, `Before:`, `LLAMA 2:`, `优化后：`): its words.
pub(crate) fn label_line(t: &str) -> Option<&str> {
    let words = t.strip_suffix(':').or_else(|| t.strip_suffix('：'))?.trim().trim_matches(['"', '\'']).trim();
    let plain = !words.is_empty() && words.len() <= 32 && !words.contains([':', '：', '=', '#', '*', '`', '|', '/', '\\']) && !words.starts_with('-');
    (plain && words.chars().any(char::is_alphabetic)).then_some(words)
}

/// The word a banner adds before `Serving Benchmark Result` (`Helion`), not the tool's own
/// (`All`, `Steady` results of a fork name its two blocks).
fn banner_label(t: &str) -> Option<&str> {
    let inner = t.trim_matches(|c: char| c == '=' || c.is_whitespace());
    let at = inner.to_ascii_lowercase().find("serving benchmark")?;
    let word = inner[..at].trim();
    (!word.is_empty() && word.len() <= 32 && word.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))).then_some(word)
}

/// `## Results`: one to six `#` and a space.
fn is_markdown_heading(t: &str) -> bool {
    let hashes = t.bytes().take_while(|&b| b == b'#').count();
    (1..=6).contains(&hashes) && t.as_bytes().get(hashes) == Some(&b' ')
}

fn is_sweep_header(label: &str, value: &str) -> bool {
    SWEEP_KEYS.contains(&label) && {
        let v = value.trim();
        !v.is_empty() && v.split(',').all(|p| p.trim().parse::<f64>().is_ok())
    }
}

/// Recognises the first line of a result block.
fn block_start(text: &str, current: Option<Format>) -> Option<Format> {
    // Cheap first-byte tests keep this off the hot path for ordinary log lines.
    if text.starts_with('=') && text.len() < 120 {
        let has = |words: &str| contains_ignore_ascii_case(text, words);
        // A fork's `Serving Benchmark All Result` and `… Steady Result` (all requests, or
        // those of the steady state) are the same block.
        if has("serving benchmark result") || has("serving benchmark all result") || has("serving benchmark steady result") {
            return Some(Format::Serving);
        }
        if has("offline throughput benchmark result") {
            return Some(Format::SglangOffline);
        }
        // A report's first section: `ENGINE DETAILS` (TensorRT engines) or, since the PyTorch
        // flow, `PYTORCH BACKEND` (`tensorrt_llm/bench/dataclasses/reporting.py`).
        if has("engine details") || has("pytorch backend") {
            return Some(Format::TrtllmBench);
        }
        // Later releases print `REQUEST DETAILS` first (then `WORLD + RUNTIME INFORMATION`,
        // which alone, a page's excerpt, is no result).
        if (has("performance overview") || has("request details")) && current != Some(Format::TrtllmBench) {
            return Some(Format::TrtllmBench);
        }
        return None;
    }
    if current.is_none() && text.len() < 60 && text.as_bytes()[0].eq_ignore_ascii_case(&b'c') {
        let (label, value) = split_row(text).or_else(|| split_columns(text))?;
        if normalise(label) == "concurrency" && value.trim().parse::<u64>().is_ok() {
            return Some(Format::LmdeployProfile);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::logical_lines;

    proptest::proptest! {
        /// Labels kept from earlier rows and taken back are the labels normalised anew.
        #[test]
        fn labels_taken_back_are_normalised_labels(kept in proptest::collection::vec("[A-Za-z_ ()]{0,12}", 0..40), taken in proptest::collection::vec("[A-Za-z_ ()]{0,12}", 0..40)) {
            let mut labels = Labels::default();
            for raw in &kept {
                labels.keep(raw, normalise(raw));
            }
            for raw in taken.iter().chain(&kept) {
                proptest::prop_assert_eq!(labels.take(raw), normalise(raw));
            }
        }
    }

    #[test]
    fn blocks_of_one_printer_read_the_same_rows() {
        let block = "============ Serving Benchmark Result ============\nSuccessful requests: 2\nMean TTFT (ms): 3.5\nMean TTFT (ms): 4\n==================================================\n";
        let text = block.repeat(3);
        let mut scanner = Scanner::default();
        let mut closed = Vec::new();
        let mut labels = Vec::new();
        for line in logical_lines(&text, 1) {
            scanner.feed(line, &mut closed);
            for block in closed.drain(..) {
                labels.push(block.rows.iter().map(|r| r.label.clone()).collect::<Vec<_>>());
                scanner.recycle(block.rows);
            }
        }
        let want = vec!["successful requests".to_string(), "mean ttft (ms)".into(), "mean ttft (ms)".into()];
        assert_eq!(labels, vec![want.clone(), want.clone(), want]);
    }

    #[test]
    fn cuts_blocks_and_attaches_context() {
        let text = "Running benchmark --num-prompts 2 with backend: vllm\nwarmup time: 1.5s\n\
            Maximum request concurrency: 4\n============ Serving Benchmark Result ============\n\
            Successful requests: 2\nINFO server noise\n---------------Time to First Token----------------\n\
            Mean TTFT (ms): 3.5\n==================================================\n";
        let lines = logical_lines(text, 1);
        let scan = scan(lines);
        assert_eq!(scan.blocks.len(), 1);
        let b = &scan.blocks[0];
        assert_eq!((b.start, b.end, b.terminated), (4, 9, true));
        assert_eq!(b.rows.len(), 2);
        assert_eq!(b.rows[1].section, Some("Time to First Token"));
        assert_eq!(b.context.running.unwrap().2, Some("vllm"));
        assert_eq!(b.context.warmup, Some((2, 1.5)));
        assert_eq!(b.context.rows[0].label, "maximum request concurrency");
    }

    /// A `Namespace(...)` field's value is stored inline when it is short (most are: `random`,
    /// `None`, `1000`), so a run's few dozen fields allocate nothing each; a long one still
    /// reads whole.
    #[test]
    fn short_namespace_values_are_not_allocated() {
        let long = "a-model-path-longer-than-24/bytes";
        let text = format!("Namespace(backend='vllm', num_prompts=1000, seed=0, model='{long}')\n== Serving Benchmark Result ==\nSuccessful requests: 1\n");
        let scan = scan(logical_lines(&text, 1));
        let (_, ns) = scan.blocks[0].context.namespace.as_ref().expect("the block's namespace");
        assert_eq!((ns["backend"].as_str(), ns["num_prompts"].as_str(), ns["model"].as_str()), ("vllm", "1000", long));
        assert!(["backend", "num_prompts", "seed"].iter().all(|k| !ns[*k].is_heap_allocated()));
        assert!(ns["model"].is_heap_allocated());
    }

    #[test]
    fn unterminated_block_is_kept_as_partial() {
        let lines = logical_lines("============ Serving Benchmark Result ============\nSuccessful requests: 2\n", 1);
        let scan = scan(lines);
        assert_eq!(scan.blocks.len(), 1);
        assert!(!scan.blocks[0].terminated);
    }

    #[test]
    fn sweep_headers_group_and_number_blocks() {
        let text = "num_prompts: 1, 2\nseq_length: 80\n== Serving Benchmark Result ==\nSuccessful requests: 1\n=============\n\
            == Serving Benchmark Result ==\nSuccessful requests: 2\n=============\nnum_prompt:1\n== Serving Benchmark Result ==\nSuccessful requests: 1\n";
        let lines = logical_lines(text, 1);
        let scan = scan(lines);
        assert_eq!(scan.sweeps.len(), 2);
        assert_eq!(scan.sweeps[0].lists, vec![("num_prompts".to_string(), vec![1.0, 2.0])]);
        assert_eq!(scan.sweeps[0].fixed, vec![("input_len".to_string(), 80.0)]);
        assert_eq!(scan.sweeps[1].fixed, vec![("num_prompts".to_string(), 1.0)]);
        let positions: Vec<_> = scan.blocks.iter().map(|b| b.sweep).collect();
        assert_eq!(positions, vec![Some((0, 0)), Some((0, 1)), Some((1, 0))]);
    }
}
