//! One-shot runs: all input in, capped output out, killed at the deadline.

use std::io::{Read, Write};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use super::{kill_tree, Program};

/// Limits for one run.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Wall-clock time from spawn until the program is killed.
    pub deadline: Duration,
    /// Bytes of standard output kept; the rest is read and thrown away (so the program is
    /// never blocked on a full pipe) and the run is marked `truncated`.
    pub max_output: usize,
    /// Bytes of standard error kept, for diagnostics.
    pub max_stderr: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { deadline: Duration::from_secs(2), max_output: 64 * 1024, max_stderr: 4096 }
    }
}

/// What happened in one run. Never an error: a program that cannot start, crashes or
/// hangs is reported here, and the caller decides what that means in its game.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// Standard output, at most `Limits::max_output` bytes.
    pub stdout: Vec<u8>,
    /// The first bytes of standard error.
    pub stderr: Vec<u8>,
    /// More output was written than was kept.
    pub truncated: bool,
    /// The deadline passed and the program was killed.
    pub timed_out: bool,
    /// The exit status, when the program ended by itself.
    pub status: Option<ExitStatus>,
    /// Why the program could not be started or fed, if it could not.
    pub spawn_error: Option<String>,
    /// Time from spawn to exit or kill.
    pub elapsed: Duration,
}

impl Run {
    /// Did the program start and exit with status 0 before the deadline?
    pub fn succeeded(&self) -> bool {
        self.spawn_error.is_none() && !self.timed_out && self.status.is_some_and(|s| s.success())
    }

    /// One phrase describing anything that went wrong (`None` for a clean run), for logs.
    pub fn incident(&self) -> Option<String> {
        if let Some(e) = &self.spawn_error {
            return Some(format!("could not run: {e}"));
        }
        let mut parts = Vec::new();
        if self.timed_out {
            parts.push(format!("killed after {:.3} s", self.elapsed.as_secs_f64()));
        } else if let Some(s) = self.status {
            if !s.success() {
                parts.push(match s.code() {
                    Some(c) => format!("exited with status {c}"),
                    None => "killed by a signal".to_string(),
                });
            }
        }
        if self.truncated {
            parts.push(format!("output cut at {} bytes", self.stdout.len()));
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// Reads `from` to its end, keeping at most `cap` bytes; reports whether more came.
fn drain_capped(mut from: impl Read, cap: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buf = [0u8; 8192];
    let mut truncated = false;
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = cap - kept.len();
                if n > room {
                    truncated = true;
                }
                kept.extend_from_slice(&buf[..n.min(room)]);
            }
        }
    }
    (kept, truncated)
}

/// Runs `program` with `input` on its standard input and returns what it printed.
///
/// Standard input is closed after `input` is written; a program that does not read it is
/// not waited for. At the deadline the program and its process group are killed, and
/// whatever it printed until then is kept.
pub fn run_once(program: &Program, input: &[u8], limits: Limits) -> Run {
    let start = Instant::now();
    let mut cmd = program.command();
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Run { spawn_error: Some(format!("{}: {e}", program.argv[0])), ..Run::default() }
        }
    };

    let mut stdin = child.stdin.take().expect("stdin was piped");
    let input = input.to_vec();
    // A writer thread, so a program that never reads cannot block us on a full pipe.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (out_tx, out_rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout was piped");
    let cap = limits.max_output;
    thread::spawn(move || {
        let _ = out_tx.send(drain_capped(stdout, cap));
    });
    let (err_tx, err_rx) = mpsc::channel();
    let stderr = child.stderr.take().expect("stderr was piped");
    let cap = limits.max_stderr;
    thread::spawn(move || {
        let _ = err_tx.send(drain_capped(stderr, cap));
    });

    let mut run = Run::default();
    match child.wait_timeout(limits.deadline) {
        Ok(Some(status)) => run.status = Some(status),
        Ok(None) => {
            run.timed_out = true;
            kill_tree(&mut child);
            let _ = child.wait();
        }
        Err(e) => {
            kill_tree(&mut child);
            let _ = child.wait();
            run.spawn_error = Some(format!("waiting for {}: {e}", program.argv[0]));
        }
    }
    run.elapsed = start.elapsed();
    // The pipes close when the process group is gone; a grandchild that escaped the
    // group could hold them open, so the readers are waited for only until the deadline
    // (at least a short grace after a kill). Not a fixed grace alone: on a busy machine a
    // reader thread can be scheduled late, and a program that answered in time would lose
    // its answer (seen: a 200 ms grace forfeited a passer's `pass` under full load).
    let until = start + limits.deadline;
    let wait = || until.saturating_duration_since(Instant::now()).max(Duration::from_millis(200));
    if let Ok((out, truncated)) = out_rx.recv_timeout(wait()) {
        run.stdout = out;
        run.truncated = truncated;
    }
    if let Ok((err, _)) = err_rx.recv_timeout(wait()) {
        run.stderr = err;
    }
    run
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Program {
        Program::new(["sh", "-c", script])
    }

    fn quick(ms: u64) -> Limits {
        Limits { deadline: Duration::from_millis(ms), ..Limits::default() }
    }

    #[test]
    fn echoes_input() {
        let run = run_once(&Program::new(["cat"]), b"hello\n", quick(5000));
        assert!(run.succeeded(), "{run:?}");
        assert_eq!(run.stdout, b"hello\n");
        assert_eq!(run.incident(), None);
    }

    #[test]
    fn kills_a_sleeper_and_keeps_what_it_said() {
        let run = run_once(&sh("echo early; exec sleep 30"), b"", quick(300));
        assert!(run.timed_out);
        assert_eq!(run.stdout, b"early\n");
        assert!(run.status.is_none(), "killed, not exited");
        assert!(run.incident().unwrap().contains("killed after"));
    }

    #[test]
    fn kills_grandchildren_too() {
        // The shell waits on a background sleeper that holds stdout open; the sleeper must
        // die with it (no process left behind), not outlive the run.
        let run = run_once(&sh("sleep 30 & echo $!; wait"), b"", quick(300));
        assert!(run.timed_out);
        let pid: u32 =
            String::from_utf8_lossy(&run.stdout).trim().parse().expect("the sleeper's pid");
        // Gone, or a zombie waiting for init to reap it: either way no longer running.
        let gone = menace_testkit::process::ends(pid);
        assert!(gone, "the grandchild {pid} is still running");
    }

    #[test]
    fn caps_a_flood() {
        let limits = Limits { max_output: 1000, ..quick(5000) };
        let run = run_once(&sh("yes 1 2 3 | head -c 5000000"), b"", limits);
        assert_eq!(run.stdout.len(), 1000);
        assert!(run.truncated);
    }

    #[test]
    fn reports_exit_codes_and_missing_programs() {
        let run = run_once(&sh("echo x; exit 3"), b"", quick(5000));
        assert_eq!(run.status.and_then(|s| s.code()), Some(3));
        assert_eq!(run.stdout, b"x\n");
        assert_eq!(run.incident().unwrap(), "exited with status 3");
        let run = run_once(&Program::new(["/nonexistent/menace-test"]), b"", quick(5000));
        assert!(run.spawn_error.is_some());
        assert!(!run.succeeded());
    }

    #[test]
    fn a_program_that_never_reads_its_input_does_not_block_us() {
        let big = vec![b'x'; 10 << 20];
        let run = run_once(&sh("echo done"), &big, quick(5000));
        assert_eq!(run.stdout, b"done\n");
    }
}
