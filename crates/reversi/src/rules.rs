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

/// The moves along one line (a direction and its opposite, `shift` bits apart): flood the own
/// discs over adjacent runs of `pro` (the opponent discs a run may cross) both ways with
/// parallel-prefix doubling (runs of up to 6 discs), then step once more off the runs.
#[inline(always)]
fn line_moves(own: u64, pro: u64, shift: u32) -> u64 {
    let mut up = pro & (own << shift);
    let mut down = pro & (own >> shift);
    up |= pro & (up << shift);
    down |= pro & (down >> shift);
    let pro_up = pro & (pro << shift);
    let pro_down = pro_up >> shift;
    let double = 2 * shift;
    up |= pro_up & (up << double);
    down |= pro_down & (down >> double);
    up |= pro_up & (up << double);
    down |= pro_down & (down >> double);
    (up << shift) | (down >> shift)
}

/// The legal moves of the side owning `own` against `opp`, on a board whose squares are
/// `on_board`. Along rows and diagonals, opponent discs on the first and last columns cannot be
/// bracketed, which also keeps every run from wrapping into the next row.
#[inline(always)]
#[must_use]
pub fn moves(own: u64, opp: u64, on_board: u64) -> u64 {
    let inner = opp & 0x7e7e_7e7e_7e7e_7e7e;
    let reach = line_moves(own, inner, 1)
        | line_moves(own, opp, 8)
        | line_moves(own, inner, 7)
        | line_moves(own, inner, 9);
    reach & on_board & !(own | opp)
}

/// The four lines' shifts: rows, columns, diagonals, anti-diagonals.
const LINE_SHIFTS: [u32; 4] = [1, 8, 9, 7];

/// The squares of the 8x8 grid seen from each square along each line (shifts as
/// [`LINE_SHIFTS`]), towards higher bits (`up`) and lower bits (`down`), nearest first.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Rays {
    up: [u64; 4],
    down: [u64; 4],
}

/// [`Rays`] of every square.
static RAYS: [Rays; 64] = rays();

const fn rays() -> [Rays; 64] {
    // (row, column) steps of the four lines towards higher bits.
    const STEPS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut out = [Rays {
        up: [0; 4],
        down: [0; 4],
    }; 64];
    let mut square = 0;
    while square < 64 {
        let mut line = 0;
        while line < 4 {
            let (dr, dc) = STEPS[line];
            let mut sign = 1;
            while sign >= -1 {
                let (mut r, mut c) = ((square / 8) as i32, (square % 8) as i32);
                let mut mask = 0u64;
                loop {
                    (r, c) = (r + sign * dr, c + sign * dc);
                    if r < 0 || r >= 8 || c < 0 || c >= 8 {
                        break;
                    }
                    mask |= 1 << (r * 8 + c);
                }
                if sign == 1 {
                    out[square].up[line] = mask;
                } else {
                    out[square].down[line] = mask;
                }
                sign -= 2;
            }
            line += 1;
        }
        square += 1;
    }
    out
}

/// The opponent discs flipped when the side owning `own` places a disc on the square `mv` (a
/// single bit, empty). Empty when the move is illegal. Squares off an `N`x`N` board are neither
/// own nor opponent, so they end runs like empty squares. Along each of the square's eight
/// rays (the four lines both ways, computed alike: straight-line code the compiler runs as
/// vectors), the nearest square that is not the opponent's must be own: towards higher bits it
/// is the lowest set bit; towards lower bits, the own discs one step nearer are kept where no
/// such square lies between them and `mv` (its shadow spread over up to six steps). Inlined
/// into some loops the compiler no longer vectorizes it: those call [`flips_apart`].
#[inline]
#[must_use]
pub fn flips(own: u64, opp: u64, mv: u64) -> u64 {
    let rays = &RAYS[mv.trailing_zeros() as usize & 63];
    let mut out = [0u64; 4];
    for i in 0..4 {
        let (up, down, shift) = (rays.up[i], rays.down[i], LINE_SHIFTS[i]);
        let first = !opp & up;
        let closer = first & first.wrapping_neg() & own;
        let upward = up & closer.wrapping_sub(1) & 0u64.wrapping_sub(u64::from(closer != 0));
        let mut shadow = !opp & down;
        shadow |= shadow >> shift;
        let outflank =
            ((own & down) << shift) & !shadow & !(shadow >> (2 * shift)) & !(shadow >> (4 * shift));
        out[i] = upward | (down & outflank.wrapping_neg());
    }
    out[0] | out[1] | out[2] | out[3]
}

/// [`flips`] never inlined, vectorized in its own function: for the loops into which the
/// compiler, inlining it, would turn it into scalar code.
#[inline(never)]
#[must_use]
pub fn flips_apart(own: u64, opp: u64, mv: u64) -> u64 {
    flips(own, opp, mv)
}

/// `LINE_FLIPS[p][line]`: the discs a disc placed at `p` flips on a line of 8 squares when the
/// mover owns the squares of `line` (bit `p` aside) and the opponent all the others.
static LINE_FLIPS: [[u8; 256]; 8] = {
    let mut out = [[0u8; 256]; 8];
    let mut p = 0;
    while p < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards lower bits, then higher: a run of opponent squares closed by an own one.
            let (mut k, mut run) = (p as i32 - 1, 0);
            while k >= 0 && line >> k & 1 == 0 {
                (k, run) = (k - 1, run + 1);
            }
            if k >= 0 {
                count += run;
            }
            (k, run) = (p as i32 + 1, 0);
            while k < 8 && line >> k & 1 == 0 {
                (k, run) = (k + 1, run + 1);
            }
            if k < 8 {
                count += run;
            }
            out[p][line] = count as u8;
            line += 1;
        }
        p += 1;
    }
    out
};

/// The diagonal and anti-diagonal through each square of the 8x8 grid.
static DIAGONALS: [(u64, u64); 64] = {
    let mut out = [(0, 0); 64];
    let mut square = 0;
    while square < 64 {
        let (r, c) = ((square / 8) as i32, (square % 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (r2, c2) = (other / 8, other % 8);
            if r2 - c2 == r - c {
                out[square].0 |= 1 << other;
            }
            if r2 + c2 == r + c {
                out[square].1 |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    out
};

/// The number of discs flipped by a disc of `own` placed on the square `mv` (a single bit) of
/// a full 8x8 board but for `mv`: every other square not in `own` is the opponent's. Four
/// table lookups, one per line through `mv`, each line gathered into a byte (the squares of a
/// diagonal sit in distinct columns; a run that leaves it never finds an own disc).
#[inline]
#[must_use]
pub fn last_flip_count(own: u64, mv: u64) -> u32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let square = mv.trailing_zeros() as usize & 63;
    let (r, c) = (square / 8, square % 8);
    let (diagonal, anti) = DIAGONALS[square];
    let row = (own >> (8 * r)) as usize & 0xff;
    // Row r lands on bit 7 - r.
    let column = (((own >> c) & FILE_A).wrapping_mul(0x8040_2010_0804_0201) >> 56) as usize;
    let gather = |mask: u64| ((own & mask).wrapping_mul(FILE_A) >> 56) as usize;
    u32::from(LINE_FLIPS[c][row])
        + u32::from(LINE_FLIPS[7 - r][column])
        + u32::from(LINE_FLIPS[c][gather(diagonal)])
        + u32::from(LINE_FLIPS[c][gather(anti)])
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
        // Past 8 the board is the whole grid, whatever the size.
        for n in [9, 10, 63, 64, 65, usize::MAX] {
            assert_eq!(board_mask(n), u64::MAX, "{n}");
        }
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

    /// Every filling of every line of the 8x8 grid (and of the 6x6 and 4x4 boards), the rest
    /// empty: the moves and flips against a walk on (row, column) coordinates. Runs of every
    /// length up to 6 along every direction, and lines that end at every edge.
    #[test]
    fn every_filling_of_every_line() {
        const DIRS: [(isize, isize); 8] = [
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        // The flips of a disc of `own` placed at (r, c) on an n x n board.
        let walk = |n: isize, own: u64, opp: u64, r: isize, c: isize| {
            let at = |r: isize, c: isize| {
                (r >= 0 && c >= 0 && r < n && c < n).then(|| 1u64 << (r * 8 + c))
            };
            let mut all = 0;
            for (dr, dc) in DIRS {
                let (mut run, mut x, mut y) = (0, r + dr, c + dc);
                while let Some(b) = at(x, y).filter(|b| b & opp != 0) {
                    run |= b;
                    (x, y) = (x + dr, y + dc);
                }
                if at(x, y).is_some_and(|b| b & own != 0) {
                    all |= run;
                }
            }
            all
        };
        let mut checked = 0;
        for n in [8isize, 6, 4] {
            let on_board = board_mask(n as usize);
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                for r0 in 0..n {
                    for c0 in 0..n {
                        // A line starts where its predecessor is off the board.
                        let (pr, pc) = (r0 - dr, c0 - dc);
                        if pr >= 0 && pc >= 0 && pr < n && pc < n {
                            continue;
                        }
                        let mut line = Vec::new();
                        let (mut r, mut c) = (r0, c0);
                        while r >= 0 && c >= 0 && r < n && c < n {
                            line.push((r, c));
                            (r, c) = (r + dr, c + dc);
                        }
                        if line.len() < 3 {
                            continue;
                        }
                        for code in 0..3u32.pow(line.len() as u32) {
                            let (mut own, mut opp, mut k) = (0u64, 0u64, code);
                            for &(r, c) in &line {
                                match k % 3 {
                                    1 => own |= 1 << (r * 8 + c),
                                    2 => opp |= 1 << (r * 8 + c),
                                    _ => {}
                                }
                                k /= 3;
                            }
                            let mut legal = 0;
                            for &(r, c) in &line {
                                let bit = 1u64 << (r * 8 + c);
                                if (own | opp) & bit != 0 {
                                    continue;
                                }
                                let expected = walk(n, own, opp, r, c);
                                assert_eq!(
                                    flips(own, opp, bit),
                                    expected,
                                    "{own:x} {opp:x} {bit:x}"
                                );
                                if expected != 0 {
                                    legal |= bit;
                                }
                            }
                            assert_eq!(moves(own, opp, on_board), legal, "{own:x} {opp:x}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000);
    }

    /// On random full boards but one square, the count is the number of flips of the mover
    /// and of the opponent (owning every other square).
    #[test]
    fn last_flip_counts_match_the_walk() {
        let mut next = crate::proptests::stream(17);
        for round in 0..20_000 {
            let mv = 1u64 << (round % 64);
            let own = match round / 64 % 3 {
                0 => next() & next(),
                1 => next(),
                _ => next() | next(),
            } & !mv;
            let opp = !own & !mv;
            let mine = flips_by_walking(own, opp, mv).count_ones();
            let theirs = flips_by_walking(opp, own, mv).count_ones();
            assert_eq!(last_flip_count(own, mv), mine, "{own:x} {mv:x}");
            assert_eq!(last_flip_count(opp, mv), theirs, "{opp:x} {mv:x}");
        }
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
