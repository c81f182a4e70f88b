//! The explorer's own data: what the explorer shows of the runs, in columns, as plain text
//! the browser gzips well and the viewer reads by hand (no serde on this path).
//!
//! `data/explore/index.txt` holds what every view needs whatever runs it shows: the schema
//! and data hash, the default view, each dimension's distinct values, the metrics, the
//! sweeps, the effective-parameter sets, the findings (code, file, line: what the explorer
//! shows of them), the shards, and the cells (runs alike in every dimension, in findings and
//! in being local, with how many runs each holds and its shard). Filters and facet counts are
//! decided per cell, so the index alone answers which shards a view needs and how many runs
//! each filter value would match. `data/explore/<k>.txt` holds shard `k`'s runs, in columns
//! (one line each, values separated by `,`): cell, line, metric values and their lines,
//! sweep position, parameter set; ids and findings only where a run has them. Runs are
//! grouped by model family, GPU and source file, and a shard holds whole groups, so a cell
//! is never split and the first view (one family on one GPU) needs few shards. `data/explore/<k>.params.txt` holds the
//! selected-run panel's effective parameters and KV-cache estimate, fetched when a run of the
//! shard is selected.
//!
//! Every line is `key\tfield\tfield…`; text fields escape `\\`, tab, newline and CR.

use crate::store::{Column, Dim, Metric, ParamSet, Store, SweepPoint, Tuning};
use benchsite_model::memory::{Assumption, Equivalent, KvCase, KvMemory};
use benchsite_model::tuning::{Effective, Origin};
use benchsite_model::{Finding, Run, Severity};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Version of this layout. A viewer refuses data of another one.
pub const SCHEMA: &str = "1";

/// Where the explorer's data lives, relative to the site.
pub const DIR: &str = "data/explore";
/// The index's file name inside [`DIR`].
pub const INDEX: &str = "index.txt";

/// Runs per shard unless the build says otherwise: one shard up to this many runs.
pub const SHARD_RUNS: usize = 20_000;

const ORIGINS: [&str; 3] = ["explicit", "default", "unknown"];
const UNITS: [&str; 4] = ["req/s", "tok/s", "ms", ""];

/// The files of the explorer's data: the index and, per shard, its columns and its
/// selected-run details.
#[derive(Default)]
pub struct Files {
    pub index: String,
    pub shards: Vec<String>,
    pub details: Vec<String>,
}

pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

pub(crate) fn unesc(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(c) => out.push(c),
            None => {}
        }
    }
    out
}

/// FNV-1a, fed piece by piece, shown as [`crate::store::data_hash`] shows it.
struct Fnv(u64);

impl Fnv {
    fn feed(&mut self, text: &str) {
        for b in text.bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100000001b3);
        }
    }

    fn hex(&self) -> String {
        format!("{:08x}", (self.0 >> 32) as u32 ^ self.0 as u32)
    }
}

/// What a shard groups: model family, GPU and source file (in the dimensions' order), so
/// the first view (one family on one GPU) and most filters need few shards, and a cell
/// (which names all three) is never split.
fn block(store: &Store, i: usize) -> (u32, u32, u32) {
    let code = |d: Dim| store.dims[&d].codes[i];
    (code(Dim::Family), code(Dim::Gpu), code(Dim::Source))
}

/// The store's order of runs for the explorer: by [`block`], each block's runs in the
/// order of `runs.json`. Sharded or not, the explorer holds its runs in this order.
fn order(store: &Store) -> Vec<usize> {
    let mut order: Vec<usize> = (0..store.len()).collect();
    crate::order::sort_by_key(&mut order, |&i| block(store, i));
    order
}

/// Where [`write_to`] puts the files, one shard at a time (a build holds one shard's text,
/// not all of them). A shard's first line names the data hash, which is known only once
/// every shard is made: the shards are put with [`HASH_PLACEHOLDER`] there, then `set_hash`
/// overwrites those bytes (the hash has a fixed width), then the index is put.
pub trait Out {
    /// Shard `k`: its columns text (the whole file) and its details.
    fn shard(&mut self, k: usize, columns: &str, details: &str) -> Result<(), String>;
    /// Overwrites `hash.len()` bytes of shard `k`'s columns text at byte `at` with `hash`.
    fn set_hash(&mut self, k: usize, at: usize, hash: &str) -> Result<(), String>;
    fn index(&mut self, text: &str) -> Result<(), String>;
}

/// What a shard's hash reads until every shard is made.
pub const HASH_PLACEHOLDER: &str = "00000000";

/// In memory (tests, the round trip).
impl Out for Files {
    fn shard(&mut self, k: usize, columns: &str, details: &str) -> Result<(), String> {
        debug_assert_eq!(k, self.shards.len());
        self.shards.push(columns.to_string());
        self.details.push(details.to_string());
        Ok(())
    }

    fn set_hash(&mut self, k: usize, at: usize, hash: &str) -> Result<(), String> {
        self.shards[k].replace_range(at..at + hash.len(), hash);
        Ok(())
    }

    fn index(&mut self, text: &str) -> Result<(), String> {
        self.index = text.to_string();
        Ok(())
    }
}

/// Writes the explorer's data for `runs` (with their `findings`), in shards of about
/// `shard_runs` runs (whole source files), and the default view, in memory.
pub fn write(runs: &[Run], findings: &[Finding], shard_runs: usize) -> Files {
    let mut files = Files::default();
    let store = Store::new(runs, vec![false; runs.len()]);
    write_to(&store, runs, findings, shard_runs, &mut files).expect("writing to memory does not fail");
    files
}

/// [`write`] through `out`, with `store` the runs' own (`Store::new(runs, …)` with no local
/// run: a build shares the one its charts use), holding one shard's text at a time.
pub fn write_to(store: &Store, runs: &[Run], findings: &[Finding], shard_runs: usize, out: &mut dyn Out) -> Result<(), String> {
    debug_assert!(store.len() == runs.len() && !store.local.iter().any(|&l| l), "the store of these runs, none local");
    let order = order(store);
    // Shards: consecutive blocks until a shard holds `shard_runs` runs.
    let mut members: Vec<Vec<usize>> = vec![Vec::new()];
    let mut shard_of = vec![0u32; runs.len()];
    let mut start = 0;
    while start < order.len() {
        let key = block(store, order[start]);
        let end = start + order[start..].iter().take_while(|&&i| block(store, i) == key).count();
        let last = members.last_mut().expect("one shard at least");
        if !last.is_empty() && last.len() + (end - start) > shard_runs.max(1) {
            members.push(Vec::new());
        }
        let k = members.len() - 1;
        order[start..end].iter().for_each(|&i| shard_of[i] = k as u32);
        members[k].extend_from_slice(&order[start..end]);
        start = end;
    }
    drop(order);

    let mut body = String::new();
    let metric = store.default_metric();
    let default = store.metric(&metric).and_then(|m| crate::headline::pick(store, m)).map(|h| h.view(&metric).to_query()).unwrap_or_default();
    let _ = writeln!(body, "default\t{}", esc(&default));
    for dim in Dim::ALL {
        let _ = write!(body, "dim\t{}", dim.key());
        store.dims[&dim].values.iter().for_each(|v| {
            let _ = write!(body, "\t{}", esc(v));
        });
        body.push('\n');
    }
    for m in &store.metrics {
        let _ = writeln!(body, "metric\t{}\t{}\t{}\t{}", esc(&m.key), m.unit, u8::from(m.higher_is_better), u8::from(m.derived));
    }
    let sweeps = sweep_table(store);
    for s in &sweeps {
        let _ = writeln!(body, "sweep\t{}\t{}\t{}", esc(&s.0), esc(&s.1), esc(&s.2));
    }
    for set in &store.tuning.sets {
        let _ = write!(body, "set\t{}", esc(&set.framework));
        for (flag, value, origin) in &set.params {
            let _ = write!(body, "\t{}\t{}\t{origin}", esc(flag), esc(value));
        }
        body.push('\n');
    }
    for f in findings {
        let _ = writeln!(body, "finding\t{}\t{}\t{}", esc(&f.code), esc(&f.path), f.line);
    }
    for (k, m) in members.iter().enumerate() {
        let _ = writeln!(body, "shard\t{k}\t{}", m.len());
    }
    let cells = &store.cells;
    // A cell names family, GPU and file, so it is in one shard.
    let mut cell_shard = vec![0u32; cells.len()];
    for i in 0..store.len() {
        cell_shard[cells.of[i] as usize] = shard_of[i];
    }
    drop(shard_of);
    // Each code written only where it differs from the previous cell's (cells come in the
    // order of their codes, so most repeat).
    let mut previous = [u32::MAX; Dim::ALL.len()];
    for (c, shard) in cell_shard.iter().enumerate() {
        let codes: Vec<String> = cells.codes[c].iter().zip(&previous).map(|(code, last)| if code == last { String::new() } else { code.to_string() }).collect();
        previous = cells.codes[c];
        let _ = writeln!(body, "cell\t{shard}\t{}\t{}\t{}", u8::from(cells.flagged[c]), cells.runs[c], codes.join(","));
    }
    // The hash covers the body, then each shard's columns (without their first line).
    let mut fnv = Fnv(0xcbf29ce484222325);
    fnv.feed(&body);
    let hash_at = shard_head(HASH_PLACEHOLDER, 0).find(HASH_PLACEHOLDER).expect("the head names the hash");
    for (k, m) in members.iter().enumerate() {
        let mut text = shard_head(HASH_PLACEHOLDER, m.len());
        let head = text.len();
        shard_text(&mut text, store, &sweeps, m);
        fnv.feed(&text[head..]);
        out.shard(k, &text, &details_text(runs, m))?;
    }
    let hash = fnv.hex();
    debug_assert_eq!(hash.len(), HASH_PLACEHOLDER.len());
    for k in 0..members.len() {
        out.set_hash(k, hash_at, &hash)?;
    }
    out.index(&format!("benchsite-explore\t{SCHEMA}\t{hash}\t{}\n{body}", runs.len()))
}

/// A shard's first line.
fn shard_head(hash: &str, runs: usize) -> String {
    format!("benchsite-explore-shard\t{SCHEMA}\t{hash}\t{runs}\n")
}

/// Distinct sweeps (id, header, axis) in the order their runs come.
fn sweep_table(store: &Store) -> Vec<(String, String, String)> {
    let mut seen: Vec<(String, String, String)> = store.sweeps.iter().flatten().map(|s| (s.id.clone(), s.header.clone(), s.axis.clone())).collect();
    crate::order::sort_by(&mut seen, Ord::cmp);
    seen.dedup();
    seen
}

/// A number as the shortest text that reads back as the same `f64`.
fn number(out: &mut String, x: f64) {
    out.push_str(&benchsite_model::number::shortest(x));
}

/// The derived metrics, and the metric each is computed from when a shard is read
/// (`model::per_gpu`, `model::interactivity`): their values are not written.
const DERIVED: [(&str, &str); 2] = [("out_tps_gpu", "out_tps"), ("interactivity", "tpot.mean")];

/// Appends the columns of the runs `members` to `out`; `sweeps` is [`sweep_table`].
fn shard_text(out: &mut String, store: &Store, sweeps: &[(String, String, String)], members: &[usize]) {
    let column = |out: &mut String, key: &str, f: &mut dyn FnMut(&mut String, usize)| {
        out.push_str(key);
        out.push('\t');
        for (k, &i) in members.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            f(out, i);
        }
        out.push('\n');
    };
    column(out, "cell", &mut |o, i| {
        let _ = write!(o, "{}", store.cells.of[i]);
    });
    let mut last = 0i64;
    column(out, "line", &mut |o, i| {
        let line = i64::from(store.lines[i]);
        let _ = write!(o, "{}", line - last);
        last = line;
    });
    for (k, &i) in members.iter().enumerate() {
        let id = &store.ids[i];
        if *id != format!("{}#L{}", store.path(i), store.lines[i]) {
            let _ = writeln!(out, "id\t{k}\t{}", esc(id));
        }
        if !store.findings[i].is_empty() {
            let list: Vec<String> = store.findings[i].iter().map(u32::to_string).collect();
            let _ = writeln!(out, "find\t{k}\t{}", list.join(","));
        }
    }
    for (m, metric) in store.metrics.iter().enumerate() {
        if members.iter().all(|&i| metric.values[i].is_nan()) || DERIVED.iter().any(|(d, _)| *d == metric.key) {
            continue;
        }
        column(out, &format!("m\t{m}"), &mut |o, i| {
            if !metric.values[i].is_nan() {
                number(o, metric.values[i]);
            }
        });
        column(out, &format!("ml\t{m}"), &mut |o, i| {
            if metric.lines[i] != 0 {
                let _ = write!(o, "{}", i64::from(metric.lines[i]) - i64::from(store.lines[i]));
            }
        });
    }
    if members.iter().any(|&i| store.sweeps[i].is_some()) {
        column(out, "sweep", &mut |o, i| {
            if let Some(s) = &store.sweeps[i] {
                let code = sweeps.binary_search(&(s.id.clone(), s.header.clone(), s.axis.clone())).unwrap_or(0);
                let _ = write!(o, "{code}:");
                number(o, s.x);
            }
        });
    }
    if members.iter().any(|&i| store.tuning.codes[i] != 0) {
        column(out, "set", &mut |o, i| {
            let _ = write!(o, "{}", store.tuning.codes[i]);
        });
    }
}

/// What the selected-run panel shows beyond the columns: the run's effective parameters and
/// its KV-cache estimate, with the framework, GPU and family they are read with.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Detail {
    pub framework: Option<String>,
    pub gpu: Option<String>,
    pub family: Option<String>,
    pub effective: Vec<Effective>,
    pub kv_memory: Option<Box<KvMemory>>,
}

impl Detail {
    pub fn of(run: &Run) -> Detail {
        Detail { framework: run.framework.clone(), gpu: run.gpu.clone(), family: run.family.clone(), effective: run.params.effective.to_vec(), kv_memory: run.params.kv_memory.clone() }
    }
}

/// An optional text: `+text`, or nothing for none.
fn opt(s: Option<&str>) -> String {
    s.map_or_else(String::new, |s| format!("+{}", esc(s)))
}

fn read_opt(s: Option<&str>) -> Option<String> {
    s.and_then(|s| s.strip_prefix('+')).map(unesc)
}

fn origin_of(s: Option<&str>) -> Result<Origin, String> {
    [Origin::Explicit, Origin::Default, Origin::Unknown].into_iter().find(|o| Some(o.as_str()) == s).ok_or_else(|| "the run details: unknown origin".into())
}

fn num(s: Option<&str>) -> Result<f64, String> {
    s.and_then(benchsite_model::number::parse_f64).ok_or_else(|| "the run details: bad number".into())
}

/// A shard's details (`<k>.params.txt`): each distinct detail once, as a `detail` line
/// followed by its lines (`eff`, `kv`, `case`, `eq`, `assume`), then per run within the
/// shard that has effective parameters or a KV-cache estimate, which one (`run`).
fn details_text(runs: &[Run], members: &[usize]) -> String {
    let mut details: Vec<String> = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = format!("benchsite-explore-details\t{SCHEMA}\n");
    for (k, &i) in members.iter().enumerate() {
        if runs[i].params.effective.is_empty() && runs[i].params.kv_memory.is_none() {
            continue;
        }
        let text = detail_text(&Detail::of(&runs[i]));
        let d = *seen.entry(text.clone()).or_insert_with(|| {
            details.push(text);
            details.len() - 1
        });
        let _ = writeln!(out, "run\t{k}\t{d}");
    }
    details.iter().for_each(|d| out.push_str(d));
    out
}

fn detail_text(d: &Detail) -> String {
    let mut out = format!("detail\t{}\t{}\t{}\n", opt(d.framework.as_deref()), opt(d.gpu.as_deref()), opt(d.family.as_deref()));
    for e in &d.effective {
        let rule = e.rule.map_or_else(String::new, |r| r.to_string());
        let _ = writeln!(out, "eff\t{}\t{}\t{}\t{}\t{rule}", esc(&e.flag), opt(e.value.as_deref()), e.origin.as_str(), opt(e.concept.as_deref()));
    }
    let Some(kv) = &d.kv_memory else { return out };
    let _ = writeln!(out, "kv\t{}\t{}\t{}\t{}\t{}\t{}\t{}", esc(&kv.flag), kv.fraction, kv.origin.as_str(), kv.parameters_billion, esc(&kv.precision), kv.tp, esc(&kv.tp_from));
    for c in &kv.cases {
        let _ = writeln!(out, "case\t{}\t{}\t{}", c.gpu_memory_gib, c.weights_gib, c.kv_gib);
        for e in &c.equivalents {
            let _ = writeln!(out, "eq\t{}\t{}\t{}", esc(&e.framework), esc(&e.flag), e.fraction.map_or_else(String::new, |f| format!("+{f}")));
        }
    }
    for a in &kv.assumptions {
        let _ = match a {
            Assumption::BytesPerParameter { precision, bytes } => writeln!(out, "assume\tbytes\t{}\t{bytes}", esc(precision)),
            Assumption::WeightsSplitEvenly { tp } => writeln!(out, "assume\tsplit\t{tp}"),
            Assumption::OverheadIgnored => writeln!(out, "assume\toverhead"),
            Assumption::FreeIsTotalMinusWeights => writeln!(out, "assume\tfree"),
            Assumption::StartupFreeIsTotal => writeln!(out, "assume\tstartup"),
        };
    }
    out
}

/// A shard's details: (position within the shard, details) of each run that has some,
/// by position. A list, not a map: one collection type fewer in the wasm.
pub type Details = Vec<(usize, Detail)>;

/// The details of the run at `within` (none when it has none listed).
pub fn detail_at(details: &Details, within: usize) -> Option<&Detail> {
    details.iter().find(|(k, _)| *k == within).map(|(_, d)| d)
}

/// Reads a shard's details file: the details of each run within the shard that has some.
pub fn read_details(text: &str) -> Result<Details, String> {
    let (_, lines) = header(text, "benchsite-explore-details")?;
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut details: Vec<Detail> = Vec::new();
    let bad = |what: &str| format!("the run details: bad {what}");
    for line in lines {
        let (key, mut f) = fields(line);
        if key == "run" {
            runs.push((int(f.next(), "run")?, int(f.next(), "detail")?));
            continue;
        }
        if key == "detail" {
            details.push(Detail { framework: read_opt(f.next()), gpu: read_opt(f.next()), family: read_opt(f.next()), ..Detail::default() });
            continue;
        }
        let d = details.last_mut().ok_or_else(|| bad("line order"))?;
        match key {
            "eff" => {
                let (flag, value, origin, concept) = (unesc(f.next().unwrap_or("")), read_opt(f.next()), origin_of(f.next())?, read_opt(f.next()));
                let rule = match f.next().unwrap_or("") {
                    "" => None,
                    r => Some(int(Some(r), "rule")?),
                };
                d.effective.push(Effective { flag: flag.into(), value: value.map(Into::into), origin, concept: concept.map(Into::into), rule });
            }
            "kv" => {
                d.kv_memory = Some(Box::new(KvMemory {
                    flag: unesc(f.next().unwrap_or("")),
                    fraction: num(f.next())?,
                    origin: origin_of(f.next())?,
                    parameters_billion: num(f.next())?,
                    precision: unesc(f.next().unwrap_or("")),
                    tp: int(f.next(), "tp")?,
                    tp_from: unesc(f.next().unwrap_or("")),
                    cases: Vec::new(),
                    assumptions: Vec::new(),
                }))
            }
            "case" => {
                let kv = d.kv_memory.as_mut().ok_or_else(|| bad("line order"))?;
                kv.cases.push(KvCase { gpu_memory_gib: num(f.next())?, weights_gib: num(f.next())?, kv_gib: num(f.next())?, equivalents: Vec::new() });
            }
            "eq" => {
                let case = d.kv_memory.as_mut().and_then(|kv| kv.cases.last_mut()).ok_or_else(|| bad("line order"))?;
                let (framework, flag) = (unesc(f.next().unwrap_or("")), unesc(f.next().unwrap_or("")));
                let fraction = match f.next().unwrap_or("").strip_prefix('+') {
                    Some(x) => Some(num(Some(x))?),
                    None => None,
                };
                case.equivalents.push(Equivalent { framework, flag, fraction });
            }
            "assume" => {
                let kv = d.kv_memory.as_mut().ok_or_else(|| bad("line order"))?;
                kv.assumptions.push(match f.next() {
                    Some("bytes") => Assumption::BytesPerParameter { precision: unesc(f.next().unwrap_or("")), bytes: num(f.next())? },
                    Some("split") => Assumption::WeightsSplitEvenly { tp: int(f.next(), "tp")? },
                    Some("overhead") => Assumption::OverheadIgnored,
                    Some("free") => Assumption::FreeIsTotalMinusWeights,
                    Some("startup") => Assumption::StartupFreeIsTotal,
                    _ => return Err(bad("assumption")),
                });
            }
            _ => {}
        }
    }
    runs.into_iter().map(|(k, d)| Ok((k, details.get(d).cloned().ok_or("the run details name a detail that is not there")?))).collect()
}

/// The index: everything but the runs' own columns.
#[derive(Debug, Clone, Default)]
pub struct Index {
    pub hash: String,
    pub runs: usize,
    /// The view of a link that names none (the headline comparison), as a query string.
    pub default_query: String,
    /// Runs per shard.
    pub shards: Vec<usize>,
    /// The shard of each cell.
    pub cell_shard: Vec<u32>,
    pub findings: Vec<Finding>,
    /// Values, metrics (without values), sweeps, parameter sets and cells; no run.
    pub base: Store,
    sweeps: Vec<(String, String, String)>,
}

fn fields(line: &str) -> (&str, std::str::Split<'_, char>) {
    let mut f = line.split('\t');
    (f.next().unwrap_or(""), f)
}

fn int<T: std::str::FromStr>(s: Option<&str>, what: &str) -> Result<T, String> {
    s.and_then(|s| s.parse().ok()).ok_or_else(|| format!("explorer data: bad {what}"))
}

/// Checks the first line of an index or shard: its kind, schema and (for a shard) hash.
fn header<'a>(text: &'a str, kind: &str) -> Result<(Vec<&'a str>, std::str::Lines<'a>), String> {
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    if head.first() != Some(&kind) {
        return Err(format!("{kind}: not the explorer's data (rebuild the site with benchsite)"));
    }
    if head.get(1) != Some(&SCHEMA) {
        return Err(format!(
            "the explorer's data has schema {} but this viewer reads schema {SCHEMA}; rebuild the site with one benchsite version (or reload the page if it was just rebuilt)",
            head.get(1).unwrap_or(&"?")
        ));
    }
    Ok((head, lines))
}

pub fn read_index(text: &str) -> Result<Index, String> {
    let (head, lines) = header(text, "benchsite-explore")?;
    let mut index = Index { hash: head.get(2).unwrap_or(&"").to_string(), runs: int(head.get(3).copied(), "run count")?, ..Index::default() };
    let base = &mut index.base;
    // Which dimensions the index has given values (every one must be there).
    let mut read = [false; Dim::ALL.len()];
    base.tuning.sets.clear();
    for line in lines {
        let (key, mut f) = fields(line);
        match key {
            "default" => index.default_query = unesc(f.next().unwrap_or("")),
            "dim" => {
                let dim = Dim::from_key(f.next().unwrap_or("")).ok_or("explorer data: unknown dimension")?;
                base.dims.insert(dim, Column { values: f.map(unesc).collect(), codes: Vec::new() });
                read[dim.index()] = true;
            }
            "metric" => {
                let key = unesc(f.next().unwrap_or(""));
                let unit = f.next().unwrap_or("");
                let unit = UNITS.into_iter().find(|u| *u == unit).ok_or("explorer data: unknown unit")?;
                let (h, d) = (f.next() == Some("1"), f.next() == Some("1"));
                base.metrics.push(Metric { key, unit, higher_is_better: h, derived: d, values: Vec::new(), lines: Vec::new() });
            }
            "sweep" => index.sweeps.push((unesc(f.next().unwrap_or("")), unesc(f.next().unwrap_or("")), unesc(f.next().unwrap_or("")))),
            "set" => {
                let framework = unesc(f.next().unwrap_or(""));
                let rest: Vec<&str> = f.collect();
                let params = rest
                    .chunks(3)
                    .map(|c| {
                        let origin = ORIGINS.into_iter().find(|o| Some(o) == c.get(2)).ok_or("explorer data: unknown origin")?;
                        Ok((unesc(c[0]), unesc(c.get(1).unwrap_or(&"")), origin))
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                base.tuning.sets.push(ParamSet { framework, params });
            }
            "finding" => {
                let (code, path) = (unesc(f.next().unwrap_or("")), unesc(f.next().unwrap_or("")));
                index.findings.push(Finding::new(Severity::Warning, &code, &path, int(f.next(), "finding line")?, String::new()));
            }
            "shard" => {
                f.next();
                index.shards.push(int(f.next(), "shard size")?);
            }
            "cell" => {
                index.cell_shard.push(int(f.next(), "cell shard")?);
                base.cells.flagged.push(f.next() == Some("1"));
                base.cells.runs.push(int(f.next(), "cell size")?);
                let mut codes = base.cells.codes.last().copied().unwrap_or([u32::MAX; Dim::ALL.len()]);
                let mut parts = f.next().unwrap_or("").split(',');
                for c in codes.iter_mut() {
                    match parts.next() {
                        Some("") => {}
                        text => *c = int(text, "cell code")?,
                    }
                }
                base.cells.codes.push(codes);
            }
            _ => {}
        }
    }
    if read.contains(&false) {
        return Err("explorer data: a dimension is missing".into());
    }
    for (c, codes) in base.cells.codes.iter().enumerate() {
        let bad_shard = index.cell_shard[c] as usize >= index.shards.len();
        if bad_shard || Dim::ALL.iter().zip(codes).any(|(d, &code)| code as usize >= base.dims[d].values.len()) {
            return Err("explorer data: a cell names a value or shard that is not there".into());
        }
    }
    if base.tuning.sets.is_empty() {
        base.tuning.sets.push(ParamSet::default());
    }
    Ok(index)
}

/// One shard's runs, as read.
#[derive(Debug, Clone, Default)]
pub struct Part {
    pub ids: Vec<Option<String>>,
    pub lines: Vec<u32>,
    pub findings: Vec<Vec<u32>>,
    pub cells: Vec<u32>,
    /// Per metric of the index: values and lines (empty where the shard has none).
    pub metrics: Vec<(Vec<f64>, Vec<u32>)>,
    pub sweeps: Vec<Option<Box<SweepPoint>>>,
    pub sets: Vec<u32>,
}

/// A column's values. A shard of no runs (the only one of a site without runs) has empty
/// columns: there an empty text is no value, not one empty value.
fn list(text: &str, runs: usize) -> impl Iterator<Item = &str> {
    (runs > 0 || !text.is_empty()).then(|| text.split(',')).into_iter().flatten()
}

pub fn read_shard(index: &Index, shard: usize, text: &str) -> Result<Part, String> {
    let (head, lines) = header(text, "benchsite-explore-shard")?;
    if head.get(2).copied() != Some(index.hash.as_str()) {
        return Err("the explorer's data changed while it was loading: reload the page".into());
    }
    let n: usize = int(head.get(3).copied(), "shard size")?;
    if index.shards.get(shard) != Some(&n) {
        return Err("explorer data: a shard's size differs from the index".into());
    }
    // Each run takes a byte of the cell column at least: a larger count is not this data, and
    // its columns must not be allocated.
    if n > text.len() {
        return Err(format!("explorer data: shard {shard} claims {n} runs in {} bytes", text.len()));
    }
    let bad = |what: &str| format!("explorer data: bad {what} in shard {shard}");
    let mut part = Part { ids: vec![None; n], findings: vec![Vec::new(); n], metrics: vec![(Vec::new(), Vec::new()); index.base.metrics.len()], sweeps: vec![None; n], ..Part::default() };
    let cells = index.base.cells.len() as u32;
    for line in lines {
        let (key, mut f) = fields(line);
        match key {
            "cell" => part.cells = list(f.next().unwrap_or(""), n).map(|c| c.parse::<u32>().ok().filter(|&c| c < cells)).collect::<Option<_>>().ok_or_else(|| bad("cell"))?,
            "line" => {
                let mut last = 0i64;
                part.lines = list(f.next().unwrap_or(""), n)
                    .map(|d| {
                        last += d.parse::<i64>().ok()?;
                        u32::try_from(last).ok()
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(|| bad("line"))?;
            }
            "id" => {
                let k: usize = int(f.next(), "id row")?;
                *part.ids.get_mut(k).ok_or_else(|| bad("id row"))? = Some(unesc(f.next().unwrap_or("")));
            }
            "find" => {
                let k: usize = int(f.next(), "finding row")?;
                let found = list(f.next().unwrap_or(""), n).map(|x| x.parse::<u32>().ok().filter(|&x| (x as usize) < index.findings.len())).collect::<Option<_>>().ok_or_else(|| bad("finding"))?;
                *part.findings.get_mut(k).ok_or_else(|| bad("finding row"))? = found;
            }
            "m" => {
                let m: usize = int(f.next(), "metric")?;
                let values = list(f.next().unwrap_or(""), n).map(|v| if v.is_empty() { Some(f64::NAN) } else { benchsite_model::number::parse_f64(v) }).collect::<Option<_>>().ok_or_else(|| bad("value"))?;
                part.metrics.get_mut(m).ok_or_else(|| bad("metric"))?.0 = values;
            }
            "ml" => {
                let m: usize = int(f.next(), "metric")?;
                let deltas: Vec<Option<i64>> = list(f.next().unwrap_or(""), n).map(|d| if d.is_empty() { Some(i64::MIN) } else { d.parse().ok() }).collect();
                let lines = deltas
                    .iter()
                    .zip(&part.lines)
                    .map(|(d, &l)| match d {
                        Some(i64::MIN) => Some(0),
                        Some(d) => u32::try_from(i64::from(l) + d).ok(),
                        None => None,
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(|| bad("value line"))?;
                part.metrics.get_mut(m).ok_or_else(|| bad("metric"))?.1 = lines;
            }
            "sweep" => {
                part.sweeps = list(f.next().unwrap_or(""), n)
                    .map(|s| {
                        if s.is_empty() {
                            return Some(None);
                        }
                        let (code, x) = s.split_once(':')?;
                        let (id, header, axis) = index.sweeps.get(code.parse::<usize>().ok()?)?.clone();
                        Some(Some(Box::new(SweepPoint { id, header, axis, x: benchsite_model::number::parse_f64(x)? })))
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(|| bad("sweep"))?;
            }
            "set" => {
                let sets = index.base.tuning.sets.len() as u32;
                part.sets = list(f.next().unwrap_or(""), n).map(|c| c.parse::<u32>().ok().filter(|&c| c < sets)).collect::<Option<_>>().ok_or_else(|| bad("parameter set"))?;
            }
            _ => {}
        }
    }
    let whole = |len: usize| len == n;
    if !whole(part.cells.len()) || !whole(part.lines.len()) || !whole(part.sweeps.len()) {
        return Err(bad("column length"));
    }
    for (values, lines) in &mut part.metrics {
        if values.is_empty() {
            *values = vec![f64::NAN; n];
            *lines = vec![0; n];
        }
        if !whole(values.len()) || !whole(lines.len()) {
            return Err(bad("metric length"));
        }
    }
    derive(index, &mut part);
    if part.sets.is_empty() {
        part.sets = vec![0; n];
    } else if !whole(part.sets.len()) {
        return Err(bad("parameter sets"));
    }
    // A cell is in one shard: a run naming another shard's cell is not this data.
    if part.cells.iter().any(|&c| index.cell_shard[c as usize] as usize != shard) {
        return Err(bad("cell"));
    }
    Ok(part)
}

/// The derived metrics of a shard's runs, from the metrics they are computed from (a
/// derived value's line is its source value's), as `Run::derive` computed them.
fn derive(index: &Index, part: &mut Part) {
    let metrics = &index.base.metrics;
    let position = |key: &str| metrics.iter().position(|m| m.key == key);
    let gpus_dim = &index.base.dims[&Dim::Gpus];
    let gpus: Vec<Option<u32>> = part.cells.iter().map(|&c| gpus_dim.values[index.base.cells.codes[c as usize][Dim::Gpus.index()] as usize].parse().ok().filter(|&g| g > 0)).collect();
    for (derived, from) in DERIVED {
        let (Some(d), Some(f)) = (position(derived), position(from)) else { continue };
        let (values, lines) = &part.metrics[f];
        let computed: Vec<f64> = values
            .iter()
            .zip(&gpus)
            .map(|(&v, &g)| {
                let value = if derived == "out_tps_gpu" { g.map(|g| benchsite_model::per_gpu(v, g)) } else { benchsite_model::interactivity(v) };
                value.filter(|_| !v.is_nan()).unwrap_or(f64::NAN)
            })
            .collect();
        let lines = computed.iter().zip(lines).map(|(v, &l)| if v.is_nan() { 0 } else { l }).collect();
        part.metrics[d] = (computed, lines);
    }
}

/// The store of the loaded shards (in shard order, so the runs' order does not depend on
/// which shards are loaded): the index's values, metrics, sets and cells, the parts' runs.
pub fn assemble(index: &Index, parts: &[&Part]) -> Store {
    let mut store = index.base.clone();
    let n: usize = parts.iter().map(|p| p.cells.len()).sum();
    store.cells.of = parts.iter().flat_map(|p| p.cells.iter().copied()).collect();
    let source = &index.base.dims[&Dim::Source].values;
    for dim in Dim::ALL {
        let d = dim.index();
        let codes = store.cells.of.iter().map(|&c| index.base.cells.codes[c as usize][d]).collect();
        store.dims.get_mut(&dim).expect("every dimension is read").codes = codes;
    }
    store.lines = parts.iter().flat_map(|p| p.lines.iter().copied()).collect();
    store.ids = parts
        .iter()
        .flat_map(|p| p.ids.iter())
        .zip(store.dims[&Dim::Source].codes.iter().zip(&store.lines))
        .map(|(id, (&path, line))| id.clone().unwrap_or_else(|| format!("{}#L{line}", source[path as usize])))
        .collect();
    store.local = vec![false; n];
    store.findings = parts.iter().flat_map(|p| p.findings.iter().cloned()).collect();
    for (m, metric) in store.metrics.iter_mut().enumerate() {
        metric.values = parts.iter().flat_map(|p| p.metrics[m].0.iter().copied()).collect();
        metric.lines = parts.iter().flat_map(|p| p.metrics[m].1.iter().copied()).collect();
    }
    store.sweeps = parts.iter().flat_map(|p| p.sweeps.iter().cloned()).collect();
    store.tuning = Tuning { sets: index.base.tuning.sets.clone(), codes: parts.iter().flat_map(|p| p.sets.iter().copied()).collect() };
    store.finish_columns();
    store
}

/// The index and the one shard of `store`'s runs, in memory (the benchmark's synthetic
/// data: nothing written, so the wasm holds no writer).
pub fn from_store(store: &Store) -> (Index, Part) {
    let n = store.len();
    let mut base = store.clone();
    base.ids.clear();
    base.lines.clear();
    base.local.clear();
    base.findings.clear();
    base.colors.clear();
    base.sweeps.clear();
    base.tuning.codes.clear();
    base.cells.of.clear();
    base.metrics.iter_mut().for_each(|m| (m.values, m.lines) = (Vec::new(), Vec::new()));
    base.dims.values_mut().for_each(|c| c.codes.clear());
    let id_of = |i: usize| (store.ids[i] != format!("{}#L{}", store.path(i), store.lines[i])).then(|| store.ids[i].clone());
    let part = Part {
        ids: (0..n).map(id_of).collect(),
        lines: store.lines.clone(),
        findings: store.findings.clone(),
        cells: store.cells.of.clone(),
        metrics: store.metrics.iter().map(|m| (m.values.clone(), m.lines.clone())).collect(),
        sweeps: store.sweeps.clone(),
        sets: store.tuning.codes.clone(),
    };
    let index = Index { runs: n, shards: vec![n], cell_shard: vec![0; store.cells.len()], base, ..Index::default() };
    (index, part)
}

/// Which shards the cells in `wanted` need.
pub fn shards_of(index: &Index, wanted: &[bool]) -> Vec<usize> {
    let mut need = vec![false; index.shards.len()];
    wanted.iter().zip(&index.cell_shard).filter(|(w, _)| **w).for_each(|(_, &s)| need[s as usize] = true);
    need.iter().enumerate().filter(|(_, n)| **n).map(|(k, _)| k).collect()
}

/// Writes the explorer's data for `runs`, reads it back as the viewer does (every shard,
/// each loaded alone too), and names the first value the explorer would show differently
/// from `runs.json`: the store built from the runs themselves (ids, files, lines, every
/// dimension, metric value and its line, findings, sweeps, parameter sets, cells, colours),
/// the findings' code, file and line, and each run's details. For tests.
pub fn check_round_trip(runs: &[Run], findings: &[Finding], shard_runs: usize) -> Result<(), String> {
    let files = write(runs, findings, shard_runs);
    let index = read_index(&files.index)?;
    if index.runs != runs.len() || index.shards.len() != files.shards.len() {
        return Err("run or shard count differs".into());
    }
    for (f, g) in findings.iter().zip(&index.findings) {
        if (&f.code, &f.path, f.line) != (&g.code, &g.path, g.line) {
            return Err(format!("finding {f:?} read as {g:?}"));
        }
    }
    let parts = files.shards.iter().enumerate().map(|(k, t)| read_shard(&index, k, t)).collect::<Result<Vec<_>, _>>()?;
    let got = assemble(&index, &parts.iter().collect::<Vec<_>>());
    let reference = Store::new(runs, vec![false; runs.len()]);
    let order = order(&reference);
    let ordered: Vec<Run> = order.iter().map(|&i| runs[i].clone()).collect();
    let want = Store::new(&ordered, vec![false; runs.len()]);
    let differ = |what: &str| Err(format!("{what} differs from runs.json"));
    if got.ids != want.ids || got.ids.iter().zip(&ordered).any(|(id, r)| *id != r.id) {
        return differ("a run id");
    }
    if (0..got.len()).any(|i| got.path(i) != want.path(i)) || got.lines != want.lines || got.findings != want.findings || got.local != want.local {
        return differ("a file, line or finding list");
    }
    for dim in Dim::ALL {
        let (a, b) = (&got.dims[&dim], &want.dims[&dim]);
        if (0..got.len()).any(|i| a.at(i) != b.at(i)) {
            return differ(&format!("dimension {}", dim.key()));
        }
    }
    if got.metrics.len() != want.metrics.len() {
        return differ("the metric list");
    }
    for (a, b) in got.metrics.iter().zip(&want.metrics) {
        let same = |x: f64, y: f64| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
        if (&a.key, a.unit, a.higher_is_better, a.derived) != (&b.key, b.unit, b.higher_is_better, b.derived) || a.lines != b.lines || a.values.iter().zip(&b.values).any(|(x, y)| !same(*x, *y)) {
            return differ(&format!("metric {}", a.key));
        }
    }
    if got.sweeps != want.sweeps {
        return differ("a sweep position");
    }
    let sets = |s: &Store| s.tuning.codes.iter().map(|&c| s.tuning.sets[c as usize].clone()).collect::<Vec<_>>();
    if sets(&got) != sets(&want) {
        return differ("a parameter set");
    }
    if got.colors != want.colors || got.cells.runs.iter().sum::<u32>() as usize != runs.len() {
        return differ("a colour or cell");
    }
    let cell = |s: &Store, i: usize| (s.cells.codes[s.cells.of[i] as usize], s.cells.flagged[s.cells.of[i] as usize]);
    if (0..got.len()).any(|i| cell(&got, i) != cell(&want, i)) {
        return differ("a cell");
    }
    let detail_of = |k: usize, within: usize| -> Result<Option<Detail>, String> { Ok(detail_at(&read_details(&files.details[k])?, within).cloned()) };
    let mut at = 0;
    for (k, part) in parts.iter().enumerate() {
        for within in 0..part.cells.len() {
            let run = &ordered[at + within];
            let want = (!run.params.effective.is_empty() || run.params.kv_memory.is_some()).then(|| Detail::of(run));
            if detail_of(k, within)? != want {
                return differ(&format!("the details of {}", run.id));
            }
        }
        // A shard alone holds its runs, in the same order.
        let alone = assemble(&index, &[part]);
        if alone.ids[..] != got.ids[at..at + part.cells.len()] {
            return differ("a shard read alone");
        }
        at += part.cells.len();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::run;
    use proptest::prelude::*;

    #[test]
    fn synthetic_runs_round_trip_whole_and_in_shards() {
        let runs = crate::synthetic_runs(500);
        check_round_trip(&runs, &[], 100_000).unwrap();
        check_round_trip(&runs, &[], 60).unwrap();
        let files = write(&runs, &[], 60);
        assert!(files.shards.len() > 3, "{} shards", files.shards.len());
    }

    /// A site without runs writes one shard of no runs; the viewer read its empty columns as
    /// one empty value each and refused the data (`bad cell in shard 0`; found by the
    /// `explore_data` fuzz target).
    #[test]
    fn explorer_data_of_a_site_without_runs_reads_back() {
        check_round_trip(&[], &[], 10).unwrap();
        let files = write(&[], &[], 10);
        let index = read_index(&files.index).unwrap();
        assert_eq!((index.runs, index.shards.as_slice()), (0, &[0][..]));
        assert_eq!(read_shard(&index, 0, &files.shards[0]).unwrap().cells.len(), 0);
    }

    /// A shard (and its index) claiming more runs than its text can hold is refused before
    /// its columns are allocated (a count of 2^60 was a capacity overflow panic).
    #[test]
    fn a_shard_claiming_more_runs_than_its_text_holds_is_refused() {
        let files = write(&crate::synthetic_runs(3), &[], 10);
        let huge = 1usize << 60;
        let index = read_index(&files.index.replace("shard\t0\t3\n", &format!("shard\t0\t{huge}\n"))).unwrap();
        let shard = files.shards[0].replacen("\t3\n", &format!("\t{huge}\n"), 1);
        assert!(read_shard(&index, 0, &shard).unwrap_err().contains("claims"));
    }

    #[test]
    fn a_store_in_memory_assembles_to_itself() {
        let store = Store::new(&crate::synthetic_runs(300), vec![false; 300]);
        let (index, part) = from_store(&store);
        let back = assemble(&index, &[&part]);
        assert_eq!((back.ids.clone(), back.lines.clone(), back.colors.clone(), back.cells.of.clone()), (store.ids.clone(), store.lines.clone(), store.colors.clone(), store.cells.of.clone()));
        assert!(back.metrics.iter().zip(&store.metrics).all(|(a, b)| a.key == b.key && a.values.iter().zip(&b.values).all(|(x, y)| x.to_bits() == y.to_bits())));
    }

    #[test]
    fn data_of_another_schema_or_a_changed_shard_is_refused_with_what_to_do() {
        let files = write(&crate::synthetic_runs(50), &[], 10);
        let other = files.index.replacen(&format!("\t{SCHEMA}\t"), "\t9\t", 1);
        let e = read_index(&other).unwrap_err();
        assert!(e.contains("schema 9") && e.contains("rebuild"), "{e}");
        let index = read_index(&files.index).unwrap();
        let changed = files.shards[1].replacen(&index.hash, "00000000", 1);
        assert!(read_shard(&index, 1, &changed).unwrap_err().contains("reload"));
        assert!(read_shard(&index, 0, &files.shards[1]).is_err(), "a shard read as another");
        assert!(read_index("{\"schema\": \"1.0\"}").unwrap_err().contains("rebuild"));
    }

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![Just("?".to_string()), "[a-z0-9 .,\\t\\n\\\\#:/-]{0,12}", "[0-9]{1,4}"]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn generated_runs_round_trip(
            rows in prop::collection::vec((text(), text(), text(), text(), 0u32..4, any::<f64>(), 0.0f64..1e7, prop::option::of(0u64..5000), prop::option::of(0.0f64..100.0), 1u32..9999, any::<bool>()), 1..40),
            shard in 1usize..20,
        ) {
            let mut findings = Vec::new();
            let runs: Vec<Run> = rows.iter().enumerate().map(|(i, (fw, ver, gpu, model, file, out, ttft, conc, rate, line, odd_id))| {
                let mut r = run(&format!("x#L{i}"), fw, ver, gpu, model, if out.is_finite() { out.abs() } else { 1.5 }, *ttft);
                r.source.path = format!("{fw}/f{file}.md").into();
                r.source.line = *line;
                r.id = if *odd_id { format!("{}#L{line}.{i}", r.source.path) } else { format!("{}#L{line}", r.source.path) }.into();
                r.scenario.max_concurrency = *conc;
                r.scenario.request_rate = rate.map(benchsite_model::RequestRate::PerSecond);
                r.source.lines.insert("metrics.output_throughput", line + (i as u32 % 7));
                if i % 5 == 0 {
                    r.findings = vec![findings.len()];
                    findings.push(Finding::new(Severity::Warning, "unit-unknown", &r.source.path, *line, "m"));
                    r.model = None;
                    r.metrics.tpot_ms = None;
                }
                r.derive();
                r
            }).collect();
            prop_assert_eq!(check_round_trip(&runs, &findings, shard), Ok(()));
        }
    }
}
