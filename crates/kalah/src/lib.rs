//! Kalah(pots, stones): board, sowing, captures, free turns and the end of the game, with a
//! [`Game`](search_core::games::Game) implementation where a whole free-turn chain is one move, so
//! search-core's alpha-beta and engine search Kalah with no special case.
//!
//! - [`Board`]: a small `Copy` position; [`Rules`] names the variant and the capture
//!   ([`CaptureRule`]) and end-of-game ([`EndRule`]) options.
//! - [`Chain`]: a move of the chain model (the pots one side sows in a row);
//!   [`chains`] generates them without duplicate resulting positions.
//! - [`sample`]: the assignment's sample solution's search, for `--sample-compatible`.
//! - [`format`](mod@format): the interactive game's exact text; [`Computer`] and [`solve`] the players.
//! - [`ExactSolver`]: MTD(f) to the end of the game over [`Position`]s (the houses from the
//!   side to move's view), with an [`EndgameDb`] (retrograde analysis) at its leaves; it
//!   reproduces the published Kalah values (see [`CaptureRule`] and [`EndRule`]).
//!
//! # Example
//!
//! ```
//! use kalah::{Board, Rules, Computer, PlayStyle};
//! use search_core::{games::alpha_beta, games::Engine, games::Player};
//!
//! let start = Board::new(Rules::default(), Player::Max);
//! // The assignment's transcript: the computer sows pot 5, the human pot 1 (a free turn) then 0.
//! let board = start.play_pot(5).play_pot(1).play_pot(0);
//! assert_eq!(board.to_move(), Player::Max);
//! // The engine and plain alpha-beta agree on the value at the same depth.
//! let mut engine = Engine::new(16);
//! assert_eq!(engine.search(&board, 6).value, alpha_beta(&board, Some(6)).value);
//! // The computer's choice in the chain model is a legal chain.
//! let decision = Computer::new(PlayStyle::Chains, 6).choose(&board).unwrap();
//! assert!(board.is_legal(decision.chain.first().unwrap()));
//! print!("{}", kalah::format::board_block(&board.play_chain(decision.chain)));
//! ```

mod board;
mod chain;
mod endgame;
mod error;
mod exact;
pub mod format;
mod game;
pub mod plan;
pub mod position_text;
#[cfg(test)]
mod proptests;
mod rules;
pub mod sample;
mod search;
mod solver;
mod table;
mod worker;

pub use board::{Board, PITS, Sowing};
pub use chain::Chain;
pub use endgame::{EndgameDb, MAX_DB_SEEDS};
pub use error::{DatabaseError, Error, PartsError};
pub use exact::{Position, Step};
pub use game::chains;
pub use position_text::Setup;
pub use rules::{CaptureRule, EndRule, MAX_POTS, MAX_STONES, Rules};
pub use search::{Computer, Decision, PlayStyle, Solution, solve, solve_deepening};
pub use search_core::games::Player;
pub use solver::{Exact, ExactSolver, Probe, Progress, Snapshot};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
