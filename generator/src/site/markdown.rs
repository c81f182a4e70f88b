//! Docs markdown to HTML. Parsing uses the one pulldown-cmark configuration
//! (`benchsite_ingest::markdown::parser`); this module adds what the site needs on top:
//! heading anchors, MyST fences (`{note}`, `{warning}`, `{tip}` as admonitions, `{text}` as a
//! plain block), links to result files and other docs rewritten to their pages (a link to a
//! file that is not there becomes marked text and a finding), and ammonia over the result,
//! because content is untrusted and markdown lets it write raw HTML.
//!
//! A doc must not pass for the page around it: the sanitiser keeps only the classes this
//! renderer writes ([`is_own_class`]) and prefixes every id with [`ID_PREFIX`], heading
//! anchors included, so that no doc takes an id the site's pages or scripts use
//! (`viewer-error`, `theme-toggle`, `L12`); links to a doc's anchors get the prefix too.

use benchsite_ingest::markdown::parser;
use benchsite_ingest::sink::{FindingExt, Sink};
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};
use std::collections::BTreeSet;

/// What a link in a doc points to.
pub enum Link {
    /// External, anchor-only or otherwise left alone.
    Keep,
    /// A page of the site.
    To(String),
    /// A content file that does not exist or is not published; the reason goes in a finding.
    Missing(String),
}

/// What a doc needs from the site while rendering.
pub struct Context<'a> {
    /// Resolves a link target as written in the doc.
    pub resolve: &'a dyn Fn(&str) -> Link,
    /// Resolves an image source to its URL on the site, or says why it is not shown.
    pub image: &'a dyn Fn(&str) -> Result<String, String>,
    /// URL prefix of the site's doc images; the only `img` sources the sanitiser keeps.
    pub media_prefix: &'a str,
    /// Localised admonition titles: `note`, `warning`, `tip`.
    pub admonition_title: &'a dyn Fn(&str) -> String,
    /// Line of the first line of `text` in its file (after front matter).
    pub first_line: u32,
}

#[derive(Debug, Default)]
pub struct Rendered {
    pub html: String,
    /// `(level, id, text)` of every heading, for a table of contents.
    pub headings: Vec<(u8, String, String)>,
}

const ADMONITIONS: [&str; 5] = ["note", "warning", "tip", "important", "caution"];

/// What every id in a doc starts with (`## Setup` → `id="doc-setup"`).
pub const ID_PREFIX: &str = "doc-";

/// The id a doc's HTML carries for `id` as the doc wrote it or as its heading slug.
pub fn content_id(id: &str) -> String {
    format!("{ID_PREFIX}{id}")
}

/// Renders `text`; findings (broken links) go to `sink`.
pub fn render(text: &str, ctx: &Context, sink: &mut Sink) -> Rendered {
    let mut out = Rendered::default();
    let mut ids = BTreeSet::new();
    let html = render_into(text, ctx, sink, &mut ids, &mut out.headings);
    out.html = sanitize(&html, ctx.media_prefix);
    out
}

fn render_into(text: &str, ctx: &Context, sink: &mut Sink, ids: &mut BTreeSet<String>, headings: &mut Vec<(u8, String, String)>) -> String {
    let line_of = |offset: usize| ctx.first_line + text[..offset].matches('\n').count() as u32;
    let mut events: Vec<Event> = Vec::new();
    let mut links_missing: Vec<bool> = Vec::new();
    let mut images_missing: Vec<bool> = Vec::new();
    let mut heading: Option<(u8, Option<String>, Vec<Event>)> = None;
    let mut fence: Option<(String, u32, String)> = None;
    for (event, range) in parser(text).into_offset_iter() {
        if let Some((_, _, body)) = fence.as_mut() {
            match event {
                Event::Text(t) => body.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    let (kind, line, body) = fence.take().expect("inside a fence");
                    let inner_ctx = Context { first_line: line, ..*ctx };
                    let inner = render_into(&body, &inner_ctx, sink, ids, headings);
                    let title = (ctx.admonition_title)(&kind);
                    events.push(Event::Html(CowStr::from(format!(
                        "<aside class=\"admonition {kind}\"><p class=\"admonition-title\">{}</p>{inner}</aside>\n",
                        escape(&title)
                    ))));
                }
                _ => {}
            }
            continue;
        }
        let event = match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let lang = info.trim().trim_start_matches('{').trim_end_matches('}').split_whitespace().next().unwrap_or("").to_string();
                if ADMONITIONS.contains(&lang.as_str()) && info.trim().starts_with('{') {
                    fence = Some((lang, line_of(range.start) + 1, String::new()));
                    continue;
                }
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(CowStr::from(lang))))
            }
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => match (ctx.resolve)(&dest_url) {
                Link::Keep => {
                    links_missing.push(false);
                    Event::Start(Tag::Link { link_type, dest_url, title, id })
                }
                Link::To(url) => {
                    links_missing.push(false);
                    let url = if names_doc(&dest_url) { with_content_fragment(url) } else { url };
                    Event::Start(Tag::Link { link_type, dest_url: CowStr::from(url), title, id })
                }
                Link::Missing(reason) => {
                    links_missing.push(true);
                    sink.warn("doc-broken-link", line_of(range.start), format!("this doc links to `{dest_url}`, {reason}; the link is shown as plain text. Add the file or fix the link."))
                        .value("target", &*dest_url);
                    Event::Html(CowStr::from("<span class=\"missing-link\">"))
                }
            },
            Event::Start(Tag::Image { link_type, dest_url, title, id }) => match (ctx.image)(&dest_url) {
                Ok(url) => {
                    images_missing.push(false);
                    Event::Start(Tag::Image { link_type, dest_url: CowStr::from(url), title, id })
                }
                Err(reason) => {
                    images_missing.push(true);
                    sink.warn("doc-image-not-shown", line_of(range.start), format!("this doc shows the image `{dest_url}`, {reason}; its description is shown instead."))
                        .value("src", &*dest_url);
                    Event::Html(CowStr::from("<span class=\"missing-image\">"))
                }
            },
            Event::End(TagEnd::Image) => {
                if images_missing.pop().unwrap_or(false) {
                    Event::Html(CowStr::from("</span>"))
                } else {
                    Event::End(TagEnd::Image)
                }
            }
            Event::End(TagEnd::Link) => {
                if links_missing.pop().unwrap_or(false) {
                    Event::Html(CowStr::from("</span>"))
                } else {
                    Event::End(TagEnd::Link)
                }
            }
            Event::Start(Tag::Heading { level, id, .. }) => {
                heading = Some((level as u8, id.map(|i| i.to_string()), Vec::new()));
                continue;
            }
            Event::End(TagEnd::Heading(_)) => {
                let (level, explicit, inner) = heading.take().expect("inside a heading");
                let plain: String = inner.iter().filter_map(|e| match e { Event::Text(t) | Event::Code(t) => Some(t.as_ref()), _ => None }).collect();
                let id = unique(ids, explicit.unwrap_or_else(|| slug(&plain)));
                let mut inner_html = String::new();
                pulldown_cmark::html::push_html(&mut inner_html, inner.into_iter());
                headings.push((level, content_id(&id), plain));
                events.push(Event::Html(CowStr::from(format!(
                    "<h{level} id=\"{id}\">{inner_html} <a class=\"anchor\" href=\"#{id}\" aria-hidden=\"true\">#</a></h{level}>\n",
                    id = escape(&id)
                ))));
                continue;
            }
            other => other,
        };
        match heading.as_mut() {
            Some((_, _, inner)) => inner.push(event),
            None => events.push(event),
        }
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html
}

/// Whether a link target is a doc (`./glossary.en.md#ttft`: `<slug>.<lang>.md`), whose
/// anchors carry [`ID_PREFIX`]; a result page's anchors (`#L12`) are the site's own.
fn names_doc(href: &str) -> bool {
    let path = href.split(['#', '?']).next().unwrap_or("");
    path.strip_suffix(".md").and_then(|stem| stem.rsplit_once('.')).is_some_and(|(_, lang)| super::lang::Lang::from_code(lang).is_some())
}

/// `/en/glossary/#ttft` → `/en/glossary/#doc-ttft`.
fn with_content_fragment(url: String) -> String {
    match url.split_once('#') {
        Some((page, fragment)) if !fragment.is_empty() => format!("{page}#{}", content_id(fragment)),
        _ => url,
    }
}

/// `基准测试 Setup!` → `基准测试-setup`: letters of any script are kept so Chinese headings
/// get readable anchors.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if (c.is_whitespace() || c == '-' || c == '_') && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').to_string();
    if out.is_empty() { "section".into() } else { out }
}

fn unique(ids: &mut BTreeSet<String>, id: String) -> String {
    let mut candidate = id.clone();
    let mut n = 1;
    while !ids.insert(candidate.clone()) {
        candidate = format!("{id}-{n}");
        n += 1;
    }
    candidate
}

/// Minimal HTML escaping for text put into attributes and elements by hand.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    write_escaped(&mut out, text).expect("a String takes every write");
    out
}

/// [`escape`] written into `out`: the text between the five characters is copied in runs,
/// so a line without any of them is one write.
pub fn write_escaped(out: &mut impl std::fmt::Write, text: &str) -> std::fmt::Result {
    let mut from = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.write_str(&text[from..i])?;
        out.write_str(entity)?;
        from = i + 1;
    }
    out.write_str(&text[from..])
}

/// Keeps the tags markdown produces, this renderer's classes and the doc's ids (prefixed);
/// drops scripts, event handlers, styles, `javascript:` URLs and every other class. Images
/// stay only when they are the site's own doc images (`media_prefix`): the site fetches
/// nothing from third parties, raw `<img>` included. In-page links (`#setup`) follow the ids.
fn sanitize(html: &str, media_prefix: &str) -> String {
    let prefix = media_prefix.to_string();
    let clean = ammonia::Builder::default()
        .add_generic_attributes(["id", "class", "aria-hidden"])
        .add_tags(["aside"])
        .attribute_filter(move |element, attribute, value| match (element, attribute) {
            ("img", "src") if !value.starts_with(&prefix) || value.contains("..") => None,
            (_, "id") => Some(content_id(value).into()),
            ("a", "href") if value.len() > 1 && value.starts_with('#') => Some(format!("#{}", content_id(&value[1..])).into()),
            (_, "class") => own_classes(element, value).map(Into::into),
            _ => Some(value.into()),
        })
        .clean(html)
        .to_string();
    without_sourceless_images(&clean)
}

/// The classes of `value` this renderer writes on `element`; `None` when none is left.
fn own_classes(element: &str, value: &str) -> Option<String> {
    let kept: Vec<&str> = value.split_ascii_whitespace().filter(|class| is_own_class(element, class)).collect();
    (!kept.is_empty()).then(|| kept.join(" "))
}

/// The classes this module writes (admonitions, heading anchors, missing links and images)
/// and the `language-*` class pulldown-cmark gives fenced code.
fn is_own_class(element: &str, class: &str) -> bool {
    match element {
        "aside" => class == "admonition" || ADMONITIONS.contains(&class),
        "p" => class == "admonition-title",
        "a" => class == "anchor",
        "span" => class == "missing-link" || class == "missing-image",
        "code" => class.strip_prefix("language-").is_some_and(|lang| !lang.is_empty() && lang.chars().all(|c| c.is_ascii_alphanumeric() || "+-_.#".contains(c))),
        _ => false,
    }
}

/// Drops the `<img>` tags the filter left without a source. Ammonia's output is serialised
/// HTML: attribute values are double-quoted (a `"` inside is `&quot;`) and may hold `>`,
/// so the tag ends at the first `>` outside quotes.
fn without_sourceless_images(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<img") {
        out.push_str(&rest[..at]);
        let mut quoted = false;
        let end = rest[at..]
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    quoted = !quoted;
                }
                c == '>' && !quoted
            })
            .map_or(rest.len(), |(e, _)| at + e + 1);
        let tag = &rest[at..end];
        if tag.contains(" src=\"") {
            out.push_str(tag);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Images named `local*.png` are the site's (`/media/docs/...`), others are missing.
    fn render_doc(text: &str, resolve: &dyn Fn(&str) -> Link) -> (Rendered, Sink) {
        let mut sink = Sink::new("docs/t.en.md");
        let title = |k: &str| format!("T-{k}");
        let image = |src: &str| if src.starts_with("local") { Ok(format!("/media/docs/{src}")) } else { Err("which is on another site".to_string()) };
        let ctx = Context { resolve, image: &image, admonition_title: &title, media_prefix: "/media/", first_line: 1 };
        let r = render(text, &ctx, &mut sink);
        (r, sink)
    }

    #[test]
    fn local_images_are_shown_and_others_become_their_description_and_a_finding() {
        let text = "a\n\n![TTFT by GPU](local.png)\n\n![remote *chart*](https://example.com/x.png)\n\n<img src=\"https://example.com/raw.png\"> <img src=\"/media/../data/x.png\"> <img alt='x> <script>alert(1)</script>' src=x>\n";
        let (r, sink) = render_doc(text, &|_| Link::Keep);
        assert!(r.html.contains("<img src=\"/media/docs/local.png\" alt=\"TTFT by GPU\">"), "{}", r.html);
        assert!(r.html.contains("<span class=\"missing-image\">remote <em>chart</em></span>"), "{}", r.html);
        assert!(!r.html.contains("example.com") && !r.html.contains("data/x.png"), "a foreign image source survived: {}", r.html);
        assert!(!r.html.contains("<script") && r.html.matches("<img").count() == 1, "{}", r.html);
        assert_eq!(sink.findings.len(), 1, "raw HTML images are removed without a finding");
        let f = &sink.findings[0];
        assert_eq!((f.code.as_str(), f.line, f.values["src"].as_str()), ("doc-image-not-shown", 5, "https://example.com/x.png"));
    }

    #[test]
    fn admonitions_headings_and_text_fences() {
        let (r, _) = render_doc("# Setup\n\n## Setup\n\n```{note}\nSome *care*.\n```\n\n```{text}\n<b>x</b>\n```\n", &|_| Link::Keep);
        assert!(r.html.contains("<h1 id=\"doc-setup\">"), "{}", r.html);
        assert!(r.html.contains("<h2 id=\"doc-setup-1\">"), "{}", r.html);
        assert!(r.html.contains("class=\"admonition note\"") && r.html.contains("T-note") && r.html.contains("<em>care</em>"), "{}", r.html);
        assert!(r.html.contains("&lt;b&gt;x&lt;/b&gt;"), "{}", r.html);
    }

    #[test]
    fn raw_html_and_script_urls_are_removed() {
        let (r, _) = render_doc("<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) <b onclick=\"a()\">b</b>\n", &|_| Link::Keep);
        for bad in ["<script", "onerror", "onclick", "javascript:"] {
            assert!(!r.html.contains(bad), "{bad} in {}", r.html);
        }
    }

    #[test]
    fn missing_link_targets_become_text_and_a_finding_on_their_line() {
        let resolve = |href: &str| if href.contains("missing") { Link::Missing("which does not exist".into()) } else { Link::To("/en/x/".into()) };
        let (r, sink) = render_doc("intro\n\n- [a](./missing.md)\n- [b](./there.md)\n", &resolve);
        assert!(r.html.contains("<span class=\"missing-link\">a</span>"), "{}", r.html);
        assert!(r.html.contains("href=\"/en/x/\""), "{}", r.html);
        assert_eq!(sink.findings.len(), 1);
        assert_eq!((sink.findings[0].code.as_str(), sink.findings[0].line), ("doc-broken-link", 3));
    }

    /// A doc must not pass for the site's own UI: classes are the renderer's own, ids carry
    /// the doc prefix, and anchors and in-doc links follow the prefix.
    #[test]
    fn docs_keep_only_the_renderers_classes_and_prefix_their_ids() {
        let text = "<div class=\"error-panel notice\" id=\"viewer-error\">Data failed to load.</div>\n\n## Setup {#theme-toggle}\n\n# 基准 设置\n\nSee [setup](#theme-toggle), [基准](#基准-设置) and [glossary](./glossary.en.md#ttft) or [a line](./run.md#L12).\n\n```{warning}\n<span class=\"missing-link admonition\" id=\"L12\">x</span>\n```\n\n```rust error-panel\nfn x() {}\n```\n";
        let resolve = |href: &str| match href.split_once('#') {
            Some(("./glossary.en.md", f)) => Link::To(format!("/en/glossary/#{f}")),
            Some(("./run.md", f)) => Link::To(format!("/en/results/run.md/#{f}")),
            _ => Link::Keep,
        };
        let (r, _) = render_doc(text, &resolve);
        for bad in ["error-panel", "notice", "\"viewer-error\"", "\"theme-toggle\"", "\"L12\"", "class=\"missing-link admonition\""] {
            assert!(!r.html.contains(bad), "{bad} in {}", r.html);
        }
        assert!(r.html.contains("<div id=\"doc-viewer-error\">"), "{}", r.html);
        assert!(r.html.contains("<span class=\"missing-link\" id=\"doc-L12\">"), "{}", r.html);
        assert!(r.html.contains("<h2 id=\"doc-theme-toggle\">Setup <a class=\"anchor\" href=\"#doc-theme-toggle\""), "{}", r.html);
        assert!(r.html.contains("<h1 id=\"doc-基准-设置\">"), "{}", r.html);
        assert!(r.html.contains("<a href=\"#doc-theme-toggle\" rel=\"noopener noreferrer\">setup</a>") && r.html.contains("href=\"#doc-%E5%9F%BA%E5%87%86-%E8%AE%BE%E7%BD%AE\""), "{}", r.html);
        assert!(r.html.contains("href=\"/en/glossary/#doc-ttft\"") && r.html.contains("href=\"/en/results/run.md/#L12\""), "a doc's anchors carry the prefix, a result page's do not: {}", r.html);
        assert!(r.html.contains("<aside class=\"admonition warning\"><p class=\"admonition-title\">") && r.html.contains("<code class=\"language-rust\">"), "{}", r.html);
        let ids: Vec<&str> = r.headings.iter().map(|(_, id, _)| id.as_str()).collect();
        assert_eq!(ids, ["doc-theme-toggle", "doc-基准-设置"], "the table of contents links the prefixed ids");
    }

    #[test]
    fn slugs_keep_cjk_letters() {
        assert_eq!(slug("基准测试 设置"), "基准测试-设置");
        assert_eq!(slug("RPS/QPS (req/s)"), "rpsqps-reqs");
        assert_eq!(slug("<>"), "section");
    }
}
