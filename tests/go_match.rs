//! The match runner: refereeing with scripted engines (illegal moves, crashes), SGF output,
//! and one short real game against GNU Go when it is installed.

use std::path::PathBuf;
use std::time::Duration;

use menace::arena::Program;
use menace::go::matches::{self, MatchConfig, Outcome, Player};

mod common;
use menace_testkit::{require, Component};

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
        handicap: 0,
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

/// A scripted engine that answers `fixed_handicap` with `stones` and passes.
fn handicap_taker(name: &str, stones: &str) -> Player {
    let script = format!(
        "while read -r l; do case \"$l\" in fixed_handicap*) printf '= {stones}\\n\\n';; genmove*) printf '= pass\\n\\n';; quit*) printf '=\\n\\n'; exit 0;; *) printf '=\\n\\n';; esac; done"
    );
    Player { name: name.into(), program: Program::new(["sh", "-c", &script]) }
}

#[test]
fn a_handicap_game_starts_from_black_stones_with_white_to_move() {
    use menace::go::sgf;
    let dir = tempfile::tempdir().unwrap();
    let players = [handicap_taker("weak", "C3 G7 C7 G3"), handicap_taker("strong", "G3 C7 G7 C3")];
    let c = MatchConfig { handicap: 4, ..cfg(2, Some(dir.path().into())) };
    let recs = matches::run_match(&players, &c, |_| {});
    for r in &recs {
        // The first engine has black (and the stones) in every game; white passes first,
        // black passes, and the four stones own the whole empty board.
        assert_eq!(r.black, 0);
        assert_eq!((r.result.as_str(), r.reason.as_str()), ("B+81", "two passes"));
        assert_eq!(r.moves.len(), 2);
    }
    let text = std::fs::read_to_string(dir.path().join("game-002.sgf")).unwrap();
    assert!(text.contains("HA[4]AB[cg][gc][cc][gg]\n;W[];B[]"), "{text}");
    let g = sgf::read(&text).unwrap();
    assert_eq!((g.handicap.len(), g.moves.len()), (4, 2));
    assert_eq!(sgf::write(&g), text);

    // An engine that puts its stones elsewhere cannot take part: it loses the game.
    let players = [handicap_taker("weak", "C3 G7 C7 G3"), handicap_taker("odd", "C3 G7 C7 E5")];
    let recs = matches::run_match(&players, &MatchConfig { games: 1, ..c }, |_| {});
    assert_eq!(recs[0].result, "B+F");
    assert!(recs[0].reason.contains("odd could not start or set up"), "{}", recs[0].reason);
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

#[test]
fn a_short_game_against_gnugo() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let gnugo = gnugo.display();
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

    // A handicap game: both engines set up the same stones (or one would lose the game at
    // once) and white moves first.
    let c = MatchConfig { move_cap: 5, handicap: 4, ..c };
    let r = &matches::run_match(&players, &c, |_| {})[0];
    assert!(r.reason.starts_with("move cap"), "{}", r.reason);
    assert_eq!(r.black, 0);
    assert_eq!((r.move_times[0].len(), r.move_times[1].len()), (2, 3), "white moves first");
}

/// GNU Go is an independent reference for the standard handicap points: for every board
/// from 7x7 to 19x19 and every count it takes, it places the same stones as we do.
#[test]
fn handicap_points_agree_with_gnugo() {
    use menace::go::board::{Board, Move};
    use menace::go::gtp::format_vertex;
    use menace::go::handicap;
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let mut cases = Vec::new();
    let mut script = String::new();
    for size in 7..=19 {
        for n in 2..=handicap::max_fixed(size) {
            script.push_str(&format!("boardsize {size}\nfixed_handicap {n}\n"));
            cases.push((size, n));
        }
    }
    script.push_str("quit\n");
    let out = std::process::Command::new(&gnugo)
        .args(["--mode", "gtp"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // Answers come in pairs: `=` for boardsize, `= vertices` for fixed_handicap.
    let answers: Vec<&str> = text.split("\n\n").filter(|a| a.starts_with('=')).collect();
    assert_eq!(answers.len(), 2 * cases.len() + 1, "{text}");
    for (k, &(size, n)) in cases.iter().enumerate() {
        let mut theirs: Vec<&str> = answers[2 * k + 1][1..].split_whitespace().collect();
        let b = Board::new(size);
        let ours: Vec<String> = handicap::fixed(size, n)
            .unwrap()
            .iter()
            .map(|&p| format_vertex(&b, Move::Play(p)))
            .collect();
        let mut ours: Vec<&str> = ours.iter().map(String::as_str).collect();
        theirs.sort_unstable();
        ours.sort_unstable();
        assert_eq!(ours, theirs, "{size}x{size}, {n} stones");
    }
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
