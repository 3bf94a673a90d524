//! Frontier entries for [`BinaryHeap`](std::collections::BinaryHeap), a max-heap: the entry with
//! the lowest `(f, tie)` key is the greatest, so it leaves first.

use crate::cost::Cost;
use std::cmp::Ordering;

/// A priority `f`, a tie-breaking key (lower leaves first among equal priorities) and the item
/// the entry stands for (an arena index, or `()` when the tie key already is one).
#[derive(Clone, Copy)]
pub(crate) struct MinEntry<C, T, I = ()> {
    pub(crate) f: C,
    pub(crate) tie: T,
    pub(crate) item: I,
}

/// The frontier order of two keys: `Less` when `(f, tie)` leaves before `(other_f, other_tie)`.
#[inline]
pub(crate) fn key_order<C: Cost, T: Ord>(f: &C, tie: &T, other_f: &C, other_tie: &T) -> Ordering {
    lexicographic(f.total_order(other_f), tie.cmp(other_tie))
}

/// `first.then(second)` with both comparisons already made, so that the compiler selects
/// instead of branching: the heap compares keys at every level of a sift, and where many
/// priorities are equal (grids) a branch on the first comparison is mispredicted half the time.
#[inline]
pub(crate) fn lexicographic(first: Ordering, second: Ordering) -> Ordering {
    if first.is_eq() { second } else { first }
}

impl<C: Cost, T: Ord, I> PartialEq for MinEntry<C, T, I> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost, T: Ord, I> Eq for MinEntry<C, T, I> {}

impl<C: Cost, T: Ord, I> PartialOrd for MinEntry<C, T, I> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost, T: Ord, I> Ord for MinEntry<C, T, I> {
    /// Reversed: the lowest key is the greatest.
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        key_order(&other.f, &other.tie, &self.f, &self.tie)
    }
}
