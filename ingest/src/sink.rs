//! The findings collector a parser writes to: it knows the file's path so each finding is
//! located, and it never stops the parse.
//!
//! A log of alike blocks gives one finding per block with the same sentence, and a build
//! holds every finding: the sink keeps the last message of each code and hands out that one
//! shared copy (`model::Message`) when the next finding of the code says the same.

use benchsite_model::map::Key;
use benchsite_model::{Finding, Message, Severity};
use std::collections::HashSet;

#[derive(Debug)]
pub struct Sink {
    pub path: String,
    pub findings: Vec<Finding>,
    /// The last message of each code (a file raises a few dozen codes at most).
    last: Vec<(Key, Message)>,
}

impl Sink {
    pub fn new(path: &str) -> Self {
        Sink { path: path.to_string(), findings: Vec::new(), last: Vec::new() }
    }

    /// Records a finding and returns it for adding values and run ids.
    pub fn push(&mut self, severity: Severity, code: &str, line: u32, message: String) -> &mut Finding {
        let message = self.shared(code, message);
        self.findings.push(Finding::new(severity, code, &self.path, line, message));
        self.findings.last_mut().expect("just pushed")
    }

    /// `message`, or the copy the previous finding of `code` holds when it says the same.
    fn shared(&mut self, code: &str, message: String) -> Message {
        match self.last.iter_mut().find(|(c, _)| c == code) {
            Some((_, last)) if **last == *message => last.clone(),
            Some((_, last)) => {
                *last = Message::from(message);
                last.clone()
            }
            None => {
                let made = Message::from(message);
                self.last.push((Key::new(code), made.clone()));
                made
            }
        }
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
            self.runs.push(Key::new(id));
        }
        self
    }

    fn runs<'i>(&mut self, ids: impl IntoIterator<Item = &'i str>) -> &mut Self {
        let mut seen: HashSet<&str> = self.runs.iter().map(Key::as_str).collect();
        let new: Vec<Key> = ids.into_iter().filter(|id| seen.insert(id)).map(Key::new).collect();
        self.runs.extend(new);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alike_findings_share_one_message_and_others_keep_their_own() {
        let mut sink = Sink::new("raw/a.log");
        for line in [1, 5] {
            sink.warn("missing-metrics", line, "no TTFT rows".to_string());
            sink.info("sentinel", line, format!("a sentinel at line {line}"));
        }
        sink.warn("missing-metrics", 9, "no TPOT rows".to_string());
        let f = &sink.findings;
        assert!(f[0].message.shares(&f[2].message), "the same sentence of one code is one copy");
        assert!(!f[1].message.shares(&f[3].message));
        assert_eq!((f[1].message.as_str(), f[3].message.as_str()), ("a sentinel at line 1", "a sentinel at line 5"));
        assert_eq!(f[4].message, "no TPOT rows");
    }
}
