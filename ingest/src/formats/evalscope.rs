//! ModelScope EvalScope's stress test, `evalscope perf` (`llmuses perf` before its rename),
//! as it prints its results. Three layouts, all in seconds (`perf/utils/db_util.py`,
//! `perf/http_client.py` of the releases 0.5–1.6):
//!
//! - `Benchmarking summary: ` then ` Label: value` lines (up to 0.6): `Time taken for tests:
//!   39.070 seconds`, `Average QPS`, `Average latency`, `Throughput(average output tokens per
//!   second)`, `Average time to first token`, and `Percentile of time to first token:` /
//!   `Percentile of request latency:` over `    p50: 3.2461` lines.
//! - `Benchmarking summary:` then a `| Key | Value |` grid (0.7–1.6: `Time taken for tests
//!   (s)`, `Number of concurrency`, `Succeed requests`, `Request throughput (req/s)`, `Output
//!   token throughput (tok/s)`, `Average latency (s)`, `Average inter-token latency (s)`, …),
//!   and `Percentile results:` with a row per percentile (`| 50% | 0.5254 | …`) under `TTFT
//!   (s) | ITL (s) | TPOT (s) | Latency (s) | …`. A logger's prefix line may stand between.
//! - After a sweep over several `--parallel` values (0.16+), `Detailed Performance Metrics`:
//!   a row per concurrency (`Conc. | Rate | RPS | Avg Lat.(s) | P99 Lat.(s) | Gen. toks/s |
//!   Avg TTFT(s) | …`), each header written over two lines and sometimes cut (`TTFT(…`), under
//!   a `Basic Information:` box naming the model and dataset.
//!
//! `Average time per output token` up to 0.13 is the test's duration over its output tokens
//! (one over the throughput), not a per-request TPOT: it is read as TPOT only beside the
//! labels of the releases that compute it per request (`Output token throughput (tok/s)`,
//! 0.14+), else kept as an extra. Token counts per request, packages and success rates are
//! extras. The model and dataset come from the `Starting benchmark with args:` dump, the
//! `evalscope perf --model … --dataset …` command or the `Basic Information` box. The
//! failed sweep's `-1.00` and `nan` cells are no measurements. The `benchmark_summary.json`
//! of a run's folder holds the summary's keys ([`JSON`], `evalscope-json`).

use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::{FindingExt, Sink};
use crate::value::{parse_cell, Cell, Value};
use benchsite_model::Run;

pub const NAME: &str = "evalscope";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static SUMMARY: crate::text::Needle = crate::text::Needle::new("Benchmarking summary:");
static DETAILED: crate::text::Needle = crate::text::Needle::new("Detailed Performance Metrics");

fn detect(input: &Input<'_>) -> bool {
    input.has(&SUMMARY) || input.has(&DETAILED)
}

/// The resolver's label of a summary key (grid or `Label: value`); `per_request`: the
/// summary computes TPOT per request (see the module's notes).
fn label(key: &str, per_request: bool) -> Option<String> {
    let k = key.trim().to_ascii_lowercase();
    // `Time taken for tests (s)`, `(senconds)` in 0.7: the unit is the tool's, seconds; 1.7+
    // writes TTFT, TPOT and ITL in ms (`TTFT (ms)`).
    let base = k.split(" (").next().unwrap_or(&k).trim();
    let unit = if k.contains("(ms)") { "ms" } else { "s" };
    let fixed = match base {
        "time taken for tests" | "test duration" => "benchmark duration (s)",
        "number of concurrency" | "concurrency" => "max concurrency",
        "total requests" => "total requests",
        "succeed requests" => "completed",
        "failed requests" => "failed",
        "average qps" | "request throughput" | "req throughput" => "request throughput (req/s)",
        // `Throughput(average tokens/s)` (0.10–0.13): output tokens over the test's time.
        "throughput(average output tokens per second)" | "throughput(average tokens/s)" | "output token throughput" | "output throughput" => {
            "output token throughput (tok/s)"
        }
        "total token throughput" | "total throughput" => "total token throughput (tok/s)",
        "average latency" | "avg latency" => return Some(format!("mean e2el ({unit})")),
        "average time to first token" => return Some(format!("mean ttft ({unit})")),
        "average inter-token latency" => return Some(format!("mean itl ({unit})")),
        "average time per output token" if per_request => return Some(format!("mean tpot ({unit})")),
        "ttft" | "avg ttft" => return Some(format!("mean ttft ({unit})")),
        "tpot" | "avg tpot" => return Some(format!("mean tpot ({unit})")),
        "itl" | "avg itl" => return Some(format!("mean itl ({unit})")),
        "request rate" => return None, // the rate asked for: `-1` when none was
        "result db path" => return None,
        _ => "",
    };
    if !fixed.is_empty() {
        return Some(fixed.to_string());
    }
    Some(format!("evalscope {}", crate::fields::normalise(&k)))
}

/// A percentile grid's column or row (`TTFT (s)`, `First Chunk Latency (s)`, `Latency (s)`,
/// `Avg TTFT (ms)`) → the latency group its statistics fill and the unit, the tool's seconds
/// unless it says ms; the token and throughput distributions are left out.
fn percentile_group(header: &str) -> Option<(&'static str, &'static str)> {
    let h = header.trim().to_ascii_lowercase();
    let unit = if h.contains("(ms)") { "ms" } else { "s" };
    let name = h.split(" (").next().unwrap_or(&h).trim();
    let group = match name.strip_prefix("avg ").unwrap_or(name) {
        "ttft" | "first chunk latency" => "ttft",
        "itl" => "itl",
        "tpot" => "tpot",
        "latency" => "e2el",
        _ => return None,
    };
    Some((group, unit))
}

/// A percentile column's header (`50%`) as the statistic it is (`50`).
fn percent(header: &str) -> Option<&str> {
    header.trim().strip_suffix('%').filter(|p| p.parse::<f64>().is_ok())
}

/// A line without the box or grid characters at its ends.
fn cells(line: &str) -> Vec<&str> {
    line.trim().trim_matches(['|', '│', '┃']).split(['|', '│', '┃']).map(str::trim).collect()
}

fn is_rule(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| matches!(c, '+' | '-' | '=' | '┏' | '┳' | '┓' | '━' | '┡' | '╇' | '┩' | '└' | '┴' | '┘' | '─' | '┌' | '┬' | '┐' | '├' | '┼' | '┤'))
}

/// A number cell: `-1.00` and `nan` (a run in which nothing succeeded) are none.
fn number_cell(text: &str) -> Option<Cell<'_>> {
    let cell = parse_cell(text.trim().trim_end_matches('%'));
    match cell.value {
        Value::Number(n) if n >= 0.0 => Some(Cell { value: Value::Number(n), unit: "" }),
        Value::Inf => Some(cell),
        _ => None,
    }
}

/// What the lines before a summary say about its run, from the last `evalscope perf` command or
/// the arguments' dump (`"model": "DeepSeek-R1-Distill-Qwen-32B",`): the model and dataset; the
/// lengths when they are fixed (`--min-prompt-length 1024 --max-prompt-length 1024`,
/// `--min-tokens 1024 --max-tokens 1024`); the request count when one was asked for. Fed the
/// lines of a log in order (`see`), once each; a summary takes what holds at its line (`rows`).
#[derive(Default)]
struct Stated<'a> {
    /// Per `KEYS` entry: the last value stated, with its line.
    found: [Option<(u32, &'a str)>; 7],
    /// A sweep's `--parallel 1 10 50` and `--number 10 20 100`, each with its line: the
    /// requests sent at each concurrency, pair by pair.
    parallel: Option<(u32, Vec<u64>)>,
    number: Option<(u32, Vec<u64>)>,
}

impl Stated<'_> {
    /// The requests a sweep's command sent at `concurrency`, with the line of `--number`.
    fn number_at(&self, concurrency: f64) -> Option<(u32, u64)> {
        let ((_, parallel), (line, number)) = (self.parallel.as_ref()?, self.number.as_ref()?);
        if parallel.len() != number.len() {
            return None;
        }
        let i = parallel.iter().position(|&p| p as f64 == concurrency)?;
        Some((*line, number[i]))
    }
}

/// (command flag, arguments' key) of what `Stated` keeps.
const KEYS: [(&str, &str); 7] = [
    ("--model", "\"model\":"),
    ("--dataset", "\"dataset\":"),
    ("--min-prompt-length", "\"min_prompt_length\":"),
    ("--max-prompt-length", "\"max_prompt_length\":"),
    ("--min-tokens", "\"min_tokens\":"),
    ("--max-tokens", "\"max_tokens\":"),
    ("--number", "\"number\":"),
];

impl<'a> Stated<'a> {
    fn see(&mut self, lines: &[(u32, &'a str)]) {
        for &(no, line) in lines {
            // A new command or arguments' dump starts another run's context.
            if line.contains("evalscope perf") || line.contains("Starting benchmark with args") {
                self.found = [None; 7];
                self.parallel = None;
                self.number = None;
            }
            let t = line.trim().trim_end_matches(['\\', ' ']);
            let words: Vec<&str> = t.split_whitespace().collect();
            for (flag, slot) in [("--parallel", &mut self.parallel), ("--number", &mut self.number)] {
                if let Some(i) = words.iter().position(|w| *w == flag) {
                    let values: Vec<u64> = words[i + 1..].iter().map_while(|w| w.parse::<u64>().ok()).collect();
                    if values.len() > 1 {
                        *slot = Some((no, values));
                    }
                }
            }
            for (k, (flag, key)) in KEYS.iter().enumerate() {
                if let Some(v) = t.strip_prefix(key) {
                    let v = v.trim().trim_end_matches(',').trim_matches('"');
                    if !v.is_empty() && v != "null" && !v.starts_with('[') {
                        self.found[k] = Some((no, v));
                    }
                }
                if let Some(i) = words.iter().position(|w| w == flag) {
                    // One value only: `--number 5 20 100 200` asks for a count per run of a sweep.
                    let values: Vec<&str> = words[i + 1..].iter().take_while(|w| !w.starts_with('-')).copied().collect();
                    if let [v] = values.as_slice() {
                        self.found[k] = Some((no, v.trim_matches(['\'', '"'])));
                    }
                }
                if let Some(v) = words.iter().find_map(|w| w.strip_prefix(flag).and_then(|r| r.strip_prefix('='))) {
                    self.found[k] = Some((no, v.trim_matches(['\'', '"'])));
                }
            }
        }
    }

    fn rows(&self, rows: &mut Vec<Row<'a>>) {
        let found = &self.found;
        let text = |label: &'static str, at: Option<(u32, &'a str)>, rows: &mut Vec<Row<'a>>| {
            if let Some((line, v)) = at {
                rows.push(Row { line, label: label.into(), raw_label: label, cell: Cell { value: Value::Text(v), unit: "" }, section: None });
            }
        };
        text("model", found[0], rows);
        text("dataset", found[1], rows);
        // A length is stated when its least and most are the same number.
        let fixed = |a: Option<(u32, &'a str)>, b: Option<(u32, &'a str)>| match (a, b) {
            (Some((_, x)), Some((line, y))) if x == y && x.parse::<u64>().is_ok() => Some((line, y)),
            _ => None,
        };
        for (label, at) in [("input len", fixed(found[2], found[3])), ("output len", fixed(found[4], found[5])), ("num prompts", found[6])] {
            if let Some((line, v)) = at.filter(|(_, v)| v.parse::<u64>().is_ok()) {
                rows.push(Row { line, label: label.into(), raw_label: label, cell: parse_cell(v), section: None });
            }
        }
    }
}

// ---- `benchmark_summary.json` ----

pub const JSON_NAME: &str = "evalscope-json";

/// The `benchmark_summary.json` each run's folder holds: the console summary's keys, in the
/// same units (`"Time taken for tests (s)": 288.8133`, 1.7+ `"TTFT (ms)"`).
pub static JSON: Format = Format { name: JSON_NAME, detect: detect_json, read: Read::Json(read_json) };

static TIME_TAKEN: crate::text::Needle = crate::text::Needle::new("\"Time taken for tests");
static TEST_DURATION: crate::text::Needle = crate::text::Needle::new("\"Test Duration (s)\"");

fn detect_json(input: &Input<'_>) -> bool {
    input.has(&TIME_TAKEN) || input.has(&TEST_DURATION)
}

fn is_summary(obj: &crate::json::Object<'_>) -> bool {
    obj.members.iter().any(|(k, _)| k.starts_with("Time taken for tests") || k == "Test Duration (s)")
}

fn read_json(_: &Input<'_>, objects: &[crate::json::Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    use crate::json::reader::Json;
    let summaries: Vec<&crate::json::Object<'_>> = objects.iter().filter(|o| is_summary(o)).collect();
    if summaries.is_empty() {
        return None;
    }
    let mut runs = Vec::new();
    for obj in summaries {
        let per_request = obj.members.iter().any(|(k, _)| k == "Output token throughput (tok/s)" || k == "Output Throughput (tok/s)");
        let rows: Vec<Row<'_>> = obj
            .members
            .iter()
            .filter_map(|(key, v)| {
                let Json::Number(n) = v.value else { return None };
                let label = label(key, per_request)?;
                (n >= 0.0).then(|| Row { line: v.line, label, raw_label: key.as_ref(), cell: Cell { value: Value::Number(n), unit: "" }, section: None })
            })
            .collect();
        runs.extend(block::resolve(&Block::of_rows(JSON_NAME, obj.line, obj.end_line, rows), &[], sink));
    }
    Some(runs)
}

// ---- The console ----

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let lines: Vec<(u32, &str)> = input.text.lines().enumerate().map(|(i, l)| (input.first_line + i as u32, l)).collect();
    let mut runs = Vec::new();
    let mut blocks = 0;
    // Where the lines the next table's `Basic Information` box is looked for start: after the
    // previous run. What the commands above state holds until another command.
    let mut since = 0;
    let mut stated = Stated::default();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].1.trim();
        if t.ends_with("Benchmarking summary:") {
            let (rows, end) = summary(&lines, i);
            blocks += 1;
            if !rows.is_empty() {
                let mut all = Vec::new();
                stated.see(&lines[since..i]);
                stated.rows(&mut all);
                all.extend(rows);
                runs.extend(block::resolve(&Block::of_rows(NAME, lines[i].0, lines[end].0, all), &[], sink));
            }
            since = end + 1;
            i = end + 1;
            continue;
        }
        if t == "Detailed Performance Metrics" {
            // A sweep's table follows its own `Basic Information` box: only what is stated
            // since the previous run is its context.
            let mut own = Stated::default();
            own.see(&lines[since..i]);
            stated.see(&lines[since..i]);
            let (table_runs, end) = detailed(&lines, since, i, &own, sink);
            blocks += 1;
            runs.extend(table_runs);
            since = end + 1;
            i = end + 1;
            continue;
        }
        i += 1;
    }
    (runs, blocks)
}

/// The rows of the summary titled on line `at`, and the index of its last line.
fn summary<'a>(lines: &[(u32, &'a str)], at: usize) -> (Vec<Row<'a>>, usize) {
    let per_request = lines[at..].iter().take(60).any(|(_, l)| l.contains("Output token throughput (tok/s)") || l.contains("Output Throughput (tok/s)"));
    let mut rows = Vec::new();
    let mut end = at;
    let mut group: Option<&str> = None; // `Percentile of …:` of the key: value layout
    // A percentile grid's header: a percentile per row under its metrics (`| Percentiles |
    // TTFT (s) | …`), or, 1.7+, a metric per row under its percentiles (`│ Metric │ 1% │ …`).
    let mut grid: Option<Vec<&str>> = None;
    let mut in_percentiles = false;
    for (k, &(no, line)) in lines.iter().enumerate().skip(at + 1) {
        let t = line.trim();
        if t.ends_with("Benchmarking summary:") || t == "Detailed Performance Metrics" {
            break;
        }
        if t.is_empty() || is_rule(t) {
            // A blank line ends the summary, unless its percentiles follow.
            let percentiles_next = || lines[k + 1..].iter().map(|(_, l)| l.trim()).find(|l| !l.is_empty()) == Some("Percentile results:");
            if t.is_empty() && !rows.is_empty() && !in_percentiles && !percentiles_next() {
                break;
            }
            continue;
        }
        // A logger's prefix line before `Percentile results:` (`… - evalscope - INFO: `).
        if t.contains(" - evalscope - ") && t.trim_end().ends_with([':', '-']) {
            continue;
        }
        if t == "Percentile results:" {
            in_percentiles = true;
            end = k;
            continue;
        }
        if t.starts_with(['|', '│']) {
            let c = cells(t);
            if c.len() == 2 && !in_percentiles {
                if c[0].eq_ignore_ascii_case("key") || c[0].eq_ignore_ascii_case("metric") {
                    continue;
                }
                // `Total / Success / Failed  │ 400 / 400 / 0` (1.7+).
                if c[0].to_ascii_lowercase().replace(' ', "") == "total/success/failed" {
                    for (label, v) in ["total requests", "completed", "failed"].into_iter().zip(c[1].split('/')) {
                        if let Some(cell) = number_cell(v) {
                            rows.push(Row { line: no, label: label.into(), raw_label: c[0], cell, section: None });
                        }
                    }
                } else if let (Some(label), Some(cell)) = (label(c[0], per_request), number_cell(c[1])) {
                    rows.push(Row { line: no, label, raw_label: c[0], cell, section: None });
                }
            } else if in_percentiles {
                let Some(header) = &grid else {
                    grid = Some(c);
                    end = k;
                    continue;
                };
                if let Some(p) = percent(c[0]) {
                    for (h, v) in header.iter().zip(&c).skip(1) {
                        if let (Some((g, unit)), Some(cell)) = (percentile_group(h), number_cell(v)) {
                            rows.push(Row { line: no, label: format!("p{p} {g} ({unit})"), raw_label: c[0], cell, section: None });
                        }
                    }
                } else if let Some((g, unit)) = percentile_group(c[0]) {
                    for (h, v) in header.iter().zip(&c).skip(1) {
                        if let (Some(p), Some(cell)) = (percent(h), number_cell(v)) {
                            rows.push(Row { line: no, label: format!("p{p} {g} ({unit})"), raw_label: c[0], cell, section: None });
                        }
                    }
                }
            }
            end = k;
            continue;
        }
        if in_percentiles {
            break;
        }
        // The `key: value` layout.
        let Some((key, value)) = t.split_once(':') else { break };
        let (key, value) = (key.trim(), value.trim());
        if key.starts_with("Percentile of ") {
            group = if key.contains("first token") { Some("ttft") } else if key.contains("request latency") { Some("e2el") } else { None };
        } else if let (Some(g), Some(p)) = (group, key.strip_prefix('p').filter(|p| p.parse::<f64>().is_ok())) {
            if let Some(cell) = number_cell(value) {
                rows.push(Row { line: no, label: format!("p{p} {g} (s)"), raw_label: key, cell, section: None });
            }
        } else {
            group = None;
            let number = value.split_whitespace().next().unwrap_or("");
            if let (Some(label), Some(cell)) = (label(key, per_request), number_cell(number)) {
                rows.push(Row { line: no, label, raw_label: key, cell, section: None });
            }
        }
        end = k;
    }
    (rows, end)
}

/// The runs of the `Detailed Performance Metrics` table titled on line `at` (the `Basic
/// Information` box above it, after line `since`, names their model and dataset), and the
/// index of its last line.
fn detailed<'a>(lines: &[(u32, &'a str)], since: usize, at: usize, stated: &Stated<'a>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut context_rows: Vec<Row<'a>> = Vec::new();
    for &(no, line) in &lines[since..at] {
        let c = cells(line);
        if let [key, value] = c.as_slice() {
            let label = match *key {
                "Model" => "model",
                "Test Dataset" => "dataset",
                _ => continue,
            };
            context_rows.push(Row { line: no, label: label.into(), raw_label: label, cell: Cell { value: Value::Text(value), unit: "" }, section: None });
        }
    }
    let mut commanded = Vec::new();
    stated.rows(&mut commanded);
    // The box's model and dataset are the run's own words; the command's fill the rest.
    commanded.retain(|r| !context_rows.iter().any(|c| c.label == r.label));
    context_rows.extend(commanded);
    // Header lines (`┃`) before the first row (`│`), each column's name written over them.
    // Drawn in ASCII (a terminal without Unicode: `+---+` rules, `|` everywhere), the lines
    // between the top rule and the next are the header's.
    let mut headers: Vec<String> = Vec::new();
    let mut runs = Vec::new();
    let mut end = at;
    let mut rules = 0;
    for (k, &(no, line)) in lines.iter().enumerate().skip(at + 1) {
        let t = line.trim();
        let ascii_header = t.starts_with('|') && rules == 1;
        if is_rule(t) {
            rules += 1;
        }
        if t.starts_with('┃') || ascii_header {
            let c = cells(t);
            headers.resize(headers.len().max(c.len()), String::new());
            for (h, part) in headers.iter_mut().zip(c) {
                if !part.is_empty() {
                    if !h.is_empty() {
                        h.push(' ');
                    }
                    h.push_str(part);
                }
            }
        } else if (t.starts_with('│') || t.starts_with('|')) && !headers.is_empty() {
            let c = cells(t);
            let mut rows = context_rows.clone();
            for (h, v) in headers.iter().zip(&c) {
                let Some(label) = detailed_label(h, &headers) else { continue };
                let cell = if label == "request rate" && v.eq_ignore_ascii_case("inf") { Some(parse_cell("inf")) } else { number_cell(v) };
                if let Some(cell) = cell {
                    // The column's name is made of two header lines, not borrowed from one: the
                    // table's title stands for it.
                    rows.push(Row { line: no, label, raw_label: "Detailed Performance Metrics", cell, section: None });
                }
            }
            // The requests the command sent at this row's concurrency (`--parallel 1 10 50`
            // with `--number 10 20 100`), and what its success rate says of them.
            let concurrency = rows.iter().find(|r| r.label == "max concurrency").and_then(|r| match r.cell.value {
                Value::Number(n) => Some(n),
                _ => None,
            });
            let sent = concurrency.and_then(|c| stated.number_at(c));
            if let Some((line, n)) = sent {
                rows.push(Row { line, label: "num prompts".into(), raw_label: "--number", cell: Cell { value: Value::Number(n as f64), unit: "" }, section: None });
            }
            let success = rows.iter().find(|r| r.label == "evalscope success rate (%)").and_then(|r| match r.cell.value {
                Value::Number(n) => Some(n),
                _ => None,
            });
            let Some(run) = block::resolve(&Block::of_rows(NAME, no, no, rows), &[], sink) else { continue };
            if let Some(rate) = success.filter(|r| *r < 100.0) {
                let of = sent.map_or(String::new(), |(_, n)| format!("{n} sent, "));
                sink.warn(
                    "failed-requests",
                    no,
                    format!("{:.1}% of this run's requests failed ({of}success rate {rate}%); its latencies and rates count only the ones that succeeded.", 100.0 - rate),
                )
                .run(&run.id);
            }
            runs.push(run);
        } else if !is_rule(t) && (!headers.is_empty() || !t.is_empty()) && k > at + 1 {
            break;
        }
        end = k;
    }
    (runs, end)
}

/// The resolver's label of a `Detailed Performance Metrics` column (`Avg TTFT(s)`, `P99
/// TTFT(…` cut short: the unit of its metric's other column, `Avg TTFT(ms)` in 1.7).
fn detailed_label(header: &str, all: &[String]) -> Option<String> {
    let h = header.to_ascii_lowercase();
    let unit = |metric: &str| {
        let stated = |h: &str| if h.contains("(ms") { Some("ms") } else if h.contains("(s") { Some("s") } else { None };
        stated(&h).or_else(|| all.iter().map(|a| a.to_ascii_lowercase()).filter(|a| a.contains(metric)).find_map(|a| stated(&a)))
    };
    let (stat, rest) = h.split_once(' ').unwrap_or(("", h.as_str()));
    let stat = match stat {
        "avg" => "mean",
        "p99" => "p99",
        _ => "",
    };
    let latency = |metric: &str, group: &str| (!stat.is_empty()).then(|| unit(metric).map(|u| format!("{stat} {group} ({u})"))).flatten();
    match () {
        _ if h.starts_with("conc") => Some("max concurrency".into()),
        _ if h == "rate" => Some("request rate".into()),
        _ if h == "rps" => Some("request throughput (req/s)".into()),
        _ if h.starts_with("gen.") => Some("output token throughput (tok/s)".into()),
        _ if h.starts_with("success") => Some("evalscope success rate (%)".into()),
        _ if rest.starts_with("lat") => latency("lat", "e2el"),
        _ if rest.starts_with("ttft") => latency("ttft", "ttft"),
        _ if rest.starts_with("tpot") => latency("tpot", "tpot"),
        _ => None,
    }
}
