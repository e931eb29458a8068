//! The tactical readers the playouts use, against brute force: play the move on a copy of
//! the board and count what is there (the board itself is checked against a naive rules
//! engine in `rules.rs`).

use menace_go::rules::board::{Board, Move, Point, EMPTY};
use menace_go::rules::tactics::{is_self_atari, libs_after};
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

/// Checks every legal move of `b`; how many of them capture.
fn check_position(b: &Board) -> usize {
    let mut captures = 0;
    for &p in b.empties() {
        if !b.is_legal(Move::Play(p)) {
            continue;
        }
        let (a, captured) = after(b, p);
        captures += usize::from(captured);
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
    captures
}

#[test]
fn random_positions_read_as_brute_force_does() {
    let mut captures = 0;
    for seed in 0..200 {
        for moves in [20, 40, 60] {
            captures += check_position(&random_position(9, seed, moves));
        }
    }
    // The capturing branch above means something only if captures come up.
    assert!(captures > 50, "only {captures} capturing moves");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn any_position_reads_as_brute_force_does(seed in any::<u64>(), size in prop::sample::select(vec![5usize, 7, 9, 13]), fill in 0.2f64..0.7) {
        let moves = ((size * size) as f64 * fill) as usize;
        check_position(&random_position(size, seed, moves));
    }
}
