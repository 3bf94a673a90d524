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
    /// The file is not UTF-8 text.
    #[error("{file}:{line}: not UTF-8 text")]
    NotUtf8 {
        /// The file.
        file: String,
        /// The line (from 1) holding the first invalid byte.
        line: usize,
    },
    /// A line does not have the expected fields.
    #[error("{file}:{line}: malformed line `{text}`: expected `{expected}`")]
    Malformed {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// The line's text (shortened when long).
        text: String,
        /// The expected shape, e.g. `City1 City2 distance`.
        expected: &'static str,
    },
    /// A distance or heuristic value that is not a finite number.
    #[error("{file}:{line}: {what} `{token}` is not a number")]
    NotANumber {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// `distance` or `heuristic value`.
        what: &'static str,
        /// The offending token (shortened when long).
        token: String,
    },
    /// A negative distance or heuristic value.
    #[error("{file}:{line}: {what} `{token}` is negative")]
    Negative {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// `distance` or `heuristic value`.
        what: &'static str,
        /// The offending token (shortened when long).
        token: String,
    },
    /// A city listed twice in a heuristic table.
    #[error("{file}:{line}: city `{city}` already has a heuristic value (line {first})")]
    DuplicateHeuristic {
        /// The file.
        file: String,
        /// The line of the second entry, from 1.
        line: usize,
        /// The city.
        city: String,
        /// The line of the first entry.
        first: usize,
    },
    /// More cities or roads than 32-bit indices can hold.
    #[error("{file}:{line}: too many cities or roads (at most {max})")]
    TooLarge {
        /// The file.
        file: String,
        /// The line where the limit was passed.
        line: usize,
        /// The limit.
        max: u64,
    },
}

/// Shortens `text` to at most 60 characters for an error message.
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}
