//! Which runs a view shows, and how many runs each filter value would match, decided per
//! cell of alike runs (`Store::cells`) rather than per run.

use crate::state::{Chart, ViewState};
use crate::store::{Dim, Store};
use std::collections::BTreeMap;

/// For each dimension (in `Dim::ALL` order), a `Vec<bool>` over its value codes: which
/// values the view admits; `None` where the view does not filter.
fn admitted(store: &Store, state: &ViewState) -> Vec<Option<Vec<bool>>> {
    Dim::ALL
        .into_iter()
        .map(|dim| {
            let col = &store.dims[&dim];
            let chosen = state.filters.get(&dim).filter(|s| !s.is_empty());
            chosen.map(|set| col.values.iter().map(|v| set.contains(v)).collect())
        })
        .collect()
}

/// Unicode lower case, for the search. In the browser it is JavaScript's `toLowerCase`, the
/// same Unicode mapping: `str::to_lowercase` would bring the Unicode case tables, about
/// 20 KB, into the wasm.
pub fn lowercase(s: &str) -> String {
    #[cfg(target_arch = "wasm32")]
    return js_sys::JsString::from(s).to_lower_case().into();
    #[cfg(not(target_arch = "wasm32"))]
    return s.to_lowercase();
}

/// Per cell: whether the search and hide-flagged keep it (the filters aside).
fn kept(store: &Store, state: &ViewState) -> Vec<bool> {
    let needle = lowercase(state.search.trim());
    let search: Option<Vec<bool>> = (!needle.is_empty()).then(|| store.dims[&Dim::Model].values.iter().map(|v| lowercase(v).contains(&needle)).collect());
    let cells = &store.cells;
    (0..cells.len())
        .map(|c| search.as_ref().is_none_or(|s| s[cells.codes[c][Dim::Model.index()] as usize]) && !(state.hide_flagged && cells.flagged[c]))
        .collect()
}

/// Indices of the runs the view shows, in store order: which cells the view admits is
/// decided once per cell, then each run looks up its cell. The compare view shows its two
/// sides.
pub fn matching(store: &Store, state: &ViewState) -> Vec<u32> {
    match sides(store, state) {
        Some(Sides { base, candidate, .. }) if state.chart == Chart::Compare => {
            let mut rows = [base, candidate].concat();
            crate::order::sort_by(&mut rows, Ord::cmp);
            rows.dedup();
            rows
        }
        _ => admitted_runs(store, state),
    }
}

/// The compare view's runs: `pool` those the filters and search admit, the compared
/// dimension's own filter aside; `base` and `candidate` those of the pool whose value of
/// that dimension is the base's or the candidate's (empty when not chosen). `None` when no
/// dimension is compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Sides {
    pub pool: Vec<u32>,
    pub base: Vec<u32>,
    pub candidate: Vec<u32>,
}

pub fn sides(store: &Store, state: &ViewState) -> Option<Sides> {
    let dim = state.versus?;
    let mut wide = state.clone();
    wide.filters.remove(&dim);
    let pool = admitted_runs(store, &wide);
    let col = &store.dims[&dim];
    let side = |value: &Option<String>| -> Vec<u32> {
        let code = value.as_deref().and_then(|v| col.code(v));
        code.map(|c| pool.iter().copied().filter(|&i| col.codes[i as usize] == c).collect()).unwrap_or_default()
    };
    let (base, candidate) = (side(&state.base), side(&state.candidate));
    Some(Sides { pool, base, candidate })
}

/// The values of `dim` among `runs`, in the order a reader picks a base and a candidate
/// from: versions by version number within a framework (`0.9.2` before `0.10.0`), other
/// values in their natural order.
pub fn values_among(store: &Store, runs: &[u32], dim: Dim) -> Vec<String> {
    let col = &store.dims[&dim];
    let mut seen = vec![false; col.values.len()];
    runs.iter().for_each(|&i| seen[col.codes[i as usize] as usize] = true);
    let mut values: Vec<String> = col.values.iter().zip(seen).filter(|(_, s)| *s).map(|(v, _)| v.clone()).collect();
    if dim == Dim::Version {
        crate::order::sort_by_key(&mut values, |v| {
            let (fw, ver) = v.split_once(' ').unwrap_or((v, ""));
            (fw.to_string(), benchsite_model::tuning::version_key(ver))
        });
    }
    values
}

/// Per cell: whether the view's filters, search and hide-flagged admit it. The cells cover
/// every run of the data, loaded or not, so this says which shards a view needs.
pub fn cells_admitted(store: &Store, state: &ViewState) -> Vec<bool> {
    let admitted = admitted(store, state);
    let cells = &store.cells;
    kept(store, state)
        .into_iter()
        .enumerate()
        .map(|(c, kept)| kept && admitted.iter().enumerate().all(|(d, ok)| ok.as_ref().is_none_or(|ok| ok[cells.codes[c][d] as usize])))
        .collect()
}

fn admitted_runs(store: &Store, state: &ViewState) -> Vec<u32> {
    let ok = cells_admitted(store, state);
    let of = &store.cells.of;
    (0..store.len() as u32).filter(|&i| ok[of[i as usize] as usize]).collect()
}

/// For every dimension and value: how many runs would match if that value were chosen,
/// with every other filter kept (the usual faceted-search count), summed over cells.
pub fn facet_counts(store: &Store, state: &ViewState) -> BTreeMap<Dim, Vec<u32>> {
    let admitted = admitted(store, state);
    let cells = &store.cells;
    let mut counts: Vec<Vec<u32>> = Dim::ALL.iter().map(|d| vec![0; store.dims[d].values.len()]).collect();
    for (c, kept) in kept(store, state).into_iter().enumerate() {
        if !kept {
            continue;
        }
        let (codes, runs) = (&cells.codes[c], cells.runs[c]);
        // A cell counts for a facet only if no *other* dimension rejects it.
        let mut rejected_by = usize::MAX;
        let mut rejections = 0;
        for (d, ok) in admitted.iter().enumerate() {
            if ok.as_ref().is_some_and(|ok| !ok[codes[d] as usize]) {
                rejections += 1;
                rejected_by = d;
            }
        }
        match rejections {
            0 => counts.iter_mut().zip(codes).for_each(|(count, &code)| count[code as usize] += runs),
            1 => counts[rejected_by][codes[rejected_by] as usize] += runs,
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
    fn the_compare_view_shows_its_two_sides_whatever_the_compared_dimension_filter() {
        let s = store();
        let mut v = ViewState { chart: Chart::Compare, versus: Some(Dim::Gpu), base: Some("A100".into()), candidate: Some("H800".into()), ..ViewState::default() };
        // A filter on the compared dimension does not narrow the sides; the others do.
        v.filters.insert(Dim::Gpu, BTreeSet::from(["A100".into()]));
        v.search = "qwen".into();
        let two = sides(&s, &v).unwrap();
        assert_eq!((two.pool.as_slice(), two.base.as_slice(), two.candidate.as_slice()), (&[0, 1][..], &[0][..], &[1][..]));
        assert_eq!(matching(&s, &v), [0, 1]);
        v.candidate = Some("not in the data".into());
        assert_eq!(matching(&s, &v), [0]);
        v.chart = Chart::Bars;
        assert_eq!(matching(&s, &v), [0], "other charts use the filters as they stand");
        v.versus = None;
        assert_eq!(sides(&s, &v), None);
    }

    #[test]
    fn versions_to_choose_from_go_by_version_number() {
        let s = Store::new(&[run("a#L1", "lmdeploy", "0.10.0", "H800", "m", 1.0, 1.0), run("b#L1", "lmdeploy", "0.9.2", "H800", "m", 1.0, 1.0), run("c#L1", "vllm", "0.10.1", "H800", "m", 1.0, 1.0)], vec![]);
        assert_eq!(values_among(&s, &[0, 1, 2], Dim::Version), ["lmdeploy 0.9.2", "lmdeploy 0.10.0", "vllm 0.10.1"]);
        assert_eq!(values_among(&s, &[2], Dim::Framework), ["vllm"]);
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

    /// Runs and counts decided per run, as the filter did before cells.
    fn per_run(s: &Store, v: &ViewState) -> (Vec<u32>, BTreeMap<Dim, Vec<u32>>) {
        let chosen = |d: Dim, i: usize| v.filters.get(&d).is_none_or(|set| set.is_empty() || set.contains(s.value(d, i)));
        let kept = |i: usize| s.value(Dim::Model, i).to_lowercase().contains(&v.search.trim().to_lowercase()) && !(v.hide_flagged && s.flagged(i));
        let rows = (0..s.len()).filter(|&i| kept(i) && Dim::ALL.iter().all(|&d| chosen(d, i))).map(|i| i as u32).collect();
        let mut counts: BTreeMap<Dim, Vec<u32>> = Dim::ALL.iter().map(|d| (*d, vec![0; s.dims[d].values.len()])).collect();
        for i in (0..s.len()).filter(|&i| kept(i)) {
            for d in Dim::ALL {
                if Dim::ALL.iter().all(|&o| o == d || chosen(o, i)) {
                    counts.get_mut(&d).unwrap()[s.dims[&d].codes[i] as usize] += 1;
                }
            }
        }
        (rows, counts)
    }

    #[test]
    fn deciding_per_cell_gives_the_runs_and_counts_of_deciding_per_run() {
        let mut runs = crate::synthetic_runs(3000);
        for (k, r) in runs.iter_mut().enumerate().filter(|(k, _)| k % 7 == 0) {
            r.findings = vec![k];
        }
        let s = Store::new(&runs, vec![]);
        let set = |values: &[&str]| values.iter().map(|v| v.to_string()).collect::<BTreeSet<String>>();
        let mut states = vec![ViewState::default()];
        let mut v = ViewState::default();
        v.filters.insert(Dim::Framework, set(&["vllm", "sglang"]));
        states.push(v.clone());
        v.filters.insert(Dim::Gpu, set(&["H800"]));
        v.filters.insert(Dim::Precision, set(&["fp8"]));
        states.push(v.clone());
        v.search = " qwen3-3".into();
        states.push(v.clone());
        v.hide_flagged = true;
        states.push(v.clone());
        v.filters.insert(Dim::Gpu, set(&["no such GPU"]));
        states.push(v);
        for v in states {
            let (rows, counts) = per_run(&s, &v);
            assert_eq!(matching(&s, &v), rows, "{v:?}");
            assert_eq!(facet_counts(&s, &v), counts, "{v:?}");
        }
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
