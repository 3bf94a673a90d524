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

use crate::board::Board;
use crate::board::Side;
use crate::score::{DIRECTIONS, fours, starts};

// The packing of `evaluate` relies on these layouts.
const _: () = {
    let [sv, sh, su, sd] = starts();
    assert!(sv & sd == 0);
    assert!(sh >> 32 == 0 && su >> 32 == 0);
};
use search_core::Value;

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
/// Speed matters here (most searched positions are leaves). The window masks of two directions
/// share one word before counting: vertical windows start in rows 0-2 and down-right windows in
/// rows 3-5, so their start bits never meet; horizontal and up-right windows start at bits below
/// 32, so the up-right masks move up by 32. That halves the (software) population counts.
#[must_use]
pub fn evaluate(board: &Board) -> Value {
    if board.is_full() {
        return score_difference(board);
    }
    let (one, two) = (board.pieces(Side::One), board.pieces(Side::Two));
    side_values(one, two)
}

/// Per direction `s`: the pair sums of both players' pieces, shared by both sides' window counts.
/// `x` has the cells where exactly one of the cells `i, i+s` is the player's, `c` where both are.
#[inline(always)]
fn pairs(pieces: u64, s: u32) -> (u64, u64) {
    let next = pieces >> s;
    (pieces ^ next, pieces & next)
}

/// One direction's window masks of the player with pair sums `(x, c)` against the opponent with
/// pair sums `(xo, co)`: the starts of windows with four pieces, with exactly three and no
/// opponent piece, and with exactly two and no opponent piece. The window's second half has
/// pair sums `(x >> 2s, c >> 2s)`; adding the halves bit-sliced gives the count.
#[inline(always)]
fn windows(x: u64, c: u64, xo: u64, co: u64, s: u32, starts: u64) -> (u64, u64, u64) {
    let (x2, c2) = (x >> (2 * s), c >> (2 * s));
    let ones = x ^ x2;
    let two_bit = c ^ c2 ^ (x & x2);
    let opponent_pairs = xo | co;
    let open = starts & !(opponent_pairs | (opponent_pairs >> (2 * s)));
    let at_least_two = open & two_bit;
    let threes = at_least_two & ones;
    (c & c2, threes, at_least_two ^ threes)
}

/// Both players' evaluation terms, player 1's minus player 2's.
#[inline(always)]
fn side_values(one: u64, two: u64) -> Value {
    const S: [u64; 4] = starts();
    const D: [u32; 4] = DIRECTIONS;
    let mut masks = [[[0u64; 4]; 3]; 2];
    for d in 0..4 {
        let (x1, c1) = pairs(one, D[d]);
        let (x2, c2) = pairs(two, D[d]);
        let (f, t, w) = windows(x1, c1, x2, c2, D[d], S[d]);
        masks[0][0][d] = f;
        masks[0][1][d] = t;
        masks[0][2][d] = w;
        let (f, t, w) = windows(x2, c2, x1, c1, D[d], S[d]);
        masks[1][0][d] = f;
        masks[1][1][d] = t;
        masks[1][2][d] = w;
    }
    // Directions 0 (vertical) and 3 (down-right) share a word, as do 1 (horizontal) and 2
    // (up-right) shifted by 32; see `evaluate`.
    let count =
        |m: [u64; 4]| ((m[0] | m[3]).count_ones() + (m[1] | (m[2] << 32)).count_ones()) as Value;
    let side = |p: usize| {
        FOUR * count(masks[p][0]) + THREE * count(masks[p][1]) + TWO * count(masks[p][2])
    };
    side(0) - side(1)
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
