//! Live analysis over GTP, in Leela Zero's format (`lz-analyze`, `genmove_analyze`) and in
//! KataGo's (`kata-analyze`, `kata-genmove_analyze`), which adds each move's score and the
//! board's ownership.
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
//! `kata-analyze [color] [interval] [ownership true]` writes KataGo's fields instead
//! (floats, for the side to move), each move's `scoreMean` and `scoreLead` (the mean final
//! margin of the playouts through it, komi included) and `scoreStdev` (their spread) and,
//! when asked, one `ownership`
//! entry at the end of the line: a number from -1 to 1 per point (1: the side to move's in
//! every playout's end), row by row from the top left (A19) to the bottom right (T1):
//!
//! ```text
//! info move D4 visits 38 winrate 0.540400 scoreMean 2.31 scoreStdev 9.80 scoreLead 2.31 prior 0.182800 lcb 0.530100 order 0 pv D4 Q16 ownership 0.52 0.61 ...
//! ```
//!
//! The ownership is the search's own ([`Ownership`]): who owned each point at the end of
//! each playout, averaged. `pvVisits true` (and `pvEdgeVisits true`) add the visits of
//! each move of a variation, `movesOwnership true` the ownership of the playouts through
//! each move; a key the engine does not know is skipped with its value, as KataGo skips
//! it (issue 75: they were refused).
//!
//! The search is the engine's own, seeded as a `genmove`'s: what is searched is
//! deterministic, only what is *reported* (when a snapshot is taken) depends on time.

use crate::io::vertex::{format_vertex, parse_color, parse_vertex};
use crate::rules::board::{Board, Colour, Move, Point};
use crate::search::control::{Candidate, Progress};
use crate::search::ownership::Ownership;
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

/// Whose format the info lines are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Leela Zero's (`lz-analyze`): integers in hundredths of a percent.
    LeelaZero,
    /// KataGo's (`kata-analyze`): floats, scores, and the ownership when asked.
    KataGo,
}

/// A parsed analysis command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Which command.
    pub kind: Kind,
    /// The side to move in the analysed position.
    pub color: Colour,
    /// Time between two info lines (zero: none until the end).
    pub interval: Duration,
    /// The lines' format.
    pub format: Format,
    /// KataGo's `ownership true`: every line ends with the board's ownership.
    pub ownership: bool,
    /// `maxmoves N`: at most N moves a line, the most visited (`None`: every one).
    pub max_moves: Option<usize>,
    /// KataGo's `rootInfo true`: every line gives the root's statistics after its moves.
    pub root_info: bool,
    /// The points `avoid` and `allow` keep the search from playing at the root.
    pub avoid: Vec<Point>,
    /// KataGo's `pvVisits true` and `pvEdgeVisits true`: each move's line gives the
    /// visits of every move of its principal variation (the same numbers: no
    /// transpositions).
    pub pv_visits: bool,
    /// `pvEdgeVisits true`.
    pub pv_edge_visits: bool,
    /// KataGo's `movesOwnership true`: each move's line ends with the ownership of the
    /// playouts through it.
    pub moves_ownership: bool,
}

impl Request {
    /// A silent search of `color`'s move (pondering): Leela Zero's format, no interval.
    pub fn silent(color: Colour) -> Request {
        Request {
            kind: Kind::Analyze,
            color,
            interval: Duration::ZERO,
            format: Format::LeelaZero,
            ownership: false,
            max_moves: None,
            root_info: false,
            avoid: Vec::new(),
            pv_visits: false,
            pv_edge_visits: false,
            moves_ownership: false,
        }
    }
}

/// The longest interval accepted, in centiseconds (an hour).
pub const MAX_INTERVAL_CS: u64 = 360_000;

/// Reads the arguments of an analysis command in position `b`: `[color] [interval]` with
/// the interval also as `interval N` (centiseconds); `genmove_analyze` needs the colour,
/// else it is `b`'s side to move. Then the key-value pairs of KataGo's GTP extensions
/// (which Leela Zero's `lz-analyze` shares), in any order:
///
/// - `maxmoves N`: at most N moves a line (N from 1), the most visited;
/// - `minmoves N`: accepted; every root move the search has visited is listed, never an
///   unvisited one, so a line may hold fewer;
/// - `avoid PLAYER V1,V2,... UNTILDEPTH` (repeatable) and `allow PLAYER V1,V2,...
///   UNTILDEPTH` (once, not with `avoid`): the search plays none of the avoided points, or
///   only the allowed ones (and pass), as the analysed colour's move at the root, when
///   PLAYER is that colour and UNTILDEPTH at least 1. Deeper plies are not restricted (the
///   search has no per-ply rule), so an avoided point can appear later in a principal
///   variation; PLAYER's moves at depth 1 are the root's, so a PLAYER that is not to move
///   changes nothing there, as in KataGo.
///
/// In KataGo's format also `ownership`, `rootInfo`, `pvVisits`, `pvEdgeVisits` and
/// `movesOwnership`, each `true|false`. Any other key with a value after it is skipped, as
/// KataGo skips what it does not know (so `ownershipStdev true` and `movesOwnershipStdev
/// true` add nothing to the lines); a word that is neither a key with a value nor the
/// interval is refused.
pub fn parse(args: &[&str], kind: Kind, format: Format, b: &Board) -> Result<Request, String> {
    let usage = match (format, kind) {
        (Format::LeelaZero, Kind::Analyze) => "syntax error: lz-analyze [color] [interval]",
        (Format::LeelaZero, Kind::Genmove) => "syntax error: genmove_analyze color [interval]",
        (Format::KataGo, Kind::Analyze) => {
            "syntax error: kata-analyze [color] [interval] [ownership true|false]"
        }
        (Format::KataGo, Kind::Genmove) => {
            "syntax error: kata-genmove_analyze color [interval] [ownership true|false]"
        }
    };
    let mut rest = args;
    let color = match rest.first().and_then(|c| parse_color(c).ok()) {
        Some(c) => {
            rest = &rest[1..];
            c
        }
        None if kind == Kind::Genmove => return Err(usage.into()),
        None => b.to_move(),
    };
    let mut req = Request { kind, format, color, ..Request::silent(color) };
    let cs = |s: &str| -> Result<u64, String> {
        s.parse::<u64>().ok().filter(|&n| n <= MAX_INTERVAL_CS).ok_or_else(|| usage.to_string())
    };
    let flag = |v: &str| match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(usage.to_string()),
    };
    let mut interval = None;
    let (mut avoided, mut allowed) = (false, None::<Vec<Point>>);
    while let Some((first, tail)) = rest.split_first() {
        let key = first.to_ascii_lowercase();
        match (format, key.as_str(), tail) {
            (Format::KataGo, "ownership", [v, ..]) => {
                req.ownership = flag(v)?;
                rest = &tail[1..];
            }
            (Format::KataGo, "rootinfo", [v, ..]) => {
                req.root_info = flag(v)?;
                rest = &tail[1..];
            }
            (Format::KataGo, "pvvisits", [v, ..]) => {
                req.pv_visits = flag(v)?;
                rest = &tail[1..];
            }
            (Format::KataGo, "pvedgevisits", [v, ..]) => {
                req.pv_edge_visits = flag(v)?;
                rest = &tail[1..];
            }
            (Format::KataGo, "movesownership", [v, ..]) => {
                req.moves_ownership = flag(v)?;
                rest = &tail[1..];
            }
            (_, "maxmoves" | "minmoves", [n, ..]) => {
                let n = n.parse::<usize>().ok().filter(|&n| n >= 1);
                let n = n.ok_or_else(|| format!("{first} takes a whole number from 1"))?;
                if key == "maxmoves" {
                    req.max_moves = Some(n);
                }
                rest = &tail[1..];
            }
            (_, "avoid" | "allow", [player, vertices, depth, ..]) => {
                let syntax =
                    || format!("syntax error: {first} PLAYER VERTEX,VERTEX,... UNTILDEPTH");
                let player = parse_color(player).map_err(|_| syntax())?;
                let depth = depth.parse::<u32>().ok().filter(|&d| d >= 1).ok_or_else(syntax)?;
                let mut points = Vec::new();
                for v in vertices.split(',').filter(|v| !v.is_empty()) {
                    match parse_vertex(b, v).map_err(|e| format!("{first}: {v}: {e}"))? {
                        Move::Play(p) => points.push(p),
                        Move::Pass if key == "allow" => {}
                        Move::Pass => return Err("avoid: pass cannot be avoided".into()),
                    }
                }
                if key == "allow" && (allowed.is_some() || avoided)
                    || key == "avoid" && allowed.is_some()
                {
                    return Err("allow is given once, and never with avoid".into());
                }
                // Depth 1 is the root's move, the analysed colour's.
                let applies = player == color && depth >= 1;
                if key == "avoid" {
                    avoided = true;
                    if applies {
                        req.avoid.extend(points);
                    }
                } else {
                    allowed = Some(if applies { points } else { b.points().collect() });
                }
                rest = &tail[3..];
            }
            (_, "avoid" | "allow", _) => {
                return Err(format!("syntax error: {first} PLAYER VERTEX,VERTEX,... UNTILDEPTH"))
            }
            (_, "interval", [n, ..]) => {
                if interval.replace(cs(n)?).is_some() {
                    return Err(usage.into());
                }
                rest = &tail[1..];
            }
            (_, n, _) if n.bytes().all(|b| b.is_ascii_digit()) => {
                if interval.replace(cs(n)?).is_some() {
                    return Err(usage.into());
                }
                rest = tail;
            }
            // A key KataGo may know and this engine does not: skipped with its value.
            (_, k, [_, ..]) if k.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) => {
                rest = &tail[1..];
            }
            _ => return Err(usage.into()),
        }
    }
    if let Some(allowed) = allowed {
        req.avoid = b.points().filter(|p| !allowed.contains(p)).collect();
    }
    req.avoid.sort_unstable_by_key(|p| p.index());
    req.avoid.dedup();
    req.interval = Duration::from_millis(10 * interval.unwrap_or(0));
    Ok(req)
}

/// A share (0 to 1) in Leela Zero's integer hundredths of a percent (0 to 10000).
fn lz(x: f32) -> u32 {
    (x.clamp(0.0, 1.0) * 10_000.0).round() as u32
}

/// A principal variation as GTP vertices, space-separated.
fn pv_text(b: &Board, pv: &[crate::rules::board::Move]) -> String {
    pv.iter().map(|&m| format_vertex(b, m)).collect::<Vec<_>>().join(" ")
}

/// One info line (without its newline): every candidate in Leela Zero's form, most
/// visited first; empty when there is none yet.
pub fn info_line(b: &Board, candidates: &[Candidate]) -> String {
    let mut parts = Vec::with_capacity(candidates.len());
    for (order, c) in candidates.iter().enumerate() {
        parts.push(format!(
            "info move {} visits {} winrate {} prior {} lcb {} order {order} pv {}",
            format_vertex(b, c.mv),
            c.visits,
            lz(c.winrate),
            lz(c.prior),
            lz(c.lcb),
            pv_text(b, &c.pv)
        ));
    }
    parts.join(" ")
}

/// One info line in KataGo's format (without its newline): every candidate with its
/// score for `to_move` (the side to move in `b`), then `root` when given (the root's
/// statistics, [`RootInfo`]), then `ownership` when given (and not empty); empty when there
/// is no candidate yet.
///
/// Each move has KataGo's fields in KataGo's order: `visits` and `edgeVisits` (the same
/// here: a tree has no transpositions), `utility` (the mean result of its playouts, which
/// counts a win at least 0.9 and the rest by the score, on KataGo's scale from -1 to 1:
/// `2 * winrate - 1`), `winrate`, the scores when there are playouts, `prior`, `lcb`,
/// `utilityLcb` (`2 * lcb - 1`), `order`, `pv`.
pub fn kata_line(
    b: &Board,
    candidates: &[Candidate],
    root: Option<&RootInfo>,
    ownership: Option<&Ownership>,
) -> String {
    kata_line_with(b, candidates, root, ownership, Extras::default())
}

/// What a `kata-analyze` line adds to each move when asked: `pvVisits`, `pvEdgeVisits`
/// (after the variation) and `movesOwnership` (last).
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras {
    /// `pvVisits true`.
    pub pv_visits: bool,
    /// `pvEdgeVisits true`.
    pub pv_edge_visits: bool,
    /// `movesOwnership true`.
    pub moves_ownership: bool,
}

/// Points' ownership for the side to move in `b`, as `ownership` and `movesOwnership`
/// write it: row by row from the top left, two decimals, `0.00` for nobody's.
fn ownership_text(b: &Board, own: &Ownership) -> String {
    let sign = if b.to_move() == Colour::Black { 1.0 } else { -1.0 };
    let n = b.size();
    let values: Vec<String> = (0..n * n)
        .map(|i| {
            let v = sign * own.of(b.point(i / n, i % n)).unwrap_or(0.0);
            // `-0.00` reads oddly; a point nobody owns is 0.
            let v = if v.abs() < 0.005 { 0.0 } else { v };
            format!("{v:.2}")
        })
        .collect();
    values.join(" ")
}

/// [`kata_line`] with the per-move fields of `extras`.
pub fn kata_line_with(
    b: &Board,
    candidates: &[Candidate],
    root: Option<&RootInfo>,
    ownership: Option<&Ownership>,
    extras: Extras,
) -> String {
    if candidates.is_empty() {
        return String::new();
    }
    // KataGo reports for the side to move.
    let sign = if b.to_move() == Colour::Black { 1.0 } else { -1.0 };
    let mut parts = Vec::with_capacity(candidates.len() + 2);
    for (order, c) in candidates.iter().enumerate() {
        let score = c.score.map_or(String::new(), |s| {
            let s = sign * s;
            let sd = c.score_stdev.unwrap_or(0.0);
            format!(" scoreMean {s:.2} scoreStdev {sd:.2} scoreLead {s:.2}")
        });
        let mut part = format!(
            "info move {} visits {v} edgeVisits {v} utility {:.6} winrate {:.6}{score} prior {:.6} \
             lcb {:.6} utilityLcb {:.6} order {order} pv {}",
            format_vertex(b, c.mv),
            2.0 * c.winrate - 1.0,
            c.winrate,
            c.prior,
            c.lcb,
            2.0 * c.lcb - 1.0,
            pv_text(b, &c.pv),
            v = c.visits,
        );
        let visits = || c.pv_visits.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        if extras.pv_visits {
            part.push_str(&format!(" pvVisits {}", visits()));
        }
        if extras.pv_edge_visits {
            part.push_str(&format!(" pvEdgeVisits {}", visits()));
        }
        // Counted by live analysis (`kata-analyze`); a genmove's search does not.
        if let (true, Some(own)) = (extras.moves_ownership, &c.ownership) {
            part.push_str(&format!(" movesOwnership {}", ownership_text(b, own)));
        }
        parts.push(part);
    }
    if let Some(r) = root {
        let score = r.score.map_or(String::new(), |s| {
            format!(" scoreLead {:.2} scoreSelfplay {:.2}", sign * s, sign * s)
        });
        let player = if b.to_move() == Colour::Black { 'B' } else { 'W' };
        parts.push(format!(
            "rootInfo visits {} weight {} utility {:.6} winrate {:.6}{score} currentPlayer {player}",
            r.visits,
            r.visits,
            2.0 * r.winrate - 1.0,
            r.winrate
        ));
    }
    if let Some(own) = ownership.filter(|o| o.ends() > 0) {
        parts.push(format!("ownership {}", ownership_text(b, own)));
    }
    parts.join(" ")
}

/// The root's statistics for KataGo's `rootInfo`, from its moves: its visits (theirs
/// added up), its winrate for the side to move and black's mean score (theirs weighted by
/// their visits; the score `None` when no move has one).
#[derive(Clone, Debug, PartialEq)]
pub struct RootInfo {
    /// Playouts through the root's moves.
    pub visits: u64,
    /// Their mean result for the side to move (0 to 1).
    pub winrate: f32,
    /// Black's mean final margin, komi included.
    pub score: Option<f32>,
}

impl RootInfo {
    /// The root of `candidates` (every root move, not only those shown).
    pub fn of(candidates: &[Candidate]) -> RootInfo {
        let visits: u64 = candidates.iter().map(|c| u64::from(c.visits)).sum();
        let weighted = |f: &dyn Fn(&Candidate) -> f64| {
            candidates.iter().map(|c| f64::from(c.visits) * f(c)).sum::<f64>()
                / visits.max(1) as f64
        };
        let scored: Vec<&Candidate> = candidates.iter().filter(|c| c.score.is_some()).collect();
        let score = (!scored.is_empty()).then(|| {
            let n: f64 = scored.iter().map(|c| f64::from(c.visits)).sum();
            let s: f64 = scored
                .iter()
                .map(|c| f64::from(c.visits) * f64::from(c.score.unwrap_or(0.0)))
                .sum();
            (s / n.max(1.0)) as f32
        });
        RootInfo { visits, winrate: weighted(&|c| f64::from(c.winrate)) as f32, score }
    }
}

/// The info line of `progress`'s latest snapshot for `req`, in its format (empty without
/// candidates): its most visited moves (`maxmoves`), the root's statistics when asked
/// (`rootInfo`), the ownership when asked.
pub fn line(b: &Board, req: &Request, progress: &Progress) -> String {
    let (_, mut candidates) = progress.candidates();
    let root = req.root_info.then(|| RootInfo::of(&candidates));
    if let Some(n) = req.max_moves {
        candidates.truncate(n);
    }
    match req.format {
        Format::LeelaZero => info_line(b, &candidates),
        Format::KataGo => {
            let extras = Extras {
                pv_visits: req.pv_visits,
                pv_edge_visits: req.pv_edge_visits,
                moves_ownership: req.moves_ownership,
            };
            kata_line_with(b, &candidates, root.as_ref(), progress.ownership().as_ref(), extras)
        }
    }
}

/// Writes `line` (without its newline) to `out`, if it is not empty.
fn report(out: &Mutex<impl Write>, line: String) {
    if line.is_empty() {
        return;
    }
    let line = line + "\n";
    let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
    // A write error means the controller is gone; the reader sees the end of input.
    let _ = w.write_all(line.as_bytes()).and_then(|()| w.flush());
}

/// How often the reporter looks whether the search has ended (it sleeps in such steps).
const POLL: Duration = Duration::from_millis(5);

/// Runs `search` on a worker thread while info lines of `b`'s analysis (`req`'s format)
/// go to `out` every `interval` (none if zero), and `wait` on this thread; when `wait`
/// returns and `stop` is set, the search is stopped. Returns both results once the worker
/// has ended, and the last snapshot's info line (empty without candidates). With an
/// interval, a search that ended on its own gets a last info line.
pub fn stream<W: Write + Send, T: Send, R>(
    out: &Mutex<W>,
    b: &Board,
    req: &Request,
    interval: Duration,
    search: impl FnOnce(&AtomicBool, &Progress) -> T + Send,
    wait: impl FnOnce() -> R,
    stop: bool,
) -> (T, R, String) {
    let render = |progress: &Progress| line(b, req, progress);
    let watch = Watch { interval, ownership: req.ownership, stop, last_report: true };
    let (t, r, progress) = watch.run(out, &render, &AtomicBool::new(false), search, wait);
    (t, r, line(b, req, &progress))
}

/// How [`Watch::run`] reports a search while it runs.
#[derive(Clone, Copy, Debug)]
pub struct Watch {
    /// Time between two reports (zero: none while the search runs).
    pub interval: Duration,
    /// The threads publish who owns each point too ([`Progress::with_ownership`]).
    pub ownership: bool,
    /// When `wait` returns, the search is stopped.
    pub stop: bool,
    /// With an interval, a search that ends on its own gets a last report.
    pub last_report: bool,
}

impl Watch {
    /// Runs `search` on a worker thread while `render`'s line of the latest snapshot goes
    /// to `out` every `interval` (an empty line is not written), and `wait` on this
    /// thread; when `wait` returns and `stop` is set, `flag` is raised: the flag `search`
    /// gets, which another thread may raise too. Returns both results once the worker has
    /// ended, and the snapshots. What `kata-analyze` streams over GTP and what the JSON
    /// analysis engine reports during a search ([`crate::io::analysis_engine`]).
    pub fn run<W: Write + Send, T: Send, R>(
        self,
        out: &Mutex<W>,
        render: &(dyn Fn(&Progress) -> String + Sync),
        flag: &AtomicBool,
        search: impl FnOnce(&AtomicBool, &Progress) -> T + Send,
        wait: impl FnOnce() -> R,
    ) -> (T, R, Progress) {
        let Watch { interval, ownership, stop, last_report } = self;
        let finished = AtomicBool::new(false);
        // Threads publish twice an interval, so a line is at most about one interval old.
        // Without an interval only the final snapshot counts (publishing costs a walk of
        // the root's principal variations).
        let every = if interval.is_zero() { Duration::MAX } else { interval / 2 };
        let progress = Progress::new(every);
        let progress = if ownership { progress.with_ownership() } else { progress };
        let (t, r) = std::thread::scope(|s| {
            let worker = std::thread::Builder::new()
                .spawn_scoped(s, || {
                    let t = search(flag, &progress);
                    finished.store(true, Ordering::Release);
                    t
                })
                .expect("start the analysis thread");
            let reporter = s.spawn(|| {
                let mut next = Instant::now() + interval;
                while !finished.load(Ordering::Acquire) && !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(POLL);
                    if !interval.is_zero() && Instant::now() >= next {
                        report(out, render(&progress));
                        next += interval;
                    }
                }
                if last_report && !interval.is_zero() && !flag.load(Ordering::Relaxed) {
                    report(out, render(&progress));
                }
            });
            let r = wait();
            if stop {
                flag.store(true, Ordering::Relaxed);
            }
            let t = worker.join().expect("analysis thread panicked");
            // The reporter sees `finished` within one poll.
            reporter.join().expect("analysis reporter panicked");
            (t, r)
        });
        (t, r, progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        let b = Colour::Black;
        let w = Colour::White;
        let ms = Duration::from_millis;
        let board = Board::new(19);
        let ok = |args: &[&str], kind| parse(args, kind, Format::LeelaZero, &board);
        assert_eq!(
            ok(&["10"], Kind::Analyze),
            Ok(Request { interval: ms(100), ..Request::silent(b) })
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
            &["10", "avoid", "b", "D4"],
            &["10", "avoid", "b", "D4", "0"],
            &["10", "avoid", "x", "D4", "1"],
            &["10", "avoid", "b", "Z99", "1"],
            &["10", "avoid", "b", "pass", "1"],
            &["allow", "b", "D4", "1", "allow", "b", "D5", "1"],
            &["avoid", "b", "D4", "1", "allow", "b", "D5", "1"],
            &["maxmoves", "0"],
            &["minmoves", "x"],
            &["b", "w"],
        ] {
            assert!(ok(bad, Kind::Analyze).is_err(), "{bad:?}");
        }
        assert!(ok(&["10"], Kind::Genmove).is_err(), "genmove_analyze needs a colour");
        // A key it does not know is skipped with its value, as KataGo does; in Leela
        // Zero's format `ownership` is one of those.
        let r = ok(&["ownership", "true", "someFutureKey", "7", "15"], Kind::Analyze).unwrap();
        assert_eq!((r.ownership, r.interval), (false, ms(150)));
    }

    #[test]
    fn katago_arguments() {
        let board = Board::new(9);
        let kata = |args: &[&str]| parse(args, Kind::Analyze, Format::KataGo, &board);
        let r = kata(&["w", "25", "ownership", "true"]).unwrap();
        assert_eq!(
            (r.color, r.interval, r.ownership),
            (Colour::White, Duration::from_millis(250), true)
        );
        assert_eq!(r.format, Format::KataGo);
        assert!(!kata(&["10", "ownership", "false", "pvVisits", "false"]).unwrap().ownership);
        assert_eq!(kata(&["10"]).map(|r| r.ownership), Ok(false));
        let r = kata(&["10", "movesOwnership", "true", "pvVisits", "true", "pvEdgeVisits", "true"]);
        let r = r.unwrap();
        assert!(r.moves_ownership && r.pv_visits && r.pv_edge_visits);
        // What it cannot give is skipped, as an unknown key: the request is the same.
        assert_eq!(
            kata(&["10", "ownershipStdev", "true", "movesOwnershipStdev", "true"]),
            kata(&["10"])
        );
        for bad in [&["ownership"][..], &["ownership", "yes"], &["10", "ownership", "true", "5"]] {
            assert!(kata(bad).is_err(), "{bad:?}");
        }
        // KataGo's other keys, as GUIs send them: black to move on the empty 9x9 board.
        let pt = |v: &str| match parse_vertex(&board, v).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        };
        let r = kata(&["b", "10", "maxmoves", "3", "minmoves", "2", "rootInfo", "true"]).unwrap();
        assert_eq!((r.max_moves, r.root_info, r.avoid.len()), (Some(3), true, 0));
        let r = kata(&["avoid", "b", "E5,C3", "1", "avoid", "black", "G7", "20", "interval", "5"]);
        let mut want = vec![pt("E5"), pt("C3"), pt("G7")];
        want.sort_unstable_by_key(|p| p.index());
        assert_eq!(
            r.as_ref().map(|r| (&r.avoid, r.interval)),
            Ok((&want, Duration::from_millis(50)))
        );
        // White's moves are at depth 2 and deeper: nothing at the root.
        assert_eq!(kata(&["avoid", "w", "E5", "1"]).unwrap().avoid, []);
        // allow: every other point is avoided, pass stays allowed.
        let r = kata(&["allow", "b", "E5,pass", "1"]).unwrap();
        assert_eq!(r.avoid.len(), 80);
        assert!(!r.avoid.contains(&pt("E5")));
        assert_eq!(kata(&["allow", "w", "E5", "1"]).unwrap().avoid, []);
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
            pv_visits: Vec::new(),
            ownership: None,
            score: Some(-2.5),
            score_stdev: Some(9.0),
        };
        let line = info_line(&b, &[c(d4, 38, vec![d4, q16]), c(Move::Pass, 2, vec![Move::Pass])]);
        assert_eq!(
            line,
            "info move D4 visits 38 winrate 5404 prior 1828 lcb 5300 order 0 pv D4 Q16 \
             info move pass visits 2 winrate 5404 prior 1828 lcb 5300 order 1 pv pass"
        );
        assert_eq!(info_line(&b, &[]), "");
    }

    #[test]
    fn katago_lines_give_scores_and_ownership_for_the_side_to_move() {
        use crate::rules::board::Move;
        // 3x3: black C3 (top right) and A1; white to move.
        let mut b = Board::new(3);
        b.play(Move::Play(b.point(0, 2))).unwrap();
        b.play(Move::Pass).unwrap();
        b.play(Move::Play(b.point(2, 0))).unwrap();
        let b2 = Move::Play(b.point(1, 1));
        let c = Candidate {
            mv: b2,
            visits: 7,
            winrate: 0.25,
            prior: 0.5,
            lcb: 0.125,
            pv: vec![b2, Move::Pass],
            pv_visits: vec![7, 3],
            ownership: None,
            score: Some(6.5),
            score_stdev: Some(3.25),
        };
        let mut own = Ownership::new();
        own.add(&b);
        own.add(&b);
        let line = kata_line(&b, std::slice::from_ref(&c), None, Some(&own));
        // Black's 6.5 is white's -6.5. Ownership by hand, for black, row by row from A3:
        // A3 touches only empty points (nobody's), B3 touches C3, C3 is black; A2 touches
        // A1; B2 only empty points; C2 touches C3; A1 black; B1 touches A1; C1 nobody's.
        // For white, the side to move, each is negated.
        assert_eq!(
            line,
            "info move B2 visits 7 edgeVisits 7 utility -0.500000 winrate 0.250000 \
             scoreMean -6.50 scoreStdev 3.25 scoreLead -6.50 prior 0.500000 lcb 0.125000 \
             utilityLcb -0.750000 order 0 pv B2 pass \
             ownership 0.00 -1.00 -1.00 -1.00 0.00 -1.00 -1.00 -1.00 0.00"
        );
        // The root's statistics go between the moves and the ownership, for white.
        let root = RootInfo::of(std::slice::from_ref(&c));
        assert_eq!(root, RootInfo { visits: 7, winrate: 0.25, score: Some(6.5) });
        let line = kata_line(&b, std::slice::from_ref(&c), Some(&root), Some(&own));
        assert!(
            line.contains(
                " pv B2 pass rootInfo visits 7 weight 7 utility -0.500000 winrate 0.250000 \
                 scoreLead -6.50 scoreSelfplay -6.50 currentPlayer W ownership "
            ),
            "{line}"
        );
        // Without ownership (not asked, or no playout yet) the line stops after the moves.
        assert!(!kata_line(&b, std::slice::from_ref(&c), None, None).contains("ownership"));
        assert!(!kata_line(&b, &[c], None, Some(&Ownership::new())).contains("ownership"));
        assert_eq!(kata_line(&b, &[], None, Some(&own)), "");
    }
}
