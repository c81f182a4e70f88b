//! A small WebDriver client for real headless Chromium. chromedriver runs in its own process
//! group, killed when the `Browser` is dropped, so a failed run leaves no Chromium behind.
//! No dependency but `ureq` and `serde_json`: the browser tests (through `browser.rs`) and
//! `cargo xtask first-visit` (which includes this file) drive Chromium with the same code.

use serde_json::{json, Value};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

pub struct Browser {
    driver: Child,
    endpoint: String,
    session: String,
    /// `http://127.0.0.1:<port>` of the site.
    pub site: String,
    _profile: tempfile_dir::Dir,
}

/// A temporary Chromium profile folder, removed on drop.
mod tempfile_dir {
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

impl Browser {
    /// Starts Chromium through chromedriver for pages served at `site` (`http://host:port`).
    pub fn start_at(site: String) -> Result<Browser, String> {
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("could not start chromedriver: {e}"))?;
        let endpoint = format!("http://127.0.0.1:{port}");
        let profile = std::env::temp_dir().join(format!("benchsite-chromium-{port}"));
        let mut browser = Browser { driver, endpoint, session: String::new(), site, _profile: tempfile_dir::Dir(profile.clone()) };
        let deadline = Instant::now() + Duration::from_secs(20);
        while ureq::get(&format!("{}/status", browser.endpoint)).timeout(Duration::from_secs(2)).call().is_err() {
            if Instant::now() > deadline {
                return Err("chromedriver did not answer within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let args = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1280,1000",
        ];
        let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let caps = json!({ "capabilities": { "alwaysMatch": { "browserName": "chrome", "goog:chromeOptions": { "binary": CHROMIUM, "args": args } } } });
        let v = browser.post("/session", caps)?;
        browser.session = v["value"]["sessionId"].as_str().ok_or_else(|| format!("no session: {v}"))?.to_string();
        Ok(browser)
    }

    fn post(&self, path: &str, body: Value) -> Result<Value, String> {
        let url = format!("{}{path}", self.endpoint);
        match ureq::post(&url).timeout(Duration::from_secs(60)).send_json(body) {
            Ok(r) => r.into_json().map_err(|e| e.to_string()),
            Err(ureq::Error::Status(code, r)) => Err(format!("{path}: HTTP {code}: {}", r.into_string().unwrap_or_default())),
            Err(e) => Err(format!("{path}: {e}")),
        }
    }

    fn session_post(&self, path: &str, body: Value) -> Result<Value, String> {
        self.post(&format!("/session/{}{path}", self.session), body).map(|v| v["value"].clone())
    }

    /// Opens a site path such as `/en/explore/?fw=vllm`.
    pub fn goto(&self, path: &str) -> Result<(), String> {
        self.session_post("/url", json!({ "url": format!("{}{path}", self.site) })).map(|_| ())
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its result.
    pub fn exec(&self, script: &str, args: Value) -> Result<Value, String> {
        self.session_post("/execute/sync", json!({ "script": script, "args": args }))
    }

    /// How long a script may run (WebDriver's default: 30 s).
    pub fn set_script_timeout(&self, limit: Duration) -> Result<(), String> {
        self.session_post("/timeouts", json!({ "script": limit.as_millis() as u64 })).map(|_| ())
    }

    /// Runs an async script: it must call `arguments[arguments.length - 1](result)`.
    pub fn exec_async(&self, script: &str, args: Value) -> Result<Value, String> {
        self.session_post("/execute/async", json!({ "script": script, "args": args }))
    }

    /// Polls `script` until it returns something truthy (within 20 s); returns that value.
    pub fn wait_for(&self, script: &str, what: &str) -> Result<Value, String> {
        self.wait_for_within(script, what, Duration::from_secs(20))
    }

    /// [`Browser::wait_for`] with its own time limit.
    pub fn wait_for_within(&self, script: &str, what: &str, limit: Duration) -> Result<Value, String> {
        let deadline = Instant::now() + limit;
        loop {
            let v = self.exec(script, json!([]))?;
            if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
                return Ok(v);
            }
            if Instant::now() > deadline {
                let errors = self.exec("const e = document.getElementById('viewer-error'); return e ? e.textContent : null;", json!([])).unwrap_or_default();
                return Err(format!("timed out waiting for {what} (error panel: {errors})"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `text` into the element matching `css` (a file path for `<input type=file>`).
    pub fn send_keys(&self, css: &str, text: &str) -> Result<(), String> {
        let id = self.element(css)?;
        self.session_post(&format!("/element/{id}/value"), json!({ "text": text })).map(|_| ())
    }

    /// A real click on the element matching `css`, as a reader's: it fails when the element
    /// is hidden or covered by another.
    pub fn click(&self, css: &str) -> Result<(), String> {
        let id = self.element(css)?;
        self.session_post(&format!("/element/{id}/click"), json!({})).map(|_| ())
    }

    fn element(&self, css: &str) -> Result<String, String> {
        let found = self.session_post("/element", json!({ "using": "css selector", "value": css }))?;
        found.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).map(str::to_string).ok_or_else(|| format!("no element {css}"))
    }

    /// Resizes the window (CSS pixels of the outer window).
    pub fn resize(&self, width: u32, height: u32) -> Result<(), String> {
        self.session_post("/window/rect", json!({ "width": width, "height": height })).map(|_| ())
    }

    pub fn url(&self) -> Result<String, String> {
        self.post_get("/url")
    }

    fn post_get(&self, path: &str) -> Result<String, String> {
        let url = format!("{}/session/{}{path}", self.endpoint, self.session);
        let v: Value = ureq::get(&url).timeout(Duration::from_secs(30)).call().map_err(|e| e.to_string())?.into_json().map_err(|e| e.to_string())?;
        v["value"].as_str().map(str::to_string).ok_or_else(|| format!("{path}: {v}"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            // Bounded: if Chromium hangs on closing, the group kill below still ends it.
            let _ = ureq::delete(&format!("{}/session/{}", self.endpoint, self.session)).timeout(Duration::from_secs(5)).call();
        }
        // Kill the whole group (chromedriver and every Chromium it started), but only after
        // checking that the group is chromedriver's own and not ours.
        let pid = self.driver.id();
        let own_group = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(2).map(str::to_string)))
            .is_some_and(|pgrp| pgrp == pid.to_string());
        if own_group {
            let _ = Command::new("kill").args(["-s", "KILL", "--", &format!("-{pid}")]).status();
        } else {
            let _ = self.driver.kill();
        }
        let _ = self.driver.wait();
    }
}
