//! The bridge forest: 2-edge-connected components joined by the bridges.

use crate::multigraph::NONE;

/// The bridge tree of a multigraph (a forest when the graph is disconnected): one node per
/// 2-edge-connected component, one edge per bridge.
///
/// Nodes are numbered in preorder: every tree is a contiguous range of ids starting with its root,
/// every subtree a contiguous range starting with its top node, and a parent's id is below its
/// children's.
#[derive(Debug, Clone)]
pub struct BridgeTree {
    /// Per node: the parent node, [`NONE`] for a root.
    parent: Vec<u32>,
    /// Per node: the bridge (graph edge id) to the parent, [`NONE`] for a root.
    bridge: Vec<u32>,
    /// Per node: the number of bridges between it and its root.
    depth: Vec<u32>,
    /// Per node: its tree's root.
    root: Vec<u32>,
    /// The number of trees.
    trees: usize,
}

impl BridgeTree {
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Self {
            parent: Vec::with_capacity(capacity),
            bridge: Vec::with_capacity(capacity),
            depth: Vec::with_capacity(capacity),
            root: Vec::with_capacity(capacity),
            trees: 0,
        }
    }

    /// Appends a new root; returns its id.
    pub(crate) fn push_root(&mut self) -> u32 {
        let id = self.parent.len() as u32;
        self.parent.push(NONE);
        self.bridge.push(NONE);
        self.depth.push(0);
        self.root.push(id);
        self.trees += 1;
        id
    }

    /// Appends a child of `parent` joined by bridge `bridge`; returns its id.
    pub(crate) fn push_child(&mut self, parent: u32, bridge: u32) -> u32 {
        let id = self.parent.len() as u32;
        self.parent.push(parent);
        self.bridge.push(bridge);
        self.depth.push(self.depth[parent as usize] + 1);
        self.root.push(self.root[parent as usize]);
        id
    }

    /// The number of nodes (2-edge-connected components).
    pub fn node_count(&self) -> usize {
        self.parent.len()
    }

    /// The number of trees (connected components of the graph).
    pub fn tree_count(&self) -> usize {
        self.trees
    }

    /// The parent of `node`, `None` for a root.
    ///
    /// # Panics
    /// When `node >= self.node_count()` (so for every method taking a node).
    pub fn parent(&self, node: usize) -> Option<usize> {
        some(self.parent[node])
    }

    /// The bridge (graph edge id) joining `node` to its parent, `None` for a root.
    pub fn bridge_to_parent(&self, node: usize) -> Option<usize> {
        some(self.bridge[node])
    }

    /// The number of bridges between `node` and the root of its tree.
    pub fn depth(&self, node: usize) -> usize {
        self.depth[node] as usize
    }

    /// The root of the tree holding `node`.
    pub fn root(&self, node: usize) -> usize {
        self.root[node] as usize
    }

    /// The tree edges as `(parent, child, bridge edge id)`, by child id.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (0..self.node_count()).filter_map(|c| {
            let p = self.parent(c)?;
            Some((p, c, self.bridge[c] as usize))
        })
    }

    /// Raw arrays for the LCA structure: parent, depth, root.
    pub(crate) fn raw(&self) -> (&[u32], &[u32], &[u32]) {
        (&self.parent, &self.depth, &self.root)
    }
}

fn some(x: u32) -> Option<usize> {
    (x != NONE).then_some(x as usize)
}
