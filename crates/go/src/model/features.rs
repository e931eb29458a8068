//! Features of a candidate move, the vocabulary of the learned move model
//! ([`crate::model::move_model`], Coulom 2007, "Computing Elo ratings of move patterns").
//!
//! Each candidate has at most one *level* in each feature [`Group`]: the 3x3 pattern around
//! it (stones relative to the side to move, off-board included, canonicalised under the 8
//! symmetries), capture, extension from atari, self-atari, atari, the line (distance to the
//! edge), and the distance to the last two moves; with a dictionary of large patterns
//! ([`crate::model::large`]), also the largest of those around it. Passing is a candidate
//! with only the [`Group::Pass`] feature. Everything here reads the board; nothing
//! allocates.

use std::sync::OnceLock;

use crate::model::large::{self, PatternDict};
use crate::model::pattern::{mirror, rotate, SLOT_CELL};
use crate::rules::board::{Board, Colour, Point, BLACK, WHITE};
use crate::rules::tactics::{capture_size, libs_after};

/// A feature group: a move has at most one level in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// Canonical 3x3 neighbourhood (see [`canonical_pattern`]); the level is the code.
    Pattern3 = 0,
    /// 1: captures a group next to our own group in atari (saves it); 2: captures the
    /// group of the last move; 3: another capture of 2 or more stones; 4: of one stone.
    Capture = 1,
    /// Extends our own group out of atari: 1 to two liberties, 2 to three or more.
    Extension = 2,
    /// Self-atari that captures nothing: 1 a lone stone, 2 a larger group.
    SelfAtari = 3,
    /// Puts an opponent group in atari: 1 when a ko is on the board, 2 otherwise.
    Atari = 4,
    /// Distance to the edge: 1 (first line) to 4, 5 for the fifth line and beyond.
    Line = 5,
    /// Distance to the last move, `dx + dy + max(dx, dy)`: 2 to 16, 17 for 17 and more.
    DistLast = 6,
    /// The same for the move before the last (0: that stone stood here and was captured).
    DistLast2 = 7,
    /// Passing: 1 after the opponent passed, 2 otherwise.
    Pass = 8,
    /// The largest large pattern around the move that the model's dictionary holds
    /// ([`PatternDict::largest_match`]); the level is its index there. Absent from the
    /// 3x3 model, which has no dictionary.
    LargePattern = 9,
}

/// Number of feature groups.
pub const GROUPS: usize = 10;

/// All groups, in index order.
pub const ALL_GROUPS: [Group; GROUPS] = [
    Group::Pattern3,
    Group::Capture,
    Group::Extension,
    Group::SelfAtari,
    Group::Atari,
    Group::Line,
    Group::DistLast,
    Group::DistLast2,
    Group::Pass,
    Group::LargePattern,
];

impl Group {
    /// The group with index `i`, if any.
    pub fn from_index(i: usize) -> Option<Group> {
        ALL_GROUPS.get(i).copied()
    }

    /// Largest level the group uses (levels start at 1, patterns at 0; a large pattern's
    /// level is also bounded by its dictionary's size).
    pub fn max_level(self) -> u16 {
        match self {
            Group::Pattern3 | Group::LargePattern => u16::MAX - 1,
            Group::Capture => 4,
            Group::Extension | Group::SelfAtari | Group::Atari | Group::Pass => 2,
            Group::Line => 5,
            Group::DistLast | Group::DistLast2 => 17,
        }
    }
}

/// The level marking a group as absent in [`Features`].
pub const ABSENT: u16 = u16::MAX;

/// A candidate's level in each group ([`ABSENT`] where it has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Features(pub [u16; GROUPS]);

impl Features {
    /// The level in group `g`, if present.
    pub fn level(&self, g: Group) -> Option<u16> {
        let l = self.0[g as usize];
        (l != ABSENT).then_some(l)
    }
}

fn to_grid(code: u16) -> [u8; 9] {
    let mut g = [0u8; 9];
    for (slot, &cell) in SLOT_CELL.iter().enumerate() {
        g[cell] = (code >> (2 * slot) & 3) as u8;
    }
    g
}

fn from_grid(g: &[u8; 9]) -> u16 {
    SLOT_CELL
        .iter()
        .enumerate()
        .fold(0, |acc, (slot, &cell)| acc | u16::from(g[cell]) << (2 * slot))
}

fn swap_colours(code: u16) -> u16 {
    let mut out = 0;
    for slot in 0..8 {
        let v = code >> (2 * slot) & 3;
        let v = match u8::try_from(v).unwrap_or(0) {
            BLACK => WHITE,
            WHITE => BLACK,
            x => x,
        };
        out |= u16::from(v) << (2 * slot);
    }
    out
}

fn canonical_of(code: u16) -> u16 {
    let mut g = to_grid(code);
    let mut best = u16::MAX;
    for _ in 0..4 {
        best = best.min(from_grid(&g)).min(from_grid(&mirror(g)));
        g = rotate(g);
    }
    best
}

/// `[black to move, white to move]`: raw [`Board::env8`] code to canonical pattern code.
fn tables() -> &'static [Vec<u16>; 2] {
    static T: OnceLock<[Vec<u16>; 2]> = OnceLock::new();
    T.get_or_init(|| {
        let black: Vec<u16> = (0..=u16::MAX).map(canonical_of).collect();
        let white: Vec<u16> = (0..=u16::MAX).map(|c| black[swap_colours(c) as usize]).collect();
        [black, white]
    })
}

/// The canonical code of a raw [`Board::env8`] neighbourhood for `to_move`: stones are
/// seen as "ours" (black's code) and "theirs" (white's), and the code is the least over
/// the 8 rotations and reflections, so equivalent shapes share one feature.
#[inline]
pub fn canonical_pattern(env8: u16, to_move: Colour) -> u16 {
    tables()[to_move.index()][env8 as usize]
}

/// The distance measure of Coulom's paper: `dx + dy + max(dx, dy)`, capped at 17.
pub fn distance_level(b: &Board, p: Point, q: Point) -> u16 {
    let (r1, c1) = b.row_col(p);
    let (r2, c2) = b.row_col(q);
    let (dx, dy) = (r1.abs_diff(r2), c1.abs_diff(c2));
    (dx + dy + dx.max(dy)).min(17) as u16
}

/// The features of passing.
pub fn pass_features(b: &Board) -> Features {
    let mut f = [ABSENT; GROUPS];
    f[Group::Pass as usize] = if b.passes() > 0 { 1 } else { 2 };
    Features(f)
}

/// The features of the player to move playing at the empty, legal point `p` under a model
/// with the large patterns `large` (none: the 3x3 model's features, [`features`]).
pub fn features_with(b: &Board, p: Point, large: Option<&PatternDict>) -> Features {
    let mut f = features(b, p);
    if let Some(level) = large.and_then(|d| d.largest_match(&large::hashes(b, p))) {
        f.0[Group::LargePattern as usize] = level;
    }
    f
}

/// The features of the player to move playing at the empty, legal point `p`, without
/// large patterns.
pub fn features(b: &Board, p: Point) -> Features {
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut f = [ABSENT; GROUPS];
    f[Group::Pattern3 as usize] = canonical_pattern(b.env8(p), b.to_move());
    let (r, col) = b.row_col(p);
    let n = b.size();
    let line = r.min(col).min(n - 1 - r).min(n - 1 - col) + 1;
    f[Group::Line as usize] = line.min(5) as u16;
    let last = b.last_move().point();
    if let Some(last) = last {
        f[Group::DistLast as usize] = distance_level(b, p, last);
    }
    if let Some(last2) = b.last_move2().point().filter(|_| b.move_count() >= 2) {
        f[Group::DistLast2 as usize] = distance_level(b, p, last2);
    }
    let last_group = last.filter(|&l| b.at(l) == o).map(|l| b.group_of(l));
    // Neighbour groups, each once.
    let mut seen = [Point::new(0); 4];
    let mut k = 0;
    let mut captured = 0usize;
    let (mut saves, mut takes_last, mut own_in_atari, mut atari) = (false, false, false, false);
    for q in b.neighbors(p) {
        let qc = b.at(q);
        if qc != BLACK && qc != WHITE {
            continue;
        }
        let h = b.group_of(q);
        if seen[..k].contains(&h) {
            continue;
        }
        seen[k] = h;
        k += 1;
        if qc == o {
            if b.atari_lib(h) == Some(p) {
                captured += b.group_size(h);
                takes_last |= last_group == Some(h);
                if !saves && b.group_size(h) <= 40 {
                    saves = b.group_stones(h).any(|s| {
                        b.neighbors(s)
                            .iter()
                            .any(|&x| b.at(x) == c && b.atari_lib(b.group_of(x)).is_some())
                    });
                }
            } else if b.atari_lib(h).is_none() && b.count_libs(h, 3) == 2 {
                atari = true;
            }
        } else if b.atari_lib(h).is_some() {
            own_in_atari = true;
        }
    }
    if captured > 0 {
        f[Group::Capture as usize] = if saves {
            1
        } else if takes_last {
            2
        } else if captured >= 2 {
            3
        } else {
            4
        };
    }
    // Liberties after the move, up to 3 (captured stones next to `p` count).
    let libs = libs_after(b, p, 3);
    if own_in_atari && libs >= 2 {
        f[Group::Extension as usize] = if libs == 2 { 1 } else { 2 };
    }
    if libs <= 1 && captured == 0 {
        let alone = b.neighbors(p).iter().all(|&q| b.at(q) != c);
        f[Group::SelfAtari as usize] = if alone { 1 } else { 2 };
    }
    if atari && libs >= 2 {
        f[Group::Atari as usize] = if b.ko().is_some() { 1 } else { 2 };
    }
    debug_assert_eq!(captured, capture_size(b, p));
    Features(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_codes_agree_under_symmetry_and_colour() {
        // An empty-board corner point seen from each corner, and by either colour.
        let b = Board::new(9);
        let corners = [b.point(0, 0), b.point(0, 8), b.point(8, 0), b.point(8, 8)];
        let codes: Vec<u16> =
            corners.iter().map(|&p| canonical_pattern(b.env8(p), Colour::Black)).collect();
        assert!(codes.iter().all(|&c| c == codes[0]));
        // A black stone north of the point, black to move == a white stone south, white to move.
        let a = Board::from_diagram(".....\n..X..\n.....\n.....\n.....\n", Colour::Black);
        let w = Board::from_diagram(".....\n.....\n.....\n..O..\n.....\n", Colour::White);
        let (a, w) = (a.unwrap(), w.unwrap());
        let pa = canonical_pattern(a.env8(a.point(2, 2)), Colour::Black);
        let pw = canonical_pattern(w.env8(w.point(2, 2)), Colour::White);
        assert_eq!(pa, pw);
        // ...but not the same as an opponent stone there.
        let pb = canonical_pattern(a.env8(a.point(2, 2)), Colour::White);
        assert_ne!(pa, pb);
    }
}
