//! `benchsite serve` when the operating system refuses it resources: the real binary, real
//! HTTP on 127.0.0.1, and real limits set on the child (`ulimit`, `prlimit`), no stand-ins.
//! Out of file descriptors, `accept` fails; the server must log it, keep trying, and answer
//! again once descriptors are free, without the process exiting. Out of threads, it must
//! serve with the workers it could start, or, with none, say why and exit 2 (never 0).
//!
//! Linux only: the limits are set through the shell and util-linux; the thread limit needs
//! root (to give the child a user of its own) and is skipped, saying so, without it.
#![cfg(target_os = "linux")]

mod common;

use common::{write, BLOCK};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running `benchsite serve`: its address, what it has written to stderr so far, and
/// killed when the test ends, passed or failed.
struct Server {
    child: std::process::Child,
    addr: SocketAddr,
    stderr: Arc<Mutex<String>>,
}

impl Server {
    /// Starts `command` (a `benchsite serve` behind whatever sets its limits) and waits for
    /// the line that names its address.
    fn start(command: Command) -> Server {
        let (mut server, addresses) = Server::launch(command);
        let addr = addresses.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| panic!("benchsite serve named no address within 60 s; stderr:\n{}", server.stderr()));
        server.addr = addr.parse().unwrap();
        server
    }

    /// Starts `command` without waiting for anything; the address it names, if it does, comes
    /// through the receiver.
    fn launch(mut command: Command) -> (Server, std::sync::mpsc::Receiver<String>) {
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("benchsite serve starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let (pipe, sink) = (child.stderr.take().unwrap(), stderr.clone());
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                let mut all = sink.lock().unwrap();
                all.push_str(&line);
                all.push('\n');
            }
        });
        let (tx, rx) = std::sync::mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(addr) = line.split("http://").nth(1).and_then(|s| s.split('/').next()) {
                    let _ = tx.send(addr.to_string());
                }
            }
        });
        (Server { child, addr: "127.0.0.1:1".parse().unwrap(), stderr }, rx)
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// `None` while the process runs, else how it ended.
    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().expect("wait")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The status line of an ordinary `GET /`, or the error that kept it from coming.
fn get_home(addr: SocketAddr) -> Result<String, String> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).map_err(|e| format!("connect: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    write!(stream, "GET /en/ HTTP/1.1\r\nHost: {addr}\r\n\r\n").map_err(|e| format!("write: {e}"))?;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response);
    Ok(text.lines().next().unwrap_or("").to_string())
}

/// Waits up to `limit` for `GET /en/` to be answered 200; the last outcome otherwise.
fn answered_within(addr: SocketAddr, limit: Duration) -> Result<(), String> {
    let started = Instant::now();
    loop {
        let outcome = get_home(addr);
        match outcome {
            Ok(status) if status.contains(" 200 ") => return Ok(()),
            other if started.elapsed() > limit => return Err(format!("{other:?}")),
            _ => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// A content folder with one result, so the preview has pages to serve.
fn content() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(&dir.path().join("c"), "first.log", BLOCK.as_bytes());
    dir
}

fn serve_args(dir: &std::path::Path) -> Vec<String> {
    let (content, out) = (dir.join("c"), dir.join("o"));
    ["serve", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap(), "--port", "0"].map(String::from).to_vec()
}

#[test]
fn serve_survives_running_out_of_file_descriptors() {
    let dir = content();
    // 64 descriptors: enough for the build, the watcher and a few dozen connections.
    let mut command = Command::new("sh");
    command.arg("-c").arg(r#"ulimit -n 64 && exec "$0" "$@""#).arg(env!("CARGO_BIN_EXE_benchsite")).args(serve_args(dir.path())).current_dir(dir.path());
    let mut server = Server::start(command);
    answered_within(server.addr, Duration::from_secs(5)).expect("the preview answers before its descriptors run out");

    // Connections that start a request and hold it open: the server takes each (one
    // descriptor apiece) until it has none left; the kernel still completes the handshakes of
    // the rest (its listen backlog), so connecting keeps working while `accept` fails.
    let mut held = Vec::new();
    for _ in 0..120 {
        let Ok(mut stream) = TcpStream::connect_timeout(&server.addr, Duration::from_secs(2)) else { break };
        let _ = stream.write_all(b"GET /en/ HTTP/1.1\r\n");
        held.push(stream);
    }
    assert!(held.len() > 64, "only {} connections could be opened: too few to use up 64 descriptors", held.len());
    let deadline = Instant::now() + Duration::from_secs(5);
    while !server.stderr().contains("could not accept a connection") {
        assert!(Instant::now() < deadline, "with {} connections held, accept never failed (or it was not logged); stderr:\n{}", held.len(), server.stderr());
        std::thread::sleep(Duration::from_millis(50));
    }
    let accept_error = server.stderr().lines().find(|l| l.contains("could not accept")).unwrap().to_string();
    assert!(accept_error.contains("Too many open files") || accept_error.contains("os error 24"), "accept failed for another reason: {accept_error}");
    assert_eq!(server.exited(), None, "the server exited when accept failed; stderr:\n{}", server.stderr());

    // Closing them frees the descriptors; the next ordinary request is answered, and the
    // process is still the one that ran out.
    drop(held);
    if let Err(last) = answered_within(server.addr, Duration::from_secs(10)) {
        panic!("no answer within 10 s of freeing the descriptors (last: {last}); exited: {:?}; stderr:\n{}", server.exited(), server.stderr());
    }
    assert_eq!(server.exited(), None, "the server exited after accept failed; stderr:\n{}", server.stderr());
}

/// Threads of a running process, from `/proc`.
fn threads(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status.lines().find_map(|l| l.strip_prefix("Threads:")).and_then(|n| n.trim().parse().ok()).unwrap()
}

/// Threads the preview started for itself (named `benchsite-…`: the watcher, the HTTP
/// reader, acceptor and workers), as opposed to the build's and the OS watcher's.
fn own_threads(pid: u32) -> usize {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
    tasks.filter(|t| std::fs::read_to_string(t.as_ref().unwrap().path().join("comm")).unwrap_or_default().starts_with("benchsite-")).count()
}

/// Why the thread-limit test cannot run here, if it cannot.
fn cannot_limit_threads() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let root = status.lines().find_map(|l| l.strip_prefix("Uid:")).is_some_and(|ids| ids.split_whitespace().all(|id| id == "0"));
    if !root {
        return Some("not root: the child cannot be given a user of its own".into());
    }
    for tool in ["prlimit", "setpriv"] {
        if Command::new(tool).arg("--version").output().map(|o| !o.status.success()).unwrap_or(true) {
            return Some(format!("{tool} (util-linux) is missing"));
        }
    }
    None
}

/// `benchsite serve` as the user `uid` whose processes may have at most `nproc` threads,
/// or no such bound. `RLIMIT_NPROC` counts every thread of the user, and root is exempt from
/// it, so the child gets a user id nothing else runs as: the count is its own threads only,
/// whoever else works on the machine.
fn serve_as(dir: &std::path::Path, uid: u32, nproc: Option<usize>) -> Command {
    let mut command = Command::new("prlimit");
    if let Some(n) = nproc {
        command.arg(format!("--nproc={n}:{n}"));
    }
    command.args(["setpriv", &format!("--reuid={uid}"), &format!("--regid={uid}"), "--clear-groups", env!("CARGO_BIN_EXE_benchsite")]);
    command.args(serve_args(dir)).current_dir(dir);
    command
}

/// Gives the folder and everything in it to `uid`.
fn give(dir: &std::path::Path, uid: u32) {
    std::os::unix::fs::chown(dir, Some(uid), Some(uid)).unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            give(&path, uid);
        } else {
            std::os::unix::fs::chown(&path, Some(uid), Some(uid)).unwrap();
        }
    }
}

#[test]
fn serve_that_cannot_start_every_thread_runs_with_fewer_workers_or_says_why_it_stops() {
    if let Some(why) = cannot_limit_threads() {
        eprintln!("skipped: {why}");
        return;
    }
    let dir = content();
    // A user id of this test's own (above any the system hands out), so that no other
    // process counts against the limit.
    let uid = 3_000_000_000 + std::process::id() % 1_000_000;
    give(dir.path(), uid);

    // Unbounded first, to count the threads a running preview has.
    let (full, own) = {
        let mut server = Server::start(serve_as(dir.path(), uid, None));
        answered_within(server.addr, Duration::from_secs(5)).expect("the preview answers");
        assert_eq!(server.exited(), None);
        (threads(server.child.id()), own_threads(server.child.id()))
    };
    assert!(own > 6, "{own} threads of the preview's own of {full}: the names changed?");

    // Five threads short: the preview must run with five workers fewer, say so for each,
    // and answer.
    {
        let mut server = Server::start(serve_as(dir.path(), uid, Some(full - 5)));
        let answered = answered_within(server.addr, Duration::from_secs(5));
        let stderr = server.stderr();
        assert!(answered.is_ok(), "with {} threads allowed of {full}, no answer ({answered:?}); exited: {:?}; stderr:\n{stderr}", full - 5, server.exited());
        assert_eq!(stderr.matches("going on with fewer workers").count(), 5, "five workers could not start; stderr:\n{stderr}");
        assert_eq!(server.exited(), None);
        assert_eq!(threads(server.child.id()), full - 5);
    }

    // Not one thread of the server's own: the preview cannot run, and says so with status 2.
    let (mut server, _) = Server::launch(serve_as(dir.path(), uid, Some(full - own)));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.exited() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "with no thread to spare the preview neither ran nor stopped within 30 s; stderr:\n{}", server.stderr());
        std::thread::sleep(Duration::from_millis(50));
    };
    std::thread::sleep(Duration::from_millis(200));
    let stderr = server.stderr();
    assert_eq!(status.code(), Some(2), "stderr:\n{stderr}");
    assert!(stderr.contains("error: could not start"), "no error naming the thread that could not start; stderr:\n{stderr}");
}
