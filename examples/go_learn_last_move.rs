//! Learns the king-of-the-hill bot's guess of the last move
//! (`crates/go/data/last-move.bin`, [`menace::go::last_move`]) from professional games.
//!
//! ```text
//! cargo run --release --example go_learn_last_move -- \
//!     --games /usr/share/goban --out crates/go/data/last-move.bin [--iterations 12] \
//!     [--check docs/games/koth-19x19-level10-v4/sgf]
//! ```
//!
//! Reads the games as `go_learn_patterns` does (every `*.sgf` and `*.mgt` under `--games`,
//! sorted by name, 19x19 only, every tenth file held out). In each position after move 10
//! that follows a stone being played, the mover's stones compete to be the last move and
//! the stone just played wins; the features are [`menace::go::last_move::features`],
//! fitted by minorization-maximization. Prints how often the guess is the real last move
//! (first, in the first 3, in the first 5) on the held-out games, on training games, on
//! the games under `--check` (e.g. our bot's against GNU Go), and what guessing a random
//! stone of the mover would score; then writes the model atomically. Deterministic.

use std::path::{Path, PathBuf};

use menace::go::board::{Board, Move, Point};
use menace::go::last_move;
use menace::go::mm::{self, Dataset};
use menace::go::move_model::MoveModel;
use menace::go::sgf;

/// Calls `f` with the board after each stone played from move 11 on, and that stone.
fn positions(g: &sgf::SgfGame, mut f: impl FnMut(&Board, Point)) {
    let mut k = 0;
    mm::replay(g.size, &g.handicap, &g.moves, |b, m| {
        k += 1;
        if let (Move::Play(p), true) = (m, k > 10) {
            let mut after = b.clone();
            after.play_unchecked(m);
            f(&after, p);
        }
    });
}

fn read_games(dir: &Path) -> Vec<sgf::SgfGame> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf" || x == "mgt"))
        .collect();
    files.sort();
    files
        .iter()
        .filter_map(|f| {
            let text = String::from_utf8_lossy(&std::fs::read(f).ok()?).into_owned();
            sgf::read(&text).ok().filter(|g| g.size == 19)
        })
        .collect()
}

fn report(name: &str, model: &MoveModel, games: &[sgf::SgfGame]) {
    let (mut n, mut top) = (0u64, [0u64; 3]);
    let mut random = 0f64;
    // Calibration: by the guess's share of the total strength, positions and hits.
    let mut by_share = [(0u64, 0u64); 5];
    for g in games {
        positions(g, |b, p| {
            let ranked = last_move::ranked(b, model);
            let at = ranked.iter().position(|&(q, _)| q == p).unwrap_or(usize::MAX);
            n += 1;
            for (i, k) in [1, 3, 5].into_iter().enumerate() {
                top[i] += u64::from(at < k);
            }
            random += 1.0 / ranked.len().max(1) as f64;
            let total: f32 = ranked.iter().map(|r| r.1).sum();
            if let Some(&(_, s)) = ranked.first() {
                let bin = ((5.0 * s / total) as usize).min(4);
                by_share[bin].0 += 1;
                by_share[bin].1 += u64::from(at == 0);
            }
        });
    }
    let pct = |k: f64| 100.0 * k / n.max(1) as f64;
    println!(
        "{name}: {n} positions, top-1 {:.1}%, top-3 {:.1}%, top-5 {:.1}% (a random stone: {:.1}%)",
        pct(top[0] as f64),
        pct(top[1] as f64),
        pct(top[2] as f64),
        pct(random)
    );
    for (i, (k, hit)) in by_share.iter().enumerate() {
        println!(
            "  guess's share {:.1} to {:.1}: {k} positions, right in {:.1}%",
            i as f64 / 5.0,
            (i + 1) as f64 / 5.0,
            100.0 * *hit as f64 / (*k).max(1) as f64
        );
    }
}

fn main() {
    let mut games = PathBuf::from("/usr/share/goban");
    let mut out = PathBuf::from("crates/go/data/last-move.bin");
    let mut iterations = 12usize;
    let mut check = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--games" => games = v.into(),
            "--out" => out = v.into(),
            "--iterations" => iterations = v.parse().expect("--iterations: a number"),
            "--check" => check.push(PathBuf::from(v)),
            _ => panic!("unknown flag {a}"),
        }
    }
    let all = read_games(&games);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, g) in all.into_iter().enumerate() {
        if i % 10 == 9 {
            test.push(g)
        } else {
            train.push(g)
        }
    }
    let mut data = Dataset::default();
    for g in &train {
        positions(g, |b, p| {
            let (points, feats) = last_move::candidates(b);
            let chosen = points.iter().position(|&q| q == p).expect("the stone just played");
            data.add(&feats, chosen);
        });
    }
    println!(
        "training on {} games ({} positions, {} features), holding out {}",
        train.len(),
        data.positions(),
        data.features(),
        test.len()
    );
    let model = mm::train(&data, iterations, |round, ll| {
        println!("round {round}: log-likelihood per position {ll:.4}");
    });
    drop(data);
    report("held-out", &model, &test);
    report("training (first 60 games)", &model, &train[..60.min(train.len())]);
    for dir in &check {
        report(&dir.display().to_string(), &model, &read_games(dir));
    }
    let bytes = model.to_bytes();
    menace::files::write_atomic(&out, &bytes).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    println!("wrote {} ({} entries, {} bytes)", out.display(), model.entries().len(), bytes.len());
    let _ = MoveModel::from_bytes(&bytes).expect("round trip");
}
