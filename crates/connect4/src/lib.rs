//! Max-Connect4 on bitboards: a 6x7 board played until all 42 cells are filled (no early win);
//! each player scores one point per four-in-a-row of its colour (69 windows: horizontal,
//! vertical, both diagonals) and the higher score wins.
//!
//! - [`board`]: the board as two bitboards; dropping a piece.
//! - [`score`]: window counts (fours, open threes, open twos) by bit tricks.
//! - [`eval`]: the static evaluation (exact score difference on a full board).
//! - [`rules`]: [`Position`] (board + player to move), its [`search_core::games::Game`] implementation
//!   (Max is always player 1), [`perft`].
//! - [`search`]: the engine setup (key, centre-first ordering) and [`choose_move`].
//! - [`format`](mod@format): game files (read LF/CRLF, write CRLF) and the console layout of the assignment.
//! - [`referee`]: checking that one game file is another with one legal move played, and reading
//!   the file a program wrote for its move.
//!
//! ```
//! use connect4::{choose_move, format, new_engine, Side};
//! use search_core::games::alpha_beta;
//!
//! let text = "0000000\r\n0000000\r\n0200000\r\n0100002\r\n0200111\r\n1100222\r\n1";
//! let position = format::parse_game(text, "input2.txt").unwrap();
//! assert_eq!(position.next(), Side::One);
//! assert_eq!(position.board().piece_count(), 12);
//!
//! let mut engine = new_engine();
//! let choice = choose_move(&mut engine, &position, 6);
//! assert_eq!(choice.value, alpha_beta(&position, Some(6)).value);
//! let column = usize::from(choice.best_move.unwrap());
//! let after = position.play_column(column).unwrap();
//! assert_eq!(after.next(), Side::Two);
//! assert!(format::game_file(&after).ends_with("\r\n2\r\n"));
//! ```

pub mod board;
pub mod error;
pub mod eval;
pub mod format;
mod incremental;
pub mod referee;
pub mod rules;
pub mod score;
pub mod search;

pub use board::{Board, COLUMNS, ROWS, Side};
pub use error::{ColumnError, Error, GameFileError};
pub use rules::{Position, ScoreOnly, perft};
pub use search::{choose_move, new_engine};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
