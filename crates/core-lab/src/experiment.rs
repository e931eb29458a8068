//! `menace experiment NAME`: the measurements of issue 4 ([`nim_xor`](crate::nim_xor),
//! [`hexapawn`](crate::hexapawn), [`textbook`](crate::textbook)), one call from the
//! command line's settings to the lines of its table.

use crate::hexapawn::{format_hexapawn, hexapawn, hexapawn_boxes, HexapawnConfig};
use crate::nim_xor::{format_nim_xor, nim_xor, NimOpponent, NimXorConfig};
use crate::textbook::{format_textbook, textbook, TextbookConfig};
use menace_core::learn::Learners;
use menace_core::nim::Nim;

/// Which experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    /// Nim self-play: games until the first player's greedy moves follow the XOR rule.
    NimXor,
    /// Hexapawn on the winning side: games until it stops losing.
    Hexapawn,
    /// The weighted learner as X against random, next to MENACE.
    Textbook,
}

/// The settings of one experiment, as `menace experiment`'s flags give them.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Runs, each a different seed (1 to 10,000).
    pub seeds: usize,
    /// The first seed; run i uses seed + i.
    pub seed: u64,
    /// Games per run (default 20,000 for nim-xor and hexapawn, 50,000 for textbook).
    pub games: Option<usize>,
    /// nim-xor: check every this many games (at least 1).
    pub every: usize,
    /// textbook: evaluation games against each opponent.
    pub eval: usize,
    /// nim-xor: the first player's opponent (self, random, perfect).
    pub opponent: String,
    /// nim-xor: the rows, e.g. `3,4,5`.
    pub rows: String,
    /// Both learners' settings.
    pub learners: Learners,
}

/// Runs experiment `name` and gives its table's lines; an error names the bad setting.
pub fn run(name: Name, s: Settings) -> Result<Vec<String>, String> {
    if s.seeds == 0 || s.seeds > 10_000 {
        return Err("--seeds must be 1 to 10000".into());
    }
    let learners = s.learners;
    Ok(match name {
        Name::NimXor => {
            let cfg = NimXorConfig {
                game: Nim::parse_rows(&s.rows)?,
                seeds: s.seeds,
                base_seed: s.seed,
                budget: s.games.unwrap_or(20_000),
                every: s.every.max(1),
                opponent: NimOpponent::parse(&s.opponent)?,
                learners,
            };
            format_nim_xor(&cfg, &nim_xor(&cfg))
        }
        Name::Hexapawn => {
            let budget = s.games.unwrap_or(20_000);
            let cfg = HexapawnConfig { seeds: s.seeds, base_seed: s.seed, budget, learners };
            let mut lines = format_hexapawn(&cfg, &hexapawn(&cfg));
            lines.extend(hexapawn_boxes());
            lines
        }
        Name::Textbook => {
            let cfg = TextbookConfig {
                seeds: s.seeds,
                base_seed: s.seed,
                train: s.games.unwrap_or(50_000),
                eval: s.eval,
                learners,
            };
            format_textbook(&cfg, &textbook(&cfg))
        }
    })
}
