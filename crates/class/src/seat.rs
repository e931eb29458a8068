//! The machine's side of a class member's game: the room's shared boxes in the seat of
//! [`menace_protocol::matchplay`]'s one game flow. What differs from a private machine is only
//! where the beads go: a bead is drawn from the shared box and put straight back (every
//! game plays the same boxes), an empty box's refill waits for the game's end, and the
//! game is learned from through the room's record (and its file) when it ends.

use std::sync::Arc;

use menace_core::game::{Game, Side};
use menace_core::menace::Choice;
use menace_core::ttt::{Board, Cell, TicTacToe};
use menace_protocol::answer::{Answer, BoxDump, Winner};
use menace_protocol::explain::Explainer;
use menace_protocol::face::Face;
use menace_protocol::matchplay::{box_dumps, resigned_for_good, Bead, Ended, Move, Seat};
use menace_protocol::sink::Out;

use crate::record::InFlight;
use crate::room::Room;

/// A class member's seat at the room's machine.
pub(crate) struct ClassSeat {
    pub room: Arc<Room>,
    /// The member's number in the room (the `from` of its broadcasts).
    pub id: u64,
    /// The member's name, once given.
    pub name: Option<String>,
    /// The client's address, as the transport gave it (`None`: not known).
    pub client: Option<String>,
    /// The game being played.
    game: Option<InFlight>,
}

impl ClassSeat {
    /// The seat of member `id` of `room`, connected from `client`.
    pub fn new(room: Arc<Room>, id: u64, client: Option<String>) -> ClassSeat {
        ClassSeat { room, id, name: None, client, game: None }
    }
}

impl Seat<TicTacToe> for ClassSeat {
    fn side(&self) -> Side {
        self.room.lock().machine.side()
    }

    fn begin(&mut self) {
        let mut record = self.room.lock();
        let (rng, _) = record.generator();
        self.game = Some(InFlight {
            moves: Vec::new(),
            drawn: Vec::new(),
            refills: Vec::new(),
            rng,
            epoch: record.epoch,
        });
    }

    /// The bead is drawn from the shared box and left in it; the `drew` event tells
    /// everyone else.
    fn turn(&mut self, _: &TicTacToe, p: Board, explainer: &mut Explainer<Board>) -> Move {
        let game = self.game.as_mut().expect("a game in flight");
        let mut record = self.room.lock();
        let m = &mut record.machine;
        let Some(choice) = m.choose(p, &mut game.rng) else {
            return Move::Resign { empty_box: None };
        };
        m.put_back();
        match choice {
            Choice::Forced(mv) => {
                explainer.forced(p, mv);
                Move::Play { mv, bead: None, event: None }
            }
            Choice::Drew { mv, box_index, bead, refilled } => {
                explainer.drew(m, p, box_index, bead, mv, refilled);
                if refilled > 0 {
                    // The box was empty: the refill is the game's, applied when it ends.
                    let beads = m.beads(box_index).to_vec();
                    m.set_beads(box_index, &[0; 9]).expect("an empty box is legal");
                    game.refills.push((box_index, beads));
                }
                game.drawn.push((box_index, bead));
                let bead = Cell::ALL[bead].rc();
                let event = Answer::Drew {
                    player: self.name.clone().unwrap_or_default(),
                    box_index,
                    bead: bead.clone(),
                    mv: Cell::ALL[mv].rc(),
                    board: TicTacToe.rows(TicTacToe.play(p, mv)),
                    beads: m.beads(box_index).to_vec(),
                };
                let bead = Some(Bead { box_index, bead, refilled });
                Move::Play { mv, bead, event: Some(Box::new(event)) }
            }
            Choice::Resign { box_index } => Move::Resign { empty_box: Some(box_index) },
        }
    }

    fn played(&mut self, mv: usize) {
        if let Some(game) = &mut self.game {
            game.moves.push(mv as u8);
        }
    }

    /// The class learns (unless the machine was replaced while the game ran), durably
    /// before anyone hears the game is over; `finished` is the event.
    fn finish(
        &mut self,
        _: &TicTacToe,
        end: Board,
        winner: Winner,
        explainer: &mut Explainer<Board>,
        out: &mut Out,
    ) -> Ended {
        let game = self.game.take().expect("a game in flight");
        let player = self.name.clone().unwrap_or_default();
        // The one hold of the room's lock for the finished game: counted, explained, and
        // the change count to make durable read with it.
        let (finished, resigned, changes) = {
            let mut record = self.room.lock();
            let client = self.client.as_deref();
            let finished = record.finish(&player, client, game, end, winner.for_menace());
            explainer.finish(&TicTacToe, &record.machine, winner);
            (finished, resigned_for_good(&record.machine), record.changes)
        };
        // Durable before the page hears that the game is over; a game that could not be
        // kept (a full disk) is not announced (its error was), and is written with the
        // next commit that succeeds.
        let kept = finished.is_none() || self.room.keep(changes, self.id, out);
        Ended { resigned, event: finished, kept }
    }

    /// The game's beads stayed in the boxes: dropping it touches nothing.
    fn abandon(&mut self) {
        self.game = None;
    }

    fn boxes(&self, game: &TicTacToe) -> Option<Vec<BoxDump>> {
        Some(box_dumps(game, &self.room.lock().machine))
    }

    fn tell_others(&self, event: &Answer) {
        self.room.broadcast(self.id, event);
    }
}
