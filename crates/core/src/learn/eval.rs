//! Exact evaluation of a learner's policy by full game-tree search (no sampling).
//!
//! For a learner playing one side with a [`Policy`], [`outcome_odds`] gives the exact
//! probabilities of a win, a draw and a loss against an opponent model: uniform random,
//! perfect (uniform among minimax-best moves), or a best response (the opponent that
//! maximizes the learner's chance of losing, knowing its policy). The last one measures
//! exploitability: how likely the learner is to lose when attacked where it is weakest.

use serde::Serialize;

use super::Policy;
use crate::game::{Game, Outcome, Side};
use crate::solve::Solver;

/// Probabilities of a win, a draw and a loss for the learner (summing to 1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize)]
pub struct Odds {
    /// The learner wins.
    pub win: f64,
    /// Nobody wins.
    pub draw: f64,
    /// The learner loses.
    pub loss: f64,
}

impl Odds {
    const WIN: Odds = Odds { win: 1.0, draw: 0.0, loss: 0.0 };
    const DRAW: Odds = Odds { win: 0.0, draw: 1.0, loss: 0.0 };
    const LOSS: Odds = Odds { win: 0.0, draw: 0.0, loss: 1.0 };

    fn add_scaled(&mut self, o: Odds, k: f64) {
        self.win += o.win * k;
        self.draw += o.draw * k;
        self.loss += o.loss * k;
    }
}

/// The opponent the learner is evaluated against.
pub enum Model<'a, G: Game> {
    /// Uniformly random legal moves.
    Random,
    /// Uniformly random among the minimax-best moves.
    Perfect(&'a mut Solver<G>),
    /// The move that maximizes the learner's chance of losing (then of not winning).
    BestResponse,
}

/// Which version of the learner's policy is evaluated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Version {
    /// The policy as it plays: moves drawn in proportion.
    Stochastic,
    /// Always the most likely move, ties split evenly.
    Greedy,
}

struct Search<'a, 'm, G: Game, P: Policy<G> + ?Sized> {
    game: &'a G,
    learner: &'a P,
    side: Side,
    version: Version,
    model: Model<'m, G>,
    memo: Vec<Option<Odds>>,
    moves: Vec<usize>,
    /// With a best response: the opponent's best moves at each position it reached.
    plan: Option<Vec<Vec<u16>>>,
}

impl<G: Game, P: Policy<G> + ?Sized> Search<'_, '_, G, P> {
    fn odds(&mut self, p: G::Pos) -> Odds {
        let key = self.game.key(p);
        if let Some(o) = self.memo[key] {
            return o;
        }
        let o = match self.game.outcome(p) {
            Some(Outcome::Draw) => Odds::DRAW,
            Some(Outcome::Win(s)) if s == self.side => Odds::WIN,
            Some(Outcome::Win(_)) => Odds::LOSS,
            None if self.game.to_move(p) == self.side => {
                let mut policy = Vec::new();
                match self.version {
                    Version::Stochastic => self.learner.policy(self.game, p, &mut policy),
                    Version::Greedy => self.learner.greedy(self.game, p, &mut policy),
                }
                if policy.is_empty() {
                    Odds::LOSS // resigns
                } else {
                    let mut sum = Odds::default();
                    for (mv, q) in policy {
                        let child = self.odds(self.game.play(p, mv));
                        sum.add_scaled(child, q);
                    }
                    sum
                }
            }
            None => {
                let mut moves = std::mem::take(&mut self.moves);
                match &mut self.model {
                    Model::Perfect(solver) => solver.best_moves(p, &mut moves),
                    _ => self.game.legal_moves(p, &mut moves),
                }
                let children: Vec<usize> = moves.clone();
                self.moves = moves;
                match self.model {
                    Model::BestResponse => {
                        let odds: Vec<Odds> =
                            children.iter().map(|&mv| self.odds(self.game.play(p, mv))).collect();
                        let best = odds
                            .iter()
                            .copied()
                            .reduce(|b, c| if (c.loss, -c.win) > (b.loss, -b.win) { c } else { b })
                            .unwrap_or(Odds::DRAW);
                        if let Some(plan) = &mut self.plan {
                            // Ties up to rounding: sums of the same terms in another order.
                            const TIE: f64 = 1e-12;
                            plan[key] = children
                                .iter()
                                .zip(&odds)
                                .filter(|(_, c)| {
                                    c.loss >= best.loss - TIE && c.win <= best.win + TIE
                                })
                                .map(|(&mv, _)| mv as u16)
                                .collect();
                        }
                        best
                    }
                    _ => {
                        let k = 1.0 / children.len() as f64;
                        let mut sum = Odds::default();
                        for mv in children {
                            let c = self.odds(self.game.play(p, mv));
                            sum.add_scaled(c, k);
                        }
                        sum
                    }
                }
            }
        };
        self.memo[key] = Some(o);
        o
    }
}

/// The exact odds of `learner`, playing `side` from the start, against `model`.
pub fn outcome_odds<G: Game, P: Policy<G> + ?Sized>(
    game: &G,
    learner: &P,
    side: Side,
    version: Version,
    model: Model<'_, G>,
) -> Odds {
    let mut search = Search {
        game,
        learner,
        side,
        version,
        model,
        memo: vec![None; game.key_space()],
        moves: Vec::new(),
        plan: None,
    };
    search.odds(game.start())
}

/// The best response to `learner` playing `side` (stochastic policy): the learner's odds
/// against it, and for every position the response can reach, its best moves (those that
/// maximize the learner's chance of losing, then minimize its chance of winning), indexed
/// by [`Game::key`].
pub fn best_response<G: Game, P: Policy<G> + ?Sized>(
    game: &G,
    learner: &P,
    side: Side,
) -> (Odds, Vec<Vec<u16>>) {
    let mut search = Search {
        game,
        learner,
        side,
        version: Version::Stochastic,
        model: Model::BestResponse,
        memo: vec![None; game.key_space()],
        moves: Vec::new(),
        plan: Some(vec![Vec::new(); game.key_space()]),
    };
    let odds = search.odds(game.start());
    (odds, search.plan.take().unwrap_or_default())
}

/// The figures a training run records about its learner.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    /// P(loss) against a best response, for the policy as it plays.
    pub exploitability: f64,
    /// P(loss) against a best response, for the greedy policy.
    pub greedy_exploitability: f64,
    /// Odds against a uniformly random opponent.
    pub vs_random: Odds,
    /// Odds against a perfect opponent.
    pub vs_perfect: Odds,
}

/// Every figure of [`Report`] for `learner` playing `side`.
pub fn report<G: Game + Clone, P: Policy<G> + ?Sized>(
    game: &G,
    learner: &P,
    side: Side,
    solver: &mut Solver<G>,
) -> Report {
    let best = |version| outcome_odds(game, learner, side, version, Model::BestResponse).loss;
    Report {
        exploitability: best(Version::Stochastic),
        greedy_exploitability: best(Version::Greedy),
        vs_random: outcome_odds(game, learner, side, Version::Stochastic, Model::Random),
        vs_perfect: outcome_odds(game, learner, side, Version::Stochastic, Model::Perfect(solver)),
    }
}

/// `menace eval`: the [`Report`] of the MENACE playing `side` saved in `state` (read and
/// checked by [`State::read`](crate::menace::state::State::read) and its game's
/// [`State::to_machine_for`](crate::menace::state::State::to_machine_for): tic-tac-toe,
/// Nim with the file's rows, or Hexapawn; a file for the other side is refused), or of a
/// fresh tic-tac-toe MENACE with `rules` when there is no file (`rules` is only asked for
/// then).
pub fn report_of_state(
    state: Option<&std::path::Path>,
    side: Side,
    rules: impl FnOnce() -> Result<crate::menace::BeadRules, String>,
) -> Result<Report, String> {
    use crate::hexapawn::Hexapawn;
    use crate::menace::state::{self, Saved, State};
    use crate::menace::Matchboxes;
    use crate::nim::Nim;
    use crate::ttt::TicTacToe;
    fn of<G: Saved>(game: G, s: &State, side: Side, name: &str) -> Result<Report, String> {
        let machine = s.to_machine_for(&game).map_err(|e| format!("{name}: {e}"))?;
        state::other_side(machine.side(), side).map_err(|e| format!("{name}: {e}"))?;
        Ok(report(&game, &machine, side, &mut Solver::new(game.clone())))
    }
    let Some(path) = state else {
        let machine = Matchboxes::new(TicTacToe, side, rules()?);
        return Ok(report(&TicTacToe, &machine, side, &mut Solver::new(TicTacToe)));
    };
    let name = path.display().to_string();
    let s = State::read(path, &name)?;
    match s.game.as_str() {
        "nim" => {
            let rows = s.rows.as_deref().ok_or_else(|| format!("{name}: a nim state has rows"))?;
            of(Nim::new(rows).map_err(|e| format!("{name}: {e}"))?, &s, side, &name)
        }
        "hexapawn" => of(Hexapawn, &s, side, &name),
        _ => of(TicTacToe, &s, side, &name),
    }
}

/// P(loss) of `policy` playing `side` against a best response; `greedy` evaluates the
/// greedy version of the policy. 0 means no opponent can ever beat it.
pub fn exploitability<G: Game, P: Policy<G> + ?Sized>(
    game: &G,
    side: Side,
    policy: &P,
    greedy: bool,
) -> f64 {
    let version = if greedy { Version::Greedy } else { Version::Stochastic };
    outcome_odds(game, policy, side, version, Model::BestResponse).loss
}

/// The exact odds of `policy` playing `side` against a uniformly random opponent.
pub fn vs_uniform<G: Game, P: Policy<G> + ?Sized>(
    game: &G,
    side: Side,
    policy: &P,
    greedy: bool,
) -> Odds {
    let version = if greedy { Version::Greedy } else { Version::Stochastic };
    outcome_odds(game, policy, side, version, Model::Random)
}
