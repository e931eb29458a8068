//! Hexapawn on 3x3, as Martin Gardner described it (Scientific American, March 1962), as
//! a [`Game`].
//!
//! White's three pawns start on the bottom rank, Black's on the top rank; White moves
//! first. A pawn moves one square straight forward onto an empty square, or one square
//! diagonally forward onto a square held by an enemy pawn, capturing it. A player wins by
//! getting a pawn to the far rank, by capturing every enemy pawn, or when the opponent
//! has no legal move on their turn. There are no draws.
//!
//! Notation: files `a b c` left to right, ranks `1 2 3` from White's side. A straight
//! move is `from-to` (`a1-a2`), a capture `fromxto` (`b2xa3`). Move indices are dense:
//! `square * 3 + direction`, with squares `rank * 3 + file` (0-based, a1 = 0, c3 = 8) and
//! direction 0, 1, 2 for one file towards a, straight, one file towards c.
//!
//! The one symmetry is the left-right mirror (files a and c swapped); it maps each
//! direction 0 to 2 and back.

use crate::game::{Game, Outcome, Side, Sym};

/// A Hexapawn position: a bit mask of squares (bit `rank * 3 + file`) per colour and the
/// side to move (White is [`Side::First`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexPos {
    /// White's pawns.
    pub white: u16,
    /// Black's pawns.
    pub black: u16,
    /// The side to move.
    pub to_move: Side,
}

/// The rules of 3x3 Hexapawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Hexapawn;

const FILES: [char; 3] = ['a', 'b', 'c'];
const TOP: u16 = 0b111 << 6;
const BOTTOM: u16 = 0b111;

fn square_name(sq: usize) -> String {
    format!("{}{}", FILES[sq % 3], sq / 3 + 1)
}

fn mirror_mask(m: u16) -> u16 {
    let mut out = 0;
    for sq in 0..9 {
        if m >> sq & 1 == 1 {
            out |= 1 << (sq / 3 * 3 + 2 - sq % 3);
        }
    }
    out
}

impl HexPos {
    /// The position mirrored left to right.
    pub fn mirror(self) -> HexPos {
        HexPos { white: mirror_mask(self.white), black: mirror_mask(self.black), ..self }
    }
}

impl Hexapawn {
    /// A position from nine characters, top rank (rank 3) first, `a` to `c` within a rank:
    /// `W` white pawn, `B` black pawn, `.` empty (case-insensitive). The start is
    /// `BBB...WWW` with White to move. `None` for anything else.
    pub fn position(&self, text: &str, to_move: Side) -> Option<HexPos> {
        let bytes = text.as_bytes();
        if bytes.len() != 9 {
            return None;
        }
        let mut p = HexPos { white: 0, black: 0, to_move };
        for (i, &b) in bytes.iter().enumerate() {
            let sq = (2 - i / 3) * 3 + i % 3;
            match b.to_ascii_uppercase() {
                b'W' => p.white |= 1 << sq,
                b'B' => p.black |= 1 << sq,
                b'.' => {}
                _ => return None,
            }
        }
        Some(p)
    }

    /// The nine-character form of [`Hexapawn::position`].
    pub fn board_string(&self, p: HexPos) -> String {
        let mut s = String::with_capacity(9);
        for rank in (0..3).rev() {
            for file in 0..3 {
                let sq = rank * 3 + file;
                s.push(if p.white >> sq & 1 == 1 {
                    'W'
                } else if p.black >> sq & 1 == 1 {
                    'B'
                } else {
                    '.'
                });
            }
        }
        s
    }

    /// The destination of move `mv` for the side to move, if it stays on the board.
    fn target(side: Side, mv: usize) -> Option<usize> {
        let (from, dir) = (mv / 3, mv % 3);
        let (rank, file) = (from / 3, from % 3);
        let rank = match side {
            Side::First => rank + 1,
            Side::Second => rank.checked_sub(1)?,
        };
        let file = (file + dir).checked_sub(1)?;
        (rank < 3 && file < 3).then_some(rank * 3 + file)
    }

    /// Moves by the pawn rules alone (ignoring whether the game is already over).
    fn pawn_moves(p: HexPos, out: &mut Vec<usize>) {
        out.clear();
        let (mine, theirs) = match p.to_move {
            Side::First => (p.white, p.black),
            Side::Second => (p.black, p.white),
        };
        for from in 0..9 {
            if mine >> from & 1 == 0 {
                continue;
            }
            for dir in 0..3 {
                let mv = from * 3 + dir;
                if let Some(to) = Self::target(p.to_move, mv) {
                    let ok = if dir == 1 {
                        (mine | theirs) >> to & 1 == 0
                    } else {
                        theirs >> to & 1 == 1
                    };
                    if ok {
                        out.push(mv);
                    }
                }
            }
        }
    }
}

impl Game for Hexapawn {
    type Pos = HexPos;

    fn name(&self) -> &'static str {
        "hexapawn"
    }

    fn start(&self) -> HexPos {
        HexPos { white: BOTTOM, black: TOP, to_move: Side::First }
    }

    fn to_move(&self, p: HexPos) -> Side {
        p.to_move
    }

    fn move_count(&self) -> usize {
        27
    }

    fn legal_moves(&self, p: HexPos, out: &mut Vec<usize>) {
        if self.outcome(p).is_some() {
            out.clear();
        } else {
            Self::pawn_moves(p, out);
        }
    }

    fn play(&self, p: HexPos, mv: usize) -> HexPos {
        let from = mv / 3;
        let to = Self::target(p.to_move, mv).expect("a legal hexapawn move");
        let (mut white, mut black) = (p.white, p.black);
        match p.to_move {
            Side::First => {
                white = white & !(1 << from) | 1 << to;
                black &= !(1 << to);
            }
            Side::Second => {
                black = black & !(1 << from) | 1 << to;
                white &= !(1 << to);
            }
        }
        HexPos { white, black, to_move: p.to_move.other() }
    }

    fn outcome(&self, p: HexPos) -> Option<Outcome> {
        if p.white & TOP != 0 || p.black == 0 {
            return Some(Outcome::Win(Side::First));
        }
        if p.black & BOTTOM != 0 || p.white == 0 {
            return Some(Outcome::Win(Side::Second));
        }
        let mut moves = Vec::with_capacity(6);
        Self::pawn_moves(p, &mut moves);
        moves.is_empty().then_some(Outcome::Win(p.to_move.other()))
    }

    fn key(&self, p: HexPos) -> usize {
        let mut k = 0;
        for sq in (0..9).rev() {
            k = k * 3 + usize::from(p.white >> sq & 1) + 2 * usize::from(p.black >> sq & 1);
        }
        k * 2 + usize::from(p.to_move == Side::Second)
    }

    fn key_space(&self) -> usize {
        2 * 19683
    }

    /// The smaller of the position and its mirror image; symmetry 1 is the mirror.
    fn canonical(&self, p: HexPos) -> (HexPos, Sym) {
        let m = p.mirror();
        if m < p {
            (m, 1)
        } else {
            (p, 0)
        }
    }

    fn move_to_canonical(&self, s: Sym, mv: usize) -> usize {
        if s == 0 {
            return mv;
        }
        let (from, dir) = (mv / 3, mv % 3);
        (from / 3 * 3 + 2 - from % 3) * 3 + 2 - dir
    }

    fn move_from_canonical(&self, s: Sym, mv: usize) -> usize {
        // The mirror is its own inverse.
        self.move_to_canonical(s, mv)
    }

    fn format_move(&self, p: HexPos, mv: usize) -> String {
        let from = mv / 3;
        match Self::target(p.to_move, mv) {
            Some(to) => {
                let sep = if mv % 3 == 1 { '-' } else { 'x' };
                format!("{}{sep}{}", square_name(from), square_name(to))
            }
            None => format!("?{mv}"),
        }
    }

    fn parse_move(&self, p: HexPos, text: &str) -> Result<usize, String> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || {
            format!(
                "{:?} is not a hexapawn move: write e.g. a1-a2 (straight) or b2xa3 (capture)",
                text.trim()
            )
        };
        let b = t.as_bytes();
        if b.len() != 5 {
            return Err(bad());
        }
        let square = |f: u8, r: u8| -> Option<usize> {
            let file = usize::from(f.checked_sub(b'a')?);
            let rank = usize::from(r.checked_sub(b'1')?);
            (file < 3 && rank < 3).then_some(rank * 3 + file)
        };
        let (Some(from), Some(to)) = (square(b[0], b[1]), square(b[3], b[4])) else {
            return Err(bad());
        };
        let capture = match b[2] {
            b'-' => false,
            b'x' => true,
            _ => return Err(bad()),
        };
        if self.outcome(p).is_some() {
            return Err("the game is over".into());
        }
        let (colour, mine) = match p.to_move {
            Side::First => ("White", p.white),
            Side::Second => ("Black", p.black),
        };
        if mine >> from & 1 == 0 {
            return Err(format!("{colour} has no pawn on {}", square_name(from)));
        }
        let Some(dir) = (0..3).find(|&d| Self::target(p.to_move, from * 3 + d) == Some(to)) else {
            return Err(format!(
                "a pawn moves one square forward ({}), straight or diagonally: {} cannot reach {}",
                if p.to_move == Side::First {
                    "up, towards rank 3"
                } else {
                    "down, towards rank 1"
                },
                square_name(from),
                square_name(to)
            ));
        };
        let mv = from * 3 + dir;
        let mut legal = Vec::new();
        Self::pawn_moves(p, &mut legal);
        match (dir == 1, capture) {
            (true, true) => Err(format!("{} is a straight move: write it with -", &t)),
            (false, false) => Err("a diagonal move is a capture: write it with x".into()),
            _ if legal.contains(&mv) => Ok(mv),
            (true, _) => Err(format!(
                "{} is occupied: a pawn only moves straight onto an empty square",
                square_name(to)
            )),
            (false, _) => Err(format!("no enemy pawn on {} to capture", square_name(to))),
        }
    }

    fn render(&self, p: HexPos) -> Vec<String> {
        let s = self.board_string(p);
        let mut lines: Vec<String> = (0..3)
            .map(|i| {
                let row: Vec<String> = s[i * 3..i * 3 + 3].chars().map(String::from).collect();
                format!("{} {}", 3 - i, row.join(" "))
            })
            .collect();
        lines.push("  a b c".into());
        lines
    }
}
