//! Reversi (Othello) on bitboards for square boards of 4x4, 6x6 and 8x8, implementing
//! search-core's [`Game`](search_core::games::Game), with what two classic assignments print.
//!
//! - [`Square`], [`Side`], [`Board`], [`Position`], [`Move`]: the typed core; every value is
//!   valid by construction. Positions are small `Copy` values; move lists are masks
//!   ([`SquareSet`]), and nothing allocates per search node.
//! - [`rules`]: move generation (Kogge-Stone fills) and flips on `u64` masks.
//! - [`Scored`]: a position with a [`Scoring`] ([`WinLoss`], [`Margin`], [`RootScore`]) is a
//!   search-core game; [`best_move`], [`full_game`] and [`solve`] are the programs' searches.
//! - [`tiny`]: the CS540 "Reversi Tiny" flags; [`format`](mod@format): boards and files, read and printed.
//! - [`perft`]: leaf counts for testing and timing the move generator.
//! - [`eval`]: a stage-dependent pattern evaluation for 8x8 (edges, corners, lines, diagonals,
//!   mobility, parity) with weights fitted by the `fit_eval` example; [`player`]: time-controlled
//!   play with it (iterative deepening, exact solving near the end, optionally Multi-ProbCut with
//!   the models of [`probcut`], fitted by the `fit_probcut` example); [`gtp`]: the Go Text
//!   Protocol as a state machine (one command line in, the exact reply out); [`openings`]: the
//!   balanced openings of engine matches.
//! - [`exact`]: the one exact solver, for any position of any size: the side to move's exact
//!   margin with the empty squares left at the end counted as a parameter ([`exact::Counting`]:
//!   to the winner as FForum counts, or discs only as COL106 does), a best move, budgets and a
//!   win/loss/draw variant; [`stability`]: stable discs, a sound cap on the margin it cuts on.
//!   [`obf`]: the OBF problem lines it is tested on. [`solve()`]: the same solver for COL106's
//!   convention (Black's margin, discs only), started from an engine search's guess.
//!
//! # Example
//!
//! ```
//! use reversi::{Position, perft, format, search::{best_move, Method}};
//!
//! // The 8x8 start: 4 moves, 12 two-ply lines.
//! let start = Position::<8>::start();
//! assert_eq!(start.placements().len(), 4);
//! assert_eq!(perft(&start, 2), 12);
//!
//! // COL106 bestMove(3) from the start: square index 19 (row 2, column 3).
//! let square = best_move(&start, 3, Method::AlphaBeta).unwrap();
//! assert_eq!(square.index(), 19);
//!
//! // Reversi Tiny: minimax from the 4x4 start with dark (player 1) to move.
//! let board = format::parse_tiny::<4>("0000021001200000").unwrap();
//! let position = Position::new(board, reversi::Side::Black);
//! let out = reversi::tiny::run(reversi::tiny::Flag::AlphaBetaValue, &position);
//! assert_eq!(out.lines().next(), Some("-1")); // light wins with perfect play
//! ```

mod board;
mod error;
pub mod eval;
pub mod exact;
pub mod format;
pub mod gtp;
pub mod obf;
pub mod openings;
mod perft;
pub mod player;
mod position;
pub mod probcut;
pub mod rules;
pub mod search;
mod side;
mod solve;
mod square;
pub mod stability;
pub mod tiny;

#[cfg(test)]
mod proptests;

pub use board::Board;
pub use error::{Error, PositionFileError};
pub use perft::perft;
pub use position::{Move, Position};
pub use search::{
    FullGame, Margin, Method, RootScore, Scored, Scoring, Searcher, WinLoss, best_move, full_game,
    full_game_observed, full_game_within,
};
pub use side::Side;
pub use solve::{Progress, Solution, solve, solve_reporting};
pub use square::{Square, SquareSet};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
