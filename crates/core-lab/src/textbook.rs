//! The book's experiment: the weighted learner as X trained for 50,000 games against
//! random play, next to MENACE on the same budget, then evaluated with learning off
//! (sampled) and exactly.

use crate::over_seeds::per_seed;
use menace_core::game::{GameResult, Side};
use menace_core::learn::eval::{exploitability, vs_uniform, Odds as Wdl};
use menace_core::learn::{
    play, Frozen, Learner, LearnerKind, Learners, Perfect, Player, Random, Tally,
};
use menace_core::ttt::TicTacToe;
use menace_stats::rng::{from_seed, GameRng};
use menace_stats::stats::median;

/// Settings of the textbook experiment.
#[derive(Clone, Debug)]
pub struct TextbookConfig {
    /// Seeds `base_seed .. base_seed + seeds`.
    pub seeds: usize,
    /// The first seed.
    pub base_seed: u64,
    /// Training games against random play (the book: 50,000).
    pub train: usize,
    /// Evaluation games against each opponent, with learning off.
    pub eval: usize,
    /// The learners' settings.
    pub learners: Learners,
}

impl Default for TextbookConfig {
    fn default() -> Self {
        TextbookConfig {
            seeds: 10,
            base_seed: 1,
            train: 50_000,
            eval: 10_000,
            learners: Learners::default(),
        }
    }
}

/// One trained learner's figures.
#[derive(Clone, Debug)]
pub struct TextbookRun {
    /// The seed.
    pub seed: u64,
    /// Sampled games against random play, learning off.
    pub vs_random: Tally,
    /// Sampled games against perfect play, learning off.
    pub vs_perfect: Tally,
    /// Exact result probabilities against random play.
    pub exact_random: Wdl,
    /// Exact probability of losing to a best response (its policy as it stands).
    pub exploit: f64,
    /// The same for its greedy policy.
    pub exploit_greedy: f64,
}

/// Both learners' runs, seed by seed.
#[derive(Clone, Debug)]
pub struct TextbookResult {
    /// The learner.
    pub kind: LearnerKind,
    /// One run per seed.
    pub runs: Vec<TextbookRun>,
}

/// Trains each learner as X against random play, then evaluates it frozen.
pub fn textbook(cfg: &TextbookConfig) -> Vec<TextbookResult> {
    LearnerKind::ALL
        .iter()
        .map(|&kind| TextbookResult {
            kind,
            runs: per_seed(cfg.seeds, cfg.base_seed, |seed| textbook_run(cfg, kind, seed)),
        })
        .collect()
}

fn textbook_run(cfg: &TextbookConfig, kind: LearnerKind, seed: u64) -> TextbookRun {
    let game = &TicTacToe;
    let mut rng = from_seed(seed);
    let mut learner = Learner::new(game, Side::First, kind, &cfg.learners);
    let mut random = Random::default();
    for _ in 0..cfg.train {
        play(game, &mut learner, &mut random, &mut rng);
    }
    let eval = |opp: &mut dyn Player<TicTacToe>, rng: &mut GameRng| {
        let mut t = Tally::default();
        for _ in 0..cfg.eval {
            let o = play(game, &mut Frozen(&learner), opp, rng);
            t.add(GameResult::for_side(o, Side::First));
        }
        t
    };
    let vs_random = eval(&mut Random::default(), &mut rng);
    let vs_perfect = eval(&mut Perfect::new(TicTacToe), &mut rng);
    TextbookRun {
        seed,
        vs_random,
        vs_perfect,
        exact_random: vs_uniform(game, Side::First, &learner, false),
        exploit: exploitability(game, Side::First, &learner, false),
        exploit_greedy: exploitability(game, Side::First, &learner, true),
    }
}

/// The textbook results as a text table: per learner, the medians over seeds, then
/// each seed's line.
pub fn format_textbook(cfg: &TextbookConfig, results: &[TextbookResult]) -> Vec<String> {
    let pct = |n: u64| 100.0 * n as f64 / cfg.eval.max(1) as f64;
    let mut out = vec![
        format!(
            "tic-tac-toe, learner as X: {} training games against random, then {} games each \
             against random and perfect with learning off; {} seeds from {}",
            cfg.train, cfg.eval, cfg.seeds, cfg.base_seed
        ),
        cfg.learners.describe(),
        format!(
            "{:<10} {:<24} {:<24} {:<24} {:>9} {:>9}",
            "learner",
            "vs random W/D/L %",
            "vs perfect W/D/L %",
            "exact vs random W/D/L %",
            "exploit",
            "greedy"
        ),
    ];
    let wdl = |w: f64, d: f64, l: f64| format!("{w:.1}/{d:.1}/{l:.1}");
    for r in results {
        let med = |f: &dyn Fn(&TextbookRun) -> f64| {
            median(&r.runs.iter().map(f).collect::<Vec<f64>>()).unwrap_or(f64::NAN)
        };
        out.push(format!(
            "{:<10} {:<24} {:<24} {:<24} {:>9.4} {:>9.4}   (median over seeds)",
            r.kind.name(),
            wdl(
                med(&|x| pct(x.vs_random.win)),
                med(&|x| pct(x.vs_random.draw)),
                med(&|x| pct(x.vs_random.loss))
            ),
            wdl(
                med(&|x| pct(x.vs_perfect.win)),
                med(&|x| pct(x.vs_perfect.draw)),
                med(&|x| pct(x.vs_perfect.loss))
            ),
            wdl(
                med(&|x| 100.0 * x.exact_random.win),
                med(&|x| 100.0 * x.exact_random.draw),
                med(&|x| 100.0 * x.exact_random.loss)
            ),
            med(&|x| x.exploit),
            med(&|x| x.exploit_greedy),
        ));
    }
    for r in results {
        for x in &r.runs {
            out.push(format!(
                "  {:<8} seed {:<4} {:<24} {:<24} {:<24} {:>9.4} {:>9.4}",
                r.kind.name(),
                x.seed,
                wdl(pct(x.vs_random.win), pct(x.vs_random.draw), pct(x.vs_random.loss)),
                wdl(pct(x.vs_perfect.win), pct(x.vs_perfect.draw), pct(x.vs_perfect.loss)),
                wdl(
                    100.0 * x.exact_random.win,
                    100.0 * x.exact_random.draw,
                    100.0 * x.exact_random.loss
                ),
                x.exploit,
                x.exploit_greedy
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uniformly random X against uniformly random O, by exhaustive search in
    /// `crates/core/tests/reference/ttt_exact.py` (737/1260, 8/63, 121/420: the published
    /// 58.5% / 12.7% / 28.8%); and uniformly random X against O's best response.
    const RANDOM_VS_RANDOM: (f64, f64, f64) = (737.0 / 1260.0, 8.0 / 63.0, 121.0 / 420.0);
    const RANDOM_LOSES_TO_BEST_RESPONSE: f64 = 0.9386243386243386;

    #[test]
    fn untrained_learners_play_uniformly_at_random() {
        // Both learners start with equal weight on every legal move.
        let cfg = TextbookConfig { seeds: 1, train: 0, eval: 2000, ..TextbookConfig::default() };
        for r in textbook(&cfg) {
            let run = &r.runs[0];
            let (w, d, l) = RANDOM_VS_RANDOM;
            let exact = run.exact_random;
            assert!((exact.win - w).abs() < 1e-12, "{:?}: {exact:?}", r.kind);
            assert!((exact.draw - d).abs() < 1e-12, "{:?}: {exact:?}", r.kind);
            assert!((exact.loss - l).abs() < 1e-12, "{:?}: {exact:?}", r.kind);
            assert!((run.exploit - RANDOM_LOSES_TO_BEST_RESPONSE).abs() < 1e-12, "{run:?}");
        }
    }

    #[test]
    fn trained_figures_sampled_and_exact_agree_and_nobody_beats_perfect_play() {
        let cfg = TextbookConfig { seeds: 2, train: 300, eval: 2000, ..TextbookConfig::default() };
        for r in textbook(&cfg) {
            for run in r.runs {
                // 2000 games: the sampled share is within 0.05 of the exact one (over 4
                // standard deviations).
                let sampled = run.vs_random.win as f64 / 2000.0;
                assert!((sampled - run.exact_random.win).abs() < 0.05, "{run:?}");
                assert_eq!(run.vs_perfect.win, 0, "nobody beats perfect play");
                assert_eq!(run.vs_random.games(), 2000);
            }
        }
    }

    #[test]
    fn a_seed_gives_the_same_run_alone_or_among_others() {
        // Seeds run in parallel: seed 2's run must not depend on running next to seed 1.
        let both = TextbookConfig { seeds: 2, train: 200, eval: 300, ..TextbookConfig::default() };
        let alone = TextbookConfig { base_seed: 2, seeds: 1, ..both.clone() };
        let (a, b) = (textbook(&both), textbook(&alone));
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(format!("{:?}", x.runs[1]), format!("{:?}", y.runs[0]));
        }
    }
}
