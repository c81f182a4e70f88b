//! vLLM's offline latency benchmark (`benchmarks/benchmark_latency.py`, since 2025 `vllm
//! bench latency`): one batch of `--batch-size` prompts of `--input-len` tokens generating
//! `--output-len` tokens, timed over `--num-iters` iterations, printed as
//!
//! ```text
//! Avg latency: 5.2564156893700105 seconds
//! 10% percentile latency: 5.241361258600318 seconds
//! …
//! 99% percentile latency: 5.273114479820046 seconds
//! ```
//!
//! The numbers are the end-to-end latency of the whole batch, in seconds (the unit is printed),
//! so they fill `metrics.e2e_ms`; the batch size is the run's concurrency (all its prompts are
//! in flight at once). The scenario comes from the command above the result in the same text
//! (a document's own commands are read by [`crate::context`]); nothing else is stated.

use super::vllm_throughput::{apply_command, Command};
use super::{Format, Input, Read};
use crate::block;
use crate::client;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{logical_lines, Needle};
use crate::json::reader::Json;
use crate::json::Object;
use crate::value::{integer, parse_cell, Cell, Value};
use benchsite_model::{ContextRef, Run};

pub const NAME: &str = "vllm-latency";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

pub const JSON_NAME: &str = "vllm-latency-json";

/// The `--output-json` file: `{"avg_latency": …, "latencies": […], "percentiles": {"10": …}}`,
/// in seconds.
pub static JSON: Format = Format { name: JSON_NAME, detect: |_| true, read: Read::Json(read_json) };

static AVG: Needle = Needle::new("Avg latency:");
static PERCENTILE: Needle = Needle::new("% percentile latency:");

/// The script's own words, not any `latency:` (a log's every line may hold one).
fn detect(input: &Input<'_>) -> bool {
    input.has(&AVG) || input.has(&PERCENTILE)
}

/// A row of the result: `Avg latency: X seconds` or `N% percentile latency: X seconds`, with
/// the label the resolver reads (`avg latency`, `p10 latency`; the unit from the cell).
fn latency_row(no: u32, text: &str) -> Option<Row<'_>> {
    let (raw, value) = text.split_once(':')?;
    let raw = raw.trim();
    let label = if raw == "Avg latency" {
        "avg latency".to_string()
    } else {
        let pct = raw.strip_suffix("% percentile latency")?;
        if pct.is_empty() || !pct.chars().all(|c| c.is_ascii_digit() || c == '.') {
            return None;
        }
        format!("p{pct} latency")
    };
    let cell = parse_cell(value);
    // The script prints `seconds`; a line of another tool without it is not this one.
    crate::fields::time_factor(cell.unit)?;
    Some(Row { line: no, label, raw_label: raw, cell, section: None })
}

/// The arguments of a command that runs the latency benchmark.
fn latency_command(text: &str) -> Option<&str> {
    ["benchmark_latency.py", "bench latency"].iter().find_map(|m| text.find(m).map(|i| &text[i + m.len()..]))
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut pending: Option<Command> = None;
    let mut open: Option<(Block<'_>, Option<Command>)> = None;
    // A `helion:` line right above a block tells it from the one beside it: its note.
    let mut label: Option<(u32, &str)> = None;
    for line in logical_lines(input.text, input.first_line) {
        let text = line.text.trim();
        if let Some(row) = latency_row(line.no, text) {
            match open.as_mut() {
                // A second `Avg latency` starts the next run.
                Some((block, _)) if !(row.label == "avg latency" && block.rows.iter().any(|r| r.label == "avg latency")) => {
                    block.end = line.no;
                    block.rows.push(row);
                }
                _ => {
                    if let Some((block, command)) = open.take() {
                        blocks += 1;
                        runs.extend(finish(block, command, sink));
                    }
                    let mut block = Block::of_rows(NAME, line.no, line.no, vec![row]);
                    block.context.label = label.take();
                    open = Some((block, pending.take()));
                }
            }
            continue;
        }
        if !text.is_empty() {
            label = crate::scan::label_line(text).map(|l| (line.no, l));
        }
        if let Some(cmd) = pending.as_mut().filter(|c| c.open) {
            cmd.push(line.no, text);
            continue;
        }
        if !text.is_empty() {
            if let Some((block, command)) = open.take() {
                blocks += 1;
                runs.extend(finish(block, command, sink));
            }
        }
        if let Some(args) = latency_command(text) {
            pending = Some(Command::new(line.no, args, text.ends_with('\\')));
        }
    }
    if let Some((block, command)) = open {
        blocks += 1;
        runs.extend(finish(block, command, sink));
    }
    (runs, blocks)
}

/// Resolves a block, then fills what its command states: lengths, model, TP, and the batch
/// size as the concurrency.
fn finish(block: Block<'_>, command: Option<Command>, sink: &mut Sink) -> Option<Run> {
    let mut run = block::resolve(&block, &[], sink)?;
    if let Some(cmd) = command {
        apply_command(&mut run, &cmd);
        let flags = client::flags(&cmd.args);
        let batch = flags.iter().rev().find(|(k, _)| k == "--batch-size" || k == "--batch_size").and_then(|(_, v)| v.as_deref());
        if let (None, Some(n)) = (run.scenario.max_concurrency, batch.and_then(|v| v.parse::<f64>().ok()).and_then(integer)) {
            let line = cmd.line_of("batch-size");
            run.scenario.max_concurrency = Some(n);
            run.source.lines.insert("scenario.max_concurrency", line);
            run.source.context.insert("scenario.max_concurrency", ContextRef { line, kind: "command".into() });
        }
    }
    Some(run)
}

/// The `--output-json` file of the latency benchmark: the batch's average latency and its
/// percentiles, in seconds (the script writes seconds; the keys say no unit), the same rows
/// its console prints. The per-iteration `latencies` are the samples those are made of.
fn read_json(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let ours = |o: &&Object<'_>| o.contains_key("avg_latency") && (o.contains_key("percentiles") || o.contains_key("latencies"));
    if !objects.iter().any(|o| ours(&o)) {
        return None;
    }
    let seconds = |line: u32, label: String, raw: &'static str, n: f64| Row { line, label, raw_label: raw, cell: Cell { value: Value::Number(n), unit: "seconds" }, section: None };
    let mut runs = Vec::new();
    for obj in objects.iter().filter(ours) {
        let mut rows = Vec::new();
        if let Some(Json::Number(n)) = obj.get("avg_latency").map(|v| &v.value) {
            rows.push(seconds(obj.get("avg_latency").map_or(obj.line, |v| v.line), "avg latency".to_string(), "avg_latency", *n));
        }
        if let Some(Json::Object(members)) = obj.get("percentiles").map(|v| &v.value) {
            for (pct, value) in members {
                let whole = !pct.is_empty() && pct.chars().all(|c| c.is_ascii_digit() || c == '.');
                if let (true, Json::Number(n)) = (whole, &value.value) {
                    rows.push(seconds(value.line, format!("p{pct} latency"), "percentiles", *n));
                }
            }
        }
        let block = Block::of_rows(JSON_NAME, obj.line, obj.end_line, rows);
        runs.extend(block::resolve(&block, &[], sink));
    }
    Some(runs)
}
