//! `menace serve --rooms FILE` as an operator runs it: a database that is damaged, another
//! program's, held by another server, or on a full disk is refused at start with a sentence
//! and exit 1, and left byte for byte as it was; a disk that fills while the server runs
//! (a real one: a small tmpfs, filled) costs the one game it could not keep, which is not
//! announced, and nothing else; and the soak: twenty rooms played at full speed while
//! the server is killed with SIGKILL a hundred times, after which every game any client was
//! told had finished is still counted, and no room is lost.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::serve_class::{serve, Server, Ws};

/// Longer than any round can take on a working server.
const HANG: Duration = Duration::from_secs(60);

/// `menace serve --rooms DB ...` that must refuse to start: its stderr.
fn refused(db: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_menace"))
        .args(["serve", "--addr", "127.0.0.1:0", "--rooms"])
        .arg(db)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_damaged_foreign_or_held_database_is_refused_at_start_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("rooms.sqlite");
    let text = b"a class file, not a database\n".repeat(300);
    std::fs::write(&junk, &text).unwrap();
    let said = refused(&junk);
    assert!(said.contains("not a rooms database, or damaged"), "{said}");
    assert_eq!(std::fs::read(&junk).unwrap(), text);

    // Held: a first server runs on it, a second is refused, the first goes on.
    let db = dir.path().join("held.sqlite");
    let (mut first, addr) = serve(&["--rooms", db.to_str().unwrap()]);
    let said = refused(&db);
    assert!(said.contains("another process is using it"), "{said}");
    let (status, _) = post(&addr, "/api/rooms", r#"{"key":null}"#);
    assert_eq!(status, 200, "the first server is untouched");
    first.kill().unwrap();
    first.wait().unwrap();
}

/// A POST as the server's own page makes it: the status and the JSON body.
fn post(addr: &str, path: &str, body: &str) -> (u16, Value) {
    request(addr, "POST", path, body)
}

/// A request as the server's own page makes it: the status and the JSON body.
fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let json = body.find('{').map_or(Value::Null, |i| {
        serde_json::from_str(&body[i..=body.rfind('}').unwrap()]).unwrap_or(Value::Null)
    });
    (status, json)
}

/// Plays games in room `code` as fast as the server answers until it dies or `stop` is
/// set: the games whose result this client was told (each also counted in `results`).
fn play_until_gone(
    addr: &str,
    code: &str,
    name: &str,
    stop: &AtomicBool,
    results: &AtomicU64,
) -> u64 {
    let Some(mut ws) = Ws::connect_at(addr, &format!("/r/{code}/ws")) else { return 0 };
    let mut told = 0;
    if !ws.try_send_line(&format!("name {name}")) {
        return 0;
    }
    while !stop.load(Ordering::Relaxed) {
        if !ws.try_send_line("games 1") {
            return told;
        }
        loop {
            let Some(a) = ws.try_recv() else { return told };
            match a["type"].as_str() {
                Some("result") => {
                    told += 1;
                    results.fetch_add(1, Ordering::Relaxed);
                }
                Some("match_over") => break,
                _ if a["to_move"] == "player" => {
                    let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
                    let cell = rows.concat().bytes().position(|b| b == b'.').unwrap();
                    let rc = |n: usize| ["L", "M", "R"][n];
                    if !ws.try_send_line(&format!("move {}{}", rc(cell / 3), rc(cell % 3))) {
                        return told;
                    }
                }
                _ => {}
            }
        }
    }
    told
}

#[test]
fn twenty_rooms_at_full_speed_lose_no_announced_game_in_a_hundred_kills() {
    const ROOMS: usize = 20;
    const KILLS: u64 = 100;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rooms.sqlite");
    let flags = ["--rooms", db.to_str().unwrap(), "--rooms-per-hour", "100"];
    let (mut server, mut addr) = serve(&flags);
    let codes: Vec<String> = (0..ROOMS)
        .map(|_| {
            let (status, made) = post(&addr, "/api/rooms", r#"{"key":null}"#);
            assert_eq!(status, 200, "{made}");
            made["code"].as_str().unwrap().to_string()
        })
        .collect();
    let mut told = [0u64; ROOMS];
    let results = Arc::new(AtomicU64::new(0));
    for kill in 0..KILLS {
        let stop = Arc::new(AtomicBool::new(false));
        let before = results.load(Ordering::Relaxed);
        let players: Vec<_> = codes
            .iter()
            .enumerate()
            .map(|(i, code)| {
                let (addr, code, stop) = (addr.clone(), code.clone(), stop.clone());
                let results = results.clone();
                std::thread::spawn(move || {
                    play_until_gone(&addr, &code, &format!("p{i}"), &stop, &results)
                })
            })
            .collect();
        // Killed at a different moment each round, mid-game for most rooms, and only once
        // a few games were announced in the round, however slow the machine is today (a
        // round of a fixed length played 177 games in all beside CI's other tests).
        std::thread::sleep(Duration::from_millis(60 + (kill * 37) % 160));
        let waited = std::time::Instant::now();
        while results.load(Ordering::Relaxed) < before + 2 && waited.elapsed() < HANG {
            std::thread::sleep(Duration::from_millis(5));
        }
        server.kill().unwrap();
        server.wait().unwrap();
        stop.store(true, Ordering::Relaxed);
        for (i, p) in players.into_iter().enumerate() {
            told[i] += p.join().unwrap();
        }
        (server, addr) = serve(&flags);
    }
    // Every room is there, and holds at least every game a client was told had finished
    // (a game finished as the kill came, its result unsent, may be counted too: at most one
    // a room a kill).
    let mut all = 0;
    for (i, code) in codes.iter().enumerate() {
        let mut ws = Ws::connect_at(&addr, &format!("/r/{code}/ws")).expect("the room is there");
        ws.send_line("class");
        let picture = ws.until("class");
        let kept = picture["games_played"].as_u64().unwrap();
        assert!(kept >= told[i], "room {code}: {kept} kept, {} announced", told[i]);
        assert!(kept <= told[i] + KILLS, "room {code}: {kept} kept, {} announced", told[i]);
        all += told[i];
    }
    assert!(all >= 2 * KILLS, "the rooms played: {all} games announced");
    server.kill().unwrap();
    server.wait().unwrap();
}

/// Plays one game on `ws` (named already) taking the first free cell: every answer up to
/// `match_over`.
fn one_game(ws: &mut Ws) -> Vec<Value> {
    ws.send_line("games 1");
    let mut seen = Vec::new();
    loop {
        let a = ws.recv();
        seen.push(a.clone());
        if a["type"] == "match_over" {
            return seen;
        }
        if a["to_move"] == "player" {
            let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
            let cell = rows.concat().bytes().position(|b| b == b'.').unwrap();
            let rc = |n: usize| ["L", "M", "R"][n];
            ws.send_line(&format!("move {}{}", rc(cell / 3), rc(cell % 3)));
        }
    }
}

fn has(seen: &[Value], kind: &str) -> bool {
    seen.iter().any(|a| a["type"] == kind)
}

/// Ends `server` with SIGTERM (it writes its rooms once more and closes the database).
fn stop_cleanly(mut server: Server) {
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(server.id() as i32, libc::SIGTERM) }, 0);
    assert!(server.wait().unwrap().success());
}

/// The games room `code` holds, as a fresh server reads them from the database.
fn kept_games(addr: &str, code: &str) -> u64 {
    let mut ws = Ws::connect_at(addr, &format!("/r/{code}/ws")).expect("the room is there");
    ws.send_line("class");
    ws.until("class")["games_played"].as_u64().unwrap()
}

#[test]
fn a_full_disk_loses_only_the_game_it_could_not_keep_and_is_said_at_start() {
    let dir = tempfile::tempdir().unwrap();
    // A real disk of 4 MiB: the database and its log, then a file that fills the rest.
    let Some(disk) = menace_testkit::tmpfs(dir.path(), 4 << 20) else { return };
    let db = disk.path().join("rooms.sqlite");
    let flags = ["--rooms", db.to_str().unwrap()];
    let (server, addr) = serve(&flags);
    let (status, made) = post(&addr, "/api/rooms", r#"{"key":null}"#);
    assert_eq!(status, 200, "{made}");
    let code = made["code"].as_str().unwrap().to_string();
    let mut ws = Ws::connect_at(&addr, &format!("/r/{code}/ws")).unwrap();
    ws.send_line("name Ada");
    let mut told = 0;
    for _ in 0..3 {
        assert!(has(&one_game(&mut ws), "result"));
        told += 1;
    }

    // The disk fills while the server runs. The log may still have room for a write or
    // two; the first game it cannot keep is refused, and is not announced as finished.
    let filler = disk.fill("filler");
    let unkept = loop {
        let seen = one_game(&mut ws);
        if has(&seen, "error") {
            break seen;
        }
        assert!(told < 40, "the full disk refused no game");
        assert!(has(&seen, "result"), "{seen:?}");
        told += 1;
    };
    let error = unkept.iter().find(|a| a["type"] == "error").unwrap();
    assert_eq!(error["code"], "class-file", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("disk") && message.contains("full"), "{message}");
    assert!(!has(&unkept, "result") && !has(&unkept, "finished"), "announced: {unkept:?}");
    let over = unkept.last().unwrap();
    assert_eq!(
        (over["type"].as_str(), over["aborted"].as_bool()),
        (Some("match_over"), Some(true))
    );
    // The server keeps serving: the room is still found, from the database.
    assert_eq!(request(&addr, "GET", &format!("/api/rooms/{code}"), "").0, 200);

    // Space comes back: the next game is kept and announced, and with it the one that
    // could not be kept (it stayed in memory).
    std::fs::remove_file(&filler).unwrap();
    let seen = one_game(&mut ws);
    assert!(has(&seen, "result") && !has(&seen, "error"), "{seen:?}");
    told += 1;
    drop(ws);
    stop_cleanly(server);

    // Nothing announced was lost: a new server reads every game, the refused one too.
    let (server, addr) = serve(&flags);
    assert_eq!(kept_games(&addr, &code), told + 1);
    stop_cleanly(server);

    // Started on a full disk: refused with a sentence that says so, names the file and
    // what to do, and the database is left byte for byte as it was.
    let before = std::fs::read(&db).unwrap();
    let filler = disk.fill("filler");
    let said = refused(&db);
    assert!(said.contains("is full"), "{said}");
    assert!(said.contains(db.to_str().unwrap()), "{said}");
    assert!(said.contains("free some space"), "{said}");
    // (Compared whole, not printed: the file is a few hundred kilobytes.)
    assert!(std::fs::read(&db).unwrap() == before, "the database was written to");
    // And once there is room again, it starts with every game.
    std::fs::remove_file(&filler).unwrap();
    let (server, addr) = serve(&flags);
    assert_eq!(kept_games(&addr, &code), told + 1);
    stop_cleanly(server);
}
