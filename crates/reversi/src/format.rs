//! Reading and printing boards: Reversi Tiny strings (`0` empty, `1` dark, `2` light, reading
//! order) and COL106 position files (turn `0`/`1`, then rows of `-1`/`0`/`1`).

use crate::board::Board;
use crate::error::{Error, PositionFileError};
use crate::position::Position;
use crate::search::FullGame;
use crate::side::Side;
use crate::square::Square;
use std::fmt::Write as _;
use text_input::Located;

/// Parses a Reversi Tiny board: `N * N` characters of `0` (empty), `1` (dark, Black) and `2`
/// (light, White) in reading order.
///
/// # Errors
/// [`Error::BoardLength`] or [`Error::BoardCell`], naming the board and the character.
pub fn parse_tiny<const N: usize>(text: &str) -> Result<Board<N>, Error> {
    let found = text.chars().count();
    if found != N * N {
        return Err(Error::BoardLength {
            text: text.to_owned(),
            expected: N * N,
            found,
        });
    }
    let mut board = Board::empty();
    for (square, (i, ch)) in Square::<N>::all().zip(text.chars().enumerate()) {
        let disc = match ch {
            '0' => None,
            '1' => Some(Side::Black),
            '2' => Some(Side::White),
            _ => {
                return Err(Error::BoardCell {
                    text: text.to_owned(),
                    position: i + 1,
                    found: ch,
                });
            }
        };
        board = board.with(square, disc);
    }
    Ok(board)
}

/// Prints a board as a Reversi Tiny string (no newline).
#[must_use]
pub fn tiny<const N: usize>(board: &Board<N>) -> String {
    Square::<N>::all()
        .map(|square| match board.get(square) {
            None => '0',
            Some(Side::Black) => '1',
            Some(Side::White) => '2',
        })
        .collect()
}

/// Parses a COL106 position file: the turn (`0` Black to move, `1` White), then `N * N` cells
/// (`-1` empty, `0` Black, `1` White), separated by any whitespace. `file` names the file in
/// errors. A UTF-8 byte-order mark at the start is skipped.
///
/// # Errors
/// [`Error::File`]: [`PositionFileError::MissingTurn`], [`PositionFileError::Token`] (a bad
/// or extra token, with its line) or [`PositionFileError::Truncated`].
pub fn parse_position<const N: usize>(text: &str, file: &str) -> Result<Position<N>, Error> {
    let mut tokens = text_input::strip_bom(text)
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t)));
    let at = |line: usize, error| Error::from(Located::new(file, line, error));
    let bad = |line: usize, token: &str, expected| {
        let token = text_input::shorten(token, 60);
        at(line, PositionFileError::Token { token, expected })
    };
    let turn = match tokens.next() {
        None => return Err(at(1, PositionFileError::MissingTurn)),
        Some((_, "0")) => Side::Black,
        Some((_, "1")) => Side::White,
        Some((line, token)) => return Err(bad(line, token, "a turn (0 or 1)")),
    };
    let mut board = Board::empty();
    let mut last_line = 1;
    for (count, square) in Square::<N>::all().enumerate() {
        let Some((line, token)) = tokens.next() else {
            let error = PositionFileError::Truncated {
                found: count,
                expected: N * N,
            };
            return Err(at(last_line, error));
        };
        last_line = line;
        let disc = match token {
            "-1" => None,
            "0" => Some(Side::Black),
            "1" => Some(Side::White),
            _ => return Err(bad(line, token, "a cell (-1 empty, 0 black, 1 white)")),
        };
        board = board.with(square, disc);
    }
    if let Some((line, token)) = tokens.next() {
        return Err(bad(
            line,
            token,
            "part of the position (extra token after the last row)",
        ));
    }
    Ok(Position::new(board, turn))
}

/// The COL106 number of a side: `0` Black, `1` White.
#[must_use]
pub fn side_number(side: Side) -> i32 {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

/// Prints a board in the COL106 file format: `N` lines of `N` cells separated by spaces.
#[must_use]
pub fn position_board<const N: usize>(board: &Board<N>) -> String {
    let mut out = String::new();
    for row in 0..N {
        let cells: Vec<&str> = (0..N)
            .map(|col| {
                let square = Square::<N>::new(row, col).expect("row and col are on the board");
                match board.get(square) {
                    None => "-1",
                    Some(Side::Black) => "0",
                    Some(Side::White) => "1",
                }
            })
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// Prints the result of a full game: the moves on one line, `winner W`, `turn T`, then the board.
#[must_use]
pub fn full_game_report<const N: usize>(game: &FullGame<N>) -> String {
    let moves: Vec<String> = game.moves.iter().map(|m| m.index().to_string()).collect();
    let mut out = moves.join(" ");
    out.push('\n');
    let winner = game.winner().map_or(-1, side_number);
    let _ = writeln!(out, "winner {winner}");
    let _ = writeln!(out, "turn {}", side_number(game.end.to_move()));
    out.push_str(&position_board(game.end.board()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiny_round_trip() {
        let text = "0000021001200000";
        let board = parse_tiny::<4>(text).unwrap();
        assert_eq!(board, Board::start());
        assert_eq!(tiny(&board), text);
    }

    #[test]
    fn tiny_errors_name_the_character() {
        let err = parse_tiny::<4>("000002100120000x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "board \"000002100120000x\": character 16 is 'x', expected 0, 1 or 2"
        );
        assert!(matches!(
            parse_tiny::<4>("000"),
            Err(Error::BoardLength { found: 3, .. })
        ));
        // Multi-byte characters count as one each.
        assert!(matches!(
            parse_tiny::<4>("ééééééééééééééé"),
            Err(Error::BoardLength { found: 15, .. })
        ));
    }

    #[test]
    fn position_file_round_trip_and_errors() {
        let mut text = String::from("0\n");
        text.push_str(&position_board(&Board::<8>::start()));
        let position = parse_position::<8>(&text, "f.txt").unwrap();
        assert_eq!(position, Position::start());
        let err = parse_position::<8>(&text.replace("1 0", "1 2"), "f.txt").unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.txt:5: token \"2\" is not a cell (-1 empty, 0 black, 1 white)"
        );
        let err = parse_position::<8>("1\n-1 -1\n", "g").unwrap_err();
        assert_eq!(
            err.to_string(),
            "g:2: the file ends after 2 of 64 board cells"
        );
        let err = parse_position::<8>("", "g").unwrap_err();
        assert_eq!(err.to_string(), "g:1: missing turn (0 black, 1 white)");
        assert!(matches!(
            err,
            Error::File(Located {
                line: 1,
                error: PositionFileError::MissingTurn,
                ..
            })
        ));
        let err = parse_position::<8>("x", "g").unwrap_err();
        assert!(err.to_string().starts_with("g:1: token \"x\""), "{err}");
        let err = parse_position::<8>(&format!("{text} 0"), "g").unwrap_err();
        assert!(err.to_string().starts_with("g:10: token \"0\""), "{err}");
    }

    #[test]
    fn length_errors_name_the_expected_length() {
        let err = parse_tiny::<4>("000").unwrap_err();
        assert_eq!(
            err.to_string(),
            "board \"000\": expected 16 characters of 0/1/2, found 3"
        );
        assert!(matches!(
            parse_tiny::<6>("0000021001200000"),
            Err(Error::BoardLength {
                expected: 36,
                found: 16,
                ..
            })
        ));
    }

    /// A game from the 4x4 start with moves picked by `seed`, its placements recorded.
    fn random_game(seed: u64) -> FullGame<4> {
        let mut end = Position::<4>::start();
        let mut moves = Vec::new();
        let mut state = seed;
        while !end.is_over() {
            let legal: Vec<_> = end.moves().collect();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal[(state >> 33) as usize % legal.len()];
            if let crate::Move::Place(square) = mv {
                moves.push(square);
            }
            end = end.play(mv).unwrap();
        }
        FullGame { moves, end }
    }

    #[test]
    fn full_game_reports_read_back() {
        assert_eq!((side_number(Side::Black), side_number(Side::White)), (0, 1));
        let mut winners = std::collections::BTreeSet::new();
        for seed in 0..60 {
            let game = random_game(seed);
            let report = full_game_report(&game);
            let mut lines = report.lines();
            let moves: Vec<usize> = lines
                .next()
                .unwrap()
                .split(' ')
                .map(|m| m.parse().unwrap())
                .collect();
            let indices: Vec<usize> = game.moves.iter().map(|s| s.index()).collect();
            assert_eq!(moves, indices);
            let winner = lines.next().unwrap().strip_prefix("winner ").unwrap();
            let expected = match game.end.leader() {
                Some(Side::Black) => "0",
                Some(Side::White) => "1",
                None => "-1",
            };
            assert_eq!(winner, expected);
            winners.insert(winner.to_owned());
            // The turn and the board are a position file of the end.
            let turn = lines.next().unwrap().strip_prefix("turn ").unwrap();
            let rest: Vec<&str> = lines.collect();
            let file = format!("{turn}\n{}", rest.join("\n"));
            assert_eq!(parse_position::<4>(&file, "r").unwrap(), game.end);
            assert!(report.ends_with('\n'));
        }
        assert_eq!(
            winners.len(),
            3,
            "wins of both sides and a draw: {winners:?}"
        );
    }
}
