//! The platform's methods (`maze::platform::run`) against what they must report: names and
//! calls, an exhaustive search's counts (every state reachable from the root, counted by a
//! plain breadth-first walk), the cost each method reports (path length, arc-cost sum, or
//! h + g for the A methods), and hill climbing's counts.

use maze::platform::run;
use maze::{Grid, MazeProblem, Method, Num, parse_graphs};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::{SearchProblem, uniform_cost};
use std::collections::VecDeque;

/// The cells reachable from `start` through open sides.
fn reachable(grid: &Grid, start: (u32, u32)) -> Vec<(u32, u32)> {
    let mut seen = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some((r, c)) = queue.pop_front() {
        for (_, to) in grid.moves(r, c) {
            if !seen.contains(&to) {
                seen.push(to);
                queue.push_back(to);
            }
        }
    }
    seen
}

#[test]
fn methods_have_the_platform_names_and_calls() {
    let names = ["depth", "hill", "steep", "best", "algA", "algAM"];
    for (m, name) in Method::ALL.into_iter().zip(names) {
        assert_eq!(m.name(), name);
        assert_eq!(Method::from_name(name), Some(m));
        let h = if m == Method::Depth { "" } else { ", h" };
        assert_eq!(m.call(), format!("{name}(root, goal{h}, silent=False)"));
    }
    assert_eq!(Method::from_name("dfs"), None);
    assert_eq!(Method::from_name(""), None);
}

#[test]
fn a_search_without_a_reachable_goal_counts_every_reachable_state() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut tested = 0;
    for _ in 0..300 {
        let (rows, cols) = (
            2 + rng.random_range(0..5u32) as usize,
            2 + rng.random_range(0..5u32) as usize,
        );
        let cells = (0..rows * cols)
            .map(|_| rng.random_range(0..16u32) as u8)
            .collect();
        let grid = Grid::from_cells(rows, cols, cells);
        let start = (
            rng.random_range(0..rows as u32),
            rng.random_range(0..cols as u32),
        );
        let near = reachable(&grid, start);
        let Some(goal) = (0..rows as u32)
            .flat_map(|r| (0..cols as u32).map(move |c| (r, c)))
            .find(|cell| !near.contains(cell))
        else {
            continue;
        };
        tested += 1;
        let problem = MazeProblem::new(&grid, "random", start, &[goal]).unwrap();
        for method in [Method::Best, Method::AlgA, Method::AlgAM] {
            let out = run(&problem, method, None);
            assert_eq!(out.result, None, "{method:?}");
            assert_eq!(out.cost, Num::Int(0));
            assert_eq!(out.nodes, near.len(), "{method:?}");
            assert!(out.steps >= near.len() as u64, "{method:?}");
        }
        for method in [Method::Depth, Method::Steep] {
            let out = run(&problem, method, None);
            let path = out.result.unwrap();
            assert_eq!(out.nodes, near.len(), "{method:?}");
            assert_eq!(out.cost, Num::Int(path.len() as i64 - 1), "{method:?}");
        }
    }
    assert!(tested > 50);
}

#[test]
fn depth_reports_its_path_length_and_hill_its_climb() {
    let grid = Grid::maze0();
    let problem = MazeProblem::new(&grid, "maze0", (0, 7), &[(6, 6), (7, 7)]).unwrap();
    for method in [Method::Depth, Method::Steep] {
        let out = run(&problem, method, None);
        let path = out.result.unwrap();
        assert!(problem.is_goal(path.last().unwrap()));
        assert_eq!(out.cost, Num::Int(path.len() as i64 - 1), "{method:?}");
    }
    let out = run(&problem, Method::Hill, None);
    let path = out.result.unwrap();
    assert!(path.len() > 1);
    assert_eq!(out.steps, path.len() as u64);
    assert_eq!(out.nodes, path.len() - 1);
    assert_eq!(out.cost, Num::Int(path.len() as i64 - 1));
}

/// The sum of the arc costs along `path` (the first arc between two nodes).
fn arc_sum(graph: &maze::Graph, path: &[u32]) -> Num {
    let mut sum = Num::Int(0);
    for w in path.windows(2) {
        let mut c = None;
        graph.successors(&w[0], |_, to, cost| {
            if to == w[1] && c.is_none() {
                c = Some(cost);
            }
        });
        sum = sum + c.expect("an arc of the graph");
    }
    sum
}

#[test]
fn costs_on_a_weighted_graph() {
    // h(goal) is not 0 here, so the A methods' f of the final path differs from its cost.
    let text = "root A\ngoal D\nA -> B:2 C:1\nB -> D:3\nC -> D:7\nD -> \n\
                h A 1\nh B 1\nh C 1\nh D 4\n";
    let graph = &parse_graphs(text, "g").unwrap()[0];
    let shortest = uniform_cost(graph).path.unwrap().cost;
    assert_eq!(shortest, Num::Int(5));
    // algA redirects to the shortest path; algAM keeps the first it found (through C).
    let a = run(graph, Method::AlgA, None);
    assert_eq!(a.result, Some(vec![0, 1, 3]));
    assert_eq!(a.cost, Num::Int(4) + shortest);
    for method in Method::ALL {
        let out = run(graph, method, None);
        let path = out.result.unwrap();
        if method == Method::Hill {
            continue;
        }
        assert_eq!(*path.last().unwrap(), 3, "{method:?}");
        assert!(path.len() > 2);
        let h = match method {
            Method::AlgA | Method::AlgAM => Num::Int(4),
            _ => Num::Int(0),
        };
        assert_eq!(out.cost, h + arc_sum(graph, &path), "{method:?}");
    }
}
