//! `benchsite serve`: builds the site, serves the output folder on 127.0.0.1 and rebuilds
//! when anything under `content/` or `www/` changes, as `mdbook serve` and `zola serve` do.
//! The OS reports edits, a fingerprint of the two folders says which files changed
//! (`serve/watch.rs`), and an edit to result files rewrites only the pages that show them
//! (`serve/rebuild.rs`); anything else builds the whole site again.
//!
//! Pages open in a browser reload themselves after a rebuild: the preview (never the built
//! site) adds a script to every page that polls the build number and reloads when it moves.

mod http;
mod rebuild;
mod watch;

use crate::build::{BuildOptions, Outcome};
use http::Limits;
use http::{Request, Response};
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

pub struct ServeOptions {
    pub build: BuildOptions,
    /// 0 picks a free port.
    pub port: u16,
}

/// Builds, then serves until the process is stopped. `report` is called after every build,
/// once its pages are in place and the build number has moved.
pub fn serve(opts: ServeOptions, report: impl Fn(Result<&Outcome, &str>) + Send + 'static) -> Result<(), String> {
    let watched: Vec<PathBuf> = std::iter::once(opts.build.content.clone()).chain(opts.build.www.clone()).collect();
    // Started and taken before the first build, so that an edit made while it runs is seen as
    // a change and not as the starting state.
    let watch = watch::Watch::start(&watched);
    let mut last = watch::Fingerprint::take(&watched);
    let builds = Arc::new(AtomicU64::new(0));
    let built = move |live: &rebuild::Live, builds: &AtomicU64| {
        if live.written() {
            builds.fetch_add(1, Ordering::SeqCst);
        }
        report(live.last());
    };
    let mut live = rebuild::Live::start(opts.build.clone());
    built(&live, &builds);
    let base = crate::site::urls::Urls::new(opts.build.base_url.as_deref()).base_path().to_string();
    // The watcher starts before the server, so that a process at its thread limit fails here,
    // before listening, rather than after the server's workers took the last threads.
    let served_builds = builds.clone();
    let watcher = std::thread::Builder::new().name("benchsite-watch".into()).spawn(move || loop {
        watch.wait();
        let now = watch::Fingerprint::take(&watched);
        let changed = last.changed(&now);
        if !changed.is_empty() {
            last = now;
            if live.rebuild(&changed) {
                built(&live, &builds);
            }
        }
    });
    watcher.map_err(|e| format!("could not start watching {} for changes: {e}", opts.build.content.display()))?;
    let (addr, server) = serve_folder(opts.build.out.clone(), base.clone(), opts.port, Some(served_builds))?;
    println!("serving {} at http://{addr}{base} (Ctrl-C stops)", opts.build.out.display());
    let _ = std::io::stdout().flush();
    // The server's threads run for as long as the process does; reaching past this join
    // means they stopped (a bug), which must not look like a clean exit.
    let _ = server.join();
    Err("the preview server stopped unexpectedly; the messages above say why. Start `benchsite serve` again".into())
}

/// Serves the folder `out` below `base` on 127.0.0.1 from background threads (also used by
/// the browser tests, so they meet the same server a reader of `serve` meets), within the
/// default [`Limits`]: see `serve/http.rs` for the threads and what a client may spend.
///
/// With `builds` (the number of finished builds), pages get the live-reload script.
pub fn serve_folder(out: PathBuf, base: String, port: u16, builds: Option<Arc<AtomicU64>>) -> Result<(std::net::SocketAddr, std::thread::JoinHandle<()>), String> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("could not listen on 127.0.0.1:{port}: {e}; pass another --port (0 picks a free one)"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let handler: http::Handler = Arc::new(move |request: &Request| respond(request, &out, &base, builds.as_deref()));
    let handle = http::start(listener, Limits::default(), handler)?;
    Ok((addr, handle))
}

/// Where the preview answers with the build number, and its script (below the base path).
const BUILD_PATH: &str = "__benchsite/build";
const RELOAD_PATH: &str = "__benchsite/reload.js";

/// Polls the build number named in its own URL (`?build=N`) and reloads the page when the
/// server reports another one. Classic script, so `document.currentScript` is set.
const RELOAD_JS: &str = r#"// benchsite serve: reloads this page after the preview was rebuilt.
(function () {
  const src = new URL(document.currentScript.src);
  const seen = src.searchParams.get('build');
  const url = new URL('build', src);
  function poll() {
    fetch(url, { cache: 'no-store' })
      .then((r) => r.text())
      .then((n) => { if (n.trim() !== seen) { location.reload(); } else { setTimeout(poll, 500); } })
      .catch(() => setTimeout(poll, 2000));
  }
  setTimeout(poll, 500);
})();
"#;

/// The answer to a GET or HEAD: the build number, the reload script, or a file.
fn respond(request: &Request, out: &Path, base: &str, builds: Option<&AtomicU64>) -> Response {
    let target = request.target.as_str();
    let path = target.split(['?', '#']).next().unwrap_or("");
    if let Some(builds) = builds.filter(|_| path == format!("{base}{BUILD_PATH}")) {
        return Response::text(200, &builds.load(Ordering::SeqCst).to_string());
    }
    if builds.is_some() && path == format!("{base}{RELOAD_PATH}") {
        return Response { status: 200, kind: "text/javascript; charset=utf-8", body: RELOAD_JS.as_bytes().to_vec() };
    }
    let (status, path) = resolve(out, base, target);
    let Ok(bytes) = std::fs::read(&path) else { return Response::text(404, "not found") };
    let kind = content_type(&path);
    let body = match builds {
        Some(builds) if kind.starts_with("text/html") => with_reload_script(bytes, base, builds.load(Ordering::SeqCst)),
        _ => bytes,
    };
    Response { status, kind, body }
}

/// The page with the live-reload script before `</head>` (pages without one are left alone).
fn with_reload_script(page: Vec<u8>, base: &str, build: u64) -> Vec<u8> {
    let text = match String::from_utf8(page) {
        Ok(text) => text,
        Err(e) => return e.into_bytes(),
    };
    match text.find("</head>") {
        Some(at) => format!("{}<script src=\"{base}{RELOAD_PATH}?build={build}\" defer></script>\n{}", &text[..at], &text[at..]).into_bytes(),
        None => text.into_bytes(),
    }
}

/// URL → file under `out`: the base path is stripped, `%xx` decoded, `..` refused, folders
/// served by their `index.html`, anything else by `404.html` with status 404.
fn resolve(out: &Path, base: &str, url: &str) -> (u16, PathBuf) {
    let not_found = (404, out.join("404.html"));
    let path = url.split(['?', '#']).next().unwrap_or("");
    let Some(rest) = path.strip_prefix(base).or_else(|| (path.to_string() + "/").strip_prefix(base).map(|_| "")) else { return not_found };
    let decoded = percent_encoding::percent_decode_str(rest).decode_utf8_lossy().into_owned();
    let rel = Path::new(&decoded);
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return not_found;
    }
    let mut file = out.join(rel);
    if file.is_dir() {
        file = file.join("index.html");
    }
    if file.is_file() {
        (200, file)
    } else {
        not_found
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        "xml" => "application/xml",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_map_into_the_output_folder_only() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("en")).unwrap();
        std::fs::write(dir.path().join("en/index.html"), "x").unwrap();
        std::fs::write(dir.path().join("404.html"), "x").unwrap();
        assert_eq!(resolve(dir.path(), "/repo/", "/repo/en/?q=1"), (200, dir.path().join("en/index.html")));
        assert_eq!(resolve(dir.path(), "/", "/en/"), (200, dir.path().join("en/index.html")));
        assert_eq!(resolve(dir.path(), "/", "/../etc/passwd").0, 404);
        assert_eq!(resolve(dir.path(), "/", "/%2e%2e/x").0, 404);
        assert_eq!(resolve(dir.path(), "/repo/", "/other/en/").0, 404);
    }
}
