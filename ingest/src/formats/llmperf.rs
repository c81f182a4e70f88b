//! ray-project/llmperf `token_benchmark_ray.py` results: the `*_summary.json` object, whose
//! `results_*` keys hold per-request statistics (`results_ttft_s_quantiles_p99`,
//! `results_end_to_end_latency_s_mean`) and the run's totals (`results_num_completed_requests`,
//! `results_mean_output_throughput_token_per_s`), beside the configuration it ran with
//! (`model`, `num_concurrent_requests`, `mean_input_tokens`, ...).
//!
//! Units come from the keys: `_s` is seconds (converted to ms), `_token_per_s` tokens per
//! second, `_per_min` per minute. llmperf's `inter_token_latency_s` is its own definition
//! (the per-request sum of gaps between streamed chunks, first token included, divided by the
//! output tokens); it fills the ITL group under the tool's name. The per-request
//! `*_individual_responses.json` (an array of `ttft_s`/`end_to_end_latency_s` records) is not
//! a summary: it yields no run and an info note saying so.
//!
//! The console summary the script prints ([`CONSOLE`], `llmperf-console`): `Results for token
//! benchmark for MODEL queried with the openai api.`, then each group (`ttft_s`, ...) with its
//! statistics indented below it (`    p99 = 0.587…`), then `Number Of Errored Requests:`,
//! `Overall Output Throughput:`, `Number Of Completed Requests:` and `Completed Requests Per
//! Minute:`. Its rows take the summary's labels, so both read the same fields and units.

use super::{Format, Input, Read};
use crate::block;
use crate::fields::normalise;
use crate::json::reader::Json;
use crate::json::Object;
use crate::scan::{Block, Row};
use crate::sink::{FindingExt, Sink};
use crate::value::{parse_cell, Cell, Value};
use benchsite_model::Run;

pub const NAME: &str = "llmperf";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Json(read) };

static RESULTS: crate::text::Needle = crate::text::Needle::new("results_");
static E2E_LATENCY: crate::text::Needle = crate::text::Needle::new("\"end_to_end_latency_s\"");

fn detect(input: &Input<'_>) -> bool {
    input.has(&RESULTS) || input.has(&E2E_LATENCY)
}

fn is_summary(obj: &Object<'_>) -> bool {
    obj.contains_key("results_num_completed_requests") || obj.contains_key("results_ttft_s_mean")
}

fn is_individual(obj: &Object<'_>) -> bool {
    obj.contains_key("ttft_s") && obj.contains_key("end_to_end_latency_s")
}

fn read(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    if objects.iter().any(is_summary) {
        let runs = objects.iter().filter(|o| is_summary(o)).filter_map(|o| block::resolve(&to_block(o), &[], sink)).collect();
        return Some(runs);
    }
    // `{"1": {…summary}, "2": {…}}`: the summaries of a sweep gathered in one file, keyed by
    // their concurrency (llmperf-bench's `*_results.json`).
    let nested: Vec<Object<'_>> = objects
        .iter()
        .flat_map(|o| &o.members)
        .filter_map(|(_, v)| match &v.value {
            Json::Object(members) => Some(Object { line: v.line, end_line: v.end, members: members.clone() }),
            _ => None,
        })
        .filter(is_summary)
        .collect();
    if !nested.is_empty() {
        return Some(nested.iter().filter_map(|o| block::resolve(&to_block(o), &[], sink)).collect());
    }
    let individual = objects.iter().filter(|o| is_individual(o)).count();
    if individual == 0 {
        return None;
    }
    sink.info(
        "llmperf-individual-responses",
        objects[0].line,
        format!(
            "this is an llmperf individual-responses file ({individual} single requests), not a summary; no run was read from it. \
             Add the `*_summary.json` written beside it to get the run."
        ),
    );
    Some(Vec::new())
}

/// The row label of a summary key, in the vocabulary of [`crate::fields`]; `None` for keys
/// that are not numbers about the run (names, timestamps, the error-code histogram).
fn label(key: &str) -> Option<String> {
    let fixed = match key {
        "model" => "model",
        "num_concurrent_requests" => "max concurrency",
        "mean_input_tokens" => "input len",
        "mean_output_tokens" => "output len",
        "results_num_completed_requests" => "completed",
        "results_number_errors" => "failed",
        "results_num_requests_started" => "total requests",
        "results_mean_output_throughput_token_per_s" => "output token throughput (tok/s)",
        "results_num_completed_requests_per_min" => "completed requests per minute",
        "version" | "name" | "timestamp" | "results_error_code_frequency" | "framework" | "api" | "model_size" => return None,
        _ => "",
    };
    if !fixed.is_empty() {
        return Some(fixed.to_string());
    }
    for (prefix, group) in [
        ("results_ttft_s_", "ttft"),
        ("results_inter_token_latency_s_", "itl"),
        ("results_end_to_end_latency_s_", "e2el"),
    ] {
        if let Some(stat) = key.strip_prefix(prefix) {
            let stat = stat.strip_prefix("quantiles_").unwrap_or(stat);
            return Some(format!("{stat} {group} (s)"));
        }
    }
    // Per-request token counts and throughputs, sampling parameters, stddevs of the lengths:
    // kept under their own key in `metrics.extra`.
    Some(format!("llmperf {}", normalise(key.strip_prefix("results_").unwrap_or(key))))
}

// ---- The console summary ----

pub const CONSOLE_NAME: &str = "llmperf-console";

pub static CONSOLE: Format = Format { name: CONSOLE_NAME, detect: detect_console, read: Read::Text(read_console) };

static OVERALL: crate::text::Needle = crate::text::Needle::new("Overall Output Throughput:");

fn detect_console(input: &Input<'_>) -> bool {
    input.has(&OVERALL)
}

/// The groups `token_benchmark_ray.py` prints, each the stem of the summary's keys.
const GROUPS: [&str; 6] = [
    "inter_token_latency_s",
    "ttft_s",
    "end_to_end_latency_s",
    "request_output_throughput_token_per_s",
    "number_input_tokens",
    "number_output_tokens",
];

/// The totals printed after the groups, with the summary key each one is.
const TOTALS: [(&str, &str); 4] = [
    ("Number Of Errored Requests:", "results_number_errors"),
    ("Overall Output Throughput:", "results_mean_output_throughput_token_per_s"),
    ("Number Of Completed Requests:", "results_num_completed_requests"),
    ("Completed Requests Per Minute:", "results_num_completed_requests_per_min"),
];

fn read_console(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut blocks = 0;
    let mut rows: Vec<Row<'_>> = Vec::new();
    let mut start = 0;
    let mut group: Option<&str> = None;
    let mut finish = |rows: &mut Vec<Row<'_>>, start: u32, end: u32, sink: &mut Sink| {
        let taken = std::mem::take(rows);
        if taken.iter().any(|r| r.raw_label == "Overall Output Throughput:") {
            blocks += 1;
            runs.extend(block::resolve(&Block::of_rows(CONSOLE_NAME, start, end, taken), &[], sink));
        }
    };
    for (i, raw) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        let t = raw.trim();
        if let Some(rest) = t.trim_start_matches('\\').strip_prefix("Results for token benchmark for ") {
            if let Some(model) = rest.split(" queried with").next().filter(|m| !m.is_empty() && *m != rest) {
                if rows.is_empty() {
                    start = no;
                }
                rows.push(Row { line: no, label: "model".into(), raw_label: "model", cell: Cell { value: Value::Text(model), unit: "" }, section: None });
            }
            group = None;
            continue;
        }
        if let Some(g) = GROUPS.iter().find(|g| **g == t) {
            if rows.is_empty() {
                start = no;
            }
            group = Some(g);
            continue;
        }
        let indented = raw.starts_with([' ', '\t']);
        if let (Some(g), true, Some((stat, value))) = (group, indented, t.split_once(" = ")) {
            let stat = stat.trim();
            let stat = if stat.starts_with('p') && stat[1..].chars().all(|c| c.is_ascii_digit()) { format!("quantiles_{stat}") } else { stat.to_string() };
            if let Some(label) = label(&format!("results_{g}_{stat}")) {
                rows.push(Row { line: no, label, raw_label: g, cell: parse_cell(value.trim()), section: None });
            }
            continue;
        }
        group = None;
        if let Some((printed, key)) = TOTALS.iter().find(|(p, _)| t.starts_with(p)) {
            if rows.is_empty() {
                start = no;
            }
            if let Some(label) = label(key) {
                rows.push(Row { line: no, label, raw_label: printed, cell: parse_cell(t[printed.len()..].trim()), section: None });
            }
            if *key == "results_num_completed_requests_per_min" {
                finish(&mut rows, start, no, sink);
            }
            continue;
        }
        if !t.is_empty() && !rows.is_empty() && rows.iter().any(|r| r.raw_label == "Overall Output Throughput:") {
            finish(&mut rows, start, no.saturating_sub(1), sink);
        }
    }
    let end = input.first_line + input.text.lines().count() as u32;
    finish(&mut rows, start, end.saturating_sub(1).max(start), sink);
    (runs, blocks)
}

/// A console summary pasted beside the summary JSON of the same run (a blog shows both) is
/// that run again: the console run is dropped with a `duplicate` note when an llmperf JSON run
/// of the file has its overall throughput to the last digit and every other number it states.
pub fn console_repeats(runs: &mut Vec<Run>, sink: &mut Sink) {
    if !runs.iter().any(|r| r.format == CONSOLE_NAME) {
        return;
    }
    let mut by_throughput: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    for (j, r) in runs.iter().enumerate().filter(|(_, r)| r.format == NAME) {
        if let Some(t) = r.metrics.output_throughput {
            by_throughput.entry(t.to_bits()).or_insert(j);
        }
    }
    let mut keep = vec![true; runs.len()];
    for (i, r) in runs.iter().enumerate().filter(|(_, r)| r.format == CONSOLE_NAME) {
        let Some(&j) = r.metrics.output_throughput.and_then(|t| by_throughput.get(&t.to_bits())) else { continue };
        let same = |a: Option<f64>, b: Option<f64>| a.is_none_or(|a| b.is_some_and(|b| (a - b).abs() <= 1e-9 * a.abs().max(1.0)));
        let (m, n) = (&r.metrics, &runs[j].metrics);
        let latencies = [(&m.ttft_ms, &n.ttft_ms), (&m.itl_ms, &n.itl_ms), (&m.e2e_ms, &n.e2e_ms)].into_iter().all(|(a, b)| {
            a.iter().flatten().all(|(stat, v)| same(Some(*v), b.as_ref().and_then(|b| b.get(stat).copied())))
        });
        if latencies && same(m.completed.map(|c| c as f64), n.completed.map(|c| c as f64)) {
            keep[i] = false;
            sink.info(
                "duplicate",
                r.source.line,
                format!("this llmperf console summary repeats the summary JSON at line {}; it is recorded once.", runs[j].source.line),
            )
            .value("original_line", runs[j].source.line)
            .run(&runs[j].id);
        }
    }
    let mut flags = keep.into_iter();
    runs.retain(|_| flags.next().unwrap_or(true));
}

fn to_block<'a>(obj: &'a Object<'a>) -> Block<'a> {
    let mut rows = Vec::new();
    for (key, spanned) in &obj.members {
        let Some(label) = label(key) else { continue };
        let cell = match &spanned.value {
            Json::Number(n) => Cell { value: Value::Number(*n), unit: "" },
            Json::String(s) => parse_cell(s),
            Json::Word(w) => parse_cell(w),
            Json::Null => Cell { value: Value::Absent("null"), unit: "" },
            Json::Bool(_) | Json::Array(_) | Json::Object(_) => continue,
        };
        // A string that is not a number is only meaningful for the model name.
        if matches!(cell.value, Value::Text(_)) && label != "model" {
            continue;
        }
        rows.push(Row { line: spanned.line, label, raw_label: key.as_ref(), cell, section: None });
    }
    Block::of_rows(NAME, obj.line, obj.end_line, rows)
}
