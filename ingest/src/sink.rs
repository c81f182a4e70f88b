//! The findings collector a parser writes to: it knows the file's path so each finding is
//! located, and it never stops the parse.

use benchsite_model::{Finding, Severity};
use std::collections::HashSet;

#[derive(Debug)]
pub struct Sink {
    pub path: String,
    pub findings: Vec<Finding>,
}

impl Sink {
    pub fn new(path: &str) -> Self {
        Sink { path: path.to_string(), findings: Vec::new() }
    }

    /// Records a finding and returns it for adding values and run ids.
    pub fn push(&mut self, severity: Severity, code: &str, line: u32, message: String) -> &mut Finding {
        self.findings.push(Finding::new(severity, code, &self.path, line, message));
        self.findings.last_mut().expect("just pushed")
    }

    pub fn error(&mut self, code: &str, line: u32, message: String) -> &mut Finding {
        self.push(Severity::Error, code, line, message)
    }

    pub fn warn(&mut self, code: &str, line: u32, message: String) -> &mut Finding {
        self.push(Severity::Warning, code, line, message)
    }

    pub fn info(&mut self, code: &str, line: u32, message: String) -> &mut Finding {
        self.push(Severity::Info, code, line, message)
    }
}

/// Chainable helpers on a freshly pushed finding.
pub trait FindingExt {
    fn value(&mut self, key: &str, value: impl ToString) -> &mut Self;
    fn run(&mut self, id: &str) -> &mut Self;
    /// Marks every run of `ids` (each once) in time linear in their number.
    fn runs<'i>(&mut self, ids: impl IntoIterator<Item = &'i str>) -> &mut Self;
}

impl FindingExt for Finding {
    fn value(&mut self, key: &str, value: impl ToString) -> &mut Self {
        self.values.insert(key, value.to_string());
        self
    }

    fn run(&mut self, id: &str) -> &mut Self {
        if !self.runs.iter().any(|r| r == id) {
            self.runs.push(id.to_string());
        }
        self
    }

    fn runs<'i>(&mut self, ids: impl IntoIterator<Item = &'i str>) -> &mut Self {
        let mut seen: HashSet<&str> = self.runs.iter().map(String::as_str).collect();
        let new: Vec<String> = ids.into_iter().filter(|id| seen.insert(id)).map(str::to_string).collect();
        self.runs.extend(new);
        self
    }
}
