//! search-core side by side with `pathfinding`: A* and uniform-cost on a 1000x1000 grid with
//! random weights (and the closure front door against the trait form), the closure calls
//! (breadth-first, Dijkstra, the reach iterators) on the same grid, IDA* on Korf's
//! 15-puzzle instance 79, bidirectional breadth-first search, shortest-path trees and Yen's k
//! shortest paths; CSP backtracking on Sudoku and N-Queens; alpha-beta and the engine on
//! tic-tac-toe.
#![allow(missing_docs)]

use benches::{GridProblem, WeightedGrid, big_stack};
use criterion::{Criterion, criterion_group, criterion_main};
use search_core::test_support::queens_csp;
use search_core::{
    astar, astar_fn, bfs_reach, bidirectional_bfs_fn, bidirectional_uniform_cost_fn,
    breadth_first_fn, constraints::CspOptions, constraints::backtracking_search,
    constraints::count_solutions, dfs_reach, dijkstra_reach, games::Engine, games::alpha_beta,
    idastar, idastar_fn, k_shortest_paths_fn, shortest_path_tree_fn, uniform_cost, uniform_cost_fn,
};
use std::hint::black_box;

#[allow(dead_code, unreachable_pub)]
#[path = "../../crates/search-core/examples/tic_tac_toe.rs"]
mod tic_tac_toe;

#[allow(dead_code, unreachable_pub)]
#[path = "../../crates/search-core/examples/fifteen_puzzle.rs"]
mod fifteen_puzzle;

#[allow(dead_code, unreachable_pub)]
#[path = "../../crates/search-core/examples/sudoku.rs"]
mod sudoku;

fn grid_search(c: &mut Criterion) {
    let grid = WeightedGrid::random(1000, 42);
    let goal = grid.cost.len() - 1;
    let problem = GridProblem::dense(&grid);
    // Same answer first: a benchmark of different results would mean nothing.
    let ours = uniform_cost(&problem).path.expect("connected").cost;
    let theirs = pathfinding::prelude::dijkstra(&0, |&c| grid.successors(c), |&c| c == goal)
        .expect("connected")
        .1;
    assert_eq!(ours, theirs);
    assert_eq!(astar(&problem).path.expect("connected").cost, ours);

    let mut group = c.benchmark_group("grid_1000x1000");
    group.sample_size(10);
    group.bench_function("search_core::uniform_cost", |b| {
        b.iter(|| black_box(uniform_cost(&problem).path.map(|p| p.cost)))
    });
    group.bench_function("pathfinding::dijkstra", |b| {
        b.iter(|| {
            black_box(
                pathfinding::prelude::dijkstra(&0, |&c| grid.successors(c), |&c| c == goal)
                    .map(|r| r.1),
            )
        })
    });
    group.bench_function("search_core::astar", |b| {
        b.iter(|| black_box(astar(&problem).path.map(|p| p.cost)))
    });
    group.bench_function("pathfinding::astar", |b| {
        b.iter(|| {
            black_box(
                pathfinding::prelude::astar(
                    &0,
                    |&c| grid.successors(c),
                    |&c| grid.manhattan_to_corner(c),
                    |&c| c == goal,
                )
                .map(|r| r.1),
            )
        })
    });
    group.finish();
}

/// The one-call closure form against the trait form on the same grid: both without dense state
/// indices (closures cannot offer them), and the dense trait form for reference.
fn grid_front_door(c: &mut Criterion) {
    let grid = WeightedGrid::random(1000, 42);
    let goal = grid.cost.len() - 1;
    let closures = || {
        astar_fn(
            &0,
            |&c| grid.successors(c),
            |&c| grid.manhattan_to_corner(c),
            |&c| c == goal,
        )
    };
    let hashed = GridProblem::hashed(&grid);
    let (by_fn, by_trait) = (closures(), astar(&hashed));
    assert_eq!(by_fn.stats, by_trait.stats);
    assert_eq!(by_fn.path.map(|p| p.cost), by_trait.path.map(|p| p.cost));

    let mut group = c.benchmark_group("grid_1000x1000_front_door");
    group.sample_size(10);
    group.bench_function("astar_fn_closures", |b| {
        b.iter(|| black_box(closures().path.map(|p| p.cost)))
    });
    group.bench_function("astar_trait_hashed", |b| {
        b.iter(|| black_box(astar(&hashed).path.map(|p| p.cost)))
    });
    group.bench_function("astar_trait_dense", |b| {
        b.iter(|| black_box(astar(&GridProblem::dense(&grid)).path.map(|p| p.cost)))
    });
    group.finish();
}

/// The closure calls a `pathfinding` user ports one for one, on the 1000x1000 grid (10^6
/// states), the same closures for both crates: breadth-first (unit steps), Dijkstra, and the
/// three reach iterators walked to the end.
fn grid_closures(c: &mut Criterion) {
    let grid = WeightedGrid::random(1000, 42);
    let goal = grid.cost.len() - 1;
    let weighted = |&c: &usize| grid.successors(c);
    let unit = |&c: &usize| grid.successors(c).map(|(n, _)| n);
    let ours_bfs = breadth_first_fn(&0, unit, |&c| c == goal)
        .path
        .expect("connected");
    let theirs_bfs = pathfinding::prelude::bfs(&0, unit, |&c| c == goal).expect("connected");
    assert_eq!(ours_bfs.len(), theirs_bfs.len());
    let ours_ucs = uniform_cost_fn(&0, weighted, |&c| c == goal)
        .path
        .expect("connected");
    let theirs_ucs =
        pathfinding::prelude::dijkstra(&0, weighted, |&c| c == goal).expect("connected");
    assert_eq!(ours_ucs.cost, theirs_ucs.1);
    assert_eq!(bfs_reach(0, unit).count(), grid.cost.len());
    assert_eq!(
        pathfinding::prelude::bfs_reach(0, unit).count(),
        grid.cost.len()
    );
    assert_eq!(dfs_reach(0, unit).count(), grid.cost.len());
    assert_eq!(
        big_stack(|| pathfinding::prelude::dfs_reach(0, unit).count()),
        grid.cost.len()
    );
    let ours_far = dijkstra_reach(0, weighted).map(|r| r.total_cost).max();
    let theirs_far = pathfinding::prelude::dijkstra_reach(&0, |&c| grid.successors(c))
        .map(|r| r.total_cost)
        .max();
    assert_eq!(ours_far, theirs_far);

    let mut group = c.benchmark_group("grid_1000x1000_closures");
    group.sample_size(10);
    group.bench_function("search_core::breadth_first_fn", |b| {
        b.iter(|| {
            black_box(
                breadth_first_fn(&0, unit, |&c| c == goal)
                    .path
                    .map(|p| p.len()),
            )
        })
    });
    group.bench_function("pathfinding::bfs", |b| {
        b.iter(|| black_box(pathfinding::prelude::bfs(&0, unit, |&c| c == goal).map(|p| p.len())))
    });
    group.bench_function("search_core::uniform_cost_fn", |b| {
        b.iter(|| {
            black_box(
                uniform_cost_fn(&0, weighted, |&c| c == goal)
                    .path
                    .map(|p| p.cost),
            )
        })
    });
    group.bench_function("pathfinding::dijkstra", |b| {
        b.iter(|| {
            black_box(pathfinding::prelude::dijkstra(&0, weighted, |&c| c == goal).map(|r| r.1))
        })
    });
    group.bench_function("search_core::bfs_reach", |b| {
        b.iter(|| black_box(bfs_reach(0, unit).count()))
    });
    group.bench_function("pathfinding::bfs_reach", |b| {
        b.iter(|| black_box(pathfinding::prelude::bfs_reach(0, unit).count()))
    });
    group.bench_function("search_core::dfs_reach", |b| {
        b.iter(|| black_box(dfs_reach(0, unit).count()))
    });
    group.bench_function("pathfinding::dfs_reach", |b| {
        b.iter(|| {
            black_box(big_stack(|| {
                pathfinding::prelude::dfs_reach(0, unit).count()
            }))
        })
    });
    group.bench_function("search_core::dijkstra_reach", |b| {
        b.iter(|| black_box(dijkstra_reach(0, weighted).count()))
    });
    group.bench_function("pathfinding::dijkstra_reach", |b| {
        b.iter(|| {
            black_box(pathfinding::prelude::dijkstra_reach(&0, |&c| grid.successors(c)).count())
        })
    });
    group.finish();
}

/// IDA* on Korf's instance 79 (42 moves), Manhattan heuristic: trait form, closure form and
/// `pathfinding::directed::idastar`.
fn fifteen_idastar(c: &mut Criterion) {
    use fifteen_puzzle::{Fifteen, INSTANCES};
    let (board, optimal) = INSTANCES[0];
    let next = |b: &[u8; 16]| Fifteen::slides(b).map(|n| (n, 1u32)).collect::<Vec<_>>();
    let theirs = pathfinding::prelude::idastar(&board, next, Fifteen::manhattan, Fifteen::solved);
    assert_eq!(theirs.map(|t| t.1), Some(optimal));
    assert_eq!(idastar(&Fifteen(board)).path.map(|p| p.cost), Some(optimal));
    let mut group = c.benchmark_group("fifteen_puzzle_korf79_idastar");
    group.sample_size(10);
    group.bench_function("search_core::idastar", |b| {
        b.iter(|| black_box(idastar(&Fifteen(board)).path.map(|p| p.cost)))
    });
    group.bench_function("search_core::idastar_fn", |b| {
        b.iter(|| {
            let r = idastar_fn(&board, next, Fifteen::manhattan, Fifteen::solved);
            black_box(r.path.map(|p| p.cost))
        })
    });
    group.bench_function("pathfinding::idastar", |b| {
        b.iter(|| {
            let r =
                pathfinding::prelude::idastar(&board, next, Fifteen::manhattan, Fifteen::solved);
            black_box(r.map(|t| t.1))
        })
    });
    group.finish();
}

/// Bidirectional breadth-first search corner to corner on the 1000x1000 grid (unit steps; the
/// grid is undirected, so predecessors are successors).
fn grid_bidirectional(c: &mut Criterion) {
    let grid = WeightedGrid::random(1000, 42);
    let goal = grid.cost.len() - 1;
    let next = |&c: &usize| grid.successors(c).map(|(n, _)| n);
    side_by_side(
        c,
        "grid_1000x1000_bidirectional_bfs",
        ("search_core::bidirectional_bfs_fn", &|| {
            bidirectional_bfs_fn(&0, &goal, next, next)
                .path
                .map(|p| p.len())
        }),
        ("pathfinding::bfs_bidirectional", &|| {
            pathfinding::prelude::bfs_bidirectional(&0, &goal, next, next).map(|p| p.len())
        }),
    );
}

/// Bidirectional uniform-cost search (Dijkstra from both ends) corner to corner on the
/// 1000x1000 weighted grid: a step costs the cell entered, so a cell's predecessors are its
/// neighbours at its own cost.
fn grid_bidirectional_uniform(c: &mut Criterion) {
    let grid = WeightedGrid::random(1000, 42);
    let goal = grid.cost.len() - 1;
    let next = |&c: &usize| grid.successors(c);
    let prev = |&c: &usize| {
        let here = grid.cost[c];
        grid.successors(c).map(move |(n, _)| (n, here))
    };
    let one_way = uniform_cost_fn(&0, next, |&c| c == goal).path;
    side_by_side(
        c,
        "grid_1000x1000_bidirectional_uniform_cost",
        ("search_core::bidirectional_uniform_cost_fn", &|| {
            bidirectional_uniform_cost_fn(&0, &goal, next, prev)
                .path
                .map(|p| p.cost)
        }),
        ("pathfinding::dijkstra_bidirectional", &|| {
            pathfinding::prelude::dijkstra_bidirectional(&0, &goal, next, prev).map(|p| p.1)
        }),
    );
    assert_eq!(
        one_way.map(|p| p.cost),
        bidirectional_uniform_cost_fn(&0, &goal, next, prev)
            .path
            .map(|p| p.cost)
    );
}

/// A group of two calls, ours and `pathfinding`'s, each a name and a function; their answers
/// are checked equal first.
fn side_by_side<T: PartialEq + std::fmt::Debug>(
    c: &mut Criterion,
    group: &str,
    ours: (&str, &dyn Fn() -> T),
    theirs: (&str, &dyn Fn() -> T),
) {
    assert_eq!(ours.1(), theirs.1(), "{group}: the answers differ");
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    for (name, call) in [ours, theirs] {
        group.bench_function(name, |b| b.iter(|| black_box(call())));
    }
    group.finish();
}

/// All shortest paths from a corner of a 300x300 grid, and the 5 shortest loopless paths
/// across a 30x30 grid.
fn trees_and_yen(c: &mut Criterion) {
    let grid = WeightedGrid::random(300, 7);
    let next = |&c: &usize| grid.successors(c);
    let tree = shortest_path_tree_fn(&0, next);
    let theirs = pathfinding::prelude::dijkstra_all(&0, next);
    assert_eq!(tree.len(), theirs.len() + 1);
    assert!(
        theirs
            .iter()
            .all(|(s, (_, cost))| tree.cost(s) == Some(*cost))
    );
    let mut group = c.benchmark_group("grid_300x300_shortest_path_tree");
    group.sample_size(10);
    group.bench_function("search_core::shortest_path_tree_fn", |b| {
        b.iter(|| black_box(shortest_path_tree_fn(&0, next).len()))
    });
    group.bench_function("pathfinding::dijkstra_all", |b| {
        b.iter(|| black_box(pathfinding::prelude::dijkstra_all(&0, next).len()))
    });
    group.finish();

    let small = WeightedGrid::random(30, 7);
    let goal = small.cost.len() - 1;
    let next = |&c: &usize| small.successors(c);
    let (ours, _) = k_shortest_paths_fn(&0, next, |&c| c == goal, 5);
    let theirs = pathfinding::prelude::yen(&0, next, |&c| c == goal, 5);
    let our_costs: Vec<u32> = ours.iter().map(|p| p.cost).collect();
    let their_costs: Vec<u32> = theirs.iter().map(|t| t.1).collect();
    assert_eq!(our_costs, their_costs);
    let mut group = c.benchmark_group("grid_30x30_yen_k5");
    group.sample_size(10);
    group.bench_function("search_core::k_shortest_paths_fn", |b| {
        b.iter(|| black_box(k_shortest_paths_fn(&0, next, |&c| c == goal, 5).0.len()))
    });
    group.bench_function("pathfinding::yen", |b| {
        b.iter(|| black_box(pathfinding::prelude::yen(&0, next, |&c| c == goal, 5).len()))
    });
    group.finish();
}

/// CSP backtracking: the two hardest Sudoku puzzles and all 8-queens solutions.
fn csp(c: &mut Criterion) {
    let mut group = c.benchmark_group("csp");
    for (name, givens) in sudoku::PUZZLES {
        let puzzle = sudoku::sudoku(givens);
        group.bench_function(format!("sudoku {name} MRV+degree+FC"), |b| {
            b.iter(|| black_box(backtracking_search(&puzzle, CspOptions::fast()).0))
        });
    }
    let queens = queens_csp(8);
    assert_eq!(count_solutions(&queens, CspOptions::fast()).solutions, 92);
    group.bench_function("8-queens all 92 MRV+degree+FC", |b| {
        b.iter(|| black_box(count_solutions(&queens, CspOptions::fast()).solutions))
    });
    group.finish();
}

fn tic_tac_toe_search(c: &mut Criterion) {
    let start = tic_tac_toe::TicTacToe::default();
    let mut group = c.benchmark_group("tic_tac_toe");
    group.bench_function("alpha_beta", |b| {
        b.iter(|| black_box(alpha_beta(&start, None).value))
    });
    group.bench_function("engine_solve_fresh_table", |b| {
        b.iter(|| {
            let mut engine = Engine::new(14);
            black_box(engine.solve(&start).value)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    grid_search,
    grid_front_door,
    grid_closures,
    fifteen_idastar,
    grid_bidirectional,
    grid_bidirectional_uniform,
    trees_and_yen,
    csp,
    tic_tac_toe_search
);
criterion_main!(benches);
