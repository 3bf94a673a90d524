//! Boards: which square holds which side's disc.

use crate::rules::board_mask;
use crate::side::Side;
use crate::square::{Square, SquareSet};

/// An `N`x`N` board (`N` even, 4..=8): two disjoint masks of discs, both on the board. Every value
/// is a valid board: boards are built from [`Board::empty`], [`Board::start`] and [`Board::with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board<const N: usize> {
    black: u64,
    white: u64,
}

impl<const N: usize> Board<N> {
    /// Stops the build for unsupported sizes.
    const SIZE_OK: () = assert!(
        N >= 4 && N <= 8 && N % 2 == 0,
        "board size must be 4, 6 or 8"
    );

    /// The squares of the board in the internal layout.
    pub(crate) const MASK: u64 = board_mask(N);

    /// The board with no disc.
    #[must_use]
    pub fn empty() -> Self {
        let () = Self::SIZE_OK;
        Self { black: 0, white: 0 }
    }

    /// The standard start: White on the two central squares of the main diagonal, Black on the
    /// other two.
    #[must_use]
    pub fn start() -> Self {
        let (a, b) = (N / 2 - 1, N / 2);
        let at = |r, c| Square::<N>::new(r, c).expect("central squares are on the board");
        Self::empty()
            .with(at(a, a), Some(Side::White))
            .with(at(b, b), Some(Side::White))
            .with(at(a, b), Some(Side::Black))
            .with(at(b, a), Some(Side::Black))
    }

    /// This board with `square` set to `disc` (`None`: empty).
    #[must_use]
    pub fn with(self, square: Square<N>, disc: Option<Side>) -> Self {
        let bit = square.bit();
        let (mut black, mut white) = (self.black & !bit, self.white & !bit);
        match disc {
            Some(Side::Black) => black |= bit,
            Some(Side::White) => white |= bit,
            None => {}
        }
        Self { black, white }
    }

    /// The disc on `square`, if any.
    #[must_use]
    pub fn get(&self, square: Square<N>) -> Option<Side> {
        let bit = square.bit();
        if self.black & bit != 0 {
            Some(Side::Black)
        } else if self.white & bit != 0 {
            Some(Side::White)
        } else {
            None
        }
    }

    /// The squares holding `side`'s discs.
    #[must_use]
    pub fn discs(&self, side: Side) -> SquareSet<N> {
        SquareSet(self.mask(side))
    }

    /// The empty squares.
    #[must_use]
    pub fn empties(&self) -> SquareSet<N> {
        SquareSet(Self::MASK & !(self.black | self.white))
    }

    /// The number of `side`'s discs.
    #[must_use]
    pub fn count(&self, side: Side) -> u32 {
        self.mask(side).count_ones()
    }

    /// Black's discs minus White's.
    #[must_use]
    pub fn margin(&self) -> i32 {
        self.black.count_ones() as i32 - self.white.count_ones() as i32
    }

    /// `side`'s disc mask in the internal layout.
    pub(crate) fn mask(&self, side: Side) -> u64 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    /// The board from two masks; the caller keeps them disjoint and on the board.
    pub(crate) fn from_masks(side: Side, own: u64, opp: u64) -> Self {
        debug_assert!(own & opp == 0 && (own | opp) & !Self::MASK == 0);
        match side {
            Side::Black => Self {
                black: own,
                white: opp,
            },
            Side::White => Self {
                black: opp,
                white: own,
            },
        }
    }
}

/// Mirrors the columns (`(r, c)` to `(r, 7 - c)`).
pub(crate) fn mirror_columns(x: u64) -> u64 {
    let x = (x >> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) << 1;
    let x = (x >> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) << 2;
    (x >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (x & 0x0f0f_0f0f_0f0f_0f0f) << 4
}

/// Transposes (`(r, c)` to `(c, r)`).
pub(crate) fn transpose(x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    let x = x ^ t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    let x = x ^ t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// The least `(own, opp)` pair among the eight images of an `N`x`N` position under the board's
/// symmetries (mirrors and transposition keep the rules and the margin): positions that are
/// images of each other have the same one.
pub(crate) fn canonical<const N: usize>(own: u64, opp: u64) -> (u64, u64) {
    let rows = |x: u64| x.swap_bytes() >> (8 * (8 - N));
    let cols = |x: u64| mirror_columns(x) >> (8 - N);
    let mut least = (own, opp);
    for t in 1..8 {
        let image = |x: u64| {
            let x = if t & 4 != 0 { transpose(x) } else { x };
            let x = if t & 1 != 0 { rows(x) } else { x };
            if t & 2 != 0 { cols(x) } else { x }
        };
        least = least.min((image(own), image(opp)));
    }
    least
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn images_under_the_symmetries_share_one_canonical_pair() {
        fn masks<const N: usize>(p: &Position<N>) -> (u64, u64) {
            let b = p.board();
            (b.mask(p.to_move()), b.mask(p.to_move().opponent()))
        }
        // The four first moves of the 6x6 start lead to images of one position.
        let start = Position::<6>::start();
        let children: Vec<_> = start
            .moves()
            .map(|m| {
                let (own, opp) = masks(&start.play(m).expect("legal"));
                canonical::<6>(own, opp)
            })
            .collect();
        assert_eq!(children.len(), 4);
        assert!(children.iter().all(|c| *c == children[0]));
        // Two moves in, the positions fall into more than one class, and every image of a
        // position (the eight, built square by square) has its canonical pair.
        let mut classes = Vec::new();
        for a in start.moves() {
            let one = start.play(a).expect("legal");
            for b in one.moves() {
                let (own, opp) = masks(&one.play(b).expect("legal"));
                let least = canonical::<6>(own, opp);
                for t in 0..8 {
                    let image = |x: u64| by_squares::<6>(x, t);
                    assert_eq!(canonical::<6>(image(own), image(opp)), least);
                }
                if !classes.contains(&least) {
                    classes.push(least);
                }
            }
        }
        assert!(classes.len() > 1);
    }

    /// The image of `x` under symmetry `t` square by square: bit 2 transposes, bit 0 mirrors the
    /// rows, bit 1 the columns.
    pub(crate) fn by_squares<const N: usize>(x: u64, t: usize) -> u64 {
        let mut out = 0;
        for r in 0..N {
            for c in 0..N {
                if x & (1 << (r * 8 + c)) != 0 {
                    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if t & 1 != 0 { N - 1 - r } else { r };
                    let c = if t & 2 != 0 { N - 1 - c } else { c };
                    out |= 1 << (r * 8 + c);
                }
            }
        }
        out
    }
}
