//! The closure front door for states you can number: [`astar_fn`], [`uniform_cost_fn`],
//! [`breadth_first_fn`], [`bidirectional_bfs_fn`] and [`bidirectional_uniform_cost_fn`] as at
//! the crate root, plus `count` and `index`, where `index(state)` is below `count` and distinct
//! states have distinct indices (grid cells, array positions).
//! The searches keep their states in flat arrays instead of a hash table: the same paths and
//! counters as the hashed functions, with no hashing.
//!
//! ```
//! use search_core::indexed;
//! // A 100x100 open grid, cells numbered row by row; from one corner to the other.
//! let side = 100;
//! let next = |&(x, y): &(usize, usize)| {
//!     [(x + 1, y), (x, y + 1), (x.wrapping_sub(1), y), (x, y.wrapping_sub(1))]
//!         .into_iter()
//!         .filter(|&(x, y)| x < side && y < side)
//!         .map(|c| (c, 1u32))
//! };
//! let goal = (side - 1, side - 1);
//! let h = |&(x, y): &(usize, usize)| (goal.0 - x + goal.1 - y) as u32;
//! let index = |&(x, y): &(usize, usize)| y * side + x;
//! let fast = indexed::astar_fn(&(0, 0), side * side, index, next, h, |&c| c == goal);
//! let hashed = search_core::astar_fn(&(0, 0), next, h, |&c| c == goal);
//! assert_eq!(fast.path.as_ref().unwrap().cost, 198);
//! assert_eq!((fast.path, fast.stats), (hashed.path, hashed.stats));
//! ```
//!
//! # Panics
//! When `index` returns `count` or more.

use crate::closures::{FnProblem, unit_problem};
use crate::cost::Cost;
use crate::fifo::UnitFirst;
use crate::graph_search::best_first;
use crate::monotone::{DeeperFirst, Fifo};
use crate::node_table::Indexed;
use crate::policy::{Frontier, Popped, Priority, SearchOptions, TieOrder, search_with};
use crate::problem::SearchResult;
use std::hash::Hash;

/// [`astar_fn`](crate::astar_fn) over states numbered by `index` below `count`.
pub fn astar_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    count: usize,
    index: impl Fn(&S) -> usize,
    successors: impl crate::Successors<S, C>,
    heuristic: impl FnMut(&S) -> C,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    let problem = FnProblem::new(start.clone(), successors, heuristic, is_goal);
    crate::monotone::run::<_, DeeperFirst, _, true>(&problem, Indexed::new(count, index))
        .unwrap_or_else(|| {
            let options = SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic))
                .ties(TieOrder::DeeperFirst);
            search_with(&problem, options, |_: &Popped<'_, S, C>| {}).into_result()
        })
}

/// [`uniform_cost_fn`](crate::uniform_cost_fn) over states numbered by `index` below `count`.
pub fn uniform_cost_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    count: usize,
    index: impl Fn(&S) -> usize,
    successors: impl crate::Successors<S, C>,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    let problem = FnProblem::new(start.clone(), successors, |_: &S| C::ZERO, is_goal);
    crate::monotone::run::<_, Fifo, _, false>(&problem, Indexed::new(count, index))
        .unwrap_or_else(|| best_first(&problem, Priority::PathCost))
}

/// [`breadth_first_fn`](crate::breadth_first_fn) over states numbered by `index` below `count`.
pub fn breadth_first_fn<S: Clone + Eq + Hash>(
    start: &S,
    count: usize,
    index: impl Fn(&S) -> usize,
    successors: impl crate::UnitSuccessors<S>,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), usize> {
    crate::fifo::run(
        &unit_problem(start, successors, is_goal),
        Indexed::<S, UnitFirst, _>::new(count, index),
    )
}

/// [`bidirectional_bfs_fn`](crate::bidirectional_bfs_fn) over states numbered by `index` below
/// `count`.
///
/// ```
/// use search_core::indexed;
/// // On 0..1000, +1 / *2 forward, -1 / /2 backward.
/// let next = |&n: &usize| [n + 1, 2 * n].into_iter().filter(|&m| m < 1000);
/// let prev = |&n: &usize| [n.checked_sub(1), (n % 2 == 0).then_some(n / 2)].into_iter().flatten();
/// let fast = indexed::bidirectional_bfs_fn(&1, &999, 1000, |&n| n, next, prev);
/// let hashed = search_core::bidirectional_bfs_fn(&1, &999, next, prev);
/// // 999 is 1111100111 in binary: nine doublings and seven steps of one.
/// assert_eq!(fast.path.as_ref().unwrap().cost, 16);
/// assert_eq!((fast.path, fast.stats), (hashed.path, hashed.stats));
/// ```
pub fn bidirectional_bfs_fn<S: Clone>(
    start: &S,
    goal: &S,
    count: usize,
    index: impl Fn(&S) -> usize,
    successors: impl crate::UnitSuccessors<S>,
    predecessors: impl crate::UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    crate::bidirectional::run(
        Indexed::new(count, index),
        [start.clone()],
        [goal.clone()],
        successors,
        predecessors,
    )
}

/// [`bidirectional_uniform_cost_fn`](crate::bidirectional_uniform_cost_fn) over states numbered
/// by `index` below `count`.
///
/// ```
/// use search_core::indexed;
/// // Roads between five towns, both ways.
/// static ROADS: [(usize, usize, u32); 6] = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 5), (2, 3, 8), (3, 4, 3)];
/// let next = |&t: &usize| {
///     ROADS.iter().filter_map(move |&(a, b, d)| match t {
///         _ if t == a => Some((b, d)),
///         _ if t == b => Some((a, d)),
///         _ => None,
///     })
/// };
/// let fast = indexed::bidirectional_uniform_cost_fn(&0, &4, 5, |&t| t, next, next);
/// let hashed = search_core::bidirectional_uniform_cost_fn(&0, &4, next, next);
/// assert_eq!(fast.path.as_ref().unwrap().states, [0, 2, 1, 3, 4]);
/// assert_eq!((fast.path, fast.stats), (hashed.path, hashed.stats));
/// ```
pub fn bidirectional_uniform_cost_fn<S: Clone, C: Cost>(
    start: &S,
    goal: &S,
    count: usize,
    index: impl Fn(&S) -> usize,
    successors: impl crate::Successors<S, C>,
    predecessors: impl crate::Successors<S, C>,
) -> SearchResult<S, (), C> {
    crate::bidirectional_uniform::indexed((start, goal), count, index, successors, predecessors)
}
