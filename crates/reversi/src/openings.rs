//! Balanced 8x8 openings for matches between engines.

/// Balanced 8x8 openings, 4 to 7 plies from the start, as GTP vertices (`a1` top left) separated
/// by spaces; a match plays them in order, each twice with the colours swapped. Every move is
/// legal, no opening ends in a pass or a finished game, and no two reach the same position.
///
/// ```
/// use reversi::{Position, gtp::parse_square, openings::OPENINGS};
/// let mut position = Position::<8>::start();
/// for word in OPENINGS[0].split_whitespace() {
///     position = position.place(parse_square(word).unwrap()).unwrap();
/// }
/// assert_eq!(position.board().count(reversi::Side::Black) + position.board().count(reversi::Side::White), 9);
/// ```
pub const OPENINGS: &[&str] = &[
    "f5 d6 c3 d3 c4",
    "f5 d6 c5 f4 e3",
    "f5 f6 e6 f4 e3",
    "f5 f4 e3 f6 d3",
    "f5 d6 c3 d3 c4 f4",
    "f5 f6 e6 f4 g5",
    "f5 f6 e6 f4 c3",
    "f5 d6 c5 f4 e3 f6",
    "f5 d6 c3 d3 c4 f4 f6",
    "f5 d6 c5 f4 d3",
    "f5 f6 e6 d6",
    "f5 f4 e3 d6",
    "f5 d6 c4 d3",
    "f5 f6 e6 f4 e3 c5",
    "f5 d6 c5 f6",
    "f5 f4 e3 f6 d3 c5",
    "f5 d6 c3 d3 c4 b5",
    "f5 f6 d3 f4",
    "f5 d6 c5 b4",
    "f5 f4 d3 f6",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::gtp::parse_square;

    #[test]
    fn the_openings_are_legal_and_distinct() {
        let mut seen = Vec::new();
        for opening in OPENINGS {
            let mut position = Position::<8>::start();
            for word in opening.split_whitespace() {
                let square = parse_square(word).expect("a square");
                position = position
                    .place(square)
                    .unwrap_or_else(|| panic!("{opening}: {word} is illegal"));
            }
            assert!(!position.must_pass() && !position.is_over());
            assert!(!seen.contains(&position), "{opening} repeats a position");
            seen.push(position);
        }
        assert_eq!(OPENINGS.len(), 20);
    }
}
