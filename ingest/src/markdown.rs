//! Markdown files: result files (`<framework>/<GPU>_v<version>.md`), where headings are
//! models, `shell` blocks hold serve commands, other code blocks hold benchmark logs and prose
//! is kept as notes; and other documents (a README, a docs page), read with the same walk for
//! the context their results need (`context`): every serve and client command of a section,
//! and its tables, handed to the table formats (`formats::read_table`).
//! Logs are also read where they were pasted without a fence: everything between the code
//! blocks (paragraphs, `<details><pre>` HTML) is scanned too. Markdown reads such a log as
//! prose, so what it made of the log's lines is undone: a paragraph inside a log is no note,
//! and a row above a `-----` rule is no heading. Cross-checks between heading, serve
//! command, client, notes and neighbouring sections live in the `checks` module.

use crate::context::{client_commands, ClientCommand};
use crate::serve::{parse_serve, parse_serves, Serve};
use crate::sink::Sink;
use benchsite_model::{Note, Run};
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use crate::text::count_newlines;
use std::cell::Cell;
use std::collections::HashMap;

/// One section (H2/H3) of a result file.
#[derive(Debug, Default)]
pub struct Section {
    pub title: String,
    pub line: u32,
    /// Heading level: 2 for `##`, 3 for `###`, ...
    pub level: u8,
    /// Whether anything but headings follows the heading (prose, list, table, code).
    pub has_content: bool,
    /// Opening lines of the section's non-shell code blocks (its logs), empty or not.
    pub logs: Vec<u32>,
    /// The first serve command of a `shell` block (what a result file's section serves).
    pub serve: Option<Serve>,
    /// Every serve command of the section, in `shell` or unlabelled blocks, in line order.
    pub serves: Vec<Serve>,
    /// Every benchmark client command of the section's code blocks, in line order.
    pub clients: Vec<ClientCommand>,
    /// The section's markdown tables.
    pub tables: Vec<Table>,
    pub notes: Vec<Note>,
    pub runs: Vec<Run>,
}

/// A markdown table: the header cells and every row, each with the line it is written on.
/// Cells hold their text without markup (`**12.3**` → `12.3`, `` `x` `` → `x`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub line: u32,
    pub header: Vec<String>,
    pub rows: Vec<TableRow>,
    /// The short line of prose right above the table (at most one blank line between), which
    /// may name what its cells measure (`Throughput, output tok/s:`).
    pub intro: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableRow {
    pub line: u32,
    pub cells: Vec<String>,
    /// Each cell's line, where the cells of a row are written on lines of their own (an HTML
    /// table's `<td>` a line); empty when all are on `line`.
    pub cell_lines: Vec<u32>,
}

impl TableRow {
    /// The line cell `i` is written on.
    pub fn line_of(&self, i: usize) -> u32 {
        self.cell_lines.get(i).copied().unwrap_or(self.line)
    }
}

/// The structure of a result file.
#[derive(Debug, Default)]
pub struct Document {
    pub title: Option<(String, u32)>,
    /// Serve command given before the first section (often a template).
    pub default_serve: Option<Serve>,
    pub sections: Vec<Section>,
    /// Code blocks that look like results and gave no run: their first and last lines, the
    /// line that looks so and its text.
    pub unread: Vec<(u32, u32, u32, String)>,
}

/// Byte offset → 1-based line number, counted from the offset asked for last: the parser's
/// offsets mostly grow, so all lookups together cross the text about once, with no table
/// of line starts built first.
struct LineIndex<'t> {
    bytes: &'t [u8],
    last: Cell<(usize, u32)>,
}

impl<'t> LineIndex<'t> {
    fn new(text: &'t str) -> Self {
        LineIndex { bytes: text.as_bytes(), last: Cell::new((0, 1)) }
    }

    fn line(&self, offset: usize) -> u32 {
        let offset = offset.min(self.bytes.len());
        let (at, line) = self.last.get();
        let line = if offset >= at {
            line + count_newlines(&self.bytes[at..offset]) as u32
        } else {
            line - count_newlines(&self.bytes[offset..at]) as u32
        };
        self.last.set((offset, line));
        line
    }
}

/// The one place pulldown-cmark is configured: result files are read and docs rendered with it.
pub fn parser(text: &str) -> Parser<'_> {
    Parser::new_ext(text, Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_DEFINITION_LIST | Options::ENABLE_STRIKETHROUGH)
}

fn is_shell(info: &str) -> bool {
    let lang = info.trim().trim_start_matches('{').trim_end_matches('}').split_whitespace().next().unwrap_or("");
    matches!(lang, "shell" | "bash" | "sh" | "console" | "zsh")
}

/// The section content goes into: the last one, or a nameless one before the first heading.
fn current(doc: &mut Document) -> &mut Section {
    if doc.sections.is_empty() {
        doc.sections.push(Section::default());
    }
    doc.sections.last_mut().expect("a section")
}

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

fn mark_content(doc: &mut Document) {
    if let Some(s) = doc.sections.last_mut() {
        s.has_content = true;
    }
}

/// Reads the structure of a result file; logs are handed to `scan_log` with the line their
/// text starts on (it returns their runs and how many result blocks it saw), and the runs
/// are attached to the section they sit in.
pub fn read(text: &str, sink: &mut Sink, mut scan_log: impl FnMut(&str, &str, u32, &mut Sink) -> (Vec<Run>, usize)) -> Document {
    let index = LineIndex::new(text);
    let mut doc = Document::default();
    // Byte ranges of the code blocks, and the first and last line of each paragraph.
    let mut code_ranges: Vec<(usize, usize)> = Vec::new();
    let mut paragraphs: HashMap<u32, u32> = HashMap::new();
    let mut heading: Option<(HeadingLevel, String, u32)> = None;
    let mut code: Option<(String, Body, u32)> = None; // info, text, first line
    let mut para: Option<(String, u32)> = None;
    let mut table: Option<Table> = None;
    let mut cell: Option<String> = None;
    let mut depth_list = 0;
    for (event, range) in parser(text).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => heading = Some((level, String::new(), index.line(range.start))),
            Event::End(TagEnd::Heading(_)) => {
                // Three lines or more over a line of `=` or `-` (a log pasted without a fence,
                // `Namespace(…)` and its result block over the block's last `=====`), or a
                // title longer than any heading: text, not a section's name.
                let log = text[range.clone()].trim_end().matches('\n').count() > 2 || heading.as_ref().is_some_and(|(_, t, _)| t.len() > 300);
                if let Some((level, title, line)) = heading.take().filter(|_| !log) {
                    let title = trimmed(title);
                    // The first `#` heading is the document's title; a later one (`# vllm 单机测试`
                    // after `# 环境信息`) is a section of its own, at the top level, unless it is
                    // a shell comment markdown took for a heading (`    # This is where the
                    // results will be saved.`, `# --concurrency 144`).
                    let line_start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
                    let indented = text[line_start..].starts_with([' ', '\t']);
                    let comment = indented || title.ends_with(['.', '。', ':', '：', ';']) || title.starts_with('-') || title.contains(" --") || title.contains(['=', '$']);
                    if level == HeadingLevel::H1 && (doc.title.is_none() || comment) {
                        doc.title.get_or_insert((title, line));
                    } else {
                        doc.sections.push(Section { title, line, level: heading_level(level), ..Section::default() });
                    }
                }
            }
            // An indented block that runs straight into the next line is the indented first
            // line of a log pasted without a fence (genai-perf's centred title over its
            // table): it is left to the unfenced scan, with the rest of that log.
            Event::Start(Tag::CodeBlock(CodeBlockKind::Indented)) if runs_on(text, range.end) => mark_content(&mut doc),
            Event::Start(Tag::CodeBlock(kind)) => {
                code_ranges.push((range.start, range.end));
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                let fenced = !info.is_empty() || text[range.start..].starts_with("```") || text[range.start..].starts_with("~~~");
                let first = index.line(range.start) + u32::from(fenced);
                if let Some(s) = doc.sections.last_mut() {
                    s.has_content = true;
                }
                code = Some((info, Body::default(), first));
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((info, body, first)) = code.take() {
                    let body = body.text(text);
                    let opening = index.line(range.start);
                    let shell = is_shell(&info);
                    // A serve command in an unlabelled block (documents rarely label them).
                    let serve = if shell || info.trim().is_empty() { parse_serve(body, first) } else { None };
                    let clients = client_commands(body, first);
                    // `Namespace(backend='vllm', …)` pasted as prose right above the block: the
                    // client's arguments of the run below, read with it (its lines kept).
                    let said = sink.findings.len();
                    let (runs, blocks) = match namespace_above(text, range.start, opening) {
                        Some((line, namespace)) => {
                            // Blank lines between keep every line's number.
                            let gap = "\n".repeat((first - line) as usize);
                            scan_log(&[namespace, gap.as_str(), body].concat(), &info, line, sink)
                        }
                        None => scan_log(body, &info, first, sink),
                    };
                    // A block of results no reader took: kept for the document to name when no
                    // run of the file comes from its lines (`checks::unread_blocks`).
                    // (A JSON document, which the JSON readers judge: an example or a schema.)
                    let json = crate::formats::block_syntax(&info, body) == Some("json");
                    if runs.is_empty() && blocks == 0 && sink.findings.len() == said && !json {
                        if let Some((at, quoted)) = crate::unread::block_results_line(body) {
                            let last = first + crate::text::count_newlines(body.as_bytes()) as u32;
                            doc.unread.push((first, last, first + at as u32, quoted));
                        }
                    }
                    let serve_only = !shell && runs.is_empty() && serve.is_some();
                    if let Some(s) = doc.sections.last_mut() {
                        if !shell && !serve_only {
                            s.logs.push(opening);
                        }
                    }
                    // A serve command below a result of its own block restarted the server for
                    // the runs after it (an A/B log: the same launch with and without a flag).
                    let restarts: Vec<Serve> = match (&serve, runs.first()) {
                        (Some(_), Some(r)) => parse_serves(body, first).into_iter().filter(|s| s.line > r.source.line).collect(),
                        _ => Vec::new(),
                    };
                    if let Some(serve) = serve {
                        // Before any heading and any log, a `shell` serve command serves the
                        // whole file (a nameless section made for a table or a client command
                        // before the first heading does not change that).
                        let preamble = doc.sections.iter().all(|s| s.line == 0 && s.runs.is_empty());
                        if shell && preamble {
                            doc.default_serve = Some(serve);
                        } else {
                            let s = current(&mut doc);
                            if shell && s.serve.is_none() {
                                s.serve = Some(serve.clone());
                            }
                            s.serves.push(serve);
                        }
                    }
                    if !restarts.is_empty() {
                        current(&mut doc).serves.extend(restarts);
                    }
                    if !clients.is_empty() {
                        current(&mut doc).clients.extend(clients);
                    }
                    if !runs.is_empty() {
                        // The block's list is taken whole when it is the section's first.
                        let section = current(&mut doc);
                        if section.runs.is_empty() {
                            section.runs = runs;
                        } else {
                            section.runs.extend(runs);
                        }
                    }
                }
            }
            Event::Start(Tag::Table(_)) => {
                mark_content(&mut doc);
                table = Some(Table { line: index.line(range.start), intro: intro_above(text, range.start), ..Table::default() });
            }
            Event::Start(Tag::TableHead | Tag::TableRow) => {
                if let Some(t) = table.as_mut() {
                    t.rows.push(TableRow { line: index.line(range.start), cells: Vec::new(), cell_lines: Vec::new() });
                }
            }
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => {
                if let (Some(t), Some(c)) = (table.as_mut(), cell.take()) {
                    if let Some(row) = t.rows.last_mut() {
                        row.cells.push(trimmed(c));
                    }
                }
            }
            Event::End(TagEnd::Table) => {
                if let Some(mut t) = table.take() {
                    if !t.rows.is_empty() {
                        t.header = t.rows.remove(0).cells;
                        current(&mut doc).tables.push(t);
                    }
                }
            }
            Event::Start(Tag::List(_)) => {
                depth_list += 1;
                mark_content(&mut doc);
            }
            Event::Start(Tag::BlockQuote(_)) => mark_content(&mut doc),
            Event::End(TagEnd::List(_)) => depth_list -= 1,
            Event::Start(Tag::Paragraph) if depth_list == 0 => {
                mark_content(&mut doc);
                para = Some((String::new(), index.line(range.start)));
                paragraphs.insert(index.line(range.start), index.line(range.end.saturating_sub(1)));
            }
            Event::Start(Tag::HtmlBlock) => mark_content(&mut doc),
            Event::End(TagEnd::Paragraph) => {
                if let Some((text, line)) = para.take() {
                    let text = text.trim().to_string();
                    // "Serve a model via docker:" introduces the next block; it says nothing.
                    let is_lead_in = text.ends_with(':') && text.len() < 80;
                    if let (false, Some(section)) = (is_lead_in || text.is_empty(), doc.sections.last_mut()) {
                        section.notes.push(Note { line, text });
                    }
                }
            }
            Event::Text(ref t) | Event::Code(ref t) => {
                if let Some(c) = cell.as_mut() {
                    c.push_str(t);
                } else if let Some((_, body, _)) = code.as_mut() {
                    body.push(text, t);
                } else if let Some((_, title, _)) = heading.as_mut() {
                    title.push_str(t);
                } else if let Some((p, _)) = para.as_mut() {
                    if matches!(event, Event::Code(_)) {
                        p.push('`');
                        p.push_str(t);
                        p.push('`');
                    } else {
                        p.push_str(t);
                    }
                }
                if let (Event::Code(t), true) = (&event, cell.is_none() && code.is_none() && heading.is_none()) {
                    // `**Bench**: \`sglang.bench_serving --num-prompts 128 …\``, in prose or a
                    // list: a client command written inline is the section's as one in a block
                    // is. A tool named without flags (`run \`sglang.bench_serving\` against it`)
                    // says nothing of a run.
                    let mut clients = client_commands(t, index.line(range.start));
                    clients.retain(|c| !c.flags.is_empty());
                    if !clients.is_empty() {
                        current(&mut doc).clients.extend(clients);
                    }
                }
            }
            Event::Html(_) | Event::InlineHtml(_) if cell.is_some() => {
                // `<br>` inside a cell stacks lines: kept as a line break (a table reader reads
                // `TTFT<br>8並列` as a metric over a load; words are joined by a space).
                if let Some(c) = cell.as_mut() {
                    c.push('\n');
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some((p, _)) = para.as_mut() {
                    p.push(' ');
                }
            }
            _ => {}
        }
    }
    read_unfenced(text, &index, &code_ranges, &paragraphs, &mut doc, sink, scan_log);
    list_tables(text, &mut doc);
    html_tables(text, &code_ranges, &mut doc);
    doc
}

/// A code block's text as the parser hands it over, a line at a time: while each piece is
/// the file's text right after the one before (a fence at the margin, outside a list or a
/// quote), the block is that stretch of the file and nothing is copied; a piece from
/// elsewhere (an indent or a `> ` removed) makes it a copy of the pieces.
#[derive(Default)]
enum Body {
    #[default]
    Empty,
    /// `text[start..end]`.
    Slice(usize, usize),
    Owned(String),
}

impl Body {
    fn push(&mut self, text: &str, piece: &str) {
        // Where `piece` lies in `text`, when it is a part of it.
        let (base, at) = (text.as_ptr() as usize, piece.as_ptr() as usize);
        let offset = (at >= base && at + piece.len() <= base + text.len()).then(|| at - base);
        match (&mut *self, offset) {
            (Body::Empty, Some(o)) => *self = Body::Slice(o, o + piece.len()),
            (Body::Slice(_, end), Some(o)) if o == *end => *end += piece.len(),
            (Body::Owned(s), _) => s.push_str(piece),
            (Body::Empty, None) => *self = Body::Owned(piece.to_string()),
            (Body::Slice(start, end), _) => *self = Body::Owned([&text[*start..*end], piece].concat()),
        }
    }

    fn text<'t>(&'t self, text: &'t str) -> &'t str {
        match self {
            Body::Empty => "",
            Body::Slice(start, end) => &text[*start..*end],
            Body::Owned(s) => s,
        }
    }
}

/// The line above the table starting at byte `start`, or the one above a blank line there,
/// when it is a short line of prose (no heading, list item, table row, quote or markup block).
/// A `Namespace(...)` line of prose right above the code block opening at `start` (line
/// `opening`), at most a blank line between, and its line.
fn namespace_above(text: &str, start: usize, opening: u32) -> Option<(u32, &str)> {
    // From the start of the fence's line: a fence indented in a list item starts after blanks.
    let before = &text[..start.min(text.len())];
    let mut above = before[..before.rfind('\n').map_or(0, |i| i + 1)].lines().rev();
    let (line, gap) = match above.next()?.trim() {
        "" => (above.next()?.trim(), 2),
        l => (l, 1),
    };
    (line.starts_with("Namespace(") && line.ends_with(')')).then_some((opening.checked_sub(gap)?, line))
}

fn intro_above(text: &str, start: usize) -> Option<String> {
    let mut above = text[..start.min(text.len())].lines().rev().map(str::trim);
    let line = match above.next()? {
        "" => above.next()?,
        l => l,
    };
    let prose = !line.is_empty() && line.len() <= 100 && !line.starts_with(['#', '-', '*', '+', '|', '>', '<', '`', '!', '[']);
    prose.then(|| line.to_string())
}

/// `s` without blanks at either end, reusing its buffer when it has none (a cell or a title
/// mostly has none).
fn trimmed(s: String) -> String {
    if s.trim().len() == s.len() {
        s
    } else {
        s.trim().to_string()
    }
}

/// Whether the line after the one that ends before `end` holds text (no blank line between).
fn runs_on(text: &str, end: usize) -> bool {
    let rest = &text[end.min(text.len())..];
    let rest = if text[..end.min(text.len())].ends_with('\n') { rest } else { rest.split_once('\n').map_or("", |(_, r)| r) };
    rest.lines().next().is_some_and(|l| !l.trim().is_empty())
}

/// Scans the text between code blocks for logs pasted without a fence (or inside HTML),
/// puts their runs into the sections they sit in, and undoes what markdown made of them:
/// paragraphs of a log are no notes, headings inside a log are no sections (their content
/// joins the section before) and no title. What is scanned there without finding a block is
/// prose: whatever the scanner said about it (an `Error:` in a sentence) is dropped.
fn read_unfenced(
    text: &str,
    index: &LineIndex<'_>,
    code_ranges: &[(usize, usize)],
    paragraphs: &HashMap<u32, u32>,
    doc: &mut Document,
    sink: &mut Sink,
    mut scan_log: impl FnMut(&str, &str, u32, &mut Sink) -> (Vec<Run>, usize),
) {
    let mut runs = Vec::new();
    // The commands typed as prose around those logs (an issue's `python -m sglang.bench_serving
    // …` line right above the output it pasted): a section's commands, as in a shell block.
    let mut serves = Vec::new();
    let mut clients = Vec::new();
    let mut from = 0;
    let gaps = code_ranges.iter().copied().chain(std::iter::once((text.len(), text.len())));
    for (start, end) in gaps {
        if start > from {
            let mut own = Sink::new(&sink.path);
            let gap = &text[from..start];
            // A sentence with two commas is no CSV header (one had been, over the tables
            // below it).
            let (found, blocks) = scan_log(gap, crate::formats::PROSE, index.line(from), &mut own);
            if blocks > 0 {
                sink.findings.append(&mut own.findings);
                // Only a command above a log, paired with the first log below it (one below
                // every log may be anyone's).
                let below = |line: u32| found.iter().map(|r| r.source.line).filter(|&l| l > line).min();
                serves.extend(crate::serve::parse_serves(gap, index.line(from)).into_iter().filter_map(|c| below(c.line).map(|log| (c, log))));
                clients.extend(crate::context::client_commands(gap, index.line(from)).into_iter().filter_map(|c| below(c.line).map(|log| (c, log))));
                runs.extend(found);
            }
        }
        from = from.max(end);
    }
    if runs.is_empty() {
        return;
    }
    // The lines each log spans, context included, sorted by first line.
    let mut spans: Vec<(u32, u32)> =
        runs.iter().map(|r| (r.source.lines.values().copied().chain([r.source.line]).min().unwrap_or(r.source.line), r.source.end_line)).collect();
    spans.sort_unstable();
    let inside = |line: u32| spans.partition_point(|&(first, _)| first <= line).checked_sub(1).is_some_and(|i| spans[i].1 >= line);
    let overlaps = |first: u32, last: u32| inside(first) || spans.get(spans.partition_point(|&(f, _)| f < first)).is_some_and(|&(f, _)| f <= last);
    if doc.title.as_ref().is_some_and(|(_, line)| inside(*line)) {
        doc.title = None;
    }
    for section in &mut doc.sections {
        section.notes.retain(|n| !overlaps(n.line, paragraphs.get(&n.line).copied().unwrap_or(n.line)));
    }
    let mut sections: Vec<Section> = Vec::with_capacity(doc.sections.len());
    for section in std::mem::take(&mut doc.sections) {
        match sections.last_mut() {
            Some(before) if inside(section.line) => before.absorb(section),
            _ => sections.push(section),
        }
    }
    doc.sections = sections;
    for run in runs {
        let at = doc.sections.partition_point(|s| s.line <= run.source.line);
        match at.checked_sub(1) {
            Some(i) => doc.sections[i].runs.push(run),
            None => {
                if doc.sections.first().is_none_or(|s| s.line != 0) {
                    doc.sections.insert(0, Section::default());
                }
                doc.sections[0].runs.push(run);
            }
        }
    }
    // A command counts in the section of the log below it, not from another one.
    let section_of = |sections: &[Section], line: u32| sections.partition_point(|s| s.line <= line).checked_sub(1);
    for (serve, log) in serves {
        if let Some(i) = section_of(&doc.sections, serve.line).filter(|&i| section_of(&doc.sections, log) == Some(i)) {
            let section = &mut doc.sections[i];
            section.serve.get_or_insert_with(|| serve.clone());
            section.serves.push(serve);
        }
    }
    for (client, log) in clients {
        if let Some(i) = section_of(&doc.sections, client.line).filter(|&i| section_of(&doc.sections, log) == Some(i)) {
            doc.sections[i].clients.push(client);
        }
    }
    for section in &mut doc.sections {
        section.serves.sort_by_key(|s| s.line);
        section.clients.sort_by_key(|c| c.line);
    }
    for section in &mut doc.sections {
        section.runs.sort_by_key(|r| r.source.line);
    }
}

impl Section {
    /// Takes in a section that turned out to be part of a log (its heading was a row).
    fn absorb(&mut self, other: Section) {
        self.has_content |= other.has_content;
        self.logs.extend(other.logs);
        self.serve = self.serve.take().or(other.serve);
        self.serves.extend(other.serves);
        self.clients.extend(other.clients);
        self.tables.extend(other.tables);
        self.notes.extend(other.notes);
        self.runs.extend(other.runs);
    }
}

/// Puts a table found outside the markdown walk into the section holding its line, in line
/// order among that section's tables.
fn insert_table(doc: &mut Document, table: Table) {
    let line = table.line;
    let at = doc.sections.iter().rposition(|s| s.line <= line);
    let section = match at {
        Some(i) => &mut doc.sections[i],
        None => {
            doc.sections.insert(0, Section::default());
            &mut doc.sections[0]
        }
    };
    let k = section.tables.partition_point(|t| t.line < line);
    section.tables.insert(k, table);
}

/// The HTML tables of the document's text outside its code blocks ([`crate::html_table`]),
/// each with the line of prose above it.
fn html_tables(text: &str, code_ranges: &[(usize, usize)], doc: &mut Document) {
    for (offset, mut table) in crate::html_table::tables(text, code_ranges) {
        table.intro = intro_above(text, offset);
        insert_table(doc, table);
    }
}

/// Bullet lists of `**Label**: value` items (`- **TTFT P50**: \`50 ms\``, `- **Throughput:**
/// 812 tok/s`), or of plain `Label: value` items (`- TTFT: 893ms (median: 535ms)`), naming two
/// result metrics at least: read as the `Metric | Value` table they
/// would be, each item a row on its own line, in the section the list stands in. Items no
/// run holds (an evaluation score) are left out; a list of settings or scores alone is none.
fn list_tables(text: &str, doc: &mut Document) {
    // Most documents hold no list item at all: not walked.
    if !ITEM.iter().any(|n| n.is_in(text)) {
        return;
    }
    let mut group: Vec<TableRow> = Vec::new();
    let mut last = 0usize;
    let flush = |group: &mut Vec<TableRow>, doc: &mut Document| {
        // A finding in words (`- **Excellent TTFT**: under 15ms even at …`) is no row: a
        // result's value starts with its number.
        let numeric = |r: &TableRow| r.cells[1].starts_with(|c: char| c.is_ascii_digit());
        let kind = |r: &TableRow| crate::formats::markdown_table::list_row(&r.cells[0]).filter(|&result| !result || numeric(r));
        let kinds: Vec<(TableRow, bool)> = std::mem::take(group).into_iter().filter_map(|r| kind(&r).map(|k| (r, k))).collect();
        let results = kinds.iter().filter(|(_, result)| *result).count();
        let rows: Vec<TableRow> = kinds.into_iter().map(|(r, _)| r).collect();
        let Some(line) = rows.first().map(|r| r.line).filter(|_| results >= 2) else { return };
        let table = Table { line, header: vec!["Metric".into(), "Value".into()], rows, intro: None };
        insert_table(doc, table);
    };
    for (i, raw) in crate::context::outside_fences(text) {
        match bullet_item(raw) {
            Some((label, value)) => {
                if !group.is_empty() && i != last + 1 {
                    flush(&mut group, doc);
                }
                group.push(TableRow { line: i as u32 + 1, cells: vec![label, value], cell_lines: Vec::new() });
                last = i;
            }
            None => flush(&mut group, doc),
        }
    }
    flush(&mut group, doc);
}

static ITEM: [crate::text::Needle; 2] = [crate::text::Needle::new("- "), crate::text::Needle::new("* ")];

/// The label and value of a list item `- **Label**: value`, `- **Label:** value` or `- Label:
/// value` (a short label of plain words), markup around the value removed (`` `50 ms` ``,
/// `**60.45**`).
fn bullet_item(line: &str) -> Option<(String, String)> {
    let t = line.trim_start();
    let item = t.strip_prefix("- ").or_else(|| t.strip_prefix("* "))?.trim_start();
    let plain = || {
        let (label, value) = item.split_once(':').or_else(|| item.split_once('：'))?;
        let words = label.len() <= 40 && !label.contains(['*', '`', '[', ']', '(', '#', '<']) && !label.trim().is_empty();
        words.then_some((label, value))
    };
    let (label, value) = crate::context::bold_label(item).or_else(plain)?;
    let value = value.trim().trim_matches(['`', '*']).trim();
    let label = label.trim();
    (!label.is_empty() && !value.is_empty() && !label.contains('`')).then(|| (label.to_string(), value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_namespace_above_a_fence_is_found_with_its_own_line() {
        let line = "Namespace(backend='vllm', model='m')";
        // Right above, after a blank line, and above a fence indented in a list item (its
        // blanks are not a blank line).
        for (text, opening, want) in [
            (format!("{line}\n```\nlog\n```\n"), 2, Some(1)),
            (format!("{line}\n\n```\nlog\n```\n"), 3, Some(1)),
            (format!("- item\n\n   {line}\n   ```\n   log\n   ```\n"), 4, Some(3)),
            (format!("{line}\n\n   \n   ```\n"), 4, None),
        ] {
            let start = text.find("```").unwrap();
            assert_eq!(namespace_above(&text, start, opening).map(|(l, _)| l), want, "{text:?}");
        }
    }

    #[test]
    fn finds_sections_serve_commands_notes_and_code_lines() {
        let text = "# LMDeploy v1\n\n## M\n\n```shell\nlmdeploy serve api_server a/M --tp 2\n```\n\nA note about `--num-prompts 5`.\n\n```{text}\nlog line\n```\n";
        let mut sink = Sink::new("x.md");
        let mut seen = Vec::new();
        let doc = read(text, &mut sink, |body, _, first, _| {
            seen.push((body.to_string(), first));
            (Vec::new(), 0)
        });
        assert_eq!(doc.title, Some(("LMDeploy v1".to_string(), 1)));
        assert_eq!(doc.sections.len(), 1);
        let s = &doc.sections[0];
        assert_eq!((s.title.as_str(), s.line, s.level, s.has_content), ("M", 3, 2, true));
        assert_eq!(s.logs, vec![11]);
        assert_eq!(s.serve.as_ref().unwrap().line, 6);
        assert_eq!(s.notes, vec![Note { line: 9, text: "A note about `--num-prompts 5`.".into() }]);
        assert_eq!(seen[1], ("log line\n".to_string(), 12));
    }

    /// A code block is the file's text when its lines follow each other there, and a copy of
    /// them when the parser removed something between them (a quote's `> `, a fence's indent).
    #[test]
    fn code_blocks_hold_their_lines_whether_borrowed_or_copied() {
        let text = "```\na\n  b\n```\n\n> ```\n> c\n> d\n> ```\n\n  ```\n  e\n   f\n  ```\n\n- x\n\n  ```\n  g\n  ```\n";
        let mut sink = Sink::new("x.md");
        let mut seen = Vec::new();
        read(text, &mut sink, |body, _, first, _| {
            seen.push((body.to_string(), first));
            (Vec::new(), 0)
        });
        // The code blocks first, then the text between them (the unfenced scan).
        let blocks: Vec<(&str, u32)> = seen.iter().take(4).map(|(b, l)| (b.as_str(), *l)).collect();
        assert_eq!(blocks, vec![("a\n  b\n", 2), ("c\nd\n", 7), ("e\n f\n", 12), ("g\n", 19)]);
        let mut body = Body::default();
        body.push(text, &text[4..6]);
        body.push(text, &text[6..10]);
        assert!(matches!(body, Body::Slice(4, 10)), "pieces that follow each other are not copied");
        body.push(text, "z");
        assert_eq!(body.text(text), "a\n  b\nz");
    }
}
