//! `trtllm-bench … throughput --report_json <file>`: the report TensorRT-LLM writes from
//! `ReportUtility.get_statistics_dict` (`tensorrt_llm/bench/dataclasses/reporting.py`), one
//! object with the sections `engine` (model, version, dtype, quantization), `machine`,
//! `world_info` (tp/pp/ep/world size), `request_info`, `performance`, `streaming_metrics`
//! (streaming runs only), `decoding_stats`, `dataset` and, from 1.3, `energy` (kept in
//! `metrics.extra` with the unit its keys state).
//!
//! Units are the script's: every `_ms` key and every percentile block of a latency
//! (`request_latency_percentiles_ms`, `ttft_percentiles`, `tpot_percentiles`) is converted
//! from nanoseconds to milliseconds before it is written (`convert_to_ms`); rates are per
//! second (`convert_rate_to_s`). The console report of the same run is read by
//! [`crate::scan`] (format `trtllm-bench`); the labels here are the console's, so both read
//! the same fields. Model, precision, TP/PP, the GPU (`machine.name`) and the GPU count come
//! from the report itself and are recorded as `metadata` context.

use super::{Format, Input, Read};
use crate::block;
use crate::fields::normalise;
use crate::json::reader::{Json, Spanned};
use crate::json::Object;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::value::{integer, parse_cell, Cell, Value};
use benchsite_model::{ContextRef, Run};

pub const NAME: &str = "trtllm-bench-json";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Json(read) };

fn detect(_: &Input<'_>) -> bool {
    true
}

/// A report: a `performance` section holding the request throughput.
fn is_report(obj: &Object<'_>) -> bool {
    matches!(obj.get("performance").map(|p| &p.value), Some(Json::Object(m)) if m.iter().any(|(k, _)| k == "request_throughput_req_s"))
}

fn read(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    if !objects.iter().any(is_report) {
        return None;
    }
    let mut runs = Vec::new();
    for obj in objects.iter().filter(|o| is_report(o)) {
        let mut rows = Vec::new();
        for (section, value) in &obj.members {
            let Json::Object(members) = &value.value else { continue };
            if !matches!(section.as_ref(), "engine" | "world_info" | "request_info" | "performance" | "streaming_metrics") {
                continue;
            }
            for (key, v) in members {
                // The version is the framework's, recorded by `metadata`, not a measurement.
                if section.as_ref() == "engine" && key.as_ref() == "version" {
                    continue;
                }
                push_rows(&mut rows, key, v);
            }
        }
        let block = Block::of_rows(NAME, obj.line, obj.end_line, rows);
        if let Some(mut run) = block::resolve(&block, &[], sink) {
            metadata(&mut run, obj);
            energy(&mut run, obj);
            runs.push(run);
        }
    }
    Some(runs)
}

/// The console label of a key, where the console prints one.
fn label_of(key: &str) -> Option<&'static str> {
    Some(match key {
        "model" => "model",
        "quantization" => "quantization",
        "tp_size" => "tp size",
        "pp_size" => "pp size",
        "num_requests" => "number of requests",
        // Measured, not the configured limit.
        "avg_num_concurrent_requests" => "concurrency",
        "avg_input_length" => "average input length (tokens)",
        "avg_output_length" => "average output length (tokens)",
        "total_latency_ms" => "total latency (ms)",
        "avg_request_latency_ms" => "average request latency (ms)",
        "request_throughput_req_s" => "request throughput (req/sec)",
        "system_output_throughput_tok_s" => "total output throughput (tokens/sec)",
        "system_total_throughput_tok_s" => "total token throughput (tokens/sec)",
        "output_throughput_per_user_tok_s" => "per user output throughput [w/ ctx] (tps/user)",
        "output_throughput_per_gpu_tok_s" => "per gpu output throughput (tps/gpu)",
        "token_output_speed_tok_s" => "per user output speed (tps/user)",
        "avg_ttft_ms" => "average time-to-first-token [ttft] (ms)",
        "avg_tpot_ms" => "average time-per-output-token [tpot] (ms)",
        "issue_rate" => "issue rate (req/sec)",
        _ => return None,
    })
}

/// The bracketed console name and unit of a percentile block.
fn percentiles_of(key: &str) -> Option<(&'static str, &'static str)> {
    Some(match key {
        "request_latency_percentiles_ms" => ("latency", " (ms)"),
        "ttft_percentiles" => ("ttft", " (ms)"),
        "tpot_percentiles" => ("tpot", " (ms)"),
        "gen_tps_percentiles" => ("gtps", " (tps/user)"),
        _ => return None,
    })
}

fn push_rows<'a>(rows: &mut Vec<Row<'a>>, key: &'a str, v: &'a Spanned<'a>) {
    if let Json::Object(stats) = &v.value {
        let Some((name, unit)) = percentiles_of(key) else { return };
        for (stat, s) in stats {
            if let Some(cell) = cell_of(s) {
                rows.push(Row { line: s.line, label: format!("[{name}] {}{unit}", normalise(stat)), raw_label: key, cell, section: None });
            }
        }
        return;
    }
    let Some(cell) = cell_of(v) else { return };
    let label = label_of(key).map(str::to_string).unwrap_or_else(|| normalise(key));
    rows.push(Row { line: v.line, label, raw_label: key, cell, section: None });
}

fn cell_of<'a>(v: &'a Spanned<'a>) -> Option<Cell<'a>> {
    Some(match &v.value {
        Json::Number(n) => Cell { value: Value::Number(*n), unit: "" },
        Json::String(s) => parse_cell(s),
        Json::Word(w) => parse_cell(w),
        // The report writes null where the engine has no value (no quantization).
        _ => return None,
    })
}

/// Context the report states about itself: which fields came from its `engine` and
/// `world_info` sections, plus the version and the GPU count.
fn metadata(run: &mut Run, obj: &Object<'_>) {
    for key in ["model", "precision", "tp", "client.pp"] {
        if let Some(&line) = run.source.lines.get(key) {
            run.source.context.insert(key, ContextRef { line, kind: "metadata".into() });
        }
    }
    let section = |name: &str| match obj.get(name).map(|s| &s.value) {
        Some(Json::Object(m)) => Some(m),
        _ => None,
    };
    let member = |sec: &str, key: &str| section(sec).and_then(|m| m.iter().rev().find(|(k, _)| k == key)).map(|(_, v)| v);
    if let Some(Spanned { line, value: Json::String(v), .. }) = member("engine", "version") {
        run.framework_version = Some(v.to_string());
        run.source.lines.insert("framework_version", *line);
        run.source.context.insert("framework_version", ContextRef { line: *line, kind: "metadata".into() });
    }
    // `NVIDIA H100 80GB HBM3`, `NVIDIA GB10`: the device name, which the name table
    // (`content/names.toml`) makes canonical.
    if let Some(Spanned { line, value: Json::String(v), .. }) = member("machine", "name") {
        if run.gpu.is_none() && !v.trim().is_empty() {
            run.gpu = Some(v.trim().to_string());
            run.source.lines.insert("gpu", *line);
            run.source.context.insert("gpu", ContextRef { line: *line, kind: "metadata".into() });
        }
    }
    if let Some(Spanned { line, value: Json::Number(n), .. }) = member("world_info", "world_size") {
        if let Some(n) = integer(*n).and_then(|n| u32::try_from(n).ok()).filter(|&n| n > 0) {
            run.gpu_count = Some(n);
            run.source.lines.insert("gpu_count", *line);
            run.source.context.insert("gpu_count", ContextRef { line: *line, kind: "metadata".into() });
        }
    }
}

/// The `energy` section of 1.3 reports (`total_energy_j`, `output_tps_per_w`,
/// `average_gpu_power`): kept in `metrics.extra` under a name carrying the unit the key
/// states; a key that states none keeps its words without a unit.
fn energy(run: &mut Run, obj: &Object<'_>) {
    let Some(Json::Object(members)) = obj.get("energy").map(|s| &s.value) else { return };
    for (key, v) in members {
        let Json::Number(n) = v.value else { continue };
        if !n.is_finite() {
            continue;
        }
        let name = match key.as_ref() {
            "total_energy_j" => "total energy (J)".to_string(),
            "output_tps_per_w" => "output throughput per watt (tok/s/W)".to_string(),
            k => match k.strip_suffix("_j") {
                Some(base) => format!("{} (J)", normalise(base)),
                None => normalise(k),
            },
        };
        run.source.lines.insert(format!("metrics.extra.{name}"), v.line);
        run.metrics.extra.insert(name, n);
    }
}
