//! `menace serve --class --state FILE` as a teacher runs it: a student plays a game over
//! the WebSocket, the class file is saved after the game, SIGTERM stops the server cleanly
//! with the file written, and a restart (stopped with SIGINT this time) continues with the
//! same score and players. A minimal WebSocket client over a plain TCP stream keeps the
//! binary's tests free of an async runtime.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Starts the class server on a free port; the child and its address.
fn start(state: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
        .args([
            "serve",
            "--class",
            "--addr",
            "127.0.0.1:0",
            "--teacher-key",
            "key-for-this-test",
            "--state",
        ])
        .arg(state)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start menace serve --class");
    // Only the banner's first line is read, then the pipe is closed, as a launcher that
    // takes the address and goes would: the server must keep serving.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in the banner: {first:?}"))
        .to_string();
    (child, addr)
}

/// A WebSocket client: the handshake, masked text frames out, frames in.
struct Ws(TcpStream);

impl Ws {
    fn connect(addr: &str) -> Ws {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        write!(
            s,
            "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8];
        while !head.ends_with(b"\r\n\r\n") {
            s.read_exact(&mut byte).unwrap();
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        Ws(s)
    }

    fn send(&mut self, v: &Value) {
        let payload = v.to_string().into_bytes();
        assert!(payload.len() < 126);
        let mask = [1u8, 2, 3, 4];
        let mut frame = vec![0x81, 0x80 | payload.len() as u8];
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.0.write_all(&frame).unwrap();
    }

    /// The next text frame as JSON.
    fn recv(&mut self) -> Value {
        loop {
            let mut h = [0u8; 2];
            self.0.read_exact(&mut h).unwrap();
            let len = match h[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.0.read_exact(&mut n).unwrap();
                    u16::from_be_bytes(n) as usize
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.0.read_exact(&mut n).unwrap();
                    u64::from_be_bytes(n) as usize
                }
                n => n as usize,
            };
            let mut payload = vec![0u8; len];
            self.0.read_exact(&mut payload).unwrap();
            if h[0] & 0x0f == 1 {
                return serde_json::from_slice(&payload).unwrap();
            }
        }
    }

    /// Frames until one of type `kind` (broadcasts of other games are passed over).
    fn until(&mut self, kind: &str) -> Value {
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
fn stop(mut child: Child, signal: i32) {
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

fn read_class_file(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn a_class_file_is_saved_after_a_game_and_on_sigterm_and_a_restart_goes_on_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("class.json");
    let (server, addr) = start(&state);
    let mut ws = Ws::connect(&addr);
    let picture = ws.until("class");
    assert_eq!(picture["games"], 0, "{picture}");
    // One whole game as Ada, always taking the first free cell.
    ws.send(&json!({"do": "play", "name": "Ada"}));
    let mut game = ws.until("game");
    while game["winner"].is_null() {
        let cell = game["board"].as_str().unwrap().bytes().position(|b| b == b'.').unwrap();
        ws.send(&json!({"do": "move", "cell": cell}));
        game = ws.until("game");
    }
    // Saved after the game (off the server's async threads: give it a moment).
    let deadline = Instant::now() + Duration::from_secs(20);
    while !state.exists() || read_class_file(&state)["players"]["Ada"].is_null() {
        assert!(Instant::now() < deadline, "no class file after a finished game");
        std::thread::sleep(Duration::from_millis(20));
    }
    let after_game = read_class_file(&state);
    drop(ws);
    stop(server, libc::SIGTERM);
    let saved = read_class_file(&state);
    assert_eq!(saved["format"], "menace-class");
    assert_eq!(saved["players"]["Ada"], after_game["players"]["Ada"], "{saved}");
    assert_eq!(saved["state"], after_game["state"], "SIGTERM saved other boxes");
    let ada = &saved["players"]["Ada"];
    let games: u64 = ["win", "draw", "loss"].iter().map(|k| ada[k].as_u64().unwrap_or(0)).sum();
    assert_eq!(games, 1, "{ada}");
    // No temporary file left beside it.
    let names: Vec<_> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, vec![std::ffi::OsString::from("class.json")]);

    // The restart goes on from the file: one game played, Ada on the board.
    let (server, addr) = start(&state);
    let mut ws = Ws::connect(&addr);
    let picture = ws.until("class");
    assert_eq!(picture["games"], 1, "{picture}");
    let players = picture["players"].to_string();
    assert!(players.contains("Ada"), "{players}");
    drop(ws);
    stop(server, libc::SIGINT);
    assert_eq!(read_class_file(&state)["state"], saved["state"], "a restart changed the boxes");
}
