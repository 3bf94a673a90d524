//! The scale run in-process: 1,000,000 cities, 2,000,000 lines, 1,000,000 queries.
//! Slow in the dev profile, so ignored: `cargo test --release -p powergrid --test scale -- --ignored --nocapture`.

use powergrid::Grid;
use powergrid::generate::{city_name, write_random_grid};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

#[test]
#[ignore = "scale run: about a second in release, much longer in the dev profile"]
fn million_cities_two_million_lines() {
    let (cities, lines, queries) = (1_000_000, 2_000_000, 1_000_000);
    let mut rng = StdRng::seed_from_u64(42);
    let mut text = Vec::new();
    write_random_grid(&mut rng, cities, lines, &mut text).unwrap();

    let start = Instant::now();
    let grid = Grid::from_reader(&text[..], "generated").unwrap();
    let parsed = start.elapsed();
    let critical = grid.critical_lines();
    let index = grid.preprocess();
    let ready = start.elapsed();
    assert!(grid.is_connected());
    assert!(!critical.is_empty());

    let names: Vec<(String, String)> = (0..queries)
        .map(|_| {
            (
                city_name(rng.random_range(0..cities)),
                city_name(rng.random_range(0..cities)),
            )
        })
        .collect();
    let start = Instant::now();
    let mut total = 0;
    for (a, b) in &names {
        total += index.important_lines(a, b).unwrap();
    }
    let elapsed = start.elapsed();
    println!(
        "parse {parsed:?}, parse + critical lines + preprocessing {ready:?}, {} critical lines, \
         {} components; {queries} queries by name in {elapsed:?} ({:.1} M/s), sum {total}",
        critical.len(),
        grid.component_count(),
        queries as f64 / elapsed.as_secs_f64() / 1e6,
    );
}
