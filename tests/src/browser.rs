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
}
