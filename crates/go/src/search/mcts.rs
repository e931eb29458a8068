//! Monte-Carlo tree search: UCT-style tree with RAVE (all-moves-as-first) and priors.
//!
//! The tree follows michi's small but strong design: each child starts with *prior*
//! virtual wins and visits from cheap knowledge ([`priors`]), and is chosen by the RAVE blend
//! `(1 - beta) * winrate + beta * amaf_winrate` with
//! `beta = an / (an + n + n * an / RAVE_EQUIV)`. The priors replace an exploration term.
//! A leaf is expanded after [`Tuning::expand_visits`] visits. Two passes in a row
//! inside the tree end the game there and are scored exactly (Tromp-Taylor on the board as
//! it stands), so the tree learns that passing with dead stones on the board loses.
//!
//! Determinism: the work is a fixed number of playouts, and how the threads share it is
//! the profile's [`Capabilities::parallel`]:
//!
//! - [`Parallel::RootTrees`] (root parallelism): each thread searches its own tree from the
//!   seed `seed + thread index`, and the root statistics are summed in thread order.
//! - [`Parallel::SharedTree`] (`--shared-tree`): one tree, which one thread (its owner)
//!   walks, expands and updates in a fixed order, while all the threads run playouts.
//!   Playout `i` is descended once playout `i - W` is backed up (`W`, the window, from
//!   [`shared_window`]), with a virtual loss on its path so that the playouts in flight
//!   spread out; it runs with the generator of its slot `i % W` (seeded `seed + slot`),
//!   whichever thread runs it; the playouts are backed up in their order. The thread that
//!   runs a playout also creates the children of its leaf when the playout makes the leaf
//!   expandable (a function of the leaf's position), so that the owner only installs them:
//!   what stays on the owner is a few percent of the work, not the quarter it was. The
//!   search is thus a function of its input and the window; with one thread the window is
//!   one and it is the root-parallel search with one thread, playout for playout.
//!
//! Either way the same input gives the same move on any machine, whatever the scheduling.

use crate::model::move_model::MoveModel;
use crate::rules::board::{Board, Colour, Move, Point, EMPTY, MAX_POINTS};
use crate::rules::score;
use crate::search::control::{Control, Row, CHECK_EVERY};
use crate::search::dynamic_komi::{self, DynamicKomi};
use crate::search::ownership::{Ownership, ScoreSum};
use crate::search::playout;
use crate::search::priors::{self, Knowledge, Prior};
use crate::search::profile::Profile;
use crate::search::profile::{Capabilities, Parallel, Patterns, Playouts, Priors, WideRoot};
use crate::search::tuning::{Tuned, Tuning};
use menace_stats::rng::{from_seed, GameRng};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Playouts per move unless told otherwise: 60,000 since 2026-11-23 (three times the
/// earlier 20,000 went 5-2 on the board against GNU Go level 10 where 20,000 went 3-5 in
/// the same games; a 19x19 move takes about 3 to 5 s on this project's 2-core machine,
/// inside the 10 s the king-of-the-hill goal allows). From [`Profile::V4`] on this is the
/// budget on the empty board; [`budget`] gives the position's.
pub const DEFAULT_PLAYOUTS: usize = 60_000;

/// The most search threads a configuration takes: more are read as this many.
pub const MAX_THREADS: usize = 64;

/// Search parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Total playouts (split evenly across the trees under root parallelism).
    pub playouts: usize,
    /// Threads, 1 or more: one tree each ([`Parallel::RootTrees`]) or all on one tree
    /// ([`Parallel::SharedTree`]).
    pub threads: usize,
    /// Komi, added to white's score.
    pub komi: f32,
    /// The generator seed (each tree, or each playout slot of a shared tree, adds its
    /// index).
    pub seed: u64,
    /// The tunable constants ([`crate::search::tuning::TABLE`]; `--tune NAME=VALUE`).
    pub tuning: Tuning,
    /// The knowledge profile: its row of the table ([`Profile::capabilities`]) says
    /// what the search does.
    pub profile: Profile,
    /// Tuning, for an A/B: where the root is wide instead of the profile's
    /// [`Capabilities::wide_root`] (`--wide-root` sets [`WideRoot::Always`]).
    pub wide_root: Option<WideRoot>,
    /// Tuning, for an A/B: situational dynamic komi on or off instead of the profile's
    /// [`Capabilities::dynamic_komi`] (`--dynamic-komi` turns it on).
    pub dynamic_komi: Option<bool>,
    /// Tuning, for an A/B: how the threads share the work instead of the profile's
    /// [`Capabilities::parallel`] (`--shared-tree` sets [`Parallel::SharedTree`]).
    pub parallel: Option<Parallel>,
    /// Tuning, for an A/B: what the playouts read instead of the profile's
    /// [`Capabilities::playouts`] (`--two-liberties` sets [`Playouts::TwoLiberties`], `--nakade`
    /// [`Playouts::Nakade`]).
    pub playouts_policy: Option<Playouts>,
    /// Tuning, for an A/B: the root's life-and-death reading on or off instead of the
    /// profile's [`Capabilities::life`] (`--life` turns it on).
    pub life: Option<bool>,
}

impl SearchConfig {
    /// This configuration with the work a user asked for: `playouts` (at least 1) on
    /// `threads` (1 to [`MAX_THREADS`]).
    pub fn with_work(self, playouts: usize, threads: usize) -> SearchConfig {
        SearchConfig { playouts: playouts.max(1), threads: threads.clamp(1, MAX_THREADS), ..self }
    }

    /// What the search does: the profile's row, with the tuning overrides applied.
    pub fn capabilities(&self) -> Capabilities {
        let row = self.profile.capabilities();
        Capabilities {
            wide_root: self.wide_root.unwrap_or(row.wide_root),
            dynamic_komi: self.dynamic_komi.unwrap_or(row.dynamic_komi),
            parallel: self.parallel.unwrap_or(row.parallel),
            playouts: self.playouts_policy.unwrap_or(row.playouts),
            life: self.life.unwrap_or(row.life),
            ..row
        }
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            playouts: DEFAULT_PLAYOUTS,
            threads: 1,
            komi: 0.0,
            seed: 1,
            tuning: Tuning::default(),
            profile: Profile::default(),
            wide_root: None,
            dynamic_komi: None,
            parallel: None,
            playouts_policy: None,
            life: None,
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
    /// Every root move is searchable early: the root widens from more moves and much
    /// faster than other nodes ([`Capabilities::wide_root`] says where). Without the last move
    /// the learned model cannot rank the answer to it, and widening by that ranking kept
    /// the urgent local move out of the search.
    pub wide: bool,
}

/// Statistics of one root move after the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// Playouts through it (summed over the trees).
    pub visits: u32,
    /// Its winrate for the player to move: priors included in profile v1, the playouts
    /// alone from v2 (0 when it had none).
    pub winrate: f32,
    /// AMAF (RAVE) visits.
    pub amaf_visits: f32,
    /// AMAF winrate.
    pub amaf_winrate: f32,
    /// Black's mean final margin (komi included) over this search's playouts through the
    /// move, `None` without any: the move's `scoreLead` in `kata-analyze`.
    pub score: Option<f32>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Root moves, most visited first (ties in [`Move`] order: pass, then by point).
    pub moves: Vec<MoveStat>,
    /// Playouts run.
    pub playouts: usize,
    /// The cushion (points) the player to move was asked for in the search's last part,
    /// averaged over the trees: 0 unless [`Capabilities::dynamic_komi`] and ahead.
    pub virtual_komi: f32,
    /// Who owned each point at the end of the playouts, summed over every thread.
    pub ownership: Ownership,
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
    /// Black's margins (komi included) over this search's playouts through the move (see
    /// `Tree::root_score`).
    score: ScoreSum,
}

impl RootRow {
    /// Adds another thread's row for the same move.
    fn add(&mut self, o: &RootRow) {
        debug_assert_eq!(self.mv, o.mv);
        self.visits += o.visits;
        self.n += o.n;
        self.w += o.w;
        self.score.merge(&o.score);
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

/// Tree size limit per tree (32 bytes a node: 128 MiB). Beyond it leaves are no
/// longer expanded and playouts simply start there, so huge budgets cannot exhaust memory.
const MAX_NODES: usize = 4 << 20;
/// The longest principal variation reported.
const PV_DEPTH: usize = 24;
/// The bits of `-0.0`, which added to any float leaves its bits as they were.
const NEG_ZERO: u32 = 0x8000_0000;
/// Margin (points) at which the score term is half-way to its bound.
const SCORE_SCALE: f32 = 10.0;
/// `N` visit thresholds growing geometrically: `x / scale` for `x = start`, then `x`
/// times `num / den` each step, in integers so the table is the same on every machine
/// (V2's widening, [`Tuned::widen_at`]: `40 * 1.4^k` by default). Past `u32::MAX` a
/// threshold stays there.
pub(crate) const fn geometric<const N: usize>(
    start: u64,
    scale: u64,
    num: u64,
    den: u64,
) -> [u32; N] {
    let mut t = [0u32; N];
    let mut x = start;
    let mut k = 0;
    while k < N {
        t[k] = if x / scale > u32::MAX as u64 { u32::MAX } else { (x / scale) as u32 };
        x = x.saturating_mul(num) / den;
        k += 1;
    }
    t
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

/// Creates a position's children with their priors. A function of the position alone
/// (and, at the root, of its rules), so any thread can run it: a shared tree's playing
/// threads create the children of the leaves that their playouts make expandable, and
/// the owner installs them when its descent expands the leaf (`Tree::ready`), exactly as
/// it would have created them itself. Expanding was two thirds of the owner's work (the
/// large patterns of every empty point), the part of the search that one thread did for
/// all of them.
struct Expander {
    caps: Capabilities,
    model: &'static MoveModel,
    tuned: Tuned,
    /// V2: children being created, with their strengths (reused between expansions).
    scratch: Vec<(Node, f32)>,
}

struct Tree {
    nodes: Vec<Node>,
    caps: Capabilities,
    /// Creates the children of the nodes this tree expands itself.
    expander: Expander,
    /// Shared tree: children created by the playing threads, by the node they are of,
    /// waiting for the descent that expands it (see [`Expander`]).
    ready: std::collections::HashMap<u32, Vec<Node>>,
    /// Emptied buffers of `ready`, handed back to the slots (no allocation per expansion).
    spare: Vec<Vec<Node>>,
    /// Expansions whose children came from `ready`.
    handed: usize,
    /// Prior wins of the root's children, in creation order.
    root_prior_w: Vec<f32>,
    /// Every node's prior wins, by node index (what tree reuse needs to take a grafted
    /// child's playout wins apart from the prior it was created with).
    prior_w: Vec<f32>,
    komi: f32,
    /// The tunable constants, as the search reads them.
    tuned: Tuned,
    /// Shared tree: each node's playouts in flight (descended, not yet backed up), by node
    /// index; each counts as a lost visit in [`Tree::select`] so that the next descents
    /// spread out. Empty under root parallelism (no playout is ever in flight there).
    vloss: Vec<u16>,
    /// V7: the cushion asked of the root player.
    dynamic_komi: Option<DynamicKomi>,
    /// By root child (in creation order): black's margins over this search's playouts
    /// through it. Apart from the nodes' statistics, which a grafted child brings from the
    /// last search, so the mean is this search's own.
    root_score: Vec<ScoreSum>,
}

/// One descent's record: the nodes it went through, root first, and the AMAF marks of
/// the moves played (in the tree, then in the playout).
struct Walk {
    path: Vec<u32>,
    amaf: [u8; MAX_POINTS],
    /// The ends of every playout run with this walk (a thread's, or a shared tree's slot's):
    /// each thread sums its own, so ownership costs no shared write.
    own: Ownership,
}

impl Walk {
    fn new() -> Walk {
        Walk { path: Vec::with_capacity(64), amaf: [0; MAX_POINTS], own: Ownership::new() }
    }
}

impl Expander {
    fn new(cfg: &SearchConfig) -> Expander {
        let caps = cfg.capabilities();
        Expander {
            caps,
            model: match caps.patterns {
                Patterns::Shape3x3 => MoveModel::builtin(),
                Patterns::Large => MoveModel::builtin_large(),
            },
            tuned: cfg.tuning.tuned(),
            scratch: Vec::new(),
        }
    }

    /// Appends the children of position `b` (the root's under `rules`) to `out`, with
    /// their priors, in the order the tree keeps them.
    fn children(&mut self, b: &Board, rules: Option<&RootRules>, out: &mut Vec<Node>) {
        let c = b.to_move();
        let first = out.len();
        let know = Knowledge::gather(b, rules.is_some(), &self.caps);
        for p in b.points() {
            if b.at(p) != EMPTY || b.is_eye(p, c) || !b.is_legal(Move::Play(p)) {
                continue;
            }
            if let Some(r) = rules {
                if r.forbidden.contains(&p) {
                    continue;
                }
            }
            let Prior { n, w, an, aw } = know.of_move(p);
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
            if self.caps.priors == Priors::Learned {
                let s = self.model.strength(&self.model.features(b, p));
                self.scratch.push((node, s));
            } else {
                out.push(node);
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
            n: priors::PASS.n,
            w: priors::PASS.w,
            an: priors::PASS.an,
            aw: priors::PASS.aw,
        };
        if self.caps.priors == Priors::Learned {
            // Passing first (always searchable), then the moves, strongest first.
            if pass_ok || self.scratch.is_empty() && rules.is_none() {
                out.push(pass);
            }
            let strongest = self.scratch.iter().fold(0.0f32, |m, x| m.max(x.1));
            self.scratch.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.mv.cmp(&y.0.mv)));
            for (mut node, s) in self.scratch.drain(..) {
                let (n, w) = priors::learned(s, strongest, self.tuned.prior_model);
                node.n += n;
                node.w += w;
                out.push(node);
            }
        } else if pass_ok || out.len() == first && rules.is_none() {
            out.push(pass);
        }
    }
}

impl Tree {
    fn new(root: &Board, cfg: &SearchConfig) -> Tree {
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
            caps: cfg.capabilities(),
            expander: Expander::new(cfg),
            ready: std::collections::HashMap::new(),
            spare: Vec::new(),
            handed: 0,
            root_prior_w: Vec::new(),
            prior_w: vec![0.0],
            komi: cfg.komi,
            tuned: cfg.tuning.tuned(),
            vloss: Vec::new(),
            dynamic_komi: cfg
                .capabilities()
                .dynamic_komi
                .then(|| DynamicKomi::new(root.to_move(), root.size() * root.size())),
            root_score: Vec::new(),
        }
    }

    /// Adds the children of `id` (position `b`) with their priors: those a playing thread
    /// created if there are, else created here.
    fn expand(&mut self, id: u32, b: &Board, rules: Option<&RootRules>) {
        let first = self.nodes.len() as u32;
        match self.ready.remove(&id) {
            Some(mut kids) => {
                self.handed += 1;
                self.nodes.extend_from_slice(&kids);
                kids.clear();
                self.spare.push(kids);
            }
            None => self.expander.children(b, rules, &mut self.nodes),
        }
        self.prior_w.extend(self.nodes[first as usize..].iter().map(|ch| ch.w));
        if id == 0 {
            self.root_prior_w = self.nodes[first as usize..].iter().map(|ch| ch.w).collect();
        }
        let count = (self.nodes.len() as u32 - first) as u16;
        let node = &mut self.nodes[id as usize];
        node.expanded = true;
        node.first_child = first;
        node.n_children = count;
    }

    /// Shared tree: should the playout that the descent `path` ends create its leaf's
    /// children? Yes when its backup makes the leaf expandable, counting the playouts in
    /// flight through it, which are backed up before it: the next descent through the leaf
    /// then finds them ready. (Before `mark`.)
    fn wants_children(&self, path: &[u32]) -> Option<u32> {
        let &leaf = path.last()?;
        let node = &self.nodes[leaf as usize];
        let in_flight = u32::from(self.vloss.get(leaf as usize).copied().unwrap_or(0));
        let last = node.visits + in_flight + 1 == self.tuned.expand_visits;
        (leaf != 0 && !node.expanded && last && self.nodes.len() < MAX_NODES).then_some(leaf)
    }

    /// Shared tree: takes the children a playing thread created for `id`, leaving `kids`
    /// an empty buffer.
    fn offer(&mut self, id: u32, kids: &mut Vec<Node>) {
        if self.nodes[id as usize].expanded || kids.is_empty() {
            kids.clear();
            return;
        }
        let spare = self.spare.pop().unwrap_or_default();
        self.ready.insert(id, std::mem::replace(kids, spare));
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
        if self.caps.priors == Priors::Learned && count > 0 && !wide {
            let pass_first = self.nodes[node.first_child as usize].mv.is_pass();
            count = count.min((usize::from(pass_first) + self.tuned.widened(node.visits)) as u32);
        }
        for k in node.first_child..node.first_child + count {
            let ch = &self.nodes[k as usize];
            let v = match self.vloss.get(k as usize).copied().unwrap_or(0) {
                0 => self.value(ch.n, ch.w, ch.an, ch.aw),
                // Playouts in flight through the child count as lost, in its tree
                // statistics and its AMAF ones (which dominate a young node's value).
                l => self.value(ch.n + f32::from(l), ch.w, ch.an + f32::from(l), ch.aw),
            };
            if v > best_v {
                best_v = v;
                best = Some(k);
            }
        }
        best
    }

    /// A child's value from its visits and wins, `n` and `w`, and its AMAF ones: the RAVE
    /// blend (see the module documentation).
    fn value(&self, n: f32, w: f32, an: f32, aw: f32) -> f32 {
        if an > 0.0 {
            let beta = an / (an + n + n * an / self.tuned.rave_equiv);
            (1.0 - beta) * w / n + beta * aw / an
        } else {
            w / n
        }
    }

    /// One playout, start to end: [`Tree::descend`], the playout from the leaf with `rng`,
    /// [`Tree::backup`].
    fn simulate(&mut self, root: &Board, rules: &RootRules, rng: &mut GameRng, walk: &mut Walk) {
        let mut b = root.clone();
        let margin = match self.descend(&mut b, rules, walk) {
            Some(margin) => {
                walk.own.add(&b);
                margin
            }
            None => playout_margin(&mut b, rng, walk, self.komi, self.caps.playouts),
        };
        self.backup(walk, margin);
    }

    /// V7: the cushion asked in the current phase (0 without dynamic komi).
    fn virtual_komi(&self) -> f32 {
        self.dynamic_komi.as_ref().map_or(0.0, DynamicKomi::virtual_komi)
    }

    /// V7: ends a phase of the search (nothing without dynamic komi).
    fn end_phase(&mut self) {
        if let Some(dk) = &mut self.dynamic_komi {
            dk.end_phase();
        }
    }

    /// Walks from the root (`b`, the root position, on entry) to a leaf, expanding nodes on
    /// the way, and records the walk. `b` is left at the leaf's position and the result is
    /// `None`, for a playout from there, or black's margin when the tree decides the game
    /// itself (two passes in a row, or a root with no allowed move).
    fn descend(&mut self, b: &mut Board, rules: &RootRules, walk: &mut Walk) -> Option<f32> {
        walk.path.clear();
        walk.path.push(0);
        walk.amaf = [0; MAX_POINTS];
        let mut id = 0u32;
        loop {
            if b.passes() >= 2 {
                return Some(score::margin(b, self.komi));
            }
            let node = self.nodes[id as usize];
            if !node.expanded {
                if id == 0
                    || node.visits >= self.tuned.expand_visits && self.nodes.len() < MAX_NODES
                {
                    self.expand(id, b, (id == 0).then_some(rules));
                } else {
                    return None;
                }
            }
            let Some(child) = self.select(id, id == 0 && rules.wide) else {
                // A root with no allowed move: nothing to learn.
                return Some(score::margin(b, self.komi));
            };
            let mv = self.nodes[child as usize].mv;
            if let Move::Play(p) = mv {
                if walk.amaf[p.index()] == 0 {
                    walk.amaf[p.index()] = b.to_move().stone();
                }
            }
            b.play_unchecked(mv);
            walk.path.push(child);
            id = child;
        }
    }

    /// Marks a descent's path as in flight (`+1`) or no longer (`-1`): see `vloss`.
    fn mark(&mut self, path: &[u32], delta: i16) {
        if self.vloss.len() < self.nodes.len() {
            self.vloss.resize(self.nodes.len(), 0);
        }
        for &id in path {
            let l = &mut self.vloss[id as usize];
            *l = l.checked_add_signed(delta).expect("virtual losses balance");
        }
    }

    /// Learns a playout's result, black's margin `margin` under the real komi, along the
    /// walk's path: visits, wins, and the AMAF statistics of the children of each node on
    /// it.
    fn backup(&mut self, walk: &Walk, margin: f32) {
        if let Some(&child) = walk.path.get(1) {
            let i = (child - self.nodes[0].first_child) as usize;
            if self.root_score.len() <= i {
                self.root_score.resize(i + 1, ScoreSum::default());
            }
            self.root_score[i].add(margin);
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
        let sw = self.tuned.score_weight;
        let black_result = (1.0 - sw) * win + sw * shaped;
        for &id in &walk.path {
            let node = &mut self.nodes[id as usize];
            let r = if node.color == Colour::Black { black_result } else { 1.0 - black_result };
            node.visits += 1;
            node.n += 1.0;
            node.w += r;
            if node.expanded {
                let (f, k) = (node.first_child as usize, node.n_children as usize);
                // All of a node's children are of the colour to move there. The update is
                // branch-free: a child the playout missed gets `-0.0` added, which leaves
                // every float's bits as they were, where a branch taken at random for about
                // half the children (hundreds a node) cost most of the backup in
                // mispredictions; the backup is the one part of a shared tree's search
                // that a single thread does for all the others.
                let Some(&first) = self.nodes.get(f) else { continue };
                let stone = first.color.stone();
                let r =
                    if first.color == Colour::Black { black_result } else { 1.0 - black_result };
                for ch in &mut self.nodes[f..f + k] {
                    let Move::Play(p) = ch.mv else { continue };
                    debug_assert_eq!(ch.color.stone(), stone);
                    let hit = u32::from(walk.amaf[p.index()] == stone);
                    // 1.0 on a hit, else -0.0, from the bits (a select becomes a branch).
                    let one = f32::from_bits(NEG_ZERO ^ (hit * (NEG_ZERO ^ 1.0f32.to_bits())));
                    ch.an += one;
                    ch.aw += r * one;
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
                let (n, w) = if self.caps.priors == Priors::Learned {
                    (ch.visits as f32, ch.w - self.root_prior_w[i])
                } else {
                    (ch.n, ch.w)
                };
                let score = self.root_score.get(i).copied().unwrap_or_default();
                RootRow { mv: ch.mv, visits: ch.visits, n, w, amaf_n: ch.an, amaf_w: ch.aw, score }
            })
            .collect()
    }

    /// Tree reuse: this fresh tree of `root` takes over the subtree of `old` below the
    /// moves `path` (from `old`'s root). The root's children are created afresh under
    /// `rules` (the new root's forbidden moves and pass rule, its priors); each one that
    /// `old` had gets that child's playouts (visits, playout wins, AMAF statistics as they
    /// were) and its whole subtree, copied into this tree's node vector. `false` (and the
    /// tree unchanged) when `old` has no such node.
    fn graft(&mut self, old: &Tree, path: &[Move], root: &Board, rules: &RootRules) -> bool {
        let mut id = 0u32;
        for &m in path {
            let node = &old.nodes[id as usize];
            let kids = node.first_child..node.first_child + u32::from(node.n_children);
            match kids.into_iter().find(|&k| node.expanded && old.nodes[k as usize].mv == m) {
                Some(k) => id = k,
                None => return false,
            }
        }
        let x = old.nodes[id as usize];
        if !x.expanded {
            return false;
        }
        let r = &mut self.nodes[0];
        (r.visits, r.n, r.w, r.an, r.aw) = (x.visits, x.n, x.w, x.an, x.aw);
        self.expand(0, root, Some(rules));
        let mut queue = std::collections::VecDeque::new();
        let (first, count) = (self.nodes[0].first_child, u32::from(self.nodes[0].n_children));
        for k in first..first + count {
            let mv = self.nodes[k as usize].mv;
            let Some(o) = (x.first_child..x.first_child + u32::from(x.n_children))
                .find(|&o| old.nodes[o as usize].mv == mv)
            else {
                continue;
            };
            let on = old.nodes[o as usize];
            let ch = &mut self.nodes[k as usize];
            ch.visits = on.visits;
            ch.n += on.visits as f32;
            ch.w += on.w - old.prior_w[o as usize];
            ch.an = on.an;
            ch.aw = on.aw;
            if on.expanded && self.nodes.len() + usize::from(on.n_children) < MAX_NODES {
                queue.push_back((k, o));
            }
        }
        // Breadth first, each node's children copied side by side, as `expand` lays them.
        while let Some((k, o)) = queue.pop_front() {
            let on = old.nodes[o as usize];
            if self.nodes.len() + usize::from(on.n_children) >= MAX_NODES {
                continue;
            }
            let start = self.nodes.len() as u32;
            for c in on.first_child..on.first_child + u32::from(on.n_children) {
                let child = old.nodes[c as usize];
                if child.expanded {
                    queue.push_back((self.nodes.len() as u32, c));
                }
                self.nodes.push(Node { expanded: false, n_children: 0, ..child });
                self.prior_w.push(old.prior_w[c as usize]);
            }
            let node = &mut self.nodes[k as usize];
            node.expanded = true;
            node.first_child = start;
            node.n_children = on.n_children;
        }
        true
    }

    /// The root's children as a snapshot shows them, with their principal variations.
    fn rows(&self) -> Vec<Row> {
        let root = &self.nodes[0];
        let prior_total: f32 = self.root_prior_w.iter().sum();
        self.root_stats()
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let k = root.first_child + i as u32;
                let prior = self.root_prior_w.get(i).map_or(0.0, |w| w / prior_total.max(1e-9));
                Row {
                    mv: r.mv,
                    visits: r.visits,
                    n: r.n,
                    w: r.w,
                    prior,
                    pv: self.pv(k),
                    score: r.score,
                }
            })
            .collect()
    }

    /// The moves from node `id` on: its own, then the most visited child at each level
    /// (the first on a tie), while that child has visits; at most [`PV_DEPTH`] moves.
    fn pv(&self, mut id: u32) -> Vec<Move> {
        let mut pv = vec![self.nodes[id as usize].mv];
        while pv.len() < PV_DEPTH {
            let node = &self.nodes[id as usize];
            let kids = node.first_child..node.first_child + u32::from(node.n_children);
            let best = kids.max_by_key(|&k| (self.nodes[k as usize].visits, std::cmp::Reverse(k)));
            match best {
                Some(k) if node.expanded && self.nodes[k as usize].visits > 0 => {
                    pv.push(self.nodes[k as usize].mv);
                    id = k;
                }
                _ => break,
            }
        }
        pv
    }

    /// Visits of the most visited root child minus those of the second.
    fn lead(&self) -> u32 {
        let root = &self.nodes[0];
        let (mut first, mut second) = (0, 0);
        for k in root.first_child..root.first_child + u32::from(root.n_children) {
            let v = self.nodes[k as usize].visits;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first - second
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
    if !profile.capabilities().growing_budget {
        return base;
    }
    let n = (root.size() * root.size()) as u64;
    let e = root.empties().len() as u64;
    let scaled = base as u64 * (16 * n) / (10 * e + 6 * n);
    scaled.clamp(base as u64, 2 * base as u64) as usize
}

/// Search trees kept from one search to the next (tree reuse, `--reuse-tree`): each
/// thread's tree (or the one shared tree) and the position they are of; a search that uses
/// another number of trees starts afresh. The next search of a position that the moves
/// given by [`Forest::set_path`] lead to starts from the subtree of those moves, copied
/// into a fresh node vector (see `Tree::graft`); any other position starts afresh.
#[derive(Default)]
pub struct Forest {
    trees: Vec<Tree>,
    root: Option<Board>,
    path: Vec<Move>,
}

impl Forest {
    /// The position the kept trees are of, if any.
    pub fn root(&self) -> Option<&Board> {
        self.root.as_ref()
    }

    /// The moves played from [`Forest::root`] to the next search's position.
    pub fn set_path(&mut self, path: Vec<Move>) {
        self.path = path;
    }
}

impl std::fmt::Debug for Forest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let nodes: usize = self.trees.iter().map(|t| t.nodes.len()).sum();
        write!(f, "Forest {{ trees: {}, nodes: {nodes} }}", self.trees.len())
    }
}

/// Do `path`'s moves lead from `from` to `to` (same stones, same side to move)?
fn leads_to(from: &Board, path: &[Move], to: &Board) -> bool {
    let mut b = from.clone();
    path.iter().all(|&m| b.play(m).is_ok()) && b.position_key() == to.position_key()
}

/// Stack of a search thread. The ladder reader ([`crate::search::ladder`]) recurses once per
/// node it visits, at most its node budget (400) deep, holding a board copy (about
/// 9 KiB) per level: about 4 MiB at worst, which overflowed the 2 MiB default of a
/// spawned thread on a 19x19 position of a recorded game. 16 MiB leaves a wide margin;
/// untouched pages cost nothing.
pub const SEARCH_STACK: usize = 16 << 20;

/// Searches `root` for the player to move with [`budget`]`(root, cfg.playouts, profile)`
/// playouts.
pub fn search(root: &Board, cfg: &SearchConfig, rules: &RootRules) -> SearchResult {
    search_with(root, cfg, rules, &Control::default())
}

/// [`search`] under a [`Control`]: it may also stop at a deadline, on a stop flag, or
/// early on an obvious move, and it may publish snapshots. Without a deadline, a flag or a
/// snapshot slot it is exactly [`search`] (the checks are not even made). With them, each
/// tree is looked at every [`CHECK_EVERY`] playouts; the obvious-move test is each tree's
/// own (its two most visited root moves). V7's virtual-komi phases end at equal shares
/// of the playouts, or with a deadline at equal shares of the time, whichever comes first.
pub fn search_with(
    root: &Board,
    cfg: &SearchConfig,
    rules: &RootRules,
    ctl: &Control,
) -> SearchResult {
    search_in(root, cfg, rules, ctl, None)
}

/// [`search_with`], with a shared tree's window (its playouts in flight) given instead of
/// [`shared_window`]'s (for the tests).
fn search_in(
    root: &Board,
    cfg: &SearchConfig,
    rules: &RootRules,
    ctl: &Control,
    window: Option<usize>,
) -> SearchResult {
    let threads = cfg.threads.max(1);
    let shared = cfg.capabilities().parallel == Parallel::SharedTree;
    let trees = if shared { 1 } else { threads };
    let total = ctl.max_playouts.unwrap_or_else(|| budget(root, cfg.playouts, cfg.profile));
    let per = total.div_ceil(trees).max(1);
    // V7 adapts its virtual komi between equal parts of the search; before, one part.
    let parts = if cfg.capabilities().dynamic_komi { dynamic_komi::PHASES } else { 1 };
    let start = Instant::now();
    // Tree reuse: the kept trees, if they are of a position that the moves since lead to.
    let mut olds: Vec<Option<Tree>> = (0..trees).map(|_| None).collect();
    let mut path = Vec::new();
    if let Some(forest) = ctl.reuse {
        let mut f = forest.lock().unwrap_or_else(|p| p.into_inner());
        if f.trees.len() == trees && f.root.as_ref().is_some_and(|r| leads_to(r, &f.path, root)) {
            olds = std::mem::take(&mut f.trees).into_iter().map(Some).collect();
            path = std::mem::take(&mut f.path);
        }
        f.trees.clear();
        f.root = None;
    }
    let fresh = |old: Option<Tree>| -> Tree {
        let mut tree = Tree::new(root, cfg);
        if let Some(old) = old {
            tree.graft(&old, &path, root, rules);
        }
        tree
    };
    let run = |t: usize, old: Option<Tree>| -> (Vec<RootRow>, f32, usize, Tree, Ownership) {
        let mut tree = fresh(old);
        let mut rng = from_seed(cfg.seed.wrapping_add(t as u64));
        let mut walk = Walk::new();
        let mut vk = 0.0;
        let mut done = 0;
        let mut published = start;
        'search: for k in 0..parts {
            vk = tree.virtual_komi();
            let end = per * (k + 1) / parts;
            let phase_end = phase_end(ctl, start, k, parts);
            while done < end {
                tree.simulate(root, rules, &mut rng, &mut walk);
                done += 1;
                if !ctl.is_active() || done % CHECK_EVERY != 0 {
                    continue;
                }
                let now = Instant::now();
                if let Some(p) = ctl.progress {
                    if now.duration_since(published) >= p.every {
                        p.publish(t, done, tree.rows(), || walk.own.clone());
                        published = now;
                    }
                }
                if ctl.should_stop(now) || ctl.obvious(start, now, done, tree.lead(), per - done) {
                    break 'search;
                }
                if k + 1 < parts && phase_end.is_some_and(|e| now >= e) {
                    break;
                }
            }
            tree.end_phase();
        }
        if let Some(p) = ctl.progress {
            p.publish(t, done, tree.rows(), || walk.own.clone());
        }
        (tree.root_stats(), vk, done, tree, walk.own)
    };
    // Every tree runs on a thread of its own with a stack sized for the ladder reader's
    // deepest reading (see [`SEARCH_STACK`]), also with one thread: the caller's stack may
    // be a worker's 2 MiB, which a deep reading overflowed (the process aborted). A shared
    // tree's owner, which expands it and so reads the ladders, is such a thread too.
    let mut per_thread: Vec<(Vec<RootRow>, f32, usize, Tree, Ownership)> = if shared {
        let old = olds.pop().flatten();
        let window = window.unwrap_or_else(|| shared_window(threads));
        let pipe = Pipeline::new(root, cfg, window);
        let (tree, vk, done) = std::thread::scope(|s| {
            for _ in 1..threads {
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(s, || pipe.work())
                    .expect("start a playout thread");
            }
            let owner = std::thread::Builder::new()
                .stack_size(SEARCH_STACK)
                .spawn_scoped(s, || {
                    let mut tree = fresh(old);
                    let (vk, done) = pipe.drive(&mut tree, root, rules, ctl, per, parts, start);
                    (tree, vk, done)
                })
                .expect("start a search thread");
            let result = owner.join();
            // Also when the owner panicked: the playing threads must end for the scope to.
            pipe.close();
            result.expect("search thread panicked")
        });
        vec![(tree.root_stats(), vk, done, tree, pipe.ownership())]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = olds
                .into_iter()
                .enumerate()
                .map(|(t, old)| {
                    let run = &run;
                    std::thread::Builder::new()
                        .stack_size(SEARCH_STACK)
                        .spawn_scoped(s, move || run(t, old))
                        .expect("start a search thread")
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("search thread panicked")).collect()
        })
    };
    // Every tree has the same root children in the same order; sum in thread order.
    let mut sums = per_thread[0].0.clone();
    for (other, ..) in &per_thread[1..] {
        for (m, o) in sums.iter_mut().zip(other) {
            m.add(o);
        }
    }
    let virtual_komi = per_thread.iter().map(|t| t.1).sum::<f32>() / trees as f32;
    let mut moves: Vec<MoveStat> = sums
        .iter()
        .map(|r| MoveStat {
            mv: r.mv,
            visits: r.visits,
            winrate: if r.n > 0.0 { r.w / r.n } else { 0.0 },
            amaf_visits: r.amaf_n,
            amaf_winrate: if r.amaf_n > 0.0 { r.amaf_w / r.amaf_n } else { 0.0 },
            score: r.score.mean(),
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(a.mv.cmp(&b.mv)));
    let playouts = per_thread.iter().map(|t| t.2).sum();
    let mut ownership = Ownership::new();
    for t in &per_thread {
        ownership.merge(&t.4);
    }
    if let Some(forest) = ctl.reuse {
        let mut f = forest.lock().unwrap_or_else(|p| p.into_inner());
        f.trees = per_thread.drain(..).map(|t| t.3).collect();
        f.root = Some(root.clone());
    }
    SearchResult { moves, playouts, virtual_komi, ownership }
}

/// With a deadline, when phase `k` of `parts` ends at the latest: at its share of the time.
fn phase_end(ctl: &Control, start: Instant, k: usize, parts: usize) -> Option<Instant> {
    ctl.deadline
        .map(|d| start + d.saturating_duration_since(start).mul_f64((k + 1) as f64 / parts as f64))
}

/// A playout from the leaf position `b` (consumed), marking AMAF in `walk`: black's margin
/// with komi `komi`.
fn playout_margin(
    b: &mut Board,
    rng: &mut GameRng,
    walk: &mut Walk,
    komi: f32,
    how: Playouts,
) -> f32 {
    playout::play_out(b, rng, &mut walk.amaf, how);
    walk.own.add(b) as f32 - komi
}

/// A shared tree's playouts in flight with `threads` threads: one for a single thread (the
/// sequential search, playout for playout), else four per thread, so that the threads
/// find playouts queued while the owner of the tree walks and updates it, or runs a playout
/// itself (two per thread left the other thread idle more often on a busy machine).
pub fn shared_window(threads: usize) -> usize {
    if threads <= 1 {
        1
    } else {
        4 * threads
    }
}

/// One playout of a shared tree in flight: its leaf position, its walk, its result, and
/// the generator of its slot; and, when its backup makes the leaf expandable, the leaf's
/// children, created by the thread that plays it.
struct Slot {
    board: Board,
    walk: Walk,
    rng: GameRng,
    /// Black's margin under the real komi, once known.
    margin: f32,
    /// The leaf whose children this playout creates ([`Tree::wants_children`]).
    leaf: Option<u32>,
    /// Those children, for [`Tree::offer`].
    kids: Vec<Node>,
    expander: Expander,
}

/// Who plays what: the slots waiting for a thread, in the order they were descended, and
/// who sleeps.
struct Schedule {
    queue: std::collections::VecDeque<usize>,
    /// Playing threads asleep on [`Pipeline::queued`]: the owner wakes one only when there
    /// is one (a wake is a system call, once a playout, for the thread that all the others
    /// wait on).
    asleep: usize,
    /// The search is over: the playing threads end.
    over: bool,
    /// A playing thread panicked: the owner panics too, instead of waiting for it.
    failed: bool,
}

impl Schedule {
    /// The next queued slot, keeping `pending` equal to the queue's length.
    fn pop(&mut self, pending: &AtomicUsize) -> Option<usize> {
        let j = self.queue.pop_front();
        pending.store(self.queue.len(), Ordering::Release);
        j
    }
}

/// A value on cache lines of its own (128 bytes: two lines, for the processors that fetch
/// lines in pairs), so that the threads writing one flag or counter do not take the line
/// of another from the threads reading it.
#[repr(align(128))]
struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// How long a thread with nothing to do spins before it sleeps: a 19x19 playout takes
/// over 100 µs, and waking a sleeper costs a system call and tens of microseconds, on the
/// owner's path when the owner has to wait.
const SPIN: std::time::Duration = std::time::Duration::from_micros(20);

/// Spins up to [`SPIN`] until `ready` holds; whether it did. It yields between short
/// spins, so that on a machine with more threads than free cores (a busy one, or a test
/// with 32 threads on 2 cores) the thread it waits for gets the core.
fn spin_for(ready: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    loop {
        for _ in 0..32 {
            if ready() {
                return true;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= SPIN {
            return ready();
        }
        std::thread::yield_now();
    }
}

/// The shared tree's playouts in flight ([`Parallel::SharedTree`]). Playout `i` of the
/// search lives in slot `i % window`: the owner of the tree descends it (with virtual
/// losses along its path) once playout `i - window` is backed up, queues it, and backs the
/// playouts up in their order, removing the virtual losses; any thread (a playing thread,
/// or the owner while it waits) runs a queued playout with its slot's generator, and
/// creates the children of its leaf when the owner asks for them. A playout's result is
/// thus a function of its slot and its leaf, whoever runs it, and everything that touches
/// the tree happens on one thread in a fixed order: the search is a function of its
/// input, whatever the scheduling. With a window of one it is the sequential search,
/// playout for playout.
///
/// The owner is the one thread the others wait on, so its path holds no wait it can
/// avoid: a slot's "played" is an atomic flag it reads without the schedule's lock, a
/// thread with nothing to do spins briefly ([`SPIN`]) before it sleeps, and a sleeper is
/// woken only when there is one.
struct Pipeline {
    slots: Vec<std::sync::Mutex<Slot>>,
    /// Slot `j`'s playout is played, not yet backed up.
    played: Vec<Line<AtomicBool>>,
    /// The queue's length, for the spinning threads to read without the lock.
    pending: Line<AtomicUsize>,
    /// Playing threads looking for a playout (spinning or asleep): the owner plays a
    /// queued playout itself only when there are more than these to take them.
    idle: Line<AtomicUsize>,
    schedule: std::sync::Mutex<Schedule>,
    /// The owner sleeps on `done`: a thread that plays a slot wakes it.
    owner_asleep: Line<AtomicBool>,
    /// Wakes the playing threads: a slot was queued, or the search is over.
    queued: std::sync::Condvar,
    /// Wakes the owner: a slot was played (or a playing thread panicked).
    done: std::sync::Condvar,
    komi: f32,
    /// What the playouts read ([`Capabilities::playouts`]).
    playouts: Playouts,
}

impl Pipeline {
    /// `window` slots for a search of `root`; slot `j`'s generator is seeded with
    /// `cfg.seed + j` (slot 0's is thus the sequential search's).
    fn new(root: &Board, cfg: &SearchConfig, window: usize) -> Pipeline {
        let window = window.max(1);
        Pipeline {
            slots: (0..window)
                .map(|j| {
                    std::sync::Mutex::new(Slot {
                        board: root.clone(),
                        walk: Walk::new(),
                        rng: from_seed(cfg.seed.wrapping_add(j as u64)),
                        margin: 0.0,
                        leaf: None,
                        kids: Vec::new(),
                        expander: Expander::new(cfg),
                    })
                })
                .collect(),
            played: (0..window).map(|_| Line(AtomicBool::new(false))).collect(),
            pending: Line(AtomicUsize::new(0)),
            idle: Line(AtomicUsize::new(0)),
            schedule: std::sync::Mutex::new(Schedule {
                queue: std::collections::VecDeque::with_capacity(window),
                asleep: 0,
                over: false,
                failed: false,
            }),
            owner_asleep: Line(AtomicBool::new(false)),
            queued: std::sync::Condvar::new(),
            done: std::sync::Condvar::new(),
            komi: cfg.komi,
            playouts: cfg.capabilities().playouts,
        }
    }

    fn schedule(&self) -> std::sync::MutexGuard<'_, Schedule> {
        self.schedule.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn slot(&self, j: usize) -> std::sync::MutexGuard<'_, Slot> {
        self.slots[j].lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A playing thread: runs queued playouts until the search is over.
    fn work(&self) {
        /// Tells the owner if this thread panics.
        struct Alarm<'a>(&'a Pipeline);
        impl Drop for Alarm<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.schedule().failed = true;
                    self.0.done.notify_all();
                }
            }
        }
        let _alarm = Alarm(self);
        loop {
            self.idle.fetch_add(1, Ordering::Relaxed);
            let Some(j) = self.next() else { return };
            self.idle.fetch_sub(1, Ordering::Relaxed);
            self.play(j);
        }
    }

    /// A playing thread's next slot, once one is queued; `None` when the search is over.
    /// A thread that sees a queued slot tries the lock and spins again if it is taken,
    /// rather than queueing on it with all the others (the owner needs it to queue the
    /// next one); it sleeps only after a whole [`SPIN`] without work.
    fn next(&self) -> Option<usize> {
        loop {
            if spin_for(|| self.pending.load(Ordering::Acquire) > 0) {
                let mut s = match self.schedule.try_lock() {
                    Ok(s) => s,
                    Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
                    Err(std::sync::TryLockError::WouldBlock) => continue,
                };
                match s.pop(&self.pending) {
                    Some(j) => return Some(j),
                    None => continue,
                }
            }
            let mut s = self.schedule();
            loop {
                if let Some(j) = s.pop(&self.pending) {
                    return Some(j);
                }
                if s.over {
                    return None;
                }
                s.asleep += 1;
                s = self.queued.wait(s).unwrap_or_else(|p| p.into_inner());
                s.asleep -= 1;
            }
        }
    }

    /// Runs slot `j`'s playout (creating its leaf's children first if asked) and marks it
    /// played.
    fn play(&self, j: usize) {
        {
            let mut slot = self.slot(j);
            let Slot { board, walk, rng, margin, leaf, kids, expander } = &mut *slot;
            if leaf.is_some() {
                expander.children(board, None, kids);
            }
            *margin = playout_margin(board, rng, walk, self.komi, self.playouts);
        }
        // Sequentially consistent with the owner's `owner_asleep` then `played`: either
        // the owner sees this slot played, or this thread sees the owner asleep.
        self.played[j].store(true, Ordering::SeqCst);
        if self.owner_asleep.load(Ordering::SeqCst) {
            // The owner holds the lock until it sleeps: taking it makes the wake count.
            drop(self.schedule());
            self.done.notify_one();
        }
    }

    /// The ends of every playout so far, summed over the slots (each slot's walk holds its
    /// own; a slot being played is waited for).
    fn ownership(&self) -> Ownership {
        let mut own = Ownership::new();
        for j in 0..self.slots.len() {
            own.merge(&self.slot(j).walk.own);
        }
        own
    }

    /// Ends the search: the playing threads return.
    fn close(&self) {
        self.schedule().over = true;
        self.queued.notify_all();
    }

    /// The owner: descends the next playout into slot `j` and queues it (or, when the tree
    /// decides its result, marks it played at once).
    fn start(&self, tree: &mut Tree, j: usize, root: &Board, rules: &RootRules) {
        let mut slot = self.slot(j);
        let Slot { board, walk, margin, leaf, .. } = &mut *slot;
        board.clone_from(root);
        let decided = tree.descend(board, rules, walk);
        *leaf = if decided.is_none() { tree.wants_children(&walk.path) } else { None };
        tree.mark(&walk.path, 1);
        if let Some(m) = decided {
            *margin = m;
            walk.own.add(board);
        }
        drop(slot);
        if decided.is_some() {
            self.played[j].store(true, Ordering::Release);
            return;
        }
        let mut s = self.schedule();
        s.queue.push_back(j);
        self.pending.store(s.queue.len(), Ordering::Release);
        let wake = s.asleep > 0;
        drop(s);
        if wake {
            self.queued.notify_one();
        }
    }

    /// The owner: waits for slot `j`'s playout, running queued ones itself meanwhile while
    /// no playing thread is free for them, and backs it up.
    fn finish(&self, tree: &mut Tree, j: usize) {
        let played = || self.played[j].load(Ordering::Acquire);
        let unserved = || self.pending.load(Ordering::Acquire) > self.idle.load(Ordering::Relaxed);
        while !played() {
            // Spin while the others play, unless a playout waits with no thread free for it.
            if spin_for(|| played() || unserved()) && played() {
                break;
            }
            let mut s = self.schedule();
            assert!(!s.failed, "a playout thread panicked");
            if s.queue.len() > self.idle.load(Ordering::Relaxed) {
                let k = s.pop(&self.pending).expect("a queued slot");
                drop(s);
                self.play(k);
                continue;
            }
            self.owner_asleep.store(true, Ordering::SeqCst);
            if !self.played[j].load(Ordering::SeqCst) {
                drop(self.done.wait(s).unwrap_or_else(|p| p.into_inner()));
            }
            self.owner_asleep.store(false, Ordering::Relaxed);
        }
        self.played[j].store(false, Ordering::Relaxed);
        let mut slot = self.slot(j);
        let Slot { walk, margin, leaf, kids, .. } = &mut *slot;
        tree.mark(&walk.path, -1);
        tree.backup(walk, *margin);
        if let Some(id) = leaf.take() {
            tree.offer(id, kids);
        }
    }

    /// The owner's search of `tree` (its `run` under root parallelism): up to `total`
    /// playouts in `parts` virtual-komi phases, under `ctl`. A phase ends when its share
    /// of the playouts is backed up (or, with a deadline, at its share of the time); a
    /// stop ends the descents, and the playouts in flight are still backed up and
    /// counted. The cushion of the last phase and the playouts run.
    #[allow(clippy::too_many_arguments)]
    fn drive(
        &self,
        tree: &mut Tree,
        root: &Board,
        rules: &RootRules,
        ctl: &Control,
        total: usize,
        parts: usize,
        start: Instant,
    ) -> (f32, usize) {
        let window = self.slots.len();
        let (mut selected, mut done, mut k) = (0, 0, 0);
        let mut vk = tree.virtual_komi();
        let mut stopped = false;
        let mut published = start;
        loop {
            // The phases whose playouts are all backed up end (some may have none).
            while !stopped && k < parts && done >= total * (k + 1) / parts {
                tree.end_phase();
                k += 1;
                if k < parts {
                    vk = tree.virtual_komi();
                }
            }
            if k == parts || stopped && done == selected {
                break;
            }
            while !stopped && selected < total && selected - done < window {
                self.start(tree, selected % window, root, rules);
                selected += 1;
            }
            self.finish(tree, done % window);
            done += 1;
            if stopped || !ctl.is_active() || done % CHECK_EVERY != 0 {
                continue;
            }
            let now = Instant::now();
            if let Some(p) = ctl.progress {
                if now.duration_since(published) >= p.every {
                    p.publish(0, done, tree.rows(), || self.ownership());
                    published = now;
                }
            }
            if ctl.should_stop(now) || ctl.obvious(start, now, done, tree.lead(), total - done) {
                stopped = true;
            } else if k + 1 < parts && phase_end(ctl, start, k, parts).is_some_and(|e| now >= e) {
                tree.end_phase();
                k += 1;
                vk = tree.virtual_komi();
            }
        }
        if let Some(p) = ctl.progress {
            p.publish(0, done, tree.rows(), || self.ownership());
        }
        (vk, done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn shared(playouts: usize, threads: usize, profile: Profile) -> SearchConfig {
        SearchConfig {
            playouts,
            threads,
            seed: 7,
            profile,
            parallel: Some(Parallel::SharedTree),
            ..SearchConfig::default()
        }
    }

    fn position() -> Board {
        Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . X O . . O . .
             . . X O . . . . .
             . . . X O . . . .
             . . . . X . . . .
             . . O . . . X . .
             . . . . . . . . .
             . . . . . . . . .",
            Colour::Black,
        )
        .unwrap()
    }

    /// A node's every field, floats by their bits.
    type NodeKey = (Move, Colour, bool, u16, u32, u32, [u32; 4]);

    fn keys(t: &Tree) -> Vec<NodeKey> {
        t.nodes
            .iter()
            .map(|x| {
                let f = [x.n.to_bits(), x.w.to_bits(), x.an.to_bits(), x.aw.to_bits()];
                (x.mv, x.color, x.expanded, x.n_children, x.first_child, x.visits, f)
            })
            .collect()
    }

    /// The shared search's tree after a search of `root` with `window` playouts in flight.
    fn shared_tree(root: &Board, cfg: &SearchConfig, window: usize) -> (SearchResult, Tree) {
        let forest = Mutex::new(Forest::default());
        let ctl = Control { reuse: Some(&forest), ..Control::default() };
        let r = search_in(root, cfg, &RootRules::default(), &ctl, Some(window));
        let tree = forest.into_inner().unwrap().trees.pop().unwrap();
        (r, tree)
    }

    /// The schedule the pipeline promises, on one thread and without it: playout `i` is
    /// descended (with virtual losses) once playout `i - window` is backed up, is played at
    /// once with its slot's generator (its result depends on nothing else), and the
    /// playouts are backed up in order.
    fn reference(root: &Board, cfg: &SearchConfig, window: usize) -> Tree {
        let rules = RootRules::default();
        let mut tree = Tree::new(root, cfg);
        let mut slots: Vec<(Walk, GameRng, f32)> = (0..window)
            .map(|j| (Walk::new(), from_seed(cfg.seed.wrapping_add(j as u64)), 0.0))
            .collect();
        let total = budget(root, cfg.playouts, cfg.profile);
        for i in 0..total + window {
            if i >= window {
                let (walk, _, margin) = &slots[(i - window) % window];
                tree.mark(&walk.path, -1);
                tree.backup(walk, *margin);
            }
            if i < total {
                let (walk, rng, margin) = &mut slots[i % window];
                let mut b = root.clone();
                *margin = match tree.descend(&mut b, &rules, walk) {
                    Some(m) => m,
                    None => {
                        playout_margin(&mut b, rng, walk, cfg.komi, cfg.capabilities().playouts)
                    }
                };
                tree.mark(&walk.path, 1);
            }
        }
        tree
    }

    #[test]
    fn the_shared_tree_follows_its_schedule_node_for_node() {
        let b = position();
        for profile in [Profile::V6, Profile::V8] {
            let cfg = shared(1500, 2, profile);
            let (_, tree) = shared_tree(&b, &cfg, 4);
            let want = reference(&b, &cfg, 4);
            assert_eq!(keys(&tree), keys(&want), "{profile}");
            // The virtual losses changed the walks: without them (a window of one), another tree.
            assert_ne!(keys(&tree), keys(&reference(&b, &cfg, 1)), "{profile}");
        }
    }

    #[test]
    fn the_window_not_the_threads_decides_the_search() {
        let b = position();
        let (a, ta) = shared_tree(&b, &shared(1500, 1, Profile::V8), 4);
        for threads in [2, 3] {
            let (r, t) = shared_tree(&b, &shared(1500, threads, Profile::V8), 4);
            assert_eq!((&r.moves, r.playouts), (&a.moves, a.playouts), "{threads} threads");
            assert_eq!(keys(&t), keys(&ta), "{threads} threads");
        }
    }

    #[test]
    fn every_virtual_loss_is_removed_and_every_playout_backed_up_once() {
        let b = position();
        let cfg = shared(2000, 2, Profile::V8);
        let (r, t) = shared_tree(&b, &cfg, shared_window(2));
        assert_eq!(r.playouts, budget(&b, 2000, cfg.profile));
        assert!(t.vloss.iter().all(|&l| l == 0), "virtual losses left");
        let root = t.nodes[0];
        assert_eq!(root.visits as usize, r.playouts);
        assert_eq!(root.n, r.playouts as f32);
        let kids =
            root.first_child as usize..(root.first_child + u32::from(root.n_children)) as usize;
        assert_eq!(kids.clone().map(|k| t.nodes[k].visits).sum::<u32>(), root.visits);
        // Each playout gave the root its result and one root child the complement: the
        // root's wins are what its children lost.
        let lost: f32 =
            kids.map(|k| t.nodes[k].visits as f32 - (t.nodes[k].w - t.prior_w[k])).sum();
        assert!((root.w - lost).abs() < 1e-2 * root.w, "{} vs {lost}", root.w);
        // Below the root, every node has at least its children's visits, and its playout
        // wins are between none and all of its visits.
        for (i, x) in t.nodes.iter().enumerate() {
            let own = x.w - t.prior_w[i];
            assert!(own > -1e-2 && own < x.visits as f32 + 1e-2, "node {i}: {own} of {}", x.visits);
            if x.expanded {
                let f = x.first_child as usize;
                let sum: u32 =
                    t.nodes[f..f + usize::from(x.n_children)].iter().map(|c| c.visits).sum();
                assert!(sum <= x.visits, "node {i}: children {sum} > {}", x.visits);
            }
        }
    }

    /// Far more threads than this machine's cores, each slot played by whichever thread
    /// takes it: a lost or repeated update, a playout backed up out of order or a virtual
    /// loss left behind would change a node's statistics from the schedule's.
    #[test]
    fn many_threads_on_few_cores_lose_no_update() {
        let b = position();
        for (threads, window) in [(16, 4), (32, 8), (32, shared_window(32))] {
            let cfg = shared(1200, threads, Profile::V9);
            let (r, t) = shared_tree(&b, &cfg, window);
            assert_eq!(keys(&t), keys(&reference(&b, &cfg, window)), "{threads} threads");
            assert_eq!(r.playouts, budget(&b, 1200, cfg.profile));
            assert_eq!(t.nodes[0].visits as usize, r.playouts, "{threads} threads");
            assert!(t.vloss.iter().all(|&l| l == 0), "{threads} threads: virtual losses left");
        }
    }

    #[test]
    fn every_playout_counts_once_in_the_ownership_whatever_the_threads() {
        let b = position();
        let rules = RootRules { allow_pass: true, ..RootRules::default() };
        let mut seen = Vec::new();
        for (threads, window) in [(1, 1), (2, 8), (16, 4)] {
            let cfg = shared(600, threads, Profile::V9);
            let (r, t) = shared_tree(&b, &cfg, window);
            assert_eq!(r.ownership.ends() as usize, r.playouts, "{threads} threads");
            // Each root move has a score exactly when this search played through it.
            for m in &r.moves {
                assert_eq!(m.score.is_some(), m.visits > 0, "{:?}", m.mv);
            }
            assert_eq!(t.root_score.iter().map(|s| s.count()).sum::<u32>() as usize, r.playouts);
            seen.push((window, r.ownership));
        }
        // The same window gives the same search, and so the same sums, on any schedule.
        let cfg = shared(600, 16, Profile::V9);
        assert_eq!(shared_tree(&b, &cfg, 4).0.ownership, seen[2].1);
        // Root parallelism (profile v8): each thread's ends, summed.
        let cfg = SearchConfig {
            playouts: 600,
            threads: 2,
            seed: 7,
            profile: Profile::V8,
            ..SearchConfig::default()
        };
        let r = search(&b, &cfg, &rules);
        assert_eq!(r.ownership.ends() as usize, r.playouts);
        assert_eq!(search(&b, &cfg, &rules).ownership, r.ownership);
    }

    #[test]
    fn the_playing_threads_create_every_expanded_leafs_children() {
        let b = position();
        for (threads, window) in [(1, 1), (2, 4), (8, shared_window(8))] {
            let (_, t) = shared_tree(&b, &shared(1500, threads, Profile::V9), window);
            let expanded = t.nodes.iter().filter(|x| x.expanded).count();
            // All but the root's, which the first descent creates.
            assert!(expanded > 10, "{expanded} expanded");
            assert_eq!(t.handed, expanded - 1, "{threads} threads, window {window}");
            // Children still waiting are those of leaves that the last playouts (some in
            // flight at once) made expandable, after which no descent came.
            for (&id, kids) in &t.ready {
                let x = t.nodes[id as usize];
                let last = t.tuned.expand_visits..t.tuned.expand_visits + window as u32;
                assert!(!x.expanded && last.contains(&x.visits), "node {id}: {}", x.visits);
                assert_eq!(kids.first().map(|k| k.color), Some(x.color.opponent()));
            }
        }
    }

    #[test]
    fn a_window_of_one_is_the_sequential_search_node_for_node() {
        let b = position();
        let cfg = shared(1000, 1, Profile::V8);
        let (_, t) = shared_tree(&b, &cfg, 1);
        let mut seq = Tree::new(&b, &cfg);
        let (mut rng, mut walk) = (from_seed(cfg.seed), Walk::new());
        for _ in 0..budget(&b, 1000, cfg.profile) {
            seq.simulate(&b, &RootRules::default(), &mut rng, &mut walk);
        }
        assert_eq!(keys(&t), keys(&seq));
    }
}
