//! llama.cpp's `llama-bench`: a markdown table (its default output) with a row per model,
//! setting and test,
//!
//! ```text
//! | model                          |       size |     params | backend    | ngl |          test |                  t/s |
//! | ------------------------------ | ---------: | ---------: | ---------- | --: | ------------: | -------------------: |
//! | llama 7B Q4_0                  |   3.56 GiB |     6.74 B | CUDA       |  99 |         pp512 |      4857.16 ± 21.39 |
//! | llama 7B Q4_0                  |   3.56 GiB |     6.74 B | CUDA       |  99 |         tg128 |        159.44 ± 0.07 |
//!
//! build: 8e672efe (2300)
//! ```
//!
//! Each row is a run of one sequence: `ppN` processes a prompt of N tokens (its `t/s` the
//! input rate, prefill), `tgN` generates N tokens (the output rate), `ppN+tgM` does both
//! (tokens of both per second: the total rate); `@ dD` runs the test after a context of D
//! tokens, kept as a note. The `±` is the standard deviation over the repetitions. The model
//! cell is llama.cpp's description of the GGUF file (architecture, size, quantization) and is
//! the run's model; the other columns (backend, layers on the GPU, threads, KV cache types,
//! …) are settings, kept as notes. The device comes from the log's device lines above the
//! table (`Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9`, Metal's `GPU name:
//! MTL0 (Apple M4)`) when they name one, the model from a `llama-bench -m FILE.gguf` command
//! above it when it loads one file (the description then a note). Read in logs and code blocks, and in a markdown
//! document's prose (its text between code blocks is read as a log, and a table a log's
//! reader took is not read again as a document's table).
//!
//! `llama-bench -o json` (an array) and `-o jsonl` (an object a line) write the same tests as
//! objects ([`JSON`]): `n_prompt` and `n_gen` are the test (`n_prompt: 512, n_gen: 0` is
//! `pp512`), `avg_ts` and `stddev_ts` its rate and spread, `n_depth` the context before it;
//! `model_filename` names the model (the file's stem, `model_type` then a note), `gpu_info`
//! the device, and the settings (`backends`, `n_gpu_layers`, `n_batch`, `type_k`, …) are notes.

use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{bar_cells, Needle};
use benchsite_model::{ContextRef, Run, Spread};

pub const NAME: &str = "llama-bench";
/// llama-benchy: llama-bench's tests and table against an OpenAI-compatible server (vLLM,
/// SGLang, llama-server), with its own columns (`peak t/s`, `ttfr (ms)`, `est_ppt (ms)`,
/// `e2e_ttft (ms)`). No engine of its own: the server it measured is not llama.cpp.
pub const BENCHY_NAME: &str = "llama-benchy";
/// mistral.rs's `mistralrs-bench`: llama-bench's tests in a grid table of its own, with a
/// `concurrency` (the sequences run at once) and a `throughput/s` column, of mistral.rs.
pub const MISTRALRS_NAME: &str = "mistralrs-bench";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };
/// `-o json` / `-o jsonl`.
pub static JSON: Format = Format { name: NAME, detect: detect_json, read: Read::Json(read_json) };

static AVG_TS: Needle = Needle::new("\"avg_ts\"");

fn detect_json(input: &Input<'_>) -> bool {
    input.has(&AVG_TS)
}

/// The settings of a test kept as its notes, in llama-bench's order.
const SETTINGS: [&str; 14] = [
    "backends", "n_gpu_layers", "n_batch", "n_ubatch", "n_threads", "type_k", "type_v", "split_mode", "flash_attn", "tensor_split", "n_cpu_moe", "no_kv_offload", "build_commit", "build_number",
];

fn read_json(_: &Input<'_>, objects: &[crate::json::Object<'_>], sink: &mut Sink) -> Option<Vec<Run>> {
    use crate::json::reader::Json;
    let whole = |o: &crate::json::Object<'_>, key: &str| match o.get(key).map(|v| &v.value) {
        Some(Json::Number(n)) if *n >= 0.0 && n.fract() == 0.0 => Some(*n as u64),
        _ => None,
    };
    let tests: Vec<&crate::json::Object<'_>> = objects.iter().filter(|o| o.contains_key("avg_ts") && o.contains_key("n_prompt") && o.contains_key("n_gen")).collect();
    if tests.is_empty() {
        return None;
    }
    let mut runs = Vec::new();
    for o in tests {
        let Some(avg) = o.get("avg_ts") else { continue };
        let Json::Number(mean) = avg.value else { continue };
        let (pp, tg) = (whole(o, "n_prompt").filter(|&n| n > 0), whole(o, "n_gen").filter(|&n| n > 0));
        let (label, field) = match (pp, tg) {
            (Some(_), None) => ("input token throughput (tok/s)", "input_throughput"),
            (None, Some(_)) => ("output token throughput (tok/s)", "output_throughput"),
            (Some(_), Some(_)) => ("total token throughput (tok/s)", "total_throughput"),
            (None, None) => continue,
        };
        let mut cells = vec![Row::number(avg.line, label.to_string(), mean, "avg_ts")];
        let line_of = |key: &str| o.get(key).map_or(o.line, |v| v.line);
        cells.extend(pp.map(|n| Row::number(line_of("n_prompt"), "input len".into(), n as f64, "n_prompt")));
        cells.extend(tg.map(|n| Row::number(line_of("n_gen"), "output len".into(), n as f64, "n_gen")));
        let text = |key: &str| match o.get(key).map(|v| &v.value) {
            Some(Json::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
            _ => None,
        };
        let Some(mut run) = block::resolve(&Block::of_rows(NAME, o.line, o.end_line, cells), &[], sink) else { continue };
        if let Some(Json::Number(std)) = o.get("stddev_ts").map(|v| &v.value) {
            run.metrics.spread.insert(field, Spread { std: Some(*std), plus_minus: Some(*std), label: Some("±".into()), ..Spread::default() });
        }
        // The model file's stem (`Qwen3.6-35B-A3B-Q4_K_M`) over llama.cpp's description of it.
        let file = text("model_filename").and_then(|f| f.rsplit(['/', '\\']).next().and_then(|n| n.strip_suffix(".gguf")).filter(|s| !s.is_empty()).map(str::to_string));
        let model = file.or_else(|| text("model_type"));
        let model_line = if o.contains_key("model_filename") { line_of("model_filename") } else { line_of("model_type") };
        give_stated(&mut run, "model", &model.map(|m| (m, model_line)), "result-file");
        give_stated(&mut run, "gpu", &text("gpu_info").map(|g| (g, line_of("gpu_info"))), "result-file");
        let mut notes: Vec<(u32, String)> = Vec::new();
        if let Some(d) = whole(o, "n_depth").filter(|&d| d > 0) {
            notes.push((line_of("n_depth"), format!("test after a context of {d} tokens (n_depth)")));
        }
        if let (Some(t), true) = (text("model_type"), o.contains_key("model_filename")) {
            notes.push((line_of("model_type"), format!("model_type: {t}")));
        }
        for key in SETTINGS {
            let value = match o.get(key).map(|v| &v.value) {
                Some(Json::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
                Some(Json::Number(n)) => n.to_string(),
                Some(Json::Bool(b)) => b.to_string(),
                _ => continue,
            };
            notes.push((line_of(key), format!("{key}: {value}")));
        }
        run.notes.extend(notes.into_iter().map(|(line, text)| benchsite_model::Note { line, text }));
        runs.push(run);
    }
    Some(runs)
}

static MODEL: Needle = Needle::new("| model");
static RATE: Needle = Needle::new("t/s |");
static SPACED_TEST: Needle = Needle::new(" test ");
static SPACED_RATE: Needle = Needle::new(" t/s ");

fn detect(input: &Input<'_>) -> bool {
    (input.has(&MODEL) && input.has(&RATE)) || (input.has(&SPACED_TEST) && input.has(&SPACED_RATE))
}

/// What a test name states: (prompt tokens, generated tokens, context depth), from `pp512`,
/// `tg128`, `pp512+tg128`, `tg64 @ d1500`, and the spaced names of builds of early 2024
/// (`pp 512`, `tg 128`).
fn test_of(name: &str) -> Option<(Option<u64>, Option<u64>, Option<u64>)> {
    let (test, depth) = match name.split_once('@') {
        Some((t, d)) => (t.trim(), Some(d.trim().strip_prefix('d')?.parse::<u64>().ok()?)),
        None => (name.trim(), None),
    };
    let (mut pp, mut tg) = (None, None);
    for part in test.split('+') {
        let part = part.trim();
        if let Some(n) = part.strip_prefix("pp") {
            pp = Some(n.trim_start().parse::<u64>().ok()?);
        } else if let Some(n) = part.strip_prefix("tg") {
            tg = Some(n.trim_start().parse::<u64>().ok()?);
        } else {
            return None;
        }
    }
    Some((pp, tg, depth))
}

/// `4857.16 ± 21.39`: the mean and the standard deviation.
fn rate(cell: &str) -> Option<(f64, Option<f64>)> {
    let (mean, std) = match cell.split_once('±') {
        Some((m, s)) => (m.trim(), Some(s.trim())),
        None => (cell.trim(), None),
    };
    let mean = mean.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0)?;
    Some((mean, std.and_then(|s| s.parse::<f64>().ok()).filter(|s| s.is_finite())))
}

/// A value the log states, with the line stating it.
pub(super) type Stated = Option<(String, u32)>;

/// A table of the log: its header's cells and its rows, each with its line.
type Drawn<'a> = (Vec<&'a str>, Vec<(u32, Vec<&'a str>)>);

/// What the log's lines from `from` up to `before` state: the one device they name (the
/// nearest line naming it) and the model file a `llama-bench -m FILE.gguf` command loads (or
/// a command of llama.cpp's other benchmarks, `llama-batched-bench`, `llama-sweep-bench`).
pub(super) fn log_context(text: &str, first_line: u32, from: u32, before: u32) -> (Stated, Stated) {
    let mut devices: Vec<(String, u32)> = Vec::new();
    let mut model = None;
    for (i, line) in text.lines().enumerate() {
        let no = first_line + i as u32;
        if no < from {
            continue;
        }
        if no >= before {
            break;
        }
        let t = line.trim();
        // `Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes`.
        let name = if let Some(rest) = t.strip_prefix("Device ").and_then(|r| r.split_once(": ")).filter(|(n, _)| n.bytes().all(|b| b.is_ascii_digit())).map(|(_, r)| r) {
            rest.split(',').next().map(str::trim)
        } else if let Some(rest) = t.split_once("GPU name:").map(|(_, r)| r.trim()) {
            // Metal: `GPU name:   MTL0 (Apple M4)`.
            rest.split_once('(').map(|(_, r)| r.trim_end_matches(')').trim())
        } else {
            None
        };
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            devices.push((name.to_string(), no));
        }
        // A driver's echo of its run (`Qwen3.8-27B-UD-IQ3_S.gguf  ub=2048  b=2048  p=4096 …`):
        // the model file first, then its settings.
        let first = t.split_whitespace().next().unwrap_or("");
        if first.ends_with(".gguf") && t.split_whitespace().skip(1).any(|w| w.contains('=')) {
            let name = first.rsplit('/').next().unwrap_or(first);
            if let Some(stem) = name.strip_suffix(".gguf").filter(|s| !s.is_empty()) {
                model = Some((stem.to_string(), no));
            }
        }
        if t.contains("llama-bench") || t.contains("batched-bench") || t.contains("sweep-bench") {
            // One model file loaded (`-m a.gguf,b.gguf` or two `-m` load several).
            let words: Vec<&str> = t.split_whitespace().collect();
            let files: Vec<&str> = words.windows(2).filter(|w| matches!(w[0], "-m" | "--model")).map(|w| w[1]).collect();
            if let [file] = files.as_slice() {
                let name = file.rsplit('/').next().unwrap_or(file);
                if let Some(stem) = name.strip_suffix(".gguf").filter(|s| !s.is_empty() && !s.contains(',')) {
                    model = Some((stem.to_string(), no));
                }
            }
        }
    }
    let device = devices.last().cloned().filter(|(last, _)| devices.iter().all(|(n, _)| n == last));
    (device, model)
}

/// Gives the run the model or GPU (`key`) its log states, from the line stating it, as context
/// of `kind` (`command`: a `-m FILE.gguf`; `log`: a device line).
pub(super) fn give_stated(run: &mut Run, key: &'static str, stated: &Stated, kind: &str) {
    let Some((value, at)) = stated else { return };
    match key {
        "model" => run.model = Some(value.clone()),
        _ => run.gpu = Some(value.clone()),
    }
    run.source.lines.insert(key, *at);
    run.source.context.insert(key, ContextRef { line: *at, kind: kind.into() });
}

/// A table's runs: its header's columns, its rows (with their lines); `from`, the first line
/// of the log that is this table's (after the table before it).
fn table_runs(input: &Input<'_>, from: u32, header: &[&str], rows: &[(u32, Vec<&str>)], sink: &mut Sink) -> Vec<Run> {
    let col = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
    let (Some(test_at), Some(rate_at)) = (col("test"), col("t/s")) else { return Vec::new() };
    // (A driver's cut of the table may leave the model out, and write the spread apart.)
    let model_at = col("model");
    let std_at = col("stddev");
    let (gpu, model_file) = rows.first().map_or((None, None), |(line, _)| log_context(input.text, input.first_line, from, *line));
    // llama-benchy's table: its end-to-end TTFT (the prompt's rows) is the run's TTFT.
    let benchy = ["ttfr (ms)", "est_ppt (ms)", "e2e_ttft (ms)"].iter().any(|c| col(c).is_some());
    let ttft_at = col("e2e_ttft (ms)");
    // mistralrs-bench's: its `concurrency` the sequences run at once (`throughput/s`, their
    // rate together, kept as a note).
    let concurrency_at = col("concurrency").filter(|_| col("throughput/s").is_some());
    let name = match (benchy, concurrency_at) {
        (true, _) => BENCHY_NAME,
        (false, Some(_)) => MISTRALRS_NAME,
        (false, None) => NAME,
    };
    let mut runs = Vec::new();
    for (line, row) in rows {
        let (Some(test), Some((mean, std))) = (row.get(test_at).and_then(|t| test_of(t)), row.get(rate_at).and_then(|r| rate(r))) else { continue };
        let std = std.or_else(|| std_at.and_then(|at| row.get(at)).and_then(|c| c.trim().parse::<f64>().ok()).filter(|s| s.is_finite() && *s >= 0.0));
        let (pp, tg, depth) = test;
        let number = |label: &str, n: f64, raw: &'static str| Row::number(*line, label.to_string(), n, raw);
        let (rate_label, field) = match (pp, tg) {
            (Some(_), None) => ("input token throughput (tok/s)", "input_throughput"),
            (None, Some(_)) => ("output token throughput (tok/s)", "output_throughput"),
            _ => ("total token throughput (tok/s)", "total_throughput"),
        };
        let mut cells = vec![number(rate_label, mean, "t/s")];
        // (`pp512` generates nothing and `tg128` reads no prompt, but the row writes no zero:
        // the length it does not name is left unset.)
        cells.extend(pp.map(|n| number("input len", n as f64, "test")));
        cells.extend(tg.map(|n| number("output len", n as f64, "test")));
        // The model file's name (`Qwen2.5-Coder-32B-Instruct-Q4_K_M`) over llama.cpp's
        // description of it (`qwen2 32B Q4_K - Medium`, then kept as a note).
        let described = model_at.and_then(|at| row.get(at)).filter(|m| !m.is_empty());
        if let (Some(model), None) = (described, &model_file) {
            cells.push(Row::text(*line, "model", model, "model"));
        }
        if let Some(n) = concurrency_at.and_then(|at| row.get(at)).and_then(|c| c.parse::<u64>().ok()).filter(|&n| n > 0) {
            cells.push(number("max concurrency", n as f64, "concurrency"));
        }
        let ttft = ttft_at.and_then(|at| row.get(at)).and_then(|c| rate(c));
        if let Some((mean, _)) = ttft {
            cells.push(number("mean ttft (ms)", mean, "e2e_ttft (ms)"));
        }
        let Some(mut run) = block::resolve(&Block::of_rows(name, *line, *line, cells), &[], sink) else { continue };
        if let Some(std) = std {
            run.metrics.spread.insert(field, Spread { std: Some(std), plus_minus: Some(std), label: Some("±".into()), ..Spread::default() });
        }
        if let Some((_, Some(std))) = ttft {
            run.metrics.spread.insert("ttft_ms.mean", Spread { std: Some(std), plus_minus: Some(std), label: Some("±".into()), ..Spread::default() });
        }
        if let Some(d) = depth {
            run.notes.push(benchsite_model::Note { line: *line, text: format!("test: {} (after a context of {d} tokens)", row[test_at]) });
        }
        give_stated(&mut run, "model", &model_file, "command");
        for (i, h) in header.iter().enumerate() {
            if [test_at, rate_at].contains(&i) || Some(i) == ttft_at || Some(i) == concurrency_at || Some(i) == std_at || (Some(i) == model_at && model_file.is_none()) {
                continue;
            }
            if let Some(v) = row.get(i).filter(|v| !v.is_empty()) {
                run.notes.push(benchsite_model::Note { line: *line, text: format!("{h}: {v}") });
            }
        }
        give_stated(&mut run, "gpu", &gpu, "log");
        runs.push(run);
    }
    runs
}

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut tables = 0;
    // The open table: its header and rows.
    let mut open: Option<Drawn<'_>> = None;
    // Where the log after the last table begins.
    let mut from = input.first_line;
    // Whether the open table is one of spaced columns.
    let mut spaced = false;
    let mut close = |open: &mut Option<Drawn<'_>>, runs: &mut Vec<Run>, sink: &mut Sink| {
        if let Some((header, rows)) = open.take().filter(|(_, rows)| !rows.is_empty()) {
            tables += 1;
            runs.extend(table_runs(input, from, &header, &rows, sink));
            from = rows.last().map_or(from, |(line, _)| line + 1);
        }
    };
    for (i, line) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        // A driver's cut of the table in spaced columns (` split    kv  n_ubatch   test   t/s
        // stddev`): a header naming `test` and `t/s`, rows of as many words whose test is one.
        // (Split into words only where such a header or its rows may be.)
        if !line.contains('|') && line.contains("t/s") {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.contains(&"test") && words.contains(&"t/s") {
                close(&mut open, &mut runs, sink);
                open = Some((words, Vec::new()));
                spaced = true;
                continue;
            }
        }
        if spaced {
            let words: Vec<&str> = line.split_whitespace().collect();
            let test_at = open.as_ref().and_then(|(h, _)| h.iter().position(|c| *c == "test"));
            let fits = open.as_ref().is_some_and(|(h, _)| h.len() == words.len()) && test_at.and_then(|at| words.get(at)).is_some_and(|t| test_of(t).is_some());
            if fits {
                if let Some((_, rows)) = open.as_mut() {
                    rows.push((no, words));
                }
                continue;
            }
            close(&mut open, &mut runs, sink);
            spaced = false;
        }
        let Some(row) = bar_cells(line) else {
            // A blank line or `build: …` ends a table with rows; lines a build prints between
            // the header and its rows (`[iqk] ACTIVE: …`) do not, nor a grid's rule between
            // rows (`+----+---+`, mistralrs-bench's).
            let t = line.trim();
            if t.starts_with('+') && t.len() > 2 && t.bytes().all(|b| matches!(b, b'+' | b'-' | b'=' | b':')) {
                continue;
            }
            if t.is_empty() || t.starts_with("build:") || open.as_ref().is_some_and(|(_, rows)| !rows.is_empty()) {
                close(&mut open, &mut runs, sink);
            }
            continue;
        };
        let header = row.first().is_some_and(|c| c.eq_ignore_ascii_case("model")) && row.iter().any(|c| c.eq_ignore_ascii_case("test")) && row.iter().any(|c| c.eq_ignore_ascii_case("t/s"));
        if header {
            close(&mut open, &mut runs, sink);
            open = Some((row, Vec::new()));
            continue;
        }
        let Some((head, rows)) = open.as_mut() else { continue };
        if row.iter().all(|c| c.trim_matches([':', '-']).is_empty()) {
            continue; // the rule under the header
        }
        if row.len() == head.len() {
            rows.push((no, row));
        }
    }
    close(&mut open, &mut runs, sink);
    (runs, tables)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_names_state_lengths_and_depth() {
        assert_eq!(test_of("pp512"), Some((Some(512), None, None)));
        assert_eq!(test_of("tg128"), Some((None, Some(128), None)));
        assert_eq!(test_of("pp512+tg128"), Some((Some(512), Some(128), None)));
        assert_eq!(test_of("tg64 @ d1500"), Some((None, Some(64), Some(1500))));
        assert_eq!(test_of("pp 512"), Some((Some(512), None, None)));
        assert_eq!(test_of("ppx"), None);
        assert_eq!(rate("4857.16 ± 21.39"), Some((4857.16, Some(21.39))));
    }
}
