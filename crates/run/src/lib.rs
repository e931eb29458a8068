//! Running other programs: the one place where menace spawns, feeds, times and kills them.
//!
//! Every judge and match runner (the prisoner's-dilemma judge, the Go match runner, external
//! training opponents) goes through here, so the hard parts are solved once:
//! no shell between us and the program ([`Program::parse`] splits a command line itself),
//! a deadline after which the whole process group is killed, output read through a cap so
//! a flood cannot exhaust memory, and a program that never reads its input cannot block us.
//!
//! Two shapes of conversation:
//! - [`run_once`]: write all input, close stdin, collect capped output until exit or the
//!   deadline (one-shot bots: the PD players, the Go king-of-the-hill format);
//! - [`Session`]: a long-lived child spoken to line by line, each answer awaited with a
//!   timeout (GTP engines, protocol opponents).
//!
//! And [`lines`]: the one reader of capped lines (the protocol's rules), which the
//! protocol's and the GTP engine's standard input read through as well.
//!
//! What to do with many such runs (tournaments, shards, standings) is `menace-arena`'s job,
//! which spawns nothing itself.

pub mod lines;
mod program;
mod run;
mod session;

pub use lines::{Line, Lines};
pub use program::{Program, ProgramError};
pub use run::{run_once, Limits, Run};
pub use session::{ReadError, Session};

/// Kills `child` and, on Unix, every process in its process group (we start each child as
/// the leader of a new group, so grandchildren it spawned die with it).
pub(crate) fn kill_tree(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        // SAFETY: killpg only sends a signal; the pid is our own child's, which is still
        // unreaped here (we wait after killing), so it cannot name a reused process group.
        unsafe {
            libc::killpg(child.id() as libc::pid_t, libc::SIGKILL);
        }
    }
    let _ = child.kill();
}

/// Makes `cmd` start its process as the leader of a new process group (Unix), so that
/// [`kill_tree`] reaches everything it spawns.
pub(crate) fn new_group(cmd: &mut std::process::Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = cmd;
}
