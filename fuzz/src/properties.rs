//! The properties the fuzz targets check, one function each, shared with the proptest suite
//! (`tests/tests/properties.rs` includes this file): CI checks on every run, with generated
//! input, what `cargo xtask fuzz` checks for as long as it is given. Each returns what went
//! wrong as text, so a fuzz target panics with it and a proptest reports it.
//!
//! - the readers: any bytes read as a log, a result file or JSON give runs and findings
//!   that point at lines of the text, and runs that serialise;
//! - any file: any bytes under any path (the fuzzer picks the name, so every reader of the
//!   registry is reached) hold the same for the CLI's entry point, and the browser's parser
//!   (`viewer-parse`) gives the same runs for the same bytes;
//! - the explorer's data: what the build writes of any runs reads back as those runs, and
//!   the hand-written decoder refuses damaged data without a panic;
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

/// The longest path a fuzz input names on its first line ([`split_path`]).
const PATH_BYTES: usize = 160;

/// A fuzz input of [`any_file`]: the first line is the file's content-relative path (so the
/// fuzzer picks the extension and the name, which some readers look at:
/// `profile_export*.csv`, `results_*.json`, `*.html`, `<GPU>_v<version>.md`), the rest its
/// bytes. Without a short first line the input is all bytes of `raw/fuzz`.
pub fn split_path(input: &[u8]) -> (String, &[u8]) {
    match input.iter().position(|&b| b == b'\n') {
        Some(n) if n <= PATH_BYTES => {
            let path = String::from_utf8_lossy(&input[..n]).into_owned();
            (if path.trim().is_empty() { "raw/fuzz".into() } else { path }, &input[n + 1..])
        }
        _ => ("raw/fuzz".into(), input),
    }
}

/// Any bytes as any content file, through the CLI's entry point ([`parse_anything`]) and
/// the browser's (`benchsite_viewer_parse::parse_local`, a file dropped with the same name,
/// handed back in the explorer's own format): both keep their line pointers inside the text,
/// the browser's answer reads back, and for a file that is not laid out as a result file by
/// its folder (the browser has none) both give the same runs — the same count, lines and
/// metric values (rows compared in line order: the explorer groups dropped runs its own way).
pub fn any_file(input: &[u8]) -> Result<(), String> {
    use benchsite_viewer::{columns, local, store::Store};
    let (path, bytes) = split_path(input);
    parse_anything(&path, bytes)?;
    let name = path.rsplit('/').next().unwrap_or(&path);
    let text = String::from_utf8_lossy(bytes);
    let bundle = benchsite_viewer_parse::parse_local(name, &text, "", "")?;
    let l = local::read(&bundle).map_err(|e| format!("the browser's parser gave data the explorer cannot read ({e})"))?;
    let browser = columns::assemble(&l.index, &[&l.part]);
    let lines = text.split('\n').count() as u32;
    if let Some(&line) = browser.lines.iter().find(|&&line| !(1 <= line && line <= lines)) {
        return Err(format!("in the browser, a run starts at line {line} of a {lines}-line text"));
    }
    let by_folder = matches!(benchsite_ingest::layout::layout(&path), benchsite_ingest::layout::Layout::Result { .. });
    if !by_folder && benchsite_ingest::layout::gpu_and_version(name).is_none() {
        let cli = benchsite_ingest::parse_file(&format!("raw/{}", name.replace('\\', "_")), &text, None);
        if cli.runs.len() != browser.len() {
            return Err(format!("the CLI reads {} runs from `raw/{name}` and the browser {} from the same bytes dropped as `{name}`", cli.runs.len(), browser.len()));
        }
        let cli = Store::new(&cli.runs, vec![false; cli.runs.len()]);
        // Runs of one line (a table row's engine, GPU or load columns: `#L12`, `#L12.2`) in
        // the order of their ids' line part, which both name alike.
        let in_line_order = |s: &Store| {
            let mut rows: Vec<usize> = (0..s.len()).collect();
            rows.sort_by_key(|&i| (s.lines[i], s.ids[i].rsplit_once("#L").map(|(_, l)| l.to_string()).unwrap_or_default()));
            rows
        };
        let (c, b) = (in_line_order(&cli), in_line_order(&browser));
        for (&i, &j) in c.iter().zip(&b) {
            if cli.lines[i] != browser.lines[j] {
                return Err(format!("the CLI has a run at line {} of `{name}` where the browser has one at line {}", cli.lines[i], browser.lines[j]));
            }
            for m in &cli.metrics {
                let theirs = browser.metric(&m.key).map_or(f64::NAN, |bm| bm.values[j]);
                if m.values[i].to_bits() != theirs.to_bits() && !(m.values[i].is_nan() && theirs.is_nan()) {
                    return Err(format!("the run at line {} of `{name}` has {} {} in the CLI and {theirs} in the browser", cli.lines[i], m.key, m.values[i]));
                }
            }
        }
    }
    Ok(())
}

/// A fuzz input of [`explore_data`]: a text read as a log (its runs and findings are what
/// the build writes the explorer's data of) and, after a NUL, edits to the written files.
/// Each edit is 4 bytes: which file (the index or a shard), where (2 bytes), and the new byte.
pub fn explore_data(input: &[u8]) -> Result<(), String> {
    use benchsite_viewer::columns;
    let (log, edits) = match input.iter().position(|&b| b == 0) {
        Some(n) => (&input[..n], &input[n + 1..]),
        None => (input, &[][..]),
    };
    let (path, bytes) = split_path(log);
    let out = benchsite_ingest::parse_file(&path, &String::from_utf8_lossy(bytes), None);
    // Shards of a few runs, so a log of a few blocks is written as several.
    let shard_runs = 1 + edits.first().map_or(3, |&b| usize::from(b % 8));
    if edits.len() < 4 {
        return columns::check_round_trip(&out.runs, &out.findings, shard_runs).map_err(|e| format!("the explorer's data of these runs reads back wrong: {e}"));
    }
    let files = columns::write(&out.runs, &out.findings, shard_runs);
    let mut texts: Vec<Vec<u8>> = std::iter::once(files.index).chain(files.shards).map(String::into_bytes).collect();
    for edit in edits[1..].chunks_exact(4) {
        let files = texts.len();
        let text = &mut texts[usize::from(edit[0]) % files];
        let at = usize::from(u16::from_le_bytes([edit[1], edit[2]]));
        match (at < text.len(), edit[3]) {
            (true, 0) => drop(text.remove(at)),
            (true, b) => text[at] = b,
            (false, b) => text.push(b),
        }
    }
    let texts: Vec<String> = texts.iter().map(|t| String::from_utf8_lossy(t).into_owned()).collect();
    // Damaged data is refused or read; either way nothing panics, and what is read assembles.
    let Ok(index) = columns::read_index(&texts[0]) else { return Ok(()) };
    let parts: Vec<columns::Part> = texts[1..].iter().enumerate().filter_map(|(k, t)| columns::read_shard(&index, k, t).ok()).collect();
    let store = columns::assemble(&index, &parts.iter().collect::<Vec<_>>());
    let n: usize = parts.iter().map(|p| p.cells.len()).sum();
    if store.len() != n {
        return Err(format!("{} runs read, {} assembled", n, store.len()));
    }
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
