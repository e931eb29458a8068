//! Learns the Go move models (`crates/go/data/patterns.bin`, and with `--large-patterns`
//! `crates/go/data/patterns-large.bin`) from professional games.
//!
//! ```text
//! cargo run --release -p menace-go-lab --example go_learn_patterns -- \
//!     --games /usr/share/goban --out crates/go/data/patterns.bin [--iterations 16]
//! cargo run --release -p menace-go-lab --example go_learn_patterns -- --games /usr/share/goban \
//!     --out crates/go/data/patterns-large.bin --iterations 12 --large-patterns 4
//! ```
//!
//! `--large-patterns K` first counts the large patterns ([`menace_go::model::large`]) of
//! the moves played in the training games and keeps those played at least `K` times as
//! the model's dictionary; every candidate then also has its largest known pattern as a
//! feature.
//!
//! Reads every `*.sgf` and `*.mgt` file (both are SGF) under `--games`, sorted by name,
//! keeps 19x19 games, holds out every tenth game (the 10th, 20th, ...) and learns on the
//! rest with [`menace_go_lab::mm`]. Prints the training log-likelihood after each round and
//! the move-prediction accuracy (top 1, 5, 10) on the held-out games and on the training
//! games, then writes the model atomically. Deterministic: the same files give the same
//! bytes.

use std::path::PathBuf;

use menace_go::io::sgf;
use menace_go::model::large::{PatternCounts, PatternDict, PatternSize};
use menace_go::model::move_model::MoveModel;
use menace_go_lab::mm::{self, Accuracy, Dataset};
use menace_go_lab::policy;

fn main() {
    let mut games = PathBuf::from("/usr/share/goban");
    let mut out = PathBuf::from("crates/go/data/patterns.bin");
    let mut iterations = 16usize;
    let mut min_count: Option<u32> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--games" => games = v.into(),
            "--out" => out = v.into(),
            "--iterations" => iterations = v.parse().expect("--iterations: a number"),
            "--large-patterns" => {
                min_count = Some(v.parse().expect("--large-patterns: a count of 1 or more"))
            }
            _ => panic!("unknown flag {a}"),
        }
    }
    let split = policy::split_games(&games).unwrap_or_else(|e| panic!("{e}"));
    let (train, test, files, refused) = (split.train, split.test, split.files, split.refused);
    let mut data = match min_count {
        None => Dataset::default(),
        Some(k) => {
            let mut counts = PatternCounts::new();
            for g in &train {
                mm::count_patterns(&mut counts, g.size, &g.handicap, &g.moves);
            }
            let dict =
                PatternDict::from_counts(&counts, k.max(1)).unwrap_or_else(|e| panic!("{e}"));
            println!(
                "large patterns: {} distinct played, {} played at least {k} times",
                counts.len(),
                dict.len()
            );
            for size in PatternSize::ALL {
                let seen = counts.keys().filter(|x| x.0 == size).count();
                let kept = dict.keys().iter().filter(|x| x.0 == size).count();
                println!(
                    "  size {:2} ({:2} points): {seen:6} distinct, {kept:6} kept",
                    size.distance(),
                    size.points()
                );
            }
            Dataset::with_large_patterns(dict)
        }
    };
    let mut train_moves = 0;
    for g in &train {
        train_moves += mm::add_game(&mut data, g.size, &g.handicap, &g.moves);
    }
    println!(
        "{} files, {} refused; training on {} games ({} moves, {} features, {} teams), \
         holding out {}",
        files,
        refused,
        train.len(),
        train_moves,
        data.features(),
        data.teams(),
        test.len()
    );
    let model = mm::train(&data, iterations, |round, ll| {
        println!("round {round}: log-likelihood per move {ll:.4}");
    });
    drop(data);
    let score = |gs: &[sgf::SgfGame]| {
        let mut acc = Accuracy::default();
        for g in gs {
            mm::replay(g.size, &g.handicap, &g.moves, |b, m| acc.add(&model, b, m));
        }
        acc
    };
    for (name, gs) in
        [("held-out", &test[..]), ("training (first 60 games)", &train[..60.min(train.len())])]
    {
        println!("{name}: {}", score(gs));
    }
    let bytes = model.to_bytes();
    menace_files::write_atomic(&out, &bytes).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    let patterns = model.large_patterns().map_or(0, |d| d.len());
    println!(
        "wrote {} ({} gammas other than 1, {patterns} large patterns, {} bytes)",
        out.display(),
        model.entries().len(),
        bytes.len()
    );
    let _ = MoveModel::from_bytes(&bytes).expect("round trip");
}
