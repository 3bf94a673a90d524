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
}

/// One frame of the explicit depth-first search stack. The vertex's low-link lives here, not in
/// a per-vertex array: it is only needed while the vertex is on the stack.
#[derive(Clone, Copy)]
struct Frame {
    /// The edge this vertex was entered by (skipped once: parallel edges still count as back edges).
    parent_edge: u32,
    /// The next incidence to look at and the end of the vertex's incidences (CSR indices).
    next: u32,
    end: u32,
    /// Discovery time and low-link.
    time: u32,
    low: u32,
}

impl LowLink {
    fn run(graph: &MultiGraph) -> Self {
        let n = graph.vertex_count();
        let (offsets, incidences) = graph.csr();
        let mut is_bridge = vec![false; graph.edge_count()];
        // Per vertex: (start of its incidences, discovery time or NONE), side by side so that one
        // cache miss answers both "seen yet?" and "where are its neighbours?".
        let mut state: Vec<(u32, u32)> = offsets.iter().map(|&o| (o, NONE)).collect();
        let mut preorder = Vec::with_capacity(n);
        let mut parent_edge = Vec::with_capacity(n);
        let mut stack: Vec<Frame> = Vec::new();
        let mut discover = |v: u32, e: u32, state: &mut [(u32, u32)]| {
            let t = preorder.len() as u32;
            state[v as usize].1 = t;
            preorder.push(v);
            parent_edge.push(e);
            let (next, end) = (state[v as usize].0, state[v as usize + 1].0);
            // Every neighbour seen before `v` is an ancestor (undirected DFS has no cross edges),
            // so it lowers `v`'s low-link right away. The loads are independent of each other (no
            // branch on them), so their cache misses overlap instead of queueing one by one in the
            // main loop, which then finds them cached.
            let mut low = t;
            for &(w, f) in &incidences[next as usize..end as usize] {
                let w_time = state[w as usize].1;
                if f != e {
                    low = low.min(w_time);
                }
            }
            Frame {
                parent_edge: e,
                next,
                end,
                time: t,
                low,
            }
        };
        for root in 0..n as u32 {
            if state[root as usize].1 != NONE {
                continue;
            }
            stack.push(discover(root, NONE, &mut state));
            while let Some(top) = stack.last_mut() {
                if top.next < top.end {
                    let (w, e) = incidences[top.next as usize];
                    top.next += 1;
                    if e == top.parent_edge {
                        continue;
                    }
                    let w_time = state[w as usize].1;
                    if w_time == NONE {
                        let frame = discover(w, e, &mut state);
                        stack.push(frame);
                    } else if w_time < top.low {
                        top.low = w_time;
                    }
                } else {
                    let finished = *top;
                    stack.pop();
                    if let Some(parent) = stack.last_mut() {
                        if finished.low < parent.low {
                            parent.low = finished.low;
                        }
                        if finished.low > parent.time {
                            is_bridge[finished.parent_edge as usize] = true;
                        }
                    }
                }
            }
        }
        Self {
            is_bridge,
            preorder,
            parent_edge,
        }
    }
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
        } = LowLink::run(graph);
        let edges = graph.edge_list();
        let mut component = vec![NONE; graph.vertex_count()];
        let mut tree = BridgeTree::with_capacity(0);
        // Parents come before children in preorder, so one pass labels everything: a vertex
        // entered through a non-bridge tree edge joins its parent's component, otherwise it opens a
        // new component whose bridge-tree parent is the parent's component.
        for (&v, &e) in preorder.iter().zip(&parent_edge) {
            let label = if e == NONE {
                tree.push_root()
            } else {
                let (a, b) = edges[e as usize];
                let parent = if a == v { b } else { a };
                let parent_component = component[parent as usize];
                if is_bridge[e as usize] {
                    tree.push_child(parent_component, e)
                } else {
                    parent_component
                }
            };
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
