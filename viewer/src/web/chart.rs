//! The chart (`#chart`), drawn with plotters on a canvas sized for the device pixel ratio:
//! grouped bars, throughput against latency with each series' Pareto frontier, or sweeps as
//! lines. Drawing records a hit box per bar or point for the tooltip and for selection.

use super::app::{with_app, App};
use super::dom::{self, attr, clear, el};
use crate::series::{self, Bars, Line, PointSeries};
use crate::state::Chart;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

/// A drawn bar or point, in CSS pixels of the canvas.
#[derive(Clone, Debug)]
pub struct Hit {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    pub run: u32,
    pub text: String,
}

/// Most points drawn per series in the trade-off chart; the frontier is always drawn.
const MAX_POINTS: usize = 300;

const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
];

fn color(i: usize) -> RGBColor {
    COLORS[i % COLORS.len()]
}

/// Theme colours read from the page so the chart follows dark mode.
fn ink() -> (RGBColor, RGBColor) {
    let dark = dom::document().document_element().and_then(|h| h.get_attribute("data-theme")).map(|t| t == "dark").unwrap_or_else(|| {
        web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches())
    });
    if dark {
        (RGBColor(230, 237, 243), RGBColor(13, 17, 23))
    } else {
        (RGBColor(27, 31, 36), RGBColor(255, 255, 255))
    }
}

/// Draws the chart for the current view; returns the hit boxes.
pub fn draw(app: &App, canvas: &HtmlCanvasElement, css_w: f64) -> Vec<Hit> {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()).max(1.0);
    let css_w = css_w.max(320.0);
    let css_h = (css_w * 0.5).clamp(320.0, 520.0);
    // Resizing reallocates the canvas; only do it when the size changed.
    let (w, h) = ((css_w * dpr) as u32, (css_h * dpr) as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    // Writing the style invalidates the page layout; only when it changes.
    let style = canvas.style();
    let (want_w, want_h) = (format!("{css_w}px"), format!("{css_h}px"));
    if style.get_property_value("width").ok().as_deref() != Some(want_w.as_str()) {
        let _ = style.set_property("width", &want_w);
        let _ = style.set_property("height", &want_h);
    }
    let metric_key = app.metric_key();
    let Some(metric) = app.store.metric(&metric_key) else { return Vec::new() };
    let label = app.metric_label(&metric_key);
    attr(canvas, "aria-label", &format!("{} · {label}", app.tr(&format!("viewer.chart.{}", app.state.chart.key()))));
    let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) else { return Vec::new() };
    let (fg, bg) = ink();
    let Some(pen) = Pen::new(canvas, fg, dpr) else { return Vec::new() };
    let root = backend.into_drawing_area();
    let _ = root.fill(&bg);
    let s = Scale { dpr, log: app.state.log };
    let result = match app.state.chart {
        Chart::Bars => {
            let bars = series::bars(&app.store, &app.rows, metric);
            super::app::lap("chart: group runs");
            draw_bars(app, &root, &pen, &bars, &label, fg, s)
        }
        Chart::Tradeoff => {
            let x_key = app.x_metric_key();
            match app.store.metric(&x_key) {
                Some(x) => draw_tradeoff(app, &root, &pen, &series::tradeoff(&app.store, &app.rows, x, metric), &app.metric_label(&x_key), &label, s),
                None => Ok(Vec::new()),
            }
        }
        Chart::Sweep => draw_sweeps(app, &root, &pen, &series::sweeps(&app.store, &app.rows, metric), &label, s),
    };
    let _ = root.present();
    match result {
        Ok(hits) if hits.is_empty() => {
            let _ = root.fill(&bg);
            pen.text(&app.tr("viewer.no_data"), 20.0 * dpr, 40.0 * dpr, "left", "top");
            let _ = root.present();
            hits
        }
        Ok(hits) => hits.into_iter().map(|h| Hit { x0: h.x0 / dpr, y0: h.y0 / dpr, x1: h.x1 / dpr, y1: h.y1 / dpr, ..h }).collect(),
        Err(e) => {
            web_sys::console::error_1(&format!("chart: {e}").into());
            Vec::new()
        }
    }
}

#[derive(Clone, Copy)]
struct Scale {
    dpr: f64,
    log: bool,
}

impl Scale {
    fn px(self, v: f64) -> u32 {
        (v * self.dpr).round() as u32
    }

    fn y(self, v: f64) -> f64 {
        if self.log {
            v.max(1e-9).log10()
        } else {
            v
        }
    }

    fn label(self, v: f64) -> String {
        let v = if self.log { 10f64.powf(v) } else { v };
        super::fmt_axis(v)
    }

    fn range(self, lo: f64, hi: f64) -> (f64, f64) {
        if self.log {
            let (a, b) = (self.y(lo.max(1e-9)), self.y(hi.max(1e-9)));
            (a.floor(), b.ceil().max(a.floor() + 1.0))
        } else {
            (lo.min(0.0), if hi > 0.0 { hi * 1.08 } else { 1.0 })
        }
    }
}

type Area = DrawingArea<CanvasBackend, plotters::coord::Shift>;
type Plot<'a> = ChartContext<'a, CanvasBackend, Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>>;
type Drawn = Result<Vec<Hit>, String>;

/// The plotting area with room for axis labels: every chart is f64 × f64 (log scales are
/// drawn as log10 values with labels formatted back).
fn plot<'a>(root: &'a Area, x: std::ops::Range<f64>, y: std::ops::Range<f64>, x_label_px: f64, s: Scale) -> Result<Plot<'a>, String> {
    ChartBuilder::on(root).margin(s.px(12.0)).x_label_area_size(s.px(x_label_px)).y_label_area_size(s.px(70.0)).build_cartesian_2d(x, y).map_err(err)
}

/// Text and lines drawn straight on the 2D context. plotters lays text out by inserting a
/// `<span>` into the page and reading its size, which forces a page layout per label (tens
/// of milliseconds per chart); the context's own `textAlign`/`textBaseline` need none.
struct Pen {
    ctx: web_sys::CanvasRenderingContext2d,
    ink: String,
    dpr: f64,
}

impl Pen {
    fn new(canvas: &HtmlCanvasElement, fg: RGBColor, dpr: f64) -> Option<Pen> {
        let ctx = canvas.get_context("2d").ok()??.dyn_into::<web_sys::CanvasRenderingContext2d>().ok()?;
        Some(Pen { ctx, ink: format!("rgb({},{},{})", fg.0, fg.1, fg.2), dpr })
    }

    /// `align`: left, center, right; `baseline`: top, middle, bottom.
    fn text(&self, text: &str, x: f64, y: f64, align: &str, baseline: &str) {
        self.ctx.set_font(&format!("{}px sans-serif", (12.0 * self.dpr).round()));
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
}

/// Axes, grid, tick labels and axis titles. `x: None` leaves the x axis unlabelled (bars
/// label their groups themselves).
/// Formats a tick value.
type Fmt<'a> = &'a dyn Fn(&f64) -> String;

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
fn point_hit(chart: &Plot, x: f64, y: f64, run: u32, text: String, s: Scale) -> Hit {
    let (px, py) = chart.backend_coord(&(x, y));
    let r = 6.0 * s.dpr;
    Hit { x0: f64::from(px) - r, y0: f64::from(py) - r, x1: f64::from(px) + r, y1: f64::from(py) + r, run, text }
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("{e:?}")
}

fn draw_bars(app: &App, root: &Area, pen: &Pen, bars: &Bars, label: &str, fg: RGBColor, s: Scale) -> Drawn {
    if bars.groups.is_empty() {
        return Ok(Vec::new());
    }
    let values = bars.groups.iter().flat_map(|g| g.bars.iter().map(|b| b.value));
    let hi = values.clone().fold(f64::MIN, f64::max);
    let lo = values.fold(f64::MAX, f64::min);
    let (y0, y1) = s.range(if s.log { lo } else { 0.0 }, hi);
    let n = bars.groups.len() as f64;
    let mut chart = plot(root, 0f64..n, y0..y1, 90.0, s)?;
    axes(&chart, pen, None, label, &|v| s.label(*v), s);
    let mut hits = Vec::new();
    let base = if s.log { y0 } else { 0.0 };
    // One draw call for all bars; outlines for the selected run after.
    let rects: Vec<Rectangle<(f64, f64)>> = bars
        .groups
        .iter()
        .enumerate()
        .flat_map(|(gi, group)| {
            let width = 0.8 / group.bars.len() as f64;
            group.bars.iter().enumerate().map(move |(bi, bar)| {
                let x0 = gi as f64 + 0.1 + bi as f64 * width;
                Rectangle::new([(x0, base), (x0 + width * 0.92, s.y(bar.value))], color(bar.series).filled())
            })
        })
        .collect();
    chart.draw_series(rects).map_err(err)?;
    for (gi, group) in bars.groups.iter().enumerate() {
        let width = 0.8 / group.bars.len() as f64;
        for (bi, bar) in group.bars.iter().enumerate() {
            let x0 = gi as f64 + 0.1 + bi as f64 * width;
            let top = s.y(bar.value);
            if app.state.selected.as_deref() == Some(app.store.ids[bar.run as usize].as_str()) {
                chart.draw_series(std::iter::once(Rectangle::new([(x0, base), (x0 + width * 0.92, top)], fg.stroke_width(s.px(2.0))))).map_err(err)?;
            }
            let (px0, py0) = chart.backend_coord(&(x0, top));
            let (px1, py1) = chart.backend_coord(&(x0 + width * 0.92, base));
            hits.push(Hit {
                x0: f64::from(px0),
                y0: f64::from(py0),
                x1: f64::from(px1),
                y1: f64::from(py1),
                run: bar.run,
                text: match bar.count {
                    1 => format!("{} — {}: {} {}", bars.series[bar.series], group.label, super::fmt(bar.value), label),
                    n => format!("{} — {}: {} {} ({})", bars.series[bar.series], group.label, super::fmt(bar.value), label, app.tr("viewer.best_of").replace("{n}", &n.to_string())),
                },
            });
        }
        // Group label under its bars, cut to fit.
        let (cx, cy) = chart.backend_coord(&(gi as f64 + 0.5, base));
        let room = ((chart.backend_coord(&(1.0, base)).0 - chart.backend_coord(&(0.0, base)).0) as f64 / (7.0 * s.dpr)).max(4.0) as usize;
        for (li, part) in group.label.split(" · ").enumerate() {
            let text: String = if part.chars().count() > room { part.chars().take(room.saturating_sub(1)).chain(std::iter::once('…')).collect() } else { part.to_string() };
            pen.text(&text, f64::from(cx), f64::from(cy) + 8.0 * s.dpr + li as f64 * 15.0 * s.dpr, "center", "top");
        }
    }
    legend(root, pen, &bars.series, s, bars.dropped, app)?;
    Ok(hits)
}

fn draw_tradeoff(app: &App, root: &Area, pen: &Pen, series: &[PointSeries], x_label: &str, y_label: &str, s: Scale) -> Drawn {
    let all = series.iter().flat_map(|p| p.points.iter());
    if all.clone().next().is_none() {
        return Ok(Vec::new());
    }
    let (xlo, xhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (ylo, yhi) = all.fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (y0, y1) = s.range(ylo, yhi);
    let pad = ((xhi - xlo) * 0.05).max(1e-9);
    let mut chart = plot(root, (xlo - pad).min(0.0)..xhi + pad, y0..y1, 50.0, s)?;
    axes(&chart, pen, Some((x_label, &|v| super::fmt_axis(*v))), y_label, &|v| s.label(*v), s);
    let mut hits = Vec::new();
    let labels: Vec<String> = series.iter().map(|p| p.label.clone()).collect();
    for (si, ps) in series.iter().enumerate() {
        let c = color(si);
        let frontier: Vec<(f64, f64)> = ps.frontier.iter().map(|&i| (ps.points[i].x, s.y(ps.points[i].y))).collect();
        chart.draw_series(LineSeries::new(frontier, c.stroke_width(s.px(2.0)))).map_err(err)?;
        let step = (ps.points.len() / MAX_POINTS).max(1);
        let shown = ps.points.iter().enumerate().filter(|(i, _)| i % step == 0 || ps.frontier.contains(i));
        for (_, p) in shown {
            let selected = app.state.selected.as_deref() == Some(app.store.ids[p.run as usize].as_str());
            let r = if selected { 7.0 } else { 4.0 };
            chart.draw_series(std::iter::once(Circle::new((p.x, s.y(p.y)), s.px(r), c.filled()))).map_err(err)?;
            let text = format!("{} — {}: {} · {}: {}", ps.label, app.store.group_label(p.run as usize), super::fmt(p.x), y_label, super::fmt(p.y));
            hits.push(point_hit(&chart, p.x, s.y(p.y), p.run, text, s));
        }
    }
    legend(root, pen, &labels, s, 0, app)?;
    Ok(hits)
}

fn draw_sweeps(app: &App, root: &Area, pen: &Pen, lines: &[Line], label: &str, s: Scale) -> Drawn {
    let all = lines.iter().flat_map(|l| l.points.iter());
    if all.clone().next().is_none() {
        return Ok(Vec::new());
    }
    let (xlo, xhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (ylo, yhi) = all.fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (y0, y1) = s.range(ylo, yhi);
    // Swept values span decades (1 to 10,000 requests; 16k to 128k tokens): log x.
    let (lx0, lx1) = (xlo.max(1e-9).log10().floor(), xhi.max(1e-9).log10().ceil().max(xlo.max(1e-9).log10().floor() + 1.0));
    let axis_names: Vec<String> = lines.iter().map(|l| app.tr(&format!("viewer.axis.{}", l.axis))).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let mut chart = plot(root, lx0..lx1, y0..y1, 50.0, s)?;
    let x_desc = axis_names.join(" / ");
    axes(&chart, pen, Some((&x_desc, &|v| super::fmt_axis(10f64.powf(*v)))), label, &|v| s.label(*v), s);
    let mut hits = Vec::new();
    for (li, line) in lines.iter().enumerate() {
        let c = color(li);
        let pts: Vec<(f64, f64)> = line.points.iter().map(|p| (p.x.max(1e-9).log10(), s.y(p.y))).collect();
        chart.draw_series(LineSeries::new(pts.clone(), c.stroke_width(s.px(2.0)))).map_err(err)?;
        chart.draw_series(pts.iter().map(|&(x, y)| Circle::new((x, y), s.px(4.0), c.filled()))).map_err(err)?;
        for (p, &(x, y)) in line.points.iter().zip(&pts) {
            let text = format!("{} — x={}: {} {}", line.label, super::fmt(p.x), super::fmt(p.y), label);
            hits.push(point_hit(&chart, x, y, p.run, text, s));
        }
    }
    let labels: Vec<String> = lines.iter().map(|l| l.label.clone()).collect();
    legend(root, pen, &labels, s, 0, app)?;
    Ok(hits)
}

/// Legend in the top-right corner; a note when groups were left out.
fn legend(root: &Area, pen: &Pen, labels: &[String], s: Scale, dropped: usize, app: &App) -> Result<(), String> {
    let (w, _) = root.dim_in_pixel();
    let line_h = 16.0 * s.dpr;
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0).min(48) as f64;
    let x = f64::from(w) - widest * 7.0 * s.dpr - 40.0 * s.dpr;
    let sq = 10.0 * s.dpr;
    for (i, label) in labels.iter().enumerate().take(12) {
        let y = 16.0 * s.dpr + i as f64 * line_h;
        root.draw(&Rectangle::new([(x as i32, y as i32), ((x + sq) as i32, (y + sq) as i32)], color(i).filled())).map_err(err)?;
        let text: String = label.chars().take(48).collect();
        pen.text(&text, x + sq + 6.0 * s.dpr, y + sq / 2.0, "left", "middle");
    }
    if dropped > 0 {
        pen.text(&app.tr("viewer.dropped").replace("{n}", &dropped.to_string()), 70.0 * s.dpr, 4.0 * s.dpr, "left", "top");
    }
    Ok(())
}

fn offset(e: &web_sys::MouseEvent) -> (f64, f64) {
    (f64::from(e.offset_x()), f64::from(e.offset_y()))
}

/// The hit box under `(x, y)` (CSS pixels of the canvas).
fn hit_under(hits: &[Hit], (x, y): (f64, f64)) -> Option<&Hit> {
    hits.iter().find(|h| x >= h.x0 && x <= h.x1 && y >= h.y0.min(h.y1) && y <= h.y1.max(h.y0))
}

/// Shows the exact value and the source line of what is under the mouse, unless a click
/// pinned the tooltip.
pub fn hover(e: &web_sys::MouseEvent) {
    let Some(tip) = dom::by_id("chart-tip") else { return };
    if !tip.class_list().contains("pinned") {
        show_tip(&tip, offset(e));
    }
}

/// On a click: pins the tooltip of what is under the mouse, so its source link can be
/// clicked (it stays until Escape or a click on an empty part of the chart); returns that
/// run. A click on nothing unpins and hides it.
pub fn pin(e: &web_sys::MouseEvent) -> Option<u32> {
    let tip = dom::by_id("chart-tip")?;
    let run = show_tip(&tip, offset(e));
    let _ = tip.class_list().toggle_with_force("pinned", run.is_some());
    run
}

/// Hides a pinned tooltip (Escape).
pub fn unpin() {
    if let Some(tip) = dom::by_id("chart-tip") {
        let _ = tip.class_list().remove_1("pinned");
        dom::show(&tip, false);
    }
}

/// Fills and places the tooltip for the hit box under `(x, y)`, or hides it; returns the
/// run it shows.
fn show_tip(tip: &web_sys::Element, (x, y): (f64, f64)) -> Option<u32> {
    let found = with_app(|app| {
        let hit = hit_under(&app.hits, (x, y))?;
        let i = hit.run as usize;
        let metric = app.store.metric(&app.metric_key())?;
        let href = app.source_href(i, metric.lines[i]);
        Some((hit.run, hit.text.clone(), href, app.tr("viewer.source_line")))
    })
    .flatten();
    let Some((run, text, href, link_text)) = found else {
        dom::show(tip, false);
        return None;
    };
    clear(tip);
    dom::append(tip, &el("span", "", &text));
    if let Some(href) = href {
        dom::append(tip, &el("br", "", ""));
        dom::append(tip, &dom::link(&link_text, &href));
    }
    dom::show(tip, true);
    // Beside the pointer, on the side where it fits: the chart box clips what overflows it.
    if let Some(h) = tip.dyn_ref::<web_sys::HtmlElement>() {
        let (w, ht) = (f64::from(h.offset_width()), f64::from(h.offset_height()));
        let (box_w, box_h) = tip.parent_element().map_or((f64::MAX, f64::MAX), |p| (f64::from(p.client_width()), f64::from(p.client_height())));
        let left = if x + 12.0 + w <= box_w { x + 12.0 } else { (x - 12.0 - w).max(0.0) };
        let top = if y + 12.0 + ht <= box_h { y + 12.0 } else { (y - 12.0 - ht).max(0.0) };
        let _ = h.style().set_property("left", &format!("{left}px"));
        let _ = h.style().set_property("top", &format!("{top}px"));
    }
    Some(run)
}

/// Saves the canvas as `benchsite-chart.png`.
pub fn download_png() {
    let Some(canvas) = dom::by_id_as::<HtmlCanvasElement>("chart-canvas") else { return };
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        super::click_download(&url, "benchsite-chart.png");
    }
}
