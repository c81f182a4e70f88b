//! Text Generation Inference's `text-generation-benchmark`: a static batch of `Batch Size`
//! prompts of `Sequence Length` tokens generating `Decode Length`, run `N Runs` times per
//! batch size, summarised in three markdown tables,
//!
//! ```text
//! | Parameter          | Value                                |
//! | Model              | meta-llama/Meta-Llama-3-70B-Instruct |
//! | Sequence Length    | 2048                                 |
//! | Decode Length      | 128                                  |
//!
//! | Step           | Batch Size | Average    | Lowest     | Highest    | p50        | p90        | p99        |
//! | Prefill        | 1          | 345.72 ms  | 342.55 ms  | 348.42 ms  | 345.88 ms  | 348.42 ms  | 348.42 ms  |
//! |                | 2          | 455.36 ms  | …
//! | Decode (token) | 1          | 12.38 ms   | …
//! | Decode (total) | 1          | 1571.76 ms | …
//!
//! | Step    | Batch Size | Average             | Lowest             | Highest             |
//! | Prefill | 1          | 2.89 tokens/secs    | 2.87 tokens/secs   | 2.92 tokens/secs    |
//! | Decode  | 1          | 81.16 tokens/secs   | 66.40 tokens/secs  | 83.17 tokens/secs   |
//! ```
//!
//! A run per batch size. Every request of the batch gets its first token when the prefill
//! ends and a token per decode step, so the prefill latency is the TTFT and the decode step's
//! latency the ITL (with their statistics); the decode throughput (batch ÷ step latency) is
//! the output rate. The whole decode's latency and the prefill's "tokens/secs", which the
//! tool computes as batch ÷ prefill latency (sequences, not tokens: 1 ÷ 345.72 ms = 2.89), are
//! kept as extra values under their own names. The batch is the concurrency; model and
//! lengths come from the parameter table.

use super::{Format, Input, Read};
use crate::block;
use crate::fields::time_factor;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{bar_cells, Needle};
use crate::value::measured;
use benchsite_model::{ContextRef, Note, Run};

pub const NAME: &str = "tgi-benchmark";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static STEP: Needle = Needle::new("| Step");
static DECODE: Needle = Needle::new("| Decode");

fn detect(input: &Input<'_>) -> bool {
    input.has(&STEP) && input.has(&DECODE)
}

/// The parameters table's values: (label, value, line).
type Parameters<'a> = Vec<(&'a str, &'a str, u32)>;

/// One batch size's rows, in the order they come.
struct Batch<'a> {
    size: u64,
    rows: Vec<Row<'a>>,
    first: u32,
    last: u32,
}

/// The rows a latency or throughput line gives its batch.
fn rows_of<'a>(step: &str, stats: &[(&'a str, &'a str)], line: u32, raw: &'a str) -> Vec<Row<'a>> {
    let mut out = Vec::new();
    for (stat, cell) in stats {
        let Some((n, unit)) = measured(cell) else { continue };
        let stat_word = match *stat {
            "Average" => "mean",
            "Lowest" => "min",
            "Highest" => "max",
            s => match s.to_ascii_lowercase().as_str() {
                "p50" => "p50",
                "p90" => "p90",
                "p99" => "p99",
                _ => continue,
            },
        };
        let label = match (step, time_factor(unit)) {
            ("Prefill", Some(_)) => format!("{stat_word} ttft ({unit})"),
            ("Decode (token)", Some(_)) => format!("{stat_word} itl ({unit})"),
            ("Decode (total)", Some(_)) => format!("tgi decode total latency {stat_word} ({unit})"),
            ("Decode", None) if stat_word == "mean" => "output token throughput (tok/s)".to_string(),
            ("Decode", None) => format!("tgi decode throughput {stat_word} (tok/s)"),
            // Batch ÷ prefill latency: sequences per second, printed as `tokens/secs`.
            ("Prefill", None) => format!("tgi prefill sequences per second {stat_word}"),
            _ => continue,
        };
        out.push(Row::number(line, label, n, raw));
    }
    out
}

/// One benchmark's output: its parameter table and its batches (a file may hold several, run
/// with other parameters: `Top N Tokens | None`, then `| Some(10)`).
#[derive(Default)]
struct Bench<'a> {
    parameters: Parameters<'a>,
    batches: Vec<Batch<'a>>,
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut benches: Vec<Bench<'_>> = vec![Bench::default()];
    // The open table's header and its current step.
    let mut header: Option<Vec<&str>> = None;
    let mut step = String::new();
    let mut in_parameters = false;
    for (i, line) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        let Some(row) = bar_cells(line) else {
            header = None;
            in_parameters = false;
            continue;
        };
        if row.iter().all(|c| c.trim_matches([':', '-']).is_empty()) {
            continue;
        }
        match row.first().copied() {
            Some("Parameter") if row.get(1) == Some(&"Value") => {
                // The next benchmark's parameters, after a benchmark's batches.
                if benches.last().is_some_and(|b| !b.batches.is_empty()) {
                    benches.push(Bench::default());
                }
                in_parameters = true;
                header = None;
                continue;
            }
            Some("Step") if row.get(1) == Some(&"Batch Size") => {
                header = Some(row);
                in_parameters = false;
                step.clear();
                continue;
            }
            _ => {}
        }
        let bench = benches.last_mut().expect("one bench at least");
        if in_parameters {
            if let [label, value] = row.as_slice() {
                bench.parameters.push((label, value, no));
            }
            continue;
        }
        let Some(head) = header.as_ref() else { continue };
        if row.len() != head.len() {
            continue;
        }
        if !row[0].is_empty() {
            step = row[0].to_string();
        }
        let Ok(size) = row[1].parse::<u64>() else { continue };
        let stats: Vec<(&str, &str)> = head.iter().copied().zip(row.iter().copied()).skip(2).collect();
        let rows = rows_of(&step, &stats, no, line);
        if rows.is_empty() {
            continue;
        }
        match bench.batches.iter_mut().find(|b| b.size == size) {
            Some(b) => {
                b.rows.extend(rows);
                b.last = b.last.max(no);
            }
            None => bench.batches.push(Batch { size, rows, first: no, last: no }),
        }
    }
    // Parameters whose value differs between the file's benchmarks tell their runs apart.
    fn value_of<'a>(bench: &Bench<'a>, name: &str) -> Option<&'a str> {
        bench.parameters.iter().find(|(l, _, _)| l.eq_ignore_ascii_case(name)).map(|(_, v, _)| *v)
    }
    let varied: Vec<&str> = benches
        .iter()
        .flat_map(|b| b.parameters.iter().map(|(l, _, _)| *l))
        .filter(|l| benches.iter().any(|b| value_of(b, l) != value_of(&benches[0], l)))
        .collect();
    let mut runs = Vec::new();
    let mut tables = 0;
    for bench in &benches {
        tables += usize::from(!bench.batches.is_empty());
        let parameter = |name: &str| bench.parameters.iter().find(|(l, _, _)| l.eq_ignore_ascii_case(name)).map(|(_, v, line)| (*v, *line));
        for b in &bench.batches {
            let mut rows = b.rows.clone();
            rows.push(Row::number(b.first, "max concurrency".into(), b.size as f64, ""));
            let Some(mut run) = block::resolve(&Block::of_rows(NAME, b.first, b.last, rows), &[], sink) else { continue };
            // The parameters, each from its row of the parameter table.
            let whole = |v: &str| v.parse::<u64>().ok().filter(|&n| n > 0);
            let mut given: Vec<(&str, u32)> = Vec::new();
            // (A tokenizer's repository, `hf-internal-testing/llama-tokenizer`, names the
            // tokens counted, not the model served: kept as a note.)
            match parameter("Model").filter(|(m, _)| !m.is_empty() && *m != "None") {
                Some((model, line)) if model.to_ascii_lowercase().contains("tokenizer") => run.notes.push(Note { line, text: format!("Model: {model}") }),
                Some((model, line)) => {
                    run.model = Some(model.to_string());
                    given.push(("model", line));
                }
                None => {}
            }
            if let Some((n, line)) = parameter("Sequence Length").and_then(|(v, l)| Some((whole(v)?, l))) {
                run.scenario.input_len = Some(n);
                given.push(("scenario.input_len", line));
            }
            if let Some((n, line)) = parameter("Decode Length").and_then(|(v, l)| Some((whole(v)?, l))) {
                run.scenario.output_len = Some(n);
                given.push(("scenario.output_len", line));
            }
            for (key, line) in given {
                run.source.lines.insert(key, line);
                run.source.context.insert(key, ContextRef { line, kind: "table-row".into() });
            }
            for (name, v, line) in bench.parameters.iter().filter(|(l, _, _)| ["N Runs", "Warmups"].contains(l) || varied.contains(l)) {
                run.notes.push(Note { line: *line, text: format!("{name}: {v}") });
            }
            runs.push(run);
        }
    }
    (runs, tables)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_latency_and_a_throughput_line() {
        let stats = [("Average", "345.72 ms"), ("Lowest", "342.55 ms"), ("p99", "348.42 ms")];
        let rows = rows_of("Prefill", &stats, 3, "");
        assert_eq!(rows.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), ["mean ttft (ms)", "min ttft (ms)", "p99 ttft (ms)"]);
        let rows = rows_of("Decode", &[("Average", "81.16 tokens/secs"), ("Lowest", "66.40 tokens/secs")], 4, "");
        assert_eq!(rows.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), ["output token throughput (tok/s)", "tgi decode throughput min (tok/s)"]);
    }
}
