//! The experiments of issue 4, as library functions: deterministic from their seeds
//! (seed `i` of a run is `base_seed + i`; seeds run in parallel, results come back in
//! seed order), returning plain results and text tables.
//!
//! - [`nim_xor`]: Nim (self-play, or against random play); how many games until the first
//!   player's greedy policy
//!   follows the XOR rule everywhere.
//! - [`hexapawn`]: the learner on Hexapawn's winning side against perfect and random
//!   play; how many games until it stops losing.
//! - [`textbook`]: the book's experiment, the weighted learner as X trained for 50,000
//!   games against random play, next to MENACE on the same budget.

use rayon::prelude::*;

use super::eval::{exploitability, vs_uniform, Odds as Wdl};
use super::{play, Perfect, Player, Policy, Random, Weighted, WeightedConfig};
use crate::game::{Game, Outcome, Side};
use crate::hexapawn::Hexapawn;
use crate::menace::{BeadRules, GameResult, Matchboxes};
use crate::nim::{all_agree, strategy_table, Agreement, Nim};
use crate::rng::{from_seed, GameRng};
use crate::solve::Solver;
use crate::ttt::TicTacToe;

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
        let mut x = (rand::RngCore::next_u64(rng) >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LearnerKind {
    /// The matchbox learner.
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

/// Median and range of per-seed counts; `None` (not reached within the budget) sorts
/// above every number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Per seed, in seed order.
    pub values: Vec<Option<usize>>,
}

impl Summary {
    fn sorted(&self) -> Vec<Option<usize>> {
        let mut v = self.values.clone();
        v.sort_by_key(|x| x.unwrap_or(usize::MAX));
        v
    }

    /// The median (the mean of the middle two for an even count, rounded down); `None`
    /// if it falls on a run that never got there.
    pub fn median(&self) -> Option<usize> {
        let v = self.sorted();
        if v.is_empty() {
            return None;
        }
        let n = v.len();
        if n % 2 == 1 {
            v[n / 2]
        } else {
            Some((v[n / 2 - 1]? + v[n / 2]?) / 2)
        }
    }

    /// `median (min-max)`, with `>B` for runs that did not get there within budget `B`.
    pub fn show(&self, budget: usize) -> String {
        let f = |x: Option<usize>| x.map_or(format!(">{budget}"), |n| n.to_string());
        let v = self.sorted();
        if v.is_empty() {
            return "-".into();
        }
        format!("{} ({}-{})", f(self.median()), f(v[0]), f(v[v.len() - 1]))
    }
}

/// Tracks "from game N on, the condition held at every check": the answer is one check
/// interval after the last failing check, if the last check passed.
#[derive(Clone, Copy, Debug, Default)]
struct Settles {
    last_fail: usize,
    holds_now: bool,
}

impl Settles {
    fn check(&mut self, games: usize, holds: bool) {
        if !holds {
            self.last_fail = games;
        }
        self.holds_now = holds;
    }
    /// The first checked game count from which the condition held at every later check
    /// (the first check, after `every` games, if it never failed).
    fn games(&self, every: usize) -> Option<usize> {
        self.holds_now.then_some(self.last_fail + every)
    }
}

fn per_seed<T: Send>(seeds: usize, base: u64, f: impl Fn(u64) -> T + Sync + Send) -> Vec<T> {
    (0..seeds as u64).into_par_iter().map(|i| f(base + i)).collect()
}

// ---------------------------------------------------------------------------------------
// Nim

/// Who the first player's learner plays in the Nim experiment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NimOpponent {
    /// A second learner of the same kind, learning too (self-play, the setting).
    SelfPlay,
    /// Uniformly random play.
    Random,
    /// Perfect play (uniform among value-keeping moves, so uniform in lost positions).
    Perfect,
}

impl NimOpponent {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            NimOpponent::SelfPlay => "self",
            NimOpponent::Random => "random",
            NimOpponent::Perfect => "perfect",
        }
    }
}

/// Settings of the Nim experiment.
#[derive(Clone, Debug)]
pub struct NimXorConfig {
    /// The game (rows).
    pub game: Nim,
    /// Seeds `base_seed .. base_seed + seeds`.
    pub seeds: usize,
    /// The first seed.
    pub base_seed: u64,
    /// Games per seed.
    pub budget: usize,
    /// Check after every this many games.
    pub every: usize,
    /// The first player's opponent.
    pub opponent: NimOpponent,
    /// The learners' settings.
    pub learners: Learners,
}

impl Default for NimXorConfig {
    fn default() -> Self {
        NimXorConfig {
            game: Nim::default(),
            seeds: 10,
            base_seed: 1,
            budget: 20_000,
            every: 10,
            opponent: NimOpponent::SelfPlay,
            learners: Learners::default(),
        }
    }
}

/// The Nim results of one learner kind.
#[derive(Clone, Debug)]
pub struct NimXorResult {
    /// The learner.
    pub kind: LearnerKind,
    /// Games until the first player's greedy move follows the XOR rule in every winning
    /// position reachable from the start where it moves (whatever either side played
    /// before), and keeps doing so at every later check.
    pub all_positions: Summary,
    /// Games until the greedy move follows the XOR rule in every position the first player
    /// can meet when it follows the XOR rule itself (the opponent playing anything), and
    /// keeps doing so.
    pub xor_lines: Summary,
    /// Games until the first player's greedy policy cannot be beaten from the start (its
    /// exact exploitability is 0), and stays so at every later check. In Nim this is the
    /// same as following the XOR rule in every winning position reachable when the
    /// learner plays its greedy moves and the opponent plays anything: a single move to
    /// a nonzero nim-sum hands the opponent the win.
    pub unbeatable: Summary,
    /// Per seed, at the end: (winning positions where the greedy move follows the XOR
    /// rule, winning positions in the table).
    pub end_agree: Vec<(usize, usize)>,
    /// Per seed, at the end: whether the first player's start position has every weight
    /// at 0, so it plays the first legal move (`1:1`) for good (weighted learner only).
    pub stuck_at_start: Vec<bool>,
}

/// Nim: per seed, a learner for the first player plays `budget` games against the
/// opponent. In self-play the second player is a separate learner of the same kind
/// (positions carry the side to move, so one shared table would hold the same rows
/// anyway).
pub fn nim_xor(cfg: &NimXorConfig) -> Vec<NimXorResult> {
    LearnerKind::ALL
        .iter()
        .map(|&kind| {
            let runs = per_seed(cfg.seeds, cfg.base_seed, |seed| nim_run(cfg, kind, seed));
            NimXorResult {
                kind,
                all_positions: Summary { values: runs.iter().map(|r| r.0).collect() },
                unbeatable: Summary { values: runs.iter().map(|r| r.1).collect() },
                xor_lines: Summary { values: runs.iter().map(|r| r.3).collect() },
                end_agree: runs.iter().map(|r| r.2).collect(),
                stuck_at_start: runs.iter().map(|r| r.4).collect(),
            }
        })
        .collect()
}

type NimRun = (Option<usize>, Option<usize>, (usize, usize), Option<usize>, bool);

/// The positions the first player meets when it always moves to nim-sum 0 (any XOR move)
/// and the second player plays anything.
pub fn nim_xor_lines(game: &Nim) -> Vec<crate::nim::NimPos> {
    let mut seen = std::collections::BTreeSet::new();
    let mut stack = vec![game.start()];
    let mut moves = Vec::new();
    while let Some(p) = stack.pop() {
        if game.outcome(p).is_some() || !seen.insert(p) {
            continue;
        }
        if p.to_move == Side::First {
            moves = game.xor_moves(p);
        } else {
            game.legal_moves(p, &mut moves);
        }
        stack.extend(moves.iter().map(|&m| game.play(p, m)));
    }
    seen.into_iter().filter(|p| p.to_move == Side::First).collect()
}

fn nim_run(cfg: &NimXorConfig, kind: LearnerKind, seed: u64) -> NimRun {
    let game = &cfg.game;
    let mut rng = from_seed(seed);
    let mut first = Learner::new(game, Side::First, kind, &cfg.learners);
    let mut second: Box<dyn Player<Nim>> = match cfg.opponent {
        NimOpponent::SelfPlay => Box::new(Learner::new(game, Side::Second, kind, &cfg.learners)),
        NimOpponent::Random => Box::new(Random::default()),
        NimOpponent::Perfect => Box::new(Perfect::new(*game)),
    };
    let (mut all, mut unbeatable) = (Settles::default(), Settles::default());
    let mut lines = Settles::default();
    let xor_lines = nim_xor_lines(game);
    let every = cfg.every.max(1);
    let mut end = (0, 0);
    for g in 1..=cfg.budget {
        play(game, &mut first, &mut second, &mut rng);
        if g % every == 0 || g == cfg.budget {
            let table = strategy_table(game, Side::First, |p| greedy_moves(&first, game, p));
            all.check(g, all_agree(&table));
            lines.check(
                g,
                xor_lines.iter().all(|&p| {
                    let greedy = greedy_moves(&first, game, p);
                    let xor = game.xor_moves(p);
                    !greedy.is_empty() && greedy.iter().all(|m| xor.contains(m))
                }),
            );
            unbeatable.check(g, exploitability(game, Side::First, &first, true) == 0.0);
            let winning: Vec<_> = table.iter().filter(|r| r.nim_sum != 0).collect();
            let agree = winning.iter().filter(|r| r.agreement == Agreement::Agrees).count();
            end = (agree, winning.len());
        }
    }
    let stuck = match &first {
        Learner::Weighted(w) => {
            w.weights(game, game.start()).is_some_and(|ws| ws.iter().all(|&x| x == 0.0))
        }
        Learner::Menace(_) => false,
    };
    (all.games(every), unbeatable.games(every), end, lines.games(every), stuck)
}

/// The Nim results as a text table.
pub fn format_nim_xor(cfg: &NimXorConfig, results: &[NimXorResult]) -> Vec<String> {
    let mut out = vec![
        format!(
            "{}: first player learns against {}, {} seeds from {}, {} games each, checked \
             every {}",
            cfg.game,
            match cfg.opponent {
                NimOpponent::SelfPlay => "a second learner of the same kind (self-play)",
                NimOpponent::Random => "random play",
                NimOpponent::Perfect => "perfect play",
            },
            cfg.seeds,
            cfg.base_seed,
            cfg.budget,
            cfg.every
        ),
        if cfg.game.start().nim_sum() == 0 {
            "note: the start has nim-sum 0, so the first player loses with perfect play and \
             the criteria below (about the winning side) cannot be met"
                .into()
        } else {
            format!("the start has nim-sum {}: the first player wins", cfg.game.start().nim_sum())
        },
        cfg.learners.describe(),
        "games until, median (min-max) over seeds; last column: winning positions where the \
         greedy move follows the XOR rule at the end, median (min-max)"
            .into(),
        format!(
            "{:<10} {:<24} {:<24} {:<24} {}",
            "learner",
            "XOR everywhere",
            "XOR on XOR lines",
            "greedy unbeatable",
            "XOR positions at end"
        ),
    ];
    for r in results {
        let ends = Summary { values: r.end_agree.iter().map(|e| Some(e.0)).collect() };
        let of = r.end_agree.first().map_or(0, |e| e.1);
        out.push(format!(
            "{:<10} {:<24} {:<24} {:<24} {} of {of}",
            r.kind.name(),
            r.all_positions.show(cfg.budget),
            r.xor_lines.show(cfg.budget),
            r.unbeatable.show(cfg.budget),
            ends.show(cfg.budget)
        ));
    }
    for r in results {
        let list = |s: &Summary| {
            s.values
                .iter()
                .map(|v| v.map_or(format!(">{}", cfg.budget), |n| n.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push(format!(
            "  {} per seed, XOR everywhere: {}",
            r.kind.name(),
            list(&r.all_positions)
        ));
        out.push(format!("  {} per seed, XOR on XOR lines: {}", r.kind.name(), list(&r.xor_lines)));
        if r.kind == LearnerKind::Weighted {
            let stuck = r.stuck_at_start.iter().filter(|&&x| x).count();
            out.push(format!(
                "  weighted: start position with every weight 0 at the end (plays 1:1 for good): \
                 {stuck} of {} seeds",
                r.stuck_at_start.len()
            ));
        }
        out.push(format!("  {} per seed, unbeatable:     {}", r.kind.name(), list(&r.unbeatable)));
    }
    out
}

// ---------------------------------------------------------------------------------------
// Hexapawn

/// The side that wins Hexapawn with perfect play (by exhaustive search).
pub fn hexapawn_winner() -> Side {
    let mut s = Solver::new(Hexapawn);
    if s.value(Hexapawn.start()) > 0 {
        Side::First
    } else {
        Side::Second
    }
}

/// Who the Hexapawn learner trains against.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Trainer {
    /// Perfect play (uniform among value-keeping moves).
    Perfect,
    /// Uniformly random play.
    Random,
}

impl Trainer {
    fn name(self) -> &'static str {
        match self {
            Trainer::Perfect => "perfect",
            Trainer::Random => "random",
        }
    }
}

/// Settings of the Hexapawn experiment.
#[derive(Clone, Debug)]
pub struct HexapawnConfig {
    /// Seeds `base_seed .. base_seed + seeds`.
    pub seeds: usize,
    /// The first seed.
    pub base_seed: u64,
    /// Training games per seed.
    pub budget: usize,
    /// The learners' settings (MENACE's bead rules: HER's own were one bead per move
    /// and no reward for a win; the default is the challenge preset, as for the others).
    pub learners: Learners,
}

impl Default for HexapawnConfig {
    fn default() -> Self {
        HexapawnConfig { seeds: 10, base_seed: 1, budget: 20_000, learners: Learners::default() }
    }
}

/// The Hexapawn results of one learner against one trainer.
#[derive(Clone, Debug)]
pub struct HexapawnResult {
    /// The learner.
    pub kind: LearnerKind,
    /// Its opponent.
    pub trainer: Trainer,
    /// The number of the last game it lost (0: never lost) within the budget.
    pub last_loss: Summary,
    /// Games until its policy as it stands can never lose, against any opponent
    /// (exact exploitability 0), and stays so after every later game.
    pub safe: Summary,
    /// The same for its greedy policy.
    pub greedy_safe: Summary,
    /// Total losses within the budget.
    pub losses: Summary,
}

/// The learner plays the side that wins with perfect play against each trainer.
pub fn hexapawn(cfg: &HexapawnConfig) -> Vec<HexapawnResult> {
    let side = hexapawn_winner();
    let mut out = Vec::new();
    for kind in LearnerKind::ALL {
        for trainer in [Trainer::Perfect, Trainer::Random] {
            let runs = per_seed(cfg.seeds, cfg.base_seed, |seed| {
                hexapawn_run(cfg, side, kind, trainer, seed)
            });
            out.push(HexapawnResult {
                kind,
                trainer,
                last_loss: Summary { values: runs.iter().map(|r| Some(r.0)).collect() },
                safe: Summary { values: runs.iter().map(|r| r.1).collect() },
                greedy_safe: Summary { values: runs.iter().map(|r| r.2).collect() },
                losses: Summary { values: runs.iter().map(|r| Some(r.3)).collect() },
            });
        }
    }
    out
}

fn hexapawn_run(
    cfg: &HexapawnConfig,
    side: Side,
    kind: LearnerKind,
    trainer: Trainer,
    seed: u64,
) -> (usize, Option<usize>, Option<usize>, usize) {
    let game = &Hexapawn;
    let mut rng = from_seed(seed);
    let mut learner = Learner::new(game, side, kind, &cfg.learners);
    let mut opponent: Box<dyn Player<Hexapawn>> = match trainer {
        Trainer::Perfect => Box::new(Perfect::new(Hexapawn)),
        Trainer::Random => Box::new(Random::default()),
    };
    let (mut last_loss, mut losses) = (0, 0);
    let (mut safe, mut greedy_safe) = (Settles::default(), Settles::default());
    for g in 1..=cfg.budget {
        let outcome = if side == Side::First {
            play(game, &mut learner, &mut opponent, &mut rng)
        } else {
            play(game, &mut opponent, &mut learner, &mut rng)
        };
        if outcome != Outcome::Draw && outcome != Outcome::Win(side) {
            last_loss = g;
            losses += 1;
        }
        safe.check(g, exploitability(game, side, &learner, false) == 0.0);
        greedy_safe.check(g, exploitability(game, side, &learner, true) == 0.0);
    }
    (last_loss, safe.games(1), greedy_safe.games(1), losses)
}

/// The learner's matchboxes for Hexapawn as text: one line per box with the learner's
/// move number, the drawing (top rank first) and its legal moves.
pub fn hexapawn_boxes() -> Vec<String> {
    let side = hexapawn_winner();
    let m = Matchboxes::new(Hexapawn, side, BeadRules::challenge());
    let mut out = vec![format!("{} boxes (mirror images merged, forced moves excluded):", m.len())];
    for b in 0..m.len() {
        let p = m.position(b);
        let moves: Vec<String> = m.legal(b).map(|mv| Hexapawn.format_move(p, mv)).collect();
        out.push(format!(
            "  box {:>2}  move {}  {}  {}",
            b + 1,
            m.stage(b) + 1,
            Hexapawn.board_string(p),
            moves.join(" ")
        ));
    }
    out
}

/// The Hexapawn results as a text table.
pub fn format_hexapawn(cfg: &HexapawnConfig, results: &[HexapawnResult]) -> Vec<String> {
    let side = match hexapawn_winner() {
        Side::First => "White (first)",
        Side::Second => "Black (second)",
    };
    let mut out = vec![
        format!(
            "hexapawn: learner plays {side}, {} seeds from {}, {} games each",
            cfg.seeds, cfg.base_seed, cfg.budget
        ),
        cfg.learners.describe(),
        "median (min-max) over seeds:".into(),
        format!(
            "{:<10} {:<9} {:<18} {:<18} {:<18} {:<18}",
            "learner", "opponent", "last loss (game)", "never loses", "greedy unbeatable", "losses"
        ),
    ];
    for r in results {
        out.push(format!(
            "{:<10} {:<9} {:<18} {:<18} {:<18} {:<18}",
            r.kind.name(),
            r.trainer.name(),
            r.last_loss.show(cfg.budget),
            r.safe.show(cfg.budget),
            r.greedy_safe.show(cfg.budget),
            r.losses.show(cfg.budget)
        ));
    }
    out
}

// ---------------------------------------------------------------------------------------
// The textbook experiment

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

/// Counts of results from the learner's side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Wins.
    pub win: usize,
    /// Draws.
    pub draw: usize,
    /// Losses.
    pub loss: usize,
}

impl Tally {
    fn add(&mut self, r: GameResult) {
        match r {
            GameResult::Win => self.win += 1,
            GameResult::Draw => self.draw += 1,
            GameResult::Loss => self.loss += 1,
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

fn median_f(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The textbook results as a text table: per learner, the medians over seeds, then
/// each seed's line.
pub fn format_textbook(cfg: &TextbookConfig, results: &[TextbookResult]) -> Vec<String> {
    let pct = |n: usize| 100.0 * n as f64 / cfg.eval.max(1) as f64;
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
        let med = |f: &dyn Fn(&TextbookRun) -> f64| median_f(r.runs.iter().map(f).collect());
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

    #[test]
    fn summaries_put_unfinished_runs_last() {
        let s = Summary { values: vec![Some(30), None, Some(10), Some(20)] };
        assert_eq!(s.median(), Some(25));
        assert_eq!(s.show(100), "25 (10->100)");
        let s = Summary { values: vec![Some(30), None, None] };
        assert_eq!(s.median(), None);
        assert_eq!(s.show(100), ">100 (30->100)");
    }

    #[test]
    fn settling_is_counted_from_the_last_failure() {
        let mut s = Settles::default();
        for (g, ok) in [(10, false), (20, true), (30, false), (40, true), (50, true)] {
            s.check(g, ok);
        }
        assert_eq!(s.games(10), Some(40));
        s.check(60, false);
        assert_eq!(s.games(10), None);
        let mut t = Settles::default();
        t.check(10, true);
        assert_eq!(t.games(10), Some(10));
    }

    #[test]
    fn the_xor_lines_are_winning_positions_of_the_first_player() {
        let game = Nim::default();
        let lines = nim_xor_lines(&game);
        assert!(lines.contains(&game.start()));
        assert!(lines.iter().all(|p| p.to_move == Side::First && p.nim_sum() != 0));
        assert_eq!(lines.len(), 41);
    }

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

    #[test]
    fn experiments_are_deterministic_and_sampled_and_exact_figures_agree() {
        let cfg = TextbookConfig { seeds: 2, train: 300, eval: 2000, ..TextbookConfig::default() };
        let a = format_textbook(&cfg, &textbook(&cfg));
        let b = format_textbook(&cfg, &textbook(&cfg));
        assert_eq!(a, b);
        for r in textbook(&cfg) {
            for run in r.runs {
                let sampled = run.vs_random.win as f64 / 2000.0;
                assert!((sampled - run.exact_random.win).abs() < 0.05, "{run:?}");
                assert_eq!(run.vs_perfect.win, 0, "nobody beats perfect play");
            }
        }
        let h = HexapawnConfig { seeds: 2, budget: 60, ..HexapawnConfig::default() };
        assert_eq!(format_hexapawn(&h, &hexapawn(&h)), format_hexapawn(&h, &hexapawn(&h)));
        let n = NimXorConfig { seeds: 2, budget: 50, ..NimXorConfig::default() };
        assert_eq!(format_nim_xor(&n, &nim_xor(&n)), format_nim_xor(&n, &nim_xor(&n)));
    }
}
