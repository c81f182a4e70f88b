//! `cargo xtask bench-viewer`: times the explorer in headless Chromium on the built site —
//! navigation to the first drawn chart (seed data), and a filter change to redrawn chart and
//! table with 100,000 synthetic runs. Prints the numbers; run it on a quiet machine and
//! compare runs made in one session.

use benchsite_tests::browser::{missing_prerequisite, site_dir, Browser};
use serde_json::json;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn percentile(mut v: Vec<f64>, p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// `--loaded N`: the site's explorer data holds N runs (`cargo xtask bench-viewer --runs`):
/// navigation to the first chart of the default view (the index and the shards it shows),
/// then, with every run loaded (a view of all), filter changes redrawn on those runs.
fn loaded(b: &Browser, n: &str) -> Result<(), String> {
    let big = n.parse::<u64>().unwrap_or(0) >= 100_000;
    let (loads, rounds) = if big { (3, 31) } else { (5, 31) };
    let limit = std::time::Duration::from_secs(600);
    b.set_script_timeout(limit)?;
    let mut first = Vec::new();
    let mut shards = 0.0;
    for _ in 0..loads {
        b.goto("/en/")?;
        b.goto("/en/explore/")?;
        let t = b.wait_for_within("const m = performance.getEntriesByName('benchsite-first-chart'); return m.length ? m[0].startTime : 0", "the first chart", limit)?;
        first.push(t.as_f64().unwrap_or(f64::NAN));
        shards = b.exec("return performance.getEntriesByType('resource').filter(e => /data\\/explore\\/[0-9]+\\.txt$/.test(e.name)).length", json!([]))?.as_f64().unwrap_or(0.0);
    }
    let files = std::fs::read_dir(site_dir().join("data/explore")).map_err(|e| e.to_string())?.filter(|e| e.as_ref().is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".params.txt"))).count();
    println!("{n} runs: navigation → first chart (default view, {shards} of {files} shards read, {loads} loads): median {:.0} ms, max {:.0} ms (budget 2,000 ms)", median(first.clone()), first.iter().cloned().fold(0.0, f64::max));
    b.goto("/en/explore/?v=1")?;
    let all = b.wait_for_within("return !document.getElementById('viewer').hasAttribute('data-loading') && document.querySelectorAll('#results-body tr').length && performance.getEntriesByName('benchsite-first-chart').length && performance.now()", "every run", limit)?;
    let v = b.exec_async("const done = arguments[arguments.length - 1]; done(Array.from(window.benchsiteViewer.benchFilter(arguments[0])));", json!([rounds]))?;
    let times: Vec<f64> = v.as_array().ok_or("no timings")?.iter().filter_map(|x| x.as_f64()).collect();
    let steady = times[1..].to_vec();
    let medians = b.exec("return window.benchsiteViewer.roundPhases()", json!([]))?;
    println!("{n} runs, all loaded (ready at {:.0} ms): filter change → chart and table redrawn ({} changes): median {:.1} ms, p90 {:.1} ms (budget p90 16 ms)", all.as_f64().unwrap_or(0.0), rounds - 1, median(steady.clone()), percentile(steady, 0.9));
    println!("  median by phase (ms): {}", medians.as_str().unwrap_or(""));
    let last = b.exec("return window.benchsiteViewer.renderPhases()", json!([]))?;
    println!("  one more redraw of every run by phase, each with the layout of its own writes (ms): {}", last.as_str().unwrap_or(""));
    println!("  each change in order (ms; every third shows every run, the others one framework): {}", times[1..].iter().map(|t| format!("{t:.1}")).collect::<Vec<_>>().join(" "));
    Ok(())
}

fn main() -> Result<(), String> {
    if let Some(why) = missing_prerequisite() {
        return Err(why);
    }
    let b = Browser::start(&site_dir())?;
    let args: Vec<String> = std::env::args().collect();
    if let Some(n) = args.iter().position(|a| a == "--loaded").and_then(|i| args.get(i + 1)) {
        return loaded(&b, n);
    }
    let mut first = Vec::new();
    for _ in 0..9 {
        b.goto("/en/")?;
        b.goto("/en/explore/")?;
        let t = b.wait_for("const m = performance.getEntriesByName('benchsite-first-chart'); return m.length ? m[0].startTime : 0", "the first chart")?;
        first.push(t.as_f64().unwrap_or(f64::NAN));
    }
    println!("navigation → first chart drawn (seed data, 9 loads): median {:.0} ms, min {:.0} ms, max {:.0} ms (budget 300 ms)", median(first.clone()), first.iter().cloned().fold(f64::MAX, f64::min), first.iter().cloned().fold(0.0, f64::max));
    b.goto("/en/explore/")?;
    b.wait_for("return window.benchsiteViewer && document.querySelectorAll('#results-body tr').length", "the explorer")?;
    for n in [10_000usize, 100_000] {
        b.load_synthetic(n)?;
        let v = b.exec_async("const done = arguments[arguments.length - 1]; done(Array.from(window.benchsiteViewer.benchFilter(31)));", json!([]))?;
        let phases = b.exec("return window.benchsiteViewer.renderPhases()", json!([]))?;
        let medians = b.exec("return window.benchsiteViewer.roundPhases ? window.benchsiteViewer.roundPhases() : '(not in this build)'", json!([]))?;
        let times: Vec<f64> = v.as_array().ok_or("no timings")?.iter().filter_map(|x| x.as_f64()).collect();
        // The first round includes building the facets for the new data; report it apart.
        let steady = times[1..].to_vec();
        println!(
            "filter change → chart and table redrawn, {n} synthetic runs (30 changes): median {:.1} ms, p90 {:.1} ms, first {:.1} ms (budget 16 ms at 100,000)",
            median(steady.clone()),
            percentile(steady, 0.9),
            times[0]
        );
        println!("  median by phase over the timed changes (ms): {}", medians.as_str().unwrap_or(""));
        println!("  one more redraw by phase, each with the layout of its own writes (ms): {}", phases.as_str().unwrap_or(""));
    }
    Ok(())
}
