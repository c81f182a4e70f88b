//! The formats benchsite reads, one module per tool family, and the one place that chooses
//! between them ([`FORMATS`]).
//!
//! A format is a detector (a cheap look at the text: a signature line, a key, a file name)
//! and a reader. Readers come in three kinds:
//! - [`Read::Text`]: output that sits among other lines (a console log, a code block in a
//!   README): every detected text format reads the same text, and their runs are merged in
//!   line order;
//! - [`Read::Json`]: a JSON document, parsed once by [`crate::json`] and offered to each
//!   JSON format in turn; the first that recognises the objects reads them;
//! - [`Read::File`]: a whole file in a syntax of its own (CSV, YAML, HTML);
//! - [`Read::Table`]: markdown tables, which the markdown walk ([`crate::markdown`]) finds in
//!   result files and documents and hands, all of a file at once, to every table format
//!   ([`read_tables`]): one run may be spread over several tables, one per metric;
//! - [`Read::Fallback`]: a text no text format found a run in (a table drawn in box
//!   characters by a script of its own).
//!
//! Readers share the vocabulary of [`crate::fields`] (labels → fields and units) and, where
//! a tool prints rows, the resolver of [`crate::block`]: a reader that turns its output into
//! [`crate::scan::Block`] rows gets unit conversion, scenario checks and provenance for free.
//! A new format is one new module here plus one line in [`FORMATS`]; every run records the
//! format that read it (`Run::format`).

pub mod aiperf;
pub mod ais_bench;
pub mod box_table;
pub mod text_table;
pub mod guidellm;
pub mod genai_bench;
pub mod evalscope;
pub mod llmperf;
pub mod inferencex;
pub mod llmd_report;
pub mod llama_batched_bench;
pub mod llama_bench;
pub mod lmdeploy_generation;
pub mod mindie_benchmark;
pub mod ollama_verbose;
pub mod openvino_genai;
pub mod csv_table;
pub mod lmdeploy_profile_csv;
pub mod markdown_table;
pub mod serving_text;
pub mod sglang_one_batch;
pub mod trtllm_legacy;
pub mod tgi_benchmark;
pub mod trtllm_bench;
pub mod vllm_json;
pub mod vllm_latency;
pub mod vllm_throughput;

use crate::json;
use crate::markdown::Table;
use crate::sink::Sink;
use benchsite_model::Run;

/// What a reader is given: where the text comes from and the line its first line has in
/// that file (a code block inside a markdown file starts below line 1).
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// The file's path (content-relative, or `local/<name>` for a dropped file).
    pub path: &'a str,
    pub text: &'a str,
    pub first_line: u32,
}

impl Input<'_> {
    /// Whether the text holds `needle` anywhere: a detector's test, so the SIMD search of
    /// `memchr::memmem` (every detector looks through every file and code block) rather than
    /// `str::contains`, with the needle's finder built once.
    pub fn has(&self, needle: &crate::text::Needle) -> bool {
        needle.is_in(self.text)
    }

    /// The file name's extension, lower-cased (`json`, `jsonl`, `csv`, `md`, ...).
    pub fn extension(&self) -> String {
        let name = self.path.rsplit('/').next().unwrap_or(self.path);
        name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default()
    }

    /// The file name without its folders.
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(self.path)
    }
}

/// How a format reads.
pub enum Read {
    /// Runs found in a text (a log, a code block); the second value counts the result blocks
    /// seen, with or without a run (a block that yields no run still says "results here").
    Text(TextRead),
    /// Runs from a JSON document; `None` when its objects are not this tool's output.
    Json(JsonRead),
    /// Runs from a whole file of the format's own syntax; `None` when it is not this tool's.
    File(FileRead),
    /// Runs from the rows of a file's markdown tables, given in line order; none for a
    /// table that holds no results.
    Table(fn(&[TableInput<'_>], &mut Sink) -> Vec<Run>),
    /// Runs of a text read as [`Read::Text`] is, but only when no text format found a run in
    /// it: a generic reading of what tools read in their own way.
    Fallback(TextRead),
}

/// A markdown table, the file it sits in and where in the file it sits.
#[derive(Clone, Copy, Debug)]
pub struct TableInput<'a> {
    pub path: &'a str,
    pub table: &'a Table,
    /// The title of the section holding the table (empty above the first heading).
    pub heading: &'a str,
    /// The section enclosing the table's section (`None` at the top level): tables of one
    /// section, or of sibling sections, share it.
    pub scope: Option<usize>,
    /// The table's section.
    pub section: usize,
    /// The titles of the sections enclosing the table's, innermost first (its own first),
    /// then the document's title.
    pub headings: &'a [&'a str],
    /// The name table: a GPU column's cell it knows (`Nvidia 3090（24G）`) names that GPU.
    pub names: &'a crate::names::Names,
}

/// One tool family's reader.
pub struct Format {
    /// The name runs record in `format` (and the README lists).
    pub name: &'static str,
    /// Whether the reader should look at this input at all; cheap, and may be generous.
    pub detect: fn(&Input<'_>) -> bool,
    pub read: Read,
}

type TextRead = fn(&Input<'_>, &mut Sink) -> (Vec<Run>, usize);
type JsonRead = fn(&Input<'_>, &[json::Object<'_>], &mut Sink) -> Option<Vec<Run>>;
type FileRead = fn(&Input<'_>, &mut Sink) -> Option<Vec<Run>>;

/// A format's reader of one kind, when it is of that kind and detects itself in the input:
/// the detector runs only for formats of the kind asked for.
impl Format {
    fn text(&self, input: &Input<'_>) -> Option<TextRead> {
        match self.read {
            Read::Text(read) if (self.detect)(input) => Some(read),
            _ => None,
        }
    }

    fn json(&self, input: &Input<'_>) -> Option<JsonRead> {
        match self.read {
            Read::Json(read) if (self.detect)(input) => Some(read),
            _ => None,
        }
    }

    fn file(&self, input: &Input<'_>) -> Option<FileRead> {
        match self.read {
            Read::File(read) if (self.detect)(input) => Some(read),
            _ => None,
        }
    }
}

/// Every format, in the order they are tried. JSON formats go from the most specific shape
/// to the most generic (vLLM/SGLang saved results, which also report objects that are not
/// results); text formats all read the text they detect.
pub static FORMATS: &[&Format] = &[
    &serving_text::FORMAT,
    &vllm_throughput::FORMAT,
    &vllm_latency::FORMAT,
    &lmdeploy_generation::FORMAT,
    &sglang_one_batch::FORMAT,
    &aiperf::TABLE,
    &guidellm::FORMAT,
    &llmperf::CONSOLE,
    &evalscope::FORMAT,
    &trtllm_bench::FORMAT,
    &trtllm_legacy::FORMAT,
    &llama_bench::FORMAT,
    &llama_batched_bench::FORMAT,
    &tgi_benchmark::FORMAT,
    &mindie_benchmark::FORMAT,
    &ollama_verbose::FORMAT,
    &openvino_genai::FORMAT,
    &ais_bench::FORMAT,
    &aiperf::JSON,
    &llama_bench::JSON,
    &guidellm::JSON,
    &llmperf::FORMAT,
    &genai_bench::FORMAT,
    &evalscope::JSON,
    &llmd_report::JSON,
    &inferencex::FORMAT,
    &vllm_throughput::JSON,
    &vllm_latency::JSON,
    &sglang_one_batch::JSONL,
    &aiperf::CSV,
    &guidellm::HTML,
    &lmdeploy_profile_csv::FORMAT,
    &llmd_report::YAML,
    &vllm_json::FORMAT,
    // After every CSV a tool writes: a CSV of results no tool's reader claims.
    &csv_table::FORMAT,
    &markdown_table::FORMAT,
    &box_table::FORMAT,
    &text_table::FORMAT,
];

/// Reads a whole file of unknown layout: a JSON document, a file of another syntax a format
/// claims, or text (every text format that detects itself in it).
/// Formats of tools that run the engine in their own process (offline throughput and
/// latency, static batches): no server served their runs, so a document's serve command is
/// never theirs.
pub fn in_process(format: &str) -> bool {
    [
        crate::scan::Format::SglangOffline.name(),
        crate::scan::Format::LmdeployProfile.name(),
        crate::scan::Format::TrtllmBench.name(),
        trtllm_bench::NAME,
        vllm_throughput::NAME,
        vllm_throughput::JSON_NAME,
        vllm_latency::NAME,
        vllm_latency::JSON_NAME,
        sglang_one_batch::NAME,
        sglang_one_batch::JSONL_NAME,
        lmdeploy_generation::NAME,
        trtllm_legacy::NAME,
        trtllm_legacy::MANAGER_NAME,
        llama_bench::NAME,
        llama_bench::MISTRALRS_NAME,
        llama_batched_bench::NAME,
        llama_batched_bench::SWEEP_NAME,
        openvino_genai::NAME,
        tgi_benchmark::NAME,
    ]
    .contains(&format)
}

pub fn read_file(input: &Input<'_>, sink: &mut Sink) -> Vec<Run> {
    let ext = input.extension();
    let trimmed = input.text.trim_start();
    let looks_json = trimmed.starts_with('{') || trimmed.starts_with('[');
    let json_name = ext == "json" || ext == "jsonl";
    let mut invalid = None;
    if looks_json || json_name {
        match json::parse(input.text) {
            json::Parsed::Objects(objects) => {
                for format in FORMATS {
                    if let Some(read) = format.json(input) {
                        if let Some(runs) = read(input, &objects, sink) {
                            return runs;
                        }
                    }
                }
            }
            json::Parsed::Invalid(line, message) => invalid = Some((line, message)),
        }
    }
    for format in FORMATS {
        if let Some(read) = format.file(input) {
            if let Some(runs) = read(input, sink) {
                return runs;
            }
        }
    }
    if let (Some((line, message)), true) = (invalid, json_name) {
        sink.error(
            "invalid-json",
            line,
            format!("this file is not valid JSON ({message}); no runs were read from it. Fix the JSON or rename the file."),
        );
        return Vec::new();
    }
    read_text(input, sink).0
}

/// Reads a text with every text format that detects itself in it; runs come in line order.
/// The second value counts the result blocks seen.
pub fn read_text(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    read_text_drawn(input, true, sink)
}

/// [`read_text`], reading tables drawn in ASCII ([`text_table`]) only when `drawn`: a
/// markdown file's prose holds its own pipe tables, which the markdown walk reads.
fn read_text_drawn(input: &Input<'_>, drawn: bool, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut formats = 0;
    for format in FORMATS {
        if let Some(read) = format.text(input) {
            let (found, seen) = read(input, sink);
            formats += usize::from(!found.is_empty());
            // Taken whole when it is the first: copying a large log's runs would hold them twice.
            if runs.is_empty() {
                runs = found;
            } else {
                runs.extend(found);
            }
            blocks += seen;
        }
    }
    if formats > 1 {
        runs.sort_by_key(|r: &Run| r.source.line);
    }
    // (A tool's reader that saw its output and could not read it has said so.)
    if runs.is_empty() && blocks == 0 {
        for format in FORMATS {
            if !drawn && format.name == text_table::NAME {
                continue;
            }
            if let (Read::Fallback(read), true) = (&format.read, (format.detect)(input)) {
                let (found, seen) = read(input, sink);
                blocks += seen;
                runs.extend(found);
            }
        }
    }
    (runs, blocks)
}

/// The info string [`read_code_block`] is given for a markdown file's text between its code
/// blocks (a log pasted without a fence, or a fence the paste lost).
pub const PROSE: &str = "(prose)";

/// The syntax a markdown code block's info string (```` ```yaml ````) or text declares: a
/// document some file format reads, not a log. `None` for a log or command block.
pub(crate) fn block_syntax(info: &str, text: &str) -> Option<&'static str> {
    let lang = info.trim().trim_start_matches('{').trim_start_matches('.').split(|c: char| c.is_whitespace() || c == '}' || c == ',');
    match lang.into_iter().next().unwrap_or("").to_ascii_lowercase().as_str() {
        "json" | "jsonc" | "json5" | "jsonl" | "jsonlines" | "ndjson" => Some("json"),
        "yaml" | "yml" => Some("yaml"),
        "csv" => Some("csv"),
        // An unlabelled (or `text`) block that is a JSON document, or a CSV table (a header
        // of comma-separated names: `Metric,avg,min,max,…` as genai-perf exports it).
        // (The text between a markdown file's code blocks, [`PROSE`], likewise, except that a
        // sentence is no CSV header: a tool's header has no space after its commas.)
        lang @ ("" | "text" | "txt" | "plaintext" | "output" | PROSE) => {
            let t = text.trim_start();
            // A CSV's header may follow comment lines (`# --concurrency 144` over genai-perf's
            // `Metric,avg,…`).
            let first = t.lines().find(|l| !l.starts_with('#')).unwrap_or("");
            if t.starts_with('{') || t.starts_with("[{") || t.starts_with("[\n") {
                Some("json")
            } else {
                let prose = lang == PROSE && (first.contains(", ") || first.starts_with('<'));
                (first.matches(',').count() >= 2 && !first.contains(['{', '[', '"']) && !prose).then_some("csv")
            }
        }
        // genai-perf's CSV export pasted into a shell block (`Example CSV format:` over
        // ```` ```bash ```` holding `Metric,avg,min,…`): no command, the export.
        // A result file pasted into a shell block (`{"backend": "sglang", …}`): the JSON.
        "bash" | "sh" | "shell" | "console" | "zsh" => {
            let t = text.trim_start();
            let first = t.lines().next().unwrap_or("");
            if t.starts_with('{') && first.trim_end().ends_with(['{', ',']) || t.starts_with("{\"") {
                return Some("json");
            }
            (first.starts_with("Metric,") && first.matches(',').count() >= 2).then_some("csv")
        }
        _ => None,
    }
}

/// Reads a code block of a markdown file (`input.first_line` is the block's first line in
/// the file). A block holding a JSON, YAML or CSV document (its info string says so, or an
/// unlabelled block is a JSON object or starts with a CSV header) is offered to the formats of that syntax first, with
/// its lines numbered from `first_line` (no copy of the text), so every number points to its
/// line in the markdown file.
/// What those formats say about a block they do not read (a config example in a doc is not
/// a benchmark) is dropped with it; a block no such format reads is read as text.
pub fn read_code_block(input: &Input<'_>, info: &str, sink: &mut Sink) -> (Vec<Run>, usize) {
    if let Some(ext) = block_syntax(info, input.text) {
        // The path's extension picks the readers (`README.md.yaml`); each reader numbers
        // lines from `first_line`.
        let path = format!("{}.{ext}", input.path);
        // Comment lines above a CSV's header are blanked (their lines keep their numbers).
        let uncommented: Option<String> = (ext == "csv" && input.text.trim_start().starts_with('#')).then(|| {
            let mut header = false;
            let lines: Vec<&str> = input.text.lines().map(|l| {
                header |= !l.trim().is_empty() && !l.starts_with('#');
                if header { l } else { "" }
            }).collect();
            lines.join("\n")
        });
        let block = Input { path: &path, text: uncommented.as_deref().unwrap_or(input.text), first_line: input.first_line };
        let mut scratch = Sink::new(&sink.path);
        let mut runs = read_document(&block, ext == "json", &mut scratch);
        if runs.is_empty() && ext == "json" {
            // A JSON file shown with the prompt that `cat`s it, or notes around it.
            if let Some((skip, text)) = json::object_within(input.text).filter(|(_, t)| t.len() < input.text.trim().len()) {
                let inner = Input { path: &path, text, first_line: input.first_line + skip as u32 };
                runs = read_document(&inner, true, &mut scratch);
            }
        }
        if !runs.is_empty() {
            sink.findings.append(&mut scratch.findings);
            let n = runs.len();
            return (runs, n);
        }
    }
    read_text_drawn(input, info != PROSE, sink)
}

/// A JSON document (offered to every JSON format) or a file another format claims; no runs
/// when none reads it.
fn read_document(input: &Input<'_>, json: bool, sink: &mut Sink) -> Vec<Run> {
    if json {
        if let json::Parsed::Objects(objects) = json::parse_at(input.text, input.first_line) {
            for format in FORMATS {
                if let Some(read) = format.json(input) {
                    if let Some(runs) = read(input, &objects, sink) {
                        return runs;
                    }
                }
            }
        }
        return Vec::new();
    }
    for format in FORMATS {
        if let Some(read) = format.file(input) {
            if let Some(runs) = read(input, sink) {
                return runs;
            }
        }
    }
    Vec::new()
}

/// The run a reader of a console output printed as several tables (MindIE's, AISBench's) is
/// gathering: the rows and notes of its tables, its first and last lines, and the runs
/// gathered before it.
pub(crate) struct Gathering<'a> {
    name: &'static str,
    pub rows: Vec<crate::scan::Row<'a>>,
    pub notes: Vec<benchsite_model::Note>,
    pub first: u32,
    pub last: u32,
    runs: Vec<Run>,
    /// The results gathered, a run or not.
    blocks: usize,
}

impl<'a> Gathering<'a> {
    pub fn new(name: &'static str) -> Self {
        Gathering { name, rows: Vec::new(), notes: Vec::new(), first: 0, last: 0, runs: Vec::new(), blocks: 0 }
    }

    /// Resolves the rows gathered so far into a run, with the notes taken beside them (nothing
    /// when there are no rows); both lists are left empty.
    pub fn close(&mut self, sink: &mut Sink) {
        if !self.rows.is_empty() {
            self.blocks += 1;
            let block = crate::scan::Block::of_rows(self.name, self.first, self.last, std::mem::take(&mut self.rows));
            if let Some(mut run) = crate::block::resolve(&block, &[], sink) {
                run.notes.append(&mut self.notes);
                self.runs.push(run);
            }
        }
        self.notes.clear();
    }

    /// Closes the last run: the runs and how many results were seen.
    pub fn finish(mut self, sink: &mut Sink) -> (Vec<Run>, usize) {
        self.close(sink);
        (self.runs, self.blocks)
    }
}

/// Joins the cells of a table's line drawn over several lines (a wrapped header, a row whose
/// first cell is empty on its next line) onto the cells before, cell by cell.
fn join_cells<S: AsRef<str>>(into: &mut [String], more: &[S]) {
    for (cell, part) in into.iter_mut().zip(more) {
        let part = part.as_ref();
        if !part.is_empty() {
            if !cell.is_empty() {
                cell.push(' ');
            }
            cell.push_str(part);
        }
    }
}

/// Reads the tables a text draws (in box characters, in ASCII) as markdown tables, the runs
/// recording `format`; the second value counts them as result blocks.
/// Each table comes with the heading the text gives it (`### deepseek-ai/DeepSeek-V3 (TP4) [8-gpu-h200]`
/// above a report's table), or none.
fn read_drawn_tables(input: &Input<'_>, tables: &[(Table, Option<String>)], format: &'static str, sink: &mut Sink) -> (Vec<Run>, usize) {
    let headings: Vec<[&str; 1]> = tables.iter().map(|(_, h)| [h.as_deref().unwrap_or("")]).collect();
    // Tables under one heading are of one section (one run may spread over them).
    let mut section = 0;
    let inputs: Vec<TableInput<'_>> = tables
        .iter()
        .zip(&headings)
        .enumerate()
        .map(|(i, ((table, heading), named))| {
            section += usize::from(i > 0 && *heading != tables[i - 1].1);
            let named: &[&str] = if heading.is_some() { named } else { &[] };
            TableInput { path: input.path, table, heading: named.first().copied().unwrap_or(""), scope: None, section, headings: named, names: crate::names::Names::builtin() }
        })
        .collect();
    let mut runs = read_tables(&inputs, sink);
    for run in &mut runs {
        run.format = format.into();
    }
    let n = runs.len();
    (runs, n)
}

/// Reads a file's markdown tables (in line order) with every table format; runs come in
/// line order.
pub fn read_tables(tables: &[TableInput<'_>], sink: &mut Sink) -> Vec<Run> {
    let mut runs = Vec::new();
    for format in FORMATS {
        if let Read::Table(read) = &format.read {
            runs.extend(read(tables, sink));
        }
    }
    runs.sort_by_key(|r: &Run| r.source.line);
    runs
}
