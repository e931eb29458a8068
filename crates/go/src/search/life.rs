//! Local life and death: can an enclosed group be killed, and can it be saved?
//!
//! Random playouts rarely find the moves that kill a group inside its own eye space (the
//! vital point of a bent three, the placement that reduces a bulky five), so a Monte-Carlo
//! search believes dead invasions alive. This module reads such groups exactly, the way
//! [`ladder`](crate::search::ladder) reads ladders: a depth-first proof search on copies
//! of the board, within a node budget, that proves only what it can prove.
//!
//! - [`pass_alive`] is Benson's algorithm: the stones that cannot be captured even if
//!   their owner always passes.
//! - [`area`] finds the small space a group lives in, enclosed by the opponent's wall.
//! - [`read`] searches that space: [`Life::Alive`], [`Life::Dead`], [`Life::Critical`]
//!   with the killing and the saving move, or [`Life::Unknown`].
//!
//! ```
//! use menace_go::rules::board::{Board, Colour};
//! use menace_go::search::life::{self, Life};
//! // White's group on the top edge has a straight three of eye space (row 0, columns
//! // 2 to 4) and nothing else: whoever takes the middle point decides its life.
//! let b = Board::from_diagram(
//!     "X O . . . O X . .
//!      X O O O O O X . .
//!      X X X X X X X . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .",
//!     Colour::Black,
//! )
//! .unwrap();
//! let (white, vital) = (b.point(1, 1), b.point(0, 3));
//! assert_eq!(life::read(&b, white), Life::Critical { kill: vital, save: vital });
//! // Black's wall has the open board around it: not enclosed, so not read.
//! assert_eq!(life::read(&b, b.point(2, 2)), Life::Unknown);
//! ```
//!
//! # The game that is read
//!
//! The defender owns the group; the attacker is the other player. The **area** is what a
//! flood fill from the group reaches over empty points, the defender's stones and the
//! attacker's *inner* chains (those it can take in and stay small: stones played into the
//! eye space, a hane stone with a one-point pocket behind it), stopping at the attacker's
//! other chains, the **wall**, and at the edge. It is read only when it holds at most
//! [`MAX_EMPTIES`] empty points. Both players then play only on the area's points:
//! - the attacker wins when the group's stones are captured;
//! - the defender wins when the group becomes pass-alive ([`pass_alive`], checked inside
//!   the area), when it captures a wall chain (it escapes), or when the attacker passes
//!   (the defender would pass back: two passes leave the group on the board, alive or in
//!   seki);
//! - the defender may pass; the attacker gains nothing by passing, so it never does.
//!
//! The wall is assumed to stay: the reader does not look outside the area, so a wall that
//! could itself be captured from outside makes `Dead` and `Critical` answers optimistic
//! for the attacker. Callers should read groups whose walls are safe.
//!
//! **Ko.** Each proof lets the other side retake a ko at once, as if it had endless ko
//! threats, while the prover obeys the ko rule: a proof therefore holds whoever has more
//! threats, and a group whose fate hangs on a ko reads `Unknown`. A position repeating on
//! the line being read also counts as unproven, as does a line longer than [`MAX_PLY`],
//! so long cycles (double kos, superko) end in `Unknown` too.
//!
//! Each of the (at most four) proof searches of a reading visits at most [`MAX_NODES`]
//! positions, with a transposition table of proven positions keyed on the stones, the
//! player to move and the ko point; none uses randomness, so answers are deterministic.

use std::collections::HashMap;

use crate::rules::board::{Board, Colour, Move, Point, EDGE, EMPTY, MAX_POINTS};

/// The most empty points an area may hold to be read. Every killable eye shape (up to the
/// rabbity six) fits with room for a few outside liberties and the first-line points of a
/// second-line group of eight; beyond it the tree outgrows [`MAX_NODES`] anyway.
pub const MAX_EMPTIES: usize = 14;

/// Positions one proof search may visit. An eye space of six to eight points is settled
/// in a few hundred; the budget leaves room for outside liberties and kos while keeping a
/// reading to tens of milliseconds in the worst case.
pub const MAX_NODES: u32 = 20_000;

/// The longest line read, in moves (passes included). Filling an area of [`MAX_EMPTIES`]
/// points, with captures and refills inside it, takes far fewer; longer lines are cycles.
pub const MAX_PLY: usize = 48;

/// Proof searches one [`read`] runs at most: alive, dead, the kill and the save.
pub const MAX_SEARCHES: u32 = 4;

/// What reading a group finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// It lives even when the attacker moves first.
    Alive,
    /// It dies even when its owner moves first.
    Dead,
    /// Whoever moves first decides: the attacker kills with `kill`, the owner lives with
    /// `save`.
    Critical {
        /// The attacker's killing move.
        kill: Point,
        /// The owner's saving move.
        save: Point,
    },
    /// Not enclosed, not settled within the budget, or hanging on a ko.
    Unknown,
}

impl Life {
    /// The move that decides a [`Life::Critical`] group of `owner` for `mover`: the saving
    /// move of its own group, the killing move of the opponent's. `None` for any other
    /// answer.
    pub fn deciding_move(self, owner: Colour, mover: Colour) -> Option<Point> {
        match self {
            Life::Critical { kill, save } => Some(if owner == mover { save } else { kill }),
            _ => None,
        }
    }
}

/// A [`Life`] and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The answer.
    pub life: Life,
    /// Positions visited over all its proof searches: at most
    /// [`MAX_SEARCHES`]` * `[`MAX_NODES`].
    pub nodes: u32,
}

/// Reads the group of the stone `s`: [`Life::Alive`] if it lives even when the attacker
/// moves first, [`Life::Dead`] if it dies even when its owner moves first,
/// [`Life::Critical`] (the attacker's killing move and the owner's saving move) when
/// whoever moves first wins, [`Life::Unknown`] when it is not enclosed (see [`area`]), when
/// the reading exceeds its budget, or when a ko decides. Who is to move on `b` does not
/// matter.
pub fn read(b: &Board, s: Point) -> Life {
    reading(b, s).life
}

/// [`read`], with the number of positions it visited.
pub fn reading(b: &Board, s: Point) -> Reading {
    match area(b, s) {
        Some(area) => read_area(b, &area, s),
        None => Reading { life: Life::Unknown, nodes: 0 },
    }
}

/// [`reading`] of the group of the stone `s` in an area already found: what
/// [`enclosed_groups`] lists, read without finding the area again. [`Life::Unknown`] (and
/// no work) when the area was found on other stones than `b`'s or `s` is not one of its
/// owner's stones in it.
pub fn read_area(b: &Board, area: &Area, s: Point) -> Reading {
    let defender = area.owner;
    if area.stones != (b.size(), b.hash()) || !area.contains(s) || b.colour_at(s) != Some(defender)
    {
        return Reading { life: Life::Unknown, nodes: 0 };
    }
    let attacker = defender.opponent();
    let scope = Scope::new(b, &area.points);
    let mut nodes = 0;
    // Whether `prover` wins with `first` to move, and with which first move if its own.
    let mut prove = |prover: Colour, first: Colour| {
        let (won, mv, n) = Proof::run(b, area, &scope, s, prover, first);
        nodes += n;
        (won, mv)
    };
    let life = if prove(defender, attacker).0 {
        Life::Alive
    } else if prove(attacker, defender).0 {
        Life::Dead
    } else {
        match (prove(attacker, attacker), prove(defender, defender)) {
            ((true, Some(Move::Play(kill))), (true, Some(Move::Play(save)))) => {
                Life::Critical { kill, save }
            }
            // The saving move was a pass: only a ko point at the root can make that
            // differ from the first search, and no point names it.
            _ => Life::Unknown,
        }
    };
    Reading { life, nodes }
}

/// An enclosed group: what [`enclosed_groups`] lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclosed {
    /// The group's head stone ([`Board::group_of`]).
    pub head: Point,
    /// Its [`area`]: its owner, its room.
    pub area: Area,
}

impl Enclosed {
    /// Reads the group in its area ([`read_area`]) on the board it was found on.
    pub fn read(&self, b: &Board) -> Reading {
        read_area(b, &self.area, self.head)
    }
}

/// Every group of either colour whose [`area`] is enclosed, in the order of their head
/// stones: the groups [`read`] can answer for. Several groups may share one area.
pub fn enclosed_groups(b: &Board) -> Vec<Enclosed> {
    let mut out = Vec::new();
    for p in b.points() {
        if b.colour_at(p).is_some() && b.group_of(p) == p {
            if let Some(area) = area(b, p) {
                out.push(Enclosed { head: p, area });
            }
        }
    }
    out.sort_by_key(|e| e.head);
    out
}

/// The space a group lives in (see the module documentation): its points, the count of
/// empty ones among them, and the attacker's wall around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    owner: Colour,
    points: Vec<Point>,
    empties: usize,
    walls: Vec<Point>,
    /// The board it was found on: its size and the hash of its stones ([`Board::hash`]),
    /// so that [`read_area`] never reads it on other stones.
    stones: (usize, u64),
}

impl Area {
    /// The defender: the owner of the group it was found from.
    pub fn owner(&self) -> Colour {
        self.owner
    }

    /// Its points, sorted: empty points, the defender's stones and the attacker's inner
    /// stones.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// How many of its points are empty.
    pub fn empties(&self) -> usize {
        self.empties
    }

    /// The attacker's wall: the head stone of each attacker chain next to the area but not
    /// in it, sorted.
    pub fn walls(&self) -> &[Point] {
        &self.walls
    }

    /// Is `p` one of its points?
    pub fn contains(&self, p: Point) -> bool {
        self.points.binary_search(&p).is_ok()
    }
}

/// The area of the group of the stone `s`, when it is enclosed: at most [`MAX_EMPTIES`]
/// empty points. `None` for an empty point or a group with more room.
///
/// The fill grows from the group over empty points and the defender's stones. An
/// attacker chain it meets is *inner* when growing the fill through it as well (its
/// stones, then the empty points and defender stones its liberties reach) keeps it within
/// [`MAX_EMPTIES`]: a chain whose liberties all lie inside, or one whose other liberties
/// are a small pocket, such as a hane stone on the first line. Each round tries every chain
/// met against the same fill and takes all that fit at once (the answer does not depend on
/// their order), until none does; the chains left are the wall. If the chains taken
/// together overflow the fill, the area is not enclosed.
pub fn area(b: &Board, s: Point) -> Option<Area> {
    let owner = b.colour_at(s)?;
    let a = owner.opponent().stone();
    let mut fill =
        Fill { d: owner.stone(), inside: [false; MAX_POINTS], points: Vec::new(), empties: 0 };
    fill.grow(b, &[s])?;
    let mut walls: Vec<Point>;
    loop {
        walls = fill
            .points
            .iter()
            .flat_map(|&p| b.neighbors(p))
            .filter(|&q| b.at(q) == a && !fill.inside[q.index()])
            .map(|q| b.group_of(q))
            .collect();
        walls.sort_unstable();
        walls.dedup();
        let mut inner: Vec<Point> = Vec::new();
        for &h in &walls {
            let mark = (fill.points.len(), fill.empties);
            let stones: Vec<Point> = b.group_stones(h).collect();
            if fill.grow(b, &stones).is_some() {
                inner.extend(stones);
            }
            fill.undo(mark);
        }
        if inner.is_empty() {
            break;
        }
        fill.grow(b, &inner)?;
    }
    let Fill { mut points, empties, .. } = fill;
    points.sort_unstable();
    Some(Area { owner, points, empties, walls, stones: (b.size(), b.hash()) })
}

/// A flood fill under way: the points taken, in order.
struct Fill {
    /// The defender's stone colour.
    d: u8,
    inside: [bool; MAX_POINTS],
    points: Vec<Point>,
    empties: usize,
}

impl Fill {
    /// Takes `from` (points not taken yet are added) and grows over empty points and the
    /// defender's stones. `None` once it holds more than [`MAX_EMPTIES`] empty points
    /// (then [`Fill::undo`] restores it).
    fn grow(&mut self, b: &Board, from: &[Point]) -> Option<()> {
        let mut next = self.points.len();
        for &p in from {
            self.take(b, p)?;
        }
        while next < self.points.len() {
            let p = self.points[next];
            next += 1;
            for q in b.neighbors(p) {
                let c = b.at(q);
                if (c == EMPTY || c == self.d) && !self.inside[q.index()] {
                    self.take(b, q)?;
                }
            }
        }
        Some(())
    }

    fn take(&mut self, b: &Board, p: Point) -> Option<()> {
        if self.inside[p.index()] {
            return Some(());
        }
        self.inside[p.index()] = true;
        self.points.push(p);
        if b.at(p) == EMPTY {
            self.empties += 1;
            if self.empties > MAX_EMPTIES {
                return None;
            }
        }
        Some(())
    }

    /// Back to the fill's size `mark` (its points and empties) from before a `grow`.
    fn undo(&mut self, (len, empties): (usize, usize)) {
        for p in self.points.drain(len..) {
            self.inside[p.index()] = false;
        }
        self.empties = empties;
    }
}

/// The stones that cannot be captured even if their owner always passes, and the regions
/// they make safe: the result of [`pass_alive`].
#[derive(Clone)]
pub struct PassAlive {
    stones: [bool; MAX_POINTS],
    safe: [bool; MAX_POINTS],
}

impl PassAlive {
    /// Is `p` a pass-alive stone?
    pub fn contains(&self, p: Point) -> bool {
        self.stones.get(p.index()).copied().unwrap_or(false)
    }

    /// Is `p` (an empty point or an opponent's stone) in a region that Benson's algorithm
    /// keeps and that is vital to one of the pass-alive chains around it? Every empty
    /// point of such a region touches an unconditionally alive stone, so the opponent can
    /// make no eye there.
    pub fn is_safe(&self, p: Point) -> bool {
        self.safe.get(p.index()).copied().unwrap_or(false)
    }

    /// The pass-alive stones, in point order.
    pub fn stones<'a>(&'a self, b: &'a Board) -> impl Iterator<Item = Point> + 'a {
        b.points().filter(|&p| self.stones[p.index()])
    }
}

/// Benson's algorithm (1976): the chains of `c` that cannot be captured even if `c`
/// always passes.
///
/// A *region* is a maximal connected set of points that are not `c`'s stones (empty
/// points and opponent stones). A region is *vital* to a chain of `c` when every empty
/// point of it is a liberty of that chain. Starting with every chain and every region,
/// repeat until nothing changes: drop each chain with fewer than two vital regions among
/// those left, then each region next to a dropped chain. The chains left are pass-alive.
///
/// ```
/// use menace_go::rules::board::{Board, Colour};
/// use menace_go::search::life::pass_alive;
/// // Black's corner group has two one-point eyes, at A5 and C5 (row 0, columns 0 and 2).
/// let b = Board::from_diagram(
///     ". X . X O
///      X X X X O
///      O O O O O
///      . . . . .
///      . . . . .",
///     Colour::White,
/// )
/// .unwrap();
/// let safe = pass_alive(&b, Colour::Black);
/// assert!(safe.contains(b.point(1, 1)) && safe.is_safe(b.point(0, 0)));
/// assert!(!pass_alive(&b, Colour::White).contains(b.point(2, 0)));
/// ```
pub fn pass_alive(b: &Board, c: Colour) -> PassAlive {
    let points: Vec<Point> = b.points().collect();
    let scope = Scope::new(b, &points);
    let mut benson = Benson::default();
    benson.run(b, c.stone(), &scope);
    let mut out = PassAlive { stones: [false; MAX_POINTS], safe: [false; MAX_POINTS] };
    let mut vital_to_alive = vec![false; benson.region_alive.len()];
    for &(r, ch) in &benson.vital {
        if benson.chain_alive[usize::from(ch)] && benson.region_alive[usize::from(r)] {
            vital_to_alive[usize::from(r)] = true;
        }
    }
    for (i, p) in points.iter().enumerate() {
        out.stones[p.index()] = benson.alive_at(i);
        let r = benson.region[i];
        out.safe[p.index()] = r != NONE && vital_to_alive[usize::from(r)];
    }
    out
}

/// No label; also a neighbour off the board.
const NONE: u16 = u16::MAX;
/// A neighbour on the board but outside the scope.
const BEYOND: u16 = u16::MAX - 1;

/// The points Benson's algorithm runs on, each with its neighbours as indices into the
/// list ([`NONE`] off the board, [`BEYOND`] outside the list). The whole board for
/// [`pass_alive`]; an area in a reading, where a region reaching beyond it joins the
/// outside and is vital to nobody.
struct Scope {
    points: Vec<Point>,
    neighbours: Vec<[u16; 4]>,
}

impl Scope {
    fn new(b: &Board, points: &[Point]) -> Scope {
        let mut index = [NONE; MAX_POINTS];
        for (i, p) in points.iter().enumerate() {
            index[p.index()] = i as u16;
        }
        let neighbours = points
            .iter()
            .map(|&p| {
                b.neighbors(p).map(|q| match (b.at(q), index[q.index()]) {
                    (EDGE, _) => NONE,
                    (_, NONE) => BEYOND,
                    (_, i) => i,
                })
            })
            .collect();
        Scope { points: points.to_vec(), neighbours }
    }
}

/// Benson's algorithm on a [`Scope`], with buffers kept between runs.
#[derive(Default)]
struct Benson {
    /// Per scope point: the chain of `c` holding it, or [`NONE`].
    chain: Vec<u16>,
    /// Per scope point: the region holding it, or [`NONE`].
    region: Vec<u16>,
    chain_alive: Vec<bool>,
    /// Per region: still in the running (closed, and next to no dropped chain).
    region_alive: Vec<bool>,
    region_empties: Vec<u16>,
    /// (region, chain) for each empty point of the region next to the chain, then the
    /// vital pairs.
    liberties: Vec<(u16, u16)>,
    vital: Vec<(u16, u16)>,
    /// (region, chain) next to each other.
    borders: Vec<(u16, u16)>,
    vital_count: Vec<u16>,
    stack: Vec<u16>,
}

impl Benson {
    fn run(&mut self, b: &Board, c: u8, scope: &Scope) {
        let n = scope.points.len();
        let is_c = |i: usize| b.at(scope.points[i]) == c;
        self.chain.clear();
        self.chain.resize(n, NONE);
        self.region.clear();
        self.region.resize(n, NONE);
        self.region_alive.clear();
        self.region_empties.clear();
        let mut chains = 0u16;
        for i in 0..n {
            let mine = is_c(i);
            let labels = if mine { &mut self.chain } else { &mut self.region };
            if labels[i] != NONE {
                continue;
            }
            let id = if mine { chains } else { self.region_alive.len() as u16 };
            let mut closed = true;
            labels[i] = id;
            self.stack.push(i as u16);
            while let Some(j) = self.stack.pop() {
                for k in scope.neighbours[usize::from(j)] {
                    if k == BEYOND {
                        closed = false;
                    } else if k != NONE
                        && labels[usize::from(k)] == NONE
                        && is_c(usize::from(k)) == mine
                    {
                        labels[usize::from(k)] = id;
                        self.stack.push(k);
                    }
                }
            }
            if mine {
                chains += 1;
            } else {
                self.region_alive.push(closed);
                self.region_empties.push(0);
            }
        }
        self.liberties.clear();
        self.borders.clear();
        for i in 0..n {
            let r = self.region[i];
            if r == NONE {
                continue;
            }
            let empty = b.at(scope.points[i]) == EMPTY;
            if empty {
                self.region_empties[usize::from(r)] += 1;
            }
            let mut seen = [NONE; 4];
            for (s, k) in scope.neighbours[i].into_iter().enumerate() {
                if k == NONE || k == BEYOND {
                    continue;
                }
                let ch = self.chain[usize::from(k)];
                if ch != NONE && !seen.contains(&ch) {
                    seen[s] = ch;
                    self.borders.push((r, ch));
                    if empty {
                        self.liberties.push((r, ch));
                    }
                }
            }
        }
        self.borders.sort_unstable();
        self.borders.dedup();
        self.liberties.sort_unstable();
        self.vital.clear();
        for run in self.liberties.chunk_by(|x, y| x == y) {
            let (r, ch) = run[0];
            let empties = self.region_empties[usize::from(r)];
            if self.region_alive[usize::from(r)] && run.len() == usize::from(empties) {
                self.vital.push((r, ch));
            }
        }
        self.chain_alive.clear();
        self.chain_alive.resize(usize::from(chains), true);
        loop {
            self.vital_count.clear();
            self.vital_count.resize(usize::from(chains), 0);
            for &(r, ch) in &self.vital {
                if self.region_alive[usize::from(r)] {
                    self.vital_count[usize::from(ch)] += 1;
                }
            }
            let mut changed = false;
            for (alive, &count) in self.chain_alive.iter_mut().zip(&self.vital_count) {
                if *alive && count < 2 {
                    *alive = false;
                    changed = true;
                }
            }
            for &(r, ch) in &self.borders {
                if self.region_alive[usize::from(r)] && !self.chain_alive[usize::from(ch)] {
                    self.region_alive[usize::from(r)] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Is the scope's point `i` a stone of a pass-alive chain (after [`Benson::run`])?
    fn alive_at(&self, i: usize) -> bool {
        let ch = self.chain[i];
        ch != NONE && self.chain_alive[usize::from(ch)]
    }
}

/// A proof search's answer for its prover at one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Win,
    Loss,
    /// Not settled: the budget, the ply cap or a repetition ended the line.
    Open,
}

/// Mixes the ko point into a transposition key.
fn ko_key(ko: Option<Point>) -> u64 {
    ko.map_or(0, |p| {
        let mut x = u64::from(p.raw()).wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    })
}

/// One proof search: can `prover` win the game of the module documentation?
struct Proof<'a> {
    area: &'a Area,
    scope: &'a Scope,
    /// A stone of the group read, and its index in the scope.
    target: Point,
    target_local: usize,
    defender: Colour,
    prover: Colour,
    benson: Benson,
    /// The position at each ply of the current line.
    boards: Vec<Board>,
    /// The key of each position on the current line.
    path: [u64; MAX_PLY + 1],
    /// Candidate moves at each ply, sorted best first.
    moves: Vec<Vec<(i32, Move)>>,
    /// Proven positions: does the prover win?
    table: HashMap<u64, bool>,
    nodes: u32,
    /// The prover's winning first move.
    best: Option<Move>,
}

impl Proof<'_> {
    /// Does `prover` win with `first` to move, and with which move? Also the positions
    /// visited.
    fn run(
        b: &Board,
        area: &Area,
        scope: &Scope,
        target: Point,
        prover: Colour,
        first: Colour,
    ) -> (bool, Option<Move>, u32) {
        let mut root = b.clone();
        if root.to_move() != first {
            // A pass hands over the move and lifts the ko ban, as in a game.
            root.set_passes(0);
            root.play_unchecked(Move::Pass);
        }
        let target_local = scope.points.binary_search(&target).unwrap_or(0);
        let mut proof = Proof {
            area,
            scope,
            target,
            target_local,
            defender: area.owner,
            prover,
            benson: Benson::default(),
            boards: vec![root],
            path: [0; MAX_PLY + 1],
            moves: vec![Vec::new(); MAX_PLY + 1],
            table: HashMap::new(),
            nodes: 0,
            best: None,
        };
        let won = proof.solve(0) == Value::Win;
        (won, proof.best, proof.nodes)
    }

    /// The value for the prover of the defender winning (or not).
    fn defender_wins(&self, yes: bool) -> Value {
        if yes == (self.prover == self.defender) {
            Value::Win
        } else {
            Value::Loss
        }
    }

    fn solve(&mut self, ply: usize) -> Value {
        let b = &self.boards[ply];
        let key = b.position_key() ^ ko_key(b.ko());
        if let Some(&won) = self.table.get(&key) {
            return if won { Value::Win } else { Value::Loss };
        }
        if self.nodes >= MAX_NODES || self.path[..ply].contains(&key) {
            return Value::Open;
        }
        self.nodes += 1;
        self.benson.run(b, self.defender.stone(), self.scope);
        if self.benson.alive_at(self.target_local) {
            let v = self.defender_wins(true);
            self.table.insert(key, v == Value::Win);
            return v;
        }
        if ply >= MAX_PLY {
            return Value::Open;
        }
        self.path[ply] = key;
        let mover = b.to_move();
        let proving = mover == self.prover;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.candidates(ply, &mut moves);
        let mut value = if proving { Value::Loss } else { Value::Win };
        for &(_, mv) in &moves {
            if self.boards.len() == ply + 1 {
                let next = self.boards[ply].clone();
                self.boards.push(next);
            } else {
                let (done, rest) = self.boards.split_at_mut(ply + 1);
                rest[0].clone_from(&done[ply]);
            }
            self.boards[ply + 1].play_unchecked(mv);
            let v = match self.terminal(ply + 1, mover) {
                Some(v) => v,
                None => self.solve(ply + 1),
            };
            match (proving, v) {
                (true, Value::Win) => {
                    value = Value::Win;
                    if ply == 0 {
                        self.best = Some(mv);
                    }
                    break;
                }
                (false, Value::Loss) => {
                    value = Value::Loss;
                    break;
                }
                (_, Value::Open) => value = Value::Open,
                _ => {}
            }
        }
        self.moves[ply] = moves;
        if value != Value::Open {
            self.table.insert(key, value == Value::Win);
        }
        value
    }

    /// Is the position at `ply`, just reached by `mover`'s move, the end of the game?
    fn terminal(&self, ply: usize, mover: Colour) -> Option<Value> {
        let b = &self.boards[ply];
        if b.at(self.target) != self.defender.stone() {
            return Some(self.defender_wins(false));
        }
        let wall = self.defender.opponent().stone();
        if mover == self.defender && self.area.walls.iter().any(|&w| b.at(w) != wall) {
            return Some(self.defender_wins(true));
        }
        None
    }

    /// The moves of the player to move at `ply`, best first: the area's empty points where
    /// a stone is legal (the prover obeys the ko ban, the other side ignores it), and a
    /// pass for the defender, last.
    fn candidates(&self, ply: usize, out: &mut Vec<(i32, Move)>) {
        out.clear();
        let b = &self.boards[ply];
        let mover = b.to_move();
        let (me, them) = (mover.stone(), mover.opponent().stone());
        let ko = if mover == self.prover { b.ko() } else { None };
        let target = b.group_of(self.target);
        for &p in &self.scope.points {
            if b.at(p) != EMPTY || ko == Some(p) || b.is_suicide(p, mover) {
                continue;
            }
            // Captures and rescues first, then the points with the most room around them
            // (the middle of an eye space, where the vital points are).
            let mut score = 0;
            for q in b.neighbors(p) {
                match b.at(q) {
                    EMPTY => score += 2,
                    c if c == them || c == me => {
                        let h = b.group_of(q);
                        if b.atari_lib(h) == Some(p) {
                            score += if c == them { 100 } else { 50 };
                        } else if h == target {
                            score += 1;
                        }
                    }
                    _ => {}
                }
            }
            out.push((score, Move::Play(p)));
        }
        out.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        if mover == self.defender {
            out.push((i32::MIN, Move::Pass));
        }
    }
}
