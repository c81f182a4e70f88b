//! Shared by the format tests: `check` parses a file and compares chosen fields of each run
//! (as JSON pointers) with what the input literally shows, so each case reads as data;
//! `fixture` loads a real, trimmed sample from `tests/fixtures/`.
#![allow(dead_code)]

use benchsite_ingest::{parse_file, FileOutput};
use serde_json::Value;

/// Parses `text` as the file `path` and asserts, run by run, that each `(pointer, value)`
/// pair holds; `expected.len()` must equal the number of runs. Returns the findings as
/// `code@line`.
pub fn check(path: &str, text: &str, expected: &[&[(&str, Value)]]) -> Vec<String> {
    let out = parse_file(path, text, None);
    check_output(path, &out, expected)
}

/// [`check`] on an output already parsed.
pub fn check_output(path: &str, out: &FileOutput, expected: &[&[(&str, Value)]]) -> Vec<String> {
    let runs: Vec<Value> = out.runs.iter().map(|r| serde_json::to_value(r).unwrap()).collect();
    assert_eq!(runs.len(), expected.len(), "runs of {path}: {:#?}\nfindings: {:#?}", runs, out.findings);
    for (i, (run, fields)) in runs.iter().zip(expected).enumerate() {
        for (pointer, want) in *fields {
            let got = run.pointer(pointer).unwrap_or_else(|| panic!("run {i} has no {pointer}: {run:#}"));
            assert_eq!(got, want, "run {i} {pointer}");
        }
    }
    found(out)
}

/// A file's findings as `code@line`, in order.
pub fn found(out: &FileOutput) -> Vec<String> {
    out.findings.iter().map(|f| format!("{}@{}", f.code, f.line)).collect()
}

/// A fixture under `tests/fixtures/`. Its first line names the public source it was
/// trimmed from (`# source: <url>`, or `source: <url>` after any comment marker); in a
/// JSON, CSV or markdown fixture (where `# ` would be a heading) that line is blanked before
/// parsing, so every other line keeps the number it has in the file.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    assert!(first.contains("source:"), "{path}: the first line must name the sample's source (`# source: <url>`)");
    let structured = [".json", ".jsonl", ".csv", ".yaml", ".yml", ".html", ".md"].iter().any(|e| name.ends_with(e));
    if name.contains("front_matter") && rest.starts_with("---\n") {
        // A sample read for its front matter, which must open the file: the source line is
        // dropped (line N of the fixture is line N - 1 of the text parsed).
        rest.to_string()
    } else if structured {
        format!("\n{rest}")
    } else {
        text
    }
}

/// Every number a run holds equals a number written on the line its provenance names.
/// `lines` maps a field pointer (`metrics.ttft_ms.mean`) to its line in `source.lines`.
pub fn numbers_trace_to_their_lines(text: &str, out: &FileOutput) {
    let lines: Vec<&str> = text.lines().collect();
    for run in &out.runs {
        let value = serde_json::to_value(run).unwrap();
        for (field, &line) in &run.source.lines {
            let pointer = format!("/{}", field.replace('.', "/"));
            let Some(n) = value.pointer(&pointer).and_then(Value::as_f64) else { continue };
            let Some(written) = lines.get(line as usize - 1) else { panic!("{field} points past the end (line {line})") };
            let mut numbers = numbers_in(written);
            numbers.extend(numbers_in(&without_thousands_commas(written)));
            numbers.extend(clock_times_in(written));
            let close = |w: f64| {
                [1.0, 1000.0, 0.001, 1e6, 1e-6, 60.0, 1.0 / 60.0].iter().any(|k| (w * k - n).abs() <= 1e-6 * n.abs().max(1.0))
            };
            assert!(numbers.iter().any(|&w| close(w)), "{}: {field} = {n} is not on line {line}: {written:?}", run.id);
        }
    }
}

fn numbers_in(line: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_digit() || matches!(bytes[i], b'.' | b'e' | b'E' | b'-' | b'+')) {
            i += 1;
        }
        if i > start {
            if let Ok(n) = line[start..i].trim_start_matches(['+']).parse::<f64>() {
                out.push(n);
            }
        } else {
            i += 1;
        }
    }
    out
}

/// A progress bar's elapsed time in seconds: `[03:23<00:00` → 203, `1:02:03` → 3723.
fn clock_times_in(line: &str) -> Vec<f64> {
    let mut out = Vec::new();
    for word in line.split(|c: char| !(c.is_ascii_digit() || c == ':')) {
        let parts: Vec<&str> = word.split(':').collect();
        if parts.len() < 2 || parts.len() > 3 || parts.iter().any(|p| p.is_empty() || p.len() > 2) {
            continue;
        }
        let seconds = parts.iter().try_fold(0.0, |acc, p| p.parse::<f64>().ok().map(|n| acc * 60.0 + n));
        out.extend(seconds);
    }
    out
}

/// `2,940.39` → `2940.39`: a comma between a digit and exactly three digits groups thousands.
/// The line with its thousands separators removed: commas (`9,637`), and the spaces some
/// tables group digits with (`106 182`).
fn without_thousands_commas(line: &str) -> String {
    let b = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    for (i, c) in line.char_indices() {
        let grouping = (c == ',' || c == ' ')
            && i > 0
            && b[i - 1].is_ascii_digit()
            && b.get(i + 1..i + 4).is_some_and(|d| d.iter().all(u8::is_ascii_digit))
            && !b.get(i + 4).is_some_and(u8::is_ascii_digit);
        if !grouping {
            out.push(c);
        }
    }
    out
}

/// Every sample `(fixture, content path)` yields runs whose numbers stand on the lines they
/// name, whole and cut at every `step`th character (no cut may panic or break provenance).
pub fn samples_trace(samples: &[(&str, &str)], step: usize) {
    for (name, path) in samples {
        let text = fixture(name);
        let out = benchsite_ingest::parse_file(path, &text, None);
        assert!(!out.runs.is_empty(), "{name}");
        numbers_trace_to_their_lines(&text, &out);
        for cut in text.char_indices().map(|(i, _)| i).step_by(step) {
            numbers_trace_to_their_lines(&text[..cut], &benchsite_ingest::parse_file(path, &text[..cut], None));
        }
    }
}
