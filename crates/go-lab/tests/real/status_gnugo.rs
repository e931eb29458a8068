//! GNU Go as an independent referee of our dead stones (`final_status_list dead`) and of
//! the score after removing them (`final_score`, area scoring: GNU Go with
//! `--chinese-rules`): on positions whose dead stones are known and on final positions of
//! recorded games where the two engines must agree.

use std::collections::BTreeSet;
use std::path::Path;

use menace_go::io::gtp::GtpEngine;
use menace_go::search::mcts::SearchConfig;
use menace_go_lab::status_vs_gnugo::{gnugo_verdict, our_verdict, parse_score};
use menace_testkit::go::{dead_stones, gtp_setup};
use menace_testkit::{repo, require, Component};

/// A `final_status_list` answer as a set of groups, each a set of vertices (the order of
/// the lines and within them is each engine's own).
fn groups(answer: &str) -> BTreeSet<BTreeSet<String>> {
    answer
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect::<BTreeSet<_>>())
        .filter(|g| !g.is_empty())
        .collect()
}

/// GNU Go's answers to `cmds` (the text after `=`, one per command).
fn gnugo_answers(gnugo: &Path, cmds: &[String]) -> Vec<String> {
    use std::io::Write;
    let mut child = std::process::Command::new(gnugo)
        .args(["--mode", "gtp", "--chinese-rules"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let script: String = cmds.iter().map(|c| format!("{c}\n")).collect::<String>() + "quit\n";
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let answers: Vec<String> = out
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .map(|a| {
            assert!(a.starts_with('='), "GNU Go refused something: {a:?}");
            a[1..].trim().to_string()
        })
        .collect();
    assert_eq!(answers.len(), cmds.len() + 1, "{out}");
    answers
}

#[test]
fn dead_stones_and_scores_of_known_positions_agree_with_gnugo() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    for position in dead_stones() {
        let (what, rows, komi) = (&position.about, &position.rows, position.komi);
        let mut cmds = gtp_setup(rows, komi);
        cmds.extend(
            ["final_status_list dead", "final_status_list seki", "final_score"].map(String::from),
        );
        let theirs = gnugo_answers(&gnugo, &cmds);
        let mut e =
            GtpEngine::new(SearchConfig { playouts: 300, threads: 1, ..SearchConfig::default() });
        let ours: Vec<String> = cmds
            .iter()
            .map(|c| {
                let a = e.handle_line(c).unwrap();
                assert!(a.starts_with('='), "{c}: {a:?}");
                a[1..].trim().to_string()
            })
            .collect();
        let k = cmds.len();
        assert_eq!(groups(&ours[k - 3]), groups(&theirs[k - 3]), "dead: {what}");
        assert_eq!(groups(&ours[k - 2]), groups(&theirs[k - 2]), "seki: {what}");
        assert_eq!(parse_score(&ours[k - 1]), parse_score(&theirs[k - 1]), "score: {what}");
    }
}

/// Final positions of games GNU Go level 10 and our v6 played out to two passes, with dead
/// stones left on the board: both engines take off the same stones and give the same score.
#[test]
fn recorded_games_with_dead_stones_agree_with_gnugo() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    for game in ["game-001.sgf", "game-006.sgf"] {
        let sgf = repo("docs/games/gtp-19x19-level10-v6/sgf").join(game);
        let ours = our_verdict(&sgf).unwrap();
        let theirs = gnugo_verdict(&gnugo, &sgf).unwrap();
        assert!(!ours.dead.is_empty(), "{game}: the test wants dead stones");
        assert_eq!(ours, theirs, "{game}");
    }
}
