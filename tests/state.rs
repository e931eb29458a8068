//! The `--state` flag end to end: learning carried across runs of the binary, and saved
//! when a signal or `quit` ends it. (The state file's own rules are tested in
//! `crates/core/tests/state.rs`, the protocol's `load`/`save` in
//! `crates/protocol/tests/state.rs`.)

mod common;

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
}

mod ending {
    //! `--state` saves however the session ends: end of input, `quit`, SIGINT, SIGTERM;
    //! and refuses bead flags that disagree with the file.
    use std::ffi::OsStr;
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};

    fn games_played(path: &std::path::Path) -> u64 {
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        v["games_played"].as_u64().unwrap()
    }

    /// Starts `menace --state PATH`, sends `lines`, waits for an answer starting with
    /// `wait_for`, then sends `signal`: the exit status and the answers read.
    fn signalled(
        path: &std::path::Path,
        lines: &str,
        wait_for: &str,
        signal: i32,
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
        let status = child.wait().unwrap();
        // The stdin pipe stays open until here: the signal, not end of input, ended it.
        drop(stdin);
        for line in out.lines() {
            seen.push(line.unwrap());
        }
        (std::os::unix::process::ExitStatusExt::signal(&status).or(status.code()), seen)
    }

    #[test]
    fn sigterm_saves_the_state() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let (code, _) = signalled(&path, "train 300\n", r#"{"type":"trained""#, libc::SIGTERM);
        assert_eq!(code, Some(128 + libc::SIGTERM));
        assert_eq!(games_played(&path), 300);
    }

    #[test]
    fn sigint_stops_a_long_train_and_saves_what_it_learned() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let (code, seen) =
            signalled(&path, "train 100000000\n", r#"{"type":"progress""#, libc::SIGINT);
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
