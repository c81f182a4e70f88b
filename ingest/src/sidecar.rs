//! `<file>.meta.toml` sidecars: what the author states about a raw log that the log itself
//! does not say (framework, version, GPU, GPU count, model, notes). Unstated fields stay
//! `None`; they are shown as unknown, never guessed.

use crate::sink::{FindingExt, Sink};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    pub framework: Option<String>,
    pub version: Option<String>,
    pub gpu: Option<String>,
    pub gpu_count: Option<u32>,
    pub tp: Option<u32>,
    pub model: Option<String>,
    pub precision: Option<String>,
    pub notes: Vec<String>,
}

const KEYS: [&str; 8] = ["framework", "version", "gpu", "gpu_count", "tp", "model", "precision", "notes"];

/// Parses a sidecar; problems become findings on the sidecar's path and the rest is kept.
pub fn parse(text: &str, sink: &mut Sink) -> Meta {
    let table: toml::Table = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            let line = e.span().map(|s| text[..s.start.min(text.len())].matches('\n').count() as u32 + 1).unwrap_or(0);
            sink.error(
                "sidecar-invalid",
                line,
                format!("this sidecar is not valid TOML ({}); its metadata was ignored. Fix the syntax.", e.message()),
            );
            return Meta::default();
        }
    };
    let line_of = |key: &str| {
        text.lines().position(|l| l.trim_start().starts_with(key)).map(|i| i as u32 + 1).unwrap_or(0)
    };
    for key in table.keys().filter(|k| !KEYS.contains(&k.as_str())) {
        sink.warn(
            "sidecar-unknown-key",
            line_of(key),
            format!("`{key}` is not a sidecar field and was ignored; known fields: {}.", KEYS.join(", ")),
        )
        .value("key", key);
    }
    let wrong_type = |key: &str, want: &str, sink: &mut Sink| {
        sink.warn("sidecar-invalid", line_of(key), format!("`{key}` must be {want}; it was ignored."))
            .value("key", key);
    };
    let string = |key: &str, sink: &mut Sink| match table.get(key) {
        None => None,
        Some(toml::Value::String(s)) => Some(s.clone()),
        Some(_) => {
            wrong_type(key, "a string", sink);
            None
        }
    };
    let framework = string("framework", sink);
    let version = string("version", sink).map(|v| v.trim_start_matches('v').to_string());
    let gpu = string("gpu", sink);
    let model = string("model", sink);
    let precision = string("precision", sink);
    let count = |key: &str, sink: &mut Sink| match table.get(key) {
        None => None,
        Some(toml::Value::Integer(n)) if *n > 0 && *n < 100_000 => Some(*n as u32),
        Some(_) => {
            sink.warn("sidecar-invalid", line_of(key), format!("`{key}` must be a positive integer; it was ignored."))
                .value("key", key);
            None
        }
    };
    let gpu_count = count("gpu_count", sink);
    let tp = count("tp", sink);
    let notes = match table.get("notes") {
        Some(toml::Value::String(s)) => vec![s.clone()],
        Some(toml::Value::Array(a)) => a.iter().filter_map(|v| v.as_str().map(String::from)).collect(),
        _ => Vec::new(),
    };
    Meta { framework, version, gpu, gpu_count, tp, model, precision, notes }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_known_fields_and_flags_unknown_ones() {
        let mut sink = Sink::new("a.meta.toml");
        let meta = parse("framework = \"vllm\"\nversion = \"v0.6.0\"\ngpu_count = 8\ncolour = \"red\"\n", &mut sink);
        assert_eq!(meta.framework.as_deref(), Some("vllm"));
        assert_eq!(meta.version.as_deref(), Some("0.6.0"));
        assert_eq!(meta.gpu_count, Some(8));
        assert_eq!(meta.gpu, None);
        assert_eq!(sink.findings.len(), 1);
        assert_eq!((sink.findings[0].code.as_str(), sink.findings[0].line), ("sidecar-unknown-key", 4));
    }

    #[test]
    fn invalid_toml_is_an_error_with_a_line() {
        let mut sink = Sink::new("a.meta.toml");
        let meta = parse("framework = \"vllm\"\ngpu = \n", &mut sink);
        assert_eq!(meta, Meta::default());
        assert_eq!(sink.findings[0].code, "sidecar-invalid");
        assert_eq!(sink.findings[0].line, 2);
    }
}
