//! Generic search for classical AI: state-space search, local search, constraint repair and
//! adversarial game search. No domain code lives here: puzzles and games implement the traits.
//!
//! - [`SearchProblem`]: a start state, a goal test, successors in a fixed order with step costs
//!   (integers or decimals) and an optional heuristic. Searched by [`breadth_first`],
//!   [`depth_first`], [`iterative_deepening`], [`uniform_cost`], [`greedy_best_first`], [`astar`],
//!   [`hill_climbing`] and [`steepest_ascent`]. Every search returns its path and [`Stats`].
//!   [`search_with`] runs the graph-search loop with chosen [`SearchOptions`]: queue, stack or
//!   priority frontier, FIFO/LIFO ties, duplicate handling (incl. path redirection), successors
//!   sorted by heuristic, and an observer of every pop (the CS364 platform's methods are such
//!   policies; see the `maze` crate).
//! - [`ConflictProblem`]: variables with values and O(1) conflict counts, repaired by
//!   [`min_conflicts`] with seeded random tie-breaking and restarts.
//! - [`Game`]: positions with a side to move, ordered legal moves and a static evaluation,
//!   searched by [`minimax`], [`alpha_beta`] and, for real play, the [`Engine`] (iterative
//!   deepening, move ordering, transposition table; same values as alpha-beta).
//!
//! Playing games: any [`Strategy`] (the searches above as [`MinimaxPlayer`],
//! [`AlphaBetaPlayer`], [`EnginePlayer`] with a depth or a time budget, [`Mcts`] (UCT),
//! [`RandomPlayer`]) meets another in [`play_match`]. [`ParallelEngine`] runs the engine on
//! several threads (Lazy SMP over a [`SharedTable`]; the same values). Games with dice implement
//! [`ChanceGame`] and are searched by [`expectiminimax`] and [`star1`]. [`mix64`] and
//! [`zobrist_keys`] make position keys.
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

mod adversarial;
mod closed;
mod cost;
mod depth_first;
mod engine;
mod error;
mod game;
mod graph_search;
mod local;
mod min_conflicts;
mod min_entry;
mod monotone;
mod problem;

#[cfg(test)]
mod policy_tests;

// Game search (the `games` side): strategies, MCTS, chance nodes, tables, the parallel engine.
mod chance;
mod hash;
mod mcts;
mod parallel;
mod strategy;
mod table;
pub use chance::{ChanceGame, ChanceOutcome, Outcomes, Turn, expectiminimax, star1};
pub use engine::Timed;
pub use hash::{GOLDEN_GAMMA, mix64, zobrist_keys};
pub use mcts::{Mcts, MctsConfig, MctsStats};
pub use parallel::ParallelEngine;
pub use strategy::{
    AlphaBetaPlayer, EnginePlayer, GameRecord, Limit, MatchResult, MinimaxPlayer, RandomPlayer,
    Strategy, play_match,
};
pub use table::{Bound, Entry, SharedTable, TranspositionTable, UNLIMITED};

pub use adversarial::{GameOutcome, GameStats, alpha_beta, minimax};
pub use cost::Cost;
pub use depth_first::{depth_first, iterative_deepening};
pub use engine::Engine;
pub use error::Error;
pub use game::{EngineGame, Game, INFINITY, MoveList, Player, Value};
pub use graph_search::{
    Duplicates, Frontier, Popped, Priority, ReportOf, SearchOptions, SearchReport, SuccessorOrder,
    TieOrder, astar, best_first, breadth_first, greedy_best_first, search_with, uniform_cost,
};
pub use local::{
    LocalOptions, LocalResult, LocalResultOf, StopReason, hill_climbing, steepest_ascent,
};
pub use min_conflicts::{ConflictProblem, MinConflictsLimits, MinConflictsStats, min_conflicts};
pub use problem::{Path, PathOf, ResultOf, SearchProblem, SearchResult, Stats};
pub use smallvec;
