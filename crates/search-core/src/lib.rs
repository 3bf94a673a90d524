//! Generic search for classical AI: state-space search, local search, constraint satisfaction
//! and repair, and adversarial game search. No domain code lives here.
//!
//! # The module tree
//!
//! | where | what |
//! |---|---|
//! | the crate root | paths from a start to a goal: the closure front door (`*_fn`), the [`SearchProblem`] trait and its algorithms, [`Path`], [`Stats`], [`Cost`], the reach iterators; conditional [`Plan`]s for nondeterministic actions ([`and_or_search_fn`]) |
//! | [`indexed`] | the same closure searches over states you can number (flat arrays, no hashing) |
//! | [`grid`] | a packed occupancy grid and Jump Point Search over it, 8-connected ([`grid::jps`]) and 4-connected ([`grid::jps4`]) |
//! | [`cycle`] | where an iterated function's sequence starts repeating: Floyd's and Brent's cycle detection |
//! | [`policy`] | the graph-search loop with chosen frontier, tie, duplicate and successor-order policies (course platforms' variants) |
//! | [`local_search`] | hill climbing (first-choice, steepest, stochastic), local beam search, simulated annealing, the genetic algorithm, min-conflicts repair, online agents |
//! | [`constraints`] | constraint satisfaction problems and their backtracking solver |
//! | [`games`] | two-player games: minimax, alpha-beta, the engine and its parallel form, strategies, MCTS, chance nodes, and search control (budget, deepening, MTD(f)) |
//! | [`prelude`] | `use search_core::prelude::*;` for the common names |
//!
//! # One call: closures
//!
//! Every state-space algorithm is a free function over a start value and closures, like the
//! `pathfinding` crate's, returning the path and the node counters ([`Stats`]). Closures are
//! `FnMut`; costs may be integers, floats (`f64` needs no `Ord` wrapper), [`Wrapping`] or
//! your own [`Cost`]:
//!
//! [`Wrapping`]: std::num::Wrapping
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
//! # From `pathfinding`
//!
//! | `pathfinding` | search-core | what differs |
//! |---|---|---|
//! | `astar` | [`astar_fn`] | equal `f` broken deeper first as there (same successor calls); returns a [`SearchResult`]: the [`Path`] (states, step costs, cost) and counters |
//! | `dijkstra` | [`uniform_cost_fn`] | the same; goal test when a state leaves the frontier |
//! | `bfs` | [`breadth_first_fn`] | the goal is tested when a state leaves the queue (a few more expansions, exact textbook counters) |
//! | `bfs` from `NodeRefs` (several starts) | [`breadth_first_from_fn`] | |
//! | `bfs_loop` | [`breadth_first_loop_fn`], [`breadth_first_loop_from_fn`] (several starts) | the same loop; the goal is tested when a state leaves the queue; several starts are taken in the order given (a `NodeRefs` set in its hash order) |
//! | `bfs_bidirectional` | [`bidirectional_bfs_fn`], [`bidirectional_bfs_from_fn`] (several starts and goals) | the same expansions, calls and path (4.16); several roots are taken in the order given (a `NodeRefs` set in its hash order) |
//! | `dijkstra_bidirectional` | [`bidirectional_uniform_cost_fn`] | the side with fewer queued entries expands (theirs alternates), and the search stops when the two sides' least costs reach the best path: fewer expansions |
//! | (none) | [`bidirectional_mm_fn`] | MM, bidirectional heuristic search meeting in the middle (aima-python's `bidirectional_search`), over successors and predecessors |
//! | `dfs` | [`depth_first_graph_fn`] | the same path; each state expanded once |
//! | `iddfs` | [`iterative_deepening_fn`] | the start by reference, an optional depth limit |
//! | (none) | [`depth_first_fn`] | a tree search over simple paths, with an optional depth limit: the same path as `dfs` on trees and open grids, but with no goal in reach it tries every simple path |
//! | `idastar` | [`idastar_fn`] | the same successor calls on `pathfinding`'s tests |
//! | `yen` | [`k_shortest_paths_fn`] | |
//! | `dijkstra_all` | [`shortest_path_tree_fn`] | a [`ShortestPathTree`] with `cost`, `parent`, `path_to` |
//! | `bfs_reach`, `dfs_reach`, `dijkstra_reach` | [`bfs_reach`], [`dfs_reach`], [`dijkstra_reach`] | the same orders; items are [`Reached`] |
//! | `strongly_connected_components`, `topological_sort`, `connected_components` | `graph_core::directed`, `graph_core::connected_components` | a cyclic graph's sort returns the whole cycle |
//! | `Vec<N>` path, `path.len()` | [`Path::len`] (states), [`Path::steps`] (moves) | |
//! | `count_paths` | [`count_paths`] | iterative (no stack overflow on deep graphs); `None` on a cycle instead of overflowing |
//! | `dijkstra_partial` | [`dijkstra_partial`] | the settled states in cost order, as [`Reached`] items |
//! | `fringe` | [`fringe_fn`] | the same successor calls on `pathfinding`'s tests |
//! | `floyd`, `brent`, `floyd_partial`, `brent_partial` | [`cycle::floyd`], [`cycle::brent`], [`cycle::floyd_partial`], [`cycle::brent_partial`] | the same values, as a [`cycle::Cycle`]; as many calls of `f` (Floyd's: one fewer) with named fields; `f` takes its value by reference |
//! | `astar_bag`, `astar_bag_collect` | [`astar_bag_fn`] (`.collect()` the paths) | the same successor calls on `pathfinding`'s tests |
//!
//! Each `*_fn` wraps its closures in an [`FnProblem`] and runs the trait version below, so the
//! counters are the same.
//!
//! # Problems as traits
//!
//! - [`SearchProblem`]: a start state, a goal test, successors in a fixed order with step costs
//!   (integers or decimals) and an optional heuristic. Searched by [`breadth_first`],
//!   [`depth_first`], [`iterative_deepening`], [`uniform_cost`], [`greedy_best_first`], [`astar`],
//!   [`weighted_astar`], [`idastar`], [`recursive_best_first`], [`beam_search`],
//!   [`shortest_path_tree`], [`reachable`] and [`k_shortest_paths`]. Every search returns its
//!   path and [`Stats`]. Problems with dense state indices opt in through [`DenseStates`] (flat
//!   arrays instead of hash tables).
//! - Nondeterministic problems, where an action may lead to several states, as closures
//!   (actions, outcomes, goal test): [`and_or_search_fn`] returns a conditional [`Plan`].
//! - [`constraints::Csp`]: variables with finite domains and binary constraints.
//! - [`local_search::ConflictProblem`]: variables repaired by min-conflicts.
//! - [`games::Game`]: positions with a side to move, ordered legal moves and a static
//!   evaluation, searched by [`games::alpha_beta`], the [`games::Engine`] and friends.
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

//!
//! # Search control
//!
//! How deep, for how long and with which window a game is searched is decided here, once; a
//! game brings only its inner search (the engine's, or its own bitboards and databases):
//!
//! - [`games::Budget`]: what one search may spend (depth, time, nodes, a deadline, a stop flag
//!   another thread or a signal handler raises);
//! - [`games::deepening::iterate`]: the one iterative-deepening loop, over a closure that
//!   searches one depth, with an observer per iteration and [`games::deepening::Pace`] to start
//!   a depth only when it likely ends in time; it says why it ended
//!   ([`games::deepening::Ended`]);
//! - [`games::Mtdf`]: the one MTD(f) driver, over null-window tests the game answers.
//!
//! ```
//! use search_core::games::deepening::{iterate, Pace, Step};
//! use search_core::games::{Bounds, Budget, GameOutcome, GameStats, Mtdf};
//! use std::time::Duration;
//!
//! // A game whose search at depth d finds the value 10 * d and visits 3^d positions.
//! let search = |depth: u32| GameOutcome {
//!     value: 10 * depth as i32,
//!     best_move: Some(depth),
//!     stats: GameStats { nodes: 3u64.pow(depth), leaves: 0 },
//! };
//! let budget = Budget::time(Duration::from_secs(5)).with_depth(6);
//! let pace = budget.time.map(|target| Pace { target });
//! let deepened = iterate(1..=budget.depth.unwrap(), pace, &mut (), |d| Step::Completed(search(d)));
//! assert_eq!(deepened.deepest.map(|(d, outcome)| (d, outcome.value)), Some((6, 60)));
//! assert_eq!(deepened.stats.nodes, 3 + 9 + 27 + 81 + 243 + 729);
//! assert_eq!(deepened.ended, search_core::games::deepening::Ended::Depth);
//!
//! // MTD(f) from the deepening's value: a game whose exact value is 57 answers each test.
//! let exact = |_beta: i32| 57; // exact, so fail-soft on either side
//! let mut mtdf = Mtdf::new(Bounds { lower: -100, upper: 100 }, 60, 1);
//! while let Some(beta) = mtdf.next_beta() {
//!     mtdf.record(beta, exact(beta));
//! }
//! assert_eq!(mtdf.value(), Some(57));
//! ```

// State-space, local and constraint search.
mod and_or;
mod bag;
mod beam;
mod bidirectional;
mod bidirectional_uniform;
mod closed;
mod closures;
mod cost;
mod csp;
mod csp_repair;
pub mod cycle;
mod depth_first;
mod error;
mod fifo;
mod fringe;
mod frontier;
mod genetic;
mod graph_search;
pub mod grid;
mod idastar;
pub mod indexed;
mod kept;
mod local;
mod local_beam;
mod min_conflicts;
mod min_entry;
mod mm;
mod monotone;
mod node_table;
mod online;
pub mod policy;
mod problem;
mod radix;
mod rbfs;
mod reach;
mod ring;
mod state_hash;
mod tree;
mod tree_csp;
mod yen;

#[cfg(test)]
mod policy_tests;
#[doc(hidden)]
pub mod test_support;

// Adversarial game search: strategies, MCTS, chance nodes, tables, the parallel engine.
mod adversarial;
mod budget;
mod busy;
mod chance;
mod engine;
mod game;
mod hash;
mod mcts;
mod parallel;
mod strategy;
mod table;

// The state-space front door: paths from a start to a goal (what most users need).
pub use and_or::{AndOrResult, Plan, PlanStep, and_or_search_fn};
pub use bag::{AllPaths, astar_bag_fn};
pub use beam::beam_search;
pub use bidirectional::{bidirectional_bfs_fn, bidirectional_bfs_from_fn};
pub use bidirectional_uniform::bidirectional_uniform_cost_fn;
pub use closures::{
    FnProblem, Successors, UnitSuccessors, astar_fn, breadth_first_fn, breadth_first_from_fn,
    breadth_first_loop_fn, breadth_first_loop_from_fn, depth_first_fn, idastar_fn,
    iterative_deepening_fn, recursive_best_first_fn, uniform_cost_fn,
};
pub use cost::Cost;
pub use depth_first::{depth_first, depth_first_graph_fn, iterative_deepening};
pub use error::Error;
pub use fringe::fringe_fn;
pub use graph_search::{
    Priority, Weight, astar, best_first, breadth_first, greedy_best_first, uniform_cost,
    weighted_astar,
};
pub use idastar::idastar;
pub use mm::bidirectional_mm_fn;
pub use problem::{DenseStates, Path, PathOf, ResultOf, SearchProblem, SearchResult, Stats};
pub use rbfs::recursive_best_first;
pub use reach::{
    BfsReach, DfsReach, DijkstraReach, Reached, bfs_reach, count_paths, dfs_reach,
    dijkstra_partial, dijkstra_reach,
};
pub use tree::{
    ShortestPathTree, reachable, reachable_fn, shortest_path_tree, shortest_path_tree_fn,
};
pub use yen::{k_shortest_paths, k_shortest_paths_fn};

/// Local search: hill climbing (first-choice, steepest-ascent, stochastic), local beam search,
/// simulated annealing, the genetic algorithm, and constraint repair by min-conflicts; online
/// search agents (LRTA*, online depth-first exploration).
pub mod local_search {
    pub use crate::genetic::{GeneticOptions, genetic_algorithm};
    pub use crate::local::{
        ExpSchedule, LocalOptions, LocalResult, LocalResultOf, Schedule, StopReason, hill_climbing,
        simulated_annealing, steepest_ascent, stochastic_hill_climbing,
    };
    pub use crate::local_beam::local_beam_search;
    pub use crate::min_conflicts::{
        ConflictProblem, MinConflictsLimits, MinConflictsStats, min_conflicts,
    };
    pub use crate::online::{LrtaStarAgent, OnlineDfsAgent, OnlineProblem};
}

/// Constraint satisfaction (AIMA chapter 6): [`Csp`](constraints::Csp) solved by backtracking
/// with MRV, degree, least-constraining-value, forward checking and AC-3; AC-3 on its own; the
/// tree-structured solver; and min-conflicts repair through [`CspRepair`](constraints::CspRepair).
pub mod constraints {
    pub use crate::csp::{
        ArcConsistency, Constraint, Csp, CspOptions, CspStats, Inference, ValueOrder,
        VariableOrder, ac3, ac3_arcs, backtracking_search, count_solutions, solve_all,
    };
    pub use crate::csp_repair::CspRepair;
    pub use crate::tree_csp::{tree_csp_solver, tree_order};
}

/// Adversarial game search: the [`Game`](games::Game) trait, minimax and alpha-beta, the
/// [`Engine`](games::Engine) (iterative deepening, ordering, transposition table) and its
/// parallel form, strategies and matches, Monte Carlo tree search, chance nodes, and position
/// keys.
pub mod games {
    pub mod deepening;
    mod mtdf;

    pub use mtdf::{Bounds, Mtdf};

    pub use crate::adversarial::{GameOutcome, GameStats, alpha_beta, minimax};
    pub use crate::budget::Budget;
    pub use crate::busy::{BusySet, busy_mark};
    pub use crate::chance::{ChanceGame, ChanceOutcome, Outcomes, Turn, expectiminimax, star1};
    pub use crate::engine::{Engine, Timed};
    pub use crate::game::{EngineGame, Game, INFINITY, MoveList, Player, ProbableCut, Value};
    pub use crate::hash::{GOLDEN_GAMMA, mix64, zobrist_keys};
    pub use crate::mcts::{Mcts, MctsConfig, MctsStats, PROOF_VISITS, Playout};
    pub use crate::parallel::ParallelEngine;
    pub use crate::strategy::{
        AlphaBetaPlayer, DEFAULT_DEPTH, EnginePlayer, GameRecord, MatchResult, MinimaxPlayer,
        RandomPlayer, Strategy, play_match,
    };
    pub use crate::table::{Bound, Entry, SharedTable, TranspositionTable, UNLIMITED};
}

/// The names most programs need, in one `use search_core::prelude::*;`: the state-space front
/// door and its types (as `pathfinding`'s prelude gives its functions), and the game traits.
///
/// ```
/// use search_core::prelude::*;
/// // From 0 to 10 by +1 or *2: 0, 1, 2, 4, 5, 10.
/// let path = astar_fn(&0u32, |&n| [(n + 1, 1u32), (n * 2, 1)], |_| 0, |&n| n == 10).path;
/// assert_eq!(path.map(|p| (p.len(), p.steps())), Some((6, 5)));
/// ```
pub mod prelude {
    pub use crate::games::{Game, Player, Value};
    pub use crate::{
        Cost, FnProblem, Path, SearchProblem, SearchResult, Stats, astar_fn, bfs_reach,
        bidirectional_bfs_fn, breadth_first_fn, depth_first_fn, dfs_reach, dijkstra_reach,
        idastar_fn, indexed, iterative_deepening_fn, k_shortest_paths_fn, reachable_fn,
        shortest_path_tree_fn, uniform_cost_fn,
    };
}

pub use smallvec;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
