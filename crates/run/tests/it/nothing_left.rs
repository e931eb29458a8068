//! A program leaves nothing behind: what it printed before exiting is its answer whatever
//! its children do, and when its run or session ends every process it started is gone,
//! including those that left its process group or session, and nothing else is touched.
//! Each sleeper is marked by a length of its own (see `leftovers`).

#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use menace_run::{run_once, Limits, Program, Session};

use menace_testkit::leftovers::{
    appears, assert_all_gone, assert_gone, clean_up, sleeping, unique,
};

fn sh(script: &str) -> Program {
    Program::new(["sh", "-c", script])
}

/// A deadline no run here should reach, except the ones meant to be killed.
fn unhurried() -> Limits {
    Limits { deadline: Duration::from_secs(20), ..Limits::default() }
}

#[test]
fn an_answer_printed_before_exiting_counts_though_a_child_holds_the_output_open() {
    // The f.sh: the backgrounded sleep keeps the output pipe open; reading to its
    // end would wait out the deadline and lose the answer.
    let long = unique(308);
    let asked = Instant::now();
    let run = run_once(&sh(&format!("sleep {long} & echo 1")), b"", unhurried());
    let took = asked.elapsed();
    assert_gone(&long, "the backgrounded child");
    assert!(run.succeeded(), "{run:?}");
    assert_eq!(run.stdout, b"1\n", "{run:?}");
    assert_eq!(run.incident(), None);
    // Liveness, not speed: the run did not wait for the pipe until its deadline.
    assert!(took < unhurried().deadline, "took {took:?}");
}

#[test]
fn a_setsid_child_is_gone_when_the_turn_ends() {
    // Exited in time, leaving a child in a session of its own.
    let long = unique(309);
    let run = run_once(&sh(&format!("setsid sleep {long} & echo 2")), b"", unhurried());
    assert_gone(&long, "a setsid child of a program that exited");
    assert_eq!(run.stdout, b"2\n", "{run:?}");
    assert!(run.succeeded(), "{run:?}");

    // Killed at its deadline, its setsid child with it.
    let long = unique(309);
    let limits = Limits { deadline: Duration::from_millis(500), ..Limits::default() };
    let script = format!("setsid sleep {long} & echo 3; exec sleep 30");
    let run = run_once(&sh(&script), b"", limits);
    assert_gone(&long, "a setsid child of a program killed at its deadline");
    assert!(run.timed_out, "{run:?}");
    assert_eq!(run.stdout, b"3\n", "{run:?}");
}

#[test]
fn a_whole_tree_of_orphans_is_ended_level_by_level() {
    // A subshell that exits at once (its child an orphan from the start) starts a setsid
    // shell whose own child is in yet another group: three levels to hand on and end.
    let (a, b) = (unique(309), unique(309));
    let script = format!(
        "(setsid sh -c 'sleep {a} & sh -c \"set -m; sleep {b} & wait\" & wait' &); \
         sleep 0.2; echo 4"
    );
    let run = run_once(&sh(&script), b"", unhurried());
    assert_all_gone(&[(&a, "a setsid shell's child"), (&b, "a grandchild in a group of its own")]);
    assert_eq!(run.stdout, b"4\n", "{run:?}");
}

#[test]
fn a_gtp_engine_session_leaves_nothing_after_it_is_dropped_or_finished() {
    // A GTP engine that starts a setsid helper, then answers every command.
    let engine = |long: &str| {
        sh(&format!("setsid sleep {long} & while read -r cmd; do printf '= \\n\\n'; done"))
    };
    for finish in [false, true] {
        let long = unique(309);
        let mut s = Session::spawn(&engine(&long), 1000, false).unwrap();
        s.send("name\n").unwrap();
        assert_eq!(s.read_line(Duration::from_secs(20)).unwrap(), "= ");
        assert!(appears(&long), "the helper never started");
        if finish {
            s.send("quit\n").unwrap();
            s.finish(Duration::from_millis(100));
        } else {
            drop(s);
        }
        assert_gone(&long, if finish { "finished" } else { "dropped" });
    }
}

#[test]
fn another_entrants_orphans_and_processes_started_otherwise_are_left_alone() {
    // A program that is still running, whose setsid grandchild is already an orphan.
    let theirs = unique(307);
    let script = format!("(setsid sleep {theirs} &); while read -r x; do echo \"$x\"; done");
    let mut running = Session::spawn(&sh(&script), 100, false).unwrap();
    // A process this test starts itself, with an orphan of its own.
    let mine = unique(307);
    let mut own = std::process::Command::new("sh")
        .args(["-c", &format!("(setsid sleep {mine} &); exec sleep 30")])
        .spawn()
        .unwrap();
    assert!(appears(&theirs) && appears(&mine), "the sleepers never started");

    // Another program's turn starts and ends (leaving a setsid child, so it sweeps).
    let long = unique(309);
    let run = run_once(&sh(&format!("setsid sleep {long} & echo 5")), b"", unhurried());
    assert_eq!(run.stdout, b"5\n", "{run:?}");
    assert_gone(&long, "the ended program's child");
    let (left_theirs, left_mine) = (sleeping(&theirs), sleeping(&mine));
    let own_runs = own.try_wait().unwrap().is_none();
    running.send("still here\n").unwrap();
    let answer = running.read_line(Duration::from_secs(20));
    let _ = own.kill();
    let _ = own.wait();
    clean_up(&mine);
    drop(running);
    assert_gone(&theirs, "the running program's orphan, once it ended");
    assert!(!left_theirs.is_empty(), "a running program's orphan was killed by another's end");
    assert!(!left_mine.is_empty() && own_runs, "a process started otherwise was killed");
    assert_eq!(answer.as_deref(), Ok("still here"));
}

#[test]
fn a_daemonizing_engine_leaves_nothing_in_a_hundred_sessions() {
    // Issue 75: `menace go match` once left a double-forked, setsid entrant running. Two
    // shapes, alternating: an engine that daemonizes a helper and answers on, and the
    // classic daemon, whose started process exits at once while its setsid grandchild
    // answers over the inherited pipes (and then sleeps, holding them).
    let mut lengths = Vec::new();
    for run in 0..100 {
        let long = unique(311);
        let script = if run % 2 == 0 {
            format!(
                "(setsid sh -c 'sleep {long} & exit' &); while read -r c; do printf '= \\n\\n'; done"
            )
        } else {
            format!("exec 3<&0; (setsid sh -c 'read -r c; printf \"= \\n\\n\"; exec sleep {long}' <&3 &); exit 0")
        };
        let mut s = Session::spawn(&sh(&script), 1000, false).unwrap();
        s.send("name\n").unwrap();
        assert_eq!(s.read_line(Duration::from_secs(20)).unwrap(), "= ", "run {run}");
        assert!(appears(&long), "run {run}: the daemon never started");
        let _ = s.send("quit\n"); // the classic daemon reads no more: it may be closed
        s.finish(Duration::from_millis(100));
        lengths.push(long);
    }
    let left: Vec<u32> = lengths.iter().flat_map(|l| sleeping(l)).collect();
    let named: Vec<(&str, &str)> = lengths.iter().map(|l| (l.as_str(), "a daemon")).collect();
    assert_all_gone(&named);
    assert_eq!(left, Vec::<u32>::new(), "daemons left running after 100 sessions");
}
