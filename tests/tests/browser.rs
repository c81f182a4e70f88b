//! The explorer in real headless Chromium, against the site `cargo xtask site` built
//! (`target/browser-site`, or `$BENCHSITE_SITE`), served on 127.0.0.1 by the generator's
//! own server. `scripts/test` builds that site first and sets `BENCHSITE_BROWSER_TESTS=1`,
//! which turns a missing Chromium or site into a failure instead of a skip.

use benchsite_tests::browser::{missing_prerequisite, site_dir, Browser};
use serde_json::{json, Value};
use std::sync::Mutex;

/// One Chromium at a time: the machine has two cores.
static SERIAL: Mutex<()> = Mutex::new(());

/// The turn of one browser test, when Chromium and the site are there.
fn turn() -> Option<std::sync::MutexGuard<'static, ()>> {
    let guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(why) = missing_prerequisite() {
        assert!(std::env::var_os("BENCHSITE_BROWSER_TESTS").is_none(), "browser tests required but {why}");
        eprintln!("SKIPPED browser test: {why}");
        return None;
    }
    Some(guard)
}

fn browser() -> Option<(std::sync::MutexGuard<'static, ()>, Browser)> {
    let guard = turn()?;
    Some((guard, Browser::start(&site_dir()).expect("Chromium starts")))
}

/// The runs of the built site's data.
fn site_runs() -> Vec<Value> {
    let text = std::fs::read_to_string(site_dir().join("data/runs.json")).expect("the built site has data/runs.json");
    let data: Value = serde_json::from_str(&text).unwrap();
    data["runs"].as_array().unwrap().clone()
}

/// How many runs of the site's data have `field` equal to `value` (all runs for `None`).
fn runs_where(field: Option<(&str, &str)>) -> u64 {
    site_runs().iter().filter(|r| field.is_none_or(|(k, v)| r[k] == json!(v))).count() as u64
}

/// Waits for the explorer to draw; returns the number of table rows.
fn ready(b: &Browser) -> u64 {
    let rows = "return !document.getElementById('viewer').hasAttribute('data-loading') && document.querySelectorAll('#results-body tr:not(.spacer)').length";
    b.wait_for(rows, "the results table").unwrap().as_u64().unwrap()
}

/// Table column of the chosen metric (after the row link and ten identifying columns).
const FIRST_METRIC: usize = 11;

fn rows_text(b: &Browser, column: usize) -> Vec<String> {
    let v = b.exec("return [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => r.cells[arguments[0]].textContent)", json!([column])).unwrap();
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// The numbers of a column, without the unit the page's language writes after them.
fn numbers(b: &Browser, column: usize) -> Vec<String> {
    rows_text(b, column).iter().map(|t| t.split(' ').next().unwrap_or("").to_string()).collect()
}

fn click(b: &Browser, css: &str) {
    b.exec("const e = document.querySelector(arguments[0]); if (!e) throw new Error('no ' + arguments[0]); e.click();", json!([css])).unwrap();
}

fn select(b: &Browser, id: &str, value: &str) {
    b.exec("const s = document.getElementById(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));", json!([id, value])).unwrap();
}

/// Pixels of the chart canvas that differ from its top-left (background) pixel.
fn drawn_pixels(b: &Browser) -> u64 {
    b.exec(
        "const c = document.getElementById('chart-canvas'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
         let n = 0; for (let i = 0; i < d.length; i += 4) { if (d[i] !== d[0] || d[i+1] !== d[1] || d[i+2] !== d[2]) n++; } return n;",
        json!([]),
    )
    .unwrap()
    .as_u64()
    .unwrap()
}

#[test]
fn chart_is_drawn_and_a_filter_updates_table_and_url() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    assert_eq!(ready(&b), runs_where(None));
    assert!(drawn_pixels(&b) > 20_000, "the canvas looks empty");
    let dpr_ok = b.exec("const c = document.getElementById('chart-canvas'); return c.width >= c.clientWidth * devicePixelRatio - 1;", json!([])).unwrap();
    assert_eq!(dpr_ok, json!(true), "canvas not sized for the device pixel ratio");
    click(&b, "#facets [data-dim=fw] input[data-value=vllm]");
    b.wait_for("return location.search.includes('fw=vllm')", "the URL to carry the filter").unwrap();
    let frameworks = rows_text(&b, 1);
    let vllm = runs_where(Some(("framework", "vllm")));
    assert_eq!(frameworks.len() as u64, vllm);
    assert!(frameworks.iter().all(|f| f == "vLLM"), "{frameworks:?}");
    let count: String = b.exec("return document.querySelector('#banner .count').textContent", json!([])).unwrap().as_str().unwrap().into();
    assert!(count.contains(&format!("{vllm} of {}", runs_where(None))), "{count}");
}

#[test]
fn a_link_restores_the_view_in_a_fresh_page_and_in_the_other_language() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    click(&b, "#facets [data-dim=gpu] input[data-value=A100]");
    select(&b, "ctl-chart", "tradeoff");
    select(&b, "ctl-metric", "ttft.p99");
    click(&b, "button.sort[data-sort='ttft.p99']");
    b.wait_for("return location.search.includes('s=ttft.p99')", "sort in the URL").unwrap();
    // The trade-off chart is the full module's, which draws once it has taken over.
    ready(&b);
    let url = b.url().unwrap();
    let before = numbers(&b, FIRST_METRIC);
    let path = url.trim_start_matches(&b.site).to_string();
    for target in [path.clone(), path.replace("/en/", "/zh/")] {
        b.goto("/en/").unwrap();
        b.goto(&target).unwrap();
        ready(&b);
        let state = b.exec("return [document.getElementById('ctl-chart').value, document.getElementById('ctl-metric').value, document.querySelector('#facets [data-dim=gpu] input[data-value=A100]').checked, document.documentElement.lang]", json!([])).unwrap();
        let lang = if target.contains("/zh/") { "zh-CN" } else { "en" };
        assert_eq!(state, json!(["tradeoff", "ttft.p99", true, lang]), "{target}");
        assert_eq!(numbers(&b, FIRST_METRIC), before, "same rows in the same order for {target}");
        let query = b.exec("return location.search", json!([])).unwrap();
        assert_eq!(format!("{}", query.as_str().unwrap()), format!("?{}", url.split_once('?').unwrap().1));
    }
    // The language switch carries the state.
    let switch = b.exec("return document.querySelector('a.lang-switch').getAttribute('href')", json!([])).unwrap();
    assert!(switch.as_str().unwrap().starts_with("/en/explore/?v=1"), "{switch}");
}

#[test]
fn csv_export_holds_the_rows_shown() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1&fw=sglang").unwrap();
    let sglang = runs_where(Some(("framework", "sglang")));
    assert_eq!(ready(&b), sglang);
    let csv = b
        .exec_async(
            "const done = arguments[arguments.length - 1]; const orig = URL.createObjectURL; \
             URL.createObjectURL = (blob) => { blob.text().then(done); return orig.call(URL, blob); }; \
             document.getElementById('ctl-csv').click();",
            json!([]),
        )
        .unwrap();
    let csv = csv.as_str().unwrap();
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(lines.len() as u64, sglang + 1, "{csv}");
    assert!(lines[0].starts_with("run,Framework,") && lines[0].ends_with(",Findings"), "{}", lines[0]);
    assert!(lines[1..].iter().all(|l| l.starts_with("sglang/") && l.contains(",sglang,")), "{csv}");
    // Unknown values are empty cells, never "?" or "–".
    assert!(lines.iter().all(|l| !l.split(',').any(|c| c == "?" || c == "–" || c == "not stated")), "{csv}");
}

#[test]
fn a_dropped_log_is_parsed_in_the_browser_and_added_as_local() {
    let Some((_g, b)) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("my-run.log");
    std::fs::write(&log, "============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\nOutput token throughput (tok/s): 321.5\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\n==================================================\n").unwrap();
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    b.send_keys("#ctl-file", log.to_str().unwrap()).unwrap();
    b.wait_for("return document.querySelectorAll('#results-body tr.local').length", "the local run").unwrap();
    assert_eq!(ready(&b), runs_where(None) + 1);
    let notices: Value = b.exec("return document.getElementById('notices').textContent", json!([])).unwrap();
    assert!(notices.as_str().unwrap().contains("my-run.log: 1 runs added"), "{notices}");
    let local = b.exec("return document.querySelector('#results-body tr.local').textContent", json!([])).unwrap();
    assert!(local.as_str().unwrap().contains("321.5"), "{local}");
}

#[test]
fn script_in_every_url_parameter_and_the_fragment_runs_nothing() {
    let Some((_g, b)) = browser() else { return };
    let payloads = ["<img src=x onerror=window.__pwned=1>", "\"><script>window.__pwned=1</script>", "javascript:window.__pwned=1", "<svg/onload=window.__pwned=1>"];
    for p in payloads {
        let e = urlencode(p);
        let query = format!("?v={e}&d={e}&fw={e},{e}&ver={e}&gpu={e}&model={e}&prec={e}&gpus={e}&scen={e}&fam={e}&n={e}&rate={e}&conc={e}&nf={e}&src={e}&q={e}&m={e}&x={e}&c={e}&s={e}&o={e}&sel={e}&log={e}&in={e}&{e}={e}#{e}");
        b.goto(&format!("/en/explore/{query}")).unwrap();
        b.wait_for("return document.querySelector('#banner .count')", "the explorer").unwrap();
        let result = b.exec("return [window.__pwned === undefined, document.querySelectorAll('#viewer img, #viewer svg, #viewer script:not([type]), #viewer iframe').length, !!document.getElementById('notices')]", json!([])).unwrap();
        assert_eq!(result, json!([true, 0, true]), "payload {p}");
        // The search box holds the payload as text.
        let q = b.exec("return document.getElementById('ctl-search').value", json!([])).unwrap();
        assert_eq!(q, json!(p));
    }
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|c| if c.is_ascii_alphanumeric() { (c as char).to_string() } else { format!("%{c:02X}") }).collect()
}

#[test]
fn every_chart_kind_draws_the_seed_data_and_the_raw_sweeps_draw_as_lines() {
    let Some((_g, b)) = browser() else { return };
    for (query, what) in [("?v=1&c=tradeoff", "trade-off"), ("?v=1&c=sweep&src=raw/vllm_sweep.log&m=out_tps", "sweeps"), ("?v=1&c=bars&log=1&m=ttft.p99", "log bars")] {
        b.goto(&format!("/en/explore/{query}")).unwrap();
        ready(&b);
        assert!(drawn_pixels(&b) > 20_000, "{what}: the canvas looks empty");
        let label = b.exec("return document.getElementById('chart-canvas').getAttribute('aria-label')", json!([])).unwrap();
        assert!(label.as_str().is_some_and(|l| !l.is_empty()), "{what}: no accessible label");
    }
    // The sweep chart with no sweep in view says so instead of drawing nothing silently.
    b.goto("/en/explore/?v=1&c=sweep&src=vllm/A100_v0.10.1.md").unwrap();
    ready(&b);
    assert!(drawn_pixels(&b) < 20_000, "nothing to draw, yet the canvas is full");
}

#[test]
fn root_page_goes_to_the_readers_language_and_the_theme_choice_persists() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/").unwrap();
    // Headless Chromium reports en-US.
    b.wait_for("return location.pathname === '/en/'", "the redirect to /en/").unwrap();
    let before = b.exec("return document.documentElement.getAttribute('data-theme')", json!([])).unwrap();
    assert_eq!(before, Value::Null, "no stored choice: the page follows the system");
    click(&b, "#theme-toggle");
    assert_eq!(b.exec("return document.documentElement.getAttribute('data-theme')", json!([])).unwrap(), json!("dark"));
    b.goto("/zh/tuning/").unwrap();
    let after = b.exec("return [document.documentElement.getAttribute('data-theme'), document.getElementById('theme-toggle').getAttribute('aria-pressed')]", json!([])).unwrap();
    assert_eq!(after, json!(["dark", "true"]), "the choice carries to the next page");
}

/// Every drawn row of the windowed table: its run's source line (from the row link), the
/// output tok/s cell and the framework cell, checked against the synthetic run with that
/// line (`viewer::synthetic_runs`). A row whose cells were left from an earlier draw fails.
fn consistent_window(b: &Browser) -> Vec<f64> {
    let rows = b
        .exec(
            "const head = [...document.querySelectorAll('#results-live thead th')]; \
             const col = head.findIndex(th => th.querySelector('[data-sort=out_tps]')); \
             return [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => [r.cells.length, head.length, r.cells[0].querySelector('a').getAttribute('href'), r.cells[col].textContent, r.cells[1].textContent]);",
            json!([]),
        )
        .unwrap();
    let frameworks = ["LMDeploy", "vLLM", "SGLang", "TensorRT-LLM"];
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert_eq!(r[0], r[1], "a row with a different number of cells than the header: {r}");
            let line: usize = r[2].as_str().unwrap().rsplit("#run-L").next().unwrap().parse().unwrap();
            let out: f64 = r[3].as_str().unwrap().replace(',', "").parse().unwrap();
            assert_eq!(out, 1000.0 + ((line - 1) % 97) as f64 * 97.0, "output tok/s of the run at line {line}: {r}");
            assert_eq!(r[4].as_str().unwrap(), frameworks[(line - 1) % 4], "framework of the run at line {line}: {r}");
            out
        })
        .collect()
}

#[test]
fn the_windowed_table_stays_true_when_sorted_scrolled_and_filtered() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    b.load_synthetic(3000).unwrap();
    b.exec("window.benchsiteViewer.benchFilter(2)", json!([])).unwrap();
    let (drawn, spacers) = (ready(&b), b.exec("return [...document.querySelectorAll('#results-body tr.spacer')].map(r => r.hidden ? 0 : r.getBoundingClientRect().height)", json!([])).unwrap());
    assert!((10..200).contains(&drawn), "{drawn} rows drawn of 3000: not windowed");
    let spacer_px: f64 = spacers.as_array().unwrap().iter().map(|h| h.as_f64().unwrap()).sum();
    assert!((spacer_px - (3000 - drawn) as f64 * 28.0).abs() < 1.0, "spacers {spacers} do not stand for the {} rows not drawn", 3000 - drawn);
    consistent_window(&b);

    click(&b, "button.sort[data-sort=out_tps]");
    b.wait_for("return document.querySelector('th[aria-sort=descending] [data-sort=out_tps]') !== null", "the sort").unwrap();
    let top = consistent_window(&b);
    assert!(top.windows(2).all(|w| w[0] >= w[1]), "not descending: {top:?}");
    assert_eq!(top[0], 1000.0 + 96.0 * 97.0);

    b.exec("const w = document.getElementById('results-live'); w.scrollTop = 28 * 1500; w.dispatchEvent(new Event('scroll'));", json!([])).unwrap();
    b.wait_for("const t = document.querySelector('#results-body tr.spacer'); return !t.hidden && t.getBoundingClientRect().height > 28 * 1000", "the window to move").unwrap();
    let middle = consistent_window(&b);
    assert!(middle.windows(2).all(|w| w[0] >= w[1]), "not descending after scrolling: {middle:?}");
    assert!(middle[0] < top[top.len() - 1], "the scrolled window repeats the first rows: {middle:?}");

    click(&b, "#facets [data-dim=fw] input[data-value=sglang]");
    b.wait_for("return location.search.includes('fw=sglang')", "the filter").unwrap();
    let filtered = consistent_window(&b);
    assert!(!filtered.is_empty());
    assert!(rows_text(&b, 1).iter().all(|f| f == "SGLang"));
    assert!(filtered.windows(2).all(|w| w[0] >= w[1]), "not descending after filtering: {filtered:?}");
    assert_eq!(filtered[0], 1000.0 + 96.0 * 97.0, "a new filter starts the table at its first row");
    assert_eq!(b.exec("return document.getElementById('results-live').scrollTop", json!([])).unwrap(), json!(0));
}

/// A redraw rewrites the table's cells and the facets' counts in place: the text nodes stay
/// and only their data changes (a new node per cell would be a new layout object to build on
/// every filter change).
#[test]
fn a_filter_change_rewrites_cell_and_count_text_in_place() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    b.load_synthetic(3000).unwrap();
    b.exec("window.benchsiteViewer.benchFilter(2)", json!([])).unwrap();
    ready(&b);
    // Every identifying cell (columns 1 to 10, never a link) of each row, and every count of the
    // framework facet. The window may hold a row more or less after the redraw (its height is
    // measured again), so rows are compared as far as both windows reach.
    let keep = "window.__rows = [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => [...r.cells].slice(1, 11).map(c => c.firstChild)); \
                window.__counts = [...document.querySelectorAll('#facets [data-dim=fw] label')].map(l => l.lastElementChild.firstChild); \
                return window.__rows.flat().length + window.__counts.length";
    let kept = b.exec(keep, json!([])).unwrap().as_u64().unwrap();
    assert!(kept > 100, "{kept} text nodes");
    let before = rows_text(&b, 1);
    click(&b, "#facets [data-dim=fw] input[data-value=sglang]");
    b.wait_for("return location.search.includes('fw=sglang')", "the filter").unwrap();
    let after = rows_text(&b, 1);
    assert!(after.iter().all(|f| f == "SGLang") && before.iter().any(|f| f != "SGLang"), "the filter changed no framework cell: {before:?}");
    let now = "const rows = [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => [...r.cells].slice(1, 11).map(c => c.firstChild)); \
               const counts = [...document.querySelectorAll('#facets [data-dim=fw] label')].map(l => l.lastElementChild.firstChild); \
               const both = Math.min(rows.length, window.__rows.length); \
               const compared = rows.slice(0, both).flat().concat(counts); \
               const kept = window.__rows.slice(0, both).flat().concat(window.__counts); \
               return [compared.length > 100 && compared.length === kept.length, compared.filter((n, i) => n !== kept[i]).length]";
    assert_eq!(b.exec(now, json!([])).unwrap(), json!([true, 0]), "text nodes replaced by the redraw");
}

/// Two animation frames: the browser has decided what is on screen.
fn settle(b: &Browser) {
    b.exec_async("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));", json!([])).unwrap();
}

/// Below the first screen, the table is not laid out (a filter change costs it no layout);
/// scrolled to, it shows the rows of the current view.
#[test]
fn the_table_below_the_first_screen_is_laid_out_only_when_scrolled_to() {
    let Some((_g, b)) = browser() else { return };
    let rendered = "return [document.querySelector('#results-body tr:not(.spacer) td').checkVisibility({ contentVisibilityAuto: true })]";
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    settle(&b);
    assert_eq!(b.exec(rendered, json!([])).unwrap()[0], json!(false), "laid out while off screen");
    click(&b, "#facets [data-dim=fw] input[data-value=sglang]");
    b.wait_for("return location.search.includes('fw=sglang')", "the filter").unwrap();
    b.exec("document.getElementById('results-live').scrollIntoView()", json!([])).unwrap();
    settle(&b);
    assert_eq!(b.exec(rendered, json!([])).unwrap()[0], json!(true), "not laid out when scrolled to");
    let frameworks = rows_text(&b, 1);
    assert!(!frameworks.is_empty() && frameworks.iter().all(|f| f == "SGLang"), "{frameworks:?}");
    let height = b.exec("const r = document.querySelector('#results-body tr:not(.spacer)').getBoundingClientRect(); return r.height", json!([])).unwrap();
    assert_eq!(height, json!(28), "rows laid out at their height");
}

#[test]
fn the_preview_reloads_an_open_page_after_a_content_change() {
    let Some(_g) = turn() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (content, out) = (dir.path().join("content"), dir.path().join("out"));
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("content");
    std::fs::create_dir_all(content.join("sglang")).unwrap();
    std::fs::copy(repo.join("sglang/A100_v0.5.1.md"), content.join("sglang/A100_v0.5.1.md")).unwrap();
    let port = benchsite_tests::browser::free_port();
    let build = benchsite::build::BuildOptions { content: content.clone(), out, www: None, base_url: None, viewer: None, explore_shard_runs: None };
    std::thread::spawn(move || benchsite::serve::serve(benchsite::serve::ServeOptions { build, port }, |_| {}));
    let b = Browser::start_at(format!("http://127.0.0.1:{port}")).expect("Chromium starts");
    b.goto("/en/").unwrap();
    b.wait_for("return document.body && document.body.textContent.includes('A100_v0.5.1')", "the preview").unwrap();
    b.exec("window.benchsiteMarker = true", json!([])).unwrap();
    std::fs::create_dir_all(content.join("vllm")).unwrap();
    std::fs::copy(repo.join("vllm/A100_v0.10.1.md"), content.join("vllm/A100_v0.10.1.md")).unwrap();
    // Without navigating: the page reloads itself (the marker is gone) and shows the new file.
    b.wait_for("return !window.benchsiteMarker && document.body.textContent.includes('A100_v0.10.1')", "the page to reload with the new file").unwrap();
}

/// Moves the mouse over the chart until the tooltip shows; returns where (client pixels)
/// and the tooltip's text and link.
fn find_tooltip(b: &Browser) -> (f64, f64, String, String) {
    let v = b
        .exec(
            "const c = document.getElementById('chart-canvas'); const r = c.getBoundingClientRect(); const tip = document.getElementById('chart-tip'); \
             for (let y = r.top + 4; y < r.bottom; y += 6) { for (let x = r.left + 4; x < r.right; x += 6) { \
               c.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true })); \
               const a = tip.querySelector('a'); \
               if (!tip.hidden && a) return [x, y, tip.textContent, a.getAttribute('href')]; } } \
             return null;",
            json!([]),
        )
        .unwrap();
    assert!(!v.is_null(), "no point of the chart shows a tooltip with a link");
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap(), v[2].as_str().unwrap().into(), v[3].as_str().unwrap().into())
}

/// A copy of the built site whose `explore.js` loads the full module 1.5 s late, as a slow
/// network would.
fn slow_full_module_site() -> tempfile::TempDir {
    broken_site(|s| {
        let path = s.join("assets/explore.js");
        let js = std::fs::read_to_string(&path).unwrap();
        let import = "import(base + path)";
        assert!(js.contains(import), "explore.js no longer loads a module with `{import}`");
        let late = "new Promise((r) => setTimeout(r, path.includes(\"full/\") ? 1500 : 0)).then(() => import(base + path))";
        std::fs::write(&path, js.replace(import, late)).unwrap();
    })
}

/// On the site as built and on one whose full module comes late: the click that pins the
/// tooltip selects its run, whose panel only the full module draws, so the test waits for
/// the full module to take the page over before it goes on (it went on at once, and failed
/// when the full module took over between the second click and the link's).
#[test]
fn the_tooltip_gives_the_exact_value_and_a_clickable_link_to_its_source_line() {
    let Some(_g) = turn() else { return };
    let slow = slow_full_module_site();
    for site in [site_dir(), slow.path().to_path_buf()] {
        let b = Browser::start(&site).expect("Chromium starts");
        eprintln!("SITE {}", site.display());
        tooltip_gives_the_exact_value_and_a_link(&b);
    }
}

fn tooltip_gives_the_exact_value_and_a_link(b: &Browser) {
    b.goto("/en/explore/?v=1&fw=vllm&gpu=A100&m=out_tps").unwrap();
    ready(b);
    let (x, y, text, href) = find_tooltip(b);
    assert!(text.chars().any(|c| c.is_ascii_digit()), "no value in the tooltip: {text}");
    assert!(href.starts_with("/source/vllm/A100_v0.10.1/#L"), "{href}");
    // The table holds the same number as the tooltip, for the same source line.
    let in_table = b.exec("return [...document.querySelectorAll('#results-body a')].some(a => a.getAttribute('href') === arguments[0] && arguments[1].includes(a.textContent))", json!([href, text])).unwrap();
    assert_eq!(in_table, json!(true), "tooltip {text:?} ({href}) does not match a table cell");
    // Hovering elsewhere hides it; a click pins it, so moving away keeps it for the link.
    let pin_and_leave = |b: &Browser| {
        b.exec(
            "const c = document.getElementById('chart-canvas'); const r = c.getBoundingClientRect(); \
             c.dispatchEvent(new MouseEvent('click', { clientX: arguments[0], clientY: arguments[1], bubbles: true })); \
             c.dispatchEvent(new MouseEvent('mousemove', { clientX: r.left + 1, clientY: r.top + 1, bubbles: true })); \
             const tip = document.getElementById('chart-tip'); return [tip.hidden, tip.classList.contains('pinned')];",
            json!([x, y]),
        )
        .unwrap()
    };
    assert_eq!(pin_and_leave(b), json!([false, true]), "a click should pin the tooltip");
    // The click selected the tooltip's run: the full module loads and takes the page over.
    b.wait_for("return !document.getElementById('viewer').hasAttribute('data-loading') && document.querySelector('#selected h3') !== null", "the selected run's panel").unwrap();
    b.exec("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))", json!([])).unwrap();
    assert_eq!(b.exec("return document.getElementById('chart-tip').hidden", json!([])).unwrap(), json!(true), "Escape should close the pinned tooltip");
    assert_eq!(pin_and_leave(b), json!([false, true]));
    b.click("#chart-tip a").unwrap();
    b.wait_for("return location.pathname.startsWith('/source/vllm/') && location.hash.startsWith('#L')", "the source page").unwrap();
    let line = href.rsplit("#L").next().unwrap().to_string();
    let target = b.exec("const e = document.getElementById('L' + arguments[0]); return e ? e.textContent : null", json!([line])).unwrap();
    assert!(target.is_string(), "the source page has no line L{line}");
}

#[test]
fn the_tuning_panel_explains_the_effective_parameters_of_the_runs_in_view() {
    let Some((_g, b)) = browser() else { return };
    for lang in ["en", "zh"] {
        b.goto(&format!("/{lang}/explore/?v=1&fw=lmdeploy")).unwrap();
        ready(&b);
        // The catalog's words are fetched when an entry is opened, not for the first chart.
        let fetched = "return performance.getEntriesByType('resource').some(e => e.name.endsWith('/data/parameters.txt'))";
        assert_eq!(b.exec(fetched, json!([])).unwrap(), json!(false), "{lang}: the catalog was fetched before anything needed it");
        b.exec("document.querySelectorAll('#tuning-panel details.param').forEach(d => d.open = true)", json!([])).unwrap();
        b.wait_for("return document.querySelector('#tuning-panel details.param[open] p') !== null", "the explanations").unwrap();
        assert_eq!(b.exec(fetched, json!([])).unwrap(), json!(true));
        let params = b
            .exec(
                "return [...document.querySelectorAll('#tuning-panel details.param:not([hidden])')].map(d => [d.querySelector('summary code').textContent, d.querySelector('summary span').textContent, [...d.querySelectorAll('p')].map(p => p.textContent), d.querySelector('a') ? d.querySelector('a').getAttribute('href') : null])",
                json!([]),
            )
            .unwrap();
        let params = params.as_array().unwrap();
        assert!(!params.is_empty(), "{lang}: no parameters explained for the LMDeploy runs");
        assert!(params.iter().all(|p| p[0].as_str().unwrap().starts_with("lmdeploy --")), "{lang}: a parameter of another framework: {params:?}");
        let batch = params.iter().find(|p| p[0] == "lmdeploy --max-batch-size").unwrap_or_else(|| panic!("{lang}: --max-batch-size not explained: {params:?}"));
        // Value with its origin and run count, the meaning, the equivalents, the tuning page.
        assert!(batch[1].as_str().unwrap().starts_with(" = ") && batch[1].as_str().unwrap().contains(')'), "{batch}");
        let texts: Vec<&str> = batch[2].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        assert!(texts.iter().any(|t| t.contains("vllm --max-num-seqs") && t.contains("sglang --max-running-requests")), "{lang}: equivalents missing: {texts:?}");
        let meaning = texts[0];
        assert_eq!(meaning.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), lang == "zh", "{lang}: meaning in the wrong language: {meaning}");
        let href = batch[3].as_str().unwrap().to_string();
        assert!(href.starts_with(&format!("/{lang}/tuning/#")), "{href}");
        b.goto(&href).unwrap();
        let anchor = href.rsplit('#').next().unwrap().to_string();
        assert_eq!(b.exec("return document.getElementById(arguments[0]) !== null", json!([anchor])).unwrap(), json!(true), "{href} has no target");
    }
}

#[test]
fn search_log_scale_png_export_and_reset() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    assert_eq!(ready(&b), runs_where(None));
    b.send_keys("#ctl-search", "235b").unwrap();
    b.wait_for("return location.search.includes('q=235b')", "the search in the URL").unwrap();
    let models = rows_text(&b, 6);
    assert!(!models.is_empty() && models.iter().all(|m| m.to_lowercase().contains("235b")), "{models:?}");
    // Log scale redraws the chart and is part of the view.
    let picture = |b: &Browser| b.exec("return document.getElementById('chart-canvas').toDataURL()", json!([])).unwrap();
    let linear = picture(&b);
    click(&b, "#ctl-log");
    b.wait_for("return /[?&]log=1/.test(location.search)", "the log scale in the URL").unwrap();
    assert_ne!(picture(&b), linear, "the log scale did not change the chart");
    // PNG export: the chart as drawn, at the canvas's full resolution.
    let png = b
        .exec_async(
            "const done = arguments[arguments.length - 1]; const c = document.getElementById('chart-canvas'); \
             HTMLAnchorElement.prototype.click = function () { const img = new Image(); img.onload = () => done([this.getAttribute('download'), this.href.slice(0, 22), img.naturalWidth === c.width && img.naturalHeight === c.height]); img.src = this.href; }; \
             document.getElementById('ctl-png').click();",
            json!([]),
        )
        .unwrap();
    assert_eq!(png, json!(["benchsite-chart.png", "data:image/png;base64,", true]));
    click(&b, "#ctl-reset");
    b.wait_for("return !location.search.includes('q=') && !/[?&]log=1/.test(location.search)", "the reset view in the URL").unwrap();
    assert_eq!(ready(&b), runs_where(None));
    let controls = b.exec("return [document.getElementById('ctl-search').value, document.getElementById('ctl-log').checked]", json!([])).unwrap();
    assert_eq!(controls, json!(["", false]));
}

/// On a phone-sized window no page scrolls sideways: wide tables and code scroll inside
/// their own boxes.
#[test]
fn pages_fit_a_phone_screen() {
    let Some((_g, b)) = browser() else { return };
    b.resize(390, 844).unwrap();
    let width = b.exec("return window.innerWidth", json!([])).unwrap().as_u64().unwrap();
    assert!(width <= 420, "the window did not shrink: {width}");
    for lang in ["en", "zh"] {
        for page in ["", "results/sglang/A100_v0.5.1/", "results/raw/vllm_sweep.log~/", "tuning/", "glossary/", "methodology/", "explore/"] {
            b.goto(&format!("/{lang}/{page}")).unwrap();
            if page == "explore/" {
                ready(&b);
            }
            let wide = b
                .exec(
                    "const w = document.documentElement.clientWidth; \
                     return [document.documentElement.scrollWidth, w, [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest('.table-wrap, pre, .source, details:not([open])')).slice(0, 3).map(e => e.tagName + '.' + e.className)]",
                    json!([]),
                )
                .unwrap();
            assert!(wide[0].as_u64() <= wide[1].as_u64(), "/{lang}/{page} scrolls sideways on a phone: {wide}");
        }
    }
}

/// Text against its background, as WCAG computes it; `[text, ratio, needed, colours]` of
/// every visible text that falls short of 4.5:1 (3:1 for large text).
const LOW_CONTRAST: &str = r#"
const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
const over = (top, base) => [0, 1, 2].map((i) => top[i] * top[3] + base[i] * (1 - top[3]));
const background = (el) => {
  const layers = [];
  for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
  let base = [255, 255, 255];
  for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
  return base;
};
const bad = [];
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('[aria-hidden=true], canvas, script, style, [hidden]')) continue;
  if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
  const r = el.getBoundingClientRect(); if (!r.width || !r.height || !el.getClientRects().length) continue;
  const s = getComputedStyle(el); if (s.visibility === 'hidden' || s.display === 'none') continue;
  const fg = parse(s.color); const bg = background(el);
  const text = over(fg, bg);
  const [a, b] = [lum(text), lum(bg)].sort((x, y) => y - x);
  const ratio = (a + 0.05) / (b + 0.05);
  const size = parseFloat(s.fontSize); const large = size >= 24 || (size >= 18.66 && parseInt(s.fontWeight) >= 700);
  const need = large ? 3 : 4.5;
  if (ratio < need) bad.push([el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ': ' + el.textContent.trim().slice(0, 40), Math.round(ratio * 100) / 100, need, s.color, 'rgb(' + bg.map(Math.round).join(',') + ')']);
}
return bad;
"#;

#[test]
fn text_has_enough_contrast_in_both_themes() {
    let Some((_g, b)) = browser() else { return };
    let mut failures = Vec::new();
    for theme in ["light", "dark"] {
        for page in ["/en/", "/zh/results/sglang/A100_v0.5.1/", "/en/results/vllm/A100_v0.10.1/", "/en/tuning/", "/zh/methodology/", "/en/explore/?v=1&gpu=A100", "/en/404.html"] {
            b.goto(page).unwrap();
            b.exec("localStorage.setItem('benchsite-theme', arguments[0]); document.documentElement.setAttribute('data-theme', arguments[0]); document.querySelectorAll('details').forEach(d => d.open = true);", json!([theme])).unwrap();
            if page.contains("explore") {
                ready(&b);
            }
            let bad = b.exec(LOW_CONTRAST, json!([])).unwrap();
            for item in bad.as_array().unwrap() {
                failures.push(format!("{theme} {page}: {item}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} texts below WCAG AA contrast:\n{}", failures.len(), failures.iter().take(25).cloned().collect::<Vec<_>>().join("\n"));
    // The check itself finds grey on white.
    b.goto("/en/").unwrap();
    b.exec("localStorage.setItem('benchsite-theme', 'light'); document.documentElement.setAttribute('data-theme', 'light'); const p = document.createElement('p'); p.textContent = 'faint'; p.style.color = '#bbbbbb'; p.style.background = '#ffffff'; document.querySelector('main').append(p);", json!([])).unwrap();
    let bad = b.exec(LOW_CONTRAST, json!([])).unwrap();
    assert!(bad.as_array().unwrap().iter().any(|i| i[0] == "p: faint"), "the contrast check missed #bbb on white: {bad}");
}

/// A copy of the built site, changed by `change`, for failure cases.
fn broken_site(change: impl Fn(&std::path::Path)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = site_dir();
    for entry in walkdir::WalkDir::new(&from).into_iter().filter_map(Result::ok) {
        let to = dir.path().join(entry.path().strip_prefix(&from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    change(dir.path());
    dir
}

/// The explorer's modules are built with panics as traps (`cargo xtask wasm`, `LEAN`): a
/// panic in the explorer, here a capacity that overflows (the benchmark's entry point asked
/// for 2³² − 1 rounds), reaches the page as a `WebAssembly.RuntimeError`, and the page says
/// the explorer stopped, in its language. The shipped module holds no panic message.
#[test]
fn a_panic_in_the_explorer_shows_the_error_panel() {
    let Some((_g, b)) = browser() else { return };
    let core = std::fs::read(site_dir().join("assets/viewer/benchsite_viewer_bg.wasm")).unwrap();
    let holds = |needle: &[u8]| core.windows(needle.len()).any(|w| w == needle);
    assert!(!holds(b"capacity overflow") && !holds(b"/rustc/"), "the core module holds panic messages: it was not built lean (`cargo xtask wasm` says why)");
    for (lang, phrase) in [("zh", "对比浏览已停止"), ("en", "The explorer stopped")] {
        b.goto(&format!("/{lang}/explore/?v=1")).unwrap();
        ready(&b);
        b.exec("setTimeout(() => window.benchsiteViewer.benchFilter(4294967295), 0)", json!([])).unwrap();
        let message = b.wait_for("const e = document.getElementById('viewer-error'); return e && !e.hidden && e.textContent", "the error panel").unwrap();
        let message = message.as_str().unwrap();
        assert!(message.contains(phrase) && message.contains("unreachable"), "{lang}: {message}");
    }
}

/// A change made to a copy of the built site.
type Change = Box<dyn Fn(&std::path::Path)>;

/// Unreadable data, data of another schema, missing data or a missing wasm module: the
/// explorer says so in the page's language, and the page's fallback (headline charts and
/// links to every result file) stays.
#[test]
fn when_the_explorer_cannot_start_it_says_why_and_the_table_stays() {
    let Some(_g) = turn() else { return };
    let cases: [(&str, Change, &str); 5] = [
        ("garbled data", Box::new(|s| std::fs::write(s.join("data/explore/index.txt"), "{\"schema\": \"1.0\", \"runs\": [").unwrap()), "not the explorer's data"),
        ("other schema", Box::new(|s| std::fs::write(s.join("data/explore/index.txt"), "benchsite-explore\t9\t00000000\t0\n").unwrap()), "schema 9"),
        ("missing data", Box::new(|s| std::fs::remove_file(s.join("data/explore/index.txt")).unwrap()), "404"),
        ("changed shard", Box::new(|s| std::fs::write(s.join("data/explore/0.txt"), "benchsite-explore-shard\t1\t00000000\t1\n").unwrap()), "reload"),
        ("missing module", Box::new(|s| std::fs::remove_file(s.join("assets/viewer/benchsite_viewer_bg.wasm")).unwrap()), ""),
    ];
    for (what, change, reason) in cases {
        let site = broken_site(change);
        let b = Browser::start(site.path()).expect("Chromium starts");
        for (lang, phrase) in [("zh", "对比浏览无法启动"), ("en", "could not be started")] {
            b.goto(&format!("/{lang}/explore/")).unwrap();
            let message = b.wait_for("const e = document.getElementById('viewer-error'); return e && !e.hidden && e.textContent", &format!("the error panel ({what})")).unwrap();
            let message = message.as_str().unwrap();
            assert!(message.contains(phrase) && message.contains(reason), "{what}, {lang}: {message}");
            let fallback = b.exec("const f = document.getElementById('fallback'); return [!f.hidden, f.querySelectorAll('svg.chart').length > 0, [...f.querySelectorAll('table tbody tr a')].map(a => a.getAttribute('href')).filter(h => h.includes('/results/')).length]", json!([])).unwrap();
            let data: Value = serde_json::from_str(&std::fs::read_to_string(site_dir().join("data/runs.json")).unwrap()).unwrap();
            let files = data["sources"].as_array().unwrap().len();
            assert_eq!(fallback[0], json!(true), "{what}, {lang}: the fallback should stay");
            assert_eq!(fallback[1], json!(true), "{what}, {lang}: headline charts in the fallback");
            assert!(fallback[2].as_u64().unwrap() >= files as u64, "{what}, {lang}: every result file linked: {fallback}");
        }
    }
}

/// Everything the explorer shows for a state: table header and rows, the chart's series
/// (`data-plot`), banner, summary and controls.
fn snapshot(b: &Browser) -> Value {
    b.exec(
        "const text = (sel) => [...document.querySelectorAll(sel)].map(e => e.textContent); \
         return { head: text('#results-live thead th'), rows: [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => [...r.cells].map(c => c.textContent).join('|') + '|' + (r.getAttribute('data-findings') || '')), \
           plot: document.getElementById('chart-canvas').getAttribute('data-plot'), banner: document.getElementById('banner').textContent.replace(/\\s+/g, ' '), \
           summary: document.getElementById('summary').textContent, controls: ['ctl-metric', 'ctl-chart', 'ctl-x', 'ctl-search'].map(id => document.getElementById(id).value).concat([document.getElementById('ctl-log').checked, document.getElementById('ctl-nf').checked]), \
           checked: [...document.querySelectorAll('#facets input:checked')].map(i => i.id) };",
        json!([]),
    )
    .unwrap()
}

/// A live change made in the explorer.
type Step<'a> = &'a dyn Fn(&Browser);

/// Every view reached by live changes equals the view its URL shows in a fresh page:
/// headers, cells, chart series, banner, summary and controls, in both languages.
#[test]
fn a_view_reached_by_clicks_equals_its_link_opened_fresh() {
    let Some((_g, b)) = browser() else { return };
    for lang in ["en", "zh"] {
        b.goto(&format!("/{lang}/explore/?v=1")).unwrap();
        ready(&b);
        let steps: [(&str, Step); 9] = [
            ("metric", &|b| select(b, "ctl-metric", "ttft.p99")),
            ("sort", &|b| click(b, "button.sort[data-sort='out_tps']")),
            ("chart", &|b| select(b, "ctl-chart", "tradeoff")),
            ("x metric", &|b| select(b, "ctl-x", "ttft.mean")),
            ("filter", &|b| click(b, "#facets [data-dim=fw] input[data-value=vllm]")),
            ("second filter", &|b| click(b, "#facets [data-dim=fw] input[data-value=lmdeploy]")),
            ("search", &|b| b.send_keys("#ctl-search", "qwen3").unwrap()),
            ("log", &|b| click(b, "#ctl-log")),
            ("bars without flagged runs", &|b| {
                select(b, "ctl-chart", "bars");
                click(b, "#ctl-nf");
            }),
        ];
        let mut seen = Vec::new();
        for (what, step) in steps {
            step(&b);
            // (The trade-off chart loads the full module, which draws the view once loaded.)
            ready(&b);
            let url = b.url().unwrap();
            seen.push((what, url.trim_start_matches(&b.site).to_string(), snapshot(&b)));
        }
        // The metric column header follows the metric (the old bug kept the first header).
        let head = seen[0].2["head"].as_array().unwrap().iter().map(|h| h.as_str().unwrap().to_string()).collect::<Vec<_>>();
        assert!(head[FIRST_METRIC].contains("P99") && head[FIRST_METRIC].contains("TTFT"), "{lang}: {head:?}");
        for (what, path, live) in seen {
            b.goto(&path).unwrap();
            ready(&b);
            assert_eq!(snapshot(&b), live, "{lang}: after '{what}', {path} opened fresh differs from the live view");
        }
    }
}

/// LMDeploy's gpt-oss-120b runs were served as gpt-oss-20b: the explorer marks them in the
/// table, the chart and the tooltip, and can hide them.
#[test]
fn flagged_runs_are_marked_in_table_chart_and_tooltip() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1&model=openai/gpt-oss-120b&fw=lmdeploy").unwrap();
    let n = ready(&b);
    assert!(n >= 4, "{n} rows");
    let marks = b.exec("return [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => [r.getAttribute('data-findings'), r.querySelector('.flag').getAttribute('title')])", json!([])).unwrap();
    for m in marks.as_array().unwrap() {
        assert!(m[0].as_str().is_some_and(|c| c.parse::<u32>().unwrap() >= 1), "a row without data-findings: {marks}");
        assert!(m[1].as_str().unwrap().contains("Served model differs from the measured one"), "{marks}");
    }
    let plot = b.exec("return document.getElementById('chart-canvas').getAttribute('data-plot')", json!([])).unwrap();
    assert!(plot.as_str().unwrap().lines().all(|l| l.ends_with("|flagged")), "bars not marked: {plot}");
    let (_, _, text, _) = find_tooltip(&b);
    let titles = b.exec("return [...document.querySelectorAll('#chart-tip .tip-findings a')].map(a => [a.textContent, a.getAttribute('href')])", json!([])).unwrap();
    let first = &titles[0];
    assert_eq!(first[0], json!("Served model differs from the measured one"), "{titles}");
    assert!(first[1].as_str().unwrap().starts_with("/en/results/lmdeploy/H800_v0.10.0/#finding-model-mismatch-L"), "{titles} in {text}");
    // The link's target exists on the result page.
    let href = first[1].as_str().unwrap().to_string();
    b.goto(&href).unwrap();
    let anchor = href.rsplit('#').next().unwrap().to_string();
    assert_eq!(b.exec("return document.getElementById(arguments[0]) !== null", json!([anchor])).unwrap(), json!(true), "{href}");
    // Hidden with one control, which the link keeps.
    b.goto("/en/explore/?v=1&model=openai/gpt-oss-120b").unwrap();
    let all = ready(&b);
    click(&b, "#ctl-nf");
    b.wait_for("return /[?&]nf=1/.test(location.search)", "nf=1 in the URL").unwrap();
    let clean = b.exec("return document.querySelectorAll('#results-body tr:not(.spacer)').length", json!([])).unwrap().as_u64().unwrap();
    assert!(clean < all && clean > 0, "{clean} of {all}");
    assert_eq!(b.exec("return document.querySelectorAll('#results-body tr[data-findings]').length", json!([])).unwrap(), json!(0));
}

/// The colour under the first bar or point whose tooltip starts with `series`.
fn color_of(b: &Browser, series: &str) -> Value {
    b.exec(
        "const c = document.getElementById('chart-canvas'); const r = c.getBoundingClientRect(); const tip = document.getElementById('chart-tip'); \
         const ctx = c.getContext('2d'); \
         for (let y = r.top + 4; y < r.bottom; y += 4) { for (let x = r.left + 4; x < r.right; x += 4) { \
           c.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true })); \
           const s = tip.querySelector('strong'); \
           if (!tip.hidden && s && s.textContent.startsWith(arguments[0]) && tip.querySelector('a')) { \
             const px = ctx.getImageData(Math.round((x - r.left) * c.width / r.width), Math.round((y - r.top) * c.height / r.height), 1, 1).data; return [px[0], px[1], px[2]]; } } } \
         return null;",
        json!([series]),
    )
    .unwrap()
}

/// A framework keeps its colour whatever the sort and the filters.
#[test]
fn a_framework_keeps_its_colour_across_sorts_and_filters() {
    let Some((_g, b)) = browser() else { return };
    let mut colours = Vec::new();
    for query in ["?v=1&gpu=A100&scen=random%201024/1024", "?v=1&gpu=A100&scen=random%201024/1024&s=out_tps&o=asc", "?v=1&gpu=A100&scen=random%201024/1024&fw=vllm", "?v=1&gpu=A100&fw=vllm,sglang&s=model&o=desc"] {
        b.goto(&format!("/en/explore/{query}")).unwrap();
        ready(&b);
        let c = color_of(&b, "vLLM 0.10.1");
        assert!(!c.is_null(), "no vLLM bar in {query}");
        colours.push(c);
    }
    assert!(colours.windows(2).all(|w| w[0] == w[1]), "{colours:?}");
    assert_eq!(colours[0], json!([230, 159, 0]), "vLLM's hue");
}

/// With no parameters the explorer opens on a comparison across frameworks on one GPU,
/// with a summary line and the chart on the first screen; on a phone the chart comes
/// before the filters.
#[test]
fn the_first_view_compares_frameworks_on_one_gpu_on_the_first_screen() {
    let Some((_g, b)) = browser() else { return };
    b.resize(1280, 900).unwrap();
    for lang in ["en", "zh"] {
        b.goto(&format!("/{lang}/explore/")).unwrap();
        ready(&b);
        let first = b
            .exec(
                "const c = document.getElementById('chart-canvas').getBoundingClientRect(); \
                 return [c.top, innerHeight, document.getElementById('summary').textContent, location.search, [...document.querySelectorAll('#facets [data-dim=fw] input:checked')].length, [...document.querySelectorAll('#facets [data-dim=gpu] input:checked')].map(i => i.dataset.value), new Set([...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => r.cells[1].textContent)).size]",
                json!([]),
            )
            .unwrap();
        assert!(first[0].as_f64().unwrap() < 900.0 - 200.0, "{lang}: the chart starts at {} px", first[0]);
        assert!(!first[2].as_str().unwrap().is_empty(), "{lang}: no summary line");
        assert!(first[3].as_str().unwrap().contains("gpu="), "{lang}: the first view is not in the URL: {}", first[3]);
        assert_eq!(first[5].as_array().unwrap().len(), 1, "{lang}: one GPU: {first}");
        assert!(first[6].as_u64().unwrap() >= 2, "{lang}: fewer than two frameworks compared: {first}");
        // No comparability warning: the runs differ only in the engine.
        assert_eq!(b.exec("return document.getElementById('comparability')", json!([])).unwrap(), Value::Null, "{lang}");
    }
    b.resize(390, 844).unwrap();
    b.goto("/en/explore/").unwrap();
    ready(&b);
    let order = b.exec("return [document.getElementById('chart-canvas').getBoundingClientRect().top, document.getElementById('filters-panel').getBoundingClientRect().top, document.getElementById('filters-panel').open]", json!([])).unwrap();
    assert!(order[0].as_f64() < order[1].as_f64(), "on a phone the chart should come before the filters: {order}");
    assert_eq!(order[2], json!(false), "on a phone the filters start folded");
}

/// The comparability banner names load: a run capped at a concurrency beside runs that are
/// not, or different request rates.
#[test]
fn the_banner_names_every_difference_load_included() {
    let Some((_g, b)) = browser() else { return };
    let runs = site_runs();
    let concs: std::collections::BTreeSet<String> = runs.iter().map(|r| r["scenario"]["max_concurrency"].to_string()).collect();
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    let dims = b.exec("return [...document.querySelectorAll('#comparability li')].map(l => [l.dataset.dim, l.textContent])", json!([])).unwrap();
    let keys: Vec<&str> = dims.as_array().unwrap().iter().map(|d| d[0].as_str().unwrap()).collect();
    for k in ["gpu", "fam", "scen", "n"] {
        assert!(keys.contains(&k), "{k} not named: {dims}");
    }
    assert_eq!(keys.contains(&"conc"), concs.len() > 1, "{dims}");
    assert!(!dims.to_string().contains(": ?") && !dims.to_string().contains(", ?"), "an unknown reads as ?: {dims}");
}

/// Chinese pages of the explorer name every metric in Chinese.
#[test]
fn chinese_explorer_has_no_english_metric_words() {
    let Some((_g, b)) = browser() else { return };
    for query in ["?v=1", "?v=1&c=tradeoff&m=ttft.mean", "?v=1&m=e2e.median"] {
        b.goto(&format!("/zh/explore/{query}")).unwrap();
        ready(&b);
        let english = b
            .exec(
                "const words = /\\b(mean|median|std|throughput|latency|output|input|total|requests|interactivity|per GPU|tokens\\/s|Prompts|Workload|Framework)\\b/i; \
                 const texts = [...document.querySelectorAll('#controls, #filters, #results-live thead, #summary, #banner')].map(e => e.innerText); \
                 texts.push(...[...document.querySelectorAll('#ctl-metric option, #ctl-x option')].map(o => o.textContent)); \
                 return texts.flatMap(t => t.split('\\n')).filter(t => words.test(t)).slice(0, 5);",
                json!([]),
            )
            .unwrap();
        assert_eq!(english, json!([]), "{query}");
    }
}

/// A Serving Benchmark Result block with one output throughput, for dropped files.
fn dropped_block(out_tps: f64) -> String {
    format!("============ Serving Benchmark Result ============\nSuccessful requests: 4\nBenchmark duration (s): 2.00\nRequest throughput (req/s): 2.00\nOutput token throughput (tok/s): {out_tps}\n---------------Time to First Token----------------\nMean TTFT (ms): 10.5\n==================================================\n")
}

/// After the parser traps (as it did on a 70 MB log), the next file still parses: the
/// explorer starts a fresh parser instead of reusing the broken one.
#[test]
fn parser_recovers_after_a_trap() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    let parse = |b: &Browser, name: &str| {
        b.exec_async("const done = arguments[arguments.length - 1]; window.benchsiteParse(arguments[0], arguments[1]).then(j => done(Number(j.split('\\n')[1].split('\\t')[3])), e => done('error: ' + e.message));", json!([name, dropped_block(321.5)])).unwrap()
    };
    assert_eq!(parse(&b, "a.log"), json!(1));
    let trapped = b.exec_async("const done = arguments[arguments.length - 1]; window.benchsiteTrapParser().then(() => done('no trap'), e => done(String(e.message)));", json!([])).unwrap();
    assert!(trapped.as_str().unwrap().to_lowercase().contains("unreachable"), "{trapped}");
    assert_eq!(parse(&b, "b.log"), json!(1), "the parser did not recover after a trap");
    // Through the page: the file input still adds runs.
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("after-trap.log");
    std::fs::write(&log, dropped_block(77.0)).unwrap();
    b.send_keys("#ctl-file", log.to_str().unwrap()).unwrap();
    b.wait_for("return document.querySelectorAll('#results-body tr.local').length", "the local run").unwrap();
}

/// A file name is shown as it is (`x{runs}.log` is not filled in), a parse can be cancelled,
/// and a link with hundreds of unknown keys lists ten notices and counts the rest.
#[test]
fn local_file_names_stay_as_written_parses_cancel_and_notices_are_capped() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1").unwrap();
    ready(&b);
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("x{runs}{file}.log");
    std::fs::write(&log, dropped_block(12.0)).unwrap();
    b.send_keys("#ctl-file", log.to_str().unwrap()).unwrap();
    let notices = b.wait_for("const n = document.getElementById('notices'); return n && n.textContent.includes('runs added') && n.textContent", "the notice").unwrap();
    assert!(notices.as_str().unwrap().contains("x{runs}{file}.log: 1 runs added"), "{notices}");
    // Cancel: a parse in flight comes back cancelled and adds nothing.
    let rows = ready(&b);
    let cancelled = b
        .exec_async(
            "const done = arguments[arguments.length - 1]; const p = window.benchsiteParse('big.log', arguments[0]); window.benchsiteCancelParse(); p.then(() => done('parsed'), e => done(e.message));",
            json!([dropped_block(1.0).repeat(2000)]),
        )
        .unwrap();
    assert_eq!(cancelled, json!("cancelled"));
    assert_eq!(ready(&b), rows);
    // 700 unknown keys: a link under the preview server's 8 KiB request line.
    let query: String = (0..700).map(|i| format!("&z{i}")).collect();
    b.goto(&format!("/en/explore/?v=1{query}")).unwrap();
    ready(&b);
    let items = b.exec("return [document.querySelectorAll('#notices li').length, document.querySelector('#notices li.more') && document.querySelector('#notices li.more').textContent]", json!([])).unwrap();
    assert_eq!(items, json!([11, "and 690 more"]), "{items}");
}

/// Sets an input's value as a reader's typing would and fires `change`.
fn set_input(b: &Browser, css: &str, value: &str) {
    b.exec(
        "const i = document.querySelector(arguments[0]); if (!i) throw new Error('no ' + arguments[0]); i.value = arguments[1]; i.dispatchEvent(new Event('change', { bubbles: true }));",
        json!([css, value]),
    )
    .unwrap();
}

/// The compare view as a reader sees it: the general snapshot, its controls, the price
/// inputs and every text of the compare panel.
fn compare_snapshot(b: &Browser) -> Value {
    let mut s = snapshot(b);
    s["compare"] = b
        .exec(
            "const v = (id) => { const e = document.getElementById(id); return e ? e.value : null; }; \
             return { controls: ['ctl-vs', 'ctl-b', 'ctl-k', 'ctl-up', 'ctl-down'].map(v), prices: [...document.querySelectorAll('#cost-inputs input')].map(i => i.value), \
               notes: document.getElementById('cost-notes').textContent, hidden: document.getElementById('compare').hidden, \
               text: [...document.querySelectorAll('#compare-results *')].filter(e => e.children.length === 0).map(e => e.textContent + (e.getAttribute('href') || '')) };",
            json!([]),
        )
        .unwrap();
    s
}

/// The wasm modules the page has loaded, by path.
fn wasm_loaded(b: &Browser) -> Value {
    b.exec("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.endsWith('.wasm')).sort()", json!([])).unwrap()
}

/// A first visit loads the core module alone. A panel it has not — the compare view chosen
/// in the controls, a run's panel named by a link opened fresh — loads the full module,
/// which takes the page over with the same view: the filters, the chart, the notices.
#[test]
fn the_first_view_loads_the_core_module_alone_and_a_panel_loads_the_full_one() {
    let Some((_g, b)) = browser() else { return };
    let (core, full) = ("/assets/viewer/benchsite_viewer_bg.wasm", "/assets/viewer/full/benchsite_viewer_full_bg.wasm");
    b.goto("/en/explore/?v=1&gpu=H800&fw=nosuch").unwrap();
    ready(&b);
    assert_eq!(wasm_loaded(&b), json!([core]));
    select(&b, "ctl-chart", "compare");
    b.wait_for("const r = document.getElementById('compare-results'); return r && !document.getElementById('compare').hidden && r.textContent.length", "the compare view").unwrap();
    ready(&b);
    assert_eq!(wasm_loaded(&b), json!([core, full]));
    let view = b.exec("return [document.getElementById('ctl-chart').value, document.querySelector('#facets [data-dim=gpu] input[data-value=H800]').checked, document.getElementById('notices').textContent, location.search.includes('c=compare')]", json!([])).unwrap();
    assert_eq!(view.as_array().unwrap()[..2], [json!("compare"), json!(true)], "{view}");
    assert!(view[2].as_str().unwrap().contains("fw=nosuch") && view[3] == json!(true), "{view}");
    let id = site_runs().iter().find(|r| r["params"]["effective"].as_array().is_some_and(|e| !e.is_empty())).expect("a run with effective parameters")["id"].as_str().unwrap().to_string();
    b.goto("/en/").unwrap();
    b.goto(&format!("/en/explore/?v=1&sel={}", urlencode(&id))).unwrap();
    ready(&b);
    b.wait_for("return document.querySelectorAll('#selected-effective tr').length", "the run's effective parameters").unwrap();
    assert_eq!(wasm_loaded(&b), json!([core, full]));
}

/// The explorer's UI-string keys of `lang`: those its page carries and those the full
/// module fetches (`<lang>/explore/strings.json`).
fn explorer_keys(lang: &str) -> Vec<String> {
    let page = std::fs::read_to_string(site_dir().join(format!("{lang}/explore/index.html"))).unwrap();
    let inline = page.split("id=\"viewer-strings\">").nth(1).and_then(|t| t.split("</script>").next()).expect("the explore page carries its strings");
    let later = std::fs::read_to_string(site_dir().join(format!("{lang}/explore/strings.json"))).expect("the site has the full module's strings");
    let mut keys = Vec::new();
    for json in [inline, later.as_str()] {
        let map: serde_json::Map<String, Value> = serde_json::from_str(json).unwrap();
        keys.extend(map.keys().cloned());
    }
    keys
}

/// The catalog keys of `keys` that the explorer shows as text or in an attribute, with
/// the folds `folds` (CSS) open, as they are built when opened.
fn keys_on_screen(b: &Browser, keys: &[String], folds: &str) -> Value {
    b.exec("document.querySelectorAll(arguments[0]).forEach(d => { d.open = true; });", json!([folds])).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.exec(
        "const seen = []; \
         for (const e of document.querySelectorAll('#viewer *, #results *')) { \
           if (e.closest('script')) continue; \
           for (const n of e.childNodes) if (n.nodeType === 3) seen.push(n.textContent); \
           for (const a of e.attributes) seen.push(a.value); } \
         const text = seen.join('\\n'); return arguments[0].filter(k => text.includes(k));",
        json!([keys]),
    )
    .unwrap()
}

/// No catalog key shows in place of its text, in either module and either language: the
/// core module's strings are in the page (`viewer_strings`), the full module's come with it.
#[test]
fn the_explorer_shows_no_catalog_key_in_either_module() {
    let Some((_g, b)) = browser() else { return };
    let (core, full) = ("/assets/viewer/benchsite_viewer_bg.wasm", "/assets/viewer/full/benchsite_viewer_full_bg.wasm");
    let id = site_runs().iter().find(|r| r["params"]["effective"].as_array().is_some_and(|e| !e.is_empty())).expect("a run with effective parameters")["id"].as_str().unwrap().to_string();
    for lang in ["en", "zh"] {
        let keys = explorer_keys(lang);
        assert!(keys.len() > 100, "{lang}: only {} keys", keys.len());
        for query in ["?v=1&fw=nosuch", "?v=1&gpu=H800,A100&nf=0"] {
            b.goto(&format!("/{lang}/explore/{query}")).unwrap();
            ready(&b);
            find_tooltip(&b);
            // The facets' folds (the tuning list's would load the full module).
            assert_eq!(keys_on_screen(&b, &keys, "#filters details"), json!([]), "{lang}{query}, core module");
            assert_eq!(wasm_loaded(&b), json!([core]), "{lang}{query}");
        }
        let views = [
            "?v=1&c=compare&gpu=H800&vs=ver&b=lmdeploy%200.9.2&k=lmdeploy%200.10.0&price=H800:2.5,A100:x&up=1.5&fw=nosuch".to_string(),
            format!("?v=1&c=tradeoff&sel={}", urlencode(&id)),
            "?v=1&c=sweep&src=vllm/A100_v0.10.1.md&price=H800:2.5".to_string(),
        ];
        for query in views {
            b.goto(&format!("/{lang}/explore/{query}")).unwrap();
            ready(&b);
            b.wait_for("return document.getElementById('explorer') && !document.getElementById('viewer').hasAttribute('data-loading')", "the full module").unwrap();
            if query.contains("sel=") {
                b.wait_for("return document.querySelectorAll('#selected-effective tr').length", "the run's effective parameters").unwrap();
            }
            if query.contains("c=compare") {
                b.wait_for("return document.getElementById('compare-title') || document.querySelector('#compare-results p')", "the compare view").unwrap();
            }
            if query.contains("c=tradeoff") {
                find_tooltip(&b);
            }
            assert_eq!(keys_on_screen(&b, &keys, "#viewer details"), json!([]), "{lang}{query}, full module");
            assert_eq!(wasm_loaded(&b), json!([core, full]), "{lang}{query}");
        }
    }
}

/// The compare view reached by choosing it and changing its controls equals each step's
/// link opened fresh, in both languages.
#[test]
fn the_compare_view_reached_by_clicks_equals_its_link_opened_fresh() {
    let Some((_g, b)) = browser() else { return };
    for lang in ["en", "zh"] {
        b.goto(&format!("/{lang}/explore/?v=1&fw=lmdeploy&gpu=H800")).unwrap();
        ready(&b);
        let steps: [(&str, Step); 6] = [
            ("compare", &|b| select(b, "ctl-chart", "compare")),
            ("threshold", &|b| set_input(b, "#ctl-up", "1.5")),
            ("swap", &|b| click(b, "#ctl-swap")),
            ("swap back", &|b| click(b, "#ctl-swap")),
            ("price", &|b| set_input(b, "#cost-inputs input[data-gpu=H800]", "2.5")),
            ("along GPUs", &|b| select(b, "ctl-vs", "gpu")),
        ];
        let mut seen = Vec::new();
        for (what, step) in steps {
            step(&b);
            b.wait_for("return document.getElementById('compare-title') || document.querySelector('#compare-results p')", "the compare view").unwrap();
            let url = b.url().unwrap();
            seen.push((what, url.trim_start_matches(&b.site).to_string(), compare_snapshot(&b)));
        }
        // Choosing the compare view takes the versions in order, the older as the base.
        assert!(seen[0].1.contains("c=compare&vs=ver&b=lmdeploy%200.9.2&k=lmdeploy%200.10.0"), "{lang}: {}", seen[0].1);
        assert!(seen[1].1.contains("up=1.5"), "{}", seen[1].1);
        assert!(seen[4].1.contains("price=H800:2.5"), "{}", seen[4].1);
        assert!(seen[5].1.contains("vs=gpu&b=A100&k=H800"), "{}", seen[5].1);
        assert_eq!(seen[0].2["compare"]["hidden"], json!(false));
        for (what, path, live) in seen {
            assert!(path.len() < 8 * 1024, "{path}");
            b.goto(&path).unwrap();
            ready(&b);
            b.wait_for("return document.getElementById('compare-title') || document.querySelector('#compare-results p')", "the compare view").unwrap();
            assert_eq!(compare_snapshot(&b), live, "{lang}: after '{what}', {path} opened fresh differs from the live view");
        }
        // The way back from the compare view sits among its own controls (on a phone the
        // chart menu is below the results): it shows the charts again, the filters kept.
        click(&b, "#ctl-leave-compare");
        b.wait_for("return document.getElementById('compare').hidden", "the compare view to close").unwrap();
        let url = b.url().unwrap();
        assert!(!url.contains("c=compare") && url.contains("fw=lmdeploy") && url.contains("gpu=H800"), "{lang}: {url}");
    }
}

/// The rows of one pair's verdict table: metric key → [base, candidate, ratio, verdict].
fn pair_rows(b: &Browser, pair_heading: &str) -> Value {
    b.exec(
        "const s = [...document.querySelectorAll('#compare-results section.cmp-pair')].find(s => s.querySelector('h4').textContent === arguments[0]); \
         if (!s) return [...document.querySelectorAll('#compare-results section.cmp-pair h4')].map(h => h.textContent); \
         return Object.fromEntries([...s.querySelectorAll('tbody tr')].map(r => [r.getAttribute('data-metric'), [...r.cells].slice(1).map(c => c.textContent)]));",
        json!([pair_heading]),
    )
    .unwrap()
}

/// LMDeploy 0.9.2 → 0.10.0 on H800, reached from the static compare page and by its
/// versions: Qwen3-8B on sharegpt got slower per token (TPOT P99 112.24 → 177.56 ms, 1.58×,
/// a regression), and the gpt-oss runs, which have no counterpart, are listed.
#[test]
fn lmdeploy_0_9_2_to_0_10_0_on_h800_shows_the_tpot_regression_and_lists_unmatched_runs() {
    let Some((_g, b)) = browser() else { return };
    for lang in ["en", "zh"] {
        b.goto(&format!("/{lang}/compare/lmdeploy/H800_v0.9.2--H800_v0.10.0/")).unwrap();
        let href = b.exec("const a = document.querySelector('a[href*=\"c=compare\"]'); return a ? a.getAttribute('href') : null", json!([])).unwrap();
        let href = href.as_str().unwrap_or_else(|| panic!("{lang}: the static page has no link to the compare view")).to_string();
        assert!(href.starts_with(&format!("/{lang}/explore/?v=1&c=compare&vs=src&b=lmdeploy/H800_v0.9.2.md&k=lmdeploy/H800_v0.10.0.md")), "{href}");
        for path in [href, format!("/{lang}/explore/?v=1&c=compare&gpu=H800&vs=ver&b=lmdeploy%200.9.2&k=lmdeploy%200.10.0")] {
            b.goto(&path).unwrap();
            ready(&b);
            b.wait_for("return document.getElementById('compare-title')", "the compare view").unwrap();
            let headings = b.exec("return [...document.querySelectorAll('#compare-results section.cmp-pair h4')].map(h => h.textContent)", json!([])).unwrap();
            let heading = headings.as_array().unwrap().iter().map(|h| h.as_str().unwrap()).find(|h| h.starts_with("Qwen3-8B · sharegpt")).unwrap_or_else(|| panic!("{path}: no Qwen3-8B sharegpt pair in {headings}")).to_string();
            let rows = pair_rows(&b, &heading);
            let regression = if lang == "en" { "Regression" } else { "退化" };
            assert_eq!(rows["tpot.p99"], json!(["112.24 ms", "177.56 ms", "1.58×", regression]), "{path}: {rows}");
            let notable = b.exec("return document.getElementById('compare-notable').textContent", json!([])).unwrap();
            assert!(notable.as_str().unwrap().contains("Qwen3-8B · sharegpt"), "{notable}");
            let unmatched = b.exec("return [...document.querySelectorAll('#compare-unmatched li')].map(l => l.textContent)", json!([])).unwrap();
            let unmatched: Vec<&str> = unmatched.as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
            assert!(!unmatched.is_empty() && unmatched.iter().any(|u| u.starts_with("gpt-oss")), "{path}: {unmatched:?}");
            let rule = b.exec("return document.querySelector('#compare-results p').textContent", json!([])).unwrap();
            assert!(rule.as_str().unwrap().contains("1.2×") && rule.as_str().unwrap().contains("0.8×"), "{rule}");
            assert!(path.len() < 8 * 1024);
        }
    }
}

/// Numbers of a table column found by its header.
fn column(b: &Browser, header: &str) -> Vec<f64> {
    let v = b
        .exec(
            "const heads = [...document.querySelectorAll('#results-live thead th')].map(h => h.textContent); const c = heads.indexOf(arguments[0]); \
             if (c < 0) throw new Error('no column ' + arguments[0] + ' in ' + heads); \
             return [...document.querySelectorAll('#results-body tr:not(.spacer)')].map(r => r.cells[c].textContent.split(' ')[0].replace(/,/g, ''));",
            json!([header]),
        )
        .unwrap();
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().parse::<f64>().unwrap_or(f64::NAN)).collect()
}

/// Whatever the page shows outside the price panel holds no NaN, Infinity or undefined.
fn no_nan_on_screen(b: &Browser) {
    let text = b
        .exec(
            "const c = document.body.cloneNode(true); c.querySelectorAll('#cost, script').forEach(e => e.remove()); \
             return c.textContent + document.getElementById('chart-canvas').getAttribute('data-plot');",
            json!([]),
        )
        .unwrap();
    let text = text.as_str().unwrap();
    for bad in ["NaN", "Infinity", "undefined", "inf×"] {
        assert!(!text.contains(bad), "{bad} on screen: …{}…", &text[text.find(bad).unwrap().saturating_sub(80)..]);
    }
}

/// A typed price gives the formula's cost for every run on that GPU (and none elsewhere),
/// survives the link, and hostile prices give a notice naming each and no NaN anywhere.
#[test]
fn cost_per_million_tokens_follows_the_formula_and_refuses_hostile_prices() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1&gpu=H800,A100").unwrap();
    ready(&b);
    let formula = b.exec("return document.getElementById('cost-formula').textContent", json!([])).unwrap();
    assert!(formula.as_str().unwrap().contains("price per GPU-hour × GPUs ÷ (tokens/s × 3600) × 1,000,000"), "{formula}");
    click(&b, "#cost > summary");
    // The inputs are the full module's, which the opened panel loads.
    b.wait_for("return document.querySelector('#cost[open] #cost-inputs input[data-gpu=H800]') !== null", "the price inputs").unwrap();
    set_input(&b, "#cost-inputs input[data-gpu=H800]", "2.5");
    b.wait_for("return location.search.includes('price=H800:2.5')", "the price in the URL").unwrap();
    select(&b, "ctl-metric", "cost_out");
    b.wait_for("return location.search.includes('m=cost_out')", "the metric in the URL").unwrap();
    let check = |b: &Browser| {
        let (cost, out, gpus, gpu) = (column(b, "Cost per million output tokens"), column(b, "Output tokens/s"), column(b, "GPUs"), rows_text(b, 3));
        let mut priced = 0;
        for k in 0..cost.len() {
            if gpu[k] == "H800" && out[k].is_finite() && gpus[k].is_finite() {
                let want = 2.5 * gpus[k] / (out[k] * 3600.0) * 1e6;
                assert!((cost[k] - want).abs() / want < 0.006, "row {k}: {} for {want}", cost[k]);
                priced += 1;
            } else {
                assert!(cost[k].is_nan(), "row {k} ({}) has a cost without a price", gpu[k]);
            }
        }
        assert!(priced > 5, "{priced} runs priced");
        cost
    };
    let live = check(&b);
    let url = b.url().unwrap();
    b.goto(url.trim_start_matches(&b.site)).unwrap();
    ready(&b);
    assert_eq!(check(&b).iter().map(|c| c.to_string()).collect::<Vec<_>>(), live.iter().map(|c| c.to_string()).collect::<Vec<_>>(), "the link gives the same costs");
    assert_eq!(b.exec("return document.querySelector('#cost-inputs input[data-gpu=H800]').value", json!([])).unwrap(), json!("2.5"));
    no_nan_on_screen(&b);
    for lang in ["en", "zh"] {
        let hostile = "H800:abc,A100:-1,H20:1e400,L40S:NaN,junk";
        b.goto(&format!("/{lang}/explore/?v=1&m=cost_out&c=bars&price={hostile}")).unwrap();
        ready(&b);
        let notes = b.exec("return [...document.querySelectorAll('#cost-notes li.warn')].map(l => l.textContent)", json!([])).unwrap();
        let notes: Vec<&str> = notes.as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
        assert_eq!(notes.len(), 5, "{lang}: {notes:?}");
        for (note, value) in notes.iter().zip(["“abc”", "“-1”", "“1e400”", "“NaN”", "“junk”"]) {
            assert!(note.contains(value), "{lang}: {note} does not name {value}");
        }
        assert_eq!(b.exec("return document.getElementById('cost').open", json!([])).unwrap(), json!(true), "the panel opens on its notices");
        no_nan_on_screen(&b);
        // Compare view with the hostile prices: no cost verdicts, still no NaN.
        b.goto(&format!("/{lang}/explore/?v=1&c=compare&gpu=H800&vs=ver&b=lmdeploy%200.9.2&k=lmdeploy%200.10.0&price={hostile}&up=0.5")).unwrap();
        ready(&b);
        b.wait_for("return document.getElementById('thresholds-refused')", "the refused thresholds notice").unwrap();
        no_nan_on_screen(&b);
    }
}

/// The selected run shows its effective parameters, with ≈ on a default a formula computed
/// from a nominal GPU memory, and its KV-cache estimate with the equivalents and assumptions.
#[test]
fn the_selected_run_shows_its_effective_parameters_and_kv_estimate() {
    let Some((_g, b)) = browser() else { return };
    let runs = site_runs();
    let with_kv = runs.iter().find(|r| !r["params"]["kv_memory"].is_null()).expect("a run with a KV estimate");
    let id = with_kv["id"].as_str().unwrap();
    for lang in ["en", "zh"] {
        b.goto(&format!("/{lang}/explore/?v=1&sel={}", urlencode(id))).unwrap();
        ready(&b);
        let kv = b.wait_for("const k = document.getElementById('selected-kv'); return k && k.textContent", "the KV estimate").unwrap();
        let kv = kv.as_str().unwrap();
        let flag = with_kv["params"]["kv_memory"]["flag"].as_str().unwrap();
        assert!(kv.contains(flag), "{lang}: {kv}");
        let (title, assumes) = if lang == "en" { ("KV cache estimate", "It assumes") } else { ("KV cache 估算", "假设") };
        assert!(kv.contains(title) && kv.contains(assumes) && kv.contains("GiB"), "{lang}: {kv}");
        let params = b.exec("return [...document.querySelectorAll('#selected-effective tr')].map(r => r.textContent)", json!([])).unwrap();
        assert_eq!(params.as_array().unwrap().len(), with_kv["params"]["effective"].as_array().unwrap().len(), "{params}");
    }
    // An SGLang default computed from the GPU's memory is marked approximate where that
    // memory is nominal.
    let approx = runs.iter().find(|r| r["framework"] == json!("sglang") && r["params"]["effective"].as_array().is_some_and(|e| e.iter().any(|e| e["flag"] == json!("--mem-fraction-static") && e["origin"] == json!("default"))));
    let r = approx.expect("an SGLang run with a default --mem-fraction-static");
    b.goto(&format!("/en/explore/?v=1&sel={}", urlencode(r["id"].as_str().unwrap()))).unwrap();
    ready(&b);
    let marks = b.wait_for("const m = [...document.querySelectorAll('#selected-effective code[data-approx]')].map(c => c.textContent + '|' + c.title); return m.length && m", "the approximate values (once the catalog is read)").unwrap();
    let marks: Vec<&str> = marks.as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(marks.iter().any(|m| m.starts_with('≈') && m.contains("nominal memory")), "{marks:?}");
}

/// The site's explorer data rewritten in shards of at most `runs` runs (whole files).
fn sharded_site(runs: usize) -> tempfile::TempDir {
    broken_site(move |s| {
        let data: benchsite_model::RunsFile = serde_json::from_str(&std::fs::read_to_string(s.join("data/runs.json")).unwrap()).unwrap();
        std::fs::remove_dir_all(s.join("data/explore")).unwrap();
        benchsite::build::write_explore(s, &data, &benchsite_viewer::store::Store::new(&data.runs, Vec::new()), runs).unwrap();
    })
}

/// Shards fetched so far by the page.
fn shards_fetched(b: &Browser) -> u64 {
    b.exec("return performance.getEntriesByType('resource').filter(e => /data\\/explore\\/[0-9]+\\.txt$/.test(e.name)).length", json!([])).unwrap().as_u64().unwrap()
}

/// The explorer data in shards of a few runs: the first chart reads only the shards it
/// shows, and every view (first view, filters across shards, search, a sort, the compare
/// view, a selected run) shows the same rows, chart, banner and facet counts as the
/// unsharded data, whether reached by clicks or opened from its link.
#[test]
fn a_view_spanning_several_shards_shows_the_same_rows_as_the_unsharded_data() {
    let Some(_g) = turn() else { return };
    let sharded = sharded_site(12);
    let shards = std::fs::read_dir(sharded.path().join("data/explore")).unwrap().filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".params.txt")).count();
    assert!(shards > 5, "{shards} shards");
    let facets = "return [...document.querySelectorAll('#facets label')].map(l => l.textContent).join('|')";
    let views = [
        "/en/explore/",
        "/en/explore/?v=1&fw=lmdeploy,vllm",
        "/en/explore/?v=1&gpu=H800&s=-ttft.p99&m=ttft.p99",
        "/en/explore/?v=1&q=qwen3&c=tradeoff",
        "/en/explore/?v=1&fw=lmdeploy&gpu=H800&c=compare&vs=ver&b=lmdeploy%200.9.2&k=lmdeploy%200.10.0",
        "/zh/explore/?v=1&nf=1",
    ];
    let mut want = Vec::new();
    {
        let b = Browser::start(&site_dir()).expect("Chromium starts");
        for v in views {
            b.goto(v).unwrap();
            ready(&b);
            want.push((compare_snapshot(&b), b.exec(facets, json!([])).unwrap()));
        }
    }
    let b = Browser::start(sharded.path()).expect("Chromium starts");
    b.goto("/en/explore/").unwrap();
    ready(&b);
    let first = shards_fetched(&b);
    assert!(first > 0 && (first as usize) < shards, "the first chart read {first} of {shards} shards");
    for (v, (snapshot, counts)) in views.iter().zip(&want) {
        b.goto(v).unwrap();
        ready(&b);
        assert_eq!(&compare_snapshot(&b), snapshot, "{v}: sharded data shows another view");
        assert_eq!(&b.exec(facets, json!([])).unwrap(), counts, "{v}: facet counts differ");
    }
    // Reached by clicks: a filter that needs shards not read yet loads them.
    b.goto("/en/explore/?v=1&fw=sglang").unwrap();
    ready(&b);
    let before = shards_fetched(&b);
    click(&b, "#facets [data-dim=fw] input[data-value=lmdeploy]");
    click(&b, "#facets [data-dim=fw] input[data-value=sglang]");
    click(&b, "#facets [data-dim=fw] input[data-value=vllm]");
    ready(&b);
    assert!(shards_fetched(&b) > before, "the filter read more shards");
    let live = compare_snapshot(&b);
    assert_eq!(live, want[1].0, "clicks to fw=lmdeploy,vllm differ from the unsharded link");
    // The selected run's details come from its shard's details file.
    let runs = site_runs();
    let with_kv = runs.iter().find(|r| !r["params"]["kv_memory"].is_null()).expect("a run with a KV estimate");
    let (id, fw) = (with_kv["id"].as_str().unwrap(), with_kv["framework"].as_str().unwrap());
    b.goto(&format!("/en/explore/?v=1&fw={fw}&sel={}", urlencode(id))).unwrap();
    ready(&b);
    let kv = b.wait_for("const k = document.getElementById('selected-kv'); return k && k.textContent", "the KV estimate").unwrap();
    assert!(kv.as_str().unwrap().contains(with_kv["params"]["kv_memory"]["flag"].as_str().unwrap()), "{kv}");
    let params = b.exec("return document.querySelectorAll('#selected-effective tr').length", json!([])).unwrap();
    assert_eq!(params.as_u64().unwrap() as usize, with_kv["params"]["effective"].as_array().unwrap().len());
}

/// Runs of one configuration and workload at `n` concurrencies: one line of the trade-off
/// chart, its throughput and TTFT growing with the load.
fn one_line(n: usize) -> Vec<benchsite_model::Run> {
    let base = benchsite_viewer::synthetic_runs(1).remove(0);
    (0..n)
        .map(|i| {
            let mut r = base.clone();
            r.id = format!("synthetic/one.md#L{}", i + 1).into();
            r.source.line = i as u32 + 1;
            r.scenario.max_concurrency = Some(i as u64 + 1);
            r.metrics.output_throughput = Some(1000.0 + i as f64);
            r.metrics.ttft_ms = Some(benchsite_model::Latency::from([("mean", 100.0 + (i % 37) as f64), ("median", 90.0), ("p99", 400.0 + i as f64)]));
            r.derive();
            r
        })
        .collect()
}

/// The trade-off chart draws at most 300 points of a line (and always its frontier): with
/// 700 runs on one line it says, in the chart, how many of them it drew, and the points it
/// lists are those; with 40 it draws every one and says nothing. It had thinned them in
/// silence.
#[test]
fn the_tradeoff_chart_says_how_many_points_it_draws() {
    let Some((_g, b)) = browser() else { return };
    b.goto("/en/explore/?v=1&c=tradeoff").unwrap();
    ready(&b);
    b.wait_for("return document.getElementById('explorer') && !document.getElementById('viewer').hasAttribute('data-loading')", "the full module").unwrap();
    let plot = |b: &Browser| -> (usize, Option<(usize, usize)>) {
        let text = b.wait_for("const p = document.getElementById('chart-canvas').getAttribute('data-plot') || ''; return p.includes('point|') ? p : null", "the trade-off points").unwrap();
        let text = text.as_str().unwrap().to_string();
        let points = text.lines().filter(|l| l.starts_with("point|")).count();
        let thinned = text.lines().find_map(|l| l.strip_prefix("thinned|")).map(|t| {
            let (d, n) = t.split_once('|').unwrap();
            (d.parse().unwrap(), n.parse().unwrap())
        });
        (points, thinned)
    };
    b.load_runs(&one_line(700)).unwrap();
    ready(&b);
    // New data opens at its default view: the trade-off chart is chosen again.
    select(&b, "ctl-chart", "tradeoff");
    let (points, thinned) = plot(&b);
    let (drawn, total) = thinned.expect("700 points on one line are thinned and the chart says so");
    assert_eq!(total, 700);
    assert_eq!(drawn, points, "the note counts the points drawn");
    assert!((300..700).contains(&drawn), "{drawn} of {total}");
    b.load_runs(&one_line(40)).unwrap();
    ready(&b);
    // New data opens at its default view: the trade-off chart is chosen again.
    select(&b, "ctl-chart", "tradeoff");
    b.wait_for("const p = document.getElementById('chart-canvas').getAttribute('data-plot') || ''; return !p.includes('thinned|') && p.split('point|').length - 1 === 40", "all 40 points, no note").unwrap();
}

/// Two runs alike but for an engine flag their commands set to different values: the
/// banner says they are not directly comparable and names the flag with both values, in
/// the page's language (it named only dimensions: these two looked comparable).
#[test]
fn the_banner_names_an_engine_flag_the_runs_in_view_set_differently() {
    let Some((_g, b)) = browser() else { return };
    let base = benchsite_viewer::synthetic_runs(1).remove(0);
    let framework = base.framework.clone().expect("a synthetic run names its framework");
    let runs: Vec<benchsite_model::Run> = ["256", "512"]
        .iter()
        .enumerate()
        .map(|(i, value)| {
            let mut r = base.clone();
            r.id = format!("synthetic/flags.md#L{}", i + 1).into();
            r.source.line = i as u32 + 1;
            let set = benchsite_model::tuning::Effective { flag: "--max-num-seqs".into(), value: Some(value.to_string().into()), origin: benchsite_model::tuning::Origin::Explicit, concept: Some("max-batch".into()), rule: None };
            r.params.effective = vec![set].into();
            r
        })
        .collect();
    for (lang, label) in [("en", "Engine flag"), ("zh", "引擎参数")] {
        b.goto(&format!("/{lang}/explore/?v=1")).unwrap();
        ready(&b);
        b.load_runs(&runs).unwrap();
        assert_eq!(ready(&b), 2);
        let items = b.exec("return [...document.querySelectorAll('#comparability li')].map(li => [li.getAttribute('data-dim'), li.textContent])", json!([])).unwrap();
        assert_eq!(items, json!([["flag", format!("{label} {framework} --max-num-seqs: 256, 512")]]), "{lang}");
        // One of them in view: nothing to name.
        b.load_runs(&runs[..1]).unwrap();
        assert_eq!(ready(&b), 1);
        assert_eq!(b.exec("return document.querySelectorAll('#comparability li').length", json!([])).unwrap(), json!(0), "{lang}");
    }
}
