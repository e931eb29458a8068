//! `menace serve --class --state FILE` as a teacher runs it: a student plays a game over
//! the WebSocket in the protocol's lines, the class file is saved after the game, SIGTERM
//! stops the server cleanly with the file written, and a restart (stopped with SIGINT this
//! time) continues with the same score and players. The class file is a saved MENACE:
//! `menace eval --state` and the engine's `--state` take it. A server stopped the moment
//! its port answers still exits cleanly and writes its file, every time. A minimal
//! WebSocket client over a plain TCP stream keeps the binary's tests free of an async
//! runtime.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Starts the class server on a free port; the child and its address.
fn start(state: &Path) -> (Server, String) {
    let state = state.to_str().unwrap();
    serve(&["--class", "--teacher-key", "key-for-this-test", "--state", state])
}

/// A server this test started: killed when dropped, so that a failing assertion leaves no
/// server running past its test (one did, holding its port and database, when a soak
/// failed).
pub(crate) struct Server(Child);

impl std::ops::Deref for Server {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Server {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `menace serve --addr 127.0.0.1:0 ARGS...`; the server and its address.
pub(crate) fn serve(args: &[&str]) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start menace serve --class");
    // Only the banner's lines up to the address are read, then the pipe is closed, as a
    // launcher that takes the address and goes would: the server must keep serving.
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    while !first.contains("http://") {
        first.clear();
        assert!(out.read_line(&mut first).unwrap() > 0, "no address in the banner");
    }
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in the banner: {first:?}"))
        .to_string();
    (Server(child), addr)
}

/// A WebSocket client: the handshake, masked text frames out, frames in.
pub(crate) struct Ws(TcpStream);

impl Ws {
    fn connect(addr: &str) -> Ws {
        Ws::connect_at(addr, "/ws").expect("the upgrade")
    }

    /// Connects to the socket at `path` (a room's `/r/CODE/ws`); `None` when the server
    /// is gone or refuses.
    pub(crate) fn connect_at(addr: &str, path: &str) -> Option<Ws> {
        let mut s = TcpStream::connect(addr).ok()?;
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .ok()?;
        let mut head = Vec::new();
        let mut byte = [0u8];
        while !head.ends_with(b"\r\n\r\n") {
            s.read_exact(&mut byte).ok()?;
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        head.starts_with("HTTP/1.1 101").then_some(Ws(s))
    }

    pub(crate) fn send_line(&mut self, line: &str) {
        assert!(self.try_send_line(line), "the server is gone");
    }

    /// Sends `line`: false once the server is gone.
    pub(crate) fn try_send_line(&mut self, line: &str) -> bool {
        let payload = line.as_bytes();
        let mask = [1u8, 2, 3, 4];
        let mut frame = vec![0x81];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n <= 0xffff => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.0.write_all(&frame).is_ok()
    }

    /// The next text frame as JSON.
    pub(crate) fn recv(&mut self) -> Value {
        self.try_recv().expect("a text frame before the connection ended")
    }

    /// The next text frame as JSON, or `None` once the connection is gone.
    pub(crate) fn try_recv(&mut self) -> Option<Value> {
        loop {
            let mut h = [0u8; 2];
            self.0.read_exact(&mut h).ok()?;
            let len = match h[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.0.read_exact(&mut n).ok()?;
                    u16::from_be_bytes(n) as usize
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.0.read_exact(&mut n).ok()?;
                    u64::from_be_bytes(n) as usize
                }
                n => n as usize,
            };
            let mut payload = vec![0u8; len];
            self.0.read_exact(&mut payload).ok()?;
            match h[0] & 0x0f {
                1 => return serde_json::from_slice(&payload).ok(),
                8 => return None,
                _ => {}
            }
        }
    }

    /// Frames until one of type `kind` (broadcasts of other games are passed over).
    pub(crate) fn until(&mut self, kind: &str) -> Value {
        loop {
            let v = self.recv();
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == kind {
                return v;
            }
        }
    }
}

/// Sends `signal` and waits for a clean exit.
fn stop(mut child: Server, signal: i32) {
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "the server exited with {status}");
            return;
        }
        assert!(Instant::now() < deadline, "the server did not stop on signal {signal}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The folder holds the class file and the teacher's file beside it (the key, the earlier
/// machines), and nothing else: no temporary file left.
fn assert_only_the_class_files(dir: &Path) {
    let mut names: Vec<_> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, ["class.json", "class.json.teacher"]);
}

/// `menace eval --state` takes the class file: a saved MENACE like any other.
fn assert_evaluates(state: &Path) {
    let eval =
        Command::new(env!("CARGO_BIN_EXE_menace")).args(["eval", "--state"]).arg(state).output();
    let eval = eval.unwrap();
    assert!(eval.status.success(), "{}", String::from_utf8_lossy(&eval.stderr));
}

fn read_class_file(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// Plays one whole game as `name` over `ws`, always taking the first free cell.
fn play_one(ws: &mut Ws, name: &str) {
    ws.send_line(&format!("name {name}"));
    ws.until("named");
    ws.send_line("games 1");
    loop {
        let a = ws.recv();
        assert_ne!(a["type"], "error", "{a}");
        if a["type"] == "match_over" {
            return;
        }
        if a["to_move"] == "player" {
            let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
            let cell = rows.concat().bytes().position(|b| b == b'.').unwrap();
            let rc = |n: usize| ["L", "M", "R"][n];
            ws.send_line(&format!("move {}{}", rc(cell / 3), rc(cell % 3)));
        }
    }
}

fn games(score: &Value) -> u64 {
    ["menace", "draw", "player"].iter().map(|k| score[k].as_u64().unwrap()).sum()
}

#[test]
fn a_class_file_is_saved_after_a_game_and_on_sigterm_and_a_restart_goes_on_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("class.json");
    let (server, addr) = start(&state);
    let mut ws = Ws::connect(&addr);
    ws.send_line("class");
    let picture = ws.until("class");
    assert_eq!(games(&picture["score"]), 0);
    play_one(&mut ws, "Ada");
    // Saved after the game (off the server's async threads: give it a moment).
    let deadline = Instant::now() + Duration::from_secs(20);
    while !state.exists() || read_class_file(&state)["class"]["players"]["Ada"].is_null() {
        assert!(Instant::now() < deadline, "no class file after a finished game");
        std::thread::sleep(Duration::from_millis(20));
    }
    let after_game = read_class_file(&state);
    drop(ws);
    stop(server, libc::SIGTERM);
    let saved = read_class_file(&state);
    assert_eq!(saved["format"], "menace-state", "a class file is a saved MENACE");
    assert_eq!(saved, after_game, "SIGTERM saved something else");
    let ada = &saved["class"]["players"]["Ada"];
    let played: u64 = ["win", "draw", "loss"].iter().map(|k| ada[k].as_u64().unwrap_or(0)).sum();
    assert_eq!(played, 1, "{ada}");
    // No temporary file left beside it.
    assert_only_the_class_files(dir.path());

    // A saved MENACE like any other: exact evaluation and the engine take it.
    assert_evaluates(&state);
    let mut engine = Command::new(env!("CARGO_BIN_EXE_menace"))
        .arg("--state")
        .arg(dir.path().join("class.json"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    engine.stdin.take().unwrap().write_all(b"status\n").unwrap();
    let out = engine.wait_with_output().unwrap();
    let status: Value =
        serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(status["games_played"], 1, "{status}");

    // The restart goes on from the file: one game played, Ada on the board.
    let (server, addr) = start(&state);
    let mut ws = Ws::connect(&addr);
    ws.send_line("class");
    let picture = ws.until("class");
    assert_eq!(games(&picture["score"]), 1);
    let players = picture["players"].to_string();
    assert!(players.contains("Ada"), "{players}");
    drop(ws);
    stop(server, libc::SIGINT);
    let again = read_class_file(&state);
    assert_eq!(again["boxes"], saved["boxes"], "a restart changed the boxes");
}

/// A SIGTERM the moment the port answers: the server exits cleanly and its class file is
/// written, every time (the handlers are in place before it listens).
#[test]
fn stopped_as_soon_as_it_listens_it_exits_cleanly_and_saves_every_time() {
    for i in 0..20 {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("class.json");
        let (server, addr) = start(&state);
        // The port answers (start() has read the banner, printed once it listens).
        drop(TcpStream::connect(&addr).unwrap());
        stop(server, libc::SIGTERM);
        let saved = read_class_file(&state);
        assert_eq!(saved["format"], "menace-state", "start {i}");
        assert!(saved["class"].is_object(), "start {i}");
    }
    // The private server too.
    for _ in 0..20 {
        let (server, addr) = serve(&[]);
        drop(TcpStream::connect(&addr).unwrap());
        stop(server, libc::SIGTERM);
    }
}

/// A game the page was told is finished survives `kill -9` at that very moment: the class
/// file holds it before `finished` is sent. Each round has six students playing as fast
/// as they can and kills the server as soon as any page reads a `finished` past a number
/// drawn for the round (before the fix the file was written after the broadcast, in the
/// background, and under this load the last games announced were missing from it), then
/// checks the file (a valid saved MENACE) holds every game any page was told of. The next
/// start clears the temporary files a kill can leave.
#[test]
fn a_game_announced_as_finished_survives_kill_9_at_once() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("class.json");
    let mut announced = 0u64;
    for round in 0..8u64 {
        let (mut server, addr) = start(&state);
        let seen = Arc::new(AtomicU64::new(announced));
        let killed = Arc::new(AtomicBool::new(false));
        // Kill after 3 to 24 more games, by the round.
        let kill_at = announced + 3 + (round * 7) % 22;
        let players: Vec<_> = (0..6)
            .map(|p| {
                let (addr, seen, killed) = (addr.clone(), seen.clone(), killed.clone());
                std::thread::spawn(move || {
                    let mut ws = Ws::connect(&addr);
                    ws.send_line(&format!("name p{p}"));
                    ws.send_line("matchboxes off");
                    ws.send_line("games 1000");
                    // Plays until the server is gone; every `finished` it is told counts.
                    while let Some(a) = ws.try_recv() {
                        if a["type"] == "finished" {
                            seen.fetch_max(a["number"].as_u64().unwrap(), Ordering::SeqCst);
                        }
                        if a["to_move"] == "player" && !killed.load(Ordering::SeqCst) {
                            let rows: Vec<String> =
                                serde_json::from_value(a["board"].clone()).unwrap();
                            let cell = rows.concat().bytes().position(|b| b == b'.').unwrap();
                            let rc = |n: usize| ["L", "M", "R"][n];
                            ws.send_line(&format!("move {}{}", rc(cell / 3), rc(cell % 3)));
                        }
                    }
                })
            })
            .collect();
        let deadline = Instant::now() + Duration::from_secs(60);
        while seen.load(Ordering::SeqCst) < kill_at {
            assert!(Instant::now() < deadline, "round {round}: the class stopped playing");
            std::thread::yield_now();
        }
        server.kill().unwrap();
        killed.store(true, Ordering::SeqCst);
        server.wait().unwrap();
        for p in players {
            p.join().unwrap();
        }
        announced = seen.load(Ordering::SeqCst);
        let saved = read_class_file(&state);
        let score = &saved["class"]["score"];
        let held: u64 = ["win", "draw", "loss"].iter().map(|k| score[k].as_u64().unwrap()).sum();
        assert!(
            held >= announced,
            "round {round}: pages were told game {announced} finished; the file holds {held}"
        );
        announced = held;
        assert_evaluates(&state);
    }
    // A temporary file a kill left mid-write is cleared at the next start.
    let stale = dir.path().join(".class.json.Ab3dE9.tmp");
    std::fs::write(&stale, b"{\"half\":").unwrap();
    let (server, _) = start(&state);
    stop(server, libc::SIGTERM);
    assert_only_the_class_files(dir.path());
}

/// Starts the class server on `state` with `extra` flags and no `--teacher-key`; the
/// child, its address and the key its banner printed.
fn start_keyed(state: &Path, extra: &[&str]) -> (Server, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
        .args(["serve", "--addr", "127.0.0.1:0", "--class", "--state"])
        .arg(state)
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start menace serve --class");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let (mut addr, mut key) = (None, None);
    let mut line = String::new();
    while key.is_none() {
        line.clear();
        assert!(out.read_line(&mut line).unwrap() > 0, "no key in the banner");
        if addr.is_none() {
            addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).map(String::from);
        }
        if let Some(rest) = line.split("teacher's key: ").nth(1) {
            key =
                Some(rest.split("  (").next().unwrap().split(" (kept").next().unwrap().to_string());
        }
    }
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    (Server(child), addr.expect("an address"), key.unwrap())
}

/// The key on the board last week still opens the class after a restart (it is kept beside
/// the class file, owner-only, never in what `export` hands out) until `--new-key`; a reset
/// is undone with `restore 1`, also after a restart: score, players and boxes as before.
#[test]
fn a_restart_keeps_the_key_and_a_reset_is_undone_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("class.json");
    let (server, addr, key) = start_keyed(&state, &[]);
    let mut ws = Ws::connect(&addr);
    play_one(&mut ws, "Ada");
    ws.send_line(&format!("teacher {key}"));
    ws.until("teacher");
    ws.send_line("export");
    let exported = ws.until("state");
    assert!(!exported.to_string().contains(&key), "export hands out the key");
    let before = read_class_file(&state);
    ws.send_line("reset");
    ws.until("reset");
    drop(ws);
    stop(server, libc::SIGTERM);
    assert_eq!(read_class_file(&state)["games_played"], 0, "the reset was saved");
    let teacher = dir.path().join("class.json.teacher");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&teacher).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the teacher's file is the owner's only");
    }

    // Restarted: the same key, and the reset undone.
    let (server, addr, again) = start_keyed(&state, &[]);
    assert_eq!(again, key, "a restart changed the teacher's key");
    let mut ws = Ws::connect(&addr);
    ws.send_line(&format!("teacher {key}"));
    ws.until("teacher");
    ws.send_line("class");
    let picture = ws.until("class");
    assert_eq!(picture["previous"][0]["why"], "reset", "{}", picture["previous"]);
    ws.send_line("restore 1");
    ws.until("restored");
    let picture = ws.until("class");
    assert_eq!(games(&picture["score"]), 1);
    assert!(picture["players"].to_string().contains("Ada"));
    drop(ws);
    stop(server, libc::SIGTERM);
    let after = read_class_file(&state);
    assert_eq!((&after["boxes"], &after["class"]), (&before["boxes"], &before["class"]));

    // Only --new-key changes it, and the new one is kept in turn.
    let (server, _, new) = start_keyed(&state, &["--new-key"]);
    stop(server, libc::SIGTERM);
    assert_ne!(new, key);
    let (server, _, kept) = start_keyed(&state, &[]);
    stop(server, libc::SIGTERM);
    assert_eq!(kept, new);
}

/// The class and its earlier machines are committed as one: 200 SIGKILLs of a real server
/// in the middle of imports and restores (each at a seeded moment after the line is sent)
/// never lose the machine the import or restore replaced, and the server starts again
/// every time. Each machine carries its own `games_played`, so the class's answer says
/// which machines it holds.
#[test]
fn kills_during_imports_and_restores_lose_no_earlier_machine() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("class.json");
    let key = "key-for-this-test";
    // The machines the class holds, by games played: now, and the earlier ones.
    let held = |addr: &str| -> (u64, Vec<u64>) {
        let mut ws = Ws::connect(addr);
        ws.send_line("class");
        let class = ws.until("class");
        // Left out while the class keeps none.
        let earlier = class["previous"].as_array().cloned().unwrap_or_default();
        let earlier = earlier.iter().map(|e| e["games_played"].as_u64().unwrap()).collect();
        (class["games_played"].as_u64().unwrap(), earlier)
    };
    let (server, addr) = start(&state);
    let mut ws = Ws::connect(&addr);
    ws.send_line(&format!("teacher {key}"));
    ws.until("teacher");
    ws.send_line("export");
    let mut machine = ws.until("state")["state"].clone();
    drop(ws);
    stop(server, libc::SIGTERM);
    // A seeded generator for the moments of the kills (xorshift: no timing is asserted).
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..200u64 {
        let (mut server, addr) = start(&state);
        let (now, earlier) = held(&addr);
        let mut ws = Ws::connect(&addr);
        ws.send_line(&format!("teacher {key}"));
        ws.until("teacher");
        let restoring = round % 2 == 1 && !earlier.is_empty();
        if restoring {
            ws.send_line("restore 1");
        } else {
            machine["games_played"] = (1000 + round).into();
            ws.send_line(&format!("import {machine}"));
        }
        std::thread::sleep(Duration::from_micros(next() % 3000));
        server.kill().unwrap();
        server.wait().unwrap();
        drop(ws);
        // The server starts again, and holds the machine the line would have replaced.
        let (server, addr) = start(&state);
        let (after, kept) = held(&addr);
        let all: Vec<u64> = std::iter::once(after).chain(kept.iter().copied()).collect();
        assert!(all.contains(&now), "round {round}: machine {now} was lost: {all:?}");
        if restoring {
            assert!(all.contains(&earlier[0]), "round {round}: {} was lost: {all:?}", earlier[0]);
        }
        stop(server, libc::SIGTERM);
    }
    assert_only_the_class_files(dir.path());
}
