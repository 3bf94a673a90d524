//! What the map and heuristic formats share: UTF-8 decoding, lines up to `END OF INPUT`, numbers.

use crate::error::{Error, shorten};

/// Decodes `bytes` as UTF-8, naming the line of the first invalid byte on failure.
pub(crate) fn decode<'b>(bytes: &'b [u8], file: &str) -> Result<&'b str, Error> {
    std::str::from_utf8(bytes).map_err(|e| Error::NotUtf8 {
        file: file.to_owned(),
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
    })
}

/// The non-blank lines of a text up to a line `END OF INPUT` (the marker's words may be separated
/// by any blanks), each with its number from 1. `\n` and `\r\n` line ends are accepted, a missing
/// final line end too; whatever follows the marker is never looked at.
pub(crate) struct Lines<'t> {
    rest: &'t str,
    number: usize,
    terminated: bool,
}

impl<'t> Lines<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Self {
            rest: text,
            number: 0,
            terminated: false,
        }
    }

    /// Whether the marker `END OF INPUT` was reached (valid once the iterator returned `None`).
    pub(crate) fn terminated(&self) -> bool {
        self.terminated
    }
}

impl<'t> Iterator for Lines<'t> {
    type Item = (usize, &'t str);

    fn next(&mut self) -> Option<(usize, &'t str)> {
        while !self.rest.is_empty() && !self.terminated {
            let (line, rest) = match self.rest.find('\n') {
                Some(end) => (&self.rest[..end], &self.rest[end + 1..]),
                None => (self.rest, ""),
            };
            self.rest = rest;
            self.number += 1;
            let line = line.strip_suffix('\r').unwrap_or(line);
            let trimmed = line.trim_ascii_start();
            if trimmed.is_empty() {
                continue;
            }
            if trimmed.starts_with("END") && is_end_marker(trimmed) {
                self.terminated = true;
                return None;
            }
            return Some((self.number, line));
        }
        None
    }
}

fn is_end_marker(line: &str) -> bool {
    let mut words = line.split_ascii_whitespace();
    words.next() == Some("END")
        && words.next() == Some("OF")
        && words.next() == Some("INPUT")
        && words.next().is_none()
}

/// Parses a distance or heuristic value: a finite, non-negative decimal number. `-0` reads as 0.
pub(crate) fn parse_value(
    token: &str,
    what: &'static str,
    file: &str,
    line: usize,
) -> Result<f64, Error> {
    match token.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v + 0.0),
        Ok(v) if v.is_finite() => Err(Error::Negative {
            file: file.to_owned(),
            line,
            what,
            token: shorten(token),
        }),
        _ => Err(Error::NotANumber {
            file: file.to_owned(),
            line,
            what,
            token: shorten(token),
        }),
    }
}

/// The error for a line that does not have the expected fields.
pub(crate) fn malformed(file: &str, line: usize, text: &str, expected: &'static str) -> Error {
    Error::Malformed {
        file: file.to_owned(),
        line,
        text: shorten(text.trim()),
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_marker_and_skips_blank_lines() {
        let text = "a b 1\r\n\r\n  \t\nc d 2\nEND  OF INPUT\r\nignored !!\n";
        let mut lines = Lines::new(text);
        assert_eq!(lines.next(), Some((1, "a b 1")));
        assert_eq!(lines.next(), Some((4, "c d 2")));
        assert_eq!(lines.next(), None);
        assert!(lines.terminated());
    }

    #[test]
    fn missing_marker_and_final_newline() {
        let mut lines = Lines::new("a b 1\nc d 2");
        assert_eq!(lines.next(), Some((1, "a b 1")));
        assert_eq!(lines.next(), Some((2, "c d 2")));
        assert_eq!(lines.next(), None);
        assert!(!lines.terminated());
    }

    #[test]
    fn marker_lookalikes_are_lines() {
        let lines = Lines::new("END OF 5\nEND OF INPUT X\nEND_OF_INPUT\n");
        assert_eq!(lines.count(), 3);
    }

    #[test]
    fn values() {
        assert_eq!(parse_value("12.5", "distance", "f", 1).unwrap(), 12.5);
        assert!(
            parse_value("-0", "distance", "f", 1)
                .unwrap()
                .is_sign_positive()
        );
        for bad in ["x", "inf", "NaN", "1e400", "", "12km"] {
            let e = parse_value(bad, "distance", "f", 3)
                .unwrap_err()
                .to_string();
            assert!(e.contains("not a number") && e.contains("f line 3"), "{e}");
        }
        let e = parse_value("-4", "distance", "m.txt", 7).unwrap_err();
        assert_eq!(e.to_string(), "m.txt line 7: distance `-4` is negative");
    }

    #[test]
    fn invalid_utf8_names_the_line() {
        let e = decode(b"a b 1\nc \xff 2\n", "m.txt").unwrap_err();
        assert_eq!(e.to_string(), "m.txt line 2: not UTF-8 text");
    }
}
