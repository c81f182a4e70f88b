//! The page list and the writing of every page: each page once per language with the same
//! relative path, plus the language chooser at the root, a bilingual `404.html`,
//! `sitemap.xml`, `.nojekyll`, the assets from `www/assets/`, `data/parameters.json` and the
//! explorer's reading of it, `data/parameters.txt`.
//! Templates come from `www/templates/` through minijinja with HTML auto-escaping and
//! strict undefined values, so content reaches the page as text and a missing string fails.
//!
//! Memory stays bounded by the data, not by what the pages show of it: every page is streamed
//! to its file, and a result page's rows, findings and source lines are made one at a time as
//! the template reaches them (`lazy.rs`), from the runs shared with the page (`Arc`).

use super::docs::DocSource;
use super::lang::Lang;
use super::markdown::{self, Link};
use super::urls::{file_of, result_page, source_page, Urls};
use super::charts::Charts;
use super::i18n::Strings;
use super::lazy;
use super::handwritten;
use super::views::{self, header_groups};
use super::viewer_strings;
use super::SiteContent;
use benchsite_ingest::sink::Sink;
use benchsite_model::{format_count, Finding, Run, RunsFile};
use indicatif::ProgressBar;
use rayon::prelude::*;
use minijinja::{context, AutoEscape, Environment, UndefinedBehavior, Value};
use serde_json::{json, Map};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// What every page is made from.
pub struct Inputs<'a> {
    /// Shared, so the rows a result page makes on demand can hold it.
    pub data: &'a Arc<RunsFile>,
    pub site: &'a SiteContent,
    pub urls: &'a Urls,
    /// Templates and assets.
    pub shell: &'a super::shell::Shell,
    /// The explorer's wasm and JS bindings, copied to `assets/viewer/`.
    pub viewer: Option<&'a Path>,
    /// Every run in the explorer's columns, for the charts (`Charts::new(&data.runs)`).
    pub charts: &'a Charts,
}

/// Pages written per language and files in all.
#[derive(Debug, Default, Clone)]
pub struct Written {
    pub pages: BTreeMap<Lang, usize>,
    pub files: usize,
}

enum Kind {
    Home,
    Result(usize),
    Doc(usize),
    Tuning,
    Explore,
    /// A natural pair of result files, by index into `ByFile::pairs`.
    Compare(usize),
    NotFound,
}

impl Kind {
    /// Its place in `phases::KINDS`.
    fn index(&self) -> usize {
        match self {
            Kind::Home => 0,
            Kind::Result(_) => 1,
            Kind::Doc(_) => 2,
            Kind::Compare(_) => 3,
            Kind::Tuning => 4,
            Kind::Explore => 5,
            Kind::NotFound => 6,
        }
    }
}

struct Spec {
    kind: Kind,
    /// Path inside the language folder: `tuning/`, `404.html`.
    rel: String,
}

fn specs(inputs: &Inputs, pairs: &[super::compare::PairSpec]) -> Vec<Spec> {
    let mut specs = vec![Spec { kind: Kind::Home, rel: String::new() }];
    for (i, s) in inputs.data.sources.iter().enumerate().filter(|(_, s)| views::is_published(s)) {
        specs.push(Spec { kind: Kind::Result(i), rel: result_page(&s.path) });
    }
    for (i, d) in inputs.site.docs.iter().enumerate() {
        specs.push(Spec { kind: Kind::Doc(i), rel: format!("{}/", d.slug) });
    }
    for (i, pair) in pairs.iter().enumerate() {
        specs.push(Spec { kind: Kind::Compare(i), rel: pair.rel.clone() });
    }
    specs.push(Spec { kind: Kind::Tuning, rel: "tuning/".into() });
    specs.push(Spec { kind: Kind::Explore, rel: "explore/".into() });
    specs.push(Spec { kind: Kind::NotFound, rel: "404.html".into() });
    specs
}

/// Looks up UI strings for one language and remembers keys that are missing, so the build
/// fails with their names instead of publishing a page with a hole. Cheap to clone: rows
/// made on demand take a copy.
#[derive(Clone)]
struct Tr {
    strings: Arc<Strings>,
    /// The same strings hashed: a page looks up hundreds (a result page's effective
    /// parameters, rules and rows), and the ordered map's string comparisons were most of it.
    index: Arc<std::collections::HashMap<String, String>>,
    /// The whole catalog as the templates' `t`, converted once per language (it was
    /// converted for every page: half a millisecond each, a tenth of a result page).
    value: Value,
    missing: Arc<Mutex<BTreeSet<String>>>,
}

impl Tr {
    fn new(strings: &Strings) -> Self {
        let index = strings.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        Tr { strings: Arc::new(strings.clone()), index: Arc::new(index), value: Value::from_serialize(strings), missing: Arc::default() }
    }

    fn get(&self, key: &str) -> String {
        match self.index.get(key) {
            Some(s) => s.clone(),
            None => {
                self.missing.lock().unwrap_or_else(|e| e.into_inner()).insert(key.to_string());
                key.to_string()
            }
        }
    }

    fn missing(&self) -> BTreeSet<String> {
        std::mem::take(&mut self.missing.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The runs and findings of each source file, by index, found once for all result pages.
struct ByFile<'a> {
    runs: BTreeMap<&'a str, Vec<usize>>,
    findings: BTreeMap<&'a str, Vec<usize>>,
    /// The natural pairs of result files (`compare::natural_pairs`), in page order, and the
    /// pairs each source file takes part in.
    pairs: Vec<super::compare::PairSpec>,
    pairs_of: BTreeMap<usize, Vec<usize>>,
    /// The home page's counts, made by the first language's home page.
    counts: std::sync::OnceLock<views::Counts>,
}

impl<'a> ByFile<'a> {
    fn new(data: &'a RunsFile, store: &benchsite_viewer::store::Store) -> Self {
        let pairs = super::compare::natural_pairs(data, store);
        let mut pairs_of: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (n, p) in pairs.iter().enumerate() {
            pairs_of.entry(p.base).or_default().push(n);
            pairs_of.entry(p.candidate).or_default().push(n);
        }
        let mut by = ByFile { runs: BTreeMap::new(), findings: BTreeMap::new(), pairs, pairs_of, counts: std::sync::OnceLock::new() };
        for (i, r) in data.runs.iter().enumerate() {
            by.runs.entry(r.source.path.as_str()).or_default().push(i);
        }
        for (i, f) in data.findings.iter().enumerate() {
            by.findings.entry(f.path.as_str()).or_default().push(i);
        }
        by
    }

    fn runs(&self, path: &str) -> &[usize] {
        self.runs.get(path).map_or(&[], Vec::as_slice)
    }

    fn findings(&self, path: &str) -> &[usize] {
        self.findings.get(path).map_or(&[], Vec::as_slice)
    }
}

fn environment(shell: &super::shell::Shell) -> Environment<'static> {
    let mut env = Environment::new();
    shell.load_templates(&mut env);
    env.set_undefined_behavior(UndefinedBehavior::SemiStrict);
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_formatter(format_value);
    env
}

/// How a value reaches the page.
pub(super) fn format_value(out: &mut minijinja::Output, state: &minijinja::State, value: &Value) -> Result<(), minijinja::Error> {
    let failed = |e: std::fmt::Error| minijinja::Error::new(minijinja::ErrorKind::WriteFailure, e.to_string());
    // A result page's source listing escapes its own lines (`lazy::Listing`).
    if let Some(listing) = value.downcast_object_ref::<lazy::Listing>() {
        return listing.write(out).map_err(failed);
    }
    // So does a result table row's cells (`lazy::RowCells`).
    if let Some(cells) = value.downcast_object_ref::<lazy::RowCells>() {
        return cells.write(out).map_err(failed);
    }
    match value.as_str() {
        // minijinja's HTML escaping also escapes `/`, which makes every URL unreadable in the
        // output; `/` is harmless in text and attribute values, so strings escape the other five.
        Some(text) if state.auto_escape() == AutoEscape::Html && !value.is_safe() => markdown::write_escaped(out, text).map_err(failed),
        _ => minijinja::escape_formatter(out, state, value),
    }
}

/// Writes every page into `dir` (the staging folder).
pub fn write_all(dir: &Path, inputs: &Inputs, progress: &ProgressBar) -> Result<Written, String> {
    write_some(dir, inputs, progress, &|_| true)
}

/// `write_all`, rendering only the pages whose path inside the language folder `pages`
/// accepts (`serve` rewrites the pages an edit touched, in two writes that share
/// `inputs.charts`); the counts and the sitemap still name every page.
pub fn write_some(dir: &Path, inputs: &Inputs, progress: &ProgressBar, pages: &(dyn Fn(&str) -> bool + Sync)) -> Result<Written, String> {
    let env = environment(inputs.shell);
    // Result pages are written by hand while the templates that define them are the built-in
    // ones (a `--www` with other templates is rendered through them).
    let by_hand = inputs.shell.builtin(handwritten::RESULT_TEMPLATES);
    let compare_by_hand = inputs.shell.builtin(handwritten::COMPARE_TEMPLATES);
    let by_file = ByFile::new(inputs.data, inputs.charts.store());
    let specs = specs(inputs, &by_file.pairs);
    let charts = inputs.charts;
    crate::phases::mark("page index");
    let sources: Vec<usize> = specs.iter().filter_map(|spec| if let Kind::Result(i) = spec.kind { Some(i) } else { None }).collect();
    progress.set_length((specs.len() * Lang::ALL.len() + sources.len() + 2) as u64);
    let mut written = Written::default();
    let mut sitemap = Vec::new();
    // The core module, read once: the explore pages keep the strings it can show.
    let core = match inputs.viewer.filter(|_| pages("explore/")) {
        Some(from) => Some(std::fs::read(from.join(CORE_WASM)).map_err(|e| format!("could not read {}: {e}; build it with `cargo xtask site`", from.join(CORE_WASM).display()))?),
        None => None,
    };
    let codes: BTreeSet<&str> = inputs.data.findings.iter().map(|f| f.code.as_str()).collect();
    let mut strings_files = 0;
    for lang in Lang::ALL {
        let tr = Tr::new(inputs.site.catalogs.strings(lang));
        let mut shared = Shared::new(inputs, lang, &tr);
        let explorer_strings = viewer_strings::split(&tr.strings, core.as_deref(), &codes);
        shared.explorer_strings = Value::from_serialize(&explorer_strings.page);
        if core.is_some() {
            // The rest, for the full module (`data-strings` of the explore page).
            let json = serde_json::to_string(&explorer_strings.later).map_err(|e| e.to_string())?;
            write(dir, &format!("{}/explore/{}", lang.code(), viewer_strings::FILE), &json)?;
            strings_files += 1;
        }
        // Pages are independent: rendered in parallel, each written as it is rendered; the
        // first error (in page order) is the one reported.
        specs
            .par_iter()
            .filter(|spec| pages(&spec.rel))
            .map(|spec| {
                let began = crate::phases::on().then(std::time::Instant::now);
                let done = match spec.kind {
                    Kind::Result(i) if by_hand => write_result(&ByHand { inputs, lang, tr: &tr, by_file: &by_file, shared: &shared, dir }, spec, i),
                    Kind::Compare(i) if compare_by_hand => write_compare(&ByHand { inputs, lang, tr: &tr, by_file: &by_file, shared: &shared, dir }, spec, i),
                    _ => {
                        let (template, title, page) = page_context(inputs, lang, spec, &tr, charts, &by_file, &shared)?;
                        let ctx = base_context(inputs, lang, &spec.rel, &title, page, &tr, &shared);
                        render_to(&env, template, &ctx, dir, &format!("{}/{}", lang.code(), file_of(&spec.rel)))
                    }
                };
                progress.inc(1);
                if let Some(began) = began {
                    crate::phases::page(spec.kind.index(), began.elapsed());
                }
                done
            })
            .collect::<Vec<Result<(), String>>>()
            .into_iter()
            .collect::<Result<Vec<()>, String>>()?;
        *written.pages.entry(lang).or_default() += specs.len();
        crate::phases::mark(&format!("pages ({})", lang.code()));
        crate::phases::report_pages();
        sitemap.extend(specs.iter().filter(|spec| !matches!(spec.kind, Kind::NotFound)).map(|spec| inputs.urls.page(lang, &spec.rel)));
        let missing = tr.missing();
        if !missing.is_empty() {
            return Err(format!(
                "i18n/{}.toml lacks {} key(s) the pages use: {}; add them to both catalogs",
                lang.code(),
                missing.len(),
                missing.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    write(dir, "index.html", &render(&env, "root.html", &root_context(inputs, "root"))?)?;
    write(dir, "404.html", &render(&env, "root.html", &root_context(inputs, "404"))?)?;
    progress.inc(2);
    write(dir, ".nojekyll", "")?;
    write(dir, "sitemap.xml", &sitemap_xml(inputs.urls, &sitemap))?;
    let catalog = serde_json::to_string_pretty(&inputs.site.tuning).map_err(|e| e.to_string())?;
    write(dir, "data/parameters.json", &(catalog + "\n"))?;
    // What the explorer reads of the catalog, without a JSON reader (`benchsite_viewer::catalog`).
    write(dir, "data/parameters.txt", &benchsite_viewer::catalog::write(&inputs.site.tuning))?;
    for media in &inputs.site.media {
        let to = dir.join(MEDIA_DIR).join(&media.rel);
        std::fs::create_dir_all(to.parent().expect("media have a folder")).map_err(|e| e.to_string())?;
        std::fs::write(&to, &media.bytes).map_err(|e| format!("could not write {}: {e}", to.display()))?;
    }
    let assets = inputs.shell.copy_assets(&dir.join("assets"))?;
    let viewer = match inputs.viewer {
        Some(from) => copy_viewer(from, &dir.join("assets/viewer"))?,
        None => 0,
    };
    crate::phases::mark("root, sitemap, assets");
    written.files = written.pages.values().sum::<usize>() + sources.len() + 5 + assets + viewer + strings_files + inputs.site.media.len();
    Ok(written)
}

/// What a source page is made from: no charts, since source pages are written before the
/// charts' store is made (a large text read again is not held together with it).
pub struct SourceInputs<'a> {
    pub data: &'a RunsFile,
    pub site: &'a SiteContent,
    /// Text of every published source, read again (`texts.rs`).
    pub texts: &'a super::texts::Texts,
    pub urls: &'a Urls,
    pub shell: &'a super::shell::Shell,
}

/// Writes each published file's original text, once for both languages (`source.html`),
/// for the files whose result page `pages` accepts; they go with their result pages.
pub fn write_sources(dir: &Path, inputs: &SourceInputs, progress: &ProgressBar, pages: &(dyn Fn(&str) -> bool + Sync)) -> Result<(), String> {
    let env = environment(inputs.shell);
    let chrome = SourceChrome::new(inputs.site)?;
    let sources: Vec<usize> = inputs.data.sources.iter().enumerate().filter(|(_, s)| views::is_published(s)).map(|(i, _)| i).collect();
    sources
        .par_iter()
        .filter(|&&i| pages(&result_page(&inputs.data.sources[i].path)))
        .map(|&i| {
            let began = crate::phases::on().then(std::time::Instant::now);
            let done = write_source(&env, inputs, &chrome, i, dir);
            progress.inc(1);
            if let Some(began) = began {
                crate::phases::page(SOURCE_KIND, began.elapsed());
            }
            done
        })
        .collect::<Vec<Result<(), String>>>()
        .into_iter()
        .collect::<Result<Vec<()>, String>>()?;
    crate::phases::mark("source pages");
    crate::phases::report_pages();
    Ok(())
}

/// The explorer's core module in the viewer's build.
const CORE_WASM: &str = "benchsite_viewer_bg.wasm";

/// Copies the `.js` and `.wasm` files of the viewer's build (`parse/` included).
fn copy_viewer(from: &Path, to: &Path) -> Result<usize, String> {
    let mut n = 0;
    for entry in walkdir::WalkDir::new(from).sort_by_file_name() {
        let entry = entry.map_err(|e| format!("could not read the viewer build in {}: {e}", from.display()))?;
        let rel = entry.path().strip_prefix(from).expect("below the root");
        let wanted = matches!(rel.extension().and_then(|e| e.to_str()), Some("js" | "wasm"));
        if entry.file_type().is_file() && wanted {
            let dest = to.join(rel);
            std::fs::create_dir_all(dest.parent().expect("a file has a parent")).map_err(|e| e.to_string())?;
            std::fs::copy(entry.path(), &dest).map_err(|e| format!("could not copy {}: {e}", entry.path().display()))?;
            n += 1;
        }
    }
    if !to.join(CORE_WASM).exists() {
        return Err(format!("{} holds no {CORE_WASM}; build it with `cargo xtask site`", from.display()));
    }
    Ok(n)
}

fn render(env: &Environment, template: &str, ctx: &Value) -> Result<String, String> {
    env.get_template(template)
        .and_then(|t| t.render(ctx))
        .map_err(|e| format!("template {template} failed: {e}"))
}

/// Renders a page straight into its file: a result page of a large log is larger than the
/// log, and is never held whole.
fn render_to(env: &Environment, template: &str, ctx: &Value, dir: &Path, rel: &str) -> Result<(), String> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("could not create {}: {e}", parent.display()))?;
    }
    let file = std::fs::File::create(&path).map_err(|e| format!("could not write {}: {e}", path.display()))?;
    // Most pages fit (a result page is ~50 KB at 100,000 generated runs): one write a page
    // rather than one per 8 KB.
    let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
    env.get_template(template)
        .and_then(|t| t.render_captured_to(ctx, &mut out).map(drop))
        .map_err(|e| format!("template {template} failed: {e}"))?;
    out.flush().map_err(|e| format!("could not write {}: {e}", path.display()))
}

/// Where source pages' rendering time is summed (`phases::KINDS`).
const SOURCE_KIND: usize = 7;

/// The words of a source page, in both languages: the page is one for both.
struct SourceChrome {
    /// Per language: the word for the original text, the link back and the lead (`{n}` lines).
    langs: Vec<(Lang, [String; 3])>,
    theme: [String; 2],
}

impl SourceChrome {
    fn new(site: &SiteContent) -> Result<SourceChrome, String> {
        let get = |lang: Lang, key: &str| {
            site.catalogs.strings(lang).get(key).cloned().ok_or_else(|| format!("i18n/{}.toml lacks the key {key} the source pages use; add it to both catalogs", lang.code()))
        };
        let mut langs = Vec::new();
        let (mut dark, mut light) = (Vec::new(), Vec::new());
        for lang in Lang::ALL {
            langs.push((lang, [get(lang, "result.source")?, get(lang, "source.back")?, get(lang, "source.lead")?]));
            dark.push(get(lang, "theme.dark")?);
            light.push(get(lang, "theme.light")?);
        }
        Ok(SourceChrome { langs, theme: [dark.join(" · "), light.join(" · ")] })
    }
}

#[derive(serde::Serialize)]
struct SourceLang<'a> {
    tag: &'static str,
    source: &'a str,
    back: &'a str,
    lead: String,
    result: String,
}

/// The source page of `inputs.data.sources[index]`: its text, read again from its file line
/// by line as the page is written (`texts.rs`, `lazy::Listing`).
fn write_source(env: &Environment, inputs: &SourceInputs, chrome: &SourceChrome, index: usize, dir: &Path) -> Result<(), String> {
    let source = &inputs.data.sources[index];
    let (listing, read) = lazy::listing(inputs.texts.stream(&source.path)?);
    let urls = inputs.urls;
    let langs: Vec<SourceLang> = chrome
        .langs
        .iter()
        .map(|(lang, [src, back, lead])| SourceLang {
            tag: lang.tag(),
            source: src,
            back,
            lead: lead.replace("{n}", &format_count(source.lines.into(), lang.code())),
            result: urls.page(*lang, &result_page(&source.path)),
        })
        .collect();
    let ctx = context! {
        path => source.path,
        langs => langs,
        css => urls.asset("assets/site.css"),
        js => urls.asset("assets/site.js"),
        theme_dark => chrome.theme[0],
        theme_light => chrome.theme[1],
        listing => listing,
    };
    let written = render_to(env, "source.html", &ctx, dir, &file_of(&source_page(&source.path)));
    read.changed().map_or(written, Err)
}

fn write(dir: &Path, rel: &str, text: &str) -> Result<(), String> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("could not create {}: {e}", parent.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("could not write {}: {e}", path.display()))
}

/// What the pages of one language share, made once per language rather than per page:
/// the navigation's entries, and the home and explore pages' headline charts and list of
/// result files (each a walk over every run, made when one of those pages asks: a rebuild
/// after an edit first writes only the edited file's pages).
struct Shared {
    /// `(page path, label)` of each navigation entry.
    nav: Vec<(String, String)>,
    /// The head of every results table (`metric_head`), for the hand-written result pages.
    thead: String,
    lang: Lang,
    headlines: std::sync::OnceLock<Value>,
    sources: std::sync::OnceLock<Vec<views::SourceView>>,
    /// The explorer's strings the explore page carries (`viewer_strings`).
    explorer_strings: Value,
}

impl Shared {
    fn new(inputs: &Inputs, lang: Lang, tr: &Tr) -> Self {
        let mut nav = vec![(String::new(), tr.get("nav.home")), ("explore/".into(), tr.get("nav.explore")), ("tuning/".into(), tr.get("nav.tuning"))];
        nav.extend(inputs.site.docs.iter().filter_map(|d| Some((format!("{}/", d.slug), d.for_lang(lang)?.0.title.clone()))));
        let t = |k: &str| tr.get(k);
        Shared { nav, thead: handwritten::metric_head(&t), lang, headlines: std::sync::OnceLock::new(), sources: std::sync::OnceLock::new(), explorer_strings: Value::UNDEFINED }
    }

    fn headlines(&self, inputs: &Inputs, tr: &Tr) -> Value {
        self.headlines
            .get_or_init(|| {
                let t = |k: &str| tr.get(k);
                let loc = views::Locale { lang: self.lang, t: &t };
                Value::from_serialize(inputs.charts.headlines(&inputs.data.runs, loc, inputs.urls))
            })
            .clone()
    }

    fn sources(&self, inputs: &Inputs) -> &[views::SourceView] {
        self.sources.get_or_init(|| views::source_views(inputs.data, inputs.urls, self.lang))
    }
}

#[derive(serde::Serialize)]
struct NavLink<'a> {
    href: String,
    label: &'a str,
    current: bool,
}

#[derive(serde::Serialize)]
struct Alternate {
    tag: &'static str,
    href: String,
}

#[derive(serde::Serialize)]
struct Switch {
    href: String,
    name: &'static str,
    tag: &'static str,
}

/// Fields every page template gets: language, strings, links, navigation.
fn base_context(inputs: &Inputs, lang: Lang, rel: &str, title: &str, page: Value, tr: &Tr, shared: &Shared) -> Value {
    let urls = inputs.urls;
    let nav: Vec<NavLink> = shared.nav.iter().map(|(r, label)| NavLink { href: urls.page(lang, r), label, current: r == rel }).collect();
    let other = lang.other();
    context! {
        page => page,
        lang => lang.code(),
        lang_tag => lang.tag(),
        t => tr.value.clone(),
        title => title,
        base => urls.base_path(),
        css => urls.asset("assets/site.css"),
        js => urls.asset("assets/site.js"),
        home => urls.page(lang, ""),
        data_url => urls.asset("data/runs.json"),
        explore_url => urls.asset(&format!("{}/{}", benchsite_viewer::columns::DIR, benchsite_viewer::columns::INDEX)),
        canonical => urls.absolute(&urls.page(lang, rel)),
        alternates => Lang::ALL.iter().map(|l| Alternate { tag: l.tag(), href: urls.absolute(&urls.page(*l, rel)) }).collect::<Vec<_>>(),
        x_default => urls.absolute(&urls.asset("")),
        switch => Switch { href: urls.page(other, rel), name: other.name(), tag: other.tag() },
        nav => nav,
        has_viewer => inputs.viewer.is_some(),
    }
}

fn page_context(inputs: &Inputs, lang: Lang, spec: &Spec, tr: &Tr, charts: &Charts, by_file: &ByFile, shared: &Shared) -> Result<(&'static str, String, Value), String> {
    let (template, title, page) = match spec.kind {
        Kind::Home => ("home.html", tr.get("home.title"), home(inputs, lang, tr, by_file, shared)),
        Kind::Result(i) => {
            let source = &inputs.data.sources[i];
            return Ok(("result.html", source.path.clone(), result(inputs, lang, i, tr, charts, by_file)?));
        }
        Kind::Doc(i) => {
            let doc = &inputs.site.docs[i];
            let (source, fallback) = doc.for_lang(lang).expect("a doc has at least one language");
            let mut sink = Sink::new(&source.rel);
            let published = published_paths(inputs.data);
            let rendered = render_doc(inputs.site, inputs.urls, lang, source, &published, &mut sink);
            let toc: Vec<Value> = rendered
                .headings
                .iter()
                .filter(|(level, ..)| (2..=3).contains(level))
                .map(|(level, id, text)| context! { level => level, id => id, text => text })
                .collect();
            let page = context! { html => rendered.html, toc => toc, fallback => fallback.map(|l| l.name()), source => source.rel };
            ("doc.html", source.title.clone(), page)
        }
        Kind::Tuning => {
            let t = |k: &str| tr.get(k);
            let concepts = views::tuning_view(&inputs.site.tuning, &inputs.data.runs, lang, &t);
            ("tuning.html", tr.get("tuning.title"), context! { concepts => concepts, catalog => super::CATALOG_PATH })
        }
        Kind::Explore => ("explore.html", tr.get("explore.title"), explore(inputs, lang, tr, shared)),
        Kind::Compare(i) => {
            let (title, view) = compare_view(inputs, lang, i, tr, charts, by_file);
            ("compare.html", title, Value::from_serialize(&view))
        }
        Kind::NotFound => ("404.html", tr.get("notfound.title"), context! {}),
    };
    Ok((template, title, page))
}

pub fn published_paths(data: &RunsFile) -> Vec<String> {
    data.sources.iter().filter(|s| views::is_published(s)).map(|s| s.path.clone()).collect()
}

/// Renders one doc for `lang`; links to result files and docs become page links.
pub fn render_doc(site: &SiteContent, urls: &Urls, lang: Lang, source: &DocSource, published: &[String], sink: &mut Sink) -> markdown::Rendered {
    let doc_dir = source.rel.rsplit_once('/').map_or("", |(d, _)| d);
    let resolve = |href: &str| resolve_link(href, doc_dir, site, urls, lang, published);
    let image = |src: &str| resolve_image(src, doc_dir, site, urls);
    let strings = site.catalogs.strings(lang);
    let title = |kind: &str| strings.get(&format!("admonition.{kind}")).cloned().unwrap_or_else(|| kind.to_string());
    let media_prefix = urls.asset(MEDIA_DIR);
    let ctx = markdown::Context { resolve: &resolve, image: &image, admonition_title: &title, media_prefix: &media_prefix, first_line: source.body_line };
    markdown::render(&source.body, &ctx, sink)
}

/// Where doc images are published (`media/docs/img/a.png`).
pub const MEDIA_DIR: &str = "media/";

/// An image in a doc is shown when it is a file of a publishable type next to the doc (or
/// below it); anything else, remote images included, is not.
fn resolve_image(src: &str, doc_dir: &str, site: &SiteContent, urls: &Urls) -> Result<String, String> {
    if src.starts_with("//") || src.contains(':') {
        return Err("which is on another site; the site loads nothing from third parties. Save the image under content/docs/ and link it there".into());
    }
    let path = src.split(['#', '?']).next().unwrap_or("");
    let Some(rel) = normalize(doc_dir, path).filter(|r| r.starts_with("docs/")) else {
        return Err("which is outside content/docs/; doc images are published from there".into());
    };
    if site.media.iter().any(|m| m.rel == rel) {
        Ok(urls.asset(&format!("{MEDIA_DIR}{rel}")))
    } else if super::docs::is_image(std::path::Path::new(&rel)) {
        Err(format!("but content/{rel} does not exist"))
    } else {
        Err(format!("which is not one of the image types the site publishes ({})", super::docs::IMAGE_TYPES.join(", ")))
    }
}

/// A relative link in a doc is looked up next to the doc, then from the content root (the
/// seed methodology was written at the root and links `./lmdeploy/H800_v0.9.2.md`).
fn resolve_link(href: &str, doc_dir: &str, site: &SiteContent, urls: &Urls, lang: Lang, published: &[String]) -> Link {
    // Anchors, site-absolute paths and anything with a scheme (`https:`, `mailto:`) stay.
    if href.is_empty() || href.starts_with('#') || href.starts_with('/') || href.contains(':') {
        return Link::Keep;
    }
    let (path, fragment) = href.split_once('#').map_or((href, None), |(p, f)| (p, Some(f)));
    let fragment = fragment.map(|f| format!("#{f}")).unwrap_or_default();
    for base in [doc_dir, ""] {
        let Some(rel) = normalize(base, path) else { continue };
        if published.contains(&rel) {
            return Link::To(format!("{}{fragment}", urls.page(lang, &result_page(&rel))));
        }
        if rel == super::CATALOG_PATH {
            return Link::To(format!("{}{fragment}", urls.page(lang, "tuning/")));
        }
        let doc = rel.strip_prefix("docs/").unwrap_or(&rel).strip_suffix(".md").and_then(|s| s.rsplit_once('.')).map(|(slug, _)| slug);
        if let Some(doc) = doc.and_then(|slug| site.docs.iter().find(|d| d.slug == slug)) {
            return Link::To(format!("{}{fragment}", urls.page(lang, &format!("{}/", doc.slug))));
        }
    }
    Link::Missing("which is not a result file or doc in content/".into())
}

/// `docs` + `../lmdeploy/a.md` → `lmdeploy/a.md`; `None` when it climbs out of content/.
fn normalize(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// A finding in the page's language: title, meaning and value labels from the catalogs
/// (`finding.*`, `finding_help.*`, `finding_value.*`), the code or key where one is missing.
fn finding_view(strings: &Strings, f: &Finding) -> views::FindingView {
    let get_or = |key: String, fallback: &str| strings.get(&key).map_or(fallback, String::as_str).to_string();
    let title = get_or(format!("finding.{}", f.code), &f.code);
    let help = get_or(format!("finding_help.{}", f.code), &f.message);
    views::finding_view(f, title, help, &|key| get_or(format!("finding_value.{key}"), key))
}

/// The findings `ids` (indices into the data's findings) as views, made as the page lists them.
fn finding_views(data: &Arc<RunsFile>, tr: &Tr, mut ids: Vec<usize>) -> Value {
    ids.retain(|&i| i < data.findings.len());
    let (data, strings) = (data.clone(), tr.strings.clone());
    lazy::seq(ids.len(), move |i| Value::from_serialize(finding_view(&strings, &data.findings[ids[i]])))
}

fn home(inputs: &Inputs, lang: Lang, tr: &Tr, by_file: &ByFile, shared: &Shared) -> Value {
    let sources = shared.sources(inputs);
    let docs: Vec<Value> = inputs
        .site
        .docs
        .iter()
        .filter_map(|d| Some(context! { href => inputs.urls.page(lang, &format!("{}/", d.slug)), title => d.for_lang(lang)?.0.title }))
        .collect();
    context! {
        overview => views::Overview::of(*by_file.counts.get_or_init(|| views::Counts::of(inputs.data)), lang),
        headlines => shared.headlines(inputs, tr),
        latest => sources.iter().filter(|s| s.latest).collect::<Vec<_>>(),
        comparisons => comparisons(inputs, lang, by_file, None),
        sources => sources,
        docs => docs,
    }
}

/// What a result page shows, in the page's language, before it is laid out: its sections
/// (each with its chart, KV estimate, runs and findings), the flags they explain once, and
/// the file's findings not about one of its runs.
struct ResultData {
    sections: Vec<views::SectionView>,
    flags: Vec<views::FlagNote>,
    file_findings: Vec<usize>,
    source_href: Arc<str>,
}

fn result_data(inputs: &Inputs, lang: Lang, index: usize, tr: &Tr, charts: &Charts, by_file: &ByFile) -> ResultData {
    let data = inputs.data;
    let source = &data.sources[index];
    let runs = by_file.runs(&source.path);
    let framework = source.framework.clone().unwrap_or_default();
    let t = |k: &str| tr.get(k);
    let loc = views::Locale { lang, t: &t };
    let effective = |r: &Run| views::effective_views(&r.params.effective, &framework, &inputs.site.tuning, inputs.urls, loc);
    let source_href: Arc<str> = Arc::from(inputs.urls.asset(&source_page(&source.path)));
    let mut sections = views::sections(&data.runs, runs, &effective, &source.path);
    let flags = views::flag_notes(&mut sections);
    for s in &mut sections {
        s.chart = charts.section(&data.runs, &s.runs, &format!("{}-chart", s.id), loc);
        s.kv = s.runs.first().and_then(|&i| views::kv_view(&data.runs[i], lang));
    }
    // The findings attached to this file's runs (a set of them, not a flag per finding of
    // the site: that made every result page as long as the site's findings).
    let attached: BTreeSet<usize> = runs.iter().flat_map(|&r| data.runs[r].findings.iter().copied()).collect();
    let file_findings: Vec<usize> = by_file.findings(&source.path).iter().copied().filter(|i| !attached.contains(i) && *i < data.findings.len()).collect();
    ResultData { sections, flags, file_findings, source_href }
}

fn result(inputs: &Inputs, lang: Lang, index: usize, tr: &Tr, charts: &Charts, by_file: &ByFile) -> Result<Value, String> {
    let data = inputs.data;
    let source = &data.sources[index];
    let runs = by_file.runs(&source.path);
    let t = |k: &str| tr.get(k);
    let ResultData { sections, flags, file_findings, source_href } = result_data(inputs, lang, index, tr, charts, by_file);
    let sections: Vec<Value> = sections
        .into_iter()
        .map(|mut s| {
            let rows = row_views(data, tr, lang, std::mem::take(&mut s.runs), &source_href);
            let findings = finding_views(data, tr, std::mem::take(&mut s.findings));
            context! { rows => rows, findings => findings, ..Value::from_serialize(&s) }
        })
        .collect();
    let count = |n: usize| format_count(n as u64, lang.code());
    Ok(context! {
        path => source.path,
        kind => source.kind,
        framework => source.framework,
        version => source.framework_version,
        gpu => source.gpu,
        run_count => count(runs.len()),
        finding_count => count(by_file.findings(&source.path).len()),
        line_count => count(source.lines as usize),
        source_href => &*source_href,
        groups => header_groups(&t),
        sections => sections,
        flags => flags,
        file_findings => finding_views(data, tr, file_findings),
        comparisons => comparisons(inputs, lang, by_file, Some(index)),
    })
}

/// A result page written by hand (`handwritten.rs`), straight into its file: what
/// `result.html` writes from `result`'s context.
/// What a page written by hand is made from, besides its spec.
struct ByHand<'a> {
    inputs: &'a Inputs<'a>,
    lang: Lang,
    tr: &'a Tr,
    by_file: &'a ByFile<'a>,
    shared: &'a Shared,
    /// The staging folder.
    dir: &'a Path,
}

fn write_result(h: &ByHand, spec: &Spec, index: usize) -> Result<(), String> {
    let ByHand { inputs, lang, tr, by_file, shared, dir } = *h;
    let charts = inputs.charts;
    let data = inputs.data;
    let source = &data.sources[index];
    let runs = by_file.runs(&source.path);
    let tf = |k: &str| tr.get(k);
    let t: handwritten::T = &tf;
    let ResultData { sections, flags, file_findings, source_href } = result_data(inputs, lang, index, tr, charts, by_file);
    let count = |n: usize| format_count(n as u64, lang.code());
    let (run_count, finding_count, line_count) = (count(runs.len()), count(by_file.findings(&source.path).len()), count(source.lines as usize));
    let head = handwritten::ResultHead {
        path: &source.path,
        framework: source.framework.as_deref(),
        version: source.framework_version.as_deref(),
        gpu: source.gpu.as_deref(),
        run_count: &run_count,
        finding_count: &finding_count,
        source_href: &source_href,
    };
    let links = comparisons(inputs, lang, by_file, Some(index));
    let links: Vec<handwritten::Comparison> = links
        .iter()
        .map(|c| handwritten::Comparison { href: &c.href, framework: &c.framework, base: &c.base, candidate: &c.candidate, axis: c.axis })
        .collect();
    let strings = &tr.strings;
    let views_of = |ids: &[usize]| {
        let list: Vec<usize> = ids.iter().copied().filter(|&i| i < data.findings.len()).collect();
        // Made one at a time as the list is written: a log of tiny blocks has a finding a run.
        list.into_iter().map(|i| finding_view(strings, &data.findings[i]))
    };
    let rel = format!("{}/{}", lang.code(), file_of(&spec.rel));
    write_file(dir, &rel, |out| {
        let chrome = handwritten::Chrome { lang, rel: &spec.rel, title: &source.path, urls: inputs.urls, nav: &shared.nav };
        handwritten::head(out, &chrome, t)?;
        handwritten::result_top(out, &head, views_of(&file_findings), &links, &sections, lang, t)?;
        for s in &sections {
            let mut findings_of = |mut out: &mut dyn std::fmt::Write| handwritten::findings(&mut out, views_of(&s.findings), lang, &source_href, t);
            let mut rows = |mut out: &mut dyn std::fmt::Write| {
                for &i in &s.runs {
                    let row = views::row(&data.runs[i], &data.findings, views::Locale { lang, t });
                    handwritten::row(&mut out, &row, &source_href, t, &|mut o| lazy::cells(&mut o, &row, &source_href))?;
                }
                Ok(())
            };
            handwritten::section(out, s, &source_href, &shared.thead, t, &mut findings_of, &mut rows)?;
        }
        handwritten::result_bottom(out, &flags, &source_href, &line_count, t)?;
        handwritten::tail(out, inputs.urls, t)
    })
}

/// A compare page written by hand (`handwritten::compare`): what `compare.html` writes.
fn write_compare(h: &ByHand, spec: &Spec, i: usize) -> Result<(), String> {
    let ByHand { inputs, lang, tr, by_file, shared, dir } = *h;
    let charts = inputs.charts;
    let tf = |k: &str| tr.get(k);
    let t: handwritten::T = &tf;
    let (title, view) = compare_view(inputs, lang, i, tr, charts, by_file);
    let rel = format!("{}/{}", lang.code(), file_of(&spec.rel));
    write_file(dir, &rel, |out| {
        let chrome = handwritten::Chrome { lang, rel: &spec.rel, title: &title, urls: inputs.urls, nav: &shared.nav };
        handwritten::head(out, &chrome, t)?;
        handwritten::compare(out, &view, &title, t)?;
        handwritten::tail(out, inputs.urls, t)
    })
}

/// The compare page of the natural pair `i` and its title.
fn compare_view(inputs: &Inputs, lang: Lang, i: usize, tr: &Tr, charts: &Charts, by_file: &ByFile) -> (String, super::compare::CompareView) {
    let t = |k: &str| tr.get(k);
    let loc = views::Locale { lang, t: &t };
    let pair = &by_file.pairs[i];
    let sides = (by_file.runs(&inputs.data.sources[pair.base].path), by_file.runs(&inputs.data.sources[pair.candidate].path));
    let view = super::compare::view(inputs.data, charts.store(), pair, sides, loc, inputs.urls);
    let title = tr.get("compare.title").replace("{framework}", &view.framework).replace("{base}", &view.base.label).replace("{candidate}", &view.candidate.label);
    (title, view)
}

/// Writes the file `rel` of `dir` with `write`, buffered; the folders it needs are made.
fn write_file(dir: &Path, rel: &str, write: impl FnOnce(&mut IoText) -> std::fmt::Result) -> Result<(), String> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("could not create {}: {e}", parent.display()))?;
    }
    let file = std::fs::File::create(&path).map_err(|e| format!("could not write {}: {e}", path.display()))?;
    let mut out = IoText { to: std::io::BufWriter::with_capacity(1 << 16, file), error: None };
    let written = write(&mut out);
    let failed = |e: Option<std::io::Error>| format!("could not write {}: {}", path.display(), e.map_or_else(|| "a page could not be formatted".to_string(), |e| e.to_string()));
    if written.is_err() {
        return Err(failed(out.error.take()));
    }
    out.to.flush().map_err(|e| failed(Some(e)))
}

/// A buffered file as a `fmt::Write`, keeping the I/O error a write met.
struct IoText {
    to: std::io::BufWriter<std::fs::File>,
    error: Option<std::io::Error>,
}

impl std::fmt::Write for IoText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.to.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            std::fmt::Error
        })
    }
}

/// The rows of the runs `ids` (indices into the data's runs), made as the table reaches them;
/// their numbers link to the lines of the source page at `source_href`.
fn row_views(data: &Arc<RunsFile>, tr: &Tr, lang: Lang, ids: Vec<usize>, source_href: &Arc<str>) -> Value {
    let (data, tr, prefix) = (data.clone(), tr.clone(), source_href.clone());
    lazy::seq(ids.len(), move |i| {
        let t = |k: &str| tr.get(k);
        lazy::row(views::row(&data.runs[ids[i]], &data.findings, views::Locale { lang, t: &t }), prefix.clone())
    })
}

/// A link to a compare page, as the home and result pages list them.
#[derive(serde::Serialize)]
struct ComparisonLink {
    href: String,
    framework: String,
    base: String,
    candidate: String,
    axis: &'static str,
}

/// Links to the compare pages (those of one source file when `source` is given).
fn comparisons(inputs: &Inputs, lang: Lang, by_file: &ByFile, source: Option<usize>) -> Vec<ComparisonLink> {
    let label = |i: usize| {
        let s = &inputs.data.sources[i];
        format!("{} · {}", s.framework_version.as_deref().unwrap_or("?"), s.gpu.as_deref().unwrap_or("?"))
    };
    let pairs: Vec<&super::compare::PairSpec> = match source {
        Some(s) => by_file.pairs_of.get(&s).map(|ns| ns.iter().map(|&n| &by_file.pairs[n]).collect()).unwrap_or_default(),
        None => by_file.pairs.iter().collect(),
    };
    pairs
        .into_iter()
        .map(|p| ComparisonLink {
            href: inputs.urls.page(lang, &p.rel),
            framework: benchsite_viewer::labels::framework_name(&p.framework).to_string(),
            base: label(p.base),
            candidate: label(p.candidate),
            axis: p.axis,
        })
        .collect()
}

/// The most result files the explore page's fallback lists; beyond it the fallback keeps the
/// newest file of each framework and GPU (up to this many) and links to the home page's list.
const FALLBACK_FILES: usize = 40;

/// The explore page: the strings the explorer's core module shows (`viewer_strings`), and
/// what the page holds without it (no JavaScript, or the explorer could not start): the
/// headline comparisons and the result files, each linking to its page. Bounded by the
/// number of GPUs and by `FALLBACK_FILES`, not by the runs or files.
fn explore(inputs: &Inputs, lang: Lang, tr: &Tr, shared: &Shared) -> Value {
    // The strings, handed over as JSON data (not script).
    let strings = shared.explorer_strings.clone();
    let all = shared.sources(inputs);
    let files = all.len();
    let sources: Vec<&views::SourceView> = if files > FALLBACK_FILES {
        all.iter().filter(|s| s.latest).take(FALLBACK_FILES).collect()
    } else {
        all.iter().collect()
    };
    let more_files = (files > sources.len()).then(|| (format_count(files as u64, lang.code()), inputs.urls.page(lang, "")));
    context! { headlines => shared.headlines(inputs, tr), more_files => more_files, sources => sources, strings => strings, strings_url => inputs.urls.page(lang, &format!("explore/{}", viewer_strings::FILE)) }
}

/// The root `index.html` (language chooser) and `404.html`: both languages on one page,
/// since a host serves them before it knows the reader's language.
fn root_context(inputs: &Inputs, which: &str) -> Value {
    let urls = inputs.urls;
    let langs: Vec<_> = Lang::ALL
        .iter()
        .map(|l| {
            let s = inputs.site.catalogs.strings(*l);
            let get = |k: &str| s.get(k).cloned().unwrap_or_default();
            json!({
                "code": l.code(), "tag": l.tag(), "name": l.name(), "href": urls.page(*l, ""),
                "title": get("site.title"), "tagline": get("site.tagline"),
                "notfound": get("notfound.title"), "notfound_text": get("notfound.text"), "explore": get("nav.explore"), "explore_href": urls.page(*l, "explore/"),
            })
        })
        .collect();
    let mut ctx = Map::new();
    ctx.insert("which".into(), json!(which));
    ctx.insert("langs".into(), json!(langs));
    ctx.insert("css".into(), json!(urls.asset("assets/site.css")));
    ctx.insert("js".into(), json!(urls.asset("assets/site.js")));
    ctx.insert("alternates".into(), json!(Lang::ALL.iter().map(|l| json!({ "tag": l.tag(), "href": urls.absolute(&urls.page(*l, "")) })).collect::<Vec<_>>()));
    Value::from_serialize(&ctx)
}

fn sitemap_xml(urls: &Urls, links: &[String]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for link in links {
        out.push_str(&format!("  <url><loc>{}</loc></url>\n", markdown::escape(&urls.absolute(link))));
    }
    out.push_str("</urlset>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn relative_links_normalize_inside_content() {
        assert_eq!(normalize("docs", "../lmdeploy/a.md").as_deref(), Some("lmdeploy/a.md"));
        assert_eq!(normalize("", "./lmdeploy/a.md").as_deref(), Some("lmdeploy/a.md"));
        assert_eq!(normalize("", "../../etc/passwd"), None);
    }
}
