//! Reading text files the same way in every crate: a UTF-8 byte-order mark at the start is
//! accepted (Windows editors write one), lines are numbered from 1 without their `\r\n`, and an
//! error found on a line is reported as `FILE:LINE: message` by one type, [`Located`].
//!
//! ```
//! use text_input::{Located, numbered_lines, strip_bom};
//! let text = "\u{feff}7\r\nx\n";
//! assert_eq!(strip_bom(text), "7\r\nx\n");
//! let lines: Vec<(usize, &str)> = numbered_lines(text).collect();
//! assert_eq!(lines, [(1, "7"), (2, "x")]);
//! let e = Located::new("in.txt", 2, "`x` is not a number");
//! assert_eq!(e.to_string(), "in.txt:2: `x` is not a number");
//! ```

use std::fmt;

/// The byte-order mark as a character.
pub const BOM: char = '\u{feff}';
/// The byte-order mark as UTF-8 bytes.
pub const BOM_BYTES: &[u8] = b"\xEF\xBB\xBF";

/// `text` without a leading byte-order mark (only one is removed).
#[must_use]
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// `bytes` without a leading UTF-8 byte-order mark.
#[must_use]
pub fn strip_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM_BYTES).unwrap_or(bytes)
}

/// The lines of `text` (byte-order mark removed) numbered from 1, without `\n` or `\r\n`.
pub fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    strip_bom(text)
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
}

/// The 1-based line holding byte `offset` of `bytes`.
#[must_use]
pub fn line_of(bytes: &[u8], offset: usize) -> usize {
    1 + bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Decodes file bytes as UTF-8 text without a byte-order mark.
///
/// # Errors
/// A [`Located`] [`NotUtf8`] naming the line of the first invalid byte.
pub fn decode<'a>(bytes: &'a [u8], file: &str) -> Result<&'a str, Located<NotUtf8>> {
    let bytes = strip_bom_bytes(bytes);
    std::str::from_utf8(bytes)
        .map_err(|e| Located::new(file, line_of(bytes, e.valid_up_to()), NotUtf8))
}

/// An I/O error in the user's terms: "no space left on the device", "permission denied", "not
/// UTF-8 text"; otherwise the system's message without its `(os error N)`.
#[must_use]
pub fn describe(error: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    let plain = match error.kind() {
        K::StorageFull => Some("no space left on the device"),
        K::PermissionDenied => Some("permission denied"),
        K::NotFound => Some("no such file"),
        K::ReadOnlyFilesystem => Some("the file system is read-only"),
        K::IsADirectory => Some("it is a folder"),
        K::NotADirectory => Some("a part of the path is a file, not a folder"),
        K::BrokenPipe => Some("the reader has gone (broken pipe)"),
        // `read_to_string` says "stream did not contain valid UTF-8" (no inner error).
        K::InvalidData if error.to_string().contains("UTF-8") => Some("not UTF-8 text"),
        _ => None,
    };
    match plain {
        Some(text) => text.to_owned(),
        None => {
            let text = error.to_string();
            match text.find(" (os error") {
                Some(cut) => text[..cut].to_owned(),
                None => text,
            }
        }
    }
}

/// A file that is not UTF-8 text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not UTF-8 text")]
pub struct NotUtf8;

/// An error at a line of a file: displayed `FILE:LINE: message`, the one shape every program
/// of the workspace uses for problems in its input files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located<E> {
    /// The file as the user named it.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub error: E,
}

impl<E> Located<E> {
    /// `error` at `line` of `file`.
    pub fn new(file: impl Into<String>, line: usize, error: E) -> Self {
        Self {
            file: file.into(),
            line,
            error,
        }
    }
}

impl<E: fmt::Display> fmt::Display for Located<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.error)
    }
}

impl<E: std::error::Error + 'static> std::error::Error for Located<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Shortens `text` to at most `max` characters for a message (`...` marks the cut), so that a
/// 10 MB line is never echoed whole.
#[must_use]
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// A number of seconds as a time budget: a finite decimal number, at least 0 and below 10^9
/// (`"1.5"`, `"0"`, `"60"`); `None` for anything else (`"-1"`, `"inf"`, `"NaN"`, `"1e10"`,
/// `"x"`). The one parser of durations in the workspace: command-line flags take it through
/// `cli_support::positive_seconds` (which also refuses 0), protocols (GTP's `time_settings`)
/// directly.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(text_input::parse_seconds("1.5"), Some(Duration::from_millis(1500)));
/// assert_eq!(text_input::parse_seconds("0"), Some(Duration::ZERO));
/// assert_eq!(text_input::parse_seconds("-1"), None);
/// assert_eq!(text_input::parse_seconds("NaN"), None);
/// assert_eq!(text_input::parse_seconds("1e9"), None);
/// ```
#[must_use]
pub fn parse_seconds(text: &str) -> Option<std::time::Duration> {
    let seconds: f64 = text.trim().parse().ok()?;
    (0.0..1e9)
        .contains(&seconds)
        .then(|| std::time::Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_bom_is_removed_once_and_only_at_the_start() {
        assert_eq!(strip_bom("\u{feff}\u{feff}a"), "\u{feff}a");
        assert_eq!(strip_bom("a\u{feff}"), "a\u{feff}");
        assert_eq!(strip_bom_bytes(b"\xEF\xBB\xBFa"), b"a");
        assert_eq!(decode(b"\xEF\xBB\xBF1\n", "f").unwrap(), "1\n");
    }

    #[test]
    fn invalid_utf8_is_located_on_its_line() {
        let e = decode(b"ok\nok\n\xff\n", "in.txt").unwrap_err();
        assert_eq!(e.to_string(), "in.txt:3: not UTF-8 text");
        let e = decode(b"\xEF\xBB\xBF\xff", "in.txt").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn io_errors_read_in_words() {
        use std::io::{Error, ErrorKind};
        assert_eq!(
            describe(&Error::from(ErrorKind::StorageFull)),
            "no space left on the device"
        );
        assert_eq!(describe(&Error::from_raw_os_error(2)), "no such file");
        assert!(!describe(&Error::from_raw_os_error(5)).contains("os error"));
        // What `read_to_string` returns on bytes that are not UTF-8.
        let not_text = std::io::Read::read_to_string(&mut &b"ok \xff"[..], &mut String::new());
        assert_eq!(describe(&not_text.unwrap_err()), "not UTF-8 text");
    }

    #[test]
    fn every_kind_the_user_meets_has_its_words() {
        use std::io::{Error, ErrorKind as K};
        let table = [
            (K::PermissionDenied, "permission denied"),
            (K::NotFound, "no such file"),
            (K::ReadOnlyFilesystem, "the file system is read-only"),
            (K::IsADirectory, "it is a folder"),
            (
                K::NotADirectory,
                "a part of the path is a file, not a folder",
            ),
            (K::BrokenPipe, "the reader has gone (broken pipe)"),
        ];
        for (kind, words) in table {
            assert_eq!(
                describe(&Error::new(kind, "system text")),
                words,
                "{kind:?}"
            );
        }
        // Invalid data that is not about UTF-8 keeps its own message.
        let other = Error::new(K::InvalidData, "bad magic number");
        assert_eq!(describe(&other), "bad magic number");
    }

    #[test]
    fn a_located_error_exposes_its_cause() {
        use std::error::Error as _;
        let e = Located::new("in.txt", 4, NotUtf8);
        let cause = e.source().expect("the located error's cause");
        assert_eq!(cause.to_string(), "not UTF-8 text");
    }

    #[test]
    fn shorten_cuts_long_text() {
        assert_eq!(shorten("abcdef", 3), "abc...");
        assert_eq!(shorten("abc", 3), "abc");
        assert_eq!(shorten("ééé", 2), "éé...");
    }

    proptest! {
        #[test]
        fn decode_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
            match decode(&bytes, "f") {
                Ok(text) => prop_assert!(!text.starts_with(BOM) || bytes.starts_with(b"\xEF\xBB\xBF\xEF\xBB\xBF")),
                Err(e) => prop_assert!(e.line >= 1),
            }
        }
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
