//! The game loop: one referee for every Go game the project plays.

use std::time::{Duration, Instant};

use super::rules::{AtCap, Repetition, Rules};
use super::seat::{Answer, Seat};
use crate::io::koth;
use crate::rules::board::{Colour, Illegal, Move};
use crate::rules::clock::Clock;
// The game's positions (the referee's `Game` is the finished game's record).
use crate::rules::game::Game as History;
use crate::rules::score;

/// Who won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Black.
    Black,
    /// White.
    White,
    /// Nobody.
    Tie,
}

impl Winner {
    /// The winner of a game whose black margin, komi included, is `margin`.
    pub fn of_margin(margin: f32) -> Winner {
        if margin > 0.0 {
            Winner::Black
        } else if margin < 0.0 {
            Winner::White
        } else {
            Winner::Tie
        }
    }

    /// Black's points: 1 for a win, a half for a tie.
    pub fn black_points(self) -> f64 {
        match self {
            Winner::Black => 1.0,
            Winner::White => 0.0,
            Winner::Tie => 0.5,
        }
    }

    /// The word in a results line: `black`, `white` or `tie`.
    pub fn word(self) -> &'static str {
        match self {
            Winner::Black => "black",
            Winner::White => "white",
            Winner::Tie => "tie",
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Two passes in a row; scored.
    TwoPasses,
    /// The move cap; scored or not, as the rules say ([`AtCap`]).
    MoveCap,
    /// A repeated whole-board position under [`Repetition::Tie`]: a tie.
    Repeat,
    /// One side resigned (SGF result `B+R` or `W+R`).
    Resignation,
    /// One side's clock ran out (`B+T` or `W+T`).
    Time,
    /// One side lost without a score otherwise (an illegal move, a crash, a move timeout,
    /// garbage, a seat that could not be set up; `B+F` or `W+F`).
    Forfeit,
    /// No game: the board cannot take the rules' handicap.
    Void,
}

impl Ending {
    /// The word in a results line's `ending`. A resignation and a loss on time are
    /// `forfeit` there, told apart by the result's letter (`R`, `T`, `F`): the format every
    /// record was written in, which [`Ending::of_record`] reads back.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Resignation | Ending::Time => Ending::Forfeit.word(),
            _ => self.name(),
        }
    }

    /// Its name for people: `two passes`, `move cap`, `repeat`, `resignation`, `time`,
    /// `forfeit` or `void`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::TwoPasses => "two passes",
            Ending::MoveCap => "move cap",
            Ending::Repeat => "repeat",
            Ending::Resignation => "resignation",
            Ending::Time => "time",
            Ending::Forfeit => "forfeit",
            Ending::Void => "void",
        }
    }

    /// The SGF result's reason letter of a loss without a score (`R`, `T`, `F`).
    fn letter(self) -> Option<char> {
        match self {
            Ending::Resignation => Some('R'),
            Ending::Time => Some('T'),
            Ending::Forfeit => Some('F'),
            _ => None,
        }
    }

    /// The ending of a results line, from its `ending`, `result` and `reason`; `None` for
    /// a word no referee wrote. A `forfeit` is told apart by the result's letter; before
    /// the referee wrote `R`, a resignation was an `F` whose reason says the side resigned.
    pub fn of_record(ending: &str, result: &str, reason: &str) -> Option<Ending> {
        Some(match ending {
            "two passes" => Ending::TwoPasses,
            "move cap" => Ending::MoveCap,
            "repeat" => Ending::Repeat,
            "void" => Ending::Void,
            "forfeit" => match result.strip_prefix(['B', 'W']).and_then(|r| r.strip_prefix('+')) {
                Some("R") => Ending::Resignation,
                Some("T") => Ending::Time,
                _ if reason.contains("resign") => Ending::Resignation,
                _ => Ending::Forfeit,
            },
            _ => return None,
        })
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The winner.
    pub winner: Winner,
    /// How it ended.
    pub ending: Ending,
    /// Why, in words.
    pub reason: String,
    /// Black's and white's area on the final board.
    pub score: (u32, u32),
    /// The moves played (passes included).
    pub moves: Vec<Move>,
    /// The SGF result (`B+7`, `W+F`, `B+R`, `B+T` (on time), `0`, `Void`).
    pub result: String,
    /// Wall-clock seconds of black's and white's slowest answer (as the referee timed it:
    /// for a king-of-the-hill program, its whole run).
    pub slowest: [f64; 2],
    /// Black's and white's answers' times added up (what their clocks were charged).
    pub used: [Duration; 2],
    /// How many answers black and white gave (each timed into [`Game::used`]).
    pub answers: [u32; 2],
    /// Black's and white's clocks at the end, under a [`Rules::clock`]: the move that ran
    /// out of time is not charged (the clock shows what was left before it).
    pub clocks: Option<[Clock; 2]>,
}

impl Game {
    /// Black's and white's mean answer time in seconds, as the referee timed them (0 for a
    /// side that never answered).
    pub fn mean_s(&self) -> [f64; 2] {
        [0, 1].map(|i| match self.answers[i] {
            0 => 0.0,
            n => self.used[i].as_secs_f64() / f64::from(n),
        })
    }
}

/// Plays one game under `rules`: `seats[0]` (named `names[0]`) has black, `seats[1]` white.
pub fn play(rules: &Rules, names: [&str; 2], seats: [&mut dyn Seat; 2]) -> Game {
    let mut seats = seats;
    let mut game = Game {
        winner: Winner::Tie,
        ending: Ending::Forfeit,
        reason: String::new(),
        score: (0, 0),
        moves: Vec::new(),
        result: "0".into(),
        slowest: [0.0; 2],
        used: [Duration::ZERO; 2],
        answers: [0; 2],
        clocks: rules.clock.map(|tc| [Clock::new(tc); 2]),
    };
    let board = match rules.start() {
        Ok(b) => b,
        Err(e) => {
            game.ending = Ending::Void;
            game.result = "Void".into();
            game.reason = format!("no game: handicap {}: {e}", rules.handicap);
            return game;
        }
    };
    // `how`: a resignation, a loss on time or a forfeit; its letter is the SGF result's.
    let forfeit = |game: &mut Game, c: Colour, why: String, how: Ending| {
        game.winner = if c == Colour::Black { Winner::White } else { Winner::Black };
        game.ending = how;
        let winner = if c == Colour::Black { 'W' } else { 'B' };
        game.result = format!("{winner}+{}", how.letter().unwrap_or('F'));
        game.reason = format!("{} ({c}) {why}", names[c.index()]);
    };
    for c in [Colour::Black, Colour::White] {
        if let Err(why) = seats[c.index()].setup(rules, &board) {
            forfeit(&mut game, c, why, Ending::Forfeit);
            game.score = score::area(&board);
            seats.iter_mut().for_each(|s| s.finish());
            return game;
        }
    }
    let mut history = History::new(board);
    // Under [`Rules::cleanup`]: the number of moves played when the first two passes came,
    // and the passes in a row since (the board's own count runs on through them).
    let mut cleanup: Option<usize> = None;
    let mut cleanup_passes = 0;
    loop {
        let board = history.board();
        if game.moves.len() >= rules.move_cap {
            game.ending = Ending::MoveCap;
            match rules.at_cap {
                AtCap::Score => {
                    game.reason =
                        format!("move cap {} reached; scored as it stands", rules.move_cap);
                    game.winner = scored(board, rules.komi, &mut game.result);
                }
                AtCap::NoResult => {
                    game.reason = format!("move cap {} reached; no result", rules.move_cap);
                }
            }
            break;
        }
        let c = board.to_move();
        let idx = c.index();
        if let Some(clocks) = &game.clocks {
            if let Err(why) = seats[idx].time_left(c, &clocks[idx], rules) {
                forfeit(&mut game, c, why, Ending::Forfeit);
                break;
            }
        }
        // The answer's time: from asking for the move to reading it, charged to the clock.
        let asked = Instant::now();
        let answer = if cleanup.is_some() {
            seats[idx].genmove_cleanup(board, rules)
        } else {
            seats[idx].genmove(board, rules)
        };
        let took = asked.elapsed();
        game.slowest[idx] = game.slowest[idx].max(took.as_secs_f64());
        game.used[idx] += took;
        game.answers[idx] += 1;
        // Whatever the answer, a side past its clock has lost on time.
        if let Some(Err(over)) = game.clocks.as_mut().map(|clocks| clocks[idx].spend(took)) {
            forfeit(&mut game, c, over.to_string(), Ending::Time);
            break;
        }
        let m = match answer {
            Ok(Answer::Move(m)) => m,
            Ok(Answer::Resign) => {
                forfeit(&mut game, c, "resigned".into(), Ending::Resignation);
                break;
            }
            Err(why) => {
                forfeit(&mut game, c, why, Ending::Forfeit);
                break;
            }
        };
        let shown = koth::format_move(board, m);
        match (board.check(m), rules.repetition) {
            (Ok(()), _) => {}
            (Err(Illegal::Ko), Repetition::Tie) => {
                // Retaking a ko at once recreates the position before the capture.
                game.moves.push(m);
                game.ending = Ending::Repeat;
                game.reason = format!(
                    "{} ({c}) played {shown}, retaking a ko: the position repeats",
                    names[idx]
                );
                break;
            }
            (Err(e), _) => {
                forfeit(
                    &mut game,
                    c,
                    format!("played an illegal move {shown} ({e})"),
                    Ending::Forfeit,
                );
                break;
            }
        }
        history.play(m).expect("checked");
        game.moves.push(m);
        let board = history.board();
        // Two passes end the game, or under a cleanup phase begin it; two more end it.
        let ended = match cleanup {
            Some(from) => {
                cleanup_passes = if m.is_pass() { cleanup_passes + 1 } else { 0 };
                (cleanup_passes >= 2).then(|| {
                    let played = game.moves.len() - from - 2;
                    let s = if played == 1 { "" } else { "s" };
                    format!("two passes, then a cleanup phase of {played} move{s} and two passes")
                })
            }
            None if board.passes() >= 2 && rules.cleanup => {
                cleanup = Some(game.moves.len());
                None
            }
            None => (board.passes() >= 2).then(|| "two passes".to_string()),
        };
        if let Some(reason) = ended {
            game.ending = Ending::TwoPasses;
            game.reason = reason;
            game.winner = scored(board, rules.komi, &mut game.result);
            break;
        }
        if !m.is_pass() && history.repeats(rules.superko) {
            let rule = rules.superko.name();
            match rules.repetition {
                Repetition::Tie => {
                    game.ending = Ending::Repeat;
                    game.reason = format!(
                        "{} ({c}) played {shown}: the position repeats ({rule})",
                        names[idx]
                    );
                }
                Repetition::Illegal => forfeit(
                    &mut game,
                    c,
                    format!("played {shown}: the position repeats ({rule})"),
                    Ending::Forfeit,
                ),
            }
            break;
        }
        if let Err(why) = seats[1 - idx].played(c, m, board, rules) {
            forfeit(&mut game, c.opponent(), why, Ending::Forfeit);
            break;
        }
    }
    seats.iter_mut().for_each(|s| s.finish());
    game.score = score::area(history.board());
    game
}

/// The winner by area on `board`, writing the SGF result.
fn scored(board: &crate::rules::board::Board, komi: f32, result: &mut String) -> Winner {
    let margin = score::margin(board, komi);
    *result = score::result_string(margin);
    Winner::of_margin(margin)
}
