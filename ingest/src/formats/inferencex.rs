//! SemiAnalysis InferenceX (formerly InferenceMAX) result rows: the `agg_<name>.json` that
//! `utils/process_result.py` writes from a vLLM-style serving result (one object, or an array
//! of them in the `results_bmk` artifact's `agg_bmk.json`), and the same rows as the
//! dashboard's API serves them, with the numbers under `metrics`.
//!
//! What the keys mean is the script's rule: every `<stat>_<metric>` latency (`mean_ttft`,
//! `median_tpot`, `p99.9_e2el`, …) is the client's `<stat>_<metric>_ms` divided by 1000, so it
//! holds **seconds**; `<stat>_intvty` is `1000 / <stat>_tpot_ms` (tokens per second per user);
//! `tput_per_gpu`, `output_tput_per_gpu` and `input_tput_per_gpu` are token throughputs per
//! GPU (divided by `tp`, or by the prefill/decode GPU counts of a multi-node run). The run
//! keeps the per-GPU throughputs and interactivity in `metrics.extra` (the totals are not in
//! a fixed-length row and are not recomputed; the agentic rows' totals, `output_tput_tps`,
//! `duration_seconds`, `num_requests_successful`, are read as the run's), and every other
//! number under its own key. An agentic row's `scenario_type`, `offloading` and
//! `spec_decoding` are its notes.
//!
//! Context from the row itself, recorded as `metadata`: `hw` (the runner's GPU name as
//! written, `h100-cw`, `b300`), `model`, `framework`, `precision`, `tp` (or a
//! `prefill_tp`/`decode_tp` pair when both are equal), `isl`/`osl`, `conc` and `image`; a
//! multi-node row's GPU count is `num_prefill_gpu + num_decode_gpu`, the divisor the script
//! used.
//!
//! An AgentX result of one concurrency (agentic traces) groups its measurements under
//! `request_metrics`: `latency.{ttft,tpot,itl,e2el}` statistics in seconds, `throughput.{input,
//! output,total}.tokens_per_second` and `duration_seconds` (the run's), `per_gpu` rates,
//! per-request `tokens` and the per-second `qps` series; its identity (`hw`, `model`, `conc`,
//! `num_gpus`, `dataset.hf_dataset_name`) stays at the top.

use super::{Format, Input, Read};
use crate::block;
use crate::json::reader::{Json, Spanned};
use crate::json::{member as get, members, Members, Object};
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::value::{integer, Cell, Value};
use benchsite_model::{ContextRef, Run};

pub const NAME: &str = "inferencex";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Json(read) };

fn detect(_: &Input<'_>) -> bool {
    true
}


/// The numbers of a row: its own members, or its `metrics` object (dashboard rows).
fn numbers<'b, 'a>(obj: &'b Object<'a>) -> &'b Members<'a> {
    match obj.get("metrics").map(|m| &m.value) {
        Some(Json::Object(m)) => m,
        _ => &obj.members,
    }
}

/// A row: per-GPU throughput and one of the identity keys the script writes.
fn is_row(obj: &Object<'_>) -> bool {
    let m = numbers(obj);
    let throughput = get(m, "tput_per_gpu").or_else(|| get(m, "output_tput_per_gpu")).is_some();
    throughput && ["hw", "hardware", "infmax_model_prefix", "conc"].iter().any(|k| obj.contains_key(k))
}

/// An AgentX result of one concurrency: its identity at the top, its measurements grouped
/// under `request_metrics` (`latency.ttft.p90`, `throughput.output.tokens_per_second`, …).
fn agentx<'b, 'a>(obj: &'b Object<'a>) -> Option<&'b Members<'a>> {
    let m = members(obj.get("request_metrics"));
    (get(m, "latency").is_some() && get(m, "throughput").is_some()).then_some(m)
}

/// An AgentX result's rows: its latencies (seconds) in their groups, its token rates and
/// duration as the run's, every other number (interactivity, per-GPU rates, the per-request
/// token counts, the per-second QPS series' statistics, the cache hit rate) under its path.
fn agentx_rows<'a>(obj: &'a Object<'a>, m: &'a Members<'a>, rows: &mut Vec<Row<'a>>) {
    for (group, stats) in members(get(m, "latency")) {
        for (stat, v) in members(Some(stats)) {
            let label = match group.as_ref() {
                "ttft" | "tpot" | "itl" | "e2el" => format!("{stat} {group} (s)"),
                // (`full_response_itl`: another latency, in seconds too, kept under its name.)
                g if ["ttft", "tpot", "itl", "e2el"].iter().any(|t| g.ends_with(t)) => format!("{group} {stat} (s)"),
                _ => format!("{group} {stat}"),
            };
            push(rows, group, v, label);
        }
    }
    let throughput = members(get(m, "throughput"));
    for (kind, label) in [("input", "input token throughput (tok/s)"), ("output", "output token throughput (tok/s)"), ("total", "total token throughput (tok/s)")] {
        if let Some(v) = get(members(get(throughput, kind)), "tokens_per_second") {
            push(rows, kind, v, label.to_string());
        }
    }
    if let Some(v) = get(throughput, "duration_seconds") {
        push(rows, "duration_seconds", v, "benchmark duration (s)".to_string());
    }
    for (key, v) in members(get(throughput, "per_gpu")) {
        push(rows, key, v, format!("per_gpu {key}"));
    }
    for part in ["tokens", "qps"] {
        for (name, v) in members(get(m, part)) {
            match &v.value {
                Json::Object(stats) => {
                    for (stat, w) in stats {
                        push(rows, name, w, format!("{part} {name} {stat}"));
                    }
                }
                _ => push(rows, name, v, format!("{part} {name}")),
            }
        }
    }
    for (key, v) in members(get(m, "cache")) {
        push(rows, key, v, key.to_string());
    }
    if let Some(v) = obj.get("num_requests_successful") {
        push(rows, "num_requests_successful", v, "successful requests".to_string());
    }
    if let Some(v) = obj.get("num_requests_total") {
        push(rows, "num_requests_total", v, "num_requests_total".to_string());
    }
}

fn read(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    if !objects.iter().any(|o| is_row(o) || agentx(o).is_some()) {
        return None;
    }
    let mut runs = Vec::new();
    for obj in objects.iter().filter(|o| is_row(o) || agentx(o).is_some()) {
        let mut rows = Vec::new();
        if let Some(m) = agentx(obj) {
            agentx_rows(obj, m, &mut rows);
        } else {
            for (key, v) in numbers(obj) {
                if let Some(label) = label_of(key) {
                    push(&mut rows, key, v, label);
                }
            }
        }
        let block = Block::of_rows(NAME, obj.line, obj.end_line, rows);
        if let Some(mut run) = block::resolve(&block, &[], sink) {
            metadata(&mut run, &obj.members);
            runs.push(run);
        }
    }
    Some(runs)
}

/// The label a numeric key is read under: latencies in seconds by the script's rule,
/// everything else kept under its own key. `None` for keys that are context, not results.
fn label_of(key: &str) -> Option<String> {
    if IDENTITY.contains(&key) {
        return None;
    }
    if let Some((stat, metric)) = key.split_once('_') {
        let stat = match stat {
            "mean" | "median" | "std" | "min" | "max" => Some(stat),
            _ => stat.strip_prefix('p').filter(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit() || b == b'.')).map(|_| stat),
        };
        if let (Some(stat), true) = (stat, matches!(metric, "ttft" | "tpot" | "itl" | "e2el")) {
            return Some(format!("{stat} {metric} (s)"));
        }
    }
    // The agentic rows' totals (`output_tput_tps`, `duration_seconds`, …), under what a
    // serving log prints them as.
    if let Some((_, label)) = TOTALS.iter().find(|(k, _)| *k == key) {
        return Some(label.to_string());
    }
    // A key with a space or starting like a statistic would be read as a vocabulary label;
    // the script's keys have neither, so each lands in `metrics.extra` under its own name.
    Some(key.to_string())
}

/// Totals the agentic benchmark's rows carry (`scenario_type: agentic-coding`), with the
/// label each is read under. `mean_qps`, the mean of a per-second series, is no request
/// throughput, and `total_prompt_tokens` / `total_generation_tokens` count more than the
/// measured requests (the rates are `mean_output_tokens_actual` × completed / duration):
/// each stays under its own key.
const TOTALS: [(&str, &str); 5] = [
    ("output_tput_tps", "output token throughput (tok/s)"),
    ("total_tput_tps", "total token throughput (tok/s)"),
    ("input_tput_tps", "input token throughput (tok/s)"),
    ("num_requests_successful", "successful requests"),
    ("duration_seconds", "benchmark duration (s)"),
];

/// Keys that describe the run rather than measure it (read by [`metadata`] or left alone).
const IDENTITY: &[&str] = &[
    "conc", "isl", "osl", "tp", "ep", "pp", "dp_attention", "prefill_tp", "prefill_ep", "prefill_pp", "prefill_dp_attention",
    "prefill_num_workers", "decode_tp", "decode_ep", "decode_pp", "decode_dp_attention", "decode_num_workers", "num_prefill_gpu",
    "num_decode_gpu", "dcp_size", "pcp_size", "prefill_dcp_size", "prefill_pcp_size", "decode_dcp_size", "decode_pcp_size",
    "global_batch_size", "local_batch_size", "num_gpus", "users",
];

fn push<'a>(rows: &mut Vec<Row<'a>>, key: &'a str, v: &'a Spanned<'a>, label: String) {
    let value = match &v.value {
        Json::Number(n) => Value::Number(*n),
        Json::Word(w) => crate::value::parse_cell(w).value,
        _ => return,
    };
    rows.push(Row { line: v.line, label, raw_label: key, cell: Cell { value, unit: "" }, section: None });
}

fn context(run: &mut Run, field: &str, line: u32) {
    run.source.lines.insert(field, line);
    run.source.context.insert(field, ContextRef { line, kind: "metadata".into() });
}

fn text<'b>(m: &'b Members<'_>, key: &str) -> Option<(&'b str, u32)> {
    match get(m, key) {
        Some(Spanned { value: Json::String(s), line, .. }) if !s.trim().is_empty() => Some((s.as_ref(), *line)),
        _ => None,
    }
}

/// A positive whole number, written as a number or as digits in a string (`"isl": "1024"`).
fn count(m: &Members<'_>, key: &str) -> Option<(u64, u32)> {
    let (n, line) = match get(m, key)? {
        Spanned { value: Json::Number(n), line, .. } => (integer(*n)?, *line),
        Spanned { value: Json::String(s), line, .. } => (s.trim().parse().ok()?, *line),
        _ => return None,
    };
    (n > 0).then_some((n, line))
}

fn metadata(run: &mut Run, m: &Members<'_>) {
    if let Some((gpu, line)) = text(m, "hw").or_else(|| text(m, "hardware")) {
        run.gpu = Some(gpu.to_string());
        context(run, "gpu", line);
    }
    if let Some((model, line)) = text(m, "model") {
        run.model = Some(model.to_string());
        context(run, "model", line);
    }
    if let Some((f, line)) = text(m, "framework").and_then(|(f, l)| crate::framework::of_backend(f).map(|f| (f, l))) {
        run.framework = Some(f.to_string());
        context(run, "framework", line);
    }
    if let Some((p, line)) = text(m, "precision") {
        run.precision = Some(p.to_string());
        context(run, "precision", line);
    }
    // An AgentX result's dataset (`dataset: {hf_dataset_name: semianalysisai/cc-traces-…}`).
    let dataset = members(get(m, "dataset"));
    if let Some((name, line)) = text(dataset, "hf_dataset_name").or_else(|| text(dataset, "loader")) {
        run.scenario.dataset = Some(name.to_string());
        context(run, "scenario.dataset", line);
    }
    if let Some((image, line)) = text(m, "image") {
        run.params.image = Some(image.to_string());
        context(run, "params.image", line);
    }
    let tp = count(m, "tp").or_else(|| match (count(m, "prefill_tp"), count(m, "decode_tp")) {
        (Some((p, _)), Some((d, line))) if p == d => Some((d, line)),
        _ => None,
    });
    if let Some((tp, line)) = tp.and_then(|(t, l)| u32::try_from(t).ok().map(|t| (t, l))) {
        run.tp = Some(tp);
        context(run, "tp", line);
    }
    let multinode = matches!(get(m, "is_multinode").map(|v| &v.value), Some(Json::Bool(true)));
    if let (true, Some((p, _)), Some((d, line))) = (multinode, count(m, "num_prefill_gpu"), count(m, "num_decode_gpu")) {
        if let Some(n) = p.checked_add(d).and_then(|n| u32::try_from(n).ok()) {
            run.gpu_count = Some(n);
            context(run, "gpu_count", line);
        }
    }
    // An AgentX result of one node states its GPUs (`num_gpus: 4` beside `tp: 4`).
    if let (false, Some((n, line))) = (multinode, count(m, "num_gpus").filter(|_| get(m, "request_metrics").is_some())) {
        if let Ok(n) = u32::try_from(n) {
            run.gpu_count = Some(n);
            context(run, "gpu_count", line);
        }
    }
    // What sets runs of one load apart (`offloading: lmcache`, `spec_decoding: mtp`), as
    // notes; `none` and `false` set nothing apart.
    for key in ["scenario_type", "offloading", "spec_decoding"] {
        if let Some((v, line)) = text(m, key).filter(|(v, _)| !matches!(v.trim().to_ascii_lowercase().as_str(), "none" | "false" | "no" | "off")) {
            run.notes.push(benchsite_model::Note { line, text: format!("{key}: {v}") });
        }
    }
    let scenario = [("isl", "scenario.input_len"), ("osl", "scenario.output_len"), ("conc", "scenario.max_concurrency")];
    for (key, field) in scenario {
        let Some((n, line)) = count(m, key) else { continue };
        let slot = match key {
            "isl" => &mut run.scenario.input_len,
            "osl" => &mut run.scenario.output_len,
            _ => &mut run.scenario.max_concurrency,
        };
        *slot = Some(n);
        context(run, field, line);
    }
}
