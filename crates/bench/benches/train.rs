//! Training speed: MENACE (challenge rules) learning against the random opponent.
//! `cargo bench --bench train`; `menace bench` prints the same figures as games/s.
//!
//! Two loops that play the same games draw for draw: the tic-tac-toe hot loop
//! (`Matchboxes::train_against_random`, what `menace train --opponent random` runs) and
//! the generic loop (`learn::play`, which serves every game and player).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use menace_core::game::Side;
use menace_core::learn::train::train_fast;
use menace_core::learn::Random;
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_stats::rng::from_seed;

fn training(c: &mut Criterion) {
    const GAMES: u64 = 100_000;
    let mut group = c.benchmark_group("train");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("hot_loop_vs_random_100k_games", |b| {
        let mut learner = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
        let mut rng = from_seed(1);
        b.iter(|| learner.train_against_random(GAMES, &mut rng));
    });
    group.bench_function("generic_loop_vs_random_100k_games", |b| {
        let mut learner = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
        let mut rng = from_seed(1);
        b.iter(|| train_fast(&TicTacToe, &mut learner, &mut Random::default(), GAMES, &mut rng));
    });
    group.finish();
}

criterion_group!(benches, training);
criterion_main!(benches);
