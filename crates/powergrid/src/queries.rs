//! Answering a stream of queries `cityA cityB`, one count per line.

use crate::error::{QueryError, at};
use crate::{Error, ImportantLines};
use std::io::{self, BufRead, Write};

/// Reads queries (one `cityA cityB` per line; blank lines skipped) from `input` and writes one
/// count per query to `out`. A query that fails (unknown city, not two names, not UTF-8, no path)
/// writes nothing to `out`: it is passed to `report` as an [`Error::QueryLine`] naming `file` and the
/// line, and the following queries are still answered. Returns the number of failed queries.
///
/// # Errors
/// An I/O error reading `input` or writing `out`.
pub fn answer_queries(
    index: &ImportantLines<'_>,
    mut input: impl BufRead,
    file: &str,
    out: &mut impl Write,
    mut report: impl FnMut(Error),
) -> io::Result<usize> {
    let mut failed = 0;
    let mut text = Vec::new();
    let mut ends = Vec::new();
    let mut first_line = 1;
    loop {
        text.clear();
        ends.clear();
        while ends.len() < GROUP && input.read_until(b'\n', &mut text)? > 0 {
            ends.push(text.len());
        }
        if ends.is_empty() {
            return Ok(failed);
        }
        failed += answer_group(index, &text, &ends, first_line, file, out, &mut report)?;
        first_line += ends.len();
    }
}

/// Lines read and answered together ([`ImportantLines::important_lines_batch`] overlaps the
/// name lookups of the queries within a group).
const GROUP: usize = 4096;

/// Answers the lines of `text` (line `first_line + i` ends at `ends[i]`), reporting and writing
/// in line order; returns the number of failed queries.
fn answer_group(
    index: &ImportantLines<'_>,
    text: &[u8],
    ends: &[usize],
    first_line: usize,
    file: &str,
    out: &mut impl Write,
    report: &mut impl FnMut(Error),
) -> io::Result<usize> {
    let mut lines = Vec::with_capacity(ends.len());
    let mut pairs = Vec::with_capacity(ends.len());
    let mut start = 0;
    for (i, &end) in ends.iter().enumerate() {
        let line = first_line + i;
        let parsed = parse_pair(&text[start..end], file, line);
        if let Ok(Some(pair)) = parsed {
            pairs.push(pair);
        }
        lines.push(parsed.map(|pair| pair.is_some()));
        start = end;
    }
    let mut answers = Vec::with_capacity(pairs.len());
    index.important_lines_batch(&pairs, |_, answer| answers.push(answer));
    let mut answers = answers.into_iter();
    let mut failed = 0;
    for (i, parsed) in lines.into_iter().enumerate() {
        let answer = match parsed {
            Ok(false) => continue,
            Ok(true) => answers
                .next()
                .unwrap_or(Ok(0))
                .map_err(|error| at(file, first_line + i, error)),
            Err(error) => Err(error),
        };
        match answer {
            Ok(count) => writeln!(out, "{count}")?,
            Err(error) => {
                failed += 1;
                report(error);
            }
        }
    }
    Ok(failed)
}

/// One query line: `None` for a blank line.
fn parse_pair<'t>(
    bytes: &'t [u8],
    file: &str,
    line: usize,
) -> Result<Option<(&'t str, &'t str)>, Error> {
    // A byte-order mark may open the stream (Windows editors write one).
    let bytes = if line == 1 {
        text_input::strip_bom_bytes(bytes)
    } else {
        bytes
    };
    let text = std::str::from_utf8(bytes).map_err(|_| {
        at(
            file,
            line,
            QueryError::BadPair {
                text: String::from_utf8_lossy(bytes).trim_ascii().to_owned(),
            },
        )
    })?;
    let text = text.trim_ascii();
    if text.is_empty() {
        return Ok(None);
    }
    let mut words = text.split_ascii_whitespace();
    let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) else {
        return Err(at(
            file,
            line,
            QueryError::BadPair {
                text: text.to_owned(),
            },
        ));
    };
    Ok(Some((a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn answers_the_good_queries_and_reports_the_bad_ones() {
        let g = Grid::parse("3\n2\nA\nB\nC\nA B\nB C\n", "g").unwrap();
        let index = g.preprocess();
        let input = b"A C\n\nA Z\nB B\nA\n\xff\nC A\r\n\xff\n";
        let mut out = Vec::new();
        let mut typed = Vec::new();
        let failed =
            answer_queries(&index, &input[..], "q.txt", &mut out, |e| typed.push(e)).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "2\n0\n2\n");
        assert_eq!(failed, 4);
        let Error::QueryLine(first) = &typed[0] else {
            panic!("{}", typed[0])
        };
        assert_eq!((first.file.as_str(), first.line), ("q.txt", 3));
        assert_eq!(
            first.error,
            QueryError::UnknownCity {
                name: "Z".to_owned()
            }
        );
        let errors: Vec<String> = typed.iter().map(ToString::to_string).collect();
        assert_eq!(
            errors,
            [
                "q.txt:3: unknown city `Z`",
                "q.txt:5: expected two city names `cityA cityB`, found `A`",
                "q.txt:6: expected two city names `cityA cityB`, found `\u{fffd}`",
                "q.txt:8: expected two city names `cityA cityB`, found `\u{fffd}`",
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_on_the_first_line_only() {
        let g = Grid::parse("3\n2\nA\nB\nC\nA B\nB C\n", "g").unwrap();
        let index = g.preprocess();
        let input = "\u{feff}A C\n\u{feff}A C\n";
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let failed = answer_queries(&index, input.as_bytes(), "q", &mut out, |e| {
            errors.push(e.to_string())
        })
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "2\n");
        assert_eq!(failed, 1);
        assert_eq!(errors, ["q:2: unknown city `\u{feff}A`"]);
    }

    #[test]
    fn answers_across_groups_in_line_order() {
        let g = Grid::parse("4\n3\nA\nB\nC\nD\nA B\nB C\nC A\n", "g").unwrap();
        let index = g.preprocess();
        let kinds = ["A D", "", "B Q", "A", "C C", "D B", "C A"];
        let lines: Vec<&str> = (0..2 * GROUP + 7)
            .map(|i| kinds[i * 5 % kinds.len()])
            .collect();
        let input = lines.join("\n");
        let (mut expected_out, mut expected_errors) = (String::new(), Vec::new());
        for (i, text) in lines.iter().enumerate() {
            match answer_one(&index, text, i + 1) {
                Ok(None) => {}
                Ok(Some(count)) => expected_out.push_str(&format!("{count}\n")),
                Err(e) => expected_errors.push(e),
            }
        }
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let failed = answer_queries(&index, input.as_bytes(), "q", &mut out, |e| {
            errors.push(e.to_string())
        })
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected_out);
        assert_eq!(errors, expected_errors);
        assert_eq!(failed, errors.len());
        assert!(failed > GROUP / 2);
    }

    /// One line answered on its own, as the reference.
    fn answer_one(
        index: &ImportantLines<'_>,
        text: &str,
        line: usize,
    ) -> Result<Option<usize>, String> {
        match parse_pair(text.as_bytes(), "q", line).map_err(|e| e.to_string())? {
            None => Ok(None),
            Some((a, b)) => index
                .important_lines(a, b)
                .map(Some)
                .map_err(|e| format!("q:{line}: {e}")),
        }
    }
}
