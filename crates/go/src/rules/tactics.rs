//! Tactical facts about a position that the playouts, the tree's priors, the move
//! features and the ladder reader all ask: captures, self-ataris, the moves that take or
//! save a group in atari. They read the board only (no search, no randomness), so they live
//! with the rules; [`MoveList`] holds their answers on the stack, since playouts must not
//! allocate.

use crate::rules::board::{Board, Move, Point, EMPTY};

/// A small list of candidate points on the stack.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Point; 32],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Point::new(0); 32], len: 0 }
    }
}

impl MoveList {
    /// Adds `m` unless it is there already or the list is full.
    #[inline]
    pub fn push(&mut self, m: Point) {
        if self.len < self.moves.len() && !self.moves[..self.len].contains(&m) {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// The points.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.moves[..self.len]
    }
}

/// Would the player to move, playing at the empty point `p`, leave the group containing
/// `p` with a single liberty (or none)? Capturing counts as gaining liberties.
pub fn is_self_atari(b: &Board, p: Point) -> bool {
    libs_after(b, p, 2) < 2
}

/// The liberties of the group containing `p` once the player to move plays at the empty
/// point `p`, counted up to `max` (at most 4): `p`'s empty neighbours, the liberties of the
/// friendly groups it joins, and the enemy stones next to `p` that it captures. Exact when
/// the move captures nothing; a capture can free more points than these (stones of the
/// captured group away from `p`), so then it may count fewer, never more.
pub fn libs_after(b: &Board, p: Point, max: usize) -> usize {
    let max = max.min(4);
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut libs = [Point::new(0); 4];
    let mut n = 0usize;
    let mut add = |q: Point, n: &mut usize| {
        if q != p && !libs[..*n].contains(&q) && *n < max {
            libs[*n] = q;
            *n += 1;
        }
    };
    for q in b.neighbors(p) {
        let qc = b.at(q);
        if qc == EMPTY {
            add(q, &mut n);
        } else if qc == o {
            if b.atari_lib(b.group_of(q)) == Some(p) {
                add(q, &mut n);
            }
        } else if qc == c {
            let h = b.group_of(q);
            if b.atari_lib(h).is_none() {
                // This group's liberties other than p, until there are enough.
                'outer: for s in b.group_stones(h) {
                    for l in b.neighbors(s) {
                        if b.at(l) == EMPTY {
                            add(l, &mut n);
                            if n >= max {
                                break 'outer;
                            }
                        }
                    }
                }
            }
        }
        if n >= max {
            return n;
        }
    }
    n
}

/// Stones the player to move would capture by playing at `p`.
pub fn capture_size(b: &Board, p: Point) -> usize {
    let o = b.to_move().opponent().stone();
    let mut heads = [Point::new(0); 4];
    let mut k = 0;
    let mut total = 0;
    for q in b.neighbors(p) {
        if b.at(q) == o {
            let h = b.group_of(q);
            if !heads[..k].contains(&h) && b.atari_lib(h) == Some(p) {
                heads[k] = h;
                k += 1;
                total += b.group_size(h);
            }
        }
    }
    total
}

/// The last move's point and its four neighbours, where the local readers look (`None`
/// after a pass or at the start).
fn near_last(b: &Board) -> Option<[Point; 5]> {
    let Move::Play(last) = b.last_move() else {
        return None;
    };
    let mut near = [last; 5];
    near[1..].copy_from_slice(&b.neighbors(last));
    Some(near)
}

/// Capture and atari-escape moves around the last move, for the player to move.
pub fn tactical_moves(b: &Board, out: &mut MoveList) {
    let Some(near) = near_last(b) else {
        return;
    };
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    for q in near {
        let qc = b.at(q);
        if qc == o {
            // An enemy group in atari: take it.
            if let Some(l) = b.atari_lib(b.group_of(q)) {
                out.push(l);
            }
        } else if qc == c {
            let h = b.group_of(q);
            if let Some(l) = b.atari_lib(h) {
                // Our group in atari: capture an adjacent attacker in atari...
                if b.group_size(h) <= 40 {
                    for s in b.group_stones(h) {
                        for n in b.neighbors(s) {
                            if b.at(n) == o {
                                if let Some(l2) = b.atari_lib(b.group_of(n)) {
                                    out.push(l2);
                                }
                            }
                        }
                    }
                }
                // ...or run, if running gains liberties.
                if b.is_legal(Move::Play(l)) && !is_self_atari(b, l) {
                    out.push(l);
                }
            }
        }
    }
}
