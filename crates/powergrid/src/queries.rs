//! Answering a stream of queries `cityA cityB`, one count per line.

use crate::{Error, ImportantLines};
use std::io::{self, BufRead, Write};

/// Reads queries (one `cityA cityB` per line; blank lines skipped) from `input` and writes one
/// count per query to `out`. A query that fails (unknown city, not two names, not UTF-8, no path)
/// writes nothing to `out`: it is passed to `report` as an [`Error::Query`] naming `file` and the
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
    let mut line = 0;
    // Lines are read BATCH at a time so that their lookups can overlap (`important_lines_many`).
    let mut buf = Vec::new();
    let mut ends = Vec::with_capacity(BATCH);
    let mut answers = Vec::with_capacity(BATCH);
    loop {
        buf.clear();
        ends.clear();
        while ends.len() < BATCH && input.read_until(b'\n', &mut buf)? > 0 {
            ends.push(buf.len());
        }
        if ends.is_empty() {
            return Ok(failed);
        }
        // Each line: a pair to look up, nothing (blank), or an error.
        let mut parsed = Vec::with_capacity(ends.len());
        let mut pairs = Vec::with_capacity(BATCH);
        let mut start = 0;
        for &end in &ends {
            line += 1;
            let parsed_line = parse_query(&buf[start..end], file, line);
            if let Ok(Some(pair)) = parsed_line {
                pairs.push(pair);
            }
            parsed.push(parsed_line.map(|pair| pair.is_some()));
            start = end;
        }
        answers.clear();
        index.important_lines_many(&pairs, &mut answers);
        let mut answers = answers.drain(..);
        for (parsed_line, query_line) in parsed.into_iter().zip(line + 1 - ends.len()..) {
            let answer = match parsed_line {
                Ok(false) => continue,
                Ok(true) => answers
                    .next()
                    .unwrap_or(Ok(0))
                    .map_err(|error| Error::Query {
                        file: file.to_owned(),
                        line: query_line,
                        error: Box::new(error),
                    }),
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
    }
}

/// Queries read ahead at once.
const BATCH: usize = 64;

/// One query line: `None` for a blank line.
fn parse_query<'a>(
    bytes: &'a [u8],
    file: &str,
    line: usize,
) -> Result<Option<(&'a str, &'a str)>, Error> {
    let bad = |text: String| Error::BadPair {
        file: file.to_owned(),
        line,
        text,
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|_| bad(String::from_utf8_lossy(bytes).trim_ascii().to_owned()))?
        .trim_ascii();
    if text.is_empty() {
        return Ok(None);
    }
    let mut words = text.split_ascii_whitespace();
    let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) else {
        return Err(bad(text.to_owned()));
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
        let mut errors = Vec::new();
        let failed = answer_queries(&index, &input[..], "q.txt", &mut out, |e| {
            errors.push(e.to_string())
        })
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "2\n0\n2\n");
        assert_eq!(failed, 4);
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
}
