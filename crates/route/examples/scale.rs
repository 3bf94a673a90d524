//! Times parse and search on a generated 1,000,000-road map, best of N runs (a quick check
//! between criterion runs, less sensitive to a busy machine): `cargo run --release -p route
//! --example scale [roads] [runs] [parse]` (`parse`: stop after timing the parse).

use pathfinding::prelude::dijkstra;
use rand::SeedableRng;
use rand::rngs::StdRng;
use route::{RoadMap, find_route, generate};
use std::time::{Duration, Instant};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        out = Some(value);
    }
    (best, out.expect("at least one run"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let roads: usize = args
        .next()
        .map_or(1_000_000, |a| a.parse().expect("road count"));
    let runs: usize = args.next().map_or(5, |a| a.parse().expect("run count"));
    let generated = generate::perturbed_grid(roads, &mut StdRng::seed_from_u64(2024));
    let text = &generated.text;
    let (parse, map) = best(runs, || RoadMap::parse(text, "generated").unwrap());
    let mb = text.len() as f64 / 1e6;
    let only = args.next();
    println!(
        "parse: {:.1} ms, {:.0} MB/s ({mb:.1} MB, {} cities)",
        parse.as_secs_f64() * 1e3,
        mb / parse.as_secs_f64(),
        map.city_count()
    );
    if only.as_deref() == Some("parse") {
        return;
    }
    let (o, d) = (&generated.origin, &generated.destination);
    let (search, outcome) = best(runs, || find_route(&map, o, d, None));
    let tenths: Vec<Vec<(u32, u64)>> = (0..map.city_count() as u32)
        .map(|c| {
            let (t, l) = map.roads(c);
            t.iter()
                .zip(l)
                .map(|(&t, &l)| (t, (l * 10.0).round() as u64))
                .collect()
        })
        .collect();
    let (start, goal) = (map.city(o).unwrap(), map.city(d).unwrap());
    let (peer, theirs) = best(runs, || {
        dijkstra(
            &start,
            |c| tenths[*c as usize].iter().copied(),
            |c| *c == goal,
        )
    });
    let distance = outcome.route.as_ref().map(|r| r.distance);
    let their = theirs.map(|(_, c)| c as f64 / 10.0);
    println!(
        "search: {:.1} ms ({:?}), pathfinding dijkstra: {:.1} ms; ratio {:.2}; {distance:?} vs {their:?}",
        search.as_secs_f64() * 1e3,
        outcome.stats,
        peer.as_secs_f64() * 1e3,
        search.as_secs_f64() / peer.as_secs_f64()
    );
}
