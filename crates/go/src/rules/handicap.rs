//! Handicap stones: the standard fixed placement of GTP 2 (`fixed_handicap`), which is
//! also where `place_free_handicap` puts them.
//!
//! ```
//! use menace_go::rules::board::{Board, Move};
//! use menace_go::io::gtp::format_vertex;
//! use menace_go::rules::handicap;
//! let b = Board::new(19);
//! let stones = handicap::fixed(19, 5).unwrap();
//! let names: Vec<String> = stones.iter().map(|&p| format_vertex(&b, Move::Play(p))).collect();
//! assert_eq!(names, ["D4", "Q16", "D16", "Q4", "K10"]);
//! assert!(handicap::fixed(9, 10).is_err());
//! ```

use crate::rules::board::{Board, Colour, Point, BLACK, EMPTY};

/// The most fixed handicap stones a board takes: none below 7x7, 4 on even boards and
/// on 7x7 (no centre lines to spare), 9 on odd boards from 9x9.
pub fn max_fixed(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 => 4,
        n if n % 2 == 0 => 4,
        _ => 9,
    }
}

/// The points, in placement order, for `n` stones; each pair of digits is (row, column)
/// with 0 the low line, 1 the centre line and 2 the high line, GTP numbering (row 1 at
/// the bottom). Corners first, then the sides' midpoints, with the centre stone for odd
/// counts.
const PATTERNS: [&[(u8, u8)]; 8] = [
    &[(0, 0), (2, 2)],
    &[(0, 0), (2, 2), (2, 0)],
    &[(0, 0), (2, 2), (2, 0), (0, 2)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 1)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2), (1, 1)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2), (0, 1), (2, 1)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2), (0, 1), (2, 1), (1, 1)],
];

/// The standard points for `n` handicap stones on a `size` board: on the third line up
/// to 11x11, the fourth from 12x12 (as GNU Go, the reference GTP engine, places them).
/// Refused when the board takes no `n` fixed stones.
pub fn fixed(size: usize, n: usize) -> Result<Vec<Point>, String> {
    if !(2..=9).contains(&n) || n > max_fixed(size) {
        return Err("invalid number of stones".into());
    }
    let edge = if size > 11 { 3 } else { 2 };
    let line = |i: u8| match i {
        0 => edge,
        1 => size / 2,
        _ => size - 1 - edge,
    };
    let b = Board::new(size);
    // Rows are counted from the bottom here, from the top on the board.
    Ok(PATTERNS[n - 2].iter().map(|&(r, c)| b.point(size - 1 - line(r), line(c))).collect())
}

/// The starting position of a game with black's handicap `stones`: white to move, or the
/// empty board with black to move when there are none.
pub fn board(size: usize, stones: &[Point]) -> Result<Board, String> {
    let b = Board::new(size);
    if stones.is_empty() {
        return Ok(b);
    }
    let mut grid = vec![EMPTY; size * size];
    for &p in stones {
        let (r, c) = b.row_col(p);
        grid[r * size + c] = BLACK;
    }
    Board::from_stones(size, &grid, Colour::White)
}
