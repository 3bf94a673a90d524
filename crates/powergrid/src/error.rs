//! The errors of this crate: every message names the file, the line and the offending text.

use std::io;

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
    /// The file is not UTF-8 text.
    #[error("{file}:{line}: not UTF-8 text")]
    NotUtf8 {
        /// The file.
        file: String,
        /// The first line holding a bad byte.
        line: usize,
    },
    /// A count (n or m) is missing, not a number, or negative.
    #[error(
        "{file}:{line}: expected the number of {what} (a whole number, 0 or more), found `{token}`"
    )]
    BadCount {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// `cities` or `lines`.
        what: &'static str,
        /// The text found (empty at the end of the file).
        token: String,
    },
    /// A count larger than the grid representation supports.
    #[error("{file}:{line}: {count} {what} is more than this program supports (at most {max})")]
    TooLarge {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// `cities` or `lines`.
        what: &'static str,
        /// The announced count as written (shortened when long).
        count: String,
        /// The supported maximum.
        max: usize,
    },
    /// The file ends before all announced cities or lines.
    #[error("{file}:{line}: the file announces {announced} {what} but ends after {found}")]
    TooFew {
        /// The file.
        file: String,
        /// The last line of the file.
        line: usize,
        /// `cities` or `lines`.
        what: &'static str,
        /// The announced count.
        announced: usize,
        /// How many were there.
        found: usize,
    },
    /// A city name with whitespace inside.
    #[error("{file}:{line}: a city name must be one word, found `{name}`")]
    BadCityName {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// The text found.
        name: String,
    },
    /// A city declared twice.
    #[error("{file}:{line}: city `{name}` is already declared on line {first_line}")]
    DuplicateCity {
        /// The file.
        file: String,
        /// The line of the second declaration.
        line: usize,
        /// The city.
        name: String,
        /// The line of the first declaration.
        first_line: usize,
    },
    /// A line (grid line or query) that is not two city names.
    #[error("{file}:{line}: expected two city names `cityA cityB`, found `{text}`")]
    BadPair {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// The text found.
        text: String,
    },
    /// A grid line naming a city not declared at the top of the file.
    #[error("{file}:{line}: city `{name}` is not declared")]
    UndeclaredCity {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// The unknown name.
        name: String,
    },
    /// Non-blank text after the announced lines.
    #[error("{file}:{line}: unexpected text after the {announced} announced lines: `{text}`")]
    TrailingText {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// The announced number of lines.
        announced: usize,
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
    /// A query error, with the query's file and line.
    #[error("{file}:{line}: {error}")]
    Query {
        /// The query file (or `<stdin>`).
        file: String,
        /// The query's line.
        line: usize,
        /// What went wrong.
        error: Box<Error>,
    },
}
