//! Which runs a view shows, and how many runs each filter value would match, decided per
//! unit of alike runs (`Store::parts`, or `Store::cells` when the view filters on source
//! files; `tally.rs`) rather than per run.

use crate::state::{Chart, ViewState};
use crate::store::{Dim, Store};
use crate::tally::{Grain, Units};
use crate::sorted::{SortedMap, SortedSet};
use std::sync::Arc;

type Filters = SortedMap<Dim, SortedSet<String>>;

/// For each dimension (in `Dim::ALL` order), a `Vec<bool>` over its value codes: which
/// values the filters admit; `None` where they do not filter.
fn admitted(store: &Store, filters: &Filters) -> Vec<Option<Vec<bool>>> {
    Dim::ALL
        .into_iter()
        .map(|dim| {
            let col = &store.dims[&dim];
            let chosen = filters.get(&dim).filter(|s| !s.is_empty());
            chosen.map(|set| col.values.iter().map(|v| set.contains(v)).collect())
        })
        .collect()
}

/// The unit filters are decided on: cells when they name source files (a part spans
/// files), parts otherwise.
pub fn grain(filters: &Filters) -> Grain {
    if filters.get(&Dim::Source).is_some_and(|s| !s.is_empty()) {
        Grain::Cells
    } else {
        Grain::Parts
    }
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

/// Per unit: whether the search and hide-flagged keep it (the filters aside).
fn kept(store: &Store, state: &ViewState, units: &Units) -> Vec<bool> {
    let needle = lowercase(state.search.trim());
    let search: Option<Vec<bool>> = (!needle.is_empty()).then(|| store.dims[&Dim::Model].values.iter().map(|v| lowercase(v).contains(&needle)).collect());
    let model = Dim::Model.index();
    (0..units.len()).map(|u| search.as_ref().is_none_or(|s| s[units.codes[u][model] as usize]) && !(state.hide_flagged && units.flagged[u])).collect()
}

/// Per unit: whether `filters`, the search and hide-flagged admit it.
fn units_admitted(store: &Store, state: &ViewState, filters: &Filters, units: &Units) -> Vec<bool> {
    let admitted = admitted(store, filters);
    let mut ok = kept(store, state, units);
    for (d, allowed) in admitted.iter().enumerate() {
        let Some(allowed) = allowed else { continue };
        ok.iter_mut().zip(units.codes).filter(|(ok, _)| **ok).for_each(|(ok, codes)| *ok = allowed[codes[d] as usize]);
    }
    ok
}

/// The runs a view shows, without listing them: which units of its grain it admits, how
/// many loaded runs they hold, and the table's order. The runs themselves are walked only
/// for what is drawn of them (the table's window, a CSV).
#[derive(Debug, Clone)]
pub struct Rows {
    pub grain: Grain,
    /// Per unit of the grain: admitted.
    pub ok: Vec<bool>,
    len: usize,
    /// The table's order of every loaded run; `None`: store order.
    order: Option<Arc<Vec<u32>>>,
}

impl Default for Rows {
    fn default() -> Rows {
        Rows { grain: Grain::Parts, ok: Vec::new(), len: 0, order: None }
    }
}

impl Rows {
    /// How many runs are in view.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The units of the grain holding runs in view.
    pub fn held<'a>(&'a self, store: &'a Store) -> impl Iterator<Item = usize> + Clone + 'a {
        let loaded = store.units(self.grain).loaded;
        self.ok.iter().zip(loaded).enumerate().filter(|(_, (ok, n))| **ok && **n > 0).map(|(u, _)| u)
    }

    /// The runs in view, in table order.
    pub fn iter<'a>(&'a self, store: &'a Store) -> Box<dyn Iterator<Item = u32> + 'a> {
        let of = store.units(self.grain).of;
        let ok = &self.ok;
        match &self.order {
            Some(order) => Box::new(order.iter().copied().filter(move |&i| ok[of[i as usize] as usize])),
            None => Box::new((0..of.len() as u32).filter(move |&i| ok[of[i as usize] as usize])),
        }
    }

    /// The runs at positions `start..end` of the table.
    pub fn window(&self, store: &Store, start: usize, end: usize) -> Vec<u32> {
        self.iter(store).skip(start).take(end.saturating_sub(start)).collect()
    }

    pub fn to_vec(&self, store: &Store) -> Vec<u32> {
        let mut v = Vec::with_capacity(self.len);
        v.extend(self.iter(store));
        v
    }
}

/// The filters the rows go by: the state's, except that the compare view shows its two
/// sides (the compared dimension's filter is its base and candidate; `None`, no run, when
/// neither is chosen).
fn row_filters(state: &ViewState) -> Option<Filters> {
    let mut filters = state.filters.clone();
    if let (Chart::Compare, Some(dim)) = (state.chart, state.versus) {
        let sides: SortedSet<String> = [&state.base, &state.candidate].into_iter().flatten().cloned().collect();
        if sides.is_empty() {
            return None;
        }
        filters.insert(dim, sides);
    }
    Some(filters)
}

/// The runs the view shows, in the table's order (`state.sort`).
pub fn rows(store: &Store, state: &ViewState) -> Rows {
    let filters = row_filters(state);
    let grain = grain(filters.as_ref().unwrap_or(&state.filters));
    let units = store.units(grain);
    let ok = match &filters {
        Some(f) => units_admitted(store, state, f, &units),
        None => vec![false; units.len()],
    };
    let len = ok.iter().zip(units.loaded).filter(|(ok, _)| **ok).map(|(_, &n)| n as usize).sum();
    let order = state.sort.as_ref().and_then(|(key, desc)| store.sorted(key, *desc));
    Rows { grain, ok, len, order }
}

/// Indices of the runs the view shows, in store order. The compare view shows its two
/// sides.
pub fn matching(store: &Store, state: &ViewState) -> Vec<u32> {
    rows(store, &ViewState { sort: None, ..state.clone() }).to_vec(store)
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
    let mut wide = ViewState { chart: Chart::Bars, sort: None, ..state.clone() };
    wide.filters.remove(&dim);
    let pool = rows(store, &wide).to_vec(store);
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

/// How many runs in view have each parameter set (`Store::tuning`), added up per unit.
pub fn runs_per_set(store: &Store, rows: &Rows) -> Vec<usize> {
    let mut n = vec![0usize; store.tuning.sets.len()];
    let per_unit = store.set_counts(rows.grain);
    rows.held(store).flat_map(|u| &per_unit[u]).for_each(|&(set, k)| n[set as usize] += k as usize);
    n
}

/// Per cell: whether the view's filters, search and hide-flagged admit it. The cells cover
/// every run of the data, loaded or not, so this says which shards a view needs.
pub fn cells_admitted(store: &Store, state: &ViewState) -> Vec<bool> {
    let grain = grain(&state.filters);
    let ok = units_admitted(store, state, &state.filters, &store.units(grain));
    match grain {
        Grain::Cells => ok,
        Grain::Parts => store.parts.of_cell.iter().map(|&p| ok[p as usize]).collect(),
    }
}

/// For every dimension and value: how many runs would match if that value were chosen,
/// with every other filter kept (the usual faceted-search count), summed over units.
pub fn facet_counts(store: &Store, state: &ViewState) -> SortedMap<Dim, Vec<u32>> {
    facet_counts_of(store, state, true)
}

/// [`facet_counts`], the source files' counted only with `source` (a view that does not
/// filter on files is counted per part, which spans files: their counts take a pass over
/// the cells).
pub fn facet_counts_of(store: &Store, state: &ViewState, source: bool) -> SortedMap<Dim, Vec<u32>> {
    let grain = grain(&state.filters);
    let admitted = admitted(store, &state.filters);
    let mut counts: Vec<Vec<u32>> = Dim::ALL.iter().map(|d| vec![0; store.dims[d].values.len()]).collect();
    let src = Dim::Source.index();
    let units = store.units(grain);
    for (u, kept) in kept(store, state, &units).into_iter().enumerate() {
        if !kept {
            continue;
        }
        let (codes, runs) = (&units.codes[u], units.runs[u]);
        // A unit counts for a facet only if no *other* dimension rejects it.
        let mut rejected_by = usize::MAX;
        let mut rejections = 0;
        for (d, ok) in admitted.iter().enumerate() {
            if ok.as_ref().is_some_and(|ok| !ok[codes[d] as usize]) {
                rejections += 1;
                rejected_by = d;
            }
        }
        match rejections {
            0 => counts.iter_mut().zip(codes).enumerate().filter(|(d, _)| grain == Grain::Cells || *d != src).for_each(|(_, (count, &code))| count[code as usize] += runs),
            1 => counts[rejected_by][codes[rejected_by] as usize] += runs,
            _ => {}
        }
    }
    if grain == Grain::Parts && source {
        // No filter on files here: a cell counts for its file when nothing rejects it.
        let cells = store.units(Grain::Cells);
        for (c, kept) in kept(store, state, &cells).into_iter().enumerate() {
            let codes = &cells.codes[c];
            if kept && admitted.iter().enumerate().all(|(d, ok)| ok.as_ref().is_none_or(|ok| ok[codes[d] as usize])) {
                counts[src][codes[src] as usize] += cells.runs[c];
            }
        }
    }
    Dim::ALL.into_iter().zip(counts).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;

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
        v.filters.insert(Dim::Framework, SortedSet::from(["lmdeploy".into()]));
        assert_eq!(matching(&s, &v), [1, 2]);
        v.search = "QWEN".into();
        assert_eq!(matching(&s, &v), [1]);
        v.filters.insert(Dim::Gpu, SortedSet::from(["A100".into()]));
        assert!(matching(&s, &v).is_empty());
    }

    #[test]
    fn the_compare_view_shows_its_two_sides_whatever_the_compared_dimension_filter() {
        let s = store();
        let mut v = ViewState { chart: Chart::Compare, versus: Some(Dim::Gpu), base: Some("A100".into()), candidate: Some("H800".into()), ..ViewState::default() };
        // A filter on the compared dimension does not narrow the sides; the others do.
        v.filters.insert(Dim::Gpu, SortedSet::from(["A100".into()]));
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
    fn per_run(s: &Store, v: &ViewState) -> (Vec<u32>, SortedMap<Dim, Vec<u32>>) {
        let chosen = |d: Dim, i: usize| v.filters.get(&d).is_none_or(|set| set.is_empty() || set.contains(s.value(d, i)));
        let kept = |i: usize| s.value(Dim::Model, i).to_lowercase().contains(&v.search.trim().to_lowercase()) && !(v.hide_flagged && s.flagged(i));
        let rows = (0..s.len()).filter(|&i| kept(i) && Dim::ALL.iter().all(|&d| chosen(d, i))).map(|i| i as u32).collect();
        let mut counts: SortedMap<Dim, Vec<u32>> = Dim::ALL.iter().map(|d| (*d, vec![0; s.dims[d].values.len()])).collect();
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
    fn deciding_per_unit_gives_the_runs_counts_order_and_bars_of_deciding_per_run() {
        let mut runs = crate::synthetic_runs(3000);
        for (k, r) in runs.iter_mut().enumerate() {
            if k % 7 == 0 {
                r.findings = vec![k];
            }
            // Several files per configuration, so that parts span files.
            r.source.path = format!("{}.{}.md", r.source.path, (k / 480) % 3).into();
            r.id = format!("{}#L{}", r.source.path, r.source.line).into();
        }
        let s = Store::new(&runs, vec![]);
        assert!(s.parts.codes.len() < s.cells.len(), "parts merge cells across files");
        let set = |values: &[&str]| values.iter().map(|v| v.to_string()).collect::<SortedSet<String>>();
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
        let files = s.dims[&Dim::Source].values.clone();
        let mut by_file = ViewState::default();
        by_file.filters.insert(Dim::Source, [files[0].clone(), files[4].clone()].into());
        states.push(by_file.clone());
        by_file.filters.insert(Dim::Framework, set(&["lmdeploy"]));
        states.push(by_file);
        v.filters.insert(Dim::Gpu, set(&["no such GPU"]));
        states.push(v);
        let sorts = [None, Some(("ttft.p99".to_string(), true)), Some(("out_tps".to_string(), false)), Some(("gpu".to_string(), true)), Some(("n".to_string(), false))];
        for v in states {
            let (rows, counts) = per_run(&s, &v);
            assert_eq!(matching(&s, &v), rows, "{v:?}");
            assert_eq!(facet_counts(&s, &v), counts, "{v:?}");
            let fast = facet_counts_of(&s, &v, false);
            assert!(Dim::ALL.iter().filter(|d| **d != Dim::Source).all(|d| fast[d] == counts[d]), "{v:?}");
            for sort in &sorts {
                let sorted = ViewState { sort: sort.clone(), ..v.clone() };
                let mut want = rows.clone();
                if let Some((key, desc)) = sort {
                    per_run_sort(&s, key, *desc, &mut want);
                }
                let got = super::rows(&s, &sorted);
                assert_eq!((got.len(), got.to_vec(&s)), (want.len(), want.clone()), "{sorted:?}");
                assert_eq!(got.window(&s, 3, 9), want[3.min(want.len())..9.min(want.len())], "{sorted:?}");
                for metric in ["out_tps", "ttft.p99"] {
                    let m = s.metric(metric).unwrap();
                    let t = s.tally(got.grain, metric).unwrap();
                    let candidates = got.held(&s).filter(|&u| t.best[u] != u32::MAX).map(|u| crate::series::Candidate { run: t.best[u], value: t.value[u], count: t.count[u] });
                    // Which run stands for a group or a series (for its labels) may differ.
                    let shown = |b: crate::series::Bars| (b.series.iter().map(|s| (s.label.clone(), s.color)).collect::<Vec<_>>(), b.groups.iter().map(|g| (g.label.clone(), g.bars.clone())).collect::<Vec<_>>(), b.dropped);
                    assert!(shown(crate::series::bars_of(&s, m, candidates)) == shown(crate::series::bars(&s, &want, m)), "{sorted:?} {metric}");
                }
            }
        }
    }

    /// The table's order as it was made per redraw: a stable sort of the rows.
    fn per_run_sort(s: &Store, key: &str, desc: bool, rows: &mut [u32]) {
        if let Some(m) = s.metric(key) {
            let v = &m.values;
            rows.sort_by(|&a, &b| {
                let (x, y) = (v[a as usize], v[b as usize]);
                match (x.is_nan(), y.is_nan()) {
                    (true, true) => std::cmp::Ordering::Equal,
                    (true, false) => std::cmp::Ordering::Greater,
                    (false, true) => std::cmp::Ordering::Less,
                    _ if desc => y.total_cmp(&x),
                    _ => x.total_cmp(&y),
                }
            });
        } else {
            let codes = &s.dims[&Dim::from_key(key).unwrap()].codes;
            rows.sort_by_key(|&i| codes[i as usize]);
            if desc {
                rows.reverse();
            }
        }
    }

    #[test]
    fn facet_counts_ignore_their_own_filter() {
        let s = store();
        let mut v = ViewState::default();
        v.filters.insert(Dim::Framework, SortedSet::from(["vllm".into()]));
        let c = facet_counts(&s, &v);
        // Framework counts as if no framework were chosen; model counts only vllm runs.
        assert_eq!(c[&Dim::Framework], [2, 1]);
        assert_eq!(c[&Dim::Model], [1, 0]);
    }
}
