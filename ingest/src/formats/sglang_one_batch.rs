//! SGLang's static-batch latency benchmark (`python -m sglang.bench_one_batch`, before late
//! 2024 `sglang.bench_latency`): one batch of `--batch-size` prompts of `--input-len` tokens
//! generating `--output-len`, printed per run as
//!
//! ```text
//! Prefill. latency: 0.03508 s, throughput:   5700.84 token/s
//! Decode 0. Batch size: 4, latency: 0.29446 s, throughput:     13.58 token/s   (older: `Decode.  latency: …`)
//! Decode.  median latency: 0.01924 s, median throughput:     51.98 token/s
//! Total. latency:  1.942 s, throughput:    154.52 token/s
//! ```
//!
//! after a warmup run of the same shape: only the runs after `Benchmark ...` are measured
//! (`latency_test` in the script). Every request of the batch gets its first token when the
//! prefill ends and one token per decode step, so the prefill latency is the TTFT, the median
//! decode step the median ITL and the total latency the end-to-end latency; the total
//! throughput is `(input + output) × batch / total latency`. The phase throughputs stay
//! extra values. The batch size is the concurrency: from the decode lines, else from the
//! command when it names one value (a list of sizes is a sweep whose order the runs follow
//! only while none is skipped).
//!
//! Both scripts also append a JSON line per run to `--result-filename` (`result.jsonl`), in
//! seconds as the console prints them:
//! - `bench_one_batch` (in the process, [`JSONL_NAME`]): `prefill_latency`,
//!   `prefill_throughput`, `median_decode_latency`, `median_decode_throughput`,
//!   `total_latency`, `overall_throughput`, read as the console's lines are.
//! - `bench_one_batch_server` (against a server, [`SERVER_JSONL_NAME`]): `latency` (the
//!   batch's, from the request to its last token: the longest end-to-end latency and the
//!   run's duration), `last_ttft` (when the batch's last request had its first token: the
//!   longest TTFT), `input_throughput` (the batch's input over `last_ttft`) and
//!   `output_throughput` (its output over the time after it) kept as the phases' extra rates,
//!   `overall_throughput` (all tokens over `latency`), the server's `last_gen_throughput`,
//!   `acc_length` (`-1` without speculative decoding) and `cache_hit_rate`.

use super::vllm_throughput::Command;
use super::{Format, Input, Read};
use crate::block;
use crate::client;
use crate::json::{reader::Json, Object};
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{logical_lines, Needle};
use crate::value::{integer, leading_number, Cell, Value};
use benchsite_model::{ContextRef, Note, Run};

pub const NAME: &str = "sglang-one-batch";
pub const JSONL_NAME: &str = "sglang-one-batch-jsonl";
pub const SERVER_JSONL_NAME: &str = "sglang-one-batch-server-jsonl";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };
pub static JSONL: Format = Format { name: JSONL_NAME, detect: |_| true, read: Read::Json(read_jsonl) };

static SIGNATURE: Needle = Needle::new("Prefill. latency:");

fn detect(input: &Input<'_>) -> bool {
    input.has(&SIGNATURE)
}

/// `latency: 0.03508 s, throughput:   5700.84 token/s` (with `median` words) → the two numbers.
fn latency_and_throughput(rest: &str) -> Option<(f64, f64)> {
    let (lat, tput) = rest.split_once(',')?;
    let lat = lat.trim().trim_start_matches("median").trim().strip_prefix("latency:")?;
    let tput = tput.trim().trim_start_matches("median").trim().strip_prefix("throughput:")?;
    let (l, lu) = leading_number(lat.trim())?;
    let (t, tu) = leading_number(tput.trim())?;
    (lu.trim() == "s" && tu.trim() == "token/s").then_some((l, t))
}

/// A line of a run: its kind and its rows.
enum Line<'a> {
    Prefill(Vec<Row<'a>>),
    /// A decode step; the batch size when the line names it.
    Step(Option<Row<'a>>),
    Median(Vec<Row<'a>>),
    Total(Vec<Row<'a>>),
}

fn classify(no: u32, text: &str) -> Option<Line<'_>> {
    let row = |label: &str, n: f64, unit: &'static str| Row { line: no, label: label.to_string(), raw_label: text, cell: Cell { value: Value::Number(n), unit }, section: None };
    if let Some(rest) = text.strip_prefix("Prefill.") {
        let (l, t) = latency_and_throughput(rest)?;
        return Some(Line::Prefill(vec![row("mean ttft", l, "s"), row("sglang prefill throughput (tok/s)", t, "")]));
    }
    if let Some(rest) = text.strip_prefix("Total.") {
        let (l, t) = latency_and_throughput(rest)?;
        return Some(Line::Total(vec![row("mean e2el", l, "s"), row("total token throughput (tok/s)", t, "")]));
    }
    let rest = text.strip_prefix("Decode")?;
    if let Some(median) = rest.trim_start_matches('.').trim_start().strip_prefix("median") {
        let (l, t) = latency_and_throughput(&format!("median{median}"))?;
        return Some(Line::Median(vec![row("median itl", l, "s"), row("sglang median decode throughput (tok/s)", t, "")]));
    }
    // `Decode 0. Batch size: 4, latency: …` or `Decode.  latency: …`.
    let (_, after) = rest.split_once('.')?;
    let after = after.trim();
    if let Some(b) = after.strip_prefix("Batch size:") {
        let (n, _) = leading_number(b.trim())?;
        return Some(Line::Step(Some(row("max concurrency", n, ""))));
    }
    after.starts_with("latency:").then_some(Line::Step(None))
}

/// The flags of a `bench_one_batch` / `bench_latency` command.
fn one_batch_command(text: &str) -> Option<&str> {
    ["bench_one_batch", "bench_latency"].iter().find_map(|m| text.find(m).map(|i| &text[i + m.len()..])).filter(|_| text.contains("sglang"))
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    // After `Warmup ...` and before `Benchmark ...` a run is the warmup's.
    let mut warmup = false;
    // The runs since the last command; a `Benchmark ...` after them (the `Warmup ...` line
    // cut from the paste) says they were the warmup's.
    let mut since_command: Vec<Run> = Vec::new();
    let mut benchmark_seen = false;
    let mut command: Option<Command> = None;
    let mut last_command_line: Option<u32> = None;
    let mut open: Option<Block<'_>> = None;
    for line in logical_lines(input.text, input.first_line) {
        let text = line.text.trim().trim_start_matches('#').trim();
        // A continuation: after a `\`, or a line of flags right below the command (a long
        // command the terminal or the author wrapped without one).
        let wrapped = last_command_line.is_some_and(|l| l + 1 == line.no) && text.starts_with("--");
        if let Some(cmd) = command.as_mut().filter(|c| c.open || wrapped) {
            cmd.push(line.no, text);
            last_command_line = Some(line.no);
            continue;
        }
        last_command_line = None;
        if text.starts_with("Warmup ...") {
            warmup = true;
            open = None;
            continue;
        }
        if text.starts_with("Benchmark ...") {
            if !benchmark_seen && !warmup {
                since_command.clear();
            }
            benchmark_seen = true;
            warmup = false;
            open = None;
            continue;
        }
        if let Some(args) = one_batch_command(text) {
            runs.append(&mut since_command);
            benchmark_seen = false;
            command = Some(Command::new(line.no, args, text.ends_with('\\')));
            last_command_line = Some(line.no);
            warmup = false;
            open = None;
            continue;
        }
        let Some(kind) = classify(line.no, text) else { continue };
        match kind {
            Line::Prefill(rows) => {
                // A run printed without its `Total.` line (a paste cut there) ends where the
                // next begins.
                if let Some(b) = open.take().filter(|b| b.end > b.start) {
                    blocks += 1;
                    finish(b, warmup, command.as_ref(), &mut since_command, sink);
                }
                open = Some(Block::of_rows(NAME, line.no, line.no, rows));
            }
            Line::Step(batch) => {
                if let (Some(b), Some(row)) = (open.as_mut(), batch) {
                    if !b.rows.iter().any(|r| r.label == "max concurrency") {
                        b.rows.push(row);
                    }
                }
            }
            Line::Median(rows) => {
                if let Some(b) = open.as_mut() {
                    b.rows.extend(rows);
                    b.end = line.no;
                }
            }
            Line::Total(rows) => {
                let Some(mut b) = open.take() else { continue };
                b.rows.extend(rows);
                b.end = line.no;
                blocks += 1;
                finish(b, warmup, command.as_ref(), &mut since_command, sink);
            }
        }
    }
    // (Also at the end of the text: `Prefill.` and `Decode.  median` lines without `Total.`.)
    if let Some(b) = open.take().filter(|b| b.end > b.start) {
        blocks += 1;
        finish(b, warmup, command.as_ref(), &mut since_command, sink);
    }
    runs.append(&mut since_command);
    (runs, blocks)
}

/// A block's run (none for the warmup's), with what its command states.
fn finish(b: Block<'_>, warmup: bool, command: Option<&Command>, runs: &mut Vec<Run>, sink: &mut Sink) {
    if warmup {
        return;
    }
    if let Some(mut run) = block::resolve(&b, &[], sink) {
        if let Some(cmd) = command {
            apply_command(&mut run, cmd);
        }
        runs.push(run);
    }
}

/// What the command states: the model (`--model-path`, `--model`), TP, and the batch size and
/// lengths when it names one value of each (a list is a sweep).
fn apply_command(run: &mut Run, cmd: &Command) {
    let flags = client::flags(&cmd.args);
    let words: Vec<&str> = cmd.args.split_whitespace().collect();
    let single = |names: &[&str]| -> Option<u64> {
        let at = words.iter().position(|w| names.contains(w))?;
        let values: Vec<&str> = words[at + 1..].iter().take_while(|w| !w.starts_with('-')).copied().collect();
        match values.as_slice() {
            [one] => one.parse::<f64>().ok().and_then(integer),
            _ => None,
        }
    };
    // (field, the flag it was written as, for its line)
    let mut filled: Vec<(&str, &str)> = Vec::new();
    let s = &mut run.scenario;
    if s.max_concurrency.is_none() {
        s.max_concurrency = single(&["--batch-size", "--batch"]);
        filled.extend(s.max_concurrency.map(|_| ("scenario.max_concurrency", "batch")));
    }
    if s.input_len.is_none() {
        s.input_len = single(&["--input-len", "--input"]);
        filled.extend(s.input_len.map(|_| ("scenario.input_len", "input")));
    }
    if s.output_len.is_none() {
        s.output_len = single(&["--output-len", "--output"]);
        filled.extend(s.output_len.map(|_| ("scenario.output_len", "output")));
    }
    let get = |names: &[&str]| flags.iter().rev().find(|(k, _)| names.contains(&k.as_str())).and_then(|(_, v)| v.clone()).filter(|v| !v.contains('$'));
    if run.model.is_none() {
        run.model = get(&["--model-path", "--model"]);
        filled.extend(run.model.as_ref().map(|_| ("model", "model")));
    }
    if run.tp.is_none() {
        run.tp = get(&["--tp-size", "--tp", "--tensor-parallel-size"]).and_then(|v| v.parse().ok());
        filled.extend(run.tp.map(|_| ("tp", "tp")));
    }
    if run.framework.is_none() {
        run.framework = Some("sglang".to_string());
        filled.push(("framework", "model"));
    }
    for (key, flag) in filled {
        let line = cmd.line_of(flag);
        run.source.lines.insert(key, line);
        run.source.context.insert(key, ContextRef { line, kind: "command".into() });
    }
}

/// The JSON lines of `--result-filename`: a run per object of either script's keys.
fn read_jsonl(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let shape = |o: &Object<'_>| {
        let batch = o.contains_key("batch_size") && o.contains_key("input_len") && o.contains_key("output_len") && o.contains_key("overall_throughput");
        match (batch, o.contains_key("total_latency"), o.contains_key("latency") && o.contains_key("last_ttft")) {
            (true, true, _) => Some(JSONL_NAME),
            (true, false, true) => Some(SERVER_JSONL_NAME),
            _ => None,
        }
    };
    if !objects.iter().any(|o| shape(o).is_some()) {
        return None;
    }
    let mut runs = Vec::new();
    for (obj, name) in objects.iter().filter_map(|o| Some((o, shape(o)?))) {
        let mut rows = Vec::new();
        let mut row = |key: &'static str, label: &str, unit: &'static str| {
            if let Some((line, Json::Number(n))) = obj.get(key).map(|v| (v.line, &v.value)) {
                rows.push(Row { line, label: label.to_string(), raw_label: key, cell: Cell { value: Value::Number(*n), unit }, section: None });
            }
        };
        row("batch_size", "max concurrency", "");
        row("input_len", "input len", "");
        row("output_len", "output len", "");
        row("overall_throughput", "total token throughput (tok/s)", "");
        if name == JSONL_NAME {
            row("prefill_latency", "mean ttft", "s");
            row("prefill_throughput", "sglang prefill throughput (tok/s)", "");
            row("median_decode_latency", "median itl", "s");
            row("median_decode_throughput", "sglang median decode throughput (tok/s)", "");
            row("total_latency", "mean e2el", "s");
        } else {
            row("latency", "max e2el", "s");
            row("latency", "benchmark duration (s)", "");
            row("last_ttft", "max ttft", "s");
            row("input_throughput", "sglang prefill throughput (tok/s)", "");
            row("output_throughput", "sglang decode throughput (tok/s)", "");
            row("last_gen_throughput", "sglang server last gen throughput (tok/s)", "");
            row("cache_hit_rate", "cache hit rate", "");
            // `-1.0` when no draft model ran: no acceptance length.
            if obj.get("acc_length").is_some_and(|v| matches!(v.value, Json::Number(n) if n > 0.0)) {
                row("acc_length", "accept length", "");
            }
        }
        let block = Block::of_rows(name, obj.line, obj.end_line, rows);
        if let Some(mut run) = block::resolve(&block, &[], sink) {
            if let Some(spanned) = obj.get("run_name").filter(|v| !matches!(&v.value, Json::String(s) if s == "default")) {
                if let Json::String(s) = &spanned.value {
                    run.notes.push(Note { line: spanned.line, text: format!("run name: {s}") });
                }
            }
            if run.framework.is_none() {
                run.framework = Some("sglang".to_string());
            }
            runs.push(run);
        }
    }
    Some(runs)
}
