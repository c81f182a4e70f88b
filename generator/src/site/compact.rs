//! The site's own CSS and JS as published: comments, indentation and blank lines dropped,
//! about 1.5 KB of gzip on a first visit (the sources in `www/assets/` keep their comments).
//! Line breaks between statements stay, so a script's automatic semicolons fall where they
//! did. A file this cannot shorten safely — a JS template literal or a line continued with
//! `\`, whose indentation would be text, or a CSS comment left open — is published as
//! written.

/// `text` compacted when `path` is a `.css` or `.js` file it can read safely, else `None`.
pub fn compact(path: &str, text: &str) -> Option<String> {
    if path.ends_with(".css") {
        css(text)
    } else if path.ends_with(".js") {
        js(text)
    } else {
        None
    }
}

/// Comments outside strings removed, then each line trimmed and blank lines dropped.
fn css(text: &str) -> Option<String> {
    let mut bare = String::with_capacity(text.len());
    let mut rest = text;
    let mut quote: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        if quote.is_none() && rest.starts_with("/*") {
            rest = &rest[rest.find("*/")? + 2..];
            continue;
        }
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if q == c => quote = None,
            _ => {}
        }
        bare.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Some(lines(&bare))
}

/// Lines that are only a `//` comment dropped, then each line trimmed and blank lines dropped.
fn js(text: &str) -> Option<String> {
    let code = text.lines().filter(|l| !l.trim_start().starts_with("//"));
    if code.clone().any(|l| l.contains('`') || l.trim_end().ends_with('\\')) {
        return None;
    }
    Some(lines(&code.collect::<Vec<_>>().join("\n")))
}

fn lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::compact;

    #[test]
    fn css_loses_comments_and_indentation_but_not_strings() {
        let css = "/* the page */\nbody {\n  color: red; /* why */\n}\n\na::after { content: \"/* kept */\"; }\n";
        assert_eq!(compact("site.css", css).unwrap(), "body {\ncolor: red;\n}\na::after { content: \"/* kept */\"; }\n");
        assert_eq!(compact("site.css", "a { } /* open"), None);
    }

    #[test]
    fn js_loses_comment_lines_and_indentation_but_keeps_line_breaks() {
        let js = "// Loads the viewer.\nconst a = 1\n\n  // why\n  let b = a // kept\n  ;(f)()\n";
        assert_eq!(compact("x.js", js).unwrap(), "const a = 1\nlet b = a // kept\n;(f)()\n");
    }

    #[test]
    fn js_with_template_literals_or_continued_lines_is_left_alone() {
        assert_eq!(compact("x.js", "const s = `a\n  b`;\n"), None);
        assert_eq!(compact("x.js", "const s = 'a\\\n  b';\n"), None);
        // Backquotes in a comment line do not count.
        assert!(compact("x.js", "// run `cargo xtask site`\nf();\n").is_some());
    }

    #[test]
    fn other_files_are_published_as_written() {
        assert_eq!(compact("logo.svg", "<svg/>  "), None);
    }

    /// The real assets compact and lose nothing but comments and white space: outside
    /// comments, their characters other than white space are the same.
    #[test]
    fn the_site_assets_compact_to_the_same_code() {
        let www = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/assets");
        let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        for name in ["site.css", "site.js", "explore.js", "parse-worker.js"] {
            let text = std::fs::read_to_string(www.join(name)).unwrap();
            let out = compact(name, &text).unwrap_or_else(|| panic!("{name} should compact"));
            let code = if name.ends_with(".css") {
                let mut code = text.clone();
                while let (Some(a), Some(b)) = (code.find("/*"), code.find("*/")) {
                    code.replace_range(a..b + 2, "");
                }
                code
            } else {
                text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
            };
            assert_eq!(squeeze(&out), squeeze(&code), "{name}");
            assert!(out.len() < text.len(), "{name}: {} of {} bytes", out.len(), text.len());
        }
    }
}
