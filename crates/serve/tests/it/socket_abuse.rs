//! What a hostile or broken client can do to the server: each case gets an error answer or
//! a clean close, the session's state stays as it was, and everyone else keeps being served.

use crate::common;

use common::{answer, ask, connect, connect_from, next, send, start, Frame};
use futures_util::SinkExt;
use menace_serve::engine::MAX_LINE;
use menace_serve::socket::HARD_CAP;
use menace_serve::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// The session's whole state as the protocol shows it.
async fn snapshot(ws: &mut common::Ws) -> (serde_json::Value, serde_json::Value) {
    let status = ask(ws, "status", "status").await.pop().unwrap();
    let boxes = ask(ws, "dump", "matchboxes").await.pop().unwrap();
    (status, boxes)
}

fn is_error(a: &serde_json::Value, containing: &str) -> bool {
    a["type"] == "error" && a["message"].as_str().unwrap().contains(containing)
}

/// Is a new session admitted (its `status` answered) within `tries` attempts 20 ms apart?
/// A freed place is given back only once the server has seen the close, a moment later.
async fn admitted_within(addr: std::net::SocketAddr, tries: usize) -> bool {
    for _ in 0..tries {
        let mut ws = connect(addr, "").await;
        send(&mut ws, "status").await;
        if answer(&mut ws).await["type"] == "status" {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_one_error_each_and_change_nothing() {
    let addr = start(Limits::default()).await;
    let mut ws = connect(addr, "seed=9").await;
    // A game in progress, so there is state to lose.
    ask(&mut ws, "games 2", "menace_move").await;
    let before = snapshot(&mut ws).await;

    // Over the line cap, as text and as binary.
    send(&mut ws, &"x".repeat(MAX_LINE + 1)).await;
    assert!(is_error(&answer(&mut ws).await, "line too long"));
    ws.send(Message::binary(vec![b'y'; MAX_LINE + 10])).await.unwrap();
    assert!(is_error(&answer(&mut ws).await, "line too long"));
    // Binary frames that are not UTF-8, or are raw garbage.
    ws.send(Message::binary(vec![0xff, 0xfe, 0x00, 0x80])).await.unwrap();
    assert!(is_error(&answer(&mut ws).await, "not valid UTF-8"));
    // Two commands in one frame.
    send(&mut ws, "move LL\nmove LM").await;
    assert!(is_error(&answer(&mut ws).await, "one command per frame"));
    // Malformed commands.
    for garbage in ["\u{0}\u{1}\u{2}", "move ZZ", "games -1", "}{", "load /etc/passwd"] {
        send(&mut ws, garbage).await;
        let a = answer(&mut ws).await;
        assert_eq!(a["type"], "error", "{garbage:?} gave {a}");
    }
    assert_eq!(snapshot(&mut ws).await, before, "an error changed the session");

    // A frame over the hard cap ends this connection cleanly (close 1009)... The server
    // may close it before the frame is all written: the send then fails (a broken pipe
    // or a reset), which is the same ending seen from this side.
    if let Err(e) = ws.send(Message::binary(vec![b'z'; HARD_CAP + 1])).await {
        let io = matches!(&e, tokio_tungstenite::tungstenite::Error::Io(io)
            if matches!(io.kind(), std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset));
        assert!(io, "the oversized frame: {e}");
    }
    loop {
        match next(&mut ws).await {
            Frame::Text(_) => continue,
            Frame::Close(code) => {
                assert!(code.is_none() || code == Some(1009), "close code {code:?}");
                break;
            }
        }
    }
    // ... and the server serves the next one.
    let mut other = connect(addr, "").await;
    assert_eq!(ask(&mut other, "status", "status").await.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_file_of_the_server_is_reachable() {
    let addr = start(Limits::default()).await;
    let mut ws = connect(addr, "").await;
    let dir = std::env::temp_dir().join(format!("menace-serve-abuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("state.json");
    for line in [format!("save {}", target.display()), "load /etc/hostname".into()] {
        send(&mut ws, &line).await;
        assert!(is_error(&answer(&mut ws).await, "file commands are disabled"), "{line}");
    }
    assert!(!target.exists(), "save wrote a file on the server");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upgrades_from_other_origins_are_refused() {
    let addr = start(Limits::default()).await;
    assert_eq!(connect_from(addr, "http://evil.example").await.err(), Some(403));
    assert_eq!(connect_from(addr, "http://127.0.0.1:1").await.err(), Some(403));
    assert_eq!(connect_from(addr, "null").await.err(), Some(403));
    // The page's own origin is welcome.
    let mut ws = connect_from(addr, &format!("http://{addr}")).await.expect("same origin");
    assert_eq!(ask(&mut ws, "status", "status").await.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_session_options_are_refused_with_a_sentence() {
    let addr = start(Limits::default()).await;
    for query in ["game=chess", "seed=minus", "learner=oracle", "colour=red", "preset=none"] {
        let mut ws = connect(addr, query).await;
        let a = answer(&mut ws).await;
        assert_eq!(a["type"], "error", "{query}: {a}");
        assert!(matches!(next(&mut ws).await, Frame::Close(_)), "{query}: not closed");
    }
    let mut ws = connect(addr, "game=nim&seed=3").await;
    let status = ask(&mut ws, "status", "status").await.pop().unwrap();
    assert_eq!((status["game"].as_str(), status["seed"].as_u64()), (Some("nim"), Some(3)));
}

/// Opens `n` sessions, each proven live by an answer.
async fn open_sessions(addr: std::net::SocketAddr, n: usize) -> Vec<common::Ws> {
    let mut open = Vec::new();
    for _ in 0..n {
        let mut ws = connect(addr, "").await;
        ask(&mut ws, "status", "status").await;
        open.push(ws);
    }
    open
}

async fn assert_refused(addr: std::net::SocketAddr, cap: usize) {
    let mut ws = connect(addr, "").await;
    let a = answer(&mut ws).await;
    assert!(is_error(&a, &format!("at most {cap} sessions")), "{a}");
    assert_eq!((&a["code"], &a["args"]["max"]), (&"server-full".into(), &cap.to_string().into()));
    assert_eq!(next(&mut ws).await, Frame::Close(Some(1013)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_past_the_cap_are_refused_and_a_freed_place_is_reused() {
    let addr = start(Limits { max_sessions: 3, ..Limits::default() }).await;
    let mut open = open_sessions(addr, 3).await;
    assert_refused(addr, 3).await;
    // Closing one frees its place (once the server has seen the close).
    let mut gone = open.pop().unwrap();
    gone.close(None).await.unwrap();
    while !matches!(next(&mut gone).await, Frame::Close(_)) {}
    assert!(admitted_within(addr, 200).await, "a freed place was never given to a new session");
    // The others were never disturbed.
    for ws in &mut open {
        assert_eq!(ask(ws, "status", "status").await.len(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_201st_session_is_refused_at_the_default_cap() {
    let addr = start(Limits::default()).await;
    assert_eq!(Limits::default().max_sessions, 200);
    let open = open_sessions(addr, 200).await;
    assert_refused(addr, 200).await;
    assert_eq!(open.len(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn not_websocket_at_all_gets_an_http_error_and_the_server_goes_on() {
    let addr = start(Limits::default()).await;
    for garbage in [
        &b"GET /ws HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"[..],
        b"\x00\x01\x02garbage\r\n\r\n",
        b"GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ] {
        let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        tcp.write_all(garbage).await.unwrap();
        let mut reply = Vec::new();
        let _ = tokio::time::timeout(common::HANG, tcp.read_to_end(&mut reply)).await;
        let text = String::from_utf8_lossy(&reply);
        assert!(text.is_empty() || text.starts_with("HTTP/1.1 4"), "{garbage:?} got {text:?}");
    }
    let mut ws = connect(addr, "").await;
    assert_eq!(ask(&mut ws, "status", "status").await.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stop_ends_a_long_train_and_keeps_what_was_learned() {
    let addr = start(Limits::default()).await;
    let mut ws = connect(addr, "").await;
    send(&mut ws, "train 100000000").await;
    assert_eq!(answer(&mut ws).await["type"], "progress");
    send(&mut ws, "stop").await;
    let mut trained = answer(&mut ws).await;
    while trained["type"] == "progress" {
        trained = answer(&mut ws).await;
    }
    assert_eq!(trained["type"], "trained", "{trained}");
    assert_eq!(trained["stopped"], true);
    let games = trained["games"].as_u64().unwrap();
    assert!(games > 0 && games < 100_000_000, "{games}");
    assert_eq!(answer(&mut ws).await["type"], "stopped");
    let status = ask(&mut ws, "status", "status").await.pop().unwrap();
    assert_eq!(status["games_played"].as_u64(), Some(games));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_the_socket_stops_its_work_and_frees_its_place() {
    // One place: the next session is admitted only once the closed one's thread has ended,
    // which a 100,000,000-game train would not do for minutes if it kept running.
    let addr = start(Limits { max_sessions: 1, ..Limits::default() }).await;
    let mut ws = connect(addr, "").await;
    send(&mut ws, "train 100000000").await;
    assert_eq!(answer(&mut ws).await["type"], "progress");
    drop(ws);
    assert!(admitted_within(addr, 500).await, "the closed session's train kept its place");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_session_is_closed_and_its_place_freed() {
    let idle = std::time::Duration::from_millis(300);
    let addr = start(Limits { max_sessions: 1, idle, ..Limits::default() }).await;
    let mut ws = connect(addr, "").await;
    // Say nothing: an error frame explaining why, then a close (1001, going away).
    assert!(is_error(&answer(&mut ws).await, "without a command"));
    assert_eq!(next(&mut ws).await, Frame::Close(Some(1001)));
    assert!(admitted_within(addr, 500).await, "the silent session kept its place");
}

/// A frame over the one frame cap gets a close frame that says why (1009, "frame too
/// big"), even while the client is still sending it: the server holds the connection
/// open a moment after the close, so the reset of a dropped socket cannot overtake it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_over_the_cap_is_told_why_in_a_close_frame() {
    use futures_util::StreamExt;
    let addr = start(Limits::default()).await;
    let ws = connect(addr, "").await;
    let (mut sink, mut stream) = ws.split();
    let sending = tokio::spawn(async move {
        // 5 MB: the server refuses it from its header.
        let _ = sink.send(Message::binary(vec![b'z'; 5 << 20])).await;
        sink
    });
    let close = loop {
        match tokio::time::timeout(std::time::Duration::from_secs(20), stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close frame: {other:?}"),
        }
    };
    let close = close.expect("a close frame with a code");
    assert_eq!(u16::from(close.code), 1009);
    assert!(close.reason.contains("frame too big"), "{}", close.reason);
    assert!(close.reason.contains(&HARD_CAP.to_string()), "{}", close.reason);
    let _ = sending.await;
}
