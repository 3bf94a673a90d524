//! The errors of this crate.

/// Why a Kalah variant or a position could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The number of pots per side is outside the supported range.
    #[error("pots {pots}: a side has from 1 to {max} pots")]
    Pots {
        /// The number asked for.
        pots: u32,
        /// The largest supported number.
        max: u32,
    },
    /// The number of stones per pot is zero or the board would hold too many stones.
    #[error(
        "stones {stones}: each pot starts with at least 1 stone and the board holds at most {max_total} stones ({pots} pots a side)"
    )]
    Stones {
        /// The number asked for.
        stones: u32,
        /// The pots per side.
        pots: u32,
        /// The most stones a board holds.
        max_total: u32,
    },
    /// A position given pit by pit has the wrong number of pits or too many stones.
    #[error("position: {0}")]
    Position(String),
    /// An endgame database file that is not the one asked for (other rules or size, short,
    /// or corrupt).
    #[error("endgame database: {0}")]
    Database(String),
}
