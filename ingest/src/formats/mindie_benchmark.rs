//! MindIE's `benchmark` tool (Ascend): after a run it prints two ASCII tables,
//!
//! ```text
//! The BenchMark test performance metric result is:
//! |              Metric |        average |            max |            min |            P75 |            P90 |        SLO_P90 |            P99 | N |
//! |      FirstTokenTime |    394.7728 ms |    394.7728 ms | …
//! |          DecodeTime |    183.7376 ms | …
//! |        GenerateTime |   9582.6747 ms | …
//! The BenchMark test common metric result is:
//! |          Common Metric |                         Value |
//! |            TimeElapsed |                      9.5827 s |
//! |                 Failed |                     0( 0.0% ) |
//! |               Returned |                   1( 100.0% ) |
//! |            Concurrency |                           128 |
//! |              ModelName |                   deepseek-v3 |
//! |             Throughput |                  0.1044 req/s |
//! |    OutputGenerateSpeed |                5.3221 token/s |
//! ```
//!
//! One run per pair. `FirstTokenTime` is the TTFT, `DecodeTime` (each decode step's time) the
//! ITL and `GenerateTime` the end-to-end latency, each with its average (the mean), extremes
//! and P75/P90/P99; every other row of the first table (`SLO_P90` columns, token counts,
//! tokenizer times, queue waits in μs) is kept as extra values under its name and unit. Of the
//! second, `TimeElapsed` is the duration, `Returned` and `Failed` the requests that completed
//! and failed, `Total` the requests sent, `Concurrency` the concurrency, `ModelName` the model,
//! `Throughput` the request rate and `OutputGenerateSpeed` (`GenerateSpeed` in older releases)
//! the output rate; `InputGenerateSpeed` and `TotalGenerateSpeed` the input and total rates.

use super::{Format, Input, Read};
use crate::fields::time_factor;
use crate::scan::Row;
use crate::sink::Sink;
use crate::text::{bar_cells, Needle};
use crate::value::{leading_number, measured};
use benchsite_model::{Note, Run};

pub const NAME: &str = "mindie-benchmark";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static SIGNATURE: Needle = Needle::new("The BenchMark test");

fn detect(input: &Input<'_>) -> bool {
    input.has(&SIGNATURE)
}

/// A row of the performance table: its statistics, read as the field the metric is.
fn performance_rows<'a>(line: u32, header: &[&str], row: &[&'a str], out: &mut Vec<Row<'a>>) {
    let metric = row[0];
    let group = match metric {
        "FirstTokenTime" => Some("ttft"),
        "DecodeTime" => Some("itl"),
        "GenerateTime" => Some("e2el"),
        _ => None,
    };
    for (stat, cell) in header.iter().zip(row).skip(1) {
        if *stat == "N" {
            continue;
        }
        let Some((n, unit)) = measured(cell) else { continue };
        let stat_word = match *stat {
            "average" => "mean",
            "max" => "max",
            "min" => "min",
            "P75" => "p75",
            "P90" => "p90",
            "P99" => "p99",
            other => other,
        };
        // The three latencies in a time unit, their statistics (not `SLO_P90`, an objective's).
        let label = match (group, time_factor(unit), stat_word) {
            (Some(g), Some(_), "mean" | "max" | "min" | "p75" | "p90" | "p99") => format!("{stat_word} {g} ({unit})"),
            _ if unit.is_empty() => format!("mindie {metric} {stat_word}"),
            _ => format!("mindie {metric} {stat_word} ({unit})"),
        };
        out.push(Row::number(line, label, n, metric));
    }
}

/// A row of the common table.
fn common_rows<'a>(line: u32, name: &'a str, value: &'a str, out: &mut Vec<Row<'a>>, notes: &mut Vec<Note>) {
    let label = match name {
        "TimeElapsed" => "benchmark duration (s)",
        "Returned" => "successful requests",
        "Failed" => "failed requests",
        "Total" => "number of prompts",
        "Concurrency" => "max concurrency",
        "Throughput" => "request throughput (req/s)",
        "OutputGenerateSpeed" | "GenerateSpeed" => "output token throughput (tok/s)",
        "InputGenerateSpeed" => "input token throughput (tok/s)",
        "TotalGenerateSpeed" => "total token throughput (tok/s)",
        "ModelName" => {
            if !value.is_empty() && value != "/" {
                out.push(Row::text(line, "model", value, name));
            }
            return;
        }
        "DataSource" | "CurrentTime" => {
            notes.push(Note { line, text: format!("{name}: {value}") });
            return;
        }
        _ => "",
    };
    // `1( 100.0% )`, `1[ 100.0% ]`: a count and its share.
    let share = || leading_number(value.trim()).filter(|(n, rest)| n.is_finite() && rest.trim_start().starts_with(['(', '['])).map(|(n, _)| (n, ""));
    let Some((n, unit)) = measured(value).or_else(share) else { return };
    match label {
        // `TimeElapsed` in the unit it is printed in.
        "benchmark duration (s)" => match time_factor(unit) {
            Some(f) => out.push(Row::number(line, label.into(), n * f / 1000.0, name)),
            None => out.push(Row::number(line, format!("mindie {name} ({unit})"), n, name)),
        },
        "" if unit.is_empty() => out.push(Row::number(line, format!("mindie {name}"), n, name)),
        "" => out.push(Row::number(line, format!("mindie {name} ({unit})"), n, name)),
        _ => out.push(Row::number(line, label.into(), n, name)),
    }
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    enum Table {
        None,
        Performance,
        Common,
    }
    let mut table = Table::None;
    let mut header: Vec<&str> = Vec::new();
    // The open run; whether its common table came.
    let mut run = super::Gathering::new(NAME);
    let mut common_seen = false;
    for (i, line) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        let t = line.trim();
        if t.contains("The BenchMark test performance metric result") {
            // A new performance table after a common one starts the next run.
            if common_seen || !run.rows.is_empty() {
                run.close(sink);
                common_seen = false;
            }
            table = Table::Performance;
            header.clear();
            run.first = no;
            run.last = no;
            continue;
        }
        if t.contains("The BenchMark test common metric result") {
            table = Table::Common;
            header.clear();
            if run.rows.is_empty() {
                run.first = no;
            }
            run.last = no;
            continue;
        }
        if t.starts_with('+') {
            continue;
        }
        let Some(row) = bar_cells(line) else {
            // A log line between the tables (`[…] [benchmark] [INFO] [output.py:121]`) keeps
            // the run open; the end of the output closes it.
            if matches!(table, Table::Common) && common_seen {
                table = Table::None;
            }
            continue;
        };
        match table {
            Table::None => {}
            Table::Performance => {
                if header.is_empty() {
                    header = row;
                } else if row.len() == header.len() {
                    performance_rows(no, &header, &row, &mut run.rows);
                    run.last = no;
                }
            }
            Table::Common => {
                if header.is_empty() {
                    header = row;
                } else if let [name, value] = row.as_slice() {
                    common_rows(no, name, value, &mut run.rows, &mut run.notes);
                    common_seen = true;
                    run.last = no;
                }
            }
        }
    }
    run.finish(sink)
}
