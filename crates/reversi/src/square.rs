//! Squares of an `N`x`N` board.

use std::fmt;

/// A square of an `N`x`N` board (`N` in 4..=8). Every value is on the board.
///
/// Internally the square is a bit of a 64-bit mask laid out with a row stride of 8 whatever `N`
/// is (the board sits in the top-left corner of an 8x8 grid), so one move generator serves every
/// size; [`index`](Square::index) is the reading-order index `row * N + col` used in files.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square<const N: usize>(u8);

impl<const N: usize> Square<N> {
    /// Stops the build for sizes the 8x8 layout cannot hold.
    const SIZE_OK: () = assert!(N >= 1 && N <= 8, "board size must be at most 8");

    /// The square at `row`, `col` (from 0), or `None` off the board.
    #[must_use]
    pub fn new(row: usize, col: usize) -> Option<Self> {
        let () = Self::SIZE_OK;
        (row < N && col < N).then(|| Self((row * 8 + col) as u8))
    }

    /// The square with reading-order index `index` (`row * N + col`), or `None` off the board.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Self> {
        Self::new(index / N, index % N)
    }

    /// The row, from 0 at the top.
    #[must_use]
    pub fn row(self) -> usize {
        usize::from(self.0 / 8)
    }

    /// The column, from 0 at the left.
    #[must_use]
    pub fn col(self) -> usize {
        usize::from(self.0 % 8)
    }

    /// The reading-order index `row * N + col`.
    #[must_use]
    pub fn index(self) -> usize {
        self.row() * N + self.col()
    }

    /// Every square in reading order.
    pub fn all() -> impl Iterator<Item = Self> {
        let () = Self::SIZE_OK;
        (0..N * N).map(|i| Self((i / N * 8 + i % N) as u8))
    }

    /// The square's bit in the internal layout.
    pub(crate) fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The square of a bit position of the internal layout; the caller guarantees it is on the
    /// board.
    pub(crate) fn from_bit_position(position: u32) -> Self {
        debug_assert!((position as usize) % 8 < N && (position as usize) / 8 < N);
        Self(position as u8)
    }
}

impl<const N: usize> fmt::Debug for Square<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({},{})", self.row(), self.col())
    }
}

impl<const N: usize> fmt::Display for Square<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

/// A set of squares (a mask), iterated in reading order. Move lists are such sets.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet<const N: usize>(pub(crate) u64);

impl<const N: usize> SquareSet<N> {
    /// The number of squares.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub fn contains(self, square: Square<N>) -> bool {
        self.0 & square.bit() != 0
    }

    /// The first square in reading order.
    #[must_use]
    pub fn first(self) -> Option<Square<N>> {
        (self.0 != 0).then(|| Square::from_bit_position(self.0.trailing_zeros()))
    }
}

impl<const N: usize> Iterator for SquareSet<N> {
    type Item = Square<N>;

    fn next(&mut self) -> Option<Square<N>> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<const N: usize> ExactSizeIterator for SquareSet<N> {}

impl<const N: usize> fmt::Debug for SquareSet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}
