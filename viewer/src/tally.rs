//! What a redraw reads instead of the runs: *parts* — the cells (`Store::cells`) merged across
//! source files, so runs alike in every dimension but the file share one — and, per part and
//! metric, a tally: the best run, its value, how many runs have the metric and the largest
//! magnitude. A view that does not filter on the source file is decided, counted and charted
//! per part (a few thousand where there are a million runs, each in its own cell); one that
//! does goes by cell. Tallies and table orders are computed once per metric or sort column
//! and kept until the runs or the prices change.

use crate::store::{Dim, Store};
use std::sync::{Arc, Mutex};

/// The unit a view is decided on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grain {
    /// `Store::cells`: needed when the view filters on the source file.
    Cells,
    /// [`Parts`]: cells merged across source files.
    Parts,
}

/// Cells merged across source files (and local runs apart, so a part is one chart series in
/// one bar group).
#[derive(Debug, Default, Clone)]
pub struct Parts {
    /// The part of each loaded run.
    pub of: Vec<u32>,
    /// The part of each cell.
    pub of_cell: Vec<u32>,
    /// Per part: the code of each dimension (the source's is 0: a part spans files).
    pub codes: Vec<[u32; Dim::ALL.len()]>,
    pub flagged: Vec<bool>,
    /// Per part: how many runs it holds, loaded or not.
    pub runs: Vec<u32>,
    /// Per part: how many of its runs are loaded.
    pub loaded: Vec<u32>,
}

/// Units of one grain, borrowed from the store.
pub struct Units<'a> {
    pub grain: Grain,
    /// The unit of each loaded run.
    pub of: &'a [u32],
    pub codes: &'a [[u32; Dim::ALL.len()]],
    pub flagged: &'a [bool],
    pub runs: &'a [u32],
    pub loaded: &'a [u32],
}

impl Units<'_> {
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }
}

/// Per unit of a grain and one metric, over the loaded runs: the best run (`u32::MAX` when
/// no run has the metric; ties go to the run that comes first in the store), its value,
/// how many runs have a value, and the largest magnitude.
#[derive(Debug, Clone)]
pub struct Tally {
    pub best: Vec<u32>,
    pub value: Vec<f64>,
    pub count: Vec<u32>,
    pub max_abs: Vec<f64>,
}

/// Results computed once and kept with the store (tallies, table orders, parameter-set
/// counts), dropped when its runs or prices change. A clone starts empty.
#[derive(Default)]
pub struct Memo {
    /// Per grain and metric.
    tallies: Kept<(Grain, String), Tally>,
    /// Per sort column and direction.
    orders: Kept<(String, bool), Vec<u32>>,
    /// Per grain: per unit, (parameter set, runs).
    sets: Kept<Grain, Vec<Vec<(u32, u32)>>>,
    /// The parameters of every set, indexed (one entry: the key is the store).
    params: Kept<(), ParamIndex>,
}

/// Every distinct `(framework, flag, value, origin)` of the store's parameter sets, in that
/// order, and per set the positions of its own: the parameter list of a view adds up the
/// runs per position instead of sorting every set's parameters again.
#[derive(Debug)]
pub struct ParamIndex {
    pub params: Vec<(String, String, String, &'static str)>,
    pub of_set: Vec<Vec<u32>>,
}

/// Results kept by key, each shared with whoever asked for it.
type Kept<K, V> = Mutex<Vec<(K, Arc<V>)>>;

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

impl Memo {
    pub fn clear(&self) {
        lock(&self.tallies).clear();
        lock(&self.orders).clear();
        lock(&self.sets).clear();
        lock(&self.params).clear();
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Looks `key` up in `list`, or makes it with `make` and keeps it.
fn memo<K: PartialEq, V>(list: &Kept<K, V>, key: K, make: impl FnOnce() -> V) -> Arc<V> {
    if let Some((_, v)) = lock(list).iter().find(|(k, _)| *k == key) {
        return v.clone();
    }
    let v = Arc::new(make());
    lock(list).push((key, v.clone()));
    v
}

impl Parts {
    /// The parts of `store`'s cells (which cover every run, loaded or not), and of its
    /// loaded runs. A cell's local flag is that of its loaded runs (cells of shards not
    /// loaded hold site runs).
    ///
    /// Cells come ordered by series, bar group, framework and model, then file and
    /// findings (`Cells::new`, and the index keeps that order), so the cells of a part are
    /// neighbours but for the flagged ones among them: one pass, no sort. Cells in another
    /// order would only give more, smaller parts, each still one configuration.
    pub fn new(store: &Store) -> Parts {
        let cells = &store.cells;
        let mut local = vec![false; cells.len()];
        cells.of.iter().zip(&store.local).filter(|(_, l)| **l).for_each(|(&c, _)| local[c as usize] = true);
        let src = Dim::Source.index();
        let mut parts = Parts { of_cell: Vec::with_capacity(cells.len()), ..Parts::default() };
        let mut current = None;
        // The part of the current run of alike cells, without and with findings.
        let mut ids = [u32::MAX; 2];
        for (c, &is_local) in local.iter().enumerate() {
            let mut codes = cells.codes[c];
            codes[src] = 0;
            if current != Some((codes, is_local)) {
                current = Some((codes, is_local));
                ids = [u32::MAX; 2];
            }
            let flagged = cells.flagged[c];
            let id = &mut ids[usize::from(flagged)];
            if *id == u32::MAX {
                *id = parts.codes.len() as u32;
                parts.codes.push(codes);
                parts.flagged.push(flagged);
                parts.runs.push(0);
            }
            parts.of_cell.push(*id);
            parts.runs[*id as usize] += cells.runs.get(c).copied().unwrap_or(0);
        }
        parts.of = cells.of.iter().map(|&c| parts.of_cell[c as usize]).collect();
        parts.loaded = vec![0; parts.codes.len()];
        parts.of.iter().for_each(|&p| parts.loaded[p as usize] += 1);
        parts
    }
}

/// Per cell: how many of its runs are loaded.
pub fn loaded_per_cell(store: &Store) -> Vec<u32> {
    let mut n = vec![0; store.cells.len()];
    store.cells.of.iter().for_each(|&c| n[c as usize] += 1);
    n
}

impl Store {
    /// The units of `grain`.
    pub fn units(&self, grain: Grain) -> Units<'_> {
        match grain {
            Grain::Cells => Units { grain, of: &self.cells.of, codes: &self.cells.codes, flagged: &self.cells.flagged, runs: &self.cells.runs, loaded: &self.cells.loaded },
            Grain::Parts => Units { grain, of: &self.parts.of, codes: &self.parts.codes, flagged: &self.parts.flagged, runs: &self.parts.runs, loaded: &self.parts.loaded },
        }
    }

    /// The tally of metric `key` per unit of `grain` (`None` when the data has no such
    /// metric).
    pub fn tally(&self, grain: Grain, key: &str) -> Option<Arc<Tally>> {
        let metric = self.metric(key)?;
        Some(memo(&self.memo.tallies, (grain, key.to_string()), || {
            let units = self.units(grain);
            let n = units.len();
            let mut t = Tally { best: vec![u32::MAX; n], value: vec![f64::NAN; n], count: vec![0; n], max_abs: vec![0.0; n] };
            for (i, (&u, &v)) in units.of.iter().zip(&metric.values).enumerate() {
                if v.is_nan() {
                    continue;
                }
                let u = u as usize;
                t.count[u] += 1;
                t.max_abs[u] = t.max_abs[u].max(v.abs());
                if t.best[u] == u32::MAX || metric.better(v, t.value[u]) {
                    (t.best[u], t.value[u]) = (i as u32, v);
                }
            }
            t
        }))
    }

    /// Per unit of `grain`: how many loaded runs have each effective-parameter set, as
    /// `(set, runs)`.
    pub fn set_counts(&self, grain: Grain) -> Arc<Vec<Vec<(u32, u32)>>> {
        memo(&self.memo.sets, grain, || {
            let units = self.units(grain);
            let mut per: Vec<Vec<(u32, u32)>> = vec![Vec::new(); units.len()];
            for (&u, &set) in units.of.iter().zip(&self.tuning.codes) {
                let list = &mut per[u as usize];
                match list.iter_mut().find(|(s, _)| *s == set) {
                    Some((_, n)) => *n += 1,
                    None => list.push((set, 1)),
                }
            }
            per
        })
    }

    /// The store's parameter sets indexed (see [`ParamIndex`]).
    pub fn param_index(&self) -> Arc<ParamIndex> {
        memo(&self.memo.params, (), || {
            let sets = &self.tuning.sets;
            let mut all: Vec<(&str, &str, &str, &'static str, u32)> =
                sets.iter().enumerate().flat_map(|(k, set)| set.params.iter().map(move |(flag, value, origin)| (set.framework.as_str(), flag.as_str(), value.as_str(), *origin, k as u32))).collect();
            crate::order::sort_by(&mut all, |a, b| (a.0, a.1, a.2, a.3).cmp(&(b.0, b.1, b.2, b.3)));
            let mut index = ParamIndex { params: Vec::new(), of_set: vec![Vec::new(); sets.len()] };
            for (fw, flag, value, origin, set) in all {
                if index.params.last().is_none_or(|l| (l.0.as_str(), l.1.as_str(), l.2.as_str(), l.3) != (fw, flag, value, origin)) {
                    index.params.push((fw.to_string(), flag.to_string(), value.to_string(), origin));
                }
                index.of_set[set as usize].push(index.params.len() as u32 - 1);
            }
            index
        })
    }

    /// The loaded runs in the table's order for column `key` (a metric: numbers
    /// numerically, missing last either way; a dimension: by value, `desc` the reverse),
    /// ties in store order. `None` for a column the data does not have.
    pub fn sorted(&self, key: &str, desc: bool) -> Option<Arc<Vec<u32>>> {
        if let Some(metric) = self.metric(key) {
            let v = &metric.values;
            return Some(memo(&self.memo.orders, (key.to_string(), desc), || {
                crate::order::permutation(self.len(), &|a, b| {
                    let (x, y) = (v[a], v[b]);
                    match (x.is_nan(), y.is_nan()) {
                        (true, true) => std::cmp::Ordering::Equal,
                        (true, false) => std::cmp::Ordering::Greater,
                        (false, true) => std::cmp::Ordering::Less,
                        _ if desc => y.total_cmp(&x),
                        _ => x.total_cmp(&y),
                    }
                })
            }));
        }
        let col = &self.dims[&Dim::from_key(key)?];
        Some(memo(&self.memo.orders, (key.to_string(), desc), || {
            let mut order = crate::order::permutation(self.len(), &|a, b| col.codes[a].cmp(&col.codes[b]));
            if desc {
                order.reverse();
            }
            order
        }))
    }
}
