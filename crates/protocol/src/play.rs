//! The protocol for any [`Game`]: play Nim, Hexapawn (or tic-tac-toe against the
//! weighted learner) by typing, with the same JSON answers as the MENACE engine.
//!
//! `menace --game nim` (or `hexapawn`, or `--learner weighted`) runs this session instead
//! of the tic-tac-toe engine. Moves are written in the game's own notation
//! ([`Game::parse_move`]); boards are the game's own drawing ([`Game::render`]), one string
//! per row. The machine is called `menace` in answers whichever learner it is.

use super::answer::{Answer, HelpEntry, Winner};
use super::command::{no_args, parse_number, quote, trailing};
use menace_core::game::{Game, Side};
use menace_core::learn::experiments::{Learner, LearnerKind, Learners};
use menace_core::learn::train::OpponentSpec;
use menace_core::learn::Player;
use menace_core::menace::GameResult;
use menace_core::rng::{from_seed, GameRng};

use super::series::Series;
use super::session::Flow;

/// One command of a play session.
#[derive(Clone, Debug, PartialEq)]
enum Command {
    Games(u32),
    Move(String),
    Board,
    Status,
    Resign,
    Abort,
    Seed(u64),
    Train(u32, OpponentSpec),
    Help,
    Quit,
}

/// The commands, as `help` lists them.
const USAGE: &[(&str, &str)] = &[
    ("games N", "start a match of N games; the machine moves first when its side starts"),
    ("move MOVE", "play a move in the game's notation (a bare move works too)"),
    ("board", "show the current position"),
    ("status", "the game, the learner, the seed and the match in progress"),
    ("resign", "give up the current game"),
    ("abort", "end the match now; the unfinished game teaches nothing"),
    ("seed N", "reseed the machine's random generator"),
    (
        "train N [OPPONENT]",
        "the machine plays N games against random, perfect, mixed:P, exploiter or menace",
    ),
    ("help", "list the commands"),
    ("quit", "end the session"),
];

/// A play session for game `G`.
pub struct PlaySession<G: Game + Clone> {
    game: G,
    side: Side,
    learner: Learner<G>,
    rng: GameRng,
    seed: u64,
    series: Option<Series<G::Pos>>,
    games_played: u64,
}

impl<G: Game + Clone> PlaySession<G> {
    /// A session where a fresh learner of `kind` plays `side`.
    pub fn new(
        game: G,
        side: Side,
        kind: LearnerKind,
        learners: &Learners,
        seed: u64,
    ) -> PlaySession<G> {
        let learner = Learner::new(&game, side, kind, learners);
        PlaySession {
            game,
            side,
            learner,
            rng: from_seed(seed),
            seed,
            series: None,
            games_played: 0,
        }
    }

    fn parse(&self, line: &str) -> Result<Option<Command>, String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let (word, rest) = line.split_at(line.find(char::is_whitespace).unwrap_or(line.len()));
        let cmd = match word.to_ascii_lowercase().as_str() {
            "games" => Command::Games(parse_number(
                rest,
                "games",
                "a number of games, e.g. games 3",
                1,
                u32::MAX.into(),
            )? as u32),
            "move" => {
                let m = rest.trim();
                if m.is_empty() {
                    return Err("move: missing argument: expected a move, e.g. move ".to_string()
                        + self.example());
                }
                Command::Move(m.to_string())
            }
            "board" => no_args(rest, "board").map(|()| Command::Board)?,
            "status" => no_args(rest, "status").map(|()| Command::Status)?,
            "resign" => no_args(rest, "resign").map(|()| Command::Resign)?,
            "abort" => no_args(rest, "abort").map(|()| Command::Abort)?,
            "help" => no_args(rest, "help").map(|()| Command::Help)?,
            "quit" => no_args(rest, "quit").map(|()| Command::Quit)?,
            "seed" => Command::Seed(parse_number(
                rest,
                "seed",
                "a seed, e.g. seed 42",
                0,
                u64::MAX.into(),
            )? as u64),
            "train" => {
                let mut words = rest.split_whitespace();
                let n = parse_number(
                    &format!(" {}", words.next().unwrap_or("")),
                    "train",
                    "a number of games, e.g. train 1000",
                    1,
                    100_000_000,
                )?;
                let spec = match words.next() {
                    None => OpponentSpec::Random,
                    Some(w) => match w.parse::<OpponentSpec>()? {
                        OpponentSpec::Program(_) => return Err("train: external programs are for the tic-tac-toe engine's command line".into()),
                        s => s,
                    },
                };
                trailing(&words.collect::<Vec<_>>().join(" "), &format!("`train {n} {spec}`"))?;
                Command::Train(n as u32, spec)
            }
            // A bare move, when it reads as one in the current position.
            _ => match &self.series {
                // Text with a digit in it is meant as a move: say what is wrong with it.
                Some(Series { pos, .. })
                    if line.contains(|c: char| c.is_ascii_digit())
                        || self.game.parse_move(*pos, line).is_ok() =>
                {
                    Command::Move(line.to_string())
                }
                _ => {
                    return Err(format!("unknown command {}; type help for the list", quote(word)))
                }
            },
        };
        Ok(Some(cmd))
    }

    fn example(&self) -> &'static str {
        match self.game.name() {
            "nim" => "2:3",
            "hexapawn" => "a1-a2",
            _ => "MM",
        }
    }

    /// Handles one line, appending its answers (or exactly one error) to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut Vec<Answer>) -> Flow {
        let cmd = match self.parse(line) {
            Ok(None) => return Flow::Continue,
            Ok(Some(c)) => c,
            Err(e) => {
                out.push(Answer::error(e));
                return Flow::Continue;
            }
        };
        let result = match cmd {
            Command::Games(n) => self.games(n, out),
            Command::Move(text) => self.play(&text, out),
            Command::Board => match &self.series {
                Some(Series { pos, .. }) => {
                    out.push(Answer::Board { mv: None, board: self.game.render(*pos) });
                    Ok(())
                }
                None => Err(no_game()),
            },
            Command::Status => {
                out.push(self.status());
                Ok(())
            }
            Command::Resign => match self.series.is_some() {
                true => {
                    self.finish(Winner::Menace, Some("player resigned"), out);
                    Ok(())
                }
                false => Err(no_game()),
            },
            Command::Abort => match self.series.take() {
                Some(s) => {
                    self.put_back();
                    out.push(s.aborted());
                    Ok(())
                }
                None => Err("no match to abort: none is in progress".into()),
            },
            Command::Seed(seed) => {
                self.rng = from_seed(seed);
                self.seed = seed;
                out.push(Answer::Seed { seed });
                Ok(())
            }
            Command::Train(n, spec) => self.train(n, &spec, out),
            Command::Help => {
                let commands =
                    USAGE.iter().map(|&(usage, summary)| HelpEntry { usage, summary }).collect();
                out.push(Answer::Help { commands });
                Ok(())
            }
            Command::Quit => {
                out.push(Answer::Bye);
                return Flow::Quit;
            }
        };
        if let Err(e) = result {
            out.push(Answer::error(e));
        }
        Flow::Continue
    }

    fn put_back(&mut self) {
        if let Learner::Menace(m) = &mut self.learner {
            m.put_back();
        }
        // The weighted learner keeps its history until a result: forget this game's.
        if let Learner::Weighted(w) = &mut self.learner {
            w.abandon();
        }
    }

    fn games(&mut self, games: u32, out: &mut Vec<Answer>) -> Result<(), String> {
        if let Some(s) = &self.series {
            return Err(s.busy("finish it, or `abort` it first"));
        }
        self.series = Some(Series::new(games, self.game.start()));
        self.start_game(out);
        Ok(())
    }

    fn start_game(&mut self, out: &mut Vec<Answer>) {
        let start = self.game.start();
        out.push(self.series.as_mut().expect("a match").new_game(start));
        if self.game.to_move(start) == self.side {
            self.machine_turn(out);
        }
    }

    fn machine_turn(&mut self, out: &mut Vec<Answer>) {
        let pos = self.series.as_ref().expect("a match").pos;
        let Some(mv) = self.learner.choose(&self.game, pos, &mut self.rng) else {
            self.finish(Winner::Player, Some("menace resigned"), out);
            return;
        };
        let next = self.game.play(pos, mv);
        self.series.as_mut().expect("a match").pos = next;
        let box_index = match &self.learner {
            Learner::Menace(m) => m.box_of(pos).map(|(b, _)| b),
            Learner::Weighted(_) => None,
        };
        out.push(Answer::MenaceMove {
            mv: self.game.format_move(pos, mv),
            board: self.game.render(next),
            box_index,
            bead: None,
            refilled: 0,
        });
        self.after_move(out);
    }

    fn after_move(&mut self, out: &mut Vec<Answer>) {
        let pos = self.series.as_ref().expect("a match").pos;
        match self.game.outcome(pos) {
            Some(o) => {
                let winner = Winner::from_menace(GameResult::for_side(o, self.side));
                self.finish(winner, None, out);
            }
            None if self.game.to_move(pos) == self.side => self.machine_turn(out),
            None => {}
        }
    }

    fn play(&mut self, text: &str, out: &mut Vec<Answer>) -> Result<(), String> {
        let pos = self.series.as_ref().ok_or_else(no_game)?.pos;
        let mv =
            self.game.parse_move(pos, text).map_err(|e| format!("move {}: {e}", quote(text)))?;
        let next = self.game.play(pos, mv);
        self.series.as_mut().expect("a match").pos = next;
        out.push(Answer::Board {
            mv: Some(self.game.format_move(pos, mv)),
            board: self.game.render(next),
        });
        self.after_move(out);
        Ok(())
    }

    fn finish(&mut self, winner: Winner, reason: Option<&'static str>, out: &mut Vec<Answer>) {
        self.learner.finish(winner.for_menace());
        self.games_played += 1;
        out.push(self.series.as_mut().expect("a match").record(winner, reason));
        match self.series.as_mut().expect("a match").advance() {
            None => self.start_game(out),
            Some(over) => {
                out.push(over);
                self.series = None;
            }
        }
    }

    fn train(
        &mut self,
        games: u32,
        spec: &OpponentSpec,
        out: &mut Vec<Answer>,
    ) -> Result<(), String> {
        if let Some(s) = &self.series {
            return Err(s.busy("finish or `abort` it before training"));
        }
        let rules = match &self.learner {
            Learner::Menace(m) => m.rules().clone(),
            Learner::Weighted(_) => Default::default(),
        };
        out.push(super::train_command(
            &self.game,
            &mut self.learner,
            self.side,
            &rules,
            spec,
            games,
            &mut self.rng,
            &mut self.games_played,
        )?);
        Ok(())
    }

    pub(crate) fn status(&self) -> Answer {
        let learner = match &self.learner {
            Learner::Menace(m) => format!("menace ({} boxes; {})", m.len(), m.rules()),
            Learner::Weighted(_) => "weighted".to_string(),
        };
        Answer::PlayStatus {
            game: self.game.name(),
            learner,
            side: match self.side {
                Side::First => "first",
                Side::Second => "second",
            },
            seed: self.seed,
            games_played: self.games_played,
            board: self.series.as_ref().map(|s| self.game.render(s.pos)),
        }
    }
}

fn no_game() -> String {
    "no game in progress: start a match with `games N`".into()
}
