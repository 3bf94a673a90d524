//! Counting four-cell windows (four in a row) with bit tricks.
//!
//! There are 69 windows: 21 vertical, 24 horizontal and 12 along each diagonal. A window is named
//! by its first cell's bit `i` and a direction `s` (1 vertical, 7 horizontal, 8 up-right, 6
//! down-right); its cells are `i, i+s, i+2s, i+3s`. Shifting a bitboard right by `k*s` brings
//! cell `i+k*s` onto bit `i`, so one word operation handles every window of a direction at once.

use crate::board::{BOARD_MASK, Board, Side};

/// Bit steps between consecutive cells of a window: vertical, horizontal, up-right, down-right.
pub const DIRECTIONS: [u32; 4] = [1, 7, 8, 6];

/// The number of four-cell windows on the board.
pub const WINDOWS: u32 = 69;

/// The first cells of the windows of direction `s` that lie wholly on the board.
const fn window_starts(s: u32) -> u64 {
    BOARD_MASK & (BOARD_MASK >> s) & (BOARD_MASK >> (2 * s)) & (BOARD_MASK >> (3 * s))
}

/// [`window_starts`] for each of [`DIRECTIONS`].
const STARTS: [u64; 4] = [
    window_starts(DIRECTIONS[0]),
    window_starts(DIRECTIONS[1]),
    window_starts(DIRECTIONS[2]),
    window_starts(DIRECTIONS[3]),
];

/// The number of windows wholly filled by `pieces` (a player's score).
#[must_use]
pub const fn fours(pieces: u64) -> u32 {
    let mut total = 0;
    let mut d = 0;
    while d < DIRECTIONS.len() {
        let s = DIRECTIONS[d];
        let pairs = pieces & (pieces >> s);
        total += (pairs & (pairs >> (2 * s))).count_ones();
        d += 1;
    }
    total
}

/// The score of `side` on `board`: its windows of four.
#[must_use]
pub const fn score(board: &Board, side: Side) -> u32 {
    fours(board.pieces(side))
}

/// Both scores, player 1 first.
#[must_use]
pub const fn scores(board: &Board) -> (u32, u32) {
    (score(board, Side::One), score(board, Side::Two))
}

/// One player's window counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WindowCounts {
    /// Windows of four own pieces (the score).
    pub fours: u32,
    /// Windows of three own pieces and one empty cell.
    pub threes: u32,
    /// Windows of two own pieces and two empty cells.
    pub twos: u32,
}

/// The window counts of `own` where the opponent holds `opponent` (disjoint cell masks).
#[must_use]
pub const fn window_counts(own: u64, opponent: u64) -> WindowCounts {
    let mut counts = WindowCounts {
        fours: 0,
        threes: 0,
        twos: 0,
    };
    let mut d = 0;
    while d < DIRECTIONS.len() {
        let s = DIRECTIONS[d];
        let (fours, threes, twos) = direction_masks(own, opponent, s, STARTS[d]);
        counts.fours += fours.count_ones();
        counts.threes += threes.count_ones();
        counts.twos += twos.count_ones();
        d += 1;
    }
    counts
}

/// For direction `s`: the first cells of the windows holding four, exactly three or exactly two
/// pieces of `own` and none of `opponent`.
#[inline(always)]
pub(crate) const fn direction_masks(
    own: u64,
    opponent: u64,
    s: u32,
    starts: u64,
) -> (u64, u64, u64) {
    let (a0, a1, a2, a3) = (own, own >> s, own >> (2 * s), own >> (3 * s));
    let blocked = opponent | (opponent >> s) | (opponent >> (2 * s)) | (opponent >> (3 * s));
    let open = starts & !blocked;
    // Bit-sliced sum of the four cells: ones = bit 0; two_bit = bit 1; four when c1 & c2.
    let (x1, c1) = (a0 ^ a1, a0 & a1);
    let (x2, c2) = (a2 ^ a3, a2 & a3);
    let ones = x1 ^ x2;
    let two_bit = c1 ^ c2 ^ (x1 & x2);
    (c1 & c2, open & ones & two_bit, open & two_bit & !ones)
}

/// The window starts of each direction (for tests and the evaluation).
pub(crate) const fn starts() -> [u64; 4] {
    STARTS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{CELLS, COLUMNS, ROWS};
    use proptest::prelude::*;

    /// Plain array counting: every window by explicit coordinates.
    fn array_counts(grid: &[[u8; COLUMNS]; ROWS], player: u8) -> WindowCounts {
        let mut counts = WindowCounts::default();
        let steps: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let mut windows = 0;
        for r in 0..ROWS as i32 {
            for c in 0..COLUMNS as i32 {
                for &(dr, dc) in &steps {
                    let cells: Vec<(i32, i32)> = (0..4).map(|k| (r + k * dr, c + k * dc)).collect();
                    if cells.iter().any(|&(rr, cc)| {
                        rr < 0 || cc < 0 || rr >= ROWS as i32 || cc >= COLUMNS as i32
                    }) {
                        continue;
                    }
                    windows += 1;
                    let values: Vec<u8> = cells
                        .iter()
                        .map(|&(rr, cc)| grid[rr as usize][cc as usize])
                        .collect();
                    let own = values.iter().filter(|&&v| v == player).count();
                    let empty = values.iter().filter(|&&v| v == 0).count();
                    match (own, empty) {
                        (4, 0) => counts.fours += 1,
                        (3, 1) => counts.threes += 1,
                        (2, 2) => counts.twos += 1,
                        _ => {}
                    }
                }
            }
        }
        assert_eq!(windows, WINDOWS);
        counts
    }

    fn board_of(grid: &[[u8; COLUMNS]; ROWS]) -> Board {
        let (mut one, mut two) = (0, 0);
        for (r, row) in grid.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let bit = crate::board::cell_bit(r, c);
                match v {
                    1 => one |= bit,
                    2 => two |= bit,
                    _ => {}
                }
            }
        }
        Board::from_masks(one, two).unwrap()
    }

    #[test]
    fn there_are_69_windows() {
        let total: u32 = starts().iter().map(|m| m.count_ones()).sum();
        assert_eq!(total, WINDOWS);
        assert_eq!(starts().map(u64::count_ones), [21, 24, 12, 12]);
        let full = window_counts(BOARD_MASK, 0);
        assert_eq!(full.fours, WINDOWS);
        let empty_one = window_counts(0, 0);
        assert_eq!(empty_one, WindowCounts::default());
    }

    /// Lays `cells` out as a grid (reading order) and checks both players' bitboard window
    /// counts against the plain array count; returns the grid and board for further checks.
    fn counts_match_arrays(
        cells: &[u8],
    ) -> Result<([[u8; COLUMNS]; ROWS], Board), proptest::test_runner::TestCaseError> {
        let mut grid = [[0u8; COLUMNS]; ROWS];
        for (i, v) in cells.iter().enumerate() {
            grid[i / COLUMNS][i % COLUMNS] = *v;
        }
        let board = board_of(&grid);
        let (one, two) = (board.pieces(Side::One), board.pieces(Side::Two));
        prop_assert_eq!(window_counts(one, two), array_counts(&grid, 1));
        prop_assert_eq!(window_counts(two, one), array_counts(&grid, 2));
        Ok((grid, board))
    }

    proptest! {
        #[test]
        fn bit_counts_equal_array_counts(cells in proptest::collection::vec(0u8..3, CELLS)) {
            let (grid, board) = counts_match_arrays(&cells)?;
            prop_assert_eq!(scores(&board), (array_counts(&grid, 1).fours, array_counts(&grid, 2).fours));
        }

        #[test]
        fn sparse_boards_count_like_arrays(cells in proptest::collection::vec(prop_oneof![6 => Just(0u8), 2 => Just(1u8), 1 => Just(2u8)], CELLS)) {
            counts_match_arrays(&cells)?;
        }
    }
}
