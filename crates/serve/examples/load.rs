//! The server under load: starts `menace serve` (a separate process, so its memory is its
//! own), opens SESSIONS WebSockets at once, each playing a match of GAMES games answering
//! MENACE with the first free cell, and prints the sessions, the answers per second and the
//! server's peak resident memory (VmHWM).
//!
//! ```text
//! cargo build --release && cargo run --release -p menace-serve --example load -- 200 20
//! ```
//! Arguments: SESSIONS (default 200), GAMES (default 20), the server binary (default
//! target/release/menace).
//!
//! Class mode (`menace serve --class`): `-- class CONNECTIONS PLAYING GAMES` (default
//! 200 40 75) opens CONNECTIONS WebSockets to one shared MENACE, PLAYING of them playing
//! GAMES games each as fast as they can (one in 25 abandoned mid-game), the rest
//! watching, and prints the games, games per second, the server's count of games and its
//! peak resident memory.

#[path = "../tests/common/mod.rs"]
mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Starts `binary serve EXTRA...` on a free port; the server and its address.
fn start(binary: &str, extra: &[&str]) -> (std::process::Child, std::net::SocketAddr) {
    let mut server = Command::new(binary)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{binary}: {e} (cargo build --release first)"));
    let mut first = String::new();
    let mut out = BufReader::new(server.stdout.take().unwrap());
    // The class banner lists its addresses on the lines after its first.
    while !first.contains("http://") {
        first.clear();
        if out.read_line(&mut first).unwrap() == 0 {
            panic!("{binary} printed no address");
        }
    }
    // Keep reading what it prints (the class banner has a second line): a closed pipe
    // would end the server.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {first:?}"));
    (server, addr)
}

async fn class(mut args: impl Iterator<Item = String>) {
    let connections: usize = args.next().map_or(200, |a| a.parse().expect("CONNECTIONS"));
    let playing: usize = args.next().map_or(40, |a| a.parse().expect("PLAYING"));
    let games: u64 = args.next().map_or(75, |a| a.parse().expect("GAMES"));
    let binary = args.next().unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/menace").to_string()
    });
    let (mut server, addr) =
        start(&binary, &["--class", "--max-sessions", &connections.to_string()]);
    let start = Instant::now();
    let load = common::class::class_load(addr, connections - playing, playing, games, 25).await;
    let seconds = start.elapsed().as_secs_f64();
    let (_, picture) = common::class::join(addr).await;
    let score = &picture["score"];
    let counted: u64 =
        ["menace", "draw", "player"].iter().map(|k| score[k].as_u64().unwrap()).sum();
    let peak = peak_rss_kib(server.id()).unwrap_or(0);
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "{connections} connections, {playing} playing: {} games finished ({} abandoned) in \
         {seconds:.2} s = {:.0} games/s; the server counted {} games; {} frames to the \
         watchers; server peak RSS {:.1} MiB",
        load.finished,
        load.abandoned,
        load.finished as f64 / seconds,
        counted,
        load.watched,
        peak as f64 / 1024.0
    );
    assert_eq!(counted, load.finished, "games lost");
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("class") {
        args.next();
        return class(args).await;
    }
    let sessions: u64 = args.next().map_or(200, |a| a.parse().expect("SESSIONS"));
    let games: u32 = args.next().map_or(20, |a| a.parse().expect("GAMES"));
    let binary = args.next().unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/menace").to_string()
    });
    let (mut server, addr) = start(&binary, &["--max-sessions", &sessions.to_string()]);
    let idle = peak_rss_kib(server.id()).unwrap_or(0);
    let start = Instant::now();
    let players: Vec<_> =
        (0..sessions).map(|seed| tokio::spawn(common::play_match(addr, seed, games))).collect();
    let mut answers = 0usize;
    for p in players {
        answers += p.await.expect("a player").1.len();
    }
    let seconds = start.elapsed().as_secs_f64();
    let peak = peak_rss_kib(server.id()).unwrap_or(0);
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "{sessions} sessions x {games} games at once: {answers} answers in {seconds:.2} s = {:.0} answers/s; \
         server peak RSS {:.1} MiB (idle {:.1} MiB)",
        answers as f64 / seconds,
        peak as f64 / 1024.0,
        idle as f64 / 1024.0
    );
}
