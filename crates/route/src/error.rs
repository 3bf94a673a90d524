//! The errors of this crate: every message names the file, and the line and token where there is one.

use std::path::PathBuf;

/// What can go wrong reading a road map or a heuristic table.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read {}: {}", path.display(), text_input::describe(source))]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A problem at a line of a road map or heuristic table (`FILE:LINE: ...`).
    #[error(transparent)]
    Line(#[from] text_input::Located<LineError>),
}

/// What is wrong at a line of a road map or heuristic table; located at its file and line by
/// [`text_input::Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The file is not UTF-8 text (located at the line of the first invalid byte).
    #[error("not UTF-8 text")]
    NotUtf8,
    /// A line does not have the expected fields.
    #[error("malformed line `{text}`: expected `{expected}`")]
    Malformed {
        /// The line's text (shortened when long).
        text: String,
        /// The expected shape, e.g. `City1 City2 distance`.
        expected: &'static str,
    },
    /// A distance or heuristic value that is not a finite number.
    #[error("{what} `{token}` is not a number")]
    NotANumber {
        /// `distance` or `heuristic value`.
        what: &'static str,
        /// The offending token (shortened when long).
        token: String,
    },
    /// A negative distance or heuristic value.
    #[error("{what} `{token}` is negative")]
    Negative {
        /// `distance` or `heuristic value`.
        what: &'static str,
        /// The offending token (shortened when long).
        token: String,
    },
    /// A city listed twice in a heuristic table (located at the second entry).
    #[error("city `{city}` already has a heuristic value (line {first})")]
    DuplicateHeuristic {
        /// The city.
        city: String,
        /// The line of the first entry.
        first: usize,
    },
    /// More cities or roads than 32-bit indices can hold (located where the limit was passed).
    #[error("too many cities or roads (at most {max})")]
    TooLarge {
        /// The limit.
        max: u64,
    },
}

/// `error` at `line` of `file`, as this crate's [`Error`].
pub(crate) fn at(file: &str, line: usize, error: LineError) -> Error {
    Error::Line(text_input::Located::new(file, line, error))
}

/// Shortens `text` to at most 60 characters for an error message.
pub(crate) fn shorten(text: &str) -> String {
    text_input::shorten(text, 60)
}
