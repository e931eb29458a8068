//! The tic-tac-toe hot loop plays the same games as the generic loop, draw for draw:
//! same results, same beads afterwards, same generator state, under every bead rule.

use menace_core::game::{Game, Outcome, Side};
use menace_core::learn::train::{train, Opponent, Plan, Tally};
use menace_core::learn::{play, Random};
use menace_core::menace::{BeadRules, EmptyBox, GameResult, Matchboxes, PRESETS};
use menace_core::ttt::TicTacToe;
use menace_stats::rng::RngCore;
use menace_stats::rng::{from_seed, GameRng};

/// The generic loop: `play` between the machine and `Random`, counting results.
fn generic(m: &mut Matchboxes<TicTacToe>, games: u64, rng: &mut GameRng) -> Tally {
    let mut tally = Tally::default();
    for _ in 0..games {
        let outcome = match m.side() {
            Side::First => play(&TicTacToe, m, &mut Random::default(), rng),
            Side::Second => play(&TicTacToe, &mut Random::default(), m, rng),
        };
        tally.add(GameResult::for_side(outcome, m.side()));
    }
    tally
}

fn assert_same(a: &Matchboxes<TicTacToe>, b: &Matchboxes<TicTacToe>, ra: &GameRng, rb: &GameRng) {
    assert_eq!(a.len(), b.len());
    for i in 0..a.len() {
        assert_eq!(a.beads(i), b.beads(i), "box {i}");
    }
    assert_eq!(ra.clone().next_u64(), rb.clone().next_u64(), "generator state");
}

/// Bead rules that send boxes empty often, so the refill and resign paths run.
fn harsh(empty: EmptyBox) -> BeadRules {
    BeadRules {
        initial: vec![1, 1, 1, 1],
        win: 1,
        draw: 0,
        loss: -4,
        empty,
        ..BeadRules::challenge()
    }
}

fn every_rule() -> Vec<(String, BeadRules)> {
    let mut rules: Vec<(String, BeadRules)> =
        PRESETS.iter().map(|p| (p.name.to_string(), (p.rules)())).collect();
    rules.push(("harsh refill:1".into(), harsh(EmptyBox::Refill(1))));
    rules.push(("harsh resign".into(), harsh(EmptyBox::Resign)));
    let classes = menace_core::menace::BeadColours::PerSymmetryClass;
    rules.push((
        "scroggs, symmetry classes".into(),
        BeadRules { colours: classes, ..BeadRules::scroggs() },
    ));
    rules.push((
        "harsh resign, symmetry classes".into(),
        BeadRules { colours: classes, ..harsh(EmptyBox::Resign) },
    ));
    rules
}

#[test]
fn the_hot_loop_plays_the_generic_games_under_every_rule() {
    for (name, rules) in every_rule() {
        for seed in 1..=3 {
            let mut hot = Matchboxes::new(TicTacToe, Side::First, rules.clone());
            let mut reference = hot.clone();
            let (mut rh, mut rr) = (from_seed(seed), from_seed(seed));
            // Uneven blocks, so that block edges fall mid-run.
            for block in [1, 2, 7, 100, 3_000, 20_000] {
                let a = hot.train_against_random(block, &mut rh);
                let b = generic(&mut reference, block, &mut rr);
                assert_eq!(a, b, "{name}, seed {seed}, block {block}");
                assert_same(&hot, &reference, &rh, &rr);
            }
            // Something happened: the beads moved away from the start.
            let fresh = Matchboxes::new(TicTacToe, Side::First, rules.clone());
            assert_ne!(hot.beads(0), fresh.beads(0), "{name}");
        }
    }
}

#[test]
fn harsh_rules_do_reach_empty_boxes() {
    // Guards the test above: its harsh rules must exercise the empty-box paths.
    for empty in [EmptyBox::Refill(1), EmptyBox::Resign] {
        let mut m = Matchboxes::new(TicTacToe, Side::First, harsh(empty));
        let mut rng = from_seed(5);
        let mut saw_empty = false;
        for _ in 0..2_000 {
            m.train_against_random(1, &mut rng);
            saw_empty |= (0..m.len()).any(|b| m.beads(b).iter().all(|&n| n == 0));
        }
        assert!(saw_empty, "{empty}");
    }
}

#[test]
fn the_general_cases_fall_back_to_the_generic_loop() {
    // Playing O.
    let mut hot = Matchboxes::new(TicTacToe, Side::Second, BeadRules::challenge());
    let mut reference = hot.clone();
    let (mut rh, mut rr) = (from_seed(9), from_seed(9));
    assert_eq!(hot.train_against_random(5_000, &mut rh), generic(&mut reference, 5_000, &mut rr));
    assert_same(&hot, &reference, &rh, &rr);

    // A bead already out (a game in progress): it must be settled by the next game's end,
    // exactly as the generic loop does.
    let mut hot = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    let (mut rh, mut rr) = (from_seed(4), from_seed(4));
    hot.choose(TicTacToe.start(), &mut rh);
    let mut reference = hot.clone();
    rr.clone_from(&rh);
    assert_eq!(hot.train_against_random(300, &mut rh), generic(&mut reference, 300, &mut rr));
    assert_same(&hot, &reference, &rh, &rr);
}

#[test]
fn train_against_random_matches_the_game_by_game_loop() {
    // `train` takes the hot loop for MENACE-vs-random without per-game checks; its
    // summary must be what the generic loop gives, including the last loss and the curve.
    let rules = BeadRules::challenge();
    let mut machine = Matchboxes::new(TicTacToe, Side::First, rules.clone());
    let mut opponent =
        Opponent::built_in(&"random".parse().unwrap(), &TicTacToe, Side::Second, &rules).unwrap();
    let plan = Plan { games: 25_000, every: 1_000, check_every: 0, stop_when_unbeatable: false };
    let mut progress = Vec::new();
    let summary = train(
        &TicTacToe,
        &mut machine,
        Side::First,
        &mut opponent,
        &plan,
        &mut from_seed(3),
        |n| progress.push(n),
    );

    let mut reference = Matchboxes::new(TicTacToe, Side::First, rules);
    let mut rng = from_seed(3);
    let (mut tally, mut last_loss, mut window, mut windows) =
        (Tally::default(), None, Tally::default(), Vec::new());
    for n in 1..=plan.games {
        let outcome = play(&TicTacToe, &mut reference, &mut Random::default(), &mut rng);
        let r = GameResult::for_side(outcome, Side::First);
        tally.add(r);
        window.add(r);
        if outcome == Outcome::Win(Side::Second) {
            last_loss = Some(n);
        }
        if n % plan.every == 0 {
            windows.push(std::mem::take(&mut window));
        }
    }
    assert_eq!(summary.games, plan.games);
    assert_eq!(summary.tally, tally);
    assert_eq!(summary.last_loss, last_loss);
    assert_eq!(progress, (1..=plan.games).collect::<Vec<_>>());
    assert_eq!(summary.curve.len(), windows.len());
    for (point, w) in summary.curve.iter().zip(&windows) {
        assert_eq!(point.win, w.win as f64 / w.games() as f64);
        assert_eq!(point.loss, w.loss as f64 / w.games() as f64);
    }
    for b in 0..machine.len() {
        assert_eq!(machine.beads(b), reference.beads(b));
    }
}
