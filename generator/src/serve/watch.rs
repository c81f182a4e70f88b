//! When `serve` looks for edits, and what changed. The OS reports writes in the watched
//! folders (`notify`: inotify on Linux), so an edit is seen within milliseconds, not at the
//! next half-second poll. What changed is always decided by comparing fingerprints (size,
//! modification time and path of every file), never by the events themselves: an event only
//! says "look now". A poll of the fingerprint covers what a watcher cannot see (some mounted
//! filesystems report nothing) and a watcher that could not be started.

use notify::{RecursiveMode, Watcher};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, SystemTime};
use walkdir::WalkDir;

/// How often the fingerprint is taken without an event: often without a watcher, rarely
/// (a safety net) with one.
const POLL_ALONE: Duration = Duration::from_millis(500);
const POLL_WITH_WATCHER: Duration = Duration::from_secs(3);

/// After an event, how long further events may keep arriving before the folder is looked
/// at: an editor's save is several events (truncate, write, rename) within a few ms.
const SETTLE: Duration = Duration::from_millis(15);
const SETTLE_MAX: Duration = Duration::from_millis(200);

/// Size and modification time of every file below the roots, by path. Links are followed, so
/// an edit to a linked file's target inside content changes the link's entry too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fingerprint(pub BTreeMap<PathBuf, (u64, Option<SystemTime>)>);

impl Fingerprint {
    pub fn take(roots: &[PathBuf]) -> Fingerprint {
        let mut files = BTreeMap::new();
        for root in roots {
            for entry in WalkDir::new(root).into_iter().filter_map(Result::ok) {
                if entry.file_type().is_dir() {
                    continue;
                }
                if let Ok(meta) = std::fs::metadata(entry.path()).or_else(|_| entry.metadata().map_err(std::io::Error::other)) {
                    if !meta.is_dir() {
                        files.insert(entry.path().to_path_buf(), (meta.len(), meta.modified().ok()));
                    }
                }
            }
        }
        Fingerprint(files)
    }

    /// The paths added, removed or changed between `self` and `now`.
    pub fn changed(&self, now: &Fingerprint) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = now.0.iter().filter(|(p, v)| self.0.get(*p) != Some(v)).map(|(p, _)| p.clone()).collect();
        out.extend(self.0.keys().filter(|p| !now.0.contains_key(*p)).cloned());
        out.sort();
        out
    }
}

/// The watched folders and the OS watcher on them, when one could be started.
pub struct Watch {
    events: Receiver<()>,
    /// Kept alive: dropping it stops the events.
    _watcher: Option<notify::RecommendedWatcher>,
    poll: Duration,
}

impl Watch {
    pub fn start(roots: &[PathBuf]) -> Watch {
        let (tx, events) = channel();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if event.is_ok_and(|e| !e.kind.is_access()) {
                let _ = tx.send(());
            }
        });
        let watcher = watcher.and_then(|mut w| {
            for root in roots {
                w.watch(root, RecursiveMode::Recursive)?;
            }
            Ok(w)
        });
        match watcher {
            Ok(w) => Watch { events, _watcher: Some(w), poll: POLL_WITH_WATCHER },
            Err(e) => {
                eprintln!("note: the OS does not report edits here ({e}); looking for changes twice a second instead");
                Watch { events, _watcher: None, poll: POLL_ALONE }
            }
        }
    }

    /// Returns when something may have changed: after an event and the burst that follows
    /// it, or when the poll interval has passed.
    pub fn wait(&self) {
        match self.events.recv_timeout(self.poll) {
            Ok(()) => {
                // Quiet for `SETTLE`, or at most `SETTLE_MAX` of a continuous stream of events.
                let started = std::time::Instant::now();
                while self.events.recv_timeout(SETTLE).is_ok() && started.elapsed() < SETTLE_MAX {}
            }
            Err(RecvTimeoutError::Timeout) => {}
            // The watcher stopped: keep polling.
            Err(RecvTimeoutError::Disconnected) => std::thread::sleep(POLL_ALONE),
        }
    }
}
