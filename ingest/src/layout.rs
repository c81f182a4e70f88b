//! Where a file sits in the content layout, read from its content-relative path (the CLI)
//! or from its name alone (a file dropped in the browser, which has no folder).
//!
//! `<framework>/<GPU>_v<version>.md` is a result file. A language suffix before `.md`
//! (`vllm/A100_v1.0.zh.md`) is part of the file's name, not of its version: outside `docs/`
//! such a file is a result file written in that language, and is read as one. (Skipping it
//! would drop its runs without a word; `docs/` is where translated pages live.)

/// The languages a file name may carry before `.md` (`<slug>.<lang>.md`).
pub const LANGUAGES: [&str; 2] = ["zh", "en"];

/// Where a file sits in the content layout.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// `<framework>/<GPU>_v<version>.md`.
    Result { framework: String, gpu: String, version: String },
    /// Anything else that is scanned for results.
    Raw,
}

/// Reads the layout from a content-relative path with `/` separators.
pub fn layout(path: &str) -> Layout {
    let mut parts = path.rsplit('/');
    let (Some(file), Some(dir)) = (parts.next(), parts.next()) else { return Layout::Raw };
    if dir == "raw" {
        return Layout::Raw;
    }
    match gpu_and_version(file) {
        Some((gpu, version)) => Layout::Result { framework: dir.to_string(), gpu: gpu.to_string(), version: version.to_string() },
        None => Layout::Raw,
    }
}

/// `A100_v1.0.md` or `A100_v1.0.zh.md` → (`A100`, `1.0`).
pub fn gpu_and_version(file: &str) -> Option<(&str, &str)> {
    let stem = file.strip_suffix(".md")?;
    let stem = LANGUAGES.iter().find_map(|l| stem.strip_suffix(l).and_then(|s| s.strip_suffix('.'))).unwrap_or(stem);
    let (gpu, version) = stem.rsplit_once("_v")?;
    let version_ok = version.chars().next().is_some_and(|c| c.is_ascii_digit());
    (!gpu.is_empty() && version_ok).then_some((gpu, version))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_files_by_folder_and_name() {
        let result = |f: &str, g: &str, v: &str| Layout::Result { framework: f.into(), gpu: g.into(), version: v.into() };
        assert_eq!(layout("lmdeploy/H800_v0.10.0.md"), result("lmdeploy", "H800", "0.10.0"));
        assert_eq!(layout("vllm/A100_v1.0.zh.md"), result("vllm", "A100", "1.0"));
        assert_eq!(layout("vllm/A100_v1.0.en.md"), result("vllm", "A100", "1.0"));
        assert_eq!(layout("raw/A100_v1.0.md"), Layout::Raw);
        assert_eq!(layout("A100_v1.0.md"), Layout::Raw);
        assert_eq!(layout("vllm/A100_vx.md"), Layout::Raw);
        assert_eq!(layout("vllm/notes.md"), Layout::Raw);
        assert_eq!(gpu_and_version("A100_v1.0.fr.md"), Some(("A100", "1.0.fr")));
    }
}
