//! The benchsite generator: reads a content folder, parses every result into runs and
//! findings, and writes the site (today: `data/runs.json`) atomically into the output folder.
//! `main.rs` only parses arguments and maps the outcome to an exit code.

pub mod build;
pub mod content;
pub mod diagnostics;

pub use build::{build, check, BuildOptions, Outcome};
