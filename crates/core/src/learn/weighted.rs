//! The weighted-table learner (the textbook's "smart player"), for any [`Game`].
//!
//! - Knowledge base: position -> one weight per move index. A position met for the first
//!   time gets [`WeightedConfig::initial`] on every legal move and 0 on the rest.
//! - Choosing: normalise the weights to sum 1, multiply by `prec_coeff`, truncate; move
//!   `k` goes into a list that many times, and one entry is picked uniformly. If the list
//!   is empty (all weights zero, or all truncated to zero) the first legal move is played
//!   (the book's "first empty cell").
//! - Every move of the game is pushed on a history stack.
//! - Learning after a game with step `S` (+`learning_step` for a win, -`learning_step`
//!   for a loss, nothing for a draw): the last move's weight changes by `S`, the one
//!   before by `S * step_coeff`, then `S * step_coeff^2`, ...; weights never go below 0.
//!
//! With [`WeightedConfig::symmetry`] the table is keyed by the canonical drawing of each
//! position ([`Game::canonical`]) and moves are mapped onto it, as MENACE's boxes are; the
//! book keys on the raw board (the default).

use std::collections::HashMap;

use super::{Player, Policy};
use crate::game::Game;
use crate::menace::GameResult;
use menace_stats::rng::{below, GameRng};

/// The learner's constants (all three of the book's are flags of `menace train`).
#[derive(Clone, Debug, PartialEq)]
pub struct WeightedConfig {
    /// PrecCoeff: how many list entries the weights are quantised into (the book: 50).
    pub prec_coeff: u32,
    /// LearningStep: the weight change of the last move of a won (+) or lost (-) game.
    pub learning_step: f64,
    /// StepCoeff: the discount per move going backwards through the game (below 1).
    pub step_coeff: f64,
    /// The weight every legal move gets when a position is first met.
    pub initial: f64,
    /// Fold symmetric positions into one table row.
    pub symmetry: bool,
}

impl Default for WeightedConfig {
    /// PrecCoeff 50 (the book), LearningStep 0.1, StepCoeff 0.9, initial weight 1, no
    /// symmetry. The book leaves LearningStep and StepCoeff to experiment; with initial
    /// weights of 1, a step of 0.1 takes ten losses to silence a move that always loses,
    /// and 0.9 still gives the first move of a nine-ply game 0.9^4 = 66% of the last
    /// move's change.
    fn default() -> Self {
        WeightedConfig {
            prec_coeff: 50,
            learning_step: 0.1,
            step_coeff: 0.9,
            initial: 1.0,
            symmetry: false,
        }
    }
}

impl WeightedConfig {
    /// The defaults with the constants the flags give (`--prec-coeff`, `--learning-step`,
    /// `--step-coeff`; `None` keeps the default) and `symmetry`, validated.
    pub fn from_flags(
        prec_coeff: Option<u32>,
        learning_step: Option<f64>,
        step_coeff: Option<f64>,
        symmetry: bool,
    ) -> Result<WeightedConfig, String> {
        let d = WeightedConfig::default();
        let c = WeightedConfig {
            prec_coeff: prec_coeff.unwrap_or(d.prec_coeff),
            learning_step: learning_step.unwrap_or(d.learning_step),
            step_coeff: step_coeff.unwrap_or(d.step_coeff),
            symmetry,
            ..d
        };
        c.validate()?;
        Ok(c)
    }

    /// Checks the constants: PrecCoeff 1 to 1,000,000, a finite positive step, a step
    /// coefficient in (0, 1], a finite positive initial weight.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=1_000_000).contains(&self.prec_coeff) {
            return Err("prec-coeff must be 1 to 1000000".into());
        }
        if !(self.learning_step.is_finite() && self.learning_step > 0.0) {
            return Err("learning-step must be a positive number".into());
        }
        if !(self.step_coeff > 0.0 && self.step_coeff <= 1.0) {
            return Err("step-coeff must be above 0 and at most 1".into());
        }
        if !(self.initial.is_finite() && self.initial > 0.0) {
            return Err("the initial weight must be a positive number".into());
        }
        Ok(())
    }
}

/// The weighted-table learner.
#[derive(Clone, Debug)]
pub struct Weighted<G: Game> {
    config: WeightedConfig,
    moves: usize,
    /// Table row of each known position (the canonical one when folding).
    index: HashMap<G::Pos, usize>,
    /// The positions in the order they were first met.
    positions: Vec<G::Pos>,
    /// `weights[row * moves + m]`.
    weights: Vec<f64>,
    /// This game's moves: (table row, move index in the row's frame).
    history: Vec<(usize, usize)>,
    scratch: Vec<usize>,
    counts: Vec<u32>,
}

impl<G: Game> Weighted<G> {
    /// An empty knowledge base for `game`.
    ///
    /// # Panics
    /// If the config is invalid (see [`WeightedConfig::validate`]); [`Weighted::try_new`]
    /// returns the error instead.
    pub fn new(game: &G, config: WeightedConfig) -> Weighted<G> {
        if let Err(e) = config.validate() {
            panic!("invalid weighted-learner config: {e}");
        }
        Weighted {
            config,
            moves: game.move_count(),
            index: HashMap::new(),
            positions: Vec::new(),
            weights: Vec::new(),
            history: Vec::new(),
            scratch: Vec::new(),
            counts: Vec::new(),
        }
    }

    /// An empty knowledge base, or the reason the config is invalid.
    pub fn try_new(game: &G, config: WeightedConfig) -> Result<Weighted<G>, String> {
        config.validate()?;
        Ok(Weighted::new(game, config))
    }

    /// The constants.
    pub fn config(&self) -> &WeightedConfig {
        &self.config
    }

    /// The number of positions in the knowledge base.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True before the first move.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The known positions (canonical drawings when folding), sorted, for output that
    /// does not depend on the order they were met in.
    pub fn known(&self) -> Vec<G::Pos> {
        let mut v = self.positions.clone();
        v.sort();
        v
    }

    /// The weights of a position as stored (in the table's frame: the canonical drawing's
    /// when folding), or `None` if the learner has never met it.
    pub fn weights(&self, game: &G, p: G::Pos) -> Option<&[f64]> {
        let (key, _) = self.frame(game, p);
        let row = *self.index.get(&key)?;
        Some(&self.weights[row * self.moves..(row + 1) * self.moves])
    }

    /// Sets the weights of a position (in the table's frame), adding it if new. Refuses
    /// a wrong length, negative or non-finite weights, and weight on illegal moves.
    pub fn set_weights(&mut self, game: &G, p: G::Pos, w: &[f64]) -> Result<(), String> {
        if w.len() != self.moves {
            return Err(format!("expected {} weights, got {}", self.moves, w.len()));
        }
        if w.iter().any(|x| !x.is_finite() || *x < 0.0) {
            return Err("weights must be finite and not negative".into());
        }
        let (key, _) = self.frame(game, p);
        game.legal_moves(key, &mut self.scratch);
        if let Some(m) = (0..self.moves).find(|m| w[*m] > 0.0 && !self.scratch.contains(m)) {
            return Err(format!("weight on move {m}, which is not legal there"));
        }
        let row = self.row(game, key);
        self.weights[row * self.moves..(row + 1) * self.moves].copy_from_slice(w);
        Ok(())
    }

    /// The moves of this game so far as (position's table row, move in the row's frame).
    pub fn history(&self) -> &[(usize, usize)] {
        &self.history
    }

    /// The table key of `p` and the symmetry from `p` to it.
    fn frame(&self, game: &G, p: G::Pos) -> (G::Pos, crate::game::Sym) {
        if self.config.symmetry {
            game.canonical(p)
        } else {
            (p, 0)
        }
    }

    /// The table row of `key`, created with equal weights on legal moves if new.
    fn row(&mut self, game: &G, key: G::Pos) -> usize {
        if let Some(&r) = self.index.get(&key) {
            return r;
        }
        let r = self.positions.len();
        self.index.insert(key, r);
        self.positions.push(key);
        game.legal_moves(key, &mut self.scratch);
        let start = self.weights.len();
        self.weights.resize(start + self.moves, 0.0);
        for &m in &self.scratch {
            self.weights[start + m] = self.config.initial;
        }
        r
    }

    /// The list counts of a table row (`floor(w / sum * prec_coeff)` per move) into
    /// `counts`; returns their total (0: play the first legal move).
    fn quantise(prec: u32, w: &[f64], counts: &mut Vec<u32>) -> u64 {
        counts.clear();
        let sum: f64 = w.iter().sum();
        if sum <= 0.0 {
            counts.resize(w.len(), 0);
            return 0;
        }
        let mut total = 0u64;
        for &x in w {
            // Normalise, then scale, then truncate, in the book's order; the same
            // arithmetic serves `choose` and `policy`, so they agree exactly.
            let c = (x / sum * f64::from(prec)).floor() as u32;
            counts.push(c);
            total += u64::from(c);
        }
        total
    }

    /// The move for `p` in the table's frame, drawn from the quantised list, and the row.
    fn pick(&mut self, game: &G, key: G::Pos, rng: &mut GameRng) -> Option<(usize, usize)> {
        game.legal_moves(key, &mut self.scratch);
        let first = *self.scratch.first()?;
        let row = self.row(game, key);
        let w = &self.weights[row * self.moves..(row + 1) * self.moves];
        let total = Self::quantise(self.config.prec_coeff, w, &mut self.counts);
        if total == 0 {
            return Some((row, first));
        }
        let mut r = u64::from(below(rng, u32::try_from(total).unwrap_or(u32::MAX)));
        for (m, &c) in self.counts.iter().enumerate() {
            if r < u64::from(c) {
                return Some((row, m));
            }
            r -= u64::from(c);
        }
        unreachable!("r < total")
    }

    /// Learns from this game's moves with step `s`, from the last move backwards, and
    /// clears the history.
    pub fn learn_step(&mut self, s: f64) {
        let mut step = s;
        while let Some((row, m)) = self.history.pop() {
            let w = &mut self.weights[row * self.moves + m];
            *w = (*w + step).max(0.0);
            step *= self.config.step_coeff;
        }
    }

    /// Forgets this game's moves without learning (an abandoned game).
    pub fn abandon(&mut self) {
        self.history.clear();
    }
}

impl<G: Game> Player<G> for Weighted<G> {
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        let (key, sym) = self.frame(game, p);
        let (row, m) = self.pick(game, key, rng)?;
        self.history.push((row, m));
        Some(if self.config.symmetry { game.move_from_canonical(sym, m) } else { m })
    }

    fn finish(&mut self, result: GameResult) {
        let s = match result {
            GameResult::Win => self.config.learning_step,
            GameResult::Loss => -self.config.learning_step,
            GameResult::Draw => 0.0,
        };
        if s == 0.0 {
            self.history.clear();
        } else {
            self.learn_step(s);
        }
    }
}

impl<G: Game> Policy<G> for Weighted<G> {
    /// The exact distribution `choose` samples from: list counts over their total, or the
    /// first legal move with certainty when the list would be empty. A position never met
    /// gets equal weights on its legal moves, as `choose` would give it (quantised the
    /// same way).
    fn policy(&self, game: &G, p: G::Pos, out: &mut Vec<(usize, f64)>) {
        out.clear();
        let (key, sym) = self.frame(game, p);
        let mut legal = Vec::new();
        game.legal_moves(key, &mut legal);
        let Some(&first) = legal.first() else { return };
        let fresh;
        let w: &[f64] = match self.index.get(&key) {
            Some(&row) => &self.weights[row * self.moves..(row + 1) * self.moves],
            None => {
                let mut v = vec![0.0; self.moves];
                for &m in &legal {
                    v[m] = self.config.initial;
                }
                fresh = v;
                &fresh
            }
        };
        let mut counts = Vec::new();
        let total = Self::quantise(self.config.prec_coeff, w, &mut counts);
        let back =
            |m: usize| if self.config.symmetry { game.move_from_canonical(sym, m) } else { m };
        if total == 0 {
            out.push((back(first), 1.0));
            return;
        }
        for (m, &c) in counts.iter().enumerate() {
            if c > 0 {
                out.push((back(m), f64::from(c) / total as f64));
            }
        }
    }
}
