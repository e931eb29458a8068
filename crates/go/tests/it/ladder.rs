//! Ladder reading (`menace_go::search::ladder`), against positions whose answers are textbook Go
//! and against GNU Go's own tactical reader (`defend`), which knows nothing of ours.
//!
//! The GNU Go checks need GNU Go (`/usr/games/gnugo` or `gnugo` on the PATH); they are
//! skipped without it, unless `CI=true` or `MENACE_REQUIRE_GNUGO=1`, which make a missing
//! GNU Go a failure.

use menace_go::rules::board::{Board, Colour, Move, Point};
use menace_go::search::ladder;
use menace_go::search::playout;
use menace_stats::rng::from_seed;

use crate::support;
use support::GnuGo;

/// GTP letters skip I.
fn vertex(b: &Board, p: Point) -> String {
    let (r, c) = b.row_col(p);
    let letter = b"ABCDEFGHJKLMNOPQRST"[c] as char;
    format!("{letter}{}", b.size() - r)
}

fn at(b: &Board, v: &str) -> Point {
    let c = b"ABCDEFGHJKLMNOPQRST".iter().position(|&l| l == v.as_bytes()[0]).unwrap();
    let r = b.size() - v[1..].parse::<usize>().unwrap();
    b.point(r, c)
}

/// A 9x9 board with the given stones, `to_move` to play.
fn setup(black: &[&str], white: &[&str], to_move: Colour) -> (Board, Vec<(Colour, String)>) {
    let mut b = Board::new(9);
    let mut moves = Vec::new();
    for (colour, list) in [(Colour::Black, black), (Colour::White, white)] {
        for v in list {
            b.set_to_move(colour);
            b.play(Move::Play(at(&b, v))).unwrap_or_else(|e| panic!("{v}: {e:?}"));
            moves.push((colour, v.to_string()));
        }
    }
    b.set_to_move(to_move);
    (b, moves)
}

impl GnuGo {
    /// Can the string at `v` be saved if its owner moves first? (`defend` answers 0 when
    /// it cannot, else a result code and a move.)
    fn can_defend(&mut self, moves: &[(Colour, String)], size: usize, v: &str) -> bool {
        self.ask(&format!("boardsize {size}"));
        self.ask("clear_board");
        for (c, m) in moves {
            let c = if *c == Colour::Black { "B" } else { "W" };
            self.ask(&format!("play {c} {m}"));
        }
        self.ask(&format!("defend {v}")) != "0"
    }
}

/// White's stone at E5 is in atari at E4 with black's stones at E6, D5, F5 and F4: the
/// textbook ladder, which runs down and to the left, into the corner.
const LADDER_BLACK: [&str; 4] = ["E6", "D5", "F5", "F4"];

#[test]
fn textbook_ladders_and_their_breakers() {
    let cases: [(&[&str], &[&str], bool, &str); 5] = [
        (&LADDER_BLACK, &["E5"], true, "the ladder works"),
        (&LADDER_BLACK, &["E5", "C3"], false, "a white stone on the ladder's path breaks it"),
        (&LADDER_BLACK, &["E5", "B2"], false, "a breaker further along the path"),
        (&LADDER_BLACK, &["E5", "C5", "D6"], false, "white captures the chaser at D5 instead"),
        (&LADDER_BLACK, &["E5", "H1"], true, "a white stone off the path changes nothing"),
    ];
    let mut gnugo = GnuGo::start();
    for (black, white, captured, why) in cases {
        let (b, moves) = setup(black, white, Colour::White);
        let e5 = at(&b, "E5");
        assert_eq!(ladder::is_captured(&b, e5), captured, "{why}");
        if let Some(g) = gnugo.as_mut() {
            assert_eq!(g.can_defend(&moves, 9, "E5"), !captured, "GNU Go disagrees: {why}");
        }
    }
}

#[test]
fn an_atari_starts_a_ladder_only_on_the_right_side() {
    // E5 has two liberties, F5 and E4. Black's atari at F5 drives it into the ladder
    // towards the lower left corner; the atari at E4 drives it towards the upper right,
    // where white's stone at G7 breaks the ladder. (Without G7 both ataris work.)
    let (b, moves) = setup(&["E6", "D5", "F4"], &["E5", "G7"], Colour::Black);
    assert!(ladder::captures_by_chase(&b, at(&b, "F5")));
    assert!(!ladder::captures_by_chase(&b, at(&b, "E4")));
    assert!(!ladder::captures_by_chase(&b, at(&b, "A1")), "a move far away chases nothing");
    let (open, _) = setup(&["E6", "D5", "F4"], &["E5"], Colour::Black);
    assert!(ladder::captures_by_chase(&open, at(&open, "E4")), "no breaker: E4 works too");
    if let Some(mut g) = GnuGo::start() {
        for (m, works) in [("F5", true), ("E4", false)] {
            let mut moves = moves.clone();
            moves.push((Colour::Black, m.to_string()));
            assert_eq!(g.can_defend(&moves, 9, "E5"), !works, "GNU Go after B {m}");
        }
    }
}

#[test]
fn groups_not_in_atari_or_not_the_movers_are_not_read() {
    let (b, _) = setup(&LADDER_BLACK, &["E5"], Colour::Black);
    // E5 is white's, and black is to move: the question is not about a run.
    assert!(!ladder::is_captured(&b, at(&b, "E5")));
    let (b, _) = setup(&["E6"], &["E5"], Colour::White);
    assert!(!ladder::is_captured(&b, at(&b, "E5")), "three liberties: no atari");
    assert!(!ladder::is_captured(&b, at(&b, "A1")), "an empty point");
}

/// On positions from random playouts, every capture the reader claims is one GNU Go's
/// reader confirms: it proves captures, it does not guess them. (It may miss captures,
/// nets for instance, which GNU Go finds: those count as escapes.)
#[test]
fn claimed_captures_are_confirmed_by_gnugo() {
    let Some(mut g) = GnuGo::start() else { return };
    let mut rng = from_seed(2026);
    let pats = menace_go::model::pattern::compiled();
    let (mut checked, mut claimed) = (0, 0);
    for game in 0..40 {
        let mut b = Board::new(9);
        let mut moves = Vec::new();
        for _ in 0..(20 + game) {
            let Move::Play(p) = playout::policy_move(&b, &mut rng, pats) else {
                break;
            };
            moves.push((b.to_move(), vertex(&b, p)));
            b.play_unchecked(Move::Play(p));
        }
        let me = b.to_move().stone();
        for p in b.points() {
            if b.at(p) != me || b.group_of(p) != p || b.atari_lib(p).is_none() {
                continue;
            }
            checked += 1;
            if ladder::is_captured(&b, p) {
                claimed += 1;
                let v = vertex(&b, p);
                assert!(!g.can_defend(&moves, 9, &v), "game {game}: GNU Go saves {v}");
            }
        }
    }
    assert!(checked >= 20, "only {checked} groups in atari were read");
    assert!(claimed >= 5, "only {claimed} captures claimed: the test would prove little");
}
