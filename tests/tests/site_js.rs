//! `www/assets/site.js` run under Node with a small fake DOM, for what a browser test would
//! take a page load to show: the script must not throw on any fragment a link can carry.
//! Needs `node` on the PATH.

use std::path::PathBuf;
use std::process::Command;

/// Runs site.js in a fresh `vm` context for each of `hashes` (the page's `location.hash`),
/// fires DOMContentLoaded and hashchange, and prints one JSON line per hash: the ids the
/// script looked up (the theme button's aside), whether it opened the collapsed source and
/// scrolled, and the error it threw, if any.
const HARNESS: &str = r#"
const vm = require("vm");
const src = require("fs").readFileSync(process.argv[1], "utf8");
for (const hash of JSON.parse(process.argv[2])) {
  const asked = [];
  const listeners = {};
  const on = (type, f) => { (listeners[type] = listeners[type] || []).push(f); };
  const details = { tagName: "DETAILS", open: false, parentElement: null };
  let scrolled = false;
  const line = { tagName: "SPAN", parentElement: details, scrollIntoView() { scrolled = true; } };
  const ids = { "L12": line, "基准": line, "%E0%A4%A": line };
  const document = {
    documentElement: { getAttribute: () => null, setAttribute() {} },
    addEventListener: on,
    getElementById: (id) => { if (id !== "theme-toggle") asked.push(id); return ids[id] || null; },
    querySelector: () => null,
    querySelectorAll: () => [],
  };
  const sandbox = {
    document, location: { hash, search: "" }, navigator: { languages: ["en"] },
    window: { addEventListener: on, matchMedia: () => ({ matches: false }) },
    localStorage: { getItem: () => null, setItem() {} }, setTimeout,
  };
  let error = null;
  try {
    vm.runInNewContext(src, sandbox);
    for (const f of listeners.DOMContentLoaded || []) f();
    for (const f of listeners.hashchange || []) f();
  } catch (e) {
    error = String(e);
  }
  console.log(JSON.stringify({ hash, asked, open: details.open, scrolled, error }));
}
"#;

fn run(hashes: &[&str]) -> Vec<serde_json::Value> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../www/assets/site.js");
    let out = Command::new("node")
        .args(["-e", HARNESS, script.to_str().unwrap(), &serde_json::to_string(hashes).unwrap()])
        .output()
        .unwrap_or_else(|e| panic!("this test runs site.js under Node and could not start `node` ({e}); install Node.js (apt-get install nodejs)"));
    assert!(out.status.success(), "node failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn site_js_reveals_linked_lines_and_survives_malformed_fragments() {
    let results = run(&["#L12", "#%E5%9F%BA%E5%87%86", "#%E0%A4%A", "#%", "#%zz%", ""]);
    for r in &results {
        assert!(r["error"].is_null(), "site.js threw on the fragment {}: {}", r["hash"], r["error"]);
    }
    let reveal = |i: usize| (&results[i]["asked"], &results[i]["open"], &results[i]["scrolled"]);
    let (yes, no) = (serde_json::json!(true), serde_json::json!(false));
    assert_eq!(reveal(0), (&serde_json::json!(["L12", "L12"]), &yes, &yes), "#L12 opens the source at its line");
    assert_eq!(reveal(1), (&serde_json::json!(["基准", "基准"]), &yes, &yes), "an encoded fragment is decoded");
    // A malformed escape is not decoded; it is looked up as written, as browsers do.
    assert_eq!(reveal(2), (&serde_json::json!(["%E0%A4%A", "%E0%A4%A"]), &yes, &yes));
    assert_eq!(reveal(5), (&serde_json::json!([]), &no, &no), "no fragment, no lookup");
}

/// A source page's listing carries no number links (site.css draws the numbers): a click in
/// a line's gutter (left of its padding edge) sets the fragment to the line; a click on its
/// text, or on something that is not a line, leaves it.
const CLICKS: &str = r#"
const vm = require("vm");
const src = require("fs").readFileSync(process.argv[1], "utf8");
const listeners = {};
const on = (type, f) => { (listeners[type] = listeners[type] || []).push(f); };
const clicks = {};
const listing = { addEventListener: (type, f) => { clicks[type] = f; } };
const line = { id: "L7", parentElement: listing, getBoundingClientRect: () => ({ left: 100 }) };
const location = { hash: "", search: "" };
const sandbox = {
  document: {
    documentElement: { getAttribute: () => null, setAttribute() {} },
    addEventListener: on,
    getElementById: () => null,
    querySelector: (s) => (s === "code.listing" ? listing : null),
    querySelectorAll: () => [],
  },
  location, navigator: { languages: ["en"] },
  window: { addEventListener: on, matchMedia: () => ({ matches: false }) },
  localStorage: { getItem: () => null, setItem() {} }, setTimeout,
  getComputedStyle: () => ({ paddingLeft: "58px" }),
};
vm.runInNewContext(src, sandbox);
for (const f of listeners.DOMContentLoaded || []) f();
const seen = [];
for (const [target, x] of [[line, 400], [listing, 110], [line, 130]]) {
  clicks.click({ target, clientX: x });
  seen.push(location.hash);
}
console.log(JSON.stringify(seen));
"#;

#[test]
fn a_click_on_a_line_number_links_to_the_line() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../www/assets/site.js");
    let out = Command::new("node").args(["-e", CLICKS, script.to_str().unwrap()]).output().expect("node");
    assert!(out.status.success(), "node failed: {}", String::from_utf8_lossy(&out.stderr));
    let seen: Vec<String> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(seen, ["", "", "#L7"], "text click, a click off the lines, then a click on the number");
}
