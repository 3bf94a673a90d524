//! Reversi / Othello on bitboards for square boards, implementing search-core's Game.
//!
//! (Work in progress: see the issue tracker.)
