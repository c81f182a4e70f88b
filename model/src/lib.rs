//! The JSON contract between the generator and the viewer: one definition of a benchmark
//! run, its source lines and the findings about it, with a schema version.
//!
//! This crate does no I/O and has no platform-specific dependency, so the same types compile
//! natively (generator) and to `wasm32-unknown-unknown` (viewer). Numbers are kept exactly as
//! the log printed them (as `f64`/`u64`); latencies are always milliseconds.

mod finding;
pub mod gpu;
pub mod map;
mod message;
pub mod rare;
pub mod memory;
pub mod number;
mod run;
pub mod tuning;

pub use finding::{Finding, Severity};
pub use map::Map;
pub use message::Message;
pub use rare::Rare;
pub use number::{format_count, format_metric, Origin};
pub use run::{
    ClientInfo, ContextRef, Derived, Flag, Labels, Latency, Metrics, MoreMetrics, Note, Params, RequestRate, Run,
    Scenario, Source, Spread, SweepRef, interactivity, per_gpu,
};

use serde::{Deserialize, Serialize};

/// Version of the `runs.json` layout. Bump the major part when a field changes meaning or
/// disappears; readers compare it before trusting the rest.
pub const SCHEMA_VERSION: &str = "1.0";

/// The whole of `data/runs.json`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct RunsFile {
    pub schema: String,
    /// Every file that was read, with what came out of it.
    pub sources: Vec<SourceFile>,
    pub runs: Vec<Run>,
    pub findings: Vec<Finding>,
}

impl Default for RunsFile {
    fn default() -> Self {
        RunsFile {
            schema: SCHEMA_VERSION.to_string(),
            sources: Vec::new(),
            runs: Vec::new(),
            findings: Vec::new(),
        }
    }
}

/// One input file and what it yielded.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct SourceFile {
    /// Path relative to the content folder, with `/` separators.
    pub path: String,
    /// `result-file` (a `<framework>/<GPU>_v<version>.md`) or `raw` (anything else scanned).
    pub kind: String,
    pub framework: Option<String>,
    pub framework_version: Option<String>,
    pub gpu: Option<String>,
    pub lines: u32,
    pub runs: u32,
}

/// Shortest text that reads back as the same number, integers without a decimal point.
/// Pages show numbers with [`format_metric`] and [`format_count`] (grouped, units, derived
/// values rounded); this plain form is for machine-readable text.
pub fn format_number(x: f64) -> String {
    if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        number::shortest(x)
    }
}

/// Page path of a content file's result page, relative to a language folder:
/// `lmdeploy/H800_v0.10.0.md` → `results/lmdeploy/H800_v0.10.0/`. Shared by the generator,
/// which writes the page, and the viewer, which links to it.
///
/// One page per file: the mapping is injective. Characters other than letters, digits and
/// `/ . _ -` are written `~<hex>~` (`a b.log` → `a~20~b.log`), and every file that is not
/// markdown gets a trailing `~` (`raw/sweep.log` → `results/raw/sweep.log~/`), so `x.log`
/// and `x.log.md`, or `x` and `x.md`, do not share a page. The escapes keep this
/// unambiguous: a `~` of the name itself is escaped, so a bare `~` at the end can only be
/// the mark.
pub fn result_page(source_path: &str) -> String {
    format!("results/{}/", page_stem(source_path))
}

/// Page path of a content file's source page, relative to the site root (not a language
/// folder: the listing is the file's own text, written once for both languages):
/// `lmdeploy/H800_v0.10.0.md` → `source/lmdeploy/H800_v0.10.0/`. Its lines are `#L1`,
/// `#L2`, ...; the result pages and the explorer link numbers to them. One page per file,
/// as [`result_page`].
pub fn source_page(source_path: &str) -> String {
    format!("source/{}/", page_stem(source_path))
}

/// The part of a page path that names the file (see [`result_page`]).
fn page_stem(source_path: &str) -> String {
    let (stem, markdown) = match source_path.strip_suffix(".md") {
        Some(stem) => (stem, true),
        None => (source_path, false),
    };
    let mut safe = String::with_capacity(stem.len() + 2);
    for c in stem.trim_matches('/').chars() {
        if c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-') {
            safe.push(c);
        } else {
            safe.push_str(&format!("~{:x}~", u32::from(c)));
        }
    }
    if !markdown {
        safe.push('~');
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::result_page;
    use proptest::prelude::*;

    /// A content-relative path as discovery gives them: segments joined by `/`.
    fn path() -> impl Strategy<Value = String> {
        proptest::collection::vec("[a-c .~?\\-]{1,4}(\\.md)?", 1..3)
            .prop_map(|segments| segments.join("/"))
    }

    #[test]
    fn a_log_and_a_markdown_file_of_the_same_name_get_two_pages() {
        assert_eq!(
            result_page("lmdeploy/H800_v0.10.0.md"),
            "results/lmdeploy/H800_v0.10.0/"
        );
        assert_eq!(result_page("raw/x.log"), "results/raw/x.log~/");
        assert_ne!(result_page("raw/x.log"), result_page("raw/x.log.md"));
        assert_ne!(result_page("."), result_page("..md"));
        assert_ne!(result_page("a~.md"), result_page("a~7e"));
        assert_eq!(super::source_page("raw/x.log"), "source/raw/x.log~/");
    }

    proptest! {
        /// Two files never share a result page.
        #[test]
        fn result_pages_are_one_per_file(a in path(), b in path()) {
            prop_assume!(a != b);
            prop_assert_ne!(result_page(&a), result_page(&b));
        }
    }
}
