//! Tables drawn with plain characters in a text (a console's output pasted into a code block,
//! a log) that no tool's reader claims: what a script prints with `tabulate`, `prettytable`,
//! pandas' `to_markdown` or by hand.
//!
//! - Pipe tables, a markdown table printed to the console (SGLang's `bench_one_batch_server
//!   --show-report`, tabulate's `github`, `pipe`, `orgtbl`):
//!
//!   ```text
//!   |   Concurrency |   p95 TTFT (ms) |
//!   |---------------|-----------------|
//!   |             1 |           63.38 |
//!   ```
//! - Grid tables (tabulate's `grid` and `psql`, prettytable): the same bars between `+----+`
//!   rules; a header drawn over several lines is joined cell by cell, and so is a row drawn
//!   over several lines between two rules.
//! - Column tables (tabulate's `simple` and `rst`, CLI listings): a header over a rule of
//!   dashes, one run of dashes per column (`-----  ------`, `=====  ======`, `───  ───`); each
//!   column's cells lie under its dashes, and a row ends at a blank line or a rule. A line
//!   may carry a margin (`│ `) that its neighbours carry too.
//!
//! Read as the markdown tables they draw, by [`super::markdown_table`]'s rules (a run per
//! row, units from the header, tables that hold no results yield nothing), each number linked
//! to its row's line. Only a text in which no other format found a run is read so
//! ([`Read::Fallback`](super::Read::Fallback)): llama-bench prints its own pipe table, and
//! reads it itself.

use super::{Format, Input, Read};
use crate::markdown::{Table, TableRow};
use crate::sink::Sink;
use crate::text::Needle;
use benchsite_model::Run;

pub const NAME: &str = "text-table";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Fallback(read) };

static DASHES: Needle = Needle::new("--");
static EQUALS: Needle = Needle::new("==");
static BOX_DASHES: Needle = Needle::new("──");

fn detect(input: &Input<'_>) -> bool {
    input.has(&DASHES) || input.has(&EQUALS) || input.has(&BOX_DASHES)
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let found = tables(input.text, input.first_line);
    let lines: Vec<&str> = if found.is_empty() { Vec::new() } else { input.text.lines().collect() };
    let headings: Vec<Option<(String, u32)>> = found.iter().map(|t| heading_above(&lines, t.line - input.first_line, input.first_line)).collect();
    let headed: Vec<(Table, Option<String>)> = found.into_iter().zip(&headings).map(|(t, h)| (t, h.as_ref().map(|(title, _)| title.clone()))).collect();
    let (mut runs, n) = super::read_drawn_tables(input, &headed, NAME, sink);
    // What a table's heading states (model, GPU, TP), as the heading of a document's section
    // would, from the heading's line.
    for run in &mut runs {
        let table = headed.iter().zip(&headings).find(|((t, _), _)| t.rows.iter().any(|r| r.line == run.source.line));
        if let Some((_, Some((title, line)))) = table {
            for fact in crate::context::heading_with(title, crate::names::Names::builtin()).facts() {
                crate::context::give(run, fact, *line, "heading");
            }
        }
    }
    (runs, n)
}

/// The title of a markdown heading right above line `index` of a text's `lines` (`###
/// deepseek-ai/DeepSeek-V3 (TP4) [8-gpu-h200]`, as a script's report heads each table; a line
/// of prose or a blank line may sit between).
fn heading_above(lines: &[&str], index: u32, first_line: u32) -> Option<(String, u32)> {
    let at = (index as usize).saturating_sub(3)..(index as usize).min(lines.len());
    let i = at.rev().find(|&i| lines[i].starts_with('#'))?;
    let title = lines[i].trim_start_matches('#');
    (title.starts_with(' ') && !title.trim().is_empty()).then(|| (title.trim().to_string(), first_line + i as u32))
}

/// What one line of a text is to a drawn table.
#[derive(Debug, PartialEq)]
enum Line<'a> {
    /// `| a | b |`: two cells or more between bars.
    Bars(Vec<&'a str>),
    /// `|---|:--:|`, `+----+====+`, `|------+-----|`: a pipe or grid table's rule.
    Rule,
    /// `-----  ------`: a column table's rule, as the byte spans of its runs of dashes (two
    /// or more) after the margin.
    Columns(Vec<(usize, usize)>),
    Blank,
    Other,
}

/// A line without the margin (`│ `, `> `) a console or a quote put before it.
fn unmargined(line: &str) -> &str {
    let line = line.trim_end_matches(['\r', ' ']);
    for margin in ["│ ", "┃ ", "> "] {
        if let Some(rest) = line.strip_prefix(margin) {
            return rest;
        }
    }
    line
}

fn classify(line: &str) -> Line<'_> {
    let t = line.trim();
    if t.is_empty() {
        return Line::Blank;
    }
    if is_rule(t) {
        return Line::Rule;
    }
    if let Some(spans) = column_rule(line) {
        return Line::Columns(spans);
    }
    match crate::text::bar_cells(t) {
        Some(cells) if t.starts_with('|') && cells.len() >= 2 => Line::Bars(cells),
        _ => Line::Other,
    }
}

/// Whether a trimmed line is a pipe or grid table's rule: segments of `-`, `=` and `:`
/// between `|` or `+`, one of them at least three long (`| - | - |` is a row of dashes).
fn is_rule(t: &str) -> bool {
    if !t.starts_with(['|', '+']) || !t.ends_with(['|', '+']) || t.len() < 5 {
        return false;
    }
    let mut long = false;
    for segment in t[1..t.len() - 1].split(['|', '+']) {
        let s = segment.trim();
        if s.is_empty() || !s.bytes().all(|b| matches!(b, b'-' | b'=' | b':')) || !s.bytes().any(|b| b != b':') {
            return false;
        }
        long |= s.len() >= 3;
    }
    long
}

/// The spans of a column table's rule: two or more runs of one rule character (`-`, `=`,
/// `─`, `━`), each two or more long, separated by spaces.
fn column_rule(line: &str) -> Option<Vec<(usize, usize)>> {
    let first = line.trim_start().chars().next()?;
    if !matches!(first, '-' | '=' | '─' | '━') {
        return None;
    }
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c, start) {
            (' ', None) => {}
            (' ', Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            (c, None) if c == first => start = Some(i),
            (c, Some(_)) if c == first => {}
            _ => return None,
        }
    }
    if let Some(s) = start {
        spans.push((s, line.len()));
    }
    let long = spans.iter().all(|&(s, e)| line[s..e].chars().count() >= 2);
    (spans.len() >= 2 && long).then_some(spans)
}

/// The tables drawn in a text: each header with its rows, lines numbered from `first_line`.
fn tables(text: &str, first_line: u32) -> Vec<Table> {
    let lines: Vec<&str> = text.lines().map(unmargined).collect();
    let kinds: Vec<Line<'_>> = lines.iter().map(|l| classify(l)).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < kinds.len() {
        let next = match &kinds[i] {
            Line::Bars(_) | Line::Rule => barred(&lines, &kinds, i, first_line, &mut out),
            Line::Columns(spans) => columned(&lines, &kinds, i, spans, first_line, &mut out),
            _ => i + 1,
        };
        i = next.max(i + 1);
    }
    out
}

/// The short line of prose above line `at` (one blank line may sit between), which may name
/// what a table measures (`Input lens: 1024. Output lens: 8.`).
fn intro(lines: &[&str], kinds: &[Line<'_>], at: usize) -> Option<String> {
    let mut j = at.checked_sub(1)?;
    if kinds[j] == Line::Blank {
        j = j.checked_sub(1)?;
    }
    let line = lines[j].trim();
    let prose = kinds[j] == Line::Other && line.len() <= 100 && !line.starts_with(['#', '-', '*', '+', '|', '>', '<', '`', '!', '[', '$']);
    prose.then(|| line.to_string())
}

fn owned(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// Reads the pipe or grid table whose lines start at `start`; returns the index after it.
fn barred(lines: &[&str], kinds: &[Line<'_>], start: usize, first_line: u32, out: &mut Vec<Table>) -> usize {
    let end = (start..kinds.len()).find(|&j| !matches!(kinds[j], Line::Bars(_) | Line::Rule)).unwrap_or(kinds.len());
    let block = &kinds[start..end];
    // The header: the bar lines above the first rule that follows one (a grid's rule above
    // them opens the table); a pipe table has one such line.
    let Some(rule) = (1..block.len()).find(|&j| block[j] == Line::Rule && matches!(block[j - 1], Line::Bars(_))) else {
        return end;
    };
    let top = (0..rule).rev().find(|&j| block[j] == Line::Rule).map_or(0, |j| j + 1);
    let grid = top > 0;
    let Some(header) = header_of(&lines[start + top..start + rule]) else {
        return end;
    };
    let width = header.len();
    // The rows; in a grid with rules between its rows, the lines between two rules are one row.
    let body = &block[rule + 1..];
    let bars = |k: &Line<'_>| matches!(k, Line::Bars(_));
    let ruled = match (body.iter().position(bars), body.iter().rposition(bars)) {
        (Some(a), Some(b)) => body[a..b].contains(&Line::Rule),
        _ => false,
    };
    let mut rows: Vec<TableRow> = Vec::new();
    let mut after_rule = true;
    for (j, kind) in body.iter().enumerate() {
        let Line::Bars(cells) = kind else {
            after_rule = true;
            continue;
        };
        if cells.len() != width {
            continue;
        }
        let continues = if ruled { !after_rule } else { cells[0].is_empty() && cells.iter().any(|c| !c.is_empty()) };
        after_rule = false;
        match rows.last_mut() {
            Some(last) if continues => super::join_cells(&mut last.cells, cells),
            _ if cells.iter().all(|c| c.is_empty()) => {}
            _ => rows.push(TableRow { line: first_line + (start + rule + 1 + j) as u32, cells: owned(cells), cell_lines: Vec::new() }),
        }
    }
    if !rows.is_empty() {
        let at = start + if grid { top - 1 } else { top };
        out.push(Table { line: first_line + (start + top) as u32, header, rows, intro: intro(lines, kinds, at) });
    }
    end
}

/// A header drawn over several lines: joined cell by cell when they have as many cells, else
/// (guidellm's `| TTFT ms |` over `| Mdn | p95 |`) each cell of the line with the most cells
/// takes the words of the cell drawn over it on the others: the one whose bars enclose it
/// when every bar of that line stands on one of its own, or else, when its cells after the
/// first repeat a pattern (`Mdn | p95 | Mdn | p95`), the group the pattern counts it into.
/// `None` when neither holds: a misdrawn header would put numbers under the wrong group.
fn header_of(lines: &[&str]) -> Option<Vec<String>> {
    let spans: Vec<Vec<(usize, usize)>> = lines.iter().map(|l| bar_spans(l)).collect();
    let base = (0..lines.len()).max_by_key(|&k| (spans[k].len(), k))?;
    let cells: Vec<Vec<&str>> = lines.iter().zip(&spans).map(|(l, sp)| sp.iter().map(|&(a, b)| l.get(a..b).unwrap_or("").trim()).collect()).collect();
    let width = spans[base].len();
    // For each line, the index of its cell over each of the base line's cells.
    let mut over: Vec<Vec<usize>> = Vec::with_capacity(lines.len());
    for (k, line_spans) in spans.iter().enumerate() {
        let n = line_spans.len();
        if n == width {
            over.push((0..width).collect());
            continue;
        }
        let bars = |sp: &[(usize, usize)]| -> Vec<usize> { sp.iter().map(|s| s.0).chain(sp.last().map(|s| s.1)).collect() };
        let base_bars = bars(&spans[base]);
        if n > 0 && bars(line_spans).iter().all(|b| base_bars.contains(b)) {
            over.push(spans[base].iter().map(|&(a, _)| line_spans.iter().rposition(|s| s.0 <= a).unwrap_or(0)).collect());
            continue;
        }
        let period = (n > 1).then(|| (width - 1) / (n - 1)).filter(|&p| p > 1 && 1 + p * (n - 1) == width)?;
        let repeats = (1 + period..width).all(|c| cells[base][c].eq_ignore_ascii_case(cells[base][c - period]));
        if !repeats {
            return None;
        }
        let _ = k;
        over.push((0..width).map(|c| if c == 0 { 0 } else { 1 + (c - 1) / period }).collect());
    }
    // A group drawn over several columns by bars side by side (guidellm's `| TTFT ||`):
    // the empty cells between them are the group's too.
    let mut cells = cells;
    for (k, line_cells) in cells.iter_mut().enumerate() {
        if k == base {
            continue;
        }
        for c in 1..line_cells.len() {
            if spans[k][c].0 == spans[k][c].1 {
                line_cells[c] = line_cells[c - 1];
            }
        }
    }
    let header = (0..width).map(|c| {
        let mut cell = String::new();
        for (k, line_cells) in cells.iter().enumerate() {
            let part = line_cells.get(over[k][c]).copied().unwrap_or("");
            if part.is_empty() {
                continue;
            }
            if !cell.is_empty() {
                cell.push(' ');
            }
            // `TTFT ms` over `Mdn`: the group's unit in brackets, as a header writes it
            // (`TTFT (ms) Mdn`), so that the statistic is not read as part of the unit.
            // (`Sec` under `Request Latency`: the unit alone.)
            let (name, unit) = part.rsplit_once(' ').unwrap_or(("", part));
            let unit_word = matches!(unit.to_ascii_lowercase().as_str(), "ms" | "s" | "sec" | "secs" | "seconds");
            if k != base && unit_word {
                cell.push_str(name);
                if !name.is_empty() {
                    cell.push(' ');
                }
                cell.push('(');
                cell.push_str(unit);
                cell.push(')');
            } else {
                cell.push_str(part);
            }
        }
        cell
    }).collect();
    Some(header)
}

/// The byte spans of a bar line's cells, between its bars.
fn bar_spans(line: &str) -> Vec<(usize, usize)> {
    let bars: Vec<usize> = line.match_indices('|').map(|(i, _)| i).collect();
    bars.windows(2).map(|w| (w[0] + 1, w[1])).collect()
}

/// The cells of a column table's line under the rule's spans: each column's text runs from
/// its dashes' start to the next column's. `None` when text crosses a gap between columns (a
/// line that is not a row), or, on a line of other than ASCII (wide characters break the
/// alignment), when its cells split at two or more spaces do not number the columns.
fn cut<'a>(line: &'a str, spans: &[(usize, usize)]) -> Option<Vec<&'a str>> {
    if !line.is_ascii() {
        let cells: Vec<&str> = line.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
        return (cells.len() == spans.len()).then_some(cells);
    }
    let bytes = line.as_bytes();
    let mut cells = Vec::with_capacity(spans.len());
    for (k, &(s, _)) in spans.iter().enumerate() {
        let from = if k == 0 { 0 } else { s.min(line.len()) };
        let to = spans.get(k + 1).map_or(line.len(), |n| n.0.min(line.len())).max(from);
        // The gap after this column's dashes holds nothing: a cell lies under its dashes.
        let gap = bytes.get(spans[k].1.min(to)..to).unwrap_or_default();
        if spans.get(k + 1).is_some() && gap.iter().any(|b| *b != b' ') {
            return None;
        }
        cells.push(line[from..to].trim());
    }
    Some(cells)
}

/// The spans of a rule, carried onto a line of other characters: the rule's bytes count
/// its box characters as three each, a row's ASCII as one, so spans are measured in chars.
fn char_spans(rule: &str, spans: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let to_chars = |b: usize| rule[..b].chars().count();
    spans.iter().map(|&(s, e)| (to_chars(s), to_chars(e))).collect()
}

/// Reads the column table whose rule is line `at`; returns the index after it.
fn columned(lines: &[&str], kinds: &[Line<'_>], at: usize, spans: &[(usize, usize)], first_line: u32, out: &mut Vec<Table>) -> usize {
    let Some(h) = at.checked_sub(1).filter(|&h| kinds[h] == Line::Other) else {
        return at + 1;
    };
    let spans = char_spans(lines[at], spans);
    let Some(header) = cut(lines[h], &spans).filter(|cells| cells.iter().filter(|c| !c.is_empty()).count() >= 2) else {
        return at + 1;
    };
    let width = header.len();
    let mut rows = Vec::new();
    let mut j = at + 1;
    while j < kinds.len() && matches!(kinds[j], Line::Other | Line::Bars(_)) {
        match cut(lines[j], &spans) {
            Some(cells) if cells.len() == width && cells.iter().any(|c| !c.is_empty()) => {
                rows.push(TableRow { line: first_line + j as u32, cells: owned(&cells), cell_lines: Vec::new() });
            }
            _ => break,
        }
        j += 1;
    }
    if !rows.is_empty() {
        out.push(Table { line: first_line + h as u32, header: owned(&header), rows, intro: intro(lines, kinds, h) });
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table's header line, header and rows with their lines.
    type Shape = (u32, Vec<String>, Vec<(u32, Vec<String>)>);

    fn shape(t: &Table) -> Shape {
        (t.line, t.header.clone(), t.rows.iter().map(|r| (r.line, r.cells.clone())).collect())
    }

    fn s(cells: &[&str]) -> Vec<String> {
        owned(cells)
    }

    #[test]
    fn a_pipe_table_printed_to_a_console() {
        let text = "Input lens: 1024. Output lens: 8.\n| batch size | latency (s) |\n| ---------- | ----------- |\n| 1 | 3.51 |\n| 16 | 4.02 |\ndone\n";
        let t = tables(text, 10);
        assert_eq!(t.len(), 1);
        assert_eq!(shape(&t[0]), (11, s(&["batch size", "latency (s)"]), vec![(13, s(&["1", "3.51"])), (14, s(&["16", "4.02"]))]));
        assert_eq!(t[0].intro.as_deref(), Some("Input lens: 1024. Output lens: 8."));
    }

    #[test]
    fn grid_tables_join_headers_and_ruled_rows() {
        let text = "+------+---------+\n| conc | TTFT    |\n|      | (ms)    |\n+======+=========+\n| 1    | 23.4    |\n|      | (warm)  |\n+------+---------+\n| 8    | 40.2    |\n+------+---------+\n";
        let t = tables(text, 1);
        assert_eq!(shape(&t[0]), (2, s(&["conc", "TTFT (ms)"]), vec![(5, s(&["1", "23.4 (warm)"])), (8, s(&["8", "40.2"]))]));
    }

    #[test]
    fn a_header_of_groups_over_their_columns() {
        let text = "| Strategy    | TTFT ms         | ITL ms     |\n|             | Mdn     | p95   | Mdn  | p95 |\n|-------------|---------|-------|------|-----|\n| synchronous | 523.4   | 523.6 | 40.9 | 41.4 |\n";
        let t = tables(text, 1);
        assert_eq!(shape(&t[0]), (1, s(&["Strategy", "TTFT (ms) Mdn", "TTFT (ms) p95", "ITL (ms) Mdn", "ITL (ms) p95"]), vec![(4, s(&["synchronous", "523.4", "523.6", "40.9", "41.4"]))]));
        // guidellm 0.4+: groups over `||`, a unit line between.
        let text = "| Benchmark  | Request Latency || TTFT  ||\n| Strategy   | Sec             || ms    ||\n|            | Mdn     | p95    | Mdn   | p95   |\n|------------|---------|--------|-------|-------|\n| concurrent | 24.9    | 24.9   | 171.5 | 172.6 |\n";
        assert_eq!(tables(text, 1)[0].header, s(&["Benchmark Strategy", "Request Latency (Sec) Mdn", "Request Latency (Sec) p95", "TTFT (ms) Mdn", "TTFT (ms) p95"]));
        // Groups drawn narrower than their columns: counted by the pattern under them.
        let text = "| Strategy | TTFT ms | ITL ms |\n|   | Mdn | p95 | Mdn | p95 |\n|---|---|---|---|---|\n| sync | 523.4 | 523.6 | 40.9 | 41.4 |\n";
        assert_eq!(tables(text, 1)[0].header, s(&["Strategy", "TTFT (ms) Mdn", "TTFT (ms) p95", "ITL (ms) Mdn", "ITL (ms) p95"]));
        // Neither aligned nor a pattern: no header, no table.
        let text = "| Strategy | TTFT ms | ITL ms |\n|   | Mdn | p95 | p90 | p99 |\n|---|---|---|---|---|\n| sync | 523.4 | 523.6 | 40.9 | 41.4 |\n";
        assert!(tables(text, 1).is_empty());
    }

    #[test]
    fn psql_and_prettytable_rows_are_a_line_each() {
        let text = "+------+------+\n| conc | TTFT |\n|------+------|\n| 1    | 23.4 |\n| 8    | 40.2 |\n+------+------+\n";
        let t = tables(text, 1);
        assert_eq!(shape(&t[0]), (2, s(&["conc", "TTFT"]), vec![(4, s(&["1", "23.4"])), (5, s(&["8", "40.2"]))]));
        let pretty = "+------+------+\n| conc | TTFT |\n+------+------+\n| 1    | 23.4 |\n| 8    | 40.2 |\n+------+------+\n";
        assert_eq!(shape(&tables(pretty, 1)[0]).2.len(), 2);
    }

    #[test]
    fn column_tables_cut_rows_under_their_dashes() {
        let text = "model      concurrency    ttft_ms\n---------  -------------  ---------\nllama 8b              1       23.4\nllama 8b              8       40.2\n\nafter  words  here\n";
        let t = tables(text, 1);
        assert_eq!(t.len(), 1);
        assert_eq!(shape(&t[0]), (1, s(&["model", "concurrency", "ttft_ms"]), vec![(3, s(&["llama 8b", "1", "23.4"])), (4, s(&["llama 8b", "8", "40.2"]))]));
        // rst: rules above and below.
        let rst = "=====  =======\nconc   ttft_ms\n=====  =======\n1      23.4\n=====  =======\n";
        assert_eq!(shape(&tables(rst, 1)[0]), (2, s(&["conc", "ttft_ms"]), vec![(4, s(&["1", "23.4"]))]));
    }

    #[test]
    fn box_rules_and_console_margins() {
        let text = "│ concurrency  measured p95 runtime  line\n│ ───────────  ────────────────────  ───────\n│ 1            10.83 s               10.83 s\n│ 2            26.85 s               26.85 s\n";
        let t = tables(text, 1);
        assert_eq!(shape(&t[0]).2, vec![(3, s(&["1", "10.83 s", "10.83 s"])), (4, s(&["2", "26.85 s", "26.85 s"]))]);
    }

    #[test]
    fn text_across_a_gap_ends_a_column_table() {
        let text = "conc  ttft\n----  ----\n1     23.4\nThis sentence runs across.\n";
        assert_eq!(shape(&tables(text, 1)[0]).2.len(), 1);
    }

    #[test]
    fn lines_that_only_look_like_rules() {
        assert!(!is_rule("| - | - |"));
        assert!(is_rule("|:---|---:|"));
        assert!(is_rule("+----+====+"));
        assert_eq!(column_rule("----------"), None);
        assert_eq!(column_rule("--model x"), None);
        assert_eq!(column_rule("---  ----"), Some(vec![(0, 3), (5, 9)]));
        // A markdown row of dashes with no header above is no table.
        assert!(tables("| - | - |\n| 1 | 2 |\n", 1).is_empty());
    }
}
