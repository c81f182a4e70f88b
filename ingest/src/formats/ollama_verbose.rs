//! Ollama's timings of one request, as `ollama run MODEL --verbose` prints them after the
//! answer (`api.Metrics.Summary` in ollama's `api/types.go`: each line only when its value is
//! not zero):
//!
//! ```text
//! total duration:       31.273112939s
//! load duration:        4.97054657s
//! prompt eval count:    32768 token(s)
//! prompt eval duration: 235.137439ms
//! prompt eval rate:     139356.80 tokens/s
//! eval count:           1873 token(s)
//! eval duration:        18.173182374s
//! eval rate:            103.06 tokens/s
//! ```
//!
//! Durations are Go's `time.Duration` (`2m7.682s`, `235.137439ms`, `850µs`). A block is one
//! request: its total duration the end-to-end latency (model load included, which the load
//! duration says), the prompt's tokens and rate the input count and rate (prefill), the
//! generated tokens and the eval rate the output count and rate (decode). The phases'
//! durations are kept as extras. A short line right above the block ending in `:` (`Before:`,
//! `After:`) tells blocks apart and is kept as the run's note; the model comes from an
//! `ollama run MODEL` command above.

use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::Needle;
use benchsite_model::{Note, Run};

pub const NAME: &str = "ollama-verbose";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static EVAL_RATE: Needle = Needle::new("eval rate:");

fn detect(input: &Input<'_>) -> bool {
    input.has(&EVAL_RATE)
}

/// A Go `time.Duration` as printed (`1h2m3.5s`, `235.137439ms`, `850µs`, `12ns`), in seconds.
fn go_duration(text: &str) -> Option<f64> {
    let mut rest = text.trim();
    if rest.is_empty() {
        return None;
    }
    let mut seconds = 0.0;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let n: f64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let (factor, unit) = [("h", 3600.0), ("ms", 1e-3), ("µs", 1e-6), ("μs", 1e-6), ("us", 1e-6), ("ns", 1e-9), ("m", 60.0), ("s", 1.0)]
            .iter()
            .find(|(u, _)| rest.starts_with(u))
            .map(|(u, f)| (*f, u.len()))?;
        seconds += n * factor;
        rest = &rest[unit..];
    }
    // To the nanosecond Go prints, without the binary fraction's tail (`31273.112939000002`).
    Some((seconds * 1e9).round() / 1e9)
}

/// A line of the summary: (which line, the number in the vocabulary's unit).
fn summary_line(text: &str) -> Option<(&'static str, f64)> {
    // (Also as a list's items, `- total duration: 9.497412597s`.)
    let text = text.strip_prefix("- ").or_else(|| text.strip_prefix("* ")).unwrap_or(text);
    let (label, value) = text.split_once(':')?;
    let value = value.trim();
    let count = || value.strip_suffix("token(s)").and_then(|n| n.trim().parse::<f64>().ok());
    let rate = || value.strip_suffix("tokens/s").and_then(|n| n.trim().parse::<f64>().ok());
    Some(match label.trim() {
        "total duration" => ("mean e2el (ms)", (go_duration(value)? * 1e9).round() / 1e6),
        "load duration" => ("ollama load duration (s)", go_duration(value)?),
        "prompt eval count" => ("total input tokens", count()?),
        "prompt eval duration" => ("ollama prompt eval duration (s)", go_duration(value)?),
        "prompt eval rate" => ("input token throughput (tok/s)", rate()?),
        "eval count" => ("total generated tokens", count()?),
        "eval duration" => ("ollama eval duration (s)", go_duration(value)?),
        "eval rate" => ("output token throughput (tok/s)", rate()?),
        _ => return None,
    })
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let lines: Vec<(u32, &str)> = input.text.lines().enumerate().map(|(i, l)| (input.first_line + i as u32, l.trim())).collect();
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut model: Option<(String, u32)> = None;
    // The command above pipes the summary through `grep` (`… --verbose 2>&1 >/dev/null | grep
    // "eval rate:"` in a loop): each request's block is the lines kept, the rates alone.
    let mut filtered = false;
    let mut i = 0;
    while i < lines.len() {
        let (no, t) = lines[i];
        // `ollama run qwen2.5:7b --verbose`: the model of the blocks below.
        // (A command, at the line's start or after a shell prompt; not prose quoting one.)
        let command = t.split_once("ollama run ").filter(|(before, _)| before.is_empty() || before.ends_with(['$', '#', '%', '>']) || before.ends_with("$ ") || before.ends_with("# ") || before.ends_with("> ")
            // (In a shell loop or pipe: `for …; do echo "q" | ollama run tinyllama --verbose …`.)
            || (before.trim_start().starts_with(['$', '#']) || before.starts_with("for ")) && (before.ends_with("| ") || before.ends_with("do ")));
        if let Some((_, rest)) = command {
            if let Some(m) = rest.split_whitespace().find(|w| !w.starts_with('-')).filter(|m| !m.contains(['`', '"', '\''])) {
                model = Some((m.to_string(), no));
            }
            filtered = rest.contains("| grep");
        }
        if summary_line(t).is_none() {
            i += 1;
            continue;
        }
        let start = i;
        let mut rows: Vec<Row<'_>> = Vec::new();
        while let Some((label, n)) = lines.get(i).and_then(|(_, t)| summary_line(t)) {
            // A label again is the next request's block.
            if rows.iter().any(|r| r.label == label) {
                break;
            }
            rows.push(Row::number(lines[i].0, label.to_string(), n, "ollama --verbose"));
            i += 1;
        }
        // One line alone (`eval rate:` quoted in prose) is no block, unless the command kept only
        // those lines.
        if rows.len() < if filtered { 1 } else { 3 } || !rows.iter().any(|r| r.label.contains("throughput")) {
            continue;
        }
        blocks += 1;
        let (first, last) = (lines[start].0, lines[i - 1].0);
        let Some(mut run) = block::resolve(&Block::of_rows(NAME, first, last, rows), &[], sink) else { continue };
        let caption = lines[..start].iter().rev().find(|(_, l)| !l.is_empty()).filter(|(_, l)| l.len() <= 40 && l.ends_with(':') && !l.contains("  "));
        if let Some((line, label)) = caption {
            run.notes.push(Note { line: *line, text: label.trim_end_matches(':').trim().to_string() });
        }
        super::llama_bench::give_stated(&mut run, "model", &model, "command");
        runs.push(run);
    }
    (runs, blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations_in_seconds() {
        assert_eq!(go_duration("31.273112939s"), Some(31.273112939));
        assert_eq!(go_duration("235.137439ms"), Some(0.235137439));
        assert_eq!(go_duration("2m7.682s"), Some(127.682));
        assert_eq!(go_duration("1h0m1s"), Some(3601.0));
        assert!((go_duration("850µs").unwrap() - 0.00085).abs() < 1e-12);
        assert_eq!(go_duration("12ns"), Some(12e-9));
        assert_eq!(summary_line("total duration:       31.273112939s"), Some(("mean e2el (ms)", 31273.112939)));
        for bad in ["", "s", "12", "1.5x", "-3s"] {
            assert_eq!(go_duration(bad), None, "{bad}");
        }
    }
}
