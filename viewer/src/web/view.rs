//! One frame of the explorer: the state, the runs it selects and everything needed to draw
//! them, computed once per change. The chart, the table and the panels all draw from a
//! `View`, so no part of the page can show another state than the others.

use super::ui::Ui;
use crate::cost::{Prices, Refused};
use crate::filter::{self, Rows, Sides};
use crate::state::{Chart, ViewState};
use crate::store::{Metric, Store};
use crate::versus::Thresholds;
use benchsite_model::Finding;

pub struct View<'a> {
    pub store: &'a Store,
    pub state: &'a ViewState,
    /// The runs in view, in table order.
    pub rows: &'a Rows,
    pub ui: &'a Ui,
    /// Every finding (the site's, then those of logs the reader added).
    pub findings: &'a [Finding],
    /// The metric charted and first in the table, and the trade-off chart's x metric.
    pub metric: String,
    pub x_metric: String,
    /// The compare view's thresholds: the typed ones when `Thresholds::new` takes them,
    /// else the defaults (and `thresholds_refused`).
    pub thresholds: Thresholds,
    pub thresholds_refused: bool,
    /// The compare view's runs (only in the compare view).
    pub sides: Option<Sides>,
    /// The typed prices that were taken, and each refused one.
    pub prices: Prices,
    pub refused: Vec<Refused>,
    /// How many runs in view have each parameter set (the tuning panel and the banner's
    /// engine flags read it).
    pub runs_per_set: Vec<usize>,
}

impl<'a> View<'a> {
    pub fn new(store: &'a Store, state: &'a ViewState, rows: &'a Rows, ui: &'a Ui, findings: &'a [Finding]) -> View<'a> {
        let typed = (state.up.is_some() || state.down.is_some()).then(|| {
            let d = Thresholds::default();
            Thresholds::new(state.up.unwrap_or(d.up), state.down.unwrap_or(d.down))
        });
        let (prices, refused) = if super::PANELS { Prices::parse(&state.price) } else { Default::default() };
        View {
            store,
            state,
            rows,
            ui,
            findings,
            metric: metric_key(store, state),
            x_metric: x_metric_key(store, state),
            thresholds: typed.flatten().unwrap_or_default(),
            thresholds_refused: typed.is_some_and(|t| t.is_none()),
            sides: if super::PANELS && state.chart == Chart::Compare { filter::sides(store, state) } else { None },
            prices,
            refused,
            runs_per_set: filter::runs_per_set(store, rows),
        }
    }

    /// The tally per unit of the rows' grain of metric `key`.
    pub fn tally(&self, key: &str) -> Option<std::sync::Arc<crate::tally::Tally>> {
        self.store.tally(self.rows.grain, key)
    }

    pub fn metric(&self) -> Option<&'a Metric> {
        self.store.metric(&self.metric)
    }

    pub fn is_selected(&self, i: usize) -> bool {
        self.state.selected.as_deref() == Some(self.store.ids[i].as_str())
    }

    /// The findings about run `i`.
    pub fn findings_of(&self, i: usize) -> impl Iterator<Item = &'a Finding> + '_ {
        self.store.findings[i].iter().filter_map(|&f| self.findings.get(f as usize))
    }

    /// The titles of run `i`'s findings, in the page's language, joined.
    pub fn finding_titles(&self, i: usize) -> String {
        self.findings_of(i).map(|f| self.ui.finding_title(f)).collect::<Vec<_>>().join("; ")
    }
}

/// The state's metric if the data has it, else the first of output tokens/s per GPU,
/// output tokens/s and requests/s that it has.
pub fn metric_key(store: &Store, state: &ViewState) -> String {
    state.metric.clone().filter(|m| store.metric(m).is_some()).unwrap_or_else(|| default_metric(store))
}

pub fn default_metric(store: &Store) -> String {
    store.default_metric()
}

fn x_metric_key(store: &Store, state: &ViewState) -> String {
    state.x_metric.clone().filter(|m| store.metric(m).is_some()).unwrap_or_else(|| {
        ["interactivity", "tpot.mean", "ttft.p99"].iter().find(|k| store.metric(k).is_some()).map_or_else(|| default_metric(store), |k| k.to_string())
    })
}
