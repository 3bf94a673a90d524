//! A Kalah position as a small text file, for `kalah solve --position FILE`.
//!
//! ```text
//! # Kalah(6,4) after the first player sowed house 0 (comments run from `#` to the line's end)
//! to-move second
//! first  0 5 5 5 5 4      # the first player's houses, house 0 first (sowing order)
//! second 4 4 4 4 4 4      # the second player's houses, house 0 first
//! stores 1 0              # the first player's store, then the second's
//! ```
//!
//! Four keyword lines, each exactly once and in any order; blank lines and comments are
//! ignored, and a UTF-8 byte-order mark and `\r\n` line ends are accepted. Both rows have the
//! same number of houses, from 1 to [`MAX_POTS`]; every count is a whole number and the board
//! holds at most [`MAX_STONES`] seeds. The first player is the one who moved first (Max; the
//! computer in the interactive game, whose houses are the upper row there). A problem is
//! reported as `FILE:LINE: message` ([`Located`]).
//!
//! ```
//! use kalah::{Player, Setup};
//! let text = "to-move second\nfirst 0 5 5 5 5 4\nsecond 4 4 4 4 4 4\nstores 0 0\n";
//! let setup = Setup::parse(text, "after0.txt").unwrap();
//! assert_eq!((setup.to_move, setup.pots()), (Player::Min, 6));
//! assert_eq!(setup.houses(Player::Max), [0, 5, 5, 5, 5, 4]);
//! assert_eq!(Setup::parse(&setup.format(), "again").unwrap(), setup);
//! // The board: the same as sowing house 0 from the start.
//! let start = kalah::Board::new(kalah::Rules::default(), Player::Max);
//! let board = setup.board(kalah::Rules::default()).unwrap();
//! assert_eq!(board.pits(), start.play_pot(0).pits());
//! assert_eq!(board.to_move(), Player::Min);
//! let error = Setup::parse("to-move first\nfirst 1 2\nsecond 3\nstores 0 0\n", "p.txt").unwrap_err();
//! assert_eq!(error.to_string(), "p.txt:3: the second player has 1 houses, the first 2");
//! ```

use crate::board::Board;
use crate::error::Error;
use crate::rules::{MAX_POTS, MAX_STONES, Rules};
use search_core::games::Player;
use std::fmt::{self, Write as _};
use text_input::{Located, numbered_lines, shorten};

/// The longest piece of a bad line quoted in a message.
const QUOTE: usize = 20;

/// The keyword lines of a position file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// `to-move first|second`.
    ToMove,
    /// `first H0 H1 ...`: the first player's houses.
    First,
    /// `second H0 H1 ...`: the second player's houses.
    Second,
    /// `stores F S`: the first player's store, then the second's.
    Stores,
}

impl Key {
    const ALL: [Key; 4] = [Key::ToMove, Key::First, Key::Second, Key::Stores];

    /// The keyword as written.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Key::ToMove => "to-move",
            Key::First => "first",
            Key::Second => "second",
            Key::Stores => "stores",
        }
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What is wrong with a line of a position file (located by [`Located`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The line starts with something other than a keyword.
    #[error("`{0}` is not one of to-move, first, second, stores")]
    Keyword(String),
    /// A keyword given a second time.
    #[error("a second `{key}` line (the first is line {first})")]
    Repeated {
        /// The keyword.
        key: Key,
        /// The line of its first occurrence.
        first: usize,
    },
    /// The file ends without one of the keyword lines.
    #[error("the file has no `{0}` line")]
    Missing(Key),
    /// `to-move` names neither player.
    #[error("to-move `{0}`: expected `first` or `second`")]
    Side(String),
    /// A count that is not a whole number from 0 to 255.
    #[error("`{0}` is not a number of seeds (0 to 255)")]
    Count(String),
    /// A line holds the wrong number of values.
    #[error("`{key}` takes {expected}, found {found}")]
    Arity {
        /// The keyword.
        key: Key,
        /// What it takes, in words.
        expected: &'static str,
        /// The values found.
        found: usize,
    },
    /// A row of houses longer than the board allows.
    #[error("{found} houses a side, at most {max}", max = MAX_POTS)]
    TooManyHouses {
        /// The houses found.
        found: usize,
    },
    /// The two rows differ in length.
    #[error("the second player has {second} houses, the first {first}")]
    Rows {
        /// The first player's houses.
        first: usize,
        /// The second player's houses.
        second: usize,
    },
    /// The board holds more seeds than a pit can count.
    #[error("{total} seeds on the board, at most {max}", max = MAX_STONES)]
    Total {
        /// The seeds in houses and stores.
        total: u32,
    },
}

/// A Kalah position as read from a position file: the side to move (the first player is
/// [`Player::Max`]), both rows of houses (house 0 first, in sowing order) and both stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub to_move: Player,
    pots: u8,
    /// The first player's houses then the second's, `MAX_POTS` each (past `pots`: 0).
    rows: [[u8; MAX_POTS as usize]; 2],
    /// The first player's store, then the second's.
    pub stores: [u8; 2],
}

/// What has been read so far, with the line of each keyword.
#[derive(Debug, Default)]
struct Reading {
    to_move: Option<(Player, usize)>,
    first: Option<(Vec<u8>, usize)>,
    second: Option<(Vec<u8>, usize)>,
    stores: Option<([u8; 2], usize)>,
}

impl Reading {
    /// The line of `key` when it has been read.
    fn line_of(&self, key: Key) -> Option<usize> {
        match key {
            Key::ToMove => self.to_move.map(|(_, line)| line),
            Key::First => self.first.as_ref().map(|(_, line)| line).copied(),
            Key::Second => self.second.as_ref().map(|(_, line)| line).copied(),
            Key::Stores => self.stores.map(|(_, line)| line),
        }
    }

    /// Reads the values of one keyword line.
    fn take(&mut self, key: Key, values: &[&str], line: usize) -> Result<(), PositionError> {
        if let Some(first) = self.line_of(key) {
            return Err(PositionError::Repeated { key, first });
        }
        match key {
            Key::ToMove => {
                let [side] = values else {
                    return Err(arity(key, "one player", values.len()));
                };
                let player = match *side {
                    "first" => Player::Max,
                    "second" => Player::Min,
                    other => return Err(PositionError::Side(shorten(other, QUOTE))),
                };
                self.to_move = Some((player, line));
            }
            Key::First | Key::Second => {
                if values.is_empty() {
                    return Err(arity(key, "1 to 8 houses", 0));
                }
                if values.len() > usize::from(MAX_POTS) {
                    return Err(PositionError::TooManyHouses {
                        found: values.len(),
                    });
                }
                let row = values.iter().map(|v| count(v)).collect::<Result<_, _>>()?;
                let slot = if key == Key::First {
                    &mut self.first
                } else {
                    &mut self.second
                };
                *slot = Some((row, line));
            }
            Key::Stores => {
                let [first, second] = values else {
                    return Err(arity(key, "two stores", values.len()));
                };
                self.stores = Some(([count(first)?, count(second)?], line));
            }
        }
        Ok(())
    }
}

fn arity(key: Key, expected: &'static str, found: usize) -> PositionError {
    PositionError::Arity {
        key,
        expected,
        found,
    }
}

/// A seed count: a whole number from 0 to 255.
fn count(text: &str) -> Result<u8, PositionError> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::Count(shorten(text, QUOTE)));
    }
    text.parse()
        .map_err(|_| PositionError::Count(shorten(text, QUOTE)))
}

impl Setup {
    /// Reads a position file's text (`file` names it in messages).
    ///
    /// # Errors
    /// The first problem, at its line: see [`PositionError`]. A missing keyword line is
    /// reported at the file's last line; rows of different lengths and too many seeds at the
    /// line read last of those involved.
    pub fn parse(text: &str, file: &str) -> Result<Self, Located<PositionError>> {
        let mut reading = Reading::default();
        let mut last = 1;
        for (number, line) in numbered_lines(text) {
            last = number;
            let content = line.split('#').next().unwrap_or_default();
            let mut words = content.split_whitespace();
            let Some(word) = words.next() else { continue };
            let Some(key) = Key::ALL.into_iter().find(|k| k.word() == word) else {
                let error = PositionError::Keyword(shorten(word, QUOTE));
                return Err(Located::new(file, number, error));
            };
            let values: Vec<&str> = words.collect();
            reading
                .take(key, &values, number)
                .map_err(|e| Located::new(file, number, e))?;
        }
        Self::complete(reading, last).map_err(|(line, e)| Located::new(file, line, e))
    }

    /// The position from a complete reading; the line and problem otherwise.
    fn complete(reading: Reading, last: usize) -> Result<Self, (usize, PositionError)> {
        let missing = |key| (last, PositionError::Missing(key));
        let (to_move, _) = reading.to_move.ok_or(missing(Key::ToMove))?;
        let (first, first_line) = reading.first.ok_or(missing(Key::First))?;
        let (second, second_line) = reading.second.ok_or(missing(Key::Second))?;
        let (stores, stores_line) = reading.stores.ok_or(missing(Key::Stores))?;
        if first.len() != second.len() {
            let error = PositionError::Rows {
                first: first.len(),
                second: second.len(),
            };
            return Err((first_line.max(second_line), error));
        }
        let total: u32 = first
            .iter()
            .chain(&second)
            .chain(&stores)
            .map(|&s| u32::from(s))
            .sum();
        if total > MAX_STONES {
            let line = first_line.max(second_line).max(stores_line);
            return Err((line, PositionError::Total { total }));
        }
        let mut rows = [[0; MAX_POTS as usize]; 2];
        rows[0][..first.len()].copy_from_slice(&first);
        rows[1][..second.len()].copy_from_slice(&second);
        Ok(Self {
            to_move,
            pots: first.len() as u8,
            rows,
            stores,
        })
    }

    /// Houses per side.
    #[must_use]
    pub fn pots(&self) -> usize {
        usize::from(self.pots)
    }

    /// `side`'s houses, house 0 first (the first player is [`Player::Max`]).
    #[must_use]
    pub fn houses(&self, side: Player) -> &[u8] {
        let row = usize::from(side == Player::Min);
        &self.rows[row][..self.pots()]
    }

    /// `side`'s store.
    #[must_use]
    pub fn store(&self, side: Player) -> u8 {
        self.stores[usize::from(side == Player::Min)]
    }

    /// The seeds on the board, houses and stores.
    #[must_use]
    pub fn seeds(&self) -> u32 {
        self.rows
            .iter()
            .flatten()
            .chain(&self.stores)
            .map(|&s| u32::from(s))
            .sum()
    }

    /// The position as a board of `rules`' capture and end rules (its board size is this
    /// position's; its stones per pot at the start do not matter). When a side is already
    /// empty by the end rule the game is over and the stones are collected.
    ///
    /// # Errors
    /// [`Error::Pots`] cannot happen for a parsed position; the error is `Rules::new`'s.
    pub fn board(&self, rules: Rules) -> Result<Board, Error> {
        let sized = Rules::new(u32::from(self.pots), 1)?
            .with_capture(rules.capture)
            .with_end(rules.end);
        Board::from_parts(
            sized,
            self.houses(Player::Max),
            self.store(Player::Max),
            self.houses(Player::Min),
            self.store(Player::Min),
            self.to_move,
        )
    }

    /// The position file's text: the four keyword lines in the documented order (parses back
    /// to this position).
    #[must_use]
    pub fn format(&self) -> String {
        let side = match self.to_move {
            Player::Max => "first",
            Player::Min => "second",
        };
        let mut text = format!("to-move {side}\n");
        for (key, player) in [(Key::First, Player::Max), (Key::Second, Player::Min)] {
            text.push_str(key.word());
            for seeds in self.houses(player) {
                let _ = write!(text, " {seeds}");
            }
            text.push('\n');
        }
        let _ = writeln!(text, "stores {} {}", self.stores[0], self.stores[1]);
        text
    }
}

/// The value of `board` for the first player ([`Player::Max`]) given `houses`, the exact
/// value of its houses for the side to move (what [`ExactSolver`](crate::ExactSolver) returns
/// for [`Position::from_board`](crate::Position::from_board)): the stores' lead plus the houses'
/// margin seen from the first player.
///
/// ```
/// use kalah::{Board, Player, Rules, position_text::first_player_value};
/// let board = Board::from_parts(Rules::default(), &[0; 6], 30, &[1, 0, 0, 0, 0, 0], 17, Player::Min).unwrap();
/// // The game is over (the first player's houses are empty): the second player collects 1.
/// assert_eq!(first_player_value(&board, 0), 12);
/// ```
#[must_use]
pub fn first_player_value(board: &Board, houses: i32) -> i32 {
    let sign = if board.to_move() == Player::Max {
        1
    } else {
        -1
    };
    board.kalah_difference() + sign * houses
}

/// The exact value of `board`'s houses for its side to move when the first player's value
/// (stores included) is `value`: the inverse of [`first_player_value`] (what
/// [`ExactSolver::solve`](crate::ExactSolver::solve) takes as its guess).
///
/// ```
/// use kalah::{Board, Player, Rules, position_text::{first_player_value, houses_value}};
/// let board = Board::from_parts(Rules::default(), &[2; 6], 10, &[3; 6], 7, Player::Min).unwrap();
/// assert_eq!(houses_value(&board, first_player_value(&board, 5)), 5);
/// assert_eq!(first_player_value(&board, houses_value(&board, -4)), -4);
/// ```
#[must_use]
pub fn houses_value(board: &Board, value: i32) -> i32 {
    let sign = if board.to_move() == Player::Max {
        1
    } else {
        -1
    };
    sign * (value - board.kalah_difference())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn error(text: &str) -> String {
        Setup::parse(text, "p").unwrap_err().to_string()
    }

    #[test]
    fn comments_blank_lines_bom_crlf_and_any_order_are_accepted() {
        let text = "\u{feff}# a position\r\n\r\nstores 0 2\r\nsecond 0 1 # mine\r\n  to-move   first\r\nfirst 3 0\r\n";
        let setup = Setup::parse(text, "p").unwrap();
        assert_eq!(setup.pots(), 2);
        assert_eq!(setup.houses(Player::Max), [3, 0]);
        assert_eq!(setup.houses(Player::Min), [0, 1]);
        assert_eq!((setup.store(Player::Max), setup.store(Player::Min)), (0, 2));
        assert_eq!(setup.seeds(), 6);
        assert_eq!(
            setup.format(),
            "to-move first\nfirst 3 0\nsecond 0 1\nstores 0 2\n"
        );
    }

    #[test]
    fn every_problem_is_named_at_its_line() {
        let ok = ["to-move first", "first 1 2", "second 3 4", "stores 0 0"];
        let with = |i: usize, line: &str| {
            let mut lines = ok.map(str::to_owned);
            lines[i] = line.to_owned();
            lines.join("\n")
        };
        assert_eq!(
            error(&with(0, "to-move me")),
            "p:1: to-move `me`: expected `first` or `second`"
        );
        assert_eq!(
            error(&with(0, "turn first")),
            "p:1: `turn` is not one of to-move, first, second, stores"
        );
        assert_eq!(
            error(&with(1, "first 1 x")),
            "p:2: `x` is not a number of seeds (0 to 255)"
        );
        assert_eq!(
            error(&with(1, "first 1 256")),
            "p:2: `256` is not a number of seeds (0 to 255)"
        );
        assert_eq!(
            error(&with(1, "first 1 +2")),
            "p:2: `+2` is not a number of seeds (0 to 255)"
        );
        assert_eq!(
            error(&with(1, "first 1 1 1 1 1 1 1 1 1")),
            "p:2: 9 houses a side, at most 8"
        );
        assert_eq!(
            error(&with(1, "first")),
            "p:2: `first` takes 1 to 8 houses, found 0"
        );
        assert_eq!(
            error(&with(3, "stores 1")),
            "p:4: `stores` takes two stores, found 1"
        );
        assert_eq!(
            error(&with(3, "first 1 2")),
            "p:4: a second `first` line (the first is line 2)"
        );
        assert_eq!(error(&with(3, "")), "p:3: the file has no `stores` line");
        assert_eq!(
            error(&with(2, "second 3 4 5")),
            "p:3: the second player has 3 houses, the first 2"
        );
        assert_eq!(
            error(&with(3, "stores 200 50")),
            "p:4: 260 seeds on the board, at most 255"
        );
        assert_eq!(error(""), "p:1: the file has no `to-move` line");
    }

    /// A board may hold exactly `MAX_STONES` seeds, houses and stores together; one more is
    /// too many.
    #[test]
    fn the_seed_limit_is_inclusive() {
        let text =
            |store: u32| format!("to-move first\nfirst 100 50\nsecond 0 5\nstores {store} 0\n");
        let full = Setup::parse(&text(100), "p").unwrap();
        assert_eq!(full.seeds(), MAX_STONES);
        assert_eq!(
            Setup::parse(&text(101), "p").unwrap_err().to_string(),
            "p:4: 256 seeds on the board, at most 255"
        );
    }

    #[test]
    fn a_board_is_the_positions_pits() {
        let setup = Setup::parse(
            "to-move second\nfirst 0 0 2\nsecond 1 0 1\nstores 4 3\n",
            "p",
        )
        .unwrap();
        let board = setup.board(Rules::default()).unwrap();
        assert_eq!(board.pots(), 3);
        assert_eq!(board.to_move(), Player::Min);
        assert_eq!(board.pot(Player::Max, 2), 2);
        assert_eq!(board.pot(Player::Min, 0), 1);
        assert_eq!((board.kalah(Player::Max), board.kalah(Player::Min)), (4, 3));
        assert!(!board.is_over());
        // A side already empty: the game is over and the houses are collected.
        let over = Setup::parse("to-move first\nfirst 0 0\nsecond 1 2\nstores 0 0\n", "p")
            .unwrap()
            .board(Rules::default())
            .unwrap();
        assert!(over.is_over());
        assert_eq!(over.kalah(Player::Min), 3);
    }

    fn setups() -> impl Strategy<Value = Setup> {
        (1..=8usize, any::<bool>())
            .prop_flat_map(|(pots, first)| {
                (
                    Just(pots),
                    Just(first),
                    prop::collection::vec(0u8..=15, 2 * pots + 2),
                )
            })
            .prop_map(|(pots, first, seeds)| {
                let mut rows = [[0; 8]; 2];
                rows[0][..pots].copy_from_slice(&seeds[..pots]);
                rows[1][..pots].copy_from_slice(&seeds[pots..2 * pots]);
                Setup {
                    to_move: if first { Player::Max } else { Player::Min },
                    pots: pots as u8,
                    rows,
                    stores: [seeds[2 * pots], seeds[2 * pots + 1]],
                }
            })
    }

    /// Small positions: up to 4 houses a side of up to 3 seeds, stores up to 9.
    fn small_setups() -> impl Strategy<Value = Setup> {
        (1..=4usize, any::<bool>())
            .prop_flat_map(|(pots, first)| {
                (
                    Just(pots),
                    Just(first),
                    prop::collection::vec(0u8..=3, 2 * pots),
                    (0u8..10, 0u8..10),
                )
            })
            .prop_map(|(pots, first, seeds, (a, b))| {
                let mut rows = [[0; 8]; 2];
                rows[0][..pots].copy_from_slice(&seeds[..pots]);
                rows[1][..pots].copy_from_slice(&seeds[pots..]);
                Setup {
                    to_move: if first { Player::Max } else { Player::Min },
                    pots: pots as u8,
                    rows,
                    stores: [a, b],
                }
            })
    }

    proptest! {
        /// The exact solver's value of a read position, seen from the first player, is the
        /// chain model's exact value (search-core's engine, stores included).
        #[test]
        fn the_solver_values_any_position_like_the_engine(setup in small_setups()) {
            use search_core::games::Engine;
            let board = setup.board(Rules::default()).unwrap();
            let mut solver = crate::ExactSolver::new(board.rules(), 12, None);
            let exact = solver
                .solve(&crate::Position::from_board(&board), 0, &mut |_| {})
                .unwrap();
            let engine = Engine::new(14).solve(&board).value;
            prop_assert_eq!(first_player_value(&board, exact.value), engine);
            // And back: the engine's value is the solver's guess that is right at once.
            prop_assert_eq!(houses_value(&board, engine), exact.value);
            prop_assert_eq!(solver.solve_board(&board).unwrap().0, engine);
        }

        #[test]
        fn format_round_trips(setup in setups()) {
            prop_assert_eq!(Setup::parse(&setup.format(), "p").unwrap(), setup);
        }

        #[test]
        fn a_start_position_is_the_start_board(pots in 1..=8u32, stones in 1..=10u32) {
            let rules = Rules::new(pots, stones).unwrap();
            let row = vec![stones.to_string(); pots as usize].join(" ");
            let text = format!("to-move first\nfirst {row}\nsecond {row}\nstores 0 0\n");
            let board = Setup::parse(&text, "p").unwrap().board(rules).unwrap();
            let start = Board::new(rules, Player::Max);
            prop_assert_eq!(board.pits(), start.pits());
        }
    }
}
