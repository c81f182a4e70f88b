//! The properties the fuzz targets check, one function each, shared with the proptest suite
//! (`tests/tests/properties.rs` includes this file): CI checks on every run, with generated
//! input, what `cargo xtask fuzz` checks for as long as it is given. Each returns what went
//! wrong as text, so a fuzz target panics with it and a proptest reports it.
//!
//! - the readers: any bytes read as a log, a result file or JSON give runs and findings
//!   that point at lines of the text, and runs that serialise;
//! - the URL state: any query string gives a state whose link reads back as that state;
//! - the docs renderer: any markdown comes out inert (no script, handler, script URL or
//!   foreign image) and cannot pass for the site's own UI (ids prefixed, classes its own).

use benchsite::site::markdown::{self, Context, Link};
use benchsite_ingest::sink::Sink;
use benchsite_viewer::state::ViewState;

/// Paths that make `parse_file` read a text as each of its formats.
pub const LOG: &str = "raw/fuzz.log";
pub const RESULT_MD: &str = "vllm/H100_v0.9.0.md";
pub const JSON: &str = "raw/fuzz.json";
pub const JSONL: &str = "raw/fuzz.jsonl";
/// The other syntaxes the format registry chooses by (CSV, YAML, HTML reports, markdown docs).
pub const OTHERS: [&str; 4] = ["raw/fuzz.csv", "raw/fuzz.yaml", "raw/fuzz.html", "docs-like/README.md"];

/// `bytes` (as UTF-8, lossily, as a dropped file is read) parsed as the file `path`.
pub fn parse_anything(path: &str, bytes: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(bytes);
    let out = benchsite_ingest::parse_file(path, &text, None);
    let lines = text.split('\n').count() as u32;
    for run in &out.runs {
        let s = &run.source;
        if !(1 <= s.line && s.line <= s.end_line && s.end_line <= lines) {
            return Err(format!("a run spans lines {}..={} of a {lines}-line text", s.line, s.end_line));
        }
        if let Some((key, line)) = s.lines.iter().find(|(_, &l)| l == 0 || l > lines) {
            return Err(format!("`{key}` points at line {line} of a {lines}-line text"));
        }
        if let Some((key, c)) = s.context.iter().find(|(_, c)| c.line == 0 || c.line > lines) {
            return Err(format!("the context of `{key}` points at line {} of a {lines}-line text", c.line));
        }
    }
    if let Some(f) = out.findings.iter().find(|f| f.line > lines) {
        return Err(format!("finding {} points at line {} of a {lines}-line text", f.code, f.line));
    }
    serde_json::to_string(&out.runs).map_err(|e| format!("the runs do not serialise: {e}"))?;
    Ok(())
}

/// Any query string: the state read from it writes a link that reads back, without a
/// notice, as the same view, and writes that same link again.
pub fn query_round_trips(query: &str) -> Result<(), String> {
    let (state, _) = ViewState::from_query(query);
    let link = state.to_query();
    let (back, notices) = ViewState::from_query(&link);
    if !notices.is_empty() {
        return Err(format!("the link {link:?} (from {query:?}) reads back with notices {notices:?}"));
    }
    if as_view(back.clone()) != as_view(state.clone()) {
        return Err(format!("the link {link:?} (from {query:?}) reads back as another state:\n{state:?}\n{back:?}"));
    }
    if back.to_query() != link {
        return Err(format!("the link {link:?} is written differently the second time: {:?}", back.to_query()));
    }
    Ok(())
}

/// The state as the explorer acts on it: a dimension with no values chosen filters nothing
/// (`viewer/src/filter.rs`), so `fw=` is the view without a framework filter, and its link
/// rightly leaves the key out; the runs that were in view are a set, which `in=` writes
/// grouped by path (`a:1.2;b:3`), whatever order a hand-made link gave them in.
fn as_view(mut state: ViewState) -> ViewState {
    state.filters.retain(|_, values| !values.is_empty());
    if let Some(ids) = state.in_view.as_mut() {
        ids.sort();
        ids.dedup();
    }
    state
}

/// Any markdown, rendered as a doc whose links to `*.md` resolve (those naming `missing`
/// do not) and whose images named `local*` are the site's.
pub fn docs_are_inert(text: &str) -> Result<(), String> {
    let resolve = |href: &str| {
        if href.contains("missing") {
            Link::Missing("which does not exist".into())
        } else if href.split('#').next().unwrap_or("").ends_with(".md") {
            Link::To(format!("/en/page/{}", href.split_once('#').map(|(_, f)| format!("#{f}")).unwrap_or_default()))
        } else {
            Link::Keep
        }
    };
    let image = |src: &str| if src.starts_with("local") { Ok(format!("/media/docs/{src}")) } else { Err("which is on another site".to_string()) };
    let title = |kind: &str| format!("T-{kind}");
    let ctx = Context { resolve: &resolve, image: &image, admonition_title: &title, media_prefix: "/media/", first_line: 1 };
    let mut sink = Sink::new("docs/fuzz.en.md");
    let rendered = markdown::render(text, &ctx, &mut sink);
    check_inert(&rendered.html).map_err(|e| format!("{e}\nmarkdown: {text:?}\nhtml: {}", rendered.html))?;
    if let Some((_, id, _)) = rendered.headings.iter().find(|(_, id, _)| !id.starts_with(markdown::ID_PREFIX)) {
        return Err(format!("the table of contents links the unprefixed id {id:?}"));
    }
    Ok(())
}

/// Elements a doc never produces: they run code, load things or take input.
const ACTIVE: [&str; 15] = ["script", "style", "iframe", "frame", "object", "embed", "form", "input", "button", "textarea", "select", "link", "meta", "base", "svg"];

/// The HTML of a doc, parsed as a browser would: nothing active, no handler, no script URL,
/// images only from the site's media folder, ids prefixed, classes the renderer's own.
pub fn check_inert(html: &str) -> Result<(), String> {
    if html.to_ascii_lowercase().contains("<script") {
        return Err("a `<script` tag".into());
    }
    let fragment = scraper::Html::parse_fragment(html);
    for node in fragment.tree.nodes() {
        let Some(el) = node.value().as_element() else { continue };
        let name = el.name();
        if ACTIVE.contains(&name) || name == "math" {
            return Err(format!("a `<{name}>` element"));
        }
        for (attr, value) in el.attrs() {
            let url = as_browsers_read_a_url(value);
            match attr {
                a if a.to_ascii_lowercase().starts_with("on") => return Err(format!("a handler `{a}` on `<{name}>`")),
                "style" | "srcset" | "formaction" | "action" => return Err(format!("an attribute `{attr}` on `<{name}>`")),
                "href" | "src" if ["javascript:", "vbscript:", "data:"].iter().any(|s| url.starts_with(s)) => return Err(format!("a script or data URL {value:?}")),
                "src" if name == "img" && (!value.starts_with("/media/") || value.contains("..")) => return Err(format!("an image from `{value}`")),
                "id" if !value.starts_with(markdown::ID_PREFIX) => return Err(format!("the unprefixed id {value:?}")),
                "class" => {
                    if let Some(class) = value.split_ascii_whitespace().find(|c| !is_renderer_class(name, c)) {
                        return Err(format!("the class {class:?} on `<{name}>`"));
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// A URL attribute as the URL standard reads it before looking for a scheme: leading and
/// trailing C0 controls and spaces trimmed, tabs and line breaks removed, then lowercase
/// for the comparison. Other controls stay, and make the scheme invalid: `javascr\u{13}ipt:`
/// is a relative URL to a browser, not a script (the first thing the fuzzer flagged, when
/// this check removed every control character).
fn as_browsers_read_a_url(value: &str) -> String {
    value.trim_matches(|c: char| c <= ' ').chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect::<String>().to_ascii_lowercase()
}

/// The classes the docs renderer writes (`site/markdown.rs`), per element.
fn is_renderer_class(element: &str, class: &str) -> bool {
    match element {
        "aside" => ["admonition", "note", "warning", "tip", "important", "caution"].contains(&class),
        "p" => class == "admonition-title",
        "a" => class == "anchor",
        "span" => class == "missing-link" || class == "missing-image",
        "code" => class.starts_with("language-"),
        _ => false,
    }
}
