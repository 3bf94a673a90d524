//! maze: the CS364 platform's six methods on the shipped 14x14 maze0 and on a generated 150x150
//! maze (a seeded recursive-backtracker maze with extra openings, start top-left, goal
//! bottom-right), and A*/BFS from search-core on the same mazes for scale.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use maze::grid::{EAST, NORTH, SOUTH, WEST};
use maze::{DEFAULT_GOALS, DEFAULT_START, Grid, MazeProblem, Method, platform};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

/// A perfect maze carved by an iterative randomized depth-first search, then `extra` random
/// walls opened (both sides) so that the maze has cycles.
fn generated(side: usize, extra: usize, seed: u64) -> Grid {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut cells = vec![0u8; side * side];
    let mut seen = vec![false; side * side];
    let neighbours = |i: usize| {
        let (r, c) = (i / side, i % side);
        let mut out: Vec<(usize, u8, u8)> = Vec::with_capacity(4);
        if r > 0 {
            out.push((i - side, NORTH, SOUTH));
        }
        if c + 1 < side {
            out.push((i + 1, EAST, WEST));
        }
        if r + 1 < side {
            out.push((i + side, SOUTH, NORTH));
        }
        if c > 0 {
            out.push((i - 1, WEST, EAST));
        }
        out
    };
    let mut stack = vec![0usize];
    seen[0] = true;
    while let Some(&i) = stack.last() {
        let fresh: Vec<_> = neighbours(i).into_iter().filter(|n| !seen[n.0]).collect();
        if fresh.is_empty() {
            stack.pop();
            continue;
        }
        let (j, out, back) = fresh[rng.random_range(0..fresh.len())];
        cells[i] |= out;
        cells[j] |= back;
        seen[j] = true;
        stack.push(j);
    }
    for _ in 0..extra {
        let i = rng.random_range(0..side * side);
        let all = neighbours(i);
        let (j, out, back) = all[rng.random_range(0..all.len())];
        cells[i] |= out;
        cells[j] |= back;
    }
    Grid::from_cells(side, side, cells)
}

fn bench(c: &mut Criterion) {
    let maze0 = Grid::maze0();
    let small = MazeProblem::new(&maze0, "maze0.txt", DEFAULT_START, &DEFAULT_GOALS).unwrap();
    let side = 150;
    let big_grid = generated(side, side * side / 20, 364);
    let corner = (side as u32 - 1, side as u32 - 1);
    let big = MazeProblem::new(&big_grid, "generated", (0, 0), &[corner]).unwrap();
    for (name, problem) in [("maze0", &small), ("gen150", &big)] {
        let mut group = c.benchmark_group(format!("maze/{name}"));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(2))
            .warm_up_time(Duration::from_millis(300));
        for method in Method::ALL {
            group.bench_function(method.name(), |b| {
                b.iter(|| platform::run(black_box(problem), method, None));
            });
        }
        group.bench_function("search-core astar", |b| {
            b.iter(|| search_core::astar(black_box(problem)));
        });
        group.bench_function("search-core bfs", |b| {
            b.iter(|| search_core::breadth_first(black_box(problem)));
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
