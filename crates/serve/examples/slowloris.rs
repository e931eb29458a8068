//! A bounded slowloris against the server, with its memory before, during and after.
//!
//! Starts the server (this program again, as a separate process, so its memory is its
//! own), loads the page and plays a game as a real client, then opens CONNECTIONS
//! connections spread over ADDRESSES loopback addresses (127.0.0.2, 127.0.0.3, ...; Linux
//! only), each sending half a request head (`GET / HTTP/1.1`, `Host`, `X-a: `) and
//! holding it. It prints the server's resident memory (VmRSS, and its peak VmHWM) before
//! the flood, during it (with how long the real client's page and WebSocket then take),
//! when the server has closed the half-sent requests (its header timeout), and after the
//! flood's connections are all gone.
//!
//! ```text
//! cargo run --release -p menace-serve --example slowloris -- 4000 8
//! cargo run --release -p menace-serve --example slowloris -- 4000 8 --uncapped
//! ```
//! Arguments: CONNECTIONS (default 4000), ADDRESSES (default 8), then `--uncapped` for a
//! server with no connection caps and no timeouts worth the name (as before issue 58),
//! or `--header-timeout SECONDS` (default 10, the server's default).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// `VmRSS` and `VmHWM` of `pid`, in MB.
fn memory(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kib| kib.parse::<f64>().ok())
            .map_or(f64::NAN, |kib| kib / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn say_memory(when: &str, pid: u32) {
    let (rss, peak) = memory(pid);
    println!("{when:<44} RSS {rss:7.1} MB   (peak so far {peak:.1} MB)");
}

/// The server side: `slowloris serve MAX_CONNECTIONS MAX_PER_ADDRESS HEADER_MS IDLE_MS`.
fn serve(args: &[String]) {
    let n = |i: usize| args[i].parse::<u64>().expect("a number");
    let limits = menace_serve::Limits {
        max_connections: n(0) as usize,
        max_per_address: n(1) as usize,
        header_timeout: Duration::from_millis(n(2)),
        http_idle: Duration::from_millis(n(3)),
        ..menace_serve::Limits::default()
    };
    let options = menace_serve::Options { limits, ..Default::default() };
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    menace_serve::run(addr, options, |bound| println!("{bound}")).unwrap();
}

/// `GET /` from 127.0.0.1 on a fresh connection: the status line and how long it took.
async fn page(addr: SocketAddr) -> (String, Duration) {
    let started = Instant::now();
    let got = tokio::time::timeout(Duration::from_secs(30), async {
        let mut stream = TcpStream::connect(addr).await?;
        let ask = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        stream.write_all(ask.as_bytes()).await?;
        let mut all = Vec::new();
        stream.read_to_end(&mut all).await?;
        Ok::<_, std::io::Error>(String::from_utf8_lossy(&all).lines().next().unwrap_or("").into())
    })
    .await;
    let line = match got {
        Ok(Ok(line)) => line,
        Ok(Err(e)) => format!("failed: {e}"),
        Err(_) => "no answer in 30 s".into(),
    };
    (line, started.elapsed())
}

/// A WebSocket from 127.0.0.1 that asks `help` and starts a game: how long it took.
async fn play(addr: SocketAddr) -> Result<Duration, String> {
    let started = Instant::now();
    let game = async {
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .map_err(|e| e.to_string())?;
        for (line, until) in [("help", "\"help\""), ("games 1", "\"menace_move\"")] {
            ws.send(Message::text(line)).await.map_err(|e| e.to_string())?;
            loop {
                match ws.next().await {
                    Some(Ok(Message::Text(t))) if t.contains(until) => break,
                    Some(Ok(_)) => continue,
                    other => return Err(format!("{other:?}")),
                }
            }
        }
        Ok(())
    };
    match tokio::time::timeout(Duration::from_secs(30), game).await {
        Ok(Ok(())) => Ok(started.elapsed()),
        Ok(Err(e)) => Err(e),
        Err(_) => Err("no answer in 30 s".into()),
    }
}

/// How one flood connection ended.
#[derive(Clone, Copy, PartialEq)]
enum End {
    Refused,
    Closed,
    Held,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        return serve(&args[1..]);
    }
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(flood(args));
}

async fn flood(args: Vec<String>) {
    let connections: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(4000);
    let addresses: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8).clamp(1, 250);
    let uncapped = args.iter().any(|a| a == "--uncapped");
    let header_s: u64 = args
        .iter()
        .position(|a| a == "--header-timeout")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(menace_serve::DEFAULT_HEADER_TIMEOUT.as_secs());
    let d = menace_serve::Limits::default();
    let server_args: Vec<String> = if uncapped {
        vec!["1000000".into(), "1000000".into(), "3600000".into(), "3600000".into()]
    } else {
        let ms = |t: Duration| t.as_millis().to_string();
        let header = ms(Duration::from_secs(header_s));
        vec![d.max_connections.to_string(), d.max_per_address.to_string(), header, ms(d.http_idle)]
    };
    println!(
        "server: max_connections {}, max_per_address {}, header_timeout {} ms, http_idle {} ms",
        server_args[0], server_args[1], server_args[2], server_args[3]
    );

    let mut server = Command::new(std::env::current_exe().unwrap())
        .arg("serve")
        .args(&server_args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server");
    let pid = server.id();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let addr: SocketAddr = line.trim().parse().expect("the server's address");

    // Warm: the page and a game, as a class would before any flood.
    let (status, _) = page(addr).await;
    let warm = play(addr).await;
    println!("warm-up: GET / {status:?}, WebSocket game {:?}", warm.map(|_| "played"));
    tokio::time::sleep(Duration::from_millis(500)).await;
    say_memory("before the flood:", pid);

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let flood_started = Instant::now();
    let mut tasks = Vec::with_capacity(connections);
    let head = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-a: ");
    for i in 0..connections {
        let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + (i % addresses as usize) as u8));
        let head = head.clone();
        let mut stop = stop_rx.clone();
        tasks.push(tokio::spawn(async move {
            let socket = TcpSocket::new_v4().ok()?;
            socket.bind(SocketAddr::new(from, 0)).ok()?;
            let mut stream = socket.connect(addr).await.ok()?;
            let _ = stream.write_all(head.as_bytes()).await;
            let mut buf = [0u8; 256];
            let mut got = Vec::new();
            let end = loop {
                tokio::select! {
                    read = stream.read(&mut buf) => match read {
                        Ok(n) if n > 0 => got.extend_from_slice(&buf[..n]),
                        _ if got.starts_with(b"HTTP/1.1 503") => break End::Refused,
                        _ => break End::Closed,
                    },
                    _ = stop.wait_for(|s| *s) => break End::Held,
                }
            };
            Some((end, flood_started.elapsed()))
        }));
        // Not faster than the listener's backlog takes them.
        if i % 256 == 255 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    println!(
        "flood: {connections} half-sent requests from {addresses} addresses opened in {:.1} s",
        flood_started.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    say_memory("during the flood (1 s after it opened):", pid);
    let (status, took) = page(addr).await;
    println!("  real client: GET / {status:?} in {} ms", took.as_millis());
    match play(addr).await {
        Ok(took) => println!("  real client: WebSocket help + games 1 in {} ms", took.as_millis()),
        Err(e) => println!("  real client: WebSocket failed: {e}"),
    }

    // Wait for the header timeout to close what it should (bounded).
    let wait = if uncapped { 3 } else { header_s + 3 };
    tokio::time::sleep(Duration::from_secs(wait)).await;
    say_memory(&format!("{wait} s later, flood still held:"), pid);

    let _ = stop_tx.send(true);
    let mut ends = Vec::new();
    for t in tasks {
        ends.push(t.await.unwrap());
    }
    let count = |e: End| ends.iter().flatten().filter(|(x, _)| *x == e).count();
    let closed: Vec<f64> = ends
        .iter()
        .flatten()
        .filter(|(x, _)| *x == End::Closed)
        .map(|(_, t)| t.as_secs_f64())
        .collect();
    let last_closed = closed.iter().cloned().fold(0.0, f64::max);
    println!(
        "flood connections: {} refused at once (503), {} closed by the server (the last {:.1} s \
         after the flood began), {} still open when the client let go, {} never connected",
        count(End::Refused),
        count(End::Closed),
        last_closed,
        count(End::Held),
        ends.iter().filter(|e| e.is_none()).count()
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    say_memory("after (3 s after every connection closed):", pid);
    let (status, took) = page(addr).await;
    println!("  real client: GET / {status:?} in {} ms", took.as_millis());
    let _ = server.kill();
    let _ = server.wait();
}
