//! The results table (`#results`): a real `<table>` of the runs in view, sortable by any
//! column, each row linking to the run on its result page and each number to its source
//! line. Only the rows in the scrolled window are in the DOM, so 100,000 runs stay fast.

use super::dom::{self, append, attr, clear, el, Text};
use super::view::View;
use crate::state::ViewState;
use crate::store::Dim;
use benchsite_model::number::shortest;
use wasm_bindgen::JsCast;

/// Row height in CSS pixels (fixed in the stylesheet: `#results tr { height: 28px }`).
const ROW_PX: f64 = 28.0;
/// Above this many rows the body is windowed.
const WINDOW_FROM: usize = 200;
/// Rows rendered around the visible window.
const OVERSCAN: usize = 6;

#[derive(Clone, Debug, PartialEq)]
pub enum Col {
    Dim(Dim),
    Metric(String),
}

impl Col {
    pub fn key(&self) -> String {
        match self {
            Col::Dim(d) => d.key().to_string(),
            Col::Metric(m) => m.clone(),
        }
    }
}

/// What identifies a run (its configuration and workload, load included).
const IDENTITY: [Dim; 11] = [Dim::Framework, Dim::Version, Dim::Gpu, Dim::Gpus, Dim::Precision, Dim::Model, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency, Dim::Source];

/// The table's columns: what identifies a run, then the chosen metric and the usual ones.
pub fn columns(view: &View) -> Vec<Col> {
    let mut cols: Vec<Col> = IDENTITY.into_iter().filter(|d| *d != Dim::Source).map(Col::Dim).collect();
    let mut metrics = vec![view.metric.clone()];
    for m in ["rps", "out_tps", "out_tps_gpu", "interactivity", "ttft.mean", "ttft.p99", "tpot.mean", "tpot.p99", "itl.mean", "itl.p99", "e2e.mean", "e2e.p99"] {
        if m != view.metric && view.store.metric(m).is_some() {
            metrics.push(m.to_string());
        }
    }
    // With a price typed, the cost of each run (blank where its GPU has no price).
    if !view.prices.is_empty() {
        metrics.extend(crate::store::COSTS.iter().map(|c| c.0.to_string()).filter(|m| *m != view.metric));
    }
    cols.extend(metrics.into_iter().map(Col::Metric));
    cols
}

fn header(view: &View, col: &Col) -> String {
    match col {
        Col::Dim(d) => view.ui.tr(&format!("viewer.dim.{}", d.key())),
        Col::Metric(m) => view.ui.metric_label(view.store, m, view.store.metric(m).is_some_and(|m| m.unit != "ms")),
    }
}

/// Text of a cell, and the source line of a metric value.
fn cell(view: &View, col: &Col, i: usize) -> (String, Option<u32>) {
    match col {
        Col::Dim(d) => (view.ui.value(view.store, *d, i), None),
        Col::Metric(m) => match view.store.metric(m) {
            Some(metric) if !metric.values[i].is_nan() => (view.ui.number(metric, metric.values[i]), Some(metric.lines[i]).filter(|&l| l > 0)),
            _ => ("–".into(), None),
        },
    }
}

/// The order a click on a header gives: the other direction when the column is already
/// the sort, else descending for numbers and ascending for text.
pub fn next_sort(state: &ViewState, key: String) -> (String, bool) {
    let desc = match &state.sort {
        Some((k, d)) if *k == key => !d,
        _ => Dim::from_key(&key).is_none(),
    };
    (key, desc)
}

/// Puts the live table in place of the page's fallback (header and body drawn by `render`).
pub fn build(caption: &str) -> Result<(), String> {
    let results = dom::by_id("results").ok_or("the page has no #results")?;
    if dom::by_id("results-live").is_some() {
        return Ok(());
    }
    let wrap = el("div", "table-wrap live", "");
    attr(&wrap, "id", "results-live");
    attr(&wrap, "tabindex", "0");
    // What the page shows without the explorer (headline charts, result files) gives way.
    if let Some(fallback) = dom::by_id("fallback") {
        dom::show(&fallback, false);
    }
    append(&results, &wrap);
    let table = el("table", "results", "");
    append(&table, &el("caption", "", caption));
    let thead = el("thead", "", "");
    attr(&thead, "id", "results-head");
    append(&table, &thead);
    let tbody = el("tbody", "", "");
    attr(&tbody, "id", "results-body");
    append(&table, &tbody);
    append(&wrap, &table);
    Ok(())
}

/// The header row for `cols`, rebuilt only when the columns or their labels change; the
/// sort marks always follow the state.
fn render_head(view: &View, cols: &[Col]) {
    let Some(thead) = dom::by_id("results-head") else { return };
    let labels: Vec<String> = cols.iter().map(|c| header(view, c)).collect();
    let keys: Vec<String> = cols.iter().map(Col::key).collect();
    if !dom::built_from(&thead, dom::Key::default().all(keys.iter().map(String::as_str)).all(labels.iter().map(String::as_str)).text()) {
        clear(&thead);
        let tr = el("tr", "", "");
        append(&tr, &el("th", "", ""));
        for (key, label) in keys.iter().zip(&labels) {
            let th = el("th", "", "");
            attr(&th, "scope", "col");
            let b = el("button", "sort", label);
            attr(&b, "type", "button");
            attr(&b, "data-sort", key);
            append(&th, &b);
            append(&tr, &th);
        }
        append(&thead, &tr);
    }
    let Some(tr) = thead.first_element_child() else { return };
    let cells = tr.children();
    for (c, key) in keys.iter().enumerate() {
        let Some(th) = cells.item(c as u32 + 1) else { continue };
        let sort = match &view.state.sort {
            Some((k, true)) if k == key => "descending",
            Some((k, false)) if k == key => "ascending",
            _ => "none",
        };
        attr(&th, "aria-sort", sort);
    }
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

/// Draws header and rows for the view: all rows, or the window at `(top, height)` with
/// spacers.
///
/// Rows and cells already in the table are kept and only their changed text and links
/// rewritten, so a redraw costs the browser little layout.
pub fn render(view: &View, (top, height): (f64, f64)) {
    let Some(tbody) = dom::by_id("results-body") else { return };
    let cols = columns(view);
    render_head(view, &cols);
    let n = view.rows.len();
    let (start, end) = if n > WINDOW_FROM {
        let visible = (height / ROW_PX) as usize + 1;
        // A scroll position from before a filter shrank the table ends at its last rows
        // (the browser then moves the scroll bar there too).
        let top_row = ((top / ROW_PX) as usize).min(n.saturating_sub(visible));
        // Overscan on each side that has rows: at the top, every row drawn costs layout
        // on each redraw, so none are drawn above the first.
        (top_row.saturating_sub(OVERSCAN), (top_row + visible + OVERSCAN).min(n))
    } else {
        (0, n)
    };
    // Children: a spacer, the rows `start..end`, a spacer. Rebuilt whole only when the
    // columns changed (or the rows are not those this module made).
    let width = cols.len() + 1;
    let shape = cols.iter().map(Col::key).collect::<Vec<_>>().join(",");
    MIRROR.with(|m| {
        let mut mirror = m.borrow_mut();
        if !dom::built_from(&tbody, &shape) || tbody.child_element_count() as usize != mirror.len() + 2 {
            clear(&tbody);
            mirror.clear();
            append(&tbody, &spacer(width));
            append(&tbody, &spacer(width));
        }
        let rows = tbody.children();
        let shown = end - start;
        while mirror.len() > shown {
            if let Some(row) = mirror.pop() {
                row.tr.remove();
            }
        }
        let bottom = rows.item(mirror.len() as u32 + 1);
        while mirror.len() < shown {
            let row = Row::new(cols.len());
            let _ = tbody.insert_before(&row.tr, bottom.as_ref().map(|b| b.as_ref()));
            mirror.push(row);
        }
        set_spacer(rows.item(0), start);
        set_spacer(rows.item(shown as u32 + 1), n - end);
        for (row, i) in mirror.iter_mut().zip(view.rows.window(view.store, start, end)) {
            fill_row(view, &cols, row, i as usize);
        }
    });
}

thread_local! {
    /// The drawn rows (between the spacers) and what was last written into each: a redraw
    /// compares with this, not with the page, so a cell that stays costs no call into the
    /// browser and one that changes costs the writes alone.
    static MIRROR: std::cell::RefCell<Vec<Row>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A cell: its text, as a link when the value has a source line.
struct Cell {
    td: web_sys::Element,
    class: &'static str,
    text: Text,
    /// The link and its `href`, when the cell holds one.
    link: Option<(web_sys::Element, String)>,
}

impl Cell {
    /// Makes the cell hold `text`, linked to `href` when there is one.
    fn put(&mut self, text: &str, href: Option<&str>) {
        match (href, &mut self.link) {
            (Some(href), Some((a, was))) => {
                if was != href {
                    let _ = a.set_attribute("href", href);
                    *was = href.to_string();
                }
            }
            (Some(href), None) => {
                clear(&self.td);
                let a = el("a", "", "");
                let _ = a.set_attribute("href", href);
                append(&self.td, &a);
                self.text = Text::in_(&a);
                self.link = Some((a, href.to_string()));
            }
            (None, Some(_)) => {
                clear(&self.td);
                self.text = Text::in_(&self.td);
                self.link = None;
            }
            (None, None) => {}
        }
        self.text.set(text);
    }
}

/// A drawn row: its `th` (link to the run, findings mark) and a cell per column.
struct Row {
    tr: web_sys::Element,
    class: &'static str,
    findings: usize,
    go: web_sys::Element,
    go_text: Text,
    /// The run link's `href` (`None` inside: a local run's row, no link); `None` before the
    /// first fill.
    go_href: Option<Option<String>>,
    flag: web_sys::Element,
    flag_text: Text,
    /// The findings' titles the mark names (empty without findings).
    flag_titles: String,
    cells: Vec<Cell>,
}

impl Row {
    fn new(columns: usize) -> Row {
        let tr = el("tr", "", "");
        let th = el("th", "", "");
        let _ = th.set_attribute("scope", "row");
        let go = el("a", "go", "");
        let go_text = Text::in_(&go);
        append(&th, &go);
        let flag = el("span", "flag", "");
        let flag_text = Text::in_(&flag);
        append(&th, &flag);
        append(&tr, &th);
        let cells = (0..columns)
            .map(|_| {
                let td = el("td", "", "");
                append(&tr, &td);
                let text = Text::in_(&td);
                Cell { td, class: "", text, link: None }
            })
            .collect();
        Row { tr, class: "", findings: 0, go, go_text, go_href: None, flag, flag_text, flag_titles: String::new(), cells }
    }
}

/// Puts run `i` into `row`, writing only what differs from what the row shows. A run with
/// findings carries `data-findings` and a marker that names them.
fn fill_row(view: &View, cols: &[Col], row: &mut Row, i: usize) {
    let class = if view.is_selected(i) {
        "selected"
    } else if view.store.local[i] {
        "local"
    } else {
        ""
    };
    if row.class != class {
        row.tr.set_class_name(class);
        row.class = class;
    }
    let flagged = view.store.findings[i].len();
    if flagged != row.findings {
        if flagged > 0 {
            let _ = row.tr.set_attribute("data-findings", &flagged.to_string());
        } else {
            let _ = row.tr.remove_attribute("data-findings");
        }
        row.findings = flagged;
    }
    let href = view.ui.run_href(view.store, i);
    if row.go_href.as_ref() != Some(&href) {
        match &href {
            Some(href) => {
                row.go_text.set("↗");
                let _ = row.go.set_attribute("href", href);
            }
            None => {
                row.go_text.set(&view.ui.tr("viewer.local_mark"));
                let _ = row.go.remove_attribute("href");
            }
        }
        row.go_href = Some(href);
    }
    let titles = if flagged > 0 { view.ui.tr("viewer.flagged").replace("{titles}", &view.finding_titles(i)) } else { String::new() };
    row.flag_text.set(&if flagged > 0 { format!("⚠{flagged}") } else { String::new() });
    if titles != row.flag_titles {
        if flagged > 0 {
            for (a, v) in [("title", titles.as_str()), ("aria-label", titles.as_str()), ("data-tip", titles.as_str()), ("tabindex", "0"), ("role", "note")] {
                let _ = row.flag.set_attribute(a, v);
            }
        } else {
            for a in ["title", "aria-label", "data-tip", "tabindex", "role"] {
                let _ = row.flag.remove_attribute(a);
            }
        }
        row.flag_titles = titles;
    }
    for (col, cell) in cols.iter().zip(row.cells.iter_mut()) {
        let class = if matches!(col, Col::Metric(_) | Col::Dim(Dim::Prompts | Dim::Rate | Dim::Concurrency | Dim::Gpus)) { "num" } else { "" };
        if cell.class != class {
            cell.td.set_class_name(class);
            cell.class = class;
        }
        let (text, line) = self::cell(view, col, i);
        cell.put(&text, line.and_then(|l| view.ui.source_href(view.store, i, l)).as_deref());
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
        let height = format!("{}px", shortest(rows as f64 * ROW_PX));
        if h.style().get_property_value("height").ok().as_deref() != Some(height.as_str()) {
            let _ = h.style().set_property("height", &height);
        }
    }
}


/// The rows in view as CSV, downloaded as `benchsite.csv`: numbers as the data holds them
/// (no grouping, no unit), an empty cell for what a run does not state, and a column with
/// the codes of each run's findings.
pub fn download_csv(view: &View) {
    let cols = columns(view);
    let mut header: Vec<String> = vec!["run".into()];
    header.extend(cols.iter().map(|c| match c {
        Col::Metric(m) => view.ui.metric_label(view.store, m, true),
        _ => self::header(view, c),
    }));
    header.push(view.ui.tr("viewer.findings_col"));
    let rows = view.rows.iter(view.store).map(|i| {
        let i = i as usize;
        let mut row = vec![view.store.ids[i].clone()];
        row.extend(cols.iter().map(|c| match c {
            Col::Dim(d) => Some(view.store.value(*d, i)).filter(|v| *v != crate::store::UNKNOWN).unwrap_or("").to_string(),
            Col::Metric(m) => view.store.metric(m).map(|m| m.values[i]).filter(|v| !v.is_nan()).map(benchsite_model::format_number).unwrap_or_default(),
        }));
        row.push(view.findings_of(i).map(|f| f.code.as_str()).collect::<Vec<_>>().join("; "));
        row
    });
    let csv = crate::csv::table(&header, rows);
    dom::download(&csv, "text/csv;charset=utf-8", "benchsite.csv");
}
