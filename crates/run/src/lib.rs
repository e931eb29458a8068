//! Running other programs: the one place where menace spawns, feeds, times and kills them.
//!
//! Every judge and match runner (the prisoner's-dilemma judge, the Go match runner, external
//! training opponents) goes through here, so the hard parts are solved once:
//! no shell between us and the program ([`Program::parse`] splits a command line itself),
//! a deadline after which the program is killed, output read through a cap so a flood
//! cannot exhaust memory, and a program that never reads its input cannot block us.
//!
//! A program leaves nothing behind: when its run or session ends (and when a judge that
//! called [`stop_entrants_on_signals`] is stopped), it and every process it started are
//! killed and reaped, on Linux even those that left its process group or session
//! (`setsid`): the judge is a child subreaper and ends the orphans its entrants leave
//! (`reaper.rs` says how and why). Elsewhere on Unix, its process group is killed.
//!
//! Two shapes of conversation:
//! - [`run_once`]: write all input, close stdin, collect capped output until exit (what is
//!   in the pipe then, not what a child left running might add) or the deadline (one-shot
//!   bots: the PD players, the Go king-of-the-hill format);
//! - [`Session`]: a long-lived child spoken to line by line, each answer awaited with a
//!   timeout (GTP engines, protocol opponents).
//!
//! And [`load`]: what else the machine did while a game was played (the load average and
//! the CPU time of every process the judge did not start), so a timed game played beside
//! something else can be told apart.
//!
//! And [`lines`]: the one reader of capped lines (the protocol's rules), which the
//! protocol's and the GTP engine's standard input read through as well.
//!
//! What every judge asks before and after: [`Program::locate`] finds the program a
//! command names (a typo is one error before any game, with `did you mean ./bot.py?` for a
//! file here), [`Program::files`] lists the files it runs (for the arena's stamps of what
//! each entrant ran), and both shapes keep the end of a program's standard error
//! ([`STDERR_TAIL`] bytes) whose [`last_line`] an incident quotes.
//!
//! Optional limits on an entrant's memory and CPU time ([`Rlimits`], set with `setrlimit`
//! before the program starts), and the CPU time it used, read when it is reaped.
//!
//! What to do with many such runs (tournaments, shards, standings) is `menace-arena`'s job,
//! which spawns nothing itself.

mod entrant;
mod limit;
pub mod lines;
pub mod load;
mod program;
#[cfg(target_os = "linux")]
mod reaper;
mod run;
mod session;
#[cfg(unix)]
mod signals;

pub use entrant::{await_signal_end, stopping};
pub use limit::Rlimits;
pub use lines::{Line, Lines};
pub use program::{Missing, NotFound, Program, ProgramError};
pub use run::{last_line, run_once, Limits, Run, PROBE_WAIT, STDERR_TAIL};
pub use session::{ReadError, Session};
#[cfg(unix)]
pub use signals::stop_entrants_on_signals;

/// Does nothing off Unix (there are no such signals to handle).
#[cfg(not(unix))]
pub fn stop_entrants_on_signals() -> std::io::Result<()> {
    Ok(())
}

/// Makes `cmd` start its process as the leader of a new process group (Unix), so that
/// killing the group reaches everything it spawns that stays in it.
pub(crate) fn new_group(cmd: &mut std::process::Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = cmd;
}
