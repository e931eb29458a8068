//! Live analysis over GTP, in Leela Zero's format: `lz-analyze` and `genmove_analyze`.
//!
//! `lz-analyze [color] [interval]` answers `=` at once, then a search runs and every
//! `interval` centiseconds one line shows every root move with visits:
//!
//! ```text
//! info move D4 visits 38 winrate 5404 prior 1828 lcb 5301 order 0 pv D4 Q16 D16 info move Q16 visits 12 ...
//! ```
//!
//! (winrate, prior and lcb in hundredths of a percent, for the side to move, integers as
//! Lizzie reads them), until the next command arrives: it stops the search at once, an
//! empty line ends the answer, and the command is handled. `genmove_analyze color
//! [interval]` streams the same during a `genmove` and ends with `play MOVE`.
//!
//! The search is the engine's own, seeded as a `genmove`'s: what is searched is
//! deterministic, only what is *reported* (when a snapshot is taken) depends on time.

use crate::io::vertex::{format_vertex, parse_color};
use crate::rules::board::{Board, Colour};
use crate::search::control::{Candidate, Progress};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What an analysis command asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `lz-analyze`: search until the next command.
    Analyze,
    /// `genmove_analyze`: a `genmove` that streams its search and ends with `play MOVE`.
    Genmove,
}

/// A parsed analysis command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Which command.
    pub kind: Kind,
    /// The side to move in the analysed position.
    pub color: Colour,
    /// Time between two info lines (zero: none until the end).
    pub interval: Duration,
}

/// The longest interval accepted, in centiseconds (an hour).
pub const MAX_INTERVAL_CS: u64 = 360_000;

/// Reads the arguments of an analysis command: `[color] [interval]` with the interval
/// also as `interval N` (centiseconds); `genmove_analyze` needs the colour. `to_move`
/// is the colour when none is given. Leela Zero's `avoid`, `allow` and `minmoves` are
/// refused (an error, not a silent half-analysis).
pub fn parse(args: &[&str], kind: Kind, to_move: Colour) -> Result<Request, String> {
    let usage = match kind {
        Kind::Analyze => "syntax error: lz-analyze [color] [interval]",
        Kind::Genmove => "syntax error: genmove_analyze color [interval]",
    };
    let mut rest = args;
    let color = match rest.first().and_then(|c| parse_color(c).ok()) {
        Some(c) => {
            rest = &rest[1..];
            c
        }
        None if kind == Kind::Genmove => return Err(usage.into()),
        None => to_move,
    };
    let cs = |s: &str| -> Result<u64, String> {
        s.parse::<u64>().ok().filter(|&n| n <= MAX_INTERVAL_CS).ok_or_else(|| usage.to_string())
    };
    let mut interval = None;
    while let Some((first, tail)) = rest.split_first() {
        let set = match (first.to_ascii_lowercase().as_str(), tail) {
            ("interval", [n, ..]) => {
                rest = &tail[1..];
                cs(n)?
            }
            (n, _) if n.bytes().all(|b| b.is_ascii_digit()) => {
                rest = tail;
                cs(n)?
            }
            ("avoid" | "allow" | "minmoves", _) => {
                return Err(format!("{first} is not supported"));
            }
            _ => return Err(usage.into()),
        };
        if interval.replace(set).is_some() {
            return Err(usage.into());
        }
    }
    let interval = Duration::from_millis(10 * interval.unwrap_or(0));
    Ok(Request { kind, color, interval })
}

/// A share (0 to 1) in Leela Zero's integer hundredths of a percent (0 to 10000).
fn lz(x: f32) -> u32 {
    (x.clamp(0.0, 1.0) * 10_000.0).round() as u32
}

/// One info line (without its newline): every candidate in Leela Zero's form, most
/// visited first; empty when there is none yet.
pub fn info_line(b: &Board, candidates: &[Candidate]) -> String {
    let mut parts = Vec::with_capacity(candidates.len());
    for (order, c) in candidates.iter().enumerate() {
        let pv: Vec<String> = c.pv.iter().map(|&m| format_vertex(b, m)).collect();
        parts.push(format!(
            "info move {} visits {} winrate {} prior {} lcb {} order {order} pv {}",
            format_vertex(b, c.mv),
            c.visits,
            lz(c.winrate),
            lz(c.prior),
            lz(c.lcb),
            pv.join(" ")
        ));
    }
    parts.join(" ")
}

/// Writes the current snapshot of `progress` as an info line, if it has candidates.
fn report(out: &Mutex<impl Write>, b: &Board, progress: &Progress) {
    let (_, candidates) = progress.candidates();
    if candidates.is_empty() {
        return;
    }
    let line = info_line(b, &candidates) + "\n";
    let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
    // A write error means the controller is gone; the reader sees the end of input.
    let _ = w.write_all(line.as_bytes()).and_then(|()| w.flush());
}

/// How often the reporter looks whether the search has ended (it sleeps in such steps).
const POLL: Duration = Duration::from_millis(5);

/// Runs `search` on a worker thread while info lines of `b`'s analysis go to `out` every
/// `interval` (none if zero), and `wait` on this thread; when `wait` returns and `stop` is
/// set, the search is stopped. Returns both results once the worker has ended, and the
/// last snapshot's candidates. With an interval, a search that ended on its own gets a
/// last info line.
pub fn stream<W: Write + Send, T: Send, R>(
    out: &Mutex<W>,
    b: &Board,
    interval: Duration,
    search: impl FnOnce(&AtomicBool, &Progress) -> T + Send,
    wait: impl FnOnce() -> R,
    stop: bool,
) -> (T, R, Vec<Candidate>) {
    let flag = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    // Threads publish twice an interval, so a line is at most about one interval old.
    // Without an interval only the final snapshot counts (publishing costs a walk of the
    // root's principal variations).
    let progress = Progress::new(if interval.is_zero() { Duration::MAX } else { interval / 2 });
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new()
            .spawn_scoped(s, || {
                let t = search(&flag, &progress);
                finished.store(true, Ordering::Release);
                t
            })
            .expect("start the analysis thread");
        let reporter = s.spawn(|| {
            let mut next = Instant::now() + interval;
            while !finished.load(Ordering::Acquire) && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(POLL);
                if !interval.is_zero() && Instant::now() >= next {
                    report(out, b, &progress);
                    next += interval;
                }
            }
            if !interval.is_zero() && !flag.load(Ordering::Relaxed) {
                report(out, b, &progress);
            }
        });
        let r = wait();
        if stop {
            flag.store(true, Ordering::Relaxed);
        }
        let t = worker.join().expect("analysis thread panicked");
        // The reporter sees `finished` within one poll.
        reporter.join().expect("analysis reporter panicked");
        (t, r, progress.candidates().1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        let b = Colour::Black;
        let w = Colour::White;
        let ms = Duration::from_millis;
        let ok = |args: &[&str], kind| parse(args, kind, b);
        assert_eq!(
            ok(&["10"], Kind::Analyze),
            Ok(Request { kind: Kind::Analyze, color: b, interval: ms(100) })
        );
        assert_eq!(
            ok(&["w", "50"], Kind::Analyze).map(|r| (r.color, r.interval)),
            Ok((w, ms(500)))
        );
        assert_eq!(ok(&["interval", "5"], Kind::Analyze).map(|r| r.interval), Ok(ms(50)));
        assert_eq!(ok(&["white", "interval", "5"], Kind::Analyze).map(|r| r.color), Ok(w));
        assert_eq!(ok(&[], Kind::Analyze).map(|r| r.interval), Ok(Duration::ZERO));
        assert_eq!(ok(&["b", "10"], Kind::Genmove).map(|r| r.kind), Ok(Kind::Genmove));
        for bad in [
            &["x"][..],
            &["10", "20"],
            &["interval"],
            &["interval", "x"],
            &["-1"],
            &["99999999999"],
            &["10", "avoid", "b", "D4", "1"],
            &["b", "w"],
        ] {
            assert!(ok(bad, Kind::Analyze).is_err(), "{bad:?}");
        }
        assert!(ok(&["10"], Kind::Genmove).is_err(), "genmove_analyze needs a colour");
    }

    #[test]
    fn info_lines_read_as_leela_zero_writes_them() {
        use crate::rules::board::Move;
        let b = Board::new(19);
        let d4 = Move::Play(b.point(15, 3));
        let q16 = Move::Play(b.point(3, 15));
        let c = |mv, visits, pv: Vec<Move>| Candidate {
            mv,
            visits,
            winrate: 0.54044,
            prior: 0.1828,
            lcb: 0.53,
            pv,
        };
        let line = info_line(&b, &[c(d4, 38, vec![d4, q16]), c(Move::Pass, 2, vec![Move::Pass])]);
        assert_eq!(
            line,
            "info move D4 visits 38 winrate 5404 prior 1828 lcb 5300 order 0 pv D4 Q16 \
             info move pass visits 2 winrate 5404 prior 1828 lcb 5300 order 1 pv pass"
        );
        assert_eq!(info_line(&b, &[]), "");
    }
}
