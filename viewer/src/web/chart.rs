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
pub fn draw(app: &App, canvas: &HtmlCanvasElement) -> Vec<Hit> {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()).max(1.0);
    let css_w = f64::from(canvas.parent_element().map_or(800, |p| p.client_width())).max(320.0);
    let css_h = (css_w * 0.5).clamp(320.0, 520.0);
    canvas.set_width((css_w * dpr) as u32);
    canvas.set_height((css_h * dpr) as u32);
    let style = canvas.style();
    let _ = style.set_property("width", &format!("{css_w}px"));
    let _ = style.set_property("height", &format!("{css_h}px"));
    let metric_key = app.metric_key();
    let Some(metric) = app.store.metric(&metric_key) else { return Vec::new() };
    let label = app.metric_label(&metric_key);
    attr(canvas, "aria-label", &format!("{} · {label}", app.tr(&format!("viewer.chart.{}", app.state.chart.key()))));
    let Some(backend) = CanvasBackend::with_canvas_object(canvas.clone()) else { return Vec::new() };
    let root = backend.into_drawing_area();
    let (fg, bg) = ink();
    let _ = root.fill(&bg);
    let s = Scale { dpr, log: app.state.log };
    let result = match app.state.chart {
        Chart::Bars => draw_bars(app, &root, &series::bars(&app.store, &app.rows, metric), &label, fg, s),
        Chart::Tradeoff => {
            let x_key = app.x_metric_key();
            match app.store.metric(&x_key) {
                Some(x) => draw_tradeoff(app, &root, &series::tradeoff(&app.store, &app.rows, x, metric), &app.metric_label(&x_key), &label, fg, s),
                None => Ok(Vec::new()),
            }
        }
        Chart::Sweep => draw_sweeps(app, &root, &series::sweeps(&app.store, &app.rows, metric), &label, fg, s),
    };
    let _ = root.present();
    match result {
        Ok(hits) if hits.is_empty() => {
            let _ = root.fill(&bg);
            let font = ("sans-serif", 16.0 * dpr).into_font().color(&fg);
            let _ = root.draw_text(&app.tr("viewer.no_data"), &font, ((20.0 * dpr) as i32, (40.0 * dpr) as i32));
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

/// Axes, grid and axis titles in the page's ink. `x: None` leaves the x axis unlabelled
/// (bars label their groups themselves).
fn mesh(chart: &mut Plot, x: Option<(&str, &dyn Fn(&f64) -> String)>, y_desc: &str, y_fmt: &dyn Fn(&f64) -> String, fg: RGBColor, s: Scale) -> Result<(), String> {
    let font = ("sans-serif", 12.0 * s.dpr).into_font().color(&fg);
    let mut m = chart.configure_mesh();
    m.y_desc(y_desc)
        .y_label_formatter(y_fmt)
        .label_style(font.clone())
        .axis_desc_style(font)
        .axis_style(fg)
        .bold_line_style(fg.mix(0.15))
        .light_line_style(fg.mix(0.05));
    match x {
        Some((desc, fmt)) => {
            m.x_desc(desc).x_label_formatter(fmt);
        }
        None => {
            m.disable_x_mesh().x_labels(0);
        }
    }
    m.draw().map_err(err)
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

fn draw_bars(app: &App, root: &Area, bars: &Bars, label: &str, fg: RGBColor, s: Scale) -> Drawn {
    if bars.groups.is_empty() {
        return Ok(Vec::new());
    }
    let values = bars.groups.iter().flat_map(|g| g.bars.iter().map(|b| b.value));
    let hi = values.clone().fold(f64::MIN, f64::max);
    let lo = values.fold(f64::MAX, f64::min);
    let (y0, y1) = s.range(if s.log { lo } else { 0.0 }, hi);
    let n = bars.groups.len() as f64;
    let font = ("sans-serif", 12.0 * s.dpr).into_font().color(&fg);
    let mut chart = plot(root, 0f64..n, y0..y1, 90.0, s)?;
    mesh(&mut chart, None, label, &|v| s.label(*v), fg, s)?;
    let mut hits = Vec::new();
    let base = if s.log { y0 } else { 0.0 };
    for (gi, group) in bars.groups.iter().enumerate() {
        let width = 0.8 / group.bars.len() as f64;
        for (bi, bar) in group.bars.iter().enumerate() {
            let x0 = gi as f64 + 0.1 + bi as f64 * width;
            let top = s.y(bar.value);
            let selected = app.state.selected.as_deref() == Some(app.store.ids[bar.run as usize].as_str());
            let c = color(bar.series);
            chart.draw_series(std::iter::once(Rectangle::new([(x0, base), (x0 + width * 0.92, top)], c.filled()))).map_err(err)?;
            if selected {
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
                text: format!("{} — {}: {} {}", bars.series[bar.series], group.label, super::fmt(bar.value), label),
            });
        }
        // Group label under its bars, cut to fit.
        let (cx, cy) = chart.backend_coord(&(gi as f64 + 0.5, base));
        let room = ((chart.backend_coord(&(1.0, base)).0 - chart.backend_coord(&(0.0, base)).0) as f64 / (7.0 * s.dpr)).max(4.0) as usize;
        for (li, part) in group.label.split(" · ").enumerate() {
            let text: String = if part.chars().count() > room { part.chars().take(room.saturating_sub(1)).chain(std::iter::once('…')).collect() } else { part.to_string() };
            let style = font.clone().pos(plotters::style::text_anchor::Pos::new(plotters::style::text_anchor::HPos::Center, plotters::style::text_anchor::VPos::Top));
            let _ = root.draw_text(&text, &style, (cx, cy + (8.0 * s.dpr) as i32 + li as i32 * (15.0 * s.dpr) as i32));
        }
    }
    legend(root, &bars.series, fg, s, bars.dropped, app)?;
    Ok(hits)
}

fn draw_tradeoff(app: &App, root: &Area, series: &[PointSeries], x_label: &str, y_label: &str, fg: RGBColor, s: Scale) -> Drawn {
    let all = series.iter().flat_map(|p| p.points.iter());
    if all.clone().next().is_none() {
        return Ok(Vec::new());
    }
    let (xlo, xhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (ylo, yhi) = all.fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (y0, y1) = s.range(ylo, yhi);
    let pad = ((xhi - xlo) * 0.05).max(1e-9);
    let mut chart = plot(root, (xlo - pad).min(0.0)..xhi + pad, y0..y1, 50.0, s)?;
    mesh(&mut chart, Some((x_label, &|v| super::fmt_axis(*v))), y_label, &|v| s.label(*v), fg, s)?;
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
    legend(root, &labels, fg, s, 0, app)?;
    Ok(hits)
}

fn draw_sweeps(app: &App, root: &Area, lines: &[Line], label: &str, fg: RGBColor, s: Scale) -> Drawn {
    let all = lines.iter().flat_map(|l| l.points.iter());
    if all.clone().next().is_none() {
        return Ok(Vec::new());
    }
    let (xlo, xhi) = all.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    let (ylo, yhi) = all.fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
    let (y0, y1) = s.range(ylo, yhi);
    // Swept values span decades (1 to 10,000 requests; 16k to 128k tokens): log x.
    let (lx0, lx1) = (xlo.max(1e-9).log10().floor(), xhi.max(1e-9).log10().ceil().max(xlo.max(1e-9).log10().floor() + 1.0));
    let axes: Vec<String> = lines.iter().map(|l| app.tr(&format!("viewer.axis.{}", l.axis))).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let mut chart = plot(root, lx0..lx1, y0..y1, 50.0, s)?;
    let x_desc = axes.join(" / ");
    mesh(&mut chart, Some((&x_desc, &|v| super::fmt_axis(10f64.powf(*v)))), label, &|v| s.label(*v), fg, s)?;
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
    legend(root, &labels, fg, s, 0, app)?;
    Ok(hits)
}

/// Legend in the top-right corner; a note when groups were left out.
fn legend(root: &Area, labels: &[String], fg: RGBColor, s: Scale, dropped: usize, app: &App) -> Result<(), String> {
    let (w, _) = root.dim_in_pixel();
    let font = ("sans-serif", 12.0 * s.dpr).into_font().color(&fg);
    let line_h = (16.0 * s.dpr) as i32;
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0).min(48) as i32;
    let x = w as i32 - (widest * (7.0 * s.dpr) as i32) - (40.0 * s.dpr) as i32;
    let y = (16.0 * s.dpr) as i32;
    for (i, label) in labels.iter().enumerate().take(12) {
        let yy = y + i as i32 * line_h;
        let sq = (10.0 * s.dpr) as i32;
        root.draw(&Rectangle::new([(x, yy), (x + sq, yy + sq)], color(i).filled())).map_err(err)?;
        let text: String = label.chars().take(48).collect();
        root.draw_text(&text, &font, (x + sq + (6.0 * s.dpr) as i32, yy - 1)).map_err(err)?;
    }
    if dropped > 0 {
        let note = app.tr("viewer.dropped").replace("{n}", &dropped.to_string());
        root.draw_text(&note, &font, ((70.0 * s.dpr) as i32, (4.0 * s.dpr) as i32)).map_err(err)?;
    }
    Ok(())
}

fn offset(e: &web_sys::MouseEvent) -> (f64, f64) {
    (f64::from(e.offset_x()), f64::from(e.offset_y()))
}

/// The run under the mouse, if any.
pub fn hit_at(e: &web_sys::MouseEvent) -> Option<u32> {
    let (x, y) = offset(e);
    with_app(|app| app.hits.iter().find(|h| x >= h.x0 && x <= h.x1 && y >= h.y0.min(h.y1) && y <= h.y1.max(h.y0)).map(|h| h.run)).flatten()
}

/// Shows the exact value and the source line of what is under the mouse.
pub fn hover(e: &web_sys::MouseEvent) {
    let (x, y) = offset(e);
    let Some(tip) = dom::by_id("chart-tip") else { return };
    let found = with_app(|app| {
        let hit = app.hits.iter().find(|h| x >= h.x0 && x <= h.x1 && y >= h.y0.min(h.y1) && y <= h.y1.max(h.y0))?;
        let i = hit.run as usize;
        let metric = app.store.metric(&app.metric_key())?;
        let href = app.source_href(i, metric.lines[i]);
        Some((hit.text.clone(), href, app.tr("viewer.source_line")))
    })
    .flatten();
    match found {
        Some((text, href, link_text)) => {
            clear(&tip);
            dom::append(&tip, &el("span", "", &text));
            if let Some(href) = href {
                dom::append(&tip, &el("br", "", ""));
                dom::append(&tip, &dom::link(&link_text, &href));
            }
            if let Some(h) = tip.dyn_ref::<web_sys::HtmlElement>() {
                let _ = h.style().set_property("left", &format!("{}px", x + 12.0));
                let _ = h.style().set_property("top", &format!("{}px", y + 12.0));
            }
            dom::show(&tip, true);
        }
        None => dom::show(&tip, false),
    }
}

/// Saves the canvas as `benchsite-chart.png`.
pub fn download_png() {
    let Some(canvas) = dom::by_id_as::<HtmlCanvasElement>("chart-canvas") else { return };
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        super::click_download(&url, "benchsite-chart.png");
    }
}
