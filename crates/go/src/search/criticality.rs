//! Criticality (Coulom, "Criticality: a Monte-Carlo heuristic for Go programs", 2009): how
//! much owning a point goes with winning, over the ends of some playouts. A point that
//! whoever wins owns, beyond what each side's share of wins and of the point would give by
//! chance, is where the game is decided: the vital point of a group whose life decides it.
//!
//! For a point x over the ends, the covariance of owning x with winning, summed over the
//! two colours: `crit(x) = P(x's owner won) - (P(black owns x) P(black won) + P(white owns
//! x) P(white won))`. An end's owner of a point is the playout's own
//! ([`score::playout_owner`]: a stone's colour, or the colour of all an empty point's stone
//! neighbours).
//!
//! The search keeps one over its root's playouts where `crit_rave` is set (Pachi's name
//! and use: a root move's AMAF statistics gain `crit * crit_rave` of their playouts as
//! virtual wins; [`crate::search::tree`]); the lab's example `go_criticality` ranks a
//! recorded position's points by it, against the moves the search missed in traced losses
//! (`docs/go-lab.md`).
//!
//! ```
//! use menace_go::rules::board::{Board, Move};
//! use menace_go::search::criticality::Criticality;
//!
//! // On 3x3, a black centre stone owns its cross; a white one does too.
//! let mut black = Board::new(3);
//! black.play(Move::Play(black.point(1, 1))).unwrap();
//! let mut white = Board::new(3);
//! white.play(Move::Pass).unwrap();
//! white.play(Move::Play(white.point(1, 1))).unwrap();
//! let mut c = Criticality::new();
//! c.add(&black, 0.5); // black owns 5 points: it wins
//! c.add(&white, 0.5); // white wins
//! // Whoever owns the centre won: half the ends each, so crit = 1 - (1/4 + 1/4).
//! assert_eq!(c.of(black.point(1, 1)), Some(0.5));
//! // A corner is nobody's in either end: it says nothing.
//! assert_eq!(c.of(black.point(0, 0)), Some(0.0));
//! ```
//!
//! [`score::playout_owner`]: crate::rules::score::playout_owner

use crate::rules::board::{Board, Point, MAX_POINTS};
use crate::rules::score;

/// The ends of some playouts, counted for criticality (see the module's doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Criticality {
    /// By point index: ends where black owned it, where white did, and where its owner won.
    black: Vec<u32>,
    white: Vec<u32>,
    owner_won: Vec<u32>,
    ends: u32,
    black_won: u32,
}

impl Default for Criticality {
    fn default() -> Self {
        Criticality::new()
    }
}

impl Criticality {
    /// Nothing counted yet.
    pub fn new() -> Criticality {
        Criticality {
            black: vec![0; MAX_POINTS],
            white: vec![0; MAX_POINTS],
            owner_won: vec![0; MAX_POINTS],
            ends: 0,
            black_won: 0,
        }
    }

    /// Counts one playout's end `b`, scored as the playouts score it, with `komi`; returns
    /// whether black won it.
    pub fn add(&mut self, b: &Board, komi: f32) -> bool {
        let mut owners = [0i8; MAX_POINTS];
        let margin = score::playout_owners(b, &mut owners);
        let black_won = margin as f32 - komi > 0.0;
        self.add_owners(&owners, black_won);
        black_won
    }

    /// Counts one end given as each point's owner by point index (1 black, -1 white, 0
    /// nobody; the points past the board's are 0) and whether black won it.
    pub fn add_owners(&mut self, owners: &[i8], black_won: bool) {
        // Branch-free: a search counts every point of every playout's end.
        let winner = if black_won { 1 } else { -1 };
        let counts = self.black.iter_mut().zip(&mut self.white).zip(&mut self.owner_won);
        for (((b, w), won), &owner) in counts.zip(owners) {
            *b += u32::from(owner == 1);
            *w += u32::from(owner == -1);
            *won += u32::from(owner == winner);
        }
        self.ends += 1;
        self.black_won += u32::from(black_won);
    }

    /// The ends counted.
    pub fn ends(&self) -> u32 {
        self.ends
    }

    /// Black's share of the ends won; `None` before any end.
    pub fn black_wins(&self) -> Option<f64> {
        (self.ends > 0).then(|| f64::from(self.black_won) / f64::from(self.ends))
    }

    /// The criticality of `p`, from -1 to 1 (0: owning it says nothing of who wins);
    /// `None` before any end.
    pub fn of(&self, p: Point) -> Option<f64> {
        let n = f64::from(self.ends);
        let pb = self.black_wins()?;
        let i = p.index();
        let (b, w) = (f64::from(self.black[i]) / n, f64::from(self.white[i]) / n);
        Some(f64::from(self.owner_won[i]) / n - (b * pb + w * (1.0 - pb)))
    }

    /// Black's mean ownership of `p` over the ends, from -1 to 1; `None` before any end.
    pub fn owned(&self, p: Point) -> Option<f64> {
        let i = p.index();
        (self.ends > 0)
            .then(|| (f64::from(self.black[i]) - f64::from(self.white[i])) / f64::from(self.ends))
    }

    /// The empty points of `b`, most critical first (ties in point order), with their
    /// criticality; empty before any end.
    pub fn ranked(&self, b: &Board) -> Vec<(Point, f64)> {
        let mut ranked: Vec<(Point, f64)> =
            b.empties().iter().filter_map(|&p| Some((p, self.of(p)?))).collect();
        ranked.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.index().cmp(&y.0.index())));
        ranked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Colour;

    /// A board from rows of `.`, `X` (black) and `O` (white), black to move.
    fn board(rows: &[&str]) -> Board {
        Board::from_diagram(&rows.join("\n"), Colour::Black).unwrap()
    }

    #[test]
    fn criticality_is_the_covariance_of_owning_with_winning() {
        // Four ends on 3x3, komi 0.5. An empty point is the colour of all its stone
        // neighbours, nobody's when both touch it.
        let ends = [
            (board(&["XXX", "XXX", "..."]), true),  // black 9: black wins
            (board(&["OOO", "OOO", "..."]), false), // white 9
            (board(&["XXX", ".O.", "OOO"]), false), // black 3, white 4, (1,0) and (1,2) nobody's
            (board(&["XXX", "XXX", "O.O"]), true),  // black 6, white 2, (2,1) nobody's
        ];
        let mut c = Criticality::new();
        for (b, black_won) in &ends {
            assert_eq!(c.add(b, 0.5), *black_won, "{b:?}");
        }
        assert_eq!((c.ends(), c.black_wins()), (4, Some(0.5)));
        let b = &ends[0].0;
        // (0,1): black's in ends 1, 3, 4, white's in 2; its owner won 1, 2 and 4: 3/4.
        // crit = 3/4 - (3/4 * 1/2 + 1/4 * 1/2) = 1/4.
        assert_eq!(c.of(b.point(0, 1)), Some(0.25));
        // (1,1): its owner won every end: 1 - (1/2 * 1/2 + 1/2 * 1/2) = 1/2.
        assert_eq!(c.of(b.point(1, 1)), Some(0.5));
        // (2,1): black's in end 1 (won), white's in 2 and 3 (won), nobody's in 4:
        // 3/4 - (1/4 * 1/2 + 2/4 * 1/2) = 3/8; black's mean ownership (1 - 2) / 4.
        assert_eq!(c.of(b.point(2, 1)), Some(0.375));
        assert_eq!(c.owned(b.point(2, 1)), Some(-0.25));
    }

    #[test]
    fn nothing_counted_is_no_answer_and_the_ranking_is_of_empty_points() {
        let b = board(&["X..", "...", "..O"]);
        let mut c = Criticality::new();
        assert_eq!(
            (c.of(b.point(0, 0)), c.black_wins(), c.owned(b.point(0, 0))),
            (None, None, None)
        );
        assert!(c.ranked(&b).is_empty());
        c.add(&board(&["XXX", "XXX", "..."]), 0.5); // black 9
        c.add(&board(&["X..", "OOO", "OOO"]), 0.5); // white 7, black 1, (0,1) nobody's
        let ranked = c.ranked(&b);
        // Every empty point of b but (0,1) is black's in the end black won and white's in
        // the other: 1 - 1/2; (0,1) is black's in the first alone: 1/2 - 1/2 * 1/2.
        // Ties in point order.
        let order: Vec<(Point, f64)> = [(0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (0, 1)]
            .iter()
            .enumerate()
            .map(|(i, &(r, col))| (b.point(r, col), if i < 6 { 0.5 } else { 0.25 }))
            .collect();
        assert_eq!(ranked, order);
    }
}
