//! Clocks with real time: whole 9x9 games of our engine (`menace go --gtp --threads 1`, its
//! default settings on one thread, the time manager deciding) against real GNU Go, refereed
//! by `menace go match --time`, under 20 s absolute for the game and under byo-yomi of 1 s a
//! move. One thread: the clock is the same, and the two games, which think for all of it,
//! cost half the CPU (60 CPU-seconds on two threads, a tenth of CI's tests); two threads
//! stopping on the clock are crates/go/tests/it/gtp.rs's
//! `genmove_under_one_second_a_move_answers_within_the_second`. Our engine never exceeds its
//! clock, and the records say so: no time loss, its clock use within the control. How the
//! referee forfeits an engine that overruns is tested with a slow scripted engine in
//! crates/go/tests/it/referee.rs.

use std::path::Path;

use serde_json::Value;

use crate::common;
use menace_testkit::{require, Component};

/// Plays one whole 9x9 game, our engine black, GNU Go (level 1) white, under `time`;
/// returns its results line and SGF text.
///
/// GNU Go is told nothing of the clock (a `sed` in front of it turns the referee's
/// `time_settings` and `time_left` into `name`, which it answers): told, it spends up to its
/// whole period and lost on time in a trial here (byo-yomi 1 s, 0.128 s over), ending the
/// game early. Untold, level 1 answers in a fraction of a second, and the game runs whole.
fn clocked_game(time: &str, out: &Path) -> Option<(Value, String)> {
    let gnugo = require(Component::GnuGo)?;
    let ours = format!("{} go --gtp --threads 1", env!("CARGO_BIN_EXE_menace"));
    let gnugo = format!(
        "{} --mode gtp --chinese-rules --capture-all-dead --level 1 --seed 1",
        gnugo.display()
    );
    let theirs = menace_run::Program::new([
        "sh".to_string(),
        "-c".into(),
        format!("sed -u 's/^time_.*/name/' | exec {gnugo}"),
    ])
    .to_string();
    let dir = out.display().to_string();
    let args = [
        "go", "match", "--a", &ours, "--b", &theirs, "--name-a", "menace", "--name-b", "gnugo",
        "--games", "1", "--size", "9", "--komi", "7.5", "--time", time, "--out", &dir,
    ];
    let o = common::menace(&args, None, b"");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(out.join("results.jsonl")).unwrap();
    let line = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    Some((line, std::fs::read_to_string(out.join("sgf/game-001.sgf")).unwrap()))
}

/// The checks both games share: a whole game (two passes or a resignation, not a forfeit of
/// any other kind nor the move cap), nobody lost on time, and the clock in the SGF.
fn whole_game_without_a_time_loss(r: &Value, sgf: &str, tm_ot: &str) {
    let result = r["result"].as_str().unwrap();
    assert!(!result.ends_with("+T"), "lost on time: {r}");
    assert!(r["ending"] == "two passes" || result.ends_with("+R"), "not a whole game: {r}");
    assert_eq!(r["black"], "menace");
    assert!(sgf.contains(tm_ot), "{sgf}");
}

#[test]
fn a_whole_9x9_game_under_20_seconds_absolute() {
    let dir = tempfile::tempdir().unwrap();
    let Some((r, sgf)) = clocked_game("20", dir.path()) else { return };
    whole_game_without_a_time_loss(&r, &sgf, "TM[20]\n");
    // All its answers together within the 20 s, and something of them left.
    let used = r["black_time_used_s"].as_f64().unwrap();
    let left = r["black_time_left_s"].as_f64().unwrap();
    assert!(used <= 20.0 && left >= 0.0 && (used + left - 20.0).abs() < 0.01, "{r}");
}

#[test]
fn a_whole_9x9_game_under_byo_yomi_of_one_second_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let Some((r, sgf)) = clocked_game("0+1/1", dir.path()) else { return };
    whole_game_without_a_time_loss(&r, &sgf, "TM[0]OT[1/1 Canadian]");
    // Every move within its second: the slowest one is.
    assert!(r["black_slowest_s"].as_f64().unwrap() <= 1.0, "{r}");
}

#[test]
fn a_time_control_that_does_not_read_is_refused_and_help_says_the_forms() {
    for (time, why) in [("ten", "not a time control"), ("10+0/1", "needs a length and stones")] {
        let args = ["go", "match", "--a", "x", "--b", "y", "--time", time];
        let o = common::menace(&args, None, b"");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("--time") && err.contains(why), "{err}");
    }
    // A clock with no time at all is refused before any game.
    let args = ["go", "tournament", "--entrant", "a=builtin", "--entrant", "b=builtin"];
    let o = common::menace(&[&args[..], &["--time", "0"]].concat(), None, b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--time 0: a clock with no time"));
    for cmd in ["match", "tournament"] {
        let help = common::menace(&["go", cmd, "--help"], None, b"");
        let help = String::from_utf8_lossy(&help.stdout);
        for form in ["--time <CONTROL>", "600+30/1", "0+1/1", "300+30x5", "B+T"] {
            assert!(help.contains(form), "menace go {cmd} --help lacks {form}:\n{help}");
        }
    }
}
