//! Playouts: finishing a game quickly with cheap knowledge.
//!
//! The policy, tried in order (MoGo's recipe, as in michi and Pachi):
//! 1. after the opponent's move, capture any of its groups next to that move that is in
//!    atari, or save our own group next to it from atari (capture an attacker in atari or
//!    extend when the extension has at least two liberties);
//! 2. a move on the eight points around the opponent's move that matches a 3x3 pattern
//!    ([`super::pattern`]) and is not a self-atari;
//! 3. a uniformly random legal move that does not fill one of our own eyes (and, half the
//!    time, is not a self-atari of a group).
//!
//! When nothing is left but eye-filling the side passes; two passes end the playout.
//! Nothing here allocates: candidate lists live on the stack.

use super::board::{Board, Move, Point, EMPTY, MAX_POINTS};
use super::pattern;
use super::score;
use menace_stats::rng::{below, chance, GameRng};

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
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut libs = [Point::new(0); 2];
    let mut n = 0usize;
    let add = |q: Point, libs: &mut [Point; 2], n: &mut usize| {
        if q != p && !libs[..*n].contains(&q) && *n < 2 {
            libs[*n] = q;
            *n += 1;
        }
    };
    for q in b.neighbors(p) {
        let qc = b.at(q);
        if qc == EMPTY {
            add(q, &mut libs, &mut n);
        } else if qc == o {
            if b.atari_lib(b.group_of(q)) == Some(p) {
                add(q, &mut libs, &mut n);
            }
        } else if qc == c {
            let h = b.group_of(q);
            if b.atari_lib(h).is_none() {
                // Collect this group's liberties other than p, up to two.
                'outer: for s in b.group_stones(h) {
                    for l in b.neighbors(s) {
                        if b.at(l) == EMPTY {
                            add(l, &mut libs, &mut n);
                            if n >= 2 {
                                break 'outer;
                            }
                        }
                    }
                }
            }
        }
        if n >= 2 {
            return false;
        }
    }
    true
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

/// Capture and atari-escape moves around the last move, for the player to move.
pub fn tactical_moves(b: &Board, out: &mut MoveList) {
    let Move::Play(last) = b.last_move() else {
        return;
    };
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut near = [last; 5];
    near[1..].copy_from_slice(&b.neighbors(last));
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

/// The playout policy's move for the player to move ([`Move::Pass`] when only
/// eye-filling or nothing is left).
pub fn policy_move(b: &Board, rng: &mut GameRng, pats: &[bool]) -> Move {
    let c = b.to_move();
    if let Move::Play(last) = b.last_move() {
        let mut cand = MoveList::default();
        tactical_moves(b, &mut cand);
        if let Some(p) = pick(b, rng, cand.as_slice(), false) {
            return Move::Play(p);
        }
        let mut cand = MoveList::default();
        for q in b.neighbors(last).into_iter().chain(b.diagonals(last)) {
            if b.at(q) == EMPTY && pats[b.env8(q) as usize] {
                cand.push(q);
            }
        }
        if let Some(p) = pick(b, rng, cand.as_slice(), true) {
            return Move::Play(p);
        }
    }
    let e = b.empties();
    let n = e.len();
    if n == 0 {
        return Move::Pass;
    }
    let start = below(rng, n as u32) as usize;
    for i in 0..n {
        let p = e[(start + i) % n];
        if !b.is_eye(p, c) && b.is_legal(Move::Play(p)) {
            if is_self_atari(b, p) && chance(rng, 0.5) && !single_stone(b, p) {
                continue;
            }
            return Move::Play(p);
        }
    }
    Move::Pass
}

/// Would a stone at `p` stand alone (no friendly neighbour)? Single-stone self-ataris are
/// often good (throw-ins, nakade), so playouts keep them.
fn single_stone(b: &Board, p: Point) -> bool {
    let c = b.to_move().stone();
    b.neighbors(p).iter().all(|&q| b.at(q) != c)
}

/// A random legal move from `cand` (rejecting self-ataris when asked), or `None`.
fn pick(b: &Board, rng: &mut GameRng, cand: &[Point], no_self_atari: bool) -> Option<Point> {
    let n = cand.len();
    if n == 0 {
        return None;
    }
    let start = below(rng, n as u32) as usize;
    for i in 0..n {
        let m = cand[(start + i) % n];
        if b.is_legal(Move::Play(m)) && !(no_self_atari && is_self_atari(b, m)) {
            return Some(m);
        }
    }
    None
}

/// Plays the game out from `b` (which it consumes) with [`policy_move`] and returns black's
/// margin by [`score::playout_margin`]. `amaf[p]` is set to the stone
/// ([`Colour::stone`](super::board::Colour::stone)) that first played at `p` when it is
/// still 0, for the first [`amaf_horizon`] moves only: moves near the end of
/// a playout are mostly the owner filling its own area, and counting them would make the
/// AMAF value of any point inside one's future territory look good.
pub fn playout(b: &mut Board, rng: &mut GameRng, amaf: &mut [u8; MAX_POINTS]) -> i32 {
    let pats = pattern::compiled();
    let start = b.move_count();
    let cap = start + 3 * (b.size() * b.size()) as u32;
    let amaf_end = start + amaf_horizon(b);
    while b.passes() < 2 && b.move_count() < cap {
        let m = policy_move(b, rng, pats);
        if let Move::Play(p) = m {
            if b.move_count() < amaf_end && amaf[p.index()] == 0 {
                amaf[p.index()] = b.to_move().stone();
            }
        }
        b.play_unchecked(m);
    }
    score::playout_margin(b)
}

/// Playout moves that count for AMAF: the first half of the empty points at the start.
pub fn amaf_horizon(b: &Board) -> u32 {
    (b.empties().len() as u32 / 2).max(8)
}
