//! Max-Connect4 (6x7, play until full, score every four-in-a-row) on bitboards.
//!
//! (Work in progress: see the issue tracker.)
