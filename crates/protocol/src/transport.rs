//! How lines reach a session, for every transport (stdin, the WebSocket server, tests):
//! a [`Worker`] runs a session on its own thread so its transport can keep reading lines
//! (a `stop` among them) while a long command runs; [`feed`] is the stdin side of one,
//! and [`serve`] runs a session on the caller's thread. The top layer: it uses the
//! session and its command table, and nothing below knows it.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::answer::Answer;
use crate::lines::{is_stop_line, Input, LineReader};
use crate::session::{Flow, Session};
use crate::sink::{Closed, JsonLines, Sink, Stop};

/// The worker's line queue is full: the line was not taken (answer the client an error).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Busy;

impl std::fmt::Display for Busy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the engine is busy: its queue is full ({QUEUE} lines or {} MiB wait at most); \
             send `stop` or wait for answers",
            QUEUE_BYTES >> 20
        )
    }
}

impl std::error::Error for Busy {}

/// Lines a [`Worker`] holds before [`Worker::send`] answers [`Busy`].
pub const QUEUE: usize = 64;

/// Bytes of lines a [`Worker`] holds at most (one line of any length is always taken):
/// 64 command lines of [`MAX_LINE`](crate::MAX_LINE), or four `import`s of a whole class.
pub const QUEUE_BYTES: usize = 4 << 20;

/// The bytes of lines waiting in a worker's queue.
#[derive(Default)]
struct Held {
    bytes: Mutex<usize>,
    freed: Condvar,
}

impl Held {
    fn lock(&self) -> std::sync::MutexGuard<'_, usize> {
        self.bytes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes `n` bytes if they fit (or nothing else is held).
    fn try_take(&self, n: usize) -> bool {
        let mut held = self.lock();
        if *held > 0 && *held + n > QUEUE_BYTES {
            return false;
        }
        *held += n;
        true
    }

    /// Takes `n` bytes, waiting while they do not fit; `false` if `ended` says the
    /// session is gone meanwhile.
    fn take_wait(&self, n: usize, ended: impl Fn() -> bool) -> bool {
        let mut held = self.lock();
        while *held > 0 && *held + n > QUEUE_BYTES {
            if ended() {
                return false;
            }
            held = self
                .freed
                .wait_timeout(held, Duration::from_millis(50))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        *held += n;
        true
    }

    fn give(&self, n: usize) {
        let mut held = self.lock();
        *held = held.saturating_sub(n);
        self.freed.notify_all();
    }
}

fn size(input: &Input) -> usize {
    match input {
        Ok(line) | Err(line) => line.len(),
    }
}

/// A session on its own thread: lines queue in a bounded channel and are handled in
/// order; a `stop` line takes effect at once (it ends the running command at its next
/// game boundary, and anything queued before it); the sink sees answers as they are
/// produced. Used by stdin and by the WebSocket server.
pub struct Worker {
    lines: Mutex<Option<SyncSender<Input>>>,
    held: Arc<Held>,
    stop: Stop,
    closing: Arc<AtomicBool>,
    /// Set by the session's thread as its loop ends, before it lets go of the queue: a line
    /// refused from then on was refused because the session has ended, not because the
    /// queue is full (the thread itself may not have finished yet).
    ended: Arc<AtomicBool>,
    thread: Mutex<Option<JoinHandle<Session>>>,
}

impl Worker {
    /// Starts `session` on a thread of its own, answering into `sink`.
    pub fn spawn(session: Session, sink: Box<dyn Sink + Send>) -> Worker {
        let (tx, rx) = mpsc::sync_channel::<Input>(QUEUE);
        let stop = Stop::new();
        let closing = Arc::new(AtomicBool::new(false));
        let held = Arc::new(Held::default());
        let ended = Arc::new(AtomicBool::new(false));
        let (flag, quit, taken, done) =
            (stop.clone(), closing.clone(), held.clone(), ended.clone());
        let thread = std::thread::Builder::new()
            .name("menace-session".into())
            .spawn(move || run(session, sink, rx, flag, quit, taken, &done))
            .expect("start the session thread");
        Worker {
            lines: Mutex::new(Some(tx)),
            held,
            stop,
            closing,
            ended,
            thread: Mutex::new(Some(thread)),
        }
    }

    /// Queues `input` without waiting: `Busy` when [`QUEUE`] lines or [`QUEUE_BYTES`]
    /// already wait, or the session has ended.
    fn try_queue(&self, input: Input) -> Result<(), Busy> {
        let n = size(&input);
        let sender = self.sender()?;
        if !self.held.try_take(n) {
            return Err(Busy);
        }
        sender.try_send(input).map_err(|_| {
            self.held.give(n);
            Busy
        })
    }

    /// Queues `input`, waiting while the queue is full. `Busy` only if the session has
    /// ended.
    fn queue_wait(&self, input: Input) -> Result<(), Busy> {
        let n = size(&input);
        let sender = self.sender()?;
        if !self.held.take_wait(n, || self.is_finished()) {
            return Err(Busy);
        }
        sender.send(input).map_err(|_| {
            self.held.give(n);
            Busy
        })
    }

    fn sender(&self) -> Result<SyncSender<Input>, Busy> {
        self.lines.lock().unwrap_or_else(PoisonError::into_inner).clone().ok_or(Busy)
    }

    /// Queues `line` (without its line ending). A `stop` line also takes effect at once.
    /// `Err(Busy)` when the queue is full (or the session has ended): the line is dropped.
    pub fn send(&self, line: String) -> Result<(), Busy> {
        if is_stop_line(&line) {
            self.stop.request();
        }
        self.try_queue(Ok(line))
    }

    /// Queues `line`, waiting while the queue is full (for a reader that can simply pause,
    /// like stdin). `Err(Busy)` only if the session has ended.
    pub fn send_wait(&self, line: String) -> Result<(), Busy> {
        if is_stop_line(&line) {
            self.stop.request();
        }
        self.queue_wait(Ok(line))
    }

    /// Queues an error answer for a line the transport refused itself (too long, not
    /// UTF-8), so it is answered in its turn; waits while the queue is full.
    pub fn refuse_wait(&self, message: String) -> Result<(), Busy> {
        self.queue_wait(Err(message))
    }

    /// Like [`Worker::refuse_wait`] but never waits: `Err(Busy)` when the queue is full
    /// (for a transport that must not block, like the WebSocket server's async tasks).
    pub fn refuse(&self, message: String) -> Result<(), Busy> {
        self.try_queue(Err(message))
    }

    /// Whether the session has ended (`quit`, or its sink closed).
    pub fn is_finished(&self) -> bool {
        // Set as the session's loop ends, a panic's included: a joined or finished thread
        // has always set it.
        self.ended.load(Ordering::SeqCst)
    }

    /// Ends the session: stops running work (at its next game boundary, keeping what was
    /// learned), drops lines still queued, joins the thread and gives the session back
    /// (for saving it).
    pub fn close(self) -> Session {
        self.close_shared().expect("the session is given back once")
    }

    /// No more lines will come (end of input): the session handles every line already
    /// queued and then ends, without anyone waiting for it, so the caller can keep
    /// watching for signals meanwhile (see [`Worker::is_finished`]) and [`Worker::close`]
    /// if one comes. Lines sent afterwards are refused ([`Busy`]).
    pub fn end_input(&self) {
        *self.lines.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// Lets the session handle every line already queued, then ends it and gives it
    /// back (end of input: what was sent is still answered). Lines sent meanwhile through
    /// a clone of a shared worker are answered too.
    pub fn finish(self) -> Session {
        self.end(false).expect("the session is given back once")
    }

    /// [`Worker::close`] through a shared reference (a reader thread may still hold the
    /// worker); `None` if the session was already given back.
    pub fn close_shared(&self) -> Option<Session> {
        self.end(true)
    }

    fn end(&self, stop: bool) -> Option<Session> {
        if stop {
            self.closing.store(true, Ordering::SeqCst);
            self.stop.request();
        }
        *self.lines.lock().unwrap_or_else(PoisonError::into_inner) = None;
        let thread = self.thread.lock().unwrap_or_else(PoisonError::into_inner).take()?;
        match thread.join() {
            Ok(session) => Some(session),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.end(true);
    }
}

/// Sets its flag when dropped: on every way out of [`run`], a panic's included.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

fn run(
    mut session: Session,
    mut sink: Box<dyn Sink + Send>,
    lines: Receiver<Input>,
    stop: Stop,
    closing: Arc<AtomicBool>,
    held: Arc<Held>,
    ended: &AtomicBool,
) -> Session {
    // Before `lines` is dropped (on return), so a sender refused for the dropped queue
    // already sees the session ended.
    let _ended = SetOnDrop(ended);
    loop {
        if closing.load(Ordering::SeqCst) {
            break;
        }
        // Wake up now and then to notice `close` even when a reader holds the channel.
        let line = match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        held.give(size(&line));
        if closing.load(Ordering::SeqCst) {
            break;
        }
        let flow = match line {
            Ok(line) => session.handle_line(&line, &mut sink, &stop),
            Err(message) => match sink.emit(&Answer::error(message)) {
                Ok(()) => Flow::Continue,
                Err(Closed) => Flow::Quit,
            },
        };
        if flow == Flow::Quit {
            break;
        }
    }
    session
}

/// Runs `session` over `input` and `output` on this thread until `quit` or end of input:
/// deterministic, for tests and scripts (nothing can interrupt a long command; the stdin
/// engine uses a [`Worker`] and [`feed`] instead, so `stop` works).
///
/// A write error ends the session with that error, except a closed pipe (the driving
/// program went away), which ends it quietly.
pub fn serve(input: impl BufRead, output: impl Write, session: &mut Session) -> io::Result<()> {
    let mut lines = LineReader::new(input);
    let mut sink = JsonLines::new(output);
    let stop = Stop::new();
    while let Some(line) = lines.next_line()? {
        let flow = match line {
            Ok(text) => session.handle_line(&text, &mut sink, &stop),
            Err(message) => match sink.emit(&Answer::error(message)) {
                Ok(()) => Flow::Continue,
                Err(Closed) => Flow::Quit,
            },
        };
        if let Some(e) = sink.take_error() {
            return Err(e);
        }
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// Reads lines from `input` into `worker` until end of input or until the session ends:
/// the reading side of the stdin engine, on its own thread so a `stop` is read while a
/// long command runs. Refused lines (too long, not UTF-8) are answered in their turn.
pub fn feed(input: impl BufRead, worker: &Worker) -> io::Result<()> {
    let mut lines = LineReader::new(input);
    while let Some(line) = lines.next_line()? {
        let sent = match line {
            Ok(text) => worker.send_wait(text),
            Err(message) => worker.refuse_wait(message),
        };
        if sent.is_err() {
            break;
        }
    }
    Ok(())
}

/// How a [`drive`]n session ended.
pub struct Ended {
    /// The session, to save (`None` only if it was lost to a panic).
    pub session: Option<Session>,
    /// The number of the signal that ended it, or 0 when it ended by itself.
    pub signal: usize,
    /// The input's read error, if one ended it.
    pub input: io::Result<()>,
}

/// Runs `session` on a [`Worker`] answering into `sink`, fed from the input `open` gives
/// (opened on the reader thread, so it may be a lock that cannot move between threads),
/// until `quit`, end of input once every line read has been answered, or a signal:
/// `signalled` holds the number of a signal received (0 while none), stored by the
/// caller's handler. Signals are watched to the very end, after end of input too, and
/// one stops the running command at its next game boundary, keeping what was learned.
pub fn drive<R: BufRead>(
    session: Session,
    sink: Box<dyn Sink + Send>,
    open: impl FnOnce() -> R + Send + 'static,
    signalled: &AtomicUsize,
) -> Ended {
    let worker = Arc::new(Worker::spawn(session, sink));
    let read_done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (worker, done) = (worker.clone(), read_done.clone());
        std::thread::spawn(move || {
            let fed = feed(open(), &worker);
            done.store(true, Ordering::SeqCst);
            fed
        })
    };
    let mut input_ended = false;
    let signal = loop {
        let signal = signalled.load(Ordering::SeqCst);
        if signal != 0 || worker.is_finished() {
            break signal;
        }
        if !input_ended && read_done.load(Ordering::SeqCst) {
            worker.end_input();
            input_ended = true;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let input = if signal == 0 && read_done.load(Ordering::SeqCst) {
        reader.join().unwrap_or(Ok(()))
    } else {
        Ok(())
    };
    // The reader may still hold its handle (blocked on input); take the worker from it
    // when it lets go, or close through the shared handle.
    let session = match Arc::try_unwrap(worker) {
        Ok(worker) if signal == 0 => Some(worker.finish()),
        Ok(worker) => Some(worker.close()),
        Err(shared) => shared.close_shared(),
    };
    Ended { session, signal, input }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A sink that hands answers to the test through a shared vector.
    struct Shared(Arc<Mutex<Vec<Answer>>>);

    impl Sink for Shared {
        fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
            self.0.lock().unwrap().push(answer.clone());
            Ok(())
        }
    }

    #[test]
    fn a_worker_answers_lines_in_order_and_gives_the_session_back() {
        let answers = Arc::new(Mutex::new(Vec::new()));
        let session = Session::new(menace_core::menace::BeadRules::challenge(), 3);
        let worker = Worker::spawn(session, Box::new(Shared(answers.clone())));
        worker.send("seed 9".into()).unwrap();
        worker.send("games 0".into()).unwrap();
        worker.refuse_wait("refused".into()).unwrap();
        worker.send("train 20".into()).unwrap();
        let session = worker.finish();
        let got = answers.lock().unwrap().clone();
        assert_eq!(got[0], Answer::Seed { seed: 9 });
        assert!(matches!(got[1], Answer::Error { .. }));
        assert_eq!(got[2], Answer::error("refused"));
        assert!(matches!(got.last(), Some(Answer::Trained { games: 20, .. })), "{got:?}");
        assert!(session.status().to_json().contains(r#""games_played":20"#));
    }

    /// After `quit` a line is either taken (and never run) or refused with the session
    /// already seen as ended, never refused as if the queue were full: the WebSocket server
    /// answers "busy" only in the second case (a socket transcript once got that answer for
    /// the line after its `quit`, when the session's thread had let go of the queue but
    /// not yet finished). The sink here takes 50 ms to drop, which holds that moment open.
    #[test]
    fn a_line_after_quit_is_never_refused_as_busy() {
        struct SlowToDrop;
        impl Sink for SlowToDrop {
            fn emit(&mut self, _: &Answer) -> Result<(), Closed> {
                Ok(())
            }
        }
        impl Drop for SlowToDrop {
            fn drop(&mut self) {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        for round in 0..5 {
            let session = Session::new(menace_core::menace::BeadRules::challenge(), 3);
            let worker = Worker::spawn(session, Box::new(SlowToDrop));
            worker.send("quit".into()).unwrap();
            // Lines until one is refused (bounded: a hang guard), each sent after the last
            // was taken and dropped unread, so the queue never fills.
            let refused = (0..20_000).find(|_| {
                std::thread::sleep(Duration::from_micros(100));
                worker.send("status".into()).is_err()
            });
            assert!(refused.is_some(), "round {round}: every line taken after quit");
            assert!(worker.is_finished(), "round {round}: refused as busy");
            worker.finish();
        }
    }

    #[test]
    fn a_closed_sink_ends_the_session() {
        struct Gone;
        impl Sink for Gone {
            fn emit(&mut self, _: &Answer) -> Result<(), Closed> {
                Err(Closed)
            }
        }
        let worker = Worker::spawn(Session::new(Default::default(), 1), Box::new(Gone));
        worker.send("status".into()).unwrap();
        while !worker.is_finished() {
            std::thread::yield_now();
        }
        assert_eq!(worker.send("status".into()), Err(Busy));
        worker.close();
    }
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use std::sync::mpsc::Sender;

    /// A sink that passes answers to the test as they come.
    struct Channel(Sender<Answer>);

    impl Sink for Channel {
        fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
            self.0.send(answer.clone()).map_err(|_| Closed)
        }
    }

    #[test]
    fn stop_ends_a_long_train_at_a_game_boundary_and_keeps_what_was_learned() {
        let (tx, rx) = mpsc::channel();
        let worker = Worker::spawn(Session::new(Default::default(), 5), Box::new(Channel(tx)));
        worker.send("train 100000000".into()).unwrap();
        worker.send("status".into()).unwrap();
        // The first progress answer arrives while the train runs: stop it then.
        let first = rx.recv().unwrap();
        assert!(matches!(first, Answer::Progress { games: 1_000_000, .. }), "{first:?}");
        worker.send("stop".into()).unwrap();
        let session = worker.finish();
        let rest: Vec<Answer> = rx.try_iter().collect();
        let trained = rest.iter().find_map(|a| match a {
            Answer::Trained { games, games_played, stopped, .. } => {
                Some((*games, *games_played, *stopped))
            }
            _ => None,
        });
        let (games, played, stopped) = trained.expect("a trained answer");
        assert!(stopped && (1_000_000..100_000_000).contains(&games), "{games}");
        assert_eq!(played, games);
        assert_eq!(session.games_played(), games);
        // `status` waited its turn; `stop` answers last.
        let n = rest.len();
        assert!(
            matches!(rest[n - 2], Answer::Status { games_played, .. } if games_played == games)
        );
        assert_eq!(rest[n - 1], Answer::Stopped);
    }

    #[test]
    fn a_closed_sink_ends_a_long_train_at_once() {
        struct Quits(usize);
        impl Sink for Quits {
            fn emit(&mut self, _: &Answer) -> Result<(), Closed> {
                self.0 += 1;
                if self.0 > 1 {
                    Err(Closed)
                } else {
                    Ok(())
                }
            }
        }
        let mut session = Session::new(Default::default(), 5);
        let flow = session.handle_line("train 100000000", &mut Quits(0), &Stop::new());
        assert_eq!(flow, Flow::Quit);
        assert!(session.games_played() < 100_000_000);
        assert!(session.games_played() >= 2_000_000);
    }
}

/// Where the stdin/stdout engine writes its answers: the terminal view
/// ([`crate::pretty::Pretty`]) when `text` (for a person; `person_opens` when MENACE plays
/// second), else one JSON line per answer.
pub fn stdout_sink(text: bool, game: &'static str, person_opens: bool) -> Box<dyn Sink + Send> {
    if text {
        Box::new(crate::pretty::Pretty::new(std::io::stdout(), game).person_opens(person_opens))
    } else {
        Box::new(JsonLines::new(std::io::BufWriter::new(std::io::stdout())))
    }
}

/// The engine on standard input and output (`menace` with no subcommand): a session of
/// `config`, going on from the state file `state` if it exists ([`Session::with_state`];
/// `asked`: bead rules given explicitly), answering as text for a person when `text`, else
/// JSON lines, [`drive`]n until `quit`, end of input or a signal (`signalled`, stored by
/// the caller's handler), then saved back to `state`. Gives the exit status: 0, 1 after a
/// failure (said on standard error), 128 + the signal's number; `Err` when the session
/// cannot start.
pub fn run_stdio(
    config: crate::Config,
    state: Option<&std::path::Path>,
    asked: Option<&menace_core::menace::BeadRules>,
    text: bool,
    signalled: &AtomicUsize,
) -> Result<u8, String> {
    use std::io::IsTerminal;
    let game = config.game.name();
    let person_opens = config.game.side(config.side) == Ok(menace_core::game::Side::Second);
    let session = Session::with_state(config, state, asked)?;
    if io::stdin().is_terminal() {
        eprintln!(
            "Ready to play {game}. Type `games 3` to play three games, `help` for all commands."
        );
    }
    let sink = stdout_sink(text, game, person_opens);
    let Ended { session, signal, input } = drive(session, sink, || io::stdin().lock(), signalled);
    let Some(session) = session else {
        eprintln!("menace: the session was lost");
        return Ok(1);
    };
    if let Some(path) = state {
        if let Err(e) = session.save_state(path) {
            eprintln!("menace: {e}");
            return Ok(1);
        }
    }
    if signal != 0 {
        return Ok(128 + signal as u8);
    }
    match input {
        Ok(()) => Ok(0),
        Err(e) => {
            eprintln!("menace: {e}");
            Ok(1)
        }
    }
}
