//! The generators' contracts: the counts they refuse, connected grids without self-loops, and
//! the names they give cities.

use powergrid::Grid;
use powergrid::generate::{city_name, write_random_grid, write_random_queries};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn grid(cities: usize, lines: usize, seed: u64) -> Option<Grid> {
    let mut text = Vec::new();
    write_random_grid(&mut StdRng::seed_from_u64(seed), cities, lines, &mut text).ok()?;
    Some(Grid::from_reader(&text[..], "generated").unwrap())
}

#[test]
fn grids_have_the_asked_counts_when_a_connected_grid_exists() {
    for cities in 0usize..6 {
        let tree = cities.saturating_sub(1);
        for lines in 0..12 {
            // Refused: fewer lines than a spanning tree, or extra lines without two cities.
            // (Extra lines with one city would loop forever looking for two distinct cities.)
            let possible = lines >= tree && (lines == tree || cities >= 2);
            let Some(g) = grid(cities, lines, (cities * 100 + lines) as u64) else {
                assert!(!possible, "{cities} cities, {lines} lines refused");
                continue;
            };
            assert!(possible, "{cities} cities, {lines} lines accepted");
            assert_eq!((g.city_count(), g.line_count()), (cities, lines));
            assert!(g.is_connected());
            for i in 0..cities {
                assert_eq!(g.city_name(i), city_name(i));
            }
            // Extra lines join distinct cities: no self-loop, ever.
            for e in 0..lines {
                let line = g.line(e);
                assert_ne!(line.from, line.to, "line {e}");
            }
            // A spanning tree alone: every line is critical.
            if lines == tree {
                assert_eq!(g.critical_lines().len(), lines);
            }
        }
    }
}

#[test]
fn city_names_are_c_and_the_number() {
    assert_eq!(city_name(0), "c0");
    assert_eq!(city_name(1234), "c1234");
}

#[test]
fn queries_need_cities_unless_there_are_none() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut out = Vec::new();
    write_random_queries(&mut rng, 0, 0, &mut out).unwrap();
    assert!(out.is_empty());
    assert!(write_random_queries(&mut rng, 0, 1, &mut out).is_err());
    write_random_queries(&mut rng, 3, 50, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 50);
    for line in text.lines() {
        let (a, b) = line.split_once(' ').unwrap();
        for name in [a, b] {
            assert!(["c0", "c1", "c2"].contains(&name), "{line}");
        }
    }
}
