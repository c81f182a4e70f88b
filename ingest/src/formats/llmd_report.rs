//! The llm-d Benchmark Report (github.com/llm-d/llm-d-benchmark, `workload/report/`
//! `benchmark_report_v0_1.py` and `benchmark_report_v0_2.py`), which every llm-d harness
//! writes after a run, as YAML (`benchmark_report,_*.yaml`) or JSON. One report is one run.
//!
//! - v0.1: `scenario` (`model.name`/`quantization`, `host.accelerator[]` with `model`,
//!   `count`, `parallelism.tp`, `platform.engine[]` with `name`/`version`, `load`: for
//!   inference-perf, the rate and concurrency of the report's stage and fixed synthetic
//!   lengths) and
//!   `metrics` (`time.duration` in seconds, `requests`, `latency`, `throughput` as plain
//!   numbers per second).
//! - v0.2: `scenario.stack[]` (components; an `inference_engine` has `standardized.model`,
//!   `accelerator`), `scenario.load.standardized` (`input_seq_len.value`,
//!   `output_seq_len.value`, `rate_qps`, `concurrency`), `run.time.duration` (ISO 8601) and
//!   `results.request_performance.aggregate` (`requests`, `latency`, `throughput` as
//!   statistics with units).
//!
//! Every statistic carries its `units` (`s`, `ms`, `s/token`, `ms/token`, `count`,
//! `tokens/s`, `queries/s`, …): latencies are converted by it, and a statistic whose unit is
//! not one of those is kept in `metrics.extra` under its path and unit, with a finding.
//! Statistics the run has no field for (NTPOT, per-request lengths, service and hardware
//! metrics) are kept in `metrics.extra` as `<path>.<stat> (<unit>)`. Model, GPU, GPU count,
//! TP, precision and the engine are taken from the report with `source.context` kind
//! `metadata`; the model name `unknown` the harnesses write when they were not told is not a
//! model, and the inference-perf server's `model_name` is used instead where present.

use super::{Format, Input, Read};
use crate::block;
use crate::text::concat;
use crate::json::reader::{Json, Spanned};
use crate::json::{member as get, members, Members, Object};
use crate::scan::{Block, Row};
use crate::sink::{FindingExt, Sink};
use crate::value::{integer, Cell, Value};
use benchsite_model::{ContextRef, RequestRate, Run};

pub const NAME: &str = "llmd-report";

/// The JSON form.
pub static JSON: Format = Format { name: NAME, detect: any, read: Read::Json(read_json) };
/// The YAML form.
pub static YAML: Format = Format { name: NAME, detect: is_yaml, read: Read::File(read_yaml) };

fn any(_: &Input<'_>) -> bool {
    true
}

static VERSION: crate::text::Needle = crate::text::Needle::new("version:");
static TTFT: crate::text::Needle = crate::text::Needle::new("time_to_first_token");
static REQUEST_PERFORMANCE: crate::text::Needle = crate::text::Needle::new("request_performance");

fn is_yaml(input: &Input<'_>) -> bool {
    matches!(input.extension().as_str(), "yaml" | "yml") && input.has(&VERSION)
}

fn read_json(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    read_reports(objects, sink)
}

fn read_yaml(input: &Input<'_>, sink: &mut Sink) -> Option<Vec<Run>> {
    match crate::yaml::parse(input.text, input.first_line) {
        Ok(objects) => read_reports(&objects, sink),
        Err((line, message)) => {
            // Only claim a broken file that names itself a report.
            let ours = input.has(&TTFT) || input.has(&REQUEST_PERFORMANCE);
            ours.then(|| {
                sink.error(
                    "invalid-yaml",
                    line,
                    format!("this benchmark report is not valid YAML ({message}); no runs were read from it. Fix the YAML."),
                );
                Vec::new()
            })
        }
    }
}

fn read_reports(objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let reports: Vec<&Object<'_>> = objects.iter().filter(|o| version(o).is_some()).collect();
    if reports.is_empty() {
        return None;
    }
    Some(reports.into_iter().filter_map(|o| read_report(o, sink)).collect())
}

/// The schema version of a report: `0.1` with `metrics`, `0.2` with `results`.
fn version(obj: &Object<'_>) -> Option<Version> {
    let v = match obj.get("version").map(|v| &v.value) {
        Some(Json::String(s)) => s.to_string(),
        Some(Json::Number(n)) => n.to_string(),
        _ => return None,
    };
    let has = |k: &str| matches!(obj.get(k).map(|v| &v.value), Some(Json::Object(_)));
    if v.starts_with("0.1") && has("metrics") && has("scenario") {
        Some(Version::V01)
    } else if v.starts_with("0.2") && has("results") && has("scenario") {
        Some(Version::V02)
    } else {
        None
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Version {
    V01,
    V02,
}

/// The member at a path of keys.
fn at<'b, 'a>(m: &'b Members<'a>, path: &[&str]) -> Option<&'b Spanned<'a>> {
    let (last, parents) = path.split_last()?;
    let mut cur = m;
    for p in parents {
        cur = members(get(cur, p));
    }
    get(cur, last)
}

fn items<'b, 'a>(v: Option<&'b Spanned<'a>>) -> &'b [Spanned<'a>] {
    match v.map(|v| &v.value) {
        Some(Json::Array(a)) => a,
        _ => &[],
    }
}

fn read_report(obj: &Object<'_>, sink: &mut Sink) -> Option<Run> {
    let version = version(obj)?;
    let mut rows = Vec::new();
    match version {
        Version::V01 => {
            let metrics = members(obj.get("metrics"));
            if let Some(d) = at(metrics, &["time", "duration"]) {
                number_row(&mut rows, d, "benchmark duration (s)", "duration");
            }
            requests(&mut rows, members(get(metrics, "requests")), "requests", sink);
            latency(&mut rows, members(get(metrics, "latency")), sink);
            for (key, v) in members(get(metrics, "throughput")) {
                let label = match key.as_ref() {
                    "input_tokens_per_sec" => "input token throughput (tok/s)",
                    "output_tokens_per_sec" => "output token throughput (tok/s)",
                    "total_tokens_per_sec" => "total token throughput (tok/s)",
                    "requests_per_sec" => "request throughput (req/s)",
                    _ => {
                        number_row(&mut rows, v, &extra(format!("throughput.{key}")), key);
                        continue;
                    }
                };
                number_row(&mut rows, v, label, key);
            }
            for section in ["service", "resources"] {
                other_statistics(&mut rows, get(metrics, section), section, sink);
            }
        }
        Version::V02 => {
            let aggregate = members(at(&obj.members, &["results", "request_performance", "aggregate"]));
            requests(&mut rows, members(get(aggregate, "requests")), "requests", sink);
            latency(&mut rows, members(get(aggregate, "latency")), sink);
            for (key, v) in members(get(aggregate, "throughput")) {
                let label = match key.as_ref() {
                    "input_token_rate" => "input token throughput (tok/s)",
                    "output_token_rate" => "output token throughput (tok/s)",
                    "total_token_rate" => "total token throughput (tok/s)",
                    "requests_rate" | "request_rate" => "request throughput (req/s)",
                    _ => "",
                };
                throughput(&mut rows, key, v, label, sink);
            }
        }
    }
    let block = Block::of_rows(NAME, obj.line, obj.end_line, rows);
    let mut run = block::resolve(&block, &[], sink)?;
    match version {
        Version::V01 => scenario_v01(&mut run, members(obj.get("scenario"))),
        Version::V02 => scenario_v02(&mut run, obj, sink),
    }
    Some(run)
}

/// A label that `fields::classify` keeps in `metrics.extra` under exactly this key (a
/// dotted path is no vocabulary label).
fn extra(key: String) -> String {
    key
}

fn number_row<'a>(rows: &mut Vec<Row<'a>>, v: &'a Spanned<'a>, label: &str, raw: &'a str) {
    let value = match &v.value {
        Json::Number(n) => Value::Number(*n),
        Json::Word(w) => crate::value::parse_cell(w).value,
        Json::String(s) => match s.trim().parse::<f64>() {
            Ok(n) if n.is_finite() => Value::Number(n),
            _ => Value::Text(s),
        },
        _ => return,
    };
    rows.push(Row { line: v.line, label: label.to_string(), raw_label: raw, cell: Cell { value, unit: "" }, section: None });
}

/// `total`, `failures`, `incomplete` and the length statistics (kept in `extra`).
fn requests<'a>(rows: &mut Vec<Row<'a>>, m: &'a Members<'a>, path: &str, sink: &mut Sink) {
    for (key, v) in m {
        match key.as_ref() {
            "total" => number_row(rows, v, "total requests", key),
            "failures" => number_row(rows, v, "failed requests", key),
            _ if matches!(v.value, Json::Object(_)) => statistics(rows, v, &concat(&[path, ".", key]), None, None, sink),
            _ => number_row(rows, v, &extra(concat(&[path, ".", key])), key),
        }
    }
}

/// The four latency groups the run has, converted by their units; NTPOT and anything else
/// kept in `extra`.
///
/// A report converted from guidellm's (llm-d's `convert` of 2025) writes its request latency
/// in seconds under `units: ms`: a mean shorter than the mean time to first token, which each
/// request's latency includes, is read as seconds, with a warning.
fn latency<'a>(rows: &mut Vec<Row<'a>>, m: &'a Members<'a>, sink: &mut Sink) {
    let mean_ms = |key: &str| {
        let stats = members(get(m, key));
        let mean = match get(stats, "mean").map(|v| &v.value) {
            Some(Json::Number(n)) => Some(*n),
            _ => None,
        };
        mean.filter(|_| unit_of(stats).as_deref() == Some("ms"))
    };
    let seconds = matches!((mean_ms("request_latency"), mean_ms("time_to_first_token")), (Some(e2e), Some(ttft)) if e2e < ttft);
    for (key, v) in m {
        let group = match key.as_ref() {
            "time_to_first_token" => Some("ttft"),
            "time_per_output_token" => Some("tpot"),
            "inter_token_latency" => Some("itl"),
            "request_latency" => Some("e2el"),
            _ => None,
        };
        let relabelled = seconds && key == "request_latency";
        if relabelled {
            sink.warn(
                "latency-ms-holds-seconds",
                v.line,
                "`request_latency` is labelled ms, but its mean is shorter than the mean time to first token, which every request's latency includes: its values are seconds (as guidellm writes them) and were read as seconds. Check the converter that wrote the report.".into(),
            );
        }
        statistics(rows, v, &format!("latency.{key}"), group, relabelled.then_some("s"), sink);
    }
}

/// A v0.2 throughput statistic: its mean is the run's throughput when the unit is per
/// second; the other statistics go to `extra`.
fn throughput<'a>(rows: &mut Vec<Row<'a>>, key: &'a str, v: &'a Spanned<'a>, label: &str, sink: &mut Sink) {
    let path = format!("throughput.{key}");
    let stats = members(Some(v));
    let unit = unit_of(stats);
    let per_second = matches!(unit.as_deref(), Some("tokens/s" | "token/s" | "tok/s" | "queries/s" | "qps" | "requests/s" | "req/s"));
    if label.is_empty() || !per_second {
        statistics(rows, v, &path, None, None, sink);
        return;
    }
    for (stat, s) in stats {
        match stat.as_ref() {
            "units" => {}
            "mean" => number_row(rows, s, label, key),
            _ => number_row(rows, s, &extra(format!("{path}.{stat} ({})", unit.as_deref().unwrap_or(""))), stat),
        }
    }
}

fn unit_of(stats: &Members<'_>) -> Option<String> {
    match get(stats, "units").map(|u| &u.value) {
        Some(Json::String(u)) => Some(u.trim().to_string()),
        _ => None,
    }
}

/// One statistics object (`units`, `mean`, `p50`, …), its unit the one given instead when there
/// is one. With a latency group and a time unit,
/// each statistic becomes that group's row; otherwise each is kept in `extra` under
/// `<path>.<stat> (<unit>)`, and a latency whose unit is unknown is named in a finding.
fn statistics<'a>(
    rows: &mut Vec<Row<'a>>,
    v: &'a Spanned<'a>,
    path: &str,
    group: Option<&str>,
    unit_instead: Option<&str>,
    sink: &mut Sink,
) {
    let Json::Object(stats) = &v.value else {
        number_row(rows, v, &extra(path.to_string()), "value");
        return;
    };
    let unit = unit_instead.map(str::to_string).or_else(|| unit_of(stats));
    let suffix = match unit.as_deref() {
        Some("s" | "s/token") => Some(" (s)"),
        Some("ms" | "ms/token") => Some(" (ms)"),
        _ => None,
    };
    if let (Some(_), None) = (group, suffix) {
        let shown = unit.as_deref().unwrap_or("none");
        sink.warn(
            "unit-unknown",
            v.line,
            format!(
                "`{path}` has the unit `{shown}`, which is not a time unit the report schema defines (s, ms, s/token, \
                 ms/token); its numbers are kept in metrics.extra as written. Check the harness that wrote the report."
            ),
        )
        .value("unit", shown);
    }
    for (stat, s) in stats {
        if stat == "units" {
            continue;
        }
        let label = match (group, suffix, stat_name(stat)) {
            (Some(g), Some(suffix), Some(name)) => concat(&[&name, " ", g, suffix]),
            _ => extra(concat(&[path, ".", stat, " (", unit.as_deref().unwrap_or("no unit"), ")"])),
        };
        number_row(rows, s, &label, stat);
    }
}

/// The vocabulary's name of a statistic: `p0p1` → `p0.1`, `stddev` → `std`.
fn stat_name(stat: &str) -> Option<String> {
    Some(match stat {
        "mean" | "min" | "max" => stat.to_string(),
        "stddev" => "std".to_string(),
        _ => {
            let rank = stat.strip_prefix('p')?;
            if rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit() || b == b'p') {
                return None;
            }
            format!("p{}", rank.replacen('p', ".", 1))
        }
    })
}

/// Service and hardware statistics, kept in `extra` under their path.
fn other_statistics<'a>(rows: &mut Vec<Row<'a>>, v: Option<&'a Spanned<'a>>, path: &str, sink: &mut Sink) {
    let Some(v) = v else { return };
    match &v.value {
        Json::Object(m) if m.iter().any(|(k, _)| k == "units") => statistics(rows, v, path, None, None, sink),
        Json::Object(m) => {
            for (k, child) in m {
                other_statistics(rows, Some(child), &format!("{path}.{k}"), sink);
            }
        }
        Json::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                other_statistics(rows, Some(child), &format!("{path}.{i}"), sink);
            }
        }
        Json::Number(_) => number_row(rows, v, &extra(path.to_string()), "value"),
        _ => {}
    }
}

fn context(run: &mut Run, field: &str, line: u32) {
    run.source.lines.insert(field, line);
    run.source.context.insert(field, ContextRef { line, kind: "metadata".into() });
}

fn text<'b>(v: Option<&'b Spanned<'_>>) -> Option<(&'b str, u32)> {
    match v {
        Some(Spanned { value: Json::String(s), line, .. }) => Some((s.as_ref(), *line)).filter(|(s, _)| !s.trim().is_empty()),
        _ => None,
    }
}

fn count(v: Option<&Spanned<'_>>) -> Option<(u32, u32)> {
    match v {
        Some(Spanned { value: Json::Number(n), line, .. }) => integer(*n).and_then(|n| u32::try_from(n).ok()).filter(|&n| n > 0).map(|n| (n, *line)),
        _ => None,
    }
}

/// Model, precision, GPU, GPU count, TP and engine of a v0.1 report.
fn scenario_v01(run: &mut Run, scenario: &Members<'_>) {
    let model = text(at(scenario, &["model", "name"])).filter(|(m, _)| !m.eq_ignore_ascii_case("unknown"));
    let served = || text(at(scenario, &["load", "args", "server", "model_name"]));
    set_model(run, model.or_else(served));
    if let Some((q, line)) = text(at(scenario, &["model", "quantization"])) {
        run.precision = Some(q.to_string());
        context(run, "precision", line);
    }
    let accelerators: Vec<&Members<'_>> = items(at(scenario, &["host", "accelerator"])).iter().map(|a| members(Some(a))).collect();
    hardware(run, &accelerators);
    if let Some(engine) = items(at(scenario, &["platform", "engine"])).first() {
        engine_of(run, text(get(members(Some(engine)), "name")), text(get(members(Some(engine)), "version")));
    }
    inference_perf_load(run, members(at(scenario, &["load", "args"])), count_or_zero(at(scenario, &["load", "metadata", "stage"])));
    if text(at(scenario, &["load", "name"])).is_some_and(|(n, _)| n == "vllm-benchmark") {
        vllm_benchmark_load(run, members(at(scenario, &["load", "args"])));
    }
}

/// The workload of a `vllm-benchmark` load (`scenario.load.args` of a v0.1 report: the
/// client's own arguments): its concurrency, request rate (`inf`: all at once) and prompts.
fn vllm_benchmark_load(run: &mut Run, args: &Members<'_>) {
    if let Some((c, line)) = count(get(args, "max_concurrency")) {
        run.scenario.max_concurrency = Some(u64::from(c));
        context(run, "scenario.max_concurrency", line);
    }
    if let Some((n, line)) = count(get(args, "num_prompts")) {
        run.scenario.num_prompts = Some(u64::from(n));
        context(run, "scenario.num_prompts", line);
    }
    let rate = match get(args, "request_rate") {
        Some(Spanned { value: Json::Number(r), line, .. }) if *r > 0.0 => Some((if r.is_finite() { RequestRate::PerSecond(*r) } else { RequestRate::Inf }, *line)),
        Some(Spanned { value: Json::String(t), line, .. }) if matches!(t.trim().to_ascii_lowercase().as_str(), "inf" | ".inf" | "infinity") => Some((RequestRate::Inf, *line)),
        Some(Spanned { value: Json::Word(t), line, .. }) if matches!(t.trim().to_ascii_lowercase().as_str(), "inf" | ".inf" | "infinity") => Some((RequestRate::Inf, *line)),
        _ => None,
    };
    if let Some((rate, line)) = rate {
        run.scenario.request_rate = Some(rate);
        context(run, "scenario.request_rate", line);
    }
}

/// The workload of an inference-perf run (`scenario.load.args` of a v0.1 report): the rate
/// and concurrency of the stage the report is of (`load.metadata.stage`, an index into
/// `load.stages`; none when the list does not hold it), and a synthetic length every prompt
/// had (`data.input_distribution` / `output_distribution` whose `min` equals its `max`).
fn inference_perf_load(run: &mut Run, args: &Members<'_>, stage: Option<u32>) {
    let stages = items(at(args, &["load", "stages"]));
    if let Some(current) = stage.and_then(|k| stages.get(k as usize)).map(|s| members(Some(s))) {
        if let Some(Spanned { value: Json::Number(r), line, .. }) = get(current, "rate") {
            if r.is_finite() && *r > 0.0 {
                run.scenario.request_rate = Some(RequestRate::PerSecond(*r));
                context(run, "scenario.request_rate", *line);
            }
        }
        if let Some((c, line)) = count(get(current, "concurrency_level")) {
            run.scenario.max_concurrency = Some(u64::from(c));
            context(run, "scenario.max_concurrency", line);
        }
    }
    for (key, field) in [("input_distribution", "scenario.input_len"), ("output_distribution", "scenario.output_len")] {
        let dist = members(at(args, &["data", key]));
        let (Some((min, _)), Some((max, line))) = (count(get(dist, "min")), count(get(dist, "max"))) else { continue };
        if min != max {
            continue;
        }
        if field == "scenario.input_len" {
            run.scenario.input_len = Some(u64::from(min));
        } else {
            run.scenario.output_len = Some(u64::from(min));
        }
        context(run, field, line);
    }
}

/// A whole number of zero or more (`stage: 0`).
fn count_or_zero(v: Option<&Spanned<'_>>) -> Option<u32> {
    match v {
        Some(Spanned { value: Json::Number(n), .. }) => integer(*n).and_then(|n| u32::try_from(n).ok()),
        _ => None,
    }
}

fn set_model(run: &mut Run, model: Option<(&str, u32)>) {
    if let (Some((m, line)), None) = (model, &run.model) {
        run.model = Some(m.to_string());
        context(run, "model", line);
    }
}

fn engine_of(run: &mut Run, name: Option<(&str, u32)>, version: Option<(&str, u32)>) {
    let Some(framework) = name.and_then(|(n, l)| crate::framework::of_backend(n).map(|f| (f, l))) else { return };
    run.framework = Some(framework.0.to_string());
    context(run, "framework", framework.1);
    // v0.2's `tool_version` may be an image (`ghcr.io/llm-d/llm-d-cuda:0.3.1`), not a version.
    let looks_like_version = |v: &str| v.trim_start_matches('v').starts_with(|c: char| c.is_ascii_digit());
    if let Some((v, line)) = version.filter(|(v, _)| looks_like_version(v)) {
        run.framework_version = Some(v.to_string());
        context(run, "framework_version", line);
    }
}

/// GPU model (when every accelerator names the same), GPU count (their sum) and TP (when
/// every accelerator uses the same).
fn hardware(run: &mut Run, accelerators: &[&Members<'_>]) {
    if accelerators.is_empty() {
        return;
    }
    let models: Vec<Option<(&str, u32)>> = accelerators.iter().map(|a| text(get(a, "model"))).collect();
    if let Some(Some((first, line))) = models.first() {
        if models.iter().all(|m| m.map(|(m, _)| m) == Some(*first)) {
            run.gpu = Some(first.to_string());
            context(run, "gpu", *line);
        }
    }
    let counts: Vec<Option<(u32, u32)>> = accelerators.iter().map(|a| count(get(a, "count"))).collect();
    if counts.iter().all(Option::is_some) {
        let total = counts.iter().flatten().try_fold(0u32, |sum, (n, _)| sum.checked_add(*n));
        if let (Some(total), Some(Some((_, line)))) = (total, counts.first()) {
            run.gpu_count = Some(total);
            context(run, "gpu_count", *line);
        }
    }
    let tps: Vec<Option<(u32, u32)>> = accelerators.iter().map(|a| count(at(a, &["parallelism", "tp"]))).collect();
    if let Some(Some((first, line))) = tps.first() {
        if tps.iter().all(|t| t.map(|(t, _)| t) == Some(*first)) {
            run.tp = Some(*first);
            context(run, "tp", *line);
        }
    }
}

/// Stack, workload and duration of a v0.2 report.
fn scenario_v02(run: &mut Run, obj: &Object<'_>, sink: &mut Sink) {
    let scenario = members(obj.get("scenario"));
    let engines: Vec<&Members<'_>> = items(get(scenario, "stack"))
        .iter()
        .map(|c| members(Some(c)))
        .filter(|c| text(at(c, &["metadata", "kind"])).is_some_and(|(k, _)| k == "inference_engine"))
        .map(|c| members(get(c, "standardized")))
        .collect();
    if let Some(first) = engines.first() {
        set_model(run, text(at(first, &["model", "name"])));
        engine_of(run, text(get(first, "tool")), text(get(first, "tool_version")));
    }
    let accelerators: Vec<&Members<'_>> = engines.iter().map(|e| members(get(e, "accelerator"))).collect();
    hardware(run, &accelerators);
    let load = members(at(scenario, &["load", "standardized"]));
    let workload = [("input_seq_len", "scenario.input_len"), ("output_seq_len", "scenario.output_len")];
    for (key, field) in workload {
        if let Some((n, line)) = count(at(load, &[key, "value"])) {
            if field == "scenario.input_len" {
                run.scenario.input_len = Some(u64::from(n));
            } else {
                run.scenario.output_len = Some(u64::from(n));
            }
            context(run, field, line);
        }
    }
    match get(load, "rate_qps") {
        Some(Spanned { value: Json::Number(r), line, .. }) if *r > 0.0 => {
            run.scenario.request_rate = Some(RequestRate::PerSecond(*r));
            context(run, "scenario.request_rate", *line);
        }
        Some(Spanned { value: Json::Word("inf"), line, .. }) => {
            run.scenario.request_rate = Some(RequestRate::Inf);
            context(run, "scenario.request_rate", *line);
        }
        _ => {}
    }
    if let Some((c, line)) = count(get(load, "concurrency")) {
        run.scenario.max_concurrency = Some(u64::from(c));
        context(run, "scenario.max_concurrency", line);
    }
    if let Some(Spanned { value: Json::String(d), line, .. }) = at(&obj.members, &["run", "time", "duration"]) {
        match iso_seconds(d) {
            Some(s) if run.metrics.duration_s.is_none() => {
                run.metrics.duration_s = Some(s);
                run.source.lines.insert("metrics.duration_s", *line);
            }
            Some(_) => {}
            None => {
                sink.info("unread-duration", *line, format!("the run duration `{d}` is not an ISO 8601 duration; it was not read."));
            }
        }
    }
}

/// `PT49.97S`, `PT1M2.5S`, `PT2H`: an ISO 8601 duration of hours, minutes and seconds.
fn iso_seconds(d: &str) -> Option<f64> {
    let mut rest = d.trim().strip_prefix("PT")?;
    let mut total = 0.0;
    let mut any = false;
    for (unit, factor) in [('H', 3600.0), ('M', 60.0), ('S', 1.0)] {
        if let Some((n, after)) = rest.split_once(unit) {
            let n: f64 = n.parse().ok().filter(|n: &f64| n.is_finite() && *n >= 0.0)?;
            total += n * factor;
            rest = after;
            any = true;
        }
    }
    (any && rest.is_empty()).then_some(total)
}
