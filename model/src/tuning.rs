//! The parameter catalog (`content/tuning/parameters.toml`) and the resolution of a run's
//! effective serve parameters: the flags it set, plus the defaults its framework version
//! picks on its GPU. Lives in the model crate so the generator and the viewer resolve a run
//! the same way.

use serde::{Deserialize, Serialize};

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

/// The whole catalog: concepts (what a knob does, across frameworks) and the flags that
/// implement them in each framework.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    #[serde(default, rename = "concept")]
    pub concepts: Vec<Concept>,
    #[serde(default, rename = "param")]
    pub params: Vec<Param>,
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
    /// Canonical spelling: `--max-batch-size`.
    pub flag: String,
    /// Other spellings the CLI accepts: `-tp`, `--tp-size`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Id of the concept this flag implements; flags sharing a concept are equivalents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concept: Option<String>,
    pub meaning: Text,
    /// Default rules, first match wins.
    #[serde(default, rename = "default", skip_serializing_if = "Vec::is_empty")]
    pub defaults: Vec<DefaultRule>,
    /// Where the meaning and defaults come from (docs URL or source file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One default: applies to versions in `[since, before)` on the listed GPUs (all GPUs when
/// the list is empty). `value` is what the server uses; `note` explains automatic values.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct DefaultRule {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gpus: Vec<String>,
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
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
    /// The catalog's spelling when the flag is in the catalog, else as written.
    pub flag: String,
    /// `null` for a switch, or when the default cannot be decided.
    pub value: Option<String>,
    pub origin: Origin,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concept: Option<String>,
    /// Index of the default rule that applied (into the catalog param's `default`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<usize>,
}

/// What a default rule depends on, as known for one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Target<'a> {
    pub framework: Option<&'a str>,
    pub version: Option<&'a str>,
    pub gpu: Option<&'a str>,
}

impl Catalog {
    /// The catalog entry for `flag` (any spelling, `_` or `-`) of `framework`.
    pub fn find(&self, framework: &str, flag: &str) -> Option<&Param> {
        let flag = flag.replace('_', "-");
        self.params
            .iter()
            .filter(|p| p.framework == framework)
            .find(|p| p.flag == flag || p.aliases.contains(&flag))
    }

    pub fn concept(&self, id: &str) -> Option<&Concept> {
        self.concepts.iter().find(|c| c.id == id)
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
                    flag: param.map_or(name, |p| p.flag.as_str()).to_string(),
                    value: value.map(str::to_string),
                    origin: Origin::Explicit,
                    concept: param.and_then(|p| p.concept.clone()),
                    rule: None,
                }
            })
            .collect();
        for param in self.params.iter().filter(|p| p.framework == framework && !p.defaults.is_empty()) {
            if out.iter().any(|e| e.flag == param.flag) {
                continue;
            }
            let (value, origin, rule) = match param.default_for(target) {
                Some((i, rule)) => (Some(rule.value.clone()), Origin::Default, Some(i)),
                None => (None, Origin::Unknown, None),
            };
            out.push(Effective { flag: param.flag.clone(), value, origin, concept: param.concept.clone(), rule });
        }
        out
    }
}

impl Catalog {
    /// Fills `params.effective` of every run. A run whose serve command is unknown gets
    /// none: its defaults would assume flags nobody saw.
    pub fn apply(&self, runs: &mut [crate::Run]) {
        for run in runs.iter_mut().filter(|r| r.params.command.is_some()) {
            let target = Target { framework: run.framework.as_deref(), version: run.framework_version.as_deref(), gpu: run.gpu.as_deref() };
            let flags = run.params.flags.iter().map(|f| (f.name.as_str(), f.value.as_deref()));
            run.params.effective = self.effective(target, flags);
        }
    }
}

impl Param {
    /// The first rule that applies; `None` when a rule before it cannot be decided because
    /// the version or GPU is unknown (guessing would put a wrong number on the page).
    pub fn default_for(&self, target: Target<'_>) -> Option<(usize, &DefaultRule)> {
        for (i, rule) in self.defaults.iter().enumerate() {
            match rule.applies(target) {
                Some(true) => return Some((i, rule)),
                Some(false) => continue,
                None => return None,
            }
        }
        None
    }
}

impl DefaultRule {
    /// `Some(true/false)` when decidable, `None` when it needs what the run does not state.
    pub fn applies(&self, target: Target<'_>) -> Option<bool> {
        let versioned = self.since.is_some() || self.before.is_some();
        let version_ok = if versioned {
            let v = version_key(target.version?);
            self.since.as_deref().is_none_or(|s| v >= version_key(s)) && self.before.as_deref().is_none_or(|b| v < version_key(b))
        } else {
            true
        };
        let gpu_ok = if self.gpus.is_empty() {
            true
        } else {
            let gpu = target.gpu?;
            self.gpus.iter().any(|g| g.eq_ignore_ascii_case(gpu))
        };
        Some(version_ok && gpu_ok)
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
            note: None,
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
                defaults,
                source: None,
            }],
        }
    }

    fn default_of(version: Option<&str>, gpu: Option<&str>) -> (Option<String>, Origin) {
        let target = Target { framework: Some("lmdeploy"), version, gpu };
        let e = lmdeploy_batch().effective(target, []).remove(0);
        (e.value, e.origin)
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
}
