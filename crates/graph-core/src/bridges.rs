//! Bridges by an iterative low-link depth-first search, and the 2-edge-connected components.

use crate::bridge_tree::BridgeTree;
use crate::multigraph::{MultiGraph, NONE};

/// The edge ids of every bridge of `graph`, ascending.
///
/// A bridge is an edge whose removal disconnects its two endpoints. Parallel edges are never
/// bridges and neither are self-loops. Works on disconnected graphs; O(n + m) time, no recursion.
///
/// ```
/// use graph_core::{MultiGraph, bridges};
/// // 0 = 1 - 2 (two parallel edges between 0 and 1)
/// let g = MultiGraph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
/// assert_eq!(bridges(&g), [2]);
/// ```
pub fn bridges(graph: &MultiGraph) -> Vec<usize> {
    let search = LowLink::run(graph);
    search
        .is_bridge
        .iter()
        .enumerate()
        .filter_map(|(e, &b)| b.then_some(e))
        .collect()
}

/// What the depth-first search leaves behind.
struct LowLink {
    /// Per edge: is it a bridge.
    is_bridge: Vec<bool>,
    /// The vertices in the order the search discovered them (each tree's root first).
    preorder: Vec<u32>,
    /// Parallel to `preorder`: the tree edge each vertex was discovered through ([`NONE`] for a
    /// search root).
    parent_edge: Vec<u32>,
    /// Parallel to `preorder`: the preorder position of each vertex's tree parent ([`NONE`] for a
    /// search root).
    parent_pos: Vec<u32>,
}

/// A stack entry: a vertex to visit, the edge that leads to it and its would-be parent's preorder
/// position.
type Pending = (u32, u32, u32);

impl LowLink {
    /// Two passes. The first is a depth-first search that visits each vertex once and scans its
    /// incidences once: it pushes every not-yet-visited neighbour (the last push of a vertex to be
    /// popped makes its tree parent, so the tree is a genuine depth-first tree) and takes the
    /// smallest preorder position among the already visited neighbours, which are exactly its
    /// ancestors joined by non-tree edges (undirected depth-first search has no cross edges).
    /// Nothing is rescanned after backtracking, so each vertex's incidences are fetched from
    /// memory once. The second pass runs over preorder positions backwards, sequentially, and
    /// folds each vertex's low-link into its parent's: a tree edge is a bridge when nothing below
    /// it reaches above it.
    fn run(graph: &MultiGraph) -> Self {
        let Discovery {
            preorder,
            parent_edge,
            parent_pos,
            mut low,
        } = discover(graph);
        let is_bridge = fold_low_links(graph.edge_count(), &parent_edge, &parent_pos, &mut low);
        Self {
            is_bridge,
            preorder,
            parent_edge,
            parent_pos,
        }
    }
}

/// What the first pass records, per preorder position.
struct Discovery {
    /// The vertex at each position.
    preorder: Vec<u32>,
    /// The tree edge it was discovered through ([`NONE`] for a search root).
    parent_edge: Vec<u32>,
    /// Its tree parent's position ([`NONE`] for a search root).
    parent_pos: Vec<u32>,
    /// Its low-link over its own edges only.
    low: Vec<u32>,
}

/// The first pass of [`LowLink::run`]: the depth-first search over every vertex of `graph`.
fn discover(graph: &MultiGraph) -> Discovery {
    let n = graph.vertex_count();
    let (offsets, incidences) = graph.csr();
    // Per vertex: (start of its incidences, preorder position or NONE), side by side so that
    // one cache miss answers both "seen yet?" and "where are its neighbours?".
    let mut state: Vec<(u32, u32)> = offsets.iter().map(|&o| (o, NONE)).collect();
    let mut found = Discovery {
        preorder: Vec::with_capacity(n),
        parent_edge: Vec::with_capacity(n),
        parent_pos: Vec::with_capacity(n),
        low: Vec::with_capacity(n),
    };
    let mut stack: Vec<Pending> = Vec::new();
    for root in 0..n as u32 {
        if state[root as usize].1 != NONE {
            continue;
        }
        stack.push((root, NONE, NONE));
        while let Some((v, e, parent)) = stack.pop() {
            if state[v as usize].1 != NONE {
                continue;
            }
            let t = found.preorder.len() as u32;
            state[v as usize].1 = t;
            found.preorder.push(v);
            found.parent_edge.push(e);
            found.parent_pos.push(parent);
            let (start, end) = (state[v as usize].0, state[v as usize + 1].0);
            let own = &incidences[start as usize..end as usize];
            let low = scan_incidences(&state, own, e, t, &mut stack);
            found.low.push(low);
        }
    }
    found
}

/// Scans the incidences of the vertex at preorder position `t`, entered through edge `e`:
/// pushes its not-yet-visited neighbours and returns its low-link over its own edges.
fn scan_incidences(
    state: &[(u32, u32)],
    incidences: &[(u32, u32)],
    e: u32,
    t: u32,
    stack: &mut Vec<Pending>,
) -> u32 {
    let mut l = t;
    for &(w, f) in incidences {
        let w_time = state[w as usize].1;
        if w_time == NONE {
            stack.push((w, f, t));
        } else if f != e {
            // An ancestor (or the vertex itself, for a self-loop); a parallel edge to the
            // parent counts, only the tree edge itself is skipped.
            l = l.min(w_time);
        }
    }
    l
}

/// The second pass of [`LowLink::run`]: folds each position's low-link into its parent's,
/// backwards, and returns per edge whether it is a bridge.
fn fold_low_links(
    edge_count: usize,
    parent_edge: &[u32],
    parent_pos: &[u32],
    low: &mut [u32],
) -> Vec<bool> {
    let mut is_bridge = vec![false; edge_count];
    for t in (0..low.len()).rev() {
        let (l, parent) = (low[t], parent_pos[t]);
        if parent == NONE {
            continue;
        }
        if l == t as u32 {
            is_bridge[parent_edge[t] as usize] = true;
        }
        let p = &mut low[parent as usize];
        if l < *p {
            *p = l;
        }
    }
    is_bridge
}

/// The bridges of a multigraph, its 2-edge-connected components and its bridge tree, from one
/// depth-first search (O(n + m), no recursion).
///
/// Two vertices share a 2-edge-connected component when no single edge removal separates them;
/// the components are the connected pieces left after removing every bridge. Components are
/// numbered in preorder of the bridge forest (see [`BridgeTree`]).
#[derive(Debug, Clone)]
pub struct BridgeDecomposition {
    is_bridge: Vec<bool>,
    component: Vec<u32>,
    tree: BridgeTree,
}

impl BridgeDecomposition {
    /// Computes the decomposition of `graph`.
    pub fn new(graph: &MultiGraph) -> Self {
        let LowLink {
            is_bridge,
            preorder,
            parent_edge,
            parent_pos,
        } = LowLink::run(graph);
        let mut component = vec![NONE; graph.vertex_count()];
        // Per preorder position, so that the parent's label is found without a random access.
        let mut component_at: Vec<u32> = Vec::with_capacity(preorder.len());
        let mut tree = BridgeTree::with_capacity(0);
        // Parents come before children in preorder, so one pass labels everything: a vertex
        // entered through a non-bridge tree edge joins its parent's component, otherwise it opens a
        // new component whose bridge-tree parent is the parent's component.
        for ((&v, &e), &parent) in preorder.iter().zip(&parent_edge).zip(&parent_pos) {
            let label = if e == NONE {
                tree.push_root()
            } else {
                let parent_component = component_at[parent as usize];
                if is_bridge[e as usize] {
                    tree.push_child(parent_component, e)
                } else {
                    parent_component
                }
            };
            component_at.push(label);
            component[v as usize] = label;
        }
        Self {
            is_bridge,
            component,
            tree,
        }
    }

    /// Whether edge `edge` is a bridge.
    ///
    /// # Panics
    /// When `edge` is not an edge id of the graph.
    pub fn is_bridge(&self, edge: usize) -> bool {
        self.is_bridge[edge]
    }

    /// The bridge ids, ascending.
    pub fn bridges(&self) -> impl Iterator<Item = usize> + '_ {
        self.is_bridge
            .iter()
            .enumerate()
            .filter_map(|(e, &b)| b.then_some(e))
    }

    /// The 2-edge-connected component of `vertex` (a node of [`Self::bridge_tree`]).
    ///
    /// # Panics
    /// When `vertex` is not a vertex of the graph.
    pub fn component(&self, vertex: usize) -> usize {
        self.component[vertex] as usize
    }

    /// The component label of every vertex.
    pub fn components(&self) -> &[u32] {
        &self.component
    }

    /// The number of 2-edge-connected components.
    pub fn component_count(&self) -> usize {
        self.tree.node_count()
    }

    /// The number of connected components of the graph (= trees of the bridge forest).
    pub fn connected_component_count(&self) -> usize {
        self.tree.tree_count()
    }

    /// The bridge forest: one node per component, one edge per bridge.
    pub fn bridge_tree(&self) -> &BridgeTree {
        &self.tree
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> MultiGraph {
        MultiGraph::from_edges(n, edges).unwrap()
    }

    #[test]
    fn parallel_edges_and_self_loops_are_not_bridges() {
        let g = graph(3, &[(0, 1), (0, 1), (1, 1), (1, 2)]);
        assert_eq!(bridges(&g), [3]);
        let d = BridgeDecomposition::new(&g);
        assert_eq!(d.component(0), d.component(1));
        assert_ne!(d.component(1), d.component(2));
        assert_eq!(d.component_count(), 2);
    }

    #[test]
    fn triangle_with_tail_and_isolated_vertex() {
        // 0-1-2-0 triangle, 2-3 tail, 4 isolated
        let g = graph(5, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let d = BridgeDecomposition::new(&g);
        assert_eq!(d.bridges().collect::<Vec<_>>(), [3]);
        assert_eq!(d.component_count(), 3);
        assert_eq!(d.connected_component_count(), 2);
        assert!(!d.is_bridge(0));
    }

    #[test]
    fn path_of_a_million_vertices_does_not_overflow() {
        let n = 1_000_000;
        let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let g = MultiGraph::from_edge_vec(n as usize, edges).unwrap();
        assert_eq!(bridges(&g).len(), n as usize - 1);
        let d = BridgeDecomposition::new(&g);
        assert_eq!(d.component_count(), n as usize);
        assert_eq!(
            d.bridge_tree().depth(d.component(n as usize - 1)),
            n as usize - 1
        );
    }
}
