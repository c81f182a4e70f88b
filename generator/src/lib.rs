//! The benchsite generator: reads a content folder, parses every result into runs and
//! findings, and writes the site (`data/runs.json` and the bilingual pages) atomically into
//! the output folder.
//! `main.rs` only parses arguments and maps the outcome to an exit code.

pub mod build;
pub mod content;
pub mod diagnostics;
pub mod output;
pub mod phases;
pub mod read;
pub mod runs_json;
pub mod serve;
pub mod site;

pub use build::{build, check, BuildOptions, Outcome};
