//! Stage two of log parsing: turn one scanned block and its client context into a run.
//! Units are converted, the scenario is resolved from the client's own words, failures are
//! counted, and everything odd becomes a finding on the block's lines. No number is invented:
//! a field the block does not show stays `null`.

use crate::client;
use crate::fields::{classify, time_factor, Target};
use crate::scan::{Block, Format, Row, Sweep};
use crate::sink::{FindingExt, Sink};
use crate::text::contains_ignore_ascii_case;
use crate::value::{integer, Value};
use benchsite_model::{Latency, RequestRate, Run, SweepRef};
use std::borrow::Cow;

/// Resolves a block into a run, or `None` when it holds no metric: a template (placeholders
/// instead of numbers) is a note, a block of nothing recognisable a warning. A block with
/// some placeholders keeps the numbers it has, with a warning.
pub fn resolve(block: &Block, sweeps: &[Sweep], sink: &mut Sink) -> Option<Run> {
    resolve_with(block, None, sweeps, sink)
}

/// [`resolve`] for a block its caller drops afterwards (the scanner's): the client's
/// `Namespace(...)` map moves into the run instead of being copied.
pub fn resolve_owned(block: &mut Block<'_>, sweeps: &[Sweep], sink: &mut Sink) -> Option<Run> {
    let namespace = block.context.namespace.as_mut().map(|(_, map)| std::mem::take(map));
    resolve_with(block, namespace, sweeps, sink)
}

/// `namespace` is the block's `Namespace(...)` map when the caller gave it up.
fn resolve_with(block: &Block, namespace: Option<benchsite_model::Map<benchsite_model::map::Text>>, sweeps: &[Sweep], sink: &mut Sink) -> Option<Run> {
    if block.format == Format::LmdeployProfile && block.rows.len() < 2 {
        return None; // a lone `concurrency: N` line is configuration, not a result
    }
    let id = run_id(&sink.path, block.start);
    let placeholders: Vec<&Row> =
        block.rows.iter().filter(|r| matches!(r.cell.value, Value::Placeholder(_))).collect();
    let findings_before = sink.findings.len();

    let mut run = Run { id: id.as_str().into(), format: block.format.name().into(), ..Run::default() };
    run.source.path = sink.path.as_str().into();
    run.source.line = block.start;
    run.source.end_line = block.end;

    let mut ctx = Resolver { run: &mut run, sink, id: &id, format: block.format, namespace };
    ctx.apply_context(block);
    for (i, row) in block.rows.iter().enumerate() {
        // A label printed twice with another number (a fork's `Output token throughput
        // (tok/s)` where its total belongs): the first is the run's; the second is kept under
        // its line, with a warning, instead of overwriting it.
        let earlier = block.rows[..i].iter().find(|r| r.label == row.label && r.section == row.section && matches!(r.cell.value, Value::Number(_)));
        if let (Some(first), Value::Number(n)) = (earlier, row.cell.value) {
            if first.cell.value != row.cell.value {
                let key = format!("{} (line {})", row.raw_label.trim().trim_end_matches(':'), row.line);
                ctx.run.metrics.extra.insert(&key, n);
                ctx.run.source.lines.insert(format!("metrics.extra.{key}"), row.line);
                let (this, that) = (row.raw_label.trim().trim_end_matches(':'), first.raw_label.trim().trim_end_matches(':'));
                let was = format_number(match first.cell.value { Value::Number(v) => v, _ => n });
                // Two labels of one meaning (`Average Throughput`, `Concurrent Throughput (2
                // parallel)`) are named both; one label printed twice, once.
                let said = if this.eq_ignore_ascii_case(that) {
                    format!("`{this}` is printed a second time with another value ({was} at line {}, {} here)", first.line, format_number(n))
                } else {
                    format!("`{this}` ({} here) fills the same field as `{that}` ({was} at line {})", format_number(n), first.line)
                };
                ctx.sink
                    .warn("repeated-label", row.line, format!("{said}; the first is read as the run's, this one is kept as an extra value."))
                    .run(&id);
                continue;
            }
        }
        ctx.apply_row(row);
    }
    ctx.resolve_scenario(block);
    let has_metrics = run_has_metrics(&run);
    if let (Some(first), false) = (placeholders.first(), has_metrics) {
        // A README's template (`Benchmark duration (s): <value>`) shows the output's shape,
        // not a result: a note, and the build goes on.
        let Value::Placeholder(p) = first.cell.value else { unreachable!() };
        // The template's `N/A` rows are part of it, not findings of their own.
        sink.findings.truncate(findings_before);
        sink.info(
            "template-block",
            block.start,
            format!(
                "this block is a template: its metrics are placeholders (`{}`: `{p}`, {} placeholder row(s)), not numbers; \
                 it yields no run. Paste the measured output here when there is one.",
                first.raw_label,
                placeholders.len()
            ),
        )
        .value("label", first.raw_label)
        .value("placeholder", p)
        .value("block_line", block.start);
        return None;
    }
    // A README's template of a client's output with every value `0` and no count of requests
    // (`...` where the first rows were): the output's shape, not a result (a run of no
    // completed request prints its `Successful requests: 0`, and is read as such).
    let numbers: Vec<f64> = block.rows.iter().filter_map(|r| match r.cell.value {
        Value::Number(n) => Some(n),
        _ => None,
    }).collect();
    let counts = block.rows.iter().any(|r| matches!(r.label.as_str(), "successful requests" | "completed" | "completed requests" | "number of requests" | "failed requests"));
    if numbers.len() >= 4 && numbers.iter().all(|&n| n == 0.0) && !counts && !matches!(block.format, Format::Named(_)) {
        sink.findings.truncate(findings_before);
        sink.info(
            "template-block",
            block.start,
            "this block is a template: every value in it is 0 and it counts no request, so it shows the output's shape, not a result; \
             it yields no run. Paste the measured output here when there is one."
                .into(),
        )
        .value("block_line", block.start);
        return None;
    }
    // A structured report (JSON, CSV, table) that names only numbers outside the schema
    // (per-GPU throughput alone) is still a result: keep them, and say that nothing in it
    // is comparable with the other runs' standard metrics.
    if !has_metrics && matches!(block.format, Format::Named(_)) && !run.metrics.extra.is_empty() {
        sink.warn(
            "only-extra-metrics",
            block.start,
            format!(
                "this result holds {} number(s) but none of the standard metrics (throughput, TTFT, TPOT, ITL, E2E, counts); \
                 they are kept as extra values of the run and appear in no chart.",
                run.metrics.extra.len()
            ),
        )
        .value("format", block.format.name())
        .run(&id);
        return Some(run);
    }
    // `concurrency: 64` over another `key: value` line is how an LMDeploy table starts; with
    // no metric below it, it is a list of settings (GenAI-Perf's `Concurrency: 1` / `ISL: 128`
    // preamble, prose), not a block cut short.
    if !has_metrics && block.format == Format::LmdeployProfile {
        return None;
    }
    if !has_metrics {
        sink.warn(
            "empty-block",
            block.start,
            "this result block holds no metric the parser recognises; no run was recorded. \
             Check that the block was pasted whole."
                .to_string(),
        )
        .value("format", block.format.name());
        return None;
    }
    if let Some(first) = placeholders.first() {
        let Value::Placeholder(p) = first.cell.value else { unreachable!() };
        let labels: Vec<&str> = placeholders.iter().map(|r| r.raw_label).collect();
        sink.warn(
            "placeholder-value",
            first.line,
            format!(
                "`{}` holds the placeholder `{p}` instead of a number ({} placeholder row(s) in this block: {}); the run keeps \
                 the numbers the block does hold and leaves those fields empty. Replace the placeholders with the measured values.",
                first.raw_label,
                placeholders.len(),
                labels.join(", ")
            ),
        )
        .value("label", first.raw_label)
        .value("placeholder", p)
        .value("block_line", block.start)
        .run(&id);
    }
    check_block(&mut run, block, sink);
    if let Some((i, pos)) = block.sweep {
        run.sweep = Some(Box::new(sweep_ref(&sink.path, &sweeps[i], pos, &run)));
    }
    Some(run)
}

/// `{path}#L{line}`, the run's id: allocated once at its length, without `format!` (every
/// block makes one).
fn run_id(path: &str, line: u32) -> String {
    let mut digits = [0u8; 10];
    let (mut at, mut n) = (digits.len(), line);
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    crate::text::concat(&[path, "#L", std::str::from_utf8(&digits[at..]).expect("ASCII digits")])
}

fn run_has_metrics(run: &Run) -> bool {
    let m = &run.metrics;
    m.completed.is_some()
        || m.duration_s.is_some()
        || m.request_throughput.is_some()
        || m.output_throughput.is_some()
        || m.total_throughput.is_some()
        || m.input_throughput.is_some()
        || m.ttft_ms.is_some()
        || m.tpot_ms.is_some()
        || m.itl_ms.is_some()
        || m.e2e_ms.is_some()
}

struct Resolver<'r> {
    run: &'r mut Run,
    sink: &'r mut Sink,
    id: &'r str,
    format: Format,
    /// The block's `Namespace(...)` map, when it is the resolver's to take.
    namespace: Option<benchsite_model::Map<benchsite_model::map::Text>>,
}

impl Resolver<'_> {
    fn line(&mut self, key: &str, no: u32) {
        self.run.source.lines.insert(key, no);
    }

    /// The GPU, GPU count, TP and precision of the client's `--metadata` as its `Namespace`
    /// lists them (`metadata=['gpu=4xNVIDIA_L40S', ...]`), read as a command's `--metadata`
    /// entries are, with kind `metadata` and the `Namespace` line.
    fn namespace_metadata(&mut self, no: u32) {
        let Some(list) = self.run.client.namespace.get("metadata").filter(|l| l.starts_with('[')) else { return };
        for fact in crate::context::metadata_facts(&crate::context::namespace_metadata(list)) {
            let key = fact.key();
            if crate::context::give(self.run, fact, no, crate::context::METADATA) {
                self.line(key, no);
            }
        }
    }

    fn apply_context(&mut self, block: &Block) {
        let c = &block.context;
        if let Some((line, label)) = c.label {
            self.run.notes.push(benchsite_model::Note { line, text: label.to_string() });
        }
        if let Some((no, args, backend)) = c.running {
            self.run.client.args = Some(args.to_string());
            self.line("client.args", no);
            if let Some(b) = backend {
                self.run.backend = Some(b.to_string());
                self.line("backend", no);
            }
        }
        if let Some((no, ns)) = &c.namespace {
            self.run.client.namespace = self.namespace.take().unwrap_or_else(|| ns.clone());
            self.line("client.namespace", *no);
            self.namespace_metadata(*no);
        }
        if let Some((no, n)) = c.planned_input {
            self.run.client.planned_input_tokens = Some(n);
            self.line("client.planned_input_tokens", no);
        }
        if let Some((no, n)) = c.planned_output {
            self.run.client.planned_output_tokens = Some(n);
            self.line("client.planned_output_tokens", no);
        }
        if let Some((no, w)) = c.warmup {
            self.run.client.warmup_s = Some(w);
            self.line("client.warmup_s", no);
        }
        if let Some((no, done, total, secs)) = c.progress {
            self.run.client.progress_duration_s = Some(secs);
            self.line("client.progress_duration_s", no);
            if done < total {
                self.sink
                    .warn(
                        "progress-incomplete",
                        no,
                        format!("the progress bar stopped at {done}/{total} requests; the result may cover only part of the run."),
                    )
                    .value("done", done)
                    .value("total", total)
                    .run(self.id);
            }
        }
        for row in &c.rows {
            self.apply_row(row);
        }
        if !c.errors.is_empty() {
            self.sink
                .warn(
                    "request-errors",
                    c.errors[0],
                    format!(
                        "{} request error(s) were logged before this result (first on this line); \
                         they are counted as failures if the block does not report them.",
                        c.errors.len()
                    ),
                )
                .value("count", c.errors.len())
                .run(self.id);
        }
    }

    fn apply_row(&mut self, row: &Row) {
        if row.cell.value != Value::Inf && self.apply_list_row(row) {
            return;
        }
        let Some(target) = classify(&row.label) else { return };
        // Looked at only for extras (the one target it changes), not for every row.
        let in_speculative = || row.section.is_some_and(|s| contains_ignore_ascii_case(s, "specul"));
        let lmdeploy = self.format == Format::LmdeployProfile;
        let target = match target {
            Target::Extra(k) if in_speculative() => Target::Extra(format!("speculative.{k}")),
            // LMDeploy's `concurrency` is the configured number of client workers.
            Target::Concurrency if lmdeploy => Target::MaxConcurrency,
            t => t,
        };
        match (&target, row.cell.value) {
            (Target::Backend, v) => self.set_text(v, row, "backend", |r, s| r.backend = Some(s)),
            (Target::Model, v) => self.set_text(v, row, "model", |r, s| r.model = Some(s)),
            (Target::Version, v) => self.set_text(v, row, "framework_version", |r, s| r.framework_version = Some(s)),
            (Target::Dataset, v) => self.set_text(v, row, "scenario.dataset", |r, s| r.scenario.dataset = Some(s)),
            (Target::Precision, v) => self.set_text(v, row, "precision", |r, s| r.precision = Some(s)),
            (Target::RequestRate, Value::Inf) => {
                self.run.scenario.request_rate = Some(RequestRate::Inf);
                self.line("scenario.request_rate", row.line);
            }
            (Target::MaxConcurrency, Value::Absent(_)) => {
                self.line("scenario.max_concurrency", row.line);
            }
            (_, Value::Number(n)) => self.set_number(&target, n, row),
            (Target::Extra(_), _) | (_, Value::Placeholder(_)) => {}
            (_, Value::Text(t)) if row.cell.unit.is_empty() && t.len() > 40 => {}
            (_, v) => {
                let shown = match v {
                    Value::Inf => "inf",
                    Value::Absent(a) | Value::Text(a) | Value::Placeholder(a) => a,
                    Value::Number(_) => unreachable!(),
                };
                self.sink
                    .warn(
                        "non-numeric-value",
                        row.line,
                        format!("`{}` is `{shown}`, not a number; the field is left empty.", row.raw_label),
                    )
                    .value("label", row.raw_label)
                    .value("value", shown)
                    .run(self.id);
            }
        }
    }

    fn set_text(&mut self, v: Value, row: &Row, key: &str, set: impl FnOnce(&mut Run, String)) {
        let text = match v {
            Value::Text(t) => t.to_string(),
            Value::Number(n) => format_number(n),
            _ => return,
        };
        set(self.run, text);
        self.line(key, row.line);
    }

    fn set_number(&mut self, target: &Target, n: f64, row: &Row) {
        use Target::*;
        // A count this schema does not name (`Total input text tokens: -1`, a simulator's
        // "not supported") is as never negative as the counts it does.
        let never_negative = !matches!(target, Extra(k) if !k.starts_with("total "));
        if n < 0.0 && never_negative {
            self.sink
                .info(
                    "sentinel-value",
                    row.line,
                    format!("`{}` is {n}, a sentinel meaning \"not measured\"; the field is left empty.", row.raw_label),
                )
                .value("label", row.raw_label)
                .value("value", n)
                .run(self.id);
            return;
        }
        // `Elapsed time (s): 4.40` below `Benchmark duration (s): 20.36` (a simulator's own wall
        // time beside the simulated duration): a second duration of one block is not the run's.
        if matches!(target, Duration(_)) && self.run.metrics.duration_s.is_some() {
            return self.set_number(&Extra(row.label.clone()), n, row);
        }
        let m = &mut self.run.metrics;
        let s = &mut self.run.scenario;
        // The source line's key: a fixed name for most fields, built only for latencies and extras.
        let key: Cow<'static, str> = match target {
            Completed => set_int(&mut m.completed, n, "metrics.completed"),
            Failed => set_int(&mut m.failed, n, "metrics.failed"),
            Duration(f) => {
                let f = if row.cell.unit == "ms" { 0.001 } else { *f };
                m.duration_s = Some(scale(n, f));
                Cow::Borrowed("metrics.duration_s")
            }
            TotalInput => set_int(&mut m.total_input_tokens, n, "metrics.total_input_tokens"),
            TotalOutput => set_int(&mut m.total_output_tokens, n, "metrics.total_output_tokens"),
            TotalOutputRetokenized => {
                set_int(&mut m.total_output_tokens_retokenized, n, "metrics.total_output_tokens_retokenized")
            }
            RequestThroughput(f) => set_f(&mut m.request_throughput, scale(n, *f), "metrics.request_throughput"),
            Goodput => set_f(&mut m.request_goodput, n, "metrics.request_goodput"),
            InputThroughput => set_f(&mut m.input_throughput, n, "metrics.input_throughput"),
            OutputThroughput => set_f(&mut m.output_throughput, n, "metrics.output_throughput"),
            TotalThroughput => set_f(&mut m.total_throughput, n, "metrics.total_throughput"),
            PeakOutputThroughput => set_f(&mut m.peak_output_throughput, n, "metrics.peak_output_throughput"),
            PeakConcurrent => set_f(&mut m.peak_concurrent_requests, n, "metrics.peak_concurrent_requests"),
            Concurrency => set_f(&mut m.concurrency, n, "metrics.concurrency"),
            AcceptLength => set_f(&mut m.accept_length, n, "metrics.accept_length"),
            UnitlessLatency { group, stat } => {
                let Some(factor) = self.unit_of(row) else {
                    self.unit_unknown(row, n);
                    return;
                };
                return self.set_number(&Latency { group, stat: stat.clone(), factor }, n, row);
            }
            Latency { group, stat, factor } => {
                let slot = match *group {
                    "ttft_ms" => &mut m.ttft_ms,
                    "tpot_ms" => &mut m.tpot_ms,
                    "itl_ms" => &mut m.itl_ms,
                    _ => &mut m.e2e_ms,
                };
                slot.get_or_insert_with(benchsite_model::Latency::new).insert(stat, scale(n, *factor));
                // Joined on the stack (`metrics.ttft_ms.p99.9`), the map copies it into its inline key.
                let mut buf = [0u8; 64];
                let mut len = 0;
                for part in ["metrics.", group, ".", stat.as_str()] {
                    match buf.get_mut(len..len + part.len()) {
                        Some(b) => b.copy_from_slice(part.as_bytes()),
                        None => {
                            self.run.source.lines.insert(crate::text::concat(&["metrics.", group, ".", stat.as_str()]), row.line);
                            return;
                        }
                    }
                    len += part.len();
                }
                self.run.source.lines.insert(std::str::from_utf8(&buf[..len]).expect("joined strs"), row.line);
                return;
            }
            Extra(k) => {
                m.extra.insert(k, n);
                Cow::Owned(crate::text::concat(&["metrics.extra.", k]))
            }
            RequestRate => {
                s.request_rate = Some(benchsite_model::RequestRate::PerSecond(n));
                Cow::Borrowed("scenario.request_rate")
            }
            MaxConcurrency => set_int(&mut s.max_concurrency, n, "scenario.max_concurrency"),
            NumPrompts => set_int(&mut s.num_prompts, n, "scenario.num_prompts"),
            InputLen => set_int(&mut s.input_len, n, "scenario.input_len"),
            OutputLen => set_int(&mut s.output_len, n, "scenario.output_len"),
            RangeRatio => set_f(&mut s.range_ratio, n, "scenario.range_ratio"),
            Tp => {
                self.run.tp = integer(n).map(|v| v as u32);
                Cow::Borrowed("tp")
            }
            Pp => {
                self.run.client.namespace.insert("pp", format_number(n).into());
                Cow::Borrowed("client.pp")
            }
            Backend | Model | Version | Dataset | Precision => return,
        };
        self.run.source.lines.insert(key, row.line);
    }

    /// The time unit of a row whose label states none: the unit printed after the number
    /// (`1.94s`), else the one its section header ends with (`Breakdown (ms)`).
    fn unit_of(&self, row: &Row) -> Option<f64> {
        time_factor(row.cell.unit).or_else(|| row.section.and_then(time_factor))
    }

    /// A latency with no stated unit is kept as written in `metrics.extra`, never guessed.
    fn unit_unknown(&mut self, row: &Row, n: f64) {
        let key = row.label.clone();
        self.run.metrics.extra.insert(key.clone(), n);
        self.line(&format!("metrics.extra.{key}"), row.line);
        self.sink
            .warn(
                "unit-unknown",
                row.line,
                format!(
                    "`{}` is a latency but neither its label, its value nor its section states a unit (ms or s), and this tool \
                     has no rule for it; the number {n} is kept as `{key}` among the other values, not as a latency. \
                     Name the unit in the label (`{}_ms`, `(ms)`) to have it read.",
                    row.raw_label, row.raw_label
                ),
            )
            .value("label", row.raw_label)
            .value("value", n)
            .run(self.id);
    }

    /// LMDeploy's list rows: `first token latency(s)(min, max, ave): 0.068, 5.116, 0.585` and
    /// `per-token latency(s) percentile(50, 75, 95, 99): [0.036, 0.038, 0.05, 0.168]`.
    fn apply_list_row(&mut self, row: &Row) -> bool {
        let label = row.label.as_str();
        let group = if label.starts_with("first token latency") {
            "ttft_ms"
        } else if label.starts_with("per-token latency") || label.starts_with("per token latency") {
            "itl_ms"
        } else {
            return false;
        };
        let factor = if label.contains("(ms)") { 1.0 } else { 1000.0 };
        let Some(open) = label.rfind('(') else { return false };
        let stats_text = label[open + 1..].trim_end_matches(')');
        let is_percentile = label[..open].ends_with("percentile");
        let Value::Text(raw_value) = row.cell.value else { return false };
        let values: Vec<Option<f64>> =
            raw_value.trim_matches(|c| c == '[' || c == ']').split(',').map(|v| v.trim().parse().ok()).collect();
        let stats: Vec<String> = stats_text
            .split(',')
            .map(|s| {
                let s = s.trim();
                if is_percentile {
                    format!("p{s}")
                } else {
                    match s {
                        "ave" | "avg" | "average" => "mean".to_string(),
                        other => other.to_string(),
                    }
                }
            })
            .collect();
        if stats.len() != values.len() {
            return false;
        }
        let slot = if group == "ttft_ms" { &mut self.run.metrics.ttft_ms } else { &mut self.run.metrics.itl_ms };
        for (stat, v) in stats.iter().zip(values) {
            if let Some(v) = v {
                slot.get_or_insert_with(Latency::new).insert(stat.clone(), scale(v, factor));
                self.run.source.lines.insert(format!("metrics.{group}.{stat}"), row.line);
            }
        }
        true
    }

    /// Fills the scenario from the client's `Namespace` and `Running benchmark` arguments,
    /// which describe what was asked for; block rows already filled what was measured.
    fn resolve_scenario(&mut self, block: &Block) {
        let run = &mut *self.run;
        let ns = &run.client.namespace;
        let ns_line = block.context.namespace.as_ref().map(|(n, _)| *n);
        // Borrowed: only the values a run keeps are copied. Of a flag given twice, the last.
        let args = run.client.args.as_deref().map(client::borrowed_flags).unwrap_or_default();
        let args_line = block.context.running.map(|(n, _, _)| n);
        let from_ns = |ns_key: &str| ns.get(ns_key).filter(|v| *v != "None").map(|v| v.as_str()).zip(ns_line);
        let from_args = |flag: &str| args.iter().rev().find(|(k, _)| k == flag).and_then(|(_, v)| v.as_deref()).zip(args_line);
        let lookup = |ns_key: &str, flag: &str| from_ns(ns_key).or_else(|| from_args(flag));
        let s = &mut run.scenario;
        let mut lines: Vec<(&str, u32)> = Vec::new();
        if s.dataset.is_none() {
            if let Some((v, l)) = lookup("dataset_name", "--dataset-name").or_else(|| lookup("dataset", "--dataset")) {
                s.dataset = Some(v.to_string());
                lines.push(("scenario.dataset", l));
            }
        }
        let int = |v: &str| v.parse::<f64>().ok().and_then(integer);
        if s.num_prompts.is_none() {
            if let Some((v, l)) = lookup("num_prompts", "--num-prompts") {
                s.num_prompts = int(v);
                lines.push(("scenario.num_prompts", l));
            }
        }
        // Inline up to 24 bytes, as the keys of the dataset's own lengths (`--sharegpt-input-len`)
        // are joined: a run's look-ups allocate nothing.
        let dataset = benchsite_model::map::Text::new(s.dataset.as_deref().unwrap_or_default());
        let concat = |parts: &[&str]| {
            let mut key = benchsite_model::map::Text::const_new("");
            parts.iter().for_each(|p| key.push_str(p));
            key
        };
        let prefix = if dataset == "sharegpt" { "sharegpt" } else { dataset.as_str() };
        // `--random-*` lengths are written whatever the dataset; only random-style ones take them.
        // A `Namespace` prints every default (`random_input_len=1024` beside a trace the client
        // replays), so its random lengths count only when it names a random dataset; a flag
        // the command wrote counts unless another dataset is named.
        let random_ns = dataset.starts_with("random");
        let random_flag = dataset.is_empty() || random_ns;
        let random = |ns_key: &str, flag: &str| {
            random_ns.then(|| from_ns(ns_key)).flatten().or_else(|| random_flag.then(|| from_args(flag)).flatten())
        };
        // vLLM's general `--input-len` / `--output-len` (`input_len=20000` in its `Namespace`,
        // `None` when unset) override the dataset's own lengths (its log then says `Sampling
        // input_len from [20000, 20000]`), so they are looked at first; a length that is no
        // number (`None`) leaves the next one to say.
        fn number(found: Option<(&str, u32)>) -> Option<(&str, u32)> {
            found.filter(|(v, _)| v.parse::<f64>().ok().and_then(integer).is_some())
        }
        if s.input_len.is_none() && dataset != "sharegpt" {
            let found = number(lookup("input_len", "--input-len"))
                .or_else(|| number(lookup(&concat(&[prefix, "_input_len"]), &concat(&["--", prefix, "-input-len"]))))
                .or_else(|| number(random("random_input_len", "--random-input-len")));
            if let Some((v, l)) = found {
                s.input_len = int(v);
                lines.push(("scenario.input_len", l));
            }
        }
        if s.output_len.is_none() {
            let found = number(lookup("output_len", "--output-len"))
                .or_else(|| number(lookup(&concat(&[prefix, "_output_len"]), &concat(&["--", prefix, "-output-len"]))))
                .or_else(|| number(random("random_output_len", "--random-output-len")));
            if let Some((v, l)) = found {
                s.output_len = int(v);
                lines.push(("scenario.output_len", l));
            }
        }
        if s.range_ratio.is_none() && dataset == "random" {
            if let Some((v, l)) = lookup("random_range_ratio", "--random-range-ratio") {
                s.range_ratio = v.parse().ok();
                lines.push(("scenario.range_ratio", l));
            }
        }
        if s.request_rate.is_none() {
            if let Some((v, l)) = lookup("request_rate", "--request-rate") {
                s.request_rate = match v.to_ascii_lowercase().as_str() {
                    "inf" | "infinity" => Some(RequestRate::Inf),
                    other => other.parse().ok().map(RequestRate::PerSecond),
                };
                lines.push(("scenario.request_rate", l));
            }
        }
        if s.max_concurrency.is_none() {
            if let Some((v, l)) = lookup("max_concurrency", "--max-concurrency") {
                s.max_concurrency = int(v);
                lines.push(("scenario.max_concurrency", l));
            }
        }
        if run.model.is_none() {
            if let Some((v, l)) = lookup("model", "--model") {
                run.labels.model = Some(v.to_string());
                lines.push(("model", l));
            }
        }
        if run.backend.is_none() {
            if let Some((v, l)) = lookup("backend", "--backend") {
                run.labels.backend = Some(v.to_string());
                lines.push(("backend", l));
            }
        }
        for (k, l) in lines {
            self.line(k, l);
        }
    }
}

fn set_int(slot: &mut Option<u64>, n: f64, key: &'static str) -> Cow<'static, str> {
    *slot = integer(n).or(Some(n.round() as u64));
    Cow::Borrowed(key)
}

fn set_f(slot: &mut Option<f64>, n: f64, key: &'static str) -> Cow<'static, str> {
    *slot = Some(n);
    Cow::Borrowed(key)
}

/// Converts units without adding float noise (`0.585 s` → `585` ms, not `584.9999999`).
fn scale(n: f64, factor: f64) -> f64 {
    if factor == 1.0 {
        return n;
    }
    let v = n * factor;
    (v * 1e9).round() / 1e9
}

pub fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// A run in which no request completed (guidellm's `constant@5.60` past saturation, `Comp
/// 0`): the zeros its tool prints for latencies and throughputs are no measurements, so they
/// are left out (the source keeps them) and a warning says so.
fn no_completed(run: &mut Run, block: &Block, sink: &mut Sink) {
    let m = &mut run.metrics;
    // (field, as the warning names it)
    let mut cleared: Vec<(&str, &str)> = Vec::new();
    for (name, slot) in [
        (("request_throughput", "request throughput"), &mut m.request_throughput),
        (("input_throughput", "input throughput"), &mut m.input_throughput),
        (("output_throughput", "output throughput"), &mut m.output_throughput),
        (("total_throughput", "total throughput"), &mut m.total_throughput),
    ] {
        if *slot == Some(0.0) {
            *slot = None;
            cleared.push(name);
        }
    }
    let zeros = |l: &Option<benchsite_model::Latency>| l.as_ref().is_some_and(|l| l.values().all(|v| *v == 0.0));
    for (name, slot) in [(("ttft_ms", "TTFT"), &mut m.ttft_ms), (("tpot_ms", "TPOT"), &mut m.tpot_ms), (("itl_ms", "ITL"), &mut m.itl_ms)] {
        if zeros(slot) {
            *slot = None;
            cleared.push(name);
        }
    }
    if m.more.is_allocated() {
        if zeros(&m.more.e2e_ms) {
            m.more.e2e_ms = None;
            cleared.push(("e2e_ms", "E2E latency"));
        }
        if m.more.concurrency == Some(0.0) {
            m.more.concurrency = None;
            cleared.push(("concurrency", "measured concurrency"));
        }
        if m.more.peak_output_throughput == Some(0.0) {
            m.more.peak_output_throughput = None;
            cleared.push(("peak_output_throughput", "peak output throughput"));
        }
        if m.more.peak_concurrent_requests == Some(0.0) {
            m.more.peak_concurrent_requests = None;
            cleared.push(("peak_concurrent_requests", "peak concurrent requests"));
        }
        m.more.settle();
    }
    if cleared.is_empty() {
        return;
    }
    let gone = |key: &str| cleared.iter().any(|(field, _)| key.strip_prefix("metrics.").and_then(|k| k.strip_prefix(field)).is_some_and(|r| r.is_empty() || r.starts_with('.')));
    run.source.lines.retain(|key, _| !gone(key));
    let line = run.source.lines.get("metrics.completed").copied().unwrap_or(block.start);
    let names = cleared.iter().map(|(_, name)| *name).collect::<Vec<_>>().join(", ");
    sink.warn("no-completed-requests", line, format!("no request completed in this run; the zeros printed for its {names} are no measurements and were left out."))
        .run(&run.id);
}

/// A run whose requests each gave many tokens but whose inter-token latency is zero in mean,
/// median and tail (SGLang's and vLLM's clients print `0.00` when a response arrives as one
/// chunk: the server did not stream, or a proxy buffered it): the first token came with the
/// last, so the ITL and TPOT printed are no measurements and are left out, and a warning says
/// the TTFT is the whole response's time.
fn not_streamed(run: &mut Run, sink: &mut Sink) {
    let m = &mut run.metrics;
    let zeros = |l: &Option<benchsite_model::Latency>| l.as_ref().is_some_and(|l| !l.is_empty() && l.values().all(|v| *v == 0.0));
    // Requests of one token each (a prefill test, `--random-output-len 1`): no time between
    // tokens to measure; the zeros printed for TPOT and ITL would rank as the best decode.
    let one_token = matches!((m.total_output_tokens, m.completed), (Some(out), Some(done)) if done > 0 && out <= done);
    // (Each of the two all zeros or not printed, and one of them printed.)
    let zero_or_none = |l: &Option<benchsite_model::Latency>| l.is_none() || zeros(l);
    if one_token && (zeros(&m.tpot_ms) || zeros(&m.itl_ms)) && zero_or_none(&m.tpot_ms) && zero_or_none(&m.itl_ms) {
        let line = run.source.lines.iter().filter(|(k, _)| k.starts_with("metrics.tpot_ms.") || k.starts_with("metrics.itl_ms.")).map(|(_, l)| *l).min().unwrap_or(run.source.line);
        m.tpot_ms = None;
        m.itl_ms = None;
        run.source.lines.retain(|key, _| !(key.starts_with("metrics.tpot_ms.") || key.starts_with("metrics.itl_ms.")));
        sink.info(
            "one-token-requests",
            line,
            "each request of this run generated one token at most: there is no time between tokens to measure, so the zeros printed for TPOT and ITL are no measurements and were left out.".into(),
        )
        .run(&run.id);
        return;
    }
    // evalscope's non-streamed run (`Average package per request: 1.000`): its TTFT equals the
    // request latency in every statistic both print, the first token came with the last.
    let same_as_e2e = match (&m.ttft_ms, &m.more.e2e_ms) {
        (Some(t), Some(e)) => {
            let shared: Vec<(&f64, &f64)> = t.iter().filter_map(|(k, v)| e.get(k).map(|w| (v, w))).collect();
            shared.len() >= 2 && shared.len() == t.len() && shared.iter().all(|(a, b)| a == b && **a > 0.0)
        }
        _ => false,
    };
    if same_as_e2e {
        let line = run.source.lines.iter().filter(|(k, _)| k.starts_with("metrics.ttft_ms.")).map(|(_, l)| *l).min().unwrap_or(run.source.line);
        m.ttft_ms = None;
        run.source.lines.retain(|key, _| !key.starts_with("metrics.ttft_ms."));
        sink.warn(
            "not-streamed",
            line,
            "the time to first token of this run equals its request latency in every statistic printed: the responses arrived \
             as one chunk (not streamed), so the TTFT printed is the whole response's time, no first token's, and was left out."
                .into(),
        )
        .run(&run.id);
        return;
    }
    let many_tokens = matches!((m.total_output_tokens, m.completed), (Some(out), Some(done)) if done > 0 && out > 2 * done);
    // guidellm prints a TTFT of 0 too: no first token was seen apart from the rest (its TPOT,
    // the latency over the tokens, is still one).
    let no_first_token = zeros(&m.ttft_ms) && m.total_output_tokens.is_some_and(|out| out > 1);
    if !zeros(&m.itl_ms) || !(many_tokens || no_first_token) {
        return;
    }
    let first = |group: &str| run.source.lines.iter().filter(|(k, _)| k.strip_prefix("metrics.").is_some_and(|k| k.starts_with(group))).map(|(_, l)| *l).min();
    let line = first("itl_ms.").unwrap_or(run.source.line);
    let dropped: &[&str] = if no_first_token { &["itl_ms.", "ttft_ms."] } else { &["itl_ms.", "tpot_ms."] };
    m.itl_ms = None;
    if no_first_token {
        m.ttft_ms = None;
    } else {
        m.tpot_ms = None;
    }
    run.source.lines.retain(|key, _| !dropped.iter().any(|d| key.strip_prefix("metrics.").is_some_and(|k| k.starts_with(d))));
    let message = if no_first_token {
        "every inter-token latency and time to first token of this run is 0: the responses arrived as one chunk (not streamed), \
         so the ITL and TTFT printed are no measurements and were left out."
    } else {
        "every inter-token latency of this run is 0 though its requests generated many tokens: the responses arrived as one chunk \
         (not streamed), so the ITL and TPOT printed are no measurements and were left out, and the TTFT is the time to the whole response."
    };
    sink.warn("not-streamed", line, message.into()).run(&run.id);
}

/// Checks within one block: failures, cut-off blocks, arithmetic that does not add up.
fn check_block(run: &mut Run, block: &Block, sink: &mut Sink) {
    let id = run.id.clone();
    let m = &mut run.metrics;
    if let Some(failed) = m.failed.filter(|&f| f > 0) {
        let line = run.source.lines.get("metrics.failed").copied().unwrap_or(block.start);
        sink.warn("failed-requests", line, format!("{failed} request(s) failed in this run; its throughput counts only the successful ones."))
            .value("failed", failed)
            .run(&id);
    }
    if m.completed == Some(0) {
        no_completed(run, block, sink);
    }
    let m = &mut run.metrics;
    if m.failed.is_none() && !block.context.errors.is_empty() {
        m.failed = Some(block.context.errors.len() as u64);
    }
    if let (Some(done), Some(asked)) = (m.completed, run.scenario.num_prompts) {
        let failed = m.failed.unwrap_or(0);
        if done + failed < asked {
            let missing = asked - done - failed;
            let line = run.source.lines.get("metrics.completed").copied().unwrap_or(block.start);
            sink.warn(
                "incomplete-requests",
                line,
                format!("{done} of {asked} requested prompts completed and no failure row accounts for the other {missing}; they are recorded as failed."),
            )
            .value("completed", done)
            .value("requested", asked)
            .run(&id);
            m.failed = Some(failed + missing);
        }
    }
    if block.format == Format::ServingBare {
        sink.info(
            "headerless-block",
            block.start,
            "these rows are a serving benchmark's result without the `Serving Benchmark Result` line above them (pasted without \
             it, or printed by a client of early 2024 that wrote none); they are read as that block. If rows were left out \
             with that line, the run misses them."
                .to_string(),
        )
        .run(&id);
    }
    let partial = !block.terminated && matches!(block.format, Format::Serving) && !ends_complete(block);
    if partial {
        sink.warn(
            "partial-block",
            block.end,
            "the result block is cut off before its closing `=====` rule; the values shown were kept, the rest is unknown.".to_string(),
        )
        .run(&id);
    }
    // An embeddings (pooling) run (`--backend openai-embeddings`) generates no tokens: it has
    // end-to-end latencies and no per-token ones to miss.
    let pooling = m.total_output_tokens.is_none() && m.output_throughput.is_none() && m.more.is_allocated() && m.more.e2e_ms.is_some();
    // (A block cut short misses rows: `partial-block` says so once, for all of them.)
    if block.format == Format::Serving && !pooling && !partial {
        // A latency whose rows are there but hold placeholders or `N/A` is not missing: the
        // template rule (`placeholder-value`) or `non-numeric-value` already says so.
        let stated = |group: &str| block.rows.iter().any(|r| stated_without_number(r, group));
        let missing: Vec<&str> = [("TTFT", m.ttft_ms.is_none(), "ttft_ms"), ("TPOT", m.tpot_ms.is_none(), "tpot_ms"), ("ITL", m.itl_ms.is_none(), "itl_ms")]
            .iter()
            .filter(|(_, miss, group)| *miss && !stated(group))
            .map(|(n, _, _)| *n)
            .collect();
        // A whole block was not cut: what it leaves out was not asked for, not printed or
        // left out by hand (vLLM's `--percentile-metrics e2el` prints end-to-end latencies only,
        // SGLang's layouts of 2025 no TPOT; the command may not be in the file), a note. Whole:
        // from its count of requests to its closing rule (a block whose first rows were
        // trimmed away was cut).
        let whole = block.terminated && m.completed.is_some();
        if !missing.is_empty() {
            let list = missing.join("/");
            let finding = if whole {
                sink.info("missing-metrics", block.start, format!("this block prints no {list} rows; those latencies are unknown for this run."))
            } else {
                sink.warn(
                    "missing-metrics",
                    block.start,
                    format!("this block has no {list} rows; those latencies are unknown for this run. Check whether the pasted log was cut."),
                )
            };
            finding.value("missing", missing.join(",")).run(&id);
        }
    }
    // After the missing rows are named: these rows are there, their zeros no measurement.
    not_streamed(run, sink);
    check_rates(run, sink);
}

/// Whether a serving block that lacks its closing rule still shows its end: it reached the
/// inter-token latencies (printed after TTFT and TPOT) and its last row is the last statistic
/// of the ITL or end-to-end group (`P99 ITL`, `Max ITL`, `P99 E2EL`), a number. A block cut
/// earlier (after `P99 TTFT`, or inside the ITL rows) is partial.
fn ends_complete(block: &Block) -> bool {
    let last_of = |row: &Row| match classify(&row.label) {
        Some(Target::Latency { group, stat, .. } | Target::UnitlessLatency { group, stat }) if matches!(group, "itl_ms" | "e2e_ms") => {
            matches!(stat.as_str(), "p99" | "p99.9" | "max")
        }
        _ => false,
    };
    let has_itl = block.rows.iter().any(|r| matches!(classify(&r.label), Some(Target::Latency { group: "itl_ms", .. })));
    has_itl && block.rows.last().is_some_and(|r| matches!(r.cell.value, Value::Number(_)) && last_of(r))
}

/// Whether `row` is a latency row of `group` that holds a placeholder (`<value>`, `TBD`) or an
/// absent value (`N/A`, `-`) instead of a number.
fn stated_without_number(row: &Row, group: &str) -> bool {
    if !matches!(row.cell.value, Value::Placeholder(_) | Value::Absent(_)) {
        return false;
    }
    matches!(classify(&row.label), Some(Target::Latency { group: g, .. } | Target::UnitlessLatency { group: g, .. }) if g == group)
}

/// Request and token throughput must agree with counts divided by duration (to print
/// precision). A mismatch usually means rows from different runs were mixed.
fn check_rates(run: &Run, sink: &mut Sink) {
    let m = &run.metrics;
    let Some(d) = m.duration_s.filter(|&d| d > 0.0) else { return };
    let checks = [
        ("metrics.request_throughput", m.request_throughput, m.completed),
        ("metrics.output_throughput", m.output_throughput, m.total_output_tokens),
        ("metrics.input_throughput", m.input_throughput, m.total_input_tokens),
    ];
    for (key, printed, count) in checks {
        let (Some(p), Some(c)) = (printed, count) else { continue };
        let expected = c as f64 / d;
        let line = run.source.lines.get(key).copied().unwrap_or(run.source.line);
        if p == 0.0 && expected > 0.0 && expected < 0.005 {
            sink.info(
                "rounded-to-zero",
                line,
                format!("{key} is printed as 0.00 but is {expected:.4} ({c} / {d} s); the page shows the printed value."),
            )
            .value("field", key)
            .value("computed", format!("{expected:.4}"))
            .run(&run.id);
            continue;
        }
        let tolerance = 0.02 * expected + 0.011;
        if (p - expected).abs() > tolerance {
            sink.warn(
                "inconsistent-throughput",
                line,
                format!("{key} is {p} but {c} / {d} s = {expected:.2}; the rows of this block may come from different runs."),
            )
            .value("field", key)
            .value("printed", p)
            .value("computed", format!("{expected:.2}"))
            .run(&run.id);
        }
    }
}

fn sweep_ref(path: &str, sweep: &Sweep, pos: u32, run: &Run) -> SweepRef {
    let axis = match sweep.lists.first() {
        Some((k, _)) => k.clone(),
        None if sweep.fixed.iter().any(|(k, _)| k == "num_prompts") => "input_len".to_string(),
        None => "num_prompts".to_string(),
    };
    let declared = sweep.lists.first().and_then(|(_, vals)| vals.get(pos as usize).copied());
    let requests = run.metrics.completed;
    let per_request = match (run.metrics.total_input_tokens, requests) {
        (Some(t), Some(r)) if r > 0 => Some((t as f64 / r as f64 * 100.0).round() / 100.0),
        _ => None,
    };
    SweepRef {
        id: format!("{path}#L{}", sweep.line),
        header: sweep.header.clone(),
        axis,
        index: pos,
        declared,
        requests,
        input_tokens_per_request: per_request,
    }
}

#[cfg(test)]
mod tests {
    proptest::proptest! {
        #[test]
        fn run_ids_read_as_format_writes_them(path in "[a-z/_.é]{0,12}", line in proptest::num::u32::ANY) {
            proptest::prop_assert_eq!(super::run_id(&path, line), format!("{path}#L{line}"));
        }
    }
}
