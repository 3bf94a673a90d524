//! Writes a random grid file and a query file for scale runs.
//!
//! ```text
//! cargo run --release -p powergrid --example generate_grid -- \
//!     1000000 2000000 1000000 42 /tmp/grid.txt /tmp/queries.txt
//! /usr/bin/time -v target/release/PowerGrid /tmp/grid.txt /tmp/queries.txt > /dev/null
//! ```

use powergrid::generate::{write_random_grid, write_random_queries};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fs::File;
use std::io::{BufWriter, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [cities, lines, queries, seed, grid_path, query_path] = args.as_slice() else {
        return Err("usage: generate_grid CITIES LINES QUERIES SEED GRID_OUT QUERIES_OUT".into());
    };
    let (cities, lines, queries): (usize, usize, usize) =
        (cities.parse()?, lines.parse()?, queries.parse()?);
    let mut rng = StdRng::seed_from_u64(seed.parse()?);
    let mut out = BufWriter::new(File::create(grid_path)?);
    write_random_grid(&mut rng, cities, lines, &mut out)?;
    out.flush()?;
    let mut out = BufWriter::new(File::create(query_path)?);
    write_random_queries(&mut rng, cities, queries, &mut out)?;
    out.flush()?;
    Ok(())
}
