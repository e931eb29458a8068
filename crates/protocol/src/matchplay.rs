//! The one game flow: a match of `games N` between a person and a machine's [`Seat`],
//! its turns, the end of each game (the machine learns; `result`, the dump and what
//! others are told) and the next game, written once for a private session (`play`, its
//! own machine in the seat) and a class (`class`, the room's machine in it). `watch`
//! ends its games through the same [`Match::end_game`]. The modules above this one
//! know nothing of them.
//!
//! The seats differ only where a private machine and a class's shared one differ: where
//! the bead comes from (a private machine keeps it out until the game ends; a class's
//! draws and puts it back, for everyone plays the same boxes), how the machine learns
//! (at once, or through the room's record and its file), and who else hears of it.

use menace_core::game::Side;
use menace_core::menace::{GameResult, Matchboxes};

use crate::answer::{Answer, BoxDump, Draw, MatchStatus, Turn, Winner};
use crate::explain::Explainer;
use crate::face::Face;
use crate::series::Series;
use crate::sink::Out;

/// The machine's side of a game: how it takes a turn and learns from a finished game.
pub trait Seat<G: Face> {
    /// The side the machine plays.
    fn side(&self) -> Side;

    /// A game of a match starts (a class's seat takes its generator from the room).
    fn begin(&mut self) {}

    /// The machine's turn at `p`, recorded in `explainer`.
    fn turn(&mut self, game: &G, p: G::Pos, explainer: &mut Explainer<G::Pos>) -> Move;

    /// Move `mv` was played in the game, by either side.
    fn played(&mut self, _mv: usize) {}

    /// The game ended at `end` with `winner`: the machine learns from it, and `explainer`
    /// makes its turns the finished game. Anything the seat must answer before the game's
    /// `result` goes to `out`.
    fn finish(
        &mut self,
        game: &G,
        end: G::Pos,
        winner: Winner,
        explainer: &mut Explainer<G::Pos>,
        out: &mut Out,
    ) -> Ended;

    /// The game is dropped unfinished (`abort`): it teaches nothing.
    fn abandon(&mut self);

    /// The machine's boxes for the dump after each game (`None`: a learner without).
    fn boxes(&self, game: &G) -> Option<Vec<BoxDump>>;

    /// Tells everyone else at the machine (a class's room); a private seat has no one.
    fn tell_others(&self, _event: &Answer) {}
}

/// What the machine does on its turn.
pub enum Move {
    /// It plays `mv`: from a bead of one of its boxes, if it drew one; `event` is what
    /// everyone else is told (a class's `drew`).
    Play { mv: usize, bead: Option<Bead>, event: Option<Box<Answer>> },
    /// It resigns: box `empty_box` was empty (`None`: a learner without boxes found no
    /// move).
    Resign { empty_box: Option<usize> },
}

/// A bead the machine drew for its move.
pub struct Bead {
    /// The box it came from.
    pub box_index: usize,
    /// The bead, as the game writes a move on the box's drawing.
    pub bead: String,
    /// Beads put into the box because it was empty.
    pub refilled: u32,
}

/// What a finished game did to the machine, for the game's answers.
pub struct Ended {
    /// `result`'s `resigned`: the sentence when the machine now resigns every game.
    pub resigned: Option<String>,
    /// Told to this session after its `result` and to everyone else (a class's
    /// `finished`).
    pub event: Option<Answer>,
    /// Whether the game was made durable where the seat keeps its games (a class's store).
    /// When it could not be (a full disk), the seat answered why; the game is not
    /// announced as finished, and the match ends there as an `abort` would end it.
    pub kept: bool,
}

/// A session's match against its seat's machine and what its latest game showed.
#[derive(Debug)]
pub struct Match<P> {
    /// The match in progress, if any.
    pub series: Option<Series<P>>,
    /// Beads drawn in the latest game, as the `matchboxes` answer shows them.
    pub drawn: Vec<Draw>,
    /// The machine's turns in the latest games, for `explain`.
    pub explainer: Explainer<P>,
    /// The box the machine found empty when it resigned the game being finished.
    resigned_at: Option<usize>,
    /// Whether each game's end answers the `matchboxes` dump (`matchboxes on|off`).
    pub dumps: bool,
}

impl<P> Default for Match<P> {
    fn default() -> Self {
        Match {
            series: None,
            drawn: Vec::new(),
            explainer: Explainer::default(),
            resigned_at: None,
            dumps: true,
        }
    }
}

impl<P: Copy> Match<P> {
    /// `Err` saying why `what` must wait while a match is in progress: the one rule of
    /// every engine, private or in a class.
    pub fn idle(&self, what: &str) -> Result<(), String> {
        crate::series::idle(&self.series, what)
    }

    /// Starts a match of `games` games (`games N`) and plays the machine's turns until the
    /// player is to move.
    pub fn start<G: Face<Pos = P>>(
        &mut self,
        game: &G,
        seat: &mut impl Seat<G>,
        games: u32,
        out: &mut Out,
    ) -> Result<(), String> {
        if let Some(s) = &self.series {
            return Err(s.busy("finish it, or `abort` it first"));
        }
        let start = game.start();
        let mut s = Series::new(games, start);
        out.emit(s.new_game(start));
        self.series = Some(s);
        self.new_game(seat);
        self.advance(game, seat, out);
        Ok(())
    }

    /// A game of the match begins: the latest game's beads and turns are forgotten.
    fn new_game<G: Face<Pos = P>>(&mut self, seat: &mut impl Seat<G>) {
        self.drawn.clear();
        self.explainer.clear();
        seat.begin();
    }

    /// The player's move `text`, then the machine's turns.
    pub fn play_move<G: Face<Pos = P>>(
        &mut self,
        game: &G,
        seat: &mut impl Seat<G>,
        text: &str,
        out: &mut Out,
    ) -> Result<(), String> {
        let pos = self.series.as_ref().ok_or_else(crate::series::no_game)?.pos;
        let mv = game.read_move(pos, text)?;
        let next = game.play(pos, mv);
        seat.played(mv);
        self.series.as_mut().expect("a match").pos = next;
        out.emit(Answer::Board {
            mv: Some(game.format_move(pos, mv)),
            board: game.rows(next),
            to_move: to_move(game, seat.side(), next),
        });
        self.advance(game, seat, out);
        Ok(())
    }

    /// The `board` answer of the game in progress.
    pub fn board<G: Face<Pos = P>>(&self, game: &G, side: Side) -> Result<Answer, String> {
        let pos = self.series.as_ref().ok_or_else(crate::series::no_game)?.pos;
        Ok(Answer::Board { mv: None, board: game.rows(pos), to_move: to_move(game, side, pos) })
    }

    /// `status`'s view of the match in progress.
    pub fn current<G: Face<Pos = P>>(&self, game: &G) -> Option<MatchStatus> {
        self.series.as_ref().map(|s| MatchStatus {
            game: s.game,
            games: s.games,
            board: game.rows(s.pos),
            score: s.score,
        })
    }

    /// The player resigns the game in progress (`resign`); the match goes on.
    pub fn resign<G: Face<Pos = P>>(
        &mut self,
        game: &G,
        seat: &mut impl Seat<G>,
        out: &mut Out,
    ) -> Result<(), String> {
        self.series.as_ref().ok_or_else(crate::series::no_game)?;
        self.finish(game, seat, Winner::Menace, Some("player resigned"), out);
        self.advance(game, seat, out);
        Ok(())
    }

    /// Ends the match during its current game (`abort`): the game teaches nothing.
    pub fn abort<G: Face<Pos = P>>(
        &mut self,
        seat: &mut impl Seat<G>,
        out: &mut Out,
    ) -> Result<(), String> {
        let s = self.series.take().ok_or("no match to abort: none is in progress")?;
        seat.abandon();
        self.explainer.clear();
        out.emit(s.aborted());
        Ok(())
    }

    /// Plays the machine's turns and what follows a game (learning, `result`, the dump,
    /// the next game) until the player is to move or the match is over. A loop: a match
    /// of a million games that the machine resigns at once runs in constant memory.
    fn advance<G: Face<Pos = P>>(&mut self, game: &G, seat: &mut impl Seat<G>, out: &mut Out) {
        while let Some(s) = &self.series {
            let pos = s.pos;
            let side = seat.side();
            if let Some(winner) = winner(game, side, pos) {
                self.finish(game, seat, winner, None, out);
                continue;
            }
            if game.to_move(pos) != side {
                return;
            }
            match self.machine_turn(game, seat, pos) {
                Some((next, answer, event)) => {
                    self.series.as_mut().expect("a match").pos = next;
                    out.emit(answer);
                    if let Some(event) = event {
                        seat.tell_others(&event);
                    }
                }
                None => self.finish(game, seat, Winner::Player, Some("menace resigned"), out),
            }
        }
    }

    /// The machine's turn at `p`: the position after it, the `menace_move` answer and what
    /// everyone else is told; `None` if it resigns.
    pub fn machine_turn<G: Face<Pos = P>>(
        &mut self,
        game: &G,
        seat: &mut impl Seat<G>,
        p: P,
    ) -> Option<(P, Answer, Option<Answer>)> {
        let (mv, bead, event) = match seat.turn(game, p, &mut self.explainer) {
            Move::Play { mv, bead, event } => (mv, bead, event),
            Move::Resign { empty_box } => {
                self.resigned_at = empty_box;
                return None;
            }
        };
        seat.played(mv);
        if let Some(b) = &bead {
            self.drawn.push(Draw { box_index: b.box_index, bead: b.bead.clone() });
        }
        let next = game.play(p, mv);
        let answer = Answer::MenaceMove {
            mv: game.format_move(p, mv),
            board: game.rows(next),
            box_index: bead.as_ref().map(|b| b.box_index),
            refilled: bead.as_ref().map_or(0, |b| b.refilled),
            bead: bead.map(|b| b.bead),
            to_move: to_move(game, seat.side(), next),
        };
        Some((next, answer, event.map(|e| *e)))
    }

    /// Ends the current game of the match: [`Match::end_game`], then the next game starts
    /// (its `new_game`) unless the match is over.
    fn finish<G: Face<Pos = P>>(
        &mut self,
        game: &G,
        seat: &mut impl Seat<G>,
        winner: Winner,
        reason: Option<&'static str>,
        out: &mut Out,
    ) {
        let mut s = self.series.take().expect("a match");
        let end = s.pos;
        if self.end_game(game, seat, &mut s, end, winner, reason, out) {
            return;
        }
        out.emit(s.new_game(game.start()));
        self.series = Some(s);
        self.new_game(seat);
    }

    /// Ends the current game of `s` at `end` with `winner`: the seat learns, then
    /// `result` (with the box the machine found empty, if it resigned), the dump and what
    /// the seat tells everyone are answered. `true` when the series is over (its
    /// `match_over` answered; also when `stop` was asked); otherwise `s` is on its next
    /// game.
    #[allow(clippy::too_many_arguments)]
    pub fn end_game<G: Face<Pos = P>>(
        &mut self,
        game: &G,
        seat: &mut impl Seat<G>,
        s: &mut Series<P>,
        end: P,
        winner: Winner,
        reason: Option<&'static str>,
        out: &mut Out,
    ) -> bool {
        let ended = seat.finish(game, end, winner, &mut self.explainer, out);
        if !ended.kept {
            // Only a game that is kept is announced as finished: no `result`, no event.
            self.resigned_at = None;
            out.emit(s.aborted());
            return true;
        }
        let mut result = s.record(winner, reason);
        if let Answer::Result { empty_box, resigned, .. } = &mut result {
            *empty_box = self.resigned_at.take();
            if empty_box.is_some() {
                *resigned = ended.resigned;
            }
        }
        out.emit(result);
        if let Some(boxes) = seat.boxes(game).filter(|_| self.dumps) {
            out.emit(Answer::Matchboxes { machine: None, boxes, drawn: self.drawn.clone() });
        }
        if let Some(event) = ended.event {
            out.emit(event.clone());
            seat.tell_others(&event);
        }
        if out.halted() {
            out.emit(s.stopped());
            return true;
        }
        match s.advance() {
            None => false,
            Some(over) => {
                out.emit(over);
                true
            }
        }
    }
}

/// The boxes of `m` as the `matchboxes` answer shows them: each box's drawing and beads.
pub fn box_dumps<G: Face>(game: &G, m: &Matchboxes<G>) -> Vec<BoxDump> {
    (0..m.len())
        .map(|b| BoxDump { position: game.drawing(m.position(b)), beads: m.beads(b).to_vec() })
        .collect()
}

/// The winner of `p` if the game is over there, from the protocol's side, when the
/// machine plays `side`.
pub fn winner<G: Face>(game: &G, side: Side, p: G::Pos) -> Option<Winner> {
    let o = game.outcome(p)?;
    Some(Winner::from_menace(GameResult::for_side(o, side)))
}

/// Who moves next in `p` when the machine plays `side`: `None` once the game is over.
pub fn to_move<G: Face>(game: &G, side: Side, p: G::Pos) -> Option<Turn> {
    if game.outcome(p).is_some() {
        return None;
    }
    Some(if game.to_move(p) == side { Turn::Menace } else { Turn::Player })
}

/// The sentence of `status`'s and `result`'s `resigned` when `m` now resigns every game
/// (see [`Matchboxes::resigned_for_good`]): the one wording, private or in a class.
pub fn resigned_for_good<G: Face>(m: &Matchboxes<G>) -> Option<String> {
    if !m.resigned_for_good() {
        return None;
    }
    let which = match m.side() {
        Side::First => "its first box is empty",
        Side::Second => "every box of its first move is empty",
    };
    Some(format!(
        "MENACE has resigned for good: {which}, and under `empty resign` an empty box \
         never gets beads back; `reset` refills every box, `rules empty refill:3` lets it \
         play on"
    ))
}
