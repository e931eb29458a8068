//! One of the nine cells, and the challenge's two-letter RC notation.

use std::fmt;

/// A cell of the board, numbered 0..9 row by row from the top left (0 = top-left,
/// 4 = centre, 8 = bottom-right).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// Why a move in RC notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellError {
    /// Not exactly two characters.
    Length(usize),
    /// A character other than L, M or R (either case).
    Letter(char),
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::Length(n) => write!(
                f,
                "a move is two letters, row then column (L/M/R each), e.g. MR; got {n} character{}",
                if *n == 1 { "" } else { "s" }
            ),
            CellError::Letter(c) => {
                write!(f, "{c:?} is not a row or column letter: use L, M or R")
            }
        }
    }
}

impl std::error::Error for CellError {}

const LETTERS: [char; 3] = ['L', 'M', 'R'];

fn letter_index(c: char) -> Result<u8, CellError> {
    match c.to_ascii_uppercase() {
        'L' => Ok(0),
        'M' => Ok(1),
        'R' => Ok(2),
        _ => Err(CellError::Letter(c)),
    }
}

impl Cell {
    /// All nine cells in order.
    pub const ALL: [Cell; 9] =
        [Cell(0), Cell(1), Cell(2), Cell(3), Cell(4), Cell(5), Cell(6), Cell(7), Cell(8)];

    /// The cell with index `i` (0..9).
    pub fn new(i: usize) -> Option<Cell> {
        (i < 9).then_some(Cell(i as u8))
    }

    /// The cell at `row`, `col` (each 0..3, top and left first).
    pub fn at(row: usize, col: usize) -> Option<Cell> {
        (row < 3 && col < 3).then_some(Cell((row * 3 + col) as u8))
    }

    /// The index 0..9.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Row 0..3, top first.
    pub fn row(self) -> usize {
        self.index() / 3
    }

    /// Column 0..3, left first.
    pub fn col(self) -> usize {
        self.index() % 3
    }

    /// The single-bit mask of this cell.
    #[inline]
    pub fn bit(self) -> u16 {
        1 << self.0
    }

    /// Reads the challenge's notation: row letter then column letter, each L, M or R
    /// (top/middle/bottom, left/middle/right), in either case.
    ///
    /// ```
    /// use menace_core::ttt::Cell;
    /// assert_eq!(Cell::parse_rc("MR").unwrap(), Cell::at(1, 2).unwrap());
    /// assert_eq!(Cell::parse_rc("ll").unwrap().index(), 0);
    /// assert!(Cell::parse_rc("MX").is_err());
    /// ```
    pub fn parse_rc(text: &str) -> Result<Cell, CellError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(r), Some(c), None) => {
                let row = letter_index(r)?;
                let col = letter_index(c)?;
                Ok(Cell(row * 3 + col))
            }
            _ => Err(CellError::Length(text.chars().count())),
        }
    }

    /// The cell in RC notation, e.g. `"MR"`.
    pub fn rc(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(LETTERS[self.row()]);
        s.push(LETTERS[self.col()]);
        s
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rc())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rc_round_trips_for_every_cell() {
        for cell in Cell::ALL {
            assert_eq!(Cell::parse_rc(&cell.rc()), Ok(cell));
            assert_eq!(Cell::parse_rc(&cell.rc().to_lowercase()), Ok(cell));
            assert_eq!(Cell::at(cell.row(), cell.col()), Some(cell));
        }
        assert_eq!(Cell::parse_rc("LR").unwrap().index(), 2);
        assert_eq!(Cell::parse_rc("RL").unwrap().index(), 6);
    }

    #[test]
    fn rejects_everything_else() {
        for bad in ["", "M", "MMM", "XM", "M1", "é", "MÉ"] {
            assert!(Cell::parse_rc(bad).is_err(), "{bad:?}");
        }
    }
}
