//! The chart (`#chart`), drawn with plotters on a canvas sized for the device pixel ratio:
//! grouped bars, throughput against latency (a frontier only along load sweeps), or sweeps
//! as lines. The legend sits above the plot, never on it. Drawing records a hit box per
//! bar, point and cut label for the tooltip, and writes what it drew into the canvas's
//! `data-plot` attribute, so a test can compare two charts without reading pixels.

use super::PANELS;
use super::dom::{self, attr, clear, el};
use super::ui::css;
use super::view::View;
use crate::labels;
use crate::palette::Rgb;
use crate::series::{self, Bars, Line, Tradeoff};
use crate::sorted::{SortedMap, SortedSet};
use crate::state::Chart;
use benchsite_model::number::shortest;
use super::canvas::Canvas as CanvasBackend;
use plotters::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

/// A drawn bar, point or label, in CSS pixels of the canvas.
#[derive(Clone, Debug)]
pub struct Hit {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    /// The run drawn there; `None` for a label.
    pub run: Option<u32>,
    pub tip: Tip,
}

/// What a hit's tooltip says.
#[derive(Clone, Debug)]
pub enum Tip {
    Lines(Vec<String>),
    /// The bar at `bar` in group `group` of the plan's bars: written when hovered, from the
    /// plan that was drawn, since a chart can hold thousands of bars.
    Bar { group: usize, bar: usize },
}

/// Above this many points in all, points are not labelled with their load.
const MAX_LABELLED: usize = 80;

/// What the chart shows, computed once per frame (the summary line reads it too).
pub enum Plan {
    Bars(Bars),
    Tradeoff(Tradeoff),
    Sweeps(Vec<Line>),
    Nothing,
}

pub fn plan(view: &View) -> Plan {
    let Some(metric) = view.metric() else { return Plan::Nothing };
    match view.state.chart {
        // Each unit in view gives its best run: the chart reads units, not runs.
        Chart::Bars => match view.tally(&view.metric) {
            Some(t) => {
                let candidates = view.rows.held(view.store).filter(|&u| t.best[u] != u32::MAX).map(|u| series::Candidate { run: t.best[u], value: t.value[u], count: t.count[u] });
                Plan::Bars(series::bars_of(view.store, metric, candidates))
            }
            None => Plan::Nothing,
        },
        // (The core module draws the bars alone: `super::PANELS`.)
        Chart::Tradeoff if PANELS => match view.store.metric(&view.x_metric) {
            Some(x) => Plan::Tradeoff(series::tradeoff(view.store, &view.rows.to_vec(view.store), x, metric)),
            None => Plan::Nothing,
        },
        Chart::Sweep if PANELS => Plan::Sweeps(series::sweeps(view.store, &view.rows.to_vec(view.store), metric)),
        Chart::Tradeoff | Chart::Sweep | Chart::Compare => Plan::Nothing,
    }
}

/// One line above the chart when the bars compare one workload: the group and each
/// series' value (`Qwen3-32B · random 1k/1k · n=1000 · rate=inf — Output tokens/s per GPU:
/// LMDeploy 0.10.0 · H800 1,234; vLLM …`). Flagged values carry ⚠.
pub fn summary(view: &View, plan: &Plan) -> String {
    let (Plan::Bars(bars), Some(metric)) = (plan, view.metric()) else { return String::new() };
    let [group] = bars.groups.as_slice() else { return String::new() };
    let values: Vec<String> = group
        .bars
        .iter()
        .map(|b| {
            let flag = if view.store.flagged(b.run as usize) { " ⚠" } else { "" };
            format!("{} {}{flag}", view.ui.show(&bars.series[b.series].label), view.ui.number(metric, b.value))
        })
        .collect();
    let group_label = view.ui.show(&group.label.join(" · "));
    let metric_label = view.ui.metric_label(view.store, &view.metric, metric.unit != "ms");
    view.ui.fill("viewer.summary", &[("group", &group_label), ("metric", &metric_label), ("values", &values.join("; "))])
}

/// Theme colours read from the page so the chart follows dark mode.
fn ink() -> (Rgb, Rgb) {
    let dark = dom::document().document_element().and_then(|h| h.get_attribute("data-theme")).map(|t| t == "dark").unwrap_or_else(|| {
        web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches())
    });
    if dark {
        ((230, 237, 243), (13, 17, 23))
    } else {
        ((27, 31, 36), (255, 255, 255))
    }
}

fn rgb((r, g, b): Rgb) -> RGBColor {
    RGBColor(r, g, b)
}

/// Draws the plan; returns the hit boxes.
pub fn draw(view: &View, plan: &Plan, canvas: &HtmlCanvasElement, css_w: f64) -> Vec<Hit> {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()).max(1.0);
    let css_w = css_w.max(300.0);
    let (fg, bg) = ink();
    let Some(pen) = Pen::new(canvas, fg, dpr) else { return Vec::new() };
    let legend = legend_items(view, plan);
    let legend_rows = pen.layout(&legend, css_w * dpr);
    let legend_h = (legend_rows.iter().map(|r| r.1).fold(0.0, f64::max) / dpr + if legend.is_empty() { 0.0 } else { 22.0 }).ceil();
    let plot_h = (css_w * 0.42).clamp(260.0, 440.0) + if matches!(plan, Plan::Bars(_)) { 40.0 } else { 0.0 };
    let css_h = legend_h + plot_h;
    // Resizing reallocates the canvas; only do it when the size changed.
    let (w, h) = ((css_w * dpr) as u32, (css_h * dpr) as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    // Writing the style invalidates the page layout; only when it changes.
    let style = canvas.style();
    let (want_w, want_h) = (format!("{}px", shortest(css_w)), format!("{}px", shortest(css_h)));
    if style.get_property_value("width").ok().as_deref() != Some(want_w.as_str()) || style.get_property_value("height").ok().as_deref() != Some(want_h.as_str()) {
        let _ = style.set_property("width", &want_w);
        let _ = style.set_property("height", &want_h);
    }
    let (label, div) = axis(view, &view.metric);
    attr(canvas, "aria-label", &format!("{} · {label}", view.ui.tr(&format!("viewer.chart.{}", view.state.chart.key()))));
    let root = CanvasBackend::new(canvas, pen.ctx.clone()).into_drawing_area();
    let _ = root.fill(&rgb(bg));
    let (_, area) = root.split_vertically((legend_h * dpr) as u32);
    let s = Scale { dpr, log: view.state.log, div };
    super::timing::lap("chart: canvas");
    let mut plot_text = Vec::new();
    let result = match plan {
        Plan::Bars(bars) => draw_bars(view, &area, &pen, bars, &label, fg, s, &mut plot_text),
        Plan::Tradeoff(t) if PANELS => draw_tradeoff(view, &area, &pen, t, &label, fg, s, &mut plot_text),
        Plan::Sweeps(lines) if PANELS => draw_sweeps(view, &area, &pen, lines, &label, s, &mut plot_text),
        Plan::Tradeoff(_) | Plan::Sweeps(_) | Plan::Nothing => Ok(Vec::new()),
    };
    attr(canvas, "data-plot", &plot_text.join("\n"));
    match result {
        Ok(hits) if hits.iter().all(|h| h.run.is_none()) => {
            let _ = root.fill(&rgb(bg));
            pen.text(&view.ui.tr("viewer.no_data"), 20.0 * dpr, 40.0 * dpr, "left", "top");
            Vec::new()
        }
        Ok(hits) => {
            pen.legend(&legend, &legend_rows, 8.0 * dpr);
            hits.into_iter().map(|h| Hit { x0: h.x0 / dpr, y0: h.y0 / dpr, x1: h.x1 / dpr, y1: h.y1 / dpr, ..h }).collect()
        }
        Err(e) => {
            web_sys::console::error_1(&format!("chart: {e}").into());
            Vec::new()
        }
    }
}

/// Most series named in the legend; the rest are counted.
const MAX_LEGEND: usize = 16;

/// Legend entries: a colour (or none, for the flag mark) and a label.
fn legend_items(view: &View, plan: &Plan) -> Vec<(Option<Rgb>, String)> {
    let (series, runs): (Vec<(Rgb, String)>, Vec<u32>) = match plan {
        Plan::Bars(b) => (b.series.iter().map(|s| (s.color, s.label.clone())).collect(), b.groups.iter().flat_map(|g| g.bars.iter().map(|b| b.run)).collect()),
        Plan::Tradeoff(t) => (t.series.iter().map(|s| (s.color, s.label.clone())).collect(), t.lines.iter().flat_map(|l| l.points.iter().map(|p| p.run)).collect()),
        Plan::Sweeps(lines) => (lines.iter().map(|l| (l.color, l.label.clone())).collect(), lines.iter().flat_map(|l| l.points.iter().map(|p| p.run)).collect()),
        Plan::Nothing => (Vec::new(), Vec::new()),
    };
    let more = series.len().saturating_sub(MAX_LEGEND);
    let mut items: Vec<(Option<Rgb>, String)> = series.into_iter().take(MAX_LEGEND).map(|(c, l)| (Some(c), view.ui.show(&l))).collect();
    if more > 0 {
        items.push((None, view.ui.fill("viewer.more_series", &[("n", &more.to_string())])));
    }
    if runs.iter().any(|&r| view.store.flagged(r as usize)) {
        items.push((None, view.ui.tr("viewer.flagged_legend")));
    }
    items
}

#[derive(Clone, Copy)]
struct Scale {
    dpr: f64,
    log: bool,
    /// Tick values are divided by this (1000 for latencies drawn in seconds).
    div: f64,
}

/// An axis title and the divisor of its tick values: latencies of 10 s and more in view
/// are drawn in seconds, as the table writes them.
fn axis(view: &View, key: &str) -> (String, f64) {
    let Some(m) = view.store.metric(key) else { return (String::new(), 1.0) };
    let max = view.tally(key).map_or(0.0, |t| view.rows.held(view.store).map(|u| t.max_abs[u]).fold(0.0, f64::max));
    if m.unit == "ms" && max >= 10_000.0 {
        (format!("{} (s)", view.ui.metric_label(view.store, key, false)), 1000.0)
    } else {
        (view.ui.metric_label(view.store, key, true), 1.0)
    }
}

/// A metric's name for a tooltip line, whose value carries its own unit when it is a
/// latency.
fn tip_name(view: &View, key: &str) -> String {
    view.ui.metric_label(view.store, key, view.store.metric(key).is_some_and(|m| m.unit != "ms"))
}

impl Scale {
    fn px(self, v: f64) -> u32 {
        (v * self.dpr).round() as u32
    }

    fn y(self, v: f64) -> f64 {
        if self.log {
            series::log10(v.max(1e-9))
        } else {
            v
        }
    }

    fn label(self, v: f64) -> String {
        let v = if self.log { series::pow10(v) } else { v };
        labels::axis_tick(v / self.div)
    }

    fn range(self, lo: f64, hi: f64) -> (f64, f64) {
        if self.log {
            let (a, b) = (self.y(lo.max(1e-9)), self.y(hi.max(1e-9)));
            (a.floor(), b.ceil().max(a.floor() + 1.0))
        } else {
            (lo.min(0.0), if hi > 0.0 { hi * 1.1 } else { 1.0 })
        }
    }
}

type Area = DrawingArea<CanvasBackend, plotters::coord::Shift>;
type Coords = Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>;
type Drawn = Result<Vec<Hit>, String>;
/// A rectangle on the canvas in device pixels: x, y, width, height.
type PixelRect = (f64, f64, f64, f64);

/// The plotting area with room for axis labels: every chart is f64 × f64 (log scales are
/// drawn as log10 values with labels formatted back). Laid out as plotters' `ChartBuilder`
/// lays it out (a margin, then the left and bottom label areas; y pointing up), without
/// it: its title and text layout code, which the charts never use, brought Rust's float
/// formatting into the wasm.
fn plot<'a>(root: &'a Area, x: std::ops::Range<f64>, y: std::ops::Range<f64>, x_label_px: f64, s: Scale) -> Result<Plot<'a>, String> {
    let margin = s.px(12.0) as i32;
    let framed = root.margin(margin, margin, margin, margin);
    let (w, h) = framed.dim_in_pixel();
    let (left, bottom) = (s.px(70.0) as i32, s.px(x_label_px) as i32);
    let area = framed.shrink((left, 0), ((w as i32 - left).max(0) as u32, (h as i32 - bottom).max(0) as u32));
    let (mut xp, mut yp) = area.get_pixel_range();
    xp.end -= 1;
    yp.end -= 1;
    let coords = Cartesian2d::new(x.clone(), y.clone(), (xp, yp.end..yp.start));
    Ok(Plot { area: area.apply_coord_spec(coords), x, y, root: std::marker::PhantomData })
}

/// A chart's plotting area with its coordinates, what the drawing code asks of it.
struct Plot<'a> {
    area: DrawingArea<CanvasBackend, Coords>,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
    root: std::marker::PhantomData<&'a Area>,
}

impl Plot<'_> {
    fn plotting_area(&self) -> &DrawingArea<CanvasBackend, Coords> {
        &self.area
    }

    fn x_range(&self) -> std::ops::Range<f64> {
        self.x.clone()
    }

    fn y_range(&self) -> std::ops::Range<f64> {
        self.y.clone()
    }

    /// Where `(x, y)` lands on the canvas, in device pixels.
    fn backend_coord(&self, at: &(f64, f64)) -> (i32, i32) {
        self.area.map_coordinate(at)
    }

    fn draw_series<E, I>(&self, series: I) -> Result<(), plotters::drawing::DrawingAreaErrorKind<<CanvasBackend as plotters::prelude::DrawingBackend>::ErrorType>>
    where
        I: IntoIterator<Item = E>,
        for<'b> &'b E: plotters::element::PointCollection<'b, (f64, f64)>,
        E: plotters::element::Drawable<CanvasBackend>,
    {
        for element in series {
            self.area.draw(&element)?;
        }
        Ok(())
    }
}

/// Text and lines drawn straight on the 2D context. plotters lays text out by inserting a
/// `<span>` into the page and reading its size, which forces a page layout per label (tens
/// of milliseconds per chart); the context's own `textAlign`/`textBaseline`/`measureText`
/// need none.
struct Pen {
    ctx: web_sys::CanvasRenderingContext2d,
    ink: String,
    font: String,
    dpr: f64,
}

impl Pen {
    fn new(canvas: &HtmlCanvasElement, fg: Rgb, dpr: f64) -> Option<Pen> {
        let ctx = canvas.get_context("2d").ok()??.dyn_into::<web_sys::CanvasRenderingContext2d>().ok()?;
        Some(Pen { ctx, ink: css(fg), font: format!("{}px system-ui, sans-serif", shortest((12.0 * dpr).round())), dpr })
    }

    /// Checked before every measure and text: resizing the canvas resets the context's
    /// font. Setting a font parses it, so it is set only when the context holds another
    /// (the context reports it normalised: that form is what is compared).
    fn font(&self) {
        thread_local! {
            /// A font as set, and as the context then reports it.
            static NORMALISED: std::cell::RefCell<(String, String)> = const { std::cell::RefCell::new((String::new(), String::new())) };
        }
        let current = self.ctx.font();
        if current == self.font || NORMALISED.with(|n| *n.borrow() == (self.font.clone(), current)) {
            return;
        }
        self.ctx.set_font(&self.font);
        NORMALISED.with(|n| *n.borrow_mut() = (self.font.clone(), self.ctx.font()));
    }

    /// The width of `text` in the pen's font. Labels come back redraw after redraw, so
    /// widths are kept per font (a few thousand at most): measuring asks the browser.
    fn width(&self, text: &str) -> f64 {
        thread_local! {
            static WIDTHS: std::cell::RefCell<(String, SortedMap<String, f64>)> = std::cell::RefCell::new((String::new(), SortedMap::new()));
        }
        let known = WIDTHS.with(|w| {
            let w = w.borrow();
            (w.0 == self.font).then(|| w.1.get(text).copied()).flatten()
        });
        if let Some(width) = known {
            return width;
        }
        self.font();
        let width = self.ctx.measure_text(text).map_or(text.chars().count() as f64 * 7.0 * self.dpr, |m| m.width());
        WIDTHS.with(|w| {
            let mut w = w.borrow_mut();
            if w.0 != self.font || w.1.len() >= 4096 {
                *w = (self.font.clone(), SortedMap::new());
            }
            w.1.insert(text.to_string(), width);
        });
        width
    }

    /// `align`: left, center, right; `baseline`: top, middle, bottom.
    fn text(&self, text: &str, x: f64, y: f64, align: &str, baseline: &str) {
        self.font();
        self.ctx.set_fill_style_str(&self.ink);
        self.ctx.set_text_align(align);
        self.ctx.set_text_baseline(baseline);
        let _ = self.ctx.fill_text(text, x, y);
    }

    fn text_up(&self, text: &str, x: f64, y: f64) {
        self.ctx.save();
        let _ = self.ctx.translate(x, y);
        let _ = self.ctx.rotate(-std::f64::consts::FRAC_PI_2);
        self.text(text, 0.0, 0.0, "center", "top");
        self.ctx.restore();
    }

    fn line(&self, x0: f64, y0: f64, x1: f64, y1: f64, alpha: f64) {
        self.ctx.save();
        self.ctx.set_global_alpha(alpha);
        self.ctx.set_stroke_style_str(&self.ink);
        self.ctx.set_line_width(self.dpr);
        self.ctx.begin_path();
        self.ctx.move_to(x0, y0);
        self.ctx.line_to(x1, y1);
        self.ctx.stroke();
        self.ctx.restore();
    }

    /// Rectangles `(x, y, width, height)` in one colour, as one path filled once.
    fn fill_rects(&self, color: Rgb, rects: &[PixelRect]) {
        self.ctx.set_fill_style_str(&css(color));
        self.ctx.begin_path();
        for &(x, y, w, h) in rects {
            self.ctx.rect(x, y, w, h);
        }
        self.ctx.fill();
    }

    /// A run with findings: a ⚠ mark centred above `(x, y)`.
    fn flag(&self, x: f64, y: f64) {
        self.text("⚠", x, y - 3.0 * self.dpr, "center", "bottom");
    }

    /// Positions of legend entries wrapped into rows of `width` device pixels:
    /// `(x, y)` of each entry's swatch.
    fn layout(&self, items: &[(Option<Rgb>, String)], width: f64) -> Vec<(f64, f64)> {
        let (sq, gap, row_h) = (10.0 * self.dpr, 18.0 * self.dpr, 18.0 * self.dpr);
        let (mut x, mut y) = (8.0 * self.dpr, 0.0);
        items
            .iter()
            .map(|(c, label)| {
                let w = if c.is_some() { sq + 6.0 * self.dpr } else { 0.0 } + self.width(label);
                if x > 8.0 * self.dpr && x + w > width - 8.0 * self.dpr {
                    x = 8.0 * self.dpr;
                    y += row_h;
                }
                let at = (x, y);
                x += w + gap;
                at
            })
            .collect()
    }

    fn legend(&self, items: &[(Option<Rgb>, String)], at: &[(f64, f64)], top: f64) {
        let sq = 10.0 * self.dpr;
        for ((color, label), &(x, y)) in items.iter().zip(at) {
            let y = y + top;
            let text_x = match color {
                Some(c) => {
                    self.ctx.set_fill_style_str(&css(*c));
                    self.ctx.fill_rect(x, y, sq, sq);
                    x + sq + 6.0 * self.dpr
                }
                None => x,
            };
            self.text(label, text_x, y + sq / 2.0, "left", "middle");
        }
    }
}

/// Formats a tick value.
type Fmt<'a> = &'a dyn Fn(&f64) -> String;

/// Axes, grid, tick labels and axis titles. `x: None` leaves the x axis unlabelled (bars
/// label their groups themselves).
fn axes(chart: &Plot, pen: &Pen, x: Option<(&str, Fmt)>, y_desc: &str, y_fmt: Fmt, s: Scale) {
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let (left, right, top, bottom) = (f64::from(xr.start), f64::from(xr.end), f64::from(yr.start), f64::from(yr.end));
    let (xs, ys) = (chart.x_range(), chart.y_range());
    let step_ticks = |lo: f64, hi: f64, log: bool| if log { ((lo.ceil() as i64)..=(hi.floor() as i64)).map(|v| v as f64).collect() } else { crate::series::ticks(lo, hi, 6) };
    for v in step_ticks(ys.start, ys.end, s.log) {
        let (_, py) = chart.backend_coord(&(xs.start, v));
        let py = f64::from(py);
        pen.line(left, py, right, py, 0.15);
        pen.text(&y_fmt(&v), left - 6.0 * s.dpr, py, "right", "middle");
    }
    if let Some((desc, fmt)) = x {
        for v in crate::series::ticks(xs.start, xs.end, 8) {
            let (px, _) = chart.backend_coord(&(v, ys.start));
            let px = f64::from(px);
            pen.line(px, top, px, bottom, 0.08);
            pen.text(&fmt(&v), px, bottom + 6.0 * s.dpr, "center", "top");
        }
        pen.text(desc, (left + right) / 2.0, bottom + 26.0 * s.dpr, "center", "top");
    }
    pen.line(left, bottom, right, bottom, 1.0);
    pen.line(left, top, left, bottom, 1.0);
    pen.text_up(y_desc, 4.0 * s.dpr, (top + bottom) / 2.0);
}

/// Hit box of a point drawn at data coordinates `(x, y)`.
fn point_hit(chart: &Plot, x: f64, y: f64, run: u32, lines: Vec<String>, s: Scale) -> Hit {
    let tip = Tip::Lines(lines);
    let (px, py) = chart.backend_coord(&(x, y));
    let r = 6.0 * s.dpr;
    Hit { x0: f64::from(px) - r, y0: f64::from(py) - r, x1: f64::from(px) + r, y1: f64::from(py) + r, run: Some(run), tip }
}

fn err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// The three label lines of each group, shortened where that keeps every group's label
/// distinct (`random 1024/1024` → `random 1k/1k`), with "not stated" for `?`.
fn group_labels(view: &View, bars: &Bars) -> Vec<[String; 3]> {
    let full: Vec<[String; 3]> = bars.groups.iter().map(|g| g.label.clone().map(|l| view.ui.show(&l))).collect();
    let short: Vec<[String; 3]> = full.iter().map(|[f, w, l]| [f.clone(), labels::short_workload(w), l.clone()]).collect();
    let distinct = |labels: &[[String; 3]]| labels.iter().collect::<SortedSet<_>>().len() == labels.len();
    if distinct(&short) {
        short
    } else {
        full
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_bars(view: &View, root: &Area, pen: &Pen, bars: &Bars, label: &str, fg: Rgb, s: Scale, plot_text: &mut Vec<String>) -> Drawn {
    if bars.groups.is_empty() || view.metric().is_none() {
        return Ok(Vec::new());
    }
    let values = bars.groups.iter().flat_map(|g| g.bars.iter().map(|b| b.value));
    let hi = values.clone().fold(f64::MIN, f64::max);
    let lo = values.fold(f64::MAX, f64::min);
    let (y0, y1) = s.range(if s.log { lo } else { 0.0 }, hi);
    let n = bars.groups.len() as f64;
    let chart = plot(root, 0f64..n, y0..y1, 64.0, s)?;
    axes(&chart, pen, None, label, &|v| s.label(*v), s);
    let mut hits = Vec::new();
    let base = if s.log { y0 } else { 0.0 };
    let group_labels = group_labels(view, bars);
    // Bars share 80 % of their group's width, none wider than a quarter of it, centred.
    let place = |gi: usize, n: usize| {
        let width = (0.8 / n as f64).min(0.25);
        (gi as f64 + 0.5 - width * n as f64 / 2.0, width)
    };
    // One path per series colour, filled once: a draw call per bar costs milliseconds when
    // groups hold many bars.
    let mut paths: Vec<(Rgb, Vec<PixelRect>)> = Vec::new();
    for (gi, group) in bars.groups.iter().enumerate() {
        let (start, width) = place(gi, group.bars.len());
        for (bi, bar) in group.bars.iter().enumerate() {
            let x0 = start + bi as f64 * width;
            let (px0, py0) = chart.backend_coord(&(x0, s.y(bar.value)));
            let (px1, py1) = chart.backend_coord(&(x0 + width * 0.92, base));
            let (x, y) = (f64::from(px0.min(px1)), f64::from(py0.min(py1)));
            let rect = (x, y, f64::from(px0.max(px1)) - x + 1.0, f64::from(py0.max(py1)) - y + 1.0);
            let color = bars.series[bar.series].color;
            match paths.iter_mut().find(|(c, _)| *c == color) {
                Some((_, rects)) => rects.push(rect),
                None => paths.push((color, vec![rect])),
            }
        }
    }
    for (color, rects) in &paths {
        pen.fill_rects(*color, rects);
    }
    // Every group has the same room for its label, so a label fits the same in each.
    let mut fitted: SortedMap<&str, (String, bool)> = SortedMap::new();
    for (gi, group) in bars.groups.iter().enumerate() {
        let (start, width) = place(gi, group.bars.len());
        let group_text = group.label.join(" · ");
        for (bi, bar) in group.bars.iter().enumerate() {
            let x0 = start + bi as f64 * width;
            let top = s.y(bar.value);
            let series = &bars.series[bar.series];
            let i = bar.run as usize;
            if view.is_selected(i) {
                chart.draw_series(std::iter::once(Rectangle::new([(x0, base), (x0 + width * 0.92, top)], rgb(fg).stroke_width(s.px(2.0))))).map_err(err)?;
            }
            let (px0, py0) = chart.backend_coord(&(x0, top));
            let (px1, py1) = chart.backend_coord(&(x0 + width * 0.92, base));
            let flagged = view.store.flagged(i);
            if flagged {
                pen.flag(f64::from(px0 + px1) / 2.0, f64::from(py0));
            }
            plot_text.push(format!("bar|{}|{group_text}|{}|{}", series.label, benchsite_model::format_number(bar.value), if flagged { "flagged" } else { "" }));
            hits.push(Hit { x0: f64::from(px0), y0: f64::from(py0), x1: f64::from(px1), y1: f64::from(py1), run: Some(bar.run), tip: Tip::Bar { group: gi, bar: bi } });
        }
        // Group label under its bars in up to three lines, each cut to fit; a cut label
        // shows its full text when hovered.
        let (cx, cy) = chart.backend_coord(&(gi as f64 + 0.5, base));
        let room = f64::from(chart.backend_coord(&(1.0, base)).0 - chart.backend_coord(&(0.0, base)).0) - 6.0 * s.dpr;
        let mut cut = false;
        for (li, part) in group_labels[gi].iter().enumerate() {
            // Groups repeat their family and workload: each label is fitted once per draw.
            let (text, was_cut) = fitted.get_or_insert_with(part.as_str(), |_| {
                if part.chars().count() <= 2 || pen.width(part) <= room {
                    return (part.clone(), false);
                }
                // The longest cut that fits (at least two characters), by halving.
                let (mut fits, mut too_long) = (2, part.chars().count());
                while too_long - fits > 1 {
                    let mid = (fits + too_long) / 2;
                    if pen.width(&labels::fit(part, mid)) <= room {
                        fits = mid;
                    } else {
                        too_long = mid;
                    }
                }
                (labels::fit(part, fits), true)
            });
            cut |= *was_cut;
            pen.text(text, f64::from(cx), f64::from(cy) + 6.0 * s.dpr + li as f64 * 15.0 * s.dpr, "center", "top");
        }
        if cut {
            let half = room / 2.0;
            hits.push(Hit { x0: f64::from(cx) - half, y0: f64::from(cy), x1: f64::from(cx) + half, y1: f64::from(cy) + 50.0 * s.dpr, run: None, tip: Tip::Lines(vec![view.ui.show(&group_text)]) });
        }
    }
    if bars.dropped > 0 {
        pen.text(&view.ui.tr("viewer.dropped").replace("{n}", &bars.dropped.to_string()), 70.0 * s.dpr, f64::from(root.get_base_pixel().1) + 2.0 * s.dpr, "left", "top");
    }
    Ok(hits)
}

#[allow(clippy::too_many_arguments)]
fn draw_tradeoff(view: &View, root: &Area, pen: &Pen, t: &Tradeoff, y_label: &str, fg: Rgb, s: Scale, plot_text: &mut Vec<String>) -> Drawn {
    let all = t.lines.iter().flat_map(|p| p.points.iter());
    if all.clone().next().is_none() {
        return Ok(Vec::new());
    }
    let (Some(y_metric), Some(x_metric)) = (view.metric(), view.store.metric(&view.x_metric)) else { return Ok(Vec::new()) };
    let (x_label, x_div) = axis(view, &view.x_metric);
    let (xlo, xhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (ylo, yhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let total = all.count();
    let (y0, y1) = s.range(ylo, yhi);
    let pad = ((xhi - xlo) * 0.08).max(1e-9);
    let chart = plot(root, (xlo - pad).min(0.0)..xhi + pad, y0..y1, 50.0, s)?;
    axes(&chart, pen, Some((&x_label, &|v| labels::axis_tick(*v / x_div))), y_label, &|v| s.label(*v), s);
    let mut hits = Vec::new();
    let mut drawn_points = 0;
    for line in &t.lines {
        let series = &t.series[line.series];
        let c = rgb(series.color);
        let frontier: Vec<(f64, f64)> = line.frontier.iter().map(|&i| (line.points[i].x, s.y(line.points[i].y))).collect();
        if !frontier.is_empty() {
            chart.draw_series(LineSeries::new(frontier, c.stroke_width(s.px(2.0)))).map_err(err)?;
        }
        // A long line is thinned for speed; its frontier, flagged and selected runs never are.
        let must = |k: usize| {
            let run = line.points[k].run as usize;
            line.frontier.contains(&k) || view.store.flagged(run) || view.is_selected(run)
        };
        let shown = series::drawn(line.points.len(), must);
        drawn_points += shown.len();
        for (k, p) in shown.into_iter().map(|k| (k, &line.points[k])) {
            let i = p.run as usize;
            let r = if view.is_selected(i) { 7.0 } else { 4.0 };
            chart.draw_series(std::iter::once(Circle::new((p.x, s.y(p.y)), s.px(r), c.filled()))).map_err(err)?;
            let (px, py) = chart.backend_coord(&(p.x, s.y(p.y)));
            let flagged = view.store.flagged(i);
            if flagged {
                chart.draw_series(std::iter::once(Circle::new((p.x, s.y(p.y)), s.px(r + 3.0), rgb(fg).stroke_width(s.px(1.5))))).map_err(err)?;
                pen.flag(f64::from(px), f64::from(py) - 6.0 * s.dpr);
            }
            let load = series::load_label(view.store, i);
            if total <= MAX_LABELLED {
                pen.text(&view.ui.show(&load), f64::from(px) + 7.0 * s.dpr, f64::from(py), "left", "middle");
            }
            let lines = vec![
                view.ui.show(&series.label),
                format!("{} · {}", view.ui.show(&line.label), view.ui.show(&load)),
                format!("{}: {}", tip_name(view, &view.x_metric), view.ui.number(x_metric, p.x)),
                format!("{}: {}", tip_name(view, &view.metric), view.ui.number(y_metric, p.y)),
            ];
            let on_frontier = line.frontier.contains(&k);
            plot_text.push(format!("point|{}|{}|{load}|{}|{}|{}{}", series.label, line.label, benchsite_model::format_number(p.x), benchsite_model::format_number(p.y), if on_frontier { "frontier" } else { "" }, if flagged { "|flagged" } else { "" }));
            hits.push(point_hit(&chart, p.x, s.y(p.y), p.run, lines, s));
        }
    }
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let mut top = f64::from(yr.start) + 4.0 * s.dpr;
    if !t.has_curve() {
        pen.text(&view.ui.tr("viewer.no_curve"), f64::from(xr.start) + 8.0 * s.dpr, top, "left", "top");
        top += 16.0 * s.dpr;
    }
    // Never fewer points than runs without saying so.
    if drawn_points < total {
        let count = |n: usize| benchsite_model::format_count(n as u64, &view.ui.lang);
        let note = view.ui.tr("viewer.thinned").replace("{drawn}", &count(drawn_points)).replace("{total}", &count(total));
        pen.text(&note, f64::from(xr.start) + 8.0 * s.dpr, top, "left", "top");
        plot_text.push(format!("thinned|{drawn_points}|{total}"));
    }
    Ok(hits)
}

fn draw_sweeps(view: &View, root: &Area, pen: &Pen, lines: &[Line], label: &str, s: Scale, plot_text: &mut Vec<String>) -> Drawn {
    let all = lines.iter().flat_map(|l| l.points.iter());
    if all.clone().next().is_none() {
        return Ok(Vec::new());
    }
    let Some(metric) = view.metric() else { return Ok(Vec::new()) };
    let (xlo, xhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (ylo, yhi) = all.fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (y0, y1) = s.range(ylo, yhi);
    // Swept values span decades (1 to 10,000 requests; 16k to 128k tokens): log x.
    let (lx0, lx1) = (series::log10(xlo.max(1e-9)).floor(), series::log10(xhi.max(1e-9)).ceil().max(series::log10(xlo.max(1e-9)).floor() + 1.0));
    let axis_names: Vec<String> = lines.iter().map(|l| view.ui.tr(&format!("viewer.axis.{}", l.axis))).collect::<SortedSet<_>>().into_iter().collect();
    let chart = plot(root, lx0..lx1, y0..y1, 50.0, s)?;
    let x_desc = axis_names.join(" / ");
    axes(&chart, pen, Some((&x_desc, &|v| labels::axis_tick(series::pow10(*v)))), label, &|v| s.label(*v), s);
    let mut hits = Vec::new();
    for line in lines {
        let c = rgb(line.color);
        let pts: Vec<(f64, f64)> = line.points.iter().map(|p| (series::log10(p.x.max(1e-9)), s.y(p.y))).collect();
        chart.draw_series(LineSeries::new(pts.clone(), c.stroke_width(s.px(2.0)))).map_err(err)?;
        chart.draw_series(pts.iter().map(|&(x, y)| Circle::new((x, y), s.px(4.0), c.filled()))).map_err(err)?;
        for (p, &(x, y)) in line.points.iter().zip(&pts) {
            let flagged = view.store.flagged(p.run as usize);
            if flagged {
                let (px, py) = chart.backend_coord(&(x, y));
                pen.flag(f64::from(px), f64::from(py) - 4.0 * s.dpr);
            }
            plot_text.push(format!("sweep|{}|{}|{}{}", line.label, benchsite_model::format_number(p.x), benchsite_model::format_number(p.y), if flagged { "|flagged" } else { "" }));
            let lines = vec![view.ui.show(&line.label), format!("x = {}", benchsite_model::format_count(p.x as u64, &view.ui.lang)), format!("{}: {}", tip_name(view, &view.metric), view.ui.number(metric, p.y))];
            hits.push(point_hit(&chart, x, y, p.run, lines, s));
        }
    }
    Ok(hits)
}

/// The hit box under `(x, y)` (CSS pixels of the canvas): a bar or point first, else a
/// label.
pub fn hit_under(hits: &[Hit], (x, y): (f64, f64)) -> Option<&Hit> {
    let inside = |h: &&Hit| x >= h.x0 && x <= h.x1 && y >= h.y0.min(h.y1) && y <= h.y1.max(h.y0);
    hits.iter().filter(|h| h.run.is_some()).find(inside).or_else(|| hits.iter().find(inside))
}

/// A bar's tooltip lines: its series, its group, its value, and how many runs it is the best
/// of.
fn bar_lines(view: &View, bars: &Bars, group: usize, bar: usize) -> Vec<String> {
    let (Some(g), Some(metric)) = (bars.groups.get(group), view.metric()) else { return Vec::new() };
    let Some(b) = g.bars.get(bar) else { return Vec::new() };
    let mut lines = vec![view.ui.show(&bars.series[b.series].label), view.ui.show(&g.label.join(" · ")), format!("{}: {}", tip_name(view, &view.metric), view.ui.number(metric, b.value))];
    if b.count > 1 {
        lines.push(view.ui.tr("viewer.best_of").replace("{n}", &b.count.to_string()));
    }
    lines
}

/// Fills and places the tooltip for `hit` of the drawn `plan` at `(x, y)`: its lines, the
/// link to the value's source line, and each finding about the run with a link to it on
/// its result page.
pub fn show_tip(view: &View, plan: &Plan, tip: &web_sys::Element, hit: &Hit, (x, y): (f64, f64)) {
    clear(tip);
    let lines = match (&hit.tip, plan) {
        (Tip::Lines(lines), _) => lines.clone(),
        (Tip::Bar { group, bar }, Plan::Bars(bars)) => bar_lines(view, bars, *group, *bar),
        (Tip::Bar { .. }, _) => Vec::new(),
    };
    for (n, line) in lines.iter().enumerate() {
        dom::append(tip, &el(if n == 0 { "strong" } else { "span" }, "", line));
        dom::append(tip, &el("br", "", ""));
    }
    if let Some(run) = hit.run {
        let i = run as usize;
        let found: Vec<_> = view.findings_of(i).collect();
        if !found.is_empty() {
            let ul = el("ul", "tip-findings", "");
            for f in found {
                let li = el("li", "", "⚠ ");
                dom::append(&li, &dom::link(&view.ui.finding_title(f), &view.ui.finding_href(f)));
                dom::append(&ul, &li);
            }
            dom::append(tip, &ul);
        }
        let line = view.metric().map_or(0, |m| m.lines[i]);
        if let Some(href) = view.ui.source_href(view.store, i, line) {
            dom::append(tip, &dom::link(&view.ui.tr("viewer.source_line"), &href));
        }
    }
    dom::show(tip, true);
    // Beside the pointer, on the side where it fits: the chart box clips what overflows it.
    if let Some(h) = tip.dyn_ref::<web_sys::HtmlElement>() {
        let (w, ht) = (f64::from(h.offset_width()), f64::from(h.offset_height()));
        let (box_w, box_h) = tip.parent_element().map_or((f64::MAX, f64::MAX), |p| (f64::from(p.client_width()), f64::from(p.client_height())));
        let left = if x + 12.0 + w <= box_w { x + 12.0 } else { (x - 12.0 - w).max(0.0) };
        let top = if y + 12.0 + ht <= box_h { y + 12.0 } else { (y - 12.0 - ht).max(0.0) };
        let _ = h.style().set_property("left", &format!("{}px", shortest(left)));
        let _ = h.style().set_property("top", &format!("{}px", shortest(top)));
    }
}

/// Saves the canvas as `benchsite-chart.png`.
pub fn download_png() {
    let Some(canvas) = dom::by_id_as::<HtmlCanvasElement>("chart-canvas") else { return };
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        dom::click_download(&url, "benchsite-chart.png");
    }
}
