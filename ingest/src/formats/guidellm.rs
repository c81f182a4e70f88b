//! vllm-project/guidellm (formerly neuralmagic/guidellm) results, in two forms:
//! - the console summary printed at the end of `guidellm benchmark` (0.2–0.3): the
//!   `Benchmarks Stats` table, one row per benchmark of the profile (`synchronous`,
//!   `throughput`, `constant@0.61`, `concurrent@5`), read with [`Read::Text`], and the
//!   `Benchmarks Info` table above it for request counts and token totals;
//! - the JSON report (`benchmarks.json`, 0.2 to 0.5): `benchmarks[]`, each with its strategy
//!   (`args.strategy` in 0.2–0.3, `config.strategy` from 0.4) and `metrics.<name>` split into
//!   `successful`/`errored`/`incomplete`/`total` distributions.
//!
//! Units, from guidellm's own code: keys ending in `_ms` are milliseconds, `request_latency`
//! is seconds (`end - start` of a request), `*_per_second` are rates. The console's
//! `Req Latency` column prints `request_latency` (seconds) even where 0.2 headed it
//! `Req Latency (ms)`; a finding says so. Only `successful` distributions are read (what
//! guidellm's own tables print); `request_totals` gives completed (successful) and failed
//! (errored) counts, incomplete requests go to `metrics.extra`.
//!
//! - the boxed console tables of 0.4+ (`Run Summary Info`, `Request Latency Statistics`,
//!   `Server Throughput Statistics`: median/p95 latencies, median/mean rates), one row per
//!   benchmark, joined by position into one run per benchmark. The token, word and
//!   character tables (`Text Metrics Statistics`, `Request Token Statistics`) describe the
//!   requests, not the serving, and are not read.
//!
//! - the HTML report, which embeds its data as scripts: `window.runInfo = {...}` (the
//!   model) and `window.benchmarks = [...]`, the UI's own camelCase model of each benchmark
//!   (`ttft`, `itl`, `tpot` in ms, `timePerRequest` in seconds, `throughput` in output
//!   tokens per second, `requestsPerSecond`); lines point into the HTML file.
//!
//! Not read (yet): the YAML report (the same content as the JSON report; no YAML reader
//! with line numbers here yet).

use super::{Format, Input, Read};
use crate::block;
use crate::json::reader::{Json, Reader, Spanned};
use crate::json::Object;
use crate::scan::{Block, Row};
use crate::sink::{FindingExt, Sink};
use crate::value::{parse_cell, Cell, Value};
use benchsite_model::Run;

pub const NAME: &str = "guidellm";

/// The console tables.
pub static FORMAT: Format = Format { name: NAME, detect: detect_text, read: Read::Text(read_text) };
/// The JSON report.
pub static JSON: Format = Format { name: NAME, detect: detect_json, read: Read::Json(read_json) };
/// The HTML report.
pub static HTML: Format = Format { name: NAME, detect: detect_html, read: Read::File(read_html) };

fn block_of<'a>(rows: Vec<Row<'a>>, start: u32, end: u32) -> Block<'a> {
    Block::of_rows(NAME, start, end, rows)
}

// ---------------------------------------------------------------------------------------
// JSON report
// ---------------------------------------------------------------------------------------

static BENCHMARKS: crate::text::Needle = crate::text::Needle::new("\"benchmarks\"");

fn detect_json(input: &Input<'_>) -> bool {
    input.has(&BENCHMARKS)
}

fn get<'s, 'a>(value: &'s Spanned<'a>, key: &str) -> Option<&'s Spanned<'a>> {
    match &value.value {
        Json::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

fn path<'s, 'a>(value: &'s Spanned<'a>, keys: &[&str]) -> Option<&'s Spanned<'a>> {
    keys.iter().try_fold(value, |v, k| get(v, k))
}

fn is_report(obj: &Object<'_>) -> bool {
    let Some(Spanned { value: Json::Array(items), .. }) = obj.get("benchmarks") else { return false };
    // A guidellm benchmark carries `metrics` with `request_totals` or split distributions.
    items.iter().any(|b| {
        get(b, "metrics").is_some_and(|m| get(m, "request_totals").is_some() || path(m, &["requests_per_second", "successful"]).is_some())
    })
}

fn read_json(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let report = objects.iter().find(|o| is_report(o))?;
    let Some(Spanned { value: Json::Array(benchmarks), .. }) = report.get("benchmarks") else { return None };
    let model = report.get("args").and_then(|a| get(a, "model"));
    let mut runs = Vec::new();
    for bench in benchmarks {
        let Json::Object(_) = bench.value else {
            sink.warn("guidellm-benchmark", bench.line, "an entry of `benchmarks` is not an object; it was skipped.".into());
            continue;
        };
        let mut rows = Vec::new();
        if let Some(m) = path(bench, &["config", "backend", "model"]).or_else(|| path(bench, &["worker", "backend_model"])).or(model) {
            push(&mut rows, m, "model", "model");
        }
        strategy_rows(bench, &mut rows);
        // 0.2–0.3 reports: the benchmark's `duration`, in seconds.
        if let Some(duration) = get(bench, "duration") {
            push(&mut rows, duration, "guidellm duration (s)", "duration");
        }
        let data = report.get("args").and_then(|a| get(a, "data")).or_else(|| path(bench, &["request_loader", "data"]));
        if let Some(data) = data {
            data_rows(data, &mut rows);
        }
        match get(bench, "metrics") {
            Some(metrics) => metric_rows(metrics, bench, &mut rows),
            None => {
                sink.warn("guidellm-benchmark", bench.line, "this benchmark has no `metrics`; it yields no run.".into());
                continue;
            }
        }
        if let Some(run) = block::resolve(&block_of(rows, bench.line, bench.end), &[], sink) {
            runs.push(run);
        }
    }
    Some(runs)
}

fn push<'a>(rows: &mut Vec<Row<'a>>, v: &Spanned<'a>, label: &str, raw: &'a str) {
    let cell = match &v.value {
        Json::Number(n) => Cell { value: Value::Number(*n), unit: "" },
        Json::String(s) => match s {
            std::borrow::Cow::Borrowed(b) => parse_cell(b),
            std::borrow::Cow::Owned(_) => return, // escaped strings are names, not numbers
        },
        Json::Word(w) => parse_cell(w),
        Json::Null => return,
        _ => Cell { value: Value::Text("(not a number)"), unit: "" },
    };
    rows.push(Row { line: v.line, label: label.to_string(), raw_label: raw, cell, section: None });
}

/// The strategy a benchmark ran: `rate` (constant, poisson, async) is the request rate,
/// `max_concurrency` or `streams` (concurrent, synchronous in 0.4+) the concurrency limit.
fn strategy_rows<'a>(bench: &Spanned<'a>, rows: &mut Vec<Row<'a>>) {
    let Some(strategy) = path(bench, &["config", "strategy"]).or_else(|| path(bench, &["args", "strategy"])) else { return };
    if let Some(rate) = get(strategy, "rate") {
        push(rows, rate, "request rate", "rate");
    }
    if let Some(c) = get(strategy, "max_concurrency").or_else(|| get(strategy, "streams")) {
        push(rows, c, "max concurrency", "max_concurrency");
    }
}

/// The data a benchmark ran on: a synthetic config (`{"prompt_tokens": 256, "output_tokens":
/// 128}` as an object or text, or `prompt_tokens=256,output_tokens=128`) gives the input and
/// output lengths it asked for; anything else (a file, a Hugging Face dataset) is the
/// dataset as the command named it.
fn data_rows<'a>(data: &Spanned<'a>, rows: &mut Vec<Row<'a>>) {
    let first = match &data.value {
        Json::Array(items) if items.len() == 1 => &items[0],
        Json::Array(_) => return,
        _ => data,
    };
    let text = match &first.value {
        Json::String(s) => s.as_ref(),
        Json::Object(_) => {
            for (key, label) in [("prompt_tokens", "input len"), ("output_tokens", "output len")] {
                if let Some(v) = get(first, key) {
                    push(rows, &Spanned { line: data.line, end: data.line, value: v.value.clone() }, label, key);
                }
            }
            return;
        }
        _ => return,
    };
    let mut synthetic = false;
    for (key, label) in [("prompt_tokens", "input len"), ("output_tokens", "output len")] {
        if let Some(n) = number_after(text, key) {
            synthetic = true;
            rows.push(Row { line: data.line, label: label.into(), raw_label: key, cell: Cell { value: Value::Number(n), unit: "" }, section: None });
        }
    }
    if !synthetic && !text.contains(['{', '=']) && !text.is_empty() {
        if let Json::String(std::borrow::Cow::Borrowed(name)) = &first.value {
            let cell = Cell { value: Value::Text(name), unit: "" };
            rows.push(Row { line: data.line, label: "dataset".into(), raw_label: "data", cell, section: None });
        }
    }
}

/// The number written after `key` and its separator (`": `, `=`).
fn number_after(text: &str, key: &str) -> Option<f64> {
    let at = text.find(key)? + key.len();
    let rest = text[at..].trim_start_matches(['"', '\'', ':', '=', ' ']);
    let end = rest.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// A guidellm percentile key as a statistic name: `p001` → `p0.1`, `p05` → `p5`, `p999` → `p99.9`.
fn percentile(key: &str) -> Option<String> {
    let digits = key.strip_prefix('p')?;
    Some(match digits {
        "001" => "p0.1".into(),
        "999" => "p99.9".into(),
        d if d.len() == 2 && d.chars().all(|c| c.is_ascii_digit()) => format!("p{}", d.trim_start_matches('0')),
        _ => return None,
    })
}

fn metric_rows<'a>(metrics: &Spanned<'a>, bench: &Spanned<'a>, rows: &mut Vec<Row<'a>>) {
    let totals = get(metrics, "request_totals").or_else(|| get(bench, "request_totals"));
    if let Some(t) = totals {
        for (key, label) in [("successful", "completed"), ("errored", "failed"), ("incomplete", "guidellm incomplete requests")] {
            if let Some(v) = get(t, key) {
                push(rows, v, label, key);
            }
        }
    }
    let Json::Object(members) = &metrics.value else { return };
    for (name, dist) in members {
        let Some(ok) = get(dist, "successful") else { continue };
        let name: &'a str = match name {
            std::borrow::Cow::Borrowed(b) => b,
            std::borrow::Cow::Owned(_) => continue,
        };
        let latency = match name {
            "time_to_first_token_ms" => Some("ttft (ms)"),
            "inter_token_latency_ms" => Some("itl (ms)"),
            "time_per_output_token_ms" => Some("tpot (ms)"),
            "request_latency" => Some("e2el (s)"),
            _ => None,
        };
        if let Some(group) = latency {
            let Json::Object(stats) = &ok.value else { continue };
            for (stat, v) in stats {
                let stat = match stat.as_ref() {
                    "mean" | "median" | "min" | "max" => stat.to_string(),
                    "std_dev" => "std".into(),
                    "percentiles" => {
                        if let Json::Object(ps) = &v.value {
                            for (p, pv) in ps {
                                if let Some(p) = percentile(p) {
                                    push(rows, pv, &format!("{p} {group}"), name);
                                }
                            }
                        }
                        continue;
                    }
                    _ => continue,
                };
                push(rows, v, &format!("{stat} {group}"), name);
            }
            continue;
        }
        let Some(mean) = get(ok, "mean") else { continue };
        match name {
            "requests_per_second" => push(rows, mean, "request throughput (req/s)", name),
            "request_concurrency" => push(rows, mean, "concurrency", name),
            "output_tokens_per_second" => push(rows, mean, "output token throughput (tok/s)", name),
            "tokens_per_second" => push(rows, mean, "total token throughput (tok/s)", name),
            "prompt_token_count" | "output_token_count" => {
                let label = if name == "prompt_token_count" { "total input tokens" } else { "total output tokens" };
                if let Some(sum) = get(ok, "total_sum") {
                    push(rows, sum, label, name);
                }
            }
            _ => push(rows, mean, &format!("guidellm {} mean", name.replace('_', " ")), name),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Console tables
// ---------------------------------------------------------------------------------------

static STAT: crate::text::Needle = crate::text::Needle::new(" Stat");
static RUN_SUMMARY: crate::text::Needle = crate::text::Needle::new("Run Summary Info");

fn detect_text(input: &Input<'_>) -> bool {
    // `Benchmark Stats:` is the same table under the title some copies carry.
    STAT.any_of_in(&["Benchmarks Stats", "Benchmark Stats:", "Request Latency Statistics", "Server Throughput Statistics"], input.text) || input.has(&RUN_SUMMARY)
}

/// The `Benchmarks Stats` columns after `Benchmark`, as guidellm 0.2–0.3 prints them
/// (`print_benchmarks_stats`): each with its label in [`crate::fields`]'s vocabulary.
const STATS: [&str; 16] = [
    "request throughput (req/s)",
    "concurrency",
    "output token throughput (tok/s)",
    "total token throughput (tok/s)",
    "mean e2el (s)",
    "median e2el (s)",
    "p99 e2el (s)",
    "mean ttft (ms)",
    "median ttft (ms)",
    "p99 ttft (ms)",
    "mean itl (ms)",
    "median itl (ms)",
    "p99 itl (ms)",
    "mean tpot (ms)",
    "median tpot (ms)",
    "p99 tpot (ms)",
];

/// `Benchmarks Info` columns after `Benchmark`, `None` for the start and end clock times.
const INFO: [Option<&str>; 18] = [
    None,
    None,
    Some("guidellm duration (s)"),
    Some("completed"),
    Some("guidellm incomplete requests"),
    Some("failed"),
    Some("guidellm prompt tokens per request mean"),
    Some("guidellm incomplete prompt tokens per request mean"),
    Some("guidellm errored prompt tokens per request mean"),
    Some("guidellm output tokens per request mean"),
    Some("guidellm incomplete output tokens per request mean"),
    Some("guidellm errored output tokens per request mean"),
    Some("total input tokens"),
    Some("guidellm incomplete prompt tokens"),
    Some("guidellm errored prompt tokens"),
    Some("total output tokens"),
    Some("guidellm incomplete output tokens"),
    Some("guidellm errored output tokens"),
];

/// One line of the text without a comment or box prefix (`# `, `│ `).
fn strip(line: &str) -> &str {
    let t = line.trim_start();
    let t = t.strip_prefix('#').or_else(|| t.strip_prefix('│')).unwrap_or(t);
    t.trim()
}

fn cells(line: &str) -> Vec<&str> {
    line.split('|').map(str::trim).collect()
}

fn is_rule(line: &str) -> bool {
    !line.is_empty() && line.chars().all(|c| matches!(c, '=' | '-' | '|'))
}

/// A table: its title line and its data rows (line number, cells).
struct Table<'a> {
    title: u32,
    header: &'a str,
    columns: Vec<&'a str>,
    rows: Vec<(u32, Vec<&'a str>)>,
}

/// Reads the table whose title is on `lines[i]`: a rule, the section header, the column
/// header, a `---|---` rule, rows until the closing rule.
fn table<'a>(lines: &[(u32, &'a str)], i: usize) -> Option<Table<'a>> {
    // A blank line may stand between the title and its table (pasted by hand).
    let mut it = lines[i + 1..].iter().map(|(n, l)| (*n, strip(l))).skip_while(|(_, l)| l.is_empty());
    let (_, rule) = it.next()?;
    if !rule.starts_with("===") {
        return None;
    }
    let (_, header) = it.next()?;
    let (_, columns) = it.next()?;
    let (_, sep) = it.next()?;
    if !sep.starts_with("---") {
        return None;
    }
    let mut rows = Vec::new();
    for (n, l) in it {
        if l.is_empty() || is_rule(l) {
            break;
        }
        rows.push((n, cells(l)));
    }
    Some(Table { title: lines[i].0, header, columns: cells(columns), rows })
}

fn read_text(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let lines: Vec<(u32, &str)> = input.text.lines().enumerate().map(|(i, l)| (input.first_line + i as u32, l)).collect();
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut info: Option<Table> = None;
    let mut report: Vec<(Boxed, BoxedTable<'_>)> = Vec::new();
    // What `Benchmarks Metadata:` states about the runs of the tables after it.
    let mut metadata: Vec<Row<'_>> = Vec::new();
    let mut in_metadata = false;
    for i in 0..lines.len() {
        let title = strip(lines[i].1);
        if title.starts_with("Benchmarks Metadata") {
            in_metadata = true;
            metadata.clear();
            continue;
        }
        if in_metadata {
            if title.starts_with("Benchmarks Info") || title.starts_with("Benchmarks Stats") {
                in_metadata = false;
            } else {
                metadata_rows(lines[i].0, lines[i].1, &mut metadata);
                continue;
            }
        }
        if let Some(kind) = boxed_kind(title) {
            match boxed_table(&lines, i) {
                Some(t) => {
                    // Any of its tables (not a title alone, whose table a document may
                    // show in a code block of its own) says "guidellm's output here".
                    blocks += 1;
                    // A second table of a kind already read starts another report (tables
                    // pasted one after another without `Benchmarking complete` between them):
                    // the report so far gives its runs first, not its rows to the later table.
                    if report.iter().any(|(k, _)| *k == kind) {
                        runs.extend(boxed_runs(std::mem::take(&mut report), sink));
                    }
                    report.push((kind, t));
                }
                None => {
                    let message = format!("`{title}` without the table guidellm prints under it; nothing was read from it.");
                    sink.warn("guidellm-table", lines[i].0, message);
                }
            }
            continue;
        }
        if title.contains("Benchmarking complete") {
            runs.extend(boxed_runs(std::mem::take(&mut report), sink));
            continue;
        }
        if title.starts_with("Benchmarks Info") {
            info = table(&lines, i);
            continue;
        }
        if !title.starts_with("Benchmarks Stats") && !title.starts_with("Benchmark Stats:") {
            continue;
        }
        blocks += 1;
        let Some(stats) = table(&lines, i) else {
            let message = "a `Benchmarks Stats` title without the table guidellm prints under it; nothing was read.";
            sink.warn("guidellm-table", lines[i].0, message.into());
            continue;
        };
        runs.extend(stats_runs(&stats, info.take(), &metadata, sink));
    }
    runs.extend(boxed_runs(report, sink));
    (runs, blocks)
}

/// The model and synthetic data of a `Benchmarks Metadata:` line (0.2–0.3):
/// `backend_model='ibm-granite/granite-3.3-8b-instruct'`, `data='prompt_tokens=512,output_tokens=256'`.
fn metadata_rows<'a>(no: u32, line: &'a str, rows: &mut Vec<Row<'a>>) {
    let quoted = |key: &str| -> Option<&'a str> {
        let at = line.find(key)? + key.len();
        let rest = &line[at..];
        let end = rest.find('\'')?;
        Some(&rest[..end]).filter(|v| !v.is_empty())
    };
    if let Some(model) = quoted("backend_model='") {
        rows.push(Row { line: no, label: "model".into(), raw_label: "backend_model", cell: Cell { value: Value::Text(model), unit: "" }, section: None });
    }
    if let Some(data) = quoted(" data='") {
        for (key, label) in [("prompt_tokens", "input len"), ("output_tokens", "output len")] {
            if let Some(n) = number_after(data, key) {
                rows.push(Row { line: no, label: label.into(), raw_label: key, cell: Cell { value: Value::Number(n), unit: "" }, section: None });
            }
        }
    }
}

fn stats_runs<'a>(stats: &Table<'a>, info: Option<Table<'a>>, metadata: &[Row<'a>], sink: &mut Sink) -> Vec<Run> {
    let expected = ["Benchmark", "Per Second", "Concurrency", "mean", "mean", "mean", "median", "p99"];
    let known = stats.columns.len() == 17 && stats.columns.iter().zip(expected).all(|(c, e)| *c == e)
        && ["Req Latency", "TTFT (ms)", "ITL (ms)", "TPOT (ms)"].iter().all(|s| stats.header.contains(s));
    if !known {
        sink.warn(
            "guidellm-table",
            stats.title,
            "this `Benchmarks Stats` table does not have the 17 columns guidellm 0.2–0.3 prints; nothing was read from it. \
             Send a sample so the reader can learn this layout."
                .into(),
        );
        return Vec::new();
    }
    if stats.header.contains("Req Latency (ms)") {
        sink.info(
            "guidellm-latency-seconds",
            stats.title,
            "the `Req Latency (ms)` header of guidellm 0.2 is mislabelled: the column prints `request_latency` in seconds \
             (guidellm's print_benchmarks_stats), so it is read as seconds."
                .into(),
        );
    }
    let mut runs = Vec::new();
    for (n, (line, row)) in stats.rows.iter().enumerate() {
        if row.len() != 17 {
            sink.warn("guidellm-row", *line, format!("this row has {} cells instead of 17; it was skipped.", row.len()));
            continue;
        }
        let mut rows: Vec<Row<'a>> = metadata.to_vec();
        strategy_cells(row[0], *line, &mut rows);
        for (label, cell) in STATS.iter().zip(&row[1..]) {
            rows.push(Row { line: *line, label: label.to_string(), raw_label: label, cell: parse_cell(cell), section: None });
        }
        // The Info table lists the same benchmarks in the same order.
        if let Some((info_line, info_row)) = info.as_ref().and_then(|t| t.rows.get(n)).filter(|(_, r)| r.len() == 19 && r[0] == row[0]) {
            for (label, cell) in INFO.iter().zip(&info_row[1..]) {
                if let Some(label) = label {
                    rows.push(Row { line: *info_line, label: label.to_string(), raw_label: label, cell: parse_cell(cell), section: None });
                }
            }
        }
        if let Some(mut run) = block::resolve(&block_of(rows, *line, *line), &[], sink) {
            run.client.namespace.insert("strategy", row[0].into());
            run.source.lines.insert("client.namespace", *line);
            runs.push(run);
        }
    }
    if stats.rows.is_empty() {
        sink.warn("guidellm-table", stats.title, "this `Benchmarks Stats` table has no rows.".into()).value("format", NAME);
    }
    runs
}

/// `constant@0.61`, `poisson@3.00`, `async@2` → request rate; `concurrent@5` → concurrency.
fn strategy_cells<'a>(name: &'a str, line: u32, rows: &mut Vec<Row<'a>>) {
    let Some((kind, value)) = name.split_once('@') else { return };
    let label = match kind {
        "constant" | "poisson" | "async" => "request rate",
        "concurrent" => "max concurrency",
        _ => return,
    };
    rows.push(Row { line, label: label.to_string(), raw_label: name, cell: parse_cell(value), section: None });
}

// ---------------------------------------------------------------------------------------
// Boxed console tables (0.4+)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Boxed {
    Summary,
    Latency,
    Throughput,
}

fn boxed_kind(title: &str) -> Option<Boxed> {
    let t = title.trim_start_matches(|c: char| !c.is_ascii_alphabetic());
    if t.starts_with("Run Summary Info") {
        Some(Boxed::Summary)
    } else if t.starts_with("Request Latency Statistics") {
        Some(Boxed::Latency)
    } else if t.starts_with("Server Throughput Statistics") {
        Some(Boxed::Throughput)
    } else {
        None
    }
}

/// A boxed table: per column its group, unit and statistic (spans written as `||`
/// resolved), and its rows.
struct BoxedTable<'a> {
    title: u32,
    columns: Vec<(&'a str, &'a str, &'a str)>,
    rows: Vec<(u32, Vec<&'a str>)>,
}

/// The cells between a boxed line's outer bars; a cell continuing the span of the cell before
/// it takes that cell's name, so each column gets the name that covers it. In the group and
/// unit rows (`| TTFT || ITL ||`) every blank cell continues the span (`blanks_span`); in a
/// statistics row only an empty one between adjacent bars does (`| Mean ||||`: the mean of
/// four token rates), and a blank cell (spaces between its bars) stays blank.
fn spanned_cells(line: &str, blanks_span: bool) -> Vec<&str> {
    let inner = line.trim().strip_prefix('|').unwrap_or(line).strip_suffix('|').unwrap_or(line);
    let mut last = "";
    inner
        .split('|')
        .map(|c| {
            let continues = if blanks_span { c.trim().is_empty() } else { c.is_empty() };
            if !continues {
                last = c.trim();
            }
            last
        })
        .collect()
}

fn boxed_table<'a>(lines: &[(u32, &'a str)], i: usize) -> Option<BoxedTable<'a>> {
    let mut it = lines[i + 1..].iter().map(|(n, l)| (*n, l.trim()));
    let (_, rule) = it.next()?;
    if !rule.starts_with("|=") {
        return None;
    }
    let (_, groups) = it.next()?;
    let (_, units) = it.next()?;
    let (_, stats) = it.next()?;
    let (_, sep) = it.next()?;
    if !sep.starts_with("|-") {
        return None;
    }
    let (groups, units) = (spanned_cells(groups, true), spanned_cells(units, true));
    let inner = |l: &'a str| -> Vec<&'a str> {
        let t = l.strip_prefix('|').unwrap_or(l).strip_suffix('|').unwrap_or(l);
        t.split('|').map(str::trim).collect()
    };
    let stats = spanned_cells(stats, false);
    if groups.len() != stats.len() || units.len() != stats.len() {
        return None;
    }
    let columns = groups.into_iter().zip(units).zip(stats).map(|((g, u), s)| (g, u, s)).collect();
    let mut rows = Vec::new();
    for (n, l) in it {
        if !l.starts_with('|') || l.starts_with("|=") || l.starts_with("|-") {
            break;
        }
        rows.push((n, inner(l)));
    }
    Some(BoxedTable { title: lines[i].0, columns, rows })
}

/// The row label of a boxed column, in [`crate::fields`]'s vocabulary; statistics that
/// have no field (medians of rates, warm-up seconds) go to `metrics.extra` under their
/// column's words.
fn boxed_label(kind: Boxed, (group, unit, stat): (&str, &str, &str)) -> Option<String> {
    let stat_word = match stat {
        "Mdn" => "median",
        "Mean" => "mean",
        "p95" | "p99" | "p90" | "p50" => stat,
        "Tot" | "Sec" | "" => stat,
        _ => return None,
    };
    let label = match (kind, group, unit, stat) {
        (Boxed::Latency, "Request Latency", "Sec", _) => format!("{stat_word} e2el (s)"),
        (Boxed::Latency, "TTFT", "ms", _) => format!("{stat_word} ttft (ms)"),
        (Boxed::Latency, "ITL", "ms", _) => format!("{stat_word} itl (ms)"),
        (Boxed::Latency, "TPOT", "ms", _) => format!("{stat_word} tpot (ms)"),
        (Boxed::Throughput, "Requests", "Per Sec", "Mean") => "request throughput (req/s)".into(),
        (Boxed::Throughput, "Requests", "Concurrency", "Mean") => "concurrency".into(),
        (Boxed::Throughput, "Input Tokens", "Per Sec", "Mean") => "input token throughput (tok/s)".into(),
        (Boxed::Throughput, "Output Tokens", "Per Sec", "Mean") => "output token throughput (tok/s)".into(),
        (Boxed::Throughput, "Total Tokens", "Per Sec", "Mean") => "total token throughput (tok/s)".into(),
        (Boxed::Summary, "Timings", "Start" | "End", _) => return None,
        (Boxed::Summary, "Input Tokens", "Comp", "Tot") => "total input tokens".into(),
        (Boxed::Summary, "Output Tokens", "Comp", "Tot") => "total output tokens".into(),
        (Boxed::Summary, "Timings", u, _) => format!("guidellm {} (s)", u.to_ascii_lowercase()),
        _ => format!("guidellm {} {} {}", group.to_ascii_lowercase(), unit.to_ascii_lowercase(), stat_word),
    };
    Some(label)
}

/// One run per row of the latency table, with the same row of the other tables of its
/// report (guidellm prints every table with the benchmarks in the same order).
fn boxed_runs(report: Vec<(Boxed, BoxedTable<'_>)>, sink: &mut Sink) -> Vec<Run> {
    let Some((_, latency)) = report.iter().find(|(k, _)| *k == Boxed::Latency) else {
        if let Some((_, t)) = report.first() {
            sink.warn("guidellm-table", t.title, "guidellm tables without a `Request Latency Statistics` table; no run was read.".into());
        }
        return Vec::new();
    };
    let mut runs = Vec::new();
    for (n, (line, row)) in latency.rows.iter().enumerate() {
        let Some(name) = row.first().copied() else { continue };
        let mut rows = Vec::new();
        strategy_cells(name, *line, &mut rows);
        for (kind, table) in &report {
            let Some((l, cells)) = table.rows.get(n).filter(|(_, c)| c.first() == Some(&name)) else { continue };
            if cells.len() != table.columns.len() {
                let message = format!("this row has {} cells, its table {} columns; it was skipped.", cells.len(), table.columns.len());
                sink.warn("guidellm-row", *l, message);
                continue;
            }
            for (column, cell) in table.columns.iter().zip(cells).skip(1) {
                if let Some(label) = boxed_label(*kind, *column) {
                    rows.push(Row { line: *l, label, raw_label: column.0, cell: parse_cell(cell), section: None });
                }
            }
        }
        if let Some(mut run) = block::resolve(&block_of(rows, *line, *line), &[], sink) {
            run.client.namespace.insert("strategy", name.into());
            run.source.lines.insert("client.namespace", *line);
            runs.push(run);
        }
    }
    runs
}

// ---------------------------------------------------------------------------------------
// HTML report
// ---------------------------------------------------------------------------------------

static WINDOW_BENCHMARKS: crate::text::Needle = crate::text::Needle::new("window.benchmarks");

fn detect_html(input: &Input<'_>) -> bool {
    matches!(input.extension().as_str(), "html" | "htm") && input.has(&WINDOW_BENCHMARKS)
}

/// The JSON value assigned to `window.<name> =` in the page, its lines those of the file.
fn script_value<'a>(text: &'a str, name: &str) -> Option<Result<Spanned<'a>, (u32, String)>> {
    let marker = format!("window.{name} = ");
    let start = text.find(&marker)? + marker.len();
    let before = text[..start].bytes().filter(|&b| b == b'\n').count() as u32;
    let mut reader = Reader::new(&text[start..]);
    Some(match reader.value() {
        Ok(mut v) => {
            shift(&mut v, before);
            Ok(v)
        }
        Err(e) => Err((e.line + before, e.message)),
    })
}

/// Moves a value's lines down by `by` (the value was read from the middle of the file).
fn shift(v: &mut Spanned<'_>, by: u32) {
    v.line += by;
    v.end += by;
    match &mut v.value {
        Json::Array(items) => items.iter_mut().for_each(|i| shift(i, by)),
        Json::Object(members) => members.iter_mut().for_each(|(_, m)| shift(m, by)),
        _ => {}
    }
}

fn read_html(input: &Input<'_>, sink: &mut Sink) -> Option<Vec<Run>> {
    let benchmarks = match script_value(input.text, "benchmarks")? {
        Ok(v) => v,
        Err((line, message)) => {
            sink.warn(
                "guidellm-html",
                line,
                format!("the `window.benchmarks` data of this guidellm report is not valid JSON ({message}); no run was read from it."),
            );
            return Some(Vec::new());
        }
    };
    let run_info = script_value(input.text, "runInfo").and_then(Result::ok);
    let model = run_info.as_ref().and_then(|r| path(r, &["model", "name"]));
    let Json::Array(items) = &benchmarks.value else {
        sink.warn("guidellm-html", benchmarks.line, "`window.benchmarks` is not a list; no run was read from it.".into());
        return Some(Vec::new());
    };
    let mut runs = Vec::new();
    for bench in items {
        let mut rows = Vec::new();
        if let Some(m) = model.filter(|m| matches!(&m.value, Json::String(s) if s != "N/A")) {
            push(&mut rows, m, "model", "model");
        }
        html_rows(bench, &mut rows);
        if let Some(run) = block::resolve(&block_of(rows, bench.line, bench.end), &[], sink) {
            runs.push(run);
        }
    }
    Some(runs)
}

fn html_rows<'a>(bench: &Spanned<'a>, rows: &mut Vec<Row<'a>>) {
    let Json::Object(members) = &bench.value else { return };
    for (key, value) in members {
        let (group, raw): (&str, &'static str) = match key.as_ref() {
            "ttft" => ("ttft (ms)", "ttft"),
            "itl" => ("itl (ms)", "itl"),
            "tpot" => ("tpot (ms)", "tpot"),
            "timePerRequest" => ("e2el (s)", "timePerRequest"),
            "requestsPerSecond" => {
                push(rows, value, "request throughput (req/s)", "requestsPerSecond");
                continue;
            }
            "throughput" => {
                let stats = get(value, "statistics").unwrap_or(value);
                if let Some(mean) = get(stats, "mean") {
                    push(rows, mean, "output token throughput (tok/s)", "throughput");
                }
                continue;
            }
            _ => continue,
        };
        // 0.5 writes the statistics on the metric itself, earlier UIs under `statistics`.
        let stats = get(value, "statistics").unwrap_or(value);
        for (name, stat) in [("mean", "mean"), ("median", "median"), ("min", "min"), ("max", "max"), ("stdDev", "std"), ("std", "std")] {
            if let Some(v) = get(stats, name) {
                push(rows, v, &format!("{stat} {group}"), raw);
            }
        }
        for list in [get(value, "percentileRows"), get(value, "percentiles")].into_iter().flatten() {
            match &list.value {
                Json::Object(ps) => {
                    for (p, v) in ps {
                        if let Some(p) = percentile(p) {
                            push(rows, v, &format!("{p} {group}"), raw);
                        }
                    }
                }
                Json::Array(entries) => {
                    for e in entries {
                        let name = get(e, "percentile").and_then(|p| match &p.value {
                            Json::String(s) => percentile(s),
                            _ => None,
                        });
                        if let (Some(p), Some(v)) = (name, get(e, "value")) {
                            push(rows, v, &format!("{p} {group}"), raw);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
