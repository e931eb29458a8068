//! Playouts: finishing a game quickly with cheap knowledge.
//!
//! The policy, tried in order (MoGo's recipe, as in michi and Pachi):
//! 1. after the opponent's move, capture any of its groups next to that move that is in
//!    atari, or save our own group next to it from atari (capture an attacker in atari or
//!    extend when the extension has at least two liberties);
//! 2. a move on the eight points around the opponent's move that matches a 3x3 pattern
//!    ([`crate::model::pattern`]) and is not a self-atari;
//! 3. a uniformly random legal move that does not fill one of our own eyes (and is not a
//!    self-atari of a group: half the time by default, always under
//!    [`SelfAtari::Always`], the registry's `self_atari`).
//!
//! When nothing is left but eye-filling the side passes; two passes end the playout.
//! Nothing here allocates: candidate lists live on the stack.

use crate::model::pattern;
use crate::rules::board::{Board, Move, Point, EMPTY, MAX_POINTS};
use crate::rules::score;
use crate::rules::tactics::{is_self_atari, tactical_moves, MoveList};
pub use crate::search::params::SelfAtari;
use menace_stats::rng::{below, chance, GameRng};

/// The playout policy's move for the player to move ([`Move::Pass`] when only
/// eye-filling or nothing is left), self-ataris refused half the time (the default).
pub fn policy_move(b: &Board, rng: &mut GameRng, pats: &[bool]) -> Move {
    policy_move_with(b, rng, pats, SelfAtari::Half)
}

/// [`policy_move`] with the random phase's rule for self-ataris given.
pub fn policy_move_with(b: &Board, rng: &mut GameRng, pats: &[bool], sa: SelfAtari) -> Move {
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
            // A single stone's self-atari is kept (throw-ins, nakade); a group's is refused
            // half the time (a coin tossed only for a self-atari, as ever, so that the
            // default's games replay) or always.
            let refuse = |rng: &mut GameRng| sa == SelfAtari::Always || chance(rng, 0.5);
            if is_self_atari(b, p) && refuse(rng) && !single_stone(b, p) {
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
/// ([`Colour::stone`](crate::rules::board::Colour::stone)) that first played at `p` when it is
/// still 0, for the first [`amaf_horizon`] moves only: moves near the end of
/// a playout are mostly the owner filling its own area, and counting them would make the
/// AMAF value of any point inside one's future territory look good.
pub fn playout(b: &mut Board, rng: &mut GameRng, amaf: &mut [u8; MAX_POINTS]) -> i32 {
    play_out(b, rng, amaf);
    score::playout_margin(b)
}

/// [`playout`] without the scoring: the board is left at the playout's end, for a caller
/// that scores it itself (the search counts who owns each point as it scores:
/// [`Ownership::add`](crate::search::ownership::Ownership::add)).
pub fn play_out(b: &mut Board, rng: &mut GameRng, amaf: &mut [u8; MAX_POINTS]) {
    play_out_with(b, rng, amaf, SelfAtari::Half)
}

/// [`play_out`] with the random phase's rule for self-ataris given.
pub fn play_out_with(b: &mut Board, rng: &mut GameRng, amaf: &mut [u8; MAX_POINTS], sa: SelfAtari) {
    let pats = pattern::compiled();
    let start = b.move_count();
    let cap = start + 3 * (b.size() * b.size()) as u32;
    let amaf_end = start + amaf_horizon(b);
    while b.passes() < 2 && b.move_count() < cap {
        let m = policy_move_with(b, rng, pats, sa);
        if let Move::Play(p) = m {
            if b.move_count() < amaf_end && amaf[p.index()] == 0 {
                amaf[p.index()] = b.to_move().stone();
            }
        }
        b.play_unchecked(m);
    }
}

/// Playout moves that count for AMAF: the first half of the empty points at the start.
pub fn amaf_horizon(b: &Board) -> u32 {
    (b.empties().len() as u32 / 2).max(8)
}
