//! Whether a process a test started has really gone: after a kill, the tests that check
//! "nothing left running" (an engine cut off at its clock, a run past its deadline) ask
//! this instead of each reading `/proc` in its own way.

use std::time::Duration;

/// A deadline for the programs of tests that compare what programs say, not how fast: a
/// rule's 2 s would turn a loaded machine (debug programs starting at once beside a Go
/// match) into incidents.
pub const UNHURRIED: Duration = Duration::from_secs(60);

/// Waits up to 5 s for process `pid` to stop running; `true` once it has. A zombie (ended,
/// waiting for its parent or init to reap it) counts as gone: it no longer runs.
pub fn ends(pid: u32) -> bool {
    (0..250).any(|_| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // The state is the first field after the command name's closing parenthesis.
        let alive = !stat.is_empty()
            && stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z'));
        if alive {
            std::thread::sleep(Duration::from_millis(20));
        }
        !alive
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_running_process_does_not_end_and_a_killed_one_does() {
        let mut child = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let pid = child.id();
        assert!(std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok());
        child.kill().unwrap();
        assert!(super::ends(pid), "a killed (zombie) process counts as ended");
        child.wait().unwrap();
        assert!(super::ends(pid), "a reaped process has ended");
    }

    #[test]
    fn a_live_process_is_not_reported_gone_early() {
        // Only the first check, not the 5 s wait: the process is alive at the start.
        let mut child = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.id())).unwrap();
        assert!(!stat.rsplit(')').next().unwrap().trim_start().starts_with('Z'));
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
