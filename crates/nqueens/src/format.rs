//! The file formats: one board size per input line, one Python-style list per output line.

use crate::error::SizeError;
use std::io::{self, Write};
use text_input::Located;

/// The largest board size accepted: one hundred million queens, checked when the input is read,
/// before any board is allocated. The solver needs about [`BYTES_PER_QUEEN`] bytes of memory per
/// queen: 1.4 GB at 10^8, where 10^9 would need 14 GB.
pub const MAX_SIZE: usize = 100_000_000;

/// Memory the solver and the check use per queen, in bytes (measured: 140 MB at n = 10^7).
pub const BYTES_PER_QUEEN: usize = 14;

/// The board sizes of an input file: `(line number, n)` for every non-blank line. A leading
/// byte-order mark, spaces around the number, `\r\n` line ends and a missing final newline are
/// accepted.
///
/// # Errors
/// Every line that is not a whole number from 1 to [`MAX_SIZE`], located at `file` and its line:
/// [`SizeError::TooLarge`] for a bigger whole number (of any length),
/// [`SizeError::NotASize`] for anything else.
pub fn parse_sizes(text: &str, file: &str) -> Result<Vec<(usize, usize)>, Vec<Located<SizeError>>> {
    let mut sizes = Vec::new();
    let mut errors = Vec::new();
    let text = text_input::strip_bom(text);
    for (index, line) in text.split('\n').enumerate() {
        let token = line.trim();
        if token.is_empty() {
            continue;
        }
        // A whole number that is not zero (of any length) but was refused is too large.
        let too_large =
            token.bytes().all(|b| b.is_ascii_digit()) && !token.trim_start_matches('0').is_empty();
        match token.parse::<usize>() {
            Ok(n) if (1..=MAX_SIZE).contains(&n) => sizes.push((index + 1, n)),
            _ => {
                let token = text_input::shorten(token, 40);
                let error = if too_large {
                    SizeError::TooLarge {
                        token,
                        max: MAX_SIZE,
                    }
                } else {
                    SizeError::NotASize {
                        token,
                        max: MAX_SIZE,
                    }
                };
                errors.push(Located::new(file, index + 1, error));
            }
        }
    }
    if errors.is_empty() {
        Ok(sizes)
    } else {
        Err(errors)
    }
}

/// Writes a board as one line, `[3, 1, 4, 2]`: entry `i` is the 1-based row of the queen in
/// column `i` (`rows` holds 0-based rows). Numbers are formatted by hand into a 64 KiB buffer.
///
/// # Errors
/// Any error of `out`.
pub fn write_board<W: Write + ?Sized>(out: &mut W, rows: &[u32]) -> io::Result<()> {
    const CHUNK: usize = 64 * 1024;
    let mut buf = Vec::with_capacity(CHUNK + 32);
    buf.push(b'[');
    for (i, &row) in rows.iter().enumerate() {
        if i > 0 {
            buf.extend_from_slice(b", ");
        }
        push_decimal(&mut buf, u64::from(row) + 1);
        if buf.len() >= CHUNK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.extend_from_slice(b"]\n");
    out.write_all(&buf)
}

/// Appends the decimal digits of `value`.
fn push_decimal(buf: &mut Vec<u8>, mut value: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_past_the_limit_are_refused_in_words_before_any_allocation() {
        let errors = parse_sizes(
            "\u{feff}8\n100000001\n1000000000\n99999999999999999999999\n0000000000000000000000000000000000000000000000000\n",
            "in.txt",
        )
        .unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 4, "{text:?}");
        assert!(text[0].starts_with("in.txt:2: board size 100000001 is more than this program supports (at most 100000000 queens"), "{}", text[0]);
        assert!(
            text[2].starts_with("in.txt:4: board size 99999999999999999999999 is more"),
            "{}",
            text[2]
        );
        assert!(
            text[3].starts_with(
                "in.txt:5: `0000000000000000000000000000000000000000...` is not a board size"
            ),
            "{}",
            text[3]
        );
        assert_eq!(
            parse_sizes("\u{feff}8\n100000000\n", "f").unwrap(),
            [(1, 8), (2, 100_000_000)]
        );
    }
    use proptest::prelude::*;

    #[test]
    fn parses_sizes_with_blank_lines_and_crlf() {
        assert_eq!(
            parse_sizes(" 4\r\n\r\n10 \n1", "in.txt").unwrap(),
            [(1, 4), (3, 10), (4, 1)]
        );
        let errors = parse_sizes("4\nfive\n0\n-3\n", "in.txt").unwrap_err();
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), 3);
        assert!(messages[0].starts_with("in.txt:2: `five` is not a board size"));
        assert!(messages[1].starts_with("in.txt:3: `0`"));
        assert!(messages[2].starts_with("in.txt:4: `-3`"));
    }

    #[test]
    fn python_list_format() {
        let mut out = Vec::new();
        write_board(&mut out, &[2, 0, 3, 1]).unwrap();
        assert_eq!(out, b"[3, 1, 4, 2]\n");
        out.clear();
        write_board(&mut out, &[0]).unwrap();
        assert_eq!(out, b"[1]\n");
    }

    /// Records the size of every write.
    struct Writes(Vec<u8>, Vec<usize>);

    impl Write for Writes {
        fn write(&mut self, data: &[u8]) -> io::Result<usize> {
            self.0.extend_from_slice(data);
            self.1.push(data.len());
            Ok(data.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_long_board_goes_out_in_64_kib_writes() {
        // 200,000 queens: about 1.3 MB of text, in writes of 64 KiB (a number and its comma
        // more at most) and a shorter last one.
        let rows: Vec<u32> = (0..200_000).map(|i| (i * 7919) % 200_000).collect();
        let mut out = Writes(Vec::new(), Vec::new());
        write_board(&mut out, &rows).unwrap();
        let mut expected = Vec::new();
        write_board(&mut expected, &rows[..]).unwrap();
        assert_eq!(out.0, expected);
        let (last, full) = out.1.split_last().unwrap();
        assert_eq!(full.len(), out.0.len() / (64 * 1024), "{:?}", out.1);
        assert!(
            full.iter()
                .all(|&w| (64 * 1024..64 * 1024 + 16).contains(&w)),
            "{full:?}"
        );
        assert!(*last < 64 * 1024 + 16);
    }

    proptest! {
        #[test]
        fn matches_std_formatting(rows in proptest::collection::vec(any::<u32>().prop_map(|r| r / 2), 0..3000)) {
            let mut out = Vec::new();
            write_board(&mut out, &rows).unwrap();
            let expected: Vec<String> = rows.iter().map(|r| (u64::from(*r) + 1).to_string()).collect();
            prop_assert_eq!(String::from_utf8(out).unwrap(), format!("[{}]\n", expected.join(", ")));
        }
    }
}
