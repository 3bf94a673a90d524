//! Generic search for classical AI: state-space search, local search, constraint satisfaction
//! and repair, and adversarial game search. No domain code lives here.
//!
//! # One call: closures
//!
//! Every state-space algorithm is a free function over a start value and closures, like the
//! `pathfinding` crate's, returning the path and the node counters ([`Stats`]). Costs may be
//! integers or floats (`f64` needs no `Ord` wrapper):
//!
//! ```
//! use search_core::astar_fn;
//! // Roads between four towns; straight-line distances to town 3 as the heuristic.
//! let roads = |&t: &u8| match t {
//!     0 => vec![(1, 4.0), (2, 1.0)],
//!     1 => vec![(3, 5.0)],
//!     2 => vec![(1, 2.0)],
//!     _ => vec![],
//! };
//! let straight_line = |&t: &u8| [7.0, 5.0, 6.0, 0.0][t as usize];
//! let result = astar_fn(&0, roads, straight_line, |&t| t == 3);
//! let path = result.path.unwrap();
//! assert_eq!((path.states, path.cost), (vec![0, 2, 1, 3], 8.0));
//! assert_eq!(result.stats.expanded, 3);
//! ```
//!
//! | task | function |
//! |---|---|
//! | fewest steps | [`breadth_first_fn`], [`bidirectional_bfs_fn`], [`iterative_deepening_fn`] |
//! | any path, depth-first | [`depth_first_fn`] |
//! | cheapest path | [`uniform_cost_fn`], [`astar_fn`], [`idastar_fn`] (linear memory) |
//! | a good path fast | [`weighted_astar_fn`], [`greedy_best_first_fn`], [`beam_search_fn`] |
//! | every cheapest cost from a start | [`shortest_path_tree_fn`], [`reachable_fn`] |
//! | the `k` cheapest loopless paths | [`k_shortest_paths_fn`] |
//! | local search | [`hill_climbing_fn`], [`simulated_annealing_fn`] |
//!
//! Each wraps its closures in an [`FnProblem`] and runs the trait version below, so the
//! counters are the same.
//!
//! # Problems as traits
//!
//! - [`SearchProblem`]: a start state, a goal test, successors in a fixed order with step costs
//!   (integers or decimals) and an optional heuristic. Searched by [`breadth_first`],
//!   [`depth_first`], [`iterative_deepening`], [`uniform_cost`], [`greedy_best_first`], [`astar`],
//!   [`weighted_astar`], [`idastar`], [`beam_search`], [`shortest_path_tree`], [`reachable`],
//!   [`k_shortest_paths`], [`hill_climbing`], [`steepest_ascent`] and [`simulated_annealing`].
//!   Every search returns its path and [`Stats`]. Problems with dense state indices opt in
//!   through [`DenseStates`] (bit-array closed sets).
//!   [`policy::search_with`] runs the graph-search loop with chosen frontier, tie, duplicate and
//!   successor-order policies and an observer of every pop (course platforms' variants, such as
//!   the CS364 platform's methods in the `maze` crate).
//! - [`Csp`]: variables with finite domains and binary constraints (AIMA chapter 6), solved by
//!   [`backtracking_search`], [`solve_all`] and [`count_solutions`] with switchable MRV, degree,
//!   least-constraining-value, forward-checking and AC-3 ([`CspOptions`]).
//! - [`ConflictProblem`]: variables with values and O(1) conflict counts, repaired by
//!   [`min_conflicts`] with seeded random tie-breaking and restarts.
//! - [`Game`]: positions with a side to move, ordered legal moves and a static evaluation,
//!   searched by [`minimax`], [`alpha_beta`] and, for real play, the [`Engine`] (iterative
//!   deepening, move ordering, transposition table; same values as alpha-beta).
//!
//! Playing games: any [`Strategy`] (the searches above as [`MinimaxPlayer`],
//! [`AlphaBetaPlayer`], [`EnginePlayer`] with a depth or a time budget, [`Mcts`] (UCT),
//! [`RandomPlayer`]) meets another in [`play_match`]. [`ParallelEngine`] runs the engine on
//! several threads (a [`SharedTable`], each node's moves split among the threads; the same
//! values). Games with dice implement [`ChanceGame`] and are searched by [`expectiminimax`] and
//! [`star1`]. [`mix64`] and [`zobrist_keys`] make position keys.
//!
//! # Example
//!
//! Route finding on a small weighted graph with uniform-cost search and A*:
//!
//! ```
//! use search_core::{astar, uniform_cost, SearchProblem};
//!
//! /// Roads between four towns, with straight-line distances to town 3.
//! struct Roads;
//! const ROADS: [(u8, u8, f64); 4] = [(0, 1, 4.0), (0, 2, 1.0), (2, 1, 2.0), (1, 3, 5.0)];
//! const STRAIGHT_LINE_TO_3: [f64; 4] = [7.0, 5.0, 6.0, 0.0];
//!
//! impl SearchProblem for Roads {
//!     type State = u8;
//!     type Action = (u8, u8);
//!     type Cost = f64;
//!     fn start(&self) -> u8 { 0 }
//!     fn is_goal(&self, town: &u8) -> bool { *town == 3 }
//!     fn successors(&self, town: &u8, mut visit: impl FnMut((u8, u8), u8, f64)) {
//!         for &(a, b, d) in &ROADS {
//!             if a == *town { visit((a, b), b, d); }
//!             if b == *town { visit((b, a), a, d); }
//!         }
//!     }
//!     fn heuristic(&self, town: &u8) -> f64 { STRAIGHT_LINE_TO_3[*town as usize] }
//! }
//!
//! let ucs = uniform_cost(&Roads);
//! let path = ucs.path.unwrap();
//! assert_eq!(path.states, [0, 2, 1, 3]);
//! assert_eq!(path.cost, 8.0);
//!
//! let a_star = astar(&Roads);
//! assert_eq!(a_star.path.unwrap().cost, 8.0);
//! assert!(a_star.stats.expanded <= ucs.stats.expanded);
//! ```

// State-space, local and constraint search.
mod beam;
mod bidirectional;
mod closed;
mod closures;
mod cost;
mod csp;
mod depth_first;
mod error;
mod fifo;
mod frontier;
mod graph_search;
mod idastar;
pub mod indexed;
mod local;
mod min_conflicts;
mod min_entry;
mod monotone;
mod node_table;
pub mod policy;
mod problem;
mod reach;
mod state_hash;
mod tree;
mod yen;

#[cfg(test)]
mod policy_tests;
#[doc(hidden)]
pub mod test_support;

// Adversarial game search: strategies, MCTS, chance nodes, tables, the parallel engine.
mod adversarial;
mod busy;
mod chance;
pub mod deepening;
mod engine;
mod game;
mod hash;
mod mcts;
mod parallel;
mod strategy;
mod table;

// State-space, local and constraint search.
pub use beam::beam_search;
pub use bidirectional::bidirectional_bfs_fn;
pub use closures::{
    FnProblem, astar_fn, beam_search_fn, breadth_first_fn, depth_first_fn, greedy_best_first_fn,
    hill_climbing_fn, idastar_fn, iterative_deepening_fn, simulated_annealing_fn, uniform_cost_fn,
    weighted_astar_fn,
};
pub use cost::Cost;
pub use csp::{
    Constraint, Csp, CspOptions, CspStats, Inference, ValueOrder, VariableOrder,
    backtracking_search, count_solutions, solve_all,
};
pub use depth_first::{depth_first, iterative_deepening};
pub use error::Error;
pub use graph_search::{
    Priority, Weight, astar, best_first, breadth_first, greedy_best_first, uniform_cost,
    weighted_astar,
};
pub use idastar::idastar;
pub use local::{
    ExpSchedule, LocalOptions, LocalResult, LocalResultOf, Schedule, StopReason, hill_climbing,
    simulated_annealing, steepest_ascent,
};
pub use min_conflicts::{ConflictProblem, MinConflictsLimits, MinConflictsStats, min_conflicts};
pub use problem::{DenseStates, Path, PathOf, ResultOf, SearchProblem, SearchResult, Stats};
pub use reach::{BfsReach, DfsReach, DijkstraReach, Reached, bfs_reach, dfs_reach, dijkstra_reach};
pub use tree::{
    ShortestPathTree, reachable, reachable_fn, shortest_path_tree, shortest_path_tree_fn,
};
pub use yen::{k_shortest_paths, k_shortest_paths_fn};

// Adversarial game search.
pub use adversarial::{GameOutcome, GameStats, alpha_beta, minimax};
pub use busy::{BusySet, busy_mark};
pub use chance::{ChanceGame, ChanceOutcome, Outcomes, Turn, expectiminimax, star1};
pub use engine::{Engine, Timed};
pub use game::{EngineGame, Game, INFINITY, MoveList, Player, Value};
pub use hash::{GOLDEN_GAMMA, mix64, zobrist_keys};
pub use mcts::{Mcts, MctsConfig, MctsStats};
pub use parallel::ParallelEngine;
pub use strategy::{
    AlphaBetaPlayer, EnginePlayer, GameRecord, Limit, MatchResult, MinimaxPlayer, RandomPlayer,
    Strategy, play_match,
};
pub use table::{Bound, Entry, SharedTable, TranspositionTable, UNLIMITED};

pub use smallvec;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
