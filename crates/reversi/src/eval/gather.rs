//! The pattern part of the evaluation read straight from the two disc masks and their
//! transposes, without the six other images of the board: each line, diagonal or corner block
//! is gathered once into a few bits (a byte of a row, a multiplication for a diagonal, shifts
//! for a block) and turned into the table index of every image on it by a digit table.
//!
//! - Lines (edge, rows 2 to 4): the rows of the board and of its transpose, each read both
//!   ways (`B3` forwards, [`Digits::reversed`] backwards).
//! - Diagonals: every diagonal and anti-diagonal of 4 squares or more, gathered by one
//!   multiplication (their squares are in distinct columns), read both ways.
//! - Corner blocks: the four 3x3 corners of the board (two images each: by rows and by columns
//!   from the corner) and the 2x4 corners of the board and of its transpose (one image each),
//!   with a digit table per image built from the image's squares.
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
struct Digits {
    /// `reversed[l][bits]`: bit `k` of `bits` (`k < l`) as base-3 digit `l - 1 - k`.
    reversed: [[u16; 256]; 9],
    /// Per corner of [`CORNER3_SHIFTS`], its two images (by rows, by columns from the corner).
    corner3: [[u16; 512]; 8],
    /// Per corner of [`CORNER4_SHIFTS`], its image on the board, then on the transpose.
    corner4: [[u16; 256]; 8],
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

fn digits() -> &'static Digits {
    static DIGITS: OnceLock<Box<Digits>> = OnceLock::new();
    DIGITS.get_or_init(|| {
        let mut d = Box::new(Digits {
            reversed: [[0; 256]; 9],
            corner3: [[0; 512]; 8],
            corner4: [[0; 256]; 8],
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
        d
    })
}

/// The pattern numbers (in [`PATTERNS`]).
const EDGE: usize = 0;
const CORNER3: usize = 1;
const CORNER4: usize = 2;
/// The line patterns and the row (and its mirror `7 - row`) each reads.
const LINES: [(usize, u32); 4] = [(EDGE, 0), (3, 1), (4, 2), (5, 3)];
/// The first diagonal pattern (8 squares); the next ones have one square fewer each.
const DIAG8: usize = 6;

/// The sum of the pattern tables' entries (`tables[pattern]`, one stage's) over every image
/// of every pattern, for the mover `own` against `opp`.
#[inline]
pub(super) fn pattern_sum(tables: &[&[i16]; PATTERNS.len()], own: u64, opp: u64) -> i32 {
    let d = digits();
    let index = |t: &[u16], a: usize, b: usize| usize::from(t[a]) + 2 * usize::from(t[b]);
    let (own_t, opp_t) = (transpose(own), transpose(opp));
    let mut sum = 0;
    for (p, row) in LINES {
        let w = tables[p];
        for (a, b) in [(own, opp), (own_t, opp_t)] {
            for r in [row, 7 - row] {
                let (x, y) = (
                    (a >> (8 * r)) as usize & 0xff,
                    (b >> (8 * r)) as usize & 0xff,
                );
                sum += i32::from(w[index(&B3, x, y)]) + i32::from(w[index(&d.reversed[8], x, y)]);
            }
        }
    }
    for (s, lines) in DIAGONAL_LINES.iter().enumerate() {
        let (w, rev) = (tables[DIAG8 + s], &d.reversed[8 - s]);
        let count = if s == 0 { 2 } else { 4 };
        for &(mask, shift) in &lines[..count] {
            let (x, y) = (by_column(own, mask, shift), by_column(opp, mask, shift));
            sum += i32::from(w[index(&B3, x, y)]) + i32::from(w[index(rev, x, y)]);
        }
    }
    let w = tables[CORNER3];
    for (i, &shift) in CORNER3_SHIFTS.iter().enumerate() {
        let (x, y) = (block3(own, shift), block3(opp, shift));
        sum += i32::from(w[index(&d.corner3[2 * i], x, y)])
            + i32::from(w[index(&d.corner3[2 * i + 1], x, y)]);
    }
    let w = tables[CORNER4];
    for (i, &shift) in CORNER4_SHIFTS.iter().enumerate() {
        let (x, y) = (block4(own, shift), block4(opp, shift));
        let (xt, yt) = (block4(own_t, shift), block4(opp_t, shift));
        sum += i32::from(w[index(&d.corner4[i], x, y)])
            + i32::from(w[index(&d.corner4[4 + i], xt, yt)]);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random masks from sparse to full, with random tables, the sum is the one over
    /// `for_each_index` (every image read on the eight images of the board).
    #[test]
    fn the_sum_is_the_one_over_every_image() {
        let mut next = crate::proptests::stream(21);
        let tables: Vec<Vec<i16>> = PATTERNS
            .iter()
            .map(|p| {
                (0..super::super::table_size(p))
                    .map(|_| (next() % 2001) as i16 - 1000)
                    .collect()
            })
            .collect();
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
}
