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

/// How many heap pushes a Dijkstra that pushes only improved distances (as `pathfinding` does)
/// makes before popping `goal`.
fn improving_pushes(map: &RoadMap, start: u32, goal: u32) -> usize {
    use std::cmp::Reverse;
    let mut best = vec![f64::INFINITY; map.city_count()];
    let mut done = vec![false; map.city_count()];
    let mut heap = std::collections::BinaryHeap::new();
    let key = |g: f64| Reverse(g.to_bits()); // non-negative: bit order is numeric order
    best[start as usize] = 0.0;
    heap.push((key(0.0), start));
    let mut pushes = 1;
    while let Some((Reverse(bits), city)) = heap.pop() {
        let g = f64::from_bits(bits);
        if city == goal {
            break;
        }
        if std::mem::replace(&mut done[city as usize], true) {
            continue;
        }
        let (targets, lengths) = map.roads(city);
        for (&t, &l) in targets.iter().zip(lengths) {
            if !done[t as usize] && g + l < best[t as usize] {
                best[t as usize] = g + l;
                heap.push((key(g + l), t));
                pushes += 1;
            }
        }
    }
    pushes
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
    // Alternate the two searches so that both see the same machine load.
    let (mut ours, mut peers) = (Vec::new(), Vec::new());
    let (mut outcome, mut theirs) = (None, None);
    for _ in 0..runs {
        let (t, out) = best(1, || find_route(&map, o, d, None));
        ours.push(t);
        outcome = Some(out);
        let (t, out) = best(1, || {
            dijkstra(
                &start,
                |c| tenths[*c as usize].iter().copied(),
                |c| *c == goal,
            )
        });
        peers.push(t);
        theirs = Some(out);
    }
    let (outcome, theirs) = (outcome.unwrap(), theirs.unwrap());
    println!(
        "heap pushes: search-core {} (every generated node), a decrease-key Dijkstra {}",
        outcome.stats.generated,
        improving_pushes(&map, start, goal)
    );
    ours.sort();
    peers.sort();
    let (search, peer) = (ours[runs / 2], peers[runs / 2]);
    println!(
        "best: search {:.1} ms, pathfinding {:.1} ms",
        ours[0].as_secs_f64() * 1e3,
        peers[0].as_secs_f64() * 1e3
    );
    let distance = outcome.route.as_ref().map(|r| r.distance);
    let their = theirs.map(|(_, c)| c as f64 / 10.0);
    println!(
        "median: search {:.1} ms ({:?}), pathfinding dijkstra {:.1} ms; ratio {:.2}; {distance:?} vs {their:?}",
        search.as_secs_f64() * 1e3,
        outcome.stats,
        peer.as_secs_f64() * 1e3,
        search.as_secs_f64() / peer.as_secs_f64()
    );
}
