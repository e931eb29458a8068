//! MENACE playing second (O), Scroggs's second machine: it learns to hold perfect play to
//! a draw, and the exploiter finds no way through a trained one. (Its boxes are checked
//! against an independent walk in `matchboxes.rs`, its states in `state.rs`, its
//! fallback from the X-only hot loop in `hot_loop.rs`.)

use menace_core::game::{Outcome, Side};
use menace_core::learn::eval::report;
use menace_core::learn::play;
use menace_core::learn::train::{train, Opponent, OpponentSpec, Plan};
use menace_core::menace::{BeadRules, GameResult, Matchboxes};
use menace_core::solve::Solver;
use menace_core::ttt::TicTacToe;
use menace_stats::rng::from_seed;

/// O trained `games` games against `spec` from `seed` under the challenge's rules.
fn trained_o(spec: &str, games: u64, seed: u64) -> Matchboxes<TicTacToe> {
    let rules = BeadRules::challenge();
    let mut m = Matchboxes::new(TicTacToe, Side::Second, rules.clone());
    let spec: OpponentSpec = spec.parse().unwrap();
    let mut opp = Opponent::built_in(&spec, &TicTacToe, Side::First, &rules).unwrap();
    let plan = Plan { games, every: 0, check_every: 0, stop_when_unbeatable: false };
    let summary =
        train(&TicTacToe, &mut m, Side::Second, &mut opp, &plan, &mut from_seed(seed), |_| {});
    assert_eq!(summary.games, games);
    m
}

#[test]
fn a_fresh_o_loses_to_perfect_play_and_a_trained_one_always_draws() {
    let fresh = Matchboxes::new(TicTacToe, Side::Second, BeadRules::challenge());
    let before = report(&TicTacToe, &fresh, Side::Second, &mut Solver::new(TicTacToe));
    assert!(before.vs_perfect.loss > 0.9, "{before:?}");

    let mut m = trained_o("perfect", 20_000, 1);
    let after = report(&TicTacToe, &m, Side::Second, &mut Solver::new(TicTacToe));
    assert_eq!(after.vs_perfect.loss, 0.0, "{after:?}");
    assert_eq!(after.vs_perfect.win, 0.0, "perfect play never loses");

    // And in play: X opens every game, perfect X against the trained O, all drawn.
    let rules = BeadRules::challenge();
    let mut perfect =
        Opponent::built_in(&OpponentSpec::Perfect, &TicTacToe, Side::First, &rules).unwrap();
    let mut rng = from_seed(77);
    for _ in 0..200 {
        assert_eq!(play(&TicTacToe, &mut perfect, &mut m, &mut rng), Outcome::Draw);
    }
}

#[test]
fn a_trained_o_leaves_the_exploiter_nothing_to_exploit_greedily() {
    let m = trained_o("exploiter", 3000, 2);
    let r = report(&TicTacToe, &m, Side::Second, &mut Solver::new(TicTacToe));
    assert_eq!(r.greedy_exploitability, 0.0, "{r:?}");
    assert_eq!(r.vs_perfect.loss, 0.0, "{r:?}");
}

#[test]
fn o_learns_from_its_results_not_x_s() {
    // One game O surely loses: its drawn beads go down, as a loss's reward says.
    let mut m = Matchboxes::new(TicTacToe, Side::Second, BeadRules::challenge());
    let total = |m: &Matchboxes<TicTacToe>| -> u64 {
        (0..m.len()).map(|b| m.beads(b).iter().map(|&n| u64::from(n)).sum::<u64>()).sum()
    };
    let before = total(&m);
    let rules = BeadRules::challenge();
    let mut perfect =
        Opponent::built_in(&OpponentSpec::Perfect, &TicTacToe, Side::First, &rules).unwrap();
    let mut rng = from_seed(3);
    let mut losses = 0;
    for _ in 0..20 {
        let o = play(&TicTacToe, &mut perfect, &mut m, &mut rng);
        losses += u64::from(GameResult::for_side(o, Side::Second) == GameResult::Loss);
    }
    assert!(losses > 0);
    assert!(total(&m) < before, "losses take beads away from O's boxes");
}
