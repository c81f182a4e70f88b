//! Parsers that turn benchmark output into [`benchsite_model::Run`]s and findings.
//!
//! No I/O happens here: callers pass a path (for locating findings) and the text. The same
//! code runs in the generator and, compiled to wasm32, in the browser for a dropped log.
//! Parsing is two-staged: [`scan`] cuts blocks out of logical lines and says what each line
//! literally holds; [`block`] resolves a block into a run (units, scenario, failures).
//! File-level judgement (model mismatches, inferred scenarios, neighbouring sections,
//! sweeps) is in `checks`; each run's framework, model family and precision are settled last,
//! once per file (`framework`, `precision`).

pub mod block;
mod checks;
pub mod client;
pub mod context;
pub mod fields;
pub mod formats;
pub mod framework;
mod html_table;
mod infer;
pub mod json;
pub mod layout;
pub mod markdown;
mod memo;
pub mod models;
pub mod names;
pub mod prefix;
pub mod precision;
pub mod scan;
pub mod serve;
pub mod sidecar;
mod simulated;
pub mod sink;
pub mod text;
mod unread;
pub mod value;
pub mod yaml;

use benchsite_model::{Finding, Run, RunsFile, SourceFile};
pub use layout::{layout, Layout};
pub use sidecar::Meta;
use sink::{FindingExt, Sink};

/// Everything one file yielded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileOutput {
    pub source: SourceFile,
    pub runs: Vec<Run>,
    pub findings: Vec<Finding>,
}

/// What the content folder states beside a file's own text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// The file's `<file>.meta.toml` sidecar.
    pub meta: Option<&'a Meta>,
    /// The model catalog `models.toml` (published precision per family).
    pub models: Option<&'a models::Catalog>,
    /// The name table `names.toml`; the built-in one when the content has none.
    pub names: Option<&'a names::Names>,
}

/// Parses one content file. `meta` comes from its sidecar, if any. Without the model
/// catalog (the browser has none), precision comes from flags and model names only.
pub fn parse_file(path: &str, text: &str, meta: Option<&Meta>) -> FileOutput {
    parse_file_with(path, text, Context { meta, models: None, names: None })
}

/// Parses one content file with what the content folder states about it.
pub fn parse_file_with(path: &str, text: &str, context: Context<'_>) -> FileOutput {
    match layout(path) {
        Layout::Result { framework, gpu, version } => {
            let name = ResultName { framework: Some(&framework), gpu: &gpu, version: &version };
            parse_as(path, text, Some(name), context)
        }
        Layout::Raw => parse_as(path, text, None, context),
    }
}

/// Parses a file dropped in the browser. It has a name but no folder: it is
/// `local/<name>`, a result file when its name says `<GPU>_v<version>.md` (no framework: the
/// client's backend or the reader's form states it), a log otherwise.
pub fn parse_dropped(name: &str, text: &str) -> FileOutput {
    let path = format!("local/{}", name.replace(['/', '\\'], "_"));
    let result = layout::gpu_and_version(name).map(|(gpu, version)| ResultName { framework: None, gpu, version });
    parse_as(&path, text, result, Context::default())
}

/// What a result file's path says: its folder's framework (none for a dropped file), GPU
/// and version.
#[derive(Clone, Copy)]
struct ResultName<'a> {
    framework: Option<&'a str>,
    gpu: &'a str,
    version: &'a str,
}

fn parse_as(path: &str, text: &str, result: Option<ResultName<'_>>, context: Context<'_>) -> FileOutput {
    let Context { meta, models, names } = context;
    let names = names.unwrap_or_else(|| names::Names::builtin());
    // A byte-order mark says how the file was encoded, not what it says (a browser drops it
    // when it reads a file; so does this, for the CLI and the browser to agree).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut sink = Sink::new(path);
    let lines = text::line_count(text) as u32;
    let (kind, mut runs) = match result {
        Some(ResultName { framework, gpu, version }) => {
            let runs = checks::result_file(text, &mut sink, framework, gpu, version, names);
            ("result-file", runs)
        }
        None => {
            let runs = if is_markdown(path) {
                let mut runs = checks::document(text, &mut sink, names);
                checks::estimates(text, &mut runs, &mut sink);
                runs
            } else {
                let mut runs = parse_raw(text, &mut sink);
                checks::log_context(text, &mut runs, &mut sink);
                runs
            };
            if runs.is_empty() && sink.findings.is_empty() {
                sink.info(
                    "no-runs",
                    0,
                    "this file holds no result block the parser recognises; nothing from it appears in the results.".into(),
                );
            }
            ("raw", runs)
        }
    };
    if runs.is_empty() {
        unread::report(text, &mut sink);
    }
    if let Some(meta) = meta {
        checks::apply_meta(&mut runs, meta);
    }
    framework::apply(&mut runs);
    simulated::check(text, &mut runs, &mut sink);
    for run in &mut runs {
        // Written only when there is a name: writing allocates a run's labels (`Rare`).
        if let Some(f) = run.framework.as_deref().map(|f| names.framework(f)) {
            run.framework = Some(f);
        }
        if let Some(g) = run.gpu.as_deref().map(|g| names.gpu(g)) {
            run.gpu = Some(g);
        }
        // A Hugging Face cache folder (`/data/models--org--name/snapshots/9869…`), however the
        // run got it (a table's `Model` row, a tool's JSON): the checkpoint it holds.
        if let Some(m) = run.model.as_deref().and_then(context::hub_cache_model) {
            run.model = Some(m);
        }
        // A local folder (`/ssd/hf_models/DeepSeek-V3.2-Exp`): the checkpoint it is named for,
        // the path kept as a note.
        if let Some((m, path)) = run.model.as_deref().and_then(|p| Some((context::checkpoint_of_path(p)?, p.to_string()))) {
            let line = run.source.lines.get("model").copied().unwrap_or(run.source.line);
            run.notes.push(benchsite_model::Note { line, text: format!("model path: {path}") });
            run.model = Some(m);
        }
    }
    precision::apply(&mut runs, meta.and_then(|m| m.precision.as_deref()), models, names, &mut sink);
    checks::duplicates(&mut runs, &mut sink);
    for run in &mut runs {
        run.derive();
    }
    // What every run of the file shares: a file of vLLM and llama.cpp runs names no one
    // framework (its first run's was shown for the whole file).
    let shared = |field: fn(&Run) -> Option<&String>| {
        let first = runs.first().and_then(field)?;
        runs.iter().all(|r| field(r) == Some(first)).then(|| first.clone())
    };
    let source = SourceFile {
        path: path.to_string(),
        kind: kind.to_string(),
        framework: shared(|r| r.framework.as_ref()),
        framework_version: shared(|r| r.framework_version.as_ref()),
        gpu: shared(|r| r.gpu.as_ref()),
        lines,
        runs: runs.len() as u32,
    };
    // A build holds every file's runs and findings until the end: no spare capacity.
    runs.shrink_to_fit();
    let mut findings = sink.findings;
    findings.shrink_to_fit();
    FileOutput { source, runs, findings }
}

/// A markdown document outside the result layout (a README, a docs page): read with its
/// headings, commands and tables rather than as plain text.
fn is_markdown(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    name.ends_with(".md") || name.ends_with(".markdown")
}

/// Parses a log of unknown layout (what the browser does with a dropped file): the
/// registry in [`formats`] chooses the reader.
pub fn parse_raw(text: &str, sink: &mut Sink) -> Vec<Run> {
    let path = sink.path.clone();
    formats::read_file(&formats::Input { path: &path, text, first_line: 1 }, sink)
}

/// Reads a log or a markdown code block (`info` is its info string, empty for a log)
/// starting at `first_line` ([`formats::read_code_block`]); the second value counts the
/// result blocks seen.
pub(crate) fn read_log(text: &str, info: &str, first_line: u32, sink: &mut Sink) -> (Vec<Run>, usize) {
    let path = sink.path.clone();
    formats::read_code_block(&formats::Input { path: &path, text, first_line }, info, sink)
}

/// Scans text (a whole log or a code block starting at `first_line`) for result blocks.
/// Each block is resolved into a run as soon as the scanner closes it, so memory holds the
/// text, the runs and one block, whatever the length of the log.
pub fn scan_text(text: &str, first_line: u32, sink: &mut Sink) -> Vec<Run> {
    scan_log(text, first_line, sink).0
}

/// [`scan_text`], plus the number of result blocks found (with or without a run).
pub(crate) fn scan_log(text: &str, first_line: u32, sink: &mut Sink) -> (Vec<Run>, usize) {
    scan_lines(text::logical_lines(text, first_line), text, sink)
}

/// [`scan_log`] over logical lines already cut (`text` is what they were cut from).
pub(crate) fn scan_lines<'a>(lines: impl Iterator<Item = text::Line<'a>>, text: &'a str, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut scanner = scan::Scanner::default();
    let mut closed = Vec::new();
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut last_line = None;
    for line in lines {
        last_line = Some(line.no);
        scanner.feed(line, &mut closed);
        for mut block in closed.drain(..) {
            blocks += 1;
            report_cut(&block, sink);
            runs.extend(block::resolve_owned(&mut block, scanner.sweeps(), sink));
            scanner.recycle(block.rows);
        }
    }
    let (last, end) = scanner.finish();
    if let Some(mut block) = last {
        blocks += 1;
        drop_cut_value(&mut block, last_line, text, sink);
        runs.extend(block::resolve_owned(&mut block, &end.sweeps, sink));
    }
    if let Some(trailing) = &end.trailing {
        if let Some(&line) = trailing.errors.first() {
            sink.warn(
                "errors-without-result",
                line,
                format!(
                    "{} error line(s) belong to a benchmark that printed no result block; that run failed and has no numbers.",
                    trailing.errors.len()
                ),
            )
            .value("count", trailing.errors.len());
        }
    }
    checks::sweeps(&end, &runs, sink);
    (runs, blocks)
}

/// A block that ran past [`scan::MAX_BLOCK_ROWS`] rows was cut; say where.
fn report_cut(block: &scan::Block<'_>, sink: &mut Sink) {
    let Some(at) = block.cut_at else { return };
    sink.warn(
        "block-too-long",
        block.start,
        format!(
            "this result block runs on for more than {} rows without its closing rule; it was cut at line {at} and what follows \
             is read as ordinary log lines. Check that the block's closing `=====` rule was pasted.",
            scan::MAX_BLOCK_ROWS
        ),
    )
    .value("cut_line", at);
}

/// A text that ends inside a result block without a final newline may have been cut in the
/// middle of its last value (`10.5` → `10.`): that value is dropped rather than trusted.
/// `block` is the one the end of the text closed.
fn drop_cut_value(block: &mut scan::Block<'_>, last_line: Option<u32>, text: &str, sink: &mut Sink) {
    if text.ends_with('\n') || block.terminated {
        return;
    }
    if let Some(row) = block.rows.last().filter(|r| Some(r.line) == last_line) {
        let (line, label) = (row.line, row.raw_label.to_string());
        block.rows.pop();
        sink.warn(
            "truncated-value",
            line,
            format!("the text ends in the middle of `{label}` (no final newline); that value was dropped because it may be cut short."),
        )
        .value("label", label);
    }
}

/// Puts every file's output into one `runs.json` document and links runs to their findings.
pub fn assemble(outputs: Vec<FileOutput>) -> RunsFile {
    let mut file = RunsFile::default();
    let runs = outputs.iter().map(|o| o.runs.len()).sum();
    let findings = outputs.iter().map(|o| o.findings.len()).sum();
    file.sources.reserve_exact(outputs.len());
    for out in outputs {
        file.sources.push(out.source);
        append(&mut file.runs, out.runs, runs);
        append(&mut file.findings, out.findings, findings);
    }
    file.runs.shrink_to_fit();
    file.findings.shrink_to_fit();
    let attached: Vec<(usize, usize)> = {
        let index: std::collections::HashMap<&str, usize> = file.runs.iter().enumerate().map(|(i, r)| (r.id.as_str(), i)).collect();
        let by_id = |(fi, finding): (usize, &Finding)| finding.runs.iter().filter_map(|id| index.get(id.as_str()).map(|&ri| (ri, fi))).collect::<Vec<_>>();
        file.findings.iter().enumerate().flat_map(by_id).collect()
    };
    for (ri, fi) in attached {
        file.runs[ri].findings.push(fi);
    }
    file
}

/// Appends `more` to `all`, which ends with `total` items. A file holding them all is
/// taken, not copied (with one large log, copying held every run twice); otherwise `all` is
/// sized once (a list doubling as it grew held up to twice the runs for a moment).
fn append<T>(all: &mut Vec<T>, mut more: Vec<T>, total: usize) {
    if all.is_empty() && more.len() == total {
        std::mem::swap(all, &mut more);
    } else {
        all.reserve_exact(total - all.len());
        all.append(&mut more);
    }
}

/// Marks `finding` as concerning every run in `runs`.
pub(crate) fn attach(finding: &mut Finding, runs: &[Run]) {
    finding.runs(runs.iter().map(|r| r.id.as_str()));
}
