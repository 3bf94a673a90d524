//! Random grids and queries for scale tests and benchmarks.

use rand::Rng;
use rand::seq::SliceRandom;
use std::io::{self, Write};

/// The name of generated city `i`.
pub fn city_name(i: usize) -> String {
    format!("c{i}")
}

/// Writes a random connected grid file of `cities` cities and `lines` lines: a random spanning
/// tree (each city hangs off a random earlier one, in a shuffled order) plus `lines - cities + 1`
/// random extra lines between distinct cities, all shuffled and randomly oriented. With about
/// twice as many lines as cities, many tree lines stay critical.
///
/// # Errors
/// Any write error; [`io::ErrorKind::InvalidInput`] when `lines < cities - 1` (no spanning tree)
/// or extra lines are asked for with fewer than 2 cities.
pub fn write_random_grid(
    rng: &mut impl Rng,
    cities: usize,
    lines: usize,
    out: &mut impl Write,
) -> io::Result<()> {
    let tree = cities.saturating_sub(1);
    if lines < tree || (lines > tree && cities < 2) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("cannot make a connected grid of {cities} cities with {lines} lines"),
        ));
    }
    let mut order: Vec<u32> = (0..cities as u32).collect();
    order.shuffle(rng);
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(lines);
    for i in 1..cities {
        pairs.push((order[rng.random_range(0..i)], order[i]));
    }
    while pairs.len() < lines {
        let (a, b) = (rng.random_range(0..cities), rng.random_range(0..cities));
        if a != b {
            pairs.push((a as u32, b as u32));
        }
    }
    pairs.shuffle(rng);
    writeln!(out, "{cities}\n{lines}")?;
    for i in 0..cities {
        writeln!(out, "c{i}")?;
    }
    for (a, b) in pairs {
        let (a, b) = if rng.random::<bool>() { (a, b) } else { (b, a) };
        writeln!(out, "c{a} c{b}")?;
    }
    Ok(())
}

/// Writes `count` random queries `cityA cityB` over the cities of a generated grid.
///
/// # Errors
/// Any write error; [`io::ErrorKind::InvalidInput`] when queries are asked for without cities.
pub fn write_random_queries(
    rng: &mut impl Rng,
    cities: usize,
    count: usize,
    out: &mut impl Write,
) -> io::Result<()> {
    if cities == 0 && count > 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "no cities to query",
        ));
    }
    for _ in 0..count {
        let (a, b) = (rng.random_range(0..cities), rng.random_range(0..cities));
        writeln!(out, "c{a} c{b}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn generated_grid_parses_and_is_connected() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut text = Vec::new();
        write_random_grid(&mut rng, 500, 1000, &mut text).unwrap();
        let g = Grid::from_reader(&text[..], "gen").unwrap();
        assert_eq!((g.city_count(), g.line_count()), (500, 1000));
        assert!(g.is_connected());
        assert!(!g.critical_lines().is_empty());
        let mut queries = Vec::new();
        write_random_queries(&mut rng, 500, 100, &mut queries).unwrap();
        let index = g.preprocess();
        let mut out = Vec::new();
        let failed =
            crate::answer_queries(&index, &queries[..], "q", &mut out, |e| panic!("{e}")).unwrap();
        assert_eq!(
            (failed, out.iter().filter(|&&b| b == b'\n').count()),
            (0, 100)
        );
        assert!(write_random_grid(&mut rng, 5, 3, &mut Vec::new()).is_err());
    }
}
