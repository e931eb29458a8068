//! The match runner: refereeing with scripted engines (illegal moves, crashes), SGF output,
//! and one short real game against GNU Go when it is installed.

use std::path::PathBuf;
use std::time::Duration;

use menace::arena::Program;
use menace::go::matches::{self, MatchConfig, Outcome, Player};

/// A scripted GTP engine: answers `genmove` with `reply` and everything else with `=`.
fn scripted(name: &str, reply: &str) -> Player {
    let script = format!(
        "while read -r l; do case \"$l\" in genmove*) printf '= {reply}\\n\\n';; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    );
    Player { name: name.into(), program: Program::new(["sh", "-c", &script]) }
}

fn cfg(games: usize, dir: Option<PathBuf>) -> MatchConfig {
    MatchConfig {
        size: 9,
        games,
        first_game: 1,
        komi: 0.0,
        move_cap: 40,
        move_timeout: Duration::from_secs(20),
        sgf_dir: dir,
    }
}

#[test]
fn illegal_move_loses_and_games_alternate_colours() {
    let dir = tempfile::tempdir().unwrap();
    let players = [scripted("stubborn", "A1"), scripted("passer", "pass")];
    let recs = matches::run_match(&players, &cfg(2, Some(dir.path().into())), |_| {});
    // Game 1: stubborn has black, plays A1, passer passes, A1 again is illegal.
    assert_eq!(recs[0].black, 0);
    assert_eq!(recs[0].outcome, Outcome::WhiteWins);
    assert_eq!(recs[0].moves.len(), 2);
    assert!(recs[0].reason.contains("illegal move A1"), "{}", recs[0].reason);
    // Game 2: passer has black and passes; stubborn plays A1; passer passes; A1 again.
    assert_eq!(recs[1].black, 1);
    assert_eq!(recs[1].outcome, Outcome::BlackWins);
    let sgf = std::fs::read_to_string(dir.path().join("game-001.sgf")).unwrap();
    assert!(sgf.starts_with("(;GM[1]FF[4]"), "{sgf}");
    assert!(sgf.contains("SZ[9]") && sgf.contains("PB[stubborn]") && sgf.contains("RE[W+F]"));
    assert!(sgf.contains(";B[ai];W[]"), "{sgf}");
    let table = matches::table(&players, &recs);
    assert!(table.lines().nth(1).unwrap().starts_with("stubborn"), "{table}");
    assert!(table.contains("0-1-0"), "{table}");
}

#[test]
fn two_passes_end_the_game_with_the_area_score() {
    let players = [scripted("p1", "pass"), scripted("p2", "pass")];
    let recs = matches::run_match(&players, &cfg(1, None), |_| {});
    assert_eq!(recs[0].outcome, Outcome::Tie);
    assert_eq!(recs[0].result, "0");
    assert_eq!(recs[0].reason, "two passes");
}

#[test]
fn a_program_that_cannot_run_loses() {
    let players = [
        Player { name: "ghost".into(), program: Program::new(["/nonexistent/engine"]) },
        scripted("passer", "pass"),
    ];
    let recs = matches::run_match(&players, &cfg(1, None), |_| {});
    assert_eq!(recs[0].outcome, Outcome::WhiteWins);
    let players = [scripted("garbage", "banana"), scripted("passer", "pass")];
    let recs = matches::run_match(&players, &cfg(1, None), |_| {});
    assert_eq!(recs[0].outcome, Outcome::WhiteWins);
    assert!(recs[0].reason.contains("banana"));
}

#[test]
fn game_numbers_reach_the_command_line() {
    let p = Program::parse("gnugo --seed {game} --x a{game}b").unwrap();
    assert_eq!(matches::with_game_number(&p, 7).argv, ["gnugo", "--seed", "7", "--x", "a7b"]);
}

fn gnugo() -> Option<String> {
    if std::path::Path::new("/usr/games/gnugo").exists() {
        return Some("/usr/games/gnugo".into());
    }
    let out = std::process::Command::new("sh").args(["-c", "command -v gnugo"]).output().ok()?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (!path.is_empty()).then_some(path)
}

#[test]
fn a_short_game_against_gnugo() {
    let Some(gnugo) = gnugo() else {
        if std::env::var("MENACE_REQUIRE_GNUGO").as_deref() == Ok("1") {
            panic!("GNU Go is required (MENACE_REQUIRE_GNUGO=1) but not installed");
        }
        eprintln!("skipping: GNU Go not installed (scripts/install-gnugo)");
        return;
    };
    let ours = format!("{} go --gtp --playouts 300 --threads 1", env!("CARGO_BIN_EXE_menace"));
    let theirs =
        format!("{gnugo} --mode gtp --chinese-rules --capture-all-dead --level 1 --seed 1");
    let players = [
        Player { name: "menace".into(), program: Program::parse(&ours).unwrap() },
        Player { name: "gnugo".into(), program: Program::parse(&theirs).unwrap() },
    ];
    let dir = tempfile::tempdir().unwrap();
    let c = MatchConfig { move_cap: 16, ..cfg(1, Some(dir.path().into())) };
    let recs = matches::run_match(&players, &c, |_| {});
    let r = &recs[0];
    // Both engines must play 16 legal moves (or pass twice) without crashing.
    assert!(
        r.reason.starts_with("move cap") || r.reason == "two passes",
        "unexpected end: {} after {} moves",
        r.reason,
        r.moves.len()
    );
    assert!(r.move_times[0].len() >= 8 && r.move_times[1].len() >= 7);
    assert!(dir.path().join("game-001.sgf").exists());
}
