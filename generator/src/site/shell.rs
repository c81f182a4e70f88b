//! The page shell: templates and assets. A build reads them from a `www/` folder when given
//! one (so `benchsite serve` picks up edits), and otherwise uses the copy compiled into the
//! binary, so `benchsite build --content <any folder>` works from anywhere. The same goes for
//! the UI strings and the parameter catalog when the content folder has none.

use std::path::{Path, PathBuf};

macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../www/", $path))),)*]
    };
}

/// `(path below www/, text)` of the built-in shell.
const EMBEDDED: &[(&str, &str)] = embed![
    "templates/base.html",
    "templates/macros.html",
    "templates/findings.html",
    "templates/home.html",
    "templates/result.html",
    "templates/doc.html",
    "templates/tuning.html",
    "templates/explore.html",
    "templates/compare.html",
    "templates/404.html",
    "templates/root.html",
    "templates/source.html",
    "assets/site.css",
    "assets/site.js",
    "assets/explore.js",
    "assets/parse-worker.js",
];

/// Built-in UI strings, used when `content/i18n/` does not exist.
pub const BUILTIN_I18N: [(&str, &str); 2] = [
    ("zh", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/i18n/zh.toml"))),
    ("en", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/i18n/en.toml"))),
];

/// Built-in parameter catalog, used when the content folder has none.
pub const BUILTIN_CATALOG: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/tuning/parameters.toml"));

#[derive(Clone, Debug)]
pub enum Shell {
    Dir(PathBuf),
    Embedded,
}

impl Shell {
    pub fn new(www: Option<&Path>) -> Shell {
        www.map_or(Shell::Embedded, |p| Shell::Dir(p.to_path_buf()))
    }

    /// Installs the template loader into `env`.
    pub fn load_templates(&self, env: &mut minijinja::Environment<'static>) {
        match self {
            Shell::Dir(dir) => env.set_loader(minijinja::path_loader(dir.join("templates"))),
            Shell::Embedded => env.set_loader(|name| {
                let path = format!("templates/{name}");
                Ok(EMBEDDED.iter().find(|(p, _)| *p == path).map(|(_, text)| text.to_string()))
            }),
        }
    }

    /// True when the templates `names` are the built-in ones (a `--www` folder holding an
    /// unchanged copy, as `benchsite serve` on the repository has).
    pub fn builtin(&self, names: &[&str]) -> bool {
        match self {
            Shell::Embedded => true,
            Shell::Dir(dir) => names.iter().all(|name| {
                let path = format!("templates/{name}");
                let builtin = EMBEDDED.iter().find(|(p, _)| *p == path).map(|(_, text)| *text);
                builtin.is_some_and(|text| std::fs::read_to_string(dir.join(&path)).is_ok_and(|t| t == text))
            }),
        }
    }

    /// Copies the assets into `to`; returns how many files were written.
    pub fn copy_assets(&self, to: &Path) -> Result<usize, String> {
        let files: Vec<(String, Vec<u8>)> = match self {
            Shell::Embedded => EMBEDDED
                .iter()
                .filter_map(|(p, text)| Some((p.strip_prefix("assets/")?.to_string(), text.as_bytes().to_vec())))
                .collect(),
            Shell::Dir(dir) => {
                let from = dir.join("assets");
                let mut files = Vec::new();
                for entry in walkdir::WalkDir::new(&from).sort_by_file_name() {
                    let entry = entry.map_err(|e| format!("could not read the assets in {}: {e}", from.display()))?;
                    if entry.file_type().is_file() {
                        let rel = entry.path().strip_prefix(&from).expect("below the root").to_string_lossy().replace('\\', "/");
                        let bytes = std::fs::read(entry.path()).map_err(|e| format!("could not read {}: {e}", entry.path().display()))?;
                        files.push((rel, bytes));
                    }
                }
                files
            }
        };
        for (rel, bytes) in &files {
            let compacted = std::str::from_utf8(bytes).ok().and_then(|text| super::compact::compact(rel, text));
            let bytes = compacted.as_ref().map_or(&bytes[..], |t| t.as_bytes());
            let path = to.join(rel);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            std::fs::write(&path, bytes).map_err(|e| format!("could not write {}: {e}", path.display()))?;
        }
        Ok(files.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded list must name every file of www/, or a build without --www would lack it.
    #[test]
    fn embedded_shell_lists_every_file_of_www() {
        let www = Path::new(env!("CARGO_MANIFEST_DIR")).join("../www");
        let mut on_disk: Vec<String> = walkdir::WalkDir::new(&www)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(&www).unwrap().to_string_lossy().replace('\\', "/"))
            .filter(|p| p.starts_with("templates/") || p.starts_with("assets/"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = EMBEDDED.iter().map(|(p, _)| p.to_string()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
    }
}
