//! The pattern part of the evaluation read straight from the two disc masks and their
//! transposes, without the six other images of the board: each line, diagonal or corner block
//! is gathered once into a few bits (a byte of a row, a multiplication for a diagonal, shifts
//! for a block) and turned into the table index of every image on it by a digit table.
//!
//! - Lines (edge, rows 2 to 4): the rows of the board and of its transpose, each read both
//!   ways (`B3` forwards, [`DigitTables::reversed`] backwards).
//! - Diagonals: every diagonal and anti-diagonal of 4 squares or more, gathered by one
//!   multiplication (their squares are in distinct columns), read both ways.
//! - Corner blocks: the four 3x3 corners of the board (two images each: by rows and by columns
//!   from the corner) and the 2x4 corners of the board and of its transpose (one image each),
//!   with a digit table per image built from the image's squares.
//! - Edges with their X squares: each edge row of the board and of its transpose gathered with
//!   the two X squares next to it into 10 bits, a digit table per image (one per direction).
//!
//! The multiset of `(pattern, index)` read is the one of `for_each_index` (a test checks it).

use super::{B3, PATTERNS};
use crate::board::transpose;
use std::sync::OnceLock;

/// The shifts that bring each corner's 3x3 block to the top-left corner.
const CORNER3_SHIFTS: [u32; 4] = [0, 5, 40, 45];
/// The shifts that bring each corner's 2x4 block to the top-left corner.
const CORNER4_SHIFTS: [u32; 4] = [0, 4, 48, 52];

/// The 3x3 block at the top-left corner of `x >> shift`, by rows (bit 3 * row + col).
#[inline(always)]
fn block3(x: u64, shift: u32) -> usize {
    let y = x >> shift;
    (y & 7 | (y >> 5) & 0x38 | (y >> 10) & 0x1c0) as usize
}

/// The 2x4 block at the top-left corner of `x >> shift`, by rows (bit 4 * row + col).
#[inline(always)]
fn block4(x: u64, shift: u32) -> usize {
    let y = x >> shift;
    (y & 0xf | (y >> 4) & 0xf0) as usize
}

/// The row `row` of `x` (bits 0-7) with the squares in columns 1 and 6 of row `x_row` (bits 8
/// and 9): an edge and its two X squares.
#[inline(always)]
fn edge_x(x: u64, row: u32, x_row: u32) -> usize {
    let line = (x >> (8 * row)) & 0xff;
    let xs = ((x >> (8 * x_row + 1)) & 1) << 8 | ((x >> (8 * x_row + 6)) & 1) << 9;
    (line | xs) as usize
}

/// The edges of [`edge_x`] as `(row, x_row)`: the top and bottom rows.
const EDGE_X_ROWS: [(u32, u32); 2] = [(0, 1), (7, 6)];

/// The squares of `mask` (one per column) gathered by column: bit `c - shift` is column `c`.
#[inline(always)]
fn by_column(x: u64, mask: u64, shift: u32) -> usize {
    ((x & mask).wrapping_mul(0x0101_0101_0101_0101) >> (56 + shift)) as usize
}

/// The mask of the squares `(r0 + k * dr, c0 + k * dc)` on the board.
const fn line_mask(r0: i32, c0: i32, dr: i32, dc: i32) -> u64 {
    let (mut r, mut c, mut mask) = (r0, c0, 0u64);
    while r >= 0 && r < 8 && c >= 0 && c < 8 {
        mask |= 1 << (r * 8 + c);
        r += dr;
        c += dc;
    }
    mask
}

/// The diagonals of `8 - s` squares for `s` in `0..5`, as `(mask, shift)` for [`by_column`]:
/// `(k, k + s)`, `(k, 7 - s - k)`, `(k + s, k)` and `(k + s, 7 - k)` (`k` from 0; for `s = 0`
/// the last two are the first two again: only the first two are read).
const DIAGONAL_LINES: [[(u64, u32); 4]; 5] = {
    let mut out = [[(0, 0); 4]; 5];
    let mut s = 0;
    while s < 5 {
        let si = s as i32;
        out[s] = [
            (line_mask(0, si, 1, 1), s as u32),
            (line_mask(0, 7 - si, 1, -1), 0),
            (line_mask(si, 0, 1, 1), 0),
            (line_mask(si, 7, 1, -1), s as u32),
        ];
        s += 1;
    }
    out
};

/// The digit tables besides `B3`.
struct DigitTables {
    /// `reversed[l][bits]`: bit `k` of `bits` (`k < l`) as base-3 digit `l - 1 - k`.
    reversed: [[u16; 256]; 9],
    /// Per corner of [`CORNER3_SHIFTS`], its two images (by rows, by columns from the corner).
    corner3: [[u16; 512]; 8],
    /// Per corner of [`CORNER4_SHIFTS`], its image on the board, then on the transpose.
    corner4: [[u16; 256]; 8],
    /// Per edge of [`EDGE_X_ROWS`] on the board, then on the transpose, its two images
    /// (read from either corner).
    edge2x: [[u16; 1024]; 8],
}

/// Every image of pattern `p` (its squares as bit positions, in the pattern's order) under the
/// eight symmetries, the same ordered squares once.
fn images_of(p: usize) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for t in 0..8 {
        let bits: Vec<u8> = PATTERNS[p]
            .squares
            .iter()
            .map(|&sq| {
                let (r, c) = super::transform(t, sq);
                r * 8 + c
            })
            .collect();
        if !out.contains(&bits) {
            out.push(bits);
        }
    }
    out
}

/// The digit table of an image whose squares `bits` a gather `read` turns into `width` bits:
/// entry `v` is the index (one side's digits, all 1) of the squares whose gathered bit is set.
fn digit_table<const W: usize>(bits: &[u8], read: impl Fn(u64) -> usize) -> [u16; W] {
    let mut table = [0u16; W];
    for (v, entry) in table.iter_mut().enumerate() {
        let mut power = 1;
        for &b in bits {
            if read(1 << b) & v != 0 {
                *entry += power;
            }
            power *= 3;
        }
    }
    table
}

/// The images of pattern `p` whose squares are the ones `read` gathers, in `images_of` order.
fn images_read_by(p: usize, read: impl Fn(u64) -> usize) -> Vec<Vec<u8>> {
    let gathered: Vec<u8> = (0..64).filter(|&b| read(1 << b) != 0).collect();
    images_of(p)
        .into_iter()
        .filter(|bits| {
            let mut sorted = bits.clone();
            sorted.sort_unstable();
            sorted == gathered
        })
        .collect()
}

fn digits() -> &'static DigitTables {
    static DIGITS: OnceLock<Box<DigitTables>> = OnceLock::new();
    DIGITS.get_or_init(|| {
        let mut d = Box::new(DigitTables {
            reversed: [[0; 256]; 9],
            corner3: [[0; 512]; 8],
            corner4: [[0; 256]; 8],
            edge2x: [[0; 1024]; 8],
        });
        for (l, table) in d.reversed.iter_mut().enumerate() {
            for (v, entry) in table.iter_mut().enumerate() {
                *entry = (0..l)
                    .filter(|k| v >> k & 1 != 0)
                    .map(|k| 3u16.pow((l - 1 - k) as u32))
                    .sum();
            }
        }
        for (i, &shift) in CORNER3_SHIFTS.iter().enumerate() {
            let read = |x: u64| block3(x, shift);
            let images = images_read_by(CORNER3, read);
            assert_eq!(images.len(), 2, "two images of a 3x3 corner");
            for (j, bits) in images.iter().enumerate() {
                d.corner3[2 * i + j] = digit_table(bits, read);
            }
        }
        for (i, &shift) in CORNER4_SHIFTS.iter().enumerate() {
            let on_board = |x: u64| block4(x, shift);
            let on_transpose = |x: u64| block4(transpose(x), shift);
            let (a, b) = (
                images_read_by(CORNER4, on_board),
                images_read_by(CORNER4, on_transpose),
            );
            assert_eq!((a.len(), b.len()), (1, 1), "one image of a 2x4 corner");
            d.corner4[i] = digit_table(&a[0], on_board);
            d.corner4[4 + i] = digit_table(&b[0], on_transpose);
        }
        for (i, &(row, x_row)) in EDGE_X_ROWS.iter().enumerate() {
            for (k, flip) in [false, true].into_iter().enumerate() {
                let read = |x: u64| edge_x(if flip { transpose(x) } else { x }, row, x_row);
                let images = images_read_by(EDGE2X, read);
                assert_eq!(images.len(), 2, "two images of an edge with its X squares");
                for (j, bits) in images.iter().enumerate() {
                    d.edge2x[4 * k + 2 * i + j] = digit_table(bits, read);
                }
            }
        }
        d
    })
}

/// The pattern numbers (in [`PATTERNS`]).
const EDGE: usize = 0;
const CORNER3: usize = 1;
const CORNER4: usize = 2;
const EDGE2X: usize = 11;
/// The line patterns and the row (and its mirror `7 - row`) each reads.
const LINES: [(usize, u32); 4] = [(EDGE, 0), (3, 1), (4, 2), (5, 3)];
/// The first diagonal pattern (8 squares); the next ones have one square fewer each.
const DIAG8: usize = 6;

/// The number of pattern images.
const IMAGES: usize = 92;
const _: () = assert!(RANGES[PATTERNS.len() - 1].2 == IMAGES && IMAGES <= PADDED);

/// The images of each pattern in [`for_each_image`]'s order: `(pattern, first, end)`.
const RANGES: [(usize, usize, usize); PATTERNS.len()] = [
    (EDGE, 0, 8),
    (3, 8, 16),
    (4, 16, 24),
    (5, 24, 32),
    (DIAG8, 32, 36),
    (DIAG8 + 1, 36, 44),
    (DIAG8 + 2, 44, 52),
    (DIAG8 + 3, 52, 60),
    (DIAG8 + 4, 60, 68),
    (CORNER3, 68, 76),
    (CORNER4, 76, 84),
    (EDGE2X, 84, 92),
];

/// Calls `visit(pattern, mine, theirs)` for every image of every pattern, always in the same
/// order (the one of [`RANGES`]): `mine` and `theirs` are the image's base-3 digits of the
/// squares of `own` and of `opp` (its table index is `mine + 2 * theirs`).
#[inline(always)]
fn for_each_image(own: u64, opp: u64, mut visit: impl FnMut(usize, u16, u16)) {
    let d = digits();
    let (own_t, opp_t) = (transpose(own), transpose(opp));
    for (p, row) in LINES {
        for (a, b) in [(own, opp), (own_t, opp_t)] {
            for r in [row, 7 - row] {
                let x = (a >> (8 * r)) as usize & 0xff;
                let y = (b >> (8 * r)) as usize & 0xff;
                visit(p, B3[x], B3[y]);
                visit(p, d.reversed[8][x], d.reversed[8][y]);
            }
        }
    }
    for (s, lines) in DIAGONAL_LINES.iter().enumerate() {
        let rev = &d.reversed[8 - s];
        let count = if s == 0 { 2 } else { 4 };
        for &(mask, shift) in &lines[..count] {
            let (x, y) = (by_column(own, mask, shift), by_column(opp, mask, shift));
            visit(DIAG8 + s, B3[x], B3[y]);
            visit(DIAG8 + s, rev[x], rev[y]);
        }
    }
    for (i, &shift) in CORNER3_SHIFTS.iter().enumerate() {
        let (x, y) = (block3(own, shift), block3(opp, shift));
        let (rows, columns) = (&d.corner3[2 * i], &d.corner3[2 * i + 1]);
        visit(CORNER3, rows[x], rows[y]);
        visit(CORNER3, columns[x], columns[y]);
    }
    for (i, &shift) in CORNER4_SHIFTS.iter().enumerate() {
        let (x, y) = (block4(own, shift), block4(opp, shift));
        let (xt, yt) = (block4(own_t, shift), block4(opp_t, shift));
        visit(CORNER4, d.corner4[i][x], d.corner4[i][y]);
        visit(CORNER4, d.corner4[4 + i][xt], d.corner4[4 + i][yt]);
    }
    for (k, (a, b)) in [(own, opp), (own_t, opp_t)].into_iter().enumerate() {
        for (i, &(row, x_row)) in EDGE_X_ROWS.iter().enumerate() {
            let (x, y) = (edge_x(a, row, x_row), edge_x(b, row, x_row));
            for table in &d.edge2x[4 * k + 2 * i..4 * k + 2 * i + 2] {
                visit(EDGE2X, table[x], table[y]);
            }
        }
    }
}

/// The table entry of an image.
#[inline(always)]
fn entry(table: &[i16], mine: u16, theirs: u16) -> i32 {
    i32::from(table[usize::from(mine) + 2 * usize::from(theirs)])
}

/// The sum of the pattern tables' entries (`tables[pattern]`, one stage's) over every image
/// of every pattern, for the mover `own` against `opp`.
#[inline]
pub(super) fn pattern_sum(tables: &[&[i16]; PATTERNS.len()], own: u64, opp: u64) -> i32 {
    let mut sum = 0;
    for_each_image(own, opp, |p, mine, theirs| {
        sum += entry(tables[p], mine, theirs)
    });
    sum
}

/// Every image's table index for the side to move and for the other side, kept up to date
/// move by move ([`Sums::after`]) instead of read again from the board. Padded to whole
/// vectors (the entries past [`IMAGES`] stay 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sums {
    mover: [u16; PADDED],
    other: [u16; PADDED],
}

/// [`IMAGES`] rounded up to 16 (32-byte vectors).
const PADDED: usize = 96;

/// `POWERS[square][image]`: the value of the square's base-3 digit in the image (`3^k`, 0
/// when the image does not hold the square).
fn square_powers() -> &'static [[u16; PADDED]; 64] {
    static POWERS: OnceLock<Box<[[u16; PADDED]; 64]>> = OnceLock::new();
    POWERS.get_or_init(|| {
        let mut out = Box::new([[0; PADDED]; 64]);
        for (square, powers) in out.iter_mut().enumerate() {
            *powers = Sums::read(1 << square, 0).mover;
        }
        out
    })
}

impl Sums {
    /// The indices of the mover `own` against `opp`, read from the board.
    pub(crate) fn read(own: u64, opp: u64) -> Self {
        let mut sums = Self {
            mover: [0; PADDED],
            other: [0; PADDED],
        };
        let mut i = 0;
        for_each_image(own, opp, |_, mine, theirs| {
            sums.mover[i % PADDED] = mine + 2 * theirs;
            sums.other[i % PADDED] = theirs + 2 * mine;
            i += 1;
        });
        sums
    }

    /// Sets `child` to the indices after the mover places on `bit`, flipping `flipped`, for
    /// the side then to move (the opponent): a flipped square's digit goes from 1 to 2 for
    /// it and from 2 to 1 for the other side, the placed square's from 0 to 2 and to 1. The
    /// flipped squares' powers are summed first, then applied with the placed square's.
    #[inline]
    pub(crate) fn after(&self, bit: u64, flipped: u64, child: &mut Self) {
        let powers = square_powers();
        let mut delta = [0u16; PADDED];
        let mut rest = flipped;
        while rest != 0 {
            let square = &powers[rest.trailing_zeros() as usize & 63];
            rest &= rest - 1;
            for (d, &p) in delta.iter_mut().zip(square) {
                *d = d.wrapping_add(p);
            }
        }
        let placed = &powers[bit.trailing_zeros() as usize & 63];
        for i in 0..PADDED {
            let (d, p) = (delta[i], placed[i]);
            child.mover[i] = self.other[i].wrapping_add(d).wrapping_add(2 * p);
            child.other[i] = self.mover[i].wrapping_sub(d).wrapping_add(p);
        }
    }

    /// The indices of the same position with the other side to move (a pass).
    pub(crate) fn swapped(&self) -> Self {
        Self {
            mover: self.other,
            other: self.mover,
        }
    }

    /// [`pattern_sum`] from the indices, over padded tables (`tables[pattern]`, one stage's).
    #[inline]
    pub(super) fn sum(&self, tables: &[Box<[i16; super::PADDED_TABLE]>; PATTERNS.len()]) -> i32 {
        let mut sum = 0;
        for &(p, first, end) in &RANGES {
            let table = &tables[p];
            for &index in &self.mover[first..end] {
                sum += i32::from(table[usize::from(index)]);
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table of random weights in -1000..=1000 for every pattern.
    fn random_tables(next: &mut impl FnMut() -> u64) -> Vec<Vec<i16>> {
        PATTERNS
            .iter()
            .map(|p| {
                (0..super::super::table_size(p))
                    .map(|_| (next() % 2001) as i16 - 1000)
                    .collect()
            })
            .collect()
    }

    /// On random masks from sparse to full, with random tables, the sum is the one over
    /// `for_each_index` (every image read on the eight images of the board).
    #[test]
    fn the_sum_is_the_one_over_every_image() {
        let mut next = crate::proptests::stream(21);
        let tables = random_tables(&mut next);
        let slices: [&[i16]; PATTERNS.len()] = std::array::from_fn(|p| tables[p].as_slice());
        for round in 0..3000 {
            let occupied = match round % 4 {
                0 => next() & next(),
                1 => next(),
                2 => next() | next(),
                _ => !(next() & next() & next()),
            };
            let own = occupied & next();
            let opp = occupied & !own;
            let mut plain = 0;
            super::super::for_each_index(own, opp, |p, i| plain += i32::from(tables[p][i]));
            assert_eq!(pattern_sum(&slices, own, opp), plain, "{own:x} {opp:x}");
        }
    }

    /// Along random games, the digits after each move are the child's read from the board,
    /// and their sum is [`pattern_sum`].
    #[test]
    fn digits_kept_up_to_date_are_the_ones_read() {
        use crate::position::Position;
        let mut next = crate::proptests::stream(5);
        let tables = random_tables(&mut next);
        let slices: [&[i16]; PATTERNS.len()] = std::array::from_fn(|p| tables[p].as_slice());
        let padded: [Box<[i16; super::super::PADDED_TABLE]>; PATTERNS.len()] =
            std::array::from_fn(|p| {
                let mut padded = Box::new([0; super::super::PADDED_TABLE]);
                padded[..tables[p].len()].copy_from_slice(&tables[p]);
                padded
            });
        let mut moves = 0;
        for _ in 0..20 {
            let mut position = Position::<8>::start();
            while !position.is_over() {
                let (own, opp) = super::super::masks(&position);
                let sums = Sums::read(own, opp);
                assert_eq!(sums.sum(&padded), pattern_sum(&slices, own, opp));
                let placements = crate::rules::moves(own, opp, u64::MAX);
                let mut rest = placements;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest ^= bit;
                    let flipped = crate::rules::flips_by_walking(own, opp, bit);
                    let child = (opp & !flipped, own | flipped | bit);
                    let mut after = sums;
                    sums.after(bit, flipped, &mut after);
                    assert_eq!(after, Sums::read(child.0, child.1));
                    moves += 1;
                }
                let all: Vec<_> = position.moves().collect();
                position = position
                    .play(all[(next() % all.len() as u64) as usize])
                    .unwrap();
            }
        }
        assert!(moves > 5000, "{moves}");
    }

    /// A pass swaps the two sides' indices: the same as reading the board for the other side.
    #[test]
    fn a_pass_swaps_the_sides_indices() {
        let mut next = crate::proptests::stream(13);
        for _ in 0..200 {
            let occupied = next();
            let own = occupied & next();
            let opp = occupied & !own;
            let sums = Sums::read(own, opp);
            assert_eq!(sums.swapped(), Sums::read(opp, own), "{own:x} {opp:x}");
            assert!(sums.mover[IMAGES..].iter().all(|&i| i == 0));
        }
    }
}
