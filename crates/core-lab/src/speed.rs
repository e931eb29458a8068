//! `menace bench`: how fast MENACE (challenge rules) learns against the random opponent
//! on one core, in training games per second, over timed runs from fresh machines.

use std::time::Instant;

use menace_core::game::Side;
use menace_core::learn::train::train_fast;
use menace_core::learn::Random;
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;
use menace_stats::rng::from_seed;

/// Times `runs` runs (at least one) of `games` games each, run `r` (from 0) from a fresh
/// machine and seed `seed + r`: the tic-tac-toe hot loop that `menace train --opponent
/// random` uses, or with `generic` the generic loop (`learn::play`; the same games, draw
/// for draw). `each` gets a line per run as it ends; the answer is the closing line,
/// the median and range of the rates.
pub fn measure(
    games: u64,
    runs: u32,
    seed: u64,
    generic: bool,
    mut each: impl FnMut(&str),
) -> String {
    let which = if generic { "generic loop" } else { "hot loop" };
    let mut rates = Vec::new();
    for run in 0..runs.max(1) {
        let mut learner = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
        let mut rng = from_seed(seed + u64::from(run));
        let start = Instant::now();
        let tally = if generic {
            train_fast(&TicTacToe, &mut learner, &mut Random::default(), games, &mut rng)
        } else {
            learner.train_against_random(games, &mut rng)
        };
        let secs = start.elapsed().as_secs_f64();
        let rate = games as f64 / secs;
        each(&format!(
            "run {} (seed {}): {} games against random in {secs:.3} s = {:.2} million games/s (won {}, drew {}, lost {})",
            run + 1,
            seed + u64::from(run),
            games,
            rate / 1e6,
            tally.win,
            tally.draw,
            tally.loss
        ));
        rates.push(rate);
    }
    let median = menace_stats::stats::median(&rates).unwrap_or(0.0);
    rates.sort_by(f64::total_cmp);
    format!(
        "{which}: median {:.2} million training games/s on one core (range {:.2} to {:.2} over {} runs)",
        median / 1e6,
        rates[0] / 1e6,
        rates[rates.len() - 1] / 1e6,
        rates.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_loops_play_the_same_games_and_report_every_run() {
        let mut lines = Vec::new();
        let hot = measure(300, 2, 5, false, |l| lines.push(l.to_string()));
        let generic = measure(300, 0, 5, true, |l| lines.push(l.to_string()));
        assert!(hot.starts_with("hot loop: median") && hot.ends_with("over 2 runs)"), "{hot}");
        assert!(generic.starts_with("generic loop: median") && generic.ends_with("over 1 runs)"));
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[1].starts_with("run 2 (seed 6): 300 games against random"), "{lines:?}");
        // Draw for draw: the same tally from seed 5 in either loop.
        let tally = |l: &str| l[l.find("(won").unwrap()..].to_string();
        assert_eq!(tally(&lines[0]), tally(&lines[2]));
    }
}
