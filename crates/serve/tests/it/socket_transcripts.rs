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
use crate::transcripts::cases;

use common::{next, Frame};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

const SENTINEL: &str = "zzsentinelzz";
/// Lines sent before waiting for their answers: well inside the server's line queue.
const BATCH: usize = 16;

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
    let mut failures = Vec::new();
    for case in cases() {
        let (got, ended) = replay(addr, &case.query, &case.input).await;
        failures.extend(case.differs(&got).map(|d| format!("{d} ({ended})")));
    }
    assert!(failures.is_empty(), "socket answers differ from stdin's:\n{}", failures.join("\n"));
}
