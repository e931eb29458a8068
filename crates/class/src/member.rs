//! A class member's session: the engine of a [`Session`] in a class. Its games are
//! [`menace_protocol::matchplay`]'s with the member's [`ClassSeat`]; what it adds is the
//! room's commands (the teacher's training, rules, reset, earlier machines and the board;
//! everyone's name) and telling everyone what changed. The room's door
//! ([`Room::session`]) is here, so the room itself knows no member.

use std::sync::Arc;

use menace_core::learn::eval::report;
use menace_core::learn::train::OpponentSpec;
use menace_core::menace::class::{check_name, name_key, ClassRecord, MAX_TRAINED};
use menace_core::menace::state::{other_side, State};
use menace_core::menace::Matchboxes;
use menace_core::solve::Solver;
use menace_core::ttt::{Board, Cell, TicTacToe};

use menace_protocol::answer::{Answer, Score};
use menace_protocol::engine::{About, Classroom, Observe, Play, Teach};
use menace_protocol::matchplay::{box_dumps, resigned_for_good, Match, Seat};
use menace_protocol::sink::Out;
use menace_protocol::{clamped, progress_every, Engine, PlayersChange, RulesChange, Session};

use crate::limits::NAMES_PER_SESSION;
use crate::record::{check_board, class_opponent, side_word, train_block, Logged};
use crate::room::Room;
use crate::seat::ClassSeat;

/// Training games played under one hold of the room's lock: people's games go on
/// between blocks (a block is well under a millisecond against random).
const TRAIN_BLOCK: u64 = 4096;
impl Room {
    /// A new member's session, and its number (the `from` its broadcasts carry on the
    /// bus, so its transport can skip what it already answered).
    pub fn session(self: &Arc<Self>) -> (Session, u64) {
        self.session_from(None)
    }

    /// [`Room::session`] for a connection from `client` (its address, as the transport
    /// knows it), so names can be counted per address.
    pub fn session_from(self: &Arc<Self>, client: Option<String>) -> (Session, u64) {
        let id = self.next_member();
        let play = ClassPlay::new(self.clone(), id, client);
        (Session::of_engine(Box::new(play)), id)
    }
}

/// One session of a class: a player (and maybe the teacher) on the room's machine.
pub(crate) struct ClassPlay {
    /// The member at the room's machine.
    seat: ClassSeat,
    teacher: bool,
    /// This member's match and what its latest game showed.
    table: Match<Board>,
    /// The new names this connection gave ([`name_key`]s), since the board's names
    /// epoch in the second place; at most [`NAMES_PER_SESSION`].
    introduced: (Vec<String>, u64),
}

impl ClassPlay {
    /// Member `id` of `room`, connected from `client`.
    fn new(room: Arc<Room>, id: u64, client: Option<String>) -> ClassPlay {
        ClassPlay {
            seat: ClassSeat::new(room, id, client),
            teacher: false,
            table: Match::default(),
            introduced: (Vec::new(), 0),
        }
    }

    fn room(&self) -> &Room {
        &self.seat.room
    }

    fn busy(&self, what: &str) -> Result<(), String> {
        self.table.idle(what)
    }

    /// After the teacher changed the machine: the picture to this session and everyone.
    fn tell_everyone(&self, out: &mut Out) {
        let room = self.room();
        room.keep_all(self.seat.id, out);
        let picture = room.lock().picture();
        out.emit(picture.clone());
        room.broadcast(self.seat.id, &picture);
    }
}

impl About for ClassPlay {
    fn game_name(&self) -> &'static str {
        "ttt"
    }

    fn learner_name(&self) -> &'static str {
        "menace"
    }

    fn is_bare_move(&self, line: &str) -> bool {
        Cell::parse_rc(line).is_ok()
    }

    fn member(&self) -> Option<bool> {
        Some(self.teacher)
    }
}

impl Play for ClassPlay {
    fn games(&mut self, games: u32, out: &mut Out) -> Result<(), String> {
        // A match in progress has a name: `start` says it is busy.
        if self.seat.name.is_none() {
            return Err("type your name first: name NAME (it goes on the class's board)".into());
        }
        self.table.start(&TicTacToe, &mut self.seat, games, out)
    }

    fn play_move(&mut self, text: &str, out: &mut Out) -> Result<(), String> {
        self.table.play_move(&TicTacToe, &mut self.seat, text, out)
    }

    fn board(&self) -> Result<Answer, String> {
        self.table.board(&TicTacToe, self.seat.side())
    }

    fn resign(&mut self, out: &mut Out) -> Result<(), String> {
        self.table.resign(&TicTacToe, &mut self.seat, out)
    }

    fn abort(&mut self, out: &mut Out) -> Result<(), String> {
        self.table.abort(&mut self.seat, out)
    }

    fn set_dumps(&mut self, on: bool) {
        self.table.dumps = on;
    }
}

impl Observe for ClassPlay {
    fn status(&self) -> Answer {
        let record = self.room().lock();
        let m = &record.machine;
        Answer::Status {
            game: "ttt",
            learner: "menace",
            side: side_word(m.side()),
            seed: record.seed,
            preset: Some(m.rules().preset_name().unwrap_or("custom")),
            rules: m.rules().to_string(),
            games_played: record.games_played,
            resigned: resigned_for_good(&record.machine),
            current: self.table.current(&TicTacToe),
        }
    }

    fn dump(&self, opponent: bool) -> Result<Answer, String> {
        if opponent {
            return Err("dump opponent: a class has no second MENACE".into());
        }
        let boxes = box_dumps(&TicTacToe, &self.room().lock().machine);
        Ok(Answer::Matchboxes { machine: None, boxes, drawn: self.table.drawn.clone() })
    }

    fn eval(&self) -> Answer {
        let machine = self.room().lock().machine.clone();
        let side = machine.side();
        let mut solver = Solver::new(TicTacToe);
        Answer::Eval(clamped(report(&TicTacToe, &machine, side, &mut solver)))
    }

    fn history(&self, last: usize) -> Answer {
        let record = self.room().lock();
        Answer::History {
            games: record.history.last(last),
            curve: record.class.curve.points().to_vec(),
            score: record.class.score,
        }
    }

    fn explain(&self) -> Result<Answer, String> {
        let record = self.room().lock();
        let (playing, finished) =
            self.table.explainer.answer(&TicTacToe, &record.machine, self.table.series.is_some());
        Ok(Answer::Explain { playing, finished })
    }

    fn state(&self) -> Result<State, String> {
        Ok(self.room().state())
    }

    fn games_played(&self) -> u64 {
        self.room().lock().games_played
    }
}

impl Teach for ClassPlay {
    fn idle(&self, what: &str) -> Result<(), String> {
        self.busy(what)
    }

    fn reset(&mut self, out: &mut Out) -> Result<(), String> {
        self.busy("resetting the class's MENACE")?;
        let boxes = {
            let mut record = self.room().lock();
            let mut machine = record.machine.clone();
            machine.reset();
            let n = machine.len();
            record.replace(machine, 0, ClassRecord::default(), "reset", self.room().now());
            n
        };
        self.room().keep_all(self.seat.id, out);
        out.emit(Answer::Reset { boxes });
        self.tell_everyone(out);
        Ok(())
    }

    fn seed(&mut self, seed: u64) {
        let mut record = self.room().lock();
        record.seed = seed;
        record.started = 0;
    }

    fn train(&mut self, games: u32, spec: &OpponentSpec, out: &mut Out) -> Result<(), String> {
        self.busy("training")?;
        let opponent = spec.to_string();
        {
            let record = self.room().lock();
            let trained = &record.class.trained;
            if !trained.contains_key(&opponent) && trained.len() >= MAX_TRAINED {
                return Err(format!(
                    "train: the class keeps records of {MAX_TRAINED} opponents at most; train against one of them"
                ));
            }
            // Refused before anything is played (an opponent a class cannot train with).
            class_opponent(spec, record.machine.side())?;
        }
        let games = u64::from(games);
        let every = progress_every(games, spec);
        let mut score = Score::default();
        let mut done = 0;
        while done < games && !out.halted() {
            let block = TRAIN_BLOCK.min(games - done).min(every - done % every);
            {
                let mut record = self.room().lock();
                let (_, seed) = record.generator();
                let tally = train_block(&mut record.machine, spec, block, seed)?;
                record.games_played = record.games_played.saturating_add(block);
                record.class.trained.entry(opponent.clone()).or_default().add_tally(tally);
                record.push_log(Logged::Training {
                    opponent: opponent.clone(),
                    games: block,
                    seed,
                });
                score.menace += tally.win;
                score.draw += tally.draw;
                score.player += tally.loss;
            }
            done += block;
            if done % every == 0 && done < games {
                out.emit(Answer::Progress { command: "train", games: done, of: games, score });
            }
        }
        self.room().keep_all(self.seat.id, out);
        let games_played = self.room().lock().games_played;
        out.emit(Answer::Trained {
            games: done,
            opponent,
            score,
            games_played,
            stopped: done < games,
        });
        self.tell_everyone(out);
        Ok(())
    }

    fn watch(&mut self, _: u32, _: &OpponentSpec, _: &mut Out) -> Result<(), String> {
        // The command table refuses `watch` in a class before it gets here.
        Err("watch is for a private session".into())
    }

    fn rules(&mut self, change: &RulesChange, out: &mut Out) -> Result<(), String> {
        self.busy("changing the rules")?;
        let answer = {
            let mut record = self.room().lock();
            let old = &record.machine;
            let rules = change.apply(old.rules())?;
            if rules.colours != old.rules().colours && !change.reset {
                return Err(format!(
                    "rules: bead colours {} put beads on other moves: add `reset` to refill the boxes",
                    rules.colours
                ));
            }
            let mut machine = Matchboxes::new(TicTacToe, old.side(), rules.clone());
            if change.reset {
                record.replace(machine, 0, ClassRecord::default(), "rules", self.room().now());
            } else {
                for b in 0..old.len() {
                    machine.set_beads(b, old.beads(b))?;
                }
                // Same boxes, same beads: games in flight go on; the log restarts here,
                // as later rewards follow the new rules.
                record.machine = machine;
                record.rebase();
            }
            Answer::Rules {
                preset: rules.preset_name().unwrap_or("custom"),
                rules: rules.to_string(),
                reset: change.reset,
            }
        };
        self.room().keep_all(self.seat.id, out);
        out.emit(answer);
        self.tell_everyone(out);
        Ok(())
    }

    fn restore(&mut self, state: &State) -> Result<(), String> {
        self.busy("loading a state")?;
        let machine = state.to_machine()?;
        let class = state.class.clone().unwrap_or_default();
        // What a game's `name` and a restart check, checked before anything changes.
        check_board(&class)?;
        let mut record = self.room().lock();
        other_side(machine.side(), record.machine.side())?;
        record.replace(machine, state.games_played, class, "import", self.room().now());
        Ok(())
    }

    fn announce(&self, out: &mut Out) {
        self.tell_everyone(out);
    }
}

impl Classroom for ClassPlay {
    fn name(&mut self, name: &str, out: &mut Out) -> Result<(), String> {
        self.busy("changing your name")?;
        let name = check_name(name).map_err(|e| format!("name: {e}"))?;
        let room = self.seat.room.clone();
        let record = room.lock();
        if let Some(listed) = record.board_name(&name) {
            // On the board already (or a name that looks the same): that player.
            let name = listed.clone();
            drop(record);
            self.seat.name = Some(name.clone());
            out.emit(Answer::Named { name, unlisted: false });
            return Ok(());
        }
        if self.introduced.1 != record.names_epoch {
            self.introduced = (Vec::new(), record.names_epoch);
        }
        let key = name_key(&name);
        if !self.introduced.0.contains(&key) && self.introduced.0.len() >= NAMES_PER_SESSION {
            return Err(format!(
                "name: one connection gives {NAMES_PER_SESSION} new names at most; play under \
                 one of yours, or ask the teacher"
            ));
        }
        let unlisted = !record.room_for(self.seat.client.as_deref());
        drop(record);
        if !self.introduced.0.contains(&key) {
            self.introduced.0.push(key);
        }
        self.seat.name = Some(name.clone());
        out.emit(Answer::Named { name, unlisted });
        Ok(())
    }

    fn players(&mut self, change: &PlayersChange, out: &mut Out) -> Result<(), String> {
        let names = self.room().lock().remove_players(change)?;
        self.room().keep_all(self.seat.id, out);
        out.emit(Answer::Removed { names });
        self.tell_everyone(out);
        Ok(())
    }

    fn restore_earlier(&mut self, number: usize, out: &mut Out) -> Result<(), String> {
        self.busy("bringing back an earlier machine")?;
        let games_played = {
            let mut record = self.room().lock();
            let kept = record.previous.len();
            let earlier = (number >= 1)
                .then(|| record.previous.get(number - 1).cloned())
                .flatten()
                .ok_or_else(|| {
                    format!("restore: no earlier machine {number}: the class keeps {kept} now")
                })?;
            // Checked when it was kept or read; a machine that is one cannot fail here.
            let machine = earlier.state.to_machine()?;
            record.previous.remove(number - 1);
            let class = earlier.state.class.clone().unwrap_or_default();
            let games = earlier.state.games_played;
            let now = self.room().now();
            record.replace(machine, games, class, "restore", now);
            games
        };
        self.table.explainer.forget();
        self.room().keep_all(self.seat.id, out);
        out.emit(Answer::Restored { number, games_played });
        self.tell_everyone(out);
        Ok(())
    }

    fn teacher(&mut self, key: &str, out: &mut Out) -> Result<(), String> {
        if !self.room().check_key(key) {
            return Err(
                "teacher: the key is wrong (wrong keys are slowed down, so keys cannot be guessed)"
                    .into(),
            );
        }
        self.teacher = true;
        out.emit(Answer::Teacher);
        Ok(())
    }

    fn class(&self) -> Answer {
        self.room().lock().picture()
    }
}

impl Engine for ClassPlay {
    fn classroom(&mut self) -> Option<&mut dyn Classroom> {
        Some(self)
    }
}
