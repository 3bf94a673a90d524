//! The scale run in-process: 1,000,000 cities, 2,000,000 lines, 1,000,000 queries.
//! Slow in the dev profile, so ignored:
//! `cargo test --release -p powergrid --test scale -- --ignored --nocapture`.
//! Prints wall time and, on Linux, the thread's CPU time (the machine may be shared).

use powergrid::Grid;
use powergrid::generate::{city_name, write_random_grid};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Wall clock and this thread's CPU time (from `/proc/thread-self/schedstat`, when readable).
struct Clock {
    wall: Instant,
    cpu: Option<Duration>,
}

fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

impl Clock {
    fn start() -> Self {
        Self {
            wall: Instant::now(),
            cpu: cpu_time(),
        }
    }

    fn report(&self, what: &str, per_second: Option<usize>) {
        let wall = self.wall.elapsed();
        let cpu = cpu_time().zip(self.cpu).map(|(now, then)| now - then);
        let rate = |d: Duration| {
            per_second.map_or(String::new(), |n| {
                format!(" = {:.2} M/s", n as f64 / d.as_secs_f64() / 1e6)
            })
        };
        print!("{what}: wall {wall:.3?}{}", rate(wall));
        if let Some(cpu) = cpu {
            print!(", cpu {cpu:.3?}{}", rate(cpu));
        }
        println!();
    }
}

#[test]
#[ignore = "scale run: seconds in release, much longer in the dev profile"]
fn million_cities_two_million_lines() {
    let (cities, lines, queries) = (1_000_000, 2_000_000, 1_000_000);
    let mut rng = StdRng::seed_from_u64(42);
    let mut text = Vec::new();
    write_random_grid(&mut rng, cities, lines, &mut text).unwrap();

    let clock = Clock::start();
    let grid = Grid::from_reader(&text[..], "generated").unwrap();
    clock.report("parse", None);
    let critical = grid.critical_lines();
    let index = grid.preprocess();
    clock.report("parse + critical lines + preprocessing", None);
    assert!(grid.is_connected());
    println!(
        "{} critical lines, {} components",
        critical.len(),
        grid.component_count()
    );

    let query_text: String = (0..queries)
        .map(|_| {
            let (a, b) = (rng.random_range(0..cities), rng.random_range(0..cities));
            format!("{} {}\n", city_name(a), city_name(b))
        })
        .collect();
    let pairs: Vec<(&str, &str)> = query_text
        .lines()
        .map(|l| l.split_once(' ').unwrap())
        .collect();
    let clock = Clock::start();
    let total: usize = pairs
        .iter()
        .map(|&(a, b)| index.important_lines(a, b).unwrap())
        .sum();
    clock.report("queries, important_lines", Some(queries));
    assert!(total > 0);
}
