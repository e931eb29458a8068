//! Hexapawn: the rules checked against an independent move generator on a character
//! grid over every reachable position; hand-made positions for each way to win; the
//! solver's verdict; the mirror symmetry; the learner's matchboxes (Gardner's HER had 24).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use menace_core::choice::hexapawn_winner;
use menace_core::game::{Game, Outcome, Side};
use menace_core::hexapawn::{HexPos, Hexapawn};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::solve::Solver;
use proptest::prelude::*;

const G: Hexapawn = Hexapawn;

/// A grid `g[rank][file]` (rank 0 = White's home rank) of b'W', b'B', b'.'.
type Grid = [[u8; 3]; 3];

fn grid(p: HexPos) -> Grid {
    let s = G.board_string(p);
    let b = s.as_bytes();
    let mut g = [[b'.'; 3]; 3];
    for (i, &c) in b.iter().enumerate() {
        g[2 - i / 3][i % 3] = c;
    }
    g
}

fn name(rank: usize, file: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Gardner's rules, written out on the grid: the legal moves in notation, or the
/// winner if the game is over.
fn independent(g: &Grid, white_to_move: bool) -> Result<BTreeSet<String>, char> {
    let count = |c: u8| g.iter().flatten().filter(|&&x| x == c).count();
    if g[2].contains(&b'W') || count(b'B') == 0 {
        return Err('W');
    }
    if g[0].contains(&b'B') || count(b'W') == 0 {
        return Err('B');
    }
    let (me, them, dr): (u8, u8, i32) =
        if white_to_move { (b'W', b'B', 1) } else { (b'B', b'W', -1) };
    let mut out = BTreeSet::new();
    for r in 0..3i32 {
        for f in 0..3i32 {
            if g[r as usize][f as usize] != me {
                continue;
            }
            let nr = r + dr;
            if !(0..3).contains(&nr) {
                continue;
            }
            if g[nr as usize][f as usize] == b'.' {
                out.insert(format!(
                    "{}-{}",
                    name(r as usize, f as usize),
                    name(nr as usize, f as usize)
                ));
            }
            for nf in [f - 1, f + 1] {
                if (0..3).contains(&nf) && g[nr as usize][nf as usize] == them {
                    out.insert(format!(
                        "{}x{}",
                        name(r as usize, f as usize),
                        name(nr as usize, nf as usize)
                    ));
                }
            }
        }
    }
    if out.is_empty() {
        return Err(if white_to_move { 'B' } else { 'W' });
    }
    Ok(out)
}

fn reachable() -> Vec<HexPos> {
    let mut seen = BTreeSet::from([G.start()]);
    let mut stack = vec![G.start()];
    let mut moves = Vec::new();
    while let Some(p) = stack.pop() {
        G.legal_moves(p, &mut moves);
        for &m in &moves {
            let q = G.play(p, m);
            if seen.insert(q) {
                stack.push(q);
            }
        }
    }
    seen.into_iter().collect()
}

#[test]
fn rules_match_an_independent_generator_on_every_reachable_position() {
    let all = reachable();
    let mut moves = Vec::new();
    let mut keys = BTreeSet::new();
    for &p in &all {
        assert!(keys.insert(G.key(p)) && G.key(p) < G.key_space());
        let expected = independent(&grid(p), p.to_move == Side::First);
        G.legal_moves(p, &mut moves);
        match expected {
            Err(w) => {
                let winner = if w == 'W' { Side::First } else { Side::Second };
                assert_eq!(G.outcome(p), Some(Outcome::Win(winner)), "{}", G.board_string(p));
                assert!(moves.is_empty());
            }
            Ok(legal) => {
                assert_eq!(G.outcome(p), None);
                let got: BTreeSet<String> = moves.iter().map(|&m| G.format_move(p, m)).collect();
                assert_eq!(got, legal, "{} {:?}", G.board_string(p), p.to_move);
                for &m in &moves {
                    assert_eq!(G.parse_move(p, &G.format_move(p, m)), Ok(m));
                    assert_eq!(G.play(p, m).to_move, p.to_move.other());
                }
            }
        }
    }
    // Pinned so that a change in the rules shows up here too.
    assert_eq!(all.len(), 135, "positions reachable from the start");
}

#[test]
fn opening_moves_and_a_capture() {
    let s = G.start();
    assert_eq!(G.board_string(s), "BBB...WWW");
    let mut m = Vec::new();
    G.legal_moves(s, &mut m);
    let names: Vec<String> = m.iter().map(|&x| G.format_move(s, x)).collect();
    assert_eq!(names, ["a1-a2", "b1-b2", "c1-c2"]);
    // After b1-b2, Black can capture it from a3 or c3, or push a3 or c3.
    let p = G.play(s, G.parse_move(s, "b1-b2").unwrap());
    G.legal_moves(p, &mut m);
    let names: BTreeSet<String> = m.iter().map(|&x| G.format_move(p, x)).collect();
    let want: BTreeSet<String> =
        ["a3-a2", "a3xb2", "c3xb2", "c3-c2"].iter().map(|s| s.to_string()).collect();
    assert_eq!(names, want);
    let q = G.play(p, G.parse_move(p, "a3xb2").unwrap());
    assert_eq!(G.board_string(q), ".BB.B.W.W");
    assert_eq!(q.to_move, Side::First);
    assert_eq!(
        G.render(q),
        ["3 . B B", "2 . B .", "1 W . W", "  a b c"].map(String::from).to_vec()
    );
}

#[test]
fn each_way_to_win() {
    // Reaching the far rank.
    let p = G.position("B.B.W....", Side::First).unwrap();
    let q = G.play(p, G.parse_move(p, "b2-b3").unwrap());
    assert_eq!(G.outcome(q), Some(Outcome::Win(Side::First)));
    // Black reaching rank 1, straight or by a capture.
    let p = G.position("...B...WW", Side::Second).unwrap();
    for mv in ["a2-a1", "a2xb1"] {
        let q = G.play(p, G.parse_move(p, mv).unwrap());
        assert_eq!(G.outcome(q), Some(Outcome::Win(Side::Second)), "{mv}");
    }
    // Capturing every enemy pawn (White takes the last black pawn on rank 2).
    let p = G.position("....B.W..", Side::First).unwrap();
    let q = G.play(p, G.parse_move(p, "a1xb2").unwrap());
    assert_eq!(G.board_string(q), "....W....");
    assert_eq!(G.outcome(q), Some(Outcome::Win(Side::First)));
    // The opponent cannot move: Black's only pawn is blocked head-on.
    let p = G.position("B..W.....", Side::Second).unwrap();
    assert_eq!(G.outcome(p), Some(Outcome::Win(Side::First)));
    let p = G.position("B.........", Side::Second);
    assert!(p.is_none(), "ten characters");
    // Not over: Black blocked but White to move with a move.
    let p = G.position("B..W....W", Side::First).unwrap();
    assert_eq!(G.outcome(p), None);
}

#[test]
fn bad_moves_are_refused_with_a_reason() {
    let s = G.start();
    for (text, needle) in [
        ("", "not a hexapawn move"),
        ("a1a2", "not a hexapawn move"),
        ("a1-a4", "not a hexapawn move"),
        ("d1-d2", "not a hexapawn move"),
        ("a1+a2", "not a hexapawn move"),
        ("a2-a3", "no pawn on a2"),
        ("a3-a2", "White has no pawn on a3"),
        ("a1-a3", "cannot reach a3"),
        ("a1-b2", "diagonal move is a capture"),
        ("a1xb2", "no enemy pawn on b2"),
        ("a1xa2", "straight move"),
        ("b1-a1", "cannot reach"),
    ] {
        let e = G.parse_move(s, text).unwrap_err();
        assert!(e.contains(needle), "{text:?}: {e}");
    }
    assert_eq!(G.parse_move(s, " B1-B2 ").map(|m| G.format_move(s, m)), Ok("b1-b2".into()));
    let p = G.position("B..W....W", Side::First).unwrap();
    assert!(G.parse_move(p, "a2-a3").unwrap_err().contains("occupied"));
}

#[test]
fn black_wins_with_perfect_play() {
    let mut solver = Solver::new(G);
    assert_eq!(solver.value(G.start()), -1, "White, to move at the start, loses");
    assert_eq!(hexapawn_winner(), Side::Second);
    // Every White opening loses.
    let mut m = Vec::new();
    G.legal_moves(G.start(), &mut m);
    for mv in m {
        assert_eq!(solver.move_value(G.start(), mv), -1);
    }
}

#[test]
fn the_mirror_maps_positions_and_moves_consistently() {
    let mut moves = Vec::new();
    for p in reachable() {
        let (c, s) = G.canonical(p);
        assert!(c == p || c == p.mirror());
        assert!(c <= p && c <= p.mirror());
        assert_eq!(s == 1, c != p);
        G.legal_moves(p, &mut moves);
        for &m in &moves {
            let mm = G.move_to_canonical(1, m);
            assert_eq!(G.play(p.mirror(), mm), G.play(p, m).mirror());
            assert_eq!(G.move_from_canonical(1, mm), m);
            let cm = G.move_to_canonical(s, m);
            assert_eq!(G.play(c, cm), if s == 1 { G.play(p, m).mirror() } else { G.play(p, m) });
        }
    }
}

/// The learner's boxes: Black positions met after any White play, game not over, at
/// least two legal moves, one per mirror pair. Counted here from the grid generator.
#[test]
fn the_learner_needs_the_boxes_we_count() {
    let mut by_ply: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    let mut forced = 0;
    let mut depth: HashMap<HexPos, usize> = HashMap::from([(G.start(), 0)]);
    let mut queue = std::collections::VecDeque::from([G.start()]);
    let mut moves = Vec::new();
    while let Some(p) = queue.pop_front() {
        let d = depth[&p];
        G.legal_moves(p, &mut moves);
        if p.to_move == Side::Second {
            if let Ok(legal) = independent(&grid(p), false) {
                let s = G.board_string(p);
                let mirrored: String = s
                    .as_bytes()
                    .chunks(3)
                    .flat_map(|r| r.iter().rev())
                    .map(|&b| b as char)
                    .collect();
                if legal.len() >= 2 {
                    by_ply.entry(d).or_default().insert(s.clone().min(mirrored));
                } else {
                    forced += 1;
                }
            }
        }
        for &m in &moves {
            let q = G.play(p, m);
            depth.entry(q).or_insert_with(|| {
                queue.push_back(q);
                d + 1
            });
        }
    }
    let counts: Vec<(usize, usize)> = by_ply.iter().map(|(&d, s)| (d, s.len())).collect();
    assert_eq!(counts, [(1, 2), (3, 9), (5, 6)], "boxes by the ply Black meets them");
    let total: usize = counts.iter().map(|c| c.1).sum();
    let machine = Matchboxes::new(G, Side::Second, BeadRules::challenge());
    assert_eq!(machine.len(), total);
    assert_eq!(total, 17, "Gardner's HER had 24: see docs/learners.md");
    // Forced positions (one legal move): two at ply 3 and two at ply 5, one mirror pair
    // each, so 19 classes of positions in all where Black has to move.
    assert_eq!(forced, 4);
}

proptest! {
    #[test]
    fn parse_move_never_panics(text in ".{0,8}", pick in 0usize..200) {
        let all = reachable();
        let p = all[pick % all.len()];
        if let Ok(m) = G.parse_move(p, &text) {
            let mut legal = Vec::new();
            G.legal_moves(p, &mut legal);
            prop_assert!(legal.contains(&m));
        }
    }

    #[test]
    fn parse_move_never_panics_on_near_misses(
        a in "[a-eA-E0-4x\\-]{5}", pick in 0usize..200,
    ) {
        let all = reachable();
        let _ = G.parse_move(all[pick % all.len()], &a);
    }
}

/// Against perfect White, MENACE (challenge beads) loses once per bead that starts on a
/// move throwing the win away, in the boxes it meets while it never throws the win away:
/// perfect White punishes every such bead and never lets a bead be added to one.
#[test]
fn menace_against_perfect_play_loses_once_per_blunder_bead() {
    use menace_core::learn::{play, Perfect};
    let mut s = Solver::new(G);
    let mut m = Matchboxes::new(G, Side::Second, BeadRules::challenge());
    let mut seen = BTreeSet::new();
    let mut stack = vec![G.start()];
    let mut mv = Vec::new();
    while let Some(p) = stack.pop() {
        if G.outcome(p).is_some() || !seen.insert(p) {
            continue;
        }
        if p.to_move == Side::Second {
            s.best_moves(p, &mut mv);
        } else {
            G.legal_moves(p, &mut mv);
        }
        stack.extend(mv.iter().map(|&x| G.play(p, x)));
    }
    let boxes: BTreeSet<usize> = seen.iter().filter_map(|&p| m.box_of(p)).map(|b| b.0).collect();
    let mut blunder_beads = 0;
    for &b in &boxes {
        let p = m.position(b);
        for x in m.legal(b) {
            if s.move_value(p, x) < 0 {
                blunder_beads += m.beads(b)[x];
            }
        }
    }
    assert_eq!((boxes.len(), blunder_beads), (13, 32));
    let mut white = Perfect::new(G);
    let mut rng = menace_stats::rng::from_seed(1);
    let mut losses = 0;
    for _ in 0..10_000 {
        if play(&G, &mut white, &mut m, &mut rng) == Outcome::Win(Side::First) {
            losses += 1;
        }
    }
    assert_eq!(losses, blunder_beads);
}
