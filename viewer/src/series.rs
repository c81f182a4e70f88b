//! What the charts draw, computed without a canvas: grouped bars, the throughput–latency
//! points with each series' Pareto frontier, and sweeps as lines.

use crate::store::{Dim, Metric, Store};
use std::collections::BTreeMap;

/// Series of run `i` as codes (framework version, GPU, local): comparing codes is what
/// keeps grouping 100,000 runs free of string work; labels are made once per series.
fn series_key(store: &Store, i: usize) -> (u32, u32, bool) {
    (store.dims[&Dim::Version].codes[i], store.dims[&Dim::Gpu].codes[i], store.local[i])
}

/// Dense numbering of two code columns: `a * len(b) + b`, an index into a flat table, so
/// grouping is array indexing rather than hashing.
struct Dense<'a> {
    a: &'a [u32],
    b: &'a [u32],
    b_len: usize,
}

impl<'a> Dense<'a> {
    fn new(store: &'a Store, a: Dim, b: Dim) -> Self {
        Dense { a: &store.dims[&a].codes, b: &store.dims[&b].codes, b_len: store.dims[&b].values.len() }
    }

    fn size(&self, a_len: usize) -> usize {
        a_len * self.b_len
    }

    fn at(&self, i: usize) -> usize {
        self.a[i] as usize * self.b_len + self.b[i] as usize
    }
}

/// One bar: the best run of a series in a group (highest throughput, lowest latency).
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub series: usize,
    pub run: u32,
    pub value: f64,
    /// How many runs of the series fall in the group; the bar shows the best of them.
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub label: String,
    pub bars: Vec<Bar>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bars {
    /// Series labels (framework version · GPU), the legend.
    pub series: Vec<String>,
    pub groups: Vec<Group>,
    /// Groups left out to keep the chart readable.
    pub dropped: usize,
}

/// Most bar groups drawn; the table still lists every run.
pub const MAX_GROUPS: usize = 40;

/// Groups `rows` by model and scenario, one bar per framework + version + GPU. Runs without
/// the metric are left out. When one series has several runs in a group (request rates,
/// repeats, sweeps), the bar is the best of them and says how many there were: the chart
/// stays readable and costs the same at 100,000 runs; the table lists every run.
pub fn bars(store: &Store, rows: &[u32], metric: &Metric) -> Bars {
    let mut series: Vec<String> = Vec::new();
    let series_key = Dense::new(store, Dim::Version, Dim::Gpu);
    let group_key = Dense::new(store, Dim::Model, Dim::Scenario);
    // Local runs get their own series: offset their slot by the table size.
    let series_slots = series_key.size(store.dims[&Dim::Version].values.len());
    let mut series_index: Vec<Option<usize>> = vec![None; series_slots * 2];
    let mut group_index: Vec<Option<usize>> = vec![None; group_key.size(store.dims[&Dim::Model].values.len())];
    let mut groups: Vec<(u32, Vec<Bar>)> = Vec::new();
    for &i in rows {
        let value = metric.values[i as usize];
        if value.is_nan() {
            continue;
        }
        let slot = series_key.at(i as usize) + if store.local[i as usize] { series_slots } else { 0 };
        let s = *series_index[slot].get_or_insert_with(|| {
            series.push(store.series_label(i as usize));
            series.len() - 1
        });
        let g = *group_index[group_key.at(i as usize)].get_or_insert_with(|| {
            groups.push((i, Vec::new()));
            groups.len() - 1
        });
        let bars = &mut groups[g].1;
        match bars.iter_mut().find(|b| b.series == s) {
            Some(bar) => {
                bar.count += 1;
                if metric.better(value, bar.value) {
                    (bar.run, bar.value) = (i, value);
                }
            }
            None => bars.push(Bar { series: s, run: i, value, count: 1 }),
        }
    }
    // Groups in model, then scenario order (their codes follow the sorted values).
    crate::order::sort_by_key(&mut groups, |(first, _)| group_key.at(*first as usize));
    let total = groups.len();
    let groups: Vec<Group> = groups
        .into_iter()
        .take(MAX_GROUPS)
        .map(|(first, mut bars)| {
            crate::order::sort_by_key(&mut bars, |b| (b.series, b.run));
            Group { label: store.group_label(first as usize), bars }
        })
        .collect();
    Bars { series, dropped: total - groups.len(), groups }
}

/// A point of the trade-off chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub run: u32,
    pub x: f64,
    pub y: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PointSeries {
    pub label: String,
    pub points: Vec<Point>,
    /// Indices into `points` of the Pareto frontier, ordered by x.
    pub frontier: Vec<usize>,
}

/// Points (x metric, y metric) per series with each series' frontier: the points no other
/// point of the series beats on both axes (in each metric's better direction).
pub fn tradeoff(store: &Store, rows: &[u32], x: &Metric, y: &Metric) -> Vec<PointSeries> {
    let mut by_series: BTreeMap<(u32, u32, bool), Vec<Point>> = BTreeMap::new();
    for &i in rows {
        let (px, py) = (x.values[i as usize], y.values[i as usize]);
        if px.is_nan() || py.is_nan() {
            continue;
        }
        by_series.entry(series_key(store, i as usize)).or_default().push(Point { run: i, x: px, y: py });
    }
    by_series
        .into_values()
        .map(|points| {
            let frontier = pareto(&points, x.higher_is_better, y.higher_is_better);
            PointSeries { label: store.series_label(points[0].run as usize), points, frontier }
        })
        .collect()
}

/// Indices of the non-dominated points, sorted by x. `O(n log n)`: sort by x from best to
/// worst and keep each point that beats the best y seen so far.
pub fn pareto(points: &[Point], x_up: bool, y_up: bool) -> Vec<usize> {
    let sign = |up: bool, v: f64| if up { v } else { -v };
    let order = crate::order::permutation(points.len(), &|a, b| {
        let (xa, xb) = (sign(x_up, points[a].x), sign(x_up, points[b].x));
        xb.total_cmp(&xa).then(sign(y_up, points[b].y).total_cmp(&sign(y_up, points[a].y)))
    });
    let mut best = f64::NEG_INFINITY;
    let mut out = Vec::new();
    for i in order.into_iter().map(|i| i as usize) {
        let y = sign(y_up, points[i].y);
        if y > best {
            best = y;
            out.push(i);
        }
    }
    crate::order::sort_by(&mut out, |&a, &b| points[a].x.total_cmp(&points[b].x));
    out
}

/// A sweep drawn as a line: x is the swept value, y the metric.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub label: String,
    pub axis: String,
    pub points: Vec<Point>,
}

/// Runs that belong to a sweep, one line per sweep, points ordered by x.
pub fn sweeps(store: &Store, rows: &[u32], metric: &Metric) -> Vec<Line> {
    let mut lines: BTreeMap<String, Line> = BTreeMap::new();
    for &i in rows {
        let (Some(sweep), y) = (&store.sweeps[i as usize], metric.values[i as usize]) else { continue };
        if y.is_nan() {
            continue;
        }
        let line = lines.entry(sweep.id.clone()).or_insert_with(|| Line {
            label: format!("{} · {}", store.series_label(i as usize), sweep.header),
            axis: sweep.axis.clone(),
            points: Vec::new(),
        });
        line.points.push(Point { run: i, x: sweep.x, y });
    }
    lines
        .into_values()
        .map(|mut l| {
            crate::order::sort_by(&mut l.points, |a, b| a.x.total_cmp(&b.x));
            l
        })
        .collect()
}

/// About `n` round tick values covering `[lo, hi]` (steps of 1, 2 or 5 × 10^k).
pub fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    // Also catches NaN, for which every comparison is false.
    if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) || !lo.is_finite() || !hi.is_finite() {
        return vec![lo];
    }
    let raw = (hi - lo) / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let span = hi - lo;
    let off = |st: f64| (span / st - n as f64).abs();
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).min_by(|a, b| off(*a).total_cmp(&off(*b))).unwrap_or(mag);
    // A little slack so bounds that are multiples of the step survive rounding.
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;

    fn p(x: f64, y: f64) -> Point {
        Point { run: 0, x, y }
    }

    #[test]
    fn ticks_are_round_and_inside_the_range() {
        assert_eq!(ticks(0.0, 14600.0, 6), [0.0, 2000.0, 4000.0, 6000.0, 8000.0, 10000.0, 12000.0, 14000.0]);
        let small: Vec<f64> = ticks(0.3, 1.2, 4).iter().map(|v| (v * 10.0).round() / 10.0).collect();
        assert_eq!(small, [0.4, 0.6, 0.8, 1.0, 1.2]);
        assert_eq!(ticks(5.0, 5.0, 6), [5.0]);
    }

    #[test]
    fn frontier_keeps_points_nothing_beats_on_both_axes() {
        // x: throughput (up is better), y: latency (down is better).
        let pts = [p(10.0, 5.0), p(20.0, 8.0), p(15.0, 9.0), p(30.0, 20.0), p(5.0, 4.0), p(30.0, 25.0)];
        assert_eq!(pareto(&pts, true, false), [4, 0, 1, 3]);
        // both up: only the top-right corner survives.
        assert_eq!(pareto(&pts, true, true), [5]);
        assert!(pareto(&[], true, true).is_empty());
    }

    #[test]
    fn bars_group_by_model_and_scenario_with_one_series_per_framework_version_gpu() {
        let s = Store::new(
            &[
                run("a#L1", "vllm", "0.10.1", "A100", "m1", 10.0, 5.0),
                run("b#L2", "lmdeploy", "0.10.0", "H800", "m1", 20.0, 4.0),
                run("c#L3", "lmdeploy", "0.10.0", "H800", "m2", 30.0, 3.0),
            ],
            vec![],
        );
        let b = bars(&s, &[0, 1, 2], s.metric("out_tps").unwrap());
        assert_eq!(b.series, ["vllm 0.10.1 · A100", "lmdeploy 0.10.0 · H800"]);
        assert_eq!(b.groups.len(), 2);
        assert_eq!(b.groups[0].label, "m1 · random 1024/1024");
        assert_eq!(b.groups[0].bars.iter().map(|b| b.value).collect::<Vec<_>>(), [10.0, 20.0]);
    }

    #[test]
    fn several_runs_of_a_series_in_a_group_make_one_bar_with_the_best() {
        let s = Store::new(
            &[
                run("a#L1", "vllm", "0.10.1", "A100", "m1", 10.0, 5.0),
                run("b#L2", "vllm", "0.10.1", "A100", "m1", 30.0, 9.0),
                run("c#L3", "vllm", "0.10.1", "A100", "m1", 20.0, 4.0),
            ],
            vec![],
        );
        let tps = bars(&s, &[0, 1, 2], s.metric("out_tps").unwrap());
        assert_eq!(tps.groups[0].bars, [Bar { series: 0, run: 1, value: 30.0, count: 3 }]);
        // Latency: lower is better.
        let ttft = bars(&s, &[0, 1, 2], s.metric("ttft.p99").unwrap());
        assert_eq!((ttft.groups[0].bars[0].run, ttft.groups[0].bars[0].value), (2, 4.0));
    }

    #[test]
    fn sweeps_become_lines_ordered_by_x() {
        let mut runs: Vec<_> = [(3, 300.0, 30.0), (1, 100.0, 10.0), (2, 200.0, 20.0)]
            .iter()
            .map(|&(i, n, t)| {
                let mut r = run(&format!("raw#L{i}"), "vllm", "0.10.1", "A100", "m", t, 1.0);
                r.sweep = Some(benchsite_model::SweepRef { id: "raw#L0".into(), header: "sweep num_prompts".into(), axis: "num_prompts".into(), index: i, declared: Some(n), requests: Some(n as u64), input_tokens_per_request: None });
                r
            })
            .collect();
        runs.push(run("x#L9", "vllm", "0.10.1", "A100", "m", 5.0, 1.0));
        let s = Store::new(&runs, vec![]);
        let lines = sweeps(&s, &[0, 1, 2, 3], s.metric("out_tps").unwrap());
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].points.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>(), [(100.0, 10.0), (200.0, 20.0), (300.0, 30.0)]);
    }
}
