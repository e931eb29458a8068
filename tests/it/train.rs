//! `menace train` from the outside: determinism, every opponent, external programs that
//! behave and that misbehave, curves and the stop-when-unbeatable rule.

use std::process::Output;

use crate::common;

fn menace(args: &[&str]) -> Output {
    common::menace(args, None, b"")
}

fn summary(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    v["summary"].clone()
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_another() {
    let args = ["train", "--games", "400", "--opponent", "mixed:0.3", "--json", "--every", "100"];
    let a = menace(&[&args[..], &["--seed", "5"]].concat());
    let b = menace(&[&args[..], &["--seed", "5"]].concat());
    let c = menace(&[&args[..], &["--seed", "6"]].concat());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    let s = summary(&a);
    let t = &s["tally"];
    assert_eq!(
        t["win"].as_u64().unwrap() + t["draw"].as_u64().unwrap() + t["loss"].as_u64().unwrap(),
        400
    );
    assert_eq!(s["curve"].as_array().unwrap().len(), 4);
}

#[test]
fn every_built_in_opponent_trains() {
    for opponent in ["random", "perfect", "mixed:0.5", "exploiter", "menace"] {
        let s = summary(&menace(&[
            "train",
            "--games",
            "60",
            "--opponent",
            opponent,
            "--json",
            "--check-every",
            "0",
        ]));
        assert_eq!(s["games"], 60, "{opponent}");
        if opponent == "perfect" {
            assert_eq!(s["tally"]["win"], 0, "nobody beats perfect play");
        }
    }
}

#[test]
fn against_the_exploiter_the_greedy_policy_becomes_unbeatable_and_training_stops() {
    let s = summary(&menace(&[
        "train",
        "--games",
        "3000",
        "--opponent",
        "exploiter",
        "--stop-when-unbeatable",
        "--json",
    ]));
    let after = s["unbeatable_after"].as_u64().expect("reached within 3000 games");
    assert_eq!(s["games"].as_u64().unwrap(), after);
    assert_eq!(s["end"]["greedy_exploitability"], 0.0);
}

#[test]
fn an_external_program_speaking_the_opponent_side_can_train_menace() {
    let exe = env!("CARGO_BIN_EXE_menace");
    let opponent = format!("exec:{exe} opponent perfect --seed 3");
    let out = menace(&[
        "train",
        "--games",
        "150",
        "--opponent",
        &opponent,
        "--json",
        "--check-every",
        "0",
    ]);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let s = summary(&out);
    assert_eq!(s["games"], 150);
    assert_eq!(s["tally"]["win"], 0, "the external perfect player never loses");
    assert!(s["tally"]["loss"].as_u64().unwrap() > 0);
    assert!(s["stopped"].is_null());
}

#[cfg(unix)]
#[test]
fn misbehaving_programs_forfeit_are_reported_and_never_hang_training() {
    let cases = [
        ("exec:sh -c 'echo junk; sleep 5'", "unknown command \"junk\""),
        ("exec:sh -c 'exit 1'", "is gone"),
        ("exec:sh -c 'sleep 5'", "no answer before the deadline"),
        ("exec:sh -c 'while read l; do echo move LL; done'", "taken"),
        ("exec:/nonexistent/bot", "cannot start"),
    ];
    for (opponent, fragment) in cases {
        let out = menace(&[
            "train",
            "--games",
            "5",
            "--opponent",
            opponent,
            "--move-timeout",
            "0.3",
            "--check-every",
            "0",
        ]);
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(said.contains(fragment), "{opponent}: {said}");
    }
}

#[test]
fn curves_are_written_as_csv_json_lines_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("curve");
    let out = menace(&[
        "train",
        "--games",
        "300",
        "--every",
        "50",
        "--curve",
        prefix.to_str().unwrap(),
        "--check-every",
        "0",
    ]);
    assert!(out.status.success());
    let csv = std::fs::read_to_string(dir.path().join("curve.csv")).unwrap();
    assert_eq!(csv.lines().count(), 7);
    assert!(csv.starts_with("games,win,draw,loss,exploitability,greedy_exploitability,first_box"));
    assert_eq!(std::fs::read_to_string(dir.path().join("curve.jsonl")).unwrap().lines().count(), 6);
    let svg = std::fs::read_to_string(dir.path().join("curve.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("games played"));
}

#[test]
fn bad_flags_are_refused_clearly() {
    for (args, fragment) in [
        (vec!["train", "--opponent", "nobody"], "unknown opponent"),
        (vec!["train", "--preset", "nope"], "unknown preset"),
        (vec!["train", "--reward", "1,2"], "reward"),
        (vec!["train", "--games", "0"], "at least 1"),
        (vec!["--preset", "x"], "unknown preset"),
        // Flags a run cannot honour are refused, never ignored (crates/core's request
        // table; its own tests work through every combination).
        (vec!["train", "--game", "nim", "--seeds", "0"], "at least 1"),
        (vec!["train", "--table"], "--table"),
        (vec!["train", "--seeds", "2", "--out", "x", "--json"], "--json"),
    ] {
        let out = menace(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
}

#[test]
fn other_games_refuse_records_and_their_json_is_json_lines_only() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let refused =
        menace(&["train", "--game", "nim", "--games", "10", "--out", out.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--out"));
    assert!(refused.stdout.is_empty());
    assert!(!out.exists(), "a refused run writes nothing");

    let json = menace(&["train", "--game", "hexapawn", "--games", "20", "--seeds", "2", "--json"]);
    assert!(json.status.success(), "{}", String::from_utf8_lossy(&json.stderr));
    let text = String::from_utf8(json.stdout).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["summary"]["games"], 20, "{line}");
    }
}

#[test]
fn menace_playing_second_trains_against_every_built_in_opponent_and_evaluates() {
    for opponent in ["random", "perfect", "mixed:0.5", "exploiter", "menace"] {
        let args = ["train", "--side", "second", "--games", "200", "--opponent", opponent];
        let s = summary(&menace(&[&args[..], &["--json", "--check-every", "0"]].concat()));
        let t = &s["tally"];
        let games: u64 = ["win", "draw", "loss"].iter().map(|k| t[k].as_u64().unwrap()).sum();
        assert_eq!(games, 200, "{opponent}");
    }
    // Perfect play, opening as X, never loses to the second machine.
    let s = summary(&menace(&[
        "train",
        "--side",
        "second",
        "--games",
        "300",
        "--opponent",
        "perfect",
        "--json",
    ]));
    assert_eq!(s["tally"]["win"], 0);
    // A sweep says which side it trained.
    let sweep = menace(&["train", "--side", "second", "--games", "50", "--seeds", "2"]);
    assert!(String::from_utf8(sweep.stdout).unwrap().starts_with("MENACE playing O ("));
    // `eval` of a fresh O: random against random, from O's side (O wins 121/420).
    let eval = menace(&["eval", "--side", "second"]);
    let v: serde_json::Value = serde_json::from_slice(&eval.stdout).unwrap();
    assert!((v["vs_random"]["win"].as_f64().unwrap() - 121.0 / 420.0).abs() < 1e-12);
    // Only tic-tac-toe's learner takes either side: refused, not ignored.
    let nim = menace(&["train", "--game", "nim", "--side", "second"]);
    assert_eq!(nim.status.code(), Some(2));
    assert!(String::from_utf8(nim.stderr).unwrap().contains("only tic-tac-toe's learner"));
}
