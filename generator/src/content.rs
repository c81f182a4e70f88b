//! The content folder: which files are results and which are docs, catalogs or sidecars,
//! and reading each of them through `read` (links, special files, size, encoding). A file
//! that cannot be read becomes a finding; the rest of the folder is still read.

use crate::diagnostics::Quoted;
use crate::read;
use benchsite_ingest::models::{self, Catalog};
use benchsite_ingest::names::{self, Names};
use benchsite_ingest::sink::Sink;
use benchsite_ingest::layout::{self, role, Role};
use benchsite_ingest::{parse_file_with, sidecar, Context, FileOutput, Meta};
use benchsite_model::Finding;
use benchsite_model::SourceFile;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

pub use read::MAX_FILE_BYTES;

/// One file a finding is about: its content-relative path with `/` and the lines of its
/// text the diagnostics quote (not the text: a result file's page reads it again).
pub struct Input {
    pub rel: String,
    pub abs: PathBuf,
    pub quoted: Quoted,
}

impl Input {
    /// The file `rel` of the content folder `root`, with the lines of `text` that the
    /// diagnostics of `findings` quote.
    pub fn quoting(root: &Path, rel: String, text: &str, findings: &[Finding]) -> Input {
        Input { abs: root.join(&rel), quoted: Quoted::of(text, &rel, findings), rel }
    }
}

/// What a parsed file's text was, so a page can read it again and know it is the same
/// text: its length and a hash of its bytes (`DefaultHasher::new`, fixed keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    pub len: usize,
    pub hash: u64,
}

impl Fingerprint {
    pub fn of(text: &str) -> Self {
        use std::hash::Hasher;
        let mut hasher = std::hash::DefaultHasher::new();
        hasher.write(text.as_bytes());
        Fingerprint { len: text.len(), hash: hasher.finish() }
    }
}

/// What reading and parsing the result candidates gave.
pub struct Ingested {
    /// One output per file (a sidecar with findings has its own, before its file's).
    pub outputs: Vec<FileOutput>,
    /// The files with a finding, with the lines the diagnostics quote. Texts are dropped
    /// once parsed (the whole content held in memory was a fifth of a large build's); their
    /// pages read them again (`site::texts`).
    pub inputs: Vec<Input>,
    /// The fingerprint of every parsed file, by content path.
    pub dropped: Vec<(String, Fingerprint)>,
}

/// Lists the content-relative paths of every file of `root` (hidden ones aside), in a
/// stable order. Links are not followed here: a linked file or folder, like a FIFO, is
/// listed and `read::content_file` decides (a file inside content is read, the rest is a
/// finding).
pub fn content_files(root: &Path) -> Vec<String> {
    let mut out: Vec<String> = WalkDir::new(root)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(Result::ok)
        .filter(|e| e.depth() > 0 && !e.file_type().is_dir())
        .filter_map(|e| Some(e.path().strip_prefix(root).ok()?.to_string_lossy().replace('\\', "/")))
        .collect();
    out.sort();
    out
}

/// The content files that may hold results (ingest's `layout::role` decides, the one list
/// of what each file is for).
pub fn result_candidates(root: &Path) -> Vec<String> {
    content_files(root).into_iter().filter(|rel| is_scanned(rel)).collect()
}

/// True for a file scanned for results: not docs, UI strings, catalogs, sidecars, or a
/// page in one language outside `docs/`.
pub fn is_scanned(rel: &str) -> bool {
    role(rel) == Role::Results
}

/// A file nothing reads (a page in one language outside `docs/`, a sidecar without its
/// file): named in a finding, so nothing is lost in silence.
fn skipped(root: &Path, rel: &str) -> Option<FileOutput> {
    let reason = match role(rel) {
        Role::Skipped(reason) => reason,
        Role::Sidecar { of } if !root.join(of).exists() => layout::ORPHAN_SIDECAR,
        _ => return None,
    };
    let mut sink = Sink::new(rel);
    layout::report_skipped(&mut sink, reason);
    Some(FileOutput { source: SourceFile { path: rel.to_string(), kind: "skipped".into(), ..SourceFile::default() }, runs: Vec::new(), findings: sink.findings })
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
    let mut sink = Sink::new(models::PATH);
    let text = read::exists(root, models::PATH).then(|| read::text(root, models::PATH, &mut sink)).flatten();
    let catalog = text.as_deref().map(|text| models::parse(text, &mut sink)).filter(|c| !c.is_empty());
    let input = text.filter(|_| !sink.findings.is_empty()).map(|text| Input::quoting(root, models::PATH.to_string(), &text, &sink.findings));
    ModelCatalog { catalog, findings: sink.findings, input }
}

/// The name table read from `root/names.toml`.
pub struct NameTable {
    /// `None` when there is none or it could not be read at all (the built-in one applies).
    pub names: Option<Names>,
    pub findings: Vec<Finding>,
    /// The table's text, when a finding quotes it.
    pub input: Option<Input>,
}

/// Reads the name table; a missing one is no finding (the built-in names apply), a malformed
/// one is, and the build goes on.
pub fn read_names(root: &Path) -> NameTable {
    let mut sink = Sink::new(names::PATH);
    let text = read::exists(root, names::PATH).then(|| read::text(root, names::PATH, &mut sink)).flatten();
    let table = text.as_deref().map(|text| names::parse(text, &mut sink)).filter(|n| !n.is_empty());
    let input = text.filter(|_| !sink.findings.is_empty()).map(|text| Input::quoting(root, names::PATH.to_string(), &text, &sink.findings));
    NameTable { names: table, findings: sink.findings, input }
}

/// Reads and parses every result candidate under `root`: `ingest_files`, put together.
pub fn ingest(root: &Path, models: Option<&Catalog>, names: Option<&Names>) -> Ingested {
    let files = ingest_files(root, models, names);
    let mut all = Ingested { outputs: Vec::with_capacity(files.len()), inputs: Vec::new(), dropped: Vec::with_capacity(files.len()) };
    for (_, one) in files {
        all.append(one);
    }
    all
}

/// `ingest_file` for every file of `content_files` that gives something, by content path.
/// Files are parsed in parallel (rayon), each on its own; the list is in the sorted order of
/// the paths, so the runs, findings and inputs come in the same order as a serial read.
pub fn ingest_files(root: &Path, models: Option<&Catalog>, names: Option<&Names>) -> Vec<(String, Ingested)> {
    use rayon::prelude::*;
    content_files(root)
        .into_par_iter()
        .map(|rel| {
            let one = ingest_file(root, &rel, models, names);
            (rel, one)
        })
        .filter(|(_, one)| !one.is_empty())
        .collect()
}

impl Ingested {
    /// Nothing read.
    pub fn empty() -> Self {
        Ingested { outputs: Vec::new(), inputs: Vec::new(), dropped: Vec::new() }
    }

    /// `other`'s outputs, texts and fingerprints after these.
    pub fn append(&mut self, mut other: Ingested) {
        self.outputs.append(&mut other.outputs);
        self.inputs.append(&mut other.inputs);
        self.dropped.append(&mut other.dropped);
    }

    /// True when the file gave the build nothing (docs, catalogs, a sidecar beside its file:
    /// read elsewhere).
    pub fn is_empty(&self) -> bool {
        self.outputs.is_empty() && self.inputs.is_empty() && self.dropped.is_empty()
    }
}

/// What one file of `content_files` gives: a skipped file's finding, or a result candidate's
/// output (its sidecar's first, when the sidecar has findings), the lines its findings quote
/// and its text's fingerprint; nothing for the files read elsewhere (docs, catalogs,
/// a sidecar beside its file). `ingest` is these in file order; `serve` calls it for the
/// files an edit touched.
pub fn ingest_file(root: &Path, rel: &str, models: Option<&Catalog>, names: Option<&Names>) -> Ingested {
    let mut one = Ingested::empty();
    if let Some(out) = skipped(root, rel) {
        one.outputs.push(out);
        return one;
    }
    if !is_scanned(rel) {
        return one;
    }
    let rel = rel.to_string();
    let mut sink = Sink::new(&rel);
    let meta = read_sidecar(root, &rel, &mut one.outputs, &mut one.inputs);
    let Some(text) = read::text(root, &rel, &mut sink) else {
        one.outputs.push(FileOutput {
            source: SourceFile { path: rel.clone(), kind: "unreadable".into(), ..SourceFile::default() },
            runs: Vec::new(),
            findings: sink.findings,
        });
        return one;
    };
    let mut out = parse_file_with(&rel, &text, Context { meta: meta.as_ref(), models, names });
    // A build holds every run to the end: the runs of a file share their tables' key lists
    // (a log's blocks print the same rows).
    let mut lists = benchsite_model::map::KeyLists::default();
    benchsite_model::Run::share_all(&mut out.runs, &mut lists);
    if !sink.findings.is_empty() {
        // The reading's findings first; the parse's (one per run of a large log) are not
        // copied when there are none.
        let mut findings = sink.findings;
        findings.append(&mut out.findings);
        out.findings = findings;
    }
    // The text is dropped here: the diagnostics keep the lines they quote, the file's page
    // reads it again.
    if !out.findings.is_empty() {
        one.inputs.push(Input::quoting(root, rel.clone(), &text, &out.findings));
    }
    one.dropped.push((rel, Fingerprint::of(&text)));
    one.outputs.push(out);
    one
}

/// Reads `<file>.meta.toml` beside `rel` if present; its findings go to their own output.
fn read_sidecar(root: &Path, rel: &str, outputs: &mut Vec<FileOutput>, inputs: &mut Vec<Input>) -> Option<Meta> {
    let side_rel = format!("{rel}.meta.toml");
    if !read::exists(root, &side_rel) {
        return None;
    }
    let mut sink = Sink::new(&side_rel);
    let text = read::text(root, &side_rel, &mut sink);
    let meta = text.as_deref().map(|text| sidecar::parse(text, &mut sink));
    if !sink.findings.is_empty() {
        let lines = text.as_deref().map_or(0, |t| t.lines().count() as u32);
        outputs.push(FileOutput {
            source: SourceFile { path: side_rel.clone(), kind: "sidecar".into(), lines, ..SourceFile::default() },
            runs: Vec::new(),
            findings: sink.findings,
        });
        if let Some(text) = text {
            inputs.push(Input::quoting(root, side_rel, &text, &outputs.last().expect("pushed above").findings));
        }
    }
    meta
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
