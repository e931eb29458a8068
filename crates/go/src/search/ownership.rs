//! Who owns each point at the end, and by how much a side leads: what the search's own
//! playouts say, without a network.
//!
//! Every playout ends on a board where each point belongs to someone by the playout's own
//! scoring ([`score::playout_margin`]): a stone to its colour, an empty point to the colour
//! of all its neighbours (to nobody when they differ). [`Ownership`] adds those ends up:
//! per point, black-owned ends minus white-owned ends, and the sum and square sum of black's
//! area margin. Its means are what `kata-analyze` reports as `ownership`, `scoreLead` and
//! `scoreStdev` (see `io::analysis`), and what `final_status_list` reads
//! ([`status`](crate::search::status)).
//!
//! Every count is an integer, so the sum over threads does not depend on the order it is
//! taken in: at a fixed budget the same search gives the same ownership on every machine.
//!
//! ```
//! use menace_go::rules::board::{Board, Move};
//! use menace_go::search::ownership::Ownership;
//!
//! let mut b = Board::new(3);
//! b.play(Move::Play(b.point(1, 1))).unwrap(); // black in the centre
//! let mut own = Ownership::new();
//! own.add(&b);
//! assert_eq!(own.of(b.point(0, 1)), Some(1.0)); // next to it: black's
//! assert_eq!(own.of(b.point(0, 0)), Some(0.0)); // a corner touches only empty points
//! assert_eq!(own.score(0.5), Some(4.5)); // 5 points, less the komi
//! ```
//!
//! [`score::playout_margin`]: crate::rules::score::playout_margin

use crate::rules::board::{Board, Point, MAX_POINTS};
use crate::rules::score;

/// The ends of some playouts, summed (see the module's doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ownership {
    /// By point index: ends where black owned it minus ends where white did.
    owned: Vec<i32>,
    /// Ends added.
    ends: u32,
    /// Black's area margin (no komi), summed over the ends, and its square.
    margin: i64,
    margin_sq: i64,
}

impl Default for Ownership {
    fn default() -> Self {
        Ownership::new()
    }
}

impl Ownership {
    /// Nothing seen yet.
    pub fn new() -> Ownership {
        Ownership { owned: vec![0; MAX_POINTS], ends: 0, margin: 0, margin_sq: 0 }
    }

    /// Adds the end of one playout, the board `b` as the playout left it; returns black's
    /// area margin there (no komi), the same number as [`score::playout_margin`].
    ///
    /// [`score::playout_margin`]: crate::rules::score::playout_margin
    pub fn add(&mut self, b: &Board) -> i32 {
        self.add_recording(b, &mut [0; MAX_POINTS])
    }

    /// [`Ownership::add`], also writing each point's owner of this end into `owners` by
    /// point index (1 black, -1 white, 0 nobody; `owners` has [`MAX_POINTS`] entries, the
    /// points past the board's left as they were): what a search's
    /// [`Criticality`](crate::search::criticality::Criticality) counts.
    pub fn add_recording(&mut self, b: &Board, owners: &mut [i8]) -> i32 {
        let margin = score::playout_owners(b, owners);
        for p in b.points() {
            self.owned[p.index()] += i32::from(owners[p.index()]);
        }
        self.ends += 1;
        self.margin += i64::from(margin);
        self.margin_sq += i64::from(margin) * i64::from(margin);
        margin
    }

    /// Adds the owners of one playout's end as [`Ownership::add_recording`] wrote them
    /// (by point index; the margin is not counted): what a root move's own ownership
    /// (`kata-analyze ... movesOwnership true`) sums from the playouts through it.
    pub fn add_owners(&mut self, owners: &[i8]) {
        for (o, &w) in self.owned.iter_mut().zip(owners) {
            *o += i32::from(w);
        }
        self.ends += 1;
    }

    /// Adds another sum (another thread's) to this one.
    pub fn merge(&mut self, o: &Ownership) {
        for (a, b) in self.owned.iter_mut().zip(&o.owned) {
            *a += b;
        }
        self.ends += o.ends;
        self.margin += o.margin;
        self.margin_sq += o.margin_sq;
    }

    /// The playout ends added.
    pub fn ends(&self) -> u32 {
        self.ends
    }

    /// Black's mean ownership of `p`, from -1 (white's in every end) to 1 (black's in
    /// every end); `None` before any end.
    pub fn of(&self, p: Point) -> Option<f32> {
        (self.ends > 0).then(|| self.owned[p.index()] as f32 / self.ends as f32)
    }

    /// Black's mean ownership of every point, by point index (0 before any end).
    pub fn means(&self) -> Vec<f32> {
        let n = self.ends.max(1) as f32;
        self.owned.iter().map(|&o| o as f32 / n).collect()
    }

    /// Black's mean final margin with komi `komi` (area, the playout's scoring); `None`
    /// before any end.
    pub fn score(&self, komi: f32) -> Option<f32> {
        (self.ends > 0).then(|| (self.margin as f64 / f64::from(self.ends)) as f32 - komi)
    }

    /// The standard deviation of the final margin over the ends; `None` before any end.
    pub fn score_stdev(&self) -> Option<f32> {
        (self.ends > 0).then(|| {
            let n = f64::from(self.ends);
            let mean = self.margin as f64 / n;
            ((self.margin_sq as f64 / n - mean * mean).max(0.0)).sqrt() as f32
        })
    }
}

/// Final margins of some playouts summed, with their squares and their number: a root
/// move's `scoreLead` and `scoreStdev`. Sums of margins that are whole numbers less the
/// komi, in `f64`: exact, whatever the order they are added in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ScoreSum {
    sum: f64,
    sq: f64,
    n: u32,
}

impl ScoreSum {
    /// Adds one playout's final margin.
    pub fn add(&mut self, margin: f32) {
        let m = f64::from(margin);
        self.sum += m;
        self.sq += m * m;
        self.n += 1;
    }

    /// Adds another sum (another thread's).
    pub fn merge(&mut self, o: &ScoreSum) {
        self.sum += o.sum;
        self.sq += o.sq;
        self.n += o.n;
    }

    /// The margins added.
    pub fn count(&self) -> u32 {
        self.n
    }

    /// The mean margin; `None` without any.
    pub fn mean(&self) -> Option<f32> {
        (self.n > 0).then(|| (self.sum / f64::from(self.n)) as f32)
    }

    /// The margins' standard deviation; `None` without any.
    pub fn stdev(&self) -> Option<f32> {
        (self.n > 0).then(|| {
            let n = f64::from(self.n);
            let mean = self.sum / n;
            (self.sq / n - mean * mean).max(0.0).sqrt() as f32
        })
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
    fn each_point_counts_for_its_stone_or_its_surrounding_colour() {
        // Counted by hand, row by row (stone or all-one-colour neighbours; 0 where an
        // empty point touches both): +1 0 -1 -1 -1 | +1 +1 0 -1 -1 | +1 +1 0 -1 -1 |
        // +1 +1 +1 -1 -1 | +1 +1 0 -1 -1.
        let b = board(&["X.O.O", ".X.O.", "XX.OO", ".XXO.", "X..OO"]);
        let mut own = Ownership::new();
        let m = own.add(&b);
        assert_eq!(m, score::playout_margin(&b), "the playout's own scoring");
        assert_eq!(own.of(b.point(1, 0)), Some(1.0));
        assert_eq!(own.of(b.point(0, 3)), Some(-1.0));
        assert_eq!(own.of(b.point(0, 1)), Some(0.0), "between X and O");
        let by_hand: i32 = [-2, 0, 0, 1, 0].iter().sum();
        assert_eq!(m, by_hand);
    }

    #[test]
    fn means_over_ends_and_merging_is_adding() {
        // A stone in the centre of 3x3 owns itself and its four neighbours: 5 points.
        let black = board(&["...", ".X.", "..."]);
        let white = board(&["...", ".O.", "..."]);
        let (mut a, mut b) = (Ownership::new(), Ownership::new());
        assert_eq!(a.of(black.point(2, 2)), None);
        assert_eq!(a.score(7.5), None);
        a.add(&black);
        a.add(&black);
        b.add(&white);
        b.add(&black);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba, "the order of merging does not matter");
        assert_eq!(ab.ends(), 4);
        // Three ends black's, one white's.
        assert_eq!(ab.of(black.point(0, 1)), Some(0.5));
        assert_eq!(ab.of(black.point(0, 0)), Some(0.0));
        // Margins 5, 5, 5, -5: mean 2.5, deviation sqrt(25 - 6.25).
        assert_eq!(ab.score(0.5), Some(2.0));
        assert_eq!(ab.score_stdev(), Some((25.0f64 - 6.25).sqrt() as f32));
    }

    #[test]
    fn score_sums_give_mean_and_deviation() {
        let mut a = ScoreSum::default();
        assert_eq!((a.mean(), a.stdev()), (None, None));
        for m in [4.5, -1.5] {
            a.add(m);
        }
        let mut b = ScoreSum::default();
        b.add(1.5);
        a.merge(&b);
        // 4.5, -1.5, 1.5: mean 1.5, deviations 3, -3, 0: variance 6.
        assert_eq!(a.mean(), Some(1.5));
        assert_eq!(a.stdev(), Some(6.0f64.sqrt() as f32));
    }
}
