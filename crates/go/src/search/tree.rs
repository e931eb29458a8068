//! The search tree: its node store, the UCT-style descent with RAVE (all-moves-as-first)
//! and priors, expansion, the backup of a playout's result, and what the root shows.
//!
//! The tree follows michi's small but strong design: each child starts with *prior*
//! virtual wins and visits from cheap knowledge ([`priors`]), and is chosen by the RAVE blend
//! `(1 - beta) * winrate + beta * amaf_winrate` with
//! `beta = an / (an + n + n * an / rave_equiv)`. The priors replace an exploration term.
//! A leaf is expanded after `expand_visits` visits ([`Params`](params::Params)). Two passes in a row
//! inside the tree end the game there and are scored exactly (Tromp-Taylor on the board as
//! it stands), so the tree learns that passing with dead stones on the board loses.
//!
//! How playouts are run on it (a tree per thread or one shared tree) is the drivers'
//! ([`crate::search::mcts`], [`crate::search::shared`]); keeping a tree from one search to
//! the next is [`crate::search::reuse`]'s.

use crate::model::move_model::MoveModel;
use crate::model::net::PolicyNet;
use crate::rules::board::{Board, Colour, Move, Point, EMPTY, MAX_POINTS};
use crate::rules::score;
use crate::search::config::Resolved;
use crate::search::criticality::Criticality;
use crate::search::ownership::{Ownership, ScoreSum};
use crate::search::params::{self, geometric, Patterns, Priors, SelfAtari};
use crate::search::playout;
use crate::search::priors::{self, Knowledge, Prior};
use menace_stats::rng::GameRng;

/// Restrictions on the root moves.
#[derive(Clone, Debug, Default)]
pub struct RootRules {
    /// Points the root may not play (e.g. positional-superko violations). Passing is
    /// governed by `allow_pass`.
    pub forbidden: Vec<Point>,
    /// Whether passing is among the root's options.
    pub allow_pass: bool,
    /// Every root move is searchable early: the root widens from more moves and much
    /// faster than other nodes ([`Params::wide_root`](params::Params::wide_root) says where). Without the last move
    /// the learned model cannot rank the answer to it, and widening by that ranking kept
    /// the urgent local move out of the search.
    pub wide: bool,
}

/// One root move of one thread's tree, as a snapshot shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u32,
    /// Visits and wins behind its winrate (for the player to move).
    pub n: f32,
    /// Wins (see `n`).
    pub w: f32,
    /// Its prior: the share of the root's prior wins it started with (0 to 1).
    pub prior: f32,
    /// Principal variation: the move, then the most visited child at each level.
    pub pv: Vec<Move>,
    /// The visits of each node of `pv` (KataGo's `pvVisits`).
    pub pv_visits: Vec<u32>,
    /// Who owned each point at the end of this search's playouts through the move, when
    /// the search counts it ([`Tree::root_own`]).
    pub ownership: Option<Ownership>,
    /// Black's margins (komi included) over this search's playouts through the move.
    pub score: ScoreSum,
}

/// One root child's raw statistics, as one thread's tree has them; the threads' rows are
/// summed before they become [`MoveStat`]s.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootRow {
    pub(crate) mv: Move,
    /// Playouts through the move.
    pub(crate) visits: u32,
    /// Visits and wins behind the winrate (see [`Tree::root_stats`]).
    pub(crate) n: f32,
    pub(crate) w: f32,
    /// AMAF visits and wins.
    pub(crate) amaf_n: f32,
    pub(crate) amaf_w: f32,
    /// Black's margins (komi included) over this search's playouts through the move (see
    /// `Tree::root_score`).
    pub(crate) score: ScoreSum,
}

impl RootRow {
    /// Adds another thread's row for the same move.
    pub(crate) fn add(&mut self, o: &RootRow) {
        debug_assert_eq!(self.mv, o.mv);
        self.visits += o.visits;
        self.n += o.n;
        self.w += o.w;
        self.amaf_n += o.amaf_n;
        self.amaf_w += o.amaf_w;
        self.score.merge(&o.score);
    }
}

/// A tree node: 32 bytes (checked below). A `Move` takes 4 bytes where a raw `u16` took 2,
/// and the 2 more came out of what was padding, so a node holds a plain `Move`.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub(crate) mv: Move,
    /// Colour that played `mv`.
    pub(crate) color: Colour,
    pub(crate) expanded: bool,
    pub(crate) n_children: u16,
    pub(crate) first_child: u32,
    pub(crate) visits: u32,
    pub(crate) n: f32,
    pub(crate) w: f32,
    pub(crate) an: f32,
    pub(crate) aw: f32,
}

const _: () = assert!(std::mem::size_of::<Node>() == 32);

/// Tree size limit per tree (32 bytes a node: 128 MiB). Beyond it leaves are no
/// longer expanded and playouts simply start there, so huge budgets cannot exhaust memory.
pub(crate) const MAX_NODES: usize = 4 << 20;
/// The longest principal variation reported.
pub(crate) const PV_DEPTH: usize = 24;
/// The bits of `-0.0`, which added to any float leaves its bits as they were.
pub(crate) const NEG_ZERO: u32 = 0x8000_0000;
/// Margin (points) at which the score term is half-way to its bound. Not a lever: the
/// registry's `score_weight` sets how much the score counts, and this only its shape.
pub(crate) const SCORE_SCALE: f32 = 10.0;
/// `crit_rave`: the root's playouts counted before criticality moves its children (Pachi
/// waits for 2,000 of a node's; at 1,000 a point's criticality is known to about 0.03,
/// and the A/Bs' budgets of a few thousand playouts a move still get most of the effect).
/// Not a lever, nor `CRIT_REFRESH`: they say when `crit_rave`, the lever, applies.
pub(crate) const CRIT_MIN_ENDS: u32 = 1000;
/// `crit_rave`: the root children's criticality is recomputed every this many playouts
/// (not at every descent: the owner of a shared tree does it for all the threads).
pub(crate) const CRIT_REFRESH: u32 = 250;

/// V6, the king-of-the-hill root: children searchable before any widening. Without the
/// last move the model's ranking misses the answer to it (in game 35 of the v4 run the
/// centre move a fight needed was outside the 25 or so moves `40 * 1.4^k` opens, and
/// outside 45 at `10 * 1.2^k`), so the root widens from more moves and much faster; a
/// fully wide root, the other extreme, spread its visits over second-line moves on the
/// empty board. Not a lever, nor `ROOT_WIDEN_AT`: they are what the lever `wide_root`
/// turns on, frozen with v6 and v8, whose records replay with them.
pub(crate) const ROOT_WIDEN_START: usize = 5;
/// V6: a root's visits at which one more child becomes searchable: `10 * 1.1^k`
/// (about 90 moves at 30,000 visits, one thread's share of the default budget).
pub(crate) const ROOT_WIDEN_AT: [u32; 160] = geometric(10_000, 1000, 11, 10);

/// V6: how many children (besides passing) the king-of-the-hill root may search.
pub(crate) fn widened_root(visits: u32) -> usize {
    ROOT_WIDEN_START + ROOT_WIDEN_AT.iter().take_while(|&&t| t <= visits).count()
}

/// Creates a position's children with their priors. A function of the position alone
/// (and, at the root, of its rules), so any thread can run it: a shared tree's playing
/// threads create the children of the leaves that their playouts make expandable, and
/// the owner installs them when its descent expands the leaf (`Tree::ready`), exactly as
/// it would have created them itself. Expanding was two thirds of the owner's work (the
/// large patterns of every empty point), the part of the search that one thread did for
/// all of them.
pub(crate) struct Expander {
    /// The search's settings, the same value as its tree's.
    pub(crate) resolved: Resolved,
    pub(crate) model: &'static MoveModel,
    /// V2: children being created, with their strengths (reused between expansions).
    pub(crate) scratch: Vec<(Node, f32)>,
}

pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    /// The search's settings, the same value its expander reads.
    pub(crate) resolved: Resolved,
    /// Creates the children of the nodes this tree expands itself.
    pub(crate) expander: Expander,
    /// Shared tree: children created by the playing threads, by the node they are of,
    /// waiting for the descent that expands it (see [`Expander`]).
    pub(crate) ready: std::collections::HashMap<u32, Vec<Node>>,
    /// Emptied buffers of `ready`, handed back to the slots (no allocation per expansion).
    pub(crate) spare: Vec<Vec<Node>>,
    /// Expansions whose children came from `ready`.
    pub(crate) handed: usize,
    /// Prior wins of the root's children, in creation order.
    pub(crate) root_prior_w: Vec<f32>,
    /// Every node's prior wins, by node index (what tree reuse needs to take a grafted
    /// child's playout wins apart from the prior it was created with).
    pub(crate) prior_w: Vec<f32>,
    pub(crate) komi: f32,
    /// Shared tree: each node's playouts in flight (descended, not yet backed up), by node
    /// index; each counts as a lost visit in [`Tree::select`] so that the next descents
    /// spread out. Empty under root parallelism (no playout is ever in flight there).
    pub(crate) vloss: Vec<u16>,
    /// By root child (in creation order): black's margins over this search's playouts
    /// through it. Apart from the nodes' statistics, which a grafted child brings from the
    /// last search, so the mean is this search's own.
    pub(crate) root_score: Vec<ScoreSum>,
    /// By root child (in creation order), when asked (`Control::moves_ownership`): the
    /// owners of this search's playout ends through it. About 1.7 KB a root move.
    pub(crate) root_own: Option<Vec<Ownership>>,
    /// Where `crit_rave` is set: the criticality of this search's playouts from the root,
    /// counted in the backup (in the playouts' fixed order, so the search stays a function
    /// of its input). `None` where it is not set: nothing is counted.
    pub(crate) crit: Option<Box<Criticality>>,
    /// By root child (in creation order): its point's criticality times `crit_rave`, at
    /// least 0, recomputed every [`CRIT_REFRESH`] playouts once [`CRIT_MIN_ENDS`] are
    /// counted; empty before (and without `crit_rave`).
    pub(crate) root_crit: Vec<f32>,
}

/// One descent's record: the nodes it went through, root first, and the AMAF marks of
/// the moves played (in the tree, then in the playout).
pub(crate) struct Walk {
    pub(crate) path: Vec<u32>,
    pub(crate) amaf: [u8; MAX_POINTS],
    /// The ends of every playout run with this walk (a thread's, or a shared tree's slot's):
    /// each thread sums its own, so ownership costs no shared write.
    pub(crate) own: Ownership,
    /// The last playout's end, each point's owner by point index, for the tree's
    /// criticality (see [`Tree::crit`]).
    pub(crate) end: [i8; MAX_POINTS],
}

impl Walk {
    pub(crate) fn new() -> Walk {
        Walk {
            path: Vec::with_capacity(64),
            amaf: [0; MAX_POINTS],
            own: Ownership::new(),
            end: [0; MAX_POINTS],
        }
    }

    /// Counts the end of this walk's playout, the board `b` as it left it: in the
    /// ownership, and in `end`, which the tree's criticality reads where it keeps one.
    /// Black's area margin (no komi).
    pub(crate) fn count_end(&mut self, b: &Board) -> i32 {
        self.own.add_recording(b, &mut self.end)
    }
}

impl Expander {
    pub(crate) fn new(resolved: &Resolved) -> Expander {
        Expander {
            resolved: resolved.clone(),
            model: match resolved.params().patterns {
                Patterns::Shape3x3 => MoveModel::builtin(),
                Patterns::Large => MoveModel::builtin_large(),
            },
            scratch: Vec::new(),
        }
    }

    /// Appends the children of position `b` (the root's under `rules`) to `out`, with
    /// their priors, in the order the tree keeps them.
    /// `depth` is the position's below the root (0 at the root), which decides whether
    /// the policy network ranks its moves ([`Params::net_depth`](params::Params::net_depth)).
    pub(crate) fn children(
        &mut self,
        b: &Board,
        rules: Option<&RootRules>,
        depth: usize,
        out: &mut Vec<Node>,
    ) {
        let c = b.to_move();
        let first = out.len();
        let caps = self.resolved.params();
        let know = Knowledge::gather(b, rules.is_some(), caps);
        // At the root (depth 0) and down to `net_depth` the policy network, where it is
        // asked for, ranks the moves in the move model's place.
        let net = (depth <= caps.net_depth as usize
            && caps.policy_net == params::PolicyNet::Root
            && caps.priors == Priors::Learned)
            .then(|| PolicyNet::current().policy(b))
            .flatten()
            .map(|p| {
                let mut dense = vec![0.0f32; MAX_POINTS];
                for (m, q) in p.moves {
                    if let Move::Play(pt) = m {
                        dense[pt.index()] = q;
                    }
                }
                dense
            });
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
            if self.resolved.params().priors == Priors::Learned {
                let s = match &net {
                    Some(dense) => dense[p.index()],
                    None => self.model.strength(&self.model.features(b, p)),
                };
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
        if self.resolved.params().priors == Priors::Learned {
            // Passing first (always searchable), then the moves, strongest first.
            if pass_ok || self.scratch.is_empty() && rules.is_none() {
                out.push(pass);
            }
            let strongest = self.scratch.iter().fold(0.0f32, |m, x| m.max(x.1));
            self.scratch.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.mv.cmp(&y.0.mv)));
            for (mut node, s) in self.scratch.drain(..) {
                let weight = if net.is_some() {
                    self.resolved.params().net_prior
                } else {
                    self.resolved.params().prior_model
                };
                let (n, w) = priors::learned(s, strongest, weight);
                node.n += n;
                node.w += w;
                out.push(node);
            }
        } else if pass_ok || out.len() == first && rules.is_none() {
            out.push(pass);
        }
    }
}

/// Each move the search considers at `root` under `rules`, with its prior: its share of
/// the prior wins the root's children start with, as a snapshot's rows give it
/// ([`Row::prior`]), in the order the tree keeps them. What KataGo's analysis engine calls
/// the `policy` (here the search's own priors, not a network's raw output).
pub fn root_priors(root: &Board, resolved: &Resolved, rules: &RootRules) -> Vec<(Move, f32)> {
    let mut children = Vec::new();
    Expander::new(resolved).children(root, Some(rules), 0, &mut children);
    let total: f32 = children.iter().map(|ch| ch.w).sum();
    children.iter().map(|ch| (ch.mv, ch.w / total.max(1e-9))).collect()
}

impl Tree {
    pub(crate) fn new(root: &Board, resolved: &Resolved) -> Tree {
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
            resolved: resolved.clone(),
            expander: Expander::new(resolved),
            ready: std::collections::HashMap::new(),
            spare: Vec::new(),
            handed: 0,
            root_prior_w: Vec::new(),
            prior_w: vec![0.0],
            komi: resolved.komi,
            vloss: Vec::new(),
            root_score: Vec::new(),
            root_own: None,
            crit: (resolved.params().crit_rave > 0.0).then(|| Box::new(Criticality::new())),
            root_crit: Vec::new(),
        }
    }

    /// Adds the children of `id` (position `b`) with their priors: those a playing thread
    /// created if there are, else created here.
    pub(crate) fn expand(&mut self, id: u32, b: &Board, rules: Option<&RootRules>, depth: usize) {
        let first = self.nodes.len() as u32;
        match self.ready.remove(&id) {
            Some(mut kids) => {
                self.handed += 1;
                self.nodes.extend_from_slice(&kids);
                kids.clear();
                self.spare.push(kids);
            }
            None => self.expander.children(b, rules, depth, &mut self.nodes),
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
    pub(crate) fn wants_children(&self, path: &[u32]) -> Option<u32> {
        let &leaf = path.last()?;
        let node = &self.nodes[leaf as usize];
        let in_flight = u32::from(self.vloss.get(leaf as usize).copied().unwrap_or(0));
        let last = node.visits + in_flight + 1 == self.resolved.params().expand_visits;
        (leaf != 0 && !node.expanded && last && self.nodes.len() < MAX_NODES).then_some(leaf)
    }

    /// Shared tree: takes the children a playing thread created for `id`, leaving `kids`
    /// an empty buffer.
    pub(crate) fn offer(&mut self, id: u32, kids: &mut Vec<Node>) {
        if self.nodes[id as usize].expanded || kids.is_empty() {
            kids.clear();
            return;
        }
        let spare = self.spare.pop().unwrap_or_default();
        self.ready.insert(id, std::mem::replace(kids, spare));
    }

    pub(crate) fn select(&self, id: u32, wide: bool) -> Option<u32> {
        let node = &self.nodes[id as usize];
        let mut best = None;
        let mut best_v = f32::NEG_INFINITY;
        let mut count = u32::from(node.n_children);
        if wide && count > 0 {
            let pass_first = self.nodes[node.first_child as usize].mv.is_pass();
            count = count.min((usize::from(pass_first) + widened_root(node.visits)) as u32);
        }
        if self.resolved.params().priors == Priors::Learned && count > 0 && !wide {
            let pass_first = self.nodes[node.first_child as usize].mv.is_pass();
            count =
                count.min((usize::from(pass_first) + self.resolved.widened(node.visits)) as u32);
        }
        // `crit_rave` at the root: a child's AMAF statistics gain `crit * crit_rave` of
        // their playouts as wins (Pachi's form of Coulom's criticality).
        let crit = if id == 0 { self.root_crit.as_slice() } else { &[] };
        for k in node.first_child..node.first_child + count {
            let ch = &self.nodes[k as usize];
            let (an, aw) = match crit.get((k - node.first_child) as usize) {
                Some(&c) if c > 0.0 => (ch.an + c * ch.an, ch.aw + c * ch.an),
                _ => (ch.an, ch.aw),
            };
            let v = match self.vloss.get(k as usize).copied().unwrap_or(0) {
                0 => self.value(ch.n, ch.w, an, aw),
                // Playouts in flight through the child count as lost, in its tree
                // statistics and its AMAF ones (which dominate a young node's value).
                l => self.value(ch.n + f32::from(l), ch.w, an + f32::from(l), aw),
            };
            if v > best_v {
                best_v = v;
                best = Some(k);
            }
        }
        best
    }

    /// Recomputes [`Tree::root_crit`] from the criticality counted so far.
    fn refresh_root_crit(&mut self) {
        let Some(crit) = &self.crit else { return };
        let root = &self.nodes[0];
        let kids = &self.nodes[root.first_child as usize..][..usize::from(root.n_children)];
        let k = self.resolved.params().crit_rave;
        self.root_crit.clear();
        self.root_crit.extend(kids.iter().map(|ch| match ch.mv {
            Move::Play(p) => (crit.of(p).unwrap_or(0.0) as f32 * k).max(0.0),
            Move::Pass => 0.0,
        }));
    }

    /// A child's value from its visits and wins, `n` and `w`, and its AMAF ones: the RAVE
    /// blend (see the module documentation).
    pub(crate) fn value(&self, n: f32, w: f32, an: f32, aw: f32) -> f32 {
        if an > 0.0 {
            let beta = an / (an + n + n * an / self.resolved.params().rave_equiv);
            (1.0 - beta) * w / n + beta * aw / an
        } else {
            w / n
        }
    }

    /// One playout, start to end: [`Tree::descend`], the playout from the leaf with `rng`,
    /// [`Tree::backup`].
    pub(crate) fn simulate(
        &mut self,
        root: &Board,
        rules: &RootRules,
        rng: &mut GameRng,
        walk: &mut Walk,
    ) {
        let mut b = root.clone();
        let margin = match self.descend(&mut b, rules, walk) {
            Some(margin) => {
                walk.count_end(&b);
                margin
            }
            None => playout_margin(&mut b, rng, walk, self.komi, self.resolved.params().self_atari),
        };
        self.backup(walk, margin);
    }

    /// Walks from the root (`b`, the root position, on entry) to a leaf, expanding nodes on
    /// the way, and records the walk. `b` is left at the leaf's position and the result is
    /// `None`, for a playout from there, or black's margin when the tree decides the game
    /// itself (two passes in a row, or a root with no allowed move).
    pub(crate) fn descend(
        &mut self,
        b: &mut Board,
        rules: &RootRules,
        walk: &mut Walk,
    ) -> Option<f32> {
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
                    || node.visits >= self.resolved.params().expand_visits
                        && self.nodes.len() < MAX_NODES
                {
                    self.expand(id, b, (id == 0).then_some(rules), walk.path.len() - 1);
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
    pub(crate) fn mark(&mut self, path: &[u32], delta: i16) {
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
    pub(crate) fn backup(&mut self, walk: &Walk, margin: f32) {
        if let Some(&child) = walk.path.get(1) {
            let i = (child - self.nodes[0].first_child) as usize;
            if self.root_score.len() <= i {
                self.root_score.resize(i + 1, ScoreSum::default());
            }
            self.root_score[i].add(margin);
            if let Some(own) = &mut self.root_own {
                if own.len() <= i {
                    own.resize(i + 1, Ownership::new());
                }
                own[i].add_owners(&walk.end);
            }
        }
        if let Some(crit) = &mut self.crit {
            crit.add_owners(&walk.end, margin > 0.0);
            let ends = crit.ends();
            if ends >= CRIT_MIN_ENDS && ends % CRIT_REFRESH == 0 {
                self.refresh_root_crit();
            }
        }
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
        let sw = self.resolved.params().score_weight;
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
    pub(crate) fn root_stats(&self) -> Vec<RootRow> {
        let root = &self.nodes[0];
        (root.first_child..root.first_child + u32::from(root.n_children))
            .enumerate()
            .map(|(i, k)| {
                let ch = &self.nodes[k as usize];
                let (n, w) = if self.resolved.params().priors == Priors::Learned {
                    (ch.visits as f32, ch.w - self.root_prior_w[i])
                } else {
                    (ch.n, ch.w)
                };
                let score = self.root_score.get(i).copied().unwrap_or_default();
                RootRow { mv: ch.mv, visits: ch.visits, n, w, amaf_n: ch.an, amaf_w: ch.aw, score }
            })
            .collect()
    }

    /// The root's children as a snapshot shows them, with their principal variations.
    pub(crate) fn rows(&self) -> Vec<Row> {
        let root = &self.nodes[0];
        let prior_total: f32 = self.root_prior_w.iter().sum();
        self.root_stats()
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let k = root.first_child + i as u32;
                let prior = self.root_prior_w.get(i).map_or(0.0, |w| w / prior_total.max(1e-9));
                let pv = self.pv(k);
                let pv_visits = self.pv_visits(k, pv.len());
                Row {
                    mv: r.mv,
                    visits: r.visits,
                    n: r.n,
                    w: r.w,
                    prior,
                    pv,
                    pv_visits,
                    ownership: self
                        .root_own
                        .as_ref()
                        .map(|o| o.get(i).cloned().unwrap_or_default()),
                    score: r.score,
                }
            })
            .collect()
    }

    /// The visits of the first `len` nodes of [`Tree::pv`]'s walk from node `id`.
    pub(crate) fn pv_visits(&self, mut id: u32, len: usize) -> Vec<u32> {
        let mut out = Vec::with_capacity(len);
        while out.len() < len {
            let node = &self.nodes[id as usize];
            out.push(node.visits);
            let kids = node.first_child..node.first_child + u32::from(node.n_children);
            match kids.max_by_key(|&k| (self.nodes[k as usize].visits, std::cmp::Reverse(k))) {
                Some(k) => id = k,
                None => break,
            }
        }
        out
    }

    /// The moves from node `id` on: its own, then the most visited child at each level
    /// (the first on a tie), while that child has visits; at most [`PV_DEPTH`] moves.
    pub(crate) fn pv(&self, mut id: u32) -> Vec<Move> {
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
    pub(crate) fn lead(&self) -> u32 {
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

/// A playout from the leaf position `b` (consumed) under the playout rule `sa`, marking
/// AMAF in `walk`: black's margin with komi `komi`.
pub(crate) fn playout_margin(
    b: &mut Board,
    rng: &mut GameRng,
    walk: &mut Walk,
    komi: f32,
    sa: SelfAtari,
) -> f32 {
    playout::play_out_with(b, rng, &mut walk.amaf, sa);
    walk.count_end(b) as f32 - komi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::mcts::SearchConfig;
    use crate::search::params::Overrides;

    /// The default configuration with `settings` laid over it, resolved.
    fn resolved(settings: &[&str], komi: f32) -> Resolved {
        let settings = Overrides::parse(settings).expect("registry settings");
        SearchConfig { settings, komi, ..SearchConfig::default() }.resolve()
    }

    /// The order [`Expander::children`] gives a 19x19 position's moves (passing left out).
    fn order(net_depth: u32, depth: usize, b: &Board) -> Vec<Move> {
        let r = resolved(&[&format!("net_depth={net_depth}")], 0.0);
        let mut out = Vec::new();
        Expander::new(&r).children(b, None, depth, &mut out);
        out.into_iter().map(|n| n.mv).filter(|&m| m != Move::Pass).collect()
    }

    /// `crit_rave`: a root move whose point's owner won the playouts gains `crit *
    /// crit_rave` of its AMAF playouts as wins when the root's child is chosen, and with
    /// them the descent; nothing before the criticality is known.
    #[test]
    fn criticality_lends_a_root_move_amaf_wins() {
        let b = Board::new(5);
        let mut t = Tree::new(&b, &resolved(&["priors=michi", "crit_rave=2"], 0.5));
        t.expand(0, &b, Some(&RootRules::default()), 0);
        let (first, count) = (t.nodes[0].first_child, u32::from(t.nodes[0].n_children));
        let at = |t: &Tree, r: usize, c: usize| {
            (first..first + count).find(|&k| t.nodes[k as usize].mv == Move::Play(b.point(r, c)))
        };
        let (a, crit_point) = (at(&t, 2, 2).unwrap(), at(&t, 0, 0).unwrap());
        for k in first..first + count {
            let ch = &mut t.nodes[k as usize];
            // Every move 10 visits, 5 won; 100 AMAF playouts, 40 won; the centre 50, the
            // corner 45.
            (ch.n, ch.w, ch.an, ch.aw) = (10.0, 5.0, 100.0, 40.0);
        }
        t.nodes[a as usize].aw = 50.0;
        t.nodes[crit_point as usize].aw = 45.0;
        assert_eq!(t.select(0, false), Some(a), "without criticality, the best AMAF");
        // 1,000 ends: black won those where black owned the corner, white those where
        // white did; nobody owned any other point. crit(corner) = 1 - 1/2 = 1/2.
        let mut end = vec![0i8; MAX_POINTS];
        let crit = t.crit.as_mut().expect("crit_rave is set");
        for i in 0..CRIT_MIN_ENDS {
            let black_won = i % 2 == 0;
            end[b.point(0, 0).index()] = if black_won { 1 } else { -1 };
            crit.add_owners(&end, black_won);
        }
        assert_eq!(crit.of(b.point(0, 0)), Some(0.5));
        assert_eq!(crit.of(b.point(2, 2)), Some(0.0));
        t.refresh_root_crit();
        let lent = t.root_crit[(crit_point - first) as usize];
        assert_eq!(lent, 1.0, "1/2 times crit_rave 2");
        assert_eq!(t.root_crit.iter().filter(|&&c| c != 0.0).count(), 1);
        // The corner's AMAF: 100 + 100 playouts, 45 + 100 won (72.5%) against 50%.
        assert_eq!(t.select(0, false), Some(crit_point));
        let c = &t.nodes[crit_point as usize];
        assert!(t.value(c.n, c.w, 200.0, 145.0) > t.value(10.0, 5.0, 100.0, 50.0));
        assert_eq!((c.an, c.aw), (100.0, 45.0), "lent at the descent, not written in the node");
    }

    /// `net_depth`: the policy network ranks the children of nodes down to that depth below
    /// the root (in the order of its probabilities, read from the network itself), the
    /// move model the deeper ones.
    #[test]
    fn the_network_ranks_the_children_down_to_net_depth() {
        let mut b = Board::new(19);
        for (r, c) in [(3, 3), (15, 15), (3, 15), (16, 3), (2, 5)] {
            b.play(Move::Play(b.point(r, c))).unwrap();
        }
        let mut by_net = PolicyNet::builtin().policy(&b).expect("19x19").moves;
        by_net.retain(|&(m, _)| m != Move::Pass);
        by_net.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
        let by_net: Vec<Move> = by_net.into_iter().map(|x| x.0).collect();
        // The root, always; the root's replies (depth 1) only from net_depth 1.
        assert_eq!(order(0, 0, &b), by_net);
        assert_eq!(order(1, 1, &b), by_net);
        assert_eq!(order(2, 2, &b), by_net);
        // Deeper than net_depth: the move model's order, which is another.
        let by_model = order(0, 1, &b);
        assert_ne!(by_model, by_net);
        assert_eq!(order(1, 2, &b), by_model);
        let mut same = by_model.clone();
        same.sort();
        let mut net_sorted = by_net.clone();
        net_sorted.sort();
        assert_eq!(same, net_sorted, "the same moves, in another order");
    }
}
