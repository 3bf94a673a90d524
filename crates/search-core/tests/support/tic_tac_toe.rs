//! Tic-tac-toe, shared by the `tic_tac_toe` example and the game tests.

use search_core::{games::EngineGame, games::Game, games::MoveList, games::Player, games::Value};

/// A position: X's and O's squares as 9-bit masks; X (Max) moves first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TicTacToe {
    /// X's squares, bit `3 * row + col`.
    pub x: u16,
    /// O's squares.
    pub o: u16,
}

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

impl TicTacToe {
    fn wins(mask: u16) -> bool {
        LINES.iter().filter(|&&line| mask & line == line).count() > 0
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::Max
        } else {
            Player::Min
        }
    }

    fn legal_moves(&self) -> MoveList<u8> {
        if self.is_terminal() {
            return MoveList::new();
        }
        let taken = self.x | self.o;
        (0..9).filter(|&sq| taken & (1 << sq) == 0).collect()
    }

    fn play(&self, square: u8) -> Self {
        let bit = 1 << square;
        match self.to_move() {
            Player::Max => Self {
                x: self.x | bit,
                ..*self
            },
            Player::Min => Self {
                o: self.o | bit,
                ..*self
            },
        }
    }

    fn is_terminal(&self) -> bool {
        Self::wins(self.x) || Self::wins(self.o) || (self.x | self.o) == 0x1ff
    }

    fn evaluate(&self) -> Value {
        if Self::wins(self.x) {
            1
        } else if Self::wins(self.o) {
            -1
        } else {
            0
        }
    }
}

impl EngineGame for TicTacToe {
    fn key(&self) -> u64 {
        u64::from(self.x) << 9 | u64::from(self.o)
    }

    /// Centre first, then corners, then edges.
    fn order_moves(&self, moves: &mut MoveList<u8>) {
        const RANK: [u8; 9] = [1, 2, 1, 2, 0, 2, 1, 2, 1];
        moves.sort_by_key(|&sq| RANK[usize::from(sq)]);
    }
}
