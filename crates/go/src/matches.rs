//! Matches between two GTP engines, refereed here.
//!
//! Colours alternate (the first engine takes black in games 1, 3, ...). Each game starts
//! fresh processes, so one game cannot leak into the next. The referee keeps its own board:
//! two passes in a row end the game, scored by Tromp-Taylor area with the given komi; a move
//! that recreates an earlier position with the same side to move, or reaching the move
//! cap, makes the game a tie; an illegal move, a malformed answer, a resignation, a crash
//! or a timeout loses it. Every game is written as SGF.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::board::{Board, Colour, Move, BLACK};
use super::gtp::{format_vertex, parse_vertex};
use super::handicap;
use super::score;
use super::sgf::{self, SgfGame};
use menace_arena::{Program, Session};

/// A player: a display name and the GTP program.
#[derive(Clone, Debug)]
pub struct Player {
    /// Name in tables and SGF.
    pub name: String,
    /// The command that starts the engine.
    pub program: Program,
}

/// Match settings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Board side.
    pub size: usize,
    /// Number of games.
    pub games: usize,
    /// Number of the first game (1 for a whole match): lets a long match be split over
    /// several processes, each game keeping its colours and `{game}` seed.
    pub first_game: usize,
    /// Komi.
    pub komi: f32,
    /// Moves (passes included) after which the game is a tie.
    pub move_cap: usize,
    /// Black's fixed handicap stones (0: none). With a handicap the first engine always
    /// takes black: alternating would hand the stones to each engine in turn.
    pub handicap: usize,
    /// Longest wait for one answer.
    pub move_timeout: Duration,
    /// Where to write `game-NNN.sgf` (none: do not write).
    pub sgf_dir: Option<PathBuf>,
}

/// How a game ended, from the board's point of view.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Black won.
    BlackWins,
    /// White won.
    WhiteWins,
    /// A tie.
    Tie,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number.
    pub number: usize,
    /// Index (0 or 1) of the player who had black.
    pub black: usize,
    /// The result.
    pub outcome: Outcome,
    /// Result string as in SGF (`B+7`, `W+R`, `0`, ...).
    pub result: String,
    /// Why the game ended.
    pub reason: String,
    /// The moves played.
    pub moves: Vec<Move>,
    /// Seconds each genmove took, per player index.
    pub move_times: [Vec<f64>; 2],
}

/// Sends one GTP command and returns the answer text (`Err` with the message for a `?`
/// answer or a transport failure).
pub fn gtp_command(s: &mut Session, cmd: &str, timeout: Duration) -> Result<String, String> {
    s.send(&format!("{cmd}\n")).map_err(|e| format!("cannot write to engine: {e}"))?;
    let deadline = Instant::now() + timeout;
    let left = || deadline.saturating_duration_since(Instant::now());
    // Skip anything before the answer's first line.
    let first = loop {
        let line = s.read_line(left()).map_err(|e| e.to_string())?;
        if line.starts_with('=') || line.starts_with('?') {
            break line;
        }
    };
    let mut text = first[1..].trim_start_matches(|c: char| c.is_ascii_digit()).trim().to_string();
    loop {
        let line = s.read_line(left()).map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            break;
        }
        text.push('\n');
        text.push_str(&line);
    }
    if first.starts_with('=') {
        Ok(text)
    } else {
        Err(text)
    }
}

/// Plays one game: `players[black]` has black.
pub fn play_game(
    players: &[Player; 2],
    black: usize,
    number: usize,
    cfg: &MatchConfig,
) -> GameRecord {
    let mut rec = GameRecord {
        number,
        black,
        outcome: Outcome::Tie,
        result: "0".into(),
        reason: String::new(),
        moves: Vec::new(),
        move_times: [Vec::new(), Vec::new()],
    };
    let loses = |rec: &mut GameRecord, c: Colour, why: String| {
        rec.outcome = if c == Colour::Black { Outcome::WhiteWins } else { Outcome::BlackWins };
        let winner = if c == Colour::Black { 'W' } else { 'B' };
        rec.result = format!("{winner}+{}", if why.starts_with("resign") { "R" } else { "F" });
        rec.reason = why;
    };
    // A handicap the board cannot take is nobody's loss: no game.
    let mut board = match start(cfg) {
        Ok(b) => b,
        Err(e) => {
            rec.reason = format!("no game: handicap {}: {e}", cfg.handicap);
            rec.result = "Void".into();
            return finish(rec, players, cfg);
        }
    };
    // Player index for each colour.
    let who = |c: Colour| if c == Colour::Black { black } else { 1 - black };
    let mut sessions: Vec<Option<Session>> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let started = Session::spawn(&with_game_number(&p.program, number), 1 << 16, false).ok();
        let mut ok = started.is_some();
        let mut s = started;
        if let Some(sess) = s.as_mut() {
            for cmd in [
                format!("boardsize {}", cfg.size),
                "clear_board".into(),
                format!("komi {}", cfg.komi),
            ] {
                ok &= gtp_command(sess, &cmd, cfg.move_timeout).is_ok();
            }
            // The engine must put the handicap where the referee's board has it.
            if ok && cfg.handicap > 0 {
                let cmd = format!("fixed_handicap {}", cfg.handicap);
                ok = gtp_command(sess, &cmd, cfg.move_timeout)
                    .is_ok_and(|answer| same_points(&board, &answer));
            }
        }
        if !ok {
            let c = if i == black { Colour::Black } else { Colour::White };
            loses(&mut rec, c, format!("{} could not start or set up", p.name));
            return finish(rec, players, cfg);
        }
        sessions.push(s);
    }
    let mut keys = vec![board.position_key()];
    loop {
        if rec.moves.len() >= cfg.move_cap {
            rec.reason = format!("move cap {} reached", cfg.move_cap);
            break;
        }
        let c = board.to_move();
        let idx = who(c);
        let sess = sessions[idx].as_mut().expect("session");
        let t0 = Instant::now();
        let answer = gtp_command(sess, &format!("genmove {c}"), cfg.move_timeout);
        rec.move_times[idx].push(t0.elapsed().as_secs_f64());
        let text = match answer {
            Ok(t) => t,
            Err(e) => {
                loses(&mut rec, c, format!("{} ({c}) failed genmove: {e}", players[idx].name));
                break;
            }
        };
        if text.eq_ignore_ascii_case("resign") {
            loses(&mut rec, c, format!("resignation by {}", players[idx].name));
            break;
        }
        let m = match parse_vertex(&board, &text) {
            Ok(m) => m,
            Err(_) => {
                loses(&mut rec, c, format!("{} answered {text:?}", players[idx].name));
                break;
            }
        };
        if let Err(e) = board.play(m) {
            loses(&mut rec, c, format!("illegal move {text} by {} ({e})", players[idx].name));
            break;
        }
        rec.moves.push(m);
        if board.passes() >= 2 {
            let margin = score::margin(&board, cfg.komi);
            rec.result = score::result_string(margin);
            rec.outcome = if margin > 0.0 {
                Outcome::BlackWins
            } else if margin < 0.0 {
                Outcome::WhiteWins
            } else {
                Outcome::Tie
            };
            rec.reason = "two passes".into();
            break;
        }
        let key = board.position_key();
        if !m.is_pass() && keys.contains(&key) {
            rec.reason = format!("{text} by {} repeats a position", players[idx].name);
            break;
        }
        keys.push(key);
        let other = sessions[1 - idx].as_mut().expect("session");
        let play = format!("play {c} {}", format_vertex(&board, m));
        if let Err(e) = gtp_command(other, &play, cfg.move_timeout) {
            loses(
                &mut rec,
                c.opponent(),
                format!("{} refused {play:?}: {e}", players[1 - idx].name),
            );
            break;
        }
    }
    for s in sessions.into_iter().flatten() {
        let mut s = s;
        let _ = s.send("quit\n");
        s.finish(Duration::from_secs(2));
    }
    finish(rec, players, cfg)
}

/// Whether a `fixed_handicap` answer (`D4 Q16 ...`) names exactly the stones on `board`.
fn same_points(board: &Board, answer: &str) -> bool {
    let named: Result<Vec<Move>, _> =
        answer.split_whitespace().map(|v| parse_vertex(board, v)).collect();
    let Ok(mut named) = named else { return false };
    named.sort_unstable();
    let mut stones: Vec<Move> =
        board.points().filter(|&p| board.at(p) == BLACK).map(Move::Play).collect();
    stones.sort_unstable();
    named == stones
}

/// The starting position: the empty board, or black's fixed handicap stones with white
/// to move.
fn start(cfg: &MatchConfig) -> Result<Board, String> {
    match cfg.handicap {
        0 => Ok(Board::new(cfg.size)),
        n => handicap::board(cfg.size, &handicap::fixed(cfg.size, n)?),
    }
}

/// `program` with every `{game}` in its arguments replaced by the game number: a way to
/// give a deterministic opponent a different, reproducible seed in each game (e.g.
/// `gnugo --seed {game}`), so that a match is not the same two games over and over.
pub fn with_game_number(program: &Program, number: usize) -> Program {
    Program::new(program.argv.iter().map(|a| a.replace("{game}", &number.to_string())))
}

fn finish(rec: GameRecord, players: &[Player; 2], cfg: &MatchConfig) -> GameRecord {
    if let Some(dir) = &cfg.sgf_dir {
        let g = SgfGame {
            size: cfg.size,
            komi: cfg.komi,
            black: players[rec.black].name.clone(),
            white: players[1 - rec.black].name.clone(),
            result: rec.result.clone(),
            // No handicap (0) is no stones.
            handicap: handicap::fixed(cfg.size, cfg.handicap).unwrap_or_default(),
            moves: rec.moves.clone(),
            comment: rec.reason.clone(),
        };
        let _ = std::fs::create_dir_all(dir);
        let path = dir.join(format!("game-{:03}.sgf", rec.number));
        if let Err(e) = menace_files::write_atomic(&path, sgf::write(&g).as_bytes()) {
            eprintln!("cannot write {}: {e}", path.display());
        }
    }
    rec
}

/// Plays `cfg.games` games, alternating colours, calling `each` after every game.
pub fn run_match(
    players: &[Player; 2],
    cfg: &MatchConfig,
    mut each: impl FnMut(&GameRecord),
) -> Vec<GameRecord> {
    let mut out = Vec::new();
    for g in 0..cfg.games {
        let number = cfg.first_game.max(1) + g;
        let black = if cfg.handicap > 0 { 0 } else { (number - 1) % 2 };
        let rec = play_game(players, black, number, cfg);
        each(&rec);
        out.push(rec);
    }
    out
}

/// Points of player `i` in a game: 1 for a win, 1/2 for a tie.
fn points(rec: &GameRecord, i: usize) -> f64 {
    let black_won = match rec.outcome {
        Outcome::Tie => return 0.5,
        Outcome::BlackWins => true,
        Outcome::WhiteWins => false,
    };
    if (rec.black == i) == black_won {
        1.0
    } else {
        0.0
    }
}

/// The results table: per player wins, losses, ties overall and by colour, points, and
/// move times.
pub fn table(players: &[Player; 2], recs: &[GameRecord]) -> String {
    let mut s = format!(
        "{:<24} {:>5} {:>5} {:>6} {:>5} {:>12} {:>12} {:>7} {:>9} {:>8}\n",
        "engine",
        "games",
        "wins",
        "losses",
        "ties",
        "black W-L-T",
        "white W-L-T",
        "points",
        "median s",
        "max s"
    );
    for (i, p) in players.iter().enumerate() {
        let mut by = [[0u32; 3]; 2];
        let mut pts = 0.0;
        let mut times: Vec<f64> = Vec::new();
        for r in recs {
            let col = usize::from(r.black != i);
            let x = points(r, i);
            pts += x;
            by[col][if x == 1.0 {
                0
            } else if x == 0.0 {
                1
            } else {
                2
            }] += 1;
            times.extend(&r.move_times[i]);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let median = menace_stats::stats::median(&times).unwrap_or(0.0);
        let max = times.last().copied().unwrap_or(0.0);
        let tot = |k: usize| by[0][k] + by[1][k];
        s.push_str(&format!(
            "{:<24} {:>5} {:>5} {:>6} {:>5} {:>12} {:>12} {:>7} {:>9.2} {:>8.2}\n",
            p.name,
            recs.len(),
            tot(0),
            tot(1),
            tot(2),
            format!("{}-{}-{}", by[0][0], by[0][1], by[0][2]),
            format!("{}-{}-{}", by[1][0], by[1][1], by[1][2]),
            pts,
            median,
            max
        ));
    }
    s
}
