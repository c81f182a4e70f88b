//! Pages written by hand: what `base.html` around `result.html` (with `findings.html` and
//! the macros it imports) writes, byte for byte, without the template engine. A result page
//! is most of the site's pages and most of its bytes, and the engine's work per row, per
//! effective flag and per finding (a loop step, lookups by name, a value made per field)
//! was half of a build at 100,000 runs. The templates stay the page's definition: the
//! writer is used only while the shell's copies of those templates are the built-in ones
//! (`Shell::result_templates_builtin`), and a test renders every page of `content/` both
//! ways and compares the bytes.

use super::lang::Lang;
use super::markdown::write_escaped as esc;
use super::urls::Urls;
use super::views::{self, EffectiveView, FindingView, FlagNote, KvView, SectionView};
use std::fmt::{self, Write};

/// The templates a hand-written result page stands for.
pub const RESULT_TEMPLATES: &[&str] = &["base.html", "result.html", "findings.html", "macros.html"];

/// The UI strings of the page's language (missing keys are remembered by the caller).
pub type T<'a> = &'a dyn Fn(&str) -> String;

/// `base.html` up to and including `<main id="main" tabindex="-1">\n`.
pub struct Chrome<'a> {
    pub lang: Lang,
    /// The page's path inside the language folder.
    pub rel: &'a str,
    pub title: &'a str,
    pub urls: &'a Urls,
    /// `(page path, label)` of each navigation entry.
    pub nav: &'a [(String, String)],
}

pub fn head(out: &mut impl Write, c: &Chrome, t: T) -> fmt::Result {
    let urls = c.urls;
    let lang = c.lang;
    let other = lang.other();
    write!(out, "<!doctype html>\n<html lang=\"{}\" data-lang=\"{}\">\n<head>\n", lang.tag(), lang.code())?;
    out.write_str("<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'\">\n<meta name=\"referrer\" content=\"no-referrer\">\n<link rel=\"icon\" href=\"data:,\">\n<title>")?;
    esc(out, c.title)?;
    out.write_str(" · ")?;
    esc(out, &t("site.title"))?;
    out.write_str("</title>\n<link rel=\"canonical\" href=\"")?;
    esc(out, &urls.absolute(&urls.page(lang, c.rel)))?;
    out.write_str("\">\n")?;
    for l in Lang::ALL {
        write!(out, "<link rel=\"alternate\" hreflang=\"{}\" href=\"", l.tag())?;
        esc(out, &urls.absolute(&urls.page(l, c.rel)))?;
        out.write_str("\">\n")?;
    }
    out.write_str("<link rel=\"alternate\" hreflang=\"x-default\" href=\"")?;
    esc(out, &urls.absolute(&urls.asset("")))?;
    out.write_str("\">\n<link rel=\"stylesheet\" href=\"")?;
    esc(out, &urls.asset("assets/site.css"))?;
    out.write_str("\">\n<script src=\"")?;
    esc(out, &urls.asset("assets/site.js"))?;
    out.write_str("\"></script>\n</head>\n<body>\n<a class=\"skip\" href=\"#main\">")?;
    esc(out, &t("a11y.skip"))?;
    out.write_str("</a>\n<header class=\"site-header\">\n  <a class=\"brand\" href=\"")?;
    esc(out, &urls.page(lang, ""))?;
    out.write_str("\">")?;
    esc(out, &t("site.title"))?;
    out.write_str("</a>\n  <nav aria-label=\"")?;
    esc(out, &t("a11y.nav"))?;
    out.write_str("\">\n    <ul>\n")?;
    for (r, label) in c.nav {
        out.write_str("      <li><a href=\"")?;
        esc(out, &urls.page(lang, r))?;
        out.write_str(if r == c.rel { "\" aria-current=\"page\">" } else { "\">" })?;
        esc(out, label)?;
        out.write_str("</a></li>\n")?;
    }
    out.write_str("    </ul>\n  </nav>\n  <div class=\"tools\">\n    <a class=\"lang-switch\" href=\"")?;
    esc(out, &urls.page(other, c.rel))?;
    write!(out, "\" hreflang=\"{0}\" lang=\"{0}\">", other.tag())?;
    esc(out, other.name())?;
    out.write_str("</a>\n    <button type=\"button\" id=\"theme-toggle\" hidden data-label-dark=\"")?;
    let dark = t("theme.dark");
    esc(out, &dark)?;
    out.write_str("\" data-label-light=\"")?;
    esc(out, &t("theme.light"))?;
    out.write_str("\">")?;
    esc(out, &dark)?;
    out.write_str("</button>\n  </div>\n</header>\n<main id=\"main\" tabindex=\"-1\">\n")
}

/// `base.html` from `</main>` to its end.
pub fn tail(out: &mut impl Write, urls: &Urls, t: T) -> fmt::Result {
    out.write_str("</main>\n<footer class=\"site-footer\">\n  <p>")?;
    esc(out, &t("footer.text"))?;
    out.write_str(" <a href=\"")?;
    esc(out, &urls.asset("data/runs.json"))?;
    out.write_str("\">runs.json</a></p>\n</footer>\n</body>\n</html>")
}

/// `findings.html` with `list`: nothing when it is empty.
pub fn findings(out: &mut impl Write, list: impl ExactSizeIterator<Item = FindingView>, lang: Lang, source_href: &str, t: T) -> fmt::Result {
    if list.len() == 0 {
        return Ok(());
    }
    out.write_str("<ul class=\"findings\">\n")?;
    for f in list {
        write!(out, "  <li class=\"finding {}\"", f.severity)?;
        if f.line != 0 {
            out.write_str(" id=\"finding-")?;
            esc(out, &f.code)?;
            write!(out, "-L{}\"", f.line)?;
        }
        out.write_str(">\n    <span class=\"badge\">")?;
        esc(out, &t(&format!("severity.{}", f.severity)))?;
        out.write_str("</span>\n    <strong>")?;
        esc(out, &f.title)?;
        out.write_str("</strong>\n")?;
        if f.line != 0 {
            line_link(out, source_href, f.line, t)?;
        }
        out.write_str("    <code class=\"code\">")?;
        esc(out, &f.code)?;
        out.write_str("</code>\n    <p>")?;
        esc(out, &f.help)?;
        out.write_str("</p>\n")?;
        if lang == Lang::En {
            out.write_str("    <p>")?;
            esc(out, &f.message)?;
            out.write_str("</p>\n")?;
        } else {
            out.write_str("    <details><summary>")?;
            esc(out, &t("result.message_en"))?;
            out.write_str("</summary><p lang=\"en\">")?;
            esc(out, &f.message)?;
            out.write_str("</p></details>\n")?;
        }
        if !f.values.is_empty() {
            out.write_str("    <dl class=\"values\">\n")?;
            for (k, v) in &f.values {
                out.write_str("      <dt>")?;
                esc(out, k)?;
                out.write_str("</dt><dd>")?;
                esc(out, v)?;
                out.write_str("</dd>\n")?;
            }
            out.write_str("    </dl>\n")?;
        }
        out.write_str("  </li>\n")?;
    }
    out.write_str("</ul>\n")
}

/// `<a href="{source}#L{n}">{result.line_n}</a>`.
fn line_link(out: &mut impl Write, source_href: &str, line: u32, t: T) -> fmt::Result {
    out.write_str("<a href=\"")?;
    esc(out, source_href)?;
    write!(out, "#L{line}\">")?;
    esc(out, &t("result.line_n").replace("{n}", &line.to_string()))?;
    out.write_str("</a>")
}

/// The table head every results table of a language shows (`metric_head`), made once.
pub fn metric_head(t: T) -> String {
    let mut out = String::from("<tr>\n  <th scope=\"col\" rowspan=\"2\">");
    let groups = views::header_groups(t);
    let e = |out: &mut String, s: &str| esc(out, s).expect("a String takes any text");
    e(&mut out, &t("col.scenario"));
    out.push_str("</th>\n");
    for g in &groups {
        out.push_str(&format!("  <th scope=\"colgroup\" colspan=\"{}\">", g.span));
        e(&mut out, &g.label);
        out.push_str("</th>\n");
    }
    out.push_str("</tr>\n<tr>\n");
    for s in groups.iter().flat_map(|g| &g.stats) {
        out.push_str("  <th scope=\"col\">");
        e(&mut out, s);
        out.push_str("</th>\n");
    }
    out.push_str("</tr>\n");
    out
}

/// A link to a compare page as `comparison_list` shows it.
pub struct Comparison<'a> {
    pub href: &'a str,
    pub framework: &'a str,
    pub base: &'a str,
    pub candidate: &'a str,
    pub axis: &'a str,
}

/// What a result page shows above its sections.
pub struct ResultHead<'a> {
    pub path: &'a str,
    pub framework: Option<&'a str>,
    pub version: Option<&'a str>,
    pub gpu: Option<&'a str>,
    pub run_count: &'a str,
    pub finding_count: &'a str,
    pub source_href: &'a str,
}

/// `result.html`'s main block up to its sections: facts, the file's findings, comparisons and
/// the table of contents.
pub fn result_top(out: &mut impl Write, p: &ResultHead, file_findings: impl ExactSizeIterator<Item = FindingView>, comparisons: &[Comparison], sections: &[SectionView], lang: Lang, t: T) -> fmt::Result {
    out.write_str("<h1><code>")?;
    esc(out, p.path)?;
    out.write_str("</code></h1>\n<dl class=\"facts\">\n")?;
    fn or_dash(v: Option<&str>) -> &str {
        v.filter(|v| !v.is_empty()).unwrap_or("–")
    }
    for (key, value) in [("col.framework", or_dash(p.framework)), ("col.version", or_dash(p.version)), ("col.gpu", or_dash(p.gpu)), ("home.count.runs", p.run_count), ("home.count.findings", p.finding_count)] {
        out.write_str("  <div><dt>")?;
        esc(out, &t(key))?;
        out.write_str("</dt><dd>")?;
        esc(out, value)?;
        out.write_str("</dd></div>\n")?;
    }
    out.write_str("</dl>\n<p class=\"hint\">")?;
    esc(out, &t("result.hint"))?;
    out.write_str("</p>\n")?;
    if file_findings.len() > 0 {
        out.write_str("<section aria-labelledby=\"file-findings-h\">\n  <h2 id=\"file-findings-h\">")?;
        esc(out, &t("result.file_findings"))?;
        out.write_str("</h2>\n  ")?;
        findings(out, file_findings, lang, p.source_href, t)?;
        out.write_str("\n</section>\n")?;
    }
    if !comparisons.is_empty() {
        out.write_str("<section aria-labelledby=\"comparisons-h\">\n  <h2 id=\"comparisons-h\">")?;
        esc(out, &t("compare.list"))?;
        out.write_str("</h2>\n    <ul class=\"comparisons\">\n")?;
        for c in comparisons {
            out.write_str("    <li><a href=\"")?;
            esc(out, c.href)?;
            out.write_str("\">")?;
            esc(out, c.framework)?;
            out.write_str(" ")?;
            esc(out, c.base)?;
            out.write_str(" → ")?;
            esc(out, c.candidate)?;
            out.write_str("</a> <span class=\"hint\">")?;
            esc(out, &t(&format!("compare.axis_short.{}", c.axis)))?;
            out.write_str("</span></li>\n")?;
        }
        out.write_str("  </ul>\n\n</section>\n")?;
    }
    if sections.len() > 1 {
        out.write_str("<nav class=\"toc\" aria-label=\"")?;
        esc(out, &t("result.sections"))?;
        out.write_str("\">\n  <ul>\n")?;
        for s in sections {
            out.write_str("    <li><a href=\"#")?;
            esc(out, &s.id)?;
            out.write_str("\">")?;
            title(out, s)?;
            out.write_str("</a></li>\n")?;
        }
        out.write_str("  </ul>\n</nav>\n")?;
    }
    Ok(())
}

/// A section's title, as code when it is quoted from the file.
fn title(out: &mut impl Write, s: &SectionView) -> fmt::Result {
    if s.literal {
        out.write_str("<code>")?;
        esc(out, &s.title)?;
        out.write_str("</code>")
    } else {
        esc(out, &s.title)
    }
}

/// One section of a result page; `findings_of` writes its findings, `rows` its table rows.
pub fn section(
    out: &mut impl Write,
    s: &SectionView,
    source_href: &str,
    thead: &str,
    t: T,
    findings_of: &mut dyn FnMut(&mut dyn Write) -> fmt::Result,
    rows: &mut dyn FnMut(&mut dyn Write) -> fmt::Result,
) -> fmt::Result {
    let id = &s.id;
    out.write_str("<section id=\"")?;
    esc(out, id)?;
    out.write_str("\" class=\"model\" aria-labelledby=\"")?;
    esc(out, id)?;
    out.write_str("-h\">\n  <h2 id=\"")?;
    esc(out, id)?;
    out.write_str("-h\">")?;
    title(out, s)?;
    out.write_str(" <a class=\"anchor\" href=\"#")?;
    esc(out, id)?;
    out.write_str("\" aria-hidden=\"true\">#</a></h2>\n")?;
    for (line, text) in &s.notes {
        out.write_str("  <blockquote class=\"note\"><p>")?;
        esc(out, text)?;
        out.write_str("</p>")?;
        if *line != 0 {
            line_link(out, source_href, *line, t)?;
        }
        out.write_str("</blockquote>\n")?;
    }
    if let Some(command) = s.command.as_deref().filter(|c| !c.is_empty()) {
        out.write_str("  <h3>")?;
        esc(out, &t("result.command"))?;
        out.write_str("</h3>\n  <div class=\"command\">\n    <pre id=\"cmd-")?;
        esc(out, id)?;
        out.write_str("\"><code>")?;
        esc(out, command)?;
        out.write_str("</code></pre>\n    <button type=\"button\" class=\"copy\" data-copy=\"cmd-")?;
        esc(out, id)?;
        out.write_str("\" data-done=\"")?;
        esc(out, &t("result.copied"))?;
        out.write_str("\" hidden>")?;
        esc(out, &t("result.copy"))?;
        out.write_str("</button>\n")?;
        if let Some(line) = s.command_line.filter(|&l| l != 0) {
            out.write_str("    ")?;
            line_link(out, source_href, line, t)?;
            out.write_str("\n")?;
        }
        out.write_str("  </div>\n")?;
    }
    if !s.effective.is_empty() {
        effective(out, &s.effective, s.effective_varies, t)?;
    }
    if let Some(kv) = &s.kv {
        kv_estimate(out, kv, t)?;
    }
    out.write_str("  ")?;
    findings_of(out)?;
    out.write_str("\n")?;
    if let Some(chart) = &s.chart {
        out.write_str("  <figure class=\"chart-figure\">\n    ")?;
        out.write_str(&chart.svg)?;
        out.write_str("\n    <figcaption>")?;
        esc(out, &chart.title)?;
        if let Some(note) = chart.note.as_deref().filter(|n| !n.is_empty()) {
            out.write_str(" · ")?;
            esc(out, note)?;
        }
        out.write_str(" · <a href=\"#")?;
        esc(out, id)?;
        out.write_str("-table\">")?;
        esc(out, &t("chart.table_link"))?;
        out.write_str("</a></figcaption>\n  </figure>\n")?;
    }
    out.write_str("  <div class=\"table-wrap scroll\" id=\"")?;
    esc(out, id)?;
    out.write_str("-table\" tabindex=\"0\" role=\"region\" aria-labelledby=\"")?;
    esc(out, id)?;
    out.write_str("-cap\">\n  <table class=\"results\">\n    <caption id=\"")?;
    esc(out, id)?;
    out.write_str("-cap\"><span>")?;
    esc(out, &t("result.table_caption"))?;
    out.write_str("</span></caption>\n    <thead>")?;
    out.write_str(thead)?;
    out.write_str("</thead>\n    <tbody>\n")?;
    rows(out)?;
    out.write_str("    </tbody>\n  </table>\n  </div>\n</section>\n")
}

/// One row of a results table; `cells` writes its number cells (`lazy::RowCells`).
pub fn row(out: &mut impl Write, r: &views::Row, source_href: &str, t: T, cells: &dyn Fn(&mut dyn Write) -> fmt::Result) -> fmt::Result {
    out.write_str("      <tr id=\"")?;
    esc(out, &r.anchor)?;
    out.write_str("\"")?;
    if let Some(flag) = r.flag {
        write!(out, " class=\"flag-{flag}\"")?;
    }
    out.write_str(">\n        <th scope=\"row\">")?;
    match r.scenario_line.filter(|&l| l != 0) {
        Some(line) => {
            out.write_str("<a href=\"")?;
            esc(out, source_href)?;
            write!(out, "#L{line}\">")?;
            esc(out, &r.scenario)?;
            out.write_str("</a>")?;
        }
        None => esc(out, &r.scenario)?,
    }
    if let Some(flag) = r.flag {
        out.write_str(" <span class=\"marker\" title=\"")?;
        esc(out, &t(&format!("severity.{flag}")))?;
        out.write_str("\">!</span>")?;
    }
    out.write_str("</th>\n        ")?;
    cells(out)?;
    out.write_str("\n      </tr>\n")
}

fn effective(out: &mut impl Write, list: &[EffectiveView], varies: bool, t: T) -> fmt::Result {
    out.write_str("  <details class=\"effective\">\n    <summary>")?;
    esc(out, &t("result.effective"))?;
    out.write_str("</summary>\n")?;
    if varies {
        out.write_str("<p class=\"hint\">")?;
        esc(out, &t("result.effective_varies"))?;
        out.write_str("</p>")?;
    }
    out.write_str("    <div class=\"table-wrap\">\n    <table>\n      <thead><tr><th scope=\"col\">")?;
    for (n, key) in ["tuning.flag", "tuning.value", "tuning.origin", "tuning.rule"].iter().enumerate() {
        if n > 0 {
            out.write_str("</th><th scope=\"col\">")?;
        }
        esc(out, &t(key))?;
    }
    out.write_str("</th></tr></thead>\n      <tbody>\n")?;
    let approx = t("tuning.approx");
    for e in list {
        out.write_str("        <tr class=\"")?;
        esc(out, e.origin)?;
        out.write_str("\"><th scope=\"row\">")?;
        flag_code(out, "#", e.note.as_deref(), &e.flag)?;
        out.write_str("</th><td>")?;
        if e.approx {
            out.write_str("<code title=\"")?;
            esc(out, &approx)?;
            out.write_str("\">≈")?;
        } else {
            out.write_str("<code>")?;
        }
        esc(out, &e.value)?;
        out.write_str("</code></td><td>")?;
        esc(out, &t(&format!("origin.{}", e.origin)))?;
        out.write_str("</td><td>")?;
        if let Some(rule) = &e.rule {
            esc(out, &rule.when)?;
        }
        out.write_str("</td></tr>\n")?;
    }
    out.write_str("      </tbody>\n    </table>\n    </div>\n  </details>\n")
}

fn kv_estimate(out: &mut impl Write, kv: &KvView, t: T) -> fmt::Result {
    out.write_str("  <div class=\"kv-estimate\">\n    <p><strong>")?;
    esc(out, &t("kv.title"))?;
    out.write_str("</strong> · <code>")?;
    esc(out, &kv.flag)?;
    out.write_str(" ")?;
    esc(out, &kv.fraction)?;
    out.write_str("</code> ")?;
    let lead = t("kv.lead")
        .replace("{origin}", &t(&format!("origin.{}", kv.origin)))
        .replace("{model}", &kv.family)
        .replace("{precision}", &kv.precision)
        .replace("{params}", &kv.parameters)
        .replace("{tp}", &kv.tp.to_string())
        .replace("{tp_note}", &if kv.tp_default { t("kv.tp_default") } else { String::new() });
    esc(out, &lead)?;
    out.write_str("</p>\n    <ul>\n")?;
    for c in &kv.cases {
        out.write_str("      <li>")?;
        match c.kv.as_deref().filter(|k| !k.is_empty()) {
            Some(k) => esc(out, &t("kv.case").replace("{mem}", &c.memory).replace("{weights}", &c.weights).replace("{kv}", k))?,
            None => esc(out, &t("kv.no_fit").replace("{mem}", &c.memory).replace("{weights}", &c.weights))?,
        }
        if c.kv.as_deref().is_some_and(|k| !k.is_empty()) {
            out.write_str("        <br>")?;
            esc(out, &t("kv.same"))?;
            out.write_str(" ")?;
            for (n, e) in c.equivalents.iter().enumerate() {
                esc(out, &e.framework)?;
                out.write_str(" <code>")?;
                esc(out, &e.flag)?;
                out.write_str("</code> ")?;
                match e.value.as_deref().filter(|v| !v.is_empty()) {
                    Some(v) => {
                        out.write_str("≈ ")?;
                        esc(out, v)?;
                    }
                    None => esc(out, &t("kv.none"))?,
                }
                if n + 1 < c.equivalents.len() {
                    out.write_str("; ")?;
                }
            }
        }
        out.write_str("      </li>\n")?;
    }
    out.write_str("    </ul>\n    <p class=\"hint\">")?;
    esc(out, &t("kv.assumes"))?;
    esc(out, &kv.assumptions.join(&t("kv.sep")))?;
    esc(out, &t("kv.end"))?;
    out.write_str("</p>\n  </div>\n")
}

/// `result.html` after its sections: the flags explained once, and the link to the source.
pub fn result_bottom(out: &mut impl Write, flags: &[FlagNote], source_href: &str, line_count: &str, t: T) -> fmt::Result {
    if !flags.is_empty() {
        out.write_str("<section id=\"flags\" aria-labelledby=\"flags-h\">\n  <h2 id=\"flags-h\">")?;
        esc(out, &t("result.flags"))?;
        out.write_str("</h2>\n  <details class=\"effective\">\n    <summary>")?;
        esc(out, &t("result.flags_summary"))?;
        out.write_str("</summary>\n    <div class=\"table-wrap\">\n    <table>\n      <thead><tr><th scope=\"col\">")?;
        esc(out, &t("tuning.flag"))?;
        out.write_str("</th><th scope=\"col\">")?;
        esc(out, &t("tuning.meaning"))?;
        out.write_str("</th><th scope=\"col\">")?;
        esc(out, &t("tuning.rule"))?;
        out.write_str("</th></tr></thead>\n      <tbody>\n")?;
        for f in flags {
            out.write_str("        <tr id=\"")?;
            esc(out, &f.id)?;
            out.write_str("\"><th scope=\"row\">")?;
            flag_code(out, "", f.href.as_deref(), &f.flag)?;
            out.write_str("</th><td>")?;
            if let Some(m) = &f.meaning {
                esc(out, m)?;
            }
            if let Some(d) = f.definition.as_deref().filter(|d| !d.is_empty()) {
                out.write_str("<br><small><strong>")?;
                esc(out, &t("tuning.definition"))?;
                out.write_str(":</strong> ")?;
                esc(out, d)?;
                out.write_str("</small>")?;
            }
            out.write_str("</td><td>")?;
            for (n, r) in f.rules.iter().enumerate() {
                if n > 0 {
                    out.write_str("<br>")?;
                }
                esc(out, &r.when)?;
                if let Some(note) = r.note.as_deref().filter(|n| !n.is_empty()) {
                    out.write_str("<br><small>")?;
                    esc(out, note)?;
                    out.write_str("</small>")?;
                }
                if let Some(source) = r.source.as_deref().filter(|s| !s.is_empty()) {
                    out.write_str("<br><small class=\"rule-source\">")?;
                    esc(out, &t("tuning.source"))?;
                    out.write_str(": <code>")?;
                    esc(out, source)?;
                    out.write_str("</code></small>")?;
                }
            }
            out.write_str("</td></tr>\n")?;
        }
        out.write_str("      </tbody>\n    </table>\n    </div>\n  </details>\n</section>\n")?;
    }
    out.write_str("<section id=\"source\" aria-labelledby=\"source-h\">\n  <h2 id=\"source-h\">")?;
    esc(out, &t("result.source"))?;
    out.write_str("</h2>\n  <p><a href=\"")?;
    esc(out, source_href)?;
    out.write_str("\">")?;
    esc(out, &t("result.open_source").replace("{n}", line_count))?;
    out.write_str("</a></p>\n</section>\n")
}

/// The templates a hand-written compare page stands for.
pub const COMPARE_TEMPLATES: &[&str] = &["base.html", "compare.html"];

/// `compare.html`'s main block; `title` is the page's title.
pub fn compare(out: &mut impl Write, v: &super::compare::CompareView, title: &str, t: T) -> fmt::Result {
    out.write_str("<h1>")?;
    esc(out, title)?;
    out.write_str("</h1>\n<dl class=\"facts\">\n")?;
    for (key, side) in [("compare.base", &v.base), ("compare.candidate", &v.candidate)] {
        out.write_str("  <div><dt>")?;
        esc(out, &t(key))?;
        out.write_str("</dt><dd><a href=\"")?;
        esc(out, &side.href)?;
        out.write_str("\">")?;
        esc(out, &side.label)?;
        out.write_str("</a></dd></div>\n")?;
    }
    for verdict in ["regression", "improvement", "noise"] {
        out.write_str("  <div><dt>")?;
        esc(out, &t(&format!("verdict.{verdict}")))?;
        out.write_str("</dt><dd>")?;
        if let Some(n) = v.counts.get(verdict) {
            write!(out, "{n}")?;
        }
        out.write_str("</dd></div>\n")?;
    }
    out.write_str("</dl>\n<p>")?;
    esc(out, &t(&format!("compare.axis.{}", v.axis)))?;
    out.write_str(" ")?;
    esc(out, &t("compare.rule").replace("{up}", &v.up).replace("{down}", &v.down))?;
    out.write_str("</p>\n<p class=\"hint\">")?;
    esc(out, &t("compare.no_error_bars"))?;
    out.write_str(" <a href=\"")?;
    esc(out, &v.explore)?;
    out.write_str("\">")?;
    esc(out, &t("compare.explore"))?;
    out.write_str("</a></p>\n")?;
    if !v.notable.is_empty() {
        out.write_str("<section aria-labelledby=\"notable-h\">\n  <h2 id=\"notable-h\">")?;
        esc(out, &t("compare.notable"))?;
        out.write_str("</h2>\n  <ul class=\"notable\">\n")?;
        for n in &v.notable {
            write!(out, "    <li class=\"verdict-{}\"><strong>", n.verdict)?;
            esc(out, &t(&format!("verdict.{}", n.verdict)))?;
            out.write_str("</strong> · <a href=\"#")?;
            esc(out, &n.anchor)?;
            out.write_str("\">")?;
            esc(out, &n.family)?;
            out.write_str(" · ")?;
            esc(out, &n.workload)?;
            out.write_str("</a> · ")?;
            esc(out, &n.metric)?;
            out.write_str(" ")?;
            esc(out, &n.ratio)?;
            out.write_str("</li>\n")?;
        }
        out.write_str("  </ul>\n</section>\n")?;
    }
    for (i, g) in v.groups.iter().enumerate() {
        let i = i + 1;
        write!(out, "<section class=\"model compare\" id=\"c-{i}\" aria-labelledby=\"c-{i}-h\">\n  <h2 id=\"c-{i}-h\">")?;
        esc(out, &g.family)?;
        out.write_str("</h2>\n")?;
        if !g.drift.is_empty() {
            out.write_str("  ")?;
            drift(out, &g.drift, t)?;
            out.write_str("\n")?;
        } else if !g.drift_varies {
            out.write_str("  <p class=\"hint\">")?;
            esc(out, &t("compare.no_drift"))?;
            out.write_str("</p>\n")?;
        }
        for p in &g.pairs {
            out.write_str("  <h3 id=\"")?;
            esc(out, &p.id)?;
            out.write_str("\">")?;
            esc(out, &p.workload)?;
            out.write_str("</h3>\n")?;
            if !p.differs.is_empty() {
                out.write_str("<p class=\"differs\"><strong>")?;
                esc(out, &t("compare.also_differs"))?;
                out.write_str("</strong> ")?;
                esc(out, &p.differs.join("; "))?;
                out.write_str("</p>")?;
            }
            if !p.drift.is_empty() {
                drift(out, &p.drift, t)?;
            }
            out.write_str("  <div class=\"table-wrap\">\n  <table class=\"verdicts\">\n    <thead><tr><th scope=\"col\">")?;
            esc(out, &t("compare.metric"))?;
            out.write_str("</th><th scope=\"col\"><a href=\"")?;
            esc(out, &p.base_href)?;
            out.write_str("\">")?;
            esc(out, &v.base.label)?;
            out.write_str("</a></th><th scope=\"col\"><a href=\"")?;
            esc(out, &p.candidate_href)?;
            out.write_str("\">")?;
            esc(out, &v.candidate.label)?;
            out.write_str("</a></th><th scope=\"col\">")?;
            esc(out, &t("compare.ratio"))?;
            out.write_str("</th><th scope=\"col\">")?;
            esc(out, &t("compare.verdict"))?;
            out.write_str("</th></tr></thead>\n    <tbody>\n")?;
            for m in &p.metrics {
                write!(out, "      <tr class=\"verdict-{}\"><th scope=\"row\">", m.verdict)?;
                esc(out, &m.label)?;
                out.write_str("</th><td>")?;
                esc(out, &m.base)?;
                out.write_str("</td><td>")?;
                esc(out, &m.candidate)?;
                out.write_str("</td><td>")?;
                esc(out, &m.ratio)?;
                out.write_str("</td><td>")?;
                esc(out, &t(&format!("verdict.{}", m.verdict)))?;
                out.write_str("</td></tr>\n")?;
            }
            out.write_str("    </tbody>\n  </table>\n  </div>\n")?;
        }
        out.write_str("</section>\n")?;
    }
    if !v.base_only.is_empty() || !v.candidate_only.is_empty() {
        out.write_str("<section aria-labelledby=\"unmatched-h\">\n  <h2 id=\"unmatched-h\">")?;
        esc(out, &t("compare.unmatched"))?;
        out.write_str("</h2>\n  <p class=\"hint\">")?;
        esc(out, &t("compare.unmatched_text"))?;
        out.write_str("</p>\n")?;
        for (side, runs) in [(&v.base, &v.base_only), (&v.candidate, &v.candidate_only)] {
            if runs.is_empty() {
                continue;
            }
            out.write_str("  <h3>")?;
            esc(out, &t("compare.only_in").replace("{side}", &side.label))?;
            out.write_str("</h3>\n  <ul>\n")?;
            for r in runs {
                out.write_str("    <li><a href=\"")?;
                esc(out, &r.href)?;
                out.write_str("\">")?;
                esc(out, &r.label)?;
                out.write_str("</a></li>\n")?;
            }
            out.write_str("  </ul>\n")?;
        }
        out.write_str("</section>\n")?;
    }
    Ok(())
}

/// `compare.html`'s `drift` macro.
fn drift(out: &mut impl Write, items: &[super::compare::DriftView], t: T) -> fmt::Result {
    out.write_str("  <div class=\"drift\">\n    <strong>")?;
    esc(out, &t("compare.drift"))?;
    out.write_str("</strong>\n    <ul>\n")?;
    for d in items {
        out.write_str("      <li><code>")?;
        esc(out, &d.flag)?;
        out.write_str("</code>: ")?;
        for (n, value) in [&d.base, &d.candidate].into_iter().enumerate() {
            if n > 0 {
                out.write_str(" → ")?;
            }
            match value {
                Some((value, origin)) => {
                    esc(out, &t(&format!("origin.{origin}")))?;
                    out.write_str(" <code>")?;
                    esc(out, value)?;
                    out.write_str("</code>")?;
                }
                None => esc(out, &t("compare.absent"))?,
            }
        }
        out.write_str("</li>\n")?;
    }
    out.write_str("    </ul>\n  </div>\n")
}

/// A flag as `<code>`, inside a link to `prefix` + `href` when there is a non-empty href
/// (the effective-parameter rows link to their note, the flag table to the flag's page).
fn flag_code(out: &mut impl Write, prefix: &str, href: Option<&str>, flag: &str) -> fmt::Result {
    match href.filter(|h| !h.is_empty()) {
        Some(href) => {
            out.write_str("<a href=\"")?;
            out.write_str(prefix)?;
            esc(out, href)?;
            out.write_str("\"><code>")?;
            esc(out, flag)?;
            out.write_str("</code></a>")
        }
        None => {
            out.write_str("<code>")?;
            esc(out, flag)?;
            out.write_str("</code>")
        }
    }
}
