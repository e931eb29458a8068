//! Cost of the prisoner's-dilemma judge with built-in players: a whole game of the
//! published field plus contender, and contender's decision on a late-round input
//! (the most expensive built-in: it re-reads the whole history every round).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use menace_pd::format::View;
use menace_pd::judge::{play, shuffled_ids, Config, Player};
use menace_pd::seeds::generate;
use menace_pd::strategies::{contender, PUBLISHED_FIELD};

fn bench(c: &mut Criterion) {
    let players: Vec<Player> = PUBLISHED_FIELD
        .iter()
        .chain(["contender"].iter())
        .map(|n| Player::parse(n).unwrap())
        .collect();
    let ids = shuffled_ids(players.len(), 1);
    let seeds = generate(1, 350);
    let config = Config::default();
    c.bench_function("pd: published field + contender, one 350-round game", |b| {
        b.iter(|| play(black_box(&players), &ids, &seeds, &config).unwrap())
    });

    let game = play(&players, &ids, &seeds, &config).unwrap();
    let me = ids[players.len() - 1];
    let view =
        View { players: 14, id: me, history: &game.history[..348], seed: seeds[348], state: None };
    c.bench_function("pd: contender's answer in round 349 of 350", |b| {
        b.iter(|| contender(black_box(&view)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
