//! The exact solver's transposition table: bounds on the exact value of a position, keyed by
//! the full position (no depth: every bound is about the game's true value, so it stays valid
//! across the null-window probes of MTD(f)).

use search_core::games::mix64;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicU32, fence};

/// Bounds on one position's exact value and the move that last proved one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The house that last refuted a probe (`NO_MOVE` when none).
    pub best: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = u8::MAX;

/// A stored lower bound meaning "none" (values of big boards leave the byte's range).
const NO_LOWER: i8 = i8::MIN;

/// A stored upper bound meaning "none".
const NO_UPPER: i8 = i8::MAX;

/// One slot: the full key as four words and the bounds packed into a fifth (20 bytes, so three
/// fit a cache line). A slot is empty when its `work` is 0 (stored entries have `work >= 1`).
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: [u32; 4],
    lower: i8,
    upper: i8,
    best: u8,
    /// 1 + log2 of the nodes spent proving the bounds: the replacement priority (0: empty).
    work: u8,
}

/// The words of one slot.
const SLOT_WORDS: usize = 5;

impl Entry {
    fn holds(&self, key: [u32; 4]) -> bool {
        self.work != 0 && self.key == key
    }

    fn unpack(w: &[u32]) -> Self {
        let [lower, upper, best, work] = w[4].to_le_bytes();
        Self {
            key: [w[0], w[1], w[2], w[3]],
            lower: lower as i8,
            upper: upper as i8,
            best,
            work,
        }
    }

    fn pack(&self) -> [u32; SLOT_WORDS] {
        let [a, b, c, d] = self.key;
        let data = u32::from_le_bytes([self.lower as u8, self.upper as u8, self.best, self.work]);
        [a, b, c, d, data]
    }
}

/// The words of a bucket's three slots; the sixteenth word is its version.
const SLOTS_WORDS: usize = 3 * SLOT_WORDS;

/// Three slots in one 64-byte cache line, and a version (a sequence lock): odd while a thread
/// writes the bucket, advanced by 2 by each write. A reader copies the slots and keeps the
/// copy only if the version was even and unchanged across the copy, so it never sees half of
/// a write; writers take turns.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket {
    words: [AtomicU32; SLOTS_WORDS],
    version: AtomicU32,
}

impl Bucket {
    fn unpack(words: &[u32; SLOTS_WORDS]) -> [Entry; 3] {
        [0, 1, 2].map(|i| Entry::unpack(&words[i * SLOT_WORDS..(i + 1) * SLOT_WORDS]))
    }

    fn copy(&self) -> [u32; SLOTS_WORDS] {
        std::array::from_fn(|i| self.words[i].load(Relaxed))
    }

    /// The slots, or `None` when a write was under way.
    fn read(&self) -> Option<[Entry; 3]> {
        let before = self.version.load(Acquire);
        let words = self.copy();
        fence(Acquire);
        let after = self.version.load(Relaxed);
        (before == after && before % 2 == 0).then(|| Self::unpack(&words))
    }

    /// Changes the slots with `change`, other threads' writes waiting.
    fn write(&self, change: impl FnOnce(&mut [Entry; 3])) {
        let version = loop {
            let v = self.version.load(Relaxed);
            if v % 2 == 0
                && self
                    .version
                    .compare_exchange_weak(v, v + 1, Acquire, Relaxed)
                    .is_ok()
            {
                break v;
            }
            std::hint::spin_loop();
        };
        fence(Release);
        let mut slots = Self::unpack(&self.copy());
        change(&mut slots);
        for (i, slot) in slots.iter().enumerate() {
            for (j, w) in slot.pack().into_iter().enumerate() {
                self.words[i * SLOT_WORDS + j].store(w, Relaxed);
            }
        }
        self.version.store(version.wrapping_add(2), Release);
    }
}

/// Splits a key into the words a slot stores.
fn words(key: u128) -> [u32; 4] {
    [
        key as u32,
        (key >> 32) as u32,
        (key >> 64) as u32,
        (key >> 96) as u32,
    ]
}

/// A 64-bit hash of a position's key.
pub(crate) fn hash(key: u128) -> u64 {
    mix64((key as u64) ^ mix64((key >> 64) as u64))
}

/// A table of buckets of three slots, one cache line each: slots 0 and 1 keep the entries that
/// cost the most work, slot 2 takes everything else (the newest entry that lost to them).
/// Threads may probe and store at once (each bucket is a sequence lock).
#[derive(Debug)]
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` × 32 bytes (at least 128 bytes): `2^(bits-1)` buckets of three
    /// slots, about `1.5 × 2^bits` entries.
    pub fn new(bits: u32) -> Self {
        let len = 1usize << (bits.clamp(2, 40) - 1);
        Self {
            buckets: (0..len).map(|_| Bucket::default()).collect(),
            mask: len - 1,
        }
    }

    /// The bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// The number of entries the table can hold.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 3
    }

    fn bucket(&self, key: u128) -> &Bucket {
        &self.buckets[(hash(key) as usize) & self.mask]
    }

    /// The bounds stored for `key`, if any (`None` also while another thread writes its
    /// bucket).
    pub fn probe(&self, key: u128) -> Option<Bounds> {
        let k = words(key);
        let slots = self.bucket(key).read()?;
        slots.iter().find(|e| e.holds(k)).map(|e| Bounds {
            lower: if e.lower == NO_LOWER {
                i32::MIN / 2
            } else {
                i32::from(e.lower)
            },
            upper: if e.upper == NO_UPPER {
                i32::MAX / 2
            } else {
                i32::from(e.upper)
            },
            best: e.best,
        })
    }

    /// The slot `key` goes to: its own, else the lighter of slots 0 and 1 when `work` is at
    /// least its work (that entry moves to slot 2), else slot 2.
    fn slot_for(slots: &mut [Entry; 3], key: [u32; 4], work: u8) -> usize {
        if let Some(i) = slots.iter().position(|e| e.holds(key)) {
            return i;
        }
        let light = if slots[0].work <= slots[1].work { 0 } else { 1 };
        if work >= slots[light].work {
            slots[2] = slots[light];
            slots[light].work = 0;
            light
        } else {
            slots[2].work = 0;
            2
        }
    }

    /// Narrows the bounds of `key` with `lower..=upper`, proved with `work` (log2 of the
    /// nodes spent), recording `best` when it is a move. Bounds outside a byte are weakened
    /// (a lower bound above 126 to 126, one below -127 to none; likewise upper bounds), so
    /// what is stored always holds.
    pub fn store(&self, key: u128, lower: i32, upper: i32, best: u8, work: u8) {
        let k = words(key);
        let work = work.saturating_add(1);
        let lower = i8::try_from(lower.clamp(i32::from(NO_LOWER), 126)).unwrap_or(NO_LOWER);
        let upper = i8::try_from(upper.clamp(-127, i32::from(NO_UPPER))).unwrap_or(NO_UPPER);
        self.bucket(key).write(|slots| {
            let slot = Self::slot_for(slots, k, work);
            let e = &mut slots[slot];
            if !e.holds(k) {
                *e = Entry {
                    key: k,
                    lower: NO_LOWER,
                    upper: NO_UPPER,
                    best: NO_MOVE,
                    work,
                };
            }
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            if best != NO_MOVE {
                e.best = best;
            }
            e.work = e.work.max(work);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_survive_a_collision() {
        let t = Table::new(4);
        t.store(7, -10, 10, 3, 1);
        t.store(7, -2, 20, NO_MOVE, 0);
        assert_eq!(
            t.probe(7),
            Some(Bounds {
                lower: -2,
                upper: 10,
                best: 3
            })
        );
        assert_eq!(t.probe(8), None);
        // Many other keys: the high-work entry of each bucket stays.
        t.store(1 << 100, 4, 4, 0, 30);
        for k in 0..1000u128 {
            t.store(k << 64, 0, 0, 0, 0);
        }
        assert_eq!(t.probe(1 << 100).map(|b| b.lower), Some(4));
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(t.capacity(), 24);
    }

    /// A bucket holds three entries: three keys of one bucket, stored with equal work, are all
    /// found with their own bounds.
    #[test]
    fn a_bucket_holds_three_keys() {
        let t = Table::new(3);
        let keys: Vec<u128> = (0..)
            .filter(|&k| hash(k) as usize & t.mask == 0)
            .take(3)
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            t.store(key, i as i32, i as i32, NO_MOVE, 5);
        }
        for (i, &key) in keys.iter().enumerate() {
            let found = t.probe(key).map(|b| (b.lower, b.upper));
            assert_eq!(found, Some((i as i32, i as i32)), "{key}");
        }
    }

    /// While a writer holds a bucket (its version odd) a probe finds nothing there, and finds
    /// the entry again once the write is over.
    #[test]
    fn a_bucket_being_written_is_not_read() {
        let t = Table::new(3);
        t.store(9, 1, 2, 0, 3);
        let bucket = t.bucket(9);
        bucket.version.fetch_add(1, Relaxed);
        assert_eq!(t.probe(9), None);
        bucket.version.fetch_add(1, Relaxed);
        assert_eq!(t.probe(9).map(|b| (b.lower, b.upper)), Some((1, 2)));
    }

    /// A write holds its bucket: the version is odd while the slots change, and 2 more after.
    #[test]
    fn a_write_holds_its_bucket() {
        let t = Table::new(3);
        let bucket = t.bucket(9);
        let before = bucket.version.load(Relaxed);
        bucket.write(|_| assert_eq!(bucket.version.load(Relaxed), before + 1));
        assert_eq!(bucket.version.load(Relaxed), before + 2);
    }

    /// Keys that differ in any one of their four words, in the same bucket, are different
    /// entries.
    #[test]
    fn every_word_of_a_key_counts() {
        for shift in [0, 32, 64, 96] {
            let t = Table::new(3);
            let keys: Vec<u128> = (1..)
                .map(|k: u128| k << shift)
                .filter(|&k| hash(k) as usize & t.mask == 0)
                .take(2)
                .collect();
            t.store(keys[0], 3, 3, NO_MOVE, 0);
            assert_eq!(t.probe(keys[1]), None, "{shift}");
            assert_eq!(t.probe(keys[0]).map(|b| b.lower), Some(3), "{shift}");
        }
    }

    /// A full bucket keeps its two costliest entries and the newest: a fourth key replaces
    /// the lightest one.
    #[test]
    fn a_full_bucket_drops_its_lightest_entry() {
        let t = Table::new(3);
        let keys: Vec<u128> = (0..)
            .filter(|&k| hash(k) as usize & t.mask == 0)
            .take(4)
            .collect();
        for (&key, work) in keys.iter().zip([10, 2, 5, 5]) {
            t.store(key, 0, 0, NO_MOVE, work);
        }
        let found: Vec<bool> = keys.iter().map(|&k| t.probe(k).is_some()).collect();
        assert_eq!(found, [true, false, true, true]);
    }

    /// Every key of a full table that is still found has exactly the bounds stored for it
    /// (keys differing only in their high words never alias).
    #[test]
    fn keys_are_compared_whole() {
        let t = Table::new(3);
        for k in 0..64u128 {
            let key = (k << 96) | 5;
            let v = k as i32 - 32;
            t.store(key, v, v, NO_MOVE, (k % 7) as u8);
        }
        for k in 0..64u128 {
            if let Some(b) = t.probe((k << 96) | 5) {
                assert_eq!((b.lower, b.upper), (k as i32 - 32, k as i32 - 32));
            }
        }
        assert_eq!(t.probe(6), None);
    }

    /// Two threads storing and probing the keys of a small table at once: every probe that
    /// finds a key reads exactly that key's bounds, never half of another write.
    #[test]
    fn threads_never_read_a_torn_entry() {
        let t = Table::new(3);
        // Keys differing in every word; each key's value is a function of the key.
        let key = |i: u32| u128::from(i) * 0x0001_0001_0001_0001_0001_0001_0001_0001;
        let value = |i: u32| (i % 200) as i32 - 100;
        let found = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|s| {
            for id in 0..2u32 {
                let (t, found) = (&t, &found);
                s.spawn(move || {
                    for round in 0..200_000u32 {
                        let i = (round.wrapping_mul(2_654_435_761) >> 7 ^ id) % 40;
                        if round % 2 == 0 {
                            t.store(key(i), value(i), value(i), (i % 6) as u8, (round % 9) as u8);
                        } else if let Some(b) = t.probe(key(i)) {
                            assert_eq!(
                                (b.lower, b.upper, b.best),
                                (value(i), value(i), (i % 6) as u8)
                            );
                            found.fetch_add(1, Relaxed);
                        }
                    }
                });
            }
        });
        assert!(found.into_inner() > 1000, "the probes found stored keys");
    }

    #[test]
    fn bounds_beyond_a_byte_are_weakened_never_wrong() {
        let t = Table::new(4);
        // A board with 200 seeds in its houses: the value is in -200..=200.
        t.store(1, -200, 200, NO_MOVE, 0);
        let b = t.probe(1).unwrap();
        assert!(b.lower <= -200 && b.upper >= 200);
        t.store(2, 150, 150, NO_MOVE, 0);
        let b = t.probe(2).unwrap();
        assert!(b.lower <= 150 && b.upper >= 150 && b.lower == 126);
        t.store(3, -150, -150, NO_MOVE, 0);
        let b = t.probe(3).unwrap();
        assert!(b.lower <= -150 && b.upper >= -150 && b.upper == -127);
    }
}
