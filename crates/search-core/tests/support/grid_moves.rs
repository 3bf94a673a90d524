//! The move sets the grid tests search under, shared by `grid_jps.rs` and
//! `grid_jps_reference.rs`.

use search_core::grid::Corners;

/// The moves of a search: king moves under a corner rule, or rook steps (`jps4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moves {
    King(Corners),
    Rook,
}

/// The three move sets, for `any` index 0 to 2.
pub const MOVES: [Moves; 3] = [
    Moves::King(Corners::NoCutting),
    Moves::King(Corners::Cutting),
    Moves::Rook,
];
