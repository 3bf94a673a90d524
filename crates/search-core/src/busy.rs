//! The positions other threads are searching right now, for sibling splitting (simplified
//! ABDADA): the parallel engine's, and any parallel search that wants the same.

use crate::hash::GOLDEN_GAMMA;
use std::sync::atomic::{AtomicU64, Ordering};

/// A small lock-free set of "being searched" marks: one atomic word per slot (0: free), in
/// groups of four slots on one cache line; a mark's low bits choose its group.
///
/// A mark takes the first free slot of its group and keeps it until it is removed, so a mark
/// that stays long (a child near the root, searched for minutes) is not lost to the many short
/// ones that come and go meanwhile. Two threads marking the same child take a slot each, and
/// the child stays marked until both have removed theirs.
///
/// Only a hint: a mark whose group is full is not recorded, so [`contains`](Self::contains)
/// may miss a position being searched (and removing a mark that was not recorded removes an
/// equal one another thread recorded). The engine uses the answer only to choose the order of
/// a node's moves, never to skip one, so a wrong answer costs time and never changes a value.
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
    groups: Box<[Group]>,
    mask: u64,
}

/// The slots of one group of a [`BusySet`].
const BUSY_GROUP: usize = 4;

/// [`BUSY_GROUP`] slots on one cache line.
#[derive(Debug, Default)]
#[repr(align(32))]
struct Group([AtomicU64; BUSY_GROUP]);

/// The mark of the position with key `key` searched to `depth` remaining plies: the same
/// position at another depth (another iteration) is another search. A search without depths
/// passes whatever else tells two searches of one position apart (a null window's bound).
pub fn busy_mark(key: u64, depth: u32) -> u64 {
    // Never 0, the free slot.
    (key ^ u64::from(depth).wrapping_mul(GOLDEN_GAMMA)).max(1)
}

impl BusySet {
    /// A set of `2^bits` slots (one group at least).
    pub fn new(bits: u32) -> Self {
        let groups = (1usize << bits.min(30)).div_ceil(BUSY_GROUP);
        Self {
            groups: (0..groups).map(|_| Group::default()).collect(),
            mask: groups as u64 - 1,
        }
    }

    fn group(&self, mark: u64) -> &[AtomicU64; BUSY_GROUP] {
        &self.groups[(mark & self.mask) as usize].0
    }

    /// Whether some thread marked `mark` and has not removed it.
    pub fn contains(&self, mark: u64) -> bool {
        self.group(mark)
            .iter()
            .any(|slot| slot.load(Ordering::Relaxed) == mark)
    }

    /// Marks `mark` as being searched, in the first free slot of its group (none free: the
    /// mark is not recorded).
    pub fn insert(&self, mark: u64) {
        for slot in self.group(mark) {
            let taken = slot.compare_exchange(0, mark, Ordering::Relaxed, Ordering::Relaxed);
            if taken.is_ok() {
                return;
            }
        }
    }

    /// Removes one recording of `mark` (other marks of the group stay, and so does a second
    /// recording of the same mark).
    pub fn remove(&self, mark: u64) {
        for slot in self.group(mark) {
            let freed = slot.compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
            if freed.is_ok() {
                return;
            }
        }
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
    fn removing_leaves_the_other_marks_of_the_group() {
        // Eight slots: two groups, marks 4, 8, 12, 16 and 20 all in group 0.
        let busy = BusySet::new(3);
        for mark in [4, 8, 12] {
            busy.insert(mark);
        }
        busy.remove(8);
        assert!(busy.contains(4) && busy.contains(12));
        assert!(!busy.contains(8));
        busy.insert(16);
        busy.insert(20);
        assert!([4, 12, 16, 20].iter().all(|&m| busy.contains(m)));
        assert!(!busy.contains(5), "another group, nothing marked");
    }

    #[test]
    fn a_full_group_records_no_more_marks() {
        let busy = BusySet::new(3);
        for mark in [2, 4, 6, 8] {
            busy.insert(mark);
        }
        busy.insert(10);
        assert!(!busy.contains(10), "group 0 is full");
        busy.insert(1);
        assert!(busy.contains(1), "group 1 has room");
        busy.remove(6);
        busy.insert(10);
        assert!(busy.contains(10), "a freed slot is taken again");
    }

    #[test]
    fn a_mark_recorded_twice_stays_until_removed_twice() {
        let busy = BusySet::new(3);
        busy.insert(7);
        busy.insert(7);
        busy.remove(7);
        assert!(busy.contains(7), "the other thread is still searching it");
        busy.remove(7);
        assert!(!busy.contains(7));
    }

    #[test]
    fn a_long_mark_outlives_the_short_ones_of_its_group() {
        // The mark of a child near the root stays while thousands of others come and go.
        let busy = BusySet::new(4);
        busy.insert(0x40);
        for mark in (1..5000u64).map(|k| k << 4) {
            busy.insert(mark);
            busy.remove(mark);
        }
        assert!(busy.contains(0x40));
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
