//! Nim: the rules and the XOR rule checked against brute-force minimax ([`Solver`]) on
//! every position of several row sets; notation round trips; a parser that never
//! panics; the strategy table.

use std::collections::BTreeSet;

use menace_core::game::{Game, Outcome, Side};
use menace_core::nim::{
    all_agree, format_table, reachable, strategy_table, Agreement, Nim, NimPos,
};
use menace_core::solve::Solver;
use proptest::prelude::*;

const ROW_SETS: &[&[u8]] =
    &[&[3, 4, 5], &[1, 2, 3], &[2, 2], &[5], &[1, 1, 1, 1], &[4, 6, 7], &[2, 3, 5, 6]];

/// Every position of a game (all row sizes up to the start, both sides to move), by
/// counting through the mixed-radix numbers independently of `Nim::key`.
fn all_positions(game: &Nim) -> Vec<NimPos> {
    let rows = game.rows();
    let mut out = Vec::new();
    let mut cur = vec![0u8; rows.len()];
    loop {
        for side in [Side::First, Side::Second] {
            out.push(game.position(&cur, side).unwrap());
        }
        let mut i = 0;
        loop {
            if i == rows.len() {
                return out;
            }
            if cur[i] < rows[i] {
                cur[i] += 1;
                break;
            }
            cur[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn the_xor_rule_matches_exhaustive_search_everywhere() {
    for &rows in ROW_SETS {
        let game = Nim::new(rows).unwrap();
        let mut solver = Solver::new(game);
        let mut moves = Vec::new();
        for p in all_positions(&game) {
            let v = solver.value(p);
            // Brute force says: won for the mover exactly when the XOR is not 0.
            assert_eq!(v == 1, p.nim_sum() != 0, "{rows:?} {p:?}");
            assert_ne!(v, 0, "Nim has no draws");
            if v == 1 {
                // The XOR moves are exactly the winning moves.
                let mut best = Vec::new();
                solver.best_moves(p, &mut best);
                assert_eq!(game.xor_moves(p), best, "{rows:?} {p:?}");
            } else {
                assert!(game.xor_moves(p).is_empty());
            }
            game.legal_moves(p, &mut moves);
            assert_eq!(moves.len() as u32, p.counters(), "one move per counter count per row");
        }
    }
}

#[test]
fn taking_the_last_counter_wins() {
    let game = Nim::new(&[1, 2]).unwrap();
    let p = game.position(&[0, 1], Side::Second).unwrap();
    assert_eq!(game.outcome(p), None);
    let q = game.play(p, game.parse_move(p, "2:1").unwrap());
    assert_eq!(game.outcome(q), Some(Outcome::Win(Side::Second)));
    let mut m = vec![7];
    game.legal_moves(q, &mut m);
    assert!(m.is_empty());
    assert_eq!(game.start().to_move, Side::First);
    assert_eq!(game.play(game.start(), 0).to_move, Side::Second);
}

#[test]
fn keys_are_dense_and_distinct() {
    for &rows in ROW_SETS {
        let game = Nim::new(rows).unwrap();
        let all = all_positions(&game);
        let keys: BTreeSet<usize> = all.iter().map(|&p| game.key(p)).collect();
        assert_eq!(keys.len(), all.len());
        assert_eq!(game.key_space(), all.len(), "every key is used");
        assert!(keys.iter().all(|&k| k < game.key_space()));
    }
}

#[test]
fn format_and_parse_round_trip_on_every_legal_move() {
    let game = Nim::default();
    let mut moves = Vec::new();
    for p in all_positions(&game) {
        game.legal_moves(p, &mut moves);
        for &m in &moves {
            let text = game.format_move(p, m);
            assert_eq!(game.parse_move(p, &text), Ok(m), "{text}");
            assert!(m < game.move_count());
        }
    }
    let s = game.start();
    assert_eq!(game.format_move(s, game.parse_move(s, " 2:3 ").unwrap()), "2:3");
    let after = game.play(s, game.parse_move(s, "3:5").unwrap());
    assert_eq!(&after.rows[..3], &[3, 4, 0]);
}

#[test]
fn bad_moves_are_refused_with_a_reason() {
    let game = Nim::default();
    let s = game.start();
    for (text, needle) in [
        ("", "ROW:TAKE"),
        ("2", "ROW:TAKE"),
        ("2-3", "ROW:TAKE"),
        (":3", "ROW:TAKE"),
        ("2:", "ROW:TAKE"),
        ("+2:1", "ROW:TAKE"),
        ("2:3:4", "ROW:TAKE"),
        ("99999999999999999999:1", "ROW:TAKE"),
        ("0:1", "no row 0"),
        ("4:1", "no row 4"),
        ("1:0", "at least one"),
        ("1:4", "row 1 has 3 counters"),
    ] {
        let e = game.parse_move(s, text).unwrap_err();
        assert!(e.contains(needle), "{text:?}: {e}");
    }
    let empty_row = game.position(&[3, 0, 5], Side::First).unwrap();
    assert!(game.parse_move(empty_row, "2:1").unwrap_err().contains("has 0 counters"));
    let over = game.position(&[0, 0, 0], Side::First).unwrap();
    assert!(game.parse_move(over, "1:1").unwrap_err().contains("over"));
}

#[test]
fn bad_rows_are_refused() {
    assert!(Nim::new(&[]).unwrap_err().contains("at least one row"));
    assert!(Nim::new(&[3, 0]).unwrap_err().contains("row 2 is empty"));
    assert!(Nim::new(&[64]).unwrap_err().contains("at most 63"));
    assert!(Nim::new(&[1; 9]).unwrap_err().contains("at most 8 rows"));
    assert!(Nim::new(&[63; 5]).unwrap_err().contains("positions"));
    assert_eq!(Nim::parse_rows(" 3, 4,5").unwrap(), Nim::default());
    for bad in ["", "3,,5", "3,x", "-1", "3.5", "1000", "1,1,1,1,1,1,1,1,1"] {
        assert!(Nim::parse_rows(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn render_draws_one_line_per_row() {
    let game = Nim::default();
    assert_eq!(game.render(game.start()), ["1: |||   3", "2: ||||  4", "3: ||||| 5"]);
}

/// The positions with the first player to move reachable from 3-4-5, counted by a
/// search over (rows, moves made) that shares nothing with `nim::reachable`.
#[test]
fn the_table_covers_every_reachable_position_and_judges_it() {
    let game = Nim::default();
    let mut seen = BTreeSet::new();
    let mut stack = vec![([3u8, 4, 5], 0u8)];
    while let Some((rows, parity)) = stack.pop() {
        if !seen.insert((rows, parity)) || rows == [0, 0, 0] {
            continue;
        }
        for i in 0..3 {
            for take in 1..=rows[i] {
                let mut r = rows;
                r[i] -= take;
                stack.push((r, parity ^ 1));
            }
        }
    }
    let expected: BTreeSet<[u8; 3]> =
        seen.iter().filter(|&&(r, par)| par == 0 && r != [0, 0, 0]).map(|&(r, _)| r).collect();
    let got: BTreeSet<[u8; 3]> =
        reachable(&game, Side::First).iter().map(|p| [p.rows[0], p.rows[1], p.rows[2]]).collect();
    assert_eq!(got, expected);
    assert_eq!(reachable(&game, Side::First)[0], game.start());

    // A perfect player agrees everywhere; one that always takes a single counter from
    // the first non-empty row does not.
    let perfect = strategy_table(&game, Side::First, |p| {
        let x = game.xor_moves(p);
        if x.is_empty() {
            vec![0]
        } else {
            x
        }
    });
    assert!(all_agree(&perfect));
    assert_eq!(perfect.len(), expected.len());
    let naive = strategy_table(&game, Side::First, |p| {
        let mut m = Vec::new();
        game.legal_moves(p, &mut m);
        vec![m[0]]
    });
    assert!(!all_agree(&naive));
    let start = &naive[0];
    assert_eq!(start.agreement, Agreement::Disagrees, "1:1 from 3-4-5 leaves 2^4^5 = 3");
    assert_eq!(game.format_move(start.pos, start.xor_moves[0]), "1:2");
    // A tie between an XOR move and another one does not count as agreeing.
    let tied = strategy_table(&game, Side::First, |p| {
        let mut m = game.xor_moves(p);
        let mut all = Vec::new();
        game.legal_moves(p, &mut all);
        m.extend(all.into_iter().find(|x| !m.contains(x)));
        m
    });
    // (Unless every legal move reaches nim-sum 0, as with a single counter left.)
    for r in &tied {
        let only_xor = r.preferred == r.xor_moves;
        assert_eq!(r.agreement == Agreement::Agrees, only_xor, "{:?}", r.pos);
    }
    assert!(tied.iter().filter(|r| r.agreement == Agreement::Disagrees).count() > 10);
    let lines = format_table(&game, &perfect);
    assert_eq!(lines.len(), perfect.len() + 2);
    assert!(lines[1].starts_with("3-4-5") && lines[1].contains("1:2") && lines[1].ends_with("yes"));
}

proptest! {
    #[test]
    fn parse_move_never_panics(text in ".{0,12}", rows in prop::collection::vec(0u8..6, 3)) {
        let game = Nim::default();
        let rows: Vec<u8> = rows.iter().zip(game.rows()).map(|(&r, &s)| r.min(s)).collect();
        let p = game.position(&rows, Side::First).unwrap();
        if let Ok(m) = game.parse_move(p, &text) {
            let mut legal = Vec::new();
            game.legal_moves(p, &mut legal);
            prop_assert!(legal.contains(&m));
        }
    }

    #[test]
    fn parse_move_never_panics_on_number_pairs(a in 0u64..100_000, b in 0u64..100_000) {
        let game = Nim::default();
        let _ = game.parse_move(game.start(), &format!("{a}:{b}"));
    }
}
