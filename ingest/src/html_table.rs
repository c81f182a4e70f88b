//! HTML tables inside a markdown document (`<table>` … `</table>`, as READMEs write a table
//! that markdown cannot: a header over two rows, cells spanning rows or columns), read into
//! the same [`Table`] a markdown table gives, for the table formats to read.
//!
//! Only the structure is read: `<tr>`, `<th>`, `<td>` with their `rowspan` and `colspan`,
//! `<br>` as a line break inside a cell; every other tag is dropped and its text kept,
//! entities decoded. A cell spanning several columns is written into each; one spanning
//! several rows is repeated down. The rows at the top whose cells are all `<th>` (or inside
//! `<thead>`) are the header, joined column by column (`TTFT (us)` over `Qwen` is `TTFT (us)
//! Qwen`). A table inside a cell is not read. Nothing is rendered: the text is only looked at.

use crate::markdown::{Table, TableRow};

/// Cells and rows beyond these are not read (a hostile table cannot grow the grid without
/// bound through `colspan="100000"`).
const MAX_SPAN: usize = 64;
const MAX_COLUMNS: usize = 256;

/// One cell as written: its text, whether it is a header cell, and its spans.
struct Cell {
    text: String,
    header: bool,
    rows: usize,
    cols: usize,
    /// The line of its `<td>`.
    line: u32,
}

/// One row as written, with the line of its `<tr>` and whether it sits in `<thead>`.
struct Row {
    line: u32,
    head: bool,
    cells: Vec<Cell>,
}

/// The tables of `text` outside the byte ranges in `skip` (code blocks), each with the byte
/// offset of its `<table` tag; lines are numbered from 1.
pub fn tables(text: &str, skip: &[(usize, usize)]) -> Vec<(usize, Table)> {
    let has = |needle: &str| memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some();
    if !has("<table") && !has("<TABLE") {
        return Vec::new();
    }
    // HTML comments (`<!-- … <table>s … -->`) hold no table.
    let mut comments: Vec<(usize, usize)> = Vec::new();
    for (at, _) in text.match_indices("<!--") {
        if comments.last().is_some_and(|&(_, e)| at < e) {
            continue;
        }
        comments.push((at, text[at..].find("-->").map_or(text.len(), |k| at + k + 3)));
    }
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = find_tag(text, from, "table") {
        // A table starts a line (an HTML block); `<table>` in a sentence or a code span is a word.
        let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
        let inside = |ranges: &[(usize, usize)]| ranges.iter().any(|&(s, e)| at >= s && at < e);
        if !text[line_start..at].trim().is_empty() || inside(skip) || inside(&comments) {
            from = at + 1;
            continue;
        }
        let Some(end) = find_close(text, at, "table") else { break };
        from = end;
        if let Some(table) = read(text, at, end) {
            out.push((at, table));
        }
    }
    out
}

/// The offset of the next `<name` tag (any case) at or after `from`.
fn find_tag(text: &str, from: usize, name: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = from;
    while let Some(k) = memchr::memchr(b'<', &bytes[i..]) {
        let at = i + k;
        let rest = &bytes[at + 1..];
        if rest.len() > name.len() && rest[..name.len()].eq_ignore_ascii_case(name.as_bytes()) && matches!(rest[name.len()], b'>' | b' ' | b'\t' | b'\n' | b'\r' | b'/') {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// The offset after the `</name>` that closes the tag opened at `open`, counting nested ones.
fn find_close(text: &str, open: usize, name: &str) -> Option<usize> {
    let closing = format!("/{name}");
    let mut depth = 0;
    let mut i = open;
    loop {
        let next_open = find_tag(text, i + 1, name);
        let close = find_tag(text, i + 1, &closing);
        match (next_open, close) {
            (Some(o), Some(c)) if o < c => {
                depth += 1;
                i = o;
            }
            (_, Some(c)) => {
                let end = text[c..].find('>').map_or(text.len(), |k| c + k + 1);
                if depth == 0 {
                    return Some(end);
                }
                depth -= 1;
                i = c;
            }
            _ => return None,
        }
    }
}

/// A tag's name (lower case, `/` before it for a closing tag) and its attributes' text.
fn tag(inside: &str) -> (String, &str) {
    let t = inside.trim();
    let (closing, body) = match t.strip_prefix('/') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t),
    };
    let end = body.find(|c: char| c.is_whitespace() || c == '/' || c == '>').unwrap_or(body.len());
    let name = body[..end].to_ascii_lowercase();
    (if closing { format!("/{name}") } else { name }, &body[end..])
}

/// The value of a numeric attribute (`rowspan="2"`, `colspan=3`), at least 1 and at most
/// [`MAX_SPAN`].
fn span(attrs: &str, name: &str) -> usize {
    let lower = attrs.to_ascii_lowercase();
    let Some(at) = lower.find(name) else { return 1 };
    let rest = lower[at + name.len()..].trim_start();
    let Some(rest) = rest.strip_prefix('=') else { return 1 };
    let digits: String = rest.trim_start().trim_start_matches(['"', '\'']).chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<usize>().unwrap_or(1).clamp(1, MAX_SPAN)
}

/// Text between tags with its entities decoded.
fn decode(raw: &str, into: &mut String) {
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        into.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest[1..].find(';').map(|k| k + 1).filter(|&k| k <= 10);
        let decoded = end.and_then(|k| match &rest[1..k] {
            "nbsp" => Some(' '),
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            e if e.starts_with("#x") || e.starts_with("#X") => u32::from_str_radix(&e[2..], 16).ok().and_then(char::from_u32),
            e if e.starts_with('#') => e[1..].parse::<u32>().ok().and_then(char::from_u32),
            _ => None,
        });
        match (decoded, end) {
            (Some(c), Some(k)) => {
                into.push(c);
                rest = &rest[k + 1..];
            }
            _ => {
                into.push('&');
                rest = &rest[1..];
            }
        }
    }
    into.push_str(rest);
}

/// Collapses runs of blanks to one space, keeping the line breaks `<br>` made; trims.
fn tidy(text: &str) -> String {
    let lines: Vec<String> = text.split('\n').map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect();
    lines.join("\n")
}

/// The table whose `<table` tag is at `start` and whose `</table>` ends at `end`.
fn read(text: &str, start: usize, end: usize) -> Option<Table> {
    // Lines counted from the table's start, as the offsets grow.
    let mut line = 1 + crate::text::count_newlines(&text.as_bytes()[..start]) as u32;
    let mut last = start;
    let mut line_of = move |offset: usize| {
        if offset > last {
            line += crate::text::count_newlines(&text.as_bytes()[last..offset]) as u32;
            last = offset;
        }
        line
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut cell: Option<Cell> = None;
    let mut in_head = false;
    // Tables nested in a cell: their tags are skipped, their text kept in the cell.
    let mut nested = 0usize;
    let body = &text[start..end];
    let mut i = 0;
    while i < body.len() {
        let Some(lt) = body[i..].find('<') else {
            if let Some(c) = cell.as_mut() {
                decode(&body[i..], &mut c.text);
            }
            break;
        };
        if let Some(c) = cell.as_mut() {
            decode(&body[i..i + lt], &mut c.text);
        }
        let at = i + lt;
        let Some(gt) = body[at..].find('>') else { break };
        let inside = &body[at + 1..at + gt];
        i = at + gt + 1;
        // A comment: skipped whole.
        if inside.starts_with("!--") {
            if let Some(k) = body[at..].find("-->") {
                i = at + k + 3;
            }
            continue;
        }
        let (name, attrs) = tag(inside);
        match name.as_str() {
            "table" if at > 0 => nested += 1,
            "/table" if nested > 0 => nested -= 1,
            _ if nested > 0 => {}
            "thead" => in_head = true,
            "/thead" => in_head = false,
            "tr" => {
                close_cell(&mut cell, &mut rows);
                rows.push(Row { line: line_of(start + at), head: in_head, cells: Vec::new() });
            }
            "/tr" => close_cell(&mut cell, &mut rows),
            "td" | "th" => {
                close_cell(&mut cell, &mut rows);
                if rows.is_empty() {
                    rows.push(Row { line: line_of(start + at), head: in_head, cells: Vec::new() });
                }
                let line = line_of(start + at);
                cell = Some(Cell { text: String::new(), header: name == "th", rows: span(attrs, "rowspan"), cols: span(attrs, "colspan"), line });
            }
            "/td" | "/th" => close_cell(&mut cell, &mut rows),
            // A table laying out logs side by side (`<td><pre>` … `</pre></td>`): the logs
            // are read as text, the table holds no cells of its own.
            "pre" => return None,
            "br" => {
                if let Some(c) = cell.as_mut() {
                    c.text.push('\n');
                }
            }
            _ => {}
        }
    }
    close_cell(&mut cell, &mut rows);
    grid(rows)
}

fn close_cell(cell: &mut Option<Cell>, rows: &mut [Row]) {
    if let (Some(c), Some(row)) = (cell.take(), rows.last_mut()) {
        row.cells.push(c);
    }
}

/// Lays the rows' cells out on a grid (spans filled), then takes the header rows off the top.
fn grid(rows: Vec<Row>) -> Option<Table> {
    let rows: Vec<Row> = rows.into_iter().filter(|r| !r.cells.is_empty()).collect();
    let mut out: Vec<(u32, bool, Vec<String>, Vec<u32>)> = Vec::with_capacity(rows.len());
    // Cells spanning down from a row above: (column, rows left, text, line).
    let mut pending: Vec<(usize, usize, String, u32)> = Vec::new();
    for row in &rows {
        let mut cells: Vec<Option<(String, u32)>> = Vec::new();
        for (col, left, text, line) in pending.iter_mut() {
            if *col >= cells.len() {
                cells.resize(*col + 1, None);
            }
            cells[*col] = Some((text.clone(), *line));
            *left -= 1;
        }
        pending.retain(|(_, left, _, _)| *left > 0);
        let mut col = 0;
        for cell in &row.cells {
            while cells.get(col).is_some_and(Option::is_some) {
                col += 1;
            }
            if col + cell.cols > MAX_COLUMNS {
                break;
            }
            let text = tidy(&cell.text);
            for k in 0..cell.cols {
                if col + k >= cells.len() {
                    cells.resize(col + k + 1, None);
                }
                cells[col + k] = Some((text.clone(), cell.line));
                if cell.rows > 1 {
                    pending.push((col + k, cell.rows - 1, text.clone(), cell.line));
                }
            }
            col += cell.cols;
        }
        let head = row.head || row.cells.iter().all(|c| c.header);
        let lines = cells.iter().map(|c| c.as_ref().map_or(row.line, |(_, l)| *l)).collect();
        out.push((row.line, head, cells.into_iter().map(|c| c.map(|(t, _)| t).unwrap_or_default()).collect(), lines));
    }
    let width = out.iter().map(|(_, _, c, _)| c.len()).max()?;
    for (line, _, cells, lines) in &mut out {
        cells.resize(width, String::new());
        lines.resize(width, *line);
    }
    let heads = out.iter().take_while(|(_, head, _, _)| *head).count().max(1);
    if out.len() <= heads {
        return None;
    }
    let mut header: Vec<String> = vec![String::new(); width];
    for (_, _, cells, _) in &out[..heads] {
        for (h, c) in header.iter_mut().zip(cells) {
            // (A cell spanning the header rows is written once.)
            if !c.is_empty() && !h.ends_with(c.as_str()) {
                if !h.is_empty() {
                    h.push(' ');
                }
                h.push_str(c);
            }
        }
    }
    let line = out[0].0;
    // Each cell's line, where the row's cells are not all on its `<tr>` line.
    let rows = out
        .drain(heads..)
        .map(|(line, _, cells, lines)| {
            let cell_lines = if lines.iter().all(|&l| l == line) { Vec::new() } else { lines };
            TableRow { line, cells, cell_lines }
        })
        .collect();
    Some(Table { line, header, rows, intro: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table's header line, header and rows with their lines.
    type Shape = (u32, Vec<String>, Vec<(u32, Vec<String>)>);

    fn shape(t: &Table) -> Shape {
        (t.line, t.header.clone(), t.rows.iter().map(|r| (r.line, r.cells.clone())).collect())
    }

    #[test]
    fn cells_on_lines_of_their_own_keep_their_lines() {
        let text = "<table>\n<tr><th>in</th><th>TTFT (ms)</th></tr>\n<tr>\n  <td>4</td>\n  <td>23.4</td>\n</tr>\n</table>";
        let t = tables(text, &[]);
        let row = &t[0].1.rows[0];
        assert_eq!((row.line, row.line_of(0), row.line_of(1)), (3, 4, 5));
    }

    fn s(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn a_header_over_two_rows_and_spanning_cells() {
        let text = "intro\n<table>\n<tr><th rowspan=\"2\">输入长度</th><th colspan=\"2\">TTFT (us)</th></tr>\n<tr><th>Qwen</th><th>Smol</th></tr>\n<tr><td rowspan=\"2\">4</td><td>46,126</td><td>17&nbsp;476</td></tr>\n<tr><td>50<br>(warm)</td><td>18</td></tr>\n</table>\nafter\n";
        let t = tables(text, &[]);
        assert_eq!(t.len(), 1);
        assert_eq!(
            shape(&t[0].1),
            (3, s(&["输入长度", "TTFT (us) Qwen", "TTFT (us) Smol"]), vec![(5, s(&["4", "46,126", "17 476"])), (6, s(&["4", "50\n(warm)", "18"]))])
        );
    }

    #[test]
    fn thead_tbody_and_tags_inside_cells() {
        let text = "<TABLE>\n<thead><tr><td><b>Concurrency</b></td><td>TTFT (ms)</td></tr></thead>\n<tbody>\n<tr><td>1</td><td><code>23.4</code> &amp; more</td></tr>\n</tbody></TABLE>";
        let t = tables(text, &[]);
        assert_eq!(shape(&t[0].1), (2, s(&["Concurrency", "TTFT (ms)"]), vec![(4, s(&["1", "23.4 & more"]))]));
    }

    #[test]
    fn code_blocks_nested_tables_and_hostile_spans() {
        let text = "```\n<table><tr><th>a</th></tr><tr><td>1</td></tr></table>\n```\n";
        assert!(tables(text, &[(0, text.len())]).is_empty());
        let nested = "<table><tr><th>a</th><th>b</th></tr><tr><td><table><tr><td>x</td></tr></table></td><td>2</td></tr></table>";
        assert_eq!(shape(&tables(nested, &[])[0].1).2, vec![(1, s(&["x", "2"]))]);
        let wide = "<table><tr><th colspan=\"99999999\">a</th></tr><tr><td rowspan=\"99999\">1</td></tr></table>";
        let t = tables(wide, &[]);
        assert_eq!(t[0].1.header.len(), MAX_SPAN);
        // Logs laid out side by side in `<pre>` cells: no table of its own.
        assert!(tables("<table><tr><th>a</th></tr><tr><td><pre>\nMean TTFT (ms): 1\n</pre></td></tr></table>", &[]).is_empty());
        // In a comment or a sentence: no table.
        assert!(tables("<!-- HTML <table>s -->\n<p>a</p>", &[]).is_empty());
        assert!(tables("Use `<table>` here.\n<table><tr><th>a</th></tr><tr><td>1</td></tr></table>", &[]).len() == 1);
        // Unclosed: nothing.
        assert!(tables("<table><tr><td>1", &[]).is_empty());
    }
}
