//! The exact solver's transposition table: bounds on the exact value of a position, keyed by
//! the full position (no depth: every bound is about the game's true value, so it stays valid
//! across the null-window probes of MTD(f)).

use search_core::mix64;

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

/// One slot: the full key as four words (20 bytes with the bounds, so three fit a cache line).
/// A slot is empty when its `work` is 0 (stored entries have `work >= 1`).
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: [u32; 4],
    lower: i8,
    upper: i8,
    best: u8,
    /// 1 + log2 of the nodes spent proving the bounds: the replacement priority (0: empty).
    work: u8,
}

impl Entry {
    fn holds(&self, key: [u32; 4]) -> bool {
        self.work != 0 && self.key == key
    }
}

/// Three slots in one 64-byte cache line.
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Entry; 3],
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

/// A table of buckets of three slots, one cache line each: slots 0 and 1 keep the entries that
/// cost the most work, slot 2 takes everything else (the newest entry that lost to them).
#[derive(Debug, Clone)]
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
            buckets: vec![Bucket::default(); len],
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

    fn bucket(&self, key: u128) -> usize {
        let h = mix64((key as u64) ^ mix64((key >> 64) as u64));
        (h as usize) & self.mask
    }

    /// The bounds stored for `key`, if any.
    pub fn probe(&self, key: u128) -> Option<Bounds> {
        let k = words(key);
        self.buckets[self.bucket(key)]
            .slots
            .iter()
            .find(|e| e.holds(k))
            .map(|e| Bounds {
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
    fn slot_for(bucket: &mut Bucket, key: [u32; 4], work: u8) -> usize {
        if let Some(i) = bucket.slots.iter().position(|e| e.holds(key)) {
            return i;
        }
        let light = if bucket.slots[0].work <= bucket.slots[1].work {
            0
        } else {
            1
        };
        if work >= bucket.slots[light].work {
            bucket.slots[2] = bucket.slots[light];
            bucket.slots[light].work = 0;
            light
        } else {
            bucket.slots[2].work = 0;
            2
        }
    }

    /// Narrows the bounds of `key` with `lower..=upper`, proved with `work` (log2 of the
    /// nodes spent), recording `best` when it is a move. Bounds outside a byte are weakened
    /// (a lower bound above 126 to 126, one below -127 to none; likewise upper bounds), so
    /// what is stored always holds.
    pub fn store(&mut self, key: u128, lower: i32, upper: i32, best: u8, work: u8) {
        let at = self.bucket(key);
        let k = words(key);
        let work = work.saturating_add(1);
        let lower = i8::try_from(lower.clamp(i32::from(NO_LOWER), 126)).unwrap_or(NO_LOWER);
        let upper = i8::try_from(upper.clamp(-127, i32::from(NO_UPPER))).unwrap_or(NO_UPPER);
        let bucket = &mut self.buckets[at];
        let slot = Self::slot_for(bucket, k, work);
        let e = &mut bucket.slots[slot];
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_survive_a_collision() {
        let mut t = Table::new(4);
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

    /// Every key of a full table that is still found has exactly the bounds stored for it
    /// (keys differing only in their high words never alias).
    #[test]
    fn keys_are_compared_whole() {
        let mut t = Table::new(3);
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

    #[test]
    fn bounds_beyond_a_byte_are_weakened_never_wrong() {
        let mut t = Table::new(4);
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
