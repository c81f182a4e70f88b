//! The preview server (`benchsite serve`, `serve_folder`) over real HTTP on 127.0.0.1, as a
//! careless or hostile client meets it: a request line with no end, headers with no end, a
//! client that sends one byte a second, hundreds of connections held open. Each must get an
//! answer (414, 431, 408) or be dropped within a bounded time, and the next ordinary request
//! must still be served. Every test stops by itself: sockets carry timeouts and helper
//! threads have deadlines.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A folder with a home page and a 404 page, served below `/`.
fn start() -> (tempfile::TempDir, SocketAddr) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<html><head></head><body>home</body></html>").unwrap();
    std::fs::write(dir.path().join("404.html"), "missing").unwrap();
    let (addr, _server) = benchsite::serve::serve_folder(dir.path().to_path_buf(), "/".into(), 0, None).expect("server starts");
    (dir, addr)
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).expect("server accepts");
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    stream.set_write_timeout(Some(Duration::from_secs(20))).unwrap();
    stream
}

/// The status line the server sent, or "" when it closed (or timed out) without one.
fn status_line(stream: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut byte = [0u8; 1];
    while !got.ends_with(b"\r\n") && got.len() < 200 {
        match stream.read(&mut byte) {
            Ok(1) => got.push(byte[0]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&got).trim().to_string()
}

/// An ordinary `GET /` must get `200 OK` within a few seconds.
fn assert_serves(addr: SocketAddr, after: &str) {
    let started = Instant::now();
    let mut stream = connect(addr);
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(stream, "GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let status = status_line(&mut stream);
    assert!(status.contains("200"), "after {after}, an ordinary request got {status:?} (in {:?})", started.elapsed());
}

#[test]
fn serve_survives_a_huge_request_line() {
    let (_dir, addr) = start();
    let mut stream = connect(addr);
    // 64 KiB of path: far over the 8 KiB limit, small enough to sit in the socket buffers.
    let line = format!("GET /{} HTTP/1.1\r\nHost: {addr}\r\n\r\n", "a".repeat(64 * 1024));
    let _ = stream.write_all(line.as_bytes());
    let status = status_line(&mut stream);
    assert!(status.starts_with("HTTP/1.1 414"), "a 64 KiB request line got {status:?}, not 414");
    assert_serves(addr, "a 64 KiB request line");
}

#[test]
fn serve_answers_431_for_endless_headers() {
    let (_dir, addr) = start();
    let stream = connect(addr);
    let mut writer = stream.try_clone().unwrap();
    // Headers until the server answers (the write then fails) or for at most 12 s.
    let sender = std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(12);
        let _ = write!(writer, "GET / HTTP/1.1\r\nHost: {addr}\r\n");
        let mut n = 0u64;
        while Instant::now() < deadline {
            let chunk: String = (n..n + 64).map(|i| format!("X-Filler-{i}: {}\r\n", "v".repeat(40))).collect();
            if writer.write_all(chunk.as_bytes()).is_err() {
                break;
            }
            n += 64;
            std::thread::sleep(Duration::from_millis(5));
        }
    });
    let mut reader = stream;
    let status = status_line(&mut reader);
    let _ = reader.shutdown(std::net::Shutdown::Both);
    sender.join().unwrap();
    assert!(status.starts_with("HTTP/1.1 431"), "endless headers got {status:?}, not 431");
    assert_serves(addr, "endless headers");
}

#[test]
fn serve_times_out_an_idle_connection_and_keeps_serving() {
    let (_dir, addr) = start();
    let mut stream = connect(addr);
    stream.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
    // One byte every half second: each read succeeds, the request never ends. The server
    // must give up within its 10 s limit (a 408 or a closed connection), not wait forever.
    let started = Instant::now();
    let request = b"GET / HTTP/1.1\r\nX-Slow: ".iter().chain(std::iter::repeat(&b'z'));
    let mut status = String::new();
    let mut closed = false;
    for byte in request {
        if started.elapsed() > Duration::from_secs(16) {
            break;
        }
        if stream.write_all(&[*byte]).is_err() {
            closed = true;
            break;
        }
        let mut buf = [0u8; 256];
        match stream.read(&mut buf) {
            Ok(0) => {
                closed = true;
                break;
            }
            Ok(n) => {
                status = String::from_utf8_lossy(&buf[..n]).lines().next().unwrap_or("").to_string();
                break;
            }
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
    }
    let waited = started.elapsed();
    assert!(status.starts_with("HTTP/1.1 408") || closed, "a client sending one byte every 0.5 s was still connected after {waited:?} (status {status:?})");
    assert!(waited < Duration::from_secs(13), "the server gave up only after {waited:?}");
    assert_serves(addr, "a slow client");
}

/// Threads of this process (Linux); elsewhere the bound is not checked.
fn threads() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|l| l.strip_prefix("Threads:")).and_then(|n| n.trim().parse().ok())
}

#[test]
fn serve_survives_many_connections() {
    let (_dir, addr) = start();
    let before = threads();
    // 300 clients that start a request and never finish it, all held open at once.
    let held: Vec<TcpStream> = (0..300)
        .map(|_| {
            let mut s = connect(addr);
            let _ = s.write_all(b"GET / HTTP/1.1\r\n");
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    if let (Some(before), Some(during)) = (before, threads()) {
        // Other tests of this file run alongside and start servers of their own; 300 held
        // connections must not mean 300 threads.
        assert!(during < before + 100, "{} threads with 300 connections held open (was {before}): one per connection", during);
    }
    assert_serves(addr, "300 connections held open");
    drop(held);
    assert_serves(addr, "300 connections closed");
}
