//! The crate's error type.

/// Errors reading boards and position files.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A Reversi Tiny board string of the wrong length.
    #[error("board {text:?}: expected {expected} characters of 0/1/2, found {found}")]
    BoardLength {
        /// The board as given.
        text: String,
        /// The number of characters expected.
        expected: usize,
        /// The number of characters found.
        found: usize,
    },
    /// A Reversi Tiny board string with a character other than 0, 1 or 2.
    #[error("board {text:?}: character {position} is {found:?}, expected 0, 1 or 2")]
    BoardCell {
        /// The board as given.
        text: String,
        /// The character's position, from 1.
        position: usize,
        /// The character found.
        found: char,
    },
    /// A problem at a line of a position file (`FILE:LINE: ...`).
    #[error(transparent)]
    File(#[from] text_input::Located<PositionFileError>),
    /// A line of a Multi-ProbCut table ([`probcut::Table::parse`](crate::probcut::Table::parse))
    /// that is not `empties_low empties_high depth slope offset sigma` with empty squares in
    /// 0-60, the low end first, and a depth of 1 or more.
    #[error(
        "probcut table line {line}: {text:?} is not `empties_low empties_high depth slope offset \
         sigma` (empty squares 0-60, low first; depth 1 or more)"
    )]
    ProbCutLine {
        /// The line number, from 1.
        line: usize,
        /// The line, without its comment.
        text: String,
    },
}

/// What is wrong at a line of a COL106 position file; located at its file and line by
/// [`text_input::Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionFileError {
    /// A token that is not what its place asks for.
    #[error("token {token:?} is not {expected}")]
    Token {
        /// The token (shortened when long).
        token: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// The file ends early (located at its last line).
    #[error("the file ends after {found} of {expected} board cells")]
    Truncated {
        /// Cells read.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// An empty first line, or no turn at all (located at line 1).
    #[error("missing turn (0 black, 1 white)")]
    MissingTurn,
}
