//! The golden transcripts (fixtures/transcripts, replayed on stdin by tests/transcripts.rs)
//! replayed through `/ws`, one line per frame: the answers, one per frame, must be the
//! `.out` file's lines byte for byte.
//!
//! The protocol gives no end-of-answers marker, so after every batch of lines the client
//! sends a sentinel line (an unknown command) and reads up to its error answer, which is
//! left out of the comparison. A line that is not UTF-8 goes as a binary frame, which the
//! server reads as the bytes of one line, as stdin does.

mod common;

use std::path::{Path, PathBuf};

use common::{next, Frame};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

const SENTINEL: &str = "zzsentinelzz";
/// Lines sent before waiting for their answers: well inside the server's line queue.
const BATCH: usize = 16;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/transcripts")
}

/// The `#!args` flags of a transcript as the `/ws` query string.
fn query(input: &[u8]) -> String {
    let first = input.split(|&b| b == b'\n').next().unwrap_or_default();
    let Some(args) = std::str::from_utf8(first).ok().and_then(|l| l.strip_prefix("#!args")) else {
        return String::new();
    };
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut pairs = Vec::new();
    for flag in words.chunks(2) {
        let [flag, value] = flag else { panic!("flag without a value in {args:?}") };
        let key = match *flag {
            "--seed" => "seed",
            "--game" => "game",
            "--preset" => "preset",
            "--learner" => "learner",
            other => panic!("the socket replay does not know the flag {other}: teach it"),
        };
        pairs.push(format!("{key}={value}"));
    }
    pairs.join("&")
}

/// Sends `lines` in batches; returns every answer frame (sentinels left out) as the
/// bytes stdin would have printed, one line each.
async fn replay(addr: std::net::SocketAddr, input: &[u8]) -> Vec<u8> {
    let mut ws = common::connect(addr, &query(input)).await;
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let mut out = Vec::new();
    for batch in lines.chunks(BATCH) {
        for line in batch {
            let frame = match std::str::from_utf8(line) {
                Ok(text) => Message::text(text),
                Err(_) => Message::binary(line.to_vec()),
            };
            if ws.send(frame).await.is_err() {
                return out; // the session ended (`quit`)
            }
        }
        if ws.send(Message::text(SENTINEL)).await.is_err() {
            return out;
        }
        loop {
            match next(&mut ws).await {
                Frame::Text(t) if t.contains(SENTINEL) && t.starts_with(r#"{"type":"error""#) => {
                    break
                }
                Frame::Text(t) => {
                    out.extend_from_slice(t.as_bytes());
                    out.push(b'\n');
                }
                Frame::Close(_) => return out,
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn golden_transcripts_over_the_socket() {
    let addr = common::start(menace_serve::Limits::default()).await;
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("fixtures/transcripts")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 6, "transcripts missing: {inputs:?}");
    let mut failures = Vec::new();
    for path in &inputs {
        let input = std::fs::read(path).unwrap();
        let want = std::fs::read(path.with_extension("out")).unwrap();
        let got = replay(addr, &input).await;
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if got != want {
            let (w, g) = (String::from_utf8_lossy(&want), String::from_utf8_lossy(&got));
            let diff = w
                .lines()
                .zip(g.lines())
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| format!("line {}:\n  want {a}\n  got  {b}", i + 1))
                .unwrap_or_else(|| {
                    format!("want {} lines, got {}", w.lines().count(), g.lines().count())
                });
            failures.push(format!("{name}: {diff}"));
        }
    }
    assert!(failures.is_empty(), "socket answers differ from stdin's:\n{}", failures.join("\n"));
}
