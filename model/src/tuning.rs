//! The parameter catalog (`content/tuning/parameters.toml`) and the resolution of a run's
//! effective serve parameters: the flags it set, plus the defaults its framework version
//! picks on its GPU. Lives in the model crate so the generator and the viewer resolve a run
//! the same way.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

use crate::gpu::{self, Gpu, Memory, MIB_PER_GIB};

/// A text in both site languages.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Text {
    pub zh: String,
    pub en: String,
}

impl Text {
    pub fn get(&self, lang: &str) -> &str {
        if lang == "zh" {
            &self.zh
        } else {
            &self.en
        }
    }
}

/// The whole catalog: concepts (what a knob does, across frameworks), the flags that
/// implement them in each framework, and the GPU table their default rules read.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    #[serde(default, rename = "concept")]
    pub concepts: Vec<Concept>,
    #[serde(default, rename = "param")]
    pub params: Vec<Param>,
    /// The GPU table (`content/tuning/gpus.toml`). Empty when the catalog was read from
    /// `parameters.toml` alone: the built-in table is used then, and written out with the
    /// catalog so the viewer resolves with the same table.
    #[serde(default, rename = "gpu", serialize_with = "serialize_gpus")]
    pub gpus: Vec<Gpu>,
}

fn serialize_gpus<S: serde::Serializer>(gpus: &[Gpu], s: S) -> Result<S::Ok, S::Error> {
    if gpus.is_empty() { gpu::builtin() } else { gpus }.serialize(s)
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Concept {
    /// Stable id used in anchors and by `Param::concept`: `max-batch`.
    pub id: String,
    pub title: Text,
    pub summary: Text,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Param {
    /// `lmdeploy`, `vllm`, `sglang`, `trtllm`.
    pub framework: String,
    /// Canonical spelling: `--max-batch-size` (`--max_batch_size` for trtllm-serve).
    pub flag: String,
    /// Other spellings the CLI accepts: `-tp`, `--tp-size`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Id of the concept this flag implements; flags sharing a concept are equivalents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concept: Option<String>,
    pub meaning: Text,
    /// How this engine defines the concept, exactly (what a fraction is a fraction of),
    /// as read in its code: equal numbers mean different things across engines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definition: Option<Text>,
    /// Default rules, first match wins.
    #[serde(default, rename = "default", skip_serializing_if = "Vec::is_empty")]
    pub defaults: Vec<DefaultRule>,
    /// Where the meaning and definition come from (repository file and version).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One default: applies to versions in `[since, before)`, on GPUs whose name matches one of
/// `gpus` (all when empty) and none of `not_gpus`, whose memory is in
/// `[min_memory_gib, below_memory_gib)`, and only when the command sets none of `unless`
/// (flags the engine's computation also reads, which the rule does not model).
/// `value` is what the server uses, or `formula` computes it from the GPU's memory.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct DefaultRule {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    /// Names searched in the GPU's device name, as the engines do (`"a100" in name`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gpus: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_gpus: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_memory_gib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below_memory_gib: Option<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unless: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<Formula>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
    /// The code this rule was read from: `sglang python/sglang/srt/server_args.py @ v0.5.1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A value computed from the GPU's memory the way SGLang writes it: steps by memory
/// (`if gpu_mem < 20 * 1024: ... elif gpu_mem < 35 * 1024: ...`), the first whose bound
/// the memory is below wins. A step gives a fixed `value`, or a memory fraction
/// `round((memory - reserve) / memory, 3)` with `reserve = reserve_gib +
/// reserve_gib_per_gpu × TP × PP`. Deliberately not an expression language.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Formula {
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Applies to memory below this many GiB; the last step may leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below_gib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_gib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_gib_per_gpu: Option<f64>,
}

impl Formula {
    /// The value for `memory` with `parallel` GPUs (TP × PP) per instance; `None` when no
    /// step covers the memory, or a step needs the parallel size and it is unknown.
    pub fn eval(&self, memory: Memory, parallel: Option<u32>) -> Option<String> {
        let step = self.steps.iter().find(|s| s.below_gib.is_none_or(|b| memory.gib() < b))?;
        if let Some(v) = &step.value {
            return Some(v.clone());
        }
        let per_gpu = step.reserve_gib_per_gpu.unwrap_or(0.0);
        let parallel = if per_gpu == 0.0 { 1 } else { parallel? };
        let reserve_mib = (step.reserve_gib? + per_gpu * f64::from(parallel)) * MIB_PER_GIB;
        Some(format_fraction((memory.mib - reserve_mib) / memory.mib))
    }

    /// Whether the value depends on the parallel size.
    pub fn uses_parallel(&self) -> bool {
        self.steps.iter().any(|s| s.reserve_gib_per_gpu.is_some_and(|p| p != 0.0))
    }
}

/// Python's `round(x, 3)` as printed: `0.875`, `0.87`, `1`.
fn format_fraction(x: f64) -> String {
    let s = format!("{:.3}", (x * 1000.0).round() / 1000.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Whether a run set a parameter or inherited it.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Written in the serve command.
    Explicit,
    /// Not written; the framework's default for this version and GPU.
    Default,
    /// Not written, and the default depends on a version or GPU the run does not state.
    Unknown,
}

impl Origin {
    /// As in the JSON: `explicit`, `default`, `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Explicit => "explicit",
            Origin::Default => "default",
            Origin::Unknown => "unknown",
        }
    }
}

/// One effective parameter of a run.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Effective {
    /// The catalog's spelling when the flag is in the catalog, else as written. Its texts
    /// are inline up to 24 bytes (`map::Key`), as nearly every flag, value and concept is:
    /// a build holds a list of these per serve command.
    pub flag: crate::map::Key,
    /// `null` for a switch, or when the default cannot be decided.
    pub value: Option<crate::map::Key>,
    pub origin: Origin,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concept: Option<crate::map::Key>,
    /// Index of the default rule that applied (into the catalog param's `default`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<usize>,
}

/// A run's effective parameters, shared by the runs that resolve alike (same framework,
/// version, GPU and flags: most runs of a section), as `Catalog::apply` hands them out: a
/// build holds every run, and a list of a dozen entries, each with its strings, per run was
/// some 200 MB at 100,000 generated runs. Reads as a slice; [`Effectives::push`] copies a
/// shared list first. Serialised as the list it holds (`runs.json` unchanged).
#[derive(Clone, Debug, Default)]
pub struct Effectives(Option<Arc<Vec<Effective>>>);

impl Effectives {
    /// No parameters (a run without a serve command).
    pub const NONE: Effectives = Effectives(None);

    pub fn is_empty(&self) -> bool {
        self.0.as_ref().is_none_or(|list| list.is_empty())
    }

    /// Adds one, to this run's list only.
    pub fn push(&mut self, e: Effective) {
        Arc::make_mut(self.0.get_or_insert_with(Arc::default)).push(e);
    }

    /// Whether `other` is this very list (not only an equal one).
    pub fn shares(&self, other: &Effectives) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl std::ops::Deref for Effectives {
    type Target = [Effective];

    fn deref(&self) -> &[Effective] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl From<Vec<Effective>> for Effectives {
    fn from(list: Vec<Effective>) -> Self {
        Effectives((!list.is_empty()).then(|| Arc::new(list)))
    }
}

impl FromIterator<Effective> for Effectives {
    fn from_iter<I: IntoIterator<Item = Effective>>(list: I) -> Self {
        Effectives::from(list.into_iter().collect::<Vec<_>>())
    }
}

impl PartialEq for Effectives {
    fn eq(&self, other: &Self) -> bool {
        self.shares(other) || **self == **other
    }
}

impl Serialize for Effectives {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Effectives {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<Effective>::deserialize(d).map(Effectives::from)
    }
}

/// What a default rule depends on, as known for one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Target<'a> {
    pub framework: Option<&'a str>,
    pub version: Option<&'a str>,
    pub gpu: Option<&'a str>,
}

/// Everything a rule reads, resolved once per run.
struct Context<'a> {
    version: Option<&'a str>,
    gpu: Option<Gpu>,
    /// TP × PP of the instance, when the command and the defaults say.
    parallel: Option<u32>,
    explicit: Vec<String>,
}

/// A default as resolved for one run (`approx`: see [`Catalog::approx`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    pub rule: usize,
    pub value: String,
    pub approx: bool,
}

/// Spellings compared as the CLIs accept them: `_` and `-` alike.
fn normalize(flag: &str) -> String {
    flag.replace('_', "-")
}

/// `normalize(a) == normalize(b)` without copying either: `find` runs for every flag of
/// every section of every result page, against every parameter of the framework.
fn same_flag(a: &str, b: &str) -> bool {
    let dash = |c: u8| if c == b'_' { b'-' } else { c };
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| dash(x) == dash(y))
}

impl Catalog {
    /// The catalog entry for `flag` (any spelling, `_` or `-`) of `framework`.
    pub fn find(&self, framework: &str, flag: &str) -> Option<&Param> {
        self.params.iter().filter(|p| p.framework == framework).find(|p| same_flag(&p.flag, flag) || p.aliases.iter().any(|a| same_flag(a, flag)))
    }

    pub fn concept(&self, id: &str) -> Option<&Concept> {
        self.concepts.iter().find(|c| c.id == id)
    }

    /// The GPU table the rules read: the catalog's own, else the built-in one.
    pub fn gpu_table(&self) -> &[Gpu] {
        if self.gpus.is_empty() {
            gpu::builtin()
        } else {
            &self.gpus
        }
    }

    /// The GPU of that name as the rules see it (unlisted GPUs keep just their name).
    pub fn gpu(&self, name: &str) -> Gpu {
        gpu::find(self.gpu_table(), name).cloned().unwrap_or_else(|| Gpu::unlisted(name))
    }

    /// The explicit flags in order, then every catalog parameter of the framework the
    /// command left out, with the default that applies.
    pub fn effective<'f>(&self, target: Target<'_>, flags: impl IntoIterator<Item = (&'f str, Option<&'f str>)>) -> Vec<Effective> {
        let framework = target.framework.unwrap_or("");
        let mut out: Vec<Effective> = flags
            .into_iter()
            .map(|(name, value)| {
                let param = self.find(framework, name);
                Effective {
                    flag: param.map_or(name, |p| p.flag.as_str()).into(),
                    value: value.map(Into::into),
                    origin: Origin::Explicit,
                    concept: param.and_then(|p| p.concept.as_deref()).map(Into::into),
                    rule: None,
                }
            })
            .collect();
        let mut ctx = Context {
            version: target.version,
            gpu: target.gpu.map(|g| self.gpu(g)),
            parallel: None,
            explicit: out.iter().map(|e| normalize(&e.flag)).collect(),
        };
        ctx.parallel = self.parallel_size(framework, &out, &ctx);
        for param in self.params.iter().filter(|p| p.framework == framework && !p.defaults.is_empty()) {
            if out.iter().any(|e| e.flag == param.flag) {
                continue;
            }
            let e = match param.resolve(&ctx) {
                Some(r) => Effective { flag: param.flag.as_str().into(), value: Some(r.value.into()), origin: Origin::Default, concept: param.concept.as_deref().map(Into::into), rule: Some(r.rule) },
                None => Effective { flag: param.flag.as_str().into(), value: None, origin: Origin::Unknown, concept: param.concept.as_deref().map(Into::into), rule: None },
            };
            out.push(e);
        }
        out
    }

    /// TP × PP: each from the command, else the flag's default; `None` if either is unknown.
    fn parallel_size(&self, framework: &str, explicit: &[Effective], ctx: &Context<'_>) -> Option<u32> {
        let size = |concept: &str| -> Option<u32> {
            let Some(param) = self.params.iter().find(|p| p.framework == framework && p.concept.as_deref() == Some(concept)) else {
                return Some(1);
            };
            let value = match explicit.iter().find(|e| e.flag == param.flag) {
                Some(e) => e.value.as_deref()?.to_string(),
                None => param.resolve(ctx)?.value,
            };
            value.trim().parse().ok().filter(|n| *n > 0)
        };
        Some(size("tensor-parallel")? * size("pipeline-parallel")?)
    }
}

impl Catalog {
    /// Fills `params.effective` of every run. A run whose serve command is unknown gets
    /// none: its defaults would assume flags nobody saw. Runs that state the same framework,
    /// version, GPU and flags are resolved once and share the list (`Effectives`).
    pub fn apply(&self, runs: &mut [crate::Run]) {
        type Key<'r> = (Option<&'r str>, Option<&'r str>, Option<&'r str>, &'r [crate::Flag]);
        let mut first: HashMap<Key, usize> = HashMap::new();
        let mut lists: Vec<Effectives> = Vec::new();
        let of: Vec<Option<usize>> = runs
            .iter()
            .map(|run| {
                run.params.command.as_ref()?;
                let key = (run.framework.as_deref(), run.framework_version.as_deref(), run.gpu.as_deref(), run.params.flags.as_slice());
                Some(*first.entry(key).or_insert_with(|| {
                    let target = Target { framework: key.0, version: key.1, gpu: key.2 };
                    lists.push(self.effective(target, key.3.iter().map(|f| (f.name.as_str(), f.value.as_deref()))).into());
                    lists.len() - 1
                }))
            })
            .collect();
        drop(first);
        for (run, list) in runs.iter_mut().zip(of) {
            if let Some(n) = list {
                run.params.effective = lists[n].clone();
            }
        }
    }

    /// The default of `framework`'s `flag` for a version and GPU with no flags set, for
    /// tables and tests; `None` when it cannot be decided.
    pub fn default_of(&self, framework: &str, flag: &str, version: Option<&str>, gpu: Option<&str>) -> Option<Resolved> {
        let target = Target { framework: Some(framework), version, gpu };
        let param = self.find(framework, flag)?;
        let e = self.effective(target, []).into_iter().find(|e| e.flag == param.flag)?;
        let approx = self.approx(framework, &e, gpu);
        Some(Resolved { rule: e.rule?, value: e.value?.into(), approx })
    }

    /// Whether a default was computed by a memory-fraction formula from the nominal memory
    /// of `gpu` (not a measured one): the engine's own value may differ in the last digit.
    /// Without the GPU, every such value counts as approximate.
    pub fn approx(&self, framework: &str, effective: &Effective, gpu: Option<&str>) -> bool {
        let rule = self.find(framework, &effective.flag).zip(effective.rule).and_then(|(p, i)| p.defaults.get(i));
        let fraction = rule.and_then(|r| r.formula.as_ref()).is_some_and(|f| f.steps.iter().any(|s| s.reserve_gib.is_some()));
        fraction && !gpu.is_some_and(|g| self.gpu(g).memories().iter().all(|m| m.exact))
    }
}

impl Param {
    /// The default for one run: the first rule that applies, decided for every memory size
    /// the GPU may have; `None` when the answers differ, or a rule before the one that
    /// applies needs what the run does not state (guessing would put a wrong number on the
    /// page).
    fn resolve(&self, ctx: &Context<'_>) -> Option<Resolved> {
        let memories = ctx.gpu.as_ref().map(Gpu::memories).unwrap_or_default();
        let candidates: Vec<Option<Memory>> = if memories.is_empty() { vec![None] } else { memories.into_iter().map(Some).collect() };
        let mut answers = candidates.into_iter().map(|memory| self.resolve_for(ctx, memory));
        let first = answers.next()??;
        answers.all(|a| a.as_ref().is_some_and(|a| a.rule == first.rule && a.value == first.value)).then_some(first)
    }

    fn resolve_for(&self, ctx: &Context<'_>, memory: Option<Memory>) -> Option<Resolved> {
        for (i, rule) in self.defaults.iter().enumerate() {
            match rule.applies(ctx, memory) {
                Some(true) => return rule.value_for(memory, ctx.parallel).map(|value| Resolved { rule: i, value, approx: false }),
                Some(false) => continue,
                None => return None,
            }
        }
        None
    }
}

impl DefaultRule {
    /// `Some(true/false)` when decidable, `None` when it needs what the run does not state.
    /// One condition that is surely false decides the rule whatever the others are.
    fn applies(&self, ctx: &Context<'_>, memory: Option<Memory>) -> Option<bool> {
        let conditions = [self.version_ok(ctx.version), self.gpu_ok(ctx.gpu.as_ref()), self.memory_ok(memory), self.unless_ok(&ctx.explicit)];
        if conditions.contains(&Some(false)) {
            Some(false)
        } else if conditions.contains(&None) {
            None
        } else {
            Some(true)
        }
    }

    fn version_ok(&self, version: Option<&str>) -> Option<bool> {
        if self.since.is_none() && self.before.is_none() {
            return Some(true);
        }
        let v = version_key(version?);
        Some(self.since.as_deref().is_none_or(|s| v >= version_key(s)) && self.before.as_deref().is_none_or(|b| v < version_key(b)))
    }

    fn gpu_ok(&self, gpu: Option<&Gpu>) -> Option<bool> {
        if self.gpus.is_empty() && self.not_gpus.is_empty() {
            return Some(true);
        }
        let gpu = gpu?;
        let listed = self.gpus.is_empty() || self.gpus.iter().any(|g| gpu.name_matches(g));
        Some(listed && !self.not_gpus.iter().any(|g| gpu.name_matches(g)))
    }

    fn memory_ok(&self, memory: Option<Memory>) -> Option<bool> {
        if self.min_memory_gib.is_none() && self.below_memory_gib.is_none() {
            return Some(true);
        }
        let gib = memory?.gib();
        Some(self.min_memory_gib.is_none_or(|m| gib >= m) && self.below_memory_gib.is_none_or(|b| gib < b))
    }

    /// A flag in `unless` that the command sets changes the engine's result in a way the
    /// rule does not model: undecidable rather than wrong.
    fn unless_ok(&self, explicit: &[String]) -> Option<bool> {
        if self.unless.iter().any(|f| explicit.contains(&normalize(f))) {
            None
        } else {
            Some(true)
        }
    }

    /// The rule's value for that memory.
    fn value_for(&self, memory: Option<Memory>, parallel: Option<u32>) -> Option<String> {
        match &self.formula {
            None => Some(self.value.clone()),
            Some(f) => f.eval(memory?, parallel),
        }
    }

    /// Whether the rule reads the GPU (name or memory).
    pub fn depends_on_gpu(&self) -> bool {
        !self.gpus.is_empty() || !self.not_gpus.is_empty() || self.min_memory_gib.is_some() || self.below_memory_gib.is_some() || self.formula.is_some()
    }
}

/// `v0.10.0rc1` → `[0, 10, 0]`: numeric parts compared as numbers, suffixes ignored.
pub fn version_key(version: &str) -> Vec<u64> {
    version
        .trim()
        .trim_start_matches(['v', 'V'])
        .split('.')
        .map(|part| part.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lmdeploy_batch() -> Catalog {
        toml_like(vec![
            rule(None, Some("0.10.0"), &["A100", "A800"], "256"),
            rule(None, Some("0.10.0"), &["H100", "H800"], "512"),
            rule(None, Some("0.10.0"), &[], "128"),
            rule(Some("0.10.0"), None, &["A100", "A800"], "512"),
            rule(Some("0.10.0"), None, &["H200"], "1280"),
            rule(Some("0.10.0"), None, &["H20", "H100", "H800"], "1024"),
            rule(Some("0.10.0"), None, &[], "128"),
        ])
    }

    fn rule(since: Option<&str>, before: Option<&str>, gpus: &[&str], value: &str) -> DefaultRule {
        DefaultRule {
            since: since.map(Into::into),
            before: before.map(Into::into),
            gpus: gpus.iter().map(|g| g.to_string()).collect(),
            value: value.into(),
            ..DefaultRule::default()
        }
    }

    fn toml_like(defaults: Vec<DefaultRule>) -> Catalog {
        Catalog {
            concepts: vec![],
            params: vec![Param {
                framework: "lmdeploy".into(),
                flag: "--max-batch-size".into(),
                aliases: vec![],
                concept: Some("max-batch".into()),
                meaning: Text::default(),
                definition: None,
                defaults,
                source: None,
            }],
            gpus: vec![],
        }
    }

    fn default_of(version: Option<&str>, gpu: Option<&str>) -> (Option<String>, Origin) {
        let target = Target { framework: Some("lmdeploy"), version, gpu };
        let e = lmdeploy_batch().effective(target, []).remove(0);
        (e.value.map(String::from), e.origin)
    }

    #[test]
    fn max_batch_size_default_follows_version_and_gpu() {
        let cases = [
            ("0.9.2", "A800", "256"),
            ("0.9.2", "H800", "512"),
            ("0.9.2", "H200", "128"),
            ("0.10.0", "A100", "512"),
            ("0.10.0", "H800", "1024"),
            ("0.10.0", "H200", "1280"),
            ("0.10.0", "L40S", "128"),
            ("v0.11.0rc1", "H20", "1024"),
        ];
        for (version, gpu, want) in cases {
            let (value, origin) = default_of(Some(version), Some(gpu));
            assert_eq!((value.as_deref(), origin), (Some(want), Origin::Default), "{version} {gpu}");
        }
    }

    /// Runs stating the same framework, version, GPU and flags share one list; a run that
    /// differs in any of them gets its own, and a run without a command none.
    #[test]
    fn runs_that_resolve_alike_share_their_effective_parameters() {
        let run = |version: &str, gpu: &str, tp: &str| {
            let labels = crate::Labels { framework: Some("lmdeploy".into()), framework_version: Some(version.into()), gpu: Some(gpu.into()), ..Default::default() };
            let mut run = crate::Run { labels: labels.into(), ..crate::Run::default() };
            run.params.command = Some(format!("lmdeploy serve --tp {tp}"));
            run.params.flags = vec![crate::Flag { name: "--tp".into(), value: Some(tp.into()) }];
            run
        };
        let mut runs = vec![run("0.10.0", "H800", "1"), run("0.10.0", "H800", "1"), run("0.10.0", "H800", "2"), run("0.9.2", "H800", "1"), run("0.10.0", "H800", "1")];
        runs[3].params.command = None;
        lmdeploy_batch().apply(&mut runs);
        let e = |i: usize| &runs[i].params.effective;
        assert!(e(0).shares(e(1)) && e(0).shares(e(4)), "alike runs hold one list");
        assert!(!e(0).shares(e(2)) && e(0) != e(2), "another flag value resolves on its own");
        assert!(e(3).is_empty(), "no command, no parameters");
        assert_eq!(e(0).iter().map(|e| e.flag.as_str()).collect::<Vec<_>>(), ["--tp", "--max-batch-size"]);
        assert_eq!(e(0).last().and_then(|e| e.value.as_deref()), Some("1024"));
        // A change to one run's list leaves the others' alone.
        let mut own = e(0).clone();
        own.push(Effective { flag: "--x".into(), value: None, origin: Origin::Explicit, concept: None, rule: None });
        assert_eq!((own.len(), e(1).len()), (3, 2));
    }

    #[test]
    fn unknown_version_or_gpu_gives_no_guess() {
        assert_eq!(default_of(None, Some("H800")), (None, Origin::Unknown));
        assert_eq!(default_of(Some("0.10.0"), None), (None, Origin::Unknown));
    }

    #[test]
    fn explicit_flag_wins_under_any_spelling() {
        let target = Target { framework: Some("lmdeploy"), version: Some("0.10.0"), gpu: Some("H800") };
        let got = lmdeploy_batch().effective(target, [("--max_batch_size", Some("64")), ("--tp", Some("2"))]);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].flag.as_str(), got[0].value.as_deref(), got[0].origin), ("--max-batch-size", Some("64"), Origin::Explicit));
        assert_eq!((got[1].flag.as_str(), got[1].concept.as_deref()), ("--tp", None));
    }

    #[test]
    fn versions_compare_numerically() {
        assert!(version_key("0.10.0") > version_key("0.9.2"));
        assert!(version_key("v0.5.1") < version_key("0.10.1"));
    }

    /// The real catalog and GPU table from `content/`.
    fn content() -> Catalog {
        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/tuning/parameters.toml"));
        let mut catalog: Catalog = toml::from_str(text).expect("content/tuning/parameters.toml is valid");
        catalog.gpus = crate::gpu::builtin().to_vec();
        catalog
    }

    /// `(framework, version, gpu, flag, value, rule source fragment)`; value `None` =
    /// unknown, and then the source fragment is empty.
    type Case = (&'static str, Option<&'static str>, Option<&'static str>, &'static str, Option<&'static str>, &'static str);

    fn check(cases: &[Case]) {
        let catalog = content();
        for &(framework, version, gpu, flag, want, source) in cases {
            let got = catalog.default_of(framework, flag, version, gpu);
            let label = format!("{framework} {version:?} {gpu:?} {flag}");
            assert_eq!(got.as_ref().map(|r| r.value.as_str()), want, "{label}");
            if let Some(r) = got {
                let param = catalog.find(framework, flag).unwrap();
                let cited = param.defaults[r.rule].source.as_deref().unwrap_or("");
                assert!(cited.contains(source), "{label}: rule source `{cited}` lacks `{source}`");
            }
        }
    }

    #[test]
    fn defaults_of_the_content_files() {
        check(&[
            // lmdeploy/A100_v0.9.2.md, H800_v0.9.2.md, H800_v0.10.0.md
            ("lmdeploy", Some("0.9.2"), Some("A100"), "--max-batch-size", Some("256"), "get_max_batch_size @ v0.9.2"),
            ("lmdeploy", Some("0.9.2"), Some("H800"), "--max-batch-size", Some("512"), "@ v0.9.2"),
            ("lmdeploy", Some("0.10.0"), Some("H800"), "--max-batch-size", Some("1024"), "@ v0.10.0"),
            ("lmdeploy", Some("0.10.0"), Some("H800"), "--cache-max-entry-count", Some("0.8"), "v0.10.0"),
            ("lmdeploy", Some("0.9.2"), Some("A100"), "--max-prefill-token-num", Some("8192"), "v0.9.2"),
            ("lmdeploy", Some("0.10.0"), Some("H800"), "--quant-policy", Some("0"), "quant_policy"),
            ("lmdeploy", Some("0.10.0"), Some("H800"), "--enable-prefix-caching", Some("false"), "enable_prefix_caching"),
            // vllm/A100_v0.10.1.md, H800_v0.10.1.md: A100 is decided by its name whatever its memory
            ("vllm", Some("0.10.1"), Some("A100"), "--max-num-seqs", Some("256"), "else branch"),
            ("vllm", Some("0.10.1"), Some("H800"), "--max-num-seqs", Some("1024"), "70 * GiB_bytes"),
            ("vllm", Some("0.10.1"), Some("A100"), "--max-num-batched-tokens", Some("2048"), "v0.10.1"),
            ("vllm", Some("0.10.1"), Some("H800"), "--max-num-batched-tokens", Some("8192"), "v0.10.1"),
            ("vllm", Some("0.10.1"), Some("H800"), "--gpu-memory-utilization", Some("0.9"), "cache.py"),
            ("vllm", Some("0.10.1"), Some("A100"), "--enable-prefix-caching", Some("true"), "_set_default_args_v1"),
            ("vllm", Some("0.10.1"), Some("H800"), "--cuda-graph-sizes", Some("512"), "min(max_num_seqs * 2, 512)"),
            // sglang/A100_v0.5.1.md, H800_v0.5.1.md: an A100 of unknown memory gets no
            // memory fraction (40 GB → 0.75, 80 GB → 0.875), but both variants chunk by 8192
            // and capture CUDA graphs up to 160
            ("sglang", Some("0.5.1"), Some("H800"), "--mem-fraction-static", Some("0.875"), "server_args.py ServerArgs.__post_init__ @ v0.5.1"),
            ("sglang", Some("0.5.1"), Some("A100"), "--mem-fraction-static", None, ""),
            ("sglang", Some("0.5.1"), Some("H800"), "--chunked-prefill-size", Some("8192"), "@ v0.5.1"),
            ("sglang", Some("0.5.1"), Some("A100"), "--chunked-prefill-size", Some("8192"), "@ v0.5.1"),
            ("sglang", Some("0.5.1"), Some("H800"), "--cuda-graph-max-bs", Some("160"), "cuda_graph_runner.py"),
            ("sglang", Some("0.5.1"), Some("A100"), "--cuda-graph-max-bs", Some("160"), "cuda_graph_runner.py"),
            ("sglang", Some("0.5.1"), Some("A100"), "--schedule-policy", Some("fcfs"), "schedule_policy"),
        ]);
    }

    #[test]
    fn defaults_on_synthetic_versions_and_gpus() {
        check(&[
            // a GPU no table lists: name rules still decide, memory rules cannot
            ("lmdeploy", Some("0.10.0"), Some("RTX-9090"), "--max-batch-size", Some("128"), "any other CUDA device"),
            ("vllm", Some("0.10.1"), Some("RTX-9090"), "--max-num-seqs", None, ""),
            ("sglang", Some("0.5.1"), Some("RTX-9090"), "--chunked-prefill-size", None, ""),
            // a version before the first rule
            ("vllm", Some("0.8.5"), Some("H800"), "--max-num-seqs", None, ""),
            ("sglang", Some("0.4.9"), Some("H800"), "--mem-fraction-static", None, ""),
            ("trtllm", Some("0.21.0"), Some("H800"), "--max_batch_size", None, ""),
            // a later version keeps the latest rule (LMDeploy, vLLM) or has none read (SGLang)
            ("lmdeploy", Some("0.10.2"), Some("A800"), "--max-batch-size", Some("384"), "v0.10.0"),
            ("sglang", Some("0.5.2"), Some("H800"), "--chunked-prefill-size", None, ""),
            // known variants: memory decides
            ("sglang", Some("0.5.1"), Some("A100-SXM4-40GB"), "--mem-fraction-static", Some("0.75"), "v0.5.1"),
            ("sglang", Some("0.5.1"), Some("A100-80G"), "--mem-fraction-static", Some("0.875"), "v0.5.1"),
            ("sglang", Some("0.5.1"), Some("A800-SXM4-80GB"), "--mem-fraction-static", Some("0.875"), "v0.5.1"),
            ("vllm", Some("0.10.1"), Some("A100-SXM4-80GB"), "--max-num-seqs", Some("256"), "else branch"),
            ("vllm", Some("0.10.1"), Some("H100-80GB-HBM3"), "--max-num-seqs", Some("1024"), "70 * GiB_bytes"),
            // H20 and H200: names LMDeploy 0.10.0's table has (H200) or lacks (H20); memory unknown here
            ("lmdeploy", Some("0.10.0"), Some("H200"), "--max-batch-size", Some("1024"), "v0.10.0"),
            ("lmdeploy", Some("0.10.0"), Some("H20"), "--max-batch-size", Some("128"), "any other CUDA device"),
            ("vllm", Some("0.10.1"), Some("H200"), "--max-num-seqs", None, ""),
            // vLLM's CUDA graph default changed between the versions read
            ("vllm", Some("0.9.0"), Some("H800"), "--cuda-graph-sizes", Some("512"), "@ v0.9.0"),
            ("vllm", Some("0.10.0"), Some("H800"), "--cuda-graph-sizes", None, ""),
            // TensorRT-LLM, read at later commits and given from 1.0 on
            ("trtllm", Some("1.0.0"), Some("H800"), "--kv_cache_free_gpu_memory_fraction", Some("0.9"), "00209af"),
            ("trtllm", Some("1.0.0"), None, "--max_num_tokens", Some("8192"), "008b2b8"),
            ("trtllm", Some("1.0.0"), Some("H800"), "--ep_size", None, ""),
            // nothing stated
            ("vllm", None, None, "--max-num-seqs", None, ""),
            ("lmdeploy", None, Some("H800"), "--cache-max-entry-count", Some("0.8"), "cache_max_entry_count"),
        ]);
    }

    #[test]
    fn sglang_memory_fraction_follows_tp_and_marks_nominal_memory() {
        let catalog = content();
        let fraction = |gpu: &str, flags: &[(&str, Option<&str>)]| {
            let target = Target { framework: Some("sglang"), version: Some("0.5.1"), gpu: Some(gpu) };
            let e = catalog.effective(target, flags.iter().copied()).into_iter().find(|e| e.flag == "--mem-fraction-static").unwrap();
            let approx = catalog.approx("sglang", &e, Some(gpu));
            (e.value, approx)
        };
        // 80 GiB nominal = 81920 MiB; TP 2 reserves (9.5 + 2/2) GiB: (81920 − 10752) / 81920.
        assert_eq!(fraction("H800", &[("--tp", Some("2"))]), (Some("0.869".into()), true));
        // A measured size (nvidia-smi) is exact.
        assert_eq!(fraction("A800-SXM4-80GB", &[]), (Some("0.875".into()), false));
        // TP × PP: 4 GPUs reserve 11.5 GiB.
        assert_eq!(fraction("H800", &[("--tp", Some("2")), ("--pp-size", Some("2"))]), (Some("0.856".into()), true));
        // a TP the catalog cannot read, or a flag the formula does not model: unknown
        assert_eq!(fraction("H800", &[("--tp", Some("${TP}"))]), (None, false));
        assert_eq!(fraction("H800", &[("--speculative-algorithm", Some("EAGLE"))]), (None, false));
    }

    #[test]
    fn trtllm_flags_match_with_either_separator() {
        let catalog = content();
        assert_eq!(catalog.find("trtllm", "--kv-cache-free-gpu-memory-fraction").map(|p| p.flag.as_str()), Some("--kv_cache_free_gpu_memory_fraction"));
        assert_eq!(catalog.find("trtllm", "--free_gpu_memory_fraction").map(|p| p.flag.as_str()), Some("--kv_cache_free_gpu_memory_fraction"));
    }

    #[test]
    fn every_rule_cites_its_source_and_every_memory_flag_its_definition() {
        let catalog = content();
        for p in &catalog.params {
            for (i, rule) in p.defaults.iter().enumerate() {
                assert!(rule.source.as_deref().is_some_and(|s| !s.is_empty()), "{} {} rule {i} has no source", p.framework, p.flag);
                assert!(rule.formula.is_some() == rule.value.is_empty(), "{} {} rule {i}: a value or a formula", p.framework, p.flag);
            }
            if p.concept.as_deref() == Some("kv-cache-memory") {
                assert!(p.definition.is_some(), "{} {}", p.framework, p.flag);
            }
        }
    }

    #[test]
    fn catalog_serializes_with_the_gpu_table_for_the_viewer() {
        let catalog: Catalog = toml::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/tuning/parameters.toml"))).unwrap();
        assert!(catalog.gpus.is_empty());
        let json = serde_json::to_string(&catalog).unwrap();
        let back: Catalog = serde_json::from_str(&json).unwrap();
        assert_eq!(back.gpus, crate::gpu::builtin());
        assert_eq!(back.default_of("sglang", "--chunked-prefill-size", Some("0.5.1"), Some("H800")).map(|r| r.value), Some("8192".into()));
    }
}
