//! llama.cpp's other benchmark tables, a row per run:
//!
//! - `llama-batched-bench` runs B sequences at once, each a prompt of PP tokens then TG
//!   generated tokens (`N_KV` the cache cells they fill):
//!
//!   ```text
//!   |    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |
//!   |-------|--------|------|--------|----------|----------|----------|----------|----------|----------|
//!   |   128 |    128 |    8 |   2048 |    0.751 |  1363.27 |    7.344 |   139.43 |    8.095 |   252.99 |
//!   ```
//!
//!   `S_PP` is the prompts' tokens per second of prompt time (the input rate), `S_TG` the
//!   generated tokens per second of generation time (the output rate, as `llama-bench`'s
//!   `tgN`), `S` all tokens over the whole time `T` (the total rate, `T` the duration); B is
//!   the concurrency. `is_pp_shared = 1` on the line above (one prompt shared by the
//!   sequences) is kept as a note.
//! - `llama-sweep-bench` (ik_llama.cpp) runs one sequence at growing context depths, each row
//!   a prompt of PP tokens and TG generated tokens after `N_KV` tokens already in the cache:
//!   the same columns without `B`, `T` and `S`; the depth is kept as a note.
//!
//! The phase times (`T_PP`, `T_TG`) are kept as extras. Device and model file come from the
//! log above the table, as for `llama-bench` ([`super::llama_bench::log_context`]).

use super::llama_bench::{give_stated, log_context};
use super::{Format, Input, Read};
use crate::block;
use crate::scan::{Block, Row};
use crate::sink::Sink;
use crate::text::{bar_cells, Needle};
use benchsite_model::{Note, Run};

pub const NAME: &str = "llama-batched-bench";
pub const SWEEP_NAME: &str = "llama-sweep-bench";

pub static FORMAT: Format = Format { name: NAME, detect, read: Read::Text(read) };

static PROMPT_RATE: Needle = Needle::new("S_PP t/s");

fn detect(input: &Input<'_>) -> bool {
    input.has(&PROMPT_RATE)
}

/// The columns of a header, by name; `None` when it is not one of these tables.
struct Columns {
    pp: usize,
    tg: usize,
    batch: Option<usize>,
    n_kv: usize,
    t_pp: usize,
    s_pp: usize,
    t_tg: usize,
    s_tg: usize,
    /// The whole time and rate (`T s`, `S t/s`), batched-bench's.
    total: Option<(usize, usize)>,
}

impl Columns {
    fn of(header: &[&str]) -> Option<Columns> {
        let col = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
        let columns = Columns {
            pp: col("PP")?,
            tg: col("TG")?,
            batch: col("B"),
            n_kv: col("N_KV")?,
            t_pp: col("T_PP s")?,
            s_pp: col("S_PP t/s")?,
            t_tg: col("T_TG s")?,
            s_tg: col("S_TG t/s")?,
            total: col("T s").zip(col("S t/s")),
        };
        Some(columns)
    }
}

/// `is_pp_shared = 1` in the settings line batched-bench prints above its table.
fn shared_prompt(text: &str, first_line: u32, before: u32) -> Option<u32> {
    let mut found = None;
    for (i, line) in text.lines().enumerate() {
        let no = first_line + i as u32;
        if no >= before {
            break;
        }
        if line.contains("n_kv_max =") {
            found = line.contains("is_pp_shared = 1").then_some(no);
        }
    }
    found
}

/// The benchmark's command nearest above a table (`## q8k-q4v-depth: llama-batched-bench -ctk
/// q8_0 -ctv q4_0 -c 278528 …`, a driver's echo): its line, the command from the program's
/// name on, and the label written before it, if any.
fn command_above(text: &str, first_line: u32, from: u32, before: u32) -> Option<(u32, &str, Option<&str>)> {
    let mut found = None;
    for (i, line) in text.lines().enumerate() {
        let no = first_line + i as u32;
        if no >= before {
            break;
        }
        if no < from {
            continue;
        }
        let Some(at) = line.find("llama-batched-bench").or_else(|| line.find("llama-sweep-bench")) else { continue };
        let command = line[at..].trim();
        // Only a command line: the program first, after a prompt, a path or a label of one word
        // (`## q8k-q4v-depth:`), and flags after it (not prose naming the program).
        let before = line[..at].trim();
        let label = before.trim_start_matches('#').trim().strip_suffix(':').map(str::trim).filter(|l| !l.is_empty() && !l.contains(' '));
        let prompt = before.is_empty() || matches!(before, "$" | "#" | ">") || before.ends_with('/');
        if (prompt || label.is_some()) && command.split_whitespace().nth(1).is_some_and(|w| w.starts_with('-')) {
            found = Some((no, command, label));
        }
    }
    found
}

/// The KV cache types a command sets (`-ctk q8_0 -ctv q4_0`), as a note.
fn cache_types(command: &str) -> Option<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let value = |names: &[&str]| words.windows(2).find(|w| names.contains(&w[0])).map(|w| w[1]);
    match (value(&["-ctk", "--cache-type-k"]), value(&["-ctv", "--cache-type-v"])) {
        (None, None) => None,
        (k, v) => Some(format!("KV cache: K {}, V {}", k.unwrap_or("f16"), v.unwrap_or("f16"))),
    }
}

fn table_runs(input: &Input<'_>, from: u32, columns: &Columns, rows: &[(u32, Vec<&str>)], sink: &mut Sink) -> Vec<Run> {
    let Some((first, _)) = rows.first() else { return Vec::new() };
    let (gpu, model_file) = log_context(input.text, input.first_line, from, *first);
    let command = command_above(input.text, input.first_line, from, *first);
    let shared = columns.batch.and(shared_prompt(input.text, input.first_line, *first));
    let name = if columns.batch.is_some() { NAME } else { SWEEP_NAME };
    let mut runs = Vec::new();
    for (line, row) in rows {
        let number = |at: usize| row.get(at).and_then(|c| c.parse::<f64>().ok()).filter(|n| n.is_finite() && *n >= 0.0);
        let mut cells = Vec::new();
        let mut cell = |label: &str, at: Option<usize>, raw: &'static str| {
            if let Some(n) = at.and_then(number) {
                cells.push(Row::number(*line, label.to_string(), n, raw));
            }
        };
        cell("input len", Some(columns.pp), "PP");
        cell("output len", Some(columns.tg), "TG");
        cell("max concurrency", columns.batch, "B");
        cell("input token throughput (tok/s)", Some(columns.s_pp), "S_PP t/s");
        cell("output token throughput (tok/s)", Some(columns.s_tg), "S_TG t/s");
        cell("llama.cpp prompt time (s)", Some(columns.t_pp), "T_PP s");
        cell("llama.cpp generation time (s)", Some(columns.t_tg), "T_TG s");
        cell("total token throughput (tok/s)", columns.total.map(|(_, s)| s), "S t/s");
        cell("benchmark duration (s)", columns.total.map(|(t, _)| t), "T s");
        if !cells.iter().any(|c| c.label.contains("throughput")) {
            continue;
        }
        let Some(mut run) = block::resolve(&Block::of_rows(name, *line, *line, cells), &[], sink) else { continue };
        if let Some(n_kv) = row.get(columns.n_kv).filter(|_| columns.batch.is_none()).filter(|v| **v != "0") {
            run.notes.push(Note { line: *line, text: format!("after a context of {n_kv} tokens (N_KV)") });
        }
        if let Some(at) = shared {
            run.notes.push(Note { line: at, text: "one prompt shared by the batch's sequences (is_pp_shared = 1)".into() });
        }
        give_stated(&mut run, "model", &model_file, "command");
        give_stated(&mut run, "gpu", &gpu, "log");
        // The command that ran the table (its settings tell tables of one log apart), as notes.
        if let Some((at, text, label)) = command {
            run.notes.extend(label.map(|l| Note { line: at, text: l.to_string() }));
            run.notes.extend(cache_types(text).map(|t| Note { line: at, text: t }));
            run.notes.push(Note { line: at, text: format!("command: {text}") });
        }
        runs.push(run);
    }
    runs
}

/// The open table: its columns and its rows (with their lines).
type Open<'a> = Option<(Columns, Vec<(u32, Vec<&'a str>)>)>;

fn read(input: &Input<'_>, sink: &mut Sink) -> (Vec<Run>, usize) {
    let mut runs = Vec::new();
    let mut tables = 0;
    let mut open: Open<'_> = None;
    // Where the log after the last table begins.
    let mut from = input.first_line;
    let mut close = |open: &mut Open<'_>, runs: &mut Vec<Run>, sink: &mut Sink| {
        if let Some((columns, rows)) = open.take().filter(|(_, rows)| !rows.is_empty()) {
            tables += 1;
            runs.extend(table_runs(input, from, &columns, &rows, sink));
            from = rows.last().map_or(from, |(line, _)| line + 1);
        }
    };
    for (i, line) in input.text.lines().enumerate() {
        let no = input.first_line + i as u32;
        // A quoted log (`> |  4096 | …` in an issue's reply) is the log all the same.
        let Some(row) = bar_cells(line.trim_start().trim_start_matches('>')) else {
            close(&mut open, &mut runs, sink);
            continue;
        };
        if let Some(columns) = Columns::of(&row) {
            close(&mut open, &mut runs, sink);
            open = Some((columns, Vec::new()));
            continue;
        }
        let Some((_, rows)) = open.as_mut() else { continue };
        if row.iter().all(|c| c.trim_matches([':', '-']).is_empty()) {
            continue; // the rule under the header
        }
        rows.push((no, row));
    }
    close(&mut open, &mut runs, sink);
    (runs, tables)
}
