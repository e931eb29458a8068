//! The tactical readers the playouts use, against brute force: play the move on a copy of
//! the board and count what is there (the board itself is checked against a naive rules
//! engine in `rules.rs`).

use menace_go::rules::board::{Board, Colour, Move, Point, EMPTY};
use menace_go::rules::tactics::{
    is_self_atari, libs_after, tactical_moves, two_liberty_moves, MoveList,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

use crate::support;
use support::random_position;

/// The liberties of the group at `p`, by walking its stones.
fn libs_of(b: &Board, p: Point) -> BTreeSet<Point> {
    let h = b.group_of(p);
    b.group_stones(h).flat_map(|s| b.neighbors(s)).filter(|&q| b.at(q) == EMPTY).collect()
}

/// The position after the player to move plays `p`, and whether it captured.
fn after(b: &Board, p: Point) -> (Board, bool) {
    let mut a = b.clone();
    let before = b.prisoners(b.to_move());
    a.play(Move::Play(p)).unwrap();
    let captured = a.prisoners(b.to_move()) != before;
    (a, captured)
}

/// What `two_liberty_moves` should answer, from its documentation and brute force: the
/// points that are certainly in (`must`, moves that capture nothing) and the ones that may
/// be (`may`: capturing moves, where `libs_after` may count fewer liberties than there are).
fn expected(b: &Board) -> (BTreeSet<Point>, BTreeSet<Point>) {
    let (mut must, mut may) = (BTreeSet::new(), BTreeSet::new());
    let Move::Play(last) = b.last_move() else { return (must, may) };
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut add = |l: Point, libs_needed: usize| {
        if !b.is_legal(Move::Play(l)) {
            return;
        }
        let (a, captured) = after(b, l);
        if captured {
            may.insert(l);
        } else if libs_of(&a, l).len() >= libs_needed {
            must.insert(l);
        }
    };
    let near: Vec<Point> = std::iter::once(last).chain(b.neighbors(last)).collect();
    for q in near {
        if (b.at(q) != c && b.at(q) != o) || b.group_size(b.group_of(q)) > 40 {
            continue;
        }
        let libs = libs_of(b, q);
        if libs.len() != 2 {
            continue;
        }
        if b.at(q) == o {
            libs.iter().for_each(|&l| add(l, 2)); // an atari that is not a self-atari
            continue;
        }
        libs.iter().for_each(|&l| add(l, 3)); // extend to three liberties
        let stones: Vec<Point> = b.group_stones(b.group_of(q)).collect();
        for s in stones {
            for e in b.neighbors(s) {
                if b.at(e) == o {
                    let theirs = libs_of(b, e);
                    if theirs.len() <= 2 {
                        theirs.iter().for_each(|&l| add(l, 2));
                    }
                }
            }
        }
    }
    (must, may)
}

fn check_position(b: &Board) {
    for &p in b.empties() {
        if !b.is_legal(Move::Play(p)) {
            continue;
        }
        let (a, captured) = after(b, p);
        let truth = libs_of(&a, p).len();
        for max in 1..=4 {
            let got = libs_after(b, p, max);
            if captured {
                assert!(got <= truth.min(max), "libs_after({p:?}, {max}) = {got} > {truth}\n{b:?}");
            } else {
                assert_eq!(got, truth.min(max), "libs_after({p:?}, {max})\n{b:?}");
            }
        }
        if !captured {
            assert_eq!(is_self_atari(b, p), truth < 2, "is_self_atari({p:?})\n{b:?}");
        }
    }
    let mut out = MoveList::default();
    two_liberty_moves(b, &mut out);
    let got: BTreeSet<Point> = out.as_slice().iter().copied().collect();
    let (must, may) = expected(b);
    assert!(must.is_subset(&got), "missing {:?}\n{b:?}", must.difference(&got).collect::<Vec<_>>());
    let extra: Vec<_> = got.iter().filter(|p| !must.contains(p) && !may.contains(p)).collect();
    assert!(extra.is_empty(), "not race moves: {extra:?}\n{b:?}");
}

#[test]
fn random_positions_read_as_brute_force_does() {
    let mut races = 0;
    for seed in 0..200 {
        for moves in [20, 40, 60] {
            let b = random_position(9, seed, moves);
            check_position(&b);
            races += usize::from(!expected(&b).0.is_empty());
        }
    }
    // The check above means something only if races come up.
    assert!(races > 50, "only {races} positions with a race move");
}

/// A race black wins by moving first: white's last move (row 4, column 1) leaves its
/// group with two liberties (5,1 and 5,2) beside black's corner group, which has two too.
/// The race moves are the two ataris, 5,1 (two liberties of its own, 5,2 and 6,1) and 5,2
/// (it joins black's outer wall); neither of black's own liberties gives the corner a
/// third. The basic playouts see nothing urgent here (no group is in atari).
#[test]
fn black_ataris_first_in_a_race_on_the_edge() {
    let mut b = Board::from_diagram(
        "
        . X O X . . .
        . X O X . . .
        X X O X . . .
        . O O X . . .
        . . X X . . .
        . . . . . . .
        . . . . . . .
        ",
        Colour::White,
    )
    .unwrap();
    let pt = |r: usize, c: usize| b.point(r - 1, c - 1);
    let last = pt(4, 1);
    let ataris = [pt(5, 1), pt(5, 2)];
    b.play(Move::Play(last)).unwrap();
    let mut out = MoveList::default();
    two_liberty_moves(&b, &mut out);
    let mut got = out.as_slice().to_vec();
    got.sort();
    assert_eq!(got, ataris);
    let mut basic = MoveList::default();
    tactical_moves(&b, &mut basic);
    assert!(basic.as_slice().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn any_position_reads_as_brute_force_does(seed in any::<u64>(), size in prop::sample::select(vec![5usize, 7, 9, 13]), fill in 0.2f64..0.7) {
        let moves = ((size * size) as f64 * fill) as usize;
        check_position(&random_position(size, seed, moves));
    }
}
