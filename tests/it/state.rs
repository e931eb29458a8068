//! The `--state` flag end to end: learning carried across runs of the binary, and saved
//! when a signal or `quit` ends it, with input still open or already ended. (The state file's own rules are tested in
//! `crates/core/tests/it/state.rs`, the protocol's `load`/`save` in
//! `crates/protocol/tests/it/state.rs`.)

use crate::common;

#[test]
fn the_state_flag_carries_learning_across_runs() {
    use std::ffi::OsStr;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let run = |input: &str| {
        let out =
            common::menace(&[OsStr::new("--state"), path.as_os_str()], None, input.as_bytes());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    run("train 200\n");
    let second = run("status\n");
    assert!(second.contains("\"games_played\":200"), "{second}");
    let args = ["train", "--games", "100", "--check-every", "0", "--state"].map(OsStr::new);
    let cli = common::menace(&[&args[..], &[path.as_os_str()]].concat(), None, b"");
    assert!(cli.status.success(), "{}", String::from_utf8_lossy(&cli.stderr));
    assert!(run("status\n").contains("\"games_played\":300"));
    // The story counts every game, the engine's and `menace train`'s.
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let score = &v["story"]["score"];
    let games: u64 = ["win", "draw", "loss"].iter().map(|k| score[k].as_u64().unwrap()).sum();
    assert_eq!(games, 300, "{score}");
}

#[test]
fn a_second_side_state_carries_across_runs_and_is_refused_to_the_first_side() {
    use std::ffi::OsStr;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("o.json");
    let state = [OsStr::new("--state"), path.as_os_str()];
    let o = |input: &str| {
        let args = [&[OsStr::new("--side"), OsStr::new("second")], &state[..]].concat();
        common::menace(&args, None, input.as_bytes())
    };
    assert!(o("train 50 perfect\n").status.success());
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!((v["side"].as_str(), v["boxes"].as_array().unwrap().len()), (Some("second"), 289));
    let again = String::from_utf8(o("status\n").stdout).unwrap();
    assert!(again.contains("\"side\":\"second\",") && again.contains("\"games_played\":50"));
    // A --side that contradicts the file is refused, and the file left alone.
    let before = std::fs::read(&path).unwrap();
    let first = [&[OsStr::new("--side"), OsStr::new("first")], &state[..]].concat();
    let x = common::menace(&first, None, b"train 10\n");
    assert_eq!(x.status.code(), Some(2));
    let e = String::from_utf8(x.stderr).unwrap();
    assert!(
        e.ends_with("this state is MENACE playing second (O); start with --side second\n"),
        "{e}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // `menace train --state` refuses --side first the same way; without --side, or with
    // --side second, it goes on as the file's side.
    let train = |side: &[&str]| {
        let args = [&["train", "--games", "20", "--check-every", "0"][..], side]
            .concat()
            .into_iter()
            .map(OsStr::new)
            .chain(state.iter().copied())
            .collect::<Vec<_>>();
        common::menace(&args, None, b"")
    };
    let refused = String::from_utf8(train(&["--side", "first"]).stderr).unwrap();
    assert!(refused.contains("start with --side second"), "{refused}");
    assert!(train(&[]).status.success());
    assert!(train(&["--side", "second"]).status.success());
    assert!(String::from_utf8(o("status\n").stdout).unwrap().contains("\"games_played\":90"));
}

mod ending {
    //! `--state` saves however the session ends: end of input, `quit`, SIGINT, SIGTERM;
    //! and refuses bead flags that disagree with the file.
    use std::ffi::OsStr;
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    fn games_played(path: &std::path::Path) -> u64 {
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        v["games_played"].as_u64().unwrap()
    }

    /// Starts `menace --state PATH`, sends `lines` (then closes its input when
    /// `close_input`), waits for an answer starting with `wait_for`, then sends `signal`
    /// and waits (20 s at most) for the engine to end: the exit status and the answers.
    fn signalled(
        path: &std::path::Path,
        lines: &str,
        wait_for: &str,
        signal: i32,
        close_input: bool,
    ) -> (Option<i32>, Vec<String>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
            .arg("--state")
            .arg(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(lines.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let stdin = if close_input {
            drop(stdin);
            None
        } else {
            Some(stdin)
        };
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut seen = Vec::new();
        loop {
            let mut line = String::new();
            assert!(out.read_line(&mut line).unwrap() > 0, "no {wait_for:?} in {seen:?}");
            let done = line.starts_with(wait_for);
            seen.push(line);
            if done {
                break;
            }
        }
        // SAFETY: kill only sends a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
        let sent = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if sent.elapsed() > Duration::from_secs(20) {
                child.kill().unwrap();
                panic!("still running 20 s after signal {signal} (input closed: {close_input})");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        // An open stdin pipe stays open until here: the signal, not end of input, ended it.
        drop(stdin);
        for line in out.lines() {
            seen.push(line.unwrap());
        }
        (std::os::unix::process::ExitStatusExt::signal(&status).or(status.code()), seen)
    }

    /// The command of a batch job killed by its scheduler: 100 million games against the
    /// exploiter, about two hours.
    const LONG: &str = "train 100000000 exploiter\n";

    /// `signal` ends [`LONG`] at once, whether input is still open or has already ended
    /// (`printf 'train ...' | menace --state s.json`): exit code 128 + signal, a stopped
    /// `trained` answer, and the games it played saved.
    fn long_train_stopped_by(signal: i32, close_input: bool) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let progress = r#"{"type":"progress","command":"train","games":10000,"#;
        let (code, seen) = signalled(&path, LONG, progress, signal, close_input);
        assert_eq!(code, Some(128 + signal), "{seen:?}");
        let last = seen.last().expect("a trained answer");
        let trained: serde_json::Value = serde_json::from_str(last).unwrap();
        assert_eq!(trained["type"], "trained", "{last}");
        assert_eq!(trained["stopped"], true, "{last}");
        let games = trained["games"].as_u64().unwrap();
        assert!((10_000..100_000_000).contains(&games), "{games}");
        assert_eq!(games_played(&path), games);
    }

    #[test]
    fn sigterm_after_end_of_input_stops_and_saves() {
        long_train_stopped_by(libc::SIGTERM, true);
    }

    #[test]
    fn sigint_after_end_of_input_stops_and_saves() {
        long_train_stopped_by(libc::SIGINT, true);
    }

    #[test]
    fn sigterm_with_input_open_stops_and_saves() {
        long_train_stopped_by(libc::SIGTERM, false);
    }

    #[test]
    fn sigint_with_input_open_stops_and_saves() {
        long_train_stopped_by(libc::SIGINT, false);
    }

    #[test]
    fn sigterm_saves_the_state() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let (code, _) =
            signalled(&path, "train 300\n", r#"{"type":"trained""#, libc::SIGTERM, false);
        assert_eq!(code, Some(128 + libc::SIGTERM));
        assert_eq!(games_played(&path), 300);
    }

    /// SIGTERM the moment the engine first answers, twenty times over: it always stops
    /// cleanly (143) and writes its state, whichever state loaded at start.
    #[test]
    fn sigterm_as_soon_as_it_answers_always_saves() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        for i in 0..20 {
            let (code, _) =
                signalled(&path, "status\n", r#"{"type":"status""#, libc::SIGTERM, false);
            assert_eq!(code, Some(128 + libc::SIGTERM), "start {i}");
            assert_eq!(games_played(&path), 0, "start {i}");
        }
    }

    #[test]
    fn sigint_stops_a_long_train_and_saves_what_it_learned() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let (code, seen) =
            signalled(&path, "train 100000000\n", r#"{"type":"progress""#, libc::SIGINT, false);
        assert_eq!(code, Some(128 + libc::SIGINT), "{seen:?}");
        let played = games_played(&path);
        assert!((1_000_000..100_000_000).contains(&played), "{played}");
    }

    #[test]
    fn quit_saves_and_conflicting_bead_flags_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let state = [OsStr::new("--state"), path.as_os_str()];
        let out = super::common::menace(&state, None, b"train 50\nquit\nstatus\n");
        assert!(out.status.success());
        assert_eq!(games_played(&path), 50);
        let flags = [&state[..], &[OsStr::new("--preset"), OsStr::new("michie")]].concat();
        let refused = super::common::menace(&flags, None, b"status\n");
        assert_eq!(refused.status.code(), Some(2));
        assert!(refused.stdout.is_empty());
        let err = String::from_utf8_lossy(&refused.stderr);
        assert!(err.contains("other bead rules"), "{err}");
        // The same rules as the file's are no conflict.
        let same = [&state[..], &[OsStr::new("--preset"), OsStr::new("challenge")]].concat();
        assert!(super::common::menace(&same, None, b"status\n").status.success());
    }
}

/// A saved MENACE that plays second is read as playing second everywhere (`eval --state`,
/// the engine's `--state`, `train --state`) without `--side`; only a `--side` that
/// contradicts the file is refused.
#[test]
fn a_state_file_plays_its_own_side_without_side() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("o.json");
    let menace = env!("CARGO_BIN_EXE_menace");
    let run = |args: &[&str], input: &str| {
        let mut child = std::process::Command::new(menace)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    let o_path = o.to_str().unwrap();
    let made = run(&["--side", "second", "--state", o_path], "train 50 random\n");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let eval = run(&["eval", "--state", o_path], "");
    assert!(eval.status.success(), "{}", String::from_utf8_lossy(&eval.stderr));
    let report: serde_json::Value = serde_json::from_slice(&eval.stdout).unwrap();
    assert!(report.is_object(), "{report}");
    let engine = run(&["--state", o_path], "status\n");
    assert!(engine.status.success(), "{}", String::from_utf8_lossy(&engine.stderr));
    let status: serde_json::Value =
        serde_json::from_slice(engine.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!((&status["side"], &status["games_played"]), (&"second".into(), &50.into()));
    let train = run(&["train", "--games", "10", "--state", o_path], "");
    assert!(train.status.success(), "{}", String::from_utf8_lossy(&train.stderr));
    // A flag that contradicts the file is refused, saying so.
    let refused = run(&["eval", "--state", o_path, "--side", "first"], "");
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("this state is MENACE playing second"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
}

/// Nim's and Hexapawn's MENACE carry across runs with `--state` too, and `eval --state`
/// reads their files (each file names its game, and Nim's its rows); a file of another
/// game is refused, and left as it is.
#[test]
fn nim_and_hexapawn_states_carry_across_runs_and_evaluate() {
    let dir = tempfile::tempdir().unwrap();
    let menace = env!("CARGO_BIN_EXE_menace");
    let run = |args: &[&str], input: &str| {
        let mut child = std::process::Command::new(menace)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    for (game, rows) in [("nim", "2,3"), ("hexapawn", "")] {
        let path = dir.path().join(format!("{game}.json"));
        let file = path.to_str().unwrap();
        let mut args = vec!["--game", game, "--state", file];
        if !rows.is_empty() {
            args.extend(["--rows", rows]);
        }
        let made = run(&args, "train 300\n");
        assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
        let again = run(&args, "history 1\nstatus\n");
        let lines: Vec<serde_json::Value> = String::from_utf8(again.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let score = &lines[0]["score"];
        let games: u64 = ["win", "draw", "loss"].iter().map(|k| score[k].as_u64().unwrap()).sum();
        assert_eq!((games, &lines[1]["games_played"]), (300, &300.into()), "{game}");
        let eval = run(&["eval", "--state", file], "");
        assert!(eval.status.success(), "{game}: {}", String::from_utf8_lossy(&eval.stderr));
        let report: serde_json::Value = serde_json::from_slice(&eval.stdout).unwrap();
        assert!(report["exploitability"].is_number(), "{report}");
        // Another game's session refuses the file and leaves it alone.
        let before = std::fs::read(&path).unwrap();
        let other = run(&["--state", file], "status\n");
        assert_eq!(other.status.code(), Some(2), "{game}");
        assert!(String::from_utf8_lossy(&other.stderr).contains("state is for game"), "{game}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }
}
