//! The tree's priors: the virtual playouts a new child starts with, from cheap knowledge
//! (michi's): captures and atari escapes, 3x3 patterns, closeness to the last move, the
//! third line in empty areas; self-ataris and first-line moves get virtual losses. At the
//! root, every capture and escape on the board counts (the king-of-the-hill bot does not
//! know the last move, and playouts only look near it), in AMAF too. With ladders read
//! ([`Params::ladders`]), running into
//! a ladder that works loses its tactical priors and an atari that starts one gains a
//! capture's. With learned priors the move model adds its own ([`learned`]).

use crate::model::pattern;
use crate::rules::board::{Board, Move, Point, BLACK, EMPTY, WHITE};
use crate::rules::tactics::{capture_size, is_self_atari, tactical_moves, MoveList};
use crate::search::ladder;
use crate::search::params::Params;

// Michi's hand-set priors. Not levers: every profile's priors are these, summed in a fixed
// order (`Knowledge::of_move`) that the frozen profiles' recorded moves depend on bit for
// bit, and no A/B has measured another value; trying one is a registry row whose base is
// the value here.
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE: f32 = 15.0;
const PRIOR_PAT3: f32 = 10.0;
const PRIOR_SELFATARI: f32 = 10.0;
const PRIOR_NEAR: [f32; 3] = [24.0, 22.0, 8.0];
const PRIOR_EMPTYAREA: f32 = 10.0;
const PRIOR_PASS: f32 = 10.0;
/// Root captures and escapes get virtual wins in the tree *and* in AMAF: with few
/// playouts on 19x19 the AMAF values of all moves agree to a percent, and a prior in the
/// tree alone would be washed out by them.
const PRIOR_ROOT_TACTICAL: f32 = 40.0;
const PRIOR_ROOT_TACTICAL_AMAF: f32 = 200.0;

/// Virtual playouts a child starts with: `n` visits and `w` wins in the tree, `an` and `aw`
/// in AMAF.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    /// Virtual visits.
    pub n: f32,
    /// Virtual wins.
    pub w: f32,
    /// Virtual AMAF visits.
    pub an: f32,
    /// Virtual AMAF wins.
    pub aw: f32,
}

/// Passing's prior: a few visits, almost no wins.
pub const PASS: Prior = Prior { n: PRIOR_PASS, w: PRIOR_PASS * 0.1, an: 0.0, aw: 0.0 };

/// The learned model's virtual visits and wins for a move of `strength` among siblings
/// whose strongest has `strongest`: `weight` visits (the tunable `prior_model`, 20 by
/// default), won in proportion to `sqrt(strength / strongest)`.
pub fn learned(strength: f32, strongest: f32, weight: f32) -> (f32, f32) {
    let v = if strongest > 0.0 { (strength / strongest).sqrt() } else { 0.0 };
    (weight, weight * v)
}

/// What the priors read of a position, gathered once for all its moves.
pub struct Knowledge<'a> {
    b: &'a Board,
    /// The position is the search's root.
    at_root: bool,
    pats: &'static [bool],
    /// Captures and escapes around the last move.
    tactical: MoveList,
    /// At the root, every capture and atari escape on the board.
    global: MoveList,
    /// Escapes into a working ladder.
    ladder_lost: MoveList,
    /// Ataris that start a working ladder.
    ladder_won: MoveList,
}

impl<'a> Knowledge<'a> {
    /// Reads `b` (the root if `at_root`) with what `caps` says the search reads.
    pub fn gather(b: &'a Board, at_root: bool, caps: &Params) -> Knowledge<'a> {
        let c = b.to_move();
        let pats = pattern::compiled();
        let mut tactical = MoveList::default();
        tactical_moves(b, &mut tactical);
        let mut global = MoveList::default();
        if at_root {
            for p in b.points() {
                if b.at(p) == BLACK || b.at(p) == WHITE {
                    let h = b.group_of(p);
                    if h != p {
                        continue;
                    }
                    if let Some(l) = b.atari_lib(h) {
                        if b.at(p) != c.stone() || !is_self_atari(b, l) {
                            global.push(l);
                        }
                    }
                }
            }
        }
        let (mut ladder_lost, mut ladder_won) = (MoveList::default(), MoveList::default());
        if caps.ladders {
            read_ladders(b, at_root, &mut ladder_lost, &mut ladder_won);
        }
        Knowledge { b, at_root, pats, tactical, global, ladder_lost, ladder_won }
    }

    /// No stone within Manhattan distance 3 of `p`.
    fn empty_area(&self, p: Point) -> bool {
        let b = self.b;
        let (r, col) = b.row_col(p);
        let n = b.size() as isize;
        for dr in -3isize..=3 {
            for dc in -3isize..=3 {
                if dr.abs() + dc.abs() > 3 {
                    continue;
                }
                let (rr, cc) = (r as isize + dr, col as isize + dc);
                if rr >= 0 && rr < n && cc >= 0 && cc < n {
                    let q = b.point(rr as usize, cc as usize);
                    if b.at(q) != EMPTY {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Manhattan distance from `p` to the last move (99 when there is none).
    fn dist_last(&self, p: Point) -> usize {
        let Move::Play(last) = self.b.last_move() else {
            return 99;
        };
        let (r1, c1) = self.b.row_col(p);
        let (r2, c2) = self.b.row_col(last);
        r1.abs_diff(r2) + c1.abs_diff(c2)
    }

    /// The prior of playing at `p`, an empty point where the move is legal. The terms are
    /// added in a fixed order: floating-point sums in another order would change the bits,
    /// and with them the frozen profiles' moves.
    pub fn of_move(&self, p: Point) -> Prior {
        let b = self.b;
        let mut n = PRIOR_EVEN;
        let mut w = PRIOR_EVEN / 2.0;
        let cap = capture_size(b, p);
        let lost_run = self.ladder_lost.as_slice().contains(&p);
        if lost_run {
            n += PRIOR_CAPTURE;
        } else if cap > 0 || self.tactical.as_slice().contains(&p) {
            let k = if cap > 1 { 2.0 } else { 1.0 };
            n += PRIOR_CAPTURE * k;
            w += PRIOR_CAPTURE * k;
        }
        let chase = self.ladder_won.as_slice().contains(&p);
        if chase {
            n += PRIOR_CAPTURE;
            w += PRIOR_CAPTURE;
        }
        if self.pats[b.env8(p) as usize] {
            n += PRIOR_PAT3;
            w += PRIOR_PAT3;
        }
        if is_self_atari(b, p) && cap == 0 {
            n += PRIOR_SELFATARI;
        }
        let d = self.dist_last(p);
        if (1..=3).contains(&d) {
            n += PRIOR_NEAR[d - 1];
            w += PRIOR_NEAR[d - 1];
        }
        let (mut an, mut aw) = (0.0, 0.0);
        if !lost_run
            && (self.global.as_slice().contains(&p) || chase && self.at_root)
            && b.is_legal(Move::Play(p))
        {
            n += PRIOR_ROOT_TACTICAL;
            w += PRIOR_ROOT_TACTICAL * 0.9;
            an = PRIOR_ROOT_TACTICAL_AMAF;
            aw = PRIOR_ROOT_TACTICAL_AMAF * 0.9;
        }
        let (r, col) = b.row_col(p);
        let line = r.min(col).min(b.size() - 1 - r).min(b.size() - 1 - col);
        if line <= 2 && self.empty_area(p) {
            if line == 2 {
                n += PRIOR_EMPTYAREA;
                w += PRIOR_EMPTYAREA;
            } else {
                n += PRIOR_EMPTYAREA;
            }
        }
        Prior { n, w, an, aw }
    }
}

/// Reads the ladders of the groups in atari or with two liberties, all of them at the root
/// (`everywhere`), else those touching the last move. `lost` gets the liberty of each of
/// our groups that cannot run out of its atari, `won` each atari that captures an
/// opponent's group in a chase.
fn read_ladders(b: &Board, everywhere: bool, lost: &mut MoveList, won: &mut MoveList) {
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let last = b.last_move().point();
    let near_last = |h: Point| -> bool {
        last.is_some_and(|l| b.group_stones(h).any(|s| s == l || b.neighbors(s).contains(&l)))
    };
    for p in b.points() {
        let colour = b.at(p);
        if colour != c && colour != o || b.group_of(p) != p {
            continue;
        }
        if !everywhere && !near_last(p) {
            continue;
        }
        if colour == c {
            if let Some(l) = b.atari_lib(p) {
                if ladder::is_captured(b, p) {
                    lost.push(l);
                }
            }
        } else {
            for q in ladder::winning_chases(b, p) {
                won.push(q);
            }
        }
    }
}
