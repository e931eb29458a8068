//! Situational dynamic komi ([`Profile::V7`](crate::search::profile::Profile::V7)): a cushion the
//! search asks of itself when it is clearly ahead.
//!
//! A search that maximises the probability of winning stops telling moves apart once
//! nearly every playout wins: a move that gives away ten points still "wins", so the lead
//! melts until one point is left, and one misread fight then loses the game. With no komi
//! black starts about seven points ahead, which is where our wins by one point (and
//! losses by one to five) as black came from. Pachi's answer is a virtual komi that moves
//! with the situation; ours is computed inside one search, from the position alone, so
//! that the king-of-the-hill bot, which keeps nothing between moves, stays deterministic:
//!
//! - the search runs in [`PHASES`] equal parts; the first part scores playouts with the
//!   real komi;
//! - after each part, if the player to move won at least [`RAISE_AT`] of its playouts
//!   *under the real komi*, the next part asks for a lead of [`CUSHION`] of the mean real
//!   margin of that part (rounded down to a whole point, at most one point per 24 points
//!   of the board: 15 on 19x19); if it won under [`DROP_BELOW`], the cushion goes back to
//!   nothing; in between it stays.
//!
//! Only the side ahead is ever asked for more: a cushion is half the lead the playouts
//! expect, so it is always within reach, and the search still prefers the move that wins
//! most often with it. A side that is behind plays its real game.
//!
//! ```
//! use menace_go::rules::board::Colour;
//! use menace_go::search::dynamic_komi::DynamicKomi;
//!
//! // White to move on 19x19, winning every playout by about 20 points.
//! let mut dk = DynamicKomi::new(Colour::White, 361);
//! for _ in 0..100 {
//!     assert_eq!(dk.score(-20.0), -20.0); // black's margin: -20, no cushion yet
//! }
//! dk.end_phase();
//! assert_eq!(dk.virtual_komi(), 10.0); // half the lead
//! // Now white must win by more than 10: a 20-point win still counts as one,
//! assert_eq!(dk.score(-20.0), -10.0);
//! // and a 4-point win counts as a loss.
//! assert!(dk.score(-4.0) > 0.0);
//! ```

use crate::rules::board::Colour;

/// Parts of a search between which the cushion is adapted.
pub const PHASES: usize = 8;
/// Real win share of a part at which the next part asks for a cushion.
pub const RAISE_AT: f32 = 0.8;
/// Real win share of a part under which the cushion is dropped.
pub const DROP_BELOW: f32 = 0.6;
/// The cushion as a share of the mean real margin.
pub const CUSHION: f32 = 0.5;

/// The virtual komi of one search tree, and what it has seen in the current part.
#[derive(Clone, Debug)]
pub struct DynamicKomi {
    us: Colour,
    cap: f32,
    cushion: f32,
    playouts: u32,
    wins: f32,
    margin_sum: f64,
}

impl DynamicKomi {
    /// A search for `us` (the player to move at the root) on a board of `points` points,
    /// starting with no cushion.
    pub fn new(us: Colour, points: usize) -> DynamicKomi {
        DynamicKomi {
            us,
            cap: (points / 24) as f32,
            cushion: 0.0,
            playouts: 0,
            wins: 0.0,
            margin_sum: 0.0,
        }
    }

    /// The lead (points) the current part asks of the player to move.
    pub fn virtual_komi(&self) -> f32 {
        self.cushion
    }

    /// Records a playout's result, black's margin under the real komi, and returns black's
    /// margin under the virtual komi (which is what the tree learns from).
    pub fn score(&mut self, black_margin: f32) -> f32 {
        let ours = if self.us == Colour::Black { black_margin } else { -black_margin };
        self.playouts += 1;
        self.wins += if ours > 0.0 {
            1.0
        } else if ours == 0.0 {
            0.5
        } else {
            0.0
        };
        self.margin_sum += f64::from(ours);
        if self.us == Colour::Black {
            black_margin - self.cushion
        } else {
            black_margin + self.cushion
        }
    }

    /// Ends a part: sets the cushion for the next one from this part's real results.
    pub fn end_phase(&mut self) {
        if self.playouts > 0 {
            let share = self.wins / self.playouts as f32;
            if share >= RAISE_AT {
                let mean = (self.margin_sum / f64::from(self.playouts)) as f32;
                self.cushion = (mean * CUSHION).floor().clamp(0.0, self.cap);
            } else if share < DROP_BELOW {
                self.cushion = 0.0;
            }
        }
        self.playouts = 0;
        self.wins = 0.0;
        self.margin_sum = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One part of a search: each `(margin, count)` run is `count` playouts with black's
    /// margin `margin`.
    fn part(dk: &mut DynamicKomi, runs: &[(f32, usize)]) {
        for &(m, count) in runs {
            for _ in 0..count {
                dk.score(m);
            }
        }
        dk.end_phase();
    }

    #[test]
    fn no_cushion_until_clearly_ahead() {
        // 7 wins of 10 (share 0.7, under RAISE_AT): nothing asked.
        let mut dk = DynamicKomi::new(Colour::Black, 361);
        part(&mut dk, &[(30.0, 7), (-5.0, 3)]);
        assert_eq!(dk.virtual_komi(), 0.0);
        // 8 of 10 at a mean of (8 * 30 - 2 * 5) / 10 = 23: a cushion of 11.
        part(&mut dk, &[(30.0, 8), (-5.0, 2)]);
        assert_eq!(dk.virtual_komi(), 11.0);
    }

    #[test]
    fn the_cushion_is_capped_by_the_board() {
        let mut dk = DynamicKomi::new(Colour::White, 81);
        part(&mut dk, &[(-50.0, 10)]);
        assert_eq!(dk.virtual_komi(), 3.0);
        let mut dk = DynamicKomi::new(Colour::White, 361);
        part(&mut dk, &[(-50.0, 10)]);
        assert_eq!(dk.virtual_komi(), 15.0);
    }

    #[test]
    fn hysteresis_keeps_then_drops_the_cushion() {
        let mut dk = DynamicKomi::new(Colour::Black, 361);
        part(&mut dk, &[(10.0, 10)]);
        assert_eq!(dk.virtual_komi(), 5.0);
        // Real share 0.7: kept.
        part(&mut dk, &[(10.0, 7), (-1.0, 3)]);
        assert_eq!(dk.virtual_komi(), 5.0);
        // Real share 0.5: dropped.
        part(&mut dk, &[(10.0, 5), (-1.0, 5)]);
        assert_eq!(dk.virtual_komi(), 0.0);
    }

    #[test]
    fn the_cushion_is_asked_of_the_side_to_move_only() {
        let mut dk = DynamicKomi::new(Colour::Black, 361);
        part(&mut dk, &[(-40.0, 10)]); // black losing: no cushion, no gift either
        assert_eq!(dk.virtual_komi(), 0.0);
        assert_eq!(dk.score(-40.0), -40.0);
        dk.end_phase(); // that probe was a playout of its own part
        part(&mut dk, &[(8.0, 10)]);
        assert_eq!(dk.score(3.0), -1.0); // black must win by more than 4
        assert_eq!(dk.score(5.0), 1.0);
    }

    #[test]
    fn a_small_lead_asks_for_nothing() {
        // A one-point lead (late in a close game): half of it rounds down to nothing.
        let mut dk = DynamicKomi::new(Colour::White, 361);
        part(&mut dk, &[(-1.0, 10)]);
        assert_eq!(dk.virtual_komi(), 0.0);
    }
}
