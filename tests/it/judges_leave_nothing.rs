//! The judges leave nothing running (issue 58): a `menace pd` entrant's answer printed
//! before it exited counts whatever its children do, and they are gone after its turn; a
//! judge stopped by a signal mid-round (`menace pd`) or mid-game (`menace go match`) ends
//! its running entrants and everything they started, even in a session of their own,
//! before it ends by that signal. Each sleeper is marked by a length of its own (see
//! `leftovers`).

#![cfg(target_os = "linux")]

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use menace_testkit::leftovers::{appears, assert_all_gone, assert_gone, unique};

/// Writes an executable shell script `name` into `dir`.
fn script(dir: &Path, name: &str, body: &str) {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn an_entrants_answer_counts_though_its_child_holds_the_output_open() {
    // The command, with a deadline no round should reach.
    let dir = tempfile::tempdir().unwrap();
    let long = unique(308);
    script(dir.path(), "f.sh", &format!("sleep {long} &\necho 1\n"));
    let args = ["pd", "greedy", "lazy", "./f.sh", "--order", "1,2,3", "--rounds", "2"];
    let started = Instant::now();
    let out = common::menace(
        &[&args[..], &["--timeout", "30", "--out", "o"]].concat(),
        Some(dir.path()),
        b"",
    );
    let took = started.elapsed();
    assert_gone(&long, "the entrant's backgrounded child");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let read = |f: &str| std::fs::read_to_string(dir.path().join("o").join(f)).unwrap();
    let takes = read("takes.txt");
    assert_eq!(takes.lines().filter(|l| l.contains("(3, 1)")).count(), 2, "{takes}");
    assert_eq!(read("incidents.txt"), "");
    // Liveness, not speed: no round waited out its 30 s deadline for the pipe.
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

/// Starts `menace ARGS` in `dir`, its output thrown away. The signals the tests send
/// start at their default action in the judge, whatever this test process was started
/// with: a judge started ignoring SIGINT (a background job of a script, `nohup`) rightly
/// keeps ignoring it, and a CI run started as a background job failed here that way.
fn judge(dir: &Path, args: &[&str]) -> Child {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(env!("CARGO_BIN_EXE_menace"));
    command.args(args).current_dir(dir).stdin(Stdio::null()).stdout(Stdio::null());
    // SAFETY: signal() is async-signal-safe, as pre_exec requires.
    unsafe {
        command.pre_exec(|| {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(signal, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    command.stderr(Stdio::null()).spawn().unwrap()
}

/// Sends `signal` to the judge and waits (20 s at most) for it to end; the signal that
/// ended it.
fn stop(mut judge: Child, signal: i32) -> Option<i32> {
    // SAFETY: kill only sends a signal, to the judge this test started.
    assert_eq!(unsafe { libc::kill(judge.id() as i32, signal) }, 0);
    let sent = Instant::now();
    loop {
        if let Some(status) = judge.try_wait().unwrap() {
            return status.signal();
        }
        if sent.elapsed() > Duration::from_secs(20) {
            let _ = judge.kill();
            panic!("the judge still runs 20 s after signal {signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_pd_judge_stopped_by_sigterm_mid_round_leaves_no_entrant_or_descendant() {
    let dir = tempfile::tempdir().unwrap();
    // The entrant starts a child, a child in a session of its own, and then sleeps on
    // itself, far past the point where the judge is stopped.
    let (child, own, itself) = (unique(308), unique(309), unique(310));
    let body = format!("sleep {child} &\nsetsid sleep {own} &\nexec sleep {itself}\n");
    script(dir.path(), "slow.sh", &body);
    let args = ["pd", "greedy", "./slow.sh", "--order", "1,2", "--rounds", "3"];
    let running = judge(dir.path(), &[&args[..], &["--timeout", "600", "--out", "o"]].concat());
    let started = appears(&child) && appears(&own) && appears(&itself);
    let signal = stop(running, libc::SIGTERM);
    assert_all_gone(&[
        (&child, "the entrant's child"),
        (&own, "the entrant's setsid child"),
        (&itself, "the entrant"),
    ]);
    assert!(started, "the entrant never started its sleepers");
    assert_eq!(signal, Some(libc::SIGTERM), "the judge ends by the signal it was sent");
}

#[test]
fn a_go_match_stopped_by_sigint_mid_game_leaves_no_engine_or_descendant() {
    let dir = tempfile::tempdir().unwrap();
    // Each engine starts a helper in a session of its own and answers every command;
    // asked for a move, the first turns into a sleeper that never answers.
    let engine = |helper: &str, thinking: &str| {
        format!(
            "setsid sleep {helper} &\nwhile read -r c; do case \"$c\" in genmove*) exec sleep \
             {thinking};; *) printf '= \\n\\n';; esac; done\n"
        )
    };
    let (helper_a, helper_b, thinking) = (unique(308), unique(309), unique(310));
    let thinking_b = unique(311);
    script(dir.path(), "a.sh", &engine(&helper_a, &thinking));
    script(dir.path(), "b.sh", &engine(&helper_b, &thinking_b));
    let args = ["go", "match", "--a", "./a.sh", "--b", "./b.sh", "--size", "9", "--games", "1"];
    let running = judge(dir.path(), &[&args[..], &["--out", "o"]].concat());
    let started = appears(&thinking) && appears(&helper_a) && appears(&helper_b);
    let signal = stop(running, libc::SIGINT);
    assert_all_gone(&[
        (&helper_a, "the first engine's setsid helper"),
        (&helper_b, "the second engine's setsid helper"),
        (&thinking, "the first engine"),
        (&thinking_b, "the second engine"),
    ]);
    assert!(started, "the engines never started");
    assert_eq!(signal, Some(libc::SIGINT), "the judge ends by the signal it was sent");
}
