//! Interleaved min-of-N timings of search-core against pathfinding on the 1000x1000 grid: robust
//! on a loaded machine, where criterion's medians wander.
//! `cargo run --release -p benches --example grid_timing [ROUNDS [SIDE [ONLY]]]`.

use benches::{GridProblem, WeightedGrid};
use search_core::{Priority, astar, best_first, uniform_cost};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let side = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let only: Option<usize> = args.get(3).and_then(|a| a.parse().ok());
    let grid = WeightedGrid::random(side, 42);
    let goal = grid.cost.len() - 1;
    let problem = GridProblem::dense(&grid);
    let rounds = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut best = [Duration::MAX; 6];
    let names = [
        "search_core::uniform_cost",
        "search_core::best_first(g) plain loop",
        "pathfinding::dijkstra",
        "search_core::astar",
        "search_core::best_first(g+h) plain loop",
        "pathfinding::astar",
    ];
    for _ in 0..rounds {
        let runs: [&dyn Fn() -> u32; 6] = [
            &|| uniform_cost(&problem).path.unwrap().cost,
            &|| best_first(&problem, Priority::PathCost).path.unwrap().cost,
            &|| {
                pathfinding::prelude::dijkstra(&0, |&c| grid.successors(c), |&c| c == goal)
                    .unwrap()
                    .1
            },
            &|| astar(&problem).path.unwrap().cost,
            &|| {
                best_first(&problem, Priority::PathCostPlusHeuristic)
                    .path
                    .unwrap()
                    .cost
            },
            &|| {
                pathfinding::prelude::astar(
                    &0,
                    |&c| grid.successors(c),
                    |&c| grid.manhattan_to_corner(c),
                    |&c| c == goal,
                )
                .unwrap()
                .1
            },
        ];
        for (i, run) in runs.iter().enumerate() {
            if only.is_some_and(|o| o != i) {
                continue;
            }
            let t = Instant::now();
            black_box(run());
            best[i] = best[i].min(t.elapsed());
        }
    }
    for (name, t) in names.iter().zip(best) {
        println!("{name:<42} {:>8.1} ms", t.as_secs_f64() * 1e3);
    }
    println!(
        "ratio uniform_cost / dijkstra = {:.2}, astar / astar = {:.2}",
        best[0].as_secs_f64() / best[2].as_secs_f64(),
        best[3].as_secs_f64() / best[5].as_secs_f64()
    );
}
