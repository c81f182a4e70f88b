//! The explorer's UI strings, split between its two wasm modules. A first visit loads the
//! core module alone, so the explore page carries only the strings the core can show
//! (`#viewer-strings`); the full module fetches the rest, `<lang>/explore/strings.json`
//! (`FILE`), with its data. Which strings the core shows is read from the core module
//! itself, so the split follows the code with no list to keep: a key the core looks up as
//! written is a string in its data section, and a key it composes at run time has there the
//! beginning `benchsite_viewer::labels::COMPOSED_KEYS` lists. Of the finding titles the
//! page keeps those of the site's own findings: the findings of a reader's logs are the full
//! module's.

use super::i18n::Strings;
use std::collections::{BTreeMap, BTreeSet};

/// The file beside the explore page that holds the strings only the full module shows.
pub const FILE: &str = "strings.json";

/// The keys the explorer shows (the rest of the catalog is the static pages').
const VIEWER_KEYS: &[&str] = &["viewer.", "origin.", "nav.", "explore.", "finding.", "compare.", "verdict.", "kv.", "tuning.approx"];

/// What `explore.js` shows when the core module cannot load at all, or stops (a trap).
const LOADER_KEYS: &[&str] = &["viewer.load_failed", "viewer.stopped"];

/// The explorer's strings: `page` for the explore page, `later` for `FILE`.
#[derive(Debug, Default, PartialEq)]
pub struct Split<'a> {
    pub page: BTreeMap<&'a str, &'a str>,
    pub later: BTreeMap<&'a str, &'a str>,
}

/// Splits the explorer's strings of `strings` by what the core module `core` (its wasm
/// bytes) can show; `codes`: the codes of the site's findings. Without a core module every
/// string stays in the page.
pub fn split<'a>(strings: &'a Strings, core: Option<&[u8]>, codes: &BTreeSet<&str>) -> Split<'a> {
    let words = core.map(literals);
    let mut out = Split::default();
    for (key, text) in strings.iter().filter(|(k, _)| VIEWER_KEYS.iter().any(|p| k.starts_with(p))) {
        let on_page = match &words {
            None => true,
            Some(words) => LOADER_KEYS.contains(&key.as_str()) || core_shows(key, words, codes),
        };
        let to = if on_page { &mut out.page } else { &mut out.later };
        to.insert(key.as_str(), text.as_str());
    }
    out
}

/// Whether the core module, whose key-like strings are `words`, can show `key`.
fn core_shows(key: &str, words: &str, codes: &BTreeSet<&str>) -> bool {
    if words.contains(key) {
        return true;
    }
    let Some(prefix) = benchsite_viewer::labels::COMPOSED_KEYS.iter().find(|p| key.starts_with(**p)) else { return false };
    if !words.contains(prefix) {
        return false;
    }
    match key.strip_prefix("finding.") {
        Some(code) => codes.contains(code),
        None => true,
    }
}

/// The runs of bytes of `wasm` that could be part of a key (ASCII letters, digits, `.`,
/// `_`, `-`), one a line: every string literal of the module is among them, whole.
fn literals(wasm: &[u8]) -> String {
    let keyish = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-');
    let mut out = String::new();
    for run in wasm.split(|b| !keyish(b)).filter(|r| r.len() > 2) {
        out.extend(run.iter().map(|&b| char::from(b)));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog(keys: &[&str]) -> Strings {
        keys.iter().map(|k| (k.to_string(), format!("text of {k}"))).collect()
    }

    fn check(core: Option<&[u8]>, page: &[&str], later: &[&str]) {
        let strings = catalog(&[
            "viewer.search",
            "viewer.csv",
            "viewer.dim.gpu",
            "viewer.m.ttft",
            "finding.sweep",
            "finding.odd",
            "verdict.worse",
            "nav.home",
            "home.title",
            "viewer.load_failed",
        ]);
        let split = split(&strings, core, &BTreeSet::from(["sweep"]));
        assert_eq!(split.page.keys().copied().collect::<Vec<_>>(), page, "page");
        assert_eq!(split.later.keys().copied().collect::<Vec<_>>(), later, "later");
    }

    #[test]
    fn the_page_keeps_the_keys_the_core_module_holds_or_composes() {
        let core = b"\0\x01viewer.search\0x{}viewer.dim.\xffabcfinding.\0\x02";
        check(
            Some(core),
            &["finding.sweep", "viewer.dim.gpu", "viewer.load_failed", "viewer.search"],
            &["finding.odd", "nav.home", "verdict.worse", "viewer.csv", "viewer.m.ttft"],
        );
    }

    #[test]
    fn a_key_inside_a_longer_string_is_kept_and_a_bare_prefix_is_not_a_key() {
        // `viewer.m.` composes `viewer.m.ttft`; the literal `viewer.csv.x` holds `viewer.csv`.
        let core = b"viewer.csv.x\0viewer.m.";
        check(
            Some(core),
            &["viewer.csv", "viewer.load_failed", "viewer.m.ttft"],
            &["finding.odd", "finding.sweep", "nav.home", "verdict.worse", "viewer.dim.gpu", "viewer.search"],
        );
    }

    #[test]
    fn without_a_core_module_every_viewer_string_stays_in_the_page() {
        check(None, &["finding.odd", "finding.sweep", "nav.home", "verdict.worse", "viewer.csv", "viewer.dim.gpu", "viewer.load_failed", "viewer.m.ttft", "viewer.search"], &[]);
    }
}
