//! graph-core's components, strongly connected components and topological order against
//! `petgraph` and `pathfinding` on random graphs, and on graphs too deep for recursion.

use graph_core::directed::{
    DiGraph, has_cycle, strongly_connected_components, strongly_connected_components_fn,
    topological_sort, topological_sort_fn,
};
use graph_core::{MultiGraph, connected_components, connected_components_fn};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn arcs() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..25).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..60)))
}

fn as_sets(parts: Vec<Vec<usize>>) -> BTreeSet<BTreeSet<usize>> {
    parts.into_iter().map(|p| p.into_iter().collect()).collect()
}

fn petgraph_digraph(n: usize, edges: &[(usize, usize)]) -> petgraph::Graph<(), ()> {
    let mut g = petgraph::Graph::new();
    let ids: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
    for &(a, b) in edges {
        g.add_edge(ids[a], ids[b], ());
    }
    g
}

proptest! {
    #[test]
    fn sccs_match_petgraph_and_pathfinding((n, edges) in arcs()) {
        let g = DiGraph::from_edges(n, &edges).unwrap();
        // The compact form keeps every arc, each vertex's successors in the order given.
        prop_assert_eq!((g.vertex_count(), g.edge_count()), (n, edges.len()));
        for v in 0..n {
            let given: Vec<usize> = edges.iter().filter(|e| e.0 == v).map(|e| e.1).collect();
            prop_assert_eq!(g.successors(v).collect::<Vec<_>>(), given, "successors of {}", v);
        }
        let ours = strongly_connected_components(&g);
        prop_assert_eq!(ours.iter().map(Vec::len).sum::<usize>(), n, "a partition");
        let pg = petgraph::algo::tarjan_scc(&petgraph_digraph(n, &edges));
        let pg = pg.into_iter().map(|c| c.into_iter().map(|i| i.index()).collect()).collect();
        prop_assert_eq!(as_sets(ours.clone()), as_sets(pg));
        let succ = |&v: &usize| g.successors(v).collect::<Vec<_>>();
        let nodes: Vec<usize> = (0..n).collect();
        let pf = pathfinding::prelude::strongly_connected_components(&nodes, succ);
        prop_assert_eq!(as_sets(ours.clone()), as_sets(pf));
        let from_closure = strongly_connected_components_fn(&nodes, succ);
        prop_assert_eq!(as_sets(ours.clone()), as_sets(from_closure));
        // Sinks first: no arc leaves a component for one listed after it.
        let mut place = vec![0; n];
        for (i, c) in ours.iter().enumerate() {
            for &v in c { place[v] = i; }
        }
        for &(a, b) in &edges {
            prop_assert!(place[a] >= place[b], "arc {}->{} goes to a later component", a, b);
        }
    }

    #[test]
    fn topological_sort_is_valid_or_finds_a_real_cycle((n, edges) in arcs()) {
        let g = DiGraph::from_edges(n, &edges).unwrap();
        let is_dag = petgraph::algo::toposort(&petgraph_digraph(n, &edges), None).is_ok();
        match topological_sort(&g) {
            Ok(order) => {
                prop_assert!(is_dag);
                prop_assert_eq!(order.len(), n);
                let mut at = vec![usize::MAX; n];
                for (i, &v) in order.iter().enumerate() { at[v] = i; }
                prop_assert!(at.iter().all(|&i| i != usize::MAX), "a permutation");
                for &(a, b) in &edges {
                    prop_assert!(at[a] < at[b], "arc {}->{} goes backwards", a, b);
                }
            }
            Err(cycle) => {
                prop_assert!(!is_dag);
                prop_assert!(!cycle.is_empty());
                for i in 0..cycle.len() {
                    let (a, b) = (cycle[i], cycle[(i + 1) % cycle.len()]);
                    prop_assert!(edges.contains(&(a, b)), "{}->{} is not an arc", a, b);
                }
                let distinct: BTreeSet<_> = cycle.iter().collect();
                prop_assert_eq!(distinct.len(), cycle.len(), "a simple cycle");
            }
        }
        prop_assert_eq!(has_cycle(&g), !is_dag);
        let nodes: Vec<usize> = (0..n).collect();
        let succ = |&v: &usize| g.successors(v).collect::<Vec<_>>();
        let pf = pathfinding::prelude::topological_sort(&nodes, succ);
        prop_assert_eq!(pf.is_ok(), is_dag);
        prop_assert_eq!(topological_sort_fn(&nodes, succ).is_ok(), is_dag);
    }

    #[test]
    fn components_match_petgraph_and_pathfinding((n, edges) in arcs()) {
        let g = MultiGraph::from_edges(n, &edges).unwrap();
        let ours = connected_components(&g);
        let mut pg = petgraph::Graph::<(), (), petgraph::Undirected>::new_undirected();
        let ids: Vec<_> = (0..n).map(|_| pg.add_node(())).collect();
        for &(a, b) in &edges { pg.add_edge(ids[a], ids[b], ()); }
        prop_assert_eq!(ours.len(), petgraph::algo::connected_components(&pg));
        for c in &ours { prop_assert!(c.windows(2).all(|w| w[0] < w[1])); }
        let neighbours = |&v: &usize| g.neighbors(v).map(|(w, _)| w).collect::<Vec<_>>();
        let nodes: Vec<usize> = (0..n).collect();
        let pf = pathfinding::prelude::connected_components(&nodes, neighbours);
        let pf: Vec<Vec<usize>> = pf.into_iter().map(|s| s.into_iter().collect()).collect();
        prop_assert_eq!(as_sets(ours.clone()), as_sets(pf));
        prop_assert_eq!(as_sets(ours), as_sets(connected_components_fn(&nodes, neighbours)));
    }
}

#[test]
fn a_million_vertex_chain_needs_no_recursion() {
    let n = 1_000_000;
    let edges: Vec<(usize, usize)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    let g = DiGraph::from_edges(n, &edges).unwrap();
    assert_eq!(strongly_connected_components(&g).len(), n);
    let order = topological_sort(&g).unwrap();
    assert_eq!((order[0], order[n - 1]), (0, n - 1));
    let mut ring = edges.clone();
    ring.push((n - 1, 0));
    let g = DiGraph::from_edges(n, &ring).unwrap();
    assert_eq!(strongly_connected_components(&g).len(), 1);
    assert_eq!(topological_sort(&g).unwrap_err().len(), n);
    let u = MultiGraph::from_edges(n, &edges).unwrap();
    assert_eq!(connected_components(&u).len(), 1);
}

#[test]
fn bad_arcs_are_errors() {
    let err = DiGraph::from_edges(2, &[(0, 1), (1, 2)]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "edge 1 names vertex 2, but the graph has only 2 vertices"
    );
}
