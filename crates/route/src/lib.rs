//! Road maps: parsing, heuristic tables and uniform-cost / A* route finding, with the exact
//! counters and output of the classic `find_route` assignment.
//!
//! - [`RoadMap`]: lines `City1 City2 distance` (roads usable both ways) up to `END OF INPUT`,
//!   cities interned once to dense indices, roads in compressed sparse row form in file order.
//! - [`Heuristic`]: lines `City value` up to `END OF INPUT`; a missing city has the value 0.
//! - [`find_route`]: search-core's [`uniform_cost`](search_core::uniform_cost) (no heuristic)
//!   or A* with first-in, first-out ties ([`astar_with`](search_core::policy::astar_with)) over a [`RouteProblem`], with the counters of its loop.
//! - [`format`](mod@format): the program's exact output and warnings.
//!
//! # Example
//!
//! ```
//! use route::{Heuristic, RoadMap, find_route, format};
//!
//! let map = RoadMap::parse(
//!     "Bremen Hannover 132\r\nHannover Kassel 165\r\nBremen Dortmund 234\r\n\
//!      Dortmund Kassel 160\r\nEND OF INPUT\r\n",
//!     "map.txt",
//! )
//! .unwrap();
//! let ucs = find_route(&map, "Bremen", "Kassel", None);
//! assert_eq!(
//!     format::report(&ucs),
//!     "Nodes Popped: 5\nNodes Expanded: 3\nNodes Generated: 7\nDistance: 297.0 km\n\
//!      Route:\nBremen to Hannover, 132.0 km\nHannover to Kassel, 165.0 km\n"
//! );
//!
//! let h = Heuristic::parse("Bremen 200\nHannover 150\nDortmund 150\nEND OF INPUT\n", "h.txt")
//!     .unwrap();
//! let a_star = find_route(&map, "Bremen", "Kassel", Some(&h.for_map(&map)));
//! assert_eq!(a_star.route.unwrap().distance, 297.0);
//! assert!(a_star.stats.expanded <= ucs.stats.expanded);
//!
//! // A city that is not on the map: no route, and a suggestion for a warning.
//! let lost = find_route(&map, "Breman", "Kassel", None);
//! assert!(lost.route.is_none());
//! assert_eq!(lost.unknown[0].closest.as_deref(), Some("Bremen"));
//! ```

mod error;
pub mod format;
pub mod generate;
mod heuristic;
mod input;
mod map;
mod names;
mod search;

pub use error::{Error, LineError};
pub use heuristic::Heuristic;
pub use map::{City, RoadMap};
pub use search::{Leg, Outcome, Route, RouteProblem, UnknownCity, find_route};

#[cfg(test)]
mod oracle_tests;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
