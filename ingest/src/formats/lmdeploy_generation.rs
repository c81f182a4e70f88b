//! LMDeploy's static inference benchmark (`benchmark/profile_generation.py`): a fixed batch of
//! `concurrency` requests of `input_tokens` prompt tokens generating `output_tokens`, run for
//! `test_round` rounds, printed between two rules of dashes as
//!
//! ```text
//! total time: 5.51s
//! concurrency: 1, test_round: 3
//! input_tokens: 256, output_tokens: 128
//! first_token latency(min, max, ave): 0.045s, 0.047s, 0.046s
//! total_token latency(min, max, ave): 1.833s, 1.846s, 1.839s
//! token_latency percentiles(50%,75%,95%,99%)(s): [0.014, 0.014, 0.02, 0.021]
//! throughput(output): 69.68 token/s
//! throughput(total): 209.04 token/s
//! ```
//!
//! (`throughput: X token/s` before the script printed both: `token_latency_stats.size /
//! elapsed_time`, the generated tokens). Its 2023 releases printed `concurrency: 64,
//! input_tokens: 1, output_tokens: 2048`, `elapsed_time: 738.32s`, the first token's latencies,
//! a `token latency(min, max, ave)` line (not read: it repeats the first token's in the
//! samples seen) and `throughput: X token/s`: a run with its TTFT and output rate. Latencies are seconds, as printed; the per-token
//! latency percentiles are read as ITL, as `profile_throughput`'s are. Its `--csv` file is
//! [`super::lmdeploy_profile_csv`]'s.

use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{logical_lines, Needle};
use crate::value::{leading_number, Cell, Value};
use benchsite_model::Run;

pub const NAME: &str = "lmdeploy-generation";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static SIGNATURE: Needle = Needle::new("total_token latency(min, max, ave)");
/// The 2023 releases' block, without the total latency.
static FIRST_TOKEN: Needle = Needle::new("first_token latency(min, max, ave)");

fn detect(input: &Input<'_>) -> bool {
    input.has(&SIGNATURE) || input.has(&FIRST_TOKEN)
}

/// Whether a block holds what makes it a run: the requests' latency, or (2023) the first
/// token's and the output rate.
fn complete(block: &Block<'_>) -> bool {
    let has = |label: &str| block.rows.iter().any(|r| r.label == label);
    has("mean e2el (s)") || (has("mean ttft (s)") && has("output token throughput (tok/s)"))
}

fn number(n: f64) -> Cell<'static> {
    Cell { value: Value::Number(n), unit: "" }
}

/// `a, b, c` (each with an optional `s`), or `[a, b, c, d]`: the numbers in order.
fn numbers(list: &str) -> Vec<f64> {
    list.trim().trim_start_matches('[').trim_end_matches(']').split(',').filter_map(|p| leading_number(p.trim()).map(|(n, _)| n)).collect()
}

/// The rows of one line of the block, labelled in [`crate::fields`]'s vocabulary.
fn rows_of(no: u32, text: &str) -> Vec<Row<'_>> {
    let row = |label: &str, n: f64| Row { line: no, label: label.to_string(), raw_label: text, cell: number(n), section: None };
    let Some((label, value)) = text.split_once(':') else { return Vec::new() };
    let pairs = |names: [&str; 3]| -> Vec<Row<'_>> { names.iter().zip(numbers(value)).map(|(l, n)| row(l, n)).collect() };
    match label.trim() {
        "total time" | "elapsed_time" => leading_number(value.trim()).map(|(n, _)| vec![row("benchmark duration (s)", n)]).unwrap_or_default(),
        "first_token latency(min, max, ave)" => pairs(["min ttft (s)", "max ttft (s)", "mean ttft (s)"]),
        "total_token latency(min, max, ave)" => pairs(["min e2el (s)", "max e2el (s)", "mean e2el (s)"]),
        "token_latency percentiles(50%,75%,95%,99%)(s)" => {
            ["p50 itl (s)", "p75 itl (s)", "p95 itl (s)", "p99 itl (s)"].iter().zip(numbers(value)).map(|(l, n)| row(l, n)).collect()
        }
        "throughput(output)" | "throughput" => leading_number(value.trim()).map(|(n, _)| vec![row("output token throughput (tok/s)", n)]).unwrap_or_default(),
        "throughput(total)" => leading_number(value.trim()).map(|(n, _)| vec![row("total token throughput (tok/s)", n)]).unwrap_or_default(),
        // `concurrency: 1, test_round: 3` and `input_tokens: 256, output_tokens: 128`.
        "concurrency" | "input_tokens" => {
            let mut out = Vec::new();
            for part in text.split(',') {
                let Some((k, v)) = part.split_once(':') else { continue };
                let Some((n, _)) = leading_number(v.trim()) else { continue };
                let label = match k.trim() {
                    "concurrency" => "max concurrency",
                    "input_tokens" => "input len",
                    "output_tokens" => "output len",
                    "test_round" => "lmdeploy test rounds",
                    _ => continue,
                };
                out.push(row(label, n));
            }
            out
        }
        _ => Vec::new(),
    }
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut open: Option<Block<'_>> = None;
    for line in logical_lines(input.text, input.first_line) {
        let text = line.text.trim();
        // The 2023 `token latency(min, max, ave)` line: the block's, not read.
        if text.starts_with("token latency(") && open.is_some() {
            continue;
        }
        let rows = rows_of(line.no, text);
        if rows.is_empty() {
            // A rule or any other line ends the block once it has its signature row.
            if let Some(block) = open.take_if(|b| complete(b)) {
                blocks += 1;
                runs.extend(block::resolve(&block, &[], sink));
            }
            if !text.is_empty() && !text.starts_with("---") {
                open = None;
            }
            continue;
        }
        let starts = text.starts_with("total time") || text.starts_with("concurrency");
        match open.as_mut() {
            Some(block) if !(starts && complete(block)) => {
                block.end = line.no;
                block.rows.extend(rows);
            }
            _ => {
                if let Some(block) = open.take().filter(complete) {
                    blocks += 1;
                    runs.extend(block::resolve(&block, &[], sink));
                }
                open = starts.then(|| Block::of_rows(NAME, line.no, line.no, rows));
            }
        }
    }
    if let Some(block) = open.filter(complete) {
        blocks += 1;
        runs.extend(block::resolve(&block, &[], sink));
    }
    (runs, blocks)
}
