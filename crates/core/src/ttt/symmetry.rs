//! The 8 symmetries of the square (the dihedral group D4) acting on cells and boards.
//!
//! A matchbox is drawn with one board of a symmetry class; to use it for the real board
//! we need the transform `t` with `t(real) == drawing`, and to map a bead's cell on the
//! drawing back to the real board we apply `t`'s inverse.

use super::{Board, Cell};

/// One of the 8 symmetries, as a permutation of cells: cell `i` moves to `image[i]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    index: u8,
    image: [u8; 9],
}

const fn build(index: u8) -> Transform {
    let mut image = [0u8; 9];
    let mut i = 0;
    while i < 9 {
        let (r, c) = (i / 3, i % 3);
        let (nr, nc) = match index {
            0 => (r, c),         // identity
            1 => (c, 2 - r),     // quarter turn clockwise
            2 => (2 - r, 2 - c), // half turn
            3 => (2 - c, r),     // quarter turn anticlockwise
            4 => (r, 2 - c),     // mirror left-right
            5 => (2 - r, c),     // mirror top-bottom
            6 => (c, r),         // mirror in the main diagonal
            _ => (2 - c, 2 - r), // mirror in the other diagonal
        };
        image[i] = (nr * 3 + nc) as u8;
        i += 1;
    }
    Transform { index, image }
}

/// All eight transforms; `TRANSFORMS[0]` is the identity.
pub const TRANSFORMS: [Transform; 8] =
    [build(0), build(1), build(2), build(3), build(4), build(5), build(6), build(7)];

/// Names, for people reading dumps and logs.
const NAMES: [&str; 8] = [
    "identity",
    "rotate 90 clockwise",
    "rotate 180",
    "rotate 90 anticlockwise",
    "mirror left-right",
    "mirror top-bottom",
    "mirror main diagonal",
    "mirror anti-diagonal",
];

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = TRANSFORMS[0];

    /// The transform's number 0..8 (an index into [`TRANSFORMS`]).
    pub fn index(self) -> u8 {
        self.index
    }

    /// A human name, e.g. `"mirror left-right"`.
    pub fn name(self) -> &'static str {
        NAMES[usize::from(self.index)]
    }

    /// Where cell index `i` goes (usable in constant tables).
    pub const fn image_of(self, i: usize) -> u8 {
        self.image[i]
    }

    /// Where `cell` goes.
    #[inline]
    pub fn cell(self, cell: Cell) -> Cell {
        Cell::ALL[usize::from(self.image[cell.index()])]
    }

    /// Where the cells of `mask` go.
    #[inline]
    pub fn mask(self, mask: u16) -> u16 {
        let mut out = 0;
        for i in 0..9 {
            if mask & (1 << i) != 0 {
                out |= 1 << self.image[i];
            }
        }
        out
    }

    /// The board with every mark moved by this transform.
    pub fn board(self, board: Board) -> Board {
        Board::from_masks(self.mask(board.x_mask()), self.mask(board.o_mask()))
            .expect("a permutation keeps masks disjoint")
    }

    /// The transform that undoes this one.
    pub fn inverse(self) -> Transform {
        *TRANSFORMS
            .iter()
            .find(|t| (0..9).all(|i| t.image[usize::from(self.image[i])] == i as u8))
            .expect("D4 is a group")
    }

    /// The canonical drawing of `board`'s symmetry class, and the first transform (in
    /// [`TRANSFORMS`] order) that turns `board` into it.
    ///
    /// The canonical drawing is the image with the largest [`Board::code`], which puts
    /// marks towards the top left, X before O: the first move in a corner is drawn
    /// `X........`.
    pub fn canonical(board: Board) -> (Board, Transform) {
        let mut best = (board, Transform::IDENTITY);
        let mut best_code = board.code();
        for t in &TRANSFORMS[1..] {
            let image = t.board(board);
            let code = image.code();
            if code > best_code {
                best = (image, *t);
                best_code = code;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ttt::LINES;

    #[test]
    fn eight_distinct_permutations_closed_under_composition() {
        let images: std::collections::HashSet<[u8; 9]> =
            TRANSFORMS.iter().map(|t| t.image).collect();
        assert_eq!(images.len(), 8);
        for t in TRANSFORMS {
            let mut sorted = t.image;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            for u in TRANSFORMS {
                let composed: [u8; 9] = std::array::from_fn(|i| u.image[usize::from(t.image[i])]);
                assert!(images.contains(&composed));
            }
            assert_eq!(t.inverse().inverse(), t);
        }
    }

    #[test]
    fn the_group_is_exactly_the_line_preserving_permutations() {
        // Brute force over all 9! permutations: those mapping every line onto a line are
        // the symmetries of the square, and there are 8 of them.
        fn permute(mask: u16, p: &[u8; 9]) -> u16 {
            (0..9).filter(|i| mask & (1 << i) != 0).fold(0, |m, i| m | 1 << p[i])
        }
        let mut count = 0;
        let mut p = [0u8, 1, 2, 3, 4, 5, 6, 7, 8];
        // Heap's algorithm, iterative.
        let mut c = [0usize; 9];
        let mut check = |p: &[u8; 9]| {
            if LINES.iter().all(|&l| LINES.contains(&permute(l, p))) {
                assert!(TRANSFORMS.iter().any(|t| &t.image == p), "{p:?}");
                count += 1;
            }
        };
        check(&p);
        let mut i = 0;
        while i < 9 {
            if c[i] < i {
                if i % 2 == 0 {
                    p.swap(0, i);
                } else {
                    p.swap(c[i], i);
                }
                check(&p);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        assert_eq!(count, 8);
    }

    #[test]
    fn inverse_undoes() {
        let board = Board::parse("XO..X...O").unwrap();
        for t in TRANSFORMS {
            assert_eq!(t.inverse().board(t.board(board)), board);
            for cell in Cell::ALL {
                assert_eq!(t.inverse().cell(t.cell(cell)), cell);
            }
        }
    }

    #[test]
    fn canonical_is_a_class_invariant_and_reached_by_its_transform() {
        let board = Board::parse("..X.O....").unwrap();
        let (canon, t) = Transform::canonical(board);
        assert_eq!(t.board(board), canon);
        for u in TRANSFORMS {
            assert_eq!(Transform::canonical(u.board(board)).0, canon);
        }
        assert_eq!(canon.to_string(), "X...O....");
    }

    #[test]
    fn the_challenge_example_red_bead_top_left_means_top_right() {
        // The real board is the box's drawing reflected left-to-right; the transform
        // from the real board to the drawing is that mirror, and a bead meaning top-left
        // on the box means top-right on the real board.
        let mirror = TRANSFORMS[4];
        let drawing = Board::parse(".X..O....").unwrap();
        let real = mirror.board(drawing);
        assert_eq!(mirror.board(real), drawing);
        let red = Cell::parse_rc("LL").unwrap();
        assert_eq!(mirror.inverse().cell(red), Cell::parse_rc("LR").unwrap());
    }

    #[test]
    fn a_bead_maps_back_to_the_same_move_on_the_real_board() {
        // For every valid board, every legal cell of its canonical drawing maps back to
        // a legal cell of the real board, and playing either gives the same class.
        for x in 0u16..512 {
            for o in 0u16..512 {
                let Some(real) = Board::from_masks(x, o).filter(|b| b.is_valid()) else {
                    continue;
                };
                let (canon, t) = Transform::canonical(real);
                assert_eq!(t.board(real), canon);
                let mark = real.to_move();
                for c in canon.empty_cells() {
                    let back = t.inverse().cell(c);
                    assert!(real.get(back).is_none());
                    let a = Transform::canonical(real.with(back, mark)).0;
                    let b = Transform::canonical(canon.with(c, mark)).0;
                    assert_eq!(a, b);
                }
            }
        }
    }
}
