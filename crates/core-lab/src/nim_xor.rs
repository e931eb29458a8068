//! The Nim experiment: how many games until the first player's greedy policy follows the
//! XOR rule everywhere (self-play, or against random or perfect play).

use crate::over_seeds::{per_seed, OverSeeds, Settles};
use menace_core::game::{Game, Side};
use menace_core::learn::eval::exploitability;
use menace_core::learn::{
    greedy_moves, play, Learner, LearnerKind, Learners, Perfect, Player, Random,
};
use menace_core::nim::{all_agree, strategy_table, Agreement, Nim, NimPos};
use menace_stats::rng::from_seed;

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
    /// Parses the command-line name: `self`, `random` or `perfect`.
    pub fn parse(name: &str) -> Result<NimOpponent, String> {
        [NimOpponent::SelfPlay, NimOpponent::Random, NimOpponent::Perfect]
            .into_iter()
            .find(|o| o.name() == name)
            .ok_or_else(|| format!("--opponent {name:?}: expected self, random or perfect"))
    }

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
    pub all_positions: OverSeeds,
    /// Games until the greedy move follows the XOR rule in every position the first player
    /// can meet when it follows the XOR rule itself (the opponent playing anything), and
    /// keeps doing so.
    pub xor_lines: OverSeeds,
    /// Games until the first player's greedy policy cannot be beaten from the start (its
    /// exact exploitability is 0), and stays so at every later check. In Nim this is the
    /// same as following the XOR rule in every winning position reachable when the
    /// learner plays its greedy moves and the opponent plays anything: a single move to
    /// a nonzero nim-sum hands the opponent the win.
    pub unbeatable: OverSeeds,
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
                all_positions: OverSeeds { values: runs.iter().map(|r| r.0).collect() },
                unbeatable: OverSeeds { values: runs.iter().map(|r| r.1).collect() },
                xor_lines: OverSeeds { values: runs.iter().map(|r| r.3).collect() },
                end_agree: runs.iter().map(|r| r.2).collect(),
                stuck_at_start: runs.iter().map(|r| r.4).collect(),
            }
        })
        .collect()
}

type NimRun = (Option<usize>, Option<usize>, (usize, usize), Option<usize>, bool);

/// The positions the first player meets when it always moves to nim-sum 0 (any XOR move)
/// and the second player plays anything.
pub fn nim_xor_lines(game: &Nim) -> Vec<NimPos> {
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
        let ends = OverSeeds { values: r.end_agree.iter().map(|e| Some(e.0)).collect() };
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
        let list = |s: &OverSeeds| {
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

#[cfg(test)]
mod tests {

    #[test]
    fn nim_opponents_parse_by_their_names() {
        for o in [NimOpponent::SelfPlay, NimOpponent::Random, NimOpponent::Perfect] {
            assert_eq!(NimOpponent::parse(o.name()), Ok(o));
        }
        assert!(NimOpponent::parse("nobody").unwrap_err().contains("self, random or perfect"));
    }

    use super::*;

    #[test]
    fn the_xor_lines_are_winning_positions_of_the_first_player() {
        let game = Nim::default();
        let lines = nim_xor_lines(&game);
        assert!(lines.contains(&game.start()));
        assert!(lines.iter().all(|p| p.to_move == Side::First && p.nim_sum() != 0));
        // Counted by an independent Python search: tests/reference/nim_xor_lines.py.
        assert_eq!(lines.len(), 41);
    }
}
