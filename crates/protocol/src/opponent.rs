//! An external program as a tic-tac-toe opponent, speaking the protocol's opponent side.
//!
//! The program sees what a person at the keyboard sees, and answers the same way: it is
//! sent `new_game`, `menace_move` and `result` lines (the protocol's own JSON answers) and
//! replies to each `menace_move` of a game in progress with a move line (`move MR` or
//! just `MR`). So a bot written to play against `menace` can train it unchanged. Anything
//! else (no answer in time, a taken cell, junk, a crash) forfeits that game, which counts
//! as a win for MENACE, and is reported as an incident.

use std::time::Duration;

use crate::answer::{rows, Answer, Score, Winner};
use crate::command::{parse_line, Command, Move};
use menace_core::learn::Player;
use menace_core::menace::GameResult;
use menace_core::ttt::{Board, Cell, Mark, TicTacToe};
use menace_run::{Program, ReadError, Session};
use menace_stats::rng::GameRng;

/// A program playing O against MENACE.
pub struct External {
    session: Session,
    deadline: Duration,
    games: u32,
    game: u32,
    in_game: bool,
    last: Board,
    score: Score,
    incidents: Vec<String>,
    dead: bool,
}

impl External {
    /// The `exec:COMMAND` opponent of `menace train`: parses `command` and starts it,
    /// each answer due within `move_timeout` seconds (clamped to 1 ms .. 1 hour), with
    /// `games` announced (capped at `u32::MAX`). Errors say which step failed.
    pub fn for_training(command: &str, move_timeout: f64, games: u64) -> Result<External, String> {
        let program = Program::parse(command).map_err(|e| format!("opponent: {e}"))?;
        let deadline = Duration::from_secs_f64(move_timeout.clamp(0.001, 3600.0));
        External::spawn(&program, deadline, u32::try_from(games).unwrap_or(u32::MAX))
            .map_err(|e| format!("cannot start {program}: {e}"))
    }

    /// Starts `program`; each answer must arrive within `deadline`. `games` is the match
    /// length announced in `new_game`.
    pub fn spawn(program: &Program, deadline: Duration, games: u32) -> std::io::Result<External> {
        Ok(External {
            session: Session::spawn(program, 4096, true)?,
            deadline,
            games,
            game: 0,
            in_game: false,
            last: Board::EMPTY,
            score: Score::default(),
            incidents: Vec::new(),
            dead: false,
        })
    }

    /// What went wrong so far, one line per incident.
    pub fn incidents(&self) -> &[String] {
        &self.incidents
    }

    fn send(&mut self, answer: &Answer) -> bool {
        if self.dead {
            return false;
        }
        if self.session.send(&(answer.to_json() + "\n")).is_err() {
            self.incident("the program stopped reading its input".into());
            self.dead = true;
        }
        !self.dead
    }

    fn incident(&mut self, what: String) {
        let line = format!("game {}: {what}", self.game);
        eprintln!("menace: opponent {}: {line}", self.session.program());
        self.incidents.push(line);
    }

    /// Reads lines until a move (blank lines and `#` comments are skipped).
    fn read_move(&mut self, board: Board) -> Option<Cell> {
        loop {
            let line = match self.session.read_line(self.deadline) {
                Ok(l) => l,
                Err(e) => {
                    if e == ReadError::Closed {
                        self.dead = true;
                    }
                    self.incident(format!("{e}; the game is forfeit"));
                    return None;
                }
            };
            match parse_line(&line) {
                Ok(None) => continue,
                Ok(Some(Command::Move(Move(text)))) => match Cell::parse_rc(&text) {
                    Ok(cell) if board.get(cell).is_none() => return Some(cell),
                    Ok(cell) => {
                        self.incident(format!("{} is taken; the game is forfeit", cell.rc()))
                    }
                    Err(e) => self.incident(format!("move {text:?}: {e}; the game is forfeit")),
                },
                Ok(Some(_)) => {
                    self.incident(format!("{line:?} is not a move; the game is forfeit"))
                }
                Err(e) => self.incident(format!("{e}; the game is forfeit")),
            }
            return None;
        }
    }

    /// Says goodbye and waits briefly for the program to exit.
    pub fn close(mut self) -> Vec<String> {
        self.send(&Answer::Bye);
        let incidents = std::mem::take(&mut self.incidents);
        self.session.finish(Duration::from_secs(2));
        incidents
    }
}

impl Player<TicTacToe> for External {
    fn choose(&mut self, _game: &TicTacToe, p: Board, _rng: &mut GameRng) -> Option<usize> {
        if !self.in_game {
            self.in_game = true;
            self.game += 1;
            self.last = Board::EMPTY;
            let (game, games) = (self.game, self.games);
            if !self.send(&Answer::NewGame { game, games }) {
                return None;
            }
        }
        let menace = Cell::ALL
            .into_iter()
            .find(|&c| p.get(c) == Some(Mark::X) && self.last.get(c).is_none())
            .map_or_else(String::new, Cell::rc);
        let answer = Answer::MenaceMove {
            mv: menace,
            board: rows(p),
            box_index: None,
            bead: None,
            refilled: 0,
            to_move: Some(crate::answer::Turn::Player),
        };
        if !self.send(&answer) {
            return None;
        }
        let cell = self.read_move(p)?;
        self.last = p.with(cell, Mark::O);
        Some(cell.index())
    }

    fn failed(&self) -> Option<String> {
        self.dead.then(|| format!("the opponent program {} is gone", self.session.program()))
    }

    fn finish(&mut self, result: GameResult) {
        // `result` is the opponent's; the answer speaks from MENACE's side.
        let winner = match Winner::from_menace(result) {
            Winner::Menace => Winner::Player,
            Winner::Player => Winner::Menace,
            Winner::Draw => Winner::Draw,
        };
        self.score.add(winner);
        let (empty_box, resigned) = (None, None);
        let answer = Answer::Result {
            game: self.game,
            winner,
            reason: None,
            score: self.score,
            empty_box,
            resigned,
        };
        self.send(&answer);
        self.in_game = false;
    }
}
/// The opponent side of the protocol, played by `player` (the reference program `menace
/// opponent`): reads the JSON lines the engine sends from `input` and answers every
/// `menace_move` of a game still going with `move RC` on `output`, until `bye`, end of
/// input, or a write error (the engine went away). Lines it does not understand are
/// skipped, so a bot author can start from its behaviour.
pub fn play_opponent_side(
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
    player: &mut dyn Player<TicTacToe>,
    rng: &mut GameRng,
) {
    for line in input.lines() {
        let Ok(line) = line else { break };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&line) else { continue };
        match v["type"].as_str() {
            Some("bye") => break,
            Some("menace_move") => {
                let text: String = v["board"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r.as_str())
                    .collect();
                let Some(board) = Board::parse(&text) else { continue };
                if board.is_over() {
                    continue;
                }
                if let Some(mv) = player.choose(&TicTacToe, board, rng) {
                    let sent = writeln!(output, "move {}", Cell::ALL[mv].rc());
                    if sent.and_then(|()| output.flush()).is_err() {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_training_opponent_says_whether_its_command_parses_or_starts() {
        let bad = External::for_training("x 'open", 5.0, 10).err().expect("does not parse");
        assert!(bad.starts_with("opponent: "), "{bad}");
        let gone = External::for_training("/no/such/program", 5.0, 10).err().expect("no program");
        assert!(gone.starts_with("cannot start /no/such/program: "), "{gone}");
        assert!(External::for_training("cat", 1e9, u64::MAX).is_ok());
    }
}
