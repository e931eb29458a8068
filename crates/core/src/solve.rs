//! Exact game values by exhaustive search (these games are small).
//!
//! [`Solver`] memoizes the minimax value of every position it is asked about: +1 if the
//! side to move wins with best play, 0 for a draw, -1 if it loses. Perfect opponents,
//! exact evaluation and the tests of the learners all rest on it.

use std::collections::HashMap;

use crate::game::{Game, Outcome};

/// Minimax values of positions of one game, computed on demand and remembered.
pub struct Solver<G: Game> {
    game: G,
    values: HashMap<G::Pos, i8>,
    scratch: Vec<Vec<usize>>,
}

impl<G: Game> Solver<G> {
    /// A solver for `game`.
    pub fn new(game: G) -> Solver<G> {
        Solver { game, values: HashMap::new(), scratch: Vec::new() }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The value of `p` for the side to move: +1 win, 0 draw, -1 loss with best play.
    /// A finished position is worth -1 to the side to move if the other side won.
    pub fn value(&mut self, p: G::Pos) -> i8 {
        if let Some(&v) = self.values.get(&p) {
            return v;
        }
        let v = match self.game.outcome(p) {
            Some(Outcome::Draw) => 0,
            Some(Outcome::Win(side)) => {
                if side == self.game.to_move(p) {
                    1
                } else {
                    -1
                }
            }
            None => {
                let mut moves = self.scratch.pop().unwrap_or_default();
                self.game.legal_moves(p, &mut moves);
                let mut best = -1;
                for &mv in &moves {
                    let q = self.game.play(p, mv);
                    // The value of q is for the side to move there; when the same side
                    // moves again (never in our games, but allowed) it is not negated.
                    let v = if self.game.to_move(q) == self.game.to_move(p) {
                        self.value(q)
                    } else {
                        -self.value(q)
                    };
                    best = best.max(v);
                    if best == 1 {
                        break;
                    }
                }
                self.scratch.push(moves);
                best
            }
        };
        self.values.insert(p, v);
        v
    }

    /// The value of playing `mv` in `p`, for the side to move in `p`.
    pub fn move_value(&mut self, p: G::Pos, mv: usize) -> i8 {
        let q = self.game.play(p, mv);
        if self.game.to_move(q) == self.game.to_move(p) && self.game.outcome(q).is_none() {
            self.value(q)
        } else {
            -self.value(q)
        }
    }

    /// The moves of `p` that keep its value (every best move), in increasing order.
    pub fn best_moves(&mut self, p: G::Pos, out: &mut Vec<usize>) {
        let mut moves = Vec::new();
        self.game.legal_moves(p, &mut moves);
        let best = self.value(p);
        out.clear();
        for mv in moves {
            if self.move_value(p, mv) == best {
                out.push(mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ttt::{Board, TicTacToe};

    #[test]
    fn tic_tac_toe_is_a_draw_and_known_positions_have_known_values() {
        let mut s = Solver::new(TicTacToe);
        assert_eq!(s.value(Board::EMPTY), 0);
        // X to move completes the top row.
        assert_eq!(s.value(Board::parse("XX.OO....").unwrap()), 1);
        // O to move faces two threats (top row and right column): lost.
        assert_eq!(s.value(Board::parse("X.X.O...X").unwrap().with_o(6)), -1);
        // After the edge reply to a corner opening, X wins.
        assert_eq!(s.value(Board::parse("XO.......").unwrap()), 1);
        // The centre reply to a corner draws.
        assert_eq!(s.value(Board::parse("X...O....").unwrap()), 0);
        let mut best = Vec::new();
        s.best_moves(Board::EMPTY, &mut best);
        assert_eq!(best, (0..9).collect::<Vec<_>>(), "every first move draws");
    }

    trait WithO {
        fn with_o(self, i: usize) -> Board;
    }
    impl WithO for Board {
        fn with_o(self, i: usize) -> Board {
            self.with(crate::ttt::Cell::new(i).unwrap(), crate::ttt::Mark::O)
        }
    }
}
