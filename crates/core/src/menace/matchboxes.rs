//! The matchboxes of one learner, for any game.

use std::collections::{HashMap, VecDeque};

use super::{BeadColours, BeadRules, EmptyBox};
use crate::game::{Game, GameResult, Side, Sym};
use crate::play::Player;
use menace_stats::rng::{below, GameRng};

/// What the machine did at its turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Only one legal move: played without a box (the challenge's "forced move").
    Forced(usize),
    /// A bead was drawn from box `box_index`: `bead` is the move on the box's drawing,
    /// `mv` the same move on the real position. `refilled` counts beads added first
    /// because the box was empty.
    Drew {
        /// The move on the real position.
        mv: usize,
        /// Which box.
        box_index: usize,
        /// The bead's move as drawn on the box.
        bead: usize,
        /// Beads put in first because the box was empty (0 normally).
        refilled: u32,
    },
    /// The box was empty and the rules say resign.
    Resign {
        /// The empty box.
        box_index: usize,
    },
}

impl Choice {
    /// The move on the real position, unless the machine resigned.
    pub fn mv(self) -> Option<usize> {
        match self {
            Choice::Forced(mv) | Choice::Drew { mv, .. } => Some(mv),
            Choice::Resign { .. } => None,
        }
    }
}

/// Table entries: a box and a symmetry, a forced move, or nothing.
pub(super) const NONE: u32 = u32::MAX;
pub(super) const FORCED: u32 = 1 << 31;

/// A learner's set of matchboxes and the beads in them.
///
/// Built by exploring every position reachable from the start: each position where the
/// learner is to move, the game is not over and there are at least two legal moves gets a
/// box, one per symmetry class (the class's canonical drawing). A table keyed by
/// [`Game::key`] takes any real position straight to its box and to the symmetry that
/// turns it into the drawing, so playing costs no search.
#[derive(Clone, Debug)]
pub struct Matchboxes<G: Game> {
    game: G,
    pub(super) side: Side,
    pub(super) rules: BeadRules,
    pub(super) moves: usize,
    positions: Vec<G::Pos>,
    stages: Vec<u16>,
    /// Legal moves of each box's drawing, flattened; box `b` owns
    /// `legal[legal_start[b]..legal_start[b + 1]]`.
    pub(super) legal: Vec<u16>,
    pub(super) legal_start: Vec<u32>,
    /// `beads[b * moves + m]`: beads for move `m` in box `b`.
    pub(super) beads: Vec<u32>,
    /// Beads in each box, kept in step with `beads` so a draw needs no summing.
    pub(super) totals: Vec<u64>,
    /// `lookup[key(p)]`: `box << 8 | sym`, `FORCED | move`, or `NONE`.
    pub(super) lookup: Vec<u32>,
    /// `from_drawing[sym * moves + m]`: move `m` of a drawing, on the real position
    /// reached by `sym` (the game's `move_from_canonical`, as a table).
    pub(super) from_drawing: Vec<u16>,
    /// Beads drawn this game, not yet returned: (box, move on the drawing).
    pub(super) out: Vec<(u32, u16)>,
}

impl<G: Game + Clone> Matchboxes<G> {
    /// The boxes for `side` in `game`, filled with `rules`' initial beads.
    ///
    /// # Panics
    /// If the game has more than 2^23 boxes or 65,536 moves (far beyond the small games
    /// this is for).
    pub fn new(game: G, side: Side, rules: BeadRules) -> Matchboxes<G> {
        let moves = game.move_count();
        assert!(moves <= usize::from(u16::MAX), "too many moves for a matchbox");
        // Breadth-first, so the depth recorded is the fewest plies to reach a position.
        let start = game.start();
        let mut depth: HashMap<G::Pos, usize> = HashMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        let mut scratch = Vec::new();
        let mut mine = Vec::new();
        while let Some(p) = queue.pop_front() {
            let d = depth[&p];
            game.legal_moves(p, &mut scratch);
            if game.to_move(p) == side && !scratch.is_empty() {
                mine.push(p);
            }
            for &mv in &scratch {
                let q = game.play(p, mv);
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(q) {
                    e.insert(d + 1);
                    queue.push_back(q);
                }
            }
        }

        // One box per class of positions with a real choice; its stage is the learner's
        // move number at the earliest ply any member can be met.
        let mut stage_of: HashMap<G::Pos, usize> = HashMap::new();
        for &p in &mine {
            game.legal_moves(p, &mut scratch);
            if scratch.len() >= 2 {
                let (canon, _) = game.canonical(p);
                let stage = depth[&p] / 2;
                let e = stage_of.entry(canon).or_insert(stage);
                *e = (*e).min(stage);
            }
        }
        let mut boxes: Vec<(usize, G::Pos)> = stage_of.into_iter().map(|(p, s)| (s, p)).collect();
        boxes.sort_by_key(|&(s, p)| (s, std::cmp::Reverse(game.key(p))));
        assert!(boxes.len() < 1 << 23, "too many boxes");

        let index_of: HashMap<G::Pos, u32> =
            boxes.iter().enumerate().map(|(i, &(_, p))| (p, i as u32)).collect();
        let mut lookup = vec![NONE; game.key_space()];
        let mut syms = 1;
        for &p in &mine {
            game.legal_moves(p, &mut scratch);
            lookup[game.key(p)] = if scratch.len() == 1 {
                FORCED | scratch[0] as u32
            } else {
                let (canon, sym) = game.canonical(p);
                syms = syms.max(usize::from(sym) + 1);
                index_of[&canon] << 8 | u32::from(sym)
            };
        }
        let from_drawing = (0..syms)
            .flat_map(|s| (0..moves).map(move |m| (s, m)))
            .map(|(s, m)| game.move_from_canonical(s as Sym, m) as u16)
            .collect();

        let mut legal = Vec::new();
        let mut legal_start = vec![0u32];
        let mut classes = Vec::new();
        for &(_, p) in &boxes {
            game.legal_moves(p, &mut scratch);
            match rules.colours {
                BeadColours::EveryMove => legal.extend(scratch.iter().map(|&m| m as u16)),
                BeadColours::PerSymmetryClass => {
                    // The lowest move of each class: moves leading to the same position
                    // up to symmetry.
                    classes.clear();
                    for &m in &scratch {
                        let child = game.canonical(game.play(p, m)).0;
                        if !classes.contains(&child) {
                            classes.push(child);
                            legal.push(m as u16);
                        }
                    }
                }
            }
            legal_start.push(legal.len() as u32);
        }
        let mut machine = Matchboxes {
            positions: boxes.iter().map(|&(_, p)| p).collect(),
            stages: boxes.iter().map(|&(s, _)| s as u16).collect(),
            beads: vec![0; boxes.len() * moves],
            totals: vec![0; boxes.len()],
            game,
            side,
            rules,
            moves,
            legal,
            legal_start,
            lookup,
            from_drawing,
            out: Vec::new(),
        };
        machine.reset();
        machine
    }
}

impl<G: Game> Matchboxes<G> {
    /// Refills every box with the initial beads, forgetting everything learned.
    pub fn reset(&mut self) {
        self.out.clear();
        self.beads.fill(0);
        for b in 0..self.positions.len() {
            let n = self.rules.initial_for(usize::from(self.stages[b]));
            let (start, end) = (self.legal_start[b] as usize, self.legal_start[b + 1] as usize);
            for &m in &self.legal[start..end] {
                self.beads[b * self.moves + usize::from(m)] = n;
            }
            self.totals[b] = u64::from(n) * (end - start) as u64;
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The side the machine plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The bead rules.
    pub fn rules(&self) -> &BeadRules {
        &self.rules
    }

    /// The number of boxes.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Never true for a game where the learner has a choice somewhere.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The drawing on box `b`.
    pub fn position(&self, b: usize) -> G::Pos {
        self.positions[b]
    }

    /// Whether the machine now resigns every game at its first move: the rules say
    /// `empty resign` and every box of its first move is empty (tic-tac-toe: the one first
    /// box; playing second, the three). An empty box never gets beads back under that
    /// rule, since only drawn beads come back, so only a reset, a loaded state or other
    /// rules bring the machine back (as Scroggs's MENACE "refuses to play").
    pub fn resigned_for_good(&self) -> bool {
        let holds = |b: usize| self.totals[b] > 0 || self.out.iter().any(|&(o, _)| o as usize == b);
        self.rules.empty == EmptyBox::Resign
            && (0..self.len()).filter(|&b| self.stages[b] == 0).all(|b| !holds(b))
    }

    /// The learner's move number (0-based) at which box `b` can first be met.
    pub fn stage(&self, b: usize) -> usize {
        usize::from(self.stages[b])
    }

    /// The legal moves on box `b`'s drawing.
    pub fn legal(&self, b: usize) -> impl Iterator<Item = usize> + '_ {
        let (start, end) = (self.legal_start[b] as usize, self.legal_start[b + 1] as usize);
        self.legal[start..end].iter().map(|&m| usize::from(m))
    }

    /// The beads in box `b`, one count per move index.
    pub fn beads(&self, b: usize) -> &[u32] {
        &self.beads[b * self.moves..(b + 1) * self.moves]
    }

    /// The box for a real position, with the symmetry from the position to the drawing;
    /// `None` for positions with no box (forced, over, not the learner's turn, or never
    /// reachable).
    #[inline]
    pub fn box_of(&self, p: G::Pos) -> Option<(usize, Sym)> {
        let e = *self.lookup.get(self.game.key(p))?;
        (e != NONE && e & FORCED == 0).then_some(((e >> 8) as usize, (e & 0xff) as Sym))
    }

    /// The box whose drawing is `p` exactly.
    pub fn find(&self, p: G::Pos) -> Option<usize> {
        self.box_of(p).filter(|&(b, _)| self.positions[b] == p).map(|(b, _)| b)
    }

    /// Replaces box `b`'s beads, refusing beads on illegal moves (nothing changes then).
    pub fn set_beads(&mut self, b: usize, beads: &[u32]) -> Result<(), String> {
        if beads.len() != self.moves {
            return Err(format!(
                "box {b}: expected {} bead counts, got {}",
                self.moves,
                beads.len()
            ));
        }
        for (m, &n) in beads.iter().enumerate() {
            if n > 0 && !self.legal(b).any(|l| l == m) {
                return Err(format!("box {b}: {n} beads on move {m}, which is not legal there"));
            }
        }
        self.beads[b * self.moves..(b + 1) * self.moves].copy_from_slice(beads);
        self.totals[b] = beads.iter().map(|&n| u64::from(n)).sum();
        Ok(())
    }

    /// Beads drawn this game and not yet returned, as (box, move on the drawing).
    pub fn beads_out(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.out.iter().map(|&(b, m)| (b as usize, usize::from(m)))
    }

    /// Plays the learner's turn in `p`: a forced move, a bead drawn from its box (the bead
    /// stays out until [`Matchboxes::learn`]), or a resignation. `None` if the learner has
    /// nothing to do in `p` (the game is over, it is not its turn, or `p` cannot arise).
    #[inline]
    pub fn choose(&mut self, p: G::Pos, rng: &mut GameRng) -> Option<Choice> {
        let e = *self.lookup.get(self.game.key(p))?;
        if e == NONE {
            return None;
        }
        if e & FORCED != 0 {
            return Some(Choice::Forced((e & !FORCED) as usize));
        }
        let (b, sym) = ((e >> 8) as usize, (e & 0xff) as Sym);
        let row = &mut self.beads[b * self.moves..(b + 1) * self.moves];
        let mut total = self.totals[b];
        let mut refilled = 0;
        if total == 0 {
            match self.rules.empty {
                EmptyBox::Resign => return Some(Choice::Resign { box_index: b }),
                EmptyBox::Refill(n) => {
                    let legal =
                        &self.legal[self.legal_start[b] as usize..self.legal_start[b + 1] as usize];
                    for _ in 0..n {
                        let m = legal[below(rng, legal.len() as u32) as usize];
                        row[usize::from(m)] += 1;
                    }
                    refilled = n;
                    total = u64::from(n);
                }
            }
        }
        // The bead is the first move whose running count exceeds r: count, without
        // branching, the running counts that do not.
        let r = draw_below(rng, total);
        let mut running = 0u64;
        let mut bead = 0;
        for &n in row.iter() {
            running += u64::from(n);
            bead += usize::from(running <= r);
        }
        row[bead] -= 1;
        self.totals[b] = total - 1;
        self.out.push((b as u32, bead as u16));
        let mv = usize::from(self.from_drawing[usize::from(sym) * self.moves + bead]);
        Some(Choice::Drew { mv, box_index: b, bead, refilled })
    }

    /// After a game: every drawn bead goes back with the reward for `result` (net change
    /// per bead: `win`, `draw` or `loss` of the rules; counts never go below zero).
    pub fn learn(&mut self, result: GameResult) {
        let delta = self.reward_for(result);
        for i in 0..self.out.len() {
            let (b, m) = self.out[i];
            // +1 puts the drawn bead back; the reward is the net change.
            self.change(b as usize, usize::from(m), 1 + delta);
        }
        self.out.clear();
    }

    /// The learning rule for a machine whose drawn beads stay in their boxes while the
    /// game runs (a class's shared machine, where several games draw from the same boxes
    /// at once): each bead drawn, as (box, move on the drawing), changes by the reward for
    /// `result`, exactly the net change [`Matchboxes::learn`] makes to a bead it took out.
    pub fn reward(&mut self, drawn: &[(usize, usize)], result: GameResult) {
        let delta = self.reward_for(result);
        for &(b, m) in drawn {
            self.change(b, m, delta);
        }
    }

    /// Net beads per drawn bead for `result`.
    #[inline]
    fn reward_for(&self, result: GameResult) -> i64 {
        i64::from(match result {
            GameResult::Win => self.rules.win,
            GameResult::Draw => self.rules.draw,
            GameResult::Loss => self.rules.loss,
        })
    }

    /// Adds `change` beads for move `m` in box `b` (never below zero), keeping the total.
    #[inline]
    fn change(&mut self, b: usize, m: usize, change: i64) {
        let cell = &mut self.beads[b * self.moves + m];
        let n = (i64::from(*cell) + change).clamp(0, i64::from(u32::MAX)) as u32;
        self.totals[b] = self.totals[b] + u64::from(n) - u64::from(*cell);
        *cell = n;
    }

    /// Puts this game's drawn beads back unchanged (a game abandoned without a result).
    pub fn put_back(&mut self) {
        for (b, m) in self.out.drain(..) {
            self.beads[b as usize * self.moves + usize::from(m)] += 1;
            self.totals[b as usize] += 1;
        }
    }
}

impl<G: Game> Player<G> for Matchboxes<G> {
    #[inline]
    fn choose(&mut self, _game: &G, p: G::Pos, rng: &mut GameRng) -> Option<usize> {
        match Matchboxes::choose(self, p, rng)? {
            Choice::Forced(mv) | Choice::Drew { mv, .. } => Some(mv),
            Choice::Resign { .. } => None,
        }
    }

    #[inline]
    fn finish(&mut self, result: GameResult) {
        self.learn(result);
    }
}

/// A uniform integer below `n` (> 0), from 32 random bits while `n` fits in 32 bits
/// (always, in practice), so the common case costs one draw.
#[inline]
pub(super) fn draw_below(rng: &mut GameRng, n: u64) -> u64 {
    if let Ok(small) = u32::try_from(n) {
        u64::from(below(rng, small))
    } else {
        use menace_stats::rng::RngCore;
        ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u64
    }
}
