//! The syntax of one tree line: `{(A,MAX),(B,MIN),...} {(A,B),(A,C),...,(D,4),...}`.
//!
//! Spaces (and tabs) are accepted around every token and delimiter; a trailing `\r` is ignored.
//! Names are any run of characters other than `(`, `)`, `{`, `}`, `,` and whitespace.

use crate::error::TreeError;

/// The two sets of a tree line, as written (no meaning checked yet).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawTree<'a> {
    /// `(name, type)` pairs of the node set, in order.
    pub nodes: Vec<(&'a str, &'a str)>,
    /// `(parent, child)` pairs of the edge set, in order.
    pub edges: Vec<(&'a str, &'a str)>,
}

/// Splits a tree line into its node set and edge set.
///
/// # Errors
/// [`TreeError::Syntax`] naming what was expected and the text found instead.
pub fn parse_line(line: &str) -> Result<RawTree<'_>, TreeError> {
    let mut cursor = Cursor { text: line, pos: 0 };
    let nodes = cursor.pair_set()?;
    let edges = cursor.pair_set()?;
    cursor.skip_space();
    if cursor.pos < line.len() {
        return Err(cursor.unexpected("the end of the line"));
    }
    Ok(RawTree { nodes, edges })
}

/// A position in the line.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

fn is_delimiter(b: u8) -> bool {
    matches!(b, b'(' | b')' | b'{' | b'}' | b',') || b.is_ascii_whitespace()
}

impl<'a> Cursor<'a> {
    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.as_bytes().get(self.pos).copied()
    }

    /// The error for finding something other than `expected` here: quotes the next token.
    fn unexpected(&mut self, expected: &'static str) -> TreeError {
        self.skip_space();
        let rest = &self.text[self.pos..];
        let found = match rest.bytes().next() {
            None => "end of line".to_owned(),
            Some(b) if is_delimiter(b) => rest[..1].to_owned(),
            Some(_) => {
                let end = rest.bytes().position(is_delimiter).unwrap_or(rest.len());
                rest[..end].to_owned()
            }
        };
        TreeError::Syntax { expected, found }
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), TreeError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn name(&mut self) -> Result<&'a str, TreeError> {
        self.skip_space();
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && !is_delimiter(bytes[self.pos]) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.unexpected("a name"));
        }
        Ok(&self.text[start..self.pos])
    }

    /// `{ (a,b), (c,d), ... }`, possibly empty.
    fn pair_set(&mut self) -> Result<Vec<(&'a str, &'a str)>, TreeError> {
        self.expect(b'{', "`{`")?;
        let mut pairs = Vec::new();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(pairs);
        }
        loop {
            self.expect(b'(', "`(`")?;
            let first = self.name()?;
            self.expect(b',', "`,`")?;
            let second = self.name()?;
            self.expect(b')', "`)`")?;
            pairs.push((first, second));
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(pairs);
                }
                _ => return Err(self.unexpected("`,` or `}`")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_cut_short_in_a_name_is_an_error() {
        for cut in ["{(A", "{(A,MAX)} {(A,B", "{(A,MA"] {
            assert!(parse_line(cut).is_err(), "{cut}");
        }
    }

    #[test]
    fn parses_spec_line_with_stray_spaces_and_cr() {
        let raw = parse_line(" { (A, MAX) ,(B,MIN )}{(A,B),( B ,-4 )}\r").unwrap();
        assert_eq!(raw.nodes, [("A", "MAX"), ("B", "MIN")]);
        assert_eq!(raw.edges, [("A", "B"), ("B", "-4")]);
    }

    #[test]
    fn empty_sets_parse() {
        let raw = parse_line("{} {}").unwrap();
        assert!(raw.nodes.is_empty() && raw.edges.is_empty());
    }

    #[test]
    fn syntax_errors_name_the_token() {
        let err = parse_line("{(A,MAX)} {(A,B) (A,C)}").unwrap_err();
        assert_eq!(
            err,
            TreeError::Syntax {
                expected: "`,` or `}`",
                found: "(".into()
            }
        );
        let err = parse_line("{(A,MAX)} {(A,B)} junk").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected the end of the line but found `junk`"
        );
        let err = parse_line("{(A,MAX),(B,)}").unwrap_err();
        assert_eq!(err.to_string(), "expected a name but found `)`");
        let err = parse_line("{(A,MAX)").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected `,` or `}` but found `end of line`"
        );
    }
}
