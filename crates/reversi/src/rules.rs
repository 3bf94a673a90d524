//! Move generation and flips on bitboards.
//!
//! A board of any size `N <= 8` sits in the top-left corner of an 8x8 grid (bit `row * 8 + col`).
//! The eight directions are shifts by 1, 7, 8 and 9 bits; the file masks stop a run from wrapping
//! from one row into the next, and squares outside the `N`x`N` corner are never empty nor occupied
//! ([`board_mask`]), so runs end at the board's edge for every size. No allocation anywhere: a move
//! list is a `u64`.

/// The squares of an `N`x`N` board in the internal layout.
#[must_use]
pub const fn board_mask(n: usize) -> u64 {
    let row = if n >= 8 { 0xff } else { (1u64 << n) - 1 };
    let mut mask = 0;
    let mut r = 0;
    while r < n && r < 8 {
        mask |= row << (8 * r);
        r += 1;
    }
    mask
}

/// Every column but the first (0).
const NOT_FIRST_COL: u64 = 0xfefe_fefe_fefe_fefe;
/// Every column but the last (7).
const NOT_LAST_COL: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// One step in direction `dir` (0..8): east, west, south, north, south-east, south-west,
/// north-east, north-west. Bits that would wrap to the other side of the grid are dropped.
#[inline(always)]
const fn step(x: u64, dir: usize) -> u64 {
    match dir {
        0 => (x << 1) & NOT_FIRST_COL,
        1 => (x >> 1) & NOT_LAST_COL,
        2 => x << 8,
        3 => x >> 8,
        4 => (x << 9) & NOT_FIRST_COL,
        5 => (x << 7) & NOT_LAST_COL,
        6 => (x >> 7) & NOT_FIRST_COL,
        _ => (x >> 9) & NOT_LAST_COL,
    }
}

/// Opponent discs that a run in direction `dir` may cross: for directions with an east or west
/// component, discs on the first and last columns end every run (they cannot be bracketed).
#[inline(always)]
const fn inner(opp: u64, dir: usize) -> u64 {
    if dir == 2 || dir == 3 {
        opp
    } else {
        opp & 0x7e7e_7e7e_7e7e_7e7e
    }
}

/// One direction's moves by Kogge-Stone parallel prefix: flood the `own` discs over the adjacent
/// runs of `opp` discs in direction `dir` (three doubling steps cover the six squares a run can
/// have), then step once more from the runs onto empty squares.
#[inline(always)]
fn moves_in(own: u64, opp: u64, empty: u64, dir: usize, shift: u32, left: bool) -> u64 {
    let pro = inner(opp, dir);
    // Parallel-prefix flood: g = generator, p = propagator.
    let (mut g, mut p) = (own, pro);
    if left {
        g |= p & (g << shift);
        p &= p << shift;
        g |= p & (g << (2 * shift));
        p &= p << (2 * shift);
        g |= p & (g << (4 * shift));
    } else {
        g |= p & (g >> shift);
        p &= p >> shift;
        g |= p & (g >> (2 * shift));
        p &= p >> (2 * shift);
        g |= p & (g >> (4 * shift));
    }
    // g: own discs and the opponent runs behind them; one more step lands on the move squares.
    step(g & !own, dir) & empty
}

/// The legal moves of the side owning `own` against `opp`, on a board whose squares are `on_board`.
#[inline]
#[must_use]
pub fn moves(own: u64, opp: u64, on_board: u64) -> u64 {
    let empty = on_board & !(own | opp);
    let mut all = 0;
    all |= moves_in(own, opp, empty, 0, 1, true);
    all |= moves_in(own, opp, empty, 1, 1, false);
    all |= moves_in(own, opp, empty, 2, 8, true);
    all |= moves_in(own, opp, empty, 3, 8, false);
    all |= moves_in(own, opp, empty, 4, 9, true);
    all |= moves_in(own, opp, empty, 5, 7, true);
    all |= moves_in(own, opp, empty, 6, 7, false);
    all |= moves_in(own, opp, empty, 7, 9, false);
    all
}

/// For every square and direction, the squares from the square (excluded) to the edge of the
/// 8x8 grid. Directions 0, 2, 4, 5 go to higher bit positions, 1, 3, 6, 7 to lower ones.
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let mut table = [[0; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut dir = 0;
        while dir < 8 {
            let mut ray = 0;
            let mut x = step(1u64 << square, dir);
            while x != 0 {
                ray |= x;
                x = step(x, dir);
            }
            table[square][dir] = ray;
            dir += 1;
        }
        square += 1;
    }
    table
}

/// The flips along one ray going to higher bit positions: the squares before the first square
/// that is not an opponent disc, when that square holds an own disc.
#[inline(always)]
fn flips_up(own: u64, opp: u64, ray: u64) -> u64 {
    let blockers = ray & !opp;
    let first = blockers & blockers.wrapping_neg();
    if first & own != 0 {
        ray & (first - 1)
    } else {
        0
    }
}

/// The flips along one ray going to lower bit positions.
#[inline(always)]
fn flips_down(own: u64, opp: u64, ray: u64) -> u64 {
    let blockers = ray & !opp;
    if blockers == 0 {
        return 0;
    }
    let first = 1u64 << (63 - blockers.leading_zeros());
    if first & own != 0 {
        ray & !((first << 1).wrapping_sub(1))
    } else {
        0
    }
}

/// The opponent discs flipped when the side owning `own` places a disc on the square `mv` (a
/// single bit, empty). Empty when the move is illegal. Squares off an `N`x`N` board are neither
/// own nor opponent, so they end runs like empty squares.
#[inline]
#[must_use]
pub fn flips(own: u64, opp: u64, mv: u64) -> u64 {
    let rays = &RAYS[mv.trailing_zeros() as usize & 63];
    flips_up(own, opp, rays[0])
        | flips_down(own, opp, rays[1])
        | flips_up(own, opp, rays[2])
        | flips_down(own, opp, rays[3])
        | flips_up(own, opp, rays[4])
        | flips_up(own, opp, rays[5])
        | flips_down(own, opp, rays[6])
        | flips_down(own, opp, rays[7])
}

/// The flips by walking each direction square by square: the plain reference for tests.
#[must_use]
pub fn flips_by_walking(own: u64, opp: u64, mv: u64) -> u64 {
    let mut all = 0;
    for dir in 0..8 {
        let mut run = 0;
        let mut x = step(mv, dir);
        while x & opp != 0 {
            run |= x;
            x = step(x, dir);
        }
        if x & own != 0 {
            all |= run;
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_masks() {
        assert_eq!(board_mask(8), u64::MAX);
        assert_eq!(board_mask(4), 0x0f0f_0f0f);
        assert_eq!(board_mask(6).count_ones(), 36);
    }

    #[test]
    fn start_moves_8x8() {
        // White d4 (27), e5 (36); black e4 (28), d5 (35).
        let black = (1 << 28) | (1 << 35);
        let white = (1 << 27) | (1 << 36);
        let m = moves(black, white, u64::MAX);
        assert_eq!(m, (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44));
        assert_eq!(flips(black, white, 1 << 19), 1 << 27);
    }

    #[test]
    fn no_wrap_across_rows() {
        // Own at col 7 of row 0, opponent at col 0 of row 1, empty col 1 of row 1: not a move.
        let own = 1 << 7;
        let opp = 1 << 8;
        assert_eq!(moves(own, opp, u64::MAX) & (1 << 9), 0);
        assert_eq!(flips(own, opp, 1 << 9), 0);
    }
}
