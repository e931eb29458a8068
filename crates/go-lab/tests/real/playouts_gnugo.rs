//! The playout comparison's GTP side ([`GtpPolicy`]) with GNU Go as the other engine: it
//! keeps the engine's board at the position it asks about (GNU Go's own `list_stones`
//! against our replay of the record), whether it walks forward through a game, jumps
//! back, starts another, or has just played a playout out.

use menace_go::io::sgf;
use menace_go::io::vertex::format_vertex;
use menace_go::rules::board::{Board, Colour, Move};
use menace_go_lab::playouts::{self, GtpPolicy, Policy, Position, Winner};
use menace_run::Program;
use menace_testkit::{require, Component};

/// An even 9x9 game and a two-stone handicap game (white moves first).
const EVEN: &str = "(;GM[1]SZ[9]KM[7]RE[B+R];B[ee];W[cc];B[gc];W[cg];B[gg];W[eg];B[dg];W[dh])";
const HANDICAP: &str = "(;GM[1]SZ[9]KM[0.5]HA[2]AB[cc][gg]RE[W+3.5];W[ee];B[cg];W[gc])";

/// GNU Go as a GTP engine, at level 0 with a fixed seed.
fn gnugo_gtp(gnugo: &std::path::Path) -> Program {
    Program::new([gnugo.to_str().unwrap(), "--mode", "gtp", "--level", "0", "--seed", "1"])
}

/// The stones of `colour` on `b`, as sorted GTP vertices.
fn stones(b: &Board, colour: Colour) -> Vec<String> {
    let n = b.size();
    let mut v: Vec<String> = (0..n * n)
        .map(|i| b.point(i / n, i % n))
        .filter(|&p| b.at(p) == colour.stone())
        .map(|p| format_vertex(b, Move::Play(p)))
        .collect();
    v.sort();
    v
}

/// The engine's own stones of `colour` (GNU Go's `list_stones`), sorted.
fn engine_stones(policy: &mut GtpPolicy, colour: Colour) -> Vec<String> {
    let mut v: Vec<String> = policy
        .ask(&format!("list_stones {colour}"))
        .unwrap()
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect();
    v.sort();
    v
}

/// The engine's board holds exactly the stones of `pos` (ours, replayed from the record).
fn assert_engine_at(policy: &mut GtpPolicy, pos: &Position, what: &str) {
    for colour in [Colour::Black, Colour::White] {
        assert_eq!(engine_stones(policy, colour), stones(&pos.board, colour), "{what}: {colour}");
    }
}

/// Forward through both games (the second starts from a cleared board with its handicap),
/// then back into the first (cleared and replayed), then a playout: before every answer
/// the engine's board is the position's, a sampled move is legal there, and after the
/// playout every one of its moves is taken back.
#[test]
fn the_gtp_policy_keeps_the_engine_at_the_position_asked() {
    let Some(gnugo) = require(Component::GnuGo) else { return };
    let games = [sgf::read(EVEN).unwrap(), sgf::read(HANDICAP).unwrap()];
    let mut policy = GtpPolicy::start("gnugo", &gnugo_gtp(&gnugo)).unwrap();
    let mut all = Vec::new();
    playouts::positions(&games, |pos, _| {
        all.push(pos);
        Ok(())
    })
    .unwrap();
    assert_eq!(all.len(), 11, "every move of both games is legal");
    assert_eq!(stones(&all[8].board, Colour::Black), ["C7", "G3"], "the handicap stones");
    for (step, &i) in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 2, 7].iter().enumerate() {
        let pos = &all[i];
        let what = format!("step {step}: game {} before move {}", pos.game, pos.at + 1);
        let m = policy.sample(pos).unwrap();
        assert_eq!(pos.board.check(m), Ok(()), "{what}: {m:?}");
        assert_engine_at(&mut policy, pos, &what);
    }
    let pos = &all[7];
    let w = policy.play_out(pos).unwrap();
    assert!(matches!(w, Winner::Black | Winner::White), "9x9, komi 7: no tie");
    assert_engine_at(&mut policy, pos, "after the playout");
}

/// An engine that is gone (here one that exits at once) fails the measure with its name
/// and the command it did not answer, rather than giving a figure.
#[test]
fn an_engine_that_stops_is_an_error_not_a_result() {
    let games = [sgf::read(EVEN).unwrap()];
    let mut policy = GtpPolicy::start("quitter", &Program::new(["true"])).unwrap();
    let e = playouts::agreement(&mut policy, &games).unwrap_err();
    assert!(e.starts_with("quitter: `boardsize 9`"), "{e}");
}

/// An engine whose answers are not what GTP promises (a fake: no real engine answers
/// garbage on purpose) fails the measure with the answer quoted, never a panic or a figure:
/// a `genmove` that is no vertex, and a `final_score` that is no score.
#[test]
fn an_engine_that_answers_garbage_is_an_error_not_a_result() {
    let games = [sgf::read(EVEN).unwrap()];
    let engine = |genmove: &str, score: &str| {
        let script = format!(
            "while read -r l; do case \"$l\" in genmove*) printf '= {genmove}\\n\\n';; \
             final_score*) printf '= {score}\\n\\n';; *) printf '=\\n\\n';; esac; done"
        );
        GtpPolicy::start("liar", &Program::new(["sh", "-c", &script])).unwrap()
    };
    let e = playouts::agreement(&mut engine("banana", "B+1"), &games).unwrap_err();
    assert!(e.contains("genmove answered \"banana\""), "{e}");
    let e = playouts::outcomes(&mut engine("pass", "lots"), &games, &[2], 1).unwrap_err();
    assert!(e.contains("final_score answered \"lots\""), "{e}");
    let e = playouts::agreement(&mut engine("Z99", "B+1"), &games).unwrap_err();
    assert!(e.contains("\"Z99\""), "{e}");
}
