//! Dead stones at the end of a game: which groups are dead, alive, or in seki
//! (GTP `final_status_list`, the `final_score` that agrees with it, and
//! `kgs-genmove_cleanup`).
//!
//! The method, in two steps:
//! 1. **Ownership by playouts.** [`PLAYOUTS`] seeded playouts of the bot's own policy
//!    ([`policy_move`]) finish the game from the position, half of them with black
//!    to move and half with white. At the end of each, a point belongs to the colour of its
//!    stone, or to the colour of all its neighbours when it is empty (the playout's own
//!    scoring, [`score::playout_margin`]). A group is **dead** when, averaged over its
//!    stones, its points end owned by the opponent in more than half of the playouts; the
//!    decision is per group, so a group is all dead or all alive.
//! 2. **Seki by structure.** Random playouts resolve a seki by chance (whoever fills a
//!    shared liberty first loses), so the ownership of a seki is noise. A *seki point* is
//!    an empty point next to stones of both colours where a stone of either colour would
//!    be self-atari (or illegal); the groups around it are in **seki** when every one of
//!    them still owns its points in at least [`SEKI_MIN_OWN`] of the playouts (a group
//!    that a seki-looking point surrounds but that the playouts kill nearly always is just
//!    dead). Seki groups are alive for scoring; their shared liberties border both colours
//!    and count for nobody.
//!
//! The seed is the position's ([`position_seed`] of its key and move count), so the answer
//! is the same on every run and every machine.

use crate::model::pattern;
use crate::rules::board::{Board, Colour, Move, Point, BLACK, EMPTY, WHITE};
use crate::rules::score;
use crate::search::ownership::Ownership;
use crate::search::playout::policy_move;
use crate::search::seed::position_seed;
use menace_stats::rng::from_seed;

/// Playouts per estimate: enough that a group's ownership is known to a few per cent, and
/// cheap (a few milliseconds on 19x19).
pub const PLAYOUTS: usize = 400;

/// A group in a seki-looking shape is in seki only if it survives in at least this share
/// of the playouts; below it, it is dead. Low on purpose: the playouts settle a seki by
/// whoever fills a shared liberty first, so a real seki group can survive in as few as
/// one playout in seven (game 17 of docs/games/gtp-19x19-level10-v6, where GNU Go also
/// sees a seki).
pub const SEKI_MIN_OWN: f32 = 0.05;

/// What becomes of a group at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It stays on the board and counts for its owner.
    Alive,
    /// It is removed before scoring; its points count for the opponent.
    Dead,
    /// Alive without two eyes: it shares liberties with an opponent group that neither side
    /// can fill.
    Seki,
}

impl Status {
    /// The word GTP uses (`final_status_list alive|dead|seki`).
    pub fn parse(word: &str) -> Option<Status> {
        match word.to_ascii_lowercase().as_str() {
            "alive" => Some(Status::Alive),
            "dead" => Some(Status::Dead),
            "seki" => Some(Status::Seki),
            _ => None,
        }
    }
}

/// The status of every group of a position.
#[derive(Clone, Debug)]
pub struct Estimate {
    /// `(head stone, status)` of every group, in board order of the heads' first stone.
    groups: Vec<(Point, Status)>,
    /// Per point: the share of playouts that ended with it black minus the share white
    /// (from -1, surely white, to 1, surely black).
    ownership: Vec<f32>,
    /// The position with the dead stones removed.
    settled: Board,
}

impl Estimate {
    /// The groups with `status`, each as its stones (sorted by point).
    pub fn groups(&self, b: &Board, status: Status) -> Vec<Vec<Point>> {
        self.groups
            .iter()
            .filter(|(_, s)| *s == status)
            .map(|&(h, _)| {
                let mut stones: Vec<Point> = b.group_stones(h).collect();
                stones.sort_unstable();
                stones
            })
            .collect()
    }

    /// The status of the stone at `p` (`None` for an empty point).
    pub fn status_at(&self, b: &Board, p: Point) -> Option<Status> {
        if b.at(p) != BLACK && b.at(p) != WHITE {
            return None;
        }
        let h = b.group_of(p);
        self.groups.iter().find(|(g, _)| *g == h).map(|&(_, s)| s)
    }

    /// The share of playouts in which the group of the stone at `p` kept its points (`None`
    /// for an empty point): below one half it is dead.
    pub fn survival(&self, b: &Board, p: Point) -> Option<f32> {
        b.colour_at(p).map(|_| survival(b, &self.ownership, b.group_of(p)))
    }

    /// Black's ownership of `p`, from -1 (white's in every playout) to 1.
    pub fn ownership(&self, p: Point) -> f32 {
        self.ownership[p.index()]
    }

    /// The position with the dead stones taken off (each dead group's points then count
    /// for the side around it).
    pub fn settled(&self) -> &Board {
        &self.settled
    }

    /// Black's area minus white's minus komi, after removing the dead stones (Tromp-Taylor
    /// on [`Estimate::settled`]): the score GTP `final_score` reports.
    pub fn margin(&self, komi: f32) -> f32 {
        score::margin(&self.settled, komi)
    }

    /// Does `c`'s opponent have dead stones on the board (stones `c` still has to
    /// capture in a cleanup phase)?
    pub fn opponent_has_dead(&self, b: &Board, c: Colour) -> bool {
        let o = c.opponent().stone();
        self.groups.iter().any(|&(h, s)| s == Status::Dead && b.at(h) == o)
    }
}

/// The status of every group on `b`, from [`PLAYOUTS`] playouts seeded by the position.
pub fn estimate(b: &Board) -> Estimate {
    estimate_with(b, PLAYOUTS)
}

/// [`estimate`] with `playouts` playouts (at least 2).
pub fn estimate_with(b: &Board, playouts: usize) -> Estimate {
    let playouts = playouts.max(2);
    let seed = position_seed(&b.position_key().to_le_bytes(), b.move_count(), 0);
    let mut rng = from_seed(seed);
    let pats = pattern::compiled();
    let n = b.size();
    let cap = 3 * (n * n) as u32;
    let mut own = Ownership::new();
    for i in 0..playouts {
        let mut g = b.clone();
        g.set_passes(0);
        g.set_to_move(if i % 2 == 0 { Colour::Black } else { Colour::White });
        let start = g.move_count();
        while g.passes() < 2 && g.move_count() - start < cap {
            // The basic playouts, whatever the profile: the dead-stone agreement with GNU Go
            // was measured with them.
            let m = policy_move(&g, &mut rng, pats);
            g.play_unchecked(m);
        }
        own.add(&g);
    }
    let ownership = own.means();

    // Each group's share of playouts in which it keeps its points.
    let mut heads: Vec<Point> = Vec::new();
    for p in b.points() {
        if (b.at(p) == BLACK || b.at(p) == WHITE) && !heads.contains(&b.group_of(p)) {
            heads.push(b.group_of(p));
        }
    }
    let survival = |h: Point| survival(b, &ownership, h);
    let mut groups: Vec<(Point, Status)> = heads
        .iter()
        .map(|&h| (h, if survival(h) < 0.5 { Status::Dead } else { Status::Alive }))
        .collect();

    // Seki: every group around a seki point survives often enough.
    for p in b.points() {
        if b.at(p) != EMPTY || !seki_point(b, p) {
            continue;
        }
        let mut around: Vec<Point> = Vec::new();
        for q in b.neighbors(p) {
            if (b.at(q) == BLACK || b.at(q) == WHITE) && !around.contains(&b.group_of(q)) {
                around.push(b.group_of(q));
            }
        }
        if around.iter().all(|&h| survival(h) >= SEKI_MIN_OWN) {
            for (h, s) in groups.iter_mut() {
                if around.contains(h) {
                    *s = Status::Seki;
                }
            }
        }
    }

    let mut cells = vec![EMPTY; n * n];
    for p in b.points() {
        let (r, c) = b.row_col(p);
        let dead = groups.iter().any(|&(h, s)| {
            s == Status::Dead && (b.at(p) == BLACK || b.at(p) == WHITE) && b.group_of(p) == h
        });
        if !dead {
            cells[r * n + c] = b.at(p);
        }
    }
    // Removing whole groups never leaves a group without a liberty (its former points are
    // now empty next to it, or it already had one), so this cannot fail; fall back to the
    // board as it stands if it ever did.
    let settled = Board::from_stones(n, &cells, b.to_move()).unwrap_or_else(|_| b.clone());
    Estimate { groups, ownership, settled }
}

/// The share of playouts in which the group with head `h` kept its points (the mean over
/// its stones of its colour's ownership, from 0 to 1).
fn survival(b: &Board, ownership: &[f32], h: Point) -> f32 {
    let sign = if b.at(h) == BLACK { 1.0 } else { -1.0 };
    let (sum, n) = b
        .group_stones(h)
        .fold((0.0f32, 0usize), |(sum, n), s| (sum + sign * ownership[s.index()], n + 1));
    (sum / n as f32 + 1.0) / 2.0
}

/// An empty point next to both colours where neither can play without putting its own
/// stones in atari (or playing an illegal move): the shared liberty of a seki.
fn seki_point(b: &Board, p: Point) -> bool {
    let next: Vec<u8> = b.neighbors(p).iter().map(|&q| b.at(q)).collect();
    if !next.contains(&BLACK) || !next.contains(&WHITE) {
        return false;
    }
    [Colour::Black, Colour::White].into_iter().all(|c| {
        let mut g = b.clone();
        g.set_to_move(c);
        if !g.is_legal(Move::Play(p)) {
            return true;
        }
        let captured = g.play_unchecked(Move::Play(p));
        captured == 0 && g.count_libs(g.group_of(p), 2) < 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        Board::from_diagram(rows, Colour::Black).unwrap()
    }

    /// Black's row-1/2 group and white's row-3 group share A2 and C2 and nothing else:
    /// whoever fills one puts itself in atari. Black's wall on row 4 lives with row 5.
    const SEKI: &str = ".....\nXXXXX\nOOOOO\n.X.XX\nXXXXX\n";

    #[test]
    fn seki_points_are_the_shared_liberties_only() {
        let b = board(SEKI);
        let seki: Vec<Point> =
            b.points().filter(|&p| b.at(p) == EMPTY && seki_point(&b, p)).collect();
        assert_eq!(seki, [b.point(3, 0), b.point(3, 2)]);
        let open = Board::new(5);
        assert!(open.points().all(|p| !seki_point(&open, p)));
    }

    #[test]
    fn a_seki_is_seki_and_scores_its_shared_liberties_for_nobody() {
        let b = board(SEKI);
        let e = estimate(&b);
        assert_eq!(e.status_at(&b, b.point(2, 0)), Some(Status::Seki));
        assert_eq!(e.status_at(&b, b.point(4, 0)), Some(Status::Seki));
        assert_eq!(e.status_at(&b, b.point(1, 0)), Some(Status::Alive));
        assert_eq!(e.groups(&b, Status::Dead), Vec::<Vec<Point>>::new());
        // Black: rows 4-5 (10) and its seki group (8); white: its 5; A2, C2 neutral.
        assert_eq!(e.margin(0.0), 13.0);
    }

    #[test]
    fn a_stone_inside_the_opponents_area_is_dead_and_counts_for_it() {
        // Black owns columns A-C, white D-E; the white stone at A1 cannot live.
        let b = board("..XO.\n..XO.\n..XO.\n..XO.\nO.XO.\n");
        let e = estimate(&b);
        assert_eq!(e.groups(&b, Status::Dead), [vec![b.point(4, 0)]]);
        assert_eq!(e.status_at(&b, b.point(0, 2)), Some(Status::Alive));
        assert_eq!(e.status_at(&b, b.point(0, 3)), Some(Status::Alive));
        assert!(e.opponent_has_dead(&b, Colour::Black));
        assert!(!e.opponent_has_dead(&b, Colour::White));
        // Black 15, white 10 once A1 is gone.
        assert_eq!(e.margin(0.0), 5.0);
        assert_eq!(score::margin(&b, 0.0), -6.0, "as it stands A1 spoils black's area");
    }

    #[test]
    fn the_estimate_is_deterministic() {
        let b = board("..XO.\n..XO.\n.OXO.\n..XO.\nO.XO.\n");
        let (a, c) = (estimate(&b), estimate(&b));
        assert_eq!(a.groups, c.groups);
        assert_eq!(a.ownership, c.ownership);
    }
}
