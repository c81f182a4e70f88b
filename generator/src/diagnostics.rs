//! Compiler-style rendering of findings: severity, code, `path:line`, the offending line
//! and the sentence saying what to do, via codespan-reporting.

use crate::content::Input;
use benchsite_model::{Finding, Severity};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::WriteColor, Config};
use std::collections::HashMap;

/// Writes every finding to `out`, in the order given.
pub fn emit(out: &mut dyn WriteColor, findings: &[Finding], inputs: &[Input]) -> std::io::Result<()> {
    let mut files = SimpleFiles::new();
    let mut ids = HashMap::new();
    for input in inputs {
        ids.insert(input.rel.as_str(), files.add(input.rel.clone(), input.text.as_str()));
    }
    let config = Config::default();
    for f in findings {
        let mut d = match f.severity {
            Severity::Error => Diagnostic::error(),
            Severity::Warning => Diagnostic::warning(),
            Severity::Info => Diagnostic::note(),
        }
        .with_code(f.code.clone())
        .with_message(f.message.clone());
        let located = ids.get(f.path.as_str()).and_then(|&id| {
            let text = files.get(id).ok()?.source();
            let range = line_range(text, f.line)?;
            Some(Label::primary(id, range))
        });
        match located {
            Some(label) => d = d.with_labels(vec![label]),
            None if f.line > 0 => d = d.with_notes(vec![format!("at {}:{}", f.path, f.line)]),
            None => d = d.with_notes(vec![format!("in {}", f.path)]),
        }
        if term::emit(out, &config, &files, &d).is_err() {
            writeln!(out, "{}: {}:{}: {}", f.severity.as_str(), f.path, f.line, f.message)?;
        }
    }
    Ok(())
}

/// Byte range of 1-based `line` without its newline; `None` for line 0 or past the end.
fn line_range(text: &str, line: u32) -> Option<std::ops::Range<usize>> {
    if line == 0 {
        return None;
    }
    let mut start = 0;
    for (i, l) in text.split('\n').enumerate() {
        if i as u32 + 1 == line {
            let trimmed = l.trim_end_matches('\r');
            // Very long lines (progress bars) are shown by their first 200 bytes.
            let mut end = start + trimmed.len().min(200);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            return Some(start..end);
        }
        start += l.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::term::termcolor::NoColor;

    #[test]
    fn renders_path_line_source_and_advice() {
        let inputs = vec![Input { rel: "raw/a.log".into(), abs: "a".into(), text: "one\nMean TTFT (ms): xxx\n".into() }];
        let finding = Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 2, "replace it".into());
        let mut out = NoColor::new(Vec::new());
        emit(&mut out, &[finding], &inputs).unwrap();
        let text = String::from_utf8(out.into_inner()).unwrap();
        assert!(text.contains("error[placeholder-value]: replace it"), "{text}");
        assert!(text.contains("raw/a.log:2:1"), "{text}");
        assert!(text.contains("Mean TTFT (ms): xxx"), "{text}");
    }
}
