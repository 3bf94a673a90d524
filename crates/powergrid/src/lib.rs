//! The wind power grid assignment: critical lines and important-line queries.
//!
//! A grid file holds n, m, n city names, then m lines `cityA cityB`. A line is *critical* when
//! removing it disconnects its two cities; a line is *important* for a pair (A, B) when every
//! A-B path uses it. Parsing, critical lines and preprocessing are O(n + m) (preprocessing
//! O(c log c) for c 2-edge-connected components); each query is O(1).
//!
//! ```
//! use powergrid::Grid;
//!
//! // Figure 1 of the assignment: Delhi-Kolkata is the only critical line.
//! let text = "4\n4\nDelhi\nKolkata\nChennai\nMumbai\n\
//!             Delhi Kolkata\nDelhi Chennai\nDelhi Mumbai\nMumbai Chennai\n";
//! let grid = Grid::parse(text, "fig1.txt")?;
//! let critical: Vec<_> = grid.critical_lines().iter().map(|l| (l.from, l.to)).collect();
//! assert_eq!(critical, [("Delhi", "Kolkata")]);
//!
//! // Queries need the preprocessed index: it is the only value with a query method.
//! let index = grid.preprocess();
//! assert_eq!(index.important_lines("Chennai", "Kolkata")?, 1);
//! assert_eq!(index.important_lines("Chennai", "Mumbai")?, 0);
//! assert!(index.important_lines("Chennai", "Paris").is_err());
//! # Ok::<(), powergrid::Error>(())
//! ```

mod error;
pub mod format;
pub mod generate;
mod grid;
mod index;
mod names;
mod parse;
mod queries;

pub use error::{Error, LineError, QueryError};
pub use grid::{Grid, Line};
pub use index::{BATCH, ImportantLines};
pub use queries::answer_queries;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
