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
//! peak resident memory, how long the players' lines waited for their own answers (the
//! slowest and the p99; broadcasts on the way are not answers) and how many players
//! finished no game. `-- class ... --state FILE` runs the class with a class file, so
//! every finished game is written before it is announced (the cost of that durability);
//! `-- class ... --seconds S` stops the players after S seconds wherever they are (GAMES
//! then only bounds them), counting the games finished by then.
//!
//! Rooms (`menace serve --rooms`): `-- rooms ROOMS STUDENTS GAMES` (default 100 30 10)
//! makes ROOMS rooms and opens STUDENTS WebSockets to each, every one playing GAMES games
//! as fast as the server answers; prints the games, games per second, the slowest answer
//! (from a move sent to the server's next answer), the server's peak resident memory, and
//! the database's size and games counted in it afterwards.
//!
//! A million games (`-- million ROOMS STUDENTS GAMES [THREADS]`, default 100 30 334 16):
//! the rooms' database after a million games, played in this process with no sockets so
//! that the database, not the network, is what is measured. It opens a rooms database as
//! `menace serve --rooms` does (in a new temporary folder, or `--db FILE`), makes ROOMS
//! rooms, gives each STUDENTS sessions of the room's class, and has every session play
//! GAMES games through the protocol (`games 1`, then `move`s on random free cells from a
//! seeded generator), THREADS threads at once: each finished game is committed to the
//! database through the room's store before its result is answered, as on the server.
//! Prints the database's size on disk (file and write-ahead log) every 100,000 games, then
//! after it is closed: the size, per room and per game, and this process's peak memory.
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
    // `--state FILE` and `--seconds S` anywhere; the rest positional.
    let (mut state, mut seconds) = (None, None);
    let mut positional = Vec::new();
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        if a == "--state" {
            state = Some(args.next().expect("--state FILE"));
        } else if a == "--seconds" {
            seconds = Some(args.next().and_then(|s| s.parse().ok()).expect("--seconds S"));
        } else {
            positional.push(a);
        }
    }
    let mut args = positional.into_iter();
    let connections: usize = args.next().map_or(200, |a| a.parse().expect("CONNECTIONS"));
    let playing: usize = args.next().map_or(40, |a| a.parse().expect("PLAYING"));
    let games: u64 = args.next().map_or(75, |a| a.parse().expect("GAMES"));
    let binary = args.next().unwrap_or_else(default_binary);
    // Every client from one address: the per-address cap raised with the others.
    let (max, cap) = (connections.to_string(), (connections + 100).to_string());
    let mut flags = vec![
        "--class",
        "--max-sessions",
        &max,
        "--max-connections",
        &cap,
        "--max-per-address",
        &cap,
    ];
    if let Some(state) = &state {
        flags.extend(["--state", state.as_str()]);
    }
    let (mut server, addr) = start(&binary, &flags);
    let start = Instant::now();
    let watchers = connections - playing;
    let load = common::class::class_load_for(addr, watchers, playing, games, 25, seconds).await;
    let timed = seconds.is_some();
    let seconds = start.elapsed().as_secs_f64();
    // The picture, past any broadcast that comes first (a game ending as players stop).
    let mut ws = common::connect(addr, "").await;
    let (picture, _) = common::class::request(&mut ws, "class", "class").await;
    let score = &picture["score"];
    let counted: u64 =
        ["menace", "draw", "player"].iter().map(|k| score[k].as_u64().unwrap()).sum();
    let peak = peak_rss_kib(server.id()).unwrap_or(0);
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "{connections} connections, {playing} playing{}: {} games finished ({} abandoned) in \
         {seconds:.2} s = {:.0} games/s; the server counted {} games; {} frames to the \
         watchers; server peak RSS {:.1} MiB; answers waited at most {:.3} s (p99 {:.3} s, \
         {} answers); {} players finished no game; load average {}",
        if state.is_some() { ", with a class file" } else { "" },
        load.finished,
        load.abandoned,
        load.finished as f64 / seconds,
        counted,
        load.watched,
        peak as f64 / 1024.0,
        load.wait(1.0),
        load.wait(0.99),
        load.waits.len(),
        load.idle_players,
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim(),
    );
    // Stopped by the clock, a game can end at the server after its player stopped reading.
    if !timed {
        assert_eq!(counted, load.finished, "games lost");
    }
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

/// One student of a room: GAMES games as fast as the server answers; the games finished
/// and the slowest answer to a line sent.
async fn room_student(
    addr: std::net::SocketAddr,
    code: String,
    name: String,
    games: u64,
) -> (u64, f64) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/r/{code}/ws"))
        .await
        .expect("a room's socket");
    let mut slowest = 0f64;
    let mut finished = 0;
    let mut sent = Instant::now();
    for line in [format!("name {name}"), "matchboxes off".into(), format!("games {games}")] {
        ws.send(Message::text(line)).await.unwrap();
    }
    while let Some(Ok(frame)) = ws.next().await {
        let Message::Text(text) = frame else { continue };
        slowest = slowest.max(sent.elapsed().as_secs_f64());
        let a: serde_json::Value = serde_json::from_str(&text).unwrap();
        match a["type"].as_str() {
            Some("result") => finished += 1,
            Some("match_over") => break,
            Some("error") => panic!("{a}"),
            _ => {}
        }
        if a["to_move"] == "player" {
            let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
            ws.send(Message::text(format!("move {}", common::first_free(&rows)))).await.unwrap();
            sent = Instant::now();
        }
    }
    (finished, slowest)
}

async fn rooms(mut args: impl Iterator<Item = String>) {
    let rooms: usize = args.next().map_or(100, |a| a.parse().expect("ROOMS"));
    let students: usize = args.next().map_or(30, |a| a.parse().expect("STUDENTS"));
    let games: u64 = args.next().map_or(10, |a| a.parse().expect("GAMES"));
    let binary = args.next().unwrap_or_else(default_binary);
    let dir = tempfile::tempdir().expect("a folder for the database");
    let db = dir.path().join("rooms.sqlite");
    let (per_hour, connections) = (rooms.to_string(), (rooms * students + 100).to_string());
    let flags = [
        "--rooms",
        db.to_str().unwrap(),
        "--rooms-per-hour",
        per_hour.as_str(),
        "--max-connections",
        connections.as_str(),
        "--max-per-address",
        connections.as_str(),
    ];
    let (mut server, addr) = start(&binary, &flags);
    let mut codes = Vec::new();
    for _ in 0..rooms {
        let (status, made) = post(addr, "/api/rooms", r#"{"key":null}"#).await;
        assert_eq!(status, 200, "{made}");
        codes.push(made["code"].as_str().unwrap().to_string());
    }
    let start = Instant::now();
    let players: Vec<_> = codes
        .iter()
        .flat_map(|code| (0..students).map(move |s| (code.clone(), s)))
        .map(|(code, s)| tokio::spawn(room_student(addr, code, format!("s{s}"), games)))
        .collect();
    let (mut finished, mut slowest) = (0u64, 0f64);
    for p in players {
        let (f, s) = p.await.expect("a student");
        finished += f;
        slowest = slowest.max(s);
    }
    let seconds = start.elapsed().as_secs_f64();
    let peak = peak_rss_kib(server.id()).unwrap_or(0);
    let _ = server.kill();
    let _ = server.wait();
    let bytes = std::fs::metadata(&db).map_or(0, |m| m.len())
        + std::fs::metadata(dir.path().join("rooms.sqlite-wal")).map_or(0, |m| m.len());
    println!(
        "{rooms} rooms x {students} students x {games} games: {finished} games in {seconds:.2} s = \
         {:.0} games/s; slowest answer {:.3} s; server peak RSS {:.1} MiB; database {:.1} MiB \
         ({:.0} bytes a room)",
        finished as f64 / seconds,
        slowest,
        peak as f64 / 1024.0,
        bytes as f64 / 1048576.0,
        bytes as f64 / rooms as f64
    );
    assert_eq!(finished, (rooms * students) as u64 * games, "games lost");
}

/// A POST as the rooms' own page makes it: the status and the JSON answer.
async fn post(addr: std::net::SocketAddr, path: &str, body: &str) -> (u16, serde_json::Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).await.unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).await.unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let json = body.find('{').map_or(serde_json::Value::Null, |i| {
        serde_json::from_str(&body[i..=body.rfind('}').unwrap()]).unwrap_or_default()
    });
    (status, json)
}

/// A student of the million games: what its session answered that the student acts on.
#[derive(Default)]
struct Student {
    /// The board when it is the student's move.
    turn: Option<Vec<String>>,
    over: bool,
    results: u64,
    errors: Vec<String>,
}

impl menace_protocol::sink::Sink for Student {
    fn emit(
        &mut self,
        answer: &menace_protocol::Answer,
    ) -> Result<(), menace_protocol::sink::Closed> {
        use menace_protocol::answer::Turn;
        use menace_protocol::Answer;
        match answer {
            Answer::Board { board, to_move: Some(Turn::Player), .. }
            | Answer::MenaceMove { board, to_move: Some(Turn::Player), .. } => {
                self.turn = Some(board.clone())
            }
            Answer::Result { .. } => self.results += 1,
            Answer::MatchOver { .. } => self.over = true,
            Answer::Error { .. } => self.errors.push(answer.to_json()),
            _ => {}
        }
        Ok(())
    }
}

/// A seeded generator's next number (xorshift64*).
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// One game of `session` as `student`, on random free cells.
fn one_game(
    session: &mut menace_protocol::Session,
    student: &mut Student,
    rng: &mut u64,
    stop: &menace_protocol::sink::Stop,
) {
    student.over = false;
    session.handle_line("games 1", student, stop);
    while !student.over {
        let Some(board) = student.turn.take() else {
            panic!("a game stopped without the student's turn: {:?}", student.errors)
        };
        let free: Vec<usize> = board
            .concat()
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b'.')
            .map(|(i, _)| i)
            .collect();
        let cell = free[(next(rng) % free.len() as u64) as usize];
        let rc = |n: usize| ["L", "M", "R"][n];
        session.handle_line(&format!("move {}{}", rc(cell / 3), rc(cell % 3)), student, stop);
    }
}

/// The database's size on disk: its file and its write-ahead log.
fn on_disk(db: &std::path::Path) -> u64 {
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(db).map_or(0, |m| m.len()) + std::fs::metadata(wal).map_or(0, |m| m.len())
}

fn million(args: impl Iterator<Item = String>) {
    use menace_serve::rooms::{Rooms, RoomsOptions};
    use std::sync::atomic::{AtomicU64, Ordering};
    let (mut numbers, mut db) = (Vec::new(), None);
    let mut args = args;
    while let Some(a) = args.next() {
        if a == "--db" {
            db = Some(std::path::PathBuf::from(args.next().expect("--db FILE")));
        } else {
            numbers.push(a.parse::<u64>().expect("ROOMS STUDENTS GAMES THREADS"));
        }
    }
    let n = |i: usize, default: u64| numbers.get(i).copied().unwrap_or(default);
    let (rooms_n, students, games, threads) = (n(0, 100), n(1, 30), n(2, 334), n(3, 16));
    let dir = tempfile::tempdir().expect("a folder for the database");
    let db = db.unwrap_or_else(|| dir.path().join("rooms.sqlite"));
    let rooms =
        Rooms::open(RoomsOptions::new(db.clone()).unwrap(), menace_serve::Limits::default())
            .expect("the database opens");
    let key = menace_class::new_key().unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    // Made as the teacher's page makes an empty room.
    let codes: Vec<menace_rooms::RoomCode> = (0..rooms_n)
        .map(|_| loop {
            let code = menace_rooms::RoomCode::random().unwrap();
            match rooms.db().make(code, &key, Vec::new(), now) {
                Ok(()) => break code,
                Err(menace_rooms::DbError::Taken) => continue,
                Err(e) => panic!("making a room: {e}"),
            }
        })
        .collect();
    let played = AtomicU64::new(0);
    let total = rooms_n * students * games;
    let start = Instant::now();
    let told = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads as usize)
            .map(|w| {
                let (rooms, codes, played) = (&rooms, &codes, &played);
                scope.spawn(move || {
                    let stop = menace_protocol::sink::Stop::new();
                    let mut rng = 0x9E37_79B9_7F4A_7C15 ^ (w as u64 + 1);
                    let mut student = Student::default();
                    // This thread's rooms, each with its students' sessions, named.
                    let mut mine: Vec<_> = codes
                        .iter()
                        .skip(w)
                        .step_by(threads as usize)
                        .map(|&code| {
                            let room = rooms.enter(code).unwrap().expect("the room");
                            let sessions: Vec<_> = (0..students)
                                .map(|s| {
                                    let (mut session, _) = room.machine().session();
                                    session.handle_line(&format!("name s{s}"), &mut student, &stop);
                                    session
                                })
                                .collect();
                            (room, sessions)
                        })
                        .collect();
                    for _ in 0..games {
                        for (_, sessions) in &mut mine {
                            for session in sessions.iter_mut() {
                                one_game(session, &mut student, &mut rng, &stop);
                                played.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    assert!(student.errors.is_empty(), "{:?}", &student.errors[..1]);
                    student.results
                })
            })
            .collect();
        // Every 100,000 games: the size on disk so far.
        let mut shown = 0;
        while played.load(Ordering::Relaxed) < total && workers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(std::time::Duration::from_millis(200));
            let p = played.load(Ordering::Relaxed);
            if p / 100_000 > shown {
                shown = p / 100_000;
                println!(
                    "{p:>9} games  {:7.1} s  on disk {:6.2} MiB",
                    start.elapsed().as_secs_f64(),
                    on_disk(&db) as f64 / 1048576.0
                );
            }
        }
        workers.into_iter().map(|w| w.join().expect("a worker")).sum::<u64>()
    });
    let seconds = start.elapsed().as_secs_f64();
    let stats = rooms.db().stats().unwrap();
    let running = on_disk(&db);
    rooms.tidy(true);
    drop(rooms);
    // Closed: the log checkpointed into the file and removed.
    let closed = on_disk(&db);
    let peak = peak_rss_kib(std::process::id()).unwrap_or(0);
    println!(
        "{rooms_n} rooms x {students} students x {games} games: {told} games told, {} counted \
         in the database, in {seconds:.1} s = {:.0} games/s\n\
         database on disk: {:.2} MiB running (file and log), {:.2} MiB closed = {:.0} bytes a \
         room, {:.2} bytes a game; peak memory {:.0} MiB",
        stats.games,
        told as f64 / seconds,
        running as f64 / 1048576.0,
        closed as f64 / 1048576.0,
        closed as f64 / rooms_n as f64,
        closed as f64 / told.max(1) as f64,
        peak as f64 / 1024.0
    );
    assert_eq!((told, stats.games), (total, total), "games lost");
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("million") {
        args.next();
        return tokio::task::block_in_place(|| million(args));
    }
    if args.peek().map(String::as_str) == Some("rooms") {
        args.next();
        return rooms(args).await;
    }
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
