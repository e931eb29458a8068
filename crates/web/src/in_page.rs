//! The engine as a page holds it: one [`Session`], lines in, JSON answer lines out, a long
//! command run in slices so the page's worker can read a `stop` between them, and the
//! learned state as the saved-state file's text for the browser's storage. Plain Rust,
//! tested natively; `exports` puts it behind the WebAssembly interface.

use menace_core::menace::state::State;
use menace_protocol::lines::{is_stop_line, line_of, without_bom};
use menace_protocol::{Answer, Closed, Config, FileAccess, Session, Sink, Step, Stop};

/// Answers as JSON lines, each ended by `\n`, gathered until the page takes them.
#[derive(Default)]
struct Lines(String);

impl Sink for Lines {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        self.0.push_str(&answer.to_json());
        self.0.push('\n');
        Ok(())
    }
}

/// What a call left the session doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Status {
    /// The line is answered; send the next.
    Ready = 0,
    /// A long command paused: call [`InPage::resume`] (after reading a `stop`, if any).
    Paused = 1,
    /// `quit` was read: the session is over.
    Over = 2,
}

/// One page's session.
pub struct InPage {
    session: Session,
    stop: Stop,
    out: Lines,
    over: bool,
    /// No line was handled yet (its byte-order mark is dropped, as stdin drops it).
    first: bool,
}

impl InPage {
    /// A session with the options a private page gives (`game=nim&seed=3`, as its `/ws`
    /// query on `menace serve`): the same [`Config::set_option`] names and values. No file
    /// of the machine is reachable (`save` and `load` are refused, as on a page served by
    /// `menace serve`: the page downloads `export` and takes back `import`).
    pub fn open(options: &str) -> Result<InPage, String> {
        let mut config = Config { files: FileAccess::Nowhere, ..Config::default() };
        for pair in options.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            config.set_option(&unescape(key)?, &unescape(value)?)?;
        }
        let session = Session::with(config)?;
        Ok(InPage { session, stop: Stop::new(), out: Lines::default(), over: false, first: true })
    }

    /// Handles one message of the page: one line (a trailing line end allowed), refused
    /// with one `error` answer as `menace serve` refuses the same frame. A long command
    /// pauses once `pause` says so (after a game at least).
    pub fn line(&mut self, bytes: &[u8], pause: &dyn Fn() -> bool) -> Status {
        if self.over {
            return Status::Over;
        }
        let line = match line_of(without_bom(bytes, &mut self.first)) {
            Ok(line) => line,
            Err(message) => {
                let _ = self.out.emit(&Answer::error(message));
                return Status::Ready;
            }
        };
        let step = self.session.start_line(&line, &mut self.out, &self.stop, pause);
        self.status(step)
    }

    /// Goes on with a paused long command.
    pub fn resume(&mut self, pause: &dyn Fn() -> bool) -> Status {
        let step = self.session.resume(&mut self.out, &self.stop, pause);
        self.status(step)
    }

    /// A message arrived (it is handled later, in its turn, by [`InPage::line`]): a `stop`
    /// takes effect at once, as on stdin and the server, ending the running (paused) long
    /// command at its next game boundary and any queued before the `stop` itself, which
    /// then answers `stopped`.
    pub fn arrived(&mut self, bytes: &[u8]) {
        if line_of(bytes).is_ok_and(|line| is_stop_line(&line)) {
            self.stop.request();
        }
    }

    fn status(&mut self, step: Step) -> Status {
        match step {
            Step::Paused => Status::Paused,
            Step::Done(menace_protocol::Flow::Quit) => {
                self.over = true;
                Status::Over
            }
            Step::Done(_) => Status::Ready,
        }
    }

    /// The answers produced since the last call, as JSON lines.
    pub fn take_answers(&mut self) -> String {
        std::mem::take(&mut self.out.0)
    }

    /// The learned state as the saved-state file's text (what `menace eval --state` and
    /// `menace --state` read), with MENACE's whole story (its results and learning curve
    /// since the machine was made), for every game; or why this session has none (the
    /// weighted learner keeps none).
    pub fn state(&self) -> Result<String, String> {
        Ok(self.session.state()?.to_text())
    }

    /// Takes back a state from [`InPage::state`] (the browser's storage after a reload),
    /// its story with it: checked as `load` checks a file (a state of another game, of
    /// Nim's other rows or of the other side is refused); on an error nothing changes.
    pub fn restore(&mut self, text: &str) -> Result<(), String> {
        let state = State::parse(text.as_bytes())?;
        self.session.restore(&state)
    }
}

/// `%XX` escapes and `+` for a space, as `URLSearchParams` writes them.
fn unescape(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
                let byte = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
                out.push(byte.ok_or_else(|| format!("bad escape in session options: {text:?}"))?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| format!("session options are not UTF-8: {text:?}"))
}
