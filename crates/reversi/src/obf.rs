//! The OBF line format of Othello endgame problems (FForum, Edax): 64 characters for a1, b1,
//! ..., h1, a2, ..., h8 (`X` black, `O` white, `-` empty), whitespace, the side to move (`X` or
//! `O`), then optionally `;` and `MOVE:VALUE;` pairs (the exact final margin of each move).
//!
//! Squares are named as in Othello notation: a column letter `a`-`h` and a row number `1`-`8`
//! from the top, so `a1` is row 0, column 0 and `h8` the opposite corner.
//!
//! # Example
//!
//! ```
//! use reversi::obf;
//!
//! let line = "---------------------------OX------XO--------------------------- X; F5:+0;";
//! let problem = obf::parse_line(line).unwrap();
//! assert_eq!(problem.position, reversi::Position::<8>::start());
//! let f5 = obf::parse_square("f5").unwrap();
//! assert_eq!(problem.values, vec![(f5, 0)]);
//! assert_eq!(obf::square_name(f5), "F5");
//! ```

use crate::board::Board;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// One OBF problem: the position and the move values given after it (possibly none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The position.
    pub position: Position<8>,
    /// The listed moves with their values (the side to move's final margin, empty squares to the
    /// winner), in the order given.
    pub values: Vec<(Square<8>, i32)>,
}

impl Problem {
    /// The best listed value, if any move is listed.
    #[must_use]
    pub fn best_value(&self) -> Option<i32> {
        self.values.iter().map(|&(_, v)| v).max()
    }

    /// The listed value of `square`, if listed.
    #[must_use]
    pub fn value_of(&self, square: Square<8>) -> Option<i32> {
        self.values
            .iter()
            .find(|&&(s, _)| s == square)
            .map(|&(_, v)| v)
    }
}

/// Why an OBF line was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ObfError {
    /// Fewer than 64 board characters.
    #[error("the board has {0} squares, expected 64 characters of X, O or -")]
    Short(usize),
    /// A board character other than `X`, `O`, `-` (or `x`, `o`, `*`, `.`).
    #[error("board character {position} is {found:?}, expected X, O or -")]
    Cell {
        /// The character's position, from 1.
        position: usize,
        /// The character.
        found: char,
    },
    /// No side to move, or not `X` / `O`.
    #[error("expected the side to move (X or O) after the board, found {0:?}")]
    Side(String),
    /// A move value that is not `SQUARE:VALUE`.
    #[error("move value {0:?} is not SQUARE:VALUE (for example G8:+18)")]
    Value(String),
}

/// The square named `name` (`a1`..`h8`, either case), or `None`.
#[must_use]
pub fn parse_square(name: &str) -> Option<Square<8>> {
    let mut chars = name.chars();
    let col = chars.next()?.to_ascii_lowercase();
    let row = chars.next()?;
    if chars.next().is_some() || !('a'..='h').contains(&col) || !('1'..='8').contains(&row) {
        return None;
    }
    Square::new(row as usize - '1' as usize, col as usize - 'a' as usize)
}

/// The name of `square` in upper case, as OBF files write it (`G8`).
#[must_use]
pub fn square_name(square: Square<8>) -> String {
    let col = char::from(b'A' + square.col() as u8);
    format!("{col}{}", square.row() + 1)
}

/// Parses one OBF line (surrounding whitespace ignored).
///
/// # Errors
/// An [`ObfError`] naming the first problem found.
pub fn parse_line(line: &str) -> Result<Problem, ObfError> {
    let line = line.trim();
    let mut board = Board::empty();
    let mut chars = line.char_indices();
    for (count, square) in Square::<8>::all().enumerate() {
        let Some((_, ch)) = chars.next() else {
            return Err(ObfError::Short(count));
        };
        let disc = match ch {
            'X' | 'x' | '*' => Some(Side::Black),
            'O' | 'o' => Some(Side::White),
            '-' | '.' => None,
            _ if ch.is_whitespace() => return Err(ObfError::Short(count)),
            _ => {
                return Err(ObfError::Cell {
                    position: count + 1,
                    found: ch,
                });
            }
        };
        board = board.with(square, disc);
    }
    let rest = chars.as_str();
    let mut parts = rest.splitn(2, ';');
    let side_text = parts.next().unwrap_or("").trim();
    let to_move = match side_text {
        "X" | "x" | "*" => Side::Black,
        "O" | "o" => Side::White,
        _ => return Err(ObfError::Side(side_text.to_owned())),
    };
    if !rest.starts_with(char::is_whitespace) {
        return Err(ObfError::Side(rest.trim().to_owned()));
    }
    let values = parts
        .next()
        .unwrap_or("")
        .split(';')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(parse_value)
        .collect::<Result<_, _>>()?;
    Ok(Problem {
        position: Position::new(board, to_move),
        values,
    })
}

/// Parses `G8:+18`.
fn parse_value(item: &str) -> Result<(Square<8>, i32), ObfError> {
    let bad = || ObfError::Value(item.to_owned());
    let (square, value) = item.split_once(':').ok_or_else(bad)?;
    let square = parse_square(square.trim()).ok_or_else(bad)?;
    let value: i32 = value.trim().parse().map_err(|_| bad())?;
    if !(-64..=64).contains(&value) {
        return Err(bad());
    }
    Ok((square, value))
}

/// Whether `c` stands for a square of an OBF board: `X`, `x` or `*` (Black), `O` or `o`
/// (White), `-` or `.` (empty).
///
/// ```
/// use reversi::obf::is_square_char;
/// assert!("Xx*Oo-.".chars().all(is_square_char));
/// assert!(!"Y 0#".chars().any(is_square_char));
/// ```
#[must_use]
pub fn is_square_char(c: char) -> bool {
    matches!(c, 'X' | 'x' | '*' | 'O' | 'o' | '-' | '.')
}

/// Whether an OBF file line holds no problem: blank, or a comment starting with `%` or `#`.
#[must_use]
pub fn is_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('%') || line.starts_with('#')
}

/// Prints a position as an OBF line without move values (`... X;`).
#[must_use]
pub fn line(position: &Position<8>) -> String {
    let mut out: String = Square::<8>::all()
        .map(|square| match position.board().get(square) {
            Some(Side::Black) => 'X',
            Some(Side::White) => 'O',
            None => '-',
        })
        .collect();
    out.push_str(match position.to_move() {
        Side::Black => " X;",
        Side::White => " O;",
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exactly the seven board characters are square characters: every other printable ASCII
    /// character, and a space, is not.
    #[test]
    fn square_chars_are_the_seven_board_characters() {
        let squares: String = (' '..='~').filter(|&c| is_square_char(c)).collect();
        assert_eq!(squares, "*-.OXox");
    }

    const FIRST: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

    #[test]
    fn ffo_1_round_trip() {
        let problem = parse_line(FIRST).unwrap();
        assert_eq!(problem.position.to_move(), Side::Black);
        assert_eq!(problem.values.len(), 8);
        assert_eq!(problem.best_value(), Some(18));
        let g8 = parse_square("G8").unwrap();
        assert_eq!((g8.row(), g8.col()), (7, 6));
        assert_eq!(problem.value_of(g8), Some(18));
        assert_eq!(problem.value_of(parse_square("b1").unwrap()), Some(-4));
        // c1 (index 2) is black, a1 empty, j2 (index 9) white.
        let board = problem.position.board();
        assert_eq!(board.get(Square::new(0, 2).unwrap()), Some(Side::Black));
        assert_eq!(board.get(Square::new(0, 0).unwrap()), None);
        assert_eq!(board.get(Square::new(1, 1).unwrap()), Some(Side::White));
        assert_eq!(format!("{} G8:+18;", line(&problem.position)), FIRST[..75]);
        // Every listed move is legal.
        let legal = problem.position.placements();
        assert!(problem.values.iter().all(|&(s, _)| legal.contains(s)));
        assert_eq!(legal.len(), 8);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse_line("--X"), Err(ObfError::Short(3)));
        let bad_cell = FIRST.replacen('X', "Z", 1);
        assert_eq!(
            parse_line(&bad_cell),
            Err(ObfError::Cell {
                position: 3,
                found: 'Z'
            })
        );
        assert!(matches!(
            parse_line(&FIRST.replace(" X;", " Y;")),
            Err(ObfError::Side(s)) if s == "Y"
        ));
        assert!(matches!(parse_line(&FIRST[..64]), Err(ObfError::Side(_))));
        assert!(matches!(
            parse_line(&FIRST.replace("G8:+18", "G9:+18")),
            Err(ObfError::Value(s)) if s == "G9:+18"
        ));
        assert!(matches!(
            parse_line(&FIRST.replace("G8:+18", "G8:+99")),
            Err(ObfError::Value(_))
        ));
        // 65 board characters: the 65th is not whitespace.
        assert!(matches!(
            parse_line(&format!("-{FIRST}")),
            Err(ObfError::Side(_))
        ));
        assert!(is_blank("  % comment") && is_blank("") && !is_blank(FIRST));
        assert!(parse_square("i1").is_none() && parse_square("a0").is_none());
        assert!(parse_square("a10").is_none());
    }

    #[test]
    fn square_names_read_back() {
        let names: Vec<String> = Square::<8>::all().map(square_name).collect();
        assert_eq!((names[0].as_str(), names[63].as_str()), ("A1", "H8"));
        assert_eq!(names[10], "C2");
        for square in Square::<8>::all() {
            let name = square_name(square);
            assert_eq!(parse_square(&name), Some(square));
            assert_eq!(parse_square(&name.to_lowercase()), Some(square));
        }
    }

    #[test]
    fn white_to_move_and_short_boards() {
        let board = &FIRST[..64];
        for side in ["O", "o"] {
            let problem = parse_line(&format!("{board} {side};")).unwrap();
            assert_eq!(problem.position.to_move(), Side::White);
            assert_eq!(line(&problem.position), format!("{board} O;"));
        }
        // Whitespace after 60 board characters: a short board, not a bad character.
        assert_eq!(
            parse_line(&format!("{} X;", &board[..60])),
            Err(ObfError::Short(60))
        );
        assert_eq!(
            parse_line(&format!("{}\t{}", &board[..30], &board[30..])),
            Err(ObfError::Short(30))
        );
    }
}
