//! UI strings: one TOML catalog per language in `content/i18n/<lang>.toml`. Nested tables
//! flatten to dotted keys (`nav.home`). A key present in one catalog and missing in the
//! other is an error that stops the site from being written; templates render with strict
//! undefined values, so a key missing from both fails the build too instead of showing a key.

use super::lang::Lang;
use benchsite_ingest::sink::Sink;
use std::collections::BTreeMap;
use std::path::Path;

pub type Strings = BTreeMap<String, String>;

/// The catalog of each language.
#[derive(Debug, Default)]
pub struct Catalogs {
    pub by_lang: BTreeMap<Lang, Strings>,
}

impl Catalogs {
    pub fn strings(&self, lang: Lang) -> &Strings {
        static EMPTY: Strings = BTreeMap::new();
        self.by_lang.get(&lang).unwrap_or(&EMPTY)
    }

    /// The string for `key`, falling back to `fallback` (used for finding titles, whose
    /// codes are open-ended).
    pub fn get_or<'a>(&'a self, lang: Lang, key: &str, fallback: &'a str) -> &'a str {
        self.strings(lang).get(key).map_or(fallback, String::as_str)
    }
}

/// Reads `i18n/<lang>.toml` for every language; returns the catalogs, the (path, text) of
/// each file read (for diagnostics) and records findings in `sinks`.
pub fn load(content: &Path, sinks: &mut Vec<Sink>) -> (Catalogs, Vec<(String, String)>) {
    let mut catalogs = Catalogs::default();
    let mut texts = Vec::new();
    let builtin = !crate::read::exists(content, "i18n");
    if builtin {
        let mut sink = Sink::new("i18n");
        sink.info("i18n-builtin", 0, "content/i18n/ does not exist; the built-in UI strings are used. Copy them there to change them.".into());
        sinks.push(sink);
    }
    for lang in Lang::ALL {
        let rel = format!("i18n/{}.toml", lang.code());
        let mut sink = Sink::new(&rel);
        let text = if builtin {
            super::shell::BUILTIN_I18N.iter().find(|(code, _)| *code == lang.code()).map(|(_, t)| t.to_string())
        } else if crate::read::exists(content, &rel) {
            // A catalog that is refused (a link out of content, a FIFO, ...) is an error on
            // its path, which blocks the site like a missing catalog.
            crate::read::text(content, &rel, &mut sink)
        } else {
            sink.error(
                "i18n-missing-catalog",
                0,
                format!("the UI string catalog {rel} does not exist; every language needs one with the same keys"),
            );
            None
        };
        if let Some(text) = text {
            match toml::from_str::<toml::Table>(&text) {
                Ok(table) => {
                    let mut flat = Strings::new();
                    flatten("", &table, &mut flat, &mut sink, &text);
                    catalogs.by_lang.insert(lang, flat);
                }
                Err(e) => {
                    let line = e.span().map_or(0, |s| line_of(&text, s.start));
                    sink.error("i18n-invalid", line, format!("{rel} is not valid TOML: {}", e.message()));
                }
            }
            texts.push((rel, text));
        }
        sinks.push(sink);
    }
    check_parity(&catalogs, &texts, sinks);
    (catalogs, texts)
}

fn flatten(prefix: &str, table: &toml::Table, out: &mut Strings, sink: &mut Sink, text: &str) {
    for (key, value) in table {
        let full = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match value {
            toml::Value::String(s) => {
                out.insert(full, s.clone());
            }
            toml::Value::Table(t) => flatten(&full, t, out, sink, text),
            _ => {
                sink.error("i18n-invalid", key_line(text, &full), format!("`{full}` must be a string or a table of strings"));
            }
        }
    }
}

/// Every key of one catalog must be in the other.
fn check_parity(catalogs: &Catalogs, texts: &[(String, String)], sinks: &mut [Sink]) {
    if catalogs.by_lang.len() < Lang::ALL.len() {
        return;
    }
    for lang in Lang::ALL {
        let other = lang.other();
        let (mine, theirs) = (catalogs.strings(lang), catalogs.strings(other));
        let other_text = texts.iter().find(|(rel, _)| rel.ends_with(&format!("{}.toml", lang.code()))).map_or("", |(_, t)| t);
        let sink = sinks.iter_mut().find(|s| s.path.ends_with(&format!("/{}.toml", other.code())));
        let Some(sink) = sink else { continue };
        for key in mine.keys().filter(|k| !theirs.contains_key(*k)) {
            sink.error(
                "i18n-missing-key",
                0,
                format!(
                    "`{key}` is in i18n/{}.toml (line {}) but missing here; add its {} translation",
                    lang.code(),
                    key_line(other_text, key),
                    other.name()
                ),
            )
            .values
            .insert("key", key.clone());
        }
    }
}

/// Line of `key = ` in a catalog (the last segment, within its table); 0 when not found.
fn key_line(text: &str, dotted: &str) -> u32 {
    let last = dotted.rsplit('.').next().unwrap_or(dotted);
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.starts_with(dotted) || l.strip_prefix(last).is_some_and(|r| r.trim_start().starts_with('='))
        })
        .map_or(0, |i| i as u32 + 1)
}

fn line_of(text: &str, offset: usize) -> u32 {
    text[..offset.min(text.len())].matches('\n').count() as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_missing_in_one_language_is_an_error_naming_the_key() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("i18n")).unwrap();
        std::fs::write(dir.path().join("i18n/zh.toml"), "[nav]\nhome = \"首页\"\ntuning = \"调优\"\n").unwrap();
        std::fs::write(dir.path().join("i18n/en.toml"), "[nav]\nhome = \"Home\"\n").unwrap();
        let mut sinks = Vec::new();
        let (catalogs, _) = load(dir.path(), &mut sinks);
        assert_eq!(catalogs.strings(Lang::En)["nav.home"], "Home");
        let findings: Vec<_> = sinks.iter().flat_map(|s| &s.findings).collect();
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert_eq!(findings[0].path, "i18n/en.toml");
        assert_eq!(findings[0].code, "i18n-missing-key");
        assert!(findings[0].message.contains("`nav.tuning`") && findings[0].message.contains("line 3"), "{}", findings[0].message);
    }
}
