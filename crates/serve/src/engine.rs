//! The one place the server meets the protocol engine: which session a connection gets
//! (from its query string) and the worker thread that runs its lines.
//!
//! Everything the WebSocket side needs from `menace-protocol` goes through this module, so
//! a change in the protocol crate's transport interface is a change here only.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::Arc;

use menace_core::game::Side;
use menace_core::hexapawn::Hexapawn;
use menace_core::learn::experiments::{hexapawn_winner, LearnerKind, Learners};
use menace_core::menace::BeadRules;
use menace_core::nim::Nim;
use menace_core::ttt::TicTacToe;
use menace_protocol::play::PlaySession;
use menace_protocol::{Answer, Flow, Handler, Session, DEFAULT_SEED};

/// The protocol's line cap: a frame longer than this is answered as stdin answers a
/// longer line.
pub use menace_protocol::MAX_LINE;

/// A session as the engine runs it, whatever its game and learner.
pub type Engine = Box<dyn Handler + Send>;

/// What a connection asked for in its query string (`/ws?game=nim&seed=3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionOptions {
    /// `ttt` (default), `nim` or `hexapawn`.
    pub game: String,
    /// `menace` (default) or `weighted`.
    pub learner: String,
    /// The generator's seed.
    pub seed: u64,
    /// A bead-rules preset name (`challenge` when absent).
    pub preset: Option<String>,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            game: "ttt".into(),
            learner: "menace".into(),
            seed: DEFAULT_SEED,
            preset: None,
        }
    }
}

impl SessionOptions {
    /// Reads the options from query parameters; an unknown key or a bad value is one
    /// clear sentence.
    pub fn from_query(query: &HashMap<String, String>) -> Result<SessionOptions, String> {
        let mut options = SessionOptions::default();
        for (key, value) in query {
            match key.as_str() {
                "game" => options.game = value.to_ascii_lowercase(),
                "learner" => options.learner = value.to_ascii_lowercase(),
                "seed" => {
                    options.seed = value.parse().map_err(|_| {
                        format!("seed={value:?} is not a seed: a whole number from 0 to 2^64-1")
                    })?
                }
                "preset" => options.preset = Some(value.to_ascii_lowercase()),
                other => {
                    return Err(format!(
                        "unknown session option {other:?}: game, learner, seed or preset"
                    ))
                }
            }
        }
        Ok(options)
    }

    /// A fresh session with these options.
    pub fn engine(&self) -> Result<Engine, String> {
        let rules = match &self.preset {
            None => BeadRules::challenge(),
            Some(name) => BeadRules::preset(name)
                .ok_or_else(|| format!("unknown preset {name:?}: challenge, michie or scroggs"))?,
        };
        let kind = match self.learner.as_str() {
            "menace" => LearnerKind::Menace,
            "weighted" => LearnerKind::Weighted,
            other => return Err(format!("unknown learner {other:?}: menace or weighted")),
        };
        let learners = Learners { rules: rules.clone(), weighted: Default::default() };
        let seed = self.seed;
        Ok(match (self.game.as_str(), kind) {
            ("ttt", LearnerKind::Menace) => Box::new(Session::new(rules, seed)),
            ("ttt", kind) => {
                Box::new(PlaySession::new(TicTacToe, Side::First, kind, &learners, seed))
            }
            ("nim", kind) => {
                Box::new(PlaySession::new(Nim::default(), Side::First, kind, &learners, seed))
            }
            ("hexapawn", kind) => {
                Box::new(PlaySession::new(Hexapawn, hexapawn_winner(), kind, &learners, seed))
            }
            (other, _) => return Err(format!("unknown game {other:?}: ttt, nim or hexapawn")),
        })
    }
}

/// One input of a session, in arrival order.
#[derive(Debug)]
pub enum Input {
    /// A text frame: one command line.
    Text(String),
    /// A binary frame: read as the bytes of one line (refused unless valid UTF-8).
    Bytes(Vec<u8>),
    /// A frame of this many bytes, longer than [`MAX_LINE`]; its bytes were not kept.
    TooLong(usize),
    /// A frame the transport refuses (answered with this error, in order).
    Refused(String),
}

/// The line queue was full: the line was not run.
#[derive(Debug)]
pub struct Busy;

/// A session on its own thread. Lines queue in a bounded channel and run in order; the
/// answers go to `answers` as JSON lines. The thread ends at `quit`, when the queue is
/// closed, or when nobody listens to the answers any more.
pub struct Worker {
    lines: SyncSender<Input>,
    stop: Arc<AtomicBool>,
}

/// Lines that may wait while one runs.
pub const QUEUE: usize = 64;

impl Worker {
    /// Starts `engine` on a thread of its own.
    pub fn spawn(engine: Engine, answers: tokio::sync::mpsc::Sender<String>) -> Worker {
        let (lines, queue) = sync_channel(QUEUE);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("menace-session".into())
            .spawn(move || run(engine, queue, answers, flag))
            .expect("a session thread");
        Worker { lines, stop }
    }

    /// Queues one input; `Busy` when [`QUEUE`] inputs already wait.
    pub fn send(&self, input: Input) -> Result<(), Busy> {
        match self.lines.try_send(input) {
            Ok(()) => Ok(()),
            // A finished session (after `quit`) takes no more lines; the socket closes.
            Err(TrySendError::Disconnected(_)) => Ok(()),
            Err(TrySendError::Full(_)) => Err(Busy),
        }
    }

    /// Ends the session: queued lines are dropped and the thread ends after the line it
    /// is running.
    pub fn close(self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn run(
    mut engine: Engine,
    queue: Receiver<Input>,
    answers: tokio::sync::mpsc::Sender<String>,
    stop: Arc<AtomicBool>,
) {
    let mut out = Vec::new();
    while let Ok(input) = queue.recv() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        out.clear();
        let flow = match input {
            Input::Text(text) => engine.handle_line(&text, &mut out),
            Input::Bytes(bytes) => match std::str::from_utf8(&bytes) {
                Ok(text) => engine.handle_line(text, &mut out),
                Err(e) => {
                    out.push(not_utf8(e.valid_up_to()));
                    Flow::Continue
                }
            },
            Input::TooLong(n) => {
                out.push(too_long(n));
                Flow::Continue
            }
            Input::Refused(message) => {
                out.push(Answer::error(message));
                Flow::Continue
            }
        };
        for answer in &out {
            if answers.blocking_send(answer.to_json()).is_err() {
                return;
            }
        }
        if flow == Flow::Quit {
            return;
        }
    }
}

/// The answer to a frame of `n` bytes over the cap: stdin's answer to the same line
/// (which counts its line end, so one more byte).
pub fn too_long(n: usize) -> Answer {
    Answer::error(format!(
        "line too long: {} bytes (the limit is {MAX_LINE}); nothing was done",
        n + 1
    ))
}

fn not_utf8(at: usize) -> Answer {
    Answer::error(format!("line is not valid UTF-8 (bad byte at position {at}); nothing was done"))
}

/// An error answer as a JSON line, for what the transport itself refuses.
pub fn error_json(message: impl Into<String>) -> String {
    Answer::error(message).to_json()
}
