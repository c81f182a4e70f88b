//! The files the parse benchmark reads, grouped by what they are, so throughput is reported
//! per format: the seed content (`content/`: result markdown files and the raw log), the
//! logs inside those files' code blocks (one serving-text log per framework), a real
//! `trtllm-bench` console report (`corpus/`), the JSON seeds of the fuzz targets, and every
//! fixture under `tests/fixtures/` (whatever readers exist: a fixture's group is the formats
//! of the runs it yields, so a new reader's fixtures are measured once they are merged).
#![allow(dead_code)]

use benchsite_ingest::layout::{layout, role, Layout, Role};
use benchsite_ingest::parse_file;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One input: the path it is parsed as (its layout decides the reader) and its text.
pub struct Item {
    pub path: String,
    pub text: String,
}

/// Inputs of one kind.
pub struct Group {
    pub name: String,
    pub items: Vec<Item>,
}

impl Group {
    pub fn bytes(&self) -> usize {
        self.items.iter().map(|i| i.text.len()).sum()
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Every file under `dir`, sorted, as paths relative to it with `/`.
fn files(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            if path.is_dir() {
                walk(base, &path, out);
            } else if let Ok(rel) = path.strip_prefix(base) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A fixture as `tests/common::fixture` loads it: the `source:` line of a structured file
/// is blanked so every other line keeps its number.
fn fixture_text(rel: &str, text: String) -> String {
    let structured = [".json", ".jsonl", ".csv", ".yaml", ".yml", ".html"].iter().any(|e| rel.ends_with(e));
    match text.split_once('\n') {
        Some((first, rest)) if structured && first.contains("source:") => format!("\n{rest}"),
        _ => text,
    }
}

/// The non-shell code blocks of a markdown file, concatenated: the benchmark logs pasted
/// into it, as the tool printed them.
fn code_blocks(markdown: &str) -> String {
    let mut out = String::new();
    let mut fence: Option<bool> = None; // Some(is_log) inside a block
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = match fence {
                Some(_) => None,
                None => {
                    let info = trimmed.trim_start_matches(['`', '~']).trim().trim_matches(['{', '}']);
                    Some(!matches!(info, "shell" | "bash" | "sh" | "console" | "zsh"))
                }
            };
            continue;
        }
        if fence == Some(true) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The groups, in a fixed order; empty groups are left out.
pub fn groups() -> Vec<Group> {
    let content = root().join("../content");
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut results = Vec::new();
    let mut raw = Vec::new();
    let mut logs: BTreeMap<String, String> = BTreeMap::new();
    for rel in files(&content) {
        if role(&rel) != Role::Results {
            continue;
        }
        let text = read(&content.join(&rel));
        match layout(&rel) {
            Layout::Result { framework, .. } => {
                logs.entry(framework).or_default().push_str(&code_blocks(&text));
                results.push(Item { path: rel, text });
            }
            Layout::Raw => raw.push(Item { path: rel, text }),
        }
    }
    let mut groups = vec![
        Group { name: "result markdown (content/)".into(), items: results },
        Group { name: "serving-text log (content/raw)".into(), items: raw },
    ];
    for (framework, text) in logs {
        let name = format!("serving-text log: {framework} (code blocks of content/{framework})");
        groups.push(Group { name, items: vec![Item { path: format!("raw/{framework}.log"), text }] });
    }
    // Real outputs of other tools: the bench's own corpus, the fuzz seeds, the test fixtures.
    // Each file's group is the formats of the runs it yields.
    let mut by_format: BTreeMap<String, Vec<Item>> = BTreeMap::new();
    let sources = [
        (root().join("benches/corpus"), "raw/"),
        (root().join("../fuzz/seeds/ingest_json"), "raw/"),
        (root().join("tests/fixtures"), ""),
    ];
    for (dir, prefix) in sources {
        for rel in files(&dir) {
            if rel.ends_with(".rs") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(dir.join(&rel)) else { continue };
            let path = format!("{prefix}{rel}");
            let text = fixture_text(&rel, text);
            let out = parse_file(&path, &text, None);
            let mut formats: Vec<&str> = out.runs.iter().map(|r| r.format.as_str()).collect();
            formats.sort_unstable();
            formats.dedup();
            let name = if formats.is_empty() { "no runs (fixtures)".to_string() } else { formats.join(" + ") };
            by_format.entry(name).or_default().push(Item { path, text });
        }
    }
    groups.extend(by_format.into_iter().map(|(name, items)| Group { name, items }));
    groups.retain(|g| !g.items.is_empty());
    groups
}
