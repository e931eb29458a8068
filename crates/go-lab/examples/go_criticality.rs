//! The most critical points of a recorded position: where owning a point goes with winning,
//! over our playouts from it (`menace_go::search::criticality`).
//!
//! ```text
//! cargo run --release -p menace-go-lab --example go_criticality -- SGF MOVE \
//!     [--playouts 20000] [--seed 1] [--top 12] [--show D18,H14,...]
//! ```
//!
//! Plays `--playouts` playouts (ours, as the search plays them, from one generator seeded
//! by `--seed`) from the position before move MOVE (1-based) of the game, and prints
//! black's share of their wins, then the `--top` most critical empty points and every
//! point of `--show`, each with its rank among the empty points, its criticality and
//! black's mean ownership of it (an occupied point of `--show` is not ranked). The same arguments print the same lines on any machine.

use std::path::PathBuf;

use menace_go::io::{sgf, vertex};
use menace_go::rules::board::{Move, MAX_POINTS};
use menace_go::search::criticality::Criticality;
use menace_go::search::playout;

const USAGE: &str =
    "usage: go_criticality SGF MOVE [--playouts N] [--seed N] [--top N] [--show V,V,...]";

fn main() {
    if let Err(e) = run() {
        eprintln!("go_criticality: {e}\n{USAGE}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut playouts, mut seed, mut top) = (20_000u32, 1u64, 12usize);
    let mut show: Vec<String> = Vec::new();
    let mut fixed: Vec<String> = Vec::new();
    while let Some(a) = args.next() {
        if a == "--help" || a == "-h" {
            println!("{USAGE}");
            return Ok(());
        }
        if !a.starts_with("--") {
            fixed.push(a);
            continue;
        }
        let v = args.next().ok_or_else(|| format!("{a} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{a} {v}: {e}");
        match a.as_str() {
            "--playouts" => playouts = v.parse().map_err(|e| bad(&e))?,
            "--seed" => seed = v.parse().map_err(|e| bad(&e))?,
            "--top" => top = v.parse().map_err(|e| bad(&e))?,
            "--show" => show = v.split(',').map(|s| s.trim().to_uppercase()).collect(),
            _ => return Err(format!("unknown flag {a}")),
        }
    }
    let [game, before] = fixed.as_slice() else {
        return Err("give a game and a move number".into());
    };
    let game = sgf::read_file(&PathBuf::from(game))?;
    let before: usize = before.parse().map_err(|e| format!("MOVE {before}: {e}"))?;
    let start = game.position_before(Some(before))?;
    for v in &show {
        vertex::parse_vertex(&start, v).map_err(|e| format!("--show {v}: {e}"))?;
    }
    if playouts == 0 {
        return Err("--playouts must be at least 1".into());
    }
    let mut rng = menace_stats::rng::from_seed(seed);
    let mut crit = Criticality::new();
    for _ in 0..playouts {
        let mut b = start.clone();
        playout::play_out(&mut b, &mut rng, &mut [0u8; MAX_POINTS]);
        crit.add(&b, game.komi);
    }
    let ranked = crit.ranked(&start);
    let black_wins = crit.black_wins().unwrap_or(0.0);
    println!(
        "before move {before}: black wins {:.1}% of {playouts} playouts; {} empty points",
        100.0 * black_wins,
        ranked.len()
    );
    println!("rank  point  criticality  black owns");
    for (i, &(p, c)) in ranked.iter().enumerate() {
        let name = vertex::format_vertex(&start, Move::Play(p));
        if i < top || show.contains(&name) {
            let owned = crit.owned(p).unwrap_or(0.0);
            println!("{:4}  {name:>5}  {c:11.4}  {owned:+10.2}", i + 1);
        }
    }
    Ok(())
}
