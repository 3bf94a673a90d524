//! Counters on hand-checked graphs, and property tests against oracles.

mod common;

use common::Graph;
use proptest::prelude::*;
use search_core::{
    SearchProblem, astar, breadth_first, depth_first, greedy_best_first, iterative_deepening,
    local_search::LocalOptions, local_search::StopReason, local_search::hill_climbing,
    local_search::steepest_ascent, uniform_cost,
};

/// S=0, A=1, B=2, G=3. Roads: S-A 1, S-B 4, A-B 2, A-G 6, B-G 1 (both directions, in this order).
fn diamond(dense: bool) -> Graph {
    let mut edges = Vec::new();
    for (a, b, w) in [(0, 1, 1), (0, 2, 4), (1, 2, 2), (1, 3, 6), (2, 3, 1)] {
        edges.push((a, b, w));
        edges.push((b, a, w));
    }
    Graph {
        n: 4,
        edges,
        start: 0,
        goal: 3,
        h: vec![3, 2, 1, 0],
        dense,
    }
}

#[test]
fn uniform_cost_counters_by_hand() {
    for dense in [false, true] {
        let r = uniform_cost(&diamond(dense));
        let path = r.path.unwrap();
        assert_eq!(path.states, [0, 1, 2, 3]);
        assert_eq!(path.cost, 4);
        assert_eq!(path.step_costs, [1, 2, 1]);
        // Pops: S(0), A(1), S(2, closed: skipped), B(3 via A), then B(4 via S, pushed before
        // G(4 via B): equal priorities leave first in, first out, so it is popped and skipped),
        // then G(4): 6 pops, 3 expansions.
        assert_eq!(r.stats.popped, 6, "dense={dense}");
        assert_eq!(r.stats.expanded, 3);
        // Generated: root 1 + S's 2 + A's 3 + B's 3 = 9.
        assert_eq!(r.stats.generated, 9);
    }
}

/// CI's failing case (seed-dependent): a dead end (5, then 6) reached cheaply off the optimal
/// path. Its `f` ties the goal's at C* = 18 only if the heuristic calls the dead end 0, which is
/// not consistent; with the largest finite distance there instead A* never expands it.
#[test]
fn dead_end_off_the_optimal_path() {
    let mut g = Graph {
        n: 10,
        edges: vec![(5, 6, 14), (0, 2, 3), (4, 0, 0), (2, 1, 15), (0, 5, 4)],
        start: 4,
        goal: 1,
        h: vec![0; 10],
        dense: false,
    };
    let ucs = uniform_cost(&g);
    assert_eq!(ucs.path.unwrap().states, [4, 0, 2, 1]);
    // 4, 0, 2 (g 3), 5 (g 4); 6 and 1 tie at 18 and 1 was pushed first.
    assert_eq!(ucs.stats.expanded, 4);
    g.h = exact_heuristic(&g);
    assert_eq!(g.h[..7], [18, 0, 15, 18, 18, 18, 18]);
    let (lo, hi) = expansion_bounds(&g, &g.h, Some(18));
    assert_eq!((lo, hi), (0, 3));
    let fifo = search_core::policy::astar_with(&g, search_core::policy::TieOrder::Fifo);
    assert_eq!(fifo.stats.expanded, 3);
    assert_eq!(astar(&g).stats.expanded, 3);
}

#[test]
fn astar_counters_by_hand() {
    let r = astar(&diamond(true));
    assert_eq!(r.path.unwrap().cost, 4);
    // f: S 3; A 1+2=3, B 4+1=5; pop A: S 2+3=5, B 3+1=4, G 7+0=7; pop B(4): expand: S 7, A 5, G 4;
    // pop G(4). Popped S, A, B, G = 4; expanded 3; generated 1+2+3+3 = 9.
    assert_eq!(r.stats.popped, 4);
    assert_eq!(r.stats.expanded, 3);
    assert_eq!(r.stats.generated, 9);
}

#[test]
fn start_is_goal_counts_one_one_zero() {
    let mut g = diamond(false);
    g.goal = 0;
    for r in [
        uniform_cost(&g),
        astar(&g),
        breadth_first(&g),
        greedy_best_first(&g),
    ] {
        assert_eq!(r.path.unwrap().states, [0]);
        assert_eq!(
            (r.stats.popped, r.stats.expanded, r.stats.generated),
            (1, 0, 1)
        );
    }
}

#[test]
fn unreachable_goal_exhausts_the_component() {
    let mut g = diamond(false);
    g.n = 5;
    g.h.push(0);
    g.goal = 4;
    let r = uniform_cost(&g);
    assert!(r.path.is_none());
    assert_eq!(r.stats.expanded, 4);
    assert_eq!(r.stats.generated, 11);
    assert_eq!(r.stats.popped, 11);
}

#[test]
fn decimal_costs_work() {
    struct Line;
    impl SearchProblem for Line {
        type State = u8;
        type Action = ();
        type Cost = f64;
        fn start(&self) -> u8 {
            0
        }
        fn is_goal(&self, s: &u8) -> bool {
            *s == 3
        }
        fn successors(&self, s: &u8, mut visit: impl FnMut((), u8, f64)) {
            if *s < 3 {
                visit((), s + 1, 0.1);
            }
        }
    }
    let path = uniform_cost(&Line).path.unwrap();
    assert!((path.cost - 0.3).abs() < 1e-12);
    assert_eq!(path.step_costs.len(), 3);
}

#[test]
fn depth_first_and_iterative_deepening() {
    let g = diamond(false);
    // DFS follows the first road each time: S-A, A-B (A-S is on the path), B-G.
    let r = depth_first(&g, None);
    assert_eq!(r.path.unwrap().states, [0, 1, 2, 3]);
    // With a limit of 2 actions DFS backtracks to S-A-G.
    let r = depth_first(&g, Some(2));
    assert_eq!(r.path.unwrap().states, [0, 1, 3]);
    assert!(depth_first(&g, Some(1)).path.is_none());
    let r = iterative_deepening(&g, None);
    assert_eq!(r.path.unwrap().steps(), 2);
    assert!(iterative_deepening(&g, Some(1)).path.is_none());
}

#[test]
fn depth_first_counters_by_hand() {
    // S: children A, B (2 generated); A: children S(on path), B, G; B entered: children S, A(on
    // path), G; G entered: goal.
    let r = depth_first(&diamond(false), None);
    assert_eq!(r.stats.generated, 1 + 2 + 3 + 3);
    assert_eq!(r.stats.popped, 4); // S, A, B, G
    assert_eq!(r.stats.expanded, 3);
}

#[test]
fn deep_chain_does_not_overflow_the_stack() {
    let n = 200_000;
    let g = Graph {
        n,
        edges: (0..n - 1).map(|i| (i, i + 1, 1)).collect(),
        start: 0,
        goal: n - 1,
        h: vec![0; n],
        dense: true,
    };
    // The successor scan is linear in this test graph, so use a chain-specific problem instead.
    struct Chain(usize);
    impl SearchProblem for Chain {
        type State = usize;
        type Action = ();
        type Cost = u64;
        fn start(&self) -> usize {
            0
        }
        fn is_goal(&self, s: &usize) -> bool {
            *s == self.0 - 1
        }
        fn successors(&self, s: &usize, mut visit: impl FnMut((), usize, u64)) {
            if *s + 1 < self.0 {
                visit((), s + 1, 1);
            }
        }
    }
    let _ = g;
    let r = depth_first(&Chain(n), None);
    assert_eq!(r.path.unwrap().steps(), n - 1);
}

#[test]
fn hill_climbing_stops_and_says_why() {
    let g = diamond(false);
    // h: S 3, A 2, B 1, G 0. First improvement from S: A (first successor with h < 3).
    let r = hill_climbing(&g, LocalOptions::default());
    assert_eq!(r.path.states, [0, 1, 2, 3]);
    assert_eq!(r.reason, StopReason::Goal);
    // Steepest from S: B (h 1) beats A (h 2); then G.
    let r = steepest_ascent(&g, LocalOptions::default());
    assert_eq!(r.path.states, [0, 2, 3]);
    assert_eq!(r.path.cost, 5);
    // A local optimum: make G look bad.
    let mut trap = diamond(false);
    trap.h = vec![3, 2, 1, 5];
    let r = steepest_ascent(&trap, LocalOptions::default());
    assert_eq!(r.reason, StopReason::LocalOptimum);
    assert_eq!(*r.path.last(), 2);
    let r = hill_climbing(
        &g,
        LocalOptions {
            max_steps: Some(1),
            stop_at_goal: true,
        },
    );
    assert_eq!(r.reason, StopReason::StepLimit);
    assert_eq!(r.path.states, [0, 1]);
}

fn random_graph() -> impl Strategy<Value = Graph> {
    (2usize..12).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec((0..n, 0..n, 0u32..20), 0..40),
            0..n,
            0..n,
            any::<bool>(),
        )
            .prop_map(|(n, edges, start, goal, dense)| Graph {
                n,
                edges,
                start,
                goal,
                h: vec![0; n],
                dense,
            })
    })
}

fn dijkstra_oracle(g: &Graph) -> Option<u32> {
    pathfinding::prelude::dijkstra(
        &g.start,
        |&s| {
            g.edges
                .iter()
                .filter(move |e| e.0 == s)
                .map(|&(_, b, w)| (b, w))
                .collect::<Vec<_>>()
        },
        |&s| s == g.goal,
    )
    .map(|(_, cost)| cost)
}

/// An exact, hence consistent, heuristic: the true distance to the goal. A state that cannot
/// reach the goal gets the largest finite distance instead of infinity: 0 there would break
/// consistency on every edge into it (`h(s) <= c + h(t)`), and dead ends only reach dead ends.
fn exact_heuristic(g: &Graph) -> Vec<u32> {
    let to_goal: Vec<Option<u32>> = (0..g.n)
        .map(|s| {
            let mut copy = g.clone();
            copy.start = s;
            dijkstra_oracle(&copy)
        })
        .collect();
    let dead_end = to_goal.iter().flatten().copied().max().unwrap_or(0);
    to_goal.into_iter().map(|d| d.unwrap_or(dead_end)).collect()
}

/// The true distance from the start to every state (`None`: unreachable).
fn distances_from_start(g: &Graph) -> Vec<Option<u32>> {
    (0..g.n)
        .map(|s| {
            let mut copy = g.clone();
            copy.goal = s;
            dijkstra_oracle(&copy)
        })
        .collect()
}

/// The textbook bounds on a best-first search's expansions with a consistent `h` (0 for
/// uniform-cost): every reachable state with `g + h < C*` is expanded, none with `g + h > C*`, and
/// the goal is popped, not expanded. Without a path every reachable state is expanded.
fn expansion_bounds(g: &Graph, h: &[u32], best: Option<u32>) -> (u64, u64) {
    let f: Vec<u32> = distances_from_start(g)
        .iter()
        .zip(h)
        .filter_map(|(d, &h)| d.map(|d| d + h))
        .collect();
    let count = |keep: &dyn Fn(u32) -> bool| f.iter().filter(|&&f| keep(f)).count() as u64;
    match best {
        None => (f.len() as u64, f.len() as u64),
        Some(c) => (count(&|f| f < c), count(&|f| f <= c) - 1),
    }
}

fn bfs_oracle(g: &Graph) -> Option<usize> {
    pathfinding::prelude::bfs(
        &g.start,
        |&s| {
            g.edges
                .iter()
                .filter(move |e| e.0 == s)
                .map(|&(_, b, _)| b)
                .collect::<Vec<_>>()
        },
        |&s| s == g.goal,
    )
    .map(|p| p.len() - 1)
}

fn assert_valid_path(g: &Graph, path: &search_core::Path<usize, usize, u32>) {
    assert_eq!(path.states[0], g.start);
    assert_eq!(*path.last(), g.goal);
    for (i, &e) in path.actions.iter().enumerate() {
        let (a, b, w) = g.edges[e];
        assert_eq!((a, b), (path.states[i], path.states[i + 1]));
        assert_eq!(w, path.step_costs[i]);
    }
    assert_eq!(path.step_costs.iter().sum::<u32>(), path.cost);
}

proptest! {
    #[test]
    fn uniform_cost_and_astar_match_dijkstra(mut g in random_graph(), scale in 0u32..=2) {
        let oracle = dijkstra_oracle(&g);
        let ucs = uniform_cost(&g);
        prop_assert_eq!(ucs.path.as_ref().map(|p| p.cost), oracle);
        if let Some(p) = &ucs.path { assert_valid_path(&g, p); }
        // A consistent heuristic: a fraction of the exact distance.
        g.h = exact_heuristic(&g).into_iter().map(|h| h * scale / 2).collect();
        let a = astar(&g);
        prop_assert_eq!(a.path.as_ref().map(|p| p.cost), oracle);
        if let Some(p) = &a.path { assert_valid_path(&g, p); }
        prop_assert!(a.stats.popped <= a.stats.generated);
        // Ties among f = C* may go either way, so each search is held to the textbook bounds,
        // whatever its tie order; the heuristic's bounds lie inside uniform-cost's.
        let fifo = search_core::policy::astar_with(&g, search_core::policy::TieOrder::Fifo);
        prop_assert_eq!(fifo.path.as_ref().map(|p| p.cost), oracle);
        let (lo, hi) = expansion_bounds(&g, &vec![0; g.n], oracle);
        prop_assert!((lo..=hi).contains(&ucs.stats.expanded), "{} not in {lo}..={hi}", ucs.stats.expanded);
        let (lo_h, hi_h) = expansion_bounds(&g, &g.h, oracle);
        prop_assert!(lo_h <= lo && hi_h <= hi);
        for r in [&a, &fifo] {
            prop_assert!((lo_h..=hi_h).contains(&r.stats.expanded), "{} not in {lo_h}..={hi_h}", r.stats.expanded);
        }
    }

    #[test]
    fn breadth_first_finds_fewest_edges(g in random_graph()) {
        let r = breadth_first(&g);
        prop_assert_eq!(r.path.as_ref().map(|p| p.steps()), bfs_oracle(&g));
        if let Some(p) = &r.path { assert_valid_path(&g, p); }
    }

    #[test]
    fn iterative_deepening_finds_fewest_edges(g in random_graph()) {
        let r = iterative_deepening(&g, None);
        prop_assert_eq!(r.path.as_ref().map(|p| p.steps()), bfs_oracle(&g));
        let d = depth_first(&g, None);
        prop_assert_eq!(d.path.is_some(), bfs_oracle(&g).is_some());
        if let Some(p) = &d.path {
            assert_valid_path(&g, p);
            let mut seen = std::collections::HashSet::new();
            prop_assert!(p.states.iter().all(|s| seen.insert(*s)), "a cycle on the path");
        }
    }

    #[test]
    fn dense_and_hashed_closed_sets_agree(mut g in random_graph()) {
        g.dense = true;
        let a = uniform_cost(&g);
        g.dense = false;
        let b = uniform_cost(&g);
        prop_assert_eq!(a, b);
    }
}
