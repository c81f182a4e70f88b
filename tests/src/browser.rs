//! The browser tests' view of the site: where the built site is, what they need, and
//! Chromium (the WebDriver client of `webdriver.rs`) on the site served by the generator's
//! own static server.

pub use crate::webdriver::{free_port, Browser, CHROMEDRIVER, CHROMIUM};
use std::path::{Path, PathBuf};

/// The site with the explorer, as `cargo xtask site --out target/browser-site` builds it.
pub fn site_dir() -> PathBuf {
    std::env::var_os("BENCHSITE_SITE").map(PathBuf::from).unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser-site"))
}

/// Why the browser tests cannot run here, if they cannot.
pub fn missing_prerequisite() -> Option<String> {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        return Some(format!("{CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"));
    }
    let wasm = site_dir().join("assets/viewer/benchsite_viewer_bg.wasm");
    if !wasm.exists() {
        return Some(format!("{} is missing (cargo xtask site --out {})", wasm.display(), site_dir().display()));
    }
    None
}

impl Browser {
    /// Serves `site` and starts Chromium through chromedriver.
    pub fn start(site: &Path) -> Result<Browser, String> {
        let (addr, _server) = benchsite::serve::serve_folder(site.to_path_buf(), "/".into(), 0, None)?;
        Browser::start_at(format!("http://{addr}"))
    }

    /// Replaces the open explorer's data with `n` synthetic runs (`viewer::synthetic_runs`),
    /// written here as the explorer's own data (one shard) and handed to `benchData`: the
    /// explorer's wasm carries no run generator.
    pub fn load_synthetic(&self, n: usize) -> Result<(), String> {
        self.load_runs(&benchsite_viewer::synthetic_runs(n))
    }

    /// Replaces the open explorer's data with `runs`, as [`Browser::load_synthetic`] does.
    pub fn load_runs(&self, runs: &[benchsite_model::Run]) -> Result<(), String> {
        let files = benchsite_viewer::columns::write(runs, &[], usize::MAX);
        let shard = files.shards.first().cloned().unwrap_or_default();
        self.exec("window.benchsiteViewer.benchData(arguments[0], arguments[1])", serde_json::json!([files.index, shard])).map(|_| ())
    }
}
