//! Game files and the console layout of the assignment's sample program
//! (docs/maxconnect4-format.md).
//!
//! A game file is six lines of seven digits, the top row first (`0` empty, `1` player 1, `2`
//! player 2), then a line with the player to move. Reading accepts LF or CRLF, with or without a
//! final newline, and spaces around a line; writing uses `\r\n` after every line, the last one
//! included, as the sample program did.

use crate::board::{Board, COLUMNS, ROWS, Side, cell_bit};
use crate::error::{ColumnError, Error, GameFileError};
use crate::rules::Position;
use crate::score::scores;
use std::fmt::Write as _;
use std::path::Path;
use text_input::{Located, shorten};

/// The longest piece of a bad line quoted in a message.
const QUOTE: usize = 60;

/// Reads and parses the game file at `path`.
///
/// # Errors
/// [`Error::Read`] when the file cannot be read, otherwise those of [`parse_game`].
pub fn read_game(path: &Path) -> Result<Position, Error> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: name.clone(),
        source,
    })?;
    parse_game(&text, &name)
}

/// Parses a game file's text (a leading byte-order mark is accepted); `path` names the file in
/// error messages.
///
/// # Errors
/// A wrong row length, a cell other than 0-2, a floating piece, a player line other than 1 or
/// 2, a missing line or text after the player line, each naming the line.
pub fn parse_game(text: &str, path: &str) -> Result<Position, Error> {
    let at = |(line, error): (usize, GameFileError)| Error::from(Located::new(path, line, error));
    let mut lines = text_input::numbered_lines(text).map(|(i, l)| (i, l.trim()));
    // rows[0] is the top row (line 1).
    let mut rows = [[0u8; COLUMNS]; ROWS];
    let mut last = 0;
    for row in &mut rows {
        let (line, token) = lines
            .next()
            .ok_or_else(|| at((last, GameFileError::Truncated)))?;
        last = line;
        *row = parse_row(token).map_err(|error| at((line, error)))?;
    }
    let (line, token) = lines
        .next()
        .ok_or_else(|| at((last, GameFileError::Truncated)))?;
    let next = match token {
        "1" => Side::One,
        "2" => Side::Two,
        _ => {
            let error = GameFileError::NextPlayer(shorten(token, QUOTE));
            return Err(at((line, error)));
        }
    };
    if let Some((line, token)) = lines.find(|(_, l)| !l.is_empty()) {
        return Err(at((line, GameFileError::Trailing(shorten(token, QUOTE)))));
    }
    check_gravity(&rows).map_err(at)?;
    let (one, two) = masks(&rows);
    let board = Board::from_masks(one, two).expect("disjoint cells on the board");
    Ok(Position::new(board, next))
}

/// One row line: exactly [`COLUMNS`] cells, each `0`, `1` or `2`.
fn parse_row(token: &str) -> Result<[u8; COLUMNS], GameFileError> {
    let found = token.chars().count();
    if found != COLUMNS {
        let token = shorten(token, QUOTE);
        return Err(GameFileError::RowLength { found, token });
    }
    let mut row = [0u8; COLUMNS];
    for (c, ch) in token.chars().enumerate() {
        row[c] = match ch {
            '0' => 0,
            '1' => 1,
            '2' => 2,
            _ => {
                return Err(GameFileError::Cell {
                    column: c + 1,
                    token: ch,
                });
            }
        };
    }
    Ok(row)
}

/// Scanning from the top, the first piece over an empty cell (its line and the error).
fn check_gravity(rows: &[[u8; COLUMNS]; ROWS]) -> Result<(), (usize, GameFileError)> {
    for (i, pair) in rows.windows(2).enumerate() {
        for (c, (&upper, &lower)) in pair[0].iter().zip(&pair[1]).enumerate() {
            if upper != 0 && lower == 0 {
                let error = GameFileError::Floating {
                    column: c + 1,
                    below: i + 2,
                };
                return Err((i + 1, error));
            }
        }
    }
    Ok(())
}

/// The cells of each player as bit masks.
fn masks(rows: &[[u8; COLUMNS]; ROWS]) -> (u64, u64) {
    let (mut one, mut two) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            let bit = cell_bit(ROWS - 1 - i, c);
            match v {
                1 => one |= bit,
                2 => two |= bit,
                _ => {}
            }
        }
    }
    (one, two)
}

/// The digit of a cell: `0` empty, `1` or `2`.
fn digit(board: &Board, row: usize, column: usize) -> char {
    match board.cell(row, column) {
        None => '0',
        Some(Side::One) => '1',
        Some(Side::Two) => '2',
    }
}

/// The text of a game file: six rows top first, then the player to move, each line ending in
/// `\r\n`.
#[must_use]
pub fn game_file(position: &Position) -> String {
    let board = position.board();
    let mut out = String::with_capacity(64);
    for row in (0..ROWS).rev() {
        for c in 0..COLUMNS {
            out.push(digit(board, row, c));
        }
        out.push_str("\r\n");
    }
    let _ = write!(out, "{}\r\n", position.next().number());
    out
}

/// The board as the sample program printed it: a rule of 17 dashes, the six rows top first as
/// ` | d d d d d d d | ` (with the trailing space), and the rule again.
#[must_use]
pub fn board_block(board: &Board) -> String {
    let mut out = String::with_capacity(200);
    out.push_str(" -----------------\n");
    for row in (0..ROWS).rev() {
        out.push_str(" | ");
        for c in 0..COLUMNS {
            out.push(digit(board, row, c));
            out.push(' ');
        }
        out.push_str("| \n");
    }
    out.push_str(" -----------------\n");
    out
}

/// `Score: Player 1 = a, Player 2 = b` and a newline.
#[must_use]
pub fn score_line(board: &Board) -> String {
    let (one, two) = scores(board);
    format!("Score: Player 1 = {one}, Player 2 = {two}\n")
}

/// The opening lines of both modes: an empty line, `MaxConnect-4 game`, an empty line.
pub const HEADER: &str = "\nMaxConnect-4 game\n\n";

/// What a full board prints after the state block: `BOARD FULL`, an empty line, `Game Over!`,
/// an empty line.
pub const BOARD_FULL: &str = "BOARD FULL\n\nGame Over!\n\n";

/// `Game state before move:`, the board, the score and an empty line.
#[must_use]
pub fn state_before(board: &Board) -> String {
    format!(
        "Game state before move:\n{}{}\n",
        board_block(board),
        score_line(board)
    )
}

/// The report of a move: two empty lines, `move N: Player P, column C` (N the pieces after the
/// move, C from 1), an empty line, `Game state after move:`, the board, the score and an empty
/// line. `after` is the position after the move; the mover is the player who is not to move.
#[must_use]
pub fn move_report(after: &Position, column: usize) -> String {
    let board = after.board();
    format!(
        "\n\nmove {}: Player {}, column {}\n\nGame state after move:\n{}{}\n",
        board.piece_count(),
        after.next().other().number(),
        column + 1,
        board_block(board),
        score_line(board)
    )
}

/// The interactive prompt for the human's move.
#[must_use]
pub fn human_prompt(side: Side) -> String {
    format!(
        "Your move (Player {}): choose a column 1-7: ",
        side.number()
    )
}

/// Reads the human's answer: a column number 1..7 whose column is not full, returned as 0..7.
/// A whole number of any length outside 1..7 is "no such column", not "not a number"; long
/// answers are shortened in the message.
///
/// # Errors
/// The reason the answer is rejected, to show before asking again.
pub fn parse_column(answer: &str, board: &Board) -> Result<usize, ColumnError> {
    let answer = answer.trim();
    let digits = answer.strip_prefix(['+', '-']).unwrap_or(answer);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ColumnError::NotANumber(shorten(answer, 20)));
    }
    let number = match answer.parse::<i64>() {
        Ok(n) if (1..=COLUMNS as i64).contains(&n) => n,
        _ => return Err(ColumnError::NoSuchColumn(shorten(answer, 20))),
    };
    let column = (number - 1) as usize;
    if !board.can_play(column) {
        return Err(ColumnError::Full(column + 1));
    }
    Ok(column)
}

/// The message when input ends before the game does.
pub const END_OF_INPUT: &str = "\nEnd of input: the game stops here, unfinished.\n";

/// The end of an interactive game: `BOARD FULL` and `Game Over!` ([`BOARD_FULL`]), the final
/// score and the winner, the computer's player named.
#[must_use]
pub fn final_report(board: &Board, computer: Side) -> String {
    let (one, two) = scores(board);
    let who = |side: Side| {
        let role = if side == computer {
            "computer"
        } else {
            "human"
        };
        format!("Player {} ({role})", side.number())
    };
    let verdict = match one.cmp(&two) {
        std::cmp::Ordering::Greater => format!("{} wins.", who(Side::One)),
        std::cmp::Ordering::Less => format!("{} wins.", who(Side::Two)),
        std::cmp::Ordering::Equal => "The game is a draw.".to_owned(),
    };
    format!("{BOARD_FULL}Final score: Player 1 = {one}, Player 2 = {two}\n{verdict}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const INPUT2: &str = "0000000\r\n0000000\r\n0200000\r\n0100002\r\n0200111\r\n1100222\r\n1";

    fn err(text: &str) -> String {
        parse_game(text, "g.txt").unwrap_err().to_string()
    }

    #[test]
    fn reads_crlf_and_lf_with_or_without_final_newline() {
        let crlf = parse_game(INPUT2, "input2.txt").unwrap();
        let lf = parse_game(&INPUT2.replace("\r\n", "\n"), "x").unwrap();
        let final_crlf = parse_game(&format!("{INPUT2}\r\n"), "x").unwrap();
        let final_lf = parse_game(&format!("{}\n", INPUT2.replace("\r\n", "\n")), "x").unwrap();
        assert_eq!(crlf, lf);
        assert_eq!(crlf, final_crlf);
        assert_eq!(crlf, final_lf);
        assert_eq!(crlf.board().piece_count(), 12);
        assert_eq!(crlf.board().cell(0, 0), Some(Side::One));
        assert_eq!(crlf.board().cell(3, 1), Some(Side::Two));
        assert_eq!(crlf.board().height(6), 3);
    }

    #[test]
    fn writes_crlf_with_a_final_newline_and_round_trips() {
        let position = parse_game(INPUT2, "input2.txt").unwrap();
        let text = game_file(&position);
        assert_eq!(text, format!("{INPUT2}\r\n"));
        assert_eq!(parse_game(&text, "y").unwrap(), position);
    }

    #[test]
    fn errors_are_located_and_typed() {
        let mut text = INPUT2.replace("0200111", "02x0111");
        let error = parse_game(&text, "g.txt").unwrap_err();
        let Error::File(located) = error else {
            panic!("{error}")
        };
        assert_eq!((located.file.as_str(), located.line), ("g.txt", 5));
        assert_eq!(
            located.error,
            GameFileError::Cell {
                column: 3,
                token: 'x'
            }
        );
        // A long line is quoted shortened, not whole.
        text = format!("{}\n", "1".repeat(10_000));
        let message = err(&text);
        assert!(message.len() < 150, "{message}");
        assert!(message.starts_with("g.txt:1: a board row needs 7 cells, found 10000 in `111"));
    }

    #[test]
    fn errors_name_the_line() {
        let rows = |r: &[&str], next: &str| format!("{}\n{next}\n", r.join("\n"));
        let ok = ["0000000"; 6];
        let mut short = ok;
        short[2] = "000000";
        assert_eq!(
            err(&rows(&short, "1")),
            "g.txt:3: a board row needs 7 cells, found 6 in `000000`"
        );
        let mut digit = ok;
        digit[5] = "0030000";
        assert_eq!(
            err(&rows(&digit, "1")),
            "g.txt:6: `3` in column 3 is not a cell (0 empty, 1 or 2 a player)"
        );
        let mut floating = ok;
        floating[3] = "0000100";
        assert_eq!(
            err(&rows(&floating, "1")),
            "g.txt:4: the piece in column 5 floats over an empty cell (line 5)"
        );
        assert_eq!(
            err(&rows(&ok, "3")),
            "g.txt:7: `3` is not the player to move (1 or 2)"
        );
        assert_eq!(
            err(&rows(&ok, "")),
            "g.txt:7: `` is not the player to move (1 or 2)"
        );
        assert_eq!(
            err(&rows(&ok[..4], "")),
            "g.txt:5: a board row needs 7 cells, found 0 in ``"
        );
        assert_eq!(
            err("0000000\n0000000\n"),
            "g.txt:2: the file ends here; expected 6 board rows then the player to move (1 or 2)"
        );
        assert_eq!(
            err(""),
            "g.txt:0: the file ends here; expected 6 board rows then the player to move (1 or 2)"
        );
        assert_eq!(
            err(&format!("{}\n\n4\n", rows(&ok, "1"))),
            "g.txt:10: unexpected text after the player line: `4`"
        );
        // Trailing empty lines are fine.
        assert!(parse_game(&format!("{}\n\n", rows(&ok, "2")), "g").is_ok());
    }

    #[test]
    fn board_block_matches_the_sample_layout() {
        let position = parse_game(INPUT2, "input2.txt").unwrap();
        let expected = concat!(
            " -----------------\n",
            " | 0 0 0 0 0 0 0 | \n",
            " | 0 0 0 0 0 0 0 | \n",
            " | 0 2 0 0 0 0 0 | \n",
            " | 0 1 0 0 0 0 2 | \n",
            " | 0 2 0 0 1 1 1 | \n",
            " | 1 1 0 0 2 2 2 | \n",
            " -----------------\n",
        );
        assert_eq!(board_block(position.board()), expected);
        assert_eq!(
            score_line(position.board()),
            "Score: Player 1 = 0, Player 2 = 0\n"
        );
    }

    #[test]
    fn move_report_names_piece_count_mover_and_column() {
        let position = parse_game(INPUT2, "input2.txt").unwrap();
        let after = position.play_column(0).unwrap();
        let report = move_report(&after, 0);
        assert!(report.starts_with("\n\nmove 13: Player 1, column 1\n\nGame state after move:\n"));
        assert!(report.ends_with("Score: Player 1 = 0, Player 2 = 0\n\n"));
    }

    #[test]
    fn state_before_and_the_prompt_match_the_sample_layout() {
        let board = *parse_game(INPUT2, "input2.txt").unwrap().board();
        let state = state_before(&board);
        assert_eq!(
            state,
            format!(
                "Game state before move:\n{}Score: Player 1 = 0, Player 2 = 0\n\n",
                board_block(&board)
            )
        );
        assert_eq!(
            human_prompt(Side::One),
            "Your move (Player 1): choose a column 1-7: "
        );
        assert_eq!(
            human_prompt(Side::Two),
            "Your move (Player 2): choose a column 1-7: "
        );
    }

    #[test]
    fn column_answers() {
        let mut board = Board::empty();
        for _ in 0..6 {
            board = board.play(2, Side::One);
        }
        let err = |answer| parse_column(answer, &board).unwrap_err().to_string();
        assert_eq!(parse_column(" 4 ", &board), Ok(3));
        assert_eq!(err("x"), "`x` is not a number: type a column from 1 to 7");
        assert!(err("").contains("not a number"));
        assert!(err("-").contains("not a number"));
        assert_eq!(err("0"), "there is no column 0: type a column from 1 to 7");
        assert!(err("8").contains("no column 8"));
        assert!(err("-3").contains("no column -3"));
        // A number, just a big one.
        assert_eq!(
            err("99999999999999999999999"),
            "there is no column 99999999999999999999...: type a column from 1 to 7"
        );
        // A long answer is not echoed whole.
        let long = "x".repeat(10_000);
        assert!(err(&long).len() < 100);
        assert_eq!(err("3"), "column 3 is full: choose another column");
    }

    #[test]
    fn final_report_names_the_winner() {
        let mut board = Board::empty();
        for c in 0..COLUMNS {
            for _ in 0..ROWS {
                board = board.play(c, if c % 2 == 0 { Side::One } else { Side::Two });
            }
        }
        let report = final_report(&board, Side::Two);
        assert_eq!(
            report,
            "BOARD FULL\n\nGame Over!\n\nFinal score: Player 1 = 12, Player 2 = 9\nPlayer 1 (human) wins.\n"
        );
    }
}
