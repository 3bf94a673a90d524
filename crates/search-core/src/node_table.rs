//! One entry per reached state, found with one probe: the states in the order they were first
//! reached, each at a position (`u32`) with a value beside it. A hash table by default; a flat
//! array when the states have dense indices.
//!
//! The fast loops (`monotone.rs`, `fifo.rs`) keep what they know about a state (cost, parent)
//! as its value, so a child costs one probe of one table, and a child that was reached before
//! is dropped without a clone.

use crate::cost::Cost;
use crate::problem::Path;
use crate::state_hash::FxHasher;
use hashbrown::HashTable;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};

/// No position: the parent of the start.
pub(crate) const NONE: u32 = u32::MAX;

/// The states reached so far, each with a value `V`.
pub(crate) trait NodeTable<S, V> {
    /// What the table looks a state up by: its hash, or its index.
    type Key: Copy + PartialEq + std::fmt::Debug;
    /// The key of `state`. Callers compute it from the borrowed state before the state moves
    /// into [`reach`](Self::reach): a large state hashed after the move was read back from a
    /// copy just written, which stalled on some stack alignments (docs/performance-history.md,
    /// session 43).
    fn key(&self, state: &S) -> Self::Key;
    /// The position and value of `state`, whose key is `key`, which is inserted with the value
    /// `make(&state)` when new: `(position, value, newly inserted)`. A state already there is
    /// dropped.
    fn reach(
        &mut self,
        key: Self::Key,
        state: S,
        make: impl FnOnce(&S) -> V,
    ) -> (u32, &mut V, bool);
    /// The states reached, each with its value, at their positions.
    fn entries(&self) -> &[(S, V)];
    /// The same, mutable.
    fn entries_mut(&mut self) -> &mut [(S, V)];
    /// The state and value at `position`.
    #[inline]
    fn get(&self, position: u32) -> (&S, &V) {
        let (s, v) = &self.entries()[position as usize];
        (s, v)
    }
    /// The value at `position`.
    #[inline]
    fn value_mut<'a>(&'a mut self, position: u32) -> &'a mut V
    where
        S: 'a,
    {
        &mut self.entries_mut()[position as usize].1
    }
    /// The number of states reached.
    #[inline]
    fn len(&self) -> usize {
        self.entries().len()
    }
}

/// The position after `len` states.
#[inline]
fn position(len: usize) -> u32 {
    match u32::try_from(len) {
        Ok(p) if p != NONE => p,
        _ => panic!("a search reached more than 2^32 - 1 states"),
    }
}

/// `reach`'s answer for a new state: `state` appended to `entries` with the value `make` gives.
#[inline]
fn append<S, V>(
    entries: &mut Vec<(S, V)>,
    state: S,
    make: impl FnOnce(&S) -> V,
) -> (u32, &mut V, bool) {
    let p = entries.len();
    let value = make(&state);
    entries.push((state, value));
    (p as u32, &mut entries[p].1, true)
}

/// A hash table of states (FxHash), in first-reached order: the entries in a vector, and a
/// hash table of their positions (4 bytes a slot). A hash is not stored; growing the table
/// hashes the states again.
///
/// The table of positions holds no state, so a search takes the thread's emptied one from its
/// last search and gives it back emptied: a thread's searches of similar sizes then grow it
/// once, not once a search (growing it was 4% of the instructions of the uniform-cost searches
/// of the grid benchmark, and more of their time). A table is kept only while it fits the
/// searches that use it (see [`keeps`]), so that emptying it stays proportional to a search's
/// own work.
#[derive(Debug, Clone)]
pub(crate) struct Hashed<S, V> {
    slots: HashTable<u32>,
    entries: Vec<(S, V)>,
}

/// The largest table of positions a thread keeps for its next hashed search: room for 2^20
/// states (about 9 MiB).
const KEEP_HASHED: usize = 1 << 20;

/// A kept table must be at least this full (a fraction `1 / KEEP_FILL`) when its search ends.
const KEEP_FILL: usize = 64;

/// Whether a thread keeps a table of positions with room for `capacity` holding `len` when its
/// search ends: when it is at most [`KEEP_HASHED`] and at least [`KEEP_FILL`]'s fraction full.
/// Emptying a table costs a byte a slot, at most about `KEEP_FILL` bytes for each state the
/// search reached, which is small beside the search's own work. A large table left by an
/// earlier search and little used by this one goes, so that a run of tiny searches after a
/// large one does not empty the large table each time; a table many times too large stays, so
/// that searches of mixed sizes (a map's short and long queries, a maze's most of all) do not
/// grow it again after each short one (docs/performance-history.md, sessions 28 and 35).
fn keeps(len: usize, capacity: usize) -> bool {
    capacity <= KEEP_HASHED && len >= capacity / KEEP_FILL
}

thread_local! {
    /// The emptied table of positions of the thread's last hashed search.
    static HASHED_SLOTS: std::cell::Cell<HashTable<u32>> =
        const { std::cell::Cell::new(HashTable::new()) };
}

impl<S, V> Default for Hashed<S, V> {
    fn default() -> Self {
        Self {
            // A new table while the thread's storage is torn down (a search made there).
            slots: HASHED_SLOTS
                .try_with(std::cell::Cell::take)
                .unwrap_or_default(),
            entries: Vec::new(),
        }
    }
}

impl<S, V> Drop for Hashed<S, V> {
    fn drop(&mut self) {
        if std::thread::panicking() || !keeps(self.slots.len(), self.slots.capacity()) {
            return;
        }
        self.slots.clear();
        let slots = std::mem::take(&mut self.slots);
        // A table dropped while the thread's storage is torn down (a search's tree kept in
        // another thread-local) is freed instead.
        let _ = HASHED_SLOTS.try_with(|kept| kept.set(slots));
    }
}

impl<S: Eq + Hash, V> Hashed<S, V> {
    /// The position of `state`, if reached.
    pub(crate) fn find(&self, state: &S) -> Option<u32> {
        let entries = &self.entries;
        self.slots
            .find(hash_of(state), |&p| entries[p as usize].0 == *state)
            .copied()
    }
}

/// The FxHash of `state`.
#[inline]
pub(crate) fn hash_of<S: Hash>(state: &S) -> u64 {
    BuildHasherDefault::<FxHasher>::default().hash_one(state)
}

impl<S: Eq + Hash, V> NodeTable<S, V> for Hashed<S, V> {
    type Key = u64;
    #[inline]
    fn key(&self, state: &S) -> u64 {
        hash_of(state)
    }
    #[inline]
    fn reach(&mut self, hash: u64, state: S, make: impl FnOnce(&S) -> V) -> (u32, &mut V, bool) {
        debug_assert_eq!(hash, self.key(&state), "the key of another state");
        // A plain find first: most children of a search were reached before, and an entry
        // probe would also look for an insertion slot on every probe.
        let entries = &self.entries;
        if let Some(&p) = self.slots.find(hash, |&p| entries[p as usize].0 == state) {
            return (p, &mut self.entries[p as usize].1, false);
        }
        let p = position(self.entries.len());
        self.slots
            .insert_unique(hash, p, |&p| hash_of(&entries[p as usize].0));
        append(&mut self.entries, state, make)
    }
    #[inline]
    fn entries(&self) -> &[(S, V)] {
        &self.entries
    }
    #[inline]
    fn entries_mut(&mut self) -> &mut [(S, V)] {
        &mut self.entries
    }
}

/// States with dense indices: `slots[index(state)]` holds the state's position plus one (0:
/// not reached).
///
/// The slot array is the thread's: a search takes it from the thread (allocating it zeroed
/// when it is missing or too short), and when the table is dropped, zeroes the slots it used
/// (listed in `used`) and gives it back. So a search pays for the states it reaches, not for
/// `count`: a fresh zeroed array costs a page fault a page touched, and memory the allocator
/// reuses costs a fill of the whole array (once 14% of the instructions of the indexed
/// breadth-first searches of the brc202d benchmark). A thread keeps the array of its last
/// search of at most [`KEEP_SLOTS`] states (64 MiB); a search inside another's closure, or
/// after a panic in one, allocates its own.
pub(crate) struct Indexed<S, V, F> {
    slots: Vec<u32>,
    /// The slots set, to be zeroed when the search ends.
    used: Vec<u32>,
    entries: Vec<(S, V)>,
    index: F,
}

/// The largest slot array a thread keeps for its next indexed search.
const KEEP_SLOTS: usize = 1 << 24;

/// The longest list of used slots a thread keeps for its next indexed search.
const KEEP_USED: usize = 1 << 20;

thread_local! {
    /// The zeroed slot array of the thread's last indexed search.
    static SLOTS: std::cell::Cell<Vec<u32>> = const { std::cell::Cell::new(Vec::new()) };
}

impl<S, V, F: Fn(&S) -> usize> Indexed<S, V, F> {
    /// A table for states whose `index` is below `count`.
    pub(crate) fn new(count: usize, index: F) -> Self {
        let mut slots = SLOTS.take();
        if slots.capacity() < count {
            slots = vec![0; count];
        } else {
            // Zeroes only what `count` adds to the last search's length.
            slots.resize(count, 0);
        }
        Self {
            slots,
            used: crate::kept::take(),
            entries: Vec::new(),
            index,
        }
    }
}

impl<S, V, F> Drop for Indexed<S, V, F> {
    fn drop(&mut self) {
        if std::thread::panicking() || self.slots.capacity() > KEEP_SLOTS {
            return;
        }
        for &i in &self.used {
            self.slots[i as usize] = 0;
        }
        crate::kept::give_list(std::mem::take(&mut self.used), KEEP_USED);
        SLOTS.set(std::mem::take(&mut self.slots));
    }
}

impl<S, V, F: Fn(&S) -> usize> NodeTable<S, V> for Indexed<S, V, F> {
    type Key = usize;
    #[inline]
    fn key(&self, state: &S) -> usize {
        (self.index)(state)
    }
    #[inline]
    fn reach(&mut self, i: usize, state: S, make: impl FnOnce(&S) -> V) -> (u32, &mut V, bool) {
        debug_assert_eq!(i, self.key(&state), "the key of another state");
        let slot = &mut self.slots[i];
        if *slot != 0 {
            let p = *slot - 1;
            return (p, &mut self.entries[p as usize].1, false);
        }
        *slot = position(self.entries.len()) + 1;
        // `i` is below the slots' length, at most `KEEP_SLOTS` when `used` is read.
        self.used.push(i as u32);
        append(&mut self.entries, state, make)
    }
    #[inline]
    fn entries(&self) -> &[(S, V)] {
        &self.entries
    }
    #[inline]
    fn entries_mut(&mut self) -> &mut [(S, V)] {
        &mut self.entries
    }
}

/// How a table's value links its state to the parent: the arrival (action and step cost, `None`
/// for the start) and the parent's position.
pub(crate) trait ParentLink<A, C> {
    /// `(arrival, parent position)`.
    fn link(&self) -> (Option<(&A, C)>, u32);
}

/// The path to the state at `last` whose cost is `cost`, following the values' parent links.
pub(crate) fn path_to<S: Clone, A: Clone, C: Cost, V: ParentLink<A, C>>(
    table: &impl NodeTable<S, V>,
    last: u32,
    cost: C,
) -> Path<S, A, C> {
    let link = |i: u32| {
        let (state, value) = table.get(i);
        let (arrival, parent) = value.link();
        (state, arrival, parent)
    };
    Path::from_parent_links(link(last), cost, link)
}

#[cfg(test)]
mod tests {
    use super::{
        HASHED_SLOTS, Hashed, Indexed, KEEP_HASHED, KEEP_SLOTS, NONE, NodeTable, SLOTS, keeps,
        position,
    };

    /// Positions run up to `NONE - 1`: `NONE` marks the start's missing parent, so the state
    /// that would take it (and any past `u32`) is refused.
    #[test]
    fn the_last_position_is_one_below_none() {
        assert_eq!(position(0), 0);
        assert_eq!(position(NONE as usize - 1), NONE - 1);
        for len in [NONE as usize, NONE as usize + 1] {
            let refused = std::panic::catch_unwind(|| position(len));
            assert!(refused.is_err(), "{len}");
        }
    }

    /// A key must be its state's: a caller that passes another state's key is stopped (in
    /// builds with debug assertions, as the tests are), in both tables.
    #[test]
    #[cfg(debug_assertions)]
    fn a_key_of_another_state_is_refused() {
        let indexed = std::panic::catch_unwind(|| {
            let mut table = Indexed::new(10, |&s: &usize| s);
            table.reach(3, 4, |_| ());
        });
        assert!(indexed.is_err());
        let hashed = std::panic::catch_unwind(|| {
            let mut table = Hashed::default();
            table.reach(table.key(&3u32), 4, |_| ());
        });
        assert!(hashed.is_err());
        // The right keys pass.
        let mut table = Hashed::default();
        assert!(table.reach(table.key(&4u32), 4, |_| ()).2);
    }

    /// The thread's slot array after a table is dropped: `(length, all zero)`.
    fn kept() -> (usize, bool) {
        let slots = SLOTS.take();
        let seen = (slots.len(), slots.iter().all(|&s| s == 0));
        SLOTS.set(slots);
        seen
    }

    #[test]
    fn the_slot_array_goes_back_to_the_thread_zeroed() {
        let mut table = Indexed::new(100, |&s: &usize| s);
        for s in [7, 3, 99, 7] {
            table.reach(table.key(&s), s, |_| ());
        }
        assert_eq!(table.len(), 3);
        drop(table);
        assert_eq!(kept(), (100, true));
        // A smaller search reuses it: nothing reached yet, and its count still bounds it.
        let mut table = Indexed::new(10, |&s: &usize| s);
        assert!(table.reach(table.key(&3), 3, |_| ()).2);
        assert!(!table.reach(table.key(&3), 3, |_| ()).2);
        drop(table);
        assert_eq!(kept(), (10, true));
        // A larger one grows it, zeroed.
        let mut table = Indexed::new(200, |&s: &usize| s);
        assert!(table.reach(table.key(&150), 150, |_| ()).2);
        assert!(table.reach(table.key(&99), 99, |_| ()).2);
        drop(table);
        assert_eq!(kept(), (200, true));
    }

    #[test]
    #[should_panic(expected = "out of bounds")]
    fn an_index_past_the_count_panics_though_the_array_is_longer() {
        drop(Indexed::<usize, (), _>::new(100, |&s: &usize| s));
        let mut table = Indexed::new(10, |&s: &usize| s);
        table.reach(table.key(&50), 50, |_| ());
    }

    /// The thread's table of positions after a hashed table is dropped: `(room, empty)`.
    fn kept_hashed() -> (usize, bool) {
        let slots = HASHED_SLOTS.take();
        let seen = (slots.capacity(), slots.is_empty());
        HASHED_SLOTS.set(slots);
        seen
    }

    /// A hashed table of `states` states `0..states`, dropped: `(room it had, kept room, kept
    /// empty)`.
    fn hashed_search(states: u32) -> (usize, usize, bool) {
        let mut table = Hashed::<u32, ()>::default();
        for s in 0..states {
            assert!(table.reach(table.key(&s), s, |_| ()).2);
        }
        let room = table.slots.capacity();
        drop(table);
        let (kept, empty) = kept_hashed();
        (room, kept, empty)
    }

    #[test]
    fn the_table_of_positions_goes_back_to_the_thread_emptied() {
        drop(HASHED_SLOTS.take());
        let (room, kept, empty) = hashed_search(1000);
        assert!(room >= 1000);
        assert_eq!((kept, empty), (room, true));
        // The next search starts from it: no growth, and it finds nothing of the last one.
        let mut table = Hashed::<u32, ()>::default();
        assert_eq!(table.slots.capacity(), room);
        assert!(table.reach(table.key(&5), 5, |_| ()).2);
        assert_eq!(table.find(&5), Some(0));
        assert_eq!(table.find(&6), None);
        for s in 0..999 {
            table.reach(table.key(&s), s, |_| ());
        }
        assert_eq!(table.slots.capacity(), room);
        drop(table);
        // A search of 10 states after it leaves a table too big for it: not kept.
        let (room_now, kept, _) = hashed_search(10);
        assert_eq!((room_now, kept), (room, 0));
        // Then a table of its own size is.
        let (small, kept, empty) = hashed_search(10);
        assert!(small < room);
        assert_eq!((kept, empty), (small, true));
    }

    #[test]
    fn which_tables_of_positions_are_kept() {
        assert!(keeps(0, 0));
        assert!(keeps(KEEP_HASHED / 64, KEEP_HASHED));
        assert!(!keeps(KEEP_HASHED / 64 - 1, KEEP_HASHED));
        assert!(!keeps(KEEP_HASHED, KEEP_HASHED + 1));
        assert!(keeps(7, 448));
        assert!(!keeps(6, 448));
        assert!(keeps(100, 100));
    }

    #[test]
    fn an_array_past_the_limit_is_not_kept() {
        // One of the limit's size is (its pages are never touched: only its length is read).
        drop(Indexed::<usize, (), _>::new(KEEP_SLOTS, |&s: &usize| s));
        assert_eq!(SLOTS.take().len(), KEEP_SLOTS);
        let table = Indexed::<usize, (), _>::new(KEEP_SLOTS + 1, |&s: &usize| s);
        drop(table);
        assert_eq!(kept(), (0, true));
    }
}
