//! The board: pots and kalahs, sowing, captures, free turns and the end of the game.
//!
//! Pits are stored in sowing order: Min's pots 0..P (the lower row, left to right), Min's kalah
//! (right end), Max's pots 0..P (the upper row, right to left), Max's kalah (left end). Sowing
//! runs up this order and wraps around, skipping the opponent's kalah. The pot opposite Min's
//! pot `i` is Max's pot `P - 1 - i`.

use crate::error::{Error, PartsError};
use crate::rules::{CaptureRule, EndRule, MAX_POTS, MAX_STONES, Rules};
use search_core::{games::Player, games::Value};

/// Room for the largest board: two rows of [`MAX_POTS`] and two kalahs.
pub const PITS: usize = 2 * MAX_POTS as usize + 2;

/// A Kalah position: the stones in every pit, the side to move and whether the game is over.
/// Max owns the upper row (the computer in the interactive game), Min the lower row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pits: [u8; PITS],
    rules: Rules,
    to_move: Player,
    over: bool,
}

/// What one sowing did, besides the new board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sowing {
    /// The last stone landed in the mover's own kalah.
    pub last_in_own_kalah: bool,
    /// Stones moved to the mover's kalah by a capture (the capturing stone included); 0 when
    /// there was no capture.
    pub captured: u8,
    /// The mover moves again: the last stone landed in its kalah and the game goes on.
    pub free_turn: bool,
}

impl Board {
    /// The starting position of `rules`, with `first` to move.
    pub fn new(rules: Rules, first: Player) -> Self {
        let p = usize::from(rules.pots());
        let mut pits = [0; PITS];
        for (i, pit) in pits.iter_mut().enumerate().take(2 * p + 2) {
            if i != p && i != 2 * p + 1 {
                *pit = rules.stones();
            }
        }
        Self {
            pits,
            rules,
            to_move: first,
            over: false,
        }
    }

    /// A position given pit by pit: each row's pots from pot 0 on, and the kalahs. When a side
    /// is already empty (by the end rule) the game is over and the stones are collected.
    ///
    /// # Errors
    /// [`Error::Position`] when a row does not have `rules.pots()` pots or the board holds
    /// more than 255 stones.
    pub fn from_parts(
        rules: Rules,
        max_pots: &[u8],
        max_kalah: u8,
        min_pots: &[u8],
        min_kalah: u8,
        to_move: Player,
    ) -> Result<Self, Error> {
        let p = usize::from(rules.pots());
        if max_pots.len() != p || min_pots.len() != p {
            return Err(Error::Position(PartsError::Rows {
                max: max_pots.len(),
                min: min_pots.len(),
                expected: p,
            }));
        }
        let total: u32 = max_pots
            .iter()
            .chain(min_pots)
            .chain([&max_kalah, &min_kalah])
            .map(|&s| u32::from(s))
            .sum();
        if total > MAX_STONES {
            return Err(Error::Position(PartsError::Stones { total }));
        }
        let mut board = Self {
            pits: [0; PITS],
            rules,
            to_move,
            over: false,
        };
        board.pits[..p].copy_from_slice(min_pots);
        board.pits[p] = min_kalah;
        board.pits[p + 1..=2 * p].copy_from_slice(max_pots);
        board.pits[2 * p + 1] = max_kalah;
        board.finish_if_ended();
        Ok(board)
    }

    /// The variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Pots per side.
    pub fn pots(&self) -> usize {
        usize::from(self.rules.pots())
    }

    /// The side to move (meaningless once the game is over).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Whether the game is over (the remaining stones are then in the kalahs).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The stones in `side`'s pot `pot` (0-based, from that side's left).
    ///
    /// # Panics
    /// When `pot` is not below [`pots`](Self::pots).
    pub fn pot(&self, side: Player, pot: usize) -> u8 {
        assert!(pot < self.pots(), "pot {pot} out of range");
        self.pits[self.pot_index(side, pot)]
    }

    /// The stones in `side`'s kalah.
    pub fn kalah(&self, side: Player) -> u8 {
        self.pits[self.kalah_index(side)]
    }

    /// The stones in `side`'s pots.
    pub fn row_stones(&self, side: Player) -> u32 {
        let start = self.pot_index(side, 0);
        self.pits[start..start + self.pots()]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    /// All stones on the board, kalahs included (constant during a game).
    pub fn total_stones(&self) -> u32 {
        self.pits.iter().map(|&s| u32::from(s)).sum()
    }

    /// Max's kalah minus Min's kalah: the evaluation, and the exact result once the game is over.
    pub fn kalah_difference(&self) -> Value {
        Value::from(self.kalah(Player::Max)) - Value::from(self.kalah(Player::Min))
    }

    /// Whether the side to move may sow `pot`: the game is on and the pot holds stones.
    pub fn is_legal(&self, pot: usize) -> bool {
        !self.over && pot < self.pots() && self.pits[self.pot_index(self.to_move, pot)] > 0
    }

    /// The pots the side to move may sow, in increasing order.
    pub fn legal_pots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.pots()).filter(|&pot| self.is_legal(pot))
    }

    /// The position after the side to move sows `pot`, which must be legal.
    #[must_use]
    pub fn play_pot(&self, pot: usize) -> Self {
        self.sow(pot).0
    }

    /// Sows `pot` (which must be legal) for the side to move: the new position and what
    /// happened. The next side to move is the mover again after a free turn, else the opponent.
    ///
    /// # Panics
    /// When the move is not legal.
    #[must_use]
    pub fn sow(&self, pot: usize) -> (Self, Sowing) {
        assert!(self.is_legal(pot), "pot {pot} is not a legal move");
        let p = self.pots();
        let n = 2 * p + 2;
        let mover = self.to_move;
        let own_kalah = self.kalah_index(mover);
        let opponent_kalah = self.kalah_index(mover.opponent());
        let mut board = *self;
        let start = self.pot_index(mover, pot);
        let mut stones = usize::from(board.pits[start]);
        board.pits[start] = 0;
        // Whole laps first (every pit but the opponent's kalah gets one stone per lap); the
        // last stone is always sown one by one below.
        let cycle = n - 1;
        if stones > cycle {
            let laps = (stones - 1) / cycle;
            let add = u8::try_from(laps).unwrap_or(u8::MAX);
            for (i, pit) in board.pits[..n].iter_mut().enumerate() {
                if i != opponent_kalah {
                    *pit += add;
                }
            }
            stones -= laps * cycle;
        }
        let mut at = start;
        while stones > 0 {
            at += 1;
            if at == n {
                at = 0;
            }
            if at != opponent_kalah {
                board.pits[at] += 1;
                stones -= 1;
            }
        }
        let mut sowing = Sowing {
            last_in_own_kalah: at == own_kalah,
            ..Sowing::default()
        };
        if !sowing.last_in_own_kalah && self.is_own_pot(mover, at) && board.pits[at] == 1 {
            sowing.captured = board.capture(at, own_kalah);
        }
        board.to_move = if sowing.last_in_own_kalah {
            mover
        } else {
            mover.opponent()
        };
        board.finish_if_ended();
        sowing.free_turn = sowing.last_in_own_kalah && !board.over;
        (board, sowing)
    }

    /// After the last stone fell alone into the mover's pit `at`: takes it and the stones of
    /// the opposite pit into the mover's kalah (`own_kalah`) when the capture rule allows;
    /// returns the stones taken (0: no capture).
    #[inline]
    fn capture(&mut self, at: usize, own_kalah: usize) -> u8 {
        let opposite = 2 * self.pots() - at;
        let allowed = match self.rules.capture {
            CaptureRule::Always => true,
            CaptureRule::OppositeNonEmpty => self.pits[opposite] > 0,
            CaptureRule::Never => false,
        };
        if !allowed {
            return 0;
        }
        let taken = self.pits[at] + self.pits[opposite];
        self.pits[at] = 0;
        self.pits[opposite] = 0;
        self.pits[own_kalah] += taken;
        taken
    }

    /// Ends the game when the end rule says so, moving every row's stones to its owner's kalah.
    fn finish_if_ended(&mut self) {
        let ended = match self.rules.end {
            EndRule::EitherSideEmpty => self.row_empty(Player::Min) || self.row_empty(Player::Max),
            EndRule::MoverSideEmpty => self.row_empty(self.to_move),
        };
        if ended {
            let p = self.pots();
            for side in [Player::Min, Player::Max] {
                let start = self.pot_index(side, 0);
                let left: u8 = self.pits[start..start + p].iter().sum();
                self.pits[start..start + p].fill(0);
                self.pits[self.kalah_index(side)] += left;
            }
            self.over = true;
        }
    }

    /// Whether all of `side`'s pots are empty: one 8-byte load, masked to the row.
    fn row_empty(&self, side: Player) -> bool {
        let start = self.pot_index(side, 0);
        let mut word = [0u8; 8];
        // A row starts at most at pit MAX_POTS + 1, so 8 bytes from there fit in PITS.
        word.copy_from_slice(&self.pits[start..start + 8]);
        let mask = match self.pots() {
            8 => u64::MAX,
            p => (1u64 << (8 * p)) - 1,
        };
        u64::from_le_bytes(word) & mask == 0
    }

    /// The pits as a compact comparable key (equal exactly when the pits are equal).
    pub fn pits_key(&self) -> (u128, u16) {
        let mut low = [0u8; 16];
        low.copy_from_slice(&self.pits[..16]);
        (
            u128::from_le_bytes(low),
            u16::from_le_bytes([self.pits[16], self.pits[17]]),
        )
    }

    /// The raw pits in sowing order (see the module documentation); unused pits are 0.
    pub fn pits(&self) -> &[u8; PITS] {
        &self.pits
    }

    fn pot_index(&self, side: Player, pot: usize) -> usize {
        match side {
            Player::Min => pot,
            Player::Max => self.pots() + 1 + pot,
        }
    }

    fn kalah_index(&self, side: Player) -> usize {
        match side {
            Player::Min => self.pots(),
            Player::Max => 2 * self.pots() + 1,
        }
    }

    fn is_own_pot(&self, side: Player, index: usize) -> bool {
        let p = self.pots();
        match side {
            Player::Min => index < p,
            Player::Max => index > p && index <= 2 * p,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(board: &Board) -> (Vec<u8>, u8, u8, Vec<u8>) {
        let p = board.pots();
        (
            (0..p).map(|i| board.pot(Player::Max, i)).collect(),
            board.kalah(Player::Max),
            board.kalah(Player::Min),
            (0..p).map(|i| board.pot(Player::Min, i)).collect(),
        )
    }

    /// The assignment's transcript: computer 5; human 1 (free turn) then 0; computer 1.
    #[test]
    fn assignment_transcript() {
        let start = Board::new(Rules::default(), Player::Max);
        let (b, s) = start.sow(5);
        assert!(!s.free_turn);
        assert_eq!(
            rows(&b),
            (vec![4, 4, 4, 4, 4, 0], 1, 0, vec![5, 5, 5, 4, 4, 4])
        );
        assert_eq!(b.to_move(), Player::Min);
        let (b, s) = b.sow(1);
        assert!(s.free_turn && s.last_in_own_kalah);
        assert_eq!(b.to_move(), Player::Min);
        assert_eq!(
            rows(&b),
            (vec![4, 4, 4, 4, 4, 0], 1, 1, vec![5, 0, 6, 5, 5, 5])
        );
        let b = b.play_pot(0);
        assert_eq!(
            rows(&b),
            (vec![4, 4, 4, 4, 4, 0], 1, 1, vec![0, 1, 7, 6, 6, 6])
        );
        assert_eq!(b.to_move(), Player::Max);
        // Max's pot 1: the last stone lands in the empty pot 5, opposite Min's empty pot 0.
        let (b, s) = b.sow(1);
        assert_eq!(s.captured, 1);
        // Upper row as printed (pot 5 first): 0 5 5 5 0 4.
        assert_eq!(
            rows(&b),
            (vec![4, 0, 5, 5, 5, 0], 2, 1, vec![0, 1, 7, 6, 6, 6])
        );
        assert_eq!(b.total_stones(), 48);
    }

    #[test]
    fn from_parts_names_what_is_wrong() {
        let rules = Rules::new(2, 1).unwrap();
        let short = Board::from_parts(rules, &[1], 0, &[1, 1], 0, Player::Max).unwrap_err();
        assert_eq!(
            short,
            Error::Position(PartsError::Rows {
                max: 1,
                min: 2,
                expected: 2
            })
        );
        assert_eq!(
            short.to_string(),
            "position: rows of 1 and 2 pots, expected 2"
        );
        let full = Board::from_parts(rules, &[200, 0], 50, &[5, 1], 0, Player::Max).unwrap_err();
        assert_eq!(full.to_string(), "position: 256 stones, at most 255");
        // 255 stones fit.
        let most = Board::from_parts(rules, &[200, 0], 49, &[5, 1], 0, Player::Max).unwrap();
        assert_eq!(most.total_stones(), 255);
    }

    /// Every pit of the largest board has room: two rows of `MAX_POTS` pots and two kalahs.
    #[test]
    fn the_largest_board_fits() {
        let rules = Rules::new(u32::from(MAX_POTS), 1).unwrap();
        let board = Board::new(rules, Player::Max);
        assert_eq!(PITS, 2 * usize::from(MAX_POTS) + 2);
        assert_eq!(board.pits().len(), PITS);
        assert_eq!(board.total_stones(), 2 * u32::from(MAX_POTS));
    }

    /// Only the mover's own pots are moves: past the last pot is the kalah, not a pot, even
    /// when it holds stones.
    #[test]
    fn a_kalah_is_not_a_move() {
        for mover in [Player::Max, Player::Min] {
            let board = Board::from_parts(Rules::default(), &[1; 6], 5, &[1; 6], 7, mover).unwrap();
            assert_eq!(board.legal_pots().collect::<Vec<_>>(), [0, 1, 2, 3, 4, 5]);
            assert!(!board.is_legal(6), "{mover:?}");
            assert!(!board.is_legal(7), "{mover:?}");
        }
    }

    /// A row's stones are the sum of its pots, on every side, before and after sowing.
    #[test]
    fn row_stones_sum_the_pots() {
        let board = Board::from_parts(
            Rules::default(),
            &[4, 0, 5, 14, 0, 1],
            3,
            &[0, 1, 7, 0, 2, 6],
            2,
            Player::Min,
        )
        .unwrap();
        assert_eq!(board.row_stones(Player::Max), 24);
        assert_eq!(board.row_stones(Player::Min), 16);
        for pot in board.legal_pots() {
            let after = board.play_pot(pot);
            for side in [Player::Max, Player::Min] {
                let sum: u32 = (0..6).map(|i| u32::from(after.pot(side, i))).sum();
                assert_eq!(after.row_stones(side), sum, "{pot} {side:?}");
            }
        }
    }

    #[test]
    fn capture_rules_differ_when_the_opposite_pot_is_empty() {
        let at = |capture| {
            let rules = Rules::default().with_capture(capture);
            Board::from_parts(
                rules,
                &[4, 4, 4, 4, 4, 0],
                1,
                &[0, 1, 7, 6, 6, 6],
                1,
                Player::Max,
            )
            .unwrap()
            .sow(1)
        };
        assert_eq!(at(CaptureRule::Always).1.captured, 1);
        assert_eq!(at(CaptureRule::OppositeNonEmpty).1.captured, 0);
        assert_eq!(at(CaptureRule::OppositeNonEmpty).0.pot(Player::Max, 5), 1);
        assert_eq!(at(CaptureRule::Never).1.captured, 0);
    }

    #[test]
    fn capture_takes_the_opposite_pot() {
        // Min sows pot 0 (1 stone) into empty pot 1, opposite Max's pot 4 (7 stones): both rules
        // that capture take them.
        for (capture, taken) in [
            (CaptureRule::Always, 8),
            (CaptureRule::OppositeNonEmpty, 8),
            (CaptureRule::Never, 0),
        ] {
            let b = Board::from_parts(
                Rules::default().with_capture(capture),
                &[1, 1, 1, 1, 7, 1],
                0,
                &[1, 0, 1, 1, 1, 1],
                0,
                Player::Min,
            )
            .unwrap();
            let (after, s) = b.sow(0);
            assert_eq!(s.captured, taken, "{capture:?}");
            assert_eq!(after.kalah(Player::Min), taken, "{capture:?}");
            assert_eq!(after.pot(Player::Max, 4), 7 - 7 * u8::from(taken > 0));
            assert_eq!(after.pot(Player::Min, 1), 1 - u8::from(taken > 0));
        }
    }

    #[test]
    fn end_collects_the_other_side() {
        // Min's last stone goes from pot 5 into its kalah: Min's row is empty, the game ends
        // and Max's stones go to Max.
        let b = Board::from_parts(
            Rules::default(),
            &[1, 2, 0, 0, 0, 3],
            10,
            &[0, 0, 0, 0, 0, 1],
            20,
            Player::Min,
        )
        .unwrap();
        let (after, s) = b.sow(5);
        assert!(s.last_in_own_kalah && !s.free_turn);
        assert!(after.is_over());
        assert_eq!(
            (after.kalah(Player::Max), after.kalah(Player::Min)),
            (16, 21)
        );
        assert_eq!(after.kalah_difference(), -5);
        assert_eq!(after.legal_pots().count(), 0);
    }

    #[test]
    fn mover_side_empty_rule_lets_the_opponent_feed() {
        let rules = Rules::default().with_end(EndRule::MoverSideEmpty);
        // Max empties its row but Min still has stones: the game goes on.
        let b = Board::from_parts(
            rules,
            &[0, 0, 0, 0, 0, 2],
            0,
            &[0, 0, 0, 0, 3, 3],
            0,
            Player::Max,
        )
        .unwrap();
        let after = b.play_pot(5);
        assert!(!after.is_over());
        assert_eq!(after.to_move(), Player::Min);
        let default_rules = Board::from_parts(
            Rules::default(),
            &[0, 0, 0, 0, 0, 2],
            0,
            &[0, 0, 0, 0, 3, 3],
            0,
            Player::Max,
        )
        .unwrap();
        assert!(default_rules.play_pot(5).is_over());
    }

    #[test]
    fn laps_skip_the_opponent_kalah_and_refill_the_start() {
        // Max's pot 0 with 14 stones in Kalah(6,x): one full lap of 13 pits, then one more.
        let b = Board::from_parts(
            Rules::default(),
            &[14, 0, 0, 0, 0, 0],
            0,
            &[1, 1, 1, 1, 1, 1],
            0,
            Player::Max,
        )
        .unwrap();
        let (after, s) = b.sow(0);
        assert_eq!(after.kalah(Player::Min), 0);
        assert_eq!(after.total_stones(), b.total_stones());
        // The start pot got one stone in the lap; the 14th stone lands in pot 1 (empty before:
        // it got its lap stone too, so no capture).
        assert_eq!(after.pot(Player::Max, 0), 1);
        assert_eq!(after.pot(Player::Max, 1), 2);
        assert_eq!(s.captured, 0);
    }
}
