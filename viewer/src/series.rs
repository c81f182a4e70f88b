//! What the charts draw, computed without a canvas: grouped bars, the throughput–latency
//! points with each series' Pareto frontier, and sweeps as lines.

use crate::store::{Dim, Metric, Store};

/// A chart series: its label, colour and a run that belongs to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub run: u32,
    /// `lmdeploy 0.10.0 · H800`, plus precision and GPU count where the series of the chart
    /// differ in them; `?` for what a run does not state.
    pub label: String,
    pub color: crate::palette::Rgb,
    pub local: bool,
}

/// Series of the first runs given, labelled with what tells them apart.
fn describe(store: &Store, firsts: &[u32]) -> Vec<Series> {
    let varies = |dim: Dim| {
        let codes = &store.dims[&dim].codes;
        firsts.iter().any(|&r| codes[r as usize] != codes[firsts[0] as usize])
    };
    let (prec, gpus) = (varies(Dim::Precision), varies(Dim::Gpus));
    firsts
        .iter()
        .map(|&r| {
            let i = r as usize;
            let mut label = format!("{} · {}", store.value(Dim::Version, i), store.value(Dim::Gpu, i));
            if prec {
                label.push_str(&format!(" · {}", store.value(Dim::Precision, i)));
            }
            if gpus {
                label.push_str(&format!(" · ×{}", store.value(Dim::Gpus, i)));
            }
            Series { run: r, label, color: store.colors[i], local: store.local[i] }
        })
        .collect()
}

/// The load of run `i` as a point label: `c=64` when the client capped concurrency,
/// otherwise `rate=inf` / `rate=4`.
pub fn load_label(store: &Store, i: usize) -> String {
    match (store.value(Dim::Concurrency, i), store.value(Dim::Rate, i)) {
        (c, _) if c != crate::store::UNKNOWN => format!("c={c}"),
        (_, r) => format!("rate={r}"),
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
    /// A run of the group, for its family and workload.
    pub run: u32,
    /// Family, workload, and load (`n=2000 · rate=inf`, `· c=256` when capped).
    pub label: [String; 3],
    pub bars: Vec<Bar>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bars {
    /// The series of the bars drawn.
    pub series: Vec<Series>,
    pub groups: Vec<Group>,
    /// Groups left out to keep the chart readable.
    pub dropped: usize,
}

/// Most bar groups drawn; the table still lists every run.
pub const MAX_GROUPS: usize = 40;
/// Most bars drawn, unless the first group alone has more: about two pixels a bar on a
/// wide screen. Groups past it are left out like those past [`MAX_GROUPS`] and counted.
pub const MAX_BARS: usize = 400;

/// The three lines of a group's label.
pub fn group_label(store: &Store, i: usize) -> [String; 3] {
    let mut load = format!("n={} · rate={}", store.value(Dim::Prompts, i), store.value(Dim::Rate, i));
    if store.value(Dim::Concurrency, i) != crate::store::UNKNOWN {
        load.push_str(&format!(" · c={}", store.value(Dim::Concurrency, i)));
    }
    [store.value(Dim::Family, i).to_string(), store.value(Dim::Scenario, i).to_string(), load]
}

/// Groups `rows` by model family and workload (load included), one bar per framework +
/// version + GPU (+ GPU count and precision). Runs without the metric are left out. When
/// one series has several runs in a group (repeats), the bar is the best of them and says
/// how many there were; the table lists every run.
pub fn bars(store: &Store, rows: &[u32], metric: &Metric) -> Bars {
    let candidates = rows.iter().filter(|&&i| !metric.values[i as usize].is_nan()).map(|&i| Candidate { run: i, value: metric.values[i as usize], count: 1 });
    bars_of(store, metric, candidates)
}

/// The best run of some runs of one series in one bar group, and how many runs have a value
/// (one run, or a part's tally).
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    pub run: u32,
    pub value: f64,
    pub count: u32,
}

/// The bars of `candidates` (see [`bars`]); each bar is the best of its candidates, a tie
/// going to the run first in the store, so the bars do not depend on the table's order.
/// Only the first [`MAX_GROUPS`] groups are built, and kept up to [`MAX_BARS`] bars.
pub fn bars_of(store: &Store, metric: &Metric, candidates: impl Iterator<Item = Candidate> + Clone) -> Bars {
    let (series_code, group_code) = (&store.combos.series, &store.combos.group);
    // Groups in family, then workload order (codes follow the values): the first ones.
    let mut present = vec![false; store.combos.group_count];
    let mut series_index: Vec<Option<usize>> = vec![None; store.combos.series_count];
    let mut firsts: Vec<u32> = Vec::new();
    for c in candidates.clone() {
        present[group_code[c.run as usize] as usize] = true;
        series_index[series_code[c.run as usize] as usize].get_or_insert_with(|| {
            firsts.push(c.run);
            firsts.len() - 1
        });
    }
    let total = present.iter().filter(|p| **p).count();
    let mut slot = vec![u32::MAX; present.len()];
    let mut groups: Vec<(u32, Vec<Bar>)> = Vec::new();
    for (g, _) in present.iter().enumerate().filter(|(_, p)| **p).take(MAX_GROUPS) {
        slot[g] = groups.len() as u32;
        groups.push((u32::MAX, Vec::new()));
    }
    // The candidates of each group built, then each group's bars: `bar_of` holds the bar of
    // each series code in the group at hand (no search through a group's bars), reset after.
    let mut members: Vec<Vec<Candidate>> = vec![Vec::new(); groups.len()];
    for c in candidates {
        if let Some(list) = members.get_mut(slot[group_code[c.run as usize] as usize] as usize) {
            list.push(c);
        }
    }
    let mut bar_of = vec![u32::MAX; store.combos.series_count];
    for ((first, bars), list) in groups.iter_mut().zip(members) {
        for c in list {
            let code = series_code[c.run as usize] as usize;
            *first = (*first).min(c.run);
            match bar_of[code] {
                u32::MAX => {
                    bar_of[code] = bars.len() as u32;
                    bars.push(Bar { series: series_index[code].unwrap_or(0), run: c.run, value: c.value, count: c.count });
                }
                b => {
                    let bar = &mut bars[b as usize];
                    bar.count += c.count;
                    if metric.better(c.value, bar.value) || (c.value == bar.value && c.run < bar.run) {
                        (bar.run, bar.value) = (c.run, c.value);
                    }
                }
            }
        }
        bars.iter().for_each(|b| bar_of[series_code[b.run as usize] as usize] = u32::MAX);
    }
    // Groups beyond the first that would take the bars past `MAX_BARS` are left out too.
    let mut bars_kept = 0;
    let kept = groups.iter().take_while(|(_, bars)| {
        bars_kept += bars.len();
        bars_kept <= MAX_BARS
    });
    let kept = kept.count().max(1).min(groups.len());
    groups.truncate(kept);
    // The series drawn (those of the groups kept), in a fixed order (framework, version,
    // GPU, ...: codes follow the values), so a framework's bars stand in the same place in
    // every group whatever the table's sort.
    let mut drawn = vec![false; firsts.len()];
    groups.iter().flat_map(|(_, bars)| bars).for_each(|b| drawn[b.series] = true);
    let mut order: Vec<u32> = (0..firsts.len() as u32).filter(|&s| drawn[s as usize]).collect();
    crate::order::sort_by_key(&mut order, |&s| series_code[firsts[s as usize] as usize]);
    let mut rank = vec![0; firsts.len()];
    order.iter().enumerate().for_each(|(r, &s)| rank[s as usize] = r);
    let firsts: Vec<u32> = order.iter().map(|&s| firsts[s as usize]).collect();
    let groups: Vec<Group> = groups
        .into_iter()
        .map(|(first, mut bars)| {
            bars.iter_mut().for_each(|b| b.series = rank[b.series]);
            crate::order::sort_by_key(&mut bars, |b| (b.series, b.run));
            Group { run: first, label: group_label(store, first as usize), bars }
        })
        .collect();
    Bars { series: describe(store, &firsts), dropped: total - groups.len(), groups }
}

/// A point of the trade-off chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub run: u32,
    pub x: f64,
    pub y: f64,
}

/// The points of one configuration under one workload.
#[derive(Debug, Clone, PartialEq)]
pub struct PointSeries {
    /// Index into [`Tradeoff::series`] (colour and legend).
    pub series: usize,
    /// The workload (`Qwen3-8B · random 1024/1024`).
    pub label: String,
    pub points: Vec<Point>,
    /// Indices into `points` of the Pareto frontier, ordered by x: only along a load sweep
    /// (two or more request rates or concurrencies), empty otherwise.
    pub frontier: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tradeoff {
    pub series: Vec<Series>,
    pub lines: Vec<PointSeries>,
}

impl Tradeoff {
    /// True when some series is a load sweep and so has a frontier.
    pub fn has_curve(&self) -> bool {
        self.lines.iter().any(|l| !l.frontier.is_empty())
    }
}

/// Most points drawn per line of the trade-off chart, beside those always drawn.
pub const MAX_POINTS: usize = 300;

/// The points of a line the trade-off chart draws: every `step`-th when the line holds more
/// than [`MAX_POINTS`], and always those `keep` names (the frontier, a flagged or selected
/// run), so no flagged run is thinned away and the curve stays whole. In point order.
pub fn drawn(points: usize, keep: impl Fn(usize) -> bool) -> Vec<usize> {
    let step = (points / MAX_POINTS).max(1);
    (0..points).filter(|&i| i % step == 0 || keep(i)).collect()
}

/// Points (x metric, y metric) per configuration and workload. A frontier — the points no
/// other point of the series beats on both axes — is drawn only along a load sweep: the
/// same configuration and workload at several request rates or concurrencies. Joining
/// different workloads (ShareGPT and 1k/1k) would draw a curve that means nothing.
pub fn tradeoff(store: &Store, rows: &[u32], x: &Metric, y: &Metric) -> Tradeoff {
    let combos = &store.combos;
    let mut line_index: Vec<Option<usize>> = vec![None; combos.line_count];
    let mut lines: Vec<Vec<Point>> = Vec::new();
    for &i in rows {
        let (px, py) = (x.values[i as usize], y.values[i as usize]);
        if px.is_nan() || py.is_nan() {
            continue;
        }
        let l = *line_index[combos.line[i as usize] as usize].get_or_insert_with(|| {
            lines.push(Vec::new());
            lines.len() - 1
        });
        lines[l].push(Point { run: i, x: px, y: py });
    }
    crate::order::sort_by_key(&mut lines, |points| combos.line[points[0].run as usize]);
    // One legend entry per series, in series order.
    let mut series_index: Vec<Option<usize>> = vec![None; combos.series_count];
    let mut firsts: Vec<u32> = lines.iter().map(|p| p[0].run).collect();
    crate::order::sort_by_key(&mut firsts, |&r| combos.series[r as usize]);
    firsts.dedup_by_key(|r| combos.series[*r as usize]);
    firsts.iter().enumerate().for_each(|(n, &r)| series_index[combos.series[r as usize] as usize] = Some(n));
    let (rate, conc) = (&store.dims[&Dim::Rate].codes, &store.dims[&Dim::Concurrency].codes);
    let lines = lines
        .into_iter()
        .map(|points| {
            let first = points[0].run as usize;
            let load = |p: &Point| (rate[p.run as usize], conc[p.run as usize]);
            let sweep = points.iter().any(|p| load(p) != load(&points[0]));
            let frontier = if sweep { pareto(&points, x.higher_is_better, y.higher_is_better) } else { Vec::new() };
            let label = format!("{} · {}", store.value(Dim::Model, first), store.value(Dim::Scenario, first));
            PointSeries { series: series_index[combos.series[first] as usize].unwrap_or(0), label, points, frontier }
        })
        .collect();
    Tradeoff { series: describe(store, &firsts), lines }
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
    pub color: crate::palette::Rgb,
    pub axis: String,
    pub points: Vec<Point>,
}

/// Runs that belong to a sweep, one line per sweep, points ordered by x.
pub fn sweeps(store: &Store, rows: &[u32], metric: &Metric) -> Vec<Line> {
    let mut lines: crate::sorted::SortedMap<String, Line> = crate::sorted::SortedMap::new();
    for &i in rows {
        let (Some(sweep), y) = (&store.sweeps[i as usize], metric.values[i as usize]) else { continue };
        if y.is_nan() {
            continue;
        }
        let line = lines.get_or_insert_with(sweep.id.clone(), |_| Line {
            label: format!("{} · {} · {}", store.value(Dim::Version, i as usize), store.value(Dim::Gpu, i as usize), sweep.header),
            color: store.colors[i as usize],
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

/// `10^x`. In the browser JavaScript's `Math.pow`: Rust's `powf` brings a 2 KB `pow` of
/// its own into the wasm, for axis positions and labels alone.
pub fn pow10(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Math::pow(10.0, x);
    #[cfg(not(target_arch = "wasm32"))]
    return 10f64.powf(x);
}

/// `log10(x)`, in the browser JavaScript's `Math.log10` (as [`pow10`]).
pub fn log10(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Math::log10(x);
    #[cfg(not(target_arch = "wasm32"))]
    return x.log10();
}

/// About `n` round tick values covering `[lo, hi]` (steps of 1, 2 or 5 × 10^k).
pub fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    // Also catches NaN, for which every comparison is false.
    if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) || !lo.is_finite() || !hi.is_finite() {
        return vec![lo];
    }
    let raw = (hi - lo) / n.max(1) as f64;
    let mag = pow10(log10(raw).floor());
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
    fn a_long_line_is_thinned_but_keeps_every_point_it_must() {
        // Short lines are drawn whole.
        assert_eq!(drawn(5, |_| false), vec![0, 1, 2, 3, 4]);
        assert_eq!(drawn(MAX_POINTS, |_| false).len(), MAX_POINTS);
        // 1,000 points: every third, at most `MAX_POINTS` and some more kept ones.
        let kept = [1, 500, 998];
        let shown = drawn(1000, |i| kept.contains(&i));
        assert_eq!(shown.len(), 334 + 3);
        assert!(kept.iter().all(|k| shown.contains(k)));
        assert!(shown.windows(2).all(|w| w[0] < w[1]));
        let plain = drawn(100_000, |_| false);
        assert!(plain.len() <= MAX_POINTS + 1, "{}", plain.len());
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
    fn bars_group_by_family_and_workload_with_one_series_per_framework_version_gpu() {
        let mut fp8 = run("d#L4", "lmdeploy", "0.10.0", "H800", "Qwen/Qwen3-32B-FP8", 40.0, 3.0);
        fp8.family = Some("Qwen3-32B".into());
        fp8.precision = Some("FP8".into());
        let mut bf16 = run("e#L5", "vllm", "0.10.1", "H800", "Qwen/Qwen3-32B", 35.0, 3.0);
        bf16.family = Some("Qwen3-32B".into());
        bf16.precision = Some("BF16".into());
        let s = Store::new(
            &[
                run("a#L1", "vllm", "0.10.1", "A100", "m1", 10.0, 5.0),
                run("b#L2", "lmdeploy", "0.10.0", "H800", "m1", 20.0, 4.0),
                run("c#L3", "lmdeploy", "0.10.0", "H800", "m2", 30.0, 3.0),
                fp8,
                bf16,
            ],
            vec![],
        );
        let b = bars(&s, &[0, 1, 2], s.metric("out_tps").unwrap());
        // Series in framework order, whatever order the rows come in.
        assert_eq!(b.series.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["lmdeploy 0.10.0 · H800", "vllm 0.10.1 · A100"]);
        assert_eq!(b.groups.len(), 2);
        assert_eq!(b.groups[0].label, ["m1".to_string(), "random 1024/1024".into(), "n=100 · rate=?".into()]);
        assert_eq!(b.groups[0].bars.iter().map(|b| (b.series, b.value)).collect::<Vec<_>>(), [(0, 20.0), (1, 10.0)]);
        let shown = |b: &Bars| b.series.iter().map(|s| (s.label.clone(), s.color)).collect::<Vec<_>>();
        assert_eq!(shown(&b), shown(&bars(&s, &[2, 1, 0], s.metric("out_tps").unwrap())));
        // A model in two precisions stands in one group; the labels name the precision.
        let q = bars(&s, &[3, 4], s.metric("out_tps").unwrap());
        assert_eq!(q.groups.len(), 1);
        assert_eq!(q.groups[0].label[0], "Qwen3-32B");
        assert_eq!(q.series.iter().map(|s| s.label.as_str()).collect::<Vec<_>>(), ["lmdeploy 0.10.0 · H800 · FP8", "vllm 0.10.1 · H800 · BF16"]);
        assert_ne!(q.series[0].color, q.series[1].color);
    }

    #[test]
    fn bars_keep_different_loads_apart() {
        let mut capped = run("b#L2", "vllm", "0.10.1", "A100", "m", 20.0, 4.0);
        capped.scenario.max_concurrency = Some(256);
        capped.scenario.request_rate = Some(benchsite_model::RequestRate::Inf);
        let mut open = run("a#L1", "vllm", "0.10.1", "A100", "m", 10.0, 5.0);
        open.scenario.request_rate = Some(benchsite_model::RequestRate::Inf);
        let s = Store::new(&[open, capped], vec![]);
        let b = bars(&s, &[0, 1], s.metric("out_tps").unwrap());
        assert_eq!(b.groups.len(), 2);
        assert_eq!(b.groups[1].label[2], "n=100 · rate=inf · c=256");
    }

    fn at_load(id: &str, scen: (u64, u64), conc: u64, tps: f64, tpot: f64) -> benchsite_model::Run {
        let mut r = run(id, "vllm", "0.10.1", "H800", "m", tps, 1.0);
        r.scenario.input_len = Some(scen.0);
        r.scenario.output_len = Some(scen.1);
        r.scenario.max_concurrency = Some(conc);
        r.metrics.tpot_ms = Some(benchsite_model::Latency::from([("mean".to_string(), tpot)]));
        r.derive();
        r
    }

    #[test]
    fn a_frontier_is_drawn_only_along_a_load_sweep() {
        // One configuration: a sweep of three concurrencies at 1k/1k, and single runs at
        // 2k/6k and 6k/2k.
        let s = Store::new(
            &[
                at_load("a#L1", (1024, 1024), 16, 1000.0, 10.0),
                at_load("a#L2", (1024, 1024), 64, 3000.0, 20.0),
                at_load("a#L3", (1024, 1024), 256, 5000.0, 50.0),
                at_load("a#L4", (2000, 6000), 64, 2500.0, 25.0),
                at_load("a#L5", (6000, 2000), 64, 2000.0, 30.0),
            ],
            vec![],
        );
        let t = tradeoff(&s, &[0, 1, 2, 3, 4], s.metric("interactivity").unwrap(), s.metric("out_tps").unwrap());
        assert_eq!(t.series.len(), 1);
        assert_eq!(t.lines.len(), 3);
        let sweep = t.lines.iter().find(|l| l.points.len() == 3).unwrap();
        assert_eq!(sweep.frontier.len(), 3);
        assert!(t.lines.iter().filter(|l| l.points.len() == 1).all(|l| l.frontier.is_empty()));
        assert!(t.has_curve());
        assert_eq!(load_label(&s, 2), "c=256");
        // Single points only: no curve at all.
        let single = tradeoff(&s, &[0, 3, 4], s.metric("interactivity").unwrap(), s.metric("out_tps").unwrap());
        assert!(!single.has_curve());
        assert_eq!(single.lines.len(), 3);
    }

    #[test]
    fn sweeps_become_lines_ordered_by_x() {
        let mut runs: Vec<_> = [(3, 300.0, 30.0), (1, 100.0, 10.0), (2, 200.0, 20.0)]
            .iter()
            .map(|&(i, n, t)| {
                let mut r = run(&format!("raw#L{i}"), "vllm", "0.10.1", "A100", "m", t, 1.0);
                r.sweep = Some(Box::new(benchsite_model::SweepRef { id: "raw#L0".into(), header: "sweep num_prompts".into(), axis: "num_prompts".into(), index: i, declared: Some(n), requests: Some(n as u64), input_tokens_per_request: None }));
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
