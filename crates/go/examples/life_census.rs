//! What the life reader finds in recorded games, and whether the players took it: before
//! every move of each SGF, the enclosed groups read critical ([`life::enclosed_groups`],
//! read as the `--life` search reads them at its root), and whether the move played was
//! the one that decides such a group (the saving move of the mover's own group, the
//! killing move of the opponent's). Counted per player name, so that an A/B's two sides
//! can be told apart:
//!
//! ```text
//! cargo run --release -p menace-go --example life_census -- docs/ab/running/life-13x13/sgf/*.sgf
//! ```
//!
//! Prints one row per player: positions where it moved, those with a critical group, how
//! often it played a deciding move there, and the size (stones) of the groups it played
//! for, to see whether the reader's moves are big or small; and how many of its moves it
//! played inside the area of one of its own groups read dead, where by the reading no
//! move saves it (stones thrown away, unless the reading's bounds hide a way out: a ko, or
//! a wall captured from outside).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use menace_go::io::sgf;
use menace_go::rules::board::{Colour, Move};
use menace_go::search::life::{self, Life};

/// One player's counts.
#[derive(Default)]
struct Tally {
    positions: usize,
    critical: usize,
    decided: usize,
    /// Stones of each group whose deciding move the player played.
    stones: Vec<usize>,
    /// Moves played inside the area of one of the player's own groups read dead: moves
    /// that, by the reading, cannot save it there.
    into_dead: usize,
}

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: life_census SGF...");
        return ExitCode::FAILURE;
    }
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for f in &files {
        let game = match sgf::read_file(Path::new(f)) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("life_census: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut b = match game.position_before(Some(1)) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("life_census: {f}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (i, &mv) in game.moves.iter().enumerate() {
            let me = b.to_move();
            let name = if me == Colour::Black { &game.black } else { &game.white };
            let t = tallies.entry(name.clone()).or_default();
            t.positions += 1;
            let mut deciding = Vec::new();
            let mut into_dead = false;
            for e in life::enclosed_groups(&b) {
                let life = e.read(&b).life;
                if let Some(p) = life.deciding_move(e.area.owner(), me) {
                    deciding.push((p, b.group_stones(e.head).count()));
                } else if life == Life::Dead && e.area.owner() == me {
                    into_dead |= matches!(mv, Move::Play(p) if e.area.contains(p));
                }
            }
            t.into_dead += usize::from(into_dead);
            if !deciding.is_empty() {
                t.critical += 1;
                if let Move::Play(p) = mv {
                    let sizes: Vec<usize> =
                        deciding.iter().filter(|d| d.0 == p).map(|d| d.1).collect();
                    if !sizes.is_empty() {
                        t.decided += 1;
                        t.stones.push(sizes.iter().sum());
                    }
                }
            }
            if let Err(e) = b.play(mv) {
                eprintln!("life_census: {f}: move {} is illegal: {e:?}", i + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "player      positions  critical  played the deciding move  stones (median, max)  \
         into own dead"
    );
    for (name, t) in &mut tallies {
        t.stones.sort_unstable();
        let median = t.stones.get(t.stones.len() / 2).copied().unwrap_or(0);
        let max = t.stones.last().copied().unwrap_or(0);
        let pct = |a: usize, b: usize| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
        println!(
            "{name:<10} {:>10} {:>5} ({:>4.1}%) {:>8} ({:>5.1}% of critical) {:>9} {:>5} {:>14}",
            t.positions,
            t.critical,
            pct(t.critical, t.positions),
            t.decided,
            pct(t.decided, t.critical),
            median,
            max,
            t.into_dead
        );
    }
    ExitCode::SUCCESS
}
