//! One crate's A* (or another call) on one map, for `perf`: `movingai_probe
//! ours|indexed|dense|theirs [ALGO [MAP]]` (ALGO: astar, ucs, bfs, bidi and bucs (bidirectional
//! breadth-first and uniform-cost), fringe, dfs (`depth_first_graph_fn`), jps; `dense`: A* on a
//! `SearchProblem` with dense states;
//! MAP: a name under `benches/data/movingai/`, a synthetic map's name, or the path of a `.map`
//! file).
//! `QUERIES=N` queries (300), `SCEN=a.scen,b.scen` those of Moving AI scenario files, or
//! `CORNER=1` for the one corner-to-corner query (peak memory, read with `/usr/bin/time -v`).
//! `WARM=1` times a second pass over the queries; `FAULTS=1` prints the minor page faults the
//! timed pass took (Linux).
use benches::movingai::{Map, MapQuery};
use search_core::grid::{Corners, Octile};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let who = args.get(1).map_or("ours", String::as_str);
    let algo = args.get(2).map_or("astar", String::as_str);
    let map = Map::find(args.get(3).map_or("brc202d", String::as_str));
    let m = &map;
    let calls = std::cell::Cell::new(0u64);
    let n = std::env::var("QUERIES")
        .ok()
        .and_then(|q| q.parse().ok())
        .unwrap_or(300);
    // CORNER=1: the one corner-to-corner query (peak memory: `/usr/bin/time -v`).
    let queries = if std::env::var_os("CORNER").is_some() {
        vec![map.corner_query()]
    } else {
        benches::movingai::chosen_queries(&map, n)
    };
    // WARM=1: run the queries once untimed first (the allocator then reuses its memory, as in
    // the interleaved timings of `movingai_timing`).
    let passes = if std::env::var_os("WARM").is_some() {
        2
    } else {
        1
    };
    // `jps` and `jps-cutting`: search-core's Jump Point Search on the map's packed grid.
    let grid = algo.starts_with("jps").then(|| map.grid());
    let jps = |s, g, corners| {
        let grid = grid.as_ref().expect("the grid of a JPS probe");
        search_core::grid::jps(grid, s, g, Octile::default(), corners).map(|found| found.cost)
    };
    let mut faults = benches::movingai::minor_faults();
    let mut t = std::time::Instant::now();
    for (i, (s, g)) in std::iter::repeat_n(queries.iter().copied(), passes)
        .flatten()
        .enumerate()
    {
        if passes == 2 && i == queries.len() {
            faults = benches::movingai::minor_faults();
            t = std::time::Instant::now();
            calls.set(0);
        }
        let r = match (who, algo) {
            ("ours", "astar") => search_core::astar_fn(
                &s,
                |&c| m.octile_moves(c),
                |&c| Map::octile(c, g),
                |&c| c == g,
            )
            .path
            .map(|p| p.cost),
            ("theirs", "astar") => pathfinding::prelude::astar(
                &s,
                |&c| m.octile_moves(c),
                |&c| Map::octile(c, g),
                |&c| c == g,
            )
            .map(|p| p.1),
            ("ours", "ucs") => {
                search_core::uniform_cost_fn(&s, |&c| m.octile_moves(c), |&c| c == g)
                    .path
                    .map(|p| p.cost)
            }
            ("theirs", "ucs") => {
                pathfinding::prelude::dijkstra(&s, |&c| m.octile_moves(c), |&c| c == g).map(|p| p.1)
            }
            ("ours", "bfs") => search_core::breadth_first_fn(
                &s,
                |&c| {
                    calls.set(calls.get() + 1);
                    m.four_moves(c)
                },
                |&c| c == g,
            )
            .path
            .map(|p| p.states.len() as u32),
            ("theirs", "bfs") => pathfinding::prelude::bfs(
                &s,
                |&c| {
                    calls.set(calls.get() + 1);
                    m.four_moves(c)
                },
                |&c| c == g,
            )
            .map(|p| p.len() as u32),
            ("indexed", "astar") => search_core::indexed::astar_fn(
                &s,
                m.cells(),
                |&c| m.index(c),
                |&c| m.octile_moves(c),
                |&c| Map::octile(c, g),
                |&c| c == g,
            )
            .path
            .map(|p| p.cost),
            ("dense", "astar") => search_core::astar(&MapQuery {
                map: m,
                query: (s, g),
            })
            .path
            .map(|p| p.cost),
            ("indexed", "ucs") => search_core::indexed::uniform_cost_fn(
                &s,
                m.cells(),
                |&c| m.index(c),
                |&c| m.octile_moves(c),
                |&c| c == g,
            )
            .path
            .map(|p| p.cost),
            ("indexed", "bfs") => search_core::indexed::breadth_first_fn(
                &s,
                m.cells(),
                |&c| m.index(c),
                |&c| m.four_moves(c),
                |&c| c == g,
            )
            .path
            .map(|p| p.states.len() as u32),
            ("ours", "bidi") => {
                let next = |&c: &(usize, usize)| m.four_moves(c);
                search_core::bidirectional_bfs_fn(&s, &g, next, next)
                    .path
                    .map(|p| p.states.len() as u32)
            }
            ("indexed", "bidi") => {
                let next = |&c: &(usize, usize)| m.four_moves(c);
                search_core::indexed::bidirectional_bfs_fn(
                    &s,
                    &g,
                    m.cells(),
                    |&c| m.index(c),
                    next,
                    next,
                )
                .path
                .map(|p| p.states.len() as u32)
            }
            ("theirs", "bidi") => {
                let next = |&c: &(usize, usize)| m.four_moves(c);
                pathfinding::prelude::bfs_bidirectional(&s, &g, next, next).map(|p| p.len() as u32)
            }
            ("ours", "bucs") => {
                let next = |&c: &(usize, usize)| m.octile_moves(c);
                search_core::bidirectional_uniform_cost_fn(&s, &g, next, next)
                    .path
                    .map(|p| p.cost)
            }
            ("indexed", "bucs") => {
                let next = |&c: &(usize, usize)| m.octile_moves(c);
                let index = |&c: &(usize, usize)| m.index(c);
                search_core::indexed::bidirectional_uniform_cost_fn(
                    &s,
                    &g,
                    m.cells(),
                    index,
                    next,
                    next,
                )
                .path
                .map(|p| p.cost)
            }
            ("theirs", "bucs") => {
                let next = |&c: &(usize, usize)| m.octile_moves(c);
                pathfinding::prelude::dijkstra_bidirectional(&s, &g, next, next).map(|p| p.1)
            }
            ("ours" | "theirs", "fringe") => {
                let next = |&c: &(usize, usize)| m.octile_moves(c);
                let (h, done) = (|&c: &(usize, usize)| Map::octile(c, g), |&c: &_| c == g);
                if who == "ours" {
                    search_core::fringe_fn(&s, next, h, done)
                        .path
                        .map(|p| p.cost)
                } else {
                    pathfinding::prelude::fringe(&s, next, h, done).map(|p| p.1)
                }
            }
            ("ours", "dfs") => {
                search_core::depth_first_graph_fn(&s, |&c| m.four_moves(c), |&c| c == g)
                    .path
                    .map(|p| p.states.len() as u32)
            }
            ("theirs", "dfs") => pathfinding::prelude::dfs(s, |&c| m.four_moves(c), |&c| c == g)
                .map(|p| p.len() as u32),
            ("ours", "jps") => jps(s, g, Corners::NoCutting),
            ("ours", "jps-cutting") => jps(s, g, Corners::Cutting),
            ("none", _) => None,
            _ => panic!(
                "ours|theirs|indexed|none astar|ucs|bfs|bidi|bucs, ours|theirs fringe|dfs, dense astar, or ours jps|jps-cutting"
            ),
        };
        black_box(r);
    }
    let elapsed = t.elapsed();
    if std::env::var_os("FAULTS").is_some()
        && let (Some(before), Some(after)) = (faults, benches::movingai::minor_faults())
    {
        eprintln!("{who} {algo}: {} page faults", after.saturating_sub(before));
    }
    eprintln!("{who} {algo}: {elapsed:?}, {} successor calls", calls.get());
}
