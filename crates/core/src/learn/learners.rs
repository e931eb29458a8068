//! The learners as one type: which kind ([`LearnerKind`]), their settings ([`Learners`]),
//! either one ([`Learner`]), and two ways to use a learner's policy without learning
//! ([`greedy_moves`], [`Frozen`]).

use super::{Player, Policy, Weighted, WeightedConfig};
use crate::game::{Game, GameResult, Side};
use crate::menace::{BeadRules, Matchboxes};
use menace_stats::rng::GameRng;

/// The moves a policy plays greedily in `p` (its most probable ones), in increasing
/// order.
pub fn greedy_moves<G: Game, P: Policy<G> + ?Sized>(policy: &P, game: &G, p: G::Pos) -> Vec<usize> {
    let mut out = Vec::new();
    policy.greedy(game, p, &mut out);
    let mut v: Vec<usize> = out.into_iter().map(|(m, _)| m).collect();
    v.sort_unstable();
    v
}

/// A learner frozen for evaluation: it samples moves from its current [`Policy`] and
/// learns nothing.
pub struct Frozen<'a, P: ?Sized>(pub &'a P);

impl<G: Game, P: Policy<G> + ?Sized> Player<G> for Frozen<'_, P> {
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        let mut probs = Vec::new();
        self.0.policy(game, p, &mut probs);
        let last = probs.last()?.0;
        // 53 random bits, as `rng::chance` draws them.
        let mut x =
            (menace_stats::rng::RngCore::next_u64(rng) >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
        for &(m, q) in &probs {
            if x < q {
                return Some(m);
            }
            x -= q;
        }
        Some(last)
    }
}

/// Which learning algorithm.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum LearnerKind {
    /// The matchbox learner.
    #[default]
    Menace,
    /// The weighted-table learner.
    Weighted,
}

impl LearnerKind {
    /// Both, in table order.
    pub const ALL: [LearnerKind; 2] = [LearnerKind::Menace, LearnerKind::Weighted];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            LearnerKind::Menace => "menace",
            LearnerKind::Weighted => "weighted",
        }
    }
}

/// The learners' settings for an experiment.
#[derive(Clone, Debug, Default)]
pub struct Learners {
    /// The matchbox learner's bead rules (default: the challenge preset).
    pub rules: BeadRules,
    /// The weighted learner's constants.
    pub weighted: WeightedConfig,
}

impl Learners {
    /// The settings `menace experiment` takes: MENACE's bead preset by name, and the
    /// weighted learner's constants (checked); the message says what is wrong.
    pub fn from_preset(
        preset: &str,
        prec_coeff: u32,
        learning_step: f64,
        step_coeff: f64,
        symmetry: bool,
    ) -> Result<Learners, String> {
        let rules = BeadRules::preset(preset)
            .ok_or_else(|| format!("unknown preset {preset:?}: challenge, michie or scroggs"))?;
        let weighted = WeightedConfig::from_flags(
            Some(prec_coeff),
            Some(learning_step),
            Some(step_coeff),
            symmetry,
        )?;
        Ok(Learners { rules, weighted })
    }
}

/// One learner of either kind, so experiments can treat both alike.
#[derive(Clone, Debug)]
pub enum Learner<G: Game> {
    /// Matchboxes.
    Menace(Matchboxes<G>),
    /// A weighted table.
    Weighted(Weighted<G>),
}

impl<G: Game + Clone> Learner<G> {
    /// A fresh learner of `kind` for `side`.
    pub fn new(game: &G, side: Side, kind: LearnerKind, cfg: &Learners) -> Learner<G> {
        match kind {
            LearnerKind::Menace => {
                Learner::Menace(Matchboxes::new(game.clone(), side, cfg.rules.clone()))
            }
            LearnerKind::Weighted => Learner::Weighted(Weighted::new(game, cfg.weighted.clone())),
        }
    }
}

impl<G: Game> Learner<G> {
    /// The matchboxes, if the learner has them.
    pub fn boxes(&self) -> Option<&Matchboxes<G>> {
        match self {
            Learner::Menace(m) => Some(m),
            Learner::Weighted(_) => None,
        }
    }

    /// Forgets the unfinished game: drawn beads go back unchanged, the weighted learner
    /// drops its record of the game's moves.
    pub fn abandon(&mut self) {
        match self {
            Learner::Menace(m) => m.put_back(),
            Learner::Weighted(w) => w.abandon(),
        }
    }
}

impl<G: Game> Player<G> for Learner<G> {
    fn choose(&mut self, game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        match self {
            Learner::Menace(m) => Player::choose(m, game, p, rng),
            Learner::Weighted(w) => w.choose(game, p, rng),
        }
    }
    fn finish(&mut self, result: GameResult) {
        match self {
            Learner::Menace(m) => m.learn(result),
            Learner::Weighted(w) => w.finish(result),
        }
    }
}

impl<G: Game> Policy<G> for Learner<G> {
    fn policy(&self, game: &G, p: G::Pos, out: &mut Vec<(usize, f64)>) {
        match self {
            Learner::Menace(m) => m.policy(game, p, out),
            Learner::Weighted(w) => w.policy(game, p, out),
        }
    }

    fn weight(&self, game: &G, p: G::Pos) -> Option<f64> {
        match self {
            Learner::Menace(m) => m.weight(game, p),
            Learner::Weighted(w) => w.weight(game, p),
        }
    }

    fn as_matchboxes(&self) -> Option<&Matchboxes<G>> {
        match self {
            Learner::Menace(m) => Some(m),
            Learner::Weighted(_) => None,
        }
    }

    fn as_matchboxes_mut(&mut self) -> Option<&mut Matchboxes<G>> {
        match self {
            Learner::Menace(m) => Some(m),
            Learner::Weighted(_) => None,
        }
    }
}

impl Learners {
    /// One line naming both learners' settings, for the head of a table.
    pub fn describe(&self) -> String {
        let w = &self.weighted;
        format!(
            "menace: {}; weighted: PrecCoeff {}, LearningStep {}, StepCoeff {}, initial {}, \
             symmetry {}",
            self.rules,
            w.prec_coeff,
            w.learning_step,
            w.step_coeff,
            w.initial,
            if w.symmetry { "on" } else { "off" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::{play, Random};
    use crate::ttt::TicTacToe;
    use menace_stats::rng::from_seed;

    #[test]
    fn frozen_samples_the_policy_and_learns_nothing() {
        let game = TicTacToe;
        let mut w = Weighted::new(&game, WeightedConfig::default());
        let mut rng = from_seed(2);
        for _ in 0..200 {
            play(&game, &mut w, &mut Random::default(), &mut rng);
        }
        let before = w.known();
        let snapshot: Vec<Vec<f64>> =
            before.iter().map(|&p| w.weights(&game, p).unwrap().to_vec()).collect();
        let mut counts = [0u32; 9];
        for _ in 0..9000 {
            counts[Frozen(&w).choose(&game, game.start(), &mut rng).unwrap()] += 1;
        }
        let mut pol = Vec::new();
        w.policy(&game, game.start(), &mut pol);
        for (m, q) in pol {
            let f = f64::from(counts[m]) / 9000.0;
            assert!((f - q).abs() < 5.0 * (q * (1.0 - q) / 9000.0).sqrt() + 1e-9, "{m} {f} {q}");
        }
        assert_eq!(w.known(), before);
        let after: Vec<Vec<f64>> =
            before.iter().map(|&p| w.weights(&game, p).unwrap().to_vec()).collect();
        assert_eq!(after, snapshot);
    }
}
