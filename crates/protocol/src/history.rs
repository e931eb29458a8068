//! The last games' results and first-box beads, for a live plot: a ring of at most
//! [`HISTORY`] entries, so a session of a billion games holds the same few kilobytes.

use std::collections::VecDeque;

use crate::answer::{HistoryEntry, Winner};

/// Games the history keeps.
pub const HISTORY: usize = 1000;

/// The last [`HISTORY`] games.
#[derive(Clone, Debug, Default)]
pub struct History {
    games: VecDeque<HistoryEntry>,
}

impl History {
    /// How many games it keeps.
    pub fn capacity(&self) -> usize {
        HISTORY
    }

    /// Records game number `game`.
    pub fn push(&mut self, game: u64, winner: Winner, first_box: Option<u64>) {
        self.push_entry(HistoryEntry { game, winner, first_box, player: None });
    }

    /// Records a game as `entry` says (a class's games carry their player).
    pub fn push_entry(&mut self, entry: HistoryEntry) {
        if self.games.len() == HISTORY {
            self.games.pop_front();
        }
        self.games.push_back(entry);
    }

    /// Forgets every game.
    pub fn clear(&mut self) {
        self.games.clear();
    }

    /// The last `n` games, oldest first.
    pub fn last(&self, n: usize) -> Vec<HistoryEntry> {
        self.games.iter().skip(self.games.len().saturating_sub(n)).cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_the_last_games_in_order() {
        let mut h = History::default();
        for g in 1..=2500u64 {
            h.push(g, Winner::Draw, Some(g));
        }
        let all = h.last(usize::MAX);
        assert_eq!(all.len(), HISTORY);
        assert_eq!(all[0].game, 1501);
        assert_eq!(all.last().unwrap().game, 2500);
        let three: Vec<u64> = h.last(3).iter().map(|e| e.game).collect();
        assert_eq!(three, [2498, 2499, 2500]);
    }
}
