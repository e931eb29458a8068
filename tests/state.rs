//! Saved state: round trips, and every kind of bad file refused with nothing changed.

use menace::game::Side;
use menace::learn::train::{train, Opponent, OpponentSpec, Plan};
use menace::menace::state::State;
use menace::menace::{BeadRules, Matchboxes};
use menace::protocol::{Answer, Session, Stop};
use menace::rng::from_seed;
use menace::ttt::TicTacToe;

mod common;

fn trained(games: u64) -> Matchboxes<TicTacToe> {
    let rules = BeadRules::michie();
    let mut m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
    let mut opp =
        Opponent::built_in(&OpponentSpec::Random, &TicTacToe, Side::Second, &rules).unwrap();
    let plan = Plan { games, every: 0, check_every: 0, stop_when_unbeatable: false };
    train(&TicTacToe, &mut m, Side::First, &mut opp, &plan, &mut from_seed(9), |_| {});
    m
}

#[test]
fn a_trained_machine_survives_a_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.json");
    let m = trained(500);
    State::of(&m, 500).save(&path).unwrap();
    let (back, played) = State::load(&path).unwrap();
    assert_eq!(played, 500);
    assert_eq!(back.rules(), m.rules());
    for b in 0..m.len() {
        assert_eq!(back.position(b), m.position(b));
        assert_eq!(back.beads(b), m.beads(b), "box {b}");
    }
    // The document has the matchboxes answer's shape.
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(v["format"], "menace-state");
    assert_eq!(v["version"], 1);
    assert_eq!(v["boxes"].as_array().unwrap().len(), 304);
    assert_eq!(v["boxes"][0]["position"], ".........");
}

/// Edits a saved document and returns the error loading it gives.
fn load_error(edit: impl Fn(&mut serde_json::Value)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    let mut v = serde_json::to_value(State::of(&trained(50), 50)).unwrap();
    edit(&mut v);
    std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    State::load(&path).map(|_| ()).expect_err("the file must be refused")
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    use serde_json::json;
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("version 2 is not supported", Box::new(|v| v["version"] = json!(2))),
        ("not a menace state file", Box::new(|v| v["format"] = json!("other"))),
        ("for game", Box::new(|v| v["game"] = json!("chess"))),
        (
            "expected 304 boxes",
            Box::new(|v| {
                v["boxes"].as_array_mut().unwrap().pop();
            }),
        ),
        ("appears twice", Box::new(|v| v["boxes"][1] = v["boxes"][2].clone())),
        (
            "not one of MENACE's box drawings",
            Box::new(|v| v["boxes"][5]["position"] = json!("XXXXXXXXX")),
        ),
        ("is not 9 characters", Box::new(|v| v["boxes"][5]["position"] = json!("X.."))),
        ("not legal there", Box::new(|v| v["boxes"][1]["beads"][0] = json!(5))),
        (
            "expected 9 bead counts",
            Box::new(|v| {
                v["boxes"][3]["beads"].as_array_mut().unwrap().pop();
            }),
        ),
        ("invalid value", Box::new(|v| v["boxes"][3]["beads"][8] = json!(-1))),
        ("rules", Box::new(|v| v["rules"]["initial"] = json!([]))),
        ("unknown field", Box::new(|v| v["extra"] = json!(1))),
    ];
    for (fragment, edit) in cases {
        let err = load_error(edit);
        assert!(err.contains(fragment), "want {fragment:?} in {err}");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.json");
    std::fs::write(&path, b"{ not json").unwrap();
    assert!(State::load(&path).unwrap_err().contains("not a valid state file"));
}

fn dump(session: &Session) -> String {
    session.dump().expect("matchboxes").to_json()
}

#[test]
fn a_bad_load_in_the_protocol_leaves_the_session_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, b"{\"format\":\"menace-state\"}").unwrap();
    let mut session = Session::new(BeadRules::challenge(), 3);
    let mut out = Vec::new();
    session.handle_line("train 300", &mut out, &Stop::new());
    let before = (dump(&session), session.status().to_json());
    out.clear();
    session.handle_line(&format!("load {}", bad.display()), &mut out, &Stop::new());
    assert_eq!(out.len(), 1);
    assert!(matches!(&out[0], Answer::Error { .. }), "{out:?}");
    assert_eq!((dump(&session), session.status().to_json()), before);

    // And a good save/load round trip through the protocol.
    let good = dir.path().join("good.json");
    out.clear();
    session.handle_line(&format!("save {}", good.display()), &mut out, &Stop::new());
    assert!(matches!(&out[0], Answer::Saved { games_played: 300, .. }), "{out:?}");
    let mut other = Session::new(BeadRules::scroggs(), 4);
    out.clear();
    other.handle_line(&format!("load {}", good.display()), &mut out, &Stop::new());
    assert!(
        matches!(&out[0], Answer::Loaded { games_played: 300, preset: "challenge", .. }),
        "{out:?}"
    );
    assert_eq!(dump(&other), dump(&session));
}

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

mod fuzz {
    //! The state loader is a parser of files a user may have edited by hand: no input
    //! makes it panic, and whatever it accepts is a machine that plays and learns.
    use super::*;
    use menace::learn::{play, Random};
    use menace::menace::GameResult;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn saved() -> &'static serde_json::Value {
        static SAVED: OnceLock<serde_json::Value> = OnceLock::new();
        SAVED.get_or_init(|| serde_json::to_value(State::of(&trained(50), 50)).unwrap())
    }

    fn load(bytes: &[u8]) -> Result<(Matchboxes<TicTacToe>, u64), String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, bytes).unwrap();
        State::load(&path)
    }

    /// Bead counts: ordinary, zero, the largest a file may hold, and refused ones.
    fn count() -> impl Strategy<Value = i64> {
        prop_oneof![
            8 => 0i64..12,
            2 => Just(i64::from(u32::MAX)),
            1 => Just(i64::from(u32::MAX) + 1),
            1 => Just(-3),
        ]
    }

    /// Rewards: ordinary, the extremes allowed, and one too large.
    fn reward() -> impl Strategy<Value = i64> {
        prop_oneof![8 => -4i64..5, 2 => Just(1_000_000), 2 => Just(-1_000_000), 1 => Just(1_000_001)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn arbitrary_bytes_are_refused_without_panicking(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            prop_assert!(load(&bytes).is_err());
        }

        #[test]
        fn a_damaged_file_is_refused_without_panicking(at in any::<prop::sample::Index>(), byte in any::<u8>()) {
            let mut text = serde_json::to_vec(saved()).unwrap();
            let i = at.index(text.len());
            text[i] = byte;
            let _ = load(&text);
            text.truncate(i);
            prop_assert!(load(&text).is_err(), "a truncated file loads");
        }

        #[test]
        fn an_edited_file_that_loads_plays_and_learns(
            edits in prop::collection::vec((0usize..304, any::<prop::sample::Index>(), count()), 1..6),
            rewards in (reward(), reward(), reward()),
            seed in any::<u64>(),
        ) {
            let mut v = saved().clone();
            for (b, at, n) in edits {
                // Mostly a cell that is empty on the drawing, where beads may lie.
                let position = v["boxes"][b]["position"].as_str().unwrap().to_string();
                let empty: Vec<usize> = position.match_indices('.').map(|(i, _)| i).collect();
                let cell = if n == 11 { at.index(9) } else { empty[at.index(empty.len())] };
                v["boxes"][b]["beads"][cell] = n.into();
            }
            v["rules"]["win"] = rewards.0.into();
            v["rules"]["draw"] = rewards.1.into();
            v["rules"]["loss"] = rewards.2.into();
            if let Ok((mut m, _)) = load(&serde_json::to_vec(&v).unwrap()) {
                // The hot loop and the generic loop both run on it, and agree.
                let mut generic = m.clone();
                let mut rng = from_seed(seed);
                let hot = m.train_against_random(300, &mut from_seed(seed));
                let mut tally = menace::learn::train::Tally::default();
                for _ in 0..300 {
                    let outcome = play(&TicTacToe, &mut generic, &mut Random::default(), &mut rng);
                    tally.add(GameResult::for_side(outcome, Side::First));
                }
                prop_assert_eq!(hot, tally);
                for b in 0..m.len() {
                    prop_assert_eq!(m.beads(b), generic.beads(b));
                }
            }
        }
    }
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

#[test]
fn load_refuses_a_fifo_and_a_device_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut session = Session::new(BeadRules::challenge(), 3);
    let before = session.observe();
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let mut out = Vec::new();
        session.handle_line(&format!("load {path}"), &mut out, &Stop::new());
        assert_eq!(out.len(), 1);
        let Answer::Error { message } = &out[0] else { panic!("{out:?}") };
        assert!(message.contains("not a regular file"), "{message}");
    }
    assert_eq!(session.observe(), before);
}
