//! Connect Four (7 columns, 6 rows) on a bitboard, for the tests and examples that put
//! `search-core` beside the `minimax` crate: one position type implements both crates' `Game`
//! traits, so both sides of a comparison play exactly the same rules.
//!
//! Each column takes 7 bits (6 cells and a guard bit on top); bit `7 * column + row`, row 0 at
//! the bottom. `mover` holds the stones of the side to move and `taken` every stone.
#![allow(dead_code)]

use search_core::games::{Game, MoveList, Player, Value};

/// Columns.
pub const WIDTH: u8 = 7;
/// Rows.
pub const HEIGHT: u8 = 6;
const STRIDE: u32 = HEIGHT as u32 + 1;
const COLUMN: u64 = (1 << HEIGHT) - 1;
const BOTTOM: u64 = {
    let mut bits = 0;
    let mut c = 0;
    while c < WIDTH as u32 {
        bits |= 1 << (c * STRIDE);
        c += 1;
    }
    bits
};
/// Every playable cell.
const BOARD: u64 = BOTTOM * COLUMN;
/// The columns from the centre out: the order moves are generated in.
const ORDER: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// A position: the stones, and who is to move (first player = Max).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    mover: u64,
    taken: u64,
    moves: u8,
}

/// Whether `stones` hold four in a line.
fn four(stones: u64) -> bool {
    [1, STRIDE, STRIDE - 1, STRIDE + 1]
        .into_iter()
        .any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

/// Cells that would complete four in a line for `stones` (empty or not).
fn completions(stones: u64) -> u64 {
    let mut cells = 0;
    for shift in [STRIDE, STRIDE - 1, STRIDE + 1] {
        let pairs = (stones << shift) & (stones << (2 * shift));
        cells |= pairs & (stones << (3 * shift));
        cells |= pairs & (stones >> shift);
        let pairs = (stones >> shift) & (stones >> (2 * shift));
        cells |= pairs & (stones >> (3 * shift));
        cells |= pairs & (stones << shift);
    }
    cells |= (stones << 1) & (stones << 2) & (stones << 3);
    cells & BOARD
}

impl ConnectFour {
    /// The position after dropping stones in `columns` (0-based) in turn; `None` at a full column
    /// or once the game is over.
    pub fn from_columns(columns: &[u8]) -> Option<Self> {
        columns.iter().try_fold(Self::default(), |p, &c| {
            (!p.is_over() && p.can_play(c)).then(|| p.drop(c))
        })
    }

    /// Whether column `c` has room.
    pub fn can_play(&self, c: u8) -> bool {
        c < WIDTH && self.taken & (1 << (u32::from(c) * STRIDE + u32::from(HEIGHT) - 1)) == 0
    }

    /// The position after the side to move drops a stone in column `c` (which must have room).
    pub fn drop(&self, c: u8) -> Self {
        let bottom = 1 << (u32::from(c) * STRIDE);
        let taken = self.taken | (self.taken + bottom);
        Self {
            mover: self.mover ^ self.taken,
            taken,
            moves: self.moves + 1,
        }
    }

    /// The stones of the side that just moved.
    fn last_mover(&self) -> u64 {
        self.mover ^ self.taken
    }

    /// Whether the side that just moved has four in a line.
    pub fn just_won(&self) -> bool {
        four(self.last_mover())
    }

    /// Whether the game is over (a four, or a full board).
    pub fn is_over(&self) -> bool {
        self.just_won() || self.moves == WIDTH * HEIGHT
    }

    /// Stones played.
    pub fn stones(&self) -> u8 {
        self.moves
    }

    /// A key unique to the position: the mover's stones plus the heights.
    pub fn key(&self) -> u64 {
        self.mover + self.taken + BOTTOM
    }

    /// The playable columns, centre first.
    fn columns(&self) -> impl Iterator<Item = u8> + '_ {
        ORDER.into_iter().filter(|&c| self.can_play(c))
    }

    /// Threats and centre stones for the side to move, minus the opponent's.
    fn heuristic(&self) -> Value {
        let playable = (self.taken + BOTTOM) & BOARD;
        let score = |stones: u64| {
            let threats = completions(stones) & !self.taken;
            let centre = (stones >> (3 * STRIDE)) & COLUMN;
            10 * (threats & playable).count_ones() as Value
                + 3 * threats.count_ones() as Value
                + centre.count_ones() as Value
        };
        score(self.mover) - score(self.last_mover())
    }
}

impl Game for ConnectFour {
    type Move = u8;

    fn to_move(&self) -> Player {
        if self.moves % 2 == 0 {
            Player::Max
        } else {
            Player::Min
        }
    }

    fn legal_moves(&self) -> MoveList<u8> {
        if self.is_over() {
            return MoveList::new();
        }
        self.columns().collect()
    }

    fn play(&self, mv: u8) -> Self {
        self.drop(mv)
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    /// A win is worth 1000 less the stones played (sooner is better); elsewhere the threat
    /// heuristic.
    fn evaluate(&self) -> Value {
        let sign = self.to_move().sign();
        if self.just_won() {
            return -sign * (1000 - Value::from(self.moves));
        }
        if self.moves == WIDTH * HEIGHT {
            return 0;
        }
        sign * self.heuristic()
    }
}

/// The same rules for the `minimax` crate.
pub struct Peer;

impl minimax::Game for Peer {
    type S = ConnectFour;
    type M = u8;

    fn generate_moves(state: &ConnectFour, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        moves.extend(state.columns());
        None
    }

    fn apply(state: &mut ConnectFour, m: u8) -> Option<ConnectFour> {
        Some(state.drop(m))
    }

    fn get_winner(state: &ConnectFour) -> Option<minimax::Winner> {
        if state.just_won() {
            Some(minimax::Winner::PlayerJustMoved)
        } else if state.moves == WIDTH * HEIGHT {
            Some(minimax::Winner::Draw)
        } else {
            None
        }
    }

    fn zobrist_hash(state: &ConnectFour) -> u64 {
        state.key().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The heuristic for the peer's evaluator: the side to move's view.
pub struct PeerEvaluator;

impl minimax::Evaluator for PeerEvaluator {
    type G = Peer;

    fn evaluate(&self, state: &ConnectFour) -> minimax::Evaluation {
        state.heuristic() as minimax::Evaluation
    }
}
