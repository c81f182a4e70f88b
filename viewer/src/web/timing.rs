//! Render phase timings for `cargo xtask bench-viewer` (`renderPhases`).

use std::cell::{Cell, RefCell};

thread_local! {
    static LAST_LAP: Cell<f64> = const { Cell::new(0.0) };
    /// Set by the benchmark: every lap first forces style and layout, so that each phase
    /// carries the layout of what it wrote to the page.
    pub static LAYOUT_PER_LAP: Cell<bool> = const { Cell::new(false) };
    /// Time of each phase of the last `render`.
    pub static PHASES: RefCell<Vec<(&'static str, f64)>> = const { RefCell::new(Vec::new()) };
    /// The phases of each timed round of `benchFilter`, for their medians.
    pub static ROUNDS: RefCell<Vec<Vec<(&'static str, f64)>>> = const { RefCell::new(Vec::new()) };
}

/// Records the time since the previous lap under `name`; `start` begins a new render.
pub fn lap(name: &'static str) {
    if name == "start" {
        PHASES.with(|p| p.borrow_mut().clear());
    } else if LAYOUT_PER_LAP.with(Cell::get) {
        let _ = super::dom::document().body().map(|b| b.offset_height());
    }
    let now = web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now());
    let last = LAST_LAP.with(|l| l.replace(now));
    if name != "start" {
        PHASES.with(|p| p.borrow_mut().push((name, now - last)));
    }
}

/// Keeps the phases of the render just done as one benchmark round.
pub fn keep_round() {
    let phases = PHASES.with(|p| p.borrow().clone());
    ROUNDS.with(|r| r.borrow_mut().push(phases));
}

/// `"phase=ms;phase=ms"`: the median of each phase over the rounds kept, in render order.
pub fn round_medians() -> String {
    ROUNDS.with(|r| {
        let rounds = r.borrow();
        let names: Vec<&str> = rounds.first().map(|p| p.iter().map(|(n, _)| *n).collect()).unwrap_or_default();
        names
            .iter()
            .map(|name| {
                let mut v: Vec<f64> = rounds.iter().filter_map(|p| p.iter().find(|(n, _)| n == name).map(|(_, ms)| *ms)).collect();
                crate::order::sort_by(&mut v, f64::total_cmp);
                format!("{name}={}", hundredths(v.get(v.len() / 2).copied().unwrap_or(f64::NAN)))
            })
            .collect::<Vec<_>>()
            .join(";")
    })
}

/// `ms` with two decimals (`12.35`), by integer arithmetic: `{:.2}` would bring the exact
/// float formatting (about 7 KB) into the wasm for the benchmark's sake alone.
pub fn hundredths(ms: f64) -> String {
    if !ms.is_finite() || ms < 0.0 {
        return "NaN".into();
    }
    let h = (ms * 100.0).round() as u64;
    format!("{}.{:02}", h / 100, h % 100)
}

/// `"phase=ms;phase=ms"` of the last redraw.
pub fn last_phases() -> String {
    PHASES.with(|p| p.borrow().iter().map(|(name, ms)| format!("{name}={}", hundredths(*ms))).collect::<Vec<_>>().join(";"))
}
