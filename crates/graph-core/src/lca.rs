//! Lowest common ancestors in a rooted forest: O(n log n) preprocessing, O(1) queries.
//!
//! Nodes are numbered in preorder, so every subtree is a contiguous range. For positions
//! `a < b` in the same tree, the lowest common ancestor is the smallest *parent* position among
//! positions `a + 1 ..= b` (that range stays inside the ancestor's subtree and holds the child of
//! the ancestor on the way to `b`). A sparse table answers that range minimum in O(1).

use crate::Error;
use crate::bridge_tree::BridgeTree;
use crate::multigraph::{NONE, check_count};

/// Range-minimum table: `levels[k][i]` is the minimum of `2^k` values starting at `i`.
#[derive(Debug, Clone)]
struct SparseMin {
    levels: Vec<Vec<u32>>,
}

impl SparseMin {
    fn new(values: Vec<u32>) -> Self {
        let mut levels = vec![values];
        let mut width = 1;
        while width * 2 <= levels[0].len() {
            let prev = &levels[levels.len() - 1];
            let next: Vec<u32> = (0..prev.len() - width)
                .map(|i| prev[i].min(prev[i + width]))
                .collect();
            levels.push(next);
            width *= 2;
        }
        Self { levels }
    }

    /// Minimum of positions `from..=to` (`from <= to`).
    #[inline]
    fn min(&self, from: usize, to: usize) -> u32 {
        let k = (to - from + 1).ilog2() as usize;
        let level = &self.levels[k];
        level[from].min(level[to + 1 - (1 << k)])
    }
}

/// Lowest-common-ancestor and distance queries on a rooted forest.
///
/// ```
/// use graph_core::Lca;
/// //      0
/// //     / \
/// //    1   2     4 (a second tree)
/// //    |
/// //    3
/// let lca = Lca::from_parents(&[None, Some(0), Some(0), Some(1), None]).unwrap();
/// assert_eq!(lca.lca(3, 2), Some(0));
/// assert_eq!(lca.lca(3, 1), Some(1));
/// assert_eq!(lca.distance(3, 2), Some(3));
/// assert_eq!(lca.lca(3, 4), None);
/// ```
#[derive(Debug, Clone)]
pub struct Lca {
    /// Node id to preorder position (`None` when node ids already are preorder positions).
    position: Option<Vec<u32>>,
    /// Preorder position to node id (`None` likewise).
    node_at: Option<Vec<u32>>,
    /// Per position: depth (edges to the root).
    depth: Vec<u32>,
    /// Per position: the position of its tree's root.
    root: Vec<u32>,
    /// Range minimum over parent positions ([`NONE`] for roots).
    table: SparseMin,
}

impl Lca {
    /// Builds the structure for the forest in which node `i` has parent `parents[i]` (`None` for a
    /// root). O(n log n) time and memory; no recursion.
    ///
    /// # Errors
    /// [`Error::NotAForest`] when a parent is out of range or the parents form a cycle;
    /// [`Error::TooLarge`] beyond 2^32 - 2 nodes.
    pub fn from_parents(parents: &[Option<usize>]) -> Result<Self, Error> {
        let n = parents.len();
        // The graphs' size check (the same limit and error), unit-tested there: no test can
        // build the 64 GiB slice that would reach this line's limit.
        check_count("nodes", n)?;
        let (offsets, children) = children_of(parents)?;
        let (position, node_at) = preorder(parents, &offsets, &children);
        if node_at.len() < n {
            let node = position.iter().position(|&p| p == NONE).unwrap_or(0);
            return Err(Error::NotAForest {
                node,
                problem: "it lies on a cycle of parents",
            });
        }
        let mut parent_pos = vec![NONE; n];
        let mut depth = vec![0u32; n];
        let mut root = vec![0u32; n];
        for (pos, &v) in node_at.iter().enumerate() {
            match parents[v as usize] {
                None => root[pos] = pos as u32,
                Some(p) => {
                    let pp = position[p];
                    parent_pos[pos] = pp;
                    depth[pos] = depth[pp as usize] + 1;
                    root[pos] = root[pp as usize];
                }
            }
        }
        let identity = node_at.iter().enumerate().all(|(i, &v)| i == v as usize);
        let (position, node_at) = if identity {
            (None, None)
        } else {
            (Some(position), Some(node_at))
        };
        Ok(Self {
            position,
            node_at,
            depth,
            root,
            table: SparseMin::new(parent_pos),
        })
    }

    /// Builds the structure for a bridge tree, whose nodes already are in preorder.
    pub fn from_bridge_tree(tree: &BridgeTree) -> Self {
        let (parent, depth, root) = tree.raw();
        Self {
            position: None,
            node_at: None,
            depth: depth.to_vec(),
            root: root.to_vec(),
            table: SparseMin::new(parent.to_vec()),
        }
    }

    /// The number of nodes.
    pub fn node_count(&self) -> usize {
        self.depth.len()
    }

    #[inline]
    fn pos(&self, node: usize) -> usize {
        match &self.position {
            Some(position) => position[node] as usize,
            None => node,
        }
    }

    /// Lowest common ancestor by preorder positions; `None` across trees.
    #[inline]
    fn lca_pos(&self, a: usize, b: usize) -> Option<usize> {
        if self.root[a] != self.root[b] {
            return None;
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == b {
            return Some(a);
        }
        Some(self.table.min(a + 1, b) as usize)
    }

    /// The lowest common ancestor of `u` and `v`, `None` when they are in different trees.
    ///
    /// # Panics
    /// When a node is out of range (so for every method taking a node).
    pub fn lca(&self, u: usize, v: usize) -> Option<usize> {
        let l = self.lca_pos(self.pos(u), self.pos(v))?;
        Some(match &self.node_at {
            Some(node_at) => node_at[l] as usize,
            None => l,
        })
    }

    /// The depth of `node` (edges between it and its root).
    pub fn depth(&self, node: usize) -> usize {
        self.depth[self.pos(node)] as usize
    }

    /// The number of edges on the tree path between `u` and `v`, `None` across trees.
    #[inline]
    pub fn distance(&self, u: usize, v: usize) -> Option<usize> {
        let (a, b) = (self.pos(u), self.pos(v));
        let l = self.lca_pos(a, b)?;
        Some((self.depth[a] + self.depth[b] - 2 * self.depth[l]) as usize)
    }
}

/// The children of every node in CSR form (offsets, children in ascending order).
fn children_of(parents: &[Option<usize>]) -> Result<(Vec<u32>, Vec<u32>), Error> {
    let n = parents.len();
    let mut offsets = vec![0u32; n + 1];
    for (node, parent) in parents.iter().enumerate() {
        if let Some(p) = *parent {
            if p >= n {
                return Err(Error::NotAForest {
                    node,
                    problem: "its parent is out of range",
                });
            }
            offsets[p + 1] += 1;
        }
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut next = offsets.clone();
    let mut children = vec![0u32; offsets[n] as usize];
    for (node, parent) in parents.iter().enumerate() {
        if let Some(p) = *parent {
            children[next[p] as usize] = node as u32;
            next[p] += 1;
        }
    }
    Ok((offsets, children))
}

/// Preorder of the forest from its roots by an explicit stack (children pushed in reverse so
/// they come out ascending): node to position ([`NONE`] for nodes on a cycle, never reached)
/// and position to node.
fn preorder(parents: &[Option<usize>], offsets: &[u32], children: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let n = parents.len();
    let mut position = vec![NONE; n];
    let mut node_at = Vec::with_capacity(n);
    let mut stack = Vec::new();
    for root in (0..n).filter(|&i| parents[i].is_none()) {
        stack.push(root as u32);
        while let Some(v) = stack.pop() {
            position[v as usize] = node_at.len() as u32;
            node_at.push(v);
            let kids = &children[offsets[v as usize] as usize..offsets[v as usize + 1] as usize];
            stack.extend(kids.iter().rev());
        }
    }
    (position, node_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_lca(parents: &[Option<usize>], u: usize, v: usize) -> Option<usize> {
        let ancestors = |mut x: usize| {
            let mut path = vec![x];
            while let Some(p) = parents[x] {
                path.push(p);
                x = p;
            }
            path
        };
        let au = ancestors(u);
        ancestors(v).into_iter().find(|x| au.contains(x))
    }

    /// Random forests: node i's parent is None or an earlier node, then ids are shuffled.
    fn forest() -> impl Strategy<Value = Vec<Option<usize>>> {
        (1usize..14).prop_flat_map(|n| {
            let picks = proptest::collection::vec((0usize..100, 0u8..4), n);
            (picks, Just(n), Just(()))
                .prop_flat_map(|(picks, n, ())| {
                    (Just(picks), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
                })
                .prop_map(|(picks, perm)| {
                    let mut parents = vec![None; picks.len()];
                    for (i, &(p, root)) in picks.iter().enumerate() {
                        if i > 0 && root != 0 {
                            parents[perm[i]] = Some(perm[p % i]);
                        }
                    }
                    parents
                })
        })
    }

    proptest! {
        #[test]
        fn matches_naive_walk_up(parents in forest()) {
            let lca = Lca::from_parents(&parents).unwrap();
            prop_assert_eq!(lca.node_count(), parents.len());
            for u in 0..parents.len() {
                for v in 0..parents.len() {
                    let expected = naive_lca(&parents, u, v);
                    prop_assert_eq!(lca.lca(u, v), expected, "lca({}, {})", u, v);
                    let dist = expected.map(|l| lca.depth(u) + lca.depth(v) - 2 * lca.depth(l));
                    prop_assert_eq!(lca.distance(u, v), dist);
                }
            }
        }
    }

    #[test]
    fn rejects_cycles_and_bad_parents() {
        assert!(matches!(
            Lca::from_parents(&[Some(1), Some(0), None]),
            Err(Error::NotAForest { node: 0, .. })
        ));
        assert!(Lca::from_parents(&[Some(5)]).is_err());
        assert!(Lca::from_parents(&[Some(0)]).is_err());
    }

    #[test]
    fn empty_and_deep_forests() {
        let lca = Lca::from_parents(&[]).unwrap();
        assert_eq!(lca.node_count(), 0);
        let n: usize = 200_000;
        let path: Vec<Option<usize>> = (0..n).map(|i| i.checked_sub(1)).collect();
        let lca = Lca::from_parents(&path).unwrap();
        assert_eq!(lca.lca(n - 1, 7), Some(7));
        assert_eq!(lca.distance(0, n - 1), Some(n - 1));
    }
}
