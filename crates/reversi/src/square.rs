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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_print_their_row_column_and_index() {
        let square = Square::<6>::new(2, 3).unwrap();
        assert_eq!(format!("{square:?}"), "Square(2,3)");
        assert_eq!(square.to_string(), "15");
        let set = SquareSet::<6>(square.bit() | 1);
        assert_eq!(format!("{set:?}"), "[Square(0,0), Square(2,3)]");
    }

    #[test]
    fn sets_agree_with_their_squares() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            // Random squares of a 6x6 board, in reading order.
            let members: Vec<Square<6>> = Square::<6>::all()
                .filter(|s| (state >> (s.index() + 20)) & 1 == 1 && s.index() % 3 != 0)
                .collect();
            let set = SquareSet::<6>(members.iter().fold(0, |m, s| m | s.bit()));
            assert_eq!(set.collect::<Vec<_>>(), members);
            assert_eq!(set.len(), members.len());
            assert_eq!(set.size_hint(), (members.len(), Some(members.len())));
            assert_eq!(set.is_empty(), members.is_empty());
            assert_eq!(set.first(), members.first().copied());
            for square in Square::<6>::all() {
                assert_eq!(set.contains(square), members.contains(&square));
            }
        }
        assert!(SquareSet::<6>::default().is_empty());
    }
}
