//! search-core: A* and uniform-cost on a 1000x1000 grid with random weights, side by side with
//! `pathfinding`'s `astar` and `dijkstra`; alpha-beta and the engine on tic-tac-toe.
#![allow(missing_docs)]

use benches::{GridProblem, HashedGridProblem, WeightedGrid};
use criterion::{Criterion, criterion_group, criterion_main};
use search_core::{Engine, alpha_beta, astar, astar_fn, uniform_cost};
use std::hint::black_box;

#[allow(dead_code, unreachable_pub)]
#[path = "../../crates/search-core/examples/tic_tac_toe.rs"]
mod tic_tac_toe;

fn grid_search(c: &mut Criterion) {
    let grid = WeightedGrid::random(1000, 42);
    let goal = grid.cost.len() - 1;
    let problem = GridProblem(&grid);
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
    let hashed = HashedGridProblem(&grid);
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
        b.iter(|| black_box(astar(&GridProblem(&grid)).path.map(|p| p.cost)))
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

criterion_group!(benches, grid_search, grid_front_door, tic_tac_toe_search);
criterion_main!(benches);
