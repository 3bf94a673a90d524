//! Route finding: the map as a [`SearchProblem`], searched by search-core's uniform-cost search
//! or A*.

use crate::map::{City, RoadMap};
use search_core::policy::{TieOrder, astar_with};
use search_core::{DenseStates, SearchProblem, Stats, uniform_cost};

/// One search over a road map: from an origin to a destination, with an optional heuristic
/// (values indexed by city; a city past the end of the slice has the value 0).
///
/// Cities not on the map are allowed: [`RouteProblem::new`] gives them the indices just past
/// the map's cities, where they have no road. An unknown origin is therefore popped and
/// expanded once (generating nothing), unless it is also the destination.
#[derive(Debug, Clone, Copy)]
pub struct RouteProblem<'a> {
    map: &'a RoadMap,
    origin: City,
    destination: City,
    heuristic: Option<&'a [f64]>,
}

impl<'a> RouteProblem<'a> {
    /// The problem of going from `origin` to `destination` (names; see the type's docs for
    /// cities not on the map).
    pub fn new(
        map: &'a RoadMap,
        origin: &str,
        destination: &str,
        heuristic: Option<&'a [f64]>,
    ) -> Self {
        // Past the map: `n` for an unknown origin, `n + 1` for an unknown destination (`n` when it
        // is the same name as the origin).
        let n = map.city_count() as City;
        let origin_index = map.city(origin).unwrap_or(n);
        let destination_index = match map.city(destination) {
            Some(city) => city,
            None if destination == origin => n,
            None => n + 1,
        };
        Self {
            map,
            origin: origin_index,
            destination: destination_index,
            heuristic,
        }
    }

    /// The name of a state of this problem (`None` for an index past the map).
    pub fn name(&self, city: City) -> Option<&'a str> {
        ((city as usize) < self.map.city_count()).then(|| self.map.name(city))
    }
}

impl SearchProblem for RouteProblem<'_> {
    type State = City;
    type Action = ();
    type Cost = f64;

    fn start(&self) -> City {
        self.origin
    }

    #[inline]
    fn is_goal(&self, city: &City) -> bool {
        *city == self.destination
    }

    #[inline]
    fn successors(&self, city: &City, mut visit: impl FnMut((), City, f64)) {
        let (targets, lengths) = self.map.roads(*city);
        for (&to, &length) in targets.iter().zip(lengths) {
            visit((), to, length);
        }
    }

    #[inline]
    fn heuristic(&self, city: &City) -> f64 {
        self.heuristic
            .and_then(|h| h.get(*city as usize).copied())
            .unwrap_or(0.0)
    }

    fn dense_states(&self) -> Option<&impl DenseStates<City>> {
        Some(self)
    }
}

impl DenseStates<City> for RouteProblem<'_> {
    fn state_count(&self) -> usize {
        self.map.city_count() + 2
    }
    #[inline]
    fn state_index(&self, state: &City) -> usize {
        *state as usize
    }
}

/// One road of a route, in the direction travelled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leg<'m> {
    /// Where the road starts.
    pub from: &'m str,
    /// Where it leads.
    pub to: &'m str,
    /// Its length.
    pub km: f64,
}

/// A route found: its length and its roads in travel order (none when origin is destination).
#[derive(Debug, Clone, PartialEq)]
pub struct Route<'m> {
    /// The total length.
    pub distance: f64,
    /// The roads, in travel order.
    pub legs: Vec<Leg<'m>>,
}

/// A city named in the query that is not on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCity {
    /// The name as given.
    pub name: String,
    /// The closest name on the map, when one is close.
    pub closest: Option<String>,
}

/// What [`find_route`] returns: the counters, the route (if any) and the query's unknown cities.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome<'m> {
    /// Nodes popped, expanded and generated.
    pub stats: Stats,
    /// The route, `None` when there is none.
    pub route: Option<Route<'m>>,
    /// The origin and/or destination when not on the map (each name once).
    pub unknown: Vec<UnknownCity>,
}

/// Finds a route from `origin` to `destination`: uniform-cost search without a heuristic, A*
/// with one (values indexed by city, as [`Heuristic::for_map`](crate::Heuristic::for_map)
/// gives them). The counters follow search-core's graph-search loop exactly (goal test on
/// removal, closed cities skipped but counted as popped, closed neighbours still generated).
pub fn find_route<'m>(
    map: &'m RoadMap,
    origin: &str,
    destination: &str,
    heuristic: Option<&[f64]>,
) -> Outcome<'m> {
    let problem = RouteProblem::new(map, origin, destination, heuristic);
    let result = match heuristic {
        // The assignment's fringe: equal priorities first in, first out.
        Some(_) => astar_with(&problem, TieOrder::Fifo),
        None => uniform_cost(&problem),
    };
    let route = result.path.map(|path| Route {
        distance: path.cost,
        legs: path
            .states
            .windows(2)
            .zip(&path.step_costs)
            .map(|(pair, &km)| Leg {
                from: map.name(pair[0]),
                to: map.name(pair[1]),
                km,
            })
            .collect(),
    });
    let mut unknown = Vec::new();
    for name in [origin, destination] {
        if map.city(name).is_none() && unknown.iter().all(|u: &UnknownCity| u.name != name) {
            unknown.push(UnknownCity {
                name: name.to_owned(),
                closest: map.closest_name(name).map(str::to_owned),
            });
        }
    }
    Outcome {
        stats: result.stats,
        route,
        unknown,
    }
}
