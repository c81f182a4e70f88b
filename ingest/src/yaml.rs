//! YAML documents read into the same spanned values as JSON ([`crate::json::reader`]), so a
//! format that comes in both syntaxes (the llm-d benchmark report) has one reader. Built on
//! `saphyr-parser`'s events, which carry the position of every scalar: a value inside a
//! mapping gets the line of its key, as in the JSON reader.
//!
//! Plain scalars are resolved by the YAML 1.2 core schema (`null`/`~`, `true`/`false`,
//! integers, floats, `.inf`/`.nan`); quoted scalars stay strings. Anchors and aliases are not
//! expanded (an alias reads as `null`), non-scalar keys are skipped, and nesting stops at
//! [`MAX_DEPTH`] so hostile input cannot build a tree too deep to drop.

use crate::json::reader::{Json, Spanned, MAX_DEPTH};
use crate::json::Object;
use saphyr_parser::{Event, Parser, ScalarStyle};
use std::borrow::Cow;

/// The top-level mappings of every document in `text`, or the line and message of the first
/// syntax error. `first_line` is the line the text starts on in its file.
pub fn parse(text: &str, first_line: u32) -> Result<Vec<Object<'_>>, (u32, String)> {
    let offset = first_line.saturating_sub(1);
    let line_of = |l: usize| u32::try_from(l).unwrap_or(u32::MAX).saturating_add(offset);
    let mut stack: Vec<Frame<'_>> = Vec::new();
    let mut objects = Vec::new();
    // The parser places the ends of a text cut after a key (`max:` and no newline) on the
    // line after its last one; nothing is written there.
    let last = line_of(text.lines().count().max(1));
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| (line_of(e.marker().line()).min(last), e.info().to_string()))?;
        let line = line_of(span.start.line()).min(last);
        let value = match event {
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return Err((line, format!("nesting deeper than {MAX_DEPTH} levels")));
                }
                let mapping = matches!(event, Event::MappingStart(..));
                let at = stack.last().and_then(Frame::key_line).unwrap_or(line);
                stack.push(Frame { line: at, mapping, items: Vec::new(), key: None });
                continue;
            }
            Event::MappingEnd | Event::SequenceEnd => {
                let Some(frame) = stack.pop() else { continue };
                // A collection ends on its last value's line: the parser's end marker is where
                // the next token starts, a line further (past the text when it has no final
                // newline).
                let end = frame.items.iter().map(|(_, v)| v.end).max().unwrap_or(line).min(line);
                let value = if frame.mapping {
                    Json::Object(frame.items.into_iter().map(|(k, v)| (k.unwrap_or_default(), v)).collect())
                } else {
                    Json::Array(frame.items.into_iter().map(|(_, v)| v).collect())
                };
                Spanned { line: frame.line, end, value }
            }
            Event::Scalar(text, style, ..) => {
                if let Some(frame) = stack.last_mut().filter(|f| f.mapping && f.key.is_none()) {
                    frame.key = Some((Some(text), line));
                    continue;
                }
                let at = stack.last().and_then(Frame::key_line).unwrap_or(line);
                Spanned { line: at, end: line, value: scalar(text, style) }
            }
            Event::Alias(_) => {
                if let Some(frame) = stack.last_mut().filter(|f| f.mapping && f.key.is_none()) {
                    frame.key = Some((None, line));
                    continue;
                }
                let at = stack.last().and_then(Frame::key_line).unwrap_or(line);
                Spanned { line: at, end: line, value: Json::Null }
            }
            _ => continue,
        };
        match stack.last_mut() {
            Some(frame) => frame.push(value),
            None => {
                if let Json::Object(members) = value.value {
                    objects.push(Object { line: value.line, end_line: value.end, members });
                }
            }
        }
    }
    Ok(objects)
}

/// A mapping or sequence being read; a mapping holds the key waiting for its value.
struct Frame<'a> {
    line: u32,
    mapping: bool,
    items: Vec<(Option<Cow<'a, str>>, Spanned<'a>)>,
    /// The pending key (`None` inside for a key that is not a scalar) and its line.
    key: Option<(Option<Cow<'a, str>>, u32)>,
}

impl<'a> Frame<'a> {
    /// The line of the pending key: where the next value of this mapping is written.
    fn key_line(&self) -> Option<u32> {
        self.key.as_ref().map(|(_, l)| *l)
    }

    fn push(&mut self, mut value: Spanned<'a>) {
        if !self.mapping {
            self.items.push((None, value));
            return;
        }
        match self.key.take() {
            // A mapping or sequence used as a key: nothing to name the value by.
            None => self.key = Some((None, value.line)),
            Some((None, _)) => {}
            Some((Some(k), line)) => {
                value.line = line;
                self.items.push((Some(k), value));
            }
        }
    }
}

/// A scalar's value by the core schema; quoted scalars are always strings.
fn scalar(text: Cow<'_, str>, style: ScalarStyle) -> Json<'_> {
    if style != ScalarStyle::Plain {
        return Json::String(text);
    }
    match text.as_ref() {
        "" | "~" | "null" | "Null" | "NULL" => return Json::Null,
        "true" | "True" | "TRUE" => return Json::Bool(true),
        "false" | "False" | "FALSE" => return Json::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Json::Word("inf"),
        "-.inf" | "-.Inf" | "-.INF" => return Json::Word("-inf"),
        ".nan" | ".NaN" | ".NAN" => return Json::Word("nan"),
        _ => {}
    }
    match number(&text) {
        Some(n) => Json::Number(n),
        None => Json::String(text),
    }
}

/// A core-schema number: decimal integers and floats (`1`, `-2.5`, `.5`, `1e3`), `0x`/`0o`.
fn number(t: &str) -> Option<f64> {
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    let first = digits.chars().next()?;
    if !(first.is_ascii_digit() || first == '.') {
        return None;
    }
    if let Some(hex) = t.strip_prefix("0x") {
        return u64::from_str_radix(hex, 16).ok().map(|n| n as f64);
    }
    if let Some(oct) = t.strip_prefix("0o") {
        return u64::from_str_radix(oct, 8).ok().map(|n| n as f64);
    }
    let ok = digits.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'));
    ok.then(|| t.parse::<f64>().ok()).flatten().filter(|n| n.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get<'a>(members: &'a [(Cow<'a, str>, Spanned<'a>)], key: &str) -> &'a Spanned<'a> {
        &members.iter().find(|(k, _)| k == key).unwrap().1
    }

    /// A report cut after a key, without a newline (a damaged sample of the property tests,
    /// `llm-d-benchmark` `br_v0_2_example.yaml` cut at `max:`): no span ends past the text.
    #[test]
    fn a_text_cut_after_a_key_ends_on_its_last_line() {
        let objects = parse("results:\n  requests:\n    total: 500\n    max:", 1).unwrap();
        assert_eq!((objects[0].line, objects[0].end_line), (1, 4));
        // An error at the cut (a flow left open) is on the last line too.
        assert_eq!(parse("results:\n  p0p: [1,", 1).err().map(|e| e.0), Some(2));
    }

    #[test]
    fn values_keep_the_line_of_their_key() {
        let text = "version: '0.1'\nmetrics:\n  time:\n    duration: 38.3\n  list:\n  - 1\n  - x\nflag: .inf\n";
        let objects = parse(text, 1).unwrap();
        assert_eq!(objects.len(), 1);
        let m = &objects[0].members;
        assert_eq!(get(m, "version").value, Json::String("0.1".into()));
        let metrics = get(m, "metrics");
        assert_eq!(metrics.line, 2);
        let Json::Object(inner) = &metrics.value else { panic!() };
        let Json::Object(time) = &get(inner, "time").value else { panic!() };
        assert_eq!(get(time, "duration").line, 4);
        assert_eq!(get(time, "duration").value, Json::Number(38.3));
        let Json::Array(list) = &get(inner, "list").value else { panic!() };
        assert_eq!((list[0].line, list[1].line), (6, 7));
        assert_eq!(get(m, "flag").value, Json::Word("inf"));
    }

    #[test]
    fn errors_and_depth_are_findings_not_panics() {
        assert!(parse("a: [1, 2\n", 1).is_err());
        assert!(parse(&"[".repeat(10_000), 1).is_err());
        assert!(parse("? [a]\n: 1\nb: 2\n", 1).is_ok());
        let aliased = parse("a: &x 1\nkey: *x\n", 1).unwrap();
        assert_eq!(get(&aliased[0].members, "key").value, Json::Null);
    }
}
