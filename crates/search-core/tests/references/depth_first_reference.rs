//! Depth-first search and iterative deepening against a plain recursive search written from
//! their documentation: the same path (states, actions, step costs, cost), the same counters and
//! the same `cut_off`, on random digraphs (cycles, parallel edges, self-loops, dead ends), with
//! and without depth limits.
//!
//! The reference: the start is generated and entered; entering a node counts it as popped and
//! tests it; a non-goal below the depth limit is expanded (`expanded += 1`, every successor
//! reported counts as generated), and its successors not on the current path are entered in the
//! problem's order; a non-goal at the limit marks the search as cut off.

use super::support;
use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{
    SearchProblem, Stats, depth_first, depth_first_fn, iterative_deepening, iterative_deepening_fn,
};

/// The reference's answer: the path's states and actions (edge indices), and whether the limit
/// cut the search off.
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    path: Option<(Vec<usize>, Vec<usize>)>,
    stats: Stats,
    cut_off: bool,
}

fn reference(g: &Digraph, limit: Option<usize>) -> Answer {
    let mut stats = Stats {
        popped: 1,
        generated: 1,
        expanded: 0,
    };
    let mut states = vec![g.start];
    let mut actions = Vec::new();
    let mut cut_off = false;
    let found = enter(
        g,
        &mut states,
        &mut actions,
        limit,
        &mut stats,
        &mut cut_off,
    );
    Answer {
        path: found.then_some((states, actions)),
        stats,
        cut_off: cut_off && !found,
    }
}

/// Enters the last state of `states`: whether a goal was found at or below it.
fn enter(
    g: &Digraph,
    states: &mut Vec<usize>,
    actions: &mut Vec<usize>,
    limit: Option<usize>,
    stats: &mut Stats,
    cut_off: &mut bool,
) -> bool {
    let here = *states.last().unwrap();
    if g.is_goal(&here) {
        return true;
    }
    if limit.is_some_and(|l| actions.len() >= l) {
        *cut_off = true;
        return false;
    }
    stats.expanded += 1;
    let mut children = Vec::new();
    g.successors(&here, |action, next, _| children.push((action, next)));
    stats.generated += children.len() as u64;
    for (action, next) in children {
        if states.contains(&next) {
            continue;
        }
        stats.popped += 1;
        states.push(next);
        actions.push(action);
        if enter(g, states, actions, limit, stats, cut_off) {
            return true;
        }
        states.pop();
        actions.pop();
    }
    false
}

/// Iterative deepening from the reference: limits 0, 1, ... up to `max_depth`.
fn deepening(g: &Digraph, max_depth: Option<usize>) -> Answer {
    let mut stats = Stats::default();
    for limit in 0.. {
        let answer = reference(g, Some(limit));
        stats += answer.stats;
        if answer.path.is_some() || !answer.cut_off || max_depth == Some(limit) {
            return Answer { stats, ..answer };
        }
    }
    unreachable!()
}

/// Our result in the reference's terms, after checking that the path's step costs are its
/// edges' and add up to its cost.
fn answer(g: &Digraph, result: search_core::SearchResult<usize, usize, u32>) -> Answer {
    let path = result.path.map(|p| {
        let (states, actions, _) = support::checked(g, p);
        (states, actions)
    });
    Answer {
        path,
        stats: result.stats,
        cut_off: result.cut_off,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn depth_first_is_the_recursive_reference(g in support::digraphs(2..8), limit in prop::option::of(0usize..6)) {
        let expected = reference(&g, limit);
        prop_assert_eq!(answer(&g, depth_first(&g, limit)), expected.clone());
        // The closure form (unit steps) makes the same search.
        let unit = depth_first_fn(&g.start, |&s| g.out(s).map(|e| e.0).collect::<Vec<_>>(), |&s| s == g.goal, limit);
        prop_assert_eq!(unit.stats, expected.stats);
        prop_assert_eq!(unit.cut_off, expected.cut_off);
        prop_assert_eq!(unit.path.map(|p| (p.cost, p.states)), expected.path.map(|p| (p.1.len(), p.0)));
    }

    #[test]
    fn iterative_deepening_is_the_deepening_reference(g in support::digraphs(2..8), max_depth in prop::option::of(0usize..6)) {
        let expected = deepening(&g, max_depth);
        prop_assert_eq!(answer(&g, iterative_deepening(&g, max_depth)), expected.clone());
        // The closure form keeps its path in a vector: the same search.
        let unit = iterative_deepening_fn(&g.start, |&s| g.out(s).map(|e| e.0).collect::<Vec<_>>(), |&s| s == g.goal, max_depth);
        prop_assert_eq!(unit.stats, expected.stats);
        prop_assert_eq!(unit.cut_off, expected.cut_off);
        prop_assert_eq!(unit.path.map(|p| (p.cost, p.states)), expected.path.map(|p| (p.1.len(), p.0)));
    }
}
