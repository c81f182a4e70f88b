//! Saved results: vLLM `--save-result` files (one object, or one object per line) and
//! SGLang `--output-file` JSONL, which writes bare `Infinity`/`NaN` tokens that are not JSON.
//! Each object becomes a block of rows so the text and JSON paths share one resolver.

use crate::fields::normalise;
use crate::scan::{Block, Context, Format, Row};
use crate::value::{parse_cell, Cell, Value};
use serde_json::Value as Json;

/// One JSON object of a file and the line it starts on.
pub struct Object {
    pub line: u32,
    pub end_line: u32,
    pub value: serde_json::Map<String, Json>,
    /// Source text of the object, to locate each key's line.
    pub text: String,
}

/// Outcome of reading a file as JSON.
pub enum Parsed {
    Objects(Vec<Object>),
    /// Not JSON at all, with the line and message of the first error.
    Invalid(u32, String),
}

/// Rewrites bare `Infinity`, `-Infinity` and `NaN` outside strings into marker strings.
pub fn sanitise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let replaced = [("-Infinity", "\"-inf\""), ("Infinity", "\"inf\""), ("NaN", "\"nan\"")]
            .iter()
            .find(|(tok, _)| rest.starts_with(tok));
        if let Some((tok, rep)) = replaced {
            out.push_str(rep);
            rest = &rest[tok.len()..];
            continue;
        }
        if c == '"' {
            in_string = true;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Reads a whole file as one JSON value, or as JSON lines.
pub fn parse(text: &str) -> Parsed {
    let clean = sanitise(text);
    match serde_json::from_str::<Json>(&clean) {
        Ok(Json::Object(map)) => {
            let end = text.lines().count().max(1) as u32;
            Parsed::Objects(vec![Object { line: 1, end_line: end, value: map, text: clean }])
        }
        Ok(Json::Array(items)) => Parsed::Objects(
            items
                .into_iter()
                .filter_map(|v| match v {
                    Json::Object(m) => Some(Object { line: 1, end_line: 1, value: m, text: String::new() }),
                    _ => None,
                })
                .collect(),
        ),
        Ok(_) => Parsed::Objects(Vec::new()),
        Err(whole_err) => {
            let mut objects = Vec::new();
            for (i, line) in clean.lines().enumerate() {
                let l = line.trim();
                if l.is_empty() {
                    continue;
                }
                match serde_json::from_str::<Json>(l) {
                    Ok(Json::Object(m)) => {
                        let no = i as u32 + 1;
                        objects.push(Object { line: no, end_line: no, value: m, text: String::new() })
                    }
                    _ if objects.is_empty() => {
                        return Parsed::Invalid(whole_err.line() as u32, whole_err.to_string());
                    }
                    Ok(_) => {}
                    Err(e) => return Parsed::Invalid(i as u32 + 1, e.to_string()),
                }
            }
            if objects.is_empty() {
                Parsed::Invalid(whole_err.line() as u32, whole_err.to_string())
            } else {
                Parsed::Objects(objects)
            }
        }
    }
}

/// True when an object has the keys of a serving benchmark result.
pub fn is_result(obj: &serde_json::Map<String, Json>) -> bool {
    let has = |k: &str| obj.contains_key(k);
    (has("completed") || has("duration"))
        && (has("request_throughput") || has("output_throughput") || has("mean_ttft_ms"))
}

/// Arrays and nested objects that describe single requests or the server, not the run.
const SKIPPED: [&str; 10] =
    ["input_lens", "output_lens", "ttfts", "itls", "generated_texts", "errors", "server_info", "tokenizer_id", "date", "start_times"];

/// Converts a result object to a block of rows. Strings are cells like any printed value,
/// so `"inf"` and metadata numbers written as strings read the same as in a text log.
pub fn to_block<'a>(obj: &'a Object, format: Format, keys_text: &'a str) -> Block<'a> {
    let mut rows = Vec::new();
    let mut context = Context::default();
    let mut errors = 0usize;
    for (key, value) in &obj.value {
        if key == "errors" {
            if let Json::Array(items) = value {
                errors = items.iter().filter(|e| matches!(e, Json::String(s) if !s.is_empty())).count();
            }
        }
        if SKIPPED.contains(&key.as_str()) || value.is_array() || value.is_object() {
            continue;
        }
        let line = key_line(obj, keys_text, key);
        let cell = match value {
            Json::Number(n) => Cell { value: n.as_f64().map(Value::Number).unwrap_or(Value::Absent("nan")), unit: "" },
            Json::String(s) => parse_cell(s),
            Json::Null => Cell { value: Value::Absent("null"), unit: "" },
            Json::Bool(_) => continue,
            _ => continue,
        };
        let label = match key.as_str() {
            "model_id" => "model".to_string(),
            "duration" => "duration".to_string(),
            "total_token_throughput" => "total token throughput".to_string(),
            k => normalise(k),
        };
        rows.push(Row { line, label, raw_label: key.as_str(), cell, section: None });
    }
    context.errors = vec![obj.line; errors];
    Block { format, start: obj.line, end: obj.end_line, terminated: true, rows, context, sweep: None }
}

/// Line of `"key"` inside a pretty-printed object; the object's line otherwise.
fn key_line(obj: &Object, text: &str, key: &str) -> u32 {
    if text.is_empty() {
        return obj.line;
    }
    let needle = format!("\"{key}\"");
    match text.find(&needle) {
        Some(pos) => obj.line + text[..pos].matches('\n').count() as u32,
        None => obj.line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitises_bare_infinity_and_nan_outside_strings() {
        assert_eq!(
            sanitise(r#"{"a": Infinity, "b": -Infinity, "c": NaN, "d": "NaN Infinity"}"#),
            r#"{"a": "inf", "b": "-inf", "c": "nan", "d": "NaN Infinity"}"#
        );
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
}
