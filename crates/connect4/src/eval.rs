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
use crate::score::{DIRECTIONS, direction_masks, fours, starts};

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
    side_value(one, two) - side_value(two, one)
}

/// One player's part of the evaluation.
#[inline(always)]
fn side_value(own: u64, opp: u64) -> Value {
    const S: [u64; 4] = starts();
    const D: [u32; 4] = DIRECTIONS;
    let (fv, tv, wv) = direction_masks(own, opp, D[0], S[0]);
    let (fh, th, wh) = direction_masks(own, opp, D[1], S[1]);
    let (fu, tu, wu) = direction_masks(own, opp, D[2], S[2]);
    let (fd, td, wd) = direction_masks(own, opp, D[3], S[3]);
    let fours = (fv | fd).count_ones() + (fh | (fu << 32)).count_ones();
    let threes = (tv | td).count_ones() + (th | (tu << 32)).count_ones();
    let twos = (wv | wd).count_ones() + (wh | (wu << 32)).count_ones();
    FOUR * fours as Value + THREE * threes as Value + TWO * twos as Value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::window_counts;

    #[test]
    fn evaluation_matches_the_window_counts() {
        let mut board = Board::empty();
        for (i, c) in [3usize, 3, 2, 4, 1, 1, 0, 6, 5, 5, 5]
            .into_iter()
            .enumerate()
        {
            board = board.play(c, if i % 2 == 0 { Side::One } else { Side::Two });
            let (one, two) = (board.pieces(Side::One), board.pieces(Side::Two));
            let (a, b) = (window_counts(one, two), window_counts(two, one));
            let expected = FOUR * (a.fours as Value - b.fours as Value)
                + THREE * (a.threes as Value - b.threes as Value)
                + TWO * (a.twos as Value - b.twos as Value);
            assert_eq!(evaluate(&board), expected);
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
