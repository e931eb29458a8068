//! The players' seats: the one way the referee gets a move, whoever plays.
//!
//! A GTP engine (one process per game, told every move), a king-of-the-hill program
//! (started afresh for every move with the position on stdin) and our bot in-process are
//! interchangeable behind [`Seat`].

use std::time::{Duration, Instant};

use menace_run::{last_line, run_once, Limits, Program, Run, Session, STDERR_TAIL};

use super::rules::{Rules, CLOCK_GRACE};
use crate::io::gtp::{format_vertex, parse_vertex};
use crate::io::koth;
use crate::rules::board::{Board, Colour, Move, BLACK};
use crate::rules::clock::{Clock, TimeControl};
use crate::search::mcts::SearchConfig;

/// Bytes of a king-of-the-hill program's output read per move: an answer is a few bytes,
/// so more than this is a flood and loses the game.
pub const MAX_KOTH_OUTPUT: usize = 4096;

/// A seat's answer to "your move".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move (or a pass), not yet checked for legality.
    Move(Move),
    /// The player gives up.
    Resign,
}

/// A player in one game. `Err` from any method is why the player loses the game.
pub trait Seat {
    /// Gets ready for a game under `rules` starting from `board` (the handicap stones
    /// already on it).
    fn setup(&mut self, rules: &Rules, board: &Board) -> Result<(), String>;
    /// Hears what is left on its `clock` (it plays `colour`) just before it is asked for a
    /// move; only a clocked game ([`Rules::clock`]) calls it.
    fn time_left(&mut self, colour: Colour, clock: &Clock, rules: &Rules) -> Result<(), String> {
        let _ = (colour, clock, rules);
        Ok(())
    }
    /// The move for the side to move on `board`.
    fn genmove(&mut self, board: &Board, rules: &Rules) -> Result<Answer, String>;
    /// The move in a cleanup phase ([`Rules::cleanup`]), where passing with the
    /// opponent's dead stones on the board leaves them counted as alive: by default the
    /// same as [`Seat::genmove`].
    fn genmove_cleanup(&mut self, board: &Board, rules: &Rules) -> Result<Answer, String> {
        self.genmove(board, rules)
    }
    /// Hears the opponent's move `mv` by `colour` (`after` is the board once it is played).
    fn played(
        &mut self,
        colour: Colour,
        mv: Move,
        after: &Board,
        rules: &Rules,
    ) -> Result<(), String> {
        let _ = (colour, mv, after, rules);
        Ok(())
    }
    /// The game is over: release what the seat holds.
    fn finish(&mut self) {}
    /// Asks the program once, before a judge plays any game, whether it runs at all (issue
    /// 75: a typo in a script's name forfeited every game): a GTP engine's `name`, a
    /// king-of-the-hill program's answer to the empty board. Why not, if it does not.
    fn probe(&mut self, rules: &Rules) -> Result<(), String> {
        let _ = rules;
        Ok(())
    }
    /// The end of what the program wrote on standard error up to the failure that cost it
    /// the game (at most [`STDERR_TAIL`] bytes, decoded lossily), if it failed and wrote
    /// something; an in-process seat has none.
    fn stderr(&self) -> Option<String> {
        None
    }
    /// The CPU time (user and system) the seat's programs used in the game, once it is
    /// finished; `None` for an in-process seat (or where it cannot be read).
    fn cpu(&self) -> Option<Duration> {
        None
    }
}

/// `why` followed by the last line of `stderr`, if it has one: what a judge shows of a
/// failed program's standard error in the reason it lost.
fn with_last_line(why: String, stderr: &[u8]) -> String {
    match last_line(stderr) {
        Some(line) => format!("{why}; last line on stderr: {line:?}"),
        None => why,
    }
}

/// `bytes` as kept text, `None` when empty.
fn kept(bytes: &[u8]) -> Option<String> {
    (!bytes.is_empty()).then(|| String::from_utf8_lossy(bytes).into_owned())
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

/// A GTP engine: one process for the game.
pub struct GtpSeat {
    program: Program,
    session: Option<Session>,
    /// The engine took the clock's settings, so it is told its time before each move.
    clocked: bool,
    /// Under a clock: how long to wait for the next `genmove` (what is left plus a grace).
    wait: Option<Duration>,
    /// It did not answer in time: killed at once when the game ends, not asked to quit.
    hung: bool,
    /// It knows `kgs-genmove_cleanup` (asked at setup when the rules have a cleanup phase).
    knows_cleanup: bool,
    /// The end of its standard error when it failed.
    stderr: Option<String>,
    /// The CPU time of the game's engine, once it is finished.
    cpu: Option<Duration>,
}

impl GtpSeat {
    /// The engine `program` (started by [`Seat::setup`]).
    pub fn new(program: Program) -> GtpSeat {
        GtpSeat {
            program,
            session: None,
            clocked: false,
            wait: None,
            hung: false,
            knows_cleanup: false,
            stderr: None,
            cpu: None,
        }
    }

    /// The engine failed with `why`: its standard error's end is kept, and its last line
    /// added to the reason (a crashed engine's last words are read first, for a moment).
    fn failed(&mut self, why: String) -> String {
        let Some(s) = &self.session else { return why };
        let tail = s.stderr_tail(Duration::from_millis(200));
        self.stderr = kept(&tail);
        with_last_line(why, &tail)
    }

    /// Asks for a move with `cmd` (`genmove` or `kgs-genmove_cleanup`) and reads it.
    fn ask_move(&mut self, cmd: &str, board: &Board, rules: &Rules) -> Result<Answer, String> {
        let s = self.session.as_mut().ok_or("not running")?;
        let wait = self.wait.take().unwrap_or(rules.move_timeout);
        let asked = Instant::now();
        let text = match gtp_command(s, &format!("{cmd} {}", board.to_move()), wait) {
            Ok(text) => text,
            Err(e) => {
                self.hung = asked.elapsed() >= wait;
                return Err(self.failed(format!("failed {cmd}: {e}")));
            }
        };
        if text.eq_ignore_ascii_case("resign") {
            return Ok(Answer::Resign);
        }
        let shown: String = text.chars().take(40).collect();
        parse_vertex(board, &text)
            .map(Answer::Move)
            .map_err(|e| format!("malformed answer {shown:?}: {e}"))
    }
}

/// Tells an engine the game's time control: GTP `time_settings` when GTP can say it;
/// Japanese byo-yomi as `kgs-time_settings` when the engine knows that command, else as
/// Canadian overtime of one stone a period (the engine then counts on one period only,
/// never on more time than it has). Whether the engine took it: one that refuses plays on,
/// untold, and is charged all the same.
fn time_settings(s: &mut Session, tc: TimeControl, timeout: Duration) -> bool {
    let cmd = match (tc, tc.gtp_args()) {
        (_, Some(args)) => format!("time_settings {args}"),
        (TimeControl::ByoYomi { .. }, None)
            if gtp_command(s, "known_command kgs-time_settings", timeout).as_deref()
                == Ok("true") =>
        {
            format!("kgs-time_settings {}", tc.kgs_args())
        }
        (TimeControl::ByoYomi { main, period, .. }, None) => {
            let one = TimeControl::Canadian { main, period, stones: 1 };
            format!("time_settings {}", one.gtp_args().unwrap_or_default())
        }
        _ => return false,
    };
    gtp_command(s, &cmd, timeout).is_ok()
}

impl Seat for GtpSeat {
    fn probe(&mut self, rules: &Rules) -> Result<(), String> {
        let program = &self.program;
        let s = self.session.insert(
            Session::spawn_limited(program, 1 << 16, false, &rules.entrant_limits)
                .map_err(|e| format!("could not start {program}: {e}"))?,
        );
        let answer = gtp_command(s, "name", rules.move_timeout);
        let result = match answer {
            Ok(_) => Ok(()),
            Err(e) => Err(self.failed(format!("did not answer `name`: {e}"))),
        };
        self.finish();
        result
    }

    fn setup(&mut self, rules: &Rules, board: &Board) -> Result<(), String> {
        let program = &self.program;
        let s = self.session.insert(
            Session::spawn_limited(program, 1 << 16, false, &rules.entrant_limits)
                .map_err(|e| format!("could not start {program}: {e}"))?,
        );
        for cmd in [
            format!("boardsize {}", rules.size),
            "clear_board".into(),
            format!("komi {}", rules.komi),
        ] {
            if let Err(e) = gtp_command(s, &cmd, rules.move_timeout) {
                return Err(self.failed(format!("refused {cmd:?}: {e}")));
            }
        }
        // The engine must put the handicap where the referee's board has it.
        if rules.handicap > 0 {
            let cmd = format!("fixed_handicap {}", rules.handicap);
            let answer = match gtp_command(s, &cmd, rules.move_timeout) {
                Ok(answer) => answer,
                Err(e) => return Err(self.failed(format!("refused {cmd:?}: {e}"))),
            };
            if !same_points(board, &answer) {
                return Err(format!("put the handicap stones elsewhere ({answer})"));
            }
        }
        if let Some(tc) = rules.clock {
            self.clocked = time_settings(s, tc, rules.move_timeout);
        }
        self.knows_cleanup = rules.cleanup
            && gtp_command(s, "known_command kgs-genmove_cleanup", rules.move_timeout).as_deref()
                == Ok("true");
        Ok(())
    }

    fn time_left(&mut self, colour: Colour, clock: &Clock, rules: &Rules) -> Result<(), String> {
        self.wait = Some(clock.available() + CLOCK_GRACE);
        let Some(s) = self.session.as_mut().filter(|_| self.clocked) else { return Ok(()) };
        let (secs, stones) = clock.gtp_time_left();
        // A refusal is the engine's loss of information, not a rule broken: it plays on.
        let _ = gtp_command(s, &format!("time_left {colour} {secs} {stones}"), rules.move_timeout);
        Ok(())
    }

    fn genmove(&mut self, board: &Board, rules: &Rules) -> Result<Answer, String> {
        self.ask_move("genmove", board, rules)
    }

    fn genmove_cleanup(&mut self, board: &Board, rules: &Rules) -> Result<Answer, String> {
        let cmd = if self.knows_cleanup { "kgs-genmove_cleanup" } else { "genmove" };
        self.ask_move(cmd, board, rules)
    }

    fn played(
        &mut self,
        colour: Colour,
        mv: Move,
        after: &Board,
        rules: &Rules,
    ) -> Result<(), String> {
        let Some(s) = self.session.as_mut() else { return Ok(()) };
        let cmd = format!("play {colour} {}", format_vertex(after, mv));
        match gtp_command(s, &cmd, rules.move_timeout) {
            Ok(_) => Ok(()),
            Err(e) => Err(self.failed(format!("refused {cmd:?}: {e}"))),
        }
    }

    fn finish(&mut self) {
        if let Some(mut s) = self.session.take() {
            let _ = s.send("quit\n");
            let cpu = s.finish(if self.hung { Duration::ZERO } else { Duration::from_secs(2) });
            self.cpu = cpu.or(self.cpu);
        }
    }

    fn stderr(&self) -> Option<String> {
        self.stderr.clone()
    }

    fn cpu(&self) -> Option<Duration> {
        self.cpu
    }
}

impl Drop for GtpSeat {
    fn drop(&mut self) {
        self.finish();
    }
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

/// A king-of-the-hill program: started for every move, the position on stdin.
pub struct KothSeat {
    program: Program,
    /// Under a clock: what is left on it plus a grace, when that is less than the move
    /// timeout (the program keeps its per-move limit; it is not waited for past its clock).
    wait: Option<Duration>,
    /// The end of its standard error in the run that failed.
    stderr: Option<String>,
    /// The CPU time of its runs so far (`None`: none could be read).
    cpu: Option<Duration>,
}

impl KothSeat {
    /// The program `program`.
    pub fn new(program: Program) -> KothSeat {
        KothSeat { program, wait: None, stderr: None, cpu: None }
    }

    /// The move a run gave, or why it gave none.
    fn answer(board: &Board, rules: &Rules, run: &Run) -> Result<Answer, String> {
        if let Some(e) = &run.spawn_error {
            return Err(format!("could not run: {e}"));
        }
        if run.timed_out {
            let why = format!("no move within {} s", rules.move_timeout.as_secs_f64());
            return Err(with_last_line(why, &run.stderr));
        }
        if run.truncated {
            return Err(with_last_line(
                format!("output over {MAX_KOTH_OUTPUT} bytes"),
                &run.stderr,
            ));
        }
        if !run.succeeded() {
            // The run's incident ends with the last line of its stderr.
            return Err(format!("crashed ({})", run.incident().unwrap_or_default()));
        }
        let text = std::str::from_utf8(&run.stdout)
            .map_err(|_| with_last_line("malformed output: not UTF-8".into(), &run.stderr))?;
        let shown: String = text.trim().chars().take(40).collect();
        koth::parse_move(board, text)
            .map(Answer::Move)
            .map_err(|e| with_last_line(format!("malformed output {shown:?}: {e}"), &run.stderr))
    }
}

impl Seat for KothSeat {
    fn setup(&mut self, _: &Rules, _: &Board) -> Result<(), String> {
        Ok(())
    }

    fn probe(&mut self, rules: &Rules) -> Result<(), String> {
        self.genmove(&Board::new(rules.size), rules).map(|_| ())
    }

    fn time_left(&mut self, _: Colour, clock: &Clock, _: &Rules) -> Result<(), String> {
        self.wait = Some(clock.available() + CLOCK_GRACE);
        Ok(())
    }

    fn genmove(&mut self, board: &Board, rules: &Rules) -> Result<Answer, String> {
        let deadline = self.wait.take().map_or(rules.move_timeout, |w| w.min(rules.move_timeout));
        let limits = Limits {
            deadline,
            max_output: MAX_KOTH_OUTPUT,
            max_stderr: STDERR_TAIL,
            rlimits: rules.entrant_limits,
        };
        let run = run_once(&self.program, koth::format(board).as_bytes(), limits);
        if let Some(cpu) = run.cpu {
            self.cpu = Some(self.cpu.unwrap_or_default() + cpu);
        }
        let answer = KothSeat::answer(board, rules, &run);
        if answer.is_err() {
            self.stderr = kept(&run.stderr);
        }
        answer
    }

    fn stderr(&self) -> Option<String> {
        self.stderr.clone()
    }

    fn cpu(&self) -> Option<Duration> {
        self.cpu
    }
}

/// Our bot, in this process, deciding as `menace go` does on the same position.
pub struct BuiltinSeat {
    search: SearchConfig,
}

impl BuiltinSeat {
    /// The bot with `search` (its komi is set from the rules at setup).
    pub fn new(search: SearchConfig) -> BuiltinSeat {
        BuiltinSeat { search }
    }
}

impl Seat for BuiltinSeat {
    fn setup(&mut self, rules: &Rules, _: &Board) -> Result<(), String> {
        self.search.komi = rules.komi;
        Ok(())
    }

    fn genmove(&mut self, board: &Board, _: &Rules) -> Result<Answer, String> {
        // The position as a king-of-the-hill program sees it (no history), and the one
        // decision `menace go` makes on it.
        let input = koth::KothInput::seen(board).map_err(|e| e.to_string())?;
        Ok(Answer::Move(koth::decide(&input, &self.search).mv))
    }
}
