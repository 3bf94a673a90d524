//! The transposition table of the exact solver: bounds on the exact value of positions, keyed by
//! the full pair of disc masks (no false hits), in buckets of two entries, shared by the threads
//! of a parallel solve.
//!
//! Each entry is guarded by a sequence number (a seqlock): a writer takes it from even to odd,
//! writes, and sets it even again; a reader keeps what it read only if the number was the same
//! even value before and after. A torn entry (half of one position, half of another) is never
//! seen, so a probe answers only for the position it asked about. A writer that finds the entry
//! taken by another thread drops its store: the table is a cache.

use std::sync::atomic::{AtomicU64, Ordering, fence};

/// What a probe finds about a position: bounds on the mover's exact final margin and a best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    /// The exact value is at least `lower` and at most `upper`.
    pub(super) lower: i8,
    pub(super) upper: i8,
    /// The bit position of a best move, or 64 for none.
    pub(super) best: u8,
    /// Stored by a selective search: the bounds are only likely, the move only a hint.
    pub(super) selective: bool,
}

/// The packed part of a slot: bounds, best move, empty squares (the work behind it) and the
/// search that stored it (0: never written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Data {
    entry: Entry,
    empties: u8,
    date: u8,
}

impl Data {
    fn pack(self) -> u64 {
        u64::from(self.entry.lower as u8)
            | u64::from(self.entry.upper as u8) << 8
            | u64::from(self.entry.best) << 16
            | u64::from(self.empties) << 24
            | u64::from(self.date) << 32
            | u64::from(self.entry.selective) << 40
    }

    fn unpack(word: u64) -> Self {
        Self {
            entry: Entry {
                lower: word as u8 as i8,
                upper: (word >> 8) as u8 as i8,
                best: (word >> 16) as u8,
                selective: (word >> 40) & 1 != 0,
            },
            empties: (word >> 24) as u8,
            date: (word >> 32) as u8,
        }
    }
}

/// A well-mixed 64-bit key of a position (the table's index comes from its high bits).
pub(super) fn position_key(own: u64, opp: u64) -> u64 {
    (own.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ opp.wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
        .rotate_left(17)
        .wrapping_mul(0xff51_afd7_ed55_8ccd)
}

/// One slot: a sequence number (odd while written), the position and its packed data.
#[derive(Debug, Default)]
struct Slot {
    sequence: AtomicU64,
    own: AtomicU64,
    opp: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// A consistent copy of the slot's position and data, or `None` while it is being written.
    fn read(&self) -> Option<(u64, u64, Data)> {
        let before = self.sequence.load(Ordering::Acquire);
        let own = self.own.load(Ordering::Relaxed);
        let opp = self.opp.load(Ordering::Relaxed);
        let data = self.data.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let after = self.sequence.load(Ordering::Relaxed);
        (before == after && before % 2 == 0).then(|| (own, opp, Data::unpack(data)))
    }

    /// Writes the slot with `update(current)` unless another thread is writing it.
    fn write(&self, update: impl FnOnce(Option<(u64, u64, Data)>) -> (u64, u64, Data)) {
        let before = self.sequence.load(Ordering::Relaxed);
        if before % 2 == 1
            || self
                .sequence
                .compare_exchange(before, before + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        let current = (
            self.own.load(Ordering::Relaxed),
            self.opp.load(Ordering::Relaxed),
            Data::unpack(self.data.load(Ordering::Relaxed)),
        );
        let (own, opp, data) = update((current.2.date != 0).then_some(current));
        self.own.store(own, Ordering::Relaxed);
        self.opp.store(opp, Ordering::Relaxed);
        self.data.store(data.pack(), Ordering::Relaxed);
        self.sequence.store(before + 2, Ordering::Release);
    }
}

/// Two slots on one cache line, so that a probe reads one line from memory (an allocation of
/// 8-byte words may start anywhere in a line: a large one from the system allocator starts
/// 16 bytes in, and every bucket would then straddle two lines).
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// A table of `2^bits` slots. Every stored bound is a fact about the position (the exact
/// value under perfect play), so entries stay valid from one search to the next.
#[derive(Debug)]
pub(super) struct Table {
    buckets: Box<[Bucket]>,
    shift: u32,
    date: u8,
}

impl Clone for Table {
    /// An empty table of the same size (a clone shares nothing with its original).
    fn clone(&self) -> Self {
        Self::new(65 - self.shift)
    }
}

impl Table {
    /// An empty table of `2^bits` slots (`bits` in 1..=30).
    pub(super) fn new(bits: u32) -> Self {
        let bits = bits.clamp(1, 30);
        Self {
            buckets: (0..1usize << (bits - 1))
                .map(|_| Bucket::default())
                .collect(),
            shift: 65 - bits,
            date: 1,
        }
    }

    /// Starts a new search: older entries are replaced first.
    pub(super) fn new_search(&mut self) {
        self.date = self.date.wrapping_add(1).max(1);
    }

    /// The bucket (two slots) of a position.
    fn bucket(&self, own: u64, opp: u64) -> &[Slot; 2] {
        // With one bucket, a shift of 64 would overflow: its key is 0.
        let key = position_key(own, opp).checked_shr(self.shift).unwrap_or(0);
        &self.buckets[key as usize].0
    }

    /// Asks the processor to start loading the bucket of a position, which a probe will read
    /// soon (a hint only: nothing is read or written).
    #[inline]
    pub(super) fn prefetch(&self, own: u64, opp: u64) {
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: a prefetch never faults and changes no memory; the pointer is a live bucket's.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const [Slot; 2] = self.bucket(own, opp);
            _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
        }
    }

    /// The entry of a position, if stored.
    pub(super) fn probe(&self, own: u64, opp: u64) -> Option<Entry> {
        self.bucket(own, opp).iter().find_map(|slot| {
            let (o, p, data) = slot.read()?;
            (o == own && p == opp && data.date != 0).then_some(data.entry)
        })
    }

    /// Records that the value of a position with `empties` empty squares is at least `lower`
    /// and at most `upper`, with `best` (a bit position, 64 for none) a best move found; only
    /// likely if `selective`. Exact bounds replace likely ones; likely ones leave exact ones be
    /// (only the move changes).
    pub(super) fn store(
        &self,
        own: u64,
        opp: u64,
        empties: u32,
        (bounds, selective): ((i32, i32), bool),
        best: u8,
    ) {
        let date = self.date;
        let pair = self.bucket(own, opp);
        let seen = [pair[0].read(), pair[1].read()];
        let same = |s: &Option<(u64, u64, Data)>| s.is_some_and(|(o, p, _)| o == own && p == opp);
        let j = if let Some(j) = seen.iter().position(same) {
            j
        } else {
            // Replace the entry of an older search, then the one with less work behind it
            // (a slot being written counts as the newest and deepest).
            let key = |s: &Option<(u64, u64, Data)>| {
                s.map_or((true, u8::MAX), |(_, _, d)| (d.date == date, d.empties))
            };
            usize::from(key(&seen[1]) < key(&seen[0]))
        };
        let (lower, upper) = (bounds.0 as i8, bounds.1 as i8);
        pair[j].write(|current| match current {
            Some((o, p, mut data)) if o == own && p == opp => {
                let entry = &mut data.entry;
                if entry.selective == selective {
                    entry.lower = entry.lower.max(lower);
                    entry.upper = entry.upper.min(upper);
                } else if !selective {
                    (entry.lower, entry.upper, entry.selective) = (lower, upper, false);
                }
                if best != 64 {
                    entry.best = best;
                }
                data.date = date;
                (own, opp, data)
            }
            _ => {
                let entry = Entry {
                    lower,
                    upper,
                    best,
                    selective,
                };
                let empties = empties as u8;
                (
                    own,
                    opp,
                    Data {
                        entry,
                        empties,
                        date,
                    },
                )
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bounds every writer stores for position `k`: a reader that finds `k` must see them.
    fn bounds_of(k: u64) -> (i32, i32) {
        let lower = (k % 60) as i32 - 30;
        (lower, lower + (k % 3) as i32)
    }

    #[test]
    fn stores_merge_and_replace() {
        let mut table = Table::new(4);
        assert_eq!(table.probe(1, 2), None);
        table.store(1, 2, 10, ((-64, 8), false), 5);
        table.store(1, 2, 10, ((-4, 64), false), 64);
        let entry = table.probe(1, 2).expect("stored");
        assert_eq!((entry.lower, entry.upper, entry.best), (-4, 8, 5));
        // Likely bounds leave exact ones be, but their move is taken.
        table.store(1, 2, 10, ((10, 10), true), 7);
        let entry = table.probe(1, 2).expect("stored");
        assert_eq!(
            (entry.lower, entry.upper, entry.best, entry.selective),
            (-4, 8, 7, false)
        );
        // Exact bounds replace likely ones.
        table.store(3, 4, 10, ((10, 12), true), 9);
        table.store(3, 4, 10, ((11, 11), true), 64);
        let entry = table.probe(3, 4).expect("stored");
        assert_eq!((entry.lower, entry.upper, entry.selective), (11, 11, true));
        table.store(3, 4, 10, ((-20, 0), false), 64);
        let entry = table.probe(3, 4).expect("stored");
        assert_eq!(
            (entry.lower, entry.upper, entry.best, entry.selective),
            (-20, 0, 9, false)
        );
        // A newer search replaces the older entries of a full bucket first.
        table.new_search();
        for k in 0..64u64 {
            table.store(k << 8, 1, 12, ((0, 0), false), 64);
        }
        assert!((0..64u64).any(|k| table.probe(k << 8, 1).is_some()));
        assert_eq!(table.probe(1, 3), None);
    }

    #[test]
    fn threads_never_see_a_torn_entry() {
        // Four slots for thousands of positions: every store collides.
        let table = Table::new(2);
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..20_000u64 {
                        let k = (i * 7 + t) % 1000;
                        table.store(k, !k, 20, (bounds_of(k), false), (k % 64) as u8);
                        let j = (i * 13 + t) % 1000;
                        if let Some(entry) = table.probe(j, !j) {
                            let (lower, upper) = bounds_of(j);
                            assert_eq!(i32::from(entry.lower), lower);
                            assert_eq!(i32::from(entry.upper), upper);
                            assert_eq!(u64::from(entry.best), j % 64);
                        }
                    }
                });
            }
        });
    }

    /// A slot's packed word keeps every field: bounds from -64 to 64, every move (64 for none),
    /// empty squares, dates and the likely flag.
    #[test]
    fn data_packs_and_unpacks_every_field() {
        for lower in -64..=64i8 {
            for (k, selective) in [false, true].into_iter().enumerate() {
                let k = (lower as u8).wrapping_mul(3).wrapping_add(k as u8);
                let data = Data {
                    entry: Entry {
                        lower,
                        upper: 64 - lower.abs(),
                        best: k % 65,
                        selective,
                    },
                    empties: k % 61,
                    date: k.max(1),
                };
                assert_eq!(Data::unpack(data.pack()), data, "{data:?}");
            }
        }
    }

    /// The seqlock by hand: a slot whose sequence number is odd is being written by another
    /// thread, so a read sees nothing and a write leaves it alone; once even again, both work.
    #[test]
    fn a_slot_being_written_is_neither_read_nor_written() {
        let data = |date| Data {
            entry: Entry {
                lower: -3,
                upper: 5,
                best: 7,
                selective: false,
            },
            empties: 20,
            date,
        };
        let slot = Slot::default();
        // While the update runs, the number is odd: readers see nothing.
        slot.write(|current| {
            assert_eq!(current, None);
            assert_eq!(slot.sequence.load(Ordering::Relaxed), 1);
            assert_eq!(slot.read(), None);
            (1, 2, data(1))
        });
        assert_eq!(slot.read(), Some((1, 2, data(1))));
        // Each write moves the number on by two: a reader that straddled it sees the change.
        let even = slot.sequence.load(Ordering::Relaxed);
        assert_eq!(even, 2);
        slot.sequence.store(even + 1, Ordering::Relaxed);
        assert_eq!(slot.read(), None);
        slot.write(|_| (3, 4, data(2)));
        assert_eq!(slot.own.load(Ordering::Relaxed), 1);
        assert_eq!(slot.data.load(Ordering::Relaxed), data(1).pack());
        slot.sequence.store(even + 2, Ordering::Relaxed);
        slot.write(|current| {
            assert_eq!(current, Some((1, 2, data(1))));
            (3, 4, data(2))
        });
        assert_eq!(slot.read(), Some((3, 4, data(2))));
        assert_eq!(slot.sequence.load(Ordering::Relaxed), even + 4);
    }

    /// A store merges bounds only into the same position's entry: a slot holding another
    /// position that shares one mask is replaced whole.
    #[test]
    fn bounds_merge_only_for_the_same_position() {
        let table = Table::new(1);
        table.store(1, 2, 10, ((10, 64), false), 64);
        table.store(1, 3, 10, ((10, 64), false), 64);
        for (own, opp) in [(1, 4), (5, 3)] {
            table.store(own, opp, 10, ((-64, 5), false), 64);
            let entry = table.probe(own, opp).expect("just stored");
            assert_eq!((entry.lower, entry.upper), (-64, 5), "{own} {opp}");
        }
    }

    /// A clone is an empty table of the same size.
    #[test]
    fn a_clone_is_empty_and_as_big() {
        let table = Table::new(12);
        table.store(1, 2, 10, ((0, 0), false), 64);
        let clone = table.clone();
        assert_eq!(clone.buckets.len(), 1 << 11);
        assert_eq!(clone.probe(1, 2), None);
    }
}
