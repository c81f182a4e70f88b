//! The results table (`#results`): a real `<table>` of the runs in view, sortable by any
//! column, each row linking to the run on its result page and each number to its source
//! line. Only the rows in the scrolled window are in the DOM, so 100,000 runs stay fast.

use super::app::{update, with_app, App};
use super::dom::{self, append, attr, clear, el, link};
use crate::store::Dim;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Row height in CSS pixels (fixed in the stylesheet: `#results tr { height: 28px }`).
const ROW_PX: f64 = 28.0;
/// Above this many rows the body is windowed.
const WINDOW_FROM: usize = 400;
/// Rows rendered around the visible window.
const OVERSCAN: usize = 6;

#[derive(Clone, Debug, PartialEq)]
pub enum Col {
    Dim(Dim),
    Prompts,
    Metric(String),
}

impl Col {
    pub fn key(&self) -> String {
        match self {
            Col::Dim(d) => d.key().to_string(),
            Col::Prompts => "prompts".into(),
            Col::Metric(m) => m.clone(),
        }
    }
}

/// The table's columns: what identifies a run, then the chosen metric and the usual ones.
pub fn columns(app: &App) -> Vec<Col> {
    let mut cols: Vec<Col> = [Dim::Framework, Dim::Version, Dim::Gpu, Dim::Gpus, Dim::Precision, Dim::Model, Dim::Scenario].into_iter().map(Col::Dim).collect();
    cols.push(Col::Prompts);
    let chosen = app.metric_key();
    let mut metrics = vec![chosen.clone()];
    for m in ["rps", "out_tps", "out_tps_gpu", "interactivity", "ttft.mean", "ttft.p99", "tpot.mean", "tpot.p99", "itl.mean", "itl.p99", "e2e.mean", "e2e.p99"] {
        if m != chosen && app.store.metric(m).is_some() {
            metrics.push(m.to_string());
        }
    }
    cols.extend(metrics.into_iter().map(Col::Metric));
    cols
}

fn header(app: &App, col: &Col) -> String {
    match col {
        Col::Dim(d) => app.tr(&format!("viewer.dim.{}", d.key())),
        Col::Prompts => app.tr("viewer.prompts"),
        Col::Metric(m) => app.metric_label(m),
    }
}

/// Text of a cell, and the source line of a metric value.
fn cell(app: &App, col: &Col, i: usize) -> (String, Option<u32>) {
    match col {
        Col::Dim(d) => (app.store.value(*d, i).to_string(), None),
        Col::Prompts => (app.store.prompts.at(i).map_or_else(|| "–".into(), |n| n.to_string()), None),
        Col::Metric(m) => match app.store.metric(m) {
            Some(metric) if !metric.values[i].is_nan() => (super::fmt(metric.values[i]), Some(metric.lines[i]).filter(|&l| l > 0)),
            _ => ("–".into(), None),
        },
    }
}

/// Sorts `app.rows` by the state's sort column (numbers numerically, missing last).
pub fn sort_rows(app: &mut App) {
    let Some((key, desc)) = app.state.sort.clone() else { return };
    let store = &app.store;
    if let Some(metric) = store.metric(&key) {
        let v = &metric.values;
        crate::order::sort_by(&mut app.rows, |&a, &b| {
            let (x, y) = (v[a as usize], v[b as usize]);
            match (x.is_nan(), y.is_nan()) {
                (true, true) => std::cmp::Ordering::Equal,
                (true, false) => std::cmp::Ordering::Greater,
                (false, true) => std::cmp::Ordering::Less,
                _ if desc => y.total_cmp(&x),
                _ => x.total_cmp(&y),
            }
        });
    } else if let Some(dim) = Dim::from_key(&key) {
        let col = &store.dims[&dim];
        // Codes index sorted distinct values, so comparing codes compares the text.
        crate::order::sort_by_key(&mut app.rows, |&i| col.codes[i as usize]);
        if desc {
            app.rows.reverse();
        }
    } else if key == "prompts" {
        crate::order::sort_by_key(&mut app.rows, |&i| store.prompts.codes[i as usize]);
        if desc {
            app.rows.reverse();
        }
    }
}

/// Replaces the static table with the live one (header built here, body by `render_body`).
pub fn build(app: &App) -> Result<(), String> {
    let results = dom::by_id("results").ok_or("the page has no #results")?;
    let wrap = match dom::by_id("results-live") {
        Some(w) => w,
        None => {
            let w = el("div", "table-wrap live", "");
            attr(&w, "id", "results-live");
            attr(&w, "tabindex", "0");
            if let Some(old) = results.query_selector(".table-wrap").ok().flatten() {
                old.remove();
            }
            append(&results, &w);
            w
        }
    };
    clear(&wrap);
    let table = el("table", "results", "");
    let caption = el("caption", "", &app.tr("explore.caption"));
    append(&table, &caption);
    let thead = el("thead", "", "");
    let tr = el("tr", "", "");
    append(&tr, &el("th", "", ""));
    for col in columns(app) {
        let th = el("th", "", "");
        attr(&th, "scope", "col");
        let b = el("button", "sort", &header(app, &col));
        attr(&b, "type", "button");
        attr(&b, "data-sort", &col.key());
        append(&th, &b);
        append(&tr, &th);
    }
    append(&thead, &tr);
    append(&table, &thead);
    let tbody = el("tbody", "", "");
    attr(&tbody, "id", "results-body");
    append(&table, &tbody);
    append(&wrap, &table);
    Ok(())
}

/// Clicks on a header sort; scrolling redraws the window.
pub fn attach() -> Result<(), String> {
    let results = dom::by_id("results").ok_or("no #results")?;
    let on_click = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
        if let Some((_, key)) = dom::data_up(e.target(), "sort") {
            update(|app| {
                let desc = match &app.state.sort {
                    Some((k, d)) if *k == key => !d,
                    _ => Dim::from_key(&key).is_none() && key != "prompts",
                };
                app.state.sort = Some((key, desc));
            });
        }
    });
    results.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref()).map_err(|_| "listener")?;
    on_click.forget();
    if let Some(wrap) = dom::by_id("results-live") {
        let on_scroll = Closure::<dyn FnMut()>::new(|| {
            with_app(render_body);
        });
        wrap.add_event_listener_with_callback("scroll", on_scroll.as_ref().unchecked_ref()).map_err(|_| "listener")?;
        on_scroll.forget();
    }
    Ok(())
}

/// Back to the first row: a new filter shows a new list, read from its top.
pub fn scroll_to_top() {
    if let Some(wrap) = dom::by_id("results-live") {
        wrap.set_scroll_top(0);
    }
}

/// The table's scroll position and height, read before the page is written to.
pub fn viewport() -> (f64, f64) {
    let wrap = dom::by_id("results-live");
    (wrap.as_ref().map_or(0.0, |w| f64::from(w.scroll_top())), wrap.as_ref().map_or(600.0, |w| f64::from(w.client_height()).max(300.0)))
}

/// Draws the rows in view at the current scroll position (on scroll).
pub fn render_body(app: &App) {
    render_body_at(app, viewport());
}

/// Draws the rows in view: all of them, or the window at `(top, height)` with spacers.
///
/// Rows and cells already in the table are kept and only their changed text and links
/// rewritten, so a redraw costs the browser little layout.
pub fn render_body_at(app: &App, (top, height): (f64, f64)) {
    let Some(tbody) = dom::by_id("results-body") else { return };
    let cols = columns(app);
    let buttons = dom::by_id("results-live").and_then(|w| w.query_selector_all("button.sort").ok());
    if let Some(list) = buttons {
        for b in (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok()) {
            let key = b.get_attribute("data-sort").unwrap_or_default();
            let sort = match &app.state.sort {
                Some((k, true)) if *k == key => "descending",
                Some((k, false)) if *k == key => "ascending",
                _ => "none",
            };
            if let Some(th) = b.parent_element() {
                attr(&th, "aria-sort", sort);
            }
        }
    }
    let n = app.rows.len();
    let (start, end) = if n > WINDOW_FROM {
        let rows = (height / ROW_PX) as usize + 2 * OVERSCAN;
        // A scroll position from before a filter shrank the table ends at its last rows
        // (the browser then moves the scroll bar there too).
        let first = ((top / ROW_PX) as usize).saturating_sub(OVERSCAN).min(n.saturating_sub(rows));
        (first, (first + rows).min(n))
    } else {
        (0, n)
    };
    // Children: a spacer, the rows `start..end`, a spacer. Rebuilt whole only when the
    // columns changed.
    let width = cols.len() + 1;
    let shape = cols.iter().map(Col::key).collect::<Vec<_>>().join(",");
    if !dom::built_from(&tbody, &shape) || tbody.child_element_count() < 2 {
        clear(&tbody);
        append(&tbody, &spacer(width));
        append(&tbody, &spacer(width));
    }
    let rows = tbody.children();
    let shown = end - start;
    let mut have = rows.length() as usize - 2;
    while have > shown {
        if let Some(last) = rows.item(have as u32) {
            last.remove();
        }
        have -= 1;
    }
    let bottom = rows.item(have as u32 + 1);
    while have < shown {
        let tr = el("tr", "", "");
        append(&tr, &el("th", "", ""));
        for _ in &cols {
            append(&tr, &el("td", "", ""));
        }
        let _ = tbody.insert_before(&tr, bottom.as_ref().map(|b| b.as_ref()));
        have += 1;
    }
    set_spacer(rows.item(0), start);
    set_spacer(rows.item(shown as u32 + 1), n - end);
    for (k, &i) in app.rows[start..end].iter().enumerate() {
        let Some(tr) = rows.item(k as u32 + 1) else { continue };
        fill_row(app, &cols, &tr, i as usize);
    }
}

/// Puts run `i` into the row `tr` (a `th` and one `td` per column), touching only what
/// differs.
fn fill_row(app: &App, cols: &[Col], tr: &web_sys::Element, i: usize) {
    let class = if app.state.selected.as_deref() == Some(app.store.ids[i].as_str()) {
        "selected"
    } else if app.store.local[i] {
        "local"
    } else {
        ""
    };
    if tr.class_name() != class {
        tr.set_class_name(class);
    }
    let cells = tr.children();
    if let Some(th) = cells.item(0) {
        attr(&th, "scope", "row");
        match app.run_href(i) {
            Some(href) => put(&th, "↗", Some(&href)),
            None => put(&th, &app.tr("viewer.local_mark"), None),
        }
    }
    for (c, col) in cols.iter().enumerate() {
        let Some(td) = cells.item(c as u32 + 1) else { continue };
        let class = if matches!(col, Col::Metric(_) | Col::Prompts) { "num" } else { "" };
        if td.class_name() != class {
            td.set_class_name(class);
        }
        let (text, line) = cell(app, col, i);
        put(&td, &text, line.and_then(|l| app.source_href(i, l)).as_deref());
    }
}

/// Makes `cell` hold `text`, as a link to `href` when there is one, unless it already does.
fn put(cell: &web_sys::Element, text: &str, href: Option<&str>) {
    let a = cell.first_element_child().filter(|c| c.tag_name() == "A");
    match (href, a) {
        (Some(href), Some(a)) => {
            dom::set_text(&a, text);
            attr(&a, "href", href);
        }
        (Some(href), None) => {
            clear(cell);
            append(cell, &link(text, href));
        }
        (None, a) => {
            if a.is_some() {
                clear(cell);
            }
            dom::set_text(cell, text);
        }
    }
}

/// A row standing for `rows` rows that are not drawn, so the scroll bar stays true.
fn spacer(span: usize) -> web_sys::Element {
    let tr = el("tr", "spacer", "");
    attr(&tr, "aria-hidden", "true");
    let td = el("td", "", "");
    attr(&td, "colspan", &span.to_string());
    append(&tr, &td);
    tr
}

fn set_spacer(tr: Option<web_sys::Element>, rows: usize) {
    let Some(tr) = tr else { return };
    dom::show(&tr, rows > 0);
    if let Some(h) = tr.dyn_ref::<web_sys::HtmlElement>() {
        let height = format!("{}px", rows as f64 * ROW_PX);
        if h.style().get_property_value("height").ok().as_deref() != Some(height.as_str()) {
            let _ = h.style().set_property("height", &height);
        }
    }
}

/// The rows in view as CSV, downloaded as `benchsite.csv`.
pub fn download_csv(app: &App) {
    let cols = columns(app);
    let mut header: Vec<String> = vec!["run".into()];
    header.extend(cols.iter().map(|c| self::header(app, c)));
    let rows = app.rows.iter().map(|&i| {
        let i = i as usize;
        let mut row = vec![app.store.ids[i].clone()];
        row.extend(cols.iter().map(|c| cell(app, c, i).0));
        row
    });
    let csv = crate::csv::table(&header, rows);
    super::download(&csv, "text/csv;charset=utf-8", "benchsite.csv");
}
