//! End-to-end tests live in `tests/tests/`. This library holds what the browser tests and
//! `cargo xtask bench-viewer` share: headless Chromium driven over WebDriver (chromedriver,
//! plain HTTP on 127.0.0.1) and the built site served by the generator's own static server.

pub mod browser;
pub mod webdriver;
