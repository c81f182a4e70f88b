//! TensorRT-LLM's benchmarks before `trtllm-bench` (2023–2024), which print `[BENCHMARK]`
//! lines in two layouts:
//!
//! - `benchmarks/python/benchmark.py`: a static batch, one line of `key value` pairs per
//!   batch size and length pair,
//!
//!   ```text
//!   [BENCHMARK] model_name llama_7b world_size 1 num_heads 32 … precision float16 batch_size 64 gpu_weights_percent 1.0 input_length 128 output_length 128 gpu_peak_mem(gb) 20.546 build_time(s) 0 tokens_per_sec 7373.14 percentile95(ms) 1116.268 percentile99(ms) 1118.393 latency(ms) 1111.06 compute_cap sm90 quantization QuantMode.FP8_QDQ|FP8_KV_CACHE generation_time(ms) 982.682 total_generated_tokens 8128.0 generation_tokens_per_second 8271.238
//!   ```
//!
//!   Every request of the batch ends with the batch, so `latency(ms)` (the mean over the
//!   runs of one generate call) and its percentiles are the end-to-end latency;
//!   `tokens_per_sec` is the output rate in 2024 releases and one request's speed before
//!   ([`retitle_tokens_per_sec`]). The batch size is the concurrency. `generation_*` cover the
//!   decode phase alone and stay extra values; the model's shape (`num_heads`, …) is no
//!   measurement and is not kept.
//! - `benchmarks/cpp/gptManagerBenchmark`: a served load (in-flight batching), one value per
//!   line (`Recorder::report`): `num_samples`, `num_error_samples`, `total_latency(ms)`,
//!   `seq_throughput(seq/sec)`, `token_throughput(token/sec)` (output tokens), the requests'
//!   `…_sequence_latency(ms)` and, when streaming, `…_time_to_first_token(ms)`,
//!   `…_inter_token_latency(ms)` (each request's mean gap between generated tokens: its
//!   TPOT), `…_user_tokens_per_second` and `…_request_queueing_latency(ms)`. The command above
//!   the lines may state the rate (`--request_rate`, `-1` for all at once), the prompts
//!   (`--max_num_samples`) and the concurrency (`--concurrency`).

use super::vllm_throughput::Command;
use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{logical_lines, Needle};
use crate::value::{Cell, Value};
use benchsite_model::{ContextRef, RequestRate, Run};

/// `benchmarks/python/benchmark.py`'s runs.
pub const NAME: &str = "trtllm-benchmark-py";
/// `gptManagerBenchmark`'s runs.
pub const MANAGER_NAME: &str = "trtllm-gpt-manager";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static SIGNATURE: Needle = Needle::new("[BENCHMARK] ");

fn detect(input: &Input<'_>) -> bool {
    input.has(&SIGNATURE)
}

/// The label a `benchmark.py` key's value is read under ([`crate::fields`]' vocabulary).
fn batch_label(key: &str) -> Option<&'static str> {
    Some(match key {
        "model_name" => "model",
        "precision" => "dtype",
        "batch_size" => "max concurrency",
        "input_length" => "input len",
        "output_length" => "output len",
        "tokens_per_sec" => "output token throughput (tok/s)",
        "latency(ms)" => "mean e2el (ms)",
        "percentile95(ms)" => "p95 e2el (ms)",
        "percentile99(ms)" => "p99 e2el (ms)",
        "gpu_peak_mem(gb)" => "gpu peak memory (GB)",
        "build_time(s)" => "engine build time (s)",
        "generation_time(ms)" => "generation phase time (ms)",
        "total_generated_tokens" => "generation phase tokens",
        "generation_tokens_per_second" => "generation phase throughput (tok/s)",
        _ => return None,
    })
}

/// The label of a `gptManagerBenchmark` line's key.
fn manager_label(key: &str) -> Option<String> {
    let fixed = match key {
        "num_samples" => "successful requests",
        "num_error_samples" => "failed requests",
        "total_latency(ms)" => "total latency (ms)",
        "seq_throughput(seq/sec)" => "request throughput (req/s)",
        "token_throughput(token/sec)" => "output token throughput (tok/s)",
        "avg_acceptance_rate(tokens/decoding steps)" => "accept length",
        _ => "",
    };
    if !fixed.is_empty() {
        return Some(fixed.to_string());
    }
    // `p99_time_to_first_token(ms)` → `p99 ttft (ms)`.
    let (stat, rest) = key.split_once('_')?;
    let stat = match stat {
        "avg" => "mean",
        "min" | "max" | "p50" | "p90" | "p99" => stat,
        _ => return None,
    };
    Some(match rest {
        "sequence_latency(ms)" => format!("{stat} e2el (ms)"),
        "time_to_first_token(ms)" => format!("{stat} ttft (ms)"),
        "inter_token_latency(ms)" => format!("{stat} tpot (ms)"),
        "user_tokens_per_second(tokens/sec/user)" => format!("{stat} user output speed (tok/s/user)"),
        "request_queueing_latency(ms)" => format!("{stat} request queueing latency (ms)"),
        _ => return None,
    })
}

fn cell(value: &str) -> Option<Cell<'_>> {
    let value = value.trim();
    if let Ok(n) = value.parse::<f64>() {
        return n.is_finite().then_some(Cell { value: Value::Number(if n == 0.0 { 0.0 } else { n }), unit: "" });
    }
    (!value.is_empty() && value != "None").then_some(Cell { value: Value::Text(value), unit: "" })
}

/// What a `QuantMode` names as the run's precision; `None` for `QuantMode.0` (none) and for
/// modes this does not know.
fn quant_precision(mode: &str) -> Option<&'static str> {
    let flags: Vec<&str> = mode.strip_prefix("QuantMode.")?.split('|').collect();
    let has = |f: &str| flags.contains(&f);
    Some(if has("NVFP4") {
        "NVFP4"
    } else if has("FP8_QDQ") || has("FP8_ROWWISE") {
        "FP8"
    } else if has("W4A8_QSERVE") {
        "W4A8"
    } else if has("INT4_WEIGHTS") {
        "W4A16"
    } else if has("INT8_WEIGHTS") && has("ACTIVATIONS") {
        "W8A8"
    } else if has("INT8_WEIGHTS") {
        "W8A16"
    } else {
        return None;
    })
}

/// `tokens_per_sec` meant two things: releases of 2023 printed `output_length / latency`, one
/// request's output speed (the README's batch 1, 8 and 64 give 378, 361 and 246 tokens/s); those
/// of 2024 `batch_size × output_length / latency`, the batch's output rate. The line's own
/// numbers say which (for a batch of one both agree); a value that agrees with neither is kept
/// under its printed name, not as the output rate.
fn retitle_tokens_per_sec(rows: &mut [Row<'_>]) {
    let number = |label: &str| rows.iter().find(|r| r.label == label).and_then(|r| match r.cell.value {
        Value::Number(n) => Some(n),
        _ => None,
    });
    let (Some(batch), Some(output), Some(latency)) = (number("max concurrency"), number("output len"), number("mean e2el (ms)")) else { return };
    let Some(tps) = number("output token throughput (tok/s)") else { return };
    if latency <= 0.0 {
        return;
    }
    let per_request = output / latency * 1000.0;
    let close = |a: f64, b: f64| (a - b).abs() <= 0.01 * b.abs().max(1.0);
    let label = if close(tps, batch * per_request) {
        return;
    } else if close(tps, per_request) {
        "output speed per request (tok/s)"
    } else {
        "tokens per sec (as printed)"
    };
    if let Some(row) = rows.iter_mut().find(|r| r.label == "output token throughput (tok/s)") {
        row.label = label.to_string();
    }
}

/// A `benchmark.py` line's run.
fn batch_run(no: u32, text: &str, sink: &mut Sink) -> Option<Run> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut rows = Vec::new();
    let mut world_size = None;
    let mut quantization = None;
    for pair in words.chunks(2) {
        let [key, value] = pair else { break };
        match *key {
            "world_size" => world_size = value.parse::<u32>().ok().filter(|&n| n > 0),
            "quantization" => quantization = quant_precision(value),
            // `dec` / `enc`: the engine's part of an encoder-decoder model, not a model.
            "model_name" if matches!(*value, "dec" | "enc") => {}
            _ => {
                if let (Some(label), Some(cell)) = (batch_label(key), cell(value)) {
                    rows.push(Row { line: no, label: label.to_string(), raw_label: key, cell, section: None });
                }
            }
        }
    }
    retitle_tokens_per_sec(&mut rows);
    if let Some(q) = quantization {
        rows.push(Row::text(no, "quantization", q, "quantization"));
    }
    if !rows.iter().any(|r| r.label == "mean e2el (ms)" || r.label.contains("(tok/s)")) {
        return None;
    }
    let mut run = block::resolve(&Block::of_rows(NAME, no, no, rows), &[], sink)?;
    if let Some(n) = world_size {
        run.gpu_count = Some(n);
        run.source.lines.insert("gpu_count", no);
    }
    Some(run)
}

/// What the command states, for a run that does not state it; `ranks`, `mpirun -n N`'s on the
/// command's first line.
fn apply_command(run: &mut Run, cmd: &Command, ranks: Option<u32>) {
    // (Flags as `client::flags` spells them: `--request_rate` is `--request-rate`.)
    let flags = crate::client::flags(&cmd.args);
    let flag = |name: &str| flags.iter().rev().find(|(k, _)| k == name).and_then(|(_, v)| v.as_deref());
    // (field, the flag it was written as, for its line)
    let mut filled: Vec<(&str, &str)> = Vec::new();
    if let Some(rate) = flag("--request-rate").and_then(|v| v.parse::<f64>().ok()) {
        run.scenario.request_rate = Some(if rate < 0.0 { RequestRate::Inf } else { RequestRate::PerSecond(rate) });
        filled.push(("scenario.request_rate", "request_rate"));
    }
    if let Some(n) = flag("--max-num-samples").and_then(|v| v.parse::<u64>().ok()) {
        run.scenario.num_prompts = Some(n);
        filled.push(("scenario.num_prompts", "max_num_samples"));
    }
    if let Some(n) = flag("--concurrency").and_then(|v| v.parse::<u64>().ok()).filter(|&n| n > 0) {
        run.scenario.max_concurrency = Some(n);
        filled.push(("scenario.max_concurrency", "concurrency"));
    }
    for (key, name) in filled {
        let line = cmd.line_of(name);
        run.source.lines.insert(key, line);
        run.source.context.insert(key, ContextRef { line, kind: "command".into() });
    }
    if let Some(n) = ranks {
        run.gpu_count = Some(n);
        run.source.lines.insert("gpu_count", cmd.line);
        run.source.context.insert("gpu_count", ContextRef { line: cmd.line, kind: "command".into() });
    }
}

/// `mpirun … -n 2 …` before the program: the ranks, one per GPU.
fn mpirun_ranks(text: &str) -> Option<u32> {
    let before = &text[..text.find("gptManagerBenchmark")?];
    let words: Vec<&str> = before.split_whitespace().collect();
    words.first().filter(|w| w.ends_with("mpirun"))?;
    let at = words.iter().position(|w| matches!(*w, "-n" | "-np"))?;
    words.get(at + 1)?.parse().ok().filter(|&n| n > 0)
}

/// The run of a `gptManagerBenchmark` report, when it holds results (not only its counts).
fn finish(open: &mut Option<Block<'_>>, command: Option<&(Command, Option<u32>)>, runs: &mut Vec<Run>, sink: &mut Sink) -> usize {
    let Some(b) = open.take() else { return 0 };
    if !b.rows.iter().any(|r| ["e2el", "ttft", "tpot", "throughput"].iter().any(|m| r.label.contains(m))) {
        return 0;
    }
    if let Some(mut run) = block::resolve(&b, &[], sink) {
        if let Some((cmd, ranks)) = command {
            apply_command(&mut run, cmd, *ranks);
        }
        runs.push(run);
    }
    1
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    // The last command, with its `mpirun` ranks.
    let mut command: Option<(Command, Option<u32>)> = None;
    let mut open: Option<Block<'_>> = None;
    for line in logical_lines(input.text, input.first_line) {
        let text = line.text.trim();
        if let Some((cmd, _)) = command.as_mut().filter(|(c, _)| c.open) {
            cmd.push(line.no, text);
            continue;
        }
        if let Some(at) = text.find("gptManagerBenchmark").filter(|_| text.contains("--")) {
            blocks += finish(&mut open, command.as_ref(), &mut runs, sink);
            command = Some((Command::new(line.no, &text[at..], text.ends_with('\\')), mpirun_ranks(text)));
            continue;
        }
        let Some(rest) = text.strip_prefix("[BENCHMARK]").map(str::trim) else {
            // A blank line parts the groups of one report; anything else ends it.
            if !text.is_empty() {
                blocks += finish(&mut open, command.as_ref(), &mut runs, sink);
            }
            continue;
        };
        if rest.starts_with("model_name ") {
            blocks += finish(&mut open, command.as_ref(), &mut runs, sink);
            if let Some(run) = batch_run(line.no, rest, sink) {
                blocks += 1;
                runs.push(run);
            }
            continue;
        }
        let Some((key, value)) = rest.split_once(char::is_whitespace) else { continue };
        let (Some(label), Some(cell)) = (manager_label(key), cell(value)) else { continue };
        let row = Row { line: line.no, label, raw_label: key, cell, section: None };
        // A key already in the open report starts the next, except the second `num_samples`
        // a report prints (after `num_error_samples`, before its results).
        let counts_only = |b: &Block<'_>| b.rows.iter().all(|r| matches!(r.raw_label, "num_samples" | "num_error_samples"));
        let repeated = open.as_ref().is_some_and(|b| b.rows.iter().any(|r| r.label == row.label));
        if repeated && !(key == "num_samples" && open.as_ref().is_some_and(counts_only)) {
            blocks += finish(&mut open, command.as_ref(), &mut runs, sink);
        }
        match open.as_mut() {
            Some(b) => {
                b.end = line.no;
                if !b.rows.iter().any(|r| r.label == row.label) {
                    b.rows.push(row);
                }
            }
            None => open = Some(Block::of_rows(MANAGER_NAME, line.no, line.no, vec![row])),
        }
    }
    blocks += finish(&mut open, command.as_ref(), &mut runs, sink);
    (runs, blocks)
}
