//! Connected components of undirected graphs: of a [`MultiGraph`], or of everything reachable
//! from some nodes through a neighbour closure (`pathfinding`'s `connected_components`).

use crate::MultiGraph;
use std::collections::HashMap;
use std::hash::Hash;

/// The connected components of `graph`, each a list of vertices in increasing order; the
/// components ordered by their smallest vertex. An isolated vertex is a component of its own.
///
/// ```
/// use graph_core::{MultiGraph, connected_components};
/// let g = MultiGraph::from_edges(5, &[(0, 2), (3, 4)]).unwrap();
/// assert_eq!(connected_components(&g), [vec![0, 2], vec![1], vec![3, 4]]);
/// ```
pub fn connected_components(graph: &MultiGraph) -> Vec<Vec<usize>> {
    let n = graph.vertex_count();
    let mut component = vec![usize::MAX; n];
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for root in 0..n {
        if component[root] != usize::MAX {
            continue;
        }
        let id = out.len();
        component[root] = id;
        stack.push(root);
        let mut members = Vec::new();
        while let Some(v) = stack.pop() {
            members.push(v);
            for (w, _) in graph.neighbors(v) {
                if component[w] == usize::MAX {
                    component[w] = id;
                    stack.push(w);
                }
            }
        }
        members.sort_unstable();
        out.push(members);
    }
    out
}

/// The connected components of the undirected graph whose edges join each node reachable
/// from `starts` to each of its `neighbours` (an edge counts both ways even when the closure
/// gives it one way only). Components are listed in the order their first node was met.
///
/// ```
/// use graph_core::connected_components_fn;
/// // Numbers joined to their double below 20: 1-2-4-8-16, 3-6-12, 5-10.
/// let double = |&n: &u32| if n * 2 < 20 { vec![n * 2] } else { vec![] };
/// let groups = connected_components_fn(&[1, 3, 5, 6], double);
/// assert_eq!(groups, [vec![1, 2, 4, 8, 16], vec![3, 6, 12], vec![5, 10]]);
/// ```
pub fn connected_components_fn<N, FN, IN>(starts: &[N], neighbours: FN) -> Vec<Vec<N>>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let (nodes, graph) = crate::directed::explore(starts, neighbours);
    let mut parent: Vec<usize> = (0..nodes.len()).collect();
    for v in 0..nodes.len() {
        for w in graph.successors(v) {
            let (a, b) = (find(&mut parent, v), find(&mut parent, w));
            if a != b {
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut group_of: HashMap<usize, usize> = HashMap::new();
    let mut out: Vec<Vec<N>> = Vec::new();
    for (i, node) in nodes.into_iter().enumerate() {
        let root = find(&mut parent, i);
        let g = *group_of.entry(root).or_insert_with(|| {
            out.push(Vec::new());
            out.len() - 1
        });
        out[g].push(node);
    }
    out
}

/// The root of `i`'s set, halving the path on the way.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}
