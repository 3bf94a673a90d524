//! Property tests against a brute-force oracle on small random multigraphs with parallel edges,
//! self-loops and several components.

use crate::{BridgeDecomposition, BridgeIndex, MultiGraph, bridges};
use proptest::prelude::*;

/// Whether `u` and `v` are connected using every edge except `skip`.
fn connected(n: usize, edges: &[(usize, usize)], skip: Option<usize>, u: usize, v: usize) -> bool {
    let mut seen = vec![false; n];
    let mut stack = vec![u];
    seen[u] = true;
    while let Some(x) = stack.pop() {
        for (i, &(a, b)) in edges.iter().enumerate() {
            if Some(i) == skip {
                continue;
            }
            for (from, to) in [(a, b), (b, a)] {
                if from == x && !seen[to] {
                    seen[to] = true;
                    stack.push(to);
                }
            }
        }
    }
    seen[v]
}

fn multigraph() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..9).prop_flat_map(|n| (Just(n), proptest::collection::vec((0..n, 0..n), 0..14)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn bridges_match_edge_removal((n, edges) in multigraph()) {
        let g = MultiGraph::from_edges(n, &edges).unwrap();
        let expected: Vec<usize> = (0..edges.len())
            .filter(|&e| !connected(n, &edges, Some(e), edges[e].0, edges[e].1))
            .collect();
        prop_assert_eq!(bridges(&g), expected.clone());
        let d = BridgeDecomposition::new(&g);
        prop_assert_eq!(d.bridges().collect::<Vec<_>>(), expected.clone());

        // Components: connected once every bridge is removed.
        let kept: Vec<(usize, usize)> = edges
            .iter()
            .enumerate()
            .filter(|(e, _)| !expected.contains(e))
            .map(|(_, &edge)| edge)
            .collect();
        for u in 0..n {
            for v in 0..n {
                prop_assert_eq!(
                    d.component(u) == d.component(v),
                    connected(n, &kept, None, u, v),
                    "component of {} vs {}", u, v
                );
            }
        }

        // bridges_between: the edges whose removal separates u from v.
        let index = BridgeIndex::new(&d);
        for u in 0..n {
            for v in 0..n {
                let expected = connected(n, &edges, None, u, v).then(|| {
                    (0..edges.len())
                        .filter(|&e| !connected(n, &edges, Some(e), u, v))
                        .count()
                });
                prop_assert_eq!(index.bridges_between(u, v), expected, "between {} and {}", u, v);
            }
        }

        // The bridge forest: one tree per connected component, one edge per bridge.
        let tree = d.bridge_tree();
        prop_assert_eq!(tree.node_count(), d.component_count());
        prop_assert_eq!(tree.edges().count(), expected.len());
        let roots = (0..n).filter(|&u| (0..u).all(|v| !connected(n, &edges, None, u, v))).count();
        prop_assert_eq!(d.connected_component_count(), roots);
        for (parent, child, bridge) in tree.edges() {
            prop_assert!(parent < child);
            let (a, b) = g.endpoints(bridge);
            let ends = [d.component(a), d.component(b)];
            prop_assert!(ends.contains(&parent) && ends.contains(&child));
        }
    }
}

/// petgraph documents its `bridges` for simple graphs: on a multigraph it skips the parent
/// *vertex* instead of the parent edge and reports a doubled line as a bridge.
#[test]
fn petgraph_reports_parallel_edge_as_bridge_we_do_not() {
    use petgraph::graph::UnGraph;
    use petgraph::visit::EdgeRef;
    // 0 = 1 - 2: the two 0-1 edges are parallel, only 1-2 is a bridge.
    let edges = [(0usize, 1usize), (0, 1), (1, 2)];
    let mut pg = UnGraph::<(), ()>::new_undirected();
    let nodes: Vec<_> = (0..3).map(|_| pg.add_node(())).collect();
    for &(a, b) in &edges {
        pg.add_edge(nodes[a], nodes[b], ());
    }
    let mut theirs: Vec<usize> = petgraph::algo::bridges(&pg)
        .map(|e| e.id().index())
        .collect();
    theirs.sort_unstable();
    assert_eq!(
        theirs,
        [0, 1, 2],
        "petgraph calls the parallel edges bridges"
    );

    let ours = bridges(&MultiGraph::from_edges(3, &edges).unwrap());
    assert_eq!(ours, [2]);
    assert!(
        connected(3, &edges, Some(0), 0, 1),
        "oracle: edge 0 is no bridge"
    );
}
