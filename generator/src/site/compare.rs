//! Static compare pages for the natural pairs in the content: consecutive versions of one
//! framework on one GPU, and one framework's same version on two GPUs. Each page pairs the
//! two files' runs by model and workload (`benchsite_viewer::versus`), gives per metric the
//! ratio and a verdict at the default thresholds, names everything else that differs within
//! a pair, lists the effective parameters that drifted, and lists the runs without a
//! counterpart.

use super::lang::Lang;
use super::urls::{result_page, Urls};
use super::views::{self, run_anchor, Locale};
use benchsite_model::number::format_metric;
use benchsite_model::tuning::version_key;
use benchsite_model::{Run, RunsFile, SourceFile};
use benchsite_viewer::labels;
use benchsite_viewer::store::{natural, Dim, Store};
use benchsite_viewer::versus::{self, Thresholds, Verdict};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};


/// One natural pair of result files.
#[derive(Clone, Debug, PartialEq)]
pub struct PairSpec {
    pub framework: String,
    /// Indices into `RunsFile::sources`.
    pub base: usize,
    pub candidate: usize,
    /// `versions` (same GPU) or `gpus` (same version).
    pub axis: &'static str,
    /// Page path inside the language folder: `compare/lmdeploy/H800_v0.9.2--H800_v0.10.0/`.
    pub rel: String,
}

/// The natural pairs, in a stable order: per framework and GPU the versions in order, then
/// per framework and version every two GPUs; only those where a run of one file has a
/// counterpart in the other (`versus::pair`'s key), since a page of two files that share no
/// model and workload compares nothing (a third of the pairs at 100,000 generated runs).
/// `store` holds `data.runs` in order.
pub fn natural_pairs(data: &RunsFile, store: &Store) -> Vec<PairSpec> {
    let results: Vec<(usize, &SourceFile)> = data
        .sources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == "result-file" && s.runs > 0 && s.framework.is_some() && s.framework_version.is_some() && s.gpu.is_some())
        .collect();
    let key = |s: &SourceFile, a: &Option<String>| (s.framework.clone().unwrap_or_default(), a.clone().unwrap_or_default());
    let mut by_gpu: BTreeMap<(String, String), Vec<(usize, &SourceFile)>> = BTreeMap::new();
    let mut by_version: BTreeMap<(String, String), Vec<(usize, &SourceFile)>> = BTreeMap::new();
    for &(i, s) in &results {
        by_gpu.entry(key(s, &s.gpu)).or_default().push((i, s));
        by_version.entry(key(s, &s.framework_version)).or_default().push((i, s));
    }
    let mut out = Vec::new();
    let spec = |fw: &str, a: (usize, &SourceFile), b: (usize, &SourceFile), axis| PairSpec {
        framework: fw.to_string(),
        base: a.0,
        candidate: b.0,
        axis,
        rel: format!("compare/{fw}/{}--{}/", file_stem(a.1), file_stem(b.1)),
    };
    // Each file's keys of the runs it would pair (`versus::MATCHED_ON`), found in one walk.
    let mut keys: HashMap<&str, HashSet<[u32; versus::MATCHED_ON.len()]>> = HashMap::new();
    for (i, run) in data.runs.iter().enumerate() {
        keys.entry(run.source.path.as_str()).or_default().insert(versus::MATCHED_ON.map(|d| store.dims[&d].codes[i]));
    }
    let shared = |a: &SourceFile, b: &SourceFile| match (keys.get(a.path.as_str()), keys.get(b.path.as_str())) {
        (Some(a), Some(b)) => !a.is_disjoint(b),
        _ => false,
    };
    for ((fw, _), mut files) in by_gpu {
        files.sort_by_key(|f| version_key(f.1.framework_version.as_deref().unwrap_or("")));
        out.extend(files.windows(2).filter(|w| w[0].1.framework_version != w[1].1.framework_version && shared(w[0].1, w[1].1)).map(|w| spec(&fw, w[0], w[1], "versions")));
    }
    for ((fw, _), mut files) in by_version {
        files.sort_by(|a, b| natural(a.1.gpu.as_deref().unwrap_or(""), b.1.gpu.as_deref().unwrap_or("")));
        for (n, &a) in files.iter().enumerate() {
            out.extend(files[n + 1..].iter().filter(|b| b.1.gpu != a.1.gpu && shared(a.1, b.1)).map(|&b| spec(&fw, a, b, "gpus")));
        }
    }
    out
}

/// `H800_v0.9.2`: the file name without folder and extension, safe in a URL path.
fn file_stem(s: &SourceFile) -> String {
    let name = s.path.rsplit('/').next().unwrap_or(&s.path);
    let stem = name.strip_suffix(".md").unwrap_or(name);
    stem.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' }).collect()
}

#[derive(Serialize)]
pub struct CompareView {
    pub framework: String,
    pub axis: &'static str,
    pub base: Side,
    pub candidate: Side,
    pub up: String,
    pub down: String,
    pub counts: BTreeMap<&'static str, usize>,
    /// Every regression and improvement, for the top of the page.
    pub notable: Vec<Notable>,
    pub groups: Vec<GroupView>,
    pub base_only: Vec<RunLink>,
    pub candidate_only: Vec<RunLink>,
    /// The explorer with both files' runs in view.
    pub explore: String,
}

#[derive(Serialize)]
pub struct Side {
    /// `0.9.2 · H800`.
    pub label: String,
    pub path: String,
    pub href: String,
}

/// The pairs of one model family.
#[derive(Serialize)]
pub struct GroupView {
    pub family: String,
    pub pairs: Vec<PairView>,
    /// The effective parameters that differ, from the group's first pair.
    pub drift: Vec<DriftView>,
    /// Pairs of the group drift differently: each pair lists its own.
    pub drift_varies: bool,
}

/// One verdict that is not "within noise", linking to its pair.
#[derive(Serialize)]
pub struct Notable {
    pub verdict: &'static str,
    pub family: String,
    pub workload: String,
    pub metric: String,
    pub ratio: String,
    pub anchor: String,
}

#[derive(Serialize)]
pub struct PairView {
    /// `pair-3`: the pair's anchor on the page.
    pub id: String,
    pub workload: String,
    /// What else differs within the pair (besides what the page compares): `precision
    /// BF16 → FP8`.
    pub differs: Vec<String>,
    pub base_href: String,
    pub candidate_href: String,
    pub metrics: Vec<MetricView>,
    pub drift: Vec<DriftView>,
}

#[derive(Serialize)]
pub struct MetricView {
    pub label: String,
    pub base: String,
    pub candidate: String,
    pub ratio: String,
    pub verdict: &'static str,
}

#[derive(Serialize)]
pub struct DriftView {
    pub flag: String,
    pub base: Option<(String, &'static str)>,
    pub candidate: Option<(String, &'static str)>,
}

#[derive(Serialize)]
pub struct RunLink {
    pub label: String,
    pub href: String,
}

fn side(s: &SourceFile, urls: &Urls, lang: Lang) -> Side {
    Side {
        label: format!("{} · {}", s.framework_version.as_deref().unwrap_or("?"), s.gpu.as_deref().unwrap_or("?")),
        path: s.path.clone(),
        href: urls.page(lang, &result_page(&s.path)),
    }
}

/// The page of one pair. `store` holds every run of `data`, row `i` being `data.runs[i]`;
/// `sides` are the runs (indices) of the base and the candidate file.
pub fn view(data: &RunsFile, store: &Store, spec: &PairSpec, sides: (&[usize], &[usize]), loc: Locale, urls: &Urls) -> CompareView {
    let lang = loc.lang;
    let t = loc.t;
    let (bs, cs) = (&data.sources[spec.base], &data.sources[spec.candidate]);
    let comparison = versus::pair(store, sides.0, sides.1);
    let thresholds = Thresholds::default();
    let href = |r: &Run| format!("{}#{}", urls.page(lang, &result_page(&r.source.path)), run_anchor(r));
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut groups: Vec<GroupView> = Vec::new();
    let mut notable = Vec::new();
    for (n, p) in comparison.pairs.iter().enumerate() {
        let family = store.value(Dim::Family, p.base).to_string();
        let id = format!("pair-{}", n + 1);
        let (b, c) = (&data.runs[p.base], &data.runs[p.candidate]);
        let mut metrics = Vec::new();
        for key in versus::METRICS {
            let Some(m) = store.metric(key) else { continue };
            let Some((ratio, verdict)) = versus::verdict(m, p.base, p.candidate, thresholds) else { continue };
            *counts.entry(verdict.key()).or_default() += 1;
            metrics.push(MetricView {
                // Values carry their unit (ms below 10 s, s above): the label names none.
                label: labels::metric_label(key, false, t),
                base: format_metric(m.values[p.base], m.unit, m.origin(), lang.code()),
                candidate: format_metric(m.values[p.candidate], m.unit, m.origin(), lang.code()),
                ratio: format!("{ratio:.2}×"),
                verdict: verdict.key(),
            });
        }
        let differs = p
            .differs
            .iter()
            .filter(|(d, ..)| !matches!((spec.axis, d), ("versions", Dim::Version) | ("gpus", Dim::Gpu)))
            .map(|(d, x, y)| format!("{} {} → {}", t(&format!("viewer.dim.{}", d.key())), labels::display(x, &t("viewer.unknown")), labels::display(y, &t("viewer.unknown"))))
            .collect();
        let drift: Vec<DriftView> =
            versus::drift(store, p.base, p.candidate).into_iter().map(|d| DriftView { flag: d.flag, base: d.base, candidate: d.candidate }).collect();
        let workload = views::scenario_label(b, loc);
        for m in metrics.iter().filter(|m| m.verdict != Verdict::Noise.key()) {
            notable.push(Notable {
                verdict: m.verdict,
                family: family.clone(),
                workload: workload.clone(),
                metric: m.label.clone(),
                ratio: m.ratio.clone(),
                anchor: id.clone(),
            });
        }
        let pair = PairView { id, workload, differs, base_href: href(b), candidate_href: href(c), metrics, drift };
        match groups.iter_mut().find(|g| g.family == family) {
            Some(g) => g.pairs.push(pair),
            None => groups.push(GroupView { family, pairs: vec![pair], drift: Vec::new(), drift_varies: false }),
        }
    }
    for g in &mut groups {
        let first = serde_json::to_string(&g.pairs[0].drift).unwrap_or_default();
        g.drift_varies = g.pairs.iter().any(|p| serde_json::to_string(&p.drift).unwrap_or_default() != first);
        if !g.drift_varies {
            g.drift = std::mem::take(&mut g.pairs[0].drift);
            for p in &mut g.pairs {
                p.drift.clear();
            }
        }
    }
    for v in [Verdict::Regression, Verdict::Improvement, Verdict::Noise] {
        counts.entry(v.key()).or_default();
    }
    let link = |i: &usize| {
        let r = &data.runs[*i];
        RunLink { label: format!("{} · {}", store.value(Dim::Family, *i), views::scenario_label(r, loc)), href: href(r) }
    };
    CompareView {
        framework: labels::framework_name(&spec.framework).to_string(),
        axis: spec.axis,
        base: side(bs, urls, lang),
        candidate: side(cs, urls, lang),
        up: format!("{}×", thresholds.up),
        down: format!("{}×", thresholds.down),
        counts,
        notable,
        groups,
        base_only: comparison.base_only.iter().map(link).collect(),
        candidate_only: comparison.candidate_only.iter().map(link).collect(),
        explore: explore_link(&urls.page(lang, "explore/"), &bs.path, &cs.path),
    }
}

/// The explorer's compare view of the same two files: compared along the source file, so
/// it pairs exactly the runs this page pairs (`viewer/src/state.rs` documents the keys).
fn explore_link(page: &str, base: &str, candidate: &str) -> String {
    let state = benchsite_viewer::state::ViewState {
        chart: benchsite_viewer::state::Chart::Compare,
        versus: Some(Dim::Source),
        base: Some(base.to_string()),
        candidate: Some(candidate.to_string()),
        ..Default::default()
    };
    format!("{page}?{}", state.to_query())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(path: &str, fw: &str, ver: &str, gpu: &str) -> SourceFile {
        SourceFile {
            path: path.into(),
            kind: "result-file".into(),
            framework: Some(fw.into()),
            framework_version: Some(ver.into()),
            gpu: Some(gpu.into()),
            runs: 1,
            ..SourceFile::default()
        }
    }

    #[test]
    fn the_explore_link_opens_the_compare_view_of_the_two_files() {
        let link = explore_link("/en/explore/", "lmdeploy/H800_v0.9.2.md", "lmdeploy/H800 v0.10.0.md");
        assert_eq!(link, "/en/explore/?v=1&c=compare&vs=src&b=lmdeploy/H800_v0.9.2.md&k=lmdeploy/H800%20v0.10.0.md");
        let (state, notices) = benchsite_viewer::state::ViewState::from_query(link.split_once('?').unwrap().1);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(state.candidate.as_deref(), Some("lmdeploy/H800 v0.10.0.md"));
    }

    #[test]
    fn natural_pairs_are_consecutive_versions_and_gpu_pairs_with_a_run_in_common() {
        let sources = vec![
            source("lmdeploy/H800_v0.10.0.md", "lmdeploy", "0.10.0", "H800"),
            source("lmdeploy/H800_v0.9.2.md", "lmdeploy", "0.9.2", "H800"),
            source("lmdeploy/A100_v0.9.2.md", "lmdeploy", "0.9.2", "A100"),
            source("vllm/H800_v0.10.1.md", "vllm", "0.10.1", "H800"),
            SourceFile { kind: "raw".into(), ..source("raw/x.log", "vllm", "0.10.1", "A100") },
            // The next version measured another model only: nothing to compare with 0.10.0.
            source("lmdeploy/H800_v0.11.0.md", "lmdeploy", "0.11.0", "H800"),
        ];
        let runs = sources
            .iter()
            .map(|s| {
                let mut run = Run::default();
                run.source.path = s.path.as_str().into();
                run.family = Some(if s.path.contains("0.11.0") { "Llama-3.1-8B" } else { "Qwen3-8B" }.into());
                run
            })
            .collect();
        let data = RunsFile { sources, runs, ..RunsFile::default() };
        let store = Store::new(&data.runs, vec![false; data.runs.len()]);
        let pairs: Vec<(usize, usize, &str, String)> = natural_pairs(&data, &store).into_iter().map(|p| (p.base, p.candidate, p.axis, p.rel)).collect();
        assert_eq!(
            pairs,
            [
                (1, 0, "versions", "compare/lmdeploy/H800_v0.9.2--H800_v0.10.0/".to_string()),
                (2, 1, "gpus", "compare/lmdeploy/A100_v0.9.2--H800_v0.9.2/".to_string()),
            ],
            "0.9.2 comes before 0.10.0; a raw log and a lone file pair with nothing; 0.11.0 shares no run with 0.10.0"
        );
    }
}
