//! A real server on a free loopback port and a real WebSocket client (tokio-tungstenite),
//! shared by the socket tests.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Long enough for any answer on a loaded machine; only guards against a hang.
pub const HANG: Duration = Duration::from_secs(120);

/// Starts `menace_serve::serve` with `limits` on 127.0.0.1 and a free port.
pub async fn start(limits: menace_serve::Limits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(menace_serve::serve(listener, limits, std::future::pending()));
    addr
}

/// Opens `/ws?QUERY` (no Origin header, as a program would).
pub async fn connect(addr: SocketAddr, query: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws?{query}"))
        .await
        .expect("WebSocket upgrade");
    ws
}

/// Opens `/ws` with this `Origin` header; the HTTP status of a refused upgrade.
pub async fn connect_from(addr: SocketAddr, origin: &str) -> Result<Ws, u16> {
    let mut request = format!("ws://{addr}/ws").into_client_request().unwrap();
    request.headers_mut().insert("origin", origin.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(e) => panic!("unexpected failure: {e}"),
    }
}

/// `GET path` from the server at `addr` (as a browser on this machine asks): the answer's
/// status line and headers, and its body as text.
pub async fn get(addr: SocketAddr, path: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    tokio::time::timeout(HANG, stream.read_to_end(&mut reply))
        .await
        .expect("the server answers")
        .unwrap();
    let text = String::from_utf8(reply).expect("a text answer");
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    (head.to_string(), body.to_string())
}

/// What the server sent next.
#[derive(Debug, PartialEq)]
pub enum Frame {
    Text(String),
    Close(Option<u16>),
}

/// The next text frame or close (pings skipped); `Close(None)` when the stream ended.
pub async fn next(ws: &mut Ws) -> Frame {
    loop {
        let msg = tokio::time::timeout(HANG, ws.next()).await.expect("the server answers");
        match msg {
            Some(Ok(Message::Text(t))) => return Frame::Text(t.to_string()),
            Some(Ok(Message::Close(c))) => return Frame::Close(c.map(|c| u16::from(c.code))),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(other)) => panic!("unexpected frame {other:?}"),
            Some(Err(_)) | None => return Frame::Close(None),
        }
    }
}

/// The next frame, which must be a text frame: parsed as JSON.
pub async fn answer(ws: &mut Ws) -> serde_json::Value {
    match next(ws).await {
        Frame::Text(t) => serde_json::from_str(&t).expect("a JSON answer"),
        other => panic!("expected an answer, got {other:?}"),
    }
}

pub async fn send(ws: &mut Ws, line: &str) {
    ws.send(Message::text(line)).await.expect("send");
}

/// Sends `line`, then reads answers until one of type `until`; returns them all.
pub async fn ask(ws: &mut Ws, line: &str, until: &str) -> Vec<serde_json::Value> {
    send(ws, line).await;
    let mut got = Vec::new();
    loop {
        let a = answer(ws).await;
        let done = a["type"] == until;
        got.push(a);
        if done {
            return got;
        }
    }
}

pub fn close_code(code: CloseCode) -> u16 {
    u16::from(code)
}

/// Whether a tic-tac-toe board (three rows of `X`, `O`, `.`) is over: a line or full.
pub fn finished(rows: &[String]) -> bool {
    let cell = |i: usize| rows[i / 3].as_bytes()[i % 3];
    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    let won = LINES.iter().any(|l| cell(l[0]) != b'.' && l.iter().all(|&i| cell(i) == cell(l[0])));
    won || (0..9).all(|i| cell(i) != b'.')
}

/// The player's move: the first free cell, in RC notation.
pub fn first_free(rows: &[String]) -> String {
    let i = (0..9).find(|&i| rows[i / 3].as_bytes()[i % 3] == b'.').expect("a free cell");
    let letter = |n: usize| ["L", "M", "R"][n];
    format!("{}{}", letter(i / 3), letter(i % 3))
}

/// One player's whole session: `games G` on a session seeded `seed`, answering every
/// MENACE move with the first free cell. Returns the lines sent and the answers received
/// (one per frame, as text).
pub async fn play_match(addr: SocketAddr, seed: u64, games: u32) -> (Vec<String>, Vec<String>) {
    let mut ws = connect(addr, &format!("seed={seed}")).await;
    let mut lines = vec![format!("games {games}")];
    send(&mut ws, &lines[0]).await;
    let mut answers = Vec::new();
    loop {
        let Frame::Text(text) = next(&mut ws).await else { panic!("closed mid-match") };
        let a: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        answers.push(text);
        match a["type"].as_str() {
            Some("menace_move") => {
                let rows: Vec<String> = serde_json::from_value(a["board"].clone()).unwrap();
                if !finished(&rows) {
                    let line = format!("move {}", first_free(&rows));
                    send(&mut ws, &line).await;
                    lines.push(line);
                }
            }
            Some("match_over") => break,
            Some("error") => panic!("error answer: {a}"),
            _ => {}
        }
    }
    (lines, answers)
}

pub mod class;
