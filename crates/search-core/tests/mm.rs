//! MM bidirectional heuristic search against Dijkstra and A* on random digraphs: the same cost
//! every time, with zero, exact, scaled-down and inconsistent (but admissible) heuristics, and a
//! returned path whose every step is an edge of the graph at its cost.

use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{Path, astar_fn, bidirectional_mm_fn, uniform_cost_fn};

/// The cost of every cheapest path from `from` in `edges` (`None`: unreachable), by
/// Bellman-Ford relaxation; `reverse` follows the edges backwards.
fn distances(
    n: usize,
    edges: &[(usize, usize, u32)],
    from: usize,
    reverse: bool,
) -> Vec<Option<u32>> {
    let mut d = vec![None; n];
    d[from] = Some(0);
    for _ in 0..n {
        for &(a, b, w) in edges {
            let (a, b) = if reverse { (b, a) } else { (a, b) };
            if let Some(da) = d[a] {
                if d[b].is_none_or(|db| da + w < db) {
                    d[b] = Some(da + w);
                }
            }
        }
    }
    d
}

/// An admissible heuristic from exact distances: each scaled by its own factor in `0..=1` (an
/// inconsistent heuristic when the factors differ), unreachable states at `cap`.
fn scaled(exact: &[Option<u32>], factors: &[u8], cap: u32) -> Vec<u32> {
    exact
        .iter()
        .enumerate()
        .map(|(s, d)| d.map_or(cap, |d| d * u32::from(factors[s % factors.len()]) / 4))
        .collect()
}

/// Whether `path` runs from the graph's start to its goal along edges at their costs.
fn follows_edges(g: &Digraph, path: &Path<usize, (), u32>) -> bool {
    let ends = path.states.first() == Some(&g.start) && *path.last() == g.goal;
    let steps = path
        .states
        .windows(2)
        .zip(&path.step_costs)
        .all(|(pair, &w)| g.edges.iter().any(|&e| e == (pair[0], pair[1], w)));
    let sum: u32 = path.step_costs.iter().sum();
    ends && steps && sum == path.cost && path.step_costs.len() + 1 == path.states.len()
}

fn digraph() -> impl Strategy<Value = Digraph> {
    (2usize..14).prop_flat_map(|n| {
        let edge = (0..n, 0..n, 0u32..10);
        prop::collection::vec(edge, 0..n * 4).prop_map(move |edges| {
            let mut g = Digraph::new(n, &edges, n - 1);
            g.dense = false;
            g
        })
    })
}

/// MM on `g` with these heuristics.
fn mm(g: &Digraph, forward: &[u32], backward: &[u32]) -> search_core::SearchResult<usize, (), u32> {
    let next = |&s: &usize| g.out(s).collect::<Vec<_>>();
    let prev = |&s: &usize| {
        let into = g.edges.iter().filter(move |e| e.1 == s);
        into.map(|&(a, _, w)| (a, w)).collect::<Vec<_>>()
    };
    bidirectional_mm_fn(
        &g.start,
        &g.goal,
        next,
        prev,
        |&s| forward[s],
        |&s| backward[s],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mm_costs_what_dijkstra_and_astar_cost(
        g in digraph(),
        factors in prop::collection::vec(0u8..=4, 1..8),
        back_factors in prop::collection::vec(0u8..=4, 1..8),
    ) {
        let dijkstra = uniform_cost_fn(&g.start, |&s| g.out(s).collect::<Vec<_>>(), |&s| s == g.goal);
        let want = dijkstra.path.map(|p| p.cost);
        let to_goal = distances(g.n, &g.edges, g.goal, true);
        let from_start = distances(g.n, &g.edges, g.start, false);
        let cap = 1000;
        let zero = vec![0; g.n];
        let exact_f = scaled(&to_goal, &[4], cap);
        let exact_b = scaled(&from_start, &[4], cap);
        let some_f = scaled(&to_goal, &factors, cap);
        let some_b = scaled(&from_start, &back_factors, cap);
        let runs = [(&zero, &zero, true), (&exact_f, &exact_b, true), (&some_f, &some_b, false), (&exact_f, &zero, true)];
        for (forward, backward, consistent) in runs {
            let result = mm(&g, forward, backward);
            prop_assert_eq!(result.path.as_ref().map(|p| p.cost), want);
            if let Some(path) = &result.path {
                prop_assert!(follows_edges(&g, path), "{:?}", path);
            }
            // A* closes a state for good, so it is optimal with consistent heuristics only; MM
            // reopens a state reached again more cheaply.
            if consistent {
                let astar = astar_fn(&g.start, |&s| g.out(s).collect::<Vec<_>>(), |&s| forward[s], |&s| s == g.goal);
                prop_assert_eq!(astar.path.map(|p| p.cost), want);
            }
        }
    }

    #[test]
    fn mm_on_an_undirected_graph_takes_one_closure_twice(g in digraph()) {
        // Every edge both ways: the successors closure is also the predecessors one.
        let next = |&s: &usize| {
            let both = g.edges.iter().filter_map(move |&(a, b, w)| match () {
                () if a == s => Some((b, w)),
                () if b == s => Some((a, w)),
                () => None,
            });
            both.collect::<Vec<_>>()
        };
        let mm = bidirectional_mm_fn(&g.start, &g.goal, next, next, |_| 0u32, |_| 0u32);
        let dijkstra = uniform_cost_fn(&g.start, next, |&s| s == g.goal);
        prop_assert_eq!(mm.path.as_ref().map(|p| p.cost), dijkstra.path.map(|p| p.cost));
        if let Some(path) = mm.path {
            for (pair, w) in path.states.windows(2).zip(path.step_costs) {
                prop_assert!(next(&pair[0]).contains(&(pair[1], w)));
            }
        }
    }
}

#[test]
fn the_start_is_the_goal() {
    let mm = bidirectional_mm_fn(
        &3u8,
        &3,
        |&s| [(s + 1, 1u8)],
        |&s| [(s - 1, 1)],
        |_| 0,
        |_| 0,
    );
    let path = mm.path.unwrap();
    assert_eq!((path.states, path.cost), (vec![3], 0));
    assert_eq!((mm.stats.generated, mm.stats.expanded), (1, 0));
}

#[test]
fn no_path_is_none_after_one_side_runs_dry() {
    // 0 -> 1 -> 2 and 3 -> 4: nothing reaches 4 from 0.
    let edges = [(0, 1, 1), (1, 2, 1), (3, 4, 1)];
    let g = Digraph::new(5, &edges, 4);
    let zero = vec![0; 5];
    let result = mm(&g, &zero, &zero);
    assert!(result.path.is_none() && !result.cut_off);
    // Forward 0, backward 4, forward 1, then backward 3, which has no predecessor: the
    // backward side runs dry and the search stops there.
    assert_eq!(result.stats.expanded, 4);
}

#[test]
fn the_searches_meet_in_the_middle() {
    // A line 0 - 1 - ... - 20 with unit steps: each side expands about half of it (MM never
    // expands a state past the middle, 2g <= C), where Dijkstra from one end expands it all.
    let next = |&s: &u32| {
        let mut v = vec![(s + 1, 1u32)];
        if s > 0 {
            v.push((s - 1, 1));
        }
        v.retain(|&(t, _)| t <= 20);
        v
    };
    let mm = bidirectional_mm_fn(&0, &20, next, next, |_| 0, |_| 0);
    assert_eq!(mm.path.unwrap().cost, 20);
    let dijkstra = uniform_cost_fn(&0, next, |&s| s == 20);
    assert!(dijkstra.stats.expanded >= 20);
    assert!(mm.stats.expanded <= 22, "{:?}", mm.stats);
}
