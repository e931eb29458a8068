//! Slow and greedy clients (issue 58): connections that send half a request and hold, or
//! that are too many, are closed or refused by the server itself, while a real client
//! still loads the page and plays over its WebSocket. Times are asserted only as liveness
//! bounds ("closed within 10 s when the timeout is 1 s").

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::{self, ask, connect, start};
use menace_serve::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The liveness bound for anything that a 1 s timeout should end.
const BOUND: Duration = Duration::from_secs(10);

/// How a connection ended, seen from the client.
#[derive(Debug, PartialEq)]
enum Ending {
    /// The server's bare 503, sent without reading the request.
    Refused,
    /// Closed without a word (a timeout ran out).
    Closed,
    /// Some other answer (its first line).
    Answered(String),
    /// Still open when the bound ran out.
    Open,
}

/// Opens a connection from `from` (a loopback address of its own, so a test can fill
/// one address's places and not another's) and sends half a request head.
async fn half_sent(addr: SocketAddr, from: IpAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let mut stream = socket.connect(addr).await?;
    // A refused connection may be closed before this is written: that is its ending too.
    let _ = stream.write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-a: ").as_bytes()).await;
    Ok(stream)
}

/// Reads until the server closes `stream` (or `within` runs out): how it ended.
async fn ending(mut stream: TcpStream, within: Duration) -> Ending {
    let mut got = Vec::new();
    let read = tokio::time::timeout(within, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    let text = String::from_utf8_lossy(&got);
    match (read, text.lines().next()) {
        (_, Some(line)) if line.starts_with("HTTP/1.1 503 ") => Ending::Refused,
        (_, Some(line)) => Ending::Answered(line.to_string()),
        (Ok(()), None) => Ending::Closed,
        (Err(_), None) => Ending::Open,
    }
}

/// `GET /` on `stream`, kept alive; the status line, once the whole answer is read.
async fn get_page(stream: &mut TcpStream, addr: SocketAddr) -> String {
    let ask = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    stream.write_all(ask.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    let whole = loop {
        let n = tokio::time::timeout(common::HANG, stream.read(&mut buf))
            .await
            .expect("the page is answered")
            .unwrap();
        assert!(n > 0, "closed before the page was sent");
        got.extend_from_slice(&buf[..n]);
        let Some(end) = got.windows(4).position(|w| w == b"\r\n\r\n") else { continue };
        let head = String::from_utf8_lossy(&got[..end]).to_ascii_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .expect("a content-length")
            .trim()
            .parse()
            .unwrap();
        if got.len() >= end + 4 + length {
            break head;
        }
    };
    assert!(String::from_utf8_lossy(&got).contains("MENACE"), "not the page");
    whole.lines().next().unwrap().to_string()
}

/// The page over a fresh connection from 127.0.0.1.
async fn page_status(addr: SocketAddr) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    get_page(&mut stream, addr).await
}

/// A slowloris from 127.0.0.2: `n` connections at a time, each sending half a head and
/// holding it, each reopened when the server ends it, until `stop`. Every ending and how
/// long the connection lived.
async fn slowloris(addr: SocketAddr, n: usize, stop: Arc<AtomicBool>) -> Vec<(Ending, Duration)> {
    let from: IpAddr = "127.0.0.2".parse().unwrap();
    let mut tasks = Vec::new();
    for _ in 0..n {
        let stop = stop.clone();
        tasks.push(tokio::spawn(async move {
            let mut endings = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let opened = Instant::now();
                let Ok(stream) = half_sent(addr, from).await else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let end = ending(stream, BOUND).await;
                endings.push((end, opened.elapsed()));
            }
            endings
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all
}

#[cfg(target_os = "linux")] // 127.0.0.2 is a loopback address of its own on Linux only
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slowloris_neither_shuts_out_a_class_nor_holds_its_places() {
    let limits = Limits {
        max_connections: 64,
        max_per_address: 16,
        header_timeout: Duration::from_secs(1),
        http_idle: Duration::from_secs(1),
        ..Limits::default()
    };
    let addr = start(limits).await;
    // 40 half-sent requests at a time from one address whose cap is 16.
    let stop = Arc::new(AtomicBool::new(false));
    let flood = tokio::spawn(slowloris(addr, 40, stop.clone()));
    tokio::time::sleep(Duration::from_millis(500)).await;

    // Meanwhile a real client from another address loads the page and plays, its
    // WebSocket silent for longer than both HTTP timeouts first (they are not its rules).
    assert_eq!(page_status(addr).await, "http/1.1 200 ok");
    let mut ws = connect(addr, "seed=3").await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(ask(&mut ws, "help", "help").await.len(), 1);
    let started = ask(&mut ws, "games 1", "menace_move").await;
    assert_eq!(started.last().unwrap()["type"], "menace_move", "{started:?}");
    assert_eq!(page_status(addr).await, "http/1.1 200 ok");

    stop.store(true, Ordering::Relaxed);
    let endings = flood.await.unwrap();
    let refused = endings.iter().filter(|(e, _)| *e == Ending::Refused).count();
    let timed_out: Vec<Duration> =
        endings.iter().filter(|(e, _)| *e == Ending::Closed).map(|(_, d)| *d).collect();
    let other: Vec<_> =
        endings.iter().filter(|(e, _)| !matches!(e, Ending::Refused | Ending::Closed)).collect();
    // Over the per-address cap: refused at accept with the bare 503.
    assert!(refused > 0, "no connection over the cap was refused: {endings:?}");
    // Under it: closed by the server, without an answer, when the head did not come.
    assert!(!timed_out.is_empty(), "no half-sent request was closed: {endings:?}");
    assert!(timed_out.iter().all(|d| *d < BOUND), "held past {BOUND:?}: {timed_out:?}");
    assert!(other.is_empty(), "{other:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connection_cap_counts_websockets_refuses_at_accept_and_frees_places() {
    let limits = Limits {
        max_connections: 3,
        header_timeout: Duration::from_secs(60),
        http_idle: Duration::from_secs(60),
        ..Limits::default()
    };
    let addr = start(limits).await;
    let loopback: IpAddr = "127.0.0.1".parse().unwrap();
    // One WebSocket and two half-sent requests fill the three places.
    let mut ws = connect(addr, "").await;
    ask(&mut ws, "status", "status").await;
    let held = [half_sent(addr, loopback).await.unwrap(), half_sent(addr, loopback).await.unwrap()];
    // A fourth is refused at once, with nothing read.
    let fourth = half_sent(addr, loopback).await.unwrap();
    assert_eq!(ending(fourth, BOUND).await, Ending::Refused);
    // The WebSocket's close gives its place back (a moment later, once the server sees it).
    ws.close(None).await.unwrap();
    drop(ws);
    let deadline = Instant::now() + BOUND;
    let mut again = None;
    while again.is_none() && Instant::now() < deadline {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let ask = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n");
        let _ = stream.write_all(ask.as_bytes()).await;
        let mut first = [0u8; 12];
        if stream.read_exact(&mut first).await.is_ok() && first.ends_with(b"200") {
            again = Some(stream);
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    assert!(again.is_some(), "the closed WebSocket kept its place");
    drop(held);
}

/// The page once over a kept-alive connection, then nothing: the server must close it.
async fn closed_after_asking_nothing_more(limits: Limits) -> Ending {
    let addr = start(limits).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    assert_eq!(get_page(&mut stream, addr).await, "http/1.1 200 ok");
    ending(stream, BOUND).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_alive_connection_that_asks_nothing_more_is_closed() {
    // By the idle rule, the header timeout being long...
    let idle = Limits {
        header_timeout: Duration::from_secs(60),
        http_idle: Duration::from_secs(1),
        ..Limits::default()
    };
    assert_eq!(closed_after_asking_nothing_more(idle).await, Ending::Closed);
    // ... and by the header timeout, whose clock runs while the next head is awaited.
    let head = Limits {
        header_timeout: Duration::from_secs(1),
        http_idle: Duration::from_secs(60),
        ..Limits::default()
    };
    assert_eq!(closed_after_asking_nothing_more(head).await, Ending::Closed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_sent_a_byte_at_a_time_is_cut_off_at_the_header_timeout() {
    let limits = Limits {
        header_timeout: Duration::from_secs(1),
        http_idle: Duration::from_secs(60),
        ..Limits::default()
    };
    let addr = start(limits).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-a: {}", "a".repeat(1000));
    let started = Instant::now();
    // A byte every 100 ms: never idle, never done. The server ends it: a write fails.
    let mut cut = false;
    for byte in head.bytes() {
        if started.elapsed() > BOUND {
            break;
        }
        if stream.write_all(&[byte]).await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Or a read sees the close (a write can still succeed just after it).
    let ended = cut || ending(stream, Duration::from_millis(100)).await == Ending::Closed;
    assert!(ended, "a head trickled for {:?} was not cut off", started.elapsed());
}
