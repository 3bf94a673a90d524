//! Jump Point Search on real game maps: search-core's `grid::jps` beside `grid_pathfinding` 0.3
//! (the other Rust JPS) and beside A* (`pathfinding`'s, on the same closures), on seeded random
//! queries inside each map's largest region. Costs are checked against A* first; the timings are
//! interleaved minimums of several rounds.
//!
//! `cargo run --release -p benches --example jps_timing [ROUNDS [QUERIES]]`

use benches::movingai::{DIAGONAL, MAPS, Map, Query, STRAIGHT, rounds_and_queries, time_queries};
use grid_pathfinding::PathingGrid;
use grid_util::grid::ValueGrid;
use grid_util::point::Point;
use search_core::grid::{Corners, Grid, Octile, jps};
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

fn main() {
    let (rounds, count) = rounds_and_queries();
    for name in MAPS {
        let map = Map::load(name);
        let queries = map.queries(count, 7);
        let mut grid = Grid::new(map.width, map.height);
        let mut theirs: PathingGrid = PathingGrid::new(map.width, map.height, false);
        for y in 0..map.height {
            for x in 0..map.width {
                let blocked = !map.is_open(x as isize, y as isize);
                grid.set_blocked(x, y, blocked);
                theirs.set(x as i32, y as i32, blocked);
            }
        }
        theirs.generate_components();
        let grid = &grid;
        let ours = |corners| {
            move |&(s, g): &Query| jps(grid, s, g, Octile::default(), corners).map(|f| f.cost)
        };
        let no_cut = ours(Corners::NoCutting);
        let cut = ours(Corners::Cutting);
        let peer = |&(s, g): &Query| {
            let point = |(x, y): (usize, usize)| Point::new(x as i32, y as i32);
            theirs
                .get_path_single_goal(point(s), point(g), false)
                .map(|p| {
                    cost(
                        &p.iter()
                            .map(|q| (q.x as usize, q.y as usize))
                            .collect::<Vec<_>>(),
                    )
                })
        };
        let mut peer_differs = 0;
        for &q in &queries {
            assert_eq!(
                no_cut(&q),
                astar(grid, q, Corners::NoCutting),
                "{name} {q:?}"
            );
            assert_eq!(cut(&q), astar(grid, q, Corners::Cutting), "{name} {q:?}");
            peer_differs += usize::from(peer(&q) != cut(&q));
        }
        let runs: [(&str, Run<'_>); 4] = [
            ("jps, no corner cutting", &no_cut),
            ("jps, corner cutting", &cut),
            ("grid_pathfinding", &peer),
            ("pathfinding astar (no cutting)", &|&q: &Query| {
                astar(grid, q, Corners::NoCutting)
            }),
        ];
        let mut best = [Duration::MAX; 4];
        for round in 0..rounds {
            for k in 0..4 {
                let k = if round % 2 == 0 { k } else { 3 - k };
                best[k] = best[k].min(time_queries(runs[k].1, &queries));
            }
        }
        println!(
            "{name} ({}x{}, {count} queries; grid_pathfinding's cost differs from ours with cutting on {peer_differs})",
            map.width, map.height
        );
        for (k, (label, _)) in runs.iter().enumerate() {
            println!(
                "  {label:<32} {:>8.2} ms   {:.2}x grid_pathfinding",
                best[k].as_secs_f64() * 1e3,
                best[k].as_secs_f64() / best[2].as_secs_f64()
            );
        }
    }
}
