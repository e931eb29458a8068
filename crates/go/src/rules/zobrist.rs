//! The Zobrist keys of a position's hash: one per point and stone colour, and one for
//! white to move, fixed at compile time.

use crate::rules::point::MAX_POINTS;

/// SplitMix64's finaliser: the keys from their indices, the same on every machine.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Every point's key for a black stone (`[1]`) and a white one (`[2]`).
const fn zobrist_table() -> [[u64; 3]; MAX_POINTS] {
    let mut t = [[0u64; 3]; MAX_POINTS];
    let mut p = 0;
    while p < MAX_POINTS {
        t[p][1] = splitmix((p as u64) * 2 + 1);
        t[p][2] = splitmix((p as u64) * 2 + 2);
        p += 1;
    }
    t
}

/// Zobrist keys, fixed at compile time so hashes are the same on every machine and run.
pub(crate) static ZOBRIST: [[u64; 3]; MAX_POINTS] = zobrist_table();
/// Mixed into [`Board::position_key`](crate::rules::board::Board::position_key) when white is to move.
pub(crate) const WHITE_TO_MOVE_KEY: u64 = splitmix(0xD1CE);
