//! Base against candidate: two sets of runs (two versions of one framework on one GPU, one
//! version on two GPUs, any two selections) paired by model and workload, a ratio and a
//! verdict per metric, and the drift of effective parameters between the two.
//!
//! The verdict follows the PyTorch HUD's rule: a regression when a latency grows to at least
//! `up`× the base or a throughput falls to at most `down`×; an improvement for the mirror
//! (latency ≤ `down`×, throughput ≥ `up`×); otherwise within noise. Single runs carry no
//! error bars, so "within noise" is a width chosen by the reader, not a measured spread.

use crate::store::{Dim, Metric, Store};

/// The metrics a comparison judges, when both runs have them (the static compare pages and
/// the explorer's compare view).
pub const METRICS: [&str; 9] = ["rps", "out_tps", "total_tps", "ttft.mean", "ttft.p99", "tpot.mean", "tpot.p99", "itl.p99", "e2e.mean"];

/// The two ratios that decide a verdict (defaults 1.2 and 0.8).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub up: f64,
    pub down: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds { up: 1.2, down: 0.8 }
    }
}

impl Thresholds {
    /// Thresholds a reader typed: `up` above 1 and `down` in (0, 1), else `None`.
    pub fn new(up: f64, down: f64) -> Option<Thresholds> {
        (up.is_finite() && up > 1.0 && down.is_finite() && down > 0.0 && down < 1.0).then_some(Thresholds { up, down })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Regression,
    Improvement,
    Noise,
}

impl Verdict {
    /// UI-string suffix and CSS class: `regression`, `improvement`, `noise`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Regression => "regression",
            Verdict::Improvement => "improvement",
            Verdict::Noise => "noise",
        }
    }
}

/// What two runs are matched on: model family and the whole workload, load included.
pub const MATCHED_ON: [Dim; 5] = [Dim::Family, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency];

/// What else may differ within a pair; each difference is named next to the pair.
pub const NAMED: [Dim; 6] = [Dim::Framework, Dim::Version, Dim::Gpu, Dim::Gpus, Dim::Precision, Dim::Model];

/// One base run and the candidate run it is compared with.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub base: usize,
    pub candidate: usize,
    /// Every dimension of [`NAMED`] whose value differs: (dimension, base, candidate).
    pub differs: Vec<(Dim, String, String)>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    pub pairs: Vec<Pair>,
    /// Runs with no counterpart on the other side (or a repeat beyond the counterparts).
    pub base_only: Vec<usize>,
    pub candidate_only: Vec<usize>,
}

/// Pairs `base` with `candidate` runs by [`MATCHED_ON`]. Runs that share a key on one side
/// (repeats) pair in order; what is left is listed, never dropped. Pairs come in the base's
/// order.
pub fn pair(store: &Store, base: &[usize], candidate: &[usize]) -> Comparison {
    let key = |i: usize| -> Vec<u32> { MATCHED_ON.iter().map(|d| store.dims[d].codes[i]).collect() };
    // Candidates ordered by key, each key's runs in their own order (a stable sort): a base
    // run takes the first one of its key left. Sorted lists rather than a hash map: no
    // hashing code in the wasm, and the same pairs.
    let keys: Vec<Vec<u32>> = candidate.iter().map(|&c| key(c)).collect();
    let order = crate::order::permutation(keys.len(), &|a, b| keys[a].cmp(&keys[b]));
    let same = |p: usize, q: usize| keys[order[p] as usize] == keys[order[q] as usize];
    // Where each position's run of equal keys ends.
    let mut end = vec![order.len(); order.len()];
    for p in (0..order.len().saturating_sub(1)).rev() {
        end[p] = if same(p, p + 1) { end[p + 1] } else { p + 1 };
    }
    // Per key (at its first position): how many of its runs are taken.
    let mut used = vec![0usize; order.len()];
    let mut taken = vec![false; candidate.len()];
    let mut out = Comparison::default();
    for &b in base {
        let k = key(b);
        let start = order.partition_point(|&j| keys[j as usize] < k);
        let found = (start < order.len() && keys[order[start] as usize] == k && start + used[start] < end[start]).then(|| {
            let j = order[start + used[start]] as usize;
            used[start] += 1;
            j
        });
        match found {
            Some(j) => {
                taken[j] = true;
                let c = candidate[j];
                let differs = NAMED
                    .iter()
                    .filter(|d| store.dims[*d].codes[b] != store.dims[*d].codes[c])
                    .map(|&d| (d, store.value(d, b).to_string(), store.value(d, c).to_string()))
                    .collect();
                out.pairs.push(Pair { base: b, candidate: c, differs });
            }
            None => out.base_only.push(b),
        }
    }
    out.candidate_only = candidate.iter().zip(&taken).filter(|(_, t)| !**t).map(|(&c, _)| c).collect();
    out
}

/// Candidate ÷ base for one metric, and its verdict; `None` when either value is missing
/// or the base is not positive.
pub fn verdict(metric: &Metric, base: usize, candidate: usize, t: Thresholds) -> Option<(f64, Verdict)> {
    let (b, c) = (metric.values[base], metric.values[candidate]);
    if !(b.is_finite() && c.is_finite() && b > 0.0) {
        return None;
    }
    let ratio = c / b;
    let (worse, better) = if metric.higher_is_better { (ratio <= t.down, ratio >= t.up) } else { (ratio >= t.up, ratio <= t.down) };
    let v = match (worse, better) {
        (true, _) => Verdict::Regression,
        (_, true) => Verdict::Improvement,
        _ => Verdict::Noise,
    };
    Some((ratio, v))
}

/// One metric of one pair: candidate ÷ base and its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub metric: String,
    pub ratio: f64,
    pub verdict: Verdict,
}

/// The verdicts of one pair for each of `metrics` that both runs have, in that order.
pub fn judge(store: &Store, pair: &Pair, metrics: &[&str], t: Thresholds) -> Vec<Judged> {
    metrics
        .iter()
        .filter_map(|key| {
            let (ratio, verdict) = verdict(store.metric(key)?, pair.base, pair.candidate, t)?;
            Some(Judged { metric: key.to_string(), ratio, verdict })
        })
        .collect()
}

/// One effective parameter whose value differs between the base and the candidate run:
/// `(value, origin)` on each side, `None` where the run's parameters do not list it.
#[derive(Clone, Debug, PartialEq)]
pub struct Drift {
    pub flag: String,
    pub base: Option<(String, &'static str)>,
    pub candidate: Option<(String, &'static str)>,
}

/// Effective parameters that differ between two runs of one framework, in the base's order
/// then the candidate's new flags. Runs of different frameworks have no common flags: empty.
pub fn drift(store: &Store, base: usize, candidate: usize) -> Vec<Drift> {
    let sets = &store.tuning.sets;
    let (b, c) = (&sets[store.tuning.codes[base] as usize], &sets[store.tuning.codes[candidate] as usize]);
    if b.framework != c.framework {
        return Vec::new();
    }
    let find = |set: &crate::store::ParamSet, flag: &str| set.params.iter().find(|p| p.0 == flag).map(|p| (p.1.clone(), p.2));
    let mut out: Vec<Drift> = Vec::new();
    for (flag, ..) in &b.params {
        let (bv, cv) = (find(b, flag), find(c, flag));
        // The same value set in one command and defaulted in the other ran the same.
        if bv.as_ref().map(|v| &v.0) != cv.as_ref().map(|v| &v.0) {
            out.push(Drift { flag: flag.clone(), base: bv, candidate: cv });
        }
    }
    for (flag, ..) in c.params.iter().filter(|p| find(b, &p.0).is_none()) {
        out.push(Drift { flag: flag.clone(), base: None, candidate: find(c, flag) });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;
    use benchsite_model::tuning::{Effective, Origin};
    use benchsite_model::Run;

    fn with_param(mut r: Run, flag: &str, value: &str, origin: Origin) -> Run {
        r.params.effective.push(Effective { flag: flag.into(), value: Some(value.into()), origin, concept: Some("c".into()), rule: None });
        r
    }

    fn metric<'a>(s: &'a Store, key: &str) -> &'a Metric {
        s.metrics.iter().find(|m| m.key == key).unwrap()
    }

    #[test]
    fn pairs_by_model_and_workload_and_lists_the_rest() {
        let mut other_load = run("b#L3", "lmdeploy", "0.10.0", "H800", "m", 1.0, 1.0);
        other_load.scenario.max_concurrency = Some(64);
        let runs = [
            run("a#L1", "lmdeploy", "0.9.2", "H800", "m", 100.0, 10.0),
            run("a#L2", "lmdeploy", "0.9.2", "H800", "x", 100.0, 10.0),
            run("b#L1", "lmdeploy", "0.10.0", "H800", "m", 130.0, 10.0),
            other_load,
        ];
        let s = Store::new(&runs, vec![]);
        let c = pair(&s, &[0, 1], &[2, 3]);
        assert_eq!(c.pairs.len(), 1);
        assert_eq!((c.pairs[0].base, c.pairs[0].candidate), (0, 2));
        assert_eq!(c.pairs[0].differs, [(Dim::Version, "lmdeploy 0.9.2".to_string(), "lmdeploy 0.10.0".to_string())]);
        assert_eq!((c.base_only.as_slice(), c.candidate_only.as_slice()), (&[1][..], &[3][..]), "another model, another load");
    }

    #[test]
    fn repeats_pair_in_order_and_the_extra_is_listed() {
        let runs = [run("a#L1", "vllm", "1", "A100", "m", 1.0, 1.0), run("a#L2", "vllm", "1", "A100", "m", 1.0, 1.0), run("b#L1", "vllm", "2", "A100", "m", 1.0, 1.0)];
        let s = Store::new(&runs, vec![]);
        let c = pair(&s, &[0, 1], &[2]);
        assert_eq!((c.pairs.len(), c.base_only.as_slice()), (1, &[1][..]));
    }

    /// The pairing as it was written with a hash map of queues, for the proptest.
    fn reference_pair(store: &Store, base: &[usize], candidate: &[usize]) -> (Vec<(usize, usize)>, Vec<usize>, Vec<usize>) {
        let key = |i: usize| -> Vec<u32> { MATCHED_ON.iter().map(|d| store.dims[d].codes[i]).collect() };
        let mut open: std::collections::HashMap<Vec<u32>, std::collections::VecDeque<usize>> = std::collections::HashMap::new();
        for &c in candidate {
            open.entry(key(c)).or_default().push_back(c);
        }
        let (mut pairs, mut base_only, mut taken) = (Vec::new(), Vec::new(), std::collections::HashSet::new());
        for &b in base {
            match open.get_mut(&key(b)).and_then(std::collections::VecDeque::pop_front) {
                Some(c) => {
                    taken.insert(c);
                    pairs.push((b, c));
                }
                None => base_only.push(b),
            }
        }
        (pairs, base_only, candidate.iter().copied().filter(|c| !taken.contains(c)).collect())
    }

    proptest::proptest! {
        /// Same pairs, in the same order, and the same runs left on each side as the hash-map
        /// pairing, with repeats and runs of no counterpart.
        #[test]
        fn pairing_agrees_with_the_hash_map_pairing(runs in proptest::collection::vec((0u8..3, 0u8..3, any_side()), 0..40)) {
            let rs: Vec<Run> = runs.iter().enumerate().map(|(i, (model, load, _))| {
                let mut r = run(&format!("a#L{i}"), "vllm", "1", "A100", ["m", "x", "y"][*model as usize], 1.0, 1.0);
                r.scenario.max_concurrency = Some(u64::from(*load));
                r
            }).collect();
            let s = Store::new(&rs, vec![]);
            let base: Vec<usize> = runs.iter().enumerate().filter(|(_, r)| r.2).map(|(i, _)| i).collect();
            let candidate: Vec<usize> = runs.iter().enumerate().filter(|(_, r)| !r.2).map(|(i, _)| i).collect();
            let c = pair(&s, &base, &candidate);
            let ours = (c.pairs.iter().map(|p| (p.base, p.candidate)).collect::<Vec<_>>(), c.base_only, c.candidate_only);
            proptest::prop_assert_eq!(ours, reference_pair(&s, &base, &candidate));
        }
    }

    fn any_side() -> impl proptest::strategy::Strategy<Value = bool> {
        proptest::prelude::any::<bool>()
    }

    #[test]
    fn verdicts_at_and_around_the_thresholds() {
        // Throughput 100 → 80 is a regression at exactly 0.8×; 81 is noise; 120 an
        // improvement. TTFT p99 10 → 12 is a regression at exactly 1.2×; 11.9 noise; 8 better.
        let cases = [(80.0, 12.0, Verdict::Regression, Verdict::Regression), (81.0, 11.9, Verdict::Noise, Verdict::Noise), (120.0, 8.0, Verdict::Improvement, Verdict::Improvement)];
        for (out, ttft, want_out, want_ttft) in cases {
            let runs = [run("a#L1", "vllm", "1", "A100", "m", 100.0, 10.0), run("b#L1", "vllm", "2", "A100", "m", out, ttft)];
            let s = Store::new(&runs, vec![]);
            let t = Thresholds::default();
            assert_eq!(verdict(metric(&s, "out_tps"), 0, 1, t).map(|v| v.1), Some(want_out), "out {out}");
            assert_eq!(verdict(metric(&s, "ttft.p99"), 0, 1, t).map(|v| v.1), Some(want_ttft), "ttft {ttft}");
        }
        let runs = [run("a#L1", "vllm", "1", "A100", "m", 0.0, 10.0), run("b#L1", "vllm", "2", "A100", "m", 5.0, f64::NAN)];
        let s = Store::new(&runs, vec![]);
        assert_eq!(verdict(metric(&s, "out_tps"), 0, 1, Thresholds::default()), None, "a zero base has no ratio");
    }

    #[test]
    fn a_pair_is_judged_on_each_metric_both_runs_have_at_the_readers_thresholds() {
        let runs = [run("a#L1", "vllm", "1", "A100", "m", 100.0, 10.0), run("b#L1", "vllm", "2", "A100", "m", 90.0, 11.5)];
        let s = Store::new(&runs, vec![]);
        let c = pair(&s, &[0], &[1]);
        let keys = |j: &[Judged]| j.iter().map(|j| (j.metric.clone(), j.verdict)).collect::<Vec<_>>();
        let default = judge(&s, &c.pairs[0], &["out_tps", "rps", "ttft.p99"], Thresholds::default());
        assert_eq!(keys(&default), [("out_tps".to_string(), Verdict::Noise), ("ttft.p99".to_string(), Verdict::Noise)], "no rps: not judged");
        let tight = judge(&s, &c.pairs[0], &["out_tps", "ttft.p99"], Thresholds::new(1.1, 0.95).unwrap());
        assert_eq!(keys(&tight), [("out_tps".to_string(), Verdict::Regression), ("ttft.p99".to_string(), Verdict::Regression)]);
        assert!((tight[1].ratio - 1.15).abs() < 1e-12);
    }

    #[test]
    fn thresholds_a_reader_types_are_checked() {
        assert_eq!(Thresholds::new(1.1, 0.9), Some(Thresholds { up: 1.1, down: 0.9 }));
        for (up, down) in [(0.9, 0.8), (1.2, 1.0), (f64::NAN, 0.8), (f64::INFINITY, 0.8), (1.2, -0.1)] {
            assert_eq!(Thresholds::new(up, down), None, "{up} {down}");
        }
    }

    #[test]
    fn drift_lists_changed_defaults_and_new_flags() {
        let a = with_param(run("a#L1", "lmdeploy", "0.9.2", "H800", "m", 1.0, 1.0), "--max-batch-size", "512", Origin::Default);
        let a = with_param(a, "--tp", "1", Origin::Explicit);
        let b = with_param(run("b#L1", "lmdeploy", "0.10.0", "H800", "m", 1.0, 1.0), "--max-batch-size", "1024", Origin::Default);
        let b = with_param(b, "--tp", "1", Origin::Default);
        let b = with_param(b, "--quant-policy", "8", Origin::Explicit);
        let s = Store::new(&[a, b, run("c#L1", "vllm", "1", "H800", "m", 1.0, 1.0)], vec![]);
        let d = drift(&s, 0, 1);
        assert_eq!(
            d,
            [
                Drift { flag: "--max-batch-size".into(), base: Some(("512".into(), "default")), candidate: Some(("1024".into(), "default")) },
                Drift { flag: "--quant-policy".into(), base: None, candidate: Some(("8".into(), "explicit")) },
            ]
        );
        assert!(drift(&s, 0, 2).is_empty(), "another framework's flags are not a drift");
    }
}
