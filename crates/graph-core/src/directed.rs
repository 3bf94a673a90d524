//! Directed graphs: a compact [`DiGraph`], its strongly connected components, topological
//! order and cycles, on the graph or from closures (`pathfinding`'s way). Everything is
//! iterative: no recursion depth grows with the graph.
//!
//! ```
//! use graph_core::directed::{DiGraph, strongly_connected_components, topological_sort};
//! // 0 -> 1 -> 2 -> 0 is a cycle; 2 -> 3 leaves it.
//! let g = DiGraph::from_edges(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]).unwrap();
//! let mut sccs = strongly_connected_components(&g);
//! sccs.iter_mut().for_each(|c| c.sort());
//! assert_eq!(sccs, [vec![3], vec![0, 1, 2]]); // sinks first
//! let cycle = topological_sort(&g).unwrap_err();
//! assert_eq!(cycle.len(), 3);
//! let dag = DiGraph::from_edges(3, &[(2, 1), (1, 0)]).unwrap();
//! assert_eq!(topological_sort(&dag), Ok(vec![2, 1, 0]));
//! ```

use crate::Error;
use crate::multigraph::{NONE, check_count, check_endpoints};
use std::collections::HashMap;
use std::hash::Hash;

/// A directed graph on vertices `0..n` in compressed sparse row form: the successors of `v`
/// are one contiguous slice, in the order the edges were given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl DiGraph {
    /// The graph on vertices `0..vertex_count` with the arcs `edges` (`(from, to)`; parallel
    /// arcs and loops allowed), in O(n + m).
    ///
    /// # Errors
    /// [`Error::VertexOutOfRange`] when an arc names a vertex `>= vertex_count`;
    /// [`Error::TooLarge`] when the counts do not fit 32 bits.
    pub fn from_edges(vertex_count: usize, edges: &[(usize, usize)]) -> Result<Self, Error> {
        check_count("vertices", vertex_count)?;
        check_count("edges", edges.len())?;
        check_endpoints(vertex_count, edges)?;
        let mut offsets = vec![0u32; vertex_count + 1];
        for &(u, _) in edges {
            offsets[u + 1] += 1;
        }
        for v in 0..vertex_count {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(u, v) in edges {
            targets[next[u] as usize] = v as u32;
            next[u] += 1;
        }
        Ok(Self { offsets, targets })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of arcs.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The successors of `vertex`, in the order the arcs were given.
    ///
    /// # Panics
    /// When `vertex` is not below [`vertex_count`](Self::vertex_count).
    pub fn successors(&self, vertex: usize) -> impl Iterator<Item = usize> + '_ {
        self.slice(vertex).iter().map(|&t| t as usize)
    }

    fn slice(&self, vertex: usize) -> &[u32] {
        &self.targets[self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize]
    }
}

/// The strongly connected components (Tarjan 1972, with an explicit stack), each a list of
/// vertices; components come sinks first (reverse topological order of the condensation), and
/// every vertex is in exactly one.
pub fn strongly_connected_components(graph: &DiGraph) -> Vec<Vec<usize>> {
    let n = graph.vertex_count();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    // (vertex, next successor position)
    let mut calls: Vec<(u32, u32)> = Vec::new();
    let mut next_index = 0u32;
    let mut out = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        calls.push((root as u32, graph.offsets[root]));
        while let Some(&mut (v, ref mut at)) = calls.last_mut() {
            let vu = v as usize;
            if *at == graph.offsets[vu] && index[vu] == NONE {
                index[vu] = next_index;
                low[vu] = next_index;
                next_index += 1;
                stack.push(v);
                on_stack[vu] = true;
            }
            if *at < graph.offsets[vu + 1] {
                let w = graph.targets[*at as usize] as usize;
                *at += 1;
                if index[w] == NONE {
                    calls.push((w as u32, graph.offsets[w]));
                } else if on_stack[w] {
                    low[vu] = low[vu].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                let p = parent as usize;
                low[p] = low[p].min(low[vu]);
            }
            if low[vu] == index[vu] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("the root is on the stack") as usize;
                    on_stack[w] = false;
                    component.push(w);
                    if w == vu {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}

/// A topological order (every arc goes from an earlier vertex to a later one; among the
/// possible orders, the reverse post-order of a depth-first search from vertices `0, 1, ...`),
/// or, when the graph has a cycle, one cycle it found: `Err(vertices)` with an arc from each
/// to the next and from the last to the first.
pub fn topological_sort(graph: &DiGraph) -> Result<Vec<usize>, Vec<usize>> {
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let n = graph.vertex_count();
    let mut colour = vec![WHITE; n];
    let mut post = Vec::with_capacity(n);
    let mut path: Vec<(u32, u32)> = Vec::new();
    for root in 0..n {
        if colour[root] != WHITE {
            continue;
        }
        colour[root] = GREY;
        path.push((root as u32, graph.offsets[root]));
        while let Some(&mut (v, ref mut at)) = path.last_mut() {
            let vu = v as usize;
            if *at == graph.offsets[vu + 1] {
                colour[vu] = BLACK;
                post.push(vu);
                path.pop();
                continue;
            }
            let w = graph.targets[*at as usize] as usize;
            *at += 1;
            match colour[w] {
                WHITE => {
                    colour[w] = GREY;
                    path.push((w as u32, graph.offsets[w]));
                }
                GREY => {
                    let from = path.iter().position(|&(u, _)| u as usize == w);
                    let from = from.expect("a grey vertex is on the path");
                    return Err(path[from..].iter().map(|&(u, _)| u as usize).collect());
                }
                _ => {}
            }
        }
    }
    post.reverse();
    Ok(post)
}

/// Whether the graph has a cycle (a loop counts).
pub fn has_cycle(graph: &DiGraph) -> bool {
    topological_sort(graph).is_err()
}

/// The graph of everything reachable from `roots` through `successors`, its nodes numbered in
/// the order first met: `(nodes, graph)`.
pub(crate) fn explore<N, FN, IN>(roots: &[N], mut successors: FN) -> (Vec<N>, DiGraph)
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let mut ids: HashMap<N, usize> = HashMap::new();
    let mut nodes: Vec<N> = Vec::new();
    let mut edges = Vec::new();
    let mut id_of = |node: N, nodes: &mut Vec<N>| {
        *ids.entry(node.clone()).or_insert_with(|| {
            nodes.push(node);
            nodes.len() - 1
        })
    };
    for root in roots {
        id_of(root.clone(), &mut nodes);
    }
    let mut next = 0;
    while next < nodes.len() {
        for s in successors(&nodes[next]) {
            let t = id_of(s, &mut nodes);
            edges.push((next, t));
        }
        next += 1;
    }
    let graph = DiGraph::from_edges(nodes.len(), &edges).expect("ids below the node count");
    (nodes, graph)
}

/// [`strongly_connected_components`] of everything reachable from `roots` through
/// `successors` (`pathfinding`'s `strongly_connected_components`).
///
/// ```
/// use graph_core::directed::strongly_connected_components_fn;
/// // A ring 0 -> 1 -> 2 -> 0, each ring node with a leaf n + 3.
/// let next = |&n: &u32| if n < 3 { vec![(n + 1) % 3, n + 3] } else { vec![] };
/// let mut sccs = strongly_connected_components_fn(&[0], next);
/// sccs.iter_mut().for_each(|c| c.sort());
/// sccs.sort();
/// assert_eq!(sccs, [vec![0, 1, 2], vec![3], vec![4], vec![5]]);
/// ```
pub fn strongly_connected_components_fn<N, FN, IN>(roots: &[N], successors: FN) -> Vec<Vec<N>>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let (nodes, graph) = explore(roots, successors);
    strongly_connected_components(&graph)
        .into_iter()
        .map(|c| c.into_iter().map(|i| nodes[i].clone()).collect())
        .collect()
}

/// [`topological_sort`] of everything reachable from `roots` through `successors`
/// (`pathfinding`'s `topological_sort`, which returns only one node of a cycle).
///
/// ```
/// use graph_core::directed::topological_sort_fn;
/// let order = topological_sort_fn(&[1u32], |&n| if n < 4 { vec![n * 2, n + 1] } else { vec![] });
/// let order = order.unwrap();
/// assert_eq!(order[0], 1);
/// assert!(order.iter().position(|&n| n == 2) < order.iter().position(|&n| n == 3));
/// let cycle = topological_sort_fn(&[0u8], |&n| [(n + 1) % 4]).unwrap_err();
/// assert_eq!(cycle, [0, 1, 2, 3]);
/// ```
///
/// # Errors
/// A cycle it found, as [`topological_sort`] gives it.
pub fn topological_sort_fn<N, FN, IN>(roots: &[N], successors: FN) -> Result<Vec<N>, Vec<N>>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let (nodes, graph) = explore(roots, successors);
    let named = |ids: Vec<usize>| ids.into_iter().map(|i| nodes[i].clone()).collect();
    topological_sort(&graph).map(named).map_err(named)
}
