//! AISBench (`ais_bench --mode perf`, Ascend's benchmark client for vLLM-Ascend and MindIE
//! services): two tables drawn in box characters,
//!
//! ```text
//! │ Performance Parameters │ Stage  │ Average        │ Min          │ Max        │ Median       │ P75        │ P90          │ P99          │ N │
//! │ E2EL                   │total   │ 2048.2945  ms  │ 1729.7498 ms │ …
//! │ TTFT                   │total   │ 50.332 ms      │ …
//! │ Common Metric            │ Stage    │ Value              │
//! │ Benchmark Duration       │ total    │ 19897.8505 ms      │
//! │ Success Requests         │ total    │ 8                  │
//! │ Output Token Throughput  │ total    │ 115.7835 token/s   │
//! ```
//!
//! One run per pair, from the `total` stage: E2EL, TTFT, TPOT and ITL with their average
//! (mean), extremes, median and P75/P90/P99; the other rows of the first table (tokens per
//! request, one request's output rate) kept as extra values under their names. The second
//! gives duration, requests sent, completed and failed, the concurrency limit (`Max
//! Concurrency`; the measured `Concurrency` an extra), token totals and the request, input,
//! output and total rates. A cell whose number is cut by a space (`50 .0551 ms`) is no number:
//! kept as a note. AISBench is a client: the engine is the service it measured, not the tool.

use super::{Format, Input, Read};
use crate::fields::time_factor;
use crate::scan::Row;
use crate::sink::Sink;
use crate::text::{bar_cells, Needle};
use crate::value::measured;
use benchsite_model::{Note, Run};

pub const NAME: &str = "ais-bench";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static SIGNATURE: Needle = Needle::new("Performance Parameters");

fn detect(input: &Input<'_>) -> bool {
    input.has(&SIGNATURE)
}

fn performance_rows<'a>(line: u32, header: &[&str], row: &[&'a str], out: &mut Vec<Row<'a>>, notes: &mut Vec<Note>) {
    let metric = row[0];
    let group = match metric {
        "E2EL" => Some("e2el"),
        "TTFT" => Some("ttft"),
        "TPOT" => Some("tpot"),
        "ITL" => Some("itl"),
        _ => None,
    };
    for (stat, cell) in header.iter().zip(row).skip(2) {
        if *stat == "N" || cell.is_empty() {
            continue;
        }
        let Some((n, unit)) = measured(cell) else {
            notes.push(Note { line, text: format!("{metric} {stat}: {cell}") });
            continue;
        };
        let stat_word = match *stat {
            "Average" => "mean".to_string(),
            other => other.to_ascii_lowercase(),
        };
        let label = match (group, time_factor(unit)) {
            (Some(g), Some(_)) => format!("{stat_word} {g} ({unit})"),
            _ if unit.is_empty() => format!("ais-bench {metric} {stat_word}"),
            _ => format!("ais-bench {metric} {stat_word} ({unit})"),
        };
        out.push(Row::number(line, label, n, metric));
    }
}

fn common_rows<'a>(line: u32, name: &'a str, value: &'a str, out: &mut Vec<Row<'a>>, notes: &mut Vec<Note>) {
    let Some((n, unit)) = measured(value) else {
        if !value.is_empty() {
            notes.push(Note { line, text: format!("{name}: {value}") });
        }
        return;
    };
    let label = match name.to_ascii_lowercase().as_str() {
        "benchmark duration" => match time_factor(unit) {
            Some(f) => return out.push(Row::number(line, "benchmark duration (s)".into(), n * f / 1000.0, name)),
            None => format!("ais-bench {name} ({unit})"),
        },
        "total requests" => "number of prompts".into(),
        "failed requests" => "failed requests".into(),
        "success requests" => "successful requests".into(),
        "max concurrency" => "max concurrency".into(),
        "request throughput" => "request throughput (req/s)".into(),
        "total input tokens" => "total input tokens".into(),
        "total generated tokens" => "total generated tokens".into(),
        "input token throughput" => "input token throughput (tok/s)".into(),
        "output token throughput" => "output token throughput (tok/s)".into(),
        "total token throughput" => "total token throughput (tok/s)".into(),
        _ if unit.is_empty() => format!("ais-bench {name}"),
        _ => format!("ais-bench {name} ({unit})"),
    };
    out.push(Row::number(line, label, n, name));
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    #[derive(PartialEq)]
    enum Table {
        None,
        Performance,
        Common,
    }
    let mut table = Table::None;
    let mut header: Vec<&str> = Vec::new();
    let mut run = super::Gathering::new(NAME);
    for (i, line) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        let Some(row) = bar_cells(line) else {
            // Rules (`╒═╤`, `╘═╧`, `+--+`) and blank lines between the two tables.
            let t = line.trim();
            if !(t.is_empty() || t.starts_with(['╒', '╘', '╞', '├', '└', '┌', '+', '═'])) {
                if table == Table::Common {
                    run.close(sink);
                }
                table = Table::None;
            }
            continue;
        };
        match row.first().copied() {
            Some("Performance Parameters") => {
                if !run.rows.is_empty() {
                    run.close(sink);
                }
                table = Table::Performance;
                header = row;
                run.first = no;
                run.last = no;
                continue;
            }
            Some("Common Metric") => {
                table = Table::Common;
                header = row;
                if run.rows.is_empty() {
                    run.first = no;
                }
                continue;
            }
            _ => {}
        }
        // Only the whole run's stage.
        if row.get(1).is_some_and(|s| !s.eq_ignore_ascii_case("total")) {
            continue;
        }
        match table {
            Table::Performance if row.len() == header.len() => {
                performance_rows(no, &header, &row, &mut run.rows, &mut run.notes);
                run.last = no;
            }
            Table::Common => {
                if let [name, _, value] = row.as_slice() {
                    common_rows(no, name, value, &mut run.rows, &mut run.notes);
                    run.last = no;
                }
            }
            _ => {}
        }
    }
    run.finish(sink)
}
