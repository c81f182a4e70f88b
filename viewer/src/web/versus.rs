//! The compare view (`#compare`, `c=compare`): the controls that choose what is compared (a
//! dimension, its base and candidate values, the thresholds) and the comparison itself, drawn
//! from the `View` like every other part: the rule and its thresholds, the verdict counts,
//! regressions and improvements first, then per pair of runs the base, candidate, ratio and
//! verdict of each metric, what else differs, the drift of effective parameters, and the runs
//! without a counterpart.

use super::dom::{self, append, attr, clear, el, link, select};
use super::view::View;
use crate::filter;
use crate::series::group_label;
use crate::state::Chart;
use crate::store::{Dim, COSTS};
use crate::versus::{self, Verdict};
use benchsite_model::number::{fixed, shortest};
use web_sys::{HtmlInputElement, HtmlSelectElement};

/// What a reader can compare along.
pub const ALONG: [Dim; 6] = [Dim::Version, Dim::Gpu, Dim::Framework, Dim::Gpus, Dim::Precision, Dim::Source];

/// Most pairs drawn; the verdict counts and the notable list still cover every pair.
const MAX_PAIRS: usize = 120;

/// Shows the compare view in the compare chart mode (hidden otherwise).
pub fn render(view: &View) {
    let Some(panel) = dom::by_id("compare") else { return };
    let on = view.state.chart == Chart::Compare;
    dom::show(&panel, on);
    if !on {
        return;
    }
    let (controls, results) = match (dom::by_id("compare-controls"), dom::by_id("compare-results")) {
        (Some(c), Some(r)) => (c, r),
        _ => {
            clear(&panel);
            let c = el("div", "controls compare-controls", "");
            attr(&c, "id", "compare-controls");
            let r = el("div", "compare-results", "");
            attr(&r, "id", "compare-results");
            attr(&r, "aria-live", "polite");
            append(&panel, &c);
            append(&panel, &r);
            (c, r)
        }
    };
    render_controls(view, &controls);
    render_results(view, &results);
}

/// The values a side can take: those among the runs the other filters admit, and the
/// state's own choice even when no run has it (so the select shows what the link says).
fn choices(view: &View) -> Vec<String> {
    let (Some(dim), Some(sides)) = (view.state.versus, view.sides.as_ref()) else { return Vec::new() };
    let mut values = filter::values_among(view.store, &sides.pool, dim);
    for v in [&view.state.base, &view.state.candidate].into_iter().flatten() {
        if !values.contains(v) {
            values.push(v.clone());
        }
    }
    values
}

fn render_controls(view: &View, controls: &web_sys::Element) {
    let ui = view.ui;
    let values = choices(view);
    if !dom::built_from(controls, dom::Key::default().opt(view.state.versus.map(|d| d.key())).all(values.iter().map(String::as_str)).s(&ui.lang).text()) {
        clear(controls);
        let along: Vec<(String, String)> = ALONG.iter().map(|d| (d.key().to_string(), ui.tr(&format!("viewer.dim.{}", d.key())))).collect();
        append(controls, &select("vs", &ui.tr("viewer.compare.along"), along));
        let mut options = vec![(String::new(), ui.tr("viewer.compare.choose"))];
        options.extend(values.iter().map(|v| (v.clone(), ui.show(v))));
        append(controls, &select("b", &ui.tr("compare.base"), options.clone()));
        append(controls, &select("k", &ui.tr("compare.candidate"), options));
        let swap = el("button", "", &ui.tr("viewer.compare.swap"));
        attr(&swap, "type", "button");
        attr(&swap, "data-action", "swap");
        attr(&swap, "id", "ctl-swap");
        append(controls, &swap);
        // On a phone the chart menu sits below the compare results: the way back is here too.
        let leave = el("button", "", &ui.tr("viewer.compare.leave"));
        attr(&leave, "type", "button");
        attr(&leave, "data-action", "leave-compare");
        attr(&leave, "id", "ctl-leave-compare");
        append(controls, &leave);
        for (action, key, min, max) in [("up", "viewer.compare.up", "1", "100"), ("down", "viewer.compare.down", "0", "1")] {
            let label = el("label", "select threshold", &ui.tr(key));
            let input = el("input", "", "");
            for (a, v) in [("type", "number"), ("step", "0.05"), ("min", min), ("max", max), ("id", &format!("ctl-{action}")), ("data-action", action)] {
                attr(&input, a, v);
            }
            append(&label, &input);
            append(controls, &label);
        }
    }
    let d = versus::Thresholds::default();
    for (id, value) in [
        ("ctl-vs", view.state.versus.map(|d| d.key().to_string()).unwrap_or_default()),
        ("ctl-b", view.state.base.clone().unwrap_or_default()),
        ("ctl-k", view.state.candidate.clone().unwrap_or_default()),
    ] {
        if let Some(s) = dom::by_id_as::<HtmlSelectElement>(id) {
            if s.value() != value {
                s.set_value(&value);
            }
        }
    }
    let focused = dom::document().active_element().map(|e| e.id()).unwrap_or_default();
    for (id, value) in [("ctl-up", view.state.up.unwrap_or(d.up)), ("ctl-down", view.state.down.unwrap_or(d.down))] {
        if focused == id {
            continue;
        }
        if let Some(i) = dom::by_id_as::<HtmlInputElement>(id) {
            let text = shortest(value);
            if i.value() != text {
                i.set_value(&text);
            }
        }
    }
}


/// `1.2×`.
fn times(x: f64) -> String {
    format!("{}×", shortest(x))
}

fn render_results(view: &View, results: &web_sys::Element) {
    let ui = view.ui;
    let Some(sides) = view.sides.as_ref() else {
        if !dom::built_from(results, &format!("none\u{0}{}", ui.lang)) {
            clear(results);
            append(results, &el("p", "hint", &ui.tr("viewer.compare.choose_dim")));
        }
        return;
    };
    let key = dom::Key::default().nums(&sides.pool).nums(&sides.base).nums(&sides.candidate).f(view.thresholds.up).f(view.thresholds.down).s(&view.state.price);
    let key = key.opt(view.state.versus.map(|d| d.key())).opt(view.state.base.as_deref()).opt(view.state.candidate.as_deref()).s(&ui.lang).n(view.store.len());
    if dom::built_from(results, key.text()) {
        return;
    }
    clear(results);
    let t = view.thresholds;
    append(results, &el("p", "", &ui.fill("compare.rule", &[("up", &times(t.up)), ("down", &times(t.down))])));
    append(results, &el("p", "hint", &ui.tr("compare.no_error_bars")));
    if view.thresholds_refused {
        let typed = |v: Option<f64>| v.map_or_else(|| "–".to_string(), shortest);
        let p = el("p", "warn", &ui.fill("viewer.compare.refused", &[("up", &typed(view.state.up)), ("down", &typed(view.state.down))]));
        attr(&p, "id", "thresholds-refused");
        append(results, &p);
    }
    let (Some(b), Some(k)) = (&view.state.base, &view.state.candidate) else {
        append(results, &el("p", "hint", &ui.tr("viewer.compare.choose_sides")));
        return;
    };
    let to_usize = |v: &[u32]| v.iter().map(|&i| i as usize).collect::<Vec<_>>();
    let comparison = versus::pair(view.store, &to_usize(&sides.base), &to_usize(&sides.candidate));
    let mut metrics: Vec<&str> = versus::METRICS.to_vec();
    if !view.prices.is_empty() {
        metrics.extend(COSTS.iter().map(|c| c.0));
    }
    let judged: Vec<Vec<versus::Judged>> = comparison.pairs.iter().map(|p| versus::judge(view.store, p, &metrics, t)).collect();
    let count = |v: Verdict| judged.iter().flatten().filter(|j| j.verdict == v).count();
    let (base_label, cand_label) = (ui.show(b), ui.show(k));
    let head = el("h3", "", &format!("{base_label} → {cand_label}"));
    attr(&head, "id", "compare-title");
    append(results, &head);
    let facts = el("dl", "facts", "");
    attr(&facts, "id", "compare-counts");
    for (label, n) in [
        (ui.tr("viewer.compare.pairs"), comparison.pairs.len()),
        (ui.tr("verdict.regression"), count(Verdict::Regression)),
        (ui.tr("verdict.improvement"), count(Verdict::Improvement)),
        (ui.tr("verdict.noise"), count(Verdict::Noise)),
    ] {
        let d = el("div", "", "");
        append(&d, &el("dt", "", &label));
        append(&d, &el("dd", "", &n.to_string()));
        append(&facts, &d);
    }
    append(results, &facts);
    let metric_label = |key: &str| ui.metric_label(view.store, key, false);
    let notable: Vec<(usize, &versus::Judged)> = judged.iter().enumerate().flat_map(|(n, j)| j.iter().filter(|j| j.verdict != Verdict::Noise).map(move |j| (n, j))).collect();
    if !notable.is_empty() {
        append(results, &el("h4", "", &ui.tr("compare.notable")));
        let ul = el("ul", "notable", "");
        attr(&ul, "id", "compare-notable");
        // Regressions first, then improvements, each in pair order.
        for v in [Verdict::Regression, Verdict::Improvement] {
            for (n, j) in notable.iter().filter(|(_, j)| j.verdict == v) {
                let li = el("li", &format!("verdict-{}", v.key()), "");
                append(&li, &el("strong", "", &ui.tr(&format!("verdict.{}", v.key()))));
                append(&li, &el("span", "", " · "));
                append(&li, &link(&pair_label(view, comparison.pairs[*n].base), &format!("#cmp-pair-{}", n + 1)));
                append(&li, &el("span", "", &format!(" · {} {}×", metric_label(&j.metric), fixed(j.ratio, 2))));
                append(&ul, &li);
            }
        }
        append(results, &ul);
    }
    for (n, (p, judged)) in comparison.pairs.iter().zip(&judged).enumerate().take(MAX_PAIRS) {
        let section = el("section", "cmp-pair", "");
        attr(&section, "id", &format!("cmp-pair-{}", n + 1));
        append(&section, &el("h4", "", &pair_label(view, p.base)));
        let differs: Vec<String> = p
            .differs
            .iter()
            .filter(|(d, ..)| Some(*d) != view.state.versus)
            .map(|(d, x, y)| format!("{} {} → {}", ui.tr(&format!("viewer.dim.{}", d.key())), ui.show(x), ui.show(y)))
            .collect();
        if !differs.is_empty() {
            let para = el("p", "differs", "");
            append(&para, &el("strong", "", &ui.tr("compare.also_differs")));
            append(&para, &el("span", "", &format!(" {}", differs.join("; "))));
            append(&section, &para);
        }
        let drift = versus::drift(view.store, p.base, p.candidate);
        if !drift.is_empty() {
            let box_ = el("div", "drift", "");
            append(&box_, &el("strong", "", &ui.tr("compare.drift")));
            let ul = el("ul", "", "");
            let side = |s: &Option<(String, &'static str)>| s.as_ref().map_or_else(|| ui.tr("compare.absent"), |(v, o)| format!("{} {v}", ui.tr(&format!("origin.{o}"))));
            for d in drift {
                let li = el("li", "", "");
                append(&li, &el("code", "", &d.flag));
                append(&li, &el("span", "", &format!(": {} → {}", side(&d.base), side(&d.candidate))));
                append(&ul, &li);
            }
            append(&box_, &ul);
            append(&section, &box_);
        } else if view.store.value(Dim::Framework, p.base) == view.store.value(Dim::Framework, p.candidate) {
            append(&section, &el("p", "hint", &ui.tr("compare.no_drift")));
        }
        append(&section, &verdict_table(view, p, judged, &base_label, &cand_label));
        append(results, &section);
    }
    if comparison.pairs.len() > MAX_PAIRS {
        append(results, &el("p", "hint", &ui.fill("viewer.compare.more_pairs", &[("n", &(comparison.pairs.len() - MAX_PAIRS).to_string())])));
    }
    if comparison.pairs.is_empty() {
        append(results, &el("p", "hint", &ui.tr("viewer.compare.no_pairs")));
    }
    if !comparison.base_only.is_empty() || !comparison.candidate_only.is_empty() {
        let section = el("section", "unmatched", "");
        attr(&section, "id", "compare-unmatched");
        append(&section, &el("h4", "", &ui.tr("compare.unmatched")));
        append(&section, &el("p", "hint", &ui.tr("compare.unmatched_text")));
        for (label, runs, which) in [(&base_label, &comparison.base_only, "base"), (&cand_label, &comparison.candidate_only, "candidate")] {
            if runs.is_empty() {
                continue;
            }
            append(&section, &el("h5", "", &ui.fill("compare.only_in", &[("side", label)])));
            let ul = el("ul", "", "");
            attr(&ul, "data-side", which);
            for &i in runs {
                let li = el("li", "", "");
                match ui_run_link(view, i) {
                    Some(a) => append(&li, &a),
                    None => dom::set_text(&li, &pair_label(view, i)),
                }
                append(&ul, &li);
            }
            append(&section, &ul);
        }
        append(results, &section);
    }
}

/// `Qwen3-8B · sharegpt · n=1000 · rate=inf`: the family and the workload a pair shares.
fn pair_label(view: &View, i: usize) -> String {
    view.ui.show(&group_label(view.store, i).join(" · "))
}

fn ui_run_link(view: &View, i: usize) -> Option<web_sys::Element> {
    view.ui.run_href(view.store, i).map(|href| link(&pair_label(view, i), &href))
}

fn verdict_table(view: &View, p: &versus::Pair, judged: &[versus::Judged], base: &str, candidate: &str) -> web_sys::Element {
    let ui = view.ui;
    let wrap = el("div", "table-wrap", "");
    let table = el("table", "verdicts", "");
    let thead = el("thead", "", "");
    let tr = el("tr", "", "");
    let head = |text: &str, href: Option<String>| {
        let th = el("th", "", "");
        attr(&th, "scope", "col");
        match href {
            Some(h) => append(&th, &link(text, &h)),
            None => dom::set_text(&th, text),
        }
        th
    };
    append(&tr, &head(&ui.tr("compare.metric"), None));
    append(&tr, &head(base, ui.run_href(view.store, p.base)));
    append(&tr, &head(candidate, ui.run_href(view.store, p.candidate)));
    append(&tr, &head(&ui.tr("compare.ratio"), None));
    append(&tr, &head(&ui.tr("compare.verdict"), None));
    append(&thead, &tr);
    append(&table, &thead);
    let tbody = el("tbody", "", "");
    for j in judged {
        let Some(m) = view.store.metric(&j.metric) else { continue };
        let tr = el("tr", &format!("verdict-{}", j.verdict.key()), "");
        attr(&tr, "data-metric", &j.metric);
        let th = el("th", "", &ui.metric_label(view.store, &j.metric, false));
        attr(&th, "scope", "row");
        append(&tr, &th);
        for text in [ui.number(m, m.values[p.base]), ui.number(m, m.values[p.candidate]), format!("{}×", fixed(j.ratio, 2)), ui.tr(&format!("verdict.{}", j.verdict.key()))] {
            append(&tr, &el("td", "", &text));
        }
        append(&tbody, &tr);
    }
    append(&table, &tbody);
    append(&wrap, &table);
    wrap
}
