//! The engine's time manager: how long a clocked `genmove` thinks.
//!
//! The clocks are [`crate::rules::clock`]'s; this module only decides how to spend them.
//! A move's allowance is its share of main time (the expected moves still to play, more in
//! the middle game) plus the safe share of overtime (Canadian: what is left of the period
//! over the stones still to play in it; byo-yomi: one period; absolute: none), minus a
//! margin for what a `genmove` costs besides the search and for the pipe to the controller
//! ([`margin`]). The share of main time is at most [`MAX_MAIN_SHARE`] of what is left, so
//! absolute time shrinks geometrically and is never used up by the thinking itself.

use crate::rules::board::{Board, Colour};
use crate::rules::clock::{Clock, TimeControl};
use std::time::Duration;

/// The smallest margin kept off every move's allowance. Measured on this project's
/// 2-core machine under a load average of 12 (six builds and a GNU Go run besides): 12
/// `genmove`s each on 9x9 and 19x19 with two threads under `time_settings 0 1 1` (0.75 s
/// of thinking) answered at most 12 ms after the think time (the repetition check's board
/// copies, starting the threads, the look at the clock every 32 playouts; the obvious-move
/// stop often ends earlier). A controller's pipe and process switch add milliseconds; a
/// quarter of a second covers both some twenty times over, for a machine even busier than
/// that one. See also [`MARGIN_SHARE`].
pub const MARGIN_MIN: Duration = Duration::from_millis(250);

/// Share of a long allowance kept as margin (5%): scheduling delays grow with the time
/// spent, a fixed quarter second would not cover them on a 30 s move of a busy machine.
pub const MARGIN_SHARE: f64 = 0.05;

/// The most of the main time left one move may take (a fifth).
pub const MAX_MAIN_SHARE: f64 = 0.2;

/// Own moves still expected at the least (late in the game, on a full board).
pub const MIN_MOVES_LEFT: f64 = 8.0;

/// Own moves expected in a game still to play on `b`: `0.35 * empties + 8` (134 on the
/// empty 19x19 board, 36 on 9x9: a player makes about that many moves in our recorded
/// games, captures refilling the board).
pub fn moves_left(b: &Board) -> f64 {
    0.35 * b.empties().len() as f64 + MIN_MOVES_LEFT
}

/// The middle-game weight of a move on `b`: [`crate::search::mcts::budget`]'s shape,
/// `1.6 N / (empties + 0.6 N)` on a board of N points, between 1 (the empty board) and 2.
pub fn weight(b: &Board) -> f64 {
    let n = (b.size() * b.size()) as f64;
    let e = b.empties().len() as f64;
    (1.6 * n / (e + 0.6 * n)).clamp(1.0, 2.0)
}

/// The margin kept off an allowance `t`: `max(MARGIN_MIN, MARGIN_SHARE * t)`.
pub fn margin(t: Duration) -> Duration {
    MARGIN_MIN.max(t.mul_f64(MARGIN_SHARE))
}

/// The safe share of overtime for the next move: Canadian, the period (or what is left
/// of it) over its stones (still) to play; byo-yomi, one period; absolute, none.
pub fn overtime_share(clock: &Clock) -> Duration {
    match (clock.control(), clock.in_overtime()) {
        (TimeControl::Absolute { .. }, _) => Duration::ZERO,
        (TimeControl::Canadian { period, stones, .. }, false) => period / stones.max(1),
        (TimeControl::Canadian { .. }, true) => clock.period_left() / clock.count_left().max(1),
        (TimeControl::ByoYomi { period, .. }, false) => period,
        (TimeControl::ByoYomi { .. }, true) => clock.period_left(),
    }
}

/// The allowance of the next move on `b` before the margin: in main time, its share of
/// the main time left plus the overtime share (a move that runs past the main time is the
/// first of overtime, which the overtime share covers); in overtime, the overtime share.
pub fn allowance(clock: &Clock, b: &Board) -> Duration {
    let over = overtime_share(clock);
    if clock.in_overtime() {
        return over;
    }
    let main = clock.main_left().as_secs_f64();
    let share = (main * weight(b) / moves_left(b)).min(main * MAX_MAIN_SHARE);
    Duration::from_secs_f64(share) + over
}

/// Whether time the next move leaves unused is kept for later moves: in main time and in
/// absolute time it is, and in a Canadian period before its last stone; in a byo-yomi
/// period, or on a Canadian period's last stone, it is lost (the period starts afresh).
pub fn saves_unused(clock: &Clock) -> bool {
    match (clock.control(), clock.in_overtime()) {
        (_, false) | (TimeControl::Absolute { .. }, _) => true,
        (TimeControl::Canadian { .. }, true) => clock.count_left() > 1,
        (TimeControl::ByoYomi { .. }, true) => false,
    }
}

/// How long the search of the next move on `b` may run: the [`allowance`] less its
/// [`margin`] (zero when the margin takes it all: the search then stops at its first look
/// at the clock).
pub fn think_time(clock: &Clock, b: &Board) -> Duration {
    let t = allowance(clock, b);
    t.saturating_sub(margin(t))
}

/// Each colour's clock as the engine knows it: set by `time_settings`, corrected by the
/// controller's `time_left`, and charged with the engine's own `genmove` time in between
/// (a controller that never sends `time_left` must not make it lose on time).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TimeManager {
    /// Black's and white's clocks ([`Colour::index`] order); `None`: no clock.
    clocks: Option<[Clock; 2]>,
}

impl TimeManager {
    /// Starts both clocks afresh under `tc` (`None`: no clock, the fixed playout budget).
    pub fn set(&mut self, tc: Option<TimeControl>) {
        self.clocks = tc.map(|tc| [Clock::new(tc), Clock::new(tc)]);
    }

    /// Starts both clocks afresh under the time control they run under (a new game:
    /// `clear_board`); nothing without one.
    pub fn restart(&mut self) {
        let tc = self.clocks.as_ref().map(|k| k[0].control());
        self.set(tc);
    }

    /// `c`'s clock, if a time control is set.
    pub fn clock(&self, c: Colour) -> Option<&Clock> {
        self.clocks.as_ref().map(|k| &k[c.index()])
    }

    /// The controller's `time_left` for `c`; ignored without a time control (there is
    /// nothing to say what the numbers mean).
    pub fn observe(&mut self, c: Colour, time: Duration, stones: u32) {
        if let Some(k) = &mut self.clocks {
            k[c.index()].observe(time, stones);
        }
    }

    /// Charges `used` to `c`'s clock. An overrun (our own count says the move was too
    /// slow) leaves nothing: the clock is set to empty so that the next moves are as fast
    /// as they can be until the controller says otherwise.
    pub fn charge(&mut self, c: Colour, used: Duration) {
        if let Some(k) = &mut self.clocks {
            let clock = &mut k[c.index()];
            if clock.spend(used).is_err() {
                let stones = if clock.in_overtime() { clock.count_left().max(1) } else { 0 };
                clock.observe(Duration::ZERO, stones);
            }
        }
    }

    /// Whether `c`'s next move keeps the time it leaves ([`saves_unused`]), if a time
    /// control is set.
    pub fn saves_unused(&self, c: Colour) -> Option<bool> {
        self.clock(c).map(saves_unused)
    }

    /// How long `c` may think on `b` ([`think_time`]), if a time control is set.
    pub fn think_time(&self, c: Colour, b: &Board) -> Option<Duration> {
        self.clock(c).map(|k| think_time(k, b))
    }
}

/// Reads a `time_left` time: seconds, whole or decimal (some controllers send fractions),
/// 0 up to [`crate::rules::clock::MAX_SECONDS`].
pub fn parse_seconds(s: &str) -> Option<Duration> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let x: f64 = s.parse().ok()?;
    (x.is_finite() && x <= crate::rules::clock::MAX_SECONDS).then(|| Duration::from_secs_f64(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64) -> Duration {
        Duration::from_secs_f64(x)
    }

    /// A 9x9 board with `stones` stones on it (every other point from the corner).
    fn board(stones: usize) -> Board {
        let mut b = Board::new(9);
        for p in b.points().step_by(2).take(stones).collect::<Vec<_>>() {
            b.set_to_move(if b.to_move() == Colour::Black { Colour::White } else { Colour::Black });
            b.play(crate::rules::board::Move::Play(p)).unwrap();
        }
        b
    }

    /// A control, its clock's state as `time_left` says it (none: full), stones on the
    /// board, and the least and most think time (seconds).
    type BudgetRow = (&'static str, Option<(f64, u32)>, usize, f64, f64);

    #[test]
    fn unused_time_is_kept_in_main_time_and_before_a_periods_last_stone() {
        let clock = |spec: &str| Clock::new(spec.parse::<TimeControl>().unwrap());
        let mut canadian = clock("0+10/2");
        assert!(saves_unused(&clock("600")), "absolute time");
        assert!(saves_unused(&clock("60+30/1")), "main time");
        assert!(saves_unused(&canadian), "the first of two stones in a period");
        canadian.spend(s(1.0)).unwrap();
        assert!(!saves_unused(&canadian), "a period's last stone");
        assert!(!saves_unused(&clock("0+2/1")), "a period of one stone");
        assert!(!saves_unused(&clock("0+5x3")), "byo-yomi");
        let byoyomi = "0+5x3".parse::<TimeControl>().unwrap();
        let mut m = TimeManager::default();
        assert_eq!(m.saves_unused(Colour::Black), None, "no clock");
        m.set(Some(byoyomi));
        assert_eq!(m.saves_unused(Colour::White), Some(false));
    }

    #[test]
    fn the_budget_table() {
        // (control, clock state (time, stones) or None for a full clock, stones on the
        // board, least and most think time in seconds).
        let rows: &[BudgetRow] = &[
            // 1 s a move: 0.75 s of thinking whatever the position.
            ("0+1/1", None, 0, 0.75, 0.75),
            ("0+1/1", Some((1.0, 1)), 30, 0.75, 0.75),
            // 30 s for 5 stones with 12 s and 4 stones left: 3 s a stone, less the margin.
            ("0+30/5", Some((12.0, 4)), 10, 2.75, 2.75),
            // Byo-yomi: one period, never more.
            ("0+10x5", Some((10.0, 5)), 10, 9.5, 9.5),
            // 20 s for a 9x9 game: about half a second on the empty board.
            ("20", None, 0, 0.25, 0.4),
            // ... and nothing but the first look at the clock when 0.3 s is left.
            ("20", Some((0.3, 0)), 20, 0.0, 0.0),
            // 10 minutes absolute, middle game: more than on the empty board.
            ("600", None, 0, 15.0, 17.0),
            ("600", Some((600.0, 0)), 30, 25.0, 40.0),
            // Main time left plus the overtime share.
            ("60+30/1", Some((60.0, 0)), 0, 30.0, 32.0),
        ];
        for &(tc, state, stones, lo, hi) in rows {
            let mut clock = Clock::new(tc.parse().unwrap());
            if let Some((t, n)) = state {
                clock.observe(s(t), n);
            }
            let t = think_time(&clock, &board(stones)).as_secs_f64();
            assert!((lo - 1e-9..=hi + 1e-9).contains(&t), "{tc} {state:?} {stones}: {t}");
            // Never more than the clock allows for this move.
            assert!(allowance(&clock, &board(stones)) <= clock.available(), "{tc} {state:?}");
        }
    }

    #[test]
    fn absolute_time_is_never_used_up_by_thinking() {
        let mut clock = Clock::new("20".parse().unwrap());
        let b = board(10);
        for _ in 0..500 {
            let t = think_time(&clock, &b);
            clock.spend(t).unwrap();
        }
        assert!(clock.main_left() > Duration::ZERO);
    }

    #[test]
    fn the_manager_charges_observes_and_forgets() {
        let mut m = TimeManager::default();
        assert_eq!(m.think_time(Colour::Black, &board(0)), None);
        m.observe(Colour::Black, s(5.0), 0);
        assert_eq!(m.clock(Colour::Black), None, "no control: time_left is ignored");
        m.set(Some("10".parse().unwrap()));
        m.charge(Colour::Black, s(4.0));
        assert_eq!(m.clock(Colour::Black).unwrap().main_left(), s(6.0));
        assert_eq!(m.clock(Colour::White).unwrap().main_left(), s(10.0));
        m.charge(Colour::Black, s(7.0));
        assert_eq!(m.clock(Colour::Black).unwrap().main_left(), s(0.0), "overrun: empty");
        m.observe(Colour::Black, s(3.0), 0);
        assert_eq!(m.clock(Colour::Black).unwrap().main_left(), s(3.0));
        m.set(None);
        assert_eq!(m.clock(Colour::Black), None);
    }

    #[test]
    fn time_left_seconds() {
        assert_eq!(parse_seconds("297"), Some(s(297.0)));
        assert_eq!(parse_seconds("2.5"), Some(s(2.5)));
        for bad in ["", "-1", "x", "1e3", "inf", "NaN", "99999999", ".", "1.2.3"] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
    }
}
