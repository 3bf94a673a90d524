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

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u128,
    lower: i8,
    upper: i8,
    best: u8,
    /// log2 of the nodes spent proving the bounds: the replacement priority.
    work: u8,
    used: bool,
}

/// A table of `2^bits` entries in buckets of two: the first slot keeps the entry that cost
/// the most work, the second takes everything else.
#[derive(Debug, Clone)]
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (at least 2; 32 bytes each).
    pub fn new(bits: u32) -> Self {
        let len = 1usize << bits.clamp(1, 40);
        let mut entries = Vec::new();
        entries.resize_with(len, Entry::default);
        Self {
            entries,
            mask: len - 1,
        }
    }

    /// The bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    fn bucket(&self, key: u128) -> usize {
        let h = mix64((key as u64) ^ mix64((key >> 64) as u64));
        (h as usize) & self.mask & !1
    }

    /// The bounds stored for `key`, if any.
    pub fn probe(&self, key: u128) -> Option<Bounds> {
        let at = self.bucket(key);
        self.entries[at..at + 2]
            .iter()
            .find(|e| e.used && e.key == key)
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

    /// Narrows the bounds of `key` with `lower..=upper`, proved with `work` (log2 of the
    /// nodes spent), recording `best` when it is a move. Bounds outside a byte are weakened
    /// (a lower bound above 126 to 126, one below -127 to none; likewise upper bounds), so
    /// what is stored always holds.
    pub fn store(&mut self, key: u128, lower: i32, upper: i32, best: u8, work: u8) {
        let at = self.bucket(key);
        let lower = i8::try_from(lower.clamp(i32::from(NO_LOWER), 126)).unwrap_or(NO_LOWER);
        let upper = i8::try_from(upper.clamp(-127, i32::from(NO_UPPER))).unwrap_or(NO_UPPER);
        let slot = if let Some(i) =
            (at..at + 2).find(|&i| self.entries[i].used && self.entries[i].key == key)
        {
            i
        } else if !self.entries[at].used || work >= self.entries[at].work {
            // Demote the first slot's entry to the second.
            self.entries[at + 1] = self.entries[at];
            self.entries[at].used = false;
            at
        } else {
            self.entries[at + 1].used = false;
            at + 1
        };
        let e = &mut self.entries[slot];
        if !e.used {
            *e = Entry {
                key,
                lower: NO_LOWER,
                upper: NO_UPPER,
                best: NO_MOVE,
                work: 0,
                used: true,
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
