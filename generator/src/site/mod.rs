//! The bilingual site: what it reads besides the runs (UI string catalogs, docs, the
//! parameter catalog), the effective parameters of every run, and the pages written from
//! them. `check` loads all of it so both commands report the same findings; `build` then
//! renders the pages.

pub mod charts;
pub mod compare;
mod compact;
pub mod docs;
mod handwritten;
pub mod i18n;
pub mod lang;
mod lazy;
pub mod markdown;
pub mod pages;
pub mod shell;
pub mod texts;
pub mod urls;
pub mod viewer_strings;
pub mod views;

use benchsite_ingest::sink::Sink;
use benchsite_model::tuning::Catalog;
use benchsite_model::{Finding, Severity};
use std::path::Path;

/// Where the parameter catalog lives in the content folder.
pub const CATALOG_PATH: &str = "tuning/parameters.toml";

/// Everything the pages need from `content/` besides the runs.
#[derive(Debug, Default)]
pub struct SiteContent {
    pub catalogs: i18n::Catalogs,
    pub docs: Vec<docs::Doc>,
    pub tuning: Catalog,
    /// `(path, text)` of the site files read, for diagnostics that quote a line.
    pub texts: Vec<(String, String)>,
    /// Images the docs may show, copied to `media/`.
    pub media: Vec<docs::Media>,
}

impl SiteContent {
    /// The strings that block writing the site (a page would show a raw key otherwise): errors
    /// about the catalogs, including a catalog that was refused (`symlink-outside-content`).
    pub fn blocking(findings: &[Finding]) -> Vec<&Finding> {
        findings.iter().filter(|f| f.severity == Severity::Error && (f.code.starts_with("i18n-") || f.path.starts_with("i18n/") || f.path == "i18n")).collect()
    }
}

/// Reads catalogs, docs and the parameter catalog; returns them with their findings.
/// `published` lists the content paths that get a page (for doc links).
pub fn load(content: &Path, published: &[String]) -> (SiteContent, Vec<Finding>) {
    let mut sinks = Vec::new();
    let (catalogs, mut texts) = i18n::load(content, &mut sinks);
    let docs = docs::load(content, &mut sinks);
    let tuning = load_catalog(content, &mut sinks, &mut texts);
    let media = docs::media(content, &mut sinks);
    let mut site = SiteContent { catalogs, docs, tuning, texts, media };
    // Render each doc once in its own language to find broken links; pages render again.
    let urls = urls::Urls::new(None);
    for doc in &site.docs {
        for (lang, source) in &doc.by_lang {
            let mut sink = Sink::new(&source.rel);
            pages::render_doc(&site, &urls, *lang, source, published, &mut sink);
            sinks.push(sink);
        }
        for source in doc.by_lang.values() {
            site.texts.push((source.rel.clone(), source.text.clone()));
        }
    }
    (site, sinks.into_iter().flat_map(|s| s.findings).collect())
}

fn load_catalog(content: &Path, sinks: &mut Vec<Sink>, texts: &mut Vec<(String, String)>) -> Catalog {
    let mut sink = Sink::new(CATALOG_PATH);
    let text = if crate::read::exists(content, CATALOG_PATH) {
        crate::read::text(content, CATALOG_PATH, &mut sink)
    } else {
        sink.info("catalog-builtin", 0, format!("no parameter catalog at {CATALOG_PATH}; the built-in catalog is used for the tuning page and effective parameters"));
        Some(shell::BUILTIN_CATALOG.to_string())
    };
    // A catalog that could not be read is a finding already; the tuning page is left out.
    let Some(text) = text else {
        sinks.push(sink);
        return Catalog::default();
    };
    let catalog = match toml::from_str::<Catalog>(&text) {
        Ok(c) => c,
        Err(e) => {
            let line = e.span().map_or(0, |s| text[..s.start].matches('\n').count() as u32 + 1);
            sink.error("catalog-invalid", line, format!("the parameter catalog is not valid: {}; the tuning page and effective parameters are left out", e.message()));
            Catalog::default()
        }
    };
    for p in &catalog.params {
        if let Some(c) = p.concept.as_deref().filter(|c| catalog.concept(c).is_none()) {
            let line = text.lines().position(|l| l.contains(&format!("\"{c}\""))).map_or(0, |i| i as u32 + 1);
            sink.warn("catalog-unknown-concept", line, format!("{} {} names concept `{c}`, which no [[concept]] defines; add it", p.framework, p.flag));
        }
    }
    texts.push((CATALOG_PATH.to_string(), text));
    sinks.push(sink);
    let mut catalog = catalog;
    catalog.gpus = load_gpus(content, sinks, texts);
    catalog
}

/// Where the GPU table lives in the content folder.
pub const GPUS_PATH: &str = "tuning/gpus.toml";

/// The GPU table the default rules decide on; the built-in one (empty here, which the
/// catalog reads as "built in") when the content has none or it is not valid.
fn load_gpus(content: &Path, sinks: &mut Vec<Sink>, texts: &mut Vec<(String, String)>) -> Vec<benchsite_model::gpu::Gpu> {
    if !crate::read::exists(content, GPUS_PATH) {
        return Vec::new();
    }
    let mut sink = Sink::new(GPUS_PATH);
    let text = crate::read::text(content, GPUS_PATH, &mut sink);
    let gpus = match text.as_deref().map(toml::from_str::<benchsite_model::gpu::GpuTable>) {
        Some(Ok(table)) => table.gpus,
        Some(Err(e)) => {
            let text = text.as_deref().unwrap_or("");
            let line = e.span().map_or(0, |s| text[..s.start].matches('\n').count() as u32 + 1);
            sink.error("gpus-invalid", line, format!("the GPU table is not valid: {}; the built-in table is used", e.message()));
            Vec::new()
        }
        None => Vec::new(),
    };
    if let Some(text) = text {
        texts.push((GPUS_PATH.to_string(), text));
    }
    sinks.push(sink);
    gpus
}
