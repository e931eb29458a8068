//! 3x3 patterns around a candidate move, the shape knowledge of the playouts and priors.
//!
//! The set is the well-known one from MoGo's playouts (hane, cut, edge patterns), in the
//! form the michi and Pachi engines publish it. Each pattern is a 3x3 picture whose centre
//! is the (empty) candidate point. Symbols: `X` and `O` are stones of the two colours, `.`
//! empty, `#` off the board, `x` anything but `X` (`.`, `O`, `#`), `o` anything but `O`,
//! `?` anything. All 8 symmetries and the colour swap are added, so the set does not
//! depend on who is to move, and the whole set is compiled once into a 64 Ki-entry table
//! indexed by [`crate::rules::board::Board::env8`].

use std::sync::OnceLock;

use crate::rules::board::{Board, Point, BLACK, EDGE, EMPTY, WHITE};

/// The patterns (rows top to bottom; the centre is the move).
pub const PATTERNS: &[[&str; 3]] = &[
    // hane: enclosing hane
    ["XOX", "...", "???"],
    // hane: non-cutting hane
    ["XO.", "...", "?.?"],
    // hane: magari
    ["XO?", "X..", "x.?"],
    // generic: katatsuke or diagonal attachment
    [".O.", "X..", "..."],
    // cut1: unprotected cut
    ["XO?", "O.o", "?o?"],
    // cut1: peeped cut
    ["XO?", "O.X", "???"],
    // cut2: de
    ["?X?", "O.O", "ooo"],
    // cut keima
    ["OX?", "o.O", "???"],
    // side: chase
    ["X.?", "O.?", "###"],
    // side: block side cut
    ["OX?", "X.O", "###"],
    // side: block side connection
    ["?X?", "x.O", "###"],
    // side: sagari
    ["?XO", "x.x", "###"],
    // side: cut
    ["?OX", "X.O", "###"],
];

/// Position in the 3x3 grid (row-major, 0..9) of each [`Board::env8`] slot.
pub(crate) const SLOT_CELL: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

/// The 3x3 grid turned a quarter: (r, c) -> (c, 2 - r).
pub(crate) fn rotate(g: [u8; 9]) -> [u8; 9] {
    // (r, c) -> (c, 2 - r)
    let mut o = [0u8; 9];
    for r in 0..3 {
        for c in 0..3 {
            o[c * 3 + (2 - r)] = g[r * 3 + c];
        }
    }
    o
}

/// The 3x3 grid reflected left to right.
pub(crate) fn mirror(g: [u8; 9]) -> [u8; 9] {
    let mut o = [0u8; 9];
    for r in 0..3 {
        for c in 0..3 {
            o[r * 3 + (2 - c)] = g[r * 3 + c];
        }
    }
    o
}

fn swap_colours(g: [u8; 9]) -> [u8; 9] {
    g.map(|ch| match ch {
        b'X' => b'O',
        b'O' => b'X',
        b'x' => b'o',
        b'o' => b'x',
        c => c,
    })
}

fn options(ch: u8) -> &'static [u8] {
    match ch {
        b'X' => &[BLACK],
        b'O' => &[WHITE],
        b'.' => &[EMPTY],
        b'#' | b' ' => &[EDGE],
        b'x' => &[EMPTY, WHITE, EDGE],
        b'o' => &[EMPTY, BLACK, EDGE],
        _ => &[EMPTY, BLACK, WHITE, EDGE],
    }
}

fn expand(g: &[u8; 9], slot: usize, code: u16, table: &mut [bool]) {
    if slot == 8 {
        table[code as usize] = true;
        return;
    }
    for &v in options(g[SLOT_CELL[slot]]) {
        expand(g, slot + 1, code | u16::from(v) << (2 * slot), table);
    }
}

fn build() -> Vec<bool> {
    let mut table = vec![false; 1 << 16];
    for pat in PATTERNS {
        let mut g = [0u8; 9];
        for (r, row) in pat.iter().enumerate() {
            g[r * 3..r * 3 + 3].copy_from_slice(row.as_bytes());
        }
        for base in [g, swap_colours(g)] {
            let mut cur = base;
            for _ in 0..4 {
                expand(&cur, 0, 0, &mut table);
                expand(&mirror(cur), 0, 0, &mut table);
                cur = rotate(cur);
            }
        }
    }
    table
}

fn table() -> &'static [bool] {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Does the neighbourhood of the empty point `p` match one of the [`PATTERNS`]?
#[inline]
pub fn matches(b: &Board, p: Point) -> bool {
    table()[b.env8(p) as usize]
}

/// A handle on the compiled table, for hot loops that want to skip the `OnceLock` check.
pub fn compiled() -> &'static [bool] {
    table()
}
