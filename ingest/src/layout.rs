//! Where a file sits in the content layout, read from its content-relative path (the CLI)
//! or from its name alone (a file dropped in the browser, which has no folder).
//!
//! `<framework>/<GPU>_v<version>.md` is a result file. A language suffix before `.md`
//! (`vllm/A100_v1.0.zh.md`) is part of the file's name, not of its version: outside `docs/`
//! such a file is a result file written in that language, and is read as one. (Skipping it
//! would drop its runs without a word; `docs/` is where translated pages live.)
//!
//! [`role`] says, for every file of the content folder, whether it is scanned for results,
//! read by another reader, or read by none — and then why, for the finding that names it
//! (`skipped-file`, [`report_skipped`]): no file is left out in silence.

use crate::sink::Sink;

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
    // A release (`0.10.1`, `1.0rc1`, `0.6.3.post1`), not the rest of a name that holds `_v`
    // (`tpu_v6e8_overnight_probe`).
    let version_ok = version.chars().next().is_some_and(|c| c.is_ascii_digit()) && version.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'));
    (!gpu.is_empty() && version_ok).then_some((gpu, version))
}

/// What the build does with a content file.
#[derive(Clone, Debug, PartialEq)]
pub enum Role<'a> {
    /// Scanned for results ([`layout`] says how).
    Results,
    /// Read by another reader of the content folder, which names what it cannot use:
    /// `docs/` (pages and their images), `i18n/` (UI strings), `tuning/` (the parameter
    /// catalog), `models.toml` (the model catalog), `names.toml` (the name table).
    Read(&'static str),
    /// The sidecar of the file `of`; when no such file exists it is read by nothing, and the
    /// caller reports it with [`ORPHAN_SIDECAR`].
    Sidecar { of: &'a str },
    /// Read by nothing, for this reason.
    Skipped(&'static str),
}

/// Why a sidecar whose file does not exist is read by nothing.
pub const ORPHAN_SIDECAR: &str = "it is a sidecar (`<file>.meta.toml`) but the file it describes does not exist; rename it after its file or remove it";

/// The role of a content-relative path (`/` separators). Hidden files and folders (`.git`)
/// are not content and are not listed at all.
pub fn role(rel: &str) -> Role<'_> {
    let first = rel.split('/').next().unwrap_or("");
    match first {
        "docs" => return Role::Read("docs"),
        "i18n" => return Role::Read("UI strings"),
        "tuning" => return Role::Read("parameter catalog"),
        _ => {}
    }
    if rel == crate::models::PATH {
        return Role::Read("model catalog");
    }
    if rel == crate::names::PATH {
        return Role::Read("name table");
    }
    if let Some(of) = rel.strip_suffix(".meta.toml") {
        return Role::Sidecar { of };
    }
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let translated = name.strip_suffix(".md").and_then(|stem| stem.rsplit_once('.')).is_some_and(|(_, lang)| LANGUAGES.contains(&lang));
    if translated && layout(rel) == Layout::Raw {
        return Role::Skipped(
            "a page in one language (`<name>.<lang>.md`) is published only from docs/<slug>.<lang>.md; move it there, or drop the language from its name to have it scanned for results",
        );
    }
    Role::Results
}

/// Names a file that nothing reads, in its own sink.
pub fn report_skipped(sink: &mut Sink, reason: &str) {
    let path = sink.path.clone();
    sink.warn("skipped-file", 0, format!("{path} is not read: {reason}."));
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
        assert_eq!(layout("docs/tpu_v6e8_overnight_serving_probe.md"), Layout::Raw);
        assert_eq!(layout("vllm/H100_v0.6.3.post1.md"), result("vllm", "H100", "0.6.3.post1"));
        assert_eq!(layout("vllm/notes.md"), Layout::Raw);
        assert_eq!(gpu_and_version("A100_v1.0.fr.md"), Some(("A100", "1.0.fr")));
    }

    #[test]
    fn every_file_has_a_role_and_a_skipped_one_a_reason() {
        assert_eq!(role("vllm/A100_v1.0.zh.md"), Role::Results);
        assert_eq!(role("raw/run.log"), Role::Results);
        assert_eq!(role("notes.md"), Role::Results);
        assert_eq!(role("docs/methodology.en.md"), Role::Read("docs"));
        assert_eq!(role("i18n/zh.toml"), Role::Read("UI strings"));
        assert_eq!(role("tuning/parameters.toml"), Role::Read("parameter catalog"));
        assert_eq!(role("models.toml"), Role::Read("model catalog"));
        assert_eq!(role("raw/models.toml"), Role::Results);
        assert_eq!(role("raw/a.log.meta.toml"), Role::Sidecar { of: "raw/a.log" });
        assert!(matches!(role("README.zh.md"), Role::Skipped(_)));
        assert!(matches!(role("vllm/notes.en.md"), Role::Skipped(_)));
        let mut sink = Sink::new("README.zh.md");
        let Role::Skipped(reason) = role("README.zh.md") else { unreachable!() };
        report_skipped(&mut sink, reason);
        assert_eq!((sink.findings[0].code.as_str(), sink.findings[0].line), ("skipped-file", 0));
        assert!(sink.findings[0].message.starts_with("README.zh.md is not read: a page in one language"));
    }
}
