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
use codespan_reporting::files::{Error, Files};
use codespan_reporting::term::{self, termcolor::WriteColor, Config};
use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Range;

/// Writes every finding to `out`, in the order given.
pub fn emit(out: &mut dyn WriteColor, findings: &[Finding], inputs: &[Input]) -> std::io::Result<()> {
    let mut files = Quotes::default();
    let mut ids = HashMap::new();
    // Only files a finding quotes.
    let quoted: HashSet<&str> = findings.iter().map(|f| f.path.as_str()).collect();
    for input in inputs.iter().filter(|i| quoted.contains(i.rel.as_str())) {
        files.0.push((printable(&input.rel).into_owned(), &input.quoted));
        ids.insert(input.rel.as_str(), files.0.len() - 1);
    }
    let config = Config::default();
    // A log of thousands of blocks with one flaw each would bury everything else: the first
    // few findings of a code in a file are shown, the rest counted (all are in runs.json and
    // on the file's page). `Quoted::of` keeps the lines of the same ones.
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
        let located = ids.get(f.path.as_str()).and_then(|&id| Some(Label::primary(id, files.0[id].1.label(f.line)?)));
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

/// The lines of one file that `emit` shows for its findings, with their numbers, as they
/// are printed (escaped by [`printable`], a Windows line end a plain one): what diagnostics
/// need of a text, not the text. A large log's whole text was held to the end of a build
/// for its first twenty findings; its source page reads it again (`site/texts.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quoted {
    /// The quoted lines one after another, each with the newline it had.
    text: String,
    /// Per quoted line, by increasing number: its 1-based number and its bytes in `text`.
    lines: Vec<(u32, Range<usize>)>,
}

impl Quoted {
    /// The lines of `text` (the file `path`) that `emit` quotes for `findings`: per code,
    /// those of the first [`SHOWN_PER_CODE`] findings of `path`, in the order given.
    pub fn of(text: &str, path: &str, findings: &[Finding]) -> Quoted {
        let mut shown: HashMap<&str, usize> = HashMap::new();
        let mut wanted = BTreeSet::new();
        for f in findings.iter().filter(|f| f.path == path) {
            let seen = shown.entry(f.code.as_str()).or_insert(0);
            *seen += 1;
            if *seen <= SHOWN_PER_CODE && f.line > 0 {
                wanted.insert(f.line);
            }
        }
        let mut quoted = Quoted::default();
        let mut wanted = wanted.into_iter().peekable();
        let mut start = 0;
        for (number, piece) in (1u32..).zip(text.split('\n')) {
            let Some(&next) = wanted.peek() else { break };
            let ended = start + piece.len() < text.len();
            start += piece.len() + 1;
            if number != next {
                continue;
            }
            wanted.next();
            // `\r\n` ends a line as `\n` does; any other `\r` is shown escaped.
            let line = if ended { piece.strip_suffix('\r').unwrap_or(piece) } else { piece };
            let at = quoted.text.len();
            quoted.text.push_str(&printable(line));
            if ended {
                quoted.text.push('\n');
            }
            quoted.lines.push((number, at..quoted.text.len()));
        }
        quoted
    }

    /// The bytes a finding on 1-based `line` points at: the line without its newline, very
    /// long lines (progress bars) by their first 200 bytes; `None` for a line not quoted.
    fn label(&self, line: u32) -> Option<Range<usize>> {
        let range = self.range(line as usize)?;
        let start = range.start;
        let text = self.text[range].trim_end_matches('\n').trim_end_matches('\r');
        let mut end = start + text.len().min(200);
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        Some(start..end)
    }

    /// The bytes of 1-based line `number` in `text`, newline included.
    fn range(&self, number: usize) -> Option<Range<usize>> {
        let i = self.lines.binary_search_by_key(&number, |(n, _)| *n as usize).ok()?;
        Some(self.lines[i].1.clone())
    }
}

/// The quoted files of one `emit`, by id: each one's name as printed and its lines, which
/// codespan-reporting sees with their own numbers.
#[derive(Default)]
struct Quotes<'q>(Vec<(String, &'q Quoted)>);

impl Quotes<'_> {
    fn get(&self, id: usize) -> Result<&Quoted, Error> {
        self.0.get(id).map(|(_, q)| *q).ok_or(Error::FileMissing)
    }
}

impl<'a> Files<'a> for Quotes<'_> {
    type FileId = usize;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'a str, Error> {
        self.0.get(id).map(|(name, _)| name.as_str()).ok_or(Error::FileMissing)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, Error> {
        Ok(&self.get(id)?.text)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, Error> {
        let quoted = self.get(id)?;
        let i = quoted.lines.partition_point(|(_, r)| r.start <= byte_index);
        let (number, _) = i.checked_sub(1).map(|i| &quoted.lines[i]).ok_or(Error::IndexTooLarge { given: byte_index, max: quoted.text.len() })?;
        Ok(*number as usize - 1)
    }

    fn line_range(&'a self, id: usize, line_index: usize) -> Result<Range<usize>, Error> {
        let quoted = self.get(id)?;
        quoted.range(line_index + 1).ok_or(Error::LineTooLarge { given: line_index, max: quoted.lines.last().map_or(0, |(n, _)| *n as usize) })
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::term::termcolor::NoColor;

    fn input(text: &str, findings: &[Finding]) -> Input {
        Input::quoting("a".as_ref(), "raw/a.log".into(), text, findings)
    }

    #[test]
    fn labels_are_the_quoted_lines_without_their_ends() {
        let text = "one\r\ntwo\n\nfour";
        let findings: Vec<Finding> = (0..=5).map(|l| Finding::new(Severity::Warning, "w", "raw/a.log", l, "m")).collect();
        let quoted = Quoted::of(text, "raw/a.log", &findings);
        let got: Vec<Option<&str>> = (0..=5).map(|l| quoted.label(l).map(|r| &quoted.text[r])).collect();
        assert_eq!(got, [None, Some("one"), Some("two"), Some(""), Some("four"), None]);
    }

    /// A log of 45 findings of one code and one of another holds the 21 lines shown, not
    /// the text; findings of another file quote nothing of it.
    #[test]
    fn only_the_lines_shown_are_kept() {
        let text: String = (1..=50).map(|i| format!("line\t{i}\n")).collect();
        let mut findings: Vec<Finding> = (1..=45).rev().map(|i| Finding::new(Severity::Warning, "w", "raw/a.log", i, "m")).collect();
        findings.push(Finding::new(Severity::Error, "e", "raw/a.log", 2, "m"));
        findings.push(Finding::new(Severity::Error, "e", "raw/b.log", 50, "m"));
        let quoted = Quoted::of(&text, "raw/a.log", &findings);
        let numbers: Vec<u32> = quoted.lines.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, [2].into_iter().chain(26..=45).collect::<Vec<u32>>());
        assert_eq!(quoted.label(26).map(|r| &quoted.text[r]), Some("line\\t26"));
        assert!(quoted.text.len() < 300, "{}", quoted.text.len());
    }

    #[test]
    fn renders_path_line_source_and_advice() {
        let finding = Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 2, "replace it");
        let inputs = vec![input("one\nMean TTFT (ms): xxx\n", std::slice::from_ref(&finding))];
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
        let mut findings: Vec<Finding> = (1..=45).map(|i| Finding::new(Severity::Warning, "no-scenario", "raw/a.log", i, format!("flaw {i}"))).collect();
        findings.push(Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 46, "other 46"));
        findings.push(Finding::new(Severity::Error, "placeholder-value", "raw/a.log", 47, "other 47"));
        let inputs = vec![input(&text, &findings)];
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
