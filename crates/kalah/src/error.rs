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
    Position(PartsError),
    /// An endgame database file that is not the one asked for (other rules or size, short,
    /// or corrupt).
    #[error("endgame database: {0}")]
    Database(DatabaseError),
}

/// Why an endgame database file was not accepted
/// ([`EndgameDb::read_from`](crate::EndgameDb::read_from)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    /// The file could not be read (`part` is `header` or `data`).
    #[error("{part}: {kind}")]
    Read {
        /// The part being read.
        part: &'static str,
        /// What went wrong.
        kind: std::io::ErrorKind,
    },
    /// The header names other rules or another database size.
    #[error("built for other rules or another size")]
    Foreign,
    /// The file holds the wrong number of entries.
    #[error("{found} entries, expected {expected}")]
    Length {
        /// Entries in the file.
        found: u64,
        /// Entries the header promises.
        expected: u64,
    },
    /// The entries do not add up to the header's checksum.
    #[error("checksum mismatch")]
    Checksum,
}

/// Why pits given one by one ([`Board::from_parts`](crate::Board::from_parts)) are not a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PartsError {
    /// A row without the rules' number of pots.
    #[error("rows of {max} and {min} pots, expected {expected}")]
    Rows {
        /// Max's pots given.
        max: usize,
        /// Min's pots given.
        min: usize,
        /// The rules' pots per side.
        expected: usize,
    },
    /// More stones than a board holds.
    #[error("{total} stones, at most {max}", max = crate::rules::MAX_STONES)]
    Stones {
        /// The stones given, pits and kalahs.
        total: u32,
    },
}
