//! Monte-Carlo tree search: UCT-style tree with RAVE (all-moves-as-first) and priors.
//!
//! The tree follows michi's small but strong design: each child starts with *prior*
//! virtual wins and visits from cheap knowledge (captures, atari escapes, 3x3 patterns,
//! closeness to the last move, the third line in empty areas; self-ataris and first-line
//! moves get virtual losses), and is chosen by the RAVE blend
//! `(1 - beta) * winrate + beta * amaf_winrate` with
//! `beta = an / (an + n + n * an / RAVE_EQUIV)`. The priors replace an exploration term.
//! A leaf is expanded after [`SearchConfig::expand_visits`] visits. Two passes in a row
//! inside the tree end the game there and are scored exactly (Tromp-Taylor on the board as
//! it stands), so the tree learns that passing with dead stones on the board loses.
//!
//! Determinism: the work is a fixed number of playouts; with several threads each thread
//! searches its own tree from the seed `seed + thread index` (root parallelism), and the
//! root statistics are summed in thread order. The same input thus gives the same move on
//! any machine, whatever the scheduling.

use super::board::{Board, Colour, Move, Point, BLACK, EMPTY, MAX_POINTS, WHITE};
use super::dynamic_komi::{self, DynamicKomi};
use super::features;
use super::ladder;
use super::move_model::MoveModel;
use super::pattern;
use super::playout::{self, is_self_atari, MoveList};
use super::score;
use menace_stats::rng::{from_seed, GameRng};

/// Playouts per move unless told otherwise: 60,000 since 2026-11-23 (three times the
/// earlier 20,000 went 5-2 on the board against GNU Go level 10 where 20,000 went 3-5 in
/// the same games; a 19x19 move takes about 3 to 5 s on this project's 2-core machine,
/// inside the 10 s the king-of-the-hill goal allows). From [`Profile::V4`] on this is the
/// budget on the empty board; [`budget`] gives the position's.
pub const DEFAULT_PLAYOUTS: usize = 60_000;

/// Which version of the search's knowledge to use. The default improves over time; the
/// older profiles stay frozen so that recorded games stay replayable move for move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Profile {
    /// The bot of the first recorded matches (2026-11-22): hand-set priors (michi's),
    /// every legal move searchable from the first visit.
    V1,
    /// V1's priors plus the learned move model ([`MoveModel::builtin`]) as a prior, and
    /// progressive widening: a node's children are ordered by learned strength and only
    /// the strongest few are searchable at first, one more each time its visits pass
    /// `40 * 1.4^k`.
    V2,
    /// V2's search; in the king-of-the-hill format (no history), never retakes what
    /// looks like a ko while winning, and retakes one while clearly losing (if the
    /// opponent just took it, the repeat ends the game as a tie, worth half a point).
    V3,
    /// V3 with a budget that grows as the board fills ([`budget`]): the middle game gets
    /// the time the opening does not need, and no move costs much more than the first.
    /// The default from 2026-11-23 (it beat v3 in self-play on 9x9 and 13x13) to
    /// 2026-11-24.
    V4,
    /// V4 with ladders read ([`ladder`]) when a node is expanded: running from atari into
    /// a ladder that works loses its tactical priors and gets virtual losses instead, and
    /// an atari that starts a working ladder gets the priors of a capture. At the root
    /// every group on the board is read, below it the groups at the last move.
    V5,
    /// V5 and, in the king-of-the-hill format (no history, so no last move), every root
    /// move searchable from the first visit ([`RootRules::wide`]); deeper nodes, which
    /// know the move before them, still widen progressively. Over GTP it plays as V5.
    /// The default since 2026-11-24: 33.5 points of 40 against GNU Go level 10 in the
    /// king-of-the-hill format on 19x19 (docs/games/koth-19x19-level10-v6).
    #[default]
    V6,
    /// V6 with situational dynamic komi ([`DynamicKomi`]): when the search finds the
    /// player to move clearly ahead, it asks its playouts for a cushion of half the
    /// expected lead, so that with no komi a winning black keeps playing for points
    /// instead of giving them away until one point is left (B+1 wins, W+1 losses).
    V7,
}

impl Profile {
    /// Whether ladders are read for the tree's priors (from [`Profile::V5`] on).
    pub fn reads_ladders(self) -> bool {
        self >= Profile::V5
    }

    /// Whether the king-of-the-hill root searches every move ([`Profile::V6`] on).
    pub fn wide_koth_root(self) -> bool {
        self >= Profile::V6
    }

    /// Whether the search adapts a virtual komi when ahead ([`Profile::V7`] on).
    pub fn dynamic_komi(self) -> bool {
        self >= Profile::V7
    }
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Profile, String> {
        match s {
            "v1" => Ok(Profile::V1),
            "v2" => Ok(Profile::V2),
            "v3" => Ok(Profile::V3),
            "v4" => Ok(Profile::V4),
            "v5" => Ok(Profile::V5),
            "v6" => Ok(Profile::V6),
            "v7" => Ok(Profile::V7),
            _ => Err(format!("unknown profile {s:?} (known: v1, v2, v3, v4, v5, v6, v7)")),
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Profile::V1 => "v1",
            Profile::V2 => "v2",
            Profile::V3 => "v3",
            Profile::V4 => "v4",
            Profile::V5 => "v5",
            Profile::V6 => "v6",
            Profile::V7 => "v7",
        })
    }
}

/// Search parameters.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Total playouts (split evenly across threads).
    pub playouts: usize,
    /// Worker threads (root parallelism); 1 or more.
    pub threads: usize,
    /// Komi, added to white's score.
    pub komi: f32,
    /// The generator seed (each thread adds its index).
    pub seed: u64,
    /// Visits before a leaf is expanded.
    pub expand_visits: u32,
    /// The RAVE equivalence parameter.
    pub rave_equiv: f32,
    /// The knowledge profile.
    pub profile: Profile,
    /// Tuning, for an A/B: the king-of-the-hill root of [`Profile::V6`] (every root move
    /// searchable early, [`RootRules::wide`]) over GTP too, where the last move is known.
    pub wide_root: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            playouts: DEFAULT_PLAYOUTS,
            threads: 1,
            komi: 0.0,
            seed: 1,
            expand_visits: 8,
            rave_equiv: 3500.0,
            profile: Profile::default(),
            wide_root: false,
        }
    }
}

/// Restrictions on the root moves.
#[derive(Clone, Debug, Default)]
pub struct RootRules {
    /// Points the root may not play (e.g. positional-superko violations). Passing is
    /// governed by `allow_pass`.
    pub forbidden: Vec<Point>,
    /// Whether passing is among the root's options.
    pub allow_pass: bool,
    /// Every root move is searchable from the first visit: no progressive widening at
    /// the root ([`Profile::V6`] in the king-of-the-hill format). Without the last move
    /// the learned model cannot rank the answer to it, and widening by that ranking kept
    /// the urgent local move out of the search.
    pub wide: bool,
}

/// Statistics of one root move after the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// Playouts through it (summed over threads).
    pub visits: u32,
    /// Its winrate for the player to move: priors included in profile v1, the playouts
    /// alone from v2 (0 when it had none).
    pub winrate: f32,
    /// AMAF (RAVE) visits.
    pub amaf_visits: f32,
    /// AMAF winrate.
    pub amaf_winrate: f32,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Root moves, most visited first (ties in [`Move`] order: pass, then by point).
    pub moves: Vec<MoveStat>,
    /// Playouts run.
    pub playouts: usize,
    /// The cushion (points) the player to move was asked for in the search's last part,
    /// averaged over the threads' trees: 0 unless [`Profile::dynamic_komi`] and ahead.
    pub virtual_komi: f32,
}

impl SearchResult {
    /// The most visited move ([`Move::Pass`] if the root had no move).
    pub fn best(&self) -> Move {
        self.moves.first().map_or(Move::Pass, |m| m.mv)
    }
}

/// One root child's raw statistics, as one thread's tree has them; the threads' rows are
/// summed before they become [`MoveStat`]s.
#[derive(Clone, Copy, Debug)]
struct RootRow {
    mv: Move,
    /// Playouts through the move.
    visits: u32,
    /// Visits and wins behind the winrate (see [`Tree::root_stats`]).
    n: f32,
    w: f32,
    /// AMAF visits and wins.
    amaf_n: f32,
    amaf_w: f32,
}

impl RootRow {
    /// Adds another thread's row for the same move.
    fn add(&mut self, o: &RootRow) {
        debug_assert_eq!(self.mv, o.mv);
        self.visits += o.visits;
        self.n += o.n;
        self.w += o.w;
        self.amaf_n += o.amaf_n;
        self.amaf_w += o.amaf_w;
    }
}

/// A tree node: 32 bytes (checked below). A `Move` takes 4 bytes where a raw `u16` took 2,
/// and the 2 more came out of what was padding, so a node holds a plain `Move`.
#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    /// Colour that played `mv`.
    color: Colour,
    expanded: bool,
    n_children: u16,
    first_child: u32,
    visits: u32,
    n: f32,
    w: f32,
    an: f32,
    aw: f32,
}

const _: () = assert!(std::mem::size_of::<Node>() == 32);

/// Tree size limit per thread (32 bytes a node: 128 MiB). Beyond it leaves are no
/// longer expanded and playouts simply start there, so huge budgets cannot exhaust memory.
const MAX_NODES: usize = 4 << 20;
/// Share of the score term in a playout's reward.
const SCORE_WEIGHT: f32 = 0.1;
/// Margin (points) at which the score term is half-way to its bound.
const SCORE_SCALE: f32 = 10.0;
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE: f32 = 15.0;
const PRIOR_PAT3: f32 = 10.0;
const PRIOR_SELFATARI: f32 = 10.0;
const PRIOR_NEAR: [f32; 3] = [24.0, 22.0, 8.0];
const PRIOR_EMPTYAREA: f32 = 10.0;
const PRIOR_PASS: f32 = 10.0;
/// Root captures and escapes get virtual wins in the tree *and* in AMAF: with few
/// playouts on 19x19 the AMAF values of all moves agree to a percent, and a prior in the
/// tree alone would be washed out by them.
const PRIOR_ROOT_TACTICAL: f32 = 40.0;
const PRIOR_ROOT_TACTICAL_AMAF: f32 = 200.0;
/// V2: virtual playouts from the learned move model, won in proportion to
/// `sqrt(strength / strongest sibling's strength)`.
const PRIOR_MODEL: f32 = 20.0;
/// V2: children searchable before any widening.
const WIDEN_START: usize = 2;
/// V2: a node's visits at which one more child becomes searchable: `40 * 1.4^k`.
const WIDEN_AT: [u32; 32] = geometric(400, 10, 14, 10);

/// `N` visit thresholds growing geometrically: `x / scale` for `x = start`, then `x`
/// times `num / den` each step, in integers so the table is the same on every machine.
const fn geometric<const N: usize>(start: u64, scale: u64, num: u64, den: u64) -> [u32; N] {
    let mut t = [0u32; N];
    let mut x = start;
    let mut k = 0;
    while k < N {
        t[k] = if x / scale > u32::MAX as u64 { u32::MAX } else { (x / scale) as u32 };
        x = x * num / den;
        k += 1;
    }
    t
}

/// V2: how many children (besides passing) a node with `visits` may search.
fn widened(visits: u32) -> usize {
    WIDEN_START + WIDEN_AT.iter().take_while(|&&t| t <= visits).count()
}

/// V6, the king-of-the-hill root: children searchable before any widening. Without the
/// last move the model's ranking misses the answer to it (in game 35 of the v4 run the
/// centre move a fight needed was outside the 25 or so moves `40 * 1.4^k` opens, and
/// outside 45 at `10 * 1.2^k`), so the root widens from more moves and much faster; a
/// fully wide root, the other extreme, spread its visits over second-line moves on the
/// empty board.
const ROOT_WIDEN_START: usize = 5;
/// V6: a root's visits at which one more child becomes searchable: `10 * 1.1^k`
/// (about 90 moves at 30,000 visits, one thread's share of the default budget).
const ROOT_WIDEN_AT: [u32; 160] = geometric(10_000, 1000, 11, 10);

/// V6: how many children (besides passing) the king-of-the-hill root may search.
fn widened_root(visits: u32) -> usize {
    ROOT_WIDEN_START + ROOT_WIDEN_AT.iter().take_while(|&&t| t <= visits).count()
}

struct Tree {
    nodes: Vec<Node>,
    profile: Profile,
    model: &'static MoveModel,
    /// V2: children being created, with their strengths (reused between expansions).
    scratch: Vec<(Node, f32)>,
    /// Prior wins of the root's children, in creation order.
    root_prior_w: Vec<f32>,
    komi: f32,
    expand_visits: u32,
    rave_equiv: f32,
    rng: GameRng,
    path: Vec<u32>,
    amaf: [u8; MAX_POINTS],
    /// V7: the cushion asked of the root player.
    dynamic_komi: Option<DynamicKomi>,
}

impl Tree {
    fn new(root: &Board, cfg: &SearchConfig, seed: u64) -> Tree {
        let root_node = Node {
            mv: Move::Pass,
            color: root.to_move().opponent(),
            expanded: false,
            n_children: 0,
            first_child: 0,
            visits: 0,
            n: 0.0,
            w: 0.0,
            an: 0.0,
            aw: 0.0,
        };
        let mut nodes = Vec::with_capacity(1 << 16);
        nodes.push(root_node);
        Tree {
            nodes,
            profile: cfg.profile,
            model: MoveModel::builtin(),
            scratch: Vec::new(),
            root_prior_w: Vec::new(),
            komi: cfg.komi,
            expand_visits: cfg.expand_visits,
            rave_equiv: cfg.rave_equiv,
            rng: from_seed(seed),
            path: Vec::with_capacity(64),
            amaf: [0; MAX_POINTS],
            dynamic_komi: cfg
                .profile
                .dynamic_komi()
                .then(|| DynamicKomi::new(root.to_move(), root.size() * root.size())),
        }
    }

    /// Adds the children of `id` (position `b`) with their priors.
    fn expand(&mut self, id: u32, b: &Board, rules: Option<&RootRules>) {
        let c = b.to_move();
        let first = self.nodes.len() as u32;
        let last = b.last_move();
        let pats = pattern::compiled();
        let mut tactical = MoveList::default();
        playout::tactical_moves(b, &mut tactical);
        // At the root, every capture and atari escape on the board (the king-of-the-hill
        // bot does not know the last move, and playouts only look near it).
        let mut global = MoveList::default();
        if rules.is_some() {
            for p in b.points() {
                if b.at(p) == BLACK || b.at(p) == WHITE {
                    let h = b.group_of(p);
                    if h != p {
                        continue;
                    }
                    if let Some(l) = b.atari_lib(h) {
                        if b.at(p) != c.stone() || !is_self_atari(b, l) {
                            global.push(l);
                        }
                    }
                }
            }
        }
        // V5: escapes into a working ladder, and ataris that start one.
        let (mut ladder_lost, mut ladder_won) = (MoveList::default(), MoveList::default());
        if self.profile.reads_ladders() {
            self.read_ladders(b, rules.is_some(), &mut ladder_lost, &mut ladder_won);
        }
        let empty_area = |p: Point| -> bool {
            let (r, col) = b.row_col(p);
            let n = b.size() as isize;
            for dr in -3isize..=3 {
                for dc in -3isize..=3 {
                    if dr.abs() + dc.abs() > 3 {
                        continue;
                    }
                    let (rr, cc) = (r as isize + dr, col as isize + dc);
                    if rr >= 0 && rr < n && cc >= 0 && cc < n {
                        let q = b.point(rr as usize, cc as usize);
                        if b.at(q) != EMPTY {
                            return false;
                        }
                    }
                }
            }
            true
        };
        let dist_last = |p: Point| -> usize {
            let Move::Play(last) = last else {
                return 99;
            };
            let (r1, c1) = b.row_col(p);
            let (r2, c2) = b.row_col(last);
            r1.abs_diff(r2) + c1.abs_diff(c2)
        };
        for p in b.points() {
            if b.at(p) != EMPTY || b.is_eye(p, c) || !b.is_legal(Move::Play(p)) {
                continue;
            }
            if let Some(r) = rules {
                if r.forbidden.contains(&p) {
                    continue;
                }
            }
            let mut n = PRIOR_EVEN;
            let mut w = PRIOR_EVEN / 2.0;
            let cap = playout::capture_size(b, p);
            let lost_run = ladder_lost.as_slice().contains(&p);
            if lost_run {
                n += PRIOR_CAPTURE;
            } else if cap > 0 || tactical.as_slice().contains(&p) {
                let k = if cap > 1 { 2.0 } else { 1.0 };
                n += PRIOR_CAPTURE * k;
                w += PRIOR_CAPTURE * k;
            }
            let chase = ladder_won.as_slice().contains(&p);
            if chase {
                n += PRIOR_CAPTURE;
                w += PRIOR_CAPTURE;
            }
            if pats[b.env8(p) as usize] {
                n += PRIOR_PAT3;
                w += PRIOR_PAT3;
            }
            if is_self_atari(b, p) && cap == 0 {
                n += PRIOR_SELFATARI;
            }
            let d = dist_last(p);
            if (1..=3).contains(&d) {
                n += PRIOR_NEAR[d - 1];
                w += PRIOR_NEAR[d - 1];
            }
            let (mut an, mut aw) = (0.0, 0.0);
            if !lost_run
                && (global.as_slice().contains(&p) || chase && id == 0)
                && b.is_legal(Move::Play(p))
            {
                n += PRIOR_ROOT_TACTICAL;
                w += PRIOR_ROOT_TACTICAL * 0.9;
                an = PRIOR_ROOT_TACTICAL_AMAF;
                aw = PRIOR_ROOT_TACTICAL_AMAF * 0.9;
            }
            let (r, col) = b.row_col(p);
            let line = r.min(col).min(b.size() - 1 - r).min(b.size() - 1 - col);
            if line <= 2 && empty_area(p) {
                if line == 2 {
                    n += PRIOR_EMPTYAREA;
                    w += PRIOR_EMPTYAREA;
                } else {
                    n += PRIOR_EMPTYAREA;
                }
            }
            let node = Node {
                mv: Move::Play(p),
                color: c,
                expanded: false,
                n_children: 0,
                first_child: 0,
                visits: 0,
                n,
                w,
                an,
                aw,
            };
            if self.profile >= Profile::V2 {
                let s = self.model.strength(&features::features(b, p));
                self.scratch.push((node, s));
            } else {
                self.nodes.push(node);
            }
        }
        let pass_ok = rules.is_none_or(|r| r.allow_pass);
        let pass = Node {
            mv: Move::Pass,
            color: c,
            expanded: false,
            n_children: 0,
            first_child: 0,
            visits: 0,
            n: PRIOR_PASS,
            w: PRIOR_PASS * 0.1,
            an: 0.0,
            aw: 0.0,
        };
        if self.profile >= Profile::V2 {
            // Passing first (always searchable), then the moves, strongest first.
            if pass_ok || self.scratch.is_empty() && rules.is_none() {
                self.nodes.push(pass);
            }
            let strongest = self.scratch.iter().fold(0.0f32, |m, x| m.max(x.1));
            self.scratch.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.mv.cmp(&y.0.mv)));
            for (mut node, s) in self.scratch.drain(..) {
                let v = if strongest > 0.0 { (s / strongest).sqrt() } else { 0.0 };
                node.n += PRIOR_MODEL;
                node.w += PRIOR_MODEL * v;
                self.nodes.push(node);
            }
        } else if pass_ok || self.nodes.len() as u32 == first && rules.is_none() {
            self.nodes.push(pass);
        }
        if id == 0 {
            self.root_prior_w = self.nodes[first as usize..].iter().map(|ch| ch.w).collect();
        }
        let count = (self.nodes.len() as u32 - first) as u16;
        let node = &mut self.nodes[id as usize];
        node.expanded = true;
        node.first_child = first;
        node.n_children = count;
    }

    /// V5: reads the ladders of the groups in atari or with two liberties, all of them at
    /// the root (`everywhere`), else those touching the last move. `lost` gets the
    /// liberty of each of our groups that cannot run out of its atari, `won` each atari
    /// that captures an opponent's group in a chase.
    fn read_ladders(&self, b: &Board, everywhere: bool, lost: &mut MoveList, won: &mut MoveList) {
        let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
        let last = b.last_move().point();
        let near_last = |h: Point| -> bool {
            last.is_some_and(|l| b.group_stones(h).any(|s| s == l || b.neighbors(s).contains(&l)))
        };
        for p in b.points() {
            let colour = b.at(p);
            if colour != c && colour != o || b.group_of(p) != p {
                continue;
            }
            if !everywhere && !near_last(p) {
                continue;
            }
            if colour == c {
                if let Some(l) = b.atari_lib(p) {
                    if ladder::is_captured(b, p) {
                        lost.push(l);
                    }
                }
            } else {
                for q in ladder::winning_chases(b, p) {
                    won.push(q);
                }
            }
        }
    }

    fn select(&self, id: u32, wide: bool) -> Option<u32> {
        let node = &self.nodes[id as usize];
        let mut best = None;
        let mut best_v = f32::NEG_INFINITY;
        let mut count = u32::from(node.n_children);
        if wide && count > 0 {
            let pass_first = self.nodes[node.first_child as usize].mv.is_pass();
            count = count.min((usize::from(pass_first) + widened_root(node.visits)) as u32);
        }
        if self.profile != Profile::V1 && count > 0 && !wide {
            let pass_first = self.nodes[node.first_child as usize].mv.is_pass();
            count = count.min((usize::from(pass_first) + widened(node.visits)) as u32);
        }
        for k in node.first_child..node.first_child + count {
            let ch = &self.nodes[k as usize];
            let v = if ch.an > 0.0 {
                let beta = ch.an / (ch.an + ch.n + ch.n * ch.an / self.rave_equiv);
                (1.0 - beta) * ch.w / ch.n + beta * ch.aw / ch.an
            } else {
                ch.w / ch.n
            };
            if v > best_v {
                best_v = v;
                best = Some(k);
            }
        }
        best
    }

    fn simulate(&mut self, root: &Board, rules: &RootRules) {
        let mut b = root.clone();
        self.path.clear();
        self.path.push(0);
        self.amaf = [0; MAX_POINTS];
        let mut id = 0u32;
        let margin: f32;
        loop {
            if b.passes() >= 2 {
                margin = score::margin(&b, self.komi);
                break;
            }
            let node = self.nodes[id as usize];
            if !node.expanded {
                if id == 0 || node.visits >= self.expand_visits && self.nodes.len() < MAX_NODES {
                    self.expand(id, &b, (id == 0).then_some(rules));
                } else {
                    let m = playout::playout(&mut b, &mut self.rng, &mut self.amaf);
                    margin = m as f32 - self.komi;
                    break;
                }
            }
            let Some(child) = self.select(id, id == 0 && rules.wide) else {
                // A root with no allowed move: nothing to learn.
                margin = score::margin(&b, self.komi);
                break;
            };
            let mv = self.nodes[child as usize].mv;
            if let Move::Play(p) = mv {
                if self.amaf[p.index()] == 0 {
                    self.amaf[p.index()] = b.to_move().stone();
                }
            }
            b.play_unchecked(mv);
            self.path.push(child);
            id = child;
        }
        let margin = match &mut self.dynamic_komi {
            Some(dk) => dk.score(margin),
            None => margin,
        };
        let win = if margin > 0.0 {
            1.0
        } else if margin < 0.0 {
            0.0
        } else {
            0.5
        };
        // Mostly win/loss, plus a little score so that when every move wins (or loses)
        // alike the search still prefers the bigger result (taking a stone for free,
        // capturing dead stones). `m / (|m| + 10)` instead of tanh: only IEEE-exact
        // operations, so results are identical on every machine.
        let shaped = 0.5 + 0.5 * margin / (margin.abs() + SCORE_SCALE);
        let black_result = (1.0 - SCORE_WEIGHT) * win + SCORE_WEIGHT * shaped;
        for i in 0..self.path.len() {
            let id = self.path[i] as usize;
            let node = &mut self.nodes[id];
            let r = if node.color == Colour::Black { black_result } else { 1.0 - black_result };
            node.visits += 1;
            node.n += 1.0;
            node.w += r;
            if node.expanded {
                let (f, k) = (node.first_child as usize, node.n_children as usize);
                for ch in &mut self.nodes[f..f + k] {
                    let Move::Play(p) = ch.mv else { continue };
                    if self.amaf[p.index()] == ch.color.stone() {
                        let r = if ch.color == Colour::Black {
                            black_result
                        } else {
                            1.0 - black_result
                        };
                        ch.an += 1.0;
                        ch.aw += r;
                    }
                }
            }
        }
    }

    /// The statistics of each root child, in creation order. `n` and `w`, V1: the tree's
    /// values, priors included. From V2: the playouts alone (the learned priors would
    /// otherwise lift a lost position's winrate above the resign threshold).
    fn root_stats(&self) -> Vec<RootRow> {
        let root = &self.nodes[0];
        (root.first_child..root.first_child + u32::from(root.n_children))
            .enumerate()
            .map(|(i, k)| {
                let ch = &self.nodes[k as usize];
                let (n, w) = if self.profile >= Profile::V2 {
                    (ch.visits as f32, ch.w - self.root_prior_w[i])
                } else {
                    (ch.n, ch.w)
                };
                RootRow { mv: ch.mv, visits: ch.visits, n, w, amaf_n: ch.an, amaf_w: ch.aw }
            })
            .collect()
    }
}

/// The playouts a search of `root` runs when `base` is asked for. Up to V3, `base`. From
/// V4, `base` on an empty board and more as the board fills, up to twice `base`, so that
/// the middle game, where games are decided, gets the time the opening does not need:
/// `base * 1.6 N / (empties + 0.6 N)` on a board of N points. A playout's cost falls
/// with the empty points but more slowly at first (10,000 v3 playouts on one thread took
/// 1.30 s of CPU on the empty 19x19 board, 1.14 s at 262 empty points, 0.97 s at 216, 0.77 s
/// at 166, 0.56 s at 128, in a recorded game), so this keeps every move within about 6%
/// of the first move's time. A function of the position alone: the bot stays deterministic.
pub fn budget(root: &Board, base: usize, profile: Profile) -> usize {
    if profile < Profile::V4 {
        return base;
    }
    let n = (root.size() * root.size()) as u64;
    let e = root.empties().len() as u64;
    let scaled = base as u64 * (16 * n) / (10 * e + 6 * n);
    scaled.clamp(base as u64, 2 * base as u64) as usize
}

/// Stack of a search thread. The ladder reader ([`crate::ladder`]) recurses once per
/// node it visits, at most its node budget (400) deep, holding a board copy (about
/// 9 KiB) per level: about 4 MiB at worst, which overflowed the 2 MiB default of a
/// spawned thread on a 19x19 position of a recorded game. 16 MiB leaves a wide margin;
/// untouched pages cost nothing.
pub const SEARCH_STACK: usize = 16 << 20;

/// Searches `root` for the player to move with [`budget`]`(root, cfg.playouts, profile)`
/// playouts.
pub fn search(root: &Board, cfg: &SearchConfig, rules: &RootRules) -> SearchResult {
    let threads = cfg.threads.max(1);
    let per = budget(root, cfg.playouts, cfg.profile).div_ceil(threads).max(1);
    // V7 adapts its virtual komi between equal parts of the search; before, one part.
    let parts = if cfg.profile.dynamic_komi() { dynamic_komi::PHASES } else { 1 };
    let run = |t: usize| -> (Vec<RootRow>, f32) {
        let mut tree = Tree::new(root, cfg, cfg.seed.wrapping_add(t as u64));
        let mut vk = 0.0;
        for k in 0..parts {
            vk = tree.dynamic_komi.as_ref().map_or(0.0, DynamicKomi::virtual_komi);
            for _ in per * k / parts..per * (k + 1) / parts {
                tree.simulate(root, rules);
            }
            if let Some(dk) = &mut tree.dynamic_komi {
                dk.end_phase();
            }
        }
        (tree.root_stats(), vk)
    };
    // Every tree runs on a thread of its own with a stack sized for the ladder reader's
    // deepest reading (see [`SEARCH_STACK`]), also with one thread: the caller's stack may
    // be a worker's 2 MiB, which a deep reading overflowed (the process aborted).
    let per_thread: Vec<(Vec<RootRow>, f32)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(s, move || run(t))
                    .expect("start a search thread")
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("search thread panicked")).collect()
    });
    // Every tree has the same root children in the same order; sum in thread order.
    let mut sums = per_thread[0].0.clone();
    for (other, _) in &per_thread[1..] {
        for (m, o) in sums.iter_mut().zip(other) {
            m.add(o);
        }
    }
    let virtual_komi = per_thread.iter().map(|t| t.1).sum::<f32>() / threads as f32;
    let mut moves: Vec<MoveStat> = sums
        .iter()
        .map(|r| MoveStat {
            mv: r.mv,
            visits: r.visits,
            winrate: if r.n > 0.0 { r.w / r.n } else { 0.0 },
            amaf_visits: r.amaf_n,
            amaf_winrate: if r.amaf_n > 0.0 { r.amaf_w / r.amaf_n } else { 0.0 },
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(a.mv.cmp(&b.mv)));
    SearchResult { moves, playouts: per * threads, virtual_komi }
}

/// Does `mv` look like taking a ko: it captures exactly one stone and leaves the
/// capturing stone alone with a single liberty? If the opponent has just taken that ko,
/// taking it back recreates the earlier position. A pass never does.
pub fn is_ko_capture(b: &Board, mv: Move) -> bool {
    let Move::Play(p) = mv else {
        return false;
    };
    if !b.is_legal(mv) || playout::capture_size(b, p) != 1 {
        return false;
    }
    let c = b.to_move().stone();
    if b.neighbors(p).iter().any(|&q| b.at(q) == c || b.at(q) == EMPTY) {
        return false;
    }
    let mut after = b.clone();
    after.play_unchecked(mv);
    after.ko().is_some()
}
