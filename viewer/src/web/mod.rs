//! The browser side: the exported entry points (the only `#[wasm_bindgen]` items). Imports
//! point one way: `app` (controller) → `chart`, `table`, `versus`, `cost` (views) → `view`, `ui`, `dom`,
//! `timing` (what every view needs), and the pure modules of the crate below them.

mod app;
mod canvas;
mod chart;
mod cost;
mod dom;
mod table;
mod timing;
mod ui;
mod versus;
mod view;

use wasm_bindgen::prelude::*;

/// Whether this is the full module, with what the first view does not show: the trade-off
/// and sweep charts, the compare view, a selected run's panel (its details file and the
/// parameter catalog), the parameter explanations, CSV and the reader's own logs. The core
/// module, which a first visit loads, leaves them out (the compiler drops every branch this
/// constant closes) and hands the page over to the full module when one is needed
/// (`app::upgrade`).
const PANELS: bool = cfg!(feature = "panels");

/// Runs when the module is instantiated: loads the data and draws the explorer. Any
/// failure, panics included, shows an error panel instead of a blank page: the hook below
/// where panics unwind to it (a stable build), `explore.js` where a panic is a trap (the
/// lean build `cargo xtask wasm` makes, `-C panic=immediate-abort`).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("The explorer stopped: {info}");
        web_sys::console::error_1(&JsValue::from_str(&message));
        app::fail(&message);
    }));
    // Two closures, not one with a branch: an await in a branch `PANELS` closes still makes
    // the core module larger.
    if PANELS {
        wasm_bindgen_futures::spawn_local(async {
            if let Err(message) = app::fetch_more_strings().await {
                app::fail_to_start(&message);
            } else if let Err(message) = app::run().await {
                app::fail_to_start(&message);
            }
        });
    } else {
        wasm_bindgen_futures::spawn_local(async {
            if let Err(message) = app::run().await {
                app::fail_to_start(&message);
            }
        });
    }
}

/// Adds runs parsed from a reader's log (the log parser's output, `crate::local`) as local
/// (the full module only: the core one hands a reader's files over to it).
#[cfg(feature = "panels")]
#[wasm_bindgen(js_name = addRuns)]
pub fn add_runs(name: &str, json: &str) -> Result<usize, JsValue> {
    app::add_runs(name, json).map_err(|e| JsValue::from_str(&e))
}

/// The core module stops (its listeners and redraws do nothing more): the full module,
/// taking the page over, calls it through `explore.js` when it reads the state.
#[wasm_bindgen]
pub fn retire() {
    app::retire();
}

/// Replaces the data with the explorer data `index` and `shard` (shard 0 of one): the
/// benchmark's synthetic runs, which the benchmark writes natively with `columns::write`
/// (`crate::synthetic_runs`), so the explorer's wasm carries no run generator.
#[wasm_bindgen(js_name = benchData)]
pub fn bench_data(index: &str, shard: &str) -> Result<(), JsValue> {
    app::replace_data(index, shard).map_err(|e| JsValue::from_str(&e))
}

/// Times `rounds` filter changes on the runs loaded, each from the state change to the
/// redrawn chart and table, laid out. Returns milliseconds per round.
#[wasm_bindgen(js_name = benchFilter)]
pub fn bench_filter(rounds: usize) -> Vec<f64> {
    let perf = web_sys::window().and_then(|w| w.performance());
    let now = || perf.as_ref().map_or(0.0, |p| p.now());
    let frameworks: Vec<String> = app::with_app(|a| a.store.dims[&crate::store::Dim::Framework].values.clone()).unwrap_or_default();
    let mut out = Vec::with_capacity(rounds);
    timing::ROUNDS.with(|r| r.borrow_mut().clear());
    for r in 0..rounds {
        let pick = frameworks.get(r % frameworks.len().max(1)).cloned();
        let t0 = now();
        app::update(|a| {
            a.state.filters.clear();
            if let Some(fw) = pick {
                if r % 3 != 2 {
                    a.state.filters.insert(crate::store::Dim::Framework, [fw].into());
                }
            }
        });
        // Style and layout of what the redraw wrote, which the browser would otherwise do
        // after this function returns (and the next round would pay for when it reads the
        // chart's width): forced here so each round carries its own.
        let _ = dom::document().body().map(|b| b.offset_height());
        timing::lap("layout");
        out.push(now() - t0);
        if r > 0 {
            timing::keep_round();
        }
    }
    // One more round for `renderPhases`, with the layout of each phase's writes in it.
    timing::LAYOUT_PER_LAP.with(|l| l.set(true));
    app::update(|a| a.state.filters.clear());
    timing::LAYOUT_PER_LAP.with(|l| l.set(false));
    out
}

/// `"phase=ms;phase=ms"`: each phase's median over the timed rounds of the last
/// `benchFilter` but its first (which builds the facets for the new data).
#[wasm_bindgen(js_name = roundPhases)]
pub fn round_phases() -> String {
    timing::round_medians()
}

/// `"phase=ms;phase=ms"` of the last redraw, for the benchmark's breakdown.
#[wasm_bindgen(js_name = renderPhases)]
pub fn render_phases() -> String {
    timing::last_phases()
}
