//! Where a build's time and memory go, printed to stderr when `BENCHSITE_PHASES=1`: after
//! each phase its wall time, the process's CPU time (user + sys) and its resident and peak
//! memory (`/proc/self`, Linux; elsewhere only wall time), and for the pages the time spent
//! per page kind (summed over the threads that render them). Off by default: nothing is
//! measured and nothing printed, so output and timings of an ordinary build are untouched.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

static ON: AtomicBool = AtomicBool::new(false);
static LAST: Mutex<Option<(Instant, f64)>> = Mutex::new(None);

/// Page kinds whose rendering time is summed (`pages.rs` names them).
pub const KINDS: [&str; 8] = ["home", "result", "doc", "compare", "tuning", "explore", "404", "source"];
static KIND_NANOS: [AtomicU64; 8] = [const { AtomicU64::new(0) }; 8];
static KIND_PAGES: [AtomicU64; 8] = [const { AtomicU64::new(0) }; 8];

/// Turns the report on when the environment asks for it; the clock starts here.
pub fn start() {
    if std::env::var_os("BENCHSITE_PHASES").is_some_and(|v| v != "0") {
        ON.store(true, Ordering::Relaxed);
        *LAST.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), cpu_seconds()));
    }
}

pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Ends the phase `name`: prints its wall and CPU time since the previous mark.
pub fn mark(name: &str) {
    if !on() {
        return;
    }
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    let (now, cpu) = (Instant::now(), cpu_seconds());
    let (then, cpu_then) = last.unwrap_or((now, cpu));
    let (rss, hwm) = memory_mb();
    eprintln!("phase {name:<22} {:>8.2} s wall {:>8.2} s cpu   rss {rss:>6} MB peak {hwm:>6} MB", (now - then).as_secs_f64(), cpu - cpu_then);
    *last = Some((now, cpu));
}

/// Adds one page's rendering time to its kind.
pub fn page(kind: usize, took: Duration) {
    KIND_NANOS[kind].fetch_add(took.as_nanos() as u64, Ordering::Relaxed);
    KIND_PAGES[kind].fetch_add(1, Ordering::Relaxed);
}

/// Prints the time per page kind and resets it.
pub fn report_pages() {
    if !on() {
        return;
    }
    for (i, kind) in KINDS.iter().enumerate() {
        let (ns, n) = (KIND_NANOS[i].swap(0, Ordering::Relaxed), KIND_PAGES[i].swap(0, Ordering::Relaxed));
        if n > 0 {
            eprintln!("  pages {kind:<16} {n:>7} pages {:>8.2} s (thread time)", ns as f64 / 1e9);
        }
    }
}

/// User + sys seconds of this process, from `/proc/self/stat` (clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0) / 100.0;
    tick(11) + tick(12)
}

/// Resident and peak resident memory in MB, from `/proc/self/status`.
fn memory_mb() -> (u64, u64) {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return (0, 0) };
    let kb = |key: &str| status.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok()).unwrap_or(0);
    (kb("VmRSS:") / 1024, kb("VmHWM:") / 1024)
}
