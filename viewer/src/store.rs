//! The runs in columns: every filter dimension as small integer codes into a table of
//! distinct values, every metric as a `Vec<f64>` (NaN where absent) with the source line of
//! each value. Filtering 100,000 runs is then a scan of a few integer arrays.

use benchsite_model::{RequestRate, Run};
use std::borrow::Cow;
use std::cmp::Ordering;
use crate::sorted::{SortedMap, SortedSet};

/// A filter dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dim {
    Framework,
    Version,
    Gpu,
    Family,
    Model,
    Precision,
    Gpus,
    /// Workload: dataset, input/output lengths and range ratio.
    Scenario,
    /// Number of prompts.
    Prompts,
    /// Request rate (`inf` or requests per second).
    Rate,
    /// Maximum concurrency of the client.
    Concurrency,
    Source,
}

impl Dim {
    pub const ALL: [Dim; 12] = [Dim::Framework, Dim::Version, Dim::Gpu, Dim::Family, Dim::Model, Dim::Precision, Dim::Gpus, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency, Dim::Source];

    /// What makes two runs' numbers comparable besides the engine: hardware, precision,
    /// model and the whole workload (load included). The comparability banner names each
    /// of these that differs among the runs in view.
    pub const COMPARED: [Dim; 8] = [Dim::Gpu, Dim::Gpus, Dim::Precision, Dim::Family, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency];

    /// Query-string key and UI-string suffix.
    pub fn key(self) -> &'static str {
        match self {
            Dim::Framework => "fw",
            Dim::Version => "ver",
            Dim::Gpu => "gpu",
            Dim::Family => "fam",
            Dim::Model => "model",
            Dim::Precision => "prec",
            Dim::Gpus => "gpus",
            Dim::Scenario => "scen",
            Dim::Prompts => "n",
            Dim::Rate => "rate",
            Dim::Concurrency => "conc",
            Dim::Source => "src",
        }
    }

    /// Position in [`Dim::ALL`] (the order of the declaration).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_key(key: &str) -> Option<Dim> {
        Dim::ALL.into_iter().find(|d| d.key() == key)
    }

    /// Borrowed where the run holds the text (a column is made from every run's value: a
    /// string per run per dimension was most of what making the store allocated).
    fn value(self, run: &Run) -> Cow<'_, str> {
        fn or_unknown(v: Option<&str>) -> Cow<'_, str> {
            Cow::Borrowed(v.unwrap_or(UNKNOWN))
        }
        let number = |v: Option<u64>| v.map_or(Cow::Borrowed(UNKNOWN), |n| Cow::Owned(n.to_string()));
        match self {
            Dim::Framework => or_unknown(run.framework.as_deref()),
            Dim::Version => match (&run.framework, &run.framework_version) {
                (Some(f), Some(v)) => Cow::Owned(format!("{f} {v}")),
                (Some(f), None) => Cow::Owned(format!("{f} {UNKNOWN}")),
                _ => Cow::Borrowed(UNKNOWN),
            },
            Dim::Gpu => or_unknown(run.gpu.as_deref()),
            Dim::Family => or_unknown(run.family.as_deref().or(run.model.as_deref())),
            Dim::Model => or_unknown(run.model.as_deref()),
            Dim::Precision => or_unknown(run.precision.as_deref()),
            Dim::Gpus => number(run.gpu_count.or(run.tp).map(u64::from)),
            Dim::Scenario => Cow::Owned(scenario_key(run)),
            Dim::Prompts => number(run.scenario.num_prompts),
            Dim::Rate => match run.scenario.request_rate {
                None => Cow::Borrowed(UNKNOWN),
                Some(RequestRate::Inf) => Cow::Borrowed("inf"),
                Some(RequestRate::PerSecond(r)) => Cow::Owned(benchsite_model::format_number(r)),
            },
            Dim::Concurrency => number(run.scenario.max_concurrency),
            Dim::Source => Cow::Borrowed(run.source.path.as_str()),
        }
    }
}

/// The value of a dimension a run does not state (shown as "not stated").
pub const UNKNOWN: &str = "?";

/// `random 1024/1024`, `sharegpt`, `random 1024/1024 r=0.5`: dataset, lengths and (when
/// lengths vary) the range ratio: the part of a workload that is not load.
pub fn scenario_key(run: &Run) -> String {
    let s = &run.scenario;
    let key = s.key();
    match (s.input_len, s.range_ratio) {
        (Some(_), Some(r)) if r != 1.0 => format!("{key} r={}", benchsite_model::format_number(r)),
        (Some(_), None) if s.dataset.as_deref() == Some("random") => format!("{key} r={UNKNOWN}"),
        _ => key,
    }
}

/// Orders dimension values as a reader expects: not stated first, numbers by value (`2`
/// before `16`, `inf` after every rate), text alphabetically.
pub fn natural(a: &str, b: &str) -> Ordering {
    let num = |s: &str| if s == "inf" { Some(f64::INFINITY) } else { benchsite_model::number::parse_f64(s) };
    match (a == UNKNOWN, b == UNKNOWN) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => match (num(a), num(b)) {
            // `06` and `6` are two values: equal numbers are ordered by their text.
            (Some(x), Some(y)) => x.total_cmp(&y).then_with(|| a.cmp(b)),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            _ => a.cmp(b),
        },
    }
}

/// The column of each dimension, indexed as a map would be (`dims[&Dim::Gpu]`): an array,
/// so the wasm carries no map code for it.
#[derive(Debug, Default, Clone)]
pub struct Dims([Column; Dim::ALL.len()]);

impl Dims {
    pub fn insert(&mut self, dim: Dim, column: Column) {
        self.0[dim.index()] = column;
    }

    pub fn get_mut(&mut self, dim: &Dim) -> Option<&mut Column> {
        self.0.get_mut(dim.index())
    }

    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, Column> {
        self.0.iter_mut()
    }
}

impl std::ops::Index<&Dim> for Dims {
    type Output = Column;

    fn index(&self, dim: &Dim) -> &Column {
        &self.0[dim.index()]
    }
}

/// Distinct values (in [`natural`] order) and the code of each run. Codes follow the
/// ordered values, so comparing codes compares values.
#[derive(Debug, Default, Clone)]
pub struct Column {
    pub values: Vec<String>,
    pub codes: Vec<u32>,
}

impl Column {
    /// The column of `raw`, one value per run.
    pub fn new(raw: Vec<Cow<'_, str>>) -> Column {
        // The distinct values first (a handful): sorting a copy of every run's value held
        // each run's text twice for a moment, in each dimension.
        let distinct: SortedSet<&str> = raw.iter().map(|v| &**v).collect();
        let mut values: Vec<String> = distinct.into_iter().map(str::to_string).collect();
        crate::order::sort_by(&mut values, |a, b| natural(a, b));
        let codes = raw.iter().map(|v| values.binary_search_by(|x| natural(x, v)).expect("every value is among the distinct ones") as u32).collect();
        Column { values, codes }
    }

    /// The value of run `i`.
    pub fn at(&self, i: usize) -> &str {
        &self.values[self.codes[i] as usize]
    }

    /// The code of `value`, if any run has it.
    pub fn code(&self, value: &str) -> Option<u32> {
        self.values.binary_search_by(|x| natural(x, value)).ok().map(|c| c as u32)
    }
}

/// One metric: its value and source line per run.
#[derive(Debug, Clone)]
pub struct Metric {
    /// `out_tps`, `ttft.p99`, ...: query-string key and UI-string suffix.
    pub key: String,
    /// Unit shown on axes: `req/s`, `tok/s`, `ms`.
    pub unit: &'static str,
    pub higher_is_better: bool,
    /// Computed by `Run::derive` rather than printed by the log: shown to three
    /// significant digits.
    pub derived: bool,
    pub values: Vec<f64>,
    pub lines: Vec<u32>,
}

/// Where a run sits in a sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepPoint {
    pub id: String,
    pub header: String,
    pub axis: String,
    pub x: f64,
}

#[derive(Debug, Default, Clone)]
pub struct Store {
    pub ids: Vec<String>,
    pub lines: Vec<u32>,
    pub local: Vec<bool>,
    /// Indices into the findings list of each run (empty for a clean run).
    pub findings: Vec<Vec<u32>>,
    /// Colour of each run's series: its framework's hue, in the shade of its version and
    /// GPU among that framework's in the whole data, so no filter or sort changes it.
    pub colors: Vec<crate::palette::Rgb>,
    pub dims: Dims,
    pub metrics: Vec<Metric>,
    /// Boxed: most runs are in no sweep (8 bytes a run, not 80).
    pub sweeps: Vec<Option<Box<SweepPoint>>>,
    /// Effective parameters, for the tuning explanations.
    pub tuning: Tuning,
    /// Each run's chart series, bar group and trade-off line, as dense codes.
    pub combos: Combos,
    /// Runs alike in every filter dimension, for filters and facet counts.
    pub cells: Cells,
    /// Cells merged across source files, for views that do not filter on the file.
    pub parts: crate::tally::Parts,
    /// Tallies and table orders computed for this store's runs and prices.
    pub memo: crate::tally::Memo,
}

/// Runs that agree on every filter dimension, on having findings and on being local fall
/// in one cell. A view admits or rejects a whole cell (filters, search and hide-flagged
/// only look at these), so a redraw decides and counts facets per cell, not per run:
/// hundreds of cells where there are 100,000 runs.
#[derive(Debug, Default, Clone)]
pub struct Cells {
    /// The cell of each run.
    pub of: Vec<u32>,
    /// Per cell: the code of each dimension, in [`Dim::ALL`] order.
    pub codes: Vec<[u32; Dim::ALL.len()]>,
    pub flagged: Vec<bool>,
    /// Per cell: how many runs it holds.
    pub runs: Vec<u32>,
    /// Per cell: how many of its runs are loaded.
    pub loaded: Vec<u32>,
}

impl Cells {
    /// A series (local included) and a bar group together name every dimension but the
    /// framework, the model and the source: those three and having findings make the cell.
    /// Each part's code is below the number of runs, so the combined key fits a `u128` up
    /// to 2^25 runs.
    fn new(store: &Store) -> Cells {
        let c = &store.combos;
        let flagged: Vec<u32> = (0..store.len()).map(|i| u32::from(store.flagged(i))).collect();
        let dim = |d: Dim| (store.dims[&d].codes.as_slice(), store.dims[&d].values.len());
        let (of, count) = dense(store.len(), &[(&c.series, c.series_count), (&c.group, c.group_count), dim(Dim::Framework), dim(Dim::Model), dim(Dim::Source), (&flagged, 2)]);
        let mut cells = Cells { codes: vec![[0; Dim::ALL.len()]; count], flagged: vec![false; count], runs: vec![0; count], loaded: Vec::new(), of };
        for (i, &cell) in cells.of.iter().enumerate().rev() {
            let cell = cell as usize;
            cells.codes[cell] = std::array::from_fn(|d| store.dims[&Dim::ALL[d]].codes[i]);
            cells.flagged[cell] = store.flagged(i);
            cells.runs[cell] += 1;
        }
        cells
    }

    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// Which cells hold at least one of `rows`.
    pub fn holding(&self, rows: &[u32]) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        rows.iter().for_each(|&i| seen[self.of[i as usize] as usize] = true);
        seen
    }
}

/// What a chart series is: one configuration of one engine (and local runs apart).
pub const SERIES: [Dim; 4] = [Dim::Version, Dim::Gpu, Dim::Gpus, Dim::Precision];
/// What a bar group is: one model family under one workload, load included, so every bar
/// of a group ran the same thing.
pub const GROUP: [Dim; 5] = [Dim::Family, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency];
/// What a trade-off line is: one configuration, model and workload; its points differ in
/// load only.
pub const LINE: [Dim; 6] = [Dim::Version, Dim::Gpu, Dim::Gpus, Dim::Precision, Dim::Model, Dim::Scenario];

/// Codes of combinations of dimensions: two runs share a code exactly when they agree on
/// every dimension of the combination, and codes follow the order of the values. Computed
/// once when the data loads, so grouping 100,000 runs in a redraw is array indexing.
#[derive(Debug, Default, Clone)]
pub struct Combos {
    pub series: Vec<u32>,
    pub series_count: usize,
    pub group: Vec<u32>,
    pub group_count: usize,
    pub line: Vec<u32>,
    pub line_count: usize,
}

impl Combos {
    fn new(store: &Store) -> Combos {
        let (series, series_count) = combine(store, &SERIES, true);
        let (group, group_count) = combine(store, &GROUP, false);
        let (line, line_count) = combine(store, &LINE, true);
        Combos { series, series_count, group, group_count, line, line_count }
    }
}

/// Dense codes of the combination of `dims` (and, with `local`, whether a run is local).
fn combine(store: &Store, dims: &[Dim], local: bool) -> (Vec<u32>, usize) {
    let locals: Vec<u32> = store.local.iter().map(|&l| u32::from(local && l)).collect();
    let mut cols: Vec<(&[u32], usize)> = dims.iter().map(|d| (store.dims[d].codes.as_slice(), store.dims[d].values.len())).collect();
    cols.push((&locals, 2));
    dense(store.len(), &cols)
}

/// Dense codes, in order, of the combination of `n` runs' codes in `cols` (each with how
/// many codes it has).
fn dense(n: usize, cols: &[(&[u32], usize)]) -> (Vec<u32>, usize) {
    let keys: Vec<u128> = (0..n).map(|i| cols.iter().fold(0u128, |k, (codes, radix)| k * (*radix).max(1) as u128 + u128::from(codes[i]))).collect();
    let mut distinct = keys.clone();
    crate::order::sort_by(&mut distinct, Ord::cmp);
    distinct.dedup();
    let codes = keys.iter().map(|k| distinct.binary_search(k).unwrap_or(0) as u32).collect();
    (codes, distinct.len())
}

/// The distinct sets of effective parameters (framework and the flags the catalog knows,
/// with value and origin) and each run's set: counting the runs in view per flag and value
/// is then a pass over integers.
#[derive(Debug, Default, Clone)]
pub struct Tuning {
    /// Set 0 is the empty one (runs without a serve command).
    pub sets: Vec<ParamSet>,
    pub codes: Vec<u32>,
}

#[derive(Debug, Default, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ParamSet {
    pub framework: String,
    /// Flag, value (`?` when unknown) and origin (`explicit`, `default`, ...).
    pub params: Vec<(String, String, &'static str)>,
}

impl Tuning {
    fn new(runs: &[Run]) -> Tuning {
        let mut index: SortedMap<ParamSet, u32> = SortedMap::from([(ParamSet::default(), 0)]);
        let mut sets = vec![ParamSet::default()];
        let codes = runs
            .iter()
            .map(|run| {
                let params: Vec<_> = run.params.effective.iter().filter(|e| e.concept.is_some()).map(|e| (e.flag.to_string(), e.value.as_deref().unwrap_or("?").to_string(), e.origin.as_str())).collect();
                let set = if params.is_empty() { ParamSet::default() } else { ParamSet { framework: run.framework.clone().unwrap_or_default(), params } };
                *index.get_or_insert_with(set, |set| {
                    sets.push(set.clone());
                    sets.len() as u32 - 1
                })
            })
            .collect();
        Tuning { sets, codes }
    }
}

/// Reads one number of a run.
type Get = fn(&Run) -> Option<f64>;
/// Reads one latency family (`ttft`, ...) of a run.
type GetLatency = fn(&Run) -> Option<&benchsite_model::Latency>;

/// Throughput metrics: key, unit, value, and the source-line key of the value.
const THROUGHPUT: [(&str, &str, Get, &str); 5] = [
    ("rps", "req/s", |r| r.metrics.request_throughput, "metrics.request_throughput"),
    ("out_tps", "tok/s", |r| r.metrics.output_throughput, "metrics.output_throughput"),
    ("out_tps_gpu", "tok/s", |r| r.derived.output_throughput_per_gpu, "metrics.output_throughput"),
    ("interactivity", "tok/s", |r| r.derived.interactivity, "metrics.tpot_ms.mean"),
    ("total_tps", "tok/s", |r| r.metrics.total_throughput, "metrics.total_throughput"),
];

const LATENCY: [(&str, GetLatency); 4] = [
    ("ttft", |r| r.metrics.ttft_ms.as_ref()),
    ("tpot", |r| r.metrics.tpot_ms.as_ref()),
    ("itl", |r| r.metrics.itl_ms.as_ref()),
    ("e2e", |r| r.metrics.e2e_ms.as_ref()),
];

impl Store {
    pub fn new(runs: &[Run], local: Vec<bool>) -> Store {
        let n = runs.len();
        let mut store = Store {
            ids: runs.iter().map(|r| r.id.to_string()).collect(),
            lines: runs.iter().map(|r| r.source.line).collect(),
            local,
            findings: runs.iter().map(|r| r.findings.iter().map(|&f| f as u32).collect()).collect(),
            ..Store::default()
        };
        store.local.resize(n, false);
        for dim in Dim::ALL {
            store.dims.insert(dim, Column::new(runs.iter().map(|r| dim.value(r)).collect()));
        }
        for (key, unit, get, line_key) in THROUGHPUT {
            store.push_metric(key, unit, true, runs, |r| get(r).map(|v| (v, r.source.lines.get(line_key).copied().unwrap_or(0))));
        }
        for (family, get) in LATENCY {
            let mut stats: Vec<String> = runs.iter().filter_map(get).flat_map(|l| l.keys().map(|k| k.to_string())).collect();
            // By statistic, then by name: a total order, so any cut of the runs lists them alike.
            crate::order::sort_by(&mut stats, |a, b| stat_order(a).cmp(&stat_order(b)).then_with(|| a.cmp(b)));
            stats.dedup();
            for stat in stats {
                let line_key = format!("metrics.{family}_ms.{stat}");
                store.push_metric(&format!("{family}.{stat}"), "ms", false, runs, |r| {
                    get(r).and_then(|l| l.get(&stat)).map(|&v| (v, r.source.lines.get(&line_key).copied().unwrap_or(0)))
                });
            }
        }
        store.sweeps = runs
            .iter()
            .map(|r| {
                let s = r.sweep.as_ref()?;
                let x = match s.axis.as_str() {
                    "input_len" => s.input_tokens_per_request.or(s.declared)?,
                    _ => s.requests.map(|n| n as f64).or(s.declared)?,
                };
                Some(Box::new(SweepPoint { id: s.id.clone(), header: s.header.lines().next().unwrap_or("").trim().to_string(), axis: s.axis.clone(), x }))
            })
            .collect();
        store.tuning = Tuning::new(runs);
        store.combos = Combos::new(&store);
        store.cells = Cells::new(&store);
        store.colors = store.series_colors();
        store.index_parts();
        store
    }

    /// After the cells: loaded runs per cell, the parts, and no tally of other runs.
    fn index_parts(&mut self) {
        self.cells.loaded = crate::tally::loaded_per_cell(self);
        self.parts = crate::tally::Parts::new(self);
        self.memo.clear();
    }

    /// After the columns of the runs are in place (the cells included): combinations and
    /// colours. The explorer's data (`columns::assemble`) brings the cells of every run,
    /// loaded or not.
    pub fn finish_columns(&mut self) {
        self.combos = Combos::new(self);
        self.colors = self.series_colors();
        self.index_parts();
    }

    /// Framework hue, shaded by the rank of (version, GPU) among the framework's pairs in
    /// the whole data: the cells name every run's, whichever are loaded.
    fn series_colors(&self) -> Vec<crate::palette::Rgb> {
        let (fw, ver, gpu) = (Dim::Framework.index(), Dim::Version.index(), Dim::Gpu.index());
        let key = |c: &[u32; Dim::ALL.len()]| (c[fw], c[ver], c[gpu]);
        let mut pairs: Vec<(u32, u32, u32)> = self.cells.codes.iter().map(key).collect();
        crate::order::sort_by(&mut pairs, Ord::cmp);
        pairs.dedup();
        let names = &self.dims[&Dim::Framework].values;
        let per_cell: Vec<crate::palette::Rgb> = self
            .cells
            .codes
            .iter()
            .map(|c| {
                let key = key(c);
                let first = pairs.partition_point(|p| p.0 < key.0);
                let rank = pairs.partition_point(|p| *p < key) - first;
                crate::palette::shade(crate::palette::hue(&names[key.0 as usize]), rank)
            })
            .collect();
        self.cells.of.iter().map(|&c| per_cell[c as usize]).collect()
    }

    /// Runs in the whole data, loaded or not (the cells count them).
    pub fn total(&self) -> usize {
        self.cells.runs.iter().map(|&n| n as usize).sum::<usize>().max(self.len())
    }

    /// The first of output tokens/s per GPU, output tokens/s and requests/s the data has.
    pub fn default_metric(&self) -> String {
        PREFERRED.iter().find(|k| self.metric(k).is_some()).map_or_else(|| self.metrics.first().map(|m| m.key.clone()).unwrap_or_default(), |k| k.to_string())
    }

    /// This store with `other`'s runs after its own (the runs of logs a reader added):
    /// values merged and recoded, metrics by key (NaN where a side has none), parameter
    /// sets merged, then combinations, cells and colours anew.
    pub fn merged(&self, other: &Store) -> Store {
        let mut out = Store::default();
        for dim in Dim::ALL {
            let (a, b) = (&self.dims[&dim], &other.dims[&dim]);
            let mut values: Vec<String> = a.values.iter().chain(&b.values).cloned().collect();
            crate::order::sort_by(&mut values, |x, y| natural(x, y));
            values.dedup();
            let recode = |col: &Column| -> Vec<u32> {
                let map: Vec<u32> = col.values.iter().map(|v| values.binary_search_by(|x| natural(x, v)).unwrap_or(0) as u32).collect();
                col.codes.iter().map(|&c| map[c as usize]).collect()
            };
            let codes = [recode(a), recode(b)].concat();
            out.dims.insert(dim, Column { values, codes });
        }
        out.ids = [self.ids.clone(), other.ids.clone()].concat();
        out.lines = [self.lines.clone(), other.lines.clone()].concat();
        out.local = [self.local.clone(), other.local.clone()].concat();
        out.findings = [self.findings.clone(), other.findings.clone()].concat();
        out.sweeps = [self.sweeps.clone(), other.sweeps.clone()].concat();
        let mut keys: Vec<&Metric> = self.metrics.iter().collect();
        keys.extend(other.metrics.iter().filter(|m| self.metric(&m.key).is_none()));
        let side = |s: &Store, key: &str| s.metric(key).map_or_else(|| (vec![f64::NAN; s.len()], vec![0; s.len()]), |m| (m.values.clone(), m.lines.clone()));
        out.metrics = keys
            .into_iter()
            .map(|m| {
                let ((va, la), (vb, lb)) = (side(self, &m.key), side(other, &m.key));
                Metric { values: [va, vb].concat(), lines: [la, lb].concat(), ..m.clone() }
            })
            .collect();
        let mut sets = self.tuning.sets.clone();
        let map: Vec<u32> = other
            .tuning
            .sets
            .iter()
            .map(|s| {
                sets.iter().position(|x| x == s).unwrap_or_else(|| {
                    sets.push(s.clone());
                    sets.len() - 1
                }) as u32
            })
            .collect();
        let codes = self.tuning.codes.iter().copied().chain(other.tuning.codes.iter().map(|&c| map[c as usize])).collect();
        out.tuning = Tuning { sets, codes };
        out.combos = Combos::new(&out);
        out.cells = Cells::new(&out);
        out.colors = out.series_colors();
        out.index_parts();
        out
    }

    /// The rows of `pieces` one after another, as [`Store::new`] makes them from the runs in
    /// that order (a test compares the two): values recoded into the distinct values still
    /// used, metrics by key (those with a value left, in `new`'s order), parameter sets in
    /// order of first use, then combinations, cells and colours anew. No run is read: `serve`
    /// rebuilds the store of every run after an edit from the previous one and a store of the
    /// edited file's runs, in time linear in the runs but without their strings.
    pub fn concat(pieces: &[Piece]) -> Store {
        let rows = |p: &Piece| p.rows.clone();
        let mut out = Store::default();
        for dim in Dim::ALL {
            let cols: Vec<&Column> = pieces.iter().map(|p| &p.store.dims[&dim]).collect();
            let used: Vec<Vec<bool>> = pieces
                .iter()
                .zip(&cols)
                .map(|(p, col)| {
                    let mut seen = vec![false; col.values.len()];
                    col.codes[rows(p)].iter().for_each(|&c| seen[c as usize] = true);
                    seen
                })
                .collect();
            let mut values: Vec<String> = cols.iter().zip(&used).flat_map(|(col, seen)| col.values.iter().zip(seen).filter(|(_, &s)| s).map(|(v, _)| v.clone())).collect();
            crate::order::sort_by(&mut values, |x, y| natural(x, y));
            values.dedup();
            let mut codes = Vec::with_capacity(pieces.iter().map(|p| p.rows.len()).sum());
            for ((p, col), seen) in pieces.iter().zip(&cols).zip(&used) {
                let map: Vec<u32> = col.values.iter().zip(seen).map(|(v, &s)| if s { values.binary_search_by(|x| natural(x, v)).unwrap_or(0) as u32 } else { 0 }).collect();
                codes.extend(col.codes[rows(p)].iter().map(|&c| map[c as usize]));
            }
            out.dims.insert(dim, Column { values, codes });
        }
        for p in pieces {
            out.ids.extend_from_slice(&p.store.ids[rows(p)]);
            out.lines.extend_from_slice(&p.store.lines[rows(p)]);
            out.local.extend_from_slice(&p.store.local[rows(p)]);
            out.sweeps.extend_from_slice(&p.store.sweeps[rows(p)]);
            let shift = |f: u32| (i64::from(f) + p.findings_shift) as u32;
            out.findings.extend(p.store.findings[rows(p)].iter().map(|fs| fs.iter().map(|&f| shift(f)).collect::<Vec<u32>>()));
        }
        let mut keys: Vec<&Metric> = pieces.iter().flat_map(|p| p.store.metrics.iter().filter(|m| m.values[rows(p)].iter().any(|v| !v.is_nan()))).collect();
        crate::order::sort_by(&mut keys, |a, b| metric_order(&a.key).cmp(&metric_order(&b.key)));
        keys.dedup_by(|a, b| a.key == b.key);
        out.metrics = keys
            .into_iter()
            .map(|m| {
                let (mut values, mut lines) = (Vec::with_capacity(out.ids.len()), Vec::with_capacity(out.ids.len()));
                for p in pieces {
                    match p.store.metric(&m.key) {
                        Some(pm) => {
                            values.extend_from_slice(&pm.values[rows(p)]);
                            lines.extend_from_slice(&pm.lines[rows(p)]);
                        }
                        None => {
                            values.resize(values.len() + p.rows.len(), f64::NAN);
                            lines.resize(lines.len() + p.rows.len(), 0);
                        }
                    }
                }
                Metric { key: m.key.clone(), unit: m.unit, higher_is_better: m.higher_is_better, derived: m.derived, values, lines }
            })
            .collect();
        // Codes in order of first use, as `Tuning::new` gives them: a set is looked up once
        // per piece, then its code is an array read.
        let mut sets = vec![ParamSet::default()];
        let mut index: SortedMap<ParamSet, u32> = SortedMap::from([(ParamSet::default(), 0)]);
        let mut codes = Vec::with_capacity(out.ids.len());
        for p in pieces {
            let mut map: Vec<Option<u32>> = vec![None; p.store.tuning.sets.len()];
            for &c in &p.store.tuning.codes[rows(p)] {
                let code = *map[c as usize].get_or_insert_with(|| {
                    let set = &p.store.tuning.sets[c as usize];
                    *index.get_or_insert_with(set.clone(), |_| {
                        sets.push(set.clone());
                        sets.len() as u32 - 1
                    })
                });
                codes.push(code);
            }
        }
        out.tuning = Tuning { sets, codes };
        out.combos = Combos::new(&out);
        out.cells = Cells::new(&out);
        out.colors = out.series_colors();
        out.index_parts();
        out
    }

    /// True when run `i` has at least one finding.
    pub fn flagged(&self, i: usize) -> bool {
        !self.findings[i].is_empty()
    }

    fn push_metric(&mut self, key: &str, unit: &'static str, higher_is_better: bool, runs: &[Run], get: impl Fn(&Run) -> Option<(f64, u32)>) {
        let (values, lines): (Vec<f64>, Vec<u32>) = runs.iter().map(|r| get(r).unwrap_or((f64::NAN, 0))).unzip();
        if values.iter().any(|v| !v.is_nan()) {
            self.metrics.push(Metric { key: key.to_string(), unit, higher_is_better, derived: matches!(key, "out_tps_gpu" | "interactivity"), values, lines });
        }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn metric(&self, key: &str) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.key == key)
    }

    /// The file of run `i` (its [`Dim::Source`] value).
    pub fn path(&self, i: usize) -> &str {
        self.value(Dim::Source, i)
    }

    /// The value of `dim` for run `i`.
    pub fn value(&self, dim: Dim, i: usize) -> &str {
        self.dims[&dim].at(i)
    }

    /// Puts the cost metrics ([`COSTS`]) for `prices` in place of the previous ones: per run
    /// `cost::per_million` of its GPU's price, its GPU count (stated or TP, as per-GPU
    /// throughput uses) and its output or total tokens/s. Both are always there (NaN where
    /// a run has no cost), so a metric chosen before a price is typed stays chosen.
    pub fn set_prices(&mut self, prices: &crate::cost::Prices) {
        self.memo.clear();
        self.metrics.retain(|m| !COSTS.iter().any(|(k, _)| *k == m.key));
        for (key, from) in COSTS {
            let tokens = self.metric(from).map(|m| (m.values.clone(), m.lines.clone()));
            let (values, lines) = (0..self.len())
                .map(|i| {
                    let gpus = self.value(Dim::Gpus, i).parse::<u32>().unwrap_or(0);
                    let cost = prices.get(self.value(Dim::Gpu, i)).zip(tokens.as_ref()).and_then(|(p, t)| crate::cost::per_million(p, gpus, t.0[i]));
                    cost.map_or((f64::NAN, 0), |c| (c, tokens.as_ref().map_or(0, |t| t.1[i])))
                })
                .unzip();
            self.metrics.push(Metric { key: key.to_string(), unit: "", higher_is_better: false, derived: true, values, lines });
        }
    }
}

/// Rows `rows` of `store`, for [`Store::concat`], their finding numbers moved by
/// `findings_shift` (the findings before them grew or shrank).
pub struct Piece<'a> {
    pub store: &'a Store,
    pub rows: std::ops::Range<usize>,
    pub findings_shift: i64,
}

/// Where a metric stands in [`Store::new`]'s list: throughputs in [`THROUGHPUT`] order, then
/// each latency family's statistics by [`stat_order`] and name.
fn metric_order(key: &str) -> (usize, (u8, u64), &str) {
    if let Some(i) = THROUGHPUT.iter().position(|t| t.0 == key) {
        return (i, (0, 0), "");
    }
    let (family, stat) = key.split_once('.').unwrap_or((key, ""));
    let f = LATENCY.iter().position(|l| l.0 == family).unwrap_or(LATENCY.len());
    (THROUGHPUT.len() + f, stat_order(stat), stat)
}

/// The cost metrics and the throughput each divides: per million output tokens, per
/// million total (input + output) tokens.
pub const COSTS: [(&str, &str); 2] = [("cost_out", "out_tps"), ("cost_total", "total_tps")];

/// The metrics a chart shows when the view names none: the first of these the data has.
pub const PREFERRED: [&str; 3] = ["out_tps_gpu", "out_tps", "rps"];

impl Metric {
    /// How its values are shown: computed ones to three significant digits, printed ones
    /// with the digits the log printed.
    pub fn origin(&self) -> benchsite_model::Origin {
        if self.derived {
            benchsite_model::Origin::Derived
        } else {
            benchsite_model::Origin::Source
        }
    }

    /// Throughput goes up, latency goes down; used to order bars and the frontier.
    pub fn better(&self, a: f64, b: f64) -> bool {
        if self.higher_is_better {
            a > b
        } else {
            a < b
        }
    }
}

fn stat_order(stat: &str) -> (u8, u64) {
    match stat {
        "mean" => (0, 0),
        "median" => (1, 0),
        "std" => (3, 0),
        "min" => (4, 0),
        "max" => (5, 0),
        p => (2, benchsite_model::number::parse_f64(p.trim_start_matches('p')).map_or(u64::MAX, |v| (v * 1000.0) as u64)),
    }
}

/// FNV-1a over the data text, as 8 hex digits: short enough for a URL, and any change of
/// the data changes it with overwhelming probability.
pub fn data_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{:08x}", (h >> 32) as u32 ^ h as u32)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use benchsite_model::{Latency, Scenario};

    pub fn run(id: &str, fw: &str, ver: &str, gpu: &str, model: &str, out_tps: f64, ttft_p99: f64) -> Run {
        let labels = benchsite_model::Labels { framework: Some(fw.into()), framework_version: Some(ver.into()), gpu: Some(gpu.into()), model: Some(model.into()), ..Default::default() };
        let mut r = Run { id: id.into(), labels: labels.into(), tp: Some(1), ..Run::default() };
        r.source.path = format!("{fw}/{gpu}_v{ver}.md").into();
        r.source.line = id.rsplit('L').next().and_then(|l| l.parse().ok()).unwrap_or(1);
        r.scenario = Scenario { dataset: Some("random".into()), input_len: Some(1024), output_len: Some(1024), num_prompts: Some(100), range_ratio: Some(1.0), ..Scenario::default() }.into();
        r.metrics.output_throughput = Some(out_tps);
        r.metrics.ttft_ms = Some(Latency::from([("p99".to_string(), ttft_p99), ("mean".to_string(), ttft_p99 / 2.0)]));
        r.metrics.tpot_ms = Some(Latency::from([("mean".to_string(), 20.0)]));
        r.derive();
        r
    }

    #[test]
    fn columns_hold_codes_into_sorted_distinct_values() {
        let s = Store::new(&[run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0), run("b#L2", "lmdeploy", "0.10.0", "H800", "m", 20.0, 4.0)], vec![]);
        assert_eq!(s.dims[&Dim::Framework].values, ["lmdeploy", "vllm"]);
        assert_eq!(s.dims[&Dim::Framework].codes, [1, 0]);
        assert_eq!(s.value(Dim::Version, 1), "lmdeploy 0.10.0");
        let keys: Vec<&str> = s.metrics.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["out_tps", "out_tps_gpu", "interactivity", "ttft.mean", "ttft.p99", "tpot.mean"]);
        assert_eq!(s.dims[&Dim::Gpus].values, ["1"]);
    }

    #[test]
    fn workload_and_load_are_dimensions_with_not_stated_first_and_numbers_in_order() {
        use benchsite_model::RequestRate;
        let mut runs: Vec<Run> = (0..4).map(|i| run(&format!("a#L{i}"), "vllm", "0.10.1", "A100", "m", 1.0, 1.0)).collect();
        runs[0].scenario.request_rate = Some(RequestRate::Inf);
        runs[1].scenario.request_rate = Some(RequestRate::PerSecond(16.0));
        runs[2].scenario.request_rate = Some(RequestRate::PerSecond(2.5));
        runs[1].scenario.max_concurrency = Some(256);
        runs[2].scenario.max_concurrency = Some(64);
        runs[2].scenario.range_ratio = Some(0.5);
        runs[3].scenario.range_ratio = None;
        runs[3].scenario.num_prompts = Some(1000);
        runs[3].gpu_count = Some(16);
        runs[0].gpu_count = Some(2);
        let s = Store::new(&runs, vec![]);
        assert_eq!(s.dims[&Dim::Rate].values, ["?", "2.5", "16", "inf"]);
        assert_eq!(s.dims[&Dim::Concurrency].values, ["?", "64", "256"]);
        assert_eq!(s.dims[&Dim::Prompts].values, ["100", "1000"]);
        assert_eq!(s.dims[&Dim::Gpus].values, ["1", "2", "16"]);
        assert_eq!(s.dims[&Dim::Scenario].values, ["random 1024/1024", "random 1024/1024 r=0.5", "random 1024/1024 r=?"]);
        assert_eq!(s.dims[&Dim::Rate].code("16"), Some(2));
    }

    #[test]
    fn runs_with_the_same_effective_parameters_share_a_set() {
        use benchsite_model::tuning::{Effective, Origin};
        let eff = |value: &str, origin| Effective { flag: "--max-batch-size".into(), value: Some(value.into()), origin, concept: Some("max_batch".into()), rule: None };
        let mut runs = vec![run("a#L1", "lmdeploy", "0.10.0", "H800", "m", 1.0, 1.0), run("b#L2", "lmdeploy", "0.10.0", "H800", "m", 2.0, 1.0), run("c#L3", "lmdeploy", "0.10.0", "H800", "m", 3.0, 1.0), run("d#L4", "vllm", "0.10.1", "A100", "m", 4.0, 1.0)];
        runs[0].params.effective = vec![eff("256", Origin::Default)].into();
        runs[1].params.effective = vec![eff("256", Origin::Default), Effective { concept: None, ..eff("x", Origin::Explicit) }].into();
        runs[2].params.effective = vec![eff("128", Origin::Explicit)].into();
        let t = Store::new(&runs, vec![]).tuning;
        // The flag outside the catalog (no concept) is not shown, so a and b share a set.
        assert_eq!(t.codes, [1, 1, 2, 0]);
        assert_eq!(t.sets[0], ParamSet::default());
        assert_eq!(t.sets[1], ParamSet { framework: "lmdeploy".into(), params: vec![("--max-batch-size".into(), "256".into(), "default")] });
        assert_eq!(t.sets[2].params[0].2, "explicit");
    }

    proptest::proptest! {
        /// The parameter list of a view adds runs up on the indexed parameters: the same
        /// list, in the same order, as sorting every counted set's parameters and merging
        /// equal ones (what the explorer did before).
        #[test]
        fn indexed_parameters_add_up_as_sorted_sets_do(
            sets in proptest::collection::vec((0usize..3, proptest::collection::vec((0usize..4, 0usize..3, 0usize..3), 0..5)), 1..12),
            counts in proptest::collection::vec(0usize..4, 12),
        ) {
            use benchsite_model::tuning::{Effective, Origin};
            let origins = [Origin::Default, Origin::Explicit, Origin::Unknown];
            let runs: Vec<Run> = sets.iter().enumerate().map(|(k, (fw, params))| {
                let mut r = run(&format!("a#L{}", k + 1), ["lmdeploy", "vllm", "sglang"][*fw], "1", "A100", "m", 1.0, 1.0);
                r.params.effective = params.iter().map(|&(f, v, o)| Effective { flag: format!("--f{f}").into(), value: Some(format!("{v}").into()), origin: origins[o], concept: Some("c".into()), rule: None }).collect();
                r
            }).collect();
            let store = Store::new(&runs, vec![]);
            let t = &store.tuning;
            let n_of = |set: usize| counts.get(set).copied().unwrap_or(1);
            let mut want: Vec<(&str, &str, &str, &str, usize)> = Vec::new();
            for (k, set) in t.sets.iter().enumerate().filter(|(k, _)| n_of(*k) > 0) {
                want.extend(set.params.iter().map(|(f, v, o)| (set.framework.as_str(), f.as_str(), v.as_str(), *o, n_of(k))));
            }
            want.sort_by(|a, b| (a.0, a.1, a.2, a.3).cmp(&(b.0, b.1, b.2, b.3)));
            want.dedup_by(|later, kept| {
                let same = (later.0, later.1, later.2, later.3) == (kept.0, kept.1, kept.2, kept.3);
                if same {
                    kept.4 += later.4;
                }
                same
            });
            let index = store.param_index();
            let mut per_param = vec![0usize; index.params.len()];
            for (k, params) in index.of_set.iter().enumerate() {
                params.iter().for_each(|&p| per_param[p as usize] += n_of(k));
            }
            let got: Vec<(&str, &str, &str, &str, usize)> = index.params.iter().zip(per_param).filter(|(_, n)| *n > 0).map(|((a, b, c, d), n)| (a.as_str(), b.as_str(), c.as_str(), *d, n)).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn runs_alike_in_every_dimension_share_a_cell_unless_one_is_flagged_or_local() {
        let mut runs = vec![run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0), run("b#L2", "vllm", "0.10.1", "A100", "m", 20.0, 4.0), run("c#L3", "vllm", "0.10.1", "A100", "m", 30.0, 3.0), run("d#L4", "vllm", "0.10.1", "A100", "m", 40.0, 2.0)];
        // Same file (the source is a dimension), one flagged, one local.
        runs[2].findings = vec![0];
        let s = Store::new(&runs, vec![false, false, false, true]);
        assert_eq!(s.cells.of, [0, 0, 1, 2]);
        assert_eq!(s.cells.runs, [2, 1, 1]);
        assert_eq!(s.cells.flagged, [false, true, false]);
        assert_eq!(s.cells.codes[0][Dim::Framework.index()], s.dims[&Dim::Framework].codes[0]);
        assert_eq!(s.cells.holding(&[2]), [false, true, false]);
    }

    #[test]
    fn cost_follows_the_formula_and_is_missing_without_a_price_or_a_gpu_count() {
        let mut runs = vec![run("a#L1", "vllm", "1", "H800", "m", 1000.0, 1.0), run("b#L2", "vllm", "1", "A100", "m", 1000.0, 1.0), run("c#L3", "vllm", "1", "H800", "m", 500.0, 1.0)];
        runs[0].gpu_count = Some(2);
        runs[0].metrics.total_throughput = Some(4000.0);
        runs[2].tp = None;
        let mut s = Store::new(&runs, vec![]);
        let (prices, _) = crate::cost::Prices::parse("H800:2.5");
        s.set_prices(&prices);
        let out = s.metric("cost_out").unwrap();
        // 2.5 × 2 ÷ (1000 × 3600) × 1e6 = 1.3889; no A100 price; no GPU count.
        assert!((out.values[0] - 2.5 * 2.0 / 3.6).abs() < 1e-9, "{:?}", out.values);
        assert!(out.values[1].is_nan() && out.values[2].is_nan());
        assert!((s.metric("cost_total").unwrap().values[0] - 2.5 * 2.0 / 14.4).abs() < 1e-9);
        s.set_prices(&crate::cost::Prices::default());
        assert_eq!(s.metrics.iter().filter(|m| m.key.starts_with("cost_")).count(), 2, "replaced, not added");
        assert!(s.metric("cost_out").unwrap().values.iter().all(|v| v.is_nan()));
    }

    /// What `serve` does after an edit: the store of the runs before and after the edited
    /// file, taken from the previous store (finding numbers moved), with a store of the
    /// file's new runs between them, is the store `new` makes of all the runs.
    #[test]
    fn a_store_cut_and_joined_equals_the_store_of_its_runs() {
        use benchsite_model::tuning::{Effective, Origin};
        let mut all = crate::synthetic_runs(60);
        for (i, r) in all.iter_mut().enumerate() {
            if i % 7 == 0 {
                r.findings = vec![i];
            }
            if i % 5 == 0 {
                r.params.effective = vec![Effective { flag: "--tp".into(), value: Some((i % 3).to_string().into()), origin: Origin::Explicit, concept: Some("tp".into()), rule: None }].into();
            }
        }
        // The edited file's runs before and after: other values, a statistic and a GPU only
        // they have (which must leave with them), other parameter sets, more findings.
        let before: Vec<Run> = (0..4).map(|i| run(&format!("e#L{i}"), "vllm", "0.1", "B200", "x", 1.0, 2.0)).collect();
        let mut after: Vec<Run> = (0..6).map(|i| run(&format!("e#L{i}"), "sglang", "0.9", "A100", "y", 3.0, 4.0)).collect();
        after[1].metrics.itl_ms = Some(benchsite_model::Latency::from([("p50", 1.0)]));
        after[2].findings = vec![100, 101];
        for (at, cut) in [(0, 0), (20, 0), (60, 0), (33, 20)] {
            let (head, tail) = all.split_at(at);
            let tail = &tail[..tail.len() - cut];
            let old: Vec<Run> = head.iter().chain(&before).chain(tail).cloned().collect();
            // The edited file had one finding before; it has three now.
            let shift = 2i64;
            let mut new_runs: Vec<Run> = head.iter().chain(&after).chain(tail).cloned().collect();
            for r in &mut new_runs[head.len() + after.len()..] {
                r.findings.iter_mut().for_each(|f| *f += shift as usize);
            }
            let (old_store, edited) = (Store::new(&old, vec![]), Store::new(&after, vec![]));
            let pieces = [
                Piece { store: &old_store, rows: 0..head.len(), findings_shift: 0 },
                Piece { store: &edited, rows: 0..after.len(), findings_shift: 0 },
                Piece { store: &old_store, rows: head.len() + before.len()..old.len(), findings_shift: shift },
            ];
            assert_eq!(format!("{:?}", Store::concat(&pieces)), format!("{:?}", Store::new(&new_runs, vec![])), "edited file at {at}");
        }
    }

    #[test]
    fn hash_changes_with_the_data() {
        assert_eq!(data_hash("abc").len(), 8);
        assert_ne!(data_hash("abc"), data_hash("abd"));
    }
}
