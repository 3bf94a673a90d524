//! The static evaluation, from player 1's point of view.
//!
//! On a full board it is the exact result: player 1's score minus player 2's. Elsewhere it is
//! `FOUR * (fours1 - fours2) + THREE * (threes1 - threes2) + TWO * (twos1 - twos2)`, where a three
//! is a window with three of the player's pieces and an empty cell, and a two a window with two
//! pieces and two empty cells ([`crate::score::WindowCounts`]).
//!
//! The two scales never meet in one search: every move adds one piece and no game ends early, so
//! all the leaves of a depth-limited search hold the same number of pieces and are either all
//! full or all not full.

use crate::board::Side;
use crate::board::{BOARD_MASK, Board};
use crate::score::{DIRECTIONS, fours, starts};

// The packing of `evaluate` relies on these layouts.
const _: () = {
    let [sv, sh, su, sd] = starts();
    assert!(sv & sd == 0);
    assert!(sh >> 32 == 0 && su >> 32 == 0);
};
use search_core::games::Value;

/// Weight of a completed four (a point of score) on a board that is not full.
pub const FOUR: Value = 100;
/// Weight of an open three (three pieces and an empty cell in a window).
pub const THREE: Value = 10;
/// Weight of an open two (two pieces and two empty cells in a window).
pub const TWO: Value = 2;

/// The exact score difference, player 1 minus player 2.
#[must_use]
pub const fn score_difference(board: &Board) -> Value {
    fours(board.pieces(Side::One)) as Value - fours(board.pieces(Side::Two)) as Value
}

/// The evaluation described in the module documentation.
///
/// Speed matters here (most searched positions are leaves), and the build targets baseline
/// x86-64, where a population count is a dozen instructions. Per direction, one bit-sliced sum
/// of the *occupied* cells serves both players: in a window holding no piece of player 2 every
/// piece is player 1's, and the other way round. The six kinds of scoring window (a two, three
/// or four of either player) become four masks with weights (see `side_values`), and the masks
/// of two directions share one word before counting: vertical windows start in rows 0-2 and
/// down-right windows in rows 3-5, so their start bits never meet; horizontal and up-right
/// windows start at bits below 32, so the up-right masks move up by 32. Eight population counts
/// remain, added pairwise.
#[must_use]
pub fn evaluate(board: &Board) -> Value {
    if board.is_full() {
        return score_difference(board);
    }
    weighted(board)
}

/// The not-full formula of [`evaluate`] on any board (on a full board it is not the score).
#[must_use]
pub fn weighted(board: &Board) -> Value {
    side_values(board.pieces(Side::One), board.pieces(Side::Two))
}

/// Per direction `s`: the bit-sliced piece count of the windows starting at each bit, from the
/// occupied cells: `(ones, twos, four)` where the count is `ones + 2 * twos` below four and
/// `four` marks the windows of four pieces.
#[inline(always)]
fn window_sums(pieces: u64, s: u32) -> (u64, u64, u64) {
    let next = pieces >> s;
    // Pair sums of cells (i, i+s): x where exactly one is occupied, c where both are.
    let (x, c) = (pieces ^ next, pieces & next);
    let (x2, c2) = (x >> (2 * s), c >> (2 * s));
    (x ^ x2, c ^ c2 ^ (x & x2), c & c2)
}

/// The starts of the windows of direction `s` whose four cells all lie in `cells`.
#[inline(always)]
fn all_in(cells: u64, s: u32) -> u64 {
    let pairs = cells & (cells >> s);
    pairs & (pairs >> (2 * s))
}

/// The 4-bit partial population counts of `x` (each nibble holds the count of its bits).
#[inline(always)]
const fn nibbles(x: u64) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    let x = x - ((x >> 1) & M1);
    (x & M2) + ((x >> 2) & M2)
}

/// The sum of the nibbles of `n` (each at most 8).
#[inline(always)]
const fn nibble_total(n: u64) -> Value {
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const H8: u64 = 0x0101_0101_0101_0101;
    // Bytes hold at most 16, and the total at most 128.
    let bytes = (n + (n >> 4)) & M4;
    (bytes.wrapping_mul(H8) >> 56) as Value
}

/// The four weighted masks of direction `s` (see [`side_values`]).
#[inline(always)]
fn planes(occupied: u64, free1: u64, free2: u64, s: u32) -> [u64; 4] {
    let (ones, twos, four) = window_sums(occupied, s);
    // Windows wholly on the board with no piece of player 2 (`o1`), of player 1 (`o2`).
    let (o1, o2) = (all_in(free1, s), all_in(free2, s));
    // Windows of one colour (or empty): there the occupied count is that player's count.
    let mono = o1 | o2;
    let three = twos & ones;
    let two_only = twos ^ three;
    // Player 2's scoring windows (two, three or four pieces).
    let q2 = o2 & (twos | four);
    [
        q2 ^ (two_only & mono),
        q2 ^ (three & mono),
        q2 ^ (four & mono),
        q2,
    ]
}

/// Player 1's evaluation terms minus player 2's.
///
/// Per window, let `a` and `b` be the pieces of players 1 and 2. The window is worth [`TWO`],
/// [`THREE`] or [`FOUR`] for `b == 0` and `a` = 2, 3, 4 (kinds W1, T1, F1), the negatives for
/// `a == 0` and `b` = 2, 3, 4 (W2, T2, F2), else nothing. Four masks `P0 = W1|T2|F2`,
/// `P1 = T1|W2|F2`, `P2 = F1|W2|T2`, `P3 = W2|T2|F2` with weights `TWO`, `THREE`, `FOUR` and
/// `-(TWO + THREE + FOUR)` give each kind its worth (W2: `THREE + FOUR - (TWO + THREE + FOUR)`
/// = `-TWO`, and so on). With `Q2 = P3` (player 2's kinds), each of `P0..P2` is `Q2` with the
/// windows of one piece count flipped among the one-colour windows.
#[inline(always)]
fn side_values(one: u64, two: u64) -> Value {
    const D: [u32; 4] = DIRECTIONS;
    let occupied = one | two;
    // Cells that are not the opponent's (off-board cells excluded): a window wholly inside is
    // on the board and free of opponent pieces.
    let (free1, free2) = (BOARD_MASK & !two, BOARD_MASK & !one);
    // Vertical (0) and down-right (3) share a word, as do horizontal (1) and up-right (2)
    // shifted by 32; see `evaluate`. Nibble counts of the two words of each mask add up.
    let (v, dr) = (
        planes(occupied, free1, free2, D[0]),
        planes(occupied, free1, free2, D[3]),
    );
    let mut n = [0u64; 4];
    for k in 0..4 {
        n[k] = nibbles(v[k] | dr[k]);
    }
    let (h, ur) = (
        planes(occupied, free1, free2, D[1]),
        planes(occupied, free1, free2, D[2]),
    );
    for k in 0..4 {
        n[k] += nibbles(h[k] | (ur[k] << 32));
    }
    TWO * nibble_total(n[0]) + THREE * nibble_total(n[1]) + FOUR * nibble_total(n[2])
        - (TWO + THREE + FOUR) * nibble_total(n[3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::window_counts;
    use proptest::prelude::*;

    fn weighted(board: &Board) -> Value {
        let (one, two) = (board.pieces(Side::One), board.pieces(Side::Two));
        let (a, b) = (window_counts(one, two), window_counts(two, one));
        FOUR * (a.fours as Value - b.fours as Value)
            + THREE * (a.threes as Value - b.threes as Value)
            + TWO * (a.twos as Value - b.twos as Value)
    }

    /// The previous evaluation (per-player bit-sliced sums), kept as an oracle.
    fn old_side_values(one: u64, two: u64) -> Value {
        fn sums(pieces: u64, s: u32) -> (u64, u64, u64) {
            let next = pieces >> s;
            let (x, c) = (pieces ^ next, pieces & next);
            let (x2, c2) = (x >> (2 * s), c >> (2 * s));
            (x ^ x2, c ^ c2 ^ (x & x2), c & c2)
        }
        let empty = BOARD_MASK & !(one | two);
        let (free1, free2) = (one | empty, two | empty);
        let mut planes = [[0u64; 4]; 4];
        for (d, &s) in DIRECTIONS.iter().enumerate() {
            let (ones1, twos1, four1) = sums(one, s);
            let (ones2, twos2, four2) = sums(two, s);
            let g1 = all_in(free1, s) & twos1;
            let g2 = all_in(free2, s) & twos2;
            let (t1, t2) = (g1 & ones1, g2 & ones2);
            let (w1, w2) = (g1 ^ t1, g2 ^ t2);
            planes[0][d] = w1 | t2 | four2;
            planes[1][d] = t1 | w2 | four2;
            planes[2][d] = four1 | g2;
            planes[3][d] = g2 | four2;
        }
        let count = |m: [u64; 4]| {
            (m[0].count_ones() + m[1].count_ones() + m[2].count_ones() + m[3].count_ones()) as Value
        };
        TWO * count(planes[0]) + THREE * count(planes[1]) + FOUR * count(planes[2])
            - (TWO + THREE + FOUR) * count(planes[3])
    }

    proptest! {
        #[test]
        fn new_evaluation_equals_the_old_one(one in any::<u64>(), two in any::<u64>()) {
            let (one, two) = (one & BOARD_MASK, two & BOARD_MASK & !one);
            prop_assert_eq!(side_values(one, two), old_side_values(one, two));
        }

        #[test]
        fn new_evaluation_equals_the_old_one_on_sparse_boards(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            let (one, two) = (a & b & BOARD_MASK, a & !b & c & BOARD_MASK);
            prop_assert_eq!(side_values(one, two), old_side_values(one, two));
        }
    }

    proptest! {
        #[test]
        fn evaluation_is_the_weighted_window_count(cells in proptest::collection::vec(0u8..3, 42)) {
            let (mut one, mut two) = (0, 0);
            for (i, v) in cells.iter().enumerate() {
                let bit = crate::board::cell_bit(i / 7, i % 7);
                match v { 1 => one |= bit, 2 => two |= bit, _ => {} }
            }
            let board = Board::from_masks(one, two).unwrap();
            if board.is_full() {
                prop_assert_eq!(evaluate(&board), score_difference(&board));
            } else {
                prop_assert_eq!(evaluate(&board), weighted(&board));
            }
        }
    }

    #[test]
    fn evaluation_matches_the_window_counts() {
        let mut board = Board::empty();
        for (i, c) in [3usize, 3, 2, 4, 1, 1, 0, 6, 5, 5, 5]
            .into_iter()
            .enumerate()
        {
            board = board.play(c, if i % 2 == 0 { Side::One } else { Side::Two });
            assert_eq!(evaluate(&board), weighted(&board));
        }
    }

    #[test]
    fn full_board_is_the_exact_score_difference() {
        // Columns alternate whole: 1 2 1 2 1 2 1 (vertical fours only, plus diagonals none).
        let mut board = Board::empty();
        for c in 0..7 {
            for _ in 0..6 {
                board = board.play(c, if c % 2 == 0 { Side::One } else { Side::Two });
            }
        }
        assert!(board.is_full());
        // Four columns of player 1, three of player 2, three vertical fours each; horizontal and
        // diagonal windows all mix colours.
        assert_eq!(evaluate(&board), 4 * 3 - 3 * 3);
    }
}
