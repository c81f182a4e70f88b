//! The static pages' charts: SVG drawn at build time with plotters' SVG backend, from the
//! explorer's own series code (`benchsite_viewer::series::bars`, `headline`, `palette`,
//! `labels`), so a bar on a page and the same bar in the explorer hold the same run, value
//! and colour.
//!
//! Two charts: on the home page, per GPU, the comparison most frameworks share (bars side by
//! side, linking to that view in the explorer); on a result page, one chart per section (its
//! runs by workload). Both are horizontal bars with the label on a line above each bar and
//! the value at its end, so labels never overlap and a narrow screen keeps them legible; a
//! label too long for its line is cut with `…` and carries the full text in a `<title>`.
//!
//! The SVG is inlined into the page, so the theme's CSS variables reach it: plotters draws
//! the geometry (bars in palette colours, grid, axis, tick labels) with the light theme's
//! colours as attributes, which `site.css` maps to `--fg`, `--muted` and `--line`; the
//! words (labels, values, title, description) are written here, each escaped, with classes
//! the stylesheet colours. Nothing in a chart depends on time, hashing or locale, so two
//! builds write the same bytes.

use super::lang::Lang;
use super::markdown::escape;
use super::urls::Urls;
use super::views::{scenario_label, Locale};
use benchsite_model::number::{self, format_metric};
use benchsite_model::Run;
use benchsite_viewer::headline;
use benchsite_viewer::labels;
use benchsite_viewer::palette::Rgb;
use benchsite_viewer::series::{self, Bars};
use benchsite_viewer::store::{Dim, Metric, Store, PREFERRED};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::Serialize;
use std::collections::BTreeSet;


/// Colours plotters writes, those of the light theme; `site.css` maps each to its variable
/// (`.chart [fill="#57606A"]` → `--muted`), so dark mode recolours them.
const MUTED: RGBColor = RGBColor(0x57, 0x60, 0x6a);
const LINE: RGBColor = RGBColor(0xd0, 0xd7, 0xde);

/// Geometry in SVG units (CSS pixels at natural size; the chart scales down on a phone).
const WIDTH: i32 = 420;
/// Most repeats of one bar a result page's chart draws one by one.
const MAX_REPEATS: usize = 40;
const PAD: i32 = 8;
const LABEL_SIZE: f64 = 13.0;
/// A bar's row: its label line, the bar, and the gap below.
const LABEL_LINE: i32 = 18;
const BAR: i32 = 14;
const ROW: i32 = LABEL_LINE + BAR + 8;
/// A group's heading line, when bars are grouped.
const HEADING: i32 = 22;
/// Tick labels under the axis.
const AXIS: i32 = 24;
/// plotters writes `font-size` as the size divided by 1.24; this gives 11 px.
const TICK_FONT: f64 = 13.64;

/// A chart as a page shows it.
#[derive(Serialize, Debug, Clone)]
pub struct ChartView {
    /// `<svg>…</svg>`, every text in it escaped.
    pub svg: String,
    pub title: String,
    /// The explorer view with the same runs (home page).
    pub href: Option<String>,
    /// Frameworks compared (home page) or groups left out (result pages).
    pub note: Option<String>,
}

/// The runs in the explorer's columns, built once per site.
pub struct Charts {
    store: Store,
    /// Run index → the row a section chart draws for it: the last run with the same id (a
    /// lookup by id did this; ids are unique in practice, so it is the run's own row).
    rows: Vec<u32>,
}

/// One bar as drawn: full label, value and colour.
struct Bar {
    label: String,
    value: f64,
    color: Rgb,
    /// Repeats of the same configuration: the bar shows the best of them.
    best_of: u32,
    /// The run has findings: its label starts with ⚠, as in the explorer.
    flagged: bool,
}

/// Bars under an optional heading (the workload when several series share it).
struct Block {
    heading: Option<String>,
    bars: Vec<Bar>,
}

/// What a chart says in words besides its bars.
struct Words<'a> {
    id: &'a str,
    title: &'a str,
    /// Says where the numbers are as text (the table, or the explorer).
    where_numbers: &'a str,
    unit: &'static str,
    origin: number::Origin,
    loc: Locale<'a>,
}

impl Charts {
    pub fn new(runs: &[Run]) -> Charts {
        Charts::of(Store::new(runs, Vec::new()))
    }

    /// The charts of a store already made (`serve` joins the previous one's rows with those of
    /// the edited files, `Store::concat`).
    pub fn of(store: Store) -> Charts {
        let last: std::collections::HashMap<&str, u32> = store.ids.iter().enumerate().map(|(i, id)| (id.as_str(), i as u32)).collect();
        let rows = store.ids.iter().map(|id| last[id.as_str()]).collect();
        Charts { store, rows }
    }

    /// Every run of the site, row `i` being run `i`.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Per GPU, the comparison most frameworks share, each linking to its explorer view.
    pub fn headlines(&self, runs: &[Run], loc: Locale, urls: &Urls) -> Vec<ChartView> {
        let Some(metric) = PREFERRED.iter().find_map(|k| self.store.metric(k)) else { return Vec::new() };
        let t = loc.t;
        headline::per_gpu(&self.store, metric)
            .iter()
            .enumerate()
            .filter_map(|(n, h)| {
                let bars = series::bars(&self.store, &h.runs, metric);
                let first = &runs[*h.runs.first()? as usize];
                let colon = if loc.lang == Lang::Zh { "：" } else { ": " };
                let title = format!("{}{colon}{} · {} · {}", metric_name(metric, loc), h.gpu(), h.family(), scenario_label(first, loc));
                let id = format!("chart-gpu-{n}");
                let blocks = self.blocks(&bars, runs, loc, true);
                let words = Words { id: &id, title: &title, where_numbers: &t("chart.in_explorer"), unit: metric.unit, origin: metric.origin(), loc };
                let svg = draw(&blocks, &words)?;
                let names: Vec<&str> = h.frameworks.iter().map(|f| labels::framework_name(f)).collect();
                let mut note = t("chart.frameworks").replace("{n}", &names.len().to_string()).replace("{names}", &names.join(", "));
                if flagged(&blocks) {
                    note = format!("{note} · {}", t("chart.flagged"));
                }
                Some(ChartView { svg, title, href: Some(format!("{}?{}", urls.page(loc.lang, "explore/"), h.view(&metric.key).to_query())), note: Some(note) })
            })
            .collect()
    }

    /// The section's runs by workload, a bar per run (`section_runs`, indices into `runs`,
    /// as in the section's table), with `id` as the prefix of the chart's element ids. Runs
    /// of a sweep stand in sweep order, labelled by the swept value.
    pub fn section(&self, runs: &[Run], section_runs: &[usize], id: &str, loc: Locale) -> Option<ChartView> {
        let rows: Vec<u32> = section_runs.iter().filter_map(|&i| self.rows.get(i).copied()).collect();
        let metric = PREFERRED.iter().filter_map(|k| self.store.metric(k)).find(|m| rows.iter().any(|&i| !m.values[i as usize].is_nan()))?;
        let (swept, single): (Vec<u32>, Vec<u32>) = rows.iter().partition(|&&i| self.store.sweeps[i as usize].is_some());
        let bars = series::bars(&self.store, &single, metric);
        let t = loc.t;
        let title = t("chart.by_workload").replace("{metric}", &metric_name(metric, loc));
        let mut blocks = self.blocks(&bars, runs, loc, false);
        self.expand_repeats(&mut blocks, &bars, &single, runs, metric, loc);
        blocks.extend(self.sweep_blocks(&swept, metric, loc));
        let words = Words { id, title: &title, where_numbers: &t("chart.in_table"), unit: metric.unit, origin: metric.origin(), loc };
        let svg = draw(&blocks, &words)?;
        let notes: Vec<String> = [(bars.dropped > 0).then(|| t("chart.dropped").replace("{n}", &bars.dropped.to_string())), flagged(&blocks).then(|| t("chart.flagged"))].into_iter().flatten().collect();
        let note = (!notes.is_empty()).then(|| notes.join(" · "));
        Some(ChartView { svg, title, href: None, note })
    }

    /// A result page shows a bar per run: where `bars` drew the best of repeats (same
    /// configuration, workload and load), each repeat gets its own bar, told apart by its
    /// line. A repeat is a row with the drawn run's series and bar-group codes
    /// (`Store::combos`), so the explorer's grouping decides, not a copy of it. A bar of more
    /// than [`MAX_REPEATS`] repeats stays one best-of bar, as in the explorer: a log of
    /// thousands of identical configurations would otherwise draw a bar per run (an SVG
    /// larger than the log).
    fn expand_repeats(&self, blocks: &mut [Block], bars: &Bars, rows: &[u32], runs: &[Run], metric: &Metric, loc: Locale) {
        let line = |r: u32| (loc.t)("result.line_n").replace("{n}", &runs[r as usize].source.line.to_string());
        let drawn: Vec<&series::Bar> = bars.groups.iter().flat_map(|g| &g.bars).collect();
        let mut at = 0;
        for block in blocks.iter_mut() {
            let mut expanded = Vec::new();
            for bar in block.bars.drain(..) {
                let source = drawn[at];
                at += 1;
                if source.count < 2 || source.count as usize > MAX_REPEATS {
                    expanded.push(bar);
                    continue;
                }
                let combos = &self.store.combos;
                let (series, group) = (combos.series[source.run as usize], combos.group[source.run as usize]);
                for &r in rows.iter().filter(|&&r| combos.series[r as usize] == series && combos.group[r as usize] == group) {
                    let label = format!("{} · {}", bar.label, line(r));
                    expanded.push(Bar { label, value: metric.values[r as usize], color: bar.color, best_of: 1, flagged: self.store.flagged(r as usize) });
                }
            }
            block.bars = expanded;
        }
    }

    /// Runs of sweeps through `series::sweeps`: a block per sweep, a bar per point in sweep
    /// order, labelled by the swept value.
    fn sweep_blocks(&self, rows: &[u32], metric: &Metric, loc: Locale) -> Vec<Block> {
        let lines = series::sweeps(&self.store, rows, metric);
        let colon = if loc.lang == Lang::Zh { "：" } else { ": " };
        let not_stated = (loc.t)("viewer.unknown");
        let several = lines.len() > 1;
        lines
            .iter()
            .map(|l| {
                // The axes the catalogs name; another swept key is shown as the log wrote it.
                let axis = match l.axis.as_str() {
                    "num_prompts" | "input_len" => (loc.t)(&format!("viewer.axis.{}", l.axis)),
                    other => other.to_string(),
                };
                let bars = l
                    .points
                    .iter()
                    .map(|p| Bar { label: format!("{axis}{colon}{}", format_metric(p.x, "", number::Origin::Source, loc.lang.code())), value: p.y, color: l.color, best_of: 1, flagged: self.store.flagged(p.run as usize) })
                    .collect();
                Block { heading: several.then(|| labels::display(&l.label, &not_stated)), bars }
            })
            .collect()
    }

    /// Bars in blocks: one block per workload when several series share the chart, else
    /// one block with a bar per workload. `one_group`: the chart's title names the workload,
    /// so bars are labelled by series alone.
    fn blocks(&self, bars: &Bars, runs: &[Run], loc: Locale, one_group: bool) -> Vec<Block> {
        let not_stated = (loc.t)("viewer.unknown");
        let series: Vec<String> = bars.series.iter().map(|s| labels::display(&s.label, &not_stated)).collect();
        let families: BTreeSet<&str> = bars.groups.iter().map(|g| self.store.value(Dim::Family, g.run as usize)).collect();
        let group_label = |run: u32| {
            let workload = scenario_label(&runs[run as usize], loc);
            match families.len() {
                1 => workload,
                _ => format!("{} · {workload}", labels::display(self.store.value(Dim::Family, run as usize), &not_stated)),
            }
        };
        let bar = |b: &series::Bar, label: String| Bar { label, value: b.value, color: bars.series[b.series].color, best_of: b.count, flagged: self.store.flagged(b.run as usize) };
        if one_group || bars.series.len() > 1 {
            bars.groups
                .iter()
                .map(|g| Block {
                    heading: (!one_group).then(|| group_label(g.run)),
                    bars: g.bars.iter().map(|b| bar(b, series[b.series].clone())).collect(),
                })
                .collect()
        } else {
            vec![Block { heading: None, bars: bars.groups.iter().flat_map(|g| g.bars.iter().map(|b| bar(b, group_label(g.run)))).collect() }]
        }
    }
}

/// True when a bar of the chart stands for a run with findings.
fn flagged(blocks: &[Block]) -> bool {
    blocks.iter().flat_map(|b| &b.bars).any(|b| b.flagged)
}

/// `每 GPU 输出 token/秒`: the explorer's name of the metric.
fn metric_name(metric: &Metric, loc: Locale) -> String {
    (loc.t)(&format!("viewer.m.{}", metric.key))
}

/// Width of `text` at `size`, estimated: wide (CJK) characters 1 em, others 0.62 em. The
/// estimate errs wide, so a label that fits by it fits on the page.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().map(|c| if is_wide(c) { 1.0 } else { 0.62 }).sum::<f64>() * size
}

fn is_wide(c: char) -> bool {
    matches!(u32::from(c), 0x1100..=0x115f | 0x2e80..=0xa4cf | 0xac00..=0xd7a3 | 0xf900..=0xfaff | 0xfe30..=0xfe4f | 0xff00..=0xff60 | 0xffe0..=0xffe6)
}

/// The longest prefix of `text` that fits `width` with an ellipsis; `text` itself when it fits.
fn fit(text: &str, width: f64, size: f64) -> String {
    if text_width(text, size) <= width {
        return text.to_string();
    }
    let mut n = text.chars().count();
    while n > 1 && text_width(&labels::fit(text, n), size) > width {
        n -= 1;
    }
    labels::fit(text, n)
}

/// The chart's SVG, or `None` when there is nothing to draw.
fn draw(blocks: &[Block], words: &Words) -> Option<String> {
    let max = blocks.iter().flat_map(|b| &b.bars).map(|b| b.value).filter(|v| v.is_finite()).fold(0.0, f64::max);
    if max <= 0.0 {
        return None;
    }
    let mut ticks = series::ticks(0.0, max, 4);
    if let (Some(&last), Some(step)) = (ticks.last(), ticks.get(1).map(|t| t - ticks[0])) {
        if last < max {
            ticks.push(last + step);
        }
    }
    let top = *ticks.last().filter(|t| **t > 0.0).unwrap_or(&max);
    let lang = words.loc.lang.code();
    let value_text = |v: f64| format_metric(v, words.unit, words.origin, lang);
    let count: i32 = blocks.iter().map(|b| b.bars.len() as i32 * ROW + if b.heading.is_some() { HEADING } else { 0 }).sum();
    let plot_bottom = 4 + count;
    let height = plot_bottom + AXIS;
    let plot_width = f64::from(WIDTH - 2 * PAD);
    let x_of = |v: f64| PAD + (v.clamp(0.0, top) / top * plot_width).round() as i32;

    // Geometry through plotters; words collected for the second pass.
    let mut texts = String::new();
    let mut body = String::new();
    {
        let root = SVGBackend::with_string(&mut body, (WIDTH as u32, height as u32)).into_drawing_area();
        let grid = ShapeStyle { color: LINE.to_rgba(), filled: false, stroke_width: 1 };
        for (n, &t) in ticks.iter().enumerate() {
            let x = x_of(t);
            root.draw(&PathElement::new(vec![(x, 4), (x, plot_bottom)], grid)).ok()?;
            // The end labels align with the plot's edges, so none is cut by the chart's.
            let h = match n {
                0 => HPos::Left,
                _ if n + 1 == ticks.len() => HPos::Right,
                _ => HPos::Center,
            };
            let tick = ("sans-serif", TICK_FONT).into_font().color(&MUTED).pos(Pos::new(h, VPos::Top));
            root.draw(&Text::new(format_metric(t, "", number::Origin::Derived, lang), (x, plot_bottom + 4), tick)).ok()?;
        }
        root.draw(&PathElement::new(vec![(PAD, plot_bottom), (WIDTH - PAD, plot_bottom)], ShapeStyle { color: MUTED.to_rgba(), filled: false, stroke_width: 1 })).ok()?;
        let mut y = 4;
        for block in blocks {
            if let Some(heading) = &block.heading {
                texts.push_str(&label_text("group", PAD, y + 15, heading, plot_width, LABEL_SIZE));
                y += HEADING;
            }
            for bar in &block.bars {
                let value = value_text(bar.value);
                let room = plot_width - text_width(&value, LABEL_SIZE) - 12.0;
                let label = if bar.flagged { format!("⚠ {}", bar.label) } else { bar.label.clone() };
                texts.push_str(&label_text(if bar.flagged { "label flagged" } else { "label" }, PAD, y + 13, &label, room, LABEL_SIZE));
                texts.push_str(&format!("<text class=\"value\" x=\"{}\" y=\"{}\" font-size=\"{LABEL_SIZE}\" text-anchor=\"end\">{}</text>\n", WIDTH - PAD, y + 13, escape(&value)));
                let (r, g, b) = bar.color;
                let (x0, y0) = (PAD, y + LABEL_LINE);
                let x1 = x_of(bar.value).max(x0 + 1);
                root.draw(&Rectangle::new([(x0, y0), (x1, y0 + BAR)], RGBColor(r, g, b).filled())).ok()?;
                y += ROW;
            }
        }
        root.present().ok()?;
    }
    let inner = strip_root(&body)?;
    let desc = description(blocks, words, &value_text);
    let id = escape(words.id);
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" role=\"img\" aria-labelledby=\"{id}-t {id}-d\">\n\
         <title id=\"{id}-t\">{}</title>\n<desc id=\"{id}-d\">{}</desc>\n{inner}{texts}</svg>",
        escape(words.title),
        escape(&desc),
    ))
}

/// The drawing inside plotters' root `<svg …>` element.
fn strip_root(svg: &str) -> Option<&str> {
    let open_end = svg.find('>')? + 1;
    let close = svg.rfind("</svg>")?;
    Some(svg[open_end..close].trim_start_matches('\n'))
}

/// One line of text, cut to `room` with the full text in a `<title>` when cut.
fn label_text(class: &str, x: i32, y: i32, text: &str, room: f64, size: f64) -> String {
    let shown = fit(text, room, size);
    let title = if shown == text { String::new() } else { format!("<title>{}</title>", escape(text)) };
    format!("<text class=\"{class}\" x=\"{x}\" y=\"{y}\" font-size=\"{size}\">{title}{}</text>\n", escape(&shown))
}

/// The chart in words for a screen reader: every bar's label and value, and where the
/// numbers are as text.
fn description(blocks: &[Block], words: &Words, value_text: &dyn Fn(f64) -> String) -> String {
    let t = words.loc.t;
    let mut parts = Vec::new();
    for block in blocks {
        let prefix = block.heading.as_ref().map(|h| format!("{h} · ")).unwrap_or_default();
        for bar in &block.bars {
            let mut part = format!("{prefix}{}: {}", bar.label, value_text(bar.value));
            if bar.flagged {
                part.push_str(" ⚠");
            }
            if bar.best_of > 1 {
                part.push_str(&format!(" ({})", t("viewer.best_of").replace("{n}", &bar.best_of.to_string())));
            }
            parts.push(part);
        }
    }
    let sep = if words.loc.lang == Lang::Zh { "；" } else { "; " };
    format!("{}{sep}{}", parts.join(sep), words.where_numbers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_fit_their_line_and_keep_the_rest_for_the_title() {
        assert_eq!(fit("Qwen3-8B", 200.0, 13.0), "Qwen3-8B");
        let cut = fit("a very long model name that cannot fit on one line at all, not even close", 200.0, 13.0);
        assert!(cut.ends_with('…') && text_width(&cut, 13.0) <= 200.0, "{cut}");
        // Chinese characters count as wide.
        assert_eq!(text_width("延迟", 10.0), 20.0);
        assert!(text_width("延迟", 10.0) > text_width("ab", 10.0));
    }

    #[test]
    fn a_label_in_svg_is_escaped_text() {
        let s = label_text("label", 0, 0, "<script>alert(1)</script>", 1000.0, 13.0);
        assert_eq!(s, "<text class=\"label\" x=\"0\" y=\"0\" font-size=\"13\">&lt;script&gt;alert(1)&lt;/script&gt;</text>\n");
        let cut = label_text("label", 0, 0, "\"><img src=x onerror=alert(1)> and more text to cut", 60.0, 13.0);
        assert!(cut.starts_with("<text class=\"label\" x=\"0\" y=\"0\" font-size=\"13\"><title>&quot;&gt;&lt;img") && !cut.contains("<img"), "{cut}");
    }

    #[test]
    fn plotters_root_is_replaced_by_ours() {
        assert_eq!(strip_root("<svg width=\"1\" height=\"1\">\n<rect/>\n</svg>\n"), Some("<rect/>\n"));
    }
}
