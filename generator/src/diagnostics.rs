//! Compiler-style rendering of findings: severity, code, `path:line`, the offending line
//! and the sentence saying what to do, via codespan-reporting.
//!
//! Everything here may come from content (file names, quoted values, source lines), and a
//! terminal obeys what it prints: an escape sequence can set a CI log's title, clear the
//! screen or print a fake red `error:`. So every string passes through [`printable`] first,
//! which shows control characters as text (`\u{1b}`).

use crate::content::Input;
use benchsite_model::{Finding, Severity};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::WriteColor, Config};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// Writes every finding to `out`, in the order given.
pub fn emit(out: &mut dyn WriteColor, findings: &[Finding], inputs: &[Input]) -> std::io::Result<()> {
    let mut files = SimpleFiles::new();
    let mut ids = HashMap::new();
    // Only files a finding quotes, borrowed when there is nothing to escape: a build's texts
    // can be hundreds of megabytes and are already in memory once.
    let quoted: HashSet<&str> = findings.iter().map(|f| f.path.as_str()).collect();
    for input in inputs.iter().filter(|i| quoted.contains(i.rel.as_str())) {
        // Lines stay where they were: `printable_source` keeps every `\n`.
        ids.insert(input.rel.as_str(), files.add(printable(&input.rel).into_owned(), printable_source(&input.text)));
    }
    let config = Config::default();
    let mut starts: HashMap<usize, Vec<usize>> = HashMap::new();
    // A log of thousands of blocks with one flaw each would bury everything else: the first
    // few findings of a code in a file are shown, the rest counted (all are in runs.json and
    // on the file's page).
    let mut shown: HashMap<(&str, &str), usize> = HashMap::new();
    for f in findings {
        let seen = shown.entry((f.path.as_str(), f.code.as_str())).or_insert(0);
        *seen += 1;
        if *seen > SHOWN_PER_CODE {
            continue;
        }
        let (path, message) = (printable(&f.path), printable(&f.message));
        let mut d = match f.severity {
            Severity::Error => Diagnostic::error(),
            Severity::Warning => Diagnostic::warning(),
            Severity::Info => Diagnostic::note(),
        }
        .with_code(printable(&f.code).into_owned())
        .with_message(message.clone().into_owned());
        let located = ids.get(f.path.as_str()).and_then(|&id| {
            let text = files.get(id).ok()?.source();
            let range = line_range(text, starts.entry(id).or_insert_with(|| line_starts(text)), f.line)?;
            Some(Label::primary(id, range))
        });
        match located {
            Some(label) => d = d.with_labels(vec![label]),
            None if f.line > 0 => d = d.with_notes(vec![format!("at {path}:{}", f.line)]),
            None => d = d.with_notes(vec![format!("in {path}")]),
        }
        if term::emit(out, &config, &files, &d).is_err() {
            writeln!(out, "{}: {path}:{}: {message}", f.severity.as_str(), f.line)?;
        }
    }
    let mut hidden: Vec<_> = shown.into_iter().filter(|&(_, n)| n > SHOWN_PER_CODE).collect();
    hidden.sort();
    for ((path, code), n) in hidden {
        let d = Diagnostic::note().with_message(format!(
            "{} more `{}` finding(s) in {} not shown here; every one is in data/runs.json and on the file's page (`--format json` prints them all)",
            n - SHOWN_PER_CODE,
            printable(code),
            printable(path)
        ));
        term::emit(out, &config, &files, &d).map_err(std::io::Error::other)?;
    }
    Ok(())
}

/// How many findings of one code in one file the terminal shows.
pub const SHOWN_PER_CODE: usize = 20;

/// `text` with every control character but the newline shown as an escape (`\u{1b}`, `\t`,
/// `\r`), and the bidirectional controls too (they reorder what the terminal shows, as in
/// "Trojan Source"). Borrowed when there is nothing to escape, the usual case.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if needs_escape(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n') || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A file's text for the source snippets: Windows line ends are plain ones, everything else
/// as in [`printable`]; the count and order of lines is unchanged.
fn printable_source(text: &str) -> Cow<'_, str> {
    if text.contains("\r\n") {
        Cow::Owned(printable(&text.replace("\r\n", "\n")).into_owned())
    } else {
        printable(text)
    }
}

/// Byte offset of the start of every line of `text`, computed once per file: looking a
/// line up is then indexing, so a file with a million findings costs linear time.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// Byte range of 1-based `line` without its newline; `None` for line 0 or past the end.
fn line_range(text: &str, starts: &[usize], line: u32) -> Option<std::ops::Range<usize>> {
    let start = *starts.get((line as usize).checked_sub(1)?)?;
    let end = starts.get(line as usize).map_or(text.len(), |next| next - 1);
    let trimmed = text[start..end].trim_end_matches('\r');
    // Very long lines (progress bars) are shown by their first 200 bytes.
    let mut end = start + trimmed.len().min(200);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Some(start..end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::term::termcolor::NoColor;

    #[test]
    fn line_ranges_by_index_match_the_lines() {
        let text = "one\r\ntwo\n\nfour";
        let starts = line_starts(text);
        let got: Vec<Option<&str>> = (0..=5).map(|l| line_range(text, &starts, l).map(|r| &text[r])).collect();
        assert_eq!(got, [None, Some("one"), Some("two"), Some(""), Some("four"), None]);
    }

    #[test]
    fn renders_path_line_source_and_advice() {
        let inputs = vec![Input { rel: "raw/a.log".into(), abs: "a".into(), text: "one\nMean TTFT (ms): xxx\n".into() }];
        let finding = Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 2, "replace it");
        let mut out = NoColor::new(Vec::new());
        emit(&mut out, &[finding], &inputs).unwrap();
        let text = String::from_utf8(out.into_inner()).unwrap();
        assert!(text.contains("error[placeholder-value]: replace it"), "{text}");
        assert!(text.contains("raw/a.log:2:1"), "{text}");
        assert!(text.contains("Mean TTFT (ms): xxx"), "{text}");
    }

    /// 45 findings of one code in one file and 2 of another: the first 20 of the first are
    /// shown and the other 25 counted in one note; the second code is shown whole.
    #[test]
    fn many_findings_of_one_code_in_one_file_are_shown_then_counted() {
        let text: String = (1..=50).map(|i| format!("line {i}\n")).collect();
        let inputs = vec![Input { rel: "raw/a.log".into(), abs: "a".into(), text }];
        let mut findings: Vec<Finding> = (1..=45).map(|i| Finding::new(Severity::Warning, "no-scenario", "raw/a.log", i, format!("flaw {i}"))).collect();
        findings.push(Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 46, "other 46"));
        findings.push(Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 47, "other 47"));
        let mut out = NoColor::new(Vec::new());
        emit(&mut out, &findings, &inputs).unwrap();
        let text = String::from_utf8(out.into_inner()).unwrap();
        assert_eq!(text.matches("warning[no-scenario]").count(), SHOWN_PER_CODE, "{text}");
        assert!(text.contains("flaw 20\n") && !text.contains("flaw 21\n"), "{text}");
        assert!(text.contains("25 more `no-scenario` finding(s) in raw/a.log not shown"), "{text}");
        assert!(text.contains("other 46") && text.contains("other 47") && !text.contains("more `placeholder-value`"), "{text}");
    }

    /// Terminal escapes in a sidecar key (a TOML escape), raw in a log line and in the log's
    /// name: one sets the terminal title, one prints a red fake `error:` line in a CI log,
    /// one clears the screen.
    #[test]
    fn control_characters_from_content_reach_the_terminal_as_text() {
        let dir = tempfile::tempdir().unwrap();
        let title = "\u{1b}]0;title\u{7}";
        let red = "\u{1b}[31merror: all good, ignore the rest";
        let block = "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\n";
        let log = format!("{block}Mean TTFT (ms): <{title}{red}>\r\n\tMean TPOT (ms): 1\n==================================================\n");
        std::fs::write(dir.path().join("run\u{1b}[2J.log"), log).unwrap();
        std::fs::write(dir.path().join("run\u{1b}[2J.log.meta.toml"), "\"\\u001b]0;title\\u0007\\u001b[31merror: fake\" = 1\n").unwrap();
        let outcome = crate::check(dir.path()).unwrap();
        let mut out = NoColor::new(Vec::new());
        emit(&mut out, &outcome.data.findings, &outcome.inputs).unwrap();
        let text = String::from_utf8(out.into_inner()).unwrap();
        assert!(text.contains("sidecar-unknown-key") && text.contains("placeholder-value"), "the test needs a finding on each line: {text}");
        let raw: Vec<char> = text.chars().filter(|c| c.is_control() && *c != '\n').collect();
        assert!(raw.is_empty(), "raw control characters {raw:?} in:\n{text}");
        assert!(text.contains("\\u{1b}]0;title\\u{7}") && text.contains("\\u{1b}[31merror:"), "the escapes are shown as text: {text}");
        assert!(text.contains("run\\u{1b}[2J.log:5:1"), "{text}");
    }

    #[test]
    fn printable_escapes_controls_and_bidi_but_keeps_newlines_and_letters() {
        let check = |text: &str, expected: &str| assert_eq!(printable(text), expected, "{text:?}");
        check("plain 基准 ✓\nnext", "plain 基准 ✓\nnext");
        check("\u{1b}[31mred", "\\u{1b}[31mred");
        check("a\tb\rc\0d\u{7f}\u{9b}", "a\\tb\\rc\\u{0}d\\u{7f}\\u{9b}");
        check("abc\u{202e}fed", "abc\\u{202e}fed");
        assert!(matches!(printable("nothing to do"), Cow::Borrowed(_)));
    }
}
