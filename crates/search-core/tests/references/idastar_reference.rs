//! IDA* against a plain recursive IDA* written from its documentation: the same path (states,
//! actions, step costs, cost) and the same counters, with consistent, admissible and
//! inadmissible heuristics on random digraphs (cycles, parallel edges, self-loops, dead ends).
//!
//! The reference: each iteration enters the root (`generated += 1`); entering a node counts it as
//! popped and tests it; a non-goal is expanded (`expanded += 1`), every successor reported counts
//! as generated and those already on the current path are dropped; the others whose
//! `f = g + step + h` is within the bound are entered in order of `f` (stably), and the next bound
//! is the least `f` above the bound met anywhere in the iteration.

use super::support;
use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{SearchProblem, Stats, idastar, idastar_fn};

/// The reference's answer: the path's states, its edges (actions) and its cost.
type Answer = Option<(Vec<usize>, Vec<usize>, u32)>;

fn reference(g: &Digraph) -> (Answer, Stats) {
    let mut stats = Stats::default();
    let mut bound = g.heuristic(&g.start);
    loop {
        stats.generated += 1;
        let mut states = vec![g.start];
        let mut actions = Vec::new();
        let mut next_bound = None;
        if let Some(cost) = enter(
            g,
            &mut states,
            &mut actions,
            0,
            bound,
            &mut next_bound,
            &mut stats,
        ) {
            return (Some((states, actions, cost)), stats);
        }
        match next_bound {
            Some(b) => bound = b,
            None => return (None, stats),
        }
    }
}

/// Enters the last state of `states` (path cost `cost`); the goal's path cost if found below.
fn enter(
    g: &Digraph,
    states: &mut Vec<usize>,
    actions: &mut Vec<usize>,
    cost: u32,
    bound: u32,
    next_bound: &mut Option<u32>,
    stats: &mut Stats,
) -> Option<u32> {
    stats.popped += 1;
    let here = *states.last().unwrap();
    if g.is_goal(&here) {
        return Some(cost);
    }
    stats.expanded += 1;
    let mut within = Vec::new();
    g.successors(&here, |action, next, step| {
        stats.generated += 1;
        if states.contains(&next) {
            return;
        }
        let f = cost + step + g.heuristic(&next);
        if f > bound {
            *next_bound = Some(next_bound.map_or(f, |b: u32| b.min(f)));
        } else {
            within.push((f, action, next, step));
        }
    });
    within.sort_by_key(|c| c.0);
    for (_, action, next, step) in within {
        states.push(next);
        actions.push(action);
        if let Some(found) = enter(g, states, actions, cost + step, bound, next_bound, stats) {
            return Some(found);
        }
        states.pop();
        actions.pop();
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn idastar_is_the_recursive_reference(g in support::with_kinds_of_h(2..9)) {
        let ida = idastar(&g);
        let (expected, expected_stats) = reference(&g);
        prop_assert_eq!(ida.stats, expected_stats);
        prop_assert!(!ida.cut_off);
        let got = ida.path.map(|p| support::checked(&g, p));
        prop_assert_eq!(got, expected.clone());
        // The closure form makes the same search.
        let closures = idastar_fn(&g.start, |&s| g.out(s).collect::<Vec<_>>(), |&s| g.h[s], |&s| s == g.goal);
        prop_assert_eq!(closures.stats, expected_stats);
        prop_assert_eq!(closures.path.map(|p| (p.states, p.cost)), expected.map(|e| (e.0, e.2)));
    }
}

/// A start that is a goal: one iteration, one node entered, nothing expanded.
#[test]
fn start_is_goal() {
    let g = Digraph::new(2, &[(0, 1, 1)], 0);
    let ida = idastar(&g);
    assert_eq!(ida.path.map(|p| (p.states, p.cost)), Some((vec![0], 0)));
    assert_eq!(
        ida.stats,
        Stats {
            popped: 1,
            expanded: 0,
            generated: 1
        }
    );
}
