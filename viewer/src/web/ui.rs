//! What every view needs to write text for a reader, below the controller, the chart and the
//! table: UI strings of the page's language, labels of values and metrics, numbers, links to
//! result pages and findings, and colours.

use crate::palette::{self, Rgb};
use crate::store::{Dim, Metric, Store};
use benchsite_model::{format_metric, Finding};
/// UI strings by key: sorted pairs, looked up by binary search (a map type fewer in the wasm).
#[derive(Default)]
pub struct Strings(Vec<(String, String)>);

impl Strings {
    /// The pairs, the last of a repeated key kept (as a map would).
    pub fn new(mut pairs: Vec<(String, String)>) -> Strings {
        pairs.reverse();
        crate::order::sort_by(&mut pairs, |a, b| a.0.cmp(&b.0));
        pairs.dedup_by(|a, b| a.0 == b.0);
        Strings(pairs)
    }

    pub fn get(&self, key: &str) -> Option<&String> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok().map(|i| &self.0[i].1)
    }
}

/// The page's language, its UI strings and where the site lives.
pub struct Ui {
    pub t: Strings,
    pub lang: String,
    pub base: String,
}

impl Ui {
    /// A UI string; a missing one shows its key (the build checks the catalogs).
    pub fn tr(&self, key: &str) -> String {
        self.t.get(key).cloned().unwrap_or_else(|| key.to_string())
    }

    /// A UI string with its `{placeholders}` filled in one pass (a value from the data is
    /// never read as a placeholder).
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        crate::labels::fill(&self.tr(key), values)
    }

    /// A value of a dimension, a series or a group label as a reader sees it: framework
    /// names as their projects write them, "not stated" for `?`.
    pub fn show(&self, text: &str) -> String {
        crate::labels::display(text, &self.tr("viewer.unknown"))
    }

    /// The value of `dim` for run `i`, shown.
    pub fn value(&self, store: &Store, dim: Dim, i: usize) -> String {
        self.show(store.value(dim, i))
    }

    /// `TTFT P99`, `TTFT 平均`, `Output tokens/s per GPU`: with `unit`, a latency's unit
    /// (`TTFT P99 (ms)`) for an axis drawn in it; throughput names say their unit already.
    pub fn metric_label(&self, store: &Store, key: &str, unit: bool) -> String {
        let ms = unit && store.metric(key).is_some_and(|m| m.unit == "ms");
        crate::labels::metric_label(key, ms, &|k| self.tr(k))
    }

    /// A metric's value as the table and tooltips show it, with the pages' formatting:
    /// grouped digits, latencies with their unit (ms below 10 s, s above), derived values
    /// to three significant digits. Other units are named by the column or axis.
    pub fn number(&self, metric: &Metric, value: f64) -> String {
        format_metric(value, if metric.unit == "ms" { "ms" } else { "" }, metric.origin(), &self.lang)
    }

    /// Link to a run's line on its file's source page, one for both languages (site runs only).
    pub fn source_href(&self, store: &Store, i: usize, line: u32) -> Option<String> {
        (!store.local[i]).then(|| format!("{}{}#L{line}", self.base, benchsite_model::source_page(store.path(i))))
    }

    /// Link to a run's row on its result page (site runs only).
    pub fn run_href(&self, store: &Store, i: usize) -> Option<String> {
        (!store.local[i]).then(|| format!("{}{}/{}#run-L{}", self.base, self.lang, benchsite_model::result_page(store.path(i)), store.lines[i]))
    }

    /// Link to a finding on the result page of its file.
    pub fn finding_href(&self, f: &Finding) -> String {
        format!("{}{}/{}#finding-{}-L{}", self.base, self.lang, benchsite_model::result_page(&f.path), f.code, f.line)
    }

    /// A finding's title in the page's language.
    pub fn finding_title(&self, f: &Finding) -> String {
        self.t.get(&format!("finding.{}", f.code)).cloned().unwrap_or_else(|| f.code.to_string())
    }
}

/// `rgb(0,114,178)` for the 2D context.
pub fn css(rgb: Rgb) -> String {
    palette::css(rgb)
}
