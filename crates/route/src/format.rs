//! The exact output of `find_route`, and its warnings.

use crate::search::{Outcome, UnknownCity};
use std::fmt::Write as _;

/// The program's stdout for one search: the counters, the distance with one decimal and the
/// route in travel order; `Distance: infinity`, `Route:`, `None` when there is no route.
///
/// ```
/// use route::{RoadMap, find_route, format};
/// let map = RoadMap::parse("A B 2\nB C 1.5\nEND OF INPUT\n", "m").unwrap();
/// let out = format::report(&find_route(&map, "A", "C", None));
/// assert!(out.ends_with("Distance: 3.5 km\nRoute:\nA to B, 2.0 km\nB to C, 1.5 km\n"));
/// ```
pub fn report(outcome: &Outcome<'_>) -> String {
    let mut out = String::new();
    let stats = &outcome.stats;
    // Writing to a String cannot fail.
    let _ = writeln!(out, "Nodes Popped: {}", stats.popped);
    let _ = writeln!(out, "Nodes Expanded: {}", stats.expanded);
    let _ = writeln!(out, "Nodes Generated: {}", stats.generated);
    match &outcome.route {
        Some(route) => {
            let _ = writeln!(out, "Distance: {:.1} km", route.distance);
            out.push_str("Route:\n");
            for leg in &route.legs {
                let _ = writeln!(out, "{} to {}, {:.1} km", leg.from, leg.to, leg.km);
            }
        }
        None => out.push_str("Distance: infinity\nRoute:\nNone\n"),
    }
    out
}

/// The one-line warning for a city of the query that is not on the map `file`.
pub fn unknown_city_warning(file: &str, city: &UnknownCity) -> String {
    match &city.closest {
        Some(closest) => format!(
            "city `{}` is not on the map {file} (did you mean `{closest}`?)",
            city.name
        ),
        None => format!("city `{}` is not on the map {file}", city.name),
    }
}

/// The one-line warning for a file read to its end without an `END OF INPUT` line.
pub fn missing_end_warning(file: &str) -> String {
    format!("{file} has no `END OF INPUT` line; read it to the end")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Leg, Route};
    use search_core::Stats;

    fn stats(popped: u64, expanded: u64, generated: u64) -> Stats {
        Stats {
            popped,
            expanded,
            generated,
        }
    }

    #[test]
    fn route_lines() {
        let outcome = Outcome {
            stats: stats(12, 6, 20),
            route: Some(Route {
                distance: 297.0,
                legs: vec![
                    Leg {
                        from: "Bremen",
                        to: "Hannover",
                        km: 132.0,
                    },
                    Leg {
                        from: "Hannover",
                        to: "Kassel",
                        km: 165.0,
                    },
                ],
            }),
            unknown: Vec::new(),
        };
        assert_eq!(
            report(&outcome),
            "Nodes Popped: 12\nNodes Expanded: 6\nNodes Generated: 20\nDistance: 297.0 km\n\
             Route:\nBremen to Hannover, 132.0 km\nHannover to Kassel, 165.0 km\n"
        );
    }

    #[test]
    fn no_route_and_same_city() {
        let none = Outcome {
            stats: stats(7, 4, 7),
            route: None,
            unknown: Vec::new(),
        };
        assert_eq!(
            report(&none),
            "Nodes Popped: 7\nNodes Expanded: 4\nNodes Generated: 7\nDistance: infinity\nRoute:\nNone\n"
        );
        let same = Outcome {
            stats: stats(1, 0, 1),
            route: Some(Route {
                distance: 0.0,
                legs: Vec::new(),
            }),
            unknown: Vec::new(),
        };
        assert_eq!(
            report(&same),
            "Nodes Popped: 1\nNodes Expanded: 0\nNodes Generated: 1\nDistance: 0.0 km\nRoute:\n"
        );
    }

    #[test]
    fn warnings() {
        let city = |closest: Option<&str>| UnknownCity {
            name: "Londn".into(),
            closest: closest.map(Into::into),
        };
        assert_eq!(
            unknown_city_warning("input1.txt", &city(Some("London"))),
            "city `Londn` is not on the map input1.txt (did you mean `London`?)"
        );
        assert_eq!(
            unknown_city_warning("input1.txt", &city(None)),
            "city `Londn` is not on the map input1.txt"
        );
    }
}
