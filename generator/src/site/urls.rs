//! Where pages live and how they are linked. Every internal link is written from the site
//! root with the `--base-url` path in front (`/repo/en/tuning/`), so pages work at any depth
//! and `404.html`, which a host serves at any URL, still finds its assets.

use super::lang::Lang;

#[derive(Clone, Debug)]
pub struct Urls {
    /// Path prefix, always starting and ending with `/`: `/` or `/repo/`.
    base_path: String,
    /// `https://owner.github.io` when `--base-url` gave one, for sitemap and `hreflang`.
    origin: Option<String>,
}

impl Urls {
    /// Accepts `/repo/`, `repo`, `https://owner.github.io/repo/` or nothing.
    pub fn new(base_url: Option<&str>) -> Urls {
        let raw = base_url.unwrap_or("/").trim();
        let (origin, path) = match raw.split_once("://") {
            Some((scheme, rest)) => {
                let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
                (Some(format!("{scheme}://{host}")), path.to_string())
            }
            None => (None, raw.to_string()),
        };
        let trimmed = path.trim_matches('/');
        let base_path = if trimmed.is_empty() { "/".to_string() } else { format!("/{trimmed}/") };
        Urls { base_path, origin }
    }

    pub fn base_path(&self) -> &str {
        &self.base_path
    }

    /// Link to a site file: `asset("assets/site.css")` → `/repo/assets/site.css`.
    pub fn asset(&self, rel: &str) -> String {
        format!("{}{}", self.base_path, rel)
    }

    /// Link to a page: `page(En, "tuning/")` → `/repo/en/tuning/`.
    pub fn page(&self, lang: Lang, rel: &str) -> String {
        format!("{}{}/{}", self.base_path, lang.code(), rel)
    }

    /// Absolute URL when the origin is known, else the root-relative link.
    pub fn absolute(&self, link: &str) -> String {
        match &self.origin {
            Some(origin) => format!("{origin}{link}"),
            None => link.to_string(),
        }
    }
}

/// Output file of a page path: `tuning/` → `tuning/index.html`; `404.html` stays.
pub fn file_of(rel: &str) -> String {
    if rel.is_empty() || rel.ends_with('/') {
        format!("{rel}index.html")
    } else {
        rel.to_string()
    }
}

pub use benchsite_model::{result_page, source_page};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_forms_give_one_prefix() {
        for raw in ["/repo/", "repo", "/repo", "https://owner.github.io/repo/"] {
            assert_eq!(Urls::new(Some(raw)).page(Lang::En, "tuning/"), "/repo/en/tuning/", "{raw}");
        }
        assert_eq!(Urls::new(None).asset("assets/site.css"), "/assets/site.css");
        assert_eq!(Urls::new(Some("https://x.io")).absolute("/zh/"), "https://x.io/zh/");
    }

    #[test]
    fn result_pages_keep_the_source_layout() {
        assert_eq!(result_page("lmdeploy/H800_v0.10.0.md"), "results/lmdeploy/H800_v0.10.0/");
        assert_eq!(result_page("raw/vllm sweep?.log"), "results/raw/vllm~20~sweep~3f~.log~/");
        // One page per file.
        let paths = ["raw/a b.log", "raw/a-b.log", "raw/a~20~b.log", "raw/x", "raw/x.md", "raw/x~", "raw/x.md.md", "raw/x.log", "raw/x.log.md"];
        let pages: std::collections::BTreeSet<String> = paths.iter().map(|p| result_page(p)).collect();
        assert_eq!(pages.len(), paths.len(), "{pages:?}");
        assert_eq!(file_of("results/a/"), "results/a/index.html");
        assert_eq!(file_of("404.html"), "404.html");
    }
}
