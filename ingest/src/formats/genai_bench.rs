//! sgl-project genai-bench: the result file of one run (`<scenario>_<task>_<model>_
//! num_concurrency_<N>_time_<T>s.json`), written by `AggregatedMetricsCollector.save`:
//!
//! ```text
//! {"aggregated_metrics": {"scenario": "D(100,100)", "num_concurrency": 1, "iteration_type": "num_concurrency",
//!   "run_duration": 58.08, "mean_output_throughput_tokens_per_s": 86.08, "requests_per_second": 0.86, …,
//!   "stats": {"ttft": {"min": …, "mean": …, "stddev": …, "p25": …, "p99": …}, "tpot": {…}, …}},
//!  "individual_request_metrics": [{…}, …], "_time_unit": "s"}
//! ```
//!
//! The run's rates are its totals over `run_duration` (seconds): `mean_output_throughput_
//! tokens_per_s` is the output tokens of the run over its duration (the tool's rule, whatever
//! the `mean_` says), `requests_per_second` the completed requests over it. The per-request
//! statistics of `ttft`, `tpot` and `e2e_latency` fill their latency groups, in the file's
//! `_time_unit` (`s` or `ms`; the tool converts only these and `output_latency`, and files of
//! releases before the key hold seconds); their `sum` is no statistic of a latency and is
//! left out. The sums of `num_input_tokens` and `num_output_tokens` are the run's totals; the
//! per-request rates (`output_inference_speed`, `input_throughput`, `output_throughput`) and
//! `output_latency` are kept as extra values (mean, median, p99).
//!
//! The scenario is genai-bench's sampling spec: `D(100,100)` sends 100 input tokens and asks
//! for 100 output tokens (the run's lengths); `N(480,240)/(300,150)`, `U(…)`, `E(…)` draw them
//! from a distribution or are embeddings, kept as a note. `num_concurrency` is the run's
//! concurrency when `iteration_type` says so (in open-loop mode it is a rate: a note). The
//! model is in the run's `experiment_metadata.json` and its file name, which is no evidence.

use super::{Format, Input, Read};
use crate::block;
use crate::json::reader::{Json, Spanned};
use crate::json::{member as get, members, Object};
use crate::scan::{Block, Row};
use crate::sink::Sink;
use benchsite_model::{Note, Run};

pub const NAME: &str = "genai-bench";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Json(read) };

static AGGREGATED: crate::text::Needle = crate::text::Needle::new("\"aggregated_metrics\"");

fn detect(input: &Input<'_>) -> bool {
    input.has(&AGGREGATED)
}

fn number(v: &Spanned<'_>) -> Option<f64> {
    match v.value {
        Json::Number(n) if n.is_finite() => Some(n),
        _ => None,
    }
}

fn text<'b>(v: Option<&'b Spanned<'_>>) -> Option<&'b str> {
    match v.map(|v| &v.value) {
        Some(Json::String(s)) => Some(s.as_ref()),
        _ => None,
    }
}

/// A result file: its aggregated metrics with the run's duration and statistics.
fn aggregated<'b, 'a>(obj: &'b Object<'a>) -> Option<&'b Spanned<'a>> {
    let agg = obj.get("aggregated_metrics")?;
    let m = members(Some(agg));
    (get(m, "run_duration").is_some() && get(m, "stats").is_some()).then_some(agg)
}

fn read(_: &Input<'_>, objects: &[Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    let files: Vec<&Object<'_>> = objects.iter().filter(|o| aggregated(o).is_some()).collect();
    if files.is_empty() {
        return None;
    }
    Some(files.into_iter().filter_map(|o| to_run(o, sink)).collect())
}

/// The lengths of a deterministic scenario (`D(100,100)`).
fn deterministic(scenario: &str) -> Option<(u64, u64)> {
    let inner = scenario.trim().strip_prefix("D(")?.strip_suffix(')')?;
    let (a, b) = inner.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The statistics of a latency group kept, with the label's name for them.
const STATS: [(&str, &str); 10] =
    [("mean", "mean"), ("min", "min"), ("max", "max"), ("stddev", "std"), ("p25", "p25"), ("p50", "p50"), ("p75", "p75"), ("p90", "p90"), ("p95", "p95"), ("p99", "p99")];

fn to_run(obj: &Object<'_>, sink: &mut Sink) -> Option<Run> {
    let agg = aggregated(obj)?;
    let m = members(Some(agg));
    let unit = match text(obj.get("_time_unit")).map(str::trim) {
        Some("ms") => "ms",
        _ => "s",
    };
    let mut rows: Vec<Row<'_>> = Vec::new();
    let mut notes: Vec<Note> = Vec::new();
    let mut put = |key: &'static str, label: &str| {
        if let Some((v, n)) = get(m, key).and_then(|v| number(v).map(|n| (v, n))) {
            rows.push(Row::number(v.line, label.to_string(), n, key));
        }
    };
    put("run_duration", "benchmark duration (s)");
    put("mean_output_throughput_tokens_per_s", "output token throughput (tok/s)");
    put("mean_input_throughput_tokens_per_s", "input token throughput (tok/s)");
    put("mean_total_tokens_throughput_tokens_per_s", "total token throughput (tok/s)");
    put("requests_per_second", "request throughput (req/s)");
    put("num_completed_requests", "successful requests");
    put("num_error_requests", "failed requests");
    put("num_requests", "total requests");
    put("mean_total_chars_per_hour", "genai-bench mean total chars per hour");
    put("error_rate", "genai-bench error rate");
    let iteration = text(get(m, "iteration_type")).unwrap_or("num_concurrency");
    if let Some((v, n)) = get(m, "num_concurrency").and_then(|v| number(v).map(|n| (v, n))) {
        if iteration == "num_concurrency" && n >= 1.0 && n.fract() == 0.0 {
            rows.push(Row::number(v.line, "max concurrency".into(), n, "num_concurrency"));
        } else {
            notes.push(Note { line: v.line, text: format!("num_concurrency: {n} (iteration_type {iteration})") });
        }
    }
    if let Some(v) = get(m, "scenario") {
        match text(Some(v)).map(|s| (s, deterministic(s))) {
            Some((_, Some((input, output)))) => {
                rows.push(Row::number(v.line, "input len".into(), input as f64, "scenario"));
                rows.push(Row::number(v.line, "output len".into(), output as f64, "scenario"));
            }
            Some((s, None)) => notes.push(Note { line: v.line, text: format!("scenario: {s} (lengths drawn per request)") }),
            None => {}
        }
    }
    let codes = members(get(m, "error_codes_frequency"));
    if !codes.is_empty() {
        let listed: Vec<String> = codes.iter().filter_map(|(k, v)| number(v).map(|n| format!("{k}: {n}"))).collect();
        notes.push(Note { line: get(m, "error_codes_frequency").map_or(agg.line, |v| v.line), text: format!("error codes: {}", listed.join(", ")) });
    }
    let stats = members(get(m, "stats"));
    for (key, group) in [("ttft", "ttft"), ("tpot", "tpot"), ("e2e_latency", "e2el")] {
        let s = members(get(stats, key));
        for (stat, name) in STATS {
            if let Some((v, n)) = get(s, stat).and_then(|v| number(v).map(|n| (v, n))) {
                rows.push(Row::number(v.line, format!("{name} {group} ({unit})"), n, key));
            }
        }
    }
    for (key, label) in [("num_input_tokens", "total input tokens"), ("num_output_tokens", "total generated tokens")] {
        if let Some((v, n)) = get(members(get(stats, key)), "sum").and_then(|v| number(v).map(|n| (v, n))) {
            rows.push(Row::number(v.line, label.into(), n, key));
        }
    }
    // Per-request rates and the time after the first token, as the tool names them.
    for key in ["output_latency", "output_inference_speed", "input_throughput", "output_throughput", "num_input_tokens", "num_output_tokens"] {
        let s = members(get(stats, key));
        let suffix = if key == "output_latency" { format!(" ({unit})") } else { String::new() };
        for stat in ["mean", "p50", "p99"] {
            if let Some((v, n)) = get(s, stat).and_then(|v| number(v).map(|n| (v, n))) {
                rows.push(Row::number(v.line, format!("genai-bench {key} {stat}{suffix}"), n, key));
            }
        }
    }
    let end = obj.end_line.max(agg.end);
    let mut run = block::resolve(&Block::of_rows(NAME, agg.line, end, rows), &[], sink)?;
    run.notes.extend(notes);
    Some(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_scenarios_state_lengths() {
        assert_eq!(deterministic("D(100,100)"), Some((100, 100)));
        assert_eq!(deterministic("D(7800,200)"), Some((7800, 200)));
        assert_eq!(deterministic("N(480,240)/(300,150)"), None);
        assert_eq!(deterministic("E(1024)"), None);
    }

    /// A file in milliseconds (`--metrics-time-unit ms`): its latencies taken as ms, the
    /// duration still in seconds; a rate's concurrency (open loop) is a note.
    #[test]
    fn time_unit_and_open_loop() {
        let text = r#"{"aggregated_metrics": {"scenario": "N(480,240)/(300,150)", "num_concurrency": 2.5, "iteration_type": "request_rate",
  "run_duration": 10.0, "mean_output_throughput_tokens_per_s": 50.0, "requests_per_second": 2.0, "num_completed_requests": 20,
  "stats": {"ttft": {"mean": 120.5, "p99": 300.0, "sum": 2410.0}}},
 "_time_unit": "ms"}"#;
        let input = Input { path: "raw/g.json", text, first_line: 1 };
        let crate::json::Parsed::Objects(objects) = crate::json::parse(text) else { panic!("json") };
        let mut sink = Sink::new("raw/g.json");
        let runs = read(&input, &objects, &mut sink).expect("a genai-bench file");
        assert_eq!(runs.len(), 1);
        let r = &runs[0];
        assert_eq!(r.metrics.ttft_ms.as_ref().and_then(|l| l.get("mean").copied()), Some(120.5));
        assert_eq!(r.metrics.ttft_ms.as_ref().and_then(|l| l.get("sum").copied()), None);
        assert_eq!((r.metrics.duration_s, r.scenario.max_concurrency, r.scenario.input_len), (Some(10.0), None, None));
        assert!(r.notes.iter().any(|n| n.text.contains("request_rate")), "{:?}", r.notes);
    }

    /// Any other JSON (an `aggregated_metrics` of another tool, no duration or stats) is not
    /// this format's.
    #[test]
    fn other_objects_are_not_read() {
        let text = r#"{"aggregated_metrics": {"accuracy": 0.9}}"#;
        let input = Input { path: "raw/x.json", text, first_line: 1 };
        let crate::json::Parsed::Objects(objects) = crate::json::parse(text) else { panic!("json") };
        assert!(read(&input, &objects, &mut Sink::new("raw/x.json")).is_none());
    }
}
