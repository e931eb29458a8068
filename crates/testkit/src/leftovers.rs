//! Whether a program's descendants are still running, found by a marker in their command
//! line: the tests start `sleep 308.<unique digits>` (a length no other process has) and
//! ask whether any process still runs it (the runner's, the judges' and the binary's tests).

use std::sync::atomic::{AtomicU32, Ordering};

/// A sleep length of `whole` seconds no other test uses: `whole.PIDN` (this process's pid
/// and a counter), so its command line marks the processes a test started.
pub fn unique(whole: u32) -> String {
    static N: AtomicU32 = AtomicU32::new(1);
    format!("{whole}.{}{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed))
}

/// The pids of the live processes (not zombies) whose command line is `sleep LENGTH`
/// (the program may be named by a path).
pub fn sleeping(length: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else { continue };
        let words: Vec<&[u8]> = cmdline.split(|&b| b == 0).filter(|w| !w.is_empty()).collect();
        let is_sleep = words.len() == 2
            && words[0].rsplit(|&b| b == b'/').next() == Some(b"sleep".as_slice())
            && words[1] == length.as_bytes();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let zombie = stat.rsplit(')').next().is_some_and(|r| r.trim_start().starts_with('Z'));
        if is_sleep && !zombie {
            found.push(pid);
        }
    }
    found
}

/// Waits up to 10 s for a process to be running `sleep LENGTH`; whether one came.
pub fn appears(length: &str) -> bool {
    (0..500).any(|_| {
        let there = !sleeping(length).is_empty();
        if !there {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        there
    })
}

/// Kills what a failed test left running, so a failure does not leave sleepers behind.
pub fn clean_up(length: &str) {
    let pids: Vec<String> = sleeping(length).iter().map(u32::to_string).collect();
    if !pids.is_empty() {
        let _ = std::process::Command::new("kill").arg("-KILL").args(&pids).status();
    }
}

/// Asserts nothing runs `sleep LENGTH` (now: the guarantee is that it is gone when the
/// turn ends, not some time later), cleaning up first if something does.
pub fn assert_gone(length: &str, what: &str) {
    assert_all_gone(&[(length, what)]);
}

/// [`assert_gone`] for each `(length, what)`: every one is looked at and cleaned up
/// before the first left running fails the test.
pub fn assert_all_gone(sleepers: &[(&str, &str)]) {
    let left: Vec<String> = sleepers
        .iter()
        .filter_map(|&(length, what)| {
            let pids = sleeping(length);
            clean_up(length);
            (!pids.is_empty())
                .then(|| format!("{what}: `sleep {length}` still running as {pids:?}"))
        })
        .collect();
    assert!(left.is_empty(), "{}", left.join("; "));
}
