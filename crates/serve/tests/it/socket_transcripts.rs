//! The golden transcripts (fixtures/transcripts, replayed on stdin by tests/it/transcripts.rs)
//! replayed through `/ws`, one line per frame: the answers, one per frame, must be the
//! `.out` file's lines byte for byte.
//!
//! The protocol gives no end-of-answers marker, so after every batch of lines the client
//! sends a sentinel line (an unknown command) and reads up to its error answer, which is
//! left out of the comparison. A line that is not UTF-8 goes as a binary frame, which the
//! server reads as the bytes of one line, as stdin does. Socket sessions are `--no-files`:
//! for a transcript that saves or loads files, the expected answers are stdin's with file
//! commands disabled.

use crate::common;
use crate::golden;

use std::path::{Path, PathBuf};

use common::{next, Frame};
use futures_util::SinkExt;
use menace_core::menace::BeadRules;
use menace_files::FileAccess;
use menace_protocol::{serve, Config, GameChoice, LearnerChoice, Session};
use tokio_tungstenite::tungstenite::Message;

const SENTINEL: &str = "zzsentinelzz";
/// Lines sent before waiting for their answers: well inside the server's line queue.
const BATCH: usize = 16;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/transcripts")
}

/// The `#!args` flags of a transcript as the `/ws` query string. Every socket session is
/// `--no-files`, so `--no-files` and `--files DIR` need no translation (see `expected`).
fn query(input: &[u8]) -> Option<String> {
    let Some(args) = golden::args_line(input) else {
        return Some(String::new());
    };
    let words: Vec<&str> = args.iter().map(String::as_str).filter(|w| *w != "--no-files").collect();
    let mut pairs = Vec::new();
    for flag in words.chunks(2) {
        let [flag, value] = flag else { panic!("flag without a value in {args:?}") };
        let key = match *flag {
            "--files" => continue,
            "--seed" => "seed",
            "--game" => "game",
            "--preset" => "preset",
            "--learner" => "learner",
            "--side" => "side",
            other => panic!("the socket replay does not know the flag {other}: teach it"),
        };
        pairs.push(format!("{key}={value}"));
    }
    Some(pairs.join("&"))
}

/// Whether a transcript's lines touch server files (`save`, `load`).
fn uses_files(input: &[u8]) -> bool {
    input.split(|&b| b == b'\n').filter_map(|l| std::str::from_utf8(l).ok()).any(|l| {
        let word = l.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        word == "save" || word == "load"
    })
}

/// What stdin answers to this transcript in a session like the socket's (`--no-files`):
/// the golden `.out` (what the binary prints) when the transcript touches no file, else
/// the protocol's own stdin loop with file commands disabled.
fn expected(path: &Path, input: &[u8], query: &str) -> Vec<u8> {
    if !uses_files(input) {
        return std::fs::read(path.with_extension("out")).unwrap();
    }
    let mut config = Config { files: FileAccess::Nowhere, ..Config::default() };
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap();
        match key {
            "seed" => config.seed = value.parse().unwrap(),
            "game" => config.game = GameChoice::parse(value, None).unwrap(),
            "learner" => config.learner = LearnerChoice::parse(value).unwrap(),
            "preset" => config.rules = BeadRules::preset(value).unwrap(),
            "side" => config.side = Some(menace_core::game::Side::parse(value).unwrap()),
            other => panic!("unexpected option {other}"),
        }
    }
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(input, &mut out, &mut session).unwrap();
    out
}

/// Sends `lines` in batches; returns every answer frame (sentinels left out) as the
/// bytes stdin would have printed, one line each, and how the replay ended (for a
/// failure's message: a `quit` closes the socket early on purpose, anything else early
/// is what to look at when the answers fall short).
async fn replay(addr: std::net::SocketAddr, query: &str, input: &[u8]) -> (Vec<u8>, String) {
    let mut ws = common::connect(addr, query).await;
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let mut out = Vec::new();
    for (n, batch) in lines.chunks(BATCH).enumerate() {
        let at = n * BATCH;
        for (i, line) in batch.iter().enumerate() {
            let frame = match std::str::from_utf8(line) {
                Ok(text) => Message::text(text),
                Err(_) => Message::binary(line.to_vec()),
            };
            if let Err(e) = ws.send(frame).await {
                // Expected after a `quit`; anything else shows in the failure's reason.
                return (out, format!("sending line {} failed: {e}", at + i + 1));
            }
        }
        if let Err(e) = ws.send(Message::text(SENTINEL)).await {
            return (
                out,
                format!("sending the sentinel after line {} failed: {e}", at + batch.len()),
            );
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
                Frame::Close(code) => {
                    let how = match code {
                        Some(code) => format!("closed by the server (code {code})"),
                        None => "the connection dropped".to_string(),
                    };
                    return (out, format!("{how} in the batch from line {}", at + 1));
                }
            }
        }
    }
    (out, "every line answered".to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn golden_transcripts_over_the_socket() {
    let addr = common::start(menace_serve::Limits::default()).await;
    let inputs = golden::inputs(&fixtures(), 6);
    let mut failures = Vec::new();
    for path in &inputs {
        let input = std::fs::read(path).unwrap();
        let query = query(&input).unwrap_or_default();
        let want = expected(path, &input, &query);
        let (got, ended) = replay(addr, &query, &input).await;
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if got != want {
            failures.push(format!("{name}: {} ({ended})", golden::first_difference(&want, &got)));
        }
    }
    assert!(failures.is_empty(), "socket answers differ from stdin's:\n{}", failures.join("\n"));
}
