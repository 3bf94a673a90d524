//! Refereeing one move between two game files: what a tournament between one-move programs
//! checks before it accepts a program's output ([`check_move`] on two positions, [`read_move`]
//! on the file a program wrote).
//!
//! A move is legal when the output position is the input position with exactly one piece of the
//! player to move added at the lowest empty cell of a column that was not full, and the other
//! player to move next. Every piece already on the board stays where it was, in its colour. The
//! scores are a function of the board, so a legal move's scores are the scores of its board:
//! nothing else can disagree.
//!
//! ```
//! use connect4::{Position, referee::{check_move, Violation}};
//!
//! let before = Position::start();
//! let after = before.play_column(3).unwrap();
//! assert_eq!(check_move(&before, &after), Ok(3));
//! // Passing (the same board back) is no move.
//! assert_eq!(check_move(&before, &before), Err(Violation::NoPieceAdded));
//! ```

use crate::board::{Board, STRIDE, Side};
use crate::rules::Position;
use std::path::{Path, PathBuf};

/// Why an output position is not one legal move from the input position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The board is already full: there is no move to make.
    #[error("the board was already full")]
    BoardFull,
    /// A piece of the input board is missing or has changed colour.
    #[error("a piece already on the board was removed or changed (column {column})")]
    Tampered {
        /// The column of the first changed cell, 1..7.
        column: usize,
    },
    /// The output board is the input board.
    #[error("no piece was added")]
    NoPieceAdded,
    /// More than one piece was added.
    #[error("{count} pieces were added (exactly one is a move)")]
    SeveralPieces {
        /// Pieces added.
        count: u32,
    },
    /// The added piece has the colour of the player who was not to move.
    #[error(
        "the piece added in column {column} is player {found}'s, but player {expected} was to move"
    )]
    WrongColour {
        /// The column, 1..7.
        column: usize,
        /// The player to move in the input.
        expected: u8,
        /// The colour of the added piece.
        found: u8,
    },
    /// The output names the wrong player to move next.
    #[error("the file says player {found} moves next; it must be player {expected}")]
    WrongNextPlayer {
        /// The player who must move next.
        expected: u8,
        /// The player the file names.
        found: u8,
    },
}

/// Checks that `after` is `before` with one legal move played; returns the column (0..7).
///
/// Both positions obey gravity (game files that do not are rejected when read), so a single
/// added piece always sits at the lowest empty cell of its column.
///
/// # Errors
/// The first [`Violation`] found, in the order of the enum: a full board, a changed piece, a
/// wrong number of added pieces, a piece of the wrong colour, the wrong player to move next.
pub fn check_move(before: &Position, after: &Position) -> Result<usize, Violation> {
    let (old, new) = (before.board(), after.board());
    if old.is_full() {
        return Err(Violation::BoardFull);
    }
    if let Some(column) = changed_column(old, new) {
        return Err(Violation::Tampered { column: column + 1 });
    }
    let added = new.occupied() & !old.occupied();
    match added.count_ones() {
        0 => return Err(Violation::NoPieceAdded),
        1 => {}
        count => return Err(Violation::SeveralPieces { count }),
    }
    let column = added.trailing_zeros() as usize / STRIDE;
    let mover = before.next();
    if new.pieces(mover) & added == 0 {
        return Err(Violation::WrongColour {
            column: column + 1,
            expected: mover.number(),
            found: mover.other().number(),
        });
    }
    if after.next() != mover.other() {
        return Err(Violation::WrongNextPlayer {
            expected: mover.other().number(),
            found: after.next().number(),
        });
    }
    Ok(column)
}

/// Why the file a program wrote is not one legal move from the position it was given. The
/// messages are the reasons a tournament gives for the forfeit.
#[derive(Debug, thiserror::Error)]
pub enum OutputFault {
    /// There is no file at the output path.
    #[error("wrote no output file ({})", path.display())]
    Missing {
        /// The output path.
        path: PathBuf,
    },
    /// The file cannot be read, or is not a game file.
    #[error("wrote an unreadable game file: {0}")]
    Unreadable(#[source] crate::Error),
    /// A game file, but not one legal move from the input.
    #[error("illegal move in {}: {violation}", path.display())]
    Illegal {
        /// The output path.
        path: PathBuf,
        /// What is wrong with the move.
        #[source]
        violation: Violation,
    },
}

/// Reads the game file a program wrote at `output` for its move from `before`, and checks the
/// move with [`check_move`]: the position after it.
///
/// ```
/// use connect4::{Position, format, referee::{read_move, OutputFault}};
/// let path = std::env::temp_dir().join(format!("connect4-read-move-{}.txt", std::process::id()));
/// let before = Position::start();
/// assert!(matches!(read_move(&before, &path), Err(OutputFault::Missing { .. })));
/// std::fs::write(&path, format::game_file(&before.play_column(2).unwrap())).unwrap();
/// assert_eq!(read_move(&before, &path).unwrap(), before.play_column(2).unwrap());
/// std::fs::write(&path, format::game_file(&before)).unwrap();
/// let fault = read_move(&before, &path).unwrap_err().to_string();
/// assert!(fault.ends_with(": no piece was added"), "{fault}");
/// std::fs::remove_file(&path).unwrap();
/// ```
///
/// # Errors
/// [`OutputFault::Missing`] when there is no file, [`OutputFault::Unreadable`] when it is not a
/// game file, [`OutputFault::Illegal`] when its position is not one legal move from `before`.
pub fn read_move(before: &Position, output: &Path) -> Result<Position, OutputFault> {
    let after = match crate::format::read_game(output) {
        Ok(after) => after,
        Err(crate::Error::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            return Err(OutputFault::Missing {
                path: output.to_path_buf(),
            });
        }
        Err(e) => return Err(OutputFault::Unreadable(e)),
    };
    check_move(before, &after)
        .map(|_| after)
        .map_err(|violation| OutputFault::Illegal {
            path: output.to_path_buf(),
            violation,
        })
}

/// The first column (0..7) where a piece of `old` is missing from `new` or has changed colour.
fn changed_column(old: &Board, new: &Board) -> Option<usize> {
    let kept = |side: Side| old.pieces(side) & !new.pieces(side);
    let lost = kept(Side::One) | kept(Side::Two);
    (lost != 0).then(|| lost.trailing_zeros() as usize / STRIDE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::COLUMNS;
    use crate::format::parse_game;
    use proptest::prelude::*;

    fn position(rows: &str, next: u8) -> Position {
        parse_game(&format!("{rows}{next}\n"), "t").unwrap()
    }

    const EMPTY: &str = "0000000\n0000000\n0000000\n0000000\n0000000\n0000000\n";

    #[test]
    fn each_violation_is_named() {
        let before = position(EMPTY, 1);
        let one = |rows: &str, next| check_move(&before, &position(rows, next));
        let base = "0000000\n0000000\n0000000\n0000000\n0000000\n";
        assert_eq!(one(&format!("{base}0001000\n"), 2), Ok(3));
        assert_eq!(one(EMPTY, 2), Err(Violation::NoPieceAdded));
        assert_eq!(
            one(&format!("{base}1001000\n"), 2),
            Err(Violation::SeveralPieces { count: 2 })
        );
        assert_eq!(
            one(&format!("{base}0002000\n"), 2),
            Err(Violation::WrongColour {
                column: 4,
                expected: 1,
                found: 2
            })
        );
        assert_eq!(
            one(&format!("{base}0001000\n"), 1),
            Err(Violation::WrongNextPlayer {
                expected: 2,
                found: 1
            })
        );
        let before = position(&format!("{base}0001000\n"), 2);
        let after = position(&format!("{base}0002000\n"), 1);
        assert_eq!(
            check_move(&before, &after),
            Err(Violation::Tampered { column: 4 })
        );
        let after = position(&format!("{base}0000200\n"), 1);
        assert_eq!(
            check_move(&before, &after),
            Err(Violation::Tampered { column: 4 })
        );
    }

    #[test]
    fn read_move_says_what_is_wrong_with_the_file() {
        let dir = std::env::temp_dir().join(format!("connect4-referee-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        let before = Position::start();
        let missing = read_move(&before, &path).unwrap_err();
        assert_eq!(
            missing.to_string(),
            format!("wrote no output file ({})", path.display())
        );
        std::fs::write(&path, "column 4 please\n").unwrap();
        let garbage = read_move(&before, &path).unwrap_err().to_string();
        assert!(
            garbage.starts_with("wrote an unreadable game file: ")
                && garbage.contains(":1: a board row needs 7 cells"),
            "{garbage}"
        );
        std::fs::write(&path, crate::format::game_file(&before)).unwrap();
        assert_eq!(
            read_move(&before, &path).unwrap_err().to_string(),
            format!("illegal move in {}: no piece was added", path.display())
        );
        let after = before.play_column(6).unwrap();
        std::fs::write(&path, crate::format::game_file(&after)).unwrap();
        assert_eq!(read_move(&before, &path).unwrap(), after);
        // A folder is there but unreadable as a file: not "missing".
        let folder = read_move(&before, &dir).unwrap_err();
        assert!(matches!(folder, OutputFault::Unreadable(_)), "{folder:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_full_board_has_no_move() {
        let full = "1212121\n1212121\n2121212\n2121212\n1212121\n1212121\n";
        let p = position(full, 1);
        assert_eq!(check_move(&p, &p), Err(Violation::BoardFull));
    }

    /// A random position reached by legal play.
    fn played() -> impl Strategy<Value = Position> {
        proptest::collection::vec(0usize..COLUMNS, 0..41).prop_map(|columns| {
            columns
                .into_iter()
                .fold(Position::start(), |p, c| p.play_column(c).unwrap_or(p))
        })
    }

    proptest! {
        #[test]
        fn every_legal_move_is_accepted_and_nothing_else(p in played(), c in 0usize..COLUMNS, d in 0usize..COLUMNS) {
            match p.play_column(c) {
                Some(after) => {
                    prop_assert_eq!(check_move(&p, &after), Ok(c));
                    // Two moves by the same player, or a move and a pass, are refused.
                    if let Some(twice) = after.play_column(d) {
                        let twice = Position::new(*twice.board(), after.next());
                        prop_assert!(check_move(&p, &twice).is_err());
                    }
                    let wrong_next = Position::new(*after.board(), p.next());
                    prop_assert!(check_move(&p, &wrong_next).is_err());
                }
                None => prop_assert!(!p.board().can_play(c)),
            }
        }
    }
}
