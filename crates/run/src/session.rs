//! A long-lived child spoken to line by line (GTP engines, protocol opponents).

use std::io::{BufReader, Read, Write};
use std::process::{ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::entrant::Entrant;
use super::run::{Kept, STDERR_TAIL};
use super::{Line, Lines, Program, Rlimits};

/// Why no line came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing complete arrived in time.
    Timeout,
    /// The program closed its output (it exited or crashed).
    Closed,
    /// A line was longer than the cap; it was discarded.
    TooLong,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReadError::Timeout => "no answer before the deadline",
            ReadError::Closed => "the program closed its output",
            ReadError::TooLong => "answer line too long",
        })
    }
}

impl std::error::Error for ReadError {}

enum Answer {
    Text(String),
    TooLong,
}

/// A running program with piped standard input and output.
///
/// A reader thread splits the program's output into capped lines ([`Lines`]), so
/// [`Session::read_line`] can wait with a timeout. When the session ends ([`Session::finish`]
/// or dropping it), the program and every process it started are killed (see the crate's
/// documentation for what that covers).
pub struct Session {
    entrant: Entrant,
    stdin: Option<ChildStdin>,
    lines: Receiver<Answer>,
    program: Program,
    /// The end of its standard error, when it is not passed through.
    stderr: Option<Arc<StderrTail>>,
    /// Its output was seen closed ([`ReadError::Closed`]).
    closed: bool,
}

/// The last [`STDERR_TAIL`] bytes a program wrote on standard error, gathered by a thread
/// while it runs, and whether the pipe has closed.
struct StderrTail {
    kept: Mutex<(Kept, bool)>,
    closed: Condvar,
}

impl Session {
    /// Starts `program`; its standard error is passed through to ours when `keep_stderr`
    /// is set, else its end is kept ([`Session::stderr_tail`]), for a judge to say why the
    /// program failed.
    /// Its output is read through [`Lines`]: a line of more than `max_line` bytes (not
    /// counting `\n` or `\r\n`) is skipped whole and read as [`ReadError::TooLong`].
    pub fn spawn(
        program: &Program,
        max_line: usize,
        keep_stderr: bool,
    ) -> std::io::Result<Session> {
        Session::spawn_limited(program, max_line, keep_stderr, &Rlimits::default())
    }

    /// [`Session::spawn`], the program and all it starts under `rlimits`.
    pub fn spawn_limited(
        program: &Program,
        max_line: usize,
        keep_stderr: bool,
        rlimits: &Rlimits,
    ) -> std::io::Result<Session> {
        let stdio = |cmd: &mut std::process::Command| {
            cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(if keep_stderr {
                Stdio::inherit()
            } else {
                Stdio::piped()
            });
        };
        let mut entrant = Entrant::spawn(program, stdio, rlimits)?;
        let child = entrant.child();
        let stdin = child.stdin.take();
        let stderr = child.stderr.take().map(|mut pipe| {
            let tail = Arc::new(StderrTail {
                kept: Mutex::new((Kept::tail(), false)),
                closed: Condvar::new(),
            });
            let shared = tail.clone();
            thread::spawn(move || {
                let mut buf = [0u8; 4096];
                loop {
                    let n = match pipe.read(&mut buf) {
                        Ok(0) => 0,
                        Ok(n) => n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(_) => 0,
                    };
                    let mut k = shared.kept.lock().unwrap_or_else(|p| p.into_inner());
                    if n == 0 {
                        k.1 = true;
                        shared.closed.notify_all();
                        return;
                    }
                    k.0.add(&buf[..n], STDERR_TAIL);
                }
            });
            tail
        });
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut lines = Lines::new(BufReader::new(stdout), max_line);
            loop {
                let line = match lines.next_line() {
                    Ok(Line::Text(bytes)) => {
                        Answer::Text(String::from_utf8_lossy(&bytes).into_owned())
                    }
                    Ok(Line::TooLong(_)) => Answer::TooLong,
                    Ok(Line::Eof) | Err(_) => return,
                };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(Session { entrant, stdin, lines: rx, program: program.clone(), stderr, closed: false })
    }

    /// The last bytes (at most 4 KiB) the program wrote on standard error so far; empty
    /// when it is passed through ([`Session::spawn`]'s `keep_stderr`). Once its output has
    /// been read closed (it died), its last words are awaited first, until its standard
    /// error closes too or `wait` passes; a program still talking is not waited for.
    pub fn stderr_tail(&self, wait: Duration) -> Vec<u8> {
        let Some(tail) = &self.stderr else { return Vec::new() };
        let until = Instant::now() + if self.closed { wait } else { Duration::ZERO };
        let mut k = tail.kept.lock().unwrap_or_else(|p| p.into_inner());
        while !k.1 {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            k = tail.closed.wait_timeout(k, left).unwrap_or_else(|p| p.into_inner()).0;
        }
        let bytes = &k.0.bytes;
        bytes[bytes.len().saturating_sub(STDERR_TAIL)..].to_vec()
    }

    /// The program this session runs.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Writes `text` (add the newline yourself) and flushes.
    pub fn send(&mut self, text: &str) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(text.as_bytes())?;
        stdin.flush()
    }

    /// The next line of output (without its line ending), waiting at most `timeout`.
    pub fn read_line(&mut self, timeout: Duration) -> Result<String, ReadError> {
        match self.lines.recv_timeout(timeout) {
            Ok(Answer::Text(s)) => Ok(s),
            Ok(Answer::TooLong) => Err(ReadError::TooLong),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(ReadError::Closed)
            }
        }
    }

    /// Closes the program's standard input (many programs exit on end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `timeout` for the program to exit by itself, then kills it, and
    /// whatever it started; the CPU time it used (unix).
    pub fn finish(mut self, timeout: Duration) -> Option<Duration> {
        self.close_input();
        let _ = self.entrant.exited_by(Instant::now() + timeout);
        self.entrant.end();
        self.entrant.cpu()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stdin = None;
        self.entrant.end();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn talks_line_by_line() {
        let mut s = Session::spawn(&Program::new(["cat"]), 100, false).unwrap();
        s.send("one\ntwo\n").unwrap();
        assert_eq!(s.read_line(Duration::from_secs(5)).unwrap(), "one");
        assert_eq!(s.read_line(Duration::from_secs(5)).unwrap(), "two");
        assert_eq!(s.read_line(Duration::from_millis(50)), Err(ReadError::Timeout));
        s.close_input();
        assert_eq!(s.read_line(Duration::from_secs(5)), Err(ReadError::Closed));
    }

    #[test]
    fn overlong_lines_are_skipped_not_kept() {
        let script = "head -c 100000 /dev/zero | tr '\\0' x; echo; echo ok";
        let mut s = Session::spawn(&Program::new(["sh", "-c", script]), 1000, false).unwrap();
        assert_eq!(s.read_line(Duration::from_secs(5)), Err(ReadError::TooLong));
        assert_eq!(s.read_line(Duration::from_secs(5)).unwrap(), "ok");
    }

    #[test]
    fn a_crash_reads_as_closed() {
        let mut s = Session::spawn(&Program::new(["sh", "-c", "exit 1"]), 100, false).unwrap();
        assert_eq!(s.read_line(Duration::from_secs(5)), Err(ReadError::Closed));
    }

    #[test]
    fn the_end_of_stderr_is_kept() {
        let script =
            "head -c 9000 /dev/zero | tr '\\0' x >&2; echo >&2; echo 'Error: boom' >&2; exit 3";
        let mut s = Session::spawn(&Program::new(["sh", "-c", script]), 100, false).unwrap();
        assert_eq!(s.read_line(Duration::from_secs(5)), Err(ReadError::Closed));
        let tail = s.stderr_tail(Duration::from_secs(5));
        assert_eq!(tail.len(), STDERR_TAIL);
        assert!(tail.ends_with(b"x\nError: boom\n"), "{:?}", String::from_utf8_lossy(&tail));
        assert_eq!(crate::last_line(&tail).as_deref(), Some("Error: boom"));
    }
}
