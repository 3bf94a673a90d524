//! Large random road maps for benchmarks and scale tests.

use rand::Rng;
use std::fmt::Write as _;

/// A generated map in the `find_route` format, with a far-apart origin and destination.
#[derive(Debug, Clone)]
pub struct GeneratedMap {
    /// The map text, ending with `END OF INPUT`.
    pub text: String,
    /// The top-left city.
    pub origin: String,
    /// Where the last road written leads: on the bottom row reached, far from the origin.
    pub destination: String,
}

/// A perturbed grid with exactly `roads` roads: cities `r<row>c<col>` on a square grid, a road
/// to the right-hand neighbour and one down (replaced, one time in six, by a diagonal road down
/// and to the right), rows written top to bottom; lengths from 1.0 to 99.9 km with one decimal.
/// The grid's side is the smallest that holds `roads` roads; the last rows may be cut short.
pub fn perturbed_grid(roads: usize, rng: &mut impl Rng) -> GeneratedMap {
    let mut side = 2usize;
    while 2 * side * (side - 1) < roads {
        side += 1;
    }
    let mut text = String::with_capacity(roads * 26 + 16);
    let mut written = 0;
    let mut last = (0, 0);
    'rows: for r in 0..side {
        for c in 0..side {
            let mut road = |text: &mut String, tenths: u32, r2: usize, c2: usize| {
                let _ = writeln!(text, "r{r}c{c} r{r2}c{c2} {}.{}", tenths / 10, tenths % 10);
                last = (r2, c2);
            };
            if c + 1 < side {
                road(&mut text, rng.random_range(10..1000), r, c + 1);
                written += 1;
                if written == roads {
                    break 'rows;
                }
            }
            if r + 1 < side {
                let diagonal = c + 1 < side && rng.random_range(0..6) == 0;
                road(
                    &mut text,
                    rng.random_range(10..1000),
                    r + 1,
                    if diagonal { c + 1 } else { c },
                );
                written += 1;
                if written == roads {
                    break 'rows;
                }
            }
        }
    }
    text.push_str("END OF INPUT\n");
    GeneratedMap {
        text,
        origin: "r0c0".to_owned(),
        destination: format!("r{}c{}", last.0, last.1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RoadMap, find_route};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn exact_road_count_and_reachable_corner() {
        for roads in [1, 2, 3, 4, 5, 12, 13, 100, 1000] {
            let map = perturbed_grid(roads, &mut StdRng::seed_from_u64(roads as u64));
            let parsed = RoadMap::parse(&map.text, "generated").unwrap();
            assert_eq!(parsed.road_count(), roads);
            assert!(parsed.terminated());
            {
                let outcome = find_route(&parsed, &map.origin, &map.destination, None);
                assert!(outcome.unknown.is_empty(), "{roads}");
                assert!(outcome.route.is_some(), "{roads}");
            }
        }
    }

    #[test]
    fn same_seed_same_map() {
        let a = perturbed_grid(500, &mut StdRng::seed_from_u64(7));
        let b = perturbed_grid(500, &mut StdRng::seed_from_u64(7));
        assert_eq!(a.text, b.text);
    }
}
