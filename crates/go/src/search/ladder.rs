//! Ladder reading: does a group in atari escape by running, or does the chase take it?
//!
//! Random playouts seldom chase a ladder the right way (the chaser must keep the runner in
//! atari on the right side, move after move), so a Monte-Carlo search believes that running
//! out of a ladder works, and gives the runs the tactical priors of an atari escape. A
//! strong opponent punishes that: each step adds a stone to the lost group. This module
//! reads the chase exhaustively, within a node budget, on copies of the board.
//!
//! The reader proves captures only: when the budget runs out, the group counts as
//! escaping, so an unreadable fight is never called lost.
//!
//! ```
//! use menace_go::rules::board::{Board, Colour};
//! use menace_go::search::ladder;
//! // White's stone at C3 (row 6, column 2) is in atari in the corner's ladder.
//! let b = Board::from_diagram(
//!     ". . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . X . . . .
//!      . X O X . . .
//!      . . . . . . .",
//!     Colour::White,
//! )
//! .unwrap();
//! let white = b.point(5, 2);
//! assert!(ladder::is_captured(&b, white));
//! ```

use crate::rules::board::{Board, Move, Point, EMPTY};
use crate::rules::tactics::MoveList;

/// Positions a reading may visit. A ladder across a 19x19 board is about 40 plies and the
/// chaser's wrong choice is refuted at once, so real ladders stay far below it.
const MAX_NODES: u32 = 400;

/// Is the group of the stone `s`, which is in atari and belongs to the player to move,
/// lost however it runs? Its options are extending at its liberty and capturing a
/// neighbouring group in atari; the chaser answers every run that leaves two liberties
/// with an atari. `false` when the group is not in atari, when a run reaches three
/// liberties, or when the reading exceeds its budget.
pub fn is_captured(b: &Board, s: Point) -> bool {
    if b.at(s) != b.to_move().stone() || b.atari_lib(b.group_of(s)).is_none() {
        return false;
    }
    let mut budget = MAX_NODES;
    !escapes(b, s, &mut budget)
}

/// Does playing `p` put the opponent's group next to it, which has two liberties, in an
/// atari it cannot escape (a working ladder or net on the first step)? The player to move
/// plays `p`.
pub fn captures_by_chase(b: &Board, p: Point) -> bool {
    if !b.is_legal(Move::Play(p)) {
        return false;
    }
    let o = b.to_move().opponent().stone();
    let mut x = b.clone();
    x.play_unchecked(Move::Play(p));
    let mut budget = MAX_NODES;
    b.neighbors(p).into_iter().any(|q| {
        b.at(q) == o
            && x.at(q) == o
            && liberties(b, q).len == 2
            && x.atari_lib(x.group_of(q)).is_some()
            && !escapes(&x, q, &mut budget)
    })
}

/// The liberties of the group of `s`, if it has exactly two, where an atari by the player
/// to move wins a chase ([`captures_by_chase`]); none for any other group.
pub fn winning_chases(b: &Board, s: Point) -> impl Iterator<Item = Point> + '_ {
    let libs = liberties(b, s);
    let n = if libs.len == 2 { 2 } else { 0 };
    libs.pts.into_iter().take(n).filter(move |&a| captures_by_chase(b, a))
}

/// Up to three liberties of the group of `s`.
struct Libs {
    pts: [Point; 3],
    len: usize,
}

fn liberties(b: &Board, s: Point) -> Libs {
    let mut l = Libs { pts: [s; 3], len: 0 };
    for t in b.group_stones(b.group_of(s)) {
        for q in b.neighbors(t) {
            if b.at(q) == EMPTY && !l.pts[..l.len].contains(&q) {
                l.pts[l.len] = q;
                l.len += 1;
                if l.len == 3 {
                    return l;
                }
            }
        }
    }
    l
}

/// The runner (the player to move) owns the group of `s`, in atari: can it get out?
fn escapes(b: &Board, s: Point, budget: &mut u32) -> bool {
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    let h = b.group_of(s);
    let Some(lib) = b.atari_lib(h) else { return true };
    let o = b.to_move().opponent().stone();
    let mut options = MoveList::default();
    for t in b.group_stones(h) {
        for q in b.neighbors(t) {
            if b.at(q) == o {
                if let Some(c) = b.atari_lib(b.group_of(q)) {
                    options.push(c);
                }
            }
        }
    }
    options.push(lib);
    for &m in options.as_slice() {
        let m = Move::Play(m);
        if !b.is_legal(m) {
            continue;
        }
        let mut x = b.clone();
        x.play_unchecked(m);
        match liberties(&x, s).len {
            3 => return true,
            2 if !chased(&x, s, budget) => return true,
            _ => {}
        }
    }
    false
}

/// The chaser is to move against the group of `s`, which has two liberties: does an
/// atari on one of them win?
fn chased(b: &Board, s: Point, budget: &mut u32) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let libs = liberties(b, s);
    for &a in &libs.pts[..libs.len] {
        let a = Move::Play(a);
        if !b.is_legal(a) {
            continue;
        }
        let mut x = b.clone();
        x.play_unchecked(a);
        if x.atari_lib(x.group_of(s)).is_some() && !escapes(&x, s, budget) {
            return true;
        }
    }
    false
}
