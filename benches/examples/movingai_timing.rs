//! search-core against pathfinding on real game maps, called the way a `pathfinding` user calls
//! it: the same start, the same successor closure over `(x, y)` cells, the same heuristic.
//! Interleaved min-of-N timings (robust on a loaded machine), answers checked equal first.
//!
//! `cargo run --release -p benches --example movingai_timing [ROUNDS [QUERIES]]`; `ONLY=text`
//! times only the calls whose name contains `text` (`ONLY=uniform`, `ONLY=indexed::astar`);
//! `MAPS=a,b` other maps than the kept three (names under `benches/data/movingai/`, or paths of
//! `.map` files); `SCEN=a.scen,b.scen` the queries of Moving AI scenario files instead of random
//! ones (all of each map's, whatever QUERIES says), and checks A*'s costs against the optimal
//! lengths the files give; `FAULTS=1` also prints the minor page faults each crate's timed
//! rounds took (Linux).

use benches::movingai::{
    Map, MapQuery, Query, Scenario, agrees_with_optimal, chosen_maps, chosen_queries,
    chosen_scenarios, minor_faults, rounds_and_queries, time_queries,
};
use search_core::{
    astar_fn, bidirectional_bfs_fn, bidirectional_uniform_cost_fn, breadth_first_fn, indexed,
    uniform_cost_fn,
};
use std::cell::Cell;
use std::time::Duration;

/// One query run by one crate: the answer (a cost or a path length).
type Run<'a> = &'a dyn Fn(&Query) -> Option<u64>;

/// What a pass over the maps does: check every row's answers, or time the rows.
#[derive(Clone, Copy, PartialEq)]
enum Pass {
    Check,
    Time,
}

fn compare(
    name: &str,
    ours: Run<'_>,
    theirs: Run<'_>,
    queries: &[Query],
    rounds: usize,
    pass: Pass,
) {
    if std::env::var("ONLY").is_ok_and(|only| !name.contains(&only)) {
        return;
    }
    if pass == Pass::Check {
        for q in queries {
            assert_eq!(ours(q), theirs(q), "{name}: {q:?}");
        }
        return;
    }
    let (mut best_ours, mut best_theirs) = (Duration::MAX, Duration::MAX);
    // The page faults each crate's timed rounds took (FAULTS=1 prints them).
    let (mut faults_ours, mut faults_theirs) = (0, 0);
    let timed = |run: Run<'_>, best: &mut Duration, faults: &mut u64| {
        let before = minor_faults().unwrap_or(0);
        *best = (*best).min(time_queries(run, queries));
        *faults += minor_faults().unwrap_or(0).saturating_sub(before);
    };
    for round in 0..rounds {
        if round % 2 == 0 {
            timed(ours, &mut best_ours, &mut faults_ours);
            timed(theirs, &mut best_theirs, &mut faults_theirs);
        } else {
            timed(theirs, &mut best_theirs, &mut faults_theirs);
            timed(ours, &mut best_ours, &mut faults_ours);
        }
    }
    let faults = if std::env::var_os("FAULTS").is_some() {
        format!("  page faults ours {faults_ours} pathfinding {faults_theirs}")
    } else {
        String::new()
    };
    println!(
        "  {name:<28} ours {:>8.1} ms  pathfinding {:>8.1} ms  ratio {:.2}{faults}",
        best_ours.as_secs_f64() * 1e3,
        best_theirs.as_secs_f64() * 1e3,
        best_ours.as_secs_f64() / best_theirs.as_secs_f64()
    );
}

/// Prints how many of the scenario's optimal lengths A*'s costs agree with.
fn check_optimal(m: &Map, list: &[Scenario]) {
    let agree = list
        .iter()
        .filter(|s| {
            let (start, goal) = s.query;
            let found = astar_fn(
                &start,
                |&c| m.octile_moves(c),
                |&c| Map::octile(c, goal),
                |&c| c == goal,
            );
            found
                .path
                .is_some_and(|p| agrees_with_optimal(u64::from(p.cost), s.optimal))
        })
        .count();
    println!(
        "  optimal lengths: {agree} of {} agree with the scenario files",
        list.len()
    );
}

fn main() {
    let (rounds, count) = rounds_and_queries();
    let maps: Vec<_> = chosen_maps()
        .into_iter()
        .map(|map| {
            let queries = chosen_queries(&map, count);
            (map, queries)
        })
        .collect();
    // Every answer on every map is checked before anything is timed, so that each crate's
    // timed rounds, on the first map too, find the heap as large as the biggest search left it:
    // neither pays for page faults the other does not (`FAULTS=1` shows them).
    for (map, queries) in &maps {
        rows(map, queries, rounds, Pass::Check);
    }
    for (map, queries) in &maps {
        rows(map, queries, rounds, Pass::Time);
    }
}

/// Checks (`Pass::Check`) or times and prints (`Pass::Time`) every row on `map`.
fn rows(map: &Map, queries: &[Query], rounds: usize, pass: Pass) {
    if queries.is_empty() {
        if pass == Pass::Time {
            println!("{}: no query in the scenario files", map.name);
        }
        return;
    }
    if pass == Pass::Time {
        println!(
            "{} ({}x{}, {} queries)",
            map.name,
            map.width,
            map.height,
            queries.len()
        );
        if let Some(list) = chosen_scenarios(map) {
            check_optimal(map, &list);
        }
    }
    // One row: our call against theirs on this map's queries, in this pass.
    let row = |name: &str, ours: Run<'_>, theirs: Run<'_>| {
        compare(name, ours, theirs, queries, rounds, pass);
    };
    astar_rows(map, &row);
    other_rows(map, &row);
    if pass == Pass::Time {
        successor_calls(map, queries);
    }
}

/// A row: its name, our call and `pathfinding`'s.
type Row<'r> = &'r dyn Fn(&str, Run<'_>, Run<'_>);

/// The A* rows: hashed, indexed and the trait form, each beside `pathfinding`'s `astar`.
fn astar_rows(m: &Map, row: Row<'_>) {
    let theirs_astar = |&(s, g): &Query| {
        pathfinding::prelude::astar(
            &s,
            |&c| m.octile_moves(c),
            |&c| Map::octile(c, g),
            |&c| c == g,
        )
        .map(|p| u64::from(p.1))
    };
    row(
        "astar_fn / astar",
        &|&(s, g)| {
            astar_fn(
                &s,
                |&c| m.octile_moves(c),
                |&c| Map::octile(c, g),
                |&c| c == g,
            )
            .path
            .map(|p| u64::from(p.cost))
        },
        &theirs_astar,
    );
    let (n, index) = (m.cells(), |&c: &(usize, usize)| m.index(c));
    row(
        "indexed::astar_fn / astar",
        &|&(s, g)| {
            indexed::astar_fn(
                &s,
                n,
                index,
                |&c| m.octile_moves(c),
                |&c| Map::octile(c, g),
                |&c| c == g,
            )
            .path
            .map(|p| u64::from(p.cost))
        },
        &theirs_astar,
    );
    row(
        "astar (trait, dense) / astar",
        &|&query| {
            search_core::astar(&MapQuery { map: m, query })
                .path
                .map(|p| u64::from(p.cost))
        },
        &theirs_astar,
    );
}

/// The breadth-first and uniform-cost rows, beside `pathfinding`'s `bfs`, `dijkstra`,
/// `bfs_bidirectional` and `dijkstra_bidirectional`.
fn other_rows(m: &Map, row: Row<'_>) {
    let theirs_dijkstra = |&(s, g): &Query| {
        pathfinding::prelude::dijkstra(&s, |&c| m.octile_moves(c), |&c| c == g)
            .map(|p| u64::from(p.1))
    };
    let theirs_bfs = |&(s, g): &Query| {
        pathfinding::prelude::bfs(&s, |&c| m.four_moves(c), |&c| c == g).map(|p| p.len() as u64)
    };
    let theirs_bidirectional = |&(s, g): &Query| {
        let next = |&c: &(usize, usize)| m.four_moves(c);
        pathfinding::prelude::bfs_bidirectional(&s, &g, next, next).map(|p| p.len() as u64)
    };
    let theirs_bidirectional_uniform = |&(s, g): &Query| {
        let next = |&c: &(usize, usize)| m.octile_moves(c);
        pathfinding::prelude::dijkstra_bidirectional(&s, &g, next, next).map(|p| u64::from(p.1))
    };
    let (n, index) = (m.cells(), |&c: &(usize, usize)| m.index(c));
    row(
        "indexed::breadth_first_fn / bfs",
        &|&(s, g)| {
            indexed::breadth_first_fn(&s, n, index, |&c| m.four_moves(c), |&c| c == g)
                .path
                .map(|p| p.states.len() as u64)
        },
        &theirs_bfs,
    );
    row(
        "uniform_cost_fn / dijkstra",
        &|&(s, g)| {
            uniform_cost_fn(&s, |&c| m.octile_moves(c), |&c| c == g)
                .path
                .map(|p| u64::from(p.cost))
        },
        &theirs_dijkstra,
    );
    row(
        "indexed::uniform_cost_fn / dijkstra",
        &|&(s, g)| {
            indexed::uniform_cost_fn(&s, n, index, |&c| m.octile_moves(c), |&c| c == g)
                .path
                .map(|p| u64::from(p.cost))
        },
        &theirs_dijkstra,
    );
    row(
        "breadth_first_fn / bfs",
        &|&(s, g)| {
            breadth_first_fn(&s, |&c| m.four_moves(c), |&c| c == g)
                .path
                .map(|p| p.states.len() as u64)
        },
        &theirs_bfs,
    );
    row(
        "bidirectional_bfs_fn / bfs_bidirectional",
        &|&(s, g)| {
            bidirectional_bfs_fn(&s, &g, |&c| m.four_moves(c), |&c| m.four_moves(c))
                .path
                .map(|p| p.states.len() as u64)
        },
        &theirs_bidirectional,
    );
    row(
        "indexed::bidirectional_bfs_fn / bfs_bidirectional",
        &|&(s, g)| {
            let next = |&c: &(usize, usize)| m.four_moves(c);
            indexed::bidirectional_bfs_fn(&s, &g, n, index, next, next)
                .path
                .map(|p| p.states.len() as u64)
        },
        &theirs_bidirectional,
    );
    row(
        "bidirectional_uniform_cost_fn / dijkstra_bidirectional",
        &|&(s, g)| {
            let next = |&c: &(usize, usize)| m.octile_moves(c);
            bidirectional_uniform_cost_fn(&s, &g, next, next)
                .path
                .map(|p| u64::from(p.cost))
        },
        &theirs_bidirectional_uniform,
    );
    row(
        "indexed::bidirectional_uniform_cost_fn / dijkstra_bidirectional",
        &|&(s, g)| {
            let next = |&c: &(usize, usize)| m.octile_moves(c);
            indexed::bidirectional_uniform_cost_fn(&s, &g, n, index, next, next)
                .path
                .map(|p| u64::from(p.cost))
        },
        &theirs_bidirectional_uniform,
    );
}

/// Prints how often each crate's A*, bidirectional breadth-first search and bidirectional
/// uniform-cost search call the user's closures on `queries`.
fn successor_calls(m: &Map, queries: &[Query]) {
    let octile = |n: &Cell<u64>, c| {
        n.set(n.get() + 1);
        m.octile_moves(c)
    };
    let four = |n: &Cell<u64>, c| {
        n.set(n.get() + 1);
        m.four_moves(c)
    };
    let (h, goal) = (Map::octile, |g| move |&c: &(usize, usize)| c == g);
    print_calls(
        "A* successor",
        queries,
        |(s, g), n| drop(astar_fn(&s, |&c| octile(n, c), |&c| h(c, g), goal(g))),
        |(s, g), n| {
            drop(pathfinding::prelude::astar(
                &s,
                |&c| octile(n, c),
                |&c| h(c, g),
                goal(g),
            ))
        },
    );
    print_calls(
        "bidirectional successor and predecessor",
        queries,
        |(s, g), n| {
            drop(bidirectional_bfs_fn(
                &s,
                &g,
                |&c| four(n, c),
                |&c| four(n, c),
            ))
        },
        |(s, g), n| {
            drop(pathfinding::prelude::bfs_bidirectional(
                &s,
                &g,
                |&c| four(n, c),
                |&c| four(n, c),
            ))
        },
    );
    print_calls(
        "bidirectional uniform-cost successor and predecessor",
        queries,
        |(s, g), n| {
            drop(bidirectional_uniform_cost_fn(
                &s,
                &g,
                |&c| octile(n, c),
                |&c| octile(n, c),
            ))
        },
        |(s, g), n| {
            let next = |&c: &(usize, usize)| octile(n, c);
            drop(pathfinding::prelude::dijkstra_bidirectional(
                &s, &g, next, next,
            ))
        },
    );
}

/// Prints the calls each crate's search makes of the closures over `queries`: `ours` and
/// `theirs` run one query with closures that count their calls in the cell given.
fn print_calls(
    what: &str,
    queries: &[Query],
    ours: impl Fn(Query, &Cell<u64>),
    theirs: impl Fn(Query, &Cell<u64>),
) {
    let (o, t) = (Cell::new(0u64), Cell::new(0u64));
    for &query in queries {
        ours(query, &o);
        theirs(query, &t);
    }
    println!("  {what} calls: ours {} pathfinding {}", o.get(), t.get());
}
