//! Scenarios a log does not state, inferred from the rest of its file. Part of the file-level
//! judgement (`checks`): a result block whose client printed neither `Running benchmark ...`
//! nor `Namespace(...)` has no dataset, prompt count or lengths. The sections of a result
//! file usually run the same scenario list in the same order, so the run in the same position
//! of the other sections is the candidate; it is taken only when the block's own numbers
//! confirm it: the requests it completed, the load it printed, and its planned token counts
//! (`#Input tokens` / `#Output tokens`), which must equal prompts × lengths for fixed-length
//! random prompts, or the candidate's own planned counts otherwise (same dataset and seed,
//! same sample). Either way a finding says what was inferred from where, or why nothing was.

use crate::markdown::Section;
use crate::sink::{FindingExt, Sink};
use benchsite_model::{RequestRate, Run, Scenario};
use std::collections::{HashMap, HashSet};

/// A run whose client stated nothing about its scenario.
fn unstated(run: &Run) -> bool {
    let s = &run.scenario;
    s.dataset.is_none()
        && s.num_prompts.is_none()
        && s.input_len.is_none()
        && s.output_len.is_none()
        && run.client.args.is_none()
        && run.client.namespace.is_empty()
}

fn stated(run: &Run) -> bool {
    run.scenario.dataset.is_some() && run.scenario.num_prompts.is_some()
}

/// `sharegpt, 10000 prompts` / `random, 2000 prompts, 1024/1024 tokens, range ratio 1`.
pub fn describe(s: &Scenario) -> String {
    let mut out = s.dataset.clone().unwrap_or_else(|| "?".into());
    if let Some(n) = s.num_prompts {
        out.push_str(&format!(", {n} prompts"));
    }
    if let (Some(i), Some(o)) = (s.input_len, s.output_len) {
        out.push_str(&format!(", {i}/{o} tokens"));
    }
    if let Some(r) = s.range_ratio {
        out.push_str(&format!(", range ratio {r}"));
    }
    out
}

fn rate(r: &RequestRate) -> String {
    match r {
        RequestRate::Inf => "inf".into(),
        RequestRate::PerSecond(x) => x.to_string(),
    }
}

/// The first line a run's scenario was read from.
fn scenario_line(run: &Run) -> u32 {
    ["scenario.dataset", "scenario.num_prompts"].iter().find_map(|k| run.source.lines.get(k).copied()).unwrap_or(run.source.line)
}

fn line_of(run: &Run, key: &str) -> String {
    run.source.lines.get(key).map(|l| format!("line {l}")).unwrap_or_else(|| "no line".into())
}

/// Why `donor`'s scenario fits `run` (`Ok`) or does not (`Err`), in words.
fn evidence(run: &Run, donor: &Run) -> Result<String, String> {
    let s = &donor.scenario;
    let mut said = Vec::new();
    if let (Some(done), Some(n)) = (run.metrics.completed, s.num_prompts) {
        let ran = done + run.metrics.failed.unwrap_or(0);
        if ran != n {
            return Err(format!("{ran} requests ran ({}), not {n}", line_of(run, "metrics.completed")));
        }
        said.push(format!("{done} requests completed ({})", line_of(run, "metrics.completed")));
    }
    if let (Some(a), Some(b)) = (&run.scenario.request_rate, &s.request_rate) {
        if a != b {
            return Err(format!("its request rate is {}, not {}", rate(a), rate(b)));
        }
    }
    if let (Some(a), Some(b)) = (run.scenario.max_concurrency, s.max_concurrency) {
        if a != b {
            return Err(format!("its max concurrency is {a}, not {b}"));
        }
    }
    let planned = (run.client.planned_input_tokens, run.client.planned_output_tokens);
    let (Some(pi), Some(po)) = planned else {
        return Err("the block prints no planned token counts (#Input tokens / #Output tokens) to check it against".into());
    };
    let at = format!("{}, {}", line_of(run, "client.planned_input_tokens"), line_of(run, "client.planned_output_tokens"));
    let fixed = s.range_ratio == Some(1.0) && s.dataset.as_deref() == Some("random");
    if let (true, Some(n), Some(i), Some(o)) = (fixed, s.num_prompts, s.input_len, s.output_len) {
        if (pi, po) != (n * i, n * o) {
            return Err(format!("#Input/#Output tokens {pi}/{po} ({at}) are not {n} prompts × {i}/{o} = {}/{}", n * i, n * o));
        }
        said.insert(0, format!("#Input tokens {pi} = {n} prompts × {i} and #Output tokens {po} = {n} × {o} ({at})"));
        return Ok(said.join("; "));
    }
    let (Some(di), Some(dout)) = (donor.client.planned_input_tokens, donor.client.planned_output_tokens) else {
        return Err("that run prints no planned token counts to compare with".into());
    };
    let donor_at = format!("{}, {}", line_of(donor, "client.planned_input_tokens"), line_of(donor, "client.planned_output_tokens"));
    if (pi, po) != (di, dout) {
        return Err(format!("#Input/#Output tokens {pi}/{po} ({at}) differ from that run's {di}/{dout} ({donor_at})"));
    }
    said.insert(0, format!("#Input tokens {pi} and #Output tokens {po} ({at}) equal that run's ({donor_at})"));
    Ok(said.join("; "))
}

/// Copies the scenario fields `run` lacks from `donor`, each with the line it was read from.
fn fill(run: &mut Run, donor: &Run) {
    let (s, d) = (&mut run.scenario, &donor.scenario);
    let mut filled = Vec::new();
    macro_rules! take {
        ($field:ident) => {
            if s.$field.is_none() && d.$field.is_some() {
                s.$field = d.$field.clone();
                filled.push(concat!("scenario.", stringify!($field)));
            }
        };
    }
    take!(dataset);
    take!(num_prompts);
    take!(input_len);
    take!(output_len);
    take!(range_ratio);
    take!(request_rate);
    take!(max_concurrency);
    for key in filled {
        if let Some(&line) = donor.source.lines.get(key) {
            run.source.lines.insert(key, line);
        }
    }
}

/// More distinct scenarios than this at one position mean the sections do not share a
/// scenario list: nothing is inferred there, and the finding does not weigh each of them
/// (which would make the work grow with targets × candidates).
const MAX_CANDIDATES: usize = 16;

/// A scenario as a hash key (floats by their bits).
type ScenarioKey<'a> = (Option<&'a str>, Option<u64>, Option<u64>, Option<u64>, Option<u64>, Option<(bool, u64)>, Option<u64>);

fn key(s: &Scenario) -> ScenarioKey<'_> {
    let bits = |x: f64| (x + 0.0).to_bits();
    let rate = s.request_rate.as_ref().map(|r| match r {
        RequestRate::Inf => (true, 0),
        RequestRate::PerSecond(x) => (false, bits(*x)),
    });
    (s.dataset.as_deref(), s.num_prompts, s.input_len, s.output_len, s.range_ratio.map(bits), rate, s.max_concurrency)
}

/// The distinct scenarios stated at each position, as the sections that first state them
/// (at most `MAX_CANDIDATES + 1` kept), gathered in one pass over the runs. A run that states
/// no scenario is never a witness, so the list is the same for every such run of a position.
fn candidates(sections: &[Section], wanted: &HashSet<usize>) -> HashMap<usize, Vec<usize>> {
    let mut seen: HashMap<usize, HashSet<ScenarioKey<'_>>> = HashMap::new();
    let mut out: HashMap<usize, Vec<usize>> = HashMap::new();
    for (k, section) in sections.iter().enumerate() {
        for (slot, run) in section.runs.iter().enumerate().filter(|(slot, r)| wanted.contains(slot) && stated(r)) {
            let list = out.entry(slot).or_default();
            if list.len() <= MAX_CANDIDATES && seen.entry(slot).or_default().insert(key(&run.scenario)) {
                list.push(k);
            }
        }
    }
    out
}

/// Infers the scenario of every run that states none, where the file gives evidence.
pub fn scenarios(sections: &mut [Section], sink: &mut Sink) {
    let targets: Vec<(usize, usize)> = sections
        .iter()
        .enumerate()
        .flat_map(|(i, s)| s.runs.iter().enumerate().filter(|(_, r)| unstated(r)).map(move |(j, _)| (i, j)))
        .collect();
    let slots: HashSet<usize> = targets.iter().map(|&(_, slot)| slot).collect();
    let witnesses = candidates(sections, &slots);
    for &(i, slot) in &targets {
        let donors = witnesses.get(&slot).map(Vec::as_slice).unwrap_or_default();
        let candidates: Vec<(&Section, &Run)> = donors.iter().map(|&k| (&sections[k], &sections[k].runs[slot])).collect();
        let run = &sections[i].runs[slot];
        let title = sections[i].title.clone();
        let at = run.source.lines.get("client.planned_input_tokens").copied().unwrap_or(run.source.line);
        if candidates.is_empty() {
            sink.warn(
                "scenario-not-inferred",
                at,
                format!(
                    "run {} of `{title}` states no scenario (no `Running benchmark` or `Namespace(...)` line) and no other section of this file \
                     states one for run {}; its dataset, prompts and lengths are unknown. Add the client's command line if you have it.",
                    slot + 1,
                    slot + 1
                ),
            )
            .value("slot", slot + 1)
            .run(&run.id);
            continue;
        }
        if candidates.len() > MAX_CANDIDATES {
            sink.warn(
                "scenario-not-inferred",
                at,
                format!(
                    "run {} of `{title}` states no scenario (no `Running benchmark` or `Namespace(...)` line) and the other sections state \
                     more than {MAX_CANDIDATES} different scenarios for run {}, so they do not share one scenario list to infer it from. \
                     Its dataset, prompts and lengths are left unknown.",
                    slot + 1,
                    slot + 1
                ),
            )
            .value("slot", slot + 1)
            .run(&run.id);
            continue;
        }
        let verdicts: Vec<(&Section, &Run, Result<String, String>)> =
            candidates.iter().map(|(s, d)| (*s, *d, evidence(run, d))).collect();
        let fitting: Vec<&(&Section, &Run, Result<String, String>)> = verdicts.iter().filter(|v| v.2.is_ok()).collect();
        if let [(section, donor, Ok(why))] = fitting.as_slice() {
            let (from_title, from_line, scenario) = (section.title.clone(), scenario_line(donor), describe(&donor.scenario));
            let (why, donor) = (why.clone(), (*donor).clone());
            let run = &mut sections[i].runs[slot];
            fill(run, &donor);
            sink.info(
                "scenario-inferred",
                at,
                format!(
                    "run {} of `{title}` states no scenario (no `Running benchmark` or `Namespace(...)` line); it is taken from run {} of \
                     `{from_title}` (line {from_line}): {scenario}. Evidence: {why}. Its scenario fields point to line {from_line}.",
                    slot + 1,
                    slot + 1
                ),
            )
            .value("slot", slot + 1)
            .value("from_section", &from_title)
            .value("from_line", from_line)
            .value("scenario", &scenario)
            .value("evidence", &why)
            .run(&run.id);
            continue;
        }
        let reasons: Vec<String> = verdicts
            .iter()
            .map(|(s, d, v)| {
                let verdict = match v {
                    Ok(why) => format!("fits ({why})"),
                    Err(why) => why.clone(),
                };
                format!("`{}` (line {}: {}): {verdict}", s.title, scenario_line(d), describe(&d.scenario))
            })
            .collect();
        let what = if fitting.is_empty() { "does not fit" } else { "fits more than one of" };
        sink.warn(
            "scenario-not-inferred",
            at,
            format!(
                "run {} of `{title}` states no scenario (no `Running benchmark` or `Namespace(...)` line) and {what} the scenario(s) run {} \
                 of the other sections states: {}. Its dataset, prompts and lengths are left unknown.",
                slot + 1,
                slot + 1,
                reasons.join("; ")
            ),
        )
        .value("slot", slot + 1)
        .value("candidates", reasons.join("; "))
        .run(&run.id);
    }
}
