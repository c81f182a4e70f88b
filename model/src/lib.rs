//! The JSON contract between the generator and the viewer: one definition of a benchmark
//! run, its source lines and the findings about it, with a schema version.
//!
//! This crate does no I/O and has no platform-specific dependency, so the same types compile
//! natively (generator) and to `wasm32-unknown-unknown` (viewer). Numbers are kept exactly as
//! the log printed them (as `f64`/`u64`); latencies are always milliseconds.

mod finding;
mod run;
pub mod tuning;

pub use finding::{Finding, Severity};
pub use run::{
    ClientInfo, Derived, Flag, Latency, Metrics, Note, Params, RequestRate, Run, Scenario, Source,
    SweepRef,
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
