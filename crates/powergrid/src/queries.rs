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
    let mut buf = Vec::new();
    let mut line = 0;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(failed);
        }
        line += 1;
        let answer = std::str::from_utf8(&buf)
            .map_err(|_| Error::BadPair {
                file: file.to_owned(),
                line,
                text: String::from_utf8_lossy(&buf).trim_ascii().to_owned(),
            })
            .and_then(|text| answer(index, text, file, line));
        match answer {
            Ok(None) => {}
            Ok(Some(count)) => writeln!(out, "{count}")?,
            Err(error) => {
                failed += 1;
                report(error);
            }
        }
    }
}

/// One query line: `None` for a blank line.
fn answer(
    index: &ImportantLines<'_>,
    text: &str,
    file: &str,
    line: usize,
) -> Result<Option<usize>, Error> {
    let text = text.trim_ascii();
    if text.is_empty() {
        return Ok(None);
    }
    let mut words = text.split_ascii_whitespace();
    let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) else {
        return Err(Error::BadPair {
            file: file.to_owned(),
            line,
            text: text.to_owned(),
        });
    };
    index
        .important_lines(a, b)
        .map(Some)
        .map_err(|error| Error::Query {
            file: file.to_owned(),
            line,
            error: Box::new(error),
        })
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
