//! A player and the cells of the board: [`Colour`], and the plain bytes a board keeps
//! per point ([`EMPTY`], [`BLACK`], [`WHITE`], [`EDGE`]).

/// A player (and the colour of the stones she plays).
///
/// The board itself keeps a plain `u8` per point ([`EMPTY`], [`BLACK`], [`WHITE`],
/// [`EDGE`]) rather than an enum: the neighbour loops compare bytes, [`Board::env8`](crate::rules::board::Board::env8) packs
/// cells straight into pattern-table indices and the Zobrist table is indexed by them, all
/// with no conversion. A `Colour`'s discriminant is its stone's cell value, so
/// [`Colour::stone`] is free, and [`Board::colour_at`](crate::rules::board::Board::colour_at) reads a cell back as a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Colour {
    /// Black, who moves first.
    Black = 1,
    /// White.
    White = 2,
}

impl Colour {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The cell value of this colour's stones: [`BLACK`] or [`WHITE`].
    #[inline]
    pub fn stone(self) -> u8 {
        self as u8
    }

    /// The player whose stones a cell holds, if any.
    #[inline]
    pub fn from_stone(cell: u8) -> Option<Colour> {
        match cell {
            BLACK => Some(Colour::Black),
            WHITE => Some(Colour::White),
            _ => None,
        }
    }

    /// 0 for black, 1 for white: an index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }
}

impl std::fmt::Display for Colour {
    /// `black` or `white`, as GTP writes colours.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// An empty point.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = Colour::Black as u8;
/// A white stone.
pub const WHITE: u8 = Colour::White as u8;
/// Off the board: the ring around it.
pub const EDGE: u8 = 3;
