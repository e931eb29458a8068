//! Writing games as SGF (FF\[4\]), the format every Go program and viewer reads.

use super::board::{Board, Move, PASS};

/// A finished game to record.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// Board side.
    pub size: usize,
    /// Komi.
    pub komi: f32,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Result, e.g. `B+3`, `W+R`, `0` (a tie), `Void`.
    pub result: String,
    /// The moves, black first, alternating.
    pub moves: Vec<Move>,
    /// A comment for the root node (how the game ended).
    pub comment: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// SGF point for a move on a board of the game's size (`tt` is not used for pass: FF[4]
/// writes a pass as an empty value).
fn point(b: &Board, m: Move) -> String {
    if m == PASS {
        return String::new();
    }
    let (r, c) = b.row_col(m);
    format!("{}{}", (b'a' + c as u8) as char, (b'a' + r as u8) as char)
}

/// The game as one SGF text.
pub fn write(g: &SgfGame) -> String {
    let b = Board::new(g.size);
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[menace]RU[Chinese]SZ[{}]KM[{}]PB[{}]PW[{}]RE[{}]C[{}]\n",
        g.size,
        g.komi,
        escape(&g.black),
        escape(&g.white),
        escape(&g.result),
        escape(&g.comment)
    );
    for (i, &m) in g.moves.iter().enumerate() {
        let col = if i % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{col}[{}]", point(&b, m)));
        if i % 10 == 9 {
            s.push('\n');
        }
    }
    s.push_str(")\n");
    s
}
