//! `pathfinding`'s own tests (4.16: its `tests/pathfinding.rs` modules `ex1` and `ex2`,
//! `tests/dfs-reach.rs`, `tests/dijkstra-reach.rs`, `tests/test_bfs_multiple_starts.rs`,
//! `tests/graph_guide_examples.rs`) ported
//! to search-core's front door, with their expected paths, costs, orders and successor-call
//! counts.
//!
//! Where search-core differs on purpose, the test says so:
//! - results are a [`search_core::SearchResult`] (path with states and step costs, counters),
//!   not `Option<(Vec<N>, C)>`: the tests compare `path.states` and `path.cost`;
//! - `depth_first_fn` and `iterative_deepening_fn` take the start by reference and a depth
//!   limit (`None`: none).

use search_core::{
    Reached, astar_bag_fn, astar_fn, bfs_reach, bidirectional_bfs_fn, bidirectional_mm_fn,
    bidirectional_uniform_cost_fn, breadth_first_fn, breadth_first_loop_fn, depth_first_fn,
    dfs_reach, dijkstra_reach, fringe_fn, idastar_fn, iterative_deepening_fn, uniform_cost_fn,
};

mod ex1 {
    use super::*;

    fn successors(node: &u8) -> Vec<(u8, usize)> {
        const SUCCESSORS: &[&[(u8, usize)]] = &[
            &[(1, 7), (2, 7), (3, 6)],
            &[(0, 8), (6, 7)],
            &[(5, 7)],
            &[(7, 7)],
            &[(4, 2)],
            &[(1, 1)],
            &[(2, 5), (4, 5), (5, 2)],
            &[(5, 8)],
            &[],
        ];
        SUCCESSORS[*node as usize].to_vec()
    }

    fn expected(target: u8) -> Option<(Vec<u8>, usize)> {
        match target {
            0 => Some((vec![1, 0], 8)),
            1 => Some((vec![1], 0)),
            2 => Some((vec![1, 6, 2], 12)),
            3 => Some((vec![1, 0, 3], 14)),
            4 => Some((vec![1, 6, 4], 12)),
            5 => Some((vec![1, 6, 5], 9)),
            6 => Some((vec![1, 6], 7)),
            7 => Some((vec![1, 0, 3, 7], 21)),
            8 => None,
            _ => panic!("no such node"),
        }
    }

    #[test]
    fn dijkstra_ok() {
        for target in 0..9 {
            let r = uniform_cost_fn(&1, successors, |&node| node == target);
            assert_eq!(r.path.map(|p| (p.states, p.cost)), expected(target));
        }
    }

    /// Every edge `n -> s` as `(n, cost)` for `s`: the successors turned round.
    fn predecessors(node: &u8) -> Vec<(u8, usize)> {
        (0..9u8)
            .flat_map(|n| {
                successors(&n)
                    .into_iter()
                    .filter_map(move |(s, c)| (s == *node).then_some((n, c)))
            })
            .collect()
    }

    /// Its `dijkstra_bidirectional_ok` (4.16), on `bidirectional_uniform_cost_fn` and on MM
    /// with zero heuristics: the same costs as the one-way search, along real edges.
    #[test]
    fn dijkstra_bidirectional_ok() {
        for target in 0..9 {
            let r = bidirectional_uniform_cost_fn(&1, &target, successors, predecessors);
            let mm = bidirectional_mm_fn(&1, &target, successors, predecessors, |_| 0, |_| 0);
            assert_eq!(mm.path.map(|p| p.cost), r.path.as_ref().map(|p| p.cost));
            let expected = expected(target);
            assert_eq!(
                r.path.as_ref().map(|p| p.cost),
                expected.as_ref().map(|e| e.1)
            );
            if let Some(path) = r.path {
                assert_eq!(path.states.first(), Some(&1));
                assert_eq!(path.states.last(), Some(&target));
                let walked = path.states.windows(2).map(|w| {
                    successors(&w[0])
                        .into_iter()
                        .find(|(s, _)| *s == w[1])
                        .expect("an edge of the graph")
                        .1
                });
                assert_eq!(walked.sum::<usize>(), path.cost);
            }
        }
    }

    #[test]
    fn fringe_ok() {
        for target in 0..9 {
            let r = fringe_fn(&1, successors, |_| 0, |&node| node == target);
            assert_eq!(r.path.map(|p| (p.states, p.cost)), expected(target));
        }
    }

    #[test]
    fn dfs_ok() {
        let unit = |n: &u8| {
            successors(n)
                .into_iter()
                .map(|(v, _)| v)
                .collect::<Vec<_>>()
        };
        for target in 0..9 {
            match depth_first_fn(&1, unit, |&node| node == target, None).path {
                None => assert_eq!(expected(target), None, "path not found"),
                Some(path) => {
                    let shortest = expected(target).expect("non-existing path found").0;
                    assert!(shortest.len() <= path.len());
                }
            }
        }
    }

    #[test]
    fn dijkstra_loop_ok() {
        assert!(
            uniform_cost_fn(&1, |_| vec![(1, 1)], |&n| n == 2)
                .path
                .is_none()
        );
    }

    #[test]
    fn dfs_loop_ok() {
        assert!(
            depth_first_fn(&1, |_| vec![1], |&n| n == 2, None)
                .path
                .is_none()
        );
    }

    #[test]
    fn bfs_loops() {
        let successors = |n: &u8| successors(n).into_iter().map(|(n, _)| n);
        let looped = |start: u8| {
            breadth_first_loop_fn(&start, successors)
                .path
                .map(|p| p.states)
        };
        assert_eq!(looped(0), Some(vec![0, 1, 0]));
        assert_eq!(looped(1), Some(vec![1, 0, 1]));
        assert_eq!(looped(2), Some(vec![2, 5, 1, 0, 2]));
        assert_eq!(looped(8), None);
        // From 2, the textbook loop expands 2, 5, 1, 0 and 6 before 2 (reached from 0 as the
        // seventh node generated) leaves the queue; 11 nodes are generated by then.
        let stats = breadth_first_loop_fn(&2, successors).stats;
        assert_eq!((stats.expanded, stats.generated, stats.popped), (5, 11, 7));
    }

    #[test]
    fn bfs_reach_is_fused() {
        let mut it = bfs_reach(1, |&n| vec![n * 2, n * 3].into_iter().filter(|&x| x < 15)).skip(1);
        for _ in 0..7 {
            assert!(it.next().is_some());
        }
        for _ in 0..3 {
            assert!(it.next().is_none());
        }
    }

    #[test]
    fn bfs_remaining_nodes() {
        let mut it = bfs_reach(1, |&n| vec![n * 2, n * 3].into_iter().filter(|&x| x < 15));
        for (bound, next) in [
            (1, 1),
            (2, 2),
            (3, 3),
            (3, 4),
            (4, 6),
            (3, 9),
            (2, 8),
            (1, 12),
        ] {
            assert_eq!(it.remaining_nodes_low_bound(), bound);
            assert_eq!(it.next(), Some(next));
        }
        assert_eq!(it.remaining_nodes_low_bound(), 0);
        assert_eq!(it.next(), None);
    }

    #[test]
    fn dfs_reach_is_fused() {
        let mut it = dfs_reach(1, |&n| vec![n * 2, n * 3].into_iter().filter(|&x| x < 15)).skip(1);
        for _ in 0..7 {
            assert!(it.next().is_some());
        }
        for _ in 0..3 {
            assert!(it.next().is_none());
        }
    }

    #[test]
    fn dfs_remaining_nodes() {
        let mut it = dfs_reach(1, |&n| vec![n * 2, n * 3].into_iter().filter(|&x| x < 15));
        for (bound, next) in [
            (1, 1),
            (2, 2),
            (3, 4),
            (4, 8),
            (3, 12),
            (2, 6),
            (1, 3),
            (1, 9),
        ] {
            assert_eq!(it.remaining_nodes_low_bound(), bound);
            assert_eq!(it.next(), Some(next));
        }
        assert_eq!(it.remaining_nodes_low_bound(), 0);
        assert_eq!(it.next(), None);
    }
}

mod ex2 {
    use super::*;

    const MAZE: &str = "\
#########
#.#.....#
###.##..#
#...#...#
#...#...#
#...#...#
#...#...#
#########
";

    fn open() -> Vec<Vec<bool>> {
        MAZE.lines()
            .map(|l| l.chars().map(|c| c == '.').collect())
            .collect()
    }

    fn successors(open: &[Vec<bool>], &(x, y): &(usize, usize)) -> Vec<((usize, usize), usize)> {
        vec![(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter_map(|(nx, ny)| open[ny][nx].then_some(((nx, ny), 1)))
            .collect()
    }

    fn distance(&(x1, y1): &(usize, usize), &(x2, y2): &(usize, usize)) -> usize {
        x1.abs_diff(x2) + y1.abs_diff(y2)
    }

    const GOAL: (usize, usize) = (6, 3);

    #[test]
    fn astar_path_ok() {
        let open = open();
        let mut counter = 0;
        let r = astar_fn(
            &(2, 3),
            |n| {
                counter += 1;
                successors(&open, n)
            },
            |n| distance(n, &GOAL),
            |n| n == &GOAL,
        );
        let path = r.path.expect("path not found");
        assert_eq!(path.cost, 8);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
        assert_eq!(counter, 11);
    }

    #[test]
    fn idastar_path_ok() {
        let open = open();
        let mut counter = 0;
        let r = idastar_fn(
            &(2, 3),
            |n| {
                counter += 1;
                successors(&open, n)
            },
            |n| distance(n, &GOAL),
            |n| n == &GOAL,
        );
        let path = r.path.expect("path not found");
        assert_eq!(path.cost, 8);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
        assert_eq!(counter, 18);
    }

    #[test]
    fn dijkstra_path_ok() {
        let open = open();
        let mut counter = 0;
        let r = uniform_cost_fn(
            &(2, 3),
            |n| {
                counter += 1;
                successors(&open, n)
            },
            |n| n == &GOAL,
        );
        let path = r.path.expect("path not found");
        assert_eq!(path.cost, 8);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
        assert_eq!(counter, 20);
    }

    fn unit(open: &[Vec<bool>], n: &(usize, usize)) -> Vec<(usize, usize)> {
        successors(open, n).into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn bfs_path_ok() {
        let open = open();
        let path = breadth_first_fn(&(2, 3), |n| unit(&open, n), |n| n == &GOAL).path;
        let path = path.expect("path not found");
        assert_eq!(path.len(), 9);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
    }

    #[test]
    fn bfs_bidirectional_path_ok() {
        let open = open();
        let r = bidirectional_bfs_fn(&(2, 3), &GOAL, |n| unit(&open, n), |n| unit(&open, n));
        let path = r.path.expect("path not found");
        assert_eq!(path.len(), 9);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
    }

    #[test]
    fn dfs_path_ok() {
        let open = open();
        let path = depth_first_fn(&(2, 3), |n| unit(&open, n), |n| n == &GOAL, None).path;
        let path = path.expect("path not found");
        assert!(path.len() >= 9);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
    }

    #[test]
    fn iddfs_path_ok() {
        let open = open();
        let r = iterative_deepening_fn(&(2, 3), |n| unit(&open, n), |n| n == &GOAL, None);
        let path = r.path.expect("path not found");
        assert_eq!(path.len(), 9);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
    }

    #[test]
    fn no_path_anywhere() {
        let open = open();
        let goal = (1, 1);
        let succ = |n: &(usize, usize)| successors(&open, n);
        let h = |n: &(usize, usize)| distance(n, &goal);
        assert!(astar_fn(&(2, 3), succ, h, |n| n == &goal).path.is_none());
        assert!(idastar_fn(&(2, 3), succ, h, |n| n == &goal).path.is_none());
        assert!(
            uniform_cost_fn(&(2, 3), succ, |n| n == &goal)
                .path
                .is_none()
        );
        let u = |n: &(usize, usize)| unit(&open, n);
        assert!(breadth_first_fn(&(2, 3), u, |n| n == &goal).path.is_none());
        assert!(bidirectional_bfs_fn(&(2, 3), &goal, u, u).path.is_none());
        assert!(
            depth_first_fn(&(2, 3), u, |n| n == &goal, None)
                .path
                .is_none()
        );
        assert!(
            iterative_deepening_fn(&(2, 3), u, |n| n == &goal, None)
                .path
                .is_none()
        );
    }

    #[test]
    fn fringe_path_ok() {
        let open = open();
        let mut counter = 0;
        let r = fringe_fn(
            &(2, 3),
            |n| {
                counter += 1;
                successors(&open, n)
            },
            |n| distance(n, &GOAL),
            |n| n == &GOAL,
        );
        let path = r.path.expect("path not found");
        assert_eq!(path.cost, 8);
        assert!(path.states.iter().all(|&(nx, ny)| open[ny][nx]));
        assert_eq!(counter, 14);
        let goal = (1, 1);
        let h = |n: &(usize, usize)| distance(n, &goal);
        let none = fringe_fn(&(2, 3), |n| successors(&open, n), h, |n| n == &goal);
        assert!(none.path.is_none());
    }

    fn bag(goal: (usize, usize)) -> (Vec<Vec<(usize, usize)>>, usize, usize) {
        let open = open();
        let mut counter = 0;
        let (paths, cost) = astar_bag_fn(
            &(2, 3),
            |n| {
                counter += 1;
                successors(&open, n)
            },
            |n| distance(n, &goal),
            |n| n == &goal,
        )
        .expect("a path");
        let paths: Vec<_> = paths.collect();
        for path in &paths {
            assert!(path.iter().all(|&(nx, ny)| open[ny][nx]));
            assert_eq!(path.len(), cost + 1);
        }
        (paths, cost, counter)
    }

    #[test]
    fn astar_bag_path_single_ok() {
        let (paths, cost, counter) = bag(GOAL);
        assert_eq!((paths.len(), cost, counter), (1, 8, 15));
    }

    #[test]
    fn astar_bag_path_multiple_ok() {
        let (paths, cost, counter) = bag((7, 3));
        assert_eq!((paths.len(), cost, counter), (3, 9, 18));
    }

    #[test]
    fn astar_bag_iter_is_fused() {
        let open = open();
        let goal = (7, 3);
        let (mut it, _) = astar_bag_fn(
            &(2, 3),
            |n| successors(&open, n),
            |n| distance(n, &goal),
            |n| n == &goal,
        )
        .unwrap();
        for _ in 0..3 {
            assert!(it.next().is_some());
        }
        for _ in 0..3 {
            assert!(it.next().is_none());
        }
    }
}

mod reach {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn dfs_reach_issue_511() {
        let it = dfs_reach(0, |&n| [n + 1, n + 5].into_iter().filter(|&x| x <= 10));
        assert_eq!(it.collect::<Vec<_>>(), (0..=10).collect::<Vec<_>>());
    }

    #[test]
    fn dfs_reach_issue_511_branches() {
        let it = dfs_reach(0, |&n| [n + 2, n + 5].into_iter().filter(|&x| x <= 10));
        assert_eq!(it.collect::<Vec<_>>(), [0, 2, 4, 6, 8, 10, 9, 7, 5]);
    }

    #[test]
    fn dfs_reach_with_many_duplicates_needs_no_recursion() {
        let n = 200_usize;
        let result: Vec<usize> =
            dfs_reach(0usize, |&k| if k < n { vec![k + 1; n] } else { vec![] }).collect();
        assert_eq!(result, (0..=n).collect::<Vec<_>>());
    }

    #[test]
    fn dijkstra_reach_numbers() {
        let reach: Vec<_> = dijkstra_reach(0u32, |&prev| vec![(prev + 1, 1), (prev * 2, prev)])
            .take_while(|x| x.total_cost < 100)
            .collect();
        assert!(reach.iter().all(|x| x.node == x.total_cost));
        assert!((0..100).all(|x| reach.iter().any(|y| x == y.total_cost)));
        assert!(reach.windows(2).all(|w| w[0].total_cost <= w[1].total_cost));
    }

    #[test]
    fn dijkstra_reach_graph() {
        let mut graph = HashMap::new();
        graph.insert("A", vec![("B", 2), ("C", 5)]);
        graph.insert("B", vec![("C", 2)]);
        graph.insert("C", vec![]);
        let reach: Vec<_> = dijkstra_reach("A", |prev| graph[prev].clone()).collect();
        let item = |node, parent, total_cost| Reached {
            node,
            parent,
            total_cost,
        };
        assert_eq!(
            reach,
            [
                item("A", None, 0),
                item("B", Some("A"), 2),
                item("C", Some("B"), 4)
            ]
        );
    }
}

mod counting {
    use proptest::prelude::*;
    use search_core::{count_paths, dijkstra_partial};

    /// pathfinding's tests/count_paths.rs.
    #[test]
    fn grid() {
        let n = count_paths(
            (0, 0),
            |&(x, y)| {
                [(x + 1, y), (x, y + 1)]
                    .into_iter()
                    .filter(|&(x, y)| x < 8 && y < 8)
            },
            |&c| c == (7, 7),
        );
        assert_eq!(n, Some(3432));
    }

    #[test]
    fn a_deep_dag_needs_no_recursion() {
        // 200,000 states in a line with a shortcut at each: 2 paths per pair of steps.
        let next = |&n: &u32| {
            if n < 200_000 {
                vec![n + 1, n + 2]
            } else {
                vec![]
            }
        };
        let paths = count_paths(0, next, |&n| n >= 200_000);
        assert!(paths.is_none(), "the count overflows usize: None");
        let small = count_paths(
            0u32,
            |&n| if n < 20 { vec![n + 1, n + 2] } else { vec![] },
            |&n| n >= 20,
        );
        // Ways to reach 20 by steps of 1 or 2 (Fibonacci 21), and to jump from 19 to 21 (Fibonacci 20).
        assert_eq!(small, Some(10946 + 6765));
    }

    proptest! {
        #[test]
        fn count_paths_matches_pathfinding(n in 2usize..14, arcs in prop::collection::vec((0usize..14, 0usize..14), 0..40)) {
            let mut adj = vec![Vec::new(); n];
            for (a, b) in arcs {
                let (a, b) = (a % n, b % n);
                if a < b { adj[a].push(b); }
            }
            let ours = count_paths(0, |&v| adj[v].clone(), |&v| v == n - 1);
            let theirs = pathfinding::prelude::count_paths(0, |&v| adj[v].clone(), |&v| v == n - 1);
            prop_assert_eq!(ours, Some(theirs));
        }

        #[test]
        fn fringe_finds_pathfindings_cheapest_cost(n in 2usize..14, arcs in prop::collection::vec((0usize..14, 0usize..14, 1u32..9), 0..40), goal in 0usize..14) {
            let mut adj = vec![Vec::new(); n];
            for (a, b, w) in arcs { adj[a % n].push((b % n, w)); }
            let goal = goal % n;
            let ours = search_core::fringe_fn(&0, |&v| adj[v].clone(), |_| 0, |&v| v == goal);
            let theirs = pathfinding::prelude::dijkstra(&0, |&v| adj[v].clone(), |&v| v == goal);
            prop_assert_eq!(ours.path.as_ref().map(|p| p.cost), theirs.map(|t| t.1));
            if let Some(p) = ours.path {
                let steps: u32 = p.step_costs.iter().sum();
                prop_assert_eq!(steps, p.cost);
                for (w, c) in p.states.windows(2).zip(&p.step_costs) {
                    prop_assert!(adj[w[0]].contains(&(w[1], *c)));
                }
            }
        }

        #[test]
        fn dijkstra_partial_settles_as_pathfinding_costs(n in 2usize..14, arcs in prop::collection::vec((0usize..14, 0usize..14, 1u32..9), 0..40), stop in 0usize..14) {
            let mut adj = vec![Vec::new(); n];
            for (a, b, w) in arcs { adj[a % n].push((b % n, w)); }
            let stop = stop % n;
            let (settled, stopped) = dijkstra_partial(0, |&v| adj[v].clone(), |&v| v == stop);
            let all = pathfinding::prelude::dijkstra_all(&0, |&v| adj[v].clone());
            for r in &settled {
                let expected = if r.node == 0 { 0 } else { all[&r.node].1 };
                prop_assert_eq!(r.total_cost, expected);
            }
            prop_assert!(settled.windows(2).all(|w| w[0].total_cost <= w[1].total_cost));
            prop_assert_eq!(stopped.is_some(), stop == 0 || all.contains_key(&stop));
        }
    }
}

/// pathfinding's tests/astar_bag.rs.
mod bags {
    use search_core::astar_bag_fn;

    #[test]
    fn multiple_sinks() {
        let (solutions, cost) = astar_bag_fn(
            &1,
            |&n| match n {
                1 => vec![(2, 1), (3, 1)],
                2 | 3 => vec![(4, 3), (5, 1)],
                5 => vec![(6, 1)],
                6 => vec![(7, 1)],
                _ => vec![],
            },
            |_| 0,
            |&n| n == 4 || n == 7,
        )
        .unwrap();
        assert_eq!(cost, 4);
        let mut solutions: Vec<_> = solutions.collect();
        solutions.sort();
        assert_eq!(
            solutions,
            [
                vec![1, 2, 4],
                vec![1, 2, 5, 6, 7],
                vec![1, 3, 4],
                vec![1, 3, 5, 6, 7]
            ]
        );
    }

    #[test]
    fn numerous_solutions() {
        const N: usize = 10;
        const GOAL: usize = 3 * N;
        let (solutions, cost) = astar_bag_fn(
            &0,
            |&n| match n {
                x if x % 3 == 2 => vec![(x + 1, 1)],
                x => vec![(x + 1, 1), (x + 2, 1)],
            },
            |&n| GOAL.saturating_sub(n) / 2,
            |&n| n == GOAL,
        )
        .unwrap();
        assert_eq!(cost, N * 2);
        assert_eq!(solutions.count(), 1 << N);
    }
}

/// pathfinding's tests/test_bfs_multiple_starts.rs (its `NodeRefs` start set is our
/// `breadth_first_from_fn`, the goal set the goal test; both sets of `bfs_bidirectional` are
/// `bidirectional_bfs_from_fn`'s).
mod multiple_starts {
    use proptest::prelude::*;
    use search_core::{
        bidirectional_bfs_fn, bidirectional_bfs_from_fn, breadth_first_fn, breadth_first_from_fn,
    };

    /// The chain a -> b -> c -> d -> e of its tests.
    fn next(&c: &char) -> Vec<char> {
        if c < 'e' {
            vec![(c as u8 + 1) as char]
        } else {
            vec![]
        }
    }

    /// The chain's arcs turned round.
    fn prev(&c: &char) -> Vec<char> {
        if c > 'a' {
            vec![(c as u8 - 1) as char]
        } else {
            vec![]
        }
    }

    #[test]
    fn bfs_multiple_starts() {
        let single = breadth_first_fn(&'a', next, |&c| c == 'e');
        assert_eq!(single.path.unwrap().states, ['a', 'b', 'c', 'd', 'e']);
        let multiple = breadth_first_from_fn(['a', 'b'], next, |&c| c == 'd' || c == 'e');
        assert_eq!(multiple.path.unwrap().states, ['b', 'c', 'd']);
        // No starts, no path (its empty `NodeRefs`), and no panic.
        let none = breadth_first_from_fn([], next, |&c| c == 'e');
        assert_eq!(
            (none.path, none.stats),
            (None, search_core::Stats::default())
        );
    }

    /// Its `test_bfs_bidirectional_multiple_starts` (4.16): start and goal sets both ways.
    #[test]
    fn bfs_bidirectional_multiple_starts() {
        let single = bidirectional_bfs_fn(&'a', &'e', next, prev);
        assert_eq!(single.path.unwrap().states, ['a', 'b', 'c', 'd', 'e']);
        let multiple = bidirectional_bfs_from_fn(['a', 'b'], ['d', 'e'], next, prev);
        assert_eq!(multiple.path.unwrap().states, ['b', 'c', 'd']);
        // A start among the goals is the whole path; no starts, no path.
        let met = bidirectional_bfs_from_fn(['a', 'c', 'b'], ['b', 'c'], next, prev);
        assert_eq!(
            (met.path.unwrap().states, met.stats.expanded),
            (vec!['c'], 0)
        );
        let none = bidirectional_bfs_from_fn([], ['e'], next, prev);
        assert_eq!((none.path, none.stats.expanded), (None, 0));
    }

    proptest! {
        #[test]
        fn several_starts_find_the_shortest_from_any(n in 2usize..12, arcs in prop::collection::vec((0usize..12, 0usize..12), 0..30), starts in prop::collection::vec(0usize..12, 1..4), goal in 0usize..12) {
            let mut adj = vec![Vec::new(); n];
            for (a, b) in arcs { adj[a % n].push(b % n); }
            let starts: Vec<usize> = starts.into_iter().map(|s| s % n).collect();
            let goal = goal % n;
            let best = starts
                .iter()
                .filter_map(|s| breadth_first_fn(s, |&v| adj[v].clone(), |&v| v == goal).path)
                .map(|p| p.len())
                .min();
            let multi = breadth_first_from_fn(starts.clone(), |&v| adj[v].clone(), |&v| v == goal);
            prop_assert_eq!(multi.path.as_ref().map(|p| p.len()), best);
            if let Some(p) = multi.path {
                prop_assert!(starts.contains(&p.states[0]));
                prop_assert_eq!(*p.last(), goal);
                for w in p.states.windows(2) {
                    prop_assert!(adj[w[0]].contains(&w[1]));
                }
            }
        }
    }
}

/// IDA* needs states it can compare, not hash (it scans the current path): a position that is
/// `Eq` but not `Hash` is searched, with the same path and counters as the hashed twin.
#[test]
fn idastar_fn_takes_states_that_are_only_eq() {
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Cell(i32, i32);
    let successors = |c: &Cell| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(|(dx, dy)| Cell(c.0 + dx, c.1 + dy))
            .filter(|n| n.0.abs() <= 5 && n.1.abs() <= 5 && !(n.0 == 2 && n.1 < 3))
            .map(|n| (n, 1u32))
            .collect::<Vec<_>>()
    };
    let distance = |c: &Cell| c.0.abs_diff(4) + c.1.abs_diff(0);
    let plain = idastar_fn(&Cell(0, 0), successors, distance, |c| *c == Cell(4, 0));
    let hashed = idastar_fn(
        &(0, 0),
        |&(x, y): &(i32, i32)| {
            successors(&Cell(x, y))
                .into_iter()
                .map(|(c, w)| ((c.0, c.1), w))
                .collect::<Vec<_>>()
        },
        |&(x, y)| distance(&Cell(x, y)),
        |&p| p == (4, 0),
    );
    let path = plain.path.expect("a path around the wall");
    assert_eq!(path.cost, 10, "round the wall at x = 2 (y < 3)");
    let states: Vec<(i32, i32)> = path.states.iter().map(|c| (c.0, c.1)).collect();
    assert_eq!(Some(states), hashed.path.map(|p| p.states));
    assert_eq!(plain.stats, hashed.stats);
    for w in path.states.windows(2) {
        assert_eq!(w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1), 1);
    }
}

/// Iterative deepening too needs only `Eq` (pathfinding's `iddfs` asks no more): the same path
/// and counters as with a hashed state.
#[test]
fn iterative_deepening_fn_takes_states_that_are_only_eq() {
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Num(u32);
    let plain = iterative_deepening_fn(
        &Num(1),
        |n: &Num| [Num(n.0 + 1), Num(n.0 * 3)],
        |n| n.0 == 20,
        None,
    );
    let hashed = iterative_deepening_fn(&1u32, |&n| [n + 1, n * 3], |&n| n == 20, None);
    let path = plain.path.expect("1 -> 2 -> 6 -> 18 -> 19 -> 20");
    assert_eq!(
        path.states.iter().map(|n| n.0).collect::<Vec<_>>(),
        [1, 2, 6, 18, 19, 20]
    );
    assert_eq!(Some(path.steps()), hashed.path.map(|p| p.steps()));
    assert_eq!(plain.stats, hashed.stats);
}

/// pathfinding's tests/graph_guide_examples.rs (4.16): the examples of its graph guide, the
/// same graphs and expected paths on our front door.
mod graph_guide {
    use search_core::{astar_fn, breadth_first_fn, uniform_cost_fn};
    use std::collections::HashMap;

    /// An adjacency list of weighted arcs.
    fn weighted<N: Copy + Eq + std::hash::Hash>(arcs: &[(N, N, u32)]) -> HashMap<N, Vec<(N, u32)>> {
        let mut graph: HashMap<N, Vec<(N, u32)>> = HashMap::new();
        for &(from, to, w) in arcs {
            graph.entry(from).or_default().push((to, w));
        }
        graph
    }

    #[test]
    fn adjacency_list() {
        let graph = weighted(&[
            ("A", "B", 4),
            ("A", "C", 2),
            ("B", "C", 1),
            ("B", "D", 5),
            ("C", "D", 8),
            ("C", "E", 10),
            ("D", "E", 2),
        ]);
        let next = |n: &&str| graph.get(n).cloned().unwrap_or_default();
        let path = uniform_cost_fn(&"A", next, |&n| n == "E").path.unwrap();
        assert_eq!((path.states, path.cost), (vec!["A", "B", "D", "E"], 11));
    }

    #[test]
    fn adjacency_matrix() {
        let m: [[Option<u32>; 5]; 5] = [
            [None, Some(4), Some(2), None, None],
            [None, None, Some(1), Some(5), None],
            [None, None, None, Some(8), Some(10)],
            [None, None, None, None, Some(2)],
            [None; 5],
        ];
        let next = |&n: &usize| (0..5).filter_map(move |to| m[n][to].map(|w| (to, w)));
        let path = astar_fn(&0, next, |&n| u32::from(n != 4), |&n| n == 4)
            .path
            .unwrap();
        assert_eq!((path.states, path.cost), (vec![0, 1, 3, 4], 11));
    }

    #[test]
    fn edge_list() {
        let graph = weighted(&[
            (1, 2, 7),
            (1, 3, 9),
            (1, 6, 14),
            (2, 3, 10),
            (2, 4, 15),
            (3, 4, 11),
            (3, 6, 2),
            (4, 5, 6),
            (5, 6, 9),
        ]);
        let next = |n: &u32| graph.get(n).cloned().unwrap_or_default();
        let path = uniform_cost_fn(&1, next, |&n| n == 5).path.unwrap();
        assert_eq!((path.states, path.cost), (vec![1, 3, 4, 5], 26));
    }

    /// Roads both ways between four cities, with the straight line (truncated) as A*'s
    /// heuristic.
    #[test]
    fn road_network() {
        let roads = [
            ("A", "B", 10),
            ("A", "C", 15),
            ("B", "D", 12),
            ("C", "D", 10),
        ];
        let graph = weighted(
            &roads
                .iter()
                .flat_map(|&(a, b, d)| [(a, b, d), (b, a, d)])
                .collect::<Vec<_>>(),
        );
        let at: HashMap<&str, (f64, f64)> = HashMap::from([
            ("A", (0.0, 0.0)),
            ("B", (10.0, 0.0)),
            ("C", (0.0, 15.0)),
            ("D", (10.0, 12.0)),
        ]);
        let next = |n: &&str| graph.get(n).cloned().unwrap_or_default();
        let line = |n: &&str| {
            let ((x1, y1), (x2, y2)) = (at[n], at["D"]);
            (x2 - x1).hypot(y2 - y1) as u32
        };
        let dijkstra = uniform_cost_fn(&"A", next, |&n| n == "D").path.unwrap();
        let astar = astar_fn(&"A", next, line, |&n| n == "D").path.unwrap();
        for path in [dijkstra, astar] {
            assert_eq!((path.states, path.cost), (vec!["A", "B", "D"], 22));
        }
    }

    #[test]
    fn unweighted_bfs() {
        let graph: HashMap<&str, Vec<&str>> = HashMap::from([
            ("A", vec!["B", "C"]),
            ("B", vec!["A", "D", "E"]),
            ("C", vec!["A", "F"]),
            ("D", vec!["B"]),
            ("E", vec!["B", "F"]),
            ("F", vec!["C", "E"]),
        ]);
        let next = |n: &&str| graph.get(n).cloned().unwrap_or_default();
        let path = breadth_first_fn(&"A", next, |&n| n == "F").path.unwrap();
        assert_eq!((path.steps(), path.states), (2, vec!["A", "C", "F"]));
    }

    /// Its test only asks for some path from 1 to 3; the only one is 1 -> 2 -> 3.
    #[test]
    fn spatial_graph() {
        let graph = weighted(&[
            (1, 2, 1000),
            (1, 5, 707),
            (2, 3, 1000),
            (2, 5, 707),
            (3, 4, 1000),
            (3, 5, 707),
            (4, 1, 1000),
            (4, 5, 707),
        ]);
        let at = HashMap::from([
            (1, (0.0, 0.0)),
            (2, (10.0, 0.0)),
            (3, (10.0, 10.0)),
            (4, (0.0, 10.0)),
            (5, (5.0, 5.0)),
        ]);
        let next = |n: &u32| graph.get(n).cloned().unwrap_or_default();
        let line = |n: &u32| {
            let ((x1, y1), (x2, y2)): ((f64, f64), (f64, f64)) = (at[n], at[&3]);
            ((x2 - x1).hypot(y2 - y1) * 100.0) as u32
        };
        let path = astar_fn(&1, next, line, |&n| n == 3).path.unwrap();
        assert_eq!((path.states, path.cost), (vec![1, 2, 3], 2000));
    }
}

/// Its `tests/cycle_detection.rs`: the same cycle lengths, first values and offsets; the partial
/// forms' bounds. Our `f` takes its value by reference.
mod cycle_detection {
    use search_core::cycle::{Cycle, brent, brent_partial, floyd, floyd_partial};

    type Finder = fn(i32, fn(&i32) -> i32) -> Cycle<i32>;
    const EXACT: [Finder; 2] = [|s, f| floyd(s, f), |s, f| brent(s, f)];

    /// `-10, -2, 6, 8, 4, 6, …`: the cycle 6 → 8 → 4 from index 2.
    fn short(x: &i32) -> i32 {
        (x + 5) % 6 + 3
    }

    #[test]
    fn floyd_and_brent_work() {
        for find in EXACT {
            let c = find(-10, short);
            assert_eq!((c.length, c.value, c.index), (3, 6, 2));
        }
    }

    #[test]
    fn partial_forms_work() {
        let fl = floyd_partial(-10, short);
        let br = brent_partial(-10, short);
        for c in [fl, br] {
            assert_eq!(c.length, 3);
            assert!([4, 6, 8].contains(&c.value));
            assert!(2 <= c.index);
        }
        assert!(fl.index < 2 + 3);
    }

    /// The value `n` steps from `x`.
    fn nth(f: fn(&i32) -> i32, x: i32, n: usize) -> i32 {
        (0..n).fold(x, |x, _| f(&x))
    }

    /// `f` from `start` has a cycle of `length` values from index `offset`.
    fn check(f: fn(&i32) -> i32, start: i32, length: usize, offset: usize) {
        for find in EXACT {
            let c = find(start, f);
            assert_eq!((c.length, c.index), (length, offset));
            assert_eq!(c.value, nth(f, start, offset));
        }
        let fl = floyd_partial(start, f);
        let br = brent_partial(start, f);
        for c in [fl, br] {
            assert_eq!(c.length, length);
            assert!(offset <= c.index);
            assert_eq!(c.value, nth(f, start, c.index));
        }
        assert!(fl.index < offset + length);
    }

    #[test]
    fn longer_cycle() {
        check(|x| (x + 1) % 100, 0, 100, 0);
    }

    #[test]
    fn short_cycle_large_mu() {
        check(|&x| if x == 10 { 0 } else { x + 1 }, -100, 11, 100);
    }
}

/// `pathfinding`'s `dfs` is a graph search (a state is expanded once, the last path pushed to it
/// wins); `depth_first_fn` a tree search over simple paths. `depth_first_graph_fn`, and
/// `search_with` on a stack, find `dfs`'s path on random digraphs.
mod graph_dfs {
    use proptest::prelude::*;

    /// 0 -> 1, 2 and 1 -> 0, 2, no goal: 0 expanded (1 and 2 pushed, 1 on top), 1 (2 pushed
    /// again, 0 already expanded: not), 2, then the older entry of 2 popped and skipped.
    #[test]
    fn counters_of_the_graph_search() {
        let next = |&n: &u8| match n {
            0 => vec![1, 2],
            1 => vec![0, 2],
            _ => vec![],
        };
        let r = search_core::depth_first_graph_fn(&0, next, |_| false);
        assert!(r.path.is_none());
        let s = r.stats;
        assert_eq!((s.generated, s.popped, s.expanded), (5, 4, 3));
        let r = search_core::depth_first_graph_fn(&0, next, |&n| n == 2);
        assert_eq!(r.path.map(|p| p.states), Some(vec![0, 1, 2]));
        let s = r.stats;
        assert_eq!((s.generated, s.popped, s.expanded), (5, 3, 2));
    }
    use search_core::FnProblem;
    use search_core::policy::{Frontier, SearchOptions, search_with};

    proptest! {
        #[test]
        fn search_with_on_a_stack_is_pathfindings_dfs(
            (edges, start, goal) in (1usize..12).prop_flat_map(|n| {
                (prop::collection::vec((0..n, 0..n), 0..30), 0..n, 0..n)
            })
        ) {
            let next = |&s: &usize| edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
            let unit = |s: &usize| next(s).into_iter().map(|n| (n, 1u32));
            let problem = FnProblem::new(start, unit, |_: &usize| 0, |&s: &usize| s == goal);
            let ours = search_with(&problem, SearchOptions::new(Frontier::Stack), |_| {});
            let calls = std::cell::Cell::new(0u64);
            let theirs = pathfinding::prelude::dfs(start, |s| { calls.set(calls.get() + 1); next(s) }, |&s| s == goal);
            prop_assert_eq!(ours.path.map(|p| p.states), theirs.clone());
            // The front door: the same path, a successor call per expansion, as `dfs`.
            let front = search_core::depth_first_graph_fn(&start, next, |&s| s == goal);
            prop_assert_eq!(front.stats.expanded, calls.get());
            if let Some(p) = &front.path {
                prop_assert_eq!((p.cost, p.step_costs.len()), (p.states.len() - 1, p.states.len() - 1));
            }
            prop_assert_eq!(front.path.map(|p| p.states), theirs);
        }
    }
}
