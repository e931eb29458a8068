//! Tic-tac-toe as a [`Game`], for the generic learners and opponents.

use super::board::COUNT;
use super::{Board, Cell, Mark, Transform, TRANSFORMS};
use crate::game::{Game, Outcome, Side, Sym};
use menace_stats::rng::{below, GameRng};

/// `INVERSE_IMAGE[t][c]`: the real-board cell of cell `c` on a drawing reached by
/// transform `t` (a table, because every MENACE move maps its bead back through it).
static INVERSE_IMAGE: [[u8; 9]; 8] = {
    let mut table = [[0u8; 9]; 8];
    let mut t = 0;
    while t < 8 {
        let mut i = 0;
        while i < 9 {
            table[t][TRANSFORMS[t].image_of(i) as usize] = i as u8;
            i += 1;
        }
        t += 1;
    }
    table
};

/// `SELECT[m][k]`: the index of the k-th set bit of `m` (a table, so a random move
/// costs no loop).
pub(crate) static SELECT: [[u8; 9]; 512] = {
    let mut table = [[0u8; 9]; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        let mut i = 0;
        while i < 9 {
            if m & (1 << i) != 0 {
                table[m][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        m += 1;
    }
    table
};

/// The rules of tic-tac-toe; moves are cell indices 0..9, X moves first.
#[derive(Copy, Clone, Debug, Default)]
pub struct TicTacToe;

fn side(mark: Mark) -> Side {
    match mark {
        Mark::X => Side::First,
        Mark::O => Side::Second,
    }
}

impl Game for TicTacToe {
    type Pos = Board;

    fn name(&self) -> &'static str {
        "ttt"
    }

    fn start(&self) -> Board {
        Board::EMPTY
    }

    fn to_move(&self, p: Board) -> Side {
        side(p.to_move())
    }

    fn move_count(&self) -> usize {
        9
    }

    fn legal_moves(&self, p: Board, out: &mut Vec<usize>) {
        out.clear();
        if !p.is_over() {
            out.extend(p.empty_cells().map(Cell::index));
        }
    }

    fn play(&self, p: Board, mv: usize) -> Board {
        p.with(Cell::ALL[mv], p.to_move())
    }

    fn outcome(&self, p: Board) -> Option<Outcome> {
        match p.winner() {
            Some(m) => Some(Outcome::Win(side(m))),
            None if p.empty_mask() == 0 => Some(Outcome::Draw),
            None => None,
        }
    }

    fn key(&self, p: Board) -> usize {
        usize::from(p.code())
    }

    fn key_space(&self) -> usize {
        19683
    }

    fn fast_path(&self) -> Option<crate::game::FastPath> {
        Some(crate::game::FastPath::TicTacToe)
    }

    /// Picks the k-th empty cell straight from the bit mask, with the same distribution
    /// as the default (one `below` draw over the legal moves in index order).
    #[inline]
    fn random_move(&self, p: Board, rng: &mut GameRng, _scratch: &mut Vec<usize>) -> Option<usize> {
        if p.is_over() {
            return None;
        }
        let empty = p.empty_mask();
        let k = below(rng, u32::from(COUNT[usize::from(empty)]));
        Some(usize::from(SELECT[usize::from(empty)][k as usize]))
    }

    fn canonical(&self, p: Board) -> (Board, Sym) {
        let (c, t) = Transform::canonical(p);
        (c, t.index())
    }

    fn move_to_canonical(&self, s: Sym, mv: usize) -> usize {
        TRANSFORMS[usize::from(s)].cell(Cell::ALL[mv]).index()
    }

    #[inline]
    fn move_from_canonical(&self, s: Sym, mv: usize) -> usize {
        usize::from(INVERSE_IMAGE[usize::from(s)][mv])
    }

    fn format_move(&self, _p: Board, mv: usize) -> String {
        Cell::ALL[mv].rc()
    }

    fn parse_move(&self, p: Board, text: &str) -> Result<usize, String> {
        let cell = Cell::parse_rc(text).map_err(|e| e.to_string())?;
        if p.is_over() {
            return Err("the game is over".into());
        }
        match p.get(cell) {
            Some(m) => Err(format!("{} is taken by {}", cell.rc(), m.symbol())),
            None => Ok(cell.index()),
        }
    }

    fn render(&self, p: Board) -> Vec<String> {
        p.rows().to_vec()
    }

    /// Nine characters `X`, `O`, `.`, row by row (as every state file has them).
    fn drawing(&self, p: Board) -> String {
        p.to_string()
    }
}
