//! Transposition tables of the engine: [`TranspositionTable`] for one thread and
//! [`SharedTable`], lock-free, for several.
//!
//! Both keep two slots per index (adjacent, so one cache line): the first keeps the deeper
//! search (among equal depths, the bigger subtree), the second takes whatever the first refuses.
//! An entry names its best move by its index in the move list after
//! [`EngineGame::order_moves`](crate::games::EngineGame::order_moves), which is the same list every time
//! the same position is searched; so a table needs no knowledge of the move type.

use crate::busy::BusySet;
use crate::game::Value;
use std::sync::atomic::{AtomicU64, Ordering};

/// The remaining depth of an unlimited (exact) search, as stored in an [`Entry`].
pub const UNLIMITED: u32 = u32::MAX;

/// What an entry says about the value of its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The value is at least the stored one (a cut-off happened).
    Lower,
    /// The value is at most the stored one (no move raised alpha).
    Upper,
}

/// One stored search result, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The remaining depth searched ([`UNLIMITED`] for an exact search).
    pub depth: u32,
    /// The nodes the search below the entry visited (saturating; [`SharedTable`] keeps it to
    /// about 0.4%): among entries of equal depth the bigger subtree is kept.
    pub work: u32,
    /// The value or bound.
    pub value: Value,
    /// What `value` says.
    pub bound: Bound,
    /// The index of the best move in the ordered move list, if there was one.
    pub best: Option<u8>,
}

impl Entry {
    /// Whether this entry, already in the first slot, should stay there rather than give way to
    /// `new` (for a different key).
    fn outranks(&self, new: &Entry) -> bool {
        self.depth > new.depth || (self.depth == new.depth && self.work > new.work)
    }
}

/// The table interface the engine searches with (a one-thread table or a shared one).
pub(crate) trait Table {
    /// The entry stored for `key`, if any.
    fn probe(&self, key: u64) -> Option<Entry>;
    /// Stores `entry` for `key`.
    fn store(&mut self, key: u64, entry: Entry);
    /// The positions other threads are searching, when the search splits a node's moves among
    /// threads; `None` (the default, one thread) searches every node's moves in order.
    fn busy(&self) -> Option<&BusySet> {
        None
    }
}

/// The one-thread two-slot table of the [`Engine`](crate::games::Engine).
///
/// ```
/// use search_core::{games::Bound, games::Entry, games::TranspositionTable};
/// let mut table = TranspositionTable::new(4);
/// let entry = Entry { depth: 3, work: 10, value: 7, bound: Bound::Exact, best: Some(1) };
/// table.store(0xfeed, entry);
/// assert_eq!(table.probe(0xfeed), Some(entry));
/// assert_eq!(table.probe(0xbeef), None);
/// ```
#[derive(Debug, Clone)]
pub struct TranspositionTable {
    slots: Vec<Option<(u64, Entry)>>,
    mask: u64,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (`bits` capped at 40).
    #[must_use]
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.min(40);
        Self {
            slots: vec![None; size],
            mask: size as u64 - 1,
        }
    }

    /// The two slot indices of `key`: the deep one, then the replace-always one.
    fn indices(&self, key: u64) -> (usize, usize) {
        let deep = (key & self.mask & !1) as usize;
        (deep, (deep | 1) & self.mask as usize)
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (deep, fresh) = self.indices(key);
        [deep, fresh]
            .into_iter()
            .find_map(|i| self.slots[i].filter(|(k, _)| *k == key).map(|(_, e)| e))
    }

    /// Stores `entry` for `key`: in the first slot when it is free, holds the same key or an
    /// entry that does not outrank `entry` (which then moves to the second slot); otherwise in
    /// the second slot.
    pub fn store(&mut self, key: u64, entry: Entry) {
        let (deep, fresh) = self.indices(key);
        match self.slots[deep] {
            Some((k, old)) if k != key => {
                if old.outranks(&entry) {
                    self.slots[fresh] = Some((key, entry));
                } else {
                    self.slots[fresh] = Some((k, old));
                    self.slots[deep] = Some((key, entry));
                }
            }
            _ => self.slots[deep] = Some((key, entry)),
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }
}

impl Table for TranspositionTable {
    fn probe(&self, key: u64) -> Option<Entry> {
        TranspositionTable::probe(self, key)
    }
    fn store(&mut self, key: u64, entry: Entry) {
        TranspositionTable::store(self, key, entry);
    }
}

/// A two-slot table several threads probe and write at once without locks.
///
/// Each slot is two atomic words: the entry packed into 64 bits and the key XOR that word. A
/// reader accepts a slot only when the two words it read XOR to its key, so a slot torn by two
/// writers racing is read as empty instead of as a wrong entry (the "XOR trick" of parallel
/// chess programs). Packing limits: depths up to 254 (deeper finite depths are not stored) and
/// the work counter kept to about 0.4%.
///
/// ```
/// use search_core::{games::Bound, games::Entry, games::SharedTable};
/// let table = SharedTable::new(4);
/// let entry = Entry { depth: 3, work: 10, value: -7, bound: Bound::Lower, best: None };
/// std::thread::scope(|s| {
///     s.spawn(|| table.store(0xfeed, entry));
/// });
/// assert_eq!(table.probe(0xfeed), Some(entry));
/// ```
#[derive(Debug)]
pub struct SharedTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: u64,
}

/// The packed depth of an unlimited search.
const PACKED_UNLIMITED: u64 = 0xff;

impl SharedTable {
    /// A table of `2^bits` entries (`bits` capped at 40).
    #[must_use]
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.min(40);
        Self {
            slots: (0..size)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: size as u64 - 1,
        }
    }

    fn indices(&self, key: u64) -> (usize, usize) {
        let deep = (key & self.mask & !1) as usize;
        (deep, (deep | 1) & self.mask as usize)
    }

    /// The entry in slot `i` if it holds `key`.
    fn read(&self, i: usize) -> Option<(u64, Entry)> {
        let [check, data] = &self.slots[i];
        let data = data.load(Ordering::Relaxed);
        let key = check.load(Ordering::Relaxed) ^ data;
        unpack(data).map(|e| (key, e))
    }

    fn write(&self, i: usize, key: u64, data: u64) {
        let [check, word] = &self.slots[i];
        check.store(key ^ data, Ordering::Relaxed);
        word.store(data, Ordering::Relaxed);
    }

    /// The entry stored for `key`, if any (a torn slot reads as empty).
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (deep, fresh) = self.indices(key);
        [deep, fresh]
            .into_iter()
            .find_map(|i| self.read(i).filter(|(k, _)| *k == key).map(|(_, e)| e))
    }

    /// Stores `entry` for `key` with the replacement rule of
    /// [`TranspositionTable::store`]; an entry of a finite depth above 254 is not stored.
    pub fn store(&self, key: u64, entry: Entry) {
        let Some(data) = pack(&entry) else {
            return;
        };
        let (deep, fresh) = self.indices(key);
        match self.read(deep) {
            Some((k, old)) if k != key => {
                if old.outranks(&unpack(data).unwrap_or(entry)) {
                    self.write(fresh, key, data);
                } else {
                    if let Some(old_data) = pack(&old) {
                        self.write(fresh, k, old_data);
                    }
                    self.write(deep, key, data);
                }
            }
            _ => self.write(deep, key, data),
        }
    }

    /// Empties every slot.
    pub fn clear(&mut self) {
        for [check, data] in &mut self.slots {
            *check.get_mut() = 0;
            *data.get_mut() = 0;
        }
    }
}

/// Packs an entry: value (32 bits), bound (2, never 0), best move (8, 0xff for none), depth (8,
/// 0xff unlimited), work (14, see [`pack_work`]). `None` for a finite depth above 254.
fn pack(entry: &Entry) -> Option<u64> {
    let depth = match entry.depth {
        UNLIMITED => PACKED_UNLIMITED,
        d if u64::from(d) < PACKED_UNLIMITED => u64::from(d),
        _ => return None,
    };
    let bound = match entry.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let best = entry.best.map_or(0xff, u64::from);
    Some(
        u64::from(entry.value as u32)
            | bound << 32
            | best << 34
            | depth << 42
            | pack_work(entry.work) << 50,
    )
}

/// The inverse of [`pack`] (the work rounded down); `None` for an empty slot.
fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 32) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let best = ((data >> 34) & 0xff) as u8;
    let depth = (data >> 42) & 0xff;
    Some(Entry {
        depth: if depth == PACKED_UNLIMITED {
            UNLIMITED
        } else {
            depth as u32
        },
        work: unpack_work((data >> 50) as u32 & 0x3fff),
        value: data as u32 as Value,
        bound,
        best: (best != 0xff).then_some(best),
    })
}

/// A monotone 14-bit code of a work count: the bit length (6 bits) and the 8 bits after the
/// leading one. Exact below 512.
fn pack_work(work: u32) -> u64 {
    let length = 32 - work.leading_zeros();
    let mantissa = if length <= 9 {
        work & 0xff
    } else {
        (work >> (length - 9)) & 0xff
    };
    u64::from(length << 8 | mantissa)
}

/// The smallest work count with the code `code`.
fn unpack_work(code: u32) -> u32 {
    let (length, mantissa) = (code >> 8, code & 0xff);
    match length {
        0 => 0,
        1..=9 => mantissa | (1 << (length - 1)),
        _ => (mantissa | 0x100) << (length - 9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn entry(depth: u32, work: u32, value: Value) -> Entry {
        Entry {
            depth,
            work,
            value,
            bound: Bound::Exact,
            best: None,
        }
    }

    #[test]
    fn deeper_entry_keeps_the_first_slot() {
        // Keys 0b100 and 0b1000 share index 0 in a 4-slot table.
        let mut one = TranspositionTable::new(2);
        let shared = SharedTable::new(2);
        one.store(4, entry(5, 1, 1));
        shared.store(4, entry(5, 1, 1));
        one.store(8, entry(3, 1, 2));
        shared.store(8, entry(3, 1, 2));
        // A third key evicts the replace-always slot, never the deep one.
        one.store(12, entry(1, 1, 3));
        shared.store(12, entry(1, 1, 3));
        for probe in [one.probe(4), shared.probe(4)] {
            assert_eq!(probe, Some(entry(5, 1, 1)));
        }
        assert_eq!(one.probe(8), None);
        assert_eq!(shared.probe(8), None);
        assert_eq!(one.probe(12), Some(entry(1, 1, 3)));
        // A deeper search takes the first slot and pushes the old one down.
        one.store(8, entry(9, 1, 4));
        assert_eq!(one.probe(8), Some(entry(9, 1, 4)));
        assert_eq!(one.probe(4), Some(entry(5, 1, 1)));
        assert_eq!(one.probe(12), None);
    }

    #[test]
    fn torn_slot_reads_as_empty() {
        let table = SharedTable::new(2);
        table.store(4, entry(5, 1, 1));
        // Another writer's data word lands without its check word.
        let other = pack(&entry(6, 1, 9)).unwrap();
        table.slots[0][1].store(other, Ordering::Relaxed);
        assert_eq!(table.probe(4), None);
    }

    proptest! {
        #[test]
        fn packing_round_trips(value in any::<i32>(), depth in prop_oneof![0u32..255, Just(UNLIMITED)],
                               work in any::<u32>(), bound in 0usize..3, best in prop::option::of(0u8..255)) {
            let e = Entry { depth, work, value, bound: [Bound::Exact, Bound::Lower, Bound::Upper][bound], best };
            let back = unpack(pack(&e).unwrap()).unwrap();
            prop_assert_eq!(Entry { work: e.work, ..back }, e);
            prop_assert!(back.work <= work);
            prop_assert!(u64::from(work - back.work) * 256 <= u64::from(work));
        }

        #[test]
        fn work_code_is_monotone(a in any::<u32>(), b in any::<u32>()) {
            if a <= b {
                prop_assert!(pack_work(a) <= pack_work(b));
            }
        }
    }
}
