//! Kalah(pots, stones) with captures and free-turn chains as single moves.
//!
//! (Work in progress: see the issue tracker.)
