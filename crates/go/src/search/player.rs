//! The player of a game: what a move's search needs besides the board and a protocol's
//! words. A [`Player`] owns the search's configuration (the work, the profile, the user's
//! settings), the clocks ([`TimeManager`]), the trees kept for reuse, pondering and the
//! resign threshold, and it decides each search's control: a clocked move's deadline, its
//! early stop and its playout cap, a live analysis's cap. The GTP engine
//! (`io::gtp`) only translates the controller's text into these calls and their
//! results back into text.

use crate::rules::board::{Board, Colour, Move, Point, EMPTY};
use crate::rules::game::{Game, Superko};
use crate::search::bot::{self, Context, Decision};
use crate::search::control::{Control, Progress};
use crate::search::mcts::{self, Resolved, SearchConfig};
use crate::search::params::{Knob, Params};
use crate::search::reuse::Forest;
use crate::search::status;
use crate::search::time::TimeManager;
use crate::search::tree::RootRules;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

/// The repetitions a player never plays: positional superko, what `menace go match`
/// referees, Tromp-Taylor's and the Go servers' rule; a move it allows is legal under
/// situational superko too. (GTP's `play` takes what the controller sends: the controller
/// referees.)
pub const GENMOVE_SUPERKO: Superko = Superko::Positional;

/// The most playouts a live analysis (`lz-analyze`, `kata-analyze`, and pondering) runs
/// before it waits for the next command: in practice it runs until that command (2^31
/// playouts are about six hours at 100,000 a second), and it stays within the tree's node
/// cap (about 152 MiB a tree: 4 Mi nodes of 32 bytes and their 6 bytes of priors and
/// playouts in flight; a tree per thread under `parallel=root_trees`, one shared tree
/// otherwise), while every visit count stays within its 32 bits.
pub const LIVE_MAX_PLAYOUTS: usize = 1 << 31;

/// How many times the position's fixed budget a clocked search may run at most: the
/// clock decides, this only keeps a huge clock from running a search for hours.
pub const CLOCKED_PLAYOUTS_FACTOR: usize = 10;

/// The moves of `b`'s side to move (`b`: `game`'s position, or it with the other side to
/// move) that would recreate one of `game`'s positions ([`GENMOVE_SUPERKO`]): what the
/// search never plays at the root.
pub fn superko_forbidden(game: &Game, b: &Board) -> Vec<Point> {
    b.points()
        .filter(|&p| b.at(p) == EMPTY && b.is_legal(Move::Play(p)))
        .filter(|&p| {
            let mut after = b.clone();
            after.play_unchecked(Move::Play(p));
            game.recreates(GENMOVE_SUPERKO, &after)
        })
        .collect()
}

/// What a search is asked: whose move in which game, and what the asker rules out.
#[derive(Clone, Copy, Debug)]
pub struct Ask<'a> {
    /// The game so far (its last position is searched).
    pub game: &'a Game,
    /// Komi, added to white's score.
    pub komi: f32,
    /// The colour to move.
    pub color: Colour,
    /// A cleanup (`kgs-genmove_cleanup`): no pass while the opponent has dead stones on
    /// the board.
    pub cleanup: bool,
    /// Points never chosen at the root (an analysis command's `avoid` and `allow`).
    pub avoid: &'a [Point],
}

impl Ask<'_> {
    /// The game's position with the asked colour to move.
    pub fn board(&self) -> Board {
        let mut b = self.game.board().clone();
        b.set_to_move(self.color);
        b
    }
}

/// A game's player: its search and everything that decides how long and from what tree
/// each search runs (see the module's doc).
#[derive(Debug)]
pub struct Player {
    cfg: SearchConfig,
    /// Resign below this winrate once a quarter of the points are played (0: never).
    resign_below: f32,
    /// The clocks (none: the fixed playout budget).
    time: TimeManager,
    /// Tree reuse: the trees kept from the last search (`None`: no reuse).
    forest: Option<Mutex<Forest>>,
    /// Think on the opponent's time.
    ponder: bool,
}

impl Player {
    /// A player searching with `cfg`, on the fixed budget, without reuse, pondering or
    /// resigning.
    pub fn new(cfg: SearchConfig) -> Player {
        Player { cfg, resign_below: 0.0, time: TimeManager::default(), forest: None, ponder: false }
    }

    /// Resigns when the search's best winrate is below `winrate` (0 never resigns), once a
    /// quarter of the board's points have been played.
    pub fn set_resign_below(&mut self, winrate: f32) {
        self.resign_below = winrate;
    }

    /// Tree reuse: each search keeps its trees, and the next one starts from the subtree
    /// of the moves played since (if the game went on from there).
    pub fn set_reuse(&mut self, on: bool) {
        self.forest = on.then(Default::default);
    }

    /// Pondering (which turns tree reuse on): the asker runs [`Player::analyze`] on the
    /// opponent's time, and the following search starts from that tree.
    pub fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
        if on && self.forest.is_none() {
            self.forest = Some(Default::default());
        }
    }

    /// Does it think on the opponent's time?
    pub fn ponders(&self) -> bool {
        self.ponder
    }

    /// Searches `playouts` a move (at least 1).
    pub fn set_playouts(&mut self, playouts: usize) {
        self.cfg.playouts = playouts.max(1);
    }

    /// The clocks.
    pub fn time(&self) -> &TimeManager {
        &self.time
    }

    /// The clocks, to set, observe or charge.
    pub fn time_mut(&mut self) -> &mut TimeManager {
        &mut self.time
    }

    /// The value of `knob` it searches with, as text: the user's setting, else the
    /// profile's.
    pub fn param_text(&self, knob: Knob) -> String {
        let code =
            self.cfg.settings.code(knob).unwrap_or_else(|| self.cfg.profile.params().code(knob));
        knob.text(code)
    }

    /// Sets `NAME=VALUE` as `--tune` does (a refused value changes nothing); the kept tree
    /// is dropped, as it was searched with the old value.
    pub fn set_param(&mut self, setting: &str) -> Result<(), String> {
        self.cfg.settings.apply(setting)?;
        self.clear_kept_tree();
        Ok(())
    }

    /// Drops the tree kept for reuse (if it keeps one).
    pub fn clear_kept_tree(&mut self) {
        if let Some(forest) = &mut self.forest {
            *forest = Default::default();
        }
    }

    /// The search of `ask`: the board with its colour to move, the configuration resolved
    /// for it (seeded by the position), and what the bot knows of the game.
    fn setup(&self, ask: &Ask) -> (Board, Resolved, Context) {
        let game = ask.game;
        let b = ask.board();
        let forbidden: Vec<Point> =
            superko_forbidden(game, &b).into_iter().chain(ask.avoid.iter().copied()).collect();
        // The last move was a pass by the other colour (`play` leaves the opponent of the
        // colour that moved to move).
        let opponent_passed = game.moves_played() > 0
            && game.board().last_move().is_pass()
            && game.board().to_move() == ask.color;
        let points = b.size() * b.size();
        let resign_below = if game.moves_played() >= points / 4 { self.resign_below } else { 0.0 };
        let capture_dead = ask.cleanup && status::estimate(&b).opponent_has_dead(&b, ask.color);
        let ctx = Context {
            opponent_passed,
            forbidden,
            avoid_ko_retakes: false,
            resign_below,
            capture_dead,
        };
        (b.clone(), self.cfg.resolve_for(&b, ask.komi), ctx)
    }

    /// The move for `ask` (the decision's `resign` says to resign); nothing is changed.
    /// With a clock, the search runs until the time manager's think time from `start`
    /// (the command's arrival), stopping early where that saves time ([`early_stop`]), up
    /// to [`CLOCKED_PLAYOUTS_FACTOR`] times the fixed budget; snapshots go to `progress`
    /// if given.
    pub fn choose(
        &self,
        ask: &Ask,
        start: Instant,
        progress: Option<&Progress>,
    ) -> (Board, Decision) {
        let (b, resolved, ctx) = self.setup(ask);
        let reuse = self.reuse(ask.game);
        let ctl = match self.time.think_time(ask.color, &b) {
            Some(think) => Control {
                deadline: Some(start + think),
                early_stop: early_stop(resolved.params(), self.time.saves_unused(ask.color)),
                max_playouts: Some(CLOCKED_PLAYOUTS_FACTOR * resolved.budget(&b)),
                progress,
                stop: None,
                reuse,
                moves_ownership: false,
            },
            None => Control { progress, reuse, ..Control::default() },
        };
        let d = bot::decide_resolved(&b, &resolved, &ctx, &ctl);
        (b, d)
    }

    /// Analyses `ask`'s position until `stop` is raised, publishing to `progress`: `live`,
    /// up to [`LIVE_MAX_PLAYOUTS`] (in practice until the next command); otherwise the
    /// position's fixed budget, as a move's search would run. With `moves_ownership`,
    /// each root move counts who owns each point.
    pub fn analyze(
        &self,
        ask: &Ask,
        live: bool,
        moves_ownership: bool,
        stop: &AtomicBool,
        progress: &Progress,
    ) {
        let (b, resolved, ctx) = self.setup(ask);
        let rules = RootRules {
            forbidden: ctx.forbidden,
            allow_pass: true,
            wide: resolved.params().wide_root.applies(false),
        };
        let mut root = b;
        root.set_passes(u8::from(ctx.opponent_passed));
        let ctl = Control {
            stop: Some(stop),
            progress: Some(progress),
            max_playouts: live.then_some(LIVE_MAX_PLAYOUTS),
            reuse: self.reuse(ask.game),
            moves_ownership,
            ..Control::default()
        };
        mcts::search_resolved(&root, &resolved, &rules, &ctl);
    }

    /// The kept trees for the next search of `game`, told the moves played since their
    /// position (the search checks that those moves lead to its position); `None` without
    /// tree reuse.
    fn reuse(&self, game: &Game) -> Option<&Mutex<Forest>> {
        let forest = self.forest.as_ref()?;
        let mut f = forest.lock().unwrap_or_else(|p| p.into_inner());
        let key = f.root().map(|r| r.position_key());
        let last = game.position_keys().enumerate().filter(|&(_, k)| Some(k) == key).last();
        let path = match last.map(|(i, _)| i) {
            Some(i) => game.moves().skip(i).collect(),
            None => Vec::new(),
        };
        f.set_path(path);
        drop(f);
        Some(forest)
    }
}

/// Whether a clocked search stops once its most visited move cannot be overtaken: that
/// saves time only where the clock keeps what a move leaves (`saves_unused`), so with
/// `spend_period` a move whose unused time would be lost searches to its deadline.
pub fn early_stop(params: &Params, saves_unused: Option<bool>) -> bool {
    !(params.spend_period && saves_unused == Some(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_move_whose_unused_time_is_lost_searches_to_its_deadline() {
        let (off, on) = (Params::default(), Params { spend_period: true, ..Params::default() });
        for saves in [None, Some(true), Some(false)] {
            assert!(early_stop(&off, saves), "{saves:?}: the lever off stops early");
        }
        assert!(early_stop(&on, None), "no clock");
        assert!(early_stop(&on, Some(true)), "the time is kept");
        assert!(!early_stop(&on, Some(false)), "the time would be lost");
    }
}
