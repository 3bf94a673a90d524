//! Checks against independent oracles: `pathfinding`'s Dijkstra for distances, and a plain
//! transcription of the search loop (linear-scan frontier, adjacency rebuilt from the
//! text) for the exact counters and routes.

use crate::{Heuristic, RoadMap, find_route};
use pathfinding::prelude::{dijkstra, dijkstra_all};
use proptest::prelude::*;
use std::collections::HashMap;

/// A random map: roads `(a, b, quarters)` between cities `c0..c<n>`, lengths in quarter km
/// (exact in binary, so sums are exact and the integer oracle is comparable).
fn map_text(roads: &[(usize, usize, u64)]) -> String {
    let mut text = String::new();
    for &(a, b, q) in roads {
        text.push_str(&format!("c{a} c{b} {}\n", q as f64 / 4.0));
    }
    text.push_str("END OF INPUT\n");
    text
}

/// Adjacency rebuilt from the road list (not from the map's CSR): name -> [(name, quarters)].
fn adjacency(roads: &[(usize, usize, u64)]) -> HashMap<usize, Vec<(usize, u64)>> {
    let mut adj: HashMap<usize, Vec<(usize, u64)>> = HashMap::new();
    for &(a, b, q) in roads {
        adj.entry(a).or_default().push((b, q));
        adj.entry(b).or_default().push((a, q));
    }
    adj
}

fn oracle_distance(adj: &HashMap<usize, Vec<(usize, u64)>>, from: usize, to: usize) -> Option<u64> {
    let next = |c: &usize| adj.get(c).cloned().unwrap_or_default();
    dijkstra(&from, next, |c| *c == to).map(|(_, d)| d)
}

/// The loop written out plainly: returns (popped, expanded, generated, route cities).
fn reference_search(
    adj: &HashMap<usize, Vec<(usize, u64)>>,
    from: usize,
    to: usize,
    h: &dyn Fn(usize) -> f64,
) -> (u64, u64, u64, Option<Vec<usize>>) {
    // (f, g, city, parent node) per node; frontier holds node ids in insertion order.
    let mut nodes: Vec<(f64, f64, usize, usize)> = vec![(h(from), 0.0, from, usize::MAX)];
    let mut frontier = vec![0usize];
    let mut closed = Vec::new();
    let (mut popped, mut expanded, mut generated) = (0, 0, 1);
    while !frontier.is_empty() {
        // Lowest f; the first inserted among equals.
        let mut best = 0;
        for (i, &n) in frontier.iter().enumerate() {
            if nodes[n].0 < nodes[frontier[best]].0 {
                best = i;
            }
        }
        let id = frontier.remove(best);
        popped += 1;
        let (_, g, city, _) = nodes[id];
        if city == to {
            let mut route = vec![city];
            let mut at = id;
            while nodes[at].3 != usize::MAX {
                at = nodes[at].3;
                route.push(nodes[at].2);
            }
            route.reverse();
            return (popped, expanded, generated, Some(route));
        }
        if closed.contains(&city) {
            continue;
        }
        closed.push(city);
        expanded += 1;
        for &(next, q) in adj.get(&city).map_or(&[][..], Vec::as_slice) {
            let child_g = g + q as f64 / 4.0;
            nodes.push((child_g + h(next), child_g, next, id));
            frontier.push(nodes.len() - 1);
            generated += 1;
        }
    }
    (popped, expanded, generated, None)
}

fn roads_strategy() -> impl Strategy<Value = (usize, Vec<(usize, usize, u64)>)> {
    (1usize..9).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::vec((0..n, 0..n, 0u64..40), 0..24),
        )
    })
}

proptest! {
    #[test]
    fn ucs_distance_matches_dijkstra(
        (n, roads) in roads_strategy(),
        from in 0usize..10,
        to in 0usize..10,
    ) {
        let map = RoadMap::parse(&map_text(&roads), "random").unwrap();
        let adj = adjacency(&roads);
        let (from, to) = (from % (n + 1), to % (n + 1));
        let outcome = find_route(&map, &format!("c{from}"), &format!("c{to}"), None);
        let expected = if from == to {
            Some(0)
        } else {
            oracle_distance(&adj, from, to)
        };
        prop_assert_eq!(outcome.route.map(|r| r.distance), expected.map(|q| q as f64 / 4.0));
    }

    #[test]
    fn astar_with_a_consistent_heuristic_matches_dijkstra(
        (n, roads) in roads_strategy(),
        from in 0usize..10,
        to in 0usize..10,
        scale in 0u32..3,
    ) {
        let text = map_text(&roads);
        let map = RoadMap::parse(&text, "random").unwrap();
        let adj = adjacency(&roads);
        let (from, to) = (from % (n + 1), to % (n + 1));
        // Exact distances to the destination, scaled by 0, 1/2 or 1: consistent.
        let to_goal = dijkstra_all(&to, |c: &usize| adj.get(c).cloned().unwrap_or_default());
        let mut table = format!("c{to} 0\n");
        for (city, (_, q)) in &to_goal {
            table.push_str(&format!("c{city} {}\n", *q as f64 / 4.0 * f64::from(scale) / 2.0));
        }
        let h = Heuristic::parse(&table, "h").unwrap().for_map(&map);
        let outcome = find_route(&map, &format!("c{from}"), &format!("c{to}"), Some(&h));
        let expected = if from == to { Some(0) } else { oracle_distance(&adj, from, to) };
        prop_assert_eq!(outcome.route.map(|r| r.distance), expected.map(|q| q as f64 / 4.0));
    }

    #[test]
    fn counters_and_route_match_the_plain_loop(
        (n, roads) in roads_strategy(),
        from in 0usize..10,
        to in 0usize..10,
        h_quarters in prop::collection::vec(0u64..60, 10),
        with_h in any::<bool>(),
    ) {
        let map = RoadMap::parse(&map_text(&roads), "random").unwrap();
        let adj = adjacency(&roads);
        let (from, to) = (from % (n + 1), to % (n + 1));
        // Any heuristic, admissible or not: the counters must still follow the loop.
        let mut table = String::new();
        for (city, q) in h_quarters.iter().enumerate().take(n) {
            table.push_str(&format!("c{city} {}\n", *q as f64 / 4.0));
        }
        let table = Heuristic::parse(&table, "h").unwrap();
        let h_of = |city: usize| if with_h { table.value(&format!("c{city}")) } else { 0.0 };
        let by_city = table.for_map(&map);
        let outcome = find_route(
            &map,
            &format!("c{from}"),
            &format!("c{to}"),
            with_h.then_some(&by_city[..]),
        );
        let (popped, expanded, generated, route) = reference_search(&adj, from, to, &h_of);
        prop_assert_eq!(outcome.stats.popped, popped);
        prop_assert_eq!(outcome.stats.expanded, expanded);
        prop_assert_eq!(outcome.stats.generated, generated);
        let cities = outcome.route.map(|r| {
            let mut cities: Vec<usize> = r.legs.iter().map(|l| l.from[1..].parse().unwrap()).collect();
            cities.push(to);
            cities
        });
        prop_assert_eq!(cities, route);
    }
}

fn input1() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/find_route/input1.txt"
    );
    std::fs::read_to_string(path).expect("data/find_route/input1.txt")
}

/// Every ordered pair of cities of input1.txt: uniform-cost search and A* with a landmark
/// heuristic (max over landmarks of |d(L, goal) - d(L, city)|, which is consistent) agree on
/// the distance, and A* never expands more.
#[test]
fn ucs_and_astar_agree_on_every_pair_of_input1() {
    let text = input1();
    let map = RoadMap::parse(&text, "input1.txt").unwrap();
    let n = map.city_count() as u32;
    let next = |c: &u32| {
        let (targets, lengths) = map.roads(*c);
        targets
            .iter()
            .zip(lengths)
            .map(|(&t, &l)| (t, l as u64))
            .collect::<Vec<_>>()
    };
    let landmarks: Vec<HashMap<u32, u64>> = ["Luebeck", "Munich", "Saarbruecken", "London"]
        .iter()
        .map(|name| {
            let l = map.city(name).unwrap();
            let mut d: HashMap<u32, u64> = dijkstra_all(&l, next)
                .into_iter()
                .map(|(c, (_, d))| (c, d))
                .collect();
            d.insert(l, 0);
            d
        })
        .collect();
    let mut astar_smaller = 0;
    for goal in 0..n {
        let h: Vec<f64> = (0..n)
            .map(|c| {
                landmarks
                    .iter()
                    .filter_map(|d| Some(d.get(&goal)?.abs_diff(*d.get(&c)?)))
                    .max()
                    .unwrap_or(0) as f64
            })
            .collect();
        for origin in 0..n {
            let (o, g) = (map.name(origin), map.name(goal));
            let ucs = find_route(&map, o, g, None);
            let astar = find_route(&map, o, g, Some(&h));
            assert_eq!(
                ucs.route.as_ref().map(|r| r.distance),
                astar.route.as_ref().map(|r| r.distance),
                "{o} to {g}"
            );
            assert!(astar.stats.expanded <= ucs.stats.expanded, "{o} to {g}");
            astar_smaller += usize::from(astar.stats.expanded < ucs.stats.expanded);
        }
    }
    assert!(astar_smaller > 0, "the landmark heuristic never helped");
}

/// The published heuristic for Kassel is admissible but not consistent (Luebeck 300, Hamburg
/// 200, road 63): A* without reopening may still miss the optimum. Check which origins it gets
/// right, so a change in the loop's semantics shows up here.
#[test]
fn astar_with_h_kassel_from_every_origin() {
    let map = RoadMap::parse(&input1(), "input1.txt").unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/find_route/h_kassel.txt"
    );
    let h = Heuristic::read(std::path::Path::new(path))
        .unwrap()
        .for_map(&map);
    for origin in 0..map.city_count() as u32 {
        let o = map.name(origin);
        let ucs = find_route(&map, o, "Kassel", None)
            .route
            .map(|r| r.distance);
        let astar = find_route(&map, o, "Kassel", Some(&h))
            .route
            .map(|r| r.distance);
        assert_eq!(ucs, astar, "{o}");
    }
}

/// A generated grid map: uniform-cost distance equals the oracle's, read back from a file.
fn generated_map_matches_dijkstra(roads: usize, seed: u64) {
    use rand::SeedableRng;
    let generated =
        crate::generate::perturbed_grid(roads, &mut rand::rngs::StdRng::seed_from_u64(seed));
    let path = std::env::temp_dir().join(format!("route-scale-{roads}-{}.txt", std::process::id()));
    std::fs::write(&path, &generated.text).unwrap();
    let map = RoadMap::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(map.road_count(), roads);
    let outcome = find_route(&map, &generated.origin, &generated.destination, None);
    let (start, goal) = (
        map.city(&generated.origin).unwrap(),
        map.city(&generated.destination).unwrap(),
    );
    let tenths = |c: &u32| {
        let (targets, lengths) = map.roads(*c);
        targets
            .iter()
            .zip(lengths)
            .map(|(&t, &l)| (t, (l * 10.0).round() as u64))
            .collect::<Vec<_>>()
    };
    let (_, expected) = dijkstra(&start, tenths, |c| *c == goal).unwrap();
    let distance = outcome.route.unwrap().distance;
    assert!((distance * 10.0 - expected as f64).abs() < 1e-6 * expected as f64);
    assert!(outcome.stats.expanded <= map.city_count() as u64);
    assert!(outcome.stats.generated <= 1 + 2 * roads as u64);
}

#[test]
fn generated_grid_matches_dijkstra() {
    generated_map_matches_dijkstra(20_000, 1);
}

/// The 1,000,000-road map of the benchmark, through a file (about 2 s in the dev profile:
/// `cargo test -p route -- --ignored`).
#[test]
#[ignore = "slow: 1,000,000 roads"]
fn million_road_map_matches_dijkstra() {
    generated_map_matches_dijkstra(1_000_000, 2024);
}
