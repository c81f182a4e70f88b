//! Results nobody read: a file that yields no run but has lines that look like results
//! (metric words such as throughput, TTFT or latency near numbers) gets a `results-not-read`
//! warning naming the first such line, so its author knows to send a sample of the tool that
//! wrote it instead of seeing it vanish in silence.

use crate::sink::{FindingExt, Sink};
use benchsite_model::Severity;

/// Codes of findings that already say why a file gave no run (a template, a cut block,
/// broken JSON): the file needs no second finding.
const EXPLAINED: [&str; 7] =
    ["template-block", "placeholder-value", "empty-block", "invalid-json", "errors-without-result", "section-without-results", "block-too-long"];

/// Codes that say only "nothing here"; `results-not-read` replaces them when it applies.
const GENERIC: [&str; 2] = ["no-runs", "not-a-benchmark"];

/// Metric words matched inside a line (lower-cased).
const PHRASES: [&str; 14] = [
    "throughput", "latency", "tok/s", "tokens/s", "token/s", "tokens/sec", "tok/sec", "req/s", "requests/s",
    "time to first token", "first token", "吞吐", "延迟", "首字",
];

/// Short metric words matched as whole words only (`itl` is not `title`).
const WORDS: [&str; 7] = ["ttft", "tpot", "itl", "qps", "rps", "e2el", "tput"];

/// Lines after a metric word in which its number may stand (a JSON key's object, a table row
/// below its header).
const NEAR: usize = 2;

/// After a file was read without a run: warns on its first results-looking line, replacing
/// the generic "nothing here" findings, unless a finding already explains the missing runs.
pub fn report(text: &str, sink: &mut Sink) {
    // A format reader that recognised the file and said why it yielded nothing (its codes
    // start with its name: `guidellm-table`, `llmperf-individual-responses`) explains it too.
    let by_a_reader = |code: &str| crate::formats::FORMATS.iter().any(|f| code.starts_with(f.name.split('-').next().unwrap_or(f.name)));
    if sink.findings.iter().any(|f| EXPLAINED.contains(&f.code.as_str()) || by_a_reader(&f.code)) {
        return;
    }
    let Some((line, quoted)) = first_results_line(text) else { return };
    sink.findings.retain(|f| !(GENERIC.contains(&f.code.as_str()) && f.severity != Severity::Error));
    sink.warn(
        "results-not-read",
        line,
        format!(
            "this line looks like a benchmark result (`{quoted}`) but no reader of benchsite understood the file, so none of it \
             appears in the results. If a tool wrote it, please send a sample of its output so a reader can be added."
        ),
    )
    .value("line_text", quoted);
}

/// The first line holding a metric word with a number on it or on the next lines.
pub fn first_results_line(text: &str) -> Option<(u32, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut pending: Option<(usize, usize)> = None; // (line index of the metric word, last line that may hold its number)
    for (i, line) in lines.iter().enumerate() {
        if let Some((at, until)) = pending {
            if has_number(line) {
                return Some(found(&lines, at));
            }
            if i >= until {
                pending = None;
            }
        }
        if has_metric_word(line) {
            if has_number(line) {
                return Some(found(&lines, i));
            }
            pending = Some((i, i + NEAR));
        }
    }
    None
}

fn found(lines: &[&str], i: usize) -> (u32, String) {
    let text: String = lines[i].trim().chars().take(120).collect();
    (i as u32 + 1, text)
}

fn has_metric_word(line: &str) -> bool {
    let lower = line.to_lowercase().replace('_', " ");
    PHRASES.iter().any(|p| lower.contains(p))
        || lower.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| WORDS.contains(&w))
}

/// A number standing on its own: digits not glued to a word (`H800`, `p99`, `v0.9` are not).
fn has_number(line: &str) -> bool {
    let mut prev: Option<char> = None;
    for c in line.chars() {
        if c.is_ascii_digit() && !prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '.' || p == '-') {
            return true;
        }
        prev = Some(c);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_metric_words_near_numbers() {
        assert_eq!(first_results_line("intro\nMean TTFT:            104.99 ms\n").map(|f| f.0), Some(2));
        assert_eq!(first_results_line("{\n  \"time_to_first_token\": {\n    \"avg\": 12.5\n").map(|f| f.0), Some(2));
        assert_eq!(first_results_line("| GPU | Throughput |\n|---|---|\n| H800 | 1234 |\n").map(|f| f.0), Some(1));
        assert_eq!(first_results_line("Output throughput on the H800 and the p99 title\n"), None);
        assert_eq!(first_results_line("The title of v0.9.2\n"), None);
    }
}
