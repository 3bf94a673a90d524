//! The crate's error type.

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A line of the input is not a board size (`FILE:LINE: ...`).
    #[error(transparent)]
    Input(#[from] text_input::Located<SizeError>),
    /// Boards of size 2 and 3 have no solution.
    #[error("no solution exists for n = {0}")]
    NoSolution(usize),
    /// The board is too large for the memory available.
    #[error("not enough memory for a board of size {0}")]
    OutOfMemory(usize),
    /// Min-conflicts gave up (every allowed attempt ran out of repairs).
    #[error("no solution found for n = {n}: {source}")]
    Unsolved {
        /// The board size.
        n: usize,
        /// What search-core reported.
        source: search_core::Error,
    },
    /// A board failed verification (this is a bug: such a board is never written).
    #[error("invalid board for n = {n}: {reason}")]
    Invalid {
        /// The board size.
        n: usize,
        /// The first violation found.
        reason: crate::verify::Violation,
    },
}

/// Why a line of the input is not a board size; located at its file and line by
/// [`text_input::Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// Not a whole number from 1 to the limit.
    #[error("`{token}` is not a board size (a whole number from 1 to {max})")]
    NotASize {
        /// The text of the line (trimmed, shortened when long).
        token: String,
        /// The largest size accepted.
        max: usize,
    },
    /// A whole number above the limit ([`MAX_SIZE`](crate::format::MAX_SIZE)), checked before
    /// any memory is taken.
    #[error(
        "board size {token} is more than this program supports (at most {max} queens: about 14 bytes of memory each)"
    )]
    TooLarge {
        /// The number as written (shortened when long).
        token: String,
        /// The largest size accepted.
        max: usize,
    },
}
