//! NVIDIA AIPerf (github.com/ai-dynamo/aiperf) and its predecessor GenAI-Perf
//! (triton-inference-server/perf_analyzer `genai-perf/`): one family, three readers.
//! - [`TABLE`]: the console table (`NVIDIA AIPerf | LLM Metrics`, `NVIDIA GenAI-Perf | LLM
//!   Metrics`) that sits in logs and README code blocks, drawn by rich with box characters
//!   (`┃ │`) or ASCII (`|`); in a narrow terminal a label wraps onto lines that hold no values.
//!   GenAI-Perf 0.0.x titled it `LLM Metrics` alone (with a `Statistic` header), wrote
//!   latencies in ns and printed its rates under the bottom border.
//! - [`JSON`]: `profile_export_aiperf.json` / `profile_export_genai_perf.json` (each metric an
//!   object `{"unit": "ms", "avg": …, "p99": …}`, the run's `input_config` beside them) and the
//!   multi-run `aggregate/profile_export_aiperf_aggregate.json` (`metrics` keyed
//!   `<metric>_<stat>`, each with `mean`, `std`, `min`, `max`, `ci_low`, `ci_high`, `unit`).
//! - [`CSV`]: `profile_export_aiperf.csv` / `profile_export_genai_perf.csv` (a statistics table,
//!   then `Metric,Value` rows; GPU telemetry sections are skipped) and the aggregate CSV.
//!
//! Runs record the tool (`aiperf` or `genai-perf`) in `format`. Every statistic becomes a row
//! for [`crate::block::resolve`], in the unit the tool wrote next to it (the label's
//! parentheses, the JSON `unit`): ms, sec and ns latencies are converted to ms here, and a
//! unit this reader does not know keeps the number in `metrics.extra` under its own label.
//! Inter Token Latency is filled into `tpot_ms`: both tools compute it per request as
//! (request latency − TTFT) / (output tokens − 1) (aiperf
//! `src/aiperf/metrics/types/inter_token_latency_metric.py`; genai-perf
//! `tests/test_llm_profile_data_parser.py`), which is vLLM's TPOT, not its pooled ITL.
//! Sequence lengths the tool measured stay in `extra`; the scenario's lengths, concurrency,
//! request rate and request count come from the configuration the JSON carries, recorded as
//! `metadata` context. An aggregate's mean is the value and its spread goes in
//! `metrics.spread`.

use super::{Format, Input, Read};
use crate::block;
use crate::context;
use crate::fields::{classify, normalise, Target};
use crate::json::reader::{Json, Spanned};
use crate::json::{member, Members, Object};
use crate::scan::{Block, Row};
use crate::sink::{FindingExt, Sink};
use crate::text::concat;
use crate::value::{Cell, Value};
use benchsite_model::{ContextRef, RequestRate, Run, Spread};

pub static TABLE: Format = Format { name: "aiperf-table", detect: detect_table, read: Read::Text(read_table) };
pub static JSON: Format = Format { name: "aiperf-json", detect: detect_json, read: Read::Json(read_json) };
pub static CSV: Format = Format { name: "aiperf-csv", detect: detect_csv, read: Read::File(read_csv) };

const AIPERF: &str = "aiperf";
const GENAI_PERF: &str = "genai-perf";
/// A table titled `LLM Metrics` alone: GenAI-Perf's when its header's first column is
/// `Statistic` (recorded as [`GENAI_PERF`]), no table of this reader's otherwise.
const GENAI_PERF_UNTITLED: &str = "genai-perf (untitled)";

/// One statistic as the tool wrote it.
struct Stat<'a> {
    line: u32,
    /// The metric's label or key as written.
    raw: &'a str,
    /// Lower-case metric name without its unit: `time to first token`.
    name: String,
    /// The unit as written (`ms`, `tokens/sec`, `per sec`), or empty.
    unit: String,
    /// `avg`, `min`, `p99`, `std`, ... (`avg` for a `Metric,Value` row).
    stat: String,
    value: f64,
    /// Over repeated runs (aggregates only), in the statistic's own unit.
    spread: Option<Spread>,
}

/// Turns a tool's statistics into a run through the shared resolver. `None` (with an info
/// finding) when no statistic names a result the schema holds, e.g. a GPU telemetry table.
fn to_run(tool: &'static str, lines: (u32, u32), stats: &[Stat<'_>], sink: &mut Sink) -> Option<Run> {
    let mut rows = Vec::with_capacity(stats.len());
    let mut spreads = Vec::new();
    let mut primary = false;
    let mut unitless_line = 0;
    // A reasoning model's run: AIPerf counts `Total Output Tokens` without the reasoning
    // tokens and `Total Output Sequence Length` with them, as its output throughput does.
    let whole_sequence = stats.iter().any(|s| s.name == "total output sequence length");
    for s in stats {
        if s.unit.is_empty() && needs_unit(&s.name) && s.line != unitless_line {
            // A console table's `Output Token Throughput` with no `(tokens/sec)`: kept under
            // its label (below), not read as the metric, and said once per row.
            unitless_line = s.line;
            sink.warn("aiperf-no-unit", s.line, format!("`{}` states no unit; its numbers are kept under that label, not read as the metric.", s.raw));
        }
        let (label, value, factor) = label_of(s, whole_sequence);
        let target = classify(&label);
        primary |= !matches!(target, Some(Target::Extra(_)) | None);
        if let (Some(spread), Some(key)) = (&s.spread, target.as_ref().and_then(field_key)) {
            spreads.push((key, scaled(spread, factor)));
        }
        rows.push(Row { line: s.line, label, raw_label: s.raw, cell: Cell { value: Value::Number(value), unit: "" }, section: None });
    }
    if !primary {
        sink.info(
            "aiperf-no-result",
            lines.0,
            format!("this {tool} report holds no latency, throughput or request count; no run was recorded from it."),
        );
        return None;
    }
    let block = Block::of_rows(tool, lines.0, lines.1, rows);
    let mut run = block::resolve(&block, &[], sink)?;
    for (key, spread) in spreads {
        run.metrics.spread.insert(key, spread);
    }
    Some(run)
}

/// The label in [`crate::fields`]' vocabulary, the value in that label's unit, and the
/// factor applied. `whole_sequence`: the report has a `Total Output Sequence Length` (every
/// generated token, reasoning included): that is the run's output tokens, and `Total Output
/// Tokens` (the answer's alone) is kept under its own name.
/// The statistic of a `Metric,Value` row: the one number of a run-wide metric, read where an
/// `avg` would be (`Request Count`, `Total Output Tokens`), never written into an extra's name.
const VALUE: &str = "value";

fn label_of(s: &Stat<'_>, whole_sequence: bool) -> (String, f64, f64) {
    let stat = if s.stat == VALUE { "avg" } else { s.stat.as_str() };
    let unit = s.unit.as_str();
    let summary = matches!(stat, "avg" | "min" | "max" | "std" | "median") || is_percentile(stat);
    let latency = |short: &str| latency_factor(unit).filter(|_| summary).map(|f| (concat(&[stat, " ", short, " (ms)"]), f));
    let single = |label: &str, ok: bool| (ok && stat == "avg").then(|| (label.to_string(), 1.0));
    // A count that is not a whole number in range is not rounded into one.
    let whole = crate::value::integer(s.value).is_some();
    let mapped = match s.name.as_str() {
        "time to first token" => latency("ttft"),
        "inter token latency" => latency("tpot"),
        "request latency" => latency("e2el"),
        "output token throughput" => single("output token throughput (tok/s)", token_rate(unit)),
        "total token throughput" => single("total token throughput (tok/s)", token_rate(unit)),
        "request throughput" => single("request throughput (req/s)", request_rate(unit)),
        "request goodput" | "goodput" => single("request goodput (req/s)", request_rate(unit)),
        "request count" => single("completed", count_unit(unit) && whole),
        "error request count" => single("failed requests", count_unit(unit) && whole),
        "total output tokens" => single("total output tokens", unit == "tokens" && whole && !whole_sequence),
        "total output sequence length" => single("total output tokens", unit == "tokens" && whole),
        "total isl" | "total input sequence length" => single("total input tokens", unit == "tokens" && whole),
        "benchmark duration" => duration_factor(unit).filter(|_| stat == "avg").map(|f| ("benchmark duration (s)".to_string(), f)),
        _ => None,
    };
    match mapped {
        Some((label, factor)) => (label, scale(s.value, factor), factor),
        None => (extra_label(s), s.value, 1.0),
    }
}

/// The metrics whose number means nothing without its unit (a time or a rate): a label
/// without one is not read as the metric.
fn needs_unit(name: &str) -> bool {
    matches!(
        name,
        "time to first token"
            | "inter token latency"
            | "request latency"
            | "output token throughput"
            | "total token throughput"
            | "request throughput"
            | "request goodput"
            | "goodput"
            | "benchmark duration"
    )
}

/// `p99 time to second token (ms)`: a number kept in `metrics.extra` under what the tool
/// called it; never a label the vocabulary would read as another field.
fn extra_label(s: &Stat<'_>) -> String {
    let stat = if s.stat == VALUE { "" } else { s.stat.as_str() };
    let label = if s.unit.is_empty() { concat(&[stat, " ", &s.name]) } else { concat(&[stat, " ", &s.name, " (", &s.unit, ")"]) };
    let label = normalise(label.trim());
    match classify(&label) {
        Some(Target::Extra(_)) => label,
        // `Total Output Tokens (tokens)` of a `Metric,Value` row, kept beside the field the
        // vocabulary would read it as: under the tool's name.
        _ if stat.is_empty() => format!("aiperf {label}"),
        _ => format!("{stat} other {}", &label[stat.len()..].trim_start()),
    }
}

/// The field a label fills, as `metrics.spread` keys it (`ttft_ms.p99`, `output_throughput`).
pub(super) fn field_key(target: &Target) -> Option<String> {
    Some(match target {
        Target::Latency { group, stat, .. } => concat(&[group, ".", stat]),
        Target::OutputThroughput => "output_throughput".into(),
        Target::TotalThroughput => "total_throughput".into(),
        Target::RequestThroughput(_) => "request_throughput".into(),
        Target::Goodput => "request_goodput".into(),
        Target::Completed => "completed".into(),
        Target::Failed => "failed".into(),
        Target::Duration(_) => "duration_s".into(),
        Target::TotalOutput => "total_output_tokens".into(),
        Target::TotalInput => "total_input_tokens".into(),
        Target::Extra(k) => format!("extra.{k}"),
        _ => return None,
    })
}

fn is_percentile(stat: &str) -> bool {
    stat.strip_prefix('p').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

/// Factor to ms of a latency unit both tools write (`MetricTimeUnit`: ns, us, ms, sec).
fn latency_factor(unit: &str) -> Option<f64> {
    match unit {
        "ms" => Some(1.0),
        "sec" | "s" | "seconds" => Some(1000.0),
        "us" | "µs" => Some(0.001),
        "ns" => Some(0.000_001),
        _ => None,
    }
}

fn duration_factor(unit: &str) -> Option<f64> {
    latency_factor(unit).map(|f| f / 1000.0)
}

fn token_rate(unit: &str) -> bool {
    matches!(unit, "tokens/sec" | "per sec" | "tokens/s" | "tok/s" | "tok/sec")
}

fn request_rate(unit: &str) -> bool {
    matches!(unit, "requests/sec" | "per sec" | "req/s" | "rps")
}

/// `Request Count (successful)` of a walkthrough's table: the requests that completed.
fn count_unit(unit: &str) -> bool {
    matches!(unit, "" | "requests" | "count" | "successful")
}

/// Converts without adding float noise, as the resolver does.
fn scale(n: f64, factor: f64) -> f64 {
    if factor == 1.0 {
        n
    } else {
        (n * factor * 1e9).round() / 1e9
    }
}

fn scaled(s: &Spread, factor: f64) -> Spread {
    let f = |v: Option<f64>| v.map(|v| scale(v, factor));
    Spread { runs: s.runs, std: f(s.std), min: f(s.min), max: f(s.max), ci_level: s.ci_level, ci_low: f(s.ci_low), ci_high: f(s.ci_high), ..Spread::default() }
}

/// `Time To First Token (ms)` → (`time to first token`, `ms`); `Output sequence length` →
/// (`output sequence length`, ``); `time_to_first_token` → (`time to first token`, ``).
fn split_label(label: &str) -> (String, String) {
    let label = label.trim();
    let (name, unit) = match label.strip_suffix(')').and_then(|l| l.rsplit_once('(')) {
        Some((name, unit)) if !name.trim().is_empty() => (name, unit.trim()),
        _ => match label.strip_suffix('…').and_then(|l| l.rsplit_once('(')) {
            // `Request Throughput (requests/se…`: a unit a narrow terminal cut short is the
            // one unit AIPerf prints that starts so; cut where several do, it stays as cut.
            Some((name, cut)) if !name.trim().is_empty() => {
                let mut units = CONSOLE_UNITS.iter().filter(|u| u.starts_with(cut.trim()));
                match (units.next(), units.next()) {
                    (Some(unit), None) => (name, *unit),
                    _ => (label, ""),
                }
            }
            _ => (label, ""),
        },
    };
    (normalise(name), unit.to_string())
}

/// The units AIPerf's and GenAI-Perf's console tables print.
const CONSOLE_UNITS: [&str; 10] = ["ms", "sec", "tokens", "requests", "tokens/sec", "tokens/sec/user", "requests/sec", "per sec", "tokens/sec/gpu", "%"];

/// A printed number: `2,940.39`, `0.13`; `None` for `N/A` and anything else.
fn number(text: &str) -> Option<f64> {
    let t = text.trim();
    // `2,940.39`: thousands grouped by three, as the value cells' reader knows them (a cell
    // cut short, `57,50`, is none).
    let n: f64 = if t.contains(',') { crate::value::grouped(t).filter(|(_, rest)| rest.is_empty())?.0 } else { t.parse().ok()? };
    n.is_finite().then_some(if n == 0.0 { 0.0 } else { n })
}

// ---- The console table ----

static NVIDIA: crate::text::Needle = crate::text::Needle::new("NVIDIA ");
static LLM_METRICS: crate::text::Needle = crate::text::Needle::new("LLM Metrics");

fn detect_table(input: &Input<'_>) -> bool {
    NVIDIA.any_of_in(&["NVIDIA AIPerf", "NVIDIA GenAI-Perf"], input.text) || LLM_METRICS.is_in(input.text) || STATISTIC.is_in(input.text)
}

/// GenAI-Perf's header cell, in a table printed without its title (a README's excerpt of
/// a sweep's console).
static STATISTIC: crate::text::Needle = crate::text::Needle::new("Statistic ┃");

/// A table without its title line: a top border right above a `┃ Statistic ┃ avg ┃` header
/// (GenAI-Perf's), read as a titled one.
fn untitled(lines: &[&str], i: usize) -> Option<&'static str> {
    let top = lines[i].trim_start().starts_with('┏') && is_rule(lines[i]);
    (top && lines.get(i + 1).is_some_and(|l| is_statistic_header(l))).then_some(GENAI_PERF_UNTITLED)
}

/// GenAI-Perf's header row: its first cell `Statistic`.
fn is_statistic_header(line: &str) -> bool {
    cells(line).is_some_and(|c| c.first().is_some_and(|f| f.eq_ignore_ascii_case("statistic")))
}

/// The tool a title line names: `NVIDIA AIPerf | LLM Metrics` (centred, maybe indented).
/// GenAI-Perf's first releases (2024, `genai-perf` 0.0.x) titled the table `LLM Metrics`
/// alone; whose it is, the header's `Statistic` column tells ([`table_rows`] asks for it).
fn title(line: &str) -> Option<&'static str> {
    let t = line.trim();
    if t == "LLM Metrics" {
        return Some(GENAI_PERF_UNTITLED);
    }
    // `vLLM+Awq+4bit  NVIDIA AIPerf | LLM Metrics`: a title after the author's own label.
    let named = |tool: &str| t.find(tool).filter(|&at| at == 0 || t[..at].ends_with(' ')).map(|at| &t[at + tool.len()..]);
    let (tool, rest) = if let Some(rest) = named("NVIDIA AIPerf") {
        (AIPERF, rest)
    } else {
        (GENAI_PERF, named("NVIDIA GenAI-Perf")?)
    };
    let rest = rest.trim_start();
    let metrics = rest.strip_prefix('|').is_some_and(|r| r.contains("Metrics") && !r.contains("GPU") && !r.contains("Telemetry"));
    metrics.then_some(tool)
}

fn is_separator(c: char) -> bool {
    matches!(c, '┃' | '│' | '|')
}

/// The cells between a row's separators, or `None` for a line that is not a table row.
fn cells(line: &str) -> Option<Vec<&str>> {
    let start = line.find(is_separator)?;
    let end = line.rfind(is_separator)?;
    if end == start {
        return None;
    }
    let inner = &line[start..end];
    let inner = &inner[inner.chars().next()?.len_utf8()..];
    Some(inner.split(is_separator).map(str::trim).collect())
}

/// A border line: box-drawing or ASCII rule characters only.
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| ('\u{2500}'..='\u{257f}').contains(&c) || matches!(c, '+' | '-' | '=' | ' '))
}

/// One row of the table: the line its values are on, its label (continuations joined) and
/// its value cells.
struct TableRow<'a> {
    line: u32,
    raw: &'a str,
    label: String,
    values: Vec<&'a str>,
}

fn read_table(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let lines: Vec<&str> = input.text.lines().collect();
    let number_of = |i: usize| input.first_line + i as u32;
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut i = 0;
    while i < lines.len() {
        let Some(tool) = title(lines[i]).or_else(|| untitled(&lines, i)) else {
            i += 1;
            continue;
        };
        let start = i;
        let (rows, columns, mut last) = table_rows(&lines, i + 1, number_of);
        let tool = if tool == GENAI_PERF_UNTITLED {
            // Another program's `LLM Metrics` heading is not this reader's.
            if !statistic_header(&lines, i + 1, last) {
                i += 1;
                continue;
            }
            GENAI_PERF
        } else {
            tool
        };
        blocks += 1;
        i = last + 1;
        let Some(columns) = columns else {
            sink.warn(
                "aiperf-table-cut",
                number_of(start),
                format!("the {tool} table titled here has no header row (`Metric | avg | ...`); paste the whole table to have it read."),
            );
            continue;
        };
        let mut stats = table_stats(&rows, &columns, sink);
        // GenAI-Perf 0.0.x printed its rates below the table's bottom border:
        // `Output token throughput (per sec): 460.42`, `Request throughput (per sec): 4.44`.
        while let Some(stat) = lines.get(last + 1).and_then(|l| rate_below(l, number_of(last + 1))) {
            stats.push(stat);
            last += 1;
        }
        // AIPerf's console prints the run's duration, command and exports under the table.
        let below = footer(&lines, last + 1, number_of);
        stats.extend(below.duration);
        last = below.last.unwrap_or(last);
        i = last + 1;
        let Some(mut run) = to_run(tool, (number_of(start), number_of(last)), &stats, sink) else { continue };
        if let Some(command) = &below.command {
            if let Some(client) = context::client_commands(&command.text, command.line).into_iter().next() {
                for fact in client.facts() {
                    let key = fact.key();
                    let line = command.line_of(&client, &fact);
                    if context::give(&mut run, fact, line, context::COMMAND) {
                        run.source.lines.insert(key, line);
                    }
                }
            }
        }
        if let Some((line, concurrency)) = below.point {
            if context::give(&mut run, context::Fact::MaxConcurrency(concurrency), line, context::EXPORT_PATH) {
                run.source.lines.insert("scenario.max_concurrency", line);
            }
        }
        runs.push(run);
    }
    (runs, blocks)
}

/// Whether the table below a title has GenAI-Perf's `Statistic` header row.
fn statistic_header(lines: &[&str], from: usize, last: usize) -> bool {
    lines.get(from..=last.max(from)).unwrap_or_default().iter().any(|l| is_statistic_header(l))
}

/// What AIPerf prints under its table, before the next title: `Benchmark Duration: 63.35
/// sec`, `CLI Command: aiperf profile …` (wrapped at the terminal's width, its lines joined)
/// and the export paths, whose folder names a sweep's point (`…/concurrency_96/…`).
struct Footer<'a> {
    duration: Option<Stat<'a>>,
    command: Option<Wrapped>,
    point: Option<(u32, u64)>,
    /// The index of its last line read.
    last: Option<usize>,
}

/// The footer of the table ending before index `from` (nothing when another table or
/// prose comes first).
fn footer<'a>(lines: &[&'a str], from: usize, number_of: impl Fn(usize) -> u32) -> Footer<'a> {
    let mut out = Footer { duration: None, command: None, point: None, last: None };
    let mut k = from;
    // A GPU telemetry note or table may come first; all of it within a screen.
    while k < lines.len().min(from + 40) {
        let t = lines[k].trim();
        if title(lines[k]).is_some() {
            break;
        }
        if let Some(rest) = t.strip_prefix("CLI Command:").filter(|_| out.command.is_none()) {
            let mut command = Wrapped { line: number_of(k), text: rest.trim().to_string(), starts: vec![(0, number_of(k))] };
            let mut j = k + 1;
            while j < lines.len() && !lines[j].trim().is_empty() && !footer_label(lines[j]) {
                command.text.push(' ');
                command.starts.push((command.text.len(), number_of(j)));
                command.text.push_str(lines[j].trim());
                j += 1;
            }
            out.command = Some(command);
            out.last = Some(j - 1);
            k = j;
            continue;
        }
        if let Some(stat) = duration_below(lines[k], number_of(k)).filter(|_| out.duration.is_none()) {
            out.duration = Some(stat);
            out.last = Some(k);
        } else if t.starts_with("CSV Export:") || t.starts_with("JSON Export:") {
            let point = t.split_once("/concurrency_").and_then(|(_, r)| r.split_once('/')).and_then(|(n, _)| n.parse::<u64>().ok());
            out.point = out.point.or(point.map(|n| (number_of(k), n)));
            out.last = Some(k);
        } else if t.starts_with("Log File:") {
            out.last = Some(k);
            break;
        }
        k += 1;
    }
    out
}

/// A command wrapped over lines at the terminal's width, joined with spaces.
struct Wrapped {
    /// Its first line.
    line: u32,
    text: String,
    /// Where in `text` each line starts, and its number.
    starts: Vec<(usize, u32)>,
}

impl Wrapped {
    /// The line holding the value of the flag that states `fact` (`--concurrency 1` may wrap
    /// before its `1`); the first line when no flag's value is the fact's.
    fn line_of(&self, client: &context::ClientCommand, fact: &context::Fact) -> u32 {
        use context::Fact;
        let value = match fact {
            Fact::Model(v) | Fact::Dataset(v) => v.clone(),
            Fact::NumPrompts(n) | Fact::InputLen(n) | Fact::OutputLen(n) | Fact::MaxConcurrency(n) => n.to_string(),
            _ => return self.line,
        };
        let at = client.flags.iter().filter(|(_, v)| v.trim_matches(['\'', '"']) == value).find_map(|(flag, v)| {
            let flag_at = self.text.find(&format!("{flag} "))?;
            self.text[flag_at..].find(v.as_str()).map(|i| flag_at + i)
        });
        at.map_or(self.line, |at| self.starts[..self.starts.partition_point(|&(start, _)| start <= at)].last().map_or(self.line, |&(_, line)| line))
    }
}

/// A line of AIPerf's footer after the command: `Benchmark Duration: …`, `CSV Export: …`,
/// `Server Metrics JSON Export: …` (a capitalised label of words, a colon, a space).
fn footer_label(line: &str) -> bool {
    let t = line.trim();
    t.split_once(": ").is_some_and(|(label, _)| {
        label.len() <= 40 && label.starts_with(|c: char| c.is_ascii_uppercase()) && label.bytes().all(|b| b.is_ascii_alphabetic() || b == b' ')
    })
}

/// `Benchmark Duration: 63.35 sec` under a console table: the run's duration.
fn duration_below(line: &str, at: u32) -> Option<Stat<'_>> {
    let value = line.trim().strip_prefix("Benchmark Duration:")?.trim();
    let (number, unit) = value.split_once(' ').unwrap_or((value, ""));
    let value = number.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0)?;
    duration_factor(unit.trim()).map(|_| Stat { line: at, raw: "Benchmark Duration", name: "benchmark duration".into(), unit: unit.trim().to_string(), stat: "avg".into(), value, spread: None })
}

/// A rate GenAI-Perf 0.0.x printed under its table: `<Label> (per sec): <number>`.
fn rate_below(line: &str, at: u32) -> Option<Stat<'_>> {
    let (label, value) = line.trim().rsplit_once(':')?;
    let (name, unit) = split_label(label);
    let value = number(value)?;
    (unit == "per sec").then(|| Stat { line: at, raw: label, name, unit, stat: "avg".into(), value, spread: None })
}

/// Reads the header and rows below a title; returns the rows, the statistic columns (`None`
/// without a header) and the index of the table's last line.
fn table_rows<'a>(lines: &[&'a str], from: usize, number_of: impl Fn(usize) -> u32) -> (Vec<TableRow<'a>>, Option<Vec<String>>, usize) {
    let mut columns: Option<Vec<String>> = None;
    let mut rows: Vec<TableRow<'a>> = Vec::new();
    let mut last = from.saturating_sub(1);
    for (i, line) in lines.iter().enumerate().skip(from) {
        if is_rule(line) {
            last = i;
            let bottom = line.contains('└') || (line.trim_start().starts_with('+') && !rows.is_empty());
            if bottom {
                break;
            }
            continue;
        }
        let Some(cells) = cells(line) else {
            // Blank lines may stand between the title and the table, never inside it.
            if columns.is_none() && line.trim().is_empty() && i < from + 3 {
                continue;
            }
            break;
        };
        let Some(names) = &columns else {
            let first = cells.first().copied().unwrap_or_default();
            if !(first.eq_ignore_ascii_case("metric") || first.eq_ignore_ascii_case("statistic")) || cells.len() < 2 {
                break;
            }
            columns = Some(cells[1..].iter().map(|c| c.to_ascii_lowercase()).collect());
            last = i;
            continue;
        };
        if cells.len() != names.len() + 1 {
            break;
        }
        last = i;
        let (label, values) = (cells[0], &cells[1..]);
        if values.iter().all(|v| v.is_empty()) {
            if let Some(row) = rows.last_mut() {
                row.label.push(' ');
                row.label.push_str(label);
            }
            continue;
        }
        rows.push(TableRow { line: number_of(i), raw: label, label: label.to_string(), values: values.to_vec() });
    }
    (rows, columns, last)
}

fn table_stats<'a>(rows: &[TableRow<'a>], columns: &[String], sink: &mut Sink) -> Vec<Stat<'a>> {
    let mut stats = Vec::new();
    for row in rows {
        let (name, unit) = split_label(&row.label);
        for (column, text) in columns.iter().zip(&row.values) {
            // GenAI-Perf prints `N/A`, AIPerf `-`, for a statistic the metric has not (a rate's
            // percentiles).
            if text.is_empty() || text.eq_ignore_ascii_case("n/a") || matches!(*text, "-" | "—" | "–") {
                continue;
            }
            let Some(value) = number(text) else {
                let cut = text.contains('…');
                let why = if cut { "was cut by a narrow terminal (`…`)" } else { "is not a number" };
                sink.warn(
                    if cut { "aiperf-value-cut" } else { "aiperf-value-unreadable" },
                    row.line,
                    format!("the {column} of `{}` {why} (`{text}`); it is left out. Widen the terminal or read the JSON export.", row.label),
                )
                .value("label", &row.label)
                .value("column", column);
                continue;
            };
            stats.push(Stat { line: row.line, raw: row.raw, name: name.clone(), unit: unit.clone(), stat: column.clone(), value, spread: None });
        }
    }
    stats
}

// ---- The JSON exports ----

static UNIT_KEY: crate::text::Needle = crate::text::Needle::new("\"unit\"");

fn detect_json(input: &Input<'_>) -> bool {
    input.has(&UNIT_KEY)
}

fn object<'b, 'a>(value: &'b Spanned<'a>) -> Option<&'b Members<'a>> {
    match &value.value {
        Json::Object(members) => Some(members),
        _ => None,
    }
}

/// The value at a path of object keys.
fn at<'b, 'a>(members: &'b Members<'a>, path: &[&str]) -> Option<&'b Spanned<'a>> {
    let (first, rest) = path.split_first()?;
    let value = member(members, first)?;
    if rest.is_empty() {
        Some(value)
    } else {
        at(object(value)?, rest)
    }
}

fn num(value: &Spanned<'_>) -> Option<f64> {
    match value.value {
        Json::Number(n) => Some(n),
        _ => None,
    }
}

fn text<'b>(value: &'b Spanned<'_>) -> Option<&'b str> {
    match &value.value {
        Json::String(s) => Some(s),
        _ => None,
    }
}

/// Metric keys of AIPerf's and GenAI-Perf's exports that no other tool's JSON writes as
/// `{"unit": …, "avg": …}` objects.
const EXPORT_METRICS: [&str; 6] = ["inter_token_latency", "output_token_throughput", "request_latency", "request_throughput", "time_to_first_token", "time_to_second_token"];

/// A metric object: a `unit` string beside numbers.
fn is_metric(value: &Spanned<'_>) -> bool {
    object(value).is_some_and(|m| member(m, "unit").and_then(text).is_some() && (member(m, "avg").is_some() || member(m, "mean").is_some()))
}

fn read_json(input: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let [obj] = objects else { return None };
    if let (Some(meta), Some(metrics)) = (obj.get("metadata").and_then(object), obj.get("metrics").and_then(object)) {
        if member(meta, "aggregation_type").is_some() {
            return Some(read_aggregate_json(obj, meta, metrics, sink));
        }
    }
    if let Some(combinations) = sweep_combinations(obj) {
        return Some(read_sweep_json(obj, combinations, sink));
    }
    // An export pasted without its configuration (cut after the metrics) is still known by
    // the names of the metrics these tools print.
    let named = |members: &Members<'_>| members.iter().filter(|(k, v)| EXPORT_METRICS.contains(&k.as_ref()) && is_metric(v)).count() >= 2;
    let ours = obj.contains_key("input_config") || obj.contains_key("aiperf_version") || named(&obj.members);
    // AIPerf's first exports (2025) nest the metric objects under `records`, keyed by tag
    // (`ttft`, `total_osl`), each with the `header` its console prints.
    let metrics: &Members<'_> = match obj.get("records").and_then(object) {
        Some(records) if records.iter().any(|(_, v)| is_metric(v)) => records,
        _ => &obj.members,
    };
    if !ours || !metrics.iter().any(|(_, v)| is_metric(v)) {
        return None;
    }
    let tool = json_tool(input, obj);
    let mut stats = Vec::new();
    for (key, value) in metrics {
        let Some(members) = object(value).filter(|_| is_metric(value)) else { continue };
        let unit = member(members, "unit").and_then(text).unwrap_or_default();
        let (name, _) = split_label(member(members, "header").and_then(text).unwrap_or(key));
        for (stat, v) in members.iter().filter(|(k, _)| !matches!(k.as_ref(), "unit" | "tag" | "header")) {
            match v.value {
                Json::Number(n) => stats.push(Stat {
                    line: v.line,
                    raw: key,
                    name: name.clone(),
                    unit: unit.to_string(),
                    stat: stat.to_string(),
                    value: if n == 0.0 { 0.0 } else { n },
                    spread: None,
                }),
                Json::Null => {}
                _ => {
                    sink.warn(
                        "aiperf-value-unreadable",
                        v.line,
                        format!("`{key}.{stat}` is not a number; it is left out. Check that the export was not edited."),
                    );
                }
            }
        }
    }
    let mut run = to_run(tool, (obj.line, obj.end_line), &stats, sink)?;
    if let Some(config) = obj.get("input_config").and_then(object) {
        apply_config(&mut run, config, sink);
    }
    report_errors(obj, &run.id.clone(), sink);
    Some(vec![run])
}

/// GenAI-Perf writes `service_kind` and `formatted_model_name` in its configuration; AIPerf
/// writes its version. The file name decides when neither is there.
fn json_tool(input: &Input<'_>, obj: &Object<'_>) -> &'static str {
    let config = obj.get("input_config").and_then(object);
    let genai = config.is_some_and(|c| {
        member(c, "service_kind").is_some() || member(c, "formatted_model_name").is_some() || at(c, &["endpoint", "service_kind"]).is_some()
    });
    if obj.contains_key("aiperf_version") || (!genai && !input.file_name().contains("genai")) {
        AIPERF
    } else {
        GENAI_PERF
    }
}

fn report_errors(obj: &Object<'_>, id: &str, sink: &mut Sink) {
    if let Some(v) = obj.get("was_cancelled").filter(|v| v.value == Json::Bool(true)) {
        sink.warn("aiperf-cancelled", v.line, "the benchmark was cancelled before it finished; its numbers cover part of the run.".into()).run(id);
    }
    if let Some(v) = obj.get("error_summary") {
        if let Json::Array(items) = &v.value {
            if !items.is_empty() {
                sink.warn("request-errors", v.line, format!("the export lists {} kind(s) of request error; see error_summary.", items.len()))
                    .value("kinds", items.len())
                    .run(id);
            }
        }
    }
}

/// A field filled from the export's own configuration, with its line and `metadata` kind.
fn set_context(run: &mut Run, key: &str, line: u32) {
    run.source.lines.insert(key, line);
    run.source.context.insert(key, ContextRef { line, kind: "metadata".into() });
}

/// Model, concurrency, request rate, request count and configured lengths from
/// `input_config`, in any of the four layouts seen: GenAI-Perf's flat arguments, GenAI-Perf's
/// config-file layout (`model_names`, `endpoint`, `perf_analyzer.stimulus`,
/// `input.synthetic_tokens`, since its `genai-perf <config.yaml>` runs), AIPerf's
/// `endpoint`/`loadgen`/`input` groups, and AIPerf's `models`/`phases` (schema 1.x).
fn apply_config(run: &mut Run, config: &Members<'_>, sink: &mut Sink) {
    let profiling = member(config, "phases").and_then(|p| match &p.value {
        Json::Array(items) => items.iter().filter_map(object).find(|m| member(m, "name").and_then(text) == Some("profiling")),
        _ => None,
    });
    let model = at(config, &["model"])
        .or_else(|| at(config, &["endpoint", "model_names"]))
        .or_else(|| at(config, &["model_names"]))
        .or_else(|| at(config, &["models", "items"]));
    if let Some((name, line)) = model.and_then(model_name) {
        if run.model.is_none() {
            run.model = Some(name);
            set_context(run, "model", line);
        }
    }
    let pick = |flat: &str, grouped: &[&str], phase: &str| {
        at(config, &[flat])
            .filter(|v| num(v).is_some())
            .or_else(|| at(config, grouped))
            .or_else(|| at(config, &["perf_analyzer", "stimulus", flat]))
            .or_else(|| profiling.and_then(|p| member(p, phase)))
    };
    if let Some((n, line)) = pick("concurrency", &["loadgen", "concurrency"], "concurrency").and_then(|v| Some((num(v)?, v.line))) {
        if let (Some(c), None) = (crate::value::integer(n).filter(|&c| c > 0), run.scenario.max_concurrency) {
            run.scenario.max_concurrency = Some(c);
            set_context(run, "scenario.max_concurrency", line);
        }
    }
    if let Some((n, line)) = pick("request_rate", &["loadgen", "request_rate"], "rate").and_then(|v| Some((num(v)?, v.line))) {
        if n > 0.0 && run.scenario.request_rate.is_none() {
            run.scenario.request_rate = Some(RequestRate::PerSecond(n));
            set_context(run, "scenario.request_rate", line);
        }
    }
    let request_count = pick("request_count", &["loadgen", "request_count"], "requests").or_else(|| at(config, &["perf_analyzer", "request_count", "num"]));
    if let Some((n, line)) = request_count.and_then(|v| Some((num(v)?, v.line))) {
        if let (Some(c), None) = (crate::value::integer(n).filter(|&c| c > 0), run.scenario.num_prompts) {
            run.scenario.num_prompts = Some(c);
            set_context(run, "scenario.num_prompts", line);
        }
    }
    let from_file = ["input_file", "input_dataset"].iter().any(|k| member(config, k).is_some_and(|v| v.value != Json::Null))
        || at(config, &["input", "file"]).is_some_and(|v| v.value != Json::Null)
        || [member(config, "prompt_source"), at(config, &["input", "prompt_source"])]
            .into_iter()
            .flatten()
            .filter_map(text)
            .any(|s| s != "synthetic");
    // AIPerf 0.8: `datasets: [{"type": "synthetic", "prompts": {"isl": {"mean": 128}, …}}]`;
    // one dataset only (of several, which one a length is the run's is not stated).
    let dataset = match member(config, "datasets").map(|v| &v.value) {
        Some(Json::Array(items)) if items.len() == 1 => object(&items[0]),
        _ => None,
    };
    let from_file = from_file || dataset.and_then(|d| member(d, "type")).and_then(text).is_some_and(|t| t != "synthetic");
    let lengths = [
        ("scenario.input_len", "synthetic_input_tokens", "input_tokens", "synthetic_tokens", "isl", !from_file),
        ("scenario.output_len", "output_tokens", "output_tokens", "output_tokens", "osl", true),
    ];
    for (key, flat, grouped, nested, short, allowed) in lengths {
        let in_dataset = |stat: &str| dataset.and_then(|d| at(d, &["prompts", short, stat]));
        let mean = at(config, &[&format!("{flat}_mean")])
            .or_else(|| at(config, &["input", "prompt", grouped, "mean"]))
            .or_else(|| at(config, &["input", nested, "mean"]))
            .or_else(|| in_dataset("mean"));
        let stddev = at(config, &[&format!("{flat}_stddev")])
            .or_else(|| at(config, &["input", "prompt", grouped, "stddev"]))
            .or_else(|| at(config, &["input", nested, "stddev"]))
            .or_else(|| in_dataset("stddev"));
        let Some((n, line)) = mean.and_then(|v| Some((num(v)?, v.line))) else { continue };
        // GenAI-Perf writes -1 for an output length it leaves to the server.
        let Some(len) = crate::value::integer(n).filter(|&l| l > 0 && allowed) else { continue };
        let slot = if key == "scenario.input_len" { &mut run.scenario.input_len } else { &mut run.scenario.output_len };
        if slot.is_none() {
            *slot = Some(len);
            set_context(run, key, line);
        }
        if let Some(sd) = stddev.and_then(num).filter(|&sd| sd > 0.0) {
            sink.info(
                "aiperf-length-varies",
                line,
                format!("the configured {} is a mean of {len} tokens with a standard deviation of {sd}; the run is compared as {len}.", &key[9..]),
            )
            .run(&run.id);
        }
    }
}

/// A model name: a string, or a list holding exactly one name (or one `{"name": …}`).
fn model_name(value: &Spanned<'_>) -> Option<(String, u32)> {
    match &value.value {
        Json::String(s) => Some((s.to_string(), value.line)),
        Json::Array(items) if items.len() == 1 => {
            let item = &items[0];
            let name = text(item).or_else(|| object(item).and_then(|m| member(m, "name")).and_then(text))?;
            Some((name.to_string(), item.line))
        }
        _ => None,
    }
}

/// Splits an aggregate key `time_to_first_token_p99` into metric and statistic.
fn split_aggregate_key(key: &str) -> Option<(&str, &str)> {
    let (metric, stat) = key.rsplit_once('_')?;
    let known = matches!(stat, "avg" | "min" | "max" | "std" | "sum" | "count") || is_percentile(stat);
    (known && !metric.is_empty()).then_some((metric, stat))
}

fn read_aggregate_json(obj: &Object<'_>, meta: &Members<'_>, metrics: &Members<'_>, sink: &mut Sink) -> Vec<Run> {
    let runs = member(meta, "num_successful_runs").and_then(num).and_then(crate::value::integer).map(|n| n as u32);
    let level = member(meta, "confidence_level").and_then(num);
    let stats = aggregate_stats(metrics, runs, level, sink);
    to_run(AIPERF, (obj.line, obj.end_line), &stats, sink).into_iter().collect()
}

/// The combinations of a sweep aggregate (`sweep_aggregate/profile_export_aiperf_sweep.json`):
/// `per_combination_metrics`, or `metrics` as a list where `aggregation_type` is `sweep`.
fn sweep_combinations<'b, 'a>(obj: &'b Object<'a>) -> Option<&'b [Spanned<'a>]> {
    let list = |v: &'b Spanned<'a>| match &v.value {
        Json::Array(items) => Some(items.as_slice()),
        _ => None,
    };
    let sweep_type = |m: &Members<'_>| member(m, "aggregation_type").and_then(text) == Some("sweep");
    obj.get("per_combination_metrics").and_then(list).or_else(|| {
        let typed = obj.get("aggregation_type").and_then(text) == Some("sweep") || obj.get("metadata").and_then(object).is_some_and(sweep_type);
        typed.then(|| obj.get("metrics").and_then(list)).flatten()
    })
}

/// A sweep aggregate: one run per combination, its values the means over the trials with
/// their spread, its swept parameters (`concurrency`, `request_rate`) as the run's scenario.
/// The sweep's own picks (`best_configurations`, `pareto_optimal`) repeat those numbers and
/// are not read.
fn read_sweep_json(obj: &Object<'_>, combinations: &[Spanned<'_>], sink: &mut Sink) -> Vec<Run> {
    let meta = obj.get("metadata").and_then(object);
    let trials = meta
        .and_then(|m| member(m, "num_trials_per_value").or_else(|| member(m, "num_profile_runs")))
        .or_else(|| obj.get("num_runs"))
        .and_then(num)
        .and_then(crate::value::integer)
        .map(|n| n as u32);
    let level = meta.and_then(|m| member(m, "confidence_level")).and_then(num);
    let mut runs = Vec::new();
    for combination in combinations {
        let Some(entry) = object(combination) else { continue };
        let Some(metrics) = member(entry, "metrics").and_then(object) else { continue };
        let mut stats = aggregate_stats(metrics, trials, level, sink);
        // One trial per value: `std` is 0 and there is no spread to show.
        if trials == Some(1) {
            stats.iter_mut().for_each(|s| s.spread = None);
        }
        let Some(mut run) = to_run(AIPERF, (combination.line, combination.end), &stats, sink) else { continue };
        if let Some(parameters) = member(entry, "parameters").and_then(object) {
            apply_parameters(&mut run, parameters, sink);
        }
        runs.push(run);
    }
    if runs.is_empty() {
        sink.warn("no-runs", obj.line, "this AIPerf sweep aggregate lists no combination with metrics; no runs were read.".into());
    }
    runs
}

/// The swept values of one combination (`concurrency`, `phases.profiling.concurrency`,
/// `request_rate`, `phases.profiling.rate`), recorded as `metadata` context.
fn apply_parameters(run: &mut Run, parameters: &Members<'_>, sink: &mut Sink) {
    for (key, value) in parameters {
        let leaf = key.rsplit('.').next().unwrap_or(key);
        let Some(n) = num(value) else { continue };
        match leaf {
            "concurrency" => {
                if let Some(c) = crate::value::integer(n).filter(|&c| c > 0) {
                    run.scenario.max_concurrency = Some(c);
                    set_context(run, "scenario.max_concurrency", value.line);
                }
            }
            "request_rate" | "rate" if n > 0.0 => {
                run.scenario.request_rate = Some(RequestRate::PerSecond(n));
                set_context(run, "scenario.request_rate", value.line);
            }
            _ => {
                sink.info("aiperf-sweep-parameter", value.line, format!("the swept parameter `{key}` = {n} is not a field runs have; it is not recorded."))
                    .value("parameter", key.to_string())
                    .run(&run.id);
            }
        }
    }
}

/// The statistics of an aggregate's `metrics` (`<metric>_<stat>` keys, each the mean over
/// `runs` runs with its spread).
fn aggregate_stats<'a>(metrics: &'a Members<'a>, runs: Option<u32>, level: Option<f64>, sink: &mut Sink) -> Vec<Stat<'a>> {
    let mut stats = Vec::new();
    for (key, value) in metrics {
        let Some(m) = object(value) else { continue };
        let Some(unit) = member(m, "unit").and_then(text) else {
            sink.warn("aiperf-no-unit", value.line, format!("`{key}` has no unit; it is left out rather than guessed."));
            continue;
        };
        let Some(mean) = member(m, "mean") else { continue };
        let Some(n) = num(mean) else { continue };
        // AIPerf 0.11 keys a metric by its name alone (`request_count`, `time_to_first_token`)
        // with `avg` beside `mean` and the requests' percentiles (`p1` … `p99`); earlier
        // aggregates key each statistic (`time_to_first_token_p99`).
        let whole = member(m, "avg").is_some();
        let (metric, stat) = if whole { (key.as_ref(), "avg") } else { split_aggregate_key(key).unwrap_or((key, "avg")) };
        let (name, _) = split_label(metric);
        let get = |k: &str| member(m, k).and_then(num);
        let requests = whole && member(m, "p50").is_some();
        // Of one run, a 0.11 metric's `min`, `max` and percentiles are its requests' (the
        // `std` of one value is 0): the run's statistics, no spread. Of several, which run's
        // they are is not said: not read.
        if requests && runs == Some(1) {
            for (k, v) in m.iter().filter(|(k, _)| matches!(k.as_ref(), "min" | "max") || is_percentile(k)) {
                if let Some(value) = num(v) {
                    stats.push(Stat { line: v.line, raw: key, name: name.clone(), unit: unit.to_string(), stat: k.to_string(), value, spread: None });
                }
            }
        }
        let (min, max) = if requests { (None, None) } else { (get("min"), get("max")) };
        let spread = Spread { runs, std: get("std"), min, max, ci_level: level, ci_low: get("ci_low"), ci_high: get("ci_high"), ..Spread::default() };
        stats.push(Stat { line: mean.line, raw: key, name, unit: unit.to_string(), stat: stat.to_string(), value: n, spread: Some(spread) });
    }
    stats
}

// ---- The CSV exports ----

fn detect_csv(input: &Input<'_>) -> bool {
    // (Comment lines a person put above an export, `# run 3, c16`, aside.)
    let head = input.text.lines().find(|l| !l.trim().is_empty() && !l.starts_with('#')).unwrap_or("");
    input.extension() == "csv" && (input.file_name().starts_with("profile_export") || head.starts_with("Metric,") || head.starts_with("metric,mean"))
}


enum Section {
    /// `Metric,avg,min,...`: the statistic of each column.
    Stats(Vec<String>),
    /// `Metric,Value`.
    Values,
    /// `metric,mean,std,...,unit` (aggregate): the column names.
    Aggregate(Vec<String>),
    /// A table this reader does not use (GPU telemetry, server metrics).
    Other,
}

fn read_csv(input: &Input<'_>, sink: &mut Sink) -> Option<Vec<Run>> {
    let mut section: Option<Section> = None;
    let mut stats = Vec::new();
    let mut seen = false;
    let mut aggregate = false;
    let (mut runs, mut level) = (None, None);
    let mut last = input.first_line;
    // The first line written (blank lines, a code block's comments blanked, may come first).
    let mut start = None;
    for (i, line) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        if line.trim().is_empty() {
            section = None;
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        start.get_or_insert(no);
        let cells = crate::text::csv_cells(line);
        let Some(current) = &section else {
            let first = cells[0].trim();
            section = Some(if first.eq_ignore_ascii_case("metric") && cells.len() >= 2 {
                let columns: Vec<String> = cells[1..].iter().map(|c| c.trim().to_ascii_lowercase()).collect();
                seen = true;
                if columns == ["value"] {
                    Section::Values
                } else if columns.iter().any(|c| c == "mean") && columns.iter().any(|c| c == "unit") {
                    aggregate = true;
                    Section::Aggregate(columns)
                } else {
                    Section::Stats(columns)
                }
            } else if aggregate && cells.len() == 2 {
                // The aggregate's metadata rows.
                match first {
                    "Successful Runs" => runs = number(cells[1]).and_then(crate::value::integer).map(|n| n as u32),
                    "Confidence Level" => level = number(cells[1]),
                    _ => {}
                }
                continue;
            } else {
                Section::Other
            });
            continue;
        };
        last = no;
        let raw = cells[0];
        match current {
            Section::Stats(columns) => {
                let (name, unit) = split_label(raw);
                for (stat, text) in columns.iter().zip(&cells[1..]) {
                    csv_value(&mut stats, sink, (no, raw, &name, &unit, stat), text);
                }
            }
            Section::Values => {
                let (name, unit) = split_label(raw);
                if let Some(text) = cells.get(1) {
                    // (A `Metric,Value` row states one number, no statistic of requests.)
                    csv_value(&mut stats, sink, (no, raw, &name, &unit, VALUE), text);
                }
            }
            Section::Aggregate(columns) => {
                let get = |k: &str| columns.iter().position(|c| c == k).and_then(|p| cells.get(p + 1)).and_then(|t| number(t));
                let unit = columns.iter().position(|c| c == "unit").and_then(|p| cells.get(p + 1)).map(|u| u.trim()).unwrap_or_default();
                let Some(mean) = get("mean") else { continue };
                let (metric, stat) = split_aggregate_key(raw).unwrap_or((raw, "avg"));
                let (name, _) = split_label(metric);
                let spread = Spread { runs, std: get("std"), min: get("min"), max: get("max"), ci_level: level, ci_low: get("ci_low"), ci_high: get("ci_high"), ..Spread::default() };
                stats.push(Stat { line: no, raw, name, unit: unit.to_string(), stat: stat.to_string(), value: mean, spread: Some(spread) });
            }
            Section::Other => {}
        }
    }
    if !seen {
        return None;
    }
    if aggregate {
        for s in &mut stats {
            if let Some(spread) = &mut s.spread {
                spread.runs = runs;
                spread.ci_level = level;
            }
        }
    }
    let tool = if aggregate { AIPERF } else { csv_tool(input) };
    Some(to_run(tool, (start.unwrap_or(input.first_line), last), &stats, sink).into_iter().collect())
}

/// Which tool wrote a statistics CSV, by what it holds: GenAI-Perf writes its percentiles
/// from the highest down (`Metric,avg,min,max,p99,p95,…,p25`, `csv_exporter.py`'s
/// `REQUEST_METRICS_HEADER`) and its rates `(per sec)`; AIPerf from the lowest up with `sum`
/// and `std` (`Metric,avg,min,max,sum,p1,p5,…,p99,std`) and its rates `(tokens/sec)`,
/// `(requests/sec)`. The file name (`profile_export_genai_perf.csv`) decides only when the
/// text says neither; a code block pasted in a page has the page's name, which says nothing.
fn csv_tool(input: &Input<'_>) -> &'static str {
    for line in input.text.lines() {
        let cells: Vec<String> = crate::text::csv_cells(line).iter().map(|c| c.trim().to_ascii_lowercase()).collect();
        if cells.first().map(String::as_str) == Some("metric") {
            let percentiles: Vec<f64> = cells[1..].iter().filter_map(|c| c.strip_prefix('p')?.parse().ok()).collect();
            if percentiles.len() >= 2 {
                let descending = percentiles.windows(2).all(|w| w[0] > w[1]);
                let ascending = percentiles.windows(2).all(|w| w[0] < w[1]);
                if descending && !cells.iter().any(|c| c == "sum" || c == "std") {
                    return GENAI_PERF;
                }
                if ascending {
                    return AIPERF;
                }
            }
        }
        let label = cells.first().map(String::as_str).unwrap_or("");
        if label.ends_with("(per sec)") {
            return GENAI_PERF;
        }
        if label.ends_with("(tokens/sec)") || label.ends_with("(requests/sec)") || label == "benchmark duration (sec)" {
            return AIPERF;
        }
    }
    if input.file_name().contains("genai") {
        GENAI_PERF
    } else {
        AIPERF
    }
}

fn csv_value<'a>(stats: &mut Vec<Stat<'a>>, sink: &mut Sink, at: (u32, &'a str, &str, &str, &str), text: &str) {
    let (line, raw, name, unit, stat) = at;
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("n/a") {
        return;
    }
    match number(text) {
        Some(value) => stats.push(Stat { line, raw, name: name.to_string(), unit: unit.to_string(), stat: stat.to_string(), value, spread: None }),
        None => {
            sink.warn("aiperf-value-unreadable", line, format!("the {stat} of `{raw}` is not a number (`{text}`); it is left out."));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_labels_and_cells() {
        assert_eq!(split_label("Time To First Token (ms)"), ("time to first token".into(), "ms".into()));
        assert_eq!(split_label("HTTP Duration (excl. conn) (ms)"), ("http duration (excl. conn)".into(), "ms".into()));
        assert_eq!(split_label("Output sequence length"), ("output sequence length".into(), String::new()));
        assert_eq!(crate::text::csv_cells("Request Latency (ms),\"5,919.16\",12.5"), vec!["Request Latency (ms)", "5,919.16", "12.5"]);
        assert_eq!(cells("│  Time to First │  42,612.16 │       │"), Some(vec!["Time to First", "42,612.16", ""]));
        assert_eq!(number("1,007.36"), Some(1007.36));
        assert_eq!(split_aggregate_key("time_to_first_token_p99"), Some(("time_to_first_token", "p99")));
    }

    /// The tool of a statistics CSV comes from its header and labels; the file name only
    /// when they say nothing.
    #[test]
    fn csv_tool_is_told_by_content_before_the_file_name() {
        let tool = |path: &str, text: &str| csv_tool(&Input { path, text, first_line: 1 });
        assert_eq!(tool("docs/page.md", "Metric,avg,min,max,p99,p95,p90,p75,p50,p25\nX (ms),1,1,1,1,1,1,1,1,1\n"), GENAI_PERF);
        assert_eq!(tool("genai/page.md", "Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\n"), AIPERF);
        assert_eq!(tool("docs/page.md", "Metric,Value\nOutput Token Throughput (per sec),261.25\n"), GENAI_PERF);
        assert_eq!(tool("genai_perf.csv", "Metric,Value\nBenchmark Duration (sec),44.52\n"), AIPERF);
        assert_eq!(tool("profile_genai_perf.csv", "Metric,Value\nRequest Count,4\n"), GENAI_PERF);
        assert_eq!(tool("profile_export.csv", "Metric,Value\nRequest Count,4\n"), AIPERF);
    }
}
