//! The errors of this crate: every message names the file, the line and the offending text.

use std::io;
use text_input::Located;

/// What went wrong reading a grid or answering a query.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read {file}: {}", text_input::describe(source))]
    Read {
        /// The file (or `<stdin>`).
        file: String,
        /// The underlying error.
        source: io::Error,
    },
    /// A problem at a line of a grid file (`FILE:LINE: ...`).
    #[error(transparent)]
    Line(#[from] Located<LineError>),
    /// A query that cannot be answered (no file or line: the index's answer to a pair).
    #[error(transparent)]
    Query(#[from] QueryError),
    /// A query line that cannot be answered, at its file (or `<stdin>`) and line.
    #[error(transparent)]
    QueryLine(#[from] Located<QueryError>),
}

/// What is wrong at a line of a grid file; located at its file and line by [`Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The file is not UTF-8 text (located at the first line holding a bad byte).
    #[error("not UTF-8 text")]
    NotUtf8,
    /// A count (n or m) is missing, not a number, or negative.
    #[error("expected the number of {what} (a whole number, 0 or more), found `{token}`")]
    BadCount {
        /// `cities` or `lines`.
        what: &'static str,
        /// The text found (empty at the end of the file).
        token: String,
    },
    /// A count larger than the grid representation supports.
    #[error("{count} {what} is more than this program supports (at most {max})")]
    TooLarge {
        /// `cities` or `lines`.
        what: &'static str,
        /// The announced count as written (shortened when long).
        count: String,
        /// The supported maximum.
        max: usize,
    },
    /// The file ends before all announced cities or lines (located at its last line).
    #[error("the file announces {announced} {what} but ends after {found}")]
    TooFew {
        /// `cities` or `lines`.
        what: &'static str,
        /// The announced count.
        announced: usize,
        /// How many were there.
        found: usize,
    },
    /// A city name with whitespace inside.
    #[error("a city name must be one word, found `{name}`")]
    BadCityName {
        /// The text found.
        name: String,
    },
    /// A city declared twice (located at the second declaration).
    #[error("city `{name}` is already declared on line {first_line}")]
    DuplicateCity {
        /// The city.
        name: String,
        /// The line of the first declaration.
        first_line: usize,
    },
    /// A grid line that is not two city names.
    #[error("expected two city names `cityA cityB`, found `{text}`")]
    BadPair {
        /// The text found.
        text: String,
    },
    /// A grid line naming a city not declared at the top of the file.
    #[error("city `{name}` is not declared")]
    UndeclaredCity {
        /// The unknown name.
        name: String,
    },
    /// Non-blank text after the announced lines.
    #[error("unexpected text after the {announced} announced lines: `{text}`")]
    TrailingText {
        /// The announced number of lines.
        announced: usize,
        /// The text found.
        text: String,
    },
}

/// Why a query `cityA cityB` cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// A query line that is not two city names (or not UTF-8 text).
    #[error("expected two city names `cityA cityB`, found `{text}`")]
    BadPair {
        /// The text found.
        text: String,
    },
    /// A query names a city that is not in the grid.
    #[error("unknown city `{name}`")]
    UnknownCity {
        /// The unknown name.
        name: String,
    },
    /// A query between cities in different parts of a disconnected grid.
    #[error("no path between `{from}` and `{to}`: the grid is not connected")]
    NoPath {
        /// The first city.
        from: String,
        /// The second city.
        to: String,
    },
}

/// `error` at `line` of `file`, as this crate's [`Error`].
pub(crate) fn at<E>(file: &str, line: usize, error: E) -> Error
where
    Error: From<Located<E>>,
{
    Error::from(Located::new(file, line, error))
}
