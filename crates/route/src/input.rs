//! What the map and heuristic formats share: UTF-8 decoding, lines up to `END OF INPUT`, numbers.

use crate::error::{Error, LineError, at, shorten};

/// Decodes `bytes` as UTF-8, naming the line of the first invalid byte on failure.
pub(crate) fn decode<'b>(bytes: &'b [u8], file: &str) -> Result<&'b str, Error> {
    let bytes = text_input::strip_bom_bytes(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        at(
            file,
            text_input::line_of(bytes, e.valid_up_to()),
            LineError::NotUtf8,
        )
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
    /// The lines of `text`, a leading byte-order mark skipped.
    pub(crate) fn new(text: &'t str) -> Self {
        Self {
            rest: text_input::strip_bom(text),
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

/// Plain decimals (`123`, `45.6`) with at most 15 digits: the digits as an integer divided by a
/// power of ten. Both are exact in an `f64`, so the quotient is correctly rounded: the same value
/// as `str::parse` (Clinger's fast path), without its general machinery. `None` otherwise.
#[inline]
fn plain_decimal(token: &str) -> Option<f64> {
    const POWERS: [f64; 16] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ];
    let bytes = token.as_bytes();
    if bytes.is_empty() || bytes.len() > 16 {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut digits = 0;
    let mut point = None;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                digits += 1;
            }
            b'.' if point.is_none() => point = Some(i),
            _ => return None,
        }
    }
    if digits == 0 || digits > 15 {
        return None;
    }
    let decimals = point.map_or(0, |p| bytes.len() - 1 - p);
    Some(mantissa as f64 / POWERS[decimals])
}

/// Parses a distance or heuristic value: a finite, non-negative decimal number. `-0` reads as 0.
pub(crate) fn parse_value(
    token: &str,
    what: &'static str,
    file: &str,
    line: usize,
) -> Result<f64, Error> {
    if let Some(value) = plain_decimal(token) {
        return Ok(value);
    }
    match token.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v + 0.0),
        Ok(v) if v.is_finite() => Err(at(
            file,
            line,
            LineError::Negative {
                what,
                token: shorten(token),
            },
        )),
        _ => Err(at(
            file,
            line,
            LineError::NotANumber {
                what,
                token: shorten(token),
            },
        )),
    }
}

/// The error for a line that does not have the expected fields.
pub(crate) fn malformed(file: &str, line: usize, text: &str, expected: &'static str) -> Error {
    at(
        file,
        line,
        LineError::Malformed {
            text: shorten(text.trim()),
            expected,
        },
    )
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
            assert!(e.contains("not a number") && e.contains("f:3:"), "{e}");
        }
        let e = parse_value("-4", "distance", "m.txt", 7).unwrap_err();
        assert_eq!(e.to_string(), "m.txt:7: distance `-4` is negative");
        let Error::Line(located) = e else {
            panic!("{e}")
        };
        assert_eq!((located.file.as_str(), located.line), ("m.txt", 7));
        assert_eq!(
            located.error,
            LineError::Negative {
                what: "distance",
                token: "-4".to_owned()
            }
        );
    }

    #[test]
    fn plain_decimals_read_as_the_standard_parser_reads_them() {
        for token in [
            "0",
            "7",
            "132",
            "0.1",
            "0.3",
            "12.5",
            ".5",
            "5.",
            "99.9",
            "123456789012345",
            "1.00000000000001",
            "0.00000000000001",
            "26874.5",
            "3.14159265358979",
        ] {
            assert_eq!(
                plain_decimal(token),
                Some(token.parse::<f64>().unwrap()),
                "{token}"
            );
        }
        for token in [
            "",
            ".",
            "1.2.3",
            "1e3",
            "+1",
            "-1",
            "1234567890123456",
            "1_0",
            "٣",
        ] {
            assert_eq!(plain_decimal(token), None, "{token}");
        }
    }

    proptest::proptest! {
        #[test]
        fn plain_decimal_agrees_with_str_parse(int in 0u64..1_000_000_000, frac in "[0-9]{0,6}") {
            let token = if frac.is_empty() { int.to_string() } else { format!("{int}.{frac}") };
            let expected: f64 = token.parse().unwrap();
            proptest::prop_assert_eq!(parse_value(&token, "distance", "f", 1).unwrap(), expected);
        }
    }

    #[test]
    fn invalid_utf8_names_the_line() {
        let e = decode(b"a b 1\nc \xff 2\n", "m.txt").unwrap_err();
        assert_eq!(e.to_string(), "m.txt:2: not UTF-8 text");
    }
}
