//! The model catalog `content/models.toml`: per model family, the precision its checkpoint
//! is published in, its parameter count (and active parameters for MoE models) and the page
//! that says so. It is the last resort of [`crate::precision`]: a run whose flags and model
//! name state no precision gets the published one, marked `catalog`.
//!
//! The caller reads the file and hands over its text (no I/O here). Problems are findings on
//! the catalog's path with a line; an unreadable catalog is ignored as a whole, a bad entry
//! alone.
//!
//! ```toml
//! [[model]]
//! family = "Qwen3-32B"
//! precision = "BF16"
//! parameters_billion = 32.8
//! source = "https://huggingface.co/Qwen/Qwen3-32B"
//! ```

use crate::precision::normalise;
use crate::sink::{FindingExt, Sink};
use std::collections::BTreeMap;

/// Where the catalog lives in the content folder.
pub const PATH: &str = "models.toml";

/// One family's entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub family: String,
    /// Normalised (`BF16`, `MXFP4`, ...).
    pub precision: String,
    pub parameters_billion: Option<f64>,
    /// For mixture-of-experts models: parameters active per token.
    pub active_parameters_billion: Option<f64>,
    /// The model page that states the above.
    pub source: String,
    pub line: u32,
}

/// Entries by family, looked up without regard to case.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalog {
    models: BTreeMap<String, Model>,
}

impl Catalog {
    pub fn get(&self, family: &str) -> Option<&Model> {
        self.models.get(&family.to_ascii_lowercase())
    }

    pub fn len(&self) -> usize {
        self.models.len()
    }

    pub fn is_empty(&self) -> bool {
        self.models.is_empty()
    }
}

const KEYS: [&str; 5] = ["family", "precision", "parameters_billion", "active_parameters_billion", "source"];

#[derive(serde::Deserialize)]
struct File {
    #[serde(default)]
    model: Vec<toml::Spanned<toml::Table>>,
}

fn line_at(text: &str, offset: usize) -> u32 {
    text[..offset.min(text.len())].matches('\n').count() as u32 + 1
}

/// Parses the catalog; every problem becomes a finding on `sink` and the rest is kept.
pub fn parse(text: &str, sink: &mut Sink) -> Catalog {
    let file: File = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            let line = e.span().map_or(0, |s| line_at(text, s.start));
            sink.error(
                "models-invalid",
                line,
                format!(
                    "the model catalog is not valid TOML ({}); it was ignored, so no run gets its precision from it. \
                     Fix the syntax: each model is a `[[model]]` table.",
                    e.message().trim()
                ),
            );
            return Catalog::default();
        }
    };
    let mut catalog = Catalog::default();
    for spanned in &file.model {
        let line = line_at(text, spanned.span().start);
        if let Some(model) = entry(spanned.get_ref(), line, sink) {
            let key = model.family.to_ascii_lowercase();
            if let Some(first) = catalog.models.get(&key) {
                sink.warn(
                    "models-entry-invalid",
                    line,
                    format!("`{}` is already described at line {}; this entry was ignored. Keep one entry per family.", model.family, first.line),
                )
                .value("family", &model.family);
                continue;
            }
            catalog.models.insert(key, model);
        }
    }
    catalog
}

fn entry(table: &toml::Table, line: u32, sink: &mut Sink) -> Option<Model> {
    for key in table.keys().filter(|k| !KEYS.contains(&k.as_str())) {
        sink.warn("models-entry-invalid", line, format!("`{key}` is not a catalog field and was ignored; known fields: {}.", KEYS.join(", ")))
            .value("key", key);
    }
    let mut problem = |what: String| {
        sink.warn("models-entry-invalid", line, format!("this model entry {what}; the entry was ignored."));
    };
    let text = |key: &str| table.get(key).and_then(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty());
    let Some(family) = text("family") else {
        problem("has no `family` (the model name without organisation and precision, e.g. `Qwen3-32B`)".into());
        return None;
    };
    let Some(precision) = text("precision").and_then(normalise) else {
        problem(format!("for `{family}` has no usable `precision` (e.g. \"BF16\")"));
        return None;
    };
    let Some(source) = text("source").filter(|s| s.starts_with("https://")) else {
        problem(format!("for `{family}` has no `source` (the https:// address of the model page that states its precision)"));
        return None;
    };
    let mut number = |key: &str| match table.get(key) {
        None => Some(None),
        Some(toml::Value::Float(f)) if *f > 0.0 => Some(Some(*f)),
        Some(toml::Value::Integer(n)) if *n > 0 => Some(Some(*n as f64)),
        Some(_) => {
            problem(format!("for `{family}` has `{key}` that is not a positive number of billions"));
            None
        }
    };
    let parameters_billion = number("parameters_billion")?;
    let active_parameters_billion = number("active_parameters_billion")?;
    Some(Model {
        family: family.to_string(),
        precision,
        parameters_billion,
        active_parameters_billion,
        source: source.to_string(),
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_entries_and_looks_them_up_by_family_in_any_case() {
        let mut sink = Sink::new(PATH);
        let text = "[[model]]\nfamily = \"Qwen3-30B-A3B\"\nprecision = \"bf16\"\nparameters_billion = 30.5\nactive_parameters_billion = 3.3\nsource = \"https://huggingface.co/Qwen/Qwen3-30B-A3B\"\n";
        let catalog = parse(text, &mut sink);
        assert!(sink.findings.is_empty(), "{:?}", sink.findings);
        let m = catalog.get("qwen3-30b-a3b").unwrap();
        assert_eq!((m.precision.as_str(), m.parameters_billion, m.active_parameters_billion, m.line), ("BF16", Some(30.5), Some(3.3), 1));
    }

    #[test]
    fn invalid_toml_is_an_error_with_its_line_and_yields_no_catalog() {
        let mut sink = Sink::new(PATH);
        let catalog = parse("[[model]]\nfamily = \"Qwen3-8B\"\nprecision = \n", &mut sink);
        assert!(catalog.is_empty());
        let f = &sink.findings[0];
        assert_eq!((f.code.as_str(), f.path.as_str(), f.line), ("models-invalid", PATH, 3));
    }

    #[test]
    fn a_bad_entry_is_skipped_with_a_finding_and_the_others_are_kept() {
        let mut sink = Sink::new(PATH);
        let text = "[[model]]\nfamily = \"A\"\nprecision = \"BF16\"\nsource = \"https://huggingface.co/x/A\"\n\n\
                    [[model]]\nfamily = \"B\"\nprecision = \"BF16\"\n\n\
                    [[model]]\nfamily = \"a\"\nprecision = \"FP8\"\nsource = \"https://huggingface.co/x/a\"\ncolour = 1\n";
        let catalog = parse(text, &mut sink);
        assert_eq!(catalog.len(), 1);
        assert_eq!(catalog.get("A").unwrap().precision, "BF16");
        let found: Vec<(&str, u32)> = sink.findings.iter().map(|f| (f.code.as_str(), f.line)).collect();
        assert_eq!(found, vec![("models-entry-invalid", 6), ("models-entry-invalid", 10), ("models-entry-invalid", 10)]);
    }
}
