//! `cargo xtask first-visit [--out SITE]`: what a reader's first visit to the explorer
//! downloads, measured in real headless Chromium. The built site is served on 127.0.0.1 by a
//! small server here that gzips as GitHub Pages does (every text type and wasm, `gzip -6`)
//! and forbids caching, so every load is a first visit; `/en/explore/` and `/zh/explore/`
//! are opened through chromedriver, and once the first chart is drawn (the viewer's
//! `benchsite-first-chart` mark) and no request has started for half a second, the page's
//! Resource Timing entries (the navigation and every resource) are summed: `transferSize`
//! (bytes on the wire, headers included) and `encodedBodySize` (compressed bodies).
//! Without `--out` the site is built first (`cargo xtask site --out target/browser-site`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use webdriver::{Browser, CHROMEDRIVER, CHROMIUM};

/// The browser tests' WebDriver client, the same file (this tool does not depend on the test
/// crate, which builds the whole generator).
#[path = "../../tests/src/webdriver.rs"]
#[allow(dead_code)]
mod webdriver;

/// The first-visit budget of issue 11, in kB (1000 bytes).
const BUDGET_KB: f64 = 150.0;

pub fn first_visit(args: &[String]) -> Result<(), String> {
    let site = match crate::flag(args, "--out") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let dir = crate::root().join("target/browser-site");
            crate::site(&["--out".into(), dir.display().to_string()])?;
            dir
        }
    };
    if !site.join("en/explore/index.html").exists() {
        return Err(format!("{} holds no built site (cargo xtask site --out {0})", site.display()));
    }
    for tool in [CHROMIUM, CHROMEDRIVER] {
        if !Path::new(tool).exists() {
            return Err(format!("{tool} is missing (apt-get install chromium chromium-driver)"));
        }
    }
    let addr = serve(site.clone())?;
    let browser = Browser::start_at(format!("http://{addr}"))?;
    println!("first visit, headless Chromium, site {} served gzip -6 on {addr}", site.display());
    let mut totals = Vec::new();
    for page in ["/en/explore/", "/zh/explore/"] {
        totals.push((page, visit(&browser, page)?));
    }
    println!();
    for (page, (transfer, encoded, first_chart)) in &totals {
        println!(
            "{page}: {:.1} kB transferred ({:.1} kB bodies), budget {BUDGET_KB:.0} kB: {}; first chart at {first_chart:.0} ms",
            *transfer as f64 / 1000.0,
            *encoded as f64 / 1000.0,
            if *transfer as f64 <= BUDGET_KB * 1000.0 { "within" } else { "OVER" },
        );
    }
    Ok(())
}

/// Loads `page` (a site path), waits for the first chart and for requests to settle, prints
/// every entry; returns (transferred, encoded bodies, ms to the first chart).
fn visit(browser: &Browser, page: &str) -> Result<(u64, u64, f64), String> {
    browser.goto(page)?;
    let url = format!("{}{page}", browser.site);
    let first_chart = browser.wait_for_within(
        "const m = performance.getEntriesByName('benchsite-first-chart'); return m.length ? m[0].startTime : 0",
        "the first chart",
        Duration::from_secs(60),
    )?;
    // Late requests (a font, data a panel asks for) count too: wait until none has started for 0.5 s.
    let mut seen = -1i64;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let n = browser.exec("return performance.getEntriesByType('resource').length", serde_json::json!([]))?.as_i64().unwrap_or(0);
        if n == seen || Instant::now() > deadline {
            break;
        }
        seen = n;
        std::thread::sleep(Duration::from_millis(500));
    }
    let entries = browser.exec(
        "return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]\
         .map(e => [e.name, e.initiatorType || 'navigation', e.transferSize, e.encodedBodySize, e.decodedBodySize])",
        serde_json::json!([]),
    )?;
    let entries = entries.as_array().ok_or("no Resource Timing entries")?;
    println!("\n{url}");
    println!("{:<58} {:>12} {:>10} {:>10} {:>10}", "resource", "type", "transfer", "body gz", "body");
    let (mut transfer, mut encoded, mut decoded) = (0, 0, 0);
    for e in entries {
        let name = e[0].as_str().unwrap_or("?");
        let short = name.split_once("://").map_or(name, |(_, rest)| rest.split_once('/').map_or(rest, |(_, p)| p));
        let (t, c, d) = (e[2].as_u64().unwrap_or(0), e[3].as_u64().unwrap_or(0), e[4].as_u64().unwrap_or(0));
        println!("/{short:<57} {:>12} {t:>10} {c:>10} {d:>10}", e[1].as_str().unwrap_or(""));
        transfer += t;
        encoded += c;
        decoded += d;
    }
    println!("{:<58} {:>12} {transfer:>10} {encoded:>10} {decoded:>10}", "total", "");
    Ok((transfer, encoded, first_chart.as_f64().unwrap_or(f64::NAN)))
}

// ---------------------------------------------------------------------------------------
// The static server

/// Serves `root` on 127.0.0.1 (a free port) from a background thread, one thread per
/// connection; returns the address.
fn serve(root: PathBuf) -> Result<String, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("could not listen on 127.0.0.1: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?.to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let root = root.clone();
            std::thread::spawn(move || {
                let _ = answer(stream, &root);
            });
        }
    });
    Ok(addr)
}

fn answer(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    let mut gzip = false;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if let Some(v) = lower.strip_prefix("accept-encoding:") {
            gzip = v.split(',').any(|e| e.split(';').next().unwrap_or("").trim() == "gzip");
        }
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let path = decode(target.split(['?', '#']).next().unwrap_or("/"));
    let (status, file) = match resolve(root, &path) {
        Some(f) => ("200 OK", f),
        None => ("404 Not Found", root.join("404.html")),
    };
    let mut body = Vec::new();
    if let Ok(mut f) = std::fs::File::open(&file) {
        f.read_to_end(&mut body)?;
    }
    let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    let (kind, compress) = content_type(ext);
    let mut head = format!("HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nCache-Control: no-store\r\nConnection: close\r\n");
    if gzip && compress {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
        gz.write_all(&body)?;
        body = gz.finish()?;
        head.push_str("Content-Encoding: gzip\r\nVary: Accept-Encoding\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes())?;
    stream.write_all(&body)?;
    stream.flush()
}

/// The file a URL path names under `root` (a folder: its `index.html`); `None` when there is
/// none or the path would leave `root`.
fn resolve(root: &Path, path: &str) -> Option<PathBuf> {
    let mut file = root.to_path_buf();
    for part in path.split('/').filter(|p| !p.is_empty()) {
        if part == ".." || part == "." || part.contains('\\') {
            return None;
        }
        file.push(part);
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// `%XX` escapes decoded (bytes kept as UTF-8 where they form it).
fn decode(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Content type, and whether GitHub Pages serves it gzip-compressed.
fn content_type(ext: &str) -> (&'static str, bool) {
    match ext {
        "html" => ("text/html; charset=utf-8", true),
        "css" => ("text/css; charset=utf-8", true),
        "js" | "mjs" => ("text/javascript; charset=utf-8", true),
        "json" => ("application/json", true),
        "wasm" => ("application/wasm", true),
        "svg" => ("image/svg+xml", true),
        "xml" => ("application/xml", true),
        "txt" => ("text/plain; charset=utf-8", true),
        "png" => ("image/png", false),
        "jpg" | "jpeg" => ("image/jpeg", false),
        "webp" => ("image/webp", false),
        "ico" => ("image/x-icon", false),
        _ => ("application/octet-stream", false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_site() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("en/explore")).unwrap();
        std::fs::write(dir.path().join("en/explore/index.html"), "x").unwrap();
        assert_eq!(resolve(dir.path(), "/en/explore/"), Some(dir.path().join("en/explore/index.html")));
        assert_eq!(resolve(dir.path(), "/en/../../etc/passwd"), None);
        assert_eq!(resolve(dir.path(), "/missing"), None);
        assert_eq!(decode("/a%20b%2"), "/a b%2");
    }
}
