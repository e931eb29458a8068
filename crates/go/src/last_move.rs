//! Guessing the opponent's last move from a bare board.
//!
//! The king-of-the-hill bot sees only the stones, never the history, so the search starts
//! without the one fact that tells it where the fight is: the move it must answer. Its
//! playouts answer the last move first (captures, escapes, 3x3 shapes around it) and the
//! learned priors favour moves near it; without it, a push into our area in the middle of
//! a fight looks no more urgent than a quiet point in a corner (the losses this was found
//! in are described in `docs/go.md`).
//!
//! The guess is learned, as the move model is (Coulom's generalised Bradley-Terry model,
//! fitted by [`crate::mm`]): in every position of professional games, the stones of the
//! player who just moved compete to be the last move, each a team of the features of
//! [`features`] read on the board as it stands (the fresh stone's contact with our
//! stones, the liberties on both sides, its shape, how open its surroundings are), and
//! the stone played wins. The weights are `crates/go/data/last-move.bin`.
//!
//! ```
//! use menace_go::board::{Board, Colour, Move};
//! use menace_go::last_move;
//!
//! // White has just answered black's hane with a cut; white's corner stone is old.
//! let b = Board::from_diagram(
//!     ".........\n\
//!      .........\n\
//!      ..O......\n\
//!      .........\n\
//!      ....XO...\n\
//!      ....OX...\n\
//!      .........\n\
//!      .........\n\
//!      .........\n",
//!     Colour::Black,
//! )
//! .unwrap();
//! let guess = last_move::guess(&b).unwrap();
//! assert_ne!(guess, b.point(2, 2), "the lone corner stone is not the likely last move");
//! ```

use std::sync::OnceLock;

use super::board::{Board, Point, BLACK, WHITE};
use super::features::{canonical_pattern, Features, Group, ABSENT, GROUPS};
use super::move_model::MoveModel;

/// The weights that ship with the bot (see `crates/go/data/README.md`).
static BUILTIN: &[u8] = include_bytes!("../data/last-move.bin");

/// The learned strengths of [`features`], parsed once.
pub fn builtin() -> &'static MoveModel {
    static M: OnceLock<MoveModel> = OnceLock::new();
    M.get_or_init(|| MoveModel::from_bytes(BUILTIN).expect("the built-in last-move model is valid"))
}

/// The features of the opponent's stone at `s` as a candidate for the last move, read on
/// `b` as it stands (`b.to_move()` is the player who must answer). They reuse the move
/// model's [`Features`] slots, so that [`crate::mm`] learns them and [`MoveModel`] stores
/// them unchanged; the slots mean here:
///
/// - `Pattern3`: the 3x3 shape around the stone, seen by its owner, canonical;
/// - `DistLast`: our groups touching it: `4 * (least liberties - 1) + stones of ours
///   touching it` (liberties and stones counted up to 4), 17 when none touches it;
/// - `DistLast2`: its own group: `3 * (liberties - 1) + size class + 1` (liberties up to
///   4; size 1, 2 to 4, 5 or more);
/// - `Capture`: how open its 5x5 surroundings are, 1 to 4 (0 to 6, 7 to 12, 13 to 18,
///   19 to 24 empty points);
/// - `Line`: the line it stands on, 1 to 4, 5 beyond.
pub fn features(b: &Board, s: Point) -> Features {
    let them = b.to_move().opponent();
    let us = b.to_move().stone();
    let mut f = [ABSENT; GROUPS];
    f[Group::Pattern3 as usize] = canonical_pattern(b.env8(s), them);
    let mut seen = [s; 4];
    let (mut k, mut touching, mut least) = (0, 0usize, usize::MAX);
    for q in b.neighbors(s) {
        if b.at(q) != us {
            continue;
        }
        touching += 1;
        let h = b.group_of(q);
        if !seen[..k].contains(&h) {
            seen[k] = h;
            k += 1;
            least = least.min(b.count_libs(h, 4));
        }
    }
    f[Group::DistLast as usize] =
        if touching == 0 { 17 } else { (4 * (least.clamp(1, 4) - 1) + touching.min(4)) as u16 };
    let own = b.group_of(s);
    let size = match b.group_size(own) {
        1 => 0,
        2..=4 => 1,
        _ => 2,
    };
    f[Group::DistLast2 as usize] = (3 * (b.count_libs(own, 4).clamp(1, 4) - 1) + size + 1) as u16;
    let (r, c) = b.row_col(s);
    let n = b.size();
    let mut empty = 0;
    for dr in -2i32..=2 {
        for dc in -2i32..=2 {
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if (dr, dc) != (0, 0) && (0..n as i32).contains(&rr) && (0..n as i32).contains(&cc) {
                let cell = b.at(b.point(rr as usize, cc as usize));
                empty += u16::from(cell != BLACK && cell != WHITE);
            }
        }
    }
    f[Group::Capture as usize] = match empty {
        0..=6 => 1,
        7..=12 => 2,
        13..=18 => 3,
        _ => 4,
    };
    f[Group::Line as usize] = (r.min(c).min(n - 1 - r).min(n - 1 - c) + 1).min(5) as u16;
    Features(f)
}

/// The opponent's stones of `b` with their features, in board order: the candidates of
/// one guess.
pub fn candidates(b: &Board) -> (Vec<Point>, Vec<Features>) {
    let them = b.to_move().opponent().stone();
    b.points().filter(|&p| b.at(p) == them).map(|p| (p, features(b, p))).unzip()
}

/// The opponent's stone most likely to have been the last move on `b` (the player to
/// move is `b.to_move()`), by the built-in model; `None` when the opponent has no stone.
/// Ties go to the first point in board order, so the guess is deterministic.
pub fn guess(b: &Board) -> Option<Point> {
    ranked(b, builtin()).first().map(|&(p, _)| p)
}

/// Every opponent stone with its strength as the last move under `model`, strongest
/// first (ties in board order).
pub fn ranked(b: &Board, model: &MoveModel) -> Vec<(Point, f32)> {
    let (points, feats) = candidates(b);
    let mut out: Vec<(Point, f32)> =
        points.into_iter().zip(feats.iter().map(|f| model.strength(f))).collect();
    // Stable sort: equal strengths keep board order.
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}
