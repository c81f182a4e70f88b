//! A CSV of results no tool's own reader claims: a spreadsheet or a script's summary export
//! (`model,gpu_name,…,output_throughput,mean_ttft_ms,median_tpot_ms,…`, one row per run). Read
//! as the markdown table it would be, by [`super::markdown_table`]'s rules (a run per row, the
//! units from the column names, `_ms`/`_s` last), each number linked to its row's line; the
//! runs record this format.

use super::{Format, Input, Read, TableInput};
use crate::markdown::{Table, TableRow};
use crate::sink::Sink;
use benchsite_model::Run;

pub const NAME: &str = "csv-table";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::File(read) };

/// A `.csv` whose first line names two result metrics or more.
fn detect(input: &Input<'_>) -> bool {
    input.extension() == "csv" && header(input).is_some()
}

fn header<'a>(input: &Input<'a>) -> Option<(usize, Vec<&'a str>)> {
    // (Comment lines above the header, `# source: …`, are none of it.)
    let (i, line) = input.text.lines().enumerate().find(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))?;
    let cells = crate::text::csv_cells(line);
    (cells.len() >= 3 && super::markdown_table::results_named(&cells) >= 2).then_some((i, cells))
}

fn read(input: &Input<'_>, sink: &mut Sink) -> Option<Vec<Run>> {
    let (at, cells) = header(input)?;
    let header: Vec<String> = cells.iter().map(|c| c.trim().to_string()).collect();
    let rows: Vec<TableRow> = input
        .text
        .lines()
        .enumerate()
        .skip(at + 1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| TableRow { line: input.first_line + i as u32, cells: crate::text::csv_cells(l).iter().map(|c| c.trim().to_string()).collect(), cell_lines: Vec::new() })
        .collect();
    let table = Table { line: input.first_line + at as u32, header, rows, intro: None };
    let table_input = TableInput { path: input.path, table: &table, heading: "", scope: None, section: 0, headings: &[], names: crate::names::Names::builtin() };
    let mut runs = super::read_tables(&[table_input], sink);
    for run in &mut runs {
        run.format = NAME.into();
    }
    Some(runs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A summary export's one row: its run, its numbers by their columns' suffixed units.
    #[test]
    fn reads_a_summary_export_row() {
        let text = "model,gpu_name,gpu_count,quant,num_prompts,max_concurrency,duration_s,output_throughput_tok_s,e2e_mean_s,mean_ttft_ms,median_tpot_ms\nministral-3b,RTX-4090,1,FP8,5,16,2.74,463.50,1.898,329.57,6.15\n";
        let input = Input { path: "raw/summary.csv", text, first_line: 1 };
        assert!(detect(&input));
        let mut sink = Sink::new("raw/summary.csv");
        let runs = read(&input, &mut sink).expect("read");
        assert_eq!(runs.len(), 1);
        let r = &runs[0];
        assert_eq!(r.format.as_str(), NAME);
        assert_eq!((r.scenario.max_concurrency, r.scenario.num_prompts, r.metrics.duration_s), (Some(16), Some(5), Some(2.74)));
        assert_eq!(r.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(329.57));
        assert_eq!(r.metrics.more.e2e_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(1898.0));
        assert_eq!(r.source.lines.get("metrics.ttft_ms.mean").copied(), Some(2));
    }

    /// A rate under a time unit (`Throughput (s)`): no throughput; the number is kept as an
    /// extra value and a finding names the column (it had been dropped with no word).
    #[test]
    fn a_unit_that_does_not_fit_keeps_the_number() {
        let text = "model,concurrency,Throughput (s),TTFT (ms)\nm,1,5.5,3.2\n";
        let input = Input { path: "raw/t.csv", text, first_line: 1 };
        let mut sink = Sink::new("raw/t.csv");
        let runs = read(&input, &mut sink).expect("read");
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].metrics.output_throughput, None);
        assert_eq!(runs[0].metrics.more.extra.get("throughput (s)").copied(), Some(5.5));
        assert!(sink.findings.iter().any(|f| f.code == "unit-mismatch" && f.line == 1), "{:?}", sink.findings);
    }

    /// A CSV of anything else (no two result metrics named) is not this format's.
    #[test]
    fn other_csvs_are_not_read() {
        let input = Input { path: "raw/x.csv", text: "name,value,unit\nfoo,1,bar\n", first_line: 1 };
        assert!(!detect(&input));
    }
}
