//! Findings: what is odd, missing or contradictory in the input, located to a line.
//!
//! A finding carries a stable `code` and the `values` it is about, so pages can phrase it in
//! any language; `message` is the English sentence the CLI prints.

use serde::{Deserialize, Serialize};
use crate::map::{Key, Map};
use crate::message::Message;

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Data was lost or cannot be trusted: a block that yields no run, an unreadable file.
    Error,
    /// The data was kept but a reader comparing it should know something is off.
    Warning,
    /// Context worth showing (a sentinel value, a default that was assumed).
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Finding {
    pub severity: Severity,
    /// Stable identifier such as `model-mismatch`; pages translate by code.
    pub code: Key,
    pub path: Key,
    /// 1-based line the finding is about; 0 when it concerns the whole file.
    pub line: u32,
    /// English sentence saying what is wrong and what to do; findings alike share one.
    pub message: Message,
    /// The values the finding is about, by name (e.g. `expected`, `found`).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub values: Map<String>,
    /// Ids of the runs this finding concerns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<Key>,
}

impl Finding {
    pub fn new(severity: Severity, code: &str, path: &str, line: u32, message: impl Into<Message>) -> Self {
        Finding {
            severity,
            code: Key::new(code),
            path: Key::new(path),
            line,
            message: message.into(),
            values: Map::new(),
            runs: Vec::new(),
        }
    }

    /// Adds a value the finding is about; chainable.
    pub fn with(mut self, key: &str, value: impl ToString) -> Self {
        self.values.insert(key, value.to_string());
        self
    }
}
