//! One WebSocket connection: one session, one command line per text frame in, one JSON
//! answer per text frame out.
//!
//! The caps: an upgrade from another origin is refused (HTTP 403); past
//! [`Limits::max_sessions`](crate::Limits) a connection gets one error frame and a close
//! (1013, try again later); a frame holds one line under the protocol's rule (64 KiB, or
//! 1 MiB for `import`: over its limit, the protocol's line-too-long error) and one over
//! [`HARD_CAP`] closes the connection with a close frame that says why (1009); lines wait
//! in a bounded queue (an error frame when it is full); the session runs on its own thread
//! and stops when the socket closes.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use tokio::sync::OwnedSemaphorePermit;

use crate::engine::{error_json, Busy, Engine, SessionOptions};
use crate::news;
use crate::AppState;
use menace_protocol::lines::{line_of, without_bom};

/// The largest frame read at all: the longest line the protocol takes
/// ([`menace_protocol::MAX_IMPORT_LINE`], an `import` of a whole class) with a line end
/// (`\r\n`) and a byte-order mark. A line over its own limit inside that is answered as
/// stdin answers it; a larger frame ends the connection with close code 1009 and the
/// reason. Bounds what one connection can make the server hold.
pub const HARD_CAP: usize = menace_protocol::MAX_IMPORT_LINE + 5;

/// How long a connection closed for an oversized frame stays open, unread, before it is
/// dropped: the client is most likely still sending the frame, and dropping a socket with
/// unread data sends a TCP reset, which can overtake the close frame that says why.
const LINGER: std::time::Duration = std::time::Duration::from_secs(2);

/// The address a connection came from, as the accept loop knows it (a request
/// extension): a class counts its names per address.
#[derive(Copy, Clone, Debug)]
pub struct Peer(pub std::net::IpAddr);

/// The read buffer of a connection. tungstenite's default (128 KiB) is zeroed again
/// before every read of the socket: at a class of 1,000 that memset was the server's
/// largest cost. A line is a few dozen bytes; a longer frame still arrives whole (the
/// buffer grows up to [`HARD_CAP`]).
const READ_BUFFER: usize = 4 * 1024;

/// An upgrade with this server's frame caps and read buffer, for both modes.
pub(crate) fn configured(ws: WebSocketUpgrade) -> WebSocketUpgrade {
    ws.max_message_size(HARD_CAP).max_frame_size(HARD_CAP).read_buffer_size(READ_BUFFER)
}

/// Answers buffered towards a slow client before its session waits for it.
pub(crate) const OUTBOX: usize = 256;

/// Close codes (RFC 6455).
const NORMAL: u16 = 1000;
pub(crate) const GOING_AWAY: u16 = 1001;
const POLICY: u16 = 1008;
pub(crate) const TOO_BIG: u16 = 1009;
pub(crate) const TRY_AGAIN_LATER: u16 = 1013;

/// `GET /ws`: checks the origin, then upgrades.
pub async fn upgrade(
    State(state): State<AppState>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(why) = same_origin(&headers) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    let permit = state.sessions.clone().try_acquire_owned().ok();
    let (max, idle, side) = (state.limits.max_sessions, state.limits.idle, state.side);
    configured(ws).on_upgrade(move |socket| async move {
        match permit {
            Some(permit) => {
                let (answers, outbox) = tokio::sync::mpsc::channel::<String>(OUTBOX);
                let engine = SessionOptions::from_query_or(&query, side)
                    .and_then(|o| Engine::start(&o, answers))
                    .map(|engine| (engine, outbox));
                connection(socket, engine, permit, idle, None).await
            }
            None => {
                let message = format!(
                    "the server is full: it runs at most {max} sessions at once; try again later"
                );
                refuse(socket, message, TRY_AGAIN_LATER).await
            }
        }
    })
}

/// Allows an upgrade with no `Origin` (not a browser) or one whose host and port are the
/// `Host` the request was sent to; refuses every other origin with a sentence.
pub fn same_origin(headers: &HeaderMap) -> Result<(), String> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().map_err(|_| "unreadable Origin header".to_string())?;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or_else(|| "no Host header".to_string())?;
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .filter(|rest| !rest.contains('/'));
    match authority {
        Some(a) if a.eq_ignore_ascii_case(host) => Ok(()),
        _ => Err(format!(
            "WebSocket upgrade refused: origin {origin} is not this server ({host}); \
             open the page this server serves"
        )),
    }
}

pub(crate) async fn refuse(mut socket: WebSocket, message: String, code: u16) {
    let _ = socket.send(Message::Text(error_json(message.clone()).into())).await;
    let reason: String = message.chars().take(100).collect();
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
}

/// A class connection's share of the room's broadcasts: the room's frames
/// ([`crate::news::Newsroom`]), less those that are this session's own.
pub(crate) struct Events {
    /// The room's frames.
    events: tokio::sync::broadcast::Receiver<Arc<news::Frame>>,
    /// This connection's session (what it sent, it has already answered in order).
    me: u64,
    /// The whole picture, for a connection that fell behind the broadcasts.
    picture: Box<dyn Fn() -> String + Send>,
}

impl Events {
    /// Events for a connection of session `me`.
    pub(crate) fn new(
        events: tokio::sync::broadcast::Receiver<Arc<news::Frame>>,
        me: u64,
        picture: Box<dyn Fn() -> String + Send>,
    ) -> Events {
        Events { events, me, picture }
    }

    /// The next frame of the room's broadcasts for this connection; `None` once the room
    /// is gone.
    async fn next(&mut self) -> Option<String> {
        use tokio::sync::broadcast::error::RecvError;
        loop {
            match self.events.recv().await {
                Ok(f) if f.from == Some(self.me) => continue,
                Ok(f) => return Some(f.json.to_string()),
                // More than the room's backlog behind: the whole picture holds what it
                // missed, and it goes on from the newest frame (not by reading through
                // the backlog).
                Err(RecvError::Lagged(_)) => {
                    self.events = self.events.resubscribe();
                    return Some((self.picture)());
                }
                Err(RecvError::Closed) => return None,
            }
        }
    }
}

/// One connection, private or in a class: frames in go to the session as lines, its
/// answers (and in a class, everyone's broadcasts) go out as frames.
pub(crate) async fn connection(
    mut socket: WebSocket,
    engine: Result<(Engine, tokio::sync::mpsc::Receiver<String>), String>,
    permit: OwnedSemaphorePermit,
    idle: std::time::Duration,
    mut events: Option<Events>,
) {
    let (engine, mut outbox) = match engine {
        Ok(engine) => engine,
        Err(message) => return refuse(socket, message, POLICY).await,
    };
    let mut first = true;
    let silence = tokio::time::sleep(idle);
    tokio::pin!(silence);
    'connection: loop {
        tokio::select! {
            () = &mut silence => {
                close_idle(&mut socket, idle, "a command").await;
                break;
            }
            incoming = socket.recv() => {
                silence.as_mut().reset(tokio::time::Instant::now() + idle);
                let input = match read_frame(&mut socket, incoming).await {
                    // A byte-order mark opening the first line is dropped, as on stdin.
                    Frame::Data(bytes) => line_of(without_bom(&bytes, &mut first)),
                    Frame::Nothing => continue,
                    Frame::Closed => break,
                };
                if engine.send(input).is_err() {
                    let busy = error_json(format!("{Busy}; this line was not run"));
                    if socket.send(Message::Text(busy.into())).await.is_err() {
                        break;
                    }
                }
            }
            event = async {
                match events.as_mut() {
                    Some(e) => e.next().await,
                    None => std::future::pending().await,
                }
            } => match event {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break 'connection;
                    }
                    // A page watching the class (a projector, a student between games)
                    // is not idle while the class plays.
                    silence.as_mut().reset(tokio::time::Instant::now() + idle);
                }
                // The room is gone (the server is stopping): no more broadcasts.
                None => events = None,
            },
            answer = outbox.recv() => match answer {
                Some(json) => {
                    if socket.send(Message::Text(json.into())).await.is_err() {
                        break;
                    }
                }
                // The session ended (`quit`).
                None => {
                    let frame = CloseFrame { code: NORMAL, reason: "bye".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    break;
                }
            }
        }
    }
    engine.close(permit);
}

/// Tells a client silent for `idle` why it is being closed, and closes (1001). `without`
/// names what it did not send ("a command", "a move").
pub(crate) async fn close_idle(socket: &mut WebSocket, idle: std::time::Duration, without: &str) {
    let minutes = idle.as_secs() / 60;
    let unit = if minutes == 1 { "minute" } else { "minutes" };
    let message =
        format!("closed after {minutes} {unit} without {without}; reload the page to go on");
    let _ = socket.send(Message::Text(error_json(message).into())).await;
    let frame = CloseFrame { code: GOING_AWAY, reason: "idle".into() };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// What a client's frame was, for the connection loops of both modes.
pub(crate) enum Frame {
    /// A text or binary frame's bytes.
    Data(Vec<u8>),
    /// A ping or pong: nothing to answer.
    Nothing,
    /// The client closed, the connection dropped, or the frame was refused (the client was
    /// told why): the connection ends.
    Closed,
}

/// Reads what `socket.recv()` gave; a frame over [`HARD_CAP`], or anything that is not
/// WebSocket at all, is answered with a close frame saying why.
pub(crate) async fn read_frame(
    socket: &mut WebSocket,
    incoming: Option<Result<Message, axum::Error>>,
) -> Frame {
    match incoming {
        Some(Ok(Message::Text(text))) => Frame::Data(text.as_bytes().to_vec()),
        Some(Ok(Message::Binary(bytes))) => Frame::Data(bytes.to_vec()),
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Frame::Nothing,
        Some(Ok(Message::Close(_))) | None => Frame::Closed,
        Some(Err(e)) => {
            // tungstenite refuses a frame over the cap from its header, before reading it.
            let too_big = format!("{e:?}").contains("Capacity")
                || format!("{e}").contains("Space limit exceeded");
            let reason = if too_big {
                format!("frame too big: a frame holds one line of at most {HARD_CAP} bytes")
            } else {
                format!("{e}").chars().take(100).collect::<String>()
            };
            let frame = CloseFrame { code: TOO_BIG, reason: reason.into() };
            if socket.send(Message::Close(Some(frame))).await.is_ok() && too_big {
                tokio::time::sleep(LINGER).await;
            }
            Frame::Closed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_frame_cap_holds_the_longest_line() {
        assert!(HARD_CAP >= menace_protocol::MAX_IMPORT_LINE + "\r\n".len() + 3);
    }

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn only_the_pages_own_origin_may_upgrade() {
        assert!(same_origin(&headers(None, "127.0.0.1:8080")).is_ok());
        assert!(same_origin(&headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080")).is_ok());
        assert!(same_origin(&headers(Some("http://LOCALHOST:8080"), "localhost:8080")).is_ok());
        for bad in [
            "http://127.0.0.1:8081",
            "http://evil.example",
            "http://127.0.0.1:8080.evil.example",
            "null",
            "file://",
            "http://127.0.0.1:8080/path",
        ] {
            assert!(same_origin(&headers(Some(bad), "127.0.0.1:8080")).is_err(), "{bad}");
        }
    }
}
