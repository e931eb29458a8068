//! `menace go match` end to end: a short real game against GNU Go (and a handicap game)
//! recorded as the referee's results lines, and flags refused before any game. The
//! referee's rules themselves are tested in crates/go/tests/it/referee.rs.

use std::path::Path;

use serde_json::Value;

use crate::common;
use menace_testkit::{require, Component};

/// The results lines of a run into `out`.
fn lines(out: &Path) -> Vec<Value> {
    std::fs::read_to_string(out.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_short_game_against_gnugo() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let gnugo = gnugo.display();
    let ours = format!("{} go --gtp --playouts 300 --threads 1", env!("CARGO_BIN_EXE_menace"));
    let theirs =
        format!("{gnugo} --mode gtp --chinese-rules --capture-all-dead --level 1 --seed 1");
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec!["go", "match", "--a", &ours, "--b", &theirs, "--name-a", "menace"];
        args.extend(["--name-b", "gnugo", "--games", "1", "--size", "9", "--out"]);
        let out = out.display().to_string();
        args.push(&out);
        args.extend(extra);
        let o = common::menace(&args, None, b"");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let out = dir.path().join("plain");
    let text = run(&out, &["--move-cap", "16"]);
    let r = &lines(&out)[0];
    // Both engines must play 16 legal moves (or pass twice) without crashing.
    assert!(r["ending"] == "move cap" || r["ending"] == "two passes", "unexpected end: {r}");
    assert!(r["moves"].as_u64().unwrap() >= 15, "{r}");
    assert!(out.join("sgf/game-001.sgf").exists());
    assert!(text.contains("1 of 1 games") && text.contains("gnugo"), "{text}");

    // A handicap game: both engines set up the same stones (or one would lose the game at
    // once) and white moves first; the first engine has black.
    let out = dir.path().join("handicap");
    run(&out, &["--move-cap", "5", "--handicap", "4"]);
    let r = &lines(&out)[0];
    assert_eq!(
        (&r["ending"], &r["black"], &r["moves"]),
        (&"move cap".into(), &"menace".into(), &5.into()),
        "{r}"
    );
    let sgf = std::fs::read_to_string(out.join("sgf/game-001.sgf")).unwrap();
    assert!(sgf.contains("HA[4]") && sgf.contains("\n;W["), "white moves first: {sgf}");
    // `--cleanup`, between two GNU Gos on 7x7 (a whole game in a moment): the game is
    // played to its first two passes and through a cleanup phase to two more.
    let out = dir.path().join("cleanup");
    let o = common::menace(
        &["go", "match", "--a", &theirs, "--b", &theirs, "--size", "7", "--komi", "7.5"]
            .into_iter()
            .chain(["--games", "1", "--cleanup", "--out", out.to_str().unwrap()])
            .collect::<Vec<_>>(),
        None,
        b"",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    let r = &lines(&out)[0];
    assert_eq!(r["ending"], "two passes", "{r}");
    let reason = r["reason"].as_str().unwrap();
    assert!(reason.starts_with("two passes, then a cleanup phase of "), "{r}");
    assert!(text.contains("1 of 1 games"), "{text}");
}

#[test]
fn a_handicap_the_board_cannot_take_is_refused_before_any_game() {
    for (size, n, want) in [
        ("5", "2", "5x5 takes no fixed handicap"),
        ("19", "12", "19x19 takes 2 to 9 stones"),
        ("8", "5", "8x8 takes 2 to 4 stones"),
        ("9", "1", "9x9 takes 2 to 9 stones"),
    ] {
        let args = ["go", "match", "--a", "x", "--b", "y", "--size", size, "--handicap", n];
        let out = common::menace(&args, None, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(want), "{err}");
        assert!(out.stdout.is_empty());
    }
}
