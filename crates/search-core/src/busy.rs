//! The positions other threads are searching right now, for sibling splitting (simplified
//! ABDADA): the parallel engine's, and any parallel search that wants the same.

use crate::hash::GOLDEN_GAMMA;
use std::sync::atomic::{AtomicU64, Ordering};

/// A small lock-free set of "being searched" marks, one atomic word per slot, indexed by the
/// mark's low bits.
///
/// Only a hint: two marks sharing a slot overwrite each other, so [`contains`](Self::contains)
/// may miss a position being searched or (if a mark happens to equal a stale one) report one
/// that is not. The engine uses the answer only to choose the order of a node's moves, never
/// to skip one, so a wrong answer costs time and never changes a value.
///
/// # Example
///
/// A thread marks a child before searching it and removes the mark after; another thread
/// arriving at the same node puts off the marked child and searches a sibling first.
///
/// ```
/// use search_core::{games::BusySet, games::busy_mark};
///
/// let busy = BusySet::new(10);
/// let child = busy_mark(0xfeed, 7); // the child's key, searched 7 plies deep
/// busy.insert(child);
/// assert!(busy.contains(child)); // another thread would put it off
/// assert!(!busy.contains(busy_mark(0xfeed, 8))); // another depth is another search
/// busy.remove(child);
/// assert!(!busy.contains(child));
/// ```
#[derive(Debug)]
pub struct BusySet {
    slots: Box<[AtomicU64]>,
    mask: u64,
}

/// The mark of the position with key `key` searched to `depth` remaining plies: the same
/// position at another depth (another iteration) is another search. A search without depths
/// passes whatever else tells two searches of one position apart (a null window's bound).
pub fn busy_mark(key: u64, depth: u32) -> u64 {
    // Never 0, the empty slot.
    (key ^ u64::from(depth).wrapping_mul(GOLDEN_GAMMA)).max(1)
}

impl BusySet {
    /// A set of `2^bits` slots.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.min(30);
        Self {
            slots: (0..size).map(|_| AtomicU64::new(0)).collect(),
            mask: size as u64 - 1,
        }
    }

    fn slot(&self, mark: u64) -> &AtomicU64 {
        &self.slots[(mark & self.mask) as usize]
    }

    /// Whether some thread marked `mark` and has not removed it.
    pub fn contains(&self, mark: u64) -> bool {
        self.slot(mark).load(Ordering::Relaxed) == mark
    }

    /// Marks `mark` as being searched (overwriting whatever shared its slot).
    pub fn insert(&self, mark: u64) {
        self.slot(mark).store(mark, Ordering::Relaxed);
    }

    /// Removes `mark` if its slot still holds it (another thread's mark stays).
    pub fn remove(&self, mark: u64) {
        let _ = self
            .slot(mark)
            .compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_come_and_go() {
        let busy = BusySet::new(4);
        let (a, b) = (busy_mark(0x1234, 5), busy_mark(0x1234, 6));
        assert_ne!(a, b, "another depth is another search");
        assert!(!busy.contains(a));
        busy.insert(a);
        assert!(busy.contains(a));
        assert!(!busy.contains(b));
        busy.remove(a);
        assert!(!busy.contains(a));
    }

    #[test]
    fn removing_leaves_another_mark_in_the_slot() {
        let busy = BusySet::new(2);
        // Marks 5 and 9 share slot 1 of 4.
        busy.insert(5);
        busy.insert(9);
        busy.remove(5);
        assert!(busy.contains(9));
        assert!(!busy.contains(5));
        busy.remove(9);
        assert!(!busy.contains(9));
    }

    #[test]
    fn for_one_depth_distinct_keys_get_distinct_marks() {
        // The depth's part is xor-ed in: a bijection of the key (but for keys 0 and 1 of
        // depth 0, which share mark 1 because 0 is the empty slot).
        for depth in [1u32, 2, 7, 40] {
            let part = u64::from(depth).wrapping_mul(GOLDEN_GAMMA);
            for key in [0u64, 1, 0x1234, part, !part, u64::MAX] {
                // Keys that differ inside the depth's bits, and outside them.
                for other in [key ^ (part & 0xffff_0000), key ^ (!part & 0xffff_0000)] {
                    if other != key {
                        assert_ne!(busy_mark(key, depth), busy_mark(other, depth));
                    }
                }
            }
            assert_eq!(busy_mark(part, depth), 1);
        }
        assert_eq!(busy_mark(0xfeed, 0), 0xfeed);
    }

    #[test]
    fn the_empty_slot_is_never_a_mark() {
        let key = 3u64.wrapping_mul(GOLDEN_GAMMA);
        assert_ne!(busy_mark(key, 3), 0);
        assert!(!BusySet::new(2).contains(busy_mark(key, 3)));
    }
}
