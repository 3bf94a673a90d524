//! `route` at scale: a generated 1,000,000-road map (perturbed grid, random lengths).
//!
//! One group, `route_1m_roads`:
//! - `parse`: text to [`RoadMap`] (throughput in bytes);
//! - `parse+search`: parse, then uniform-cost search corner to far corner with exact counters;
//! - `search/route_ucs`: the search alone (search-core's `uniform_cost` via `find_route`);
//! - `search/pathfinding_dijkstra`: `pathfinding::prelude::dijkstra` on the same graph (same
//!   CSR, lengths as integer tenths since it needs `Ord` costs), without counters.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use pathfinding::prelude::dijkstra;
use rand::SeedableRng;
use rand::rngs::StdRng;
use route::{RoadMap, find_route, generate};
use std::hint::black_box;
use std::time::Duration;

const ROADS: usize = 1_000_000;

fn scale(c: &mut Criterion) {
    let generated = generate::perturbed_grid(ROADS, &mut StdRng::seed_from_u64(2024));
    let text = &generated.text;
    let (origin, destination) = (&generated.origin, &generated.destination);
    let map = RoadMap::parse(text, "generated").expect("generated map parses");
    assert_eq!(map.road_count(), ROADS);

    // The same graph for pathfinding: lengths in integer tenths (exact for one-decimal input).
    let tenths: Vec<Vec<(u32, u64)>> = (0..map.city_count() as u32)
        .map(|c| {
            let (targets, lengths) = map.roads(c);
            targets
                .iter()
                .zip(lengths)
                .map(|(&t, &l)| (t, (l * 10.0).round() as u64))
                .collect()
        })
        .collect();
    let (start, goal) = (map.city(origin).unwrap(), map.city(destination).unwrap());
    let ours = find_route(&map, origin, destination, None);
    let theirs = dijkstra(
        &start,
        |c| tenths[*c as usize].iter().copied(),
        |c| *c == goal,
    );
    let distance = ours.route.as_ref().expect("a route").distance;
    let their_distance = theirs.expect("a route").1 as f64 / 10.0;
    assert!(
        (distance - their_distance).abs() < 1e-6,
        "{distance} vs {their_distance}"
    );
    eprintln!(
        "route_1m_roads: {} bytes, {} cities, {} roads, {origin} to {destination}: {distance:.1} km, \
         popped {} expanded {} generated {}",
        text.len(),
        map.city_count(),
        map.road_count(),
        ours.stats.popped,
        ours.stats.expanded,
        ours.stats.generated,
    );

    let mut group = c.benchmark_group("route_1m_roads");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| RoadMap::parse(black_box(text), "generated").unwrap());
    });
    group.bench_function("parse+search", |b| {
        b.iter(|| {
            let map = RoadMap::parse(black_box(text), "generated").unwrap();
            find_route(&map, origin, destination, None).stats
        });
    });
    group.throughput(Throughput::Elements(ours.stats.generated));
    group.bench_function(BenchmarkId::new("search", "route_ucs"), |b| {
        b.iter(|| find_route(black_box(&map), origin, destination, None));
    });
    group.bench_function(BenchmarkId::new("search", "pathfinding_dijkstra"), |b| {
        b.iter(|| {
            dijkstra(
                black_box(&start),
                |c| tenths[*c as usize].iter().copied(),
                |c| *c == goal,
            )
        });
    });
    group.finish();
}

criterion_group!(benches, scale);
criterion_main!(benches);
