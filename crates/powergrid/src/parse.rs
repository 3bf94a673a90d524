//! Reading the grid file: `n`, `m`, `n` city names, then `m` lines `cityA cityB`. O(n + m).
//!
//! Blank lines are skipped anywhere; `\r\n` line ends and a leading byte-order mark are accepted.

use crate::Error;
use crate::error::{LineError, at};
use crate::names::NameTable;
use graph_core::MAX_COUNT;

/// The parsed file: city names and the lines as pairs of city ids, in file order and orientation.
pub(crate) struct Parsed {
    pub(crate) names: NameTable,
    pub(crate) lines: Vec<(u32, u32)>,
}

/// Non-blank lines with their 1-based numbers.
struct Lines<'a> {
    inner: std::iter::Enumerate<std::str::Split<'a, char>>,
    /// The number of the last line looked at.
    last: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            inner: text.split('\n').enumerate(),
            last: 0,
        }
    }

    /// The next non-blank line, trimmed, with its number.
    fn next_content(&mut self) -> Option<(usize, &'a str)> {
        for (index, line) in self.inner.by_ref() {
            self.last = index + 1;
            let line = line.trim_ascii();
            if !line.is_empty() {
                return Some((index + 1, line));
            }
        }
        None
    }
}

/// Parses a whole file's text; `file` names it in error messages.
pub(crate) fn parse(text: &str, file: &str) -> Result<Parsed, Error> {
    let text = text_input::strip_bom(text);
    let mut lines = Lines::new(text);
    let city_count = count(&mut lines, file, "cities")?;
    let line_count = count(&mut lines, file, "lines")?;
    let names = city_names(&mut lines, (text, file), city_count)?;
    let pairs = city_pairs(&mut lines, &names, (text, file), line_count)?;
    if let Some((line, rest)) = lines.next_content() {
        let text = rest.to_owned();
        return Err(at(
            file,
            line,
            LineError::TrailingText {
                announced: line_count,
                text,
            },
        ));
    }
    Ok(Parsed {
        names,
        lines: pairs,
    })
}

/// Reads `city_count` city names, one per line, each once; `(text, file)` is the whole text
/// (to find where a duplicate was first named) and the file's name.
fn city_names(
    lines: &mut Lines<'_>,
    (text, file): (&str, &str),
    city_count: usize,
) -> Result<NameTable, Error> {
    // Every name takes at least 2 bytes: do not trust a huge announced count.
    let mut names = NameTable::with_capacity(city_count.min(text.len() / 2 + 1));
    for found in 0..city_count {
        let Some((line, name)) = lines.next_content() else {
            return Err(too_few(file, lines.last, "cities", city_count, found));
        };
        if name.contains(|c: char| c.is_ascii_whitespace()) {
            let name = name.to_owned();
            return Err(at(file, line, LineError::BadCityName { name }));
        }
        if let Err(first) = names.insert(name) {
            let error = LineError::DuplicateCity {
                name: name.to_owned(),
                first_line: name_line(text, first),
            };
            return Err(at(file, line, error));
        }
    }
    Ok(names)
}

/// Reads `line_count` lines `cityA cityB` of declared cities, as pairs of city ids.
fn city_pairs(
    lines: &mut Lines<'_>,
    names: &NameTable,
    (text, file): (&str, &str),
    line_count: usize,
) -> Result<Vec<(u32, u32)>, Error> {
    // Every line takes at least 4 bytes: do not trust a huge announced count.
    let mut pairs = Vec::with_capacity(line_count.min(text.len() / 4 + 1));
    for found in 0..line_count {
        let Some((line, pair)) = lines.next_content() else {
            return Err(too_few(file, lines.last, "lines", line_count, found));
        };
        let mut words = pair.split_ascii_whitespace();
        let (Some(a), Some(b), None) = (words.next(), words.next(), words.next()) else {
            let text = pair.to_owned();
            return Err(at(file, line, LineError::BadPair { text }));
        };
        let city = |name: &str| {
            names.get(name).ok_or_else(|| {
                let name = name.to_owned();
                at(file, line, LineError::UndeclaredCity { name })
            })
        };
        pairs.push((city(a)? as u32, city(b)? as u32));
    }
    Ok(pairs)
}

/// Reads one count line.
fn count(lines: &mut Lines<'_>, file: &str, what: &'static str) -> Result<usize, Error> {
    let Some((line, token)) = lines.next_content() else {
        return Err(at(
            file,
            lines.last.max(1),
            LineError::BadCount {
                what,
                token: String::new(),
            },
        ));
    };
    let too_large = || {
        at(
            file,
            line,
            LineError::TooLarge {
                what,
                count: text_input::shorten(token, 40),
                max: MAX_COUNT / 2,
            },
        )
    };
    let digits = token.bytes().all(|b| b.is_ascii_digit());
    match token.parse::<u64>() {
        Ok(value) if value <= MAX_COUNT as u64 / 2 => Ok(value as usize),
        Ok(_) => Err(too_large()),
        // A whole number too long for 64 bits is still a number: just too large.
        Err(_) if digits => Err(too_large()),
        Err(_) => Err(at(
            file,
            line,
            LineError::BadCount {
                what,
                token: text_input::shorten(token, 40),
            },
        )),
    }
}

fn too_few(file: &str, line: usize, what: &'static str, announced: usize, found: usize) -> Error {
    at(
        file,
        line,
        LineError::TooFew {
            what,
            announced,
            found,
        },
    )
}

/// The line number of the `id`-th city name (error path only: rescans the text).
fn name_line(text: &str, id: usize) -> usize {
    let mut lines = Lines::new(text);
    // Skip the two counts, then `id` names.
    for _ in 0..id + 2 {
        lines.next_content();
    }
    lines.next_content().map_or(0, |(line, _)| line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        match parse(text, "g.txt") {
            Ok(_) => panic!("accepted {text:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_names_and_lines_in_file_orientation() {
        let p = parse("3\r\n2\n\nA\nB\nC\nB A\n  C   B \n\n", "g").unwrap();
        assert_eq!(p.names.len(), 3);
        assert_eq!(p.lines, [(1, 0), (2, 1)]);
    }

    #[test]
    fn empty_grid() {
        let p = parse("0\n0\n", "g").unwrap();
        assert_eq!((p.names.len(), p.lines.len()), (0, 0));
    }

    #[test]
    fn bad_counts() {
        assert_eq!(
            err("x\n0\n"),
            "g.txt:1: expected the number of cities (a whole number, 0 or more), found `x`"
        );
        assert!(err("2\n-1\nA\nB\n").starts_with("g.txt:2: expected the number of lines"));
        assert!(err("").starts_with("g.txt:1: expected the number of cities"));
        assert!(err("1\n").contains("number of lines"));
        assert!(err("99999999999\n0\n").contains("more than this program supports"));
        // 2^64: a number, too large, not "not a number".
        assert_eq!(
            err("18446744073709551616\n0\n"),
            format!(
                "g.txt:1: 18446744073709551616 cities is more than this program supports (at most {})",
                MAX_COUNT / 2
            )
        );
        // The largest count accepted is MAX_COUNT / 2 (the file is then too short for it).
        let limit = MAX_COUNT / 2;
        assert_eq!(
            err(&format!("{limit}\n0\n")),
            format!("g.txt:3: the file announces {limit} cities but ends after 0")
        );
        assert_eq!(
            err(&format!("0\n{}\n", limit + 1)),
            format!(
                "g.txt:2: {} lines is more than this program supports (at most {limit})",
                limit + 1
            )
        );
        assert!(
            err("0\n99999999999999999999999999\n")
                .starts_with("g.txt:2: 99999999999999999999999999 lines is more")
        );
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let p = parse("\u{feff}2\n1\nA\nB\nA B\n", "g.txt").unwrap();
        assert_eq!((p.names.len(), p.lines.len()), (2, 1));
    }

    #[test]
    fn too_few_names_or_lines() {
        assert_eq!(
            err("3\n0\nA\nB\n"),
            "g.txt:5: the file announces 3 cities but ends after 2"
        );
        assert_eq!(
            err("2\n2\nA\nB\nA B"),
            "g.txt:5: the file announces 2 lines but ends after 1"
        );
        // A huge announced count with a tiny file must fail fast, not allocate.
        assert!(err("1000000000\n0\nA\n").contains("announces 1000000000 cities"));
    }

    #[test]
    fn bad_names_and_lines() {
        assert_eq!(
            err("2\n0\nA\nA\n"),
            "g.txt:4: city `A` is already declared on line 3"
        );
        assert_eq!(
            err("1\n0\nNew York\n"),
            "g.txt:3: a city name must be one word, found `New York`"
        );
        assert_eq!(
            err("2\n1\nA\nB\nA C\n"),
            "g.txt:5: city `C` is not declared"
        );
        assert_eq!(
            err("2\n1\nA\nB\nA B C\n"),
            "g.txt:5: expected two city names `cityA cityB`, found `A B C`"
        );
        assert_eq!(
            err("2\n1\nA\nB\nA\n"),
            "g.txt:5: expected two city names `cityA cityB`, found `A`"
        );
        assert_eq!(
            err("2\n1\nA\nB\nA B\nB A\n"),
            "g.txt:6: unexpected text after the 1 announced lines: `B A`"
        );
    }
}
