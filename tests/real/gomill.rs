//! A third-party GTP controller plays our engine: gomill's `ringmaster` (gomill 0.8.3 from
//! PyPI, installed by scripts/install-gomill) runs a short 9x9 playoff of `menace go --gtp`
//! against GNU Go, and every answer we give must satisfy it: all games finish with a
//! result (no forfeit), its log holds nothing but the games starting and ending (no
//! warning, no aborted game, nothing on our stderr), and its GTP logs hold no `?` answer.
//! A game whose two `final_score` answers disagree has the result `?` ("players
//! disagreed"): that is a judgement of dead stones, not of the protocol, so it passes.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use menace_testkit::{require, Component};

/// Games in the playoff: each side has black twice.
const GAMES: usize = 4;

/// The control file: our engine (a small budget, so a game takes seconds) against GNU Go
/// level 1 (seeded, so the games are the same on every run), both scoring the Chinese way,
/// alternating colours.
fn control_file(menace: &Path, gnugo: &Path) -> String {
    let ours = [menace.to_str().unwrap(), "go", "--gtp", "--playouts", "300", "--threads", "1"];
    let theirs = [
        gnugo.to_str().unwrap(),
        "--mode",
        "gtp",
        "--level",
        "1",
        "--chinese-rules",
        "--seed",
        "1",
    ];
    // Rust's Debug quoting of plain paths and flags is a valid Python string literal.
    let list = |args: &[&str]| args.iter().map(|a| format!("{a:?}")).collect::<Vec<_>>().join(", ");
    format!(
        "competition_type = 'playoff'\n\
         description = 'menace against GNU Go on 9x9 (tests/real/gomill.rs)'\n\
         players = {{\n    'menace': Player([{}]),\n    'gnugo': Player([{}]),\n}}\n\
         board_size = 9\nkomi = 7.5\nmove_limit = 300\nrecord_games = True\n\
         matchups = [Matchup('menace', 'gnugo', alternating=True, number_of_games={GAMES})]\n",
        list(&ours),
        list(&theirs)
    )
}

/// Runs ringmaster to the end, or kills it after `limit` (a hung controller or engine
/// fails the test instead of hanging it).
fn ringmaster(ringmaster: &Path, dir: &Path, limit: Duration) -> std::process::Output {
    let mut child = Command::new(ringmaster)
        .args(["play.ctl", "run", "--quiet", "--log-gtp"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ringmaster");
    let start = Instant::now();
    while child.try_wait().expect("ringmaster status").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("ringmaster output");
            panic!("ringmaster still running after {limit:?}: {out:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    child.wait_with_output().expect("ringmaster output")
}

#[test]
fn ringmaster_plays_a_9x9_playoff_against_gnugo_and_accepts_every_answer() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let Some(rm) = require(Component::Gomill) else { return };
    let dir = tempfile::tempdir().unwrap();
    let menace = Path::new(env!("CARGO_BIN_EXE_menace"));
    std::fs::write(dir.path().join("play.ctl"), control_file(menace, &gnugo)).unwrap();

    let out = ringmaster(&rm, dir.path(), Duration::from_secs(600));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "ringmaster failed: {stderr}");
    // --quiet leaves only warnings and errors.
    assert!(stderr.trim().is_empty(), "ringmaster complained: {stderr}");

    let report = std::fs::read_to_string(dir.path().join("play.report")).unwrap();
    assert!(report.contains(&format!("menace v gnugo ({GAMES}/{GAMES} games)")), "{report}");
    assert!(report.contains("player menace: menace:"), "{report}");

    // The log: the run, and each game starting and answering; an engine's stderr, a
    // protocol complaint or a forfeit would be another line.
    let log = std::fs::read_to_string(dir.path().join("play.log")).unwrap();
    let expected = ["run started at ", "starting game ", "response from game ", "run finished at "];
    for line in log.lines() {
        assert!(
            expected.iter().any(|p| line.starts_with(p)),
            "unexpected log line {line:?}:\n{log}"
        );
    }
    assert_eq!(log.matches("response from game ").count(), GAMES, "{log}");

    for game in 0..GAMES {
        let id = format!("0_{game}");
        // Every answer of both engines is a success (`=`), ours included.
        let gtp = std::fs::read_to_string(dir.path().join(format!("play.gtplogs/{id}.log")))
            .unwrap_or_else(|e| panic!("no GTP log for game {id}: {e}"));
        let answers: Vec<&str> = gtp.lines().filter_map(|l| l.strip_prefix("<< ")).collect();
        assert!(answers.len() > 20, "game {id}: too few answers:\n{gtp}");
        for a in &answers {
            let text = a.split_once(": ").map_or(*a, |(_, t)| t);
            assert!(text.starts_with('='), "game {id}: a failed answer {a:?}:\n{gtp}");
        }
        assert!(gtp.contains("genmove"), "{gtp}");
        // The game has a result: B+ or W+ by score or resignation, not by forfeit, or `?`
        // when the players' scores disagree.
        let sgf = std::fs::read_to_string(dir.path().join(format!("play.games/{id}.sgf")))
            .unwrap_or_else(|e| panic!("no SGF for game {id}: {e}"));
        let decided = sgf.contains("RE[B+") || sgf.contains("RE[W+");
        let disagreed = sgf.contains("RE[?]") && sgf.contains("(players disagreed)");
        assert!(decided || disagreed, "game {id}: no result:\n{sgf}");
        assert!(!sgf.contains("forfeit") && !sgf.contains("+F]"), "game {id}: forfeit:\n{sgf}");
        assert!(sgf.contains("SZ[9]") && sgf.contains("PB[") && sgf.contains("PW["), "{sgf}");
    }
}
