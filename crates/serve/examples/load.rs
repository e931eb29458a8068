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
//! peak resident memory. `-- class ... --state FILE` runs the class with a class file, so
//! every finished game is written before it is announced (the cost of that durability).
//!
//! The soak (`-- soak KILLS [SECONDS]`, default 20 kills within 300 s): a class with a
//! class file, six students playing as fast as they can, killed with SIGKILL at a moment
//! drawn from a seeded generator (0.2 to 2 s after it listens), restarted on the same file,
//! KILLS times; after each kill, the file must hold every game any page was told had
//! finished. Prints the kills, the games announced and the games lost (0 is the only
//! passing figure).

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

fn default_binary() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/menace").to_string()
}

async fn class(args: impl Iterator<Item = String>) {
    // `--state FILE` anywhere; the rest positional.
    let mut state = None;
    let mut positional = Vec::new();
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        if a == "--state" {
            state = Some(args.next().expect("--state FILE"));
        } else {
            positional.push(a);
        }
    }
    let mut args = positional.into_iter();
    let connections: usize = args.next().map_or(200, |a| a.parse().expect("CONNECTIONS"));
    let playing: usize = args.next().map_or(40, |a| a.parse().expect("PLAYING"));
    let games: u64 = args.next().map_or(75, |a| a.parse().expect("GAMES"));
    let binary = args.next().unwrap_or_else(default_binary);
    let max = connections.to_string();
    let mut flags = vec!["--class", "--max-sessions", &max];
    if let Some(state) = &state {
        flags.extend(["--state", state.as_str()]);
    }
    let (mut server, addr) = start(&binary, &flags);
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
        "{connections} connections, {playing} playing{}: {} games finished ({} abandoned) in \
         {seconds:.2} s = {:.0} games/s; the server counted {} games; {} frames to the \
         watchers; server peak RSS {:.1} MiB",
        if state.is_some() { ", with a class file" } else { "" },
        load.finished,
        load.abandoned,
        load.finished as f64 / seconds,
        counted,
        load.watched,
        peak as f64 / 1024.0
    );
    assert_eq!(counted, load.finished, "games lost");
}

/// Six students playing as fast as they can until the server goes; the highest game
/// number any of them was told had finished.
async fn students(addr: std::net::SocketAddr) -> u64 {
    let players: Vec<_> = (0..6)
        .map(|p| {
            tokio::spawn(async move {
                use futures_util::{SinkExt, StreamExt};
                use tokio_tungstenite::tungstenite::Message;
                let Ok((mut ws, _)) =
                    tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await
                else {
                    return 0;
                };
                let mut seen = 0u64;
                for line in
                    [format!("name soak {p}"), "matchboxes off".into(), "games 100000".into()]
                {
                    if ws.send(Message::text(line)).await.is_err() {
                        return seen;
                    }
                }
                while let Some(Ok(frame)) = ws.next().await {
                    let Message::Text(text) = frame else { continue };
                    let Ok(a) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
                    if a["type"] == "finished" {
                        seen = seen.max(a["number"].as_u64().unwrap_or(0));
                    }
                    if a["to_move"] == "player" {
                        let rows: Vec<String> =
                            serde_json::from_value(a["board"].clone()).unwrap_or_default();
                        let line = format!("move {}", common::first_free(&rows));
                        if ws.send(Message::text(line)).await.is_err() {
                            break;
                        }
                    }
                }
                seen
            })
        })
        .collect();
    let mut seen = 0;
    for p in players {
        seen = seen.max(p.await.unwrap_or(0));
    }
    seen
}

async fn soak(mut args: impl Iterator<Item = String>) {
    let kills: u32 = args.next().map_or(20, |a| a.parse().expect("KILLS"));
    let budget: u64 = args.next().map_or(300, |a| a.parse().expect("SECONDS"));
    let binary = args.next().unwrap_or_else(default_binary);
    let dir = tempfile::tempdir().expect("a folder for the class file");
    let file = dir.path().join("class.json");
    let path = file.to_str().unwrap().to_string();
    // xorshift64, seeded: the same kill moments on every run.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let began = Instant::now();
    let (mut announced, mut lost, mut done) = (0u64, 0u64, 0u32);
    while done < kills && began.elapsed().as_secs() < budget {
        let (mut server, addr) = start(&binary, &["--class", "--state", &path]);
        let playing = tokio::spawn(students(addr));
        let wait = 200 + next() % 1800;
        tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
        let _ = server.kill();
        let _ = server.wait();
        let seen = playing.await.unwrap_or(0);
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let score = &v["class"]["score"];
        let held: u64 = ["win", "draw", "loss"].iter().filter_map(|k| score[k].as_u64()).sum();
        lost += seen.saturating_sub(held);
        announced = announced.max(seen);
        done += 1;
    }
    println!(
        "soak: {done} kills (SIGKILL 0.2 to 2 s after each start) in {:.0} s; {announced} \
         games announced as finished; {lost} of them missing from the class file after a kill",
        began.elapsed().as_secs_f64()
    );
    assert_eq!(lost, 0, "announced games lost");
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("class") {
        args.next();
        return class(args).await;
    }
    if args.peek().map(String::as_str) == Some("soak") {
        args.next();
        return soak(args).await;
    }
    let sessions: u64 = args.next().map_or(200, |a| a.parse().expect("SESSIONS"));
    let games: u32 = args.next().map_or(20, |a| a.parse().expect("GAMES"));
    let binary = args.next().unwrap_or_else(default_binary);
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
