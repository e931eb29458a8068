//! Tree reuse (`--reuse-tree`, pondering): the trees a search leaves, kept for the next
//! search, and the graft of the subtree of the moves played since into a fresh tree.

use crate::rules::board::{Board, Move};
use crate::search::tree::{Node, RootRules, Tree, MAX_NODES};

/// Search trees kept from one search to the next (tree reuse, `--reuse-tree`): each
/// thread's tree (or the one shared tree) and the position they are of; a search that uses
/// another number of trees starts afresh. The next search of a position that the moves
/// given by [`Forest::set_path`] lead to starts from the subtree of those moves, copied
/// into a fresh node vector (see `Tree::graft`); any other position starts afresh.
#[derive(Default)]
pub struct Forest {
    pub(crate) trees: Vec<Tree>,
    pub(crate) root: Option<Board>,
    pub(crate) path: Vec<Move>,
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
pub(crate) fn leads_to(from: &Board, path: &[Move], to: &Board) -> bool {
    let mut b = from.clone();
    path.iter().all(|&m| b.play(m).is_ok()) && b.position_key() == to.position_key()
}

impl Tree {
    /// Tree reuse: this fresh tree of `root` takes over the subtree of `old` below the
    /// moves `path` (from `old`'s root). The root's children are created afresh under
    /// `rules` (the new root's forbidden moves and pass rule, its priors); each one that
    /// `old` had gets that child's playouts (visits, playout wins, AMAF statistics as they
    /// were) and its whole subtree, copied into this tree's node vector. `false` (and the
    /// tree unchanged) when `old` has no such node.
    pub(crate) fn graft(
        &mut self,
        old: &Tree,
        path: &[Move],
        root: &Board,
        rules: &RootRules,
    ) -> bool {
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
        self.expand(0, root, Some(rules), 0);
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
}
