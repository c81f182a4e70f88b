//! The built site, from the real `content/` and from hostile content: every page has its
//! twin in the other language, every internal link and anchor resolves (with and without
//! `--base-url`), nothing is fetched from a third party, every table number links to a line
//! that prints it, content arrives as text, and builds are deterministic and atomic.

use benchsite::{build, BuildOptions};
use scraper::{Html, Selector};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Builds `content` into a fresh temp folder with the repo's `www/`.
fn build_site(content: &Path, base_url: Option<&str>) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let opts = BuildOptions { content: content.to_path_buf(), out: out.clone(), www: Some(repo().join("www")), base_url: base_url.map(Into::into), viewer: None, explore_shard_runs: None };
    let outcome = build(&opts).expect("build runs");
    assert!(outcome.written.is_some(), "site not written: {:?}", outcome.blocked);
    (dir, out)
}

fn html_files(root: &Path) -> Vec<String> {
    let mut files: Vec<String> = walk(root).into_iter().filter(|f| f.ends_with(".html")).collect();
    files.sort();
    files
}

fn walk(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

fn ids(doc: &Html) -> BTreeSet<String> {
    doc.select(&sel("[id]")).filter_map(|e| e.value().attr("id").map(str::to_string)).collect()
}

/// Follows every `href`/`src` of every page; returns the broken ones as `page: link (why)`.
fn broken_links(root: &Path, base: &str) -> Vec<String> {
    let pages: BTreeMap<String, Html> = html_files(root).into_iter().map(|f| {
        let text = std::fs::read_to_string(root.join(&f)).unwrap();
        (f, Html::parse_document(&text))
    }).collect();
    let page_ids: BTreeMap<&String, BTreeSet<String>> = pages.iter().map(|(p, d)| (p, ids(d))).collect();
    let mut broken = Vec::new();
    for (page, doc) in &pages {
        for el in doc.select(&sel("a[href], link[href], script[src], img[src]")) {
            let attr = if el.value().attr("href").is_some() { "href" } else { "src" };
            let link = el.value().attr(attr).unwrap();
            let is_asset = el.value().name() != "a" && el.value().attr("rel").is_none_or(|r| r == "stylesheet");
            // The empty icon, which spares every first visit a request for /favicon.ico.
            if link == "data:," && el.value().attr("rel") == Some("icon") {
                continue;
            }
            if link.starts_with("http://") || link.starts_with("https://") || link.starts_with("//") {
                if is_asset {
                    broken.push(format!("{page}: {link} (third-party asset)"));
                }
                continue;
            }
            let (path, fragment) = link.split_once('#').map_or((link, None), |(p, f)| (p, Some(f)));
            let target = if path.is_empty() {
                page.clone()
            } else {
                let Some(rel) = path.strip_prefix(base) else {
                    broken.push(format!("{page}: {link} (does not start with the base {base})"));
                    continue;
                };
                let rel = rel.split('?').next().unwrap();
                let file = if rel.is_empty() || rel.ends_with('/') { format!("{rel}index.html") } else { rel.to_string() };
                if !root.join(&file).is_file() {
                    broken.push(format!("{page}: {link} (no file {file})"));
                    continue;
                }
                file
            };
            if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
                let id = percent_encoding::percent_decode_str(fragment).decode_utf8_lossy().into_owned();
                let found = page_ids.get(&target).is_some_and(|ids| ids.contains(&id));
                if !found {
                    broken.push(format!("{page}: {link} (no element #{id} in {target})"));
                }
            }
        }
    }
    broken
}

#[test]
fn every_link_and_anchor_resolves_without_and_with_base_url() {
    for base in [None, Some("/repo/"), Some("https://owner.github.io/repo/")] {
        let (_dir, out) = build_site(&repo().join("content"), base);
        let prefix = match base {
            None => "/",
            Some(_) => "/repo/",
        };
        // Absolute hreflang/canonical URLs point at the origin; check their paths.
        let broken: Vec<String> = broken_links(&out, prefix).into_iter().filter(|b| !b.contains("https://owner.github.io/repo/")).collect();
        assert!(broken.is_empty(), "base {base:?}: {} broken links:\n{}", broken.len(), broken.join("\n"));
        if base.is_some_and(|b| b.starts_with("https://")) {
            let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
            assert!(sitemap.contains("<loc>https://owner.github.io/repo/en/tuning/</loc>"), "{sitemap}");
        }
    }
}

#[test]
fn every_page_has_its_twin_in_the_other_language() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let files = html_files(&out);
    let lang_pages = |code: &str| -> BTreeSet<String> { files.iter().filter_map(|f| f.strip_prefix(&format!("{code}/")).map(str::to_string)).collect() };
    let (zh, en) = (lang_pages("zh"), lang_pages("en"));
    assert_eq!(zh, en);
    for must in ["index.html", "404.html", "tuning/index.html", "explore/index.html", "methodology/index.html", "glossary/index.html", "results/lmdeploy/H800_v0.10.0/index.html", "results/raw/vllm_sweep.log~/index.html"] {
        assert!(en.contains(must), "missing {must}");
    }
    for (code, tag, other) in [("zh", "zh-CN", "en"), ("en", "en", "zh")] {
        for rel in &zh {
            let doc = Html::parse_document(&std::fs::read_to_string(out.join(code).join(rel)).unwrap());
            let html = doc.select(&sel("html")).next().unwrap();
            assert_eq!(html.value().attr("lang"), Some(tag), "{code}/{rel}");
            let alternates: BTreeSet<_> = doc.select(&sel("link[rel=alternate]")).filter_map(|l| l.value().attr("hreflang")).collect();
            assert_eq!(alternates, BTreeSet::from(["zh-CN", "en", "x-default"]), "{code}/{rel}");
            let switch = doc.select(&sel("a.lang-switch")).next().expect("language switch").value().attr("href").unwrap();
            let twin = if rel == "index.html" { format!("/{other}/") } else { format!("/{other}/{}", rel.trim_end_matches("index.html")) };
            assert_eq!(switch, twin, "{code}/{rel}");
        }
    }
    for root in [".nojekyll", "404.html", "index.html", "sitemap.xml", "data/runs.json", "data/parameters.json", "assets/site.css", "assets/site.js"] {
        assert!(out.join(root).is_file(), "missing {root}");
    }
}

/// A table number must be printed on the line it links to (the per-GPU column is derived
/// and links to the output throughput it was computed from).
#[test]
fn every_table_number_links_to_a_line_that_prints_it() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let mut checked = 0;
    for page in html_files(&out).into_iter().filter(|f| f.starts_with("en/results/")) {
        let doc = Html::parse_document(&std::fs::read_to_string(out.join(&page)).unwrap());
        // The file's original text is on its source page, one for both languages.
        let source = page.replacen("en/results/", "source/", 1);
        let listing = Html::parse_document(&std::fs::read_to_string(out.join(&source)).unwrap());
        let lines: BTreeMap<String, String> = listing.select(&sel("code.listing > span")).map(|s| (s.value().attr("id").unwrap().to_string(), s.text().collect())).collect();
        let prefix = format!("/{}#", source.trim_end_matches("index.html"));
        for row in doc.select(&sel("table.results tbody tr")) {
            for (i, cell) in row.select(&sel("td")).enumerate() {
                let Some(a) = cell.select(&sel("a")).next() else { continue };
                // A latency shown in seconds carries the printed milliseconds in its title.
                let text: String = cell.value().attr("title").map_or_else(|| a.text().collect(), str::to_string);
                let href = a.value().attr("href").unwrap();
                let line = &lines[href.strip_prefix(&prefix).unwrap_or_else(|| panic!("{page}: {href} is not a line of {source}"))];
                let value: f64 = text.trim_end_matches(" ms").replace(',', "").parse().unwrap_or_else(|_| panic!("{page}: cell {i} `{text}`"));
                let printed: Vec<f64> = line.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-' || c == '+')).filter_map(|w| w.parse().ok()).collect();
                // Output tok/s per GPU is derived (three significant digits, whole units kept)
                // from the output throughput on the line it links to.
                let derived = i == 4;
                let ok = printed.iter().any(|p| (p - value).abs() <= 1e-9 * p.abs().max(1.0) || (derived && *p >= value - (0.005 * value).max(0.5)));
                assert!(ok, "{page}: cell {i} `{text}` links to a line without it: {line}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} numbers checked");
}

/// A file's original text is written once, on its source page, for both languages: every
/// line in order with its `#L` anchor, links back to both result pages; the result pages
/// hold no listing, and their links to lines point at the source page.
#[test]
fn each_original_text_is_written_once_on_its_source_page() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let data: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("data/runs.json")).unwrap()).unwrap();
    let mut checked = 0;
    for page in html_files(&out).into_iter().filter(|f| f.starts_with("en/results/")) {
        let rel = page.trim_start_matches("en/").trim_end_matches("index.html").to_string();
        let source = data["sources"].as_array().unwrap().iter().map(|s| s["path"].as_str().unwrap()).find(|p| benchsite_model::result_page(p) == rel).unwrap();
        let source_page = format!("{}index.html", benchsite_model::source_page(source));
        let listing = Html::parse_document(&std::fs::read_to_string(out.join(&source_page)).unwrap());
        let text = std::fs::read_to_string(repo().join("content").join(source)).unwrap();
        let lines: Vec<String> = listing.select(&sel("code.listing > span")).map(|s| s.text().collect()).collect();
        assert_eq!(lines.len(), text.lines().count(), "{source_page}");
        for (i, (shown, line)) in lines.iter().zip(text.lines()).enumerate() {
            assert_eq!(*shown, format!("{line}\n"), "{source_page}: line {}", i + 1);
        }
        let ids: Vec<&str> = listing.select(&sel("code.listing > span")).map(|s| s.value().attr("id").unwrap()).collect();
        assert!(ids.iter().enumerate().all(|(i, id)| *id == format!("L{}", i + 1)), "{source_page}");
        let back: BTreeSet<(&str, &str)> = listing.select(&sel("header a[hreflang]")).map(|a| (a.value().attr("hreflang").unwrap(), a.value().attr("href").unwrap())).collect();
        assert_eq!(back, BTreeSet::from([("zh-CN", format!("/zh/{rel}").as_str()), ("en", format!("/en/{rel}").as_str())]), "{source_page}");
        for lang in ["zh", "en"] {
            let html = std::fs::read_to_string(out.join(lang).join(&rel).join("index.html")).unwrap();
            assert!(!html.contains("id=\"L1\"") && !html.contains("class=\"listing\""), "{lang}/{rel} holds a listing");
            let doc = Html::parse_document(&html);
            let to_lines: Vec<&str> = doc.select(&sel("main a[href*='#L']")).map(|a| a.value().attr("href").unwrap()).collect();
            let home = format!("/{}#L", benchsite_model::source_page(source));
            assert!(to_lines.iter().all(|h| h.starts_with(&home)), "{lang}/{rel}: {to_lines:?}");
            checked += to_lines.len();
        }
    }
    assert!(checked > 1000, "only {checked} links to lines");
}

#[test]
fn seed_findings_are_shown_where_they_apply_in_both_languages() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    for (code, title) in [("en", "Served model differs from the measured one"), ("zh", "部署的模型与测试的模型不一致")] {
        let text = std::fs::read_to_string(out.join(code).join("results/lmdeploy/H800_v0.10.0/index.html")).unwrap();
        let doc = Html::parse_document(&text);
        let section = doc.select(&sel("section#s-gpt-oss-120b")).next().expect("gpt-oss-120b section");
        let findings: String = section.select(&sel(".finding")).flat_map(|f| f.text()).collect();
        assert!(findings.contains(title) && findings.contains("openai/gpt-oss-20b"), "{code}: {findings}");
        let methodology = std::fs::read_to_string(out.join(code).join("methodology/index.html")).unwrap();
        assert!(methodology.contains("<span class=\"missing-link\">LMDeploy-v0.9.2</span>"), "{code}");
        assert!(methodology.contains("href=\"/en/results/lmdeploy/H800_v0.10.0/\"") == (code == "en"), "{code}");
    }
}

#[test]
fn effective_parameters_follow_version_and_gpu_in_runs_json_and_pages() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let data: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("data/runs.json")).unwrap()).unwrap();
    let effective = |path: &str, flag: &str| -> (serde_json::Value, serde_json::Value) {
        let run = data["runs"].as_array().unwrap().iter().find(|r| r["source"]["path"] == path).unwrap();
        let e = run["params"]["effective"].as_array().unwrap().iter().find(|e| e["flag"] == flag).unwrap_or_else(|| panic!("{path} {flag}"));
        (e["value"].clone(), e["origin"].clone())
    };
    assert_eq!(effective("lmdeploy/H800_v0.10.0.md", "--max-batch-size"), ("1024".into(), "default".into()));
    assert_eq!(effective("lmdeploy/H800_v0.10.0.md", "--cache-max-entry-count"), ("0.8".into(), "default".into()));
    assert_eq!(effective("lmdeploy/H800_v0.10.0.md", "--tp"), ("1".into(), "explicit".into()));
    assert_eq!(effective("vllm/A100_v0.10.1.md", "--max-num-seqs"), ("256".into(), "default".into()));
    assert_eq!(effective("sglang/A100_v0.5.1.md", "--tp-size"), ("1".into(), "explicit".into()));
    let raw = data["runs"].as_array().unwrap().iter().find(|r| r["source"]["path"] == "raw/vllm_sweep.log").unwrap();
    assert!(raw["params"].get("effective").is_none(), "a run without a serve command gets no assumed defaults");
    let tuning = std::fs::read_to_string(out.join("en/tuning/index.html")).unwrap();
    let doc = Html::parse_document(&tuning);
    let row: String = doc.select(&sel("tr#lmdeploy-max-batch-size")).next().expect("max-batch-size row").text().collect();
    // The values of lmdeploy/utils.py get_max_batch_size at v0.9.2 and v0.10.0 (the upstream
    // README's 512 / 1280 / H20 for v0.10.0 are not in the code; the page notes it).
    for expected in ["< v0.10.0", "A100 / A800", "256", "≥ v0.10.0", "H100 / H800 / L20Y / H200", "384", "1024", "128", "get_max_batch_size @ v0.10.0"] {
        assert!(row.contains(expected), "{expected} missing from {row}");
    }
    let section: String = doc.select(&sel("section#max-batch")).next().unwrap().text().collect();
    assert!(section.contains("--max-num-seqs") && section.contains("--max-running-requests"), "{section}");
}

#[test]
fn result_pages_show_the_kv_cache_estimate_with_equivalents_in_both_languages() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let data: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("data/runs.json")).unwrap()).unwrap();
    let run = data["runs"].as_array().unwrap().iter().find(|r| r["source"]["path"] == "lmdeploy/H800_v0.10.0.md" && r["family"] == "Qwen3-32B").unwrap();
    let kv = &run["params"]["kv_memory"];
    // Qwen3-32B (32.8 B parameters, models.toml) in FP8 on an 80 GiB H800 at TP 1, LMDeploy's
    // default 0.8 of what the weights leave: 32.8e9 B = 30.55 GiB of weights,
    // 0.8 × (80 − 30.55) = 39.56 GiB of KV cache; vLLM needs (39.56 + 30.55) / 80 = 0.876.
    assert_eq!((kv["flag"].as_str(), kv["fraction"].as_f64(), kv["tp"].as_u64()), (Some("--cache-max-entry-count"), Some(0.8), Some(1)), "{kv:#}");
    let case = &kv["cases"][0];
    let weights = 32.8e9 / f64::from(1u32 << 30);
    assert!((case["kv_gib"].as_f64().unwrap() - 0.8 * (80.0 - weights)).abs() < 1e-3, "{case:#}");
    let vllm = case["equivalents"].as_array().unwrap().iter().find(|e| e["framework"] == "vllm").unwrap();
    assert_eq!(format!("{:.3}", vllm["fraction"].as_f64().unwrap()), "0.876");
    for (lang, words) in [("en", ["KV cache estimate", "≈ 39.6 GiB", "≈ 0.88", "An estimate, not a measurement"]), ("zh", ["KV cache 估算", "约 39.6 GiB", "≈ 0.88", "这是估算"])] {
        let page = std::fs::read_to_string(out.join(format!("{lang}/results/lmdeploy/H800_v0.10.0/index.html"))).unwrap();
        let doc = Html::parse_document(&page);
        let text: String = doc.select(&sel("section#s-qwen3-32b-fp8 .kv-estimate")).flat_map(|e| e.text()).collect();
        for w in words {
            assert!(text.contains(w), "{lang}: {w:?} missing from {text}");
        }
    }
}

#[test]
fn compare_pages_give_verdicts_drift_and_unmatched_runs_for_the_natural_pairs() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let pages: Vec<String> = walk(&out.join("en/compare")).into_iter().filter(|p| p.ends_with("index.html")).collect();
    assert_eq!(
        pages,
        [
            "lmdeploy/A100_v0.9.2--H800_v0.9.2/index.html",
            "lmdeploy/H800_v0.9.2--H800_v0.10.0/index.html",
            "sglang/A100_v0.5.1--H800_v0.5.1/index.html",
            "vllm/A100_v0.10.1--H800_v0.10.1/index.html"
        ],
        "consecutive versions on one GPU, one version on two GPUs"
    );
    for lang in ["en", "zh"] {
        let page = std::fs::read_to_string(out.join(format!("{lang}/compare/lmdeploy/H800_v0.9.2--H800_v0.10.0/index.html"))).unwrap();
        let doc = Html::parse_document(&page);
        // Qwen3-8B sharegpt: TPOT P99 112.24 ms → 177.56 ms = 1.58×, at or above 1.2×.
        let row = doc
            .select(&sel("tr.verdict-regression"))
            .map(|r| r.text().collect::<String>())
            .find(|t| t.contains("112.24") && t.contains("177.56"))
            .unwrap_or_else(|| panic!("{lang}: no regression row for TPOT P99"));
        assert!(row.contains("1.58×"), "{row}");
        // Qwen3-30B-A3B sharegpt: TPOT P99 129.5 → 101.59 ms = 0.78×, at or below 0.8×.
        assert!(doc.select(&sel("tr.verdict-improvement")).any(|r| r.text().collect::<String>().contains("0.78×")), "{lang}");
        // Requests/s 71.05 → 68.8 = 0.97×: within noise.
        assert!(doc.select(&sel("tr.verdict-noise")).any(|r| r.text().collect::<String>().contains("71.05")), "{lang}");
        // gpt-oss ran only in 0.10.0: listed, not dropped.
        let unmatched: String = doc.select(&sel("#unmatched-h ~ ul li")).flat_map(|e| e.text()).collect();
        assert_eq!(unmatched.matches("gpt-oss").count(), 8, "{lang}: {unmatched}");
        // Every pair names what else differs (0.9.2's commands do not state a GPU count).
        assert!(doc.select(&sel("p.differs")).count() > 0, "{lang}");
        // 0.9.2 set `--max-batch-size 1024`, 0.10.0's default is 1024: the same value ran, so
        // no drift; the page says nothing changed rather than listing it.
        assert_eq!(doc.select(&sel(".drift")).count(), 0, "{lang}");
    }
    // On two GPUs the precision differs within a pair, and the page says so.
    let page = std::fs::read_to_string(out.join("en/compare/vllm/A100_v0.10.1--H800_v0.10.1/index.html")).unwrap();
    let doc = Html::parse_document(&page);
    let differs: Vec<String> = doc.select(&sel("p.differs")).map(|e| e.text().collect()).collect();
    assert!(differs.iter().any(|d| d.contains("Precision")), "{differs:?}");
}

fn main_of(out: &Path, page: &str) -> String {
    let text = std::fs::read_to_string(out.join(page)).unwrap();
    let start = text.find("<main").unwrap();
    let end = text.find("</main>").unwrap() + "</main>".len();
    let main = text[start..end].to_string();
    // So are the charts' drawings (tests below); their opening tag, title and text stay.
    let mut out = String::new();
    let mut rest = main.as_str();
    while let Some(start) = rest.find("\n<polyline") {
        let end = rest[start..].find("\n<text class=").map_or(rest.len(), |e| start + e);
        out.push_str(&rest[..start]);
        out.push_str("\n<!-- drawing elided -->");
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn main_of_home_result_and_tuning_pages_per_language() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    for lang in ["zh", "en"] {
        insta::assert_snapshot!(format!("home_{lang}"), main_of(&out, &format!("{lang}/index.html")));
        insta::assert_snapshot!(format!("result_{lang}"), main_of(&out, &format!("{lang}/results/sglang/A100_v0.5.1/index.html")));
        insta::assert_snapshot!(format!("tuning_{lang}"), main_of(&out, &format!("{lang}/tuning/index.html")));
    }
}

#[test]
fn two_builds_of_the_same_content_are_byte_identical() {
    let (_a, one) = build_site(&repo().join("content"), Some("/repo/"));
    let (_b, two) = build_site(&repo().join("content"), Some("/repo/"));
    let files = walk(&one);
    assert_eq!(files, walk(&two));
    let mut charts = 0;
    for f in files {
        let a = std::fs::read(one.join(&f)).unwrap();
        assert!(a == std::fs::read(two.join(&f)).unwrap(), "{f} differs");
        charts += String::from_utf8_lossy(&a).matches("<svg ").count();
    }
    assert!(charts > 20, "the pages compared hold only {charts} charts");
}

/// A copy of the repository's `www/` whose `result.html` and `compare.html` end with `extra`
/// (after their last block, where a child template's text is not output).
fn www_with_result_ending(dir: &Path, extra: &str) -> PathBuf {
    let www = dir.join("www");
    for entry in walk(&repo().join("www")) {
        let to = www.join(&entry);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(repo().join("www").join(&entry), &to).unwrap();
    }
    for page in ["result.html", "compare.html"] {
        let path = www.join("templates").join(page);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text + extra).unwrap();
    }
    www
}

/// Result and compare pages are written by hand while their templates and those around them
/// are the built-in ones; a `www/` whose `result.html` and `compare.html` differ only by a
/// comment is rendered through the templates, and every file of both builds is the same, for `content/` (with and without
/// `--base-url`) and for hostile content.
#[test]
fn hand_written_result_pages_are_what_the_templates_write() {
    let hostile = hostile_content();
    for (content, base_url) in [(repo().join("content"), None), (repo().join("content"), Some("/repo/")), (hostile.path().to_path_buf(), None)] {
        let (_a, by_hand) = build_site(&content, base_url);
        let dir = tempfile::tempdir().unwrap();
        let www = www_with_result_ending(dir.path(), "{# rendered through the template #}\n");
        let out = dir.path().join("site");
        let opts = BuildOptions { content: content.clone(), out: out.clone(), www: Some(www), base_url: base_url.map(Into::into), viewer: None, explore_shard_runs: None };
        build(&opts).expect("build runs");
        let files = walk(&by_hand);
        assert_eq!(files, walk(&out));
        let (mut results, mut compares) = (0, 0);
        for f in &files {
            let (a, b) = (String::from_utf8_lossy(&std::fs::read(by_hand.join(f)).unwrap()).into_owned(), String::from_utf8_lossy(&std::fs::read(out.join(f)).unwrap()).into_owned());
            if a != b {
                let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
                let from = at.saturating_sub(200);
                panic!("{f} differs at byte {at}:\nby hand: {:?}\ntemplate: {:?}", &a[from..(at + 200).min(a.len())], &b[from..(at + 200).min(b.len())]);
            }
            results += usize::from(f.contains("/results/"));
            compares += usize::from(f.contains("/compare/"));
        }
        assert!(results >= 2, "only {results} result pages compared");
        assert!(compares >= 2 || content != repo().join("content"), "only {compares} compare pages compared");
    }
}

/// A `www/` whose result template says something else is heard.
#[test]
fn a_changed_result_template_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let www = www_with_result_ending(dir.path(), "");
    let result = www.join("templates/result.html");
    let text = std::fs::read_to_string(&result).unwrap().replace("{% block main %}\n", "{% block main %}\n<p id=\"own-template\">mine</p>\n");
    std::fs::write(&result, text).unwrap();
    let out = dir.path().join("site");
    let opts = BuildOptions { content: repo().join("content"), out: out.clone(), www: Some(www), base_url: None, viewer: None, explore_shard_runs: None };
    build(&opts).expect("build runs");
    let page = std::fs::read_to_string(out.join("en/results/sglang/A100_v0.5.1/index.html")).unwrap();
    assert!(page.contains("<p id=\"own-template\">mine</p>"), "the page ignored its template");
}

const PAYLOAD_BLOCK: &str = "\
============ Serving Benchmark Result ============
Backend:                                 <script>alert(1)</script>
Successful requests:                     10
Benchmark duration (s):                  5.00
Total input tokens:                      1000
Total generated tokens:                  1000
Request throughput (req/s):              2.00
Output token throughput (tok/s):         200.00
---------------Time to First Token----------------
Mean TTFT (ms):                          10.00
==================================================
";

/// Past 40 result files the explore page's fallback stays bounded: the newest file of each
/// framework and GPU, and a link to the home page, which lists every file.
#[test]
fn explore_fallback_lists_the_newest_files_when_there_are_many() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path();
    for sub in ["i18n", "tuning", "vllm"] {
        std::fs::create_dir_all(c.join(sub)).unwrap();
    }
    for f in ["i18n/zh.toml", "i18n/en.toml", "tuning/parameters.toml"] {
        std::fs::copy(repo().join("content").join(f), c.join(f)).unwrap();
    }
    let block = PAYLOAD_BLOCK.replace("<script>alert(1)</script>", "vllm");
    for gpu in ["A100", "H100", "H800"] {
        for minor in 1..=15 {
            std::fs::write(c.join(format!("vllm/{gpu}_v0.{minor}.0.md")), format!("# vLLM\n\n```text\n{block}```\n")).unwrap();
        }
    }
    let (_dir, out) = build_site(c, None);
    for lang in ["en", "zh"] {
        let page = Html::parse_document(&std::fs::read_to_string(out.join(lang).join("explore/index.html")).unwrap());
        let files: Vec<String> = page.select(&sel("#fallback table tbody th a")).map(|a| a.text().collect()).collect();
        assert_eq!(files, ["vllm/A100_v0.15.0.md", "vllm/H100_v0.15.0.md", "vllm/H800_v0.15.0.md"], "{lang}");
        let more = page.select(&sel("#fallback p a")).next_back().expect("a link to every file");
        assert_eq!(more.value().attr("href"), Some(format!("/{lang}/#all-h").as_str()));
        assert!(more.text().collect::<String>().contains("45"), "{lang}: {}", more.html());
        let home = Html::parse_document(&std::fs::read_to_string(out.join(lang).join("index.html")).unwrap());
        let all = home.select(&sel("#all-h")).next().unwrap().parent().unwrap();
        assert_eq!(scraper::ElementRef::wrap(all).unwrap().select(&sel("tbody tr")).count(), 45, "{lang}");
    }
}

/// A content folder (written at test time: its file names hold markup) with the real UI
/// catalogs and parameter catalog, and payloads everywhere content reaches a page.
fn hostile_content() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path();
    for sub in ["i18n", "tuning", "docs", "evil", "raw"] {
        std::fs::create_dir_all(c.join(sub)).unwrap();
    }
    for f in ["i18n/zh.toml", "i18n/en.toml", "tuning/parameters.toml"] {
        std::fs::copy(repo().join("content").join(f), c.join(f)).unwrap();
    }
    let result = format!(
        "# <script>alert(1)</script> results\n\n## <img src=x onerror=alert(1)> model\n\n\
         A note with <b onclick=\"x()\">bold</b> and <script>alert(1)</script>.\n\n\
         ```shell\nlmdeploy serve api_server '<img src=x onerror=alert(2)>' --tp 1 --max-batch-size '\"><script>alert(3)</script>'\n```\n\n\
         ```text\nNamespace(backend='lmdeploy', model='<img src=x onerror=alert(2)>', dataset_name='random', num_prompts=10, random_input_len=100, random_output_len=100)\n\
         <iframe src=javascript:alert(4)></iframe>\n{PAYLOAD_BLOCK}```\n"
    );
    std::fs::write(c.join("evil/H800_v0.1.md"), result).unwrap();
    std::fs::write(c.join("raw/a<b>\"onmouseover=alert(6).log"), PAYLOAD_BLOCK).unwrap();
    std::fs::write(
        c.join("docs/evil.en.md"),
        "+++\ntitle = \"<script>alert(1)</script>\"\n+++\n# <script>alert(1)</script>\n\n<img src=x onerror=alert(7)>\n\n\
         [click](javascript:alert(8)) <a href=\"javascript:alert(9)\">a</a>\n\n```{note}\n<style>body{}</style><form><iframe></iframe>\n```\n\n\
         | <script>alert(1)</script> |\n|---|\n| <b onmouseover=alert(10)>x</b> |\n",
    )
    .unwrap();
    dir
}

/// Script and markup in headings, model names, log lines, docs and file names come out as
/// text on every page.
#[test]
fn hostile_content_comes_out_as_text() {
    let content = hostile_content();
    let (_dir, out) = build_site(content.path(), None);
    let mut saw_payload_as_text = false;
    for page in html_files(&out) {
        let text = std::fs::read_to_string(out.join(&page)).unwrap();
        let doc = Html::parse_document(&text);
        for script in doc.select(&sel("script")) {
            let src = script.value().attr("src").unwrap_or("");
            // JSON data blocks are never executed.
            let data = script.value().attr("type") == Some("application/json") && src.is_empty();
            assert!(data || src.ends_with("/assets/site.js") || src.ends_with("/assets/explore.js"), "{page}: foreign script {}", script.html());
        }
        for el in doc.select(&sel("*")) {
            for (name, value) in el.value().attrs() {
                assert!(!name.starts_with("on"), "{page}: event handler {name}={value}");
                assert!(!value.trim_start().to_ascii_lowercase().starts_with("javascript:"), "{page}: {name}={value}");
            }
            assert!(!matches!(el.value().name(), "iframe" | "object" | "embed" | "img" | "style" | "form"), "{page}: <{}>", el.value().name());
        }
        saw_payload_as_text |= doc.root_element().text().any(|t| t.contains("<script>alert(1)</script>"));
    }
    assert!(saw_payload_as_text, "the payload should be visible as text somewhere");
    let result = std::fs::read_to_string(out.join("en/results/evil/H800_v0.1/index.html")).unwrap();
    assert!(result.contains("&lt;img src=x onerror=alert(2)&gt;"), "model name shown as text");
}

/// A build that fails midway (here: the templates of the result and source pages are
/// missing; source pages are written first) leaves the previous site exactly as it was.
#[test]
fn a_failed_build_leaves_the_previous_site() {
    let (dir, out) = build_site(&repo().join("content"), None);
    let before: Vec<(String, Vec<u8>)> = walk(&out).into_iter().map(|f| { let b = std::fs::read(out.join(&f)).unwrap(); (f, b) }).collect();
    let broken_www = dir.path().join("www");
    std::fs::create_dir_all(broken_www.join("templates")).unwrap();
    for f in ["base.html", "macros.html", "home.html"] {
        std::fs::copy(repo().join("www/templates").join(f), broken_www.join("templates").join(f)).unwrap();
    }
    let opts = BuildOptions { content: repo().join("content"), out: out.clone(), www: Some(broken_www), base_url: None, viewer: None, explore_shard_runs: None };
    let err = build(&opts).err().expect("build must fail without source.html and result.html");
    assert!(err.contains("source.html"), "{err}");
    let after: Vec<(String, Vec<u8>)> = walk(&out).into_iter().map(|f| { let b = std::fs::read(out.join(&f)).unwrap(); (f, b) }).collect();
    assert!(before == after, "the previous site changed");
    assert!(!dir.path().join(".site.benchsite-staging").exists(), "staging folder left behind");
}

/// A key in one catalog but not the other stops the site from being written.
#[test]
fn a_missing_ui_string_fails_the_build_and_names_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(content.join("i18n")).unwrap();
    std::fs::copy(repo().join("content/i18n/zh.toml"), content.join("i18n/zh.toml")).unwrap();
    let en = std::fs::read_to_string(repo().join("content/i18n/en.toml")).unwrap().replace("copy = \"Copy\"\n", "");
    std::fs::write(content.join("i18n/en.toml"), en).unwrap();
    let out = dir.path().join("site");
    let opts = BuildOptions { content, out: out.clone(), www: Some(repo().join("www")), base_url: None, viewer: None, explore_shard_runs: None };
    let outcome = build(&opts).unwrap();
    assert!(outcome.written.is_none() && !out.exists());
    let f = outcome.data.findings.iter().find(|f| f.code == "i18n-missing-key").expect("finding");
    assert_eq!((f.path.as_str(), f.values.get("key").map(String::as_str)), ("i18n/en.toml", Some("result.copy")));
}

/// Every finding code with a title also has a meaning, in both catalogs.
#[test]
fn every_finding_title_has_its_explanation() {
    for lang in ["zh", "en"] {
        let text = std::fs::read_to_string(repo().join(format!("content/i18n/{lang}.toml"))).unwrap();
        let table: serde_json::Value = serde_json::to_value(text.parse::<toml::Table>().unwrap()).unwrap();
        let keys = |name: &str| -> BTreeSet<String> { table[name].as_object().unwrap().keys().cloned().collect() };
        assert_eq!(keys("finding"), keys("finding_help"), "{lang}");
    }
}

/// Every finding code the ingest and generator sources raise (`sink.error/warn/info("code",
/// …)`, `push(Severity::…, "code", …)`, the code on the call's line or the next) has a title
/// in both catalogs, so no page shows a bare code. Unit tests' own codes (after a file's
/// `#[cfg(test)]`) are not raised by a build.
#[test]
fn every_finding_code_has_a_title() {
    let mut codes = BTreeSet::new();
    for dir in ["ingest/src", "generator/src"] {
        for entry in walkdir::WalkDir::new(repo().join(dir)).into_iter().filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "rs")) {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let text = text.split("#[cfg(test)]").next().unwrap();
            for call in [".error(", ".warn(", ".info(", "Severity::Error,", "Severity::Warning,", "Severity::Info,"] {
                for part in text.split(call).skip(1) {
                    let rest = part.trim_start();
                    let Some(quoted) = rest.strip_prefix('"') else { continue };
                    let code = quoted.split('"').next().unwrap();
                    if !code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
                        codes.insert(code.to_string());
                    }
                }
            }
        }
    }
    assert!(codes.len() > 40 && codes.contains("duplicate"), "found only {codes:?}: have the sink's methods been renamed?");
    for lang in ["zh", "en"] {
        let text = std::fs::read_to_string(repo().join(format!("content/i18n/{lang}.toml"))).unwrap();
        let table = text.parse::<toml::Table>().unwrap();
        let titles = table["finding"].as_table().unwrap();
        let missing: Vec<&String> = codes.iter().filter(|c| !titles.contains_key(c.as_str())).collect();
        assert!(missing.is_empty(), "{lang}.toml [finding] has no title for {missing:?}");
    }
}

/// Every key a finding's values are stored under (`.value("key", …)` in the ingest and
/// generator sources) has a label in both catalogs, so no page shows a bare key.
#[test]
fn every_finding_value_key_has_a_label() {
    let mut keys = BTreeSet::new();
    for dir in ["ingest/src", "generator/src"] {
        for entry in walkdir::WalkDir::new(repo().join(dir)).into_iter().filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "rs")) {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            for part in text.split(".value(\"").skip(1) {
                keys.insert(part.split('"').next().unwrap().to_string());
            }
        }
    }
    assert!(keys.len() > 20, "found only {keys:?}: has `.value(` been renamed?");
    for lang in ["zh", "en"] {
        let text = std::fs::read_to_string(repo().join(format!("content/i18n/{lang}.toml"))).unwrap();
        let table = text.parse::<toml::Table>().unwrap();
        let labels = table["finding_value"].as_table().unwrap();
        let missing: Vec<&String> = keys.iter().filter(|k| !labels.contains_key(k.as_str())).collect();
        assert!(missing.is_empty(), "{lang}.toml [finding_value] has no label for {missing:?}");
    }
}

/// A doc's own images are published under `media/` and shown (with and without a base
/// URL); a remote, missing or SVG image shows its description and a finding instead, and no
/// page loads an image from elsewhere.
#[test]
fn doc_images_are_published_and_the_others_are_findings() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path();
    std::fs::create_dir_all(c.join("docs/img")).unwrap();
    for f in ["i18n/zh.toml", "i18n/en.toml"] {
        std::fs::create_dir_all(c.join(f).parent().unwrap()).unwrap();
        std::fs::copy(repo().join("content").join(f), c.join(f)).unwrap();
    }
    let png = b"\x89PNG\r\n\x1a\n not really an image, but the bytes must arrive unchanged";
    std::fs::write(c.join("docs/img/ttft.png"), png).unwrap();
    std::fs::write(c.join("docs/img/x.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>").unwrap();
    let body = "# Guide\n\n![TTFT by GPU](img/ttft.png)\n\n![remote](https://example.com/r.png)\n\n![gone](./img/gone.png)\n\n![vector](img/x.svg)\n\n<img src=\"https://example.com/raw.png\">\n";
    std::fs::write(c.join("docs/guide.en.md"), format!("+++\ntitle = \"Guide\"\n+++\n{body}")).unwrap();
    std::fs::write(c.join("docs/guide.zh.md"), format!("+++\ntitle = \"指南\"\n+++\n{body}")).unwrap();
    for (base, prefix) in [(None, "/"), (Some("/repo/"), "/repo/")] {
        let (_d, out) = build_site(c, base);
        assert_eq!(std::fs::read(out.join("media/docs/img/ttft.png")).unwrap(), png);
        assert!(!out.join("media/docs/img/x.svg").exists(), "an SVG was published");
        for lang in ["en", "zh"] {
            let page = std::fs::read_to_string(out.join(lang).join("guide/index.html")).unwrap();
            assert!(page.contains(&format!("<img src=\"{prefix}media/docs/img/ttft.png\" alt=\"TTFT by GPU\">")), "{lang}: {page}");
            assert_eq!(page.matches("<span class=\"missing-image\">").count(), 3, "{lang}: remote, missing and SVG images");
            assert!(!page.contains("example.com"), "{lang}: a remote image survived");
        }
        assert_eq!(broken_links(&out, prefix), Vec::<String>::new());
    }
    let outcome = benchsite::check(c).unwrap();
    let found: Vec<(&str, u32, &str)> = outcome.data.findings.iter().filter(|f| f.code == "doc-image-not-shown").map(|f| (f.path.as_str(), f.line, f.values["src"].as_str())).collect();
    assert_eq!(found.len(), 6, "{found:?}");
    assert!(found.contains(&("docs/guide.en.md", 10, "./img/gone.png")) && found.contains(&("docs/guide.zh.md", 8, "https://example.com/r.png")), "{found:?}");
}

/// The English metric words a Chinese page must not show (`TTFT`, `TPOT`, `ITL` and `E2E`
/// are industry terms, allowed next to their Chinese name; percentiles as `P99`).
fn english_metric_words(text: &str) -> Vec<String> {
    const WORDS: &[&str] = &[
        "mean", "median", "average", "avg", "throughput", "latency", "latencies", "tokens", "tokens/s", "tok/s", "req/s", "request",
        "requests", "output", "input", "completed", "failed", "successful", "duration", "rate", "concurrency", "conc", "prompt",
        "prompts", "interactivity", "total", "per",
    ];
    let has_han = text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    // `{total}` in a UI string is a placeholder, not a word a reader sees.
    let mut shown = String::new();
    let mut rest = text;
    while let Some((before, after)) = rest.split_once('{') {
        shown.push_str(before);
        rest = after.split_once('}').map_or("", |(_, a)| a);
    }
    shown.push_str(rest);
    shown.split(|c: char| !(c.is_ascii_alphanumeric() || c == '/' || c == '='))
        .filter(|w| {
            let lower = w.to_ascii_lowercase();
            let lower = lower.trim_end_matches('/');
            WORDS.contains(&lower)
                || ["n=", "rate=", "conc="].iter().any(|p| lower.starts_with(p))
                || (w.starts_with('p') && w.len() > 1 && w[1..].bytes().all(|b| b.is_ascii_digit()))
                || (["TTFT", "TPOT", "ITL", "E2E"].contains(w) && !has_han)
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn english_metric_words_are_recognised() {
    assert_eq!(english_metric_words("端到端延迟 mean"), ["mean"]);
    assert_eq!(english_metric_words("TTFT mean (ms)"), ["TTFT", "mean"]);
    assert_eq!(english_metric_words("random 1024/1024 · n=2000 · rate=4"), ["n=2000", "rate=4"]);
    assert_eq!(english_metric_words("p99"), ["p99"]);
    assert_eq!(english_metric_words("{total} total"), ["total"]);
    for fine in ["首 token 延迟（TTFT）", "P99", "每 GPU 输出 token/秒", "845.12 ms", "1,766.46 s", "sharegpt · 1,000 个请求", "Qwen3-8B"] {
        assert!(english_metric_words(fine).is_empty(), "{fine}");
    }
}

/// Chinese pages name every metric in Chinese: the headings and tables of every page built
/// from templates (docs are people's prose, and the glossary names the English terms on
/// purpose), chart text, and the strings handed to the explorer. Code, commands and English
/// originals (`lang="en"`) are quoted, not named.
#[test]
fn chinese_pages_name_every_metric_in_chinese() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    let visible = sel("h1, h2, h3, h4, caption, th, td, dt, summary, legend, label, svg text, svg title");
    let mut english = BTreeSet::new();
    let mut scanned = 0;
    for page in html_files(&out).into_iter().filter(|f| f.starts_with("zh/")) {
        let doc = Html::parse_document(&std::fs::read_to_string(out.join(&page)).unwrap());
        if doc.select(&sel("article.doc")).next().is_some() {
            continue;
        }
        for el in doc.select(&visible) {
            for node in el.descendants() {
                let Some(text) = node.value().as_text() else { continue };
                let quoted = node.ancestors().filter_map(scraper::ElementRef::wrap).any(|a| {
                    matches!(a.value().name(), "code" | "pre" | "script") || a.value().attr("lang") == Some("en")
                });
                if !quoted {
                    scanned += 1;
                    english.extend(english_metric_words(text).into_iter().map(|w| format!("{page}: `{w}` in `{}`", text.trim())));
                }
            }
        }
        for strings in doc.select(&sel("script#viewer-strings")) {
            let map: BTreeMap<String, String> = serde_json::from_str(&strings.text().collect::<String>()).unwrap();
            for (key, text) in map.iter().filter(|(k, _)| k.starts_with("viewer.")) {
                scanned += 1;
                english.extend(english_metric_words(text).into_iter().map(|w| format!("{page}: `{w}` in {key} = `{text}`")));
            }
        }
    }
    assert!(scanned > 500, "only {scanned} texts scanned");
    assert!(english.is_empty(), "{} English metric words on Chinese pages:\n{}", english.len(), english.into_iter().collect::<Vec<_>>().join("\n"));
}

/// Every `<svg>` of a page, parsed.
fn svgs(doc: &Html) -> Vec<scraper::ElementRef<'_>> {
    doc.select(&sel("svg")).collect()
}

/// An inline chart may hold shapes and text only: no script, no foreign content, no
/// handler, no link.
fn assert_inert(page: &str, svg: scraper::ElementRef) {
    for el in svg.descendants().filter_map(scraper::ElementRef::wrap) {
        let name = el.value().name();
        assert!(!matches!(name, "script" | "foreignObject" | "foreignobject" | "a" | "image" | "use" | "iframe" | "style"), "{page}: <{name}> in a chart");
        for (attr, value) in el.value().attrs() {
            assert!(!attr.starts_with("on") && !attr.contains("href"), "{page}: {attr}={value} in a chart");
        }
    }
}

/// The home page draws, per GPU, the comparison most frameworks share, each with its
/// explorer link; every section of every result page has a chart of its runs next to the
/// table it summarises. Each chart is named (`<title>`), described (`<desc>` with every
/// value) and inert.
#[test]
fn charts_are_on_the_home_page_and_in_every_result_section() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    for lang in ["zh", "en"] {
        let mut flagged_bars = 0;
        let home = Html::parse_document(&std::fs::read_to_string(out.join(lang).join("index.html")).unwrap());
        let figures: Vec<_> = home.select(&sel(".charts figure")).collect();
        assert!(figures.len() >= 2, "{lang}: {} headline charts", figures.len());
        for f in &figures {
            let svg = f.select(&sel("svg.chart")).next().expect("a chart");
            let href = f.select(&sel("a")).next().expect("an explorer link").value().attr("href").unwrap();
            assert!(href.starts_with(&format!("/{lang}/explore/?v=1&")) && href.contains("gpu=") && href.contains("m="), "{lang}: {href}");
            let desc: String = svg.select(&sel("desc")).next().unwrap().text().collect();
            let bars = svg.select(&sel("rect")).count();
            assert_eq!(bars, svg.select(&sel("text.value")).count(), "{lang}: a value per bar");
            assert!(desc.matches(if lang == "zh" { "token/秒" } else { "tok/s" }).count() >= bars, "{lang}: {desc}");
        }
        for page in html_files(&out).into_iter().filter(|f| f.starts_with(&format!("{lang}/results/"))) {
            let doc = Html::parse_document(&std::fs::read_to_string(out.join(&page)).unwrap());
            let page_ids = ids(&doc);
            let sections: Vec<_> = doc.select(&sel("section.model")).collect();
            assert!(!sections.is_empty(), "{page}");
            for s in sections {
                let id = s.value().attr("id").unwrap();
                let charts: Vec<_> = s.select(&sel("svg.chart")).collect();
                assert_eq!(charts.len(), 1, "{page}#{id}: one chart per section");
                let svg = charts[0];
                assert_eq!(svg.value().attr("role"), Some("img"), "{page}#{id}");
                for label in svg.value().attr("aria-labelledby").unwrap().split(' ') {
                    assert!(page_ids.contains(label), "{page}#{id}: aria-labelledby {label}");
                }
                let title: String = svg.select(&sel("title")).next().unwrap().text().collect();
                assert!(!title.trim().is_empty(), "{page}#{id}");
                let table = s.select(&sel("figcaption a")).next().unwrap().value().attr("href").unwrap();
                assert!(table == format!("#{id}-table") && page_ids.contains(&format!("{id}-table")), "{page}#{id}: {table}");
                assert_eq!(svg.select(&sel("rect")).count(), s.select(&sel("table.results tbody tr")).count(), "{page}#{id}: a bar per run");
                // A run with findings is marked in the chart as in the table.
                let flagged_rows = s.select(&sel("table.results tbody tr[class^=flag-]")).count();
                assert_eq!(svg.select(&sel("text.label.flagged")).count(), flagged_rows, "{page}#{id}: flagged bars");
                flagged_bars += flagged_rows;
            }
        }
        // gpt-oss-120b served as 20b, and more: the content has flagged runs.
        assert!(flagged_bars >= 4, "{lang}: {flagged_bars} flagged bars");
    }
    for page in html_files(&out) {
        let doc = Html::parse_document(&std::fs::read_to_string(out.join(&page)).unwrap());
        svgs(&doc).into_iter().for_each(|svg| assert_inert(&page, svg));
    }
}

/// Two frameworks on one GPU measuring a model with markup for a name, and a raw log with
/// two such models: the names reach the home page's headline chart and a result chart's
/// labels as text.
#[test]
fn a_hostile_model_name_stays_text_in_charts() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path();
    for f in ["i18n/zh.toml", "i18n/en.toml"] {
        std::fs::create_dir_all(c.join(f).parent().unwrap()).unwrap();
        std::fs::copy(repo().join("content").join(f), c.join(f)).unwrap();
    }
    let namespace = |model: &str| {
        format!("Namespace(backend='vllm', model='{model}', dataset_name='random', num_prompts=10, random_input_len=100, random_output_len=100)\n")
    };
    let script = "<script>alert(1)</script>";
    let img = "\"><img src=x onerror=alert(2)>";
    for fw in ["vllm", "sglang"] {
        std::fs::create_dir_all(c.join(fw)).unwrap();
        let text = format!("## {script}\n\n```text\n{}{}```\n", namespace(script), PAYLOAD_BLOCK.replace("<script>alert(1)</script>", fw));
        std::fs::write(c.join(fw).join("H800_v0.1.md"), text).unwrap();
    }
    std::fs::create_dir_all(c.join("raw")).unwrap();
    let block = PAYLOAD_BLOCK.replace(script, "vllm");
    std::fs::write(c.join("raw/two.log"), format!("{}{block}{}{block}", namespace(script), namespace(img))).unwrap();
    let (_d, out) = build_site(c, None);
    // Charts name a model by its family, which ingest derives from the name: look up what
    // the data holds, and make sure it still carries markup.
    let data: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("data/runs.json")).unwrap()).unwrap();
    let family = |model: &str| -> String {
        let run = data["runs"].as_array().unwrap().iter().find(|r| r["model"] == model).unwrap_or_else(|| panic!("no run of {model}"));
        run["family"].as_str().or(run["model"].as_str()).unwrap().to_string()
    };
    let (script_family, img_family) = (family(script), family(img));
    assert!(script_family.contains('>') && img_family.contains("<img"), "{script_family} {img_family}");
    for (page, needles) in [("en/index.html", vec![&script_family]), ("zh/index.html", vec![&script_family]), ("en/results/raw/two.log~/index.html", vec![&script_family, &img_family])] {
        let text = std::fs::read_to_string(out.join(page)).unwrap();
        let doc = Html::parse_document(&text);
        let charts = svgs(&doc);
        assert!(!charts.is_empty(), "{page}: no chart");
        let shown: String = charts.iter().flat_map(|svg| svg.text()).collect();
        for needle in needles {
            assert!(shown.contains(needle.as_str()), "{page}: `{needle}` not shown as text in {shown}");
        }
        charts.into_iter().for_each(|svg| assert_inert(page, svg));
        assert!(!text.contains("<img") && !text.contains("<script>alert"), "{page}");
        assert_eq!(doc.select(&sel("script")).filter(|s| s.value().attr("src").is_none()).count(), 0, "{page}: inline script");
    }
}

/// Issue 12: a default shows the rule that gave it (versions, GPU condition, formula) and the
/// code it was read from, in both languages; values computed from the GPU's nominal memory
/// say so; the GPU table reaches the viewer inside `parameters.json`.
#[test]
fn effective_defaults_cite_their_rule_and_source() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    for (lang, formula_word) in [("en", "computed from the GPU memory"), ("zh", "按显存计算")] {
        let page = std::fs::read_to_string(out.join(format!("{lang}/results/sglang/H800_v0.5.1/index.html"))).unwrap();
        let doc = Html::parse_document(&page);
        let row = doc
            .select(&sel("details.effective tr"))
            .find(|tr| tr.text().collect::<String>().contains("--mem-fraction-static"))
            .expect("the memory fraction row");
        let text: String = row.text().collect();
        assert!(text.contains("≈0.875") || text.contains("≈0.856"), "{lang}: {text}");
        assert!(text.contains("v0.5.1 – v0.5.2") && text.contains(formula_word), "{lang}: {text}");
        // The rule's note and source are on the page once, where the flag links.
        let note = |doc: &Html, row: scraper::ElementRef| -> String {
            let href = row.select(&sel("th a")).next().expect("the flag links to its note").attr("href").unwrap().to_string();
            let id = href.strip_prefix('#').unwrap_or_else(|| panic!("{lang}: {href} is not on the page"));
            doc.select(&sel(&format!("section#flags tr[id='{id}']"))).next().unwrap_or_else(|| panic!("{lang}: no note {id}")).text().collect()
        };
        let explained = note(&doc, row);
        assert!(explained.contains("server_args.py ServerArgs.__post_init__ @ v0.5.1") && explained.contains("v0.5.1 – v0.5.2"), "{lang}: {explained}");
        let vllm = std::fs::read_to_string(out.join(format!("{lang}/results/vllm/H800_v0.10.1/index.html"))).unwrap();
        let doc = Html::parse_document(&vllm);
        let row = doc.select(&sel("details.effective tr")).find(|tr| tr.text().collect::<String>().contains("--max-num-seqs")).expect("the max-num-seqs row");
        let text: String = row.text().collect();
        assert!(text.contains("1024") && text.contains("≥ 70 GiB") && text.contains("A100"), "{lang}: {text}");
        let explained = note(&doc, row);
        assert!(explained.contains("≥ 70 GiB") && explained.contains("_set_default_args_v1 @ v0.9.0 and v0.10.1"), "{lang}: {explained}");
    }
    let tuning = Html::parse_document(&std::fs::read_to_string(out.join("en/tuning/index.html")).unwrap());
    for anchor in ["vllm-gpu-memory-utilization", "sglang-mem-fraction-static", "lmdeploy-cache-max-entry-count", "trtllm-kv_cache_free_gpu_memory_fraction"] {
        let row = tuning.select(&sel(&format!("tr#{anchor}"))).next().unwrap_or_else(|| panic!("{anchor}"));
        assert!(row.select(&sel("p.definition")).next().is_some(), "{anchor}: no definition");
    }
    let params: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("data/parameters.json")).unwrap()).unwrap();
    let gpus = params["gpu"].as_array().expect("the GPU table in parameters.json");
    assert!(gpus.iter().any(|g| g["name"] == "A100" && g["memory_gib"] == serde_json::json!([40.0, 80.0])), "{gpus:?}");
}

/// A result page of several sections explains each flag of their effective parameters once
/// (meaning, default rules with their notes and sources), and every section's table links
/// its flags there; the explanation used to be repeated in every section.
#[test]
fn effective_parameters_are_explained_once_per_result_page() {
    let (_dir, out) = build_site(&repo().join("content"), None);
    for (lang, meaning, source) in [("en", "Number of GPUs used for tensor parallelism.", "ServerArgs.pp_size @ v0.5.1"), ("zh", "张量并行使用的 GPU 数量。", "ServerArgs.pp_size @ v0.5.1")] {
        let page = std::fs::read_to_string(out.join(format!("{lang}/results/sglang/A100_v0.5.1/index.html"))).unwrap();
        let doc = Html::parse_document(&page);
        let tables = doc.select(&sel("section.model details.effective table")).count();
        assert!(tables > 1, "{lang}: {tables} sections with effective parameters");
        assert_eq!(page.matches(meaning).count(), 1, "{lang}: {meaning}");
        assert_eq!(page.matches(source).count(), 1, "{lang}: {source}");
        for link in doc.select(&sel("section.model details.effective th a")) {
            let id = link.attr("href").unwrap().strip_prefix('#').unwrap_or_else(|| panic!("{lang}: {link:?} leaves the page"));
            assert!(doc.select(&sel(&format!("section#flags tr[id='{id}']"))).next().is_some(), "{lang}: {id}");
        }
    }
}

/// A doc cannot pass for the site's own UI: raw HTML with the explorer's error panel classes
/// and id, a heading whose slug is the theme button's id, a span claiming a source line's id.
/// In the pages, every id in the doc carries the doc prefix and every class is one the
/// renderer writes; heading anchors, the table of contents, in-doc links and a link to
/// another doc's heading still resolve (link checker).
#[test]
fn a_doc_keeps_only_the_renderers_classes_and_prefixed_ids() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path();
    for f in ["i18n/zh.toml", "i18n/en.toml"] {
        std::fs::create_dir_all(c.join(f).parent().unwrap()).unwrap();
        std::fs::copy(repo().join("content").join(f), c.join(f)).unwrap();
    }
    std::fs::create_dir_all(c.join("docs")).unwrap();
    let guide = "<div class=\"error-panel notice\" id=\"viewer-error\">The data could not be loaded.</div>\n\n## Theme toggle\n\n<span class=\"line\" id=\"L1\">1</span>\n\n## Setup {#main}\n\nBack [up](#theme-toggle), to [setup](#main), to the [glossary](./glossary.en.md#ttft).\n\n```{note}\nA note.\n```\n";
    let glossary = "## TTFT\n\nTime to first token.\n";
    for lang in ["en", "zh"] {
        std::fs::write(c.join(format!("docs/guide.{lang}.md")), format!("+++\ntitle = \"Guide\"\n+++\n{guide}")).unwrap();
        std::fs::write(c.join(format!("docs/glossary.{lang}.md")), format!("+++\ntitle = \"Glossary\"\n+++\n{glossary}")).unwrap();
    }
    let own = ["admonition", "note", "admonition-title", "anchor"];
    for (base, prefix) in [(None, "/"), (Some("/repo/"), "/repo/")] {
        let (_d, out) = build_site(c, base);
        for lang in ["en", "zh"] {
            let page = std::fs::read_to_string(out.join(lang).join("guide/index.html")).unwrap();
            let doc = Html::parse_document(&page);
            let article = doc.select(&sel("article.doc")).next().expect("the doc's article");
            for el in article.select(&sel("[id]")) {
                let id = el.value().attr("id").unwrap();
                assert!(id.starts_with("doc-"), "{lang}: the doc kept the id {id:?}");
            }
            for el in article.select(&sel("[class]")) {
                let classes = el.value().attr("class").unwrap();
                assert!(classes.split_whitespace().all(|c| own.contains(&c)), "{lang}: the doc kept the class {classes:?}");
            }
            let all: Vec<&str> = doc.select(&sel("[id]")).filter_map(|e| e.value().attr("id")).collect();
            let unique: BTreeSet<&str> = all.iter().copied().collect();
            assert_eq!(all.len(), unique.len(), "{lang}: an id appears twice: {all:?}");
            for href in ["#doc-theme-toggle", "#doc-main"] {
                assert!(page.contains(&format!("href=\"{href}\"")), "{lang}: no link to {href}");
            }
            assert!(page.contains(&format!("href=\"{prefix}{lang}/glossary/#doc-ttft\"")), "{lang}: the link to the glossary's heading");
        }
        assert_eq!(broken_links(&out, prefix), Vec::<String>::new());
    }
}
