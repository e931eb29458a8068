//! Ko as the king-of-the-hill bot sees it. The board's own ko point
//! ([`Board::ko`](crate::rules::board::Board::ko)) and position hashes settle legality when
//! the history is known; without it (the king-of-the-hill format gives a bare position) a
//! capture can only be judged by its shape.

use crate::rules::board::{Board, Move, EMPTY};
use crate::rules::tactics::capture_size;

/// Does `mv` look like taking a ko: it captures exactly one stone and leaves the
/// capturing stone alone with a single liberty? If the opponent has just taken that ko,
/// taking it back recreates the earlier position. A pass never does.
pub fn is_ko_capture(b: &Board, mv: Move) -> bool {
    let Move::Play(p) = mv else {
        return false;
    };
    if !b.is_legal(mv) || capture_size(b, p) != 1 {
        return false;
    }
    let c = b.to_move().stone();
    if b.neighbors(p).iter().any(|&q| b.at(q) == c || b.at(q) == EMPTY) {
        return false;
    }
    let mut after = b.clone();
    after.play_unchecked(mv);
    after.ko().is_some()
}
