//! The controller: loads the data, owns the view state, and after every change draws the
//! whole explorer from that state — facets, banner, summary, chart, table, panels and
//! permalink — through one [`View`]. Events only change the state; nothing is patched in
//! place. Listeners are attached once, to containers (event delegation), so redrawing never
//! adds closures.

use super::chart::{self, Hit};
use super::dom::{self, append, attr, clear, el, link, select};
use super::{cost, table, versus};
use super::timing::lap;
use super::ui::{Strings, Ui};
use super::view::View;
use crate::state::{Chart, ViewState, MAX_LISTED};
use crate::columns::{self, Detail, Index, Part};
use crate::store::{Dim, Store};
use crate::{compare, filter};
use benchsite_model::number::{fixed, parse_f64};
use benchsite_model::tuning::Catalog;
use benchsite_model::Finding;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Element, HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};

pub struct App {
    pub store: Store,
    /// The explorer's data: the index, and each shard's runs once read.
    index: Index,
    parts: Vec<Option<Part>>,
    /// Where the shards are (`…/data/explore/`), and those being fetched.
    shard_url: String,
    fetching: Vec<usize>,
    /// Per shard: its runs' details (effective parameters, KV estimate) once fetched.
    /// (shard, its details once read: `None` while fetched).
    details: Vec<(usize, Option<columns::Details>)>,
    /// The runs of the logs the reader added (`local.rs`), and their details by position.
    local: Option<Store>,
    local_details: columns::Details,
    /// The parameter catalog (`data/parameters.txt`), fetched when a panel first needs its
    /// words (a tuning entry opened, a run selected), not for the first chart: `None` until
    /// read; `params_url` where it is, `catalog_asked` once the fetch started.
    catalog: Option<Catalog>,
    params_url: String,
    catalog_asked: bool,
    /// The site's findings, then those of the logs the reader added.
    findings: Vec<Finding>,
    hash: String,
    pub state: ViewState,
    rows: filter::Rows,
    ui: Ui,
    notices: Vec<String>,
    /// What the last render drew, and where: the tooltip reads them.
    plan: chart::Plan,
    hits: Vec<Hit>,
    /// The price text the store's cost metrics were computed for.
    priced: Option<String>,
}

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
}

use super::PANELS;

/// A state only the full module draws: a chart other than the first view's bars, the
/// compare view, a selected run, prices.
fn needs_panels(state: &ViewState) -> bool {
    state.chart != Chart::Bars || state.selected.is_some() || !state.price.is_empty()
}

/// What the full module does once it has taken the page over, for the reader's action that
/// needed it.
enum Then {
    Draw,
    Csv,
    /// A parameter explanation was opened: the catalog is fetched.
    Catalog,
    /// Files the reader added, to parse.
    Files(web_sys::FileList),
}

/// The core module hands the explorer over to the full one: the state goes into the address
/// bar at once (the full module reads it there, as from a link), and `window.benchsiteUpgrade`
/// (`explore.js`) loads the full module with what it must carry over
/// (`window.benchsiteCarry`: the notices shown and what to do next). While it loads, this
/// module keeps taking the reader's changes into the state and the address bar, without
/// drawing (`HANDING_OVER`); the full module stops it (`retire`) when it reads the address.
/// `data-loading` marks the explorer until the full module has drawn.
fn upgrade(then: Then) {
    use std::sync::atomic::Ordering;
    let Some(notices) = with_app(|app| app.notices.join("\n")) else { return };
    HANDING_OVER.store(true, Ordering::Relaxed);
    with_app(write_url_now);
    let Some(window) = web_sys::window() else { return };
    if let Some(v) = dom::by_id("viewer") {
        attr(&v, "data-loading", "1");
    }
    let carry = js_sys::Object::new();
    let (then, files) = match then {
        Then::Draw => ("", JsValue::NULL),
        Then::Csv => ("csv", JsValue::NULL),
        Then::Catalog => ("catalog", JsValue::NULL),
        Then::Files(files) => ("files", files.into()),
    };
    for (key, value) in [("notices", JsValue::from_str(&notices)), ("then", JsValue::from_str(then)), ("files", files)] {
        let _ = js_sys::Reflect::set(&carry, &JsValue::from_str(key), &value);
    }
    let load = js_sys::Reflect::get(&window, &JsValue::from_str("benchsiteUpgrade")).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match load {
        Some(f) => {
            let _ = f.call1(&JsValue::NULL, &carry);
        }
        None => fail("the explorer's panels are not available on this page"),
    }
}

/// Set once the core module has asked for the full one: changes only go into the address.
static HANDING_OVER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The core module stops: its listeners and redraws find no app from here on. The full
/// module calls it (through `explore.js`) just before it reads the state from the address.
pub fn retire() {
    APP.with(|a| *a.borrow_mut() = None);
}

/// The state into the permalink and the address bar now (not after the redraw, as
/// `update_url` does: a redraw that was pending writes the permalink's address, this one).
fn write_url_now(app: &App) {
    let Some(window) = web_sys::window() else { return };
    let url = format!("{}?{}", window.location().pathname().unwrap_or_default(), current_state(app).to_query());
    if let Some(p) = dom::by_id("permalink") {
        attr(&p, "href", &format!("{}{url}", window.location().origin().unwrap_or_default()));
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The full module, started by the core one: what the core carried over (`upgrade`), and the
/// page as the reader left it (the file form's fields, the folds opened, the focus), which
/// building the controls again would lose.
struct Carried {
    notices: Vec<String>,
    then: String,
    files: Option<web_sys::FileList>,
    fields: Vec<(String, String)>,
    open: Vec<String>,
    focus: String,
}

impl Carried {
    /// Whether the core module is handing the page over (else this is a first visit).
    fn waiting() -> bool {
        web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("benchsiteCarry")).ok()).is_some_and(|c| c.is_object())
    }

    /// Stops the core module and takes what it carried over and the page as it left it; the
    /// address then holds the core's last state. `None` when there is no core to take over
    /// from (a first visit).
    fn take() -> Option<Carried> {
        let window = web_sys::window()?;
        let key = JsValue::from_str("benchsiteCarry");
        let carry = js_sys::Reflect::get(&window, &key).ok().filter(|c| c.is_object())?;
        let _ = js_sys::Reflect::delete_property(window.as_ref(), &key);
        // The core module stops taking changes: the address now holds its last state.
        if let Ok(retire) = js_sys::Reflect::get(&carry, &JsValue::from_str("retire")).and_then(|f| f.dyn_into::<js_sys::Function>()) {
            let _ = retire.call0(&JsValue::NULL);
        }
        let get = |k: &str| js_sys::Reflect::get(&carry, &JsValue::from_str(k)).ok();
        let doc = dom::document();
        let all = |css: &str| doc.query_selector_all(css).map(|l| (0..l.length()).filter_map(|k| l.item(k)?.dyn_into::<Element>().ok()).collect::<Vec<_>>()).unwrap_or_default();
        let notices = get("notices").and_then(|n| n.as_string()).unwrap_or_default();
        Some(Carried {
            notices: notices.split('\n').filter(|n| !n.is_empty()).map(String::from).collect(),
            then: get("then").and_then(|t| t.as_string()).unwrap_or_default(),
            files: get("files").and_then(|f| f.dyn_into().ok()),
            fields: all("#viewer input[id^=local-]").into_iter().filter_map(|e| Some((e.id(), e.dyn_into::<HtmlInputElement>().ok()?.value()))).collect(),
            open: all("details[open]").iter().filter_map(fold_selector).collect(),
            focus: doc.active_element().map(|e| e.id()).unwrap_or_default(),
        })
    }

    /// Puts the page back as the reader left it (the controls are built again), then does
    /// what the core module handed over for.
    fn restore(self) {
        for (id, value) in &self.fields {
            if let Some(input) = dom::by_id_as::<HtmlInputElement>(id) {
                input.set_value(value);
            }
        }
        let doc = dom::document();
        for css in &self.open {
            if let Some(d) = doc.query_selector(css).ok().flatten() {
                attr(&d, "open", "");
            }
        }
        if let Some(e) = dom::by_id_as::<web_sys::HtmlElement>(&self.focus) {
            let _ = e.focus();
        }
        match (self.then.as_str(), self.files) {
            ("csv", _) => {
                with_app(|app| table::download_csv(&app.view()));
            }
            ("catalog", _) => load_catalog(),
            ("files", Some(files)) => read_files(files),
            _ => {}
        }
    }
}

/// How to find an open fold again once the controls are built anew: by its id, or by the
/// class (and dimension) of the folds the controls have.
fn fold_selector(d: &Element) -> Option<String> {
    if !d.id().is_empty() {
        return Some(format!("#{}", d.id()));
    }
    match (d.class_name().as_str(), d.get_attribute("data-dim")) {
        ("facet-more", Some(dim)) => Some(format!("details.facet-more[data-dim={dim}]")),
        ("local", _) => Some("details.local".into()),
        _ => None,
    }
}

impl App {
    fn view(&self) -> View<'_> {
        View::new(&self.store, &self.state, &self.rows, &self.ui, &self.findings)
    }

    /// The store of the shards read (in shard order) and the reader's runs after them.
    fn rebuild_store(&mut self) {
        let parts: Vec<&Part> = self.parts.iter().flatten().collect();
        let site = columns::assemble(&self.index, &parts);
        // (Only the full module adds a reader's runs.)
        self.store = match self.local.as_ref().filter(|_| PANELS) {
            Some(local) => site.merged(local),
            None => site,
        };
        self.priced = None;
        self.apply_prices();
    }

    /// The shards the view needs that are not read: those of the cells the view admits (the
    /// compare view's pool: the compared dimension's filter aside). With runs of the
    /// reader's among them, the cells are the loaded runs', so every shard is needed.
    fn missing(&self) -> Vec<usize> {
        let unread = |k: &usize| self.parts[*k].is_none();
        if self.parts.iter().all(Option::is_some) {
            return Vec::new();
        }
        if self.local.is_some() {
            return (0..self.parts.len()).filter(unread).collect();
        }
        let mut state = self.state.clone();
        if let Some(dim) = state.versus {
            state.filters.remove(&dim);
        }
        columns::shards_of(&self.index, &filter::cells_admitted(&self.store, &state)).into_iter().filter(unread).collect()
    }

    /// Shard and position within it of the store's run `i` (a site run).
    fn locate(&self, i: usize) -> Option<(usize, usize)> {
        let mut start = 0;
        for (k, part) in self.parts.iter().enumerate() {
            let Some(part) = part else { continue };
            if i < start + part.cells.len() {
                return Some((k, i - start));
            }
            start += part.cells.len();
        }
        None
    }

    /// The cost metrics for the state's prices (recomputed only when the prices changed).
    fn apply_prices(&mut self) {
        if self.priced.as_deref() != Some(self.state.price.as_str()) {
            // (Without prices, as in the core module, the cost metrics are there, empty.)
            let prices = if PANELS { crate::cost::Prices::parse(&self.state.price).0 } else { Default::default() };
            self.store.set_prices(&prices);
            self.priced = Some(self.state.price.clone());
        }
    }

    /// The details of the store's run `i`: a reader's run's own, a site run's from its
    /// shard's details file (`None` until fetched).
    fn detail(&self, i: usize) -> Option<Detail> {
        let site: usize = self.parts.iter().flatten().map(|p| p.cells.len()).sum();
        if i >= site {
            return self.local.as_ref().filter(|l| i - site < l.len()).map(|_| columns::detail_at(&self.local_details, i - site).cloned().unwrap_or_default());
        }
        let (k, within) = self.locate(i)?;
        let details = self.details.iter().find(|(s, _)| *s == k)?.1.as_ref()?;
        Some(columns::detail_at(details, within).cloned().unwrap_or_default())
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

/// The UI strings the page hands over (`#viewer-strings`: those the core module shows) and,
/// in the full module, the rest (`fetch_more_strings`).
fn page_strings() -> Strings {
    let mut pairs = string_pairs(&dom::by_id("viewer-strings").and_then(|s| s.text_content()).unwrap_or_default());
    if PANELS {
        MORE_STRINGS.with(|m| pairs.extend(string_pairs(&m.borrow())));
    }
    Strings::new(pairs)
}

/// The pairs of a JSON object of strings, read by the browser's JSON parser.
fn string_pairs(json: &str) -> Vec<(String, String)> {
    let Ok(object) = js_sys::JSON::parse(json) else { return Vec::new() };
    let Ok(object) = object.dyn_into::<js_sys::Object>() else { return Vec::new() };
    js_sys::Object::entries(&object)
        .iter()
        .filter_map(|pair| {
            let pair: js_sys::Array = pair.dyn_into().ok()?;
            Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
        })
        .collect()
}

/// Starts a request; the data and the catalog are fetched at the same time.
fn start_fetch(url: &str) -> Result<(String, js_sys::Promise), String> {
    let window = web_sys::window().ok_or("no window")?;
    Ok((url.to_string(), window.fetch_with_str(url)))
}

/// Reads the shards `wanted` (fetched at the same time) into the app; the first failure
/// is the one returned.
async fn load_shards(wanted: &[usize]) -> Result<(), String> {
    let Some(base) = with_app(|app| app.shard_url.clone()) else { return Ok(()) };
    let started: Vec<_> = wanted.iter().map(|k| start_fetch(&format!("{base}{k}.txt"))).collect();
    let mut first_error = None;
    for (&k, req) in wanted.iter().zip(started) {
        let read = match fetch_text(req).await {
            Ok(text) => with_app_mut(|app| columns::read_shard(&app.index, k, &text).map(|part| app.parts[k] = Some(part))).unwrap_or(Ok(())),
            Err(e) => Err(e),
        };
        if let Err(e) = read {
            first_error.get_or_insert(e);
        }
    }
    with_app_mut(App::rebuild_store);
    first_error.map_or(Ok(()), Err)
}

/// Fetches the shards the view needs and are not read yet, then redraws; `#viewer` carries
/// `data-loading` meanwhile.
fn ensure_loaded() {
    let missing = with_app_mut(|app| {
        let m: Vec<usize> = app.missing().into_iter().filter(|k| !app.fetching.contains(k)).collect();
        app.fetching.extend(&m);
        m
    })
    .unwrap_or_default();
    if missing.is_empty() {
        return;
    }
    if let Some(v) = dom::by_id("viewer") {
        attr(&v, "data-loading", "1");
    }
    wasm_bindgen_futures::spawn_local(async move {
        let result = load_shards(&missing).await;
        let idle = with_app_mut(|app| {
            app.fetching.retain(|k| !missing.contains(k));
            app.fetching.is_empty()
        });
        if idle == Some(true) {
            if let Some(v) = dom::by_id("viewer") {
                let _ = v.remove_attribute("data-loading");
            }
        }
        match result {
            Ok(()) => render(),
            Err(e) => fail_to_start(&e),
        }
    });
}

/// Fetches the details file of shard `k` for the selected-run panel, then redraws. Called
/// while drawing: the app is borrowed, so the work starts once the drawing is done.
fn load_details(k: usize) {
    wasm_bindgen_futures::spawn_local(async move {
        let Some(url) = with_app_mut(|app| {
            let first = !app.details.iter().any(|(s, _)| *s == k);
            if first {
                app.details.push((k, None));
            }
            first.then(|| format!("{}{k}.params.txt", app.shard_url))
        })
        .flatten() else {
            return;
        };
        match fetch_text(start_fetch(&url)).await.and_then(|t| columns::read_details(&t)) {
            Ok(map) => {
                with_app_mut(|app| app.details.iter_mut().find(|(s, _)| *s == k).map(|d| d.1 = Some(map)));
                render();
            }
            Err(e) => fail(&e),
        }
    });
}

/// Fetches the parameter catalog once, then redraws (a catalog that cannot be read is a
/// notice, and the panels go without its words). Called while drawing, like `load_details`.
fn load_catalog() {
    wasm_bindgen_futures::spawn_local(async move {
        let Some(url) = with_app_mut(|app| (!std::mem::replace(&mut app.catalog_asked, true)).then(|| app.params_url.clone())).flatten() else { return };
        let read = fetch_text(start_fetch(&url)).await.and_then(|t| crate::catalog::read(&t));
        with_app_mut(|app| {
            app.catalog = Some(read.unwrap_or_else(|e| {
                app.notices.push(format!("parameters.txt: {e}"));
                Catalog::default()
            }))
        });
        render();
    });
}

async fn fetch_text(started: Result<(String, js_sys::Promise), String>) -> Result<String, String> {
    let (url, promise) = started?;
    let url = url.as_str();
    let response = JsFuture::from(promise).await.map_err(|e| format!("{url}: {}", dom::js_text(&e)))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response")?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| dom::js_text(&e))?).await.map_err(|e| dom::js_text(&e))?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

/// The full module's start, before `run`: the strings the page leaves out (`data-strings`,
/// `<lang>/explore/strings.json`), for `page_strings`. (Not fetched in `run`: an await there,
/// even in a branch `PANELS` closes, makes the core module larger.)
pub async fn fetch_more_strings() -> Result<(), String> {
    let Some(url) = dom::by_id("viewer").and_then(|v| v.get_attribute("data-strings")) else { return Ok(()) };
    let text = fetch_text(start_fetch(&url)).await?;
    MORE_STRINGS.with(|m| *m.borrow_mut() = text);
    Ok(())
}

thread_local! {
    /// The full module's strings (`fetch_more_strings`), a JSON object.
    static MORE_STRINGS: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Loads everything and draws the first view: the link's, or, for a link that names no
/// view, the comparison most frameworks share.
pub async fn run() -> Result<(), String> {
    let viewer = dom::by_id("viewer").ok_or("the page has no #viewer element")?;
    let explore_url = viewer.get_attribute("data-explore").ok_or("#viewer has no data-explore")?;
    let params_url = viewer.get_attribute("data-params").unwrap_or_default();
    let base = viewer.get_attribute("data-base").unwrap_or_else(|| "/".into());
    let lang = dom::document().document_element().and_then(|h| h.get_attribute("data-lang")).unwrap_or_else(|| "en".into());
    let index = columns::read_index(&fetch_text(start_fetch(&explore_url)).await?)?;
    let mut notices = Vec::new();
    // The full module taking the page over from the core one, which goes on taking the
    // reader's changes into the address until this one is ready to draw.
    let taking_over = PANELS && Carried::waiting();
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let (state, mut url_notices) = ViewState::from_query(&search);
    notices.append(&mut url_notices);
    let mut app = App {
        store: columns::assemble(&index, &[]),
        parts: vec![None; index.shards.len()],
        shard_url: explore_url.rsplit_once('/').map_or(String::new(), |(dir, _)| format!("{dir}/")),
        fetching: Vec::new(),
        details: Vec::new(),
        local: None,
        local_details: Vec::new(),
        catalog: None,
        params_url,
        catalog_asked: false,
        findings: index.findings.clone(),
        hash: index.hash.clone(),
        index,
        state,
        rows: filter::Rows::default(),
        ui: Ui { t: page_strings(), lang, base },
        notices,
        plan: chart::Plan::Nothing,
        hits: Vec::new(),
        priced: None,
    };
    // The headline comparison, which the build chose on the whole data.
    if search.trim_start_matches('?').is_empty() {
        app.state = ViewState::from_query(&app.index.default_query).0;
    }
    drop_unknown_values(&mut app);
    if !PANELS && needs_panels(&app.state) {
        APP.with(|a| *a.borrow_mut() = Some(app));
        upgrade(Then::Draw);
        return Ok(());
    }
    let first = app.missing();
    app.fetching.extend(&first);
    APP.with(|a| *a.borrow_mut() = Some(app));
    // The first chart waits for the shards it shows, and only those.
    let loaded = load_shards(&first).await;
    with_app_mut(|app| app.fetching.clear());
    loaded?;
    // From here to the listeners nothing waits: no change of the reader's is lost between.
    // (`PANELS` again: a value kept across an await is not known to the compiler.)
    let carried = if PANELS && taking_over { Carried::take() } else { None };
    if let Some(c) = carried.as_ref().filter(|_| PANELS) {
        let now = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        with_app_mut(|app| {
            if now != search {
                app.state = ViewState::from_query(&now).0;
                drop_unknown_values(app);
            }
            app.notices.extend(c.notices.iter().cloned());
        });
    }
    with_app(build_controls).ok_or("no explorer")??;
    attach_listeners()?;
    render();
    if let Some(c) = carried.filter(|_| PANELS) {
        // Drawn, unless the state the core left needs shards still being fetched.
        if with_app(|app| app.fetching.is_empty()) == Some(true) {
            if let Some(v) = dom::by_id("viewer") {
                let _ = v.remove_attribute("data-loading");
            }
        }
        c.restore();
    }
    Ok(())
}

/// Filter values from a link that the data does not have are dropped with a notice.
fn drop_unknown_values(app: &mut App) {
    let mut unknown = Vec::new();
    for (dim, values) in app.state.filters.iter_mut() {
        let col = &app.store.dims[dim];
        values.retain(|v| {
            let ok = col.code(v).is_some();
            if !ok {
                unknown.push(format!("{}={v}", dim.key()));
            }
            ok
        });
    }
    app.state.filters.retain(|_, v| !v.is_empty());
    if !unknown.is_empty() {
        let more = unknown.len().saturating_sub(MAX_NOTICES);
        unknown.truncate(MAX_NOTICES);
        let mut list = unknown.join(", ");
        if more > 0 {
            list = format!("{list}, {}", app.ui.fill("viewer.notice.more", &[("n", &more.to_string())]));
        }
        app.notices.push(format!("{} {list}", app.ui.tr("viewer.notice.unknown_value")));
    }
}

/// Builds the controls once: chart controls, facets, canvas, table.
fn build_controls(app: &App) -> Result<(), String> {
    let ui = &app.ui;
    let filters = dom::by_id("filters").ok_or("the page has no #filters")?;
    let controls = dom::by_id("controls").unwrap_or_else(|| filters.clone());
    clear(&filters);
    if controls != filters {
        clear(&controls);
    }
    let metrics: Vec<(String, String)> = app.store.metrics.iter().map(|m| (m.key.clone(), ui.metric_label(&app.store, &m.key, true))).collect();
    let bar = el("div", "controls", "");
    append(&bar, &select("metric", &ui.tr("viewer.metric"), metrics.clone()));
    append(&bar, &select("chart", &ui.tr("viewer.chart_label"), Chart::ALL.iter().map(|c| (c.key().to_string(), ui.tr(&format!("viewer.chart.{}", c.key())))).collect()));
    append(&bar, &select("x", &ui.tr("viewer.x_metric"), metrics));
    append(&bar, &checkbox("log", &ui.tr("viewer.log")));
    append(&bar, &checkbox("nf", &ui.tr("viewer.hide_flagged")));
    for (action, key) in [("reset", "viewer.reset"), ("csv", "viewer.csv"), ("png", "viewer.png")] {
        let b = el("button", "", &ui.tr(key));
        attr(&b, "type", "button");
        attr(&b, "data-action", action);
        attr(&b, "id", &format!("ctl-{action}"));
        append(&bar, &b);
    }
    append(&bar, &local_form(ui));
    append(&controls, &bar);
    append(&controls, &cost::build(ui));
    let search = el("label", "search", &ui.tr("viewer.search"));
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
    dom::show(&controls, true);
    if let Some(panel) = dom::by_id("explorer") {
        dom::show(&panel, true);
    }
    // On a narrow screen the filters fold, so the chart comes first.
    if web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|w| w.as_f64()).is_some_and(|w| w < 960.0) {
        if let Some(side) = dom::by_id("filters-panel") {
            let _ = side.remove_attribute("open");
        }
    }

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

    if dom::by_id("compare").is_none() {
        let c = el("div", "compare-view", "");
        attr(&c, "id", "compare");
        let _ = chart_box.insert_adjacent_element("afterend", &c);
    }
    let viewer = dom::by_id("viewer").ok_or("no #viewer")?;
    for (id, class) in [("banner", "banner"), ("summary", "summary"), ("selected", "selected"), ("tuning-panel", "tuning-panel")] {
        if dom::by_id(id).is_none() {
            let e = el(if id == "summary" { "p" } else { "div" }, class, "");
            attr(&e, "id", id);
            if id == "banner" {
                let _ = viewer.insert_adjacent_element("afterbegin", &e);
            } else {
                append(&viewer, &e);
            }
        }
    }
    if let Some(b) = dom::by_id("banner") {
        attr(&b, "role", "status");
    }
    table::build(&ui.tr("explore.caption"))
}


fn checkbox(action: &str, label: &str) -> Element {
    let wrap = el("label", "check", "");
    let cb = el("input", "", "");
    attr(&cb, "type", "checkbox");
    attr(&cb, "data-action", action);
    attr(&cb, "id", &format!("ctl-{action}"));
    append(&wrap, &cb);
    append(&wrap, &el("span", "", label));
    wrap
}

/// "Add your own logs": the file input and what the reader can state about the file
/// (framework, version, GPU, GPU count), used where the log itself is silent.
fn local_form(ui: &Ui) -> Element {
    let d = el("details", "local", "");
    append(&d, &el("summary", "", &ui.tr("viewer.local")));
    let input = el("input", "", "");
    attr(&input, "type", "file");
    attr(&input, "multiple", "");
    attr(&input, "id", "ctl-file");
    attr(&input, "aria-label", &ui.tr("viewer.local"));
    append(&d, &input);
    append(&d, &el("p", "", &ui.tr("viewer.local_meta")));
    for (id, key, kind) in [("fw", "viewer.local_fw", "text"), ("ver", "viewer.local_ver", "text"), ("gpu", "viewer.local_gpu", "text"), ("gpus", "viewer.local_gpus", "number")] {
        let label = el("label", "meta", &ui.tr(key));
        let i = el("input", "", "");
        attr(&i, "type", kind);
        attr(&i, "id", &format!("local-{id}"));
        if kind == "number" {
            attr(&i, "min", "1");
        }
        append(&label, &i);
        append(&d, &label);
    }
    d
}

/// A dimension with more values than this (the source files of a large site) lists them in
/// a folded `<details>`, built when first opened and counted only while open: thousands of
/// checkboxes would cost every redraw its layout.
const FACET_FOLDED_FROM: usize = 40;

/// One fieldset per dimension with a checkbox per value; counts and checks are set by
/// `render`. A long one is folded (see [`FACET_FOLDED_FROM`]) unless the view filters on it.
fn build_facets(app: &App, facets: &Element) {
    clear(facets);
    FACETS.with(|f| *f.borrow_mut() = Dim::ALL.iter().map(|_| Vec::new()).collect());
    for dim in Dim::ALL {
        let col = &app.store.dims[&dim];
        let fs = el("fieldset", "facet", "");
        attr(&fs, "data-dim", dim.key());
        append(&fs, &el("legend", "", &app.ui.tr(&format!("viewer.dim.{}", dim.key()))));
        if col.values.len() > FACET_FOLDED_FROM {
            let more = el("details", "facet-more", "");
            attr(&more, "data-dim", dim.key());
            append(&more, &el("summary", "", &benchsite_model::format_count(col.values.len() as u64, &app.ui.lang)));
            append(&fs, &more);
            if app.state.filters.contains_key(&dim) {
                attr(&more, "open", "");
                facet_values(app, dim, &more);
            }
        } else {
            facet_values(app, dim, &fs);
        }
        append(facets, &fs);
    }
}

/// The checkboxes of `dim`'s values, into `into`.
fn facet_values(app: &App, dim: Dim, into: &Element) {
    for (code, value) in app.store.dims[&dim].values.iter().enumerate() {
        let label = el("label", "check", "");
        let cb = el("input", "", "");
        attr(&cb, "type", "checkbox");
        attr(&cb, "data-value", value);
        attr(&cb, "id", &format!("f-{}-{code}", dim.key()));
        append(&label, &cb);
        append(&label, &el("span", "", &app.ui.show(value)));
        let count = el("span", "count", "");
        let text = dom::Text::in_(&count);
        append(&label, &count);
        append(into, &label);
        if let Ok(input) = cb.dyn_into::<HtmlInputElement>() {
            FACETS.with(|f| {
                if let Some(boxes) = f.borrow_mut().get_mut(dim.index()) {
                    boxes.push((input, text));
                }
            });
        }
    }
}

thread_local! {
    /// Per dimension, each value's checkbox and count as built (a folded facet's once
    /// opened), in code order: a redraw sets checks and counts through these, without
    /// looking the elements up.
    static FACETS: RefCell<Vec<Vec<(HtmlInputElement, dom::Text)>>> = const { RefCell::new(Vec::new()) };
}

/// A folded facet was opened: its values are built (once) and counted.
fn on_toggle(e: web_sys::Event) {
    let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
    // A tuning entry opened: its explanation needs the catalog.
    if target.as_ref().is_some_and(|t| t.class_list().contains("param") && t.has_attribute("open")) && with_app(|app| app.catalog.is_none()) == Some(true) {
        if PANELS {
            load_catalog();
        } else {
            upgrade(Then::Catalog);
        }
        return;
    }
    // The price panel opened: its inputs are the full module's.
    if !PANELS && target.as_ref().is_some_and(|t| t.id() == "cost" && t.has_attribute("open")) {
        upgrade(Then::Draw);
        return;
    }
    let Some(more) = target.filter(|t| t.class_list().contains("facet-more")) else { return };
    if more.has_attribute("open") && more.query_selector("label").ok().flatten().is_none() {
        let Some(dim) = more.get_attribute("data-dim").and_then(|d| Dim::from_key(&d)) else { return };
        with_app(|app| facet_values(app, dim, &more));
    }
    render();
}

/// `f` on every event `name` of `target`, for the page's lifetime.
fn listen<E: wasm_bindgen::convert::FromWasmAbi + 'static>(target: &web_sys::EventTarget, name: &str, f: impl FnMut(E) + 'static) -> Result<(), String> {
    let closure = Closure::<dyn FnMut(E)>::new(f);
    target.add_event_listener_with_callback(name, closure.as_ref().unchecked_ref()).map_err(|_| format!("could not listen to {name}"))?;
    closure.forget();
    Ok(())
}

fn attach_listeners() -> Result<(), String> {
    for id in ["filters", "controls", "compare"] {
        if let Some(target) = dom::by_id(id) {
            listen(&target, "change", on_control)?;
            listen(&target, "input", on_control)?;
            listen(&target, "click", on_button)?;
        }
    }
    // `toggle` does not bubble: caught on the way down.
    for id in ["filters", "tuning-panel", "controls"] {
        if let Some(target) = dom::by_id(id).filter(|t| id != "controls" || dom::by_id("filters").as_ref() != Some(t)) {
            let closure = Closure::<dyn FnMut(web_sys::Event)>::new(on_toggle);
            target.add_event_listener_with_callback_and_bool("toggle", closure.as_ref().unchecked_ref(), true).map_err(|_| "could not listen to toggle")?;
            closure.forget();
        }
    }
    let canvas = dom::by_id("chart-canvas").ok_or("no canvas")?;
    listen(&canvas, "mousemove", |e: web_sys::MouseEvent| {
        if !dom::by_id("chart-tip").is_some_and(|t| t.class_list().contains("pinned")) {
            tip_at(offset(&e));
        }
    })?;
    listen(&canvas, "click", |e: web_sys::MouseEvent| {
        let run = tip_at(offset(&e));
        if let Some(tip) = dom::by_id("chart-tip") {
            let _ = tip.class_list().toggle_with_force("pinned", run.is_some());
        }
        if let Some(run) = run {
            update(|app| app.state.selected = Some(app.store.ids[run as usize].clone()));
        }
    })?;
    listen(&dom::document(), "keydown", |e: web_sys::KeyboardEvent| {
        if e.key() == "Escape" {
            if let Some(tip) = dom::by_id("chart-tip") {
                let _ = tip.class_list().remove_1("pinned");
                dom::show(&tip, false);
            }
        }
    })?;
    let results = dom::by_id("results").ok_or("no #results")?;
    listen(&results, "click", |e: web_sys::Event| {
        if let Some((_, key)) = dom::data_up(e.target(), "sort") {
            update(|app| app.state.sort = Some(table::next_sort(&app.state, key)));
        }
    })?;
    if let Some(wrap) = dom::by_id("results-live") {
        listen(&wrap, "scroll", |_: web_sys::Event| {
            with_app(|app| table::render(&app.view(), table::viewport()));
        })?;
    }
    if let Some(p) = dom::by_id("permalink") {
        listen(&p, "click", |e: web_sys::Event| {
            e.prevent_default();
            copy_permalink();
        })?;
    }
    let viewer = dom::by_id("viewer").ok_or("no #viewer")?;
    listen(&viewer, "dragover", |e: web_sys::DragEvent| e.prevent_default())?;
    listen(&viewer, "drop", |e: web_sys::DragEvent| {
        e.prevent_default();
        if let Some(files) = e.data_transfer().and_then(|d| d.files()) {
            read_files(files);
        }
    })?;
    if let Some(w) = web_sys::window() {
        listen(&w, "resize", |_: web_sys::Event| render())?;
    }
    watch_theme();
    Ok(())
}

/// Redraws when the page's theme changes, so the canvas follows dark mode.
fn watch_theme() {
    let on_change = Closure::<dyn FnMut()>::new(render);
    if let (Ok(observer), Some(html)) = (web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()), dom::document().document_element()) {
        let options = web_sys::MutationObserverInit::new();
        options.set_attributes(true);
        options.set_attribute_filter(&js_sys::Array::of1(&JsValue::from_str("data-theme")));
        let _ = observer.observe_with_options(&html, &options);
    }
    on_change.forget();
    if let Some(query) = web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()) {
        let on_scheme = Closure::<dyn FnMut()>::new(render);
        let _ = query.add_event_listener_with_callback("change", on_scheme.as_ref().unchecked_ref());
        on_scheme.forget();
    }
}

fn offset(e: &web_sys::MouseEvent) -> (f64, f64) {
    (f64::from(e.offset_x()), f64::from(e.offset_y()))
}

/// Shows the tooltip of what is under `(x, y)`, or hides it; returns the run it shows.
fn tip_at(at: (f64, f64)) -> Option<u32> {
    let tip = dom::by_id("chart-tip")?;
    let shown = with_app(|app| {
        let hit = chart::hit_under(&app.hits, at)?;
        chart::show_tip(&app.view(), &app.plan, &tip, hit, at);
        Some(hit.run)
    })
    .flatten();
    if shown.is_none() {
        dom::show(&tip, false);
    }
    shown.flatten()
}

fn on_control(e: web_sys::Event) {
    let target = e.target();
    if let Some(input) = target.as_ref().and_then(|t| t.dyn_ref::<HtmlInputElement>()) {
        match input.id().as_str() {
            "ctl-search" => {
                let text = input.value();
                table::scroll_to_top();
                update(|app| app.state.search = text);
                return;
            }
            "ctl-file" => {
                if e.type_() == "change" {
                    if let Some(files) = input.files() {
                        read_files(files);
                    }
                }
                return;
            }
            id if id.starts_with("local-") => return,
            _ => {}
        }
    }
    if e.type_() != "change" {
        return;
    }
    if let Some((el, action)) = dom::data_up(target.clone(), "action") {
        let value = el.dyn_ref::<HtmlSelectElement>().map(|s| s.value());
        let input = el.dyn_ref::<HtmlInputElement>();
        let checked = input.map(|i| i.checked()).unwrap_or(false);
        let text = input.map(|i| i.value()).unwrap_or_default();
        let chosen = value.clone().filter(|v| !v.is_empty());
        update(|app| match action.as_str() {
            "metric" => app.state.metric = value,
            "x" => app.state.x_metric = value,
            "chart" => {
                app.state.chart = Chart::ALL.into_iter().find(|c| Some(c.key()) == value.as_deref()).unwrap_or_default();
                if app.state.chart == Chart::Compare && app.state.versus.is_none() {
                    choose_sides(app, Dim::Version);
                }
            }
            "log" => app.state.log = checked,
            "nf" => app.state.hide_flagged = checked,
            "vs" => {
                if let Some(dim) = value.as_deref().and_then(Dim::from_key) {
                    choose_sides(app, dim);
                }
            }
            "b" => app.state.base = chosen,
            "k" => app.state.candidate = chosen,
            // An emptied field goes back to the default; anything else is kept as typed and
            // judged when drawn (`View::thresholds`).
            "up" => app.state.up = parse_f64(text.trim()).filter(|v| v.is_finite()),
            "down" => app.state.down = parse_f64(text.trim()).filter(|v| v.is_finite()),
            "price" => {
                let gpu = el.get_attribute("data-gpu").unwrap_or_default();
                app.state.price = crate::cost::set_price(&app.state.price, &gpu, &text);
            }
            _ => {}
        });
        return;
    }
    if let (Some((cb, value)), Some((_, dim))) = (dom::data_up(target.clone(), "value"), dom::data_up(target, "dim")) {
        let checked = cb.dyn_ref::<HtmlInputElement>().map(|i| i.checked()).unwrap_or(false);
        let Some(dim) = Dim::from_key(&dim) else { return };
        table::scroll_to_top();
        update(|app| {
            let set = app.state.filters.get_or_default(dim);
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
        "csv" if !PANELS => upgrade(Then::Csv),
        "csv" => {
            with_app(|app| table::download_csv(&app.view()));
        }
        "swap" => update(|app| std::mem::swap(&mut app.state.base, &mut app.state.candidate)),
        "leave-compare" => update(|app| app.state.chart = crate::state::Chart::Bars),
        "png" => chart::download_png(),
        "cancel-parse" => cancel_parse(),
        _ => {}
    }
}

/// Compares along `dim`, with the first two of its values among the runs the other filters
/// admit as base and candidate (versions by version number, so the older is the base).
fn choose_sides(app: &mut App, dim: Dim) {
    app.state.versus = Some(dim);
    let pool = crate::filter::sides(&app.store, &app.state).map(|s| s.pool).unwrap_or_default();
    let values = crate::filter::values_among(&app.store, &pool, dim);
    app.state.base = values.first().cloned();
    app.state.candidate = values.get(1).cloned();
}

/// Parses each added file in the parser's worker, with a status line (and a cancel button)
/// while it runs: the page stays responsive whatever the file's size.
fn read_files(files: web_sys::FileList) {
    if !PANELS {
        upgrade(Then::Files(files));
        return;
    }
    for i in 0..files.length() {
        let Some(file) = files.get(i) else { continue };
        let name = file.name();
        let status = parse_status(&name, file.size());
        wasm_bindgen_futures::spawn_local(async move {
            let parsed = async {
                let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string()).ok_or("could not be read as text")?;
                parse_with_module(&name, &text).await
            };
            let result = parsed.await;
            if let Some(s) = &status {
                s.remove();
            }
            let error = match result {
                Ok(json) => add_runs(&name, &json).err(),
                Err(e) => Some(e),
            };
            if let Some(e) = error {
                if e.contains("cancelled") {
                    update(|app| {
                        let notice = app.ui.fill("viewer.local_cancelled", &[("file", &name)]);
                        app.notices.push(notice);
                    });
                } else {
                    let message = with_app(|app| app.ui.fill("viewer.local_failed", &[("file", &name), ("error", &e)])).unwrap_or(e);
                    fail(&message);
                }
            }
        });
    }
}

/// "Parsing x.log (12.3 MB)…" with a progress bar and a cancel button, under the controls.
fn parse_status(name: &str, bytes: f64) -> Option<Element> {
    let list = dom::by_id("local-status").or_else(|| {
        let l = el("div", "local-status", "");
        attr(&l, "id", "local-status");
        attr(&l, "role", "status");
        append(&dom::by_id("controls").or_else(|| dom::by_id("filters"))?, &l);
        Some(l)
    })?;
    let size = format!("{} MB", benchsite_model::format_metric(bytes / 1e6, "", benchsite_model::Origin::Derived, "en"));
    let (text, cancel) = with_app(|app| (app.ui.fill("viewer.local_parsing", &[("file", name), ("size", &size)]), app.ui.tr("viewer.cancel")))?;
    let p = el("p", "", &text);
    append(&p, &el("progress", "", ""));
    let b = el("button", "", &cancel);
    attr(&b, "type", "button");
    attr(&b, "data-action", "cancel-parse");
    append(&p, &b);
    append(&list, &p);
    Some(p)
}

/// Ends the parser's worker (`explore.js`): the files being parsed come back cancelled.
fn cancel_parse() {
    let Some(window) = web_sys::window() else { return };
    if let Ok(f) = js_sys::Reflect::get(&window, &JsValue::from_str("benchsiteCancelParse")).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = f.call0(&JsValue::NULL);
    }
}

/// Calls `window.benchsiteParse(name, text, stated)`, which `explore.js` defines: it loads
/// the parser module on first use and returns the runs in the explorer's format (`local.rs`).
async fn parse_with_module(name: &str, text: &str) -> Result<String, String> {
    let stated = crate::local::stated(&stated("fw"), &stated("ver"), &stated("gpu"), &stated("gpus"));
    let window = web_sys::window().ok_or("no window")?;
    let f = js_sys::Reflect::get(&window, &JsValue::from_str("benchsiteParse")).map_err(|_| "no parser")?;
    let f: js_sys::Function = f.dyn_into().map_err(|_| "the log parser is not available on this page")?;
    let promise: js_sys::Promise = f.call3(&JsValue::NULL, &JsValue::from_str(name), &JsValue::from_str(text), &JsValue::from_str(&stated)).map_err(|e| dom::js_text(&e))?.dyn_into().map_err(|_| "parser did not return a promise")?;
    let out = JsFuture::from(promise).await.map_err(|e| e.dyn_ref::<js_sys::Error>().map_or_else(|| dom::js_text(&e), |e| String::from(e.message())))?;
    out.as_string().ok_or_else(|| "the log parser returned no text".into())
}

/// What the reader stated about an added file in the form (trimmed, empty when not).
fn stated(id: &str) -> String {
    dom::by_id_as::<HtmlInputElement>(&format!("local-{id}")).map(|i| i.value().trim().to_string()).unwrap_or_default()
}

/// Adds the runs of a parsed log (the log parser's output, `local.rs`: the runs with their
/// findings and what the reader stated where the log is silent) as local runs.
pub fn add_runs(name: &str, parsed: &str) -> Result<usize, String> {
    let local = crate::local::read(parsed)?;
    let added = local.index.runs;
    with_app_mut(|app| {
        let offset = app.findings.len() as u32;
        let mut store = columns::assemble(&local.index, &[&local.part]);
        store.local = vec![true; store.len()];
        store.findings.iter_mut().flatten().for_each(|f| *f += offset);
        let before = app.local.as_ref().map_or(0, Store::len);
        app.local_details.extend(local.details.into_iter().map(|(k, d)| (before + k, d)));
        app.local = Some(match app.local.take() {
            Some(old) => old.merged(&store),
            None => store,
        });
        app.findings.extend(local.index.findings.iter().cloned());
        reload(app);
        let message = app.ui.fill("viewer.local_added", &[("file", name), ("runs", &added.to_string()), ("findings", &local.index.findings.len().to_string())]);
        app.notices.push(message);
    });
    render();
    Ok(added)
}

/// After the runs changed: new columns and facets for their values.
fn reload(app: &mut App) {
    app.rebuild_store();
    if let Some(f) = dom::by_id("facets") {
        build_facets(app, &f);
    }
}

/// Swaps the data for the explorer data `index` and its one shard (the benchmark's).
pub fn replace_data(index: &str, shard: &str) -> Result<(), String> {
    let index = columns::read_index(index)?;
    let part = columns::read_shard(&index, 0, shard)?;
    with_app_mut(|app| {
        app.parts = vec![Some(part)];
        app.index = index;
        app.details = vec![(0, Some(Vec::new()))];
        app.local = None;
        app.local_details.clear();
        app.findings.clear();
        app.state = ViewState::default();
        reload(app);
    });
    render();
    Ok(())
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
    if !PANELS && HANDING_OVER.load(std::sync::atomic::Ordering::Relaxed) {
        with_app(write_url_now);
        return;
    }
    if !PANELS && with_app(|app| needs_panels(&app.state)) == Some(true) {
        upgrade(Then::Draw);
        return;
    }
    render();
}

/// Recomputes the rows and draws every part of the explorer from the state.
pub fn render() {
    // The core module handing the page over (`upgrade`): the full one draws.
    if with_app(|_| ()).is_none() || (!PANELS && HANDING_OVER.load(std::sync::atomic::Ordering::Relaxed)) {
        return;
    }
    ensure_loaded();
    lap("start");
    // Read layout before writing to the page: a read after a write forces a full layout.
    // A hidden chart (compare view) has no width: its container's stands in.
    let chart_width = dom::by_id("chart").map_or(800.0, |c| f64::from(if c.client_width() > 0 { c.client_width() } else { c.parent_element().map_or(800, |p| p.client_width()) }));
    let table_view = table::viewport();
    with_app_mut(|app| {
        app.apply_prices();
        app.rows = filter::rows(&app.store, &app.state);
    });
    lap("filter+sort");
    let drawn = with_app(|app| {
        let view = app.view();
        sync_controls(&view);
        lap("facets");
        render_banner(app, &view);
        lap("banner");
        if PANELS {
            render_selected(app, &view);
            versus::render(&view);
        } else if let Some(compare) = dom::by_id("compare") {
            dom::show(&compare, false);
        }
        render_tuning(app, &view);
        // The price panel's inputs (its frame and words are built with the controls).
        if PANELS {
            cost::render(&view);
        }
        lap("panels");
        update_url(app);
        lap("url");
        let comparing = view.state.chart == Chart::Compare;
        let plan = chart::plan(&view);
        if let Some(summary) = dom::by_id("summary") {
            let text = chart::summary(&view, &plan);
            dom::set_text(&summary, &text);
            dom::show(&summary, !text.is_empty());
        }
        lap("chart: plan");
        if let Some(chart_box) = dom::by_id("chart") {
            dom::show(&chart_box, !comparing);
        }
        let hits = match dom::by_id_as::<HtmlCanvasElement>("chart-canvas") {
            // The compare view replaces the chart: nothing drawn, nothing to hover.
            Some(canvas) if comparing => {
                attr(&canvas, "data-plot", "");
                Vec::new()
            }
            Some(canvas) => chart::draw(&view, &plan, &canvas, chart_width),
            None => {
                fail(&app.ui.tr("viewer.error"));
                Vec::new()
            }
        };
        lap("chart: draw");
        table::render(&view, table_view);
        lap("table");
        (plan, hits)
    });
    with_app_mut(|app| (app.plan, app.hits) = drawn.unwrap_or((chart::Plan::Nothing, Vec::new())));
    if let Some(tip) = dom::by_id("chart-tip") {
        if !tip.class_list().contains("pinned") {
            dom::show(&tip, false);
        }
    }
    mark_first_chart();
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
fn sync_controls(view: &View) {
    let doc = dom::document();
    // A folded facet is counted only while open.
    let shown: Vec<bool> = Dim::ALL
        .iter()
        .map(|dim| {
            let folded = (view.store.dims[dim].values.len() > FACET_FOLDED_FROM).then(|| doc.query_selector(&format!("details.facet-more[data-dim={}]", dim.key())).ok().flatten()).flatten();
            !folded.is_some_and(|d| !d.has_attribute("open") || d.query_selector("label").ok().flatten().is_none())
        })
        .collect();
    let counts = filter::facet_counts_of(view.store, view.state, shown[Dim::Source.index()]);
    FACETS.with(|f| {
        let mut facets = f.borrow_mut();
        for dim in Dim::ALL {
            let chosen = view.state.filters.get(&dim);
            let Some(boxes) = facets.get_mut(dim.index()).filter(|_| shown[dim.index()]) else { continue };
            for ((input, count), (code, value)) in boxes.iter_mut().zip(view.store.dims[&dim].values.iter().enumerate()) {
                let checked = chosen.is_some_and(|c| c.contains(value));
                if input.checked() != checked {
                    input.set_checked(checked);
                }
                count.set(&counts[&dim][code].to_string());
            }
        }
    });
    if let Some(s) = dom::by_id_as::<HtmlInputElement>("ctl-search") {
        if s.value() != view.state.search {
            s.set_value(&view.state.search);
        }
    }
    for (id, on) in [("ctl-log", view.state.log), ("ctl-nf", view.state.hide_flagged)] {
        if let Some(l) = dom::by_id_as::<HtmlInputElement>(id) {
            if l.checked() != on {
                l.set_checked(on);
            }
        }
    }
    for (id, value) in [("ctl-metric", view.metric.clone()), ("ctl-x", view.x_metric.clone()), ("ctl-chart", view.state.chart.key().to_string())] {
        if let Some(s) = dom::by_id_as::<HtmlSelectElement>(id) {
            if s.value() != value {
                s.set_value(&value);
            }
        }
    }
    if let Some(x) = dom::by_id("ctl-x").and_then(|s| s.parent_element()) {
        dom::show(&x, view.state.chart == Chart::Tradeoff);
    }
}

/// Most notices listed; the rest are counted ("and 1,990 more").
const MAX_NOTICES: usize = 10;

/// Count of runs shown, what the runs in view differ in (workload and load included), a
/// changed-data warning for an old link, and notices about the link.
fn render_banner(app: &App, view: &View) {
    let Some(banner) = dom::by_id("banner") else { return };
    let ui = view.ui;
    let count = ui.fill("viewer.count", &[("shown", &view.rows.len().to_string()), ("total", &view.store.total().to_string())]);
    // The compare view pairs alike runs itself and names what differs within each pair.
    let comparing = view.state.chart == Chart::Compare;
    let diffs = if comparing { Vec::new() } else { compare::differences_of(view.store, view.rows) };
    let flags = if comparing { Vec::new() } else { compare::flag_differences(view.store, &view.runs_per_set, &diffs) };
    let key = diffs.iter().fold(dom::Key::default().s(&count).n(diffs.len()), |k, d| k.s(d.dim.key()).all(d.values.iter().map(String::as_str)));
    let key = flags.iter().fold(key.n(flags.len()), |k, f| k.s(&f.framework).s(&f.flag).all(f.values.iter().map(String::as_str)));
    let key = key.opt(view.state.data_hash.as_deref()).opt(view.state.in_view.as_ref().map(|_| "")).all(view.state.in_view.as_deref().unwrap_or_default().iter().map(String::as_str));
    if dom::built_from(&banner, key.all(app.notices.iter().map(String::as_str)).n(view.store.len()).s(&ui.lang).text()) {
        return;
    }
    clear(&banner);
    append(&banner, &el("p", "count", &count));
    if !diffs.is_empty() || !flags.is_empty() {
        let warn = el("div", "warn", "");
        attr(&warn, "id", "comparability");
        append(&warn, &el("p", "", &ui.tr("viewer.differ_intro")));
        let ul = el("ul", "", "");
        for d in diffs {
            let li = el("li", "", "");
            attr(&li, "data-dim", d.dim.key());
            append(&li, &el("strong", "", &ui.tr(&format!("viewer.differ.{}", d.dim.key()))));
            let values: Vec<String> = d.values.iter().map(|v| ui.show(v)).collect();
            append(&li, &el("span", "", &format!(": {}", values.join(", "))));
            append(&ul, &li);
        }
        // Engine flags set to different values (a flag column of a table, serve commands).
        for f in flags {
            let li = el("li", "", "");
            attr(&li, "data-dim", "flag");
            append(&li, &el("strong", "", &ui.fill("viewer.differ.flag", &[("flag", &format!("{} {}", f.framework, f.flag))])));
            append(&li, &el("span", "", &format!(": {}", f.values.join(", "))));
            append(&ul, &li);
        }
        append(&warn, &ul);
        append(&banner, &warn);
    }
    if let Some(link_hash) = &view.state.data_hash {
        if *link_hash != app.hash {
            let p = el("div", "warn", &ui.tr("viewer.data_changed"));
            attr(&p, "id", "data-changed");
            if let Some(ids) = &view.state.in_view {
                let mut known: Vec<&String> = view.store.ids.iter().collect();
                crate::order::sort_by(&mut known, |a, b| a.cmp(b));
                let gone: Vec<&String> = ids.iter().filter(|id| known.binary_search(id).is_err()).collect();
                if !gone.is_empty() {
                    append(&p, &el("p", "", &ui.tr("viewer.gone")));
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
        append(&n, &el("p", "", &ui.tr("viewer.notice.url")));
        let ul = el("ul", "", "");
        for notice in app.notices.iter().take(MAX_NOTICES) {
            append(&ul, &el("li", "", notice));
        }
        if app.notices.len() > MAX_NOTICES {
            append(&ul, &el("li", "more", &ui.fill("viewer.notice.more", &[("n", &(app.notices.len() - MAX_NOTICES).to_string())])));
        }
        append(&n, &ul);
        append(&banner, &n);
    }
}

fn render_selected(app: &App, view: &View) {
    let Some(panel) = dom::by_id("selected") else { return };
    let i = view.state.selected.as_ref().and_then(|id| view.store.ids.iter().position(|x| x == id));
    let detail = i.and_then(|i| app.detail(i));
    if i.is_some() && app.catalog.is_none() {
        load_catalog();
    }
    let key = dom::Key::default().opt(i.map(|i| view.store.ids[i].as_str())).s(&view.metric).n(view.store.len()).s(&view.ui.lang).s(&view.state.price);
    if dom::built_from(&panel, key.n(usize::from(detail.is_some())).n(usize::from(app.catalog.is_some())).text()) {
        return;
    }
    clear(&panel);
    let Some(i) = i else { return };
    let ui = view.ui;
    append(&panel, &el("h3", "", &ui.tr("viewer.selected")));
    let dl = el("dl", "values", "");
    let mut rows: Vec<(String, String)> = [Dim::Version, Dim::Gpu, Dim::Gpus, Dim::Precision, Dim::Model, Dim::Scenario, Dim::Prompts, Dim::Rate, Dim::Concurrency].into_iter().map(|d| (ui.tr(&format!("viewer.dim.{}", d.key())), ui.value(view.store, d, i))).collect();
    if let Some(m) = view.metric() {
        rows.push((ui.metric_label(view.store, &view.metric, m.unit != "ms"), if m.values[i].is_nan() { "–".into() } else { ui.number(m, m.values[i]) }));
    }
    for (label, value) in rows {
        append(&dl, &el("dt", "", &label));
        append(&dl, &el("dd", "", &value));
    }
    append(&panel, &dl);
    let found: Vec<_> = view.findings_of(i).collect();
    if !found.is_empty() {
        let ul = el("ul", "tip-findings", "");
        for f in found {
            let li = el("li", "", "⚠ ");
            append(&li, &link(&ui.finding_title(f), &ui.finding_href(f)));
            append(&ul, &li);
        }
        append(&panel, &ul);
    }
    match ui.run_href(view.store, i) {
        Some(href) => append(&panel, &link(&ui.tr("viewer.source_line"), &href)),
        None => append(&panel, &el("p", "", &ui.tr("viewer.local_run"))),
    }
    match detail {
        Some(detail) => effective_params(app, ui, &detail, &panel),
        None => {
            if let Some((k, _)) = app.locate(i) {
                load_details(k);
            }
        }
    }
}

/// The selected run's effective parameters (each with its origin; a default a formula
/// computed from a nominal GPU memory marked ≈, as the result pages do) and its KV-cache
/// estimate (`params.kv_memory`) with the other engines' equivalent values and what the
/// estimate assumes.
fn effective_params(app: &App, ui: &Ui, run: &Detail, panel: &Element) {
    let framework = run.framework.as_deref().unwrap_or("");
    if !run.effective.is_empty() {
        append(panel, &el("h4", "", &ui.tr("viewer.effective")));
        let table = el("table", "effective", "");
        attr(&table, "id", "selected-effective");
        for e in &run.effective {
            let tr = el("tr", "", "");
            append(&tr, &el("th", "", ""));
            if let Some(th) = tr.first_element_child() {
                append(&th, &el("code", "", &e.flag));
                attr(&th, "scope", "row");
            }
            let value = e.value.clone().unwrap_or_else(|| "?".into());
            let td = el("td", "", "");
            let code = el("code", "", &value);
            if app.catalog.as_ref().is_some_and(|c| c.approx(framework, e, run.gpu.as_deref())) {
                dom::set_text(&code, &format!("≈{value}"));
                attr(&code, "title", &ui.tr("tuning.approx"));
                attr(&code, "data-approx", "1");
            }
            append(&td, &code);
            append(&tr, &td);
            append(&tr, &el("td", "origin", &ui.tr(&format!("origin.{}", e.origin.as_str()))));
            append(&table, &tr);
        }
        let wrap = el("div", "table-wrap", "");
        append(&wrap, &table);
        append(panel, &wrap);
    }
    let Some(kv) = &run.kv_memory else { return };
    let gib = |x: f64| {
        let s = fixed(x, 2);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    let one = |x: f64| fixed(x, 1);
    let memories = run.gpu.as_deref().zip(app.catalog.as_ref()).map(|(g, c)| c.gpu(g).memories()).unwrap_or_default();
    let d = el("div", "kv-estimate", "");
    attr(&d, "id", "selected-kv");
    let p = el("p", "", "");
    append(&p, &el("strong", "", &ui.tr("kv.title")));
    append(&p, &el("span", "", " · "));
    append(&p, &el("code", "", &format!("{} {}", kv.flag, benchsite_model::number::shortest(kv.fraction))));
    let tp_note = if kv.tp_from == "default" { ui.tr("kv.tp_default") } else { String::new() };
    let lead = ui.fill(
        "kv.lead",
        &[
            ("origin", &ui.tr(&format!("origin.{}", kv.origin.as_str()))),
            ("model", run.family.as_deref().unwrap_or("")),
            ("precision", &kv.precision),
            ("params", &benchsite_model::number::shortest(kv.parameters_billion)),
            ("tp", &kv.tp.to_string()),
            ("tp_note", &tp_note),
        ],
    );
    append(&p, &el("span", "", &format!(" {lead}")));
    append(&d, &p);
    let ul = el("ul", "", "");
    for c in &kv.cases {
        let memory = gib(c.gpu_memory_gib);
        let li = el("li", "", "");
        let text = if c.kv_gib > 0.0 {
            ui.fill("kv.case", &[("mem", &memory), ("weights", &one(c.weights_gib)), ("kv", &one(c.kv_gib))])
        } else {
            ui.fill("kv.no_fit", &[("mem", &memory), ("weights", &one(c.weights_gib))])
        };
        append(&li, &el("span", "", &text));
        // A size the GPU table gives as nominal: the engine saw a slightly different one.
        if memories.iter().any(|m| !m.exact && (m.gib() - c.gpu_memory_gib).abs() < 1e-6) {
            let mark = el("span", "approx", &format!(" {}", ui.tr("viewer.kv_nominal")));
            attr(&mark, "title", &ui.tr("tuning.approx"));
            append(&li, &mark);
        }
        if c.kv_gib > 0.0 {
            append(&li, &el("br", "", ""));
            let same = el("span", "equivalents", &ui.tr("kv.same"));
            for (n, e) in c.equivalents.iter().enumerate() {
                let sep = if n == 0 { " ".to_string() } else { ui.tr("kv.sep") };
                append(&same, &el("span", "", &format!("{sep}{} ", crate::labels::framework_name(&e.framework))));
                append(&same, &el("code", "", &e.flag));
                append(&same, &el("span", "", &format!(" {}", e.fraction.map_or_else(|| ui.tr("kv.none"), |f| format!("≈ {}", fixed(f, 2))))));
            }
            append(&li, &same);
        }
        append(&ul, &li);
    }
    append(&d, &ul);
    let assumptions: Vec<String> = kv.assumptions.iter().map(|a| a.text().get(&ui.lang).to_string()).collect();
    append(&d, &el("p", "hint", &format!("{}{}{}", ui.tr("kv.assumes"), assumptions.join(&ui.tr("kv.sep")), ui.tr("kv.end"))));
    append(panel, &d);
}

thread_local! {
    /// The tuning panel as built: for the store's parameter index and whether the catalog was
    /// there, its heading and one entry per (framework, flag) of the data, in order, each with
    /// its range of `ParamIndex::params` and the text of its values. A redraw shows the
    /// entries the view has runs for and sets their values' text in place (building the
    /// entries was most of a redraw of every run at 100,000 runs).
    static TUNING: RefCell<Option<Tuning>> = const { RefCell::new(None) };
}

struct Tuning {
    index: std::sync::Arc<crate::tally::ParamIndex>,
    catalog: bool,
    heading: Element,
    entries: Vec<(Element, std::ops::Range<usize>, dom::Text)>,
}

/// The tuning panel: each (framework, flag) of the runs in view, with its values, their
/// origins and how many runs have each, and (in the full module) its meaning, equivalents
/// and tuning page.
fn render_tuning(app: &App, view: &View) {
    let Some(panel) = dom::by_id("tuning-panel") else { return };
    let ui = view.ui;
    // The runs of each set added up on the store's indexed parameters (`Store::param_index`).
    let index = view.store.param_index();
    let mut runs_per_param = vec![0usize; index.params.len()];
    for (params, &n) in index.of_set.iter().zip(&view.runs_per_set).filter(|(_, n)| **n > 0) {
        params.iter().for_each(|&p| runs_per_param[p as usize] += n);
    }
    let catalog = app.catalog.is_some() && PANELS;
    TUNING.with(|t| {
        let mut built = t.borrow_mut();
        if !built.as_ref().is_some_and(|b| std::sync::Arc::ptr_eq(&b.index, &index) && b.catalog == catalog) {
            *built = Some(build_tuning(app, ui, &panel, index.clone(), catalog));
        }
        let Some(built) = built.as_mut() else { return };
        let mut any = false;
        for (entry, range, values) in &mut built.entries {
            let seen: Vec<String> = index.params[range.clone()]
                .iter()
                .zip(&runs_per_param[range.clone()])
                .filter(|(_, n)| **n > 0)
                .map(|((_, _, value, origin), n)| format!("{value} ({}, {n})", ui.tr(&format!("origin.{origin}"))))
                .collect();
            dom::show(entry, !seen.is_empty());
            if !seen.is_empty() {
                values.set(&format!(" = {}", seen.join("; ")));
                any = true;
            }
        }
        dom::show(&built.heading, any);
    });
}

/// The tuning panel's heading and an entry per (framework, flag) of `index`, hidden until a
/// view shows them; entries the reader had opened stay open (the catalog came).
fn build_tuning(app: &App, ui: &Ui, panel: &Element, index: std::sync::Arc<crate::tally::ParamIndex>, catalog: bool) -> Tuning {
    let open: Vec<String> = panel.query_selector_all("details.param[open] summary code").map(|l| (0..l.length()).filter_map(|k| l.item(k)?.text_content()).collect()).unwrap_or_default();
    clear(panel);
    let heading = el("h2", "", &ui.tr("viewer.tuning"));
    dom::show(&heading, false);
    append(panel, &heading);
    let mut entries = Vec::new();
    let mut at = 0;
    while at < index.params.len() {
        let (fw, flag) = (&index.params[at].0, &index.params[at].1);
        let end = at + index.params[at..].iter().take_while(|p| &p.0 == fw && &p.1 == flag).count();
        let d = el("details", "param", "");
        dom::show(&d, false);
        let summary = el("summary", "", "");
        let name = format!("{fw} {flag}");
        if open.contains(&name) {
            attr(&d, "open", "");
        }
        append(&summary, &el("code", "", &name));
        let span = el("span", "", "");
        let values = dom::Text::in_(&span);
        append(&summary, &span);
        append(&d, &summary);
        if let Some(p) = app.catalog.as_ref().filter(|_| catalog).and_then(|c| c.find(fw, flag)) {
            append(&d, &el("p", "", p.meaning.get(&ui.lang)));
            if let Some(concept) = p.concept.as_deref() {
                let eq: Vec<String> = app.catalog.iter().flat_map(|c| &c.params).filter(|q| q.concept.as_deref() == Some(concept) && &q.framework != fw).map(|q| format!("{} {}", q.framework, q.flag)).collect();
                if !eq.is_empty() {
                    append(&d, &el("p", "", &format!("{}: {}", ui.tr("viewer.equivalents"), eq.join(", "))));
                }
            }
            let href = format!("{}{}/tuning/#{}-{}", ui.base, ui.lang, p.framework, p.flag.trim_start_matches('-'));
            append(&d, &link(&ui.tr("nav.tuning"), &href));
        }
        append(panel, &d);
        entries.push((d, at..end, values));
        at = end;
    }
    Tuning { index, catalog, heading, entries }
}

fn current_state(app: &App) -> ViewState {
    let mut state = app.state.clone();
    state.data_hash = Some(app.hash.clone());
    state.in_view = (app.rows.len() <= MAX_LISTED && app.rows.len() < app.store.total()).then(|| app.rows.iter(&app.store).filter(|&i| !app.store.local[i as usize]).map(|i| app.store.ids[i as usize].clone()).collect());
    state
}

/// Writes the state into the permalink and the language switch, and into the address bar
/// once the redraw is done: `history.replaceState` costs milliseconds, and several redraws
/// in a row need only the last state's address.
fn update_url(app: &App) {
    use std::sync::atomic::{AtomicBool, Ordering};
    static PENDING: AtomicBool = AtomicBool::new(false);
    let Some(window) = web_sys::window() else { return };
    let query = current_state(app).to_query();
    let path = window.location().pathname().unwrap_or_default();
    let url = format!("{path}?{query}");
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
    if PENDING.swap(true, Ordering::Relaxed) {
        return;
    }
    // The permalink then holds the last state's address.
    let write = Closure::once_into_js(move || {
        PENDING.store(false, Ordering::Relaxed);
        let (Some(window), Some(url)) = (web_sys::window(), dom::by_id("permalink").and_then(|p| p.get_attribute("href"))) else { return };
        let origin = window.location().origin().unwrap_or_default();
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(url.trim_start_matches(origin.as_str())));
        }
    });
    let _ = window.set_timeout_with_callback(write.unchecked_ref());
}

fn copy_permalink() {
    let Some(window) = web_sys::window() else { return };
    let Some(p) = dom::by_id("permalink") else { return };
    let href = p.get_attribute("href").unwrap_or_default();
    let clipboard = window.navigator().clipboard();
    let _ = clipboard.write_text(&href);
    with_app(|app| {
        p.set_text_content(Some(&app.ui.tr("viewer.copied")));
    });
}
