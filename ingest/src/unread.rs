//! Results nobody read: a file that yields no run but has lines that look like results
//! (metric words such as throughput, TTFT or latency near numbers) gets a `results-not-read`
//! warning naming the first such line, so its author knows to send a sample of the tool that
//! wrote it instead of seeing it vanish in silence.

use crate::sink::{FindingExt, Sink};
use benchsite_model::Severity;

/// Codes of findings that already say why a file gave no run (a template, a cut block,
/// broken JSON): the file needs no second finding.
const EXPLAINED: [&str; 8] = [
    "template-block",
    "placeholder-value",
    "empty-block",
    "invalid-json",
    "errors-without-result",
    "section-without-results",
    "block-too-long",
    "table-not-read",
];

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
/// below its header). In a table, rules (`|---|`, `====`) and rows without a number (more
/// header lines: guidellm's `Benchmark | Per Second | …`, `|  | Mdn | p95 |`) are not
/// counted, so a header three or four lines above its first row is still seen.
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

/// In a code block of a document that yielded no run (the document's other blocks may have):
/// its first line holding a metric word and a measured number, when three lines at least do
/// (`Avg TTFT (ms): 2147.2047`, `Request Throughput (req/sec): 7.2641`, … of a script's own
/// summary). An engine's log lines (`INFO … Avg prompt throughput: 0.0 tokens/s`) and commands
/// are no results.
pub fn block_results_line(text: &str) -> Option<(usize, String)> {
    // (A shell prompt, `root@host:/data# cat latency_test_result.json`, is a command too.)
    let log_line = |t: &str| {
        let t = t.trim_start_matches(['[', '(']);
        ["INFO", "DEBUG", "WARNING", "WARN", "ERROR"].iter().any(|l| t.starts_with(l))
            || t.get(..4).is_some_and(|y| y.bytes().all(|b| b.is_ascii_digit()) && t[4..].starts_with('-'))
            || t.starts_with('$')
            || t.contains("# ") && t.contains('@')
    };
    // A script's comments and prints (`# 2. 验证第二次 TTFT 明显低于第一次`, `print("TTFT 1:",
    // r1.get("usage"))`): code that names a metric, no result it printed.
    let code_line = |t: &str| t.starts_with("# ") || t.starts_with("// ") || ["print(", "assert ", "console.log(", "echo "].iter().any(|c| t.contains(c));
    let lines: Vec<&str> = text.lines().collect();
    let mut results = (0..lines.len()).filter(|&i| {
        let t = lines[i].trim();
        !is_command(t) && !log_line(t) && !code_line(t) && has_metric_word(t) && has_number(t)
    });
    // The first of three such lines at least.
    let first = results.next()?;
    results.nth(1)?;
    Some((first, found(&lines, first).1))
}

/// A metric word waiting for its number on the lines below.
struct Pending {
    /// Line index of the metric word.
    at: usize,
    /// Counted lines it may still look at.
    left: usize,
    /// For a table header: the cells under a metric word (and the empty cells it spans,
    /// `TTFT (ms) |||`); only their numbers count.
    columns: Option<Vec<usize>>,
}

/// The first line holding a metric word with a measured number on it or on the next lines.
/// Estimates and ranges (`~200ms`, `≈ 10`, `83–98 ms/token`, `1-2 秒`) are not measured
/// numbers: a survey's or a README's rough figures are no result a reader missed.
/// A line naming three metrics or more with numbers (a result block flattened onto one line
/// of an issue digest) is named before an earlier line naming one (the digest's title,
/// `#35625: TTFT latency issue with Qwen3.5`).
pub fn first_results_line(text: &str) -> Option<(u32, String)> {
    let lines: Vec<&str> = text.lines().collect();
    // A result block's labelled values on one line: named even when the command that ran it is
    // on the line too (`vllm serve … --port 8000 … Mean TTFT (ms): 786.21 …`).
    let flattened = lines.iter().position(|l| ["(ms):", "(tok/s):", "(req/s):", "(s):"].iter().map(|u| l.matches(u).count()).sum::<usize>() >= 3);
    if let Some(i) = flattened {
        return Some(found(&lines, i));
    }
    // A heading or a note naming metrics (`# source: … "Adding TPOT and ITL metrics"`, `<!-- …
    // -->`) is not the line holding them (a commented table, `# concurrent@5| 0.26|`, is), unless
    // no other line is.
    let note = |line: &str| {
        let t = line.trim_start();
        t.starts_with("<!--") || (t.starts_with('#') && !t.contains('|'))
    };
    let first = first_line_with(&lines, |line| !note(line)).or_else(|| first_line_with(&lines, |_| true))?;
    Some(first_line_with(&lines, |line| metric_count(line) >= 3 && !note(line)).unwrap_or(first))
}

/// [`first_results_line`] among the lines a metric word is on that `wanted` takes.
fn first_line_with(lines: &[&str], wanted: impl Fn(&str) -> bool) -> Option<(u32, String)> {
    let mut pending: Option<Pending> = None;
    for (i, line) in lines.iter().enumerate() {
        // A command names the tool and its settings (`sglang.bench_latency --input-len 200`),
        // not a result: the line to name is the output below it.
        if is_command(line) {
            continue;
        }
        let metric = has_metric_word(line) && wanted(line);
        if metric && has_number(line) {
            return Some(found(lines, i));
        }
        if let Some(p) = &mut pending {
            let table = p.columns.is_some() && is_table_row(line);
            let number = match (&p.columns, table) {
                (Some(columns), true) => cells(line).enumerate().any(|(c, cell)| columns.contains(&c) && has_number(cell)),
                _ => has_number(line),
            };
            if number {
                return Some(found(lines, p.at));
            }
            let counted = !(table && (is_rule(line) || !has_number(line)));
            if counted {
                p.left -= 1;
                if p.left == 0 {
                    pending = None;
                }
            }
        }
        if metric {
            let columns = is_table_row(line).then(|| metric_columns(line)).filter(|c| !c.is_empty());
            pending = Some(Pending { at: i, left: NEAR, columns });
        }
    }
    None
}

/// In a table that no reader took: the first row holding a measured number under a header
/// naming a metric (`| GPU | Throughput |` over `| H800 | 1234 |`), beside a row label naming
/// one (`| 首字延迟 | 25.2 s |`), or carrying its own unit (`| 20.6 tok/s |`); its line and
/// text. Rows of flags (`| --request-rate 8 | … 8 req/s … |`) and relative figures (`+30%`,
/// `1.8x`) are no results; nor is prose in a cell.
pub fn table_results_row<'a>(header: &[String], rows: impl Iterator<Item = (u32, &'a [String])>) -> Option<(u32, String)> {
    let named: Vec<bool> = header.iter().map(|h| has_metric_word(h)).collect();
    for (line, cells) in rows {
        let label = cells.first().map_or("", |c| c.trim().trim_start_matches('`'));
        if label.starts_with('-') {
            continue;
        }
        let labelled = has_metric_word(label);
        let measured = cells.iter().enumerate().any(|(j, cell)| {
            let relative = cell.contains('%') || cell.trim_end().ends_with(['x', '×']);
            let own_unit = has_metric_word(cell) && cell.split_whitespace().count() <= 3;
            has_number(cell) && !relative && (named.get(j) == Some(&true) || (j > 0 && labelled) || own_unit)
        });
        if measured {
            let text = format!("| {} |", cells.join(" | ").replace('\n', " "));
            return Some((line, text.chars().take(120).collect()));
        }
    }
    None
}

fn is_table_row(line: &str) -> bool {
    line.contains('|')
}

/// A table's rule: nothing but `|`, `-`, `=`, `:`, `+` and spaces.
fn is_rule(line: &str) -> bool {
    line.trim().chars().all(|c| matches!(c, '|' | '-' | '=' | ':' | '+' | ' '))
}

/// A table row's cells, a leading `|` dropped so that rows with and without one align.
fn cells(line: &str) -> impl Iterator<Item = &str> {
    let t = line.trim();
    t.strip_prefix('|').unwrap_or(t).split('|')
}

/// The cells of a header row under a metric word, with the empty cells after each (the
/// columns a merged header spans).
fn metric_columns(line: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut spanning = false;
    for (c, cell) in cells(line).enumerate() {
        if cell.trim().is_empty() {
            if spanning {
                out.push(c);
            }
            continue;
        }
        spanning = has_metric_word(cell);
        if spanning {
            out.push(c);
        }
    }
    out
}

/// A shell command: a Python launch or a line of two or more `--flags`.
fn is_command(line: &str) -> bool {
    let t = line.trim_start().trim_start_matches(['$', '#', '>']).trim_start();
    t.starts_with("python") || t.match_indices(" --").nth(1).is_some()
}

fn found(lines: &[&str], i: usize) -> (u32, String) {
    let text: String = lines[i].trim().chars().take(120).collect();
    (i as u32 + 1, text)
}

/// How many of the metric words a line holds (each counted once).
fn metric_count(line: &str) -> usize {
    let lower = line.to_lowercase().replace('_', " ");
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    PHRASES.iter().filter(|p| lower.contains(*p)).count() + WORDS.iter().filter(|w| words.contains(*w)).count()
}

fn has_metric_word(line: &str) -> bool {
    metric_count(line) > 0
}

/// Signs that make the number after them an estimate or a bound (`~200ms`, `≈ 10`, `约 3`).
fn is_estimate_sign(c: char) -> bool {
    matches!(c, '~' | '～' | '≈' | '约' | '<' | '>' | '≤' | '≥')
}

/// Dashes and tildes between the two ends of a range (`83–98`, `1-2`, `10~12`).
fn is_range_sign(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '~' | '～')
}

/// A measured number standing on its own: digits not glued to a word (`H800`, `p99`, `v0.9`
/// are not), nor an estimate or either end of a range.
fn has_number(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev = i.checked_sub(1).map(|p| chars[p]);
        if !c.is_ascii_digit() || prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '.' || p == '-') {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < chars.len() && (chars[end].is_ascii_digit() || chars[end] == '.' || chars[end] == ',') {
            end += 1;
        }
        let mut back = chars[..i].iter().rev().filter(|c| !matches!(c, ' ' | '*'));
        let before = back.next();
        // The second end of a range: a dash with a digit before it (not a bullet's `- 5`).
        let second = before.is_some_and(|&b| is_range_sign(b)) && back.next().is_some_and(|c| c.is_ascii_digit());
        let after = chars[end..].iter().position(|c| *c != ' ').map(|k| end + k);
        let ranged = after.is_some_and(|a| {
            is_range_sign(chars[a]) && chars[a + 1..].iter().find(|c| **c != ' ').is_some_and(|c| c.is_ascii_digit())
        });
        // A count of repetitions (`10회 반복`, `10 次`, `10回`, `5 times`) or a load (`8 동시
        // 요청`, `8 并发`, `8 users`): a setting, not a result.
        let rest: String = chars[end..].iter().collect();
        let rest = rest.trim_start();
        let repeats = ["회", "次", "回", "times", "동시", "并发", "並列", "concurrent", "users"]
            .iter()
            // `次/秒` is a rate, a result.
            .any(|w| rest.strip_prefix(w).is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '/')));
        if !before.is_some_and(|&b| is_estimate_sign(b)) && !second && !ranged && !repeats {
            return true;
        }
        i = end.max(i + 1);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_repetitions_are_no_results() {
        for line in ["# Latency 계열 지표 측정, 10회 반복", "# Throughput 계열 지표 측정, 10회 반복, 8 동시 요청", "latency measured 10 times", "吞吐量测试重复 5 次"] {
            assert_eq!(first_results_line(line), None, "{line}");
        }
        assert_eq!(first_results_line("latency 10 ms, measured 5 times").map(|f| f.0), Some(1));
    }

    /// A script's comments and prints name metrics, no result: a smoke test's block is none;
    /// a summary its script printed (three labelled values) is one.
    #[test]
    fn a_scripts_code_is_no_result() {
        let script = "# 2. 用相同 prompt 发两次请求，验证第二次 TTFT 明显低于第一次\nr1 = chat(P)\nprint(\"TTFT 1:\", r1.get(\"usage\"))\nprint(\"TTFT 2:\", r2.get(\"usage\"))\n";
        assert_eq!(block_results_line(script), None);
        let printed = "Avg TTFT (ms): 2147.2047\nRequest Throughput (req/sec): 7.2641\nAvg TPOT (ms): 31.5\n";
        assert_eq!(block_results_line(printed).map(|f| f.0), Some(0));
    }

    #[test]
    fn finds_metric_words_near_numbers() {
        assert_eq!(first_results_line("intro\nMean TTFT:            104.99 ms\n").map(|f| f.0), Some(2));
        assert_eq!(first_results_line("{\n  \"time_to_first_token\": {\n    \"avg\": 12.5\n").map(|f| f.0), Some(2));
        assert_eq!(first_results_line("| GPU | Throughput |\n|---|---|\n| H800 | 1234 |\n").map(|f| f.0), Some(1));
        assert_eq!(first_results_line("Output throughput on the H800 and the p99 title\n"), None);
        assert_eq!(first_results_line("The title of v0.9.2\n"), None);
    }

    #[test]
    fn a_table_row_is_a_result_under_a_metric_header_beside_a_metric_label_or_with_its_unit() {
        let row = |header: &[&str], cells: &[&str]| {
            let header: Vec<String> = header.iter().map(|s| s.to_string()).collect();
            let cells: Vec<String> = cells.iter().map(|s| s.to_string()).collect();
            table_results_row(&header, std::iter::once((7, cells.as_slice()))).map(|f| f.0)
        };
        assert_eq!(row(&["GPU", "Throughput"], &["H800", "1234"]), Some(7));
        assert_eq!(row(&["指标", "实测"], &["首字延迟", "25.2 s"]), Some(7));
        assert_eq!(row(&["Item", "Measured"], &["decode", "20.6 tok/s"]), Some(7));
        // Flags, relative figures, prose, estimates: none.
        assert_eq!(row(&["Flag", "Meaning"], &["--request-rate 8", "Poisson arrivals at 8 req/s instead of back-to-back."]), None);
        assert_eq!(row(&["Config", "Throughput gain"], &["FP8", "+75%"]), None);
        assert_eq!(row(&["Config", "Throughput"], &["FP8", "1.8x"]), None);
        assert_eq!(row(&["Setting", "TTFT"], &["default", "~200 ms"]), None);
        assert_eq!(row(&["Scenario", "Lengths", "Focus"], &["short", "1,024 / 128", "interactive throughput"]), None);
    }

    /// SGLang `bench_latency` in an issue (index id 30372878957): the command names `latency`
    /// and numbers, the result is the line below it.
    #[test]
    fn a_command_is_no_result_line() {
        let text = "python3 -m sglang.bench_latency --model ../Qwen2-7B-Instruct --batch-size 1 --input-len 200 --output-len 100\n\
                    Benchmark ...\nPrefill. latency: 0.03508 s, throughput:   5700.84 token/s\n";
        assert_eq!(first_results_line(text).map(|f| f.0), Some(3));
        assert_eq!(first_results_line("$ vllm bench latency --input-len 32 --output-len 128 --batch-size 8\n"), None);
    }

    /// guidellm's console tables put their metric words three or four lines above the first
    /// row (a second header line, `|  | Mdn | p95 |`, a rule): still their header's.
    #[test]
    fn sees_guidellm_headers_above_their_rows() {
        let readme = include_str!("../tests/fixtures/guidellm/benchmark_stats_ollama_readme.md");
        assert_eq!(first_results_line(readme).map(|f| f.0), Some(42));
        let console = include_str!("../tests/fixtures/guidellm/v0.5_console_bench.log");
        assert_eq!(first_results_line(console).map(|f| f.0), Some(46));
        let commented = include_str!("../tests/fixtures/guidellm/v0.2_concurrent_commented.txt");
        assert_eq!(first_results_line(commented).map(|f| f.0), Some(19));
        // A note naming metrics above the results is not their line.
        let noted = "# source: pull request #4 \"Adding TPOT and ITL metrics\"\nRequests/min: 62.30\nAverage Time to First Token (s): 0.51\n";
        assert_eq!(first_results_line(noted).map(|f| f.0), Some(3));
    }

    #[test]
    fn estimates_and_ranges_are_no_measured_number() {
        for text in ["~200ms", "≈ 10–12 tok/s", "83–98 ms", "1-2 秒", "0.5-1 秒", "**约 3** 秒", "10 ~ 12", "调研日期：2026-03-17"] {
            assert!(!has_number(text), "{text}");
        }
        for text in ["25.2 s", "| 1.00 |", "**1.3 s**", "\"avg\": 12.5", "3.50(后付)", "- 5 runs"] {
            assert!(has_number(text), "{text}");
        }
    }
}
