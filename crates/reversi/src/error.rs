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
    /// A token of a position file that is not what its place asks for.
    #[error("{file}:{line}: token {token:?} is not {expected}")]
    Token {
        /// The file name.
        file: String,
        /// The line, from 1.
        line: usize,
        /// The token.
        token: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// A position file that ends early.
    #[error("{file}:{line}: the file ends after {found} of {expected} board cells")]
    Truncated {
        /// The file name.
        file: String,
        /// The last line, from 1.
        line: usize,
        /// Cells read.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
    /// A position file with an empty first line, or no turn at all.
    #[error("{file}:1: missing turn (0 black, 1 white)")]
    MissingTurn {
        /// The file name.
        file: String,
    },
}
