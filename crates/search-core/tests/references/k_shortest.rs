//! `k_shortest_paths` at its edge: no path asked for.

use search_core::test_support::Digraph;
use search_core::{Stats, k_shortest_paths, k_shortest_paths_fn, uniform_cost};

/// `k = 0` asks for no path: none comes back, even where one exists, and the counters are those
/// of the one search made (the cheapest path's).
#[test]
fn zero_paths_asked_for_is_none() {
    let edges = [(0, 1, 2), (1, 3, 2), (0, 2, 1), (2, 3, 4), (0, 3, 6)];
    let g = Digraph::new(4, &edges, 3);
    let (none, stats) = k_shortest_paths(&g, 0);
    assert!(none.is_empty());
    assert_eq!(stats, uniform_cost(&g).stats);
    let (one, _) = k_shortest_paths(&g, 1);
    assert_eq!(one.len(), 1);
    let roads = |&t: &usize| g.out(t).collect::<Vec<_>>();
    assert!(k_shortest_paths_fn(&0, roads, |&t| t == 3, 0).0.is_empty());
    assert_eq!(k_shortest_paths_fn(&0, roads, |&t| t == 3, 3).0.len(), 3);
}

/// On a graph with one path, the counters add up the first search and one spur search from
/// each state of that path before the goal (Yen spurs from every state but the last); each of
/// those finds no path after one expansion: popped 1, expanded 1, generated 1.
#[test]
fn one_spur_search_per_state_before_the_goal() {
    let edges = [(0, 1, 1), (1, 2, 3), (2, 3, 1), (3, 4, 2)];
    let g = Digraph::new(5, &edges, 4);
    let (paths, stats) = k_shortest_paths(&g, 3);
    assert_eq!(paths.len(), 1);
    let spur = Stats {
        popped: 1,
        expanded: 1,
        generated: 1,
    };
    let mut expected = uniform_cost(&g).stats;
    for _ in 0..4 {
        expected += spur;
    }
    assert_eq!(stats, expected);
}
