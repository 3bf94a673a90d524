//! The change of the evaluation when one piece is dropped, from the cells around it.
//!
//! Only the windows through the new piece change value: per direction the four windows whose
//! cells lie within three steps of it. The six cells around the piece along a direction (three
//! on each side) are gathered for the mover and the opponent into two 6-bit numbers, off-board
//! cells marked in both; a table built at compile time gives the change of the four windows'
//! worth for that pattern.

use crate::board::BOARD_MASK;
use crate::eval::{FOUR, THREE, TWO};
use crate::score::DIRECTIONS;
use search_core::games::Value;

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
                // Line position m (0..7 without the centre 3), at step m - 3 (see `gather`).
                let m = if bit < 3 { bit } else { bit + 1 };
                let k = m - 3;
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

/// The six cells at steps -3, -2, -1, 1, 2, 3 of `s` from bit `3s`: the sources of [`gather`].
const fn neighbours(s: u32) -> u64 {
    1 | 1 << s | 1 << (2 * s) | 1 << (4 * s) | 1 << (5 * s) | 1 << (6 * s)
}

/// The multiplier that moves the cells of [`neighbours`] to bits `6s - 5 .. 6s + 1`, in order:
/// cell `i` of the six (at bit `j s`) moves by `6s - 5 + i - j s`. No other partial product
/// reaches those bits and none carries into them (checked for every pattern by a test).
const fn spread(s: u32) -> u64 {
    let sources = [0, 1, 2, 4, 5, 6];
    let mut m = 0;
    let mut i = 0;
    while i < 6 {
        m |= 1 << (6 * s - 5 + i as u32 - sources[i] * s);
        i += 1;
    }
    m
}

/// The line neighbours of the centre (bit 24 of `around`, the board rotated so the new piece
/// sits at bit 24) in direction index `d`, as 6 bits: steps -3, -2, -1, 1, 2, 3.
#[inline(always)]
const fn gather(around: u64, d: usize) -> u64 {
    let s = DIRECTIONS[d];
    if s == 1 {
        // Vertical: the cells are adjacent bits 21..27, the centre (bit 24) left out.
        ((around >> 21) & 7) | ((around >> 22) & 0x38)
    } else {
        let cells = (around >> (24 - 3 * s)) & neighbours(s);
        (cells.wrapping_mul(spread(s)) >> (6 * s - 5)) & 63
    }
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
    use super::{DIRECTIONS, gather};
    use crate::board::{COLUMNS, Side};
    use crate::eval::{evaluate, weighted};
    use crate::rules::Position;
    use proptest::prelude::*;
    use search_core::games::Game;

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

    #[test]
    fn gathering_moves_each_neighbour_to_its_bit() {
        for (d, &s) in DIRECTIONS.iter().enumerate() {
            for pattern in 0u64..64 {
                let mut around = 0u64;
                for (i, step) in [-3i32, -2, -1, 1, 2, 3].into_iter().enumerate() {
                    if pattern & (1 << i) != 0 {
                        around |= 1 << (24 + step * s as i32);
                    }
                }
                assert_eq!(
                    gather(around, d),
                    pattern,
                    "direction {s}, pattern {pattern:06b}"
                );
                // Cells off the line never show.
                let noise = !(around | (1 << 24)) & !line_cells(s);
                assert_eq!(
                    gather(around | noise, d),
                    pattern,
                    "direction {s} with noise"
                );
            }
        }
    }

    /// The seven cells of the line through bit 24 in direction `s`.
    fn line_cells(s: u32) -> u64 {
        (0..7).fold(0, |m, k| m | 1 << (24 - 3 * s + k * s))
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
