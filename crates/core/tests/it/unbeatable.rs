//! The incremental "greedy policy unbeatable" check of `train` gives the answers of an
//! exact evaluation after every checked game, for many seeds, every preset and every
//! built-in opponent (including the exploiter and a second MENACE).
//!
//! The reference below is written out independently of `train`: it plays each game
//! with the generic `play` and runs `outcome_odds` (greedy, best response) after every
//! checked game, as `train` did before the check became incremental.

use menace_core::game::{Game, GameResult, Side};
use menace_core::hexapawn::Hexapawn;
use menace_core::learn::eval::{outcome_odds, Model, Version};
use menace_core::learn::play;
use menace_core::learn::train::{train, Opponent, OpponentSpec, Plan, Summary};
use menace_core::learn::unbeatable::UnbeatableWatch;
use menace_core::menace::{BeadRules, Matchboxes, PRESETS};
use menace_core::nim::Nim;
use menace_core::ttt::TicTacToe;
use menace_stats::rng::from_seed;

/// What the per-game check reports: (last loss, unbeatable after, unbeatable since,
/// tally, games, the answer after each checked game).
type Marks = (Option<u64>, Option<u64>, Option<u64>, (u64, u64, u64), u64);

fn marks(s: &Summary) -> Marks {
    (
        s.last_loss,
        s.unbeatable_after,
        s.unbeatable_since,
        (s.tally.win, s.tally.draw, s.tally.loss),
        s.games,
    )
}

/// The per-game reference: every `check_every` games, an exact evaluation.
fn reference<G: Game + Clone>(
    game: &G,
    side: Side,
    rules: &BeadRules,
    spec: &OpponentSpec,
    plan: &Plan,
    seed: u64,
) -> (Marks, Vec<bool>) {
    let mut m = Matchboxes::new(game.clone(), side, rules.clone());
    let mut opp = Opponent::built_in(spec, game, side.other(), rules).unwrap();
    let mut rng = from_seed(seed);
    let (mut last_loss, mut after, mut since) = (None, None, None);
    let mut tally = (0, 0, 0);
    let mut answers = Vec::new();
    let mut n = 0;
    while n < plan.games {
        n += 1;
        if let Opponent::Exploiter(e) = &mut opp {
            e.prepare(game, &m, side);
        }
        let outcome = match side {
            Side::First => play(game, &mut m, &mut opp, &mut rng),
            Side::Second => play(game, &mut opp, &mut m, &mut rng),
        };
        match GameResult::for_side(outcome, side) {
            GameResult::Win => tally.0 += 1,
            GameResult::Draw => tally.1 += 1,
            GameResult::Loss => {
                tally.2 += 1;
                last_loss = Some(n);
            }
        }
        if plan.check_every > 0 && n % plan.check_every == 0 {
            let greedy = outcome_odds(game, &m, side, Version::Greedy, Model::BestResponse).loss;
            answers.push(greedy == 0.0);
            if greedy == 0.0 {
                after.get_or_insert(n);
                since.get_or_insert(n);
                if plan.stop_when_unbeatable {
                    break;
                }
            } else {
                since = None;
            }
        }
    }
    ((last_loss, after, since, tally, n), answers)
}

fn compare<G: Game + Clone>(game: &G, side: Side, spec: &str, games: u64, seeds: u64) -> usize {
    let spec: OpponentSpec = spec.parse().unwrap();
    let mut flips = 0;
    for preset in PRESETS {
        let rules = (preset.rules)();
        for seed in 0..seeds {
            for (check_every, stop) in [(1, false), (3, false), (1, true)] {
                let plan = Plan { games, every: 0, check_every, stop_when_unbeatable: stop };
                let (want, answers) = reference(game, side, &rules, &spec, &plan, seed);
                let mut m = Matchboxes::new(game.clone(), side, rules.clone());
                let mut opp = Opponent::built_in(&spec, game, side.other(), &rules).unwrap();
                let got = train(game, &mut m, side, &mut opp, &plan, &mut from_seed(seed), |_| {});
                assert_eq!(
                    marks(&got),
                    want,
                    "{} {spec} seed {seed} check every {check_every} stop {stop}",
                    preset.name
                );
                flips += answers.windows(2).filter(|w| w[0] != w[1]).count();
            }
        }
    }
    flips
}

#[test]
fn random_opponent_as_x_on_the_hot_loop() {
    let flips = compare(&TicTacToe, Side::First, "random", 1200, 4);
    // The answer changes during these runs, so a stale cache would be caught.
    assert!(flips > 0);
}

#[test]
fn random_opponent_with_curve_points_between_checks() {
    // Curve points split the hot loop into blocks; checks must carry across them.
    let spec = OpponentSpec::Random;
    for seed in 0..4 {
        let rules = BeadRules::challenge();
        let plan = Plan { games: 900, every: 7, check_every: 2, stop_when_unbeatable: false };
        let (want, _) = reference(&TicTacToe, Side::First, &rules, &spec, &plan, seed);
        let mut m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
        let mut opp = Opponent::built_in(&spec, &TicTacToe, Side::Second, &rules).unwrap();
        let got =
            train(&TicTacToe, &mut m, Side::First, &mut opp, &plan, &mut from_seed(seed), |_| {});
        assert_eq!(marks(&got), want, "seed {seed}");
    }
}

#[test]
fn random_opponent_as_o() {
    compare(&TicTacToe, Side::Second, "random", 400, 3);
}

#[test]
fn perfect_and_mixed_opponents() {
    compare(&TicTacToe, Side::First, "perfect", 300, 3);
    compare(&TicTacToe, Side::First, "mixed:0.3", 400, 3);
}

#[test]
fn exploiter_opponent() {
    let flips = compare(&TicTacToe, Side::First, "exploiter", 250, 2);
    assert!(flips > 0);
}

#[test]
fn menace_opponent() {
    compare(&TicTacToe, Side::First, "menace", 400, 3);
}

#[test]
fn other_games() {
    compare(&Nim::new(&[1, 3, 5]).unwrap(), Side::First, "random", 300, 3);
    compare(&Hexapawn, Side::First, "random", 300, 3);
    compare(&Hexapawn, Side::Second, "mixed:0.5", 300, 3);
}

#[test]
fn only_a_change_of_most_beaded_moves_in_a_box_met_calls_for_a_new_evaluation() {
    let mut m = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    m.train_against_random(3_000, &mut from_seed(5));
    let mut watch = UnbeatableWatch::new();
    assert_eq!(watch.cached(), None);
    let answer = watch.unbeatable(&TicTacToe, &m, Side::First);
    assert_eq!(watch.cached(), Some(answer));
    assert_eq!(watch.evaluations(), 1);

    // The first box is always met. More beads on a move that stays below the top: the
    // greedy policy is the same, and so is the answer.
    let first = 0;
    let beads = m.beads(first).to_vec();
    let top = *beads.iter().max().unwrap();
    let (low, _) = beads
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0 && n + 1 < top)
        .min_by_key(|(_, &n)| n)
        .expect("a low move");
    let mut more = beads.clone();
    more[low] += 1;
    m.set_beads(first, &more).unwrap();
    watch.any_changed(&m);
    assert_eq!(watch.cached(), Some(answer));

    // Raising it to the top ties it with the best: the greedy policy changes.
    more[low] = top;
    m.set_beads(first, &more).unwrap();
    watch.any_changed(&m);
    assert_eq!(watch.cached(), None);
    let again = watch.unbeatable(&TicTacToe, &m, Side::First);
    assert_eq!(watch.evaluations(), 2);
    let exact = outcome_odds(&TicTacToe, &m, Side::First, Version::Greedy, Model::BestResponse);
    assert_eq!(again, exact.loss == 0.0);
}
