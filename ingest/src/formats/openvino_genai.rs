//! OpenVINO GenAI's `benchmark_genai` sample (and the samples printing its `PerfMetrics` the
//! same way): the mean and standard deviation over `-n` iterations of one prompt,
//!
//! ```text
//! Output token size: 128
//! Load time: 18507.00 ms
//! Generate time: 21.88 ± 1.20 ms
//! Tokenization time: 0.28 ± 0.02 ms
//! Detokenization time: 0.94 ± 0.73 ms
//! TTFT: 20.88 ± 0.47 ms
//! TPOT: 20.88 ± 0.47 ms
//! Throughput : 47.89 ± 1.07 tokens/s
//! ```
//!
//! A block is one run of one request at a time: `Generate time` its end-to-end latency,
//! `TTFT` and `TPOT` as named, `Throughput` (tokens per second of the generation, `1000 ÷
//! TPOT`) its output rate; each `±` the standard deviation. The load, tokenization,
//! detokenization and embeddings times, and the output token count, are kept as extras.

use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::Needle;
use crate::value::leading_number;
use benchsite_model::{Run, Spread};

pub const NAME: &str = "openvino-genai";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static THROUGHPUT: Needle = Needle::new("Throughput : ");

fn detect(input: &Input<'_>) -> bool {
    input.has(&THROUGHPUT)
}

/// A line of the report: (the vocabulary's label, the field its spread is kept under, mean,
/// standard deviation).
fn report_line(text: &str) -> Option<(&'static str, Option<&'static str>, f64, Option<f64>)> {
    let (label, value) = text.split_once(':')?;
    let (mean, rest) = leading_number(value.trim())?;
    let rest = rest.trim();
    let (std, unit) = match rest.strip_prefix('±') {
        Some(r) => {
            let (s, u) = leading_number(r.trim())?;
            (Some(s), u.trim())
        }
        None => (None, rest),
    };
    let (name, field) = match (label.trim(), unit) {
        ("Generate time", "ms") => ("mean e2el (ms)", Some("e2e_ms.mean")),
        ("TTFT", "ms") => ("mean ttft (ms)", Some("ttft_ms.mean")),
        ("TPOT", "ms") => ("mean tpot (ms)", Some("tpot_ms.mean")),
        ("Throughput", "tokens/s") => ("output token throughput (tok/s)", Some("output_throughput")),
        ("Load time", "ms") => ("openvino load time (ms)", None),
        ("Tokenization time", "ms") => ("openvino tokenization time (ms)", None),
        ("Detokenization time", "ms") => ("openvino detokenization time (ms)", None),
        ("Embeddings preparation time", "ms") => ("openvino embeddings preparation time (ms)", None),
        ("Output token size", "") => ("openvino output token size", None),
        _ => return None,
    };
    Some((name, field, mean, std))
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let lines: Vec<(u32, &str)> = input.text.lines().enumerate().map(|(i, l)| (input.first_line + i as u32, l.trim())).collect();
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut i = 0;
    while i < lines.len() {
        if report_line(lines[i].1).is_none() {
            i += 1;
            continue;
        }
        let start = i;
        let mut rows: Vec<Row<'_>> = Vec::new();
        let mut spreads: Vec<(&'static str, f64)> = Vec::new();
        while let Some((name, field, mean, std)) = lines.get(i).and_then(|(_, t)| report_line(t)) {
            // The same line again is the next run's report.
            if rows.iter().any(|r| r.label == name) {
                break;
            }
            rows.push(Row::number(lines[i].0, name.to_string(), mean, "benchmark_genai"));
            spreads.extend(field.zip(std));
            i += 1;
        }
        // A report names its TTFT and throughput; a lone `Load time:` is none.
        let measured = |label: &str| rows.iter().any(|r| r.label == label);
        if !measured("mean ttft (ms)") || !measured("output token throughput (tok/s)") {
            continue;
        }
        blocks += 1;
        let Some(mut run) = block::resolve(&Block::of_rows(NAME, lines[start].0, lines[i - 1].0, rows), &[], sink) else { continue };
        for (field, std) in spreads {
            run.metrics.spread.insert(field, Spread { std: Some(std), plus_minus: Some(std), label: Some("±".into()), ..Spread::default() });
        }
        runs.push(run);
    }
    (runs, blocks)
}
