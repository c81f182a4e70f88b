//! Saved results: vLLM `--save-result` files (one object, or one object per line) and
//! SGLang `--output-file` JSONL, which writes bare `Infinity`/`NaN` tokens that are not JSON.
//! Each object becomes a block of rows so the text and JSON paths share one resolver; each
//! row keeps the line of its own key, as [`reader`] read it.

pub mod reader;

use crate::fields::normalise;
use crate::scan::{Block, Context, Format, Row};
use crate::value::{parse_cell, Cell, Value};
use reader::{Json, Reader, Spanned};
use benchsite_model::{ContextRef, Run};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// One JSON object of a file, the lines of its braces and its members in written order.
pub struct Object<'a> {
    pub line: u32,
    pub end_line: u32,
    pub members: Vec<(Cow<'a, str>, Spanned<'a>)>,
}

impl<'a> Object<'a> {
    /// The member named `key`; the last one when a key is written twice (as serde_json did).
    pub fn get(&self, key: &str) -> Option<&Spanned<'a>> {
        member(&self.members, key)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Members in key order, one per key (the last written wins).
    fn by_key(&self) -> BTreeMap<&str, &Spanned<'a>> {
        self.members.iter().map(|(k, v)| (k.as_ref(), v)).collect()
    }
}

/// The members of a JSON object, in written order, as [`reader`] reads a nested one.
pub type Members<'a> = [(Cow<'a, str>, Spanned<'a>)];

/// The member of `members` named `key`; the last one when a key is written twice (as
/// [`Object::get`] finds it).
pub fn member<'b, 'a>(members: &'b Members<'a>, key: &str) -> Option<&'b Spanned<'a>> {
    members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// The members of `value` when it is an object; none (an empty list) otherwise, so a path of
/// keys through a missing or other value finds nothing.
pub fn members<'b, 'a>(value: Option<&'b Spanned<'a>>) -> &'b Members<'a> {
    match value.map(|v| &v.value) {
        Some(Json::Object(m)) => m,
        _ => &[],
    }
}

/// Outcome of reading a file as JSON.
pub enum Parsed<'a> {
    Objects(Vec<Object<'a>>),
    /// Not JSON at all, with the line and message of the first error.
    Invalid(u32, String),
}

/// Reads a file as a sequence of JSON values: one value, JSON lines, or objects written one
/// after another. Every object at the top level, or directly inside a top-level array, is a
/// candidate result; other values are ignored.
pub fn parse(text: &str) -> Parsed<'_> {
    parse_counted(text).0
}

/// [`parse`] of a text whose first line is line `first_line` of its file (a markdown code
/// block): every value carries its line in that file.
pub fn parse_at(text: &str, first_line: u32) -> Parsed<'_> {
    parse_from(Reader::starting_at(text, first_line)).0
}

/// The JSON object inside a code block that also holds other lines: a shell prompt that
/// `cat`s the file above it (`root@host:/data# cat result.json`), notes below it. The object
/// starts on the first line that begins with `{` and ends on the line where its braces close
/// (braces inside strings not counted). Returns the index of its first line in `text` and its
/// text; `None` when no object starts a line or its braces never close.
pub fn object_within(text: &str) -> Option<(usize, &str)> {
    let mut start = None;
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let line_start = offset;
        offset += line.len();
        if start.is_none() {
            if !line.starts_with('{') {
                continue;
            }
            start = Some((i, line_start));
        }
        for c in line.chars() {
            match c {
                _ if escaped => escaped = false,
                '\\' if in_string => escaped = true,
                '"' => in_string = !in_string,
                '{' | '[' if !in_string => depth += 1,
                '}' | ']' if !in_string => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        let (first, from) = start?;
                        return Some((first, text[from..offset].trim_end()));
                    }
                }
                _ => {}
            }
        }
    }
    None
}

/// [`parse`], plus the number of bytes the reader examined (re-reads counted).
pub fn parse_counted(text: &str) -> (Parsed<'_>, usize) {
    parse_from(Reader::new(text))
}

fn parse_from(mut reader: Reader<'_>) -> (Parsed<'_>, usize) {
    let mut objects = Vec::new();
    if reader.at_end() {
        return (Parsed::Invalid(reader.line(), "EOF while parsing a value (the file is empty)".into()), reader.steps());
    }
    while !reader.at_end() {
        match reader.value() {
            Ok(top) => collect(top, &mut objects),
            Err(e) => return (Parsed::Invalid(e.line, e.to_string()), reader.steps()),
        }
    }
    (Parsed::Objects(objects), reader.steps())
}

/// Keeps the objects of a top-level value.
fn collect<'a>(top: Spanned<'a>, out: &mut Vec<Object<'a>>) {
    let object = |s: Spanned<'a>| match s.value {
        Json::Object(members) => Some(Object { line: s.line, end_line: s.end, members }),
        _ => None,
    };
    match top.value {
        Json::Array(items) => out.extend(items.into_iter().filter_map(object)),
        _ => out.extend(object(top)),
    }
}

/// True when an object has the keys of a serving benchmark result: counts or a duration with
/// a throughput or TTFT, or (vLLM's nightly benchmarks keep only the latencies of a run: no
/// `completed`, no throughput) the prompts sent with their TTFT statistics.
pub fn is_result(obj: &Object<'_>) -> bool {
    let has = |k: &str| obj.contains_key(k);
    ((has("completed") || has("duration")) && (has("request_throughput") || has("output_throughput") || has("mean_ttft_ms")))
        || (has("num_prompts") && has("mean_ttft_ms"))
}

/// Arrays and nested objects that describe single requests or the server, not the run.
const SKIPPED: [&str; 10] =
    ["input_lens", "output_lens", "ttfts", "itls", "generated_texts", "errors", "server_info", "tokenizer_id", "date", "start_times"];

/// Converts a result object to a block of rows. Strings are cells like any printed value,
/// so `"inf"` and metadata numbers written as strings read the same as in a text log. Rows
/// come in key order, each key once, as they did when objects were serde_json maps.
pub fn to_block<'a>(obj: &'a Object<'a>, format: Format) -> Block<'a> {
    let mut rows = Vec::new();
    let mut context = Context::default();
    let mut errors = 0usize;
    // SGLang writes its `--random-*` defaults whatever the dataset; only random-style datasets
    // (`random`, `random-ids`) take them, so for a ShareGPT run they are no lengths at all.
    let dataset = obj.get("dataset_name").and_then(|d| match &d.value {
        Json::String(s) => Some(s.to_ascii_lowercase()),
        _ => None,
    });
    let ignores_random = dataset.is_some_and(|d| !d.starts_with("random"));
    for (key, spanned) in obj.by_key() {
        if ignores_random && key.starts_with("random_") {
            continue;
        }
        if key == "errors" {
            if let Json::Array(items) = &spanned.value {
                errors = items.iter().filter(|e| matches!(&e.value, Json::String(s) if !s.is_empty())).count();
            }
        }
        if SKIPPED.contains(&key) {
            continue;
        }
        let cell = match &spanned.value {
            Json::Number(n) => Cell { value: Value::Number(*n), unit: "" },
            Json::Word(w) => parse_cell(w),
            Json::String(s) => parse_cell(s),
            // vLLM and SGLang write `null` for what they did not measure or were not asked
            // (`max_concurrency`, `accept_length`, `sharegpt_output_len`): nothing to report.
            Json::Null => continue,
            Json::Bool(_) | Json::Array(_) | Json::Object(_) => continue,
        };
        let label = match key {
            "model_id" => "model".to_string(),
            "duration" => "duration".to_string(),
            "total_token_throughput" => "total token throughput".to_string(),
            k => normalise(k),
        };
        rows.push(Row { line: spanned.line, label, raw_label: key, cell, section: None });
    }
    context.errors = vec![obj.line; errors];
    Block { format, start: obj.line, end: obj.end_line, terminated: true, rows, context, sweep: None, cut_at: None }
}

/// Keys a saved result's `--metadata KEY=VALUE` entries use for the GPU (vLLM writes each
/// entry as a top-level key with a string value).
const GPU_KEYS: [&str; 6] = ["gpu", "hardware", "device", "gpu_type", "gpu_name", "accelerator"];

/// Fills GPU and TP from a saved result's own metadata (`--metadata hardware=910B3 env=TP4PP1
/// tp=4`) where the run has none, each with `source.context[field] = metadata` and its line.
pub fn apply_metadata(obj: &Object<'_>, run: &mut Run) {
    let text = |key: &str| {
        obj.get(key).and_then(|v| match &v.value {
            Json::String(s) if !s.trim().is_empty() => Some((s.trim().to_string(), v.line)),
            Json::Number(n) => Some((n.to_string(), v.line)),
            _ => None,
        })
    };
    let context = |run: &mut Run, field: &str, line: u32| {
        run.source.lines.insert(field, line);
        run.source.context.insert(field, ContextRef { line, kind: "metadata".into() });
    };
    if run.gpu.is_none() {
        if let Some((gpu, line)) = GPU_KEYS.iter().find_map(|k| text(k)) {
            run.gpu = Some(gpu);
            context(run, "gpu", line);
        }
    }
    if run.tp.is_none() {
        let tp = text("tp").and_then(|(v, l)| Some((v.parse::<u32>().ok()?, l))).or_else(|| text("env").and_then(|(v, l)| Some((tp_in(&v)?, l))));
        if let Some((tp, line)) = tp.filter(|(tp, _)| *tp > 0) {
            run.tp = Some(tp);
            run.metrics.extra.remove("tp");
            run.source.lines.remove("metrics.extra.tp");
            context(run, "tp", line);
        }
    }
}

/// What SGLang's `bench_serving` writes of the server into its JSONL (`server_info`): the
/// model each server loaded (`internal_states[].model_path`), its TP (`tp_size`), its release
/// (`version`), and whether prefill and decode ran apart (`disaggregation_mode`, a server per
/// phase under `prefill[]` and `decode[]`). Taken where the result names none, with kind
/// `metadata`; a value the servers disagree on (a prefill server of another release) is a
/// note, not the run's.
pub fn apply_server_info(obj: &Object<'_>, run: &mut Run) {
    let Some(info) = obj.get("server_info") else { return };
    let Json::Object(info) = &info.value else { return };
    let servers: Vec<&Vec<(std::borrow::Cow<'_, str>, Spanned<'_>)>> = ["internal_states", "prefill", "decode"]
        .iter()
        .filter_map(|k| info.iter().rev().find(|(key, _)| key == k))
        .flat_map(|(_, v)| match &v.value {
            Json::Array(items) => items.iter().filter_map(|i| if let Json::Object(m) = &i.value { Some(m) } else { None }).collect(),
            _ => Vec::new(),
        })
        .collect();
    let field = |key: &str| -> Vec<(String, u32)> {
        servers
            .iter()
            .filter_map(|m| m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v))
            .filter_map(|v| match &v.value {
                Json::String(s) if !s.trim().is_empty() => Some((s.trim().to_string(), v.line)),
                Json::Number(n) => Some((n.to_string(), v.line)),
                _ => None,
            })
            .collect()
    };
    let agreed = |values: &[(String, u32)]| values.first().filter(|(first, _)| values.iter().all(|(v, _)| v == first)).cloned();
    let context = |run: &mut Run, key: &'static str, line: u32| {
        run.source.lines.insert(key, line);
        run.source.context.insert(key, ContextRef { line, kind: "metadata".into() });
    };
    if let (None, Some((model, line))) = (&run.model, agreed(&field("model_path"))) {
        run.model = Some(model);
        context(run, "model", line);
    }
    if let (None, Some((tp, line))) = (run.tp, agreed(&field("tp_size"))) {
        if let Some(tp) = tp.parse::<u32>().ok().filter(|&t| t > 0) {
            run.tp = Some(tp);
            context(run, "tp", line);
        }
    }
    let versions = field("version");
    match agreed(&versions) {
        Some((v, line)) if run.framework_version.is_none() => {
            run.framework_version = Some(v);
            context(run, "framework_version", line);
        }
        None if !versions.is_empty() => {
            let listed: Vec<String> = versions.iter().map(|(v, _)| v.clone()).collect();
            run.notes.push(benchsite_model::Note { line: versions[0].1, text: format!("server versions differ: {}", listed.join(", ")) });
        }
        _ => {}
    }
    let modes = field("disaggregation_mode");
    if let Some((_, line)) = modes.iter().find(|(m, _)| matches!(m.as_str(), "prefill" | "decode")) {
        let prefill = info.iter().any(|(k, _)| k == "prefill");
        let count = |k: &str| info.iter().rev().find(|(key, _)| key == k).and_then(|(_, v)| if let Json::Array(a) = &v.value { Some(a.len()) } else { None }).unwrap_or(0);
        let text = if prefill { format!("prefill/decode disaggregated ({} prefill, {} decode server(s))", count("prefill"), count("decode")) } else { "prefill/decode disaggregated".to_string() };
        run.notes.push(benchsite_model::Note { line: *line, text });
    }
}

/// The TP of an environment label such as `TP4PP1` or `tp8`.
fn tp_in(label: &str) -> Option<u32> {
    let lower = label.to_ascii_lowercase();
    let at = lower.find("tp")?;
    let digits: String = lower[at + 2..].chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_between_a_prompt_and_notes() {
        let text = "root@h:/data# cat r.json \n{\n    \"a\": \"}{\\\"\",\n    \"b\": [1, {\"c\": 2}]\n}\n\nnotes: {not json}\n";
        let (line, object) = object_within(text).unwrap();
        assert_eq!(line, 1);
        assert!(object.starts_with('{') && object.ends_with('}') && object.contains("\"c\": 2"), "{object}");
        // An object whose closing brace never comes, or none at a line's start: nothing.
        assert_eq!(object_within("$ cat r.json\n{\n  \"a\": {\"b\": 1}\n notes\n"), None);
        assert_eq!(object_within("x = {\"a\": 1}\n"), None);
    }

    #[test]
    fn tp_from_an_environment_label() {
        assert_eq!(tp_in("TP4PP1"), Some(4));
        assert_eq!(tp_in("tp8"), Some(8));
        assert_eq!(tp_in("PP2"), None);
    }

    #[test]
    fn reads_json_lines() {
        let Parsed::Objects(objs) = parse("{\"completed\": 1}\n\n{\"completed\": 2}\n") else { panic!() };
        assert_eq!(objs.iter().map(|o| o.line).collect::<Vec<_>>(), vec![1, 3]);
    }

    #[test]
    fn reports_invalid_json_line() {
        let Parsed::Invalid(line, _) = parse("{\"a\": 1,\n \"b\": }") else { panic!() };
        assert_eq!(line, 2);
    }

    #[test]
    fn objects_in_a_pretty_array_start_on_their_own_lines() {
        let Parsed::Objects(objs) = parse("[\n  {\n    \"a\": 1,\n    \"b\": [\n      2\n    ]\n  },\n  {\"a\": 3}\n]") else { panic!() };
        assert_eq!(objs.iter().map(|o| (o.line, o.end_line)).collect::<Vec<_>>(), vec![(2, 7), (8, 8)]);
        assert_eq!(objs[0].get("b").map(|v| v.line), Some(4));
    }

    #[test]
    fn a_key_written_twice_reads_its_last_value() {
        let Parsed::Objects(objs) = parse("{\"a\": 1,\n\"a\": 2}") else { panic!() };
        assert_eq!(objs[0].get("a").map(|v| (v.line, v.value.clone())), Some((2, Json::Number(2.0))));
    }
}
