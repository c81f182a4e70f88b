//! Docs: `content/docs/<slug>.<lang>.md` with TOML front matter between `+++` lines
//! (`title`, `order`). Each slug becomes one page per language; a missing translation is a
//! warning and the other language's text is published with a notice, never a missing page.

use super::lang::Lang;
use benchsite_ingest::sink::Sink;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// Page paths the site itself uses; a doc may not take them.
pub const RESERVED: [&str; 7] = ["results", "explore", "tuning", "assets", "data", "index", "404"];

#[derive(Debug, Clone)]
pub struct DocSource {
    /// Content-relative path: `docs/methodology.zh.md`.
    pub rel: String,
    pub title: String,
    pub order: i64,
    /// Markdown after the front matter.
    pub body: String,
    /// Line of the body's first line in the file.
    pub body_line: u32,
    pub text: String,
}

/// All translations of one doc.
#[derive(Debug, Clone, Default)]
pub struct Doc {
    pub slug: String,
    pub by_lang: BTreeMap<Lang, DocSource>,
}

impl Doc {
    /// The source shown for `lang`, and whether it is a fallback from the other language.
    pub fn for_lang(&self, lang: Lang) -> Option<(&DocSource, Option<Lang>)> {
        match self.by_lang.get(&lang) {
            Some(d) => Some((d, None)),
            None => self.by_lang.get(&lang.other()).map(|d| (d, Some(lang.other()))),
        }
    }

    pub fn order(&self) -> i64 {
        self.by_lang.values().map(|d| d.order).min().unwrap_or(0)
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: Option<String>,
    order: Option<i64>,
}

/// Image types a doc may show. SVG is left out: it can carry script, and the site serves
/// it from its own origin.
pub const IMAGE_TYPES: [&str; 6] = ["png", "jpg", "jpeg", "gif", "webp", "avif"];

/// An image under `content/docs/`, published as `media/<rel>`.
#[derive(Debug, Clone)]
pub struct Media {
    /// Content-relative path: `docs/img/ttft.png`.
    pub rel: String,
    /// Read through `read::bytes`, like every other content file.
    pub bytes: Vec<u8>,
}

/// Whether `path` names a file of one of the `IMAGE_TYPES` (by extension, any case).
pub fn is_image(path: &Path) -> bool {
    path.extension().and_then(|x| x.to_str()).is_some_and(|x| IMAGE_TYPES.contains(&x.to_ascii_lowercase().as_str()))
}

/// Every image of a publishable type under `content/docs/`, sorted by path. Links are
/// listed, not followed: reading decides (a link out of content is a finding).
pub fn media(content: &Path, sinks: &mut Vec<Sink>) -> Vec<Media> {
    // A refused docs/ folder is reported once, by `load`.
    let Ok(Some(dir)) = crate::read::folder(content, "docs") else { return Vec::new() };
    walkdir::WalkDir::new(&dir)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| !e.file_type().is_dir() && is_image(e.path()))
        .filter_map(|e| {
            let rel = format!("docs/{}", e.path().strip_prefix(&dir).ok()?.to_str()?.replace('\\', "/"));
            let mut sink = Sink::new(&rel);
            let bytes = crate::read::bytes(content, &rel, &mut sink);
            sinks.push(sink);
            Some(Media { rel, bytes: bytes? })
        })
        .collect()
}

/// Reads every doc under `content/docs/`, sorted by `order` then slug.
pub fn load(content: &Path, sinks: &mut Vec<Sink>) -> Vec<Doc> {
    let mut docs: BTreeMap<String, Doc> = BTreeMap::new();
    let dir = match crate::read::folder(content, "docs") {
        Ok(Some(dir)) => dir,
        Ok(None) => return Vec::new(),
        Err(refusal) => {
            let mut sink = Sink::new("docs");
            refusal.record("docs", &mut sink);
            sinks.push(sink);
            return Vec::new();
        }
    };
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    for name in names {
        let rel = format!("docs/{name}");
        let mut sink = Sink::new(&rel);
        let Some(stem) = name.strip_suffix(".md") else {
            sinks.push(sink);
            continue;
        };
        let parsed = stem.rsplit_once('.').and_then(|(slug, code)| Some((slug, Lang::from_code(code)?)));
        let Some((slug, lang)) = parsed else {
            sink.warn("doc-name", 0, format!("{rel} is not named <slug>.<lang>.md with lang zh or en; it was not published. Rename it, e.g. {stem}.en.md"));
            sinks.push(sink);
            continue;
        };
        if !slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') || slug.is_empty() || RESERVED.contains(&slug) {
            sink.error("doc-name", 0, format!("`{slug}` cannot be a doc page name: use lowercase letters, digits and `-`, and none of {}", RESERVED.join(", ")));
            sinks.push(sink);
            continue;
        }
        if let Some(text) = crate::read::text(content, &rel, &mut sink) {
            let source = parse(&rel, text, &mut sink);
            docs.entry(slug.to_string()).or_insert_with(|| Doc { slug: slug.to_string(), ..Doc::default() }).by_lang.insert(lang, source);
        }
        sinks.push(sink);
    }
    for doc in docs.values() {
        for lang in Lang::ALL {
            if let (None, Some(other)) = (doc.by_lang.get(&lang), doc.by_lang.get(&lang.other())) {
                sinks.push(Sink::new(&other.rel));
                let sink = sinks.last_mut().expect("just pushed");
                sink.warn(
                    "doc-translation-missing",
                    1,
                    format!(
                        "docs/{}.{}.md is missing; the {} site shows this {} text with a notice. Add the translation.",
                        doc.slug,
                        lang.code(),
                        lang.name(),
                        lang.other().name()
                    ),
                );
            }
        }
    }
    let mut docs: Vec<Doc> = docs.into_values().collect();
    docs.sort_by(|a, b| a.order().cmp(&b.order()).then_with(|| a.slug.cmp(&b.slug)));
    docs
}

/// Splits `+++ toml +++` front matter from the body. Without front matter the title is the
/// first `# ` heading.
fn parse(rel: &str, text: String, sink: &mut Sink) -> DocSource {
    let mut front = FrontMatter::default();
    let mut body_start = 0;
    let mut body_line = 1;
    if let Some(rest) = text.strip_prefix("+++\n").or_else(|| text.strip_prefix("+++\r\n")) {
        match rest.find("\n+++") {
            Some(end) => {
                match toml::from_str::<FrontMatter>(&rest[..end]) {
                    Ok(f) => front = f,
                    Err(e) => {
                        let line = e.span().map_or(1, |s| 2 + rest[..s.start].matches('\n').count() as u32);
                        sink.warn("doc-front-matter", line, format!("front matter is not valid: {}; title and order fall back to the first heading and 0", e.message()));
                    }
                }
                let after = 4 + end + 4;
                body_start = text[after.min(text.len())..].find('\n').map_or(text.len(), |i| after + i + 1);
                body_line = text[..body_start].matches('\n').count() as u32 + 1;
            }
            None => {
                sink.warn("doc-front-matter", 1, "front matter opened with +++ is never closed; the whole file is shown as text".into());
            }
        }
    }
    let body = text[body_start..].to_string();
    let title = front.title.filter(|t| !t.trim().is_empty()).unwrap_or_else(|| {
        body.lines().find_map(|l| l.strip_prefix("# ")).map(|t| t.trim().to_string()).unwrap_or_else(|| rel.to_string())
    });
    DocSource { rel: rel.to_string(), title, order: front.order.unwrap_or(0), body, body_line, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_gives_title_order_and_body_line() {
        let mut sink = Sink::new("docs/a.en.md");
        let d = parse("docs/a.en.md", "+++\ntitle = \"Method\"\norder = 2\n+++\n# Heading\ntext\n".into(), &mut sink);
        assert_eq!((d.title.as_str(), d.order, d.body_line), ("Method", 2, 5));
        assert!(d.body.starts_with("# Heading"));
        assert!(sink.findings.is_empty());
    }

    #[test]
    fn missing_translation_is_a_warning_and_falls_back() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("docs")).unwrap();
        std::fs::write(dir.path().join("docs/guide.zh.md"), "# 指南\n").unwrap();
        std::fs::write(dir.path().join("docs/results.en.md"), "# clash\n").unwrap();
        let mut sinks = Vec::new();
        let docs = load(dir.path(), &mut sinks);
        assert_eq!(docs.len(), 1);
        let (src, fallback) = docs[0].for_lang(Lang::En).unwrap();
        assert_eq!((src.title.as_str(), fallback), ("指南", Some(Lang::Zh)));
        let codes: Vec<_> = sinks.iter().flat_map(|s| &s.findings).map(|f| f.code.as_str()).collect();
        assert_eq!(codes, ["doc-name", "doc-translation-missing"]);
    }
}
