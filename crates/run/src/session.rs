//! A long-lived child spoken to line by line (GTP engines, protocol opponents).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::{kill_tree, Program};

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

enum Line {
    Text(String),
    TooLong,
}

/// A running program with piped standard input and output.
///
/// A reader thread splits the program's output into lines (each capped in length), so
/// [`Session::read_line`] can wait with a timeout. Dropping the session kills the program
/// and its process group.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    program: Program,
}

impl Session {
    /// Starts `program`; its standard error is discarded unless `keep_stderr` is set, in
    /// which case it is passed through to ours.
    pub fn spawn(
        program: &Program,
        max_line: usize,
        keep_stderr: bool,
    ) -> std::io::Result<Session> {
        let mut cmd = program.command();
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(if keep_stderr {
            Stdio::inherit()
        } else {
            Stdio::null()
        });
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                // Read at most max_line + 1 bytes of one line, so a flood without a
                // newline cannot grow the buffer without bound.
                let got = (&mut reader).take(max_line as u64 + 1).read_until(b'\n', &mut buf);
                match got {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let line = if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                    Line::Text(String::from_utf8_lossy(&buf).into_owned())
                } else if buf.len() > max_line {
                    // Skip the rest of the overlong line.
                    let mut rest = Vec::new();
                    loop {
                        rest.clear();
                        match (&mut reader).take(1 << 16).read_until(b'\n', &mut rest) {
                            Ok(0) | Err(_) => break,
                            Ok(_) if rest.last() == Some(&b'\n') => break,
                            Ok(_) => {}
                        }
                    }
                    Line::TooLong
                } else {
                    // The last line, without a newline, at end of output.
                    Line::Text(String::from_utf8_lossy(&buf).into_owned())
                };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(Session { child, stdin, lines: rx, program: program.clone() })
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
            Ok(Line::Text(s)) => Ok(s),
            Ok(Line::TooLong) => Err(ReadError::TooLong),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Closes the program's standard input (many programs exit on end of input).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `timeout` for the program to exit by itself, then kills it.
    pub fn finish(mut self, timeout: Duration) {
        use wait_timeout::ChildExt;
        self.close_input();
        if let Ok(Some(_)) = self.child.wait_timeout(timeout) {
            return;
        }
        kill_tree(&mut self.child);
        let _ = self.child.wait();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            kill_tree(&mut self.child);
            let _ = self.child.wait();
        }
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
