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
