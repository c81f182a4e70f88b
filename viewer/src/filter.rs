//! Which runs a view shows, and how many runs each filter value would match.

use crate::state::ViewState;
use crate::store::{Dim, Store};
use std::collections::BTreeMap;

/// For each dimension, a `Vec<bool>` over its value codes: which values the view admits.
fn admitted(store: &Store, state: &ViewState) -> BTreeMap<Dim, Option<Vec<bool>>> {
    Dim::ALL
        .into_iter()
        .map(|dim| {
            let col = &store.dims[&dim];
            let chosen = state.filters.get(&dim).filter(|s| !s.is_empty());
            (dim, chosen.map(|set| col.values.iter().map(|v| set.contains(v)).collect()))
        })
        .collect()
}

fn search_ok(store: &Store, state: &ViewState) -> Option<Vec<bool>> {
    let needle = state.search.trim().to_lowercase();
    (!needle.is_empty()).then(|| store.dims[&Dim::Model].values.iter().map(|v| v.to_lowercase().contains(&needle)).collect())
}

/// Indices of the runs the view shows, in store order.
pub fn matching(store: &Store, state: &ViewState) -> Vec<u32> {
    let admitted = admitted(store, state);
    let search = search_ok(store, state);
    let active: Vec<(&Vec<u32>, &Vec<bool>)> = admitted.iter().filter_map(|(dim, ok)| Some((&store.dims[dim].codes, ok.as_ref()?))).collect();
    let models = &store.dims[&Dim::Model].codes;
    (0..store.len() as u32)
        .filter(|&i| {
            active.iter().all(|(codes, ok)| ok[codes[i as usize] as usize])
                && search.as_ref().is_none_or(|s| s[models[i as usize] as usize])
                && !(state.hide_flagged && store.flagged(i as usize))
        })
        .collect()
}

/// For every dimension and value: how many runs would match if that value were chosen,
/// with every other filter kept (the usual faceted-search count).
pub fn facet_counts(store: &Store, state: &ViewState) -> BTreeMap<Dim, Vec<u32>> {
    let admitted = admitted(store, state);
    let search = search_ok(store, state);
    let models = &store.dims[&Dim::Model].codes;
    // Plain slices in `Dim::ALL` order: no map lookups in the per-run loop.
    let codes: Vec<&[u32]> = Dim::ALL.iter().map(|d| store.dims[d].codes.as_slice()).collect();
    let oks: Vec<Option<&[bool]>> = Dim::ALL.iter().map(|d| admitted[d].as_deref()).collect();
    let mut counts: Vec<Vec<u32>> = Dim::ALL.iter().map(|d| vec![0; store.dims[d].values.len()]).collect();
    for i in 0..store.len() {
        if search.as_ref().is_some_and(|s| !s[models[i] as usize]) || (state.hide_flagged && store.flagged(i)) {
            continue;
        }
        // A run counts for a facet only if no *other* dimension rejects it.
        let mut rejected_by = usize::MAX;
        let mut rejections = 0;
        for (d, ok) in oks.iter().enumerate() {
            if let Some(ok) = ok {
                if !ok[codes[d][i] as usize] {
                    rejections += 1;
                    rejected_by = d;
                }
            }
        }
        match rejections {
            0 => (0..codes.len()).for_each(|d| counts[d][codes[d][i] as usize] += 1),
            1 => counts[rejected_by][codes[rejected_by][i] as usize] += 1,
            _ => {}
        }
    }
    Dim::ALL.into_iter().zip(counts).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;
    use std::collections::BTreeSet;

    fn store() -> Store {
        Store::new(
            &[
                run("a#L1", "vllm", "0.10.1", "A100", "Qwen/Qwen3-8B", 10.0, 5.0),
                run("b#L2", "lmdeploy", "0.10.0", "H800", "Qwen/Qwen3-8B", 20.0, 4.0),
                run("c#L3", "lmdeploy", "0.10.0", "H800", "openai/gpt-oss-20b", 30.0, 3.0),
            ],
            vec![],
        )
    }

    #[test]
    fn filters_and_search_combine() {
        let s = store();
        let mut v = ViewState::default();
        assert_eq!(matching(&s, &v), [0, 1, 2]);
        v.filters.insert(Dim::Framework, BTreeSet::from(["lmdeploy".into()]));
        assert_eq!(matching(&s, &v), [1, 2]);
        v.search = "QWEN".into();
        assert_eq!(matching(&s, &v), [1]);
        v.filters.insert(Dim::Gpu, BTreeSet::from(["A100".into()]));
        assert!(matching(&s, &v).is_empty());
    }

    #[test]
    fn flagged_runs_can_be_hidden() {
        let mut runs = vec![run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0), run("b#L2", "lmdeploy", "0.10.0", "H800", "m", 20.0, 4.0)];
        runs[1].findings = vec![0];
        let s = Store::new(&runs, vec![]);
        let mut v = ViewState::default();
        assert_eq!(matching(&s, &v), [0, 1]);
        v.hide_flagged = true;
        assert_eq!(matching(&s, &v), [0]);
        assert_eq!(facet_counts(&s, &v)[&Dim::Framework], [0, 1]);
    }

    #[test]
    fn facet_counts_ignore_their_own_filter() {
        let s = store();
        let mut v = ViewState::default();
        v.filters.insert(Dim::Framework, BTreeSet::from(["vllm".into()]));
        let c = facet_counts(&s, &v);
        // Framework counts as if no framework were chosen; model counts only vllm runs.
        assert_eq!(c[&Dim::Framework], [2, 1]);
        assert_eq!(c[&Dim::Model], [1, 0]);
    }
}
