//! `check` (read and report) and `build` (read, report, write). The output folder is built
//! beside the target and swapped in at the end, so a failed build leaves the previous site
//! as it was and files that no longer belong disappear.

use crate::content::{self, Input};
use benchsite_ingest::assemble;
use benchsite_model::{RunsFile, Severity};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// Prefix for links when the site is served below the domain root (`/repo/`).
    pub base_url: Option<String>,
}

/// What a check or build found.
pub struct Outcome {
    pub data: RunsFile,
    pub inputs: Vec<Input>,
    pub files: usize,
    pub elapsed: Duration,
}

impl Outcome {
    pub fn count(&self, severity: Severity) -> usize {
        self.data.findings.iter().filter(|f| f.severity == severity).count()
    }

    /// `read 4 files: 95 runs, 0 errors, 9 warnings, 30 notes in 41 ms`.
    pub fn summary(&self) -> String {
        format!(
            "read {} files: {} runs, {} errors, {} warnings, {} notes in {} ms",
            self.files,
            self.data.runs.len(),
            self.count(Severity::Error),
            self.count(Severity::Warning),
            self.count(Severity::Info),
            self.elapsed.as_millis()
        )
    }
}

/// Reads and parses the content folder.
pub fn check(content_dir: &Path) -> Result<Outcome, String> {
    let started = Instant::now();
    if !content_dir.is_dir() {
        return Err(format!(
            "content folder {} does not exist; pass --content <DIR> or create it with your result files",
            content_dir.display()
        ));
    }
    let (outputs, inputs) = content::ingest(content_dir);
    let files = outputs.iter().filter(|o| o.source.kind != "sidecar").count();
    let data = assemble(outputs);
    Ok(Outcome { data, inputs, files, elapsed: started.elapsed() })
}

/// Parses the content and writes the site into `opts.out`.
pub fn build(opts: &BuildOptions) -> Result<Outcome, String> {
    let mut outcome = check(&opts.content)?;
    let started = Instant::now() - outcome.elapsed;
    let staging = sibling(&opts.out, "benchsite-staging");
    let _ = std::fs::remove_dir_all(&staging);
    let written = write_site(&staging, &outcome.data).and_then(|_| swap_in(&staging, &opts.out));
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(format!("could not write the site to {}: {e}", opts.out.display()));
    }
    outcome.elapsed = started.elapsed();
    Ok(outcome)
}

fn write_site(dir: &Path, data: &RunsFile) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("data"))?;
    let json = serde_json::to_string_pretty(data).map_err(std::io::Error::other)?;
    std::fs::write(dir.join("data/runs.json"), json + "\n")
}

/// Replaces `out` with `staging`: the old folder is moved aside first and removed last.
fn swap_in(staging: &Path, out: &Path) -> std::io::Result<()> {
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let old = sibling(out, "benchsite-old");
    let _ = std::fs::remove_dir_all(&old);
    let had_old = out.exists();
    if had_old {
        std::fs::rename(out, &old)?;
    }
    if let Err(e) = std::fs::rename(staging, out) {
        if had_old {
            let _ = std::fs::rename(&old, out);
        }
        return Err(e);
    }
    if had_old {
        std::fs::remove_dir_all(&old)?;
    }
    Ok(())
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "public".into());
    path.with_file_name(format!(".{name}.{suffix}"))
}
