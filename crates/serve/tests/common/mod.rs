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
