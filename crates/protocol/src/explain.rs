//! Why MENACE moved where it did: for each of its turns in the latest game, the box it
//! used, how the real board was turned to match the box's drawing, every bead of the box
//! mapped back onto the real board, and, once the game is over, what the result did to
//! each box. The web page's explanation panel shows the `explain` answer as it is, so
//! the rules are written once, here and in the core, never again in the page.
//!
//! Kept apart from `play` so that recording a turn costs the session one call, and
//! nothing at all in `train`'s loops (which never come through here).

use menace_core::game::{Game, Sym};
use menace_core::menace::Matchboxes;

use crate::answer::{BeadCell, Finished, Step, Winner};
use crate::face::Face;

/// A turn as recorded during play: the box's numbers, turned into words only when
/// `explain` asks (a match of many games records cheaply).
#[derive(Clone, Debug)]
struct Turn<P> {
    board: P,
    /// The box, its symmetry, the beads when drawn (the drawn one back in) and the bead.
    drew: Option<(usize, Sym, Vec<u32>, usize)>,
    mv: usize,
    refilled: u32,
}

/// The record of the latest games' turns that `explain` answers from.
#[derive(Clone, Debug)]
pub struct Explainer<P> {
    playing: Vec<Turn<P>>,
    finished: Option<Finished>,
}

impl<P> Default for Explainer<P> {
    fn default() -> Self {
        Explainer { playing: Vec::new(), finished: None }
    }
}

impl<P: Copy> Explainer<P> {
    /// A new game (or a game abandoned): its turns so far are forgotten.
    pub fn clear(&mut self) {
        self.playing.clear();
    }

    /// Forgets everything (the machine was replaced or reset).
    pub fn forget(&mut self) {
        self.playing.clear();
        self.finished = None;
    }

    /// MENACE's forced move `mv` on `board` (no box).
    pub fn forced(&mut self, board: P, mv: usize) {
        self.playing.push(Turn { board, drew: None, mv, refilled: 0 });
    }

    /// MENACE drew `bead` (a move on the drawing) from box `box_index` of `machine` for
    /// `board`, moving `mv`. The counts are the box's when it drew: beads of this game
    /// still out of their box (a private MENACE keeps them out until the game ends; a
    /// class's shared machine puts them straight back) count as in it.
    pub fn drew<G: Game<Pos = P>>(
        &mut self,
        machine: &Matchboxes<G>,
        board: P,
        box_index: usize,
        bead: usize,
        mv: usize,
        refilled: u32,
    ) {
        let sym = machine.box_of(board).map_or(0, |(_, s)| s);
        let mut before = machine.beads(box_index).to_vec();
        for (_, m) in machine.beads_out().filter(|&(b, _)| b == box_index) {
            before[m] += 1;
        }
        debug_assert!(before[bead] > 0, "the bead drawn was in its box");
        self.playing.push(Turn { board, drew: Some((box_index, sym, before, bead)), mv, refilled });
    }

    /// The game ended with `winner` and `machine` has learned from it: its turns, with
    /// each box's beads now, become the finished game.
    pub fn finish<G: Face<Pos = P>>(&mut self, game: &G, machine: &Matchboxes<G>, winner: Winner) {
        let rules = machine.rules();
        let change = match winner {
            Winner::Menace => rules.win,
            Winner::Draw => rules.draw,
            Winner::Player => rules.loss,
        };
        let moves =
            self.playing.iter().map(|t| step(game, machine, t, Some(i64::from(change)))).collect();
        self.playing.clear();
        self.finished = Some(Finished { winner, change, moves });
    }

    /// The `explain` answer's parts: the game in progress's turns (`None` when no game
    /// is being played) and the last finished game.
    pub fn answer<G: Face<Pos = P>>(
        &self,
        game: &G,
        machine: &Matchboxes<G>,
        in_game: bool,
    ) -> (Option<Vec<Step>>, Option<Finished>) {
        let playing =
            in_game.then(|| self.playing.iter().map(|t| step(game, machine, t, None)).collect());
        // What each box holds now: in a class, other games may have finished since.
        let finished = self.finished.clone().map(|mut f| {
            for s in &mut f.moves {
                if let Some(b) = s.box_index {
                    let now = machine.beads(b);
                    for (cell, m) in s.beads.iter_mut().zip(machine.legal(b)) {
                        cell.after = Some(now[m]);
                    }
                }
            }
            f
        });
        (playing, finished)
    }
}

/// A recorded turn in the protocol's words; `change`, once the game is over: the rule's
/// change for the bead drawn, to show with what this game taught and each count now.
fn step<G: Face>(game: &G, machine: &Matchboxes<G>, t: &Turn<G::Pos>, change: Option<i64>) -> Step {
    let mut s = Step {
        board: game.rows(t.board),
        box_index: None,
        drawing: None,
        symmetry: None,
        beads: Vec::new(),
        bead: None,
        mv: game.format_move(t.board, t.mv),
        refilled: t.refilled,
    };
    if let Some((b, sym, before, bead)) = &t.drew {
        let drawing = machine.position(*b);
        s.box_index = Some(*b);
        s.drawing = Some(game.rows(drawing));
        s.symmetry = Some(game.symmetry(*sym));
        s.bead = Some(game.bead(drawing, *bead));
        let now = machine.beads(*b);
        s.beads = machine
            .legal(*b)
            .map(|m| BeadCell {
                mv: game.format_move(t.board, game.move_from_canonical(*sym, m)),
                bead: game.bead(drawing, m),
                count: before[m],
                taught: change.map(|c| {
                    let own = if m == *bead { c } else { 0 };
                    (i64::from(before[m]) + own).clamp(0, i64::from(u32::MAX)) as u32
                }),
                after: change.map(|_| now[m]),
            })
            .collect();
    }
    s
}
