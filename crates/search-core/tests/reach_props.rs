//! Properties of the reach iterators (reach.rs) against plain oracles: `dijkstra_reach`'s
//! count of states met but not yet yielded, and its parents and costs against pathfinding's
//! `dijkstra_all` on random weighted graphs.

use proptest::prelude::*;
use search_core::dijkstra_reach;
use std::collections::HashSet;

fn graph(n: usize, arcs: Vec<(usize, usize, u32)>) -> Vec<Vec<(usize, u32)>> {
    let mut adj = vec![Vec::new(); n];
    for (a, b, w) in arcs {
        adj[a % n].push((b % n, w));
    }
    adj
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Before each step the bound is the number of states met (the start and every
    /// successor of a yielded state) that have not been yielded yet.
    #[test]
    fn dijkstra_remaining_counts_met_unyielded(n in 1usize..12, arcs in prop::collection::vec((0usize..12, 0usize..12, 0u32..6), 0..36)) {
        let adj = graph(n, arcs);
        let mut it = dijkstra_reach(0usize, |&v| adj[v].clone());
        let mut met: HashSet<usize> = HashSet::from([0]);
        let mut yielded: HashSet<usize> = HashSet::new();
        loop {
            prop_assert_eq!(it.remaining_nodes_low_bound(), met.difference(&yielded).count());
            let Some(r) = it.next() else { break };
            prop_assert!(yielded.insert(r.node));
            met.extend(adj[r.node].iter().map(|&(m, _)| m));
        }
        prop_assert_eq!(it.remaining_nodes_low_bound(), 0);
    }

    /// Every reachable state is yielded once, with pathfinding's cheapest cost, and its parent
    /// is a yielded state with an arc to it whose cost adds up.
    #[test]
    fn dijkstra_reach_costs_and_parents(n in 1usize..12, arcs in prop::collection::vec((0usize..12, 0usize..12, 0u32..6), 0..36)) {
        let adj = graph(n, arcs);
        let all = pathfinding::prelude::dijkstra_all(&0usize, |&v| adj[v].clone());
        let reached: Vec<_> = dijkstra_reach(0usize, |&v| adj[v].clone()).collect();
        let nodes: HashSet<usize> = reached.iter().map(|r| r.node).collect();
        prop_assert_eq!(nodes.len(), reached.len());
        let mut expected: HashSet<usize> = all.keys().copied().collect();
        expected.insert(0);
        prop_assert_eq!(&nodes, &expected);
        for (i, r) in reached.iter().enumerate() {
            match r.parent {
                None => prop_assert!(r.node == 0 && r.total_cost == 0 && i == 0),
                Some(p) => {
                    let pr = reached[..i].iter().find(|q| q.node == p);
                    prop_assert!(pr.is_some());
                    let pc = pr.unwrap().total_cost;
                    prop_assert!(adj[p].iter().any(|&(m, w)| m == r.node && pc + w == r.total_cost));
                    let best = if r.node == 0 { 0 } else { all[&r.node].1 };
                    prop_assert_eq!(r.total_cost, best);
                }
            }
        }
    }
}

/// States of equal cost come out in the order they were (last) queued: the heap breaks
/// ties by a queue sequence number.
#[test]
fn dijkstra_reach_equal_costs_come_first_queued_first() {
    let order: Vec<u32> = dijkstra_reach(0u32, |&v| {
        if v == 0 {
            (1..=20).map(|m| (m, 1u32)).collect()
        } else {
            vec![]
        }
    })
    .map(|r| r.node)
    .collect();
    assert_eq!(order, (0..=20).collect::<Vec<u32>>());
}
