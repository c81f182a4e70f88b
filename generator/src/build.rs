//! `check` (read and report) and `build` (read, report, write). The output folder is
//! claimed first (`output.rs`: refused when it could hold anything but a previous site,
//! locked against a second build, healed after a crash), the site is written into a staging
//! folder of this build's own and swapped in at the end, so a failed build leaves the
//! previous site as it was and files that no longer belong disappear.

use crate::content::{self, Fingerprint, Input};
use crate::output::{self, Output, Sources};
use crate::site::lang::Lang;
use crate::site::charts::Charts;
use crate::site::pages::{self, Written};
use crate::site::texts::Texts;
use crate::site::urls::Urls;
use crate::site::{self as site_mod, SiteContent};
use benchsite_ingest::models::Catalog;
use benchsite_ingest::names::Names;
use benchsite_ingest::assemble;
use benchsite_model::{Run, RunsFile, Severity};
use benchsite_viewer::store::Store;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// Page shell folder (`templates/`, `assets/`); `None` uses the copy built into the binary.
    pub www: Option<PathBuf>,
    /// Prefix for links when the site is served below the domain root (`/repo/`).
    pub base_url: Option<String>,
    /// The explorer's wasm-bindgen output (`cargo xtask site` passes it); without it the
    /// explore page shows its full table and no script.
    pub viewer: Option<PathBuf>,
    /// Runs per shard of the explorer's data (`data/explore/`); `None`: the default,
    /// `benchsite_viewer::columns::SHARD_RUNS`.
    pub explore_shard_runs: Option<usize>,
}

/// What a check or build found.
pub struct Outcome {
    pub data: RunsFile,
    /// The files with findings (content and site files), with the lines the diagnostics quote.
    pub inputs: Vec<Input>,
    /// The parsed files, whose texts were dropped after parsing: their fingerprints, by
    /// content path, so their pages can read them again (`site::texts`).
    pub dropped_texts: Vec<(String, Fingerprint)>,
    pub files: usize,
    pub site: SiteContent,
    /// What `build` wrote; `None` for `check`, or when errors kept the site from being written.
    pub written: Option<Written>,
    /// Why the site was not written, when it was not.
    pub blocked: Option<String>,
    /// What the output folder's handling wants the user to know (a folder taken without the
    /// marker, a half-done swap healed); printed as notes.
    pub notices: Vec<String>,
    pub elapsed: Duration,
}

impl Outcome {
    pub fn count(&self, severity: Severity) -> usize {
        self.data.findings.iter().filter(|f| f.severity == severity).count()
    }

    /// `read 4 files: 95 runs, 0 errors, 9 warnings, 30 notes; wrote 11 pages (zh) + 11
    /// pages (en), 27 files in 41 ms`.
    pub fn summary(&self) -> String {
        let read = format!(
            "read {} files: {} runs, {} errors, {} warnings, {} notes",
            self.files,
            self.data.runs.len(),
            self.count(Severity::Error),
            self.count(Severity::Warning),
            self.count(Severity::Info),
        );
        let wrote = match (&self.written, &self.blocked) {
            (Some(w), _) => {
                let per_lang: Vec<String> = w.pages.iter().map(|(l, n)| format!("{n} pages ({})", l.code())).collect();
                format!("; wrote {}, {} files", per_lang.join(" + "), w.files)
            }
            (None, Some(why)) => format!("; site NOT written ({why})"),
            (None, None) => String::new(),
        };
        format!("{read}{wrote} in {} ms", self.elapsed.as_millis())
    }
}

/// How the result files are read: `content::ingest`, or `serve`'s reading, which also keeps
/// what each file gave so that a rebuild reads only the files an edit touched
/// (`serve/rebuild.rs`).
pub(crate) type Ingest<'a> = &'a mut dyn FnMut(&Path, Option<&Catalog>, Option<&Names>) -> content::Ingested;

/// Reads and parses the content folder.
pub fn check(content_dir: &Path) -> Result<Outcome, String> {
    check_with(content_dir, &mut content::ingest)
}

pub(crate) fn check_with(content_dir: &Path, ingest: Ingest) -> Result<Outcome, String> {
    let started = Instant::now();
    content_exists(content_dir)?;
    crate::phases::start();
    let models = content::read_models(content_dir);
    let names = content::read_names(content_dir);
    let content::Ingested { outputs, mut inputs, dropped: dropped_texts } = ingest(content_dir, models.catalog.as_ref(), names.names.as_ref());
    crate::phases::mark("read + parse");
    let files = outputs.iter().filter(|o| o.source.kind != "sidecar").count();
    let mut data = assemble(outputs);
    // Lists grown one entry at a time keep room to grow (a finding's values and runs, room
    // for four where most have one; a run's source lines, room for 32 where a block has 25):
    // given back, since a build holds every run and finding to the end.
    for finding in &mut data.findings {
        finding.values.shrink_to_fit();
        finding.runs.shrink_to_fit();
    }
    for run in &mut data.runs {
        run.source.lines.shrink_to_fit();
        run.findings.shrink_to_fit();
    }
    crate::phases::mark("assemble");
    // Extended by exactly what comes (a list of one finding per run doubled here).
    data.findings.reserve_exact(models.findings.len() + names.findings.len());
    data.findings.extend(models.findings);
    inputs.extend(models.input);
    data.findings.extend(names.findings);
    inputs.extend(names.input);
    let (site, findings) = site_mod::load(content_dir, &pages::published_paths(&data));
    crate::phases::mark("site content");
    resolve_params(&mut data.runs, &site, models.catalog.as_ref());
    for (rel, text) in &site.texts {
        if findings.iter().any(|f| f.path == rel) {
            inputs.push(Input::quoting(content_dir, rel.clone(), text, &findings));
        }
    }
    data.findings.reserve_exact(findings.len());
    data.findings.extend(findings);
    crate::phases::mark("site findings");
    Ok(Outcome { data, inputs, dropped_texts, files, site, written: None, blocked: None, notices: Vec::new(), elapsed: started.elapsed() })
}

/// Runs a thread resolves at a time: enough that the hand-over costs nothing.
const RUN_CHUNK: usize = 1024;

/// Each run's effective parameters and what its memory fraction leaves for the KV cache.
/// Each run's depend on that run alone: resolved in parallel, in chunks; then the runs of a
/// chunk that resolved alike hold one copy of their parameters again (writing them gave each
/// run its own: `Run::share_parts`).
pub(crate) fn resolve_params(runs: &mut [Run], site: &SiteContent, models: Option<&Catalog>) {
    let parameters = |family: Option<&str>| models.zip(family).and_then(|(c, f)| c.get(f)).and_then(|m| m.parameters_billion);
    runs.par_chunks_mut(RUN_CHUNK).for_each(|runs| {
        site.tuning.apply(runs);
        for run in runs.iter_mut() {
            let kv = benchsite_model::memory::for_run(run, &site.tuning, parameters(run.family.as_deref()));
            // Written only when there is something to write or clear: `params` is allocated on
            // its first write (`model::Rare`), and most runs of a log of bare blocks have none.
            if kv.is_some() || run.params.kv_memory.is_some() {
                run.params.kv_memory = kv.map(Box::new);
            }
        }
        for i in 1..runs.len() {
            let (before, rest) = runs.split_at_mut(i);
            rest[0].params.share_with(&before[i - 1].params);
        }
    });
    crate::phases::mark("effective params");
}

fn content_exists(content_dir: &Path) -> Result<(), String> {
    if content_dir.is_dir() {
        return Ok(());
    }
    Err(format!(
        "content folder {} does not exist; pass --content <DIR> or create it with your result files",
        content_dir.display()
    ))
}

/// Parses the content and writes the site into `opts.out`. The output folder is claimed
/// (checked and locked) before anything is read and held until the site is in place.
pub fn build(opts: &BuildOptions) -> Result<Outcome, String> {
    build_with(opts, &mut content::ingest)
}

pub(crate) fn build_with(opts: &BuildOptions, ingest: Ingest) -> Result<Outcome, String> {
    let started = Instant::now();
    content_exists(&opts.content)?;
    let sources = Sources { content: &opts.content, www: opts.www.as_deref(), viewer: opts.viewer.as_deref() };
    let mut output = Output::claim(&opts.out, &sources)?;
    let mut outcome = check_with(&opts.content, ingest)?;
    let blocking = SiteContent::blocking(&outcome.data.findings);
    if !blocking.is_empty() {
        outcome.blocked = Some(format!("{} error(s) in the UI string catalogs; the previous output was left as it was", blocking.len()));
    } else {
        let staging = output.staging();
        let written = write_site(&staging, &mut outcome, opts, &Only::EVERYTHING).and_then(|w| {
            output.publish(&staging).map_err(|e| e.to_string())?;
            Ok(w)
        });
        match written {
            Ok(w) => outcome.written = Some(w),
            Err(e) => {
                let _ = std::fs::remove_dir_all(&staging);
                return Err(format!("could not write the site to {}: {e}; the previous output was left as it was", opts.out.display()));
            }
        }
    }
    outcome.notices = std::mem::take(&mut output.notes);
    outcome.elapsed = started.elapsed();
    Ok(outcome)
}

/// What a write renders: everything for `build`; for `serve`'s rebuilds, the pages an edit
/// touched (by their path inside a language folder, `results/vllm/A100_v0.10.1/`), without
/// `runs.json`, which `serve` writes from the previous file (`serve/rebuild.rs`). The small
/// files beside the pages (root chooser, 404, sitemap, assets) are always written.
pub(crate) struct Only<'a> {
    pub pages: &'a (dyn Fn(&str) -> bool + Sync),
    pub runs_json: bool,
    /// The runs in the explorer's columns when already made from the same data (`serve`'s
    /// two writes of one rebuild share them).
    pub charts: Option<&'a Charts>,
}

impl Only<'_> {
    pub const EVERYTHING: Only<'static> = Only { pages: &|_| true, runs_json: true, charts: None };
}

/// Writes the site. The runs are lent to the pages (shared, so rows made on demand can hold
/// them, not copied) and given back to `outcome` at the end.
pub(crate) fn write_site(dir: &Path, outcome: &mut Outcome, opts: &BuildOptions, only: &Only) -> Result<Written, String> {
    let data = Arc::new(std::mem::take(&mut outcome.data));
    let written = write_shared(dir, outcome, &data, opts, only);
    outcome.data = Arc::try_unwrap(data).unwrap_or_else(|shared| (*shared).clone());
    written
}

fn write_shared(dir: &Path, outcome: &Outcome, data: &Arc<RunsFile>, opts: &BuildOptions, only: &Only) -> Result<Written, String> {
    std::fs::create_dir_all(dir.join("data")).map_err(|e| e.to_string())?;
    let urls = Urls::new(opts.base_url.as_deref());
    let shell = crate::site::shell::Shell::new(opts.www.as_deref());
    let progress = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} pages") {
        progress.set_style(style);
    }
    let texts = Texts::new(opts.content.clone(), outcome.dropped_texts.iter().cloned().collect());
    let sources = pages::SourceInputs { data, site: &outcome.site, texts: &texts, urls: &urls, shell: &shell };
    // Output that needs nothing of the rest is written beside it, on the page threads
    // (rayon: no thread of its own to start, so a process at its thread limit still builds):
    // `runs.json` from the start; the charts' store is made while the source pages (which
    // stream their files, never held whole) are written; then the explorer's data, made a
    // shard at a time from that store, beside the pages. Errors are reported in that order.
    let runs_json = || if only.runs_json { crate::runs_json::write_all(&dir.join("data/runs.json"), data).map(drop) } else { Ok(()) };
    let (json, (sourced, explored, written)) = rayon::join(runs_json, || {
        // Made here unless the caller has one: `serve` shares one store between its two writes.
        let (sourced, built) = rayon::join(|| pages::write_sources(dir, &sources, &progress, only.pages), || only.charts.is_none().then(|| Charts::new(&data.runs)));
        crate::phases::mark("source pages + charts");
        let Some(charts) = only.charts.or(built.as_ref()).filter(|_| sourced.is_ok()) else {
            return (sourced, Ok(()), Ok(Written::default()));
        };
        // The explorer's data goes with the explore page (a serve rebuild writes it with the
        // pages that show every run).
        let shard_runs = opts.explore_shard_runs.unwrap_or(benchsite_viewer::columns::SHARD_RUNS);
        let explore = || if (only.pages)("explore/") { write_explore(dir, data, charts.store(), shard_runs) } else { Ok(()) };
        let inputs = pages::Inputs { data, site: &outcome.site, urls: &urls, shell: &shell, viewer: opts.viewer.as_deref(), charts };
        let (explored, written) = rayon::join(explore, || pages::write_some(dir, &inputs, &progress, only.pages));
        (sourced, explored, written)
    });
    crate::phases::mark("pages, runs.json, explorer data");
    progress.finish_and_clear();
    sourced?;
    json?;
    explored?;
    let mut written = written?;
    // Written last: a staging folder with the marker is a finished site (see `output.rs`).
    std::fs::write(dir.join(output::MARKER), output::MARKER_TEXT).map_err(|e| e.to_string())?;
    written.files += 2;
    debug_assert!(Lang::ALL.iter().all(|l| written.pages.contains_key(l)));
    Ok(written)
}

/// The explorer's own data (`data/explore/`, see `benchsite_viewer::columns`): the index,
/// and per shard its columns and its runs' details, written one shard at a time. `store`:
/// the runs' own (`Charts::store`), shared with the charts rather than made again.
pub fn write_explore(dir: &Path, data: &RunsFile, store: &Store, shard_runs: usize) -> Result<(), String> {
    use benchsite_viewer::columns;
    let to = dir.join(columns::DIR);
    std::fs::create_dir_all(&to).map_err(|e| format!("could not create {}: {e}", to.display()))?;
    columns::write_to(store, &data.runs, &data.findings, shard_runs, &mut ExploreDir(&to))
}

/// The explorer's data as files in a folder.
struct ExploreDir<'a>(&'a Path);

impl ExploreDir<'_> {
    fn put(&self, name: &str, text: &str) -> Result<(), String> {
        std::fs::write(self.0.join(name), text).map_err(|e| format!("could not write {}/{name}: {e}", self.0.display()))
    }
}

impl benchsite_viewer::columns::Out for ExploreDir<'_> {
    fn shard(&mut self, k: usize, columns: &str, details: &str) -> Result<(), String> {
        self.put(&format!("{k}.txt"), columns)?;
        self.put(&format!("{k}.params.txt"), details)
    }

    fn set_hash(&mut self, k: usize, at: usize, hash: &str) -> Result<(), String> {
        use std::io::{Seek, SeekFrom, Write};
        let path = self.0.join(format!("{k}.txt"));
        let fail = |e: std::io::Error| format!("could not write {}: {e}", path.display());
        let mut file = std::fs::OpenOptions::new().write(true).open(&path).map_err(fail)?;
        file.seek(SeekFrom::Start(at as u64)).and_then(|_| file.write_all(hash.as_bytes())).map_err(fail)
    }

    fn index(&mut self, text: &str) -> Result<(), String> {
        self.put(benchsite_viewer::columns::INDEX, text)
    }
}

