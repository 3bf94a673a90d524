//! The change of the evaluation when one piece is dropped, from the cells around it.
//!
//! Only the windows through the new piece change value: per direction the four windows whose
//! cells lie within three steps of it. The six cells around the piece along a direction (three
//! on each side) are gathered for the mover and the opponent into two 6-bit numbers, off-board
//! cells marked in both; a table built at compile time gives the change of the four windows'
//! worth for that pattern. A line and its mirror image have the same windows through the centre,
//! so the gathering may read a line in either direction.

use crate::board::BOARD_MASK;
use crate::eval::{FOUR, THREE, TWO};
use crate::score::DIRECTIONS;
use search_core::Value;

/// The worth of a window holding `n` pieces of one player and none of the other.
const fn worth(n: u32) -> i32 {
    match n {
        2 => TWO,
        3 => THREE,
        4 => FOUR,
        _ => 0,
    }
}

/// The change, for the mover, of the windows through the centre of a 7-cell line: index bits
/// 0-5 are the mover's pieces at line positions 0, 1, 2, 4, 5, 6 and bits 6-11 the opponent's
/// (both set: off the board); the new piece goes to position 3, which is empty.
static DELTAS: [i16; 4096] = {
    let mut table = [0i16; 4096];
    let mut index = 0;
    while index < 4096 {
        let (own, opp) = (index & 63, index >> 6);
        let mut total = 0i32;
        let mut start = 0;
        while start < 4 {
            // Window over line positions start..start+3, all but position 3 from the index.
            let (mut a, mut b, mut off) = (0, 0, false);
            let mut pos = start;
            while pos < start + 4 {
                if pos != 3 {
                    let bit = if pos < 3 { pos } else { pos - 1 };
                    let (o, p) = ((own >> bit) & 1, (opp >> bit) & 1);
                    if o == 1 && p == 1 {
                        off = true;
                    }
                    a += o as u32;
                    b += p as u32;
                }
                pos += 1;
            }
            if !off {
                if b == 0 {
                    total += worth(a + 1) - worth(a);
                } else if a == 0 {
                    total += worth(b);
                }
            }
            start += 1;
        }
        table[index] = total as i16;
        index += 1;
    }
    table
};

/// Per cell bit and direction: the off-board cells among the six line neighbours, in the
/// gathered bit order of [`gather`].
static OFF_BOARD: [[u8; 4]; 64] = {
    let mut table = [[0u8; 4]; 64];
    let mut p = 0;
    while p < 64 {
        let mut d = 0;
        while d < 4 {
            let s = DIRECTIONS[d] as i32;
            let mut mask = 0u8;
            let mut bit = 0;
            while bit < 6 {
                // Line position m (0..7 without 3); vertical lines are read upwards, the others
                // downwards (see `gather`).
                let m = if bit < 3 { bit } else { bit + 1 };
                let k = if d == 0 { m - 3 } else { 3 - m };
                let cell = p + k * s;
                if cell < 0 || cell >= 64 || BOARD_MASK & (1u64 << cell) == 0 {
                    mask |= 1 << bit;
                }
                bit += 1;
            }
            table[p as usize][d] = mask;
            d += 1;
        }
        p += 1;
    }
    table
};

/// The line neighbours of the centre (bit 24 of `around`, the board rotated so the new piece
/// sits at bit 24) in direction index `d`, as 6 bits.
#[inline(always)]
const fn gather(around: u64, d: usize) -> u64 {
    let s = DIRECTIONS[d];
    let line = if d == 0 {
        // Vertical: the seven cells are adjacent bits.
        (around >> 21) & 0x7f
    } else {
        // Bits 0, s, ..., 6s; multiplying by sum(2^(k(s+1))) moves bit js to 6s + 6 - j and
        // no two partial products share a bit (s and s+1 are coprime), so nothing carries.
        let pattern = 1 | 1 << s | 1 << (2 * s) | 1 << (3 * s) | 1 << (4 * s) | 1 << (5 * s);
        let pattern = pattern | 1 << (6 * s);
        let spread = 1
            | 1 << (s + 1)
            | 1 << (2 * (s + 1))
            | 1 << (3 * (s + 1))
            | 1 << (4 * (s + 1))
            | 1 << (5 * (s + 1))
            | 1 << (6 * (s + 1));
        let cells = (around >> (24 - 3 * s)) & pattern;
        (cells.wrapping_mul(spread) >> (6 * s)) & 0x7f
    };
    (line & 7) | ((line >> 1) & 0x38)
}

/// The change of the evaluation (player 1's view, not-full formula) when the mover, holding
/// `own`, drops a piece on the empty cell `cell` (a bit index) and the opponent holds `opp`;
/// positive is good for the mover.
#[inline(always)]
pub(crate) fn drop_delta(own: u64, opp: u64, cell: u32) -> Value {
    let rot = cell.wrapping_sub(24) & 63;
    let (own, opp) = (own.rotate_right(rot), opp.rotate_right(rot));
    let off = &OFF_BOARD[cell as usize & 63];
    let mut total = 0;
    let mut d = 0;
    while d < 4 {
        let mask = u64::from(off[d]);
        let index = (gather(own, d) | mask) | ((gather(opp, d) | mask) << 6);
        total += Value::from(DELTAS[index as usize & 4095]);
        d += 1;
    }
    total
}

#[cfg(test)]
mod tests {
    use crate::board::{COLUMNS, Side};
    use crate::eval::{evaluate, weighted};
    use crate::rules::Position;
    use proptest::prelude::*;
    use search_core::Game;

    /// The kept value of a position, read through `evaluate` on a board that is not full.
    fn kept(position: &Position) -> i32 {
        position.evaluate()
    }

    #[test]
    fn filling_the_board_keeps_the_value_exact() {
        // Every column order 0..7 repeated: each cell gets filled once.
        let mut position = Position::start();
        for i in 0..42 {
            position = position.play((i * 3 % 7) as u8);
            assert_eq!(position.evaluate(), evaluate(position.board()));
            if !position.board().is_full() {
                assert_eq!(kept(&position), weighted(position.board()));
            }
        }
        assert!(position.board().is_full());
    }

    proptest! {
        #[test]
        fn kept_value_equals_the_full_evaluation(columns in proptest::collection::vec(0..COLUMNS, 0..60), two_first in any::<bool>()) {
            let side = if two_first { Side::Two } else { Side::One };
            let mut position = Position::new(crate::board::Board::empty(), side);
            for c in columns {
                if let Some(next) = position.play_column(c) {
                    position = next;
                    prop_assert_eq!(position.evaluate(), evaluate(position.board()));
                    // Also through the `Game` move and from a freshly built position.
                    let rebuilt = Position::new(*position.board(), position.next());
                    prop_assert_eq!(rebuilt, position);
                }
            }
        }

        #[test]
        fn game_play_equals_play_column(columns in proptest::collection::vec(0..COLUMNS, 0..42)) {
            let mut position = Position::start();
            for c in columns {
                if let Some(next) = position.play_column(c) {
                    prop_assert_eq!(position.play(c as u8), next);
                    position = next;
                }
            }
        }
    }
}
