//! N-Queens by min-conflicts repair, from a near-solution start, up to one hundred million
//! queens ([`format::MAX_SIZE`]; about 14 bytes of memory per queen).
//!
//! The [`Board`] keeps the row of the queen in each column and counters of queens per row and
//! per diagonal (one byte each, exact beyond 255 through a side map), so the conflicts of any
//! square are O(1). It starts from a greedy randomized permutation built in O(n) (each column
//! takes a random remaining row whose diagonals are free, when one of a few random picks has
//! them), so only a handful of queens are conflicted, and search-core's
//! [`min_conflicts`](search_core::local_search::min_conflicts) repairs those: a conflicted queen moves to a
//! least-conflicted row of its column (every row for small boards; for large ones its own row, the
//! empty rows and a random sample), ties broken at random. Every answer passes an O(n) check
//! ([`verify`]) before it is returned.
//!
//! Output orientation: entry `i` of a printed list is the (1-based) row of the queen in column
//! `i`. A solution read the other way (entry `i` = the column of the queen in row `i`) is the
//! transposed board, which is a solution too.
//!
//! ```
//! use nqueens::{format::write_board, solve_seeded, verify};
//!
//! let (rows, _stats) = solve_seeded(8, 352).unwrap();
//! assert_eq!(verify(&rows), Ok(()));
//! let mut line = Vec::new();
//! write_board(&mut line, &rows).unwrap();
//! assert!(line.starts_with(b"[") && line.ends_with(b"]\n"));
//!
//! assert!(solve_seeded(3, 352).is_err()); // no solution for 2 and 3
//! ```
//!
//! A note on search-core's driver: its list of conflicted queens is refreshed only when it runs
//! dry, so a queen that a repair makes conflicted stays unseen until then. See
//! [`solve_unchecked`] for how the solver works around it.

mod board;
mod counters;
mod error;
pub mod format;
mod solve;
mod verify;

pub use board::{Board, FULL_DOMAIN_MAX, SAMPLE_HOLES, SAMPLE_ROWS, START_TRIES};
pub use error::{Error, SizeError};
pub use solve::{
    DEFAULT_SEED, MAX_ATTEMPTS, REBUILD_AFTER, SolveStats, limits_for, seeded_rng, solve,
    solve_seeded, solve_unchecked,
};
pub use verify::{Violation, verify};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
