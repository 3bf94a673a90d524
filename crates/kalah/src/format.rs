//! The interactive game's text, exactly as the assignment's sample solution prints it.

use crate::board::Board;
use search_core::games::Player;
use std::fmt::Write as _;

/// Line 1 of a session.
pub const TITLE: &str = "CS364 Assignment 2.3";
/// Line 2 of a session (where the sample prints its authors).
pub const PROGRAM: &str = "kalah";
/// The greeting after the depth header.
pub const GREETING: &str = "Let's play Kalah!";
/// The question who starts.
pub const WHO_FIRST: &str = "Who goes first (0) me; (1) you ? ";
/// The answer to a "who starts" line that is not an integer.
pub const HOWS_THAT: &str = "How's that?";
/// The computer starts.
pub const I_GO_FIRST: &str = "OK, I go first";
/// The human starts.
pub const YOU_GO_FIRST: &str = "OK, you go first";
/// Before the first board.
pub const INITIAL_BOARD: &str = "Initial Board";
/// Before the computer's move.
pub const MY_TURN: &str = "My turn ... hmm ...";
/// The answer to a move line that is not an integer.
pub const WHAT_IS_THAT: &str = "What is that? Try again";
/// The answer to an integer that is not a legal pot.
pub const NOT_LEGAL: &str = "Sorry, that's not a legal move, try again";
/// After the last board.
pub const GAME_OVER: &str = "Game Over";

/// The header lines 3 and 4: `Using Depth Bound N` and a blank line.
pub fn depth_header(depth: u32) -> String {
    format!("Using Depth Bound {depth}\n\n")
}

/// The human's prompt: `Your turn ... Move (0-5)? ` for six pots.
pub fn move_prompt(board: &Board) -> String {
    format!("Your turn ... Move (0-{})? ", board.pots() - 1)
}

/// The computer's announcement of one pot.
pub fn i_choose(pot: usize) -> String {
    format!("I choose {pot}")
}

/// A board as printed after every move: a blank line, Max's pots (pot P-1 first), the two
/// kalahs (Max's on the left), Min's pots (pot 0 first), a blank line. Every field is three
/// characters wide, right-aligned.
pub fn board_block(board: &Board) -> String {
    let p = board.pots();
    let mut out = String::from("\n   ");
    for pot in (0..p).rev() {
        let _ = write!(out, "{:>3}", board.pot(Player::Max, pot));
    }
    let _ = write!(
        out,
        "\n{:>3}{:width$}{:>3}\n   ",
        board.kalah(Player::Max),
        "",
        board.kalah(Player::Min),
        width = 3 * p
    );
    for pot in 0..p {
        let _ = write!(out, "{:>3}", board.pot(Player::Min, pot));
    }
    out.push_str("\n\n");
    out
}

/// The result line once the game is over: `I win by N`, `You win by N` or `Tie!!` (the
/// computer plays Max).
pub fn result_line(board: &Board) -> String {
    let difference = board.kalah_difference();
    match difference {
        d if d > 0 => format!("I win by {d}"),
        d if d < 0 => format!("You win by {}", -d),
        _ => "Tie!!".to_owned(),
    }
}

/// Reads a whole line as a Java `int` (optional sign, ASCII digits, in range): `None` otherwise.
pub fn parse_int(line: &str) -> Option<i32> {
    line.parse().ok()
}

/// A rejected answer at a prompt; it displays as the sample program's reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BadAnswer {
    /// "Who goes first?" answered with something that is not an integer ([`HOWS_THAT`]).
    #[error("{}", HOWS_THAT)]
    NotFirst,
    /// A move that is not an integer ([`WHAT_IS_THAT`]).
    #[error("{}", WHAT_IS_THAT)]
    NotAMove,
    /// A move that is not a legal pot ([`NOT_LEGAL`]).
    #[error("{}", NOT_LEGAL)]
    NotLegal,
}

/// The "who goes first" answer: `0` is the computer (Max), any other integer the human (Min).
///
/// # Errors
/// [`BadAnswer::NotFirst`] when the line is not an integer.
pub fn parse_first(line: &str) -> Result<Player, BadAnswer> {
    match parse_int(line) {
        Some(0) => Ok(Player::Max),
        Some(_) => Ok(Player::Min),
        None => Err(BadAnswer::NotFirst),
    }
}

/// A human's move: a legal pot of the side to move.
///
/// # Errors
/// [`BadAnswer::NotAMove`] when the line is not an integer, [`BadAnswer::NotLegal`] when it is
/// not a legal pot.
pub fn parse_move(line: &str, board: &Board) -> Result<usize, BadAnswer> {
    let Some(n) = parse_int(line) else {
        return Err(BadAnswer::NotAMove);
    };
    match usize::try_from(n) {
        Ok(pot) if board.is_legal(pot) => Ok(pot),
        _ => Err(BadAnswer::NotLegal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn bad_answers_say_what_the_sample_program_says() {
        assert_eq!(BadAnswer::NotFirst.to_string(), HOWS_THAT);
        assert_eq!(BadAnswer::NotAMove.to_string(), WHAT_IS_THAT);
        assert_eq!(BadAnswer::NotLegal.to_string(), NOT_LEGAL);
    }

    #[test]
    fn initial_board_text() {
        let b = Board::new(Rules::default(), Player::Max);
        assert_eq!(
            board_block(&b),
            "\n     4  4  4  4  4  4\n  0                    0\n     4  4  4  4  4  4\n\n"
        );
        let after = b.play_pot(5);
        assert_eq!(
            board_block(&after),
            "\n     0  4  4  4  4  4\n  1                    0\n     5  5  5  4  4  4\n\n"
        );
        assert_eq!(move_prompt(&b), "Your turn ... Move (0-5)? ");
    }

    #[test]
    fn two_digit_fields_and_small_boards() {
        let rules = Rules::new(4, 3).unwrap();
        let b =
            Board::from_parts(rules, &[10, 0, 1, 2], 28, &[0, 3, 0, 4], 1, Player::Min).unwrap();
        assert_eq!(
            board_block(&b),
            "\n     2  1  0 10\n 28              1\n     0  3  0  4\n\n"
        );
        assert_eq!(move_prompt(&b), "Your turn ... Move (0-3)? ");
    }

    #[test]
    fn answers() {
        let b = Board::new(Rules::default(), Player::Min);
        assert_eq!(parse_first("0"), Ok(Player::Max));
        assert_eq!(parse_first("-0"), Ok(Player::Max));
        assert_eq!(parse_first("1"), Ok(Player::Min));
        assert_eq!(parse_first("7"), Ok(Player::Min));
        for bad in ["", " 0", "abc", "0 ", "1.5", "99999999999"] {
            assert_eq!(parse_first(bad), Err(BadAnswer::NotFirst), "{bad:?}");
        }
        assert_eq!(parse_move("3", &b), Ok(3));
        assert_eq!(parse_move("+3", &b), Ok(3));
        for bad in ["x", "", " 2", "2 ", "1.5"] {
            assert_eq!(parse_move(bad, &b), Err(BadAnswer::NotAMove), "{bad:?}");
        }
        for bad in ["9", "-3", "6", "2147483647"] {
            assert_eq!(parse_move(bad, &b), Err(BadAnswer::NotLegal), "{bad:?}");
        }
        let emptied = b.play_pot(2);
        assert_eq!(emptied.to_move(), Player::Min);
        assert_eq!(parse_move("2", &emptied), Err(BadAnswer::NotLegal));
    }

    /// The header and the computer's announcement, word for word as the sample session prints
    /// them (`data/kalah/*.out`).
    #[test]
    fn depth_header_and_announcement() {
        assert_eq!(depth_header(7), "Using Depth Bound 7\n\n");
        assert_eq!(depth_header(12), "Using Depth Bound 12\n\n");
        assert_eq!(i_choose(0), "I choose 0");
        assert_eq!(i_choose(5), "I choose 5");
    }

    #[test]
    fn results() {
        let rules = Rules::default();
        let over =
            |max, min| Board::from_parts(rules, &[0; 6], max, &[0; 6], min, Player::Max).unwrap();
        assert_eq!(result_line(&over(37, 11)), "I win by 26");
        assert_eq!(result_line(&over(18, 30)), "You win by 12");
        assert_eq!(result_line(&over(24, 24)), "Tie!!");
    }
}
