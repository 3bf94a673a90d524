//! `route`'s search alone on the generated 1,000,000-road map (criterion's `route_1m_roads`
//! input), for callgrind (`--toggle-collect='route::*find_route*'`) or a quick timing:
//! `route_probe [ROUNDS]` prints the counters and the best time of ROUNDS searches (1).
use rand::SeedableRng;
use rand::rngs::StdRng;
use route::{RoadMap, find_route, generate};
use std::time::{Duration, Instant};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let generated = generate::perturbed_grid(1_000_000, &mut StdRng::seed_from_u64(2024));
    let map = RoadMap::parse(&generated.text, "generated").expect("the generated map parses");
    let mut best = Duration::MAX;
    for _ in 0..rounds {
        let t = Instant::now();
        let outcome = find_route(&map, &generated.origin, &generated.destination, None);
        best = best.min(t.elapsed());
        std::hint::black_box(&outcome);
        if rounds == 1 {
            println!("{:?}", outcome.stats);
        }
    }
    println!("best of {rounds}: {best:?}");
}
