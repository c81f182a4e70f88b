//! The preview's HTTP/1.1 plumbing, std only, built so that no client can take it down: a
//! fixed number of threads whatever the number of connections, and a bound on every byte and
//! second a client may spend before its request is complete.
//!
//! Three kinds of thread, each doing one thing:
//! - the acceptor takes connections and hands them on (a failed accept, e.g. out of file
//!   descriptors, is logged and retried after a pause);
//! - one reader holds every connection whose request head is not complete yet, reading each
//!   without blocking. A head is complete at its empty line; a request line over
//!   [`Limits::request_line`] is answered 414, headers over [`Limits::headers`] or
//!   [`Limits::header_bytes`] 431, a head not complete within [`Limits::head_time`] 408.
//!   Polling instead of a blocked thread per connection is what lets 300 connections held
//!   open cost no thread at all;
//! - a pool of [`Limits::workers`] threads answers complete requests through the handler,
//!   with `Connection: close`, so a connection never returns to the reader.
//!
//! No keep-alive: the preview once used tiny_http, whose keep-alive handling left headless
//! Chromium waiting for a connection when a page preloads several files.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What one client may spend, and what the server spends on all of them.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Longest request line, without its line end (414 above).
    pub request_line: usize,
    /// Most header lines (431 above).
    pub headers: usize,
    /// Most bytes of header lines, line ends included (431 above).
    pub header_bytes: usize,
    /// Time from accept to the end of the head (408 after; a connection that sent nothing
    /// is closed without an answer, as browsers open spare connections they may not use).
    pub head_time: Duration,
    /// Time a worker may spend writing one response.
    pub write_time: Duration,
    /// Connections held at once before the oldest is dropped to make room.
    pub open: usize,
    /// Threads answering complete requests.
    pub workers: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            request_line: 8 * 1024,
            headers: 100,
            header_bytes: 32 * 1024,
            head_time: Duration::from_secs(10),
            write_time: Duration::from_secs(10),
            open: 512,
            workers: 8,
        }
    }
}

/// A request the handler answers.
#[derive(Debug, PartialEq)]
pub struct Request {
    pub method: String,
    /// The target as sent (`/en/?q=1`).
    pub target: String,
}

/// What the handler answers; the status line and headers are written here.
pub struct Response {
    pub status: u16,
    pub kind: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(status: u16, body: &str) -> Response {
        Response { status, kind: "text/plain; charset=utf-8", body: body.as_bytes().to_vec() }
    }
}

pub type Handler = Arc<dyn Fn(&Request) -> Response + Send + Sync>;

/// Starts the reader, the acceptor and the workers on `listener`; the handle is the
/// acceptor's, which runs as long as the process does.
///
/// The server needs its one reader and one acceptor but can do with fewer workers, so those
/// two start first: a process at its thread limit (`RLIMIT_NPROC`) then serves with the
/// workers it could start instead of failing on the reader after the workers took the room.
/// A thread that fails to start drops its closure, and with it its end of the channels, so
/// the threads already started end: the reader at once when the acceptor fails, reader and
/// acceptor at the first connection when no worker starts.
pub fn start(listener: TcpListener, limits: Limits, handler: Handler) -> Result<JoinHandle<()>, String> {
    let (jobs_tx, jobs_rx) = sync_channel::<Job>(limits.workers.max(1) * 4);
    let (conns_tx, conns_rx) = sync_channel::<TcpStream>(64);
    let reader_limits = limits.clone();
    spawn("benchsite-http-reader", move || read_heads(conns_rx, jobs_tx, &reader_limits))?;
    let acceptor = spawn("benchsite-http-accept", move || accept(listener, conns_tx))?;
    start_workers(jobs_rx, &limits, handler)?;
    Ok(acceptor)
}

fn spawn(name: &str, f: impl FnOnce() + Send + 'static) -> Result<JoinHandle<()>, String> {
    std::thread::Builder::new().name(name.into()).spawn(f).map_err(|e| format!("could not start the preview server's thread {name}: {e}"))
}

/// A worker that fails to start is logged; the server runs with the others, and fails to
/// start only when there are none.
fn start_workers(jobs: Receiver<Job>, limits: &Limits, handler: Handler) -> Result<(), String> {
    let jobs = Arc::new(Mutex::new(jobs));
    let mut started = 0;
    let mut last_error = String::new();
    for n in 0..limits.workers.max(1) {
        let (jobs, handler, write_time) = (jobs.clone(), handler.clone(), limits.write_time);
        match spawn(&format!("benchsite-http-{n}"), move || work(&jobs, &*handler, write_time)) {
            Ok(_) => started += 1,
            Err(e) => {
                eprintln!("serve: {e}; going on with fewer workers");
                last_error = e;
            }
        }
    }
    if started == 0 {
        return Err(last_error);
    }
    Ok(())
}

fn accept(listener: TcpListener, conns: SyncSender<TcpStream>) {
    loop {
        match listener.accept() {
            Ok((stream, _)) => {
                if stream.set_nonblocking(true).is_ok() && conns.send(stream).is_err() {
                    eprintln!("serve: the request reader stopped; no more connections are taken");
                    return;
                }
            }
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was taken: the
                // open connections time out and free their descriptors, so wait and retry.
                eprintln!("serve: could not accept a connection ({e}); retrying");
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
}

enum Job {
    Answer(TcpStream, Request),
    /// A status the reader decided (400, 408, 414, 431) for a request it did not finish.
    Refuse(TcpStream, u16),
}

/// A connection whose head is not complete yet.
struct Pending {
    stream: TcpStream,
    head: Vec<u8>,
    since: Instant,
}

/// What the bytes of a head so far amount to.
#[derive(Debug, PartialEq)]
enum Head {
    Partial,
    Complete(Request),
    Refused(u16),
}

fn read_heads(conns: Receiver<TcpStream>, jobs: SyncSender<Job>, limits: &Limits) {
    let mut open: VecDeque<Pending> = VecDeque::new();
    let mut ready: VecDeque<Job> = VecDeque::new();
    let mut shedding = false;
    loop {
        if open.is_empty() && ready.is_empty() {
            match conns.recv() {
                Ok(stream) => open.push_back(Pending { stream, head: Vec::new(), since: Instant::now() }),
                Err(_) => return,
            }
        }
        loop {
            match conns.try_recv() {
                Ok(stream) => open.push_back(Pending { stream, head: Vec::new(), since: Instant::now() }),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            }
        }
        let over = (open.len() + ready.len()).saturating_sub(limits.open);
        if over > 0 && !shedding {
            eprintln!("serve: more than {} connections open at once; dropping the oldest unfinished ones", limits.open);
        }
        shedding = over > 0;
        open.drain(..over.min(open.len()));
        let mut busy = false;
        for conn in std::mem::take(&mut open) {
            match step(conn, limits) {
                Step::Wait(conn, progressed) => {
                    busy |= progressed || conn.since.elapsed() < Duration::from_millis(50);
                    open.push_back(conn);
                }
                Step::Job(job) => ready.push_back(job),
                Step::Gone => {}
            }
        }
        while let Some(job) = ready.pop_front() {
            match jobs.try_send(job) {
                Ok(()) => {}
                Err(TrySendError::Full(job)) => {
                    ready.push_front(job);
                    break;
                }
                Err(TrySendError::Disconnected(_)) => return,
            }
        }
        // Quick turns while requests are arriving, slow ones while clients are only idling;
        // a new connection ends the wait at once.
        let pause = Duration::from_millis(if busy || !ready.is_empty() { 1 } else { 10 });
        match conns.recv_timeout(pause) {
            Ok(stream) => open.push_back(Pending { stream, head: Vec::new(), since: Instant::now() }),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// What became of a connection after reading what it had.
enum Step {
    /// Head not complete yet; whether bytes came.
    Wait(Pending, bool),
    Job(Job),
    /// The client left, or never sent a byte within the time limit: nothing to answer.
    Gone,
}

/// Reads what `conn` has without blocking, until its head is complete or refused.
fn step(mut conn: Pending, limits: &Limits) -> Step {
    let most = limits.request_line + limits.header_bytes + 4;
    let mut buf = [0u8; 4096];
    let mut progressed = false;
    loop {
        // Never more than one byte past the limits: enough to know they are exceeded.
        let room = (most + 1).saturating_sub(conn.head.len()).clamp(1, buf.len());
        match conn.stream.read(&mut buf[..room]) {
            Ok(0) => return Step::Gone,
            Ok(n) => {
                progressed = true;
                let before = conn.head.len();
                conn.head.extend_from_slice(&buf[..n]);
                // The head is looked at again only when a line ended or a limit was passed,
                // so a client sending a byte at a time costs linear time, not quadratic.
                let passed = |limit: usize| before <= limit && conn.head.len() > limit;
                if !buf[..n].contains(&b'\n') && !passed(limits.request_line + 1) && !passed(most) {
                    continue;
                }
                match parse_head(&conn.head, limits) {
                    Head::Partial if conn.head.len() <= most => {}
                    Head::Partial => return Step::Job(Job::Refuse(conn.stream, 431)),
                    Head::Complete(request) => return Step::Job(Job::Answer(conn.stream, request)),
                    Head::Refused(status) => return Step::Job(Job::Refuse(conn.stream, status)),
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Step::Gone,
        }
    }
    match (conn.since.elapsed() > limits.head_time, conn.head.is_empty()) {
        (false, _) => Step::Wait(conn, progressed),
        (true, true) => Step::Gone,
        (true, false) => Step::Job(Job::Refuse(conn.stream, 408)),
    }
}

/// Splits the head into request line and header lines and checks each limit; the limits are
/// checked on what has arrived, so a line that never ends is refused once it is too long.
fn parse_head(bytes: &[u8], limits: &Limits) -> Head {
    let Some(end) = bytes.iter().position(|&b| b == b'\n') else {
        return if bytes.len() > limits.request_line + 1 { Head::Refused(414) } else { Head::Partial };
    };
    let line = trim_cr(&bytes[..end]);
    if line.len() > limits.request_line {
        return Head::Refused(414);
    }
    let mut at = end + 1;
    let mut count = 0;
    loop {
        let rest = &bytes[at..];
        let Some(len) = rest.iter().position(|&b| b == b'\n') else {
            return if bytes.len() - (end + 1) > limits.header_bytes { Head::Refused(431) } else { Head::Partial };
        };
        if trim_cr(&rest[..len]).is_empty() {
            return request(line);
        }
        count += 1;
        at += len + 1;
        if count > limits.headers || at - (end + 1) > limits.header_bytes {
            return Head::Refused(431);
        }
    }
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// `GET /path HTTP/1.1` → the request; anything else is a 400.
fn request(line: &[u8]) -> Head {
    let Ok(line) = std::str::from_utf8(line) else { return Head::Refused(400) };
    let mut parts = line.split(' ');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(method), Some(target), Some(version), None) if !method.is_empty() && target.starts_with('/') && version.starts_with("HTTP/1.") => {
            Head::Complete(Request { method: method.into(), target: target.into() })
        }
        _ => Head::Refused(400),
    }
}

fn work(jobs: &Mutex<Receiver<Job>>, handler: &(dyn Fn(&Request) -> Response + Send + Sync), write_time: Duration) {
    loop {
        let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = job else { return };
        // A panic in one answer (a bug) costs that connection, not the worker.
        let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(job, handler, write_time)));
        if answered.is_err() {
            eprintln!("serve: answering a request failed; the server goes on");
        }
    }
}

fn answer(job: Job, handler: &(dyn Fn(&Request) -> Response + Send + Sync), write_time: Duration) {
    let (mut stream, response, head_only, refused) = match job {
        Job::Answer(stream, request) => {
            let response = if request.method == "GET" || request.method == "HEAD" { handler(&request) } else { Response::text(405, "method not allowed") };
            (stream, response, request.method == "HEAD", false)
        }
        Job::Refuse(stream, status) => (stream, Response::text(status, reason(status)), false, true),
    };
    if stream.set_nonblocking(false).is_err() || stream.set_write_timeout(Some(write_time)).is_err() {
        return;
    }
    let _ = write_response(&mut stream, &response, head_only);
    if refused {
        linger(stream);
    }
}

fn write_response(stream: &mut TcpStream, response: &Response, head_only: bool) -> std::io::Result<()> {
    let status = response.status;
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        reason(status),
        response.kind,
        response.body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&response.body)?;
    }
    stream.flush()
}

/// After refusing a request the client is probably still sending it. Closing a socket with
/// unread bytes resets the connection, and the reset can destroy the answer before the
/// client reads it; so stop writing, then read and discard for a short while first.
fn linger(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let until = Instant::now() + Duration::from_secs(1);
    let mut buf = [0u8; 16 * 1024];
    while Instant::now() < until {
        match stream.read(&mut buf) {
            Ok(n) if n > 0 => {}
            _ => break,
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(head: &str, expected: Head) {
        let limits = Limits { request_line: 20, headers: 2, header_bytes: 30, ..Limits::default() };
        assert_eq!(parse_head(head.as_bytes(), &limits), expected, "{head:?}");
    }

    fn get(target: &str) -> Head {
        Head::Complete(Request { method: "GET".into(), target: target.into() })
    }

    #[test]
    fn heads_are_complete_partial_or_refused_by_their_limits() {
        check("GET / HTTP/1.1\r\n\r\n", get("/"));
        check("GET /a HTTP/1.0\nHost: x\n\n", get("/a"));
        check("GET / HTTP/1.1\r\nHost: x\r\n", Head::Partial);
        check("GET /aaaaaaaaa", Head::Partial);
        check("GET /aaaaaaaaaaaaaaaaaaaaaaaa", Head::Refused(414));
        check("GET /aaaaaaaaaaaaaaaaaaaaaaaa HTTP/1.1\r\n\r\n", Head::Refused(414));
        check("GET / HTTP/1.1\r\na: 1\r\nb: 2\r\nc: 3\r\n", Head::Refused(431));
        check("GET / HTTP/1.1\r\nA-Very-Long-Header: xxxxxxxxxxxxxxxx", Head::Refused(431));
        check("GET / HTTP/1.1\r\nA-Long-Header: xxxxxxxxxxxxxxxx\r\n", Head::Refused(431));
        check("nonsense\r\n\r\n", Head::Refused(400));
        check("GET x HTTP/1.1\r\n\r\n", Head::Refused(400));
        check("GET / HTTP/1.1 extra\r\n\r\n", Head::Refused(400));
    }
}
