//! RBFS against a plain recursive RBFS written from its documentation (AIMA figure 3.26, with
//! the current path's states dropped): the same path (states, actions, step costs, cost) and the
//! same counters, with consistent, admissible and inadmissible heuristics on random digraphs
//! (cycles, parallel edges, self-loops, dead ends).
//!
//! The reference: entering a node counts it as popped and tests it; a non-goal is expanded
//! (`expanded += 1`), every successor reported counts as generated and those already on the
//! current path are dropped; a child's `f` is `max(g + h, f of its parent)`. With no child the
//! node fails with an infinite `f`; else, the children sorted stably by `f`, it fails with the
//! best `f` once that is infinite or above its limit, and otherwise enters the best child with
//! the limit `min(limit, second best f)`, which on failure backs up its `f` to that child.

use super::support;
use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{SearchProblem, Stats, recursive_best_first, recursive_best_first_fn};
use std::cmp::Ordering;

/// An `f` value or limit, `None` infinite.
type F = Option<u32>;

/// The order of `f` values, infinity last.
fn order(a: F, b: F) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The reference's answer: the path's states, its edges (actions) and its cost.
type Answer = Option<(Vec<usize>, Vec<usize>, u32)>;

fn reference(g: &Digraph) -> (Answer, Stats) {
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut states = vec![g.start];
    let mut actions = Vec::new();
    let f = g.heuristic(&g.start);
    match rbfs(g, &mut states, &mut actions, 0, f, None, &mut stats) {
        Ok(cost) => (Some((states, actions, cost)), stats),
        Err(_) => (None, stats),
    }
}

/// Enters the last state of `states` (path cost `cost`) with `f` and `limit`: the goal's path
/// cost, or the `f` to back up.
fn rbfs(
    g: &Digraph,
    states: &mut Vec<usize>,
    actions: &mut Vec<usize>,
    cost: u32,
    f: u32,
    limit: F,
    stats: &mut Stats,
) -> Result<u32, F> {
    stats.popped += 1;
    let here = *states.last().unwrap();
    if g.is_goal(&here) {
        return Ok(cost);
    }
    stats.expanded += 1;
    let mut children = Vec::new();
    g.successors(&here, |action, next, step| {
        stats.generated += 1;
        if !states.contains(&next) {
            let child_f = (cost + step + g.heuristic(&next)).max(f);
            children.push((action, next, step, Some(child_f)));
        }
    });
    if children.is_empty() {
        return Err(None);
    }
    loop {
        children.sort_by(|a, b| order(a.3, b.3));
        let best = children[0].3;
        let Some(best_f) = best.filter(|_| order(best, limit) != Ordering::Greater) else {
            return Err(best);
        };
        let alternative = children.get(1).and_then(|c| c.3);
        let child_limit = if order(alternative, limit) == Ordering::Less {
            alternative
        } else {
            limit
        };
        let (action, next, step, _) = children[0];
        states.push(next);
        actions.push(action);
        match rbfs(g, states, actions, cost + step, best_f, child_limit, stats) {
            Ok(found) => return Ok(found),
            Err(backed_up) => children[0].3 = backed_up,
        }
        states.pop();
        actions.pop();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rbfs_is_the_recursive_reference(g in support::with_kinds_of_h(2..8)) {
        let ours = recursive_best_first(&g);
        let (expected, expected_stats) = reference(&g);
        prop_assert_eq!(ours.stats, expected_stats);
        prop_assert!(!ours.cut_off);
        let got = ours.path.map(|p| support::checked(&g, p));
        prop_assert_eq!(got, expected.clone());
        // The closure form makes the same search.
        let closures = recursive_best_first_fn(&g.start, |&s| g.out(s).collect::<Vec<_>>(), |&s| g.h[s], |&s| s == g.goal);
        prop_assert_eq!(closures.stats, expected_stats);
        prop_assert_eq!(closures.path.map(|p| (p.states, p.cost)), expected.map(|e| (e.0, e.2)));
    }
}
