//! A move ([`Move`]: a pass or a stone on a point) and why a board refuses one
//! ([`Illegal`]).

use crate::rules::point::Point;

/// A move: passing, or a stone on a point.
///
/// Moves order with [`Move::Pass`] first, then by point index, so sorted lists of moves
/// (such as the search's statistics, ties broken by move) keep the order they had when a
/// move was a point index with 0 for passing.
///
/// ```
/// use menace_go::rules::board::{Board, Move};
/// let b = Board::new(9);
/// let (a, z) = (Move::Play(b.point(0, 0)), Move::Play(b.point(8, 8)));
/// let mut moves = vec![z, Move::Pass, a];
/// moves.sort();
/// assert_eq!(moves, [Move::Pass, a, z]);
/// assert_eq!(a.point(), Some(b.point(0, 0)));
/// assert!(Move::Pass.is_pass() && Move::Pass.point().is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Passing. The first variant, so that it sorts before every point.
    Pass,
    /// A stone on the point.
    Play(Point),
}

impl Move {
    /// Is this a pass?
    #[inline]
    pub fn is_pass(self) -> bool {
        self == Move::Pass
    }

    /// The point played, or `None` for a pass.
    #[inline]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }
}

impl From<Point> for Move {
    /// Playing at the point.
    #[inline]
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point is not on the board.
    OffBoard,
    /// The point holds a stone.
    Occupied,
    /// The move would leave its own group without liberties and captures nothing.
    Suicide,
    /// The move retakes a ko at once.
    Ko,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Illegal::OffBoard => "point off the board",
            Illegal::Occupied => "point is occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "illegal ko recapture",
        })
    }
}
