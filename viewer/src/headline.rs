//! The comparison a first-time reader should see: the GPU, model family and workload (load
//! included) that the most frameworks share. The explorer opens on it when a link names no
//! view, and the home page draws one per GPU.

use crate::state::ViewState;
use crate::store::{Dim, Metric, Store, UNKNOWN};
use crate::sorted::{SortedMap, SortedSet};

/// What a headline comparison fixes: every dimension but the engine.
const FIXED: [Dim; 6] = [Dim::Gpu, Dim::Family, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency];

/// One comparison: the values of [`FIXED`], and the frameworks and runs it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Headline {
    /// Values of `gpu`, `fam`, `scen`, `n`, `rate`, `conc`, in that order.
    pub values: [String; 6],
    pub frameworks: Vec<String>,
    pub runs: Vec<u32>,
}

impl Headline {
    pub fn gpu(&self) -> &str {
        &self.values[0]
    }

    pub fn family(&self) -> &str {
        &self.values[1]
    }

    pub fn scenario(&self) -> &str {
        &self.values[2]
    }

    /// The explorer's view of this comparison (bars of `metric`).
    pub fn view(&self, metric: &str) -> ViewState {
        let filters = FIXED.iter().zip(&self.values).map(|(d, v)| (*d, SortedSet::from([v.clone()]))).collect();
        ViewState { filters, metric: Some(metric.to_string()), ..ViewState::default() }
    }
}

/// Candidate comparisons of the site's runs (local runs aside) that have `metric` and state
/// GPU, model and workload, best first: most frameworks, then most engine versions, then
/// fewest flagged runs, then most runs; ties in the order of the values.
pub fn candidates(store: &Store, metric: &Metric) -> Vec<Headline> {
    let cols: Vec<&crate::store::Column> = FIXED.iter().map(|d| &store.dims[d]).collect();
    let (fw, ver) = (&store.dims[&Dim::Framework], &store.dims[&Dim::Version]);
    let mut groups: SortedMap<Vec<u32>, Vec<u32>> = SortedMap::new();
    for i in 0..store.len() {
        if store.local[i] || metric.values[i].is_nan() || fw.at(i) == UNKNOWN {
            continue;
        }
        let key: Vec<u32> = cols.iter().map(|c| c.codes[i]).collect();
        if cols[..3].iter().zip(&key).any(|(c, &k)| c.values[k as usize] == UNKNOWN) {
            continue;
        }
        groups.get_or_default(key).push(i as u32);
    }
    let mut scored: Vec<((usize, usize, i64, usize), Headline)> = groups
        .into_iter()
        .map(|(key, runs)| {
            let frameworks: SortedSet<&str> = runs.iter().map(|&i| fw.at(i as usize)).collect();
            let versions: SortedSet<u32> = runs.iter().map(|&i| ver.codes[i as usize]).collect();
            let flagged = runs.iter().filter(|&&i| store.flagged(i as usize)).count();
            let score = (frameworks.len(), versions.len(), -(flagged as i64), runs.len());
            let values = std::array::from_fn(|d| cols[d].values[key[d] as usize].clone());
            (score, Headline { values, frameworks: frameworks.into_iter().map(String::from).collect(), runs })
        })
        .collect();
    // Stable sort, best score first: equal scores keep the order of their values.
    crate::order::sort_by(&mut scored, |a, b| b.0.cmp(&a.0));
    scored.into_iter().map(|(_, h)| h).collect()
}

/// The best comparison of all.
pub fn pick(store: &Store, metric: &Metric) -> Option<Headline> {
    candidates(store, metric).into_iter().next()
}

/// The best comparison on each GPU, in GPU order (for the home page).
pub fn per_gpu(store: &Store, metric: &Metric) -> Vec<Headline> {
    let mut best: SortedMap<String, Headline> = SortedMap::new();
    for h in candidates(store, metric) {
        best.get_or_insert_with(h.gpu().to_string(), |_| h);
    }
    let mut out: Vec<Headline> = best.into_values().collect();
    crate::order::sort_by(&mut out, |a, b| crate::store::natural(a.gpu(), b.gpu()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;

    #[test]
    fn picks_what_most_frameworks_share_on_one_gpu() {
        let mut runs = vec![
            run("a#L1", "vllm", "0.10.1", "A100", "Qwen/Qwen3-8B", 10.0, 5.0),
            run("b#L2", "lmdeploy", "0.10.0", "H800", "Qwen/Qwen3-32B", 20.0, 4.0),
            run("c#L3", "vllm", "0.10.1", "H800", "Qwen/Qwen3-32B", 30.0, 3.0),
            run("d#L4", "sglang", "0.5.1", "H800", "Qwen/Qwen3-32B", 30.0, 3.0),
            // Same family on H800 but another load: not part of the comparison.
            run("e#L5", "lmdeploy", "0.10.0", "H800", "Qwen/Qwen3-32B", 30.0, 3.0),
        ];
        runs[4].scenario.max_concurrency = Some(256);
        let s = Store::new(&runs, vec![]);
        let h = pick(&s, s.metric("out_tps_gpu").unwrap()).unwrap();
        assert_eq!((h.gpu(), h.family(), h.scenario()), ("H800", "Qwen/Qwen3-32B", "random 1024/1024"));
        assert_eq!(h.frameworks, ["lmdeploy", "sglang", "vllm"]);
        assert_eq!(h.runs, [1, 2, 3]);
        let view = h.view("out_tps_gpu");
        assert_eq!(crate::filter::matching(&s, &view), [1, 2, 3]);
        let gpus: Vec<String> = per_gpu(&s, s.metric("out_tps_gpu").unwrap()).iter().map(|h| h.gpu().to_string()).collect();
        assert_eq!(gpus, ["A100", "H800"]);
    }

    #[test]
    fn runs_that_do_not_state_gpu_or_workload_make_no_headline() {
        let mut r = run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0);
        r.gpu = None;
        let s = Store::new(&[r], vec![]);
        assert!(pick(&s, s.metric("out_tps").unwrap()).is_none());
    }
}
