//! The labels: for every box of a machine, its drawing, its bead colours (which moves or
//! cells each colour stands for) and the beads it starts with.

use menace_core::game::{Game, Side};
use menace_core::hexapawn::{HexPos, Hexapawn};
use menace_core::menace::{BeadColours, BeadRules, Matchboxes};
use menace_core::nim::{Nim, NimPos};
use menace_core::ttt::{Board, TicTacToe};

use crate::{Colours, Machine};

/// What is drawn on a box: the machine's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// A tic-tac-toe board.
    Ttt(Board),
    /// A Hexapawn board (rank 3 at the top).
    Hexapawn(HexPos),
    /// Nim's rows of counters, with the game (which numbers the moves).
    Nim(Nim, NimPos),
}

/// One bead colour of a box: the moves it stands for and how many beads it starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bead {
    /// Index into [`crate::palette::PALETTE`].
    pub colour: usize,
    /// The moves (on the box's drawing) this colour stands for, lowest first: one move
    /// with `--colours cells`; with `--colours symmetry`, every move the symmetries that
    /// keep the drawing unchanged map onto each other.
    pub moves: Vec<usize>,
    /// Beads of this colour in a new box under the chosen rules.
    pub beads: u32,
}

/// One matchbox's label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The box's number: its index in the protocol's `matchboxes` answer (`dump`) and
    /// the `box` of `menace_move`.
    pub number: usize,
    /// The machine's move number at which the box can first be met (1 = its first move).
    pub move_number: usize,
    /// The position drawn on the box.
    pub drawing: Drawing,
    /// The drawing as the protocol's `dump` writes it (`X...O....` for tic-tac-toe).
    pub position: String,
    /// The box's bead counts per move index, exactly as a fresh machine's `dump` shows.
    pub counts: Vec<u32>,
    /// The bead colours, in palette order.
    pub beads: Vec<Bead>,
}

impl Label {
    /// All the beads in the new box.
    pub fn total_beads(&self) -> u32 {
        self.beads.iter().map(|b| b.beads).sum()
    }

    /// The colour of move `mv` on the drawing, if it has beads.
    pub fn colour_of(&self, mv: usize) -> Option<usize> {
        self.beads.iter().find(|b| b.moves.contains(&mv)).map(|b| b.colour)
    }
}

/// The labels of `machine`'s boxes under `rules`, coloured as `colours` says, in box
/// order; MENACE's for the side it plays, `side` (the other machines keep their own). The rules' own colour setting is replaced by `colours` (so the beads are where
/// the engine would put them with `--colours every` or `--colours symmetry`).
pub fn labels(machine: Machine, side: Side, rules: &BeadRules, colours: Colours) -> Vec<Label> {
    let rules = BeadRules {
        colours: match colours {
            Colours::Cells => BeadColours::EveryMove,
            Colours::Symmetry => BeadColours::PerSymmetryClass,
        },
        ..rules.clone()
    };
    match machine {
        Machine::Menace => {
            // Michie's colours belong to the cells: a cell's colour is the same on every box.
            let cell_colours = colours == Colours::Cells;
            of(TicTacToe, side, rules, cell_colours, Drawing::Ttt, |_, p| p.to_string())
        }
        Machine::Hexapawn => {
            let side = menace_core::choice::GameChoice::Hexapawn.learner_side();
            of(Hexapawn, side, rules, false, Drawing::Hexapawn, |g, p| g.board_string(p))
        }
        Machine::Nim => {
            let nim = Nim::default();
            let rows = move |p: NimPos| Drawing::Nim(nim, p);
            let text = |g: &Nim, p: NimPos| {
                p.rows[..g.rows().len()].iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            };
            of(nim, Side::First, rules, false, rows, text)
        }
    }
}

/// The labels of one game's machine. Moves share a colour when the engine counts them
/// as one (`BeadColours::PerSymmetryClass`: the moves leading to the same position up to
/// symmetry); `fixed_colours` gives each move its own palette entry (tic-tac-toe's
/// cells), otherwise colours are numbered within the box.
fn of<G: Game + Clone>(
    game: G,
    side: Side,
    rules: BeadRules,
    fixed_colours: bool,
    drawing: impl Fn(G::Pos) -> Drawing,
    position: impl Fn(&G, G::Pos) -> String,
) -> Vec<Label> {
    let per_class = rules.colours == BeadColours::PerSymmetryClass;
    let machine = Matchboxes::new(game.clone(), side, rules);
    let mut legal = Vec::new();
    (0..machine.len())
        .map(|b| {
            let p = machine.position(b);
            game.legal_moves(p, &mut legal);
            let mut classes: Vec<(G::Pos, Vec<usize>)> = Vec::new();
            for &mv in &legal {
                let child = game.canonical(game.play(p, mv)).0;
                match classes.iter_mut().find(|(c, _)| per_class && *c == child) {
                    Some((_, moves)) => moves.push(mv),
                    None => classes.push((child, vec![mv])),
                }
            }
            let counts = machine.beads(b);
            let beads = classes
                .into_iter()
                .enumerate()
                .map(|(i, (_, moves))| Bead {
                    colour: if fixed_colours { moves[0] } else { i },
                    beads: moves.iter().map(|&m| counts[m]).sum(),
                    moves,
                })
                .collect();
            Label {
                number: b,
                move_number: machine.stage(b) + 1,
                drawing: drawing(p),
                position: position(&game, p),
                counts: counts.to_vec(),
                beads,
            }
        })
        .collect()
}
