//! The crate's error type: reading game files.

/// Errors of this crate. Messages name the file, the line (1-based) and the offending text.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read {path}: {}", text_input::describe(source))]
    Read {
        /// The file.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A problem at a line of a game file (`FILE:LINE: ...`).
    #[error(transparent)]
    File(#[from] text_input::Located<GameFileError>),
}

/// What is wrong at a line of a game file; located at its file and line by
/// [`text_input::Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameFileError {
    /// A board row without exactly seven cells.
    #[error("a board row needs 7 cells, found {found} in `{token}`")]
    RowLength {
        /// The number of characters found.
        found: usize,
        /// The row as written (shortened when long).
        token: String,
    },
    /// A cell other than `0`, `1` or `2`.
    #[error("`{token}` in column {column} is not a cell (0 empty, 1 or 2 a player)")]
    Cell {
        /// The column, 1..7.
        column: usize,
        /// The character.
        token: char,
    },
    /// A piece above an empty cell (located at the piece's line).
    #[error("the piece in column {column} floats over an empty cell (line {below})")]
    Floating {
        /// The column, 1..7.
        column: usize,
        /// The line of the empty cell below it.
        below: usize,
    },
    /// A next-player line other than `1` or `2`.
    #[error("`{0}` is not the player to move (1 or 2)")]
    NextPlayer(String),
    /// The file ends before the six rows and the player line (located at the last line
    /// present, 0 for an empty file).
    #[error("the file ends here; expected 6 board rows then the player to move (1 or 2)")]
    Truncated,
    /// Text after the player line.
    #[error("unexpected text after the player line: `{0}`")]
    Trailing(String),
}

/// Why an answer at the column prompt is refused (shown before asking again).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColumnError {
    /// The answer is not a whole number.
    #[error("`{0}` is not a number: type a column from 1 to 7")]
    NotANumber(String),
    /// A whole number that is not 1 to 7 (any size: `99999999999999999999999` included).
    #[error("there is no column {0}: type a column from 1 to 7")]
    NoSuchColumn(String),
    /// The column (1-based) is full.
    #[error("column {0} is full: choose another column")]
    Full(usize),
}
