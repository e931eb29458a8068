//! Where a command's answers go: a [`Sink`] takes answers as they are produced, a
//! [`Stop`] asks a running command to end at its next game boundary, and [`Out`] is the
//! two together as a handler sees them. The bottom layer under the session, shared by
//! every transport.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::answer::Answer;

/// The receiving end went away (a closed pipe, a closed socket): nobody reads answers any
/// more, so the session stops what it is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Closed;

impl std::fmt::Display for Closed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the answer sink is closed")
    }
}

impl std::error::Error for Closed {}

/// Where answers go, as they are produced (streamed, never collected per line), so a
/// line that plays a million games holds one answer at a time.
pub trait Sink {
    /// Delivers one answer; `Err(Closed)` when nobody is listening any more.
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed>;
}

impl<S: Sink + ?Sized> Sink for Box<S> {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        (**self).emit(answer)
    }
}

/// Collects answers in memory: for tests and for callers that want a few answers back.
impl Sink for Vec<Answer> {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        self.push(answer.clone());
        Ok(())
    }
}

/// Writes each answer as one JSON line and flushes it, so a driving program sees every
/// answer at once. A closed pipe (or any write error) is [`Closed`].
pub struct JsonLines<W: Write> {
    out: W,
    closed: bool,
    error: Option<io::Error>,
}

impl<W: Write> JsonLines<W> {
    /// Answers go to `out`.
    pub fn new(out: W) -> JsonLines<W> {
        JsonLines { out, closed: false, error: None }
    }

    /// The write error that closed this sink, other than a broken pipe (which only means
    /// the reader left).
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }
}

impl<W: Write> Sink for JsonLines<W> {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        if self.closed {
            return Err(Closed);
        }
        let mut line = answer.to_json();
        line.push('\n');
        if let Err(e) = self.out.write_all(line.as_bytes()).and_then(|()| self.out.flush()) {
            self.closed = true;
            if e.kind() != io::ErrorKind::BrokenPipe {
                self.error = Some(e);
            }
            return Err(Closed);
        }
        Ok(())
    }
}

/// A request to end the running command at its next game boundary, keeping what was
/// learned. Cheap to clone: every clone shares one flag.
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag that is not set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the running command (and any line queued before this request) to end.
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was requested and not yet cleared.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    /// Clears the request (the session does this when it reaches the `stop` line itself).
    pub fn clear(&self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// Where a command's answers go while it runs, whether it should end early, and whether
/// the transport wants its thread back for a while.
pub struct Out<'a> {
    sink: &'a mut dyn Sink,
    pub(crate) stop: &'a Stop,
    pub(crate) closed: bool,
    pause: Option<&'a dyn Fn() -> bool>,
}

impl<'a> Out<'a> {
    /// Answers go to `sink` until it closes; `stop` ends long commands early.
    pub(crate) fn new(sink: &'a mut dyn Sink, stop: &'a Stop) -> Out<'a> {
        Out { sink, stop, closed: false, pause: None }
    }

    /// [`Out::new`], and a long command pauses at a game boundary when `pause` says so
    /// (see [`Session::start_line`](crate::Session::start_line)).
    pub(crate) fn pausable(
        sink: &'a mut dyn Sink,
        stop: &'a Stop,
        pause: &'a dyn Fn() -> bool,
    ) -> Out<'a> {
        Out { sink, stop, closed: false, pause: Some(pause) }
    }

    /// Runs `f` with no pausing (a paused command that must end before the next line).
    pub(crate) fn unpaused(&mut self, f: impl FnOnce(&mut Self)) {
        let pause = self.pause.take();
        f(self);
        self.pause = pause;
    }

    /// Whether a long command should pause at this game boundary (never on a transport
    /// that keeps the session on a thread of its own).
    pub fn pausing(&self) -> bool {
        self.pause.is_some_and(|pause| pause())
    }

    /// Sends one answer on at once (a closed sink makes the command end early).
    pub fn emit(&mut self, answer: Answer) {
        if !self.closed && self.sink.emit(&answer) == Err(Closed) {
            self.closed = true;
        }
    }

    /// Whether the running command should end at this game boundary: `stop` was asked
    /// for, or nobody reads the answers any more.
    pub fn halted(&self) -> bool {
        self.closed || self.stop.is_requested()
    }
}
