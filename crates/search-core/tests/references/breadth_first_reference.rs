//! Breadth-first search against the plain loop its documentation describes, written out here:
//! a first-in, first-out queue of nodes, every start and every child generated and queued; a
//! popped node (`popped += 1`) is goal-tested, skipped when its state is closed, and else closed
//! and expanded (`expanded += 1`). The same path (states, actions, step costs, cost) and the same
//! counters, from one start or several, with hashed and dense state tables, on random digraphs
//! (cycles, parallel edges, self-loops, dead ends).

use super::support;
use proptest::prelude::*;
use search_core::policy::{Frontier, Popped, SearchOptions, search_with};
use search_core::test_support::Digraph;
use search_core::{SearchProblem, Stats, breadth_first, breadth_first_fn, breadth_first_from_fn};
use std::collections::{HashSet, VecDeque};

/// A path's states and actions (edge indices).
type StatesAndActions = (Vec<usize>, Vec<usize>);

/// The plain loop from `starts`: the goal's path and the counters.
fn plain_loop(g: &Digraph, starts: &[usize]) -> (Option<StatesAndActions>, Stats) {
    // Nodes: (state, parent node, action).
    let mut nodes: Vec<(usize, Option<usize>, Option<usize>)> = Vec::new();
    let mut queue = VecDeque::new();
    let mut stats = Stats::default();
    for &s in starts {
        queue.push_back(nodes.len());
        nodes.push((s, None, None));
        stats.generated += 1;
    }
    let mut closed = HashSet::new();
    while let Some(at) = queue.pop_front() {
        stats.popped += 1;
        let state = nodes[at].0;
        if g.is_goal(&state) {
            let (mut states, mut actions, mut i) = (vec![state], Vec::new(), at);
            while let (Some(parent), Some(action)) = (nodes[i].1, nodes[i].2) {
                states.push(nodes[parent].0);
                actions.push(action);
                i = parent;
            }
            states.reverse();
            actions.reverse();
            return (Some((states, actions)), stats);
        }
        if !closed.insert(state) {
            continue;
        }
        stats.expanded += 1;
        g.successors(&state, |action, next, _| {
            queue.push_back(nodes.len());
            nodes.push((next, Some(at), Some(action)));
            stats.generated += 1;
        });
    }
    (None, stats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn breadth_first_is_the_plain_loop(g in support::digraphs(2..12)) {
        let (expected, expected_stats) = plain_loop(&g, &[g.start]);
        let ours = breadth_first(&g);
        prop_assert_eq!(ours.stats, expected_stats);
        prop_assert!(!ours.cut_off);
        let got = ours.path.map(|p| {
            let (states, actions, _) = support::checked(&g, p);
            (states, actions)
        });
        prop_assert_eq!(&got, &expected);
        // The policy loop with a queue: the same search.
        let policy = search_with(&g, SearchOptions::new(Frontier::Queue), |_: &Popped<'_, usize, u32>| {}).into_result();
        prop_assert_eq!(policy.stats, expected_stats);
        prop_assert_eq!(policy.path.map(|p| (p.states, p.actions)), expected.clone());
        // The closure form (unit steps).
        let unit = breadth_first_fn(&g.start, |&s| g.out(s).map(|e| e.0).collect::<Vec<_>>(), |&s| s == g.goal);
        prop_assert_eq!(unit.stats, expected_stats);
        prop_assert_eq!(unit.path.map(|p| (p.cost, p.states)), expected.map(|e| (e.1.len(), e.0)));
    }

    #[test]
    fn breadth_first_from_several_starts_is_the_plain_loop(g in support::digraphs(2..12), starts in prop::collection::vec(0usize..12, 1..4)) {
        let starts: Vec<usize> = starts.into_iter().map(|s| s % g.n).collect();
        let (expected, expected_stats) = plain_loop(&g, &starts);
        let ours = breadth_first_from_fn(starts.clone(), |&s| g.out(s).map(|e| e.0).collect::<Vec<_>>(), |&s| s == g.goal);
        prop_assert_eq!(ours.stats, expected_stats);
        prop_assert_eq!(ours.path.map(|p| (p.cost, p.states)), expected.map(|e| (e.1.len(), e.0)));
    }
}
