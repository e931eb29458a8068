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

use super::board::{Board, Colour, Move, EMPTY, MAX_POINTS, PASS};
use super::pattern;
use super::score;
use menace_core::rng::{below, chance, GameRng};

/// A small list of moves on the stack.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; 32],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [PASS; 32], len: 0 }
    }
}

impl MoveList {
    /// Adds `m` unless it is there already or the list is full.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < self.moves.len() && !self.moves[..self.len].contains(&m) {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// Would the player to move, playing at the empty point `p`, leave the group containing
/// `p` with a single liberty (or none)? Capturing counts as gaining liberties.
pub fn is_self_atari(b: &Board, p: Move) -> bool {
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut libs = [0u16; 2];
    let mut n = 0usize;
    let add = |q: Move, libs: &mut [u16; 2], n: &mut usize| {
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
pub fn capture_size(b: &Board, p: Move) -> usize {
    let o = b.to_move().opponent().stone();
    let mut heads = [0u16; 4];
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
    let last = b.last_move();
    if last == PASS {
        return;
    }
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
                if b.is_legal(l) && !is_self_atari(b, l) {
                    out.push(l);
                }
            }
        }
    }
}

/// The playout policy's move for the player to move ([`PASS`] when only eye-filling or
/// nothing is left).
pub fn policy_move(b: &Board, rng: &mut GameRng, pats: &[bool]) -> Move {
    let c = b.to_move();
    let last = b.last_move();
    if last != PASS {
        let mut cand = MoveList::default();
        tactical_moves(b, &mut cand);
        if let Some(m) = pick(b, rng, cand.as_slice(), false) {
            return m;
        }
        let mut cand = MoveList::default();
        for q in b.neighbors(last).into_iter().chain(b.diagonals(last)) {
            if b.at(q) == EMPTY && pats[b.env8(q) as usize] {
                cand.push(q);
            }
        }
        if let Some(m) = pick(b, rng, cand.as_slice(), true) {
            return m;
        }
    }
    let e = b.empties();
    let n = e.len();
    if n == 0 {
        return PASS;
    }
    let start = below(rng, n as u32) as usize;
    for i in 0..n {
        let p = e[(start + i) % n];
        if !b.is_eye(p, c) && b.is_legal(p) {
            if is_self_atari(b, p) && chance(rng, 0.5) && !single_stone(b, p) {
                continue;
            }
            return p;
        }
    }
    PASS
}

/// Would a stone at `p` stand alone (no friendly neighbour)? Single-stone self-ataris are
/// often good (throw-ins, nakade), so playouts keep them.
fn single_stone(b: &Board, p: Move) -> bool {
    let c = b.to_move().stone();
    b.neighbors(p).iter().all(|&q| b.at(q) != c)
}

/// A random legal move from `cand` (rejecting self-ataris when asked), or `None`.
fn pick(b: &Board, rng: &mut GameRng, cand: &[Move], no_self_atari: bool) -> Option<Move> {
    let n = cand.len();
    if n == 0 {
        return None;
    }
    let start = below(rng, n as u32) as usize;
    for i in 0..n {
        let m = cand[(start + i) % n];
        if b.is_legal(m) && !(no_self_atari && is_self_atari(b, m)) {
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
        if m != PASS && b.move_count() < amaf_end && amaf[m as usize] == 0 {
            amaf[m as usize] = b.to_move().stone();
        }
        b.play_unchecked(m);
    }
    score::playout_margin(b)
}

/// Playout moves that count for AMAF: the first half of the empty points at the start.
pub fn amaf_horizon(b: &Board) -> u32 {
    (b.empties().len() as u32 / 2).max(8)
}

/// Last-good-reply tables with forgetting (LGRF-2, Baier & Drake 2010), one per search
/// tree: for each colour, the reply that last won a playout after the two previous moves
/// (`two`) and after the previous move (`one`). Indexed by padded board points; 0 is
/// "no reply" (point 0 is an edge cell, never a move).
pub struct Replies {
    one: Vec<u16>,
    two: Vec<u16>,
}

impl Default for Replies {
    fn default() -> Self {
        Replies::new()
    }
}

impl Replies {
    /// Empty tables (about 0.8 MB, allocated once per search thread).
    pub fn new() -> Replies {
        Replies { one: vec![0; 2 * MAX_POINTS], two: vec![0; 2 * MAX_POINTS * MAX_POINTS] }
    }

    fn idx1(c: usize, prev: Move) -> usize {
        c * MAX_POINTS + prev as usize
    }

    fn idx2(c: usize, prev2: Move, prev: Move) -> usize {
        (c * MAX_POINTS + prev2 as usize) * MAX_POINTS + prev as usize
    }

    /// The stored replies for the player to move: after the last two moves, then after
    /// the last move (0 where none).
    fn lookup(&self, b: &Board) -> [Move; 2] {
        let (prev, prev2) = (b.last_move(), b.last_move2());
        if prev == PASS {
            return [PASS; 2];
        }
        let c = b.to_move().index();
        let two = if prev2 == PASS { PASS } else { self.two[Self::idx2(c, prev2, prev)] };
        [two, self.one[Self::idx1(c, prev)]]
    }

    /// Learns from one simulation: `seq` holds its moves from the root on, each with the
    /// colour index that played it; the winner's replies are stored, the loser's stored
    /// replies equal to what it played are forgotten. `black_won` is `None` for a jigo.
    pub fn update(&mut self, seq: &[(Move, u8)], black_won: Option<bool>) {
        let Some(black_won) = black_won else { return };
        let winner = if black_won { Colour::Black.index() } else { Colour::White.index() };
        for i in 1..seq.len() {
            let (mv, c) = seq[i];
            let prev = seq[i - 1].0;
            if mv == PASS || prev == PASS {
                continue;
            }
            let c = c as usize;
            let i1 = Self::idx1(c, prev);
            let i2 = (i >= 2 && seq[i - 2].0 != PASS).then(|| Self::idx2(c, seq[i - 2].0, prev));
            if c == winner {
                self.one[i1] = mv;
                if let Some(i2) = i2 {
                    self.two[i2] = mv;
                }
            } else {
                if self.one[i1] == mv {
                    self.one[i1] = PASS;
                }
                if let Some(i2) = i2 {
                    if self.two[i2] == mv {
                        self.two[i2] = PASS;
                    }
                }
            }
        }
    }
}

/// [`policy_move`] with last good replies first: after the captures and atari escapes
/// around the last move (which are urgent whatever was learned), a stored reply to the
/// last two moves, else to the last move, if it is legal, fills no own eye and is not a
/// self-atari; then the 3x3 patterns and the random move as before.
pub fn policy_move_lgr(b: &Board, rng: &mut GameRng, pats: &[bool], replies: &Replies) -> Move {
    if b.last_move() != PASS {
        let mut cand = MoveList::default();
        tactical_moves(b, &mut cand);
        if let Some(m) = pick(b, rng, cand.as_slice(), false) {
            return m;
        }
        let last = b.last_move();
        let mut cand = MoveList::default();
        for q in b.neighbors(last).into_iter().chain(b.diagonals(last)) {
            if b.at(q) == EMPTY && pats[b.env8(q) as usize] {
                cand.push(q);
            }
        }
        if let Some(m) = pick(b, rng, cand.as_slice(), true) {
            return m;
        }
        let c = b.to_move();
        for r in replies.lookup(b) {
            if r != PASS && b.at(r) == EMPTY && !b.is_eye(r, c) && b.is_legal(r) && !is_self_atari(b, r)
            {
                return r;
            }
        }
    }
    policy_move(b, rng, pats)
}

/// [`playout`] with [`policy_move_lgr`], appending each move and its mover's colour index
/// to `seq` (for [`Replies::update`]).
pub fn playout_lgr(
    b: &mut Board,
    rng: &mut GameRng,
    amaf: &mut [u8; MAX_POINTS],
    replies: &Replies,
    seq: &mut Vec<(Move, u8)>,
) -> i32 {
    let pats = pattern::compiled();
    let start = b.move_count();
    let cap = start + 3 * (b.size() * b.size()) as u32;
    let amaf_end = start + amaf_horizon(b);
    while b.passes() < 2 && b.move_count() < cap {
        let m = policy_move_lgr(b, rng, pats, replies);
        if m != PASS && b.move_count() < amaf_end && amaf[m as usize] == 0 {
            amaf[m as usize] = b.to_move().stone();
        }
        seq.push((m, b.to_move().index() as u8));
        b.play_unchecked(m);
    }
    score::playout_margin(b)
}
