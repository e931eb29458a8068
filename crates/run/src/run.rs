//! One-shot runs: all input in, capped output out, killed at the deadline.

use std::io::{Read, Write};
use std::process::{ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use super::entrant::Entrant;
use super::{Program, Rlimits};

/// Limits for one run.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The program's own wall-clock time, from its start (once exec has succeeded) to its
    /// exit; still running then, it is killed.
    pub deadline: Duration,
    /// Bytes of standard output kept; the rest is read and thrown away (so the program is
    /// never blocked on a full pipe) and the run is marked `truncated`.
    pub max_output: usize,
    /// Bytes of standard error kept, for diagnostics: the last ones (a traceback ends with
    /// its reason), [`STDERR_TAIL`] by default.
    pub max_stderr: usize,
    /// Memory and CPU limits of the program's processes (none by default).
    pub rlimits: Rlimits,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            deadline: Duration::from_secs(2),
            max_output: 64 * 1024,
            max_stderr: STDERR_TAIL,
            rlimits: Rlimits::default(),
        }
    }
}

/// Bytes of an entrant's standard error a judge keeps by default: the end of it, where a
/// crash says why (a Python traceback's last line names the exception).
pub const STDERR_TAIL: usize = 4096;

/// The least time a program is given to answer a judge's question before any game (both
/// judges ask each entrant once first): the question is whether it runs at all, not
/// whether it is fast (a first start on a loaded machine, an interpreter's cold cache, may
/// take seconds; a slow round is an incident of the game, not a reason to refuse it).
pub const PROBE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The last line of `tail` (an entrant's standard error, or its end) that holds more than
/// white space, trimmed, at most 200 characters, lossily decoded; `None` if there is none.
/// What an incident quotes, so a judge sees why a program failed without opening a file.
pub fn last_line(tail: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(tail);
    let line = text.lines().map(str::trim).rfind(|l| !l.is_empty())?;
    let mut shown: String = line.chars().take(200).collect();
    if shown.len() < line.len() {
        shown.push('…');
    }
    Some(shown)
}

/// What happened in one run. Never an error: a program that cannot start, crashes or
/// hangs is reported here, and the caller decides what that means in its game.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// Standard output, at most `Limits::max_output` bytes.
    pub stdout: Vec<u8>,
    /// The last bytes of standard error, at most `Limits::max_stderr`.
    pub stderr: Vec<u8>,
    /// More output was written than was kept.
    pub truncated: bool,
    /// The program did not exit before the deadline: it was killed, or it exited after
    /// the deadline before a late judge got to kill it. Either way its answer is late.
    pub timed_out: bool,
    /// The exit status, when the program ended by itself (in time or not).
    pub status: Option<ExitStatus>,
    /// Why the program could not be started or fed, if it could not.
    pub spawn_error: Option<String>,
    /// How long the program ran: from its start to its exit (as seen by a thread that
    /// does nothing but wait for it) or to the kill.
    pub elapsed: Duration,
    /// The deadline it ran under.
    pub deadline: Duration,
    /// The CPU time (user and system) the program used, when it could be read (unix).
    pub cpu: Option<Duration>,
    /// The memory and CPU limits it ran under.
    pub rlimits: Rlimits,
}

impl Run {
    /// Did the program start and exit with status 0 before the deadline?
    pub fn succeeded(&self) -> bool {
        self.spawn_error.is_none() && !self.timed_out && self.status.is_some_and(|s| s.success())
    }

    /// What kind of thing went wrong, in a few words that read after a count (`None` for a
    /// clean run): `could not run`, `timed out`, `exited with a failure status`, `killed by
    /// a signal` or `had its output cut`, the first that applies. Judges count incidents
    /// by it.
    pub fn failure(&self) -> Option<&'static str> {
        if self.spawn_error.is_some() {
            Some("could not run")
        } else if let Some(over) = self.over() {
            Some(if over.contains("CPU") {
                "went over its CPU limit"
            } else {
                "went over its memory limit"
            })
        } else if self.timed_out {
            Some("timed out")
        } else if let Some(s) = self.status.filter(|s| !s.success()) {
            Some(if s.code().is_some() {
                "exited with a failure status"
            } else {
                "killed by a signal"
            })
        } else if self.truncated {
            Some("had its output cut")
        } else {
            None
        }
    }

    /// Which resource limit the program went over, in words, if it did
    /// ([`Rlimits::over`]).
    pub fn over(&self) -> Option<String> {
        self.rlimits.over(self.status, &self.stderr, self.cpu)
    }

    /// One phrase describing anything that went wrong (`None` for a clean run), for logs;
    /// it ends with the last line the program wrote on standard error, if any
    /// (`exited with status 1; last line on stderr: "RuntimeError: boom"`). Nothing in it
    /// is measured, so the same run says the same words every time: how long a late
    /// program ran is [`Run::timing`]'s.
    pub fn incident(&self) -> Option<String> {
        if let Some(e) = &self.spawn_error {
            return Some(format!("could not run: {e}"));
        }
        let mut parts = Vec::new();
        if let Some(over) = self.over() {
            parts.push(over);
        }
        if self.timed_out {
            let how = if self.status.is_some() { "exited past" } else { "killed at" };
            parts.push(format!("{how} its {} s deadline", self.deadline.as_secs_f64()));
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
        if parts.is_empty() {
            return None;
        }
        let mut said = parts.join(", ");
        if let Some(line) = last_line(&self.stderr) {
            said.push_str(&format!("; last line on stderr: {line:?}"));
        }
        Some(said)
    }

    /// What was measured of a run that timed out: how long it ran and how far past its
    /// deadline the kill (or the exit) came, which shows when the judge itself was late
    /// (`killed after 2.004 s, 0.004 s past the 2 s deadline`); `None` for a run in time.
    /// It varies from run to run, so judges keep it apart from the files that must not.
    pub fn timing(&self) -> Option<String> {
        if !self.timed_out {
            return None;
        }
        let how = if self.status.is_some() { "exited" } else { "killed" };
        Some(format!(
            "{how} after {:.3} s, {:.3} s past the {} s deadline",
            self.elapsed.as_secs_f64(),
            self.elapsed.saturating_sub(self.deadline).as_secs_f64(),
            self.deadline.as_secs_f64()
        ))
    }
}

/// Output kept from one pipe: at most a cap, the first bytes (standard output: the answer)
/// or the last (`tail`: standard error, whose end says why a program failed), and whether
/// more came.
#[derive(Default)]
pub(crate) struct Kept {
    pub(crate) bytes: Vec<u8>,
    pub(crate) truncated: bool,
    tail: bool,
}

impl Kept {
    /// Keeps the last bytes rather than the first.
    pub(crate) fn tail() -> Kept {
        Kept { tail: true, ..Kept::default() }
    }

    pub(crate) fn add(&mut self, data: &[u8], cap: usize) {
        if self.tail {
            self.truncated |= data.len() > cap;
            self.bytes.extend_from_slice(&data[data.len().saturating_sub(cap)..]);
            // Cut back only once twice the cap has gathered, so a flood costs linear time.
            if self.bytes.len() > 2 * cap {
                self.truncated = true;
                self.bytes.drain(..self.bytes.len() - cap);
            }
            return;
        }
        let room = cap - self.bytes.len();
        if data.len() > room {
            self.truncated = true;
        }
        self.bytes.extend_from_slice(&data[..data.len().min(room)]);
    }

    /// The bytes kept: for a tail, the last `cap`.
    pub(crate) fn finish(mut self, cap: usize) -> Kept {
        if self.tail && self.bytes.len() > cap {
            self.bytes.drain(..self.bytes.len() - cap);
        }
        self
    }
}

/// Bytes read from a pipe after the program's turn ended, at most: what it wrote before
/// exiting is in the pipe (64 KiB by default, 1 MiB at most unless raised); more can only
/// come from a descendant that outlived it.
#[cfg(unix)]
const AFTER_END: usize = 1 << 20;

/// Reads `from` until its end, or, once `ended` is set (the program has exited and its
/// turn is over), until nothing more is waiting in it: a descendant that holds the pipe
/// open cannot keep us reading. Keeps at most `cap` bytes.
#[cfg(unix)]
fn drain_capped(
    mut from: impl Read + std::os::fd::AsRawFd,
    mut kept: Kept,
    cap: usize,
    ended: &std::sync::atomic::AtomicBool,
) -> Kept {
    use std::sync::atomic::Ordering;
    let mut buf = [0u8; 8192];
    let mut after = 0;
    loop {
        // Looked at before the poll: once set, the program's own output is all in the pipe.
        let over = ended.load(Ordering::Acquire);
        let mut fd = libc::pollfd { fd: from.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: poll reads and writes the one pollfd it is given.
        let ready = unsafe { libc::poll(&mut fd, 1, if over { 0 } else { 50 }) };
        if ready < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            break;
        }
        if ready == 0 {
            if over {
                break;
            }
            continue;
        }
        match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                kept.add(&buf[..n], cap);
                if over {
                    after += n;
                    if after >= AFTER_END {
                        break;
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    kept.finish(cap)
}

/// Reads `from` to its end, keeping at most `cap` bytes.
#[cfg(not(unix))]
fn drain_capped(
    mut from: impl Read,
    mut kept: Kept,
    cap: usize,
    _ended: &std::sync::atomic::AtomicBool,
) -> Kept {
    let mut buf = [0u8; 8192];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => kept.add(&buf[..n], cap),
        }
    }
    kept.finish(cap)
}

/// A test hook: with `MENACE_TEST_JUDGE_LAG_MS=N` set, the judge sleeps N ms after starting
/// each program before it looks at it, as a judge on an overloaded machine may. The tests
/// use it to check that a late judge neither forfeits a program that answered in time nor
/// hides how late its kill came.
fn judge_lag() -> Duration {
    static LAG: OnceLock<Duration> = OnceLock::new();
    *LAG.get_or_init(|| {
        std::env::var("MENACE_TEST_JUDGE_LAG_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(Duration::ZERO, Duration::from_millis)
    })
}

/// Runs `program` with `input` on its standard input and returns what it printed.
///
/// Standard input is closed after `input` is written; a program that does not read it is
/// not waited for. The program's time runs from its start to its exit, taken by a thread
/// that only waits for it: a program that exited before the deadline is in time however
/// late the judge looks, and what it printed before exiting is its answer, whatever its
/// children do (one that keeps the output pipe open is not waited for). One still running
/// at the deadline is killed, and whatever it printed until then is kept; the run says
/// how long it ran. Either way, when this returns the program and every process it
/// started are gone (see the crate's documentation for what that covers).
pub fn run_once(program: &Program, input: &[u8], limits: Limits) -> Run {
    run_lagged(program, input, limits, judge_lag())
}

/// [`run_once`] by a judge that sleeps `lag` after starting the program, before it looks.
fn run_lagged(program: &Program, input: &[u8], limits: Limits, lag: Duration) -> Run {
    let piped = |cmd: &mut std::process::Command| {
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    };
    let mut entrant = match Entrant::spawn(program, piped, &limits.rlimits) {
        Ok(e) => e,
        Err(e) => {
            return Run {
                spawn_error: Some(format!("{}: {e}", program.argv[0])),
                deadline: limits.deadline,
                rlimits: limits.rlimits,
                ..Run::default()
            }
        }
    };
    // The clock starts once the program runs (spawn returns after its exec), so a slow
    // fork on a loaded machine is not charged to it.
    let start = Instant::now();
    let until = start + limits.deadline;
    let child = entrant.child();

    let mut stdin = child.stdin.take().expect("stdin was piped");
    let input = input.to_vec();
    // A writer thread, so a program that never reads cannot block us on a full pipe.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let ended = Arc::new(AtomicBool::new(false));
    let (out_tx, out_rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout was piped");
    let (cap, over) = (limits.max_output, ended.clone());
    thread::spawn(move || {
        let _ = out_tx.send(drain_capped(stdout, Kept::default(), cap, &over));
    });
    let (err_tx, err_rx) = mpsc::channel();
    let stderr = child.stderr.take().expect("stderr was piped");
    let (cap, over) = (limits.max_stderr, ended.clone());
    thread::spawn(move || {
        let _ = err_tx.send(drain_capped(stderr, Kept::tail(), cap, &over));
    });

    thread::sleep(lag);
    let mut run = Run { deadline: limits.deadline, rlimits: limits.rlimits, ..Run::default() };
    match entrant.exited_by(until) {
        Ok(Some(at)) => {
            // Its turn is over: whatever it started goes with it.
            run.status = entrant.end();
            run.elapsed = at.saturating_duration_since(start);
            // Past the deadline, it exited while a late judge was not looking: still late.
            run.timed_out = at > until;
        }
        Ok(None) => {
            run.timed_out = true;
            entrant.end();
            run.elapsed = start.elapsed();
        }
        Err(e) => {
            entrant.end();
            run.elapsed = start.elapsed();
            run.spawn_error = Some(format!("waiting for {}: {e}", program.argv[0]));
        }
    }
    run.cpu = entrant.cpu();
    // The program has exited, so what it wrote is in the pipes; the readers take that and
    // stop, even if a descendant that escaped the kill still holds a pipe open. They are
    // waited for until the deadline (at least a short grace): not a fixed grace alone, as
    // on a busy machine a reader thread can be scheduled late, and a program that answered
    // in time would lose its answer (seen: a 200 ms grace forfeited a passer's `pass`
    // under full load).
    ended.store(true, Ordering::Release);
    let wait = || until.saturating_duration_since(Instant::now()).max(Duration::from_millis(200));
    if let Ok(out) = out_rx.recv_timeout(wait()) {
        run.stdout = out.bytes;
        run.truncated = out.truncated;
    }
    if let Ok(err) = err_rx.recv_timeout(wait()) {
        run.stderr = err.bytes;
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
        assert_eq!(run.incident().unwrap(), "killed at its 0.3 s deadline");
        let said = run.timing().unwrap();
        assert!(said.starts_with("killed after") && said.ends_with("past the 0.3 s deadline"));
        assert!(run.elapsed >= Duration::from_millis(300), "{said}");
    }

    #[test]
    fn a_late_judge_does_not_forfeit_a_program_that_exited_in_time() {
        // The judge looks 1.5 s after the start; the program was done long before its
        // 0.5 s deadline, and its time is its own, not the judge's.
        let lag = Duration::from_millis(1500);
        let run = run_lagged(&sh("read x; echo \"$x\" 1 2"), b"in\n", quick(500), lag);
        assert!(run.succeeded(), "{run:?}");
        assert_eq!(run.stdout, b"in 1 2\n");
        assert!(run.elapsed < Duration::from_millis(500), "{run:?}");
        assert_eq!(run.incident(), None);
    }

    #[test]
    fn a_late_judge_kills_a_sleeper_and_says_how_late_the_kill_came() {
        let lag = Duration::from_millis(1000);
        let run = run_lagged(&sh("exec sleep 30"), b"", quick(300), lag);
        assert!(run.timed_out && run.status.is_none(), "{run:?}");
        assert!(run.elapsed >= lag, "{run:?}");
        let said = run.timing().unwrap();
        // "killed after 1.0xx s, 0.7xx s past the 0.3 s deadline"
        let late: f64 =
            said.split(", ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(late >= 0.69, "{said}");
        assert!(said.ends_with("s past the 0.3 s deadline"), "{said}");
    }

    #[test]
    fn a_program_that_exits_past_the_deadline_before_a_late_kill_is_still_late() {
        let lag = Duration::from_millis(1500);
        let run = run_lagged(&sh("sleep 0.6; echo 1"), b"", quick(200), lag);
        assert!(run.timed_out && !run.succeeded(), "{run:?}");
        assert_eq!(run.status.and_then(|s| s.code()), Some(0));
        assert_eq!(run.incident().unwrap(), "exited past its 0.2 s deadline");
        let said = run.timing().unwrap();
        assert!(said.starts_with("exited after 0.") && said.contains("past the 0.2 s"), "{said}");
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
    fn a_program_over_its_memory_limit_is_said_to_be_and_cpu_time_is_measured() {
        // Python allocating 400 MiB under a 64 MiB limit fails with MemoryError.
        let limits =
            Limits { rlimits: Rlimits { memory: Some(64 << 20), cpu: None }, ..quick(20_000) };
        let run =
            run_once(&Program::new(["python3", "-c", "x = bytearray(400 << 20)"]), b"", limits);
        assert_eq!(run.failure(), Some("went over its memory limit"), "{run:?}");
        let said = run.incident().unwrap();
        assert!(
            said.starts_with("over its memory limit of 64 MiB, exited with status 1"),
            "{said}"
        );
        assert!(said.ends_with("MemoryError\""), "{said}");
        // The same program without the limit is not over anything.
        let run = run_once(&Program::new(["python3", "-c", "x = bytearray(4 << 20)"]), b"", limits);
        assert!(run.succeeded() && run.over().is_none(), "{run:?}");
        // A busy loop under a 1 s CPU limit is stopped by it, its CPU time measured.
        let limits = Limits {
            rlimits: Rlimits { memory: None, cpu: Some(Duration::from_millis(500)) },
            ..quick(20_000)
        };
        let run = run_once(&sh("while :; do :; done"), b"", limits);
        assert_eq!(run.failure(), Some("went over its CPU limit"), "{run:?}");
        assert!(run.incident().unwrap().starts_with("over its CPU limit of 1 s"), "{run:?}");
        assert!(run.cpu.is_some_and(|c| !c.is_zero()), "{run:?}");
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
    fn the_end_of_stderr_is_kept_and_its_last_line_said() {
        // A Python-like traceback after 10 kB of chatter: the end is kept, not the start.
        let script = "i=0; while [ $i -lt 1000 ]; do echo chatter-$i >&2; i=$((i+1)); done; \
                      echo 'Traceback (most recent call last):' >&2; \
                      printf 'RuntimeError: boom\\n\\n' >&2; exit 1";
        let run = run_once(&sh(script), b"", quick(5000));
        assert_eq!(run.stderr.len(), STDERR_TAIL);
        assert!(run.stderr.ends_with(b"RuntimeError: boom\n\n"), "{run:?}");
        assert_eq!(
            run.incident().unwrap(),
            "exited with status 1; last line on stderr: \"RuntimeError: boom\""
        );
        assert_eq!(run.failure(), Some("exited with a failure status"));
        // A clean run says nothing, whatever it wrote on stderr.
        let run = run_once(&sh("echo warning >&2"), b"", quick(5000));
        assert_eq!((run.incident(), run.failure()), (None, None));
        assert_eq!(run.stderr, b"warning\n");
    }

    #[test]
    fn a_tail_keeps_the_last_bytes_of_any_flood() {
        let mut k = Kept::tail();
        for i in 0..10_000u32 {
            k.add(format!("{i}\n").as_bytes(), 10);
        }
        let k = k.finish(10);
        assert_eq!(k.bytes, b"9998\n9999\n");
        assert!(k.truncated);
        assert_eq!(last_line(&k.bytes).as_deref(), Some("9999"));
        assert_eq!(last_line(b" \n\t\n"), None);
        assert_eq!(last_line(&[b'x'; 300]).unwrap().chars().count(), 201);
    }

    #[test]
    fn a_program_that_never_reads_its_input_does_not_block_us() {
        let big = vec![b'x'; 10 << 20];
        let run = run_once(&sh("echo done"), &big, quick(5000));
        assert_eq!(run.stdout, b"done\n");
    }
}
