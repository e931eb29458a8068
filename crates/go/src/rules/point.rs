//! A cell of the board ([`Point`]) and the size of the padded array every board uses.

/// A cell of the board: the index of an on-board point, or of a point of the [`EDGE`](crate::rules::colour::EDGE)
/// ring around it, in the padded `(n+2) x (n+2)` array.
///
/// A plain `u16` underneath (`repr(transparent)`), so lists and arrays of points cost
/// what the integers did; the type keeps cells apart from counts, codes and passes.
/// Points order by index, which is row by row from the top.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(transparent)]
pub struct Point(u16);

impl Point {
    /// The cell with index `raw` in the padded array. [`Board::point`](crate::rules::board::Board::point) names a point by
    /// row and column; this is for raw indices (tables, tests).
    #[inline]
    pub const fn new(raw: u16) -> Point {
        Point(raw)
    }

    /// The index into per-cell arrays such as `[T; MAX_POINTS]`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The raw index.
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }
}

/// The largest board side we support.
pub const MAX_SIZE: usize = 19;
/// Width of the padded array for the largest board.
const MAX_W: usize = MAX_SIZE + 2;
/// Number of points in the padded array (all boards use the same array size).
pub const MAX_POINTS: usize = MAX_W * MAX_W;
/// "No point": an unused `head`/`next` entry, no ko; never a valid index.
pub(crate) const NO_POINT: Point = Point(u16::MAX);
/// An unused `empty_pos` entry.
pub(crate) const NO_INDEX: u16 = u16::MAX;
