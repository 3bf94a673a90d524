//! Jump Point Search on real game maps: search-core's `grid::jps` (8-connected, both corner rules)
//! and `grid::jps4` (4-connected) beside `grid_pathfinding` 0.3 (the other Rust JPS, with its
//! 8-connected and its 4-connected mode) and beside `pathfinding`'s A* and breadth-first search on
//! the same closures, on seeded random queries inside each map's largest region. Our costs are
//! checked against `pathfinding`'s first; the timings are interleaved minimums of several rounds
//! (forward order on even rounds, backward on odd ones).
//!
//! `grid_pathfinding` has no corner rule: its diagonal step needs only the cell it enters free, so
//! its 8-connected answers are neither of our rules' (the count of queries where its cost differs
//! from ours with cutting is printed); its 4-connected answers are compared step for step.
//!
//! `cargo run --release -p benches --example jps_timing [ROUNDS [QUERIES]]` (`MAPS=a,b`: other
//! maps, `SCEN=a.scen,b.scen`: the queries of scenario files, as for `movingai_timing`)

use benches::movingai::{
    DIAGONAL, Map, Query, STRAIGHT, chosen_maps, chosen_queries, rounds_and_queries, time_queries,
};
use grid_pathfinding::PathingGrid;
use grid_util::grid::ValueGrid;
use grid_util::point::Point;
use search_core::grid::{Corners, Grid, Octile, jps, jps4};
use std::time::Duration;

/// One way of answering a query: its cost.
type Run<'a> = &'a dyn Fn(&Query) -> Option<u32>;

/// The cost of a path of king moves.
fn cost(path: &[(usize, usize)]) -> u32 {
    path.windows(2)
        .map(|w| {
            if w[0].0 != w[1].0 && w[0].1 != w[1].1 {
                DIAGONAL
            } else {
                STRAIGHT
            }
        })
        .sum()
}

/// A*'s cost under `corners` with `pathfinding`.
fn astar(grid: &Grid, (s, g): Query, corners: Corners) -> Option<u32> {
    let successors = |&(x, y): &(usize, usize)| {
        grid.king_moves(x, y, corners)
            .map(|(cell, diagonal)| (cell, if diagonal { DIAGONAL } else { STRAIGHT }))
            .collect::<Vec<_>>()
    };
    pathfinding::prelude::astar(&s, successors, |&c| Map::octile(c, g), |&c| c == g).map(|p| p.1)
}

/// A*'s step count with rook moves, `pathfinding`.
fn astar4(map: &Map, (s, g): Query) -> Option<u32> {
    let manhattan = |&(x, y): &(usize, usize)| (x.abs_diff(g.0) + y.abs_diff(g.1)) as u32;
    let successors = |&c: &(usize, usize)| map.four_moves(c).map(|n| (n, 1));
    pathfinding::prelude::astar(&s, successors, manhattan, |&c| c == g).map(|p| p.1)
}

/// Breadth-first search's step count with rook moves, `pathfinding`.
fn bfs4(map: &Map, (s, g): Query) -> Option<u32> {
    pathfinding::prelude::bfs(&s, |&c| map.four_moves(c), |&c| c == g).map(|p| p.len() as u32 - 1)
}

/// `grid_pathfinding`'s grid of `map`, 8-connected or 4-connected, its components computed.
fn peer_grid(map: &Map, diagonal: bool) -> PathingGrid {
    let mut peer = PathingGrid::new(map.width, map.height, false);
    peer.allow_diagonal_move = diagonal;
    for y in 0..map.height {
        for x in 0..map.width {
            peer.set(x as i32, y as i32, !map.is_open(x as isize, y as isize));
        }
    }
    peer.generate_components();
    peer
}

/// `grid_pathfinding`'s path from `s` to `g` as cells.
fn peer_path(peer: &PathingGrid, (s, g): Query) -> Option<Vec<(usize, usize)>> {
    let point = |(x, y): (usize, usize)| Point::new(x as i32, y as i32);
    peer.get_path_single_goal(point(s), point(g), false)
        .map(|p| p.iter().map(|q| (q.x as usize, q.y as usize)).collect())
}

/// The best time of each run over `rounds` interleaved rounds.
fn best_times(runs: &[(&str, Run<'_>, usize)], queries: &[Query], rounds: usize) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; runs.len()];
    for round in 0..rounds {
        for k in 0..runs.len() {
            let k = if round % 2 == 0 {
                k
            } else {
                runs.len() - 1 - k
            };
            best[k] = best[k].min(time_queries(runs[k].1, queries));
        }
    }
    best
}

fn main() {
    let (rounds, count) = rounds_and_queries();
    for map in chosen_maps() {
        let name = &map.name;
        let queries = chosen_queries(&map, count);
        if queries.is_empty() {
            println!("{name}: no query in the scenario files");
            continue;
        }
        let grid = &map.grid();
        let (peer8, peer4) = (peer_grid(&map, true), peer_grid(&map, false));
        let ours = |corners| {
            move |&(s, g): &Query| jps(grid, s, g, Octile::default(), corners).map(|f| f.cost)
        };
        let (no_cut, cut) = (ours(Corners::NoCutting), ours(Corners::Cutting));
        let four = |&(s, g): &Query| jps4(grid, s, g).map(|f| f.cost);
        let theirs8 = |&q: &Query| peer_path(&peer8, q).map(|p| cost(&p));
        let theirs4 = |&q: &Query| peer_path(&peer4, q).map(|p| p.len() as u32 - 1);
        let mut differs = [0; 2];
        for &q in &queries {
            assert_eq!(
                no_cut(&q),
                astar(grid, q, Corners::NoCutting),
                "{name} {q:?}"
            );
            assert_eq!(cut(&q), astar(grid, q, Corners::Cutting), "{name} {q:?}");
            assert_eq!(four(&q), bfs4(&map, q), "{name} {q:?}");
            differs[0] += usize::from(theirs8(&q) != cut(&q));
            differs[1] += usize::from(theirs4(&q) != four(&q));
        }
        // Each run with the index of the run it is compared with.
        let runs: [(&str, Run<'_>, usize); 8] = [
            ("jps, no corner cutting", &no_cut, 2),
            ("jps, corner cutting", &cut, 2),
            ("grid_pathfinding, 8 moves", &theirs8, 2),
            (
                "pathfinding astar (no cutting)",
                &|&q: &Query| astar(grid, q, Corners::NoCutting),
                2,
            ),
            ("jps4, 4 moves", &four, 5),
            ("grid_pathfinding, 4 moves", &theirs4, 5),
            (
                "pathfinding astar, 4 moves",
                &|&q: &Query| astar4(&map, q),
                5,
            ),
            ("pathfinding bfs, 4 moves", &|&q: &Query| bfs4(&map, q), 5),
        ];
        let best = best_times(&runs, &queries, rounds);
        println!(
            "{name} ({}x{}, {} queries; grid_pathfinding's cost differs from ours on {} with 8 moves (ours cutting), {} with 4)",
            map.width,
            map.height,
            queries.len(),
            differs[0],
            differs[1]
        );
        for (k, (label, _, peer)) in runs.iter().enumerate() {
            println!(
                "  {label:<32} {:>8.2} ms   {:.3}x grid_pathfinding",
                best[k].as_secs_f64() * 1e3,
                best[k].as_secs_f64() / best[*peer].as_secs_f64()
            );
        }
    }
}
