//! The tic-tac-toe MENACE session (to be merged into the one session).

use super::answer::{rows, Answer, BoxDump, HelpEntry, MatchStatus, Winner};
use super::command::{spec, Command, COMMANDS};
use super::series::Series;
use std::path::Path;

use super::session::Flow;

use menace_core::game::{Game, Side};
use menace_core::learn::eval::report;
use menace_core::learn::train::OpponentSpec;
use menace_core::menace::state::State;
use menace_core::menace::{BeadRules, Choice, Matchboxes};
use menace_core::rng::{from_seed, GameRng};
use menace_core::solve::Solver;
use menace_core::ttt::{Board, Cell, Mark, TicTacToe};

/// One protocol session: MENACE's boxes, its generator, and the match being played.
///
/// A line either succeeds, or answers exactly one `error` and changes nothing: every
/// handler checks everything before it touches any state.
pub(crate) struct Classic {
    machine: Matchboxes<TicTacToe>,
    rng: GameRng,
    seed: u64,
    series: Option<Series<Board>>,
    games_played: u64,
}

impl Classic {
    /// A fresh MENACE with `rules`, its generator seeded with `seed`.
    pub fn new(rules: BeadRules, seed: u64) -> Classic {
        Classic {
            machine: Matchboxes::new(TicTacToe, Side::First, rules),
            rng: from_seed(seed),
            seed,
            series: None,
            games_played: 0,
        }
    }

    /// The matchboxes (read-only).
    pub fn machine(&self) -> &Matchboxes<TicTacToe> {
        &self.machine
    }

    /// Handles one line of input: appends its answers to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut Vec<Answer>) -> Flow {
        match super::parse_line(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(cmd)) => self.handle(cmd, out),
            Err(message) => {
                out.push(Answer::error(message));
                Flow::Continue
            }
        }
    }

    /// Runs one command: its answers, or exactly one error and no change.
    pub fn handle(&mut self, cmd: Command, out: &mut Vec<Answer>) -> Flow {
        let result = match cmd {
            Command::Games(n) => self.games(n, out),
            Command::Move(cell) => self.play(cell, out),
            Command::Board => self.board(out),
            Command::Status => {
                out.push(self.status());
                Ok(())
            }
            Command::Dump => {
                out.push(self.dump());
                Ok(())
            }
            Command::Resign => self.resign(out),
            Command::Abort => self.abort(out),
            Command::Reset => self.reset(out),
            Command::Seed(seed) => {
                self.rng = from_seed(seed);
                self.seed = seed;
                out.push(Answer::Seed { seed });
                Ok(())
            }
            Command::Help(name) => {
                out.push(help(name.as_deref()));
                Ok(())
            }
            Command::Train(n, opponent) => self.train(n, &opponent, out),
            Command::Eval => {
                out.push(self.eval());
                Ok(())
            }
            Command::Save(path) => self.save(&path, out),
            Command::Load(path) => self.load(&path, out),
            Command::Quit => {
                out.push(Answer::Bye);
                return Flow::Quit;
            }
        };
        if let Err(message) = result {
            out.push(Answer::error(message));
        }
        Flow::Continue
    }

    fn game_in_progress(&self) -> Result<&Series<Board>, String> {
        self.series
            .as_ref()
            .ok_or_else(|| "no game in progress: start a match with `games N`".into())
    }

    fn games(&mut self, games: u32, out: &mut Vec<Answer>) -> Result<(), String> {
        if let Some(s) = &self.series {
            return Err(s.busy("finish it, or `abort` it first"));
        }
        self.series = Some(Series::new(games, Board::EMPTY));
        self.start_game(out);
        Ok(())
    }

    fn start_game(&mut self, out: &mut Vec<Answer>) {
        out.push(self.series.as_mut().expect("a match").new_game(Board::EMPTY));
        self.menace_turn(out);
    }

    fn menace_turn(&mut self, out: &mut Vec<Answer>) {
        let board = self.series.as_ref().expect("a match").pos;
        let choice = self.machine.choose(board, &mut self.rng).expect("MENACE is to move");
        let (cell, box_index, bead, refilled) = match choice {
            Choice::Forced(mv) => (Cell::ALL[mv], None, None, 0),
            Choice::Drew { mv, box_index, bead, refilled } => {
                (Cell::ALL[mv], Some(box_index), Some(Cell::ALL[bead].rc()), refilled)
            }
            Choice::Resign { .. } => {
                self.finish_game(Winner::Player, Some("menace resigned"), out);
                return;
            }
        };
        let s = self.series.as_mut().expect("a match");
        s.pos = s.pos.with(cell, Mark::X);
        let board = s.pos;
        out.push(Answer::MenaceMove {
            mv: cell.rc(),
            board: rows(board),
            box_index,
            bead,
            refilled,
        });
        if let Some(winner) = winner_of(board) {
            self.finish_game(winner, None, out);
        }
    }

    fn play(&mut self, cell: Cell, out: &mut Vec<Answer>) -> Result<(), String> {
        let board = self.game_in_progress()?.pos;
        if let Some(mark) = board.get(cell) {
            let free: Vec<String> = board.empty_cells().map(Cell::rc).collect();
            return Err(format!(
                "{} is taken by {}: free cells are {}",
                cell.rc(),
                mark.symbol(),
                free.join(" ")
            ));
        }
        let board = board.with(cell, Mark::O);
        self.series.as_mut().expect("a match").pos = board;
        out.push(Answer::Board { mv: Some(cell.rc()), board: rows(board) });
        match winner_of(board) {
            Some(winner) => self.finish_game(winner, None, out),
            None => self.menace_turn(out),
        }
        Ok(())
    }

    fn finish_game(&mut self, winner: Winner, reason: Option<&'static str>, out: &mut Vec<Answer>) {
        self.machine.learn(winner.for_menace());
        self.games_played += 1;
        out.push(self.series.as_mut().expect("a match").record(winner, reason));
        out.push(self.dump());
        match self.series.as_mut().expect("a match").advance() {
            None => self.start_game(out),
            Some(over) => {
                out.push(over);
                self.series = None;
            }
        }
    }

    fn board(&self, out: &mut Vec<Answer>) -> Result<(), String> {
        let board = self.game_in_progress()?.pos;
        out.push(Answer::Board { mv: None, board: rows(board) });
        Ok(())
    }

    fn resign(&mut self, out: &mut Vec<Answer>) -> Result<(), String> {
        self.game_in_progress()?;
        self.finish_game(Winner::Menace, Some("player resigned"), out);
        Ok(())
    }

    fn abort(&mut self, out: &mut Vec<Answer>) -> Result<(), String> {
        let s = self.series.take().ok_or("no match to abort: none is in progress")?;
        self.machine.put_back();
        out.push(s.aborted());
        Ok(())
    }

    fn reset(&mut self, out: &mut Vec<Answer>) -> Result<(), String> {
        self.no_match("resetting the boxes")?;
        self.machine.reset();
        out.push(Answer::Reset { boxes: self.machine.len() });
        Ok(())
    }

    fn no_match(&self, what: &str) -> Result<(), String> {
        match &self.series {
            Some(s) => Err(s.busy(&format!("finish or `abort` it before {what}"))),
            None => Ok(()),
        }
    }

    fn train(
        &mut self,
        games: u32,
        spec: &OpponentSpec,
        out: &mut Vec<Answer>,
    ) -> Result<(), String> {
        self.no_match("training")?;
        let rules = self.machine.rules().clone();
        out.push(super::train_command(
            &TicTacToe,
            &mut self.machine,
            Side::First,
            &rules,
            spec,
            games,
            &mut self.rng,
            &mut self.games_played,
        )?);
        Ok(())
    }

    /// The `eval` answer: exact figures for the learned beads (beads drawn in a game in
    /// progress count as back in their boxes).
    pub fn eval(&self) -> Answer {
        let mut machine = self.machine.clone();
        machine.put_back();
        let mut solver = Solver::new(TicTacToe);
        Answer::Eval(report(&TicTacToe, &machine, Side::First, &mut solver))
    }

    /// Writes the learned state to `path` (atomically).
    pub fn save(&self, path: &str, out: &mut Vec<Answer>) -> Result<(), String> {
        State::of(&self.machine, self.games_played).save(Path::new(path))?;
        out.push(Answer::Saved { path: path.to_string(), games_played: self.games_played });
        Ok(())
    }

    fn load(&mut self, path: &str, out: &mut Vec<Answer>) -> Result<(), String> {
        self.no_match("loading a state")?;
        let (machine, games_played) = State::load(Path::new(path))?;
        self.machine = machine;
        self.games_played = games_played;
        let preset = self.machine.rules().preset_name().unwrap_or("custom");
        out.push(Answer::Loaded { path: path.to_string(), games_played, preset });
        Ok(())
    }

    /// Replaces the machine with a loaded one (for `--state`), keeping the seed.
    pub fn restore(&mut self, machine: Matchboxes<TicTacToe>, games_played: u64) {
        self.machine = machine;
        self.games_played = games_played;
        self.series = None;
    }

    /// The `status` answer.
    pub fn status(&self) -> Answer {
        let rules = self.machine.rules();
        Answer::Status {
            seed: self.seed,
            preset: rules.preset_name().unwrap_or("custom"),
            rules: rules.to_string(),
            games_played: self.games_played,
            current: self.series.as_ref().map(|s| MatchStatus {
                game: s.game,
                games: s.games,
                board: rows(s.pos),
                score: s.score,
            }),
        }
    }

    /// The `matchboxes` answer: every box's drawing and beads.
    pub fn dump(&self) -> Answer {
        let m = &self.machine;
        let boxes = (0..m.len())
            .map(|b| BoxDump {
                position: m.position(b).to_string(),
                beads: m.beads(b).try_into().expect("9 cells"),
            })
            .collect();
        Answer::Matchboxes { boxes }
    }
}

fn winner_of(board: Board) -> Option<Winner> {
    TicTacToe.outcome(board).map(|o| match o {
        menace_core::game::Outcome::Win(Side::First) => Winner::Menace,
        menace_core::game::Outcome::Win(Side::Second) => Winner::Player,
        menace_core::game::Outcome::Draw => Winner::Draw,
    })
}

fn help(name: Option<&str>) -> Answer {
    let entry = |c: &super::command::CommandSpec| HelpEntry { usage: c.usage, summary: c.summary };
    let commands = match name.and_then(spec) {
        Some(c) => vec![entry(c)],
        None => COMMANDS.iter().map(entry).collect(),
    };
    Answer::Help { commands }
}
