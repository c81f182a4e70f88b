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

use super::{Format, Input, Read};
use crate::block;
use crate::fields::normalise;
use crate::json::reader::Json;
use crate::json::Object;
use crate::scan::{Block, Row};
use crate::sink::Sink;
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
