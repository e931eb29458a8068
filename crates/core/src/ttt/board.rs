//! The board: two bit masks, one per mark.

use std::fmt;

use super::Cell;

/// A mark on the board. X always moves first (MENACE plays X).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Crosses, the first player.
    X,
    /// Noughts, the second player.
    O,
}

impl Mark {
    /// The other mark.
    #[must_use]
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// `'X'` or `'O'`.
    pub fn symbol(self) -> char {
        match self {
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }
}

/// The eight lines (three rows, three columns, two diagonals) as cell masks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const fn has_line(mask: u16) -> bool {
    let mut i = 0;
    while i < LINES.len() {
        if mask & LINES[i] == LINES[i] {
            return true;
        }
        i += 1;
    }
    false
}

/// `WINS[m]`: does the set of cells `m` contain a line? A table, because the training
/// loop asks this after every move.
pub(crate) static WINS: [bool; 512] = {
    let mut t = [false; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = has_line(m as u16);
        m += 1;
    }
    t
};

/// `POW3_OF_MASK[m]`: the sum of 3^(8-i) over the cells i in `m`, so that a board's
/// base-3 code is two table reads.
static POW3_OF_MASK: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut sum = 0u16;
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                let mut p = 1u16;
                let mut k = 0;
                while k < 8 - i {
                    p *= 3;
                    k += 1;
                }
                sum += p;
            }
            i += 1;
        }
        t[m] = sum;
        m += 1;
    }
    t
};

/// `COUNT[m]`: the number of cells in `m`. A table, because the default x86-64 target
/// has no popcount instruction and the training loop counts on every move.
pub(crate) static COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u16).count_ones() as u8;
        m += 1;
    }
    t
};

/// A tic-tac-toe board. Any combination of marks can be represented; [`Board::is_valid`]
/// says whether it can arise in play.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    x: u16,
    o: u16,
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { x: 0, o: 0 };
    const FULL: u16 = 0x1ff;

    /// A board from the masks of X and O cells (bits 0..9). `None` if they overlap or
    /// name cells beyond the ninth.
    pub fn from_masks(x: u16, o: u16) -> Option<Board> {
        (x & o == 0 && (x | o) & !Self::FULL == 0).then_some(Board { x, o })
    }

    /// The cells holding X.
    #[inline]
    pub fn x_mask(self) -> u16 {
        self.x
    }

    /// The cells holding O.
    #[inline]
    pub fn o_mask(self) -> u16 {
        self.o
    }

    /// The empty cells.
    #[inline]
    pub fn empty_mask(self) -> u16 {
        !(self.x | self.o) & Self::FULL
    }

    /// The mark in `cell`, if any.
    pub fn get(self, cell: Cell) -> Option<Mark> {
        if self.x & cell.bit() != 0 {
            Some(Mark::X)
        } else if self.o & cell.bit() != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// This board with `mark` put in `cell` (which should be empty).
    #[inline]
    #[must_use]
    pub fn with(self, cell: Cell, mark: Mark) -> Board {
        debug_assert!(self.get(cell).is_none(), "cell {cell} is taken");
        match mark {
            Mark::X => Board { x: self.x | cell.bit(), o: self.o },
            Mark::O => Board { x: self.x, o: self.o | cell.bit() },
        }
    }

    /// Number of marks on the board.
    #[inline]
    pub fn pieces(self) -> u32 {
        u32::from(COUNT[usize::from(self.x | self.o)])
    }

    /// Whose turn it is, assuming X started: X when the counts are equal.
    #[inline]
    pub fn to_move(self) -> Mark {
        // X moved first, so X is to move exactly when an even number of cells is taken.
        if self.pieces().is_multiple_of(2) {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// Does `mark` have three in a row?
    #[inline]
    pub fn has_won(self, mark: Mark) -> bool {
        let m = match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        };
        WINS[usize::from(m)]
    }

    /// The winner, if a mark has three in a row (X checked first; a valid board never has
    /// both).
    pub fn winner(self) -> Option<Mark> {
        if self.has_won(Mark::X) {
            Some(Mark::X)
        } else if self.has_won(Mark::O) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Is the game over (a line, or a full board)?
    #[inline]
    pub fn is_over(self) -> bool {
        self.empty_mask() == 0 || WINS[usize::from(self.x)] || WINS[usize::from(self.o)]
    }

    /// Can this board arise in a game X started? (Counts differ by 0 or 1 in X's favour,
    /// at most one side has a line, and the side with a line made the last move.)
    pub fn is_valid(self) -> bool {
        let (nx, no) = (self.x.count_ones(), self.o.count_ones());
        if nx != no && nx != no + 1 {
            return false;
        }
        match (self.has_won(Mark::X), self.has_won(Mark::O)) {
            (true, true) => false,
            (true, false) => nx == no + 1,
            (false, true) => nx == no,
            (false, false) => true,
        }
    }

    /// The empty cells, in index order.
    pub fn empty_cells(self) -> impl Iterator<Item = Cell> {
        let empty = self.empty_mask();
        Cell::ALL.into_iter().filter(move |c| empty & c.bit() != 0)
    }

    /// The board as three strings of `X`, `O`, `.`, top row first.
    pub fn rows(self) -> [String; 3] {
        let s = self.to_string();
        [s[0..3].to_string(), s[3..6].to_string(), s[6..9].to_string()]
    }

    /// Reads nine characters `X`, `O`, `.` (row-major), as drawn on a matchbox.
    /// Lower case and `-`/`_`/space for empty are accepted too.
    pub fn parse(text: &str) -> Option<Board> {
        let mut b = Board::EMPTY;
        let mut n = 0;
        for ch in text.chars() {
            let cell = Cell::new(n)?;
            match ch {
                'X' | 'x' => b = b.with(cell, Mark::X),
                'O' | 'o' => b = b.with(cell, Mark::O),
                '.' | '-' | '_' | ' ' => {}
                _ => return None,
            }
            n += 1;
        }
        (n == 9).then_some(b)
    }

    /// A base-3 number for the board (cell 0 most significant; empty 0, O 1, X 2).
    /// Two boards share a code exactly when they are equal, and ordering by code is the
    /// order [`Board::canonical`](super::Transform::canonical) uses.
    #[inline]
    pub fn code(self) -> u16 {
        2 * POW3_OF_MASK[usize::from(self.x)] + POW3_OF_MASK[usize::from(self.o)]
    }
}

impl fmt::Display for Board {
    /// Nine characters, row-major: `X`, `O` or `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for cell in Cell::ALL {
            f.write_char(self.get(cell).map_or('.', Mark::symbol))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    #[test]
    fn lines_are_the_eight_triples_found_by_brute_force() {
        // Every 3-cell set whose cells are collinear on the 3x3 grid.
        let mut found = Vec::new();
        for m in 0u16..512 {
            if m.count_ones() != 3 {
                continue;
            }
            let cells: Vec<(i32, i32)> =
                (0..9).filter(|i| m & (1 << i) != 0).map(|i| (i / 3, i % 3)).collect();
            let (a, b, c) = (cells[0], cells[1], cells[2]);
            let cross = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
            if cross == 0 {
                found.push(m);
            }
        }
        let mut lines = LINES.to_vec();
        lines.sort_unstable();
        assert_eq!(found, lines);
    }

    #[test]
    fn wins_and_draws() {
        assert_eq!(b("XXX.OO...").winner(), Some(Mark::X));
        assert_eq!(b("X.OXO.O.X").winner(), Some(Mark::O));
        assert_eq!(b("XOXXOOOXX").winner(), None);
        assert!(b("XOXXOOOXX").is_over());
        assert!(!b("XO.......").is_over());
    }

    #[test]
    fn validity() {
        assert!(Board::EMPTY.is_valid());
        assert!(!b("XXXX.OO..").is_valid()); // four X against two O
        assert!(!b("XXXOOO...").is_valid()); // both have lines
        assert!(!b("XXXOO.O..").is_valid()); // X won but O moved after
        assert!(b("XXXOO....").is_valid());
    }

    #[test]
    fn parse_display_and_rows() {
        let board = b("x.o-X_ O.");
        assert_eq!(board.to_string(), "X.O.X..O.");
        assert_eq!(board.rows(), ["X.O", ".X.", ".O."]);
        assert!(Board::parse("XO").is_none());
        assert!(Board::parse("XXXXXXXXXX").is_none());
        assert!(Board::parse("XXXXXXXX?").is_none());
    }

    #[test]
    fn code_is_the_base_3_reading_of_the_cells() {
        let board = b("X.O......");
        assert_eq!(board.code(), 2 * 3u16.pow(8) + 3u16.pow(6));
        assert_eq!(b("........X").code(), 2);
    }

    #[test]
    fn codes_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for x in 0u16..512 {
            for o in 0u16..512 {
                if let Some(board) = Board::from_masks(x, o) {
                    assert!(seen.insert(board.code()));
                }
            }
        }
        assert_eq!(seen.len(), 19683);
    }
}
