//! Linux: the judge adopts what its entrants leave behind, and ends it.
//!
//! A process group is not enough: a program's child that calls `setsid` (or `setpgid`)
//! leaves the group, and one whose parent exits is handed to init, where the judge loses
//! sight of it. The design, and why:
//!
//! - **A child subreaper** (`PR_SET_CHILD_SUBREAPER`, Linux 3.4): orphans among the judge's
//!   descendants are handed to the judge, not to init. So when an entrant is dead, every
//!   process it left is the judge's child or a descendant of one, wherever it moved its
//!   group or session, and the judge finds them in its own children (`/proc/self/task/*/
//!   children`, or a scan of `/proc` where the kernel lacks that file).
//! - **Whose orphan is it**: several entrants run at once (a prisoner's-dilemma round), so
//!   an orphan is ended only when it carries this entrant's tag (an environment variable
//!   every descendant inherits, read from `/proc/PID/environ`) or is in its process group.
//!   A process the judge started some other way, or another entrant's, is never touched.
//! - **No pid reuse**: a process is signalled only while it is the judge's own unreaped
//!   child (an adopted orphan, found among the judge's children and reaped by this sweep
//!   alone, under the registry's lock), or it is the group of an entrant not yet reaped.
//!   Until the judge reaps it, no such pid can name another process; no pidfd is needed.
//! - **Level by level**: the sweep kills the orphans it owns, waits for each to die (its
//!   own children are then handed to the judge), and looks again, until a look finds none.
//!   Reaping is the subreaper's duty: every orphan it ends is reaped here.
//!
//! Not chosen: cgroups (`cgroup.kill` ends a tree atomically, but needs a delegated,
//! writable cgroup, which a judge run from a shell or in a container seldom has); pid
//! namespaces (need unprivileged user namespaces, often disabled, and make the entrant
//! pid 1, which changes how it takes signals); a pidfd per descendant (it guards against
//! pid reuse, which the subreaper already rules out, but finds nothing by itself).
//!
//! Limits: a descendant that leaves the process group *and* clears its environment (or
//! runs a set-user-id program, whose environment the judge may not read) is not recognised
//! once orphaned, and is left running, as is everything below it; an orphan that died
//! in the moment between its program's exit and the sweep is reaped only if it is still in
//! the group (a dead process's environment cannot be read), else it stays a zombie until
//! the judge exits.

use std::ffi::OsString;
use std::sync::OnceLock;

/// The environment variable that carries the tags: the judge's pid and the entrant's
/// number (`PID/N`), after any inherited from an outer judge, separated by spaces.
pub(crate) const TAG_VAR: &str = "MENACE_RUN_ENTRANT";

/// Passes of a sweep at most (levels of a tree, or a fork bomb's generations).
const MAX_PASSES: usize = 10_000;

/// Reads of an empty environment before it is believed (about 1 ms apart).
const ENVIRON_TRIES: usize = 30;

/// Makes this process the reaper of its descendants' orphans (once; a kernel that cannot
/// leaves them to init, and only the process groups are killed).
pub(crate) fn adopt_orphans() {
    static ADOPTING: OnceLock<bool> = OnceLock::new();
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag of this process.
    ADOPTING.get_or_init(|| unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0);
}

/// This judge's tag prefix: `PID/`.
fn prefix() -> String {
    format!("{}/", std::process::id())
}

/// The value of [`TAG_VAR`] for entrant number `seq`: what this process inherited (when
/// it is itself some judge's entrant) and its own tag.
pub(crate) fn tag_value(seq: u64) -> OsString {
    let own = format!("{}{seq}", prefix());
    match std::env::var_os(TAG_VAR) {
        Some(mut v) if !v.is_empty() => {
            v.push(" ");
            v.push(own);
            v
        }
        _ => own.into(),
    }
}

/// Which orphans a sweep ends.
pub(crate) struct Whose {
    /// Those in one of these process groups.
    groups: Vec<i32>,
    /// Those carrying this tag (`PID/N`), or, ending in `/`, any tag of this judge.
    tag: String,
}

impl Whose {
    /// Entrant `pid`'s (it leads its group), tagged with number `seq`.
    pub(crate) fn entrant(pid: u32, seq: u64) -> Whose {
        Whose { groups: vec![pid as i32], tag: format!("{}{seq}", prefix()) }
    }

    /// Any entrant's of this judge; `pids` are those not yet reaped (their groups).
    pub(crate) fn all(pids: &[u32]) -> Whose {
        Whose { groups: pids.iter().map(|&p| p as i32).collect(), tag: prefix() }
    }

    fn owns(&self, pid: u32, stat: &Stat) -> bool {
        if self.groups.contains(&stat.pgrp) {
            return true;
        }
        let tags = tags_of(pid);
        if self.tag.ends_with('/') {
            tags.iter().any(|t| t.starts_with(&self.tag))
        } else {
            tags.contains(&self.tag)
        }
    }
}

/// What the sweep reads of a process in `/proc/PID/stat`.
struct Stat {
    state: u8,
    ppid: i32,
    pgrp: i32,
}

fn stat(pid: u32) -> Option<Stat> {
    let text = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in parentheses, may hold anything: the fields follow its last `)`.
    let close = text.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&text[close + 1..]).ok()?;
    let mut fields = rest.split_ascii_whitespace();
    let state = *fields.next()?.as_bytes().first()?;
    let ppid = fields.next()?.parse().ok()?;
    let pgrp = fields.next()?.parse().ok()?;
    Some(Stat { state, ppid, pgrp })
}

/// The tags in process `pid`'s environment (as it was when it started its program).
///
/// A process in the middle of `exec` shows an empty environment for a moment (the new
/// program's is not laid out yet), so an empty or unreadable one is read again for a few
/// milliseconds before it is believed; a dead process has none.
fn tags_of(pid: u32) -> Vec<String> {
    let mut env = Vec::new();
    for _ in 0..ENVIRON_TRIES {
        env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        if !env.is_empty() || stat(pid).is_none_or(|s| s.state == b'Z') {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let key = format!("{TAG_VAR}=");
    env.split(|&b| b == 0)
        .filter_map(|var| var.strip_prefix(key.as_bytes()))
        .flat_map(|v| {
            String::from_utf8_lossy(v).split_whitespace().map(String::from).collect::<Vec<_>>()
        })
        .collect()
}

/// This process's children, whichever of its threads each belongs to.
fn children() -> Vec<u32> {
    static LISTED: OnceLock<bool> = OnceLock::new();
    let listed = *LISTED.get_or_init(|| {
        let task = std::fs::read_dir("/proc/self/task").ok().and_then(|mut t| t.next());
        task.is_some_and(|t| t.is_ok_and(|t| t.path().join("children").exists()))
    });
    let mut pids = if listed { listed_children() } else { scanned_children() };
    pids.sort_unstable();
    pids.dedup();
    pids
}

/// This process's children as each of its threads lists them.
fn listed_children() -> Vec<u32> {
    let mut pids = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return pids };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            pids.extend(text.split_ascii_whitespace().filter_map(|w| w.parse::<u32>().ok()));
        }
    }
    pids
}

/// This process's children from every process's parent, for a kernel without
/// CONFIG_PROC_CHILDREN.
fn scanned_children() -> Vec<u32> {
    let me = std::process::id() as i32;
    let Ok(procs) = std::fs::read_dir("/proc") else { return Vec::new() };
    procs
        .flatten()
        .filter_map(|p| p.file_name().to_str().and_then(|n| n.parse::<u32>().ok()))
        .filter(|&pid| stat(pid).is_some_and(|s| s.ppid == me))
        .collect()
}

/// Kills and reaps every orphan this process adopted that `whose` owns, and the orphans
/// their deaths hand on, until none is left. `skip`: entrants not yet reaped (children of
/// ours that their owners reap).
///
/// Call with the registry's lock held: a pid found among our children is then ours until
/// this sweep reaps it.
pub(crate) fn sweep(whose: &Whose, skip: &[u32]) {
    let me = std::process::id() as i32;
    for _ in 0..MAX_PASSES {
        let mut ended = Vec::new();
        for pid in children() {
            if skip.contains(&pid) {
                continue;
            }
            let Some(stat) = stat(pid) else { continue };
            if stat.ppid != me || !whose.owns(pid, &stat) {
                continue;
            }
            if stat.state != b'Z' {
                // SAFETY: kill only sends a signal, to our own unreaped child (and to the
                // group it leads, whose id is its pid and so cannot be another's either).
                unsafe {
                    if stat.pgrp == pid as i32 {
                        libc::killpg(pid as libc::pid_t, libc::SIGKILL);
                    }
                    libc::kill(pid as libc::pid_t, libc::SIGKILL);
                }
            }
            ended.push(pid);
        }
        if ended.is_empty() {
            return;
        }
        for pid in ended {
            reap(pid);
        }
    }
}

/// Waits for our child `pid` (killed, or dead already) and reaps it.
fn reap(pid: u32) {
    let mut status = 0;
    // SAFETY: waitpid only writes `status`; `pid` is our own child.
    while unsafe { libc::waitpid(pid as libc::pid_t, &mut status, 0) } < 0 {
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    #[test]
    fn both_ways_of_listing_children_find_a_child_and_read_its_stat() {
        let mut child = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let pid = child.id();
        let (listed, scanned) = (listed_children(), scanned_children());
        let st = stat(pid).unwrap();
        let _ = child.kill();
        let _ = child.wait();
        assert!(listed.contains(&pid), "{listed:?}");
        assert!(scanned.contains(&pid), "{scanned:?}");
        assert_eq!(st.ppid, std::process::id() as i32);
        assert_eq!(st.pgrp, stat(std::process::id()).unwrap().pgrp);
        assert_ne!(st.state, b'Z');
    }

    #[test]
    fn tags_are_read_from_the_environment_and_an_entrant_owns_only_its_own() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .env(TAG_VAR, "1/2 77/5 88/9")
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = child.id();
        let (tags, st) = (tags_of(pid), stat(pid).unwrap());
        let whose = |tag: &str| Whose { groups: vec![], tag: tag.into() };
        let owned = [whose("77/5").owns(pid, &st), whose("77/").owns(pid, &st)];
        let not_owned = [whose("77/50").owns(pid, &st), whose("7/").owns(pid, &st)];
        let by_group = Whose { groups: vec![pid as i32], tag: "0/0".into() }.owns(pid, &st);
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(tags, ["1/2", "77/5", "88/9"]);
        assert_eq!(owned, [true, true]);
        assert_eq!(not_owned, [false, false]);
        assert!(by_group);
    }
}
