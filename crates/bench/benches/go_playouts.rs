//! Playouts per second on 19x19, empty and mid-game, on one core and on two, the playouts
//! alone and the whole search; and the policy network's evaluations per second on each
//! kernel (the same bits on each: the wide one's worth is their ratio in one run).
//!
//! `cargo bench --bench go_playouts` (`-- policy_net` for the network alone). Each
//! iteration runs a batch of playouts (split over the threads) or one evaluation;
//! criterion reports the throughput in playouts or positions (elements) per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use menace_go::model::net::{Kernel, PolicyNet, Record};
use menace_go::model::pattern;
use menace_go::rules::board::{Board, Move, MAX_POINTS};
use menace_go::search::mcts::{self, SearchConfig};
use menace_go::search::playout;
use menace_go::search::tree::RootRules;
use menace_stats::rng::from_seed;

const BATCH: usize = 200;

/// A mid-game position: 120 moves of the playout policy from the empty board.
fn midgame() -> Board {
    let mut b = Board::new(19);
    let mut rng = from_seed(7);
    for _ in 0..120 {
        let m = playout::policy_move(&b, &mut rng, pattern::compiled());
        b.play_unchecked(m);
    }
    b
}

fn run_playouts(b: &Board, n: usize, seed: u64) -> i64 {
    let mut rng = from_seed(seed);
    let mut amaf = [0u8; MAX_POINTS];
    let mut total = 0i64;
    for _ in 0..n {
        let mut x = b.clone();
        amaf.fill(0);
        total += i64::from(playout::playout(&mut x, &mut rng, &mut amaf));
    }
    total
}

fn bench(c: &mut Criterion) {
    let positions = [("empty", Board::new(19)), ("midgame", midgame())];
    let mut g = c.benchmark_group("go_playouts_19x19");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.sample_size(10);
    for (name, b) in &positions {
        for threads in [1usize, 2] {
            g.bench_function(format!("{name}/{threads}-thread"), |bench| {
                bench.iter(|| {
                    std::thread::scope(|s| {
                        let hs: Vec<_> = (0..threads)
                            .map(|t| s.spawn(move || run_playouts(b, BATCH / threads, t as u64)))
                            .collect();
                        hs.into_iter().map(|h| h.join().unwrap()).sum::<i64>()
                    })
                })
            });
        }
    }
    // Whole search (tree + playouts), as the bot runs it.
    for (name, b) in &positions {
        for threads in [1usize, 2] {
            // The default profile, as `menace go` runs it. Its budget grows as the board
            // fills, so a batch of BATCH is more playouts in mid-game: count what it runs.
            let cfg = SearchConfig { playouts: BATCH, threads, ..SearchConfig::default() };
            let rules = RootRules { forbidden: vec![], allow_pass: false, wide: false };
            let ran = mcts::search(b, &cfg, &rules).playouts;
            g.throughput(Throughput::Elements(ran as u64));
            g.bench_function(format!("{name}/search-{threads}-thread"), |bench| {
                bench.iter(|| mcts::search(b, &cfg, &rules).playouts)
            });
        }
    }
    g.finish();
}

fn policy_net(c: &mut Criterion) {
    let net = PolicyNet::builtin();
    let mut g = c.benchmark_group("policy_net_19x19");
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    for (name, b) in [("empty", Board::new(19)), ("midgame", midgame())] {
        let rec = Record::of(&b, Move::Pass).expect("19x19");
        for kernel in [Kernel::Baseline, Kernel::Avx2].into_iter().filter(|k| k.available()) {
            g.bench_function(format!("{name}/{kernel:?}"), |bench| {
                bench.iter(|| net.logits_on(kernel, &rec))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench, policy_net);
criterion_main!(benches);
