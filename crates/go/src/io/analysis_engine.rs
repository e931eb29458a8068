//! KataGo's JSON analysis engine (`katago analysis`), as `menace go analysis` speaks it:
//! one JSON query a line on stdin, one JSON answer a line on stdout, for KaTrain and the
//! other tools written for KataGo's engine.
//!
//! A query names a game (`boardXSize`, `boardYSize`, `initialStones`, `initialPlayer`,
//! `moves`, `rules`, `komi`) and the turns to analyse (`analyzeTurns`, else the last);
//! each turn is searched by the engine's own search, seeded by the position as a
//! `genmove`'s is, and answered by one line with `id`, `turnNumber`, `isDuringSearch`,
//! `moveInfos`, `rootInfo` and, when asked, `ownership` and `policy`:
//!
//! ```text
//! {"id":"a","moves":[["B","E5"]],"rules":"tromp-taylor","komi":7,"boardXSize":9,"boardYSize":9,"maxVisits":50}
//! {"id":"a","isDuringSearch":false,"moveInfos":[{"edgeVisits":12,"lcb":0.31,"move":"C5",...}],"rootInfo":{...},"turnNumber":1}
//! ```
//!
//! Queries are read while others are searched, and answered in priority order
//! (`priority`, then arrival) by `workers` searches at a time, so answers may come in
//! another order than the queries, as KataGo's do. `{"action":"terminate",...}`,
//! `terminate_all`, `query_version` and `clear_cache` are answered at once.
//!
//! What the engine cannot do gets KataGo's error object, `{"id":..,"field":..,"error":..}`
//! (or `{"error":..}` without an id), and the query is dropped; what it does differently
//! gets a `warning` object and the query goes on. Nothing a line holds stops the engine:
//! a line is at most [`MAX_LINE`] bytes, at most [`MAX_TURNS_IN_FLIGHT`] turns and
//! [`MAX_BYTES_IN_FLIGHT`] bytes of queries wait or are searched at once, and a search
//! runs at most [`LIVE_MAX_PLAYOUTS`] playouts in a tree of bounded size.
//!
//! With a fixed visit budget (`maxVisits`, no `maxTime`) a turn's answer is a function of
//! the query and the engine's flags alone: the same bytes every run.

use crate::io::analysis::{RootInfo, Watch};
use crate::io::vertex::{format_vertex, parse_color, parse_vertex};
use crate::rules::board::{Board, Colour, Move, Point, BLACK, EMPTY, MAX_SIZE, WHITE};
use crate::rules::game::Game;
use crate::search::control::{Candidate, Control, Progress};
use crate::search::mcts::{self, SearchConfig};
use crate::search::ownership::Ownership;
use crate::search::player::{superko_forbidden, LIVE_MAX_PLAYOUTS};
use crate::search::tree::{root_priors, RootRules};
use menace_run::{Line, Lines};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The longest query line read, in bytes (a 19x19 game of 1,000 moves is about 12 KB);
/// a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 1 << 20;

/// The most turns waiting or being searched at once; a query that would pass it is
/// refused whole (KaTrain sends one turn a query, a few hundred for a game).
pub const MAX_TURNS_IN_FLIGHT: usize = 4096;

/// The most bytes of query lines waiting or being searched at once (each query is kept,
/// parsed, until its last turn is answered); past it a query is refused whole.
pub const MAX_BYTES_IN_FLIGHT: usize = 64 << 20;

/// The largest `maxVisits` accepted, KataGo's bound; a search runs at most
/// [`LIVE_MAX_PLAYOUTS`] of them.
pub const MAX_VISITS: i64 = 1 << 50;

/// The longest `maxTime` or `reportDuringSearchEvery` accepted, in seconds (KataGo's
/// bound for the latter).
const MAX_SECONDS: f64 = 1_000_000.0;

/// How the engine runs: the search's settings (playouts as the default `maxVisits`,
/// threads, seed, profile, parameters) and how many turns are searched at once.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The search every query starts from (`overrideSettings` adds to its parameters).
    pub cfg: SearchConfig,
    /// Turns searched at once, each on `cfg.threads` threads.
    pub workers: usize,
}

/// Whose side the numbers are on (`overrideSettings.reportAnalysisWinratesAs`; KataGo's
/// example configuration says `BLACK`, and so does this engine by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Perspective {
    Black,
    White,
    SideToMove,
}

/// One point or pass restricted at the root for the side to move (`avoidMoves`,
/// `allowMoves`), by colour.
#[derive(Clone, Debug, Default)]
struct Avoid {
    black: Vec<Move>,
    white: Vec<Move>,
}

/// A checked query: its game and what to report.
#[derive(Debug)]
struct Query {
    id: String,
    start: Board,
    moves: Vec<(Colour, Move)>,
    komi: f32,
    cfg: SearchConfig,
    visits: Option<usize>,
    max_time: Option<Duration>,
    perspective: Perspective,
    pv_len: usize,
    ownership: bool,
    moves_ownership: bool,
    policy: bool,
    pv_visits: bool,
    report_every: Option<Duration>,
    avoid: Avoid,
}

/// One turn of a query waiting to be searched.
struct Job {
    query: Arc<Query>,
    /// The query's number, in order of arrival (its bytes are counted under it).
    seq: u64,
    turn: usize,
    priority: i64,
}

/// What the reader and the workers share.
#[derive(Default)]
struct State {
    queue: Vec<Job>,
    /// Turns being searched: (query number, id, turn, its stop flag).
    running: Vec<(u64, String, usize, Arc<AtomicBool>)>,
    /// Each query in flight: its bytes and its turns not yet answered.
    open: HashMap<u64, (usize, usize)>,
    turns: usize,
    bytes: usize,
    next_seq: u64,
    /// The input has ended: workers leave once the queue is empty.
    closed: bool,
}

/// An error or a warning about a query, in KataGo's words and form.
#[derive(Clone, Debug, PartialEq)]
struct Problem {
    field: Option<&'static str>,
    message: String,
}

fn problem(field: &'static str, message: impl Into<String>) -> Problem {
    Problem { field: Some(field), message: message.into() }
}

/// KataGo's error object: `{"error":..,"field":..,"id":..}`, the field and id when known.
fn error_value(id: Option<&str>, p: &Problem) -> Value {
    let mut m = Map::new();
    m.insert("error".into(), Value::String(p.message.clone()));
    if let Some(f) = p.field {
        m.insert("field".into(), Value::String(f.into()));
    }
    if let Some(id) = id {
        m.insert("id".into(), Value::String(id.into()));
    }
    Value::Object(m)
}

fn warning_value(id: &str, p: &Problem) -> Value {
    json!({"id": id, "field": p.field.unwrap_or(""), "warning": p.message})
}

/// Writes one answer line.
fn write_value(out: &Mutex<impl Write>, v: &Value) {
    let mut line = v.to_string();
    line.push('\n');
    let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
    // A write error means the client is gone; the reader then sees the end of input.
    let _ = w.write_all(line.as_bytes()).and_then(|()| w.flush());
}

impl Engine {
    /// Serves queries from `input` until it ends, answers to `output`; the queries still
    /// waiting then are answered before it returns, as KataGo's engine does.
    pub fn serve(&self, input: impl Read, output: impl Write + Send) {
        let out = Mutex::new(output);
        let state = Mutex::new(State::default());
        let wake = Condvar::new();
        std::thread::scope(|s| {
            for _ in 0..self.workers.max(1) {
                s.spawn(|| self.work(&state, &wake, &out));
            }
            let mut lines = Lines::new(std::io::BufReader::new(input), MAX_LINE).dropping_bom();
            loop {
                match lines.next_line() {
                    Ok(Line::Text(bytes)) => self.handle(&bytes, &state, &wake, &out),
                    Ok(Line::TooLong(n)) => write_value(
                        &out,
                        &error_value(
                            None,
                            &Problem {
                                field: None,
                                message: format!(
                                    "Request line of {n} bytes is longer than {MAX_LINE}, ignored"
                                ),
                            },
                        ),
                    ),
                    Ok(Line::Eof) | Err(_) => break,
                }
            }
            lock(&state).closed = true;
            wake.notify_all();
        });
    }

    /// Answers one line: an action at once, a query by queueing its turns.
    fn handle(&self, bytes: &[u8], state: &Mutex<State>, wake: &Condvar, out: &Mutex<impl Write>) {
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let input: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let message = format!("{e} - could not parse input line as json request");
                write_value(out, &error_value(None, &Problem { field: None, message }));
                return;
            }
        };
        let Some(obj) = input.as_object() else {
            let message = "Request line was valid json but was not an object, ignoring".into();
            write_value(out, &error_value(None, &Problem { field: None, message }));
            return;
        };
        let Some(id) = obj.get("id").and_then(Value::as_str) else {
            let message = "Request must have a string \"id\" field".into();
            write_value(out, &error_value(None, &Problem { field: None, message }));
            return;
        };
        if let Some(action) = obj.get("action").and_then(Value::as_str) {
            self.action(id, action, obj, state, out);
            return;
        }
        let parsed = parse_query(id, obj, &self.cfg);
        let (query, turns, priorities, warnings) = match parsed {
            Ok(q) => q,
            Err(p) => return write_value(out, &error_value(Some(id), &p)),
        };
        let mut st = lock(state);
        if st.turns + turns.len() > MAX_TURNS_IN_FLIGHT
            || st.bytes + bytes.len() > MAX_BYTES_IN_FLIGHT
        {
            drop(st);
            let message = format!(
                "Too many queries in flight (at most {MAX_TURNS_IN_FLIGHT} turns and \
                 {MAX_BYTES_IN_FLIGHT} bytes of queries wait at once): send it again later"
            );
            return write_value(out, &error_value(Some(id), &Problem { field: None, message }));
        }
        for w in &warnings {
            write_value(out, &warning_value(id, w));
        }
        let seq = st.next_seq;
        st.next_seq += 1;
        st.turns += turns.len();
        st.bytes += bytes.len();
        st.open.insert(seq, (bytes.len(), turns.len()));
        let query = Arc::new(query);
        for (turn, priority) in turns.into_iter().zip(priorities) {
            st.queue.push(Job { query: Arc::clone(&query), seq, turn, priority });
        }
        drop(st);
        wake.notify_all();
    }

    /// `query_version`, `clear_cache`, `terminate` and `terminate_all`.
    fn action(
        &self,
        id: &str,
        action: &str,
        obj: &Map<String, Value>,
        state: &Mutex<State>,
        out: &Mutex<impl Write>,
    ) {
        let mut echo = obj.clone();
        match action {
            "query_version" => {
                echo.insert("version".into(), env!("CARGO_PKG_VERSION").into());
                echo.insert("git_hash".into(), "<omitted>".into());
            }
            // Each search starts afresh (no tree or evaluation is kept between queries).
            "clear_cache" => {}
            "terminate" | "terminate_all" => {
                let target = if action == "terminate" {
                    match obj.get("terminateId").and_then(Value::as_str) {
                        Some(t) => Some(t),
                        None => {
                            let p = problem(
                                "terminateId",
                                "Requests for a terminate action must have a string \
                                 \"terminateId\" field",
                            );
                            return write_value(out, &error_value(Some(id), &p));
                        }
                    }
                } else {
                    None
                };
                let turns = match obj.get("turnNumbers") {
                    None => None,
                    Some(v) => match int_list(v) {
                        Some(t) => Some(t),
                        None => {
                            let p = problem(
                                "turnNumbers",
                                "If provided, must be an array of integers indicating turns \
                                 to terminate",
                            );
                            return write_value(out, &error_value(Some(id), &p));
                        }
                    },
                };
                let hits = |qid: &str, turn: usize| {
                    target.is_none_or(|t| t == qid)
                        && turns.as_ref().is_none_or(|ts| ts.contains(&(turn as i64)))
                };
                let mut st = lock(state);
                for (_, qid, turn, stop) in &st.running {
                    if hits(qid, *turn) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                let (gone, kept): (Vec<Job>, Vec<Job>) = std::mem::take(&mut st.queue)
                    .into_iter()
                    .partition(|j| hits(&j.query.id, j.turn));
                st.queue = kept;
                for job in &gone {
                    finish(&mut st, job.seq);
                }
                drop(st);
                for job in gone {
                    let v = json!({"id": job.query.id, "isDuringSearch": false,
                        "noResults": true, "turnNumber": job.turn});
                    write_value(out, &v);
                }
            }
            _ => {
                let message = "'action' field must be 'query_version', 'clear_cache', \
                               'terminate' or 'terminate_all'"
                    .into();
                return write_value(
                    out,
                    &error_value(Some(id), &Problem { field: Some("action"), message }),
                );
            }
        }
        write_value(out, &Value::Object(echo));
    }

    /// A worker: takes the most urgent turn, searches it, answers it; until the input has
    /// ended and nothing waits.
    fn work(&self, state: &Mutex<State>, wake: &Condvar, out: &Mutex<impl Write + Send>) {
        loop {
            let mut st = lock(state);
            let job = loop {
                // Highest priority first, then the earliest query, then its earliest turn.
                let best = (0..st.queue.len()).max_by_key(|&i| {
                    let j = &st.queue[i];
                    (j.priority, std::cmp::Reverse((j.seq, j.turn)))
                });
                if let Some(i) = best {
                    break st.queue.swap_remove(i);
                }
                if st.closed {
                    return;
                }
                st = wake.wait(st).unwrap_or_else(|p| p.into_inner());
            };
            let stop = Arc::new(AtomicBool::new(false));
            st.running.push((job.seq, job.query.id.clone(), job.turn, Arc::clone(&stop)));
            drop(st);
            let answer = analyse(&job.query, job.turn, &stop, out);
            write_value(out, &answer);
            let mut st = lock(state);
            st.running.retain(|r| !Arc::ptr_eq(&r.3, &stop));
            finish(&mut st, job.seq);
        }
    }
}

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

/// One turn of query `seq` is answered (or dropped): its bytes are freed with its last.
fn finish(st: &mut State, seq: u64) {
    st.turns = st.turns.saturating_sub(1);
    if let Some((bytes, left)) = st.open.get_mut(&seq) {
        *left -= 1;
        if *left == 0 {
            let bytes = *bytes;
            st.open.remove(&seq);
            st.bytes = st.bytes.saturating_sub(bytes);
        }
    }
}

/// A JSON array of integers, else `None`.
fn int_list(v: &Value) -> Option<Vec<i64>> {
    v.as_array()?.iter().map(Value::as_i64).collect()
}

/// The rules a query names, in KataGo's terms.
#[derive(Clone, Debug, PartialEq)]
struct Rules {
    ko: String,
    scoring: String,
    tax: String,
    suicide: bool,
    button: bool,
    /// `0`, `N` or `N-1`.
    bonus: String,
}

/// KataGo's named rules (`Rules::parseRules`), by the names it reads.
fn named_rules(name: &str) -> Option<Rules> {
    let r = |ko: &str, scoring: &str, tax: &str, suicide, button, bonus: &str| Rules {
        ko: ko.into(),
        scoring: scoring.into(),
        tax: tax.into(),
        suicide,
        button,
        bonus: bonus.into(),
    };
    let name = name.trim().to_ascii_lowercase().replace('_', "-");
    Some(match name.as_str() {
        "tromp-taylor" => r("POSITIONAL", "AREA", "NONE", true, false, "0"),
        "chinese" => r("SIMPLE", "AREA", "NONE", false, false, "N"),
        "chinese-ogs" | "chinese-kgs" => r("POSITIONAL", "AREA", "NONE", false, false, "N"),
        "japanese" | "korean" => r("SIMPLE", "TERRITORY", "SEKI", false, false, "0"),
        "stone-scoring" | "ancient-area" => r("SIMPLE", "AREA", "ALL", false, false, "0"),
        "aga" | "bga" | "french" => r("SITUATIONAL", "AREA", "NONE", false, false, "N-1"),
        "aga-button" => r("SITUATIONAL", "AREA", "NONE", false, true, "N-1"),
        "new-zealand" | "nz" => r("SITUATIONAL", "AREA", "NONE", true, false, "0"),
        _ => return None,
    })
}

/// Reads `rules` (a name, or KataGo's JSON object, or that object as a string): the
/// rules, or KataGo's error.
fn parse_rules(v: &Value) -> Result<Rules, Problem> {
    let obj =
        match v {
            Value::String(s) => match named_rules(s) {
                Some(r) => return Ok(r),
                None => match serde_json::from_str::<Value>(s) {
                    Ok(Value::Object(o)) => o,
                    _ => return Err(problem("rules", format!("Could not parse rules: {s}"))),
                },
            },
            Value::Object(o) => o.clone(),
            _ => return Err(problem(
                "rules",
                "Must specify rules string, such as \"chinese\" or \"tromp-taylor\", or a JSON \
                 object with detailed rules parameters.",
            )),
        };
    let bad = || problem("rules", format!("Could not parse rules: {}", Value::Object(obj.clone())));
    let word = |k: &str, default: &str, allowed: &[&str]| -> Result<String, Problem> {
        match obj.get(k) {
            None => Ok(default.into()),
            Some(Value::String(s)) if allowed.contains(&s.to_ascii_uppercase().as_str()) => {
                Ok(s.to_ascii_uppercase())
            }
            _ => Err(bad()),
        }
    };
    let flag = |k: &str| -> Result<bool, Problem> {
        match obj.get(k) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            _ => Err(bad()),
        }
    };
    Ok(Rules {
        ko: word("ko", "POSITIONAL", &["SIMPLE", "POSITIONAL", "SITUATIONAL"])?,
        scoring: word("scoring", "AREA", &["AREA", "TERRITORY"])?,
        tax: word("tax", "NONE", &["NONE", "SEKI", "ALL"])?,
        suicide: flag("suicide")?,
        button: flag("hasButton")?,
        bonus: word("whiteHandicapBonus", "0", &["0", "N", "N-1"])?,
    })
}

/// Reads a whole number field within `min..=max`, with KataGo's message when it is not.
fn int_field(
    obj: &Map<String, Value>,
    field: &'static str,
    min: i64,
    max: i64,
    message: &str,
) -> Result<Option<i64>, Problem> {
    match obj.get(field) {
        None => Ok(None),
        Some(v) => match v.as_i64() {
            Some(x) if (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(problem(field, message)),
        },
    }
}

fn float_field(
    obj: &Map<String, Value>,
    field: &'static str,
    min: f64,
    max: f64,
    message: &str,
) -> Result<Option<f64>, Problem> {
    match obj.get(field) {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(x) if x.is_finite() && (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(problem(field, message)),
        },
    }
}

fn bool_field(obj: &Map<String, Value>, field: &'static str) -> Result<bool, Problem> {
    match obj.get(field) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(problem(field, "Must be a boolean")),
    }
}

/// A location as KataGo reads it: a GTP vertex (`C4`, `pass`) or `(x,y)` with x the
/// column from the left and y the row from the top, from 0.
fn parse_location(b: &Board, s: &str) -> Option<Move> {
    if let Some(inner) = s.trim().strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        let (x, y) = inner.split_once(',')?;
        let (x, y) = (x.trim().parse::<usize>().ok()?, y.trim().parse::<usize>().ok()?);
        let n = b.size();
        return (x < n && y < n).then(|| Move::Play(b.point(y, x)));
    }
    parse_vertex(b, s).ok()
}

/// `[["B","Q4"],...]`: colours and moves, or KataGo's error for `field`.
fn parse_moves(
    b: &Board,
    obj: &Map<String, Value>,
    field: &'static str,
    allow_pass: bool,
) -> Result<Vec<(Colour, Move)>, Problem> {
    let shape = || {
        problem(field, "Must be an array of pairs of the form: [\"b\" or \"w\", GTP board vertex]")
    };
    let list = obj.get(field).and_then(Value::as_array).ok_or_else(shape)?;
    let mut out = Vec::with_capacity(list.len());
    for pair in list {
        let [c, v] = pair.as_array().map(Vec::as_slice).unwrap_or(&[]) else { return Err(shape()) };
        let (Some(c), Some(v)) = (c.as_str(), v.as_str()) else { return Err(shape()) };
        let colour =
            parse_color(c).map_err(|_| problem(field, format!("Could not parse player: {c}")))?;
        let location = || problem(field, format!("Could not parse board location: {v}"));
        let mv = parse_location(b, v).ok_or_else(location)?;
        if mv == Move::Pass && !allow_pass {
            return Err(location());
        }
        out.push((colour, mv));
    }
    Ok(out)
}

/// Checked turns, their priorities, and the warnings about a query.
type Parsed = (Query, Vec<usize>, Vec<i64>, Vec<Problem>);

/// Checks a query as KataGo does, field by field, and plays its moves: the query, the
/// turns to analyse with their priorities, and the warnings; or the first error.
fn parse_query(id: &str, obj: &Map<String, Value>, base: &SearchConfig) -> Result<Parsed, Problem> {
    let mut warnings = Vec::new();
    let size_error = format!("Must provide an integer from 2 to {MAX_SIZE}");
    let mut size = [0usize; 2];
    for (i, field) in ["boardXSize", "boardYSize"].into_iter().enumerate() {
        let n = int_field(obj, field, 2, MAX_SIZE as i64, &size_error)?;
        size[i] = n.ok_or_else(|| problem(field, size_error.clone()))? as usize;
    }
    if size[0] != size[1] {
        return Err(problem(
            "boardYSize",
            "This engine plays square boards only: boardYSize must equal boardXSize",
        ));
    }
    let empty = Board::new(size[0]);
    let stones = match obj.get("initialStones") {
        None => Vec::new(),
        Some(_) => parse_moves(&empty, obj, "initialStones", false)?,
    };
    if !obj.contains_key("moves") {
        return Err(problem("moves", "Must specify an array of [player,location] pairs"));
    }
    let moves = parse_moves(&empty, obj, "moves", true)?;
    let initial = match obj.get("initialPlayer") {
        None => None,
        Some(v) => Some(
            v.as_str()
                .and_then(|s| parse_color(s).ok())
                .ok_or_else(|| problem("initialPlayer", "Must be \"b\" or \"w\""))?,
        ),
    };
    let turns: Vec<usize> = match obj.get("analyzeTurns") {
        None => vec![moves.len()],
        Some(v) => {
            let list = int_list(v).ok_or_else(|| {
                problem(
                    "analyzeTurns",
                    "Must specify an array of integers indicating turns to analyze",
                )
            })?;
            let mut turns = Vec::with_capacity(list.len());
            for t in list {
                if t < 0 || t as u64 > moves.len() as u64 {
                    return Err(problem("analyzeTurns", format!("Invalid turn number: {t}")));
                }
                turns.push(t as usize);
            }
            turns
        }
    };
    let priority_bound = 1i64 << 62;
    let priorities = match (obj.get("priorities"), obj.get("priority")) {
        (Some(_), Some(_)) => {
            return Err(problem("priority", "Cannot specify both priority and priorities"))
        }
        (Some(v), None) => {
            let list = int_list(v).ok_or_else(|| {
                problem("priorities", "Must specify an array of integers indicating priorities")
            })?;
            if !obj.contains_key("analyzeTurns") {
                return Err(problem(
                    "priorities",
                    "Can only specify when also specifying analyzeTurns",
                ));
            }
            if list.len() != turns.len() {
                return Err(problem("priorities", "Must be of matching length to analyzeTurns"));
            }
            if let Some(p) = list.iter().find(|p| p.abs() >= priority_bound) {
                return Err(problem("priorities", format!("Invalid priority: {p}")));
            }
            list
        }
        (None, _) => {
            let p = int_field(
                obj,
                "priority",
                1 - priority_bound,
                priority_bound - 1,
                "Must be a number between -2^62 and 2^62",
            )?;
            vec![p.unwrap_or(0); turns.len()]
        }
    };
    // Each turn once, with the last priority given for it (as KataGo keeps them).
    let mut wanted: Vec<Option<i64>> = vec![None; moves.len() + 1];
    for (&t, &p) in turns.iter().zip(&priorities) {
        wanted[t] = Some(p);
    }
    let (turns, priorities): (Vec<usize>, Vec<i64>) =
        wanted.iter().enumerate().filter_map(|(t, p)| p.map(|p| (t, p))).unzip();
    let rules =
        match obj.get("rules") {
            Some(v) => parse_rules(v)?,
            None => return Err(problem(
                "rules",
                "Must specify rules string, such as \"chinese\" or \"tromp-taylor\", or a JSON \
                 object with detailed rules parameters.",
            )),
        };
    if rules.scoring != "AREA" || rules.tax != "NONE" || rules.button {
        return Err(problem(
            "rules",
            format!(
                "Rules not supported: this engine scores by area, without a tax or a button \
                 (scoring {}, tax {}, hasButton {}); ask for \"chinese\" or \"tromp-taylor\"",
                rules.scoring, rules.tax, rules.button
            ),
        ));
    }
    if rules.ko != "POSITIONAL" || rules.suicide {
        warnings.push(problem(
            "rules",
            format!(
                "Rules with ko {} and suicide {} analysed as this engine plays: area scoring, \
                 positional superko, suicide illegal",
                rules.ko, rules.suicide
            ),
        ));
    }
    let komi_message = "Must be a integer or half-integer from -150.0 to 150.0";
    let komi = float_field(obj, "komi", -150.0, 150.0, komi_message)?.unwrap_or(7.5);
    if (komi * 2.0).fract() != 0.0 {
        return Err(problem("rules", komi_message));
    }
    let bonus = match obj.get("whiteHandicapBonus") {
        None => rules.bonus.clone(),
        Some(Value::String(s)) if ["0", "N", "N-1"].contains(&s.as_str()) => s.clone(),
        Some(Value::String(s)) => {
            return Err(problem("whiteHandicapBonus", format!("Unknown whiteHandicapBonus: {s}")))
        }
        Some(_) => return Err(problem("whiteHandicapBonus", "Must be a string")),
    };

    // The settings the search is told, then the fields over them.
    let mut cfg = base.clone();
    let mut perspective = Perspective::Black;
    let mut max_time = None;
    let mut visits = None;
    if let Some(v) = obj.get("overrideSettings") {
        let settings =
            v.as_object().ok_or_else(|| problem("overrideSettings", "Must be an object"))?;
        let mut unknown = Vec::new();
        let could_not =
            |e: String| problem("overrideSettings", format!("Could not set settings: {e}"));
        for (k, v) in settings {
            let text = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            match k.as_str() {
                "reportAnalysisWinratesAs" => {
                    perspective = match text.to_ascii_uppercase().as_str() {
                        "BLACK" => Perspective::Black,
                        "WHITE" => Perspective::White,
                        "SIDETOMOVE" => Perspective::SideToMove,
                        _ => return Err(could_not(format!("reportAnalysisWinratesAs: {text}"))),
                    }
                }
                "maxTime" => {
                    let s = text.parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0);
                    let s = s.ok_or_else(|| could_not(format!("maxTime: {text}")))?;
                    max_time = Some(Duration::from_secs_f64(s.min(MAX_SECONDS)));
                }
                "maxVisits" | "maxPlayouts" => {
                    let n = text.parse::<i64>().ok().filter(|n| (1..=MAX_VISITS).contains(n));
                    let n = n.ok_or_else(|| could_not(format!("{k}: {text}")))?;
                    visits = Some(n as usize);
                }
                // A parameter of the search's registry, as `--tune NAME=VALUE` sets it.
                name if crate::search::params::Knob::named(name).is_some() => {
                    cfg.settings.apply(&format!("{name}={text}")).map_err(could_not)?;
                }
                _ => unknown.push(k.clone()),
            }
        }
        if !unknown.is_empty() {
            warnings.push(problem(
                "overrideSettings",
                format!(
                    "Unknown config params: {} (not settings of this engine)",
                    unknown.join(",")
                ),
            ));
        }
    }
    if let Some(n) =
        int_field(obj, "maxVisits", 1, MAX_VISITS, "Must be an integer from 1 to 2^50")?
    {
        visits = Some(n as usize);
    }
    let pv_len = int_field(obj, "analysisPVLen", 1, 1000, "Must be an integer from 1 to 1000")?;
    for (field, message, min, max) in [
        ("rootFpuReductionMax", "Must be a number from 0.0 to 2.0", 0.0, 2.0),
        ("rootPolicyTemperature", "Must be a number from 0.01 to 100.0", 0.01, 100.0),
    ] {
        if float_field(obj, field, min, max, message)?.is_some() {
            warnings.push(problem(field, "Not a setting of this engine's search, ignored"));
        }
    }
    let ownership = bool_field(obj, "includeOwnership")?;
    let moves_ownership = bool_field(obj, "includeMovesOwnership")?;
    let policy = bool_field(obj, "includePolicy")?;
    let pv_visits = bool_field(obj, "includePVVisits")?;
    for field in ["includeOwnershipStdev", "includeMovesOwnershipStdev"] {
        if bool_field(obj, field)? {
            warnings.push(problem(field, "Not computed by this engine, left out"));
        }
    }
    let seconds = "Must be number of seconds from 0.001 to 1000000.0";
    let every = float_field(obj, "reportDuringSearchEvery", 0.001, MAX_SECONDS, seconds)?;
    let first = float_field(obj, "firstReportDuringSearchAfter", 0.001, MAX_SECONDS, seconds)?;
    let report_every = every.or(first).map(Duration::from_secs_f64);

    let mut avoid = Avoid::default();
    match (obj.get("avoidMoves"), obj.get("allowMoves")) {
        (Some(_), Some(_)) => {
            return Err(problem("allowMoves", "Cannot specify both allowMoves and avoidMoves"))
        }
        (Some(v), None) => read_avoid(&empty, v, "avoidMoves", false, &mut avoid, &mut warnings)?,
        (None, Some(v)) => read_avoid(&empty, v, "allowMoves", true, &mut avoid, &mut warnings)?,
        (None, None) => {}
    }

    // The start: the stones, the side to move as KataGo guesses it.
    let mut grid = vec![EMPTY; size[0] * size[0]];
    for (c, mv) in &stones {
        if let Move::Play(p) = mv {
            let (r, col) = empty.row_col(*p);
            grid[r * size[0] + col] = if *c == Colour::Black { BLACK } else { WHITE };
        }
    }
    let blacks = grid.iter().filter(|&&s| s == BLACK).count();
    let whites = grid.iter().filter(|&&s| s == WHITE).count();
    // Black stones alone before any move are handicap stones (one is none).
    let handicap = if whites == 0 && blacks >= 2 { blacks } else { 0 };
    let to_move = initial.unwrap_or(match moves.first() {
        Some((c, _)) => *c,
        None if handicap > 0 => Colour::White,
        None => Colour::Black,
    });
    let start = Board::from_stones(size[0], &grid, to_move)
        .map_err(|e| problem("initialStones", format!("Could not place the stones: {e}")))?;
    if start.points().any(|p| start.at(p) != grid_at(&grid, &start, p)) {
        return Err(problem("initialStones", "Stones without liberties cannot start a game"));
    }
    let mut game = Game::new(start.clone());
    for (i, &(c, mv)) in moves.iter().enumerate() {
        if game.play_as(c, mv).is_err() {
            let v = format_vertex(game.board(), mv);
            return Err(problem("moves", format!("Illegal move {i}: {v}")));
        }
    }
    let komi = komi as f32
        + match bonus.as_str() {
            "N" => handicap as f32,
            "N-1" => handicap.saturating_sub(1) as f32,
            _ => 0.0,
        };
    let query = Query {
        id: id.to_string(),
        start,
        moves,
        komi,
        cfg,
        visits,
        max_time,
        perspective,
        pv_len: pv_len.map_or(usize::MAX, |n| n as usize),
        ownership,
        moves_ownership,
        policy,
        pv_visits,
        report_every,
        avoid,
    };
    Ok((query, turns, priorities, warnings))
}

fn grid_at(grid: &[u8], b: &Board, p: Point) -> u8 {
    let (r, c) = b.row_col(p);
    grid[r * b.size() + c]
}

/// Reads `avoidMoves` or `allowMoves` (`allow`) into `avoid`: the moves the root may not
/// play, for each colour. Only the root is restricted (depth 1): a deeper `untilDepth`
/// gets a warning.
fn read_avoid(
    empty: &Board,
    v: &Value,
    field: &'static str,
    allow: bool,
    avoid: &mut Avoid,
    warnings: &mut Vec<Problem>,
) -> Result<(), Problem> {
    let shape =
        || problem(field, "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'");
    let list = v.as_array().ok_or_else(shape)?;
    if allow && list.len() > 1 {
        return Err(problem(field, "Currently allowMoves only allows one entry"));
    }
    let mut deep = false;
    for entry in list {
        let e = entry.as_object().ok_or_else(shape)?;
        if !(e.contains_key("moves") && e.contains_key("untilDepth") && e.contains_key("player")) {
            return Err(shape());
        }
        let player = e["player"]
            .as_str()
            .and_then(|s| parse_color(s).ok())
            .ok_or_else(|| problem("player", "Must be \"b\" or \"w\""))?;
        let locs = e["moves"]
            .as_array()
            .ok_or_else(|| problem("moves", "Must be an array of GTP board vertices"))?;
        let mut listed = Vec::with_capacity(locs.len());
        for l in locs {
            let s = l
                .as_str()
                .ok_or_else(|| problem("moves", "Must be an array of GTP board vertices"))?;
            let mv = parse_location(empty, s)
                .ok_or_else(|| problem("moves", format!("Could not parse board location: {s}")))?;
            listed.push(mv);
        }
        let depth = int_field(e, "untilDepth", 1, 1_000_000_000, "Must be a positive integer")?;
        deep |= depth.is_some_and(|d| d > 1);
        listed.sort_unstable();
        listed.dedup();
        let moves = if allow {
            let every = empty.points().map(Move::Play).chain([Move::Pass]);
            every.filter(|m| listed.binary_search(m).is_err()).collect()
        } else {
            listed
        };
        let side = if player == Colour::Black { &mut avoid.black } else { &mut avoid.white };
        side.extend(moves);
        // At most every point and pass, however long the lists.
        side.sort_unstable();
        side.dedup();
    }
    if deep {
        warnings.push(problem(field, "Only the root's move is restricted (untilDepth 1)"));
    }
    Ok(())
}

/// A number as answers write it: six decimals (the search's are `f32`; more digits would
/// only show its rounding).
fn num(x: f64) -> Value {
    let r = (x * 1e6).round() / 1e6;
    // `-0` reads oddly.
    json!(if r == 0.0 { 0.0 } else { r })
}

/// Searches turn `turn` of `q` and returns its answer; reports during the search go to
/// `out` when asked, and `stop` (a `terminate`) ends the search with what it has.
fn analyse(q: &Query, turn: usize, stop: &AtomicBool, out: &Mutex<impl Write + Send>) -> Value {
    let mut game = Game::new(q.start.clone());
    for &(c, mv) in &q.moves[..turn] {
        // Checked when the query was read.
        if game.play_as(c, mv).is_err() {
            return error_value(Some(&q.id), &problem("moves", "Illegal move"));
        }
    }
    let b = game.board().clone();
    let to_move = b.to_move();
    let avoided = if to_move == Colour::Black { &q.avoid.black } else { &q.avoid.white };
    let mut forbidden = superko_forbidden(&game, &b);
    forbidden.extend(avoided.iter().filter_map(|m| match m {
        Move::Play(p) => Some(*p),
        Move::Pass => None,
    }));
    let resolved = q.cfg.resolve_for(&b, q.komi);
    let rules = RootRules {
        forbidden,
        allow_pass: !avoided.contains(&Move::Pass),
        wide: resolved.params().wide_root.applies(false),
    };
    let mut root = b.clone();
    root.set_passes(u8::from(game.moves_played() > 0 && b.last_move().is_pass()));
    let visits = q.visits.unwrap_or_else(|| resolved.budget(&root));
    let deadline = q.max_time.map(|t| Instant::now() + t);
    let search = |flag: &AtomicBool, progress: &Progress| {
        let ctl = Control {
            stop: Some(flag),
            deadline,
            progress: Some(progress),
            max_playouts: Some(visits.min(LIVE_MAX_PLAYOUTS)),
            moves_ownership: q.moves_ownership,
            ..Control::default()
        };
        mcts::search_resolved(&root, &resolved, &rules, &ctl);
    };
    let render = |progress: &Progress| answer(q, turn, &b, progress, true).to_string();
    let watch = Watch {
        interval: q.report_every.unwrap_or(Duration::ZERO),
        ownership: q.ownership,
        stop: false,
        last_report: false,
    };
    // `terminate` raises `stop`; the watch's own flag is the search's, so a thread
    // forwards it.
    let flag = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let progress = std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(Ordering::Acquire) {
                if stop.load(Ordering::Relaxed) {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let ((), (), progress) = watch.run(out, &render, &flag, search, || ());
        done.store(true, Ordering::Release);
        progress
    });
    let mut v = answer(q, turn, &b, &progress, false);
    if q.policy {
        if let Value::Object(m) = &mut v {
            m.insert("policy".into(), policy(&b, &root_priors(&root, &resolved, &rules)));
        }
    }
    v
}

/// The answer for turn `turn` (position `b`) from `progress`'s snapshot.
fn answer(q: &Query, turn: usize, b: &Board, progress: &Progress, during: bool) -> Value {
    let (_, candidates) = progress.candidates();
    let to_move = b.to_move();
    // Values for the side to move flip when reported for the other side.
    let flip = match q.perspective {
        Perspective::Black => to_move == Colour::White,
        Perspective::White => to_move == Colour::Black,
        Perspective::SideToMove => false,
    };
    let share = |x: f32| num(f64::from(if flip { 1.0 - x } else { x }));
    let utility = |x: f32| num(f64::from(if flip { 1.0 - 2.0 * x } else { 2.0 * x - 1.0 }));
    // Scores are black's margins; the other side's is their negation.
    let black_side = match q.perspective {
        Perspective::Black => true,
        Perspective::White => false,
        Perspective::SideToMove => to_move == Colour::Black,
    };
    let score = |s: f32| num(f64::from(if black_side { s } else { -s }));
    let mut infos = Vec::with_capacity(candidates.len());
    for (order, c) in candidates.iter().enumerate() {
        infos.push(move_info(q, b, c, order, &share, &utility, &score, black_side));
    }
    let mut m = Map::new();
    m.insert("id".into(), q.id.clone().into());
    m.insert("isDuringSearch".into(), during.into());
    m.insert("moveInfos".into(), Value::Array(infos));
    let root = RootInfo::of(&candidates);
    let mut r = Map::new();
    r.insert("currentPlayer".into(), if to_move == Colour::Black { "B" } else { "W" }.into());
    if let Some(s) = root.score {
        r.insert("scoreLead".into(), score(s));
        r.insert("scoreSelfplay".into(), score(s));
    }
    r.insert("thisHash".into(), format!("{:016X}", b.position_key()).into());
    r.insert("utility".into(), utility(root.winrate));
    r.insert("visits".into(), root.visits.into());
    r.insert("winrate".into(), share(root.winrate));
    m.insert("rootInfo".into(), Value::Object(r));
    if let Some(own) = progress.ownership().filter(|_| q.ownership) {
        m.insert("ownership".into(), ownership(b, &own, black_side));
    }
    m.insert("turnNumber".into(), turn.into());
    Value::Object(m)
}

#[allow(clippy::too_many_arguments)]
fn move_info(
    q: &Query,
    b: &Board,
    c: &Candidate,
    order: usize,
    share: &dyn Fn(f32) -> Value,
    utility: &dyn Fn(f32) -> Value,
    score: &dyn Fn(f32) -> Value,
    black_side: bool,
) -> Value {
    let pv: Vec<Value> = c.pv.iter().take(q.pv_len).map(|&m| format_vertex(b, m).into()).collect();
    let mut m = Map::new();
    m.insert("edgeVisits".into(), c.visits.into());
    m.insert("lcb".into(), share(c.lcb));
    m.insert("move".into(), format_vertex(b, c.mv).into());
    m.insert("order".into(), order.into());
    if let (true, Some(own)) = (q.moves_ownership, &c.ownership) {
        m.insert("ownership".into(), ownership(b, own, black_side));
    }
    m.insert("prior".into(), num(f64::from(c.prior)));
    if q.pv_visits {
        let visits: Vec<Value> = c.pv_visits.iter().take(pv.len()).map(|&v| v.into()).collect();
        m.insert("pvEdgeVisits".into(), Value::Array(visits.clone()));
        m.insert("pvVisits".into(), Value::Array(visits));
    }
    m.insert("pv".into(), Value::Array(pv));
    if let Some(s) = c.score {
        m.insert("scoreLead".into(), score(s));
        m.insert("scoreMean".into(), score(s));
        m.insert("scoreSelfplay".into(), score(s));
        m.insert("scoreStdev".into(), num(f64::from(c.score_stdev.unwrap_or(0.0))));
    }
    m.insert("utility".into(), utility(c.winrate));
    m.insert("utilityLcb".into(), utility(c.lcb));
    m.insert("visits".into(), c.visits.into());
    m.insert("winrate".into(), share(c.winrate));
    Value::Object(m)
}

/// Each point's owner from -1 to 1 (1: black's when `black_side`, else white's), row by
/// row from the top left.
fn ownership(b: &Board, own: &Ownership, black_side: bool) -> Value {
    let n = b.size();
    let sign = if black_side { 1.0 } else { -1.0 };
    let values =
        (0..n * n).map(|i| num(f64::from(sign * own.of(b.point(i / n, i % n)).unwrap_or(0.0))));
    Value::Array(values.collect())
}

/// KataGo's `policy`: each point's prior row by row from the top left, then passing's;
/// -1 where the move is illegal, 0 where the search never plays it (its own eyes, a
/// repetition, an avoided move).
fn policy(b: &Board, priors: &[(Move, f32)]) -> Value {
    let n = b.size();
    let prior = |m: Move| priors.iter().find(|(pm, _)| *pm == m).map(|&(_, p)| p);
    let mut values: Vec<Value> = (0..n * n)
        .map(|i| {
            let p = b.point(i / n, i % n);
            match prior(Move::Play(p)) {
                Some(x) => num(f64::from(x)),
                None if b.at(p) == EMPTY && b.is_legal(Move::Play(p)) => num(0.0),
                None => json!(-1),
            }
        })
        .collect();
    values.push(num(f64::from(prior(Move::Pass).unwrap_or(0.0))));
    Value::Array(values)
}
