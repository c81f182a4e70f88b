//! What the templates show, computed from the runs: table columns and cells (each number
//! with the line it came from), sections of a result page, the home page's overview and the
//! tuning page's catalog view. Templates only lay these out.

use super::lang::Lang;
use super::urls::{result_page, Urls};
use benchsite_model::number::{self, format_count, format_metric};
use benchsite_model::tuning::{Catalog, DefaultRule, Effective, Formula, Origin};
use benchsite_model::{Finding, RequestRate, Run, RunsFile, SourceFile};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The page's language and its UI strings: what views need to put things into words.
#[derive(Clone, Copy)]
pub struct Locale<'a> {
    pub lang: Lang,
    pub t: &'a dyn Fn(&str) -> String,
}

/// A metric column of the results tables.
pub struct Column {
    pub id: &'static str,
    /// i18n key of the group header (`col.ttft`) and of the statistic (`stat.p99`).
    pub group: &'static str,
    pub stat: &'static str,
    get: fn(&Run) -> Option<f64>,
    /// Key in `Run::source.lines` of the line that printed the value.
    line_key: &'static str,
    /// How a cell reads: a count, or a metric with the unit each cell shows (`""` when the
    /// header names it; latencies show theirs, since they switch from ms to s).
    kind: Kind,
}

#[derive(Clone, Copy)]
enum Kind {
    Count,
    Metric(&'static str, number::Origin),
}

fn stat(l: &Option<benchsite_model::Latency>, key: &str) -> Option<f64> {
    l.as_ref().and_then(|m| m.get(key)).copied()
}

macro_rules! latency_columns {
    ($($id:literal, $group:literal, $field:ident, $stat:literal, $key:literal;)*) => {
        [$(Column {
            id: $id,
            group: $group,
            stat: concat!("stat.", $stat),
            get: |r| stat(&r.metrics.$field, $stat),
            line_key: $key,
            kind: Kind::Metric("ms", number::Origin::Source),
        },)*]
    };
}

/// The columns every results table shows, in order (made once: every row of every result
/// page walks them).
pub fn columns() -> &'static [Column] {
    static COLUMNS: std::sync::LazyLock<Vec<Column>> = std::sync::LazyLock::new(make_columns);
    &COLUMNS
}

fn make_columns() -> Vec<Column> {
    let mut cols = vec![
        Column { id: "completed", group: "col.requests", stat: "stat.completed", get: |r| r.metrics.completed.map(|v| v as f64), line_key: "metrics.completed", kind: Kind::Count },
        Column { id: "failed", group: "col.requests", stat: "stat.failed", get: |r| r.metrics.failed.map(|v| v as f64), line_key: "metrics.failed", kind: Kind::Count },
        Column {
            id: "rps",
            group: "col.throughput",
            stat: "stat.rps",
            get: |r| r.metrics.request_throughput,
            line_key: "metrics.request_throughput",
            kind: Kind::Metric("", number::Origin::Source),
        },
        Column {
            id: "out_tps",
            group: "col.throughput",
            stat: "stat.out_tps",
            get: |r| r.metrics.output_throughput,
            line_key: "metrics.output_throughput",
            kind: Kind::Metric("", number::Origin::Source),
        },
        Column {
            id: "out_tps_gpu",
            group: "col.throughput",
            stat: "stat.out_tps_gpu",
            get: |r| r.derived.output_throughput_per_gpu,
            line_key: "metrics.output_throughput",
            kind: Kind::Metric("", number::Origin::Derived),
        },
    ];
    cols.extend(latency_columns![
        "ttft_mean", "col.ttft", ttft_ms, "mean", "metrics.ttft_ms.mean";
        "ttft_median", "col.ttft", ttft_ms, "median", "metrics.ttft_ms.median";
        "ttft_p99", "col.ttft", ttft_ms, "p99", "metrics.ttft_ms.p99";
        "tpot_mean", "col.tpot", tpot_ms, "mean", "metrics.tpot_ms.mean";
        "tpot_median", "col.tpot", tpot_ms, "median", "metrics.tpot_ms.median";
        "tpot_p99", "col.tpot", tpot_ms, "p99", "metrics.tpot_ms.p99";
        "itl_mean", "col.itl", itl_ms, "mean", "metrics.itl_ms.mean";
        "itl_median", "col.itl", itl_ms, "median", "metrics.itl_ms.median";
        "itl_p99", "col.itl", itl_ms, "p99", "metrics.itl_ms.p99";
        "e2e_mean", "col.e2e", e2e_ms, "mean", "metrics.e2e_ms.mean";
        "e2e_median", "col.e2e", e2e_ms, "median", "metrics.e2e_ms.median";
        "e2e_p99", "col.e2e", e2e_ms, "p99", "metrics.e2e_ms.p99";
    ]);
    cols
}

/// A header group: `TTFT (ms)` over mean / median / p99.
#[derive(Serialize)]
pub struct HeaderGroup {
    pub label: String,
    pub span: usize,
    pub stats: Vec<String>,
}

pub fn header_groups(t: &dyn Fn(&str) -> String) -> Vec<HeaderGroup> {
    let mut groups: Vec<HeaderGroup> = Vec::new();
    for col in columns() {
        let label = t(col.group);
        match groups.last_mut() {
            Some(g) if g.label == label => {
                g.span += 1;
                g.stats.push(t(col.stat));
            }
            _ => groups.push(HeaderGroup { label, span: 1, stats: vec![t(col.stat)] }),
        }
    }
    groups
}

/// One table cell: the number as text and the line it was printed on.
#[derive(Serialize, Debug)]
pub struct Cell {
    pub text: String,
    /// The value as printed, when the text shows it otherwise (a latency moved to seconds).
    pub exact: Option<String>,
    pub line: Option<u32>,
    /// Set for failures above zero, so the page can flag them.
    pub alert: bool,
}

/// One row of a results table.
#[derive(Serialize, Debug)]
pub struct Row {
    pub run_id: String,
    /// `run-L78`: anchor of the row on its result page.
    pub anchor: String,
    pub line: u32,
    pub scenario: String,
    pub scenario_line: Option<u32>,
    pub cells: Vec<Cell>,
    /// Severity of the worst finding about this run, for a marker.
    pub flag: Option<&'static str>,
}

pub fn row(run: &Run, findings: &[Finding], loc: Locale) -> Row {
    let lang = loc.lang.code();
    let cells = columns()
        .iter()
        .map(|c| {
            let value = (c.get)(run);
            let (text, exact) = match (value, c.kind) {
                (None, _) => ("–".to_string(), None),
                (Some(v), Kind::Count) => (format_count(v as u64, lang), None),
                (Some(v), Kind::Metric(unit, origin)) => {
                    let text = format_metric(v, unit, origin, lang);
                    // The value as printed differs from the text only where the unit moved
                    // (ms from 10 s up) or the value has none (∞): elsewhere it is the text.
                    let moved = !(v.is_finite() && v.abs() < 10_000.0);
                    let printed = match (origin, unit) {
                        (number::Origin::Source, "ms") if !moved => None,
                        (number::Origin::Source, "") | (number::Origin::Derived, _) => None,
                        (number::Origin::Source, _) => Some(format!("{} {unit}", format_metric(v, "", origin, lang))),
                    };
                    let exact = printed.filter(|p| *p != text);
                    (text, exact)
                }
            };
            Cell {
                text,
                exact,
                line: value.and(run.source.lines.get(c.line_key).copied()),
                alert: c.id == "failed" && value.is_some_and(|v| v > 0.0),
            }
        })
        .collect();
    let flag = run
        .findings
        .iter()
        .filter_map(|&i| findings.get(i))
        .map(|f| f.severity)
        .min() // Error < Warning < Info
        .map(|s| s.as_str());
    let scenario_line = ["scenario.input_len", "scenario.dataset", "scenario.num_prompts"].iter().find_map(|k| run.source.lines.get(k).copied());
    Row {
        run_id: run.id.to_string(),
        anchor: run_anchor(run),
        line: run.source.line,
        scenario: row_label(run, loc),
        scenario_line,
        cells,
        flag,
    }
}

pub fn run_anchor(run: &Run) -> String {
    format!("run-L{}", run.source.line)
}

/// `random 1024/1024 · 2,000 prompts · 4 req/s · concurrency 64`: the scenario as readers
/// name it, in the page's language (an unlimited request rate is not mentioned).
pub fn scenario_label(run: &Run, loc: Locale) -> String {
    let s = &run.scenario;
    let lang = loc.lang.code();
    let mut parts = vec![benchsite_viewer::labels::display(&s.key(), &(loc.t)("viewer.unknown"))];
    if let Some(n) = s.num_prompts {
        parts.push((loc.t)("scenario.prompts").replace("{n}", &format_count(n, lang)));
    }
    match s.request_rate {
        Some(RequestRate::Inf) | None => {}
        Some(RequestRate::PerSecond(r)) => {
            parts.push((loc.t)("scenario.rate").replace("{rate}", &format_metric(r, "req/s", number::Origin::Source, lang)));
        }
    }
    if let Some(c) = s.max_concurrency {
        parts.push((loc.t)("scenario.concurrency").replace("{n}", &format_count(c, lang)));
    }
    parts.join(" · ")
}

/// A result table row's scenario: [`scenario_label`] and the engine flags a table's columns
/// state, which no serve command shows and which tell the rows apart
/// (`--gpu-memory-utilization 0.65` beside `0.80`). Charts group runs by scenario and keep the
/// plain label.
pub fn row_label(run: &Run, loc: Locale) -> String {
    let mut label = scenario_label(run, loc);
    if run.params.command.is_none() {
        for f in &run.params.flags {
            label.push_str(" · ");
            label.push_str(&f.name);
            if let Some(v) = &f.value {
                label.push(' ');
                label.push_str(v);
            }
        }
    }
    label
}

/// What tells two scenarios apart, in no language: for counting them.
fn scenario_identity(run: &Run) -> String {
    let s = &run.scenario;
    let rate = match s.request_rate {
        Some(RequestRate::PerSecond(r)) => r.to_string(),
        Some(RequestRate::Inf) | None => String::new(),
    };
    format!("{}|{:?}|{rate}|{:?}", s.key(), s.num_prompts, s.max_concurrency)
}

/// A finding as a page shows it.
#[derive(Serialize)]
pub struct FindingView {
    pub severity: &'static str,
    pub code: String,
    pub title: String,
    /// What the finding means, in the page's language.
    pub help: String,
    /// The generator's English message with the specifics.
    pub message: String,
    pub line: u32,
    /// The values the finding is about, each under its label in the page's language.
    pub values: Vec<(String, String)>,
}

/// `title`, `help` and `label` (of a value's key) are in the page's language.
pub fn finding_view(f: &Finding, title: String, help: String, label: &dyn Fn(&str) -> String) -> FindingView {
    FindingView {
        severity: f.severity.as_str(),
        code: f.code.to_string(),
        title,
        help,
        message: f.message.to_string(),
        line: f.line,
        values: f.values.iter().map(|(k, v)| (label(k), v.clone())).collect(),
    }
}

/// One model section of a result page (or one sweep of a raw log).
#[derive(Serialize)]
pub struct SectionView {
    pub id: String,
    pub title: String,
    /// The title is text quoted from the file (a sweep header, the file's path), not a
    /// heading someone wrote: pages show it as code.
    pub literal: bool,
    pub line: u32,
    pub command: Option<String>,
    pub command_line: Option<u32>,
    pub effective: Vec<EffectiveView>,
    /// When runs of the section differ in effective parameters, the first run's are shown.
    pub effective_varies: bool,
    /// What the first run's memory flag leaves for the KV cache, with the equivalents.
    pub kv: Option<KvView>,
    /// The section's runs, indices into all runs; the page makes a row of each as the table
    /// reaches it.
    #[serde(skip)]
    pub runs: Vec<usize>,
    /// The rows as a chart (set by the page, which holds the charts).
    pub chart: Option<super::charts::ChartView>,
    /// Findings about the section's runs, indices into all findings; shown like the rows.
    #[serde(skip)]
    pub findings: Vec<usize>,
    pub notes: Vec<(u32, String)>,
}

#[derive(Serialize)]
pub struct EffectiveView {
    pub flag: String,
    pub value: String,
    pub origin: &'static str,
    /// Link to the flag's explanation on the tuning page.
    pub href: Option<String>,
    /// Id of the flag's explanation on the result page (`flag_notes`): `f-lmdeploy-tp`.
    pub note: Option<String>,
    pub meaning: Option<String>,
    /// How this engine defines the concept (what a fraction is a fraction of).
    pub definition: Option<String>,
    /// The default rule that gave the value: its condition and the code it cites.
    pub rule: Option<RuleView>,
    /// Computed from the GPU's nominal memory: the engine's value may differ slightly.
    pub approx: bool,
}

/// A run's KV-cache estimate (`params.kv_memory`) as a page shows it: numbers formatted,
/// assumptions in the page's language; the template puts them into sentences.
#[derive(Serialize)]
pub struct KvView {
    pub flag: String,
    pub fraction: String,
    pub origin: &'static str,
    pub family: String,
    pub precision: String,
    pub parameters: String,
    pub tp: u32,
    /// The TP size is the flag's default, not written in the command.
    pub tp_default: bool,
    pub cases: Vec<KvCaseView>,
    pub assumptions: Vec<String>,
}

#[derive(Serialize)]
pub struct KvCaseView {
    pub memory: String,
    pub weights: String,
    /// `None` when the weights do not fit.
    pub kv: Option<String>,
    pub equivalents: Vec<EquivalentView>,
}

#[derive(Serialize)]
pub struct EquivalentView {
    pub framework: String,
    pub flag: String,
    /// `None`: no value of the flag gives the same KV memory.
    pub value: Option<String>,
}

pub fn kv_view(run: &Run, lang: Lang) -> Option<KvView> {
    let kv = run.params.kv_memory.as_ref()?;
    let one = |x: f64| format!("{x:.1}");
    Some(KvView {
        flag: kv.flag.clone(),
        fraction: kv.fraction.to_string(),
        origin: kv.origin.as_str(),
        family: run.family.clone().unwrap_or_default(),
        precision: kv.precision.clone(),
        parameters: kv.parameters_billion.to_string(),
        tp: kv.tp,
        tp_default: kv.tp_from == "default",
        cases: kv
            .cases
            .iter()
            .map(|c| KvCaseView {
                memory: gib(c.gpu_memory_gib),
                weights: one(c.weights_gib),
                kv: (c.kv_gib > 0.0).then(|| one(c.kv_gib)),
                equivalents: c
                    .equivalents
                    .iter()
                    .map(|e| EquivalentView {
                        framework: benchsite_viewer::labels::framework_name(&e.framework).to_string(),
                        flag: e.flag.clone(),
                        value: e.fraction.map(|f| format!("{f:.2}")),
                    })
                    .collect(),
            })
            .collect(),
        assumptions: kv.assumptions.iter().map(|a| a.text().get(lang.code()).to_string()).collect(),
    })
}

/// A default rule's condition and source in parts; templates put them into words with the
/// page's UI strings (`effective_views` has none).
#[derive(Serialize)]
#[derive(Clone, PartialEq)]
pub struct RuleView {
    /// `≥ v0.10.0`, `v0.5.1 – v0.5.2`; `None` for every version.
    pub versions: Option<String>,
    pub gpus: Vec<String>,
    pub not_gpus: Vec<String>,
    /// `≥ 70 GiB`, `35–90 GiB`, `< 90 GiB`.
    pub memory: Option<String>,
    /// Flags whose presence leaves the default unknown.
    pub unless: Vec<String>,
    /// The formula's steps, when the value is computed from the GPU memory.
    pub formula: Vec<StepView>,
    pub note: Option<String>,
    pub source: Option<String>,
    /// The condition as a result page shows it: `≥ v0.10.0 · H100 / H800 · GPU memory ≥ 70 GiB`.
    pub when: String,
}

/// One step of a formula: `< 35 GiB` → `2048`; the last step has no bound.
#[derive(Serialize, Clone, PartialEq)]
pub struct StepView {
    pub bound: Option<String>,
    pub value: String,
}

pub fn rule_view(rule: &DefaultRule, lang: Lang, t: &dyn Fn(&str) -> String) -> RuleView {
    let versions = match (&rule.since, &rule.before) {
        (Some(s), Some(b)) => Some(format!("v{s} – v{b}")),
        (Some(s), None) => Some(format!("≥ v{s}")),
        (None, Some(b)) => Some(format!("< v{b}")),
        (None, None) => None,
    };
    let memory = match (rule.min_memory_gib, rule.below_memory_gib) {
        (Some(lo), Some(hi)) => Some(format!("{}–{} GiB", gib(lo), gib(hi))),
        (Some(lo), None) => Some(format!("≥ {} GiB", gib(lo))),
        (None, Some(hi)) => Some(format!("< {} GiB", gib(hi))),
        (None, None) => None,
    };
    // Made here once rather than by a template macro in every row of every section.
    let mut when = versions.clone().unwrap_or_else(|| t("tuning.any_version"));
    if !rule.gpus.is_empty() {
        when += &format!(" · {}", rule.gpus.join(" / "));
    }
    if let Some(m) = &memory {
        when += &format!(" · {} {m}", t("tuning.memory"));
    }
    if !rule.not_gpus.is_empty() {
        when += &format!(" · {} {}", t("tuning.except"), rule.not_gpus.join(" / "));
    }
    if rule.formula.is_some() {
        when += &format!(" · {}", t("tuning.formula"));
    }
    RuleView {
        versions,
        gpus: rule.gpus.clone(),
        not_gpus: rule.not_gpus.clone(),
        memory,
        unless: rule.unless.clone(),
        formula: rule.formula.as_ref().map(formula_steps).unwrap_or_default(),
        note: rule.note.as_ref().map(|n| n.get(lang.code()).to_string()),
        source: rule.source.clone(),
        when,
    }
}

/// `M` stands for the GPU memory, `P` for TP × PP; templates explain both.
fn formula_steps(formula: &Formula) -> Vec<StepView> {
    formula
        .steps
        .iter()
        .map(|step| {
            let value = match (&step.value, step.reserve_gib, step.reserve_gib_per_gpu) {
                (Some(v), _, _) => v.clone(),
                (None, Some(r), Some(p)) if p != 0.0 => format!("round((M − ({} + {} × P) GiB) / M, 3)", gib(r), gib(p)),
                (None, Some(r), _) => format!("round((M − {} GiB) / M, 3)", gib(r)),
                (None, None, _) => "?".into(),
            };
            StepView { bound: step.below_gib.map(|b| format!("< {} GiB", gib(b))), value }
        })
        .collect()
}

/// GiB as written in the engines' code: `70`, `9.5`, `156.25`.
fn gib(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

pub fn effective_views(effective: &[Effective], framework: &str, catalog: &Catalog, urls: &Urls, loc: Locale) -> Vec<EffectiveView> {
    let lang = loc.lang;
    effective
        .iter()
        .map(|e| {
            let param = catalog.find(framework, &e.flag);
            EffectiveView {
                flag: e.flag.to_string(),
                value: e.value.as_deref().map_or_else(|| if e.origin == Origin::Unknown { "?".into() } else { String::new() }, str::to_string),
                origin: e.origin.as_str(),
                href: param.map(|p| format!("{}#{}", urls.page(lang, "tuning/"), param_anchor(&p.framework, &p.flag))),
                note: param.map(|p| format!("f-{}", param_anchor(&p.framework, &p.flag))),
                meaning: param.map(|p| p.meaning.get(lang.code()).to_string()),
                definition: param.and_then(|p| p.definition.as_ref()).map(|d| d.get(lang.code()).to_string()),
                rule: param.zip(e.rule).and_then(|(p, i)| p.defaults.get(i)).map(|r| rule_view(r, lang, loc.t)),
                // The page does not pass the run's GPU here: every value a memory-fraction
                // formula computed reads as approximate (the table's sizes are mostly nominal).
                approx: catalog.approx(framework, e, None),
            }
        })
        .collect()
}

/// A flag of a result page's effective parameters explained once for the page: what it
/// means and each default rule that gave a value in the page's sections, with its note and
/// the code it cites. The sections' tables link their flags here: the explanation used to be
/// repeated in every section, more than a third of a generated result page.
#[derive(Serialize)]
pub struct FlagNote {
    pub id: String,
    pub flag: String,
    /// The flag on the tuning page.
    pub href: Option<String>,
    pub meaning: Option<String>,
    pub definition: Option<String>,
    pub rules: Vec<RuleView>,
}

/// Moves the explanations out of the sections' effective parameters into one list for the
/// page, in the order the flags first appear; each section keeps a rule's condition.
pub fn flag_notes(sections: &mut [SectionView]) -> Vec<FlagNote> {
    let mut notes: Vec<FlagNote> = Vec::new();
    for e in sections.iter_mut().flat_map(|s| s.effective.iter_mut()) {
        let Some(id) = &e.note else { continue };
        let n = match notes.iter().position(|n| &n.id == id) {
            Some(n) => n,
            None => {
                notes.push(FlagNote { id: id.clone(), flag: e.flag.clone(), href: e.href.clone(), meaning: e.meaning.take(), definition: e.definition.take(), rules: Vec::new() });
                notes.len() - 1
            }
        };
        e.meaning = None;
        e.definition = None;
        if let Some(rule) = &mut e.rule {
            if !notes[n].rules.contains(rule) {
                notes[n].rules.push(rule.clone());
            }
            rule.note = None;
            rule.source = None;
        }
    }
    notes
}

pub fn param_anchor(framework: &str, flag: &str) -> String {
    format!("{framework}-{}", flag.trim_start_matches('-'))
}

/// Groups a file's runs into sections in file order: by markdown heading, else by sweep,
/// else one section for the whole file.
pub fn sections(all: &[Run], runs: &[usize], effective: &dyn Fn(&Run) -> Vec<EffectiveView>, file_title: &str) -> Vec<SectionView> {
    let mut order: Vec<String> = Vec::new();
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for &i in runs {
        let run = &all[i];
        let key = run
            .section
            .clone()
            .or_else(|| run.sweep.as_ref().map(|s| s.header.lines().next().unwrap_or(&s.header).trim().to_string()))
            .unwrap_or_else(|| file_title.to_string());
        if !groups.contains_key(&key) {
            order.push(key.clone());
        }
        groups.entry(key).or_default().push(i);
    }
    let mut used_ids = BTreeSet::new();
    order
        .into_iter()
        .map(|title| {
            let ids = groups.remove(&title).unwrap_or_default();
            let runs = || ids.iter().map(|&i| &all[i]);
            let first = &all[ids[0]];
            let mut id = format!("s-{}", super::markdown::slug(&title));
            if !used_ids.insert(id.clone()) {
                id = format!("{id}-L{}", first.source.line);
                used_ids.insert(id.clone());
            }
            let finding_ids: BTreeSet<usize> = runs().flat_map(|r| r.findings.iter().copied()).collect();
            let eff = effective(first);
            let effective_varies = runs().any(|r| r.params.effective != first.params.effective);
            let mut notes: Vec<(u32, String)> = runs().flat_map(|r| r.notes.iter().map(|n| (n.line, n.text.clone()))).collect();
            notes.sort();
            notes.dedup();
            SectionView {
                id,
                title: title.clone(),
                line: runs().map(|r| r.source.lines.get("params.command").copied().unwrap_or(r.source.line)).min().unwrap_or(first.source.line),
                command: first.params.command.clone(),
                command_line: first.source.lines.get("params.command").copied(),
                effective: eff,
                effective_varies,
                kv: None,
                literal: first.section.is_none(),
                chart: None,
                findings: finding_ids.into_iter().collect(),
                notes,
                runs: ids,
            }
        })
        .collect()
}

/// Counts of what the site holds, for the home page, as the page shows them.
#[derive(Serialize)]
pub struct Overview {
    pub frameworks: String,
    pub versions: String,
    pub gpus: String,
    pub models: String,
    pub scenarios: String,
    pub runs: String,
    pub findings: String,
    pub files: String,
}

/// The home page's counts, in no language: each a walk over every run, made once for both
/// languages (`Overview::of`).
#[derive(Clone, Copy)]
pub struct Counts([usize; 8]);

impl Counts {
    pub fn of(data: &RunsFile) -> Counts {
        fn distinct<'a>(it: impl Iterator<Item = Option<&'a String>>) -> usize {
            it.flatten().collect::<std::collections::HashSet<_>>().len()
        }
        let runs = &data.runs;
        Counts([
            distinct(runs.iter().map(|r| r.framework.as_ref())),
            runs.iter().filter_map(|r| Some((r.framework.as_ref()?, r.framework_version.as_ref()?))).collect::<std::collections::HashSet<_>>().len(),
            distinct(runs.iter().map(|r| r.gpu.as_ref())),
            distinct(runs.iter().map(|r| r.model.as_ref())),
            runs.iter().map(scenario_identity).collect::<std::collections::HashSet<_>>().len(),
            runs.len(),
            data.findings.len(),
            data.sources.iter().filter(|s| s.kind != "sidecar").count(),
        ])
    }
}

impl Overview {
    pub fn of(counts: Counts, lang: Lang) -> Overview {
        let [frameworks, versions, gpus, models, scenarios, runs, findings, files] = counts.0.map(|n| format_count(n as u64, lang.code()));
        Overview { frameworks, versions, gpus, models, scenarios, runs, findings, files }
    }
}


/// One line of the home page's list of result files.
#[derive(Serialize)]
pub struct SourceView {
    pub path: String,
    pub href: String,
    pub framework: String,
    pub version: String,
    pub gpu: String,
    pub runs: String,
    pub models: String,
    pub findings: String,
    /// The newest version of this framework on this GPU.
    pub latest: bool,
}

/// Every published source, newest version first within framework and GPU.
pub fn source_views(data: &RunsFile, urls: &Urls, lang: Lang) -> Vec<SourceView> {
    let published: Vec<&SourceFile> = data.sources.iter().filter(|s| is_published(s)).collect();
    // Models and findings per file in one walk over the runs and findings (a walk per file
    // made the home page quadratic).
    let mut models: BTreeMap<&str, BTreeSet<&String>> = BTreeMap::new();
    for r in &data.runs {
        let entry = models.entry(r.source.path.as_str()).or_default();
        entry.extend(r.model.as_ref());
    }
    let mut findings: BTreeMap<&str, u64> = BTreeMap::new();
    for f in &data.findings {
        *findings.entry(f.path.as_str()).or_default() += 1;
    }
    let mut latest: BTreeMap<(String, String), Vec<u64>> = BTreeMap::new();
    for s in &published {
        if let (Some(f), Some(g), Some(v)) = (&s.framework, &s.gpu, &s.framework_version) {
            let key = benchsite_model::tuning::version_key(v);
            let entry = latest.entry((f.clone(), g.clone())).or_default();
            if key > *entry {
                *entry = key;
            }
        }
    }
    let mut views: Vec<SourceView> = published
        .iter()
        .map(|s| {
            let dash = || "–".to_string();
            let is_latest = match (&s.framework, &s.gpu, &s.framework_version) {
                (Some(f), Some(g), Some(v)) => latest.get(&(f.clone(), g.clone())) == Some(&benchsite_model::tuning::version_key(v)),
                _ => false,
            };
            SourceView {
                path: s.path.clone(),
                href: urls.page(lang, &result_page(&s.path)),
                framework: s.framework.clone().unwrap_or_else(dash),
                version: s.framework_version.clone().unwrap_or_else(dash),
                gpu: s.gpu.clone().unwrap_or_else(dash),
                runs: format_count(u64::from(s.runs), lang.code()),
                models: format_count(models.get(s.path.as_str()).map_or(0, BTreeSet::len) as u64, lang.code()),
                findings: format_count(findings.get(s.path.as_str()).copied().unwrap_or(0), lang.code()),
                latest: is_latest,
            }
        })
        .collect();
    views.sort_by(|a, b| {
        (&a.framework, &a.gpu).cmp(&(&b.framework, &b.gpu)).then_with(|| {
            benchsite_model::tuning::version_key(&b.version).cmp(&benchsite_model::tuning::version_key(&a.version))
        }).then_with(|| a.path.cmp(&b.path))
    });
    views
}

/// Sources that get a page: everything scanned that was readable text.
pub fn is_published(s: &SourceFile) -> bool {
    matches!(s.kind.as_str(), "result-file" | "raw")
}

/// A concept of the tuning page with its flags in every framework.
#[derive(Serialize)]
pub struct ConceptView {
    pub id: String,
    pub title: String,
    pub summary: String,
    pub params: Vec<ParamView>,
}

#[derive(Serialize)]
pub struct ParamView {
    pub anchor: String,
    pub framework: String,
    pub flag: String,
    pub aliases: Vec<String>,
    pub meaning: String,
    pub definition: Option<String>,
    pub defaults: Vec<DefaultView>,
    pub source: Option<String>,
    /// Values the published runs used: `(value, origin, count)`.
    pub seen: Vec<(String, &'static str, String)>,
}

#[derive(Serialize)]
pub struct DefaultView {
    pub versions: String,
    pub gpus: String,
    pub value: String,
    pub note: Option<String>,
    /// Memory bounds, excluded GPUs, `unless` flags, formula and source.
    pub rule: RuleView,
}

pub fn tuning_view(catalog: &Catalog, runs: &[Run], lang: Lang, t: &dyn Fn(&str) -> String) -> Vec<ConceptView> {
    let seen = seen_values(runs);
    let mut concepts: Vec<ConceptView> = catalog
        .concepts
        .iter()
        .map(|c| ConceptView { id: c.id.clone(), title: c.title.get(lang.code()).into(), summary: c.summary.get(lang.code()).into(), params: Vec::new() })
        .collect();
    for p in &catalog.params {
        let view = ParamView {
            anchor: param_anchor(&p.framework, &p.flag),
            framework: p.framework.clone(),
            flag: p.flag.clone(),
            aliases: p.aliases.clone(),
            meaning: p.meaning.get(lang.code()).into(),
            definition: p.definition.as_ref().map(|d| d.get(lang.code()).to_string()),
            defaults: p.defaults.iter().enumerate().map(|(i, r)| default_view(r, p.defaults[..i].iter().any(DefaultRule::depends_on_gpu), lang, t)).collect(),
            source: p.source.clone(),
            seen: seen
                .get(&(p.framework.as_str(), p.flag.as_str()))
                .into_iter()
                .flatten()
                .map(|((v, o), n)| (v.to_string(), *o, format_count(*n as u64, lang.code())))
                .collect(),
        };
        let idx = p.concept.as_deref().and_then(|c| concepts.iter().position(|cv| cv.id == c));
        match idx {
            Some(i) => concepts[i].params.push(view),
            None => {
                // A flag without a concept still gets explained, under its own heading.
                concepts.push(ConceptView { id: view.anchor.clone(), title: view.flag.clone(), summary: String::new(), params: vec![view] });
            }
        }
    }
    concepts
}

/// `after_gpu_rules`: an earlier rule named GPUs, so an empty list means "other GPUs".
fn default_view(rule: &DefaultRule, after_gpu_rules: bool, lang: Lang, t: &dyn Fn(&str) -> String) -> DefaultView {
    let versions = match (&rule.since, &rule.before) {
        (Some(s), Some(b)) => format!("v{s} – v{b}"),
        (Some(s), None) => format!("≥ v{s}"),
        (None, Some(b)) => format!("< v{b}"),
        (None, None) => t("tuning.any_version"),
    };
    // A rule with its own memory or exclusion condition says so itself (`rule`).
    let gpus = if !rule.gpus.is_empty() {
        rule.gpus.join(" / ")
    } else if !rule.not_gpus.is_empty() || rule.min_memory_gib.is_some() || rule.below_memory_gib.is_some() {
        String::new()
    } else if after_gpu_rules {
        t("tuning.other_gpus")
    } else {
        t("tuning.all_gpus")
    };
    DefaultView { versions, gpus, value: rule.value.clone(), note: rule.note.as_ref().map(|n| n.get(lang.code()).to_string()), rule: rule_view(rule, lang, t) }
}

/// Per framework and flag, how many runs used each value (the first entry of a flag in a
/// run's effective parameters, as the page always counted), in one walk over the runs that
/// borrows every string (it cloned each value: a million allocations at 100,000 runs).
type Seen<'a> = std::collections::HashMap<(&'a str, &'a str), BTreeMap<(&'a str, &'static str), usize>>;

/// Runs that resolved alike share one list (`Effectives`): each list is walked once, with
/// the number of runs holding it.
fn seen_values(runs: &[Run]) -> Seen<'_> {
    let mut lists: std::collections::HashMap<*const Effective, (&str, &[Effective], usize)> = std::collections::HashMap::new();
    for run in runs {
        let Some(framework) = run.framework.as_deref() else { continue };
        let list: &[Effective] = &run.params.effective;
        if !list.is_empty() {
            lists.entry(list.as_ptr()).or_insert((framework, list, 0)).2 += 1;
        }
    }
    let mut seen: Seen = Seen::new();
    for (framework, list, n) in lists.into_values() {
        for (i, e) in list.iter().enumerate() {
            if list[..i].iter().any(|earlier| earlier.flag == e.flag) {
                continue;
            }
            let counts = seen.entry((framework, e.flag.as_str())).or_default();
            *counts.entry((e.value.as_deref().unwrap_or("?"), e.origin.as_str())).or_default() += n;
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(key: &str) -> String {
        match key {
            "scenario.prompts" => "{n} prompts".into(),
            "scenario.rate" => "{rate}".into(),
            "scenario.concurrency" => "concurrency {n}".into(),
            "viewer.unknown" => "not stated".into(),
            other => other.into(),
        }
    }

    const EN: Locale = Locale { lang: Lang::En, t: &en };

    #[test]
    fn every_cell_points_at_the_line_of_its_value() {
        let mut run = Run::default();
        run.metrics.output_throughput = Some(1843.235);
        run.metrics.completed = Some(10000);
        run.gpu_count = Some(2);
        run.source.lines.insert("metrics.output_throughput", 42);
        run.source.lines.insert("metrics.completed", 40);
        run.derive();
        let r = row(&run, &[], EN);
        let cols = columns();
        let at = |id: &str| &r.cells[cols.iter().position(|c| c.id == id).unwrap()];
        assert_eq!((at("completed").text.as_str(), at("completed").line), ("10,000", Some(40)));
        assert_eq!((at("out_tps").text.as_str(), at("out_tps").line), ("1,843.235", Some(42)));
        assert_eq!((at("out_tps_gpu").text.as_str(), at("out_tps_gpu").line), ("922", Some(42)));
        assert_eq!((at("ttft_p99").text.as_str(), at("ttft_p99").line), ("–", None));
    }

    #[test]
    fn a_latency_shown_in_seconds_keeps_the_printed_milliseconds() {
        let mut run = Run::default();
        run.metrics.e2e_ms = Some(benchsite_model::Latency::from([("mean", 1766464.74), ("p99", 845.12)]));
        let r = row(&run, &[], EN);
        let cols = columns();
        let at = |id: &str| &r.cells[cols.iter().position(|c| c.id == id).unwrap()];
        assert_eq!((at("e2e_mean").text.as_str(), at("e2e_mean").exact.as_deref()), ("1,766.46 s", Some("1,766,464.74 ms")));
        assert_eq!((at("e2e_p99").text.as_str(), at("e2e_p99").exact.as_deref()), ("845.12 ms", None));
    }

    #[test]
    fn scenarios_are_named_in_the_page_language() {
        let mut run = Run::default();
        run.scenario.dataset = Some("random".into());
        run.scenario.input_len = Some(1024);
        run.scenario.output_len = Some(1024);
        run.scenario.num_prompts = Some(2000);
        run.scenario.request_rate = Some(RequestRate::PerSecond(4.0));
        run.scenario.max_concurrency = Some(64);
        assert_eq!(scenario_label(&run, EN), "random 1024/1024 · 2,000 prompts · 4 req/s · concurrency 64");
        run.scenario.request_rate = Some(RequestRate::Inf);
        run.scenario.max_concurrency = None;
        assert_eq!(scenario_label(&run, EN), "random 1024/1024 · 2,000 prompts");
        assert_eq!(scenario_label(&Run::default(), EN), "not stated");
        // Flags a table stated, with no serve command to show them, name the row.
        let mut tuned = Run::default();
        tuned.params.flags.push(benchsite_model::Flag { name: "--gpu-memory-utilization".into(), value: Some("0.65".into()) });
        assert_eq!(row_label(&tuned, EN), "not stated · --gpu-memory-utilization 0.65");
        assert_eq!(scenario_label(&tuned, EN), "not stated");
        tuned.params.command = Some("vllm serve m --gpu-memory-utilization 0.65".into());
        assert_eq!(row_label(&tuned, EN), "not stated");
    }
}
