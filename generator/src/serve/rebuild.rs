//! `serve`'s rebuilds: after an edit to result files, only those files are read again and
//! only the pages whose inputs changed are rendered again; anything else (an edit to the UI
//! strings, docs, catalogs, the page shell, or a file no result file depends on) rebuilds the
//! whole site as `benchsite build` does.
//!
//! The previous build stays in memory: its `Outcome` (runs, findings, texts, site content)
//! and, per content file that gave something (a *unit*: a result candidate with its sidecar,
//! a skipped file), how many sources, runs and findings it added, in the order `assemble`
//! laid them out. A rebuild moves the untouched units' runs and findings into place (finding
//! numbers shifted by what the edited files added or removed before them), parses the edited
//! units alone, and decides which pages read them:
//! - the result pages and source pages of the edited files (a removed file's are deleted);
//! - the pages that show every run: home, explore, tuning, and `runs.json`;
//! - the compare pages whose pair involves an edited file or appeared, and the result pages
//!   whose list of comparisons changed;
//! - every result and compare page when the set of (framework, version, GPU) of the runs
//!   changed: a chart's series shade is its rank among its framework's (version, GPU) pairs;
//!   (which metrics exist at all is not tracked: a metric that only edited files have or had
//!   has no value in any other file's runs, so no other page's chart or comparison shows it);
//! - the docs when the set of result pages changed (their links to results).
//!
//! The pages are rendered into a staging folder beside the output and renamed into it one by
//! one (a reader never sees half a file), those that came out byte-identical left alone; the
//! edited files' result pages first, `runs.json` last. The build number that makes open pages
//! reload moves only after that, when every page agrees with every other. A test builds the
//! same content from scratch after each kind of edit and compares the two folders byte for
//! byte (`generator/tests/serve_rebuild.rs`).

use crate::build::{self, BuildOptions, Only, Outcome};
use crate::content::{self, Fingerprint, Ingested, Input};
use crate::output::{Output, Sources};
use crate::site::charts::Charts;
use crate::site::lang::Lang;
use crate::site::urls::file_of;
use crate::site::{self as site_mod, compare, pages};
use crate::runs_json;
use benchsite_ingest::layout::{role, Role};
use benchsite_viewer::columns;
use benchsite_ingest::models::Catalog;
use benchsite_ingest::names::Names;
use benchsite_ingest::assemble;
use benchsite_model::{result_page, Finding, Run, RunsFile, SourceFile};
use benchsite_viewer::store::{Piece, Store};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The site being served and what it was built from.
pub struct Live {
    opts: BuildOptions,
    last: Result<Outcome, String>,
    /// Set when `last` is a written site that a rebuild may start from.
    kept: Option<Kept>,
}

/// What a rebuild needs besides the outcome.
struct Kept {
    units: Vec<Unit>,
    /// Findings after the units': the model catalog's and the name table's (they change only
    /// with a full rebuild), then the site content's.
    fixed: usize,
    index: PageIndex,
    /// Where each element of the served `runs.json` lies, when known.
    layout: Option<runs_json::Layout>,
    /// Every run in the explorer's columns, row `i` being run `i` of the outcome: a rebuild
    /// joins its rows with those of the files read again (`Store::concat`) instead of making
    /// it from every run.
    charts: Charts,
}

/// One content file that gave the build something (`content::ingest_file`).
#[derive(Clone)]
struct Unit {
    rel: String,
    /// The files its reading depends on: itself and its sidecar (for an orphan sidecar, the
    /// file it would describe: when that appears, the sidecar stops being a unit).
    deps: Vec<String>,
    sources: usize,
    runs: usize,
    findings: usize,
    /// The texts it read and kept, by `Input::rel`.
    inputs: Vec<String>,
    /// The texts it read and dropped after parsing, by content path (its result page reads
    /// them again through `site::texts`).
    dropped: Vec<(String, Fingerprint)>,
}

/// A unit's share of the data, taken out of the previous build or parsed again.
struct Chunk {
    sources: Vec<SourceFile>,
    runs: Vec<Run>,
    findings: Vec<Finding>,
    /// Where its findings started in the data its runs' finding numbers point into.
    findings_at: usize,
    /// Where its sources, runs and findings were in the previous data (`None`: parsed again).
    was: Option<[usize; 3]>,
}

const RUNS_JSON: &str = "data/runs.json";

/// What a rebuild changed, for the note after it.
pub struct Rebuilt {
    pub files_read: usize,
    pub pages: usize,
    pub removed: usize,
    /// From the end of the previous build's reading to the edited files' pages in place, and
    /// to everything in place.
    pub first_ms: u128,
}

impl Live {
    /// The first build.
    pub fn start(opts: BuildOptions) -> Live {
        let mut live = Live { opts, last: Err(String::new()), kept: None };
        live.full();
        live
    }

    pub fn last(&self) -> Result<&Outcome, &str> {
        self.last.as_ref().map_err(String::as_str)
    }

    /// True when the last build wrote the site (the build number moves).
    pub fn written(&self) -> bool {
        matches!(&self.last, Ok(o) if o.written.is_some())
    }

    /// Rebuilds after the files `changed` (absolute paths) changed; false when none of them
    /// is content or page shell (an editor's hidden swap file), and nothing was done.
    pub fn rebuild(&mut self, changed: &[PathBuf]) -> bool {
        let content = self.opts.content.clone();
        let mut rels = BTreeSet::new();
        for path in changed {
            match path.strip_prefix(&content).ok().map(|r| r.to_string_lossy().replace('\\', "/")) {
                // Hidden files are not content (`content::content_files`): an editor's swap file.
                Some(rel) if rel.split('/').any(|p| p.starts_with('.')) => {}
                Some(rel) => {
                    rels.insert(rel);
                }
                // The page shell.
                None => {
                    eprintln!("change detected in the page shell; rebuilding");
                    return self.full();
                }
            }
        }
        if rels.is_empty() {
            return false;
        }
        eprintln!("change detected in {} file(s); rebuilding", rels.len());
        let Some(kept) = self.kept.take() else { return self.full() };
        let Ok(mut outcome) = std::mem::replace(&mut self.last, Err(String::new())) else { return self.full() };
        match rebuild(&self.opts, &mut outcome, kept, &rels) {
            Ok(Some((kept, rebuilt))) => {
                outcome.notices = vec![format!(
                    "rebuilt after an edit: read {} file(s) again, rewrote {} page(s) and removed {}; the edited files' pages in place after {} ms, everything after {} ms",
                    rebuilt.files_read, rebuilt.pages, rebuilt.removed, rebuilt.first_ms, outcome.elapsed.as_millis()
                )];
                self.last = Ok(outcome);
                self.kept = Some(kept);
            }
            // Not an edit a rebuild can follow (see `rebuild`).
            Ok(None) => return self.full(),
            Err(e) => {
                // The output may hold a mix of old and new pages: build it whole again.
                eprintln!("error: {}; building the whole site again", crate::diagnostics::printable(&e));
                return self.full();
            }
        }
        true
    }

    /// Builds everything, as `benchsite build`, keeping what each file gave.
    fn full(&mut self) -> bool {
        let mut units = Vec::new();
        let mut ingest = |root: &Path, models: Option<&Catalog>, names: Option<&Names>| {
            let files = content::ingest_files(root, models, names);
            let mut all = Ingested::empty();
            units.reserve(files.len());
            for (rel, one) in files {
                units.push(Unit::new(root, rel, &one));
                all.append(one);
            }
            all
        };
        self.last = build::build_with(&self.opts, &mut ingest);
        self.kept = match &self.last {
            Ok(outcome) if outcome.written.is_some() => {
                let root = &self.opts.content;
                let fixed = content::read_models(root).findings.len() + content::read_names(root).findings.len();
                let data = &outcome.data;
                let layout = runs_json::scan(&self.opts.out.join(RUNS_JSON))
                    .filter(|l| (l.sources.len(), l.runs.len(), l.findings.len()) == (data.sources.len(), data.runs.len(), data.findings.len()));
                let charts = Charts::new(&data.runs);
                Some(Kept { units, fixed, index: PageIndex::new(data, &outcome.site, charts.store()), layout, charts })
            }
            _ => None,
        };
        true
    }
}

impl Unit {
    fn new(root: &Path, rel: String, one: &Ingested) -> Unit {
        let deps = deps_of(root, &rel).unwrap_or_else(|| vec![rel.clone()]);
        Unit {
            deps,
            sources: one.outputs.len(),
            runs: one.outputs.iter().map(|o| o.runs.len()).sum(),
            findings: one.outputs.iter().map(|o| o.findings.len()).sum(),
            inputs: one.inputs.iter().map(|i| i.rel.clone()).collect(),
            dropped: one.dropped.clone(),
            rel,
        }
    }
}

/// The files a content file's reading depends on, when it is a unit (as `content::ingest_file`
/// decides: a result candidate, a skipped file, a sidecar without its file).
fn deps_of(root: &Path, rel: &str) -> Option<Vec<String>> {
    match role(rel) {
        Role::Results => Some(vec![rel.to_string(), format!("{rel}.meta.toml")]),
        Role::Skipped(_) => Some(vec![rel.to_string()]),
        Role::Sidecar { of } if !root.join(of).exists() => Some(vec![rel.to_string(), of.to_string()]),
        Role::Sidecar { .. } | Role::Read(_) => None,
    }
}

/// The rebuild itself; `Ok(None)` when the edit touched something only a full build reads.
fn rebuild(opts: &BuildOptions, outcome: &mut Outcome, kept: Kept, changed: &BTreeSet<String>) -> Result<Option<(Kept, Rebuilt)>, String> {
    let started = Instant::now();
    let root = &opts.content;
    let listed: Vec<(String, Vec<String>)> = content::content_files(root).into_iter().filter_map(|rel| deps_of(root, &rel).map(|d| (rel, d))).collect();
    let deps: HashSet<&str> = kept.units.iter().flat_map(|u| &u.deps).chain(listed.iter().flat_map(|(_, d)| d)).map(String::as_str).collect();
    if changed.iter().any(|c| !deps.contains(c.as_str())) {
        return Ok(None);
    }
    let old: HashMap<&str, &Unit> = kept.units.iter().map(|u| (u.rel.as_str(), u)).collect();
    // A link's target may have changed without the link: links are read again every time.
    let linked = |rel: &str| root.join(rel).symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
    let dirty = |rel: &str, deps: &[String]| !old.contains_key(rel) || deps.iter().any(|d| changed.contains(d) || linked(d));

    let models = content::read_models(root);
    let names = content::read_names(root);
    let previous = std::mem::take(&mut outcome.data);
    let (mut chunks, mut tail_findings, schema) = split(previous, &kept.units);
    let mut owned: HashMap<String, Input> = HashMap::new();
    let mut others = Vec::new();
    let unit_inputs: HashSet<&str> = kept.units.iter().flat_map(|u| &u.inputs).map(String::as_str).collect();
    for input in std::mem::take(&mut outcome.inputs) {
        if unit_inputs.contains(input.rel.as_str()) {
            owned.insert(input.rel.clone(), input);
        } else {
            others.push(input);
        }
    }

    let mut data = RunsFile { schema, ..RunsFile::default() };
    let mut units = Vec::with_capacity(listed.len());
    let mut inputs = Vec::new();
    let mut read_again = Vec::new();
    let mut parts = Vec::new();
    let mut rows = Vec::new();
    for (rel, deps) in listed {
        let (chunk, unit) = if dirty(&rel, &deps) {
            let one = content::ingest_file(root, &rel, models.catalog.as_ref(), names.names.as_ref());
            if one.is_empty() {
                continue;
            }
            let unit = Unit::new(root, rel.clone(), &one);
            inputs.extend(one.inputs);
            let mut mini = assemble(one.outputs);
            build::resolve_params(&mut mini.runs, &outcome.site, models.catalog.as_ref());
            read_again.push(rel.clone());
            (Chunk { sources: mini.sources, runs: mini.runs, findings: mini.findings, findings_at: 0, was: None }, unit)
        } else {
            let (Some(chunk), Some(&unit)) = (chunks.remove(rel.as_str()), old.get(rel.as_str())) else { return Ok(None) };
            let unit = unit.clone();
            inputs.extend(unit.inputs.iter().filter_map(|r| owned.remove(r)));
            (chunk, unit)
        };
        rows.push(Rows::of(&data, &chunk));
        parts.push(place(&mut data, chunk));
        units.push(unit);
    }
    // What the units read again or gone had given before: their pages show it no more.
    let gone: Vec<String> = chunks.into_values().flat_map(|c| c.sources).map(|s| s.path).collect();
    let site_findings = tail_findings.split_off(kept.fixed.min(tail_findings.len()));
    data.findings.extend(tail_findings);

    let published = pages::published_paths(&data);
    if published != kept.index.published {
        // The docs link to result pages: read the site content again for its findings.
        let (site, findings) = site_mod::load(root, &published);
        others.retain(|i| !outcome.site.texts.iter().any(|(rel, _)| *rel == i.rel));
        for (rel, text) in &site.texts {
            if findings.iter().any(|f| f.path == rel) {
                others.push(Input::quoting(root, rel.clone(), text, &findings));
            }
        }
        outcome.site = site;
        data.findings.extend(findings);
    } else {
        data.findings.extend(site_findings);
    }
    inputs.extend(others);
    outcome.files = data.sources.iter().filter(|s| s.kind != "sidecar").count();
    outcome.inputs = inputs;
    // The texts dropped after parsing: the untouched units' as before, the edited ones' as
    // just read (a result page re-rendered reads its text again and refuses a changed one).
    outcome.dropped_texts = units.iter().flat_map(|u| u.dropped.iter().cloned()).collect();
    outcome.data = data;

    // Written beside the output, then moved in: the edited files' pages first (decided from
    // the new data alone), then the other pages the edit touched, runs.json last.
    let edited: BTreeSet<String> = read_again.iter().chain(&gone).map(|p| result_page(p)).collect();
    let first: BTreeSet<String> = published.iter().map(|p| result_page(p)).filter(|rel| edited.contains(rel)).collect();
    let sources = Sources { content: &opts.content, www: opts.www.as_deref(), viewer: opts.viewer.as_deref() };
    let output = Output::claim(&opts.out, &sources)?;
    let staging = output.staging();
    let mut layout = kept.layout;
    let mut moved = 0;
    let charts = joined(&kept.charts, &rows, &outcome.data.runs);
    let done = (|| {
        if !first.is_empty() {
            let only = |rel: &str| first.contains(rel);
            build::write_site(&staging, outcome, opts, &Only { pages: &only, runs_json: false, charts: Some(&charts) })?;
            moved += move_into(&staging, &opts.out)?;
            let _ = std::fs::remove_dir_all(&staging);
        }
        let first_ms = started.elapsed().as_millis();
        let index = PageIndex::new(&outcome.data, &outcome.site, charts.store());
        let select = touched(&index, &kept.index, &read_again, &gone);
        let removed: Vec<&String> = kept.index.pages.difference(&index.pages).collect();
        let rest = |rel: &str| select.contains(rel) && !first.contains(rel);
        let written = build::write_site(&staging, outcome, opts, &Only { pages: &rest, runs_json: false, charts: Some(&charts) })?;
        let previous = opts.out.join(RUNS_JSON);
        layout = Some(runs_json::write(&staging.join(RUNS_JSON), &outcome.data, &parts, layout.as_ref().map(|l| (previous.as_path(), l)))?);
        moved += move_into(&staging, &opts.out)?;
        for rel in &removed {
            for lang in Lang::ALL {
                remove_page(&opts.out, &format!("{}/{}", lang.code(), file_of(rel)));
            }
            // A result page's file has its source page, one for both languages.
            if let Some(stem) = rel.strip_prefix("results/") {
                remove_page(&opts.out, &file_of(&format!("source/{stem}")));
            }
        }
        outcome.written = Some(written);
        let removed = removed.len();
        Ok::<_, String>((first_ms, index, removed))
    })();
    let _ = std::fs::remove_dir_all(&staging);
    drop(output);
    let (first_ms, index, removed) = done?;
    outcome.elapsed = started.elapsed();
    let rebuilt = Rebuilt { files_read: read_again.len(), pages: moved, removed: removed * Lang::ALL.len(), first_ms };
    Ok(Some((Kept { units, fixed: kept.fixed, index, layout, charts }, rebuilt)))
}

/// The pages an edit touched (see the top of this file): `read_again` and `gone` are the
/// source paths of the units read again and of what they and the units gone gave before.
fn touched(index: &PageIndex, before: &PageIndex, read_again: &[String], gone: &[String]) -> BTreeSet<String> {
    let edited: BTreeSet<&str> = read_again.iter().chain(gone).map(String::as_str).collect();
    let mut select: BTreeSet<String> = ["", "explore/", "tuning/"].into_iter().map(String::from).collect();
    select.extend(edited.iter().map(|p| result_page(p)).filter(|rel| index.pages.contains(rel)));
    if index.series != before.series {
        select.extend(index.results.values().cloned());
        select.extend(index.pairs.keys().cloned());
    }
    for (rel, pair) in &index.pairs {
        if before.pairs.get(rel) != Some(pair) || edited.contains(pair.base.as_str()) || edited.contains(pair.candidate.as_str()) {
            select.insert(rel.clone());
        }
    }
    for (path, rel) in &index.results {
        if index.links.get(path) != before.links.get(path) {
            select.insert(rel.clone());
        }
    }
    if index.published != before.published {
        select.extend(index.docs.iter().cloned());
    }
    select
}

/// The previous data cut into the units' chunks, in the order `assemble` laid them out; then
/// the findings after the last unit, and the schema.
fn split(data: RunsFile, units: &[Unit]) -> (HashMap<&str, Chunk>, Vec<Finding>, String) {
    let RunsFile { schema, sources, runs, findings } = data;
    let (mut sources, mut runs, mut findings) = (sources.into_iter(), runs.into_iter(), findings.into_iter());
    let mut out = HashMap::with_capacity(units.len());
    let (mut sources_at, mut runs_at, mut findings_at) = (0, 0, 0);
    for u in units {
        let chunk = Chunk {
            sources: sources.by_ref().take(u.sources).collect(),
            runs: runs.by_ref().take(u.runs).collect(),
            findings: findings.by_ref().take(u.findings).collect(),
            findings_at,
            was: Some([sources_at, runs_at, findings_at]),
        };
        (sources_at, runs_at, findings_at) = (sources_at + u.sources, runs_at + u.runs, findings_at + u.findings);
        out.insert(u.rel.as_str(), chunk);
    }
    (out, findings.collect(), schema)
}

/// Where a chunk's runs come from in the charts' store: rows of the previous store (their
/// finding numbers moved by `shift`), or runs parsed again, at `rows` of the new data.
enum Rows {
    Kept { rows: Range<usize>, shift: i64 },
    Parsed { rows: Range<usize> },
}

impl Rows {
    /// Said before `place` appends the chunk to `data`.
    fn of(data: &RunsFile, chunk: &Chunk) -> Rows {
        let n = chunk.runs.len();
        match chunk.was {
            Some([_, at, _]) => Rows::Kept { rows: at..at + n, shift: data.findings.len() as i64 - chunk.findings_at as i64 },
            None => Rows::Parsed { rows: data.runs.len()..data.runs.len() + n },
        }
    }
}

/// The charts' store of the new data: the previous store's rows of the units kept, and a
/// store made of the runs parsed again (neighbouring ones together), in data order.
fn joined(previous: &Charts, rows: &[Rows], runs: &[Run]) -> Charts {
    // Runs parsed again, as runs of the new data: one store per stretch of them.
    let mut stretches: Vec<Range<usize>> = Vec::new();
    for r in rows {
        if let Rows::Parsed { rows } = r {
            match stretches.last_mut() {
                Some(last) if last.end == rows.start => last.end = rows.end,
                _ => stretches.push(rows.clone()),
            }
        }
    }
    let parsed: Vec<(Range<usize>, Store)> = stretches.into_iter().map(|r| (r.clone(), Store::new(&runs[r], Vec::new()))).collect();
    let mut pieces: Vec<Piece> = Vec::new();
    for r in rows {
        match r {
            Rows::Kept { rows, shift } if !rows.is_empty() => match pieces.last_mut() {
                // Units kept side by side are one piece (a piece costs a pass over its
                // store's distinct values).
                Some(last) if std::ptr::eq(last.store, previous.store()) && last.rows.end == rows.start && last.findings_shift == *shift => last.rows.end = rows.end,
                _ => pieces.push(Piece { store: previous.store(), rows: rows.clone(), findings_shift: *shift }),
            },
            Rows::Parsed { rows } if !rows.is_empty() => {
                let (at, store) = parsed.iter().find(|(r, _)| r.contains(&rows.start)).expect("every parsed run is in a stretch");
                pieces.push(Piece { store, rows: rows.start - at.start..rows.end - at.start, findings_shift: 0 });
            }
            _ => {}
        }
    }
    Charts::of(Store::concat(&pieces))
}

/// Appends a chunk, its runs' finding numbers moved to where its findings now start; says
/// what of it `runs.json` may copy from the previous file.
fn place(data: &mut RunsFile, chunk: Chunk) -> runs_json::Part {
    let to = data.findings.len();
    let Chunk { sources, mut runs, findings, findings_at, was } = chunk;
    let counts = [sources.len(), runs.len(), findings.len()];
    let runs_moved = to != findings_at && runs.iter().any(|r| !r.findings.is_empty());
    if to != findings_at {
        for run in &mut runs {
            for f in &mut run.findings {
                *f = *f - findings_at + to;
            }
        }
    }
    data.sources.extend(sources);
    data.runs.extend(runs);
    data.findings.extend(findings);
    runs_json::Part { counts, kept: was.map(|first| runs_json::Kept { first, runs_moved }) }
}

/// Moves every file of `staging` into `out` unless `out` already holds the same bytes;
/// `data/runs.json` last. Returns how many pages (HTML files) were moved.
fn move_into(staging: &Path, out: &Path) -> Result<usize, String> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(staging)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| e.path().strip_prefix(staging).ok().map(Path::to_path_buf))
        .collect();
    // The explorer's index names its shards' hash: moved after them, with runs.json last.
    let explore = Path::new(columns::DIR);
    let index = explore.join(columns::INDEX);
    files.sort_by_key(|rel| (rel == Path::new("data/runs.json"), *rel == index));
    // The explorer files this rebuild wrote (none when the explore page was not rewritten).
    let written: std::collections::HashSet<PathBuf> = files.iter().filter(|rel| rel.starts_with(explore)).cloned().collect();
    let mut pages = 0;
    for rel in files {
        let (from, to) = (staging.join(&rel), out.join(&rel));
        let fresh = rel == Path::new("data/runs.json") || std::fs::read(&to).ok() != std::fs::read(&from).ok();
        if !fresh {
            continue;
        }
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("could not create {}: {e}", parent.display()))?;
        }
        std::fs::rename(&from, &to).map_err(|e| format!("could not move {} to {}: {e}", from.display(), to.display()))?;
        pages += usize::from(rel.extension().is_some_and(|e| e == "html"));
    }
    if !written.is_empty() {
        // Shards of the previous data that the new index no longer names.
        for e in walkdir::WalkDir::new(out.join(explore)).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
            if e.path().strip_prefix(out).is_ok_and(|rel| !written.contains(rel)) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    Ok(pages)
}


/// Removes a page of a file that is gone, and the folders that held only it.
fn remove_page(out: &Path, rel: &str) {
    let path = out.join(rel);
    let _ = std::fs::remove_file(&path);
    let mut dir = path.parent();
    while let Some(d) = dir.filter(|d| d.starts_with(out) && *d != out) {
        if std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// The pages of a build and what decides which of them an edit touches.
#[derive(Default)]
struct PageIndex {
    /// Every page's path inside a language folder.
    pages: BTreeSet<String>,
    /// Result page of each published source path.
    results: BTreeMap<String, String>,
    /// Each compare page's pair.
    pairs: BTreeMap<String, Pair>,
    /// The compare pages each result page links to, with what they compare.
    links: BTreeMap<String, Vec<(String, Pair)>>,
    docs: Vec<String>,
    published: Vec<String>,
    /// (framework, version, GPU) of every run: the series shades of every chart.
    series: BTreeSet<(Option<String>, Option<String>, Option<String>)>,
}

/// A compare page's pair: what its page and the links to it show of the two files.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Pair {
    framework: String,
    axis: &'static str,
    base: String,
    candidate: String,
    labels: [Option<String>; 4],
}

impl PageIndex {
    fn new(data: &RunsFile, site: &site_mod::SiteContent, store: &benchsite_viewer::store::Store) -> PageIndex {
        let published = pages::published_paths(data);
        let results: BTreeMap<String, String> = published.iter().map(|p| (p.clone(), result_page(p))).collect();
        let mut index = PageIndex { published, ..PageIndex::default() };
        for spec in compare::natural_pairs(data, store) {
            let (b, c) = (&data.sources[spec.base], &data.sources[spec.candidate]);
            let pair = Pair {
                framework: spec.framework.clone(),
                axis: spec.axis,
                base: b.path.clone(),
                candidate: c.path.clone(),
                labels: [b.framework_version.clone(), b.gpu.clone(), c.framework_version.clone(), c.gpu.clone()],
            };
            for side in [&b.path, &c.path] {
                index.links.entry(side.clone()).or_default().push((spec.rel.clone(), pair.clone()));
            }
            index.pairs.insert(spec.rel, pair);
        }
        index.docs = site.docs.iter().map(|d| format!("{}/", d.slug)).collect();
        index.pages = ["", "tuning/", "explore/", "404.html"].into_iter().map(String::from).collect();
        index.pages.extend(results.values().cloned());
        index.pages.extend(index.pairs.keys().cloned());
        index.pages.extend(index.docs.iter().cloned());
        index.results = results;
        let series: BTreeSet<(Option<&str>, Option<&str>, Option<&str>)> =
            data.runs.iter().map(|r| (r.framework.as_deref(), r.framework_version.as_deref(), r.gpu.as_deref())).collect();
        index.series = series.into_iter().map(|(f, v, g)| (f.map(String::from), v.map(String::from), g.map(String::from))).collect();
        index
    }
}
