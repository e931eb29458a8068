//! A started program and everything it starts: the one owner of a child process, for
//! [`run_once`](crate::run_once) and [`Session`](crate::Session) alike.
//!
//! What it guarantees: when [`Entrant::end`] returns (and so when a run returns, a session
//! is finished or dropped, or the judge stops on a signal, see
//! [`stop_entrants_on_signals`](crate::stop_entrants_on_signals)), the program and every
//! process it started are gone, including those that left its process group or session
//! (`setsid`), on Linux; elsewhere on Unix, those still in its process group.
//!
//! How, on Linux (see `reaper.rs` for why this design):
//! - the judge is a child subreaper, so a descendant whose parent exits is handed to the
//!   judge instead of init, and the judge can still find it;
//! - each program starts as the leader of a new process group, with a tag in its
//!   environment (`MENACE_RUN_ENTRANT`) that its descendants inherit;
//! - ending it: its group is killed while the program itself is still unreaped (so the
//!   group's id cannot name anyone else), then every adopted orphan that carries its tag or
//!   its group is killed and reaped, level by level, until none is left; only then is the
//!   program reaped.
//!
//! Every live entrant is in one registry, so a signal handler can end them all, and the
//! registry's lock serializes the sweeps (only a sweep reaps adopted orphans, so a pid it
//! found among the judge's children stays that process's until it is reaped).

use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use super::Program;

/// The entrants started and not yet reaped, and whether the judge is stopping.
struct Live {
    /// Set by [`stop_all`]: nothing starts after it.
    stopping: bool,
    /// Pid and tag number of each entrant not yet reaped.
    entrants: Vec<(u32, u64)>,
}

static LIVE: Mutex<Live> = Mutex::new(Live { stopping: false, entrants: Vec::new() });

fn live() -> MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether a signal is ending this judge ([`crate::stop_entrants_on_signals`]): every
/// entrant has been or is being killed, and the process ends by the signal in a moment.
/// A program's failure seen now is the signal's doing, not the program's.
pub fn stopping() -> bool {
    live().stopping
}

/// Waits, while a signal ends the process ([`stopping`]), for that end: what a judge does
/// with a failure it must not report as the program's (the check of an entrant before
/// any game). Returns at once when no signal is ending it.
pub fn await_signal_end() {
    while stopping() {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// A started program, ended (with everything it started) when [`Entrant::end`] is called
/// or it is dropped.
pub(crate) struct Entrant {
    child: Child,
    /// Its number among this judge's entrants; with the judge's pid, its tag.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    seq: u64,
    /// The instant it exited, from a thread that only waits for that (unix).
    exits: Option<Receiver<Instant>>,
    /// Its exit status once reaped (`None` inside: reaping failed).
    reaped: Option<Option<ExitStatus>>,
    /// [`Entrant::end`] has run.
    ended: bool,
    /// The CPU time it used (and its children it reaped), once reaped (unix).
    cpu: Option<std::time::Duration>,
}

impl Entrant {
    /// Starts `program`, its standard streams set up by `stdio`.
    /// Its processes run under `rlimits`.
    pub(crate) fn spawn(
        program: &Program,
        stdio: impl FnOnce(&mut Command),
        rlimits: &super::Rlimits,
    ) -> std::io::Result<Entrant> {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let seq = NEXT.fetch_add(1, Ordering::Relaxed);
        let mut cmd = program.command();
        stdio(&mut cmd);
        rlimits.apply(&mut cmd);
        #[cfg(target_os = "linux")]
        {
            super::reaper::adopt_orphans();
            cmd.env(super::reaper::TAG_VAR, super::reaper::tag_value(seq));
        }
        // Under the registry's lock, so a stopping judge never misses one being started.
        let mut live = live();
        if live.stopping {
            return Err(std::io::Error::other("the judge is stopping"));
        }
        let child = cmd.spawn()?;
        live.entrants.push((child.id(), seq));
        drop(live);
        let exits = watch_exit(&child);
        Ok(Entrant { child, seq, exits, reaped: None, ended: false, cpu: None })
    }

    /// The process (its pipes are taken from here).
    pub(crate) fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// When the program exited, if it did by `until` or before this was asked (`None`:
    /// still running). It is not reaped: its pid and group stay its own until [`end`].
    ///
    /// [`end`]: Entrant::end
    pub(crate) fn exited_by(&mut self, until: Instant) -> std::io::Result<Option<Instant>> {
        if let Some(rx) = &self.exits {
            // recv_timeout takes a message already there even when called past `until`.
            match rx.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Ok(at) => return Ok(Some(at)),
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                // The watcher could not wait (it has said nothing): look here instead.
                Err(RecvTimeoutError::Disconnected) => {}
            }
        }
        self.poll_exit(until)
    }

    #[cfg(unix)]
    fn poll_exit(&mut self, until: Instant) -> std::io::Result<Option<Instant>> {
        loop {
            if has_exited(self.child.id(), false)? {
                return Ok(Some(Instant::now()));
            }
            if Instant::now() >= until {
                return Ok(None);
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    #[cfg(not(unix))]
    fn poll_exit(&mut self, until: Instant) -> std::io::Result<Option<Instant>> {
        use wait_timeout::ChildExt;
        let left = until.saturating_duration_since(Instant::now());
        Ok(self.child.wait_timeout(left)?.map(|s| {
            self.reaped = Some(Some(s));
            Instant::now()
        }))
    }

    /// The CPU time the program used (user and system, its own and that of the children
    /// it waited for), once [`Entrant::end`] has reaped it; `None` before, or off Unix.
    pub(crate) fn cpu(&self) -> Option<std::time::Duration> {
        self.cpu
    }

    /// Ends the program's turn: kills it if it still runs and everything it started, then
    /// reaps it; its exit status (a killed one's says so). Idempotent.
    pub(crate) fn end(&mut self) -> Option<ExitStatus> {
        if !self.ended {
            let mut live = live();
            let status = self.end_locked(&live);
            let pid = self.child.id();
            live.entrants.retain(|&(p, _)| p != pid);
            self.reaped = Some(status);
            self.ended = true;
        }
        self.reaped.flatten()
    }

    #[cfg(unix)]
    fn end_locked(&mut self, live: &Live) -> Option<ExitStatus> {
        let pid = self.child.id();
        kill_group(pid);
        // Its children are handed on only once it is dead.
        let _ = has_exited(pid, true);
        // Anyone its group started meanwhile (the group's id is still the program's own).
        kill_group(pid);
        #[cfg(target_os = "linux")]
        {
            let skip: Vec<u32> = live.entrants.iter().map(|&(p, _)| p).collect();
            super::reaper::sweep(&super::reaper::Whose::entrant(pid, self.seq), &skip);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = live;
        // Reaped here with its resource use (std's wait gives no rusage).
        let mut status = 0;
        // SAFETY: a zeroed rusage is a valid value for wait4 to overwrite.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: wait4 only writes `status` and `usage`; `pid` is our unreaped child.
            let r = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
            if r == pid as libc::pid_t {
                use std::os::unix::process::ExitStatusExt;
                self.cpu = Some(super::limit::cpu_of(&usage));
                return Some(ExitStatus::from_raw(status));
            }
            if r < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return self.child.wait().ok();
        }
    }

    #[cfg(not(unix))]
    fn end_locked(&mut self, _: &Live) -> Option<ExitStatus> {
        if let Some(status) = self.reaped {
            return status;
        }
        let _ = self.child.kill();
        self.child.wait().ok()
    }
}

impl Drop for Entrant {
    fn drop(&mut self) {
        self.end();
    }
}

/// Ends every entrant still running and everything they started, and lets none start
/// after: what a judge does when it is told to stop. The entrants stay unreaped (their
/// owners' [`Entrant::end`] reaps them, if the process lives on).
pub(crate) fn stop_all() {
    let mut live = live();
    live.stopping = true;
    #[cfg(unix)]
    {
        let pids: Vec<u32> = live.entrants.iter().map(|&(p, _)| p).collect();
        for &pid in &pids {
            kill_group(pid);
        }
        for &pid in &pids {
            let _ = has_exited(pid, true);
            kill_group(pid);
        }
        #[cfg(target_os = "linux")]
        super::reaper::sweep(&super::reaper::Whose::all(&pids), &pids);
    }
}

/// Kills the program `pid` and its process group (it leads one of its own).
///
/// Only for an entrant not yet reaped: until then its pid, and so its group's id, cannot
/// name another process.
#[cfg(unix)]
fn kill_group(pid: u32) {
    // SAFETY: killpg and kill only send a signal, to our own unreaped child and its group.
    unsafe {
        libc::killpg(pid as libc::pid_t, libc::SIGKILL);
        libc::kill(pid as libc::pid_t, libc::SIGKILL);
    }
}

/// Whether our child `pid` has exited, without reaping it; waits for that with `block`.
#[cfg(unix)]
fn has_exited(pid: u32, block: bool) -> std::io::Result<bool> {
    let flags = libc::WEXITED | libc::WNOWAIT | if block { 0 } else { libc::WNOHANG };
    loop {
        // SAFETY: a zeroed siginfo_t is a valid value for waitid to overwrite.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid only writes `info`; WNOWAIT leaves the child unreaped.
        let r = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if r == 0 {
            // With WNOHANG and nothing to report, the pid field stays zero.
            // SAFETY: waitid filled `info` (or left it zeroed).
            return Ok(unsafe { info.si_pid() } != 0);
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// The instant the child exits, sent by a thread that does nothing but wait for it, so
/// that a judge that wakes late still knows whether the program ended in time.
#[cfg(unix)]
fn watch_exit(child: &Child) -> Option<Receiver<Instant>> {
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        if let Ok(true) = has_exited(pid, true) {
            let _ = tx.send(Instant::now());
        }
    });
    Some(rx)
}

#[cfg(not(unix))]
fn watch_exit(_: &Child) -> Option<Receiver<Instant>> {
    None
}
