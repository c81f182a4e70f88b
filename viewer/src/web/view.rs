//! One frame of the explorer: the state, the runs it selects and everything needed to draw
//! them, computed once per change. The chart, the table and the panels all draw from a
//! `View`, so no part of the page can show another state than the others.

use super::ui::Ui;
use crate::state::ViewState;
use crate::store::{Metric, Store};
use benchsite_model::Finding;

pub struct View<'a> {
    pub store: &'a Store,
    pub state: &'a ViewState,
    /// The runs in view, in table order.
    pub rows: &'a [u32],
    pub ui: &'a Ui,
    /// Every finding (the site's, then those of logs the reader added).
    pub findings: &'a [Finding],
    /// The metric charted and first in the table, and the trade-off chart's x metric.
    pub metric: String,
    pub x_metric: String,
}

impl<'a> View<'a> {
    pub fn new(store: &'a Store, state: &'a ViewState, rows: &'a [u32], ui: &'a Ui, findings: &'a [Finding]) -> View<'a> {
        View { store, state, rows, ui, findings, metric: metric_key(store, state), x_metric: x_metric_key(store, state) }
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
    crate::store::PREFERRED
        .iter()
        .find(|k| store.metric(k).is_some())
        .map_or_else(|| store.metrics.first().map(|m| m.key.clone()).unwrap_or_default(), |k| k.to_string())
}

fn x_metric_key(store: &Store, state: &ViewState) -> String {
    state.x_metric.clone().filter(|m| store.metric(m).is_some()).unwrap_or_else(|| {
        ["interactivity", "tpot.mean", "ttft.p99"].iter().find(|k| store.metric(k).is_some()).map_or_else(|| default_metric(store), |k| k.to_string())
    })
}
