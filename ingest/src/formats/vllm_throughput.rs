//! vLLM's offline throughput benchmark (`benchmarks/benchmark_throughput.py`, since 2025
//! `vllm bench throughput`): the console line `Throughput: X requests/s, Y total tokens/s,
//! Z output tokens/s` with the `Total num prompt tokens:` / `Total num output tokens:` lines
//! that follow it, and the `--output-json` file (`elapsed_time`, `num_requests`,
//! `total_num_tokens`, `requests_per_second`, `tokens_per_second`).
//!
//! Versions before late 2024 print `Throughput: X requests/s, Y tokens/s`, where Y is
//! `total_num_tokens / elapsed_time` and `total_num_tokens` sums prompt and output lengths
//! (the script's own code), so it fills the total token throughput, as `total tokens/s` does
//! later. An offline run has no latency and no request rate: every prompt is queued at once.
//! The scenario comes from the run's own `Namespace(...)` (printed by the old script) or from
//! the command above the result, each recorded in `source.context`.

use super::{Format, Input, Read};
use crate::block;
use crate::client;
use crate::fields::normalise;
use crate::json::reader::Json;
use crate::json::Object;
use crate::scan::{Block, Context, Row};
use crate::sink::Sink;
use crate::text::logical_lines;
use crate::value::{integer, leading_number, parse_cell, Cell, Value};
use benchsite_model::{ContextRef, Run};
use std::collections::BTreeMap;

pub const NAME: &str = "vllm-throughput";
/// vLLM's first `benchmark_serving.py` (2023): `Total time: X s`, `Throughput: X requests/s`,
/// `Average latency: X s` and the latencies per token, an online run the same
/// `Throughput:` line as the offline script's opens.
pub const LEGACY_SERVING: &str = "vllm-serving-2023";
pub const JSON_NAME: &str = "vllm-throughput-json";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };
pub static JSON: Format = Format { name: JSON_NAME, detect: detect_json, read: Read::Json(read_json) };

static REQUESTS_PER_S: crate::text::Needle = crate::text::Needle::new("requests/s");

fn detect(input: &Input<'_>) -> bool {
    input.has(&REQUESTS_PER_S)
}

fn detect_json(_: &Input<'_>) -> bool {
    true
}

/// A command that runs the offline benchmark, with its continuation lines joined (also the
/// latency benchmark's, [`super::vllm_latency`]).
#[derive(Clone)]
pub(super) struct Command {
    pub(super) line: u32,
    pub(super) args: String,
    /// Where each continuation line starts in `args`, so a flag points to its own line.
    starts: Vec<(usize, u32)>,
    /// The command ends with a `\` that has not been followed yet.
    pub(super) open: bool,
}

impl Command {
    /// The command whose arguments after the tool's name are `args`, on line `line`.
    pub(super) fn new(line: u32, args: &str, open: bool) -> Self {
        Command { line, args: args.trim_end_matches('\\').to_string(), starts: Vec::new(), open }
    }

    /// Joins a continuation line.
    pub(super) fn push(&mut self, no: u32, text: &str) {
        self.args.push(' ');
        self.starts.push((self.args.len(), no));
        self.args.push_str(text.trim_end_matches('\\'));
        self.open = text.ends_with('\\');
    }

    /// The line a flag is written on (`--num-prompts`, or a spelling with `_`); the
    /// command's first line when it cannot be found.
    pub(super) fn line_of(&self, flag: &str) -> u32 {
        let spellings = [format!("-{flag}"), format!("-{}", flag.replace('-', "_"))];
        let Some(at) = spellings.iter().filter_map(|s| self.args.find(s.as_str())).min() else { return self.line };
        self.starts.iter().take_while(|(start, _)| *start <= at).last().map_or(self.line, |(_, l)| *l)
    }
}

/// What precedes a result: the last throughput command and the last `Namespace(...)`.
#[derive(Default)]
struct Pending {
    command: Option<Command>,
    namespace: Option<(u32, benchsite_model::Map<benchsite_model::map::Text>)>,
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut pending = Pending::default();
    let mut open: Option<Block<'_>> = None;
    let mut command: Option<Command> = None;
    let mut total_time: Option<Row<'_>> = None;
    // A command a shell loop runs (`for isl in 1000 5000; do … done`, or the same command
    // written again and again): it ran every result after it, up to another command, where a
    // command written once ran the one result after it.
    let mut in_loop = false;
    let mut repeated: Option<Command> = None;
    for line in logical_lines(input.text, input.first_line) {
        let text = line.text.trim();
        if text.starts_with("for ") && (text.contains("; do") || text.ends_with(" do") || text.ends_with("do \\")) {
            in_loop = true;
        } else if text == "done" || text.starts_with("done;") || text.starts_with("done ") {
            in_loop = false;
        }
        if let Some(block) = open.as_mut() {
            let legacy = block.format == crate::scan::Format::Named(LEGACY_SERVING);
            if let Some(row) = token_count_row(line.no, text).or_else(|| legacy.then(|| legacy_row(line.no, text)).flatten()) {
                block.end = line.no;
                block.rows.push(row);
                continue;
            }
            blocks += 1;
            runs.extend(finish(open.take().unwrap(), command.take(), sink));
        }
        // `Total time: 165.50 s` right above the `Throughput:` line: the 2023 serving client.
        if let Some(row) = text.strip_prefix("Total time:").and_then(|rest| seconds_row(line.no, rest, "benchmark duration (s)", "Total time")) {
            total_time = Some(row);
            continue;
        }
        if let Some(cmd) = pending.command.as_mut().filter(|c| c.open) {
            cmd.push(line.no, text);
            continue;
        }
        if let Some(rest) = text.strip_prefix("Throughput:") {
            let rows = throughput_rows(line.no, rest);
            if rows.is_empty() {
                continue;
            }
            let context = Context { namespace: pending.namespace.take(), ..Context::default() };
            command = pending.command.take().or_else(|| repeated.clone());
            let mut block = Block { context, ..Block::of_rows(NAME, line.no, line.no, rows) };
            if let Some(row) = total_time.take().filter(|r| r.line + 1 == line.no) {
                block.format = crate::scan::Format::Named(LEGACY_SERVING);
                block.start = row.line;
                block.rows.insert(0, row);
            }
            open = Some(block);
        } else if let Some(args) = throughput_command(text) {
            let cmd = Command::new(line.no, args, text.ends_with('\\'));
            let again = pending.command.as_ref().or(repeated.as_ref()).is_some_and(|c| c.args == cmd.args);
            repeated = (in_loop || again).then(|| cmd.clone());
            pending.command = Some(cmd);
        } else if let Some(ns) = text.starts_with("Namespace(").then(|| client::namespace(text)).flatten() {
            pending.namespace = Some((line.no, ns));
        }
    }
    if let Some(block) = open {
        blocks += 1;
        runs.extend(finish(block, command, sink));
    }
    (runs, blocks)
}

/// The arguments of a command that runs the offline throughput benchmark.
fn throughput_command(text: &str) -> Option<&str> {
    ["benchmark_throughput.py", "bench throughput", "benchmarks/throughput.py"]
        .iter()
        .find_map(|m| text.find(m).map(|i| &text[i + m.len()..]))
}

/// `7.15 requests/s, 4656.00 total tokens/s, 1072.15 output tokens/s` → rows; the unit
/// words name each value.
fn throughput_rows(no: u32, rest: &str) -> Vec<Row<'_>> {
    let mut rows = Vec::new();
    for part in rest.split(',') {
        let part = part.trim();
        let Some((n, unit)) = leading_number(part) else { continue };
        let unit = unit.trim();
        // `2212.46 output tokens/s Correct rate is 0.0 %`: a script's own words after the unit.
        const UNITS: [&str; 4] = ["requests/s", "total tokens/s", "output tokens/s", "tokens/s"];
        let unit = UNITS
            .iter()
            .find(|u| unit.strip_prefix(**u).is_some_and(|rest| rest.starts_with(char::is_whitespace) && !rest.trim_start().to_lowercase().starts_with("per")))
            .map_or(unit, |u| &unit[..u.len()]);
        // `766.70 output to` where a paste cut the line: the one unit the word begins (the
        // number before it, a space after it, is whole); a beginning two units share, or none
        // at all, leaves the number out.
        let begun: Vec<&str> = UNITS.iter().copied().filter(|u| u.len() > unit.len() && u.starts_with(unit)).collect();
        let unit = match begun.as_slice() {
            [one] if unit.len() >= 3 => one,
            [] if !unit.is_empty() => unit,
            _ => continue,
        };
        let label = match unit {
            "requests/s" => "request throughput (req/s)",
            // Old versions: total_num_tokens (prompt + output) / elapsed_time.
            "tokens/s" | "total tokens/s" => "total token throughput (tok/s)",
            "output tokens/s" => "output token throughput (tok/s)",
            other => {
                rows.push(Row { line: no, label: normalise(other), raw_label: unit, cell: number(n), section: None });
                continue;
            }
        };
        rows.push(Row { line: no, label: label.to_string(), raw_label: unit, cell: number(n), section: None });
    }
    // A `Throughput:` line of another tool (no request rate) is not this one.
    if rows.iter().any(|r| r.raw_label == "requests/s") {
        rows
    } else {
        Vec::new()
    }
}

fn number(n: f64) -> Cell<'static> {
    Cell { value: Value::Number(n), unit: "" }
}

/// A value in seconds, `165.50 s`, as a row under `label`.
fn seconds_row<'a>(no: u32, rest: &'a str, label: &str, raw_label: &'a str) -> Option<Row<'a>> {
    let (n, unit) = leading_number(rest.trim())?;
    (unit.trim() == "s").then(|| Row { line: no, label: label.to_string(), raw_label, cell: number(n), section: None })
}

/// The 2023 serving client's latencies under its `Throughput:` line: `Average latency: 77.68
/// s` (the requests' mean end-to-end latency) and the latencies per token and per output
/// token (kept under their names).
fn legacy_row(no: u32, text: &str) -> Option<Row<'_>> {
    let (raw, rest) = text.split_once(':')?;
    let label = match raw.trim() {
        "Average latency" => "mean e2el (s)",
        "Average latency per token" => "average latency per token (s)",
        "Average latency per output token" => "average latency per output token (s)",
        _ => return None,
    };
    seconds_row(no, rest, label, raw.trim())
}

/// `Total num prompt tokens:  5014` and `Total num output tokens:  1500`.
fn token_count_row(no: u32, text: &str) -> Option<Row<'_>> {
    let (raw, value) = text.split_once(':')?;
    let label = match raw.trim() {
        "Total num prompt tokens" => "total input tokens",
        "Total num output tokens" => "total output tokens",
        _ => return None,
    };
    Some(Row { line: no, label: label.to_string(), raw_label: raw.trim(), cell: parse_cell(value), section: None })
}

/// Resolves a block, then fills what the command states and the namespace did not.
fn finish(block: Block<'_>, command: Option<Command>, sink: &mut Sink) -> Option<Run> {
    let ns_line = block.context.namespace.as_ref().map(|(l, _)| *l);
    let mut run = block::resolve(&block, &[], sink)?;
    if let Some(line) = ns_line {
        let from_namespace: Vec<String> = run.source.lines.iter().filter(|(k, &l)| l == line && is_context(k)).map(|(k, _)| k.to_string()).collect();
        for key in from_namespace {
            run.source.context.insert(key, ContextRef { line, kind: "namespace".into() });
        }
        let tp = run.client.namespace.get("tensor_parallel_size").and_then(|v| v.parse::<f64>().ok()).and_then(integer);
        set_tp(&mut run, tp, line, "namespace");
    }
    if let Some(cmd) = command {
        apply_command(&mut run, &cmd);
    }
    Some(run)
}

fn is_context(key: &str) -> bool {
    key.starts_with("scenario.") || key == "model" || key == "backend"
}

fn set_tp(run: &mut Run, tp: Option<u64>, line: u32, kind: &str) {
    if let (None, Some(tp)) = (run.tp, tp.and_then(|t| u32::try_from(t).ok())) {
        run.tp = Some(tp);
        run.source.lines.insert("tp", line);
        run.source.context.insert("tp", ContextRef { line, kind: kind.into() });
    }
}

/// Scenario from the command that ran the benchmark, for fields nothing else stated.
/// Lengths count only for datasets that use them: `--input-len` for random data (or none
/// named: the old script synthesises prompts of that length) and sonnet, `--output-len` also
/// for ShareGPT (it overrides the dataset's lengths), `--random-*-len` for random data.
pub(super) fn apply_command(run: &mut Run, cmd: &Command) {
    let flags: BTreeMap<String, String> = client::flags(&cmd.args)
        .into_iter()
        .filter_map(|(k, v)| Some((k.trim_start_matches('-').replace('_', "-"), v?)))
        .collect();
    // A shell variable (`--model ${model_path}`) names nothing.
    let get = |k: &str| flags.get(k).map(String::as_str).filter(|v| !v.contains('$'));
    let int = |v: Option<&str>| v.and_then(|v| v.parse::<f64>().ok()).and_then(integer);
    let mut filled: Vec<(&str, &str)> = Vec::new();
    let s = &mut run.scenario;
    if s.dataset.is_none() {
        if let Some(d) = get("dataset-name") {
            s.dataset = Some(d.to_string());
            filled.push(("scenario.dataset", "dataset-name"));
        }
    }
    // The datasets that take their lengths from the flags (the others ignore them).
    let random = matches!(s.dataset.as_deref(), None | Some("random"));
    let takes_input = random || s.dataset.as_deref() == Some("sonnet");
    let takes_output = takes_input || s.dataset.as_deref() == Some("sharegpt");
    if s.num_prompts.is_none() {
        s.num_prompts = int(get("num-prompts"));
        filled.extend(s.num_prompts.map(|_| ("scenario.num_prompts", "num-prompts")));
    }
    if s.input_len.is_none() {
        s.input_len = int(get("input-len")).filter(|_| takes_input).or_else(|| int(get("random-input-len")).filter(|_| random));
        filled.extend(s.input_len.map(|_| ("scenario.input_len", "input-len")));
    }
    if s.output_len.is_none() {
        s.output_len = int(get("output-len")).filter(|_| takes_output).or_else(|| int(get("random-output-len")).filter(|_| random));
        filled.extend(s.output_len.map(|_| ("scenario.output_len", "output-len")));
    }
    if run.model.is_none() {
        if let Some(m) = get("model") {
            run.model = Some(m.to_string());
            filled.push(("model", "model"));
        }
    }
    if run.backend.is_none() {
        if let Some(b) = get("backend") {
            run.backend = Some(b.to_string());
            filled.push(("backend", "backend"));
        }
    }
    // The script runs vLLM's engine unless `--backend` names another (`hf`, `mii`).
    if run.framework.is_none() && !flags.contains_key("backend") {
        run.framework = Some("vllm".to_string());
        filled.push(("framework", "model"));
    }
    for (key, flag) in filled {
        let line = cmd.line_of(flag);
        run.source.lines.insert(key, line);
        run.source.context.insert(key, ContextRef { line, kind: "command".into() });
    }
    let tp_line = cmd.line_of(if get("tensor-parallel-size").is_some() { "tensor-parallel-size" } else { "tp" });
    set_tp(run, int(get("tensor-parallel-size").or(get("tp"))), tp_line, "command");
}

/// The `--output-json` file: one object with the keys the script writes.
fn read_json(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let ours = |o: &&Object<'_>| o.contains_key("requests_per_second") && o.contains_key("elapsed_time");
    if !objects.iter().any(|o| ours(&o)) {
        return None;
    }
    let mut runs = Vec::new();
    for obj in objects.iter().filter(ours) {
        let mut rows = Vec::new();
        for (key, value) in &obj.members {
            let cell = match &value.value {
                Json::Number(n) => number(*n),
                Json::String(s) => parse_cell(s),
                Json::Word(w) => parse_cell(w),
                Json::Null => Cell { value: Value::Absent("null"), unit: "" },
                _ => continue,
            };
            let label = match key.as_ref() {
                "elapsed_time" => "duration".to_string(),
                // All requests of an offline run finish in `elapsed_time` (or the run raises).
                "num_requests" => "completed".to_string(),
                "total_num_tokens" => "total tokens".to_string(),
                "total_output_tokens" => "total output tokens".to_string(),
                "requests_per_second" => "request throughput (req/s)".to_string(),
                "tokens_per_second" => "total token throughput (tok/s)".to_string(),
                "output_tokens_per_second" => "output token throughput (tok/s)".to_string(),
                other => normalise(other),
            };
            rows.push(Row { line: value.line, label, raw_label: key.as_ref(), cell, section: None });
        }
        let block = Block::of_rows(JSON_NAME, obj.line, obj.end_line, rows);
        runs.extend(block::resolve(&block, &[], sink));
    }
    Some(runs)
}
