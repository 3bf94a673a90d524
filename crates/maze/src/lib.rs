//! The CS364 search platform: Roger Rat's grid maze, labelled graphs (Hampton Court, Romania) and
//! the platform's six search methods (`depth`, `hill`, `steep`, `best`, `algA`, `algAM`), with
//! its exact numbers, printing and traces (see `docs/cs364-search-platform.md`).
//!
//! - [`grid`]: the maze file (rows of 4-bit wall strings N, E, S, W; `1` = open);
//! - [`problem`]: the maze as a [`search_core::SearchProblem`] (moves allowed by the current
//!   cell's bits, h = Manhattan distance to the nearest goal cell) and the [`Platform`] trait;
//! - [`graph`]: labelled graphs with optional arc costs, an `h` table, root and goal;
//! - [`platform`]: the six methods, each a search-core algorithm with the platform's policies;
//! - [`format`](mod@format): the platform's printing; [`draw`]: text art of a maze and a path;
//! - [`num`]: Python's int/float arithmetic and printing;
//! - pictures of a search: [`picture`] (a method's path and expansion order), [`svg`] (mazes
//!   and graphs at known coordinates, [`layout`]), [`dot`] (graphs for Graphviz).
//!
//! # Example
//!
//! ```
//! use maze::{format, platform, Grid, MazeProblem, Method, DEFAULT_GOALS, DEFAULT_START};
//!
//! let grid = Grid::maze0();
//! let maze = MazeProblem::new(&grid, "maze0.txt", DEFAULT_START, &DEFAULT_GOALS).unwrap();
//! let outcome = platform::run(&maze, Method::AlgAM, None);
//! assert_eq!((outcome.steps, outcome.cost.to_string(), outcome.nodes), (144, "38".into(), 147));
//! let line = format::result_line(Method::Hill, &format::dict(&maze, &platform::run(&maze, Method::Hill, None)));
//! assert_eq!(line, "hill:  {'result': [(0, 7), (1, 7)], 'steps': 2, 'cost': 1, 'nodes': 1}");
//! ```

pub mod dot;
pub mod draw;
pub mod error;
pub mod format;
pub mod graph;
pub mod grid;
pub mod layout;
pub mod num;
pub mod picture;
pub mod platform;
pub mod problem;
pub mod svg;

pub use error::{Error, LineError};
pub use graph::{Graph, parse_graphs};
pub use grid::{Grid, MAZE0};
pub use num::Num;
pub use platform::{Method, Outcome};
pub use problem::{DEFAULT_GOALS, DEFAULT_START, MazeProblem, Platform};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
