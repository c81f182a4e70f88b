//! The controller: loads the data, owns the view state, and redraws filters, banner, chart,
//! table, tuning panel and permalink after every change. Listeners are attached once, to
//! containers (event delegation), so redrawing never adds closures.

use super::chart::{self, Hit};
use super::dom::{self, append, attr, clear, el, link};
use super::table;
use crate::state::{Chart, ViewState, MAX_LISTED};
use crate::store::{self, Dim, Store};
use crate::{compare, filter};
use benchsite_model::tuning::Catalog;
use benchsite_model::Run;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Element, HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};

pub struct App {
    pub store: Store,
    site_runs: Vec<Run>,
    local_runs: Vec<Run>,
    pub catalog: Catalog,
    hash: String,
    pub state: ViewState,
    pub rows: Vec<u32>,
    pub t: BTreeMap<String, String>,
    pub lang: String,
    pub base: String,
    notices: Vec<String>,
    pub hits: Vec<Hit>,
}

thread_local! {
    pub static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

impl App {
    /// A UI string; a missing one shows its key (the build checks the catalogs).
    pub fn tr(&self, key: &str) -> String {
        self.t.get(key).cloned().unwrap_or_else(|| key.to_string())
    }

    /// `TTFT p99 (ms)`.
    pub fn metric_label(&self, key: &str) -> String {
        let (family, stat) = key.split_once('.').unwrap_or((key, ""));
        let unit = self.store.metric(key).map_or("", |m| m.unit);
        let name = self.tr(&format!("viewer.m.{family}"));
        if stat.is_empty() {
            format!("{name} ({unit})")
        } else {
            format!("{name} {stat} ({unit})")
        }
    }

    pub fn metric_key(&self) -> String {
        self.state.metric.clone().filter(|m| self.store.metric(m).is_some()).unwrap_or_else(|| self.default_metric())
    }

    fn default_metric(&self) -> String {
        ["out_tps_gpu", "out_tps", "rps"].iter().find(|k| self.store.metric(k).is_some()).map_or_else(|| self.store.metrics.first().map(|m| m.key.clone()).unwrap_or_default(), |k| k.to_string())
    }

    pub fn x_metric_key(&self) -> String {
        self.state.x_metric.clone().filter(|m| self.store.metric(m).is_some()).unwrap_or_else(|| {
            ["interactivity", "tpot.mean", "ttft.p99"].iter().find(|k| self.store.metric(k).is_some()).map_or_else(|| self.default_metric(), |k| k.to_string())
        })
    }

    /// Link to a run's line on its result page (site runs only).
    pub fn source_href(&self, i: usize, line: u32) -> Option<String> {
        if self.store.local[i] {
            return None;
        }
        Some(format!("{}{}/{}#L{line}", self.base, self.lang, benchsite_model::result_page(&self.store.paths[i])))
    }

    pub fn run_href(&self, i: usize) -> Option<String> {
        if self.store.local[i] {
            return None;
        }
        Some(format!("{}{}/{}#run-L{}", self.base, self.lang, benchsite_model::result_page(&self.store.paths[i]), self.store.lines[i]))
    }

    fn rebuild_store(&mut self) {
        let runs: Vec<Run> = self.site_runs.iter().chain(&self.local_runs).cloned().collect();
        let local: Vec<bool> = (0..runs.len()).map(|i| i >= self.site_runs.len()).collect();
        self.store = Store::new(&runs, local);
    }
}

/// Shows a failure instead of a blank page.
pub fn fail(message: &str) {
    let panel = dom::by_id("viewer-error").unwrap_or_else(|| {
        let p = el("div", "notice error-panel", "");
        attr(&p, "id", "viewer-error");
        attr(&p, "role", "alert");
        if let Some(v) = dom::by_id("viewer") {
            let _ = v.prepend_with_node_1(&p);
        }
        p
    });
    panel.set_text_content(Some(message));
    dom::show(&panel, true);
}

/// The explorer could not start (data or page not usable): says so in the page's language,
/// with the reason, and points at the full table the page keeps.
pub fn fail_to_start(reason: &str) {
    let strings = page_strings();
    let template = strings.get("viewer.load_failed").map_or("The explorer could not be started ({error}).", String::as_str);
    fail(&template.replace("{error}", reason));
}

/// The UI strings the page hands over (`#viewer-strings`, JSON), by key.
fn page_strings() -> BTreeMap<String, String> {
    dom::by_id("viewer-strings").and_then(|s| s.text_content()).and_then(|j| serde_json::from_str(&j).ok()).unwrap_or_default()
}

/// Starts a request; the data and the catalog are fetched at the same time.
fn start_fetch(url: &str) -> Result<(String, js_sys::Promise), String> {
    let window = web_sys::window().ok_or("no window")?;
    Ok((url.to_string(), window.fetch_with_str(url)))
}

async fn fetch_text(started: Result<(String, js_sys::Promise), String>) -> Result<String, String> {
    let (url, promise) = started?;
    let url = url.as_str();
    let response = JsFuture::from(promise).await.map_err(|e| format!("{url}: {e:?}"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response")?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| format!("{e:?}"))?).await.map_err(|e| format!("{e:?}"))?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

/// Loads everything and draws the first view.
pub async fn run() -> Result<(), String> {
    let viewer = dom::by_id("viewer").ok_or("the page has no #viewer element")?;
    let runs_url = viewer.get_attribute("data-runs").ok_or("#viewer has no data-runs")?;
    let params_url = viewer.get_attribute("data-params").unwrap_or_default();
    let base = viewer.get_attribute("data-base").unwrap_or_else(|| "/".into());
    let lang = dom::document().document_element().and_then(|h| h.get_attribute("data-lang")).unwrap_or_else(|| "en".into());
    let t = page_strings();
    let (runs_req, params_req) = (start_fetch(&runs_url), start_fetch(&params_url));
    let text = fetch_text(runs_req).await?;
    let hash = store::data_hash(&text);
    let data = store::read_runs(&text)?;
    let mut notices = Vec::new();
    let catalog = match fetch_text(params_req).await.and_then(|t| serde_json::from_str::<Catalog>(&t).map_err(|e| e.to_string())) {
        Ok(c) => c,
        Err(e) => {
            notices.push(format!("parameters.json: {e}"));
            Catalog::default()
        }
    };
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let (state, mut url_notices) = ViewState::from_query(&search);
    notices.append(&mut url_notices);
    let n = data.runs.len();
    let mut app = App {
        store: Store::new(&data.runs, vec![false; n]),
        site_runs: data.runs,
        local_runs: Vec::new(),
        catalog,
        hash,
        state,
        rows: Vec::new(),
        t,
        lang,
        base,
        notices,
        hits: Vec::new(),
    };
    drop_unknown_values(&mut app);
    build_controls(&app)?;
    APP.with(|a| *a.borrow_mut() = Some(app));
    attach_listeners()?;
    render();
    Ok(())
}

/// Filter values from a link that the data does not have are dropped with a notice.
fn drop_unknown_values(app: &mut App) {
    let mut unknown = Vec::new();
    for (dim, values) in app.state.filters.iter_mut() {
        let known = &app.store.dims[dim].values;
        values.retain(|v| {
            let ok = known.contains(v);
            if !ok {
                unknown.push(format!("{}={v}", dim.key()));
            }
            ok
        });
    }
    app.state.filters.retain(|_, v| !v.is_empty());
    if !unknown.is_empty() {
        app.notices.push(format!("{} {}", app.tr("viewer.notice.unknown_value"), unknown.join(", ")));
    }
}

/// Builds the controls once: facets, metric and chart selects, buttons, canvas, table.
fn build_controls(app: &App) -> Result<(), String> {
    let filters = dom::by_id("filters").ok_or("the page has no #filters")?;
    clear(&filters);
    let bar = el("div", "controls", "");
    append(&bar, &select("metric", &app.tr("viewer.metric"), app.store.metrics.iter().map(|m| (m.key.clone(), app.metric_label(&m.key))).collect(), &app.metric_key()));
    append(&bar, &select("chart", &app.tr("viewer.chart_label"), Chart::ALL.iter().map(|c| (c.key().to_string(), app.tr(&format!("viewer.chart.{}", c.key())))).collect(), app.state.chart.key()));
    append(&bar, &select("x", &app.tr("viewer.x_metric"), app.store.metrics.iter().map(|m| (m.key.clone(), app.metric_label(&m.key))).collect(), &app.x_metric_key()));
    let log = el("label", "check", "");
    let cb = el("input", "", "");
    attr(&cb, "type", "checkbox");
    attr(&cb, "data-action", "log");
    attr(&cb, "id", "ctl-log");
    append(&log, &cb);
    append(&log, &el("span", "", &app.tr("viewer.log")));
    append(&bar, &log);
    for (action, key) in [("reset", "viewer.reset"), ("csv", "viewer.csv"), ("png", "viewer.png")] {
        let b = el("button", "", &app.tr(key));
        attr(&b, "type", "button");
        attr(&b, "data-action", action);
        attr(&b, "id", &format!("ctl-{action}"));
        append(&bar, &b);
    }
    let file = el("label", "file", &app.tr("viewer.local"));
    let input = el("input", "", "");
    attr(&input, "type", "file");
    attr(&input, "multiple", "");
    attr(&input, "id", "ctl-file");
    append(&file, &input);
    append(&bar, &file);
    append(&filters, &bar);
    let search = el("label", "search", &app.tr("viewer.search"));
    let s = el("input", "", "");
    attr(&s, "type", "search");
    attr(&s, "id", "ctl-search");
    append(&search, &s);
    append(&filters, &search);
    let facets = el("div", "facets", "");
    attr(&facets, "id", "facets");
    append(&filters, &facets);
    build_facets(app, &facets);
    dom::show(&filters, true);

    let chart_box = dom::by_id("chart").ok_or("the page has no #chart")?;
    clear(&chart_box);
    let canvas = el("canvas", "", "");
    attr(&canvas, "id", "chart-canvas");
    attr(&canvas, "role", "img");
    append(&chart_box, &canvas);
    let tip = el("div", "tooltip", "");
    attr(&tip, "id", "chart-tip");
    attr(&tip, "role", "status");
    dom::show(&tip, false);
    append(&chart_box, &tip);
    dom::show(&chart_box, true);

    let viewer = dom::by_id("viewer").ok_or("no #viewer")?;
    for (id, class) in [("banner", "banner"), ("selected", "selected"), ("tuning-panel", "tuning-panel")] {
        if dom::by_id(id).is_none() {
            let e = el("div", class, "");
            attr(&e, "id", id);
            if id == "banner" {
                attr(&e, "role", "status");
                let _ = viewer.insert_adjacent_element("afterbegin", &e);
            } else {
                append(&viewer, &e);
            }
        }
    }
    table::build(app)?;
    Ok(())
}

fn select(id: &str, label: &str, options: Vec<(String, String)>, current: &str) -> Element {
    let wrap = el("label", "select", label);
    let s = el("select", "", "");
    attr(&s, "id", &format!("ctl-{id}"));
    attr(&s, "data-action", id);
    for (value, text) in options {
        let o = el("option", "", &text);
        attr(&o, "value", &value);
        if value == current {
            attr(&o, "selected", "");
        }
        append(&s, &o);
    }
    append(&wrap, &s);
    wrap
}

/// One fieldset per dimension with a checkbox per value; counts are filled by `render`.
fn build_facets(app: &App, facets: &Element) {
    clear(facets);
    for dim in Dim::ALL {
        let col = &app.store.dims[&dim];
        let fs = el("fieldset", "facet", "");
        attr(&fs, "data-dim", dim.key());
        append(&fs, &el("legend", "", &app.tr(&format!("viewer.dim.{}", dim.key()))));
        for (code, value) in col.values.iter().enumerate() {
            let label = el("label", "check", "");
            let cb = el("input", "", "");
            attr(&cb, "type", "checkbox");
            attr(&cb, "data-value", value);
            attr(&cb, "id", &format!("f-{}-{code}", dim.key()));
            append(&label, &cb);
            append(&label, &el("span", "", value));
            append(&label, &el("span", "count", ""));
            append(&fs, &label);
        }
        append(facets, &fs);
    }
}

fn attach_listeners() -> Result<(), String> {
    let filters = dom::by_id("filters").ok_or("no #filters")?;
    let on_change = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| on_control(e));
    filters.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    filters.add_event_listener_with_callback("input", on_change.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_change.forget();
    let on_click = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| on_button(e));
    filters.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_click.forget();
    let canvas = dom::by_id("chart-canvas").ok_or("no canvas")?;
    let on_move = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(|e: web_sys::MouseEvent| chart::hover(&e));
    canvas.add_event_listener_with_callback("mousemove", on_move.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_move.forget();
    let on_pick = Closure::<dyn FnMut(web_sys::MouseEvent)>::new(|e: web_sys::MouseEvent| {
        if let Some(run) = chart::pin(&e) {
            update(|app| app.state.selected = Some(app.store.ids[run as usize].clone()));
        }
    });
    canvas.add_event_listener_with_callback("click", on_pick.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_pick.forget();
    let on_key = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        if e.key() == "Escape" {
            chart::unpin();
        }
    });
    dom::document().add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_key.forget();
    table::attach()?;
    if let Some(p) = dom::by_id("permalink") {
        let on_copy = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
            e.prevent_default();
            copy_permalink();
        });
        p.add_event_listener_with_callback("click", on_copy.as_ref().unchecked_ref()).map_err(|_| "listener")?;
        on_copy.forget();
    }
    let viewer = dom::by_id("viewer").ok_or("no #viewer")?;
    let on_over = Closure::<dyn FnMut(web_sys::DragEvent)>::new(|e: web_sys::DragEvent| e.prevent_default());
    viewer.add_event_listener_with_callback("dragover", on_over.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_over.forget();
    let on_drop = Closure::<dyn FnMut(web_sys::DragEvent)>::new(|e: web_sys::DragEvent| {
        e.prevent_default();
        if let Some(files) = e.data_transfer().and_then(|d| d.files()) {
            read_files(files);
        }
    });
    viewer.add_event_listener_with_callback("drop", on_drop.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_drop.forget();
    let on_resize = Closure::<dyn FnMut()>::new(render);
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
    }
    on_resize.forget();
    Ok(())
}

fn on_control(e: web_sys::Event) {
    let target = e.target();
    if let Some(input) = target.as_ref().and_then(|t| t.dyn_ref::<HtmlInputElement>()) {
        if input.id() == "ctl-search" {
            let text = input.value();
            table::scroll_to_top();
            update(|app| app.state.search = text);
            return;
        }
        if input.id() == "ctl-file" {
            if e.type_() == "change" {
                if let Some(files) = input.files() {
                    read_files(files);
                }
            }
            return;
        }
    }
    if e.type_() != "change" {
        return;
    }
    if let Some((el, action)) = dom::data_up(target.clone(), "action") {
        let value = el.dyn_ref::<HtmlSelectElement>().map(|s| s.value());
        let checked = el.dyn_ref::<HtmlInputElement>().map(|i| i.checked()).unwrap_or(false);
        update(|app| match action.as_str() {
            "metric" => app.state.metric = value,
            "x" => app.state.x_metric = value,
            "chart" => app.state.chart = Chart::ALL.into_iter().find(|c| Some(c.key()) == value.as_deref()).unwrap_or_default(),
            "log" => app.state.log = checked,
            _ => {}
        });
        return;
    }
    if let (Some((cb, value)), Some((_, dim))) = (dom::data_up(target.clone(), "value"), dom::data_up(target, "dim")) {
        let checked = cb.dyn_ref::<HtmlInputElement>().map(|i| i.checked()).unwrap_or(false);
        let Some(dim) = Dim::from_key(&dim) else { return };
        table::scroll_to_top();
        update(|app| {
            let set = app.state.filters.entry(dim).or_default();
            if checked {
                set.insert(value);
            } else {
                set.remove(&value);
            }
            app.state.filters.retain(|_, v| !v.is_empty());
        });
    }
}

fn on_button(e: web_sys::Event) {
    let Some((el, action)) = dom::data_up(e.target(), "action") else { return };
    if el.tag_name() != "BUTTON" {
        return;
    }
    match action.as_str() {
        "reset" => update(|app| {
            let hash = app.state.data_hash.clone();
            app.state = ViewState { data_hash: hash, ..ViewState::default() };
            app.notices.clear();
        }),
        "csv" => {
            with_app(table::download_csv);
        }
        "png" => chart::download_png(),
        _ => {}
    }
}

fn read_files(files: web_sys::FileList) {
    for i in 0..files.length() {
        let Some(file) = files.get(i) else { continue };
        let name = file.name();
        wasm_bindgen_futures::spawn_local(async move {
            let parsed = async {
                let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string()).ok_or("could not be read as text")?;
                parse_with_module(&name, &text).await
            };
            match parsed.await {
                Ok(json) => {
                    if let Err(e) = add_runs(&name, &json) {
                        fail(&format!("{name}: {e}"));
                    }
                }
                Err(e) => fail(&format!("{name}: {e}")),
            }
        });
    }
}

/// Calls `window.benchsiteParse(name, text)`, which `explore.js` defines: it loads the
/// parser module on first use and returns the runs as JSON.
async fn parse_with_module(name: &str, text: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let f = js_sys::Reflect::get(&window, &JsValue::from_str("benchsiteParse")).map_err(|_| "no parser")?;
    let f: js_sys::Function = f.dyn_into().map_err(|_| "the log parser is not available on this page")?;
    let promise: js_sys::Promise = f.call2(&JsValue::NULL, &JsValue::from_str(name), &JsValue::from_str(text)).map_err(|e| format!("{e:?}"))?.dyn_into().map_err(|_| "parser did not return a promise")?;
    let out = JsFuture::from(promise).await.map_err(|e| format!("the log parser failed: {e:?}"))?;
    out.as_string().ok_or_else(|| "the log parser returned no text".into())
}

#[derive(serde::Deserialize)]
struct Parsed {
    runs: Vec<Run>,
    findings: Vec<serde_json::Value>,
}

/// Adds the runs of a parsed log (`{"runs": [...], "findings": [...]}`) as local runs.
pub fn add_runs(name: &str, json: &str) -> Result<usize, String> {
    let parsed: Parsed = serde_json::from_str(json).map_err(|e| format!("parser output could not be read: {e}"))?;
    let added = parsed.runs.len();
    with_app_mut(|app| {
        let mut runs = parsed.runs;
        for r in &mut runs {
            r.id = format!("local:{}", r.id);
            r.findings.clear();
        }
        app.catalog.apply(&mut runs);
        app.local_runs.extend(runs);
        reload(app);
        let message = app.tr("viewer.local_added").replace("{file}", name).replace("{runs}", &added.to_string()).replace("{findings}", &parsed.findings.len().to_string());
        app.notices.push(message);
    });
    render();
    Ok(added)
}

/// After the runs changed: new columns, facets for their values, table header.
fn reload(app: &mut App) {
    app.rebuild_store();
    if let Some(f) = dom::by_id("facets") {
        build_facets(app, &f);
    }
    let _ = table::build(app);
}

/// Swaps the data for `n` synthetic runs (the performance benchmark).
pub fn replace_with_synthetic(n: usize) {
    with_app_mut(|app| {
        app.site_runs = crate::synthetic_runs(n);
        app.local_runs.clear();
        app.state = ViewState::default();
        reload(app);
    });
    render();
}

pub fn with_app<R>(f: impl FnOnce(&App) -> R) -> Option<R> {
    APP.with(|a| a.borrow().as_ref().map(f))
}

fn with_app_mut<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|a| a.borrow_mut().as_mut().map(f))
}

/// Changes the state and redraws.
pub fn update(f: impl FnOnce(&mut App)) {
    with_app_mut(f);
    render();
}

/// Recomputes rows and redraws every part from the state.
pub fn render() {
    PHASES.with(|p| p.borrow_mut().clear());
    lap("start");
    // Read layout before writing to the page: a read after a write forces a full layout.
    let chart_width = dom::by_id("chart").map_or(800.0, |c| f64::from(c.client_width()));
    let table_view = table::viewport();
    with_app_mut(|app| {
        app.rows = filter::matching(&app.store, &app.state);
        table::sort_rows(app);
    });
    lap("filter+sort");
    with_app(|app| {
        sync_controls(app);
        lap("facets");
        render_banner(app);
        lap("banner");
        render_selected(app);
        render_tuning(app);
        lap("panels");
        update_url(app);
    });
    lap("url");
    let hits = with_app(|app| match dom::by_id_as::<HtmlCanvasElement>("chart-canvas") {
        Some(canvas) => chart::draw(app, &canvas, chart_width),
        None => {
            fail(&app.tr("viewer.error"));
            Vec::new()
        }
    });
    with_app_mut(|app| app.hits = hits.unwrap_or_default());
    lap("chart: draw");
    with_app(|app| table::render_body_at(app, table_view));
    lap("table");
    mark_first_chart();
}

/// Records the time since the previous lap under `name` (for `renderPhases`).
pub fn lap(name: &'static str) {
    if name != "start" && LAYOUT_PER_LAP.with(std::cell::Cell::get) {
        let _ = dom::document().body().map(|b| b.offset_height());
    }
    let now = web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now());
    PHASES.with(|p| {
        let mut p = p.borrow_mut();
        let last = LAST_LAP.with(|l| l.replace(now));
        if name != "start" {
            p.push((name, now - last));
        }
    });
}

thread_local! {
    static LAST_LAP: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    /// Set by the benchmark: every lap first forces style and layout, so that each phase
    /// carries the layout of what it wrote to the page.
    pub static LAYOUT_PER_LAP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

thread_local! {
    /// Time of each phase of the last `render`, for `cargo xtask bench-viewer`.
    pub static PHASES: RefCell<Vec<(&'static str, f64)>> = const { RefCell::new(Vec::new()) };
}

/// `performance.mark("benchsite-first-chart")` after the first complete draw, for the
/// navigation-to-first-chart measurement.
fn mark_first_chart() {
    use std::sync::atomic::{AtomicBool, Ordering};
    static MARKED: AtomicBool = AtomicBool::new(false);
    if !MARKED.swap(true, Ordering::Relaxed) {
        if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
            let _ = perf.mark("benchsite-first-chart");
        }
    }
}

/// Puts counts and checked states in the facets, and the state into the controls.
fn sync_controls(app: &App) {
    let counts = filter::facet_counts(&app.store, &app.state);
    let doc = dom::document();
    for dim in Dim::ALL {
        let chosen = app.state.filters.get(&dim);
        for (code, value) in app.store.dims[&dim].values.iter().enumerate() {
            let Some(cb) = doc.get_element_by_id(&format!("f-{}-{code}", dim.key())) else { continue };
            if let Some(input) = cb.dyn_ref::<HtmlInputElement>() {
                let checked = chosen.is_some_and(|c| c.contains(value));
                if input.checked() != checked {
                    input.set_checked(checked);
                }
            }
            if let Some(count) = cb.parent_element().and_then(|l| l.last_element_child()) {
                dom::set_text(&count, &counts[&dim][code].to_string());
            }
        }
    }
    if let Some(s) = dom::by_id_as::<HtmlInputElement>("ctl-search") {
        if s.value() != app.state.search {
            s.set_value(&app.state.search);
        }
    }
    if let Some(l) = dom::by_id_as::<HtmlInputElement>("ctl-log") {
        if l.checked() != app.state.log {
            l.set_checked(app.state.log);
        }
    }
    for (id, value) in [("ctl-metric", app.metric_key()), ("ctl-x", app.x_metric_key()), ("ctl-chart", app.state.chart.key().to_string())] {
        if let Some(s) = dom::by_id_as::<HtmlSelectElement>(id) {
            if s.value() != value {
                s.set_value(&value);
            }
        }
    }
    if let Some(x) = dom::by_id("ctl-x").and_then(|s| s.parent_element()) {
        dom::show(&x, app.state.chart == Chart::Tradeoff);
    }
}

fn render_banner(app: &App) {
    let Some(banner) = dom::by_id("banner") else { return };
    let count = app.tr("viewer.count").replace("{shown}", &app.rows.len().to_string()).replace("{total}", &app.store.len().to_string());
    let diffs = compare::differences(&app.store, &app.rows);
    if dom::built_from(&banner, &format!("{count}\u{0}{diffs:?}\u{0}{:?}\u{0}{:?}\u{0}{:?}\u{0}{}", app.state.data_hash, app.state.in_view, app.notices, app.store.len())) {
        return;
    }
    clear(&banner);
    append(&banner, &el("p", "count", &count));
    if !diffs.is_empty() {
        let warn = el("div", "warn", "");
        attr(&warn, "id", "comparability");
        append(&warn, &el("p", "", &app.tr("viewer.differ_intro")));
        let ul = el("ul", "", "");
        for d in diffs {
            let li = el("li", "", "");
            append(&li, &el("strong", "", &app.tr(&format!("viewer.differ.{}", d.key))));
            append(&li, &el("span", "", &format!(": {}", d.values.join(", "))));
            append(&ul, &li);
        }
        append(&warn, &ul);
        append(&banner, &warn);
    }
    if let Some(link_hash) = &app.state.data_hash {
        if *link_hash != app.hash {
            let p = el("div", "warn", &app.tr("viewer.data_changed"));
            attr(&p, "id", "data-changed");
            if let Some(ids) = &app.state.in_view {
                let known: BTreeSet<&String> = app.store.ids.iter().collect();
                let gone: Vec<&String> = ids.iter().filter(|id| !known.contains(id)).collect();
                if !gone.is_empty() {
                    append(&p, &el("p", "", &app.tr("viewer.gone")));
                    let ul = el("ul", "gone", "");
                    for id in gone {
                        append(&ul, &el("li", "", id));
                    }
                    append(&p, &ul);
                }
            }
            append(&banner, &p);
        }
    }
    if !app.notices.is_empty() {
        let n = el("div", "notices", "");
        attr(&n, "id", "notices");
        append(&n, &el("p", "", &app.tr("viewer.notice.url")));
        let ul = el("ul", "", "");
        for notice in &app.notices {
            append(&ul, &el("li", "", notice));
        }
        append(&n, &ul);
        append(&banner, &n);
    }
}

fn render_selected(app: &App) {
    let Some(panel) = dom::by_id("selected") else { return };
    let i = app.state.selected.as_ref().and_then(|id| app.store.ids.iter().position(|x| x == id));
    if dom::built_from(&panel, &format!("{i:?}\u{0}{}\u{0}{}", app.metric_key(), app.store.len())) {
        return;
    }
    clear(&panel);
    let Some(i) = i else { return };
    append(&panel, &el("h3", "", &app.tr("viewer.selected")));
    let dl = el("dl", "values", "");
    for (label, value) in [
        (app.tr("viewer.dim.ver"), app.store.value(Dim::Version, i).to_string()),
        (app.tr("viewer.dim.gpu"), app.store.value(Dim::Gpu, i).to_string()),
        (app.tr("viewer.dim.model"), app.store.value(Dim::Model, i).to_string()),
        (app.tr("viewer.dim.scen"), app.store.value(Dim::Scenario, i).to_string()),
        (app.metric_label(&app.metric_key()), app.store.metric(&app.metric_key()).map(|m| crate::web::fmt(m.values[i])).unwrap_or_default()),
    ] {
        append(&dl, &el("dt", "", &label));
        append(&dl, &el("dd", "", &value));
    }
    append(&panel, &dl);
    match app.run_href(i) {
        Some(href) => append(&panel, &link(&app.tr("viewer.source_line"), &href)),
        None => append(&panel, &el("p", "", &app.tr("viewer.local_run"))),
    }
}

/// Effective parameters of the runs in view, grouped by framework and flag, each opening
/// its explanation and its equivalents in the other frameworks.
fn render_tuning(app: &App) {
    let Some(panel) = dom::by_id("tuning-panel") else { return };
    // (framework, flag) → (value, origin) → number of runs.
    type Values = BTreeMap<(String, &'static str), usize>;
    let mut seen: BTreeMap<(String, String), Values> = BTreeMap::new();
    let tuning = &app.store.tuning;
    let mut runs_per_set = vec![0usize; tuning.sets.len()];
    app.rows.iter().for_each(|&i| runs_per_set[tuning.codes[i as usize] as usize] += 1);
    for (set, n) in tuning.sets.iter().zip(runs_per_set).filter(|(_, n)| *n > 0) {
        for (flag, value, origin) in &set.params {
            *seen.entry((set.framework.clone(), flag.clone())).or_default().entry((value.clone(), *origin)).or_default() += n;
        }
    }
    if dom::built_from(&panel, &format!("{seen:?}")) {
        return;
    }
    clear(&panel);
    if seen.is_empty() {
        return;
    }
    append(&panel, &el("h2", "", &app.tr("viewer.tuning")));
    for ((fw, flag), values) in seen {
        let d = el("details", "param", "");
        let summary = el("summary", "", "");
        append(&summary, &el("code", "", &format!("{fw} {flag}")));
        let vals: Vec<String> = values.iter().map(|((v, o), n)| format!("{v} ({}, {n})", app.tr(&format!("origin.{o}")))).collect();
        append(&summary, &el("span", "", &format!(" = {}", vals.join("; "))));
        append(&d, &summary);
        if let Some(p) = app.catalog.find(&fw, &flag) {
            append(&d, &el("p", "", p.meaning.get(&app.lang)));
            if let Some(concept) = p.concept.as_deref() {
                let eq: Vec<String> = app.catalog.params.iter().filter(|q| q.concept.as_deref() == Some(concept) && q.framework != fw).map(|q| format!("{} {}", q.framework, q.flag)).collect();
                if !eq.is_empty() {
                    append(&d, &el("p", "", &format!("{}: {}", app.tr("viewer.equivalents"), eq.join(", "))));
                }
            }
            let href = format!("{}{}/tuning/#{}-{}", app.base, app.lang, p.framework, p.flag.trim_start_matches('-'));
            append(&d, &link(&app.tr("nav.tuning"), &href));
        }
        append(&panel, &d);
    }
}

fn current_state(app: &App) -> ViewState {
    let mut state = app.state.clone();
    state.data_hash = Some(app.hash.clone());
    state.in_view = (app.rows.len() <= MAX_LISTED && app.rows.len() < app.store.len()).then(|| app.rows.iter().filter(|&&i| !app.store.local[i as usize]).map(|&i| app.store.ids[i as usize].clone()).collect());
    state
}

/// Writes the state into the address bar, the permalink and the language switch.
fn update_url(app: &App) {
    let Some(window) = web_sys::window() else { return };
    let query = current_state(app).to_query();
    let path = window.location().pathname().unwrap_or_default();
    let url = format!("{path}?{query}");
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
    let origin = window.location().origin().unwrap_or_default();
    if let Some(p) = dom::by_id("permalink") {
        attr(&p, "href", &format!("{origin}{url}"));
        dom::show(&p, true);
    }
    if let Some(sw) = dom::document().query_selector("a.lang-switch").ok().flatten() {
        let href = sw.get_attribute("href").unwrap_or_default();
        let bare = href.split('?').next().unwrap_or("").to_string();
        attr(&sw, "href", &format!("{bare}?{query}"));
    }
}

fn copy_permalink() {
    let Some(window) = web_sys::window() else { return };
    let Some(p) = dom::by_id("permalink") else { return };
    let href = p.get_attribute("href").unwrap_or_default();
    let clipboard = window.navigator().clipboard();
    let _ = clipboard.write_text(&href);
    with_app(|app| {
        p.set_text_content(Some(&app.tr("viewer.copied")));
    });
}
