//! A table of results drawn with box characters (Python's `rich`, as a script prints its
//! own summary) that no tool's reader claims:
//!
//! ```text
//! ┏━━━━━┳━━━━━┳━━━━━━━━━┳━━━━━━━━━━┓
//! ┃ run ┃   p ┃ ttft(s) ┃ tpot(ms) ┃
//! ┡━━━━━╇━━━━━╇━━━━━━━━━╇━━━━━━━━━━┩
//! │   1 │ 512 │   13.07 │   150.86 │
//! └─────┴─────┴─────────┴──────────┘
//! ```
//!
//! Read as the markdown table it draws, by [`super::markdown_table`]'s rules (a run per row,
//! units from the header), each number linked to its row's line. A header wrapped over two
//! lines (`┃ Output ┃` over `┃ tok/s ┃`) is joined cell by cell, and so is a row whose first
//! cell is empty on its next line. Only a text in which no other format found a run is read
//! so ([`Read::Fallback`](super::Read::Fallback)): AIPerf, GenAI-Perf and EvalScope draw their
//! tables with the same characters and read them themselves.

use super::{Format, Input, Read};
use crate::markdown::{Table, TableRow};
use crate::sink::Sink;
use crate::text::Needle;
use benchsite_model::Run;

pub const NAME: &str = "box-table";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Fallback(read) };

static HEADER: Needle = Needle::new("┃");
static ROW: Needle = Needle::new("│");

fn detect(input: &Input<'_>) -> bool {
    input.has(&HEADER) && input.has(&ROW)
}

/// The cells between the bars of a line drawn with `bar` (`┃ a ┃ b ┃` for a header, `│ 1 │ 2 │`
/// for a row), or `None` for another line.
fn cells(line: &str, bar: char) -> Option<Vec<String>> {
    let drawn = crate::text::bar_cells(line).filter(|_| line.trim_start().starts_with(bar))?;
    Some(drawn.into_iter().map(str::to_string).collect())
}

/// The tables drawn in a text: each header with its rows, lines numbered from `first_line`.
fn tables(text: &str, first_line: u32) -> Vec<Table> {
    let mut out = Vec::new();
    let mut open: Option<Table> = None;
    for (i, line) in text.lines().enumerate() {
        let no = first_line + i as u32;
        if let Some(head) = cells(line, '┃') {
            match open.as_mut().filter(|t| t.rows.is_empty() && t.header.len() == head.len()) {
                Some(table) => super::join_cells(&mut table.header, &head),
                None => {
                    out.extend(open.take().filter(|t| !t.rows.is_empty()));
                    open = Some(Table { line: no, header: head, rows: Vec::new(), intro: None });
                }
            }
            continue;
        }
        if let Some(row) = cells(line, '│') {
            let Some(table) = open.as_mut().filter(|t| t.header.len() == row.len()) else { continue };
            let continues = row.first().is_some_and(String::is_empty) && row.iter().any(|c| !c.is_empty());
            match table.rows.last_mut() {
                Some(last) if continues => super::join_cells(&mut last.cells, &row),
                _ if row.iter().all(String::is_empty) => {}
                _ => table.rows.push(TableRow { line: no, cells: row, cell_lines: Vec::new() }),
            }
            continue;
        }
        // The rules between and around (`┡━╇`, `├─┼`, `└─┴`) belong to the table; any other
        // line ends it.
        let rule = line.trim().chars().next().is_some_and(|c| matches!(c, '┏' | '┡' | '├' | '└' | '┗' | '┢' | '╞' | '╘'));
        if !rule {
            out.extend(open.take().filter(|t| !t.rows.is_empty()));
        }
    }
    out.extend(open.filter(|t| !t.rows.is_empty()));
    out
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let tables: Vec<_> = tables(input.text, input.first_line).into_iter().map(|t| (t, None)).collect();
    super::read_drawn_tables(input, &tables, NAME, sink)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header wrapped over two lines and a row wrapped after its first cell are joined.
    #[test]
    fn wrapped_headers_and_rows_are_joined() {
        let text = "┏━━━━━┳━━━━━━━━┓\n┃ run ┃ Output ┃\n┃     ┃ tok/s  ┃\n┡━━━━━╇━━━━━━━━┩\n│ a   │ 12.5   │\n│     │ (peak) │\n│ b   │ 13.0   │\n└─────┴────────┘\nafter\n";
        let t = tables(text, 1);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].header, vec!["run", "Output tok/s"]);
        assert_eq!(t[0].rows.iter().map(|r| (r.line, r.cells.clone())).collect::<Vec<_>>(), vec![(5, vec!["a".to_string(), "12.5 (peak)".into()]), (7, vec!["b".into(), "13.0".into()])]);
    }
}
