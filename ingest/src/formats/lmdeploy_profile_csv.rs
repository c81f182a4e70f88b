//! The CSV that LMDeploy's benchmark scripts write with `--csv` (often saved under a name
//! of another kind, `.jsonl` included): `profile_restful_api.py` and `profile_throughput.py`
//! (`batch,num_prompts,RPS,RPM,FTL(ave)(s),FTL(min)(s),FTL(max)(s),[50%(s),75%(s),95%(s),
//! 99%(s),]throughput(out tok/s),throughput(total tok/s)`; older versions spell
//! `num_promts`) and `profile_generation.py` (`batch,prompt_tokens,completion_tokens,
//! throughput(total tok/s),throughput(out tok/s),mem(GB),FTL(ave)(s),…,99%(s)`).
//!
//! One run per data row. Units come from the column names: `(s)` columns are seconds;
//! `FTL` is the first-token latency (TTFT) and the `N%(s)` columns are the percentiles of
//! the per-token latency the same scripts print as `per-token latency(s) percentile(50,
//! 75, 95, 99)`. `batch` is the number of concurrent client workers (or the static batch of
//! `profile_generation.py`). A `-` is what the scripts write for latencies of a run that did
//! not stream: it is not a value and not a finding.

use super::{Format, Input, Read};
use crate::block;
use crate::fields::normalise;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::value::{parse_cell, Value};
use benchsite_model::Run;

pub const NAME: &str = "lmdeploy-profile-csv";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::File(read) };

/// The first line with text must be the header of one of the scripts.
fn detect(input: &Input<'_>) -> bool {
    header(input).is_some()
}

fn header<'a>(input: &Input<'a>) -> Option<(u32, Vec<&'a str>)> {
    let (i, line) = input.text.lines().enumerate().find(|(_, l)| !l.trim().is_empty())?;
    let columns: Vec<&str> = line.split(',').map(str::trim).collect();
    is_header(&columns).then(|| (input.first_line + i as u32, columns))
}

/// Whether these column names are the header one of the scripts writes.
pub fn is_header<S: AsRef<str>>(columns: &[S]) -> bool {
    let has = |c: &str| columns.iter().any(|x| x.as_ref() == c);
    columns.first().is_some_and(|c| c.as_ref() == "batch")
        && (has("throughput(out tok/s)") || has("throughput(total tok/s)"))
        && (has("RPS") || has("prompt_tokens"))
}

/// The vocabulary label of a column, with its unit. Also used for the same header pasted as
/// a markdown table (`formats::markdown_table`), where the `N%(s)` columns would otherwise
/// say nothing of what they measure.
pub fn label_of(column: &str) -> String {
    let label = match column {
        "batch" => "max concurrency",
        "num_prompts" | "num_promts" => "num prompts",
        "RPS" => "request throughput (req/s)",
        "RPM" => "rpm (request per minute)",
        "FTL(ave)(s)" => "mean ttft (s)",
        "FTL(min)(s)" => "min ttft (s)",
        "FTL(max)(s)" => "max ttft (s)",
        "50%(s)" => "p50 itl (s)",
        "75%(s)" => "p75 itl (s)",
        "95%(s)" => "p95 itl (s)",
        "99%(s)" => "p99 itl (s)",
        "throughput(out tok/s)" => "output token throughput (tok/s)",
        "throughput(total tok/s)" => "total token throughput (tok/s)",
        "prompt_tokens" => "input len",
        "completion_tokens" => "output len",
        other => return normalise(other),
    };
    label.to_string()
}

fn read(input: &Input<'_>, sink: &mut Sink) -> Option<Vec<Run>> {
    let (header_line, columns) = header(input)?;
    let labels: Vec<String> = columns.iter().map(|c| label_of(c)).collect();
    let mut runs = Vec::new();
    let first_row = (header_line - input.first_line) as usize + 1;
    for (i, line) in input.text.lines().enumerate().skip(first_row) {
        let no = input.first_line + i as u32;
        if line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        if cells.len() != columns.len() {
            sink.warn(
                "csv-row-width",
                no,
                format!(
                    "this row has {} cells but the header at line {header_line} names {} columns; the row was not read. \
                     Check that the file was not cut or edited by hand.",
                    cells.len(),
                    columns.len()
                ),
            );
            continue;
        }
        let rows: Vec<Row<'_>> = columns
            .iter()
            .zip(&labels)
            .zip(&cells)
            .map(|((column, label), cell)| Row { line: no, label: label.clone(), raw_label: column, cell: parse_cell(cell), section: None })
            .filter(|r| !matches!(r.cell.value, Value::Absent("-")))
            .collect();
        let block = Block::of_rows(NAME, no, no, rows);
        runs.extend(block::resolve(&block, &[], sink));
    }
    if runs.is_empty() {
        sink.warn("no-runs", header_line, "this LMDeploy CSV has a header but no readable data row; no runs were read.".into());
    }
    Some(runs)
}
