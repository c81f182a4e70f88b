//! The output folder: where a build may write, and how the new site replaces the old one.
//!
//! A build replaces its output folder whole, so the folder must be one that can be lost:
//! - it may not be, hold or lie inside a source (`--content`, `--www`, `--viewer`), compared
//!   after resolving links and `..` (a folder that does not exist yet is resolved through
//!   its nearest existing parent);
//! - if it exists it must be empty, or a previous benchsite output, recognised by the
//!   [`MARKER`] file every build writes; a folder without the marker that holds a site an
//!   older benchsite wrote (`index.html` and `data/runs.json`) is taken once, with a note.
//!
//! A refusal touches nothing. Otherwise the build takes an exclusive lock (a file beside the
//! output, removed at the end; a second build waits for it, up to [`LOCK_WAIT`]), heals what
//! a build that stopped half-way through its swap left, writes the new site into a staging
//! folder of its own and swaps it in: `renameat2(RENAME_EXCHANGE)` on Linux (`RENAME_SWAP`
//! on macOS) exchanges the two folders in one step, elsewhere two renames do.

use std::fs::File;
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// The file that marks a folder as a benchsite output. A dot file: GitHub Pages serves it
/// as plain text (`.nojekyll` keeps Jekyll out), it links nowhere, and it is the same in
/// every build, so builds stay byte-identical.
pub const MARKER: &str = ".benchsite-output";

/// What the marker says to someone who finds it.
pub const MARKER_TEXT: &str = "This folder was written by benchsite (`benchsite build`), a static site generator for \
benchmark results.\nThe next build replaces all of it: keep no files of your own here.\n";

/// How long a build waits for another build into the same folder before giving up.
pub const LOCK_WAIT: Duration = Duration::from_secs(300);

/// The sources a build reads, which its output may not overlap.
pub struct Sources<'a> {
    pub content: &'a Path,
    pub www: Option<&'a Path>,
    pub viewer: Option<&'a Path>,
}

/// An output folder checked, locked and healed for one build. The lock is held until this
/// value is dropped.
pub struct Output {
    /// The folder as resolved (links and `..` resolved as far as it exists).
    out: PathBuf,
    /// What the user passed, for messages.
    shown: PathBuf,
    parent: PathBuf,
    name: String,
    lock: Option<Lock>,
    /// What the user should know: the folder was taken without a marker, a swap was healed,
    /// the lock could not be taken.
    pub notes: Vec<String>,
}

impl Output {
    /// Checks `out` against the rules above (a refusal touches nothing), then takes the lock
    /// and heals a half-done swap.
    pub fn claim(out: &Path, sources: &Sources) -> Result<Output, String> {
        let resolved = resolve(out).map_err(|e| format!("could not resolve --out {}: {e}", out.display()))?;
        let (Some(parent), Some(name)) = (resolved.parent(), resolved.file_name()) else {
            return Err(format!("--out {} is the root of the filesystem; pass a folder of its own, e.g. --out public", out.display()));
        };
        check_overlap(out, &resolved, sources)?;
        let mut output = Output {
            out: resolved.clone(),
            shown: out.to_path_buf(),
            parent: parent.to_path_buf(),
            name: name.to_string_lossy().into_owned(),
            lock: None,
            notes: Vec::new(),
        };
        output.notes.extend(inspect(&output.out, &output.shown)?);
        std::fs::create_dir_all(&output.parent).map_err(|e| format!("could not create {}: {e}", output.parent.display()))?;
        match Lock::take(&output.sibling("lock"), &output.shown) {
            Ok(lock) => output.lock = Some(lock),
            Err(LockError::Unsupported(e)) => output.notes.push(format!(
                "could not lock {} ({e}); building without a lock, so do not run two builds into {} at once",
                output.sibling("lock").display(),
                output.shown.display()
            )),
            Err(LockError::TimedOut(lock)) => {
                return Err(format!(
                    "another benchsite build has been writing into {} for {} s (it holds the lock {}); wait for it to finish or stop it, then build again",
                    output.shown.display(),
                    LOCK_WAIT.as_secs(),
                    lock.display()
                ))
            }
        }
        output.heal();
        // Checked again under the lock: the folder may have changed while this build waited.
        inspect(&output.out, &output.shown)?;
        Ok(output)
    }

    /// A fresh staging folder name beside the output, unique to this build.
    pub fn staging(&self) -> PathBuf {
        self.sibling(&format!("staging-{}", unique()))
    }

    /// Replaces the output with `staging` (a complete site, marker written last). A failed
    /// swap leaves the previous output in place.
    pub fn publish(&mut self, staging: &Path) -> std::io::Result<()> {
        if self.out.symlink_metadata().is_err() {
            return std::fs::rename(staging, &self.out);
        }
        if exchange(staging, &self.out)? {
            // `staging` now holds the previous site.
            self.remove_leftover(staging);
            return Ok(());
        }
        let old = self.sibling(&format!("old-{}", unique()));
        swap_by_renames(staging, &self.out, &old)?;
        self.remove_leftover(&old);
        Ok(())
    }

    /// `<parent>/.<name>.benchsite-<what>`.
    fn sibling(&self, what: &str) -> PathBuf {
        self.parent.join(format!(".{}.benchsite-{what}", self.name))
    }

    /// What a build that stopped between the two renames of a swap, or before cleaning up,
    /// left beside the output: the previous site moved aside (`old-*`), staging folders. With
    /// the output missing, the previous site is put back (or else a finished staging folder,
    /// one that has the marker); every other leftover is removed. Runs under the lock, so no
    /// other build is using them.
    fn heal(&mut self) {
        let prefix = format!(".{}.benchsite-", self.name);
        let Ok(entries) = std::fs::read_dir(&self.parent) else { return };
        let mut leftovers: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let kind = name.strip_prefix(&prefix)?;
                (kind.starts_with("old") || kind.starts_with("staging")).then(|| (kind.to_string(), e.path()))
            })
            .filter(|(_, path)| path.symlink_metadata().is_ok_and(|m| m.is_dir()))
            .collect();
        leftovers.sort();
        if self.out.symlink_metadata().is_err() {
            let previous = leftovers.iter().position(|(kind, _)| kind.starts_with("old"));
            let finished = leftovers.iter().position(|(kind, path)| kind.starts_with("staging") && path.join(MARKER).is_file());
            if let Some(i) = previous.or(finished) {
                let (_, path) = leftovers.remove(i);
                if std::fs::rename(&path, &self.out).is_ok() {
                    self.notes.push(format!(
                        "a build into {} stopped half-way through replacing it; the site it left in {} was put back",
                        self.shown.display(),
                        path.display()
                    ));
                }
            }
        }
        for (_, path) in leftovers {
            self.remove_leftover(&path);
        }
    }

    fn remove_leftover(&mut self, path: &Path) {
        if let Err(e) = std::fs::remove_dir_all(path) {
            self.notes.push(format!("could not remove {} ({e}); the next build tries again, or delete it yourself", path.display()));
        }
    }
}

/// Refuses an output that is, holds or lies inside a source.
fn check_overlap(shown: &Path, out: &Path, sources: &Sources) -> Result<(), String> {
    let named = [("--content", Some(sources.content)), ("--www", sources.www), ("--viewer", sources.viewer)];
    for (flag, source) in named.into_iter().filter_map(|(f, s)| Some((f, s?))) {
        let resolved = resolve(source).map_err(|e| format!("could not resolve {flag} {}: {e}", source.display()))?;
        let relation = if resolved == out {
            "is the same folder as"
        } else if resolved.starts_with(out) {
            "holds"
        } else if out.starts_with(&resolved) {
            "lies inside"
        } else {
            continue;
        };
        let why = if relation == "lies inside" {
            "the site would be read back as a source by the next build"
        } else {
            "a build replaces its output folder whole, which would delete it"
        };
        return Err(format!(
            "--out {} {relation} {flag} {}; {why}. Nothing was written or deleted. Pass an --out of its own outside the sources, e.g. --out public next to them.",
            shown_with(shown, out),
            shown_with(source, &resolved),
        ));
    }
    Ok(())
}

/// `given` and, when resolving changed it, what it resolved to.
fn shown_with(given: &Path, resolved: &Path) -> String {
    if given.is_absolute() && given == resolved {
        given.display().to_string()
    } else {
        format!("{} (= {})", given.display(), resolved.display())
    }
}

/// May a build replace `out`? Missing, empty and marked folders may be replaced; a folder
/// with a site from before the marker may, with a note; anything else is refused.
fn inspect(out: &Path, shown: &Path) -> Result<Option<String>, String> {
    let Ok(meta) = out.symlink_metadata() else { return Ok(None) };
    if !meta.is_dir() {
        return Err(format!("--out {} is a file, not a folder; nothing was written. Pass a folder for the site, e.g. --out public", shown.display()));
    }
    let mut names: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| format!("could not read --out {} ({e}); check its permissions", shown.display()))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if names.is_empty() || out.join(MARKER).is_file() {
        return Ok(None);
    }
    if out.join("index.html").is_file() && out.join("data/runs.json").is_file() {
        return Ok(Some(format!(
            "{} has no {MARKER} file but holds a site an older benchsite wrote (index.html, data/runs.json); it is replaced, and marked from now on",
            shown.display()
        )));
    }
    names.sort();
    let some: Vec<String> = names.iter().take(3).map(|n| format!("`{n}`")).collect();
    let more = if names.len() > 3 { format!(" and {} more", names.len() - 3) } else { String::new() };
    Err(format!(
        "--out {} already exists and holds files benchsite did not write ({}{more}); a build replaces its output folder whole, so nothing was written or deleted. Pass an --out that is new, empty or a previous benchsite output (one with a {MARKER} file), or empty this folder yourself.",
        shown.display(),
        some.join(", ")
    ))
}

/// `path` made absolute, with links and `..` resolved as far as the path exists; the part
/// that does not exist yet is appended as written (`..` there taken lexically).
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let absolute = std::path::absolute(path)?;
    let mut resolved = PathBuf::new();
    let mut exists = true;
    for component in absolute.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => resolved.push(component),
            Component::CurDir => {}
            Component::ParentDir if !exists => {
                resolved.pop();
            }
            _ => {
                let next = resolved.join(component);
                if exists && next.symlink_metadata().is_ok() {
                    resolved = std::fs::canonicalize(&next)?;
                } else {
                    exists = false;
                    resolved = next;
                }
            }
        }
    }
    Ok(resolved)
}

/// The swap where the OS cannot exchange: `out` is moved aside to `old`, `staging` takes its
/// place. If the second rename fails, `out` is put back; if the process dies between the
/// two, the next build finds `old` and puts it back (`Output::heal`).
fn swap_by_renames(staging: &Path, out: &Path, old: &Path) -> std::io::Result<()> {
    std::fs::rename(out, old)?;
    if let Err(e) = std::fs::rename(staging, out) {
        let _ = std::fs::rename(old, out);
        return Err(e);
    }
    Ok(())
}

/// Distinct for every build: process id and time.
fn unique() -> String {
    let nanos = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{}-{nanos}", std::process::id())
}

/// Swaps two folders in one step where the OS can; `Ok(false)` where it cannot (then the
/// caller falls back to two renames).
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn exchange(a: &Path, b: &Path) -> std::io::Result<bool> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    use rustix::io::Errno;
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        // Old kernels and some filesystems (e.g. older overlayfs) cannot exchange.
        Err(Errno::INVAL | Errno::NOSYS | Errno::NOTSUP) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<bool> {
    Ok(false)
}

/// An exclusive lock on a file beside the output. The OS releases it when the process
/// ends, so a build that crashed never blocks the next one. The file is removed when the
/// build is done; a build that locked a file removed meanwhile notices and locks anew.
struct Lock {
    file: File,
    path: PathBuf,
}

enum LockError {
    /// The filesystem cannot lock.
    Unsupported(std::io::Error),
    TimedOut(PathBuf),
}

impl Lock {
    fn take(path: &Path, out: &Path) -> Result<Lock, LockError> {
        let started = Instant::now();
        let mut told = false;
        loop {
            let file = std::fs::OpenOptions::new().create(true).truncate(false).read(true).write(true).open(path).map_err(LockError::Unsupported)?;
            match file.try_lock() {
                Ok(()) if same_file(&file, path) => return Ok(Lock { file, path: path.to_path_buf() }),
                Ok(()) => continue,
                Err(std::fs::TryLockError::WouldBlock) => {}
                Err(std::fs::TryLockError::Error(e)) => return Err(LockError::Unsupported(e)),
            }
            if !told {
                eprintln!("waiting for another benchsite build into {} to finish (it holds {})", out.display(), path.display());
                told = true;
            }
            if started.elapsed() > LOCK_WAIT {
                return Err(LockError::TimedOut(path.to_path_buf()));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Whether `path` still names the open `file` (it may have been removed and created anew).
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held (where the path can be checked, see `same_file`), so a
        // waiting build never holds a lock on a file another build no longer sees.
        if cfg!(unix) {
            let _ = std::fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_follows_what_exists_and_appends_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        assert_eq!(resolve(&root.join("a/b/../b/.")).unwrap(), root.join("a/b"));
        assert_eq!(resolve(&root.join("a/new/../x")).unwrap(), root.join("a/x"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("a/b"), root.join("link")).unwrap();
            assert_eq!(resolve(&root.join("link/site")).unwrap(), root.join("a/b/site"));
        }
    }

    #[test]
    fn the_two_rename_swap_replaces_the_output_or_leaves_it() {
        let dir = tempfile::tempdir().unwrap();
        let (staging, out, old) = (dir.path().join("staging"), dir.path().join("out"), dir.path().join("old"));
        std::fs::create_dir_all(&staging).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(staging.join("new"), "").unwrap();
        std::fs::write(out.join("previous"), "").unwrap();
        swap_by_renames(&staging, &out, &old).unwrap();
        assert!(out.join("new").is_file() && old.join("previous").is_file() && !staging.exists());
        std::fs::remove_dir_all(&old).unwrap();
        // No staging folder: the second rename fails and the output is put back.
        assert!(swap_by_renames(&staging, &out, &old).is_err());
        assert!(out.join("new").is_file() && !old.exists());
    }

    #[test]
    fn heal_puts_back_a_finished_staging_folder_and_drops_an_unfinished_one() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir_all(&content).unwrap();
        let finished = dir.path().join(".o.benchsite-staging-1-2");
        std::fs::create_dir_all(&finished).unwrap();
        std::fs::write(finished.join(MARKER), MARKER_TEXT).unwrap();
        let unfinished = dir.path().join(".o.benchsite-staging-1-3");
        std::fs::create_dir_all(&unfinished).unwrap();
        let sources = Sources { content: &content, www: None, viewer: None };
        let output = Output::claim(&dir.path().join("o"), &sources).unwrap();
        assert!(dir.path().join("o").join(MARKER).is_file(), "{:?}", output.notes);
        assert!(!finished.exists() && !unfinished.exists());
        assert!(output.notes[0].contains("put back"), "{:?}", output.notes);
        drop(output);
        assert!(!dir.path().join(".o.benchsite-lock").exists(), "the lock file is removed");
    }

    #[test]
    fn overlap_is_refused_in_all_three_directions() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir_all(&content).unwrap();
        let sources = Sources { content: &content, www: None, viewer: None };
        let check = |out: &Path| check_overlap(out, &resolve(out).unwrap(), &sources);
        assert!(check(&content).unwrap_err().contains("is the same folder as --content"));
        assert!(check(dir.path()).unwrap_err().contains("holds --content"));
        assert!(check(&content.join("site")).unwrap_err().contains("lies inside --content"));
        assert!(check(&dir.path().join("public")).is_ok());
        assert!(check(&dir.path().join("content-site")).is_ok(), "a common prefix is no overlap");
    }
}
