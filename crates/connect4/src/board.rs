//! The 6x7 board as two bitboards.
//!
//! Bit layout: column `c` (0 = leftmost) owns bits `7c .. 7c+6`; bit `7c + r` is the cell in row
//! `r` counted from the bottom (0 = bottom row). The seventh bit of each column (row 6) is always
//! empty: it stops shifted patterns from running from one column into the next, which is what
//! makes the window counts of [`crate::score`] a handful of shifts and ands.

/// Rows of the board.
pub const ROWS: usize = 6;
/// Columns of the board.
pub const COLUMNS: usize = 7;
/// Cells of the board.
pub const CELLS: usize = ROWS * COLUMNS;
/// Bits per column in the bitboard (six cells and an always-empty guard bit).
pub const STRIDE: usize = ROWS + 1;

/// The six cells of column 0.
const COLUMN0: u64 = (1 << ROWS) - 1;
/// Every cell of the board (guard bits excluded).
pub const BOARD_MASK: u64 = {
    let mut mask = 0;
    let mut c = 0;
    while c < COLUMNS {
        mask |= COLUMN0 << (c * STRIDE);
        c += 1;
    }
    mask
};
/// The bottom cell of every column.
pub const BOTTOM_MASK: u64 = {
    let mut mask = 0;
    let mut c = 0;
    while c < COLUMNS {
        mask |= 1 << (c * STRIDE);
        c += 1;
    }
    mask
};
/// The top cell of every column.
pub const TOP_MASK: u64 = BOTTOM_MASK << (ROWS - 1);
/// The multiplier of [`Board::playable_columns`]: bits 0, 6, 12, ..., 36.
const GATHER: u64 = 0x10_4104_1041;

/// The bit of the cell in `row` (0 = bottom) and `column` (0 = left).
#[must_use]
pub const fn cell_bit(row: usize, column: usize) -> u64 {
    1 << (column * STRIDE + row)
}

/// The cells of `column`.
#[must_use]
pub const fn column_mask(column: usize) -> u64 {
    COLUMN0 << (column * STRIDE)
}

/// One of the two players: player 1 (red, `1` in files) or player 2 (green, `2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Player 1 (red).
    One,
    /// Player 2 (green).
    Two,
}

impl Side {
    /// The player's number, 1 or 2, as in game files and on the console.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Self::One => 1,
            Self::Two => 2,
        }
    }

    /// The player with number 1 or 2.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Self> {
        match number {
            1 => Some(Self::One),
            2 => Some(Self::Two),
            _ => None,
        }
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::One => Self::Two,
            Self::Two => Self::One,
        }
    }

    /// 0 for player 1, 1 for player 2.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Self::One => 0,
            Self::Two => 1,
        }
    }
}

/// A 6x7 board: the pieces of each player as a bitboard (see the module documentation).
///
/// Boards built by [`Board::play`] always obey gravity; [`Board::from_masks`] accepts any cells
/// (for scoring tests), [`crate::format`] rejects floating pieces when reading files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pieces: [u64; 2],
}

impl Board {
    /// The empty board.
    #[must_use]
    pub const fn empty() -> Self {
        Self { pieces: [0, 0] }
    }

    /// A board from the two players' cell masks; `None` when they overlap or leave the board.
    #[must_use]
    pub const fn from_masks(one: u64, two: u64) -> Option<Self> {
        if one & two != 0 || (one | two) & !BOARD_MASK != 0 {
            return None;
        }
        Some(Self { pieces: [one, two] })
    }

    /// The cells of `side`.
    #[must_use]
    pub const fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
    }

    /// The occupied cells.
    #[must_use]
    pub const fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The piece in `row` (0 = bottom) and `column` (0 = left), if any.
    #[must_use]
    pub const fn cell(&self, row: usize, column: usize) -> Option<Side> {
        let bit = cell_bit(row, column);
        if self.pieces[0] & bit != 0 {
            Some(Side::One)
        } else if self.pieces[1] & bit != 0 {
            Some(Side::Two)
        } else {
            None
        }
    }

    /// Pieces in `column` (its height, on a board that obeys gravity).
    #[must_use]
    pub const fn height(&self, column: usize) -> usize {
        ((self.occupied() >> (column * STRIDE)) & COLUMN0).count_ones() as usize
    }

    /// Whether a piece can still be dropped into `column` (0..7).
    #[must_use]
    pub const fn can_play(&self, column: usize) -> bool {
        column < COLUMNS && self.occupied() & cell_bit(ROWS - 1, column) == 0
    }

    /// The columns that are not full, as bits `1 << column`.
    #[must_use]
    #[inline]
    pub const fn playable_columns(&self) -> u8 {
        // The free top cells, moved down to bits 7c; one multiplication by sum(2^6j) adds a copy
        // shifted by 6(6 - c) to each, which lands bit 7c on bit 36 + c (no other products
        // reach bits 36..43, checked for all 128 cases by a test).
        let free_tops = (!self.occupied() & TOP_MASK) >> (ROWS - 1);
        (free_tops.wrapping_mul(GATHER) >> 36) as u8 & 0x7f
    }

    /// The board after `side` drops a piece into `column`; the column must not be full.
    ///
    /// Only the lowest empty cell of `column` changes.
    #[must_use]
    pub const fn play(&self, column: usize, side: Side) -> Self {
        let mask = column_mask(column);
        // Pieces sit at the bottom of the column: adding the bottom bit lands on the first
        // empty cell (or on the guard bit, outside the mask, when the column is full).
        let bit = ((self.occupied() & mask) + (1 << (column * STRIDE))) & mask;
        let mut pieces = self.pieces;
        pieces[side.index()] |= bit;
        Self { pieces }
    }

    /// Pieces on the board.
    #[must_use]
    pub const fn piece_count(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// Whether all 42 cells are filled (the end of a Max-Connect4 game).
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.occupied() == BOARD_MASK
    }

    /// Whether every piece rests on the bottom or on another piece.
    #[must_use]
    pub const fn obeys_gravity(&self) -> bool {
        let occupied = self.occupied();
        // A cell above an empty cell (within its column) must be empty.
        let supported = (occupied << 1) | BOTTOM_MASK;
        occupied & !supported == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn side_numbers_round_trip() {
        for side in [Side::One, Side::Two] {
            assert_eq!(Side::from_number(side.number()), Some(side));
            assert_ne!(side.other(), side);
            assert_eq!(side.other().other(), side);
            assert_eq!(side.index() + 1, usize::from(side.number()));
        }
        for number in [0, 3, 12, 255] {
            assert_eq!(Side::from_number(number), None);
        }
    }

    #[test]
    fn masks_have_the_right_sizes() {
        assert_eq!(BOARD_MASK.count_ones(), 42);
        assert_eq!(BOTTOM_MASK.count_ones(), 7);
        assert_eq!(TOP_MASK & BOARD_MASK, TOP_MASK);
    }

    #[test]
    fn drops_fill_a_column_from_the_bottom() {
        let mut board = Board::empty();
        for i in 0..ROWS {
            assert!(board.can_play(2));
            board = board.play(2, if i % 2 == 0 { Side::One } else { Side::Two });
            assert_eq!(board.height(2), i + 1);
            assert_eq!(
                board.cell(i, 2).map(Side::number),
                Some(if i % 2 == 0 { 1 } else { 2 })
            );
        }
        assert!(!board.can_play(2));
        assert!(!board.can_play(7));
        assert_eq!(board.playable_columns(), 0b111_1011);
        assert!(board.obeys_gravity());
    }

    #[test]
    fn playable_columns_are_the_free_tops() {
        for full in 0u8..128 {
            let mut board = Board::empty();
            for c in 0..COLUMNS {
                if full & (1 << c) != 0 {
                    for _ in 0..ROWS {
                        board = board.play(c, Side::One);
                    }
                }
            }
            assert_eq!(board.playable_columns(), !full & 0x7f);
            for c in 0..COLUMNS {
                assert_eq!(board.can_play(c), full & (1 << c) == 0);
            }
        }
    }

    #[test]
    fn gravity_check_finds_floating_pieces() {
        let floating = Board::from_masks(cell_bit(1, 3), 0).unwrap();
        assert!(!floating.obeys_gravity());
        assert!(Board::from_masks(cell_bit(0, 3), cell_bit(0, 3)).is_none());
        assert!(Board::from_masks(1 << 6, 0).is_none(), "guard bit");
    }

    fn random_board() -> impl Strategy<Value = Board> {
        proptest::collection::vec(0..COLUMNS, 0..CELLS).prop_map(|columns| {
            let mut board = Board::empty();
            let mut side = Side::One;
            for c in columns {
                if board.can_play(c) {
                    board = board.play(c, side);
                    side = side.other();
                }
            }
            board
        })
    }

    proptest! {
        #[test]
        fn playing_a_column_never_changes_other_columns(board in random_board(), column in 0..COLUMNS, two in any::<bool>()) {
            prop_assume!(board.can_play(column));
            let side = if two { Side::Two } else { Side::One };
            let after = board.play(column, side);
            for c in 0..COLUMNS {
                for r in 0..ROWS {
                    if c != column {
                        prop_assert_eq!(after.cell(r, c), board.cell(r, c));
                    }
                }
            }
            let h = board.height(column);
            prop_assert_eq!(after.cell(h, column), Some(side));
            prop_assert_eq!(after.height(column), h + 1);
            prop_assert_eq!(after.piece_count(), board.piece_count() + 1);
            prop_assert!(after.obeys_gravity());
        }
    }
}
