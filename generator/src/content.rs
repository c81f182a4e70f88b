//! The content folder: which files are results, which are docs, and reading them safely.
//! A file that cannot be read, is binary or is not UTF-8 becomes a finding; the rest of the
//! folder is still read.

use benchsite_ingest::models::{self, Catalog};
use benchsite_ingest::sink::Sink;
use benchsite_ingest::{parse_file_with, sidecar, Context, FileOutput, Meta};
use benchsite_model::Finding;
use crate::site::lang::Lang;
use benchsite_model::SourceFile;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// Files larger than this are not scanned (a benchmark log is a few MB at most).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// One scanned input: its content-relative path with `/` and its text.
pub struct Input {
    pub rel: String,
    pub abs: PathBuf,
    pub text: String,
}

/// Lists the files of `root` that may hold results, in a stable order.
pub fn result_candidates(root: &Path) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = WalkDir::new(root)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(root).ok()?.to_string_lossy().replace('\\', "/");
            is_scanned(&rel).then(|| (rel, e.path().to_path_buf()))
        })
        .collect();
    out.sort();
    out
}

/// Docs (`docs/`, `i18n/`, `<page>.<lang>.md`), the parameter catalog (`tuning/`), the
/// model catalog (`models.toml`) and sidecars are not scanned for results.
pub fn is_scanned(rel: &str) -> bool {
    let first = rel.split('/').next().unwrap_or("");
    if matches!(first, "docs" | "i18n" | "tuning") || rel == models::PATH || rel.ends_with(".meta.toml") {
        return false;
    }
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let is_doc = name
        .strip_suffix(".md")
        .and_then(|stem| stem.rsplit_once('.'))
        .is_some_and(|(_, lang)| Lang::from_code(lang).is_some());
    !is_doc
}

/// Reads a file as text, turning every way it can fail into a finding.
pub fn read(rel: &str, abs: &Path, sink: &mut Sink) -> Option<String> {
    let size = std::fs::metadata(abs).map(|m| m.len()).unwrap_or(0);
    if size > MAX_FILE_BYTES {
        sink.error(
            "file-too-large",
            0,
            format!("{rel} is {size} bytes, above the {MAX_FILE_BYTES}-byte limit; it was skipped. Split it or keep only the result blocks."),
        );
        return None;
    }
    let bytes = match std::fs::read(abs) {
        Ok(b) => b,
        Err(e) => {
            sink.error("unreadable-file", 0, format!("{rel} could not be read ({e}); check its permissions."));
            return None;
        }
    };
    if bytes.iter().take(8192).any(|&b| b == 0) {
        sink.error(
            "binary-file",
            0,
            format!("{rel} looks binary (it holds NUL bytes); it was skipped. Keep only text logs in content/."),
        );
        return None;
    }
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..valid].iter().filter(|&&b| b == b'\n').count() as u32 + 1;
            sink.warn(
                "invalid-utf8",
                line,
                "this file is not valid UTF-8 from this line on; the bad bytes were replaced with U+FFFD and the rest was read. Re-save the file as UTF-8."
                    .to_string(),
            );
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
    }
}

/// The model catalog read from `root/models.toml`.
pub struct ModelCatalog {
    /// `None` when there is no catalog or it could not be read at all.
    pub catalog: Option<Catalog>,
    pub findings: Vec<Finding>,
    /// The catalog's text, when a finding quotes it.
    pub input: Option<Input>,
}

/// Reads the model catalog; a missing one is no finding (precision then comes from flags and
/// model names only), a malformed one is, and the build goes on without what is wrong.
pub fn read_models(root: &Path) -> ModelCatalog {
    let abs = root.join(models::PATH);
    let mut sink = Sink::new(models::PATH);
    let catalog = abs.is_file().then(|| read(models::PATH, &abs, &mut sink)).flatten().map(|text| {
        let catalog = models::parse(&text, &mut sink);
        (catalog, text)
    });
    let (catalog, text) = match catalog {
        Some((c, t)) => (Some(c).filter(|c| !c.is_empty()), Some(t)),
        None => (None, None),
    };
    let input = text.filter(|_| !sink.findings.is_empty()).map(|text| Input { rel: models::PATH.to_string(), abs, text });
    ModelCatalog { catalog, findings: sink.findings, input }
}

/// Reads and parses every result candidate under `root`.
pub fn ingest(root: &Path, models: Option<&Catalog>) -> (Vec<FileOutput>, Vec<Input>) {
    let mut outputs = Vec::new();
    let mut inputs = Vec::new();
    for (rel, abs) in result_candidates(root) {
        let mut sink = Sink::new(&rel);
        let meta = read_sidecar(&rel, &abs, &mut outputs, &mut inputs);
        let Some(text) = read(&rel, &abs, &mut sink) else {
            outputs.push(FileOutput {
                source: SourceFile { path: rel.clone(), kind: "unreadable".into(), ..SourceFile::default() },
                runs: Vec::new(),
                findings: sink.findings,
            });
            continue;
        };
        let mut out = parse_file_with(&rel, &text, Context { meta: meta.as_ref(), models });
        let mut findings = sink.findings;
        findings.append(&mut out.findings);
        out.findings = findings;
        outputs.push(out);
        inputs.push(Input { rel, abs, text });
    }
    (outputs, inputs)
}

/// Reads `<file>.meta.toml` beside `abs` if present; its findings go to their own output.
fn read_sidecar(rel: &str, abs: &Path, outputs: &mut Vec<FileOutput>, inputs: &mut Vec<Input>) -> Option<Meta> {
    let mut name = abs.file_name()?.to_os_string();
    name.push(".meta.toml");
    let path = abs.with_file_name(name);
    if !path.is_file() {
        return None;
    }
    let side_rel = format!("{rel}.meta.toml");
    let mut sink = Sink::new(&side_rel);
    let text = read(&side_rel, &path, &mut sink)?;
    let meta = sidecar::parse(&text, &mut sink);
    if !sink.findings.is_empty() {
        outputs.push(FileOutput {
            source: SourceFile { path: side_rel.clone(), kind: "sidecar".into(), lines: text.lines().count() as u32, ..SourceFile::default() },
            runs: Vec::new(),
            findings: sink.findings,
        });
        inputs.push(Input { rel: side_rel, abs: path, text });
    }
    Some(meta)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docs_i18n_and_sidecars_are_not_scanned() {
        assert!(!is_scanned("docs/methodology.en.md"));
        assert!(!is_scanned("i18n/zh.ftl"));
        assert!(!is_scanned("README.zh.md"));
        assert!(!is_scanned("raw/a.log.meta.toml"));
        assert!(!is_scanned("tuning/parameters.toml"));
        assert!(!is_scanned("models.toml"));
        assert!(is_scanned("raw/models.toml"));
        assert!(is_scanned("raw/a.log"));
        assert!(is_scanned("vllm/A100_v0.10.1.md"));
        assert!(is_scanned("notes.md"));
    }
}
