//! A long-lived child spoken to line by line (GTP engines, protocol opponents).

use std::io::{BufReader, Write};
use std::process::{ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::entrant::Entrant;
use super::{Line, Lines, Program};

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
}

impl Session {
    /// Starts `program`; its standard error is discarded unless `keep_stderr` is set, in
    /// which case it is passed through to ours.
    /// Its output is read through [`Lines`]: a line of more than `max_line` bytes (not
    /// counting `\n` or `\r\n`) is skipped whole and read as [`ReadError::TooLong`].
    pub fn spawn(
        program: &Program,
        max_line: usize,
        keep_stderr: bool,
    ) -> std::io::Result<Session> {
        let mut entrant = Entrant::spawn(program, |cmd| {
            cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(if keep_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        })?;
        let child = entrant.child();
        let stdin = child.stdin.take();
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
        Ok(Session { entrant, stdin, lines: rx, program: program.clone() })
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
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Closes the program's standard input (many programs exit on end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `timeout` for the program to exit by itself, then kills it, and
    /// whatever it started.
    pub fn finish(mut self, timeout: Duration) {
        self.close_input();
        let _ = self.entrant.exited_by(Instant::now() + timeout);
        self.entrant.end();
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
}
