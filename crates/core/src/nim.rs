//! Nim as a [`Game`]: rows of counters; a move takes one or more counters from one row;
//! whoever takes the last counter wins (normal play). The default is three rows of 3, 4
//! and 5 (the textbook's exercise).
//!
//! The winning strategy is the XOR rule: a position is lost for the side to move exactly
//! when the nim-sum (the XOR of the row sizes) is 0, and from any other position there is
//! a move to nim-sum 0. [`strategy_table`] compares a learner's preferred moves with it.
//!
//! Notation: `ROW:TAKE`, rows numbered from 1 at the top; `2:3` takes 3 counters from row
//! 2. Move indices are dense: `(row - 1) * max_row + (take - 1)`, where `max_row` is the
//! largest starting row.

use std::fmt;

use crate::game::{Game, Outcome, Side};

/// At most this many rows: a position is a fixed array, so it stays `Copy`.
pub const MAX_ROWS: usize = 8;
/// At most this many counters in one row.
pub const MAX_ROW: u8 = 63;
/// The product of `row + 1` over the rows may not exceed this (learners keep tables of
/// that many positions per side).
pub const MAX_POSITIONS: usize = 1 << 20;

/// A Nim position: the counters left in each row and who is to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimPos {
    /// Counters per row; rows past the game's row count are always 0.
    pub rows: [u8; MAX_ROWS],
    /// The side to move.
    pub to_move: Side,
}

impl NimPos {
    /// The nim-sum: the XOR of the row sizes. Zero means the side to move loses against
    /// perfect play.
    pub fn nim_sum(&self) -> u8 {
        self.rows.iter().fold(0, |a, &r| a ^ r)
    }

    /// Counters left on the table.
    pub fn counters(&self) -> u32 {
        self.rows.iter().map(|&r| u32::from(r)).sum()
    }
}

/// The rules of Nim with a given set of starting rows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    start: [u8; MAX_ROWS],
    n: usize,
    max_row: usize,
}

impl Default for Nim {
    /// Rows of 3, 4 and 5.
    fn default() -> Self {
        Nim::new(&[3, 4, 5]).expect("3,4,5 is valid")
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self.rows().iter().map(u8::to_string).collect();
        write!(f, "nim {}", rows.join("-"))
    }
}

impl Nim {
    /// Nim starting from `rows` (top row first). Rejects no rows, more than
    /// [`MAX_ROWS`] rows, empty rows, rows over [`MAX_ROW`], and row sets with more
    /// than [`MAX_POSITIONS`] positions.
    pub fn new(rows: &[u8]) -> Result<Nim, String> {
        if rows.is_empty() {
            return Err("nim needs at least one row, e.g. 3,4,5".into());
        }
        if rows.len() > MAX_ROWS {
            return Err(format!("nim allows at most {MAX_ROWS} rows, got {}", rows.len()));
        }
        if let Some(i) = rows.iter().position(|&r| r == 0) {
            return Err(format!("row {} is empty: every row needs at least one counter", i + 1));
        }
        if let Some(i) = rows.iter().position(|&r| r > MAX_ROW) {
            return Err(format!(
                "row {} has {} counters; at most {MAX_ROW} allowed",
                i + 1,
                rows[i]
            ));
        }
        let positions: usize = rows.iter().map(|&r| usize::from(r) + 1).product();
        if positions > MAX_POSITIONS {
            return Err(format!(
                "rows {rows:?} give {positions} positions; at most {MAX_POSITIONS} allowed"
            ));
        }
        let mut start = [0; MAX_ROWS];
        start[..rows.len()].copy_from_slice(rows);
        let max_row = usize::from(*rows.iter().max().expect("not empty"));
        Ok(Nim { start, n: rows.len(), max_row })
    }

    /// Parses a comma-separated list of row sizes such as `3,4,5`.
    pub fn parse_rows(text: &str) -> Result<Nim, String> {
        let mut rows = Vec::new();
        for t in text.split(',') {
            let t = t.trim();
            if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "nim rows {text:?}: {t:?} is not a row size (expected e.g. 3,4,5)"
                ));
            }
            let n: u16 = t.parse().map_err(|_| format!("nim rows {text:?}: bad size {t:?}"))?;
            rows.push(u8::try_from(n).unwrap_or(u8::MAX));
            if rows.len() > MAX_ROWS {
                return Err(format!("nim allows at most {MAX_ROWS} rows"));
            }
        }
        Nim::new(&rows)
    }

    /// The starting row sizes.
    pub fn rows(&self) -> &[u8] {
        &self.start[..self.n]
    }

    /// The position with the given row sizes and side to move, if it fits this game
    /// (same number of rows, none larger than at the start).
    pub fn position(&self, rows: &[u8], to_move: Side) -> Option<NimPos> {
        if rows.len() != self.n || rows.iter().zip(self.rows()).any(|(&r, &s)| r > s) {
            return None;
        }
        let mut p = NimPos { rows: [0; MAX_ROWS], to_move };
        p.rows[..self.n].copy_from_slice(rows);
        Some(p)
    }

    /// The move taking `take` counters from row `row` (0-based), as an index (whether or
    /// not it is legal in a given position); `None` if out of range.
    pub fn move_index(&self, row: usize, take: usize) -> Option<usize> {
        (row < self.n && (1..=self.max_row).contains(&take)).then(|| row * self.max_row + take - 1)
    }

    /// The (0-based row, take) of a move index.
    pub fn decode(&self, mv: usize) -> (usize, usize) {
        (mv / self.max_row, mv % self.max_row + 1)
    }

    /// The moves of `p` that leave nim-sum 0 (empty when `p`'s nim-sum is already 0:
    /// then every move loses against perfect play).
    pub fn xor_moves(&self, p: NimPos) -> Vec<usize> {
        let s = p.nim_sum();
        let mut out = Vec::new();
        if s == 0 {
            return out;
        }
        for (i, &r) in p.rows[..self.n].iter().enumerate() {
            let target = r ^ s;
            if target < r {
                out.extend(self.move_index(i, usize::from(r - target)));
            }
        }
        out
    }
}

impl Game for Nim {
    type Pos = NimPos;

    fn name(&self) -> &'static str {
        "nim"
    }

    fn start(&self) -> NimPos {
        NimPos { rows: self.start, to_move: Side::First }
    }

    fn to_move(&self, p: NimPos) -> Side {
        p.to_move
    }

    fn move_count(&self) -> usize {
        self.n * self.max_row
    }

    fn legal_moves(&self, p: NimPos, out: &mut Vec<usize>) {
        out.clear();
        for (i, &r) in p.rows[..self.n].iter().enumerate() {
            for take in 1..=usize::from(r) {
                out.push(i * self.max_row + take - 1);
            }
        }
    }

    fn play(&self, mut p: NimPos, mv: usize) -> NimPos {
        let (row, take) = self.decode(mv);
        debug_assert!(usize::from(p.rows[row]) >= take, "illegal nim move");
        p.rows[row] -= take as u8;
        p.to_move = p.to_move.other();
        p
    }

    fn outcome(&self, p: NimPos) -> Option<Outcome> {
        // The side that took the last counter is the one not to move now.
        (p.counters() == 0).then_some(Outcome::Win(p.to_move.other()))
    }

    fn key(&self, p: NimPos) -> usize {
        let mut k = 0;
        for (i, &r) in p.rows[..self.n].iter().enumerate() {
            k = k * (usize::from(self.start[i]) + 1) + usize::from(r);
        }
        k * 2 + usize::from(p.to_move == Side::Second)
    }

    fn key_space(&self) -> usize {
        2 * self.rows().iter().map(|&r| usize::from(r) + 1).product::<usize>()
    }

    fn format_move(&self, _p: NimPos, mv: usize) -> String {
        let (row, take) = self.decode(mv);
        format!("{}:{}", row + 1, take)
    }

    fn parse_move(&self, p: NimPos, text: &str) -> Result<usize, String> {
        let t = text.trim();
        let bad =
            || format!("{t:?} is not a nim move: write ROW:TAKE, e.g. 2:3 takes 3 from row 2");
        let (row, take) = t.split_once(':').ok_or_else(bad)?;
        let number = |s: &str| -> Result<usize, String> {
            let s = s.trim();
            if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        let (row, take) = (number(row)?, number(take)?);
        if row == 0 || row > self.n {
            return Err(format!("there is no row {row}: rows are numbered 1 to {}", self.n));
        }
        if take == 0 {
            return Err("take at least one counter".into());
        }
        if self.outcome(p).is_some() {
            return Err("the game is over".into());
        }
        let left = usize::from(p.rows[row - 1]);
        if take > left {
            return Err(format!(
                "row {row} has {left} counter{}; cannot take {take}",
                if left == 1 { "" } else { "s" }
            ));
        }
        Ok((row - 1) * self.max_row + take - 1)
    }

    fn render(&self, p: NimPos) -> Vec<String> {
        let width = self.max_row;
        p.rows[..self.n]
            .iter()
            .enumerate()
            .map(|(i, &r)| format!("{}: {:<width$} {r}", i + 1, "|".repeat(usize::from(r))))
            .collect()
    }
}

/// How a learner's preferred move compares with the XOR rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// A winning position (nim-sum not 0) and every preferred move reaches nim-sum 0.
    Agrees,
    /// A winning position and some preferred move leaves a nonzero nim-sum.
    Disagrees,
    /// A losing position (nim-sum 0): every move loses against perfect play, so any
    /// preference is consistent with the rule.
    AnyMove,
}

/// One line of a learned Nim strategy.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The position (with the learner to move).
    pub pos: NimPos,
    /// Its nim-sum.
    pub nim_sum: u8,
    /// The greedy (most probable) moves, in increasing order; several on exact ties,
    /// none if the learner would resign.
    pub preferred: Vec<usize>,
    /// The moves that reach nim-sum 0.
    pub xor_moves: Vec<usize>,
    /// The verdict.
    pub agreement: Agreement,
}

/// The positions reachable from the start, with `side` to move and the game not over,
/// in decreasing order of counters and then of row sizes (the start first).
pub fn reachable(game: &Nim, side: Side) -> Vec<NimPos> {
    let mut seen = vec![false; game.key_space()];
    let mut stack = vec![game.start()];
    seen[game.key(game.start())] = true;
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while let Some(p) = stack.pop() {
        if game.outcome(p).is_some() {
            continue;
        }
        if p.to_move == side {
            out.push(p);
        }
        game.legal_moves(p, &mut moves);
        for &mv in &moves {
            let q = game.play(p, mv);
            if !std::mem::replace(&mut seen[game.key(q)], true) {
                stack.push(q);
            }
        }
    }
    out.sort_by(|a, b| b.counters().cmp(&a.counters()).then(b.rows.cmp(&a.rows)));
    out
}

/// For each position where `side` moves (reachable from the start), the learner's
/// preferred moves as `preferred` gives them and whether they agree with the XOR rule.
///
/// The rules know nothing of learners, so the preference comes in as a function; with a
/// learner's policy use [`crate::learn::greedy_moves`]:
/// `strategy_table(&nim, Side::First, |p| greedy_moves(&learner, &nim, p))`.
pub fn strategy_table(
    game: &Nim,
    side: Side,
    mut preferred: impl FnMut(NimPos) -> Vec<usize>,
) -> Vec<TableRow> {
    reachable(game, side)
        .into_iter()
        .map(|pos| {
            let mut preferred = preferred(pos);
            preferred.sort_unstable();
            let xor_moves = game.xor_moves(pos);
            let agreement = if pos.nim_sum() == 0 {
                Agreement::AnyMove
            } else if !preferred.is_empty() && preferred.iter().all(|m| xor_moves.contains(m)) {
                Agreement::Agrees
            } else {
                Agreement::Disagrees
            };
            TableRow { pos, nim_sum: pos.nim_sum(), preferred, xor_moves, agreement }
        })
        .collect()
}

/// True when the greedy policy agrees with the XOR rule in every winning position of
/// the table.
pub fn all_agree(table: &[TableRow]) -> bool {
    table.iter().all(|r| r.agreement != Agreement::Disagrees)
}

/// The table as plain-text lines: rows, nim-sum, preferred move(s), XOR move(s), verdict,
/// then a summary line.
pub fn format_table(game: &Nim, table: &[TableRow]) -> Vec<String> {
    let moves = |p: NimPos, ms: &[usize]| -> String {
        if ms.is_empty() {
            "-".into()
        } else {
            ms.iter().map(|&m| game.format_move(p, m)).collect::<Vec<_>>().join(" ")
        }
    };
    let mut out = vec![format!(
        "{:<16} {:>7}  {:<16} {:<12} {}",
        "rows", "nim-sum", "preferred", "xor rule", "agrees"
    )];
    for r in table {
        let rows: Vec<String> = r.pos.rows[..game.rows().len()].iter().map(u8::to_string).collect();
        let verdict = match r.agreement {
            Agreement::Agrees => "yes",
            Agreement::Disagrees => "NO",
            Agreement::AnyMove => "(losing: any move)",
        };
        out.push(format!(
            "{:<16} {:>7}  {:<16} {:<12} {}",
            rows.join("-"),
            r.nim_sum,
            moves(r.pos, &r.preferred),
            moves(r.pos, &r.xor_moves),
            verdict
        ));
    }
    let winning = table.iter().filter(|r| r.agreement != Agreement::AnyMove).count();
    let agree = table.iter().filter(|r| r.agreement == Agreement::Agrees).count();
    out.push(format!(
        "{agree} of {winning} winning positions follow the XOR rule; {} losing positions",
        table.len() - winning
    ));
    out
}
