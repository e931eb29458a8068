//! The Go Text Protocol (version 2) engine: `menace go --gtp`.
//!
//! Every command is one entry of [`COMMANDS`], a table from names to handlers (the way
//! GNU Go lays out its GTP), so the protocol reads as a list. A handler gets the engine and
//! the arguments and returns the answer text or an error message; [`GtpEngine::handle_line`]
//! adds the `=id` / `?id` framing and the empty line. A failed command leaves the state as
//! it was.

use crate::io::analysis::{self, Format, Kind, Request};
use crate::io::sgf;
use crate::io::vertex::{parse_color, LETTERS};
// Where the vertex words have always been found (tests, the referee, docs).
pub use crate::io::vertex::{format_vertex, parse_vertex};
use crate::rules::board::{Board, Colour, Move, Point, BLACK, EMPTY, MAX_SIZE, WHITE};
use crate::rules::clock::{TimeControl, MAX_STONES};
use crate::rules::game::Game;
use crate::rules::handicap;
use crate::rules::score;
use crate::search::bot;
use crate::search::control::Progress;
use crate::search::mcts::SearchConfig;
use crate::search::params::Knob;
// Where these have always been found (tests, the analysis engine, docs).
use crate::search::player::{Ask, Player};
pub use crate::search::player::{CLOCKED_PLAYOUTS_FACTOR, GENMOVE_SUPERKO, LIVE_MAX_PLAYOUTS};
use crate::search::status::{self, Status};
use crate::search::time;
use menace_run::{Line, Lines};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A command handler: the engine and the arguments in, the answer (or an error) out.
pub type Handler = fn(&mut GtpEngine, &[&str]) -> Result<String, String>;

/// The commands we know, in the order `list_commands` prints them.
pub const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, _| Ok("2".into())),
    ("name", |e, _| Ok(e.name.clone().unwrap_or_else(|| "menace".into()))),
    ("version", |e, _| Ok(e.version.clone().unwrap_or_else(|| env!("CARGO_PKG_VERSION").into()))),
    ("known_command", cmd_known_command),
    ("list_commands", cmd_list_commands),
    ("quit", cmd_quit),
    ("boardsize", cmd_boardsize),
    ("clear_board", cmd_clear_board),
    ("komi", cmd_komi),
    ("fixed_handicap", cmd_fixed_handicap),
    ("place_free_handicap", cmd_fixed_handicap),
    ("set_free_handicap", cmd_set_free_handicap),
    ("play", cmd_play),
    ("genmove", cmd_genmove),
    ("reg_genmove", cmd_reg_genmove),
    ("undo", cmd_undo),
    ("final_score", cmd_final_score),
    ("showboard", cmd_showboard),
    ("loadsgf", cmd_loadsgf),
    ("time_settings", cmd_time_settings),
    ("time_left", cmd_time_left),
    // Issue 75: GoGui's interrupt (`# interrupt` stops a `loadsgf`, see [`serve`]).
    ("gogui-interrupt", |_, _| Ok(String::new())),
    // G1 "engine" (issue 28): clocks and live analysis.
    ("kgs-time_settings", cmd_kgs_time_settings),
    ("lz-analyze", cmd_lz_analyze),
    ("lz-genmove_analyze", cmd_genmove_analyze),
    ("genmove_analyze", cmd_genmove_analyze),
    ("kata-analyze", cmd_kata_analyze),
    ("kata-genmove_analyze", cmd_kata_genmove_analyze),
    // G2 (issue 28): the end of the game.
    ("final_status_list", cmd_final_status_list),
    ("kgs-genmove_cleanup", cmd_genmove_cleanup),
    // Issue 75: what KataGo's, Leela Zero's and GoGui's controllers also send.
    ("get_komi", |e, _| Ok(e.komi.to_string())),
    ("printsgf", cmd_printsgf),
    ("kata-get-rules", |_, _| Ok(RULES_JSON.into())),
    ("kata-set-rules", cmd_kata_set_rules),
    ("kata-list-params", cmd_kata_list_params),
    ("kata-get-param", cmd_kata_get_param),
    ("kata-set-param", cmd_kata_set_param),
    ("stop", |_, _| Ok(String::new())),
    ("clear_cache", cmd_clear_cache),
    ("gogui-analyze_commands", |_, _| Ok(GOGUI_ANALYZE_COMMANDS.join("\n"))),
    ("lz-setoption", cmd_lz_setoption),
];

/// The rules the engine plays, in KataGo's `kata-get-rules` form: area scoring,
/// positional superko (`genmove` never recreates a position, [`GENMOVE_SUPERKO`]), suicide
/// illegal, no tax, no button, no handicap compensation (area scoring counts the stones),
/// and passing with dead stones on the board not "friendly": the search scores the board
/// as it stands, so it captures them first.
pub const RULES_JSON: &str = r#"{"friendlyPassOk":false,"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"0"}"#;

/// What `gogui-analyze_commands` lists (GoGui's `TYPE/LABEL/COMMAND`; `%m` is the colour
/// to move): the engine's own views of the position.
pub const GOGUI_ANALYZE_COMMANDS: &[&str] = &[
    "string/Final Score/final_score",
    "plist/Dead Stones/final_status_list dead",
    "plist/Seki Stones/final_status_list seki",
    "move/Engine Move/reg_genmove %m",
    "string/Komi/get_komi",
    "string/Rules/kata-get-rules",
    "string/Search Parameters/kata-list-params",
    "none/Clear Cache/clear_cache",
];

/// The GTP engine's state: the game so far and the player that searches it. Named for
/// what GTP calls the program that answers a controller's commands; not `Engine`, which is
/// the protocol crate's trait for a player of the class protocol's games. It translates
/// text: the [`Player`] decides how each search runs (its clock, early stop, playout cap,
/// kept trees, pondering).
pub struct GtpEngine {
    /// The game so far: `undo` steps back through it, genmove never recreates one of its
    /// positions ([`GENMOVE_SUPERKO`]).
    game: Game,
    komi: f32,
    /// The search, its clocks (`time_settings`, `time_left`), kept trees and pondering.
    player: Player,
    /// The last command played a move of ours (pondering starts after it).
    just_moved: bool,
    /// What `version` answers instead of ours (see [`GtpEngine::version`]).
    version: Option<String>,
    /// What `name` answers instead of `menace` ([`GtpEngine::name`]).
    name: Option<String>,
    /// Say each move's search on stderr (see [`GtpEngine::verbose`]).
    verbose: bool,
    /// An analysis command accepted and not yet run (see [`GtpEngine::handle_line`]).
    pending: Option<Request>,
    /// A `loadsgf` whose file is read and not yet loaded (see [`LoadJob`]).
    pending_load: Option<LoadJob>,
    /// The current command's words after its name, as the line had them ([`rest_of_line`]).
    rest: String,
    quit: bool,
}

impl GtpEngine {
    /// A 19x19 engine with komi 0 searching with `cfg`. Each genmove's seed is a hash of the
    /// position mixed with `cfg.seed` (0 for the plain engine), so the engine is
    /// deterministic, and a match can still vary it reproducibly with another seed.
    pub fn new(cfg: SearchConfig) -> GtpEngine {
        GtpEngine {
            game: Game::new(Board::new(MAX_SIZE)),
            komi: 0.0,
            player: Player::new(cfg),
            pending: None,
            pending_load: None,
            rest: String::new(),
            just_moved: false,
            version: None,
            name: None,
            verbose: false,
            quit: false,
        }
    }

    /// Lets `genmove` answer `resign` when the search's best winrate is below `winrate`
    /// (0, the default, never resigns), once a quarter of the board's points have been
    /// played: in matches a lost game then ends instead of being played out to the last
    /// dead stone.
    pub fn resign_below(mut self, winrate: f32) -> GtpEngine {
        self.player.set_resign_below(winrate);
        self
    }

    /// Tree reuse: each search keeps its trees, and the next one starts from the subtree
    /// of the moves played since (if the game went on from there). The moves then depend
    /// on the searches before, still deterministically for the same game.
    pub fn reuse_tree(mut self, on: bool) -> GtpEngine {
        self.player.set_reuse(on);
        self
    }

    /// Pondering: after each `genmove` the engine searches the opponent's position (with
    /// tree reuse, which it turns on) until the next command arrives, in [`serve`]; the
    /// following search starts from that tree. What it plays then depends on how long
    /// the opponent took.
    pub fn ponder(mut self, on: bool) -> GtpEngine {
        self.player.set_ponder(on);
        self
    }

    /// The engine's own clock (`None`, the default: the fixed playout budget), for
    /// controllers that send no `time_settings`: `0+10/1` thinks up to 10 s a move less the
    /// margin. A controller's `time_settings` replaces it; every new game (`clear_board`,
    /// `boardsize`) starts the clocks afresh.
    pub fn time_control(mut self, tc: Option<TimeControl>) -> GtpEngine {
        self.player.time_mut().set(tc);
        self
    }

    /// Makes `version` answer `version` instead of our own version (when given). Lizzie
    /// 0.7.4 reads the answer as a Leela Zero version and, below 0.15, stops to show a
    /// dialog before it starts analysing; KataGo's `-override-version` is the precedent.
    pub fn version(mut self, version: Option<String>) -> GtpEngine {
        self.version = version;
        self
    }

    /// Makes `name` answer `name` instead of `menace` (when given). Lizzie 0.7.4 sends
    /// KataGo's `kata-analyze ... ownership true` (and shows the ownership map and each
    /// move's score) only to an engine whose name starts with `KataGo`.
    pub fn name(mut self, name: Option<String>) -> GtpEngine {
        self.name = name;
        self
    }

    /// Says on stderr, for each move the engine chooses, the move, the playouts this search
    /// ran, the visits its root holds (more than the playouts when a kept or pondered tree
    /// was reused) and the seconds it took: what GoGui's and Sabaki's engine consoles show,
    /// and how pondering's worth is read off a match.
    pub fn verbose(mut self, on: bool) -> GtpEngine {
        self.verbose = on;
        self
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// `c`'s clock as the engine counts it (`None`: no time control set).
    pub fn clock(&self, c: Colour) -> Option<&crate::rules::clock::Clock> {
        self.player.time().clock(c)
    }

    /// Has `quit` been received?
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Handles one input line; `None` for lines that need no answer (empty or comment).
    /// The answer includes the final empty line. An analysis command (`lz-analyze`,
    /// `genmove_analyze`) runs here on the fixed playout budget (or the clock) and shows
    /// one info line at the end; [`serve`] streams them instead.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let (id, answer) = self.dispatch(line)?;
        if let (Ok(_), Some(job)) = (&answer, self.pending_load.take()) {
            let loaded = sgf::load(&job.text, job.before, &AtomicBool::new(false));
            return Some(frame(&id, self.finish_load(loaded)));
        }
        if let (Ok(_), Some(req)) = (&answer, self.pending.take()) {
            let sink = std::sync::Mutex::new(std::io::sink());
            let (body, ()) = self.run_analysis(req, &sink, || (), false);
            return Some(format!("={id}\n{body}"));
        }
        Some(frame(&id, answer))
    }

    /// Parses and runs one line: its id and the handler's answer (`None`: no command).
    fn dispatch(&mut self, line: &str) -> Option<(String, Result<String, String>)> {
        self.pending = None;
        self.pending_load = None;
        self.just_moved = false;
        // Preprocessing as GTP 2 specifies: drop control characters except tab/newline,
        // tabs to spaces, cut comments, skip empty lines.
        let cleaned: String = line
            .chars()
            .filter(|&c| !c.is_control() || c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let body = cleaned.split('#').next().unwrap_or("");
        let mut words = body.split_whitespace().peekable();
        let first = *words.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.next();
            first.to_string()
        } else {
            String::new()
        };
        let Some(name) = words.next() else {
            return Some((id, Err("missing command".into())));
        };
        let args: Vec<&str> = words.collect();
        self.rest = rest_of_line(body.trim_start().strip_prefix(id.as_str()).unwrap_or(body), name)
            .to_string();
        let answer = match COMMANDS.iter().find(|(n, _)| *n == name) {
            Some((_, handler)) => handler(self, &args),
            None => Err("unknown command".into()),
        };
        Some((id, answer))
    }

    /// Runs an accepted analysis command and returns the text after its `=id` line, and
    /// what `wait` returned. `live`: info lines go to `out` every interval while `wait`
    /// runs on this thread, and for `lz-analyze` its return stops the search (`wait` reads
    /// the next command); the text is then the empty line that ends the answer, or
    /// `play MOVE` and the empty line. Not live: the search runs its budget (the fixed
    /// playouts, or the clock for `genmove_analyze`) and the text holds its one info line.
    fn run_analysis<W: std::io::Write + Send, R>(
        &mut self,
        req: Request,
        out: &std::sync::Mutex<W>,
        wait: impl FnOnce() -> R,
        live: bool,
    ) -> (String, R) {
        let start = Instant::now();
        let interval = if live { req.interval } else { std::time::Duration::ZERO };
        let b = self.ask(req.color, false, &req.avoid).board();
        let mut text = String::new();
        let info = |line: String| {
            if live || line.is_empty() {
                String::new()
            } else {
                line + "\n"
            }
        };
        match req.kind {
            Kind::Analyze => {
                let ask = self.ask(req.color, false, &req.avoid);
                let player = &self.player;
                // Live: until the next command; not live: the position's fixed budget, as
                // `genmove` would search.
                let search = |stop: &AtomicBool, progress: &Progress| {
                    player.analyze(&ask, live, req.moves_ownership, stop, progress);
                };
                let ((), r, last) = analysis::stream(out, &b, &req, interval, search, wait, live);
                text.push_str(&info(last));
                text.push('\n');
                (text, r)
            }
            Kind::Genmove => {
                let this = &*self;
                let search = |_: &AtomicBool, progress: &Progress| {
                    this.choose(this.ask(req.color, false, &req.avoid), start, Some(progress))
                };
                let ((_, mv), r, last) =
                    analysis::stream(out, &b, &req, interval, search, wait, false);
                text.push_str(&info(last));
                let answer = commit_genmove(self, &b, mv, start).unwrap_or_else(|e| e);
                text.push_str(&format!("play {answer}\n\n"));
                (text, r)
            }
        }
    }

    /// Takes the game `loaded` holds (`loadsgf`'s answer): all checked, the engine's state
    /// changes only now, and not at all on an error.
    fn finish_load(&mut self, loaded: Result<sgf::Loaded, String>) -> Result<String, String> {
        let loaded = loaded.map_err(cannot_load)?;
        self.game = loaded.game;
        self.komi = loaded.komi;
        Ok(String::new())
    }

    fn reset(&mut self, size: usize) {
        self.game = Game::new(Board::new(size));
        self.player.time_mut().restart();
    }

    /// A search for `color` in the current position; with `cleanup`
    /// (`kgs-genmove_cleanup`) it does not pass while the opponent has dead stones on the
    /// board; it never plays a point of `avoid` at the root.
    fn ask<'a>(&'a self, color: Colour, cleanup: bool, avoid: &'a [Point]) -> Ask<'a> {
        Ask { game: &self.game, komi: self.komi, color, cleanup, avoid }
    }

    /// The player's answer to `ask` (`None`: resign), said on stderr under `-v`; nothing
    /// is changed.
    fn choose(
        &self,
        ask: Ask,
        start: Instant,
        progress: Option<&Progress>,
    ) -> (Board, Option<Move>) {
        let (b, d) = self.player.choose(&ask, start, progress);
        if self.verbose {
            eprintln!("{}", search_line(&b, &d, start.elapsed()));
        }
        (b, (!d.resign).then_some(d.mv))
    }

    /// Puts black handicap stones on the empty board, white to move. They are the game's
    /// starting position: `undo` does not take them back.
    fn place_handicap(&mut self, stones: &[Point]) -> Result<(), String> {
        let b = self.game.board();
        if self.game.moves_played() > 0 || b.points().any(|p| b.at(p) != EMPTY) {
            return Err("board not empty".into());
        }
        self.game = Game::new(handicap::board(b.size(), stones)?);
        Ok(())
    }

    /// Plays `m` for `color`, recording history; the state is unchanged on error.
    fn play_move(&mut self, color: Colour, m: Move) -> Result<(), String> {
        self.game.play_as(color, m).map_err(|_| "illegal move".to_string())
    }
}

/// The `=id answer` or `?id error` framing with the final empty line.
fn frame(id: &str, answer: Result<String, String>) -> String {
    match answer {
        Ok(text) if text.is_empty() => format!("={id}\n\n"),
        Ok(text) => format!("={id} {text}\n\n"),
        Err(msg) => format!("?{id} {msg}\n\n"),
    }
}

fn cmd_known_command(_: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let name = args.first().ok_or("missing command name")?;
    Ok(COMMANDS.iter().any(|(n, _)| n == name).to_string())
}

fn cmd_list_commands(_: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    Ok(COMMANDS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join("\n"))
}

fn cmd_quit(e: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    e.quit = true;
    Ok(String::new())
}

fn cmd_boardsize(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let n: usize = args.first().and_then(|s| s.parse().ok()).ok_or("boardsize not an integer")?;
    if !(2..=MAX_SIZE).contains(&n) {
        return Err("unacceptable size".into());
    }
    e.reset(n);
    Ok(String::new())
}

fn cmd_clear_board(e: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    let n = e.game.board().size();
    e.reset(n);
    Ok(String::new())
}

fn cmd_komi(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let k = args.first().and_then(|s| score::parse_komi(s)).ok_or("komi not a float")?;
    e.komi = k;
    Ok(String::new())
}

/// `time_settings main byo_yomi stones` (whole seconds): absolute time when `byo_yomi` is
/// 0, Canadian overtime otherwise (`stones` moves in every `byo_yomi` seconds), no clock
/// when `byo_yomi` is above 0 and `stones` is 0. Both clocks start afresh; `genmove` then
/// thinks for what the time manager ([`crate::search::time`]) allows.
fn cmd_time_settings(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let tc = TimeControl::from_gtp(args).map_err(|_| "syntax error")?;
    e.player.time_mut().set(tc);
    Ok(String::new())
}

/// `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN
/// PERIOD STONES`: KGS's form, which can also say Japanese byo-yomi.
fn cmd_kgs_time_settings(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let tc = TimeControl::from_kgs(args)?;
    e.player.time_mut().set(tc);
    Ok(String::new())
}

/// `time_left color time stones`: the controller's clock for `color` (seconds; stones 0
/// in main time, else the stones, or byo-yomi periods, left). Without a time control it
/// is checked and ignored.
fn cmd_time_left(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let [color, t, stones] = args else { return Err("syntax error".into()) };
    let color = parse_color(color)?;
    let t = time::parse_seconds(t).ok_or("syntax error")?;
    let stones = stones.parse::<u32>().ok().filter(|&n| n <= MAX_STONES).ok_or("syntax error")?;
    e.player.time_mut().observe(color, t, stones);
    Ok(String::new())
}

/// `fixed_handicap n`, and `place_free_handicap n` (whose choice of points is the engine's:
/// ours is the same standard placement): black's stones on an empty board, white to move.
fn cmd_fixed_handicap(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let [n] = args else { return Err("invalid number of stones".into()) };
    let n: usize = n.parse().map_err(|_| "invalid number of stones")?;
    let stones = handicap::fixed(e.game.board().size(), n)?;
    e.place_handicap(&stones)?;
    Ok(stones
        .iter()
        .map(|&p| format_vertex(e.game.board(), Move::Play(p)))
        .collect::<Vec<_>>()
        .join(" "))
}

/// `set_free_handicap v1 v2 ...`: black's stones where the controller says.
fn cmd_set_free_handicap(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let moves = args
        .iter()
        .map(|v| parse_vertex(e.game.board(), v))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| "bad vertex list")?;
    // A pass puts no stone: refused below, where `points` comes out shorter than `moves`.
    let points: Vec<Point> = moves.iter().filter_map(|m| m.point()).collect();
    let mut distinct = points.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let n = e.game.board().size() * e.game.board().size();
    if points.len() != moves.len()
        || points.len() < 2
        || points.len() >= n
        || distinct.len() != points.len()
    {
        return Err("bad vertex list".into());
    }
    e.place_handicap(&points)?;
    Ok(String::new())
}

fn cmd_play(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    if args.len() != 2 {
        return Err("invalid color or coordinate".into());
    }
    let color = parse_color(args[0])?;
    let m = parse_vertex(e.game.board(), args[1])?;
    e.play_move(color, m)?;
    Ok(String::new())
}

/// One line on a chosen move's search, for `-v`: `B D5: 10240 playouts, root 25710 visits
/// (15470 kept), 0.74 s` (no search: the decision's reason instead; a choice the
/// registry's `verify` replaced: its reason after).
fn search_line(b: &Board, d: &bot::Decision, took: std::time::Duration) -> String {
    let colour = if b.to_move() == Colour::Black { 'B' } else { 'W' };
    let mv = if d.resign { "resign".to_string() } else { format_vertex(b, d.mv) };
    let secs = took.as_secs_f64();
    match &d.search {
        Some(r) => {
            let root: u64 = r.moves.iter().map(|m| u64::from(m.visits)).sum();
            let kept = root.saturating_sub(r.playouts as u64);
            // Under `verify` the playouts are the main search's; a replaced choice says so.
            let why =
                if d.reason == bot::REFUTED { format!(" ({})", d.reason) } else { String::new() };
            format!(
                "{colour} {mv}: {} playouts, root {root} visits ({kept} kept), {secs:.2} s{why}",
                r.playouts
            )
        }
        None => format!("{colour} {mv}: no search ({}), {secs:.2} s", d.reason),
    }
}

fn cmd_genmove(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let start = Instant::now();
    let color = parse_color(args.first().ok_or("invalid color")?)?;
    let (b, mv) = e.choose(e.ask(color, false, &[]), start, None);
    commit_genmove(e, &b, mv, start)
}

/// What a `genmove` that began at `start` does with its choice `mv` on `b` (`None`:
/// resign): charges the time to the mover's clock, plays the move, answers its vertex.
fn commit_genmove(
    e: &mut GtpEngine,
    b: &Board,
    mv: Option<Move>,
    start: Instant,
) -> Result<String, String> {
    // Our own count of the clock, until the controller's next `time_left`.
    e.player.time_mut().charge(b.to_move(), start.elapsed());
    let Some(mv) = mv else { return Ok("resign".to_string()) };
    e.play_move(b.to_move(), mv)?;
    e.just_moved = true;
    Ok(format_vertex(b, mv))
}

/// `lz-analyze [color] [interval]` (Leela Zero's live analysis; see [`analysis`]).
fn cmd_lz_analyze(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    e.pending = Some(analysis::parse(args, Kind::Analyze, Format::LeelaZero, e.game.board())?);
    Ok(String::new())
}

/// `kata-analyze [color] [interval] [ownership true]` (KataGo's live analysis, with each
/// move's score and the board's ownership; see [`analysis`]).
fn cmd_kata_analyze(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    e.pending = Some(analysis::parse(args, Kind::Analyze, Format::KataGo, e.game.board())?);
    Ok(String::new())
}

/// `kata-genmove_analyze color [interval] [ownership true]`: `genmove_analyze` in
/// KataGo's format.
fn cmd_kata_genmove_analyze(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    e.pending = Some(analysis::parse(args, Kind::Genmove, Format::KataGo, e.game.board())?);
    Ok(String::new())
}

/// `genmove_analyze color [interval]` (also `lz-genmove_analyze`): a `genmove` that
/// streams its search and ends with `play MOVE` (see [`analysis`]).
fn cmd_genmove_analyze(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    e.pending = Some(analysis::parse(args, Kind::Genmove, Format::LeelaZero, e.game.board())?);
    Ok(String::new())
}

/// `reg_genmove color`: the move `genmove` would answer, without playing it (for
/// regression suites and analysis).
fn cmd_reg_genmove(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let color = parse_color(args.first().ok_or("invalid color")?)?;
    let (b, mv) = e.choose(e.ask(color, false, &[]), Instant::now(), None);
    Ok(mv.map_or_else(|| "resign".to_string(), |mv| format_vertex(&b, mv)))
}

/// Largest SGF file `loadsgf` reads: a game record is a few kilobytes.
const MAX_SGF_BYTES: u64 = 1 << 20;

/// A `loadsgf` whose file has been read and is still to be loaded: [`serve`] loads it on a
/// thread of its own while it reads the next line, so that GoGui's `# interrupt` stops it.
struct LoadJob {
    text: String,
    before: Option<usize>,
}

/// The words after the command name, as the line had them (spaces inside kept): what
/// `loadsgf` reads its path from.
fn rest_of_line<'a>(body: &'a str, name: &str) -> &'a str {
    body.trim_start().split_once(name).map_or("", |(_, rest)| rest).trim()
}

/// `loadsgf filename [move_number]`: the position in any program's SGF file, as GNU Go's
/// `loadsgf` reads it ([`sgf::load`]: setup stones and the player to move, the main line of
/// a file with variations), its board size and komi, up to the position before move
/// `move_number` (1-based; all the moves if omitted or past the end). Every move is
/// replayed by the rules, so `undo` and the repetition check work as after `play` (back to
/// the last set-up position). A file that cannot be read, is not a Go game, sets up a group
/// without liberties or holds an illegal move changes nothing.
///
/// The path is the rest of the line, spaces inside it kept, less a last word of digits
/// (the move number): `loadsgf my games/one.sgf 20`. The file is read here; the position
/// is loaded by [`GtpEngine::finish_load`] (in [`serve`], on a thread that `# interrupt`
/// stops).
fn cmd_loadsgf(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    if args.is_empty() {
        return Err("syntax error: loadsgf filename [move_number]".into());
    }
    let rest = std::mem::take(&mut e.rest);
    let (path, before) = match rest.rsplit_once(' ') {
        Some((path, n)) if n.bytes().all(|b| b.is_ascii_digit()) => match n.parse::<usize>() {
            Ok(n) if n >= 1 => (path.trim_end(), Some(n)),
            _ => return Err("move number must be a whole number from 1".into()),
        },
        _ => (rest.as_str(), None),
    };
    // Regular files only, opened non-blocking: a FIFO or device cannot hang the engine.
    let bytes = menace_files::read_capped(std::path::Path::new(path), MAX_SGF_BYTES)
        .map_err(|err| cannot_load(format!("{path}: {}", err.reason())))?;
    let text =
        String::from_utf8(bytes).map_err(|_| cannot_load(format!("{path} is not UTF-8 text")))?;
    e.pending_load = Some(LoadJob { text, before });
    Ok(String::new())
}

/// `loadsgf`'s error answer.
fn cannot_load(why: String) -> String {
    format!("cannot load file: {why}")
}

/// `printsgf`: the game as SGF, in the answer (GNU Go's and KataGo's command; a file name
/// is refused: an answer loses nothing, a file written over could). Its start as setup
/// stones, then every move with its colour: `loadsgf` reads it back to the same game.
fn cmd_printsgf(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    match args {
        [] | ["-"] => {}
        _ => return Err("printsgf writes the game in its answer: give no file name".into()),
    }
    let comment = format!("rules: {RULES_JSON}");
    Ok(sgf::write_position(&e.game, e.komi, GTP_RU, &comment).trim_end().to_string())
}

/// `RU` of `printsgf`: the name Go programs know for area scoring with positional
/// superko and suicide illegal, as the servers play Chinese rules ([`RULES_JSON`] has
/// the details, in the game comment).
pub const GTP_RU: &str = "Chinese";

/// `kata-set-rules RULES`: the engine plays one set of rules ([`RULES_JSON`]), so it takes
/// a JSON object all of whose fields say what it plays (`kata-get-rules`'s answer, or a
/// part of it), and refuses anything else, its state unchanged.
fn cmd_kata_set_rules(_: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let refuse = || format!("rules not supported: this engine plays {RULES_JSON}");
    let text = args.join(" ");
    let asked: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).map_err(|_| refuse())?;
    let ours: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(RULES_JSON).expect("the rules are JSON");
    if asked.is_empty() || asked.iter().any(|(k, v)| ours.get(k) != Some(v)) {
        return Err(refuse());
    }
    Ok(String::new())
}

/// `kata-list-params`: every parameter of the search's registry
/// ([`crate::search::params::REGISTRY`]), by name.
fn cmd_kata_list_params(_: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    Ok(Knob::all().map(Knob::name).collect::<Vec<_>>().join(" "))
}

/// `kata-get-param NAME`: the value a registry parameter has now.
fn cmd_kata_get_param(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let [name] = args else { return Err("syntax error: kata-get-param PARAM".into()) };
    let knob: Knob = name.parse()?;
    Ok(e.player.param_text(knob))
}

/// `kata-set-param NAME VALUE`: sets a registry parameter as `--tune NAME=VALUE` does
/// (checked against its row: a refused value changes nothing); the kept tree is dropped,
/// as it was searched with the old value.
fn cmd_kata_set_param(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let [name, value] = args else { return Err("syntax error: kata-set-param PARAM VALUE".into()) };
    e.player.set_param(&format!("{name}={value}"))?;
    Ok(String::new())
}

/// `clear_cache` (KataGo's): forgets the tree kept from the last search, so the next
/// search starts afresh. (There is no other cache: the same position searched afresh
/// gives the same answer.)
fn cmd_clear_cache(e: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    e.player.clear_kept_tree();
    Ok(String::new())
}

/// `lz-setoption name NAME value VALUE` (Leela Zero's; the name may have spaces, any
/// case): `playouts` and `visits` set the playouts a move (a whole number from 1),
/// `pondering` turns pondering on or off (`true`/`false`), `resign percentage` sets the
/// winrate below which `genmove` resigns (0 to 100, or -1 for the default, 5). Leela
/// Zero's memory options, and any other, are refused, the state unchanged.
fn cmd_lz_setoption(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let syntax = || "syntax error: lz-setoption name NAME value VALUE".to_string();
    let ["name", rest @ ..] = args else { return Err(syntax()) };
    let at = rest.iter().rposition(|w| *w == "value").ok_or_else(syntax)?;
    let (name, value) = (rest[..at].join(" ").to_ascii_lowercase(), &rest[at + 1..]);
    let [value] = value else { return Err(syntax()) };
    match name.as_str() {
        "playouts" | "visits" => {
            let n = value.parse::<usize>().ok().filter(|&n| (1..=MAX_PLAYOUTS).contains(&n));
            let n = n.ok_or_else(|| format!("{name}: a whole number from 1 to {MAX_PLAYOUTS}"))?;
            e.player.set_playouts(n);
        }
        "pondering" => {
            let on = match value.to_ascii_lowercase().as_str() {
                "true" | "on" => true,
                "false" | "off" => false,
                _ => return Err("pondering: true or false".into()),
            };
            e.player.set_ponder(on);
        }
        "resign percentage" => {
            let p = value.parse::<f32>().ok().filter(|p| *p == -1.0 || (0.0..=100.0).contains(p));
            let p = p.ok_or("resign percentage: 0 to 100, or -1 for the default")?;
            e.player.set_resign_below(if p < 0.0 { DEFAULT_RESIGN_BELOW } else { p / 100.0 });
        }
        _ => return Err(format!("unknown option: {name}")),
    }
    Ok(String::new())
}

/// The most playouts a move `lz-setoption` sets (a search of them runs within the tree's
/// node cap; see [`LIVE_MAX_PLAYOUTS`]).
pub const MAX_PLAYOUTS: usize = 100_000_000;

/// The resign threshold `menace go --gtp` starts with (`--resign-below`'s default), which
/// `lz-setoption name resign percentage value -1` brings back.
pub const DEFAULT_RESIGN_BELOW: f32 = 0.05;

fn cmd_undo(e: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    if !e.game.undo() {
        return Err("cannot undo".into());
    }
    Ok(String::new())
}

/// `final_score`: area score (stones plus surrounded empty points, Tromp-Taylor) after
/// taking off the stones `final_status_list dead` lists, komi included.
fn cmd_final_score(e: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    Ok(score::result_string(status::estimate(e.game.board()).margin(e.komi)))
}

/// `final_status_list dead|alive|seki`: the stones with that status
/// ([`status::estimate`]), one group a line as GNU Go writes them, each line's vertices
/// and the lines in board order (top row first, left to right).
fn cmd_final_status_list(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let [word] = args else { return Err("syntax error: final_status_list dead|alive|seki".into()) };
    let wanted = Status::parse(word).ok_or("invalid status: dead, alive or seki")?;
    let est = status::estimate(e.game.board());
    let lines: Vec<String> = est
        .groups(e.game.board(), wanted)
        .iter()
        .map(|g| {
            g.iter()
                .map(|&p| format_vertex(e.game.board(), Move::Play(p)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Ok(lines.join("\n"))
}

/// `kgs-genmove_cleanup color`: `genmove`, except that it does not pass while the
/// opponent has dead stones on the board (servers ask for it after the players disagreed
/// on the dead stones: the game goes on until they are captured).
fn cmd_genmove_cleanup(e: &mut GtpEngine, args: &[&str]) -> Result<String, String> {
    let start = Instant::now();
    let color = parse_color(args.first().ok_or("invalid color")?)?;
    let (b, mv) = e.choose(e.ask(color, true, &[]), start, None);
    commit_genmove(e, &b, mv, start)
}

fn cmd_showboard(e: &mut GtpEngine, _: &[&str]) -> Result<String, String> {
    let b = e.game.board();
    let n = b.size();
    let letters: String =
        LETTERS[..n].iter().map(|&l| format!(" {}", l as char)).collect::<String>();
    let mut s = format!("\n  {letters}\n");
    for r in 0..n {
        let num = n - r;
        s.push_str(&format!("{num:>2}"));
        for c in 0..n {
            let p = b.point(r, c);
            s.push(' ');
            s.push(match b.at(p) {
                BLACK => 'X',
                WHITE => 'O',
                _ => '.',
            });
        }
        s.push_str(&format!(" {num}\n"));
    }
    s.push_str(&format!("  {letters}\n"));
    s.push_str(&format!(
        "captured by black {}, by white {}",
        b.prisoners(Colour::Black),
        b.prisoners(Colour::White)
    ));
    Ok(s)
}

/// The longest GTP line read, in bytes; a longer one is skipped whole and answered `?`.
pub const MAX_GTP_LINE: usize = 4096;

/// [`serve`] on standard input and output (`menace go --gtp`): an I/O error is reported
/// on standard error after `command` and fails the process.
pub fn serve_stdio(e: GtpEngine, command: &str) -> std::process::ExitCode {
    match serve(e, std::io::stdin().lock(), std::io::stdout()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{command}: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// One read from the controller.
enum Input {
    /// End of input.
    Eof,
    /// A line over [`MAX_GTP_LINE`] (skipped whole).
    TooLong,
    /// A line, without its line end.
    Line(String),
}

/// Reads the next line of `lines` (capped at [`MAX_GTP_LINE`], never held whole).
fn read_line(lines: &mut Lines<impl std::io::BufRead>) -> std::io::Result<Input> {
    Ok(match lines.next_line()? {
        Line::Eof => Input::Eof,
        Line::TooLong(_) => Input::TooLong,
        // Bytes that are not UTF-8 become U+FFFD: a bad line gets an error answer, not an
        // end of the session.
        Line::Text(bytes) => {
            Input::Line(String::from_utf8_lossy(&bytes).trim_end_matches('\r').to_string())
        }
    })
}

/// Runs `engine` over lines of `input`, writing answers to `output`, until `quit` or end
/// of input. Lines longer than [`MAX_GTP_LINE`] are answered with a `?` error without
/// ever being held whole. Analysis commands stream: `lz-analyze` answers `=id`, then a
/// worker thread searches and writes info lines while this thread waits for the next line,
/// which stops the search; an empty line ends the answer and the line is handled (end of
/// input also stops it). `genmove_analyze` streams its search and ends with `play MOVE`.
pub fn serve(
    mut e: GtpEngine,
    input: impl std::io::BufRead,
    output: impl std::io::Write + Send,
) -> std::io::Result<()> {
    let mut input = Lines::new(input, MAX_GTP_LINE);
    let out = std::sync::Mutex::new(output);
    let write = |text: &str| -> std::io::Result<()> {
        let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
        w.write_all(text.as_bytes())?;
        w.flush()
    };
    let mut next = None;
    loop {
        let read = match next.take() {
            Some(read) => read,
            None => read_line(&mut input)?,
        };
        let line = match read {
            Input::Eof => break,
            Input::TooLong => {
                write(&format!("? line too long (the limit is {MAX_GTP_LINE} bytes)\n\n"))?;
                continue;
            }
            Input::Line(line) => line,
        };
        let Some((id, answer)) = e.dispatch(&line) else { continue };
        match (answer, e.pending.take()) {
            (Ok(_), Some(req)) => {
                write(&format!("={id}\n"))?;
                let text = match req.kind {
                    Kind::Analyze => {
                        let read = || read_line(&mut input);
                        let (text, read) = e.run_analysis(req, &out, read, true);
                        next = Some(read?);
                        text
                    }
                    Kind::Genmove => e.run_analysis(req, &out, || (), true).0,
                };
                write(&text)?;
            }
            (Ok(_), None) if e.pending_load.is_some() => {
                let job = e.pending_load.take().expect("checked");
                let (loaded, read) =
                    load_interruptible(&job, &id, &write, || read_line(&mut input));
                e.finish_load(loaded).ok();
                next = Some(read?);
            }
            (answer, _) => write(&frame(&id, answer))?,
        }
        if e.quit_requested() {
            break;
        }
        if e.player.ponders() && e.just_moved {
            // Think on the opponent's time, silently, until the next line arrives.
            let sink = std::sync::Mutex::new(std::io::sink());
            let to_move = e.game.board().to_move();
            let req = Request::silent(to_move);
            let read = || read_line(&mut input);
            next = Some(e.run_analysis(req, &sink, read, true).1?);
        }
    }
    Ok(())
}

/// The comment line with which GoGui interrupts a command (to an engine that lists
/// `gogui-interrupt`): here it stops a `loadsgf`.
pub const INTERRUPT_LINE: &str = "# interrupt";

/// Loads `job` on a thread of its own, which writes the answer (framed with `id`) as soon
/// as it is done, while this thread reads the next line with `read`: [`INTERRUPT_LINE`]
/// stops the load (answered `? cannot load file: interrupted`, nothing changed), any other
/// line waits for it. The load's result, and what `read` read (the next line to handle).
fn load_interruptible(
    job: &LoadJob,
    id: &str,
    write: &(impl Fn(&str) -> std::io::Result<()> + Sync),
    read: impl FnOnce() -> std::io::Result<Input>,
) -> (Result<sgf::Loaded, String>, std::io::Result<Input>) {
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let loaded = sgf::load(&job.text, job.before, &stop);
            let answer = loaded.as_ref().map(|_| String::new()).map_err(|e| cannot_load(e.clone()));
            // A write error shows again at the next answer, where `serve` reports it.
            write(&frame(id, answer)).ok();
            loaded
        });
        let read = read();
        if matches!(&read, Ok(Input::Line(l)) if l.trim() == INTERRUPT_LINE) {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        let loaded = worker.join().unwrap_or_else(|_| Err("the loader failed".into()));
        (loaded, read)
    })
}

#[cfg(test)]
mod line_cap {
    use super::*;

    #[test]
    fn a_line_over_the_cap_gets_one_error_and_the_next_line_is_read() {
        let mut input = format!("1 name\n2 {}\n", "x".repeat(MAX_GTP_LINE * 3)).into_bytes();
        input.extend_from_slice(
            format!("3 {}\r\n4 name\n", "y".repeat(MAX_GTP_LINE - 2)).as_bytes(),
        );
        let mut out = Vec::new();
        serve(GtpEngine::new(SearchConfig::default()), &input[..], &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
        assert_eq!(answers.len(), 4, "{out}");
        assert!(answers[0].starts_with("=1 "), "{out}");
        assert_eq!(answers[1], "? line too long (the limit is 4096 bytes)");
        // A line of exactly the cap (with CRLF) is read: an unknown command, not too long.
        assert!(answers[2].starts_with("?3 ") && !answers[2].contains("too long"), "{out}");
        assert!(answers[3].starts_with("=4 "), "{out}");
    }
}

#[cfg(test)]
mod loadsgf_past_the_end {
    use super::*;

    #[test]
    fn a_move_number_past_the_end_loads_the_whole_game() {
        let path =
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/games/19x19-level10/game-001.sgf");
        let load = |line: String| {
            let mut e = GtpEngine::new(SearchConfig::default());
            assert_eq!(e.handle_line(&line).as_deref(), Some("=\n\n"), "{line}");
            e
        };
        let (whole, past) =
            (load(format!("loadsgf {path}")), load(format!("loadsgf {path} 100000")));
        assert_eq!(past.board().position_key(), whole.board().position_key());
        assert_eq!(past.game.moves_played(), whole.game.moves_played());
        assert!(whole.game.moves_played() > 100);
        // The same game as `menace go position` reads it (rules::game's one answer).
        let sgf = sgf::read(&std::fs::read_to_string(path).unwrap()).unwrap();
        let position = sgf.position_before(Some(100_000)).unwrap();
        assert_eq!(position.position_key(), whole.board().position_key());
    }
}
