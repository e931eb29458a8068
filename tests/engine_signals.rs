//! SIGTERM and SIGINT end a long command at once, keep what it learned and save
//! `--state`, whether standard input is still open or has already ended (a batch job,
//! `printf 'train ...' | menace --state s.json`, killed by its scheduler).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The issue's command: 100 million games against the exploiter, about two hours.
const LONG: &str = "train 100000000 exploiter\n";

/// Runs `menace --state s.json` on [`LONG`], closing its input first when `close_input`,
/// waits for the first `progress` answer, sends `signal`, and checks that the engine
/// ends within seconds with exit code 128 + signal, answering a stopped `trained` and
/// saving the games it played.
fn stopped_by(signal: i32, close_input: bool) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
        .arg("--state")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(LONG.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let stdin = if close_input {
        drop(stdin);
        None
    } else {
        Some(stdin)
    };
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    assert!(out.read_line(&mut first).unwrap() > 0, "no answer at all");
    assert!(first.starts_with(r#"{"type":"progress","command":"train","games":10000,"#), "{first}");
    // SAFETY: kill only sends a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("still running 20 s after signal {signal} (input closed: {close_input})");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(stdin);
    assert_eq!(status.code(), Some(128 + signal), "{status:?}");
    let rest: Vec<String> = out.lines().map(Result::unwrap).collect();
    let last = rest.last().expect("a trained answer");
    let trained: serde_json::Value = serde_json::from_str(last).unwrap();
    assert_eq!(trained["type"], "trained", "{last}");
    assert_eq!(trained["stopped"], true, "{last}");
    let games = trained["games"].as_u64().unwrap();
    assert!((10_000..100_000_000).contains(&games), "{games}");
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(saved["games_played"].as_u64(), Some(games));
}

#[test]
fn sigterm_after_end_of_input_stops_and_saves() {
    stopped_by(libc::SIGTERM, true);
}

#[test]
fn sigint_after_end_of_input_stops_and_saves() {
    stopped_by(libc::SIGINT, true);
}

#[test]
fn sigterm_with_input_open_stops_and_saves() {
    stopped_by(libc::SIGTERM, false);
}

#[test]
fn sigint_with_input_open_stops_and_saves() {
    stopped_by(libc::SIGINT, false);
}
