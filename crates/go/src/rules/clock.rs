//! Go clocks: the time controls GTP and KGS name, and one side's clock under them.
//!
//! The one place that says how time is spent: the engine's time manager
//! ([`crate::search`]) reads its own [`Clock`] to decide how long to think, and the referee
//! ([`crate::referee`]) keeps a [`Clock`] per side to forfeit a side that overruns.
//!
//! ```
//! use menace_go::rules::clock::{Clock, TimeControl};
//! use std::time::Duration;
//!
//! // 10 seconds of main time, then 2 seconds for every 1 stone (Canadian byo-yomi).
//! let tc: TimeControl = "10+2/1".parse().unwrap();
//! let mut clock = Clock::new(tc);
//! clock.spend(Duration::from_secs(9)).unwrap();
//! assert_eq!(clock.gtp_time_left(), (1, 0)); // 1 s of main time, not in overtime
//! clock.spend(Duration::from_secs(2)).unwrap(); // main time runs out, the period starts
//! assert_eq!(clock.gtp_time_left(), (2, 1)); // a fresh period: 2 s for 1 stone
//! assert!(clock.spend(Duration::from_millis(2500)).is_err()); // over the period: lost
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest time control accepted, in seconds (a week): bounds what input can ask for.
pub const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The most byo-yomi stones or periods accepted.
pub const MAX_STONES: u32 = 10_000;

/// A time control. "No clock" is `Option::<TimeControl>::None` wherever a clock is optional.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// `main` for the whole game (sudden death).
    Absolute {
        /// The whole game's time.
        main: Duration,
    },
    /// `main`, then `stones` moves in every `period` (GTP's `time_settings` with byo-yomi).
    Canadian {
        /// Main time.
        main: Duration,
        /// One overtime period.
        period: Duration,
        /// Moves to play in each period.
        stones: u32,
    },
    /// `main`, then `periods` periods of `period` each; a move within its period keeps
    /// it, a move that overruns uses up periods (KGS's `byoyomi`).
    ByoYomi {
        /// Main time.
        main: Duration,
        /// One period.
        period: Duration,
        /// Periods.
        periods: u32,
    },
}

fn seconds(s: &str) -> Result<Duration, String> {
    let x: f64 = s.parse().map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !x.is_finite() || !(0.0..=MAX_SECONDS).contains(&x) {
        return Err(format!("{s:?} seconds is out of range (0 to {MAX_SECONDS})"));
    }
    Ok(Duration::from_secs_f64(x))
}

fn count(s: &str, what: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if n <= MAX_STONES => Ok(n),
        _ => Err(format!("{s:?} is not a number of {what} (0 to {MAX_STONES})")),
    }
}

fn whole_seconds(s: &str) -> Result<Duration, String> {
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{s:?} is not a whole number of seconds"));
    }
    seconds(s)
}

impl TimeControl {
    /// GTP 2's `time_settings main_time byo_yomi_time byo_yomi_stones` (whole seconds):
    /// byo-yomi time 0 is absolute time; byo-yomi time above 0 with 0 stones means no
    /// time limit (`None`), as the GTP 2 specification says.
    pub fn from_gtp(args: &[&str]) -> Result<Option<TimeControl>, String> {
        let [main, period, stones] = args else {
            return Err(
                "syntax error: time_settings main_time byo_yomi_time byo_yomi_stones".into()
            );
        };
        let (main, period, stones) =
            (whole_seconds(main)?, whole_seconds(period)?, count(stones, "stones")?);
        Ok(if period.is_zero() {
            Some(TimeControl::Absolute { main })
        } else if stones == 0 {
            None
        } else {
            Some(TimeControl::Canadian { main, period, stones })
        })
    }

    /// KGS's `kgs-time_settings none | absolute main | byoyomi main period periods |
    /// canadian main period stones` (whole seconds).
    pub fn from_kgs(args: &[&str]) -> Result<Option<TimeControl>, String> {
        let usage = "syntax error: kgs-time_settings none | absolute MAIN | byoyomi MAIN \
                     PERIOD PERIODS | canadian MAIN PERIOD STONES";
        let Some((kind, rest)) = args.split_first() else { return Err(usage.into()) };
        let tc = match (kind.to_ascii_lowercase().as_str(), rest) {
            ("none", []) => None,
            ("absolute", [main]) => Some(TimeControl::Absolute { main: whole_seconds(main)? }),
            ("byoyomi", [main, period, periods]) => Some(TimeControl::ByoYomi {
                main: whole_seconds(main)?,
                period: whole_seconds(period)?,
                periods: count(periods, "periods")?,
            }),
            ("canadian", [main, period, stones]) => Some(TimeControl::Canadian {
                main: whole_seconds(main)?,
                period: whole_seconds(period)?,
                stones: count(stones, "stones")?,
            }),
            _ => return Err(usage.into()),
        };
        // A period of no length, or one that asks for no moves, is no overtime at all.
        Ok(tc.map(|tc| match tc {
            TimeControl::Canadian { main, period, stones } if period.is_zero() || stones == 0 => {
                TimeControl::Absolute { main }
            }
            TimeControl::ByoYomi { main, period, periods } if period.is_zero() || periods == 0 => {
                TimeControl::Absolute { main }
            }
            tc => tc,
        }))
    }

    /// Main time.
    pub fn main(&self) -> Duration {
        match *self {
            TimeControl::Absolute { main }
            | TimeControl::Canadian { main, .. }
            | TimeControl::ByoYomi { main, .. } => main,
        }
    }

    /// The `time_settings` arguments that say this control to a GTP engine, in whole
    /// seconds rounded up (GTP has no fractions), when GTP 2 can say it: Japanese
    /// byo-yomi needs `kgs-time_settings` ([`TimeControl::kgs_args`]).
    pub fn gtp_args(&self) -> Option<String> {
        let s = |d: Duration| d.as_secs() + u64::from(d.subsec_nanos() > 0);
        match *self {
            TimeControl::Absolute { main } => Some(format!("{} 0 0", s(main))),
            TimeControl::Canadian { main, period, stones } => {
                Some(format!("{} {} {stones}", s(main), s(period)))
            }
            TimeControl::ByoYomi { .. } => None,
        }
    }

    /// The `kgs-time_settings` arguments that say this control (whole seconds, rounded up).
    pub fn kgs_args(&self) -> String {
        let s = |d: Duration| d.as_secs() + u64::from(d.subsec_nanos() > 0);
        match *self {
            TimeControl::Absolute { main } => format!("absolute {}", s(main)),
            TimeControl::Canadian { main, period, stones } => {
                format!("canadian {} {} {stones}", s(main), s(period))
            }
            TimeControl::ByoYomi { main, period, periods } => {
                format!("byoyomi {} {} {periods}", s(main), s(period))
            }
        }
    }
}

/// The command-line form: `MAIN` (absolute), `MAIN+PERIOD/STONES` (Canadian: STONES moves
/// in every PERIOD), `MAIN+PERIODxN` (Japanese byo-yomi: N periods), seconds, fractions
/// allowed: `600+30/1`, `0+1/1` (1 s a move), `20` (20 s for the game), `300+30x5`.
impl FromStr for TimeControl {
    type Err = String;

    fn from_str(s: &str) -> Result<TimeControl, String> {
        let usage = || {
            format!(
                "{s:?} is not a time control: MAIN (absolute), MAIN+PERIOD/STONES (Canadian) \
                 or MAIN+PERIODxPERIODS (byo-yomi), in seconds, e.g. 600+30/1"
            )
        };
        let Some((main, over)) = s.split_once('+') else {
            return Ok(TimeControl::Absolute { main: seconds(s).map_err(|_| usage())? });
        };
        let main = seconds(main).map_err(|_| usage())?;
        if let Some((period, stones)) = over.split_once('/') {
            let (period, stones) = (seconds(period)?, count(stones, "stones")?);
            if period.is_zero() || stones == 0 {
                return Err(format!("{s:?}: an overtime period needs a length and stones"));
            }
            Ok(TimeControl::Canadian { main, period, stones })
        } else if let Some((period, periods)) = over.split_once(['x', 'X']) {
            let (period, periods) = (seconds(period)?, count(periods, "periods")?);
            if period.is_zero() || periods == 0 {
                return Err(format!("{s:?}: byo-yomi needs a period length and periods"));
            }
            Ok(TimeControl::ByoYomi { main, period, periods })
        } else {
            Err(usage())
        }
    }
}

/// The command-line form (see [`FromStr`](#impl-FromStr-for-TimeControl)).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |d: Duration| d.as_secs_f64();
        match *self {
            TimeControl::Absolute { main } => write!(f, "{}", s(main)),
            TimeControl::Canadian { main, period, stones } => {
                write!(f, "{}+{}/{stones}", s(main), s(period))
            }
            TimeControl::ByoYomi { main, period, periods } => {
                write!(f, "{}+{}x{periods}", s(main), s(period))
            }
        }
    }
}

/// A side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overrun {
    /// How far over its clock the move went.
    pub by: Duration,
}

impl fmt::Display for Overrun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ran out of time ({:.3} s over)", self.by.as_secs_f64())
    }
}

/// One side's clock under a [`TimeControl`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    /// Main time left.
    main_left: Duration,
    /// In overtime: what is left of the current period.
    period_left: Duration,
    /// In overtime: Canadian stones still to play in this period, or byo-yomi periods left.
    count_left: u32,
    overtime: bool,
}

impl Clock {
    /// A full clock; with no main time and overtime to come, it starts in overtime (so
    /// `time_left` says the first period, not "0 s of main time").
    pub fn new(control: TimeControl) -> Clock {
        let mut clock = Clock {
            control,
            main_left: control.main(),
            period_left: Duration::ZERO,
            count_left: 0,
            overtime: false,
        };
        if clock.main_left.is_zero() && !matches!(control, TimeControl::Absolute { .. }) {
            clock.enter_overtime();
        }
        clock
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Is main time used up (the side plays in byo-yomi)?
    pub fn in_overtime(&self) -> bool {
        self.overtime
    }

    /// Main time left.
    pub fn main_left(&self) -> Duration {
        self.main_left
    }

    fn enter_overtime(&mut self) {
        self.overtime = true;
        self.main_left = Duration::ZERO;
        match self.control {
            TimeControl::Absolute { .. } => {}
            TimeControl::Canadian { period, stones, .. } => {
                self.period_left = period;
                self.count_left = stones;
            }
            TimeControl::ByoYomi { period, periods, .. } => {
                self.period_left = period;
                self.count_left = periods;
            }
        }
    }

    /// Charges one move that took `used`. On an overrun the clock is left as it was (the
    /// game is over for this side anyway).
    pub fn spend(&mut self, used: Duration) -> Result<(), Overrun> {
        let mut next = *self;
        let mut used = used;
        if !next.overtime {
            if used <= next.main_left {
                next.main_left -= used;
                *self = next;
                return Ok(());
            }
            used -= next.main_left;
            if let TimeControl::Absolute { .. } = next.control {
                return Err(Overrun { by: used });
            }
            // Main time ran out during this move: the rest of it is the first move of
            // overtime.
            next.enter_overtime();
        }
        match next.control {
            TimeControl::Absolute { .. } => return Err(Overrun { by: used }),
            TimeControl::Canadian { period, stones, .. } => {
                if used > next.period_left {
                    return Err(Overrun { by: used - next.period_left });
                }
                next.period_left -= used;
                next.count_left -= 1;
                if next.count_left == 0 {
                    next.period_left = period;
                    next.count_left = stones;
                }
            }
            TimeControl::ByoYomi { period, .. } => {
                // Each whole period overrun is a period lost; the move that ends inside a
                // period keeps it, and the next move starts a full one.
                while used > next.period_left {
                    used -= next.period_left;
                    next.count_left -= 1;
                    if next.count_left == 0 {
                        return Err(Overrun { by: used });
                    }
                    next.period_left = period;
                }
                next.period_left = period;
            }
        }
        *self = next;
        Ok(())
    }

    /// The most this side can spend on its next move without losing on time on that
    /// move. A hard limit, not a plan: under Canadian overtime the stones still to play in
    /// the period need their share of it too, which is the time manager's business.
    pub fn available(&self) -> Duration {
        match self.control {
            TimeControl::Absolute { .. } => self.main_left,
            TimeControl::Canadian { period, .. } => {
                if self.overtime {
                    self.period_left
                } else {
                    self.main_left + period
                }
            }
            TimeControl::ByoYomi { period, periods, .. } => {
                let periods_left = if self.overtime { self.count_left } else { periods };
                let current = if self.overtime { self.period_left } else { period };
                self.main_left + current + period * periods_left.saturating_sub(1)
            }
        }
    }

    /// What GTP's `time_left color time stones` says of this clock: whole seconds left
    /// (rounded down) and 0 stones in main time; in overtime, the period's seconds and the
    /// Canadian stones (or byo-yomi periods, as KGS sends them) left.
    pub fn gtp_time_left(&self) -> (u64, u32) {
        if self.overtime {
            (self.period_left.as_secs(), self.count_left)
        } else {
            (self.main_left.as_secs(), 0)
        }
    }

    /// Sets the clock from a controller's `time_left time stones` (the engine's side: the
    /// controller's clock is the one that counts). Stones 0 means main time.
    pub fn observe(&mut self, time: Duration, stones: u32) {
        if stones == 0 {
            self.overtime = false;
            self.main_left = time;
        } else {
            self.overtime = true;
            self.main_left = Duration::ZERO;
            self.period_left = time;
            self.count_left = stones;
        }
    }

    /// Canadian stones still to play in the current period (0 in main time or other
    /// controls); byo-yomi periods left (0 in main time).
    pub fn count_left(&self) -> u32 {
        if self.overtime {
            self.count_left
        } else {
            0
        }
    }

    /// In overtime, what is left of the current period.
    pub fn period_left(&self) -> Duration {
        if self.overtime {
            self.period_left
        } else {
            Duration::ZERO
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64) -> Duration {
        Duration::from_secs_f64(x)
    }

    #[test]
    fn command_line_forms_read_and_write_back() {
        for (text, tc) in [
            ("20", TimeControl::Absolute { main: s(20.0) }),
            ("600+30/1", TimeControl::Canadian { main: s(600.0), period: s(30.0), stones: 1 }),
            ("0+1/1", TimeControl::Canadian { main: s(0.0), period: s(1.0), stones: 1 }),
            ("300+30x5", TimeControl::ByoYomi { main: s(300.0), period: s(30.0), periods: 5 }),
            ("0.5+0.25/2", TimeControl::Canadian { main: s(0.5), period: s(0.25), stones: 2 }),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{text}");
            assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc), "{text}");
        }
        for bad in ["", "x", "-1", "1e9", "NaN", "inf", "10+", "10+5", "10+0/1", "10+5/0", "10+5x0"]
        {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn gtp_and_kgs_settings() {
        let abs = Some(TimeControl::Absolute { main: s(300.0) });
        assert_eq!(TimeControl::from_gtp(&["300", "0", "0"]), Ok(abs));
        assert_eq!(TimeControl::from_gtp(&["300", "30", "0"]), Ok(None));
        assert_eq!(
            TimeControl::from_gtp(&["300", "30", "5"]),
            Ok(Some(TimeControl::Canadian { main: s(300.0), period: s(30.0), stones: 5 }))
        );
        for bad in [&["1", "2"][..], &["a", "0", "0"], &["1.5", "0", "0"], &["-1", "0", "0"]] {
            assert!(TimeControl::from_gtp(bad).is_err(), "{bad:?}");
        }
        assert_eq!(TimeControl::from_kgs(&["none"]), Ok(None));
        assert_eq!(TimeControl::from_kgs(&["absolute", "300"]), Ok(abs));
        assert_eq!(
            TimeControl::from_kgs(&["byoyomi", "300", "30", "5"]),
            Ok(Some(TimeControl::ByoYomi { main: s(300.0), period: s(30.0), periods: 5 }))
        );
        assert_eq!(
            TimeControl::from_kgs(&["canadian", "0", "30", "10"]),
            Ok(Some(TimeControl::Canadian { main: s(0.0), period: s(30.0), stones: 10 }))
        );
        for bad in [&[][..], &["none", "1"], &["absolute"], &["byoyomi", "1", "2"], &["fischer"]] {
            assert!(TimeControl::from_kgs(bad).is_err(), "{bad:?}");
        }
        // What a referee sends says the same control back.
        for tc in [
            TimeControl::Absolute { main: s(20.0) },
            TimeControl::Canadian { main: s(600.0), period: s(30.0), stones: 1 },
            TimeControl::ByoYomi { main: s(60.0), period: s(10.0), periods: 3 },
        ] {
            let kgs = tc.kgs_args();
            assert_eq!(TimeControl::from_kgs(&kgs.split(' ').collect::<Vec<_>>()), Ok(Some(tc)));
            if let Some(gtp) = tc.gtp_args() {
                let args: Vec<&str> = gtp.split(' ').collect();
                assert_eq!(TimeControl::from_gtp(&args), Ok(Some(tc)));
            }
        }
    }

    #[test]
    fn absolute_time_runs_out() {
        let mut c = Clock::new(TimeControl::Absolute { main: s(10.0) });
        c.spend(s(4.0)).unwrap();
        c.spend(s(6.0)).unwrap();
        assert_eq!(c.available(), Duration::ZERO);
        assert_eq!(c.spend(s(0.001)), Err(Overrun { by: s(0.001) }));
        assert_eq!(c.gtp_time_left(), (0, 0), "an overrun leaves the clock as it was");
    }

    #[test]
    fn canadian_periods_reset_after_their_stones() {
        let mut c = Clock::new("1+10/3".parse().unwrap());
        c.spend(s(2.0)).unwrap(); // 1 s of main, 1 s of the period's first stone
        assert_eq!((c.period_left(), c.count_left()), (s(9.0), 2));
        c.spend(s(4.0)).unwrap();
        c.spend(s(5.0)).unwrap(); // the third stone, with 0 s to spare: a new period
        assert_eq!((c.period_left(), c.count_left()), (s(10.0), 3));
        c.spend(s(9.0)).unwrap();
        assert_eq!(c.available(), s(1.0));
        assert!(c.spend(s(1.5)).is_err());
    }

    #[test]
    fn byo_yomi_periods_are_lost_one_by_one() {
        let mut c = Clock::new("0+5x3".parse().unwrap());
        assert_eq!(c.available(), s(15.0));
        assert_eq!(c.gtp_time_left(), (5, 3), "no main time: overtime from the start");
        c.spend(s(4.0)).unwrap(); // inside the period: all three kept
        assert_eq!(c.gtp_time_left(), (5, 3));
        c.spend(s(7.0)).unwrap(); // one period lost
        assert_eq!(c.gtp_time_left(), (5, 2));
        assert_eq!(c.available(), s(10.0));
        assert!(c.spend(s(10.5)).is_err());
        c.spend(s(10.0)).unwrap(); // exactly two periods: the last one is kept
        assert_eq!(c.gtp_time_left(), (5, 1));
    }

    #[test]
    fn observe_follows_the_controller() {
        let mut c = Clock::new("300+30/5".parse().unwrap());
        c.observe(s(12.0), 0);
        assert_eq!((c.in_overtime(), c.available()), (false, s(42.0)));
        c.observe(s(20.0), 4);
        assert_eq!((c.in_overtime(), c.available(), c.count_left()), (true, s(20.0), 4));
    }
}
