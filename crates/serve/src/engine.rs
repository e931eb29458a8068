//! The one place the server meets the protocol engine: which session a connection gets
//! (from its query string), and the protocol's [`Worker`] that runs its lines on a thread
//! of its own.
//!
//! Everything the WebSocket side needs from `menace-protocol` goes through this module, so
//! a change in the protocol crate's transport interface is a change here only.

use std::collections::HashMap;

use menace_core::game::Side;
use menace_files::FileAccess;
use menace_protocol::{Answer, Closed, Config, Input, Session, Sink, Worker};
use tokio::sync::mpsc::Sender;

/// The protocol's line cap: a frame longer than this is answered as stdin answers a
/// longer line.
pub use menace_protocol::MAX_LINE;

/// Lines that may wait while one runs (the protocol worker's queue).
pub use menace_protocol::transport::QUEUE;

pub use menace_protocol::Busy;

/// What a connection asked for in its query string (`/ws?game=nim&seed=3`).
#[derive(Clone, Debug)]
pub struct SessionOptions {
    config: Config,
}

impl SessionOptions {
    /// Reads the options from query parameters: `game` (ttt, nim, hexapawn), `learner`
    /// (menace, weighted), `seed`, `preset` (bead rules), `side` (MENACE's: first or
    /// second). An unknown key or a bad value is one clear sentence.
    pub fn from_query(query: &HashMap<String, String>) -> Result<SessionOptions, String> {
        SessionOptions::from_query_or(query, None)
    }

    /// [`SessionOptions::from_query`], MENACE playing `side` (the server's `--side`)
    /// unless the query names a side.
    pub fn from_query_or(
        query: &HashMap<String, String>,
        side: Option<Side>,
    ) -> Result<SessionOptions, String> {
        // No file of the server is reachable from a page: save and load are refused (the
        // page downloads `export` and uploads through `import` instead).
        let mut config = Config { files: FileAccess::Nowhere, side, ..Config::default() };
        for (key, value) in query {
            config.set_option(key, value)?;
        }
        Ok(SessionOptions { config })
    }
}

/// Answers go to the connection's task as JSON text, one per frame; when the task is gone
/// (the socket closed) the session learns it at its next answer and stops.
struct Frames(Sender<String>);

impl Sink for Frames {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        self.0.blocking_send(answer.to_json()).map_err(|_| Closed)
    }
}

/// A connection's session, running on the protocol's [`Worker`] thread.
pub struct Engine {
    worker: Option<Worker>,
}

impl Engine {
    /// Starts a session with `options`; its answers go to `answers` as JSON text.
    pub fn start(options: &SessionOptions, answers: Sender<String>) -> Result<Engine, String> {
        Ok(Engine::spawn(Session::with(options.config.clone())?, answers))
    }

    /// Runs `session` (a class's, say); its answers go to `answers` as JSON text.
    pub fn spawn(session: Session, answers: Sender<String>) -> Engine {
        Engine { worker: Some(Worker::spawn(session, Box::new(Frames(answers)))) }
    }

    /// Queues one input without waiting (a `stop` line takes effect at once); `Busy` when
    /// [`QUEUE`] lines already wait.
    pub fn send(&self, input: Input) -> Result<(), Busy> {
        let worker = self.worker.as_ref().ok_or(Busy)?;
        let sent = match input {
            Ok(line) => worker.send(line),
            Err(message) => worker.refuse(message),
        };
        // A session that has ended (`quit`) takes no more lines: its socket is closing.
        sent.or_else(|busy| if worker.is_finished() { Ok(()) } else { Err(busy) })
    }

    /// Ends the session without blocking the caller: running work stops at its next game
    /// boundary, queued lines are dropped, and `guard` (the session's place under the
    /// server's cap) is released once the session's thread has ended.
    pub fn close<G: Send + 'static>(mut self, guard: G) {
        if let Some(worker) = self.worker.take() {
            std::thread::spawn(move || {
                worker.close();
                drop(guard);
            });
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Joining the worker could block an async thread: hand it to a thread of its own.
        if let Some(worker) = self.worker.take() {
            std::thread::spawn(move || drop(worker.close()));
        }
    }
}

/// An error answer as a JSON line, for what the transport itself refuses.
pub fn error_json(message: impl Into<String>) -> String {
    Answer::error(message).to_json()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side_of(query: &[(&str, &str)], server: Option<Side>) -> Result<Option<Side>, String> {
        let query = query.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        SessionOptions::from_query_or(&query, server).map(|o| o.config.side)
    }

    #[test]
    fn the_side_comes_from_the_query_or_else_the_server() {
        assert_eq!(side_of(&[], None), Ok(None));
        assert_eq!(side_of(&[], Some(Side::Second)), Ok(Some(Side::Second)));
        assert_eq!(side_of(&[("side", "first")], Some(Side::Second)), Ok(Some(Side::First)));
        assert_eq!(side_of(&[("side", "second")], None), Ok(Some(Side::Second)));
        assert!(side_of(&[("side", "both")], None).unwrap_err().contains("first or second"));
    }
}
