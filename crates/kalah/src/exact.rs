//! The solver's view of a position: the houses only, seen from the side to move.
//!
//! The stores never influence play, so the exact value of a position is the mover's store lead
//! plus the value of its houses: the margin the side to move gets from the seeds still in the
//! houses, with perfect play. [`Position`] holds the houses, the mover's first (in sowing
//! order), then the opponent's; [`Position::play`] sows one house (a free turn is a single
//! move whose child has the same side to move).

use crate::board::Board;
use crate::rules::{CaptureRule, EndRule, Rules};
use search_core::games::Player;

/// The most houses a position holds (two rows of [`MAX_POTS`](crate::MAX_POTS)).
pub const HOUSES: usize = 16;

/// The houses of a position from the side to move's view: its houses `0..P` in sowing order
/// (house `P - 1` next to its store), then the opponent's `P..2P`. Houses past `2P` are 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    houses: [u8; HOUSES],
}

/// One sowing seen from the mover: the next position (from the next mover's view), what the
/// mover banked and whether it moves again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The position after the move, from the view of the side to move next.
    pub next: Position,
    /// Seeds the move put into the mover's store (sown and captured).
    pub gain: u8,
    /// The mover moves again (its last seed landed in its store).
    pub again: bool,
}

impl Position {
    /// The houses of `board` from its side to move's view (the stores are dropped).
    pub fn from_board(board: &Board) -> Self {
        let p = board.pots();
        let mover = board.to_move();
        let mut houses = [0; HOUSES];
        for i in 0..p {
            houses[i] = board.pot(mover, i);
            houses[p + i] = board.pot(mover.opponent(), i);
        }
        Self { houses }
    }

    /// A position from raw houses: the mover's row then the opponent's, each in sowing order.
    ///
    /// # Panics
    /// When the rows differ in length or are longer than [`MAX_POTS`](crate::MAX_POTS).
    pub fn from_rows(mover: &[u8], opponent: &[u8]) -> Self {
        assert!(mover.len() == opponent.len() && 2 * mover.len() <= HOUSES);
        let p = mover.len();
        let mut houses = [0; HOUSES];
        houses[..p].copy_from_slice(mover);
        houses[p..2 * p].copy_from_slice(opponent);
        Self { houses }
    }

    /// A position from its raw houses.
    pub(crate) fn from_houses(houses: [u8; HOUSES]) -> Self {
        Self { houses }
    }

    /// The houses (the mover's `0..P`, the opponent's `P..2P`).
    pub fn houses(&self) -> &[u8; HOUSES] {
        &self.houses
    }

    /// The position as a 128-bit key (equal exactly when the houses are equal).
    pub fn key(&self) -> u128 {
        u128::from_le_bytes(self.houses)
    }

    /// The seeds in the houses.
    pub fn seeds(&self) -> u32 {
        self.houses.iter().map(|&h| u32::from(h)).sum()
    }

    /// The seeds in houses `from..from + p`.
    fn row(&self, from: usize, p: usize) -> u32 {
        self.houses[from..from + p]
            .iter()
            .map(|&h| u32::from(h))
            .sum()
    }

    /// The exact value (the mover's margin from the houses) when the game is over by
    /// `end`, `None` while it goes on. Over: each side keeps the seeds of its row.
    pub fn terminal_value(&self, p: usize, end: EndRule) -> Option<i32> {
        let own = self.row(0, p);
        match end {
            EndRule::EitherSideEmpty => {
                let theirs = self.row(p, p);
                (own == 0 || theirs == 0).then(|| own as i32 - theirs as i32)
            }
            EndRule::MoverSideEmpty => (own == 0).then(|| -(self.row(p, p) as i32)),
        }
    }

    /// The mover sows its house `house` (which must hold seeds) under `rules`.
    pub fn play(&self, house: usize, rules: Rules) -> Step {
        let p = usize::from(rules.pots());
        let cycle = 2 * p + 1;
        let mut h = self.houses;
        let seeds = usize::from(h[house]);
        debug_assert!(seeds > 0 && house < p);
        h[house] = 0;
        // Cycle positions: 0..P the mover's houses, P its store, P+1..=2P the opponent's.
        let laps = seeds / cycle;
        let rest = seeds % cycle;
        let mut gain = 0usize;
        if laps > 0 {
            let add = u8::try_from(laps).unwrap_or(u8::MAX);
            h[..2 * p].iter_mut().for_each(|x| *x += add);
            gain += laps;
        }
        let mut at = house;
        for _ in 0..rest {
            at += 1;
            if at == cycle {
                at = 0;
            }
            match at.cmp(&p) {
                std::cmp::Ordering::Less => h[at] += 1,
                std::cmp::Ordering::Equal => gain += 1,
                std::cmp::Ordering::Greater => h[at - 1] += 1,
            }
        }
        let again = at == p;
        if at < p && h[at] == 1 {
            let opposite = 2 * p - 1 - at;
            let capture = match rules.capture {
                CaptureRule::Always => true,
                CaptureRule::OppositeNonEmpty => h[opposite] > 0,
                CaptureRule::Never => false,
            };
            if capture {
                gain += 1 + usize::from(h[opposite]);
                h[at] = 0;
                h[opposite] = 0;
            }
        }
        let next = if again {
            Self { houses: h }
        } else {
            let mut swapped = [0; HOUSES];
            swapped[..p].copy_from_slice(&h[p..2 * p]);
            swapped[p..2 * p].copy_from_slice(&h[..p]);
            Self { houses: swapped }
        };
        Step {
            next,
            gain: u8::try_from(gain).unwrap_or(u8::MAX),
            again,
        }
    }
}

/// The mover of a [`Board`] as a sign: +1 for Max, -1 for Min.
pub fn sign(player: Player) -> i32 {
    match player {
        Player::Max => 1,
        Player::Min => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move of `board` in the solver's view agrees with [`Board::sow`]: the free turn,
    /// the seeds banked, the next position and the end of the game.
    fn agrees_with_the_board(board: &Board) {
        let rules = board.rules();
        let p = board.pots();
        let pos = Position::from_board(board);
        for pot in board.legal_pots() {
            let (after, sowing) = board.sow(pot);
            let step = pos.play(pot, rules);
            let mover = board.to_move();
            assert_eq!(step.again, sowing.last_in_own_kalah, "{board:?} {pot}");
            let lead = |b: &Board| b.kalah_difference() * sign(mover);
            let end = step.next.terminal_value(p, rules.end);
            assert_eq!(end.is_some(), after.is_over(), "{board:?} {pot}");
            if let Some(end) = end {
                let end = if step.again { end } else { -end };
                assert_eq!(
                    lead(&after),
                    lead(board) + i32::from(step.gain) + end,
                    "{board:?} {pot}"
                );
            } else {
                assert_eq!(
                    lead(&after),
                    lead(board) + i32::from(step.gain),
                    "{board:?} {pot}"
                );
                assert_eq!(step.next, Position::from_board(&after), "{board:?} {pot}");
            }
        }
    }

    /// Every move of the solver's view agrees with [`Board::sow`] on a few positions.
    #[test]
    fn play_agrees_with_the_board() {
        let rules = Rules::default().with_capture(CaptureRule::OppositeNonEmpty);
        let boards = [
            Board::new(rules, Player::Max),
            Board::from_parts(
                rules,
                &[4, 0, 5, 14, 0, 1],
                3,
                &[0, 1, 7, 0, 2, 6],
                2,
                Player::Min,
            )
            .unwrap(),
        ];
        for board in boards {
            agrees_with_the_board(&board);
        }
    }

    /// The same on every board size and rule set, from positions of short playouts and with a
    /// house holding one to three laps of seeds (the lap shortcut of [`Position::play`]).
    #[test]
    fn play_agrees_with_the_board_on_every_variant() {
        let captures = [
            CaptureRule::Always,
            CaptureRule::OppositeNonEmpty,
            CaptureRule::Never,
        ];
        for pots in 1..=8u8 {
            let p = usize::from(pots);
            let cycle = 2 * p + 1;
            for (k, capture) in captures.into_iter().enumerate() {
                for end in [EndRule::EitherSideEmpty, EndRule::MoverSideEmpty] {
                    let rules = Rules::new(u32::from(pots), 3)
                        .unwrap()
                        .with_capture(capture)
                        .with_end(end);
                    // A playout: always the first legal pot after a rotating offset.
                    let mut board = Board::new(rules, Player::Max);
                    for ply in 0..40 {
                        if board.is_over() {
                            break;
                        }
                        agrees_with_the_board(&board);
                        let legal: Vec<usize> = board.legal_pots().collect();
                        board = board.play_pot(legal[(ply * 7 + k) % legal.len()]);
                    }
                    for big in [cycle - 1, cycle, cycle + 1, 2 * cycle + 2, 3 * cycle + p] {
                        for house in 0..p {
                            let row = |salt: usize| -> Vec<u8> {
                                (0..p).map(|i| u8::from((i + salt + k) % 3 == 0)).collect()
                            };
                            let mut mine = row(house);
                            mine[house] = u8::try_from(big).unwrap();
                            let theirs = row(house + 1);
                            let max = Board::from_parts(rules, &mine, 1, &theirs, 4, Player::Max);
                            let min = Board::from_parts(rules, &theirs, 2, &mine, 0, Player::Min);
                            agrees_with_the_board(&max.unwrap());
                            agrees_with_the_board(&min.unwrap());
                        }
                    }
                }
            }
        }
    }
}
